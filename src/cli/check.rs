//! `fray check`: scenario, lesson, campaign and replay files validated, each error at its
//! `file:line`.

use std::path::PathBuf;
use std::process::ExitCode;

use fray::replay;
use fray::scenario;

use super::replays::dice_left_over;
use super::said::{Said, text, txt, warn};

pub(super) fn check(files: &[PathBuf], strict: bool) -> ExitCode {
    let mut failed = false;
    for f in files {
        let name = f.display().to_string();
        let src = match scenario::error::read(f) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("{}", e.spoken());
                failed = true;
                continue;
            }
        };
        let result = if fray::campaign::is_campaign(&src) {
            fray::campaign::load_str(&name, &src)
                .map(|_| ())
                .map_err(|e| e.spoken())
        } else if fray::lessons::is_lesson(&src) {
            fray::lessons::check_file(&name, &src).map_err(|e| e.spoken())
        } else if replay::is_replay(&src) {
            replay::parse(&name, &src)
                .map_err(|e| e.spoken())
                .and_then(|r| {
                    replay::run(&r, &name, &src)
                        .map_err(|e| e.spoken())
                        .and_then(|run| {
                            for w in &run.warnings {
                                warn(w.spoken());
                            }
                            if run.outcome.is_none() {
                                let said = text("cli-check-unfinished", &[("file", txt(&name))]);
                                say!("{said}");
                            }
                            if dice_left_over(&name, &run.dice_left, strict) {
                                Ok(())
                            } else {
                                Err(text("cli-check-strict", &[("file", txt(&name))]))
                            }
                        })
                })
        } else {
            let id = f
                .file_stem()
                .map_or_else(|| name.clone(), |s| s.to_string_lossy().into_owned());
            scenario::load_str(&id, &name, &src)
                .map(|_| ())
                .map_err(|e| e.spoken())
        };
        match result {
            Ok(()) => say!("{}", text("cli-check-ok", &[("file", txt(&name))])),
            Err(e) => {
                eprintln!("{e}");
                failed = true;
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
