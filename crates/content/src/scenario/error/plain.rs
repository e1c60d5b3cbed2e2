//! RON's own words for a mistake, put in the words of whoever wrote the file. RON speaks of
//! structs, identifiers and commas where the writer left out a quote, typed 1.5 or saved the
//! file as JSON; its words are kept where no plainer ones are known.

use fray_rules::dice::{Die, NoSuchDie};
use fray_rules::line::Line;
use ron::error::{Error, Position, SpannedError};

use super::{DataError, DataErrors};
use crate::scenario::tokens::{Token, tokens};

/// A RON syntax or shape error of `src` (the text of `file`), at its line.
pub fn from_ron(file: &str, src: &str, e: &SpannedError) -> DataErrors {
    let (line, message) = plain(src, e).unwrap_or_else(|| {
        let what = match &e.code {
            // RON's own words speak of its options, not of the file.
            Error::ExceededRecursionLimit => Line::new("data-nested-too-deep"),
            // RON's own words: not ours to say otherwise.
            other => Line::new("data-ron").name("error", other.to_string()),
        };
        (
            e.span.start.line,
            Line::new("data-at-column")
                .line("what", what)
                .number("column", e.span.start.col as i64),
        )
    });
    DataErrors(vec![DataError::new(file, line, message)])
}

/// The line and the plain words for a mistake whose kind is known.
fn plain(src: &str, e: &SpannedError) -> Option<(usize, Line)> {
    let toks = tokens(src);
    if toks.is_empty() {
        let what = if src.trim().is_empty() {
            "data-file-empty"
        } else {
            "data-file-only-comments"
        };
        return Some((1, Line::new(what)));
    }
    let at = offset(src, e.span.start);
    let line = e.span.start.line;
    if let Some(c) = src[at..].chars().next()
        && let Some(what) = stray(c)
    {
        return Some((
            line,
            Line::new("data-stray-character")
                .line("what", what)
                .number("column", e.span.start.col as i64),
        ));
    }
    if let Some(first) = toks.first()
        && first.span.start == at
        && matches!(first.token, Token::Open('{' | '['))
    {
        let json = match &e.code {
            Error::ExpectedNamedStructLike(name) => Line::new("data-json-not-ron-shaped")
                .word(
                    "kind",
                    match *name {
                        "Scenario" => "scenario",
                        "Replay" => "replay",
                        "Lesson" => "lesson",
                        "Campaign" => "campaign",
                        _ => "record",
                    },
                )
                .name("name", *name),
            _ => Line::new("data-json-not-ron"),
        };
        return Some((line, json));
    }
    if matches!(e.code, Error::ExpectedStringEnd) {
        return Some((line, Line::new(UNCLOSED)));
    }
    // A string left open runs on to the next quote, and RON stumbles on what follows it: the
    // quote is missing where that string began.
    if let Some(s) = toks
        .iter()
        .take_while(|t| t.span.end <= at)
        .last()
        .filter(|t| matches!(&t.token, Token::Str(text) if text.contains('\n')))
        && src[s.span.start..].starts_with('"')
        && src[s.span.end..at].trim().is_empty()
    {
        return Some((s.line, Line::new(UNCLOSED)));
    }
    if let Some(number) = decimal(src, at) {
        return Some((
            line,
            Line::new("data-decimal-number").name("number", number),
        ));
    }
    // Fray's own refusals, which serde hands on as text: in the catalogue's words.
    if let Error::Message(m) = &e.code {
        if let Some(NoSuchDie(sides)) = NoSuchDie::in_message(m) {
            let said = Line::new("data-die-sides")
                .number("sides", sides)
                .number("most", Die::MAX_SIDES);
            return Some((line, said));
        }
        if let Some(name) = m.strip_prefix(super::DEFINED_TWICE) {
            return Some((line, Line::new("data-defined-twice").name("name", name)));
        }
    }
    if let Error::ExpectedDifferentStructName { found, .. } = &e.code
        && let Some(k) = toks.iter().position(|t| t.span.start == at)
        && toks[k].token == Token::Word(found.clone())
        && toks.get(k + 1).is_some_and(|t| t.token == Token::Colon)
        && k >= 2
        && toks[k - 1].token == Token::Open('(')
        && let Token::Word(name) = &toks[k - 2].token
    {
        return Some((
            toks[k - 2].line,
            Line::new("data-single-brackets").name("name", name.clone()),
        ));
    }
    None
}

const UNCLOSED: &str = "data-string-not-closed";

/// Where RON's position lies in `src`, in bytes (RON counts columns in characters).
fn offset(src: &str, p: Position) -> usize {
    let line_start = if p.line <= 1 {
        0
    } else {
        src.match_indices('\n')
            .nth(p.line - 2)
            .map_or(src.len(), |(i, _)| i + 1)
    };
    src[line_start..]
        .char_indices()
        .nth(p.col.saturating_sub(1))
        .map_or(src.len(), |(i, _)| line_start + i)
}

/// A character no text editor writes by itself, as the message names it.
fn stray(c: char) -> Option<Line> {
    match c {
        '\0' => Some(Line::new("data-nul-byte")),
        '\n' | '\r' | '\t' => None,
        c if c.is_control() || invisible(c) => Some(
            Line::new("data-invisible-character").name("code", format!("U+{:04X}", u32::from(c))),
        ),
        _ => None,
    }
}

/// The decimal number RON stopped in, at `at` (`10.5`, `.5`), if it stopped in one.
fn decimal(src: &str, at: usize) -> Option<&str> {
    // RON may stop at the space before the number.
    let at = src.len() - src[at..].trim_start().len();
    let b = src.as_bytes();
    let digit = |i: usize| b.get(i).is_some_and(u8::is_ascii_digit);
    let mut start = at;
    while start > 0 && (digit(start - 1) || b[start - 1] == b'.') {
        start -= 1;
    }
    if start > 0 && b[start - 1] == b'-' {
        start -= 1;
    }
    let mut end = at;
    while digit(end) || b.get(end) == Some(&b'.') {
        end += 1;
    }
    let text = &src[start..end];
    let (_, after) = text.split_once('.')?;
    after
        .bytes()
        .next()
        .is_some_and(|d| d.is_ascii_digit())
        .then_some(text)
}

/// Whether `c` shows as nothing: control and format characters (zero-width spaces and
/// joiners, direction controls, the byte-order mark, soft hyphens), line and paragraph
/// separators, variation selectors, the blank fillers of Hangul and Braille. (A space of
/// another width, a no-break space, still shows as a space.)
pub fn invisible(c: char) -> bool {
    c.is_control()
        || matches!(
            u32::from(c),
            0xAD | 0x34F
                | 0x600..=0x605
                | 0x61C
                | 0x6DD
                | 0x70F
                | 0x890..=0x891
                | 0x8E2
                | 0x115F..=0x1160
                | 0x17B4..=0x17B5
                | 0x180B..=0x180F
                | 0x200B..=0x200F
                | 0x202A..=0x202E
                | 0x2028..=0x2029
                | 0x2060..=0x206F
                | 0x2800
                | 0x3164
                | 0xFE00..=0xFE0F
                | 0xFEFF
                | 0xFFA0
                | 0xFFF9..=0xFFFB
                | 0x110BD
                | 0x110CD
                | 0x13430..=0x1343F
                | 0x1BCA0..=0x1BCA3
                | 0x1D173..=0x1D17A
                | 0xE0000..=0xE0FFF
        )
}
