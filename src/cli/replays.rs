//! `fray replay` and `fray record`: a replay re-run and told event by event, sealed, or
//! made from one random-policy battle; and where a replay may be written.

use std::path::Path;
use std::process::ExitCode;

use fray::ai::{Policy, RandomPolicy};
use fray::replay::{self, Replay, ReplayDice};
use fray::rules::dice::SeededDice;
use fray::rulesets::{Game, Visit};
use fray::{catalogue, scenario, sim};

use super::said::{Said, cannot_write, count, path_value, report, text, txt, warn, words};

/// Scripted dice nothing rolled: a note, or under `--strict` an error (false).
pub(super) fn dice_left_over(name: &str, left: &[u8], strict: bool) -> bool {
    if left.is_empty() {
        return true;
    }
    let values: Vec<String> = left.iter().map(ToString::to_string).collect();
    eprintln!(
        "{}",
        text(
            "cli-dice-left",
            &[
                ("file", txt(name)),
                ("strict", txt(if strict { "yes" } else { "no" })),
                ("count", count(left.len())),
                ("values", txt(values.join(", "))),
            ],
        )
    );
    !strict
}

pub(super) fn run_replay(file: &Path, json: bool, strict: bool) -> ExitCode {
    let (r, src) = match replay::load(file) {
        Ok(x) => x,
        Err(e) => return report(e),
    };
    let name = file.display().to_string();
    match replay::run_in(&r, &name, &src, words()) {
        Ok(run) => {
            for w in &run.warnings {
                warn(w.spoken());
            }
            print_lines(&run.lines, json);
            if json {
                say!(
                    "{}",
                    serde_json::json!({
                        "final_hash": format!("{:016x}", run.final_hash),
                        "outcome": run.outcome,
                        "final_state": run.state,
                    })
                );
            } else {
                let hash = txt(format!("{:016x}", run.final_hash));
                say!("{}", text("cli-final-hash", &[("hash", hash)]));
                if run.outcome.is_none() {
                    say!("{}", words().say("cli-unfinished"));
                }
            }
            if dice_left_over(&name, &run.dice_left, strict) {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Err(e) => {
            // What happened up to the action refused, then the refusal.
            if let Some(replay::Fault::Refused { index, .. }) = e.fault() {
                let before = Replay::new(
                    r.scenario.clone(),
                    r.dice.clone(),
                    r.actions.truncated(*index),
                );
                if let Ok(run) = replay::run_in(&before, &name, &replay::to_ron(&before), words()) {
                    print_lines(&run.lines, json);
                }
            }
            report(e)
        }
    }
}

pub(super) fn seal(file: &Path) -> ExitCode {
    let name = file.display().to_string();
    let src = match scenario::error::read(file) {
        Ok(s) => s,
        Err(e) => return report(e),
    };
    match replay::seal_text(&name, &src) {
        Ok(sealed) if sealed == src => {
            say!("{}", text("cli-already-sealed", &[("file", txt(&name))]));
            ExitCode::SUCCESS
        }
        Ok(sealed) => match std::fs::write(file, sealed) {
            Ok(()) => {
                say!("{}", text("cli-sealed", &[("file", txt(&name))]));
                ExitCode::SUCCESS
            }
            Err(e) => report(cannot_write(file, &e)),
        },
        Err(e) => report(e),
    }
}

fn print_lines(lines: &[replay::ReplayLine], json: bool) {
    for line in lines {
        if json {
            say!("{}", serde_json::to_string(line).unwrap_or_default());
        } else {
            say!("{}", line.text);
            if let Some(e) = &line.told {
                say!("    ⟨{e}⟩");
            }
        }
    }
}

pub(super) fn record(name: &str, seed: u64, out: &Path, force: bool) -> ExitCode {
    let loaded = match catalogue::load(name) {
        Ok(l) => l,
        Err(e) => return report(e),
    };
    let named = match replay_place(name, out, force) {
        Ok(n) => n,
        Err(e) => return report(e),
    };
    // Played, sealed and written with the scenario as found from here; then named as the
    // replay will find it.
    let (r, round) = match loaded.setup.visit(Record { name, seed, out }) {
        Ok(x) => x,
        Err(e) => return report(e),
    };
    if let Err(e) = write_replay(&r, name, &named, out) {
        return report(e);
    }
    say!(
        "{}",
        text(
            "cli-recorded",
            &[
                ("file", path_value(out)),
                ("actions", count(r.actions.len())),
                ("round", count(round)),
            ],
        )
    );
    ExitCode::SUCCESS
}

/// Whether a replay of scenario `name` may be written at `out`, and how it names the
/// scenario from there. Nothing is lost to a replay: not its own scenario, whatever --force
/// says, and not another file unless asked.
pub(super) fn replay_place(name: &str, out: &Path, force: bool) -> Result<String, String> {
    if out.exists() {
        if scenario::same_file(Path::new(name), out) {
            return Err(text(
                "cli-would-overwrite-scenario",
                &[("file", path_value(out))],
            ));
        }
        if !force {
            return Err(text("cli-file-is-there", &[("file", path_value(out))]));
        }
    }
    // The replay names its scenario as a replay reads it: a built-in one by its name, a file
    // by its path from the replay's own folder, which it must lie in.
    recorded_name(name, out)
}

/// Writes a replay made with the scenario as found from here (`name`), naming it as the
/// replay will find it (`named`).
pub(super) fn write_replay(r: &Replay, name: &str, named: &str, out: &Path) -> Result<(), String> {
    let mut text = replay::to_ron(r);
    if named != name
        && let (Ok(was), Ok(now)) = (ron::to_string(name), ron::to_string(named))
    {
        text = text.replacen(&format!("scenario: {was}"), &format!("scenario: {now}"), 1);
    }
    std::fs::write(out, text).map_err(|e| cannot_write(out, &e))
}

/// How a replay written to `out` names the scenario `name` (a built-in name, or a path): a
/// scenario file by its path from `out`'s folder, for a replay reads no scenario outside it.
fn recorded_name(name: &str, out: &Path) -> Result<String, String> {
    let file = Path::new(name);
    if !file.is_file() {
        return Ok(name.to_string());
    }
    let dir = match out.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let (Ok(dir), Ok(scenario)) = (dir.canonicalize(), file.canonicalize()) else {
        return Err(text("cli-no-folder", &[("file", path_value(out))]));
    };
    match scenario.strip_prefix(&dir) {
        Ok(rel) => Ok(rel.to_string_lossy().replace('\\', "/")),
        Err(_) => Err(text(
            "cli-scenario-outside",
            &[
                ("file", path_value(out)),
                ("scenario", txt(name)),
                ("folder", path_value(&dir)),
            ],
        )),
    }
}

/// One random-policy battle, kept as a replay, and the round it ended in.
pub(super) struct Record<'a> {
    name: &'a str,
    seed: u64,
    /// Where it will be written: the name its errors give it.
    out: &'a Path,
}

impl Visit for Record<'_> {
    type Out = Result<(Replay, u32), fray::rules::Line>;

    fn visit<G: Game>(self, setup: &G::Setup) -> Self::Out {
        let seed = self.seed;
        let mut dice = SeededDice::new(seed);
        let (mut state, _) = G::start(setup, &mut dice).map_err(|e| e.line())?;
        let n = G::faction_names(&state).len();
        let mut policies: Vec<Box<dyn Policy<G>>> = (0..n)
            .map(|f| Box::new(RandomPolicy::new(seed.wrapping_add(f as u64))) as Box<dyn Policy<G>>)
            .collect();
        let mut gm = RandomPolicy::new(seed);
        let mut actions = Vec::new();
        sim::play_out::<G>(
            &mut state,
            &mut policies,
            &mut gm,
            &mut dice,
            200,
            true,
            |a, _| actions.push(a.clone()),
        )
        .map_err(|e| e.line().named(&state))?;
        let mut r = Replay::new(
            self.name.to_string(),
            ReplayDice::Seed(seed),
            G::wrap(actions).ok_or_else(|| fray::rules::Line::new("cli-not-replayable"))?,
        );
        replay::seal(&mut r, &self.out.display().to_string()).map_err(|e| e.as_line())?;
        debug_assert_eq!(r.final_hash, Some(replay::state_hash::<G>(&state)));
        Ok((r, G::round(&state)))
    }
}
