//! The `fray` command line: plays with no arguments; simulates, replays, checks and explains with
//! subcommands.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};

use fray::ai::{Level, Policy, RandomPolicy};
use fray::catalogue;
use fray::replay::{self, Replay, ReplayDice};
use fray::rules::dice::SeededDice;
use fray::rules::notes;
use fray::rulesets::{Game, Visit};
use fray::scenario;
use fray::sim;

/// `println!`, except that a reader who has gone (`fray rules teams | head`) ends the program
/// quietly instead of with the panic `println!` gives on a closed pipe.
macro_rules! say {
    ($($t:tt)*) => {
        say_line(format_args!($($t)*))
    };
}

fn say_str(line: &str) {
    say!("{line}");
}

fn say_line(line: std::fmt::Arguments) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_fmt(line).and_then(|()| out.write_all(b"\n")) {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("cannot write the output: {e}");
            std::process::exit(1);
        }
        std::process::exit(0);
    }
}

#[derive(Parser)]
#[command(
    name = "fray",
    version,
    about = "Turn-based tactical skirmishes under three tabletop rulesets"
)]
struct Cli {
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

/// How `fray play` opens the window.
#[derive(clap::Args)]
struct PlayArgs {
    /// A built-in scenario's name or a scenario file.
    scenario: Option<String>,
    /// Open a lesson (`zones/01-a-round-and-a-turn`, see `fray lessons`) instead.
    #[arg(long)]
    lesson: Option<String>,
    /// Who sits at each faction, e.g. `person,ai` or `ai,ai`; `gm:person` seats a
    /// person at the GM's seat.
    #[arg(long)]
    seats: Option<String>,
    /// Exit after this many frames (for tests and CI).
    #[arg(long)]
    frames: Option<u32>,
    /// Write a PNG of the last frame before exiting.
    #[arg(long)]
    screenshot: Option<PathBuf>,
    /// Take the screenshot as soon as an attack's line (in Coterie, the two efforts) is drawn (for CI).
    #[arg(long)]
    shot_on_attack: bool,
    /// Take the screenshot as soon as a roll's dice have settled on the board (for CI).
    #[arg(long)]
    shot_on_dice: bool,
    /// Take the screenshot at a critical hit's moment (for the README).
    #[arg(long)]
    shot_on_critical: bool,
    /// Open the menu with the scenario and seats chosen, rather than the battle (for the
    /// README's picture of the menu).
    #[arg(long)]
    menu: bool,
    /// Go on to the result screen as soon as the battle ends (for its picture).
    #[arg(long)]
    result: bool,
    /// Take the first N decisions a person faces with the choice the menu starts on (for
    /// screenshots of a turn under way).
    #[arg(long, default_value_t = 0)]
    take: u32,
    /// With --take: stop taking at the first decision whose title holds these words (for
    /// screenshots of that decision).
    #[arg(long)]
    take_until: Option<String>,
    /// With --take-until: at that decision, open these rows of the menu one step after
    /// another, as Enter would (a verb's choices, a composed choice's next piece): `0,1` opens
    /// the first row, then the second row of what it lists.
    #[arg(long, value_delimiter = ',')]
    open: Vec<usize>,
    /// Play the battle to its end without a window and print how it ended (needs --seats
    /// with no person).
    #[arg(long)]
    headless: bool,
    /// The table rolls its own dice: every roll is asked for and typed in.
    #[arg(long)]
    table_dice: bool,
    /// Resume the newest unfinished battle, as the menu's Continue does.
    #[arg(long = "continue")]
    resume: bool,
    /// The language of the words, for this run: en, or pseudo (every message lengthened and
    /// accented, to find text that is not in the catalogues).
    #[arg(long)]
    lang: Option<String>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

impl Default for PlayArgs {
    /// The menu, as `fray` alone opens it.
    fn default() -> Self {
        PlayArgs {
            scenario: None,
            lesson: None,
            seats: None,
            frames: None,
            screenshot: None,
            shot_on_attack: false,
            shot_on_dice: false,
            shot_on_critical: false,
            menu: false,
            result: false,
            take: 0,
            take_until: None,
            open: Vec::new(),
            headless: false,
            table_dice: false,
            resume: false,
            lang: None,
            seed: 1,
        }
    }
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        None => play(PlayArgs::default()),
        Some(Command::Play(args)) => play(args),
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
                log: log.then_some(say_str as fn(&str)),
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
        }) => match fray::lessons::trace(&id) {
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

#[cfg(feature = "game")]
fn play(args: PlayArgs) -> ExitCode {
    use fray::game::{self, SeatKind, flow::BattleSetup};
    let PlayArgs {
        scenario,
        lesson,
        seats,
        frames,
        screenshot,
        shot_on_attack,
        shot_on_dice,
        shot_on_critical,
        menu,
        result,
        take,
        take_until,
        open,
        headless,
        table_dice,
        resume,
        lang,
        seed,
    } = args;
    let lang = match lang
        .as_deref()
        .map(|code| (code, fray::words::Lang::from_code(code)))
    {
        None => None,
        Some((_, Some(l))) => Some(l),
        Some((code, None)) => {
            let known: Vec<&str> = fray::words::Lang::ALL.iter().map(|l| l.code()).collect();
            eprintln!(
                "--lang: no language \"{code}\" (known: {})",
                known.join(", ")
            );
            return ExitCode::from(2);
        }
    };
    let mut launch = game::Launch {
        battle: None,
        frames,
        screenshot,
        shot_on_attack,
        shot_on_dice,
        shot_on_critical,
        menu,
        result,
        take,
        take_until,
        open,
        table_dice,
        resume_latest: resume,
        lang,
    };
    if scenario.is_some() || seats.is_some() {
        let mut setup = BattleSetup::default();
        if let Some(s) = scenario {
            if let Err(e) = fray::catalogue::load(&s) {
                return report(e);
            }
            setup.scenario = s;
        }
        if let Some(list) = seats {
            match game::seats::parse_seats(&list) {
                Ok((kinds, gm)) => {
                    setup.seats = kinds;
                    setup.gm = gm.unwrap_or(setup.gm);
                }
                Err(e) => return report(e),
            }
        }
        setup.seed = seed;
        launch.battle = Some(setup);
    }
    if let Some(id) = lesson {
        if let Err(e) = fray::lessons::check_lesson(&id) {
            return report(e);
        }
        launch.battle = Some(BattleSetup {
            lesson: Some(fray::game::flow::LessonStart::new(id)),
            ..BattleSetup::default()
        });
    }
    if headless {
        let Some(setup) = launch.battle else {
            return report("--headless needs a scenario or --seats");
        };
        if setup.seats.contains(&SeatKind::Person) || setup.gm == SeatKind::Person {
            return report("--headless cannot seat a person: use AI levels in --seats");
        }
        say!("{}", game::run_headless(setup, 1_000_000));
        return ExitCode::SUCCESS;
    }
    match game::run(launch) {
        bevy::app::AppExit::Success => ExitCode::SUCCESS,
        bevy::app::AppExit::Error(_) => ExitCode::FAILURE,
    }
}

#[cfg(feature = "game")]
fn watch(file: &Path) -> ExitCode {
    use fray::game::{self, flow::BattleSetup};
    let (r, _) = match replay::load(file) {
        Ok(x) => x,
        Err(e) => return report(e),
    };
    let ReplayDice::Seed(seed) = r.dice else {
        return report(format!(
            "{}: only replays with a dice seed can be watched",
            file.display()
        ));
    };
    let setup = BattleSetup {
        scenario: r.scenario,
        seed,
        watch: Some(r.actions),
        ..BattleSetup::default()
    };
    game::run(game::Launch {
        battle: Some(setup),
        ..game::Launch::default()
    });
    ExitCode::SUCCESS
}

#[cfg(not(feature = "game"))]
fn watch(_: &Path) -> ExitCode {
    report("this fray was built without the `game` feature: no window to watch in")
}

#[cfg(not(feature = "game"))]
fn play(_: PlayArgs) -> ExitCode {
    eprintln!(
        "This fray was built without the `game` feature, so it has no window.\n\
         Try `fray sim duel --games 100`, or build with `cargo run --release` to play."
    );
    ExitCode::from(2)
}

/// A ruleset named on the command line that Fray does not have: the same words and the same
/// exit status (2, a usage error, as for any other bad argument) from every command.
fn unknown_ruleset(r: &str) -> Option<ExitCode> {
    if fray::rulesets::IDS.contains(&r) {
        return None;
    }
    eprintln!(
        "unknown ruleset \"{r}\" (known: {})",
        fray::rulesets::IDS.join(", ")
    );
    Some(ExitCode::from(2))
}

fn report<E: std::fmt::Display>(e: E) -> ExitCode {
    eprintln!("{e}");
    ExitCode::FAILURE
}

fn run_sim(name: &str, json: bool, ai: Option<&str>, sims: sim::Batch) -> ExitCode {
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
        let seated: Vec<&str> = (0..factions.len())
            .map(|f| levels[f % levels.len()].name())
            .collect();
        say!(
            "{} ({}), {games} battles, {}",
            loaded.scenario.name,
            loaded.ruleset(),
            seated.join(" against ")
        );
        for (n, w) in factions.iter().zip(&wins) {
            say!("  {n:<20} {w:>6} wins");
        }
        say!("  {:<20} {draws:>6}", "draws");
        say!("  {:<20} {unfinished:>6}", "unfinished");
        say!("  mean rounds {mean_rounds:.2}, {per_sec:.0} battles per second ({threads} at once)");
    }
    if unfinished > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Scripted dice nothing rolled: a note, or under `--strict` an error (false).
fn dice_left_over(name: &str, left: &[u8], strict: bool) -> bool {
    if left.is_empty() {
        return true;
    }
    let values: Vec<String> = left.iter().map(ToString::to_string).collect();
    eprintln!(
        "{name}: {} {} scripted dice {} never rolled: {}",
        if strict { "error:" } else { "note:" },
        left.len(),
        if left.len() == 1 { "was" } else { "were" },
        values.join(", ")
    );
    !strict
}

fn run_replay(file: &Path, json: bool, strict: bool) -> ExitCode {
    let (r, src) = match replay::load(file) {
        Ok(x) => x,
        Err(e) => return report(e),
    };
    let name = file.display().to_string();
    match replay::run(&r, &name, &src) {
        Ok(run) => {
            for w in &run.warnings {
                eprintln!("warning: {w}");
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
                say!("final state hash {:016x}", run.final_hash);
                if run.outcome.is_none() {
                    say!("the battle is unfinished: no side has won yet");
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
            if let replay::ReplayError::Refused { index, .. } = e.cause() {
                let before = Replay::new(
                    r.scenario.clone(),
                    r.dice.clone(),
                    r.actions.truncated(*index),
                );
                if let Ok(run) = replay::run(&before, &name, &replay::to_ron(&before)) {
                    print_lines(&run.lines, json);
                }
            }
            report(e)
        }
    }
}

fn seal(file: &Path) -> ExitCode {
    let name = file.display().to_string();
    let src = match scenario::error::read(file) {
        Ok(s) => s,
        Err(e) => return report(e),
    };
    match replay::seal_text(&name, &src) {
        Ok(sealed) if sealed == src => {
            say!("{name}: already sealed, and it replays as sealed");
            ExitCode::SUCCESS
        }
        Ok(sealed) => match std::fs::write(file, sealed) {
            Ok(()) => {
                say!("{name}: sealed");
                ExitCode::SUCCESS
            }
            Err(e) => report(format!("{name}: cannot write: {e}")),
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

/// `fray generate`: the scenario's file on stdout or at `out`, how even it is on stderr.
fn generate(ruleset: &str, seed: u64, size: &str, out: Option<&Path>, force: bool) -> ExitCode {
    if let Some(code) = unknown_ruleset(ruleset) {
        return code;
    }
    let Some(size) = fray::generate::Size::parse(size) else {
        eprintln!("unknown size \"{size}\" (known: small, medium, large)");
        return ExitCode::from(2);
    };
    if let Some(out) = out
        && out.exists()
        && !force
    {
        return report(format!(
            "{}: a file is already there; name another --out, or add --force to write over it",
            out.display()
        ));
    }
    let started = Instant::now();
    let made = match fray::generate::generate(ruleset, seed, size, &Default::default()) {
        Ok(g) => g,
        Err(e) => return report(e),
    };
    let b = &made.balance;
    eprintln!(
        "{}: {} {:.0}% over {} battles between normal AIs, {:.1} rounds on average; {} drafts set aside, {} knob turns, {:.2} s",
        made.scenario.name,
        b.factions.first().map_or("", String::as_str),
        b.first_share() * 100.0,
        b.battles,
        b.mean_rounds(),
        b.drafts,
        b.turns,
        started.elapsed().as_secs_f64()
    );
    match out {
        Some(out) => match std::fs::write(out, &made.text) {
            Ok(()) => {
                say!("{}", out.display());
                ExitCode::SUCCESS
            }
            Err(e) => report(format!("{}: cannot write it: {e}", out.display())),
        },
        None => {
            say!("{}", made.text.trim_end());
            ExitCode::SUCCESS
        }
    }
}

fn record(name: &str, seed: u64, out: &Path, force: bool) -> ExitCode {
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
    let (r, round) = match loaded.setup.visit(Record { name, seed }) {
        Ok(x) => x,
        Err(e) => return report(e),
    };
    if let Err(e) = write_replay(&r, name, &named, out) {
        return report(e);
    }
    say!(
        "{}: {} actions, round {round}",
        out.display(),
        r.actions.len()
    );
    ExitCode::SUCCESS
}

/// Whether a replay of scenario `name` may be written at `out`, and how it names the
/// scenario from there. Nothing is lost to a replay: not its own scenario, whatever --force
/// says, and not another file unless asked.
fn replay_place(name: &str, out: &Path, force: bool) -> Result<String, String> {
    if out.exists() {
        if scenario::same_file(Path::new(name), out) {
            return Err(format!(
                "{}: this is the scenario being played; the replay would overwrite it: name another --out",
                out.display()
            ));
        }
        if !force {
            return Err(format!(
                "{}: a file is already there; name another --out, or add --force to write over it",
                out.display()
            ));
        }
    }
    // The replay names its scenario as a replay reads it: a built-in one by its name, a file
    // by its path from the replay's own folder, which it must lie in.
    recorded_name(name, out)
}

/// Writes a replay made with the scenario as found from here (`name`), naming it as the
/// replay will find it (`named`).
fn write_replay(r: &Replay, name: &str, named: &str, out: &Path) -> Result<(), String> {
    let mut text = replay::to_ron(r);
    if named != name
        && let (Ok(was), Ok(now)) = (ron::to_string(name), ron::to_string(named))
    {
        text = text.replacen(&format!("scenario: {was}"), &format!("scenario: {now}"), 1);
    }
    std::fs::write(out, text).map_err(|e| format!("{}: cannot write: {e}", out.display()))
}

fn referee(name: &str, out: Option<&Path>, force: bool) -> ExitCode {
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
    });
    drop(shown);
    let mut done = match played {
        Ok(d) => d,
        Err(e) => return report(e),
    };
    if let (Some(out), Some(named)) = (out, named) {
        if done.finished {
            // A whole battle is sealed, as a recorded one is; one cut short stays open.
            if let Err(e) = replay::seal(&mut done.replay) {
                return report(e);
            }
        }
        if let Err(e) = write_replay(&done.replay, name, &named, out) {
            return report(e);
        }
        say!(
            "{}: {} actions kept, with the dice the table rolled",
            out.display(),
            done.replay.actions.len()
        );
    }
    ExitCode::SUCCESS
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
        return Err(format!(
            "{}: cannot find the folder it is written to",
            out.display()
        ));
    };
    match scenario.strip_prefix(&dir) {
        Ok(rel) => Ok(rel.to_string_lossy().replace('\\', "/")),
        Err(_) => Err(format!(
            "{}: a replay reads its scenario only from its own folder or below it, and {name} lies outside {}: write the replay beside the scenario or above it",
            out.display(),
            dir.display()
        )),
    }
}

/// One random-policy battle, kept as a replay, and the round it ended in.
struct Record<'a> {
    name: &'a str,
    seed: u64,
}

impl Visit for Record<'_> {
    type Out = Result<(Replay, u32), String>;

    fn visit<G: Game>(self, setup: &G::Setup) -> Self::Out {
        let seed = self.seed;
        let mut dice = SeededDice::new(seed);
        let (mut state, _) = G::start(setup, &mut dice)
            .map_err(|e| fray::words::english().error(&e, &fray::rules::line::NoNames))?;
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
        .map_err(|e| fray::words::english().error(&e, &state))?;
        let mut r = Replay::new(
            self.name.to_string(),
            ReplayDice::Seed(seed),
            G::wrap(actions).ok_or("this ruleset's battles cannot be saved as replays")?,
        );
        replay::seal(&mut r).map_err(|e| e.to_string())?;
        debug_assert_eq!(r.final_hash, Some(replay::state_hash::<G>(&state)));
        Ok((r, G::round(&state)))
    }
}

/// `fray lessons`: the courses, or what they leave untaught.
fn lessons(ruleset: Option<&str>, coverage: bool, json: bool) -> ExitCode {
    if let Some(code) = ruleset.and_then(unknown_ruleset) {
        return code;
    }
    let rulesets: Vec<&str> = ruleset.map_or_else(|| fray::rulesets::IDS.to_vec(), |r| vec![r]);
    if !coverage {
        for r in &rulesets {
            say!("{r}:");
            match fray::lessons::course(r) {
                Ok(course) => {
                    for (id, title, about) in course {
                        say!("  {id}: {title} — {about}");
                    }
                }
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::FAILURE;
                }
            }
        }
        return ExitCode::SUCCESS;
    }
    let mut all = serde_json::Map::new();
    for r in &rulesets {
        match fray::lessons::coverage::coverage(r) {
            Ok(c) => {
                if !json {
                    say!(
                        "{r}: {} of {} paragraphs taught; untaught: {}",
                        c.taught,
                        c.paragraphs,
                        if c.untaught.is_empty() {
                            "none".to_string()
                        } else {
                            c.untaught.join(", ")
                        }
                    );
                }
                all.insert(r.to_string(), serde_json::to_value(&c).unwrap_or_default());
            }
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        }
    }
    if json {
        say!("{}", serde_json::Value::Object(all));
    }
    ExitCode::SUCCESS
}

fn check(files: &[PathBuf], strict: bool) -> ExitCode {
    let mut failed = false;
    for f in files {
        let name = f.display().to_string();
        let src = match scenario::error::read(f) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("{e}");
                failed = true;
                continue;
            }
        };
        let result = if fray::lessons::is_lesson(&src) {
            fray::lessons::check_file(&name, &src).map_err(|e| e.to_string())
        } else if replay::is_replay(&src) {
            replay::parse(&name, &src)
                .map_err(|e| e.to_string())
                .and_then(|r| {
                    replay::run(&r, &name, &src)
                        .map_err(|e| e.to_string())
                        .and_then(|run| {
                            for w in &run.warnings {
                                eprintln!("warning: {w}");
                            }
                            if run.outcome.is_none() {
                                say!("{name}: the battle is unfinished: no side has won yet");
                            }
                            if dice_left_over(&name, &run.dice_left, strict) {
                                Ok(())
                            } else {
                                Err(format!(
                                    "{name}: the scripted dice must all be rolled (--strict)"
                                ))
                            }
                        })
                })
        } else {
            let id = f
                .file_stem()
                .map_or_else(|| name.clone(), |s| s.to_string_lossy().into_owned());
            scenario::load_str(&id, &name, &src)
                .map(|_| ())
                .map_err(|e| e.to_string())
        };
        match result {
            Ok(()) => say!("{name}: ok"),
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

fn rules(ruleset: Option<&str>) -> ExitCode {
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
            None => {
                unknown_ruleset(r).unwrap_or_else(|| report(format!("no rules notes for \"{r}\"")))
            }
        },
    }
}

/// `fray bench ai`: `cfg` as the command line gave it, its levels still to read from `levels`.
fn bench(
    what: &str,
    json: bool,
    levels: Option<&str>,
    mut cfg: fray::bench::BenchConfig,
) -> ExitCode {
    if what != "ai" {
        return report(format!(
            "unknown benchmark \"{what}\" (known: ai, generate)"
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
        say!("{}", r.table().trim_end());
    }
    ExitCode::SUCCESS
}

/// `fray bench generate`: seeds 1 to N of each ruleset made and measured.
fn bench_generate(json: bool, seeds: Option<u32>, size: &str, ruleset: Option<&str>) -> ExitCode {
    if let Some(code) = ruleset.and_then(unknown_ruleset) {
        return code;
    }
    let Some(size) = fray::generate::Size::parse(size) else {
        eprintln!("unknown size \"{size}\" (known: small, medium, large)");
        return ExitCode::from(2);
    };
    let rows = fray::generate::bench::run(seeds.unwrap_or(100), size, ruleset, &Default::default());
    if json {
        say!("{}", serde_json::to_string(&rows).unwrap_or_default());
    } else {
        say!("{}", fray::generate::bench::table(&rows).trim_end());
    }
    ExitCode::SUCCESS
}

/// A comma-separated list of AI levels, or `default` when none is given.
fn parse_levels(list: Option<&str>, default: Vec<Level>) -> Result<Vec<Level>, String> {
    let Some(list) = list else {
        return Ok(default);
    };
    list.split(',')
        .map(|name| {
            Level::parse(name.trim())
                .ok_or_else(|| format!("unknown level \"{name}\" (random, easy, normal, hard)"))
        })
        .collect()
}
