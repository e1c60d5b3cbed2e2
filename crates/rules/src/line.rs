//! A sentence as the referee hands it over: which message, and the facts it names (who, where,
//! how many), never its words. The words layer (`fray-words`) writes it in the player's
//! language from its catalogue, so that a replay, a save or a message over the network carries
//! facts, and a play-out nobody reads builds no text.

use std::borrow::Cow;
use std::cell::RefCell;

use serde::{Deserialize, Serialize};

use crate::ids::{CharacterId, FactionId};

/// A message and its values, each under the name the catalogue's message gives it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "Wire", into = "Wire")]
pub struct Line {
    pub id: Cow<'static, str>,
    pub args: Vec<(Cow<'static, str>, Arg)>,
}

/// A line as saved: a line written whole is its bare text, as every line was before lines
/// became messages, so that a state that keeps one (a battle's outcome) hashes as it did and a
/// sealed replay still passes its seal.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum Wire {
    Written(String),
    Message {
        id: Cow<'static, str>,
        args: Vec<(Cow<'static, str>, Arg)>,
    },
}

impl From<Wire> for Line {
    fn from(wire: Wire) -> Line {
        match wire {
            Wire::Written(text) => Line::written(text),
            Wire::Message { id, args } => Line { id, args },
        }
    }
}

thread_local! {
    /// Lines saved as a text given them rather than as their facts, while
    /// [`saved_as_text`] runs.
    static SAVED_AS_TEXT: RefCell<Vec<(Line, String)>> = const { RefCell::new(Vec::new()) };
}

/// Runs `save` with each of `texts`' lines saved as its text, not as its message. A battle's
/// state keeps one line, how the battle ended, which the referee wrote whole in English before
/// its lines became messages; a state hashed with that line as its English (the words layer
/// writes it) hashes as it always did, so that every replay sealed before keeps its seal.
/// Nothing else changes how a line is saved; this holds only on this thread, only while
/// `save` runs.
pub fn saved_as_text<R>(texts: Vec<(Line, String)>, save: impl FnOnce() -> R) -> R {
    /// Puts the texts in force before back, even where `save` panics.
    struct Restore(Vec<(Line, String)>);
    impl Drop for Restore {
        fn drop(&mut self) {
            SAVED_AS_TEXT.set(std::mem::take(&mut self.0));
        }
    }
    let _restore = Restore(SAVED_AS_TEXT.replace(texts));
    save()
}

impl From<Line> for Wire {
    fn from(line: Line) -> Wire {
        let text = SAVED_AS_TEXT.with_borrow(|texts| {
            texts
                .iter()
                .find(|(l, _)| *l == line)
                .map(|(_, text)| text.clone())
        });
        if let Some(text) = text {
            return Wire::Written(text);
        }
        match line.as_written() {
            Some(text) => Wire::Written(text.to_string()),
            None => Wire::Message {
                id: line.id,
                args: line.args,
            },
        }
    }
}

/// A value a message names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Arg {
    /// A character, written as their name.
    Who(CharacterId),
    /// A faction, written as its name.
    Side(FactionId),
    /// A place of the ruleset's map (a zone), written as its name.
    Place(u32),
    /// One of the ruleset's indexed things (an item), written as its name.
    Thing(u32),
    Number(i64),
    /// A keyword the message chooses its words by (a stat, a kind of attack).
    Word(Cow<'static, str>),
    /// A name the scenario's file gives and the state keeps whole (a weapon's, a goal's).
    Name(String),
    Line(Box<Line>),
    /// Lines written one after another, joined as the message's language joins a list.
    Lines(Vec<Line>),
}

impl Line {
    /// The id of a line still written whole by the referee, its text its one value: what the
    /// words layer has not yet taken over.
    pub const WRITTEN: &'static str = "written";

    pub fn new(id: &'static str) -> Line {
        Line {
            id: Cow::Borrowed(id),
            args: Vec::new(),
        }
    }

    /// A line already written.
    pub fn written(text: impl Into<String>) -> Line {
        Line::new(Line::WRITTEN).name("text", text)
    }

    /// The text of a line already written.
    pub fn as_written(&self) -> Option<&str> {
        match (self.id.as_ref(), self.args.as_slice()) {
            (Line::WRITTEN, [(_, Arg::Name(text))]) => Some(text),
            _ => None,
        }
    }

    /// Whether the line says nothing (a written line with no text, or no message).
    pub fn is_empty(&self) -> bool {
        self.id.is_empty() || self.as_written() == Some("")
    }

    pub fn arg(mut self, name: &'static str, value: Arg) -> Line {
        self.args.push((Cow::Borrowed(name), value));
        self
    }

    pub fn who(self, name: &'static str, c: CharacterId) -> Line {
        self.arg(name, Arg::Who(c))
    }

    pub fn side(self, name: &'static str, f: FactionId) -> Line {
        self.arg(name, Arg::Side(f))
    }

    pub fn place(self, name: &'static str, i: impl TryInto<u32>) -> Line {
        let i = i.try_into().unwrap_or(u32::MAX);
        self.arg(name, Arg::Place(i))
    }

    pub fn thing(self, name: &'static str, i: impl TryInto<u32>) -> Line {
        let i = i.try_into().unwrap_or(u32::MAX);
        self.arg(name, Arg::Thing(i))
    }

    pub fn number(self, name: &'static str, n: impl Into<i64>) -> Line {
        self.arg(name, Arg::Number(n.into()))
    }

    pub fn word(self, name: &'static str, word: &'static str) -> Line {
        self.arg(name, Arg::Word(Cow::Borrowed(word)))
    }

    pub fn name(self, name: &'static str, text: impl Into<String>) -> Line {
        self.arg(name, Arg::Name(text.into()))
    }

    pub fn line(self, name: &'static str, line: Line) -> Line {
        self.arg(name, Arg::Line(Box::new(line)))
    }

    pub fn lines(self, name: &'static str, lines: Vec<Line>) -> Line {
        self.arg(name, Arg::Lines(lines))
    }

    /// The line with the battle's ids written as the names `names` gives them, at any depth:
    /// for a message read apart from its battle (a lesson's error about a step).
    pub fn named(self, names: &dyn Named) -> Line {
        let args = self
            .args
            .into_iter()
            .map(|(key, arg)| {
                let arg = match arg {
                    Arg::Who(c) => Arg::Name(names.who(c).to_string()),
                    Arg::Side(f) => Arg::Name(names.side(f).to_string()),
                    Arg::Place(i) => Arg::Name(names.place(i).to_string()),
                    Arg::Thing(i) => Arg::Name(names.thing(i).to_string()),
                    Arg::Line(line) => Arg::Line(Box::new(line.named(names))),
                    Arg::Lines(lines) => {
                        Arg::Lines(lines.into_iter().map(|l| l.named(names)).collect())
                    }
                    other => other,
                };
                (key, arg)
            })
            .collect();
        Line { args, ..self }
    }

    /// The value named `name`, if the line has one.
    pub fn get(&self, name: &str) -> Option<&Arg> {
        self.args.iter().find(|(n, _)| n == name).map(|(_, a)| a)
    }
}

/// A line as a developer reads it, its message id and values (`zones-falls(who: #2)`): a
/// player reads it through `fray-words`, in their language.
impl std::fmt::Display for Line {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(text) = self.as_written() {
            return f.write_str(text);
        }
        f.write_str(&self.id)?;
        for (k, (name, arg)) in self.args.iter().enumerate() {
            f.write_str(if k == 0 { "(" } else { ", " })?;
            write!(f, "{name}: ")?;
            match arg {
                Arg::Who(c) => write!(f, "#{c}")?,
                Arg::Side(s) => write!(f, "side #{s}")?,
                Arg::Place(i) => write!(f, "place #{i}")?,
                Arg::Thing(i) => write!(f, "thing #{i}")?,
                Arg::Number(n) => write!(f, "{n}")?,
                Arg::Word(w) => f.write_str(w)?,
                Arg::Name(text) => write!(f, "{text:?}")?,
                Arg::Line(line) => write!(f, "{line}")?,
                Arg::Lines(lines) => {
                    f.write_str("[")?;
                    for (k, line) in lines.iter().enumerate() {
                        if k > 0 {
                            f.write_str(", ")?;
                        }
                        write!(f, "{line}")?;
                    }
                    f.write_str("]")?;
                }
            }
        }
        if !self.args.is_empty() {
            f.write_str(")")?;
        }
        Ok(())
    }
}

/// What a line's ids stand for in one battle: the names the words layer writes for them.
pub trait Named {
    fn who(&self, c: CharacterId) -> &str;
    fn side(&self, f: FactionId) -> &str;
    fn place(&self, _i: u32) -> &str {
        "?"
    }
    fn thing(&self, _i: u32) -> &str {
        "?"
    }
}

/// Names for a line that names no one: a test's, or a message outside a battle.
pub struct NoNames;

impl Named for NoNames {
    fn who(&self, _c: CharacterId) -> &str {
        "?"
    }
    fn side(&self, _f: FactionId) -> &str {
        "?"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_line_keeps_its_text_and_a_message_has_none() {
        let said = Line::written("Aldo falls.");
        assert_eq!(said.as_written(), Some("Aldo falls."));
        assert!(!said.is_empty());
        assert!(Line::written("").is_empty());
        let message = Line::new("zones-falls").who("who", 2);
        assert_eq!(message.as_written(), None);
        assert_eq!(message.get("who"), Some(&Arg::Who(2)));
        assert_eq!(message.get("whom"), None);
    }

    #[test]
    fn a_written_line_is_saved_as_its_bare_text_and_a_message_as_its_facts() {
        let said = Line::written("Wardens win");
        assert_eq!(serde_json::to_string(&said).unwrap(), r#""Wardens win""#);
        let message = Line::new("zones-falls").who("who", 2).number("left", 3);
        let saved = serde_json::to_string(&message).unwrap();
        assert_eq!(
            saved,
            r#"{"id":"zones-falls","args":[["who",{"Who":2}],["left",{"Number":3}]]}"#
        );
        for line in [said, message] {
            let text = serde_json::to_string(&line).unwrap();
            assert_eq!(serde_json::from_str::<Line>(&text).unwrap(), line);
        }
    }

    #[test]
    fn a_developer_reads_a_line_as_its_id_and_values() {
        let line = Line::new("zones-hits")
            .who("who", 2)
            .number("n", -1)
            .name("weapon", "Spear")
            .line("why", Line::new("zones-cover"));
        assert_eq!(
            line.to_string(),
            r#"zones-hits(who: #2, n: -1, weapon: "Spear", why: zones-cover)"#
        );
        assert_eq!(Line::written("as written").to_string(), "as written");
    }

    #[test]
    fn a_line_given_a_text_is_saved_as_that_text_only_while_it_is_given() {
        let how = Line::new("zones-how-field").side("winner", 1);
        let save = || serde_json::to_string(&how).unwrap();
        let as_facts = save();
        let texts = vec![(how.clone(), "Wardens hold the field".to_string())];
        assert_eq!(saved_as_text(texts, save), r#""Wardens hold the field""#);
        assert_eq!(save(), as_facts);
        let other = Line::new("zones-how-field").side("winner", 0);
        let texts = vec![(how.clone(), "Wardens hold the field".to_string())];
        let saved = saved_as_text(texts, || serde_json::to_string(&other).unwrap());
        assert!(saved.starts_with('{'), "only the line given: {saved}");
    }
}
