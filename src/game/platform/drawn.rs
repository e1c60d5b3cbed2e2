//! For the shell's tests: what egui draws, run headless with the game's fonts.

use bevy_egui::egui;

/// Every text `draw` puts on a window of `size` points, with where it stands: drawn twice, as
/// egui sizes some things on its first pass and the second is what a player sees.
pub fn texts_drawn(
    size: egui::Vec2,
    mut draw: impl FnMut(&mut egui::Ui),
) -> Vec<(String, egui::Rect)> {
    let ctx = egui::Context::default();
    ctx.set_fonts(super::fonts::definitions());
    let mut shapes = Vec::new();
    for _ in 0..2 {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, size)),
            ..egui::RawInput::default()
        };
        let mut out = ctx.run_ui(input, &mut draw);
        out.textures_delta.clear();
        shapes = out.shapes;
    }
    let mut texts = Vec::new();
    let mut stack: Vec<egui::Shape> = shapes.into_iter().map(|c| c.shape).collect();
    while let Some(shape) = stack.pop() {
        match shape {
            egui::Shape::Vec(v) => stack.extend(v),
            egui::Shape::Text(t) => {
                texts.push((t.galley.text().to_string(), t.visual_bounding_rect()))
            }
            _ => {}
        }
    }
    texts
}
