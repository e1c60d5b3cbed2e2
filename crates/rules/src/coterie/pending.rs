//! Whose decision it is, and of what kind: read from the stage alone, below the phase loop
//! that changes it and the words that name a choice by who makes it.

use super::model::*;
use crate::Line;
use crate::battle::{DecisionKind, Outcome, Pending, Seat};

pub fn pending(s: &State) -> Pending {
    let decide = |seat: Seat, kind: DecisionKind| Pending::Decide {
        seat,
        kind,
        time_limit: None,
    };
    let party = |i: usize| s.party().get(i).copied().unwrap_or(0);
    let leader = Seat::Character(s.leader().unwrap_or(0));
    match &s.stage {
        Stage::Over | Stage::Resolving => {
            Pending::Over(s.outcome.clone().unwrap_or(Outcome::Draw {
                how: Line::new("coterie-how-ended"),
            }))
        }
        Stage::Declare(i) | Stage::Bring(i) => {
            decide(Seat::Character(party(*i)), DecisionKind::Commit)
        }
        Stage::Special { character, .. } => {
            decide(Seat::Character(*character), DecisionKind::Special)
        }
        Stage::Review { .. } => decide(Seat::Gm, DecisionKind::Review),
        Stage::Harm { winner, .. } if *winner == PARTY => decide(leader, DecisionKind::Harm),
        Stage::Harm { .. }
        | Stage::PartyInjury { .. }
        | Stage::FoesFallBack { .. }
        | Stage::Reserve { .. } => decide(Seat::Gm, DecisionKind::Harm),
        Stage::FallBack { .. } => decide(leader, DecisionKind::Harm),
        Stage::Flee(c) => decide(Seat::Character(*c), DecisionKind::Harm),
        Stage::Draw => decide(leader, DecisionKind::Draw),
        Stage::Morale => decide(Seat::Gm, DecisionKind::Morale),
        Stage::DuelAnswer { loser } => {
            if s.characters[*loser].side == PARTY {
                decide(Seat::Character(*loser), DecisionKind::Harm)
            } else {
                decide(Seat::Gm, DecisionKind::Harm)
            }
        }
    }
}
