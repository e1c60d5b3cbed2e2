//! What a Coterie scenario must be: its lists and names, declared for the engine, and the
//! ratings the rules' arithmetic stays inside.

use crate::scenario::check::Step::{Field, Nth};
use crate::scenario::check::{Checks, Names, Once, Path, Report, icon, join};

use super::{
    CharacterDef, CoterieScenario, GroupDef, MAX_GROUP, MAX_NUANCES, MAX_SKILLS, MAX_TRAITS,
};

/// Ratings the rules' arithmetic stays well inside.
const RANK: std::ops::RangeInclusive<i32> = -20..=20;

/// The sides, as the file names them.
const GROUPS: [&str; 2] = ["party", "foes"];

/// Every mistake of the scenario, at its line.
pub fn check(r: &mut Report, sc: &CoterieScenario) {
    declared(sc).run(r);
    let c = &sc.conflict;
    if c.skills.is_empty() {
        r.at(
            &[Field("conflict"), Field("skills")],
            "the conflict needs at least one relevant skill",
        );
    }
    for (key, g) in groups(sc) {
        group(r, key, g);
        for (c, ch) in g.characters.iter().enumerate() {
            character(r, &[Field(key), Field("characters"), Nth(c)], ch);
        }
    }
}

fn groups(sc: &CoterieScenario) -> [(&'static str, &GroupDef); 2] {
    [(GROUPS[0], &sc.party), (GROUPS[1], &sc.foes)]
}

/// The lists of the scenario, their limits, and the names in them.
fn declared(sc: &CoterieScenario) -> Checks<'_> {
    let mut d = Checks::default();
    let c = &sc.conflict;
    d.names.push(Names {
        kind: "conflict",
        records: vec![(vec![Field("conflict")], &c.name)],
        blank: Some(Box::new(|_, _| "the conflict needs a name".into())),
        visible: None,
        twice: None,
        also: Vec::new(),
    });
    for (key, list, what, max) in [
        ("skills", &c.skills, "skill", MAX_SKILLS),
        ("nuances", &c.nuances, "nuance", MAX_NUANCES),
        ("traits", &c.traits, "trait", MAX_TRAITS),
    ] {
        let at = vec![Field("conflict"), Field(key)];
        d.limit(
            at.clone(),
            format!("the conflict's {what}s"),
            list.len(),
            max,
        );
        if list.len() <= max {
            d.once.push(Once {
                at,
                items: list.iter().map(String::as_str).collect(),
                twice: Box::new(move |_, n| {
                    format!("the conflict lists the {what} \"{n}\" twice: it would count twice")
                }),
            });
        }
    }
    d.names.push(Names {
        kind: "group",
        records: groups(sc)
            .map(|(key, g)| (vec![Field(key), Field("name")], g.name.as_str()))
            .to_vec(),
        blank: Some(Box::new(|k, _| {
            format!("{}: the group needs a name, not a blank", GROUPS[k])
        })),
        visible: Some("group"),
        twice: Some(Box::new(|_, n| {
            format!("two groups are called \"{n}\": their results could not be told apart")
        })),
        also: Vec::new(),
    });
    let mut characters = Vec::new();
    for (key, g) in groups(sc) {
        d.limit(
            vec![Field(key), Field("characters")],
            format!("{key}: characters"),
            g.characters.len(),
            MAX_GROUP,
        );
        d.limit(
            vec![Field(key), Field("traits")],
            format!("{key}: traits"),
            g.traits.len(),
            MAX_TRAITS,
        );
        for (c, ch) in g.characters.iter().enumerate() {
            let at: Path = vec![Field(key), Field("characters"), Nth(c)];
            characters.push((join(&at, &[Field("name")]), ch.name.as_str()));
            for (list, len, max) in [
                ("skills", ch.skills.len(), MAX_SKILLS),
                ("nuances", ch.nuances.len(), MAX_NUANCES),
            ] {
                let label = format!("{}: {list}", ch.name);
                d.limit(join(&at, &[Field(list)]), label, len, max);
            }
            d.once.push(Once {
                at: join(&at, &[Field("nuances")]),
                items: ch.nuances.iter().map(|n| n.name.as_str()).collect(),
                twice: Box::new(|_, n| {
                    format!(
                        "{}: the nuance \"{n}\" is written twice: it would count twice",
                        ch.name
                    )
                }),
            });
        }
    }
    d.names.push(Names {
        kind: "character",
        records: characters,
        blank: Some(Box::new(|_, _| "a character needs a name".into())),
        visible: Some("character"),
        twice: Some(Box::new(|_, n| {
            format!("two characters are called \"{n}\"")
        })),
        also: Vec::new(),
    });
    d
}

/// A group's ratings, and that it has someone in it.
fn group(r: &mut Report, key: &'static str, g: &GroupDef) {
    if g.characters.is_empty() {
        r.at(
            &[Field(key)],
            format!("{key}: the group needs at least one character"),
        );
    }
    if let Some(b) = g.breaks_at
        && !(-4..=-1).contains(&b)
    {
        r.at(
            &[Field(key), Field("breaks_at")],
            format!("{key}: breaks_at is a position from -1 to -4 (-5 is over-run), not {b}"),
        );
    }
    if !(0..=20).contains(&g.armour) {
        r.at(
            &[Field(key), Field("armour")],
            format!("{key}: armour must be 0 to 20"),
        );
    }
    for (t, v) in &g.traits {
        if !RANK.contains(v) {
            r.at(
                &[Field(key), Field("traits"), Field(t)],
                format!("{key}: trait \"{t}\" must be -20 to 20"),
            );
        }
    }
    for (t, v) in &g.trait_injuries {
        if !g.traits.contains_key(t) {
            r.at(
                &[Field(key), Field("trait_injuries"), Field(t)],
                format!("{key}: an injury to \"{t}\", a trait the group does not have"),
            );
        } else if !(0..=100).contains(v) {
            r.at(
                &[Field(key), Field("trait_injuries"), Field(t)],
                format!("{key}: the injury to \"{t}\" must be 0 to 100"),
            );
        }
    }
}

/// A character's ratings, and that each nuance refines a skill they have.
fn character(r: &mut Report, at: &[crate::scenario::check::Step], ch: &CharacterDef) {
    let name = &ch.name;
    icon(r, at, &format!("character \"{name}\""), &ch.icon);
    for (s, v) in &ch.skills {
        if !RANK.contains(v) {
            r.at(
                &join(at, &[Field("skills"), Field(s)]),
                format!("{name}: skill \"{s}\" must be -20 to 20"),
            );
        }
    }
    for (k, n) in ch.nuances.iter().enumerate() {
        let nuance = join(at, &[Field("nuances"), Nth(k)]);
        if !ch.skills.contains_key(&n.skill) {
            r.at(
                &join(&nuance, &[Field("skill")]),
                format!(
                    "{name}: nuance \"{}\" refines \"{}\", a skill they do not have",
                    n.name, n.skill
                ),
            );
        }
        if !RANK.contains(&n.value) {
            r.at(
                &join(&nuance, &[Field("value")]),
                format!("{name}: nuance \"{}\" must be -20 to 20", n.name),
            );
        }
    }
    for (what, v) in [("leadership", ch.leadership), ("group_work", ch.group_work)] {
        if !(-5..=5).contains(&v) {
            r.at(
                &join(at, &[Field(what)]),
                format!("{name}: {what} must be -5 to 5"),
            );
        }
    }
    if !(1..=20).contains(&ch.endurance) {
        r.at(
            &join(at, &[Field("endurance")]),
            format!("{name}: endurance must be 1 to 20"),
        );
    }
    if !(0..=20).contains(&ch.fatigue) {
        r.at(
            &join(at, &[Field("fatigue")]),
            format!("{name}: fatigue must be 0 to 20"),
        );
    }
    if !(0..=20).contains(&ch.wounds) {
        r.at(
            &join(at, &[Field("wounds")]),
            format!("{name}: wounds must be 0 to 20"),
        );
    }
    if let Some(goal) = &ch.goal
        && !(1..=10).contains(&goal.needed)
    {
        r.at(
            &join(at, &[Field("goal"), Field("needed")]),
            format!("{name}: a goal needs 1 to 10 steps"),
        );
    }
}
