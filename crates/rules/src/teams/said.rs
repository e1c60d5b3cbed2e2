//! What this ruleset's lines are made of (`assets/words/en/teams.ftl`): a square, a weapon;
//! and lines built only where a log keeps them, so that a quiet play-out builds none
//! (`Log::quiet`).

use super::model::{Pos, WeaponRef};
use crate::context::{Log, Text};
use crate::line::Line;

/// A line to be built when a log keeps it, as formatting arguments are written only then:
/// `ctx.say(kind, later(move || Line::new(..).who("who", c)))`.
pub struct Later<F>(F);

impl<F: FnOnce() -> Line> Text for Later<F> {
    fn written(self) -> Line {
        (self.0)()
    }
}

pub fn later<F: FnOnce() -> Line>(build: F) -> Later<F> {
    Later(build)
}

/// A line a quiet log never reads: `build`'s, or an empty one (which costs nothing) there.
pub trait Lines {
    fn line(&self, build: impl FnOnce() -> Line) -> Line;
}

impl<K> Lines for Log<K> {
    fn line(&self, build: impl FnOnce() -> Line) -> Line {
        if self.quiet { Line::default() } else { build() }
    }
}

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
