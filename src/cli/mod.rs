//! The `fray` command line: plays with no arguments; simulates, replays, checks and explains with
//! subcommands.

/// `println!`, except that a reader who has gone (`fray rules teams | head`) ends the program
/// quietly instead of with the panic `println!` gives on a closed pipe.
macro_rules! say {
    ($($t:tt)*) => {
        $crate::cli::said::say_line(format_args!($($t)*))
    };
}

mod args;
mod bench;
mod check;
mod generate;
mod lessons;
mod play;
mod referee;
mod replays;
mod rules;
mod said;
mod simulate;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use args::parse_lang;
use bench::{bench, bench_generate};
use check::check;
use fray::sim;
use fray::words::Lang;
use generate::generate;
use lessons::lessons;
use play::{PlayArgs, play, watch};
use referee::referee;
use replays::{record, run_replay, seal};
use rules::rules;
use said::{LANG, report, say_str};
use simulate::run_sim;

#[derive(Parser)]
#[command(
    name = "fray",
    version,
    about = "Turn-based tactical skirmishes under three tabletop rulesets"
)]
struct Cli {
    /// The language of the words, for this run: en, or pseudo (every message lengthened and
    /// accented, to find text that is not in the catalogues). What the game's window shows,
    /// and what every command here writes: its own words, a battle's events as `replay` and
    /// `referee` tell them, the data files' errors; the rules notes and the lessons' own files
    /// stay English.
    #[arg(long, global = true, value_parser = parse_lang)]
    lang: Option<Lang>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Open the game window (the default with no subcommand).
    Play(PlayArgs),
    /// Headless battles between random policies: wins, draws, rounds, speed.
    Sim {
        scenario: String,
        #[arg(long, default_value_t = 100)]
        games: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print one JSON object instead of a table.
        #[arg(long)]
        json: bool,
        /// Rounds after which a battle counts as unfinished.
        #[arg(long, default_value_t = 200)]
        max_rounds: u32,
        /// The AI level for each faction, comma-separated (default: random for all).
        #[arg(long)]
        ai: Option<String>,
        /// Print the events of every battle.
        #[arg(long)]
        log: bool,
        /// Battles played at once (default: one for each core; always one with --log). The
        /// results do not depend on it: each battle has its own seed.
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Re-run a replay and print every event with its explanation.
    Replay {
        file: PathBuf,
        /// One JSON object per line.
        #[arg(long)]
        json: bool,
        /// Open the replay in the game window and step through it.
        #[arg(long)]
        watch: bool,
        /// Scripted dice left over, never rolled, are an error rather than a note.
        #[arg(long)]
        strict: bool,
        /// Write the replay's final hash, length and checkpoints into the file (a replay
        /// written by hand, a rules question), so that an edit made later is found.
        #[arg(long)]
        seal: bool,
    },
    /// Play one random-policy battle and save it as a replay.
    Record {
        scenario: String,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long)]
        out: PathBuf,
        /// Write over a file already at `--out` (never the scenario itself).
        #[arg(long)]
        force: bool,
    },
    /// Referee a battle at the table: every decision typed in by its number, every roll
    /// asked for (the die, what it is for, the rule) and typed in from the table's own dice.
    Referee {
        scenario: String,
        /// Keep the battle as a replay of the dice typed in (also when the input ends early).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Write over a file already at `--out` (never the scenario itself).
        #[arg(long)]
        force: bool,
    },
    /// Write a random skirmish for a ruleset, balanced between two normal AIs by playing it.
    Generate {
        /// zones, teams or coterie.
        ruleset: String,
        /// The same seed always gives the same skirmish.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// small, medium or large.
        #[arg(long, default_value = "medium")]
        size: String,
        /// Write the scenario here (default: print it).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Write over a file already at `--out`.
        #[arg(long)]
        force: bool,
    },
    /// Validate scenario and replay files; exit status 1 with `file:line` errors.
    Check {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// A replay's scripted dice left over, never rolled, are an error rather than a note.
        #[arg(long)]
        strict: bool,
    },
    /// Print the rules notes: each paragraph in short and the readings Fray chose.
    Rules { ruleset: Option<String> },
    /// The lessons: each course and its lessons; `--coverage` lists the rules notes'
    /// paragraphs no lesson teaches.
    Lessons {
        /// Only this ruleset's course.
        ruleset: Option<String>,
        #[arg(long)]
        coverage: bool,
        /// One JSON object: ruleset → {"paragraphs", "taught", "untaught"}.
        #[arg(long)]
        json: bool,
        /// Play a lesson (an id or a file) and print each step with the events it sets off.
        #[arg(long)]
        trace: Option<String>,
    },
    /// Benchmarks. `fray bench ai`: win rates between AI levels and their decision times;
    /// `fray bench generate`: how even generated skirmishes are, how long they last and take.
    Bench {
        /// What to measure: `ai` or `generate`.
        what: String,
        #[arg(long)]
        json: bool,
        /// A smaller sample.
        #[arg(long)]
        quick: bool,
        /// Battles per scenario, pairing and side (default 34, so 204 a pairing; --quick 4).
        #[arg(long)]
        games: Option<u32>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Levels to pair, comma-separated (default random,easy,normal,hard).
        #[arg(long)]
        levels: Option<String>,
        /// Only this ruleset's scenarios (default: every ruleset).
        #[arg(long)]
        ruleset: Option<String>,
        /// `ai`: also this many generated skirmishes of each ruleset (medium, seeds 1 to N);
        /// `generate`: the seeds of each ruleset to make (default 100).
        #[arg(long)]
        generated: Option<u32>,
        /// `generate`: small, medium or large.
        #[arg(long, default_value = "medium")]
        size: String,
    },
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let _ = LANG.set(cli.lang.unwrap_or_default());
    match cli.command {
        None => play(PlayArgs::default(), cli.lang),
        Some(Command::Play(args)) => play(args, cli.lang),
        Some(Command::Sim {
            scenario,
            games,
            seed,
            json,
            max_rounds,
            ai,
            log,
            threads,
        }) => run_sim(
            &scenario,
            json,
            ai.as_deref(),
            sim::Batch {
                first: 0,
                games,
                seed,
                max_rounds,
                levels: &[],
                log: log.then_some(sim::Log {
                    words: said::words(),
                    write: say_str,
                }),
                threads: if log {
                    1
                } else {
                    threads.unwrap_or_else(|| {
                        std::thread::available_parallelism().map_or(1, |n| n.get())
                    })
                },
            },
        ),
        Some(Command::Replay {
            file, watch: true, ..
        }) => watch(&file),
        Some(Command::Replay {
            file, seal: true, ..
        }) => seal(&file),
        Some(Command::Replay {
            file, json, strict, ..
        }) => run_replay(&file, json, strict),
        Some(Command::Referee {
            scenario,
            out,
            force,
        }) => referee(&scenario, out.as_deref(), force),
        Some(Command::Record {
            scenario,
            seed,
            out,
            force,
        }) => record(&scenario, seed, &out, force),
        Some(Command::Generate {
            ruleset,
            seed,
            size,
            out,
            force,
        }) => generate(&ruleset, seed, &size, out.as_deref(), force),
        Some(Command::Check { files, strict }) => check(&files, strict),
        Some(Command::Rules { ruleset }) => rules(ruleset.as_deref()),
        Some(Command::Lessons {
            trace: Some(id), ..
        }) => match fray::lessons::trace(&id, said::words()) {
            Ok(t) => {
                say!("{t}");
                ExitCode::SUCCESS
            }
            Err(e) => report(e),
        },
        Some(Command::Lessons {
            ruleset,
            coverage,
            json,
            trace: None,
        }) => lessons(ruleset.as_deref(), coverage, json),
        Some(Command::Bench {
            what,
            json,
            ruleset,
            generated,
            size,
            ..
        }) if what == "generate" => bench_generate(json, generated, &size, ruleset.as_deref()),
        Some(Command::Bench {
            what,
            json,
            quick,
            games,
            seed,
            levels,
            ruleset,
            generated,
            size: _,
        }) => bench(
            &what,
            json,
            levels.as_deref(),
            fray::bench::BenchConfig {
                games: games.unwrap_or(if quick { 4 } else { 34 }),
                levels: Vec::new(),
                seed,
                threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
                max_rounds: 200,
                ruleset,
                generated: generated.unwrap_or(0),
            },
        ),
    }
}
