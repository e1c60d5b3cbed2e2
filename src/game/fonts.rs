//! The face egui draws all text with: Ubuntu Light (egui's own), cut down to the characters
//! the game writes (`assets/fonts/README.md`). egui's default set adds a monospace face and two
//! emoji fonts the game does not need; leaving them out, and cutting the face, saves over a
//! megabyte of the browser download. The game's text keeps to the characters this face has (a
//! test reads every character the game can write).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use egui::{FontData, FontDefinitions, FontFamily};
use std::sync::Arc;

/// Installs the face on the first pass; egui uses new fonts from the next pass on. From then on,
/// before any screen's text, the letters are drawn into egui's font texture at the sizes the
/// panels use. Letters first drawn later would reach the texture a frame after the text that
/// needs them (where the texture has to grow, it is replaced whole): that frame would show them
/// missing, or no panels at all, in the middle of a battle. egui starts its texture afresh when
/// the window's limits become known or the texture fills, so this is done on every pass; once
/// the letters are there, it costs a look-up per size.
pub fn install_fonts(mut contexts: EguiContexts, mut installed: Local<bool>) -> Result {
    let ctx = contexts.ctx_mut()?;
    if *installed {
        warm(ctx);
    } else {
        ctx.set_fonts(definitions());
        *installed = true;
    }
    Ok(())
}

/// The sizes, in points, of the panels' text and of the board's at the zooms it is usually seen
/// at (its sizes are rounded to the point).
const WARM_SIZES: std::ops::RangeInclusive<u8> = 9..=32;

/// Lays out every letter the game commonly writes at each of [`WARM_SIZES`] and at the sizes of
/// egui's own text styles (its body text is 12.5 points).
fn warm(ctx: &egui::Context) {
    // The ligatures the face joins letters into are glyphs of their own.
    let letters: String = (' '..='~').chain("–—×…’·− fi fl ff ffi".chars()).collect();
    let mut sizes: Vec<f32> = WARM_SIZES.map(f32::from).collect();
    sizes.extend(ctx.global_style().text_styles.values().map(|f| f.size));
    ctx.fonts_mut(|fonts| {
        for size in sizes {
            let font = egui::FontId::proportional(size);
            fonts.layout_no_wrap(letters.clone(), font, egui::Color32::WHITE);
        }
    });
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
