//! What the command line writes, and in which language: its own words from the catalogue
//! (`assets/words/en/cli.ftl`), a refusal said in the language `--lang` chose, and a closed
//! pipe taken quietly.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use fray::replay;
use fray::scenario;
use fray::words::{Lang, Value, Words};

pub(super) fn say_str(line: &str) {
    say!("{line}");
}

pub(super) fn say_line(line: std::fmt::Arguments) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_fmt(line).and_then(|()| out.write_all(b"\n")) {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("{}", text("cli-cannot-write-output", &[("error", txt(e))]));
            std::process::exit(1);
        }
        std::process::exit(0);
    }
}

/// The language the command line speaks, as `--lang` chose it: set once, before anything is
/// written; English until then.
pub(super) static LANG: std::sync::OnceLock<Lang> = std::sync::OnceLock::new();

/// The command line's own words (`assets/words/en/cli.ftl`), in the language `--lang` chose.
pub(super) fn words() -> &'static Words {
    fray::words::of(LANG.get().copied().unwrap_or_default())
}

/// The message `id` with its values, in the command line's language.
pub(super) fn text(id: &str, args: &[(&str, Value)]) -> String {
    words().say_with(id, args)
}

/// A value written as it is: a name, a path, a keyword, a number already written.
pub(super) fn txt(value: impl std::fmt::Display) -> Value {
    Value::Text(value.to_string())
}

/// A count, for the message to choose its words by.
pub(super) fn count(n: impl TryInto<u32>) -> Value {
    Value::Number(f64::from(n.try_into().unwrap_or(u32::MAX)))
}

/// A file's path, as a message names it.
pub(super) fn path_value(path: &Path) -> Value {
    txt(path.display())
}

/// What a replay's check found to warn of, in its own words.
pub(super) fn warn(warning: impl std::fmt::Display) {
    eprintln!("{}", text("cli-warning", &[("warning", txt(warning))]));
}

pub(super) fn cannot_write(path: &Path, e: &std::io::Error) -> String {
    text(
        "cli-cannot-write",
        &[("file", path_value(path)), ("error", txt(e))],
    )
}

pub(super) fn report(e: impl Said) -> ExitCode {
    eprintln!("{}", e.spoken());
    ExitCode::FAILURE
}

/// A refusal as the command line writes it: in its language where the refusal is data (a
/// data file's errors), as it is where it is already written.
pub(super) trait Said {
    fn spoken(&self) -> String;
}

impl Said for String {
    fn spoken(&self) -> String {
        self.clone()
    }
}

impl Said for fray::rules::Line {
    fn spoken(&self) -> String {
        words().said(self)
    }
}

impl Said for scenario::DataErrors {
    fn spoken(&self) -> String {
        scenario::DataErrors::said(self, words())
    }
}

impl Said for replay::ReplayError {
    fn spoken(&self) -> String {
        replay::ReplayError::said(self, words())
    }
}
