//! The baseline: a uniformly random legal action.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::Policy;
use fray_rules::battle::Ruleset;

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
    fn choose(&mut self, state: &R::State, legal: &[R::Action]) -> R::Action {
        let i = <Self as Policy<R>>::choose_index(self, state, legal).unwrap_or(0);
        legal[i].clone()
    }

    fn choose_index(&mut self, _state: &R::State, legal: &[R::Action]) -> Option<usize> {
        Some(self.rng.random_range(0..legal.len()))
    }

    fn name(&self) -> String {
        "random".into()
    }
}
