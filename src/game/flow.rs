//! The app's states and the battle's phase, which mirrors the core's pending decision. The
//! battle changes only through [`Battle::apply`], which hands an action to the rules core.

use std::collections::VecDeque;
use std::sync::Arc;

use bevy::prelude::*;

use crate::ai::Level;
use crate::replay::{Replay, ReplayDice};
use crate::rules::battle::{DecisionKind, Pending, RuleError, Seat};
use crate::rules::dice::SeededDice;
use crate::rulesets::{Actions, Game, Visit};
use crate::scenario;

pub use super::present::Beat;
use super::seats::{SeatKind, Seats};
pub use super::session::{Choice, LogEntry, Session, Typed};

#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum AppState {
    #[default]
    Menu,
    /// The lessons, course by course.
    Learn,
    Battle,
    Result,
}

/// The battle's phase: whose decision and what kind, as the core's `pending` says.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(AppState = AppState::Battle)]
pub enum Phase {
    #[default]
    Starting,
    Initiative,
    Activation,
    Turn,
    Reaction,
    Stunt,
    Morale,
    Harm,
    Draw,
    Commit,
    Special,
    Review,
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

impl Phase {
    /// A decision a person takes, one for each of the core's decision kinds.
    pub fn is_decision(self) -> bool {
        self == Phase::Activation || self == Phase::Turn || self.is_prompt()
    }

    /// A decision asked outside one's own turn, shown as a prompt over the board.
    pub fn is_prompt(self) -> bool {
        matches!(
            self,
            Phase::Initiative
                | Phase::Reaction
                | Phase::Stunt
                | Phase::Morale
                | Phase::Harm
                | Phase::Draw
                | Phase::Commit
                | Phase::Special
                | Phase::Review
        )
    }
}

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
    /// The seat of the person who last held the screen (hot-seat).
    pub screen_holder: Option<Seat>,
    /// The steps of the last resolution still to be shown, the first on screen.
    pub showing: VecDeque<Beat>,
    /// The log entries the board is animating, in turn; nothing waits for them.
    pub playing: super::animation::Playing,
    /// The lesson this battle is, if it is one.
    pub lesson: Option<super::lesson::LessonRun>,
    /// How long the log was before each action, to take an action's lines back with it.
    marks: Vec<usize>,
}

/// Where a battle's numbers come from: Fray's seeded dice, or the table's own, typed in.
// One per battle: the seeded generator's size is no cost worth a box.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum BattleDice {
    Seeded(SeededDice),
    Table(super::table_dice::TableDice),
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
    pub fn start(setup: &BattleSetup) -> Result<Battle, String> {
        if let Some((_, save)) = &setup.resume {
            return Battle::resume(save);
        }
        let mut dice = SeededDice::new(setup.seed);
        let mut lesson = None;
        let mut opening = Vec::new();
        let (session, events, name) = match &setup.custom {
            _ if setup.lesson.is_some() => {
                let start = setup.lesson.clone().unwrap_or_default();
                let (run, session, log) = super::lesson::LessonRun::start(&start)?;
                let name = run.title.clone();
                lesson = Some(run);
                (session, log, name)
            }
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
        let dice = if setup.table_dice && lesson.is_none() && setup.custom.is_none() {
            BattleDice::Table(super::table_dice::TableDice::opened(opening))
        } else {
            BattleDice::Seeded(dice)
        };
        Ok(Battle {
            seed: setup.seed,
            scenario: setup.scenario.clone(),
            options: setup.options.clone(),
            name,
            lesson,
            ..Battle::opened(session, dice, events)
        })
    }

    /// A battle just started, before anything is said of where it came from.
    fn opened(session: Box<dyn Session>, dice: BattleDice, log: Vec<LogEntry>) -> Battle {
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
            screen_holder: None,
            showing: VecDeque::new(),
            playing: super::animation::Playing::default(),
            lesson: None,
            marks: Vec::new(),
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
                BattleDice::Table(super::table_dice::TableDice::typed(v.iter().copied())),
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
        battle.showing.clear();
        battle.playing = super::animation::Playing::default();
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
        self.playing.queue(first..self.log.len());
        self.showing.extend(applied.beats);
        self.version += 1;
        Ok(())
    }

    pub fn pending(&self) -> Pending {
        self.session.pending().clone()
    }

    /// Takes back the last decision, if it rolled nothing and revealed nothing: the state, the
    /// log and the steps on screen go back with it. False, and nothing changed, otherwise.
    pub fn undo(&mut self) -> bool {
        if self.lesson.is_some() || !self.session.undo() {
            return false;
        }
        if let Some(mark) = self.marks.pop() {
            self.log.truncate(mark);
        }
        self.showing.clear();
        self.playing = super::animation::Playing::default();
        self.version += 1;
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

/// The phase the battle should be in, from the core's pending decision and the seats.
pub fn phase_for(battle: &Battle, seats: &Seats) -> Phase {
    if !battle.showing.is_empty() {
        return Phase::Showing;
    }
    // In a lesson nobody but the learner decides: the other side's actions are the lesson's.
    if let Some(lesson) = &battle.lesson
        && !lesson.waits_for_learner()
    {
        return Phase::Lesson;
    }
    match battle.session.pending() {
        Pending::Over(_) => Phase::Over,
        Pending::Decide { seat, kind, .. } => {
            if battle.session.watch_len().is_some() {
                return Phase::Watching;
            }
            if seats.kind(*seat) != SeatKind::Person && battle.lesson.is_none() {
                return Phase::AiThinking;
            }
            // The board the next person sees may show what the last one must not, or the
            // other way round. Before the first decision nobody holds the screen: whoever
            // pressed Start may sit at any other seat, so it is passed when the side to act
            // keeps anything from another.
            if battle.lesson.is_none() && seats.people() > 1 && battle.screen_holder != Some(*seat)
            {
                let hidden = match battle.screen_holder {
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
            match kind {
                DecisionKind::Initiative => Phase::Initiative,
                DecisionKind::Activation => Phase::Activation,
                DecisionKind::Turn => Phase::Turn,
                DecisionKind::Reaction => Phase::Reaction,
                DecisionKind::Stunt => Phase::Stunt,
                DecisionKind::Morale => Phase::Morale,
                DecisionKind::Harm => Phase::Harm,
                DecisionKind::Draw => Phase::Draw,
                DecisionKind::Commit => Phase::Commit,
                DecisionKind::Special => Phase::Special,
                DecisionKind::Review => Phase::Review,
            }
        }
    }
}

/// The seat whose person is deciding now, if a person is.
pub fn person_deciding(battle: &Battle, seats: &Seats) -> Option<Seat> {
    // In a lesson the learner decides only where the step waits for them; the other side's
    // moves are the lesson's.
    if battle
        .lesson
        .as_ref()
        .is_some_and(|l| !l.waits_for_learner())
    {
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

pub struct FlowPlugin;

impl Plugin for FlowPlugin {
    fn build(&self, app: &mut App) {
        app.init_state::<AppState>()
            .add_sub_state::<Phase>()
            .init_resource::<BattleSetup>()
            .init_resource::<Notice>()
            .init_resource::<BattleCount>()
            .add_message::<Choose>()
            .add_systems(OnEnter(AppState::Battle), begin_battle)
            .add_systems(OnExit(AppState::Result), end_battle)
            .add_systems(OnEnter(AppState::Learn), end_battle)
            .add_systems(
                Update,
                (apply_choices, sync_phase)
                    .chain()
                    .run_if(in_state(AppState::Battle)),
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
    match Battle::start(&setup) {
        Ok(mut b) => {
            count.0 += 1;
            b.serial = count.0;
            let seats: Vec<Seat> = b.session.seats().into_iter().map(|(s, _)| s).collect();
            // A lesson's learner sits at every seat; the lesson plays the other side.
            let (kinds, gm) = if b.lesson.is_some() {
                (vec![SeatKind::Person; seats.len()], SeatKind::Person)
            } else {
                (setup.seats.clone(), setup.gm)
            };
            commands.insert_resource(Seats::new(kinds, &seats, gm));
            commands.insert_resource(b);
        }
        Err(e) => {
            super::web::announce(&format!("FRAY ERROR {e}"));
            notice.0 = Some(e);
            next.set(AppState::Menu);
        }
    }
}

/// The battle and its seats live from the start of a battle to the end of its result screen.
fn end_battle(mut commands: Commands) {
    commands.remove_resource::<Battle>();
    commands.remove_resource::<Seats>();
}

/// Applies the actions people chose. A refused action is reported, never fatal.
fn apply_choices(
    mut commands: Commands,
    mut reader: MessageReader<Choose>,
    battle: Option<ResMut<Battle>>,
    seats: Option<Res<Seats>>,
    asking: Option<Res<super::table_dice::TableAsk>>,
    mut notice: ResMut<Notice>,
) {
    let (Some(mut battle), Some(seats)) = (battle, seats) else {
        reader.clear();
        return;
    };
    // While the table rolls for one decision, no other is taken.
    if asking.is_some() {
        reader.clear();
        return;
    }
    for Choose(action) in reader.read() {
        let holder = person_deciding(&battle, &seats);
        if let Some(lesson) = battle.lesson.as_mut() {
            use super::lesson::Judged;
            match lesson.judge(action) {
                Judged::Take(dice) => {
                    let mut scripted = crate::rules::dice::ScriptedDice::new(dice);
                    match battle.apply_with(action, &mut scripted) {
                        Ok(()) => {
                            if let Some(l) = battle.lesson.as_mut() {
                                l.taken();
                            }
                            notice.0 = None;
                        }
                        Err(e) => notice.0 = Some(e.to_string()),
                    }
                }
                Judged::NotNow(why) => notice.0 = Some(why),
                Judged::Wrong(_) => {
                    notice.0 = None;
                    battle.version += 1;
                }
            }
            continue;
        }
        match super::table_dice::apply_asking(&mut commands, &mut battle, action) {
            Ok(applied) => {
                if holder.is_some() {
                    battle.screen_holder = holder;
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
    battle: Option<Res<Battle>>,
    seats: Option<Res<Seats>>,
    phase: Option<Res<State<Phase>>>,
    mut next: ResMut<NextState<Phase>>,
) {
    let (Some(battle), Some(seats), Some(phase)) = (battle, seats, phase) else {
        return;
    };
    let want = phase_for(&battle, &seats);
    if *phase.get() != want {
        next.set(want);
    }
}
