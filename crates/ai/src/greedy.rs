//! Greedy: the best single decision by expected value, with an optional share of random moves
//! for the easy level.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{Candidate, Heuristics, Policy};

pub struct Greedy {
    rng: ChaCha8Rng,
    /// Chance of a random legal move instead (0 for a pure greedy player).
    pub blunder: f64,
}

impl Greedy {
    pub fn new(seed: u64, blunder: f64) -> Self {
        Greedy {
            rng: ChaCha8Rng::seed_from_u64(seed),
            blunder,
        }
    }

    /// Every legal action with its expected value, best first.
    pub fn rank<R: Heuristics>(state: &R::State, legal: &[R::Action]) -> Vec<Candidate<R::Action>> {
        rank_by::<R>(state, legal, R::action_value)
    }
}

/// A way of valuing an action: the greedy player's, or the search's play-outs'.
pub type Value<R> = fn(
    &<R as fray_rules::battle::Ruleset>::State,
    &<R as fray_rules::battle::Ruleset>::Action,
) -> f64;

/// Every legal action with its value by `value`, best first.
pub fn rank_by<R: Heuristics>(
    state: &R::State,
    legal: &[R::Action],
    value: Value<R>,
) -> Vec<Candidate<R::Action>> {
    let mut out: Vec<Candidate<R::Action>> = legal
        .iter()
        .map(|a| Candidate {
            action: a.clone(),
            value: value(state, a),
            visits: 0,
        })
        .collect();
    out.sort_by(|a, b| b.value.total_cmp(&a.value));
    out
}

/// The action a heuristic play-out takes: the GM's own policy where the GM decides, else the
/// best by the heuristic with ties broken by `rng`.
pub fn playout_index<R: Heuristics>(
    state: &R::State,
    legal: &[R::Action],
    rng: &mut ChaCha8Rng,
) -> usize {
    if R::referee_deciding(state) {
        return R::gm_choice(state, legal).min(legal.len().saturating_sub(1));
    }
    best_index_by::<R>(state, legal, rng, R::playout_value)
}

/// The index of the best action by the greedy player's values, ties broken by `rng`.
pub fn best_index<R: Heuristics>(
    state: &R::State,
    legal: &[R::Action],
    rng: &mut ChaCha8Rng,
) -> usize {
    best_index_by::<R>(state, legal, rng, R::action_value)
}

/// The index of the best action by `value`, ties broken by `rng`.
pub fn best_index_by<R: Heuristics>(
    state: &R::State,
    legal: &[R::Action],
    rng: &mut ChaCha8Rng,
    value: Value<R>,
) -> usize {
    let mut best = f64::NEG_INFINITY;
    let mut ties = Vec::new();
    for (i, a) in legal.iter().enumerate() {
        let v = value(state, a);
        if v > best + 1e-9 {
            best = v;
            ties.clear();
            ties.push(i);
        } else if (v - best).abs() <= 1e-9 {
            ties.push(i);
        }
    }
    if ties.is_empty() {
        return 0;
    }
    ties[rng.random_range(0..ties.len())]
}

impl<R: Heuristics> Policy<R> for Greedy {
    fn choose(&mut self, state: &R::State, legal: &[R::Action]) -> R::Action {
        if self.blunder > 0.0 && self.rng.random_bool(self.blunder.clamp(0.0, 1.0)) {
            return legal[self.rng.random_range(0..legal.len())].clone();
        }
        legal[best_index::<R>(state, legal, &mut self.rng)].clone()
    }

    fn name(&self) -> String {
        if self.blunder > 0.0 {
            "greedy (erring)".into()
        } else {
            "greedy".into()
        }
    }
}
