//! For the rules core's own tests: random battles on the shipped scenarios, walked decision by
//! decision.

use rand::{RngExt, SeedableRng};

use super::battle::{Pending, Ruleset};
use super::dice::SeededDice;
use super::teams::TeamsSetup;
use super::zones::ZonesSetup;
use crate::rulesets::Setup;

/// A scenario's Three-action setup, if it is one (for [`each_decision`]).
pub fn teams(setup: Setup) -> Option<TeamsSetup> {
    match setup {
        Setup::Teams(t) => Some(t),
        _ => None,
    }
}

/// A scenario's Zones setup, if it is one.
pub fn zones(setup: Setup) -> Option<ZonesSetup> {
    match setup {
        Setup::Zones(z) => Some(z),
        _ => None,
    }
}

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

/// That a ruleset's quick check of whether ending the turn is all that is left (`only_end_left`)
/// answers what its full listing does, on every state `variants` makes of each decision of
/// [`each_decision`]'s battles (none where the decision is not a turn's). Fails unless more than
/// 100 decisions were turns and more than 10 states had only the end left.
pub fn only_end_agrees<G: Ruleset>(
    pick: impl Fn(Setup) -> Option<G::Setup>,
    variants: impl Fn(&G::State) -> Vec<G::State>,
    only_end_left: impl Fn(&G::State) -> bool,
    end: G::Action,
) {
    let (mut turns, mut ends) = (0, 0);
    each_decision::<G>(pick, |name, seed, s| {
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
