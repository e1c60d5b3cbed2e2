//! What the Zones referee's lines are made of: the values many lines share (a weapon, an
//! attack's manner, what a save is for). The words are in `assets/words/en/zones.ftl`.

use super::model::{AttackMode, Attribute, Stunt, Weapon};
pub use crate::context::later;
use crate::line::Line;

/// A weapon by its name, or bare hands.
pub fn weapon(w: Weapon) -> Line {
    match w {
        Weapon::Unarmed => Line::new("zones-bare-hands"),
        Weapon::Item(i) => Line::new("zones-thing").thing("item", i),
    }
}

/// The keyword of an attack's manner, for the messages that tell it.
pub fn mode(m: AttackMode) -> &'static str {
    match m {
        AttackMode::Damage { hold_back: false } => "attack",
        AttackMode::Damage { hold_back: true } => "hold-back",
        AttackMode::FinalBlow => "final-blow",
        AttackMode::Disarm { .. } => "disarm",
        AttackMode::Grapple => "grapple",
    }
}

/// The keyword of an attribute: `{ $attr -> [str] STR ... }`.
pub fn attr(a: Attribute) -> &'static str {
    match a {
        Attribute::Str => "str",
        Attribute::Agi => "agi",
        Attribute::Wit => "wit",
    }
}

/// What a stunt does, as the attacker offers it.
pub fn stunt(st: Stunt) -> Line {
    match st {
        Stunt::Disarm(i) => Line::new("zones-stunt")
            .word("stunt", "disarm")
            .thing("item", i),
        Stunt::Drive(z) => Line::new("zones-stunt")
            .word("stunt", "drive")
            .place("zone", z),
        Stunt::Seize => Line::new("zones-stunt").word("stunt", "seize"),
        Stunt::Yield => Line::new("zones-stunt").word("stunt", "yield"),
    }
}

/// What a save is for: in English for its die (a roll's purpose stays English, for the dice
/// sources), and as a line for the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveFor {
    /// To hit, and why the shot needs a save (`Shot::why_save`'s keyword).
    Hit(&'static str),
    /// To hit with a counter, and why.
    CounterHit(&'static str),
    Dodge,
    Disarm,
    Grapple,
    Morale,
    Chase,
    BreakFree,
}

impl SaveFor {
    pub fn line(self) -> Line {
        let line = Line::new("zones-save-for");
        match self {
            SaveFor::Hit(why) => line.word("for", "hit").line("why", why_save(why)),
            SaveFor::CounterHit(why) => line.word("for", "counter").line("why", why_save(why)),
            SaveFor::Dodge => line.word("for", "dodge"),
            SaveFor::Disarm => line.word("for", "disarm"),
            SaveFor::Grapple => line.word("for", "grapple"),
            SaveFor::Morale => line.word("for", "morale"),
            SaveFor::Chase => line.word("for", "chase"),
            SaveFor::BreakFree => line.word("for", "break-free"),
        }
    }
}

/// Why a shot needs a WIT save, from its keyword.
fn why_save(why: &'static str) -> Line {
    Line::new("zones-why-save").word("why", why)
}
