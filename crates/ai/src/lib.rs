//! Policies that play any ruleset through the [`Ruleset`] contract. No Bevy, no clock: a
//! policy's randomness comes from its own seed and its effort from a budget of iterations, so
//! the same seed and budget give the same move on every machine.

pub mod coterie;
pub mod gm;
pub mod greedy;
pub mod heuristics;
pub mod level;
pub mod mcts;
pub mod random;
pub mod rollout;
pub mod teams;
pub mod think;
pub mod zones;

pub use gm::GmPolicy;
pub use greedy::Greedy;
pub use heuristics::Heuristics;
pub use level::{Ai, Level};
pub use mcts::{Mcts, MctsConfig, Search};
pub use random::RandomPolicy;
pub use rollout::{RolloutConfig, RolloutSearch, Rollouts};
pub use think::Thinking;

use fray_rules::battle::Ruleset;

/// Chooses one of the legal actions for the seat that must decide.
pub trait Policy<R: Ruleset> {
    fn choose(&mut self, state: &R::State, legal: &[R::Action]) -> R::Action;
    /// Where `legal[i]` is always the answer (the random policy), `i`, so that a play-out need
    /// not look the action up in the list nor copy it; None (the default) to ask `choose`.
    fn choose_index(&mut self, _state: &R::State, _legal: &[R::Action]) -> Option<usize> {
        None
    }
    fn name(&self) -> String;
}

/// A candidate move and what the policy thinks of it, for the "why" panel.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate<A> {
    pub action: A,
    /// The policy's estimate: a win probability for search, an expected gain for greedy.
    pub value: f64,
    /// How many simulations back the estimate (0 for greedy).
    pub visits: u32,
}
