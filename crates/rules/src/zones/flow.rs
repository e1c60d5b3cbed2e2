//! Rounds, initiative, activations and passes; who decides next; the end of the battle.

use super::action::Action;
use super::event::EventKind;
use super::model::*;
use super::{Ctx, ZoneEvent, attack, legal, morale, turn};
use crate::battle::{CharacterId, DecisionKind, FactionId, Outcome, Pending, RuleError, Seat};
use crate::dice::{DiceSource, Die};
use crate::explain::Explanation;

/// Begins a battle: initiative goes to the faction that started the fight, or is rolled for;
/// ambushers get their bonus turn before round 1.
pub fn start(
    state: &mut State,
    started_by: Option<FactionId>,
    situation: Option<&super::Situation>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<ZoneEvent>, RuleError> {
    let mut next = state.clone();
    let mut ctx = Ctx::new(&mut next, dice);
    match started_by {
        Some(f) => {
            ctx.s.initiative = f;
            let name = ctx.s.factions[f].name.clone();
            ctx.say(
                EventKind::Note,
                format_args!("{name} started the fight and hold the initiative."),
            );
        }
        None => {
            let n = ctx.s.factions.len() as u8;
            let r = ctx.roll(Die::new(n), "who holds the initiative", "zones.initiative")?;
            let f = usize::from(r.value - 1);
            ctx.s.initiative = f;
            let name = ctx.s.factions[f].name.clone();
            let mut e = Explanation::new("Initiative, assigned at random", "zones.initiative");
            e.dice.push(r);
            e.total = i32::from(r.value);
            e.outcome = format!("{name} hold the initiative");
            ctx.explained(
                EventKind::Roll { character: None },
                format_args!("Nobody clearly started the fight: {name} win the initiative roll."),
                e,
            );
        }
    }
    if let Some(sit) = situation {
        // A situation is mid-battle: past any ambush, in the round it names.
        ctx.note(format_args!(
            "The battle starts from the scenario's situation, in round {}.",
            sit.round
        ));
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
                return Err(RuleError::Illegal(format!(
                    "the situation cannot start: {}",
                    legal::why_illegal(ctx.s, &a)
                )));
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
        ctx.say(
            EventKind::PhaseStarted,
            "Ambush! Concealed characters play a bonus turn during which only they can act.",
        );
    } else {
        begin_round(&mut ctx, 1)?;
    }
    advance(&mut ctx)?;
    let events = ctx.log.events;
    *state = next;
    Ok(events)
}

pub fn pending(s: &State) -> Pending {
    let decide = |f: FactionId, kind: DecisionKind| Pending::Decide {
        seat: Seat::Faction(f),
        kind,
        time_limit: None,
    };
    match s.stage {
        Stage::Over => Pending::Over(s.outcome.clone().unwrap_or(Outcome::Draw {
            how: "the fight ended".into(),
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
        Stage::Opportunity => match turn::opportunity_faction(s) {
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

/// Carries out one legal action.
pub fn step(ctx: &mut Ctx, action: &Action) -> Result<(), RuleError> {
    match action {
        Action::ChooseFirst(f) => {
            let f = *f;
            ctx.s.first = f;
            ctx.s.to_act = f;
            ctx.s.passes_in_row = 0;
            ctx.s.stage = Stage::Activation;
            let holder = ctx.s.factions[ctx.s.initiative].name.clone();
            let name = ctx.s.factions[f].name.clone();
            ctx.say(
                EventKind::Initiative { first: f },
                format_args!("{holder} hold the initiative and let {name} act first."),
            );
        }
        Action::Activate(c) => activate(ctx, *c),
        Action::Resume(c) => {
            let ch = &mut ctx.s.characters[*c];
            ch.status = Status::Active;
            ch.may_resume = false;
            let name = ch.name.clone();
            ctx.say(
                EventKind::StatusChanged {
                    character: *c,
                    status: Status::Active,
                },
                format_args!("{name}, harmed while surrendering, takes up the fight again."),
            );
            activate(ctx, *c);
        }
        Action::Pass => pass(ctx)?,
        Action::Morale(choice) => morale::choose(ctx, *choice)?,
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
    let (s, log) = (&*ctx.s, &mut ctx.log);
    let (name, ch) = (s.name(c), &s.characters[c]);
    let kind = EventKind::TurnStarted { character: c };
    // The log is read by both sides: it never says where a concealed character is.
    if ch.concealed {
        log.say(kind, format_args!("{name} takes a turn, unseen."));
    } else {
        let zone = s.zone_name(ch.zone);
        log.say(kind, format_args!("{name} takes a turn in {zone}."));
    }
}

fn pass(ctx: &mut Ctx) -> Result<(), RuleError> {
    let f = ctx.s.to_act;
    // A side that could still send someone keeps the chance to later in the round; one with
    // nobody left passes because it must.
    let why = if anyone_to_send(ctx.s, f) {
        "a pass, for now (they may still act later this round)"
    } else {
        "nobody left to take a turn this round, so a pass"
    };
    ctx.log.say(
        EventKind::Passed { faction: f },
        format_args!("{}: {why}.", ctx.s.factions[f].name),
    );
    ctx.s.passes_in_row += 1;
    if ctx.s.passes_in_row >= ctx.s.factions.len() {
        end_phase(ctx)?;
    } else {
        ctx.s.to_act = (f + 1) % ctx.s.factions.len();
    }
    Ok(())
}

/// The active character's turn is over: the next faction activates someone or passes.
pub fn end_turn(ctx: &mut Ctx) {
    if let Some(t) = ctx.s.turn.take() {
        ctx.log.say(
            EventKind::TurnEnded {
                character: t.character,
            },
            format_args!("{}'s turn ends.", ctx.s.name(t.character)),
        );
    }
    ctx.s.movement = None;
    ctx.s.stage = Stage::Activation;
    ctx.s.to_act = (ctx.s.to_act + 1) % ctx.s.factions.len();
}

/// Characters of faction `f` who may be activated now.
pub fn eligible(s: &State, f: FactionId) -> impl Iterator<Item = CharacterId> + '_ {
    may_act(s, f, |c| c.is_active())
}

/// Surrendered characters of faction `f` harmed by the enemy who could take up the fight
/// again now, taking their turn.
pub fn resumable(s: &State, f: FactionId) -> impl Iterator<Item = CharacterId> + '_ {
    may_act(s, f, resumes)
}

fn resumes(c: &Character) -> bool {
    c.status == Status::Surrendered && c.may_resume
}

/// Whether faction `f` has anyone left to send this phase, fighting or taking it up again.
fn anyone_to_send(s: &State, f: FactionId) -> bool {
    may_act(s, f, |c| c.is_active() || resumes(c))
        .next()
        .is_some()
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

/// All factions passed in a row: the phase (or the round) is over.
fn end_phase(ctx: &mut Ctx) -> Result<(), RuleError> {
    ctx.s.passes_in_row = 0;
    match ctx.s.phase {
        Phase::Fast { .. } => {
            ctx.s.phase = Phase::Slow;
            ctx.s.to_act = ctx.s.first;
            ctx.say(
                EventKind::PhaseStarted,
                "The slow action phase begins: everyone who has not acted may now take a turn.",
            );
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

pub fn begin_round(ctx: &mut Ctx, round: u32) -> Result<(), RuleError> {
    begin_round_at(ctx, round, None)
}

/// Begins a round; with fast and slow activations, at a threshold already rolled if given.
fn begin_round_at(ctx: &mut Ctx, round: u32, threshold: Option<u8>) -> Result<(), RuleError> {
    ctx.s.round = round;
    for c in &mut ctx.s.characters {
        c.acted = false;
    }
    ctx.say(
        EventKind::RoundStarted { round },
        format_args!("Round {round} begins."),
    );
    if let (true, Some(t)) = (ctx.s.options.fast_slow, threshold) {
        ctx.s.phase = Phase::Fast { threshold: t };
        ctx.say(
            EventKind::Note,
            format_args!(
                "Fast action threshold {t}: the fast phase is for characters with WIT {t} or more."
            ),
        );
    } else if ctx.s.options.fast_slow {
        let r = ctx.roll(Die::D20, "the fast action threshold", "zones.fast-slow")?;
        ctx.s.phase = Phase::Fast { threshold: r.value };
        let mut e = Explanation::new(
            "The GM's d20 for the fast action threshold",
            "zones.fast-slow",
        );
        e.dice.push(r);
        e.total = i32::from(r.value);
        e.outcome = format!("only WIT {} or more act in the fast phase", r.value);
        ctx.explained(
            EventKind::Roll { character: None },
            format_args!(
                "Fast action threshold {}: the fast phase is for characters with WIT {} or more.",
                r.value, r.value
            ),
            e,
        );
    } else {
        ctx.s.phase = Phase::Normal;
    }
    ctx.s.stage = Stage::Initiative;
    ctx.s.passes_in_row = 0;
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
                pass(ctx)?;
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
            Stage::Opportunity if turn::opportunity_faction(ctx.s).is_none() => {
                turn::finish_move(ctx)?;
            }
            _ => return Ok(()),
        }
    }
    Err(RuleError::Illegal(
        "the battle cannot advance (no faction can ever act)".into(),
    ))
}

/// The battle ends when at most one faction still has characters fighting.
pub fn check_over(ctx: &mut Ctx) -> Result<bool, RuleError> {
    if ctx.s.stage == Stage::Over {
        return Ok(true);
    }
    // Asked after every action: one pass that stops at the second side found standing.
    let mut first = None;
    for c in ctx.s.characters.iter().filter(|c| c.is_active()) {
        match first {
            None => first = Some(c.faction),
            Some(f) if f != c.faction => return Ok(false),
            Some(_) => {}
        }
    }
    let out = |s: &State, f: FactionId| -> String {
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
                parts.push(format!("{n} {label}"));
            }
        }
        format!("{} ({})", s.factions[f].name, parts.join(", "))
    };
    let outcome = match first {
        Some(w) => {
            let losers: Vec<String> = (0..ctx.s.factions.len())
                .filter(|&f| f != w)
                .map(|f| out(ctx.s, f))
                .collect();
            Outcome::Victory {
                winner: w,
                how: format!(
                    "{} hold the field; beaten: {}",
                    ctx.s.factions[w].name,
                    losers.join("; ")
                ),
            }
        }
        None => Outcome::Draw {
            how: "nobody is left standing".into(),
        },
    };
    let text = match &outcome {
        Outcome::Victory { how, .. } => format!("The fight is over: {how}."),
        Outcome::Draw { how } => format!("The fight is over: {how}."),
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
                    "a guess at a hidden enemy's zone",
                    "zones.sneaking",
                )
                .map_or(0, |r| usize::from(r.saturating_sub(1)));
            c.zone = candidates[pick.min(candidates.len() - 1)];
        }
    }
    v
}
