//! Reading a lesson: its scenario first (so that the names its actions write can be read as
//! the numbers the ruleset's actions hold), then the lesson itself, then everything it names
//! checked against the scenario and the rules notes; finally its line is played through with
//! its dice. Every error names the file and the line.

use crate::catalogue;
use crate::replay::names;
use crate::rules::battle::{FactionId, Pending};
use crate::rules::dice::{ScriptedDice, SeededDice};
use crate::rules::names::Indexed;
use crate::rulesets::{Game, Visit};
use crate::scenario::tokens::{Tok, Token, tokens, top_level_line, top_level_list, top_level_str};
use crate::scenario::{self, DataErrors};
use fray_rules::line::Line;

use super::{Expect, Lesson, Pointer, apply_exact, error};

/// A battle played to a step: its state and every event so far.
pub type Played<G> = (
    <G as crate::rules::Ruleset>::State,
    Vec<crate::rules::battle::Event<<G as crate::rules::Ruleset>::EventKind>>,
);

/// A lesson read for its ruleset, checked and ready to play.
pub struct Loaded<G: Game> {
    /// `zones/01-a-turn`: the ruleset's folder and the file's stem.
    pub id: String,
    pub file: String,
    pub lesson: Lesson<G::Action>,
    pub setup: G::Setup,
    /// The line each step starts on.
    pub step_lines: Vec<usize>,
    /// The line of `start_dice` (the lesson's first line where it has none), and of each of
    /// its dice.
    pub start_dice_line: usize,
    pub start_dice_lines: Vec<usize>,
    /// The learner's sides: a faction, or None for the GM's seat.
    pub learner: Vec<Option<FactionId>>,
}

impl<G: Game> Loaded<G> {
    /// Whether the learner decides for `seat` in `state`.
    pub fn learner_decides(&self, state: &G::State, seat: crate::rules::battle::Seat) -> bool {
        self.learner.contains(&G::side(state, seat))
    }

    /// The battle at the start of step `upto`, the lesson's line taken before it (with the
    /// allowed action `chosen[k]` at step `k` where given, else the first), and the events.
    pub fn play_to(&self, upto: usize, chosen: &[usize]) -> Result<Played<G>, Line> {
        let mut dice = ScriptedDice::new(self.lesson.start_dice.iter().copied());
        let (mut state, mut events) = G::start(&self.setup, &mut dice).map_err(|e| e.line())?;
        for (k, step) in self.lesson.steps.iter().enumerate().take(upto) {
            if let Some(a) = step.action(chosen.get(k).copied().unwrap_or(0)) {
                events.extend(apply_exact::<G>(&mut state, a, &step.dice)?);
            }
        }
        Ok((state, events))
    }
}

/// What is done with a lesson once read, for its ruleset.
pub trait LessonVisit {
    type Out;
    fn visit<G: Game>(self, lesson: Loaded<G>) -> Self::Out;
}

/// A built-in lesson by id (`zones/01-a-turn`), or a lesson file by path.
pub fn load<V: LessonVisit>(id_or_path: &str, v: V) -> Result<V::Out, DataErrors> {
    if let Some((id, src)) = super::BUILTIN.iter().find(|(id, _)| *id == id_or_path) {
        return load_str(id, &format!("assets/lessons/{id}.ron"), src, v);
    }
    let path = std::path::Path::new(id_or_path);
    let src = scenario::error::read_as(path, "lesson")?;
    let stem = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let folder = path
        .parent()
        .and_then(|p| p.file_name())
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    load_str(&format!("{folder}/{stem}"), id_or_path, &src, v)
}

/// Reads, checks and plays through a lesson's text; `file` is the name errors carry.
pub fn load_str<V: LessonVisit>(
    id: &str,
    file: &str,
    src: &str,
    v: V,
) -> Result<V::Out, DataErrors> {
    let toks = tokens(src);
    let scenario_line = top_level_line(&toks, "scenario").unwrap_or(1);
    let Some(name) = top_level_str(&toks, "scenario") else {
        return Err(error(
            file,
            scenario_line,
            Line::new("data-lesson-no-scenario"),
        ));
    };
    let loaded = if name.trim_start().starts_with("Scenario(") {
        // Written inline: its errors are at the lesson's own lines.
        scenario::load_str(id, file, &name).map_err(|errors| {
            DataErrors(
                errors
                    .0
                    .into_iter()
                    .map(|mut e| {
                        e.file = file.to_string();
                        e.line += scenario_line - 1;
                        e
                    })
                    .collect(),
            )
        })?
    } else {
        catalogue::load_named(file, &name, "lesson").map_err(|errors| {
            error(
                file,
                scenario_line,
                Line::new("data-lesson-scenario-broken")
                    .name("scenario", name.clone())
                    .line("errors", errors.as_line()),
            )
        })?
    };
    loaded.setup.visit(Read {
        id,
        file,
        src,
        toks: &toks,
        v,
    })
}

/// A lesson scenario by name, else a built-in scenario or a file.
pub fn load_scenario(name: &str) -> Result<scenario::Loaded, DataErrors> {
    match super::SCENARIOS.iter().find(|(n, _)| *n == name) {
        Some((n, src)) => scenario::load_str(n, &format!("assets/lessons/scenarios/{n}.ron"), src),
        None => catalogue::load(name),
    }
}

struct Read<'a, V> {
    id: &'a str,
    file: &'a str,
    src: &'a str,
    toks: &'a [Tok],
    v: V,
}

impl<V: LessonVisit> Visit for Read<'_, V> {
    type Out = Result<V::Out, DataErrors>;

    fn visit<G: Game>(self, setup: &G::Setup) -> Self::Out {
        let Read {
            id,
            file,
            src,
            toks,
            v,
        } = self;
        let start = G::start(setup, &mut SeededDice::new(0)).map_err(|e| {
            error(
                file,
                1,
                Line::new("data-lesson-cannot-start").line("error", e.line()),
            )
        })?;
        let names = G::names(&start.0);
        let numbered = names::to_numbers_under::<G>(file, src, &names, &["Do", "Watch"])?;
        let lesson: Lesson<G::Action> =
            ron::from_str(&numbered).map_err(|e| scenario::error::from_ron(file, &numbered, &e))?;
        let step_lines = element_lines(toks, "steps");
        let line_of = |k: usize| step_lines.get(k).copied().unwrap_or(1);
        let line_at = |key: &str| top_level_line(toks, key).unwrap_or(1);

        let factions = G::faction_names(&start.0);
        let mut learner = Vec::new();
        for name in &lesson.learner {
            match factions.iter().position(|f| f == name) {
                Some(f) => learner.push(Some(f)),
                None if name == "GM" => learner.push(None),
                None => {
                    return Err(error(
                        file,
                        line_at("learner"),
                        Line::new("data-lesson-learner-no-faction")
                            .name("faction", name.clone())
                            .line("known", crate::scenario::error::some_of(&factions)),
                    ));
                }
            }
        }
        if learner.is_empty() {
            return Err(error(
                file,
                line_at("learner"),
                Line::new("data-lesson-no-learner"),
            ));
        }
        if lesson.steps.is_empty() {
            return Err(error(
                file,
                line_at("steps"),
                Line::new("data-lesson-no-steps"),
            ));
        }

        let paragraphs = crate::rules::notes::notes(G::ID)
            .map(crate::rules::notes::paragraph_ids)
            .unwrap_or_default();
        let characters = names.list(Indexed::Character);
        let places = G::places(&start.0);
        for (k, step) in lesson.steps.iter().enumerate() {
            let at = line_of(k);
            let step_said = |id| Line::new(id).number("step", k as i64 + 1);
            if step.say.trim().is_empty() {
                return Err(error(file, at, step_said("data-lesson-says-nothing")));
            }
            for r in &step.rules {
                if !paragraphs.contains(&r.as_str()) {
                    return Err(error(
                        file,
                        at,
                        step_said("data-lesson-no-rule")
                            .name("rule", r.clone())
                            .name("ruleset", G::ID),
                    ));
                }
            }
            if let Some(Pointer::Token(n)) = &step.point
                && !characters.iter().any(|c| c == n)
            {
                return Err(error(
                    file,
                    at,
                    step_said("data-lesson-points-at-nobody").name("name", n.clone()),
                ));
            }
            // The pointer shows the learner what to click; a click on a token only shows that
            // character's choices, so a step the learner takes points at its choice instead.
            if let (Some(Pointer::Token(n)), Expect::Do(_)) = (&step.point, &step.expect) {
                return Err(error(
                    file,
                    pointer_line(src, at, "Token("),
                    step_said("data-lesson-points-at-token").name("name", n.clone()),
                ));
            }
            if let Some(Pointer::Place(n)) = &step.point
                && let Some(places) = &places
                && !places.iter().any(|p| p == n)
            {
                return Err(error(
                    file,
                    pointer_line(src, at, "Place("),
                    step_said("data-lesson-no-place")
                        .name("place", n.clone())
                        .line("known", crate::scenario::error::some_of(places)),
                ));
            }
            if let Some(p) = &step.predict
                && (p.answers.len() < 2 || p.right >= p.answers.len())
            {
                return Err(error(file, at, step_said("data-lesson-question")));
            }
            if step.point == Some(Pointer::Choice) && !matches!(step.expect, Expect::Do(_)) {
                return Err(error(
                    file,
                    at,
                    step_said("data-lesson-points-at-no-choice"),
                ));
            }
            if matches!(step.expect, Expect::Do(ref a) if a.is_empty()) {
                return Err(error(file, at, step_said("data-lesson-allows-nothing")));
            }
            if matches!(step.expect, Expect::Read)
                && (!step.dice.is_empty() || !step.what_if.is_empty() || step.predict.is_some())
            {
                return Err(error(file, at, step_said("data-lesson-reads-only")));
            }
            if matches!(step.expect, Expect::Do(_)) && step.hint.trim().is_empty() {
                return Err(error(file, at, step_said("data-lesson-needs-hint")));
            }
        }
        let loaded = Loaded::<G> {
            id: id.to_string(),
            file: file.to_string(),
            lesson,
            setup: setup.clone(),
            step_lines: step_lines.clone(),
            start_dice_line: line_at("start_dice"),
            start_dice_lines: element_lines(toks, "start_dice"),
            learner,
        };
        check_line(&loaded, &[])?;
        // Each other action a step allows must keep the rest of the line playable.
        for (k, step) in loaded.lesson.steps.iter().enumerate() {
            if let Expect::Do(allowed) = &step.expect {
                for j in 1..allowed.len() {
                    let mut chosen = vec![0; k + 1];
                    chosen[k] = j;
                    check_line(&loaded, &chosen).map_err(|e| {
                        error(
                            file,
                            line_of(k),
                            Line::new("data-lesson-choice-breaks")
                                .number("choice", j as i64 + 1)
                                .number("step", k as i64 + 1)
                                .line("errors", e.as_line()),
                        )
                    })?;
                }
            }
        }
        Ok(v.visit(loaded))
    }
}

/// Plays the lesson's line (with `chosen` alternatives), checking at each step that the
/// learner or the other side decides as the step says, that its actions are legal, and that
/// its dice, and each what-if's, are rolled exactly.
fn check_line<G: Game>(l: &Loaded<G>, chosen: &[usize]) -> Result<(), DataErrors> {
    let file = &l.file;
    let line_of = |k: usize| l.step_lines.get(k).copied().unwrap_or(1);
    let mut dice = ScriptedDice::new(l.lesson.start_dice.iter().copied());
    let (mut state, _) = G::start(&l.setup, &mut dice).map_err(|e| {
        error(
            file,
            l.start_dice_line,
            Line::new("data-lesson-start-dice-short").line("error", e.line()),
        )
    })?;
    if dice.remaining() > 0 {
        // At the first die left over.
        let rolled = l.lesson.start_dice.len() - dice.remaining();
        return Err(error(
            file,
            l.start_dice_lines
                .get(rolled)
                .copied()
                .unwrap_or(l.start_dice_line),
            Line::new("data-lesson-start-dice-left").number("left", dice.remaining() as i64),
        ));
    }
    for (k, step) in l.lesson.steps.iter().enumerate() {
        let at = line_of(k);
        let n = k + 1;
        let fail = |m: Line| {
            error(
                file,
                at,
                Line::new("data-lesson-step")
                    .number("step", n as i64)
                    .line("what", m),
            )
        };
        let (seat, legal) = match G::pending(&state) {
            Pending::Decide { seat, .. } => (Some(seat), G::legal_actions(&state)),
            Pending::Over(_) => (None, Vec::new()),
        };
        let action = match &step.expect {
            Expect::Read => continue,
            Expect::Do(allowed) => {
                let Some(seat) = seat else {
                    return Err(fail(Line::new("data-lesson-over-nothing-to-do")));
                };
                if !l.learner_decides(&state, seat) {
                    return Err(fail(Line::new("data-lesson-other-side-decides")));
                }
                for a in allowed {
                    if !legal.contains(a) {
                        return Err(fail(not_legal::<G>(&state, a, &legal)));
                    }
                }
                &allowed[chosen.get(k).copied().unwrap_or(0).min(allowed.len() - 1)]
            }
            Expect::Watch(a) => {
                let Some(seat) = seat else {
                    return Err(fail(Line::new("data-lesson-over-nothing-to-watch")));
                };
                if l.learner_decides(&state, seat) {
                    return Err(fail(Line::new("data-lesson-learner-decides")));
                }
                if !legal.contains(a) {
                    return Err(fail(not_legal::<G>(&state, a, &legal)));
                }
                a
            }
        };
        for (w, alt) in step.what_if.iter().enumerate() {
            let mut other = state.clone();
            apply_exact::<G>(&mut other, action, &alt.dice).map_err(|e| {
                fail(
                    Line::new("data-lesson-what-if")
                        .number("number", w as i64 + 1)
                        .line("what", e),
                )
            })?;
        }
        apply_exact::<G>(&mut state, action, &step.dice).map_err(fail)?;
    }
    Ok(())
}

/// An action the step names that is not legal, with those that are, as a lesson writes them.
fn not_legal<G: Game>(state: &G::State, a: &G::Action, legal: &[G::Action]) -> Line {
    let names = G::names(state);
    let legal: Vec<String> = legal
        .iter()
        .map(|l| names::action_text::<G>(l, &names))
        .collect();
    // The actions as the lesson's file writes them: notation, not words.
    Line::new("data-lesson-not-legal")
        .name("action", names::action_text::<G>(a, &names))
        .name("legal", legal.join(" | "))
}

/// The line each element of a top-level list (`steps`, `start_dice`) starts on.
fn element_lines(toks: &[Tok], key: &str) -> Vec<usize> {
    let Some((list, depth)) = top_level_list(toks, key) else {
        return Vec::new();
    };
    let mut lines = Vec::new();
    let mut starting = true;
    for t in list.iter().skip(1) {
        if t.token == Token::Close && t.depth < depth {
            break;
        }
        if starting {
            lines.push(t.line);
            starting = false;
        }
        if t.token == Token::Comma && t.depth == depth {
            starting = true;
        }
    }
    lines
}

/// The pointer's own line: the first line from the step's start (`at`) that holds `kind`.
fn pointer_line(src: &str, at: usize, kind: &str) -> usize {
    src.lines()
        .enumerate()
        .skip(at.saturating_sub(1))
        .find(|(_, l)| l.contains(kind))
        .map_or(at, |(i, _)| i + 1)
}
