//! Zones' chaos of combat, in the window: the core records how long a person has to declare;
//! the shell runs that clock and, when it runs out, takes the turn the core says is lost.

use bevy::prelude::*;

use super::flow::{Battle, Choose};
use super::seats::Seats;
use super::{flow, lesson, table};

/// The clock runs in a battle, never in a lesson (a lesson waits for its learner to read).
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        run_clock
            .in_set(flow::BattleSet::Apply)
            .run_if(not(resource_exists::<lesson::LessonRun>)),
    );
}

/// The chaos-of-combat rule: the shell runs the clock the core records; when it runs out
/// before the person declared anything, their turn is lost.
#[derive(Default)]
struct ClockState {
    at: (u64, u64),
    left: f32,
}

fn run_clock(
    time: Res<Time>,
    battle: Res<Battle>,
    seats: Res<Seats>,
    mut clock: Local<ClockState>,
    mut choose: MessageWriter<Choose>,
) {
    let crate::rules::battle::Pending::Decide {
        time_limit: Some(secs),
        ..
    } = battle.session().pending()
    else {
        return;
    };
    // (A lesson waits for its learner to read: the clock never runs in one.)
    if table::person_deciding(&battle, &seats, None).is_none() {
        return;
    }
    let at = (battle.serial(), battle.version());
    if clock.at != at {
        *clock = ClockState {
            at,
            left: *secs as f32,
        };
    }
    clock.left -= time.delta_secs();
    if clock.left <= 0.0 {
        clock.left = f32::MAX;
        if let Some(c) = battle.session().timed_out() {
            choose.write(Choose(c));
        }
    }
}
