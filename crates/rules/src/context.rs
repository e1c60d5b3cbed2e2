//! One action being applied, for any ruleset: the state it changes, the dice it rolls and the
//! events it reports. Each ruleset names its own `Ctx` from this and adds what only it needs.
use super::battle::{Event, RuleError};
use super::dice::{self, DiceSource, Die, Rolled};
use super::explain::Explanation;
use super::line::Line;

/// Which remark a ruleset's note is (its `Noted`), made into the note's event kind, about
/// someone or about the battle as a whole.
pub trait Remark: Sized {
    type Kind;

    fn note(self, about: Option<crate::CharacterId>) -> Self::Kind;

    /// This note, about `who`.
    fn about(self, who: crate::CharacterId) -> Self::Kind {
        self.note(Some(who))
    }

    /// This note, about the battle rather than anyone in it.
    fn aside(self) -> Self::Kind {
        self.note(None)
    }
}

/// An event's line as a call site hands it over: built already, or still to be built
/// ([`later`]), which a quiet context never builds.
pub trait Text {
    fn written(self) -> Line;
}

impl Text for Line {
    fn written(self) -> Line {
        self
    }
}

/// A line built only when a log keeps it, as formatting arguments were written only then: a
/// quiet play-out (`Log::quiet`) never calls `F`, so it builds no `Line` (whose values
/// allocate). `ctx.say(kind, later(move || Line::new(..).who("who", c)))`.
pub struct Later<F>(F);

/// The line `build` makes, once a log that keeps it asks.
pub fn later<F: FnOnce() -> Line>(build: F) -> Later<F> {
    Later(build)
}

impl<F: FnOnce() -> Line> Text for Later<F> {
    fn written(self) -> Line {
        (self.0)()
    }
}

/// The events an action reports, apart from the state so that a line can read the state
/// while it is built: `ctx.log.say(kind, later(|| Line::new("..").who("who", c)))`.
pub struct Log<K> {
    pub events: Vec<Event<K>>,
    /// A play-out nobody reads (the AI's, `fray sim`'s): no event is kept. The rules never ask
    /// which log they write to: they hand it what they would tell as closures ([`later`],
    /// [`Log::tell`], [`Log::explain`], [`Log::line`]), and a log that keeps nothing calls none.
    quiet: bool,
}

impl<K> Log<K> {
    pub fn say(&mut self, kind: K, text: impl Text) {
        if self.quiet {
            return;
        }
        self.events.push(Event {
            kind,
            line: text.written(),
            explanation: None,
        });
    }

    /// An event whose kind or line costs work a kept log alone wants (a search for the metres
    /// of a move), `build` making both only there.
    pub fn tell(&mut self, build: impl FnOnce() -> (K, Line)) {
        if self.quiet {
            return;
        }
        let (kind, line) = build();
        self.say(kind, line);
    }

    /// A line only a kept log reads (an explanation's part): `build`'s, or an empty line,
    /// which costs nothing, in a quiet log.
    pub fn line(&self, build: impl FnOnce() -> Line) -> Line {
        if self.quiet { Line::default() } else { build() }
    }

    /// An event with the explanation of its roll, `build` making all three only where the log
    /// keeps them: the rule says what it would tell, and a quiet play-out never asks.
    pub fn explain(&mut self, build: impl FnOnce() -> (K, Line, Explanation)) {
        if self.quiet {
            return;
        }
        let (kind, line, e) = build();
        self.events.push(Event {
            kind,
            line,
            explanation: Some(Box::new(e)),
        });
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

    /// A context that reports nothing (see [`Log::quiet`]).
    pub fn quiet(s: &'a mut S, dice: &'a mut dyn DiceSource) -> Self {
        Ctx {
            s,
            dice,
            log: Log {
                events: Vec::new(),
                quiet: true,
            },
        }
    }

    pub fn say(&mut self, kind: K, text: impl Text) {
        self.log.say(kind, text);
    }

    /// Rolls one die: `why` is the roll's purpose (`zones-roll-damage`, who: Aldo), `rule` the rules-notes
    /// paragraph id it serves ("zones.attacking"), so that a table rolling its own dice is told
    /// both. Every roll of the rules core comes through here or [`dice::roll_for`].
    pub fn roll(&mut self, die: Die, why: &Line, rule: &str) -> Result<Rolled, RuleError> {
        Ok(dice::roll_for(self.dice, die, why, rule)?)
    }
}
