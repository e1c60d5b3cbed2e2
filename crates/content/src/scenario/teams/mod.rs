//! A Three actions scenario as written in RON: the grid, a catalogue of the items the scenario
//! uses, short tasks placed on the map, and the teams with their objectives and characters
//! (stats, starting square, gear by item name); its validation with `file:line` errors, and
//! the setup it gives.
//!
//! Squares are `(x, y)` from the top-left corner, 0-based. Dice are written by their number of
//! faces (`strength: 8` is a d8); a skill of 0 is untrained. Teams, characters, items and
//! tasks are named, and everything that refers to one does so by its name.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

mod characters;
mod check;
mod map;
mod objectives;
mod situation;
mod stats;

pub use situation::{SituationDef, StandingDef};
pub use stats::StatsDef;

use super::check::Step::{Field, Nth};
use super::check::{Report, Step};
use super::error::DataErrors;
pub use crate::rules::teams::TeamsSetup;
use crate::rules::teams::setup::MAX_SIDE;
use crate::rules::teams::{
    Attr, CharacterSetup, GroundItem, Item, MapSetup, Pos, SetupError, Shared, Skill, WeaponDef,
};
use fray_rules::line::Line;

/// A square of the grid: `(x, y)`.
pub type Square = (u8, u8);

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapDef {
    pub width: u8,
    pub height: u8,
    #[serde(default)]
    pub walls: Vec<Square>,
    /// Low cover (crates, a barricade): blocks movement, not sight.
    #[serde(default)]
    pub cover: Vec<Square>,
    /// Each metre into it costs two.
    #[serde(default)]
    pub difficult: Vec<Square>,
    /// Doors, closed at the start.
    #[serde(default)]
    pub doors: Vec<Square>,
    #[serde(default)]
    pub open_doors: Vec<Square>,
    /// Squares from which a character may leave the battle.
    #[serde(default)]
    pub exits: Vec<Square>,
}

fn one() -> u8 {
    1
}
fn default_round_limit() -> u32 {
    20
}

/// An item of the scenario's catalogue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ItemDef {
    #[serde(default = "one")]
    pub hands: u8,
    #[serde(default)]
    pub metal: bool,
    /// None: 10 if metal, 4 otherwise.
    #[serde(default)]
    pub durability: Option<u8>,
    #[serde(default)]
    /// What it does in an attack: the rules core's own definition, read as it is.
    pub weapon: Option<WeaponDef>,
    /// The block property and its value (a shield).
    #[serde(default)]
    pub block: Option<u8>,
    /// The parry value; an item without one parries for 1.
    #[serde(default)]
    pub parry: Option<u8>,
}

impl ItemDef {
    /// The item of this name as the rules hold it.
    pub fn item(&self, name: &str) -> Item {
        // Every field named, here and in `of`, so that one added to either side is written
        // both ways or does not build.
        let ItemDef {
            hands,
            metal,
            durability,
            weapon,
            block,
            parry,
        } = self.clone();
        Item {
            name: name.to_string(),
            hands,
            metal,
            durability,
            weapon,
            block,
            parry,
        }
    }

    /// An item as a scenario's catalogue writes it (a campaign's company writing its gear).
    pub fn of(item: &Item) -> ItemDef {
        let Item {
            name: _,
            hands,
            metal,
            durability,
            weapon,
            block,
            parry,
        } = item.clone();
        ItemDef {
            hands,
            metal,
            durability,
            weapon,
            block,
            parry,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CharacterDef {
    pub name: String,
    pub at: Square,
    #[serde(default)]
    pub stats: StatsDef,
    /// Items in hand, by catalogue name (two hands' worth at most).
    #[serde(default)]
    pub hands: Vec<String>,
    /// Items stowed, by catalogue name.
    #[serde(default)]
    pub pack: Vec<String>,
    /// Sneaking, unnoticed by the enemy at the start.
    #[serde(default)]
    pub unseen: bool,
    /// Its picture: a portrait of the art by key (`portrait.goblin`); without one, the game
    /// picks one by the name, side and gear.
    #[serde(default)]
    pub icon: Option<String>,
    /// Health already lost when the battle starts: a campaign's lasting harm.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub hurt: u8,
    /// The luck test to cheat death, raised by 5 each time it was cheated (teams.death);
    /// without it, the rulebook's 10.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub death_difficulty: Option<u8>,
    /// Durability already lost by items of this character's gear, by name: the first item
    /// of that name in hand, then in the pack, not yet named.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub worn: Vec<(String, u8)>,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// What a team fights for (teams.objectives); characters and tasks by name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum ObjectiveDef {
    /// Be the last team standing.
    #[default]
    Defeat,
    /// A conscious member on any of these squares.
    Reach(Vec<Square>),
    /// This many rounds in a row on these squares, no conscious enemy on them.
    Hold { squares: Vec<Square>, rounds: u32 },
    /// This many members off the map by its exits.
    Escape(u8),
    /// This character alive and conscious at the end of this round.
    Protect { character: String, rounds: u32 },
    /// This short task completed.
    Task(String),
}

/// When an objective change comes: at the start of a round, when a task is completed, when a
/// character is out of the fight (unconscious, dead or gone); tasks and characters by name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum WhenDef {
    Round(u32),
    Task(String),
    Down(String),
}

/// A team's objective changing during the battle (teams.objectives), with what the players are
/// told when it does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChangeDef {
    pub team: String,
    pub when: WhenDef,
    pub objective: ObjectiveDef,
    #[serde(default)]
    pub text: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamDef {
    pub name: String,
    #[serde(default)]
    pub objective: ObjectiveDef,
    pub characters: Vec<CharacterDef>,
}

/// A short task on the map (a lever, an alarm bell): three actions and a test.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TaskDef {
    pub name: String,
    /// Worked from this square or one next to it.
    pub at: Square,
    pub attribute: Attr,
    pub skill: Skill,
    pub difficulty: u8,
    /// Only this team may work it.
    #[serde(default)]
    pub team: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroundDef {
    pub item: String,
    pub at: Square,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamsScenario {
    pub map: MapDef,
    /// Every item the scenario's characters carry or that lies on the ground, by name.
    #[serde(default, deserialize_with = "crate::scenario::error::unique_keys")]
    pub items: BTreeMap<String, ItemDef>,
    #[serde(default)]
    pub tasks: Vec<TaskDef>,
    pub teams: Vec<TeamDef>,
    #[serde(default)]
    pub ground: Vec<GroundDef>,
    /// The team whose member started the fight: first in the initiative.
    pub started_by: String,
    /// The team attacked: second in the initiative.
    #[serde(default)]
    pub attacked: Option<String>,
    /// The team with surprise, which alone acts in a surprise round.
    #[serde(default)]
    pub surprise: Option<String>,
    /// The last round; a battle still undecided at its end is a draw.
    #[serde(default = "default_round_limit")]
    pub round_limit: u32,
    /// Where the battle stands when it starts, for a battle begun mid-way.
    #[serde(
        default,
        deserialize_with = "crate::scenario::error::given",
        skip_serializing_if = "Option::is_none"
    )]
    pub situation: Option<situation::SituationDef>,
    /// Objectives that change during the battle, in order; none in most scenarios.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub objective_changes: Vec<ChangeDef>,
}

// Limits on every list the rules go through, beside the map's side and the characters
// (`MAX_SIDE`, `MAX_CHARACTERS`): each far above what a table plays, and low enough that a
// battle of the largest still plays quickly in `sim` and the AI's search.
/// Teams in a battle: a free-for-all of many small bands (the rulebook's fights have two or
/// three sides).
pub const MAX_TEAMS: usize = 16;
/// Items in the scenario's catalogue: every weapon, shield and tool of a large armoury.
pub const MAX_ITEMS: usize = 256;
/// Short tasks on the map (levers, bells, doors to bar).
pub const MAX_TASKS: usize = 64;
/// Items lying on the ground at the start.
pub const MAX_GROUND: usize = 256;
/// Items a character has in hand or in the pack: a heavily laden pack.
pub const MAX_CARRIED: usize = 16;

pub fn validate(file: &str, src: &str, sc: &TeamsScenario) -> Result<TeamsSetup, DataErrors> {
    let mut r = Report::new(file, src);
    let known = check::declared(sc).run(&mut r);
    let grid = map::grid(&mut r, &sc.map);
    for (name, def) in &sc.items {
        map::item(&mut r, name, def);
    }
    let tasks = map::tasks(&mut r, sc, &grid, &known);
    let characters = characters::characters(&mut r, sc, &grid);
    // Objectives, now that characters and tasks have their ids: each team's, and those the
    // scenario changes to during the battle.
    let battle = objectives::Battle {
        sc,
        grid: &grid,
        known: &known,
        characters: &characters,
        tasks: &tasks,
    };
    let teams = objectives::teams(&mut r, &battle);
    let objective_changes = objectives::changes(&mut r, &battle);
    // Items on the ground.
    let mut ground = Vec::new();
    for (k, g) in sc.ground.iter().enumerate() {
        if let Some(it) = characters::item(sc, &g.item) {
            if !grid.open(g.at) {
                r.at(
                    &[Field("ground"), Nth(k), Field("item")],
                    Line::new("data-teams-ground-unreachable")
                        .name("item", g.item.clone())
                        .number("column", g.at.0)
                        .number("row", g.at.1)
                        .word("why", if grid.inside(g.at) { "blocked" } else { "off" }),
                );
            }
            ground.push(GroundItem {
                item: Shared::new(it),
                at: Pos::new(g.at.0, g.at.1),
            });
        }
    }

    // Who started the fight, who was attacked, who has surprise.
    let started_by = known.get("team", &sc.started_by);
    let attacked = sc.attacked.as_ref().and_then(|n| known.get("team", n));
    if attacked.is_some() && attacked == started_by {
        r.at(
            &[Field("attacked")],
            Line::new("data-teams-attacked-itself"),
        );
    }
    let surprise = sc.surprise.as_ref().and_then(|n| known.get("team", n));
    if sc.round_limit == 0 {
        r.at(&[Field("round_limit")], Line::new("data-teams-no-rounds"));
    }
    if let Some(def) = &sc.situation
        && sc.round_limit > 0
        && def.round > sc.round_limit
    {
        r.at(
            &[Field("situation"), Field("round")],
            Line::new("data-teams-situation-past-limit")
                .number("round", def.round)
                .number("limit", sc.round_limit),
        );
    }
    let situation = sc.situation.as_ref().and_then(|def| {
        let team_names: Vec<String> = sc.teams.iter().map(|t| t.name.clone()).collect();
        let people: Vec<(String, usize, [u8; 4])> = characters
            .iter()
            .map(|c: &CharacterSetup| {
                let st = c.stats;
                (
                    c.name.clone(),
                    c.team,
                    [st.endurance, st.health, st.stamina, st.focus],
                )
            })
            .collect();
        situation::read(&mut r, def, &known, &team_names, &people)
    });
    r.finish()?;

    let m = &sc.map;
    let pos = |list: &[Square]| list.iter().map(|&(x, y)| Pos::new(x, y)).collect();
    let setup = TeamsSetup {
        name: String::new(),
        map: MapSetup {
            width: m.width,
            height: m.height,
            walls: pos(&m.walls),
            cover: pos(&m.cover),
            difficult: pos(&m.difficult),
            doors: pos(&m.doors),
            open_doors: pos(&m.open_doors),
            exits: pos(&m.exits),
        },
        teams,
        characters,
        ground,
        tasks,
        started_by: started_by.unwrap_or(0),
        attacked,
        surprise,
        round_limit: sc.round_limit,
        situation,
        objective_changes,
    };
    // The core's own check, which everything above should already have caught.
    if let Err(e) = setup.validate() {
        let mut r = Report::new(file, src);
        r.at(&setup_path(sc, &e), e.line());
        r.finish()?;
    }
    Ok(setup)
}

/// Where in the file a core setup error lies: the entry it names, else its section.
fn setup_path<'a>(sc: &TeamsScenario, e: &'a SetupError) -> Vec<Step<'a>> {
    let team = |n: &str| sc.teams.iter().position(|t| t.name == n);
    let character = |n: &str| {
        (sc.teams.iter().enumerate()).find_map(|(t, team)| {
            let c = team.characters.iter().position(|c| c.name == n)?;
            Some(vec![Field("teams"), Nth(t), Field("characters"), Nth(c)])
        })
    };
    match e {
        SetupError::MapSize(..) | SetupError::OffMap(..) | SetupError::FeatureOffMap(..) => {
            vec![Field("map")]
        }
        SetupError::Teams(_) | SetupError::TooMany(_) | SetupError::NoTeam(_) => {
            vec![Field("teams")]
        }
        SetupError::RoundLimit => vec![Field("round_limit")],
        SetupError::Blocked(c, _)
        | SetupError::Shared(c, _)
        | SetupError::Hands(c)
        | SetupError::Die(c) => character(c).unwrap_or_else(|| vec![Field("teams")]),
        SetupError::ItemHands(i) | SetupError::Weapon(i, _) => vec![Field("items"), Field(i)],
        SetupError::NoCharacter(t, _) | SetupError::NoTask(t, _) => match team(t) {
            Some(t) => vec![Field("teams"), Nth(t), Field("objective")],
            None => vec![Field("teams")],
        },
        SetupError::Change(k, _) => vec![Field("objective_changes"), Nth(*k), Field("team")],
    }
}
