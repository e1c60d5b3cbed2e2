//! The engine's checks, each failing where it should and at the line of the value it is about,
//! and silent where nothing is wrong.

use super::Step::{Field, Nth};
use super::*;
use fray_rules::line::Line;

/// People, each living in a place of the list of places. The second person's name is blank,
/// the third repeats the first's below the field that is wrong, the fourth's hides a
/// zero-width space and lives nowhere known; a place is listed twice.
const SRC: &str = r#"(
    people: [
        (name: "Ann", home: "Mill"),
        (name: " ", home: "Ford"),
        (
            home: "Mill",
            name: "Ann",
        ),
        (name: "B\u{200B}o", home: "Moon"),
    ],
    places: ["Mill", "Ford",
        "Mill"],
)
"#;

const PEOPLE: [(&str, &str); 4] = [
    ("Ann", "Mill"),
    (" ", "Ford"),
    ("Ann", "Mill"),
    ("B\u{200B}o", "Moon"),
];
const PLACES: [&str; 3] = ["Mill", "Ford", "Mill"];

fn person(k: usize, field: &'static str) -> Path<'static> {
    vec![Field("people"), Nth(k), Field(field)]
}

/// The errors of `checks` run on [`SRC`], as (line, message), and what they knew.
fn run(checks: Checks) -> (Vec<(usize, String)>, Option<usize>) {
    let mut r = Report::whole("f.ron", SRC);
    let known = checks.run(&mut r);
    let found = known.get("person", "Ann");
    let errors = match r.finish() {
        Ok(()) => Vec::new(),
        Err(e) => e.0.iter().map(|e| (e.line, e.text())).collect(),
    };
    (errors, found)
}

fn people<'a>() -> Names<'a> {
    Names {
        kind: "person",
        records: (PEOPLE.iter().enumerate())
            .map(|(k, (n, _))| (person(k, "name"), *n))
            .collect(),
        blank: Some(Box::new(|k, _| {
            Line::written(format!("person {k}: no name"))
        })),
        visible: Some("character"),
        twice: Some(Box::new(|k, n| {
            Line::written(format!("person {k}: \"{n}\" again"))
        })),
        also: Vec::new(),
    }
}

#[test]
fn a_list_over_its_limit_or_under_its_least_is_said_at_its_line() {
    let mut d = Checks::default();
    let people = || Line::new("data-field").name("field", "people");
    d.limit(vec![Field("people")], people(), PEOPLE.len(), 3);
    d.limit(vec![Field("people")], people(), PEOPLE.len(), 4);
    d.limits.push(Limit {
        at: vec![Field("places")],
        label: Line::new("data-field").name("field", "places"),
        len: PLACES.len(),
        max: 10,
        least: Some((4, Line::written("too few places"))),
    });
    let (errors, _) = run(d);
    assert_eq!(
        errors,
        [
            (2, "people: 4, over the limit of 3".to_string()),
            (11, "too few places".to_string()),
        ]
    );
}

#[test]
fn a_name_blank_hidden_or_written_again_is_said_at_its_own_line() {
    let mut d = Checks::default();
    d.names.push(people());
    let (errors, found) = run(d);
    let lines: Vec<usize> = errors.iter().map(|e| e.0).collect();
    // The repeated name is at its own record's line, below the first and below the field
    // before it; the blank name is not also said to repeat anything.
    assert_eq!(lines, [4, 7, 9], "{errors:?}");
    assert_eq!(errors[0].1, "person 1: no name");
    assert_eq!(errors[1].1, "person 2: \"Ann\" again");
    assert!(
        errors[2]
            .1
            .starts_with("character \"B\\u{200B}o\": the name holds a zero-width space"),
        "{}",
        errors[2].1
    );
    assert!(found.is_some(), "the names are known afterwards");
}

#[test]
fn a_name_of_nothing_known_is_said_where_it_is_written() {
    let mut d = Checks::default();
    d.names.push(Names {
        kind: "place",
        records: (PLACES.iter().enumerate())
            .map(|(k, n)| (vec![Field("places"), Nth(k)], *n))
            .collect(),
        blank: None,
        visible: None,
        twice: None,
        also: vec!["Ford"],
    });
    for (k, (_, home)) in PEOPLE.iter().enumerate() {
        d.refer(person(k, "home"), home, "place", move || {
            Line::written(format!("no place \"{home}\""))
        });
    }
    let (errors, _) = run(d);
    assert_eq!(errors, [(9, "no place \"Moon\"".to_string())]);
}

#[test]
fn a_thing_listed_twice_is_said_at_its_second_place() {
    let mut d = Checks::default();
    d.once.push(Once {
        at: vec![Field("places")],
        items: PLACES.to_vec(),
        twice: Box::new(|k, n| Line::written(format!("{k}: \"{n}\" twice"))),
    });
    let (errors, _) = run(d);
    assert_eq!(errors, [(12, "2: \"Mill\" twice".to_string())]);
}

#[test]
fn nothing_is_said_of_what_is_right() {
    let mut d = Checks::default();
    let people = Line::new("data-field").name("field", "people");
    d.limit(vec![Field("people")], people, PEOPLE.len(), 4);
    d.names.push(Names {
        kind: "person",
        records: vec![(person(0, "name"), "Ann"), (person(1, "name"), "Bo")],
        blank: Some(Box::new(|_, _| Line::written("blank"))),
        visible: Some("character"),
        twice: Some(Box::new(|_, _| Line::written("twice"))),
        also: Vec::new(),
    });
    d.refer(person(0, "home"), "Bo", "person", || {
        Line::written("missing")
    });
    d.once.push(Once {
        at: vec![Field("places")],
        items: vec!["Mill", "Ford"],
        twice: Box::new(|_, _| Line::written("twice")),
    });
    assert_eq!(run(d), (Vec::new(), Some(0)));
}

/// The mistakes come in the order of their lines, whichever check found them; a path whose
/// field is not written is at the record's line.
#[test]
fn mistakes_come_in_the_order_of_their_lines() {
    let mut r = Report::whole("f.ron", SRC);
    r.at(&[Field("places"), Nth(2)], Line::written("c"));
    r.at(&person(2, "age"), Line::written("b"));
    r.at(&person(0, "home"), Line::written("a"));
    let errors = r.finish().unwrap_err();
    let got: Vec<(usize, String)> = (errors.0.iter()).map(|e| (e.line, e.text())).collect();
    assert_eq!(got, [(3, "a".into()), (5, "b".into()), (12, "c".into())]);
}

/// Sixty thousand mistakes are each said at their own line, each found by its place in the
/// file read once.
#[test]
fn sixty_thousand_mistakes_are_each_at_their_line() {
    let n = 60_000;
    let homes: Vec<String> = (0..n).map(|i| format!("Nowhere{i}")).collect();
    let lines: Vec<String> = (homes.iter())
        .map(|h| format!("    (name: \"x\", home: \"{h}\"),"))
        .collect();
    let src = format!("(people: [\n{}\n])\n", lines.join("\n"));
    let mut d = Checks::default();
    for (k, home) in homes.iter().enumerate() {
        d.refer(person(k, "home"), home, "place", move || {
            Line::written(home.clone())
        });
    }
    let mut r = Report::whole("f.ron", &src);
    d.run(&mut r);
    assert_eq!(r.errors.len(), n);
    for (k, e) in r.errors.iter().enumerate() {
        assert_eq!((e.line, e.text()), (k + 2, homes[k].clone()));
    }
}
