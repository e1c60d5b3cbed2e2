//! Three actions: thousands of battles of random legal actions, on setups built in code and on
//! the shipped scenarios, all end and keep the rulebook's invariants on the way; a battle of
//! each scenario survives a round trip through a replay; equal AIs win both sides of each.

#[path = "rulebook/teams_setups.rs"]
mod teams_setups;

use fray::words::{InEnglish, Said};
use std::collections::HashMap;

use fray::ai::{GmPolicy, Level, Policy, RandomPolicy};
use fray::replay::state_hash;
use fray::replay::{self, Replay, ReplayActions, ReplayDice};
use fray::rules::battle::{Outcome, Pending, Ruleset};
use fray::rules::dice::{RecordingDice, ScriptedDice, SeededDice};
use fray::rules::teams::{
    Action, EventKind, Stage, StanceKind, Status, Teams, TeamsSetup, rolls_nothing,
};
use fray::scenario::{self, Setup};
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
        check_legality(&s, &legal, &mut pick, seed);
        check_before(&s, &a, seed);
        if rolls_nothing(&s, &a) {
            // Applied in place without a copy: it must need no die at all.
            let mut copy = s.clone();
            Teams::apply(&mut copy, &a, &mut ScriptedDice::new([]))
                .unwrap_or_else(|e| panic!("seed {seed}: {a:?} is said to roll nothing but: {e}"));
        }
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
                EventKind::Stance {
                    character,
                    stance: StanceKind::Wait,
                } => {
                    assert_eq!(a, Action::Wait, "seed {seed}: a wait is the Wait action's");
                    reacted.entry(character).or_insert((0, 1)).1 = 2;
                }
                _ => {}
            }
        }
        check_after(&s, seed);
    }
    panic!("seed {seed}: the battle did not end");
}

/// The quick check `apply` makes agrees with the list: every listed action passes it, and
/// actions made up at random pass it exactly when they are listed.
fn check_legality(
    s: &fray::rules::teams::State,
    legal: &[Action],
    rng: &mut ChaCha8Rng,
    seed: u64,
) {
    use fray::rules::teams::{Pos, WeaponRef, legal::is_legal};
    if rng.random_range(0..8) == 0 {
        for a in legal {
            assert!(is_legal(s, a), "seed {seed}: {a:?} is listed but refused");
        }
    }
    let n = s.characters.len();
    let items = s.items.len().max(1);
    let p = Pos::new(
        rng.random_range(0..s.map.width),
        rng.random_range(0..s.map.height),
    );
    let c = rng.random_range(0..n);
    let i = rng.random_range(0..items);
    for a in [
        Action::Move(p),
        Action::Sprint(p),
        Action::Step(p),
        Action::Door(p),
        Action::Activate(c),
        Action::Command(c),
        Action::Resuscitate(c),
        Action::Attack {
            target: c,
            weapon: WeaponRef::Unarmed,
        },
        Action::Attack {
            target: c,
            weapon: WeaponRef::Item(i),
        },
        Action::PickUp(i),
        Action::DropItem(i),
        Action::Reload(i),
        Action::Guard,
        Action::SeekCover,
        Action::StandUp,
        Action::Escape,
        Action::EndTurn,
        Action::Continue,
        Action::Dodge,
    ] {
        assert_eq!(
            is_legal(s, &a),
            legal.contains(&a),
            "seed {seed}: {a:?} at {:?}",
            s.stage
        );
    }
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

/// The shipped Three actions scenarios.
const SHIPPED: [&str; 5] = [
    "the-alarm",
    "goblin-ambush",
    "shield-wall",
    "goblin-warren",
    "goblin-raid",
];

fn shipped(name: &str) -> TeamsSetup {
    match scenario::builtin(name).unwrap().unwrap().setup {
        Setup::Teams(s) => s,
        _ => panic!("{name} is a Three actions scenario"),
    }
}

#[test]
fn the_shipped_scenarios_are_the_three_actions_ones() {
    let teams: Vec<&str> = scenario::BUILTIN
        .iter()
        .map(|(n, _)| *n)
        .filter(|n| scenario::builtin(n).unwrap().unwrap().ruleset() == "teams")
        .collect();
    assert_eq!(teams, SHIPPED);
    for name in SHIPPED {
        let setup = shipped(name);
        let n = setup.characters.len();
        assert!((4..=12).contains(&n), "{name}: {n} characters");
        assert!(
            setup.round_limit <= 10,
            "{name}: a round limit keeps it short"
        );
    }
}

#[test]
fn random_battles_of_the_shipped_scenarios_end_and_keep_the_invariants() {
    for name in SHIPPED {
        let setup = shipped(name);
        let mut tally = Tally::default();
        for seed in 0..400 {
            play(&setup, seed, &mut tally);
        }
        // Every battle ends, by a victory or the round limit. That either side can win is held
        // between normal AIs, where each wins 35-65% (the scenario headers' test, in
        // tests/generate): random play rarely gets through armour before the limit.
        assert_eq!(tally.victories + tally.draws, 400, "{name}");
        assert!(tally.attacks > 100 && tally.reactions > 10, "{name}");
    }
}

#[test]
fn each_shipped_scenario_opens_as_its_story_says() {
    let mut dice = SeededDice::new(1);
    let (s, events) = Teams::start(&shipped("the-alarm"), &mut dice).unwrap();
    assert!(
        events[0]
            .line
            .english(&s)
            .starts_with("Players started the fight")
    );
    assert_eq!(s.order, [0, 1]);
    assert_eq!(s.round, 1);
    let (s, events) = Teams::start(&shipped("goblin-ambush"), &mut dice).unwrap();
    assert_eq!(s.round, 0, "a surprise round first");
    assert!(
        events
            .iter()
            .any(|e| e.line.said().starts_with("Surprise!"))
    );
    let clementine = s
        .characters
        .iter()
        .position(|c| c.name == "Clementine")
        .unwrap();
    assert!(s.characters[clementine].stats.danger_sense);
    assert!(!s.surprised(clementine), "danger sense");
    assert!(
        s.characters
            .iter()
            .any(|c| c.team == 0 && c.stats.size == 3)
    );
    let (s, _) = Teams::start(&shipped("shield-wall"), &mut dice).unwrap();
    let petra = s.characters.iter().position(|c| c.name == "Petra").unwrap();
    let crossbow = s.held(petra).next().unwrap();
    assert_eq!(s.items[crossbow].def.weapon.as_ref().unwrap().reload, 2);
    assert!(s.items.iter().any(|i| i.def.block.is_some()));
    assert!(!s.map.exits.is_empty());
}

/// A random-policy battle of a scenario, as `fray record` plays it: its actions, its dice and
/// every event's text.
fn recorded(name: &str, seed: u64) -> (Vec<Action>, Vec<u8>, Vec<String>, Outcome, u64) {
    let setup = shipped(name);
    let mut seeded = SeededDice::new(seed);
    let mut dice = RecordingDice::new(&mut seeded);
    let (mut s, start) = Teams::start(&setup, &mut dice).unwrap();
    // The names the lines are written with, which no action changes.
    let names = s.clone();
    let mut texts: Vec<String> = start.iter().map(|e| e.line.english(&names)).collect();
    let mut policies: Vec<Box<dyn Policy<Teams>>> = (0..s.teams.len())
        .map(|f| Box::new(RandomPolicy::new(seed + f as u64)) as Box<dyn Policy<Teams>>)
        .collect();
    let mut actions = Vec::new();
    let r = fray::sim::play_out::<Teams>(
        &mut s,
        &mut policies,
        &mut GmPolicy,
        &mut dice,
        200,
        false,
        |a, evs| {
            actions.push(*a);
            texts.extend(evs.iter().map(|e| e.line.english(&names)));
        },
    )
    .unwrap();
    let rolls = dice.record.clone();
    (
        actions,
        rolls,
        texts,
        r.outcome.unwrap(),
        state_hash::<Teams>(&s),
    )
}

#[test]
fn a_battle_of_each_scenario_replays_from_ron_json_and_its_dice() {
    for name in SHIPPED {
        for seed in [3, 11] {
            let (actions, rolls, texts, outcome, hash) = recorded(name, seed);
            let mut r = Replay::new(
                name.to_string(),
                ReplayDice::Seed(seed),
                ReplayActions::Teams(actions),
            );
            replay::seal(&mut r, "sealed.ron").unwrap();
            assert_eq!(r.final_hash, Some(hash));
            let ron = replay::to_ron(&r);
            let parsed = replay::parse("r.ron", &ron).unwrap_or_else(|e| panic!("{e}\n{ron}"));
            assert_eq!(parsed, r, "{name} seed {seed}");
            let run = replay::run(&parsed, "r.ron", &ron).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(run.final_hash, hash, "{name} seed {seed}");
            assert_eq!(run.outcome.as_ref(), Some(&outcome), "{name} seed {seed}");
            let got: Vec<&str> = run.lines.iter().map(|l| l.text.as_str()).collect();
            assert_eq!(got, texts, "{name} seed {seed}");

            let json = serde_json::to_string(&r).unwrap();
            let run = replay::run(&replay::parse("r.json", &json).unwrap(), "r.json", &json)
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(run.final_hash, hash, "{name} seed {seed}");

            // The same battle from the values the dice showed.
            let scripted = Replay {
                dice: ReplayDice::Scripted(rolls),
                ..r.clone()
            };
            let src = replay::to_ron(&scripted);
            let run = replay::run(&scripted, "s.ron", &src).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(run.final_hash, hash, "{name} seed {seed}");

            // Another seed's dice do not fit the actions, or end elsewhere.
            let wrong = Replay {
                dice: ReplayDice::Seed(seed + 1000),
                ..r.clone()
            };
            let src = replay::to_ron(&wrong);
            assert!(
                replay::run(&wrong, "w.ron", &src).is_err(),
                "{name} seed {seed}: the actions fit another seed's battle exactly"
            );
        }
    }
}

/// Equal AIs on both sides: each side of every scenario wins some battles.
#[test]
fn both_sides_of_each_scenario_can_win_between_equal_ais() {
    for name in SHIPPED {
        let setup = shipped(name);
        let mut wins = vec![0; setup.teams.len()];
        for seed in 0..60 {
            let mut dice = SeededDice::new(seed);
            let (mut s, _) = Teams::start(&setup, &mut dice).unwrap();
            let mut policies: Vec<Box<dyn Policy<Teams>>> = (0..s.teams.len())
                .map(|f| Level::Normal.policy::<Teams>(seed * 3 + f as u64))
                .collect();
            let r = fray::sim::play_out::<Teams>(
                &mut s,
                &mut policies,
                &mut GmPolicy,
                &mut dice,
                200,
                true,
                |_, _| {},
            )
            .unwrap();
            if let Some(Outcome::Victory { winner, .. }) = r.outcome {
                wins[winner] += 1;
            }
        }
        assert!(
            wins.iter().all(|&w| w >= 6),
            "{name}: wins by team {wins:?} out of 60"
        );
    }
}

/// Beside a target, an attack's odds give the chance to hit, the expected damage and the
/// chance the blow takes them down, the last as the core counts it; a wounded target is
/// easier to take down than the same target unhurt.
#[test]
fn an_attacks_odds_give_the_chance_to_take_the_target_down() {
    use fray::present::Present;
    use fray::rules::teams::odds;
    let Setup::Teams(setup) = scenario::builtin("goblin-ambush").unwrap().unwrap().setup else {
        panic!("a Three actions scenario")
    };
    let mut seen = 0;
    for seed in 1..40u64 {
        let mut dice = SeededDice::new(seed);
        let (mut s, _) = Teams::start(&setup, &mut dice).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..300 {
            let Pending::Decide { .. } = Teams::pending(&s) else {
                break;
            };
            let legal = Teams::legal_actions(&s);
            for a in &legal {
                let Action::Attack { target, weapon } = *a else {
                    continue;
                };
                let o = odds::attack_odds(&s, s.actor().unwrap(), weapon, target).unwrap();
                let text = Teams::odds(fray::words::english(), &s, a).unwrap();
                let want = format!("takes them down {:.0}%", fray::present::pct(o.takedown));
                assert!(
                    text.contains("hit ") && text.contains(&want),
                    "{text} / {want}"
                );
                // The expected damage with its one decimal, a trailing zero kept.
                let damage = format!("expected damage {:.1} after", o.expected_damage);
                assert!(text.contains(&damage), "{text} / {damage}");
                assert!(o.takedown <= o.hit + 1e-12);
                // The same blow against the target with one point of health left.
                let mut weak = s.clone();
                weak.characters[target].endurance = 0;
                weak.characters[target].health = 1;
                if let Some(w) = odds::attack_odds(&weak, s.actor().unwrap(), weapon, target) {
                    assert!(w.takedown >= o.takedown && (w.takedown - w.hit).abs() < 1e-12);
                }
                seen += 1;
            }
            let a = legal[rng.random_range(0..legal.len())];
            Teams::apply(&mut s, &a, &mut dice).unwrap();
        }
        if seen > 50 {
            break;
        }
    }
    assert!(seen > 50, "{seen} attacks looked at");
}

#[test]
fn an_unchecked_action_out_of_place_is_refused_by_name() {
    // The AI's play-outs apply without the check; an action the stage has no place for is
    // still refused in the words the menu uses, not as the program spells it.
    let mut dice = SeededDice::new(1);
    let mut pick = ChaCha8Rng::seed_from_u64(1);
    let (mut turn, _) = Teams::start(&shipped("goblin-raid"), &mut dice).unwrap();
    while turn.stage != Stage::Turn {
        let legal = Teams::legal_actions(&turn);
        let a = legal[pick.random_range(0..legal.len())].clone();
        Teams::apply(&mut turn, &a, &mut dice).unwrap();
    }
    let refused = |mut s: fray::rules::teams::State, a: Action| {
        let mut dice = SeededDice::new(1);
        match Teams::apply_trusted(&mut s, &a, &mut dice) {
            Err(fray::rules::battle::RuleError::Illegal(why)) => why.english(&s),
            other => panic!("{a:?} is refused, not {other:?}"),
        }
    };
    assert_eq!(
        refused(turn.clone(), Action::NoReaction),
        "“Take the hit” answers no attack: none is under way"
    );
    assert_eq!(
        refused(turn, Action::FallUnconscious),
        "“Fall unconscious” answers no attack: none is under way"
    );
}
