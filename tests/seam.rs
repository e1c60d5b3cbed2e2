//! The seam between the shell and the rulesets: a ruleset written here, in a few lines, and
//! plugged into the game's generic logic plugin and `sim::play_out`, as a new rulebook would be.
//! If the shell still knew anything of Zones, this would not compile or not play.
#![cfg(feature = "game")]

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

mod headless;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use fray::ai::{Heuristics, Level, Policy, RandomPolicy};
use fray::game::battle::{AppState, Battle, BattleSetup, Phase, Typed};
use fray::game::battle::{Brain, SeatKind, Seats};
use fray::present::{BoardView, Focus, Place, Present, ResultTable, RosterLine, Token};
use fray::rules::battle::{DecisionKind, Event, Outcome, Pending, RuleError, Ruleset, Seat};
use fray::rules::dice::{DiceSource, Die, SeededDice};
use fray::rules::explain::Explanation;
use fray::rules::line::{Line, Named};
use fray::rulesets::{Actions, Game};
use fray::words::Said;
use fray::words::Words;
use headless::{app, phase, press, wanted_phase};

/// Race to ten: two sides take turns; each turn, take a steady 2 points or gamble on a d6
/// (a 1 loses 3 points).
struct Race;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct RaceState {
    points: [i32; 2],
    to_move: usize,
    round: u32,
}

/// The race names no one: its lines are written whole.
impl Named for RaceState {
    fn who(&self, _: usize) -> &str {
        "?"
    }
    fn side(&self, f: usize) -> &str {
        ["Hares", "Tortoises"].get(f).copied().unwrap_or("?")
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum Step {
    Steady,
    Gamble,
}

/// How many times the legal actions of a race starting in `COUNTED_ROUND` were worked out, to
/// check the shell asks once per change. Other races (other tests, at the same time) start in
/// round 1 and never reach it.
static LEGAL_CALLS: AtomicUsize = AtomicUsize::new(0);
const COUNTED_ROUND: u32 = 1_000;

fn winner(s: &RaceState) -> Option<usize> {
    (0..2).find(|&f| s.points[f] >= 10)
}

impl Ruleset for Race {
    type State = RaceState;
    type Action = Step;
    type EventKind = ();
    /// The round it starts in.
    type Setup = u32;

    fn start(
        round: &u32,
        _: &mut dyn DiceSource,
    ) -> Result<(RaceState, Vec<Event<()>>), RuleError> {
        Ok((
            RaceState {
                points: [0, 0],
                to_move: 0,
                round: *round,
            },
            Vec::new(),
        ))
    }

    fn setup_factions(_: &u32) -> Vec<String> {
        vec!["Hares".into(), "Tortoises".into()]
    }

    fn pending(s: &RaceState) -> Pending {
        match winner(s) {
            Some(w) => Pending::Over(Outcome::Victory {
                winner: w,
                how: Line::written("ten points"),
            }),
            None => Pending::Decide {
                seat: Seat::Faction(s.to_move),
                kind: DecisionKind::Turn,
                time_limit: None,
            },
        }
    }

    fn legal_actions(s: &RaceState) -> Vec<Step> {
        if s.round == COUNTED_ROUND {
            LEGAL_CALLS.fetch_add(1, Ordering::Relaxed);
        }
        if winner(s).is_some() {
            Vec::new()
        } else {
            vec![Step::Steady, Step::Gamble]
        }
    }

    fn apply(
        s: &mut RaceState,
        a: &Step,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event<()>>, RuleError> {
        if winner(s).is_some() {
            return Err(RuleError::Over);
        }
        let (gain, explanation) = match a {
            Step::Steady => (2, None),
            Step::Gamble => {
                let r = fray::rules::dice::roll(
                    dice,
                    Die::D6,
                    &fray::rules::Line::written("a gamble"),
                )?;
                let mut e = Explanation::new(Line::written("a gamble"), "race.gamble");
                e.dice.push(r);
                let gain = if r.value == 1 { -3 } else { i32::from(r.value) };
                e.total = gain;
                (gain, Some(e))
            }
        };
        s.points[s.to_move] += gain;
        s.to_move = 1 - s.to_move;
        if s.to_move == 0 {
            s.round += 1;
        }
        Ok(vec![Event {
            kind: (),
            line: Line::written(format!("{gain:+} points")),
            explanation: explanation.map(Box::new),
        }])
    }

    fn describe(_: &RaceState, a: &Step) -> Line {
        Line::written(format!("{a:?}"))
    }

    fn faction_names(_: &RaceState) -> Vec<String> {
        Race::setup_factions(&1)
    }

    fn round(s: &RaceState) -> u32 {
        s.round
    }
}

impl Heuristics for Race {
    fn evaluate(s: &RaceState) -> Vec<f64> {
        let a = f64::from(s.points[0].max(0)) + 1.0;
        let b = f64::from(s.points[1].max(0)) + 1.0;
        vec![a / (a + b), b / (a + b)]
    }

    fn action_value(_: &RaceState, a: &Step) -> f64 {
        // A gamble's mean is (−3 + 2 + 3 + 4 + 5 + 6) / 6 = 2.83 points.
        match a {
            Step::Steady => 2.0,
            Step::Gamble => 17.0 / 6.0,
        }
    }
}

impl Present for Race {
    fn visual(_: &Words, _: &RaceState, e: &Event<()>) -> fray::present::Visual {
        fray::present::Visual::Banner {
            text: e.line.said(),
        }
    }

    fn decision_title(_: &Words, _: DecisionKind) -> String {
        "Steady or gamble?".into()
    }
    fn situation(_: &Words, s: &RaceState) -> Option<String> {
        Some(format!("{} to {}", s.points[0], s.points[1]))
    }
    fn odds(_: &Words, _: &RaceState, a: &Step) -> Option<String> {
        (*a == Step::Gamble).then(|| "a 1 in 6 chance to lose 3".into())
    }
    fn board(_: &Words, s: &RaceState, _: Option<Seat>) -> BoardView {
        BoardView {
            places: vec![Place {
                name: "Track".into(),
                features: String::new(),
                colour: [60, 60, 60],
                at: Some((0.0, 0.0)),
                terrain: Vec::new(),
            }],
            links: Vec::new(),
            tokens: (0..2)
                .map(|f| Token {
                    id: f,
                    place: 0,
                    faction: f,
                    inside: s.points[f].to_string(),
                    label: Race::faction_names(s)[f].clone(),
                    note: String::new(),
                    icons: Vec::new(),
                    out: false,
                    faded: false,
                    pools: Vec::new(),
                    portrait: "portrait.person",
                    weapon: None,
                    name: Race::faction_names(s)[f].clone(),
                    gear: Vec::new(),
                })
                .collect(),
            active: Some(s.to_move),
            grid: false,
            ..BoardView::default()
        }
    }
    fn focus(_: &Words, _: &RaceState, _: &Step) -> Focus {
        Focus::default()
    }
    fn place_action(_: &RaceState, _: &[Step], _: usize) -> Option<usize> {
        None
    }
    fn quick_action(legal: &[Step]) -> Option<usize> {
        legal.iter().position(|a| *a == Step::Steady)
    }
    fn character_name(s: &RaceState, id: usize) -> String {
        Race::faction_names(s)[id].clone()
    }
    fn roster(_: &Words, s: &RaceState, _: Option<Seat>) -> Vec<RosterLine> {
        (0..2)
            .map(|f| RosterLine {
                faction: f,
                text: format!("{} points", s.points[f]),
            })
            .collect()
    }
    fn result_table(_: &Words, s: &RaceState) -> ResultTable {
        ResultTable {
            headings: vec!["Side".into(), "Points".into()],
            rows: (0..2)
                .map(|f| (f, vec![f.to_string(), s.points[f].to_string()]))
                .collect(),
        }
    }
}

impl Game for Race {
    const ID: &'static str = "race";
    const NAME: &'static str = "race";
    const SUMMARY: &'static str = "race-summary";
    fn actions(_: &Actions) -> Option<&[Step]> {
        None
    }
    fn wrap(_: Vec<Step>) -> Option<Actions> {
        None
    }
}

#[test]
fn a_ruleset_written_in_a_test_plays_out_headless_with_the_ai() {
    let mut wins = [0; 2];
    for seed in 0..20 {
        let mut dice = SeededDice::new(seed);
        let (mut s, _) = Race::start(&1, &mut dice).unwrap();
        let mut policies: Vec<Box<dyn Policy<Race>>> = vec![
            Level::Hard.policy::<Race>(seed),
            Box::new(RandomPolicy::new(seed)),
        ];
        let mut decisions = 0;
        let r = fray::sim::play_out::<Race>(
            &mut s,
            &mut policies,
            &mut fray::ai::GmPolicy,
            &mut dice,
            100,
            true,
            |_, _| decisions += 1,
        )
        .unwrap();
        let Some(Outcome::Victory { winner, .. }) = r.outcome else {
            panic!("seed {seed}: the race did not end");
        };
        assert_eq!(s.points[winner].max(10), s.points[winner]);
        assert_eq!(r.decisions, decisions);
        wins[winner] += 1;
    }
    assert_eq!(wins[0] + wins[1], 20);
}

fn race_app(seats: Vec<SeatKind>, round: u32) -> App {
    let starter: fray::game::battle::Starter = Arc::new(move |dice: &mut SeededDice| {
        let (session, log) = Typed::<Race>::start(&round, dice, None).map_err(|e| e.line())?;
        Ok((session, log, "Race to ten".into()))
    });
    app(BattleSetup {
        seats,
        custom: Some(starter),
        ..BattleSetup::default()
    })
}

fn race(app: &App) -> &Typed<Race> {
    app.world()
        .resource::<Battle>()
        .typed::<Race>()
        .expect("the race")
}

#[test]
fn the_logic_plugin_plays_a_new_ruleset_with_a_person_by_keys_and_the_ai() {
    let mut app = race_app(vec![SeatKind::Person, SeatKind::Ai(Level::Hard)], 1);
    let mut frames = 0;
    let mut people = 0;
    while phase(&app) != Some(Phase::Over) {
        frames += 1;
        assert!(frames < 5_000, "the race did not end");
        let want = wanted_phase(&app).expect("a battle");
        if phase(&app) != Some(want) {
            app.update();
            continue;
        }
        match want {
            Phase::Deciding => {
                // The person's turn: the menu opens on Steady; Down and Enter take a gamble,
                // every other turn, and E takes the steady points.
                let before = race(&app).actions().len();
                assert_eq!(
                    race(&app).state().to_move,
                    0,
                    "the person sits at the Hares"
                );
                // The AI may answer within the frames the keys take, so the person's choice
                // is read where it was recorded.
                if people % 2 == 0 {
                    press(&mut app, KeyCode::ArrowDown);
                    press(&mut app, KeyCode::Enter);
                    assert_eq!(race(&app).actions().get(before), Some(&Step::Gamble));
                } else {
                    press(&mut app, KeyCode::KeyE);
                    assert_eq!(race(&app).actions().get(before), Some(&Step::Steady));
                }
                people += 1;
            }
            Phase::AiThinking => app.update(),
            other => panic!("a race has no {other:?} phase"),
        }
    }
    assert!(people >= 2, "the person took turns");
    let r = race(&app);
    assert!(r.state().points.iter().any(|&p| p >= 10));
    // The AI took the Tortoises' turns, alternating with the person's.
    let tortoise_turns = r.actions().len() - people;
    assert!(tortoise_turns + 1 >= people && tortoise_turns <= people);
    let b = app.world().resource::<Battle>();
    assert!(
        b.replay("test.ron").is_none(),
        "a test ruleset has no replay format"
    );
    assert!(
        b.log().iter().any(|e| e.line.said().ends_with("points")),
        "the log holds the ruleset's own events"
    );
}

#[test]
fn the_legal_actions_are_worked_out_once_per_change_not_every_frame() {
    let mut app = race_app(vec![SeatKind::Person, SeatKind::Person], COUNTED_ROUND);
    assert_eq!(phase(&app), Some(Phase::Deciding));
    let before = LEGAL_CALLS.load(Ordering::Relaxed);
    for _ in 0..50 {
        app.update();
    }
    assert_eq!(
        LEGAL_CALLS.load(Ordering::Relaxed),
        before,
        "idle frames asked for the legal actions again"
    );
    press(&mut app, KeyCode::Enter);
    assert_eq!(race(&app).actions(), vec![Step::Steady]);
    assert_eq!(
        LEGAL_CALLS.load(Ordering::Relaxed),
        before + 1,
        "one change, one listing"
    );
}

#[test]
fn the_ai_and_its_search_belong_to_one_battle() {
    let mut app = race_app(
        vec![SeatKind::Ai(Level::Hard), SeatKind::Ai(Level::Hard)],
        1,
    );
    let first = app.world().resource::<Battle>().serial();
    assert!(app.world().get_resource::<Brain>().is_some());
    // Leave in the middle of the battle, then start another.
    app.world_mut()
        .resource_mut::<NextState<AppState>>()
        .set(AppState::Result);
    app.update();
    assert!(
        app.world().get_resource::<Brain>().is_none(),
        "the AI's thinking is gone with the battle"
    );
    app.world_mut()
        .resource_mut::<NextState<AppState>>()
        .set(AppState::Menu);
    app.update();
    assert!(app.world().get_resource::<Battle>().is_none());
    app.world_mut()
        .resource_mut::<NextState<AppState>>()
        .set(AppState::Battle);
    app.update();
    app.update();
    let second = app.world().resource::<Battle>().serial();
    assert_ne!(first, second);
    for _ in 0..3 {
        app.update();
        if let Some((serial, _)) = app.world().resource::<Brain>().thinking_for() {
            assert_eq!(serial, second, "a search for the old battle carried over");
        }
    }
}

#[test]
fn a_person_may_take_the_gm_seat() {
    let seats = Seats::new(
        vec![SeatKind::Ai(Level::Easy)],
        &[Seat::Faction(0), Seat::Faction(1)],
        SeatKind::Person,
    );
    assert_eq!(seats.kind(Seat::Gm), SeatKind::Person);
    assert_eq!(seats.kind(Seat::Faction(0)), SeatKind::Ai(Level::Easy));
    assert_eq!(
        seats.kind(Seat::Faction(1)),
        SeatKind::Ai(Level::Normal),
        "a faction not named is the AI at the normal level"
    );
    assert_eq!(seats.people(), 1);
    let (factions, gm) = fray::game::battle::parse_seats("person,hard,gm:person").unwrap();
    assert_eq!(factions, vec![SeatKind::Person, SeatKind::Ai(Level::Hard)]);
    assert_eq!(gm, Some(SeatKind::Person));
    assert!(fray::game::battle::parse_seats("person,gm:wizard").is_err());
}
