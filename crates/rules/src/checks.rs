//! Checks of the referee's quick paths against its plain ones, on whole random battles. They need
//! real maps, and the shipped scenarios live in a crate above this one, so that crate's tests
//! hand the setups in (`tests/rules_checks.rs`) to the checks here and in each ruleset's
//! `checks` modules; behind the `checks` feature, which only tests
//! turn on.

use rand::{RngExt, SeedableRng};

use crate::battle::{Pending, Ruleset};
use crate::dice::SeededDice;

/// Each decision of four random battles (seeds 0 to 3) on each of `setups`, to `visit` with the
/// setup's name and the seed, before a legal action chosen at random is applied; how many
/// decisions were visited.
pub fn each_decision<G: Ruleset>(
    setups: &[(&str, G::Setup)],
    mut visit: impl FnMut(&str, u64, &G::State),
) -> usize {
    let mut visited = 0;
    for (name, setup) in setups {
        for seed in 0..4 {
            let mut dice = SeededDice::new(seed);
            let (mut s, _) = G::start(setup, &mut dice).unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            while let Pending::Decide { .. } = G::pending(&s) {
                visit(name, seed, &s);
                visited += 1;
                let legal = G::legal_actions(&s);
                let a = &legal[rng.random_range(0..legal.len())];
                G::apply(&mut s, a, &mut dice).unwrap();
            }
        }
    }
    visited
}

/// That a ruleset's quick check of whether ending the turn is all that is left (`only_end_left`)
/// answers what its full listing does, on every state `variants` makes of each decision of
/// [`each_decision`]'s battles (none where the decision is not a turn's). Fails unless more than
/// 100 decisions were turns and more than 10 states had only the end left.
pub fn only_end_agrees<G: Ruleset>(
    setups: &[(&str, G::Setup)],
    variants: impl Fn(&G::State) -> Vec<G::State>,
    only_end_left: impl Fn(&G::State) -> bool,
    end: G::Action,
) {
    let (mut turns, mut ends) = (0, 0);
    each_decision::<G>(setups, |name, seed, s| {
        let states = variants(s);
        for state in &states {
            let only_end = G::legal_actions(state).iter().all(|a| *a == end);
            assert_eq!(only_end_left(state), only_end, "{name} seed {seed}");
            ends += usize::from(only_end);
        }
        turns += usize::from(!states.is_empty());
    });
    assert!(turns > 100, "only {turns} turn decisions");
    assert!(ends > 10, "only {ends} turns with nothing but the end left");
}
