//! The baseline: a uniformly random legal action.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::Policy;
use crate::rules::battle::Ruleset;

pub struct RandomPolicy {
    rng: ChaCha8Rng,
}

impl RandomPolicy {
    pub fn new(seed: u64) -> Self {
        RandomPolicy {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl<R: Ruleset> Policy<R> for RandomPolicy {
    fn choose(&mut self, _state: &R::State, legal: &[R::Action]) -> R::Action {
        legal[self.rng.random_range(0..legal.len())].clone()
    }

    fn name(&self) -> String {
        "random".into()
    }
}
