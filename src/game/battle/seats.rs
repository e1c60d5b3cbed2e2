//! Who decides for each seat (every faction, and the GM): a person at this screen or the AI at
//! a level. AI seats think in slices, a little every frame, and play at a readable pace.

use std::collections::BTreeMap;

use bevy::prelude::*;

use crate::ai::Level;
use crate::rules::battle::Seat;

use super::flow::{AppState, Battle, BattleSet, Choose, Phase};
use super::showing::Showing;
use crate::session::{CandidateLine, Thought};

pub use super::setup::SeatKind;

/// Who sits at each seat (a seat not listed is the AI at the normal level), and which of the
/// people holds the screen.
#[derive(Resource, Clone, Debug, Default)]
pub struct Seats {
    kinds: BTreeMap<Seat, SeatKind>,
    /// The seat of the person who last held the screen (hot-seat); nobody before the first
    /// decision.
    pub holder: Option<Seat>,
}

impl Seats {
    /// The kinds for the ruleset's seats in order (missing ones are AI at the normal level),
    /// and the GM's.
    pub fn new(kinds: Vec<SeatKind>, seats: &[Seat], gm: SeatKind) -> Seats {
        let mut seats: BTreeMap<Seat, SeatKind> = seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                (
                    *s,
                    kinds.get(i).copied().unwrap_or(SeatKind::Ai(Level::Normal)),
                )
            })
            .collect();
        seats.insert(Seat::Gm, gm);
        Seats {
            kinds: seats,
            holder: None,
        }
    }

    pub fn kind(&self, seat: Seat) -> SeatKind {
        self.kinds
            .get(&seat)
            .copied()
            .unwrap_or(SeatKind::Ai(Level::Normal))
    }

    /// How many seats people hold.
    pub fn people(&self) -> usize {
        self.kinds
            .values()
            .filter(|k| **k == SeatKind::Person)
            .count()
    }

    /// The first seat a person holds, if any.
    pub fn first_person(&self) -> Option<Seat> {
        self.kinds
            .iter()
            .find(|(_, k)| **k == SeatKind::Person)
            .map(|(s, _)| *s)
    }
}

/// How fast AI turns play out; the speed-up key shortens the pause.
#[derive(Resource, Debug)]
pub struct Pace {
    pub pause: f32,
    pub fast: bool,
    /// Play-outs per frame for the searching AI.
    pub budget: u32,
}

impl Default for Pace {
    fn default() -> Self {
        Pace {
            pause: 0.7,
            fast: false,
            budget: 24,
        }
    }
}

impl Pace {
    pub fn delay(&self) -> f32 {
        if self.fast { 0.05 } else { self.pause }
    }
}

/// The AI's decision in progress, and what it thought of the last one (the "why" panel). It
/// belongs to one battle: made when the battle starts, removed when it ends.
#[derive(Resource, Default)]
pub struct Brain {
    /// The battle's serial and version the decision is for, and the decision.
    thinking: Option<(u64, u64, Box<dyn Thought>)>,
    waited: f32,
    pub last_candidates: Vec<CandidateLine>,
    pub last_seat: Option<Seat>,
}

impl Brain {
    /// Whether a decision is being thought about.
    pub fn busy(&self) -> bool {
        self.thinking.is_some()
    }

    /// The battle (serial, version) the decision in progress belongs to.
    pub fn thinking_for(&self) -> Option<(u64, u64)> {
        self.thinking.as_ref().map(|(s, v, _)| (*s, *v))
    }
}

pub struct SeatsPlugin;

impl Plugin for SeatsPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Pace>()
            .add_systems(OnEnter(AppState::Battle), |mut commands: Commands| {
                commands.insert_resource(Brain::default())
            })
            .add_systems(OnExit(AppState::Battle), |mut commands: Commands| {
                commands.remove_resource::<Brain>()
            })
            .add_systems(
                Update,
                (
                    ai_think.run_if(in_state(Phase::AiThinking)),
                    watch_step.run_if(in_state(Phase::Watching)),
                    unattended_beats.run_if(in_state(Phase::Showing)),
                )
                    .run_if(resource_exists::<Brain>)
                    .in_set(BattleSet::Apply),
            );
    }
}

fn ai_think(
    time: Res<Time>,
    pace: Res<Pace>,
    battle: Res<Battle>,
    seats: Res<Seats>,
    mut brain: ResMut<Brain>,
    mut choose: MessageWriter<Choose>,
) {
    let Some(seat) = battle.session().pending().seat() else {
        return;
    };
    let SeatKind::Ai(level) = seats.kind(seat) else {
        return;
    };
    let stale = brain
        .thinking
        .as_ref()
        .is_none_or(|(serial, v, _)| (*serial, *v) != (battle.serial(), battle.version()));
    if stale {
        // From the decisions taken, not the screen's changes: a battle resumed from its save,
        // or taken back to this point, thinks as it did.
        let decided = battle.taken() as u64 + 1;
        let seed = battle.seed() ^ decided.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        brain.thinking = battle
            .session()
            .think(level, seed)
            .map(|t| (battle.serial(), battle.version(), t));
        brain.waited = 0.0;
    }
    brain.waited += time.delta_secs();
    let waited = brain.waited;
    let Some((_, _, thinking)) = brain.thinking.as_mut() else {
        return;
    };
    let done = thinking.step(pace.budget);
    if done && waited >= pace.delay() {
        let best = thinking.best();
        let candidates = thinking.candidates();
        if let Some(a) = best {
            brain.last_candidates = candidates;
            brain.last_seat = Some(seat);
            brain.thinking = None;
            choose.write(Choose(a));
        }
    }
}

/// With nobody at the screen (AI against AI, a replay), each step of a resolution stays up for
/// a moment, as a person would take to read it; fast AI skips them. A person reads at their own
/// pace and presses Enter.
fn unattended_beats(
    time: Res<Time>,
    pace: Res<Pace>,
    seats: Res<Seats>,
    battle: Res<Battle>,
    mut showing: ResMut<Showing>,
    mut shown_for: Local<f32>,
) {
    if pace.fast {
        showing.clear();
        return;
    }
    let watching = battle.session().watch_len().is_some();
    if seats.people() > 0 && !watching {
        return;
    }
    *shown_for += time.delta_secs();
    if *shown_for >= 2.0 * pace.delay() {
        *shown_for = 0.0;
        showing.pop_front();
    }
}

/// Watching a replay: the next recorded action, at the AI's pace.
fn watch_step(
    time: Res<Time>,
    pace: Res<Pace>,
    battle: Res<Battle>,
    mut brain: ResMut<Brain>,
    mut choose: MessageWriter<Choose>,
) {
    brain.waited += time.delta_secs();
    if brain.waited < pace.delay() {
        return;
    }
    brain.waited = 0.0;
    if let Some(a) = battle.session().watch_next() {
        choose.write(Choose(a));
    }
}
