//! Whose work the game shows besides its own: the art and the face, with their licences, and
//! where its sound comes from, as the menu's credits window and the README give them.

/// The art's source, as the credits name it.
pub const ART: &str = "Art: icons from game-icons.net by Lorc, Delapouite and the other \
contributors listed there, under the Creative Commons Attribution 3.0 licence (CC BY 3.0, \
https://creativecommons.org/licenses/by/3.0/), taken from the npm registry's \
@iconify-json/game-icons 1.2.4 and rasterized (white, to be tinted) by scripts/art.sh.";

/// The face's source.
pub const FONT: &str = "Text: Ubuntu Light (from egui's default fonts), cut down to the \
characters Fray writes and renamed Fray Text, under the Ubuntu Font Licence 1.0.";

/// The sound's source.
pub const SOUND: &str = "Sound and music: Fray's own, synthesized by scripts/sound.py from the recipes in scripts/sound.json, under the game's licence (MIT or Apache-2.0).";

/// Every credit, a paragraph each.
pub const ALL: &[&str] = &[ART, FONT, SOUND];
