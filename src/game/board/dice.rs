//! A roll's dice on the board: while the event that rolled them plays, the dice tumble for a
//! moment beside what they were rolled for, then settle on the faces that came up (a d6 with
//! its pips, any other die with its number and its name). Dice that were rolled but did not
//! count (the higher die of an impaired roll) stand greyed beside them. They keep their size
//! on screen whatever the zoom, so a face is always readable.

use bevy::prelude::*;
use bevy_egui::egui;
use egui::{Align2, Color32, FontId, Pos2, Stroke};

use crate::present::Visual;
use crate::rules::dice::Rolled;
use crate::rules::explain::Explanation;

/// How far into its event's animation a roll's dice stop tumbling (an attack's line reaches
/// its target at one half).
pub const SETTLE: f32 = 0.35;

/// A settled die's face.
pub const FACE: Color32 = Color32::from_rgb(250, 238, 196);

/// A die's side on screen, in points.
const SIDE: f32 = 30.0;

/// How far a row of dice stands above a token it is over, beyond the token's radius: clear
/// of the token, the die's name under it included.
pub const LIFT: f32 = SIDE / 2.0 + 18.0;

/// The face a die shows `t` of the way through its animation, and whether it has settled
/// there. Before it settles it tumbles through the die's faces, the dice of one roll out of
/// step with each other.
pub fn face_at(roll: &Rolled, nth: usize, t: f32) -> (u8, bool) {
    if t >= SETTLE {
        return (roll.value, true);
    }
    let sides = u32::from(roll.die.sides.max(1));
    let tick = (t * 40.0) as u32 + 3 * nth as u32 + u32::from(roll.value);
    ((tick % sides) as u8 + 1, false)
}

/// Where on the board a roll's dice stand, by the event that rolled them: on the line between
/// an attacker and the target, over the token it was rolled for (and the token, to stand clear
/// of it), over a place. None: at the foot of the board, clear of the places (a roll for no
/// one token, or for a whole side, as Coterie's efforts, whose bars fill the track).
pub fn anchor(
    visual: &Visual,
    token_at: impl Fn(usize) -> Option<Vec2>,
    place_at: impl Fn(usize) -> Option<Vec2>,
) -> Option<(Vec2, Option<usize>)> {
    match visual {
        Visual::Strike { from, to } => Some(((token_at(*from)? + token_at(*to)?) / 2.0, None)),
        Visual::Float { token, .. } | Visual::Fall { token } => {
            Some((token_at(*token)?, Some(*token)))
        }
        Visual::Slide { to, .. } | Visual::Flash { place: to } => Some((place_at(*to)?, None)),
        Visual::Tally { .. } | Visual::Banner { .. } => None,
    }
}

/// How much larger the deciding dice stand than the others.
pub const BIG: f32 = 2.0;

/// Whether a roll decides something (it was rolled against a number: to hit, a save, a test;
/// or it is one of Coterie's efforts, which decide the phase): its dice stand large in the
/// middle of the board. The others (damage, initiative) stay small beside their token.
pub fn decisive(x: &Explanation, visual: &Visual) -> bool {
    !x.dice.is_empty() && (x.against.is_some() || matches!(visual, Visual::Tally { .. }))
}

/// The deciding dice large in the middle of the board, over a dark card that names the roll
/// above them and what it came to below.
pub fn paint_big(
    painter: &egui::Painter,
    clip: egui::Rect,
    x: &Explanation,
    said: &fray_words::Explained,
    t: f32,
) {
    let n = (x.dice.len() + x.dropped.len()) as f32;
    let side = SIDE * BIG;
    let width = (n * side + (n - 1.0) * 10.0).max(260.0) + 40.0;
    let centre = egui::pos2(clip.center().x, clip.min.y + clip.height() * 0.32);
    let card = egui::Rect::from_center_size(centre, egui::vec2(width, side + 84.0));
    painter.rect_filled(card, 10.0, Color32::from_black_alpha(170));
    painter.text(
        egui::pos2(centre.x, card.min.y + 8.0),
        Align2::CENTER_TOP,
        &said.what,
        FontId::proportional(15.0),
        Color32::from_rgb(240, 235, 215),
    );
    paint(painter, centre, &x.dice, &x.dropped, t, BIG);
    if t >= SETTLE {
        let against = said
            .against
            .as_deref()
            .map_or(String::new(), |a| format!(" {a}"));
        painter.text(
            egui::pos2(centre.x, card.max.y - 8.0),
            Align2::CENTER_BOTTOM,
            if said.outcome.is_empty() {
                format!("{}{against}", x.total)
            } else {
                format!("{}{against} — {}", x.total, said.outcome)
            },
            FontId::proportional(17.0),
            FACE,
        );
    }
}

/// Paints the dice in a row centred on `centre` (screen points), `size` times their usual side.
pub fn paint(
    painter: &egui::Painter,
    centre: Pos2,
    counted: &[Rolled],
    dropped: &[Rolled],
    t: f32,
    size: f32,
) {
    let n = counted.len() + dropped.len();
    if n == 0 {
        return;
    }
    let side = SIDE * size;
    let gap = 6.0 * size;
    let width = n as f32 * side + (n - 1) as f32 * gap;
    // Tumbling dice bounce; settled ones stand still.
    let bounce = if t < SETTLE {
        -10.0 * size * (t / SETTLE * std::f32::consts::PI * 3.0).sin().abs() * (1.0 - t / SETTLE)
    } else {
        0.0
    };
    let dice = counted
        .iter()
        .map(|r| (r, true))
        .chain(dropped.iter().map(|r| (r, false)));
    for (i, (roll, counts)) in dice.enumerate() {
        let x = centre.x - width / 2.0 + side / 2.0 + i as f32 * (side + gap);
        let at = Pos2::new(x, centre.y + bounce);
        let (face, settled) = face_at(roll, i, t);
        paint_die(painter, at, side, roll.die.sides, face, (counts, settled));
    }
}

fn paint_die(
    painter: &egui::Painter,
    at: Pos2,
    side: f32,
    sides: u8,
    face: u8,
    (counts, settled): (bool, bool),
) {
    let rect = egui::Rect::from_center_size(at, egui::vec2(side, side));
    let (fill, ink) = match (counts, settled) {
        (false, _) => (Color32::from_gray(120), Color32::from_gray(40)),
        // Ivory, apart from the board's white words (CI looks for a settled die by it).
        (true, true) => (FACE, Color32::from_rgb(30, 30, 40)),
        (true, false) => (
            Color32::from_rgb(222, 212, 178),
            Color32::from_rgb(70, 70, 80),
        ),
    };
    painter.rect_filled(
        rect.translate(egui::vec2(2.0, 2.0)),
        5.0,
        Color32::from_black_alpha(110),
    );
    painter.rect_filled(rect, 5.0, fill);
    painter.rect_stroke(
        rect,
        5.0,
        Stroke::new(1.5, Color32::from_rgb(30, 30, 40)),
        egui::StrokeKind::Inside,
    );
    if sides == 6 {
        for (dx, dy) in pips(face) {
            let p = at + egui::vec2(dx * side * 0.27, dy * side * 0.27);
            painter.circle_filled(p, side * 0.09, ink);
        }
    } else {
        painter.text(
            at,
            Align2::CENTER_CENTER,
            face.to_string(),
            FontId::proportional(16.0 * side / SIDE),
            ink,
        );
    }
    // Every die says what it is, a d6 too: a d6's 4 and a d4's 4 are not the same roll.
    painter.text(
        egui::pos2(at.x, rect.max.y + 1.0),
        Align2::CENTER_TOP,
        format!("d{sides}"),
        FontId::proportional(12.0),
        Color32::from_rgb(240, 240, 240),
    );
    if !counts {
        painter.line_segment(
            [rect.left_bottom(), rect.right_top()],
            Stroke::new(2.0, Color32::from_rgb(255, 89, 51)),
        );
    }
}

/// A d6 face's pips, each at (-1, 0 or 1) across and down.
fn pips(face: u8) -> &'static [(f32, f32)] {
    match face {
        1 => &[(0.0, 0.0)],
        2 => &[(-1.0, -1.0), (1.0, 1.0)],
        3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
        4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
        5 => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (0.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
        _ => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (-1.0, 0.0),
            (1.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::Die;

    /// A roll against a number, or a Coterie effort, decides something and stands large; a
    /// damage roll stays by its token; a roll without dice shows nothing.
    #[test]
    fn the_rolls_that_decide_stand_large() {
        let mut to_hit = Explanation::new(
            crate::rules::Line::written("Aldo to hit"),
            "zones.attacking",
        );
        to_hit.dice = vec![roll(20, 14)];
        to_hit.against = Some(crate::rules::Line::written("≤ 12"));
        let strike = Visual::Strike { from: 0, to: 1 };
        assert!(decisive(&to_hit, &strike));
        let mut damage = to_hit.clone();
        damage.against = None;
        assert!(!decisive(&damage, &strike));
        let tally = Visual::Tally {
            bars: vec![(0, 12)],
            winner: None,
        };
        assert!(decisive(&damage, &tally), "a Coterie effort");
        let mut none = to_hit.clone();
        none.dice.clear();
        assert!(!decisive(&none, &strike));
    }

    fn roll(sides: u8, value: u8) -> Rolled {
        Rolled {
            die: Die { sides },
            value,
        }
    }

    #[test]
    fn dice_tumble_through_their_own_faces_then_settle_on_what_came_up() {
        let rolls = [roll(20, 17), roll(6, 2), roll(6, 6)];
        let mut seen = std::collections::BTreeSet::new();
        for step in 0..35 {
            let t = step as f32 / 100.0;
            for (i, r) in rolls.iter().enumerate() {
                let (face, settled) = face_at(r, i, t);
                assert!(!settled, "t={t}");
                assert!(
                    (1..=r.die.sides).contains(&face),
                    "a d{} shows {face}",
                    r.die.sides
                );
                if i == 0 {
                    seen.insert(face);
                }
            }
        }
        assert!(
            seen.len() > 5,
            "the d20 tumbles through {} faces",
            seen.len()
        );
        for t in [SETTLE, 0.5, 1.0] {
            let faces: Vec<(u8, bool)> = rolls
                .iter()
                .enumerate()
                .map(|(i, r)| face_at(r, i, t))
                .collect();
            assert_eq!(faces, vec![(17, true), (2, true), (6, true)], "t={t}");
        }
    }

    #[test]
    fn a_d6_face_has_as_many_pips_as_its_number() {
        for face in 1..=6u8 {
            let p = pips(face);
            assert_eq!(p.len(), face as usize);
            let mut distinct = p.to_vec();
            distinct.sort_by(|a, b| a.partial_cmp(b).unwrap());
            distinct.dedup();
            assert_eq!(distinct.len(), p.len(), "no two pips of {face} on one spot");
        }
    }

    #[test]
    fn the_dice_stand_by_what_they_were_rolled_for() {
        let tokens = |c: usize| Some(Vec2::new(c as f32 * 100.0, 0.0));
        let places = |p: usize| Some(Vec2::new(0.0, p as f32 * 50.0));
        let strike = Visual::Strike { from: 1, to: 3 };
        assert_eq!(
            anchor(&strike, tokens, places),
            Some((Vec2::new(200.0, 0.0), None))
        );
        let float = Visual::float(2, "−3");
        assert_eq!(
            anchor(&float, tokens, places),
            Some((Vec2::new(200.0, 0.0), Some(2))),
            "over the token, which the dice stand clear of"
        );
        let flash = Visual::Flash { place: 3 };
        assert_eq!(
            anchor(&flash, tokens, places),
            Some((Vec2::new(0.0, 150.0), None))
        );
        let tally = Visual::Tally {
            bars: vec![(0, 5), (4, 7)],
            winner: Some(1),
        };
        assert_eq!(
            anchor(&tally, tokens, places),
            None,
            "the bars fill the track"
        );
        let banner = Visual::Banner {
            text: "Round 2".into(),
        };
        assert_eq!(anchor(&banner, tokens, places), None);
        // A token no longer on the board (hidden, gone): the dice go to the top instead.
        let gone = Visual::Strike { from: 1, to: 9 };
        assert_eq!(
            anchor(&gone, |c| (c < 5).then_some(Vec2::ZERO), places),
            None
        );
    }
}
