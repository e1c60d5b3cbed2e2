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

mod situation;

pub use situation::{SituationDef, StandingDef};

use super::error::{DataErrors, Report, Step, over_limit, some_of};
use super::names;
use crate::rules::dice::Die;
pub use crate::rules::teams::TeamsSetup;
use crate::rules::teams::setup::{MAX_CHARACTERS, MAX_SIDE};
use crate::rules::teams::{
    Attr, ChangeWhen, CharacterSetup, Gear, GroundItem, Item, MapSetup, Objective, ObjectiveChange,
    Pos, SetupError, Skill, Stats, Task, TeamSetup, WeaponDef,
};

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

/// A character's sheet. Anything left out is the plain fighter's: d6 attributes, combat d6,
/// evasion 6, constitution 4, 10 endurance and health, 3 stamina and focus, size 4, speed 6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct StatsDef {
    /// 3 small, 4 medium, 5 large.
    pub size: u8,
    /// Metres a move covers.
    pub speed: u8,
    pub strength: u8,
    pub dexterity: u8,
    pub intellect: u8,
    pub willpower: u8,
    pub combat: u8,
    pub athletics: u8,
    pub acrobatics: u8,
    pub medicine: u8,
    pub resolve: u8,
    pub craft: u8,
    pub simple: i8,
    pub martial: i8,
    pub finesse: i8,
    pub ranged: i8,
    pub evasion: u8,
    pub deflection: u8,
    pub elemental_deflection: u8,
    pub constitution: u8,
    pub fortitude: i8,
    pub reflex: i8,
    pub will: i8,
    pub luck: i8,
    pub endurance: u8,
    pub health: u8,
    pub stamina: u8,
    pub focus: u8,
    /// Cannot be surprised.
    pub danger_sense: bool,
}

impl Default for StatsDef {
    fn default() -> Self {
        let s = Stats::default();
        let sides = |d: Option<Die>| d.map_or(0, |d| d.sides);
        StatsDef {
            size: s.size,
            speed: s.speed,
            strength: s.strength.sides,
            dexterity: s.dexterity.sides,
            intellect: s.intellect.sides,
            willpower: s.willpower.sides,
            combat: sides(s.combat),
            athletics: sides(s.athletics),
            acrobatics: sides(s.acrobatics),
            medicine: sides(s.medicine),
            resolve: sides(s.resolve),
            craft: sides(s.craft),
            simple: s.simple,
            martial: s.martial,
            finesse: s.finesse,
            ranged: s.ranged,
            evasion: s.evasion,
            deflection: s.deflection,
            elemental_deflection: s.elemental_deflection,
            constitution: s.constitution,
            fortitude: s.fortitude,
            reflex: s.reflex,
            will: s.will,
            luck: s.luck,
            endurance: s.endurance,
            health: s.health,
            stamina: s.stamina,
            focus: s.focus,
            danger_sense: s.danger_sense,
        }
    }
}

impl StatsDef {
    fn stats(&self) -> Stats {
        let skill = |sides: u8| (sides > 0).then_some(Die::new(sides));
        Stats {
            size: self.size,
            speed: self.speed,
            strength: Die::new(self.strength),
            dexterity: Die::new(self.dexterity),
            intellect: Die::new(self.intellect),
            willpower: Die::new(self.willpower),
            combat: skill(self.combat),
            athletics: skill(self.athletics),
            acrobatics: skill(self.acrobatics),
            medicine: skill(self.medicine),
            resolve: skill(self.resolve),
            craft: skill(self.craft),
            simple: self.simple,
            martial: self.martial,
            finesse: self.finesse,
            ranged: self.ranged,
            evasion: self.evasion,
            deflection: self.deflection,
            elemental_deflection: self.elemental_deflection,
            constitution: self.constitution,
            fortitude: self.fortitude,
            reflex: self.reflex,
            will: self.will,
            luck: self.luck,
            endurance: self.endurance,
            health: self.health,
            stamina: self.stamina,
            focus: self.focus,
            danger_sense: self.danger_sense,
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

/// The dice the rulebook's characters roll.
const STANDARD_DICE: [u8; 6] = [4, 6, 8, 10, 12, 20];
/// Sizes a character may be: tiny to huge around the rulebook's small 3, medium 4, large 5.
const SIZES: std::ops::RangeInclusive<u8> = 1..=8;
/// A character's luck, added to the luck die (a d20). The rulebook gives no range; within this
/// one the die still decides: +5 takes its best roll to 25, the highest critical threshold a
/// weapon may have here, and -5 still leaves a 15, above the 10 that cheats death.
const LUCK: std::ops::RangeInclusive<i8> = -5..=5;

/// What stands on a square of a terrain list, for messages.
fn blocked_by(list: &str) -> &'static str {
    match list {
        "walls" => "a wall",
        "cover" => "cover",
        "doors" => "a closed door",
        _ => "open ground",
    }
}

/// How a square is written in the source, for finding its line: `(3, 4)` or `(3,4)`.
fn spelled(src: &str, (x, y): Square) -> String {
    let tight = format!("({x},{y})");
    if src.contains(&tight) && !src.contains(&format!("({x}, {y})")) {
        tight
    } else {
        format!("({x}, {y})")
    }
}

fn quoted(name: &str) -> String {
    format!("\"{name}\"")
}

fn named(name: &str) -> String {
    format!("name: \"{name}\"")
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
    over_limit(&mut r, &["items:"], "items", sc.items.len(), MAX_ITEMS);
    over_limit(&mut r, &["teams:"], "teams", sc.teams.len(), MAX_TEAMS);
    over_limit(&mut r, &["tasks:"], "tasks", sc.tasks.len(), MAX_TASKS);
    over_limit(&mut r, &["ground:"], "ground", sc.ground.len(), MAX_GROUND);
    let m = &sc.map;
    let sized = (1..=MAX_SIDE).contains(&m.width) && (1..=MAX_SIDE).contains(&m.height);
    if !sized {
        r.at(
            &["map", "width"],
            format!(
                "map: {}×{} squares; each side must be 1 to {MAX_SIDE}",
                m.width, m.height
            ),
        );
    }
    let inside = |(x, y): Square| x < m.width && y < m.height;

    // Terrain: every square on the map and in one list only.
    let mut terrain: BTreeMap<Square, &str> = BTreeMap::new();
    for (what, list) in [
        ("walls", &m.walls),
        ("cover", &m.cover),
        ("difficult", &m.difficult),
        ("doors", &m.doors),
        ("open_doors", &m.open_doors),
    ] {
        for &p in list {
            let anchors = ["map", &format!("{what}:"), &spelled(src, p)];
            if !inside(p) {
                r.at(
                    &anchors,
                    format!(
                        "map: {what} square {:?} lies off the {}×{} map",
                        p, m.width, m.height
                    ),
                );
            } else if let Some(other) = terrain.insert(p, what) {
                r.at(
                    &anchors,
                    format!("map: square {p:?} is listed in both {other} and {what}"),
                );
            }
        }
    }
    // Where one may stand: on the map, and not a wall, cover or a closed door.
    let open =
        |p: Square| inside(p) && !matches!(terrain.get(&p), Some(&"walls" | &"cover" | &"doors"));
    // Each square once: a list of squares is then no longer than the map has squares.
    let mut exits = std::collections::BTreeSet::new();
    for &p in &m.exits {
        let anchors = ["map", "exits:", &spelled(src, p)];
        if !exits.insert(p) {
            r.at(&anchors, format!("map: exit {p:?} is listed twice"));
        } else if !inside(p) {
            r.at(&anchors, format!("map: exit {p:?} lies off the map"));
        } else if !open(p) {
            r.at(
                &anchors,
                format!(
                    "map: exit {p:?} is on {}",
                    blocked_by(terrain.get(&p).copied().unwrap_or_default())
                ),
            );
        }
    }

    // The item catalogue.
    for (name, def) in &sc.items {
        let anchors = ["items", &quoted(name)];
        let mut bad = |msg: String| r.at(&anchors, format!("item \"{name}\": {msg}"));
        if !(1..=2).contains(&def.hands) {
            bad(format!("an item takes 1 or 2 hands, not {}", def.hands));
        }
        if def.block == Some(0) {
            bad("a block value of 0 blocks nothing".into());
        }
        if def.durability == Some(0) {
            bad("a durability of 0 is already broken".into());
        }
        if let Some(w) = &def.weapon {
            if w.attributes.is_empty() {
                bad("a weapon needs at least one attribute to attack with".into());
            }
            if w.reach == 0 && w.range == 0 {
                bad("a weapon needs a reach or a range".into());
            }
            if w.critical == 0 || w.critical > 25 {
                bad(format!(
                    "a critical threshold of {} (a luck roll from 1 to 25)",
                    w.critical
                ));
            }
            if w.critical_damage < w.damage {
                bad(format!(
                    "critical damage {} is less than its damage {}",
                    w.critical_damage, w.damage
                ));
            }
            if (w.thrown || w.reload > 0) && w.range == 0 {
                bad("a thrown or reloaded weapon needs a range".into());
            }
        }
    }
    let item = |name: &str| -> Option<Item> {
        sc.items.get(name).map(|d| Item {
            name: name.to_string(),
            hands: d.hands,
            metal: d.metal,
            durability: d.durability,
            weapon: d.weapon.clone(),
            block: d.block,
            parry: d.parry,
        })
    };
    // A few of the catalogue's names, for messages: written once, however many refer to it.
    let known_items = {
        let names: Vec<&String> = sc.items.keys().collect();
        some_of(&names)
    };
    let known_items = || known_items.clone();

    // Teams, by name.
    if sc.teams.len() < 2 {
        r.at(
            &["teams"],
            format!("a battle needs two or more teams, found {}", sc.teams.len()),
        );
    }
    let mut team_ids: BTreeMap<&str, usize> = BTreeMap::new();
    for (t, team) in sc.teams.iter().enumerate() {
        if team.name.trim().is_empty() {
            r.at(&["teams", "name:"], "a team needs a name");
        }
        names::check(&mut r, &["teams", &named(&team.name)], "team", &team.name);
        if team_ids.insert(team.name.as_str(), t).is_some() {
            let at = named(&team.name);
            r.at(
                &["teams", &at, &at],
                format!("two teams are called \"{}\"", team.name),
            );
        }
    }
    let team_of = |r: &mut Report, anchors: &[&str], name: &str, what: &str| -> Option<usize> {
        let found = team_ids.get(name).copied();
        if found.is_none() {
            let names: Vec<&str> = sc.teams.iter().map(|t| t.name.as_str()).collect();
            let q = quoted(name);
            r.at(
                &[anchors, &[q.as_str()]].concat(),
                format!(
                    "{what}: no team is named \"{name}\" (teams: {})",
                    some_of(&names)
                ),
            );
        }
        found
    };

    // Tasks.
    let mut tasks = Vec::new();
    let mut task_ids: BTreeMap<&str, usize> = BTreeMap::new();
    for task in &sc.tasks {
        let at = named(&task.name);
        names::check(&mut r, &["tasks", &at], "task", &task.name);
        if task_ids.insert(task.name.as_str(), tasks.len()).is_some() {
            r.at(
                &["tasks", &at, &at],
                format!("two tasks are called \"{}\"", task.name),
            );
        }
        if !inside(task.at) {
            r.at(
                &["tasks", &at, "at:"],
                format!(
                    "task \"{}\": square {:?} lies off the map",
                    task.name, task.at
                ),
            );
        }
        if task.difficulty == 0 {
            r.at(
                &["tasks", &at, "difficulty:"],
                format!("task \"{}\": a difficulty of 0 needs no test", task.name),
            );
        }
        let team = match &task.team {
            None => None,
            Some(n) => team_of(
                &mut r,
                &["tasks", &at, "team:"],
                n,
                &format!("task \"{}\"", task.name),
            ),
        };
        tasks.push(Task {
            name: task.name.clone(),
            at: Pos::new(task.at.0, task.at.1),
            attribute: task.attribute,
            skill: task.skill,
            difficulty: task.difficulty,
            team,
            done: false,
        });
    }

    // Characters, team by team.
    let total: usize = sc.teams.iter().map(|t| t.characters.len()).sum();
    if total > MAX_CHARACTERS {
        r.at(
            &["teams"],
            format!("{total} characters: a battle holds at most {MAX_CHARACTERS}"),
        );
    }
    let mut characters = Vec::new();
    let mut char_ids: BTreeMap<&str, usize> = BTreeMap::new();
    let mut standing: BTreeMap<Square, &str> = BTreeMap::new();
    for (t, team) in sc.teams.iter().enumerate() {
        let tat = named(&team.name);
        if team.characters.is_empty() {
            r.at(
                &["teams", &tat],
                format!("team \"{}\" has no characters", team.name),
            );
        }
        for (c, cd) in team.characters.iter().enumerate() {
            // The character's errors are looked for in its own record: its name may be
            // written twice, or after the field that is wrong.
            r.enter(&[
                Step::Field("teams"),
                Step::Nth(t),
                Step::Field("characters"),
                Step::Nth(c),
            ]);
            let who = format!("character \"{}\"", cd.name);
            if cd.name.trim().is_empty() {
                r.at(&["name:"], "a character needs a name");
            }
            names::check(&mut r, &["name:"], "character", &cd.name);
            if char_ids
                .insert(cd.name.as_str(), characters.len())
                .is_some()
            {
                r.at(
                    &["name:"],
                    format!("{who} appears twice: names must tell characters apart"),
                );
            }
            if !open(cd.at) {
                let why = if inside(cd.at) {
                    format!(
                        "on {}",
                        blocked_by(terrain.get(&cd.at).copied().unwrap_or_default())
                    )
                } else {
                    "off the map".to_string()
                };
                r.at(&["at:"], format!("{who} stands at {:?}, {why}", cd.at));
            } else if let Some(other) = standing.insert(cd.at, cd.name.as_str()) {
                r.at(
                    &["at:"],
                    format!(
                        "{who} stands at {:?}, where \"{other}\" already stands",
                        cd.at
                    ),
                );
            }
            check_stats(&mut r, &[], &who, &cd.stats);
            crate::scenario::error::check_icon(&mut r, &[], &who, &cd.icon);
            for (key, list) in [("hands", &cd.hands), ("pack", &cd.pack)] {
                over_limit(
                    &mut r,
                    &[if key == "hands" { "hands:" } else { "pack:" }],
                    &format!("{who}: {key}"),
                    list.len(),
                    MAX_CARRIED,
                );
            }
            let mut gear = Vec::new();
            let mut hands = 0u8;
            for (list, held) in [(&cd.hands, true), (&cd.pack, false)] {
                for name in list {
                    let q = quoted(name);
                    let key = if held { "hands:" } else { "pack:" };
                    match item(name) {
                        Some(it) => {
                            if held {
                                hands = hands.saturating_add(it.hands);
                            }
                            gear.push(Gear { item: it, held });
                        }
                        None => r.at(
                            &[key, q.as_str()],
                            format!(
                                "{who}: unknown item \"{name}\" (the items: {})",
                                known_items()
                            ),
                        ),
                    }
                }
            }
            if hands > 2 {
                r.at(
                    &["hands:"],
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
        r.leave();
    }

    // Objectives, now that characters and tasks have their ids: each team's, and those the
    // scenario changes to during the battle.
    let read_objective = |r: &mut Report,
                          here: &[&str],
                          who: &str,
                          t: usize,
                          def: &ObjectiveDef|
     -> Objective {
        let squares = |r: &mut Report, list: &[Square]| -> Vec<Pos> {
            if list.is_empty() {
                r.at(here, format!("{who}: the objective names no squares"));
            }
            let mut seen = std::collections::BTreeSet::new();
            for &p in list {
                if !seen.insert(p) {
                    r.at(
                        &[here, &[spelled(src, p).as_str()]].concat(),
                        format!("{who}: objective square {p:?} is listed twice"),
                    );
                } else if !open(p) {
                    r.at(
                        &[here, &[spelled(src, p).as_str()]].concat(),
                        format!(
                            "{who}: objective square {p:?} is {}",
                            if inside(p) { "blocked" } else { "off the map" }
                        ),
                    );
                }
            }
            list.iter().map(|&(x, y)| Pos::new(x, y)).collect()
        };
        let members = sc.teams.get(t).map_or(0, |team| team.characters.len());
        match def {
            ObjectiveDef::Defeat => Objective::Defeat,
            ObjectiveDef::Reach(list) => Objective::Reach {
                squares: squares(r, list),
            },
            ObjectiveDef::Hold {
                squares: list,
                rounds,
            } => {
                if *rounds == 0 {
                    r.at(here, format!("{who}: holding for 0 rounds is no objective"));
                }
                Objective::Hold {
                    squares: squares(r, list),
                    rounds: *rounds,
                }
            }
            ObjectiveDef::Escape(count) => {
                if m.exits.is_empty() {
                    r.at(here, format!("{who}: an escape needs exits on the map"));
                }
                if *count == 0 || usize::from(*count) > members {
                    r.at(
                        here,
                        format!("{who}: {count} to escape, with {members} in the team"),
                    );
                }
                Objective::Escape { count: *count }
            }
            ObjectiveDef::Protect { character, rounds } => {
                let c = char_ids.get(character.as_str()).copied();
                match c {
                    Some(c) if characters[c].team != t => r.at(
                        &[here, &[quoted(character).as_str()]].concat(),
                        format!("{who}: \"{character}\" to protect is not one of the team"),
                    ),
                    None => r.at(
                        &[here, &[quoted(character).as_str()]].concat(),
                        format!(
                            "{who}: the objective names \"{character}\", who is not in the battle"
                        ),
                    ),
                    Some(_) => {}
                }
                if *rounds == 0 {
                    r.at(
                        here,
                        format!("{who}: protecting for 0 rounds is no objective"),
                    );
                }
                Objective::Protect {
                    character: c.unwrap_or(0),
                    rounds: *rounds,
                }
            }
            ObjectiveDef::Task(name) => {
                let k = task_ids.get(name.as_str()).copied();
                match k {
                    None => r.at(
                        &[here, &[quoted(name).as_str()]].concat(),
                        format!("{who}: the objective names the task \"{name}\", which is not among the tasks"),
                    ),
                    Some(k) if tasks[k].team.is_some_and(|o| o != t) => r.at(
                        &[here, &[quoted(name).as_str()]].concat(),
                        format!("{who}: the task \"{name}\" is for another team"),
                    ),
                    Some(_) => {}
                }
                Objective::Task {
                    task: k.unwrap_or(0),
                }
            }
        }
    };
    let mut teams = Vec::new();
    for (t, team) in sc.teams.iter().enumerate() {
        let tat = named(&team.name);
        let here = ["teams", tat.as_str(), "objective:"];
        let who = format!("team \"{}\"", team.name);
        let objective = read_objective(&mut r, &here, &who, t, &team.objective);
        teams.push(TeamSetup {
            name: team.name.clone(),
            objective,
        });
    }

    let mut objective_changes = Vec::new();
    let mut entry: Vec<&str> = vec!["objective_changes"];
    for (k, ch) in sc.objective_changes.iter().enumerate() {
        // The k-th change is found by its k-th `team:` after `objective_changes`.
        entry.push("team:");
        let field = |f: &'static str| -> Vec<&str> { [&entry[..], &[f]].concat() };
        let who = format!("objective change {}", k + 1);
        let t = team_of(&mut r, &entry, &ch.team, &format!("{who}: team"));
        let who = format!("{who} (team \"{}\")", ch.team);
        let when = match &ch.when {
            WhenDef::Round(n) => {
                if *n == 0 {
                    r.at(&field("when:"), format!("{who}: rounds count from 1"));
                } else if *n > sc.round_limit {
                    r.at(
                        &field("when:"),
                        format!(
                            "{who}: round {n} comes after the round limit, {}",
                            sc.round_limit
                        ),
                    );
                }
                Some(ChangeWhen::Round(*n))
            }
            WhenDef::Task(name) => {
                let k = task_ids.get(name.as_str()).copied();
                if k.is_none() {
                    r.at(
                        &field("when:"),
                        format!(
                            "{who}: when the task \"{name}\" is done, but no task is called that"
                        ),
                    );
                }
                k.map(ChangeWhen::Task)
            }
            WhenDef::Down(name) => {
                let c = char_ids.get(name.as_str()).copied();
                if c.is_none() {
                    r.at(
                        &field("when:"),
                        format!("{who}: when \"{name}\" is down, but nobody is called that"),
                    );
                }
                c.map(ChangeWhen::Down)
            }
        };
        let objective = read_objective(
            &mut r,
            &field("objective:"),
            &who,
            t.unwrap_or(usize::MAX),
            &ch.objective,
        );
        if let (Some(team), Some(when)) = (t, when) {
            objective_changes.push(ObjectiveChange {
                team,
                when,
                objective,
                text: ch.text.clone(),
            });
        }
    }

    // Items on the ground.
    let mut ground = Vec::new();
    for g in &sc.ground {
        let q = quoted(&g.item);
        match item(&g.item) {
            None => r.at(
                &["ground", &q],
                format!(
                    "ground: unknown item \"{}\" (the items: {})",
                    g.item,
                    known_items()
                ),
            ),
            Some(it) => {
                if !open(g.at) {
                    r.at(
                        &["ground", &q],
                        format!(
                            "ground: the {} lies at {:?}, {}",
                            g.item,
                            g.at,
                            if inside(g.at) {
                                "where nobody can reach it"
                            } else {
                                "off the map"
                            }
                        ),
                    );
                }
                ground.push(GroundItem {
                    item: it,
                    at: Pos::new(g.at.0, g.at.1),
                });
            }
        }
    }

    // Who started the fight, who was attacked, who has surprise.
    let started_by = team_of(&mut r, &["started_by"], &sc.started_by, "started_by");
    let attacked = sc
        .attacked
        .as_ref()
        .and_then(|n| team_of(&mut r, &["attacked"], n, "attacked"));
    if attacked.is_some() && attacked == started_by {
        r.at(
            &["attacked"],
            "attacked: the team that started the fight did not attack itself",
        );
    }
    let surprise = sc
        .surprise
        .as_ref()
        .and_then(|n| team_of(&mut r, &["surprise"], n, "surprise"));
    if sc.round_limit == 0 {
        r.at(
            &["round_limit"],
            "round_limit: the battle needs at least one round",
        );
    }
    if let Some(def) = &sc.situation
        && sc.round_limit > 0
        && def.round > sc.round_limit
    {
        r.at(
            &["situation", "round:"],
            format!(
                "situation: round {} is past the battle's last round, {} (its round_limit)",
                def.round, sc.round_limit
            ),
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
        situation::read(&mut r, def, &team_names, &people)
    });
    r.finish()?;

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
        let anchors = setup_anchors(&e);
        let anchors: Vec<&str> = anchors.iter().map(String::as_str).collect();
        r.at(&anchors, format!("{e}"));
        r.finish()?;
    }
    Ok(setup)
}

/// A character's sheet: standard dice, a size, pools that let it take part.
fn check_stats(r: &mut Report, here: &[&str], who: &str, st: &StatsDef) {
    let mut bad = |field: &str, msg: String| {
        let key = format!("{field}:");
        r.at(&[here, &[key.as_str()]].concat(), format!("{who}: {msg}"));
    };
    for (name, sides) in [
        ("strength", st.strength),
        ("dexterity", st.dexterity),
        ("intellect", st.intellect),
        ("willpower", st.willpower),
    ] {
        if sides == 0 {
            bad(name, format!("{name} is a die without faces (0)"));
        } else if !STANDARD_DICE.contains(&sides) {
            bad(
                name,
                format!("{name} must be a d4, d6, d8, d10, d12 or d20, not a d{sides}"),
            );
        }
    }
    for (name, sides) in [
        ("combat", st.combat),
        ("athletics", st.athletics),
        ("acrobatics", st.acrobatics),
        ("medicine", st.medicine),
        ("resolve", st.resolve),
        ("craft", st.craft),
    ] {
        if sides != 0 && !STANDARD_DICE.contains(&sides) {
            bad(
                name,
                format!(
                    "{name} must be a d4, d6, d8, d10, d12 or d20 (0 untrained), not a d{sides}"
                ),
            );
        }
    }
    if !SIZES.contains(&st.size) {
        bad(
            "size",
            format!("size {} (3 small, 4 medium, 5 large; 1 to 8)", st.size),
        );
    }
    if st.speed == 0 {
        bad("speed", "a speed of 0 cannot move".into());
    }
    if !LUCK.contains(&st.luck) {
        bad(
            "luck",
            format!(
                "luck must be from {} to {} (added to the luck die, a d20), not {}",
                LUCK.start(),
                LUCK.end(),
                st.luck
            ),
        );
    }
    if st.health == 0 {
        bad(
            "health",
            "a health of 0 would start the battle unconscious".into(),
        );
    }
}

/// Where in the file a core setup error lies: the entry it names, else its section.
fn setup_anchors(e: &SetupError) -> Vec<String> {
    let name = |n: &str| named(n);
    match e {
        SetupError::MapSize(..) => vec!["map".into()],
        SetupError::OffMap(what, _) => vec!["map".into(), quoted(what)],
        SetupError::Teams(_) | SetupError::TooMany(_) | SetupError::NoTeam(_) => {
            vec!["teams".into()]
        }
        SetupError::RoundLimit => vec!["round_limit".into()],
        SetupError::Blocked(c, _)
        | SetupError::Shared(c, _)
        | SetupError::Hands(c)
        | SetupError::Die(c) => vec!["teams".into(), name(c)],
        SetupError::ItemHands(i) | SetupError::Weapon(i, _) => vec!["items".into(), quoted(i)],
        SetupError::NoCharacter(t, _) | SetupError::NoTask(t, _) => {
            vec!["teams".into(), name(t), "objective".into()]
        }
        SetupError::Change(k, _) => std::iter::once("objective_changes".to_string())
            .chain(std::iter::repeat_n("team:".to_string(), k + 1))
            .collect(),
    }
}
