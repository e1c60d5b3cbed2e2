//! Arguments read from the command line that name something Fray has (a language, a
//! ruleset, a size, AI levels), or are refused in the same words and with the same exit
//! status from every command.

use std::process::ExitCode;

use fray::ai::Level;
use fray::words::Lang;

use super::said::{text, txt, words};

/// `--lang`'s code read, or refused in the words of the languages there are.
pub(super) fn parse_lang(code: &str) -> Result<Lang, String> {
    Lang::from_code(code).ok_or_else(|| {
        let known: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
        fray::words::english().say_with(
            "cli-unknown-language",
            &[("code", txt(code)), ("known", txt(known.join(", ")))],
        )
    })
}

/// A ruleset named on the command line that Fray does not have: the same words and the same
/// exit status (2, a usage error, as for any other bad argument) from every command.
pub(super) fn unknown_ruleset(r: &str) -> Option<ExitCode> {
    if fray::rulesets::IDS.contains(&r) {
        return None;
    }
    eprintln!(
        "{}",
        text(
            "cli-unknown-ruleset",
            &[
                ("ruleset", txt(r)),
                ("known", txt(fray::rulesets::IDS.join(", "))),
            ],
        )
    );
    Some(ExitCode::from(2))
}

/// An AI's level in words, as the menu names it.
pub(super) fn level_word(level: Level) -> String {
    words().say_with("ai-level", &[("level", txt(level.name()))])
}

/// A size by its keyword; None, with the sizes there are said, for another.
pub(super) fn parse_size(size: &str) -> Option<fray::generate::Size> {
    let found = fray::generate::Size::parse(size);
    if found.is_none() {
        eprintln!(
            "{}",
            text(
                "cli-unknown-size",
                &[
                    ("size", txt(size)),
                    ("known", txt(fray::generate::Size::known())),
                ],
            )
        );
    }
    found
}

/// A comma-separated list of AI levels, or `default` when none is given.
pub(super) fn parse_levels(list: Option<&str>, default: Vec<Level>) -> Result<Vec<Level>, String> {
    let Some(list) = list else {
        return Ok(default);
    };
    list.split(',')
        .map(|name| {
            Level::parse(name.trim()).ok_or_else(|| {
                let known: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
                text(
                    "cli-unknown-level",
                    &[("level", txt(name)), ("known", txt(known.join(", ")))],
                )
            })
        })
        .collect()
}
