//! The lessons on screen: the Learn page (each course, its lessons, which are done), and in a
//! lesson the step's panel (what to notice, the rule it teaches, a question before the roll,
//! the hint after a wrong try, what-ifs after the roll) and its pointer.

use crate::words::{Value, Words};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::game::battle::{
    AppState, Battle, BattleSetup, LessonRun, Notice, PointAt, Stage, Waits,
};
use crate::game::input::{Bindings, GameAction};
use crate::game::lesson::{Progress, start_lesson};
use crate::rules::Line;

pub use crate::game::board::POINTER;

/// The Learn page's keys and its cursor, beside its drawing.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LearnCursor>().add_systems(
        Update,
        learn_keys
            .run_if(in_state(AppState::Learn))
            .run_if(crate::game::input::keys_closed),
    );
}

/// The lesson the Learn page's cursor is on.
#[derive(Resource, Default)]
pub struct LearnCursor(pub usize);

/// The Learn page by keyboard: Up/Down pick a lesson, Enter starts (or resumes) it, Escape
/// goes back to the menu.
fn learn_keys(
    actions: Single<&leafwing_input_manager::prelude::ActionState<GameAction>>,
    mut cursor: ResMut<LearnCursor>,
    progress: Option<Res<Progress>>,
    mut setup: ResMut<BattleSetup>,
    mut next: ResMut<NextState<AppState>>,
) {
    let n = crate::lessons::BUILTIN.len();
    if n == 0 {
        return;
    }
    if actions.just_pressed(&GameAction::Next) {
        cursor.0 = (cursor.0 + 1) % n;
    }
    if actions.just_pressed(&GameAction::Previous) {
        cursor.0 = (cursor.0 + n - 1) % n;
    }
    if actions.just_pressed(&GameAction::Confirm) {
        let id = crate::lessons::BUILTIN[cursor.0.min(n - 1)].0;
        start_lesson(&mut setup, progress.as_deref(), id);
        next.set(AppState::Battle);
    }
    if actions.just_pressed(&GameAction::Cancel) {
        next.set(AppState::Menu);
    }
}

/// The Learn page.
pub fn learn_ui(
    mut contexts: EguiContexts,
    progress: Option<Res<Progress>>,
    mut cursor: ResMut<LearnCursor>,
    mut setup: ResMut<BattleSetup>,
    notice: Res<Notice>,
    keys: Res<Bindings>,
    speech: Res<crate::game::settings::Speech>,
    mut next: ResMut<NextState<AppState>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = crate::game::screens::root(ctx);
    egui::CentralPanel::default().show(&mut root, |ui| {
        let page = LearnPage {
            words: &speech,
            keys: &keys,
            progress: progress.as_deref(),
            notice: &notice,
        };
        page.draw(ui, &mut cursor, &mut setup, &mut next);
    });
    Ok(())
}

/// What the Learn page reads to draw itself.
struct LearnPage<'a> {
    words: &'a Words,
    keys: &'a Bindings,
    progress: Option<&'a Progress>,
    notice: &'a Notice,
}

impl LearnPage<'_> {
    /// The courses and their lessons, which are done and where each was left; a click starts
    /// one, or goes back to the menu.
    fn draw(
        &self,
        ui: &mut egui::Ui,
        cursor: &mut LearnCursor,
        setup: &mut BattleSetup,
        next: &mut NextState<AppState>,
    ) {
        let LearnPage {
            words,
            keys,
            progress,
            notice,
        } = *self;
        ui.heading(words.say("learn-title"));
        ui.label(words.say("learn-about"));
        if let Some(problem) = progress.as_ref().and_then(|p| p.problem.as_ref()) {
            let said = words.said(problem);
            ui.colored_label(egui::Color32::from_rgb(230, 150, 60), said);
        }
        ui.separator();
        egui::ScrollArea::vertical().show(ui, |ui| {
            let mut last_ruleset = "";
            for (i, (id, _)) in crate::lessons::BUILTIN.iter().enumerate() {
                let ruleset = id.split('/').next().unwrap_or("");
                if ruleset != last_ruleset {
                    last_ruleset = ruleset;
                    ui.add_space(6.0);
                    let course =
                        words.say_with("learn-course", &[("ruleset", Value::Text(ruleset.into()))]);
                    ui.label(egui::RichText::new(course).strong().size(17.0));
                }
                let done = progress
                    .as_ref()
                    .is_some_and(|p| p.done.iter().any(|d| d == id));
                let left = progress.as_ref().and_then(|p| p.resume_point(id));
                let (title, about) = lesson_title(id);
                let row = words.say_with(
                    "learn-row",
                    &[
                        ("number", Value::Number((i + 1) as f64)),
                        ("title", Value::Text(title)),
                        (
                            "left",
                            Value::Number(left.map_or(0, |(at, _)| at + 1) as f64),
                        ),
                    ],
                );
                let r = ui.selectable_label(cursor.0 == i, row);
                let about = words.say_with(
                    "learn-row-about",
                    &[
                        ("done", Value::Text(if done { "yes" } else { "no" }.into())),
                        ("about", Value::Text(about)),
                    ],
                );
                ui.label(egui::RichText::new(about).small().weak());
                if r.hovered() {
                    cursor.0 = i;
                }
                if r.clicked() {
                    start_lesson(setup, progress, id);
                    next.set(AppState::Battle);
                }
            }
        });
        ui.separator();
        if ui
            .button(keys.label(&words.say("learn-back"), GameAction::Cancel))
            .clicked()
        {
            next.set(AppState::Menu);
        }
        if let Some(n) = &notice.0 {
            ui.colored_label(egui::Color32::LIGHT_RED, n);
        }
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

/// The step's panel, at the foot of the board. Returns why the lesson could not go on or show
/// a what-if, for the notice.
pub fn lesson_panel(
    ctx: &egui::Context,
    battle: &mut Battle,
    lesson: &mut LessonRun,
    rules_at_work: bool,
    keys: &Bindings,
    words: &Words,
    next: &mut NextState<AppState>,
) -> Option<Line> {
    let mut go_on = false;
    let mut answer = None;
    let mut what_if = None;
    let mut back = false;
    let mut leave = false;
    let title = Value::Text(lesson.title().to_string());
    // Its margin to the window's foot, and the board's to it.
    const MARGIN: f32 = 12.0;
    let shown = egui::Window::new(words.say_with("lesson-window", &[("title", title)]))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -MARGIN])
        .default_width(520.0)
        .show(ctx, |ui| {
            if lesson.stage() == Stage::Done {
                ui.heading(words.say("lesson-complete"));
                if ui
                    .button(keys.label(&words.say("lesson-back"), GameAction::Confirm))
                    .clicked()
                {
                    leave = true;
                }
                return;
            }
            let Some(step) = lesson.step() else { return };
            ui.label(
                egui::RichText::new(words.say_with(
                    "lesson-step",
                    &[
                        ("at", Value::Number((lesson.at() + 1) as f64)),
                        ("steps", Value::Number(lesson.steps().len() as f64)),
                    ],
                ))
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
                    egui::RichText::new(words.say_with(
                        "lesson-rules",
                        &[(
                            "titles",
                            Value::Text(crate::rules::notes::titles(&step.rules)),
                        )],
                    ))
                    .small()
                    .color(egui::Color32::from_rgb(110, 170, 255)),
                )
                .on_hover_text(rules_text(&step.rules));
            }
            if let Some(p) = &step.predict {
                ui.separator();
                let ask = Value::Text(p.ask.clone());
                ui.label(
                    egui::RichText::new(words.say_with("lesson-predict", &[("ask", ask)])).strong(),
                );
                ui.horizontal_wrapped(|ui| {
                    for (i, a) in p.answers.iter().enumerate() {
                        let picked = lesson.answer() == Some(i);
                        let r = ui.selectable_label(picked, numbered(words, i + 1, a));
                        if r.clicked() && lesson.question_open() {
                            answer = Some(i);
                        }
                    }
                });
                if lesson.stage() == Stage::After
                    && let Some(a) = lesson.answer()
                {
                    let (colour, words) = if a == p.right {
                        (egui::Color32::LIGHT_GREEN, words.say("lesson-right"))
                    } else {
                        (
                            egui::Color32::from_rgb(255, 170, 60),
                            words.say_with(
                                "lesson-not-this-time",
                                &[("answer", Value::Text(p.answers[p.right].clone()))],
                            ),
                        )
                    };
                    ui.colored_label(colour, words);
                }
            }
            if let Some(f) = lesson.feedback() {
                ui.colored_label(
                    egui::Color32::from_rgb(255, 170, 60),
                    words.say_with(
                        "lesson-not-that",
                        &[("feedback", Value::Text(f.to_string()))],
                    ),
                );
                if lesson.shows_right() {
                    ui.colored_label(
                        egui::Color32::from_rgb(255, 170, 60),
                        words.say("lesson-choice-marked"),
                    );
                }
            }
            if lesson.stage() == Stage::After {
                if !step.then.is_empty() {
                    ui.separator();
                    ui.label(&step.then);
                }
                if !step.what_ifs.is_empty() {
                    ui.separator();
                    ui.label(egui::RichText::new(words.say("lesson-what-if")).strong());
                    for (i, w) in step.what_ifs.iter().enumerate() {
                        let showing = lesson.what_if_shown() == Some(i);
                        if ui
                            .selectable_label(showing, numbered(words, i + 1, w))
                            .clicked()
                        {
                            what_if = Some(i);
                        }
                    }
                    if lesson.what_if_shown().is_some()
                        && ui.button(words.say("lesson-back-to-dice")).clicked()
                    {
                        back = true;
                    }
                }
            }
            ui.separator();
            // While the rules at work are on screen, Enter goes through them: the lesson's own
            // button waits, so that one key never has two buttons.
            ui.horizontal(|ui| {
                let go = match (lesson.stage(), step.waits) {
                    _ if rules_at_work => None,
                    (Stage::Before, Waits::Learner) => None,
                    (Stage::Before, Waits::Other) => Some(words.say("lesson-play-it")),
                    _ => Some(words.say("lesson-go-on")),
                };
                match go {
                    Some(label) => {
                        if ui.button(keys.label(&label, GameAction::Confirm)).clicked() {
                            go_on = true;
                        }
                    }
                    None => {
                        ui.label(
                            egui::RichText::new(if rules_at_work {
                                words.say("lesson-rules-first")
                            } else {
                                words.say("lesson-take-action")
                            })
                            .weak(),
                        );
                    }
                }
                if ui.small_button(words.say("lesson-leave")).clicked() {
                    leave = true;
                }
            });
        });
    if let Some(shown) = shown {
        lesson.fit_card(shown.response.rect.height() + 2.0 * MARGIN);
    }
    if let Some(a) = answer {
        lesson.answer_with(a);
    }
    let mut refused = None;
    if go_on {
        refused = crate::game::battle::go_on(battle, lesson).err();
    }
    if let Some(w) = what_if {
        refused = crate::game::battle::show_what_if(battle, lesson, w).err();
    }
    if back {
        crate::game::battle::back_to_line(battle, lesson);
    }
    if leave {
        next.set(AppState::Learn);
    }
    refused
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
            .is_some_and(|c| lesson.play().allowed_index(lesson.at(), &c) == Some(0))
}

/// The pointer at a panel: its outline, and an arrow at its edge.
pub fn point_panel(ctx: &egui::Context, rect: egui::Rect, t: f32) {
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Foreground,
        egui::Id::new("lesson-pointer"),
    ));
    // The colour stays (a screenshot checks for it); the outline breathes. It goes round the
    // panel, not over its first and last words, but for where the window's edge cuts it.
    let width = 3.0 + 2.0 * (t * 4.0).sin().abs();
    painter.rect_stroke(
        rect.expand(width).intersect(ctx.content_rect()),
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

/// One of a list's items, numbered as the keys pick it.
fn numbered(words: &Words, number: usize, text: &str) -> String {
    words.say_with(
        "lesson-numbered",
        &[
            ("number", Value::Number(number as f64)),
            ("text", Value::Text(text.to_string())),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::platform::spoken;

    /// Under the pseudo-locale the Learn page says nothing in plain English but what the
    /// lessons' files write (their titles and lines) and the names on the keys, and cuts none
    /// of its lengthened words off.
    #[test]
    fn the_learn_page_speaks_from_the_catalogue() {
        let words = Words::new(crate::words::Lang::Pseudo);
        let keys = Bindings::default();
        let key_names = crate::game::input::key_names();
        let own: Vec<&str> = crate::lessons::BUILTIN
            .iter()
            .flat_map(|(_, text)| spoken::quoted(text))
            .chain(key_names.iter().map(String::as_str))
            .collect();
        let page = LearnPage {
            words: &words,
            keys: &keys,
            progress: None,
            notice: &Notice::default(),
        };
        let (mut cursor, mut setup) = (LearnCursor::default(), BattleSetup::default());
        let mut next = NextState::<AppState>::default();
        let texts = crate::game::platform::drawn::texts_drawn(egui::vec2(1280.0, 720.0), |ui| {
            egui::CentralPanel::default().show(ui, |ui| {
                page.draw(ui, &mut cursor, &mut setup, &mut next);
            });
        });
        assert!(texts.len() >= 12, "{} texts", texts.len());
        spoken::assert_spoken("the Learn page", &texts, &own);
    }

    /// Under the pseudo-locale each step's panel of every lesson says nothing in plain English
    /// but what the lesson's and its scenario's files write and what the rules notes say (both
    /// English by design for now) and the names on the keys, and cuts none of its lengthened
    /// words off.
    #[test]
    fn every_lesson_panel_speaks_from_the_catalogue() {
        let words = Words::new(crate::words::Lang::Pseudo);
        let keys = Bindings::default();
        let scenarios = spoken::files_in(&["assets/lessons/scenarios"]);
        let key_names = crate::game::input::key_names();
        // The rules notes' titles and lines, as the panel quotes them.
        let notes: Vec<&str> = crate::rules::notes::ALL
            .iter()
            .flat_map(|(_, text)| {
                let titles = crate::rules::notes::paragraph_ids(text)
                    .into_iter()
                    .filter_map(crate::rules::notes::title);
                text.lines().chain(titles)
            })
            .collect();
        let mut steps = 0;
        for (id, text) in crate::lessons::BUILTIN {
            let own: Vec<&str> = spoken::quoted(text)
                .chain(spoken::quoted(&scenarios))
                .chain(key_names.iter().map(String::as_str))
                .chain(notes.iter().copied())
                .collect();
            let (mut battle, mut run) =
                crate::game::battle::open_lesson(&crate::game::battle::LessonStart::new(*id))
                    .expect("a shipped lesson opens");
            battle.speak(crate::words::Lang::Pseudo);
            for k in 0..run.steps().len() {
                run.card_at(k);
                let mut next = NextState::<AppState>::default();
                let texts =
                    crate::game::platform::drawn::texts_drawn(egui::vec2(1280.0, 720.0), |ui| {
                        lesson_panel(
                            ui.ctx(),
                            &mut battle,
                            &mut run,
                            false,
                            &keys,
                            &words,
                            &mut next,
                        );
                    });
                assert!(!texts.is_empty(), "{id}, step {k}: nothing drawn");
                spoken::assert_spoken(&format!("{id}, step {k}"), &texts, &own);
                steps += 1;
            }
        }
        assert!(steps > 40, "{steps} steps");
    }
}
