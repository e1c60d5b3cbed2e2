//! How Three actions looks: the grid of 1 m squares (walls, cover, difficult ground, doors,
//! exits and task squares), a token a square with endurance and health, and each choice's cost:
//! the metres of a move, the odds of an attack.

use crate::rules::battle::{DecisionKind, Seat};
use crate::rules::dice::{DiceError, DiceSource, Die};
use crate::rules::teams::costs::ACTIONS_PER_TURN;
use crate::rules::teams::harm::{DefenceTest, defence_test};
use crate::rules::teams::model::{Cell, Character, Location, Pos, Stage, State, Status, WeaponRef};
use crate::rules::teams::roll::chance_at_least;
use crate::rules::teams::{
    Action, EventKind, GearChange, Noted, ReactionKind, StanceKind, Teams, grid, odds,
};
use fray_words::Value;

use super::{
    BoardView, Focus, Icon, Mark, Place, Pool, Present, ResultTable, RosterLine, Token, Tone,
    Visual, pct,
};
use super::{Words, headings};

/// The place index of a square: row by row, as the map is written.
fn place_of(s: &State, p: Pos) -> usize {
    s.map.index(p)
}

fn colour(cell: Cell) -> [u8; 3] {
    match cell {
        Cell::Floor => [58, 62, 52],
        Cell::Wall => [28, 28, 32],
        Cell::Cover => [96, 74, 46],
        Cell::Difficult => [70, 82, 60],
        Cell::DoorOpen => [120, 96, 60],
        Cell::DoorClosed => [84, 56, 30],
    }
}

/// A square's feature: the English word the art's terrain is found by, and the message the
/// square is written with (the words a player reads may be any language's; the art's are not).
fn feature(cell: Cell) -> Option<(&'static str, &'static str)> {
    Some(match cell {
        Cell::Floor | Cell::Wall => return None,
        Cell::Cover => ("cover", "teams-feature-cover"),
        Cell::Difficult => ("rough", "teams-feature-rough"),
        Cell::DoorOpen => ("door", "teams-feature-door"),
        Cell::DoorClosed => ("shut", "teams-feature-shut"),
    })
}

/// What is wrong with a character, as the messages of its words and the icons on its token.
fn conditions(c: &Character) -> Vec<(&'static str, Option<Icon>)> {
    let mut out = Vec::new();
    match c.status {
        Status::Unconscious => out.push(("teams-note-out-cold", Some(Icon::Down))),
        Status::Dead => out.push(("teams-note-dead", Some(Icon::Dead))),
        Status::Fled => out.push(("teams-note-gone", None)),
        Status::Active => {}
    }
    let active = c.status == Status::Active;
    if c.prone && active {
        out.push(("teams-note-prone", Some(Icon::Prone)));
    }
    if c.guarding {
        out.push(("teams-note-guarding", Some(Icon::Guarding)));
    }
    if c.in_cover {
        out.push(("teams-note-in-cover", Some(Icon::InCover)));
    }
    if c.readied.is_some() {
        out.push(("teams-note-ready", Some(Icon::Ready)));
    }
    // Harmed and bloodied share the one icon: hurt.
    let bloodied = c.is_bloodied() && active;
    if c.is_harmed() && active {
        out.push(("teams-note-harmed", (!bloodied).then_some(Icon::Hurt)));
    }
    if bloodied {
        out.push(("teams-note-bloodied", Some(Icon::Hurt)));
    }
    out
}

/// A character's conditions in words, joined as a list: empty where nothing is wrong.
fn notes(words: &Words, c: &Character) -> String {
    conditions(c)
        .iter()
        .map(|(id, _)| words.say(id))
        .collect::<Vec<_>>()
        .join(&words.say("list-separator"))
}

fn number(n: impl Into<f64>) -> Value {
    Value::Number(n.into())
}

fn text(t: impl Into<String>) -> Value {
    Value::Text(t.into())
}

/// A chance as the whole percentage the screen writes, rounded as `{:.0}` rounds.
fn percent(p: impl Into<f64>) -> Value {
    Value::Number(pct(p).round_ties_even())
}

/// An expected damage: the message writes its one decimal ("2.0").
fn tenths(x: f64) -> Value {
    Value::Number(x)
}

/// A weapon's name: the item's, as the scenario gives it, or bare hands in the player's words.
fn weapon_name(words: &Words, s: &State, w: WeaponRef) -> String {
    match w {
        WeaponRef::Unarmed => words.say("teams-bare-hands"),
        WeaponRef::Item(i) => s.item_name(i).to_string(),
    }
}

/// Metres, as a move's slide and a square's cost write them.
fn metres(words: &Words, m: u8) -> String {
    words.say_with("teams-metres", &[("n", number(m))])
}

fn short_name(name: &str) -> &str {
    name.split_whitespace().next().unwrap_or(name)
}

/// The metres a move to `to` costs the one moving, every second diagonal counting 2.
fn metres_to(s: &State, to: Pos) -> Option<u8> {
    let mover = s.actor()?;
    let speed = s.characters.get(mover)?.stats.speed;
    grid::move_cost(s, mover, speed, to)
}

/// The word a note about someone floats over their token, where a word tells it; the others
/// tell a story (a task out of reach, a strike on no one), said in a banner.
fn note_float(what: Noted) -> Option<&'static str> {
    Some(match what {
        Noted::Abandoned => "teams-float-abandons",
        Noted::TookNoAction => "teams-float-no-action",
        Noted::ReloadLost => "teams-float-reload-lost",
        Noted::Spared => "teams-float-spared",
        _ => return None,
    })
}

impl Present for Teams {
    const MOUSE: &'static str = "teams-mouse";
    const ROUND: &'static str = "teams-round";
    fn visual(words: &Words, s: &State, e: &crate::rules::teams::TeamsEvent) -> Visual {
        let float = |token: usize, id: &str| Visual::float(token, words.say(id));
        let toned = |token: usize, id: &str, tone: Tone| Visual::toned(token, words.say(id), tone);
        let banner = || Visual::Banner {
            text: words.line(&e.line, s),
        };
        if let EventKind::Note {
            about: Some(c),
            what,
        } = e.kind
            && let Some(id) = note_float(what)
        {
            return float(c, id);
        }
        match &e.kind {
            EventKind::Moved {
                character,
                from,
                to,
                metres,
            } => Visual::Slide {
                token: *character,
                from: place_of(s, *from),
                to: place_of(s, *to),
                text: self::metres(words, *metres),
            },
            EventKind::Attack { attacker, target } => Visual::Strike {
                from: *attacker,
                to: *target,
            },
            EventKind::Retargeted { to, .. } => float(*to, "teams-float-strays"),
            EventKind::Hit {
                target, critical, ..
            } => {
                if *critical {
                    toned(*target, "teams-float-critical-hit", Tone::Critical)
                } else {
                    float(*target, "teams-float-hit")
                }
            }
            EventKind::Missed { target, .. } => toned(*target, "teams-float-missed", Tone::Miss),
            EventKind::Damage {
                character, amount, ..
            } => Visual::toned(
                *character,
                words.say_with("teams-float-damage", &[("n", number(*amount))]),
                Tone::Harm(u32::from(*amount)),
            ),
            EventKind::Spent {
                character, left, ..
            } => {
                // The turn's three action pips: those left bold, those spent small.
                let pips: String = (0..ACTIONS_PER_TURN)
                    .map(|k| if k < *left { '•' } else { '·' })
                    .collect();
                Visual::float(*character, pips)
            }
            EventKind::Commanded { ally, .. } => float(*ally, "teams-float-commanded"),
            EventKind::Prone { character, prone } => float(
                *character,
                if *prone {
                    "teams-float-prone"
                } else {
                    "teams-float-stands-up"
                },
            ),
            EventKind::Stance { character, stance } => float(
                *character,
                match stance {
                    StanceKind::Guard => "teams-float-guards",
                    StanceKind::Wait => "teams-float-waits",
                    StanceKind::Ready => "teams-float-readies",
                    StanceKind::Cover => "teams-float-takes-cover",
                    StanceKind::Extended => "teams-float-starts",
                },
            ),
            EventKind::Reaction {
                character, kind, ..
            } => match kind {
                ReactionKind::Readied => float(*character, "teams-float-reacts"),
                ReactionKind::Block => toned(*character, "teams-float-blocks", Tone::Guard),
                ReactionKind::Parry => toned(*character, "teams-float-parries", Tone::Guard),
                ReactionKind::Dodge => toned(*character, "teams-float-dodges", Tone::Guard),
                ReactionKind::Fortify => toned(*character, "teams-float-braces", Tone::Guard),
                ReactionKind::Resist => toned(*character, "teams-float-resists", Tone::Guard),
                ReactionKind::Intercept => toned(*character, "teams-float-intercepts", Tone::Guard),
            },
            EventKind::ItemDamaged { item, durability } => match s.items[*item].location() {
                Location::Hand(c) | Location::Pack(c) => Visual::float(
                    c,
                    words.say_with("teams-float-durability", &[("n", number(*durability))]),
                ),
                _ => banner(),
            },
            EventKind::Harmed { character } => float(*character, "teams-float-harmed"),
            EventKind::Bloodied { character } => float(*character, "teams-float-bloodied"),
            EventKind::Status { character, status } => match status {
                Status::Active => float(*character, "teams-float-conscious"),
                Status::Unconscious | Status::Dead | Status::Fled => {
                    Visual::Fall { token: *character }
                }
            },
            EventKind::CheatedDeath { character, .. } => {
                float(*character, "teams-float-cheats-death")
            }
            EventKind::Gear {
                character, change, ..
            } => float(
                *character,
                match change {
                    GearChange::PickedUp => "teams-float-picks-up",
                    GearChange::Dropped => "teams-float-drops",
                    GearChange::Reloaded => "teams-float-reloads",
                    GearChange::Brandished => "teams-float-takes-up",
                },
            ),
            EventKind::TurnStarted { character } => float(*character, "teams-float-turn"),
            EventKind::Door { at, .. } => Visual::Flash {
                place: place_of(s, *at),
            },
            EventKind::Roll { character: Some(c) } => Visual::float(
                *c,
                e.explanation.as_ref().map_or_else(String::new, |x| {
                    words.say_with("teams-float-total", &[("n", number(x.total))])
                }),
            ),
            EventKind::Roll { character: None }
            | EventKind::Initiative { .. }
            | EventKind::SurpriseRound { .. }
            | EventKind::RoundStarted { .. }
            | EventKind::TurnEnded { .. }
            | EventKind::TaskDone { .. }
            | EventKind::Objective { .. }
            | EventKind::Note { .. }
            | EventKind::BattleOver => banner(),
        }
    }

    fn decision_title(words: &Words, kind: DecisionKind) -> String {
        words.say(match kind {
            DecisionKind::Initiative => "teams-title-initiative",
            DecisionKind::Activation => "teams-title-activation",
            DecisionKind::Turn => "teams-title-turn",
            DecisionKind::Reaction => "teams-title-reaction",
            // Kinds this ruleset never asks.
            _ => "present-title-decide",
        })
    }

    fn situation(words: &Words, s: &State) -> Option<String> {
        let mut said = vec![if s.surprise.is_some() && s.round == 0 {
            words.say("teams-situation-surprise-round")
        } else {
            words.say_with(
                "teams-situation-round",
                &[("round", number(s.round)), ("limit", number(s.round_limit))],
            )
        }];
        match s.stage {
            Stage::Turn => {
                let turn = s.turn?;
                let c = s.characters.get(turn.actor())?;
                said.push(words.say_with(
                    "teams-situation-turn",
                    &[
                        ("who", text(&c.name)),
                        ("left", number(turn.actions_left)),
                        ("most", number(ACTIONS_PER_TURN)),
                        ("reactions", number(c.reactions)),
                        ("stamina", number(c.stamina)),
                        ("focus", number(c.focus)),
                    ],
                ));
                if turn.command.is_some() {
                    said.push(words.say_with(
                        "teams-situation-commanded",
                        &[("owner", text(s.name(turn.owner)))],
                    ));
                }
            }
            Stage::Intercept | Stage::Defend | Stage::Fortify => {
                let a = s.attack?;
                let t = s.characters.get(a.target)?;
                let stage = match s.stage {
                    Stage::Intercept => "intercept",
                    Stage::Defend => "defend",
                    _ => "fortify",
                };
                said.push(words.say_with(
                    "teams-situation-attack",
                    &[
                        ("attacker", text(s.name(a.attacker))),
                        ("target", text(&t.name)),
                        ("weapon", text(weapon_name(words, s, a.weapon))),
                        ("stage", text(stage)),
                        ("stamina", number(t.stamina)),
                        ("focus", number(t.focus)),
                    ],
                ));
                if let Some(r) = a.roll {
                    said.push(
                        words
                            .say_with("teams-situation-attack-test", &[("total", number(r.total))]),
                    );
                }
            }
            Stage::Activation => {
                let team = s.order.get(s.to_act).copied().unwrap_or(0);
                said.push(words.say_with(
                    "teams-situation-activation",
                    &[("team", text(s.team_name(team)))],
                ));
            }
            Stage::Initiative | Stage::Over => {}
        }
        Some(said.join(&words.say("teams-situation-separator")))
    }

    fn odds(words: &Words, s: &State, a: &Action) -> Option<String> {
        match *a {
            Action::Attack { target, weapon } | Action::KillingStrike { target, weapon } => {
                let attacker = s.actor()?;
                let o = odds::attack_odds(s, attacker, weapon, target)?;
                let mut said = vec![words.say_with(
                    "teams-odds-attack",
                    &[
                        ("hit", percent(o.hit)),
                        ("critical", percent(o.critical)),
                        ("damage", tenths(o.expected_damage)),
                        ("takedown", percent(o.takedown)),
                    ],
                )];
                if o.stray > 0.0 {
                    said.push(words.say_with("teams-odds-astray", &[("stray", percent(o.stray))]));
                }
                Some(said.join(&words.say("teams-odds-separator")))
            }
            Action::Move(p) | Action::Sprint(p) => {
                let m = metres_to(s, p)?;
                let moved = words.say_with("teams-odds-move", &[("n", number(m))]);
                Some(readied_words(words, s, p, moved))
            }
            Action::Step(p) => Some(readied_words(words, s, p, words.say("teams-odds-step"))),
            Action::NoReaction | Action::Parry(_) | Action::Block(_) => taken(words, s, a),
            Action::Dodge | Action::Resist => {
                let total = s.attack?.roll?.total;
                let p = avoid_chance(s, a)?;
                Some(words.say_with(
                    "teams-odds-avoid",
                    &[
                        ("chance", percent(p)),
                        ("total", number(total)),
                        ("else", text(taken(words, s, &Action::NoReaction)?)),
                    ],
                ))
            }
            Action::Fortify => {
                let at = s.attack?;
                let ch = &s.characters[at.target];
                let spec = defence_test(ch, DefenceTest::Fortify);
                let p = chance_at_least(&spec, i32::from(ch.missing_health()));
                Some(words.say_with("teams-odds-fortify", &[("chance", percent(p))]))
            }
            Action::FallUnconscious => Some(words.say("teams-odds-fall")),
            Action::Intercept(c) => {
                Some(words.say_with("teams-odds-intercept", &[("who", text(s.name(c)))]))
            }
            _ => None,
        }
    }

    fn board(words: &Words, s: &State, _: Option<Seat>) -> BoardView {
        let mut places = Vec::with_capacity(s.map.cells.len());
        for y in 0..s.map.height {
            for x in 0..s.map.width {
                let p = Pos::new(x, y);
                let cell = s.map.cell(p);
                let feature = if s.map.exits.contains(&p) {
                    Some(("exit", "teams-feature-exit"))
                } else {
                    feature(cell)
                };
                let features = feature.map_or_else(String::new, |(_, id)| words.say(id));
                let mut name = String::new();
                if let Some(t) = s.tasks.iter().find(|t| t.at == p) {
                    name = short_name(&t.name).to_string();
                }
                let terrain = feature
                    .and_then(|(art, _)| crate::art::terrain(art))
                    .into_iter()
                    .chain(crate::art::terrain(&name))
                    .collect();
                places.push(Place {
                    name,
                    features,
                    colour: colour(cell),
                    at: Some((f32::from(x), f32::from(y))),
                    terrain,
                });
            }
        }
        let tokens = s
            .characters
            .iter()
            .enumerate()
            .filter(|(_, c)| c.status != Status::Fled)
            .map(|(i, c)| {
                let label = short_name(&c.name).to_string();
                let note = notes(words, c);
                let icons = conditions(c).iter().filter_map(|(_, i)| *i).collect();
                Token {
                    id: i,
                    place: place_of(s, c.pos),
                    faction: c.team,
                    // Endurance and health are the bars across the token; "5/6" read as hurt.
                    inside: if c.status == Status::Dead {
                        "X".into()
                    } else {
                        String::new()
                    },
                    label,
                    note,
                    icons,
                    out: !c.is_active(),
                    faded: false,
                    pools: if c.status == Status::Dead {
                        Vec::new()
                    } else {
                        vec![
                            Pool::new("endurance", c.endurance, c.stats.endurance),
                            Pool::new("health", c.health, c.stats.health),
                        ]
                    },
                    portrait: {
                        let gear: Vec<&str> = s.carried(i).map(|it| s.item_name(it)).collect();
                        crate::art::portrait(c.icon.as_deref(), &c.name, s.team_name(c.team), &gear)
                    },
                    weapon: s.held(i).find_map(|it| crate::art::weapon(s.item_name(it))),
                    name: c.name.clone(),
                    gear: s
                        .held(i)
                        .map(|it| {
                            words.say_with("teams-gear-in-hand", &[("item", text(s.item_name(it)))])
                        })
                        .chain(
                            s.carried(i)
                                .filter(|&it| s.items[it].location() == Location::Pack(i))
                                .map(|it| s.item_name(it).to_string()),
                        )
                        .collect(),
                }
            })
            .collect();
        BoardView {
            places,
            links: Vec::new(),
            tokens,
            active: s.actor(),
            grid: true,
            ..BoardView::default()
        }
    }

    fn focus(words: &Words, s: &State, a: &Action) -> Focus {
        let at = |p: Pos, m: Mark| Focus {
            place: Some((place_of(s, p), m)),
            ..Focus::default()
        };
        let who = |c: usize, m: Mark| Focus {
            names: vec![c],
            token: Some((c, m)),
            ..Focus::default()
        };
        match *a {
            Action::Attack { target, .. } | Action::KillingStrike { target, .. } => {
                who(target, Mark::Harm)
            }
            Action::Activate(c)
            | Action::Command(c)
            | Action::Resuscitate(c)
            | Action::Intercept(c) => who(c, Mark::Pick),
            Action::Move(p) | Action::Sprint(p) | Action::Step(p) => {
                let risky = s
                    .actor()
                    .is_some_and(|m| !odds::readied_risk(s, m, p).is_empty());
                // A sprint (a second move, for stamina) and the free step say so in their
                // square: the same metres cost differently.
                let cost = match *a {
                    Action::Step(_) => Some(words.say("teams-cost-step")),
                    Action::Sprint(_) => metres_to(s, p)
                        .map(|m| words.say_with("teams-cost-sprint", &[("n", number(m))])),
                    _ => metres_to(s, p).map(|m| metres(words, m)),
                };
                Focus {
                    cost,
                    ..at(p, if risky { Mark::Risk } else { Mark::Go })
                }
            }
            Action::Door(p) => at(p, Mark::Go),
            _ => Focus::default(),
        }
    }

    /// A move's reach (one action, up to the character's speed), each square with its metres;
    /// none for one who cannot move now (down, prone, out of the fight).
    fn reach(words: &Words, s: &State, c: usize) -> Vec<(usize, String)> {
        let Some(ch) = s.characters.get(c) else {
            return Vec::new();
        };
        if !ch.is_active() || ch.prone {
            return Vec::new();
        }
        grid::reachable(s, c, ch.stats.speed)
            .into_iter()
            .map(|(p, m)| (place_of(s, p), metres(words, m)))
            .collect()
    }

    /// A click on a square: the free step if it is one, else the move, else the sprint.
    fn place_action(s: &State, legal: &[Action], place: usize) -> Option<usize> {
        // The free step first, then the move, then the sprint that costs stamina.
        let to = |a: &Action, kind: u8| match (*a, kind) {
            (Action::Step(p), 0) | (Action::Move(p), 1) | (Action::Sprint(p), 2) => {
                place_of(s, p) == place
            }
            _ => false,
        };
        (0..3).find_map(|k| legal.iter().position(|a| to(a, k)))
    }

    fn irreversible(_: &State, action: &Action) -> bool {
        // Leaving the battle, or giving in to a blow.
        matches!(action, Action::Escape | Action::FallUnconscious)
    }

    /// With no actions left, only free ones (drop an item, drop prone) remain beside ending the
    /// turn: the cursor starts on ending it, so Enter never drops a weapon by surprise.
    fn first_action(s: &State, legal: &[Action]) -> Option<usize> {
        // A reaction with no chance of doing anything is never the one under the cursor: the
        // first that can help, else no reaction at all.
        if legal.contains(&Action::NoReaction) {
            return legal
                .iter()
                .position(|a| avoid_chance(s, a).is_none_or(|p| p > 0.0))
                .or_else(|| legal.iter().position(|a| *a == Action::NoReaction));
        }
        let spent = s
            .turn
            .is_some_and(|t| t.actions_left == 0 && t.command.is_none());
        legal
            .iter()
            .position(|a| *a == Action::EndTurn)
            .filter(|_| spent)
    }

    /// A reaction where nothing offered can help: declined.
    fn routine(s: &State, legal: &[Action]) -> Option<usize> {
        let first = Self::first_action(s, legal)?;
        (legal[first] == Action::NoReaction).then_some(first)
    }

    // An attack in reach comes first: after closing in, Enter strikes rather than runs on.
    const VERBS_FIRST: &'static [&'static str] = &[
        "teams-verb-attack",
        "teams-verb-move",
        "teams-verb-sprint",
        "teams-verb-ready-an-attack",
    ];

    fn verb(_: &State, a: &Action) -> Option<&'static str> {
        Some(match a {
            Action::Activate(_) => "teams-verb-give-a-turn",
            Action::Move(_) => "teams-verb-move",
            Action::Sprint(_) => "teams-verb-sprint",
            Action::Step(_) => "teams-verb-step",
            Action::Attack { .. } | Action::KillingStrike { .. } => "teams-verb-attack",
            Action::Ready(_) | Action::ReadyFor(..) => "teams-verb-ready-an-attack",
            Action::Brandish { .. }
            | Action::PickUp(_)
            | Action::DropItem(_)
            | Action::Reload(_) => "teams-verb-items",
            Action::Door(_) => "teams-verb-doors",
            Action::ShortTask(_) => "teams-verb-tasks",
            Action::Command(_) => "teams-verb-command",
            Action::Resuscitate(_) => "teams-verb-resuscitate",
            _ => return None,
        })
    }

    fn quick_action(legal: &[Action]) -> Option<usize> {
        legal
            .iter()
            .position(|a| *a == Action::EndTurn)
            .or_else(|| legal.iter().position(|a| *a == Action::NoReaction))
    }

    fn character_name(s: &State, id: usize) -> String {
        s.name(id).to_string()
    }

    fn roster(words: &Words, s: &State, _: Option<Seat>) -> Vec<RosterLine> {
        s.characters
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let mut said = vec![words.say_with(
                    "teams-roster-stats",
                    &[
                        ("who", text(&c.name)),
                        ("endurance", number(c.endurance)),
                        ("endurance-most", number(c.stats.endurance)),
                        ("health", number(c.health)),
                        ("health-most", number(c.stats.health)),
                        ("stamina", number(c.stamina)),
                        ("focus", number(c.focus)),
                    ],
                )];
                let what = notes(words, c);
                if !what.is_empty() {
                    said.push(what);
                }
                // The one whose turn it is is acting, not done.
                if s.actor() == Some(i) {
                    said.push(words.say("teams-roster-acting"));
                } else if c.acted {
                    said.push(words.say("teams-roster-has-acted"));
                }
                RosterLine {
                    faction: c.team,
                    text: said.join(&words.say("teams-roster-separator")),
                }
            })
            .collect()
    }

    fn result_table(words: &Words, s: &State) -> ResultTable {
        ResultTable {
            headings: headings(
                words,
                &[
                    "present-heading-character",
                    "teams-heading-endurance",
                    "teams-heading-health",
                    "teams-heading-state",
                ],
            ),
            rows: s
                .characters
                .iter()
                .map(|c| {
                    let state = match c.status {
                        Status::Active => "teams-result-standing",
                        Status::Unconscious => "teams-result-unconscious",
                        Status::Dead => "teams-result-dead",
                        Status::Fled => "teams-result-fled",
                    };
                    let pool = |left: u8, most: u8| {
                        words.say_with(
                            "teams-result-pool",
                            &[("left", number(left)), ("most", number(most))],
                        )
                    };
                    (
                        c.team,
                        vec![
                            c.name.clone(),
                            pool(c.endurance, c.stats.endurance),
                            pool(c.health, c.stats.health),
                            words.say(state),
                        ],
                    )
                })
                .collect(),
        }
    }
}

/// Dice that always show 1: what happens after a hit whose roll is made depends on no die
/// until the harm that follows, so a copy of the battle shows the damage a defence lets through.
struct Ones;

impl DiceSource for Ones {
    fn roll(&mut self, _: Die, _: &crate::rules::line::Line) -> Result<u8, DiceError> {
        Ok(1)
    }
}

/// What taking the hit (or parrying, or blocking) comes to, read off the rules themselves on a
/// copy of the battle: the damage each takes and what is left.
fn taken(words: &Words, s: &State, a: &Action) -> Option<String> {
    use crate::rules::Ruleset;
    let mut copy = s.clone();
    let events = Teams::apply(&mut copy, a, &mut Ones).ok()?;
    let hurt: Vec<String> = events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::Damage {
                character,
                amount,
                endurance,
                health,
            } => Some(words.say_with(
                "teams-odds-takes",
                &[
                    ("who", text(s.name(character))),
                    ("n", number(amount)),
                    ("endurance", number(endurance)),
                    ("health", number(health)),
                ],
            )),
            EventKind::ItemDamaged { item, durability } => Some(words.say_with(
                "teams-odds-item-takes",
                &[
                    ("item", text(&s.items[item].def.name)),
                    ("durability", number(durability)),
                ],
            )),
            _ => None,
        })
        .collect();
    Some(if hurt.is_empty() {
        words.say("teams-odds-no-damage")
    } else {
        hurt.join(&words.say("teams-odds-separator"))
    })
}

/// What a move to `p` comes to: `moved` (its metres), then the readied attacks it sets off, with
/// their odds.
fn readied_words(words: &Words, s: &State, p: Pos, moved: String) -> String {
    let mut said = vec![moved];
    if let Some(mover) = s.actor() {
        said.extend(odds::readied_risk(s, mover, p).iter().map(|(r, o)| {
            words.say_with(
                "teams-odds-readied",
                &[
                    ("who", text(s.name(*r))),
                    ("hit", percent(o.hit)),
                    ("damage", tenths(o.expected_damage)),
                    ("takedown", percent(o.takedown)),
                ],
            )
        }));
    }
    said.join(&words.say("teams-odds-separator"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::battle::Ruleset;
    use crate::rules::dice::SeededDice;
    use crate::rules::teams::Teams;
    use crate::scenario::{self, Setup};

    /// A stance taken or gear handled floats over the token what it was ("on guard",
    /// "waits", "picks up"), not one word for every kind: played from a turn's start, each
    /// action the first of its kind on offer.
    #[test]
    fn a_stance_or_a_gear_change_floats_what_it_was() {
        let Setup::Teams(setup) = scenario::builtin("goblin-raid").unwrap().unwrap().setup else {
            panic!("goblin-raid is a Three actions scenario");
        };
        let words = fray_words::english();
        let mut floated = std::collections::BTreeSet::new();
        for seed in 0..40 {
            let mut dice = SeededDice::new(seed);
            let (mut s, _) = Teams::start(&setup, &mut dice).unwrap();
            let mut pick = seed;
            for _ in 0..300 {
                if !matches!(
                    Teams::pending(&s),
                    crate::rules::battle::Pending::Decide { .. }
                ) {
                    break;
                }
                let legal = Teams::legal_actions(&s);
                pick = pick.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                let a = legal[(pick >> 33) as usize % legal.len()].clone();
                for e in Teams::apply(&mut s, &a, &mut dice).unwrap() {
                    let expected = match (&a, &e.kind) {
                        (Action::Guard, EventKind::Stance { .. }) => "on guard",
                        (Action::Wait, EventKind::Stance { .. }) => "waits",
                        (Action::Ready(_) | Action::ReadyFor(..), EventKind::Stance { .. }) => {
                            "readies"
                        }
                        (Action::SeekCover, EventKind::Stance { .. }) => "takes cover",
                        (Action::PickUp(_), EventKind::Gear { .. }) => "picks up",
                        (Action::DropItem(_), EventKind::Gear { .. }) => "drops",
                        (Action::Brandish { .. }, EventKind::Gear { .. }) => "arms",
                        (Action::Abandon, EventKind::Note { .. }) => "abandons",
                        _ => continue,
                    };
                    match Teams::visual(words, &s, &e) {
                        Visual::Float { text, .. } => assert_eq!(text, expected),
                        _ => panic!("a stance or a gear change floats its word: {expected}"),
                    }
                    floated.insert(expected);
                }
            }
        }
        for word in ["on guard", "waits", "readies", "drops", "arms"] {
            assert!(floated.contains(word), "no \"{word}\" floated");
        }
    }

    /// A turn that has spent its three actions starts the menu on ending it, though free
    /// actions (dropping what one holds, dropping prone) are still listed first; a turn
    /// with actions left starts on the first choice.
    #[test]
    fn after_the_last_action_the_cursor_starts_on_ending_the_turn() {
        let Setup::Teams(setup) = scenario::builtin("goblin-ambush").unwrap().unwrap().setup else {
            panic!("goblin-ambush is a Three actions scenario");
        };
        let mut dice = SeededDice::new(3);
        let (mut s, _) = Teams::start(&setup, &mut dice).unwrap();
        let mut seen_spent = false;
        for _ in 0..400 {
            if !matches!(
                Teams::pending(&s),
                crate::rules::battle::Pending::Decide { .. }
            ) {
                break;
            }
            let legal = Teams::legal_actions(&s);
            let first = Teams::first_action(&s, &legal);
            match s.turn {
                Some(t) if t.actions_left == 0 && t.command.is_none() && s.attack.is_none() => {
                    let first = first.expect("a choice to start on");
                    assert!(
                        legal[first] == Action::EndTurn,
                        "the cursor starts on ending the turn"
                    );
                    assert!(
                        first > 0 || legal.len() == 1,
                        "free actions are listed first"
                    );
                    seen_spent = true;
                }
                // A reaction prompt names the first that can help (or none at all).
                _ if legal.contains(&Action::NoReaction) => assert!(first.is_some()),
                _ if legal.iter().all(|a| *a != Action::EndTurn) => assert_eq!(first, None),
                _ => {}
            }
            // Spend actions on moves and steps where there are any, so turns run dry.
            let a = legal
                .iter()
                .find(|a| matches!(a, Action::Move(_)))
                .or_else(|| legal.iter().find(|a| **a != Action::EndTurn))
                .unwrap_or(&legal[0]);
            Teams::apply(&mut s, a, &mut dice).unwrap();
        }
        assert!(seen_spent, "some turn spent all its actions");
    }

    /// A square's picture comes from what the square is, not from the words that name it: in
    /// another language the board draws the same cover, rough ground, doors and exits.
    #[test]
    fn a_squares_picture_does_not_hang_on_its_words() {
        let mut pictured = 0;
        for (name, _) in scenario::BUILTIN {
            let Setup::Teams(setup) = scenario::builtin(name).unwrap().unwrap().setup else {
                continue;
            };
            let (s, _) = Teams::start(&setup, &mut SeededDice::new(1)).unwrap();
            let english = Teams::board(fray_words::english(), &s, None).places;
            let pseudo = Teams::board(fray_words::of(fray_words::Lang::Pseudo), &s, None).places;
            for (e, p) in english.iter().zip(&pseudo) {
                assert_eq!(
                    e.terrain, p.terrain,
                    "{name}: {} / {}",
                    e.features, p.features
                );
                pictured += usize::from(!e.terrain.is_empty() && e.features != p.features);
            }
        }
        assert!(pictured > 0, "some square with a feature has a picture");
    }
}

/// The chance a dodge or a resistance test avoids the attack under way; None for any other
/// action.
fn avoid_chance(s: &State, a: &Action) -> Option<f64> {
    let kind = match a {
        Action::Dodge => DefenceTest::Dodge,
        Action::Resist => DefenceTest::Resist,
        _ => return None,
    };
    let at = s.attack?;
    let total = at.roll?.total;
    let spec = defence_test(&s.characters[at.target], kind);
    Some(chance_at_least(&spec, total))
}
