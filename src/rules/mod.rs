//! The pure rules core: no Bevy, no clocks, no global randomness. State in, action in, events out.

pub mod battle;
pub mod context;
pub mod coterie;
pub mod dice;
pub mod explain;
pub mod names;
pub mod notes;
pub mod teams;
pub mod zones;

pub use battle::{
    CharacterId, DecisionKind, Event, FactionId, Outcome, Pending, RuleError, Ruleset, Seat,
};
pub use dice::{DiceSource, Die, Rolled, ScriptedDice, SeededDice};
pub use explain::{Explanation, Modifier};
