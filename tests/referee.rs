//! `fray referee`, driven through standard input as a table would type: each battle's choices
//! and dice, with mistakes typed among them, give the events the same dice give scripted.

mod support;

use std::io::Write;
use std::process::{Command, Stdio};

use fray::ai::{Policy, RandomPolicy};
use fray::replay::{self, Replay, ReplayDice};
use fray::rules::battle::Pending;
use fray::rules::dice::{RecordingDice, SeededDice};
use fray::rulesets::{Game, Visit};

/// A random battle of a setup, as a table would type it: each choice's number and the dice
/// each roll showed, in order; and the same battle as a replay of scripted dice.
struct Typed {
    name: &'static str,
    seed: u64,
}

impl Visit for Typed {
    type Out = (String, Replay);

    fn visit<G: Game>(self, setup: &G::Setup) -> Self::Out {
        let mut seeded = SeededDice::new(self.seed);
        let mut lines: Vec<String> = Vec::new();
        let mut all = Vec::new();
        let mut rec = RecordingDice::new(&mut seeded);
        let (mut state, _) = G::start(setup, &mut rec).unwrap();
        let start = std::mem::take(&mut rec.record);
        drop(rec);
        // The table misreads a die before the first roll, and a choice before the first
        // decision: each is refused and asked again.
        let mut first_roll = true;
        let mut typed_dice = |values: &[u8], lines: &mut Vec<String>| {
            for v in values {
                if first_roll {
                    lines.extend(["0".into(), "99".into(), "six".into()]);
                    first_roll = false;
                }
                lines.push(v.to_string());
            }
        };
        typed_dice(&start, &mut lines);
        all.extend(start);
        let mut policy = RandomPolicy::new(self.seed);
        let mut actions = Vec::new();
        lines.push("0".into());
        while let Pending::Decide { .. } = G::pending(&state) {
            if actions.len() == 3000 {
                break;
            }
            let legal = G::legal_actions(&state);
            let a = Policy::<G>::choose(&mut policy, &state, &legal);
            let k = legal.iter().position(|l| *l == a).unwrap();
            lines.push((k + 1).to_string());
            let mut rec = RecordingDice::new(&mut seeded);
            G::apply(&mut state, &a, &mut rec).unwrap();
            let rolled = std::mem::take(&mut rec.record);
            typed_dice(&rolled, &mut lines);
            all.extend(rolled);
            actions.push(a);
        }
        let r = Replay::new(
            self.name.to_string(),
            ReplayDice::Scripted(all),
            G::wrap(actions).unwrap(),
        );
        (lines.join("\n") + "\n", r)
    }
}

fn referee(args: &[&str], input: &str) -> (String, String, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fray"))
        .arg("referee")
        .args(args)
        .current_dir(support::root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A referee that refuses its arguments reads nothing: the pipe may be closed.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let o = child.wait_with_output().unwrap();
    (
        String::from_utf8(o.stdout).unwrap(),
        String::from_utf8(o.stderr).unwrap(),
        o.status.success(),
    )
}

fn replay_lines(path: &std::path::Path) -> Vec<String> {
    let o = Command::new(env!("CARGO_BIN_EXE_fray"))
        .arg("replay")
        .arg(path)
        .current_dir(support::root())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout)
        .unwrap()
        .lines()
        .filter(|l| {
            !l.starts_with("final state hash") && !l.starts_with("the battle is unfinished")
        })
        .map(String::from)
        .collect()
}

#[test]
fn the_referee_plays_the_table_s_dice_to_the_events_the_same_dice_give_scripted() {
    let dir = std::env::temp_dir().join(format!("fray-referee-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, seed) in [("duel", 3), ("wizards-and-bandits", 5), ("the-alarm", 2)] {
        let loaded = fray::catalogue::load(name).unwrap();
        let (input, scripted) = loaded.setup.visit(Typed { name, seed });
        let kept = dir.join(format!("{name}-table.ron"));
        let _ = std::fs::remove_file(&kept);
        let (out, err, ok) = referee(&[name, "--out", kept.to_str().unwrap()], &input);
        assert!(ok, "{name}: {err}\n{out}");
        // Each mistake was refused in place and asked again.
        assert!(out.contains("'99' is not a face of a d"), "{name}: {out}");
        assert!(out.contains("'six' is not a face of a d"), "{name}");
        assert!(out.contains("'0' is not one of the choices"), "{name}");
        // Every roll was asked for by its die, what it is for and its rule.
        let asked: Vec<&str> = out.split("Roll a d").skip(1).collect();
        assert!(!asked.is_empty(), "{name}");
        for a in &asked {
            let head = a.lines().next().unwrap_or_default();
            // The prompt ends "(RULE: Title): "; what the table typed is not echoed, so the
            // event it set off may follow on the same line.
            let prompt = head.split_once("): ").map_or(head, |(p, _)| p);
            let rule = prompt
                .rsplit_once(" (")
                .and_then(|(_, r)| r.split(':').next())
                .unwrap_or_default();
            assert!(
                fray::rules::notes::paragraph(rule).is_some(),
                "{name}: a roll asked for without its rule: Roll a d{head}"
            );
        }
        // The battle kept is the table's: these dice, these actions.
        let (r, _) = replay::load(&kept).unwrap();
        assert_eq!(r.dice, scripted.dice, "{name}");
        assert_eq!(r.actions, scripted.actions, "{name}");
        // And the events the table saw are those the same dice give scripted, in order (a
        // prompt may stand before an event on its line: the typed answer is not echoed).
        let same = dir.join(format!("{name}-scripted.ron"));
        std::fs::write(&same, replay::to_ron(&scripted)).unwrap();
        let expected = replay_lines(&same);
        assert!(expected.len() > 10, "{name}: {expected:?}");
        let mut seen = out.lines();
        for line in &expected {
            assert!(
                seen.any(|l| l.ends_with(line.as_str())),
                "{name}: the referee never told \"{line}\" (or told it out of order)"
            );
        }
        assert_eq!(replay_lines(&kept), expected, "{name}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_table_that_stops_rolling_keeps_the_battle_so_far_and_the_scenario_is_never_overwritten() {
    let dir = std::env::temp_dir().join(format!("fray-referee-stop-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let kept = dir.join("cut.ron");
    // The initiative, then Aldo's turn begins; the input ends before another choice.
    let (out, err, ok) = referee(&["duel", "--out", kept.to_str().unwrap()], "1\n1\n");
    assert!(ok, "{err}");
    assert!(out.contains("the battle so far is kept"), "{out}");
    let (r, _) = replay::load(&kept).unwrap();
    assert_eq!(r.actions.len(), 2);
    assert_eq!(r.final_hash, None, "a battle cut short is kept open");
    // A file already there is kept unless --force; the scenario itself always.
    let (_, err, ok) = referee(&["duel", "--out", kept.to_str().unwrap()], "");
    assert!(!ok && err.contains("add --force"), "{err}");
    let scen = dir.join("own.ron");
    let text = fray::scenario::BUILTIN
        .iter()
        .find(|(n, _)| *n == "duel")
        .unwrap()
        .1;
    std::fs::write(&scen, text).unwrap();
    let s = scen.to_str().unwrap();
    let (_, err, ok) = referee(&[s, "--out", s, "--force"], "1\n");
    assert!(
        !ok && err.contains("this is the scenario being played"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&scen).unwrap(), text);
    std::fs::remove_dir_all(&dir).unwrap();
}
