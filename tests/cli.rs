//! The `fray` command line, run as a separate process: sim, record, replay, check and rules.

mod support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::Value;

fn fray(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fray"))
        .args(args)
        .current_dir(support::root())
        .output()
        .expect("the fray binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("stderr is UTF-8")
}

fn ok(args: &[&str]) -> String {
    let o = fray(args);
    assert!(
        o.status.success(),
        "fray {} failed ({}):\n{}\n{}",
        args.join(" "),
        o.status,
        stdout(&o),
        stderr(&o)
    );
    stdout(&o)
}

/// A temporary file that is removed when dropped; the name is unique to this process and call.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str) -> TempFile {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        TempFile(std::env::temp_dir().join(format!("fray-cli-{}-{n}-{name}", std::process::id())))
    }

    fn with(name: &str, text: &str) -> TempFile {
        let f = TempFile::new(name);
        std::fs::write(&f.0, text).unwrap();
        f
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("temp paths are UTF-8")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn builtin_names() -> Vec<&'static str> {
    fray::scenario::BUILTIN.iter().map(|(n, _)| *n).collect()
}

fn sim_json(scenario: &str, games: u32, seed: u64) -> Value {
    let out = ok(&[
        "sim",
        scenario,
        "--games",
        &games.to_string(),
        "--seed",
        &seed.to_string(),
        "--json",
    ]);
    let lines: Vec<&str> = out.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 1, "expected one JSON object:\n{out}");
    serde_json::from_str(lines[0]).unwrap_or_else(|e| panic!("{e}: {out}"))
}

fn count(v: &Value, key: &str) -> u64 {
    v[key]
        .as_u64()
        .unwrap_or_else(|| panic!("\"{key}\" should be a count in {v}"))
}

#[test]
fn sim_json_reports_every_game() {
    let v = sim_json("duel", 50, 3);
    assert!(v.is_object());
    for key in [
        "games",
        "wins",
        "draws",
        "unfinished",
        "mean_rounds",
        "battles_per_sec",
    ] {
        assert!(v.get(key).is_some(), "no \"{key}\" in {v}");
    }
    assert_eq!(count(&v, "games"), 50);
    assert_eq!(count(&v, "unfinished"), 0);
    let wins = v["wins"].as_object().expect("wins is an object");
    let mut names: Vec<&str> = wins.keys().map(String::as_str).collect();
    names.sort_unstable();
    assert_eq!(names, ["Reavers", "Wardens"]);
    let won: u64 = wins.values().map(|w| w.as_u64().expect("a count")).sum();
    assert_eq!(won + count(&v, "draws"), 50, "{v}");
    let rounds = v["mean_rounds"].as_f64().expect("mean_rounds is a number");
    assert!((1.0..=200.0).contains(&rounds), "{v}");
    assert!(v["battles_per_sec"].as_f64().expect("a number") > 0.0);
    assert_eq!(v["scenario"], "duel");
}

#[test]
fn sim_is_deterministic_for_a_seed() {
    let a = sim_json("duel", 30, 11);
    let b = sim_json("duel", 30, 11);
    assert_eq!(a["wins"], b["wins"]);
    assert_eq!(a["draws"], b["draws"]);
    assert_eq!(a["mean_rounds"], b["mean_rounds"]);
}

#[test]
fn sim_ends_every_battle_of_every_builtin_scenario() {
    for name in builtin_names() {
        let v = sim_json(name, 200, 7);
        assert_eq!(count(&v, "games"), 200, "{name}");
        assert_eq!(count(&v, "unfinished"), 0, "{name}: {v}");
        let won: u64 = v["wins"]
            .as_object()
            .unwrap_or_else(|| panic!("{name}: {v}"))
            .values()
            .map(|w| w.as_u64().unwrap())
            .sum();
        assert_eq!(won + count(&v, "draws"), 200, "{name}: {v}");
    }
}

#[test]
fn sim_table_names_the_factions() {
    let out = ok(&["sim", "ambush", "--games", "5"]);
    assert!(out.contains("Ambush on the Old Road"), "{out}");
    assert!(
        out.contains("Caravan") && out.contains("Road Wolves"),
        "{out}"
    );
    assert!(out.contains("unfinished"), "{out}");
}

#[test]
fn sim_of_an_unknown_scenario_fails_naming_the_builtin_ones() {
    let o = fray(&["sim", "no-such-scenario", "--games", "1"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    for name in builtin_names() {
        assert!(err.contains(name), "{err}");
    }
}

/// Records a duel and returns the replay file.
fn record(seed: u64) -> TempFile {
    let f = TempFile::new(&format!("duel-{seed}.ron"));
    let out = ok(&[
        "record",
        "duel",
        "--seed",
        &seed.to_string(),
        "--out",
        f.path(),
    ]);
    assert!(out.contains("actions"), "{out}");
    assert!(Path::new(f.path()).exists());
    f
}

#[test]
fn record_then_replay() {
    let f = record(5);
    let text = ok(&["replay", f.path()]);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() > 5, "{text}");
    assert!(lines[0].contains("hold the initiative"), "{text}");
    assert!(text.contains("The fight is over"), "{text}");
    let last = lines.last().unwrap();
    assert!(last.starts_with("final state hash "), "{last}");
    // The hash printed is the one recorded in the file.
    let (r, _) = fray::replay::load(Path::new(f.path())).unwrap();
    let want = format!("final state hash {:016x}", r.final_hash.unwrap());
    assert_eq!(*last, want);
}

#[test]
fn replay_json_prints_one_object_a_line() {
    let f = record(5);
    let plain = ok(&["replay", f.path()]);
    let json = ok(&["replay", "--json", f.path()]);
    let lines: Vec<&str> = json.lines().collect();
    let (last, events) = lines.split_last().unwrap();
    let mut texts = Vec::new();
    for line in events {
        let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
        assert!(v.is_object(), "{line}");
        let text = v["text"]
            .as_str()
            .unwrap_or_else(|| panic!("no text: {line}"));
        assert!(v.get("action").is_some(), "{line}");
        assert!(!v["kind"].is_null(), "each event's record: {line}");
        texts.push(text.to_string());
    }
    assert!(texts.len() > 5);
    // The last line holds the final state.
    let end: Value = serde_json::from_str(last).unwrap();
    let (r, _) = fray::replay::load(Path::new(f.path())).unwrap();
    assert_eq!(end["final_hash"], format!("{:016x}", r.final_hash.unwrap()));
    let names: Vec<&str> = end["final_state"]["characters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert!(names.len() >= 2, "{names:?}");
    // An event's record says what its text says, by name: whoever surrendered is named in
    // both, and stands surrendered after it.
    let surrender = events
        .iter()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|v| v["kind"]["StatusChanged"]["status"] == "Surrendered")
        .expect("the recorded duel ends in a surrender");
    let who = surrender["kind"]["StatusChanged"]["character"]
        .as_str()
        .unwrap();
    assert!(names.contains(&who), "{surrender}");
    assert!(
        surrender["text"].as_str().unwrap().contains(who),
        "{surrender}"
    );
    assert_eq!(surrender["after"][0]["name"], who, "{surrender}");
    let conditions = &surrender["after"][0]["conditions"];
    assert!(
        conditions
            .as_array()
            .unwrap()
            .contains(&Value::from("surrendered")),
        "{surrender}"
    );
    // Where one is moved, the record names the zones; a hurt one's health is given after.
    let moved = events
        .iter()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|v| !v["kind"]["Moved"].is_null())
        .expect("someone moves");
    let zones: Vec<&str> = end["final_state"]["zones"]
        .as_array()
        .unwrap()
        .iter()
        .map(|z| z["name"].as_str().unwrap())
        .collect();
    assert!(
        zones.contains(&moved["kind"]["Moved"]["to"].as_str().unwrap()),
        "{moved}"
    );
    // Every character a record names is shown after it, with its health.
    for v in events
        .iter()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
    {
        let Some((_, fields)) = v["kind"].as_object().and_then(|k| k.iter().next()) else {
            continue;
        };
        if let Some(who) = fields.get("character").and_then(Value::as_str) {
            let shown = v["after"].as_array().unwrap();
            assert!(
                shown
                    .iter()
                    .any(|c| c["name"] == who && c["counts"]["health"].is_u64()),
                "{v}"
            );
        }
    }
    // The same events as the plain listing, in the same order.
    let plain_texts: Vec<&str> = plain
        .lines()
        .filter(|l| !l.starts_with("    ⟨") && !l.starts_with("final state hash"))
        .collect();
    assert_eq!(texts, plain_texts);
}

#[test]
fn check_accepts_a_good_scenario() {
    let o = fray(&[
        "check",
        "assets/scenarios/duel.ron",
        "assets/scenarios/hold-the-mill.ron",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("assets/scenarios/duel.ron: ok"), "{out}");
    assert!(
        out.contains("assets/scenarios/hold-the-mill.ron: ok"),
        "{out}"
    );
}

#[test]
fn check_refuses_a_bad_scenario_with_file_and_line() {
    let src = fray::scenario::BUILTIN
        .iter()
        .find(|(n, _)| *n == "duel")
        .unwrap()
        .1;
    let bad = src.replace(r#"zone: "South Bank")"#, r#"zone: "South Bnak")"#);
    assert_ne!(bad, src);
    let line = bad.lines().position(|l| l.contains("South Bnak")).unwrap() + 1;
    let f = TempFile::with("bad.ron", &bad);
    let good = TempFile::with("good.ron", src);
    // A bad file fails the check even among good ones.
    let o = fray(&["check", good.path(), f.path()]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    let want = format!(
        "{}:{line}: character \"Brannoc\": zone \"South Bnak\" does not exist",
        f.path()
    );
    assert!(err.contains(&want), "expected {want}\ngot {err}");
    assert!(stdout(&o).contains(&format!("{}: ok", good.path())));
}

#[test]
fn check_refuses_a_syntax_error_with_its_line() {
    let f = TempFile::with(
        "syntax.ron",
        "Scenario(\n    name: \"Broken\"\n    rules: Zones(()),\n)\n",
    );
    let o = fray(&["check", f.path()]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.starts_with(&format!("{}:3: ", f.path())), "{err}");
}

#[test]
fn check_of_a_missing_file_fails() {
    let f = TempFile::new("never-written.ron");
    let o = fray(&["check", f.path()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains(&format!("{}:0: cannot read", f.path())));
}

#[test]
fn check_accepts_a_recorded_replay() {
    let f = record(9);
    let o = fray(&["check", f.path()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains(&format!("{}: ok", f.path())));
}

/// The recorded replay's text, and the 0-based line numbers of its actions, in order.
fn action_lines(text: &str) -> Vec<usize> {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.contains("actions"))
        .expect("an actions list");
    (start + 1..lines.len())
        .take_while(|&i| !lines[i].trim_start().starts_with(']'))
        .collect()
}

/// Replaces the action on line `at` (0-based) and returns the new text.
fn tamper(text: &str, at: usize, action: &str) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines[at] = format!("        {action},");
    lines.join("\n") + "\n"
}

#[test]
fn check_refuses_a_tampered_replay_naming_the_line() {
    let f = record(5);
    let text = std::fs::read_to_string(f.path()).unwrap();
    let actions = action_lines(&text);
    assert!(actions.len() > 4, "{text}");
    // ChooseFirst is legal only where nothing else is: replace an action that is not one.
    let (k, &at) = actions
        .iter()
        .enumerate()
        .skip(1)
        .find(|&(_, &l)| !text.lines().nth(l).unwrap().contains("ChooseFirst"))
        .expect("an action other than ChooseFirst");
    let bad = TempFile::with("tampered.ron", &tamper(&text, at, "ChooseFirst(0)"));
    let o = fray(&["check", bad.path()]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let err = stderr(&o);
    let want = format!("{}:{}: action {k} ", bad.path(), at + 1);
    assert!(err.starts_with(&want), "expected {want}…\ngot {err}");
    assert!(err.contains("was refused: illegal action"), "{err}");
    // Replaying it fails the same way.
    let o = fray(&["replay", bad.path()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).starts_with(&want));
}

#[test]
fn check_refuses_actions_naming_things_that_do_not_exist() {
    let f = record(5);
    let text = std::fs::read_to_string(f.path()).unwrap();
    let at = action_lines(&text)[2];
    for action in [
        "ChooseFirst(9)",
        "Activate(40)",
        "Move(40)",
        "Interact(3)",
        "PickUp(99)",
        "ProposeStunt(Disarm(99))",
        "Attack((attacker: 0, weapon: Item(99), target: Character(1), mode: Damage(hold_back: false)))",
        "Attack((attacker: 7, weapon: Unarmed, target: Zone(12), mode: Grapple))",
    ] {
        let bad = TempFile::with("nonsense.ron", &tamper(&text, at, action));
        let o = fray(&["check", bad.path()]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{action}: {err}");
        let want = format!("{}:{}: action 2 ", bad.path(), at + 1);
        assert!(
            err.starts_with(&want),
            "{action}: expected {want}…\ngot {err}"
        );
    }
}

#[test]
fn check_refuses_a_replay_whose_final_hash_differs() {
    let f = record(5);
    let text = std::fs::read_to_string(f.path()).unwrap();
    let (r, _) = fray::replay::load(Path::new(f.path())).unwrap();
    let h = r.final_hash.unwrap();
    let bad = text.replace(
        &format!("final_hash: Some({h})"),
        &format!("final_hash: Some({})", h ^ 1),
    );
    assert_ne!(bad, text);
    let bad = TempFile::with("diverged.ron", &bad);
    let o = fray(&["check", bad.path()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("the final state differs"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn check_accepts_a_json_replay() {
    let f = record(6);
    let (r, _) = fray::replay::load(Path::new(f.path())).unwrap();
    let json = TempFile::with("replay.json", &serde_json::to_string_pretty(&r).unwrap());
    let o = fray(&["check", json.path()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = ok(&["replay", json.path()]);
    assert!(text.contains("The fight is over"));
}

#[test]
fn rules_prints_the_notes() {
    let out = ok(&["rules", "zones"]);
    assert!(out.contains("## zones.attacking"), "{out}");
    assert_eq!(out.trim_end(), fray::rules::notes::ZONES.trim_end());
    let all = ok(&["rules"]);
    assert!(all.contains("## zones.attacking"));
}

/// `fray bench generate` makes each seed and reports how even and how long.
#[test]
fn the_generator_s_bench_reports_how_even_and_how_long() {
    let out = ok(&[
        "bench",
        "generate",
        "--json",
        "--generated",
        "2",
        "--size",
        "small",
    ]);
    let rows: Value = serde_json::from_str(out.trim()).unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 3, "{out}");
    for r in rows {
        assert_eq!(r["seeds"], 2, "{r}");
        assert_eq!(r["refused"], serde_json::json!([]), "{r}");
        let share = r["share"].as_array().unwrap();
        for s in share {
            let s = s.as_f64().unwrap();
            assert!((0.4..=0.6).contains(&s), "{r}");
        }
        assert!(r["rounds"][1].as_f64().unwrap() >= 1.0, "{r}");
    }
}

#[test]
fn bench_ai_can_be_limited_to_one_ruleset() {
    let out = ok(&[
        "bench",
        "ai",
        "--json",
        "--ruleset",
        "zones",
        "--levels",
        "random,normal",
        "--games",
        "1",
    ]);
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    let scenarios: Vec<&str> = v["scenarios"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    assert_eq!(
        scenarios,
        [
            "duel",
            "ambush",
            "hold-the-mill",
            "standing-stones",
            "the-bog-road"
        ],
        "the Zones scenarios alone"
    );
    assert_eq!(v["battles"], 2 * scenarios.len() as u64);
    assert!(v["win_rate"]["normal_vs_random"].is_f64());
    assert!(v["decision_ms"]["normal"]["median"].is_f64());
    let coterie = ok(&[
        "bench",
        "ai",
        "--json",
        "--ruleset",
        "coterie",
        "--levels",
        "random,normal",
        "--games",
        "1",
        "--generated",
        "2",
    ]);
    let v: Value = serde_json::from_str(coterie.trim()).unwrap();
    // With --generated, generated skirmishes are played beside the shipped scenarios.
    assert_eq!(
        v["scenarios"],
        serde_json::json!([
            "wizards-and-bandits",
            "duel-at-the-gate",
            "the-chase",
            "riders-at-the-ford",
            "the-free-blades",
            "generated-coterie-1",
            "generated-coterie-2"
        ])
    );
    assert_eq!(v["battles"], 14);
    assert!(v["win_rate"]["normal_vs_random"].is_f64());
    // Each side played as often: the two sides' rates average to the whole.
    let side = |i: usize| {
        v["win_rate_by_side"]["normal_vs_random"][i]
            .as_f64()
            .unwrap()
    };
    let whole = v["win_rate"]["normal_vs_random"].as_f64().unwrap();
    assert!(((side(0) + side(1)) / 2.0 - whole).abs() < 1e-9, "{v}");
    let reverse = v["win_rate_by_side"]["random_vs_normal"][0]
        .as_f64()
        .unwrap();
    assert!((reverse - (1.0 - side(1))).abs() < 1e-9, "{v}");
    let teams = ok(&[
        "bench",
        "ai",
        "--json",
        "--ruleset",
        "teams",
        "--levels",
        "random,normal",
        "--games",
        "1",
    ]);
    let v: Value = serde_json::from_str(teams.trim()).unwrap();
    assert_eq!(
        v["scenarios"],
        serde_json::json!([
            "the-alarm",
            "goblin-ambush",
            "shield-wall",
            "goblin-warren",
            "goblin-raid"
        ])
    );
    assert_eq!(v["battles"], 10);
    assert!(v["win_rate"]["normal_vs_random"].is_f64());
    assert!(v["decision_ms"]["normal"]["median"].is_f64());
    let none = fray(&["bench", "ai", "--ruleset", "chess", "--games", "1"]);
    assert!(!none.status.success());
    assert!(stderr(&none).contains("unknown ruleset \"chess\" (known: zones, coterie, teams)"));
}

/// Every command that takes a ruleset refuses one Fray does not have in the same words, with
/// the usage error's status.
#[test]
fn an_unknown_ruleset_is_refused_alike_by_every_command() {
    for args in [
        &["bench", "ai", "--ruleset", "chess", "--games", "1"][..],
        &["lessons", "chess"],
        &["lessons", "chess", "--coverage"],
        &["rules", "chess"],
        &["generate", "chess"],
    ] {
        let o = fray(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert_eq!(
            stderr(&o).trim(),
            "unknown ruleset \"chess\" (known: zones, coterie, teams)",
            "{args:?}"
        );
        assert!(stdout(&o).is_empty(), "{args:?}");
    }
}

/// `fray generate` writes a file that checks and plays, says how even it found it, and never
/// writes over a file unasked.
#[test]
fn a_generated_skirmish_is_written_checked_and_never_written_over_unasked() {
    let f = TempFile::new("skirmish.ron");
    let made = ["generate", "coterie", "--seed", "4", "--size", "small"];
    let to_file = [&made[..], &["--out", f.path()]].concat();
    let o = fray(&to_file);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("over 300 battles between normal AIs"),
        "{}",
        stderr(&o)
    );
    let text = std::fs::read_to_string(f.path()).unwrap();
    assert!(text.starts_with("// "), "{text}");
    assert!(
        text.contains("fray generate coterie --seed 4 --size small"),
        "{text}"
    );
    ok(&["check", f.path()]);
    let sim = ok(&["sim", f.path(), "--games", "5"]);
    assert!(sim.contains("5 battles"), "{sim}");
    // The same again onto it is refused without --force, and leaves the file as it was.
    std::fs::write(f.path(), "kept").unwrap();
    let again = fray(&["generate", "coterie", "--seed", "4", "--out", f.path()]);
    assert_eq!(again.status.code(), Some(1));
    assert!(stderr(&again).contains("--force"), "{}", stderr(&again));
    assert_eq!(std::fs::read_to_string(f.path()).unwrap(), "kept");
    ok(&[&to_file[..], &["--force"]].concat());
    assert_eq!(std::fs::read_to_string(f.path()).unwrap(), text);
    // Without --out the file goes to stdout, the same text.
    assert_eq!(ok(&made), text);
    // By its name, without the file: played, recorded and replayed.
    let sim = ok(&["sim", "random-coterie-small-4", "--games", "5"]);
    assert!(sim.contains("5 battles"), "{sim}");
    let r = TempFile::new("random.replay.ron");
    ok(&[
        "record",
        "random-coterie-small-4",
        "--seed",
        "2",
        "--out",
        r.path(),
    ]);
    let replayed = ok(&["replay", r.path()]);
    assert!(replayed.contains("final state hash"), "{replayed}");
    let bad = fray(&["generate", "zones", "--size", "huge"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("unknown size \"huge\" (known: small, medium, large)"));
}

#[test]
fn a_three_actions_battle_records_replays_and_checks() {
    let f = TempFile::new("the-alarm.ron");
    let out = ok(&["record", "the-alarm", "--seed", "3", "--out", f.path()]);
    assert!(out.contains("actions"), "{out}");
    let text = ok(&["replay", f.path()]);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].contains("Players started the fight and take the first initiative"),
        "{text}"
    );
    assert!(text.contains("The battle is over"), "{text}");
    // The rolls show their rule.
    assert!(
        text.contains("teams.attacks") || text.contains("teams."),
        "{text}"
    );
    let (r, _) = fray::replay::load(Path::new(f.path())).unwrap();
    assert!(matches!(r.actions, fray::replay::ReplayActions::Teams(_)));
    let want = format!("final state hash {:016x}", r.final_hash.unwrap());
    assert_eq!(*lines.last().unwrap(), want);
    let o = fray(&["check", f.path(), "assets/scenarios/the-alarm.ron"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let json = ok(&["replay", "--json", f.path()]);
    let lines: Vec<&str> = json.lines().collect();
    let (last, events) = lines.split_last().unwrap();
    for line in events {
        let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
        assert!(v["text"].is_string() && !v["kind"].is_null(), "{line}");
    }
    let end: Value = serde_json::from_str(last).unwrap();
    assert!(end["final_state"]["characters"].is_array(), "{last}");
}

#[test]
fn rules_prints_the_three_actions_notes() {
    let out = ok(&["rules", "teams"]);
    assert!(out.contains("## teams.attacks"), "{out}");
    assert_eq!(out.trim_end(), fray::rules::notes::TEAMS.trim_end());
}

/// `fray rules | head`: a reader who stops early ends the program quietly, not with a panic.
#[test]
fn a_reader_who_stops_early_ends_the_output_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fray"))
        .args(["rules"])
        .current_dir(support::root())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the fray binary runs");
    // The reader goes before the first line is written: every write meets a closed pipe.
    drop(child.stdout.take());
    let o = child.wait_with_output().expect("fray ends");
    let err = stderr(&o);
    assert!(o.status.success(), "status {}: {err}", o.status);
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn sim_table_names_the_levels_seated() {
    let out = ok(&["sim", "duel", "--games", "2", "--ai", "hard,random"]);
    assert!(out.contains("2 battles, hard against random"), "{out}");
}

/// A recorded replay's text with the action lines at `a` and `b` (0-based) swapped.
fn swap(text: &str, a: usize, b: usize) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    lines.swap(a, b);
    lines.join("\n") + "\n"
}

#[test]
fn check_finds_where_a_replay_was_edited() {
    let f = record(5);
    let text = std::fs::read_to_string(f.path()).unwrap();
    let actions = action_lines(&text);
    assert!(actions.len() > 20, "{text}");
    // Two actions swapped, an action replaced by another legal one, the seed changed: each is
    // refused, with the line where it shows.
    let mut caught = 0;
    for k in 1..actions.len() - 1 {
        let (a, b) = (actions[k], actions[k + 1]);
        if text.lines().nth(a) == text.lines().nth(b) {
            continue;
        }
        let bad = TempFile::with("swapped.ron", &swap(&text, a, b));
        let o = fray(&["check", bad.path()]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "swap at {k}: {err}");
        assert!(
            err.contains("was refused") || err.contains("differs from the one recorded"),
            "{err}"
        );
        assert!(err.starts_with(&format!("{}:", bad.path())), "{err}");
        caught += 1;
    }
    assert!(caught > 10);
    // Another seed: in a battle whose dice roll (seed 6 attacks; seed 5's battle rolls none,
    // so any seed plays it the same), the story changes and the replay is refused.
    let f = record(6);
    let text = std::fs::read_to_string(f.path()).unwrap();
    assert!(text.contains("Attack"));
    let seed = text.replace("Seed(6)", "Seed(7)");
    assert_ne!(seed, text);
    let bad = TempFile::with("seed.ron", &seed);
    let o = fray(&["check", bad.path()]);
    assert_eq!(o.status.code(), Some(1), "another seed: {}", stdout(&o));
}

#[test]
fn check_says_when_actions_were_cut_off_the_end() {
    let f = record(5);
    let text = std::fs::read_to_string(f.path()).unwrap();
    let actions = action_lines(&text);
    let n = actions.len();
    let mut lines: Vec<&str> = text.lines().collect();
    lines.remove(actions[n - 1]);
    let bad = TempFile::with("short.ron", &(lines.join("\n") + "\n"));
    let o = fray(&["check", bad.path()]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains(&format!(
            "{} actions where {n} were recorded: actions were cut off the end",
            n - 1
        )),
        "{err}"
    );
}

#[test]
fn a_replay_refuses_an_unknown_field_at_its_line() {
    let f = record(5);
    let text = std::fs::read_to_string(f.path()).unwrap();
    let bad = text.replace("final_hash:", "final_hsh:");
    let line = bad.lines().position(|l| l.contains("final_hsh")).unwrap() + 1;
    let bad = TempFile::with("typo.ron", &bad);
    let o = fray(&["check", bad.path()]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.starts_with(&format!("{}:{line}:", bad.path())), "{err}");
    assert!(err.contains("final_hsh"), "{err}");
}

#[test]
fn a_refused_action_written_over_several_lines_is_named_at_its_first_line() {
    // JSON written pretty puts every action with a value over several lines: the refusal
    // names where it begins.
    let f = record(5);
    let (mut r, _) = fray::replay::load(Path::new(f.path())).unwrap();
    let fray::replay::ReplayActions::Zones(actions) = &mut r.actions else {
        panic!("a Zones replay")
    };
    let k = actions
        .iter()
        .position(|a| matches!(a, fray::rules::zones::Action::Move(_)))
        .expect("a move");
    actions[k] = fray::rules::zones::Action::ChooseFirst(7);
    let n = actions.len();
    let json = serde_json::to_string_pretty(&r).unwrap();
    let starts = fray::replay::action_lines(&json);
    assert_eq!(starts.len(), n);
    assert!(
        starts.windows(2).any(|w| w[1] > w[0] + 1),
        "some action takes several lines"
    );
    let bad = TempFile::with("pretty.json", &json);
    let o = fray(&["check", bad.path()]);
    let err = stderr(&o);
    assert!(
        err.starts_with(&format!("{}:{}: action {k} ", bad.path(), starts[k])),
        "{err}"
    );
    // `fray replay` shows the battle up to the refusal, then the refusal, and fails.
    let o = fray(&["replay", bad.path()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("hold the initiative"), "{}", stdout(&o));
    assert!(
        stderr(&o).contains(&format!("action {k} ")),
        "{}",
        stderr(&o)
    );
}

#[test]
fn check_tells_scenarios_from_replays_by_their_structure() {
    // A scenario whose name and comments speak of replays and dice is still a scenario.
    let src = fray::scenario::BUILTIN
        .iter()
        .find(|(n, _)| *n == "duel")
        .unwrap()
        .1
        .replacen("name: \"", "name: \"Replay of the actions: ", 1);
    let src = format!("// dice: Seed(3), actions: none\n{src}");
    let f = TempFile::with("replay-like.ron", &src);
    let o = fray(&["check", f.path()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(fray::replay::is_replay(
        &std::fs::read_to_string(record(5).path()).unwrap()
    ));
    // A replay with no actions goes to the replay reader (and is a battle left unfinished).
    let empty = "(scenario: \"duel\", dice: Seed(1), actions: Zones([]))";
    let f = TempFile::with("empty.ron", empty);
    let o = fray(&["check", f.path()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("unfinished"), "{}", stdout(&o));
}

#[test]
fn data_files_with_a_byte_order_mark_are_read_and_bad_utf8_is_named_at_its_line() {
    let duel = fray::scenario::BUILTIN
        .iter()
        .find(|(n, _)| *n == "duel")
        .unwrap()
        .1;
    let f = TempFile::with("bom.ron", &format!("\u{feff}{duel}"));
    let o = fray(&["check", f.path()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let f = TempFile::new("latin1.ron");
    let mut bytes = b"// line one\n// caf".to_vec();
    bytes.push(0xE9);
    bytes.extend_from_slice(b"\n");
    bytes.extend_from_slice(duel.as_bytes());
    std::fs::write(&f.0, bytes).unwrap();
    let o = fray(&["check", f.path()]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        err.starts_with(&format!(
            "{}:2: the text is not valid UTF-8 (byte 7",
            f.path()
        )),
        "{err}"
    );
}

#[test]
fn a_replay_names_its_scenario_relative_to_its_own_folder() {
    let dir = std::env::temp_dir().join(format!("fray-cli-rel-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("cases")).unwrap();
    let duel = fray::scenario::BUILTIN
        .iter()
        .find(|(n, _)| *n == "duel")
        .unwrap()
        .1;
    // The scenario's id is its file's name: the same battle as the built-in duel.
    std::fs::write(dir.join("cases/duel.ron"), duel).unwrap();
    let f = record(5);
    let text = std::fs::read_to_string(f.path())
        .unwrap()
        .replace("scenario: \"duel\"", "scenario: \"duel.ron\"");
    std::fs::write(dir.join("cases/case.ron"), &text).unwrap();
    let case = dir.join("cases/case.ron");
    let o = fray(&["check", case.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // A scenario that cannot be loaded is named along with the replay.
    std::fs::write(dir.join("cases/duel.ron"), "Scenario(").unwrap();
    let o = fray(&["check", case.to_str().unwrap()]);
    let err = stderr(&o);
    assert!(
        err.contains("case.ron:2: the scenario it names, \"duel.ron\", cannot be loaded")
            && err.contains("cases/duel.ron:1:"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The largest seed a command accepts plays and records without overflowing.
#[test]
fn the_largest_seed_plays() {
    let max = u64::MAX.to_string();
    ok(&["sim", "duel", "--games", "3", "--seed", &max]);
    ok(&[
        "bench",
        "ai",
        "--quick",
        "--games",
        "1",
        "--levels",
        "random,normal",
        "--ruleset",
        "zones",
        "--seed",
        &max,
    ]);
    let f = TempFile::new("max-seed.ron");
    ok(&["record", "duel", "--seed", &max, "--out", f.path()]);
    ok(&["check", f.path()]);
}

#[test]
fn a_broken_replay_is_still_read_as_a_replay() {
    // Brackets nested without end inside the actions: the replay reader says what is wrong,
    // not the scenario reader (which would complain of a field named `scenario`).
    let deep = format!(
        "(scenario: \"duel\", dice: Seed(1), actions: Zones([{}]))",
        "[".repeat(3000)
    );
    let f = TempFile::with("deep.ron", &deep);
    let o = fray(&["check", f.path()]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1));
    assert!(!err.contains("Scenario"), "{err}");
    let json = format!(
        "{{\"scenario\": \"duel\", \"dice\": {{\"Seed\": 1}}, \"actions\": {{\"Zones\": [{}]}}}}",
        "[".repeat(3000)
    );
    let f = TempFile::with("deep.json", &json);
    let err = stderr(&fray(&["check", f.path()]));
    assert!(!err.contains("Scenario"), "{err}");
}

#[test]
fn scripted_dice_left_over_are_reported_and_refused_under_strict() {
    use fray::rules::battle::Ruleset;
    use fray::rules::dice::{RecordingDice, SeededDice};
    use fray::rules::zones::Zones;
    // The duel of seed 6 rolls dice: replay its actions keeping the values the seed gave.
    let f = record(6);
    let (r, src) = fray::replay::load(Path::new(f.path())).unwrap();
    let fray::replay::ReplayActions::Zones(actions) = &r.actions else {
        panic!("a Zones replay")
    };
    let fray::rulesets::Setup::Zones(setup) = fray::catalogue::load("duel").unwrap().setup else {
        panic!("the duel is Zones")
    };
    let mut seeded = SeededDice::new(6);
    let mut rec = RecordingDice::new(&mut seeded);
    let (mut s, _) = Zones::start(&setup, &mut rec).unwrap();
    for a in actions {
        Zones::apply(&mut s, a, &mut rec).unwrap();
    }
    let rolled = rec.record;
    assert!(rolled.len() > 2);
    let list = |v: &[u8]| {
        v.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    // Exactly the values rolled: nothing to say.
    let exact = src.replace(
        "dice: Seed(6)",
        &format!("dice: Scripted([{}])", list(&rolled)),
    );
    let tmp = TempFile::with("exact.ron", &exact);
    let o = fray(&["check", "--strict", tmp.path()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(!stderr(&o).contains("never rolled"));
    // Two more: a note, and under --strict an error.
    let mut more = rolled.clone();
    more.extend([3, 4]);
    let extra = src.replace(
        "dice: Seed(6)",
        &format!("dice: Scripted([{}])", list(&more)),
    );
    let tmp = TempFile::with("extra.ron", &extra);
    let o = fray(&["check", tmp.path()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("note: 2 scripted dice were never rolled: 3, 4"),
        "{}",
        stderr(&o)
    );
    let o = fray(&["replay", "--strict", tmp.path()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("error: 2 scripted dice were never rolled"),
        "{}",
        stderr(&o)
    );
    // Too few: the roll that wanted one names itself.
    let short = src.replace(
        "dice: Seed(6)",
        &format!("dice: Scripted([{}])", list(&rolled[..rolled.len() - 1])),
    );
    let tmp = TempFile::with("short.ron", &short);
    let o = fray(&["check", tmp.path()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("the scripted dice ran out: a d"),
        "{}",
        stderr(&o)
    );
}

/// Battles played at once give the same results as one at a time: each has its own seed.
#[test]
fn sim_results_do_not_depend_on_the_threads() {
    let one = sim_threads("goblin-ambush", 1);
    let three = sim_threads("goblin-ambush", 3);
    for key in ["wins", "draws", "unfinished", "mean_rounds", "games"] {
        assert_eq!(one[key], three[key], "{key}");
    }
    assert_eq!(
        (one["threads"].as_u64(), three["threads"].as_u64()),
        (Some(1), Some(3))
    );
}

fn sim_threads(scenario: &str, threads: usize) -> Value {
    let out = ok(&[
        "sim",
        scenario,
        "--games",
        "40",
        "--seed",
        "11",
        "--json",
        "--threads",
        &threads.to_string(),
    ]);
    serde_json::from_str(out.trim()).unwrap()
}

/// `fray record` writes characters, zones and items by name, and the replay reads back to the
/// same battle as one written with numbers.
#[test]
fn recorded_replays_name_what_their_actions_point_at() {
    let f = record(5);
    let text = std::fs::read_to_string(f.path()).unwrap();
    assert!(text.contains("ChooseFirst(\"Wardens\")"), "{text}");
    assert!(
        text.contains("Activate(\"Aldo\")") || text.contains("Activate(\"Brannoc\")"),
        "{text}"
    );
    assert!(
        !text.contains("Activate(0)") && !text.contains("Activate(1)"),
        "{text}"
    );
    let (r, _) = fray::replay::load(Path::new(f.path())).unwrap();
    // The same replay with numbers, as the types write it without names.
    let numbers =
        ron::ser::to_string_pretty(&r, ron::ser::PrettyConfig::new().depth_limit(3)).unwrap();
    assert!(numbers.contains("Activate(0)") || numbers.contains("Activate(1)"));
    let g = TempFile::new("duel-5-numbers.ron");
    std::fs::write(g.path(), &numbers).unwrap();
    assert_eq!(ok(&["replay", f.path()]), ok(&["replay", g.path()]));
}

/// A name that fits nothing is refused at its line, saying which names would do; a name that
/// fits several asks for the number.
#[test]
fn a_replay_naming_what_is_not_there_is_refused_at_its_line() {
    let f = record(5);
    let text = std::fs::read_to_string(f.path()).unwrap();
    let (at, line) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("Move(\""))
        .expect("someone moves");
    let bad = text.replacen(line, &line.replace("Move(\"", "Move(\"Fjord"), 1);
    let g = TempFile::new("duel-5-fjord.ron");
    std::fs::write(g.path(), &bad).unwrap();
    for cmd in ["replay", "check"] {
        let o = fray(&[cmd, g.path()]);
        assert_ne!(o.status.code(), Some(0));
        let err = stderr(&o);
        assert!(
            err.contains(&format!(
                "{}:{}: no zone is named \"Fjord",
                g.path(),
                at + 1
            )) && err.contains("\"North Bank\", \"Willows\", \"Ford\", \"South Bank\""),
            "{err}"
        );
    }
}

/// A JSON replay may name things too.
#[test]
fn a_json_replay_may_name_characters_zones_and_items() {
    let json = r#"{
        "scenario": "duel",
        "dice": {"Seed": 1},
        "actions": {"Zones": [
            {"ChooseFirst": "Reavers"},
            {"Activate": "Brannoc"},
            {"Move": "Ford"},
            {"Attack": {"attacker": "Brannoc", "weapon": "Unarmed",
                        "target": {"Character": "Aldo"}, "mode": "Grapple"}}
        ]}
    }"#;
    let r = fray::replay::parse("r.json", json).unwrap_or_else(|e| panic!("{e}"));
    let fray::replay::ReplayActions::Zones(actions) = &r.actions else {
        panic!("{r:?}")
    };
    use fray::rules::zones::{Action, AttackDecl, AttackMode, Target, Weapon};
    assert_eq!(
        actions,
        &vec![
            Action::ChooseFirst(1),
            Action::Activate(1),
            Action::Move(2),
            Action::Attack(AttackDecl {
                attacker: 1,
                weapon: Weapon::Unarmed,
                target: Target::Character(0),
                mode: AttackMode::Grapple,
            }),
        ]
    );
    let wrong = json.replace("{\"Character\": \"Aldo\"}", "{\"Character\": \"Ford\"}");
    let err = fray::replay::parse("r.json", &wrong)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains(
            "r.json:9: no character is named \"Ford\" (the characters: \"Aldo\", \"Brannoc\")"
        ),
        "{err}"
    );
}

/// An item several share (three daggers at the mill) is named with its number.
#[test]
fn a_name_several_things_share_asks_for_which() {
    let json = |item: &str| {
        format!(
            r#"{{"scenario": "hold-the-mill", "dice": {{"Seed": 1}},
                "actions": {{"Zones": [{{"Equip": "{item}"}}]}}}}"#
        )
    };
    let err = fray::replay::parse("m.json", &json("Dagger"))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("m.json:2: \"Dagger\" names 3 items; write which, as \"Dagger #"),
        "{err}"
    );
    let first = err.split('"').nth(3).unwrap().to_string();
    let n: usize = first.rsplit_once(" #").unwrap().1.parse().unwrap();
    let r = fray::replay::parse("m.json", &json(&first)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        r.actions,
        fray::replay::ReplayActions::Zones(vec![fray::rules::zones::Action::Equip(n)])
    );
}

/// `fray lessons --coverage --json`: one object, ruleset → paragraphs, taught, untaught; every
/// course that has landed teaches every paragraph of its ruleset's rules notes.
#[test]
fn lessons_coverage_lists_what_no_lesson_teaches_and_every_course_teaches_it_all() {
    let out = fray(&["lessons", "--coverage", "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    for ruleset in fray::rulesets::IDS {
        let c = &v[*ruleset];
        let paragraphs = c["paragraphs"].as_u64().unwrap();
        let ids = fray::rules::notes::paragraph_ids(fray::rules::notes::notes(ruleset).unwrap());
        assert_eq!(paragraphs as usize, ids.len(), "{ruleset}");
        let untaught = c["untaught"].as_array().unwrap();
        assert_eq!(
            c["taught"].as_u64().unwrap() + untaught.len() as u64,
            paragraphs
        );
        let has_course = fray::lessons::BUILTIN
            .iter()
            .any(|(id, _)| id.starts_with(&format!("{ruleset}/")));
        if has_course {
            assert!(
                untaught.is_empty(),
                "{ruleset} leaves untaught: {untaught:?}"
            );
        }
    }
    assert!(
        v["zones"]["untaught"].as_array().unwrap().is_empty(),
        "the Zones course teaches every paragraph"
    );
    // One ruleset, in words.
    let out = fray(&["lessons", "--coverage", "zones"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("zones: 29 of 29 paragraphs taught; untaught: none"),
        "{text}"
    );
}

/// Every built-in lesson passes `fray check`: read, its names found, its line played with its
/// dice.
#[test]
fn every_built_in_lesson_checks() {
    for (id, _) in fray::lessons::BUILTIN {
        let file = format!("assets/lessons/{id}.ron");
        let out = Command::new(env!("CARGO_BIN_EXE_fray"))
            .current_dir(support::root())
            .args(["check", &file])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{file}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// `fray` with `args`, killed if it runs past `secs` seconds (a regression must not hang or
/// eat the machine's memory): its output, and whether it ended by itself.
fn fray_within(args: &[&str], secs: u64) -> (Output, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fray"))
        .args(args)
        .current_dir(support::root())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the fray binary runs");
    let start = std::time::Instant::now();
    let mut ended = true;
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > std::time::Duration::from_secs(secs) {
            let _ = child.kill();
            ended = false;
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    (child.wait_with_output().unwrap(), ended)
}

/// A data file is read only where it is a regular file no larger than the limit: a device
/// that never ends, or a file of many megabytes, is refused at once, saying why.
#[test]
fn only_regular_files_up_to_the_size_limit_are_read() {
    let (o, ended) = fray_within(&["check", "/dev/zero"], 20);
    assert!(ended, "fray check /dev/zero never ended");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o).trim(),
        "/dev/zero:0: not read: it is a device, not a data file"
    );
    let big = TempFile::with("big.ron", &format!("// {}\n", "x".repeat(5 << 20)));
    let (o, ended) = fray_within(&["check", big.path()], 20);
    assert!(ended);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o).trim(),
        format!(
            "{}:0: not read: it holds 5242884 bytes, and a data file holds at most 4194304 (4 MiB)",
            big.path()
        )
    );
    // The same for a scenario given to `sim` and a replay given to `replay`.
    let (o, ended) = fray_within(&["sim", "/dev/zero"], 20);
    assert!(ended && o.status.code() == Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("/dev/zero:0: not read: it is a device, not a scenario file"));
    let (o, ended) = fray_within(&["replay", big.path()], 20);
    assert!(ended && o.status.code() == Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("not read: it holds 5242884 bytes"));
}

/// A folder named where a scenario is wanted, on the command line or by a replay, is said to be
/// a folder, not a scenario file.
#[test]
fn a_folder_named_as_a_scenario_is_said_to_be_one() {
    let o = fray(&["sim", "tests", "--games", "1"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o).trim(),
        "tests:0: cannot read: it is a folder, not a scenario file"
    );
    let dir = std::env::temp_dir().join(format!("fray-cli-folder-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("duel.ron")).unwrap();
    let replay = dir.join("case.ron");
    std::fs::write(
        &replay,
        "(\n    scenario: \"duel.ron\",\n    dice: Seed(1),\n    actions: Zones([]),\n)\n",
    )
    .unwrap();
    let o = fray(&["check", replay.to_str().unwrap()]);
    let err = stderr(&o);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        err.contains("case.ron:2: the scenario it names, \"duel.ron\", cannot be loaded")
            && err.contains("duel.ron:0: cannot read: it is a folder, not a scenario file"),
        "{err}"
    );
}

/// An empty file is refused as empty, not as a scenario missing its first bracket.
#[test]
fn an_empty_file_is_said_to_be_empty() {
    for text in ["", "\n  \n"] {
        let f = TempFile::with("empty.ron", text);
        let o = fray(&["check", f.path()]);
        assert_eq!(o.status.code(), Some(1));
        assert_eq!(
            stderr(&o).trim(),
            format!("{}:1: the file is empty", f.path())
        );
    }
}

/// A replay's or a lesson's scenario is a built-in scenario or a file in the replay's (the
/// lesson's) own folder: a path that leaves it, or an absolute one, is refused without being
/// read, and nothing of the file it names is shown.
#[test]
fn a_replay_or_lesson_reads_no_scenario_outside_its_folder() {
    let dir = std::env::temp_dir().join(format!("fray-cli-out-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("cases")).unwrap();
    let secret = dir.join("secret.ron");
    std::fs::write(&secret, "hunter2 is the password\n").unwrap();
    let outside = [
        "../secret.ron".to_string(),
        "cases/../../secret.ron".to_string(),
        secret.display().to_string(),
        "/dev/zero".to_string(),
    ];
    for name in &outside {
        for actions in ["ChooseFirst(0)", "ChooseFirst(\"Wardens\")"] {
            let case = dir.join("cases/case.ron");
            std::fs::write(
                &case,
                format!("(\n    scenario: \"{name}\",\n    dice: Seed(1),\n    actions: Zones([{actions}]),\n)\n"),
            )
            .unwrap();
            let (o, ended) = fray_within(&["check", case.to_str().unwrap()], 20);
            let err = stderr(&o);
            assert!(ended && o.status.code() == Some(1), "{name}: {err}");
            assert!(!err.contains("hunter2"), "{name}: {err}");
            assert!(
                err.contains(&format!("case.ron:2: the scenario it names, \"{name}\", cannot be loaded"))
                    && err.contains(&format!("{name}:0: not read: a replay's scenario is a built-in scenario or a file in the replay's own folder, and this path leads out of it")),
                "{name}: {err}"
            );
        }
        let lesson = dir.join("cases/lesson.ron");
        std::fs::write(
            &lesson,
            format!("Lesson(\n    title: \"Out\",\n    about: \"Out.\",\n    scenario: \"{name}\",\n    learner: [\"Wardens\"],\n    steps: [(say: \"Read.\", expect: Read)],\n)\n"),
        )
        .unwrap();
        let (o, ended) = fray_within(&["check", lesson.to_str().unwrap()], 20);
        let err = stderr(&o);
        assert!(ended && o.status.code() == Some(1), "{name}: {err}");
        assert!(!err.contains("hunter2"), "{name}: {err}");
        assert!(
            err.contains(&format!("lesson.ron:4: its scenario, \"{name}\", cannot be loaded"))
                && err.contains(&format!("{name}:0: not read: a lesson's scenario is a built-in scenario or a file in the lesson's own folder, and this path leads out of it")),
            "{name}: {err}"
        );
    }
    // Inside the folder, and a built-in lesson scenario by name, are read as before.
    let duel = fray::scenario::BUILTIN
        .iter()
        .find(|(n, _)| *n == "duel")
        .unwrap()
        .1;
    std::fs::create_dir_all(dir.join("cases/deeper")).unwrap();
    std::fs::write(dir.join("cases/deeper/duel.ron"), duel).unwrap();
    for name in [
        "deeper/duel.ron",
        "deeper/../deeper/duel.ron",
        "ambush-in-the-pass",
    ] {
        let case = dir.join("cases/case.ron");
        let first = if name.contains("duel") {
            "Zones([ChooseFirst(0)])"
        } else {
            "Coterie([])"
        };
        std::fs::write(
            &case,
            format!("(\n    scenario: \"{name}\",\n    dice: Seed(1),\n    actions: {first},\n)\n"),
        )
        .unwrap();
        let o = fray(&["check", case.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{name}: {}", stderr(&o));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// One mistake repeated through a large file prints a bounded report: each message lists a
/// few of the names it knows, not the whole catalogue, and only the first messages are shown.
#[test]
fn many_mistakes_in_a_large_file_print_a_bounded_report() {
    let items: Vec<String> = (0..200)
        .map(|i| format!("\"item{i}\": (block: Some(1))"))
        .collect();
    let characters: Vec<String> = (0..50)
        .map(|i| {
            format!(
                "(name: \"c{i}\", at: ({}, {}), hands: [\"nothing{i}\"])",
                i % 20,
                i / 20
            )
        })
        .collect();
    let src = format!(
        "Scenario(\n    name: \"Loud\",\n    rules: Teams((\n        map: (width: 20, height: 20),\n        items: {{{}}},\n        started_by: \"A\",\n        teams: [\n            (name: \"A\", characters: [\n{}\n            ]),\n            (name: \"B\", characters: [(name: \"b\", at: (19, 19))]),\n        ],\n    )),\n)\n",
        items.join(", "),
        characters.join(",\n")
    );
    let f = TempFile::with("loud.ron", &src);
    let o = fray(&["check", f.path()]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 21, "{err}");
    for (i, l) in lines[..20].iter().enumerate() {
        assert_eq!(
            *l,
            format!(
                "{}:{}: character \"c{i}\": unknown item \"nothing{i}\" (the items: item0, item1, item10, item100, item101, item102, item103, item104, and 192 more)",
                f.path(),
                i + 9
            )
        );
    }
    assert_eq!(lines[20], "... and 30 more errors not shown");
}

/// A battle recorded from a scenario file names it by its path from the replay's folder, so
/// that the replay reads it there; a replay written where it could not read its scenario is
/// refused before it is played.
#[test]
fn a_replay_recorded_from_a_scenario_file_names_it_from_its_own_folder() {
    let dir = std::env::temp_dir().join(format!("fray-cli-rec-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("scen/sub")).unwrap();
    let duel = fray::scenario::BUILTIN
        .iter()
        .find(|(n, _)| *n == "duel")
        .unwrap()
        .1;
    let scen = dir.join("scen/duel.ron");
    std::fs::write(&scen, duel).unwrap();
    let rec = dir.join("rec.ron");
    ok(&[
        "record",
        scen.to_str().unwrap(),
        "--seed",
        "5",
        "--out",
        rec.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(text.contains("scenario: \"scen/duel.ron\""), "{text}");
    ok(&["check", rec.to_str().unwrap()]);
    let below = dir.join("scen/sub/rec.ron");
    let o = fray(&[
        "record",
        scen.to_str().unwrap(),
        "--seed",
        "5",
        "--out",
        below.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("a replay reads its scenario only from its own folder or below it"),
        "{}",
        stderr(&o)
    );
    assert!(!below.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--seal` on a replay whose seal's fields are written empty (`final_hash: None`, JSON's
/// `null`, `checkpoints: []`) writes each field once, in a file Fray reads back; sealing it
/// again leaves it as it is.
#[test]
fn sealing_is_idempotent_and_writes_no_field_twice() {
    let ron = "// a hand-written replay\n(\n    scenario: \"duel\",\n    final_hash: None,\n    dice: Seed(1),\n    checkpoints: [],\n    actions: Zones([]),\n    length: None,\n)\n";
    let json = "{\n  \"scenario\": \"duel\",\n  \"dice\": {\"Seed\": 1},\n  \"actions\": {\"Zones\": []},\n  \"final_hash\": null\n}\n";
    for (name, text) in [("empty-seal.ron", ron), ("empty-seal.json", json)] {
        let f = TempFile::with(name, text);
        ok(&["replay", f.path(), "--seal"]);
        let once = std::fs::read_to_string(&f.0).unwrap();
        for field in ["final_hash", "length", "checkpoints"] {
            assert_eq!(once.matches(field).count(), 1, "{field} in {once}");
        }
        assert!(once.contains("a hand-written replay") || name.ends_with(".json"));
        ok(&["check", "--strict", f.path()]);
        let again = ok(&["replay", f.path(), "--seal"]);
        assert!(again.contains("already sealed"), "{again}");
        assert_eq!(std::fs::read_to_string(&f.0).unwrap(), once);
    }
}

/// `fray record` never writes over the scenario it records, even with --force, and writes over
/// another file only with --force: the file is left as it was.
#[test]
fn record_refuses_to_overwrite_its_scenario_or_a_file_without_force() {
    let duel = fray::scenario::BUILTIN
        .iter()
        .find(|(n, _)| *n == "duel")
        .unwrap()
        .1;
    let scen = TempFile::with("own-scenario.ron", duel);
    for force in [false, true] {
        let mut args = vec!["record", scen.path(), "--out", scen.path()];
        if force {
            args.push("--force");
        }
        let o = fray(&args);
        assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
        assert!(
            stderr(&o).contains("this is the scenario being played"),
            "{}",
            stderr(&o)
        );
        assert_eq!(std::fs::read_to_string(&scen.0).unwrap(), duel);
    }
    let other = TempFile::with("other.txt", "keep me");
    let o = fray(&["record", "duel", "--out", other.path()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("add --force"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&other.0).unwrap(), "keep me");
    ok(&["record", "duel", "--out", other.path(), "--force"]);
    ok(&["check", other.path()]);
}

/// Names holding characters RON writes as escapes (a no-break space, a quote, a backslash) are
/// written by `fray record` so that they read back: the replay checks. (A name holding a
/// character nobody can see, a zero-width space or a tab, is refused: tests/broken/.)
#[test]
fn a_replay_names_every_character_so_that_it_reads_back() {
    let dir = std::env::temp_dir().join(format!("fray-cli-esc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let duel = fray::scenario::BUILTIN
        .iter()
        .find(|(n, _)| *n == "duel")
        .unwrap()
        .1;
    let odd = duel
        .replace("\"Aldo\"", "\"Al\\u{a0}do\"")
        .replace("\"Brannoc\"", "\"Bran\\\"noc\\\\the Red\"")
        .replace("\"Ford\"", "\"Fo\\u{a0}rd\"");
    let scen = dir.join("odd-names.ron");
    std::fs::write(&scen, &odd).unwrap();
    ok(&["check", scen.to_str().unwrap()]);
    let rec = dir.join("odd-names-replay.ron");
    ok(&[
        "record",
        scen.to_str().unwrap(),
        "--seed",
        "4",
        "--out",
        rec.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(
        text.contains("Al\\u{a0}do") || text.contains("Al\u{a0}do"),
        "{text}"
    );
    ok(&["check", "--strict", rec.to_str().unwrap()]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A replay carries the rules' version it was sealed under; one sealed under another version
/// that still plays is played, with a warning that says so. (A later version than these rules:
/// an earlier one would be checked as replays were sealed then, by the log's words.)
#[test]
fn a_replay_says_which_rules_it_was_sealed_under() {
    let f = record(6);
    let text = std::fs::read_to_string(&f.0).unwrap();
    let now = format!("rules: Some({})", fray::rules::RULES_VERSION);
    assert!(text.contains(&now), "{text}");
    let later = fray::rules::RULES_VERSION + 1;
    std::fs::write(&f.0, text.replace(&now, &format!("rules: Some({later})"))).unwrap();
    let o = fray(&["check", "--strict", f.path()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(&format!(
            "recorded under the rules' version {later}, these are version {}: it still plays as recorded",
            fray::rules::RULES_VERSION
        )),
        "{}",
        stderr(&o)
    );
}

/// A replay sealed before the checkpoints hashed what happened rather than the log's words is
/// still checked as it was sealed: it plays, with the warning; its dice edited, it is refused.
#[test]
fn a_replay_sealed_by_the_logs_words_is_checked_by_them() {
    let case = support::root().join("tests/replays/question-prone-melee-v2.ron");
    let o = fray(&["check", case.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("recorded under the rules' version 2"),
        "{}",
        stderr(&o)
    );
    // A copy beside its situation, as found, plays; its dice edited, it is refused.
    let dir = std::env::temp_dir().join(format!("fray-words-sealed-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("situations")).unwrap();
    std::fs::copy(
        support::root().join("tests/replays/situations/prone-at-the-gate.ron"),
        dir.join("situations/prone-at-the-gate.ron"),
    )
    .unwrap();
    let text = std::fs::read_to_string(&case).unwrap();
    let edited = text.replace("3, 2, 4, //", "4, 2, 4, //");
    assert_ne!(edited, text);
    for (name, body, plays) in [
        ("as-sealed.ron", &text, true),
        ("edited.ron", &edited, false),
    ] {
        let file = dir.join(name);
        std::fs::write(&file, body).unwrap();
        let o = fray(&["check", file.to_str().unwrap()]);
        assert_eq!(o.status.success(), plays, "{name}: {}", stderr(&o));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `fray play --lang` takes the languages there are, and names them when it is given another,
/// before any window opens.
#[cfg(feature = "game")]
#[test]
fn play_refuses_a_language_it_does_not_speak() {
    let o = fray(&["play", "--lang", "klingon"]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains("no language \"klingon\""), "{e}");
    assert!(e.contains("en, pseudo"), "{e}");
}
