//! The egui overlays: the menu, the action menu and prompts, the roll breakdown, the combat
//! log, the AI's reasoning, the pass-the-screen card and the result screen. They read the
//! battle and write choices; the rules core decides what they mean.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::board::viewer;
use super::board_marks::BoardArea;
use super::flow::{AppState, Battle, Choose, Notice, Phase, person_deciding};
use super::input::{Cursor, GameAction, Panels, Row, rows, take_screen};
use super::keys::Bindings;
use super::seats::{Brain, Pace, SeatKind, Seats};
use crate::rules::battle::{Outcome, Pending, Seat};
use crate::rules::notes;

pub struct OverlayPlugin;

impl Plugin for OverlayPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            PreUpdate,
            keep_game_keys_from_egui
                .after(bevy_egui::EguiPreUpdateSet::ProcessInput)
                .before(bevy_egui::EguiPreUpdateSet::BeginPass),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (
                super::fonts::install_fonts,
                (
                    super::menu::menu_ui.run_if(in_state(AppState::Menu)),
                    super::lesson_view::learn_ui.run_if(in_state(AppState::Learn)),
                    battle_ui.run_if(in_state(AppState::Battle)),
                    result_ui.run_if(in_state(AppState::Result)),
                )
                    .in_set(PanelsDrawn),
                super::keys::keys_window,
                super::table_dice::table_dice_window.run_if(in_state(AppState::Battle)),
            )
                .chain(),
        );
    }
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

/// The panels are laid out; what they leave is the board's (`BoardArea`).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct PanelsDrawn;

pub fn root(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        "viewport".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

/// Whether a battle's scenario is a generated skirmish, named for its seed.
fn generate_name(scenario: &str) -> bool {
    matches!(crate::generate::parse_name(scenario), Some(Ok(_)))
}

/// The title of a phase: the ruleset's words for a person's decision, the shell's otherwise.
pub fn phase_title(battle: &Battle, phase: Phase) -> &'static str {
    match phase {
        Phase::Starting => "Starting",
        Phase::AiThinking => "The AI is thinking",
        Phase::Watching => "Watching a replay",
        Phase::PassScreen => "Pass the screen",
        Phase::Showing => "The rules at work",
        Phase::Over => "The fight is over",
        _ => match battle.session.pending() {
            Pending::Decide { kind, .. } => battle.session.title(*kind),
            Pending::Over(_) => "The fight is over",
        },
    }
}

/// The top bar's words: the battle, its round, who decides (not while the rules are at work:
/// the last decider's name would stand over the outcome of a roll) and what about.
/// A decision's own title is the heading of the left panel (see [`decision_heading`]), where it
/// has room; the shell's phases ("The rules at work") are named here.
pub fn status_words(battle: &Battle, phase: Phase, deciding: &str) -> Vec<String> {
    let mut out = vec![battle.name.clone(), battle.session.round_text()];
    if phase != Phase::Showing {
        out.push(format!("Deciding: {deciding}"));
    }
    if !phase.is_decision() {
        out.push(phase_title(battle, phase).to_string());
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
            (b.fast, "Fast AI", GameAction::SpeedUp, TopClick::Fast),
            (b.log, "Log", GameAction::Log, TopClick::Log),
            (b.why, "AI's reasons", GameAction::Why, TopClick::Why),
            (b.help, "Help", GameAction::Help, TopClick::Help),
        ] {
            if ui
                .selectable_label(on, b.keys.label(label, action))
                .clicked()
            {
                click = Some(what);
            }
        }
        if b.undo && ui.button(b.keys.label("Undo", GameAction::Undo)).clicked() {
            click = Some(TopClick::Undo);
        }
        if ui.button("Leave").clicked() {
            click = Some(TopClick::Leave);
        }
    });
    click
}

/// Who a seat is, in words.
fn seat_name(battle: &Battle, seat: Seat) -> String {
    match seat {
        Seat::Faction(f) => battle
            .session
            .faction_names()
            .get(f)
            .cloned()
            .unwrap_or_else(|| "?".into()),
        Seat::Gm => "the GM".into(),
        Seat::Character(c) => battle.session.character_name(c),
    }
}

#[allow(clippy::too_many_arguments)]
fn battle_ui(
    mut contexts: EguiContexts,
    battle: Option<ResMut<Battle>>,
    seats: Option<Res<Seats>>,
    phase: Option<Res<State<Phase>>>,
    mut cursor: ResMut<Cursor>,
    mut panels: ResMut<Panels>,
    mut pace: ResMut<Pace>,
    brain: Res<Brain>,
    notice: Res<Notice>,
    mut choose: MessageWriter<Choose>,
    mut next: ResMut<NextState<AppState>>,
    mut area: ResMut<BoardArea>,
    keys: Res<Bindings>,
    mut markdown: Local<egui_commonmark::CommonMarkCache>,
    (lay, hovered, art): (
        Option<Res<super::board::Layout>>,
        Res<super::board::Hovered>,
        Option<Res<super::atlas::Art>>,
    ),
) -> Result {
    // The board is covered until the panels say what they leave of it.
    area.0 = None;
    let (Some(mut battle), Some(seats), Some(phase)) = (battle, seats, phase) else {
        return Ok(());
    };
    let phase = *phase.get();
    let ctx = contexts.ctx_mut()?.clone();
    let mut ui = root(&ctx);
    let names = battle.session.faction_names().to_vec();
    let deciding = match battle.session.pending().seat() {
        Some(seat) => match seats.kind(seat) {
            SeatKind::Person => seat_name(&battle, seat),
            SeatKind::Ai(level) => {
                format!("{}, the AI ({})", seat_name(&battle, seat), level.name())
            }
        },
        None => "nobody".into(),
    };
    let buttons = TopButtons {
        fast: pace.fast,
        log: panels.log,
        why: panels.why,
        help: panels.help,
        undo: super::input::may_undo(&battle, &seats),
        keys: &keys,
    };
    let words = status_words(&battle, phase, &deciding);
    let click = egui::Panel::top("top")
        .show(&mut ui, |ui| top_bar(ui, &words, &buttons))
        .inner;
    match click {
        Some(TopClick::Fast) => pace.fast = !pace.fast,
        Some(TopClick::Log) => panels.log = !panels.log,
        Some(TopClick::Why) => panels.why = !panels.why,
        Some(TopClick::Help) => panels.help = !panels.help,
        Some(TopClick::Undo) => {
            battle.undo();
        }
        Some(TopClick::Leave) => next.set(if battle.lesson.is_some() {
            AppState::Learn
        } else {
            AppState::Result
        }),
        None => {}
    }

    if phase == Phase::PassScreen {
        egui::CentralPanel::default().show(&mut ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(120.0);
                ui.heading(format!("Pass the screen to {deciding}"));
                ui.label("The board is hidden so nobody sees what the other side keeps concealed.");
                ui.add_space(20.0);
                if ui
                    .button(
                        egui::RichText::new(keys.label("I have the screen", GameAction::Confirm))
                            .size(20.0),
                    )
                    .clicked()
                {
                    take_screen(&mut battle);
                }
            });
        });
        return Ok(());
    }

    let person = person_deciding(&battle, &seats);
    let left = egui::Panel::left("choices")
        .exact_size(super::board::LEFT_PANEL)
        .show(&mut ui, |ui| {
            if let Some(sit) = battle.session.situation() {
                ui.label(egui::RichText::new(sit).italics());
                ui.separator();
            }
            match phase {
                Phase::AiThinking => {
                    ui.label(format!("{deciding} is deciding…"));
                }
                Phase::Watching => {
                    ui.label(format!(
                        "Replay: action {} of {}",
                        battle.taken(),
                        battle.session.watch_len().unwrap_or(0)
                    ));
                }
                Phase::Over => {
                    if let Pending::Over(o) = battle.pending() {
                        let text = match o {
                            Outcome::Victory { winner, how } => {
                                format!(
                                    "{} win. {how}.",
                                    names.get(winner).map_or("?", String::as_str)
                                )
                            }
                            Outcome::Draw { how } => format!("A draw: {how}."),
                        };
                        ui.heading(text);
                    }
                    if ui
                        .button(keys.label("See the result", GameAction::Confirm))
                        .clicked()
                    {
                        next.set(AppState::Result);
                    }
                }
                Phase::Lesson => {
                    ui.label(keys.label(
                        "The lesson speaks: read it, then go on",
                        GameAction::Confirm,
                    ));
                }
                // A decision that interrupts a turn (a reaction, a stunt, a morale check, the
                // harm and draw choices) takes the panel with its title, beside the board
                // rather than over it.
                _ if person.is_some() && phase.is_prompt() => {
                    decision_heading(ui, phase_title(&battle, phase));
                    // Harm and draws: every option's effect written out before the choice.
                    let inline = matches!(phase, Phase::Harm | Phase::Draw);
                    if inline
                        && (0..battle.session.legal_len()).any(|i| battle.session.odds(i).is_some())
                    {
                        ui.label(egui::RichText::new("Each option's effect is under it.").small());
                    }
                    choice_list(ui, &battle, &mut cursor, &mut choose, inline);
                }
                _ if person.is_some() => {
                    decision_heading(ui, phase_title(&battle, phase));
                    choice_list(ui, &battle, &mut cursor, &mut choose, false);
                }
                _ => {}
            }
            if let Some(n) = &notice.0 {
                ui.colored_label(egui::Color32::LIGHT_RED, n);
            }
            // The card of the character under the mouse (or the one acting) at the bottom.
            if let Some(lay) = &lay
                && let Some(token) = super::card::chosen(&lay.view, hovered.0, cursor.target)
            {
                let side = names.get(token.faction).map_or("", String::as_str);
                egui::Panel::bottom("card")
                    .resizable(false)
                    .frame(egui::Frame::NONE)
                    .show(ui, |ui| {
                        super::card::character_card(ui, art.as_deref(), token, side);
                    });
            }
        })
        .response
        .rect;

    // A resolution's steps, one at a time, over the board.
    if phase == Phase::Showing
        && let Some(beat) = battle.showing.front().cloned()
    {
        let left = battle.showing.len();
        egui::Window::new(beat.title.as_str())
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_TOP, [0.0, 60.0])
            .show(&ctx, |ui| {
                for line in &beat.lines {
                    ui.label(line);
                }
                ui.separator();
                let next = if left > 1 {
                    keys.label(&format!("Next ({} more)", left - 1), GameAction::Confirm)
                } else {
                    keys.label("Go on", GameAction::Confirm)
                };
                if ui.button(next).clicked() {
                    battle.showing.pop_front();
                }
            });
    }

    let right = egui::Panel::right("log")
        .exact_size(super::board::RIGHT_PANEL)
        .show(&mut ui, |ui| {
            ui.strong("Characters");
            let roster = battle.session.roster(viewer(&battle, &seats));
            for (f, name) in names.iter().enumerate() {
                ui.label(egui::RichText::new(name).color(faction_colour(f)));
                for line in roster.iter().filter(|l| l.faction == f) {
                    ui.label(format!("  {}", line.text));
                }
            }
            if panels.log {
                ui.separator();
                ui.strong(
                    "Combat log (click a line to see it again, a roll for its breakdown; K skips)",
                );
                let playing = battle.playing.now.map(|(e, _)| e);
                let mut replay = None;
                egui::ScrollArea::vertical()
                    .stick_to_bottom(true)
                    .show(ui, |ui| {
                        for (i, e) in battle.log.iter().enumerate() {
                            // The line whose event the board is playing stands out.
                            let text = if e.explanation.is_some() {
                                format!("• {}", e.text)
                            } else {
                                e.text.clone()
                            };
                            let mut rich = egui::RichText::new(text);
                            if playing == Some(i) {
                                rich = rich.background_color(egui::Color32::from_rgb(70, 60, 20));
                            }
                            if e.explanation.is_some() {
                                rich = rich.color(egui::Color32::from_rgb(110, 170, 255));
                            }
                            let r = ui.add(egui::Label::new(rich).sense(egui::Sense::click()));
                            if r.clicked() {
                                replay = Some(i);
                                if e.explanation.is_some() {
                                    panels.breakdown = Some(i);
                                }
                            }
                        }
                    });
                if let Some(i) = replay {
                    battle.playing.replay(i);
                }
            }
        })
        .response
        .rect;
    area.0 = Some(ui.available_rect_before_wrap());
    if let Some(lesson) = &battle.lesson
        && let Some(rect) = super::lesson_view::pointed_panel(lesson, &battle, left, right)
    {
        super::lesson_view::point_panel(&ctx, rect, ctx.input(|i| i.time) as f32);
    }
    super::lesson_view::lesson_panel(&ctx, &mut battle, &keys, &mut next);

    if let Some(i) = panels.breakdown
        && let Some(e) = battle.log.get(i)
        && let Some(x) = &e.explanation
    {
        let mut open = true;
        egui::Window::new("Roll breakdown")
            .open(&mut open)
            .show(&ctx, |ui| {
                ui.strong(&x.what);
                let dice: Vec<String> = x
                    .dice
                    .iter()
                    .map(|r| format!("{} showed {}", r.die, r.value))
                    .collect();
                ui.label(format!("Dice: {}", dice.join(", ")));
                for d in &x.dropped {
                    ui.label(format!(
                        "Dropped: {} showed {} (impaired: the lower die counts)",
                        d.die, d.value
                    ));
                }
                for m in &x.modifiers {
                    ui.label(format!("{:+}  {}", m.value, m.cause));
                }
                ui.label(format!("Total: {}", x.total));
                if let Some(a) = &x.against {
                    ui.label(format!("Against: {a}"));
                }
                ui.label(format!("Result: {}", x.outcome));
                ui.separator();
                ui.label(egui::RichText::new(format!("Rule {}", x.rule)).strong());
                // The rules notes are Markdown: headings, emphasis, lists, paragraphs.
                egui_commonmark::CommonMarkViewer::new().show(
                    ui,
                    &mut markdown,
                    notes::paragraph(&x.rule).unwrap_or("(no note)"),
                );
            });
        if !open {
            panels.breakdown = None;
        }
    }
    if panels.why {
        egui::Window::new("The AI's reasons").show(&ctx, |ui| {
            match brain.last_seat {
                Some(seat) => ui.label(format!(
                    "{}'s last decision, best first:",
                    seat_name(&battle, seat)
                )),
                None => ui.label("No AI decision yet."),
            };
            for c in brain.last_candidates.iter().take(6) {
                let line = if c.visits > 0 {
                    format!(
                        "{:.2} win share over {} play-outs — {}",
                        c.value, c.visits, c.text
                    )
                } else {
                    format!("{:+.2} expected — {}", c.value, c.text)
                };
                ui.label(line);
            }
        });
    }
    if panels.help {
        egui::Window::new("Help").show(&ctx, |ui| {
            ui.label(battle.session.mouse_help());
            ui.label("The board: the wheel zooms, dragging with the right or middle button pans, Home (or 0) shows the whole board again.");
            ui.label("A token's picture is who they are; the small one at its side, what they hold; the number at its corner, what the ruleset counts on it.");
            ui.label("Bars across a token: what it has left of what it can lose (health; in Three actions endurance, then health), green when whole.");
            ui.label("Icons on the tokens:");
            egui::Grid::new("icons").show(ui, |ui| {
                for (i, icon) in super::present::Icon::KINDS.into_iter().enumerate() {
                    let (rect, _) = ui.allocate_exact_size(egui::vec2(18.0, 18.0), egui::Sense::hover());
                    ui.painter()
                        .extend(super::icons::shapes(icon, rect.center(), 8.0));
                    ui.label(icon.words());
                    if i % 2 == 1 {
                        ui.end_row();
                    }
                }
            });
            ui.label("Keyboard (F2 changes the keys):");
            for action in GameAction::ALL {
                ui.label(format!("{}: {}", keys.words(action), action.words()));
            }
            ui.label("Every roll in the log opens its breakdown: dice, modifiers, and the rule quoted from the rules notes.");
        });
    }
    Ok(())
}

/// The person's choices, the one under the cursor marked, each with its odds on hover.
/// `inline`: each choice's odds or effect written under it, not only on hover.
fn choice_list(
    ui: &mut egui::Ui,
    battle: &Battle,
    cursor: &mut Cursor,
    choose: &mut MessageWriter<Choose>,
    inline: bool,
) {
    if let Some(t) = cursor.target {
        ui.horizontal(|ui| {
            ui.label(format!(
                "Showing choices for {}",
                battle.session.character_name(t)
            ));
            if ui.small_button("all (Esc)").clicked() {
                cursor.filter_to(None);
            }
        });
    }
    if let Pending::Decide {
        time_limit: Some(secs),
        ..
    } = battle.session.pending()
    {
        ui.colored_label(
            egui::Color32::YELLOW,
            format!("Chaos of combat: {secs} s to declare"),
        );
    }
    if let Some(v) = cursor.verb {
        ui.horizontal(|ui| {
            ui.label(egui::RichText::new(v).strong());
            if ui.small_button("back (Esc)").clicked() {
                super::input::back(battle, cursor);
            }
        });
    }
    let shown = rows(battle, cursor);
    let composing = shown.iter().any(|r| matches!(r, Row::Part { .. }));
    if composing || !cursor.picked.is_empty() {
        ui.label(
            egui::RichText::new("Compose it a piece at a time: its degree, then its kind.").small(),
        );
        if !cursor.picked.is_empty() {
            ui.horizontal_wrapped(|ui| {
                ui.label(
                    egui::RichText::new(format!("So far: {}", cursor.picked.join(", "))).strong(),
                );
                if ui.small_button("back a step (Esc)").clicked() {
                    super::input::back(battle, cursor);
                }
            });
        }
    }
    egui::ScrollArea::vertical().show(ui, |ui| {
        for (i, &row) in shown.iter().enumerate() {
            let (mut text, odds) = match row {
                Row::Choice(a) if !cursor.picked.is_empty() => (
                    format!("Deal it: {}", battle.session.describe(a)),
                    battle.session.odds(a),
                ),
                Row::Choice(a) => (battle.session.describe(a), battle.session.odds(a)),
                Row::Verb { verb, count, .. } => (format!("{verb} …  ({count} choices)"), None),
                Row::Part { count, .. } => (
                    format!(
                        "{} …  ({count} way{} on)",
                        row.part_words(battle).unwrap_or_default(),
                        if count == 1 { "" } else { "s" }
                    ),
                    None,
                ),
            };
            text = format!("{}. {text}", i + 1);
            // The lesson's mark is looked for first: a row's choices are worked out only where
            // a lesson marks one.
            if (0..battle.session.legal_len())
                .any(|a| super::lesson_view::marked_choice(battle, a) && row.holds(battle, a))
            {
                text.push_str("   (the lesson's choice)");
            }
            let highlighted = i == cursor.index;
            // A prompt's options are cards, each with its effect written out in full; a turn's
            // choices are rows, the highlighted one's odds under it.
            let r = if inline {
                let stroke = if highlighted {
                    egui::Stroke::new(2.0, egui::Color32::from_rgb(250, 210, 80))
                } else {
                    egui::Stroke::new(1.0, egui::Color32::from_gray(90))
                };
                egui::Frame::group(ui.style())
                    .stroke(stroke)
                    .show(ui, |ui| {
                        ui.set_width(ui.available_width());
                        let r = ui.selectable_label(highlighted, egui::RichText::new(text).strong());
                        if let Some(h) = &odds {
                            ui.label(h);
                        }
                        r
                    })
                    .inner
            } else {
                let mut r = ui.selectable_label(highlighted, text);
                // The highlighted choice's odds stay in view under it, not only on hover.
                if let Some(h) = odds {
                    if highlighted {
                        ui.label(egui::RichText::new(format!("      {h}")).small().weak());
                    }
                    r = r.on_hover_text(h);
                }
                r
            };
            // Only a moving mouse takes the cursor: one resting over the list does not pin the
            // keyboard's choice.
            if r.hovered() && ui.input(|inp| inp.pointer.delta() != egui::Vec2::ZERO) {
                cursor.index = i;
            }
            if r.clicked()
                && let Some(c) = super::input::take_row(battle, cursor, row)
            {
                choose.write(Choose(c));
            }
            if highlighted && matches!(row, Row::Verb { .. }) {
                ui.label(
                    egui::RichText::new(
                        "      Enter or a click opens its choices; a lit place on the board is one click.",
                    )
                    .small()
                    .weak(),
                );
            }
            if let Row::Choice(a) = row
                && cursor.armed == Some(a)
            {
                ui.colored_label(
                    egui::Color32::from_rgb(255, 170, 60),
                    "      This cannot be taken back: Enter or click again to confirm.",
                );
            }
        }
    });
}

pub fn faction_colour(f: usize) -> egui::Color32 {
    super::board_marks::egui_colour(super::palette::faction_color(f))
}

fn result_ui(
    mut contexts: EguiContexts,
    battle: Option<Res<Battle>>,
    mut setup: ResMut<super::flow::BattleSetup>,
    mut notice: ResMut<Notice>,
    keys: Res<Bindings>,
    mut next: ResMut<NextState<AppState>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut ui = root(ctx);
    egui::CentralPanel::default().show(&mut ui, |ui| {
        let Some(battle) = battle else {
            if ui.button("Back to the menu").clicked() {
                next.set(AppState::Menu);
            }
            return;
        };
        let names = battle.session.faction_names();
        let side = |f: usize| names.get(f).map_or("?", String::as_str);
        ui.heading(match battle.pending() {
            Pending::Over(Outcome::Victory { winner, how }) => {
                format!("{} win — {how}", side(winner))
            }
            Pending::Over(Outcome::Draw { how }) => format!("A draw — {how}"),
            Pending::Decide { .. } => "The battle was left unfinished".into(),
        });
        ui.label(format!(
            "{} · round {} · {} decisions · dice seed {}",
            battle.name,
            battle.session.round(),
            battle.taken(),
            battle.seed
        ));
        ui.separator();
        let table = battle.session.result_table();
        egui::Grid::new("figures").striped(true).show(ui, |ui| {
            // The side goes second, after the character's name.
            for (i, h) in table.headings.iter().enumerate() {
                ui.strong(*h);
                if i == 0 {
                    ui.strong("Side");
                }
            }
            ui.end_row();
            for (faction, cells) in &table.rows {
                for (i, cell) in cells.iter().enumerate() {
                    ui.label(cell);
                    if i == 0 {
                        ui.colored_label(faction_colour(*faction), side(*faction));
                    }
                }
                ui.end_row();
            }
        });
        ui.separator();
        ui.horizontal(|ui| {
            if ui.button("Again, same seed").clicked() {
                setup.again(battle.seed, false);
                next.set(AppState::Battle);
            }
            if ui.button("Again, new seed").clicked() {
                setup.again(battle.seed, true);
                next.set(AppState::Battle);
            }
            if let Some(fresh) = super::skirmish::next_after(&battle.scenario)
                && ui.button("A new random skirmish").clicked()
            {
                setup.again(battle.seed, false);
                setup.scenario = fresh;
                next.set(AppState::Battle);
            }
            if generate_name(&battle.scenario) && ui.button("Save the skirmish as a file").clicked()
            {
                notice.0 = Some(super::skirmish::save(&battle.scenario));
            }
            if ui.button("Save the replay").clicked() {
                notice.0 = Some(super::save_replay(&battle));
            }
            if ui
                .button(keys.label("Back to the menu", GameAction::Confirm))
                .clicked()
            {
                next.set(AppState::Menu);
            }
        });
        if let Some(n) = &notice.0 {
            ui.label(n);
        }
    });
    Ok(())
}
