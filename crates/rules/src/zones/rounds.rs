//! The round's bookkeeping: whose decision it is, who may still act, a turn's end, a round's
//! beginning, and the battle's end. Below attacks and turns, which end turns, and above
//! morale, whose gear wear the battle's end sets off.

use super::event::{EventKind, Noted};
use super::model::*;
use super::position::opportunity_faction;
use super::said::later;
use super::{Ctx, morale};
use crate::battle::{CharacterId, DecisionKind, FactionId, Outcome, Pending, RuleError, Seat};
use crate::context::Remark;
use crate::dice::Die;
use crate::explain::Explanation;
use crate::line::Line;

pub fn pending(s: &State) -> Pending {
    let decide = |f: FactionId, kind: DecisionKind| Pending::Decide {
        seat: Seat::Faction(f),
        kind,
        time_limit: None,
    };
    match s.stage {
        Stage::Over => Pending::Over(s.outcome.clone().unwrap_or(Outcome::Draw {
            how: Line::new("rule-how-ended"),
        })),
        Stage::Initiative => decide(s.initiative, DecisionKind::Initiative),
        Stage::Activation => decide(s.to_act, DecisionKind::Activation),
        Stage::Turn => {
            let t = s.turn.as_ref().expect("a turn is in progress");
            let fresh = !t.acted_at_all;
            Pending::Decide {
                seat: Seat::Faction(s.characters[t.character].faction),
                kind: DecisionKind::Turn,
                time_limit: if fresh { s.options.chaos_seconds } else { None },
            }
        }
        Stage::Opportunity => match opportunity_faction(s) {
            Some(f) => decide(f, DecisionKind::Reaction),
            None => decide(s.to_act, DecisionKind::Turn),
        },
        Stage::Attack => {
            let a = s.attack.as_ref().expect("an attack is in progress");
            match a.step {
                AttackStep::ProposeStunt => {
                    decide(s.characters[a.decl.attacker].faction, DecisionKind::Stunt)
                }
                AttackStep::AnswerStunt(_) => {
                    decide(s.characters[a.slots[0].target].faction, DecisionKind::Stunt)
                }
                AttackStep::React { slot } => decide(
                    s.characters[a.slots[slot].target].faction,
                    DecisionKind::Reaction,
                ),
            }
        }
        Stage::Morale => decide(
            s.characters[s.morale_queue[0]].faction,
            DecisionKind::Morale,
        ),
    }
}

/// The active character's turn is over: the next faction activates someone or passes.
pub fn end_turn(ctx: &mut Ctx) {
    if let Some(t) = ctx.s.turn.take() {
        let c = t.character;
        ctx.say(
            EventKind::TurnEnded { character: c },
            later(|| Line::new("zones-turn-ends").who("who", c)),
        );
    }
    ctx.s.movement = None;
    ctx.s.stage = Stage::Activation;
    ctx.s.to_act = (ctx.s.to_act + 1) % ctx.s.factions.len();
}

/// A surrendered character harmed by the enemy, who could take up the fight again, taking
/// their turn.
fn resumes(c: &Character) -> bool {
    c.status == Status::Surrendered && c.may_resume
}

/// Whether faction `f` has anyone left to send this phase, fighting or taking it up again.
pub(super) fn anyone_to_send(s: &State, f: FactionId) -> bool {
    to_send(s, f).next().is_some()
}

/// Those of faction `f` who may be sent now, in order, each with whether it would take the
/// fight up again ([`resumes`]) rather than be activated to fight on.
pub(super) fn to_send(s: &State, f: FactionId) -> impl Iterator<Item = (CharacterId, bool)> + '_ {
    may_act(s, f, |c| c.is_active() || resumes(c)).map(|c| (c, !s.characters[c].is_active()))
}

fn may_act<'a>(
    s: &'a State,
    f: FactionId,
    able: impl Fn(&Character) -> bool + 'a,
) -> impl Iterator<Item = CharacterId> + 'a {
    s.characters
        .iter()
        .enumerate()
        .filter(move |(_, c)| c.faction == f && able(c) && !c.acted)
        .filter(|(_, c)| match s.phase {
            Phase::Ambush => c.concealed,
            Phase::Fast { threshold } => c.attrs.wit >= threshold,
            Phase::Slow | Phase::Normal => true,
        })
        .map(|(i, _)| i)
}

/// The battle ends when at most one faction still has characters fighting.
pub fn check_over(ctx: &mut Ctx) -> Result<bool, RuleError> {
    if ctx.s.stage == Stage::Over {
        return Ok(true);
    }
    // Asked after every action. The side of the first fighter found, then one of another side
    // looked for from the far end of the list, where a scenario lists its last side: most
    // battles go on, and that is told at the first fighter looked at either way.
    let fighting = |c: &&Character| c.is_active();
    let first = ctx.s.characters.iter().find(fighting).map(|c| c.faction);
    if let Some(f) = first
        && ctx
            .s
            .characters
            .iter()
            .rev()
            .filter(fighting)
            .any(|c| c.faction != f)
    {
        return Ok(false);
    }
    over(ctx, first)
}

/// The battle's end, `first` the side left standing if any: apart from the pass above, which
/// runs after every action, so that the pass is a small function of its own.
#[cold]
#[inline(never)]
fn over(ctx: &mut Ctx, first: Option<FactionId>) -> Result<bool, RuleError> {
    // Each beaten faction and how many of it are out of the fight, by how.
    let out = |s: &State, f: FactionId| -> Line {
        let mut parts = Vec::new();
        for (label, st) in [
            ("dead", Status::Dead),
            ("incapacitated", Status::Incapacitated),
            ("surrendered", Status::Surrendered),
            ("fled", Status::Fled),
        ] {
            let n = s
                .characters
                .iter()
                .filter(|c| c.faction == f && c.status == st)
                .count();
            if n > 0 {
                parts.push(
                    Line::new("zones-how-out")
                        .number("n", i64::try_from(n).unwrap_or(i64::MAX))
                        .word("status", label),
                );
            }
        }
        Line::new("zones-how-beaten")
            .side("side", f)
            .lines("out", parts)
    };
    let outcome = match first {
        Some(w) => {
            // The beaten, one after another: `a; b; c`.
            let beaten = (0..ctx.s.factions.len())
                .rev()
                .filter(|&f| f != w)
                .map(|f| out(ctx.s, f))
                .reduce(|rest, one| {
                    Line::new("zones-how-and-beaten")
                        .line("one", one)
                        .line("rest", rest)
                })
                .unwrap_or_default();
            Outcome::Victory {
                winner: w,
                how: Line::new("zones-how-field")
                    .side("winner", w)
                    .line("beaten", beaten),
            }
        }
        None => Outcome::Draw {
            how: Line::new("rule-how-nobody-standing"),
        },
    };
    let text = match &outcome {
        Outcome::Victory { how, .. } | Outcome::Draw { how } => {
            Line::new("zones-fight-over").line("how", how.clone())
        }
    };
    ctx.s.outcome = Some(outcome);
    ctx.s.stage = Stage::Over;
    ctx.s.turn = None;
    ctx.s.attack = None;
    ctx.s.movement = None;
    ctx.s.morale_queue.clear();
    ctx.say(EventKind::BattleOver, text);
    morale::gear_degradation(ctx)?;
    Ok(true)
}

pub fn begin_round(ctx: &mut Ctx, round: u32) -> Result<(), RuleError> {
    begin_round_at(ctx, round, None)
}

/// Begins a round; with fast and slow activations, at a threshold already rolled if given.
pub(super) fn begin_round_at(
    ctx: &mut Ctx,
    round: u32,
    threshold: Option<u8>,
) -> Result<(), RuleError> {
    ctx.s.round = round;
    for c in &mut ctx.s.characters {
        c.acted = false;
    }
    ctx.say(
        EventKind::RoundStarted { round },
        later(|| Line::new("zones-round-begins").number("round", round)),
    );
    if let (true, Some(t)) = (ctx.s.options.fast_slow, threshold) {
        ctx.s.phase = Phase::Fast { threshold: t };
        ctx.say(
            Noted::FastThreshold.aside(),
            later(|| Line::new("zones-fast-threshold").number("threshold", t)),
        );
    } else if ctx.s.options.fast_slow {
        let r = ctx.roll(
            Die::D20,
            &Line::new("zones-roll-fast-threshold"),
            "zones.fast-slow",
        )?;
        ctx.s.phase = Phase::Fast { threshold: r.value };
        ctx.log.explain(|| {
            let mut e = Explanation::new(Line::new("zones-fast-threshold-what"), "zones.fast-slow");
            e.dice.push(r);
            e.total = i32::from(r.value);
            e.outcome = Line::new("zones-fast-threshold-outcome").number("threshold", r.value);
            (
                EventKind::Roll { character: None },
                Line::new("zones-fast-threshold").number("threshold", r.value),
                e,
            )
        });
    } else {
        ctx.s.phase = Phase::Normal;
    }
    ctx.s.stage = Stage::Initiative;
    ctx.s.passes_in_row = 0;
    Ok(())
}
