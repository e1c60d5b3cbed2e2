//! What each team of a Three actions scenario fights for, and the changes to it the scenario
//! scripts, read once the characters and tasks they name are known.

use crate::rules::teams::{
    ChangeWhen, CharacterSetup, Objective, ObjectiveChange, Pos, Task, TeamSetup,
};
use crate::scenario::check::Step::{Field, Nth};
use crate::scenario::check::{Known, Report, Step, join};
use fray_rules::line::Line;

use super::map::Grid;
use super::{ObjectiveDef, Square, TeamsScenario, WhenDef};

/// What the objectives are read against.
pub struct Battle<'a> {
    pub sc: &'a TeamsScenario,
    pub grid: &'a Grid,
    pub known: &'a Known<'a>,
    pub characters: &'a [CharacterSetup],
    pub tasks: &'a [Task],
}

/// Each team with its objective.
pub fn teams(r: &mut Report, b: &Battle) -> Vec<TeamSetup> {
    (b.sc.teams.iter().enumerate())
        .map(|(t, team)| {
            let at = [Field("teams"), Nth(t), Field("objective")];
            let who = Line::new("data-teams-team").name("team", team.name.clone());
            TeamSetup {
                name: team.name.clone(),
                objective: objective(r, b, &at, who, t, &team.objective),
            }
        })
        .collect()
}

/// The objective changes whose team and moment are known.
pub fn changes(r: &mut Report, b: &Battle) -> Vec<ObjectiveChange> {
    let mut out = Vec::new();
    for (k, ch) in b.sc.objective_changes.iter().enumerate() {
        let at = |field| [Field("objective_changes"), Nth(k), Field(field)];
        let t = b.known.get("team", &ch.team);
        let who = Line::new("data-teams-objective-change")
            .number("number", k as i64 + 1)
            .name("team", ch.team.clone());
        let said = |id| Line::new(id).line("who", who.clone());
        let when = match &ch.when {
            WhenDef::Round(n) => {
                if *n == 0 {
                    r.at(&at("when"), said("data-teams-change-round-zero"));
                } else if *n > b.sc.round_limit {
                    r.at(
                        &at("when"),
                        said("data-teams-change-after-limit")
                            .number("round", *n)
                            .number("limit", b.sc.round_limit),
                    );
                }
                Some(ChangeWhen::Round(*n))
            }
            WhenDef::Task(name) => {
                let k = b.known.get("task", name);
                if k.is_none() {
                    r.at(
                        &at("when"),
                        said("data-teams-change-no-task").name("task", name.clone()),
                    );
                }
                k.map(ChangeWhen::Task)
            }
            WhenDef::Down(name) => {
                let c = b.known.get("character", name);
                if c.is_none() {
                    r.at(
                        &at("when"),
                        said("data-teams-change-nobody-down").name("name", name.clone()),
                    );
                }
                c.map(ChangeWhen::Down)
            }
        };
        let team = t.unwrap_or(usize::MAX);
        let objective = objective(r, b, &at("objective"), who.clone(), team, &ch.objective);
        if let (Some(team), Some(when)) = (t, when) {
            out.push(ObjectiveChange {
                team,
                when,
                objective,
                text: ch.text.clone(),
            });
        }
    }
    out
}

/// An objective of team `t`, written at `at`; `who` names whose it is in messages.
fn objective(
    r: &mut Report,
    b: &Battle,
    at: &[Step],
    who: Line,
    t: usize,
    def: &ObjectiveDef,
) -> Objective {
    let said = |id| Line::new(id).line("who", who.clone());
    let squares = |r: &mut Report, list: &[Square], at: &[Step]| -> Vec<Pos> {
        if list.is_empty() {
            r.at(at, said("data-teams-objective-no-squares"));
        }
        let mut seen = std::collections::BTreeSet::new();
        for (k, &p) in list.iter().enumerate() {
            if !seen.insert(p) {
                r.at(
                    &join(at, &[Nth(k)]),
                    said("data-teams-objective-square-twice")
                        .number("column", p.0)
                        .number("row", p.1),
                );
            } else if !b.grid.open(p) {
                r.at(
                    &join(at, &[Nth(k)]),
                    said("data-teams-objective-square-closed")
                        .number("column", p.0)
                        .number("row", p.1)
                        .word("why", if b.grid.inside(p) { "blocked" } else { "off" }),
                );
            }
        }
        list.iter().map(|&(x, y)| Pos::new(x, y)).collect()
    };
    let members = b.sc.teams.get(t).map_or(0, |team| team.characters.len());
    match def {
        ObjectiveDef::Defeat => Objective::Defeat,
        ObjectiveDef::Reach(list) => Objective::Reach {
            squares: squares(r, list, at),
        },
        ObjectiveDef::Hold {
            squares: list,
            rounds,
        } => {
            if *rounds == 0 {
                r.at(at, said("data-teams-objective-hold-zero"));
            }
            Objective::Hold {
                squares: squares(r, list, &join(at, &[Field("squares")])),
                rounds: *rounds,
            }
        }
        ObjectiveDef::Escape(count) => {
            if b.sc.map.exits.is_empty() {
                r.at(at, said("data-teams-objective-no-exits"));
            }
            if *count == 0 || usize::from(*count) > members {
                r.at(
                    at,
                    said("data-teams-objective-escape-count")
                        .number("count", *count)
                        .number("members", members as i64),
                );
            }
            Objective::Escape { count: *count }
        }
        ObjectiveDef::Protect { character, rounds } => {
            let c = b.known.get("character", character);
            let named = join(at, &[Field("character")]);
            match c {
                Some(c) if b.characters[c].team != t => r.at(
                    &named,
                    said("data-teams-objective-protect-other").name("name", character.clone()),
                ),
                None => r.at(
                    &named,
                    said("data-teams-objective-protect-nobody").name("name", character.clone()),
                ),
                Some(_) => {}
            }
            if *rounds == 0 {
                r.at(at, said("data-teams-objective-protect-zero"));
            }
            Objective::Protect {
                character: c.unwrap_or(0),
                rounds: *rounds,
            }
        }
        ObjectiveDef::Task(name) => {
            let k = b.known.get("task", name);
            match k {
                None => r.at(
                    at,
                    said("data-teams-objective-no-task").name("task", name.clone()),
                ),
                Some(k) if b.tasks[k].team.is_some_and(|o| o != t) => r.at(
                    at,
                    said("data-teams-objective-task-other").name("task", name.clone()),
                ),
                Some(_) => {}
            }
            Objective::Task {
                task: k.unwrap_or(0),
            }
        }
    }
}
