//! zones.morale, zones.surrendering, zones.chases, zones.gear-degradation, zones.non-lethal,
//! poison (zones.bonus-actions).

use fray::rules::battle::{DecisionKind, Outcome, Pending, Seat};
use fray::rules::zones::{
    Action, AttackMode, Location, MoraleChoice, Reaction, Stage, Status, Weapon,
};

use crate::harness::*;

fn squad(reds: &[String], blues: &[String]) -> Table {
    let src = scenario(
        "started_by: Some(\"Reds\"),",
        r#"(name: "A", neighbours: ["B"]), (name: "B", neighbours: [])"#,
        &[faction("Reds", reds), faction("Blues", blues)].join(", "),
    );
    Table::begin(&src, 0)
}

fn fall(t: &mut Table, name: &str) {
    let c = t.c(name);
    t.s.characters[c].status = Status::Incapacitated;
    t.s.characters[c].health = 0;
}

#[test]
fn morale_a_group_at_half_its_number_makes_a_group_wit_save_in_the_morale_phase() {
    let reds = ["Ann", "Abe", "Amy", "Art"].map(|n| fighter(n, "A", ""));
    let mut t = squad(&reds, &[fighter("Bob", "B", "")]);
    fall(&mut t, "Amy");
    fall(&mut t, "Art");
    t.act(Action::Pass, &[]);
    // Both sides pass: the round ends, the Reds (2 of 4) test: Ann rolls 5, Abe 15 (WIT 10).
    t.act(Action::Pass, &[5, 15]);
    assert_eq!(
        t.pending(),
        Pending::Decide {
            seat: Seat::Faction(0),
            kind: DecisionKind::Morale,
            time_limit: None
        }
    );
    assert_eq!(t.s.morale_queue, vec![t.c("Abe")]);
    t.act(Action::Morale(MoraleChoice::Surrender), &[]);
    assert_eq!(t.status("Abe"), Status::Surrendered);
    assert_eq!((t.s.round, t.s.stage), (2, Stage::Initiative));
    assert!(t.s.characters[t.c("Ann")].morale_passed);
    // Those who passed are done with morale: the next round ends without a roll.
    t.act(Action::ChooseFirst(0), &[]);
    t.act(Action::Pass, &[]);
    t.act(Action::Pass, &[]);
    assert_eq!(t.s.round, 3);
}

#[test]
fn morale_characters_immune_to_fear_are_immune_to_morale() {
    let reds = [
        fighter("Ann", "A", "fearless: true"),
        fighter("Abe", "A", ""),
        fighter("Amy", "A", ""),
        fighter("Art", "A", ""),
    ];
    let mut t = squad(&reds, &[fighter("Bob", "B", "")]);
    fall(&mut t, "Amy");
    fall(&mut t, "Art");
    t.act(Action::Pass, &[]);
    t.act(Action::Pass, &[3]); // only Abe rolls
    assert_eq!(t.s.round, 2);
    assert!(t.text().contains("Ann is immune to fear"));
}

#[test]
fn morale_no_check_above_half_the_original_number() {
    let reds = ["Ann", "Abe", "Amy"].map(|n| fighter(n, "A", ""));
    let mut t = squad(&reds, &[fighter("Bob", "B", "")]);
    fall(&mut t, "Amy"); // 2 of 3 still fight: more than half
    t.act(Action::Pass, &[]);
    t.act(Action::Pass, &[]);
    assert_eq!(t.s.round, 2);
}

#[test]
fn morale_a_pair_down_to_one_is_at_half_its_number() {
    crate::covers(&["zones.morale"]);
    // zones.morale: "reduced to half or less their original number": 1 of 2 is half. Ann rolls
    // 5 against WIT 10 and passes.
    let reds = ["Ann", "Abe"].map(|n| fighter(n, "A", ""));
    let mut t = squad(&reds, &[fighter("Bob", "B", "")]);
    fall(&mut t, "Abe");
    t.act(Action::Pass, &[]);
    t.act(Action::Pass, &[5]);
    assert!(t.s.characters[t.c("Ann")].morale_passed);
    assert!(t.text().contains("Morale: Reds are down to 1 of 2"));
}

/// Bob, fighting alone, already brought to half health by an earlier hurt: his morale check
/// comes at the end of this round. (How damage brings it about is the next test's.)
fn hurt_to_half(t: &mut Table, name: &str) {
    t.set_health(name, 5);
    let c = t.c(name);
    t.s.characters[c].hurt_to_half = true;
}

#[test]
fn morale_a_lone_fighter_checks_after_damage_leaves_half_health_or_less() {
    // "after taking damage reducing their health to half or less": Bob starts the fight at 6
    // of 10 and checks nothing while unhurt; Ann's arrow (d6: 1) leaves him at 5, and the
    // morale phase asks for his WIT save.
    let ann = fighter("Ann", "A", r#"hands: ["Shortbow"]"#);
    let mut t = squad(std::slice::from_ref(&ann), &[fighter("Bob", "B", "")]);
    t.set_health("Bob", 6);
    t.act(Action::Pass, &[]);
    t.act(Action::Pass, &[]);
    assert!(
        !t.text().contains("Morale"),
        "unhurt this fight: no check\n{}",
        t.text()
    );
    // Starting the fight at half health is no damage taken either.
    let mut t = squad(std::slice::from_ref(&ann), &[fighter("Bob", "B", "")]);
    t.set_health("Bob", 4);
    t.act(Action::Pass, &[]);
    t.act(Action::Pass, &[]);
    assert!(!t.text().contains("Morale"), "{}", t.text());

    let mut t = squad(&[ann], &[fighter("Bob", "B", "")]);
    t.set_health("Bob", 6);
    t.activate("Ann");
    let shot = t.strike("Ann", Some("Shortbow"), "Bob");
    t.attack_plain(shot, &[1]);
    assert_eq!(t.health("Bob"), 5);
    t.act(Action::EndTurn, &[]);
    t.act(Action::Pass, &[12]); // Bob fails WIT 10
    assert!(
        t.text().contains("fighting alone at half health or less"),
        "{}",
        t.text()
    );
    assert_eq!(
        t.pending().seat(),
        Some(Seat::Faction(1)),
        "Bob must surrender or retreat"
    );
}

#[test]
fn morale_a_lone_fighter_hurt_above_half_or_not_hurt_at_all_does_not_check() {
    crate::covers(&["zones.morale"]);
    // zones.morale: Ann's arrow (d6: 4) takes Bob from 10 to 6, more than half: no check. Bob at
    // 4 of 10 in a gambeson, the arrow's 1 stopped by it: no damage taken, no check either.
    for (health, more, roll, left) in [(10, "", 4, 6), (4, r#"armour: Some("Gambeson")"#, 1, 4)] {
        let ann = fighter("Ann", "A", r#"hands: ["Shortbow"]"#);
        let mut t = squad(&[ann], &[fighter("Bob", "B", more)]);
        t.set_health("Bob", health);
        t.activate("Ann");
        let shot = t.strike("Ann", Some("Shortbow"), "Bob");
        t.attack_plain(shot, &[roll]);
        assert_eq!(t.health("Bob"), left);
        t.act(Action::EndTurn, &[]);
        t.act(Action::Pass, &[]);
        assert!(!t.text().contains("Morale"), "{}", t.text());
        assert_eq!(t.s.round, 2);
    }
}

#[test]
fn morale_a_lone_fighter_at_half_health_tests_and_may_retreat_in_a_chase() {
    let mut t = squad(&[fighter("Ann", "A", "")], &[fighter("Bob", "B", "")]);
    hurt_to_half(&mut t, "Bob");
    t.act(Action::Pass, &[]);
    t.act(Action::Pass, &[12]); // Bob fails WIT 10
    assert_eq!(t.pending().seat(), Some(Seat::Faction(1)));
    // Equal speed (2 and 2): the chase is an AGI save; 3 passes and Bob escapes.
    t.act(Action::Morale(MoraleChoice::Retreat), &[3]);
    assert_eq!(t.status("Bob"), Status::Fled);
    assert!(matches!(
        t.pending(),
        Pending::Over(Outcome::Victory { winner: 0, .. })
    ));
}

#[test]
fn chases_the_faster_escape_without_a_save_and_the_slower_are_reached() {
    let mut t = squad(
        &[fighter("Ann", "A", "")],
        &[fighter("Bob", "B", "speed: 3")],
    );
    hurt_to_half(&mut t, "Bob");
    t.act(Action::Pass, &[]);
    t.act(Action::Pass, &[12]);
    t.act(Action::Morale(MoraleChoice::Retreat), &[]);
    assert_eq!(t.status("Bob"), Status::Fled);

    let mut t = squad(
        &[fighter("Ann", "A", "")],
        &[fighter("Bob", "B", "speed: 1")],
    );
    hurt_to_half(&mut t, "Bob");
    t.act(Action::Pass, &[]);
    t.act(Action::Pass, &[12]);
    t.act(Action::Morale(MoraleChoice::Retreat), &[]);
    assert_eq!(
        t.status("Bob"),
        Status::Active,
        "reached by faster pursuers, not surrendered: he fights on"
    );
    assert!(
        t.log
            .iter()
            .any(|l| l == "Bob is reached by the pursuers and must fight on."),
        "{}",
        t.text()
    );
    assert!(
        matches!(t.pending(), Pending::Decide { .. }),
        "the fight goes on"
    );

    let mut t = squad(&[fighter("Ann", "A", "")], &[fighter("Bob", "B", "")]);
    hurt_to_half(&mut t, "Bob");
    t.act(Action::Pass, &[]);
    t.act(Action::Pass, &[12]);
    t.act(Action::Morale(MoraleChoice::Retreat), &[11]);
    assert_eq!(
        t.status("Bob"),
        Status::Active,
        "a failed AGI save: reached"
    );
}

/// Ann with a sword against Bob, who spends his first turn surrendering, and Dan far away.
fn bob_surrenders() -> Table {
    let mut t = squad(
        &[fighter("Ann", "A", r#"hands: ["Sword"]"#)],
        &[
            fighter("Bob", "A", r#"hands: ["Spear"]"#),
            fighter("Dan", "B", "fearless: true"),
        ],
    );
    t.act(Action::Pass, &[]);
    t.activate("Bob");
    t.act(Action::Surrender, &[]);
    t
}

#[test]
fn surrendering_spends_the_turn_and_harm_from_the_enemy_brings_them_back_into_the_fight() {
    let mut t = bob_surrenders();
    assert_eq!(t.status("Bob"), Status::Surrendered);
    let a = t.z("A");
    assert_eq!(
        t.s.items[t.item("Spear")].location,
        Location::Ground(a),
        "weapons thrown away"
    );
    assert_eq!(
        t.pending().seat(),
        Some(Seat::Faction(0)),
        "the whole turn was spent"
    );
    t.activate("Ann");
    let bob = t.c("Bob");
    assert!(!t.is_legal(&Action::Activate(bob)));
    let hit = t.strike("Ann", Some("Sword"), "Bob");
    t.attack_plain(hit, &[2]);
    // "can resume fighting": a choice for Bob's side, not automatic.
    assert_eq!(
        t.status("Bob"),
        Status::Surrendered,
        "harmed, still surrendered"
    );
    t.act(Action::EndTurn, &[]);
    assert!(
        !t.is_legal(&Action::Resume(bob)),
        "his turn this round is spent"
    );
    t.activate("Dan");
    t.act(Action::EndTurn, &[]);
    // The next round, with the Blues first.
    t.act(Action::ChooseFirst(1), &[]);
    assert!(t.is_legal(&Action::Resume(bob)), "{:?}", t.legal());
    t.act(Action::Resume(bob), &[]);
    assert_eq!(
        t.status("Bob"),
        Status::Active,
        "he takes up the fight again"
    );
    assert_eq!(
        t.s.turn.as_ref().map(|x| x.character),
        Some(bob),
        "and takes his turn"
    );
}

#[test]
fn surrendering_a_harmed_character_may_also_stay_surrendered() {
    let mut t = bob_surrenders();
    t.activate("Ann");
    let hit = t.strike("Ann", Some("Sword"), "Bob");
    t.attack_plain(hit, &[2]);
    t.act(Action::EndTurn, &[]);
    t.activate("Dan");
    t.act(Action::EndTurn, &[]);
    t.act(Action::ChooseFirst(1), &[]);
    let bob = t.c("Bob");
    assert!(t.is_legal(&Action::Resume(bob)));
    t.activate("Dan");
    t.act(Action::EndTurn, &[]);
    t.activate("Ann");
    t.act(Action::EndTurn, &[]);
    // Passing leaves him surrendered, and still free to resume later.
    t.act(Action::Pass, &[]);
    assert_eq!(t.status("Bob"), Status::Surrendered, "his side left him be");
    assert!(t.s.characters[bob].may_resume);
}

#[test]
fn gear_degradation_used_gear_rolls_for_durability_after_the_fight() {
    let mut t = squad(
        &[fighter(
            "Ann",
            "A",
            r#"hands: ["Sword"], pack: ["Dagger"], armour: Some("Gambeson")"#,
        )],
        &[fighter("Bob", "A", r#"armour: Some("Gambeson")"#)],
    );
    t.set_health("Bob", 3);
    t.activate("Ann");
    let hit = t.strike("Ann", Some("Sword"), "Bob");
    // 8 damage ends the fight; then a d6 for the used sword (1: damaged) and for Bob's
    // gambeson, which was hit (4: holds). The unused dagger does not roll, nor Ann's gambeson,
    // never hit.
    t.attack_plain(hit, &[8, 1, 4]);
    assert!(matches!(t.pending(), Pending::Over(_)));
    assert!(t.s.items[t.item("Sword")].damaged);
    assert!(!t.s.items[t.item("Dagger")].damaged);
    assert!(!t.s.characters[t.c("Bob")].armour.as_ref().unwrap().damaged);
    // Each roll names whose gear it is.
    assert!(
        t.text().contains("Ann's Sword: durability 1 — damaged."),
        "{}",
        t.text()
    );
    assert!(
        t.text()
            .contains("Bob's Gambeson: durability 4 — holds up.")
    );
}

#[test]
fn gear_degradation_a_damaged_weapon_breaks_on_a_one_and_improvised_weapons_start_damaged() {
    let mut t = squad(
        &[fighter(
            "Ann",
            "A",
            r#"hands: ["Sword", "Chair"], damaged: ["Sword"]"#,
        )],
        &[
            fighter("Bob", "A", ""),
            fighter("Dan", "B", "fearless: true"),
        ],
    );
    assert!(
        t.s.items[t.item("Chair")].damaged,
        "improvised: handled as damaged"
    );
    t.activate("Ann");
    let sword = t.item("Sword");
    let hit = t.strike("Ann", Some("Sword"), "Bob");
    t.attack_plain(hit, &[1]);
    assert_eq!(t.health("Bob"), 9);
    assert_eq!(t.s.items[sword].location, Location::Gone);
}

#[test]
fn gear_degradation_eight_or_more_destroys_a_damaged_shield_before_damaged_armour() {
    let mut t = squad(
        &[fighter("Ann", "A", r#"hands: ["Greataxe"]"#)],
        &[
            fighter("Bob", "A", r#"health: 20, armour: Some("Mail"), hands: ["Shield"], damaged: ["Mail", "Shield"]"#)
                .replace("health: 10, ", ""),
            fighter("Dan", "B", "fearless: true"),
        ],
    );
    t.activate("Ann");
    let shield = t.item("Shield");
    let hit = t.strike("Ann", Some("Greataxe"), "Bob");
    t.attack_plain(hit, &[9]);
    assert_eq!(t.health("Bob"), 14, "9 minus mail 2 and shield 1");
    assert_eq!(
        t.s.items[shield].location,
        Location::Gone,
        "the shield goes first"
    );
    assert!(
        !t.s.characters[t.c("Bob")]
            .armour
            .as_ref()
            .unwrap()
            .destroyed
    );
}

#[test]
fn gear_degradation_eight_or_more_ruins_damaged_armour_once_and_it_protects_no_more() {
    crate::covers(&["zones.gear-degradation"]);
    // zones.gear-degradation: Bob's damaged mail under the greataxe's 9: 9 less mail 2 is 7,
    // and the mail is ruined. The next blow, a 10, meets no armour: 10. A ruined mail is not
    // ruined twice.
    let mut t = squad(
        &[fighter("Ann", "A", r#"hands: ["Greataxe"]"#)],
        &[
            fighter(
                "Bob",
                "A",
                r#"health: 20, armour: Some("Mail"), damaged: ["Mail"]"#,
            )
            .replace("health: 10, ", ""),
            fighter("Dan", "B", "fearless: true"),
        ],
    );
    t.activate("Ann");
    let hit = t.strike("Ann", Some("Greataxe"), "Bob");
    t.attack_plain(hit.clone(), &[9]);
    assert_eq!(t.health("Bob"), 13, "9 minus mail 2");
    assert!(
        t.s.characters[t.c("Bob")]
            .armour
            .as_ref()
            .unwrap()
            .destroyed
    );
    t.act(Action::EndTurn, &[]);
    t.activate("Dan");
    t.act(Action::EndTurn, &[]);
    t.act(Action::Pass, &[]);
    t.act(Action::ChooseFirst(0), &[]);
    t.activate("Ann");
    t.attack_plain(hit, &[10]);
    assert_eq!(t.health("Bob"), 3, "the ruined mail stops nothing");
    assert_eq!(
        t.text()
            .matches("Bob's damaged Mail is ruined (8+ damage).")
            .count(),
        1,
        "{}",
        t.text()
    );
}

#[test]
fn non_lethal_attacks_are_resolved_last_against_a_counter() {
    let mut t = squad(
        &[
            fighter("Ann", "A", ""),
            fighter("Abe", "B", "fearless: true"),
        ],
        &[fighter("Bob", "A", r#"hands: ["Sword"]"#)],
    );
    t.set_health("Ann", 2);
    t.activate("Ann");
    let g = t.attack_decl("Ann", None, "Bob", AttackMode::Grapple);
    t.act(Action::Attack(g), &[]);
    let sword = t.item("Sword");
    let counter = Action::React(Reaction::Counter {
        weapon: Weapon::Item(sword),
        mode: AttackMode::Damage { hold_back: false },
    });
    // Bob's counter lands first (5 ≥ 2): Ann falls and the grapple never happens (no STR save).
    t.act(counter, &[5]);
    assert_eq!(t.status("Ann"), Status::Incapacitated);
    assert_eq!(t.s.characters[t.c("Bob")].grabbed_by, None);
}

#[test]
fn poison_a_coated_weapon_poisons_on_a_wound_and_the_poison_bites_each_round_until_cured() {
    let mut t = squad(
        &[fighter("Ann", "A", r#"hands: ["Sword"], pack: ["Poison"]"#)],
        &[
            fighter("Bob", "A", r#"pack: ["Antidote"]"#),
            fighter("Dan", "B", "fearless: true"),
        ],
    );
    t.activate("Ann");
    let poison = t.item("Poison");
    t.act(Action::Use(poison), &[]);
    let hit = t.strike("Ann", Some("Sword"), "Bob");
    t.attack_plain(hit, &[2]);
    assert!(t.s.characters[t.c("Bob")].poisoned.is_some());
    t.act(Action::EndTurn, &[]);
    // The Blues pass, Ann has acted: the round ends and the poison's d4 shows 3.
    t.act(Action::Pass, &[3]);
    assert_eq!(t.health("Bob"), 5);
    t.act(Action::ChooseFirst(1), &[]);
    t.activate("Bob");
    let antidote = t.item("Antidote");
    t.act(Action::Use(antidote), &[]);
    assert!(t.s.characters[t.c("Bob")].poisoned.is_none());
}

#[test]
fn poison_waits_for_a_wound_a_blow_the_armour_stops_is_none() {
    crate::covers(&["zones.bonus-actions"]);
    // "Their next wound poisons the target": the sword's 3 against plate 3 and a shield 1 deals
    // nothing, so Bob is not poisoned and Ann's blade stays coated.
    let mut t = squad(
        &[fighter("Ann", "A", r#"hands: ["Sword"], pack: ["Poison"]"#)],
        &[
            fighter("Bob", "A", r#"armour: Some("Plate"), hands: ["Shield"]"#),
            fighter("Dan", "B", "fearless: true"),
        ],
    );
    t.activate("Ann");
    let poison = t.item("Poison");
    t.act(Action::Use(poison), &[]);
    let hit = t.strike("Ann", Some("Sword"), "Bob");
    t.attack_plain(hit, &[3]);
    assert_eq!(t.health("Bob"), 10);
    assert!(t.s.characters[t.c("Bob")].poisoned.is_none());
    assert!(t.s.characters[t.c("Ann")].coated.is_some());
}

#[test]
fn surrendering_a_blow_the_armour_stops_does_not_bring_them_back() {
    crate::covers(&["zones.surrendering"]);
    // zones.surrendering: "harmed by the enemy": the sword's 3 against plate 3 harms nobody, so
    // Bob stays out of the fight for good.
    let mut t = squad(
        &[fighter("Ann", "A", r#"hands: ["Sword"]"#)],
        &[
            fighter("Bob", "A", r#"armour: Some("Plate"), hands: ["Spear"]"#),
            fighter("Dan", "B", "fearless: true"),
        ],
    );
    t.act(Action::Pass, &[]);
    t.activate("Bob");
    t.act(Action::Surrender, &[]);
    t.activate("Ann");
    let hit = t.strike("Ann", Some("Sword"), "Bob");
    t.attack_plain(hit, &[3]);
    assert_eq!(t.health("Bob"), 10);
    assert!(!t.s.characters[t.c("Bob")].may_resume);
    assert!(!t.text().contains("may take up the fight again"));
}

#[test]
fn surrendering_a_blow_that_takes_the_last_health_leaves_nobody_to_come_back() {
    crate::covers(&["zones.surrendering"]);
    // zones.surrendering: Bob surrendered with 2 health; the sword's 5 brings him to 0: he falls,
    // and there is no fight left in him to take up again.
    let mut t = squad(
        &[fighter("Ann", "A", r#"hands: ["Sword"]"#)],
        &[
            fighter("Bob", "A", r#"hands: ["Spear"]"#),
            fighter("Dan", "B", "fearless: true"),
        ],
    );
    t.set_health("Bob", 2);
    t.act(Action::Pass, &[]);
    t.activate("Bob");
    t.act(Action::Surrender, &[]);
    t.activate("Ann");
    let hit = t.strike("Ann", Some("Sword"), "Bob");
    t.attack_plain(hit, &[5]);
    assert_eq!(t.health("Bob"), 0);
    assert_eq!(t.status("Bob"), Status::Incapacitated);
    assert!(!t.s.characters[t.c("Bob")].may_resume);
    assert!(!t.text().contains("may take up the fight again"));
}

#[test]
fn non_lethal_a_grapple_counter_has_nobody_to_hold_once_the_attacker_falls() {
    crate::covers(&["zones.non-lethal", "zones.blast"]);
    // zones.non-lethal, zones.blast: Ann throws fire pots into her own zone, herself among the
    // targets; Bob counters with a grapple, resolved last. The pots' 6 takes Ann's last health:
    // she falls, and the grapple has nobody standing to hold, so no STR save is rolled.
    let mut t = skirmish("", "", r#"hands: ["Fire pots"]"#, "", "");
    t.set_health("Ann", 1);
    t.activate("Ann");
    t.act(
        Action::Attack(fray::rules::zones::AttackDecl {
            attacker: t.c("Ann"),
            weapon: Weapon::Item(t.item("Fire pots")),
            target: fray::rules::zones::Target::Zone(t.z("A")),
            mode: AttackMode::Damage { hold_back: false },
        }),
        &[],
    );
    t.act(
        Action::React(Reaction::Counter {
            weapon: Weapon::Unarmed,
            mode: AttackMode::Grapple,
        }),
        &[],
    );
    t.settle(&[6]);
    assert_eq!(t.status("Ann"), Status::Incapacitated);
    assert_eq!((t.health("Bob"), t.health("Cid")), (4, 4));
    assert_eq!(t.s.characters[t.c("Ann")].grabbed_by, None);
}
