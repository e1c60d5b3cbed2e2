//! The checks a ruleset declares of its lists, and the engine that runs them. What each
//! message says is the ruleset's; where it is said, and when, is the engine's.

use std::collections::HashMap;

use fray_rules::line::Line;

use super::{Path, Report, names};

/// A message about a record, given its place in its declaration and its name.
pub type Say<'a> = Box<dyn Fn(usize, &str) -> Line + 'a>;

/// A list's bounds: at most `max` elements (said as `{label}: {len}, over the limit of
/// {max}`), and, with `least`, at least so many (said in the words given).
pub struct Limit<'a> {
    pub at: Path<'a>,
    pub label: Line,
    pub len: usize,
    pub max: usize,
    pub least: Option<(usize, Line)>,
}

/// The names that tell the records of a kind apart (`zone`): each at the path of its name.
/// Each is checked as declared: not blank, not holding a character nobody can see (the
/// message naming the record as `visible`), not the name of an earlier record of the kind (a
/// blank one is not looked at again). The names are then known for [`Refer`], each by its
/// record's place, with `also` known beside them (the standard gear).
pub struct Names<'a> {
    pub kind: &'static str,
    pub records: Vec<(Path<'a>, &'a str)>,
    pub blank: Option<Say<'a>>,
    pub visible: Option<&'static str>,
    pub twice: Option<Say<'a>>,
    pub also: Vec<&'a str>,
}

/// A field that must name a record of a kind, with what is said where none is called that.
pub struct Refer<'a> {
    pub at: Path<'a>,
    pub name: &'a str,
    pub kind: &'static str,
    pub missing: Box<dyn Fn() -> Line + 'a>,
}

/// A list that holds each thing once: each written again is said at its own place (the list's
/// path and its place in it).
pub struct Once<'a> {
    pub at: Path<'a>,
    pub items: Vec<&'a str>,
    pub twice: Say<'a>,
}

/// Every check a ruleset declares of a scenario, run in this order: limits, names,
/// references, lists of things once each.
#[derive(Default)]
pub struct Checks<'a> {
    pub limits: Vec<Limit<'a>>,
    pub names: Vec<Names<'a>>,
    pub refers: Vec<Refer<'a>>,
    pub once: Vec<Once<'a>>,
}

/// The names of each kind declared, with each one's record by its place.
#[derive(Default)]
pub struct Known<'a>(HashMap<&'static str, HashMap<&'a str, usize>>);

impl<'a> Known<'a> {
    /// The place of the record of `kind` called `name`.
    pub fn get(&self, kind: &str, name: &str) -> Option<usize> {
        self.0.get(kind)?.get(name).copied()
    }
}

impl<'a> Checks<'a> {
    pub fn limit(&mut self, at: Path<'a>, label: Line, len: usize, max: usize) {
        self.limits.push(Limit {
            at,
            label,
            len,
            max,
            least: None,
        });
    }

    pub fn refer(
        &mut self,
        at: Path<'a>,
        name: &'a str,
        kind: &'static str,
        missing: impl Fn() -> Line + 'a,
    ) {
        self.refers.push(Refer {
            at,
            name,
            kind,
            missing: Box::new(missing),
        });
    }

    /// Runs every check declared, reporting each mistake at its line, and gives the names
    /// known.
    pub fn run(self, r: &mut Report) -> Known<'a> {
        self.run_on(r, Known::default())
    }

    /// [`Checks::run`], knowing the names `known` of an earlier run as well.
    pub fn run_on(self, r: &mut Report, mut known: Known<'a>) -> Known<'a> {
        for l in &self.limits {
            limit(r, l);
        }
        for n in &self.names {
            let index = known.0.entry(n.kind).or_default();
            named(r, n, index);
        }
        for f in &self.refers {
            if known.get(f.kind, f.name).is_none() {
                r.at(&f.at, (f.missing)());
            }
        }
        for o in &self.once {
            once(r, o);
        }
        known
    }
}

/// Whether a list is within its limit; said at its line where it is not.
pub fn limit(r: &mut Report, l: &Limit) -> bool {
    if l.len > l.max {
        let message = Line::new("data-over-limit")
            .line("what", l.label.clone())
            .number("count", l.len as i64)
            .number("most", l.max as i64);
        r.at(&l.at, message);
        return false;
    }
    match &l.least {
        Some((least, message)) if l.len < *least => {
            r.at(&l.at, message.clone());
            false
        }
        _ => true,
    }
}

fn named<'a>(r: &mut Report, n: &Names<'a>, index: &mut HashMap<&'a str, usize>) {
    for (k, (at, name)) in n.records.iter().enumerate() {
        let blank = name.trim().is_empty();
        if let Some(say) = n.blank.as_ref().filter(|_| blank) {
            r.at(at, say(k, name));
        }
        if let Some(what) = n.visible {
            names::check(r, at, what, name);
        }
        let earlier = index.insert(name, k).is_some();
        if let Some(say) = n.twice.as_ref().filter(|_| earlier && !blank) {
            r.at(at, say(k, name));
        }
    }
    for (k, name) in n.also.iter().enumerate() {
        index.entry(name).or_insert(n.records.len() + k);
    }
}

fn once(r: &mut Report, o: &Once) {
    let mut seen = std::collections::HashSet::new();
    for (k, item) in o.items.iter().enumerate() {
        if !seen.insert(*item) {
            let mut at = o.at.clone();
            at.push(super::Step::Nth(k));
            r.at(&at, (o.twice)(k, item));
        }
    }
}
