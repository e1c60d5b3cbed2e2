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
        r.at(&[Field("name")], "the campaign needs a name");
    }
    if c.battles.is_empty() {
        r.at(&[Field("battles")], "a campaign needs at least one battle");
    }
    if c.battles.len() > MAX_BATTLES {
        r.at(
            &[Field("battles")],
            format!(
                "{} battles: a campaign holds at most {MAX_BATTLES}",
                c.battles.len()
            ),
        );
    }
    if c.endings.is_empty() {
        r.at(&[Field("endings")], "a campaign needs at least one ending");
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
                    r.at(&goal, "an objective's rounds start at 1");
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
                    format!(
                        "battle \"{}\": \"{name}\" is no gear of its scenario \"{}\"",
                        b.id, b.scenario
                    ),
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
                    format!(
                        "battle \"{}\": the company does not fit the side \"{}\": {e}",
                        b.id, b.side
                    ),
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
            r.at(&at, format!("a {what} needs an id"));
        } else if !seen.insert(id.as_str()) {
            r.at(&at, format!("the id \"{id}\" is used twice"));
        }
        names::check(r, &at, what, id);
    }
    for (i, e) in c.endings.iter().enumerate() {
        if e.title.trim().is_empty() {
            r.at(
                &[Field("endings"), Nth(i), Field("title")],
                format!("the ending \"{}\" needs a title", e.id),
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
        (Some(_), n) if n > 0 => r.at(at, "a way on is one `to` or a `choose`, not both"),
        (None, 0) => r.at(
            at,
            "where does it go? write `to` (a battle or ending) or `choose`",
        ),
        (None, 1) => r.at(
            &with(&[Field("choose")]),
            "a choice of one way: write it as `to`",
        ),
        _ => {}
    }
    let known = |id: &str| c.battle(id).is_some() || c.ending(id).is_some();
    if let Some(to) = &after.to
        && !known(to)
    {
        r.at(
            &with(&[Field("to")]),
            format!("\"{to}\" is neither a battle nor an ending"),
        );
    }
    for (k, w) in after.choose.iter().enumerate() {
        if w.label.trim().is_empty() {
            r.at(
                &with(&[Field("choose"), Nth(k), Field("label")]),
                "a way to choose needs a label",
            );
        }
        if !known(&w.to) {
            r.at(
                &with(&[Field("choose"), Nth(k), Field("to")]),
                format!("\"{}\" is neither a battle nor an ending", w.to),
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
            format!("the first battle's side \"{}\" has nobody in it", b.side),
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
                format!("battle \"{}\" is never reached from the first", b.id),
            );
        }
    }
    for (i, e) in c.endings.iter().enumerate() {
        if !reached.contains(e.id.as_str()) {
            r.at(
                &[Field("endings"), Nth(i), Field("id")],
                format!("ending \"{}\" is never reached", e.id),
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
                    format!(
                        "battle \"{id}\" leads back to \"{to}\", fought before it: a campaign must end (the way round: {} → {to})",
                        path[path.iter().position(|p| *p == to).unwrap_or(0)..].join(" → ")
                    ),
                );
            }
        } else if next.contains_key(to) {
            loops(c, next, to, path, done, reported, r);
        }
    }
    path.pop();
}
