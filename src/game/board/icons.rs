//! Conditions drawn as icons on a token: small badges on its rim, each a shape of its own (not
//! only a colour), so that a glance at the board tells who is down, hidden, grabbed or tired.
//! Drawn with egui's shapes: no icon font to download.

use bevy_egui::egui::{self, Color32, Pos2, Shape, Stroke, vec2};

use crate::present::Icon;

/// The badges' places on a token of radius `r` at `centre`: along its rim, from the upper
/// right, clockwise, as many as there are icons.
pub fn badge_centres(centre: Pos2, r: f32, n: usize) -> Vec<Pos2> {
    (0..n)
        .map(|i| {
            let a = (45.0 - 48.0 * i as f32).to_radians();
            centre + vec2(a.cos(), -a.sin()) * r
        })
        .collect()
}

/// A badge's radius on a token of radius `r`.
pub fn badge_radius(r: f32) -> f32 {
    (r * 0.42).max(5.0)
}

/// The shapes of one badge: a dark disc with a coloured rim, and the icon's figure in it.
pub fn shapes(icon: Icon, c: Pos2, r: f32) -> Vec<Shape> {
    let colour = colour(icon);
    let line = Stroke::new((r * 0.18).max(1.2), colour);
    let mut out = vec![Shape::circle_filled(c, r, Color32::from_rgb(24, 24, 28))];
    out.push(Shape::circle_stroke(c, r, Stroke::new(1.0, colour)));
    let s = r * 0.6;
    let p = |x: f32, y: f32| c + vec2(x * s, y * s);
    let seg = |a: Pos2, b: Pos2| Shape::line_segment([a, b], line);
    match icon {
        Icon::Down => {
            out.push(seg(p(0.0, -0.9), p(0.0, 0.8)));
            out.push(seg(p(-0.6, 0.2), p(0.0, 0.8)));
            out.push(seg(p(0.6, 0.2), p(0.0, 0.8)));
        }
        Icon::Dead => {
            out.push(seg(p(-0.8, -0.8), p(0.8, 0.8)));
            out.push(seg(p(0.8, -0.8), p(-0.8, 0.8)));
        }
        Icon::Hidden => {
            // An eye, half shut.
            let arc = |sign: f32| -> Vec<Pos2> {
                (0..=8)
                    .map(|i| {
                        let x = -1.0 + i as f32 / 4.0;
                        p(x, sign * 0.55 * (1.0 - x * x))
                    })
                    .collect()
            };
            out.push(Shape::line(arc(-1.0), line));
            out.push(Shape::line(arc(1.0), line));
            out.push(Shape::circle_filled(c, s * 0.3, colour));
        }
        Icon::Grabbed => {
            // Two links of a chain.
            out.push(Shape::circle_stroke(p(-0.35, 0.0), s * 0.5, line));
            out.push(Shape::circle_stroke(p(0.35, 0.0), s * 0.5, line));
        }
        Icon::Poisoned => {
            // A flask: a round belly and a neck.
            out.push(Shape::circle_filled(p(0.0, 0.3), s * 0.6, colour));
            out.push(Shape::rect_filled(
                egui::Rect::from_two_pos(p(-0.2, -0.9), p(0.2, -0.2)),
                0.0,
                colour,
            ));
        }
        Icon::Surrendered => {
            // A white flag on its pole.
            out.push(seg(p(-0.6, -0.9), p(-0.6, 0.9)));
            out.push(Shape::rect_filled(
                egui::Rect::from_two_pos(p(-0.6, -0.9), p(0.8, -0.1)),
                0.0,
                colour,
            ));
        }
        Icon::Prone => {
            // A figure lying down: a head and a body along the ground.
            out.push(Shape::circle_filled(p(-0.7, 0.2), s * 0.25, colour));
            out.push(seg(p(-0.4, 0.2), p(0.9, 0.2)));
            out.push(seg(p(-0.9, 0.6), p(0.9, 0.6)));
        }
        Icon::Guarding => {
            // A shield, its point down.
            out.push(Shape::convex_polygon(
                vec![
                    p(-0.7, -0.8),
                    p(0.7, -0.8),
                    p(0.7, 0.1),
                    p(0.0, 0.9),
                    p(-0.7, 0.1),
                ],
                colour,
                Stroke::NONE,
            ));
        }
        Icon::InCover => {
            // A low wall of bricks.
            for (x0, y0, x1, y1) in [
                (-0.9, 0.0, -0.05, 0.4),
                (0.05, 0.0, 0.9, 0.4),
                (-0.5, -0.5, 0.5, -0.1),
            ] {
                out.push(Shape::rect_filled(
                    egui::Rect::from_two_pos(p(x0, y0), p(x1, y1)),
                    0.0,
                    colour,
                ));
            }
        }
        Icon::Ready => {
            // An hourglass: waiting for its moment.
            out.push(Shape::convex_polygon(
                vec![p(-0.7, -0.8), p(0.7, -0.8), p(0.0, 0.0)],
                colour,
                Stroke::NONE,
            ));
            out.push(Shape::convex_polygon(
                vec![p(0.0, 0.0), p(0.7, 0.8), p(-0.7, 0.8)],
                colour,
                Stroke::NONE,
            ));
        }
        Icon::Hurt => {
            // A drop of blood, its point up.
            out.push(Shape::circle_filled(p(0.0, 0.3), s * 0.55, colour));
            out.push(Shape::convex_polygon(
                vec![p(0.0, -0.9), p(0.5, 0.2), p(-0.5, 0.2)],
                colour,
                Stroke::NONE,
            ));
        }
        Icon::Fatigue(n) => {
            // A pip for each point of fatigue, up to five.
            let n = n.clamp(1, 5);
            let w = 1.6 / f32::from(n);
            for i in 0..n {
                let x = -0.8 + w * (f32::from(i) + 0.5);
                out.push(seg(p(x, -0.7), p(x, 0.7)));
            }
        }
        Icon::Dueling => {
            // Crossed blades, each with its guard.
            out.push(seg(p(-0.8, 0.8), p(0.8, -0.8)));
            out.push(seg(p(0.8, 0.8), p(-0.8, -0.8)));
            out.push(seg(p(-0.8, 0.3), p(-0.3, 0.8)));
            out.push(seg(p(0.8, 0.3), p(0.3, 0.8)));
        }
    }
    out
}

/// Each icon's colour, light on the badge's dark disc; the shapes differ too, for those who
/// cannot tell the colours apart.
fn colour(icon: Icon) -> Color32 {
    match icon {
        Icon::Down | Icon::Prone => Color32::from_rgb(200, 200, 200),
        Icon::Dead | Icon::Hurt => Color32::from_rgb(240, 90, 70),
        Icon::Hidden => Color32::from_rgb(120, 200, 255),
        Icon::Grabbed => Color32::from_rgb(240, 160, 60),
        Icon::Poisoned => Color32::from_rgb(110, 220, 110),
        Icon::Surrendered => Color32::WHITE,
        Icon::Guarding => Color32::from_rgb(90, 150, 255),
        Icon::InCover => Color32::from_rgb(200, 160, 110),
        Icon::Ready | Icon::Fatigue(_) => Color32::from_rgb(250, 210, 80),
        Icon::Dueling => Color32::from_rgb(220, 220, 240),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn figure(icon: Icon) -> Vec<Shape> {
        // The disc and its rim come first; the rest is the figure.
        shapes(icon, Pos2::new(100.0, 100.0), 10.0).split_off(2)
    }

    #[test]
    fn every_icon_has_a_figure_inside_its_badge() {
        let badge = egui::Rect::from_center_size(Pos2::new(100.0, 100.0), vec2(20.5, 20.5));
        for icon in Icon::KINDS {
            let figure = figure(icon);
            assert!(!figure.is_empty(), "{} draws nothing", icon.message());
            for s in &figure {
                assert!(
                    badge.contains_rect(s.visual_bounding_rect()),
                    "{} spills out",
                    icon.message()
                );
            }
        }
    }

    #[test]
    fn no_two_icons_share_a_figure() {
        let drawn: Vec<String> = Icon::KINDS
            .iter()
            .map(|&i| {
                figure(i)
                    .iter()
                    .map(|s| {
                        let r = s.visual_bounding_rect();
                        format!("{} {} {} {}", r.min.x, r.min.y, r.max.x, r.max.y)
                    })
                    .collect::<Vec<_>>()
                    .join(";")
            })
            .collect();
        for (i, a) in drawn.iter().enumerate() {
            for (j, b) in drawn.iter().enumerate().skip(i + 1) {
                assert_ne!(
                    a,
                    b,
                    "{} and {} look alike",
                    Icon::KINDS[i].message(),
                    Icon::KINDS[j].message()
                );
            }
        }
    }

    #[test]
    fn fatigue_shows_its_count_in_pips_up_to_five() {
        assert_eq!(figure(Icon::Fatigue(2)).len(), 2);
        assert_eq!(figure(Icon::Fatigue(4)).len(), 4);
        assert_eq!(figure(Icon::Fatigue(9)).len(), 5);
    }

    #[test]
    fn badges_sit_on_the_rim_and_apart() {
        let c = Pos2::new(0.0, 0.0);
        let at = badge_centres(c, 20.0, 4);
        for p in &at {
            assert!(((*p - c).length() - 20.0).abs() < 1e-3);
        }
        for w in at.windows(2) {
            assert!((w[0] - w[1]).length() >= 2.0 * badge_radius(20.0) - 2.0);
        }
    }
}
