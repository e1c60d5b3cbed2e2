//! Cases from a second reading of zone-skirmish.md beside the code: each asserts a place where
//! the game once differed from the book's words.

use fray::rules::battle::{DecisionKind, Pending, Seat};
use fray::rules::zones::{
    Action, AttackDecl, AttackMode, Location, Reaction, Status, Target, Weapon,
};

use crate::harness::*;

const SWORD: &str = r#"hands: ["Sword"]"#;

fn sword_at_bob(t: &mut Table, dice: &[u8]) {
    t.activate("Ann");
    let hit = t.strike("Ann", Some("Sword"), "Bob");
    t.act(hit, dice);
    t.act(Action::NoStunt, &[]);
}

#[test]
fn sneaking_a_concealed_character_who_counters_is_revealed() {
    // "Concealed characters are revealed when they make noise or become visible to the enemy.
    // Actions which might reveal a character include: attacking". Ann's flail sweeps zone A,
    // where Bob hides; his counter is an attack.
    let mut t = skirmish("", "", r#"hands: ["Flail"]"#, "", "");
    let bob = t.c("Bob");
    t.s.characters[bob].concealed = true;
    t.activate("Ann");
    t.act(
        Action::Attack(AttackDecl {
            attacker: t.c("Ann"),
            weapon: Weapon::Item(t.item("Flail")),
            target: Target::Zone(t.z("A")),
            mode: AttackMode::Damage { hold_back: false },
        }),
        &[],
    );
    assert!(t.s.characters[bob].concealed);
    t.act(
        Action::React(Reaction::Counter {
            weapon: Weapon::Unarmed,
            mode: AttackMode::Damage { hold_back: false },
        }),
        &[],
    );
    assert!(!t.s.characters[bob].concealed);
    assert!(
        t.text().contains("Bob is revealed: they counter."),
        "{}",
        t.text()
    );
    // Cid does not react; the flail rolls 4, Bob's bare hands 2 and 1 (impaired: 1).
    t.settle(&[4, 2, 1]);
    assert_eq!((t.health("Bob"), t.health("Ann")), (6, 9));
}

#[test]
fn sneaking_a_concealed_ally_who_guards_is_revealed() {
    // Guarding is stepping in front of the attack: Cid becomes the target, seen by Ann.
    let mut t = skirmish("", "", SWORD, "", "");
    let cid = t.c("Cid");
    t.s.characters[cid].concealed = true;
    sword_at_bob(&mut t, &[]);
    t.act(Action::React(Reaction::Guard(cid)), &[5]);
    assert!(!t.s.characters[cid].concealed);
    assert!(
        t.text()
            .contains("Cid is revealed: they step in front of the attack."),
        "{}",
        t.text()
    );
    assert_eq!((t.health("Cid"), t.health("Bob")), (5, 10));
}

#[test]
fn attacking_hold_back_is_open_to_counters_opportunity_attacks_and_blasts() {
    // "The attacker may choose to voluntarily hold back an attack to inflict impaired damage."
    // Bob counters holding back: his sword rolls 5 and 3 and keeps the lower; Ann's rolls 6.
    let mut t = skirmish("", "", SWORD, SWORD, "");
    sword_at_bob(&mut t, &[]);
    let counter = Action::React(Reaction::Counter {
        weapon: Weapon::Item(t.item_of("Bob", "Sword")),
        mode: AttackMode::Damage { hold_back: true },
    });
    assert!(t.is_legal(&counter), "{:?}", t.legal());
    t.act(counter, &[6, 5, 3]);
    assert_eq!((t.health("Bob"), t.health("Ann")), (4, 7));
    assert!(t.text().contains("impaired: holding back"), "{}", t.text());

    // Bob walks away from Ann: her opportunity attack may hold back too (bare hands are
    // impaired already, so there is no second bare-handed choice).
    let mut t = skirmish("", "", SWORD, "", "");
    t.act(Action::Pass, &[]);
    t.activate("Bob");
    t.act(Action::Move(t.z("B")), &[]);
    let opportunity = |hold_back, weapon| {
        Action::OpportunityAttack(AttackDecl {
            attacker: t.c("Ann"),
            weapon,
            target: Target::Character(t.c("Bob")),
            mode: AttackMode::Damage { hold_back },
        })
    };
    let sword = Weapon::Item(t.item("Sword"));
    assert!(t.is_legal(&opportunity(true, sword)), "{:?}", t.legal());
    assert!(!t.is_legal(&opportunity(true, Weapon::Unarmed)));

    // A blast may be held back.
    let mut t = skirmish("", "", r#"hands: ["Flail"]"#, "", "");
    t.activate("Ann");
    assert!(t.is_legal(&Action::Attack(AttackDecl {
        attacker: t.c("Ann"),
        weapon: Weapon::Item(t.item("Flail")),
        target: Target::Zone(t.z("A")),
        mode: AttackMode::Damage { hold_back: true },
    })));
}

#[test]
fn melee_a_grapple_counter_on_someone_unseen_needs_the_wit_save() {
    // "Hitting a target who is not visible requires passing a WIT save or the attack misses",
    // a non-lethal counter as much as any attack. In the dark zone A Ann passes her save (5)
    // and Bob counters with a grapple: his save fails (15), so he never takes hold.
    let counter = Action::React(Reaction::Counter {
        weapon: Weapon::Unarmed,
        mode: AttackMode::Grapple,
    });
    let mut t = skirmish("", ", dark: true", SWORD, "", "");
    sword_at_bob(&mut t, &[5]);
    t.act(counter.clone(), &[15, 4]);
    assert_eq!(t.health("Bob"), 6);
    assert_eq!(t.s.characters[t.c("Ann")].grabbed_by, None);
    assert!(t.text().contains("Bob's counter misses."), "{}", t.text());

    // His save passes (5): after Ann's blow, her STR save against the grapple fails (14).
    let mut t = skirmish("", ", dark: true", SWORD, "", "");
    sword_at_bob(&mut t, &[5]);
    t.act(counter, &[5, 4, 14]);
    assert_eq!(t.s.characters[t.c("Ann")].grabbed_by, Some(t.c("Bob")));
}

#[test]
fn melee_a_final_blow_on_someone_unseen_needs_the_wit_save() {
    // The final blow is an attack on a nearby target: in the dark it needs the WIT save too.
    // Cid waits far off, so nobody can guard Bob.
    for (save, status) in [(15, Status::Incapacitated), (5, Status::Dead)] {
        let mut t = skirmish("", ", dark: true", SWORD, "", "");
        let (bob, cid) = (t.c("Bob"), t.c("Cid"));
        t.s.characters[cid].zone = t.z("Far");
        t.s.characters[bob].health = 0;
        t.s.characters[bob].status = Status::Incapacitated;
        t.activate("Ann");
        let blow =
            Action::Attack(t.attack_decl("Ann", Some("Sword"), "Bob", AttackMode::FinalBlow));
        t.act(blow, &[save]);
        t.settle(&[]);
        assert_eq!(
            t.status("Bob"),
            status,
            "WIT 10 save rolled {save}\n{}",
            t.text()
        );
    }
}

#[test]
fn sneaking_surprise_leaves_the_attackers_own_side_free_to_react() {
    // "Enemies attacked by a concealed character are taken by surprise and can't react". Ann,
    // hidden, throws fire pots into zone B, where her ally Eve stands beside Bob: Bob cannot
    // react, Eve, who knows where Ann is, may dodge.
    let mut t = skirmish("", "", r#"hands: ["Fire pots"]"#, "", "");
    let (ann, bob, eve) = (t.c("Ann"), t.c("Bob"), t.c("Eve"));
    t.s.characters[ann].concealed = true;
    t.s.characters[bob].zone = t.z("B");
    t.s.characters[eve].zone = t.z("B");
    t.activate("Ann");
    t.act(
        Action::Attack(AttackDecl {
            attacker: t.c("Ann"),
            weapon: Weapon::Item(t.item("Fire pots")),
            target: Target::Zone(t.z("B")),
            mode: AttackMode::Damage { hold_back: false },
        }),
        &[],
    );
    assert_eq!(
        t.pending(),
        Pending::Decide {
            seat: Seat::Faction(0),
            kind: DecisionKind::Reaction,
            time_limit: None
        },
        "{}",
        t.text()
    );
    let a = t.s.attack.as_ref().unwrap();
    let waiting: Vec<usize> = a
        .slots
        .iter()
        .filter(|s| !s.decided)
        .map(|s| s.target)
        .collect();
    assert_eq!(waiting, vec![eve]);
    t.act(Action::React(Reaction::Dodge), &[3, 5]);
    assert_eq!((t.health("Bob"), t.health("Eve")), (5, 10));
}

#[test]
fn chaos_running_out_of_time_keeps_a_hold() {
    // Under the chaos of combat a player who does not declare in time "does nothing"; what
    // frees a grabbed character is "doing anything else".
    let mut t = skirmish("options: (chaos_seconds: Some(15)),", "", "", "", "");
    let (ann, bob) = (t.c("Ann"), t.c("Bob"));
    t.activate("Ann");
    t.act(
        Action::Attack(t.attack_decl("Ann", None, "Bob", AttackMode::Grapple)),
        &[],
    );
    t.act(Action::React(Reaction::None), &[14]);
    assert_eq!(t.s.characters[bob].grabbed_by, Some(ann));
    t.act(Action::EndTurn, &[]);
    t.act(Action::Pass, &[]);
    t.act(Action::Pass, &[]);
    t.act(Action::ChooseFirst(0), &[]);
    t.activate("Ann");
    t.act(Action::TimedOut, &[]);
    assert_eq!(t.s.characters[bob].grabbed_by, Some(ann), "{}", t.text());
}

#[test]
fn barriers_a_counter_from_behind_a_barrier_is_peeking() {
    // "If a character peaks behind cover to attack, they can be still countered and the
    // barrier only counts as cover": countering out of zone A's barrier is such an attack.
    // Ann, three zones off, lobs a sling stone over the barrier around zone A; Bob shoots
    // back with his bow from behind it.
    let src = scenario(
        "started_by: Some(\"Reds\"),",
        r#"(name: "A", neighbours: ["B"], barrier: true), (name: "B", neighbours: ["C"]),
           (name: "C", neighbours: ["D"]), (name: "D", neighbours: [])"#,
        &[
            faction("Reds", &[fighter("Ann", "D", r#"hands: ["Staff sling"]"#)]),
            faction("Blues", &[fighter("Bob", "A", r#"hands: ["Longbow"]"#)]),
        ]
        .join(", "),
    );
    let mut t = Table::begin(&src, 0);
    let bob = t.c("Bob");
    assert!(fray::rules::zones::targeting::behind_barrier(
        &t.s,
        t.z("D"),
        &t.s.characters[bob]
    ));
    t.activate("Ann");
    let sling = t.strike("Ann", Some("Staff sling"), "Bob");
    // Indirect fire always takes the WIT save: 5 passes.
    t.act(sling, &[5]);
    t.act(Action::NoStunt, &[]);
    t.act(
        Action::React(Reaction::Counter {
            weapon: Weapon::Item(t.item("Longbow")),
            mode: AttackMode::Damage { hold_back: false },
        }),
        &[4, 3],
    );
    assert!(t.s.characters[bob].peeked, "{}", t.text());
    // Until his next turn the barrier counts only as cover: Ann could shoot him directly.
    assert!(!fray::rules::zones::targeting::behind_barrier(
        &t.s,
        t.z("D"),
        &t.s.characters[bob]
    ));
    // Both roll together: Ann's 4 less 1 for the barrier, now only cover; Bob's 3.
    assert_eq!((t.health("Bob"), t.health("Ann")), (7, 7), "{}", t.text());
    assert!(t.text().contains("-1 cover"), "{}", t.text());
}

#[test]
fn gear_a_damaged_weapon_breaks_on_a_one_even_when_its_blow_never_lands() {
    // "Damaged weapons and shields are destroyed if they are used to attack and a 1 is rolled
    // on the damage die." Bob counters with his damaged sword and rolls a 1; Ann's 6 takes
    // him out first, so his blow never lands, but the sword broke all the same.
    let mut t = skirmish("", "", SWORD, r#"hands: ["Sword"], damaged: ["Sword"]"#, "");
    t.set_health("Bob", 5);
    sword_at_bob(&mut t, &[]);
    let sword = t.item_of("Bob", "Sword");
    t.act(
        Action::React(Reaction::Counter {
            weapon: Weapon::Item(sword),
            mode: AttackMode::Damage { hold_back: false },
        }),
        &[6, 1],
    );
    let text = t.text();
    assert!(text.contains("Bob's blow never lands"), "{text}");
    assert!(text.contains("The damaged Sword breaks"), "{text}");
    assert_eq!(t.s.items[sword].location, Location::Gone);
}

#[test]
fn sneaking_during_the_ambush_only_the_ambushers_act() {
    // "Ambushers ... play a bonus turn during which only they can act": Ann gives herself away
    // by speaking, strikes Bob, who may not react, and walks off past Cid, who may not strike
    // at her as she goes.
    let src = scenario(
        "started_by: Some(\"Reds\"),",
        AB,
        &[
            faction(
                "Reds",
                &[fighter("Ann", "A", r#"hands: ["Sword"], concealed: true"#)],
            ),
            faction(
                "Blues",
                &[
                    fighter("Bob", "A", ""),
                    fighter("Cid", "A", r#"hands: ["Sword"]"#),
                ],
            ),
        ]
        .join(", "),
    );
    let mut t = Table::start(&src, &[]);
    assert!(t.text().contains("Ambush!"), "{}", t.text());
    t.act(Action::ChooseFirst(0), &[]);
    t.activate("Ann");
    t.act(Action::Speak, &[]);
    assert!(!t.s.characters[t.c("Ann")].concealed, "talking reveals");
    let hit = t.strike("Ann", Some("Sword"), "Bob");
    t.act(hit, &[]);
    t.act(Action::NoStunt, &[5]);
    assert_eq!(
        t.health("Bob"),
        5,
        "no reaction was asked for\n{}",
        t.text()
    );
    t.act(Action::Move(t.z("B")), &[]);
    assert_eq!(t.zone_of("Ann"), "B", "no opportunity attack was asked for");
}
