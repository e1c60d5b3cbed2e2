//! What happened, structured for the screen to animate; the text and the roll explanation
//! travel beside it in [`crate::Event`].

use serde::{Deserialize, Serialize};

use super::model::{Status, Target, ZoneId};
use crate::battle::{CharacterId, FactionId};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventKind {
    RoundStarted {
        round: u32,
    },
    PhaseStarted,
    Initiative {
        first: FactionId,
    },
    TurnStarted {
        character: CharacterId,
    },
    TurnEnded {
        character: CharacterId,
    },
    Passed {
        faction: FactionId,
    },
    Moved {
        character: CharacterId,
        from: ZoneId,
        to: ZoneId,
    },
    Roll {
        character: Option<CharacterId>,
    },
    Attack {
        attacker: CharacterId,
        target: Target,
    },
    Reaction {
        character: CharacterId,
    },
    Damage {
        character: CharacterId,
        amount: u8,
        health: u8,
    },
    Healed {
        character: CharacterId,
        health: u8,
    },
    StatusChanged {
        character: CharacterId,
        status: Status,
    },
    Revealed {
        character: CharacterId,
    },
    Hidden {
        character: CharacterId,
    },
    Grabbed {
        character: CharacterId,
        by: CharacterId,
    },
    Freed {
        character: CharacterId,
    },
    Gear,
    Note,
    BattleOver,
}
