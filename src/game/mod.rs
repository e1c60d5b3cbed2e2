//! The Bevy shell: it shows the battle, takes input and asks the rules core; it never
//! re-implements a rule. `LogicPlugin` runs without a window (tests drive it frame by frame);
//! `GamePlugin` adds the window's views.
//!
//! A folder per feature, each a plugin (`plugin`, and `windowed` for what needs a window),
//! its modules private but for what it re-exports. They stand in layers, each reaching only
//! those below it: `platform` < `settings` < `battle` < `input` < `launch`, `lesson`, `board`
//! < `sound`, `campaign` < `screens`, `dev`. This file only wires them together.

pub mod battle;
pub mod board;
pub mod campaign;
#[cfg(feature = "dev")]
mod dev;
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

use battle::{AppState, Battle, BattleSetup, Pace, Phase};
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
    // A turn-based game redraws on demand, unless it is recording frames for a test.
    app.insert_resource(if launch.scripted() {
        WinitSettings::continuous()
    } else {
        WinitSettings::desktop_app()
    });
    if let Some(l) = launch.lang {
        app.insert_resource(settings::LaunchLang(l));
    }
    let mut battle = launch.battle.clone();
    if launch.resume_latest {
        let saved = battle::SavedBattles::read(&platform::Prefs::default());
        match saved.latest() {
            Some((slot, save)) => battle = Some(BattleSetup::resuming(slot, save)),
            None => web::announce("FRAY NOTHING TO CONTINUE"),
        }
    }
    if launch.table_dice {
        match &mut battle {
            Some(b) => b.table_dice = true,
            None => {
                app.insert_resource(BattleSetup {
                    table_dice: true,
                    ..BattleSetup::default()
                });
            }
        }
    }
    if launch.result {
        app.add_systems(
            OnEnter(Phase::Over),
            |mut next: ResMut<NextState<AppState>>| next.set(AppState::Result),
        );
    }
    if let Some(c) = launch.campaign.clone() {
        campaign::launch(&mut app, c);
    }
    if let Some(setup) = battle {
        app.insert_resource(setup);
        if !launch.menu {
            app.add_systems(Startup, |mut next: ResMut<NextState<AppState>>| {
                next.set(AppState::Battle)
            });
        }
    }
    if fast {
        app.insert_resource(Pace {
            fast: true,
            ..Pace::default()
        });
    }
    #[cfg(feature = "dev")]
    dev::fly(&mut app, &launch);
    #[cfg(not(feature = "dev"))]
    if launch.piloted() {
        web::announce(
            "FRAY built without the dev tools: --frames, --screenshot and --take do nothing",
        );
    }
    web::mark("the app is built");
    app.run()
}

pub use battle::SeatKind;
pub use launch::{CampaignLaunch, Launch};
