//! The app's states and the battle's phase, which mirrors the core's pending decision. The
//! battle changes only through [`Battle::apply`], which hands an action to the rules core; what
//! each change did goes out as [`News`], which the steps on screen, the board's animations and
//! a lesson take in through resources of their own.

use std::ops::Range;
use std::sync::Arc;

use bevy::prelude::*;

use crate::ai::Level;
use crate::replay::{Replay, ReplayDice};
use crate::rules::battle::{Pending, RuleError, Seat};
use crate::rules::dice::SeededDice;
use crate::rulesets::{Actions, Game, Visit};
use crate::scenario;

use crate::game::seats::{SeatKind, Seats};
pub use crate::present::Beat;
pub use crate::present::session::{Choice, LogEntry, Session, Typed};

#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum AppState {
    #[default]
    Menu,
    /// The lessons, course by course.
    Learn,
    Battle,
    Result,
}

/// The battle's phase: who is at work, as the core's `pending` and the seats say. What kind of
/// decision a person takes is the ruleset's to name and show ([`Session::decision`]): the
/// shell does not list them.
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

/// Starts a battle of a ruleset that is not in the registry (one written inside a test):
/// from the dice, the session and its log, and the battle's name.
pub type Starter = Arc<
    dyn Fn(&mut SeededDice) -> Result<(Box<dyn Session>, Vec<LogEntry>, String), String>
        + Send
        + Sync,
>;

/// What the menu (or the command line) chose for the next battle.
#[derive(Resource, Clone)]
pub struct BattleSetup {
    pub scenario: String,
    /// Who sits at each faction's seat, in faction order.
    pub seats: Vec<SeatKind>,
    /// Who takes the GM's seat, where the ruleset has one.
    pub gm: SeatKind,
    pub seed: u64,
    /// Optional rules switched on or off on the menu, by key; the scenario's own otherwise.
    pub options: Vec<(String, bool)>,
    /// Actions to replay instead of asking the seats.
    pub watch: Option<Actions>,
    /// A battle from outside the registry, instead of `scenario`.
    pub custom: Option<Starter>,
    /// A lesson instead.
    pub lesson: Option<LessonStart>,
    /// The table rolls its own dice: every roll is asked for and typed in.
    pub table_dice: bool,
    /// A saved battle to resume instead: its slot and what it holds.
    pub resume: Option<(String, crate::save::Save)>,
}

/// A lesson to open: its id, and where: the step to start at and the allowed action taken at
/// each step before it (a lesson left part way is resumed so).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LessonStart {
    pub id: String,
    pub at: usize,
    pub chosen: Vec<usize>,
}

impl LessonStart {
    /// A lesson from its first step.
    pub fn new(id: impl Into<String>) -> Self {
        LessonStart {
            id: id.into(),
            ..LessonStart::default()
        }
    }
}

impl std::fmt::Debug for BattleSetup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BattleSetup")
            .field("scenario", &self.scenario)
            .field("seats", &self.seats)
            .field("gm", &self.gm)
            .field("seed", &self.seed)
            .field("options", &self.options)
            .finish_non_exhaustive()
    }
}

impl Default for BattleSetup {
    fn default() -> Self {
        BattleSetup {
            scenario: scenario::DEFAULT.to_string(),
            seats: vec![SeatKind::Person, SeatKind::Ai(Level::Normal)],
            gm: SeatKind::Ai(Level::Normal),
            seed: 1,
            options: Vec::new(),
            watch: None,
            custom: None,
            lesson: None,
            table_dice: false,
            resume: None,
        }
    }
}

impl BattleSetup {
    /// The same battle once more, from its seed or from a new one: the same scenario, seats
    /// and options, played rather than watched.
    pub fn again(&mut self, seed: u64, new_seed: bool) {
        self.watch = None;
        self.resume = None;
        self.seed = if new_seed {
            // A step of a 64-bit LCG: a seed of its own, the same one after the same battle.
            seed.wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407)
        } else {
            seed
        };
    }

    /// An optional rule as the menu shows it: the menu's choice, else the scenario's.
    pub fn option(&self, key: &str) -> Option<bool> {
        self.options
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, on)| *on)
    }

    pub fn set_option(&mut self, key: &str, on: bool) {
        self.options.retain(|(k, _)| k != key);
        self.options.push((key.to_string(), on));
    }
}

/// The battle under way: the rules core's battle (any ruleset), its dice, and what was done.
/// What the screen makes of each change (the steps shown, the animations, a lesson's progress)
/// lives in resources of its own, fed by the [`News`] this sends.
#[derive(Resource)]
pub struct Battle {
    pub session: Box<dyn Session>,
    pub dice: BattleDice,
    pub seed: u64,
    pub scenario: String,
    /// The optional rules switched on the menu, by key, as the replay keeps them.
    pub options: Vec<(String, bool)>,
    pub name: String,
    pub log: Vec<LogEntry>,
    /// Bumped on every change, so views know to re-sync.
    pub version: u64,
    /// Which battle this is since the game started: an AI decision or a view belongs to one.
    pub serial: u64,
    /// How long the log was before each action, to take an action's lines back with it.
    marks: Vec<usize>,
    /// What changed since [`publish_news`] last sent it on.
    news: Vec<News>,
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
    Table(crate::game::table_dice::TableDice),
}

impl crate::rules::dice::DiceSource for BattleDice {
    fn roll(
        &mut self,
        die: crate::rules::dice::Die,
        why: &str,
    ) -> Result<u8, crate::rules::dice::DiceError> {
        match self {
            BattleDice::Seeded(d) => d.roll(die, why),
            BattleDice::Table(d) => d.roll(die, why),
        }
    }

    fn roll_for(
        &mut self,
        die: crate::rules::dice::Die,
        why: &str,
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

/// Starts a registry ruleset's battle from its setup.
struct StartSession<'a> {
    dice: &'a mut dyn crate::rules::dice::DiceSource,
    watch: Option<&'a Actions>,
}

impl Visit for StartSession<'_> {
    type Out = Result<(Box<dyn Session>, Vec<LogEntry>), String>;

    fn visit<G: Game>(self, setup: &G::Setup) -> Self::Out {
        let watch = match self.watch {
            None => None,
            Some(a) => Some(
                G::actions(a)
                    .ok_or_else(|| {
                        format!(
                            "the replay's actions are for {}, its scenario for {}",
                            a.ruleset(),
                            G::ID
                        )
                    })?
                    .to_vec(),
            ),
        };
        Typed::<G>::start(setup, self.dice, watch).map_err(|e| e.to_string())
    }
}

impl Battle {
    /// A battle from its setup: a scenario, a battle from outside the registry, or a save. A
    /// lesson opens through [`crate::game::lesson::open`], which gives its run beside the battle.
    pub fn start(setup: &BattleSetup) -> Result<Battle, String> {
        if let Some((_, save)) = &setup.resume {
            return Battle::resume(save);
        }
        if setup.lesson.is_some() {
            return Err("a lesson opens with its run: lesson::open".into());
        }
        let mut dice = SeededDice::new(setup.seed);
        let mut opening = Vec::new();
        let (session, events, name) = match &setup.custom {
            Some(starter) => starter(&mut dice)?,
            None => {
                let mut loaded = scenario::load(&setup.scenario).map_err(|e| e.to_string())?;
                for (key, on) in &setup.options {
                    loaded.setup.set_option(key, *on);
                }
                // A table's battle keeps the opening rolls (Fray's, from the seed: the battle
                // opens before anyone can type) among its dice, so that its replay rolls them.
                let mut rec = crate::rules::dice::RecordingDice::new(&mut dice);
                let (session, events) = loaded.setup.visit(StartSession {
                    dice: &mut rec,
                    watch: setup.watch.as_ref(),
                })?;
                opening = rec.record;
                (session, events, loaded.scenario.name.clone())
            }
        };
        let dice = if setup.table_dice && setup.custom.is_none() {
            BattleDice::Table(crate::game::table_dice::TableDice::opened(opening))
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
            marks: Vec::new(),
            news: Vec::new(),
        }
    }

    /// A saved battle, its actions re-played through the rules core with the same dice: it
    /// ends in exactly the state it was saved in, and its dice go on where they were (a
    /// reload never draws new numbers).
    pub fn resume(save: &crate::save::Save) -> Result<Battle, String> {
        let r = &save.replay;
        let mut loaded = scenario::load(&r.scenario).map_err(|e| e.to_string())?;
        loaded.setup.set_options(&r.options).map_err(|key| {
            format!("the saved battle switches an optional rule its scenario does not have: {key}")
        })?;
        // The table's battle re-plays its typed dice from the start, opening rolls included.
        let (seed, mut dice) = match &r.dice {
            ReplayDice::Seed(s) => (*s, BattleDice::Seeded(SeededDice::new(*s))),
            ReplayDice::Scripted(v) => (
                0,
                BattleDice::Table(crate::game::table_dice::TableDice::typed(v.iter().copied())),
            ),
        };
        let (session, events) = loaded.setup.visit(StartSession {
            dice: &mut dice,
            watch: Some(&r.actions),
        })?;
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
                format!("the saved battle's action {} no longer plays: {e}", at + 1)
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
        self.log.extend(applied.log);
        self.news.push(News::Applied {
            log: first..self.log.len(),
            beats: applied.beats,
        });
        self.version += 1;
        Ok(())
    }

    /// Says that the battle on the board changed wholesale (see [`News::Replaced`]).
    pub fn replaced(&mut self) {
        self.news.push(News::Replaced);
        self.version += 1;
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
        }
        self.replaced();
        true
    }

    /// The ruleset's own battle, for callers that know which ruleset it is (tests).
    pub fn typed<G: Game>(&self) -> Option<&Typed<G>> {
        self.session.as_any().downcast_ref()
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

    /// The battle as a sealed replay; None for a ruleset replays cannot name.
    pub fn replay(&self) -> Option<Replay> {
        let mut r = self.replay_so_far()?;
        // A replay that cannot be re-run here (its scenario file gone) is still worth keeping,
        // unsealed.
        let _ = crate::replay::seal(&mut r);
        Some(r)
    }
}

/// The phase the battle should be in, from the core's pending decision, the seats, the steps
/// still on screen and the lesson, if the battle is one.
pub fn phase_for(
    battle: &Battle,
    seats: &Seats,
    showing: &crate::game::showing::Showing,
    lesson: Option<&crate::game::lesson::LessonRun>,
) -> Phase {
    if !showing.is_empty() {
        return Phase::Showing;
    }
    // In a lesson nobody but the learner decides: the other side's actions are the lesson's.
    if let Some(lesson) = lesson
        && !lesson.waits_for_learner()
    {
        return Phase::Lesson;
    }
    match battle.session.pending() {
        Pending::Over(_) => Phase::Over,
        Pending::Decide { seat, .. } => {
            if battle.session.watch_len().is_some() {
                return Phase::Watching;
            }
            if seats.kind(*seat) != SeatKind::Person && lesson.is_none() {
                return Phase::AiThinking;
            }
            // The board the next person sees may show what the last one must not, or the
            // other way round. Before the first decision nobody holds the screen: whoever
            // pressed Start may sit at any other seat, so it is passed when the side to act
            // keeps anything from another.
            if lesson.is_none() && seats.people() > 1 && seats.holder != Some(*seat) {
                let hidden = match seats.holder {
                    Some(holder) => {
                        battle.session.hides_from(holder) || battle.session.hides_from(*seat)
                    }
                    None => battle
                        .session
                        .seats()
                        .into_iter()
                        .any(|(other, _)| other != *seat && battle.session.hides_from(other)),
                };
                if hidden {
                    return Phase::PassScreen;
                }
            }
            Phase::Deciding
        }
    }
}

/// The seat whose person is deciding now, if a person is.
pub fn person_deciding(
    battle: &Battle,
    seats: &Seats,
    lesson: Option<&crate::game::lesson::LessonRun>,
) -> Option<Seat> {
    // In a lesson the learner decides only where the step waits for them; the other side's
    // moves are the lesson's.
    if lesson.is_some_and(|l| !l.waits_for_learner()) {
        return None;
    }
    battle
        .session
        .pending()
        .seat()
        .filter(|s| seats.kind(*s) == SeatKind::Person)
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

/// A battle is on the table: its resources are in place. (They come with the state's first
/// frame, and a battle that failed to start never has them.)
pub fn battle_on(battle: Option<Res<Battle>>, seats: Option<Res<Seats>>) -> bool {
    battle.is_some() && seats.is_some()
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
            .add_systems(OnEnter(AppState::Battle), begin_battle)
            .add_systems(OnExit(AppState::Result), end_battle)
            .add_systems(OnEnter(AppState::Learn), end_battle)
            .add_systems(
                Update,
                (
                    apply_choices
                        .in_set(BattleSet::Apply)
                        .run_if(not(resource_exists::<crate::game::lesson::LessonRun>)),
                    publish_news.in_set(BattleSet::Publish),
                    sync_phase.in_set(BattleSet::Phase),
                ),
            );
    }
}

fn begin_battle(
    mut commands: Commands,
    setup: Res<BattleSetup>,
    mut count: ResMut<BattleCount>,
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<AppState>>,
) {
    let opened = match &setup.lesson {
        Some(start) => crate::game::lesson::open(start).map(|(b, run)| (b, Some(run))),
        None => Battle::start(&setup).map(|b| (b, None)),
    };
    match opened {
        Ok((mut b, lesson)) => {
            count.0 += 1;
            b.serial = count.0;
            let seats: Vec<Seat> = b.session.seats().into_iter().map(|(s, _)| s).collect();
            // A lesson's learner sits at every seat; the lesson plays the other side.
            let (kinds, gm) = if lesson.is_some() {
                (vec![SeatKind::Person; seats.len()], SeatKind::Person)
            } else {
                (setup.seats.clone(), setup.gm)
            };
            commands.insert_resource(Seats::new(kinds, &seats, gm));
            if let Some(run) = lesson {
                commands.insert_resource(run);
            }
            commands.insert_resource(b);
        }
        Err(e) => {
            crate::game::web::announce(&format!("FRAY ERROR {e}"));
            notice.0 = Some(e);
            next.set(AppState::Menu);
        }
    }
}

/// The battle, its seats and its lesson live from the start of a battle to the end of its
/// result screen.
fn end_battle(mut commands: Commands) {
    commands.remove_resource::<Battle>();
    commands.remove_resource::<Seats>();
    commands.remove_resource::<crate::game::lesson::LessonRun>();
}

/// Sends on what the battle's changes did.
fn publish_news(mut battle: ResMut<Battle>, mut news: MessageWriter<News>) {
    // Read first: a write through `ResMut` would mark the battle changed every frame.
    if !battle.news.is_empty() {
        news.write_batch(battle.take_news());
    }
}

/// Applies the actions people, the AI or a replay chose. A refused action is reported, never
/// fatal. (A lesson's are judged first: `lesson::take_lesson_choices`.)
fn apply_choices(
    mut commands: Commands,
    mut reader: MessageReader<Choose>,
    mut battle: ResMut<Battle>,
    mut seats: ResMut<Seats>,
    asking: Option<Res<crate::game::table_dice::TableAsk>>,
    mut notice: ResMut<Notice>,
) {
    // While the table rolls for one decision, no other is taken.
    if asking.is_some() {
        reader.clear();
        return;
    }
    for Choose(action) in reader.read() {
        let holder = person_deciding(&battle, &seats, None);
        match crate::game::table_dice::apply_asking(&mut commands, &mut battle, action) {
            Ok(applied) => {
                if holder.is_some() {
                    seats.holder = holder;
                }
                notice.0 = None;
                if !applied {
                    // The table is asked for a roll: the rest waits.
                    reader.clear();
                    return;
                }
            }
            Err(e) => notice.0 = Some(e.to_string()),
        }
    }
}

/// Keeps the phase state in step with the core.
pub fn sync_phase(
    battle: Res<Battle>,
    seats: Res<Seats>,
    showing: Res<crate::game::showing::Showing>,
    lesson: Option<Res<crate::game::lesson::LessonRun>>,
    phase: Res<State<Phase>>,
    mut next: ResMut<NextState<Phase>>,
) {
    let want = phase_for(&battle, &seats, &showing, lesson.as_deref());
    if *phase.get() != want {
        next.set(want);
    }
}
