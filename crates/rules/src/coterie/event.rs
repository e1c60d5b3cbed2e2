//! What happened, for the screen to show: each event's structured record.

use serde::{Deserialize, Serialize};

use super::model::Degree;
use crate::battle::{CharacterId, FactionId};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum EventKind {
    /// A turn of the conflict the referee remarks on, about someone or about the conflict.
    Note {
        about: Option<CharacterId>,
        what: Noted,
    },
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

/// Which remark a note is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Noted {
    Began,
    PhaseBegan,
    /// A character's effort declared for the phase.
    Declared,
    /// A special action proposed to the GM.
    Proposed,
    /// The harm the players would deal, which the foes may fall back from instead.
    PlayersWouldDeal,
    /// The harm the GM would deal, which the players may fall back from instead.
    GmWouldDeal,
    /// The GM keeps no level of harm in reserve.
    GmWaived,
    NeutralDraw,
    /// A draw tires the whole group.
    DrawTired,
    /// The foes, shaken, fight on.
    FoesFightOn,
    DuelRolled,
    /// A duel's loser falls back rather than take harm.
    DuelFellBack,
    /// A character's goal a step closer.
    GoalCloser,
}

impl crate::context::Remark for Noted {
    type Kind = EventKind;

    fn note(self, about: Option<CharacterId>) -> EventKind {
        EventKind::Note { about, what: self }
    }
}
