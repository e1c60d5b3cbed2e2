//! The app's states and the battle's phase, which mirrors the core's pending decision. The
//! battle changes only through [`Battle::apply`], which hands an action to the rules core.

use bevy::prelude::*;

use crate::ai::Level;
use crate::replay::{Replay, ReplayActions, ReplayDice};
use crate::rules::battle::{DecisionKind, Pending, RuleError, Ruleset, Seat, state_hash};
use crate::rules::dice::SeededDice;
use crate::rules::explain::Explanation;
use crate::rules::zones::{self, Zones};
use crate::scenario::{self, Setup};

use super::seats::{SeatKind, Seats};

#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum AppState {
    #[default]
    Menu,
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
    /// An AI seat is deciding.
    AiThinking,
    /// A replay being watched plays its next action.
    Watching,
    /// Hot-seat: the board is hidden until the next person takes the screen.
    PassScreen,
    Over,
}

/// What the menu (or the command line) chose for the next battle.
#[derive(Resource, Clone, Debug)]
pub struct BattleSetup {
    pub scenario: String,
    pub seats: Vec<SeatKind>,
    pub seed: u64,
    pub fast_slow: Option<bool>,
    pub chaos_seconds: Option<Option<u32>>,
    /// Actions to replay instead of asking the seats.
    pub watch: Option<Vec<zones::Action>>,
}

impl Default for BattleSetup {
    fn default() -> Self {
        BattleSetup {
            scenario: scenario::DEFAULT.to_string(),
            seats: vec![SeatKind::Person, SeatKind::Ai(Level::Normal)],
            seed: 1,
            fast_slow: None,
            chaos_seconds: None,
            watch: None,
        }
    }
}

#[derive(Clone, Debug)]
pub struct LogEntry {
    pub round: u32,
    pub text: String,
    pub explanation: Option<Explanation>,
}

/// The battle under way: the rules core's state, its dice, and what was done.
#[derive(Resource)]
pub struct Battle {
    pub state: zones::State,
    pub dice: SeededDice,
    pub seed: u64,
    pub scenario: String,
    pub name: String,
    pub actions: Vec<zones::Action>,
    pub log: Vec<LogEntry>,
    /// Bumped on every change, so views know to re-sync.
    pub version: u64,
    /// The faction of the person who last held the screen (hot-seat).
    pub screen_holder: Option<usize>,
    pub watch: Option<Vec<zones::Action>>,
}

impl Battle {
    pub fn start(setup: &BattleSetup) -> Result<Battle, String> {
        let loaded = scenario::load(&setup.scenario).map_err(|e| e.to_string())?;
        let Setup::Zones(mut zs) = loaded.setup;
        if let Some(v) = setup.fast_slow {
            zs.state.options.fast_slow = v;
        }
        if let Some(v) = setup.chaos_seconds {
            zs.state.options.chaos_seconds = v;
        }
        let mut dice = SeededDice::new(setup.seed);
        let (state, events) = zs.start(&mut dice).map_err(|e| e.to_string())?;
        let mut b = Battle {
            state,
            dice,
            seed: setup.seed,
            scenario: setup.scenario.clone(),
            name: loaded.scenario.name.clone(),
            actions: Vec::new(),
            log: Vec::new(),
            version: 1,
            screen_holder: None,
            watch: setup.watch.clone(),
        };
        b.record(events);
        Ok(b)
    }

    fn record(&mut self, events: Vec<zones::ZoneEvent>) {
        let round = self.state.round;
        self.log.extend(events.into_iter().map(|e| LogEntry {
            round,
            text: e.text,
            explanation: e.explanation,
        }));
    }

    /// The only way the shell changes a battle: the core checks and applies the action.
    pub fn apply(&mut self, action: &zones::Action) -> Result<(), RuleError> {
        let events = Zones::apply(&mut self.state, action, &mut self.dice)?;
        self.actions.push(action.clone());
        self.record(events);
        self.version += 1;
        Ok(())
    }

    pub fn pending(&self) -> Pending {
        Zones::pending(&self.state)
    }

    pub fn legal(&self) -> Vec<zones::Action> {
        Zones::legal_actions(&self.state)
    }

    pub fn replay(&self) -> Replay {
        Replay {
            scenario: self.scenario.clone(),
            dice: ReplayDice::Seed(self.seed),
            actions: ReplayActions::Zones(self.actions.clone()),
            final_hash: Some(state_hash(&self.state)),
        }
    }

    /// Whether the ruleset is hiding anything from someone right now (concealed characters).
    pub fn hides_information(&self) -> bool {
        self.state.characters.iter().any(|c| c.concealed)
    }
}

/// The phase the battle should be in, from the core's pending decision and the seats.
pub fn phase_for(battle: &Battle, seats: &Seats) -> Phase {
    match battle.pending() {
        Pending::Over(_) => Phase::Over,
        Pending::Decide { seat, kind, .. } => {
            if battle.watch.is_some() {
                return Phase::Watching;
            }
            let person = match seat {
                Seat::Faction(f) => seats.kind(f) == SeatKind::Person,
                Seat::Gm => false,
            };
            if !person {
                return Phase::AiThinking;
            }
            if let Seat::Faction(f) = seat
                && battle.hides_information()
                && seats.people() > 1
                && battle.screen_holder.is_some_and(|h| h != f)
            {
                return Phase::PassScreen;
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
            }
        }
    }
}

/// The faction whose person is deciding now, if a person is.
pub fn person_deciding(battle: &Battle, seats: &Seats) -> Option<usize> {
    match battle.pending().seat()? {
        Seat::Faction(f) if seats.kind(f) == SeatKind::Person => Some(f),
        _ => None,
    }
}

/// A message naming an action a person (or the watch mode) chose.
#[derive(Message, Clone, Debug)]
pub struct Choose(pub zones::Action);

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
            .add_message::<Choose>()
            .add_systems(OnEnter(AppState::Battle), begin_battle)
            .add_systems(OnExit(AppState::Result), end_battle)
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
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<AppState>>,
) {
    match Battle::start(&setup) {
        Ok(b) => {
            commands.insert_resource(Seats::new(setup.seats.clone(), b.state.factions.len()));
            commands.insert_resource(b);
        }
        Err(e) => {
            notice.0 = Some(e);
            next.set(AppState::Menu);
        }
    }
}

fn end_battle(mut commands: Commands) {
    commands.remove_resource::<Battle>();
}

/// Applies the actions people chose. A refused action is reported, never fatal.
fn apply_choices(
    mut reader: MessageReader<Choose>,
    battle: Option<ResMut<Battle>>,
    seats: Option<Res<Seats>>,
    mut notice: ResMut<Notice>,
) {
    let (Some(mut battle), Some(seats)) = (battle, seats) else {
        reader.clear();
        return;
    };
    for Choose(action) in reader.read() {
        let holder = person_deciding(&battle, &seats);
        match battle.apply(action) {
            Ok(()) => {
                if holder.is_some() {
                    battle.screen_holder = holder;
                }
                notice.0 = None;
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
