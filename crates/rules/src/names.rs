//! What the numbers in an action or an event stand for, so that a replay file may write a
//! character, zone or item by its name and a record may print it by name.

use serde::{Deserialize, Serialize};

use crate::line::Line;

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

/// A character as a record shows it after an event: what it counts (health; endurance;
/// wounds and fatigue, each by its id) and the conditions it is in, as lines.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Condition {
    pub name: String,
    /// Where it stands: a zone, a square, a side.
    pub at: Line,
    pub counts: std::collections::BTreeMap<String, i32>,
    pub conditions: Vec<Line>,
}

impl Condition {
    pub fn new(name: &str, at: Line, counts: &[(&str, i32)], conditions: Vec<Line>) -> Self {
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
    }
}
