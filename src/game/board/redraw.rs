//! Redrawn on demand, the board asks for frames while it is busy (the AI thinking, a replay or
//! its animations playing, a chaos clock running), and says when it first drew a battle.

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use crate::game::battle::{Battle, Phase};
use crate::game::platform::web;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            keep_drawing_while_busy,
            announce_first_frame.run_if(resource_exists::<Battle>),
        ),
    );
}

/// The first frame drawn with a battle on the board, for the start-up time the web test reads.
fn announce_first_frame(mut frames: Local<u32>) {
    if *frames > 3 {
        return;
    }
    *frames += 1;
    if *frames == 3 {
        web::mark("the first battle frame");
        web::announce("FRAY FIRST BATTLE FRAME");
    }
}

/// The AI thinking, a replay playing or a chaos clock running all need frames to keep coming.
fn keep_drawing_while_busy(
    phase: Option<Res<State<Phase>>>,
    battle: Option<Res<Battle>>,
    playing: Res<super::animation::Playing>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let busy = phase.is_some_and(|p| {
        matches!(
            p.get(),
            Phase::AiThinking | Phase::Watching | Phase::Starting | Phase::Showing
        )
    });
    // The board playing its animations, too.
    let clock = !playing.is_idle()
        || battle.is_some_and(|b| {
            matches!(
                b.pending(),
                crate::rules::battle::Pending::Decide {
                    time_limit: Some(_),
                    ..
                }
            )
        });
    if busy || clock {
        redraw.write(RequestRedraw);
    }
}
