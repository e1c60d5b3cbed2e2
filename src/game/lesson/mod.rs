//! A lesson under way by keyboard (Enter goes on, 1-9 answer or show a what-if, 0 comes back,
//! Q leaves), how a lesson is started, and the plugin that runs them and keeps the progress.
//! The Learn page's own keys are the page's (`screens/lessons.rs`).
//! Which lessons are done, kept between runs, is `progress`; the lesson under way is the
//! battle's (`battle::LessonRun`).

mod progress;

use bevy::prelude::*;

use crate::game::battle::{
    Battle, BattleSet, Choose, Judged, LessonRun, Notice, Stage, back_to_line, go_on, show_what_if,
};
pub use progress::Progress;
use progress::{keep_progress, load_progress};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PreStartup,
        load_progress.after(crate::game::input::load_bindings),
    )
    .add_systems(
        Update,
        (
            take_lesson_choices,
            lesson_keys.run_if(crate::game::input::keys_closed),
            keep_progress.run_if(resource_exists::<Progress>),
        )
            .chain()
            .in_set(BattleSet::Apply)
            .run_if(resource_exists::<LessonRun>),
    );
}

/// A lesson by keyboard: Enter goes on; 1–9 answer the question before a roll, or after it
/// show a what-if; 0 comes back to the lesson's line; Q (or Escape on the lesson's own page)
/// leaves for the lessons, where it can be resumed.
#[allow(clippy::too_many_arguments)]
fn lesson_keys(
    actions: Single<&leafwing_input_manager::prelude::ActionState<crate::game::input::GameAction>>,
    keys: Res<ButtonInput<KeyCode>>,
    phase: Res<State<crate::game::battle::Phase>>,
    mut battle: ResMut<Battle>,
    mut lesson: ResMut<LessonRun>,
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<crate::game::battle::AppState>>,
    speech: Res<crate::game::settings::Speech>,
) {
    use crate::game::input::GameAction;
    // 1 to 9, as numbers from 0.
    let digit = crate::game::input::DIGIT_KEYS[1..]
        .iter()
        .position(|k| keys.just_pressed(*k));
    if let Some(d) = digit {
        if lesson.question_open() {
            if lesson
                .step()
                .and_then(|s| s.predict.as_ref())
                .is_some_and(|p| d < p.answers.len())
            {
                lesson.answer_with(d);
            }
        } else if lesson.stage() == Stage::After
            && let Err(e) = show_what_if(&mut battle, &mut lesson, d)
        {
            notice.0 = Some(battle.say(&speech, &e));
        }
        return;
    }
    if keys.just_pressed(KeyCode::Digit0) {
        back_to_line(&mut battle, &mut lesson);
        return;
    }
    if keys.just_pressed(KeyCode::KeyQ) {
        next.set(crate::game::battle::AppState::Learn);
        return;
    }
    if *phase.get() != crate::game::battle::Phase::Lesson {
        return;
    }
    if actions.just_pressed(&GameAction::Confirm) {
        if lesson.stage() == Stage::Done {
            next.set(crate::game::battle::AppState::Learn);
            return;
        }
        if let Err(e) = go_on(&mut battle, &mut lesson) {
            notice.0 = Some(battle.say(&speech, &e));
        }
    } else if actions.just_pressed(&GameAction::Cancel) {
        next.set(crate::game::battle::AppState::Learn);
    }
}

/// A lesson stands between the learner and the battle: an action the step asks for is taken
/// with the step's own dice; one it does not is refused with the step's hint, and the battle
/// left as it was.
fn take_lesson_choices(
    mut reader: MessageReader<Choose>,
    mut battle: ResMut<Battle>,
    mut lesson: ResMut<LessonRun>,
    mut notice: ResMut<Notice>,
    speech: Res<crate::game::settings::Speech>,
) {
    for Choose(action) in reader.read() {
        match lesson.judge(action) {
            Judged::Take(dice) => {
                let mut scripted = crate::rules::dice::ScriptedDice::new(dice);
                match battle.apply_with(action, &mut scripted) {
                    Ok(()) => {
                        lesson.taken();
                        notice.0 = None;
                    }
                    Err(e) => notice.0 = Some(battle.refusal(&speech, &e)),
                }
            }
            Judged::NotNow(why) => notice.0 = Some(speech.say(why)),
            Judged::Wrong(_) => notice.0 = None,
        }
    }
}

/// Sets the next battle to be lesson `id`, from where it was left if it was.
pub fn start_lesson(
    setup: &mut crate::game::battle::BattleSetup,
    progress: Option<&Progress>,
    id: &str,
) {
    let (at, chosen) = progress
        .and_then(|p| p.resume_point(id))
        .unwrap_or((0, Vec::new()));
    setup.lesson = Some(crate::game::battle::LessonStart {
        id: id.to_string(),
        at,
        chosen,
    });
    setup.watch = None;
}
