//! The rules notes and the rolls agree: every rule a roll cites is a paragraph of the notes, and
//! the notes cover every paragraph of the rulebook.

use std::collections::BTreeSet;

use fray::ai::{Policy, RandomPolicy};
use fray::rules::dice::SeededDice;
use fray::rules::notes;
use fray::rulesets::{Game, Visit};
use fray::scenario;
use fray::sim;

/// The rules cited by two hundred random battles of a scenario, whatever its ruleset: enough
/// that a random Coterie party starts and fights a duel (a roll of its own) somewhere.
struct Cited;

impl Visit for Cited {
    type Out = BTreeSet<String>;

    fn visit<G: Game>(self, setup: &G::Setup) -> BTreeSet<String> {
        let mut cited = BTreeSet::new();
        for seed in 0..200 {
            let mut dice = SeededDice::new(seed);
            let (mut s, start) = G::start(setup, &mut dice).unwrap();
            cited.extend(
                start
                    .iter()
                    .filter_map(|e| e.explanation.as_ref().map(|x| x.rule.clone())),
            );
            let mut ps: Vec<Box<dyn Policy<G>>> = vec![
                Box::new(RandomPolicy::new(seed)),
                Box::new(RandomPolicy::new(seed + 99)),
            ];
            let mut gm = RandomPolicy::new(0);
            sim::play_out::<G>(&mut s, &mut ps, &mut gm, &mut dice, 300, false, |_, evs| {
                cited.extend(
                    evs.iter()
                        .filter_map(|e| e.explanation.as_ref().map(|x| x.rule.clone())),
                );
            })
            .unwrap();
        }
        cited
    }
}

#[test]
fn every_rule_cited_by_a_roll_is_a_paragraph_of_the_notes() {
    for (ruleset, text) in notes::ALL {
        let ids = notes::paragraph_ids(text);
        let mut cited = BTreeSet::new();
        for (name, _) in scenario::BUILTIN {
            let loaded = scenario::builtin(name).unwrap().unwrap();
            if loaded.ruleset() == *ruleset {
                cited.extend(loaded.setup.visit(Cited));
            }
        }
        assert!(
            cited.len() >= 4,
            "random battles should cite many rules: {cited:?}"
        );
        for rule in &cited {
            assert!(
                ids.contains(&rule.as_str()),
                "{rule} is cited but not in the {ruleset} notes"
            );
            assert!(notes::paragraph(rule).is_some_and(|p| p.len() > 40));
        }
    }
}

#[test]
fn the_notes_cover_every_heading_of_the_rulebook() {
    let ids = notes::paragraph_ids(notes::ZONES);
    for id in [
        "zones.combat-procedure",
        "zones.initiative",
        "zones.taking-a-turn",
        "zones.main-actions",
        "zones.bonus-actions",
        "zones.reactions",
        "zones.attacking",
        "zones.melee",
        "zones.ranged",
        "zones.indirect",
        "zones.opportunity",
        "zones.protection",
        "zones.blast",
        "zones.attack-stunts",
        "zones.non-lethal",
        "zones.disarm",
        "zones.grapple",
        "zones.sneaking",
        "zones.morale",
        "zones.surrendering",
        "zones.chases",
        "zones.gear-degradation",
        "zones.fast-slow",
        "zones.chaos",
        "zones.saves",
        "zones.impaired",
        "zones.gear",
        "zones.zones-and-ranges",
    ] {
        assert!(ids.contains(&id), "the notes lack {id}");
    }
    let quote = notes::paragraph("zones.impaired").unwrap();
    assert!(quote.starts_with("## zones.impaired"));
    assert!(quote.contains("keeps the lower"));
    assert!(
        !quote.contains("## zones.melee"),
        "a quote stops at the next paragraph"
    );
}

#[test]
fn the_coterie_notes_cover_every_paragraph_of_its_rulebook() {
    let ids = notes::paragraph_ids(notes::COTERIE);
    for id in [
        "coterie.characters",
        "coterie.phase",
        "coterie.individual-actions",
        "coterie.effort",
        "coterie.group-roll",
        "coterie.degrees",
        "coterie.performance",
        "coterie.fatigue",
        "coterie.special-actions",
        "coterie.mild-special",
        "coterie.duels",
        "coterie.push-backs",
        "coterie.flee",
        "coterie.drift",
        "coterie.over-run",
        "coterie.tactical-penalty",
        "coterie.wounds",
        "coterie.trait-injuries",
        "coterie.mixed",
        "coterie.harm-table",
        "coterie.group-harm",
        "coterie.fall-back",
        "coterie.individual-harm",
        "coterie.flee-field",
        "coterie.draws",
    ] {
        assert!(ids.contains(&id), "the notes lack {id}");
    }
    let readings = notes::COTERIE.matches("**Reading:**").count();
    assert!(
        readings >= 15,
        "the gaps the rulebook leaves are filled: {readings}"
    );
}

#[test]
fn the_teams_notes_cover_every_paragraph_of_its_rulebook() {
    let ids = notes::paragraph_ids(notes::TEAMS);
    for id in [
        "teams.combat",
        "teams.objectives",
        "teams.initiative",
        "teams.rounds",
        "teams.outnumbered",
        "teams.unable-to-act",
        "teams.surprise",
        "teams.danger-sense",
        "teams.actions",
        "teams.brandish",
        "teams.command",
        "teams.interact",
        "teams.guard",
        "teams.move",
        "teams.ready",
        "teams.resuscitate",
        "teams.seek-cover",
        "teams.short-task",
        "teams.sprint",
        "teams.stand-up",
        "teams.wait",
        "teams.reactions",
        "teams.dodge",
        "teams.fortify",
        "teams.intercept",
        "teams.resist",
        "teams.extended",
        "teams.free-actions",
        "teams.prone",
        "teams.movement",
        "teams.distances",
        "teams.tests",
        "teams.advantage",
        "teams.attacks",
        "teams.attack-damage",
        "teams.critical",
        "teams.stray-shots",
        "teams.multiple-attacks",
        "teams.sneak-flank",
        "teams.size",
        "teams.defensive-actions",
        "teams.block",
        "teams.block-overflow",
        "teams.parry",
        "teams.durability",
        "teams.damage-types",
        "teams.harm",
        "teams.unconscious",
        "teams.death",
        "teams.killing-strike",
        "teams.nonlethal",
    ] {
        assert!(ids.contains(&id), "the notes lack {id}");
    }
    // The rulebook's blank sections are filled.
    for gap in [
        "teams.objectives",
        "teams.movement",
        "teams.distances",
        "teams.advantage",
        "teams.block",
        "teams.block-overflow",
        "teams.parry",
        "teams.durability",
        "teams.killing-strike",
    ] {
        assert!(
            notes::paragraph(gap).is_some_and(|p| p.contains("**Reading:**")),
            "{gap} gives its reading"
        );
    }
    let readings = notes::TEAMS.matches("**Reading:**").count();
    assert!(readings >= 30, "the gaps are filled: {readings}");
}

/// Each paragraph of the Coterie and Three actions notes is played out by at least one rulebook
/// case: named in a `covers(&[...])` call of a `#[test]` function, which also checks at run time
/// that it is a paragraph. A paragraph id written in a comment does not count.
#[test]
fn every_coterie_and_teams_paragraph_is_played_out_by_a_case() {
    let dir = crate::support::root().join("tests/rulebook");
    let mut covered = BTreeSet::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path
            .file_name()
            .is_some_and(|n| n != "notes.rs" && n != "main.rs")
        {
            covered.extend(covered_by(&std::fs::read_to_string(&path).unwrap()));
        }
    }
    for text in [notes::COTERIE, notes::TEAMS] {
        let missing: Vec<&str> = notes::paragraph_ids(text)
            .into_iter()
            .filter(|id| !covered.contains(*id))
            .collect();
        assert!(missing.is_empty(), "no rulebook case covers {missing:?}");
    }
}

/// The ids in `covers(&[...])` calls inside `#[test]` functions of a case file, comments left
/// out.
fn covered_by(source: &str) -> BTreeSet<String> {
    let code: String = source
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let mut ids = BTreeSet::new();
    for test in code.split("#[test]").skip(1) {
        // The function's body ends where the next item starts.
        let body = test.split("\n}\n").next().unwrap_or(test);
        for call in body.split("covers(&[").skip(1) {
            let list = call.split("])").next().unwrap_or("");
            ids.extend(
                list.split(',')
                    .map(|id| id.trim().trim_matches('"').to_string())
                    .filter(|id| !id.is_empty()),
            );
        }
    }
    ids
}

#[test]
fn a_paragraph_named_only_in_a_comment_or_outside_a_test_is_not_covered() {
    let source = r#"
// covers(&["coterie.drift"]) in a comment
fn helper() {
    covers(&["coterie.flee"]);
}

#[test]
fn a_case() {
    // coterie.over-run
    covers(&["coterie.wounds", "coterie.mixed"]);
}
"#;
    let ids: Vec<String> = covered_by(source).into_iter().collect();
    assert_eq!(ids, vec!["coterie.mixed", "coterie.wounds"]);
}

#[test]
fn every_paragraph_has_a_title_a_person_can_read() {
    for (_, text) in notes::ALL {
        for id in notes::paragraph_ids(text) {
            let title = notes::title(id).unwrap_or_else(|| panic!("{id} has no title"));
            assert!(!title.is_empty() && !title.contains('.'), "{id}: {title:?}");
        }
    }
    assert_eq!(notes::title("coterie.effort"), Some("Group effort"));
    assert_eq!(
        notes::titles(&["coterie.flee".into(), "no.such-rule".into()]),
        "Fleeing and capitulating, no.such-rule"
    );
}
