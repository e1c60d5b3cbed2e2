//! Whole Coterie conflicts between random policies: every one ends, and after every action the
//! rulebook's invariants hold: the track between 0 and -5, harm never more than the degree
//! allows, penalties by the rulebook's formulas.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use fray::rules::battle::{Pending, Ruleset};
use fray::rules::coterie::{
    Action, Coterie, CoterieSetup, FOES, HarmKind, PARTY, Stage, State, harm,
};
use fray::rules::dice::SeededDice;
use fray::scenario::{self, Setup};

fn setup(name: &str) -> CoterieSetup {
    match scenario::builtin(name).unwrap().unwrap().setup {
        Setup::Coterie(s) => s,
        _ => panic!("a Coterie scenario"),
    }
}

fn invariants(before: &State, action: &Action, after: &State, seed: u64) {
    for g in &after.groups {
        assert!(
            (-5..=0).contains(&g.position),
            "seed {seed}: {} at {}",
            g.name,
            g.position
        );
        assert!(
            g.tactical_penalty % 3 == 0 && g.tactical_penalty >= 0,
            "seed {seed}"
        );
        assert!(g.wounds >= 0);
    }
    for side in [PARTY, FOES] {
        for (t, p) in &after.groups[side].trait_injuries {
            assert!(
                *p > 0 && *p % 2 == 0,
                "seed {seed}: {t} injured by {p}, not doubled"
            );
        }
    }
    if !after.conflict.physical {
        assert!(
            after.groups.iter().all(|g| g.wounds == 0)
                && after.characters.iter().all(|c| c.wounds == 0),
            "seed {seed}: a conflict that is not a fight wounds nobody"
        );
    }
    the_players_harm_lands_by_the_formulas(before, action, after, seed);
    if let (Stage::Harm { degree, .. }, Action::Inflict(pieces)) = (&before.stage, action) {
        assert_eq!(
            harm::weight(pieces),
            degree.level(),
            "seed {seed}: {pieces:?} for {degree:?}"
        );
        assert!(pieces.len() <= 3);
    }
    for c in &after.characters {
        assert!(c.fatigue >= 0 && c.wounds >= 0, "seed {seed}: {}", c.name);
    }
}

/// The players' harm, once the opposition has taken it rather than fall back, lands on the
/// enemy group exactly by the rulebook's formulas: a step of the track and -3 on the next
/// effort a level (coterie.push-backs, coterie.tactical-penalty), a wound a level
/// (coterie.wounds), and a level × vulnerability × 2 off the trait (coterie.trait-injuries).
fn the_players_harm_lands_by_the_formulas(
    before: &State,
    action: &Action,
    after: &State,
    seed: u64,
) {
    let pieces = match (&before.stage, action) {
        (Stage::Harm { winner: PARTY, .. }, Action::Inflict(pieces))
            if !matches!(after.stage, Stage::FoesFallBack { .. }) =>
        {
            pieces.clone()
        }
        (Stage::FoesFallBack { harm }, Action::FallBack(false)) => harm.clone(),
        _ => return,
    };
    let (b, a) = (&before.groups[FOES], &after.groups[FOES]);
    let v = before.vulnerability(FOES);
    let (mut position, mut penalty, mut wounds) = (b.position, b.tactical_penalty, b.wounds);
    let mut traits = b.trait_injuries.clone();
    for h in &pieces {
        let level = h.degree.level();
        match &h.kind {
            HarmKind::Tactical => {
                position = (position - level).max(-5);
                penalty += 3 * level;
            }
            HarmKind::Wounds => wounds += level,
            HarmKind::Trait(t) => *traits.entry(t.clone()).or_insert(0) += 2 * level * v,
        }
    }
    assert_eq!(
        (a.position, a.tactical_penalty, a.wounds, &a.trait_injuries),
        (position, penalty, wounds, &traits),
        "seed {seed}: {pieces:?} on {b:?}"
    );
}

fn many(name: &str, n: u64) {
    let setup = setup(name);
    for seed in 0..n {
        let mut dice = SeededDice::new(seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut s, _) = Coterie::start(&setup, &mut dice).unwrap();
        let mut steps = 0;
        while let Pending::Decide { .. } = Coterie::pending(&s) {
            let legal = Coterie::legal_actions(&s);
            assert!(
                !legal.is_empty(),
                "seed {seed}: a decision with no choice at {:?}",
                s.stage
            );
            let a = legal[rng.random_range(0..legal.len())].clone();
            let before = s.clone();
            Coterie::apply(&mut s, &a, &mut dice).unwrap();
            invariants(&before, &a, &s, seed);
            steps += 1;
            assert!(steps < 5_000, "seed {seed}: the conflict did not end");
        }
        assert!(s.outcome.is_some(), "seed {seed}");
    }
}

#[test]
fn wizards_and_bandits_1000_random_conflicts() {
    many("wizards-and-bandits", 1000);
}

#[test]
fn duel_at_the_gate_1000_random_conflicts() {
    many("duel-at-the-gate", 1000);
}

#[test]
fn the_chase_1000_random_conflicts_deal_no_wounds() {
    many("the-chase", 1000);
    let mut dice = SeededDice::new(1);
    let (s, _) = Coterie::start(&setup("the-chase"), &mut dice).unwrap();
    assert!(!s.conflict.physical);
    assert!(
        harm::kinds_against(&s, FOES)
            .iter()
            .all(|k| *k != HarmKind::Wounds),
        "a chase deals tactical and trait harm only"
    );
}
