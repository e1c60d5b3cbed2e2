//! The pure rules core: no Bevy, no clocks, no global randomness. State in, action in, events out.

pub mod battle;
#[cfg(feature = "checks")]
pub mod checks;
pub mod context;
pub mod coterie;
pub mod dice;
pub mod explain;
pub mod holders;
pub mod ids;
pub mod line;
pub mod names;
pub mod notes;
pub mod teams;
pub mod zones;

/// The rules' version, written into every replay sealed: raised whenever a change to any
/// ruleset may make a recorded battle go otherwise, so that a replay that no longer plays as
/// recorded is answered with that fact rather than blamed on an edit. 1: before replays kept
/// it; 2: Coterie's and Three actions' second reading of their rulebooks; 3: a sealed replay's
/// checkpoints hash what happened (each event's kind and dice), no longer the log's words, so
/// that a line of the log said better breaks no replay; 4: Coterie's third reading (the GM
/// judges a shaken opposition's morale, duels count nuances, both sides count their size
/// without their duellists, a harmful draw's push-back lets who did well flee); 5: a note says
/// which it is and about whom, and Zones' gear what befell which item, as facts of its kind
/// (a replay sealed before hashes them as it did: `Ruleset::kind_before_facts`).
pub const RULES_VERSION: u32 = 5;

pub use battle::{
    CharacterId, DecisionKind, Event, FactionId, Outcome, Pending, RuleError, Ruleset, Seat,
};
pub use dice::{DiceSource, Die, Rolled, ScriptedDice, SeededDice};
pub use explain::{Explanation, Modifier};
pub use line::{Arg, Line, Named};
