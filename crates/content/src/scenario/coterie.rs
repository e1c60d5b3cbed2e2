//! A Coterie scenario as written in RON: the conflict, the players' group and the opposition;
//! its validation, and the conflict it starts.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::error::{DataErrors, Report, Step, over_limit};
use super::names;
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

/// Refuses each name of a conflict's list written a second time: each would count twice.
fn once_each(r: &mut Report, list: &[String], key: &str, what: &str) {
    let mut seen = std::collections::BTreeSet::new();
    for n in list {
        if !seen.insert(n.as_str()) {
            let q = format!("\"{n}\"");
            r.at(
                &["conflict", key, &q, &q],
                format!("the conflict lists the {what} \"{n}\" twice: it would count twice"),
            );
        }
    }
}

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
    for (key, list, what, max) in [
        ("skills:", &c.skills, "skill", MAX_SKILLS),
        ("nuances:", &c.nuances, "nuance", MAX_NUANCES),
        ("traits:", &c.traits, "trait", MAX_TRAITS),
    ] {
        let plural = format!("the conflict's {what}s");
        if !over_limit(&mut r, &["conflict", key], &plural, list.len(), max) {
            once_each(&mut r, list, key, what);
        }
    }
    if sc.party.name == sc.foes.name && !sc.party.name.trim().is_empty() {
        let at = format!("name: \"{}\"", sc.foes.name);
        r.at(
            &["foes", &at],
            format!(
                "two groups are called \"{}\": their results could not be told apart",
                sc.foes.name
            ),
        );
    }
    let mut characters = Vec::new();
    // Each character's name, to find one written twice (at once, however many there are).
    let mut seen = std::collections::BTreeSet::new();
    let mut groups = Vec::new();
    for (side, g, key) in [(PARTY, &sc.party, "party"), (FOES, &sc.foes, "foes")] {
        if g.name.trim().is_empty() {
            r.at(
                &[key, "name:"],
                format!("{key}: the group needs a name, not a blank"),
            );
        }
        names::check(&mut r, &[key, "name:"], "group", &g.name);
        if g.characters.is_empty() {
            r.at(
                &[key],
                format!("{key}: the group needs at least one character"),
            );
        }
        over_limit(
            &mut r,
            &[key, "characters:"],
            &format!("{key}: characters"),
            g.characters.len(),
            MAX_GROUP,
        );
        over_limit(
            &mut r,
            &[key, "traits:"],
            &format!("{key}: traits"),
            g.traits.len(),
            MAX_TRAITS,
        );
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
        for (c, ch) in g.characters.iter().enumerate() {
            // The character's errors are looked for in its own record: its name may be
            // written twice, or after the field that is wrong.
            r.enter(&[Step::Field(key), Step::Field("characters"), Step::Nth(c)]);
            if ch.name.trim().is_empty() {
                r.at(&["name:"], "a character needs a name");
            }
            names::check(&mut r, &["name:"], "character", &ch.name);
            crate::scenario::error::check_icon(
                &mut r,
                &[],
                &format!("character \"{}\"", ch.name),
                &ch.icon,
            );
            if !seen.insert(ch.name.as_str()) {
                r.at(
                    &["name:"],
                    format!("two characters are called \"{}\"", ch.name),
                );
            }
            for (s, v) in &ch.skills {
                if !RANK.contains(v) {
                    r.at(
                        &["skills:", &format!("\"{s}\"")],
                        format!("{}: skill \"{s}\" must be -20 to 20", ch.name),
                    );
                }
            }
            over_limit(
                &mut r,
                &["skills:"],
                &format!("{}: skills", ch.name),
                ch.skills.len(),
                MAX_SKILLS,
            );
            over_limit(
                &mut r,
                &["nuances:"],
                &format!("{}: nuances", ch.name),
                ch.nuances.len(),
                MAX_NUANCES,
            );
            let mut nuances = std::collections::BTreeSet::new();
            for n in &ch.nuances {
                if !nuances.insert(n.name.as_str()) {
                    let q = format!("\"{}\"", n.name);
                    r.at(
                        &["nuances:", &q, &q],
                        format!(
                            "{}: the nuance \"{}\" is written twice: it would count twice",
                            ch.name, n.name
                        ),
                    );
                }
                if !ch.skills.contains_key(&n.skill) {
                    r.at(
                        &["nuances:", &format!("\"{}\"", n.name), "skill:"],
                        format!(
                            "{}: nuance \"{}\" refines \"{}\", a skill they do not have",
                            ch.name, n.name, n.skill
                        ),
                    );
                }
                if !RANK.contains(&n.value) {
                    r.at(
                        &["nuances:", &format!("\"{}\"", n.name), "value:"],
                        format!("{}: nuance \"{}\" must be -20 to 20", ch.name, n.name),
                    );
                }
            }
            for (what, v) in [("leadership", ch.leadership), ("group_work", ch.group_work)] {
                if !(-5..=5).contains(&v) {
                    r.at(&[what], format!("{}: {what} must be -5 to 5", ch.name));
                }
            }
            if !(1..=20).contains(&ch.endurance) {
                r.at(
                    &["endurance"],
                    format!("{}: endurance must be 1 to 20", ch.name),
                );
            }
            if !(0..=20).contains(&ch.fatigue) {
                r.at(
                    &["fatigue"],
                    format!("{}: fatigue must be 0 to 20", ch.name),
                );
            }
            if let Some(goal) = &ch.goal
                && !(1..=10).contains(&goal.needed)
            {
                r.at(
                    &["goal:", "needed"],
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
                icon: ch.icon.clone(),
            });
        }
        r.leave();
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
            held_at: None,
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
            morale_due: false,
            outcome: None,
        },
    })
}
