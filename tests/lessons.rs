//! Every lesson plays through the game's logic, headless, taking each step's expected action;
//! a wrong action at each waiting step is refused with the step's hint and the battle left as
//! it was; `fray lessons --coverage` finds every paragraph of each landed course taught.
#![cfg(feature = "game")]

mod headless;

use bevy::prelude::*;

use fray::game::battle::{Battle, BattleSetup, Choose, LessonStart, Phase};
use fray::game::battle::{Stage, Waits};
use headless::{app, phase, press};

fn lesson_app(id: &str) -> App {
    app(BattleSetup {
        lesson: Some(LessonStart::new(id)),
        ..BattleSetup::default()
    })
}

fn lesson(app: &App) -> &fray::game::battle::LessonRun {
    app.world().resource::<fray::game::battle::LessonRun>()
}

/// Answers the step's question, if it asks one, with key 1.
fn answer(app: &mut App) {
    if lesson(app).question_open() {
        press(app, KeyCode::Digit1);
        assert!(!lesson(app).question_open(), "the answer was taken");
    }
}

/// Plays lesson `id` to its end; with `wrong`, first tries a wrong action at each step that
/// waits for the learner, twice.
fn play(id: &str, wrong: bool) {
    let mut app = lesson_app(id);
    let mut frames = 0;
    while lesson(&app).stage() != Stage::Done {
        frames += 1;
        assert!(frames < 2_000, "{id}: the lesson did not end");
        let at = lesson(&app).at();
        if phase(&app) == Some(Phase::Showing) {
            press(&mut app, KeyCode::Enter);
            continue;
        }
        let l = lesson(&app);
        let waits = l.step().map(|s| s.waits);
        if l.stage() == Stage::Before && waits == Some(Waits::Learner) {
            answer(&mut app);
            let right = lesson(&app)
                .play()
                .line_choice(at)
                .expect("the step's action");
            if wrong {
                let b = app.world().resource::<Battle>();
                let hash = b.session().state_hash();
                let other = (0..b.session().legal_len())
                    .filter_map(|i| b.session().choice(i))
                    .find(|c| lesson(&app).play().allowed_index(at, c).is_none());
                if let Some(other) = other {
                    for tries in 1..=2 {
                        app.world_mut().write_message(Choose(other.clone()));
                        app.update();
                        let b = app.world().resource::<Battle>();
                        let l = lesson(&app);
                        assert_eq!(
                            b.session().state_hash(),
                            hash,
                            "{id} step {}: a wrong action changed the battle",
                            at + 1
                        );
                        assert_eq!(l.at(), at);
                        assert_eq!(
                            l.feedback().as_deref(),
                            l.step().map(|s| s.hint.as_str()),
                            "{id} step {}: the hint appears",
                            at + 1
                        );
                        assert_eq!(
                            l.shows_right(),
                            tries == 2,
                            "the right choice is shown at the second wrong try"
                        );
                    }
                    let marked = (0..b_len(&app))
                        .filter(|&i| {
                            fray::game::screens::marked_choice(
                                app.world().resource::<Battle>(),
                                Some(lesson(&app)),
                                i,
                            )
                        })
                        .count();
                    assert_eq!(
                        marked,
                        1,
                        "{id} step {}: the lesson's choice is marked",
                        at + 1
                    );
                }
            }
            app.world_mut().write_message(Choose(right));
            app.update();
            app.update();
            assert!(
                lesson(&app).at() > at || lesson(&app).stage() != Stage::Before,
                "{id} step {}: the right action was taken",
                at + 1
            );
        } else {
            if lesson(&app).stage() == Stage::Before {
                answer(&mut app);
            }
            press(&mut app, KeyCode::Enter);
        }
    }
    let done = app
        .world()
        .resource::<fray::game::lesson::Progress>()
        .done
        .clone();
    assert!(done.contains(&id.to_string()), "{id} is kept as done");
}

fn b_len(app: &App) -> usize {
    app.world().resource::<Battle>().session().legal_len()
}

#[test]
fn every_lesson_plays_to_its_end_taking_each_steps_action() {
    for (id, _) in fray::lessons::BUILTIN {
        play(id, false);
    }
}

#[test]
fn a_wrong_action_is_refused_with_the_hint_and_the_battle_unchanged() {
    for (id, _) in fray::lessons::BUILTIN {
        play(id, true);
    }
}

#[test]
fn a_what_if_shows_other_dice_and_returns_to_the_lessons_line() {
    let id = "zones/01-a-round-and-a-turn";
    let mut app = lesson_app(id);
    // On to the step with what-ifs, taking the lesson's line.
    loop {
        let l = lesson(&app);
        if l.stage() == Stage::After && l.step().is_some_and(|s| !s.what_ifs.is_empty()) {
            break;
        }
        assert!(l.stage() != Stage::Done, "no step with a what-if");
        if l.waits_for_learner() {
            answer(&mut app);
            let right = lesson(&app).play().line_choice(lesson(&app).at()).unwrap();
            app.world_mut().write_message(Choose(right));
            app.update();
            app.update();
        } else {
            if l.stage() == Stage::Before {
                answer(&mut app);
            }
            press(&mut app, KeyCode::Enter);
        }
    }
    let own = app.world().resource::<Battle>().session().state_hash();
    press(&mut app, KeyCode::Digit1);
    let other = app.world().resource::<Battle>().session().state_hash();
    assert_ne!(own, other, "the what-if's dice give another battle");
    assert!(lesson(&app).what_if_shown().is_some());
    press(&mut app, KeyCode::Digit0);
    assert_eq!(app.world().resource::<Battle>().session().state_hash(), own);
    assert!(lesson(&app).what_if_shown().is_none());
}

#[test]
fn a_lesson_left_part_way_resumes_where_it_was_left() {
    let dir = headless::prefs_dir();
    let id = "zones/01-a-round-and-a-turn";
    let setup = || BattleSetup {
        lesson: Some(LessonStart::new(id)),
        ..BattleSetup::default()
    };
    let mut app = headless::app_keeping(setup(), fray::game::platform::Prefs::in_dir(&dir));
    for _ in 0..2 {
        let right = lesson(&app).play().line_choice(lesson(&app).at()).unwrap();
        app.world_mut().write_message(Choose(right));
        app.update();
        app.update();
    }
    let at = lesson(&app).at();
    assert_eq!(at, 2);
    let hash = app.world().resource::<Battle>().session().state_hash();
    drop(app);
    let progress = fray::game::lesson::Progress::load(&fray::game::platform::Prefs::in_dir(&dir));
    let (resume, chosen) = progress.resume_point(id).expect("kept");
    assert_eq!(resume, at);
    let app = headless::app_keeping(
        BattleSetup {
            lesson: Some(LessonStart {
                id: id.to_string(),
                at: resume,
                chosen,
            }),
            ..BattleSetup::default()
        },
        fray::game::platform::Prefs::in_dir(&dir),
    );
    assert_eq!(lesson(&app).at(), at);
    assert_eq!(
        app.world().resource::<Battle>().session().state_hash(),
        hash
    );
}

/// The Learn page by keyboard alone: G on the menu opens it, Down picks the second lesson,
/// Enter starts it; Q leaves it for the Learn page, where it can be resumed.
#[test]
fn the_learn_page_and_a_lesson_are_reached_and_left_by_keyboard() {
    use fray::game::battle::AppState;
    let mut app = lesson_app(fray::lessons::BUILTIN[0].0);
    app.world_mut()
        .resource_mut::<NextState<AppState>>()
        .set(AppState::Menu);
    app.update();
    app.update();
    let state = |app: &App| *app.world().resource::<State<AppState>>().get();
    assert_eq!(state(&app), AppState::Menu);
    press(&mut app, KeyCode::KeyG);
    assert_eq!(state(&app), AppState::Learn);
    press(&mut app, KeyCode::ArrowDown);
    press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(state(&app), AppState::Battle);
    assert_eq!(lesson(&app).id(), fray::lessons::BUILTIN[1].0);
    let right = lesson(&app).play().line_choice(0).unwrap();
    app.world_mut().write_message(Choose(right));
    app.update();
    app.update();
    press(&mut app, KeyCode::KeyQ);
    assert_eq!(state(&app), AppState::Learn);
    let progress = app.world().resource::<fray::game::lesson::Progress>();
    assert!(
        progress.resume_point(fray::lessons::BUILTIN[1].0).is_some(),
        "{progress:?}"
    );
}

/// A step that points at its own choice marks it in the menu from the start; others mark it
/// only after two wrong tries.
#[test]
fn a_step_pointing_at_its_choice_marks_it_in_the_menu() {
    let mut app = lesson_app("zones/01-a-round-and-a-turn");
    let marked = |app: &App| {
        let b = app.world().resource::<Battle>();
        (0..b.session().legal_len())
            .filter(|&i| fray::game::screens::marked_choice(b, Some(lesson(app)), i))
            .count()
    };
    assert_eq!(
        marked(&app),
        0,
        "the first step points at the menu, not a choice"
    );
    for _ in 0..3 {
        let right = lesson(&app).play().line_choice(lesson(&app).at()).unwrap();
        app.world_mut().write_message(Choose(right));
        app.update();
        app.update();
    }
    assert_eq!(
        lesson(&app).step().and_then(|s| s.point.clone()),
        Some(fray::lessons::Pointer::Choice)
    );
    assert_eq!(
        marked(&app),
        1,
        "the step's choice is marked before any try"
    );
}

/// A step pointing at a character by name points at that character's token: Coterie lesson
/// 2 opens on Maelis (the first character), Zones lesson 1 on the initiative prompt.
#[test]
fn a_step_points_at_the_token_it_names() {
    use fray::game::battle::PointAt;
    // Lesson 3 of Zones opens on Bob, whose turn the learner watches.
    let app = lesson_app("zones/03-reactions");
    let b = app.world().resource::<Battle>();
    let bob = (0..16)
        .find(|&i| b.session().character_name(i) == "Bob")
        .expect("Bob is in the lesson");
    assert_eq!(lesson(&app).pointer(b.session()), Some(PointAt::Token(bob)));
    let app = lesson_app("zones/01-a-round-and-a-turn");
    let b = app.world().resource::<Battle>();
    assert_eq!(lesson(&app).pointer(b.session()), Some(PointAt::Choices));
}

/// A Three actions step points at a square by `"x,y"`, though the board's squares carry no
/// label: lesson 1's "1,2" is the place of column 1, row 2.
#[test]
fn a_three_actions_step_points_at_the_square_it_names() {
    let app = lesson_app("teams/01-three-actions");
    let b = app.world().resource::<Battle>();
    let width = b
        .typed::<fray::rules::teams::Teams>()
        .expect("a Three actions battle")
        .state()
        .map
        .width;
    assert_eq!(b.session().place_named("1,2"), Some(2 * width as usize + 1));
    assert_eq!(b.session().place_named("no such place"), None);
}

/// Asking for a what-if the step does not have (key 9 after a step's roll) is refused, and
/// the notice says so in the player's language (here the pseudo-locale), with the battle left
/// as it was.
#[test]
fn a_what_if_the_step_lacks_is_refused_in_the_players_language() {
    use fray::game::battle::Notice;
    let dir = headless::prefs_dir();
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("settings.ron"), "(lang: Pseudo)").unwrap();
    let mut app = headless::app_keeping(
        BattleSetup {
            lesson: Some(LessonStart::new("zones/01-a-round-and-a-turn")),
            ..BattleSetup::default()
        },
        fray::game::platform::Prefs::in_dir(&dir),
    );
    let mut frames = 0;
    while lesson(&app).stage() != Stage::After {
        frames += 1;
        assert!(frames < 200, "no step was taken");
        answer(&mut app);
        if lesson(&app).waits_for_learner() {
            let right = lesson(&app).play().line_choice(lesson(&app).at()).unwrap();
            app.world_mut().write_message(Choose(right));
            app.update();
        } else {
            press(&mut app, KeyCode::Enter);
        }
    }
    let l = lesson(&app);
    assert!(l.step().is_some_and(|s| s.what_ifs.len() < 9));
    let (at, hash) = (
        l.at(),
        app.world().resource::<Battle>().session().state_hash(),
    );
    press(&mut app, KeyCode::Digit9);
    let notice = app
        .world()
        .resource::<Notice>()
        .0
        .clone()
        .expect("a notice");
    let english = fray::words::english().say("lesson-no-such-what-if");
    assert!(notice.contains('~'), "not the pseudo-locale's: {notice}");
    assert!(
        !notice.contains(&english[..12]),
        "said in English: {notice}"
    );
    assert_eq!(lesson(&app).at(), at);
    assert!(lesson(&app).what_if_shown().is_none());
    assert_eq!(
        app.world().resource::<Battle>().session().state_hash(),
        hash
    );
}

#[test]
fn a_wrong_try_sets_the_menu_back_on_its_first_choice() {
    // A wrong try changes the lesson beside an unchanged battle: the menu starts over on its
    // first choice, as at a fresh decision, not where the wrong one was picked.
    use fray::game::input::Cursor;
    let (id, _) = fray::lessons::BUILTIN[0];
    let mut app = lesson_app(id);
    for _ in 0..200 {
        let l = lesson(&app);
        if l.stage() == Stage::Before && l.step().map(|s| s.waits) == Some(Waits::Learner) {
            break;
        }
        if phase(&app) != Some(Phase::Showing) && l.stage() == Stage::Before {
            answer(&mut app);
        }
        press(&mut app, KeyCode::Enter);
    }
    answer(&mut app);
    assert_eq!(
        phase(&app),
        Some(Phase::Deciding),
        "{id}: the learner decides"
    );
    let first = app.world().resource::<Cursor>().index;
    press(&mut app, KeyCode::ArrowDown);
    assert_ne!(
        app.world().resource::<Cursor>().index,
        first,
        "the cursor moved"
    );
    let at = lesson(&app).at();
    let b = app.world().resource::<Battle>();
    let wrong = (0..b.session().legal_len())
        .filter_map(|i| b.session().choice(i))
        .find(|c| lesson(&app).play().allowed_index(at, c).is_none())
        .expect("a choice the step does not want");
    app.world_mut().write_message(Choose(wrong));
    app.update();
    assert!(
        lesson(&app).feedback().is_some(),
        "the try was judged wrong"
    );
    assert_eq!(app.world().resource::<Cursor>().index, first);
}
