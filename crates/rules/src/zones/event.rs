//! What happened, structured for the screen to animate; the text and the roll explanation
//! travel beside it in [`crate::Event`].

use serde::{Deserialize, Serialize};

use super::model::{ItemId, Status, Target, ZoneId};
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
    /// What befell a piece of gear, and whose it is: an item, or the character's armour.
    Gear {
        character: Option<CharacterId>,
        item: Option<ItemId>,
        change: GearChange,
    },
    /// A turn of the battle the referee remarks on, about someone or about the battle.
    Note {
        about: Option<CharacterId>,
        what: Noted,
    },
    BattleOver,
}

/// What befell a piece of gear.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GearChange {
    PickedUp,
    PutDown,
    /// Taken in hand from the pack.
    Readied,
    Stowed,
    /// Let go of, disarmed.
    Dropped,
    /// A damaged weapon broken on a 1 (zones.gear-degradation).
    Broke,
    /// A damaged shield smashed by a heavy blow.
    Smashed,
    /// Damaged armour ruined by a heavy blow.
    Ruined,
    /// Its durability rolled after the battle.
    Tested,
    /// An antidote drunk.
    Drunk,
    /// A blade coated with poison.
    Coated,
}

impl GearChange {
    /// This change to `item`, in `who`'s hands.
    pub fn of(self, who: CharacterId, item: ItemId) -> EventKind {
        EventKind::Gear {
            character: Some(who),
            item: Some(item),
            change: self,
        }
    }
}

/// Which remark a note is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Noted {
    /// Who struck first in the ambush.
    StartedTheFight,
    /// A battle set up part way, from its situation.
    Resumed,
    /// The fast and slow rule's threshold this round.
    FastThreshold,
    AttackMissed,
    BlastCaughtNobody,
    BlastLandedAnyway,
    /// The targets of a concealed attacker cannot react.
    Surprised,
    StuntOffered,
    StuntRefused,
    StuntAccepted,
    Dodged,
    CounterMissed,
    /// Blows of equal damage land together.
    EqualDamage,
    HitFirst,
    BlowNeverLanded,
    Poisoned,
    /// Harmed, a surrendered character may fight on.
    MayResume,
    /// A side takes a morale test.
    Shaken,
    Fearless,
    RetreatUnpursued,
    RetreatHeld,
    RetreatChased,
    /// A retreating character reached by the chase.
    Reached,
    TimedOut,
    CalledOut,
    /// A passage opened or shut.
    Passage,
    /// A fixture's trap set off.
    TrapSprung,
    Shoved,
    HeldFast,
    DrivenBack,
}

impl crate::context::Remark for Noted {
    type Kind = EventKind;

    fn note(self, about: Option<CharacterId>) -> EventKind {
        EventKind::Note { about, what: self }
    }
}
