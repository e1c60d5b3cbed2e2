//! What a Coterie scenario must be: its lists and names, declared for the engine, and the
//! ratings the rules' arithmetic stays inside.

use fray_rules::line::Line;

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
            Line::new("data-coterie-no-skills"),
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
        blank: Some(Box::new(|_, _| Line::new("data-coterie-conflict-blank"))),
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
            Line::new("data-coterie-conflict-list").word("what", what),
            list.len(),
            max,
        );
        if list.len() <= max {
            d.once.push(Once {
                at,
                items: list.iter().map(String::as_str).collect(),
                twice: Box::new(move |_, n| {
                    Line::new("data-coterie-conflict-twice")
                        .word("what", what)
                        .name("name", n)
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
            Line::new("data-coterie-group-blank").name("group", GROUPS[k])
        })),
        visible: Some("group"),
        twice: Some(Box::new(|_, n| {
            Line::new("data-coterie-groups-same-name").name("name", n)
        })),
        also: Vec::new(),
    });
    let mut characters = Vec::new();
    for (key, g) in groups(sc) {
        d.limit(
            vec![Field(key), Field("characters")],
            Line::new("data-field-of")
                .name("record", key)
                .name("field", "characters"),
            g.characters.len(),
            MAX_GROUP,
        );
        d.limit(
            vec![Field(key), Field("traits")],
            Line::new("data-field-of")
                .name("record", key)
                .name("field", "traits"),
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
                let label = Line::new("data-field-of")
                    .name("record", ch.name.clone())
                    .name("field", list);
                d.limit(join(&at, &[Field(list)]), label, len, max);
            }
            d.once.push(Once {
                at: join(&at, &[Field("nuances")]),
                items: ch.nuances.iter().map(|n| n.name.as_str()).collect(),
                twice: Box::new(|_, n| {
                    Line::new("data-coterie-nuance-twice")
                        .name("who", ch.name.clone())
                        .name("nuance", n)
                }),
            });
        }
    }
    d.names.push(Names {
        kind: "character",
        records: characters,
        blank: Some(Box::new(|_, _| Line::new("data-character-blank"))),
        visible: Some("character"),
        twice: Some(Box::new(|_, n| {
            Line::new("data-coterie-characters-same-name").name("name", n)
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
            Line::new("data-coterie-group-empty").name("group", key),
        );
    }
    if let Some(b) = g.breaks_at
        && !(-4..=-1).contains(&b)
    {
        r.at(
            &[Field(key), Field("breaks_at")],
            Line::new("data-coterie-breaks-at")
                .name("group", key)
                .number("value", i64::from(b)),
        );
    }
    if !(0..=20).contains(&g.armour) {
        r.at(
            &[Field(key), Field("armour")],
            Line::new("data-coterie-armour").name("group", key),
        );
    }
    for (t, v) in &g.traits {
        if !RANK.contains(v) {
            r.at(
                &[Field(key), Field("traits"), Field(t)],
                Line::new("data-coterie-trait-rank")
                    .name("group", key)
                    .name("trait", t.clone()),
            );
        }
    }
    for (t, v) in &g.trait_injuries {
        if !g.traits.contains_key(t) {
            r.at(
                &[Field(key), Field("trait_injuries"), Field(t)],
                Line::new("data-coterie-injury-no-trait")
                    .name("group", key)
                    .name("trait", t.clone()),
            );
        } else if !(0..=100).contains(v) {
            r.at(
                &[Field(key), Field("trait_injuries"), Field(t)],
                Line::new("data-coterie-injury-range")
                    .name("group", key)
                    .name("trait", t.clone()),
            );
        }
    }
}

/// A character's ratings, and that each nuance refines a skill they have.
fn character(r: &mut Report, at: &[crate::scenario::check::Step], ch: &CharacterDef) {
    let name = &ch.name;
    icon(
        r,
        at,
        Line::new("data-character").name("name", name.clone()),
        &ch.icon,
    );
    for (s, v) in &ch.skills {
        if !RANK.contains(v) {
            r.at(
                &join(at, &[Field("skills"), Field(s)]),
                Line::new("data-coterie-skill-rank")
                    .name("who", name.clone())
                    .name("skill", s.clone()),
            );
        }
    }
    for (k, n) in ch.nuances.iter().enumerate() {
        let nuance = join(at, &[Field("nuances"), Nth(k)]);
        if !ch.skills.contains_key(&n.skill) {
            r.at(
                &join(&nuance, &[Field("skill")]),
                Line::new("data-coterie-nuance-no-skill")
                    .name("who", name.clone())
                    .name("nuance", n.name.clone())
                    .name("skill", n.skill.clone()),
            );
        }
        if !RANK.contains(&n.value) {
            r.at(
                &join(&nuance, &[Field("value")]),
                Line::new("data-coterie-nuance-rank")
                    .name("who", name.clone())
                    .name("nuance", n.name.clone()),
            );
        }
    }
    for (what, v) in [("leadership", ch.leadership), ("group_work", ch.group_work)] {
        if !(-5..=5).contains(&v) {
            r.at(
                &join(at, &[Field(what)]),
                Line::new("data-coterie-small-rating")
                    .name("who", name.clone())
                    .word("what", what),
            );
        }
    }
    if !(1..=20).contains(&ch.endurance) {
        r.at(
            &join(at, &[Field("endurance")]),
            Line::new("data-coterie-endurance").name("who", name.clone()),
        );
    }
    if !(0..=20).contains(&ch.fatigue) {
        r.at(
            &join(at, &[Field("fatigue")]),
            Line::new("data-coterie-fatigue").name("who", name.clone()),
        );
    }
    if !(0..=20).contains(&ch.wounds) {
        r.at(
            &join(at, &[Field("wounds")]),
            Line::new("data-coterie-wounds").name("who", name.clone()),
        );
    }
    if let Some(goal) = &ch.goal
        && !(1..=10).contains(&goal.needed)
    {
        r.at(
            &join(at, &[Field("goal"), Field("needed")]),
            Line::new("data-coterie-goal-steps").name("who", name.clone()),
        );
    }
}
