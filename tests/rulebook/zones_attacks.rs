//! zones.attacking, zones.saves, zones.impaired, zones.melee, zones.ranged, zones.indirect,
//! zones.protection.

use fray::rules::zones::{Action, AttackMode, Status};
use fray::words::{InEnglish, Said};

use crate::harness::*;

const LINE: &str = r#"(name: "A", neighbours: ["B"]), (name: "B", neighbours: ["C"]), (name: "C", neighbours: ["D"]), (name: "D", neighbours: ["E"]), (name: "E", neighbours: [])"#;

fn duel(zones: &str, ann: &str, bob: &str) -> Table {
    let src = scenario(
        "started_by: Some(\"Reds\"),",
        &format!(r#"{zones}, (name: "Far", neighbours: [])"#),
        &[
            faction("Reds", &[ann.to_string()]),
            // Cid keeps the Blues in the fight, far away and fearless.
            faction(
                "Blues",
                &[bob.to_string(), fighter("Cid", "Far", "fearless: true")],
            ),
        ]
        .join(", "),
    );
    let mut t = Table::begin(&src, 0);
    t.activate("Ann");
    t
}

fn put(t: &mut Table, who: &str, zone: &str) {
    let (c, z) = (t.c(who), t.z(zone));
    t.s.characters[c].zone = z;
}

#[test]
fn attacking_hits_automatically_and_armour_reduces_the_damage() {
    let mut t = duel(
        LINE,
        &fighter("Ann", "A", r#"hands: ["Sword"]"#),
        &fighter("Bob", "A", r#"armour: Some("Gambeson")"#),
    );
    let hit = t.strike("Ann", Some("Sword"), "Bob");
    let events = t.attack_plain(hit, &[6]);
    assert_eq!(t.health("Bob"), 5, "d8 showing 6, minus armour 1");
    let e = events
        .iter()
        .find_map(|e| e.explanation.clone())
        .expect("a damage explanation");
    assert_eq!(e.total, 5);
    assert!(
        e.modifiers
            .iter()
            .any(|m| m.value == -1 && m.cause.said().contains("Gambeson"))
    );
    assert_eq!(e.rule, "zones.attacking");
}

#[test]
fn a_shield_adds_its_armour_to_the_armour_worn() {
    crate::covers(&["zones.attacking"]);
    // zones.attacking: the d8 shows 6, less the gambeson's 1 and the shield's 1: 4. The
    // breakdown takes both off.
    let mut t = duel(
        LINE,
        &fighter("Ann", "A", r#"hands: ["Sword"]"#),
        &fighter("Bob", "A", r#"armour: Some("Gambeson"), hands: ["Shield"]"#),
    );
    let hit = t.strike("Ann", Some("Sword"), "Bob");
    let events = t.attack_plain(hit, &[6]);
    assert_eq!(t.health("Bob"), 6);
    let e = events
        .iter()
        .find_map(|e| e.explanation.clone())
        .expect("a damage explanation");
    assert_eq!(e.total, 4);
    assert_eq!(
        e.modifiers
            .iter()
            .map(|m| (m.value, m.cause.english(&t.s).leak() as &str))
            .collect::<Vec<_>>(),
        vec![(-1, "armour (Gambeson)"), (-1, "shield (Shield)")]
    );
    // Bob never surrendered: nothing for him to come back from.
    assert!(!t.s.characters[t.c("Bob")].may_resume);
    assert!(!t.text().contains("may take up the fight again"));
}

#[test]
fn armour_beyond_the_damage_deals_none_and_no_less() {
    crate::covers(&["zones.attacking"]);
    // zones.attacking: plate 3 and a shield 1 against Ann's dagger: a 4 leaves exactly 0; a 2
    // would be -2, and is 0 as well, the breakdown saying so.
    for (roll, outcome) in [(4, "0 damage"), (2, "0 damage, no damage below zero")] {
        let mut t = duel(
            LINE,
            &fighter("Ann", "A", r#"hands: ["Dagger"]"#),
            &fighter("Bob", "A", r#"armour: Some("Plate"), hands: ["Shield"]"#),
        );
        let hit = t.strike("Ann", Some("Dagger"), "Bob");
        let events = t.attack_plain(hit, &[roll]);
        let e = events.iter().find_map(|e| e.explanation.clone()).unwrap();
        assert_eq!(
            (e.total, e.outcome.said().leak() as &str),
            (0, outcome),
            "a {roll}"
        );
        assert_eq!(t.health("Bob"), 10);
    }
}

#[test]
fn the_figures_count_damage_dealt_and_taken_and_who_was_taken_down() {
    crate::covers(&["zones.attacking"]);
    // zones.attacking: the sword's 6 against Bob's 6 health: Ann dealt 6, Bob took 6 and fell,
    // Ann's takedown.
    let mut t = duel(
        LINE,
        &fighter("Ann", "A", r#"hands: ["Sword"]"#),
        &fighter("Bob", "A", "").replace("health: 10", "health: 6"),
    );
    let hit = t.strike("Ann", Some("Sword"), "Bob");
    t.attack_plain(hit, &[6]);
    assert_eq!(t.status("Bob"), Status::Incapacitated);
    let (ann, bob) = (t.c("Ann"), t.c("Bob"));
    let (a, b) = (&t.s.characters[ann].figures, &t.s.characters[bob].figures);
    assert_eq!((a.damage_dealt, a.damage_taken, a.takedowns), (6, 0, 1));
    assert_eq!((b.damage_dealt, b.damage_taken, b.takedowns), (0, 6, 0));
}

#[test]
fn the_figures_count_a_final_blow_as_a_takedown() {
    crate::covers(&["zones.attacking"]);
    // zones.attacking: Bob lies incapacitated (felled by nobody here); Ann's final blow kills
    // him, her takedown.
    let mut t = duel(
        LINE,
        &fighter("Ann", "A", r#"hands: ["Sword"]"#),
        &fighter("Bob", "A", ""),
    );
    let bob = t.c("Bob");
    t.s.characters[bob].status = Status::Incapacitated;
    t.s.characters[bob].health = 0;
    let fin = Action::Attack(t.attack_decl("Ann", Some("Sword"), "Bob", AttackMode::FinalBlow));
    t.act(fin, &[]);
    assert_eq!(t.status("Bob"), Status::Dead);
    assert_eq!(t.s.characters[t.c("Ann")].figures.takedowns, 1);
}

#[test]
fn attacking_holding_back_deals_impaired_damage() {
    let mut t = duel(
        LINE,
        &fighter("Ann", "A", r#"hands: ["Sword"]"#),
        &fighter("Bob", "A", r#"armour: Some("Gambeson")"#),
    );
    let d = t.attack_decl(
        "Ann",
        Some("Sword"),
        "Bob",
        AttackMode::Damage { hold_back: true },
    );
    let events = t.attack_plain(Action::Attack(d), &[7, 3]);
    assert_eq!(t.health("Bob"), 8, "the lower of 7 and 3, minus 1");
    let e = events.iter().find_map(|e| e.explanation.clone()).unwrap();
    assert_eq!(e.rule, "zones.impaired");
    assert_eq!(e.dropped.len(), 1);
}

#[test]
fn attacking_unarmed_deals_d4_impaired_damage() {
    let mut t = duel(LINE, &fighter("Ann", "A", ""), &fighter("Bob", "A", ""));
    let hit = t.strike("Ann", None, "Bob");
    t.attack_plain(hit, &[4, 2]);
    assert_eq!(t.health("Bob"), 8);
}

#[test]
fn attacking_health_stops_at_zero_which_incapacitates_and_the_final_blow_kills() {
    let mut t = duel(
        LINE,
        &fighter("Ann", "A", r#"hands: ["Sword"]"#),
        &fighter("Bob", "A", ""),
    );
    t.set_health("Bob", 3);
    let hit = t.strike("Ann", Some("Sword"), "Bob");
    t.attack_plain(hit, &[8]);
    assert_eq!(t.health("Bob"), 0);
    assert_eq!(t.status("Bob"), Status::Incapacitated);
    // Next round, Ann may finish him; not from another zone.
    t.act(Action::EndTurn, &[]);
    t.act(Action::Pass, &[]);
    t.act(Action::ChooseFirst(0), &[]);
    t.activate("Ann");
    let fin = Action::Attack(t.attack_decl("Ann", Some("Sword"), "Bob", AttackMode::FinalBlow));
    assert!(t.is_legal(&fin));
    assert!(
        !t.is_legal(&t.strike("Ann", Some("Sword"), "Bob")),
        "an incapacitated target is open to the final blow, not to more damage"
    );
    let b = t.z("B");
    t.act(Action::Move(b), &[]);
    assert!(!t.is_legal(&fin), "the target must be nearby");
    let mut t2 = t;
    // Back in the same zone the blow lands: no dice, the target is killed.
    let a = t2.z("A");
    let ann = t2.c("Ann");
    t2.s.characters[ann].zone = a;
    t2.act(fin, &[]);
    assert_eq!(t2.status("Bob"), Status::Dead);
}

#[test]
fn saves_a_d20_equal_to_or_under_the_attribute_passes() {
    // Melee on a target who is not visible (a dark zone) needs Ann's WIT save (WIT 10).
    let dark = r#"(name: "A", neighbours: [], dark: true)"#;
    let mut t = duel(
        dark,
        &fighter("Ann", "A", r#"hands: ["Sword"]"#),
        &fighter("Bob", "A", ""),
    );
    let hit = t.strike("Ann", Some("Sword"), "Bob");
    t.attack_plain(hit, &[10, 4]);
    assert_eq!(t.health("Bob"), 6, "10 on the d20 passes against WIT 10");
    let mut t = duel(
        dark,
        &fighter("Ann", "A", r#"hands: ["Sword"]"#),
        &fighter("Bob", "A", ""),
    );
    let hit = t.strike("Ann", Some("Sword"), "Bob");
    t.attack_plain(hit, &[11]);
    assert_eq!(
        t.health("Bob"),
        10,
        "11 fails: the attack misses and no damage is rolled"
    );
}

#[test]
fn melee_attacks_target_a_nearby_character_only() {
    let mut t = duel(
        LINE,
        &fighter("Ann", "A", r#"hands: ["Sword"]"#),
        &fighter("Bob", "B", ""),
    );
    let hit = t.strike("Ann", Some("Sword"), "Bob");
    assert!(!t.is_legal(&hit));
    let b = t.z("B");
    t.act(Action::Move(b), &[]);
    assert!(t.is_legal(&hit), "after moving into Bob's zone");
    t.attack_plain(hit, &[3]);
    assert_eq!(t.health("Bob"), 7, "moving does not hinder melee");
}

#[test]
fn ranged_attacks_need_a_wit_save_beyond_half_range_and_while_moving() {
    let ann = fighter("Ann", "A", r#"hands: ["Shortbow"]"#);
    // Within half range (2 of 4 zones), standing: automatic.
    let mut t = duel(LINE, &ann, &fighter("Bob", "C", ""));
    let shot = t.strike("Ann", Some("Shortbow"), "Bob");
    t.attack_plain(shot, &[5]);
    assert_eq!(t.health("Bob"), 5);
    // "It is possible to split movement before, after, and between actions": having shot
    // standing still, Ann may still move, and the shot (no save rolled) stays as it was.
    let b = t.z("B");
    assert!(t.is_legal(&Action::Move(b)));
    t.act(Action::Move(b), &[]);
    assert_eq!(t.zone_of("Ann"), "B");
    assert_eq!(t.health("Bob"), 5);

    // Beyond half range: a WIT save.
    let mut t = duel(LINE, &ann, &fighter("Bob", "D", ""));
    let shot = t.strike("Ann", Some("Shortbow"), "Bob");
    t.attack_plain(shot, &[12]);
    assert_eq!(t.health("Bob"), 10, "12 fails WIT 10: a miss");

    // While moving within half range: a WIT save; beyond half range while moving: impossible.
    let mut t = duel(LINE, &ann, &fighter("Bob", "D", ""));
    let b = t.z("B");
    t.act(Action::Move(b), &[]);
    let shot = t.strike("Ann", Some("Shortbow"), "Bob");
    assert!(t.is_legal(&shot), "D is 2 zones from B now");
    put(&mut t, "Bob", "E");
    assert!(
        !t.is_legal(&shot),
        "3 zones away, beyond half range, while moving"
    );
    put(&mut t, "Bob", "D");
    t.attack_plain(shot, &[9, 4]);
    assert_eq!(t.health("Bob"), 6);
}

#[test]
fn ranged_attacks_need_a_visible_target_within_range() {
    let zones = r#"(name: "A", neighbours: ["B"]), (name: "B", neighbours: ["C"], dark: true), (name: "C", neighbours: [])"#;
    let mut t = duel(
        zones,
        &fighter("Ann", "A", r#"hands: ["Sling"]"#),
        &fighter("Bob", "B", ""),
    );
    assert!(
        !t.is_legal(&t.strike("Ann", Some("Sling"), "Bob")),
        "Bob is in the dark"
    );
    put(&mut t, "Bob", "C");
    assert!(t.is_legal(&t.strike("Ann", Some("Sling"), "Bob")));
    let t = duel(
        LINE,
        &fighter("Ann", "A", r#"hands: ["Sling"]"#),
        &fighter("Bob", "E", ""),
    );
    assert!(
        !t.is_legal(&t.strike("Ann", Some("Sling"), "Bob")),
        "4 zones is beyond range 3"
    );
}

#[test]
fn indirect_attacks_only_beyond_half_range_always_with_a_save_never_while_moving() {
    let ann = fighter("Ann", "A", r#"hands: ["Staff sling"]"#);
    let mut t = duel(LINE, &ann, &fighter("Bob", "C", ""));
    assert!(
        !t.is_legal(&t.strike("Ann", Some("Staff sling"), "Bob")),
        "2 of 4 is within half range"
    );
    put(&mut t, "Bob", "D");
    let lob = t.strike("Ann", Some("Staff sling"), "Bob");
    assert!(t.is_legal(&lob));
    t.attack_plain(lob, &[3, 6]);
    assert_eq!(t.health("Bob"), 4, "save 3 passes, d6 shows 6");

    let mut t = duel(LINE, &ann, &fighter("Bob", "E", ""));
    let b = t.z("B");
    t.act(Action::Move(b), &[]);
    assert!(
        !t.is_legal(&t.strike("Ann", Some("Staff sling"), "Bob")),
        "not while moving"
    );

    // Over a barrier and into the dark.
    let zones = r#"(name: "A", neighbours: ["B"]), (name: "B", neighbours: ["C"]), (name: "C", neighbours: ["D"]), (name: "D", neighbours: [], barrier: true, dark: true)"#;
    let t = duel(
        zones,
        &fighter("Ann", "A", r#"hands: ["Staff sling"]"#),
        &fighter("Bob", "D", ""),
    );
    assert!(t.is_legal(&t.strike("Ann", Some("Staff sling"), "Bob")));
}

#[test]
fn protection_concealment_impairs_damage() {
    let smoke = r#"(name: "A", neighbours: [], concealment: true)"#;
    let mut t = duel(
        smoke,
        &fighter("Ann", "A", r#"hands: ["Sword"]"#),
        &fighter("Bob", "A", ""),
    );
    let hit = t.strike("Ann", Some("Sword"), "Bob");
    t.attack_plain(hit, &[6, 2]);
    assert_eq!(t.health("Bob"), 8);
}

#[test]
fn protection_cover_adds_one_armour_against_attacks_from_another_zone_unless_penetrated() {
    let zones = r#"(name: "A", neighbours: ["B"]), (name: "B", neighbours: [], cover: true)"#;
    let mut t = duel(
        zones,
        &fighter("Ann", "A", r#"hands: ["Shortbow"]"#),
        &fighter("Bob", "B", ""),
    );
    let shot = t.strike("Ann", Some("Shortbow"), "Bob");
    let ev = t.attack_plain(shot, &[5]);
    assert_eq!(t.health("Bob"), 6, "5 minus 1 for cover");
    assert!(ev.iter().any(|e| {
        e.explanation.as_ref().is_some_and(|x| {
            x.modifiers
                .iter()
                .any(|m| (m.value, m.cause.said().leak() as &str) == (-1, "cover"))
        })
    }));

    let mut t = duel(
        zones,
        &fighter("Ann", "A", r#"hands: ["Crossbow"]"#),
        &fighter("Bob", "B", ""),
    );
    let shot = t.strike("Ann", Some("Crossbow"), "Bob");
    t.attack_plain(shot, &[5]);
    assert_eq!(t.health("Bob"), 5, "a crossbow penetrates cover");

    let mut t = duel(
        zones,
        &fighter("Ann", "B", r#"hands: ["Sword"]"#),
        &fighter("Bob", "B", ""),
    );
    let hit = t.strike("Ann", Some("Sword"), "Bob");
    t.attack_plain(hit, &[5]);
    assert_eq!(
        t.health("Bob"),
        5,
        "no cover against a blow from inside the zone"
    );
}

#[test]
fn protection_barriers_block_attacks_until_the_character_peeks_out_then_count_as_cover() {
    let zones = r#"(name: "A", neighbours: ["B"]), (name: "B", neighbours: [], barrier: true)"#;
    let src = scenario(
        "started_by: Some(\"Reds\"),",
        zones,
        &[
            faction("Reds", &[fighter("Ann", "A", r#"hands: ["Shortbow"]"#)]),
            faction("Blues", &[fighter("Bob", "B", r#"hands: ["Shortbow"]"#)]),
        ]
        .join(", "),
    );
    let mut t = Table::begin(&src, 0);
    t.activate("Ann");
    assert!(
        !t.is_legal(&t.strike("Ann", Some("Shortbow"), "Bob")),
        "Bob is behind the barrier"
    );
    t.act(Action::EndTurn, &[]);
    t.activate("Bob");
    let shot = t.strike("Bob", Some("Shortbow"), "Ann");
    t.attack_plain(shot, &[3]);
    assert_eq!(t.health("Ann"), 7);
    t.act(Action::EndTurn, &[]);
    // Next round Ann goes first; Bob peeked last round and has not had a turn since.
    t.act(Action::ChooseFirst(0), &[]);
    t.activate("Ann");
    let back = t.strike("Ann", Some("Shortbow"), "Bob");
    assert!(
        t.is_legal(&back),
        "Bob peeked out: the barrier only counts as cover"
    );
    t.attack_plain(back, &[5]);
    assert_eq!(t.health("Bob"), 6, "5 minus 1 for the barrier as cover");
}
