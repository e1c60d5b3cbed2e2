//! A Three actions scenario's grid and item catalogue, and what the rules ask of them: every
//! square on the map and in one terrain list, exits where one may stand, items that can be
//! held and weapons that can strike.

use std::collections::BTreeMap;

use crate::rules::teams::{Pos, Task};
use crate::scenario::check::Step::{Field, Nth};
use crate::scenario::check::{Known, Report};

use super::{ItemDef, MAX_SIDE, MapDef, Square, TeamsScenario};

/// The grid as read: its size and what stands on each square of a terrain list.
pub struct Grid {
    pub width: u8,
    pub height: u8,
    terrain: BTreeMap<Square, &'static str>,
}

impl Grid {
    pub fn inside(&self, (x, y): Square) -> bool {
        x < self.width && y < self.height
    }

    /// Where one may stand: on the map, and not a wall, cover or a closed door.
    pub fn open(&self, p: Square) -> bool {
        self.inside(p) && !matches!(self.terrain.get(&p), Some(&"walls" | &"cover" | &"doors"))
    }

    /// What stands on a square, for messages.
    pub fn blocked_by(&self, p: Square) -> &'static str {
        match self.terrain.get(&p).copied().unwrap_or_default() {
            "walls" => "a wall",
            "cover" => "cover",
            "doors" => "a closed door",
            _ => "open ground",
        }
    }
}

/// The grid, with each mistake in its size, its terrain and its exits reported.
pub fn grid(r: &mut Report, m: &MapDef) -> Grid {
    let sized = (1..=MAX_SIDE).contains(&m.width) && (1..=MAX_SIDE).contains(&m.height);
    if !sized {
        r.at(
            &[Field("map"), Field("width")],
            format!(
                "map: {}×{} squares; each side must be 1 to {MAX_SIDE}",
                m.width, m.height
            ),
        );
    }
    let mut grid = Grid {
        width: m.width,
        height: m.height,
        terrain: BTreeMap::new(),
    };
    // Terrain: every square on the map and in one list only.
    for (what, list) in [
        ("walls", &m.walls),
        ("cover", &m.cover),
        ("difficult", &m.difficult),
        ("doors", &m.doors),
        ("open_doors", &m.open_doors),
    ] {
        for (k, &p) in list.iter().enumerate() {
            let at = [Field("map"), Field(what), Nth(k)];
            if !grid.inside(p) {
                r.at(
                    &at,
                    format!(
                        "map: {what} square {:?} lies off the {}×{} map",
                        p, m.width, m.height
                    ),
                );
            } else if let Some(other) = grid.terrain.insert(p, what) {
                r.at(
                    &at,
                    format!("map: square {p:?} is listed in both {other} and {what}"),
                );
            }
        }
    }
    // Each square once: a list of squares is then no longer than the map has squares.
    let mut exits = std::collections::BTreeSet::new();
    for (k, &p) in m.exits.iter().enumerate() {
        let at = [Field("map"), Field("exits"), Nth(k)];
        if !exits.insert(p) {
            r.at(&at, format!("map: exit {p:?} is listed twice"));
        } else if !grid.inside(p) {
            r.at(&at, format!("map: exit {p:?} lies off the map"));
        } else if !grid.open(p) {
            r.at(&at, format!("map: exit {p:?} is on {}", grid.blocked_by(p)));
        }
    }
    grid
}

/// An item of the catalogue: held in one hand or two, and a weapon that can strike.
pub fn item(r: &mut Report, name: &str, def: &ItemDef) {
    let at = [Field("items"), Field(name)];
    let mut bad = |msg: String| r.at(&at, format!("item \"{name}\": {msg}"));
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

/// The short tasks on the map: each worked from a square on it, and needing a test.
pub fn tasks(r: &mut Report, sc: &TeamsScenario, grid: &Grid, known: &Known) -> Vec<Task> {
    let mut tasks = Vec::new();
    for (k, task) in sc.tasks.iter().enumerate() {
        let at = |field| [Field("tasks"), Nth(k), Field(field)];
        if !grid.inside(task.at) {
            r.at(
                &at("at"),
                format!(
                    "task \"{}\": square {:?} lies off the map",
                    task.name, task.at
                ),
            );
        }
        if task.difficulty == 0 {
            r.at(
                &at("difficulty"),
                format!("task \"{}\": a difficulty of 0 needs no test", task.name),
            );
        }
        tasks.push(Task {
            name: task.name.clone(),
            at: Pos::new(task.at.0, task.at.1),
            attribute: task.attribute,
            skill: task.skill,
            difficulty: task.difficulty,
            team: task.team.as_ref().and_then(|n| known.get("team", n)),
            done: false,
        });
    }
    tasks
}
