//! One action being applied, for any ruleset: the state it changes, the dice it rolls and the
//! events it reports. Each ruleset names its own `Ctx` from this and adds what only it needs.

use super::battle::{Event, RuleError};
use super::dice::{self, DiceSource, Die, Rolled};
use super::explain::Explanation;

/// An event kind with a plain note among its kinds.
pub trait NoteKind {
    fn note() -> Self;
}

pub struct Ctx<'a, S, K> {
    pub s: &'a mut S,
    pub dice: &'a mut dyn DiceSource,
    pub events: Vec<Event<K>>,
}

impl<'a, S, K> Ctx<'a, S, K> {
    pub fn new(s: &'a mut S, dice: &'a mut dyn DiceSource) -> Self {
        Ctx {
            s,
            dice,
            events: Vec::new(),
        }
    }

    pub fn say(&mut self, kind: K, text: impl Into<String>) {
        self.events.push(Event {
            kind,
            text: text.into(),
            explanation: None,
        });
    }

    pub fn explained(&mut self, kind: K, text: impl Into<String>, e: Explanation) {
        self.events.push(Event {
            kind,
            text: text.into(),
            explanation: Some(e),
        });
    }

    /// Rolls one die: `why` is the roll's purpose ("Aldo's damage"), `rule` the rules-notes
    /// paragraph id it serves ("zones.attacking"), so that a table rolling its own dice is told
    /// both. Every roll of the rules core comes through here or [`dice::roll_for`].
    pub fn roll(&mut self, die: Die, why: &str, rule: &str) -> Result<Rolled, RuleError> {
        Ok(dice::roll_for(self.dice, die, why, rule)?)
    }
}

impl<S, K: NoteKind> Ctx<'_, S, K> {
    pub fn note(&mut self, text: impl Into<String>) {
        self.say(K::note(), text);
    }
}
