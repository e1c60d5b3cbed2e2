//! The egui screens over the board, each in its own file (the menu, the lessons, the battle,
//! the result), drawn in one pass; and what they share: the root area, the top bar and its
//! words, a decision's heading, the faction colours.

mod battle;
mod battle_keys;
mod camp;
mod card;
mod lessons;
mod menu;
mod menu_choices;
mod menu_cursor;
mod notes_text;
mod result;
mod skirmish;

// What the board and the tests read of the screens; the rest stays inside them.
pub use battle::deciding_words;
pub use lessons::marked_choice;
pub use menu::{Catalogue, shown_options};
pub use menu_cursor::{MenuCursor, MenuRow};
pub use notes_text::show as show_note;
pub use skirmish::{RandomSkirmish, next_after};

use crate::words::{Value, Words};
use bevy::prelude::*;
use bevy_egui::{EguiPrimaryContextPass, egui};

use crate::game::battle::{AppState, Battle, Phase, in_battle};
use crate::game::board::PanelsDrawn;
use crate::game::input::{Bindings, GameAction};
use crate::rules::battle::Pending;

/// The menu's keyboard cursor, which the headless tests walk without a window.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        menu_cursor::MenuCursorPlugin,
        battle_keys::plugin,
        lessons::plugin,
        camp::plugin,
        result::plugin,
    ));
}

/// The screens drawn with egui, in one pass, with a window only.
pub(super) fn windowed(app: &mut App) {
    app.add_systems(
        PreUpdate,
        keep_game_keys_from_egui
            .after(bevy_egui::EguiPreUpdateSet::ProcessInput)
            .before(bevy_egui::EguiPreUpdateSet::BeginPass),
    )
    .add_systems(
        EguiPrimaryContextPass,
        (
            crate::game::platform::fonts::install_fonts,
            crate::game::settings::settings_window,
            (
                crate::game::screens::menu::menu_ui.run_if(in_state(AppState::Menu)),
                crate::game::screens::lessons::learn_ui.run_if(in_state(AppState::Learn)),
                crate::game::screens::battle::battle_ui.run_if(in_battle()),
                crate::game::screens::result::result_ui
                    .run_if(in_state(AppState::Result).and_then(resource_exists::<Battle>)),
                crate::game::screens::camp::camp_ui.run_if(in_state(AppState::Camp)),
            )
                .in_set(PanelsDrawn),
            crate::game::input::keys_window,
            crate::game::battle::table_dice_window
                .run_if(in_battle().and_then(resource_exists::<crate::game::battle::TableAsk>)),
        )
            .chain(),
    );
}

/// The keys the game walks its menus with (Tab, Enter, Space, the arrows) are the game's,
/// not egui's: egui would otherwise move its own focus on Tab and press the focused button on
/// Space, so that one key did two things. A text field being typed in keeps them.
fn keep_game_keys_from_egui(
    mut inputs: Query<(&mut bevy_egui::EguiInput, &mut bevy_egui::EguiContext)>,
) {
    use egui::Key;
    for (mut input, mut ctx) in &mut inputs {
        if ctx.get_mut().egui_wants_keyboard_input() {
            continue;
        }
        input.events.retain(|e| {
            !matches!(
                e,
                egui::Event::Key {
                    key: Key::Tab
                        | Key::Enter
                        | Key::Space
                        | Key::ArrowUp
                        | Key::ArrowDown
                        | Key::ArrowLeft
                        | Key::ArrowRight,
                    ..
                }
            )
        });
    }
}

pub fn root(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        "viewport".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

/// The title of a phase: the ruleset's words for a decision, the shell's otherwise.
pub fn phase_title(battle: &Battle, words: &Words, phase: Phase) -> String {
    let shell =
        |phase: &str| words.say_with("screen-phase", &[("phase", Value::Text(phase.into()))]);
    match phase {
        Phase::Starting => shell("starting"),
        Phase::AiThinking => shell("thinking"),
        Phase::Watching => shell("watching"),
        Phase::PassScreen => shell("pass"),
        Phase::Showing => shell("showing"),
        Phase::Over => shell("over"),
        Phase::Deciding | Phase::Lesson => match battle.session().pending() {
            Pending::Decide { kind, .. } => battle.session().title(*kind).to_string(),
            Pending::Over(_) => shell("over"),
        },
    }
}

/// The top bar's words: the battle, its round, who decides (not while the rules are at work:
/// the last decider's name would stand over the outcome of a roll) and what about.
/// A decision's own title is the heading of the left panel (see [`decision_heading`]), where it
/// has room; the shell's phases ("The rules at work") are named here.
pub fn status_words(battle: &Battle, words: &Words, phase: Phase, deciding: &str) -> Vec<String> {
    let mut out = vec![battle.name().to_string(), battle.session().round_text()];
    if phase != Phase::Showing {
        let who = Value::Text(deciding.into());
        out.push(words.say_with("screen-status-deciding", &[("who", who)]));
    }
    if phase != Phase::Deciding {
        out.push(phase_title(battle, words, phase));
    }
    out
}

/// A person's decision's title, over its choices in the left panel: wrapped, never cut.
pub fn decision_heading(ui: &mut egui::Ui, title: &str) -> egui::Response {
    ui.add(egui::Label::new(egui::RichText::new(title).size(17.0).strong()).wrap())
}

/// The top bar's buttons, as they stand.
pub struct TopButtons<'a> {
    pub fast: bool,
    pub log: bool,
    pub why: bool,
    pub help: bool,
    /// Whether Undo is offered.
    pub undo: bool,
    pub keys: &'a Bindings,
    pub words: &'a Words,
}

/// A top bar button clicked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TopClick {
    Fast,
    Log,
    Why,
    Help,
    Undo,
    Leave,
}

/// The top bar in one line: the status words, then the buttons.
pub fn top_bar(ui: &mut egui::Ui, words: &[String], b: &TopButtons) -> Option<TopClick> {
    let mut click = None;
    ui.horizontal(|ui| {
        for (i, w) in words.iter().enumerate() {
            if i == 0 {
                ui.strong(w);
            } else {
                ui.label(w);
            }
            ui.separator();
        }
        for (on, label, action, what) in [
            (b.fast, "screen-fast", GameAction::SpeedUp, TopClick::Fast),
            (b.log, "screen-log", GameAction::Log, TopClick::Log),
            (b.why, "screen-why", GameAction::Why, TopClick::Why),
            (
                b.help,
                "screen-help-button",
                GameAction::Help,
                TopClick::Help,
            ),
        ] {
            if ui
                .selectable_label(on, b.keys.label(&b.words.say(label), action))
                .clicked()
            {
                click = Some(what);
            }
        }
        if b.undo
            && ui
                .button(b.keys.label(&b.words.say("screen-undo"), GameAction::Undo))
                .clicked()
        {
            click = Some(TopClick::Undo);
        }
        if ui.button(b.words.say("screen-leave")).clicked() {
            click = Some(TopClick::Leave);
        }
    });
    click
}

/// A ruleset's name in the player's words, by its id (the id itself for one no ruleset has).
fn ruleset_name(words: &Words, id: &str) -> String {
    crate::rulesets::name(id).map_or_else(|| id.to_string(), |n| words.say(n))
}

pub fn faction_colour(f: usize) -> egui::Color32 {
    crate::game::board::egui_colour(crate::game::board::faction_color(f))
}
