//! A validated Zones scenario before its first roll, and the start of its battle.

use super::model::State;
use super::{ZoneEvent, flow};
use crate::battle::{CharacterId, FactionId, RuleError};
use crate::dice::DiceSource;

/// A validated scenario, ready to start.
#[derive(Clone, Debug)]
pub struct ZonesSetup {
    pub state: State,
    pub started_by: Option<FactionId>,
    /// Where a battle written as a situation stands: it starts there, not at round 1.
    pub situation: Option<Situation>,
}

/// A battle started mid-way, as a GM sets a rules question: the round, who has had their turn,
/// whose decision it is. Each character's own state (health, conditions, gear) is already in
/// the setup's state.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Situation {
    pub round: u32,
    /// Who has had their turn this round already.
    pub acted: Vec<CharacterId>,
    /// The faction whose activation it is; None leaves the round's first choice to the
    /// initiative holder.
    pub to_act: Option<FactionId>,
    /// A character whose turn is under way.
    pub turn: Option<CharacterId>,
    /// With fast and slow activations: the round's fast action threshold, as already rolled.
    pub threshold: Option<u8>,
}

impl ZonesSetup {
    /// Rolls what the start needs (initiative if nobody started the fight) and returns the
    /// battle ready for its first decision.
    pub fn start(&self, dice: &mut dyn DiceSource) -> Result<(State, Vec<ZoneEvent>), RuleError> {
        let mut s = self.state.clone();
        s.index_items();
        flow::start(s, self.started_by, self.situation.as_ref(), dice)
    }
}
