//! No prompt without a choice: a person playing a whole battle against the AI is never asked
//! a decision with one legal option; it is taken by itself and said in the notice.

use bevy::prelude::*;

use fray::ai::Level;
use fray::game::battle::SeatKind;
use fray::game::battle::{Battle, BattleSetup, Notice, Phase};

use crate::headless::{app, choose_by_keys, phase, press, wanted_phase};

/// What a person met in a battle: the prompts that waited for them, and the lone choices the
/// game took by itself.
#[derive(Debug, Default)]
struct Met {
    prompts: usize,
    lone_asked: usize,
    lone_taken: usize,
    /// Routine prompts answered for the person (their settings ask for it by default).
    routine_taken: usize,
    /// The most declarations and skill choices (Coterie's Commit prompts) in one phase.
    most_commits_in_a_phase: usize,
    over: bool,
}

/// Plays `setup` with the person at the seats it names picking choices at random (never one
/// that cannot be taken back, where another is offered), up to `most` prompts.
fn play(setup: BattleSetup, most: usize, seed: u64) -> Met {
    let mut app = app(setup);
    let mut met = Met::default();
    let mut rng = seed;
    let mut last_notice = None;
    let mut commits: std::collections::BTreeMap<u32, usize> = Default::default();
    for _ in 0..60_000 {
        let notice = app.world().resource::<Notice>().0.clone();
        if notice != last_notice {
            if notice
                .as_deref()
                .is_some_and(|n| n.starts_with("The only choice, taken"))
            {
                met.lone_taken += 1;
            }
            if notice
                .as_deref()
                .is_some_and(|n| n.starts_with("Answered for you"))
            {
                met.routine_taken += 1;
            }
            last_notice = notice;
        }
        let now = phase(&app);
        if now == Some(Phase::Over) {
            met.over = true;
            break;
        }
        if met.prompts >= most {
            break;
        }
        match (now, wanted_phase(&app)) {
            (Some(Phase::Showing), Some(Phase::Showing))
            | (Some(Phase::PassScreen), Some(Phase::PassScreen)) => {
                press(&mut app, KeyCode::Enter);
                continue;
            }
            (Some(Phase::Deciding), Some(Phase::Deciding)) => {}
            _ => {
                app.update();
                continue;
            }
        }
        // A prompt is one the game waits on: still pending a frame later.
        let version = app.world().resource::<Battle>().version();
        app.update();
        let b = app.world().resource::<Battle>();
        if b.version() != version || phase(&app) != Some(Phase::Deciding) {
            continue;
        }
        met.prompts += 1;
        if let fray::rules::battle::Pending::Decide {
            kind: fray::rules::battle::DecisionKind::Commit,
            ..
        } = b.pending()
        {
            let c = commits.entry(b.session().round()).or_default();
            *c += 1;
            met.most_commits_in_a_phase = met.most_commits_in_a_phase.max(*c);
        }
        let n = b.session().legal_len();
        if n == 1 {
            met.lone_asked += 1;
        }
        let choices: Vec<usize> = (0..n).filter(|&i| !b.session().irreversible(i)).collect();
        let choices = if choices.is_empty() {
            (0..n).collect()
        } else {
            choices
        };
        rng = rng
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let i = choices[(rng >> 33) as usize % choices.len()];
        let irreversible = b.session().irreversible(i);
        choose_by_keys(&mut app, i);
        if irreversible {
            press(&mut app, KeyCode::Enter);
        }
    }
    met
}

#[test]
fn a_person_is_never_asked_a_decision_with_one_option() {
    let battles = [
        // Coterie: three people at the party's seats, the GM's seat a person too, so that the
        // GM's one-option reviews of mild special actions come to a person.
        (
            "wizards-and-bandits",
            vec![SeatKind::Person; 3],
            SeatKind::Person,
        ),
        (
            "goblin-ambush",
            vec![SeatKind::Person, SeatKind::Ai(Level::Normal)],
            SeatKind::Ai(Level::Normal),
        ),
        (
            "duel",
            vec![SeatKind::Person, SeatKind::Ai(Level::Normal)],
            SeatKind::Ai(Level::Normal),
        ),
    ];
    let mut lone_taken = 0;
    for (scenario, seats, gm) in battles {
        for seed in 1..4 {
            let met = play(
                BattleSetup {
                    scenario: scenario.into(),
                    seats: seats.clone(),
                    gm,
                    seed,
                    ..BattleSetup::default()
                },
                150,
                seed,
            );
            eprintln!("{scenario} seed {seed}: {met:?}");
            assert!(
                met.prompts > 0,
                "{scenario} seed {seed}: the person decided"
            );
            assert_eq!(
                met.lone_asked, 0,
                "{scenario} seed {seed}: a prompt with one option waited for the person"
            );
            lone_taken += met.lone_taken;
        }
    }
    assert!(
        lone_taken > 0,
        "some decision offered one option and was taken by itself"
    );
}

#[test]
fn a_coterie_phase_asks_each_player_one_thing_when_routine_prompts_are_answered() {
    // Three people at the wizards' seats: each declares; bringing every relevant skill is the
    // routine answer, taken for them.
    for seed in 1..4 {
        let met = play(
            BattleSetup {
                scenario: "wizards-and-bandits".into(),
                seats: vec![SeatKind::Person; 3],
                gm: SeatKind::Ai(Level::Normal),
                seed,
                ..BattleSetup::default()
            },
            150,
            seed,
        );
        eprintln!("wizards-and-bandits seed {seed}: {met:?}");
        assert!(
            met.routine_taken > 0,
            "seed {seed}: skills brought for them"
        );
        assert!(
            (1..=3).contains(&met.most_commits_in_a_phase),
            "seed {seed}: a phase asked {} declarations and choices of skills",
            met.most_commits_in_a_phase
        );
    }
}

#[test]
fn two_choices_in_one_frame_take_one_decision() {
    use fray::game::battle::Choose;
    // Maelis declares; a second choice made in the same frame (a click beside a choice taken
    // by itself, the autopilot beside the routine answer) was made for her decision too, and
    // is not taken as Odran's.
    let mut app = app(BattleSetup {
        scenario: "wizards-and-bandits".into(),
        seats: vec![SeatKind::Person; 3],
        gm: SeatKind::Ai(Level::Normal),
        seed: 1,
        ..BattleSetup::default()
    });
    for _ in 0..20 {
        if phase(&app) == Some(Phase::Deciding) {
            break;
        }
        app.update();
    }
    let b = app.world().resource::<Battle>();
    let before = b.taken();
    let steady = b.session().choice(0).unwrap();
    app.world_mut().write_message(Choose(steady.clone()));
    app.world_mut().write_message(Choose(steady));
    app.update();
    assert_eq!(app.world().resource::<Battle>().taken(), before + 1);
}
