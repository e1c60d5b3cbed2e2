//! Every decision in a Zones battle, as a value.

use serde::{Deserialize, Serialize};

use super::model::{AttackDecl, FixtureId, ItemId, Reaction, Stunt, ZoneId};
use crate::battle::{CharacterId, FactionId};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoraleChoice {
    Surrender,
    Retreat,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Action {
    /// The initiative holder names the faction that acts first this round.
    ChooseFirst(FactionId),
    Activate(CharacterId),
    /// A surrendered character harmed by the enemy takes up the fight again and takes a turn.
    Resume(CharacterId),
    Pass,

    // Within a turn.
    Move(ZoneId),
    Attack(AttackDecl),
    PickUp(ItemId),
    PutDown(ItemId),
    Equip(ItemId),
    Unequip(ItemId),
    Use(ItemId),
    Interact(FixtureId),
    Speak,
    /// Slip out of sight (main action).
    Hide,
    /// Spend the whole turn surrendering.
    Surrender,
    /// Shove the character you hold: they are freed, driven into a neighbouring zone and/or into
    /// the hazard of their zone.
    Shove {
        to: Option<ZoneId>,
        into_hazard: bool,
    },
    /// Try to break a grab (main action, STR save).
    BreakFree,
    EndTurn,
    /// Chaos of combat: the declaration timer ran out and the turn is lost. Not a choice, so
    /// it is not listed among the legal actions; the shell applies it.
    TimedOut,

    // Within an attack.
    ProposeStunt(Stunt),
    NoStunt,
    AcceptStunt,
    RefuseStunt,
    React(Reaction),

    // An enemy moving away.
    OpportunityAttack(AttackDecl),
    DeclineOpportunity,

    // The morale phase.
    Morale(MoraleChoice),
}
