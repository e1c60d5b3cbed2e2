//! The app's states and the battle's phase, which mirrors the core's pending decision. The
//! battle changes only through [`Battle::apply`], which hands an action to the rules core; what
//! each change did goes out as [`News`], which the steps on screen, the board's animations and
//! a lesson take in through resources of their own.

use std::ops::Range;

use bevy::prelude::*;

use crate::catalogue;
use crate::replay::{Replay, ReplayDice};
use crate::rules::Line;
use crate::rules::battle::{Pending, RuleError};
use crate::rules::dice::SeededDice;
use crate::rulesets::Game;

pub use crate::present::Beat;
pub use crate::session::{Choice, LogEntry, Session, Typed};

#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum AppState {
    #[default]
    Menu,
    /// The lessons, course by course.
    Learn,
    Battle,
    Result,
    /// The campaigns: choosing one, the camp between battles, its ending.
    Camp,
}

/// The battle's phase: who is at work, as the core's `pending` and the seats say. What kind of
/// decision a person takes is the ruleset's to name and lay out ([`Session::title`],
/// [`Session::style`]): the shell does not list them.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(AppState = AppState::Battle)]
pub enum Phase {
    #[default]
    Starting,
    /// A person at the screen decides.
    Deciding,
    /// An AI seat is deciding.
    AiThinking,
    /// A replay being watched plays its next action.
    Watching,
    /// The screen stops on a step of the rules at work (a resolution's rolls), until it is
    /// read (Enter) or, with no person at the screen, for a moment.
    Showing,
    /// Hot-seat: the board is hidden until the next person takes the screen.
    PassScreen,
    /// A lesson speaks: the other side's action to watch, a step's outcome, the lesson's end.
    Lesson,
    Over,
}

pub use super::setup::{BattleSetup, LessonStart};

/// A battle at one version, with the lesson beside it at one of its moves ([`Battle::moment`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Moment {
    serial: u64,
    version: u64,
    lesson: u64,
}

/// The battle under way: the rules core's battle (any ruleset), its dice, and what was done.
/// What the screen makes of each change (the steps shown, the animations, a lesson's progress)
/// lives in resources of its own, fed by the [`News`] this sends.
#[derive(Resource)]
pub struct Battle {
    session: Box<dyn Session>,
    dice: BattleDice,
    seed: u64,
    scenario: String,
    /// The optional rules switched on the menu, by key, as the replay keeps them.
    options: Vec<(String, bool)>,
    name: String,
    log: Vec<LogEntry>,
    /// Bumped on every change, so views know to re-sync.
    version: u64,
    /// Which battle this is since the game started: an AI decision or a view belongs to one.
    serial: u64,
    /// How long the log was before each action, to take an action's lines back with it.
    marks: Vec<usize>,
    /// Each faction's share of the fight before the first action and after each one (the AI's
    /// judgement), for the turning point.
    shares: Vec<Vec<f64>>,
    /// What changed since [`publish_news`] last sent it on.
    news: Vec<News>,
    /// Ironman: no decision is taken back.
    ironman: bool,
}

/// Where a battle turned for a side: the action (0 for the first), the log line that tells
/// it, and the side's share of the fight before and after (0 to 1).
#[derive(Clone, Debug, PartialEq)]
pub struct TurningPoint {
    pub action: usize,
    pub entry: usize,
    pub before: f64,
    pub after: f64,
}

/// What a change of the battle did, for the views that follow it.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum News {
    /// An action was applied: its lines of the log and the steps of its resolution to show.
    Applied { log: Range<usize>, beats: Vec<Beat> },
    /// The battle on the board is not the one that went before (a decision taken back, a
    /// lesson's what-if put on the board or taken off): what was queued of it is dropped.
    Replaced,
}

/// Where a battle's numbers come from: Fray's seeded dice, or the table's own, typed in.
// One per battle: the seeded generator's size is no cost worth a box.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum BattleDice {
    Seeded(SeededDice),
    Table(crate::rules::dice::TableDice),
}

impl crate::rules::dice::DiceSource for BattleDice {
    fn roll(
        &mut self,
        die: crate::rules::dice::Die,
        why: &crate::rules::Line,
    ) -> Result<u8, crate::rules::dice::DiceError> {
        match self {
            BattleDice::Seeded(d) => d.roll(die, why),
            BattleDice::Table(d) => d.roll(die, why),
        }
    }

    fn roll_for(
        &mut self,
        die: crate::rules::dice::Die,
        why: &crate::rules::Line,
        rule: &str,
    ) -> Result<u8, crate::rules::dice::DiceError> {
        match self {
            BattleDice::Seeded(d) => d.roll_for(die, why, rule),
            BattleDice::Table(d) => d.roll_for(die, why, rule),
        }
    }
}

/// Counts the battles started, for [`Battle::serial`].
#[derive(Resource, Default)]
pub struct BattleCount(pub u64);

/// Why a battle did not open, as facts the player reads in their language (`said`): its
/// scenario's (or lesson's) errors, or a refusal of the referee or of the shell.
#[derive(Debug)]
pub enum NotStarted {
    Data(crate::scenario::DataErrors),
    Refused(Line),
}

impl NotStarted {
    pub fn said(&self, words: &crate::words::Words) -> String {
        match self {
            NotStarted::Data(e) => e.said(words),
            NotStarted::Refused(line) => words.said(line),
        }
    }
}

/// In English, as the page's line and a test read it.
impl std::fmt::Display for NotStarted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.said(crate::words::english()))
    }
}

impl From<crate::scenario::DataErrors> for NotStarted {
    fn from(e: crate::scenario::DataErrors) -> NotStarted {
        NotStarted::Data(e)
    }
}

impl From<Line> for NotStarted {
    fn from(line: Line) -> NotStarted {
        NotStarted::Refused(line)
    }
}

/// A battle's scenario: the one Fray wrote for it (a campaign's), or the catalogue's by name.
fn load(
    name: &str,
    written: Option<&crate::scenario::Scenario>,
) -> Result<crate::scenario::Loaded, crate::scenario::DataErrors> {
    match written {
        Some(w) => crate::scenario::load_written(name, &format!("{name} (a campaign's)"), w),
        None => catalogue::load(name),
    }
}

impl Battle {
    /// Why the referee refused a decision, in `words`' language.
    pub fn refusal(&self, words: &fray_words::Words, e: &RuleError) -> String {
        words.error(e, self.session().named())
    }

    /// A line of this battle in `words`' language, its ids written as this battle's names.
    pub fn say(&self, words: &fray_words::Words, line: &crate::rules::Line) -> String {
        words.line(line, self.session().named())
    }

    /// A roll's explanation in `words`' language.
    pub fn explain(
        &self,
        words: &fray_words::Words,
        x: &crate::rules::Explanation,
    ) -> fray_words::Explained {
        words.explained(x, self.session().named())
    }

    /// A battle from its setup: a scenario, a battle from outside the registry, or a save. A
    /// lesson opens through [`super::lesson::open`], which gives its run beside the battle.
    pub fn start(setup: &BattleSetup) -> Result<Battle, NotStarted> {
        let mut battle = Battle::started(setup)?;
        battle.ironman = setup.ironman;
        Ok(battle)
    }

    fn started(setup: &BattleSetup) -> Result<Battle, NotStarted> {
        if let Some((_, save)) = &setup.resume {
            return Battle::resume_written(save, setup.written.as_ref());
        }
        if setup.lesson.is_some() {
            return Err(Line::new("battle-lesson-opens-with-its-run").into());
        }
        let mut dice = SeededDice::new(setup.seed);
        let mut opening = Vec::new();
        let (session, events, name) = match &setup.custom {
            Some(starter) => starter(&mut dice)?,
            None => {
                let mut loaded = load(&setup.scenario, setup.written.as_ref())?;
                for (key, on) in &setup.options {
                    loaded.setup.set_option(key, *on);
                }
                // A table's battle keeps the opening rolls (Fray's, from the seed: the battle
                // opens before anyone can type) among its dice, so that its replay rolls them.
                let mut rec = crate::rules::dice::RecordingDice::new(&mut dice);
                let (session, events) =
                    crate::session::start(&loaded.setup, &mut rec, setup.watch.as_ref())?;
                opening = rec.record;
                (session, events, loaded.scenario.name.clone())
            }
        };
        let dice = if setup.table_dice && setup.custom.is_none() {
            BattleDice::Table(crate::rules::dice::TableDice::opened(opening))
        } else {
            BattleDice::Seeded(dice)
        };
        Ok(Battle {
            seed: setup.seed,
            scenario: setup.scenario.clone(),
            options: setup.options.clone(),
            name,
            ..Battle::opened(session, dice, events)
        })
    }

    /// A battle just started, before anything is said of where it came from.
    pub fn opened(session: Box<dyn Session>, dice: BattleDice, log: Vec<LogEntry>) -> Battle {
        let shares = vec![session.shares()];
        Battle {
            session,
            dice,
            seed: 0,
            scenario: String::new(),
            options: Vec::new(),
            name: String::new(),
            log,
            version: 1,
            serial: 0,
            shares,
            marks: Vec::new(),
            news: Vec::new(),
            ironman: false,
        }
    }

    /// A saved battle, its actions re-played through the rules core with the same dice: it
    /// ends in exactly the state it was saved in, and its dice go on where they were (a
    /// reload never draws new numbers).
    pub fn resume(save: &crate::save::Save) -> Result<Battle, NotStarted> {
        Battle::resume_written(save, None)
    }

    /// The same for a battle whose scenario Fray wrote (a campaign's, its company cast in).
    pub fn resume_written(
        save: &crate::save::Save,
        written: Option<&crate::scenario::Scenario>,
    ) -> Result<Battle, NotStarted> {
        let r = &save.replay;
        let mut loaded = load(&r.scenario, written)?;
        loaded
            .setup
            .set_options(&r.options)
            .map_err(|key| Line::new("battle-save-unknown-option").name("key", key))?;
        // The table's battle re-plays its typed dice from the start, opening rolls included.
        let (seed, mut dice) = match &r.dice {
            ReplayDice::Seed(s) => (*s, BattleDice::Seeded(SeededDice::new(*s))),
            ReplayDice::Scripted(v) => (
                0,
                BattleDice::Table(crate::rules::dice::TableDice::typed(v.iter().copied())),
            ),
        };
        let (session, events) = crate::session::start(&loaded.setup, &mut dice, Some(&r.actions))?;
        let mut battle = Battle {
            seed,
            scenario: r.scenario.clone(),
            options: r.options.clone(),
            name: save.name.clone(),
            ..Battle::opened(session, dice, events)
        };
        while let Some(next) = battle.session.watch_next() {
            let at = battle.taken();
            battle.apply(&next).map_err(|e| {
                Line::new("battle-save-action-fails")
                    .number("n", at as i64 + 1)
                    .line("why", e.line().named(battle.session().named()))
            })?;
        }
        battle.session.end_watch();
        // Nothing to animate or stop on: the battle picks up where it was left.
        battle.news.clear();
        Ok(battle)
    }

    /// The only way the shell changes a battle: the core checks and applies the action.
    pub fn apply(&mut self, choice: &Choice) -> Result<(), RuleError> {
        // A refused action rolls nothing: the dice go on as if it had never been tried, so
        // that the battle's replay (which holds only what was applied) gives the same rolls.
        let mut dice = self.dice.clone();
        self.apply_with(choice, &mut dice)?;
        self.dice = dice;
        Ok(())
    }

    /// The same with other dice: a lesson's, scripted.
    pub fn apply_with(
        &mut self,
        choice: &Choice,
        dice: &mut dyn crate::rules::dice::DiceSource,
    ) -> Result<(), RuleError> {
        let applied = self.session.apply(choice, dice)?;
        let first = self.log.len();
        self.marks.push(first);
        self.shares.push(self.session.shares());
        self.log.extend(applied.log);
        self.news.push(News::Applied {
            log: first..self.log.len(),
            beats: applied.beats,
        });
        self.version += 1;
        Ok(())
    }

    /// Has the battle's screens speak `lang` from now on; the board is drawn again in it.
    pub fn speak(&mut self, lang: fray_words::Lang) {
        if self.session.lang() != lang {
            self.session.speak(lang);
            self.replaced();
        }
    }

    /// Says that the battle on the board changed wholesale (see [`News::Replaced`]).
    fn replaced(&mut self) {
        self.news.push(News::Replaced);
        self.version += 1;
    }

    /// Puts another battle on the board in place of this one (a lesson's what-if, or its own
    /// line again), returning the one it replaces: the only change besides an action applied.
    pub fn replace(
        &mut self,
        session: Box<dyn Session>,
        log: Vec<LogEntry>,
    ) -> (Box<dyn Session>, Vec<LogEntry>) {
        let old = (
            std::mem::replace(&mut self.session, session),
            std::mem::replace(&mut self.log, log),
        );
        self.replaced();
        old
    }

    /// The battle under this name (a lesson's title).
    pub fn named(mut self, name: String) -> Battle {
        self.name = name;
        self
    }

    /// The battle as the `serial`th since the game started.
    pub fn numbered(&mut self, serial: u64) {
        self.serial = serial;
    }

    /// The battle under way, whatever its ruleset.
    pub fn session(&self) -> &dyn Session {
        self.session.as_ref()
    }

    /// The dice: the table's own take the numbers typed in.
    pub fn dice(&self) -> &BattleDice {
        &self.dice
    }

    pub fn dice_mut(&mut self) -> &mut BattleDice {
        &mut self.dice
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn scenario(&self) -> &str {
        &self.scenario
    }

    pub fn options(&self) -> &[(String, bool)] {
        &self.options
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    pub fn version(&self) -> u64 {
        self.version
    }

    /// What a view that remembers what it last did keys on: this battle, its version, and the
    /// moves of the lesson beside it (a step passed, a question answered, a wrong try), which
    /// change what the player is asked though the battle stays as it was.
    pub fn moment(&self, lesson: Option<&super::LessonRun>) -> Moment {
        Moment {
            serial: self.serial,
            version: self.version,
            lesson: lesson.map_or(0, super::LessonRun::moves),
        }
    }

    pub fn serial(&self) -> u64 {
        self.serial
    }

    /// Ironman: no decision is taken back.
    pub fn ironman(&self) -> bool {
        self.ironman
    }

    /// The news not yet sent on, taken.
    pub fn take_news(&mut self) -> Vec<News> {
        std::mem::take(&mut self.news)
    }

    pub fn pending(&self) -> Pending {
        self.session.pending().clone()
    }

    /// Takes back the last decision, if it rolled nothing and revealed nothing: the state, the
    /// log and the steps on screen go back with it. False, and nothing changed, otherwise. (A
    /// lesson's line is not taken back: its input never asks.)
    pub fn undo(&mut self) -> bool {
        if !self.session.undo() {
            return false;
        }
        if let Some(mark) = self.marks.pop() {
            self.log.truncate(mark);
            self.shares.pop();
        }
        self.replaced();
        true
    }

    /// The ruleset's own battle, for callers that know which ruleset it is (tests).
    pub fn typed<G: Game>(&self) -> Option<&Typed<G>> {
        self.session.as_any().downcast_ref()
    }

    /// The battle's turning point for `faction`: the action after which its share of the
    /// fight rose the most (before the one that ended it), with its share before and after, and the log line of the roll that
    /// decided it (else the action's first line). None if no action raised it or nothing
    /// was written after it.
    pub fn turning_point(&self, faction: usize) -> Option<TurningPoint> {
        let share = |k: usize| self.shares.get(k)?.get(faction).copied();
        // The blow that ends a battle always looks decisive (the share jumps to all): the
        // turning point is looked for before it, and is it only when nothing else was.
        let ended = matches!(self.session.pending(), Pending::Over(_));
        let most_before = |last: usize| {
            (0..last)
                .filter_map(|k| Some((k, share(k)?, share(k + 1)?)))
                .filter(|(_, b, a)| a > b)
                .max_by(|x, y| (x.2 - x.1).total_cmp(&(y.2 - y.1)))
        };
        let all = self.marks.len();
        let (k, before, after) = most_before(if ended { all.saturating_sub(1) } else { all })
            .or_else(|| most_before(all))?;
        // A decision that wrote nothing (a Coterie skill brought) is told by the lines of the
        // next one that did: the resolution it set going.
        let start = self.marks[k];
        let end = self.marks[k + 1..]
            .iter()
            .copied()
            .find(|&m| m > start)
            .unwrap_or(self.log.len());
        let lines = start..end;
        let entry = lines
            .clone()
            .find(|&e| {
                self.log[e]
                    .explanation
                    .as_ref()
                    .is_some_and(|x| !x.dice.is_empty())
            })
            .or_else(|| lines.clone().find(|&e| !self.log[e].line.is_empty()))?;
        Some(TurningPoint {
            action: k,
            entry,
            before,
            after,
        })
    }

    /// The odds the board gave decision `k` (0 for the first) before it was taken, in the
    /// core's words ("62% to hit…"): the battle re-played from its start to there. None where
    /// it cannot be re-played (the table's own dice) or the choice had no odds.
    pub fn odds_of(&self, k: usize) -> Option<String> {
        let mut setup = BattleSetup::default();
        if !setup.watch_again(self) {
            return None;
        }
        let mut b = Battle::start(&setup).ok()?;
        // In the language of the battle they are shown beside.
        b.speak(self.session.lang());
        for _ in 0..k {
            let next = b.session.watch_next()?;
            b.apply(&next).ok()?;
        }
        let next = b.session.watch_next()?;
        b.session.odds(b.session.index_of(&next)?)
    }

    /// Each faction's share of the fight before the first action, then after each one.
    pub fn share_history(&self) -> &[Vec<f64>] {
        &self.shares
    }

    /// How many actions were applied.
    pub fn taken(&self) -> usize {
        self.session.taken()
    }

    /// The battle so far as an unsealed replay: its scenario, options, dice and actions; None
    /// for a ruleset replays cannot name, a lesson or a battle from outside the registry.
    pub fn replay_so_far(&self) -> Option<Replay> {
        let dice = match &self.dice {
            BattleDice::Seeded(_) => ReplayDice::Seed(self.seed),
            BattleDice::Table(t) => ReplayDice::Scripted(t.rolled.clone()),
        };
        let mut r = Replay::new(self.scenario.clone(), dice, self.session.replay_actions()?);
        r.options = self.options.clone();
        Some(r)
    }

    /// The battle as a sealed replay, to be kept as `file`; None for a ruleset replays cannot
    /// name.
    pub fn replay(&self, file: &str) -> Option<Replay> {
        let mut r = self.replay_so_far()?;
        // A replay that cannot be re-run here (its scenario file gone) is still worth keeping,
        // unsealed.
        let _ = crate::replay::seal(&mut r, file);
        Some(r)
    }
}

/// A message naming an action a person (or the watch mode, or the AI) chose.
#[derive(Message, Clone, Debug)]
pub struct Choose(pub Choice);

/// Something the screen should tell the person (an action refused, a file saved).
#[derive(Resource, Default)]
pub struct Notice(pub Option<String>);

/// The order of a battle's systems within a frame: whatever applies an action, then the news
/// of it sent on, then the views that follow the news, then the phase read from it all. So a
/// phase is never a frame behind the battle it names.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BattleSet {
    Apply,
    Publish,
    Follow,
    Phase,
}

/// A battle is on the table: its resources are in place (the battle, and its seats and lesson
/// with it). They come with the state's first frame, and a battle that failed to start never
/// has them.
pub fn battle_on(battle: Option<Res<Battle>>) -> bool {
    battle.is_some()
}

/// Keeps the battle's words (its board, decisions, odds, roster) in the player's language, from
/// the battle's first frame and whenever the language is changed.
fn speak_as_settings_say(
    battle: Option<ResMut<Battle>>,
    speech: Option<Res<crate::game::settings::Speech>>,
) {
    if let (Some(mut battle), Some(speech)) = (battle, speech)
        && battle.session().lang() != speech.lang()
    {
        battle.speak(speech.lang());
    }
}

/// A battle is being played: on the table, and not yet on its result screen.
pub fn in_battle() -> impl SystemCondition<()> {
    in_state(AppState::Battle).and_then(battle_on)
}

pub struct FlowPlugin;

impl Plugin for FlowPlugin {
    fn build(&self, app: &mut App) {
        app.init_state::<AppState>()
            .add_sub_state::<Phase>()
            .init_resource::<BattleSetup>()
            .init_resource::<Notice>()
            .init_resource::<BattleCount>()
            .add_message::<Choose>()
            .add_message::<News>()
            .configure_sets(
                Update,
                (
                    BattleSet::Apply,
                    BattleSet::Publish,
                    BattleSet::Follow,
                    BattleSet::Phase,
                )
                    .chain()
                    .run_if(in_battle()),
            )
            .add_systems(
                Update,
                (
                    speak_as_settings_say.before(BattleSet::Apply),
                    publish_news.in_set(BattleSet::Publish),
                ),
            );
    }
}

/// Sends on what the battle's changes did.
fn publish_news(mut battle: ResMut<Battle>, mut news: MessageWriter<News>) {
    // Read first: a write through `ResMut` would mark the battle changed every frame.
    if !battle.news.is_empty() {
        news.write_batch(battle.take_news());
    }
}

/// Here rather than with the rest of the setup, which knows nothing of a battle under way.
impl BattleSetup {
    /// The battle just played, to watch again on the board from its start (its scenario,
    /// optional rules and seed, its actions played in turn at the AI's pace); false, and nothing
    /// changed, for one that cannot be re-run so (a lesson, the table's own dice, a battle from
    /// outside the registry).
    pub fn watch_again(&mut self, battle: &Battle) -> bool {
        let seeded = matches!(battle.dice, BattleDice::Seeded(_));
        let Some(actions) = battle.session.replay_actions().filter(|_| seeded) else {
            return false;
        };
        if self.custom.is_some() || self.lesson.is_some() {
            return false;
        }
        self.again(battle.seed, false);
        self.scenario = battle.scenario.clone();
        self.options = battle.options.clone();
        self.table_dice = false;
        self.watch = Some(actions);
        true
    }
}
