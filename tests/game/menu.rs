//! The menu by keyboard alone, and a key let go within the frame it was pressed in.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

use fray::ai::Level;
use fray::game::battle::SeatKind;
use fray::game::battle::{AppState, Battle, BattleSetup};
use fray::game::input::Cursor;
use fray::game::screens::Catalogue;
use fray::game::screens::{MenuCursor, MenuRow};

use super::headless::{app, enter, press};

fn state(app: &App) -> AppState {
    *app.world().resource::<State<AppState>>().get()
}

fn row(app: &App) -> MenuRow {
    app.world().resource::<MenuCursor>().row
}

fn setup(app: &App) -> &BattleSetup {
    app.world().resource::<BattleSetup>()
}

/// The app on the menu, after a battle of `first` (the app opens in one).
fn on_menu(first: &str) -> App {
    let mut app = app(BattleSetup {
        scenario: first.into(),
        seats: vec![SeatKind::Ai(Level::Easy), SeatKind::Ai(Level::Easy)],
        ..BattleSetup::default()
    });
    enter(&mut app, AppState::Menu);
    assert_eq!(state(&app), AppState::Menu);
    app
}

/// Presses Down (or Up) until the cursor is on `want`; fails if it never comes.
fn walk_to(app: &mut App, want: MenuRow, key: KeyCode) {
    for _ in 0..60 {
        if row(app) == want {
            return;
        }
        press(app, key);
    }
    panic!("the cursor never reached {want:?}; it is on {:?}", row(app));
}

#[test]
fn the_menu_is_walked_and_set_by_keys_alone_and_only_start_starts() {
    let mut app = on_menu("duel");
    assert_eq!(
        row(&app),
        MenuRow::Continue,
        "the duel left unfinished: the cursor starts on Continue"
    );
    walk_to(&mut app, MenuRow::Start, KeyCode::ArrowUp);

    // Down from Start wraps to the top; Tab walks as Down does.
    press(&mut app, KeyCode::ArrowDown);
    assert_ne!(row(&app), MenuRow::Start);
    let catalogue = app.world().resource::<Catalogue>();
    let ambush = catalogue
        .0
        .iter()
        .position(|e| e.id == "goblin-ambush")
        .unwrap();
    walk_to(&mut app, MenuRow::Scenario(ambush), KeyCode::Tab);

    // Enter on a scenario selects it, and the menu stays.
    press(&mut app, KeyCode::Enter);
    assert_eq!(setup(&app).scenario, "goblin-ambush");
    assert_eq!(
        state(&app),
        AppState::Menu,
        "Enter on a scenario only selects it"
    );

    // The seats: Right walks person → AI (easy) → … on the row under the cursor.
    walk_to(&mut app, MenuRow::Seat(0), KeyCode::ArrowDown);
    let before = setup(&app).seats[0];
    press(&mut app, KeyCode::ArrowRight);
    let after = setup(&app).seats[0];
    assert_ne!(before, after, "Right changes the seat under the cursor");
    press(&mut app, KeyCode::ArrowLeft);
    assert_eq!(setup(&app).seats[0], before, "Left changes it back");
    // Person for the first side, AI (hard) for the second.
    while setup(&app).seats[0] != SeatKind::Person {
        press(&mut app, KeyCode::ArrowRight);
    }
    press(&mut app, KeyCode::ArrowDown);
    assert_eq!(row(&app), MenuRow::Seat(1));
    while setup(&app).seats[1] != SeatKind::Ai(Level::Hard) {
        press(&mut app, KeyCode::ArrowRight);
    }

    // The seed is typed: digits append, Backspace takes the last back.
    walk_to(&mut app, MenuRow::Seed, KeyCode::ArrowDown);
    for k in [
        KeyCode::Backspace,
        KeyCode::Digit4,
        KeyCode::Digit2,
        KeyCode::Digit7,
    ] {
        press(&mut app, k);
    }
    press(&mut app, KeyCode::Backspace);
    assert_eq!(setup(&app).seed, 42);

    // The table's own dice: Enter ticks the box, Enter again clears it.
    walk_to(&mut app, MenuRow::TableDice, KeyCode::ArrowDown);
    press(&mut app, KeyCode::Enter);
    assert!(setup(&app).table_dice);
    press(&mut app, KeyCode::Enter);
    assert!(!setup(&app).table_dice);
    assert_eq!(state(&app), AppState::Menu);

    // Start starts the battle so set.
    press(&mut app, KeyCode::ArrowDown);
    assert_eq!(row(&app), MenuRow::Start);
    press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(state(&app), AppState::Battle);
    let battle = app.world().resource::<Battle>();
    assert_eq!(battle.scenario(), "goblin-ambush");
    assert_eq!(battle.seed(), 42);
    let s = setup(&app);
    assert_eq!(s.seats, vec![SeatKind::Person, SeatKind::Ai(Level::Hard)]);
}

#[test]
fn the_menu_sets_a_random_skirmish_by_keys_and_draws_it() {
    let mut app = on_menu("duel");
    walk_to(&mut app, MenuRow::SkirmishRuleset, KeyCode::ArrowUp);
    let ruleset = |app: &App| {
        app.world()
            .resource::<fray::game::screens::RandomSkirmish>()
            .ruleset
    };
    let first = ruleset(&app);
    press(&mut app, KeyCode::ArrowRight);
    assert_ne!(ruleset(&app), first);
    // Coterie's small skirmishes draw quickest: walk to it.
    while ruleset(&app) != "coterie" {
        press(&mut app, KeyCode::ArrowRight);
    }
    press(&mut app, KeyCode::ArrowDown);
    while app
        .world()
        .resource::<fray::game::screens::RandomSkirmish>()
        .size
        != fray::generate::Size::Small
    {
        press(&mut app, KeyCode::ArrowLeft);
    }
    walk_to(&mut app, MenuRow::SkirmishDraw, KeyCode::ArrowDown);
    press(&mut app, KeyCode::Enter);
    assert!(
        setup(&app).scenario.starts_with("random-coterie-small-"),
        "{}",
        setup(&app).scenario
    );
    assert_eq!(state(&app), AppState::Menu);
}

/// Bevy's keyboard message for `key` going down or up.
fn key_message(key: KeyCode, state: ButtonState) -> KeyboardInput {
    KeyboardInput {
        key_code: key,
        logical_key: Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
        state,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    }
}

/// A key pressed and let go before the next frame reads the keys.
fn tap(app: &mut App, key: KeyCode) {
    app.world_mut()
        .write_message(key_message(key, ButtonState::Pressed));
    app.world_mut()
        .write_message(key_message(key, ButtonState::Released));
    app.update();
}

/// A mouse button pressed and let go before the next frame reads the buttons.
fn click(app: &mut App, button: MouseButton) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut()
            .write_message(bevy::input::mouse::MouseButtonInput {
                button,
                state,
                window: Entity::PLACEHOLDER,
            });
    }
    app.update();
}

#[test]
fn a_key_let_go_within_one_frame_is_not_lost() {
    // On the menu.
    let mut app = on_menu("duel");
    walk_to(&mut app, MenuRow::Start, KeyCode::ArrowUp);
    tap(&mut app, KeyCode::ArrowUp);
    assert_eq!(
        row(&app),
        MenuRow::TableDice,
        "a tap of Up moved the cursor"
    );
    app.update();
    assert_eq!(row(&app), MenuRow::TableDice, "and only once");

    // In a battle: a person's decision, walked by taps.
    let mut app = app_with_person();
    let version = app.world().resource::<Battle>().version();
    let at = |app: &App| app.world().resource::<Cursor>().index;
    app.update();
    let before = at(&app);
    tap(&mut app, KeyCode::ArrowDown);
    assert_ne!(at(&app), before, "a tap of Down moved the choice");
    tap(&mut app, KeyCode::Enter);
    app.update();
    assert_ne!(
        app.world().resource::<Battle>().version(),
        version,
        "a tap of Enter took the choice"
    );

    // A click of the board's button let go within the frame is still a click.
    use fray::game::input::GameAction;
    use leafwing_input_manager::prelude::ActionState;
    click(&mut app, MouseButton::Left);
    let mut actions = app.world_mut().query::<&ActionState<GameAction>>();
    let actions = actions.single(app.world()).unwrap();
    assert!(
        actions.just_pressed(&GameAction::Select),
        "the click was seen"
    );
}

fn app_with_person() -> App {
    let mut app = app(BattleSetup {
        scenario: "duel".into(),
        seats: vec![SeatKind::Person, SeatKind::Person],
        ..BattleSetup::default()
    });
    for _ in 0..5 {
        app.update();
    }
    app
}

#[test]
fn a_right_click_goes_back_out_of_a_verb_as_esc_does() {
    use fray::game::input::{Row, rows};
    let mut app = app(BattleSetup {
        scenario: "goblin-ambush".into(),
        seats: vec![SeatKind::Person, SeatKind::Ai(Level::Easy)],
        ..BattleSetup::default()
    });
    // Snikt is given the turn; its menu opens on the Move verb.
    for _ in 0..5 {
        app.update();
    }
    press(&mut app, KeyCode::Enter);
    for _ in 0..5 {
        app.update();
    }
    let verb_on_top = {
        let b = app.world().resource::<Battle>();
        let shown = rows(b, app.world().resource::<Cursor>());
        matches!(shown.first(), Some(Row::Verb { .. }))
    };
    assert!(verb_on_top, "the turn's menu starts on a verb");
    press(&mut app, KeyCode::Enter);
    assert!(
        app.world().resource::<Cursor>().verb.is_some(),
        "the verb opened"
    );
    click(&mut app, MouseButton::Right);
    assert_eq!(
        app.world().resource::<Cursor>().verb,
        None,
        "the right click went back"
    );
}

#[test]
fn with_a_battle_left_unfinished_enter_on_the_menu_continues_it() {
    let mut app = on_menu("duel");
    assert_eq!(row(&app), MenuRow::Continue);
    press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(
        state(&app),
        AppState::Battle,
        "Enter went on with the battle"
    );
    assert!(
        setup(&app).resume.is_some(),
        "the battle was the one left, not a new one"
    );
    // A battle played to its end and its result seen leaves nothing to continue: back on the
    // menu, the cursor is on Start.
    let mut app = super::headless::app(BattleSetup {
        scenario: "duel".into(),
        seats: vec![SeatKind::Ai(Level::Easy), SeatKind::Ai(Level::Easy)],
        ..BattleSetup::default()
    });
    for _ in 0..40_000 {
        if super::headless::phase(&app) == Some(fray::game::battle::Phase::Over) {
            break;
        }
        app.update();
    }
    assert_eq!(
        super::headless::phase(&app),
        Some(fray::game::battle::Phase::Over)
    );
    enter(&mut app, AppState::Result);
    enter(&mut app, AppState::Menu);
    assert_eq!(row(&app), MenuRow::Start);
}

#[test]
fn an_enter_pressed_as_the_screen_changes_is_meant_for_the_one_before() {
    use bevy::time::TimeUpdateStrategy;
    use fray::game::input::Settle;
    use leafwing_input_manager::prelude::Buttonlike;
    use std::time::Duration;
    let mut app = on_menu("duel");
    app.insert_resource(Settle::after(0.3));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        50,
    )));
    // The result screen comes up (the Enter that closed the battle, say): an Enter within the
    // moment it appears is not taken as "Back to the menu".
    enter(&mut app, AppState::Result);
    press(&mut app, KeyCode::Enter);
    assert_eq!(state(&app), AppState::Result, "the result is seen");
    // Held down past the moment, it still does nothing until it is let go and pressed again.
    KeyCode::Enter.press(app.world_mut());
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(
        state(&app),
        AppState::Result,
        "a held Enter is not a new press"
    );
    KeyCode::Enter.release(app.world_mut());
    app.update();
    press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(
        state(&app),
        AppState::Menu,
        "a press once it settled is taken"
    );
    // On the menu, the same: an Enter at once does not start a battle.
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        state(&app),
        AppState::Menu,
        "the menu is seen before Enter starts"
    );
}
