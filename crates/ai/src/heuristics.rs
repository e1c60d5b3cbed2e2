//! What a ruleset tells the AI beyond the contract: how good a position is for a side, and how
//! promising each action looks before searching, computed from the core's exact odds.

use super::RolloutConfig;
use fray_rules::battle::{Ruleset, Seat};

pub trait Heuristics: Ruleset {
    /// Each faction's share of the fight, in [0, 1], summing to about 1: 1 is a won battle.
    fn evaluate(state: &Self::State) -> Vec<f64>;

    /// The expected gain of `action` for the seat deciding now, in the ruleset's own units
    /// (Zones: points of health), from exact odds where the core can compute them.
    fn action_value(state: &Self::State, action: &Self::Action) -> f64;

    /// What the search's play-outs (and its first ranking of moves) go by. By default the
    /// greedy player's `action_value`; a ruleset may give the search knowledge that looks ahead
    /// beyond the one decision the normal level weighs.
    fn playout_value(state: &Self::State, action: &Self::Action) -> f64 {
        Self::action_value(state, action)
    }

    /// The GM seat's choice among `legal`, as an index: the policy written from the rulebook's
    /// guidance for the choices it hands the GM. Search and the benchmark play the GM with this
    /// wherever it decides; the default takes the first of the actions the heuristic values most.
    fn gm_choice(state: &Self::State, legal: &[Self::Action]) -> usize {
        let mut best = 0;
        let mut best_value = f64::NEG_INFINITY;
        for (i, a) in legal.iter().enumerate() {
            let v = Self::action_value(state, a);
            if v > best_value + 1e-9 {
                best = i;
                best_value = v;
            }
        }
        best
    }

    /// The hard level's search budget on this ruleset, within its time goals.
    fn rollouts() -> RolloutConfig {
        RolloutConfig::default()
    }

    /// The hard level's search for this position: [`Self::rollouts`], unless the ruleset
    /// scales it with the board (a play-out among a dozen fighters costs several times one
    /// among four, and the decision must keep its time).
    fn rollouts_for(state: &Self::State) -> RolloutConfig {
        let _ = state;
        Self::rollouts()
    }

    /// The seat deciding now, if any.
    fn seat(state: &Self::State) -> Option<Seat> {
        Self::pending(state).seat()
    }

    /// Whether the one deciding now is the GM as referee (a seat of no side).
    fn referee_deciding(state: &Self::State) -> bool {
        Self::seat(state).is_some_and(|s| Self::side(state, s).is_none())
    }
}
