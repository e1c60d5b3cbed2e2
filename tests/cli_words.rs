//! The command line's own words come from the catalogues (`assets/words/en/cli.ftl`): each
//! command that writes them run under `--lang pseudo`, and every line it writes of its own
//! checked for plain English. The values a line carries are left as they are written, so they
//! are taken out before the check: a file's path, a scenario's and its sides' names (every
//! string its file writes in quotes), a ruleset's id, a size, a scenario's id, a hash, and the
//! keywords a refusal lists. What another part of Fray writes in English by design is left out
//! too: a battle's events as `fray replay` and `fray referee` tell them, the referee's
//! questions (`fray-content`'s `referee`). Machine output (JSON, the RON of a generated
//! skirmish) is the same in every language.

mod support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use fray::words::looks_unconverted;

fn fray(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fray"))
        .args(args)
        .current_dir(support::root())
        .stdin(Stdio::null())
        .output()
        .expect("the fray binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("the output is UTF-8")
}

/// `fray ARGS --lang pseudo`, which must exit with `status`: its stdout and stderr.
fn pseudo(args: &[&str], status: i32) -> (String, String) {
    let o = fray(&[args, &["--lang", "pseudo"]].concat());
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert_eq!(
        o.status.code(),
        Some(status),
        "fray {}:\n{out}\n{err}",
        args.join(" ")
    );
    (out, err)
}

/// The lines of `written` that read as plain English once `values` are taken out of them.
fn unconverted(written: &str, values: &[impl AsRef<str>]) -> Vec<String> {
    let mut values: Vec<&str> = values
        .iter()
        .map(AsRef::as_ref)
        .filter(|v| !v.is_empty())
        .collect();
    // A longer value first, so that a shorter one inside it does not leave it in pieces.
    values.sort_by_key(|v| std::cmp::Reverse(v.len()));
    written
        .lines()
        .filter(|line| {
            let left = values
                .iter()
                .fold(line.to_string(), |l, v| l.replace(v, " "));
            looks_unconverted(&left)
        })
        .map(str::to_string)
        .collect()
}

/// Fails naming each line of `written` (what `what` wrote) left in plain English.
fn all_converted(what: &str, written: &str, values: &[impl AsRef<str>]) {
    let left = unconverted(written, values);
    assert!(
        left.is_empty(),
        "{what} writes plain English under the pseudo-locale:\n{}\n\nall it wrote:\n{written}",
        left.join("\n")
    );
}

/// Every string a scenario's file (or a replay's) writes in quotes: the names it gives.
fn quoted(src: &str) -> Vec<String> {
    src.split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

fn s(v: &[&str]) -> Vec<String> {
    v.iter().map(|x| x.to_string()).collect()
}

/// A folder of this test's own, removed when dropped.
struct Folder(PathBuf);

impl Folder {
    fn new(name: &str) -> Folder {
        let dir =
            std::env::temp_dir().join(format!("fray-cli-words-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Folder(dir)
    }

    fn file(&self, name: &str) -> String {
        self.0
            .join(name)
            .to_str()
            .expect("a UTF-8 path")
            .to_string()
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const RULESETS: &str = "zones, coterie, teams";
/// How a random skirmish's name is formed, and an example, as a wrong one's refusal gives them.
const NAMED: &str = "random-RULESET-SIZE-SEED";
const EXAMPLE: &str = "random-zones-medium-42";

/// `fray sim`'s table: the heading with the levels seated, each side's wins, the draws, the
/// unfinished, the speed.
#[test]
fn sim_writes_its_table_in_the_catalogues_words() {
    let loaded = fray::catalogue::load("duel").unwrap();
    let mut values = loaded.setup.factions();
    values.extend([loaded.scenario.name.clone(), loaded.ruleset().to_string()]);
    for seated in ["random", "hard,random"] {
        let (out, err) = pseudo(&["sim", "duel", "--games", "2", "--ai", seated], 0);
        all_converted("fray sim", &out, &values);
        assert!(err.is_empty(), "{err}");
        assert!(
            out.contains("Wardens"),
            "the sides' names stay as written:\n{out}"
        );
    }
}

/// `fray record`, `replay`, `replay --seal` and `check` of a replay: what each says of the
/// replay, the events `replay` tells and their rolls, and of the dice a replay scripts and
/// never rolls.
#[test]
fn record_replay_seal_and_check_write_in_the_catalogues_words() {
    let dir = Folder::new("replays");
    let file = dir.file("duel.ron");
    let (out, _) = pseudo(&["record", "duel", "--seed", "6", "--out", &file], 0);
    all_converted("fray record", &out, &[&file]);

    let (r, src) = fray::replay::load(Path::new(&file)).unwrap();
    let run = fray::replay::run(&r, &file, &src).unwrap();
    let hash = format!("{:016x}", run.final_hash);
    let (out, err) = pseudo(&["replay", &file], 0);
    assert!(out.contains(&hash), "the hash stays as it is:\n{out}");
    // Every event of the battle is told, in the pseudo-locale's words.
    assert!(out.lines().count() > run.lines.len(), "{out}");
    let english = run.lines.iter().find(|l| !l.text.is_empty()).unwrap();
    assert!(
        !out.contains(&english.text),
        "{}: told in English",
        english.text
    );
    // The names the battle gives, and the hash, stay as they are.
    let loaded = fray::catalogue::load("duel").unwrap();
    let mut values = quoted(
        &std::fs::read_to_string(support::root().join("assets/scenarios/duel.ron")).unwrap(),
    );
    values.extend(loaded.setup.factions());
    values.push(hash.clone());
    // And each roll's paragraph of the rules notes, by its id.
    values.extend(
        run.lines
            .iter()
            .filter_map(|l| l.explanation.as_ref())
            .map(|x| format!("[{}]", x.rule)),
    );
    all_converted("fray replay", &out, &values);
    assert!(err.is_empty(), "{err}");
    let (json, _) = pseudo(&["replay", &file, "--json"], 0);
    for line in json.lines().filter(|l| l.contains("\"text\"")) {
        let told: fray::replay::ReplayLine = serde_json::from_str(line).unwrap();
        all_converted("fray replay --json", &told.text, &values);
    }

    let (out, _) = pseudo(&["replay", "--seal", &file], 0);
    all_converted("fray replay --seal", &out, &[&file]);
    let (out, _) = pseudo(&["check", &file], 0);
    all_converted("fray check", &out, &[&file]);

    // Dice scripted beyond those rolled: a note, and under --strict an error.
    let rolled = {
        let mut dice = fray::rules::dice::SeededDice::new(6);
        let mut rec = fray::rules::dice::RecordingDice::new(&mut dice);
        let fray::rulesets::Setup::Zones(setup) = fray::catalogue::load("duel").unwrap().setup
        else {
            panic!("the duel is Zones")
        };
        let fray::replay::ReplayActions::Zones(actions) = &r.actions else {
            panic!("a Zones replay")
        };
        use fray::rules::battle::Ruleset;
        let (mut state, _) = fray::rules::zones::Zones::start(&setup, &mut rec).unwrap();
        for a in actions {
            fray::rules::zones::Zones::apply(&mut state, a, &mut rec).unwrap();
        }
        rec.record
    };
    let list: Vec<String> = rolled.iter().chain(&[3, 4]).map(u8::to_string).collect();
    let extra = dir.file("extra.ron");
    std::fs::write(
        &extra,
        src.replace(
            "dice: Seed(6)",
            &format!("dice: Scripted([{}])", list.join(", ")),
        ),
    )
    .unwrap();
    let values = [extra.clone(), "3, 4".to_string()];
    let (out, err) = pseudo(&["check", &extra], 0);
    all_converted("fray check", &out, &values);
    all_converted("fray check", &err, &values);
    assert!(err.contains("3, 4"), "{err}");
    let (out, err) = pseudo(&["check", "--strict", &extra], 1);
    all_converted("fray check --strict", &out, &values);
    all_converted("fray check --strict", &err, &values);

    // Written over only when asked; never over its scenario.
    let (_, err) = pseudo(&["record", "duel", "--out", &file], 1);
    all_converted("fray record", &err, &[&file]);
    let scenario = dir.file("mine.ron");
    std::fs::copy(support::root().join("assets/scenarios/duel.ron"), &scenario).unwrap();
    let (_, err) = pseudo(&["record", &scenario, "--out", &scenario], 1);
    all_converted("fray record", &err, &[&scenario]);
}

/// `fray referee --out`: every line it writes, the questions it asks included (the input
/// here ends at the first roll asked for), and what it says of the replay it keeps.
#[test]
fn referee_says_what_it_kept_in_the_catalogues_words() {
    let dir = Folder::new("referee");
    let file = dir.file("table.ron");
    let (out, _) = pseudo(&["referee", "duel", "--out", &file], 0);
    let last = out.lines().last().unwrap_or_default();
    assert!(last.starts_with(&file), "{out}");
    let loaded = fray::catalogue::load("duel").unwrap();
    let mut values = loaded.setup.factions();
    values.push(file.clone());
    let values: Vec<&str> = values.iter().map(String::as_str).collect();
    assert!(out.lines().count() > 2, "it asks before it ends:\n{out}");
    all_converted("fray referee", &out, &values);
}

/// `fray generate`: how even the skirmish came out, on stderr; the file itself, on stdout, the
/// same in every language.
#[test]
fn generate_says_how_even_in_the_catalogues_words() {
    let args = ["generate", "zones", "--seed", "3", "--size", "small"];
    let (out, err) = pseudo(&args, 0);
    let english = fray(&args);
    assert!(english.status.success());
    assert_eq!(
        out,
        text(&english.stdout),
        "the scenario's file is machine output"
    );
    let mut values = quoted(&out);
    values.extend(s(&["zones", "small"]));
    all_converted("fray generate", &err, &values);
}

/// `fray lessons --coverage`: each course's paragraphs taught; the JSON the same in every
/// language.
#[test]
fn lessons_coverage_in_the_catalogues_words() {
    let (out, _) = pseudo(&["lessons", "--coverage"], 0);
    let ids: Vec<String> = fray::rulesets::IDS.iter().map(|r| r.to_string()).collect();
    all_converted("fray lessons --coverage", &out, &ids);
    let (json, _) = pseudo(&["lessons", "--coverage", "--json"], 0);
    let english = fray(&["lessons", "--coverage", "--json"]);
    assert_eq!(json, text(&english.stdout));
}

/// `fray bench ai` and `fray bench generate`: their tables' headings and rows.
#[test]
fn bench_tables_in_the_catalogues_words() {
    let (out, _) = pseudo(
        &[
            "bench",
            "ai",
            "--ruleset",
            "zones",
            "--levels",
            "random,easy",
            "--games",
            "1",
        ],
        0,
    );
    let scenarios = fray::scenario::BUILTIN.iter().map(|(n, _)| n.to_string());
    all_converted("fray bench ai", &out, &scenarios.collect::<Vec<_>>());
    let (out, _) = pseudo(
        &[
            "bench",
            "generate",
            "--ruleset",
            "teams",
            "--generated",
            "1",
            "--size",
            "small",
        ],
        0,
    );
    all_converted("fray bench generate", &out, &s(&["teams", "small"]));
}

/// Each refusal of what was typed: an unknown ruleset, size, level or benchmark, a random
/// skirmish's name gone wrong; and `fray play` built without its window.
#[test]
fn refusals_in_the_catalogues_words() {
    let cases: &[(&[&str], i32, Vec<String>)] = &[
        (&["generate", "chess"], 2, s(&["chess", RULESETS])),
        (&["lessons", "chess"], 2, s(&["chess", RULESETS])),
        (
            &["generate", "zones", "--size", "huge"],
            2,
            s(&["huge", "small, medium, large"]),
        ),
        (
            &["bench", "generate", "--size", "huge"],
            2,
            s(&["huge", "small, medium, large"]),
        ),
        (
            &["sim", "duel", "--ai", "klingon"],
            1,
            s(&["klingon", "random, easy, normal, hard"]),
        ),
        (&["bench", "quantum"], 1, s(&["quantum", "ai, generate"])),
        // A random skirmish's name gone wrong, each part: the generator's own refusals (the
        // form of a name and its example are names).
        (
            &["sim", "random-zones-huge-1"],
            1,
            s(&[
                "random-zones-huge-1",
                "huge",
                "small, medium, large",
                NAMED,
                EXAMPLE,
            ]),
        ),
        (
            &["sim", "random-chess-small-1"],
            1,
            s(&["random-chess-small-1", "chess", RULESETS, NAMED, EXAMPLE]),
        ),
        (
            &["sim", "random-zones-small-x"],
            1,
            s(&["random-zones-small-x", "\"x\"", NAMED, EXAMPLE]),
        ),
        (
            &["sim", "random-zones"],
            1,
            s(&["random-zones", NAMED, EXAMPLE]),
        ),
    ];
    for (args, status, values) in cases {
        let (out, err) = pseudo(args, *status);
        assert!(out.is_empty(), "{out}");
        assert!(!err.trim().is_empty(), "fray {} says why", args.join(" "));
        all_converted(&format!("fray {}", args.join(" ")), &err, values);
    }
    #[cfg(not(feature = "game"))]
    {
        let (_, err) = pseudo(&["play"], 2);
        let commands = s(&["`fray sim duel --games 100`", "`cargo run --release`"]);
        all_converted("fray play", &err, &commands);
    }
}

/// The check itself finds English: the same commands in English fail it, so a pass above is
/// the catalogues' doing.
#[test]
fn english_is_found() {
    let o = fray(&["sim", "duel", "--games", "1"]);
    let loaded = fray::catalogue::load("duel").unwrap();
    let mut values = loaded.setup.factions();
    values.extend([loaded.scenario.name.clone(), loaded.ruleset().to_string()]);
    assert!(!unconverted(&text(&o.stdout), &values).is_empty());
    let o = fray(&["generate", "chess", "--lang", "en"]);
    assert!(!unconverted(&text(&o.stderr), &s(&["chess", RULESETS])).is_empty());
}

/// `fray check` of every broken scenario, campaign, lesson and replay file (`tests/broken/`): each
/// error comes from the catalogue, and nothing of it is left in English but what the file
/// itself writes (its names, fields and keywords), the names of the shipped things an error
/// lists, and the RON and JSON readers' own accounts of a file they cannot read (the `ron`
/// crate's words, framed by the catalogue's "(column N)"; `serde_json`'s, "at line L column C").
#[test]
fn a_broken_files_errors_are_said_in_the_catalogues_words() {
    let folder = support::root().join("tests/broken");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| !p.to_string_lossy().ends_with(".expect"))
        .collect();
    files.sort();
    assert!(files.len() > 40, "{} broken files", files.len());
    let pseudo_column = fray::words::of(fray::words::Lang::Pseudo).say_with(
        "data-at-column",
        &[
            ("what", fray::words::Value::Text(String::new())),
            ("column", fray::words::Value::Number(1.0)),
        ],
    );
    let pseudo_column = pseudo_column.trim().trim_end_matches("1)").to_string();
    // The shipped scenarios by id, and every name they give (a lesson's errors list the
    // places of the scenario it names).
    let scenarios = fray::scenario::BUILTIN
        .iter()
        .chain(fray::scenario::CAMPAIGN_SCENARIOS)
        .chain(fray::scenario::LESSON_SCENARIOS);
    let mut shipped: Vec<String> = scenarios
        .flat_map(|(id, src)| std::iter::once(id.to_string()).chain(quoted(src)))
        .collect();
    shipped.extend(fray::art::Atlas::get().keys.iter().cloned());
    // The rules notes' paragraphs by their ids (a refused roll names its rule).
    for (_, text) in fray::rules::notes::ALL {
        shipped.extend(
            fray::rules::notes::paragraph_ids(text)
                .iter()
                .map(|id| id.to_string()),
        );
    }
    // The records a file is written as: notation, not words.
    shipped.extend(s(&["Scenario", "Replay", "Lesson", "Campaign"]));
    // A replay's errors name the scenario file it names, beside it.
    shipped.extend(files.iter().map(|p| p.display().to_string()));
    shipped.push(format!("{}/", folder.display()));
    for path in files {
        let file = path.display().to_string();
        let src = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
        let o = fray(&["check", &file, "--lang", "pseudo"]);
        assert_eq!(o.status.code(), Some(1), "{file}");
        let err = text(&o.stderr);
        let mut values: Vec<String> = src
            .split(|c: char| !c.is_alphanumeric() && c != '_' && c != '-' && c != '.')
            .map(str::to_string)
            .collect();
        values.extend(quoted(&src));
        values.extend(shipped.iter().cloned());
        // A state's hash, in hexadecimal, is a figure.
        values.extend(
            err.split(|c: char| !c.is_ascii_alphanumeric())
                .filter(|w| w.len() == 16 && w.chars().all(|c| c.is_ascii_hexdigit()))
                .map(str::to_string),
        );
        for line in err.lines().filter(|l| !l.trim().is_empty()) {
            // The JSON reader's own account of a file it cannot read, whole.
            if line.contains(" at line ") && line.contains(" column ") {
                continue;
            }
            // Each error is a message of the catalogue's, in the pseudo-locale's letters.
            assert!(line.contains('~'), "{file}: not the catalogue's: {line}");
            if line.contains(&pseudo_column) {
                continue;
            }
            all_converted(&format!("fray check {file}"), line, &values);
        }
    }
}
