//! Which paragraphs of a ruleset's rules notes the lessons teach: every one, when a course is
//! whole.

use serde::Serialize;

use crate::rules::notes;
use crate::rulesets::Game;
use crate::scenario::DataErrors;

use super::{LessonVisit, Loaded};

/// One ruleset's course against its rules notes.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Coverage {
    pub paragraphs: usize,
    pub taught: usize,
    /// The paragraph ids no lesson step names, in the notes' order.
    pub untaught: Vec<String>,
}

/// The ruleset of each built-in lesson, and the paragraphs its steps name.
struct Taught;

impl LessonVisit for Taught {
    type Out = (&'static str, Vec<String>);
    fn visit<G: Game>(self, l: Loaded<G>) -> Self::Out {
        let rules = l
            .lesson
            .steps
            .iter()
            .flat_map(|s| s.rules.iter().cloned())
            .collect();
        (G::ID, rules)
    }
}

/// The course of `ruleset` against its rules notes. A lesson that cannot be read is an error:
/// it teaches nothing.
pub fn coverage(ruleset: &str) -> Result<Coverage, DataErrors> {
    let mut named = Vec::new();
    for (id, _) in super::BUILTIN
        .iter()
        .filter(|(id, _)| id.split('/').next() == Some(ruleset))
    {
        let (_, rules) = super::load(id, Taught)?;
        named.extend(rules);
    }
    let ids = notes::notes(ruleset)
        .map(notes::paragraph_ids)
        .unwrap_or_default();
    let untaught: Vec<String> = ids
        .iter()
        .filter(|id| !named.iter().any(|n| n == *id))
        .map(|id| id.to_string())
        .collect();
    Ok(Coverage {
        paragraphs: ids.len(),
        taught: ids.len() - untaught.len(),
        untaught,
    })
}
