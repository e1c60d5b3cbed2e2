//! The battle screen's keys: the choices' menu by keyboard (Up/Down, Enter, Esc, Tab's
//! target filter, E's quick choice) and the right click that backs out of it; Enter on the
//! pass screen, on a step shown and at the battle's end; the panels' toggles; undo. What they
//! move, the cursor over the choices and its rows, is `input`'s, which the board's clicks
//! share.

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

use crate::game::battle::{
    AppState, Battle, BattleSet, Choose, LessonRun, Pace, Phase, Seats, Showing,
};
use crate::game::input::{
    Cursor, GameAction, Panels, Settled, back, highlighted_row, keys_closed, may_undo, row_of,
    rows, take_row, take_screen, targets,
};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, toggles.after(Settled).run_if(keys_closed))
        .add_systems(
            Update,
            (
                decision_keys,
                right_click_backs,
                pass_screen_keys.run_if(in_state(Phase::PassScreen)),
                showing_keys.run_if(in_state(Phase::Showing)),
                over_keys.run_if(in_state(Phase::Over)),
                undo_keys.run_if(not(resource_exists::<LessonRun>)),
            )
                .in_set(BattleSet::Apply)
                .run_if(keys_closed),
        );
}

/// The choices' menu by keyboard, its cursor back at the top of each new decision.
fn decision_keys(
    actions: Single<&ActionState<GameAction>>,
    phase: Res<State<Phase>>,
    battle: Res<Battle>,
    lesson: Option<Res<LessonRun>>,
    mut cursor: ResMut<Cursor>,
    mut choose: MessageWriter<Choose>,
) {
    let now = battle.moment(lesson.as_deref());
    let fresh = cursor.moment != now;
    if fresh {
        *cursor = Cursor {
            moment: now,
            ..Cursor::default()
        };
    }
    // The rows are worked out only where they are read: on a fresh decision, and while a
    // person decides (not every frame the AI thinks or a replay plays).
    let deciding = *phase.get() == Phase::Deciding;
    if !fresh && !deciding {
        return;
    }
    let shown = rows(&battle, &cursor);
    if fresh {
        cursor.index = battle
            .session()
            .first_choice()
            .map_or(0, |i| row_of(&battle, &shown, i));
    }
    if !deciding || shown.is_empty() {
        return;
    }
    if actions.just_pressed(&GameAction::Next) {
        cursor.index = (cursor.index + 1) % shown.len();
    }
    if actions.just_pressed(&GameAction::Previous) {
        cursor.index = (cursor.index + shown.len() - 1) % shown.len();
    }
    if actions.just_pressed(&GameAction::CycleTarget) {
        let ts = targets(&battle);
        let next = match cursor.target.and_then(|t| ts.iter().position(|&x| x == t)) {
            None => ts.first().copied(),
            Some(i) if i + 1 < ts.len() => Some(ts[i + 1]),
            Some(_) => None,
        };
        cursor.filter_to(next);
    }
    if actions.just_pressed(&GameAction::Cancel) {
        back(&battle, &mut cursor);
    }
    if actions.just_pressed(&GameAction::Confirm)
        && let Some(at) = highlighted_row(&shown, &cursor)
        && let Some(c) = take_row(&battle, &mut cursor, at)
    {
        choose.write(Choose(c));
    }
    if actions.just_pressed(&GameAction::EndTurn)
        && let Some(c) = battle
            .session()
            .quick_choice()
            .and_then(|i| battle.session().choice(i))
    {
        choose.write(Choose(c));
    }
}

/// A right click that does not drag (a drag pans the board) does what Esc does: a step back,
/// out of a verb, off the target filter.
fn right_click_backs(
    buttons: Res<ButtonInput<MouseButton>>,
    motion: Res<bevy::input::mouse::AccumulatedMouseMotion>,
    battle: Res<Battle>,
    mut cursor: ResMut<Cursor>,
    mut dragged: Local<f32>,
) {
    if buttons.just_pressed(MouseButton::Right) {
        *dragged = 0.0;
    }
    if buttons.pressed(MouseButton::Right) || buttons.just_released(MouseButton::Right) {
        *dragged += motion.delta.length();
    }
    if buttons.just_released(MouseButton::Right) && *dragged < 4.0 {
        back(&battle, &mut cursor);
    }
}

/// Hot-seat: the next person confirms they hold the screen.
fn pass_screen_keys(
    actions: Single<&ActionState<GameAction>>,
    battle: Res<Battle>,
    mut seats: ResMut<Seats>,
) {
    if actions.just_pressed(&GameAction::Confirm) {
        take_screen(&battle, &mut seats);
    }
}

/// A step of a resolution on screen: Enter (or Space) goes on to the next.
fn showing_keys(actions: Single<&ActionState<GameAction>>, mut showing: ResMut<Showing>) {
    if actions.just_pressed(&GameAction::Confirm) {
        showing.pop_front();
    }
}

fn over_keys(actions: Single<&ActionState<GameAction>>, mut next: ResMut<NextState<AppState>>) {
    if actions.just_pressed(&GameAction::Confirm) {
        next.set(AppState::Result);
    }
}

fn toggles(
    actions: Single<&ActionState<GameAction>>,
    mut panels: ResMut<Panels>,
    mut pace: ResMut<Pace>,
) {
    if actions.just_pressed(&GameAction::Log) {
        panels.log = !panels.log;
    }
    if actions.just_pressed(&GameAction::Help) {
        panels.help = !panels.help;
    }
    if actions.just_pressed(&GameAction::Why) {
        panels.why = !panels.why;
    }
    if actions.just_pressed(&GameAction::SpeedUp) {
        pace.fast = !pace.fast;
    }
    if actions.just_pressed(&GameAction::Cancel) {
        panels.breakdown = None;
    }
}

fn undo_keys(
    actions: Single<&ActionState<GameAction>>,
    mut battle: ResMut<Battle>,
    seats: Res<Seats>,
    asking: Option<Res<crate::game::battle::TableAsk>>,
    mut notice: ResMut<crate::game::battle::Notice>,
    speech: Res<crate::game::settings::Speech>,
) {
    if !actions.just_pressed(&GameAction::Undo) || asking.is_some() {
        return;
    }
    notice.0 = Some(if may_undo(&battle, &seats) && battle.undo() {
        // A lone choice is taken by itself again at once: taking back to it takes back to
        // the decision before it, where the rules allow.
        while battle.session().legal_len() == 1 && may_undo(&battle, &seats) && battle.undo() {}
        speech.say("undo-taken-back")
    } else {
        speech.say("undo-nothing")
    });
}
