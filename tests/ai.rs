//! The AI: determinism, legality, fair play with hidden characters, anytime search, and a small
//! win-rate check.

use fray::ai::{
    Greedy, Heuristics, Level, Mcts, MctsConfig, Policy, RandomPolicy, Search, Thinking,
};
use fray::catalogue;
use fray::rules::battle::{Outcome, Pending, Ruleset};
use fray::rules::dice::SeededDice;
use fray::rules::zones::{State, Zones};
use fray::scenario::{self, Setup};

fn start(name: &str, seed: u64) -> (State, SeededDice) {
    let Setup::Zones(setup) = scenario::builtin(name).unwrap().unwrap().setup else {
        panic!("a Zones scenario")
    };
    let mut dice = SeededDice::new(seed);
    let (s, _) = setup.start(&mut dice).unwrap();
    (s, dice)
}

/// Plays `plies` decisions with random moves to reach a varied position.
fn advance(s: &mut State, dice: &mut SeededDice, plies: usize, seed: u64) {
    let mut p = RandomPolicy::new(seed);
    for _ in 0..plies {
        if matches!(Zones::pending(s), Pending::Over(_)) {
            return;
        }
        let legal = Zones::legal_actions(s);
        let a = <RandomPolicy as Policy<Zones>>::choose(&mut p, s, &legal);
        Zones::apply(s, &a, dice).unwrap();
    }
}

#[test]
fn every_level_returns_only_legal_moves_and_the_same_move_for_the_same_seed() {
    for name in ["duel", "ambush", "hold-the-mill"] {
        for seed in 0..6 {
            let (mut s, mut dice) = start(name, seed);
            advance(&mut s, &mut dice, (seed as usize) * 7, seed);
            if matches!(Zones::pending(&s), Pending::Over(_)) {
                continue;
            }
            let legal = Zones::legal_actions(&s);
            for level in Level::ALL {
                let a = level.policy::<Zones>(seed).choose(&s, &legal);
                let b = level.policy::<Zones>(seed).choose(&s, &legal);
                assert!(legal.contains(&a), "{level:?} chose an illegal move");
                assert_eq!(a, b, "{level:?} is not deterministic");
            }
            let mut m = Mcts::new(
                MctsConfig {
                    iterations: 60,
                    ..MctsConfig::default()
                },
                seed,
            );
            let a = <Mcts as Policy<Zones>>::choose(&mut m, &s, &legal);
            assert!(legal.contains(&a));
        }
    }
}

#[test]
fn thinking_in_slices_gives_the_same_move_as_thinking_at_once() {
    let (mut s, mut dice) = start("hold-the-mill", 3);
    advance(&mut s, &mut dice, 12, 3);
    let mut whole = Thinking::<Zones>::start(Level::Hard, &s, 42).unwrap();
    whole.step(u32::MAX);
    let mut sliced = Thinking::<Zones>::start(Level::Hard, &s, 42).unwrap();
    let mut slices = 0;
    while !sliced.step(5) {
        slices += 1;
        assert!(
            sliced.best().is_some(),
            "a best move so far is always there"
        );
    }
    assert_eq!(whole.best(), sliced.best());
    assert!(slices > 1 || Zones::legal_actions(&s).len() == 1);
    assert!(
        !whole.candidates().is_empty(),
        "the why panel has candidates"
    );
    // The tree search runs in slices too.
    let mut t = Search::<Zones>::new(
        &s,
        MctsConfig {
            iterations: 40,
            ..MctsConfig::default()
        },
        1,
    );
    t.run(10);
    assert_eq!(t.iterations(), 10);
    assert!(t.best().is_some());
}

#[test]
fn the_ai_never_reads_where_a_concealed_enemy_really_is() {
    // Round 0 of the ambush: the Caravan must decide while the Wolves hide. Wherever Grell
    // truly hides, the Caravan's AI must choose exactly the same moves.
    let (s, _) = start("ambush", 1);
    let grell = s.characters.iter().position(|c| c.name == "Grell").unwrap();
    assert!(s.characters[grell].concealed);
    let caravan = s.characters.iter().position(|c| c.name == "Mira").unwrap();
    let mut moves = Vec::new();
    for zone in 0..s.zones.len() {
        let mut v = s.clone();
        v.characters[grell].zone = zone;
        // Put the decision in the Caravan's hands: a turn of Mira's in round 1.
        v.round = 1;
        v.phase = fray::rules::zones::Phase::Normal;
        v.stage = fray::rules::zones::Stage::Turn;
        v.turn = Some(fray::rules::zones::Turn {
            character: caravan,
            ..Default::default()
        });
        let legal = Zones::legal_actions(&v);
        let mut picks = Vec::new();
        for seed in 0..3 {
            picks.push(Level::Hard.policy::<Zones>(seed).choose(&v, &legal));
            picks.push(Level::Normal.policy::<Zones>(seed).choose(&v, &legal));
        }
        moves.push((legal, picks));
    }
    for m in &moves[1..] {
        assert_eq!(
            m, &moves[0],
            "the AI's choice depended on a hidden position"
        );
    }
}

#[test]
fn the_strength_evaluation_rewards_the_winner() {
    let (mut s, mut dice) = start("duel", 9);
    let mut ps: Vec<Box<dyn Policy<Zones>>> = vec![
        Box::new(Greedy::new(1, 0.0)),
        Box::new(RandomPolicy::new(2)),
    ];
    let mut gm = RandomPolicy::new(0);
    fray::sim::play_out::<Zones>(&mut s, &mut ps, &mut gm, &mut dice, 200, true, |_, _| {})
        .unwrap();
    let Some(Outcome::Victory { winner, .. }) = s.outcome.clone() else {
        panic!("no winner")
    };
    let v = Zones::evaluate(&s);
    assert_eq!(v[winner], 1.0);
}

#[test]
fn hard_beats_random_in_a_small_sample() {
    let mut hard_points = 0.0;
    let mut games = 0.0;
    for name in ["duel", "ambush", "hold-the-mill"] {
        for seed in 0..4u64 {
            for hard_side in 0..2 {
                let (mut s, mut dice) = start(name, seed * 31 + hard_side);
                let mut ps: Vec<Box<dyn Policy<Zones>>> = (0..2)
                    .map(|f| {
                        if f == hard_side as usize {
                            Level::Hard.policy::<Zones>(seed)
                        } else {
                            Level::Random.policy::<Zones>(seed)
                        }
                    })
                    .collect();
                let mut gm = RandomPolicy::new(0);
                let r = fray::sim::play_out::<Zones>(
                    &mut s,
                    &mut ps,
                    &mut gm,
                    &mut dice,
                    200,
                    true,
                    |_, _| {},
                )
                .unwrap();
                games += 1.0;
                hard_points += match r.outcome {
                    Some(Outcome::Victory { winner, .. }) if winner == hard_side as usize => 1.0,
                    Some(Outcome::Draw { .. }) | None => 0.5,
                    _ => 0.0,
                };
            }
        }
    }
    let rate = hard_points / games;
    assert!(
        rate >= 0.9,
        "hard won only {:.0}% against random",
        rate * 100.0
    );
}

// Three actions.

use fray::rules::teams::{State as TeamsState, Teams};

fn teams_start(name: &str, seed: u64) -> (TeamsState, SeededDice) {
    let Setup::Teams(setup) = scenario::builtin(name).unwrap().unwrap().setup else {
        panic!("a Three actions scenario")
    };
    let mut dice = SeededDice::new(seed);
    let (s, _) = Teams::start(&setup, &mut dice).unwrap();
    (s, dice)
}

const TEAMS_SCENARIOS: [&str; 5] = [
    "the-alarm",
    "goblin-ambush",
    "shield-wall",
    "goblin-warren",
    "goblin-raid",
];

#[test]
fn every_level_plays_three_actions_legally_and_deterministically() {
    for name in TEAMS_SCENARIOS {
        for seed in 0..4 {
            let (mut s, mut dice) = teams_start(name, seed);
            let mut p = RandomPolicy::new(seed);
            for _ in 0..seed * 9 {
                if matches!(Teams::pending(&s), Pending::Over(_)) {
                    break;
                }
                let legal = Teams::legal_actions(&s);
                let a = <RandomPolicy as Policy<Teams>>::choose(&mut p, &s, &legal);
                Teams::apply(&mut s, &a, &mut dice).unwrap();
            }
            if matches!(Teams::pending(&s), Pending::Over(_)) {
                continue;
            }
            let legal = Teams::legal_actions(&s);
            for level in Level::ALL {
                let a = level.policy::<Teams>(seed).choose(&s, &legal);
                let b = level.policy::<Teams>(seed).choose(&s, &legal);
                assert!(
                    legal.contains(&a),
                    "{name}: {level:?} chose an illegal move"
                );
                assert_eq!(a, b, "{name}: {level:?} is not deterministic");
            }
            // Every action has a finite value, and the evaluation shares the battle out.
            for a in &legal {
                assert!(Teams::action_value(&s, a).is_finite(), "{name}: {a:?}");
            }
            let v = Teams::evaluate(&s);
            assert_eq!(v.len(), s.teams.len());
            assert!((v.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{v:?}");
        }
    }
}

#[test]
fn the_three_actions_evaluation_rewards_the_winner_and_the_greedy_beats_random() {
    let mut greedy_points = 0.0;
    for name in TEAMS_SCENARIOS {
        for seed in 0..6u64 {
            let greedy_side = (seed % 2) as usize;
            let (mut s, mut dice) = teams_start(name, seed);
            let mut ps: Vec<Box<dyn Policy<Teams>>> = (0..2)
                .map(|f| {
                    if f == greedy_side {
                        Box::new(Greedy::new(seed, 0.0)) as Box<dyn Policy<Teams>>
                    } else {
                        Box::new(RandomPolicy::new(seed))
                    }
                })
                .collect();
            let mut gm = RandomPolicy::new(0);
            fray::sim::play_out::<Teams>(&mut s, &mut ps, &mut gm, &mut dice, 200, true, |_, _| {})
                .unwrap();
            match s.outcome.clone() {
                Some(Outcome::Victory { winner, .. }) => {
                    assert_eq!(Teams::evaluate(&s)[winner], 1.0);
                    if winner == greedy_side {
                        greedy_points += 1.0;
                    }
                }
                _ => greedy_points += 0.5,
            }
        }
    }
    assert!(greedy_points >= 16.0, "greedy won {greedy_points} of 18");
}

#[test]
fn the_hard_level_thinks_in_slices_in_three_actions() {
    let (s, _) = teams_start("the-alarm", 2);
    let mut whole = Thinking::<Teams>::start(Level::Hard, &s, 42).unwrap();
    whole.step(u32::MAX);
    let mut sliced = Thinking::<Teams>::start(Level::Hard, &s, 42).unwrap();
    while !sliced.step(7) {
        assert!(sliced.best().is_some());
    }
    assert_eq!(whole.best(), sliced.best());
    assert!(!whole.candidates().is_empty());
}

/// A Coterie conflict at its start, on one of the lessons' fixed boards.
fn coterie_board(name: &str) -> fray::rules::coterie::State {
    use fray::rules::coterie::Coterie;
    let Setup::Coterie(setup) = fray::lessons::load_scenario(name).unwrap().setup else {
        panic!("{name} is a Coterie scenario")
    };
    Coterie::start(&setup, &mut SeededDice::new(1)).unwrap().0
}

/// Coterie: the players' AI heuristic plays to win the conflict. Taking wounds that would put every
/// character out loses it, so it falls back instead; and a character who may flee the field
/// stays, since leaving takes their effort from the group, even near the end of the track.
#[test]
fn the_coterie_ai_falls_back_rather_than_be_cut_down_and_never_deserts_its_group() {
    use fray::rules::coterie::{
        Action, Coterie, Degree, Effort, Harm, HarmKind, PARTY, Part, Stage, State as CState,
    };
    let fresh = coterie_board("ambush-in-the-pass");
    // The heuristic, which the normal level plays and the hard level's play-outs follow, when
    // the players lose a phase of `degree` and the GM deals them wounds of the same degree.
    let choice = |s: &mut CState, degree: Degree| {
        // Every wizard performed normally: their cell of the table is the loss's own level.
        s.parts = s
            .party()
            .into_iter()
            .map(|character| Part {
                character,
                effort: Effort::Steady,
                brought: Vec::new(),
                shift: Some(0),
            })
            .collect();
        s.stage = Stage::FallBack {
            degree,
            harm: vec![Harm {
                kind: HarmKind::Wounds,
                degree,
            }],
        };
        Level::Normal
            .policy::<Coterie>(3)
            .choose(s, &Coterie::legal_actions(s))
    };
    let mut s = fresh.clone();
    for c in s.party() {
        s.characters[c].wounds = s.characters[c].endurance - 1;
    }
    assert_eq!(
        choice(&mut s, Degree::Major),
        Action::FallBack(true),
        "every wizard would be out"
    );
    // Unhurt, a minor wound each costs them less than a step of track at -3.
    let mut s = fresh;
    s.groups[PARTY].position = -3;
    assert_eq!(
        choice(&mut s, Degree::Minor),
        Action::FallBack(false),
        "a step back at -3 is worth more than a wound"
    );
    let c = s.party()[0];
    s.groups[PARTY].position = -4;
    s.stage = Stage::Flee(c);
    let legal = Coterie::legal_actions(&s);
    let a = Level::Normal.policy::<Coterie>(3).choose(&s, &legal);
    assert_eq!(a, Action::Flee(false), "at -4 the group needs everyone");
}

/// Coterie: a group whose wounds reach its number of members is cut down (coterie.wounds), so
/// the winner's harm that does it is the conflict won; the heuristic takes it over a push-back
/// that a weak vulnerability would otherwise make look better.
#[test]
fn the_coterie_ai_cuts_the_enemy_down_when_a_wound_would_end_the_conflict() {
    use fray::rules::coterie::{Action, Coterie, Degree, FOES, HarmKind, PARTY, Stage};
    let mut s = coterie_board("forcing-the-gate");
    s.stage = Stage::Harm {
        winner: PARTY,
        degree: Degree::Minor,
    };
    let kind_chosen = |s: &fray::rules::coterie::State| match Level::Normal
        .policy::<Coterie>(3)
        .choose(s, &Coterie::legal_actions(s))
    {
        Action::Inflict(pieces) => pieces[0].kind.clone(),
        other => panic!("the winner inflicts harm, not {other:?}"),
    };
    // The Guard's vulnerability is 2 (three members, armour 1): a wound is worth less than a
    // step of track while it does not cut them down...
    assert_eq!(kind_chosen(&s), HarmKind::Tactical);
    // ...and the conflict once it does.
    s.groups[FOES].wounds = 2;
    assert!(s.cut_down(FOES, 3));
    assert_eq!(kind_chosen(&s), HarmKind::Wounds);
}

/// Coterie: the hard level's play-outs press hard when the next phase may end the conflict (the
/// players one major push from -5, or the enemy one from its end), and not on a fresh track; the
/// normal level weighs the decision alone and keeps steady.
#[test]
fn the_coterie_search_presses_hard_when_the_next_phase_may_end_the_conflict() {
    use fray::rules::coterie::{Action, Coterie, Effort, FOES, PARTY, Stage};
    let fresh = coterie_board("ambush-in-the-pass");
    assert!(
        matches!(fresh.stage, Stage::Declare(_)),
        "{:?}",
        fresh.stage
    );
    let press_over_steady = |s: &fray::rules::coterie::State| {
        Coterie::playout_value(s, &Action::Declare(Effort::Press))
            - Coterie::playout_value(s, &Action::Declare(Effort::Steady))
    };
    assert!(
        press_over_steady(&fresh) < 0.0,
        "a fresh group does not tire itself"
    );
    let mut losing = fresh.clone();
    losing.groups[PARTY].position = -3;
    assert!(
        press_over_steady(&losing) > 0.0,
        "at -3 a major loss ends it"
    );
    let mut winning = fresh.clone();
    winning.groups[FOES].position = -3;
    assert!(
        press_over_steady(&winning) > 0.0,
        "the enemy is a push from -5"
    );
    let normal = Level::Normal
        .policy::<Coterie>(3)
        .choose(&losing, &Coterie::legal_actions(&losing));
    assert_eq!(normal, Action::Declare(Effort::Steady));
}

/// The hard level's search keeps its budget on the shipped boards and plays fewer play-outs on
/// a big generated one, where each costs more: about as the square of the fighters, never
/// fewer than a dozen.
#[test]
fn the_hard_search_plays_fewer_play_outs_on_a_crowded_board() {
    use fray::ai::Heuristics;
    let base = Teams::rollouts().samples;
    for name in TEAMS_SCENARIOS {
        let (s, _) = teams_start(name, 1);
        let fighters = s.characters.iter().filter(|c| c.is_active()).count();
        let samples = Teams::rollouts_for(&s).samples;
        if fighters <= 8 {
            assert_eq!(samples, base, "{name}: {fighters} fighters");
        } else {
            assert!(
                samples < base,
                "{name}: {fighters} fighters, {samples} samples"
            );
        }
    }
    let loaded = catalogue::load("random-teams-large-1").unwrap();
    let Setup::Teams(setup) = loaded.setup else {
        panic!("a Three actions skirmish")
    };
    let (s, _) = Teams::start(&setup, &mut SeededDice::new(1)).unwrap();
    let fighters = s.characters.iter().filter(|c| c.is_active()).count() as u32;
    assert!(fighters > 8, "a large skirmish is crowded ({fighters})");
    let samples = Teams::rollouts_for(&s).samples;
    assert_eq!(samples, (base * 64 / (fighters * fighters)).max(12));
    assert!(samples < base);
}

/// Coterie's hard search shares its play-outs among the moves it compares: a decisive
/// victory's nine harm options get fewer each than a choice of two, and no decision plays more
/// than the shared budget beyond the 300 a move it keeps for a few options.
#[test]
fn coterie_hard_search_shares_its_play_outs_among_many_options() {
    use fray::rules::coterie::{Coterie, Stage};
    let Setup::Coterie(setup) = scenario::builtin("wizards-and-bandits")
        .unwrap()
        .unwrap()
        .setup
    else {
        panic!("a Coterie scenario")
    };
    let base = Coterie::rollouts();
    let (mut few, mut many) = (None, None);
    for seed in 1..60 {
        let mut dice = SeededDice::new(seed);
        let (mut s, _) = Coterie::start(&setup, &mut dice).unwrap();
        for _ in 0..40 {
            let Pending::Decide { .. } = Coterie::pending(&s) else {
                break;
            };
            let legal = Coterie::legal_actions(&s);
            let cfg = Coterie::rollouts_for(&s);
            let moves = legal.len().min(base.width) as u32;
            assert!(cfg.samples <= base.samples && cfg.samples >= 100);
            assert!(
                cfg.samples * moves <= (1200).max(base.samples * 4),
                "{moves} moves"
            );
            match (&s.stage, legal.len()) {
                (Stage::Declare(_), 2 | 3) => few = Some(cfg.samples),
                (Stage::Harm { .. }, n) if n >= 9 => many = Some(cfg.samples),
                _ => {}
            }
            Coterie::apply(&mut s, &legal[0], &mut dice).unwrap();
        }
        if few.is_some() && many.is_some() {
            break;
        }
    }
    assert_eq!(
        few,
        Some(base.samples),
        "a choice of two or three keeps its samples"
    );
    assert!(many.unwrap() < base.samples, "{many:?}");
}
