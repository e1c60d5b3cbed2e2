//! What this ruleset's lines are made of (`assets/words/en/teams.ftl`): a square, a weapon.

use super::model::{Pos, WeaponRef};
pub use crate::context::later;
use crate::line::Line;

/// A square of the map, "(4, 1)".
pub fn square(p: Pos) -> Line {
    Line::new("teams-square").number("x", p.x).number("y", p.y)
}

/// `line` naming the weapon `w` as `name`: an item by its name, or bare hands.
pub fn weapon(line: Line, name: &'static str, w: WeaponRef) -> Line {
    match w {
        WeaponRef::Item(i) => line.thing(name, i),
        WeaponRef::Unarmed => line.line(name, Line::new("teams-bare-hands")),
    }
}
