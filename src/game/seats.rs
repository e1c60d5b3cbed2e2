//! Who decides for each faction: a person at this screen or the AI at a level. AI seats think
//! in slices, a little every frame, and play at a readable pace.

use bevy::prelude::*;

use crate::ai::{Candidate, Level, Thinking};
use crate::rules::zones::{self, Zones};

use super::flow::{Battle, Choose, Phase};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatKind {
    Person,
    Ai(Level),
}

impl SeatKind {
    pub fn label(self) -> String {
        match self {
            SeatKind::Person => "person".into(),
            SeatKind::Ai(l) => format!("AI ({})", l.name()),
        }
    }

    pub fn parse(s: &str) -> Option<SeatKind> {
        match s.trim() {
            "person" | "human" | "p" => Some(SeatKind::Person),
            "ai" => Some(SeatKind::Ai(Level::Normal)),
            other => Level::parse(other.strip_prefix("ai-").unwrap_or(other)).map(SeatKind::Ai),
        }
    }
}

#[derive(Resource, Clone, Debug)]
pub struct Seats(pub Vec<SeatKind>);

impl Seats {
    /// One seat per faction; missing ones are AI at the normal level.
    pub fn new(mut kinds: Vec<SeatKind>, factions: usize) -> Seats {
        kinds.resize(factions, SeatKind::Ai(Level::Normal));
        Seats(kinds)
    }

    pub fn kind(&self, f: usize) -> SeatKind {
        self.0
            .get(f)
            .copied()
            .unwrap_or(SeatKind::Ai(Level::Normal))
    }

    pub fn people(&self) -> usize {
        self.0.iter().filter(|k| **k == SeatKind::Person).count()
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

/// The AI's decision in progress, and what it thought of the last one (the "why" panel).
#[derive(Resource, Default)]
pub struct Brain {
    thinking: Option<(u64, Thinking<Zones>)>,
    waited: f32,
    pub last_candidates: Vec<Candidate<zones::Action>>,
    pub last_seat: Option<usize>,
}

pub struct SeatsPlugin;

impl Plugin for SeatsPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Pace>()
            .init_resource::<Brain>()
            .add_systems(Update, ai_think.run_if(in_state(Phase::AiThinking)))
            .add_systems(Update, watch_step.run_if(in_state(Phase::Watching)));
    }
}

fn ai_think(
    time: Res<Time>,
    pace: Res<Pace>,
    battle: Option<Res<Battle>>,
    seats: Option<Res<Seats>>,
    mut brain: ResMut<Brain>,
    mut choose: MessageWriter<Choose>,
) {
    let (Some(battle), Some(seats)) = (battle, seats) else {
        return;
    };
    let Some(seat) = battle.pending().seat() else {
        return;
    };
    let level = match seat {
        crate::rules::battle::Seat::Faction(f) => match seats.kind(f) {
            SeatKind::Ai(l) => l,
            SeatKind::Person => return,
        },
        crate::rules::battle::Seat::Gm => Level::Normal,
    };
    let stale = brain
        .thinking
        .as_ref()
        .is_none_or(|(v, _)| *v != battle.version);
    if stale {
        let seed = battle.seed ^ battle.version.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        brain.thinking = Thinking::start(level, &battle.state, seed).map(|t| (battle.version, t));
        brain.waited = 0.0;
    }
    brain.waited += time.delta_secs();
    let waited = brain.waited;
    let Some((_, thinking)) = brain.thinking.as_mut() else {
        return;
    };
    let done = thinking.step(pace.budget);
    if done && waited >= pace.delay() {
        let best = thinking.best();
        let candidates = thinking.candidates();
        if let Some(a) = best {
            brain.last_candidates = candidates;
            brain.last_seat = match seat {
                crate::rules::battle::Seat::Faction(f) => Some(f),
                crate::rules::battle::Seat::Gm => None,
            };
            brain.thinking = None;
            choose.write(Choose(a));
        }
    }
}

/// Watching a replay: the next recorded action, at the AI's pace.
fn watch_step(
    time: Res<Time>,
    pace: Res<Pace>,
    battle: Option<Res<Battle>>,
    mut brain: ResMut<Brain>,
    mut choose: MessageWriter<Choose>,
) {
    let Some(battle) = battle else { return };
    let Some(watch) = &battle.watch else { return };
    brain.waited += time.delta_secs();
    if brain.waited < pace.delay() {
        return;
    }
    brain.waited = 0.0;
    if let Some(a) = watch.get(battle.actions.len()) {
        choose.write(Choose(a.clone()));
    }
}
