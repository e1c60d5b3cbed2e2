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

/// The browser's way in. `web/build.sh` builds this library as a cdylib rather than the `fray`
/// program: a program's exports run every static constructor first, which keeps Bevy's
/// reflection auto-registration (several megabytes nobody here reads) in the download.
#[cfg(all(target_arch = "wasm32", feature = "game"))]
#[wasm_bindgen::prelude::wasm_bindgen(start)]
pub fn start() {
    game::run(game::Launch::default());
}
