//! Rounds, initiative, activations and passes; who decides next; the end of the battle.

use super::action::{Action, MoraleChoice};
use super::event::{EventKind, Noted};
use super::model::*;
use super::position::{opportunity_faction, surrender};
use super::rounds::{anyone_to_send, begin_round_at};
use super::said::later;
use super::{Ctx, ZoneEvent, attack, legal, morale, turn};

pub use super::rounds::{begin_round, check_over, end_turn, pending};
use crate::battle::{CharacterId, FactionId, RuleError, Seat};
use crate::context::Remark;
use crate::dice::{DiceSource, Die};
use crate::explain::Explanation;
use crate::line::Line;

/// Begins a battle: initiative goes to the faction that started the fight, or is rolled for;
/// ambushers get their bonus turn before round 1. The battle is handed in and back, not
/// copied: on an error there is no battle to keep.
pub fn start(
    mut state: State,
    started_by: Option<FactionId>,
    situation: Option<&super::Situation>,
    dice: &mut dyn DiceSource,
) -> Result<(State, Vec<ZoneEvent>), RuleError> {
    let mut ctx = Ctx::new(&mut state, dice);
    match started_by {
        Some(f) => {
            ctx.s.initiative = f;
            ctx.say(
                Noted::StartedTheFight.aside(),
                later(|| Line::new("zones-started-the-fight").side("side", f)),
            );
        }
        None => {
            let n = ctx.s.factions.len() as u8;
            let r = ctx.roll(
                Die::new(n),
                &Line::new("zones-roll-initiative"),
                "zones.initiative",
            )?;
            let f = usize::from(r.value - 1);
            ctx.s.initiative = f;
            ctx.log.explain(|| {
                let mut e =
                    Explanation::new(Line::new("zones-initiative-what"), "zones.initiative");
                e.dice.push(r);
                e.total = i32::from(r.value);
                e.outcome = Line::new("zones-initiative-outcome").side("side", f);
                let said = Line::new("zones-initiative-roll").side("side", f);
                (EventKind::Roll { character: None }, said, e)
            });
        }
    }
    if let Some(sit) = situation {
        // A situation is mid-battle: past any ambush, in the round it names.
        ctx.say(
            Noted::Resumed.aside(),
            later(|| Line::new("zones-situation").number("round", sit.round)),
        );
        begin_round_at(&mut ctx, sit.round, sit.threshold)?;
        for &c in &sit.acted {
            ctx.s.characters[c].acted = true;
        }
        let wanted = [
            sit.to_act.map(Action::ChooseFirst),
            sit.turn.map(Action::Activate),
        ];
        for a in wanted.into_iter().flatten() {
            if !legal::legal_actions(ctx.s).contains(&a) {
                return Err(RuleError::Illegal(
                    Line::new("rule-situation-cannot-start")
                        .line("why", legal::why_illegal(ctx.s, &a)),
                ));
            }
            step(&mut ctx, &a)?;
        }
    } else if ctx
        .s
        .characters
        .iter()
        .any(|c| c.concealed && c.is_active())
    {
        ctx.s.round = 0;
        ctx.s.phase = Phase::Ambush;
        ctx.s.stage = Stage::Initiative;
        ctx.say(EventKind::PhaseStarted, Line::new("zones-ambush"));
    } else {
        begin_round(&mut ctx, 1)?;
    }
    advance(&mut ctx)?;
    let events = ctx.log.events;
    Ok((state, events))
}

/// Carries out one legal action.
pub fn step(ctx: &mut Ctx, action: &Action) -> Result<(), RuleError> {
    match action {
        Action::ChooseFirst(f) => {
            let f = *f;
            ctx.s.first = f;
            ctx.s.to_act = f;
            ctx.s.passes_in_row = 0;
            ctx.s.stage = Stage::Activation;
            let holder = ctx.s.initiative;
            ctx.say(
                EventKind::Initiative { first: f },
                later(|| {
                    Line::new("zones-lets-act-first")
                        .side("holder", holder)
                        .side("first", f)
                }),
            );
        }
        Action::Activate(c) => activate(ctx, *c),
        Action::Resume(c) => {
            let ch = &mut ctx.s.characters[*c];
            ch.status = Status::Active;
            ch.may_resume = false;
            let c = *c;
            ctx.say(
                EventKind::StatusChanged {
                    character: c,
                    status: Status::Active,
                },
                later(|| Line::new("zones-resumes").who("who", c)),
            );
            activate(ctx, c);
        }
        Action::Pass => pass(ctx, anyone_to_send(ctx.s, ctx.s.to_act))?,
        Action::Morale(choice) => choose(ctx, *choice)?,
        Action::ProposeStunt(_)
        | Action::NoStunt
        | Action::AcceptStunt
        | Action::RefuseStunt
        | Action::React(_) => attack::decide(ctx, action)?,
        Action::OpportunityAttack(_) | Action::DeclineOpportunity => {
            turn::opportunity(ctx, action)?
        }
        _ => turn::act(ctx, action)?,
    }
    Ok(())
}

fn activate(ctx: &mut Ctx, c: CharacterId) {
    ctx.s.passes_in_row = 0;
    let ch = &mut ctx.s.characters[c];
    ch.acted = true;
    ch.peeked = false;
    ctx.s.turn = Some(Turn {
        character: c,
        ..Turn::default()
    });
    ctx.s.stage = Stage::Turn;
    let ch = &ctx.s.characters[c];
    let kind = EventKind::TurnStarted { character: c };
    // The log is read by both sides: it never says where a concealed character is.
    if ch.concealed {
        ctx.say(kind, later(|| Line::new("zones-turn-unseen").who("who", c)));
    } else {
        let zone = ch.zone;
        ctx.say(
            kind,
            later(|| Line::new("zones-turn-in").who("who", c).place("zone", zone)),
        );
    }
}

/// The side to act passes; `anyone_left`, whether it could still send someone, is known to
/// every caller already.
fn pass(ctx: &mut Ctx, anyone_left: bool) -> Result<(), RuleError> {
    let f = ctx.s.to_act;
    // A side that could still send someone keeps the chance to later in the round; one with
    // nobody left passes because it must.
    let why = if anyone_left {
        "for-now"
    } else {
        "nobody-left"
    };
    ctx.say(
        EventKind::Passed { faction: f },
        later(|| Line::new("zones-passes").side("side", f).word("why", why)),
    );
    ctx.s.passes_in_row += 1;
    if ctx.s.passes_in_row >= ctx.s.factions.len() {
        end_phase(ctx)?;
    } else {
        ctx.s.to_act = (f + 1) % ctx.s.factions.len();
    }
    Ok(())
}

/// All factions passed in a row: the phase (or the round) is over.
fn end_phase(ctx: &mut Ctx) -> Result<(), RuleError> {
    ctx.s.passes_in_row = 0;
    match ctx.s.phase {
        Phase::Fast { .. } => {
            ctx.s.phase = Phase::Slow;
            ctx.s.to_act = ctx.s.first;
            ctx.say(EventKind::PhaseStarted, Line::new("zones-slow-phase"));
        }
        Phase::Ambush | Phase::Slow | Phase::Normal => {
            ctx.s.turn = None;
            end_round(ctx)?;
        }
    }
    Ok(())
}

/// The end of the round: poison, then the morale phase; then the next round.
fn end_round(ctx: &mut Ctx) -> Result<(), RuleError> {
    let round = ctx.s.round;
    if ctx.s.phase != Phase::Ambush {
        morale::poison_ticks(ctx)?;
        if check_over(ctx)? {
            return Ok(());
        }
        morale::morale_phase(ctx)?;
    }
    if ctx.s.morale_queue.is_empty() {
        begin_round(ctx, round + 1)?;
    } else {
        ctx.s.stage = Stage::Morale;
    }
    Ok(())
}

/// Resolves everything that needs no decision: factions with nobody able to act pass, the
/// round ends, the battle ends.
pub fn advance(ctx: &mut Ctx) -> Result<(), RuleError> {
    for _ in 0..10_000 {
        if check_over(ctx)? {
            return Ok(());
        }
        match ctx.s.stage {
            Stage::Activation if !anyone_to_send(ctx.s, ctx.s.to_act) => {
                pass(ctx, false)?;
            }
            Stage::Morale if ctx.s.morale_queue.is_empty() => {
                let next = ctx.s.round + 1;
                begin_round(ctx, next)?;
            }
            Stage::Initiative if ctx.s.factions.len() == 1 => {
                step(ctx, &Action::ChooseFirst(0))?;
            }
            Stage::Turn => {
                let t = ctx.s.turn.as_ref().expect("turn");
                // A character taken out mid-turn, or with nothing left but ending it, is done.
                if !ctx.s.characters[t.character].is_active() || legal::only_end_left(ctx.s) {
                    end_turn(ctx);
                } else {
                    return Ok(());
                }
            }
            Stage::Opportunity if opportunity_faction(ctx.s).is_none() => {
                turn::finish_move(ctx)?;
            }
            _ => return Ok(()),
        }
    }
    Err(RuleError::Illegal(Line::new("rule-cannot-advance")))
}

/// Where `viewer` might believe each concealed enemy to be: any zone where that enemy could
/// stand unseen, that is any zone with concealment, or with no character of the viewer's side
/// (who would have seen them there). The sample is drawn with the dice and never looks at the
/// true zone.
/// Whether `seat` cannot know where this character is: an enemy keeping concealed. The GM
/// sees everything.
pub fn hidden_from(c: &Character, seat: Seat) -> bool {
    matches!(seat, Seat::Faction(f) if c.faction != f) && c.concealed
}

pub fn determinize(s: &State, viewer: Seat, dice: &mut dyn DiceSource) -> State {
    let Seat::Faction(f) = viewer else {
        return s.clone();
    };
    let mut v = s.clone();
    let watched: Vec<bool> = (0..s.zones.len())
        .map(|z| {
            !s.zones[z].concealment
                && s.characters
                    .iter()
                    .any(|c| c.faction == f && c.is_active() && c.zone == z)
        })
        .collect();
    let candidates: Vec<ZoneId> = (0..s.zones.len()).filter(|&z| !watched[z]).collect();
    if candidates.is_empty() {
        return v;
    }
    for c in &mut v.characters {
        if hidden_from(c, viewer) {
            let n = candidates.len().min(255) as u8;
            let pick = dice
                .roll_for(
                    Die::new(n),
                    &Line::new("zones-roll-guess"),
                    "zones.sneaking",
                )
                .map_or(0, |r| usize::from(r.saturating_sub(1)));
            c.zone = candidates[pick.min(candidates.len() - 1)];
        }
    }
    v
}

pub fn choose(ctx: &mut Ctx, choice: MoraleChoice) -> Result<(), RuleError> {
    let c = ctx.s.morale_queue.remove(0);
    match choice {
        MoraleChoice::Surrender => surrender(ctx, c),
        MoraleChoice::Retreat => morale::retreat(ctx, c)?,
    }
    if ctx.s.morale_queue.is_empty() && !check_over(ctx)? {
        let next = ctx.s.round + 1;
        begin_round(ctx, next)?;
    }
    Ok(())
}
