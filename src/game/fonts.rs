//! The faces egui draws text with: Ubuntu Light for prose, Hack for monospace and as the
//! fallback for the arrows and brackets Ubuntu lacks. egui's default set adds two emoji fonts
//! the game never shows; leaving them out saves 0.7 MB of the browser download.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use egui::{FontData, FontDefinitions, FontFamily};
use std::sync::Arc;

/// Installs the faces once, on the first pass; egui uses new fonts from the next pass on.
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
    for (name, bytes) in [
        ("Ubuntu-Light", epaint_default_fonts::UBUNTU_LIGHT),
        ("Hack", epaint_default_fonts::HACK_REGULAR),
    ] {
        defs.font_data
            .insert(name.into(), Arc::new(FontData::from_static(bytes)));
    }
    defs.families.insert(
        FontFamily::Proportional,
        vec!["Ubuntu-Light".into(), "Hack".into()],
    );
    defs.families.insert(
        FontFamily::Monospace,
        vec!["Hack".into(), "Ubuntu-Light".into()],
    );
    defs
}
