//! Fray: turn-based tactical skirmishes under three tabletop rulesets.
//!
//! `rules` is the pure referee, `ai` plays through it, `scenario` turns data files into
//! starting states, and `game` (behind the `game` feature) is the Bevy shell.

pub mod ai;
pub mod bench;
#[cfg(feature = "game")]
pub mod game;
pub mod replay;
pub mod rules;
pub mod scenario;
pub mod sim;
