//! What happened, for the screen to show: each event's structured record.

use serde::{Deserialize, Serialize};

use super::model::Degree;
use crate::battle::{CharacterId, FactionId};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum EventKind {
    Note,
    /// A side's effort rolled: its total.
    Effort {
        side: FactionId,
        total: i32,
    },
    /// The phase's result; no winner for a draw.
    Result {
        winner: Option<FactionId>,
        degree: Degree,
        /// Each side's effort, the party's first.
        efforts: [i32; 2],
    },
    Performance {
        character: CharacterId,
        shift: i32,
    },
    /// A group's place on the track changed.
    Track {
        side: FactionId,
        position: i32,
    },
    /// Harm dealt to a group.
    Harm {
        side: FactionId,
    },
    /// A character hurt or tired by their own share of harm.
    Hurt {
        character: CharacterId,
        wounds: i32,
        fatigue: i32,
    },
    Special {
        character: CharacterId,
    },
    Duel {
        winner: Option<CharacterId>,
        degree: Degree,
    },
    /// A character left the conflict.
    Out {
        character: CharacterId,
    },
    Over,
}
