//! A scenario's checks: each ruleset declares its lists and what they hold ([`Checks`]: a
//! list's limits, the names that tell its records apart, the fields that name a record of
//! another list, the lists that hold each thing once), the one engine here runs them, and the
//! checks particular to a ruleset's rules are its own small functions. Every mistake is
//! reported at the line of the value it is about, taken from where the value stands in the
//! file read as a [tree](tree::Node) of values, by its [`Path`] from the ruleset's record.

mod declare;
pub mod names;
#[cfg(test)]
mod tests;
pub mod tree;

use std::cell::OnceCell;

pub use declare::{Checks, Known, Limit, Names, Once, Refer, Say};
pub use tree::{Path, Step};

use fray_rules::line::Line;

use super::error::{DataError, DataErrors, some_of};

/// The mistakes found in one file, each at the line of the value at its path. The file is read
/// as a tree once, when the first mistake is reported: a file without one costs nothing more,
/// and each further one costs a walk down its path (a file of 60,000 mistakes is checked in
/// well under a second).
pub struct Report<'a> {
    pub file: &'a str,
    src: &'a str,
    pub errors: Vec<DataError>,
    /// Where paths start: the ruleset's record (`rules: Zones((..))`), or the file's top.
    base: &'static [Step<'static>],
    tree: OnceCell<Option<tree::Node>>,
}

impl<'a> Report<'a> {
    /// The report of a scenario's ruleset part: paths start at its record, `rules:`.
    pub fn new(file: &'a str, src: &'a str) -> Self {
        Self::from(file, src, &[Step::Field("rules")])
    }

    /// The report of a file whose paths start at its top.
    pub fn whole(file: &'a str, src: &'a str) -> Self {
        Self::from(file, src, &[])
    }

    fn from(file: &'a str, src: &'a str, base: &'static [Step<'static>]) -> Self {
        Report {
            file,
            src,
            errors: Vec::new(),
            base,
            tree: OnceCell::new(),
        }
    }

    /// The line of the value at `path`.
    pub fn line(&self, path: &[Step]) -> usize {
        let tree = self.tree.get_or_init(|| tree::Node::read(self.src));
        match tree {
            Some(tree) => {
                let mut full: Vec<Step> = self.base.to_vec();
                full.extend_from_slice(path);
                tree.line(&full)
            }
            None => 1,
        }
    }

    /// A mistake at the line of the value at `path`.
    pub fn at(&mut self, path: &[Step], message: Line) {
        let line = self.line(path);
        self.errors.push(DataError::new(self.file, line, message));
    }

    /// The mistakes, in the order of their lines (those of one line in the order found).
    pub fn finish(mut self) -> Result<(), DataErrors> {
        if self.errors.is_empty() {
            Ok(())
        } else {
            self.errors.sort_by_key(|e| e.line);
            Err(DataErrors(self.errors))
        }
    }
}

/// `path` and then `more`: `join(&character, &[Field("hands")])`.
pub fn join<'a>(path: &[Step<'a>], more: &[Step<'a>]) -> Path<'a> {
    let mut out = Vec::with_capacity(path.len() + more.len());
    out.extend_from_slice(path);
    out.extend_from_slice(more);
    out
}

/// A character's `icon:`, if it names one: a portrait of the art (`portrait.goblin`), else an
/// error at its line listing the portraits there are. `at` is the character's path.
pub fn icon(r: &mut Report, at: &[Step], who: Line, icon: &Option<String>) {
    if let Some(key) = icon
        && !crate::art::is_portrait(key)
    {
        let known: Vec<&str> = crate::art::Atlas::get().portraits().collect();
        r.at(
            &join(at, &[Step::Field("icon")]),
            Line::new("data-no-portrait")
                .line("who", who)
                .name("icon", key.clone())
                .line("known", some_of(&known)),
        );
    }
}
