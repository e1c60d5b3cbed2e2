//! The headless app the game tests drive: the game's logic plugins without a window, frame by
//! frame, with keys pressed by hand.

use bevy::input::InputPlugin;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use leafwing_input_manager::prelude::Buttonlike;

use fray::game::LogicPlugin;
use fray::game::flow::{AppState, BattleSetup, Phase};
use fray::game::seats::Pace;

/// The app, already in the battle `setup` describes, with the AI deciding at once.
pub fn app(setup: BattleSetup) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin, LogicPlugin));
    app.insert_resource(Pace {
        pause: 0.0,
        fast: false,
        budget: 100_000,
    });
    app.insert_resource(setup);
    app.update();
    app.world_mut()
        .resource_mut::<NextState<AppState>>()
        .set(AppState::Battle);
    app.update();
    app.update();
    app
}

pub fn phase(app: &App) -> Option<Phase> {
    app.world().get_resource::<State<Phase>>().map(|s| *s.get())
}

/// A key pressed for a frame and released the next.
pub fn press(app: &mut App, key: KeyCode) {
    key.press(app.world_mut());
    app.update();
    key.release(app.world_mut());
    app.update();
}
