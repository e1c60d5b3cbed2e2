//! zones.combat-procedure, zones.initiative, zones.taking-a-turn, zones.bonus-actions,
//! zones.fast-slow, zones.chaos, and the contract (illegal actions, dice errors).

use fray::rules::battle::{DecisionKind, Pending, RuleError, Seat};
use fray::rules::dice::DiceError;
use fray::rules::zones::{Action, AttackMode, Phase, Reaction, Stage};

use crate::harness::*;

fn two_on_one() -> String {
    scenario(
        "started_by: Some(\"Reds\"),",
        AB,
        &[
            faction("Reds", &[fighter("Ann", "A", ""), fighter("Abe", "A", "")]),
            faction("Blues", &[fighter("Bob", "B", "")]),
        ]
        .join(", "),
    )
}

#[test]
fn combat_procedure_factions_alternate_and_the_round_ends_when_all_pass_in_a_row() {
    let mut t = Table::begin(&two_on_one(), 0);
    assert_eq!(t.s.round, 1);
    // Reds pass first: passing does not forfeit the round.
    t.act(Action::Pass, &[]);
    assert_eq!(t.pending().seat(), Some(Seat::Faction(1)));
    t.activate("Bob");
    t.act(Action::EndTurn, &[]);
    // Reds again: Ann acts; Bob already had his turn, so Blues pass on their own.
    t.activate("Ann");
    t.act(Action::EndTurn, &[]);
    assert_eq!(
        t.pending().seat(),
        Some(Seat::Faction(0)),
        "Blues had nobody left and passed"
    );
    // Each character once a round.
    let ann = t.c("Ann");
    t.refuse(Action::Activate(ann), &[]);
    t.activate("Abe");
    t.act(Action::EndTurn, &[]);
    // Blues pass (nobody left), Reds nobody left: everyone passed in a row, round 2 begins.
    assert_eq!(t.s.round, 2);
    assert_eq!(t.s.stage, Stage::Initiative);
    assert!(t.s.characters.iter().all(|c| !c.acted));
}

#[test]
fn combat_procedure_all_factions_passing_consecutively_ends_the_round_even_with_turns_left() {
    let mut t = Table::begin(&two_on_one(), 1);
    t.act(Action::Pass, &[]);
    t.act(Action::Pass, &[]);
    assert_eq!(t.s.round, 2, "two passes in a row end round 1");
}

#[test]
fn initiative_the_faction_that_started_the_fight_chooses_who_acts_first() {
    let mut t = Table::start(&two_on_one(), &[]);
    assert_eq!(
        t.pending(),
        Pending::Decide {
            seat: Seat::Faction(0),
            kind: DecisionKind::Initiative,
            time_limit: None
        }
    );
    t.act(Action::ChooseFirst(1), &[]);
    assert_eq!(
        t.pending().seat(),
        Some(Seat::Faction(1)),
        "Reds let Blues act first"
    );
}

#[test]
fn initiative_is_assigned_at_random_when_nobody_clearly_started_it() {
    let src = two_on_one().replace("started_by: Some(\"Reds\"),", "");
    let t = Table::start(&src, &[2]);
    assert_eq!(
        t.s.initiative, 1,
        "a 2 on the d2 gives it to the second faction"
    );
    assert_eq!(t.pending().seat(), Some(Seat::Faction(1)));
    let t = Table::start(&src, &[1]);
    assert_eq!(t.s.initiative, 0);
}

#[test]
fn taking_a_turn_a_bonus_action_a_main_action_and_a_move_split_around_them() {
    let src = scenario(
        "started_by: Some(\"Reds\"),",
        AB,
        &[
            faction(
                "Reds",
                &[fighter("Ann", "A", r#"hands: ["Sword"], pack: ["Dagger"]"#)],
            ),
            faction("Blues", &[fighter("Bob", "B", "")]),
        ]
        .join(", "),
    );
    let mut t = Table::begin(&src, 0);
    t.activate("Ann");
    let dagger = t.item("Dagger");
    t.act(Action::Equip(dagger), &[]); // bonus
    let b = t.z("B");
    t.act(Action::Move(b), &[]); // movement, between the actions
    let sword_hit = t.strike("Ann", Some("Sword"), "Bob");
    t.attack_plain(sword_hit, &[5]); // main: a d8 showing 5, no armour
    assert_eq!(t.health("Bob"), 5);
    // Bonus, main and move spent: the turn is over and Blues decide.
    assert_eq!(t.pending().seat(), Some(Seat::Faction(1)));
}

#[test]
fn taking_a_turn_two_bonus_actions_leave_no_main_action() {
    let src = scenario(
        "started_by: Some(\"Reds\"),",
        r#"(name: "A", neighbours: [])"#,
        &[
            faction(
                "Reds",
                &[fighter("Ann", "A", r#"hands: ["Sword"], pack: ["Dagger"]"#)],
            ),
            faction("Blues", &[fighter("Bob", "A", "")]),
        ]
        .join(", "),
    );
    let mut t = Table::begin(&src, 0);
    t.activate("Ann");
    let dagger = t.item("Dagger");
    t.act(Action::Equip(dagger), &[]);
    t.act(Action::Speak, &[]);
    let hit = t.strike("Ann", Some("Sword"), "Bob");
    let err = t.refuse(hit, &[4]);
    assert!(matches!(err, RuleError::Illegal(_)));
}

#[test]
fn bonus_actions_swapping_two_items_takes_two_bonus_actions_and_picked_up_items_go_to_a_free_hand()
{
    let src = scenario(
        "started_by: Some(\"Reds\"), ground: [(item: \"Javelin\", zone: \"A\")],",
        AB,
        &[
            faction(
                "Reds",
                &[fighter("Ann", "A", r#"hands: ["Spear"], pack: ["Sword"]"#)],
            ),
            faction("Blues", &[fighter("Bob", "B", "")]),
        ]
        .join(", "),
    );
    let mut t = Table::begin(&src, 0);
    t.activate("Ann");
    let (spear, sword, javelin) = (t.item("Spear"), t.item("Sword"), t.item("Javelin"));
    // Both hands hold the spear: the sword cannot be equipped, nor the javelin held.
    assert!(!t.is_legal(&Action::Equip(sword)));
    t.act(Action::Unequip(spear), &[]);
    t.act(Action::Equip(sword), &[]);
    assert!(
        !t.is_legal(&Action::PickUp(javelin)),
        "two bonus actions are spent"
    );
    use fray::rules::zones::Location;
    let ann = t.c("Ann");
    assert_eq!(t.s.items[sword].location, Location::Hand(ann));
    assert_eq!(t.s.items[spear].location, Location::Pack(ann));

    // With the spear put away both hands are free: the javelin picked up goes into one.
    let mut t = Table::begin(&src, 0);
    t.activate("Ann");
    t.act(Action::Unequip(spear), &[]);
    assert!(t.is_legal(&Action::PickUp(javelin)));
    t.act(Action::PickUp(javelin), &[]);
    assert_eq!(t.s.items[javelin].location, Location::Hand(ann));
}

#[test]
fn bonus_actions_a_healing_draught_restores_the_rolled_health_up_to_the_maximum() {
    let src = scenario(
        "started_by: Some(\"Reds\"),",
        AB,
        &[
            faction(
                "Reds",
                &[fighter(
                    "Ann",
                    "A",
                    r#"pack: ["Healing draught", "Healing draught"]"#,
                )],
            ),
            faction("Blues", &[fighter("Bob", "B", "")]),
        ]
        .join(", "),
    );
    let mut t = Table::begin(&src, 0);
    t.set_health("Ann", 3);
    t.activate("Ann");
    let first = t.item("Healing draught");
    t.act(Action::Use(first), &[4]);
    assert_eq!(t.health("Ann"), 7);
    let second = t.item("Healing draught");
    t.act(Action::Use(second), &[6]);
    assert_eq!(t.health("Ann"), 10, "capped at the maximum of 10");

    // The largest health a character may have (50) and the largest die (d100): no overflow,
    // the same cap.
    let big = scenario(
        "started_by: Some(\"Reds\"), gear: {\"Great draught\": Consumable(Heal(100))},",
        AB,
        &[
            faction(
                "Reds",
                &[r#"(name: "Ann", str: 10, agi: 10, wit: 10, health: 50, zone: "A", pack: ["Great draught"])"#.to_string()],
            ),
            faction("Blues", &[fighter("Bob", "B", "")]),
        ]
        .join(", "),
    );
    let mut t = Table::begin(&big, 0);
    t.set_health("Ann", 45);
    t.activate("Ann");
    let draught = t.item("Great draught");
    t.act(Action::Use(draught), &[100]);
    assert_eq!(t.health("Ann"), 50);
}

#[test]
fn bonus_actions_armour_cannot_be_changed_in_a_fight() {
    let src = scenario(
        "started_by: Some(\"Reds\"), ground: [(item: \"Mail\", zone: \"A\")],",
        AB,
        &[
            faction("Reds", &[fighter("Ann", "A", "")]),
            faction("Blues", &[fighter("Bob", "B", "")]),
        ]
        .join(", "),
    );
    let err = fray::scenario::load_str("case", "case.ron", &src).unwrap_err();
    assert!(
        err.to_string()
            .contains("armour cannot be changed during a fight"),
        "{err}"
    );
    // Worn armour is not an item: no equip, unequip or put-down can name it.
    let src = scenario(
        "started_by: Some(\"Reds\"),",
        AB,
        &[
            faction("Reds", &[fighter("Ann", "A", r#"armour: Some("Mail")"#)]),
            faction("Blues", &[fighter("Bob", "B", "")]),
        ]
        .join(", "),
    );
    let mut t = Table::begin(&src, 0);
    t.activate("Ann");
    assert!(t.s.items.iter().all(|i| i.name != "Mail"));
    assert_eq!(
        t.s.characters[t.c("Ann")].armour.as_ref().map(|a| a.value),
        Some(2)
    );
}

#[test]
fn bonus_actions_interacting_with_a_door_opens_the_way_between_two_zones() {
    let src = scenario(
        "started_by: Some(\"Reds\"), fixtures: [(name: \"Gate\", zone: \"A\", effect: Passage(\"A\", \"C\"), closed: true)],",
        r#"(name: "A", neighbours: ["B", "C"]), (name: "B", neighbours: ["C"]), (name: "C", neighbours: [])"#,
        &[
            faction("Reds", &[fighter("Ann", "A", "")]),
            faction("Blues", &[fighter("Bob", "C", "")]),
        ]
        .join(", "),
    );
    let mut t = Table::begin(&src, 0);
    t.activate("Ann");
    let c = t.z("C");
    assert!(!t.is_legal(&Action::Move(c)));
    t.act(Action::Interact(0), &[]);
    assert!(t.is_legal(&Action::Move(c)), "the gate is open");
    t.act(Action::Move(c), &[]);
    assert_eq!(t.zone_of("Ann"), "C");
}

fn bandits_example() -> String {
    scenario(
        "options: (fast_slow: true), started_by: Some(\"Players\"),",
        r#"(name: "Inn", neighbours: [])"#,
        &[
            faction(
                "Players",
                &[
                    r#"(name: "Balthasar", str: 10, agi: 10, wit: 12, health: 10, zone: "Inn")"#.into(),
                    r#"(name: "Sybilla", str: 10, agi: 10, wit: 6, health: 10, zone: "Inn")"#.into(),
                    r#"(name: "Theobald", str: 10, agi: 10, wit: 9, health: 10, zone: "Inn", hands: ["Sword"])"#.into(),
                ],
            ),
            faction(
                "Bandits",
                &[
                    r#"(name: "First bandit", str: 10, agi: 10, wit: 8, health: 10, zone: "Inn")"#.into(),
                    r#"(name: "Second bandit", str: 10, agi: 10, wit: 8, health: 10, zone: "Inn")"#.into(),
                    r#"(name: "Leader", str: 10, agi: 10, wit: 10, health: 10, zone: "Inn")"#.into(),
                ],
            ),
        ]
        .join(", "),
    )
}

#[test]
fn fast_slow_the_rulebook_example_plays_out_as_written() {
    // The GM rolls 9 for the fast action threshold.
    let mut t = Table::start(&bandits_example(), &[9]);
    assert_eq!(t.s.phase, Phase::Fast { threshold: 9 });
    t.act(Action::ChooseFirst(0), &[]);
    let can = |t: &Table, n: &str| t.is_legal(&Action::Activate(t.c(n)));
    assert!(can(&t, "Balthasar") && can(&t, "Theobald"));
    assert!(!can(&t, "Sybilla"), "WIT 6 is below 9");
    t.activate("Theobald");
    let hit = t.strike("Theobald", Some("Sword"), "First bandit");
    t.act(hit, &[]);
    if t.is_legal(&Action::NoStunt) {
        t.act(Action::NoStunt, &[]);
    }
    // The bandit dodges though WIT 8 could not act in this phase: AGI save 5 ≤ 10 passes.
    assert!(t.is_legal(&Action::React(Reaction::Dodge)));
    t.act(Action::React(Reaction::Dodge), &[5]);
    assert_eq!(t.health("First bandit"), 10, "the attack missed");
    t.act(Action::EndTurn, &[]);
    assert!(!can(&t, "First bandit") && !can(&t, "Second bandit"));
    t.activate("Leader");
    t.act(Action::EndTurn, &[]);
    // Balthasar could act, but the Players pass; the Bandits have nobody fast left.
    t.act(Action::Pass, &[]);
    assert_eq!(t.s.phase, Phase::Slow);
    assert_eq!(
        t.pending().seat(),
        Some(Seat::Faction(0)),
        "the Players start again"
    );
    assert!(can(&t, "Balthasar") && can(&t, "Sybilla") && !can(&t, "Theobald"));
    t.activate("Sybilla");
    t.act(Action::EndTurn, &[]);
    assert!(
        !can(&t, "First bandit"),
        "the bandit who dodged spent his turn"
    );
    t.activate("Second bandit");
    t.act(Action::EndTurn, &[]);
    t.activate("Balthasar");
    // Everyone has acted; the round ends and round 2's threshold is rolled.
    t.act(Action::EndTurn, &[14]);
    assert_eq!(t.s.round, 2);
    assert_eq!(t.s.phase, Phase::Fast { threshold: 14 });
}

#[test]
fn chaos_of_combat_the_turn_carries_a_declaration_limit_and_a_timeout_wastes_it() {
    let src = two_on_one().replace(
        "started_by",
        "options: (chaos_seconds: Some(15)), started_by",
    );
    let mut t = Table::begin(&src, 0);
    t.activate("Ann");
    match t.pending() {
        Pending::Decide {
            time_limit, kind, ..
        } => {
            assert_eq!(time_limit, Some(15));
            assert_eq!(kind, DecisionKind::Turn);
        }
        other => panic!("{other:?}"),
    }
    assert!(!t.is_legal(&Action::TimedOut), "timing out is not a choice");
    t.act(Action::TimedOut, &[]);
    assert_eq!(
        t.pending().seat(),
        Some(Seat::Faction(1)),
        "Ann's turn is lost"
    );
    assert!(t.s.characters[t.c("Ann")].acted);
    // Without the option there is no clock.
    let mut t = Table::begin(&two_on_one(), 0);
    t.activate("Ann");
    t.refuse(Action::TimedOut, &[]);
}

#[test]
fn contract_dice_that_run_out_are_an_error_and_leave_the_battle_untouched() {
    let src = scenario(
        "started_by: Some(\"Reds\"),",
        r#"(name: "A", neighbours: [])"#,
        &[
            faction("Reds", &[fighter("Ann", "A", "")]),
            faction("Blues", &[fighter("Bob", "A", "")]),
        ]
        .join(", "),
    );
    let mut t = Table::begin(&src, 0);
    t.activate("Ann");
    let bob = t.c("Bob");
    t.s.characters[bob].acted = true; // Bob cannot react
    let hit = t.strike("Ann", None, "Bob");
    t.act(hit, &[]);
    // The stunt step: refusing a stunt resolves the attack, which needs two d4s.
    let err = t.refuse(Action::NoStunt, &[3]);
    assert!(
        matches!(err, RuleError::Dice(DiceError::Exhausted { .. })),
        "{err}"
    );
    let err = t.refuse(Action::NoStunt, &[3, 9]);
    assert!(
        matches!(err, RuleError::Dice(DiceError::OutOfRange { value: 9, .. })),
        "{err}"
    );
    t.act(Action::NoStunt, &[3, 2]);
    assert_eq!(
        t.health("Bob"),
        8,
        "bare hands: d4 impaired, 3 and 2 keep 2"
    );
}

#[test]
fn zones_and_ranges_neighbours_are_mutual_and_nearby_means_the_same_zone() {
    // The map lists the path only from A to B; B to A is the same border.
    let src = scenario(
        "started_by: Some(\"Reds\"),",
        AB,
        &[
            faction("Reds", &[fighter("Ann", "B", "")]),
            faction("Blues", &[fighter("Bob", "A", "")]),
        ]
        .join(", "),
    );
    let mut t = Table::begin(&src, 0);
    t.activate("Ann");
    let a = t.z("A");
    assert!(t.is_legal(&Action::Move(a)));
    assert!(
        !t.is_legal(&t.strike("Ann", None, "Bob")),
        "Bob is a zone away: not nearby"
    );
    t.act(Action::Move(a), &[]);
    assert!(
        t.is_legal(&t.strike("Ann", None, "Bob")),
        "now in the same zone: nearby"
    );
}

#[test]
fn main_actions_hiding_shoving_and_breaking_free_spend_the_main_action_like_an_attack() {
    let src = scenario(
        "started_by: Some(\"Reds\"),",
        r#"(name: "A", neighbours: ["B"]), (name: "B", neighbours: [], concealment: true)"#,
        &[
            faction("Reds", &[fighter("Ann", "B", "")]),
            faction("Blues", &[fighter("Bob", "A", "")]),
        ]
        .join(", "),
    );
    let mut t = Table::begin(&src, 0);
    t.activate("Ann");
    assert!(t.is_legal(&Action::Hide));
    t.act(Action::Hide, &[]);
    let a = t.z("A");
    t.act(Action::Move(a), &[]);
    // The main action is spent: no attack; a bonus action is still there.
    assert!(!t.is_legal(&t.strike("Ann", None, "Bob")));
    assert!(t.is_legal(&Action::Speak));

    // Shoving and breaking free: Ann grabs Bob (Bob's STR save, 14, fails); next round she
    // shoves him into B, and that is her main action; grabbed again the round after, Bob
    // breaks free on his own turn (STR save 3), and that is his.
    let src = scenario(
        "started_by: Some(\"Reds\"),",
        AB,
        &[
            faction("Reds", &[fighter("Ann", "A", "")]),
            faction("Blues", &[fighter("Bob", "A", "")]),
        ]
        .join(", "),
    );
    let mut t = Table::begin(&src, 0);
    let (ann, bob, b) = (t.c("Ann"), t.c("Bob"), t.z("B"));
    let grab = |t: &mut Table| {
        t.activate("Ann");
        let g = t.attack_decl("Ann", None, "Bob", AttackMode::Grapple);
        t.act(Action::Attack(g), &[]);
        t.act(Action::React(Reaction::None), &[14]);
        assert_eq!(t.s.characters[bob].grabbed_by, Some(ann));
    };
    let next_round = |t: &mut Table| {
        // Bob passes; Ann has had her turn, so the round ends.
        t.act(Action::EndTurn, &[]);
        t.act(Action::Pass, &[]);
        t.act(Action::ChooseFirst(0), &[]);
    };
    grab(&mut t);
    next_round(&mut t);
    t.activate("Ann");
    t.act(
        Action::Shove {
            to: Some(b),
            into_hazard: false,
        },
        &[],
    );
    assert_eq!(
        (t.zone_of("Bob"), t.s.characters[bob].grabbed_by),
        ("B".into(), None)
    );
    assert!(
        !t.legal().iter().any(|a| matches!(a, Action::Attack(_))),
        "the shove was Ann's main action"
    );
    let mut t = Table::begin(&src, 0);
    grab(&mut t);
    t.act(Action::EndTurn, &[]);
    t.activate("Bob");
    t.act(Action::BreakFree, &[3]);
    assert_eq!(t.s.characters[bob].grabbed_by, None);
    assert!(
        !t.legal().iter().any(|a| matches!(a, Action::Attack(_))),
        "breaking free was Bob's main action"
    );
    assert!(
        t.is_legal(&Action::Move(t.z("B"))),
        "free, he may still move"
    );
}

#[test]
fn gear_the_standard_catalogue_gives_each_weapon_its_die_and_reach() {
    use fray::rules::dice::Die;
    use fray::rules::zones::WeaponKind;
    use fray::scenario::zones::{GearDef, standard_gear};
    let g = standard_gear();
    let weapon = |n: &str| match &g[n] {
        GearDef::Weapon(w) | GearDef::Improvised(w) => w.clone(),
        other => panic!("{n}: {other:?}"),
    };
    assert_eq!(weapon("Sword").damage, Die::D8);
    assert_eq!(
        (weapon("Longbow").kind, weapon("Longbow").range),
        (WeaponKind::Ranged, 6)
    );
    assert!(weapon("Crossbow").penetrating);
    assert!(weapon("Mortar").blast && weapon("Mortar").kind == WeaponKind::Indirect);
    assert!(matches!(g["Chair"], GearDef::Improvised(_)));
    assert_eq!(g["Mail"], GearDef::Armour(2));
}
