//! Finding a record of a data file by where it stands (the second faction's third character)
//! rather than by a name it holds: a name may be written twice, come after the field that is
//! wrong, or be spelt with an escape, and a record's place does none of these.

use std::collections::HashMap;
use std::ops::Range;

use crate::scenario::tokens::{Tok, Token, tokens};

/// One step from a record to what it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// The field of this name, the shallowest one in the record: `factions` from the top finds
    /// a Zones scenario's list inside `rules: Zones((…))`.
    Field(&'static str),
    /// The element of the list the record holds, from 0.
    Nth(usize),
}

/// The records of one text, each path's found once: a file of thousands of mistakes asks for
/// the same factions and lists again and again.
pub struct Paths {
    toks: Vec<Tok>,
    /// Each path asked for, as the tokens of the record found (as far as it was found).
    found: HashMap<Vec<Step>, Range<usize>>,
    /// Each list's elements, by its opening bracket.
    elements: HashMap<usize, Vec<Range<usize>>>,
}

impl Paths {
    pub fn new(src: &str) -> Paths {
        Paths {
            toks: tokens(src),
            found: HashMap::new(),
            elements: HashMap::new(),
        }
    }

    /// Where the record at `path` lies in the text, in bytes; where a step finds nothing, the
    /// record of the steps before it.
    pub fn span(&mut self, path: &[Step]) -> Range<usize> {
        let r = self.resolve(path);
        match (
            self.toks.get(r.start),
            r.end.checked_sub(1).and_then(|e| self.toks.get(e)),
        ) {
            (Some(first), Some(last)) if r.start < r.end => first.span.start..last.span.end,
            _ => 0..0,
        }
    }

    fn resolve(&mut self, path: &[Step]) -> Range<usize> {
        let Some((&step, before)) = path.split_last() else {
            return 0..self.toks.len();
        };
        if let Some(r) = self.found.get(path) {
            return r.clone();
        }
        let outer = self.resolve(before);
        let inner = match step {
            Step::Field(name) => self.field(outer.clone(), name),
            Step::Nth(n) => self.nth(outer.clone(), n),
        };
        let r = inner.unwrap_or(outer);
        self.found.insert(path.to_vec(), r.clone());
        r
    }

    /// The shallowest `name:` in `within`, from its name to the end of its value.
    fn field(&self, within: Range<usize>, name: &str) -> Option<Range<usize>> {
        let t = &self.toks;
        let mut best: Option<usize> = None;
        for i in within.start..within.end.saturating_sub(1) {
            let named = matches!(&t[i].token, Token::Word(w) | Token::Str(w) if w == name);
            if named
                && t[i + 1].token == Token::Colon
                && best.is_none_or(|b| t[i].depth < t[b].depth)
            {
                best = Some(i);
            }
        }
        let key = best?;
        let depth = t[key].depth;
        let end = (key + 2..within.end)
            .find(|&j| t[j].depth < depth || (t[j].depth == depth && t[j].token == Token::Comma))
            .unwrap_or(within.end);
        Some(key..end)
    }

    /// The `n`-th element of the first list (or tuple, or map) in `within`.
    fn nth(&mut self, within: Range<usize>, n: usize) -> Option<Range<usize>> {
        let open = (within.clone()).find(|&i| matches!(self.toks[i].token, Token::Open(_)))?;
        if !self.elements.contains_key(&open) {
            let list = self.list(open, within.end);
            self.elements.insert(open, list);
        }
        self.elements.get(&open)?.get(n).cloned()
    }

    fn list(&self, open: usize, end: usize) -> Vec<Range<usize>> {
        let t = &self.toks;
        let depth = t[open].depth + 1;
        let mut out = Vec::new();
        let mut start = open + 1;
        for (k, tok) in t.iter().enumerate().take(end).skip(open + 1) {
            let closes = tok.depth < depth;
            if closes || (tok.depth == depth && tok.token == Token::Comma) {
                if start < k {
                    out.push(start..k);
                }
                start = k + 1;
                if closes {
                    break;
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::Step::{Field, Nth};
    use super::*;

    const SRC: &str = "Scenario(\n  name: \"factions\",\n  rules: Zones((\n    factions: [\n      (name: \"A\", characters: [\n        (name: \"X\"),\n        (\n          agi: 3,\n          name: \"X\",\n        ),\n      ]),\n      (name: \"B\", characters: []),\n    ],\n  )),\n)\n";

    fn line(p: &mut Paths, path: &[Step]) -> usize {
        let at = p.span(path).start;
        SRC[..at].matches('\n').count() + 1
    }

    /// A record is found by its place, whatever it is called and however its fields are
    /// ordered; a step that finds nothing stays at the record before it.
    #[test]
    fn a_path_finds_each_record_by_its_place() {
        let mut p = Paths::new(SRC);
        let second = [Field("factions"), Nth(0), Field("characters"), Nth(1)];
        assert_eq!(line(&mut p, &second[..2]), 5);
        assert_eq!(line(&mut p, &second), 7);
        assert_eq!(line(&mut p, &[&second[..], &[Field("name")]].concat()), 9);
        assert_eq!(line(&mut p, &[&second[..], &[Field("agi")]].concat()), 8);
        assert_eq!(line(&mut p, &[&second[..], &[Field("wit")]].concat()), 7);
        assert_eq!(
            line(&mut p, &[Field("factions"), Nth(1), Field("name")]),
            12
        );
        assert_eq!(line(&mut p, &[Field("factions"), Nth(7)]), 4);
    }
}
