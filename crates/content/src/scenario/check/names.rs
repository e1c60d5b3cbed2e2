//! What a name in a data file may hold. Names tell characters, sides and places apart in the
//! file, on the board and in replays, so a character nobody can see (a zero-width space, a
//! direction mark, a control character) would let two names that read the same differ, or
//! one name read as another. A name holding one is refused.

use fray_rules::line::Line;

use super::{Report, Step};
use crate::scenario::error::invisible;

/// `name` as a message shows it: each invisible character written as its code, so that the
/// reader sees where it is.
pub fn shown(name: &str) -> String {
    name.chars()
        .map(|c| {
            if invisible(c) {
                format!("\\u{{{:04X}}}", u32::from(c))
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Refuses `name`, the name of a `what` (`character`, a keyword of the message
/// `data-name-invisible`), at the line of `at` where it holds a character nobody can see.
pub fn check(r: &mut Report, at: &[Step], what: &'static str, name: &str) {
    if let Some(c) = name.chars().find(|&c| invisible(c)) {
        r.at(
            at,
            Line::new("data-name-invisible")
                .word("what", what)
                .name("name", shown(name))
                .word("kind", described(c))
                .name("code", format!("U+{:04X}", u32::from(c))),
        );
    }
}

/// The kind of invisible character `c` is, as the keyword the message chooses its words by.
fn described(c: char) -> &'static str {
    match u32::from(c) {
        0 => "nul",
        0x200B => "zero-width-space",
        0x200C => "zero-width-non-joiner",
        0x200D => "zero-width-joiner",
        0x2060 => "word-joiner",
        0xFEFF => "byte-order-mark",
        0xAD => "soft-hyphen",
        0x200E | 0x200F | 0x202A..=0x202E | 0x2066..=0x2069 | 0x61C => "direction",
        0x2028 | 0x2029 => "separator",
        _ if c.is_control() => "control",
        _ => "invisible",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_read_alike_are_told_apart_by_what_they_hide() {
        for c in [
            '\u{200B}', '\u{200C}', '\u{200D}', '\u{2060}', '\u{FEFF}', '\u{202E}',
        ] {
            assert!(invisible(c), "U+{:04X}", u32::from(c));
        }
        for c in ['\0', '\t', '\u{7F}', '\u{2028}', '\u{E0041}'] {
            assert!(invisible(c), "U+{:04X}", u32::from(c));
        }
        for c in [
            'A', ' ', '\u{A0}', '\u{3000}', 'é', 'ß', '\u{416}', '\u{6728}', '\'', '-',
        ] {
            assert!(!invisible(c), "{c}");
        }
        assert_eq!(shown("Ann\u{200B}"), "Ann\\u{200B}");
    }
}
