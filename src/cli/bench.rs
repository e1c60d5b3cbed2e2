//! `fray bench`: the AI levels against each other, and generated skirmishes measured.

use std::process::ExitCode;

use fray::ai::Level;

use super::args::{level_word, parse_levels, parse_size, unknown_ruleset};
use super::said::{count, report, text, txt, words};

/// `fray bench ai`: `cfg` as the command line gave it, its levels still to read from `levels`.
pub(super) fn bench(
    what: &str,
    json: bool,
    levels: Option<&str>,
    mut cfg: fray::bench::BenchConfig,
) -> ExitCode {
    if what != "ai" {
        return report(text(
            "cli-unknown-benchmark",
            &[("what", txt(what)), ("known", txt("ai, generate"))],
        ));
    }
    if let Some(code) = cfg.ruleset.as_deref().and_then(unknown_ruleset) {
        return code;
    }
    cfg.levels = match parse_levels(levels, Level::ALL.to_vec()) {
        Ok(l) => l,
        Err(e) => return report(e),
    };
    let r = fray::bench::run(&cfg);
    if json {
        say!("{}", serde_json::to_string(&r).unwrap_or_default());
    } else {
        say!("{}", bench_table(&r).trim_end());
    }
    ExitCode::SUCCESS
}

/// `fray bench generate`: seeds 1 to N of each ruleset made and measured.
pub(super) fn bench_generate(
    json: bool,
    seeds: Option<u32>,
    size: &str,
    ruleset: Option<&str>,
) -> ExitCode {
    if let Some(code) = ruleset.and_then(unknown_ruleset) {
        return code;
    }
    let Some(size) = parse_size(size) else {
        return ExitCode::from(2);
    };
    let rows = fray::generate::bench::run(seeds.unwrap_or(100), size, ruleset, &Default::default());
    if json {
        say!("{}", serde_json::to_string(&rows).unwrap_or_default());
    } else {
        say!("{}", generate_table(&rows).trim_end());
    }
    ExitCode::SUCCESS
}

/// `fray bench ai`'s report as a table: the win rate of each level against each, the same by
/// the side played, and each level's decision time.
fn bench_table(r: &fray::bench::BenchReport) -> String {
    let mut out = text(
        "cli-bench-over",
        &[
            ("battles", count(r.battles)),
            ("scenarios", txt(r.scenarios.join(", "))),
            ("unfinished", count(r.unfinished)),
        ],
    );
    let levels: Vec<(Level, String)> = Level::ALL.iter().map(|&l| (l, level_word(l))).collect();
    // The levels' words head the rows and the columns: each as wide as the widest word (and
    // a space between columns), and no narrower than the English words need.
    let widest = levels.iter().map(|(_, w)| w.chars().count()).max();
    let row = widest.unwrap_or(0).max(8);
    let column = widest.map_or(0, |w| w + 1).max(9);
    out.push_str(&format!(
        "\n\n{}\n{:>row$}",
        words().say("cli-bench-win-rate"),
        ""
    ));
    for (_, c) in &levels {
        out.push_str(&format!("{c:>column$}"));
    }
    out.push('\n');
    for (a, word) in &levels {
        out.push_str(&format!("{word:>row$}"));
        for (b, _) in &levels {
            match r.win_rate.get(&format!("{}_vs_{}", a.name(), b.name())) {
                Some(v) => out.push_str(&format!("{:>w$.1}%", v * 100.0, w = column - 1)),
                None => out.push_str(&format!("{:>column$}", "-")),
            }
        }
        out.push('\n');
    }
    // A pairing's key, "normal_vs_random", in words.
    let pairing = |key: &str| {
        key.split_once("_vs_")
            .and_then(|(a, b)| Some((Level::parse(a)?, Level::parse(b)?)))
            .map_or_else(
                || key.to_string(),
                |(a, b)| {
                    text(
                        "cli-bench-pairing",
                        &[("row", txt(level_word(a))), ("column", txt(level_word(b)))],
                    )
                },
            )
    };
    let pairings: Vec<(String, &[f64; 2])> = r
        .win_rate_by_side
        .iter()
        .map(|(key, sides)| (pairing(key), sides))
        .collect();
    let wide = pairings.iter().map(|(p, _)| p.chars().count()).max();
    let wide = wide.unwrap_or(0).max(18);
    out.push_str(&format!("\n{}\n", words().say("cli-bench-by-side")));
    for (p, [s0, s1]) in &pairings {
        out.push_str(&format!(
            "{p:>wide$}  {:>6.1}%  {:>6.1}%\n",
            s0 * 100.0,
            s1 * 100.0
        ));
    }
    out.push_str(&format!("\n{}\n", words().say("cli-bench-decision-time")));
    for (l, t) in &r.decision_ms {
        let word = Level::parse(l).map_or_else(|| l.clone(), level_word);
        let timing = text(
            "cli-bench-timing",
            &[
                ("median", txt(format!("{:>7.2}", t.median))),
                ("p99", txt(format!("{:>7.2}", t.p99))),
                ("max", txt(format!("{:>7.2}", t.max))),
                ("decisions", count(t.decisions)),
            ],
        );
        out.push_str(&format!("{word:>row$}  {timing}\n"));
    }
    out
}

/// `fray bench generate`'s rows as a table: each column as wide as its heading or its widest
/// figure, two spaces between.
fn generate_table(rows: &[fray::generate::bench::Row]) -> String {
    let spread = |v: &[f64; 3], decimals: usize, unit: &str| {
        v.iter()
            .map(|x| format!("{x:>w$.decimals$}{unit}", w = 4 + decimals))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let cells = |cell: &dyn Fn(&fray::generate::bench::Row) -> String| -> Vec<String> {
        rows.iter().map(cell).collect()
    };
    // Each column: its heading's message, whether its cells are figures (to the right), and
    // its cells.
    let columns = [
        ("cli-bench-ruleset", false, cells(&|r| r.ruleset.clone())),
        ("cli-bench-size", false, cells(&|r| r.size.clone())),
        ("cli-bench-seeds", true, cells(&|r| r.seeds.to_string())),
        (
            "cli-bench-refused",
            true,
            cells(&|r| r.refused.len().to_string()),
        ),
        (
            "cli-bench-share",
            true,
            cells(&|r| spread(&r.share.map(|s| s * 100.0), 0, "%")),
        ),
        (
            "cli-bench-rounds",
            true,
            cells(&|r| spread(&r.rounds, 1, "")),
        ),
        (
            "cli-bench-seconds",
            true,
            cells(&|r| spread(&r.seconds, 2, "")),
        ),
    ];
    let headings: Vec<String> = columns.iter().map(|(id, ..)| words().say(id)).collect();
    let widths: Vec<usize> = columns
        .iter()
        .zip(&headings)
        .map(|((_, _, cells), heading)| {
            cells
                .iter()
                .chain([heading])
                .map(|c| c.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    // One line of the table: the `i`th cell of each column, or the headings.
    let line = |i: Option<usize>| {
        let cells: Vec<String> = columns
            .iter()
            .zip(&headings)
            .zip(&widths)
            .map(|(((_, figures, cells), heading), &w)| {
                let cell = i.map_or(heading, |i| &cells[i]);
                if *figures {
                    format!("{cell:>w$}")
                } else {
                    format!("{cell:<w$}")
                }
            })
            .collect();
        cells.join("  ").trim_end().to_string() + "\n"
    };
    let mut out = line(None);
    for i in 0..rows.len() {
        out.push_str(&line(Some(i)));
    }
    out
}
