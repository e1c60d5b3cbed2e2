//! Lessons: short courses that put a newcomer on the board and walk them through a rulebook,
//! one rule at a time, with the dice scripted so that each step shows the case it is about.
//! A lesson is data (`assets/lessons/<ruleset>/*.ron`): a scenario, and steps that each say
//! what to notice, name the rules notes' paragraphs they teach, point at something on the
//! screen, and either wait for the learner's action or play the other side's.
//!
//! The core reads and checks lessons and plays their line; the game (`game::lesson`) shows them.

pub mod builtin;
pub mod coverage;
pub mod read;

use serde::Deserialize;

use crate::rules::Ruleset;
use crate::rules::dice::{DiceError, DiceSource, Die, ScriptedDice};
use crate::rules::line::Line;
use crate::scenario::DataErrors;

pub use crate::scenario::LESSON_SCENARIOS as SCENARIOS;
pub use builtin::BUILTIN;
pub use read::{LessonVisit, Loaded, load, load_scenario, load_str};

/// A lesson as written, its actions of the ruleset its scenario plays.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson<A> {
    pub title: String,
    /// What it teaches, in a line, for the Learn menu.
    pub about: String,
    /// A lesson scenario (`assets/lessons/scenarios/`), a built-in scenario, a file, or the
    /// scenario itself written inline as a raw string (`r#"Scenario(...)"#`).
    pub scenario: String,
    /// The factions the learner plays, by name; "GM" for the GM's seat.
    pub learner: Vec<String>,
    /// The dice the battle's start rolls (initiative, surprise), in order.
    #[serde(default)]
    pub start_dice: Vec<u8>,
    pub steps: Vec<Step<A>>,
}

/// One step: words, the rules they teach, where to look, and what happens.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step<A> {
    /// What to notice or do, in a sentence or two.
    pub say: String,
    /// The rules notes' paragraph ids the step teaches.
    #[serde(default)]
    pub rules: Vec<String>,
    #[serde(default)]
    pub point: Option<Pointer>,
    pub expect: Expect<A>,
    /// Said after a wrong action; a second wrong try shows the right choice too.
    #[serde(default)]
    pub hint: String,
    /// The dice the step's action rolls, every one of them, in order.
    #[serde(default)]
    pub dice: Vec<u8>,
    /// Said once the action is taken: what came of it.
    #[serde(default)]
    pub then: String,
    /// The same step with other dice, to compare.
    #[serde(default)]
    pub what_if: Vec<WhatIf>,
    /// A question asked before the roll.
    #[serde(default)]
    pub predict: Option<Predict>,
}

/// What a step waits for.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum Expect<A> {
    /// The learner takes one of these (the first is the lesson's own line).
    Do(Vec<A>),
    /// The other side (or the GM) takes this, played for the learner to watch.
    Watch(A),
    /// Nothing is taken: the learner reads, and goes on.
    Read,
}

/// What a step points at on the screen.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub enum Pointer {
    /// A character's token, by name.
    Token(String),
    /// A place: a zone, a square (`"3,4"`), a track step, by the name the board writes.
    Place(String),
    /// The action menu.
    Choices,
    /// The step's own choice in the action menu (its first allowed action), marked there.
    Choice,
    /// The log and its roll breakdowns.
    Log,
    /// The roster of characters.
    Roster,
}

/// Other dice for the same step, and what they show.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct WhatIf {
    pub dice: Vec<u8>,
    pub say: String,
}

/// A question before the roll: the answers offered and which is right (from 0).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Predict {
    pub ask: String,
    pub answers: Vec<String>,
    pub right: usize,
}

impl<A> Step<A> {
    /// The action the lesson's own line takes at this step, if any.
    pub fn line_action(&self) -> Option<&A> {
        self.action(0)
    }

    /// The action taken at this step when the learner chose allowed action `chosen` (the
    /// other side's, for a step that watches; none, for one that is only read).
    pub fn action(&self, chosen: usize) -> Option<&A> {
        match &self.expect {
            Expect::Do(allowed) => allowed.get(chosen),
            Expect::Watch(a) => Some(a),
            Expect::Read => None,
        }
    }
}

/// Applies `action` with exactly `dice`: every die scripted is rolled, and no more. An error
/// says which rolls the action made, so that a lesson's author can script them.
pub fn apply_exact<G: Ruleset>(
    state: &mut G::State,
    action: &G::Action,
    dice: &[u8],
) -> Result<Vec<crate::rules::battle::Event<G::EventKind>>, Line> {
    /// The scripted dice, with what each roll was for.
    struct Told(ScriptedDice, Vec<(Line, Die)>);
    impl DiceSource for Told {
        fn roll(&mut self, die: Die, why: &Line) -> Result<u8, DiceError> {
            let v = self.0.roll(die, why)?;
            self.1.push((why.clone(), die));
            Ok(v)
        }
        fn roll_for(&mut self, die: Die, why: &Line, rule: &str) -> Result<u8, DiceError> {
            let v = self.0.roll_for(die, why, rule)?;
            self.1.push((why.clone(), die));
            Ok(v)
        }
    }
    let mut told = Told(ScriptedDice::new(dice.iter().copied()), Vec::new());
    let mut next = state.clone();
    let result = G::apply(&mut next, action, &mut told);
    // Each roll named as the battle stood before the action: the message is read apart from it.
    let rolls: Vec<Line> = told
        .1
        .iter()
        .map(|(why, die)| {
            Line::new("data-lesson-roll")
                .line("why", why.clone().named(state))
                .number("sides", die.sides)
        })
        .collect();
    let events = result.map_err(|e| {
        Line::new("data-lesson-refused")
            .line("error", e.line().named(state))
            .number("rolled", rolls.len() as i64)
            .lines("rolls", rolls.clone())
    })?;
    if told.0.remaining() > 0 {
        return Err(Line::new("data-lesson-dice-left")
            .number("left", told.0.remaining() as i64)
            .number("given", dice.len() as i64)
            .number("rolled", rolls.len() as i64)
            .lines("rolls", rolls));
    }
    *state = next;
    Ok(events)
}

/// Whether a data file is a lesson: a record whose own fields include `steps` and `learner`.
pub fn is_lesson(src: &str) -> bool {
    let keys = crate::scenario::tokens::top_level_keys(&crate::scenario::tokens::tokens(src));
    keys.iter().any(|k| k == "steps") && keys.iter().any(|k| k == "learner")
}

/// Reads, checks and plays through a lesson file's text (`fray check`).
pub fn check_file(file: &str, src: &str) -> Result<(), DataErrors> {
    struct Fine;
    impl LessonVisit for Fine {
        type Out = ();
        fn visit<G: crate::rulesets::Game>(self, _: Loaded<G>) {}
    }
    let stem = std::path::Path::new(file)
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    load_str(&stem, file, src, Fine)
}

/// Reads and checks a built-in lesson by id, or a lesson file by path.
pub fn check_lesson(id_or_path: &str) -> Result<(), DataErrors> {
    struct Fine;
    impl LessonVisit for Fine {
        type Out = ();
        fn visit<G: crate::rulesets::Game>(self, _: Loaded<G>) {}
    }
    load(id_or_path, Fine)
}

/// A lesson's line of play in `words`: each step, and the events its action set off. For
/// writing lessons (`fray lessons --trace ID`).
pub fn trace(id_or_path: &str, words: &fray_words::Words) -> Result<String, DataErrors> {
    struct Trace<'w>(&'w fray_words::Words);
    impl LessonVisit for Trace<'_> {
        type Out = String;
        fn visit<G: crate::rulesets::Game>(self, l: Loaded<G>) -> String {
            let words = self.0;
            let mut out = String::new();
            let mut before = match l.play_to(0, &[]) {
                Ok((_, events)) => events.len(),
                Err(e) => return words.said(&e),
            };
            for (k, step) in l.lesson.steps.iter().enumerate() {
                let n = fray_words::Value::Number((k + 1) as f64);
                let step = fray_words::Value::Text(step.say.clone());
                out.push_str(&words.say_with("lessons-trace-step", &[("n", n), ("say", step)]));
                out.push('\n');
                match l.play_to(k + 1, &[]) {
                    Ok((state, events)) => {
                        for e in &events[before..] {
                            let e = words.event(e, &state);
                            out.push_str(&format!("    {e}\n"));
                        }
                        before = events.len();
                    }
                    Err(e) => {
                        let e = words.said(&e);
                        out.push_str(&format!("    {e}\n"));
                    }
                }
            }
            out
        }
    }
    load(id_or_path, Trace(words))
}

/// A ruleset's course: each lesson's id, title and line, in the order taught.
pub fn course(ruleset: &str) -> Result<Vec<(String, String, String)>, DataErrors> {
    struct Titles;
    impl LessonVisit for Titles {
        type Out = (String, String, String);
        fn visit<G: crate::rulesets::Game>(self, l: Loaded<G>) -> Self::Out {
            (l.id, l.lesson.title, l.lesson.about)
        }
    }
    BUILTIN
        .iter()
        .filter(|(id, _)| id.split('/').next() == Some(ruleset))
        .map(|(id, _)| load(id, Titles))
        .collect()
}

/// An error at a line of a lesson file.
pub fn error(file: &str, line: usize, message: Line) -> DataErrors {
    DataErrors::one(file, line, message)
}
