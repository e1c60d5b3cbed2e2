//! Every decision in a Three actions battle, as a value.

use serde::{Deserialize, Serialize};

use super::model::{ItemId, Pos, TaskId, TeamId, WeaponRef};
use crate::battle::CharacterId;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Action {
    /// The GM seat: this team takes the next place in the initiative order.
    InitiativeNext(TeamId),
    /// The team choosing gives this member the turn.
    Activate(CharacterId),

    // A turn's actions, taken by the turn's character or by an ally it commanded.
    Attack {
        target: CharacterId,
        weapon: WeaponRef,
    },
    /// Hold these items (at most two hands' worth), stowing the rest.
    Brandish {
        first: Option<ItemId>,
        second: Option<ItemId>,
    },
    /// 2 focus: the ally takes one action now.
    Command(CharacterId),
    /// Open or close the door on this square.
    Door(Pos),
    PickUp(ItemId),
    Guard,
    Move(Pos),
    Sprint(Pos),
    /// Ready an attack for the first enemy to move within reach.
    Ready(WeaponRef),
    /// Ready an attack for this enemy alone.
    ReadyFor(WeaponRef, CharacterId),
    Resuscitate(CharacterId),
    SeekCover,
    ShortTask(TaskId),
    Reload(ItemId),
    KillingStrike {
        target: CharacterId,
        weapon: WeaponRef,
    },
    StandUp,
    Wait,
    /// Leave the battle from an exit square.
    Escape,
    /// Spend actions on the extended action under way.
    Continue,
    /// Abandon the extended action under way, at no cost.
    Abandon,
    // Free actions.
    DropItem(ItemId),
    DropProne,
    Step(Pos),
    /// Ends the turn, or the commanded ally's go without an action.
    EndTurn,

    // Reactions.
    Intercept(CharacterId),
    NoIntercept,
    Dodge,
    Parry(ItemId),
    Block(ItemId),
    Resist,
    NoReaction,
    Fortify,
    FallUnconscious,
}
