//! The headless app the game tests drive: the game's logic plugins without a window, frame by
//! frame, with keys pressed by hand.

use std::path::{Path, PathBuf};

use bevy::input::InputPlugin;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use leafwing_input_manager::prelude::Buttonlike;

use fray::game::LogicPlugin;
use fray::game::battle::Pace;
use fray::game::battle::{AppState, BattleSetup, Phase};
use fray::game::platform::Prefs;

/// A folder of the test's own for what the game keeps between runs, never the player's: gone
/// with the guard, so no run leaves its files behind.
pub fn prefs_dir() -> TestDir {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static N: AtomicUsize = AtomicUsize::new(0);
    TestDir(std::env::temp_dir().join(format!(
        "fray-test-prefs-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    )))
}

/// A test's folder ([`prefs_dir`]), removed with everything in it when dropped.
#[derive(Resource)]
pub struct TestDir(PathBuf);

impl std::ops::Deref for TestDir {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for TestDir {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl From<&TestDir> for PathBuf {
    fn from(d: &TestDir) -> PathBuf {
        d.0.clone()
    }
}

impl Drop for TestDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The app, already in the battle `setup` describes, with the AI deciding at once.
pub fn app(setup: BattleSetup) -> App {
    let dir = prefs_dir();
    let mut app = app_keeping(setup, Prefs::in_dir(&dir));
    // Kept by the app, so the folder goes when the app does.
    app.insert_resource(dir);
    app
}

/// The same, keeping what it keeps in `prefs`.
pub fn app_keeping(setup: BattleSetup, prefs: Prefs) -> App {
    let mut app = App::new();
    app.insert_resource(prefs);
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin, LogicPlugin));
    app.insert_resource(Pace {
        pause: 0.0,
        fast: false,
        budget: 100_000,
    });
    // Keys come as fast as the test presses them: none is taken for the screen before.
    app.insert_resource(fray::game::input::Settle::after(0.0));
    app.insert_resource(setup);
    app.update();
    enter(&mut app, AppState::Battle);
    app
}

/// Goes to `state`, with the frames the change takes (a battle opens on the second).
pub fn enter(app: &mut App, state: AppState) {
    app.world_mut()
        .resource_mut::<NextState<AppState>>()
        .set(state);
    app.update();
    app.update();
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

/// Walks the action menu to choice `i` with Down and Enter, opening the verb or composing the
/// steps that hold it on the way; the last Enter is on the choice itself.
#[allow(dead_code)] // the lessons test binary leaves it unused
pub fn choose_by_keys(app: &mut App, i: usize) {
    use fray::game::battle::Battle;
    use fray::game::input::{Cursor, Row, row_of, rows};
    // A composition has a step for each of its parts; a verb one more.
    for _ in 0..16 {
        let b = app.world().resource::<Battle>();
        let cursor = app.world().resource::<Cursor>();
        let shown = rows(b, cursor);
        let at = row_of(b, &shown, i);
        let downs = (at + shown.len() - cursor.index.min(shown.len() - 1)) % shown.len();
        let last = matches!(shown[at], Row::Choice(_));
        for _ in 0..downs {
            press(app, KeyCode::ArrowDown);
        }
        press(app, KeyCode::Enter);
        if last {
            return;
        }
    }
    panic!("choice {i} was never reached");
}

/// The phase the core's pending decision, the seats, the steps on screen and the lesson call
/// for now (the state may follow a frame later).
#[allow(dead_code)] // not every test binary asks
pub fn wanted_phase(app: &App) -> Option<Phase> {
    use fray::game::battle::Battle;
    use fray::game::battle::phase_for;
    let w = app.world();
    Some(phase_for(
        w.get_resource::<Battle>()?,
        w.get_resource::<fray::game::battle::Seats>()?,
        w.resource::<fray::game::battle::Showing>(),
        w.get_resource::<fray::game::battle::LessonRun>(),
    ))
}

/// The kind of decision a person at the screen is taking, if one is.
#[allow(dead_code)] // not every test binary asks
pub fn deciding(app: &App) -> Option<fray::rules::battle::DecisionKind> {
    use fray::rules::battle::Pending;
    if phase(app) != Some(Phase::Deciding) {
        return None;
    }
    match app
        .world()
        .resource::<fray::game::battle::Battle>()
        .pending()
    {
        Pending::Decide { kind, .. } => Some(kind),
        Pending::Over(_) => None,
    }
}
