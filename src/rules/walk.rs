//! For the rules core's own tests: random battles on the shipped scenarios, walked decision by
//! decision.

use rand::{RngExt, SeedableRng};

use super::battle::{Pending, Ruleset};
use super::dice::SeededDice;
use crate::rulesets::Setup;

/// Each decision of four random battles (seeds 0 to 3) on every shipped scenario that `pick`
/// takes, to `visit` with the scenario's name and the seed, before a legal action chosen at
/// random is applied.
pub fn each_decision<G: Ruleset>(
    pick: impl Fn(Setup) -> Option<G::Setup>,
    mut visit: impl FnMut(&str, u64, &G::State),
) {
    for (name, _) in crate::scenario::BUILTIN {
        let Some(setup) = pick(crate::scenario::builtin(name).unwrap().unwrap().setup) else {
            continue;
        };
        for seed in 0..4 {
            let mut dice = SeededDice::new(seed);
            let (mut s, _) = G::start(&setup, &mut dice).unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            while let Pending::Decide { .. } = G::pending(&s) {
                visit(name, seed, &s);
                let legal = G::legal_actions(&s);
                let a = &legal[rng.random_range(0..legal.len())];
                G::apply(&mut s, a, &mut dice).unwrap();
            }
        }
    }
}
