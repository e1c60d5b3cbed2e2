//! The battle under way, for any ruleset: the app's states and the `Battle` (`flow`), what the
//! next battle is to be (`setup`), who sits at each seat and the AI's thinking (`seats`), the
//! battle at the table and its phase (`table`), a resolution's steps (`showing`), the table's
//! own dice (`table_dice`), a lesson under way (`lesson`), Zones' chaos clock (`chaos_clock`),
//! the battle kept after every action (`autosave`) and as a replay (`replay_file`), and the
//! lines the page reads (`announce`). No window: the headless tests drive it frame by frame.
//! Inside, `flow` and `setup` are at the bottom, `table` above `seats`, `showing`, `lesson` and
//! `table_dice`, and the chaos clock above `table`.

mod announce;
mod autosave;
mod chaos_clock;
mod flow;
mod lesson;
mod replay_file;
mod seats;
mod setup;
mod showing;
mod table;
mod table_dice;

use bevy::prelude::*;

pub use announce::over_line;
pub use autosave::{SavedBattles, save_of};
pub(crate) use autosave::{list_saves, store};
pub use flow::{
    AppState, Battle, BattleDice, BattleSet, Choice, Choose, Moment, News, NotStarted, Notice,
    Phase, Session, Typed,
};
pub(crate) use flow::{TurningPoint, in_battle};
#[cfg(test)]
pub(crate) use lesson::open as open_lesson;
pub(crate) use lesson::{Judged, back_to_line, go_on, show_what_if};
pub use lesson::{LessonRun, PointAt, Stage, Waits};
pub use replay_file::save_replay;
pub use seats::{Brain, Pace, Seats};
pub(crate) use setup::ai_level;
pub use setup::{BattleSetup, LessonStart, SeatKind, Starter, parse_seats};
pub use showing::Showing;
pub use table::{person_deciding, phase_for};
pub(crate) use table_dice::table_dice_window;
pub use table_dice::{TableAsk, TableCancel, TableRoll};

/// The battle's own systems: its states, the table, the seats and the AI, the steps shown,
/// the saves, the table's dice and the chaos clock.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        flow::FlowPlugin,
        table::TablePlugin,
        seats::SeatsPlugin,
        autosave::AutosavePlugin,
        table_dice::TableDicePlugin,
        showing::ShowingPlugin,
    ))
    .add_plugins((chaos_clock::plugin, announce::plugin));
}
