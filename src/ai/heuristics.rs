//! What a ruleset tells the AI beyond the contract: how good a position is for a side, and how
//! promising each action looks before searching, computed from the core's exact odds.

use crate::rules::battle::{Ruleset, Seat};

pub trait Heuristics: Ruleset {
    /// Each faction's share of the fight, in [0, 1], summing to about 1: 1 is a won battle.
    fn evaluate(state: &Self::State) -> Vec<f64>;

    /// The expected gain of `action` for the seat deciding now, in the ruleset's own units
    /// (Zones: points of health), from exact odds where the core can compute them.
    fn action_value(state: &Self::State, action: &Self::Action) -> f64;

    /// The seat deciding now, if any.
    fn seat(state: &Self::State) -> Option<Seat> {
        Self::pending(state).seat()
    }
}
