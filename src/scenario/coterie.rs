//! A Coterie scenario as written in RON: the conflict, the players' group and the opposition;
//! its validation, and the conflict it starts.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::error::{DataErrors, Report};
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
    #[serde(default)]
    pub goal: Option<GoalDef>,
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
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoterieScenario {
    pub conflict: ConflictDef,
    pub party: GroupDef,
    pub foes: GroupDef,
}

/// Ratings the rules' arithmetic stays well inside.
const RANK: std::ops::RangeInclusive<i32> = -20..=20;

pub fn validate(file: &str, src: &str, sc: &CoterieScenario) -> Result<CoterieSetup, DataErrors> {
    let mut r = Report::new(file, src);
    let c = &sc.conflict;
    if c.name.trim().is_empty() {
        r.at(&["conflict"], "the conflict needs a name");
    }
    if c.skills.is_empty() {
        r.at(
            &["conflict", "skills"],
            "the conflict needs at least one relevant skill",
        );
    }
    let mut characters = Vec::new();
    let mut groups = Vec::new();
    for (side, g, key) in [(PARTY, &sc.party, "party"), (FOES, &sc.foes, "foes")] {
        if g.characters.is_empty() {
            r.at(
                &[key],
                format!("{key}: the group needs at least one character"),
            );
        }
        if let Some(b) = g.breaks_at
            && !(-4..=-1).contains(&b)
        {
            r.at(
                &[key, "breaks_at"],
                format!("{key}: breaks_at is a position from -1 to -4 (-5 is over-run), not {b}"),
            );
        }
        if !(0..=20).contains(&g.armour) {
            r.at(&[key, "armour"], format!("{key}: armour must be 0 to 20"));
        }
        for (t, v) in &g.traits {
            if !RANK.contains(v) {
                r.at(
                    &[key, &format!("\"{t}\"")],
                    format!("{key}: trait \"{t}\" must be -20 to 20"),
                );
            }
        }
        for ch in &g.characters {
            let at = format!("\"{}\"", ch.name);
            if ch.name.trim().is_empty() {
                r.at(&[key, "name"], "a character needs a name");
            }
            if characters.iter().any(|o: &Character| o.name == ch.name) {
                r.at(
                    &[key, &at],
                    format!("two characters are called \"{}\"", ch.name),
                );
            }
            for (s, v) in &ch.skills {
                if !RANK.contains(v) {
                    r.at(
                        &[key, &at, &format!("\"{s}\"")],
                        format!("{}: skill \"{s}\" must be -20 to 20", ch.name),
                    );
                }
            }
            for n in &ch.nuances {
                if !ch.skills.contains_key(&n.skill) {
                    r.at(
                        &[key, &at, &format!("\"{}\"", n.name)],
                        format!(
                            "{}: nuance \"{}\" refines \"{}\", a skill they do not have",
                            ch.name, n.name, n.skill
                        ),
                    );
                }
                if !RANK.contains(&n.value) {
                    r.at(
                        &[key, &at, &format!("\"{}\"", n.name)],
                        format!("{}: nuance \"{}\" must be -20 to 20", ch.name, n.name),
                    );
                }
            }
            for (what, v) in [("leadership", ch.leadership), ("group_work", ch.group_work)] {
                if !(-5..=5).contains(&v) {
                    r.at(
                        &[key, &at, what],
                        format!("{}: {what} must be -5 to 5", ch.name),
                    );
                }
            }
            if !(1..=20).contains(&ch.endurance) {
                r.at(
                    &[key, &at, "endurance"],
                    format!("{}: endurance must be 1 to 20", ch.name),
                );
            }
            if !(0..=20).contains(&ch.fatigue) {
                r.at(
                    &[key, &at, "fatigue"],
                    format!("{}: fatigue must be 0 to 20", ch.name),
                );
            }
            if let Some(goal) = &ch.goal
                && !(1..=10).contains(&goal.needed)
            {
                r.at(
                    &[key, &at, "needed"],
                    format!("{}: a goal needs 1 to 10 steps", ch.name),
                );
            }
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
                wounds: 0,
                standing: Standing::InConflict,
                goal: ch.goal.as_ref().map(|g| Goal {
                    text: g.text.clone(),
                    needed: g.needed,
                    progress: 0,
                }),
                performance_bonus: 0,
                duel_position: 0,
            });
        }
        groups.push(Group {
            name: g.name.clone(),
            position: 0,
            wounds: 0,
            armour: g.armour,
            traits: g.traits.clone(),
            trait_injuries: BTreeMap::new(),
            tactical_penalty: 0,
            bonus: 0,
            breaks_at: g.breaks_at,
        });
    }
    r.finish()?;
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
            outcome: None,
        },
    })
}
