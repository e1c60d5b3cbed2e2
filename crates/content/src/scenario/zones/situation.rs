//! A scenario's starting situation: a battle written mid-way, as a GM sets a rules question at
//! the table ("round 3, Bob is down to 3 health and held by Ann, it is the Blues' turn").

use fray_rules::line::Line;
use serde::{Deserialize, Serialize};

use crate::rules::Die;
use crate::rules::zones::Situation;
use crate::rules::zones::model::{Character, Faction, Status};
use crate::scenario::check::Step::{Field, Nth};
use crate::scenario::check::{Known, Report};

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
/// or reports at its line what cannot be. The names it gives are checked as the scenario's
/// declarations (`check::situation`) and found in `known`, which numbers the characters as
/// `characters` holds them.
pub fn apply(
    r: &mut Report,
    def: &SituationDef,
    known: &Known,
    fast_slow: bool,
    factions: &[Faction],
    characters: &mut [Character],
) -> Option<Situation> {
    let errors = r.errors.len();
    match (fast_slow, def.threshold) {
        (true, None) => r.at(
            &[Field("situation")],
            Line::new("data-zones-situation-no-threshold"),
        ),
        (true, Some(t)) if !(1..=20).contains(&t) => r.at(
            &[Field("situation"), Field("threshold")],
            Line::new("data-zones-situation-threshold").number("threshold", i64::from(t)),
        ),
        (false, Some(_)) => r.at(
            &[Field("situation"), Field("threshold")],
            Line::new("data-zones-situation-threshold-off"),
        ),
        _ => {}
    }
    let find = |name: &str| known.get("character", name);
    if def.round == 0 {
        r.at(
            &[Field("situation"), Field("round")],
            Line::new("data-zones-situation-round-zero"),
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
            continue;
        };
        let who = Line::new("data-situation-who").name("name", cs.name.clone());
        let ch = &characters[c];
        let health = cs.health.unwrap_or(ch.health);
        if health > ch.max_health {
            r.at(
                &here("health"),
                Line::new("data-zones-situation-health")
                    .line("who", who.clone())
                    .number("health", i64::from(health))
                    .number("most", i64::from(ch.max_health)),
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
                &here(if cs.status.is_some() {
                    "status"
                } else {
                    "health"
                }),
                Line::new("data-zones-situation-status-health")
                    .line("who", who.clone())
                    .name("status", format!("{status:?}"))
                    .number("health", i64::from(health)),
            );
        }
        if cs.may_resume && status != Status::Surrendered {
            r.at(
                &here("may_resume"),
                Line::new("data-zones-situation-may-resume").line("who", who.clone()),
            );
        }
        let mut grabbed_by = None;
        if let Some(holder) = &cs.held_by
            && let Some(h) = find(holder)
        {
            let hc = &characters[h];
            if hc.faction == ch.faction || hc.zone != ch.zone || !hc.is_active() {
                r.at(
                    &here("held_by"),
                    Line::new("data-zones-situation-holder-not-enemy")
                        .line("who", who.clone())
                        .name("holder", holder.clone()),
                );
            } else if status != Status::Active {
                r.at(
                    &here("held_by"),
                    Line::new("data-zones-situation-held-not-fighting").line("who", who.clone()),
                );
            }
            grabbed_by = Some(h);
        }
        let mut poisoned = None;
        if let Some(sides) = cs.poisoned {
            match Die::try_from(sides) {
                Ok(d) => poisoned = Some(d),
                Err(_) => r.at(
                    &here("poisoned"),
                    Line::new("data-zones-situation-poison-die")
                        .line("who", who.clone())
                        .number("sides", i64::from(sides))
                        .number("most", i64::from(Die::MAX_SIDES)),
                ),
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
    let acted: Vec<usize> = def.acted.iter().filter_map(|n| find(n)).collect();
    let mut to_act = def.to_act.as_ref().and_then(|n| known.get("faction", n));
    let mut turn = None;
    if let Some(name) = &def.turn {
        turn = find(name);
        match turn {
            None => {}
            Some(c) if acted.contains(&c) => r.at(
                &[Field("situation"), Field("turn")],
                Line::new("data-situation-turn-acted").name("name", name.clone()),
            ),
            Some(c) if characters[c].status != Status::Active => r.at(
                &[Field("situation"), Field("turn")],
                Line::new("data-situation-turn-out").name("name", name.clone()),
            ),
            Some(c) if fast_slow && def.threshold.is_some_and(|t| characters[c].attrs.wit < t) => r
                .at(
                    &[Field("situation"), Field("turn")],
                    Line::new("data-zones-situation-too-slow")
                        .name("name", name.clone())
                        .number("wit", i64::from(characters[c].attrs.wit))
                        .number("threshold", i64::from(def.threshold.unwrap_or_default())),
                ),
            Some(c) => match to_act {
                Some(f) if f != characters[c].faction => r.at(
                    &[Field("situation"), Field("turn")],
                    Line::new("data-situation-not-their-turn")
                        .name("name", name.clone())
                        .name("side", factions[characters[c].faction].name.clone())
                        .name("turn", factions[f].name.clone()),
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
