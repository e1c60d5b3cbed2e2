//! Three actions: teams.attacks, teams.attack-damage, teams.critical, teams.stray-shots,
//! teams.multiple-attacks, teams.sneak-flank, teams.size, teams.tests, teams.advantage,
//! teams.damage-types, teams.distances, and the exact odds.

use crate::covers;
use fray::rules::battle::Ruleset;
use fray::rules::dice::{DiceError, DiceSource, Die};
use fray::rules::teams::{
    Action, AttackProfile, CharacterSetup, DamageType, EventKind, Item, Stats, Teams, WeaponDef,
    WeaponRef, attack_odds, odds,
};
use fray::words::{InEnglish, Said};

use crate::teams_setups::*;

/// Boudica and an enemy with evasion 6 and physical deflection 8 next to her.
fn boudica_and_armoured_enemy() -> Table {
    let setup = duel(
        6,
        3,
        vec![
            CharacterSetup::new("Boudica", 0, at(1, 1))
                .stats(boudica_stats())
                .hold(spear()),
            CharacterSetup::new("Enemy", 1, at(2, 1)).stats(Stats {
                evasion: 6,
                deflection: 8,
                endurance: 20,
                ..Stats::default()
            }),
        ],
    );
    let mut t = Table::new(&setup);
    t.activate("Boudica");
    t
}

#[test]
fn boudicas_spear_just_hits_and_deflection_leaves_two_damage() {
    covers(&["teams.attacks", "teams.attack-damage"]);
    // teams.attacks: strength d6 + combat d6 + martial +1 = 2 + 3 + 1 = 6 against evasion 6.
    // teams.attack-damage: 6 + 4 piercing = 10, less deflection 8 = 2.
    let mut t = boudica_and_armoured_enemy();
    let a = t.attack("Boudica", Some("spear"), "Enemy");
    let mut events = t.act(a, &[2, 3, 10]);
    events.extend(t.decline());
    let test = events
        .iter()
        .find(|e| matches!(e.kind, EventKind::Hit { .. }))
        .and_then(|e| e.explanation.clone())
        .expect("the hit is explained");
    assert_eq!(test.total, 6);
    assert_eq!(test.rule, "teams.attacks");
    assert_eq!(
        test.dice
            .iter()
            .map(|d| (d.die, d.value))
            .collect::<Vec<_>>(),
        vec![(Die::D6, 2), (Die::D6, 3), (Die::D20, 10)]
    );
    // Her luck is 0: the proficiency is the only modifier, nothing said of the luck roll.
    assert_eq!(
        test.modifiers
            .iter()
            .map(|m| (m.value, m.cause.said().leak() as &str))
            .collect::<Vec<_>>(),
        vec![(1, "martial proficiency")]
    );
    assert!(test.against.said().starts_with("evasion 6"));
    let dmg = explained(&events, "teams.attack-damage");
    assert_eq!(dmg.total, 2);
    assert!(
        dmg.modifiers
            .iter()
            .any(|m| m.value == 4 && m.cause.said().contains("piercing"))
    );
    assert!(
        dmg.modifiers
            .iter()
            .any(|m| m.value == -8 && m.cause.said() == "deflection")
    );
    assert_eq!(t.ch("Enemy").endurance, 18);
}

#[test]
fn one_short_of_evasion_misses() {
    covers(&["teams.attacks"]);
    // teams.attacks: 1 + 3 + 1 = 5 against evasion 6.
    let mut t = boudica_and_armoured_enemy();
    let a = t.attack("Boudica", Some("spear"), "Enemy");
    let events = t.act(a, &[1, 3, 10]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Missed { .. }))
    );
    assert_eq!(t.ch("Enemy").endurance, 20);
}

#[test]
fn a_luck_roll_at_the_critical_threshold_uses_critical_damage() {
    covers(&["teams.critical"]);
    // teams.critical: luck 19 with a threshold of 19+: 6 + 8 = 14, less 8 = 6.
    let mut t = boudica_and_armoured_enemy();
    let a = t.attack("Boudica", Some("spear"), "Enemy");
    let mut events = t.act(a, &[2, 3, 19]);
    events.extend(t.decline());
    assert!(
        events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Hit { critical: true, .. }))
    );
    let dmg = events
        .iter()
        .filter_map(|e| e.explanation.as_ref())
        .find(|x| x.what.said().contains("damage"))
        .unwrap();
    assert_eq!(dmg.rule, "teams.critical");
    assert_eq!(dmg.total, 6);
    assert_eq!(t.ch("Enemy").endurance, 14);
}

#[test]
fn a_critical_hit_cannot_miss() {
    covers(&["teams.critical", "teams.dodge"]);
    // teams.critical: 1 + 1 + 1 = 3 would miss evasion 6, but luck 20 ≥ 19. A critical hit
    // cannot be dodged either (teams.dodge).
    let mut t = boudica_and_armoured_enemy();
    let a = t.attack("Boudica", Some("spear"), "Enemy");
    let events = t.act(a, &[1, 1, 20]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Hit { critical: true, .. }))
    );
    assert!(!t.is_legal(&Action::Dodge));
    t.decline();
    // 3 + 8 - 8 = 3.
    assert_eq!(t.ch("Enemy").endurance, 17);
}

#[test]
fn luck_adds_to_the_luck_roll_and_can_make_a_critical_hit() {
    covers(&["teams.critical", "teams.tests"]);
    // teams.critical: Boudica with luck +1: the luck die's 18 is a luck roll of 19, her spear's
    // threshold: a critical hit, though 1 + 1 + 1 = 3 is short of evasion 6. 3 + 8 - 8 = 3.
    let setup = duel(
        6,
        3,
        vec![
            CharacterSetup::new("Boudica", 0, at(1, 1))
                .stats(Stats {
                    luck: 1,
                    ..boudica_stats()
                })
                .hold(spear()),
            CharacterSetup::new("Enemy", 1, at(2, 1)).stats(Stats {
                evasion: 6,
                deflection: 8,
                endurance: 20,
                ..Stats::default()
            }),
        ],
    );
    let mut t = Table::new(&setup);
    t.activate("Boudica");
    let a = t.attack("Boudica", Some("spear"), "Enemy");
    let events = t.act(a, &[1, 1, 18]);
    let hit = events
        .iter()
        .find(|e| matches!(e.kind, EventKind::Hit { critical: true, .. }))
        .and_then(|e| e.explanation.clone())
        .expect("a critical hit");
    assert!(
        hit.modifiers
            .iter()
            .any(|m| m.cause.said() == "+1 to the luck roll")
    );
    assert!(
        hit.outcome.said().contains("luck roll 19"),
        "{}",
        hit.outcome.said()
    );
    t.decline();
    assert_eq!(t.ch("Enemy").endurance, 17);
}

#[test]
fn an_ordinary_test_gains_four_on_a_luck_roll_of_twenty_but_an_attack_does_not() {
    covers(&["teams.tests", "teams.critical"]);
    // teams.tests, teams.critical: with a critical threshold of 21, a luck roll of 20 neither
    // crits nor adds 4 to an attack: 1 + 1 = 2 misses.
    let mut setup = duel(
        6,
        3,
        vec![
            CharacterSetup::new("Boudica", 0, at(1, 1))
                .stats(boudica_stats())
                .hold(
                    Item::new("pike")
                        .with_weapon(WeaponDef::melee(4, 8, DamageType::Piercing).critical(21)),
                ),
            CharacterSetup::new("Enemy", 1, at(2, 1)),
        ],
    );
    setup.round_limit = 3;
    let mut t = Table::new(&setup);
    t.activate("Boudica");
    let a = t.attack("Boudica", Some("pike"), "Enemy");
    let events = t.act(a, &[1, 1, 20]);
    let e = events.iter().find_map(|e| e.explanation.clone()).unwrap();
    assert_eq!(e.total, 2, "no +4 on an attack");
    assert!(
        !e.modifiers.iter().any(|m| m.value == 4),
        "no +4 in the breakdown either: {:?}",
        e.modifiers
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Missed { .. }))
    );
}

/// Agnessa, shortbow in hand at (0, 2), about to shoot at "Enemy" among `others`.
fn agnessa_shooting_among(others: Vec<CharacterSetup>) -> Table {
    let mut all = vec![CharacterSetup::new("Agnessa", 0, at(0, 2)).hold(shortbow())];
    all.extend(others);
    let mut t = Table::new(&duel(12, 5, all));
    t.activate("Agnessa");
    t
}

/// Agnessa shoots at an enemy standing next to her ally.
fn agnessa_shoots() -> Table {
    agnessa_shooting_among(vec![
        CharacterSetup::new("Ally", 0, at(8, 2)),
        CharacterSetup::new("Enemy", 1, at(9, 2)),
    ])
}

/// Agnessa's arrow strays (luck 1) with her ally and the enemy's friend both near the target;
/// the friend could intercept (teams.intercept) and the foes let the arrow come; the d2 that
/// picks where it flies shows `d2`.
fn stray_between_ally_and_friend(d2: u8) -> (Table, Vec<fray::rules::teams::TeamsEvent>) {
    let mut setup = duel(
        12,
        5,
        vec![
            CharacterSetup::new("Agnessa", 0, at(0, 2)).hold(shortbow()),
            CharacterSetup::new("Ally", 0, at(8, 2)),
            CharacterSetup::new("Enemy", 1, at(9, 2)),
            CharacterSetup::new("Friend", 1, at(10, 2)),
        ],
    );
    setup.round_limit = 5;
    let mut t = Table::new(&setup);
    t.activate("Agnessa");
    let a = t.attack("Agnessa", Some("shortbow"), "Enemy");
    t.act(a, &[]);
    let events = t.act(Action::NoIntercept, &[4, 3, 1, d2]);
    (t, events)
}

#[test]
fn a_luck_roll_of_one_sends_agnessas_arrow_at_her_ally() {
    covers(&["teams.stray-shots"]);
    // teams.stray-shots: luck 1 and only her ally within 1 m of the target: no die to pick
    // who. The attack goes on against the ally: 4 + 3 = 7 against evasion 6 hits for
    // 7 + 3 = 10.
    let mut t = agnessa_shoots();
    let a = t.attack("Agnessa", Some("shortbow"), "Enemy");
    let mut events = t.act(a, &[4, 3, 1]);
    let ally = t.c("Ally");
    assert!(events.iter().any(|e| matches!(
        e.kind,
        EventKind::Retargeted { to, .. } if to == ally
    )));
    // The ally's team decides the ally's defence.
    assert_eq!(
        t.pending(),
        fray::rules::battle::Pending::Decide {
            seat: fray::rules::battle::Seat::Faction(0),
            kind: fray::rules::battle::DecisionKind::Reaction,
            time_limit: None
        }
    );
    events.extend(t.decline());
    assert_eq!(t.ch("Ally").endurance, 0);
    assert_eq!(t.ch("Ally").health, 10);
    assert_eq!(t.ch("Enemy").endurance, 10);
}

#[test]
fn a_stray_shot_among_several_rolls_a_die_to_pick_its_target() {
    covers(&["teams.stray-shots", "teams.intercept"]);
    // teams.stray-shots: two characters near the target: a d2 picks the second.
    // The enemy's own friend stands by it too.
    let (t, events) = stray_between_ally_and_friend(2);
    let friend = t.c("Friend");
    assert!(events.iter().any(|e| matches!(
        e.kind,
        EventKind::Retargeted { to, .. } if to == friend
    )));
    let pick = explained(&events, "teams.stray-shots");
    assert_eq!(pick.dice.len(), 1);
    assert_eq!(pick.dice[0].die, Die::new(2));
}

#[test]
fn a_stray_shot_rolling_one_flies_at_the_first_character_numbered() {
    covers(&["teams.stray-shots"]);
    // teams.stray-shots: the ally and the enemy's friend are near the target, numbered in that
    // order (1 = Ally, 2 = Friend); the d2 shows 1: the arrow flies at the ally.
    let (t, events) = stray_between_ally_and_friend(1);
    let ally = t.c("Ally");
    assert!(events.iter().any(|e| matches!(
        e.kind,
        EventKind::Retargeted { to, .. } if to == ally
    )));
    let pick = explained(&events, "teams.stray-shots");
    assert_eq!(
        pick.against.as_ref().map(|a| a.english(&t.s)).as_deref(),
        Some("1=Ally, 2=Friend")
    );
    assert_eq!(pick.outcome.english(&t.s), "flies at Ally");
}

#[test]
fn a_melee_blow_with_a_luck_roll_of_one_does_not_stray() {
    covers(&["teams.stray-shots"]);
    // teams.stray-shots: only a thrown weapon or a projectile can fly at someone else. Boudica's
    // spear thrust with a luck roll of 1, a bystander next to the enemy: 2 + 3 + 1 = 6 against
    // evasion 6 still hits the enemy, 6 + 4 - 8 = 2.
    let setup = duel(
        6,
        3,
        vec![
            CharacterSetup::new("Boudica", 0, at(1, 1))
                .stats(boudica_stats())
                .hold(spear()),
            CharacterSetup::new("Enemy", 1, at(2, 1)).stats(Stats {
                evasion: 6,
                deflection: 8,
                endurance: 20,
                ..Stats::default()
            }),
            CharacterSetup::new("Bystander", 1, at(3, 1)).stats(Stats {
                evasion: 6,
                deflection: 8,
                endurance: 20,
                ..Stats::default()
            }),
        ],
    );
    let mut t = Table::new(&setup);
    t.activate("Boudica");
    let a = t.attack("Boudica", Some("spear"), "Enemy");
    t.act(a, &[]);
    // The bystander could intercept; the foes let the thrust come.
    let mut events = t.act(Action::NoIntercept, &[2, 3, 1]);
    events.extend(t.decline());
    assert!(
        !events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Retargeted { .. }))
    );
    assert_eq!(t.ch("Enemy").endurance, 18);
    assert_eq!(t.ch("Bystander").endurance, 20);
}

#[test]
fn a_dagger_stabbed_not_thrown_does_not_stray() {
    covers(&["teams.stray-shots"]);
    // teams.stray-shots: a dagger can be thrown, but stabbed it is not: a luck roll of 1 with a
    // bystander next to the enemy, 3 + 3 = 6 against evasion 6 hits the enemy for 6 + 2 = 8.
    let setup = duel(
        6,
        3,
        vec![
            CharacterSetup::new("Fabian", 0, at(1, 1)).hold(dagger()),
            CharacterSetup::new("Enemy", 1, at(2, 1)),
            CharacterSetup::new("Bystander", 1, at(3, 1)),
        ],
    );
    let mut t = Table::new(&setup);
    t.activate("Fabian");
    let a = t.attack("Fabian", Some("dagger"), "Enemy");
    t.act(a, &[]);
    let mut events = t.act(Action::NoIntercept, &[3, 3, 1]);
    events.extend(t.decline());
    assert!(t.text().contains("Fabian attacks Enemy with dagger."));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Retargeted { .. }))
    );
    assert_eq!(t.ch("Enemy").endurance, 2);
    assert_eq!(t.ch("Bystander").endurance, 10);
}

/// Boudica's spear against an enemy of this evasion and deflection.
fn boudica_against(evasion: u8, deflection: u8) -> Table {
    let setup = duel(
        6,
        3,
        vec![
            CharacterSetup::new("Boudica", 0, at(1, 1))
                .stats(boudica_stats())
                .hold(spear()),
            CharacterSetup::new("Enemy", 1, at(2, 1)).stats(Stats {
                evasion,
                deflection,
                endurance: 20,
                ..Stats::default()
            }),
        ],
    );
    let mut t = Table::new(&setup);
    t.activate("Boudica");
    t
}

/// The values of an explanation's modifiers, in order.
fn values(e: &fray::rules::explain::Explanation) -> Vec<i32> {
    e.modifiers.iter().map(|m| m.value).collect()
}

#[test]
fn deflection_that_leaves_exactly_one_needs_no_minimum() {
    covers(&["teams.attack-damage"]);
    // teams.attack-damage: 1 + 1 + 1 = 3 hits evasion 2; 3 + 4 = 7 less deflection 6 is 1,
    // already the minimum: the breakdown is the test, the spear and the deflection, nothing
    // added.
    let mut t = boudica_against(2, 6);
    let a = t.attack("Boudica", Some("spear"), "Enemy");
    let mut events = t.act(a, &[1, 1, 10]);
    events.extend(t.decline());
    let dmg = explained(&events, "teams.attack-damage");
    assert_eq!(dmg.total, 1);
    assert_eq!(values(dmg), vec![3, 4, -6]);
    assert_eq!(t.ch("Enemy").endurance, 19);
}

#[test]
fn deflection_beyond_the_damage_still_leaves_one() {
    covers(&["teams.attack-damage"]);
    // teams.attack-damage: 3 + 4 = 7 less deflection 10 is -3; "to a minimum of 1": 4 is
    // added back, and the breakdown adds up to the 1 dealt.
    let mut t = boudica_against(2, 10);
    let a = t.attack("Boudica", Some("spear"), "Enemy");
    let mut events = t.act(a, &[1, 1, 10]);
    events.extend(t.decline());
    let dmg = explained(&events, "teams.attack-damage");
    assert_eq!(dmg.total, 1);
    assert_eq!(values(dmg), vec![3, 4, -10, 4]);
    assert_eq!(dmg.modifiers[3].cause.said(), "at least 1");
    assert_eq!(t.ch("Enemy").endurance, 19);
}

#[test]
fn agnessas_second_attack_this_round_takes_two_off() {
    covers(&["teams.multiple-attacks", "teams.attacks"]);
    // teams.multiple-attacks: 2 + 3 = 5, -2 for one earlier attack: 3 misses evasion 6.
    let mut t = agnessa_shoots();
    let a = t.attack("Agnessa", Some("shortbow"), "Enemy");
    t.act(a, &[1, 1, 10]);
    let events = t.act(a, &[2, 3, 10]);
    let e = missed(&events);
    assert_eq!(e.total, 3);
    assert_eq!(e.rule, "teams.multiple-attacks");
    assert!(e.modifiers.iter().any(|m| m.value == -2
        && m.cause.said() == "multiple attack penalty (1 earlier attack this round)"));
    // A third attack takes 4 off.
    let events = t.act(a, &[6, 6, 10]);
    let e = events.iter().find_map(|e| e.explanation.clone()).unwrap();
    assert_eq!(e.total, 8);
    assert!(e.modifiers.iter().any(|m| m.value == -4
        && m.cause.said() == "multiple attack penalty (2 earlier attacks this round)"));
    // "Attacks get a -2 penalty for each attack made before it during the same round": the
    // enemy takes the hit, the enemy and the ally take their turns, and round 2 starts clean:
    // 2 + 3 = 5, no penalty.
    t.decline();
    t.act(Action::EndTurn, &[]);
    t.activate("Enemy");
    t.act(Action::EndTurn, &[]);
    t.activate("Ally");
    t.act(Action::EndTurn, &[]);
    assert_eq!(t.s.round, 2);
    t.activate("Agnessa");
    let events = t.act(a, &[2, 3, 10]);
    let e = missed(&events);
    assert_eq!(e.total, 5);
    assert_eq!(e.rule, "teams.attacks");
    assert!(
        !e.modifiers.iter().any(|m| m.value < 0),
        "{:?}",
        e.modifiers
    );
}

#[test]
fn shooting_at_a_flanked_enemy_has_advantage() {
    covers(&["teams.sneak-flank"]);
    // teams.sneak-flank: two of Agnessa's allies on opposite sides of the enemy; she is not
    // one of them. Two rolls: (1, 1) and (4, 4); the better, 8, is kept.
    let setup = duel(
        12,
        5,
        vec![
            CharacterSetup::new("Agnessa", 0, at(0, 2)).hold(shortbow()),
            CharacterSetup::new("Left", 0, at(8, 2)),
            CharacterSetup::new("Right", 0, at(10, 2)),
            CharacterSetup::new("Enemy", 1, at(9, 2)),
        ],
    );
    let mut t = Table::new(&setup);
    t.activate("Agnessa");
    let a = t.attack("Agnessa", Some("shortbow"), "Enemy");
    let events = t.act(a, &[1, 1, 5, 4, 4, 6]);
    let e = events
        .iter()
        .find(|e| matches!(e.kind, EventKind::Hit { .. }))
        .and_then(|e| e.explanation.clone())
        .expect("a hit");
    assert_eq!(e.total, 8);
    assert_eq!(e.rule, "teams.sneak-flank");
    assert_eq!(
        e.dropped.len(),
        3,
        "the lower roll's three dice are dropped"
    );
    assert!(
        e.modifiers
            .iter()
            .any(|m| m.cause.said() == "advantage (flanking): 2 rolls, the highest kept"),
        "nothing cancelled, nothing said of cancelling: {:?}",
        e.modifiers
    );
}

/// Agnessa shoots at an enemy her two allies flank (advantage, teams.sneak-flank).
fn agnessa_shoots_at_a_flanked_enemy() -> Table {
    agnessa_shooting_among(vec![
        CharacterSetup::new("Left", 0, at(8, 2)),
        CharacterSetup::new("Right", 0, at(10, 2)),
        CharacterSetup::new("Enemy", 1, at(9, 2)),
    ])
}

#[test]
fn with_advantage_two_equal_rolls_keep_the_first() {
    covers(&["teams.advantage"]);
    // teams.advantage: (2, 3) and (3, 2), both with a luck roll of 5, are 5 each: neither is
    // higher, and the first stays kept. 5 misses evasion 6.
    let mut t = agnessa_shoots_at_a_flanked_enemy();
    let a = t.attack("Agnessa", Some("shortbow"), "Enemy");
    let events = t.act(a, &[2, 3, 5, 3, 2, 5]);
    let e = missed(&events);
    assert_eq!(e.total, 5);
    assert_eq!(
        e.dice.iter().map(|d| d.value).collect::<Vec<_>>(),
        vec![2, 3, 5]
    );
    assert_eq!(
        e.dropped.iter().map(|d| d.value).collect::<Vec<_>>(),
        vec![3, 2, 5]
    );
}

/// Dice that hand out these values and keep what each roll was asked for.
struct Told {
    values: Vec<u8>,
    asked: Vec<fray::rules::Line>,
}

impl DiceSource for Told {
    fn roll(&mut self, _die: Die, why: &fray::rules::Line) -> Result<u8, DiceError> {
        self.asked.push(why.clone());
        Ok(self.values.remove(0))
    }
}

#[test]
fn a_second_roll_with_advantage_is_named_the_second() {
    covers(&["teams.advantage"]);
    // teams.advantage: the first roll's dice are asked for plainly, the second's as roll 2, so a
    // table rolling its own dice knows which is which.
    let mut t = agnessa_shoots_at_a_flanked_enemy();
    let a = t.attack("Agnessa", Some("shortbow"), "Enemy");
    let mut dice = Told {
        values: vec![1, 1, 5, 4, 4, 6],
        asked: Vec::new(),
    };
    Teams::apply(&mut t.s, &a, &mut dice).unwrap();
    let what = "Agnessa's attack on Enemy with shortbow";
    let asked: Vec<String> = dice.asked.iter().map(|why| why.english(&t.s)).collect();
    assert_eq!(
        asked,
        vec![
            format!("{what}: dexterity die"),
            format!("{what}: combat die"),
            format!("{what}: luck die"),
            format!("{what}: dexterity die (roll 2)"),
            format!("{what}: combat die (roll 2)"),
            format!("{what}: luck die (roll 2)"),
        ]
    );
}

#[test]
fn fabian_sneaking_up_has_advantage_and_his_size_shifts_evasion_and_deflection() {
    covers(&["teams.sneak-flank", "teams.size", "teams.attack-damage"]);
    // teams.sneak-flank and teams.size: Fabian (size 4) is unseen; the goblin (size 3) has
    // evasion 6 and deflection 2, which Fabian treats as 7 and 1. Rolls (2, 4) and (3, 4):
    // 7 kept, a hit; damage 7 + 2 = 9, less 1 = 8.
    let setup = duel(
        6,
        3,
        vec![
            CharacterSetup::new("Fabian", 0, at(1, 1))
                .hold(dagger())
                .unseen(),
            CharacterSetup::new("Goblin", 1, at(2, 1)).stats(Stats {
                size: 3,
                deflection: 2,
                endurance: 12,
                ..Stats::default()
            }),
        ],
    );
    let mut t = Table::new(&setup);
    t.activate("Fabian");
    let a = t.attack("Fabian", Some("dagger"), "Goblin");
    let mut events = t.act(a, &[2, 4, 5, 3, 4, 7]);
    events.extend(t.decline());
    let e = events
        .iter()
        .find(|e| matches!(e.kind, EventKind::Hit { .. }))
        .and_then(|e| e.explanation.clone())
        .expect("a hit");
    assert_eq!(e.total, 7);
    assert!(e.modifiers.iter().any(|m| {
        m.cause
            .said()
            .contains("sneak attack: the attacker is unseen")
    }));
    assert!(e.against.said().starts_with("evasion 7"));
    assert!(
        e.against
            .as_ref()
            .map(Said::said)
            .unwrap()
            .contains("+1 the attacker is larger by 1")
    );
    let dmg = explained(&events, "teams.attack-damage");
    assert_eq!(dmg.total, 8);
    assert!(
        dmg.modifiers
            .iter()
            .any(|m| m.value == 1 && m.cause.said() == "the attacker is larger by 1")
    );
    assert_eq!(t.ch("Goblin").endurance, 4);
    // Having attacked, Fabian is noticed: no more sneak attacks.
    assert!(!t.ch("Fabian").unseen);
}

#[test]
fn a_smaller_attacker_treats_evasion_as_lower_and_deflection_as_higher() {
    covers(&["teams.size"]);
    // teams.size: a goblin (3) against a large ogre (5): evasion 6 - 2 = 4, deflection 1 + 2.
    let setup = duel(
        6,
        3,
        vec![
            CharacterSetup::new("Goblin", 0, at(1, 1))
                .stats(Stats {
                    size: 3,
                    ..Stats::default()
                })
                .hold(dagger()),
            CharacterSetup::new("Ogre", 1, at(2, 1)).stats(Stats {
                size: 5,
                deflection: 1,
                ..Stats::default()
            }),
        ],
    );
    let mut t = Table::new(&setup);
    t.activate("Goblin");
    let a = t.attack("Goblin", Some("dagger"), "Ogre");
    let mut events = t.act(a, &[2, 2, 5]);
    events.extend(t.decline());
    let hit = events
        .iter()
        .find(|e| matches!(e.kind, EventKind::Hit { .. }))
        .and_then(|e| e.explanation.clone())
        .expect("4 against evasion 4 hits");
    assert_eq!(hit.rule, "teams.size");
    // 4 + 2 = 6, less 3 = 3.
    assert_eq!(t.ch("Ogre").endurance, 7);
}

#[test]
fn sneak_and_flank_together_give_double_advantage() {
    covers(&["teams.sneak-flank", "teams.advantage"]);
    // teams.sneak-flank, teams.advantage: three rolls, the best kept.
    let setup = duel(
        6,
        3,
        vec![
            CharacterSetup::new("Fabian", 0, at(1, 1))
                .hold(dagger())
                .unseen(),
            CharacterSetup::new("Other", 0, at(3, 1)),
            CharacterSetup::new("Goblin", 1, at(2, 1)).stats(Stats {
                endurance: 20,
                ..Stats::default()
            }),
        ],
    );
    let mut t = Table::new(&setup);
    t.activate("Fabian");
    let a = t.attack("Fabian", Some("dagger"), "Goblin");
    let events = t.act(a, &[1, 1, 2, 6, 5, 3, 2, 2, 4]);
    let e = events.iter().find_map(|e| e.explanation.clone()).unwrap();
    assert_eq!(e.total, 11);
    assert_eq!(e.dropped.len(), 6);
    assert!(
        e.modifiers
            .iter()
            .any(|m| m.cause.said().starts_with("double advantage"))
    );
}

#[test]
fn advantage_and_disadvantage_cancel_one_for_one() {
    covers(&["teams.advantage", "teams.prone"]);
    // teams.advantage, teams.prone: shooting a flanked (advantage) but prone (disadvantage)
    // enemy: one roll.
    let setup = duel(
        12,
        5,
        vec![
            CharacterSetup::new("Agnessa", 0, at(0, 2)).hold(shortbow()),
            CharacterSetup::new("Left", 0, at(8, 2)),
            CharacterSetup::new("Right", 0, at(10, 2)),
            CharacterSetup::new("Enemy", 1, at(9, 2)),
        ],
    );
    let mut t = Table::new(&setup);
    let enemy = t.c("Enemy");
    t.s.characters[enemy].prone = true;
    t.activate("Agnessa");
    let a = t.attack("Agnessa", Some("shortbow"), "Enemy");
    let events = t.act(a, &[3, 3, 10]);
    let e = events.iter().find_map(|e| e.explanation.clone()).unwrap();
    assert!(e.dropped.is_empty());
    assert!(
        e.modifiers
            .iter()
            .any(|m| m.cause.said().contains("cancel out"))
    );
}

#[test]
fn two_advantages_and_one_disadvantage_leave_one_advantage() {
    covers(&["teams.advantage", "teams.sneak-flank", "teams.prone"]);
    // teams.advantage: unseen and shooting at a flanked enemy (two advantages), but a prone one
    // (a disadvantage): one cancels one, and one advantage is left: two rolls, (1, 1) and
    // (4, 4); 8 is kept and hits evasion 6.
    let setup = duel(
        12,
        5,
        vec![
            CharacterSetup::new("Agnessa", 0, at(0, 2))
                .hold(shortbow())
                .unseen(),
            CharacterSetup::new("Left", 0, at(8, 2)),
            CharacterSetup::new("Right", 0, at(10, 2)),
            CharacterSetup::new("Enemy", 1, at(9, 2)),
        ],
    );
    let mut t = Table::new(&setup);
    let enemy = t.c("Enemy");
    t.s.characters[enemy].prone = true;
    t.activate("Agnessa");
    let a = t.attack("Agnessa", Some("shortbow"), "Enemy");
    let events = t.act(a, &[1, 1, 5, 4, 4, 6]);
    let e = events
        .iter()
        .find(|e| matches!(e.kind, EventKind::Hit { .. }))
        .and_then(|e| e.explanation.clone())
        .expect("a hit");
    assert_eq!(e.total, 8);
    assert_eq!(e.dropped.len(), 3);
    assert!(e.modifiers.iter().any(|m| m.cause.said()
        == "advantage (sneak attack: the attacker is unseen, flanking): 2 rolls, the highest kept; 1 cancelled out"));
}

#[test]
fn elemental_damage_meets_elemental_deflection_and_typeless_damage_nothing() {
    covers(&["teams.damage-types"]);
    // teams.damage-types: fire against deflection 5 and elemental deflection 1; psychic is
    // typeless, reduced by neither.
    let wand = Item::new("fire wand").with_weapon(
        WeaponDef::shooting(2, 4, DamageType::Fire, 10)
            .attributes(&[fray::rules::teams::Attr::Intellect]),
    );
    let whisper = Item::new("whisper").with_weapon(
        WeaponDef::shooting(2, 4, DamageType::Psychic, 10)
            .attributes(&[fray::rules::teams::Attr::Willpower]),
    );
    let setup = duel(
        8,
        3,
        vec![
            CharacterSetup::new("Mage", 0, at(0, 1))
                .hold(wand)
                .hold(whisper),
            CharacterSetup::new("Knight", 1, at(4, 1)).stats(Stats {
                deflection: 5,
                elemental_deflection: 1,
                endurance: 30,
                focus: 0,
                stamina: 0,
                ..Stats::default()
            }),
        ],
    );
    let mut t = Table::new(&setup);
    t.activate("Mage");
    let a = t.attack("Mage", Some("fire wand"), "Knight");
    t.act(a, &[3, 3, 10]);
    // 6 + 2 fire, less elemental deflection 1 = 7.
    assert_eq!(t.ch("Knight").endurance, 23);
    let a = t.attack("Mage", Some("whisper"), "Knight");
    // 4 + 4 - 2 = 6 + 2 psychic = 8, unreduced.
    t.act(a, &[4, 4, 10]);
    assert_eq!(t.ch("Knight").endurance, 15);
}

#[test]
fn only_targets_in_reach_or_range_and_in_sight_can_be_attacked() {
    covers(&["teams.distances"]);
    // teams.distances: a spear reaches 1 m; a wall blocks the bow's line of sight.
    let setup = duel(
        9,
        3,
        vec![
            CharacterSetup::new("Boudica", 0, at(0, 0)).hold(spear()),
            CharacterSetup::new("Agnessa", 0, at(0, 2)).hold(shortbow()),
            CharacterSetup::new("Near", 1, at(1, 1)),
            CharacterSetup::new("Far", 1, at(8, 0)),
        ],
    )
    .walls([at(4, 2)]);
    let mut t = Table::new(&setup);
    t.activate("Boudica");
    assert!(t.is_legal(&t.attack("Boudica", Some("spear"), "Near")));
    assert!(!t.is_legal(&t.attack("Boudica", Some("spear"), "Far")));
    t.act(Action::EndTurn, &[]);
    t.activate("Near");
    t.act(Action::EndTurn, &[]);
    t.activate("Agnessa");
    assert!(t.is_legal(&t.attack("Agnessa", Some("shortbow"), "Far")));
    t.put("Far", at(8, 2));
    assert!(
        !t.is_legal(&t.attack("Agnessa", Some("shortbow"), "Far")),
        "the wall at (4, 2) is in the way"
    );
    // Unarmed strikes are always possible in reach.
    assert!(t.is_legal(&Action::Attack {
        target: t.c("Near"),
        weapon: WeaponRef::Unarmed
    }));
}

#[test]
fn the_odds_of_boudicas_spear_are_exact() {
    covers(&["teams.advantage", "teams.attacks", "teams.critical"]);
    // 2d6 + 1 ≥ 6 on 30 of 36 rolls; luck 19 or 20 is a critical hit either way.
    let t = boudica_and_armoured_enemy();
    let o = attack_odds(
        &t.s,
        t.c("Boudica"),
        t.weapon("Boudica", Some("spear")),
        t.c("Enemy"),
    )
    .expect("in reach");
    let crit = 2.0 / 20.0;
    assert!((o.critical - crit).abs() < 1e-12);
    assert!((o.hit - (crit + 0.9 * 30.0 / 36.0)).abs() < 1e-12);
    // Damage: a normal hit deals max(total + 4 - 8, 1); a critical hit total + 8 - 8.
    let mut expected = 0.0;
    for a in 1..=6 {
        for b in 1..=6 {
            let total: i32 = a + b + 1;
            let p = 1.0 / 36.0;
            if total >= 6 {
                expected += 0.9 * p * f64::from((total - 4).max(1));
            }
            expected += 0.1 * p * f64::from(total);
        }
    }
    assert!((o.expected_damage - expected).abs() < 1e-9, "{o:?}");
    // The same numbers by hand, with the multiple attack penalty and advantage.
    let p = AttackProfile {
        attribute: Die::D6,
        skill: Some(Die::D6),
        bonus: 1 - 2,
        luck: 0,
        advantage: 1,
        critical: 19,
        evasion: 6,
        reduction: 8,
        damage: 4,
        critical_damage: 8,
        strays: false,
        toughness: i32::MAX,
    };
    // Counted by hand, apart from `odds`: every pair of whole rolls (attribute, combat, luck
    // die, twice), the kept one chosen as teams.advantage says (a critical hit first, then the
    // higher result), its hit and damage as teams.attacks and teams.critical say.
    let mut rolls = Vec::new();
    for a in 1..=6 {
        for b in 1..=6 {
            for luck in 1..=20 {
                rolls.push((luck >= 19, a + b + 1 - 2));
            }
        }
    }
    let (mut hits, mut damage, mut all) = (0u64, 0i64, 0u64);
    for &first in &rolls {
        for &second in &rolls {
            let (crit, total) = first.max(second);
            all += 1;
            if crit {
                hits += 1;
                damage += i64::from((total + 8 - 8).max(1));
            } else if total >= 6 {
                hits += 1;
                damage += i64::from((total + 4 - 8).max(1));
            }
        }
    }
    let o = odds(&p);
    assert!((o.hit - hits as f64 / all as f64).abs() < 1e-12, "{o:?}");
    assert!(
        (o.expected_damage - damage as f64 / all as f64).abs() < 1e-9,
        "{o:?}"
    );
    // The same hit chance in closed form: a single roll misses on a luck roll under 19 and
    // 2d6 - 1 under 6 (15 of 36), 0.9 × 15/36 = 0.375; the better of two misses only if both
    // do: 1 - 0.375² = 0.859375.
    assert!((o.hit - 0.859_375).abs() < 1e-12, "{o:?}");
}

#[test]
fn a_thrown_dagger_lands_by_its_target_hit_or_miss() {
    covers(&["teams.stray-shots"]);
    // teams.stray-shots (reading): thrown 4 m, it misses (1 + 1 = 2) and lies on the target's
    // square, out of Fabian's hands.
    let setup = duel(
        8,
        3,
        vec![
            CharacterSetup::new("Fabian", 0, at(0, 1)).hold(dagger()),
            CharacterSetup::new("Goblin", 1, at(4, 1)),
        ],
    );
    let mut t = Table::new(&setup);
    t.activate("Fabian");
    let dagger = t.item("Fabian", "dagger");
    let a = t.attack("Fabian", Some("dagger"), "Goblin");
    let events = t.act(a, &[1, 1, 5]);
    assert!(
        events
            .iter()
            .any(|e| e.line.english(&t.s) == "Fabian throws the dagger at Goblin.")
    );
    assert_eq!(
        t.s.items[dagger].location(),
        fray::rules::teams::Location::Ground(at(4, 1))
    );
    assert!(!t.is_legal(&a));
}

/// The explanation of the miss among `events`.
fn missed(events: &[fray::rules::teams::TeamsEvent]) -> fray::rules::explain::Explanation {
    events
        .iter()
        .find(|e| matches!(e.kind, EventKind::Missed { .. }))
        .and_then(|e| e.explanation.as_deref().cloned())
        .expect("a miss")
}
