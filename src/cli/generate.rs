//! `fray generate`: a random skirmish, balanced by playing it.

use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use fray::words::Value;

use super::args::{parse_size, unknown_ruleset};
use super::said::{cannot_write, count, path_value, report, text, txt};

/// `fray generate`: the scenario's file on stdout or at `out`, how even it is on stderr.
pub(super) fn generate(
    ruleset: &str,
    seed: u64,
    size: &str,
    out: Option<&Path>,
    force: bool,
) -> ExitCode {
    if let Some(code) = unknown_ruleset(ruleset) {
        return code;
    }
    let Some(size) = parse_size(size) else {
        return ExitCode::from(2);
    };
    if let Some(out) = out
        && out.exists()
        && !force
    {
        return report(text("cli-file-is-there", &[("file", path_value(out))]));
    }
    let started = Instant::now();
    let made = match fray::generate::generate(ruleset, seed, size, &Default::default()) {
        Ok(g) => g,
        Err(e) => return report(e),
    };
    let b = &made.balance;
    eprintln!(
        "{}",
        text(
            "cli-generated",
            &[
                ("scenario", txt(&made.scenario.name)),
                (
                    "faction",
                    txt(b.factions.first().map_or("", String::as_str))
                ),
                ("share", Value::Number(b.first_share() * 100.0)),
                ("battles", count(b.battles)),
                ("rounds", Value::Number(b.mean_rounds())),
                ("drafts", count(b.drafts)),
                ("turns", count(b.turns)),
                ("seconds", Value::Number(started.elapsed().as_secs_f64())),
            ],
        )
    );
    match out {
        Some(out) => match std::fs::write(out, &made.text) {
            Ok(()) => {
                say!("{}", out.display());
                ExitCode::SUCCESS
            }
            Err(e) => report(cannot_write(out, &e)),
        },
        None => {
            say!("{}", made.text.trim_end());
            ExitCode::SUCCESS
        }
    }
}
