//! A roll's explanation written out, piece by piece for the dice panel and whole for the log.

use fray_rules::explain::Explanation;
use fray_rules::line::Named;

use crate::{Value, Words};

/// An explanation's parts in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explained {
    pub what: String,
    /// Each modifier's value and cause.
    pub modifiers: Vec<(i32, String)>,
    pub against: Option<String>,
    pub outcome: String,
}

impl Words {
    pub fn explained(&self, e: &Explanation, names: &dyn Named) -> Explained {
        Explained {
            what: self.line(&e.what, names),
            modifiers: e
                .modifiers
                .iter()
                .map(|m| (m.value, self.line(&m.cause, names)))
                .collect(),
            against: e.against.as_ref().map(|a| self.line(a, names)),
            outcome: self.line(&e.outcome, names),
        }
    }

    /// The explanation on one line, as the log and `fray replay` show it:
    /// `what: [d6=4] +1 cover = 5 vs ≤ 12 — pass [zones.saves]`.
    pub fn explanation(&self, e: &Explanation, names: &dyn Named) -> String {
        let x = self.explained(e, names);
        let dice: Vec<String> = e.dice.iter().map(ToString::to_string).collect();
        let mut out = format!("{}: [{}]", x.what, dice.join(", "));
        if !e.dropped.is_empty() {
            let dropped: Vec<String> = e.dropped.iter().map(ToString::to_string).collect();
            let dropped = Value::Text(dropped.join(", "));
            out.push(' ');
            out.push_str(&self.say_with("roll-dropped", &[("dice", dropped)]));
        }
        for (value, cause) in &x.modifiers {
            out.push_str(&format!(" {value:+} {cause}"));
        }
        out.push_str(&format!(" = {}", e.total));
        if let Some(against) = &x.against {
            out.push(' ');
            let against = Value::Text(against.clone());
            out.push_str(&self.say_with("roll-against", &[("against", against)]));
        }
        out.push_str(&format!(" — {} [{}]", x.outcome, e.rule));
        out
    }

    /// An event as the log keeps it: its line, then its roll's explanation in brackets.
    pub fn event<K>(&self, e: &fray_rules::Event<K>, names: &dyn Named) -> String {
        let mut out = self.line(&e.line, names);
        if let Some(x) = &e.explanation {
            out.push_str("  (");
            out.push_str(&self.explanation(x, names));
            out.push(')');
        }
        out
    }
}

/// The referee's data in English, for tools and tests: `line.english(&state)`.
pub trait InEnglish {
    fn english(&self, names: &dyn Named) -> String;
}

impl InEnglish for fray_rules::Line {
    fn english(&self, names: &dyn Named) -> String {
        crate::english().line(self, names)
    }
}

impl InEnglish for Explanation {
    fn english(&self, names: &dyn Named) -> String {
        crate::english().explanation(self, names)
    }
}

/// A line that may be missing (a roll compared with nothing): nothing to say.
impl<T: InEnglish> InEnglish for Option<T> {
    fn english(&self, names: &dyn Named) -> String {
        self.as_ref().map_or_else(String::new, |t| t.english(names))
    }
}

impl<K> InEnglish for fray_rules::Event<K> {
    fn english(&self, names: &dyn Named) -> String {
        crate::english().event(self, names)
    }
}

/// The referee's data in English with no battle's names at hand (a name shows as "?"): for
/// tests of lines that name no one.
pub trait Said {
    fn said(&self) -> String;
}

impl<T: InEnglish> Said for T {
    fn said(&self) -> String {
        self.english(&fray_rules::line::NoNames)
    }
}
