//! The art on screen: the committed atlas (assets/art/icons.png), decoded once into an egui
//! texture, and an icon of it painted by its key. It is built into the program, so the browser
//! needs no extra download and the board never draws before its pictures are there.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::art::Atlas;

pub(crate) const PNG: &[u8] = include_bytes!("../../../assets/art/icons.png");

/// The atlas as a texture egui draws from.
#[derive(Resource, Clone)]
pub struct Art {
    texture: egui::TextureHandle,
}

pub struct AtlasPlugin;

impl Plugin for AtlasPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            EguiPrimaryContextPass,
            load.run_if(not(resource_exists::<Art>)),
        );
    }
}

fn load(mut commands: Commands, mut contexts: EguiContexts) -> Result {
    let ctx = contexts.ctx_mut()?;
    let image = decode(PNG).map_err(|e| format!("the art's atlas: {e}"))?;
    let texture = ctx.load_texture("fray-art", image, egui::TextureOptions::LINEAR);
    commands.insert_resource(Art { texture });
    Ok(())
}

/// A PNG as egui's image: RGBA, 8 bits a channel, as scripts/art.sh writes it.
pub fn decode(bytes: &[u8]) -> Result<egui::ColorImage, String> {
    let (w, h, pixels) = decode_rgba(bytes)?;
    Ok(egui::ColorImage::from_rgba_unmultiplied(
        [w as usize, h as usize],
        &pixels,
    ))
}

/// A PNG's width, height and pixels, RGBA at 8 bits a channel. The atlas is written as one
/// grey channel, each icon's coverage (scripts/art.sh): read back as white with that alpha.
pub fn decode_rgba(bytes: &[u8]) -> Result<(u32, u32, Vec<u8>), String> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().map_err(|e| e.to_string())?;
    let size = reader
        .output_buffer_size()
        .ok_or("an image too big to decode")?;
    let mut buf = vec![0; size];
    let info = reader.next_frame(&mut buf).map_err(|e| e.to_string())?;
    let (w, h) = (info.width, info.height);
    match (info.color_type, info.bit_depth) {
        (png::ColorType::Rgba, png::BitDepth::Eight) => {
            buf.truncate((w * h * 4) as usize);
            Ok((w, h, buf))
        }
        (png::ColorType::Grayscale, png::BitDepth::Eight) => {
            let rgba = buf[..(w * h) as usize]
                .iter()
                .flat_map(|&a| [255, 255, 255, a])
                .collect();
            Ok((w, h, rgba))
        }
        (colour, bits) => Err(format!(
            "colour type {} at {} bits; the atlas must be grey or RGBA at 8",
            colour as u8, bits as u8
        )),
    }
}

/// Where icon `key` lies in the atlas, in the texture's 0-to-1 coordinates.
pub fn uv(key: &str) -> Option<egui::Rect> {
    let atlas = Atlas::get();
    let i = atlas.index(key)?;
    let (col, row) = atlas.cell_of(i);
    let rows = atlas.rows();
    let (w, h) = (1.0 / atlas.columns as f32, 1.0 / rows as f32);
    Some(egui::Rect::from_min_size(
        egui::pos2(col as f32 * w, row as f32 * h),
        egui::vec2(w, h),
    ))
}

impl Art {
    pub fn texture_id(&self) -> egui::TextureId {
        self.texture.id()
    }

    /// Icon `key` in `rect`, tinted (the icons are white); nothing for a key not in the atlas.
    pub fn paint(&self, painter: &egui::Painter, key: &str, rect: egui::Rect, tint: egui::Color32) {
        if let Some(uv) = uv(key) {
            painter.image(self.texture.id(), rect, uv, tint);
        }
    }

    /// Icon `key` as a widget `size` points square, for the panels.
    pub fn image(&self, key: &str, size: f32) -> egui::Image<'static> {
        let uv = uv(key).unwrap_or(egui::Rect::ZERO);
        egui::Image::new((self.texture.id(), egui::vec2(size, size))).uv(uv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_atlas_decodes_to_its_index_and_each_icon_has_a_cell_of_its_own() {
        let image = decode(PNG).unwrap();
        let atlas = Atlas::get();
        let rows = atlas.rows();
        assert_eq!(
            image.size,
            [
                (atlas.columns * atlas.cell) as usize,
                (rows * atlas.cell) as usize
            ]
        );
        // Each icon's cell holds some of its white figure.
        for key in &atlas.keys {
            let r = uv(key).unwrap();
            let (x0, y0) = (
                (r.min.x * image.size[0] as f32) as usize,
                (r.min.y * image.size[1] as f32) as usize,
            );
            let cell = atlas.cell as usize;
            let inked = (y0..y0 + cell)
                .flat_map(|y| (x0..x0 + cell).map(move |x| (x, y)))
                .filter(|&(x, y)| image.pixels[y * image.size[0] + x].a() > 128)
                .count();
            assert!(inked > cell * cell / 20, "{key}: {inked} pixels inked");
        }
        assert!(uv("portrait.dragon").is_none());
        assert!(decode(b"not a png").is_err());
    }
}
