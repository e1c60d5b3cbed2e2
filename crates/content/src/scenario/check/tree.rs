//! A data file read as a tree of values, each with the line it was written on: what a check's
//! error is placed by. It reads the tokens of [`tokens`](crate::scenario::tokens) into
//! records, lists, maps and named values, as RON writes them, without any type; the file has
//! already been read as its type, so its shape is known to be sound.

use std::collections::HashMap;

use crate::scenario::tokens::{Tok, Token, tokens};

/// One step from a value to a value it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step<'a> {
    /// A record's field, or a map's entry, by its name: the line of its name.
    Field(&'a str),
    /// The element of a list, from 0.
    Nth(usize),
}

/// Where a value stands, from the ruleset's record: `[Field("factions"), Nth(1)]` is the
/// second faction.
pub type Path<'a> = Vec<Step<'a>>;

/// A value of the file and the line it starts on.
#[derive(Debug)]
pub struct Node {
    pub line: usize,
    pub value: Value,
}

#[derive(Debug)]
pub enum Value {
    /// A record `(name: .., zone: ..)` or a map `{"Spear": ..}`: its entries with the line of
    /// each one's name, and, for a long one, where each name stands.
    Fields(Vec<(String, usize, Node)>, Option<HashMap<String, usize>>),
    /// A list `[..]` or a tuple `(3, 4)`.
    List(Vec<Node>),
    /// A value named by a word: `Zones((..))`, `Some("Mail")`, `Passage("A", "B")`. What it
    /// holds is its one value, or all of them as a list.
    Named(String, Box<Node>),
    /// A string, a number or a word.
    Leaf,
}

/// Entries over which a record's names are looked up by an index rather than one by one.
const INDEXED: usize = 16;

impl Node {
    /// The whole text as a tree; `None` for a text with no value in it.
    pub fn read(src: &str) -> Option<Node> {
        let toks = tokens(src);
        let mut at = 0;
        value(&toks, &mut at)
    }

    /// What `step` leads to from here, looking through a named value (`Zones(..)`,
    /// `Some(..)`) to what it holds.
    pub fn step(&self, step: Step) -> Option<&Node> {
        match (&self.value, step) {
            (Value::Named(_, inner), _) => inner.step(step),
            (Value::Fields(fields, index), Step::Field(name)) => match index {
                Some(index) => index.get(name).map(|&i| &fields[i].2),
                None => fields.iter().find(|f| f.0 == name).map(|f| &f.2),
            },
            (Value::List(items), Step::Nth(n)) => items.get(n),
            _ => None,
        }
    }

    /// The line of the value at `path`: a field's is the line of its name. Where a step finds
    /// nothing (a field left out), the line of the value before it.
    pub fn line(&self, path: &[Step]) -> usize {
        let mut node = self;
        let mut line = self.line;
        for &step in path {
            let Some(next) = node.step(step) else {
                break;
            };
            line = match (step, &node.value) {
                (Step::Field(name), _) => field_line(node, name).unwrap_or(next.line),
                _ => next.line,
            };
            node = next;
        }
        line
    }
}

/// The line a field's name is written on.
fn field_line(node: &Node, name: &str) -> Option<usize> {
    match &node.value {
        Value::Named(_, inner) => field_line(inner, name),
        Value::Fields(fields, Some(index)) => index.get(name).map(|&i| fields[i].1),
        Value::Fields(fields, None) => fields.iter().find(|f| f.0 == name).map(|f| f.1),
        _ => None,
    }
}

/// The value starting at `toks[*at]`, reading past it.
fn value(toks: &[Tok], at: &mut usize) -> Option<Node> {
    let first = toks.get(*at)?;
    let line = first.line;
    *at += 1;
    let value = match &first.token {
        Token::Open(_) => group(toks, at, first.depth),
        Token::Word(w) if matches!(toks.get(*at), Some(t) if matches!(t.token, Token::Open(_))) => {
            let inner = value(toks, at)?;
            let inner = match inner.value {
                // `Some(x)`, `Trap("Pit")`: the one value it holds.
                Value::List(mut items) if items.len() == 1 => items.pop()?,
                value => Node { value, ..inner },
            };
            Value::Named(w.clone(), Box::new(inner))
        }
        _ => Value::Leaf,
    };
    Some(Node { line, value })
}

/// What stands between an opening bracket (read) and its closing one, reading past that.
fn group(toks: &[Tok], at: &mut usize, depth: usize) -> Value {
    let mut items = Vec::new();
    let mut fields = Vec::new();
    while let Some(t) = toks.get(*at) {
        match &t.token {
            Token::Close if t.depth <= depth => {
                *at += 1;
                break;
            }
            Token::Comma | Token::Close | Token::Colon | Token::Other => *at += 1,
            Token::Word(name) | Token::Str(name)
                if toks.get(*at + 1).is_some_and(|n| n.token == Token::Colon) =>
            {
                let (name, line) = (name.clone(), t.line);
                *at += 2;
                if let Some(v) = value(toks, at) {
                    fields.push((name, line, v));
                }
            }
            _ => match value(toks, at) {
                Some(v) => items.push(v),
                None => break,
            },
        }
    }
    if fields.is_empty() {
        return Value::List(items);
    }
    let index = (fields.len() > INDEXED).then(|| {
        let mut index = HashMap::with_capacity(fields.len());
        for (i, (name, _, _)) in fields.iter().enumerate() {
            index.entry(name.clone()).or_insert(i);
        }
        index
    });
    Value::Fields(fields, index)
}

#[cfg(test)]
mod tests {
    use super::Step::{Field, Nth};
    use super::*;

    const SRC: &str = "Scenario(\n  name: \"factions\", // a comment: (\n  rules: Zones((\n    factions: [\n      (name: \"A\", characters: [\n        (name: \"X\"),\n        (\n          agi: 3,\n          name: \"X\",\n          armour: Some(\"Mail\"),\n        ),\n      ]),\n      (name: \"B\", characters: []),\n    ],\n    gear: {\n      \"Spear\": Weapon((damage: 6)),\n      \"Net\": Trinket,\n    },\n    fixtures: [(name: \"Door\", effect: Passage(\"Bank\",\n      \"Ford\"))],\n  )),\n)\n";

    fn line(path: &[Step]) -> usize {
        let tree = Node::read(SRC).unwrap();
        let rules = [Field("rules")];
        tree.line(&[&rules[..], path].concat())
    }

    /// A value is found by its place, whatever it is called and however its fields are
    /// ordered; a step that finds nothing stays at the value before it.
    #[test]
    fn a_path_finds_each_value_at_its_line() {
        let second = [Field("factions"), Nth(0), Field("characters"), Nth(1)];
        assert_eq!(line(&second[..2]), 5);
        assert_eq!(line(&second), 7);
        assert_eq!(line(&[&second[..], &[Field("name")]].concat()), 9);
        assert_eq!(line(&[&second[..], &[Field("agi")]].concat()), 8);
        assert_eq!(line(&[&second[..], &[Field("wit")]].concat()), 7);
        assert_eq!(line(&[&second[..], &[Field("armour")]].concat()), 10);
        assert_eq!(line(&[Field("factions"), Nth(1), Field("name")]), 13);
        assert_eq!(line(&[Field("factions"), Nth(7)]), 4);
        assert_eq!(line(&[Field("gear"), Field("Net")]), 17);
        assert_eq!(line(&[Field("gear"), Field("Spear"), Field("damage")]), 16);
        let passage = [Field("fixtures"), Nth(0), Field("effect")];
        assert_eq!(line(&[&passage[..], &[Nth(1)]].concat()), 20);
        assert_eq!(line(&[&passage[..], &[Nth(0)]].concat()), 19);
        assert_eq!(line(&[]), 3);
        assert_eq!(Node::read(SRC).unwrap().line(&[Field("name")]), 2);
    }

    /// A long map is looked up by an index, at the same lines.
    #[test]
    fn a_long_map_finds_its_entries() {
        let entries: Vec<String> = (0..100).map(|i| format!("\"G{i}\": Trinket,")).collect();
        let src = format!("(gear: {{\n{}\n}})", entries.join("\n"));
        let tree = Node::read(&src).unwrap();
        assert_eq!(tree.line(&[Field("gear"), Field("G0")]), 2);
        assert_eq!(tree.line(&[Field("gear"), Field("G99")]), 101);
        assert_eq!(tree.line(&[Field("gear"), Field("G100")]), 1);
    }
}
