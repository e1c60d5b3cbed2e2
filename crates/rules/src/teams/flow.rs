//! Initiative, rounds, whose turn it is, who decides next, and the end of the battle
//! (teams.initiative, teams.rounds, teams.outnumbered, teams.unable-to-act, teams.surprise,
//! teams.objectives).

use super::action::Action;
use super::costs::ACTIONS_PER_TURN;
use super::describe::describe;
use super::event::{EventKind, Noted};
use super::model::*;
use super::said::{later, square};
use super::{Ctx, attack, legal, turn};

pub use super::rounds::{any_eligible, eligible, end_turn, pending};
use crate::battle::{CharacterId, Outcome, RuleError};
use crate::context::Remark;
use crate::line::Line;

/// The opening of the battle: the team that started the fight first, the team attacked next,
/// the GM ordering any others.
pub fn begin(ctx: &mut Ctx, started_by: TeamId, attacked: Option<TeamId>) {
    ctx.s.order = vec![started_by];
    if let Some(a) = attacked.filter(|&a| a != started_by) {
        ctx.s.order.push(a);
    }
    let next = ctx.s.order.get(1).copied();
    ctx.say(
        EventKind::Initiative {
            order: ctx.s.order.clone(),
        },
        later(move || match next {
            Some(a) => Line::new("teams-started-fight-attacked")
                .side("team", started_by)
                .side("attacked", a),
            None => Line::new("teams-started-fight").side("team", started_by),
        }),
    );
    ctx.s.stage = Stage::Initiative;
    place_last(ctx);
}

fn unplaced(s: &State) -> Vec<TeamId> {
    (0..s.teams.len())
        .filter(|t| !s.order.contains(t))
        .collect()
}

/// When one team is left to place, nothing remains to decide.
fn place_last(ctx: &mut Ctx) {
    let rest = unplaced(ctx.s);
    if rest.len() == 1 {
        ctx.s.order.push(rest[0]);
    }
    if rest.len() <= 1 {
        let order = &ctx.s.order;
        ctx.log.say(
            EventKind::Initiative {
                order: order.clone(),
            },
            later(|| Line::new("teams-initiative").line("order", in_order(order))),
        );
        open(ctx);
    }
}

/// Teams in the order they act, "Wardens, then Raiders".
fn in_order(order: &[TeamId]) -> Line {
    match order {
        [] => Line::default(),
        [last] => Line::new("teams-team").side("team", *last),
        [first, rest @ ..] => Line::new("teams-team-then")
            .side("team", *first)
            .line("rest", in_order(rest)),
    }
}

/// The first round: a surprise round for the team with surprise, else round 1.
fn open(ctx: &mut Ctx) {
    if let Some(t) = ctx.s.surprise {
        ctx.say(
            EventKind::SurpriseRound { team: t },
            later(move || Line::new("teams-surprise").side("team", t)),
        );
        begin_round(ctx, 0);
    } else {
        begin_round(ctx, 1);
    }
}

/// A battle begun mid-way: the situation's round and order, who has acted, whose decision it
/// is, and a turn under way if it names one.
pub fn resume(ctx: &mut Ctx, sit: &super::TeamsSituation) -> Result<(), RuleError> {
    let round = sit.round;
    ctx.say(
        Noted::Resumed.aside(),
        later(move || Line::new("teams-resumed").number("round", round)),
    );
    ctx.s.order = sit.order.clone();
    begin_round(ctx, sit.round);
    for &c in &sit.acted {
        ctx.s.characters[c].acted = true;
        ctx.s.roster_acted(c);
    }
    let team = sit.to_act.or(sit.turn.map(|c| ctx.s.characters[c].team));
    if let Some(t) = team {
        ctx.s.to_act = ctx.s.order.iter().position(|&o| o == t).unwrap_or(0);
    }
    if let Some(c) = sit.turn {
        let a = Action::Activate(c);
        if !legal::legal_actions(ctx.s).contains(&a) {
            return Err(RuleError::Illegal(
                Line::new("rule-situation-cannot-start")
                    .line("why", Line::new("teams-cannot-take-turn").who("who", c)),
            ));
        }
        step(ctx, &a)?;
    }
    Ok(())
}

fn begin_round(ctx: &mut Ctx, round: u32) {
    ctx.s.round = round;
    for c in &mut ctx.s.characters {
        c.acted = false;
        c.attacks = 0;
    }
    ctx.s.roster_all_waiting();
    ctx.s.to_act = 0;
    ctx.s.stage = Stage::Activation;
    let text = later(move || {
        if round == 0 {
            Line::new("teams-surprise-round-begins")
        } else {
            Line::new("teams-round-begins").number("round", round)
        }
    });
    ctx.say(EventKind::RoundStarted { round }, text);
    change_objectives(
        ctx,
        |_, when| matches!(when, ChangeWhen::Round(r) if (1..=round).contains(&r)),
    );
}

/// The scenario's objective changes that are due now take effect, in the scenario's order,
/// each told to the players (teams.objectives). Returns whether any did.
fn change_objectives(ctx: &mut Ctx, due: impl Fn(&State, ChangeWhen) -> bool) -> bool {
    let mut fired = false;
    let mut k = 0;
    while k < ctx.s.changes.len() {
        if !due(ctx.s, ctx.s.changes[k].when) {
            k += 1;
            continue;
        }
        let change = ctx.s.changes.remove(k);
        if let Some(team) = ctx.s.teams.get_mut(change.team) {
            team.objective = change.objective;
            // Rounds held count towards the objective they were held for.
            team.held = 0;
        }
        let text = if change.text.is_empty() {
            Line::new("teams-objective-changes").side("team", change.team)
        } else {
            // The scenario's own words for the change, as its file gives them.
            Line::new("teams-objective-told").name("text", change.text)
        };
        ctx.say(EventKind::Objective { team: change.team }, text);
        fired = true;
    }
    fired
}

/// Changes set off by what just happened: a task completed, a character out of the fight.
fn events_change_objectives(ctx: &mut Ctx) -> bool {
    !ctx.s.changes.is_empty()
        && change_objectives(ctx, |s, when| match when {
            ChangeWhen::Round(_) => false,
            ChangeWhen::Task(k) => s.tasks.get(k).is_some_and(|t| t.done),
            ChangeWhen::Down(c) => s.characters.get(c).is_some_and(|c| !c.is_active()),
        })
}

/// Carries out one legal action.
pub fn step(ctx: &mut Ctx, action: &Action) -> Result<(), RuleError> {
    match *action {
        Action::InitiativeNext(t) => {
            ctx.s.order.push(t);
            ctx.say(
                EventKind::Initiative {
                    order: ctx.s.order.clone(),
                },
                later(move || Line::new("teams-gm-places").side("team", t)),
            );
            place_last(ctx);
        }
        Action::Activate(c) => activate(ctx, c),
        // Reached unchecked by a play-out's trusted apply too: an answer with no attack to
        // answer is refused by name.
        Action::Intercept(_)
        | Action::NoIntercept
        | Action::Dodge
        | Action::Parry(_)
        | Action::Block(_)
        | Action::Resist
        | Action::NoReaction
        | Action::Fortify
        | Action::FallUnconscious
            if ctx.s.attack.is_none() =>
        {
            return Err(RuleError::Illegal(
                Line::new("rule-no-attack-to-answer").line("action", describe(ctx.s, action)),
            ));
        }
        Action::Intercept(c) => attack::intercept(ctx, Some(c))?,
        Action::NoIntercept => attack::intercept(ctx, None)?,
        Action::Dodge
        | Action::Parry(_)
        | Action::Block(_)
        | Action::Resist
        | Action::NoReaction => attack::defend(ctx, action)?,
        Action::Fortify => attack::fortify_decision(ctx, true)?,
        Action::FallUnconscious => attack::fortify_decision(ctx, false)?,
        _ => turn::act(ctx, action)?,
    }
    Ok(())
}

/// A character's turn begins: three actions, its reaction back, its stances over.
fn activate(ctx: &mut Ctx, c: CharacterId) {
    let ch = &mut ctx.s.characters[c];
    ch.acted = true;
    ch.reactions = 1;
    ch.waited = false;
    ch.guarding = false;
    ch.in_cover = false;
    ch.readied = None;
    ctx.s.roster_acted(c);
    ctx.s.turn = Some(Turn {
        owner: c,
        actions_left: ACTIONS_PER_TURN,
        ..Turn::default()
    });
    ctx.s.stage = Stage::Turn;
    let (s, log) = (&*ctx.s, &mut ctx.log);
    let kind = EventKind::TurnStarted { character: c };
    log.say(
        kind,
        later(|| match s.characters[c].extended {
            Some(ip) => Line::new("teams-takes-turn-owing")
                .who("who", c)
                .number("actions", ip.remaining)
                .line("what", turn::extended_label(s, ip.action)),
            None => Line::new("teams-takes-turn").who("who", c),
        }),
    );
}

/// Resolves everything that needs no decision: teams with nobody to give a turn are skipped,
/// a turn with nothing left to do ends, the round ends, the battle ends.
pub fn advance(ctx: &mut Ctx) -> Result<(), RuleError> {
    for _ in 0..100_000 {
        if check_over(ctx) {
            return Ok(());
        }
        if events_change_objectives(ctx) {
            // A new objective may be complete already.
            continue;
        }
        match ctx.s.stage {
            Stage::Activation => {
                let n = ctx.s.order.len();
                if (0..n).all(|k| !any_eligible(ctx.s, ctx.s.order[k])) {
                    end_round(ctx);
                } else if !any_eligible(ctx.s, ctx.s.order[ctx.s.to_act]) {
                    ctx.s.to_act = (ctx.s.to_act + 1) % n;
                } else {
                    return Ok(());
                }
            }
            Stage::Turn => {
                let Some(t) = ctx.s.turn else {
                    ctx.s.stage = Stage::Activation;
                    continue;
                };
                if !ctx.s.characters[t.owner].is_active() {
                    end_turn(ctx);
                } else if t.command.is_some_and(|c| !ctx.s.characters[c].is_active())
                    || (t.command.is_some() && legal::only_end_left(ctx.s))
                {
                    if let Some(turn) = ctx.s.turn.as_mut() {
                        turn.command = None;
                    }
                } else if legal::only_end_left(ctx.s) {
                    end_turn(ctx);
                } else {
                    return Ok(());
                }
            }
            _ => return Ok(()),
        }
    }
    Err(RuleError::Illegal(Line::new("rule-cannot-advance")))
}

/// The round is over: objectives that count rounds are checked, then the next round begins,
/// unless the round limit is reached.
fn end_round(ctx: &mut Ctx) {
    let round = ctx.s.round;
    for t in 0..ctx.s.teams.len() {
        match ctx.s.teams[t].objective.clone() {
            Objective::Hold { squares, rounds } => {
                if holds(ctx.s, t, &squares) {
                    ctx.s.teams[t].held += 1;
                    if ctx.s.teams[t].held >= rounds {
                        let how = Line::new("teams-how-held")
                            .side("team", t)
                            .number("rounds", rounds);
                        return victory(ctx, t, how);
                    }
                } else {
                    ctx.s.teams[t].held = 0;
                }
            }
            Objective::Protect { character, rounds }
                if round >= rounds
                    && ctx
                        .s
                        .characters
                        .get(character)
                        .is_some_and(Character::is_active) =>
            {
                let how = Line::new("teams-how-kept-safe")
                    .side("team", t)
                    .who("who", character)
                    .number("rounds", rounds);
                return victory(ctx, t, how);
            }
            _ => {}
        }
    }
    if ctx.s.surprise.is_some() {
        ctx.s.surprise = None;
        ctx.say(
            Noted::SurpriseRoundOver.aside(),
            Line::new("teams-surprise-round-over"),
        );
        begin_round(ctx, 1);
    } else if round >= ctx.s.round_limit {
        over(
            ctx,
            Outcome::Draw {
                how: Line::new("teams-how-round-limit").number("limit", ctx.s.round_limit),
            },
        );
    } else {
        begin_round(ctx, round + 1);
    }
}

/// A conscious member on the squares and no conscious enemy there.
fn holds(s: &State, t: TeamId, squares: &[Pos]) -> bool {
    let on = |c: &Character| c.is_active() && squares.contains(&c.pos);
    s.characters.iter().any(|c| c.team == t && on(c))
        && !s.characters.iter().any(|c| c.team != t && on(c))
}

/// An objective completed by what just happened (reaching, escaping, a task).
fn completed(s: &State, t: TeamId) -> Option<Line> {
    match &s.teams[t].objective {
        Objective::Reach { squares } => s
            .characters
            .iter()
            .position(|c| c.team == t && c.is_active() && squares.contains(&c.pos))
            .map(|c| {
                Line::new("teams-how-reached")
                    .who("who", c)
                    .line("square", square(s.characters[c].pos))
                    .side("team", t)
            }),
        Objective::Escape { count } => (s.teams[t].escaped >= *count).then(|| {
            Line::new("teams-how-got-away")
                .side("team", t)
                .number("count", *count)
        }),
        Objective::Task { task } => s.tasks.get(*task).filter(|k| k.done).map(|k| {
            Line::new("teams-how-completed")
                .side("team", t)
                .name("task", k.name.clone())
        }),
        _ => None,
    }
}

/// The battle ends when a team completes its objective, or when one team (or none) remains
/// with a member conscious on the field.
pub fn check_over(ctx: &mut Ctx) -> bool {
    if ctx.s.stage == Stage::Over {
        return true;
    }
    for t in 0..ctx.s.teams.len() {
        if let Some(how) = completed(ctx.s, t) {
            victory(ctx, t, how);
            return true;
        }
    }
    // The first two teams still standing, counted without a list: this runs after every step.
    let mut standing = (0..ctx.s.teams.len()).filter(|&t| ctx.s.standing(t));
    match (standing.next(), standing.next()) {
        (Some(w), None) => {
            victory(ctx, w, Line::new("teams-how-last-standing").side("team", w));
            true
        }
        (None, _) => {
            over(
                ctx,
                Outcome::Draw {
                    how: Line::new("rule-how-nobody-standing"),
                },
            );
            true
        }
        _ => false,
    }
}

/// The battle is won, `how`.
fn victory(ctx: &mut Ctx, winner: TeamId, how: Line) {
    over(ctx, Outcome::Victory { winner, how });
}

fn over(ctx: &mut Ctx, outcome: Outcome) {
    let text = match &outcome {
        Outcome::Victory { how, .. } | Outcome::Draw { how } => {
            Line::new("teams-battle-over").line("how", how.clone())
        }
    };
    ctx.s.outcome = Some(outcome);
    ctx.s.stage = Stage::Over;
    ctx.s.turn = None;
    ctx.s.attack = None;
    ctx.s.triggers.clear();
    ctx.say(EventKind::BattleOver, text);
}
