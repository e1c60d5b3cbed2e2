//! The factions' colours and shapes. The colours are Okabe and Ito's palette for colour-blind
//! readers; each faction's tokens also have a shape of their own, so that colour is never the
//! only cue.

use bevy::prelude::{Alpha, Color};

/// Blue, vermillion, yellow, sky blue: the four of Okabe and Ito's palette (2008) that stay
/// furthest apart for every kind of colour blindness.
pub const FACTION_RGB: [[u8; 3]; 4] = [[0, 114, 178], [213, 94, 0], [240, 228, 66], [86, 180, 233]];

/// A faction's token shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    Disc,
    Square,
    Diamond,
    Hexagon,
}

pub fn faction_rgb(f: usize) -> [u8; 3] {
    FACTION_RGB[f % FACTION_RGB.len()]
}

pub fn faction_color(f: usize) -> Color {
    let [r, g, b] = faction_rgb(f);
    Color::srgb_u8(r, g, b)
}

/// Whether writing on a faction's colour should be dark: on the light yellow and sky blue.
pub fn dark_text_on(f: usize) -> bool {
    let [r, g, b] = faction_rgb(f);
    0.299 * f32::from(r) + 0.587 * f32::from(g) + 0.114 * f32::from(b) > 140.0
}

pub fn faction_shape(f: usize) -> Shape {
    [Shape::Disc, Shape::Square, Shape::Diamond, Shape::Hexagon][f % 4]
}

/// A token's colour: its faction's; paler while hidden, grey once out of the fight.
pub fn token_colour(t: &crate::present::Token) -> Color {
    if t.out {
        Color::srgb(0.35, 0.35, 0.35)
    } else if t.faded {
        faction_color(t.faction).with_alpha(0.45)
    } else {
        faction_color(t.faction)
    }
}

/// What a portrait is drawn in on token `t`'s colour: dark on the light factions, else white;
/// dimmed once out of the fight.
pub fn ink_on(t: &crate::present::Token) -> Color {
    let ink = if dark_text_on(t.faction) && !t.out && !t.faded {
        Color::srgb_u8(24, 24, 24)
    } else {
        Color::srgb_u8(250, 250, 250)
    };
    if t.out { ink.with_alpha(0.6) } else { ink }
}

/// A pool's colour by how full it is: green when whole, amber from half, red below a quarter.
pub fn pool_colour(f: f32) -> Color {
    if f >= 1.0 {
        Color::srgb_u8(80, 200, 110)
    } else if f >= 0.5 {
        Color::srgb_u8(120, 190, 90)
    } else if f >= 0.25 {
        Color::srgb_u8(230, 170, 50)
    } else {
        Color::srgb_u8(225, 70, 60)
    }
}

/// The corners of a shape of "radius" `r` around the origin (none for a disc), y pointing down.
pub fn corners(shape: Shape, r: f32) -> Vec<(f32, f32)> {
    let ring = |n: usize, turn: f32, radius: f32| {
        (0..n)
            .map(|k| {
                let a = turn + k as f32 * std::f32::consts::TAU / n as f32;
                (radius * a.cos(), radius * a.sin())
            })
            .collect()
    };
    match shape {
        Shape::Disc => Vec::new(),
        // As much ink as the disc: a square a little inside it, a diamond a little beyond.
        Shape::Square => ring(4, std::f32::consts::FRAC_PI_4, r * 1.15),
        Shape::Diamond => ring(4, 0.0, r * 1.25),
        Shape::Hexagon => ring(6, 0.0, r * 1.08),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn linear(c: u8) -> f32 {
        let c = f32::from(c) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    }

    fn srgb(c: f32) -> f32 {
        let c = c.clamp(0.0, 1.0);
        255.0
            * if c <= 0.003_130_8 {
                c * 12.92
            } else {
                1.055 * c.powf(1.0 / 2.4) - 0.055
            }
    }

    /// How a colour looks with a colour-vision deficiency (Machado, Oliveira & Fernandes 2009,
    /// severity 1), in sRGB.
    fn seen(rgb: [u8; 3], m: [[f32; 3]; 3]) -> [f32; 3] {
        let l = rgb.map(linear);
        let mut out = [0.0; 3];
        for (i, row) in m.iter().enumerate() {
            out[i] = srgb(row[0] * l[0] + row[1] * l[1] + row[2] * l[2]);
        }
        out
    }

    const PROTANOPIA: [[f32; 3]; 3] = [
        [0.152_286, 1.052_583, -0.204_868],
        [0.114_503, 0.786_281, 0.099_216],
        [-0.003_882, -0.048_116, 1.051_998],
    ];
    const DEUTERANOPIA: [[f32; 3]; 3] = [
        [0.367_322, 0.860_646, -0.227_968],
        [0.280_085, 0.672_501, 0.047_413],
        [-0.011_820, 0.042_940, 0.968_881],
    ];
    const TRITANOPIA: [[f32; 3]; 3] = [
        [1.255_528, -0.076_749, -0.178_779],
        [-0.078_411, 0.930_809, 0.147_602],
        [0.004_733, 0.691_367, 0.303_900],
    ];

    fn closest_pair(palette: &[[u8; 3]], m: [[f32; 3]; 3]) -> f32 {
        let seen: Vec<[f32; 3]> = palette.iter().map(|&c| seen(c, m)).collect();
        let mut least = f32::MAX;
        for i in 0..seen.len() {
            for j in i + 1..seen.len() {
                let d = (0..3)
                    .map(|k| (seen[i][k] - seen[j][k]).powi(2))
                    .sum::<f32>();
                least = least.min(d.sqrt());
            }
        }
        least
    }

    /// Every two factions stay apart for readers with each of the three dichromacies: at least
    /// 60 of 255 apart in sRGB (the palette's closest pair is 88 apart, sky blue and blue for
    /// tritanopes). The old blue, red, green, gold palette failed it: green and gold came 44
    /// apart for deuteranopes, and red and green 56.
    #[test]
    fn the_faction_colours_stay_apart_for_colour_blind_readers() {
        const APART: f32 = 60.0;
        let dichromacies = [
            ("protanopia", PROTANOPIA),
            ("deuteranopia", DEUTERANOPIA),
            ("tritanopia", TRITANOPIA),
        ];
        for (name, m) in dichromacies {
            let d = closest_pair(&FACTION_RGB, m);
            assert!(
                d >= APART,
                "{name}: the closest two factions are {d:.0} apart"
            );
        }
        let old = [
            [64, 140, 242],
            [230, 89, 77],
            [89, 204, 102],
            [217, 179, 64],
        ];
        assert!(
            dichromacies
                .iter()
                .any(|&(_, m)| closest_pair(&old, m) < APART),
            "the check tells a palette that fails"
        );
    }

    #[test]
    fn each_faction_has_a_shape_of_its_own() {
        let shapes: Vec<Shape> = (0..4).map(faction_shape).collect();
        for i in 0..4 {
            assert!(!shapes[..i].contains(&shapes[i]));
        }
        assert_eq!(corners(Shape::Hexagon, 10.0).len(), 6);
        assert!(!dark_text_on(0) && !dark_text_on(1) && dark_text_on(2) && dark_text_on(3));
    }
}

/// The pointer's colour: a lesson's finger on the board.
pub const POINTER: bevy_egui::egui::Color32 = bevy_egui::egui::Color32::from_rgb(255, 80, 220);
