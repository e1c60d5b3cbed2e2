//! Three actions: teams.reactions, teams.defensive-actions, teams.dodge, teams.resist,
//! teams.intercept, teams.block, teams.block-overflow, teams.parry, teams.durability,
//! teams.harm, teams.unconscious, teams.fortify, teams.death, teams.killing-strike,
//! teams.nonlethal.

use crate::covers;
use fray::rules::battle::{DecisionKind, Pending, Seat};
use fray::rules::dice::Die;
use fray::rules::teams::{
    Action, Attr, CharacterSetup, DamageType, EventKind, Item, Stats, Status, WeaponDef,
};
use fray::words::{InEnglish, Said};

use crate::teams_setups::*;

fn axe() -> Item {
    Item::new("axe").with_weapon(WeaponDef::melee(4, 6, DamageType::Slashing))
}

/// A bandit with an axe, whose team started the fight, next to `target`.
fn bandit_attacks(target: CharacterSetup) -> Table {
    let setup = duel(
        6,
        3,
        vec![
            target,
            CharacterSetup::new("Bandit", 1, at(2, 1)).hold(axe()),
        ],
    )
    .started_by(1, Some(0));
    let mut t = Table::new(&setup);
    t.activate("Bandit");
    t
}

/// `attacker` (team 1) takes the first turn against `target`, whose friend stands away from
/// the fight so that their side is not beaten when the target falls.
fn attacked_beside_a_friend(target: CharacterSetup, attacker: CharacterSetup) -> Table {
    let who = attacker.name.clone();
    let mut setup = duel(
        6,
        3,
        vec![target, CharacterSetup::new("Friend", 0, at(5, 2)), attacker],
    )
    .started_by(1, Some(0));
    setup.round_limit = 5;
    let mut t = Table::new(&setup);
    t.activate(&who);
    t
}

#[test]
fn boudica_harmed_then_fortifying_then_dying() {
    covers(&[
        "teams.harm",
        "teams.fortify",
        "teams.unconscious",
        "teams.death",
    ]);
    // teams.harm, teams.fortify, teams.unconscious, teams.death: the rulebook's three blows,
    // number for number.
    let boudica = CharacterSetup::new("Boudica", 0, at(1, 1))
        .stats(Stats {
            evasion: 2,
            ..boudica_stats()
        })
        .hold(spear());
    let mut t = bandit_attacks(boudica);
    let axe = t.attack("Bandit", Some("axe"), "Boudica");

    // 7 damage: 1 + 2 = 3, + 4 = 7. Endurance 12 → 5: harmed.
    t.act(axe, &[1, 2, 5]);
    let events = t.decline();
    assert_eq!(t.ch("Boudica").endurance, 5);
    assert!(
        t.text()
            .contains("Boudica takes 7 damage: endurance 12 to 5.")
    );
    assert!(t.ch("Boudica").is_harmed());
    assert!(
        events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Harmed { .. }))
    );
    assert!(!t.ch("Boudica").is_bloodied());

    // 10 more: 4 + 4 - 2 = 6, + 4 = 10. Endurance 5 → 0, the excess 5 to health 12 → 7.
    t.act(axe, &[4, 4, 5]);
    t.decline();
    assert_eq!(t.ch("Boudica").endurance, 0);
    assert_eq!(t.ch("Boudica").health, 7);
    assert!(
        t.text()
            .contains("Boudica takes 10 damage: endurance 5 to 0, the excess 5 to health 12 to 7.")
    );
    // Missing 5 > constitution 4: fortify or fall, her team's reaction.
    assert_eq!(
        t.pending(),
        Pending::Decide {
            seat: Seat::Faction(0),
            kind: DecisionKind::Reaction,
            time_limit: None
        }
    );
    assert_eq!(t.legal(), vec![Action::Fortify, Action::FallUnconscious]);
    // Strength d6 4, athletics d4 2, fortitude +1 = 7 against 5.
    let events = t.act(Action::Fortify, &[4, 2, 10]);
    let e = explained(&events, "teams.unconscious");
    assert_eq!(e.total, 7);
    assert_eq!(
        e.dice.iter().map(|d| (d.die, d.value)).collect::<Vec<_>>(),
        vec![(Die::D6, 4), (Die::D4, 2), (Die::D20, 10)]
    );
    assert!(e.against.said().starts_with("5 "));
    assert_eq!(t.ch("Boudica").status, Status::Active);
    assert_eq!(t.ch("Boudica").stamina, 2);
    assert!(t.ch("Boudica").is_bloodied());
    assert!(t.text().contains("Boudica is bloodied (health 7 of 12)."));

    // 8 more: 4 + 4 - 4 = 4, + 4 = 8 against her 7 health: zero, unconscious, and the damage
    // exceeded what was left: a luck test, which rolls 1. Her reaction is spent, so she is
    // not asked to defend.
    let events = t.act(axe, &[4, 4, 5, 1]);
    assert_eq!(t.ch("Boudica").health, 0);
    assert!(
        t.text()
            .contains("Boudica takes 8 damage: 8 to health 7 to 0.")
    );
    // Bloodied once, when she first lost health.
    assert_eq!(t.text().matches("is bloodied").count(), 1);
    assert_eq!(t.ch("Boudica").status, Status::Dead);
    assert!(events.iter().any(|e| matches!(
        e.kind,
        EventKind::Status {
            status: Status::Unconscious,
            ..
        }
    )));
    let death = explained(&events, "teams.death");
    assert_eq!(death.total, 1);
    // Her luck is 0: the d20 alone.
    assert!(death.modifiers.is_empty(), "{:?}", death.modifiers);
    assert_eq!(
        death.against.as_ref().map(Said::said).as_deref(),
        Some("10 (the difficulty to cheat death)")
    );
    // With nobody left standing for the heroes, the bandits win.
    assert!(matches!(
        t.pending(),
        Pending::Over(fray::rules::battle::Outcome::Victory { winner: 1, .. })
    ));
}

#[test]
fn cheating_death_raises_the_difficulty_by_five_for_good() {
    covers(&["teams.death"]);
    // teams.death: luck 12 ≥ 10 cheats death; the next time it takes 15, and 14 dies.
    let victim = CharacterSetup::new("Victim", 0, at(1, 1)).stats(Stats {
        evasion: 2,
        endurance: 0,
        health: 3,
        stamina: 0,
        ..Stats::default()
    });
    let mut t = attacked_beside_a_friend(
        victim,
        CharacterSetup::new("Bandit", 1, at(2, 1)).hold(axe()),
    );
    let axe = t.attack("Bandit", Some("axe"), "Victim");
    // 2 + 4 = 6 against 3 health: exceeded.
    let events = t.act(axe, &[1, 1, 5, 12]);
    assert_eq!(t.ch("Victim").status, Status::Unconscious);
    assert_eq!(t.ch("Victim").death_difficulty, 15);
    assert!(events.iter().any(|e| matches!(
        e.kind,
        EventKind::CheatedDeath {
            next_difficulty: 15,
            ..
        }
    )));
    // Unconscious: a sneak attack on a prone target, double advantage (three rolls); any damage
    // at zero health risks death again, now against 15.
    let events = t.act(axe, &[3, 3, 5, 1, 2, 5, 1, 1, 5, 14]);
    let death = explained(&events, "teams.death");
    assert_eq!(
        death.against.as_ref().map(Said::said).as_deref(),
        Some("15 (the difficulty to cheat death)")
    );
    assert_eq!(t.ch("Victim").status, Status::Dead);
}

#[test]
fn luck_adds_to_the_luck_test_against_death() {
    covers(&["teams.death"]);
    // teams.death: 2 + 4 = 6 against 3 health: exceeded. The luck test is a d20 plus luck: 8 + 2
    // = 10 against 10 cheats death.
    let victim = CharacterSetup::new("Victim", 0, at(1, 1)).stats(Stats {
        evasion: 2,
        endurance: 0,
        health: 3,
        luck: 2,
        ..Stats::default()
    });
    let mut t = bandit_attacks(victim);
    let axe = t.attack("Bandit", Some("axe"), "Victim");
    t.act(axe, &[1, 1, 5]);
    let events = t.act(Action::NoReaction, &[8]);
    let death = explained(&events, "teams.death");
    assert_eq!(death.total, 10);
    assert_eq!(
        death
            .modifiers
            .iter()
            .map(|m| (m.value, m.cause.said().leak() as &str))
            .collect::<Vec<_>>(),
        vec![(2, "luck")]
    );
    assert_eq!(t.ch("Victim").status, Status::Unconscious);
    assert_eq!(t.ch("Victim").death_difficulty, 15);
}

#[test]
fn a_character_with_no_health_to_lose_is_never_bloodied() {
    covers(&["teams.harm", "teams.death"]);
    // teams.harm: bloodied is "less than their maximum health"; a character whose most health
    // is 0 lies unconscious at 0 of 0 and can be no less. The bandit's sneak attack (two rolls,
    // the better 3 + 3 = 6, + 4 = 10) all goes past endurance 0: a luck test (15) cheats death,
    // and nobody is called bloodied.
    let victim = CharacterSetup::new("Victim", 0, at(1, 1)).stats(Stats {
        endurance: 0,
        health: 0,
        ..Stats::default()
    });
    let mut t = attacked_beside_a_friend(
        victim,
        CharacterSetup::new("Bandit", 1, at(2, 1)).hold(axe()),
    );
    let axe = t.attack("Bandit", Some("axe"), "Victim");
    t.act(axe, &[1, 1, 5, 3, 3, 5, 15]);
    assert!(t.text().contains("Victim cheats death"), "{}", t.text());
    assert!(!t.text().contains("bloodied"), "{}", t.text());
}

#[test]
fn damage_that_only_reaches_zero_does_not_risk_death() {
    covers(&["teams.death"]);
    // teams.death: exactly the health left: unconscious, no luck test.
    let victim = CharacterSetup::new("Victim", 0, at(1, 1)).stats(Stats {
        evasion: 2,
        endurance: 0,
        health: 6,
        ..Stats::default()
    });
    let mut t = bandit_attacks(victim);
    let axe = t.attack("Bandit", Some("axe"), "Victim");
    t.act(axe, &[1, 1, 5]);
    t.decline();
    assert_eq!(t.ch("Victim").health, 0);
    assert_eq!(t.ch("Victim").status, Status::Unconscious);
}

#[test]
fn nonlethal_damage_to_zero_spares_the_luck_test_but_more_damage_does_not() {
    covers(&["teams.nonlethal", "teams.death"]);
    // teams.nonlethal: a club knocks the victim from 3 to 0 with 6: no risk; the next blow at
    // zero health, nonlethal too, risks death (luck 3 < 10).
    let victim = CharacterSetup::new("Victim", 0, at(1, 1)).stats(Stats {
        evasion: 2,
        endurance: 0,
        health: 3,
        stamina: 0,
        ..Stats::default()
    });
    let mut t = attacked_beside_a_friend(
        victim,
        CharacterSetup::new("Thug", 1, at(2, 1)).hold(club()),
    );
    let club = t.attack("Thug", Some("club"), "Victim");
    let events = t.act(club, &[1, 2, 5]);
    assert_eq!(t.ch("Victim").status, Status::Unconscious);
    assert!(!events.iter().any(|e| {
        e.explanation
            .as_ref()
            .is_some_and(|x| x.rule == "teams.death")
    }));
    assert!(t.text().contains("nonlethal"));
    t.act(club, &[1, 1, 5, 1, 1, 5, 2, 2, 5, 3]);
    assert_eq!(t.ch("Victim").status, Status::Dead);
}

#[test]
fn without_a_reaction_a_character_beyond_its_constitution_falls_unasked() {
    covers(&["teams.unconscious"]);
    // teams.unconscious: fortifying is a reaction; with it spent, the character falls.
    let victim = CharacterSetup::new("Victim", 0, at(1, 1)).stats(Stats {
        evasion: 2,
        endurance: 0,
        health: 10,
        ..Stats::default()
    });
    let mut t = bandit_attacks(victim);
    let v = t.c("Victim");
    t.s.characters[v].reactions = 0;
    let axe = t.attack("Bandit", Some("axe"), "Victim");
    // 3 + 4 = 7 to health: 3 left, 7 missing > 4.
    let events = t.act(axe, &[1, 2, 5]);
    assert_eq!(t.ch("Victim").health, 3);
    assert_eq!(t.ch("Victim").status, Status::Unconscious);
    assert!(
        events
            .iter()
            .any(|e| e.line.said().contains("no reaction or stamina to fortify"))
    );
}

#[test]
fn missing_health_equal_to_constitution_needs_no_fortifying() {
    covers(&["teams.unconscious"]);
    // teams.unconscious: "greater than their constitution": 2 + 4 = 6 to health, 10 → 4, 6
    // missing against constitution 6: not greater, no fortifying, no falling.
    let victim = CharacterSetup::new("Victim", 0, at(1, 1)).stats(Stats {
        evasion: 2,
        endurance: 0,
        health: 10,
        constitution: 6,
        ..Stats::default()
    });
    let mut t = bandit_attacks(victim);
    let axe = t.attack("Bandit", Some("axe"), "Victim");
    t.act(axe, &[1, 1, 5]);
    t.decline();
    assert_eq!(t.ch("Victim").health, 4);
    assert_eq!(t.ch("Victim").status, Status::Active);
    assert!(!t.is_legal(&Action::Fortify));
    assert!(t.is_legal(&axe), "the bandit's turn goes on");
}

#[test]
fn a_luck_roll_of_twenty_adds_four_to_a_fortify_test() {
    covers(&["teams.tests", "teams.unconscious"]);
    // teams.tests: 1 + 1 + fortitude 1 = 3, + 4 for luck 20 = 7 ≥ 6.
    let boudica = CharacterSetup::new("Boudica", 0, at(1, 1)).stats(Stats {
        evasion: 2,
        endurance: 0,
        ..boudica_stats()
    });
    let mut t = bandit_attacks(boudica);
    let axe = t.attack("Bandit", Some("axe"), "Boudica");
    t.act(axe, &[1, 1, 5]);
    t.decline();
    // 2 + 4 = 6 to health: 12 → 6, missing 6 > 4.
    assert_eq!(t.legal(), vec![Action::Fortify, Action::FallUnconscious]);
    let events = t.act(Action::Fortify, &[1, 1, 20]);
    let e = explained(&events, "teams.unconscious");
    assert_eq!(e.total, 7);
    assert!(
        e.modifiers
            .iter()
            .any(|m| m.value == 4 && m.cause.said().contains("20 or more"))
    );
    assert_eq!(t.ch("Boudica").status, Status::Active);
}

#[test]
fn choosing_to_fall_unconscious_costs_nothing() {
    covers(&["teams.unconscious"]);
    // teams.unconscious: falling instead of fortifying keeps the stamina.
    let boudica = CharacterSetup::new("Boudica", 0, at(1, 1)).stats(Stats {
        evasion: 2,
        endurance: 0,
        ..boudica_stats()
    });
    let mut t = bandit_attacks(boudica);
    let axe = t.attack("Bandit", Some("axe"), "Boudica");
    t.act(axe, &[1, 1, 5]);
    t.decline();
    t.act(Action::FallUnconscious, &[]);
    assert_eq!(t.ch("Boudica").status, Status::Unconscious);
    assert!(t.ch("Boudica").prone, "the unconscious lie prone");
    assert_eq!(t.ch("Boudica").stamina, 3);
}

#[test]
fn a_dodge_that_meets_the_attack_test_makes_it_miss() {
    covers(&["teams.dodge"]);
    // teams.dodge: dexterity d6 3 + acrobatics d4 3 = 6 against the attack's 6.
    let target = CharacterSetup::new("Target", 0, at(1, 1)).stats(Stats {
        acrobatics: Some(Die::D4),
        ..Stats::default()
    });
    let mut t = bandit_attacks(target);
    let axe = t.attack("Bandit", Some("axe"), "Target");
    t.act(axe, &[3, 3, 10]);
    assert!(t.is_legal(&Action::Dodge));
    let events = t.act(Action::Dodge, &[3, 3, 10]);
    let e = explained(&events, "teams.dodge");
    assert_eq!(e.total, 6);
    assert_eq!(t.ch("Target").endurance, 10);
    assert_eq!(t.ch("Target").stamina, 2);
    assert_eq!(t.ch("Target").reactions, 0);
    // The reaction is spent: the next hit this round is taken without one.
    t.act(axe, &[6, 6, 10]);
    assert!(!t.is_legal(&Action::Dodge));
    // 12 - 2 = 10, + 4 = 14: endurance 10 → 0, health 10 → 6.
    assert_eq!(t.ch("Target").health, 6);
}

#[test]
fn a_failed_dodge_takes_the_hit() {
    let target = CharacterSetup::new("Target", 0, at(1, 1)).stats(Stats {
        acrobatics: Some(Die::D4),
        ..Stats::default()
    });
    let mut t = bandit_attacks(target);
    let axe = t.attack("Bandit", Some("axe"), "Target");
    t.act(axe, &[3, 3, 10]);
    t.act(Action::Dodge, &[2, 3, 10]);
    assert_eq!(t.ch("Target").endurance, 0);
}

#[test]
fn resisting_prevents_a_mental_attack() {
    covers(&["teams.resist"]);
    // teams.resist: psychic damage may be resisted for 1 focus: willpower 4 + resolve 3 = 7
    // against the attack's 6.
    let whisper = Item::new("whisper").with_weapon(
        WeaponDef::shooting(3, 5, DamageType::Psychic, 10).attributes(&[Attr::Willpower]),
    );
    let setup = duel(
        8,
        3,
        vec![
            CharacterSetup::new("Seer", 0, at(1, 1)).stats(Stats {
                resolve: Some(Die::D6),
                ..Stats::default()
            }),
            CharacterSetup::new("Witch", 1, at(5, 1)).hold(whisper),
        ],
    )
    .started_by(1, Some(0));
    let mut t = Table::new(&setup);
    t.activate("Witch");
    let a = t.attack("Witch", Some("whisper"), "Seer");
    t.act(a, &[3, 3, 10]);
    assert!(t.is_legal(&Action::Resist));
    let events = t.act(Action::Resist, &[4, 3, 10]);
    assert_eq!(explained(&events, "teams.resist").total, 7);
    assert_eq!(t.ch("Seer").focus, 2);
    assert_eq!(t.ch("Seer").endurance, 10);
}

#[test]
fn an_ally_next_to_the_target_intercepts_and_defends_for_free() {
    covers(&["teams.intercept"]);
    // teams.intercept: Guard swaps places with Ward and is attacked instead; her dodge after
    // intercepting uses no reaction.
    let setup = duel(
        6,
        3,
        vec![
            CharacterSetup::new("Ward", 0, at(1, 1)),
            CharacterSetup::new("Guard", 0, at(1, 2)).stats(Stats {
                acrobatics: Some(Die::D6),
                ..Stats::default()
            }),
            CharacterSetup::new("Bandit", 1, at(2, 1)).hold(axe()),
        ],
    )
    .started_by(1, Some(0));
    let mut t = Table::new(&setup);
    t.activate("Bandit");
    let a = t.attack("Bandit", Some("axe"), "Ward");
    t.act(a, &[]);
    let guard = t.c("Guard");
    assert_eq!(
        t.legal(),
        vec![Action::Intercept(guard), Action::NoIntercept]
    );
    t.act(Action::Intercept(guard), &[3, 3, 10]);
    assert_eq!(t.ch("Guard").pos, at(1, 1));
    assert_eq!(t.ch("Ward").pos, at(1, 2));
    assert_eq!(t.ch("Guard").reactions, 0);
    assert!(t.is_legal(&Action::Dodge), "a free defensive reaction");
    let events = t.act(Action::Dodge, &[4, 4, 10]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Reaction { free: true, .. }))
    );
    assert_eq!(t.ch("Guard").stamina, 1, "1 to intercept, 1 to dodge");
    assert_eq!(t.ch("Guard").endurance, 10);
    assert_eq!(t.ch("Ward").endurance, 10);
}

/// Ward, and Guard beside her with no endurance left, against a bandit with an axe.
fn guard_intercepts_for_ward() -> Table {
    let setup = duel(
        6,
        3,
        vec![
            CharacterSetup::new("Ward", 0, at(1, 1)),
            CharacterSetup::new("Guard", 0, at(1, 2)).stats(Stats {
                evasion: 2,
                endurance: 0,
                athletics: Some(Die::D4),
                acrobatics: Some(Die::D4),
                ..Stats::default()
            }),
            CharacterSetup::new("Bandit", 1, at(2, 1)).hold(axe()),
        ],
    )
    .started_by(1, Some(0));
    let mut t = Table::new(&setup);
    t.activate("Bandit");
    let a = t.attack("Bandit", Some("axe"), "Ward");
    t.act(a, &[]);
    // The attack on her: 2 + 2 = 4 against evasion 2, a hit.
    let guard = t.c("Guard");
    t.act(Action::Intercept(guard), &[2, 2, 10]);
    assert_eq!(t.ch("Guard").reactions, 0);
    t
}

#[test]
fn an_interceptor_who_declines_the_others_may_still_fortify_for_free() {
    covers(&["teams.intercept", "teams.defensive-actions"]);
    // teams.intercept: the interceptor "then may take any defensive action as a free
    // reaction", and teams.defensive-actions: "the standard defensive actions of dodge,
    // fortify, and resist". Guard declines the dodge; 4 + 4 = 8 damage to health 10 → 2, 8
    // missing beyond constitution 4: she may still fortify, free: 6 + 2 = 8 against 8.
    let mut t = guard_intercepts_for_ward();
    assert!(t.is_legal(&Action::Dodge));
    t.act(Action::NoReaction, &[]);
    assert_eq!(t.ch("Guard").health, 2);
    assert_eq!(t.legal(), vec![Action::Fortify, Action::FallUnconscious]);
    let events = t.act(Action::Fortify, &[6, 2, 10]);
    assert!(events.iter().any(|e| matches!(
        e.kind,
        EventKind::Reaction {
            kind: fray::rules::teams::ReactionKind::Fortify,
            free: true,
            ..
        }
    )));
    assert_eq!(t.ch("Guard").status, Status::Active);
    assert_eq!(t.ch("Guard").stamina, 1, "1 to intercept, 1 to fortify");
}

#[test]
fn an_interceptor_has_one_free_defensive_action_not_two() {
    covers(&["teams.intercept"]);
    // teams.intercept (reading): the free reaction is one defensive action. Guard dodges for
    // free and fails (1 + 1 = 2 against 4); 8 damage leaves 8 health missing, and with her own
    // reaction spent on the intercept she falls unasked.
    let mut t = guard_intercepts_for_ward();
    let events = t.act(Action::Dodge, &[1, 1, 5]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Reaction { free: true, .. }))
    );
    assert_eq!(t.ch("Guard").health, 2);
    assert_eq!(t.ch("Guard").status, Status::Unconscious);
    assert!(
        events
            .iter()
            .any(|e| e.line.said().contains("no reaction or stamina to fortify"))
    );
}

#[test]
fn a_character_reacts_once_before_its_turn_and_once_after_it_in_the_same_round() {
    covers(&["teams.reactions"]);
    // teams.reactions: "During each round, characters may also take up to one reaction.
    // Reactions can be taken on any character's turn and are recovered at the start of each
    // turn." Reading: one reaction at a time, back at the start of the character's own turn.
    let setup = duel(
        6,
        3,
        vec![
            CharacterSetup::new("Dodger", 0, at(2, 1)).stats(Stats {
                acrobatics: Some(Die::D6),
                endurance: 30,
                ..Stats::default()
            }),
            CharacterSetup::new("First", 1, at(1, 1)).hold(axe()),
            // Not across Dodger from First: no flanking.
            CharacterSetup::new("Second", 1, at(2, 2)).hold(axe()),
        ],
    )
    .started_by(1, Some(0));
    let mut t = Table::new(&setup);
    t.activate("First");
    let first = t.attack("First", Some("axe"), "Dodger");
    // 4 + 4 = 8 hits evasion 6; the dodge, 6 + 6 = 12, meets it.
    t.act(first, &[4, 4, 10]);
    assert!(t.is_legal(&Action::Dodge));
    t.act(Action::Dodge, &[6, 6, 10]);
    assert_eq!(t.ch("Dodger").reactions, 0);
    // 5 + 5 - 2 = 8 hits again: no reaction left to dodge with, 8 + 4 = 12 damage.
    t.act(first, &[5, 5, 10]);
    assert_eq!(t.ch("Dodger").endurance, 18);
    assert_eq!(
        t.s.stage,
        fray::rules::teams::Stage::Turn,
        "nothing was asked"
    );
    t.act(Action::EndTurn, &[]);
    // Her own turn gives it back.
    t.activate("Dodger");
    assert_eq!(t.ch("Dodger").reactions, 1);
    t.act(Action::EndTurn, &[]);
    // Still round 1: a second reaction this round.
    t.activate("Second");
    assert_eq!(t.s.round, 1);
    let second = t.attack("Second", Some("axe"), "Dodger");
    t.act(second, &[4, 4, 10]);
    assert!(t.is_legal(&Action::Dodge));
    t.act(Action::Dodge, &[6, 6, 10]);
    assert_eq!(t.ch("Dodger").endurance, 18);
    let dodges = t.text().matches("Dodger reacts: dodge.").count();
    assert_eq!(dodges, 2, "{}", t.text());
}

#[test]
fn a_situation_remembers_who_is_harmed_by_endurance_not_health() {
    covers(&["teams.harm"]);
    // teams.harm: "While at half of their endurance or less, they are considered to be
    // harmed." Worn starts at endurance 4 of 10 (harmed already: not said again when hit);
    // Cut starts at health 6 of 10 but endurance 10 (not harmed: said when it begins).
    let mut setup = duel(
        6,
        3,
        vec![
            CharacterSetup::new("Worn", 0, at(1, 1)).stats(Stats {
                deflection: 8,
                ..Stats::default()
            }),
            CharacterSetup::new("Cut", 0, at(3, 1)).stats(Stats {
                evasion: 2,
                ..Stats::default()
            }),
            CharacterSetup::new("Bandit", 1, at(2, 1)).hold(axe()),
        ],
    );
    setup.situation = Some(fray::rules::teams::TeamsSituation {
        round: 2,
        order: vec![1, 0],
        characters: vec![
            fray::rules::teams::Standing {
                character: 0,
                endurance: Some(4),
                ..Default::default()
            },
            fray::rules::teams::Standing {
                character: 1,
                health: Some(6),
                ..Default::default()
            },
        ],
        ..Default::default()
    });
    let mut t = Table::new(&setup);
    t.activate("Bandit");
    // 3 + 3 = 6 hits Worn: 6 + 4 - 8 = 2, endurance 4 → 2.
    let axe = t.attack("Bandit", Some("axe"), "Worn");
    let mut events = t.act(axe, &[3, 3, 10]);
    events.extend(t.decline());
    assert_eq!(t.ch("Worn").endurance, 2);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Harmed { .. })),
        "Worn was harmed from the start"
    );
    // 3 + 3 - 2 = 4 hits Cut: 4 + 4 = 8, endurance 10 → 2: harmed now.
    let axe = t.attack("Bandit", Some("axe"), "Cut");
    let mut events = t.act(axe, &[3, 3, 10]);
    events.extend(t.decline());
    assert_eq!(t.ch("Cut").endurance, 2);
    let cut = t.c("Cut");
    assert!(
        events
            .iter()
            .any(|e| e.kind == EventKind::Harmed { character: cut })
    );
}

fn shielded(evasion: u8) -> CharacterSetup {
    CharacterSetup::new("Shieldbearer", 0, at(1, 1))
        .stats(Stats {
            evasion,
            ..Stats::default()
        })
        .hold(shield())
        .hold(sword())
}

#[test]
fn items_without_a_listed_durability_have_ten_if_metal_else_four() {
    covers(&["teams.durability"]);
    // teams.durability.
    let t = bandit_attacks(shielded(6));
    let shield = t.item("Shieldbearer", "shield");
    let sword = t.item("Shieldbearer", "sword");
    assert_eq!(t.s.items[shield].durability, 4);
    assert_eq!(t.s.items[sword].durability, 10);
}

#[test]
fn a_block_puts_the_damage_on_the_shield() {
    covers(&["teams.block"]);
    // teams.block: 1 + 1 = 2, + 4 = 6, less block value 3 = 3 to the shield (4 → 1); the
    // wearer takes nothing.
    let mut t = bandit_attacks(shielded(2));
    let shield = t.item("Shieldbearer", "shield");
    let axe = t.attack("Bandit", Some("axe"), "Shieldbearer");
    t.act(axe, &[1, 1, 5]);
    assert!(t.is_legal(&Action::Block(shield)));
    let events = t.act(Action::Block(shield), &[]);
    let e = explained(&events, "teams.block");
    assert_eq!(e.total, 3);
    // The breakdown: the test, the axe, less the block value; nothing added.
    assert_eq!(
        e.modifiers
            .iter()
            .map(|m| (m.value, m.cause.english(&t.s).leak() as &str))
            .collect::<Vec<_>>(),
        vec![
            (2, "the attack test's result"),
            (4, "axe damage (slashing)"),
            (-3, "block value of the shield")
        ]
    );
    assert_eq!(t.s.items[shield].durability, 1);
    assert_eq!(t.ch("Shieldbearer").endurance, 10);
    // Nothing passes to the wearer: no damage dealt to them at all, not even 0.
    assert!(
        !events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Damage { .. })),
        "{}",
        t.text()
    );
    assert_eq!(t.ch("Shieldbearer").stamina, 2);
}

#[test]
fn a_block_value_beyond_the_damage_still_deals_the_shield_one() {
    covers(&["teams.block"]);
    // teams.block: 1 + 1 = 2, + 4 = 6, less a tower shield's block value 8 is -2; "to a
    // minimum of 1": 3 is added back, the shield takes 1 (4 → 3), the wearer nothing.
    let mut t = bandit_attacks(
        CharacterSetup::new("Shieldbearer", 0, at(1, 1))
            .stats(Stats {
                evasion: 2,
                ..Stats::default()
            })
            .hold(Item::new("tower shield").block(8)),
    );
    let shield = t.item("Shieldbearer", "tower shield");
    let axe = t.attack("Bandit", Some("axe"), "Shieldbearer");
    t.act(axe, &[1, 1, 5]);
    let events = t.act(Action::Block(shield), &[]);
    let e = explained(&events, "teams.block");
    assert_eq!(e.total, 1);
    assert_eq!(
        e.modifiers.iter().map(|m| m.value).collect::<Vec<_>>(),
        vec![2, 4, -8, 3]
    );
    assert_eq!(e.modifiers[3].cause.said(), "at least 1");
    assert_eq!(t.s.items[shield].durability, 3);
    assert_eq!(t.ch("Shieldbearer").endurance, 10);
}

#[test]
fn a_block_value_one_short_of_the_damage_deals_the_shield_one_and_equal_to_it_one_too() {
    covers(&["teams.block"]);
    // teams.block: 1 + 1 = 2, + 4 = 6; less a block value of 5 leaves 1, nothing added; less a
    // block value of 6 leaves 0, and the minimum of 1 adds 1. Either way the shield takes 1.
    for (block, breakdown) in [(5, vec![2, 4, -5]), (6, vec![2, 4, -6, 1])] {
        let mut t = bandit_attacks(
            CharacterSetup::new("Shieldbearer", 0, at(1, 1))
                .stats(Stats {
                    evasion: 2,
                    ..Stats::default()
                })
                .hold(Item::new("shield").block(block)),
        );
        let shield = t.item("Shieldbearer", "shield");
        let axe = t.attack("Bandit", Some("axe"), "Shieldbearer");
        t.act(axe, &[1, 1, 5]);
        let events = t.act(Action::Block(shield), &[]);
        let e = explained(&events, "teams.block");
        assert_eq!(e.total, 1, "block {block}");
        assert_eq!(
            e.modifiers.iter().map(|m| m.value).collect::<Vec<_>>(),
            breakdown,
            "block {block}"
        );
        assert_eq!(t.s.items[shield].durability, 3, "block {block}");
        assert_eq!(t.ch("Shieldbearer").endurance, 10, "block {block}");
    }
}

#[test]
fn damage_beyond_the_shields_durability_passes_to_the_wearer() {
    covers(&["teams.block-overflow"]);
    // teams.block-overflow: 3 + 3 = 6, + 4 = 10, less 3 = 7 against durability 4: the shield
    // breaks and 3 pass to the wearer, unreduced.
    let mut t = bandit_attacks(shielded(2));
    let shield = t.item("Shieldbearer", "shield");
    let axe = t.attack("Bandit", Some("axe"), "Shieldbearer");
    t.act(axe, &[3, 3, 5]);
    let events = t.act(Action::Block(shield), &[]);
    let e = explained(&events, "teams.block-overflow");
    assert_eq!(e.total, 7);
    assert_eq!(t.s.items[shield].durability, 0);
    assert_eq!(t.ch("Shieldbearer").endurance, 7);
    // A broken shield cannot block again.
    let ward = t.c("Shieldbearer");
    t.s.characters[ward].reactions = 1;
    t.act(axe, &[6, 6, 5]);
    assert!(!t.is_legal(&Action::Block(shield)));
    assert!(t.is_legal(&Action::Parry(t.item("Shieldbearer", "sword"))));
}

#[test]
fn a_parry_adds_the_items_parry_value_to_deflection_and_costs_it_a_point() {
    covers(&["teams.parry"]);
    // teams.parry: 3 + 3 = 6, + 4 = 10, less deflection 0 + parry 2 = 8; the sword 10 → 9.
    let mut t = bandit_attacks(shielded(6));
    let sword = t.item("Shieldbearer", "sword");
    let axe = t.attack("Bandit", Some("axe"), "Shieldbearer");
    t.act(axe, &[3, 3, 5]);
    let events = t.act(Action::Parry(sword), &[]);
    let e = explained(&events, "teams.parry");
    assert_eq!(e.total, 8);
    assert!(
        e.modifiers
            .iter()
            .any(|m| m.value == -2 && m.cause.said() == "parry")
    );
    assert_eq!(t.s.items[sword].durability, 9);
    assert_eq!(t.ch("Shieldbearer").endurance, 2);
}

#[test]
fn an_item_without_a_parry_value_parries_for_one_and_arrows_cannot_be_parried() {
    covers(&["teams.parry"]);
    // teams.parry: the shield has no parry value: +1.
    let mut t = bandit_attacks(shielded(6));
    let shield = t.item("Shieldbearer", "shield");
    let axe = t.attack("Bandit", Some("axe"), "Shieldbearer");
    t.act(axe, &[3, 3, 5]);
    t.act(Action::Parry(shield), &[]);
    // 10 - 1 = 9.
    assert_eq!(t.ch("Shieldbearer").endurance, 1);
    assert_eq!(t.s.items[shield].durability, 3);

    let setup = duel(
        9,
        3,
        vec![
            shielded(6),
            CharacterSetup::new("Archer", 1, at(7, 1)).hold(shortbow()),
        ],
    )
    .started_by(1, Some(0));
    let mut t = Table::new(&setup);
    t.activate("Archer");
    let a = t.attack("Archer", Some("shortbow"), "Shieldbearer");
    t.act(a, &[3, 3, 5]);
    let legal = t.legal();
    assert!(legal.iter().all(|a| !matches!(a, Action::Parry(_))));
    assert!(legal.contains(&Action::Block(t.item("Shieldbearer", "shield"))));
}

#[test]
fn a_killing_strike_takes_three_actions_and_a_test_with_advantage_against_constitution() {
    covers(&["teams.killing-strike"]);
    // teams.killing-strike: rolls (1, 1) and (3, 2): 5 ≥ constitution 4.
    let setup = duel(
        6,
        3,
        vec![
            CharacterSetup::new("Slayer", 0, at(1, 1)).hold(axe()),
            CharacterSetup::new("Fallen", 1, at(2, 1)),
            CharacterSetup::new("Other", 1, at(5, 2)),
        ],
    );
    let mut t = Table::new(&setup);
    let fallen = t.c("Fallen");
    t.s.characters[fallen].status = Status::Unconscious;
    t.s.restand(fallen);
    t.s.characters[fallen].prone = true;
    t.activate("Slayer");
    let weapon = t.weapon("Slayer", Some("axe"));
    let ks = Action::KillingStrike {
        target: fallen,
        weapon,
    };
    assert!(t.is_legal(&ks));
    let events = t.act(ks, &[1, 1, 5, 3, 2, 6]);
    let e = explained(&events, "teams.killing-strike");
    assert_eq!(e.total, 5);
    assert_eq!(e.dropped.len(), 3);
    assert_eq!(t.ch("Fallen").status, Status::Dead);
    assert!(events.iter().any(|e| matches!(
        e.kind,
        EventKind::Spent {
            actions: 3,
            left: 0,
            ..
        }
    )));
}

#[test]
fn a_failed_killing_strike_becomes_a_sneak_attack() {
    covers(&["teams.killing-strike"]);
    // teams.killing-strike: 3 < constitution 4; then a fresh attack on the unconscious, prone
    // target with double advantage: (2, 2), (3, 3), (1, 1): 6 hits evasion 6 for 10, all to
    // its 3 health: it risks death and cheats it with 15.
    let setup = duel(
        6,
        3,
        vec![
            CharacterSetup::new("Slayer", 0, at(1, 1)).hold(axe()),
            CharacterSetup::new("Fallen", 1, at(2, 1)),
            CharacterSetup::new("Other", 1, at(5, 2)),
        ],
    );
    let mut t = Table::new(&setup);
    let fallen = t.c("Fallen");
    t.s.characters[fallen].status = Status::Unconscious;
    t.s.restand(fallen);
    t.s.characters[fallen].prone = true;
    t.s.characters[fallen].endurance = 0;
    t.s.characters[fallen].health = 3;
    t.activate("Slayer");
    let weapon = t.weapon("Slayer", Some("axe"));
    let events = t.act(
        Action::KillingStrike {
            target: fallen,
            weapon,
        },
        &[1, 1, 5, 1, 2, 6, 2, 2, 5, 3, 3, 5, 1, 1, 5, 15],
    );
    let hit = events
        .iter()
        .find(|e| matches!(e.kind, EventKind::Hit { .. }))
        .and_then(|e| e.explanation.clone())
        .unwrap();
    assert_eq!(hit.total, 6, "the same attack: no multiple attack penalty");
    assert!(
        hit.modifiers
            .iter()
            .any(|m| m.cause.said().starts_with("double advantage"))
    );
    assert_eq!(t.ch("Fallen").health, 0);
    assert_eq!(t.ch("Fallen").status, Status::Unconscious);
    assert_eq!(t.ch("Fallen").death_difficulty, 15);
    assert_eq!(t.ch("Slayer").attacks, 1);
}

#[test]
fn the_defensive_reaction_is_chosen_after_the_hit_and_before_damage() {
    covers(&["teams.defensive-actions"]);
    // teams.defensive-actions: the hit is known, no damage yet, one choice among the four.
    let mut t = bandit_attacks(shielded(6));
    let axe = t.attack("Bandit", Some("axe"), "Shieldbearer");
    let events = t.act(axe, &[3, 3, 5]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Hit { .. }))
    );
    assert_eq!(t.ch("Shieldbearer").endurance, 10);
    let (shield, sword) = (
        t.item("Shieldbearer", "shield"),
        t.item("Shieldbearer", "sword"),
    );
    assert_eq!(
        t.legal(),
        vec![
            Action::Dodge,
            Action::Parry(shield),
            Action::Block(shield),
            Action::Parry(sword),
            Action::NoReaction
        ]
    );
}

#[test]
fn a_hopeless_reaction_is_never_the_choice_under_the_cursor() {
    use fray::present::Present;
    use fray::rules::battle::Ruleset;
    use fray::rules::teams::Teams;
    // An attack of 6 + 6 against a target with only its dexterity d6 to dodge with: no roll
    // avoids it, so the cursor starts on no reaction, not on a 0% dodge.
    let mut t = bandit_attacks(CharacterSetup::new("Target", 0, at(1, 1)));
    let axe = t.attack("Bandit", Some("axe"), "Target");
    t.act(axe, &[6, 6, 10]);
    let legal = Teams::legal_actions(&t.s);
    assert!(legal.contains(&Action::Dodge), "{legal:?}");
    let odds = Teams::odds(fray::words::english(), &t.s, &Action::Dodge).unwrap();
    assert!(odds.starts_with("0% to avoid"), "{odds}");
    let first = Teams::first_action(&t.s, &legal).expect("a reaction prompt names its first");
    assert_eq!(legal[first], Action::NoReaction);
    // A person whose settings answer routine prompts is not asked: it is declined for them.
    assert_eq!(Teams::routine(&t.s, &legal), Some(first));
    // The same target with acrobatics d4 against an attack of 6: a dodge that may work is
    // under the cursor.
    let target = CharacterSetup::new("Target", 0, at(1, 1)).stats(Stats {
        acrobatics: Some(Die::D4),
        ..Stats::default()
    });
    let mut t = bandit_attacks(target);
    t.act(axe, &[3, 3, 10]);
    let legal = Teams::legal_actions(&t.s);
    let first = Teams::first_action(&t.s, &legal).unwrap();
    assert_eq!(legal[first], Action::Dodge, "{legal:?}");
    assert_eq!(
        Teams::routine(&t.s, &legal),
        None,
        "a dodge that may work is asked"
    );
    assert!(
        !Teams::odds(fray::words::english(), &t.s, &Action::Dodge)
            .unwrap()
            .starts_with("0%")
    );
}
