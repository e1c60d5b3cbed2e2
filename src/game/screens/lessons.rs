//! The lessons on screen: the Learn page (each course, its lessons, which are done), and in a
//! lesson the step's panel (what to notice, the rule it teaches, a question before the roll,
//! the hint after a wrong try, what-ifs after the roll) and its pointer.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::game::flow::{AppState, Battle, BattleSetup, Notice};
use crate::game::input::GameAction;
use crate::game::keys::Bindings;
use crate::game::lesson::{LessonRun, PointAt, Stage, Waits};
use crate::game::lesson_input::{LearnCursor, start_lesson};
use crate::game::lesson_progress::Progress;

pub use crate::game::board::palette::POINTER;

/// The Learn page.
pub fn learn_ui(
    mut contexts: EguiContexts,
    progress: Option<Res<Progress>>,
    mut cursor: ResMut<LearnCursor>,
    mut setup: ResMut<BattleSetup>,
    notice: Res<Notice>,
    keys: Res<Bindings>,
    mut next: ResMut<NextState<AppState>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = crate::game::screens::root(ctx);
    egui::CentralPanel::default().show(&mut root, |ui| {
        ui.heading("Learn to play");
        ui.label("Short lessons on the board, one rule at a time, with the dice set so each shows its case. Up/Down pick a lesson, Enter starts it (or goes on where you left it).");
        if let Some(problem) = progress.as_ref().and_then(|p| p.problem.as_ref()) {
            ui.colored_label(egui::Color32::from_rgb(230, 150, 60), problem);
        }
        ui.separator();
        egui::ScrollArea::vertical().show(ui, |ui| {
            let mut last_ruleset = "";
            for (i, (id, _)) in crate::lessons::BUILTIN.iter().enumerate() {
                let ruleset = id.split('/').next().unwrap_or("");
                if ruleset != last_ruleset {
                    last_ruleset = ruleset;
                    ui.add_space(6.0);
                    ui.label(egui::RichText::new(course_name(ruleset)).strong().size(17.0));
                }
                let done = progress.as_ref().is_some_and(|p| p.done.iter().any(|d| d == id));
                let left = progress.as_ref().and_then(|p| p.resume_point(id));
                let (title, about) = lesson_title(id);
                let mark = if done { "done · " } else { "" };
                let resume = left.map_or(String::new(), |(at, _)| format!(" (left at step {})", at + 1));
                let r = ui.selectable_label(
                    cursor.0 == i,
                    format!("{}. {title}{resume}", i + 1),
                );
                ui.label(egui::RichText::new(format!("      {mark}{about}")).small().weak());
                if r.hovered() {
                    cursor.0 = i;
                }
                if r.clicked() {
                    start_lesson(&mut setup, progress.as_deref(), id);
                    next.set(AppState::Battle);
                }
            }
        });
        ui.separator();
        if ui.button(keys.label("Back to the menu", GameAction::Cancel)).clicked() {
            next.set(AppState::Menu);
        }
        if let Some(n) = &notice.0 {
            ui.colored_label(egui::Color32::LIGHT_RED, n);
        }
    });
    Ok(())
}

fn course_name(ruleset: &str) -> &'static str {
    match ruleset {
        "zones" => "Zones: a skirmish across zones",
        "coterie" => "Coterie: the party as one group",
        "teams" => "Three actions: teams on a grid",
        _ => "Lessons",
    }
}

/// A lesson's title and line, read once and kept: the first lesson asked for reads (and plays
/// through) its whole course, and keeps every title of it.
fn lesson_title(id: &str) -> (String, String) {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static TITLES: OnceLock<Mutex<HashMap<String, (String, String)>>> = OnceLock::new();
    let map = TITLES.get_or_init(Default::default);
    if let Some(t) = map.lock().ok().and_then(|m| m.get(id).cloned()) {
        return t;
    }
    let ruleset = id.split('/').next().unwrap_or("");
    let course = crate::lessons::course(ruleset).unwrap_or_default();
    let found = course.iter().find(|(i, _, _)| i == id).map_or_else(
        || (id.to_string(), String::new()),
        |(_, t, a)| (t.clone(), a.clone()),
    );
    if let Ok(mut m) = map.lock() {
        m.extend(course.into_iter().map(|(i, t, a)| (i, (t, a))));
        m.insert(id.to_string(), found.clone());
    }
    found
}

/// The step's panel, at the foot of the board.
pub fn lesson_panel(
    ctx: &egui::Context,
    battle: &mut Battle,
    lesson: &mut LessonRun,
    rules_at_work: bool,
    keys: &Bindings,
    next: &mut NextState<AppState>,
) {
    let mut go_on = false;
    let mut answer = None;
    let mut what_if = None;
    let mut back = false;
    let mut leave = false;
    egui::Window::new(format!("Lesson: {}", lesson.title))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -12.0])
        .default_width(520.0)
        .show(ctx, |ui| {
            if lesson.stage == Stage::Done {
                ui.heading("Lesson complete.");
                if ui
                    .button(keys.label("Back to the lessons", GameAction::Confirm))
                    .clicked()
                {
                    leave = true;
                }
                return;
            }
            let Some(step) = lesson.step() else { return };
            ui.label(
                egui::RichText::new(format!("Step {} of {}", lesson.at + 1, lesson.steps.len()))
                    .small()
                    .weak(),
            );
            ui.label(
                egui::RichText::new(&step.say)
                    .size(16.0)
                    .color(egui::Color32::from_rgb(240, 240, 235)),
            );
            if !step.rules.is_empty() {
                ui.label(
                    egui::RichText::new(format!(
                        "The rules: {}",
                        crate::rules::notes::titles(&step.rules)
                    ))
                    .small()
                    .color(egui::Color32::from_rgb(110, 170, 255)),
                )
                .on_hover_text(rules_text(&step.rules));
            }
            if let Some(p) = &step.predict {
                ui.separator();
                ui.label(egui::RichText::new(format!("Predict: {}", p.ask)).strong());
                ui.horizontal_wrapped(|ui| {
                    for (i, a) in p.answers.iter().enumerate() {
                        let picked = lesson.answer == Some(i);
                        let r = ui.selectable_label(picked, format!("{}. {a}", i + 1));
                        if r.clicked() && lesson.question_open() {
                            answer = Some(i);
                        }
                    }
                });
                if lesson.stage == Stage::After
                    && let Some(a) = lesson.answer
                {
                    let (colour, words) = if a == p.right {
                        (egui::Color32::LIGHT_GREEN, "Right.".to_string())
                    } else {
                        (
                            egui::Color32::from_rgb(255, 170, 60),
                            format!("Not this time: {}.", p.answers[p.right]),
                        )
                    };
                    ui.colored_label(colour, words);
                }
            }
            if let Some(f) = &lesson.feedback {
                ui.colored_label(
                    egui::Color32::from_rgb(255, 170, 60),
                    format!("Not that. {f}"),
                );
                if lesson.shows_right() {
                    ui.colored_label(
                        egui::Color32::from_rgb(255, 170, 60),
                        "The lesson's choice is marked in the menu.",
                    );
                }
            }
            if lesson.stage == Stage::After {
                if !step.then.is_empty() {
                    ui.separator();
                    ui.label(&step.then);
                }
                if !step.what_ifs.is_empty() {
                    ui.separator();
                    ui.label(
                        egui::RichText::new("What if the dice had fallen otherwise?").strong(),
                    );
                    for (i, w) in step.what_ifs.iter().enumerate() {
                        let showing = lesson.what_if.as_ref().is_some_and(|(s, _, _)| *s == i);
                        if ui
                            .selectable_label(showing, format!("{}. {w}", i + 1))
                            .clicked()
                        {
                            what_if = Some(i);
                        }
                    }
                    if lesson.what_if.is_some()
                        && ui.button("0. Back to the lesson's dice").clicked()
                    {
                        back = true;
                    }
                }
            }
            ui.separator();
            // While the rules at work are on screen, Enter goes through them: the lesson's own
            // button waits, so that one key never has two buttons.
            ui.horizontal(|ui| {
                let go = match (lesson.stage, step.waits) {
                    _ if rules_at_work => None,
                    (Stage::Before, Waits::Learner) => None,
                    (Stage::Before, Waits::Other) => Some("Play it"),
                    _ => Some("Go on"),
                };
                match go {
                    Some(label) => {
                        if ui.button(keys.label(label, GameAction::Confirm)).clicked() {
                            go_on = true;
                        }
                    }
                    None => {
                        ui.label(
                            egui::RichText::new(if rules_at_work {
                                "Go through the rules at work first (Enter)."
                            } else {
                                "Take the action: in the choices on the left, or on the board."
                            })
                            .weak(),
                        );
                    }
                }
                if ui.small_button("Leave the lesson (Q)").clicked() {
                    leave = true;
                }
            });
        });
    if let Some(a) = answer {
        lesson.answer = Some(a);
        battle.refresh();
    }
    if go_on {
        let _ = crate::game::lesson::go_on(battle, lesson);
    }
    if let Some(w) = what_if {
        let _ = crate::game::lesson::show_what_if(battle, lesson, w);
    }
    if back {
        crate::game::lesson::back_to_line(battle, lesson);
    }
    if leave {
        next.set(AppState::Learn);
    }
}

/// The paragraphs a step teaches, from the rules notes, for the hover.
fn rules_text(ids: &[String]) -> String {
    ids.iter()
        .filter_map(|id| crate::rules::notes::paragraph(id))
        .map(|p| p.lines().take(4).collect::<Vec<_>>().join("\n"))
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// Whether choice `i` of the battle is the lesson's own, to be marked: after two wrong tries,
/// or from the start where the step points at it.
pub fn marked_choice(battle: &Battle, lesson: Option<&LessonRun>, i: usize) -> bool {
    let Some(lesson) = lesson else {
        return false;
    };
    let pointed = lesson
        .step()
        .is_some_and(|s| s.point == Some(crate::lessons::Pointer::Choice));
    lesson.waits_for_learner()
        && (lesson.shows_right() || pointed)
        && battle
            .session()
            .choice(i)
            .is_some_and(|c| lesson.play.allowed_index(lesson.at, &c) == Some(0))
}

/// The pointer at a panel: its outline, and an arrow at its edge.
pub fn point_panel(ctx: &egui::Context, rect: egui::Rect, t: f32) {
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Foreground,
        egui::Id::new("lesson-pointer"),
    ));
    // The colour stays (a screenshot checks for it); the outline breathes.
    let width = 3.0 + 2.0 * (t * 4.0).sin().abs();
    painter.rect_stroke(
        rect.shrink(3.0),
        4.0,
        egui::Stroke::new(width, POINTER),
        egui::StrokeKind::Inside,
    );
}

/// The rectangle a step's panel pointer outlines: `choices` is where the choices are shown
/// (the menu, or a prompt's window).
pub fn pointed_panel(
    lesson: &LessonRun,
    battle: &Battle,
    choices: egui::Rect,
    right: egui::Rect,
) -> Option<egui::Rect> {
    match lesson.pointer(battle.session())? {
        PointAt::Choices => Some(choices),
        PointAt::Log | PointAt::Roster => Some(right),
        _ => None,
    }
}
