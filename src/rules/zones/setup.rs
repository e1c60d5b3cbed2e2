//! A validated Zones scenario before its first roll, and the start of its battle.

use super::model::State;
use super::{ZoneEvent, flow};
use crate::rules::battle::{FactionId, RuleError};
use crate::rules::dice::DiceSource;

/// A validated scenario, ready to start.
#[derive(Clone, Debug)]
pub struct ZonesSetup {
    pub state: State,
    pub started_by: Option<FactionId>,
}

impl ZonesSetup {
    /// Rolls what the start needs (initiative if nobody started the fight) and returns the
    /// battle ready for its first decision.
    pub fn start(&self, dice: &mut dyn DiceSource) -> Result<(State, Vec<ZoneEvent>), RuleError> {
        let mut s = self.state.clone();
        let events = flow::start(&mut s, self.started_by, dice)?;
        Ok((s, events))
    }
}
