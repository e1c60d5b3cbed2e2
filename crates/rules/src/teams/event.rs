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

/// A stance a character takes until its next turn, or the extended action it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StanceKind {
    Guard,
    Wait,
    /// An attack readied for the first enemy to move within reach, or for one alone.
    Ready,
    Cover,
    /// An action of several spent over turns begun (a reload, a task, a resuscitation).
    Extended,
}

/// What a character did with its gear.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GearChange {
    /// Taken from the ground or from someone fallen.
    PickedUp,
    Dropped,
    Reloaded,
    /// Items taken in hand, the rest stowed (none: hands emptied).
    Brandished,
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
    /// A stance until the character's next turn: guard, cover, wait or a readied action; or
    /// an extended action begun.
    Stance {
        character: CharacterId,
        stance: StanceKind,
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
    /// `item` is the one picked up, dropped or reloaded, or the first taken in hand.
    Gear {
        character: CharacterId,
        item: Option<ItemId>,
        change: GearChange,
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
    /// A turn of the battle the referee remarks on, about someone or about the battle.
    Note {
        about: Option<CharacterId>,
        what: Noted,
    },
    BattleOver,
}

/// Which remark a note is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Noted {
    /// A battle set up part way, from its situation.
    Resumed,
    SurpriseRoundOver,
    /// An extended action abandoned.
    Abandoned,
    /// A commanded ally's go ended without an action.
    TookNoAction,
    /// A reload done with the weapon no longer in hand.
    ReloadLost,
    /// A resuscitation done with the patient no longer there to wake.
    CannotResuscitate,
    /// A task's time spent with the task done or out of reach.
    CannotWork,
    /// Harm past health that a nonlethal attack leaves unconscious, not dying.
    Spared,
    /// A killing strike on someone no longer there to kill.
    NothingToKill,
}

impl crate::context::Remark for Noted {
    type Kind = EventKind;

    fn note(self, about: Option<CharacterId>) -> EventKind {
        EventKind::Note { about, what: self }
    }
}
