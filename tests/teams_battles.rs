//! Three actions: thousands of battles of random legal actions on setups built in code all end,
//! and keep the rulebook's invariants on the way.

#[path = "rulebook/teams_setups.rs"]
mod teams_setups;

use std::collections::HashMap;

use fray::rules::battle::{Outcome, Pending, Ruleset};
use fray::rules::dice::SeededDice;
use fray::rules::teams::{Action, EventKind, Stage, Status, Teams, TeamsSetup};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use teams_setups::{skirmish, three_way};

#[derive(Default)]
struct Tally {
    victories: usize,
    draws: usize,
    deaths: usize,
    attacks: usize,
    reactions: usize,
    commands: usize,
}

/// Plays one battle with random legal actions, checking every step; returns its outcome.
fn play(setup: &TeamsSetup, seed: u64, tally: &mut Tally) -> Outcome {
    let mut dice = SeededDice::new(seed);
    let mut pick = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let (mut s, _) = Teams::start(setup, &mut dice).expect("the setup starts");
    // Actions spent by the current turn's character, and reactions each character has used
    // since its own turn began (with what wait allowed).
    let mut spent: u32 = 0;
    let mut reacted: HashMap<usize, (u32, u32)> = HashMap::new();
    for _ in 0..50_000 {
        let seat = match Teams::pending(&s) {
            Pending::Over(o) => {
                match &o {
                    Outcome::Victory { .. } => tally.victories += 1,
                    Outcome::Draw { .. } => tally.draws += 1,
                }
                tally.deaths += s
                    .characters
                    .iter()
                    .filter(|c| c.status == Status::Dead)
                    .count();
                assert!(
                    s.round <= s.round_limit,
                    "seed {seed}: past the round limit"
                );
                return o;
            }
            Pending::Decide { seat, .. } => seat,
        };
        let legal = Teams::legal_actions(&s);
        assert!(
            !legal.is_empty(),
            "seed {seed}: {seat:?} must decide but nothing is legal"
        );
        let a = legal[pick.random_range(0..legal.len())];
        check_before(&s, &a, seed);
        let events = Teams::apply(&mut s, &a, &mut dice)
            .unwrap_or_else(|e| panic!("seed {seed}: legal {a:?} refused: {e}"));
        for e in &events {
            match e.kind {
                EventKind::TurnStarted { character } => {
                    spent = 0;
                    reacted.insert(character, (0, 1));
                    assert!(
                        s.characters[character].acted,
                        "seed {seed}: a turn begun is a turn taken"
                    );
                }
                EventKind::Spent { actions, .. } => {
                    spent += u32::from(actions);
                    assert!(spent <= 3, "seed {seed}: more than three actions in a turn");
                }
                EventKind::Reaction {
                    character, free, ..
                } => {
                    tally.reactions += 1;
                    if !free {
                        let r = reacted.entry(character).or_insert((0, 1));
                        r.0 += 1;
                        assert!(
                            r.0 <= r.1,
                            "seed {seed}: {} took {} reactions with {} allowed",
                            s.characters[character].name,
                            r.0,
                            r.1
                        );
                    }
                }
                EventKind::Attack { .. } => tally.attacks += 1,
                EventKind::Commanded { .. } => tally.commands += 1,
                EventKind::Stance { character } if a == Action::Wait => {
                    reacted.entry(character).or_insert((0, 1)).1 = 2;
                }
                _ => {}
            }
        }
        check_after(&s, seed);
    }
    panic!("seed {seed}: the battle did not end");
}

/// What must hold of an action before it is applied: only the able act, and every cost can
/// be paid.
fn check_before(s: &fray::rules::teams::State, a: &Action, seed: u64) {
    let ch = |c: usize| &s.characters[c];
    match *a {
        Action::Activate(c) => assert!(ch(c).is_active(), "seed {seed}: {a:?} for the fallen"),
        Action::Sprint(_) => {
            let c = s.actor().unwrap();
            assert!(ch(c).stamina >= 1, "seed {seed}: sprint without stamina");
        }
        Action::Command(_) => {
            let c = s.actor().unwrap();
            assert!(ch(c).focus >= 2, "seed {seed}: command without focus");
        }
        Action::Intercept(c) => assert!(ch(c).stamina >= 1 && ch(c).is_active()),
        Action::Dodge | Action::Parry(_) | Action::Block(_) | Action::Fortify => {
            let t = s.attack.unwrap().target;
            assert!(
                ch(t).stamina >= 1 && ch(t).is_active(),
                "seed {seed}: {a:?} without stamina"
            );
        }
        Action::Resist => {
            let t = s.attack.unwrap().target;
            assert!(ch(t).focus >= 1, "seed {seed}: resist without focus");
        }
        _ => {}
    }
    if s.stage == Stage::Turn {
        let actor = s.actor().unwrap();
        assert!(
            ch(actor).is_active(),
            "seed {seed}: {} acts while {:?}",
            ch(actor).name,
            ch(actor).status
        );
    }
}

fn check_after(s: &fray::rules::teams::State, seed: u64) {
    for c in &s.characters {
        assert!(c.stamina <= c.stats.stamina, "seed {seed}: stamina grew");
        assert!(c.focus <= c.stats.focus, "seed {seed}: focus grew");
        assert!(c.health <= c.stats.health && c.endurance <= c.stats.endurance);
        if c.health == 0 {
            assert_ne!(
                c.status,
                Status::Active,
                "seed {seed}: {} conscious at zero health",
                c.name
            );
        }
        assert!(
            c.reactions <= 1 + u8::from(c.waited),
            "seed {seed}: {} holds {} reactions",
            c.name,
            c.reactions
        );
    }
    if let Some(t) = s.turn {
        assert!(t.actions_left <= 3);
    }
}

fn many(setup: &TeamsSetup, battles: u64) -> Tally {
    let mut tally = Tally::default();
    for seed in 0..battles {
        play(setup, seed, &mut tally);
    }
    tally
}

#[test]
fn random_skirmishes_end_and_keep_the_invariants() {
    let t = many(&skirmish(), 1500);
    assert_eq!(t.victories + t.draws, 1500);
    assert!(t.victories > 0, "some skirmishes are won");
    assert!(t.deaths > 0 && t.attacks > 1000 && t.reactions > 100);
}

#[test]
fn random_three_way_ambushes_end_and_keep_the_invariants() {
    let t = many(&three_way(), 1500);
    assert_eq!(t.victories + t.draws, 1500);
    assert!(t.victories > 0);
    assert!(t.commands > 0, "commands happen");
}

#[test]
fn the_same_seed_plays_the_same_battle() {
    let mut a = Tally::default();
    let mut b = Tally::default();
    assert_eq!(play(&skirmish(), 7, &mut a), play(&skirmish(), 7, &mut b));
}
