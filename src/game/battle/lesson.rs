//! A lesson under way: the step on screen, what it waits for, the learner's tries, and the
//! lesson's line of play. The battle is an ordinary battle; the lesson stands between the
//! learner's choices and the rules core: a choice the step does not allow is not applied (its
//! hint is said instead), and the other side's actions are the lesson's, with its dice.

use std::sync::Arc;

use bevy::prelude::*;

use super::flow::{Battle, Choice, LogEntry, NotStarted, Session, Typed};
use crate::lessons::{Expect, LessonVisit, Loaded, Pointer, Predict};
use crate::rules::Line;
use crate::rules::dice::ScriptedDice;
use crate::rulesets::Game;

/// A battle's log.
type Log = Vec<LogEntry>;

/// What a step points at, resolved to the board's numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointAt {
    Token(usize),
    Place(usize),
    Choices,
    Log,
    Roster,
}

/// What a step waits for, without the ruleset's types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Waits {
    /// The learner's action.
    Learner,
    /// The other side's action, played when the learner goes on.
    Other,
    /// Only reading.
    Reading,
}

/// A step's words, for the screen.
#[derive(Clone, Debug)]
pub struct StepView {
    pub say: String,
    pub rules: Vec<String>,
    pub point: Option<Pointer>,
    pub waits: Waits,
    pub hint: String,
    pub then: String,
    pub what_ifs: Vec<String>,
    pub predict: Option<Predict>,
}

/// Where a step stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Said, waiting for its action (or for the learner to go on).
    Before,
    /// Its action taken: what came of it, what-ifs, the prediction judged.
    After,
    /// The lesson is over.
    Done,
}

/// A lesson's line of play for its ruleset, behind a face without its types.
pub trait LessonPlay: Send + Sync {
    fn steps(&self) -> Vec<StepView>;
    /// The battle at the start of step `upto`, the allowed action `chosen[k]` taken at each
    /// step `k` before it, with `other` dice at one step in place of its own.
    fn session_at(
        &self,
        upto: usize,
        chosen: &[usize],
        other: Option<(usize, &[u8])>,
    ) -> Result<(Box<dyn Session>, Vec<LogEntry>), Line>;
    /// Which of step `k`'s allowed actions `choice` is.
    fn allowed_index(&self, k: usize, choice: &Choice) -> Option<usize>;
    /// The action step `k` takes on the lesson's own line (its first allowed, or the other
    /// side's).
    fn line_choice(&self, k: usize) -> Option<Choice>;
    fn dice(&self, k: usize) -> Vec<u8>;
    /// The dice of step `k`'s what-if `w`.
    fn what_if_dice(&self, k: usize, w: usize) -> Option<Vec<u8>>;
    /// The characters' names, their ids the positions (names never change in a battle).
    fn character_names(&self) -> Vec<String>;
}

impl<G: Game> LessonPlay for Loaded<G> {
    fn steps(&self) -> Vec<StepView> {
        self.lesson
            .steps
            .iter()
            .map(|s| StepView {
                say: s.say.clone(),
                rules: s.rules.clone(),
                point: s.point.clone(),
                waits: match s.expect {
                    Expect::Do(_) => Waits::Learner,
                    Expect::Watch(_) => Waits::Other,
                    Expect::Read => Waits::Reading,
                },
                hint: s.hint.clone(),
                then: s.then.clone(),
                what_ifs: s.what_if.iter().map(|w| w.say.clone()).collect(),
                predict: s.predict.clone(),
            })
            .collect()
    }

    fn session_at(
        &self,
        upto: usize,
        chosen: &[usize],
        other: Option<(usize, &[u8])>,
    ) -> Result<(Box<dyn Session>, Vec<LogEntry>), Line> {
        let mut dice = ScriptedDice::new(self.lesson.start_dice.iter().copied());
        let (mut session, mut log) =
            Typed::<G>::start(&self.setup, &mut dice, None).map_err(|e| e.line())?;
        for (k, step) in self.lesson.steps.iter().enumerate().take(upto) {
            let Some(action) = step.action(chosen.get(k).copied().unwrap_or(0)) else {
                continue;
            };
            let values = match other {
                Some((at, d)) if at == k => d.to_vec(),
                _ => step.dice.clone(),
            };
            let applied = session
                .apply(&Choice::of(action.clone()), &mut ScriptedDice::new(values))
                .map_err(|e| e.line().named(session.named()))?;
            log.extend(applied.log);
        }
        Ok((session, log))
    }

    fn allowed_index(&self, k: usize, choice: &Choice) -> Option<usize> {
        let a = choice.get::<G::Action>()?;
        match &self.lesson.steps.get(k)?.expect {
            Expect::Do(allowed) => allowed.iter().position(|x| x == a),
            _ => None,
        }
    }

    fn line_choice(&self, k: usize) -> Option<Choice> {
        self.lesson
            .steps
            .get(k)?
            .line_action()
            .cloned()
            .map(Choice::of)
    }

    fn dice(&self, k: usize) -> Vec<u8> {
        self.lesson
            .steps
            .get(k)
            .map_or_else(Vec::new, |s| s.dice.clone())
    }

    fn what_if_dice(&self, k: usize, w: usize) -> Option<Vec<u8>> {
        Some(self.lesson.steps.get(k)?.what_if.get(w)?.dice.clone())
    }

    fn character_names(&self) -> Vec<String> {
        self.play_to(0, &[]).map_or_else(
            |_| Vec::new(),
            |(state, _)| {
                G::names(&state)
                    .list(crate::rules::names::Indexed::Character)
                    .to_vec()
            },
        )
    }
}

/// Loads a lesson as a line of play.
struct AsPlay;

impl LessonVisit for AsPlay {
    type Out = (Arc<dyn LessonPlay>, String);
    fn visit<G: Game>(self, l: Loaded<G>) -> Self::Out {
        let title = l.lesson.title.clone();
        (Arc::new(l), title)
    }
}

/// The lesson under way: a resource beside the battle it plays, for as long as that battle.
#[derive(bevy::prelude::Resource)]
pub struct LessonRun {
    id: String,
    title: String,
    steps: Vec<StepView>,
    at: usize,
    stage: Stage,
    /// Wrong tries at this step.
    tries: u32,
    /// Said after a wrong try: the step's hint.
    feedback: Option<String>,
    /// The learner's answer to the step's question: set by `answer_with`, which counts the
    /// move.
    answer: Option<usize>,
    /// The allowed action the learner took at each step so far.
    chosen: Vec<usize>,
    /// The what-if on the board, with the lesson's own battle put aside.
    what_if: Option<(usize, Box<dyn Session>, Vec<LogEntry>)>,
    play: Arc<dyn LessonPlay>,
    /// The characters' names, for the steps that point at one.
    names: Vec<String>,
    /// Bumped at each change of the lesson beside its battle: a step passed, a question
    /// answered, a wrong try ([`super::Battle::moment`]).
    moves: u64,
    /// The most room its card has taken at the foot of the window (egui's points, its margins
    /// with it), which the board is framed above: it only grows, so the board moves no more
    /// often than the card outgrows it.
    card: f32,
}

impl LessonRun {
    /// A lesson opened where `start` says: from its first step, or resumed part way.
    pub fn start(
        start: &super::flow::LessonStart,
    ) -> Result<(LessonRun, Box<dyn Session>, Log), NotStarted> {
        let id = start.id.as_str();
        let (play, title) = crate::lessons::load(id, AsPlay)?;
        let steps = play.steps();
        let at = start.at.min(steps.len().saturating_sub(1));
        let chosen: Vec<usize> = start.chosen.iter().copied().take(at).collect();
        let (session, log) = play.session_at(at, &chosen, None)?;
        let mut chosen = chosen;
        chosen.resize(at, 0);
        Ok((
            LessonRun {
                id: id.to_string(),
                title,
                steps,
                at,
                stage: Stage::Before,
                tries: 0,
                feedback: None,
                answer: None,
                chosen,
                what_if: None,
                names: play.character_names(),
                play,
                moves: 0,
                card: 0.0,
            },
            session,
            log,
        ))
    }

    pub fn step(&self) -> Option<&StepView> {
        self.steps.get(self.at)
    }

    /// The learner is to take an action now.
    pub fn waits_for_learner(&self) -> bool {
        self.stage == Stage::Before && self.step().is_some_and(|s| s.waits == Waits::Learner)
    }

    /// The step's question is still to be answered.
    pub fn question_open(&self) -> bool {
        self.stage == Stage::Before
            && self.answer.is_none()
            && self.step().is_some_and(|s| s.predict.is_some())
    }

    /// After two wrong tries the right choice is shown.
    pub fn shows_right(&self) -> bool {
        self.tries >= 2
    }

    /// What a step points at, in the board's numbers.
    pub fn pointer(&self, session: &dyn Session) -> Option<PointAt> {
        Some(match self.step()?.point.as_ref()? {
            Pointer::Token(n) => PointAt::Token(self.names.iter().position(|x| x == n)?),
            Pointer::Place(n) => PointAt::Place(session.place_named(n)?),
            Pointer::Choices | Pointer::Choice => PointAt::Choices,
            Pointer::Log => PointAt::Log,
            Pointer::Roster => PointAt::Roster,
        })
    }
}

/// The outcome of a learner's choice put to the lesson.
#[derive(Debug, PartialEq, Eq)]
pub enum Judged {
    /// Allowed: take it with these dice.
    Take(Vec<u8>),
    /// Not now: the step is not waiting for an action, or its question is unanswered (the
    /// message that says so).
    NotNow(&'static str),
    /// Not what the step asks: its hint.
    Wrong(String),
}

impl LessonRun {
    pub fn id(&self) -> &str {
        &self.id
    }

    pub fn title(&self) -> &str {
        &self.title
    }

    pub fn steps(&self) -> &[StepView] {
        &self.steps
    }

    /// The step the lesson is at (the number of steps, once done).
    pub fn at(&self) -> usize {
        self.at
    }

    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// The hint said after the last wrong try at this step.
    pub fn feedback(&self) -> Option<&str> {
        self.feedback.as_deref()
    }

    /// The allowed action the learner took at each step so far.
    pub fn chosen(&self) -> &[usize] {
        &self.chosen
    }

    /// Which of the step's what-ifs is on the board, if one is.
    pub fn what_if_shown(&self) -> Option<usize> {
        self.what_if.as_ref().map(|(w, _, _)| *w)
    }

    pub fn play(&self) -> &dyn LessonPlay {
        &*self.play
    }

    /// The room the lesson's card takes at the foot of the window.
    pub fn card(&self) -> f32 {
        self.card
    }

    /// The card took `height` this frame: the room kept for it grows to that, never shrinks.
    pub fn fit_card(&mut self, height: f32) {
        self.card = self.card.max(height);
    }

    /// Puts the lesson's card at step `k`, its battle left where it stands: a test that walks
    /// every step's card.
    #[cfg(test)]
    pub(crate) fn card_at(&mut self, k: usize) {
        self.at = k;
    }

    pub fn moves(&self) -> u64 {
        self.moves
    }

    pub fn answer(&self) -> Option<usize> {
        self.answer
    }

    /// The learner's answer to the step's question.
    pub fn answer_with(&mut self, answer: usize) {
        self.answer = Some(answer);
        self.moves += 1;
    }

    /// Judges a learner's choice; a wrong one counts a try and sets the hint.
    pub fn judge(&mut self, choice: &Choice) -> Judged {
        if !self.waits_for_learner() {
            return Judged::NotNow("lesson-go-on-first");
        }
        if self.question_open() {
            return Judged::NotNow("lesson-answer-first");
        }
        match self.play.allowed_index(self.at, choice) {
            Some(j) => {
                self.chosen.truncate(self.at);
                self.chosen.push(j);
                Judged::Take(self.play.dice(self.at))
            }
            None => {
                self.tries += 1;
                self.moves += 1;
                let hint = self.step().map(|s| s.hint.clone()).unwrap_or_default();
                self.feedback = Some(hint.clone());
                Judged::Wrong(hint)
            }
        }
    }

    /// The step's action taken: what came of it is shown, or, with nothing to show, the
    /// lesson goes on.
    pub fn taken(&mut self) {
        self.moves += 1;
        self.feedback = None;
        self.stage = Stage::After;
        let quiet = self
            .step()
            .is_some_and(|s| s.then.is_empty() && s.what_ifs.is_empty() && s.predict.is_none());
        if quiet {
            self.next();
        }
    }

    /// On to the next step, or the end.
    pub fn next(&mut self) {
        self.moves += 1;
        self.at += 1;
        self.tries = 0;
        self.feedback = None;
        self.answer = None;
        self.stage = if self.at >= self.steps.len() {
            self.at = self.steps.len();
            Stage::Done
        } else {
            Stage::Before
        };
        if self.stage == Stage::Before && self.chosen.len() < self.at {
            self.chosen.resize(self.at, 0);
        }
    }
}

/// A lesson opened where `start` says, and the battle it plays.
pub fn open(start: &super::flow::LessonStart) -> Result<(Battle, LessonRun), NotStarted> {
    let (run, session, log) = LessonRun::start(start)?;
    // The lesson's rolls are its own (scripted, step by step): these dice never roll.
    let dice = super::flow::BattleDice::Seeded(crate::rules::dice::SeededDice::new(0));
    let battle = Battle::opened(session, dice, log).named(run.title.clone());
    Ok((battle, run))
}

/// Goes on with the lesson: the other side's action played, a read step passed, the next
/// step after one that is done. Returns why not, which the screen says ([`Battle::say`]).
pub fn go_on(battle: &mut Battle, lesson: &mut LessonRun) -> Result<(), Line> {
    leave_what_if(battle, lesson);
    match lesson.stage {
        Stage::Done => Ok(()),
        Stage::After => {
            lesson.next();
            Ok(())
        }
        Stage::Before => {
            let Some(step) = lesson.step() else {
                return Ok(());
            };
            match step.waits {
                Waits::Learner => Err(Line::new("lesson-act-first")),
                Waits::Reading => {
                    lesson.next();
                    Ok(())
                }
                Waits::Other => {
                    if lesson.question_open() {
                        return Err(Line::new("lesson-answer-first"));
                    }
                    let choice = lesson
                        .play
                        .line_choice(lesson.at)
                        .ok_or_else(|| Line::new("lesson-step-without-action"))?;
                    let dice = lesson.play.dice(lesson.at);
                    let applied = battle.apply_with(&choice, &mut ScriptedDice::new(dice));
                    applied.map_err(|e| e.line())?;
                    lesson.chosen.truncate(lesson.at);
                    lesson.chosen.push(0);
                    lesson.taken();
                    Ok(())
                }
            }
        }
    }
}

/// Shows what-if `w` of the step just taken on the board, the lesson's battle put aside.
/// Returns why not, which the screen says ([`Battle::say`]).
pub fn show_what_if(battle: &mut Battle, lesson: &mut LessonRun, w: usize) -> Result<(), Line> {
    let no_such = || Line::new("lesson-no-such-what-if");
    if lesson.stage != Stage::After || w >= lesson.step().map_or(0, |s| s.what_ifs.len()) {
        return Err(no_such());
    }
    leave_what_if(battle, lesson);
    let dice = lesson.play.what_if_dice(lesson.at, w).ok_or_else(no_such)?;
    let (session, log) =
        lesson
            .play
            .session_at(lesson.at + 1, &lesson.chosen, Some((lesson.at, &dice)))?;
    let (own_session, own_log) = battle.replace(session, log);
    lesson.what_if = Some((w, own_session, own_log));
    Ok(())
}

/// Back to the lesson's own line from a what-if.
pub fn back_to_line(battle: &mut Battle, lesson: &mut LessonRun) {
    leave_what_if(battle, lesson);
}

fn leave_what_if(battle: &mut Battle, lesson: &mut LessonRun) {
    if let Some((_, session, log)) = lesson.what_if.take() {
        battle.replace(session, log);
    }
}
