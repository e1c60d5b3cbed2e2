//! The face egui draws all text with: Ubuntu Light (egui's own), cut down to the characters
//! the game writes (`assets/fonts/README.md`). egui's default set adds a monospace face and two
//! emoji fonts the game does not need; leaving them out, and cutting the face, saves over a
//! megabyte of the browser download. The game's text keeps to the characters this face has (a
//! test reads every character the game can write).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use egui::{FontData, FontDefinitions, FontFamily};
use std::sync::Arc;

/// Installs the face once, on the first pass; egui uses new fonts from the next pass on.
pub fn install_fonts(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if *done {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    ctx.set_fonts(definitions());
    *done = true;
    Ok(())
}

pub fn definitions() -> FontDefinitions {
    let mut defs = FontDefinitions::empty();
    let name = "Fray-Text";
    defs.font_data.insert(
        name.into(),
        Arc::new(FontData::from_static(include_bytes!(
            "../../assets/fonts/fray-text.ttf"
        ))),
    );
    // egui asks for a monospace family in places (code spans); the same face serves.
    for family in [FontFamily::Proportional, FontFamily::Monospace] {
        defs.families.insert(family, vec![name.into()]);
    }
    defs
}
