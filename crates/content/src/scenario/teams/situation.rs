//! A Three actions scenario's starting situation: a battle written mid-way, as a GM sets a
//! rules question ("round 2, the guards have the initiative, Hale is prone at 3 health").

use fray_rules::line::Line;
use serde::{Deserialize, Serialize};

use crate::rules::teams::{Standing, Status, TeamsSituation};
use crate::scenario::check::Step::{Field, Nth};
use crate::scenario::check::{Known, Report};
use crate::scenario::error::given;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "situation")]
pub struct SituationDef {
    #[serde(default = "first_round")]
    pub round: u32,
    /// The initiative order, every team by name.
    pub order: Vec<String>,
    /// Characters who have had their turn this round.
    #[serde(default)]
    pub acted: Vec<String>,
    /// The team whose activation it is; without it, the first in the order (or the team of
    /// the character whose turn is under way).
    #[serde(default, deserialize_with = "given")]
    pub to_act: Option<String>,
    /// A character whose turn is under way.
    #[serde(default, deserialize_with = "given")]
    pub turn: Option<String>,
    #[serde(default)]
    pub characters: Vec<StandingDef>,
}

fn first_round() -> u32 {
    1
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "character")]
pub struct StandingDef {
    pub name: String,
    #[serde(default, deserialize_with = "given")]
    pub endurance: Option<u8>,
    #[serde(default, deserialize_with = "given")]
    pub health: Option<u8>,
    #[serde(default, deserialize_with = "given")]
    pub stamina: Option<u8>,
    #[serde(default, deserialize_with = "given")]
    pub focus: Option<u8>,
    #[serde(default, deserialize_with = "given")]
    pub status: Option<Status>,
    #[serde(default)]
    pub prone: bool,
}

/// What the situation says, by number, or its mistakes reported at their lines. The names it
/// gives are checked as the scenario's declarations (`check::situation`) and found in `known`;
/// `characters` are each character's name, team and most endurance, health, stamina and
/// focus, in the order `known` numbers them.
pub fn read(
    r: &mut Report,
    def: &SituationDef,
    known: &Known,
    teams: &[String],
    characters: &[(String, usize, [u8; 4])],
) -> Option<TeamsSituation> {
    let errors = r.errors.len();
    let team = |name: &str| known.get("team", name);
    let who = |name: &str| known.get("character", name);
    if def.round == 0 {
        r.at(
            &[Field("situation"), Field("round")],
            Line::new("data-teams-situation-round-zero"),
        );
    }
    let order: Vec<usize> = def.order.iter().filter_map(|n| team(n)).collect();
    // A team left out is told only of an order otherwise whole: every team it names known,
    // and none twice.
    let whole =
        order.len() == def.order.len() && (0..order.len()).all(|k| !order[..k].contains(&order[k]));
    if let Some(missing) = (0..teams.len()).find(|t| !order.contains(t))
        && whole
        && r.errors.len() == errors
    {
        r.at(
            &[Field("situation"), Field("order")],
            Line::new("data-teams-situation-order-missing").name("team", teams[missing].clone()),
        );
    }
    let acted: Vec<usize> = def.acted.iter().filter_map(|n| who(n)).collect();
    let to_act = def.to_act.as_ref().and_then(|n| team(n));
    let turn = def.turn.as_ref().and_then(|n| who(n));
    if let Some(c) = turn {
        let name = &characters[c].0;
        if acted.contains(&c) {
            r.at(
                &[Field("situation"), Field("turn")],
                Line::new("data-situation-turn-acted").name("name", name.clone()),
            );
        }
        if let Some(t) = to_act
            && t != characters[c].1
        {
            r.at(
                &[Field("situation"), Field("turn")],
                Line::new("data-situation-not-their-turn")
                    .name("name", name.clone())
                    .name("side", teams[characters[c].1].clone())
                    .name("turn", teams[t].clone()),
            );
        }
    }
    let mut standings = Vec::new();
    for (k, sd) in def.characters.iter().enumerate() {
        let at = |field| {
            [
                Field("situation"),
                Field("characters"),
                Nth(k),
                Field(field),
            ]
        };
        let Some(c) = who(&sd.name) else {
            continue;
        };
        let most = characters[c].2;
        for (k, (field, now)) in [
            ("endurance", sd.endurance),
            ("health", sd.health),
            ("stamina", sd.stamina),
            ("focus", sd.focus),
        ]
        .into_iter()
        .enumerate()
        {
            if let Some(n) = now
                && n > most[k]
            {
                r.at(
                    &at(field),
                    Line::new("data-teams-situation-above-most")
                        .name("name", sd.name.clone())
                        .word("field", field)
                        .number("value", i64::from(n))
                        .number("most", i64::from(most[k])),
                );
            }
        }
        let health = sd.health.unwrap_or(most[1]);
        let status = sd.status.unwrap_or(if health == 0 {
            Status::Unconscious
        } else {
            Status::Active
        });
        if (health == 0) != matches!(status, Status::Unconscious | Status::Dead) {
            r.at(
                &at(if sd.status.is_some() {
                    "status"
                } else {
                    "health"
                }),
                Line::new("data-teams-situation-status-health")
                    .name("name", sd.name.clone())
                    .name("status", format!("{status:?}"))
                    .number("health", i64::from(health)),
            );
        }
        if turn == Some(c) && status != Status::Active {
            r.at(
                &[Field("situation"), Field("turn")],
                Line::new("data-situation-turn-out").name("name", sd.name.clone()),
            );
        }
        standings.push(Standing {
            character: c,
            endurance: sd.endurance,
            health: sd.health,
            stamina: sd.stamina,
            focus: sd.focus,
            status: sd.status,
            prone: sd.prone,
        });
    }
    (r.errors.len() == errors).then_some(TeamsSituation {
        round: def.round,
        order,
        acted,
        to_act,
        turn,
        characters: standings,
    })
}
