//! How Three actions looks: the grid of 1 m squares (walls, cover, difficult ground, doors,
//! exits and task squares), a token a square with endurance and health, and each choice's cost:
//! the metres of a move, the odds of an attack.

use crate::rules::battle::{DecisionKind, Seat};
use crate::rules::dice::{DiceError, DiceSource, Die};
use crate::rules::teams::harm::{DefenceTest, defence_test};
use crate::rules::teams::model::{Cell, Character, Location, Pos, Stage, State, Status};
use crate::rules::teams::roll::chance_at_least;
use crate::rules::teams::turn::ACTIONS_PER_TURN;
use crate::rules::teams::{Action, EventKind, ReactionKind, Teams, grid, odds};

use super::{
    BoardView, Focus, Icon, Mark, Place, Pool, Present, ResultTable, RosterLine, Token, Tone,
    Visual, pct, said,
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

fn feature(cell: Cell) -> &'static str {
    match cell {
        Cell::Floor | Cell::Wall => "",
        Cell::Cover => "cover",
        Cell::Difficult => "rough",
        Cell::DoorOpen => "door",
        Cell::DoorClosed => "shut",
    }
}

/// What is wrong with a character, in a few words.
/// What is wrong with a character, in words and as the icons on its token.
fn conditions(c: &Character) -> Vec<(&'static str, Option<Icon>)> {
    let mut out = Vec::new();
    match c.status {
        Status::Unconscious => out.push(("out cold", Some(Icon::Down))),
        Status::Dead => out.push(("dead", Some(Icon::Dead))),
        Status::Fled => out.push(("gone", None)),
        Status::Active => {}
    }
    let active = c.status == Status::Active;
    if c.prone && active {
        out.push(("prone", Some(Icon::Prone)));
    }
    if c.guarding {
        out.push(("guarding", Some(Icon::Guarding)));
    }
    if c.in_cover {
        out.push(("in cover", Some(Icon::InCover)));
    }
    if c.readied.is_some() {
        out.push(("ready", Some(Icon::Ready)));
    }
    // Harmed and bloodied share the one icon: hurt.
    let bloodied = c.is_bloodied() && active;
    if c.is_harmed() && active {
        out.push(("harmed", (!bloodied).then_some(Icon::Hurt)));
    }
    if bloodied {
        out.push(("bloodied", Some(Icon::Hurt)));
    }
    out
}

fn short_name(name: &str) -> &str {
    name.split_whitespace().next().unwrap_or(name)
}

/// The metres a move to `to` costs the one moving, every second diagonal counting 2.
fn metres_to(s: &State, to: Pos) -> Option<u8> {
    let mover = s.actor()?;
    let speed = s.characters.get(mover)?.stats.speed;
    grid::reachable(s, mover, speed)
        .into_iter()
        .find(|(p, _)| *p == to)
        .map(|(_, m)| m)
}

impl Present for Teams {
    const MOUSE: &'static str = "teams-mouse";
    fn visual(_words: &Words, s: &State, e: &crate::rules::teams::TeamsEvent) -> Visual {
        let float = |token: usize, text: String| Visual::float(token, text);
        let banner = || Visual::Banner {
            text: said(&e.line, s),
        };
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
                text: format!("{metres} m"),
            },
            EventKind::Attack { attacker, target } => Visual::Strike {
                from: *attacker,
                to: *target,
            },
            EventKind::Retargeted { to, .. } => float(*to, "the attack strays here".into()),
            EventKind::Hit {
                target, critical, ..
            } => {
                if *critical {
                    Visual::toned(*target, "critical hit", Tone::Critical)
                } else {
                    float(*target, "hit".into())
                }
            }
            EventKind::Missed { target, .. } => Visual::toned(*target, "missed", Tone::Miss),
            EventKind::Damage {
                character, amount, ..
            } => Visual::toned(
                *character,
                format!("−{amount}"),
                Tone::Harm(u32::from(*amount)),
            ),
            EventKind::Spent {
                character, left, ..
            } => {
                // The turn's three action pips: those left bold, those spent small.
                let pips: String = (0..ACTIONS_PER_TURN)
                    .map(|k| if k < *left { '•' } else { '·' })
                    .collect();
                float(*character, pips)
            }
            EventKind::Commanded { ally, .. } => float(*ally, "commanded".into()),
            EventKind::Prone { character, prone } => float(
                *character,
                if *prone { "prone" } else { "stands up" }.into(),
            ),
            EventKind::Stance { character } => float(*character, "stance".into()),
            EventKind::Reaction {
                character, kind, ..
            } => match kind {
                ReactionKind::Readied => float(*character, "reacts".into()),
                ReactionKind::Block => Visual::toned(*character, "blocks", Tone::Guard),
                ReactionKind::Parry => Visual::toned(*character, "parries", Tone::Guard),
                ReactionKind::Dodge => Visual::toned(*character, "dodges", Tone::Guard),
                ReactionKind::Fortify => Visual::toned(*character, "braces", Tone::Guard),
                ReactionKind::Resist => Visual::toned(*character, "resists", Tone::Guard),
                ReactionKind::Intercept => Visual::toned(*character, "intercepts", Tone::Guard),
            },
            EventKind::ItemDamaged { item, durability } => match s.items[*item].location() {
                Location::Hand(c) | Location::Pack(c) => {
                    float(c, format!("durability {durability}"))
                }
                _ => banner(),
            },
            EventKind::Harmed { character } => float(*character, "harmed".into()),
            EventKind::Bloodied { character } => float(*character, "bloodied".into()),
            EventKind::Status { character, status } => match status {
                Status::Active => float(*character, "conscious".into()),
                Status::Unconscious | Status::Dead | Status::Fled => {
                    Visual::Fall { token: *character }
                }
            },
            EventKind::CheatedDeath { character, .. } => float(*character, "cheats death".into()),
            EventKind::Gear { character } => float(*character, "gear".into()),
            EventKind::TurnStarted { character } => float(*character, "turn".into()),
            EventKind::Door { at, .. } => Visual::Flash {
                place: place_of(s, *at),
            },
            EventKind::Roll { character: Some(c) } => float(
                *c,
                e.explanation
                    .as_ref()
                    .map_or_else(String::new, |x| x.total.to_string()),
            ),
            EventKind::Roll { character: None }
            | EventKind::Initiative { .. }
            | EventKind::SurpriseRound { .. }
            | EventKind::RoundStarted { .. }
            | EventKind::TurnEnded { .. }
            | EventKind::TaskDone { .. }
            | EventKind::Objective { .. }
            | EventKind::Note
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

    fn situation(_words: &Words, s: &State) -> Option<String> {
        let mut line = format!("Round {} of {}.", s.round, s.round_limit);
        if s.surprise.is_some() && s.round == 0 {
            line = "The surprise round.".into();
        }
        match s.stage {
            Stage::Turn => {
                let turn = s.turn?;
                let c = s.characters.get(turn.actor())?;
                line.push_str(&format!(
                    " {}'s turn: {} of 3 actions left, reactions {}, stamina {}, focus {}.",
                    c.name, turn.actions_left, c.reactions, c.stamina, c.focus
                ));
                if turn.command.is_some() {
                    line.push_str(&format!(
                        " Commanded by {}: one action.",
                        s.name(turn.owner)
                    ));
                }
            }
            Stage::Intercept | Stage::Defend | Stage::Fortify => {
                let a = s.attack?;
                let t = s.characters.get(a.target)?;
                let what = match s.stage {
                    Stage::Intercept => "an ally may step in",
                    Stage::Defend => "defend: dodge, parry, block or resist",
                    _ => "fortify or fall unconscious",
                };
                line.push_str(&format!(
                    " {} attacks {} with {}: {what}. {} has stamina {}, focus {}.",
                    s.name(a.attacker),
                    t.name,
                    s.weapon_name(a.weapon),
                    t.name,
                    t.stamina,
                    t.focus
                ));
                if let Some(r) = a.roll {
                    line.push_str(&format!(" The attack test came to {}.", r.total));
                }
            }
            Stage::Activation => {
                let team = s.order.get(s.to_act).copied().unwrap_or(0);
                line.push_str(&format!(" {} choose who acts.", s.team_name(team)));
            }
            Stage::Initiative | Stage::Over => {}
        }
        Some(line)
    }

    fn odds(_words: &Words, s: &State, a: &Action) -> Option<String> {
        match *a {
            Action::Attack { target, weapon } | Action::KillingStrike { target, weapon } => {
                let attacker = s.actor()?;
                let o = odds::attack_odds(s, attacker, weapon, target)?;
                let mut text = format!(
                    "hit {:.0}% (critical {:.0}%), expected damage {:.1} after deflection, takes them down {:.0}%",
                    pct(o.hit),
                    pct(o.critical),
                    o.expected_damage,
                    pct(o.takedown)
                );
                if o.stray > 0.0 {
                    text.push_str(&format!("; {:.0}% astray", pct(o.stray)));
                }
                Some(text)
            }
            Action::Move(p) | Action::Sprint(p) => {
                let m = metres_to(s, p)?;
                let mut text = format!("{m} m (every second diagonal counts 2 m)");
                text.push_str(&readied_words(s, p));
                Some(text)
            }
            Action::Step(p) => Some(format!("1 m, free{}", readied_words(s, p))),
            Action::NoReaction | Action::Parry(_) | Action::Block(_) => taken(s, a),
            Action::Dodge | Action::Resist => {
                let total = s.attack?.roll?.total;
                let p = avoid_chance(s, a)?;
                Some(format!(
                    "{:.0}% to avoid it (against {total}); else {}",
                    pct(p),
                    taken(s, &Action::NoReaction)?
                ))
            }
            Action::Fortify => {
                let at = s.attack?;
                let ch = &s.characters[at.target];
                let spec = defence_test(ch, DefenceTest::Fortify);
                let p = chance_at_least(&spec, i32::from(ch.missing_health()));
                Some(format!("{:.0}% to stay conscious (1 stamina)", pct(p)))
            }
            Action::FallUnconscious => Some("unconscious at once, and prone".into()),
            Action::Intercept(c) => Some(format!("{} steps in and becomes the target", s.name(c))),
            _ => None,
        }
    }

    fn board(_words: &Words, s: &State, _: Option<Seat>) -> BoardView {
        let mut places = Vec::with_capacity(s.map.cells.len());
        for y in 0..s.map.height {
            for x in 0..s.map.width {
                let p = Pos::new(x, y);
                let cell = s.map.cell(p);
                let mut features = feature(cell).to_string();
                if s.map.exits.contains(&p) {
                    features = "exit".into();
                }
                let mut name = String::new();
                if let Some(t) = s.tasks.iter().find(|t| t.at == p) {
                    name = short_name(&t.name).to_string();
                }
                let terrain = crate::art::terrain(&features)
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
                let conditions = conditions(c);
                let note = conditions
                    .iter()
                    .map(|(w, _)| *w)
                    .collect::<Vec<_>>()
                    .join(", ");
                let icons = conditions.iter().filter_map(|(_, i)| *i).collect();
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
                        .map(|it| format!("{} (in hand)", s.item_name(it)))
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

    fn focus(_words: &Words, s: &State, a: &Action) -> Focus {
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
                    Action::Step(_) => Some("1 m\nfree step".to_string()),
                    Action::Sprint(_) => metres_to(s, p).map(|m| format!("{m} m\nsprint")),
                    _ => metres_to(s, p).map(|m| format!("{m} m")),
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
    fn reach(_words: &Words, s: &State, c: usize) -> Vec<(usize, String)> {
        let Some(ch) = s.characters.get(c) else {
            return Vec::new();
        };
        if !ch.is_active() || ch.prone {
            return Vec::new();
        }
        grid::reachable(s, c, ch.stats.speed)
            .into_iter()
            .map(|(p, m)| (place_of(s, p), format!("{m} m")))
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

    fn roster(_words: &Words, s: &State, _: Option<Seat>) -> Vec<RosterLine> {
        s.characters
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let mut text = format!(
                    "{} · endurance {}/{} · health {}/{} · stamina {} · focus {}",
                    c.name,
                    c.endurance,
                    c.stats.endurance,
                    c.health,
                    c.stats.health,
                    c.stamina,
                    c.focus
                );
                let what: Vec<&str> = conditions(c).iter().map(|(w, _)| *w).collect();
                if !what.is_empty() {
                    text.push_str(&format!(" · {}", what.join(", ")));
                }
                // The one whose turn it is is acting, not done.
                if s.actor() == Some(i) {
                    text.push_str(" · acting");
                } else if c.acted {
                    text.push_str(" · has acted");
                }
                RosterLine {
                    faction: c.team,
                    text,
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
                        Status::Active => "standing",
                        Status::Unconscious => "unconscious",
                        Status::Dead => "dead",
                        Status::Fled => "left the field",
                    };
                    (
                        c.team,
                        vec![
                            c.name.clone(),
                            format!("{}/{}", c.endurance, c.stats.endurance),
                            format!("{}/{}", c.health, c.stats.health),
                            state.to_string(),
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
fn taken(s: &State, a: &Action) -> Option<String> {
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
            } => Some(format!(
                "{} takes {amount} (endurance {endurance}, health {health} after)",
                s.name(character)
            )),
            EventKind::ItemDamaged { item, durability } => Some(format!(
                "the {} takes the blow (durability {durability} after)",
                s.items[item].def.name
            )),
            _ => None,
        })
        .collect();
    Some(if hurt.is_empty() {
        "no damage".into()
    } else {
        hurt.join("; ")
    })
}

/// The readied attacks a move to `p` sets off, with their odds, as words after a move's
/// metres; nothing where none waits.
fn readied_words(s: &State, p: Pos) -> String {
    let Some(mover) = s.actor() else {
        return String::new();
    };
    odds::readied_risk(s, mover, p)
        .iter()
        .map(|(r, o)| {
            format!(
                "; sets off {}'s readied attack: hit {:.0}%, expected damage {:.1}, takes you down {:.0}%",
                s.name(*r),
                pct(o.hit),
                o.expected_damage,
                pct(o.takedown)
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::battle::Ruleset;
    use crate::rules::dice::SeededDice;
    use crate::rules::teams::Teams;
    use crate::scenario::{self, Setup};

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
