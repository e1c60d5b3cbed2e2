//! The causes of a test's advantage, disadvantage and modifiers, and of a figure that differs
//! from the sheet, as facts: a play-out rolls by them and never words them; an explanation
//! words each ([`Why::line`]).

use super::model::Proficiency;
use crate::line::Line;

/// Why a test has advantage or disadvantage, why a modifier is added to its roll, or why a
/// figure differs from the sheet: kept as a fact, worded only when an explanation is written
/// ([`Why::line`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// A sneak attack on an unconscious target.
    Unconscious,
    /// A sneak attack by an unseen attacker.
    Unseen,
    /// A sneak attack on a surprised target.
    Surprised,
    Flanking,
    /// Shooting at a prone target.
    ProneShot,
    /// Striking a prone target.
    ProneStrike,
    /// The target has taken cover.
    Cover,
    Guarding,
    /// The attacker's size less the target's.
    Size(i32),
    Deflection,
    ElementalDeflection,
    Parry,
    /// The attacker's proficiency with the weapon (teams.proficiency).
    Proficiency(Proficiency),
    /// The attacker's attacks earlier this round (teams.multiple-attacks).
    EarlierAttacks(i32),
    /// A killing strike's advantage (teams.killing-strike).
    KillingStrike,
    /// The defence bonuses of a dodge, of fortifying and of resisting.
    Reflex,
    Fortitude,
    Will,
}

/// A test's or a figure's causes: a handful at most, so on the stack.
pub type Whys = smallvec::SmallVec<[Why; 4]>;
/// Values, each with its cause.
pub type Valued = smallvec::SmallVec<[(i32, Why); 4]>;

impl Why {
    pub fn line(self) -> Line {
        match self {
            Why::Unconscious => Line::new("teams-why-sneak-unconscious"),
            Why::Unseen => Line::new("teams-why-sneak-unseen"),
            Why::Surprised => Line::new("teams-why-sneak-surprised"),
            Why::Flanking => Line::new("teams-why-flanking"),
            Why::ProneShot => Line::new("teams-why-prone-shot"),
            Why::ProneStrike => Line::new("teams-why-prone-strike"),
            Why::Cover => Line::new("teams-why-cover"),
            Why::Guarding => Line::new("teams-guarding"),
            Why::Size(d) if d > 0 => Line::new("teams-why-larger").number("by", d),
            Why::Size(d) => Line::new("teams-why-smaller").number("by", -d),
            Why::Deflection => Line::new("teams-why-deflection"),
            Why::ElementalDeflection => Line::new("teams-why-elemental-deflection"),
            Why::Parry => Line::new("teams-why-parry"),
            Why::Proficiency(p) => Line::new(match p {
                Proficiency::Simple => "teams-proficiency-simple",
                Proficiency::Martial => "teams-proficiency-martial",
                Proficiency::Finesse => "teams-proficiency-finesse",
                Proficiency::Ranged => "teams-proficiency-ranged",
            }),
            Why::EarlierAttacks(n) => Line::new("teams-multiple-attacks").number("earlier", n),
            Why::KillingStrike => Line::new("teams-killing-strike-advantage"),
            Why::Reflex => Line::new("teams-reflex"),
            Why::Fortitude => Line::new("teams-fortitude"),
            Why::Will => Line::new("teams-will"),
        }
    }
}
