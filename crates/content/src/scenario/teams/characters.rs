//! A Three actions scenario's characters as the rules hold them, and what the rules ask of
//! each beyond its name: a square of their own to stand on, a sheet of standard dice, no more
//! than two hands' worth held.

use fray_rules::line::Line;
use std::collections::BTreeMap;

use crate::rules::teams::setup::MAX_CHARACTERS;
use crate::rules::teams::{CharacterSetup, Gear, Item, Lasting, Pos, Shared};
use crate::scenario::check::Step::{Field, Nth};
use crate::scenario::check::{Report, icon, join};

use super::map::Grid;
use super::{Square, TeamsScenario, stats};

/// The scenario's item of this name, as the rules hold it.
pub fn item(sc: &TeamsScenario, name: &str) -> Option<Item> {
    sc.items.get(name).map(|d| d.item(name))
}

/// Every team's characters, in order.
pub fn characters(r: &mut Report, sc: &TeamsScenario, grid: &Grid) -> Vec<CharacterSetup> {
    let total: usize = sc.teams.iter().map(|t| t.characters.len()).sum();
    if total > MAX_CHARACTERS {
        r.at(
            &[Field("teams")],
            Line::new("data-teams-too-many-characters")
                .number("count", total as i64)
                .number("most", MAX_CHARACTERS as i64),
        );
    }
    let mut characters = Vec::new();
    let mut standing: BTreeMap<Square, &str> = BTreeMap::new();
    for (t, team) in sc.teams.iter().enumerate() {
        if team.characters.is_empty() {
            r.at(
                &[Field("teams"), Nth(t), Field("name")],
                Line::new("data-teams-team-empty").name("team", team.name.clone()),
            );
        }
        for (c, cd) in team.characters.iter().enumerate() {
            let at = [Field("teams"), Nth(t), Field("characters"), Nth(c)];
            let who = Line::new("data-character").name("name", cd.name.clone());
            let (column, row) = (i64::from(cd.at.0), i64::from(cd.at.1));
            if !grid.open(cd.at) {
                let why = if grid.inside(cd.at) {
                    Line::new("data-teams-on").word("what", grid.blocked_by(cd.at))
                } else {
                    Line::new("data-teams-off-the-map")
                };
                r.at(
                    &join(&at, &[Field("at")]),
                    Line::new("data-teams-stands-blocked")
                        .line("who", who.clone())
                        .number("column", column)
                        .number("row", row)
                        .line("why", why),
                );
            } else if let Some(other) = standing.insert(cd.at, cd.name.as_str()) {
                r.at(
                    &join(&at, &[Field("at")]),
                    Line::new("data-teams-stands-taken")
                        .line("who", who.clone())
                        .number("column", column)
                        .number("row", row)
                        .name("other", other),
                );
            }
            stats::check(r, &at, &who, &cd.stats);
            icon(r, &at, who.clone(), &cd.icon);
            let mut gear = Vec::new();
            let mut hands = 0u8;
            for (list, held) in [(&cd.hands, true), (&cd.pack, false)] {
                for it in list.iter().filter_map(|name| item(sc, name)) {
                    if held {
                        hands = hands.saturating_add(it.hands);
                    }
                    gear.push(Gear {
                        item: Shared::new(it),
                        held,
                    });
                }
            }
            if hands > 2 {
                r.at(
                    &join(&at, &[Field("hands")]),
                    Line::new("data-teams-too-many-hands")
                        .line("who", who.clone())
                        .number("hands", i64::from(hands)),
                );
            }
            let lasting = lasting(r, &at, &who, cd, &gear);
            characters.push(CharacterSetup {
                name: cd.name.clone(),
                team: t,
                at: Pos::new(cd.at.0, cd.at.1),
                stats: cd.stats.stats(),
                gear,
                unseen: cd.unseen,
                icon: cd.icon.clone(),
                lasting,
            });
        }
    }
    characters
}

/// What a character brings from an earlier battle: health lost (leaving at least 1), the
/// difficulty of cheating death (from the rulebook's 10 up), and wear on named gear.
fn lasting(
    r: &mut Report,
    at: &[crate::scenario::check::Step],
    who: &Line,
    cd: &super::CharacterDef,
    gear: &[Gear],
) -> Lasting {
    let health = cd.stats.stats().health;
    if cd.hurt > 0 && cd.hurt >= health {
        r.at(
            &join(at, &[Field("hurt")]),
            Line::new("data-zones-hurt")
                .line("who", who.clone())
                .number("hurt", i64::from(cd.hurt))
                .number("health", i64::from(health)),
        );
    }
    if let Some(d) = cd.death_difficulty
        && !(10..=30).contains(&d)
    {
        r.at(
            &join(at, &[Field("death_difficulty")]),
            Line::new("data-teams-death-difficulty")
                .line("who", who.clone())
                .number("value", i64::from(d)),
        );
    }
    let mut taken = vec![false; gear.len()];
    let mut worn = Vec::new();
    for (k, (name, lost)) in cd.worn.iter().enumerate() {
        let found = gear
            .iter()
            .enumerate()
            .position(|(i, g)| !taken[i] && g.item.name == *name);
        match found {
            Some(i) => {
                taken[i] = true;
                let most = gear[i].item.max_durability();
                if *lost >= most {
                    r.at(
                        &join(at, &[Field("worn"), Nth(k)]),
                        Line::new("data-teams-worn-beyond")
                            .line("who", who.clone())
                            .name("item", name.clone())
                            .number("lost", i64::from(*lost))
                            .number("most", i64::from(most)),
                    );
                }
                worn.push((i, *lost));
            }
            None => r.at(
                &join(at, &[Field("worn"), Nth(k)]),
                Line::new("data-teams-worn-not-carried")
                    .line("who", who.clone())
                    .name("item", name.clone()),
            ),
        }
    }
    Lasting {
        hurt: cd.hurt,
        death_difficulty: cd.death_difficulty,
        worn,
    }
}
