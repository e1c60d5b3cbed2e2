//! The Bevy shell: it shows the battle, takes input and asks the rules core; it never
//! re-implements a rule. `LogicPlugin` runs without a window (tests drive it frame by frame);
//! `GamePlugin` adds the window's views.
//!
//! A folder per feature, each a plugin (`plugin`, and `windowed` for what needs a window),
//! its modules private but for what it re-exports. They stand in layers, each reaching only
//! those below it: `platform` < `settings` < `battle` < `input` < `lesson`, `board` < `sound`,
//! `campaign` < `screens`, `launch`, `dev`, `headless`. This file only wires them together.

pub mod battle;
pub mod board;
pub mod campaign;
#[cfg(feature = "dev")]
mod dev;
mod headless;
pub mod input;
mod launch;
pub mod lesson;
pub mod platform;
pub mod screens;
mod settings;
mod sound;

use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy::winit::WinitSettings;

use platform::web;

/// Everything that decides: states, the battle, seats and the AI, input. No rendering.
pub struct LogicPlugin;

impl Plugin for LogicPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            battle::plugin,
            input::plugin,
            board::plugin,
            lesson::plugin,
            screens::plugin,
            settings::plugin,
            sound::plugin,
            campaign::plugin,
        ));
    }
}

/// The window's views on top of the logic.
pub struct GamePlugin;

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(LogicPlugin)
            .add_plugins(bevy_egui::EguiPlugin::default())
            .add_plugins((
                board::windowed,
                screens::windowed,
                sound::windowed,
                platform::windowed,
            ));
    }
}

pub fn run(launch: Launch) -> AppExit {
    web::mark("the game starts");
    let (launch, fast) = launch::from_query(launch);
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Fray".into(),
                    resolution: WindowResolution::new(1440, 860),
                    canvas: Some("#fray-canvas".into()),
                    fit_canvas_to_parent: true,
                    prevent_default_event_handling: true,
                    ..default()
                }),
                ..default()
            })
            // The sounds have no settings files beside them: nothing to look for (in the
            // browser each look would be a request that fails).
            .set(bevy::asset::AssetPlugin {
                file_path: platform::asset_folder(),
                meta_check: bevy::asset::AssetMetaCheck::Never,
                ..default()
            }),
    )
    .insert_resource(ClearColor(Color::srgb(0.07, 0.08, 0.09)))
    .add_plugins(GamePlugin);
    // A turn-based game redraws on demand (the dev tools' recording asks otherwise).
    app.insert_resource(WinitSettings::desktop_app());
    launch::start(&mut app, &launch, fast);
    #[cfg(feature = "dev")]
    dev::fly(&mut app, &launch.pilot);
    web::mark("the app is built");
    app.run()
}

pub use battle::SeatKind;
pub use campaign::CampaignLaunch;
#[cfg(feature = "dev")]
pub use dev::Pilot;
pub use headless::run_headless;
pub use launch::Launch;
