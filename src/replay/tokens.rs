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
                let mut escaped = false;
                for (_, c) in chars.by_ref() {
                    if c == '\n' {
                        line += 1;
                    }
                    match c {
                        '\\' if !escaped => escaped = true,
                        '"' if !escaped => break,
                        c => {
                            text.push(c);
                            escaped = false;
                        }
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
