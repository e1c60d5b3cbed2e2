//! Whole battles between random policies, for every built-in scenario: they end, they keep the
//! rules' invariants after every action, they refuse illegal actions without changing anything,
//! they are deterministic, and they survive a round trip through a replay.

use fray::words::InEnglish;
use std::collections::BTreeSet;

use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use fray::ai::{Policy, RandomPolicy};
use fray::catalogue;
use fray::replay::state_hash;
use fray::replay::{self, Fault, Replay, ReplayActions, ReplayDice, ReplayError};
use fray::rules::battle::{Outcome, Pending, RuleError, Ruleset, Seat};
use fray::rules::dice::{DiceError, DiceSource, RecordingDice, ScriptedDice, SeededDice};
use fray::rules::zones::{
    Action, AttackDecl, AttackMode, EventKind, Location, MoraleChoice, Reaction, Stage, State,
    Status, Stunt, Target, Weapon, Zones, legal,
};
use fray::scenario::{self, Setup, zones::ZonesSetup};

/// A battle still going after this many rounds is a bug (`fray sim`'s default limit).
const MAX_ROUNDS: u32 = 200;

fn setup(name: &str) -> ZonesSetup {
    let loaded = catalogue::load(name).unwrap_or_else(|e| panic!("{name}: {e}"));
    let Setup::Zones(s) = loaded.setup else {
        panic!("a Zones scenario")
    };
    s
}

/// The built-in Zones scenarios (other rulesets have battle tests of their own).
fn scenarios() -> Vec<&'static str> {
    scenario::BUILTIN
        .iter()
        .map(|(n, _)| *n)
        .filter(|n| scenario::builtin(n).unwrap().unwrap().ruleset() == "zones")
        .collect()
}

/// A finished battle and everything needed to check or replay it.
struct Battle {
    state: State,
    outcome: Outcome,
    actions: Vec<Action>,
    /// Every event's text, the start's included.
    texts: Vec<String>,
    /// Every value the dice gave, in order.
    rolls: Vec<u8>,
}

/// Plays a random-policy battle with seeded dice. With `checked`, every state on the way is
/// checked against the invariants and probed with illegal actions.
fn play(setup: &ZonesSetup, seed: u64, checked: bool) -> Battle {
    let mut seeded = SeededDice::new(seed);
    let mut dice = RecordingDice::new(&mut seeded);
    let (mut state, start) = setup
        .start(&mut dice)
        .unwrap_or_else(|e| panic!("seed {seed}: the start failed: {e}"));
    let factions = state.factions.len();
    let mut policies: Vec<RandomPolicy> = (0..factions)
        .map(|f| RandomPolicy::new(seed ^ ((f as u64 + 1) << 32)))
        .collect();
    let mut gm = RandomPolicy::new(seed.rotate_left(17));
    let mut probe_rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut texts: Vec<String> = start.iter().map(|e| e.line.english(&state)).collect();
    let mut actions = Vec::new();
    let mut turns = Turns::default();
    turns.see(
        &state,
        &start.iter().map(|e| e.kind.clone()).collect::<Vec<_>>(),
        seed,
    );
    if checked {
        invariants(&state, seed);
    }
    let outcome = loop {
        match Zones::pending(&state) {
            Pending::Over(o) => {
                assert!(
                    Zones::legal_actions(&state).is_empty(),
                    "seed {seed}: the battle is over but actions are offered"
                );
                break o;
            }
            Pending::Decide { seat, .. } => {
                assert!(
                    state.round <= MAX_ROUNDS,
                    "seed {seed}: still fighting in round {} after {} actions",
                    state.round,
                    actions.len()
                );
                let legal = Zones::legal_actions(&state);
                assert!(
                    !legal.is_empty(),
                    "seed {seed}: {seat:?} must decide but nothing is legal\nstate: {state:?}"
                );
                if checked {
                    probe_illegal(&mut state, &legal, &mut probe_rng, seed);
                }
                let action = match seat {
                    Seat::Faction(f) => {
                        assert!(f < factions, "seed {seed}: no faction {f}");
                        Policy::<Zones>::choose(&mut policies[f], &state, &legal)
                    }
                    Seat::Gm => Policy::<Zones>::choose(&mut gm, &state, &legal),
                    Seat::Character(c) => {
                        panic!("seed {seed}: Zones gives no character a seat ({c})")
                    }
                };
                let described = Zones::describe(&state, &action).english(&state);
                assert!(!described.is_empty());
                let map_before = state.zones.clone();
                let events = Zones::apply(&mut state, &action, &mut dice).unwrap_or_else(|e| {
                    panic!(
                        "seed {seed}: the legal action {described} ({action:?}) was refused: {e}"
                    )
                });
                let kinds: Vec<EventKind> = events.iter().map(|e| e.kind.clone()).collect();
                if let Action::Activate(c) = action {
                    assert!(
                        matches!(kinds.first(), Some(EventKind::TurnStarted { character }) if *character == c),
                        "seed {seed}: activating {c} did not start their turn: {kinds:?}"
                    );
                }
                turns.see(&state, &kinds, seed);
                // Nobody moves further than a neighbouring zone at a time.
                for k in &kinds {
                    if let EventKind::Moved {
                        character,
                        from,
                        to,
                    } = k
                    {
                        assert!(
                            map_before[*from].neighbours.contains(to)
                                || state.zones[*from].neighbours.contains(to),
                            "seed {seed}: {} moves from {} to {}, which are not neighbours",
                            state.characters[*character].name,
                            state.zones[*from].name,
                            state.zones[*to].name
                        );
                    }
                }
                if checked {
                    invariants(&state, seed);
                }
                texts.extend(events.into_iter().map(|e| e.line.english(&state)));
                actions.push(action);
            }
        }
    };
    assert!(
        state.round <= MAX_ROUNDS,
        "seed {seed}: ended in round {}",
        state.round
    );
    assert_eq!(state.outcome.as_ref(), Some(&outcome), "seed {seed}");
    // Once over, nothing more is accepted, and nothing changes.
    let before = serde_json::to_string(&state).unwrap();
    for a in [Action::Pass, Action::EndTurn, Action::ChooseFirst(0)] {
        let r = Zones::apply(&mut state, &a, &mut ScriptedDice::new([]));
        assert_eq!(r.unwrap_err(), RuleError::Over, "seed {seed}");
    }
    assert_eq!(
        serde_json::to_string(&state).unwrap(),
        before,
        "seed {seed}"
    );
    let rolls = dice.record;
    Battle {
        state,
        outcome,
        actions,
        texts,
        rolls,
    }
}

/// Who has had their turn, or spent it on a reaction, this round: nobody takes two.
#[derive(Default)]
struct Turns {
    round: u32,
    spent: BTreeSet<usize>,
}

impl Turns {
    fn see(&mut self, state: &State, kinds: &[EventKind], seed: u64) {
        for k in kinds {
            match k {
                EventKind::RoundStarted { round } => {
                    assert!(
                        *round == self.round + 1,
                        "seed {seed}: round {round} follows round {}",
                        self.round
                    );
                    self.round = *round;
                    self.spent.clear();
                }
                EventKind::TurnStarted { character } => assert!(
                    self.spent.insert(*character),
                    "seed {seed}: {} takes a second turn in round {}",
                    state.characters[*character].name,
                    self.round
                ),
                EventKind::Reaction { character } => assert!(
                    self.spent.insert(*character),
                    "seed {seed}: {} reacts after their turn was spent in round {}",
                    state.characters[*character].name,
                    self.round
                ),
                _ => {}
            }
        }
        assert_eq!(state.round, self.round, "seed {seed}: the round number");
        // The state's own record agrees: exactly those who acted or reacted are spent.
        for (i, c) in state.characters.iter().enumerate() {
            assert_eq!(
                c.acted,
                self.spent.contains(&i),
                "seed {seed}: {}'s acted flag disagrees with the events in round {}",
                c.name,
                self.round
            );
        }
    }
}

/// What must hold after every action.
fn invariants(s: &State, seed: u64) {
    // The quick check the flow makes after every turn action agrees with the full listing.
    if s.stage == Stage::Turn {
        let only_end = legal::legal_actions(s)
            .iter()
            .all(|a| *a == Action::EndTurn);
        assert_eq!(
            legal::only_end_left(s),
            only_end,
            "seed {seed}: only_end_left disagrees with the legal actions"
        );
    }
    let nz = s.zones.len();
    let nc = s.characters.len();
    for (i, z) in s.zones.iter().enumerate() {
        for &n in &z.neighbours {
            assert!(
                n < nz && n != i,
                "seed {seed}: zone {} has neighbour {n}",
                z.name
            );
            assert!(
                s.zones[n].neighbours.contains(&i),
                "seed {seed}: {} borders {} but not the other way",
                z.name,
                s.zones[n].name
            );
        }
    }
    for (i, c) in s.characters.iter().enumerate() {
        let who = &c.name;
        assert!(c.zone < nz, "seed {seed}: {who} is in zone {}", c.zone);
        assert!(c.faction < s.factions.len(), "seed {seed}: {who}'s faction");
        assert!(
            c.health <= c.max_health,
            "seed {seed}: {who} has {} of {} health",
            c.health,
            c.max_health
        );
        // apply_damage: health reaching zero incapacitates an active or surrendered character;
        // a final blow kills only the incapacitated; healing is for the active only.
        let down = matches!(c.status, Status::Incapacitated | Status::Dead);
        assert_eq!(
            c.health == 0,
            down,
            "seed {seed}: {who} has {} health and is {:?}",
            c.health,
            c.status
        );
        assert!(
            s.hands_used(i) <= 2,
            "seed {seed}: {who} holds {} hands' worth of gear",
            s.hands_used(i)
        );
        if let Some(g) = c.grabbed_by {
            assert!(g < nc && g != i, "seed {seed}: {who} is held by {g}");
            assert_eq!(
                s.characters[g].zone, c.zone,
                "seed {seed}: {who} is held by {} from another zone",
                s.characters[g].name
            );
        }
    }
    for it in &s.items {
        match it.location {
            Location::Hand(c) | Location::Pack(c) => {
                assert!(c < nc, "seed {seed}: the {} is carried by {c}", it.name)
            }
            Location::Ground(z) => assert!(z < nz, "seed {seed}: the {} lies in zone {z}", it.name),
            Location::Gone => {}
        }
    }
    for f in &s.fixtures {
        assert!(f.zone < nz, "seed {seed}: fixture {}", f.name);
    }
    match s.stage {
        Stage::Turn => assert!(s.turn.is_some(), "seed {seed}: a turn stage with no turn"),
        Stage::Attack => assert!(
            s.attack.is_some(),
            "seed {seed}: an attack stage with no attack"
        ),
        Stage::Opportunity => assert!(s.movement.is_some(), "seed {seed}: no move under way"),
        Stage::Morale => assert!(
            !s.morale_queue.is_empty(),
            "seed {seed}: nobody to test morale"
        ),
        Stage::Initiative | Stage::Activation | Stage::Over => {}
    }
    assert_eq!(
        s.stage == Stage::Over,
        s.outcome.is_some(),
        "seed {seed}: the stage and the outcome disagree"
    );
    let standing: Vec<usize> = (0..s.factions.len())
        .filter(|&f| s.active_count(f) > 0)
        .collect();
    match &s.outcome {
        None => assert!(
            standing.len() >= 2,
            "seed {seed}: the fight goes on with {} factions standing",
            standing.len()
        ),
        Some(Outcome::Victory { winner, .. }) => assert_eq!(standing, [*winner], "seed {seed}"),
        Some(Outcome::Draw { .. }) => assert!(standing.is_empty(), "seed {seed}"),
    }
}

/// Actions of every shape, some naming things that do not exist.
fn candidates(s: &State) -> Vec<Action> {
    let (nf, nc, nz, ni, nx) = (
        s.factions.len(),
        s.characters.len(),
        s.zones.len(),
        s.items.len(),
        s.fixtures.len(),
    );
    let decl = |attacker, weapon, target, mode| AttackDecl {
        attacker,
        weapon,
        target,
        mode,
    };
    let hit = AttackMode::Damage { hold_back: false };
    let mut out = vec![
        Action::ChooseFirst(0),
        Action::ChooseFirst(nf - 1),
        Action::ChooseFirst(nf + 3),
        Action::Activate(nc + 5),
        Action::Pass,
        Action::Move(nz + 5),
        Action::PickUp(ni + 5),
        Action::PutDown(ni + 5),
        Action::Equip(ni + 5),
        Action::Unequip(ni + 5),
        Action::Use(ni + 5),
        Action::Interact(nx + 2),
        Action::Speak,
        Action::Hide,
        Action::Surrender,
        Action::Shove {
            to: None,
            into_hazard: true,
        },
        Action::Shove {
            to: Some(nz + 1),
            into_hazard: false,
        },
        Action::BreakFree,
        Action::EndTurn,
        Action::TimedOut,
        Action::ProposeStunt(Stunt::Yield),
        Action::ProposeStunt(Stunt::Seize),
        Action::ProposeStunt(Stunt::Disarm(ni + 1)),
        Action::ProposeStunt(Stunt::Drive(nz + 1)),
        Action::NoStunt,
        Action::AcceptStunt,
        Action::RefuseStunt,
        Action::React(Reaction::None),
        Action::React(Reaction::Dodge),
        Action::React(Reaction::Guard(nc + 1)),
        Action::React(Reaction::HideBehind(0)),
        Action::React(Reaction::Counter {
            weapon: Weapon::Item(ni + 3),
            mode: hit,
        }),
        Action::DeclineOpportunity,
        Action::OpportunityAttack(decl(0, Weapon::Unarmed, Target::Character(nc - 1), hit)),
        Action::Morale(MoraleChoice::Surrender),
        Action::Morale(MoraleChoice::Retreat),
        Action::Attack(decl(nc + 2, Weapon::Unarmed, Target::Character(0), hit)),
        Action::Attack(decl(
            0,
            Weapon::Item(ni + 2),
            Target::Character(nc - 1),
            hit,
        )),
        Action::Attack(decl(0, Weapon::Unarmed, Target::Zone(nz + 2), hit)),
        Action::Attack(decl(0, Weapon::Unarmed, Target::Character(0), hit)),
        Action::Attack(decl(
            nc - 1,
            Weapon::Unarmed,
            Target::Character(0),
            AttackMode::FinalBlow,
        )),
        Action::Attack(decl(
            0,
            Weapon::Unarmed,
            Target::Character(nc - 1),
            AttackMode::Disarm { item: ni + 4 },
        )),
    ];
    out.extend((0..nc).map(Action::Activate));
    out.extend((0..nz).map(Action::Move));
    out.extend((0..ni).map(Action::PickUp));
    out.extend((0..ni).map(Action::Equip));
    out.extend((0..nx).map(Action::Interact));
    out
}

/// Tries a few actions that are not legal now: each is refused as illegal, rolls no dice, and
/// leaves the state exactly as it was.
fn probe_illegal(state: &mut State, legal: &[Action], rng: &mut ChaCha8Rng, seed: u64) {
    let illegal: Vec<Action> = candidates(state)
        .into_iter()
        .filter(|a| !legal.contains(a))
        .filter(|a| *a != Action::TimedOut || !legal::timeout_allowed(state))
        .collect();
    assert!(!illegal.is_empty());
    let before = state.clone();
    let before_json = serde_json::to_string(&*state).unwrap();
    for _ in 0..3 {
        let a = &illegal[rng.random_range(0..illegal.len())];
        let mut no_dice = ScriptedDice::new([]);
        match Zones::apply(state, a, &mut no_dice) {
            Err(RuleError::Illegal(why)) => assert!(!why.is_empty()),
            other => panic!(
                "seed {seed}: {a:?} is not among the legal actions {legal:?} but gave {other:?}"
            ),
        }
        assert!(
            *state == before,
            "seed {seed}: refusing {a:?} changed the state"
        );
    }
    assert_eq!(
        serde_json::to_string(&*state).unwrap(),
        before_json,
        "seed {seed}"
    );
}

/// Seeds for the plain loops: spread out, not just 0, 1, 2…
fn seed(i: u64) -> u64 {
    i.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0xf2a7
}

fn many_battles(name: &str, n: u64) {
    let s = setup(name);
    let mut wins = vec![0u32; s.state.factions.len()];
    let mut draws = 0;
    for i in 0..n {
        let b = play(&s, seed(i), true);
        match b.outcome {
            Outcome::Victory { winner, .. } => wins[winner] += 1,
            Outcome::Draw { .. } => draws += 1,
        }
    }
    // Random play should not be lopsided to the point of one side never winning.
    assert!(
        wins.iter().all(|&w| w > 0),
        "{name}: wins {wins:?}, draws {draws} in {n} battles"
    );
}

#[test]
fn duel_300_random_battles() {
    many_battles("duel", 300);
}

#[test]
fn ambush_300_random_battles() {
    many_battles("ambush", 300);
}

#[test]
fn hold_the_mill_300_random_battles() {
    many_battles("hold-the-mill", 300);
}

#[test]
fn standing_stones_300_random_battles() {
    many_battles("standing-stones", 300);
}

#[test]
fn the_bog_road_300_random_battles() {
    many_battles("the-bog-road", 300);
}

#[test]
fn the_builtin_scenarios_are_all_covered() {
    // The per-scenario tests above and below name every built-in scenario.
    assert_eq!(
        scenarios(),
        [
            "duel",
            "ambush",
            "hold-the-mill",
            "standing-stones",
            "the-bog-road"
        ],
        "a built-in scenario was added or renamed: give it its own battle tests here"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn duel_battles_keep_the_rules(seed in any::<u64>()) {
        play(&setup("duel"), seed, true);
    }

    #[test]
    fn ambush_battles_keep_the_rules(seed in any::<u64>()) {
        play(&setup("ambush"), seed, true);
    }

    #[test]
    fn hold_the_mill_battles_keep_the_rules(seed in any::<u64>()) {
        play(&setup("hold-the-mill"), seed, true);
    }
}

#[test]
fn the_same_seed_gives_the_same_battle() {
    for name in scenarios() {
        let s = setup(name);
        let mut hashes = BTreeSet::new();
        for i in 0..20 {
            let a = play(&s, seed(i), false);
            let b = play(&s, seed(i), false);
            assert_eq!(
                state_hash::<Zones>(&a.state),
                state_hash::<Zones>(&b.state),
                "{name} seed {i}"
            );
            assert_eq!(a.texts, b.texts, "{name} seed {i}");
            assert_eq!(a.actions, b.actions, "{name} seed {i}");
            assert_eq!(a.rolls, b.rolls, "{name} seed {i}");
            assert_eq!(a.outcome, b.outcome, "{name} seed {i}");
            // Checking along the way changes nothing: probing rolls no dice.
            let c = play(&s, seed(i), true);
            assert_eq!(
                state_hash::<Zones>(&a.state),
                state_hash::<Zones>(&c.state),
                "{name} seed {i}"
            );
            hashes.insert(state_hash::<Zones>(&a.state));
        }
        // …and different seeds give different battles.
        assert!(
            hashes.len() > 10,
            "{name}: only {} different endings",
            hashes.len()
        );
    }
}

fn replay_of(name: &str, seed: u64, b: &Battle) -> Replay {
    let mut r = Replay::new(
        name.to_string(),
        ReplayDice::Seed(seed),
        ReplayActions::Zones(b.actions.clone()),
    );
    replay::seal(&mut r, "sealed.ron").unwrap();
    assert_eq!(r.final_hash, Some(state_hash::<Zones>(&b.state)));
    r
}

/// A replay that cannot be sealed (its scenario gone) is named in the error by the file it was
/// to be written to, at the line of its scenario: no placeholder name in any language.
#[test]
fn a_replay_that_cannot_be_sealed_is_named_by_its_file() {
    let mut r = Replay::new(
        "no-such-scenario".to_string(),
        ReplayDice::Seed(1),
        ReplayActions::Zones(Vec::new()),
    );
    let e = replay::seal(&mut r, "replays/kept.ron").unwrap_err();
    let ReplayError::At { file, fault, .. } = &e else {
        panic!("{e:?}");
    };
    assert_eq!(file, "replays/kept.ron");
    assert!(matches!(fault, Fault::Scenario { .. }), "{fault:?}");
    assert!(e.to_string().starts_with("replays/kept.ron:"), "{e}");
    assert_eq!(r.final_hash, None, "nothing sealed");
}

#[test]
fn replays_round_trip_through_ron_and_json() {
    for name in scenarios() {
        let s = setup(name);
        for i in 0..8 {
            let sd = seed(i);
            let b = play(&s, sd, false);
            let r = replay_of(name, sd, &b);
            let hash = state_hash::<Zones>(&b.state);

            let ron = replay::to_ron(&r);
            let parsed = replay::parse("r.ron", &ron).unwrap_or_else(|e| panic!("{e}\n{ron}"));
            assert_eq!(parsed, r, "{name} seed {sd}");
            let run = replay::run(&parsed, "r.ron", &ron).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(run.final_hash, hash, "{name} seed {sd}");
            assert_eq!(run.outcome.as_ref(), Some(&b.outcome), "{name} seed {sd}");
            let texts: Vec<&str> = run.lines.iter().map(|l| l.text.as_str()).collect();
            assert_eq!(texts, b.texts, "{name} seed {sd}");
            // Lines name the action that caused them, in order.
            let mut last = None;
            for l in &run.lines {
                assert!(l.action >= last, "{name} seed {sd}: lines out of order");
                if let Some(a) = l.action {
                    assert!(a < b.actions.len());
                }
                last = l.action;
            }

            let json = serde_json::to_string(&r).unwrap();
            let parsed = replay::parse("r.json", &json).unwrap_or_else(|e| panic!("{e}\n{json}"));
            assert_eq!(parsed, r, "{name} seed {sd}");
            let run = replay::run(&parsed, "r.json", &json).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(run.final_hash, hash, "{name} seed {sd}");

            // The same battle from the dice values rolled instead of the seed.
            let scripted = Replay {
                dice: ReplayDice::Scripted(b.rolls.clone()),
                ..r.clone()
            };
            let src = replay::to_ron(&scripted);
            let run = replay::run(&scripted, "s.ron", &src).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(run.final_hash, hash, "{name} seed {sd}");

            // A replay that does not end where it was recorded is caught.
            let wrong = Replay {
                final_hash: Some(hash ^ 1),
                ..r.clone()
            };
            match replay::run(&wrong, "w.ron", &replay::to_ron(&wrong)) {
                Err(ReplayError::At {
                    fault: Fault::Diverged { got, want },
                    ..
                }) => {
                    assert_eq!((got, want), (hash, hash ^ 1));
                }
                other => panic!("{name} seed {sd}: expected a divergence, got {other:?}"),
            }
        }
    }
}

#[test]
fn a_replay_with_another_seed_is_refused_or_diverges() {
    let s = setup("hold-the-mill");
    let b = play(&s, seed(3), false);
    let r = Replay {
        dice: ReplayDice::Seed(seed(3) + 1),
        ..replay_of("hold-the-mill", seed(3), &b)
    };
    let src = replay::to_ron(&r);
    assert!(
        replay::run(&r, "r.ron", &src).is_err(),
        "the actions fit another seed's battle exactly"
    );
}

/// Re-runs a battle's actions with its dice cut short after `keep` values. The first action
/// that needs a missing value must fail with the dice error and leave the state untouched;
/// handed the rest of the values, the same action goes on and the battle ends as before.
fn run_out_of_dice(setup: &ZonesSetup, b: &Battle, keep: usize) {
    let total = b.rolls.len();
    let mut dice = ScriptedDice::new(b.rolls[..keep].iter().copied());
    let (mut state, _) = match setup.start(&mut dice) {
        Ok(x) => x,
        Err(e) => {
            assert!(
                matches!(e, RuleError::Dice(DiceError::Exhausted { .. })),
                "{e}"
            );
            assert!(keep < total);
            return;
        }
    };
    let mut failed = false;
    for a in &b.actions {
        let used = dice.used();
        let before = serde_json::to_string(&state).unwrap();
        match Zones::apply(&mut state, a, &mut dice) {
            Ok(_) => {}
            Err(e) => {
                assert!(!failed, "a second failure after the dice were topped up");
                assert!(
                    matches!(&e, RuleError::Dice(DiceError::Exhausted { .. })),
                    "{a:?}: expected the dice to run out, got {e}"
                );
                let said = fray::words::english().error(&e, &state);
                assert!(said.contains("ran out"), "{said}");
                assert_eq!(dice.used(), keep, "every scripted value was used first");
                assert_eq!(dice.remaining(), 0);
                assert_eq!(
                    serde_json::to_string(&state).unwrap(),
                    before,
                    "{a:?}: running out of dice changed the state"
                );
                failed = true;
                // Hand the action the values it needs, from the first one it rolled.
                dice = ScriptedDice::new(b.rolls[used..].iter().copied());
                Zones::apply(&mut state, a, &mut dice)
                    .unwrap_or_else(|e| panic!("{a:?} with dice again: {e}"));
            }
        }
    }
    assert_eq!(failed, keep < total, "keep {keep} of {total}");
    assert_eq!(dice.remaining(), 0);
    assert_eq!(state_hash::<Zones>(&state), state_hash::<Zones>(&b.state));
}

#[test]
fn scripted_dice_running_out_leave_the_state_untouched() {
    for name in scenarios() {
        let s = setup(name);
        // The battle with the most dice among a few (a duel can end in a surrender unrolled).
        let b = (0..10)
            .map(|i| play(&s, seed(i), false))
            .max_by_key(|b| b.rolls.len())
            .unwrap();
        let total = b.rolls.len();
        assert!(total > 4, "{name}: only {total} rolls");
        for keep in [0, 1, total / 3, total / 2, total - 1, total] {
            run_out_of_dice(&s, &b, keep);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn dice_can_run_out_anywhere(which in 0usize..3, seed in any::<u64>(), cut in 0.0f64..1.0) {
        let name = scenarios()[which];
        let s = setup(name);
        let b = play(&s, seed, false);
        let keep = ((b.rolls.len() as f64) * cut) as usize;
        run_out_of_dice(&s, &b, keep);
    }
}

/// The dice a battle rolled can replace the seed outright, through the `DiceSource` trait.
#[test]
fn recorded_rolls_drive_the_same_battle() {
    let s = setup("ambush");
    let b = play(&s, seed(9), false);
    let mut dice: Box<dyn DiceSource> = Box::new(ScriptedDice::new(b.rolls.clone()));
    let (mut state, _) = s.start(dice.as_mut()).unwrap();
    for a in &b.actions {
        Zones::apply(&mut state, a, dice.as_mut()).unwrap();
    }
    assert_eq!(state, b.state);
    // One more roll than there were is an error, not a panic.
    assert!(
        dice.roll(fray::rules::Die::D6, &fray::rules::Line::default())
            .is_err()
    );
}

// Regressions: rulings the random battles above broke before they were fixed, pinned down with
// scripted dice so that they stay fixed.

struct Table {
    s: State,
    log: Vec<String>,
}

impl Table {
    /// Zones A, B and C, with B and C both next to A but not to each other; the Caravan
    /// started the fight.
    fn new(caravan: &[&str], wolves: &[&str]) -> Table {
        let who = |names: &[&str]| {
            names
                .iter()
                .map(|n| {
                    format!(r#"(name: "{n}", str: 10, agi: 10, wit: 10, health: 10, zone: "A")"#)
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let src = format!(
            r#"Scenario(name: "Case", rules: Zones((
                started_by: Some("Caravan"),
                zones: [(name: "A", neighbours: ["B", "C"]), (name: "B", neighbours: []),
                        (name: "C", neighbours: [])],
                factions: [(name: "Caravan", characters: [{}]),
                           (name: "Wolves", characters: [{}])],
            )))"#,
            who(caravan),
            who(wolves)
        );
        let loaded = scenario::load_str("case", "case.ron", &src).unwrap_or_else(|e| panic!("{e}"));
        let Setup::Zones(setup) = loaded.setup else {
            panic!("a Zones scenario")
        };
        let (s, _) = setup.start(&mut ScriptedDice::new([])).unwrap();
        Table { s, log: Vec::new() }
    }

    fn id(&self, name: &str) -> usize {
        self.s
            .characters
            .iter()
            .position(|c| c.name == name)
            .unwrap()
    }

    fn legal(&self) -> Vec<Action> {
        Zones::legal_actions(&self.s)
    }

    /// Applies a legal action with exactly these dice.
    fn act(&mut self, a: Action, dice: &[u8]) {
        assert!(
            self.legal().contains(&a),
            "{a:?} is not legal: {:?}\n{}",
            self.legal(),
            self.log.join("\n")
        );
        let mut d = ScriptedDice::new(dice.iter().copied());
        let events = Zones::apply(&mut self.s, &a, &mut d).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(d.remaining(), 0, "{a:?} left dice unused");
        self.log
            .extend(events.into_iter().map(|e| e.line.english(&self.s)));
    }

    fn grapple(&mut self, by: &str, target: &str) {
        let (by, target) = (self.id(by), self.id(target));
        self.act(
            Action::Attack(AttackDecl {
                attacker: by,
                weapon: Weapon::Unarmed,
                target: Target::Character(target),
                mode: AttackMode::Grapple,
            }),
            &[],
        );
    }

    fn punch(&mut self, by: &str, target: &str) -> AttackDecl {
        AttackDecl {
            attacker: self.id(by),
            weapon: Weapon::Unarmed,
            target: Target::Character(self.id(target)),
            mode: AttackMode::Damage { hold_back: false },
        }
    }
}

#[test]
fn a_grabber_cannot_hide_behind_the_attacker_they_hold() {
    let mut t = Table::new(&["Osric"], &["Vesna"]);
    let (osric, vesna) = (t.id("Osric"), t.id("Vesna"));
    // Round 1: Vesna grabs Osric (he does not react and fails his STR save on a 20).
    t.act(Action::ChooseFirst(1), &[]);
    t.act(Action::Activate(vesna), &[]);
    t.grapple("Vesna", "Osric");
    t.act(Action::React(Reaction::None), &[20]);
    assert_eq!(
        t.s.characters[osric].grabbed_by,
        Some(vesna),
        "{}",
        t.log.join("\n")
    );
    t.act(Action::EndTurn, &[]);
    t.act(Action::Activate(osric), &[]);
    t.act(Action::EndTurn, &[]);
    // Round 2: Osric, still held, tries to grapple Vesna.
    t.act(Action::ChooseFirst(0), &[]);
    t.act(Action::Activate(osric), &[]);
    assert_eq!(t.s.characters[osric].grabbed_by, Some(vesna));
    t.grapple("Osric", "Vesna");
    let options = t.legal();
    assert!(
        options.contains(&Action::React(Reaction::Dodge)),
        "{options:?}"
    );
    assert!(
        !options.contains(&Action::React(Reaction::HideBehind(osric))),
        "Vesna may hide behind the very attacker: {options:?}"
    );
}

#[test]
fn a_mover_driven_back_by_an_opportunity_attack_stops_there() {
    let mut t = Table::new(&["Mira"], &["Grell", "Ludo"]);
    let (mira, grell) = (t.id("Mira"), t.id("Grell"));
    let (b, c) = (1, 2);
    t.act(Action::ChooseFirst(0), &[]);
    t.act(Action::Activate(mira), &[]);
    t.act(Action::Move(b), &[]);
    // Grell strikes as she leaves and drives her into C instead.
    let decl = t.punch("Grell", "Mira");
    t.act(Action::OpportunityAttack(decl), &[]);
    t.act(Action::ProposeStunt(Stunt::Drive(c)), &[]);
    t.act(Action::AcceptStunt, &[]);
    assert_eq!(t.s.characters[mira].zone, c, "{}", t.log.join("\n"));
    // Out of A, she is out of Ludo's reach, and her move does not carry her on from C to B.
    assert_eq!(t.s.stage, Stage::Turn, "{}", t.log.join("\n"));
    assert!(t.s.movement.is_none());
    assert_eq!(t.s.turn.as_ref().map(|x| x.character), Some(mira));
    assert!(
        !t.log.iter().any(|l| l.contains("moves from C")),
        "{}",
        t.log.join("\n")
    );
    assert!(t.s.characters[grell].acted);
}

#[test]
fn a_grabber_driven_back_lets_go() {
    let mut t = Table::new(&["Osric"], &["Vesna", "Ludo"]);
    let (osric, vesna) = (t.id("Osric"), t.id("Vesna"));
    t.act(Action::ChooseFirst(0), &[]);
    t.act(Action::Activate(osric), &[]);
    t.grapple("Osric", "Vesna");
    t.act(Action::React(Reaction::None), &[20]);
    assert_eq!(
        t.s.characters[vesna].grabbed_by,
        Some(osric),
        "{}",
        t.log.join("\n")
    );
    t.act(Action::EndTurn, &[]);
    // Ludo's blow offers to drive Osric back into B; he accepts.
    t.act(Action::Activate(t.id("Ludo")), &[]);
    let decl = t.punch("Ludo", "Osric");
    t.act(Action::Attack(decl), &[]);
    t.act(Action::ProposeStunt(Stunt::Drive(1)), &[]);
    t.act(Action::AcceptStunt, &[]);
    assert_eq!(t.s.characters[osric].zone, 1);
    assert_eq!(t.s.characters[vesna].zone, 0);
    assert_eq!(
        t.s.characters[vesna].grabbed_by,
        None,
        "Osric holds Vesna from another zone:\n{}",
        t.log.join("\n")
    );
    assert!(t.log.iter().any(|l| l == "Vesna is no longer held."));
}

/// The attacker's stunt prompt has odds for every option: an offer says what the target will
/// choose between, striking to harm says what the blow does.
#[test]
fn every_stunt_offer_says_what_the_target_chooses_between() {
    use fray::present::Present;
    let mut t = Table::new(&["Mira"], &["Grell", "Ludo"]);
    let mira = t.id("Mira");
    t.act(Action::ChooseFirst(0), &[]);
    t.act(Action::Activate(mira), &[]);
    t.act(Action::Move(1), &[]);
    let decl = t.punch("Grell", "Mira");
    t.act(Action::OpportunityAttack(decl), &[]);
    let options = t.legal();
    assert!(options.contains(&Action::NoStunt), "{options:?}");
    for a in &options {
        let odds = Zones::odds(fray::words::english(), &t.s, a)
            .unwrap_or_else(|| panic!("no odds for {a:?}"));
        match a {
            Action::ProposeStunt(_) => {
                assert!(odds.starts_with("Mira chooses:"), "{odds}");
                assert!(odds.contains("or the blow ("), "{odds}");
            }
            Action::NoStunt => assert!(odds.starts_with("strike to harm: "), "{odds}"),
            _ => {}
        }
    }
}

#[test]
fn an_unchecked_action_out_of_place_is_refused_by_name() {
    // The AI's play-outs apply without the check; an answer to an attack with none under way
    // is still refused, in the words the menu uses.
    let mut dice = SeededDice::new(3);
    let mut pick = ChaCha8Rng::seed_from_u64(3);
    let (mut s, _) = Zones::start(&setup("duel"), &mut dice).unwrap();
    while s.stage != Stage::Turn {
        let legal = Zones::legal_actions(&s);
        let a = legal[pick.random_range(0..legal.len())].clone();
        Zones::apply(&mut s, &a, &mut dice).unwrap();
    }
    let Err(RuleError::Illegal(why)) =
        Zones::apply_trusted(&mut s, &Action::AcceptStunt, &mut dice)
    else {
        panic!("an answer with no attack to answer is refused");
    };
    assert_eq!(
        why.english(&s),
        "“Accept the stunt” answers no attack: none is under way"
    );
}
