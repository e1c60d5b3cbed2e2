//! Just enough of RON and JSON to tell a file's structure without parsing it as any type:
//! brackets, names, strings, and where each stands. Telling a replay from a scenario, finding
//! the line each action begins on and finding the names an action writes all read these.

use std::ops::Range;

/// A piece of RON or JSON text, as far as telling its structure needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    /// An opening bracket: `(`, `[` or `{`.
    Open(char),
    Close,
    Comma,
    Colon,
    /// A name or a number.
    Word(String),
    /// A quoted string, without its quotes and with its escapes read.
    Str(String),
    Other,
}

#[derive(Clone, Debug)]
pub struct Tok {
    pub token: Token,
    /// The bracket depth it stands at (an opening bracket at the depth outside it).
    pub depth: usize,
    /// Its line, 1-based.
    pub line: usize,
    /// Where it lies in the text, in bytes.
    pub span: Range<usize>,
}

/// The tokens of `src`. Comments are skipped and strings read whole, so brackets, commas and
/// quotes inside them count for nothing.
pub fn tokens(src: &str) -> Vec<Tok> {
    let mut out = Vec::new();
    let (mut depth, mut line) = (0usize, 1usize);
    let mut chars = src.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        let at = line;
        let token = match c {
            '\n' => {
                line += 1;
                continue;
            }
            c if c.is_whitespace() => continue,
            '/' if matches!(chars.peek(), Some((_, '/'))) => {
                for (_, c) in chars.by_ref() {
                    if c == '\n' {
                        line += 1;
                        break;
                    }
                }
                continue;
            }
            '/' if matches!(chars.peek(), Some((_, '*'))) => {
                let mut prev = ' ';
                for (_, c) in chars.by_ref() {
                    if c == '\n' {
                        line += 1;
                    }
                    if prev == '*' && c == '/' {
                        break;
                    }
                    prev = c;
                }
                continue;
            }
            // A raw string, `r#"..."#` (a lesson's scenario written inline).
            'r' if matches!(chars.peek(), Some((_, '#' | '"'))) => {
                let mut hashes = 0;
                while matches!(chars.peek(), Some((_, '#'))) {
                    hashes += 1;
                    chars.next();
                }
                if !matches!(chars.next(), Some((_, '"'))) {
                    continue;
                }
                let mut text = String::new();
                while let Some((_, c)) = chars.next() {
                    if c == '\n' {
                        line += 1;
                    }
                    if c == '"' {
                        let mut n = 0;
                        while n < hashes && matches!(chars.peek(), Some((_, '#'))) {
                            chars.next();
                            n += 1;
                        }
                        if n == hashes {
                            break;
                        }
                        text.push('"');
                        text.extend(std::iter::repeat_n('#', n));
                        continue;
                    }
                    text.push(c);
                }
                Token::Str(text)
            }
            '"' => {
                let mut text = String::new();
                while let Some((_, c)) = chars.next() {
                    match c {
                        '\n' => {
                            line += 1;
                            text.push(c);
                        }
                        '\\' => text.extend(escape(&mut chars)),
                        '"' => break,
                        c => text.push(c),
                    }
                }
                Token::Str(text)
            }
            c if c.is_alphanumeric() || c == '_' => {
                let mut word = c.to_string();
                while let Some(&(_, n)) = chars.peek() {
                    if !(n.is_alphanumeric() || n == '_') {
                        break;
                    }
                    word.push(n);
                    chars.next();
                }
                Token::Word(word)
            }
            '(' | '[' | '{' => {
                let end = start + c.len_utf8();
                out.push(Tok {
                    token: Token::Open(c),
                    depth,
                    line: at,
                    span: start..end,
                });
                depth += 1;
                continue;
            }
            ')' | ']' | '}' => {
                depth = depth.saturating_sub(1);
                Token::Close
            }
            ',' => Token::Comma,
            ':' => Token::Colon,
            _ => Token::Other,
        };
        let end = chars.peek().map_or(src.len(), |&(i, _)| i);
        out.push(Tok {
            token,
            depth,
            line: at,
            span: start..end,
        });
    }
    out
}

/// The character an escape in a RON or JSON string stands for, its backslash read: `\n`, `\t`,
/// `\u{a0}` (RON), `\u00a0` and a surrogate pair (JSON), `\x41`; an unknown one stands for
/// itself.
fn escape(chars: &mut std::iter::Peekable<std::str::CharIndices>) -> Option<char> {
    let hex = |chars: &mut std::iter::Peekable<std::str::CharIndices>, n: usize| {
        let mut digits = String::new();
        for _ in 0..n {
            match chars.peek() {
                Some(&(_, d)) if d.is_ascii_hexdigit() => {
                    digits.push(d);
                    chars.next();
                }
                _ => break,
            }
        }
        u32::from_str_radix(&digits, 16).ok()
    };
    let (_, c) = chars.next()?;
    Some(match c {
        'n' => '\n',
        't' => '\t',
        'r' => '\r',
        '0' => '\0',
        'b' => '\u{8}',
        'f' => '\u{c}',
        'x' => char::from_u32(hex(chars, 2)?)?,
        'u' if matches!(chars.peek(), Some((_, '{'))) => {
            chars.next();
            let code = hex(chars, 6)?;
            if matches!(chars.peek(), Some((_, '}'))) {
                chars.next();
            }
            char::from_u32(code)?
        }
        'u' => {
            let high = hex(chars, 4)?;
            if (0xD800..0xDC00).contains(&high) {
                // A surrogate pair: the low half follows as its own escape.
                let mut ahead = chars.clone();
                if matches!(ahead.next(), Some((_, '\\'))) && matches!(ahead.next(), Some((_, 'u')))
                {
                    chars.next();
                    chars.next();
                    let low = hex(chars, 4)?;
                    char::from_u32(0x10000 + ((high - 0xD800) << 10) + (low.checked_sub(0xDC00)?))?
                } else {
                    return None;
                }
            } else {
                char::from_u32(high)?
            }
        }
        other => other,
    })
}

/// The field names of a RON or JSON file's outermost record: a name or a quoted string
/// followed by `:` one bracket deep.
pub fn top_level_keys(tokens: &[Tok]) -> Vec<String> {
    let mut keys = Vec::new();
    let mut last: Option<&str> = None;
    for t in tokens {
        match &t.token {
            Token::Word(w) | Token::Str(w) if t.depth == 1 => last = Some(w),
            Token::Colon if t.depth == 1 => keys.extend(last.take().map(str::to_string)),
            _ => last = None,
        }
    }
    keys
}

/// The line a top-level field is written on (comments do not count).
pub fn top_level_line(tokens: &[Tok], key: &str) -> Option<usize> {
    tokens
        .windows(2)
        .find_map(|w| match (&w[0].token, &w[1].token) {
            (Token::Word(k) | Token::Str(k), Token::Colon) if w[0].depth == 1 && k == key => {
                Some(w[0].line)
            }
            _ => None,
        })
}

/// The value of a top-level field that is a string (`scenario: "duel"`).
pub fn top_level_str(tokens: &[Tok], key: &str) -> Option<String> {
    tokens
        .windows(3)
        .find_map(|w| match (&w[0].token, &w[1].token, &w[2].token) {
            (Token::Word(k) | Token::Str(k), Token::Colon, Token::Str(v))
                if w[0].depth == 1 && k == key =>
            {
                Some(v.clone())
            }
            _ => None,
        })
}

/// The tokens of the list a top-level field holds (`actions: Zones([...])`, or
/// `"actions": {"Zones": [...]}`), from its `[` to its `]`, with its elements' depth.
pub fn top_level_list<'a>(tokens: &'a [Tok], key: &str) -> Option<(&'a [Tok], usize)> {
    let at = tokens.iter().position(|t| {
        t.depth == 1 && matches!(&t.token, Token::Word(w) | Token::Str(w) if w == key)
    })?;
    // The list is the first `[` after the key; its elements stand one deeper.
    let open = at
        + tokens[at..]
            .iter()
            .position(|t| matches!(t.token, Token::Open('[')))?;
    let depth = tokens[open].depth + 1;
    let len = tokens[open + 1..]
        .iter()
        .position(|t| t.token == Token::Close && t.depth < depth)
        .unwrap_or(tokens.len() - open - 1);
    Some((&tokens[open..open + 1 + len], depth))
}

/// The labels around each value in a piece of RON or JSON: for a string or a number, the
/// variant and field names it stands under, outermost first (`Attack`, `weapon`, `Item` for
/// the 5 in `Attack((weapon: Item(5), ..))` or in `{"Attack": {"weapon": {"Item": 5}}}`).
/// `Some` is left out, so that an option reads as what it holds. An element after the first
/// of a tuple or list is labelled with its place (`#1` for the 2 in `ReadyFor(Unarmed, 2)`).
pub fn labelled_values(tokens: &[Tok]) -> Vec<(usize, Vec<String>)> {
    let mut out = Vec::new();
    let mut frames: Vec<(Vec<String>, usize)> = Vec::new();
    let mut key: Option<String> = None;
    let mut word: Option<String> = None;
    for (i, t) in tokens.iter().enumerate() {
        let next_is_colon = tokens.get(i + 1).is_some_and(|n| n.token == Token::Colon);
        match &t.token {
            Token::Open(_) => {
                let own: Vec<String> = key.take().into_iter().chain(word.take()).collect();
                frames.push((own, 0));
            }
            Token::Close => {
                frames.pop();
                key = None;
                word = None;
            }
            Token::Comma => {
                if let Some((_, place)) = frames.last_mut() {
                    *place += 1;
                }
                key = None;
                word = None;
            }
            Token::Colon => {}
            Token::Word(w) | Token::Str(w) if next_is_colon => {
                key = Some(w.clone());
                word = None;
            }
            Token::Word(w) if !w.starts_with(|c: char| c.is_ascii_digit()) => {
                word = Some(w.clone());
            }
            Token::Word(_) | Token::Str(_) => {
                let labels = frames
                    .iter()
                    .flat_map(|(own, place)| {
                        own.iter()
                            .cloned()
                            .chain((*place > 0).then(|| format!("#{place}")))
                    })
                    .chain(key.take())
                    .filter(|l| l != "Some")
                    .collect();
                out.push((i, labels));
                word = None;
            }
            Token::Other => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{Token, tokens};
    use proptest::prelude::*;

    fn read_back(written: &str) -> Vec<String> {
        tokens(written)
            .into_iter()
            .filter_map(|t| match t.token {
                Token::Str(s) => Some(s),
                _ => None,
            })
            .collect()
    }

    proptest! {
        /// Any name, written as RON or JSON writes it, reads back as itself: escapes and all
        /// (a no-break space, a zero-width space, a soft hyphen, a tab, a quote, an emoji).
        #[test]
        fn every_string_reads_back_as_written(name in any::<String>()) {
            let ron = ron::to_string(&name).unwrap();
            prop_assert_eq!(read_back(&ron), vec![name.clone()]);
            let json = serde_json::to_string(&name).unwrap();
            prop_assert_eq!(read_back(&json), vec![name]);
        }
    }

    #[test]
    fn the_escapes_of_both_formats_are_read() {
        let cases = [
            (r#""a\u{a0}b""#, "a\u{a0}b"),
            (r#""a\u00adb""#, "a\u{ad}b"),
            (r#""\ud83d\ude00""#, "\u{1F600}"),
            (r#""tab\there""#, "tab\there"),
            (r#""q\"uote\\""#, "q\"uote\\"),
            (r#""\x41""#, "A"),
        ];
        for (written, read) in cases {
            assert_eq!(read_back(written), vec![read.to_string()], "{written}");
        }
    }
}
