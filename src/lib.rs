//! Fray: turn-based tactical skirmishes under three tabletop rulesets.
//!
//! This crate is the edges: the Bevy shell (`game`, behind the `game` feature) and, in
//! `main.rs`, the command line. Below it, each a crate of its own (ARCHITECTURE.md):
//! `fray-content` (scenario files, lessons, replays, saves, what a screen shows), `fray-ai`,
//! and the pure referee, `fray-rules`.

#[cfg(feature = "game")]
pub mod game;

// The crates below this one, under the names the rest of this crate (and its tests) read them
// by: the game and the command line are written against `fray::scenario`, `fray::rules`, ...
pub use fray_ai as ai;
pub use fray_content::{
    art, bench, campaign, catalogue, credits, generate, lessons, present, referee, replay,
    rulesets, save, scenario, session, sim,
};
pub use fray_rules as rules;
pub use fray_words as words;

/// The browser's way in: `web/build.sh` builds this library as a cdylib, the usual shape for a
/// wasm-bindgen module, and the page's loader calls this once the module is instantiated. The
/// `fray` program is the desktop's command line and has nothing to do in a page.
#[cfg(all(target_arch = "wasm32", feature = "game"))]
#[wasm_bindgen::prelude::wasm_bindgen(start)]
pub fn start() {
    game::run(game::Launch::default());
}
