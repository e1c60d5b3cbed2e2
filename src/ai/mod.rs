//! Policies that play any ruleset through the [`Ruleset`] contract. No Bevy, no clock: a
//! policy's randomness comes from its own seed and its effort from a budget, so the same seed
//! gives the same move on every machine.

pub mod random;

pub use random::RandomPolicy;

use crate::rules::battle::Ruleset;

/// Chooses one of the legal actions for the seat that must decide.
pub trait Policy<R: Ruleset> {
    fn choose(&mut self, state: &R::State, legal: &[R::Action]) -> R::Action;
    fn name(&self) -> String;
}
