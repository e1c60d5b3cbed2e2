//! A Three actions scenario's characters as the rules hold them, and what the rules ask of
//! each beyond its name: a square of their own to stand on, a sheet of standard dice, no more
//! than two hands' worth held.

use std::collections::BTreeMap;

use crate::rules::teams::setup::MAX_CHARACTERS;
use crate::rules::teams::{CharacterSetup, Gear, Item, Lasting, Pos};
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
    who: &str,
    cd: &super::CharacterDef,
    gear: &[Gear],
) -> Lasting {
    let health = cd.stats.stats().health;
    if cd.hurt > 0 && cd.hurt >= health {
        r.at(
            &join(at, &[Field("hurt")]),
            format!(
                "{who}: hurt {} leaves no health of {health} (a character who starts a battle stands)",
                cd.hurt
            ),
        );
    }
    if let Some(d) = cd.death_difficulty
        && !(10..=30).contains(&d)
    {
        r.at(
            &join(at, &[Field("death_difficulty")]),
            format!("{who}: the difficulty of cheating death is from 10 up to 30, not {d}"),
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
                        format!(
                            "{who}: \"{name}\" cannot have lost {lost} of its durability {most}"
                        ),
                    );
                }
                worn.push((i, *lost));
            }
            None => r.at(
                &join(at, &[Field("worn"), Nth(k)]),
                format!("{who}: worn \"{name}\" is not among their gear"),
            ),
        }
    }
    Lasting {
        hurt: cd.hurt,
        death_difficulty: cd.death_difficulty,
        worn,
    }
}
