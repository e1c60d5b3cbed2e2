//! A play-out's shortcuts leave the very battle the full path does. A quiet play-out (the AI's,
//! `fray sim`'s) gives the same states and the same kinds of events, only without their
//! sentences and explanations; a listing into a buffer kept from the last decision lists what a
//! fresh listing does.

use fray::ai::{Policy, RandomPolicy};
use fray::rules::battle::Pending;
use fray::rules::battle::{Event, Ruleset, state_hash};
use fray::rules::dice::SeededDice;
use fray::rulesets::{Game, Visit};
use fray::{scenario, sim};

/// What one battle left: each action's events, the final state's hash and the outcome.
struct Played<K> {
    events: Vec<Vec<Event<K>>>,
    hash: u64,
    over: bool,
}

fn play<G: Ruleset>(setup: &G::Setup, seed: u64, quiet: bool) -> Played<G::EventKind> {
    let mut dice = SeededDice::new(seed);
    let (mut s, _) = G::start(setup, &mut dice).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    let mut policies: Vec<Box<dyn Policy<G>>> = (0..G::faction_names(&s).len())
        .map(|f| Box::new(RandomPolicy::new(sim::policy_seed(seed, f))) as Box<dyn Policy<G>>)
        .collect();
    let mut gm = RandomPolicy::new(sim::policy_seed(seed, policies.len()));
    let mut events = Vec::new();
    let r = sim::play_out::<G>(
        &mut s,
        &mut policies,
        &mut gm,
        &mut dice,
        200,
        quiet,
        |_, evs| events.push(evs.to_vec()),
    )
    .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    Played {
        events,
        hash: state_hash(&s),
        over: r.outcome.is_some(),
    }
}

struct Compare {
    name: &'static str,
}

impl Visit for Compare {
    /// Events compared.
    type Out = usize;

    fn visit<G: Game>(self, setup: &G::Setup) -> usize {
        let (mut compared, mut explained) = (0, 0);
        for seed in 0..4 {
            let what = format!("{} seed {seed}", self.name);
            let written = play::<G>(setup, seed, false);
            let quiet = play::<G>(setup, seed, true);
            assert!(written.over, "{what}: the battle did not end");
            assert_eq!(written.hash, quiet.hash, "{what}: the final states differ");
            assert_eq!(
                written.events.len(),
                quiet.events.len(),
                "{what}: decisions"
            );
            for (w, q) in written
                .events
                .iter()
                .flatten()
                .zip(quiet.events.iter().flatten())
            {
                let kinds = |e: &Event<G::EventKind>| serde_json::to_string(&e.kind).unwrap();
                assert_eq!(kinds(w), kinds(q), "{what}: after \"{}\"", w.text);
                assert!(
                    q.text.is_empty() && q.explanation.is_none(),
                    "{what}: a quiet event wrote \"{}\" or explained it",
                    q.text
                );
                compared += 1;
            }
            assert!(
                written.events.iter().flatten().all(|e| !e.text.is_empty()),
                "{what}: a written event has no sentence"
            );
            explained += written
                .events
                .iter()
                .flatten()
                .filter(|e| e.explanation.is_some())
                .count();
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
    on_every_scenario(|name| Compare { name }, "events");
}

struct Listings {
    name: &'static str,
}

impl Visit for Listings {
    /// Decisions compared.
    type Out = usize;

    fn visit<G: Game>(self, setup: &G::Setup) -> usize {
        let mut compared = 0;
        let mut kept = Vec::new();
        for seed in 0..4 {
            let mut dice = SeededDice::new(seed);
            let (mut s, _) = G::start(setup, &mut dice).unwrap();
            let mut policy = RandomPolicy::new(seed);
            while let Pending::Decide { .. } = G::pending(&s) {
                let fresh = G::legal_actions(&s);
                G::legal_actions_into(&s, &mut kept);
                assert_eq!(
                    fresh, kept,
                    "{} seed {seed}, decision {compared}",
                    self.name
                );
                let i = Policy::<G>::choose_index(&mut policy, &s, &fresh).unwrap();
                G::apply(&mut s, &fresh[i], &mut dice).unwrap();
                compared += 1;
            }
        }
        compared
    }
}

#[test]
fn a_listing_into_a_kept_buffer_lists_what_a_fresh_one_does() {
    on_every_scenario(|name| Listings { name }, "decisions");
}
