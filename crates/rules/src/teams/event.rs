//! What happened, structured for the screen to animate; the text and the roll explanation
//! travel beside it in [`crate::Event`].

use serde::{Deserialize, Serialize};

use super::model::{ItemId, Pos, Status, TeamId};
use crate::battle::CharacterId;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReactionKind {
    Block,
    Dodge,
    Fortify,
    Intercept,
    Parry,
    Resist,
    Readied,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventKind {
    /// The initiative order, as far as it is decided.
    Initiative {
        order: Vec<TeamId>,
    },
    SurpriseRound {
        team: TeamId,
    },
    RoundStarted {
        round: u32,
    },
    TurnStarted {
        character: CharacterId,
    },
    TurnEnded {
        character: CharacterId,
    },
    /// Actions spent by the turn's character, and what it has left.
    Spent {
        character: CharacterId,
        actions: u8,
        left: u8,
    },
    Commanded {
        by: CharacterId,
        ally: CharacterId,
    },
    Moved {
        character: CharacterId,
        from: Pos,
        to: Pos,
        metres: u8,
    },
    Prone {
        character: CharacterId,
        prone: bool,
    },
    /// A stance until the character's next turn: guard, cover, wait or a readied action.
    Stance {
        character: CharacterId,
    },
    Attack {
        attacker: CharacterId,
        target: CharacterId,
    },
    Retargeted {
        from: CharacterId,
        to: CharacterId,
    },
    Hit {
        attacker: CharacterId,
        target: CharacterId,
        critical: bool,
    },
    Missed {
        attacker: CharacterId,
        target: CharacterId,
    },
    /// A reaction taken; `free` if it did not use up the character's reaction.
    Reaction {
        character: CharacterId,
        kind: ReactionKind,
        free: bool,
    },
    Damage {
        character: CharacterId,
        amount: u8,
        endurance: u8,
        health: u8,
    },
    ItemDamaged {
        item: ItemId,
        durability: u8,
    },
    Harmed {
        character: CharacterId,
    },
    Bloodied {
        character: CharacterId,
    },
    Status {
        character: CharacterId,
        status: Status,
    },
    CheatedDeath {
        character: CharacterId,
        next_difficulty: u8,
    },
    Gear {
        character: CharacterId,
    },
    Door {
        at: Pos,
        open: bool,
    },
    TaskDone {
        task: usize,
    },
    /// A team's objective changed, as the scenario scripts it; the text says to what.
    Objective {
        team: TeamId,
    },
    /// A roll with no other consequence to animate.
    Roll {
        character: Option<CharacterId>,
    },
    Note,
    BattleOver,
}
