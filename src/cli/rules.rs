//! `fray rules`: the rules notes.

use std::process::ExitCode;

use fray::rules::notes;

use super::args::unknown_ruleset;
use super::said::{report, text, txt};

pub(super) fn rules(ruleset: Option<&str>) -> ExitCode {
    match ruleset {
        None => {
            for (_, text) in notes::ALL {
                say!("{text}");
            }
            ExitCode::SUCCESS
        }
        Some(r) => match notes::notes(r) {
            Some(text) => {
                say!("{text}");
                ExitCode::SUCCESS
            }
            None => unknown_ruleset(r)
                .unwrap_or_else(|| report(text("cli-no-rules-notes", &[("ruleset", txt(r))]))),
        },
    }
}
