//! Everything between the referee and a screen: scenario files and their checks, the catalogue
//! of names, the generator of skirmishes, lessons, replays and saves, the one registry of
//! rulesets, the simulator and benchmark, and what a screen shows of each ruleset (`present`,
//! `session`), which the words layer will take over once the referee's events are data.

pub mod art;
pub mod bench;
pub mod campaign;
pub mod catalogue;
pub mod credits;
pub mod generate;
pub mod lessons;
pub mod present;
pub mod referee;
pub mod replay;
pub mod rulesets;
pub mod save;
pub mod scenario;
pub mod session;
pub mod sim;

// The crates below this one, under the names the modules here read them by.
pub use fray_ai as ai;
pub use fray_rules as rules;
