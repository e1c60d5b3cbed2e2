//! Whose decision it is, who may take a turn, and a turn's end: below turns, which end
//! themselves, and the legal listing, which asks who may act.

use super::Ctx;
use super::event::EventKind;
use super::model::*;
use super::said::later;
use crate::battle::{CharacterId, DecisionKind, Outcome, Pending, Seat};
use crate::line::Line;

pub fn pending(s: &State) -> Pending {
    let decide = |seat: Seat, kind: DecisionKind| Pending::Decide {
        seat,
        kind,
        time_limit: None,
    };
    let team_of = |c: CharacterId| Seat::Faction(s.characters.get(c).map_or(0, |c| c.team));
    let target = s.attack.map_or(0, |a| a.target);
    match s.stage {
        Stage::Over => Pending::Over(s.outcome.clone().unwrap_or(Outcome::Draw {
            how: Line::new("rule-how-ended"),
        })),
        Stage::Initiative => decide(Seat::Gm, DecisionKind::Initiative),
        Stage::Activation => decide(
            Seat::Faction(s.order.get(s.to_act).copied().unwrap_or(0)),
            DecisionKind::Activation,
        ),
        Stage::Turn => decide(team_of(s.actor().unwrap_or(0)), DecisionKind::Turn),
        Stage::Intercept | Stage::Defend | Stage::Fortify => {
            decide(team_of(target), DecisionKind::Reaction)
        }
    }
}

/// The turn is over: the next team in the initiative chooses.
pub fn end_turn(ctx: &mut Ctx) {
    if let Some(t) = ctx.s.turn.take() {
        ctx.say(
            EventKind::TurnEnded { character: t.owner },
            later(move || Line::new("teams-turn-ends").who("who", t.owner)),
        );
    }
    ctx.s.stage = Stage::Activation;
    if !ctx.s.order.is_empty() {
        ctx.s.to_act = (ctx.s.to_act + 1) % ctx.s.order.len();
    }
}

/// Members of `team` who may take a turn now: conscious, not yet acted this round, and in the
/// surprise round only those with surprise or who cannot be surprised.
pub fn eligible(s: &State, team: TeamId) -> impl Iterator<Item = CharacterId> + '_ {
    s.among(move |r| r.team(team) & r.active & r.waiting)
        .filter(move |&i| {
            let c = &s.characters[i];
            c.team == team
                && c.is_active()
                && !c.acted
                && s.surprise.is_none_or(|t| t == team || c.stats.danger_sense)
        })
}

/// Whether any member of `team` may take a turn now ([`eligible`]): asked after every action
/// of a round's last turns, so read off the roster where no surprise round asks more.
pub fn any_eligible(s: &State, team: TeamId) -> bool {
    match s.roster() {
        Some(r) if s.surprise.is_none() => r.team(team) & r.active & r.waiting != 0,
        _ => eligible(s, team).next().is_some(),
    }
}
