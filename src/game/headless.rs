//! A battle played to its end without a window, frame by frame: `fray play --headless`, and
//! the native side of the browser's determinism check.

use bevy::prelude::*;

use crate::game::battle::{self, AppState, Battle, BattleSetup, Pace, Phase};
use crate::game::{LogicPlugin, platform};

/// Plays a battle to its end without a window (the logic plugins only, frame by frame) and
/// returns the line a finished battle writes: the native side of the web determinism check.
pub fn run_headless(setup: BattleSetup, max_frames: u32) -> String {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        bevy::state::app::StatesPlugin,
        bevy::input::InputPlugin,
        LogicPlugin,
    ))
    .insert_resource(Pace {
        pause: 0.0,
        fast: false,
        budget: u32::MAX,
    })
    .insert_resource(setup)
    // A check from the command line keeps nothing among the player's saves.
    .insert_resource(platform::Prefs { dir: None })
    .add_systems(Startup, |mut next: ResMut<NextState<AppState>>| {
        next.set(AppState::Battle)
    });
    for _ in 0..max_frames {
        app.update();
        let over = app
            .world()
            .get_resource::<State<Phase>>()
            .is_some_and(|p| *p.get() == Phase::Over);
        if over {
            break;
        }
    }
    app.world()
        .get_resource::<Battle>()
        .map_or_else(|| "FRAY ERROR no battle".into(), battle::over_line)
}
