//! One action being applied, for any ruleset: the state it changes, the dice it rolls and the
//! events it reports. Each ruleset names its own `Ctx` from this and adds what only it needs.

use std::fmt;

use super::battle::{Event, RuleError};
use super::dice::{self, DiceSource, Die, Rolled};
use super::explain::Explanation;

/// An event kind with a plain note among its kinds.
pub trait NoteKind {
    fn note() -> Self;
}

/// An event's sentence as a call site hands it over: written out already, or still to be
/// written (`format_args!`), which a quiet context never writes. A quiet context's events have
/// no sentence either way.
pub trait Text {
    fn written(self, quiet: bool) -> String;
}

impl Text for String {
    fn written(self, quiet: bool) -> String {
        if quiet { String::new() } else { self }
    }
}

impl Text for &str {
    fn written(self, quiet: bool) -> String {
        if quiet { String::new() } else { self.into() }
    }
}

impl Text for fmt::Arguments<'_> {
    fn written(self, quiet: bool) -> String {
        if quiet {
            String::new()
        } else {
            fmt::format(self)
        }
    }
}

/// The events an action reports, apart from the state so that a sentence can read the state
/// while it is written: `ctx.log.say(kind, format_args!("{}", ctx.s.name(c)))`.
pub struct Log<K> {
    pub events: Vec<Event<K>>,
    /// A play-out nobody reads (the AI's, `fray sim`'s): the events' sentences are left empty
    /// and their explanations out, and the rolls go without their purpose. A quiet context
    /// spends no time writing any of them: where a ruleset builds an explanation, a sentence or
    /// a roll's purpose in steps of its own, it asks this first.
    pub quiet: bool,
}

impl<K> Log<K> {
    pub fn say(&mut self, kind: K, text: impl Text) {
        let text = text.written(self.quiet);
        self.events.push(Event {
            kind,
            text,
            explanation: None,
        });
    }

    /// An event with the explanation of its roll; a quiet log keeps neither (so a quiet
    /// caller need not build one: see [`Log::quiet`]).
    pub fn explained(&mut self, kind: K, text: impl Text, e: Explanation) {
        let text = text.written(self.quiet);
        self.events.push(Event {
            kind,
            text,
            explanation: (!self.quiet).then(|| Box::new(e)),
        });
    }
}

impl<K: NoteKind> Log<K> {
    pub fn note(&mut self, text: impl Text) {
        self.say(K::note(), text);
    }
}

pub struct Ctx<'a, S, K> {
    pub s: &'a mut S,
    pub dice: &'a mut dyn DiceSource,
    pub log: Log<K>,
}

impl<'a, S, K> Ctx<'a, S, K> {
    pub fn new(s: &'a mut S, dice: &'a mut dyn DiceSource) -> Self {
        Ctx {
            s,
            dice,
            log: Log {
                // Room for an action's usual events from the start, not grown push by push.
                events: Vec::with_capacity(8),
                quiet: false,
            },
        }
    }

    /// A context whose events carry their kinds alone (no sentences, no explanations), written
    /// into `events` (emptied first), a buffer kept from the last action. Its rolls may go
    /// without their purpose: it is for play-outs on seeded dice, which nobody asks.
    pub fn quiet_into(
        s: &'a mut S,
        dice: &'a mut dyn DiceSource,
        mut events: Vec<Event<K>>,
    ) -> Self {
        events.clear();
        Ctx {
            s,
            dice,
            log: Log {
                events,
                quiet: true,
            },
        }
    }

    pub fn say(&mut self, kind: K, text: impl Text) {
        self.log.say(kind, text);
    }

    pub fn explained(&mut self, kind: K, text: impl Text, e: Explanation) {
        self.log.explained(kind, text, e);
    }

    /// Rolls one die: `why` is the roll's purpose ("Aldo's damage"), `rule` the rules-notes
    /// paragraph id it serves ("zones.attacking"), so that a table rolling its own dice is told
    /// both. Every roll of the rules core comes through here or [`dice::roll_for`].
    pub fn roll(&mut self, die: Die, why: &str, rule: &str) -> Result<Rolled, RuleError> {
        Ok(dice::roll_for(self.dice, die, why, rule)?)
    }
}

impl<S, K: NoteKind> Ctx<'_, S, K> {
    pub fn note(&mut self, text: impl Text) {
        self.log.note(text);
    }
}
