//! A campaign file's checks, each mistake at its line: the ids, the scenarios and sides its
//! battles name, where each way leads, objectives a battle can meet, and the shape of the
//! whole: every battle and ending reached from the first, no way round in a loop. Each
//! battle is also cast with the company as it starts and checked as a scenario.

use fray_rules::line::Line;
use std::collections::{BTreeMap, BTreeSet};

use crate::scenario::check::Step::{self, Field, Nth};
use crate::scenario::check::{Report, names};
use crate::scenario::error::{DataErrors, some_of};

use super::company::Company;
use super::file::{After, Campaign, Goal, Reward};

/// Battles a campaign holds at most: far more than a long campaign plays.
pub const MAX_BATTLES: usize = 64;

pub fn check(file: &str, src: &str, c: &Campaign) -> Result<(), DataErrors> {
    let mut r = Report::whole(file, src);
    if c.name.trim().is_empty() {
        r.at(&[Field("name")], Line::new("data-campaign-no-name"));
    }
    if c.battles.is_empty() {
        r.at(&[Field("battles")], Line::new("data-campaign-no-battles"));
    }
    if c.battles.len() > MAX_BATTLES {
        r.at(
            &[Field("battles")],
            Line::new("data-campaign-too-many-battles")
                .number("count", c.battles.len() as i64)
                .number("most", MAX_BATTLES as i64),
        );
    }
    if c.endings.is_empty() {
        r.at(&[Field("endings")], Line::new("data-campaign-no-endings"));
    }
    ids(&mut r, c);
    if c.battle(&c.start).is_none() {
        r.at(
            &[Field("start")],
            Line::new("data-campaign-start-unknown")
                .name("battle", c.start.clone())
                .line(
                    "known",
                    some_of(&c.battles.iter().map(|b| b.id.as_str()).collect::<Vec<_>>()),
                ),
        );
    }
    let company = first_company(&mut r, c);
    for (i, b) in c.battles.iter().enumerate() {
        let at = |more: &[Step<'static>]| {
            let mut p = vec![Field("battles"), Nth(i)];
            p.extend_from_slice(more);
            p
        };
        for (key, after) in [("won", &b.won), ("lost", &b.lost)] {
            ways(&mut r, c, &at(&[Field(key)]), after);
        }
        let loaded = match crate::catalogue::load(&b.scenario) {
            Ok(l) => l,
            Err(e) => {
                r.at(
                    &at(&[Field("scenario")]),
                    Line::new("data-campaign-scenario-broken")
                        .name("battle", b.id.clone())
                        .line("errors", e.as_line()),
                );
                continue;
            }
        };
        if Company::first(&loaded.scenario, &b.side).is_none() {
            r.at(
                &at(&[Field("side")]),
                Line::new("data-campaign-scenario-no-side")
                    .name("battle", b.id.clone())
                    .name("scenario", b.scenario.clone())
                    .name("side", b.side.clone())
                    .line("known", some_of(&loaded.setup.factions())),
            );
            continue;
        }
        for (k, o) in b.objectives.iter().enumerate() {
            let goal = at(&[Field("objectives"), Nth(k), Field("goal")]);
            match &o.goal {
                Goal::WithinRounds(0) => {
                    r.at(&goal, Line::new("data-campaign-objective-round-zero"));
                }
                Goal::KeepStanding(name) => {
                    if let Some(company) = &company
                        && !company.members.iter().any(|m| m.name() == name)
                    {
                        r.at(
                            &goal,
                            Line::new("data-campaign-not-of-company")
                                .name("battle", b.id.clone())
                                .name("name", name.clone())
                                .line(
                                    "known",
                                    some_of(
                                        &company
                                            .members
                                            .iter()
                                            .map(|m| m.name())
                                            .collect::<Vec<_>>(),
                                    ),
                                ),
                        );
                    }
                }
                _ => {}
            }
            if let Reward::Gear(name) = &o.reward
                && Company::stored(&loaded.scenario, name).is_none()
            {
                r.at(
                    &at(&[Field("objectives"), Nth(k), Field("reward")]),
                    Line::new("data-campaign-no-such-gear")
                        .name("battle", b.id.clone())
                        .name("item", name.clone())
                        .name("scenario", b.scenario.clone()),
                );
            }
        }
        if let Some(company) = &company {
            let mut written = loaded.scenario.clone();
            company.cast(&mut written, &b.side);
            let file = format!("battle \"{}\" with the company cast", b.id);
            if let Err(e) = crate::scenario::load_written(&loaded.id, &file, &written) {
                r.at(
                    &at(&[Field("side")]),
                    Line::new("data-campaign-company-does-not-fit")
                        .name("battle", b.id.clone())
                        .name("side", b.side.clone())
                        .line("errors", e.as_line()),
                );
            }
        }
    }
    shape(&mut r, c);
    r.finish()
}

/// Every battle and ending has a visible id, and no two share one.
fn ids(r: &mut Report, c: &Campaign) {
    let mut seen = BTreeSet::new();
    let all = c
        .battles
        .iter()
        .enumerate()
        .map(|(i, b)| (Field("battles"), i, &b.id, "battle"))
        .chain(
            c.endings
                .iter()
                .enumerate()
                .map(|(i, e)| (Field("endings"), i, &e.id, "ending")),
        );
    for (list, i, id, what) in all {
        let at = [list, Nth(i), Field("id")];
        if id.trim().is_empty() {
            r.at(&at, Line::new("data-campaign-no-id").word("what", what));
        } else if !seen.insert(id.as_str()) {
            r.at(
                &at,
                Line::new("data-campaign-id-twice").name("id", id.clone()),
            );
        }
        names::check(r, &at, what, id);
    }
    for (i, e) in c.endings.iter().enumerate() {
        if e.title.trim().is_empty() {
            r.at(
                &[Field("endings"), Nth(i), Field("title")],
                Line::new("data-campaign-ending-no-title").name("id", e.id.clone()),
            );
        }
    }
}

/// A way after a battle: one `to`, or a choice of two or more, each to a battle or ending.
fn ways(r: &mut Report, c: &Campaign, at: &[Step], after: &After) {
    let with = |more: &[Step<'static>]| {
        let mut p = at.to_vec();
        p.extend_from_slice(more);
        p
    };
    match (&after.to, after.choose.len()) {
        (Some(_), n) if n > 0 => r.at(at, Line::new("data-campaign-way-both")),
        (None, 0) => r.at(at, Line::new("data-campaign-way-nowhere")),
        (None, 1) => r.at(
            &with(&[Field("choose")]),
            Line::new("data-campaign-choice-of-one"),
        ),
        _ => {}
    }
    let known = |id: &str| c.battle(id).is_some() || c.ending(id).is_some();
    if let Some(to) = &after.to
        && !known(to)
    {
        r.at(
            &with(&[Field("to")]),
            Line::new("data-campaign-unknown-way").name("id", to.clone()),
        );
    }
    for (k, w) in after.choose.iter().enumerate() {
        if w.label.trim().is_empty() {
            r.at(
                &with(&[Field("choose"), Nth(k), Field("label")]),
                Line::new("data-campaign-way-no-label"),
            );
        }
        if !known(&w.to) {
            r.at(
                &with(&[Field("choose"), Nth(k), Field("to")]),
                Line::new("data-campaign-unknown-way").name("id", w.to.clone()),
            );
        }
    }
}

/// The company the first battle gives, if its scenario loads and has the side.
fn first_company(r: &mut Report, c: &Campaign) -> Option<Company> {
    let (i, b) = c
        .battles
        .iter()
        .enumerate()
        .find(|(_, b)| b.id == c.start)?;
    let loaded = crate::catalogue::load(&b.scenario).ok()?;
    let company = Company::first(&loaded.scenario, &b.side)?;
    if company.members.is_empty() {
        r.at(
            &[Field("battles"), Nth(i), Field("side")],
            Line::new("data-campaign-first-side-empty").name("side", b.side.clone()),
        );
    }
    Some(company)
}

/// Every battle and ending is reached from the first battle, and no way leads round to a
/// battle already fought on the way there (a campaign that could go on for ever).
fn shape(r: &mut Report, c: &Campaign) {
    if c.battle(&c.start).is_none() {
        return;
    }
    let next: BTreeMap<&str, Vec<&str>> = c
        .battles
        .iter()
        .map(|b| {
            let mut to = b.won.ways();
            to.extend(b.lost.ways());
            (b.id.as_str(), to)
        })
        .collect();
    let mut reached = BTreeSet::new();
    let mut stack = vec![c.start.as_str()];
    while let Some(id) = stack.pop() {
        if reached.insert(id) {
            stack.extend(next.get(id).into_iter().flatten());
        }
    }
    for (i, b) in c.battles.iter().enumerate() {
        if !reached.contains(b.id.as_str()) {
            r.at(
                &[Field("battles"), Nth(i), Field("id")],
                Line::new("data-campaign-battle-never-reached").name("battle", b.id.clone()),
            );
        }
    }
    for (i, e) in c.endings.iter().enumerate() {
        if !reached.contains(e.id.as_str()) {
            r.at(
                &[Field("endings"), Nth(i), Field("id")],
                Line::new("data-campaign-ending-never-reached").name("id", e.id.clone()),
            );
        }
    }
    // A loop: a way from a battle back to one on the path that led to it.
    let mut reported = BTreeSet::new();
    let mut done = BTreeSet::new();
    let mut path: Vec<&str> = Vec::new();
    loops(
        c,
        &next,
        c.start.as_str(),
        &mut path,
        &mut done,
        &mut reported,
        r,
    );
}

fn loops<'a>(
    c: &'a Campaign,
    next: &BTreeMap<&'a str, Vec<&'a str>>,
    id: &'a str,
    path: &mut Vec<&'a str>,
    done: &mut BTreeSet<&'a str>,
    reported: &mut BTreeSet<(&'a str, &'a str)>,
    r: &mut Report,
) {
    // Each battle is gone through once: a loop through one already done was found then.
    if !done.insert(id) {
        return;
    }
    path.push(id);
    for &to in next.get(id).into_iter().flatten() {
        if path.contains(&to) {
            if reported.insert((id, to))
                && let Some(i) = c.battles.iter().position(|b| b.id == id)
            {
                r.at(
                    &[Field("battles"), Nth(i), Field("id")],
                    Line::new("data-campaign-loop")
                        .name("battle", id.to_string())
                        .name("to", to.to_string())
                        .line("round", way_round(&path, to)),
                );
            }
        } else if next.contains_key(to) {
            loops(c, next, to, path, done, reported, r);
        }
    }
    path.pop();
}

/// The way round a loop, from `to` along `path` and back to it: "one -> two -> one".
fn way_round(path: &[&str], to: &str) -> Line {
    let from = path.iter().position(|p| *p == to).unwrap_or(0);
    path[from..].iter().skip(1).chain([&to]).fold(
        Line::new("data-as-written").name("text", to.to_string()),
        |before, p| {
            Line::new("data-campaign-loop-then")
                .line("before", before)
                .name("battle", p.to_string())
        },
    )
}
