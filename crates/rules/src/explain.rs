//! How a roll came out and why: the combat log and the teaching overlays read only these.

use serde::{Deserialize, Serialize};

use super::dice::Rolled;
use super::line::Line;

/// A number added to or taken from a roll, with the reason a person would give at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    pub value: i32,
    pub cause: Line,
}

/// The sum of modifiers: what they add to a roll, or a side's effort before the dice.
pub fn total(modifiers: &[Modifier]) -> i32 {
    modifiers.iter().map(|m| m.value).sum()
}

/// A roll, its dice, its modifiers, what it was compared against and the rule that applied.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Explanation {
    /// What was rolled for, e.g. "Aldo's WIT save to hit".
    pub what: Line,
    pub dice: Vec<Rolled>,
    /// Dice that were rolled but not counted (the higher die of an impaired damage roll).
    #[serde(default)]
    pub dropped: Vec<Rolled>,
    pub modifiers: Vec<Modifier>,
    /// The target, if the roll was compared with one, e.g. "≤ 12 (WIT)".
    pub against: Option<Line>,
    pub total: i32,
    /// What it meant: "pass", "hit for 5", "Major victory".
    pub outcome: Line,
    /// Paragraph id in the rules notes, e.g. "zones.attacking".
    pub rule: String,
}

impl Explanation {
    pub fn new(what: impl Into<Line>, rule: impl Into<String>) -> Self {
        Explanation {
            what: what.into(),
            dice: Vec::new(),
            dropped: Vec::new(),
            modifiers: Vec::new(),
            against: None,
            total: 0,
            outcome: Line::default(),
            rule: rule.into(),
        }
    }

    pub fn modifier(mut self, value: i32, cause: impl Into<Line>) -> Self {
        self.modifiers.push(Modifier {
            value,
            cause: cause.into(),
        });
        self
    }

    pub fn dice_total(&self) -> i32 {
        self.dice.iter().map(|r| i32::from(r.value)).sum()
    }
}
