//! The egui overlays: the menu, the action menu and prompts, the roll breakdown, the combat
//! log, the AI's reasoning, the pass-the-screen card and the result screen. They read the
//! battle and write choices; the rules core decides what they mean.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::board::viewer;
use super::board_marks::BoardArea;
use super::flow::{AppState, Battle, BattleSetup, Choose, Notice, Phase, person_deciding};
use super::input::{Cursor, GameAction, Panels, shown_choices, take_screen};
use super::keys::{Bindings, KeysScreen};
use super::present::BoardView;
use super::seats::{Brain, Pace, SeatKind, Seats};
use crate::ai::Level;
use crate::rules::battle::{OptionalRule, Outcome, Pending, Seat};
use crate::rules::notes;
use crate::scenario;

pub struct OverlayPlugin;

/// What the menu lists of each built-in scenario, read once rather than every frame.
#[derive(Resource)]
pub struct Catalogue(pub Vec<CatalogueEntry>);

pub struct CatalogueEntry {
    pub id: String,
    pub line: String,
    /// The ruleset in a line, and what the scenario teaches.
    pub about: String,
    /// The board as the battle opens, everything shown: the menu's drawing of the map, with
    /// where each place stands (laid out once, not every frame).
    pub map: BoardView,
    pub map_centres: Vec<bevy::math::Vec2>,
    /// The seats to fill, besides the GM's, with their names.
    pub seats: Vec<(Seat, String)>,
    /// What the ruleset's GM seat does, if it has one to fill.
    pub gm: Option<&'static str>,
    /// The scenario's own optional rules, which the menu's checkboxes start from.
    pub options: Vec<OptionalRule>,
}

impl Default for Catalogue {
    fn default() -> Self {
        Catalogue(
            scenario::BUILTIN
                .iter()
                .filter_map(|(id, _)| Some(CatalogueEntry::of(id, &scenario::builtin(id)?.ok()?)))
                .collect(),
        )
    }
}

impl CatalogueEntry {
    /// What the menu lists of a scenario loaded under the name `id`.
    pub fn of(id: &str, l: &scenario::Loaded) -> CatalogueEntry {
        let map = l.setup.visit(OpeningBoard);
        CatalogueEntry {
            id: id.to_string(),
            line: l.scenario.name.clone(),
            about: format!("{}\n{}", l.setup.summary(), l.scenario.teaches),
            map_centres: super::board::layout(&map),
            map,
            seats: l.setup.seats(),
            gm: l.setup.gm_role(),
            options: l.setup.options(),
        }
    }
}

/// A scenario's board as its battle opens (on a fixed seed: a drawing, not a battle).
struct OpeningBoard;

impl crate::rulesets::Visit for OpeningBoard {
    type Out = BoardView;
    fn visit<G: crate::rulesets::Game>(self, setup: &G::Setup) -> BoardView {
        let mut dice = crate::rules::SeededDice::new(0);
        G::start(setup, &mut dice)
            .map(|(state, _)| G::board(&state, None))
            .unwrap_or_default()
    }
}

/// A small drawing of a map in `size` points: its places, the ways between them, and each
/// side's tokens as dots in their colours.
fn map_drawing(ui: &mut egui::Ui, entry: &CatalogueEntry, size: egui::Vec2) -> egui::Response {
    let (map, centres) = (&entry.map, &entry.map_centres);
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 3.0, egui::Color32::from_rgb(24, 26, 30));
    if centres.is_empty() {
        return response;
    }
    let place = if map.grid {
        bevy::math::Vec2::splat(super::board::SQUARE)
    } else {
        bevy::math::Vec2::new(super::board::ZONE_W, super::board::ZONE_H)
    };
    let (mut lo, mut hi) = (centres[0] - place / 2.0, centres[0] + place / 2.0);
    for &c in centres {
        lo = lo.min(c - place / 2.0);
        hi = hi.max(c + place / 2.0);
    }
    let span = (hi - lo).max(bevy::math::Vec2::ONE);
    let scale = ((rect.width() - 8.0) / span.x).min((rect.height() - 8.0) / span.y);
    // World y points up, the screen's down.
    let at = |w: bevy::math::Vec2| {
        let mid = (lo + hi) / 2.0;
        rect.center() + egui::vec2((w.x - mid.x) * scale, (mid.y - w.y) * scale)
    };
    for &(a, b) in &map.links {
        if let (Some(&a), Some(&b)) = (centres.get(a), centres.get(b)) {
            painter.line_segment(
                [at(a), at(b)],
                egui::Stroke::new(1.0, egui::Color32::from_rgb(200, 190, 150)),
            );
        }
    }
    for (p, c) in map.places.iter().zip(centres) {
        let [r, g, b] = p.colour;
        let size = egui::vec2(place.x * scale, place.y * scale);
        painter.rect_filled(
            egui::Rect::from_center_size(at(*c), size),
            1.0,
            egui::Color32::from_rgb(r, g, b),
        );
    }
    for t in &map.tokens {
        if let Some(&c) = centres.get(t.place) {
            let jitter = egui::vec2(
                (t.id % 5) as f32 * 2.5 - 5.0,
                (t.id / 5 % 3) as f32 * 2.5 - 2.5,
            );
            painter.circle_filled(at(c) + jitter, 2.5, faction_colour(t.faction));
        }
    }
    response
}

impl Plugin for OverlayPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Catalogue>()
            .init_resource::<super::skirmish::RandomSkirmish>()
            .add_systems(
                EguiPrimaryContextPass,
                (
                    super::fonts::install_fonts,
                    (
                        menu_ui.run_if(in_state(AppState::Menu)),
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

#[allow(clippy::too_many_arguments)] // a Bevy system: each argument is a resource it reads
fn menu_ui(
    mut contexts: EguiContexts,
    (mut catalogue, mut random): (ResMut<Catalogue>, ResMut<super::skirmish::RandomSkirmish>),
    mut setup: ResMut<BattleSetup>,
    mut saved: ResMut<super::autosave::SavedBattles>,
    prefs: Res<super::prefs::Prefs>,
    mut notice: ResMut<Notice>,
    keys: Res<Bindings>,
    mut keys_screen: ResMut<KeysScreen>,
    mut next: ResMut<NextState<AppState>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut ui = root(ctx);
    egui::CentralPanel::default().show(&mut ui, |ui| {
        // A small window still reaches Start: the menu scrolls.
        egui::ScrollArea::vertical().show(ui, |ui| {
        ui.heading("Fray");
        ui.label("Tabletop skirmish rules, refereed and explained. Every roll shows its dice, its modifiers and its rule.");
        if let Some((slot, save)) = saved.latest() {
            let label = format!(
                "Continue: {}, round {} ({} decisions)",
                save.name,
                save.round,
                save.taken()
            );
            if ui.button(egui::RichText::new(label).size(18.0)).clicked() {
                *setup = BattleSetup::resuming(slot, save);
                next.set(AppState::Battle);
            }
        }
        saved_battles(ui, &mut saved, &prefs, &mut setup, &mut next);
        if ui
            .button(egui::RichText::new(keys.label("Learn to play", GameAction::Learn)).size(18.0))
            .clicked()
        {
            next.set(AppState::Learn);
        }
        ui.separator();
        ui.label(egui::RichText::new("Scenario").strong());
        for entry in &catalogue.0 {
            let selected = setup.scenario == entry.id;
            let chosen = ui
                .horizontal(|ui| {
                    let drawn = map_drawing(ui, entry, egui::vec2(110.0, 64.0));
                    let picked = ui
                        .vertical(|ui| {
                            let r = ui.radio(selected, egui::RichText::new(&entry.line).strong());
                            ui.label(egui::RichText::new(&entry.about).small().weak());
                            r.clicked()
                        })
                        .inner;
                    picked || drawn.clicked()
                })
                .inner;
            if chosen && !selected {
                setup.scenario = entry.id.clone();
                // A new scenario brings its own optional rules.
                setup.options.clear();
            }
        }
        ui.separator();
        super::skirmish::menu_section(ui, &mut random, &mut catalogue, &mut setup, &mut notice.0);
        ui.separator();
        let entry = catalogue.0.iter().find(|e| e.id == setup.scenario);
        let named: Vec<String> =
            entry.map_or_else(Vec::new, |e| e.seats.iter().map(|(_, n)| n.clone()).collect());
        let n = named.len();
        let mut seats = setup.seats.clone();
        seats.resize(n, SeatKind::Ai(Level::Normal));
        ui.label(egui::RichText::new("Seats").strong());
        let options = [
            SeatKind::Person,
            SeatKind::Ai(Level::Easy),
            SeatKind::Ai(Level::Normal),
            SeatKind::Ai(Level::Hard),
        ];
        for (f, name) in named.iter().enumerate() {
            ui.horizontal(|ui| {
                ui.label(format!("{name}:"));
                for o in options {
                    if ui.selectable_label(seats[f] == o, o.label()).clicked() {
                        seats[f] = o;
                    }
                }
            });
        }
        setup.seats = seats;
        if let Some(role) = entry.and_then(|e| e.gm) {
            ui.horizontal(|ui| {
                ui.label(format!("The GM ({role}):"));
                for o in options {
                    if ui.selectable_label(setup.gm == o, o.label()).clicked() {
                        setup.gm = o;
                    }
                }
            });
        }
        ui.separator();
        ui.horizontal(|ui| {
            ui.label("Dice seed:");
            ui.add(egui::DragValue::new(&mut setup.seed));
        });
        for rule in shown_options(&setup, entry) {
            let mut on = rule.on;
            if ui.checkbox(&mut on, &rule.label).changed() {
                setup.set_option(rule.key, on);
            }
        }
        ui.checkbox(
            &mut setup.table_dice,
            "The table's own dice: every roll is asked for and typed in",
        );
        ui.add_space(10.0);
        ui.horizontal(|ui| {
            let start = keys.label("Start the battle", GameAction::Confirm);
            if ui.button(egui::RichText::new(start).size(18.0)).clicked() {
                setup.lesson = None;
                setup.resume = None;
                next.set(AppState::Battle);
            }
            if ui.button("Keys  (F2)").clicked() {
                keys_screen.open = true;
            }
        });
        ui.collapsing("Credits", |ui| {
            for credit in crate::credits::ALL {
                ui.label(*credit);
            }
        });
        if let Some(n) = &notice.0 {
            ui.colored_label(egui::Color32::LIGHT_RED, n);
        }
        });
    });
    Ok(())
}

/// The battles kept, newest first: each to continue or to delete.
fn saved_battles(
    ui: &mut egui::Ui,
    saved: &mut super::autosave::SavedBattles,
    prefs: &super::prefs::Prefs,
    setup: &mut BattleSetup,
    next: &mut NextState<AppState>,
) {
    if saved.listed.is_empty() {
        return;
    }
    let mut deleted = false;
    egui::CollapsingHeader::new(format!("Saved battles ({})", saved.listed.len()))
        .default_open(false)
        .show(ui, |ui| {
            for l in &saved.listed {
                ui.horizontal(|ui| {
                    match &l.save {
                        Ok(s) => {
                            let state = if s.over { "finished" } else { "under way" };
                            ui.label(format!(
                                "{}: round {}, {} decisions, {state}",
                                s.name,
                                s.round,
                                s.taken()
                            ));
                            if !s.over && ui.button("Continue").clicked() {
                                *setup = BattleSetup::resuming(&l.slot, s);
                                next.set(AppState::Battle);
                            }
                        }
                        Err(e) => {
                            ui.label(format!("{}: {e}", l.slot));
                        }
                    }
                    if ui.button("Delete").clicked()
                        && let Some(store) = super::autosave::store(prefs)
                    {
                        let _ = crate::save::Saves::new(store).delete(&l.slot);
                        deleted = true;
                    }
                });
            }
        });
    if deleted {
        *saved = super::autosave::SavedBattles::read(prefs);
    }
}

/// The menu's optional-rule boxes: they start from the scenario's own optional rules; a click
/// on the menu overrides them.
pub fn shown_options(setup: &BattleSetup, entry: Option<&CatalogueEntry>) -> Vec<OptionalRule> {
    entry.map_or_else(Vec::new, |e| {
        e.options
            .iter()
            .map(|rule| OptionalRule {
                on: setup.option(rule.key).unwrap_or(rule.on),
                ..rule.clone()
            })
            .collect()
    })
}

/// Whether a battle's scenario is a generated skirmish, named for its seed.
fn generate_name(scenario: &str) -> bool {
    matches!(crate::generate::parse_name(scenario), Some(Ok(_)))
}

/// The title of a phase: the ruleset's words for a person's decision, the shell's otherwise.
fn phase_title(battle: &Battle, phase: Phase) -> &'static str {
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
    egui::Panel::top("top").show(&mut ui, |ui| {
        ui.horizontal(|ui| {
            ui.strong(&battle.name);
            ui.separator();
            ui.label(battle.session.round_text());
            ui.separator();
            // While the rules are at work nobody decides: the last decider's name would stand
            // over the outcome of a roll.
            if phase != Phase::Showing {
                ui.label(format!("Deciding: {deciding}"));
                ui.separator();
            }
            ui.label(phase_title(&battle, phase));
            ui.separator();
            if ui
                .selectable_label(pace.fast, keys.label("Fast AI", GameAction::SpeedUp))
                .clicked()
            {
                pace.fast = !pace.fast;
            }
            if ui
                .selectable_label(panels.log, keys.label("Log", GameAction::Log))
                .clicked()
            {
                panels.log = !panels.log;
            }
            if ui
                .selectable_label(panels.why, keys.label("AI's reasons", GameAction::Why))
                .clicked()
            {
                panels.why = !panels.why;
            }
            if ui
                .selectable_label(panels.help, keys.label("Help", GameAction::Help))
                .clicked()
            {
                panels.help = !panels.help;
            }
            if super::input::may_undo(&battle, &seats)
                && ui.button(keys.label("Undo", GameAction::Undo)).clicked()
            {
                battle.undo();
            }
            if ui.button("Leave").clicked() {
                next.set(if battle.lesson.is_some() {
                    AppState::Learn
                } else {
                    AppState::Result
                });
            }
        });
    });

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
                    ui.heading(phase_title(&battle, phase));
                    // Harm and draws: every option's effect written out before the choice.
                    let inline = matches!(phase, Phase::Harm | Phase::Draw);
                    if inline {
                        ui.label(egui::RichText::new("Each option's effect is under it.").small());
                    }
                    choice_list(ui, &battle, &mut cursor, &mut choose, inline);
                }
                _ if person.is_some() => choice_list(ui, &battle, &mut cursor, &mut choose, false),
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
                cursor.target = None;
                cursor.index = 0;
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
    let shown = shown_choices(battle, cursor.target);
    egui::ScrollArea::vertical().show(ui, |ui| {
        for (i, &a) in shown.iter().enumerate() {
            let mut text = format!("{}. {}", i + 1, battle.session.describe(a));
            if super::lesson_view::marked_choice(battle, a) {
                text.push_str("   (the lesson's choice)");
            }
            let highlighted = i == cursor.index;
            let mut r = ui.selectable_label(highlighted, text);
            // The highlighted choice's odds stay in view under it (every choice's, where the
            // prompt writes each effect out), not only on hover.
            if let Some(h) = battle.session.odds(a) {
                if inline || highlighted {
                    ui.label(egui::RichText::new(format!("      {h}")).small().weak());
                }
                r = r.on_hover_text(h);
            }
            // Only a moving mouse takes the cursor: one resting over the list does not pin the
            // keyboard's choice.
            if r.hovered() && ui.input(|inp| inp.pointer.delta() != egui::Vec2::ZERO) {
                cursor.index = i;
            }
            if r.clicked()
                && let Some(c) = super::input::pick(battle, cursor, a)
            {
                choose.write(Choose(c));
            }
            if cursor.armed == Some(a) {
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
