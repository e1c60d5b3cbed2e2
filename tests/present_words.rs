//! Every word a battle's screens show comes from the catalogues: battles of every shipped
//! scenario played under the pseudo-locale, and each text of what a ruleset shows (the board's
//! places and tokens, the roster, each choice's odds and alternative and what it points at,
//! where a character could go, the situation, each decision's title, the beats and the board's
//! effects of every event, the result table) checked for plain English. The names a scenario
//! file gives (characters, sides, zones, items, skills, hazards: every string it writes in
//! quotes) are values, left as they are written, so they are taken out before the check.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use fray::present::Visual;
use fray::rules::battle::Pending;
use fray::rules::dice::SeededDice;
use fray::rules::names::Indexed;
use fray::rulesets::{Game, Visit};
use fray::scenario;
use fray::session::{Session, Typed};
use fray::words::{Lang, looks_unconverted};

/// Decisions played of each battle: enough to reach attacks, harm and most battles' ends.
const MOST_DECISIONS: usize = 200;

/// Every text the screens show of battles of ruleset `ruleset`, with the scenario and what
/// showed it, and the names the battle's files gave.
struct Shown {
    seed: u64,
}

impl Visit for Shown {
    type Out = Vec<(String, String, Vec<String>)>;

    fn visit<G: Game>(self, setup: &G::Setup) -> Self::Out {
        let mut dice = SeededDice::new(self.seed);
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        let (mut session, _) =
            Typed::<G>::start(setup, &mut dice, None).expect("the scenario starts");
        session.speak(Lang::Pseudo);
        let mut out = Vec::new();
        for _ in 0..MOST_DECISIONS {
            let names = names::<G>(session.as_ref());
            let mut show = |what: &str, text: &str| {
                out.push((what.to_string(), text.to_string(), names.clone()));
            };
            look(session.as_ref(), &mut show);
            let Pending::Decide { .. } = session.pending() else {
                break;
            };
            let n = session.legal_len();
            let Some(choice) = session.choice(rng.random_range(0..n)) else {
                break;
            };
            let applied = session
                .apply(&choice, &mut dice)
                .expect("a legal choice applies");
            for entry in &applied.log {
                if let Some(v) = &entry.visual {
                    for text in visual_texts(v) {
                        show("an event's effect on the board", &text);
                    }
                }
            }
            for beat in &applied.beats {
                show("a beat's title", &beat.title);
                for line in &beat.lines {
                    show("a beat's line", line);
                }
            }
        }
        let names = names::<G>(session.as_ref());
        let table = session.result_table();
        for text in table
            .headings
            .iter()
            .chain(table.rows.iter().flat_map(|(_, r)| r))
        {
            out.push(("the result table".into(), text.clone(), names.clone()));
        }
        out
    }
}

/// What the screens show of the battle as it stands.
fn look(session: &dyn Session, show: &mut dyn FnMut(&str, &str)) {
    let board = session.board(None);
    for p in &board.places {
        show("a place's name", &p.name);
        show("a place's features", &p.features);
    }
    for t in &board.tokens {
        for (what, text) in [
            ("a token's inside", &t.inside),
            ("a token's label", &t.label),
            ("a token's note", &t.note),
            ("a token's name", &t.name),
        ] {
            show(what, text);
        }
        for g in &t.gear {
            show("a token's gear", g);
        }
        for text in session.reach(t.id).iter().map(|(_, cost)| cost) {
            show("what going somewhere costs", text);
        }
    }
    for h in &board.headings {
        show("a heading on the board", &h.text);
    }
    for line in session.roster(None) {
        show("the roster", &line.text);
    }
    if let Some(s) = session.situation() {
        show("the situation", &s);
    }
    if let Pending::Decide { kind, .. } = session.pending() {
        show("the decision's title", &session.title(*kind));
    }
    show("the round", &session.round_text());
    for i in 0..session.legal_len() {
        if let Some(odds) = session.odds(i) {
            show("a choice's odds", &odds);
        }
        if let Some((title, effect)) = session.alternative(i) {
            show("an alternative's title", &title);
            show("an alternative's effect", &effect);
        }
        if let Some(cost) = session.focus(i).cost {
            show("what a choice's move costs", &cost);
        }
        for part in session.parts(i).unwrap_or_default() {
            show("a step of a choice", &part);
        }
    }
}

fn visual_texts(v: &Visual) -> Vec<String> {
    match v {
        Visual::Slide { text, .. } | Visual::Float { text, .. } | Visual::Banner { text } => {
            vec![text.clone()]
        }
        _ => Vec::new(),
    }
}

/// The names the battle's files gave, longest first, so that a name inside another is taken
/// out after it.
fn names<G: Game>(session: &dyn Session) -> Vec<String> {
    let typed = session
        .as_any()
        .downcast_ref::<Typed<G>>()
        .expect("the session of this ruleset");
    let all = G::names(typed.state());
    let mut out: Vec<String> = [
        Indexed::Character,
        Indexed::Faction,
        Indexed::Zone,
        Indexed::Item,
        Indexed::Fixture,
        Indexed::Task,
    ]
    .into_iter()
    .flat_map(|k| all.list(k).to_vec())
    .chain(session.faction_names().iter().cloned())
    .collect();
    // A Zones token's caption shortens a long name to its last word ("Captain Rusk" is
    // "Rusk": present::zones::token_name), as much the file's value as the whole name.
    let short: Vec<String> = all
        .list(Indexed::Character)
        .iter()
        .filter_map(|n| n.split_whitespace().last().map(str::to_string))
        .collect();
    out.extend(short);
    out.sort_by_key(|n| std::cmp::Reverse(n.len()));
    out
}

/// Each text of ruleset `ruleset`'s shipped scenarios that reads as plain English once the
/// names are taken out, with where it showed.
fn unconverted(ruleset: &str) -> (usize, Vec<String>) {
    let mut seen = 0;
    let mut found = Vec::new();
    for (name, src) in scenario::BUILTIN {
        let loaded = scenario::builtin(name).unwrap().unwrap();
        if loaded.ruleset() != ruleset {
            continue;
        }
        let written = quoted(src);
        for (what, text, mut names) in loaded.setup.visit(Shown { seed: 11 }) {
            seen += 1;
            names.extend(written.iter().cloned());
            names.sort_by_key(|n| std::cmp::Reverse(n.len()));
            let mut rest = text.clone();
            for n in names.iter().filter(|n| !n.is_empty()) {
                rest = rest.replace(n.as_str(), " ");
            }
            // A token's label and a square's name may be a short name: the first word of a
            // name the file gives ("Captain" of "Captain Aubrey", "alarm" of "alarm bell"), a
            // value as the whole name is.
            let short = matches!(what.as_str(), "a token's label" | "a place's name")
                && names
                    .iter()
                    .any(|n| n.split_whitespace().next() == Some(text.as_str()));
            if !short
                && looks_unconverted(&rest)
                && !found.iter().any(|f: &String| f.ends_with(&text))
            {
                found.push(format!("{name}: {what}: {text}"));
            }
        }
    }
    (seen, found)
}

/// Every string a scenario file writes in quotes: the names of its hazards, skills, gear and
/// the rest, which the screens write as they are.
fn quoted(src: &str) -> Vec<String> {
    src.split('"')
        .skip(1)
        .step_by(2)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

fn check(ruleset: &str) {
    let (seen, found) = unconverted(ruleset);
    assert!(seen > 500, "only {seen} texts of {ruleset} looked at");
    assert!(
        found.is_empty(),
        "{} texts of {ruleset}'s screens do not come from the catalogues:\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn the_zones_screens_speak_from_the_catalogue() {
    check("zones");
}

#[test]
fn the_three_actions_screens_speak_from_the_catalogue() {
    check("teams");
}

#[test]
fn the_coterie_screens_speak_from_the_catalogue() {
    check("coterie");
}
