//! The rules notes and the rolls agree: every rule a roll cites is a paragraph of the notes, and
//! the notes cover every paragraph of the rulebook.

use fray::ai::{Policy, RandomPolicy};
use fray::rules::dice::SeededDice;
use fray::rules::notes;
use fray::rules::zones::Zones;
use fray::scenario::{self, Setup};
use fray::sim;

#[test]
fn every_rule_cited_by_a_roll_is_a_paragraph_of_the_notes() {
    let ids = notes::paragraph_ids(notes::ZONES);
    let mut cited = std::collections::BTreeSet::new();
    for (name, _) in scenario::BUILTIN {
        let Setup::Zones(setup) = scenario::builtin(name).unwrap().unwrap().setup else {
            panic!("a Zones scenario")
        };
        for seed in 0..40 {
            let mut dice = SeededDice::new(seed);
            let (mut s, start) = setup.start(&mut dice).unwrap();
            cited.extend(
                start
                    .iter()
                    .filter_map(|e| e.explanation.as_ref().map(|x| x.rule.clone())),
            );
            let mut ps: Vec<Box<dyn Policy<Zones>>> = vec![
                Box::new(RandomPolicy::new(seed)),
                Box::new(RandomPolicy::new(seed + 99)),
            ];
            let mut gm = RandomPolicy::new(0);
            sim::play_out::<Zones>(&mut s, &mut ps, &mut gm, &mut dice, 300, |_, evs| {
                cited.extend(
                    evs.iter()
                        .filter_map(|e| e.explanation.as_ref().map(|x| x.rule.clone())),
                );
            })
            .unwrap();
        }
    }
    assert!(
        cited.len() >= 8,
        "random battles should cite many rules: {cited:?}"
    );
    for rule in &cited {
        assert!(
            ids.contains(&rule.as_str()),
            "{rule} is cited but not in the notes"
        );
        assert!(notes::paragraph(rule).is_some_and(|p| p.len() > 40));
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
