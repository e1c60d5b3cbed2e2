//! What the numbers in an action or an event stand for, so that a replay file may write a
//! character, zone or item by its name and a record may print it by name.

use serde::{Deserialize, Serialize};

/// A kind of thing actions and events index by number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Indexed {
    Character,
    Faction,
    Zone,
    Item,
    Fixture,
    Task,
}

impl Indexed {
    pub fn noun(self) -> &'static str {
        match self {
            Indexed::Character => "character",
            Indexed::Faction => "faction",
            Indexed::Zone => "zone",
            Indexed::Item => "item",
            Indexed::Fixture => "fixture",
            Indexed::Task => "task",
        }
    }
}

/// A character as a record shows it after an event: what it counts (health; endurance;
/// wounds and fatigue) and the conditions it is in, in words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Condition {
    pub name: String,
    /// Where it stands: a zone's name, or a square.
    pub at: String,
    pub counts: std::collections::BTreeMap<String, i32>,
    pub conditions: Vec<String>,
}

impl Condition {
    pub fn new(name: &str, at: String, counts: &[(&str, i32)], conditions: Vec<String>) -> Self {
        Condition {
            name: name.to_string(),
            at,
            counts: counts.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
            conditions,
        }
    }
}

/// The names of a battle's things, each kind in index order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Names(Vec<(Indexed, Vec<String>)>);

impl Names {
    pub fn with(mut self, kind: Indexed, names: impl IntoIterator<Item = String>) -> Names {
        self.0.push((kind, names.into_iter().collect()));
        self
    }

    pub fn list(&self, kind: Indexed) -> &[String] {
        self.0
            .iter()
            .find(|(k, _)| *k == kind)
            .map_or(&[], |(_, l)| l.as_slice())
    }

    /// How a record writes thing `i`: its name where that tells it apart, else its name and
    /// number (`Dagger #4`); None where there is no such thing.
    pub fn name(&self, kind: Indexed, i: usize) -> Option<String> {
        let list = self.list(kind);
        let name = list.get(i)?;
        if list.iter().filter(|n| *n == name).count() == 1 {
            Some(name.clone())
        } else {
            Some(format!("{name} #{i}"))
        }
    }

    /// The number a written name stands for: a name that tells one thing apart, or a name and
    /// number as [`Names::name`] writes it. The error says why, for a reader of the file.
    pub fn number(&self, kind: Indexed, written: &str) -> Result<usize, String> {
        let list = self.list(kind);
        let noun = kind.noun();
        if let Some((name, n)) = written.rsplit_once(" #")
            && let Ok(i) = n.trim().parse::<usize>()
        {
            return match list.get(i) {
                Some(found) if found == name => Ok(i),
                Some(found) => Err(format!("{noun} {i} is \"{found}\", not \"{name}\"")),
                None => Err(format!("there is no {noun} {i} (there are {})", list.len())),
            };
        }
        let found: Vec<usize> = (0..list.len()).filter(|&i| list[i] == written).collect();
        match found.as_slice() {
            [i] => Ok(*i),
            [] => Err(format!(
                "no {noun} is named \"{written}\" (the {noun}s: {})",
                quoted(list)
            )),
            many => Err(format!(
                "\"{written}\" names {} {noun}s; write which, as {}",
                many.len(),
                many.iter()
                    .map(|i| format!("\"{written} #{i}\""))
                    .collect::<Vec<_>>()
                    .join(" or ")
            )),
        }
    }
}

fn quoted(list: &[String]) -> String {
    if list.is_empty() {
        return "none".into();
    }
    let mut names: Vec<String> = list.iter().map(|n| format!("\"{n}\"")).collect();
    names.dedup();
    some_of(&names)
}

/// How many known names a message lists (the items, the teams, the places): enough to spot a
/// misspelling among, not a whole catalogue repeated in every message.
pub const MAX_LISTED: usize = 8;

/// A few names of a list, joined by `, `: the first [`MAX_LISTED`], then how many more.
pub fn some_of<S: AsRef<str>>(names: &[S]) -> String {
    let more;
    let mut out: Vec<&str> = names.iter().take(MAX_LISTED).map(AsRef::as_ref).collect();
    if names.len() > MAX_LISTED {
        more = format!("and {} more", names.len() - MAX_LISTED);
        out.push(&more);
    }
    out.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items() -> Names {
        Names::default().with(
            Indexed::Item,
            ["Spear", "Dagger", "Dagger"].map(String::from),
        )
    }

    #[test]
    fn a_name_that_tells_one_thing_apart_is_written_bare_else_with_its_number() {
        let n = items();
        assert_eq!(n.name(Indexed::Item, 0).as_deref(), Some("Spear"));
        assert_eq!(n.name(Indexed::Item, 2).as_deref(), Some("Dagger #2"));
        assert_eq!(n.name(Indexed::Item, 3), None);
        assert_eq!(n.name(Indexed::Zone, 0), None);
        for i in 0..3 {
            assert_eq!(
                n.number(Indexed::Item, &n.name(Indexed::Item, i).unwrap()),
                Ok(i)
            );
        }
    }

    #[test]
    fn a_name_that_fits_none_or_several_is_refused_saying_which_would_do() {
        let n = items();
        let none = n.number(Indexed::Item, "Axe").unwrap_err();
        assert!(none.contains("no item is named \"Axe\""), "{none}");
        assert!(none.contains("\"Spear\", \"Dagger\""), "{none}");
        let two = n.number(Indexed::Item, "Dagger").unwrap_err();
        assert!(two.contains("\"Dagger #1\" or \"Dagger #2\""), "{two}");
        let wrong = n.number(Indexed::Item, "Spear #1").unwrap_err();
        assert!(wrong.contains("item 1 is \"Dagger\""), "{wrong}");
    }
}
