//! A Three actions scenario's grid and item catalogue, and what the rules ask of them: every
//! square on the map and in one terrain list, exits where one may stand, items that can be
//! held and weapons that can strike.

use fray_rules::line::Line;
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

    /// What stands on a square, as the keyword the messages choose their words by
    /// (`data-teams-blocked`).
    pub fn blocked_by(&self, p: Square) -> &'static str {
        match self.terrain.get(&p).copied().unwrap_or_default() {
            "walls" => "wall",
            "cover" => "cover",
            "doors" => "door",
            _ => "open",
        }
    }
}

/// The grid, with each mistake in its size, its terrain and its exits reported.
pub fn grid(r: &mut Report, m: &MapDef) -> Grid {
    let sized = (1..=MAX_SIDE).contains(&m.width) && (1..=MAX_SIDE).contains(&m.height);
    if !sized {
        r.at(
            &[Field("map"), Field("width")],
            Line::new("data-teams-map-size")
                .number("width", i64::from(m.width))
                .number("height", i64::from(m.height))
                .number("most", i64::from(MAX_SIDE)),
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
                    Line::new("data-teams-square-off-map")
                        .name("list", what)
                        .number("column", i64::from(p.0))
                        .number("row", i64::from(p.1))
                        .number("width", i64::from(m.width))
                        .number("height", i64::from(m.height)),
                );
            } else if let Some(other) = grid.terrain.insert(p, what) {
                r.at(
                    &at,
                    Line::new("data-teams-square-twice")
                        .number("column", i64::from(p.0))
                        .number("row", i64::from(p.1))
                        .name("first", other)
                        .name("list", what),
                );
            }
        }
    }
    // Each square once: a list of squares is then no longer than the map has squares.
    let mut exits = std::collections::BTreeSet::new();
    for (k, &p) in m.exits.iter().enumerate() {
        let at = [Field("map"), Field("exits"), Nth(k)];
        let exit = |id: &'static str| {
            (Line::new(id).number("column", i64::from(p.0))).number("row", i64::from(p.1))
        };
        if !exits.insert(p) {
            r.at(&at, exit("data-teams-exit-twice"));
        } else if !grid.inside(p) {
            r.at(&at, exit("data-teams-exit-off-map"));
        } else if !grid.open(p) {
            let on = Line::new("data-teams-on").word("what", grid.blocked_by(p));
            r.at(&at, exit("data-teams-exit-blocked").line("on", on));
        }
    }
    grid
}

/// An item of the catalogue: held in one hand or two, and a weapon that can strike.
pub fn item(r: &mut Report, name: &str, def: &ItemDef) {
    let at = [Field("items"), Field(name)];
    let mut bad = |msg: Line| {
        r.at(
            &at,
            Line::new("data-teams-item")
                .name("item", name)
                .line("what", msg),
        )
    };
    if !(1..=2).contains(&def.hands) {
        bad(Line::new("data-teams-item-hands").number("hands", i64::from(def.hands)));
    }
    if def.block == Some(0) {
        bad(Line::new("data-teams-block-zero"));
    }
    if def.durability == Some(0) {
        bad(Line::new("data-teams-durability-zero"));
    }
    if let Some(w) = &def.weapon {
        if w.attributes.is_empty() {
            bad(Line::new("data-teams-weapon-no-attribute"));
        }
        if w.reach == 0 && w.range == 0 {
            bad(Line::new("data-teams-weapon-no-reach"));
        }
        if w.critical == 0 || w.critical > 25 {
            bad(Line::new("data-teams-critical").number("critical", i64::from(w.critical)));
        }
        if w.critical_damage < w.damage {
            bad(Line::new("data-teams-critical-damage")
                .number("critical", i64::from(w.critical_damage))
                .number("damage", i64::from(w.damage)));
        }
        if (w.thrown || w.reload > 0) && w.range == 0 {
            bad(Line::new("data-teams-thrown-no-range"));
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
                Line::new("data-teams-task-off-map")
                    .name("task", task.name.clone())
                    .number("column", i64::from(task.at.0))
                    .number("row", i64::from(task.at.1)),
            );
        }
        if task.difficulty == 0 {
            r.at(
                &at("difficulty"),
                Line::new("data-teams-task-difficulty").name("task", task.name.clone()),
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
