//! Names in place of numbers: a replay file may write `Activate("Boudica")` for
//! `Activate(3)`, `fray record` writes names where it can, and `fray replay --json` prints
//! every character, zone and item of an event by name. What a number indexes is the ruleset's
//! to say ([`Ruleset::indexes`]), from the variant and field names around it.

use crate::rules::Ruleset;
use crate::rules::names::{Indexed, Names};
use crate::scenario::error::some_of;
use crate::scenario::{DataError, DataErrors};
use fray_rules::line::Line;

use super::tokens::{Tok, Token, labelled_values, top_level_list};

/// `src` with every name written in its actions replaced by the number it stands for, on the
/// same line, so that the replay then reads as its types want. A name that fits nothing, or
/// fits several things, is an error at its line.
pub fn to_numbers<G: Ruleset>(file: &str, src: &str, names: &Names) -> Result<String, DataErrors> {
    numbered(
        file,
        src,
        indexed::<G>(src, |t| matches!(t, Token::Str(_))),
        names,
    )
}

/// `src` with each of `found`, a name written in quotes, replaced by the number of what it
/// names; each name that fits nothing, or several things, an error at its line.
fn numbered(
    file: &str,
    src: &str,
    found: Vec<(Tok, Indexed)>,
    names: &Names,
) -> Result<String, DataErrors> {
    let mut out = src.to_string();
    let mut errors = Vec::new();
    for (t, kind) in found.into_iter().rev() {
        let Token::Str(written) = &t.token else {
            continue;
        };
        match number(names, kind, written) {
            Ok(n) => out.replace_range(t.span.clone(), &n.to_string()),
            Err(message) => errors.push(DataError::new(file, t.line, message)),
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        errors.reverse();
        Err(DataErrors(errors))
    }
}

/// The same for a file whose actions stand under some of `keys` anywhere in it (a lesson's
/// `Do([...])` and `Watch(...)`): the labels after the key say what a name stands for.
pub fn to_numbers_under<G: Ruleset>(
    file: &str,
    src: &str,
    names: &Names,
    keys: &[&str],
) -> Result<String, DataErrors> {
    let tokens = super::tokens::tokens(src);
    let found: Vec<(Tok, Indexed)> = labelled_values(&tokens)
        .into_iter()
        .filter(|(i, _)| matches!(tokens[*i].token, Token::Str(_)))
        .filter_map(|(i, labels)| {
            let under = labels.iter().rposition(|l| keys.contains(&l.as_str()))?;
            let mut rest: Vec<&str> = labels[under + 1..].iter().map(String::as_str).collect();
            // The place in the list of allowed actions says nothing of what a name is.
            if rest.first().is_some_and(|l| l.starts_with('#')) {
                rest.remove(0);
            }
            G::indexes(&rest).map(|k| (tokens[i].clone(), k))
        })
        .collect();
    numbered(file, src, found, names)
}

/// `src` with the numbers in its actions written as names (see [`Names::name`]).
pub fn to_names<G: Ruleset>(src: &str, names: &Names) -> String {
    let json = src.trim_start().starts_with('{');
    let tokens = super::tokens::tokens(src);
    match top_level_list(&tokens, "actions") {
        Some((list, _)) => named_numbers::<G>(src, list, names, json),
        None => src.to_string(),
    }
}

/// `text` with each number among `tokens` that indexes something written as its name,
/// quoted as JSON or as RON.
fn named_numbers<G: Ruleset>(text: &str, tokens: &[Tok], names: &Names, json: bool) -> String {
    let numbers = indexed_in::<G>(
        tokens,
        |t| matches!(t, Token::Word(w) if w.bytes().all(|b| b.is_ascii_digit())),
    );
    let mut out = text.to_string();
    for (t, kind) in numbers.into_iter().rev() {
        let Token::Word(w) = &t.token else { continue };
        let Some(name) = w.parse().ok().and_then(|i| names.name(kind, i)) else {
            continue;
        };
        let quoted = if json {
            serde_json::to_string(&name).ok()
        } else {
            ron::to_string(&name).ok()
        };
        if let Some(q) = quoted {
            out.replace_range(t.span.clone(), &q);
        }
    }
    out
}

/// Whether the actions of `src` write anything in quotes: only then do names need reading.
pub fn writes_strings(src: &str) -> bool {
    let tokens = super::tokens::tokens(src);
    top_level_list(&tokens, "actions")
        .is_some_and(|(list, _)| list.iter().any(|t| matches!(t.token, Token::Str(_))))
}

/// The values in the actions of `src` that `wanted` picks and that index something, with
/// what they index.
fn indexed<G: Ruleset>(src: &str, wanted: impl Fn(&Token) -> bool) -> Vec<(Tok, Indexed)> {
    let tokens = super::tokens::tokens(src);
    match top_level_list(&tokens, "actions") {
        Some((list, _)) => indexed_in::<G>(list, wanted),
        None => Vec::new(),
    }
}

/// One action as RON, with names for numbers: how a refused action is shown, whatever it
/// names (a tampered action may name what does not exist, and keeps its number then).
pub fn action_text<G: Ruleset>(action: &G::Action, names: &Names) -> String {
    let text = ron::to_string(action).unwrap_or_else(|_| format!("{action:?}"));
    named_numbers::<G>(&text, &super::tokens::tokens(&text), names, false)
}

fn indexed_in<G: Ruleset>(list: &[Tok], wanted: impl Fn(&Token) -> bool) -> Vec<(Tok, Indexed)> {
    labelled_values(list)
        .into_iter()
        .filter(|(i, _)| wanted(&list[*i].token))
        .filter_map(|(i, labels)| {
            let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
            G::indexes(&labels).map(|k| (list[i].clone(), k))
        })
        .collect()
}

/// Calls `visit` with each number in a record that indexes something, and what it indexes.
fn each_index<G: Ruleset>(
    v: &mut serde_json::Value,
    labels: &mut Vec<String>,
    visit: &mut dyn FnMut(Indexed, &mut serde_json::Value),
) {
    match v {
        serde_json::Value::Object(map) => {
            for (k, v) in map.iter_mut() {
                labels.push(k.clone());
                each_index::<G>(v, labels, visit);
                labels.pop();
            }
        }
        serde_json::Value::Array(items) => {
            for v in items {
                each_index::<G>(v, labels, visit);
            }
        }
        serde_json::Value::Number(_) => {
            let names: Vec<&str> = labels.iter().map(String::as_str).collect();
            if let Some(kind) = G::indexes(&names) {
                visit(kind, v);
            }
        }
        _ => {}
    }
}

/// An event's record with the numbers that index something written as names; returns the
/// characters it names, each once, in the order it names them.
pub fn name_record<G: Ruleset>(value: &mut serde_json::Value, names: &Names) -> Vec<usize> {
    let mut characters = Vec::new();
    each_index::<G>(value, &mut Vec::new(), &mut |kind, v| {
        let Some(i) = v.as_u64().map(|i| i as usize) else {
            return;
        };
        if kind == Indexed::Character && !characters.contains(&i) {
            characters.push(i);
        }
        if let Some(name) = names.name(kind, i) {
            *v = serde_json::Value::String(name);
        }
    });
    characters
}

/// The kind of thing, as the keyword the errors' messages choose their words by.
fn noun(kind: Indexed) -> &'static str {
    match kind {
        Indexed::Character => "character",
        Indexed::Faction => "faction",
        Indexed::Zone => "zone",
        Indexed::Item => "item",
        Indexed::Fixture => "fixture",
        Indexed::Task => "task",
    }
}

/// The number a written name stands for: a name that tells one thing apart, or a name and
/// number as [`Names::name`] writes it. The error says why, for a reader of the file.
fn number(names: &Names, kind: Indexed, written: &str) -> Result<usize, Line> {
    let list = names.list(kind);
    let noun = noun(kind);
    if let Some((name, n)) = written.rsplit_once(" #")
        && let Ok(i) = n.trim().parse::<usize>()
    {
        return match list.get(i) {
            Some(found) if found == name => Ok(i),
            Some(found) => Err(Line::new("data-replay-numbered-other")
                .word("kind", noun)
                .number("number", i as i64)
                .name("found", found.clone())
                .name("name", name)),
            None => Err(Line::new("data-replay-numbered-none")
                .word("kind", noun)
                .number("number", i as i64)
                .number("count", list.len() as i64)),
        };
    }
    let found: Vec<usize> = (0..list.len()).filter(|&i| list[i] == written).collect();
    match found.as_slice() {
        [i] => Ok(*i),
        [] => Err(Line::new("data-replay-no-name")
            .word("kind", noun)
            .name("name", written)
            .line("known", quoted(list))),
        many => {
            let each = many.iter().map(|&i| {
                Line::new("data-replay-numbered-name")
                    .name("name", written)
                    .number("number", i as i64)
            });
            let choices = (each.rev())
                .reduce(|rest, first| Line::new("data-or").line("first", first).line("rest", rest))
                .unwrap_or_default();
            Err(Line::new("data-replay-name-several")
                .word("kind", noun)
                .name("name", written)
                .number("count", many.len() as i64)
                .line("choices", choices))
        }
    }
}

fn quoted(list: &[String]) -> Line {
    if list.is_empty() {
        return Line::new("data-replay-none");
    }
    let mut names: Vec<String> = list.iter().map(|n| format!("\"{n}\"")).collect();
    names.dedup();
    some_of(&names)
}

#[cfg(test)]
mod number_tests {
    use super::*;

    fn items() -> Names {
        Names::default().with(
            Indexed::Item,
            ["Spear", "Dagger", "Dagger"].map(String::from),
        )
    }

    #[test]
    fn a_written_name_is_read_back_as_its_number() {
        let n = items();
        for i in 0..3 {
            assert_eq!(
                number(&n, Indexed::Item, &n.name(Indexed::Item, i).unwrap()),
                Ok(i)
            );
        }
    }

    fn said(refused: Result<usize, Line>) -> String {
        let line = refused.unwrap_err();
        fray_words::english().said(&line)
    }

    #[test]
    fn a_name_that_fits_none_or_several_is_refused_saying_which_would_do() {
        let n = items();
        let none = said(number(&n, Indexed::Item, "Axe"));
        assert!(none.contains("no item is named \"Axe\""), "{none}");
        assert!(none.contains("\"Spear\", \"Dagger\""), "{none}");
        let two = said(number(&n, Indexed::Item, "Dagger"));
        assert!(two.contains("\"Dagger #1\" or \"Dagger #2\""), "{two}");
        let wrong = said(number(&n, Indexed::Item, "Spear #1"));
        assert!(wrong.contains("item 1 is \"Dagger\""), "{wrong}");
    }
}
