//! What the game stands on, whichever machine runs it: the browser's side (`web`), the files
//! kept between runs (`prefs`), the one font egui draws with (`fonts`), the window's size and
//! its redraws (`window`), and where the assets are read from (`assets`). Nothing here knows a
//! battle; every other feature may reach down to it.

mod assets;
#[cfg(test)]
pub(crate) mod drawn;
pub mod fonts;
mod prefs;
#[cfg(test)]
pub(crate) mod spoken;
pub(crate) mod web;
mod window;

pub(crate) use assets::asset_folder;
pub use prefs::{Prefs, unreadable};
pub(super) use window::windowed;
