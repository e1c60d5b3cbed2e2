//! The Bevy shell: it shows the battle, takes input and asks the rules core; it never
//! re-implements a rule. `LogicPlugin` runs without a window (tests drive it frame by frame);
//! `GamePlugin` adds the window's views.

pub mod autosave;
pub mod board;
pub mod flow;
pub mod fonts;
pub mod input;
pub mod keys;
pub mod lesson;
pub mod lesson_input;
pub mod lesson_progress;
pub mod prefs;
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

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::window::{RequestRedraw, WindowResolution};
use bevy::winit::WinitSettings;

use flow::{AppState, Battle, BattleSetup, Choose, Phase};
use seats::{Pace, Seats};

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
        .add_systems(
            Update,
            chaos_clock
                .in_set(flow::BattleSet::Apply)
                .run_if(not(resource_exists::<lesson::LessonRun>)),
        )
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
    let outcome = match battle.session.pending() {
        Pending::Over(Outcome::Victory { winner, .. }) => format!(
            "winner {}",
            battle
                .session
                .faction_names()
                .get(*winner)
                .map_or("?", String::as_str)
        ),
        Pending::Over(Outcome::Draw { .. }) => "draw".into(),
        Pending::Decide { .. } => "unfinished".into(),
    };
    format!(
        "FRAY OVER {} seed={} actions={} {outcome} hash={:016x}",
        battle.scenario,
        battle.seed,
        battle.taken(),
        battle.session.state_hash()
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

/// How `fray play` was asked to run.
#[derive(Clone, Debug, Default)]
pub struct Launch {
    /// Go straight into this battle, skipping the menu.
    pub battle: Option<BattleSetup>,
    /// Quit after this many frames.
    pub frames: Option<u32>,
    pub screenshot: Option<PathBuf>,
    /// Take the screenshot as soon as an attack's line is drawn on the board (within
    /// `frames`), rather than at the last frame.
    pub shot_on_attack: bool,
    /// Take it as soon as a roll's dice have settled on the board.
    pub shot_on_dice: bool,
    /// Take it at a critical hit's moment, its flash still bright.
    pub shot_on_critical: bool,
    /// Open the menu with the battle's scenario and seats chosen instead of the battle.
    pub menu: bool,
    /// Go on to the result screen as soon as the battle ends, as its button would.
    pub result: bool,
    /// Take the first this many decisions a person faces with the choice the menu starts on.
    pub take: u32,
    /// Stop taking them at the first decision whose title holds these words.
    pub take_until: Option<String>,
    /// At that decision, the menu's rows opened one step after another.
    pub open: Vec<usize>,
    /// The table rolls its own dice (the menu's box, ticked).
    pub table_dice: bool,
    /// Resume the newest unfinished saved battle.
    pub resume_latest: bool,
}

#[derive(Resource, Clone, Debug, Default)]
struct Autopilot {
    frames: Option<u32>,
    screenshot: Option<PathBuf>,
    shot_on_attack: bool,
    shot_on_dice: bool,
    shot_on_critical: bool,
    shot_taken: bool,
    take: u32,
    take_until: Option<String>,
    open: Vec<usize>,
    /// The battle's version when the last decision was taken for the person.
    taken_at: Option<u64>,
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

/// Settings from the web page's address (`?scenario=…&seats=ai,ai&seed=7&fast=1&frames=…`,
/// or `?lesson=…`).
pub fn launch_from_query(mut launch: Launch) -> (Launch, bool) {
    let q = web::query();
    let get = |k: &str| q.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
    let mut fast = false;
    if get("scenario").is_some() || get("seats").is_some() {
        let mut setup = BattleSetup::default();
        if let Some(s) = get("scenario") {
            setup.scenario = s;
        }
        if let Some(list) = get("seats")
            && let Ok((seats, gm)) = seats::parse_seats(&list)
        {
            setup.seats = seats;
            setup.gm = gm.unwrap_or(setup.gm);
        }
        if let Some(seed) = get("seed").and_then(|s| s.parse().ok()) {
            setup.seed = seed;
        }
        launch.battle = Some(setup);
    }
    // `?continue=1` resumes the newest unfinished battle kept in this browser.
    if get("continue").is_some_and(|v| v == "1") {
        launch.resume_latest = true;
    }
    // `?lesson=zones/01-a-round-and-a-turn` opens a lesson.
    if let Some(id) = get("lesson") {
        launch.battle = Some(BattleSetup {
            lesson: Some(flow::LessonStart::new(id.replace("%2F", "/"))),
            ..BattleSetup::default()
        });
    }
    if get("fast").is_some_and(|v| v == "1") {
        fast = true;
    }
    (launch, fast)
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
    let (launch, fast) = launch_from_query(launch);
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
    let scripted = launch.frames.is_some() || launch.screenshot.is_some();
    // A turn-based game redraws on demand, unless it is recording frames for a test.
    app.insert_resource(if scripted {
        WinitSettings::continuous()
    } else {
        WinitSettings::desktop_app()
    });
    let mut battle = launch.battle;
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
    app.insert_resource(Autopilot {
        frames: launch.frames,
        screenshot: launch.screenshot,
        shot_on_attack: launch.shot_on_attack,
        shot_on_dice: launch.shot_on_dice,
        shot_on_critical: launch.shot_on_critical,
        shot_taken: false,
        take: launch.take,
        take_until: launch.take_until.clone(),
        open: launch.open.clone(),
        taken_at: None,
    })
    .add_systems(
        Update,
        (
            autopilot,
            take_for_the_person.in_set(flow::BattleSet::Apply),
        ),
    );
    web::mark("the app is built");
    app.run()
}

/// `--take N`: the person's first N decisions, each the choice the menu starts on, once the
/// screen has settled on it.
fn take_for_the_person(
    mut pilot: ResMut<Autopilot>,
    battle: Res<Battle>,
    mut showing: ResMut<showing::Showing>,
    phase: Res<State<flow::Phase>>,
    mut cursor: ResMut<input::Cursor>,
    mut choose: MessageWriter<flow::Choose>,
) {
    // The rules at work, read on as Enter does, while decisions remain to be taken.
    if pilot.take > 0 && *phase.get() == flow::Phase::Showing {
        showing.pop_front();
        return;
    }
    if pilot.take == 0
        || *phase.get() != flow::Phase::Deciding
        || pilot.taken_at == Some(battle.version)
    {
        return;
    }
    if let (Some(until), crate::rules::battle::Pending::Decide { kind, .. }) =
        (&pilot.take_until, battle.session.pending())
        && battle.session.title(*kind).contains(until.as_str())
    {
        // The steps of the menu asked for, as the person's Enter would take them, once the
        // menu has been set up for this decision.
        if cursor.version != battle.version {
            return;
        }
        pilot.take = 0;
        for &row in &pilot.open {
            let rows = input::rows(&battle, &cursor);
            let Some(&r) = rows.get(row) else { break };
            if input::take_row(&battle, &mut cursor, r).is_some() {
                break;
            }
        }
        pilot.open.clear();
        return;
    }
    let first = battle.session.first_choice().unwrap_or_else(|| {
        let rows = input::rows(&battle, &input::Cursor::default());
        rows.first().map_or(0, |&r| input::row_choice(r))
    });
    if let Some(c) = battle.session.choice(first) {
        pilot.take -= 1;
        pilot.taken_at = Some(battle.version);
        choose.write(flow::Choose(c));
    }
}

/// `--frames N --screenshot FILE`: after N frames, capture the window and quit.
fn autopilot(
    mut commands: Commands,
    frames: Res<bevy::diagnostic::FrameCount>,
    mut pilot: ResMut<Autopilot>,
    battle: Option<Res<Battle>>,
    mut playing: ResMut<board::animation::Playing>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(n) = pilot.frames else { return };
    if pilot.shot_taken {
        return;
    }
    // An attack's line (in Coterie, the two efforts' bars) fully drawn, or a roll's dice
    // settled: hold the picture still until it is taken.
    let wanted = |entry: &flow::LogEntry| {
        let attack = matches!(
            entry.visual,
            Some(crate::present::Visual::Strike { .. })
                | Some(crate::present::Visual::Tally {
                    winner: Some(_),
                    ..
                })
        );
        let dice = entry.visual.is_some()
            && entry
                .explanation
                .as_ref()
                .is_some_and(|x| !x.dice.is_empty());
        (pilot.shot_on_attack && attack) || (pilot.shot_on_dice && dice)
    };
    let critical = |entry: &flow::LogEntry| {
        pilot.shot_on_critical
            && matches!(
                entry.visual,
                Some(crate::present::Visual::Float {
                    tone: crate::present::Tone::Critical,
                    ..
                })
            )
    };
    let drawn = battle.is_some_and(|b| {
        let drawn = playing
            .now
            .is_some_and(|(e, t)| t >= 0.5 && b.log.get(e).is_some_and(wanted));
        if drawn {
            playing.now = playing.now.map(|(e, _)| (e, 0.5));
        }
        // A critical is held early, its burst and flash at their brightest; one still
        // waiting its turn on a busy board is brought forward, not dropped.
        if let Some(i) = playing
            .waiting
            .iter()
            .position(|e| b.log.get(*e).is_some_and(critical))
        {
            let e = playing.waiting[i];
            playing.waiting.drain(..=i);
            playing.now = Some((e, 0.15));
        }
        let burst = playing
            .now
            .is_some_and(|(e, t)| t >= 0.15 && b.log.get(e).is_some_and(critical));
        if burst {
            playing.now = playing.now.map(|(e, _)| (e, 0.15));
        }
        drawn || burst
    });
    if frames.0 < n && !drawn {
        return;
    }
    pilot.shot_taken = true;
    match pilot.screenshot.clone() {
        Some(path) => {
            commands
                .spawn(Screenshot::primary_window())
                .observe(save_to_disk(path))
                .observe(
                    |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                        exit.write(AppExit::Success);
                    },
                );
        }
        None => {
            exit.write(AppExit::Success);
        }
    }
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

/// The chaos-of-combat rule: the shell runs the clock the core records; when it runs out
/// before the person declared anything, their turn is lost.
#[derive(Default)]
struct ClockState {
    at: (u64, u64),
    left: f32,
}

fn chaos_clock(
    time: Res<Time>,
    battle: Res<Battle>,
    seats: Res<Seats>,
    mut clock: Local<ClockState>,
    mut choose: MessageWriter<Choose>,
) {
    let crate::rules::battle::Pending::Decide {
        time_limit: Some(secs),
        ..
    } = battle.session.pending()
    else {
        return;
    };
    // (A lesson waits for its learner to read: the clock never runs in one.)
    if table::person_deciding(&battle, &seats, None).is_none() {
        return;
    }
    let at = (battle.serial, battle.version);
    if clock.at != at {
        *clock = ClockState {
            at,
            left: *secs as f32,
        };
    }
    clock.left -= time.delta_secs();
    if clock.left <= 0.0 {
        clock.left = f32::MAX;
        if let Some(c) = battle.session.timed_out() {
            choose.write(Choose(c));
        }
    }
}

/// Saves the battle's replay beside the working directory; returns what happened, for the screen.
pub fn save_replay(battle: &Battle) -> String {
    let dir = PathBuf::from("replays");
    // A scenario played from a file goes beside its replay, which names it from there: a
    // replay reads no scenario outside its own folder.
    let file = crate::scenario::builtin(&battle.scenario)
        .is_none()
        .then(|| std::path::Path::new(&battle.scenario))
        .filter(|p| p.is_file())
        .and_then(|p| p.file_name())
        .map(|n| n.to_string_lossy().into_owned());
    let stem = file
        .as_deref()
        .map_or(battle.scenario.as_str(), |f| f.trim_end_matches(".ron"));
    let name = format!("{stem}-seed{}-{}.ron", battle.seed, battle.taken());
    let path = dir.join(&name);
    let Some(mut replay) = battle.replay() else {
        return "This ruleset's battles cannot be saved as replays".into();
    };
    if let Some(f) = &file
        && !cfg!(target_arch = "wasm32")
    {
        let beside = dir.join(f);
        // Never copied onto itself (which would empty it), nor over another file of that name.
        let copied = std::fs::create_dir_all(&dir).and_then(|_| {
            if crate::scenario::same_file(std::path::Path::new(&battle.scenario), &beside) {
                Ok(())
            } else if beside.exists() {
                let ours = std::fs::read(&battle.scenario)?;
                if std::fs::read(&beside)? == ours {
                    Ok(())
                } else {
                    Err(std::io::Error::other(
                        "another scenario of that name is already there",
                    ))
                }
            } else {
                std::fs::copy(&battle.scenario, &beside).map(|_| ())
            }
        });
        if let Err(e) = copied {
            return format!("Could not save {}: {e}", beside.display());
        }
        replay.scenario = f.clone();
    }
    let text = crate::replay::to_ron(&replay);
    if let Some(stored) = web::store(&format!("fray-replay-{name}"), &text) {
        return match stored {
            Ok(()) => format!("Saved in this browser as fray-replay-{name}"),
            Err(e) => format!("Could not save: {e}"),
        };
    }
    match std::fs::create_dir_all(&dir).and_then(|_| std::fs::write(&path, text)) {
        Ok(()) => format!("Saved {}", path.display()),
        Err(e) => format!("Could not save {}: {e}", path.display()),
    }
}

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
