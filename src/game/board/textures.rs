//! The images the board's sprites are cut from: the committed art atlas (assets/art/icons.png,
//! built into the program, as the panels' copy is), the factions' token shapes and the hatch
//! that marks ground with something on it. The shapes and the hatch are drawn here, once, at
//! start: a few kilobytes of pixels rather than files to ship.

use bevy::asset::RenderAssetUsages;
use bevy::image::{ImageSampler, TextureAtlas, TextureAtlasLayout};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

use crate::art::Atlas;
use crate::game::board::palette::{Shape, corners};

/// The side, in pixels, of a token shape's image.
const SHAPE_PX: u32 = 128;
/// How far a shape reaches beyond its radius at most (a diamond's corners), so that a shape
/// of radius r fills an image of side `2 · SHAPE_REACH · r`.
pub const SHAPE_REACH: f32 = 1.25;
/// The hatch's tile, in pixels (one diagonal line crosses it).
const HATCH_PX: u32 = 24;

/// The images and the atlas's layout, made once when the window's app starts.
#[derive(Resource, Clone)]
pub struct Textures {
    atlas: Handle<Image>,
    layout: Handle<TextureAtlasLayout>,
    /// Disc, square, diamond, hexagon, in `Shape`'s order.
    shapes: [Handle<Image>; 4],
    pub hatch: Handle<Image>,
}

impl Textures {
    /// A sprite of icon `key`, `side` world units square, tinted (the icons are white); None
    /// for a key not in the atlas.
    pub fn icon(&self, key: &str, side: f32, tint: Color) -> Option<Sprite> {
        let index = Atlas::get().index(key)?;
        let mut sprite = Sprite::from_atlas_image(
            self.atlas.clone(),
            TextureAtlas {
                layout: self.layout.clone(),
                index,
            },
        );
        sprite.custom_size = Some(Vec2::splat(side));
        sprite.color = tint;
        Some(sprite)
    }

    /// A token's shape of radius `r`, in `colour`.
    pub fn shape(&self, shape: Shape, r: f32, colour: Color) -> Sprite {
        let image = self.shapes[shape as usize].clone();
        Sprite {
            image,
            color: colour,
            custom_size: Some(Vec2::splat(2.0 * SHAPE_REACH * r)),
            ..default()
        }
    }
}

/// Makes the images: the atlas decoded, the shapes and the hatch drawn.
pub fn make(
    images: &mut Assets<Image>,
    layouts: &mut Assets<TextureAtlasLayout>,
) -> Result<Textures, String> {
    let (w, h, pixels) = crate::game::board::atlas::decode_rgba(crate::game::board::atlas::PNG)
        .map_err(|e| format!("the art's atlas: {e}"))?;
    let atlas = Atlas::get();
    let rows = atlas.rows();
    let layout =
        TextureAtlasLayout::from_grid(UVec2::splat(atlas.cell), atlas.columns, rows, None, None);
    let shapes = [Shape::Disc, Shape::Square, Shape::Diamond, Shape::Hexagon]
        .map(|s| images.add(image(SHAPE_PX, SHAPE_PX, shape_pixels(s, SHAPE_PX))));
    Ok(Textures {
        atlas: images.add(image(w, h, pixels)),
        layout: layouts.add(layout),
        shapes,
        hatch: images.add(image(HATCH_PX, HATCH_PX, hatch_pixels(HATCH_PX))),
    })
}

fn image(w: u32, h: u32, rgba: Vec<u8>) -> Image {
    let mut image = Image::new(
        Extent3d {
            width: w,
            height: h,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        rgba,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    );
    image.sampler = ImageSampler::linear();
    image
}

/// A shape, white on transparent, filling a `side`-pixel square at radius
/// `side / (2 · SHAPE_REACH)`, its edge smoothed by sampling each pixel 4×4 times.
pub fn shape_pixels(shape: Shape, side: u32) -> Vec<u8> {
    let r = side as f32 / (2.0 * SHAPE_REACH);
    let poly = corners(shape, r);
    let inside = |x: f32, y: f32| {
        if poly.is_empty() {
            return x * x + y * y <= r * r;
        }
        // Inside a convex polygon: on the same side of every edge.
        let mut sign = 0.0f32;
        for k in 0..poly.len() {
            let (ax, ay) = poly[k];
            let (bx, by) = poly[(k + 1) % poly.len()];
            let cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax);
            if cross != 0.0 {
                if sign != 0.0 && cross.signum() != sign {
                    return false;
                }
                sign = cross.signum();
            }
        }
        true
    };
    let half = side as f32 / 2.0;
    let mut out = Vec::with_capacity((side * side * 4) as usize);
    for py in 0..side {
        for px in 0..side {
            let mut hits = 0;
            for sy in 0..4 {
                for sx in 0..4 {
                    let x = px as f32 + (sx as f32 + 0.5) / 4.0 - half;
                    let y = py as f32 + (sy as f32 + 0.5) / 4.0 - half;
                    hits += u32::from(inside(x, y));
                }
            }
            out.extend_from_slice(&[255, 255, 255, (hits * 255 / 16) as u8]);
        }
    }
    out
}

/// One diagonal line, bottom left to top right, white on transparent, that joins its
/// neighbours when the tile repeats.
pub fn hatch_pixels(side: u32) -> Vec<u8> {
    let mut out = Vec::with_capacity((side * side * 4) as usize);
    for y in 0..side {
        for x in 0..side {
            // Distance across the line x + y = side - 1 (mod side), in pixels.
            let d = ((x + y + 1) % side) as f32;
            let d = d.min(side as f32 - d) / std::f32::consts::SQRT_2;
            let a = (1.0 - (d - 0.5).max(0.0)).clamp(0.0, 1.0);
            out.extend_from_slice(&[255, 255, 255, (a * 255.0) as u8]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alpha(px: &[u8], side: u32, x: u32, y: u32) -> u8 {
        px[((y * side + x) * 4 + 3) as usize]
    }

    /// Each shape covers its middle, leaves its image's corner clear, and differs from the
    /// others (the factions are told apart by shape, not only colour).
    #[test]
    fn each_shape_fills_its_middle_and_differs_from_the_others() {
        let all: Vec<Vec<u8>> = [Shape::Disc, Shape::Square, Shape::Diamond, Shape::Hexagon]
            .map(|s| shape_pixels(s, 64))
            .into();
        for px in &all {
            assert_eq!(alpha(px, 64, 32, 32), 255);
            assert_eq!(alpha(px, 64, 0, 0), 0);
        }
        for a in 0..all.len() {
            for b in a + 1..all.len() {
                assert_ne!(all[a], all[b], "shapes {a} and {b} are drawn alike");
            }
        }
        // A diamond reaches its image's edge at the middle of a side; a disc does not.
        assert!(alpha(&all[2], 64, 1, 32) > 128);
        assert_eq!(alpha(&all[0], 64, 1, 32), 0);
    }

    /// The hatch is a thin line: some of each row is inked, most of it clear, and the tile
    /// joins itself across its edges.
    #[test]
    fn the_hatch_is_a_thin_line_that_joins_its_neighbours() {
        let px = hatch_pixels(24);
        for y in 0..24 {
            let inked = (0..24).filter(|&x| alpha(&px, 24, x, y) > 128).count();
            assert!((1..=3).contains(&inked), "row {y}: {inked} inked");
        }
        // The line leaves the top at the left edge's column and comes back in at the bottom.
        assert!(alpha(&px, 24, 0, 23) > 128 && alpha(&px, 24, 23, 0) > 128);
    }
}
