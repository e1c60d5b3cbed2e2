//! The `fray` command line: plays with no arguments; simulates, replays, checks and explains with
//! subcommands.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};

use fray::ai::{Level, Policy, RandomPolicy};
use fray::replay::{self, Replay, ReplayDice};
use fray::rules::dice::SeededDice;
use fray::rules::notes;
use fray::rulesets::{Game, Visit};
use fray::words::{Lang, Value, Words};
use fray::{catalogue, scenario, sim};

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
            eprintln!("{}", text("cli-cannot-write-output", &[("error", txt(e))]));
            std::process::exit(1);
        }
        std::process::exit(0);
    }
}

/// The language the command line speaks, as `--lang` chose it: set once, before anything is
/// written; English until then.
static LANG: std::sync::OnceLock<Lang> = std::sync::OnceLock::new();

/// The command line's own words (`assets/words/en/cli.ftl`), in the language `--lang` chose.
fn words() -> &'static Words {
    fray::words::of(LANG.get().copied().unwrap_or_default())
}

/// The message `id` with its values, in the command line's language.
fn text(id: &str, args: &[(&str, Value)]) -> String {
    words().say_with(id, args)
}

/// A value written as it is: a name, a path, a keyword, a number already written.
fn txt(value: impl std::fmt::Display) -> Value {
    Value::Text(value.to_string())
}

/// A count, for the message to choose its words by.
fn count(n: impl TryInto<u32>) -> Value {
    Value::Number(f64::from(n.try_into().unwrap_or(u32::MAX)))
}

/// A file's path, as a message names it.
fn path_value(path: &Path) -> Value {
    txt(path.display())
}

/// `--lang`'s code read, or refused in the words of the languages there are.
fn parse_lang(code: &str) -> Result<Lang, String> {
    Lang::from_code(code).ok_or_else(|| {
        let known: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
        fray::words::english().say_with(
            "cli-unknown-language",
            &[("code", txt(code)), ("known", txt(known.join(", ")))],
        )
    })
}

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
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Start this campaign (a shipped one, a generated run as `run-zones-42`, or a file) and
    /// open its camp.
    #[arg(long)]
    campaign: Option<String>,
    /// With --campaign: go from the camp into its next battle at once, this many times (with
    /// --result and --go-on, one battle after another; --seats then seats the AI even at
    /// the company's side, for screenshots).
    #[arg(long, num_args = 0..=1, default_missing_value = "1", default_value_t = 0)]
    fight: u32,
    /// With --campaign and --result: go on from the result screen to the camp, as its
    /// button would.
    #[arg(long)]
    go_on: bool,
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
            seed: 1,
            campaign: None,
            fight: 0,
            go_on: false,
        }
    }
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

/// `fray play`: the window, in `lang` (None: as the settings say).
#[cfg(feature = "game")]
fn play(args: PlayArgs, lang: Option<Lang>) -> ExitCode {
    use fray::game::{self, SeatKind, battle::BattleSetup};
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
        seed,
        campaign,
        fight,
        go_on,
    } = args;
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
        campaign: None,
    };
    if let Some(id) = campaign {
        if let Err(e) = fray::campaign::load(&id) {
            return report(e);
        }
        launch.campaign = Some(game::CampaignLaunch {
            id,
            seed,
            fight,
            go_on,
            seats: None,
        });
    }
    if scenario.is_some() || seats.is_some() {
        let mut setup = BattleSetup::default();
        if let Some(s) = scenario {
            if let Err(e) = fray::catalogue::load(&s) {
                return report(e);
            }
            setup.scenario = s;
        }
        if let Some(list) = seats {
            match game::battle::parse_seats(&list) {
                Ok((kinds, gm)) => {
                    setup.seats = kinds;
                    setup.gm = gm.unwrap_or(setup.gm);
                }
                Err(e) => return report(e),
            }
        }
        setup.seed = seed;
        // A campaign's battle is the camp's to set up: the seats asked for go to it.
        match &mut launch.campaign {
            Some(c) => c.seats = Some((setup.seats, setup.gm)),
            None => launch.battle = Some(setup),
        }
    }
    if let Some(id) = lesson {
        if let Err(e) = fray::lessons::check_lesson(&id) {
            return report(e);
        }
        launch.battle = Some(BattleSetup {
            lesson: Some(fray::game::battle::LessonStart::new(id)),
            ..BattleSetup::default()
        });
    }
    if headless {
        let Some(setup) = launch.battle else {
            return report(text("cli-headless-needs-battle", &[]));
        };
        if setup.seats.contains(&SeatKind::Person) || setup.gm == SeatKind::Person {
            return report(text("cli-headless-no-person", &[]));
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
    use fray::game::{self, battle::BattleSetup};
    let (r, _) = match replay::load(file) {
        Ok(x) => x,
        Err(e) => return report(e),
    };
    let ReplayDice::Seed(seed) = r.dice else {
        return report(text("cli-watch-needs-seed", &[("file", path_value(file))]));
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
    report(text("cli-no-window-to-watch", &[]))
}

#[cfg(not(feature = "game"))]
fn play(_: PlayArgs, _: Option<Lang>) -> ExitCode {
    eprintln!(
        "{}",
        text(
            "cli-no-window",
            &[
                ("sim", txt("`fray sim duel --games 100`")),
                ("build", txt("`cargo run --release`")),
            ],
        )
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
        "{}",
        text(
            "cli-unknown-ruleset",
            &[
                ("ruleset", txt(r)),
                ("known", txt(fray::rulesets::IDS.join(", "))),
            ],
        )
    );
    Some(ExitCode::from(2))
}

/// An AI's level in words, as the menu names it.
fn level_word(level: Level) -> String {
    words().say_with("ai-level", &[("level", txt(level.name()))])
}

/// A size by its keyword; None, with the sizes there are said, for another.
fn parse_size(size: &str) -> Option<fray::generate::Size> {
    let found = fray::generate::Size::parse(size);
    if found.is_none() {
        eprintln!(
            "{}",
            text(
                "cli-unknown-size",
                &[
                    ("size", txt(size)),
                    ("known", txt(fray::generate::Size::known())),
                ],
            )
        );
    }
    found
}

/// What a replay's check found to warn of, in its own words.
fn warn(warning: impl std::fmt::Display) {
    eprintln!("{}", text("cli-warning", &[("warning", txt(warning))]));
}

fn cannot_write(path: &Path, e: &std::io::Error) -> String {
    text(
        "cli-cannot-write",
        &[("file", path_value(path)), ("error", txt(e))],
    )
}

fn report(e: impl Said) -> ExitCode {
    eprintln!("{}", e.spoken());
    ExitCode::FAILURE
}

/// A refusal as the command line writes it: in its language where the refusal is data (a
/// data file's errors), as it is where it is already written.
trait Said {
    fn spoken(&self) -> String;
}

impl Said for String {
    fn spoken(&self) -> String {
        self.clone()
    }
}

impl Said for fray::rules::Line {
    fn spoken(&self) -> String {
        words().line(self, &fray::rules::line::NoNames)
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

/// Scripted dice nothing rolled: a note, or under `--strict` an error (false).
fn dice_left_over(name: &str, left: &[u8], strict: bool) -> bool {
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

fn run_replay(file: &Path, json: bool, strict: bool) -> ExitCode {
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

fn seal(file: &Path) -> ExitCode {
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

/// `fray generate`: the scenario's file on stdout or at `out`, how even it is on stderr.
fn generate(ruleset: &str, seed: u64, size: &str, out: Option<&Path>, force: bool) -> ExitCode {
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
fn replay_place(name: &str, out: &Path, force: bool) -> Result<String, String> {
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
fn write_replay(r: &Replay, name: &str, named: &str, out: &Path) -> Result<(), String> {
    let mut text = replay::to_ron(r);
    if named != name
        && let (Ok(was), Ok(now)) = (ron::to_string(name), ron::to_string(named))
    {
        text = text.replacen(&format!("scenario: {was}"), &format!("scenario: {now}"), 1);
    }
    std::fs::write(out, text).map_err(|e| cannot_write(out, &e))
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
            if let Err(e) = replay::seal(&mut done.replay) {
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
            G::wrap(actions).ok_or_else(|| words().say("cli-not-replayable"))?,
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
                    let said = text(
                        "cli-lessons-coverage",
                        &[
                            ("ruleset", txt(r)),
                            ("taught", count(c.taught)),
                            ("paragraphs", count(c.paragraphs)),
                            ("left", count(c.untaught.len())),
                            ("untaught", txt(c.untaught.join(", "))),
                        ],
                    );
                    say!("{said}");
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
            None => unknown_ruleset(r)
                .unwrap_or_else(|| report(text("cli-no-rules-notes", &[("ruleset", txt(r))]))),
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
fn bench_generate(json: bool, seeds: Option<u32>, size: &str, ruleset: Option<&str>) -> ExitCode {
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

/// A comma-separated list of AI levels, or `default` when none is given.
fn parse_levels(list: Option<&str>, default: Vec<Level>) -> Result<Vec<Level>, String> {
    let Some(list) = list else {
        return Ok(default);
    };
    list.split(',')
        .map(|name| {
            Level::parse(name.trim()).ok_or_else(|| {
                let known: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
                text(
                    "cli-unknown-level",
                    &[("level", txt(name)), ("known", txt(known.join(", ")))],
                )
            })
        })
        .collect()
}
