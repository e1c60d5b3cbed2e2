//! How a roll came out and why: the combat log and the teaching overlays read only these.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::dice::Rolled;

/// A number added to or taken from a roll, with the reason a person would give at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    pub value: i32,
    pub cause: String,
}

/// The sum of modifiers: what they add to a roll, or a side's effort before the dice.
pub fn total(modifiers: &[Modifier]) -> i32 {
    modifiers.iter().map(|m| m.value).sum()
}

/// A roll, its dice, its modifiers, what it was compared against and the rule that applied.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Explanation {
    /// What was rolled for, e.g. "Aldo's WIT save to hit".
    pub what: String,
    pub dice: Vec<Rolled>,
    /// Dice that were rolled but not counted (the higher die of an impaired damage roll).
    #[serde(default)]
    pub dropped: Vec<Rolled>,
    pub modifiers: Vec<Modifier>,
    /// The target, if the roll was compared with one, e.g. "≤ 12 (WIT)".
    pub against: Option<String>,
    pub total: i32,
    /// What it meant: "pass", "hit for 5", "Major victory".
    pub outcome: String,
    /// Paragraph id in the rules notes, e.g. "zones.attacking".
    pub rule: String,
}

impl Explanation {
    pub fn new(what: impl Into<String>, rule: impl Into<String>) -> Self {
        Explanation {
            what: what.into(),
            dice: Vec::new(),
            dropped: Vec::new(),
            modifiers: Vec::new(),
            against: None,
            total: 0,
            outcome: String::new(),
            rule: rule.into(),
        }
    }

    pub fn modifier(mut self, value: i32, cause: impl Into<String>) -> Self {
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

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.what)?;
        let dice: Vec<String> = self.dice.iter().map(ToString::to_string).collect();
        write!(f, "[{}]", dice.join(", "))?;
        if !self.dropped.is_empty() {
            let dropped: Vec<String> = self.dropped.iter().map(ToString::to_string).collect();
            write!(f, " (dropped {})", dropped.join(", "))?;
        }
        for m in &self.modifiers {
            write!(f, " {:+} {}", m.value, m.cause)?;
        }
        write!(f, " = {}", self.total)?;
        if let Some(against) = &self.against {
            write!(f, " vs {against}")?;
        }
        write!(f, " — {} [{}]", self.outcome, self.rule)
    }
}
