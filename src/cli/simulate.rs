//! `fray sim`: headless battles between policies, and how they went.

use std::process::ExitCode;
use std::time::Instant;

use fray::ai::Level;
use fray::words::Value;
use fray::{catalogue, sim};

use super::args::{level_word, parse_levels};
use super::said::{count, report, text, txt, words};

pub(super) fn run_sim(name: &str, json: bool, ai: Option<&str>, sims: sim::Batch) -> ExitCode {
    let (games, threads) = (sims.games, sims.threads);
    let levels = match parse_levels(ai, vec![Level::Random]) {
        Ok(l) => l,
        Err(e) => return report(e),
    };
    let loaded = match catalogue::load(name) {
        Ok(l) => l,
        Err(e) => return report(e),
    };
    let factions = loaded.setup.factions();
    let started = Instant::now();
    let tally = match loaded.setup.visit(sim::Batch {
        levels: &levels,
        ..sims
    }) {
        Ok(t) => t,
        Err(e) => return report(e),
    };
    let sim::Tally {
        wins,
        draws,
        unfinished,
        rounds,
    } = tally;
    let secs = started.elapsed().as_secs_f64().max(1e-9);
    let per_sec = f64::from(games) / secs;
    let mean_rounds = if games == 0 {
        0.0
    } else {
        rounds as f64 / f64::from(games)
    };
    if json {
        let wins_obj: serde_json::Map<String, serde_json::Value> = factions
            .iter()
            .zip(&wins)
            .map(|(n, w)| (n.clone(), serde_json::json!(w)))
            .collect();
        let out = serde_json::json!({
            "scenario": loaded.id,
            "ruleset": loaded.ruleset(),
            "games": games,
            "wins": wins_obj,
            "draws": draws,
            "unfinished": unfinished,
            "mean_rounds": mean_rounds,
            "battles_per_sec": per_sec,
            "threads": threads,
        });
        say!("{out}");
    } else {
        let seated: Vec<String> = (0..factions.len())
            .map(|f| level_word(levels[f % levels.len()]))
            .collect();
        say!(
            "{}",
            text(
                "cli-sim-heading",
                &[
                    ("scenario", txt(&loaded.scenario.name)),
                    ("ruleset", txt(loaded.ruleset())),
                    ("games", count(games)),
                    ("seated", txt(seated.join(&words().say("cli-sim-against")))),
                ],
            )
        );
        for (n, w) in factions.iter().zip(&wins) {
            let label = text("cli-sim-wins", &[("wins", count(*w))]);
            say!("  {n:<20} {w:>6} {label}");
        }
        say!("  {:<20} {draws:>6}", words().say("cli-sim-draws"));
        say!(
            "  {:<20} {unfinished:>6}",
            words().say("cli-sim-unfinished")
        );
        let speed = text(
            "cli-sim-speed",
            &[
                ("rounds", Value::Number(mean_rounds)),
                ("speed", Value::Number(per_sec)),
                ("threads", count(threads)),
            ],
        );
        say!("  {speed}");
    }
    if unfinished > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
