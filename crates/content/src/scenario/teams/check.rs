//! The lists of a Three actions scenario, their limits, the names that tell their records
//! apart and the fields that name a record of another list, declared for the engine.

use fray_rules::line::Line;

use crate::scenario::check::Step::{Field, Nth};
use crate::scenario::check::{Checks, Limit, Names, Once, Path, Step, join};
use crate::scenario::error::some_of;

use super::{MAX_CARRIED, MAX_GROUND, MAX_ITEMS, MAX_TASKS, MAX_TEAMS, TeamsScenario};

/// Everything of the scenario that is a list, a name, or a name of something.
pub fn declared(sc: &TeamsScenario) -> Checks<'_> {
    let mut d = Checks::default();
    let field = |key: &str| Line::new("data-field").name("field", key);
    d.limit(
        vec![Field("items")],
        field("items"),
        sc.items.len(),
        MAX_ITEMS,
    );
    d.limits.push(Limit {
        at: vec![Field("teams")],
        label: field("teams"),
        len: sc.teams.len(),
        max: MAX_TEAMS,
        least: Some((
            2,
            Line::new("data-teams-too-few-teams").number("count", sc.teams.len() as i64),
        )),
    });
    d.limit(
        vec![Field("tasks")],
        field("tasks"),
        sc.tasks.len(),
        MAX_TASKS,
    );
    let ground = field("ground");
    d.limit(vec![Field("ground")], ground, sc.ground.len(), MAX_GROUND);
    d.names.push(Names {
        kind: "item",
        records: (sc.items.keys())
            .map(|n| (vec![Field("items"), Field(n.as_str())], n.as_str()))
            .collect(),
        blank: None,
        visible: None,
        twice: None,
        also: Vec::new(),
    });
    d.names.push(Names {
        kind: "team",
        records: (sc.teams.iter().enumerate())
            .map(|(t, team)| {
                (
                    vec![Field("teams"), Nth(t), Field("name")],
                    team.name.as_str(),
                )
            })
            .collect(),
        blank: Some(Box::new(|_, _| Line::new("data-teams-team-blank"))),
        visible: Some("team"),
        twice: Some(Box::new(|_, n| {
            Line::new("data-teams-teams-same-name").name("name", n)
        })),
        also: Vec::new(),
    });
    d.names.push(Names {
        kind: "task",
        records: (sc.tasks.iter().enumerate())
            .map(|(k, task)| {
                (
                    vec![Field("tasks"), Nth(k), Field("name")],
                    task.name.as_str(),
                )
            })
            .collect(),
        blank: None,
        visible: Some("task"),
        twice: Some(Box::new(|_, n| {
            Line::new("data-teams-tasks-same-name").name("name", n)
        })),
        also: Vec::new(),
    });
    teams_named(&mut d, sc);
    characters(&mut d, sc);
    situation(&mut d, sc);
    // A few of the catalogue's names, for messages: written once, however many refer to it.
    let items: Vec<&String> = sc.items.keys().collect();
    let items = std::rc::Rc::new(some_of(&items));
    for (k, g) in sc.ground.iter().enumerate() {
        let items = items.clone();
        d.refer(
            vec![Field("ground"), Nth(k), Field("item")],
            &g.item,
            "item",
            move || {
                Line::new("data-teams-ground-unknown-item")
                    .name("item", g.item.clone())
                    .line("known", (*items).clone())
            },
        );
    }
    d
}

/// Each field that names a team: a task's, an objective change's, who started the fight,
/// who was attacked, who has surprise.
fn teams_named<'a>(d: &mut Checks<'a>, sc: &'a TeamsScenario) {
    let names: Vec<&str> = sc.teams.iter().map(|t| t.name.as_str()).collect();
    let teams = std::rc::Rc::new(some_of(&names));
    let mut named = Vec::new();
    for (k, task) in sc.tasks.iter().enumerate() {
        if let Some(n) = &task.team {
            let what = Line::new("data-teams-task").name("name", task.name.clone());
            named.push((vec![Field("tasks"), Nth(k), Field("team")], n, what));
        }
    }
    for (k, ch) in sc.objective_changes.iter().enumerate() {
        let what = Line::new("data-teams-change-team").number("number", k as i64 + 1);
        named.push((
            vec![Field("objective_changes"), Nth(k), Field("team")],
            &ch.team,
            what,
        ));
    }
    named.push((
        vec![Field("started_by")],
        &sc.started_by,
        Line::new("data-field").name("field", "started_by"),
    ));
    for (key, n) in [("attacked", &sc.attacked), ("surprise", &sc.surprise)] {
        if let Some(n) = n {
            named.push((
                vec![Field(key)],
                n,
                Line::new("data-field").name("field", key),
            ));
        }
    }
    for (at, name, what) in named {
        let teams = teams.clone();
        d.refer(at, name, "team", move || {
            Line::new("data-teams-no-team")
                .line("what", what.clone())
                .name("team", name.clone())
                .line("known", (*teams).clone())
        });
    }
}

/// The characters' names, their lists of gear and the items in them.
fn characters<'a>(d: &mut Checks<'a>, sc: &'a TeamsScenario) {
    let items: Vec<&String> = sc.items.keys().collect();
    let items = std::rc::Rc::new(some_of(&items));
    let mut names = Vec::new();
    for (t, team) in sc.teams.iter().enumerate() {
        for (c, cd) in team.characters.iter().enumerate() {
            let at = [Field("teams"), Nth(t), Field("characters"), Nth(c)];
            names.push((join(&at, &[Field("name")]), cd.name.as_str()));
            for (key, list) in [("hands", &cd.hands), ("pack", &cd.pack)] {
                let label = Line::new("data-record-field")
                    .line(
                        "who",
                        Line::new("data-character").name("name", cd.name.clone()),
                    )
                    .name("field", key);
                d.limit(join(&at, &[Field(key)]), label, list.len(), MAX_CARRIED);
                for (k, name) in list.iter().enumerate() {
                    let items = items.clone();
                    d.refer(join(&at, &[Field(key), Nth(k)]), name, "item", move || {
                        Line::new("data-teams-unknown-item")
                            .name("who", cd.name.clone())
                            .name("item", name.clone())
                            .line("known", (*items).clone())
                    });
                }
            }
        }
    }
    d.names.push(Names {
        kind: "character",
        records: names,
        blank: Some(Box::new(|_, _| Line::new("data-character-blank"))),
        visible: Some("character"),
        twice: Some(Box::new(|_, n| {
            Line::new("data-character-twice").name("name", n)
        })),
        also: Vec::new(),
    });
}

/// The names a battle written mid-way gives: the teams in its order (each once) and the team to
/// act; the characters who have acted, whose turn it is and those it sets as they stand.
fn situation<'a>(d: &mut Checks<'a>, sc: &'a TeamsScenario) {
    let Some(def) = &sc.situation else {
        return;
    };
    let at = |more: &[Step<'a>]| join(&[Field("situation")], more);
    let names: Vec<&str> = sc.teams.iter().map(|t| t.name.as_str()).collect();
    let teams = std::rc::Rc::new(some_of(&names));
    let mut team_at: Vec<(Path<'a>, &'a String)> = (def.order.iter().enumerate())
        .map(|(k, n)| (at(&[Field("order"), Nth(k)]), n))
        .collect();
    team_at.extend(def.to_act.iter().map(|n| (at(&[Field("to_act")]), n)));
    for (path, name) in team_at {
        let teams = teams.clone();
        d.refer(path, name, "team", move || {
            Line::new("data-teams-situation-no-team")
                .name("team", name.clone())
                .line("known", (*teams).clone())
        });
    }
    let mut character_at: Vec<(Path<'a>, &'a String)> = (def.acted.iter().enumerate())
        .map(|(k, n)| (at(&[Field("acted"), Nth(k)]), n))
        .collect();
    character_at.extend(def.turn.iter().map(|n| (at(&[Field("turn")]), n)));
    character_at.extend(
        (def.characters.iter().enumerate())
            .map(|(k, s)| (at(&[Field("characters"), Nth(k), Field("name")]), &s.name)),
    );
    for (path, name) in character_at {
        d.refer(path, name, "character", move || {
            Line::new("data-situation-no-character").name("name", name.clone())
        });
    }
    d.once.push(Once {
        at: at(&[Field("order")]),
        items: def.order.iter().map(String::as_str).collect(),
        twice: Box::new(|_, n| Line::new("data-teams-situation-order-twice").name("team", n)),
    });
}
