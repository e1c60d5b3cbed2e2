//! Individual performance (coterie.performance) and the fatigue table (coterie.fatigue).

use super::model::State;
use crate::Line;
use crate::battle::CharacterId;
use crate::explain::Modifier;

/// The individual penalty for fatigue: -1 for 1–2 points, -2 for 3–4, and so on, past 10 too.
pub fn fatigue_penalty(fatigue: i32) -> i32 {
    if fatigue <= 0 { 0 } else { (fatigue + 1) / 2 }
}

/// The bonuses and penalties on a character's performance roll.
pub fn modifiers(s: &State, c: CharacterId, brought: usize) -> Vec<Modifier> {
    let ch = &s.characters[c];
    let mut m = Vec::new();
    if brought > 1 {
        m.push(Modifier {
            value: brought as i32 - 1,
            cause: Line::new("coterie-more-skills").number("n", brought as i64 - 1),
        });
    }
    if ch.performance_bonus != 0 {
        m.push(Modifier {
            value: ch.performance_bonus,
            cause: Line::new("coterie-special-action-bonus"),
        });
    }
    if ch.wounds > 0 {
        m.push(Modifier {
            value: -ch.wounds,
            cause: Line::new("coterie-injuries"),
        });
    }
    let f = fatigue_penalty(ch.fatigue);
    if f > 0 {
        m.push(Modifier {
            value: -f,
            cause: Line::new("coterie-fatigue").number("fatigue", ch.fatigue),
        });
    }
    m
}

/// What a die counts: a 1 is -1, a 6 is +1.
fn shift_of(value: i32) -> i32 {
    match value {
        i32::MIN..=1 => -1,
        6.. => 1,
        _ => 0,
    }
}

/// The net shift of two dice with `modifier` points: each full 5 is an automatic ±1 (the dice
/// still count), and what is left goes onto the dice where it helps most, or hurts least, as
/// the player places it after the roll. Returns the shift and the dice as placed.
pub fn shift(dice: [u8; 2], modifier: i32) -> (i32, [i32; 2]) {
    let automatic = modifier / 5;
    let rest = modifier % 5;
    let mut best: Option<(i32, [i32; 2])> = None;
    let steps = rest.abs();
    for a in 0..=steps {
        let sign = rest.signum();
        let placed = [
            (i32::from(dice[0]) + sign * a).clamp(1, 6),
            (i32::from(dice[1]) + sign * (steps - a)).clamp(1, 6),
        ];
        let s = automatic + shift_of(placed[0]) + shift_of(placed[1]);
        if best.is_none_or(|(b, _)| s > b) {
            best = Some((s, placed));
        }
    }
    best.unwrap_or((automatic, [i32::from(dice[0]), i32::from(dice[1])]))
}
