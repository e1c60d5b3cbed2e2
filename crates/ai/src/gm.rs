//! The GM seat played by the ruleset's own policy (`Heuristics::gm_choice`), for the benchmark,
//! `fray sim` and any AI seat that holds the GM.

use super::{Heuristics, Policy};

pub struct GmPolicy;

impl<R: Heuristics> Policy<R> for GmPolicy {
    fn choose(&mut self, state: &R::State, legal: &[R::Action]) -> R::Action {
        legal[R::gm_choice(state, legal).min(legal.len() - 1)].clone()
    }

    fn name(&self) -> String {
        "the GM's guidance".into()
    }
}
