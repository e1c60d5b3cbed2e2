//! The Bevy shell: it shows the battle, takes input and asks the rules core; it never
//! re-implements a rule. `LogicPlugin` runs without a window (tests drive it frame by frame);
//! `GamePlugin` adds the window's views.

#[cfg(feature = "dev")]
mod autopilot;
pub mod autosave;
pub mod board;
pub mod campaign;
mod chaos_clock;
#[cfg(test)]
mod drawn;
pub mod flow;
pub mod fonts;
pub mod input;
pub mod keys;
pub mod launch;
pub mod lesson;
pub mod lesson_input;
pub mod lesson_progress;
pub mod prefs;
pub mod replay_file;
pub mod screens;
pub mod seats;
pub mod settings;
pub mod setup;
pub mod showing;
pub mod skirmish;
pub mod sound;
pub mod speakers;
pub mod table;
pub mod table_dice;
pub mod web;

use bevy::prelude::*;
use bevy::window::{RequestRedraw, WindowResolution};
use bevy::winit::WinitSettings;

use flow::{AppState, Battle, BattleSetup, Phase};
use seats::Pace;

/// Everything that decides: states, the battle, seats and the AI, input. No rendering.
pub struct LogicPlugin;

impl Plugin for LogicPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            flow::FlowPlugin,
            table::TablePlugin,
            seats::SeatsPlugin,
            input::InputsPlugin,
            board::animation::AnimationPlugin,
            lesson_input::LessonPlugin,
            autosave::AutosavePlugin,
            table_dice::TableDicePlugin,
            board::scene::ScenePlugin,
            screens::menu_cursor::MenuCursorPlugin,
            showing::ShowingPlugin,
            settings::SettingsPlugin,
            sound::SoundCuesPlugin,
        ))
        .add_plugins((chaos_clock::plugin, campaign::plugin))
        .add_systems(
            OnEnter(Phase::Over),
            announce_over.run_if(resource_exists::<Battle>),
        )
        .add_systems(OnEnter(AppState::Menu), || web::announce("FRAY MENU"));
    }
}

/// The line a finished battle writes (to the terminal, or the page and its console), read by
/// the browser test and the determinism check.
pub fn over_line(battle: &Battle) -> String {
    use crate::rules::battle::{Outcome, Pending};
    let outcome = match battle.session().pending() {
        Pending::Over(Outcome::Victory { winner, .. }) => format!(
            "winner {}",
            battle
                .session()
                .faction_names()
                .get(*winner)
                .map_or("?", String::as_str)
        ),
        Pending::Over(Outcome::Draw { .. }) => "draw".into(),
        Pending::Decide { .. } => "unfinished".into(),
    };
    format!(
        "FRAY OVER {} seed={} actions={} {outcome} hash={:016x}",
        battle.scenario(),
        battle.seed(),
        battle.taken(),
        battle.session().state_hash()
    )
}

fn announce_over(battle: Res<Battle>) {
    web::announce(&over_line(&battle));
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

/// The window's views on top of the logic.
pub struct GamePlugin;

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(LogicPlugin)
            .add_plugins(bevy_egui::EguiPlugin::default())
            .add_plugins((
                board::atlas::AtlasPlugin,
                board::BoardPlugin,
                board::pictures::PicturesPlugin,
                screens::OverlayPlugin,
                speakers::SpeakersPlugin,
            ))
            .add_systems(
                Update,
                (
                    board::click_board.run_if(resource_exists::<board::Layout>),
                    board::camera_mouse,
                    board::hover_board,
                )
                    .in_set(flow::BattleSet::Apply)
                    .run_if(not(bevy_egui::input::egui_wants_any_pointer_input)),
            )
            .add_systems(
                Update,
                (
                    keep_drawing_while_busy,
                    announce_first_frame.run_if(resource_exists::<Battle>),
                    fit_window_to_screen,
                ),
            )
            .add_systems(
                PostUpdate,
                draw_again_after_new_glyphs.after(bevy_egui::EguiPostUpdateSet::ProcessOutput),
            );
    }
}

/// Letters egui draws for the first time (a new name, a new size) are added to its font
/// texture, which reaches the screen a frame after the text that uses them: that frame shows
/// the text with those letters missing. Redrawn on demand, the screen would keep that frame
/// until the mouse moved; one more frame shows it whole.
fn draw_again_after_new_glyphs(
    outputs: Query<&bevy_egui::EguiRenderOutput>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if outputs.iter().any(|o| !o.textures_delta.set.is_empty()) {
        redraw.write(RequestRedraw);
    }
}

/// The window opens at a size that fits the screen it is on: the size the game is laid out
/// for (1440×860) where there is room, else nine tenths of the screen, and never below the
/// smallest it is laid out for (1280×720). Once, when the screen is first known.
fn fit_window_to_screen(
    monitors: Query<&bevy::window::Monitor, With<bevy::window::PrimaryMonitor>>,
    mut window: Query<&mut Window, With<bevy::window::PrimaryWindow>>,
    mut done: Local<bool>,
) {
    if *done {
        return;
    }
    let (Ok(m), Ok(mut w)) = (monitors.single(), window.single_mut()) else {
        return;
    };
    *done = true;
    let scale = m.scale_factor.max(0.5) as f32;
    let screen = Vec2::new(m.physical_width as f32, m.physical_height as f32) / scale;
    let size = window_size(screen);
    w.resolution.set(size.x, size.y);
}

/// The window's logical size on a screen of `screen` logical pixels.
pub fn window_size(screen: Vec2) -> Vec2 {
    (screen * 0.9)
        .min(Vec2::new(1440.0, 860.0))
        .max(Vec2::new(1280.0, 720.0))
        .min(screen)
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
    .insert_resource(prefs::Prefs { dir: None })
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
        .map_or_else(|| "FRAY ERROR no battle".into(), over_line)
}

/// Where the sounds are read from. `cargo run` and a binary with `assets/` beside it find them
/// as Bevy does; a binary run from its build folder (as CI and the screenshots run it) reads
/// them from the source tree it was built from.
fn asset_folder() -> String {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let found_by_bevy = std::env::var_os("CARGO_MANIFEST_DIR").is_some()
            || std::env::var_os("BEVY_ASSET_ROOT").is_some()
            || std::env::current_exe()
                .ok()
                .and_then(|p| Some(p.parent()?.join("assets")))
                .is_some_and(|d| d.is_dir());
        let built = concat!(env!("CARGO_MANIFEST_DIR"), "/assets");
        if !found_by_bevy && std::path::Path::new(built).is_dir() {
            return built.into();
        }
    }
    "assets".into()
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
                file_path: asset_folder(),
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
        let saved = autosave::SavedBattles::read(&prefs::Prefs::default());
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
            OnEnter(flow::Phase::Over),
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
    autopilot::fly(&mut app, &launch);
    #[cfg(not(feature = "dev"))]
    if launch.piloted() {
        web::announce(
            "FRAY built without the dev tools: --frames, --screenshot and --take do nothing",
        );
    }
    web::mark("the app is built");
    app.run()
}

/// The AI thinking, a replay playing or a chaos clock running all need frames to keep coming.
fn keep_drawing_while_busy(
    phase: Option<Res<State<Phase>>>,
    battle: Option<Res<Battle>>,
    playing: Res<board::animation::Playing>,
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

pub use launch::Launch;
pub use replay_file::save_replay;
pub use seats::SeatKind;

#[cfg(test)]
mod window_tests {
    use super::*;

    #[test]
    fn the_window_fits_the_screen_it_opens_on() {
        // Room to spare: the size the game is laid out for.
        assert_eq!(
            window_size(Vec2::new(2560.0, 1440.0)),
            Vec2::new(1440.0, 860.0)
        );
        // A laptop's 1366×768: nine tenths, but never below 1280×720.
        assert_eq!(
            window_size(Vec2::new(1366.0, 768.0)),
            Vec2::new(1280.0, 720.0)
        );
        // 1280×720 itself: the whole screen, not beyond it.
        assert_eq!(
            window_size(Vec2::new(1280.0, 720.0)),
            Vec2::new(1280.0, 720.0)
        );
        // A screen smaller than that: the screen.
        assert_eq!(
            window_size(Vec2::new(1024.0, 600.0)),
            Vec2::new(1024.0, 600.0)
        );
        // 1600×900: nine tenths of it.
        assert_eq!(
            window_size(Vec2::new(1600.0, 900.0)),
            Vec2::new(1440.0, 810.0)
        );
    }
}
