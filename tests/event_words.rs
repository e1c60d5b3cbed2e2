//! Every sentence the referee writes, held fast: one random battle on each shipped scenario
//! (the lessons' own included),
//! each decision as the menu describes it and each event with its roll's explanation, compared
//! with `tests/golden/events/SCENARIO.txt`. Moving the words out of the referee (events as
//! data, the words in a catalogue) must leave every line as it is, unless a line is bettered on
//! purpose; then `FRAY_BLESS=1 cargo test --test event_words` writes the files anew, and the
//! diff shows what changed.

use std::fmt::Write as _;
use std::path::PathBuf;

use fray::rules::battle::{Event, Outcome, Pending};
use fray::rules::dice::SeededDice;
use fray::rules::line::{Arg, Line, Named};
use fray::rulesets::{Game, Visit};
use fray::words::InEnglish;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Decisions a battle is cut off at, so that a long one keeps its file short.
const MOST_DECISIONS: usize = 250;

struct Words(u64);

impl Visit for Words {
    type Out = String;
    fn visit<G: Game>(self, setup: &G::Setup) -> String {
        let mut out = String::new();
        let mut dice = SeededDice::new(self.0);
        let mut rng = ChaCha8Rng::seed_from_u64(self.0);
        let (mut state, events) = G::start(setup, &mut dice).expect("the scenario starts");
        write_events(&mut out, &state, &events);
        for step in 0..MOST_DECISIONS {
            if !matches!(G::pending(&state), Pending::Decide { .. }) {
                break;
            }
            let legal = G::legal_actions(&state);
            let action = &legal[rng.random_range(0..legal.len())];
            writeln!(
                out,
                "{step}> {}",
                G::describe(&state, action).english(&state)
            )
            .unwrap();
            let events = G::apply(&mut state, action, &mut dice).expect("a legal action applies");
            write_events(&mut out, &state, &events);
        }
        out
    }
}

fn write_events<K>(out: &mut String, names: &dyn Named, events: &[Event<K>]) {
    for e in events {
        writeln!(out, "  {}", e.english(names)).unwrap();
    }
}

/// Every shipped scenario and every lesson's, loaded, by name.
fn scenarios() -> impl Iterator<Item = (&'static str, fray::scenario::Loaded)> {
    let shipped = fray::scenario::BUILTIN
        .iter()
        .map(|&(n, src)| (n, "scenarios", src));
    let lessons = fray::scenario::LESSON_SCENARIOS
        .iter()
        .map(|&(n, src)| (n, "lessons/scenarios", src));
    shipped.chain(lessons).map(|(name, folder, src)| {
        let file = format!("assets/{folder}/{name}.ron");
        (name, fray::scenario::load_str(name, &file, src).unwrap())
    })
}

fn golden(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden/events")
        .join(format!("{name}.txt"))
}

#[test]
fn every_sentence_of_a_battle_on_each_shipped_scenario_reads_as_it_did() {
    let bless = std::env::var_os("FRAY_BLESS").is_some();
    let mut differ = Vec::new();
    for (name, loaded) in scenarios() {
        let words = loaded.setup.visit(Words(7));
        assert!(words.lines().count() > 5, "{name}: a battle of a few lines");
        let path = golden(name);
        if bless {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &words).unwrap();
            continue;
        }
        let kept = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (FRAY_BLESS=1 writes it)", path.display()));
        if kept != words {
            let (n, (was, is)) = kept
                .lines()
                .zip(words.lines())
                .enumerate()
                .find(|(_, (a, b))| a != b)
                .unwrap_or((kept.lines().count().min(words.lines().count()), ("", "")));
            differ.push(format!(
                "{name}, line {}:\n  was: {was}\n  now: {is}",
                n + 1
            ));
        }
    }
    assert!(
        differ.is_empty(),
        "the referee's words changed (FRAY_BLESS=1 writes them anew):\n{}",
        differ.join("\n")
    );
}

/// Every line of a battle's, gathered: each decision's description, each event's line and
/// each part of its roll's explanation.
struct Lines(u64);

impl Visit for Lines {
    type Out = Vec<(String, Line, String)>;
    fn visit<G: Game>(self, setup: &G::Setup) -> Self::Out {
        let mut out = Vec::new();
        let mut dice = SeededDice::new(self.0);
        let mut rng = ChaCha8Rng::seed_from_u64(self.0);
        let (mut state, events) = G::start(setup, &mut dice).expect("the scenario starts");
        let pseudo = fray::words::Words::new(fray::words::Lang::Pseudo);
        let keep = |state: &G::State, events: &[Event<G::EventKind>], out: &mut Self::Out| {
            for e in events {
                let mut parts = vec![("event", e.line.clone())];
                if let Some(x) = &e.explanation {
                    parts.push(("roll", x.what.clone()));
                    parts.push(("outcome", x.outcome.clone()));
                    parts.extend(x.against.clone().map(|a| ("against", a)));
                    parts.extend(x.modifiers.iter().map(|m| ("modifier", m.cause.clone())));
                }
                for (what, line) in parts {
                    let said = pseudo.line(&line, state);
                    out.push((what.to_string(), line, said));
                }
            }
        };
        keep(&state, &events, &mut out);
        for _ in 0..MOST_DECISIONS {
            if !matches!(G::pending(&state), Pending::Decide { .. }) {
                break;
            }
            let legal = G::legal_actions(&state);
            let action = &legal[rng.random_range(0..legal.len())];
            let described = G::describe(&state, action);
            let said = pseudo.line(&described, &state);
            out.push(("decision".to_string(), described, said));
            let events = G::apply(&mut state, action, &mut dice).expect("a legal action applies");
            keep(&state, &events, &mut out);
        }
        if let Pending::Over(Outcome::Victory { how, .. } | Outcome::Draw { how }) =
            G::pending(&state)
        {
            let said = pseudo.line(&how, &state);
            out.push(("battle's end".to_string(), how, said));
        }
        out
    }
}

/// Whether `line` or a line inside it is written whole: English the catalogue never saw.
fn written_inside(line: &Line) -> Option<&str> {
    if let Some(text) = line.as_written() {
        return (!text.is_empty()).then_some(text);
    }
    line.args.iter().find_map(|(_, arg)| match arg {
        Arg::Line(inner) => written_inside(inner),
        Arg::Lines(lines) => lines.iter().find_map(written_inside),
        _ => None,
    })
}

/// The referee's lines are messages of the catalogue, all of them: none is written whole in
/// English, each is found in the catalogue, and under the pseudo-locale they come out in its
/// accented letters (the names and numbers a line carries are values, left as they are).
#[test]
fn every_line_of_a_battle_is_a_message_of_the_catalogue_and_none_is_english() {
    let (mut seen, mut accented, mut ended) = (0, 0, 0);
    for (name, loaded) in scenarios() {
        for (what, line, said) in loaded.setup.visit(Lines(7)) {
            seen += 1;
            ended += usize::from(what == "battle's end");
            if let Some(text) = written_inside(&line) {
                panic!("{name}: a {what} written in English, not a message: {text:?}");
            }
            assert!(
                !said.contains('«'),
                "{name}: a {what} names a missing message: {said}"
            );
            // A message of values alone (an item's name) has no words of its own to accent.
            accented += usize::from(said.contains('['));
        }
    }
    assert!(seen > 5_000, "only {seen} lines looked at");
    assert!(
        ended >= 10,
        "only {ended} battles ended: how they ended went unread"
    );
    assert!(
        accented * 10 > seen * 9,
        "only {accented} of {seen} lines came out in the pseudo-locale's letters"
    );
}
