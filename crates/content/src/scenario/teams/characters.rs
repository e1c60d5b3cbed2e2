//! A Three actions scenario's characters as the rules hold them, and what the rules ask of
//! each beyond its name: a square of their own to stand on, a sheet of standard dice, no more
//! than two hands' worth held.

use std::collections::BTreeMap;

use crate::rules::teams::setup::MAX_CHARACTERS;
use crate::rules::teams::{CharacterSetup, Gear, Item, Pos};
use crate::scenario::check::Step::{Field, Nth};
use crate::scenario::check::{Report, icon, join};

use super::map::Grid;
use super::{Square, TeamsScenario, stats};

/// The scenario's item of this name, as the rules hold it.
pub fn item(sc: &TeamsScenario, name: &str) -> Option<Item> {
    sc.items.get(name).map(|d| Item {
        name: name.to_string(),
        hands: d.hands,
        metal: d.metal,
        durability: d.durability,
        weapon: d.weapon.clone(),
        block: d.block,
        parry: d.parry,
    })
}

/// Every team's characters, in order.
pub fn characters(r: &mut Report, sc: &TeamsScenario, grid: &Grid) -> Vec<CharacterSetup> {
    let total: usize = sc.teams.iter().map(|t| t.characters.len()).sum();
    if total > MAX_CHARACTERS {
        r.at(
            &[Field("teams")],
            format!("{total} characters: a battle holds at most {MAX_CHARACTERS}"),
        );
    }
    let mut characters = Vec::new();
    let mut standing: BTreeMap<Square, &str> = BTreeMap::new();
    for (t, team) in sc.teams.iter().enumerate() {
        if team.characters.is_empty() {
            r.at(
                &[Field("teams"), Nth(t), Field("name")],
                format!("team \"{}\" has no characters", team.name),
            );
        }
        for (c, cd) in team.characters.iter().enumerate() {
            let at = [Field("teams"), Nth(t), Field("characters"), Nth(c)];
            let who = format!("character \"{}\"", cd.name);
            if !grid.open(cd.at) {
                let why = if grid.inside(cd.at) {
                    format!("on {}", grid.blocked_by(cd.at))
                } else {
                    "off the map".to_string()
                };
                r.at(
                    &join(&at, &[Field("at")]),
                    format!("{who} stands at {:?}, {why}", cd.at),
                );
            } else if let Some(other) = standing.insert(cd.at, cd.name.as_str()) {
                r.at(
                    &join(&at, &[Field("at")]),
                    format!(
                        "{who} stands at {:?}, where \"{other}\" already stands",
                        cd.at
                    ),
                );
            }
            stats::check(r, &at, &who, &cd.stats);
            icon(r, &at, &who, &cd.icon);
            let mut gear = Vec::new();
            let mut hands = 0u8;
            for (list, held) in [(&cd.hands, true), (&cd.pack, false)] {
                for it in list.iter().filter_map(|name| item(sc, name)) {
                    if held {
                        hands = hands.saturating_add(it.hands);
                    }
                    gear.push(Gear { item: it, held });
                }
            }
            if hands > 2 {
                r.at(
                    &join(&at, &[Field("hands")]),
                    format!("{who} holds more than two hands' worth ({hands})"),
                );
            }
            characters.push(CharacterSetup {
                name: cd.name.clone(),
                team: t,
                at: Pos::new(cd.at.0, cd.at.1),
                stats: cd.stats.stats(),
                gear,
                unseen: cd.unseen,
                icon: cd.icon.clone(),
            });
        }
    }
    characters
}
