//! A Coterie scenario as written in RON: the conflict, the players' group and the opposition;
//! its validation, and the conflict it starts.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

mod check;

use super::check::Report;
use super::error::DataErrors;
pub use crate::rules::coterie::CoterieSetup;
use crate::rules::coterie::model::*;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConflictDef {
    pub name: String,
    pub skills: Vec<String>,
    #[serde(default)]
    pub nuances: Vec<String>,
    #[serde(default)]
    pub traits: Vec<String>,
    /// A fight (wounds may be dealt); false for a chase or a parley.
    #[serde(default = "yes")]
    pub physical: bool,
}

fn yes() -> bool {
    true
}

fn default_endurance() -> i32 {
    3
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NuanceDef {
    pub name: String,
    pub skill: String,
    pub value: i32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoalDef {
    pub text: String,
    pub needed: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CharacterDef {
    pub name: String,
    #[serde(deserialize_with = "crate::scenario::error::unique_keys")]
    pub skills: BTreeMap<String, i32>,
    #[serde(default)]
    pub nuances: Vec<NuanceDef>,
    #[serde(default)]
    pub leadership: i32,
    #[serde(default)]
    pub group_work: i32,
    #[serde(default = "default_endurance")]
    pub endurance: i32,
    #[serde(default)]
    pub fatigue: i32,
    /// Wounds the character brings from an earlier conflict (coterie.wounds): a campaign's
    /// lasting harm.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub wounds: i32,
    #[serde(default)]
    pub goal: Option<GoalDef>,
    /// Its picture: a portrait of the art by key (`portrait.goblin`); without one, the game
    /// picks one by the name, side and gear.
    #[serde(default)]
    pub icon: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroupDef {
    pub name: String,
    #[serde(default)]
    pub armour: i32,
    #[serde(default, deserialize_with = "crate::scenario::error::unique_keys")]
    pub traits: BTreeMap<String, i32>,
    /// The position at which this group flees or capitulates (-2 or -3 by its morale).
    #[serde(default)]
    pub breaks_at: Option<i32>,
    pub characters: Vec<CharacterDef>,
    /// Penalties to traits the group brings from an earlier conflict
    /// (coterie.trait-injuries), by trait: a campaign's lasting harm.
    #[serde(
        default,
        deserialize_with = "crate::scenario::error::unique_keys",
        skip_serializing_if = "BTreeMap::is_empty"
    )]
    pub trait_injuries: BTreeMap<String, i32>,
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoterieScenario {
    pub conflict: ConflictDef,
    pub party: GroupDef,
    pub foes: GroupDef,
}

// Limits on every list the rules go through, each far above what a table plays (the
// rulebook's groups are a handful of characters, its conflicts name two or three skills) and
// low enough that a battle of the largest still plays thousands of times a second in `sim`.
/// Characters in a group: a large battle scene of a whole company a side.
pub const MAX_GROUP: usize = 64;
/// Skills a conflict names, or a character has: a long character sheet's worth.
pub const MAX_SKILLS: usize = 32;
/// Nuances a conflict names, or a character has.
pub const MAX_NUANCES: usize = 32;
/// Traits a conflict names, or a group has (equipment, numbers, terrain, morale...).
pub const MAX_TRAITS: usize = 16;

pub fn validate(file: &str, src: &str, sc: &CoterieScenario) -> Result<CoterieSetup, DataErrors> {
    let mut r = Report::new(file, src);
    check::check(&mut r, sc);
    r.finish()?;
    let c = &sc.conflict;
    let mut characters = Vec::new();
    let mut groups = Vec::new();
    for (side, g) in [(PARTY, &sc.party), (FOES, &sc.foes)] {
        for ch in &g.characters {
            characters.push(Character {
                name: ch.name.clone(),
                side,
                skills: ch.skills.clone(),
                nuances: ch
                    .nuances
                    .iter()
                    .map(|n| Nuance {
                        name: n.name.clone(),
                        skill: n.skill.clone(),
                        value: n.value,
                    })
                    .collect(),
                leadership: ch.leadership,
                group_work: ch.group_work,
                endurance: ch.endurance,
                fatigue: ch.fatigue,
                wounds: ch.wounds,
                standing: Standing::InConflict,
                goal: ch.goal.as_ref().map(|g| Goal {
                    text: g.text.clone(),
                    needed: g.needed,
                    progress: 0,
                }),
                performance_bonus: 0,
                duel_position: 0,
                icon: ch.icon.clone(),
            });
        }
        groups.push(Group {
            name: g.name.clone(),
            position: 0,
            wounds: 0,
            armour: g.armour,
            traits: g.traits.clone(),
            trait_injuries: g.trait_injuries.clone(),
            tactical_penalty: 0,
            bonus: 0,
            breaks_at: g.breaks_at,
            held_at: None,
        });
    }
    Ok(CoterieSetup {
        state: State {
            scenario: String::new(),
            conflict: Conflict {
                name: c.name.clone(),
                skills: c.skills.clone(),
                nuances: c.nuances.clone(),
                traits: c.traits.clone(),
                physical: c.physical,
            },
            characters,
            groups,
            phase: 1,
            stage: Stage::Declare(0),
            parts: Vec::new(),
            result: None,
            specials_due: Vec::new(),
            flee_due: Vec::new(),
            duels_due: Vec::new(),
            harm_due: false,
            morale_due: false,
            outcome: None,
        },
    })
}
