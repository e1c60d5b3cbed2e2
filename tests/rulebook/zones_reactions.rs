//! zones.reactions (dodge, counter, hide behind, guard) and zones.opportunity.

use fray::rules::battle::{DecisionKind, Pending, Seat};
use fray::rules::zones::{Action, AttackDecl, AttackMode, Reaction, Status, Target, Weapon};

use crate::harness::*;

/// Ann (Reds) against Bob and Cid (Blues) in zone A; Dan keeps the Blues in the fight from afar.
fn brawl(ann: &str, bob: &str, cid: &str) -> Table {
    skirmish("", "", ann, bob, cid)
}

fn swing(t: &mut Table) {
    t.activate("Ann");
    let hit = t.strike("Ann", Some("Sword"), "Bob");
    t.act(hit, &[]);
    t.act(Action::NoStunt, &[]);
    assert_eq!(
        t.pending(),
        Pending::Decide {
            seat: Seat::Faction(1),
            kind: DecisionKind::Reaction,
            time_limit: None
        },
        "Bob's side chooses his reaction"
    );
}

/// Ann's flail swung at everyone else in zone A.
fn flail_blast(t: &Table) -> Action {
    Action::Attack(AttackDecl {
        attacker: t.c("Ann"),
        weapon: Weapon::Item(t.item("Flail")),
        target: Target::Zone(t.z("A")),
        mode: AttackMode::Damage { hold_back: false },
    })
}

const SWORD: &str = r#"hands: ["Sword"]"#;

#[test]
fn dodge_an_agi_save_that_makes_the_attack_miss_and_spends_the_turn() {
    let mut t = brawl(SWORD, "", "");
    swing(&mut t);
    t.act(Action::React(Reaction::Dodge), &[10]);
    assert_eq!(
        t.health("Bob"),
        10,
        "AGI 10, rolled 10: the attack misses, no damage die"
    );
    t.act(Action::EndTurn, &[]);
    let bob = t.c("Bob");
    assert!(
        !t.is_legal(&Action::Activate(bob)),
        "the dodge was Bob's turn"
    );

    let mut t = brawl(SWORD, "", "");
    swing(&mut t);
    t.act(Action::React(Reaction::Dodge), &[11, 7]);
    assert_eq!(t.health("Bob"), 3, "a failed dodge: hit for 7");
}

#[test]
fn counter_both_roll_together_and_the_one_suffering_more_is_hit_first() {
    let mut t = brawl(SWORD, SWORD, "");
    swing(&mut t);
    let bob_sword = t.item_of("Bob", "Sword");
    let counter = Action::React(Reaction::Counter {
        weapon: Weapon::Item(bob_sword),
        mode: AttackMode::Damage { hold_back: false },
    });
    // Ann rolls 6, Bob rolls 3: Bob suffers more and is hit first; still standing, he hits back.
    t.act(counter.clone(), &[6, 3]);
    assert_eq!((t.health("Bob"), t.health("Ann")), (4, 7));
    assert!(t.text().contains("Bob suffers more and is hit first"));

    // Bob on 5: Ann's 6 takes him out first and his 3 never lands.
    let mut t = brawl(SWORD, SWORD, "");
    t.set_health("Bob", 5);
    swing(&mut t);
    t.act(counter.clone(), &[6, 3]);
    assert_eq!(t.status("Bob"), Status::Incapacitated);
    assert_eq!(t.health("Ann"), 10);
    assert!(t.text().contains("Bob's blow never lands"));

    // Equal damage: both are hit at the same time, even though Bob falls.
    let mut t = brawl(SWORD, SWORD, "");
    t.set_health("Bob", 4);
    swing(&mut t);
    t.act(counter, &[4, 4]);
    assert_eq!(t.status("Bob"), Status::Incapacitated);
    assert_eq!(t.health("Ann"), 6);
}

#[test]
fn counter_with_a_disarm_resolved_last() {
    // "Non-lethal attacks ... can be used to counter. Since they inflict no damage they are
    // always resolved last in case of a counter": Bob counters Ann's sword with a disarm; her
    // blow lands first (d6: 4), then Ann's STR save against the disarm fails (13) and she
    // drops the sword.
    let mut t = brawl(SWORD, "", "");
    swing(&mut t);
    let sword = t.item_of("Ann", "Sword");
    let disarm = Action::React(Reaction::Counter {
        weapon: Weapon::Unarmed,
        mode: AttackMode::Disarm { item: sword },
    });
    assert!(t.is_legal(&disarm), "{:?}", t.legal());
    t.act(disarm, &[4, 13]);
    assert_eq!(t.health("Bob"), 6);
    assert_eq!(
        t.s.items[sword].location,
        fray::rules::zones::Location::Ground(t.z("A"))
    );
    let text = t.text();
    assert!(text.contains("Bob counters Ann by trying to knock the Sword away."));
    let (hit, dropped) = (
        text.find("Ann hits Bob for 4 damage."),
        text.find("Ann drops the Sword."),
    );
    assert!(
        dropped.is_some() && hit.is_some() && hit < dropped,
        "{text}"
    );
}

#[test]
fn counter_a_blasts_targets_react_quickest_wits_first() {
    // Only one target may counter a blast; who gets the chance follows a rule (rules notes,
    // zones.reactions): Cid, the quicker wit, decides before Bob although listed after him.
    let mut t = brawl(r#"hands: ["Flail"]"#, "", "");
    let (bob, cid) = (t.c("Bob"), t.c("Cid"));
    t.s.characters[cid].attrs.wit = 12;
    t.activate("Ann");
    let blast = flail_blast(&t);
    t.act(blast, &[]);
    let counter = Action::React(Reaction::Counter {
        weapon: Weapon::Unarmed,
        mode: AttackMode::Damage { hold_back: false },
    });
    let slots = &t.s.attack.as_ref().unwrap().slots;
    assert_eq!(
        slots.iter().map(|s| s.target).collect::<Vec<_>>(),
        vec![cid, bob]
    );
    t.act(counter.clone(), &[]);
    assert!(t.s.characters[cid].acted, "Cid countered");
    assert!(!t.is_legal(&counter), "so Bob may not");
}

#[test]
fn counter_a_blast_can_be_countered_by_one_target_only() {
    let mut t = brawl(r#"hands: ["Flail"]"#, "", "");
    t.activate("Ann");
    let blast = flail_blast(&t);
    t.act(blast, &[]);
    let counter = Action::React(Reaction::Counter {
        weapon: Weapon::Unarmed,
        mode: AttackMode::Damage { hold_back: false },
    });
    assert!(t.is_legal(&counter), "Bob may counter");
    t.act(counter.clone(), &[]);
    assert!(
        t.is_legal(&Action::React(Reaction::Dodge)),
        "Cid decides next"
    );
    assert!(!t.is_legal(&counter), "but Cid may not counter as well");
    // Cid does nothing. The flail's d6 is rolled once for both (5), Bob's bare hands twice (2, 3).
    t.act(Action::React(Reaction::None), &[5, 2, 3]);
    assert_eq!((t.health("Bob"), t.health("Cid")), (5, 5));
    assert_eq!(t.health("Ann"), 8);
}

#[test]
fn hide_behind_never_onto_someone_the_same_blast_already_strikes() {
    // A blast on zone A strikes Bob and Cid: Bob may not hide behind Cid, whom it already
    // strikes, or Cid would be hit twice; with Cid out of the zone he could.
    let mut t = brawl(r#"hands: ["Flail"]"#, "", "");
    t.activate("Ann");
    let blast = flail_blast(&t);
    t.act(blast, &[]);
    let cid = t.c("Cid");
    assert!(t.is_legal(&Action::React(Reaction::Dodge)), "Bob decides");
    assert!(!t.is_legal(&Action::React(Reaction::HideBehind(cid))));
    // A single blow at Bob: Cid is no target, so Bob may hide behind him.
    let mut t = brawl(SWORD, "", "");
    swing(&mut t);
    assert!(t.is_legal(&Action::React(Reaction::HideBehind(cid))));
}

#[test]
fn hide_behind_a_nearby_ally_who_becomes_the_target_and_may_react() {
    let mut t = brawl(SWORD, "", "");
    swing(&mut t);
    let cid = t.c("Cid");
    t.act(Action::React(Reaction::HideBehind(cid)), &[]);
    assert!(
        t.s.characters[t.c("Bob")].acted,
        "hiding was Bob's reaction"
    );
    // Now Cid is the target and reacts in turn; he may not hide behind Bob again.
    let bob = t.c("Bob");
    assert!(!t.is_legal(&Action::React(Reaction::HideBehind(bob))));
    t.act(Action::React(Reaction::Dodge), &[12, 6]);
    assert_eq!((t.health("Bob"), t.health("Cid")), (10, 4));
}

#[test]
fn guard_a_nearby_character_takes_the_attack_and_cannot_dodge_or_counter() {
    let mut t = brawl(SWORD, "", "");
    swing(&mut t);
    let cid = t.c("Cid");
    // Choosing to guard resolves the attack at once: Cid has spent his reaction.
    t.act(Action::React(Reaction::Guard(cid)), &[5]);
    assert_eq!((t.health("Bob"), t.health("Cid")), (10, 5));
    assert!(t.s.characters[cid].acted);
    assert!(!t.s.characters[t.c("Bob")].acted, "Bob did not react");
}

#[test]
fn reactions_are_only_for_those_who_have_not_had_their_turn() {
    let mut t = brawl(SWORD, "", "");
    let (bob, cid) = (t.c("Bob"), t.c("Cid"));
    t.s.characters[bob].acted = true;
    t.s.characters[cid].acted = true;
    t.activate("Ann");
    let hit = t.strike("Ann", Some("Sword"), "Bob");
    t.act(hit, &[]);
    t.act(Action::NoStunt, &[2]);
    assert_eq!(
        t.health("Bob"),
        8,
        "no reaction was possible: the blow landed at once"
    );
}

/// Ann with her sword in `ann`, Bob beside zone B in A, Dan far off.
fn walkaway_src(ann: &str) -> String {
    scenario(
        "started_by: Some(\"Reds\"),",
        r#"(name: "A", neighbours: ["B"]), (name: "B", neighbours: ["A"]), (name: "Far", neighbours: [])"#,
        &[
            faction("Reds", &[fighter("Ann", ann, SWORD)]),
            faction(
                "Blues",
                &[
                    fighter("Bob", "A", ""),
                    fighter("Dan", "Far", "fearless: true"),
                ],
            ),
        ]
        .join(", "),
    )
}

fn walkaway() -> Table {
    let src = walkaway_src("A");
    let mut t = Table::begin(&src, 1);
    t.activate("Bob");
    let b = t.z("B");
    t.act(Action::Move(b), &[]);
    t
}

#[test]
fn opportunity_attack_interrupts_a_move_away_and_the_target_cannot_react() {
    let mut t = walkaway();
    assert_eq!(
        t.pending(),
        Pending::Decide {
            seat: Seat::Faction(0),
            kind: DecisionKind::Reaction,
            time_limit: None
        }
    );
    assert_eq!(t.zone_of("Bob"), "A", "the move is interrupted");
    let oa = Action::OpportunityAttack(t.attack_decl(
        "Ann",
        Some("Sword"),
        "Bob",
        AttackMode::Damage { hold_back: false },
    ));
    t.act(oa, &[]);
    // Ann declines a stunt; with no reaction step the damage is rolled straight away.
    t.act(Action::NoStunt, &[4]);
    assert_eq!(t.health("Bob"), 6);
    assert_eq!(
        t.zone_of("Bob"),
        "B",
        "his turn resumes and the move completes"
    );
    assert!(
        t.s.characters[t.c("Ann")].acted,
        "the opportunity attack was Ann's turn"
    );
}

#[test]
fn opportunity_attack_may_be_declined_and_a_grapple_stops_the_move() {
    let mut t = walkaway();
    t.act(Action::DeclineOpportunity, &[]);
    assert_eq!(t.zone_of("Bob"), "B");
    assert!(!t.s.characters[t.c("Ann")].acted);

    let mut t = walkaway();
    let grab = Action::OpportunityAttack(t.attack_decl("Ann", None, "Bob", AttackMode::Grapple));
    t.act(grab, &[15]);
    assert_eq!(t.s.characters[t.c("Bob")].grabbed_by, Some(t.c("Ann")));
    assert_eq!(t.zone_of("Bob"), "A", "held fast, Bob goes nowhere");
}

#[test]
fn odds_before_reacting_are_the_exact_chances_of_the_exchange() {
    // Ann's sword (d8) at Bob, who has 5 health left and a sword of his own. Taking the hit:
    // 4.5 damage on average, and a 4 in 8 chance of going down (5 to 8).
    use fray::rules::zones::odds::{blow_on, counter_exchange};
    let mut t = brawl(SWORD, SWORD, "");
    t.set_health("Bob", 5);
    swing(&mut t);
    let bob = t.c("Bob");
    let blow = blow_on(&t.s, bob).unwrap();
    assert!((blow.expected_damage - 4.5).abs() < 1e-12);
    assert!((blow.takedown - 0.5).abs() < 1e-12);
    // Countering: both roll a d8. Bob is hit first when Ann rolls higher (28 of 64), and goes
    // down whenever she rolls 5 or more, whatever the order; Ann, at 10, cannot go down.
    let x = counter_exchange(
        &t.s,
        bob,
        Weapon::Item(t.item_of("Bob", "Sword")),
        AttackMode::Damage { hold_back: false },
    )
    .unwrap();
    assert_eq!(x.lands, 1.0);
    assert!((x.hit_first - 28.0 / 64.0).abs() < 1e-12, "{x:?}");
    assert!((x.counterer_down - 0.5).abs() < 1e-12, "{x:?}");
    assert_eq!(x.attacker_down, 0.0);
    // With Ann at 4 health, Bob's 4 or more fells her unless her blow fells him first: she is
    // down when he rolls 4 to 8 and either rolls higher, or ties, or she rolls under 5.
    t.set_health("Ann", 4);
    let x = counter_exchange(
        &t.s,
        bob,
        Weapon::Item(t.item_of("Bob", "Sword")),
        AttackMode::Damage { hold_back: false },
    )
    .unwrap();
    let mut want = 0.0;
    for a in 1..=8 {
        for b in 1..=8 {
            let ann_first = a > b;
            let bob_down_first = ann_first && a >= 5;
            if b >= 4 && !bob_down_first {
                want += 1.0 / 64.0;
            }
        }
    }
    assert!((x.attacker_down - want).abs() < 1e-12, "{x:?} vs {want}");
}

/// Before moving, the mover is told the blows the move sets off (zones.reactions: "nearby
/// enemies moving away"): Ann's sword as Bob leaves her zone, a sure hit (he cannot react to
/// it) for the sword's average; no blow when nobody is near, and nothing changes by asking.
#[test]
fn a_move_away_is_told_its_opportunity_attacks_before_it_is_made() {
    use fray::rules::zones::odds::opportunity_risk;
    let src = walkaway_src("A");
    let mut t = Table::begin(&src, 1);
    t.activate("Bob");
    let before = t.s.clone();
    let risk = opportunity_risk(&t.s, t.z("B"));
    assert_eq!(t.s, before, "asking changes nothing");
    assert_eq!(risk.len(), 1, "{risk:?}");
    let (decl, odds) = &risk[0];
    assert_eq!(decl.attacker, t.c("Ann"));
    assert_eq!(decl.target, Target::Character(t.c("Bob")));
    let Weapon::Item(sword) = decl.weapon else {
        panic!("Ann strikes with her sword, not {:?}", decl.weapon)
    };
    let die = t.s.items[sword].weapon().expect("a weapon").damage;
    assert_eq!(odds.hit, 1.0, "an opportunity attack cannot be dodged");
    assert!((odds.expected_damage - f64::from(die.sides + 1) / 2.0).abs() < 1e-9);
    // The move, made, is met by that very attack.
    t.act(Action::Move(t.z("B")), &[]);
    assert!(
        <fray::rules::zones::Zones as fray::rules::battle::Ruleset>::legal_actions(&t.s)
            .contains(&Action::OpportunityAttack(*decl))
    );
    // With Ann far off, Bob's move risks nothing.
    let far = src.replacen(
        r#""Ann", str: 10, agi: 10, wit: 10, health: 10, zone: "A""#,
        r#""Ann", str: 10, agi: 10, wit: 10, health: 10, zone: "Far""#,
        1,
    );
    assert_ne!(far, src);
    let mut t = Table::begin(&far, 1);
    t.activate("Bob");
    assert!(opportunity_risk(&t.s, t.z("B")).is_empty());
}
