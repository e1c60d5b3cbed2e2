//! `fray referee`: a battle at the table, every decision and roll typed in.

use std::path::Path;
use std::process::ExitCode;

use fray::catalogue;
use fray::replay;

use super::replays::{replay_place, write_replay};
use super::said::{count, path_value, report, text, words};

pub(super) fn referee(name: &str, out: Option<&Path>, force: bool) -> ExitCode {
    let loaded = match catalogue::load(name) {
        Ok(l) => l,
        Err(e) => return report(e),
    };
    // Refused before the first roll, not after an evening's battle.
    let named = match out.map(|o| replay_place(name, o, force)).transpose() {
        Ok(n) => n,
        Err(e) => return report(e),
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut shown = stdout.lock();
    let played = loaded.setup.visit(fray::referee::Referee {
        name,
        input: &mut input,
        out: &mut shown,
        words: words(),
    });
    drop(shown);
    let mut done = match played {
        Ok(d) => d,
        Err(e) => return report(e),
    };
    if let (Some(out), Some(named)) = (out, named) {
        if done.finished {
            // A whole battle is sealed, as a recorded one is; one cut short stays open.
            if let Err(e) = replay::seal(&mut done.replay, &out.display().to_string()) {
                return report(e);
            }
        }
        if let Err(e) = write_replay(&done.replay, name, &named, out) {
            return report(e);
        }
        say!(
            "{}",
            text(
                "cli-refereed",
                &[
                    ("file", path_value(out)),
                    ("actions", count(done.replay.actions.len())),
                ],
            )
        );
    }
    ExitCode::SUCCESS
}
