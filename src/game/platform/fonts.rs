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
/// panels and the board use. Letters first drawn later would reach the texture a frame after
/// the text that needs them (where the texture has to grow, it is replaced whole): that frame
/// would show them missing, or no panels at all, in the middle of a battle. egui starts its
/// texture afresh when the window's limits become known or the texture fills, so this is done
/// on every pass; once the letters are there, it costs a look-up per size.
///
/// The sizes are taken a few more each pass ([`warm`]), the likeliest first: all at once, they
/// cost the first battle frame a sixth of a second in the browser. Each pass that draws new
/// letters asks for another (`draw_again_after_new_glyphs`), so the rest follow at once. egui
/// keeps a letter's picture apart for each fraction of a pixel it starts at, so text still
/// draws some letters anew; that redraw is what keeps those from staying missing.
pub fn install_fonts(
    mut contexts: EguiContexts,
    mut installed: Local<bool>,
    mut warmed: Local<usize>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if *installed {
        *warmed = warm(ctx, *warmed);
    } else {
        ctx.set_fonts(definitions());
        *installed = true;
    }
    Ok(())
}

/// The sizes, in points, of the board's text at the zooms it is seen at (its sizes are rounded
/// to the point), beside those of egui's own text styles (its body text is 12.5 points).
const WARM_SIZES: std::ops::RangeInclusive<u8> = 9..=32;

/// The board's sizes at the zooms it is usually seen at, from 1280×720 to 2560×1440.
const USUAL_SIZES: std::ops::RangeInclusive<u8> = 11..=18;

/// How many of the board's sizes each pass adds to those warmed.
const SIZES_A_PASS: usize = 6;

/// Every size to warm, in order: egui's text styles (the panels), the board's usual sizes, then
/// the rest of [`WARM_SIZES`].
fn warm_order(ctx: &egui::Context) -> Vec<f32> {
    let mut sizes: Vec<f32> = ctx
        .global_style()
        .text_styles
        .values()
        .map(|f| f.size)
        .collect();
    sizes.extend(USUAL_SIZES.map(f32::from));
    sizes.extend(
        WARM_SIZES
            .filter(|s| !USUAL_SIZES.contains(s))
            .map(f32::from),
    );
    sizes
}

/// Lays out every letter the game commonly writes at the first sizes of [`warm_order`]: those
/// `warmed` on earlier passes (a look-up each, unless egui started its texture afresh) and
/// [`SIZES_A_PASS`] more, the text styles all on the first pass. Returns how many are warm.
pub fn warm(ctx: &egui::Context, warmed: usize) -> usize {
    // The ligatures the face joins letters into are glyphs of their own.
    let letters: String = (' '..='~').chain("–—×…’·− fi fl ff ffi".chars()).collect();
    let sizes = warm_order(ctx);
    let styles = ctx.global_style().text_styles.len();
    let upto = (warmed.max(styles) + SIZES_A_PASS).min(sizes.len());
    ctx.fonts_mut(|fonts| {
        for &size in &sizes[..upto] {
            let font = egui::FontId::proportional(size);
            fonts.layout_no_wrap(letters.clone(), font, egui::Color32::WHITE);
        }
    });
    upto
}

pub fn definitions() -> FontDefinitions {
    let mut defs = FontDefinitions::empty();
    let name = "Fray-Text";
    defs.font_data.insert(
        name.into(),
        Arc::new(FontData::from_static(include_bytes!(
            "../../../assets/fonts/fray-text.ttf"
        ))),
    );
    // egui asks for a monospace family in places (code spans); the same face serves.
    for family in [FontFamily::Proportional, FontFamily::Monospace] {
        defs.families.insert(family, vec![name.into()]);
    }
    defs
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One pass of egui; whether it drew new letters into the font texture.
    fn pass(ctx: &egui::Context, f: impl FnMut(&mut egui::Ui)) -> bool {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(1280.0, 720.0),
            )),
            ..egui::RawInput::default()
        };
        let mut delta = ctx.run_ui(input, f).textures_delta;
        let drew = !delta.set.is_empty();
        delta.clear();
        drew
    }

    #[test]
    fn the_sizes_are_warmed_a_few_a_pass_until_every_one_is() {
        let ctx = egui::Context::default();
        ctx.set_fonts(definitions());
        pass(&ctx, |_| {});
        let all = warm_order(&ctx).len();
        let mut warmed = 0;
        let mut passes = 0;
        while warmed < all {
            let before = warmed;
            let drew = pass(&ctx, |_| warmed = warm(&ctx, before));
            assert!(warmed > before && drew, "a pass warmed nothing more");
            passes += 1;
        }
        assert!(passes > 1, "every size was warmed on the first pass");
        // Once all are warm, warming again is look-ups: nothing new is drawn.
        assert!(!pass(&ctx, |_| assert_eq!(warm(&ctx, all), all)));
        // And that check can fail: a size left out of the warming is drawn anew.
        assert!(pass(&ctx, |_| {
            ctx.fonts_mut(|f| {
                let font = egui::FontId::proportional(41.0);
                f.layout_no_wrap("Ysolde".into(), font, egui::Color32::WHITE);
            })
        }));
    }
}
