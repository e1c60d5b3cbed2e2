//! A play-out's shortcuts leave the very battle the full path does. A quiet play-out (the AI's,
//! `fray sim`'s) goes through the same states as the written one, reporting nothing; and lists
//! at each decision, into the buffer kept from its last, what a fresh listing of the written
//! battle does.

use fray::ai::{Policy, RandomPolicy};
use fray::rules::battle::Pending;
use fray::rules::battle::state_hash;
use fray::rules::dice::SeededDice;
use fray::rulesets::{Game, Visit};
use fray::words::Said;
use fray::{scenario, sim};

struct Compare {
    name: &'static str,
}

impl Visit for Compare {
    /// Decisions compared.
    type Out = usize;

    /// The same random battle twice in step, one written and one quiet: after every action
    /// the two states are the same, the written action reported its events in words, and the
    /// quiet one nothing.
    fn visit<G: Game>(self, setup: &G::Setup) -> usize {
        let (mut compared, mut explained) = (0, 0);
        for seed in 0..4 {
            let what = format!("{} seed {seed}", self.name);
            let (mut dice, mut quiet_dice) = (SeededDice::new(seed), SeededDice::new(seed));
            let (mut written, _) = G::start(setup, &mut dice).unwrap();
            let (mut quiet, _) = G::start(setup, &mut quiet_dice).unwrap();
            let mut policy = RandomPolicy::new(seed);
            while let Pending::Decide { .. } = G::pending(&written) {
                let legal = G::legal_actions(&written);
                let i = Policy::<G>::choose_index(&mut policy, &written, &legal).unwrap();
                let events = G::apply_trusted(&mut written, &legal[i], &mut dice).unwrap();
                G::apply_quiet(&mut quiet, &legal[i], &mut quiet_dice).unwrap();
                assert_eq!(
                    state_hash(&written),
                    state_hash(&quiet),
                    "{what}: the states part after {:?}",
                    legal[i]
                );
                assert!(
                    events
                        .iter()
                        .all(|e| !e.line.said().is_empty() || e.explanation.is_some()),
                    "{what}: a written event has neither sentence nor explanation"
                );
                explained += events.iter().filter(|e| e.explanation.is_some()).count();
                compared += 1;
            }
            // And `fray sim`'s quiet play-out is handed no events.
            let mut dice = SeededDice::new(seed);
            let (mut s, _) = G::start(setup, &mut dice).unwrap();
            let mut policies: Vec<Box<dyn Policy<G>>> = (0..G::faction_names(&s).len())
                .map(|f| {
                    Box::new(RandomPolicy::new(sim::policy_seed(seed, f))) as Box<dyn Policy<G>>
                })
                .collect();
            let mut reported = 0;
            sim::play_out::<G>(
                &mut s,
                &mut policies,
                &mut RandomPolicy::new(seed),
                &mut dice,
                200,
                true,
                |_, evs| {
                    reported += evs.len();
                },
            )
            .unwrap();
            assert_eq!(reported, 0, "{what}: a quiet play-out reported events");
        }
        assert!(
            explained > 0,
            "{}: no written event explained a roll",
            self.name
        );
        compared
    }
}

/// Runs `check` on every shipped scenario; each must compare more than 20 `what`.
fn on_every_scenario<V: Visit<Out = usize>>(check: impl Fn(&'static str) -> V, what: &str) {
    for (name, _) in scenario::BUILTIN {
        let loaded = scenario::builtin(name).unwrap().unwrap();
        let compared = loaded.setup.visit(check(name));
        assert!(compared > 20, "{name}: only {compared} {what} compared");
    }
}

#[test]
fn a_quiet_play_out_is_the_same_battle_without_its_words() {
    on_every_scenario(|name| Compare { name }, "decisions");
}

struct Listings {
    name: &'static str,
}

impl Visit for Listings {
    /// Decisions compared.
    type Out = usize;

    /// The same random battle twice in step: once as a person plays it (`apply`, a fresh
    /// listing at each decision) and once as a play-out does (`apply_quiet`, each listing into
    /// the buffer kept from the last). Coterie keeps the default listing, one function for
    /// both, so only states reached by the two paths give it anything that can differ.
    fn visit<G: Game>(self, setup: &G::Setup) -> usize {
        let (mut compared, mut refilled) = (0, 0);
        let mut kept = Vec::new();
        for seed in 0..4 {
            let (mut dice, mut quiet_dice) = (SeededDice::new(seed), SeededDice::new(seed));
            let (mut s, _) = G::start(setup, &mut dice).unwrap();
            let (mut quiet, _) = G::start(setup, &mut quiet_dice).unwrap();
            let mut policy = RandomPolicy::new(seed);
            while let Pending::Decide { .. } = G::pending(&s) {
                let fresh = G::legal_actions(&s);
                // A buffer that already held this listing would pass whatever was left in it.
                refilled += usize::from(kept != fresh);
                G::legal_actions_into(&quiet, &mut kept);
                assert_eq!(
                    fresh, kept,
                    "{} seed {seed}, decision {compared}",
                    self.name
                );
                let i = Policy::<G>::choose_index(&mut policy, &s, &fresh).unwrap();
                G::apply(&mut s, &fresh[i], &mut dice).unwrap();
                G::apply_quiet(&mut quiet, &kept[i], &mut quiet_dice).unwrap();
                compared += 1;
            }
        }
        assert!(
            refilled * 2 > compared,
            "{}: the kept buffer held the listing wanted already at {} of {compared} decisions",
            self.name,
            compared - refilled
        );
        compared
    }
}

#[test]
fn a_listing_into_a_kept_buffer_lists_what_a_fresh_one_does() {
    on_every_scenario(|name| Listings { name }, "decisions");
}
