//! A scenario's starting situation: a battle written mid-way, as a GM sets a rules question at
//! the table ("round 3, Bob is down to 3 health and held by Ann, it is the Blues' turn").

use serde::{Deserialize, Serialize};

use crate::rules::Die;
use crate::rules::zones::Situation;
use crate::rules::zones::model::{Character, Faction, Status};
use crate::scenario::check::Report;
use crate::scenario::check::Step::{Field, Nth};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "situation")]
pub struct SituationDef {
    #[serde(default = "first_round")]
    pub round: u32,
    /// Characters who have had their turn this round.
    #[serde(default)]
    pub acted: Vec<String>,
    /// The faction whose activation it is; without it, the initiative holder chooses who acts
    /// first.
    #[serde(default, deserialize_with = "crate::scenario::error::given")]
    pub to_act: Option<String>,
    /// A character whose turn is under way (their faction's activation, if `to_act` is left
    /// out).
    #[serde(default, deserialize_with = "crate::scenario::error::given")]
    pub turn: Option<String>,
    /// With fast and slow activations on: the round's fast action threshold, as rolled.
    #[serde(default, deserialize_with = "crate::scenario::error::given")]
    pub threshold: Option<u8>,
    /// Characters as they stand, by name; the rest stand as the scenario lists them.
    #[serde(default)]
    pub characters: Vec<CharacterState>,
}

fn first_round() -> u32 {
    1
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "character")]
pub struct CharacterState {
    pub name: String,
    /// Health now (their `health` in the faction list is the most they can have).
    #[serde(default, deserialize_with = "crate::scenario::error::given")]
    pub health: Option<u8>,
    #[serde(default, deserialize_with = "crate::scenario::error::given")]
    pub status: Option<Status>,
    /// Entangled: grabbed and held by this enemy, in the same zone.
    #[serde(default, deserialize_with = "crate::scenario::error::given")]
    pub held_by: Option<String>,
    /// Surrendered and since harmed by the enemy: may take up the fight again.
    #[serde(default)]
    pub may_resume: bool,
    /// Poisoned: the die the poison deals each round.
    #[serde(default, deserialize_with = "crate::scenario::error::given")]
    pub poisoned: Option<u8>,
}

/// Puts each character in the state the situation gives and returns where the battle stands,
/// or reports at its line what cannot be.
pub fn apply(
    r: &mut Report,
    def: &SituationDef,
    fast_slow: bool,
    factions: &[Faction],
    characters: &mut [Character],
) -> Option<Situation> {
    let errors = r.errors.len();
    match (fast_slow, def.threshold) {
        (true, None) => r.at(
            &[Field("situation")],
            "situation: fast and slow activations are on: give the round's fast action threshold (threshold: 1 to 20)",
        ),
        (true, Some(t)) if !(1..=20).contains(&t) => r.at(
            &[Field("situation"), Field("threshold")],
            format!("situation: the fast action threshold is a d20's roll, 1 to 20, not {t}"),
        ),
        (false, Some(_)) => r.at(
            &[Field("situation"), Field("threshold")],
            "situation: a threshold is for fast and slow activations, which are off",
        ),
        _ => {}
    }
    let names: Vec<String> = characters.iter().map(|c| c.name.clone()).collect();
    let find = |name: &str| names.iter().position(|n| n == name);
    if def.round == 0 {
        r.at(
            &[Field("situation"), Field("round")],
            "situation: rounds count from 1 (an ambush's bonus turn is not a situation)",
        );
    }
    for (k, cs) in def.characters.iter().enumerate() {
        let here = |field| {
            [
                Field("situation"),
                Field("characters"),
                Nth(k),
                Field(field),
            ]
        };
        let Some(c) = find(&cs.name) else {
            r.at(
                &here("name"),
                format!("situation: no character is named \"{}\"", cs.name),
            );
            continue;
        };
        let who = format!("situation: \"{}\"", cs.name);
        let ch = &characters[c];
        let health = cs.health.unwrap_or(ch.health);
        if health > ch.max_health {
            r.at(
                &here("health"),
                format!(
                    "{who}: health {health} is more than their most, {}",
                    ch.max_health
                ),
            );
        }
        let status = match (cs.status, health) {
            (Some(s), _) => s,
            // Health 0 is out of the fight.
            (None, 0) => Status::Incapacitated,
            (None, _) => Status::Active,
        };
        let down = matches!(status, Status::Incapacitated | Status::Dead);
        if down != (health == 0) {
            r.at(
                &here(if cs.status.is_some() { "status" } else { "health" }),
                format!(
                    "{who}: {status:?} with health {health}: health 0 is incapacitated or dead, and only that"
                ),
            );
        }
        if cs.may_resume && status != Status::Surrendered {
            r.at(
                &here("may_resume"),
                format!("{who}: only a surrendered character may resume fighting"),
            );
        }
        let mut grabbed_by = None;
        if let Some(holder) = &cs.held_by {
            match find(holder) {
                None => r.at(
                    &here("held_by"),
                    format!("{who}: held_by: no character is named \"{holder}\""),
                ),
                Some(h) => {
                    let hc = &characters[h];
                    if hc.faction == ch.faction || hc.zone != ch.zone || !hc.is_active() {
                        r.at(
                            &here("held_by"),
                            format!(
                                "{who}: held_by: \"{holder}\" must be an enemy fighting in the same zone"
                            ),
                        );
                    } else if status != Status::Active {
                        r.at(
                            &here("held_by"),
                            format!("{who}: only someone still fighting can be held"),
                        );
                    }
                    grabbed_by = Some(h);
                }
            }
        }
        let mut poisoned = None;
        if let Some(sides) = cs.poisoned {
            match Die::try_from(sides) {
                Ok(d) => poisoned = Some(d),
                Err(e) => r.at(&here("poisoned"), format!("{who}: poisoned: {e}")),
            }
        }
        let ch = &mut characters[c];
        ch.health = health;
        ch.status = status;
        ch.may_resume = cs.may_resume;
        ch.grabbed_by = grabbed_by;
        ch.poisoned = poisoned;
        // Hurt to half in this fight: what makes someone fighting alone check morale.
        ch.hurt_to_half = u16::from(health) * 2 <= u16::from(ch.max_health);
    }
    let mut acted = Vec::new();
    for (k, name) in def.acted.iter().enumerate() {
        match find(name) {
            Some(c) => acted.push(c),
            None => r.at(
                &[Field("situation"), Field("acted"), Nth(k)],
                format!("situation: acted: no character is named \"{name}\""),
            ),
        }
    }
    let mut to_act = None;
    if let Some(name) = &def.to_act {
        to_act = factions.iter().position(|f| &f.name == name);
        if to_act.is_none() {
            r.at(
                &[Field("situation"), Field("to_act")],
                format!("situation: to_act: no faction is named \"{name}\""),
            );
        }
    }
    let mut turn = None;
    if let Some(name) = &def.turn {
        turn = find(name);
        match turn {
            None => r.at(
                &[Field("situation"), Field("turn")],
                format!("situation: turn: no character is named \"{name}\""),
            ),
            Some(c) if acted.contains(&c) => r.at(
                &[Field("situation"), Field("turn")],
                format!("situation: \"{name}\" cannot take a turn: they have acted this round"),
            ),
            Some(c) if characters[c].status != Status::Active => r.at(
                &[Field("situation"), Field("turn")],
                format!("situation: \"{name}\" cannot take a turn: they are out of the fight"),
            ),
            Some(c)
                if fast_slow
                    && def.threshold.is_some_and(|t| characters[c].attrs.wit < t) =>
            {
                r.at(
                    &[Field("situation"), Field("turn")],
                    format!(
                        "situation: \"{name}\" (WIT {}) cannot act in the fast phase at threshold {}",
                        characters[c].attrs.wit,
                        def.threshold.unwrap_or_default()
                    ),
                )
            }
            Some(c) => match to_act {
                Some(f) if f != characters[c].faction => r.at(
                    &[Field("situation"), Field("turn")],
                    format!(
                        "situation: \"{name}\" fights for {}, not {} whose turn it is",
                        factions[characters[c].faction].name, factions[f].name
                    ),
                ),
                _ => to_act = Some(characters[c].faction),
            },
        }
    }
    (r.errors.len() == errors).then_some(Situation {
        round: def.round,
        acted,
        to_act,
        turn,
        threshold: def.threshold,
    })
}
