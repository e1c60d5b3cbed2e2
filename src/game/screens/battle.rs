//! The battle's screen: the top bar, the choices beside the board (or the pass-the-screen
//! card), a resolution's steps over it, the roster and the log, and the windows a button opens
//! (a roll's breakdown, the AI's reasons, the help). It reads the battle and writes choices;
//! the rules core decides what they mean.

use crate::words::{Value, Words};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::game::battle::{
    AppState, Battle, Brain, Choose, LessonRun, Notice, Pace, Phase, SeatKind, Seats, Showing,
    person_deciding,
};
use crate::game::board::BoardArea;
use crate::game::board::Playing;
use crate::game::board::viewer;
use crate::game::input::{Bindings, Cursor, GameAction, Panels, Row, rows, take_screen};
use crate::game::screens::{
    TopButtons, TopClick, decision_heading, faction_colour, root, status_words, top_bar,
};
use crate::present::DecisionStyle;
use crate::rules::battle::{Outcome, Pending, Seat};
use crate::rules::notes;

/// Who a seat is, in words.
fn seat_name(battle: &Battle, words: &Words, seat: Seat) -> String {
    match seat {
        Seat::Faction(f) => battle
            .session()
            .faction_names()
            .get(f)
            .cloned()
            .unwrap_or_else(|| "?".into()),
        Seat::Gm => words.say("screen-the-gm"),
        Seat::Character(c) => battle.session().character_name(c),
    }
}

/// Who decides now, in words: the seat's name, and the AI's level where an AI holds it.
pub fn deciding_words(battle: &Battle, words: &Words, seats: &Seats) -> String {
    match battle.session().pending().seat() {
        Some(seat) => match seats.kind(seat) {
            SeatKind::Person => seat_name(battle, words, seat),
            SeatKind::Ai(level) => words.say_with(
                "screen-ai-seat",
                &[
                    ("seat", Value::Text(seat_name(battle, words, seat))),
                    ("level", crate::game::battle::ai_level(words, level)),
                ],
            ),
        },
        None => words.say("screen-nobody"),
    }
}

/// What the battle's screen reads and changes.
#[derive(SystemParam)]
pub struct BattleView<'w> {
    battle: ResMut<'w, Battle>,
    seats: ResMut<'w, Seats>,
    showing: ResMut<'w, Showing>,
    playing: ResMut<'w, Playing>,
    lesson: Option<ResMut<'w, LessonRun>>,
    cursor: ResMut<'w, Cursor>,
    panels: ResMut<'w, Panels>,
    pace: ResMut<'w, Pace>,
    brain: Res<'w, Brain>,
    speech: Res<'w, crate::game::settings::Speech>,
    notice: ResMut<'w, Notice>,
    keys: Res<'w, Bindings>,
}

/// What the board shows beside the choices: its layout, the token under the mouse, the art.
#[derive(SystemParam)]
pub struct BoardSeen<'w> {
    lay: Option<Res<'w, crate::game::board::Layout>>,
    hovered: Res<'w, crate::game::board::Hovered>,
    art: Option<Res<'w, crate::game::board::Art>>,
}

pub fn battle_ui(
    mut contexts: EguiContexts,
    mut t: BattleView,
    seen: BoardSeen,
    mut choose: MessageWriter<Choose>,
    mut next: ResMut<NextState<AppState>>,
    mut area: ResMut<BoardArea>,
) -> Result {
    // The board is covered until the panels say what they leave of it.
    area.0 = None;
    // The phase the core, the seats and the steps call for now: the `Phase` state follows a
    // frame later, and drawn from it the frame after an AI's choice would name the person now
    // deciding under "The AI is thinking".
    let phase =
        crate::game::battle::phase_for(&t.battle, &t.seats, &t.showing, t.lesson.as_deref());
    let deciding = deciding_words(&t.battle, &t.speech, &t.seats);
    let ctx = contexts.ctx_mut()?.clone();
    let mut ui = root(&ctx);
    top(&mut ui, &mut t, phase, &deciding, &mut next);
    if phase == Phase::PassScreen {
        pass_screen(&mut ui, &mut t, &deciding);
        return Ok(());
    }
    let left = choices_panel(
        &mut ui,
        &mut t,
        &seen,
        phase,
        &deciding,
        &mut choose,
        &mut next,
    );
    if phase == Phase::Showing {
        steps_window(&ctx, &mut t);
    }
    let right = roster_and_log(&mut ui, &mut t);
    area.0 = Some(ui.available_rect_before_wrap());
    if let Some(lesson) = t.lesson.as_deref_mut() {
        if let Some(rect) =
            crate::game::screens::lessons::pointed_panel(lesson, &t.battle, left, right)
        {
            crate::game::screens::lessons::point_panel(&ctx, rect, ctx.input(|i| i.time) as f32);
        }
        let rules_at_work = !t.showing.is_empty();
        let refused = crate::game::screens::lessons::lesson_panel(
            &ctx,
            &mut t.battle,
            lesson,
            rules_at_work,
            &t.keys,
            &t.speech,
            &mut next,
        );
        if let Some(why) = refused {
            t.notice.0 = Some(t.battle.say(&t.speech, &why));
        }
    }
    breakdown_window(&ctx, &mut t);
    if t.panels.why {
        reasons_window(&ctx, &t);
    }
    if t.panels.help {
        help_window(&ctx, &t);
    }
    Ok(())
}

/// The top bar: the battle, its round, who decides; the buttons.
fn top(
    ui: &mut egui::Ui,
    t: &mut BattleView,
    phase: Phase,
    deciding: &str,
    next: &mut NextState<AppState>,
) {
    let buttons = TopButtons {
        fast: t.pace.fast,
        log: t.panels.log,
        why: t.panels.why,
        help: t.panels.help,
        undo: t.lesson.is_none() && crate::game::input::may_undo(&t.battle, &t.seats),
        keys: &t.keys,
        words: &t.speech,
    };
    let words = status_words(&t.battle, &t.speech, phase, deciding);
    let click = egui::Panel::top("top")
        .show(ui, |ui| top_bar(ui, &words, &buttons))
        .inner;
    match click {
        Some(TopClick::Fast) => t.pace.fast = !t.pace.fast,
        Some(TopClick::Log) => t.panels.log = !t.panels.log,
        Some(TopClick::Why) => t.panels.why = !t.panels.why,
        Some(TopClick::Help) => t.panels.help = !t.panels.help,
        Some(TopClick::Undo) => {
            t.battle.undo();
        }
        Some(TopClick::Leave) => next.set(if t.lesson.is_some() {
            AppState::Learn
        } else {
            AppState::Result
        }),
        None => {}
    }
}

/// Hot-seat: the board hidden until the next person takes the screen.
fn pass_screen(ui: &mut egui::Ui, t: &mut BattleView, deciding: &str) {
    egui::CentralPanel::default().show(ui, |ui| {
        ui.vertical_centered(|ui| {
            ui.add_space(120.0);
            let words = &t.speech;
            ui.heading(words.say_with("screen-pass-to", &[("who", Value::Text(deciding.into()))]));
            ui.label(words.say("screen-pass-why"));
            ui.add_space(20.0);
            if ui
                .button(
                    egui::RichText::new(
                        t.keys
                            .label(&words.say("screen-have-it"), GameAction::Confirm),
                    )
                    .size(20.0),
                )
                .clicked()
            {
                take_screen(&t.battle, &mut t.seats);
            }
        });
    });
}

/// The left panel: the situation, what is being decided and the choices, the notice, and the
/// card of the character under the mouse (or the one acting). Returns where it stands.
fn choices_panel(
    ui: &mut egui::Ui,
    t: &mut BattleView,
    seen: &BoardSeen,
    phase: Phase,
    deciding: &str,
    choose: &mut MessageWriter<Choose>,
    next: &mut NextState<AppState>,
) -> egui::Rect {
    let names = t.battle.session().faction_names().to_vec();
    let person = person_deciding(&t.battle, &t.seats, t.lesson.as_deref());
    egui::Panel::left("choices")
        .exact_size(crate::game::board::LEFT_PANEL)
        .show(ui, |ui| {
            if let Some(sit) = t.battle.session().situation() {
                ui.label(egui::RichText::new(sit).italics());
                ui.separator();
            }
            match phase {
                Phase::AiThinking => {
                    let who = Value::Text(deciding.into());
                    ui.label(t.speech.say_with("screen-deciding", &[("who", who)]));
                }
                Phase::Watching => {
                    ui.label(t.speech.say_with(
                        "screen-replay-at",
                        &[
                            ("taken", Value::Number(t.battle.taken() as f64)),
                            (
                                "length",
                                Value::Number(t.battle.session().watch_len().unwrap_or(0) as f64),
                            ),
                        ],
                    ));
                }
                Phase::Over => {
                    if let Pending::Over(o) = t.battle.pending() {
                        let text = match o {
                            Outcome::Victory { winner, how } => t.speech.say_with(
                                "screen-won",
                                &[
                                    (
                                        "side",
                                        Value::Text(
                                            names
                                                .get(winner)
                                                .cloned()
                                                .unwrap_or_else(|| "?".into()),
                                        ),
                                    ),
                                    ("how", Value::Text(t.battle.say(&t.speech, &how))),
                                ],
                            ),
                            Outcome::Draw { how } => t.speech.say_with(
                                "screen-draw",
                                &[("how", Value::Text(t.battle.say(&t.speech, &how)))],
                            ),
                        };
                        ui.heading(text);
                    }
                    if ui
                        .button(
                            t.keys
                                .label(&t.speech.say("screen-see-result"), GameAction::Confirm),
                        )
                        .clicked()
                    {
                        next.set(AppState::Result);
                    }
                }
                Phase::Lesson => {
                    ui.label(
                        t.keys
                            .label(&t.speech.say("screen-lesson-speaks"), GameAction::Confirm),
                    );
                }
                Phase::Deciding if person.is_some() => decision(ui, t, choose),
                _ => {}
            }
            if let Some(n) = &t.notice.0 {
                ui.colored_label(egui::Color32::LIGHT_RED, n);
            }
            if let Some(lay) = &seen.lay
                && let Some(token) =
                    crate::game::screens::card::chosen(&lay.view, seen.hovered.0, t.cursor.target)
            {
                let side = names.get(token.faction).map_or("", String::as_str);
                egui::Panel::bottom("card")
                    .resizable(false)
                    .frame(egui::Frame::NONE)
                    .show(ui, |ui| {
                        crate::game::screens::card::character_card(
                            ui,
                            &t.speech,
                            seen.art.as_deref(),
                            token,
                            side,
                        );
                    });
            }
        })
        .response
        .rect
}

/// A person's decision: its title (the ruleset's words) over its choices, laid out as the
/// ruleset says: rows, or cards with every option's effect written out (harm, draws).
fn decision(ui: &mut egui::Ui, t: &mut BattleView, choose: &mut MessageWriter<Choose>) {
    let Pending::Decide { kind, .. } = t.battle.session().pending() else {
        return;
    };
    let (title, style) = (
        t.battle.session().title(*kind),
        t.battle.session().style(*kind),
    );
    decision_heading(ui, &title);
    let cards = style == DecisionStyle::Cards;
    if cards && (0..t.battle.session().legal_len()).any(|i| t.battle.session().odds(i).is_some()) {
        ui.label(egui::RichText::new(t.speech.say("screen-effects-under")).small());
    }
    choice_list(
        ui,
        &t.battle,
        &t.speech,
        t.lesson.as_deref(),
        &mut t.cursor,
        choose,
        cards,
    );
}

/// A resolution's steps, one at a time, over the board.
fn steps_window(ctx: &egui::Context, t: &mut BattleView) {
    let Some(beat) = t.showing.front().cloned() else {
        return;
    };
    let left = t.showing.len();
    egui::Window::new(beat.title.as_str())
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, [0.0, 60.0])
        .show(ctx, |ui| {
            for line in &beat.lines {
                ui.label(line);
            }
            ui.separator();
            let next = if left > 1 {
                let more = [("more", Value::Number((left - 1) as f64))];
                t.keys.label(
                    &t.speech.say_with("screen-next-more", &more),
                    GameAction::Confirm,
                )
            } else {
                t.keys
                    .label(&t.speech.say("screen-go-on"), GameAction::Confirm)
            };
            if ui.button(next).clicked() {
                t.showing.pop_front();
            }
        });
}

/// The right panel: the characters side by side, and the log when it is open. Returns where
/// it stands.
fn roster_and_log(ui: &mut egui::Ui, t: &mut BattleView) -> egui::Rect {
    let names = t.battle.session().faction_names().to_vec();
    egui::Panel::right("log")
        .exact_size(crate::game::board::RIGHT_PANEL)
        .show(ui, |ui| {
            ui.strong(t.speech.say("screen-characters"));
            let roster =
                t.battle
                    .session()
                    .roster(viewer(&t.battle, &t.seats, t.lesson.as_deref()));
            for (f, name) in names.iter().enumerate() {
                ui.label(egui::RichText::new(name).color(faction_colour(f)));
                for line in roster.iter().filter(|l| l.faction == f) {
                    ui.label(format!("  {}", line.text));
                }
            }
            if t.panels.log {
                ui.separator();
                ui.strong(t.speech.say("screen-log-title"));
                let playing = t.playing.now.map(|(e, _)| e);
                let mut replay = None;
                egui::ScrollArea::vertical()
                    .stick_to_bottom(true)
                    .show(ui, |ui| {
                        for (i, e) in t.battle.log().iter().enumerate() {
                            // The line whose event the board is playing stands out.
                            let said = t.battle.say(&t.speech, &e.line);
                            let text = if e.explanation.is_some() {
                                format!("• {said}")
                            } else {
                                said
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
                                    t.panels.breakdown = Some(i);
                                }
                            }
                        }
                    });
                if let Some(i) = replay {
                    t.playing.replay(i);
                }
            }
        })
        .response
        .rect
}

/// A roll's breakdown: its dice, modifiers and total, and the rule quoted from the notes.
fn breakdown_window(ctx: &egui::Context, t: &mut BattleView) {
    if let Some(i) = t.panels.breakdown
        && let Some(e) = t.battle.log().get(i)
        && let Some(x) = &e.explanation
    {
        let mut open = true;
        egui::Window::new(t.speech.say("screen-breakdown"))
            .open(&mut open)
            .show(ctx, |ui| {
                let said = t.battle.explain(&t.speech, x);
                ui.strong(&said.what);
                let words = &t.speech;
                let showed = |r: &crate::rules::Rolled| {
                    [
                        ("die", Value::Text(r.die.to_string())),
                        ("value", Value::Number(f64::from(r.value))),
                    ]
                };
                let dice: Vec<String> = x
                    .dice
                    .iter()
                    .map(|r| words.say_with("screen-showed", &showed(r)))
                    .collect();
                let dice = Value::Text(dice.join(&words.say("list-separator")));
                ui.label(words.say_with("screen-dice", &[("dice", dice)]));
                for d in &x.dropped {
                    ui.label(words.say_with("screen-dropped", &showed(d)));
                }
                for (value, cause) in &said.modifiers {
                    ui.label(format!("{value:+}  {cause}"));
                }
                let total = Value::Number(f64::from(x.total));
                ui.label(words.say_with("screen-total", &[("total", total)]));
                if let Some(a) = &said.against {
                    ui.label(
                        words.say_with("screen-against", &[("against", Value::Text(a.clone()))]),
                    );
                }
                let outcome = Value::Text(said.outcome.clone());
                ui.label(words.say_with("screen-result", &[("outcome", outcome)]));
                ui.separator();
                let rule = Value::Text(x.rule.clone());
                ui.label(
                    egui::RichText::new(words.say_with("screen-rule", &[("rule", rule)])).strong(),
                );
                // The rules notes are Markdown: headings, emphasis, lists, paragraphs.
                crate::game::screens::notes_text::show(
                    ui,
                    notes::paragraph(&x.rule).unwrap_or(&words.say("screen-no-note")),
                );
            });
        if !open {
            t.panels.breakdown = None;
        }
    }
}

/// What the AI thought of its last decision, best first.
fn reasons_window(ctx: &egui::Context, t: &BattleView) {
    let words = &t.speech;
    egui::Window::new(words.say("screen-reasons")).show(ctx, |ui| {
        match t.brain.last_seat {
            Some(seat) => ui.label(words.say_with(
                "screen-last-decision",
                &[("seat", Value::Text(seat_name(&t.battle, words, seat)))],
            )),
            None => ui.label(words.say("screen-no-decision")),
        };
        for c in t.brain.last_candidates.iter().take(6) {
            let said = t.battle.say(&t.speech, &c.line);
            let choice = Value::Text(said);
            let line = if c.visits > 0 {
                words.say_with(
                    "screen-win-share",
                    &[
                        ("value", Value::Number(c.value)),
                        ("visits", Value::Number(f64::from(c.visits))),
                        ("choice", choice),
                    ],
                )
            } else {
                words.say_with(
                    "screen-expected",
                    &[("value", Value::Number(c.value)), ("choice", choice)],
                )
            };
            ui.label(line);
        }
    });
}

/// The help: the mouse, the board's pictures, the keys.
fn help_window(ctx: &egui::Context, t: &BattleView) {
    let words = &t.speech;
    egui::Window::new(words.say("screen-help")).show(ctx, |ui| {
        ui.label(t.battle.session().mouse_help());
        ui.label(words.say("screen-help-board"));
        ui.label(words.say("screen-help-tokens"));
        ui.label(words.say("screen-help-bars"));
        ui.label(words.say("screen-help-icons"));
        egui::Grid::new("icons").show(ui, |ui| {
            for (i, icon) in crate::present::Icon::KINDS.into_iter().enumerate() {
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(18.0, 18.0), egui::Sense::hover());
                ui.painter()
                    .extend(crate::game::board::icon_shapes(icon, rect.center(), 8.0));
                ui.label(words.say(icon.message()));
                if i % 2 == 1 {
                    ui.end_row();
                }
            }
        });
        ui.label(words.say("screen-help-keys"));
        for action in GameAction::ALL {
            let keys = t.keys.words(words, action);
            let does = Value::Text(words.say(action.message()));
            ui.label(words.say_with(
                "screen-help-key",
                &[("keys", Value::Text(keys)), ("does", does)],
            ));
        }
        ui.label(words.say("screen-help-rolls"));
    });
}

/// The person's choices, the one under the cursor marked, each with its odds on hover.
/// `inline`: each choice's odds or effect written under it, not only on hover.
fn choice_list(
    ui: &mut egui::Ui,
    battle: &Battle,
    words: &Words,
    lesson: Option<&LessonRun>,
    cursor: &mut Cursor,
    choose: &mut MessageWriter<Choose>,
    inline: bool,
) {
    if let Some(t) = cursor.target {
        ui.horizontal(|ui| {
            let who = Value::Text(battle.session().character_name(t));
            ui.label(words.say_with("screen-choices-for", &[("who", who)]));
            if ui.small_button(words.say("screen-all")).clicked() {
                cursor.filter_to(None);
            }
        });
        if !battle.session().reach(t).is_empty() {
            ui.label(
                egui::RichText::new(words.say("screen-reach-lit"))
                    .small()
                    .weak(),
            );
        }
    }
    if let Pending::Decide {
        time_limit: Some(secs),
        ..
    } = battle.session().pending()
    {
        ui.colored_label(
            egui::Color32::YELLOW,
            words.say_with(
                "screen-chaos",
                &[("seconds", Value::Number(f64::from(*secs)))],
            ),
        );
    }
    if let Some(v) = cursor.verb {
        ui.horizontal(|ui| {
            ui.label(egui::RichText::new(v).strong());
            if ui.small_button(words.say("screen-back")).clicked() {
                crate::game::input::back(battle, cursor);
            }
        });
    }
    let shown = rows(battle, cursor);
    let composing = shown.iter().any(|r| matches!(r, Row::Part { .. }));
    if composing || !cursor.picked.is_empty() {
        ui.label(egui::RichText::new(words.say("screen-compose")).small());
        if !cursor.picked.is_empty() {
            ui.horizontal_wrapped(|ui| {
                ui.label(
                    egui::RichText::new(words.say_with(
                        "screen-so-far",
                        &[(
                            "picked",
                            Value::Text(cursor.picked.join(&words.say("list-separator"))),
                        )],
                    ))
                    .strong(),
                );
                if ui.small_button(words.say("screen-back-a-step")).clicked() {
                    crate::game::input::back(battle, cursor);
                }
            });
        }
    }
    // What the highlighted row holds (its odds, or how a verb opens) is written under the list,
    // not under the row: rows never move as the mouse or the keys go down the list, so a row
    // pointed at stays under the pointer until it is clicked.
    let mut hint: Option<String> = None;
    egui::ScrollArea::vertical().show(ui, |ui| {
        for (i, &row) in shown.iter().enumerate() {
            let (mut text, odds) = match row {
                Row::Choice(a) if !cursor.picked.is_empty() => (
                    words.say_with(
                        "screen-deal-it",
                        &[(
                            "choice",
                            Value::Text(battle.say(words, &battle.session().describe(a))),
                        )],
                    ),
                    battle.session().odds(a),
                ),
                Row::Choice(a) => (
                    battle.say(words, &battle.session().describe(a)),
                    battle.session().odds(a),
                ),
                Row::Verb { verb, count, .. } => (
                    words.say_with(
                        "screen-verb-row",
                        &[
                            ("verb", Value::Text(words.say(verb))),
                            ("count", Value::Number(count as f64)),
                        ],
                    ),
                    None,
                ),
                Row::Part { count, .. } => (
                    words.say_with(
                        "screen-part-row",
                        &[
                            (
                                "part",
                                Value::Text(row.part_words(battle).unwrap_or_default()),
                            ),
                            ("count", Value::Number(count as f64)),
                        ],
                    ),
                    None,
                ),
            };
            text = words.say_with(
                "screen-numbered",
                &[
                    ("number", Value::Number((i + 1) as f64)),
                    ("text", Value::Text(text)),
                ],
            );
            // The lesson's mark is looked for first: a row's choices are worked out only where
            // a lesson marks one.
            if (0..battle.session().legal_len()).any(|a| {
                crate::game::screens::lessons::marked_choice(battle, lesson, a)
                    && row.holds(battle, a)
            }) {
                text.push_str(&words.say("screen-lesson-choice"));
            }
            let highlighted = i == cursor.index;
            // A prompt's options are cards, each with its effect written out in full; a turn's
            // choices are rows, the highlighted one's odds under the list.
            let r = if inline {
                let stroke = if highlighted {
                    egui::Stroke::new(2.0, egui::Color32::from_rgb(250, 210, 80))
                } else {
                    egui::Stroke::new(1.0, egui::Color32::from_gray(90))
                };
                let r = egui::Frame::group(ui.style())
                    .stroke(stroke)
                    .show(ui, |ui| {
                        ui.set_width(ui.available_width());
                        let r =
                            ui.selectable_label(highlighted, egui::RichText::new(text).strong());
                        if let Some(h) = &odds {
                            ui.label(h);
                        }
                        r
                    })
                    .inner;
                // What another seat may make of this option stands as its own card under it.
                if let Row::Choice(a) = row
                    && let Some((title, effect)) = battle.session().alternative(a)
                {
                    egui::Frame::group(ui.style())
                        .stroke(egui::Stroke::new(1.0, egui::Color32::from_gray(70)))
                        .inner_margin(egui::Margin {
                            left: 18,
                            ..egui::Margin::same(6)
                        })
                        .show(ui, |ui| {
                            ui.set_width(ui.available_width());
                            ui.label(egui::RichText::new(title).italics());
                            ui.label(effect);
                        });
                }
                r
            } else {
                // No tooltip: the mouse over a row highlights it, and its odds are under the
                // list, where they cover no other row.
                let r = ui.selectable_label(highlighted, text);
                if highlighted {
                    hint = hint.or(odds);
                }
                r
            };
            // Only a moving mouse takes the cursor: one resting over the list does not pin the
            // keyboard's choice.
            if r.hovered() && ui.input(|inp| inp.pointer.delta() != egui::Vec2::ZERO) {
                cursor.index = i;
            }
            if r.clicked()
                && let Some(c) = crate::game::input::take_row(battle, cursor, row)
            {
                choose.write(Choose(c));
            }
            if highlighted && matches!(row, Row::Verb { .. }) {
                hint = Some(words.say("screen-verb-hint"));
            }
            if let Row::Choice(a) = row
                && cursor.armed == Some(a)
            {
                ui.colored_label(
                    egui::Color32::from_rgb(255, 170, 60),
                    words.say("screen-irreversible"),
                );
            }
        }
        if let Some(h) = hint {
            // The odds of the highlighted choice are what it is chosen by: body text, not a
            // footnote.
            ui.add_space(4.0);
            ui.label(egui::RichText::new(h).color(egui::Color32::from_gray(215)));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::battle::BattleSetup;
    use crate::game::platform::spoken;
    use bevy::ecs::system::RunSystemOnce;

    /// Every text the battle's screen draws as it stands, at 1280×720: the top bar, the
    /// choices (or the pass-the-screen card), a resolution's steps, the roster and the log, and
    /// the windows its buttons open.
    fn screen_texts(app: &mut App) -> Vec<(String, egui::Rect)> {
        let draw = |mut t: BattleView,
                    seen: BoardSeen,
                    mut choose: MessageWriter<Choose>,
                    mut next: ResMut<NextState<AppState>>| {
            let phase = crate::game::battle::phase_for(
                &t.battle,
                &t.seats,
                &t.showing,
                t.lesson.as_deref(),
            );
            let deciding = deciding_words(&t.battle, &t.speech, &t.seats);
            (t.panels.log, t.panels.why, t.panels.help) = (true, true, true);
            crate::game::platform::drawn::texts_drawn(egui::vec2(1280.0, 720.0), |ui| {
                top(ui, &mut t, phase, &deciding, &mut next);
                if phase == Phase::PassScreen {
                    pass_screen(ui, &mut t, &deciding);
                    return;
                }
                choices_panel(ui, &mut t, &seen, phase, &deciding, &mut choose, &mut next);
                if phase == Phase::Showing {
                    steps_window(ui.ctx(), &mut t);
                }
                roster_and_log(ui, &mut t);
                breakdown_window(ui.ctx(), &mut t);
                reasons_window(ui.ctx(), &t);
                help_window(ui.ctx(), &t);
            })
        };
        app.world_mut()
            .run_system_once(draw)
            .expect("the battle screen's resources")
    }

    /// Under the pseudo-locale, the battle's screen of each ruleset, at every decision of a
    /// battle a person plays (the first seat, taking its choices in turn) against the AI,
    /// says nothing in plain English but the names the scenario file writes and the names on
    /// the keys, and cuts none of its lengthened words off at the window's edge.
    #[test]
    fn the_battle_screen_speaks_from_the_catalogue() {
        let key_names = crate::game::input::key_names();
        for scenario in ["duel", "wizards-and-bandits", "goblin-ambush"] {
            let file = std::fs::read_to_string(format!("assets/scenarios/{scenario}.ron"))
                .expect("a shipped scenario's file");
            let mut own: Vec<&str> = spoken::quoted(&file).collect();
            own.extend(key_names.iter().map(String::as_str));
            let dir = std::env::temp_dir().join(format!(
                "fray-battle-screen-{}-{scenario}",
                std::process::id()
            ));
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(dir.join("settings.ron"), "(lang: Pseudo)").unwrap();
            let mut app = App::new();
            app.insert_resource(crate::game::platform::Prefs::in_dir(&dir));
            app.add_plugins((
                MinimalPlugins,
                bevy::state::app::StatesPlugin,
                bevy::input::InputPlugin,
                crate::game::LogicPlugin,
            ));
            app.insert_resource(Pace {
                pause: 0.0,
                fast: false,
                budget: 100_000,
            });
            app.insert_resource(crate::game::input::Settle::after(0.0));
            // The board's, which the windowed app keeps: nothing under the mouse here.
            app.init_resource::<crate::game::board::Hovered>();
            let easy = SeatKind::Ai(crate::ai::Level::Easy);
            let mut seats = vec![SeatKind::Person];
            seats.extend([easy; 8]);
            app.insert_resource(BattleSetup {
                scenario: scenario.to_string(),
                seed: 7,
                seats,
                gm: easy,
                ..BattleSetup::default()
            });
            app.update();
            app.world_mut()
                .resource_mut::<NextState<AppState>>()
                .set(AppState::Battle);
            let (mut checked, mut drawn) = (0, 0);
            let person =
                |s: Option<Seat>| s == Some(Seat::Faction(0)) || s == Some(Seat::Character(0));
            for turn in 0..400 {
                app.update();
                let Some(battle) = app.world().get_resource::<Battle>() else {
                    continue;
                };
                let over = !matches!(battle.pending(), Pending::Decide { .. });
                let deciding = person(battle.pending().seat());
                // Drawn at the person's decisions, now and then between (the AI thinking, a
                // resolution's steps) and at the end, two dozen times a battle: the words
                // repeat.
                if drawn < 24 && (deciding || over || turn % 16 == 0) {
                    drawn += 1;
                    let texts = screen_texts(&mut app);
                    spoken::assert_spoken(&format!("{scenario}, frame {turn}"), &texts, &own);
                    checked += texts.len();
                }
                if over {
                    break;
                }
                if deciding {
                    // The person's choice taken at once, one after another down the list.
                    let mut battle = app.world_mut().resource_mut::<Battle>();
                    let n = battle.session().legal_len();
                    if let Some(choice) = battle.session().choice(turn % n) {
                        let _ = battle.apply(&choice);
                    }
                }
            }
            let _ = std::fs::remove_dir_all(&dir);
            assert!(
                drawn >= 8 && checked > 200,
                "{scenario}: {drawn} frames, {checked} texts"
            );
        }
    }
}
