//! Fray: turn-based tactical skirmishes under three tabletop rulesets.
//!
//! `rules` is the pure referee, `ai` plays through it, `scenario` turns data files into
//! starting states, `present` says what a screen shows of each ruleset (without Bevy), and
//! `game` (behind the `game` feature) is the Bevy shell that draws it.

pub mod art;
pub mod bench;
pub mod catalogue;
pub mod credits;
#[cfg(feature = "game")]
pub mod game;
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

// The crates below this one, under the names the rest of this crate reads them by.
pub use fray_ai as ai;
pub use fray_rules as rules;

/// The browser's way in: `web/build.sh` builds this library as a cdylib, the usual shape for a
/// wasm-bindgen module, and the page's loader calls this once the module is instantiated. The
/// `fray` program is the desktop's command line and has nothing to do in a page.
#[cfg(all(target_arch = "wasm32", feature = "game"))]
#[wasm_bindgen::prelude::wasm_bindgen(start)]
pub fn start() {
    game::run(game::Launch::default());
}
