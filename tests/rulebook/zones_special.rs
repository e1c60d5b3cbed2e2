//! zones.sneaking, zones.blast, zones.attack-stunts, zones.non-lethal, zones.disarm,
//! zones.grapple.

use fray::rules::zones::{
    Action, AttackDecl, AttackMode, Location, Phase, Reaction, Status, Stunt, Target, Weapon,
};

use crate::harness::*;

fn ambush() -> Table {
    let src = scenario(
        "started_by: Some(\"Wolves\"),",
        r#"(name: "Road", neighbours: ["Thicket", "Field"]), (name: "Thicket", neighbours: [], concealment: true), (name: "Field", neighbours: [])"#,
        &[
            faction(
                "Caravan",
                &[
                    fighter("Mira", "Road", r#"hands: ["Sword"]"#),
                    fighter("Osric", "Road", ""),
                ],
            ),
            faction(
                "Wolves",
                &[
                    fighter(
                        "Grell",
                        "Thicket",
                        r#"hands: ["Shortbow"], concealed: true"#,
                    ),
                    fighter("Ludo", "Field", ""),
                ],
            ),
        ]
        .join(", "),
    );
    Table::start(&src, &[])
}

#[test]
fn sneaking_ambushers_play_a_bonus_turn_in_which_only_they_act() {
    let mut t = ambush();
    assert_eq!((t.s.round, t.s.phase), (0, Phase::Ambush));
    t.act(Action::ChooseFirst(0), &[]);
    // The Caravan has nobody concealed: it passes on its own; Ludo is not concealed either.
    let (grell, ludo) = (t.c("Grell"), t.c("Ludo"));
    assert!(t.is_legal(&Action::Activate(grell)));
    assert!(!t.is_legal(&Action::Activate(ludo)));
    t.activate("Grell");
    assert!(
        t.text().contains("Grell takes a turn, unseen."),
        "the log gives no hiding place away"
    );
    assert!(!t.text().contains("Grell takes a turn in Thicket"));
    t.act(Action::EndTurn, &[]);
    assert_eq!(t.s.round, 1, "the bonus turn is over");
    assert!(t.is_legal(&Action::ChooseFirst(0)));
    t.act(Action::ChooseFirst(1), &[]);
    assert!(
        t.is_legal(&Action::Activate(grell)),
        "Grell acts again in round 1"
    );
}

#[test]
fn sneaking_concealed_characters_cannot_be_targeted_and_strike_by_surprise_then_are_revealed() {
    let mut t = ambush();
    t.act(Action::ChooseFirst(1), &[]);
    t.activate("Grell");
    let shot = t.strike("Grell", Some("Shortbow"), "Mira");
    t.act(shot, &[]);
    // Surprise: no reaction step; declining the stunt lands the arrow.
    t.act(Action::NoStunt, &[5]);
    assert_eq!(t.health("Mira"), 5);
    assert!(
        !t.s.characters[t.c("Grell")].concealed,
        "attacking revealed Grell"
    );
    assert!(t.text().contains("taken by surprise"));
}

#[test]
fn sneaking_hidden_enemies_are_unknown_and_walking_in_front_of_the_enemy_reveals() {
    let mut t = ambush();
    t.act(Action::ChooseFirst(0), &[]);
    t.activate("Grell");
    t.act(Action::EndTurn, &[]);
    t.act(Action::ChooseFirst(0), &[]);
    t.activate("Mira");
    assert!(
        t.legal().iter().all(
            |a| !matches!(a, Action::Attack(d) if d.target == Target::Character(t.c("Grell")))
        ),
        "the Caravan does not know where Grell is"
    );
    // Mira walks into the Thicket: it has concealment, so Grell stays unseen.
    let thicket = t.z("Thicket");
    t.act(Action::Move(thicket), &[]);
    assert!(t.s.characters[t.c("Grell")].concealed);
    t.act(Action::EndTurn, &[]);
    // Grell steps out onto the road, in front of Osric: revealed.
    t.activate("Grell");
    let road = t.z("Road");
    t.act(Action::Move(road), &[]);
    assert!(!t.s.characters[t.c("Grell")].concealed);
    assert!(t.text().contains("walked right in front of the enemy"));
}

#[test]
fn sneaking_speaking_reveals_and_hiding_needs_cover_from_sight_and_no_enemy_watching() {
    let mut t = ambush();
    t.act(Action::ChooseFirst(1), &[]);
    t.activate("Grell");
    t.act(Action::Speak, &[]);
    assert!(!t.s.characters[t.c("Grell")].concealed);
    assert!(
        t.is_legal(&Action::Hide),
        "the Thicket hides and no enemy is in it"
    );
    t.act(Action::Hide, &[]);
    assert!(t.s.characters[t.c("Grell")].concealed);
    t.act(Action::EndTurn, &[]);
    t.act(Action::ChooseFirst(0), &[]);
    t.activate("Mira");
    t.act(Action::EndTurn, &[]);
    t.activate("Ludo");
    assert!(!t.is_legal(&Action::Hide), "the open field hides nobody");
}

fn blast_table(weapon: &str, zones: &str) -> Table {
    let src = scenario(
        "started_by: Some(\"Reds\"),",
        zones,
        &[
            faction(
                "Reds",
                &[
                    fighter("Ann", "A", &format!(r#"hands: ["{weapon}"]"#)),
                    fighter("Abe", "A", ""),
                ],
            ),
            faction(
                "Blues",
                &[
                    fighter("Bob", "B", r#"armour: Some("Mail")"#),
                    fighter("Cid", "B", ""),
                    fighter("Dan", "C", "fearless: true"),
                ],
            ),
        ]
        .join(", "),
    );
    let mut t = Table::begin(&src, 0);
    t.activate("Ann");
    t
}

fn blast_at(t: &Table, zone: &str) -> Action {
    Action::Attack(AttackDecl {
        attacker: t.c("Ann"),
        weapon: Weapon::Item(
            t.item_of("Ann", &t.s.items[t.s.held(t.c("Ann")).next().unwrap()].name),
        ),
        target: Target::Zone(t.z(zone)),
        mode: AttackMode::Damage { hold_back: false },
    })
}

const ABC: &str = r#"(name: "A", neighbours: ["B"]), (name: "B", neighbours: ["C"]), (name: "C", neighbours: [])"#;

#[test]
fn blast_a_melee_blast_hits_everyone_else_in_the_zone_and_cannot_miss() {
    let mut t = blast_table("Flail", ABC);
    // Move into B: Bob, Cid there. Abe stays behind.
    let b = t.z("B");
    t.act(Action::Move(b), &[]);
    let blast = blast_at(&t, "B");
    // Checked while the main action is still there: only the zone Ann stands in.
    assert!(t.is_legal(&blast));
    assert!(
        !t.is_legal(&blast_at(&t, "A")),
        "a melee blast hits only the attacker's zone"
    );
    // One d6 for the blast (4): Bob's mail takes 2, Cid takes 4. No WIT save.
    t.attack_plain(blast, &[4]);
    assert_eq!(
        (t.health("Bob"), t.health("Cid"), t.health("Ann")),
        (8, 6, 10)
    );
}

#[test]
fn blast_a_ranged_blast_at_the_attackers_own_zone_hits_the_attacker_too() {
    let mut t = blast_table("Fire pots", ABC);
    let blast = blast_at(&t, "A");
    t.attack_plain(blast, &[3]);
    assert_eq!((t.health("Ann"), t.health("Abe")), (7, 7));
}

#[test]
fn blast_a_missed_ranged_blast_deviates_into_a_rolled_neighbouring_zone() {
    let zones = r#"(name: "A", neighbours: ["B"]), (name: "B", neighbours: ["C"]), (name: "C", neighbours: ["D"]), (name: "D", neighbours: [])"#;
    let mut t = blast_table("Fire pots", zones);
    // C is 2 zones away: beyond half of range 2, so a WIT save; 15 fails. C's neighbours are
    // B and D, numbered 1 and 2 on a d2: a 1 lands the blast in B on Bob (mail 2) and Cid.
    let blast = blast_at(&t, "C");
    t.attack_plain(blast, &[15, 1, 4]);
    assert_eq!(
        (t.health("Bob"), t.health("Cid"), t.health("Dan")),
        (8, 6, 10)
    );
    assert!(t.text().contains("deviates into B"));
}

fn stunt_table() -> Table {
    let src = scenario(
        "started_by: Some(\"Reds\"),",
        r#"(name: "A", neighbours: ["B"]), (name: "B", neighbours: []), (name: "Far", neighbours: [])"#,
        &[
            faction("Reds", &[fighter("Ann", "A", r#"hands: ["Sword"]"#)]),
            faction(
                "Blues",
                &[
                    fighter("Bob", "A", r#"hands: ["Spear"]"#),
                    fighter("Dan", "Far", "fearless: true"),
                ],
            ),
        ]
        .join(", "),
    );
    let mut t = Table::begin(&src, 0);
    t.activate("Ann");
    let hit = t.strike("Ann", Some("Sword"), "Bob");
    t.act(hit, &[]);
    t
}

#[test]
fn attack_stunts_an_accepted_stunt_replaces_the_damage_and_allows_no_reaction() {
    let mut t = stunt_table();
    let b = t.z("B");
    let spear = t.item("Spear");
    assert!(t.is_legal(&Action::ProposeStunt(Stunt::Drive(b))));
    assert!(t.is_legal(&Action::ProposeStunt(Stunt::Disarm(spear))));
    assert!(
        !t.is_legal(&Action::ProposeStunt(Stunt::Yield)),
        "Bob is unhurt: the GM refuses a forced surrender"
    );
    t.act(Action::ProposeStunt(Stunt::Drive(b)), &[]);
    t.act(Action::AcceptStunt, &[]);
    assert_eq!(t.zone_of("Bob"), "B");
    assert_eq!(t.health("Bob"), 10);
    assert!(
        !t.s.characters[t.c("Bob")].acted,
        "accepting is not a reaction"
    );
}

#[test]
fn attack_stunts_a_refused_stunt_resolves_the_attack_as_normal() {
    let mut t = stunt_table();
    let spear = t.item("Spear");
    t.act(Action::ProposeStunt(Stunt::Disarm(spear)), &[]);
    t.act(Action::RefuseStunt, &[]);
    assert!(
        t.is_legal(&Action::React(Reaction::Dodge)),
        "the target may react after refusing"
    );
    t.act(Action::React(Reaction::None), &[6]);
    assert_eq!(t.health("Bob"), 4);
    assert_eq!(t.s.items[spear].location, Location::Hand(t.c("Bob")));
}

#[test]
fn attack_stunts_forcing_a_surrender_needs_a_hurt_target() {
    let src = scenario(
        "started_by: Some(\"Reds\"),",
        r#"(name: "A", neighbours: []), (name: "Far", neighbours: [])"#,
        &[
            faction("Reds", &[fighter("Ann", "A", r#"hands: ["Sword"]"#)]),
            faction(
                "Blues",
                &[
                    fighter("Bob", "A", ""),
                    fighter("Dan", "Far", "fearless: true"),
                ],
            ),
        ]
        .join(", "),
    );
    let mut t = Table::begin(&src, 0);
    t.set_health("Bob", 5);
    t.activate("Ann");
    let hit = t.strike("Ann", Some("Sword"), "Bob");
    t.act(hit, &[]);
    t.act(Action::ProposeStunt(Stunt::Yield), &[]);
    t.act(Action::AcceptStunt, &[]);
    assert_eq!(t.status("Bob"), Status::Surrendered);
}

#[test]
fn disarm_a_failed_str_save_drops_the_chosen_weapon() {
    let src = scenario(
        "started_by: Some(\"Reds\"),",
        r#"(name: "A", neighbours: []), (name: "Far", neighbours: [])"#,
        &[
            faction("Reds", &[fighter("Ann", "A", "")]),
            faction(
                "Blues",
                &[
                    fighter("Bob", "A", r#"hands: ["Sword", "Dagger"]"#),
                    fighter("Dan", "Far", "fearless: true"),
                ],
            ),
        ]
        .join(", "),
    );
    let mut t = Table::begin(&src, 0);
    t.activate("Ann");
    let sword = t.item("Sword");
    let d = t.attack_decl("Ann", None, "Bob", AttackMode::Disarm { item: sword });
    // Non-lethal: no stunt offer; Bob declines to react, then saves STR 10 with an 11: fails.
    t.act(Action::Attack(d), &[]);
    t.act(Action::React(Reaction::None), &[11]);
    let a = t.z("A");
    assert_eq!(t.s.items[sword].location, Location::Ground(a));
    assert_eq!(
        t.s.items[t.item("Dagger")].location,
        Location::Hand(t.c("Bob")),
        "only the chosen weapon"
    );

    // A passed save keeps it.
    let mut t2 = Table::begin(&src, 0);
    t2.activate("Ann");
    let sword = t2.item("Sword");
    let d = t2.attack_decl("Ann", None, "Bob", AttackMode::Disarm { item: sword });
    t2.act(Action::Attack(d), &[]);
    t2.act(Action::React(Reaction::None), &[10]);
    assert_eq!(t2.s.items[sword].location, Location::Hand(t2.c("Bob")));
}

/// Ann's turn ends; everyone else passes; the next round begins with faction `first`.
fn next_round(t: &mut Table, first: usize) {
    t.act(Action::EndTurn, &[]);
    t.act(Action::Pass, &[]);
    t.act(Action::Pass, &[]);
    t.act(Action::ChooseFirst(first), &[]);
}

fn grapple_table() -> Table {
    let src = scenario(
        "started_by: Some(\"Reds\"),",
        r#"(name: "A", neighbours: ["B"], hazard: Some((name: "Fire", damage: 6))), (name: "B", neighbours: []), (name: "Far", neighbours: [])"#,
        &[
            faction(
                "Reds",
                &[
                    fighter("Ann", "A", ""),
                    fighter("Abe", "Far", "fearless: true"),
                ],
            ),
            faction(
                "Blues",
                &[
                    fighter("Bob", "A", ""),
                    fighter("Cid", "A", r#"hands: ["Sword"]"#),
                    fighter("Dan", "Far", "fearless: true"),
                ],
            ),
        ]
        .join(", "),
    );
    let mut t = Table::begin(&src, 0);
    t.activate("Ann");
    let g = t.attack_decl("Ann", None, "Bob", AttackMode::Grapple);
    t.act(Action::Attack(g), &[]);
    t.act(Action::React(Reaction::None), &[14]);
    t
}

#[test]
fn grapple_a_failed_str_save_grabs_the_target_who_is_entangled() {
    let mut t = grapple_table();
    let (ann, bob) = (t.c("Ann"), t.c("Bob"));
    assert_eq!(t.s.characters[bob].grabbed_by, Some(ann));
    t.act(Action::EndTurn, &[]);
    t.activate("Bob");
    assert!(
        t.legal().iter().all(|a| !matches!(a, Action::Move(_))),
        "entangled: no moving"
    );
    // Breaking free: a STR save (rules notes reading); 11 fails STR 10, and it spends the
    // main action like an attack.
    t.act(Action::BreakFree, &[11]);
    assert_eq!(t.s.characters[bob].grabbed_by, Some(ann), "still held");
    assert!(!t.is_legal(&Action::BreakFree), "the main action is spent");
}

#[test]
fn grapple_a_grabbed_character_cannot_dodge_an_attack() {
    let mut t = grapple_table();
    // Next round Ann, still holding Bob, strikes him: Bob reacts, but a dodge is not his.
    next_round(&mut t, 0);
    t.activate("Ann");
    let punch = t.strike("Ann", None, "Bob");
    t.act(punch, &[]);
    assert_eq!(
        t.s.attack.as_ref().map(|a| a.step),
        Some(fray::rules::zones::AttackStep::React { slot: 0 }),
        "Bob's reaction is awaited"
    );
    assert!(t.is_legal(&Action::React(Reaction::None)));
    assert!(
        !t.is_legal(&Action::React(Reaction::Dodge)),
        "entangled: no dodging"
    );
    // Ann, moreover, keeps hold: the attack is aimed at the one she holds.
    t.act(Action::React(Reaction::None), &[2, 2]);
    assert_eq!(t.s.characters[t.c("Bob")].grabbed_by, Some(t.c("Ann")));
}

#[test]
fn grapple_the_grabber_moves_together_with_the_grabbed_and_shoves_them_into_a_hazard() {
    let mut t = grapple_table();
    // Ann's main action is spent; next round she drags Bob along and shoves him.
    next_round(&mut t, 0);
    t.activate("Ann");
    let shove = Action::Shove {
        to: Some(t.z("B")),
        into_hazard: true,
    };
    assert!(t.is_legal(&shove));
    // Fire in zone A: d6 shows 4, armour does not help; then he is pushed into B, freed.
    t.act(shove, &[4]);
    assert_eq!(t.health("Bob"), 6);
    assert_eq!(t.zone_of("Bob"), "B");
    assert_eq!(t.s.characters[t.c("Bob")].grabbed_by, None);
    // A shove is a main action: no attack on Cid after it, a bonus action still there.
    assert!(!t.is_legal(&t.strike("Ann", None, "Cid")));
    assert!(t.is_legal(&Action::Speak));
}

#[test]
fn grapple_moving_drags_the_grabbed_along_and_anything_else_lets_go() {
    let mut t = grapple_table();
    let b = t.z("B");
    t.act(Action::Move(b), &[]);
    // Cid could strike at Ann as she leaves; he lets her go.
    t.act(Action::DeclineOpportunity, &[]);
    assert_eq!(
        (t.zone_of("Ann"), t.zone_of("Bob")),
        ("B".into(), "B".into())
    );
    assert!(
        t.s.characters[t.c("Bob")].grabbed_by.is_some(),
        "moving keeps hold"
    );
    t.act(Action::Speak, &[]);
    assert_eq!(
        t.s.characters[t.c("Bob")].grabbed_by,
        None,
        "doing anything else frees him"
    );
}

#[test]
fn grapple_the_grabber_can_hide_behind_the_grabbed_who_has_no_choice() {
    // Next round the Blues go first and Ann, still holding Bob, has her reaction.
    let mut t = ann_holding_bob_is_attacked();
    let bob = t.c("Bob");
    t.act(Action::React(Reaction::HideBehind(bob)), &[7]);
    assert_eq!(
        (t.health("Ann"), t.health("Bob")),
        (10, 3),
        "Cid's 7 lands on his own ally"
    );
    assert_eq!(
        t.s.characters[bob].grabbed_by,
        Some(t.c("Ann")),
        "hiding behind the one held keeps hold"
    );
}

/// Cid strikes at Ann, who holds Bob, in a new round: Ann's reaction is hers to choose.
fn ann_holding_bob_is_attacked() -> Table {
    let mut t = grapple_table();
    next_round(&mut t, 1);
    t.activate("Cid");
    let hit = t.strike("Cid", Some("Sword"), "Ann");
    t.act(hit, &[]);
    t.act(Action::NoStunt, &[]);
    t
}

#[test]
fn grapple_a_grabber_who_dodges_or_counters_someone_else_lets_go() {
    // "Doing anything else automatically frees the grabbed character": reactions too.
    let mut t = ann_holding_bob_is_attacked();
    let bob = t.c("Bob");
    // AGI 10: 12 fails the dodge; Cid's d6 shows 3.
    t.act(Action::React(Reaction::Dodge), &[12, 3]);
    assert_eq!(t.s.characters[bob].grabbed_by, None, "dodging lets go");
    assert!(t.log.iter().any(|l| l == "Bob is no longer held."));

    let mut t = ann_holding_bob_is_attacked();
    let counter = Action::React(Reaction::Counter {
        weapon: Weapon::Unarmed,
        mode: AttackMode::Damage { hold_back: false },
    });
    // Cid's d6 shows 3; bare hands are impaired, two d4 (2, 2).
    t.act(counter, &[3, 2, 2]);
    assert_eq!(
        t.s.characters[bob].grabbed_by, None,
        "a counter at Cid is not aimed at Bob"
    );
}
