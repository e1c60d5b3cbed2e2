//! Three actions: teams.actions and each action of the table, teams.extended (Petra's
//! crossbow), teams.free-actions, teams.prone, teams.movement; and the contract: a refused
//! action or dice running out leave the battle exactly as it was.

use crate::covers;
use fray::rules::battle::{DecisionKind, Pending, RuleError, Ruleset, Seat};
use fray::rules::dice::{DiceError, Die, ScriptedDice};
use fray::rules::teams::grid::distance;
use fray::rules::teams::{
    Action, Attr, CharacterSetup, EventKind, Extended, GroundItem, InProgress, Item, Location,
    Shared, Skill, Stats, Task, Teams, WeaponRef,
};
use fray::words::{InEnglish, Said};

use crate::teams_setups::*;

/// Petra with her crossbow, an enemy 6 m off, cover beside her.
fn petra() -> Table {
    let mut setup = duel(
        9,
        4,
        vec![
            CharacterSetup::new("Petra", 0, at(1, 1)).hold(crossbow()),
            CharacterSetup::new("Enemy", 1, at(7, 1)),
        ],
    );
    setup.map.cover = vec![at(1, 0)];
    let mut t = Table::new(&setup);
    t.activate("Petra");
    t
}

#[test]
fn petra_starts_reloading_with_one_action_left_and_finishes_with_her_next_first_action() {
    covers(&["teams.extended", "teams.free-actions"]);
    // teams.extended: fire (1), seek cover (1), start a 2-action reload with the last one.
    let mut t = petra();
    let bolt = t.attack("Petra", Some("crossbow"), "Enemy");
    t.act(bolt, &[1, 1, 5]);
    assert!(!t.is_legal(&bolt), "the crossbow must be reloaded");
    t.act(Action::SeekCover, &[]);
    let crossbow = t.item("Petra", "crossbow");
    t.act(Action::Reload(crossbow), &[]);
    assert_eq!(
        t.ch("Petra").extended,
        Some(InProgress {
            action: Extended::Reload(crossbow),
            remaining: 1
        })
    );
    assert!(!t.s.items[crossbow].loaded);
    // No action is left, only free ones (teams.free-actions); she ends her turn and the
    // enemy's team chooses.
    assert!(!t.is_legal(&Action::Continue) && !t.is_legal(&Action::Abandon));
    t.act(Action::EndTurn, &[]);
    assert_eq!(
        t.pending(),
        Pending::Decide {
            seat: Seat::Faction(1),
            kind: DecisionKind::Activation,
            time_limit: None
        }
    );
    t.activate("Enemy");
    t.act(Action::EndTurn, &[]);
    // Round 2: her first action must finish the reload, before anything else.
    t.activate("Petra");
    assert!(
        t.text()
            .contains("It owes 1 action to reload the crossbow first.")
    );
    assert!(t.legal().iter().all(|a| matches!(
        a,
        Action::Continue
            | Action::Abandon
            | Action::DropItem(_)
            | Action::DropProne
            | Action::Step(_)
    )));
    assert!(!t.is_legal(&Action::EndTurn) && !t.is_legal(&Action::SeekCover));
    t.act(Action::Continue, &[]);
    assert!(t.s.items[crossbow].loaded);
    assert_eq!(t.ch("Petra").extended, None);
    assert_eq!(t.s.turn.unwrap().actions_left, 2);
    assert!(t.is_legal(&bolt));
}

#[test]
fn an_action_under_way_may_be_abandoned_at_no_cost() {
    covers(&["teams.extended"]);
    // teams.extended: the reload started with the last action is dropped; the turn keeps its
    // three actions, and the crossbow stays empty.
    let mut t = petra();
    let bolt = t.attack("Petra", Some("crossbow"), "Enemy");
    t.act(bolt, &[1, 1, 5]);
    t.act(Action::Move(at(2, 2)), &[]);
    let crossbow = t.item("Petra", "crossbow");
    t.act(Action::Reload(crossbow), &[]);
    t.act(Action::EndTurn, &[]);
    t.activate("Enemy");
    t.act(Action::EndTurn, &[]);
    t.activate("Petra");
    t.act(Action::Abandon, &[]);
    assert_eq!(t.s.turn.unwrap().actions_left, 3);
    assert!(!t.s.items[crossbow].loaded);
    // Now with time for it: two actions, done at once.
    t.act(Action::Reload(crossbow), &[]);
    assert!(t.s.items[crossbow].loaded);
    assert_eq!(t.s.turn.unwrap().actions_left, 1);
}

#[test]
fn free_actions_stay_open_around_an_action_spread_over_two_turns() {
    covers(&["teams.free-actions", "teams.extended"]);
    // teams.free-actions: free actions "do not count against your action and reaction limit
    // per turn"; teams.extended: "You may cancel an action started this way at any time during
    // your turn at no extra cost". Petra starts her 2-action reload with her last action: her
    // turn goes on while free actions make sense (she drops prone); next turn she steps (free)
    // before she goes on with the reload, which still costs her first action.
    let mut t = petra();
    let bolt = t.attack("Petra", Some("crossbow"), "Enemy");
    t.act(bolt, &[1, 1, 5]);
    t.act(Action::SeekCover, &[]);
    let crossbow = t.item("Petra", "crossbow");
    t.act(Action::Reload(crossbow), &[]);
    assert_eq!(
        t.s.turn.map(|t| (t.owner, t.actions_left)),
        Some((t.c("Petra"), 0))
    );
    let legal = t.legal();
    for a in [
        Action::DropProne,
        Action::DropItem(crossbow),
        Action::Step(at(2, 1)),
        Action::EndTurn,
    ] {
        assert!(legal.contains(&a), "{a:?} should be offered: {legal:?}");
    }
    t.act(Action::DropProne, &[]);
    assert!(t.ch("Petra").prone);
    assert_eq!(t.ch("Petra").extended.map(|ip| ip.remaining), Some(1));
    t.act(Action::EndTurn, &[]);
    t.activate("Enemy");
    t.act(Action::EndTurn, &[]);
    t.activate("Petra");
    // The reload first, or abandoning it, or free actions: a step even while prone.
    let legal = t.legal();
    assert!(legal.contains(&Action::Continue) && legal.contains(&Action::Abandon));
    assert!(legal.contains(&Action::Step(at(2, 1))));
    assert!(
        !legal.contains(&Action::StandUp),
        "an action: the reload comes first"
    );
    assert!(!legal.contains(&Action::DropProne), "she is prone already");
    t.act(Action::Step(at(2, 1)), &[]);
    assert_eq!(t.s.turn.unwrap().actions_left, 3);
    t.act(Action::Continue, &[]);
    assert!(t.s.items[crossbow].loaded);
    assert_eq!(t.s.turn.unwrap().actions_left, 2);
}

#[test]
fn a_turn_has_three_actions_then_only_free_ones() {
    covers(&["teams.actions", "teams.free-actions"]);
    // teams.actions, teams.free-actions.
    let setup = duel(
        6,
        3,
        vec![
            CharacterSetup::new("Boudica", 0, at(1, 1)).hold(spear()),
            CharacterSetup::new("Enemy", 1, at(2, 1)).stats(Stats {
                evasion: 30,
                ..Stats::default()
            }),
        ],
    );
    let mut t = Table::new(&setup);
    t.activate("Boudica");
    let a = t.attack("Boudica", Some("spear"), "Enemy");
    for _ in 0..3 {
        t.act(a, &[1, 1, 5]);
    }
    assert_eq!(t.s.turn.unwrap().actions_left, 0);
    let legal = t.legal();
    assert!(!legal.contains(&a));
    let spear = t.item("Boudica", "spear");
    assert!(legal.contains(&Action::DropItem(spear)));
    assert!(legal.contains(&Action::DropProne));
    assert!(legal.contains(&Action::Step(at(0, 1))));
    assert!(legal.contains(&Action::EndTurn));
    // Dropping the spear (free): it lies on her square.
    t.act(Action::DropItem(spear), &[]);
    assert_eq!(t.s.items[spear].location(), Location::Ground(at(1, 1)));
}

#[test]
fn moving_counts_every_second_diagonal_as_two_metres() {
    covers(&["teams.movement", "teams.move"]);
    // teams.movement: speed 3 from (0, 0): (2, 2) costs 1 + 2 = 3; (3, 1) 1 + 1 + 1;
    // (3, 2) and (3, 3) cost 4.
    assert_eq!(distance(at(0, 0), at(1, 1)), 1);
    assert_eq!(distance(at(0, 0), at(2, 2)), 3);
    assert_eq!(distance(at(0, 0), at(3, 3)), 4);
    assert_eq!(distance(at(0, 0), at(4, 4)), 6);
    assert_eq!(distance(at(0, 0), at(5, 2)), 6);
    let setup = duel(
        8,
        8,
        vec![
            CharacterSetup::new("Runner", 0, at(0, 0)).stats(Stats {
                speed: 3,
                ..Stats::default()
            }),
            CharacterSetup::new("Enemy", 1, at(7, 7)),
        ],
    );
    let mut t = Table::new(&setup);
    t.activate("Runner");
    assert!(t.is_legal(&Action::Move(at(2, 2))));
    assert!(t.is_legal(&Action::Move(at(3, 1))));
    assert!(!t.is_legal(&Action::Move(at(3, 2))));
    assert!(!t.is_legal(&Action::Move(at(3, 3))));
    let events = t.act(Action::Move(at(2, 2)), &[]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Moved { metres: 3, .. }))
    );
    // teams.move: once per turn.
    assert!(!t.legal().iter().any(|a| matches!(a, Action::Move(_))));
    assert!(!t.legal().iter().any(|a| matches!(a, Action::Step(_))));
}

#[test]
fn difficult_ground_costs_double_and_enemies_bar_the_way() {
    covers(&["teams.movement"]);
    // teams.movement: through difficult (1, 0) the 2 m to (2, 0) cost 3; an enemy at (1, 1)
    // cannot be passed, an ally can.
    let mut setup = duel(
        5,
        3,
        vec![
            CharacterSetup::new("Runner", 0, at(0, 1)).stats(Stats {
                speed: 2,
                ..Stats::default()
            }),
            CharacterSetup::new("Friend", 0, at(1, 2)),
            CharacterSetup::new("Enemy", 1, at(1, 1)),
        ],
    );
    setup.map.difficult = vec![at(1, 0)];
    let mut t = Table::new(&setup);
    t.activate("Runner");
    assert!(
        !t.is_legal(&Action::Move(at(2, 0))),
        "difficult ground in the way"
    );
    assert!(
        !t.is_legal(&Action::Move(at(2, 1))),
        "the enemy bars the straight way"
    );
    assert!(
        t.is_legal(&Action::Move(at(2, 2))),
        "through the ally: 1 + 1"
    );
    assert!(
        !t.is_legal(&Action::Move(at(1, 2))),
        "never ending on someone"
    );
    assert!(
        t.is_legal(&Action::Move(at(1, 0))),
        "2 m into difficult ground"
    );
}

#[test]
fn sprint_needs_a_move_first_and_a_point_of_stamina() {
    covers(&["teams.sprint"]);
    // teams.sprint.
    let setup = duel(
        12,
        3,
        vec![
            CharacterSetup::new("Runner", 0, at(0, 1)).stats(Stats {
                speed: 3,
                stamina: 1,
                ..Stats::default()
            }),
            CharacterSetup::new("Enemy", 1, at(11, 1)),
        ],
    );
    let mut t = Table::new(&setup);
    t.activate("Runner");
    assert!(!t.is_legal(&Action::Sprint(at(3, 1))));
    t.act(Action::Move(at(3, 1)), &[]);
    t.act(Action::Sprint(at(6, 1)), &[]);
    assert_eq!(t.ch("Runner").pos, at(6, 1));
    assert_eq!(t.ch("Runner").stamina, 0);
    assert!(!t.legal().iter().any(|a| matches!(a, Action::Sprint(_))));
}

#[test]
fn a_step_is_free_once_a_turn_and_instead_of_a_move() {
    covers(&["teams.free-actions"]);
    // teams.free-actions.
    let setup = duel(
        6,
        3,
        vec![
            CharacterSetup::new("Stepper", 0, at(1, 1)),
            CharacterSetup::new("Enemy", 1, at(5, 1)),
        ],
    );
    let mut t = Table::new(&setup);
    t.activate("Stepper");
    assert!(!t.is_legal(&Action::Step(at(3, 1))), "1 m only");
    t.act(Action::Step(at(2, 2)), &[]);
    assert_eq!(t.s.turn.unwrap().actions_left, 3);
    assert!(
        !t.legal()
            .iter()
            .any(|a| matches!(a, Action::Step(_) | Action::Move(_)))
    );
}

#[test]
fn prone_characters_only_crawl_and_standing_up_is_an_action() {
    covers(&["teams.prone", "teams.stand-up"]);
    // teams.prone, teams.stand-up: dropping prone is free; a prone character cannot move but
    // may step; standing costs an action.
    let setup = duel(
        6,
        3,
        vec![
            CharacterSetup::new("Crawler", 0, at(1, 1)),
            CharacterSetup::new("Enemy", 1, at(5, 1)),
        ],
    );
    let mut t = Table::new(&setup);
    t.activate("Crawler");
    t.act(Action::DropProne, &[]);
    assert!(t.ch("Crawler").prone);
    assert!(!t.legal().iter().any(|a| matches!(a, Action::Move(_))));
    assert!(t.is_legal(&Action::Step(at(0, 1))));
    t.act(Action::StandUp, &[]);
    assert!(!t.ch("Crawler").prone);
    assert_eq!(t.s.turn.unwrap().actions_left, 2);
}

#[test]
fn striking_a_prone_target_has_advantage() {
    covers(&["teams.prone"]);
    // teams.prone: melee attackers have advantage: rolls (1, 1) and (3, 3), 6 kept.
    let setup = duel(
        6,
        3,
        vec![
            CharacterSetup::new("Boudica", 0, at(1, 1)).hold(spear()),
            CharacterSetup::new("Enemy", 1, at(2, 1)),
        ],
    );
    let mut t = Table::new(&setup);
    let e = t.c("Enemy");
    t.s.characters[e].prone = true;
    t.activate("Boudica");
    let a = t.attack("Boudica", Some("spear"), "Enemy");
    let events = t.act(a, &[1, 1, 5, 3, 3, 5]);
    let x = events.iter().find_map(|e| e.explanation.clone()).unwrap();
    assert_eq!(x.total, 6);
    assert!(
        x.modifiers
            .iter()
            .any(|m| m.cause.said().contains("striking a prone target"))
    );
}

#[test]
fn guarding_ends_the_turn_and_adds_one_to_every_defence() {
    covers(&["teams.guard", "teams.attack-damage", "teams.dodge"]);
    // teams.guard: "End your turn but gain a +1 bonus to all defences and defence tests until
    // next turn": evasion 6 → 7, deflection 0 → 1, and +1 to a dodge test.
    let setup = duel(
        6,
        3,
        vec![
            CharacterSetup::new("Guarded", 0, at(1, 1)).stats(Stats {
                acrobatics: Some(Die::D4),
                ..Stats::default()
            }),
            CharacterSetup::new("Bandit", 1, at(2, 1)).hold(sword()),
        ],
    );
    let mut t = Table::new(&setup);
    t.activate("Guarded");
    t.act(Action::Guard, &[]);
    assert!(t.ch("Guarded").guarding);
    // The turn ended: the bandits choose.
    t.activate("Bandit");
    let a = t.attack("Bandit", Some("sword"), "Guarded");
    // 3 + 3 = 6 misses evasion 7.
    let events = t.act(a, &[3, 3, 5]);
    let x = events.iter().find_map(|e| e.explanation.clone()).unwrap();
    assert!(x.against.said().starts_with("evasion 7"));
    // Guarding is no difference in size: a plain attack's paragraph.
    assert_eq!(x.rule, "teams.attacks");
    assert_eq!(t.ch("Guarded").endurance, 10);
    // 6 + 3, less 2 for the second attack = 7, hits evasion 7; taken without a dodge.
    t.act(a, &[6, 3, 5]);
    let events = t.act(Action::NoReaction, &[]);
    let dmg = explained(&events, "teams.attack-damage");
    // 7 + 4, less deflection 0 and guarding 1.
    assert_eq!(dmg.total, 10);
    assert!(
        dmg.modifiers
            .iter()
            .any(|m| m.value == -1 && m.cause.said() == "guarding")
    );
    assert_eq!(t.ch("Guarded").endurance, 0);
    // 6 + 6, less 4 for two earlier attacks = 8, hits. The dodge: dexterity 3 + acrobatics 4
    // = 7, +1 guarding = 8, meets the attack's 8 and makes it miss.
    t.act(a, &[6, 6, 5]);
    let events = t.act(Action::Dodge, &[3, 4, 5]);
    let dodge = explained(&events, "teams.dodge");
    assert_eq!(dodge.total, 8);
    assert!(
        dodge
            .modifiers
            .iter()
            .any(|m| m.value == 1 && m.cause.said() == "guarding")
    );
    assert!(
        t.text()
            .contains("Guarded dodges the attack (8 against 8).")
    );
    assert_eq!(t.ch("Guarded").health, 10);
}

#[test]
fn waiting_gives_a_second_reaction_until_the_next_turn() {
    covers(&["teams.wait", "teams.reactions"]);
    // teams.wait, teams.reactions: two dodges in one round.
    let setup = duel(
        6,
        3,
        vec![
            CharacterSetup::new("Waiter", 0, at(1, 1)).stats(Stats {
                acrobatics: Some(Die::D6),
                ..Stats::default()
            }),
            CharacterSetup::new("Bandit", 1, at(2, 1)).hold(sword()),
        ],
    );
    let mut t = Table::new(&setup);
    t.activate("Waiter");
    t.act(Action::Wait, &[]);
    assert_eq!(t.ch("Waiter").reactions, 2);
    t.activate("Bandit");
    let a = t.attack("Bandit", Some("sword"), "Waiter");
    t.act(a, &[3, 3, 5]);
    t.act(Action::Dodge, &[6, 6, 5]);
    t.act(a, &[6, 4, 5]);
    assert!(t.is_legal(&Action::Dodge), "the extra reaction");
    t.act(Action::Dodge, &[6, 6, 5]);
    t.act(a, &[6, 6, 5]);
    assert!(!t.is_legal(&Action::Dodge), "both used");
    t.act(Action::EndTurn, &[]);
    // Round 2: the reactions come back to one at the start of the waiter's turn.
    t.activate("Waiter");
    assert_eq!(t.ch("Waiter").reactions, 1);
}

/// Boudica with her spear at (1, 1) and a bandit with a sword at (5, 1), and `more` on an
/// 8 by 4 field; Boudica's turn.
fn boudica_on_guard(more: Vec<CharacterSetup>) -> (Table, WeaponRef) {
    let mut cast = vec![
        CharacterSetup::new("Boudica", 0, at(1, 1))
            .stats(boudica_stats())
            .hold(spear()),
        CharacterSetup::new("Bandit", 1, at(5, 1)).hold(sword()),
    ];
    cast.extend(more);
    let mut t = Table::new(&duel(8, 4, cast));
    t.activate("Boudica");
    let spear = t.weapon("Boudica", Some("spear"));
    (t, spear)
}

#[test]
fn a_readied_attack_for_one_enemy_lets_the_others_pass() {
    covers(&["teams.ready"]);
    // teams.ready: the trigger is the player's to choose. Boudica readies her spear for the
    // captain alone: the bandit walks up to her unharmed, the captain does not.
    let (mut t, spear) = boudica_on_guard(vec![
        CharacterSetup::new("Captain", 1, at(5, 2)).hold(sword()),
    ]);
    let (bandit, captain) = (t.c("Bandit"), t.c("Captain"));
    assert!(t.is_legal(&Action::Ready(spear)));
    assert!(t.is_legal(&Action::ReadyFor(spear, bandit)));
    assert!(
        !t.is_legal(&Action::ReadyFor(spear, t.c("Boudica"))),
        "not herself"
    );
    t.act(Action::ReadyFor(spear, captain), &[]);
    assert_eq!(t.ch("Boudica").readied_for, Some(captain));
    t.activate("Bandit");
    let events = t.act(Action::Move(at(2, 1)), &[]);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Reaction { .. })),
        "the bandit is not the one she waits for"
    );
    t.act(Action::EndTurn, &[]);
    t.activate("Captain");
    // Next to her: the readied attack is declared at once (the bandit beside the captain may
    // then intercept it, so no die is rolled yet).
    let events = t.act(Action::Move(at(2, 2)), &[]);
    assert!(
        events
            .iter()
            .any(|e| e.line.english(&t.s) == "Boudica attacks Captain with spear."),
        "{events:?}"
    );
    assert!(events.iter().any(|e| matches!(
        e.kind,
        EventKind::Reaction {
            kind: fray::rules::teams::ReactionKind::Readied,
            ..
        }
    )));
    assert_eq!(t.ch("Boudica").readied, None, "spent on the captain");
}

#[test]
fn a_readied_attack_goes_off_when_an_enemy_moves_within_reach() {
    covers(&["teams.ready"]);
    // teams.ready: Boudica readies her spear; the bandit steps next to her and is attacked
    // as her reaction, before he can strike.
    let (mut t, spear) = boudica_on_guard(Vec::new());
    t.act(Action::Ready(spear), &[]);
    assert_eq!(t.ch("Boudica").readied, Some(spear));
    t.activate("Bandit");
    // Moving to (3, 1) stays out of reach: nothing happens.
    t.act(Action::Move(at(3, 1)), &[]);
    assert!(matches!(t.s.stage, fray::rules::teams::Stage::Turn));
    // Ending a sprint next to her sets it off: 3 + 3 + 1 = 7 hits evasion 6.
    let events = t.act(Action::Sprint(at(2, 1)), &[3, 3, 5]);
    assert!(events.iter().any(|e| matches!(
        e.kind,
        EventKind::Reaction {
            kind: fray::rules::teams::ReactionKind::Readied,
            free: false,
            ..
        }
    )));
    assert!(
        events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Hit { .. }))
    );
    t.decline();
    assert_eq!(t.ch("Bandit").endurance, 0, "7 + 4 = 11 damage");
    assert_eq!(t.ch("Boudica").readied, None);
    assert_eq!(t.ch("Boudica").reactions, 0);
    // Back to the bandit's turn.
    assert_eq!(t.s.turn.unwrap().owner, t.c("Bandit"));
}

#[test]
fn a_command_gives_an_ally_one_action_during_the_commanders_turn() {
    covers(&["teams.command"]);
    // teams.command: 1 action and 2 focus; once per turn per ally; the ally's own turn is
    // still to come.
    let setup = duel(
        6,
        3,
        vec![
            CharacterSetup::new("Captain", 0, at(0, 0)),
            CharacterSetup::new("Soldier", 0, at(1, 1)).hold(spear()),
            CharacterSetup::new("Enemy", 1, at(2, 1)).stats(Stats {
                stamina: 0,
                ..Stats::default()
            }),
        ],
    );
    let mut t = Table::new(&setup);
    t.activate("Captain");
    let soldier = t.c("Soldier");
    t.act(Action::Command(soldier), &[]);
    assert_eq!(t.ch("Captain").focus, 1);
    assert_eq!(t.s.actor(), Some(soldier));
    let legal = t.legal();
    assert!(
        !legal.contains(&Action::Guard),
        "an action that ends a turn is not offered"
    );
    assert!(!legal.iter().any(|a| matches!(a, Action::Step(_))));
    let a = t.attack("Soldier", Some("spear"), "Enemy");
    t.act(a, &[3, 3, 5]);
    assert_eq!(t.ch("Enemy").endurance, 0, "6 + 4 = 10");
    assert_eq!(
        t.ch("Soldier").attacks,
        1,
        "it counts for the soldier's penalty"
    );
    // Back to the captain, two actions left, and no second command for the soldier.
    assert_eq!(t.s.actor(), Some(t.c("Captain")));
    assert_eq!(t.s.turn.unwrap().actions_left, 2);
    assert!(!t.is_legal(&Action::Command(soldier)));
    t.act(Action::EndTurn, &[]);
    t.activate("Enemy");
    t.act(Action::EndTurn, &[]);
    assert!(t.is_legal(&Action::Activate(soldier)));
}

#[test]
fn interacting_opens_doors_and_picks_things_up() {
    covers(&["teams.interact"]);
    // teams.interact: a closed door blocks the way and the view until opened.
    let mut setup = duel(
        6,
        3,
        vec![
            CharacterSetup::new("Hero", 0, at(1, 1)).hold(shortbow()),
            CharacterSetup::new("Enemy", 1, at(4, 1)),
        ],
    );
    setup.map.walls = vec![at(2, 0), at(2, 2)];
    setup.map.doors = vec![at(2, 1)];
    setup.ground = vec![GroundItem {
        item: Shared::new(Item::new("potion")),
        at: at(0, 1),
    }];
    let mut t = Table::new(&setup);
    t.activate("Hero");
    let shot = t.attack("Hero", Some("shortbow"), "Enemy");
    assert!(!t.is_legal(&shot));
    assert!(!t.is_legal(&Action::Move(at(3, 1))));
    t.act(Action::Door(at(2, 1)), &[]);
    assert!(t.is_legal(&shot));
    assert!(t.is_legal(&Action::Move(at(3, 1))));
    let potion =
        t.s.items
            .iter()
            .position(|i| i.def.name == "potion")
            .unwrap();
    t.act(Action::PickUp(potion), &[]);
    // Both hands hold the bow: the potion is stowed.
    assert_eq!(t.s.items[potion].location(), Location::Pack(t.c("Hero")));
}

#[test]
fn brandishing_sets_both_hands_at_once() {
    covers(&["teams.brandish"]);
    // teams.brandish: the bow (two hands) away, dagger and shield out, in one action.
    let setup = duel(
        6,
        3,
        vec![
            CharacterSetup::new("Agnessa", 0, at(1, 1))
                .hold(shortbow())
                .carry(dagger())
                .carry(shield()),
            CharacterSetup::new("Enemy", 1, at(4, 1)),
        ],
    );
    let mut t = Table::new(&setup);
    t.activate("Agnessa");
    let (bow, dagger, shield) = (
        t.item("Agnessa", "shortbow"),
        t.item("Agnessa", "dagger"),
        t.item("Agnessa", "shield"),
    );
    assert!(!t.is_legal(&Action::Brandish {
        first: Some(bow),
        second: Some(dagger)
    }));
    t.act(
        Action::Brandish {
            first: Some(dagger),
            second: Some(shield),
        },
        &[],
    );
    let me = t.c("Agnessa");
    assert_eq!(t.s.items[bow].location(), Location::Pack(me));
    assert_eq!(t.s.items[dagger].location(), Location::Hand(me));
    assert_eq!(t.s.items[shield].location(), Location::Hand(me));
    assert_eq!(t.s.turn.unwrap().actions_left, 2);
}

#[test]
fn cover_gives_ranged_attackers_disadvantage_from_its_side_only() {
    covers(&["teams.seek-cover"]);
    // teams.seek-cover: a crate at (3, 1) between the archer and the target; from the other
    // side it gives nothing.
    let mut setup = duel(
        9,
        3,
        vec![
            CharacterSetup::new("Archer", 0, at(0, 1)).hold(shortbow()),
            CharacterSetup::new("Flanker", 0, at(8, 1)).hold(shortbow()),
            CharacterSetup::new("Hider", 1, at(4, 1)),
        ],
    )
    .started_by(1, Some(0));
    setup.map.cover = vec![at(3, 1)];
    let mut t = Table::new(&setup);
    t.activate("Hider");
    t.act(Action::SeekCover, &[]);
    t.act(Action::EndTurn, &[]);
    assert!(t.ch("Hider").in_cover);
    t.activate("Archer");
    let a = t.attack("Archer", Some("shortbow"), "Hider");
    let events = t.act(a, &[1, 1, 5, 6, 6, 5]);
    let x = events.iter().find_map(|e| e.explanation.clone()).unwrap();
    assert_eq!(x.total, 2, "the lower roll kept");
    assert!(
        x.modifiers
            .iter()
            .any(|m| m.cause.said().contains("taken cover"))
    );
    t.decline();
    t.act(Action::EndTurn, &[]);
    // The hider has no second member to act; the archer's team goes on.
    t.activate("Flanker");
    let a = t.attack("Flanker", Some("shortbow"), "Hider");
    let events = t.act(a, &[1, 1, 5]);
    let x = events.iter().find_map(|e| e.explanation.clone()).unwrap();
    assert!(x.dropped.is_empty());
}

#[test]
fn a_short_task_takes_three_actions_and_a_test() {
    covers(&["teams.short-task"]);
    // teams.short-task: strength 4 + athletics 5 = 9 against the bell's 9.
    let mut setup = duel(
        6,
        3,
        vec![
            CharacterSetup::new("Guard", 0, at(1, 1)).stats(Stats {
                athletics: Some(Die::D6),
                ..Stats::default()
            }),
            CharacterSetup::new("Enemy", 1, at(5, 2)),
        ],
    );
    setup.tasks = vec![Task {
        name: "alarm bell".into(),
        at: at(0, 0),
        attribute: Attr::Strength,
        skill: Skill::Athletics,
        difficulty: 9,
        team: None,
        done: false,
    }];
    let mut t = Table::new(&setup);
    t.activate("Guard");
    let events = t.act(Action::ShortTask(0), &[4, 5, 10]);
    assert_eq!(explained(&events, "teams.short-task").total, 9);
    assert!(t.s.tasks[0].done);
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
fn a_killing_strike_started_late_finishes_on_the_next_turn() {
    covers(&["teams.extended", "teams.killing-strike"]);
    // teams.extended, teams.killing-strike: move (1), then the strike owes 1 action.
    let setup = duel(
        6,
        3,
        vec![
            CharacterSetup::new("Slayer", 0, at(0, 1)).hold(sword()),
            CharacterSetup::new("Fallen", 1, at(2, 1)),
            CharacterSetup::new("Other", 1, at(5, 2)),
        ],
    );
    let mut t = Table::new(&setup);
    let fallen = t.c("Fallen");
    t.s.characters[fallen].status = fray::rules::teams::Status::Unconscious;
    t.s.restand(fallen);
    t.activate("Slayer");
    t.act(Action::Move(at(1, 1)), &[]);
    let weapon = t.weapon("Slayer", Some("sword"));
    t.act(
        Action::KillingStrike {
            target: fallen,
            weapon,
        },
        &[],
    );
    assert_eq!(t.ch("Slayer").extended.unwrap().remaining, 1);
    t.act(Action::EndTurn, &[]);
    t.activate("Other");
    t.act(Action::EndTurn, &[]);
    t.activate("Slayer");
    t.act(Action::Continue, &[4, 4, 5, 1, 1, 5]);
    assert_eq!(t.ch("Fallen").status, fray::rules::teams::Status::Dead);
    assert_eq!(t.s.turn.unwrap().actions_left, 2);
}

#[test]
fn an_illegal_action_is_refused_and_changes_nothing() {
    // The contract: Err, the state exactly as it was (compared serialised).
    let setup = duel(
        6,
        3,
        vec![
            CharacterSetup::new("Boudica", 0, at(1, 1)).hold(spear()),
            CharacterSetup::new("Enemy", 1, at(4, 1)),
        ],
    );
    let mut t = Table::new(&setup);
    let enemy = t.c("Enemy");
    // The foes' member when the heroes choose.
    assert!(matches!(
        t.refuse(Action::Activate(enemy), &[]),
        RuleError::Illegal(_)
    ));
    t.activate("Boudica");
    // Out of reach.
    let a = t.attack("Boudica", Some("spear"), "Enemy");
    assert!(matches!(t.refuse(a, &[3, 3, 5]), RuleError::Illegal(_)));
    assert!(matches!(
        t.refuse(Action::Move(at(4, 1)), &[]),
        RuleError::Illegal(_)
    ));
    assert!(matches!(
        t.refuse(Action::Fortify, &[]),
        RuleError::Illegal(_)
    ));
}

#[test]
fn dice_running_out_mid_action_is_an_error_that_changes_nothing() {
    // The contract: the attack needs three dice; with one it fails and the turn is as before.
    let setup = duel(
        6,
        3,
        vec![
            CharacterSetup::new("Boudica", 0, at(1, 1)).hold(spear()),
            CharacterSetup::new("Enemy", 1, at(2, 1)),
        ],
    );
    let mut t = Table::new(&setup);
    t.activate("Boudica");
    let a = t.attack("Boudica", Some("spear"), "Enemy");
    let before = serde_json::to_string(&t.s).unwrap();
    let mut d = ScriptedDice::new([3]);
    let err = Teams::apply(&mut t.s, &a, &mut d).expect_err("too few dice");
    assert!(matches!(err, RuleError::Dice(DiceError::Exhausted { .. })));
    assert_eq!(before, serde_json::to_string(&t.s).unwrap());
    // And the same attack with its dice goes through.
    t.act(a, &[3, 3, 5]);
    assert_eq!(t.ch("Boudica").attacks, 1);
}

#[test]
fn unarmed_strikes_are_nonlethal_and_weak() {
    covers(&["teams.attacks"]);
    // teams.attacks: bare hands, 1 bludgeoning: 3 + 3 = 6, + 1 = 7.
    let setup = duel(
        6,
        3,
        vec![
            CharacterSetup::new("Brawler", 0, at(1, 1)),
            CharacterSetup::new("Enemy", 1, at(2, 1)).stats(Stats {
                stamina: 0,
                ..Stats::default()
            }),
        ],
    );
    let mut t = Table::new(&setup);
    t.activate("Brawler");
    let a = Action::Attack {
        target: t.c("Enemy"),
        weapon: WeaponRef::Unarmed,
    };
    t.act(a, &[3, 3, 5]);
    assert_eq!(t.ch("Enemy").endurance, 3);
}

#[test]
fn readied_attacks_go_off_in_roster_order_and_spare_a_fallen_mover() {
    covers(&["teams.ready"]);
    // teams.ready: Boudica's spear drops the bandit; Agnessa's readied bow, set off by the same
    // move, holds (a trigger wants its enemy standing), her reaction kept.
    let setup = duel(
        10,
        3,
        vec![
            CharacterSetup::new("Boudica", 0, at(1, 1))
                .stats(boudica_stats())
                .hold(spear()),
            CharacterSetup::new("Agnessa", 0, at(0, 0)).hold(shortbow()),
            CharacterSetup::new("Bandit", 1, at(6, 1)).stats(Stats {
                endurance: 0,
                health: 3,
                stamina: 0,
                ..Stats::default()
            }),
            CharacterSetup::new("Other", 1, at(9, 2)),
        ],
    );
    let mut t = Table::new(&setup);
    t.activate("Boudica");
    let spear = t.weapon("Boudica", Some("spear"));
    t.act(Action::Ready(spear), &[]);
    t.activate("Bandit");
    t.act(Action::EndTurn, &[]);
    t.activate("Agnessa");
    let bow = t.weapon("Agnessa", Some("shortbow"));
    t.act(Action::Ready(bow), &[]);
    t.activate("Other");
    t.act(Action::EndTurn, &[]);
    // Round 2: the heroes must act first; Boudica and Agnessa ready again.
    t.activate("Boudica");
    t.act(Action::Ready(spear), &[]);
    t.activate("Bandit");
    let events = t.act(Action::Move(at(2, 1)), &[3, 3, 5, 15]);
    assert_eq!(
        t.ch("Bandit").status,
        fray::rules::teams::Status::Unconscious
    );
    let readied: Vec<usize> = events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::Reaction { character, .. } => Some(character),
            _ => None,
        })
        .collect();
    assert_eq!(readied, vec![t.c("Boudica")]);
    assert_eq!(t.ch("Agnessa").readied, Some(bow));
    assert_eq!(t.ch("Agnessa").reactions, 1);
}

#[test]
fn the_gear_of_a_fallen_character_can_be_taken() {
    covers(&["teams.interact"]);
    // teams.interact (reading): a fallen character's gear is in the immediate area; one action
    // takes one item of it, into a free hand. Never from someone still standing.
    let setup = duel(
        6,
        3,
        vec![
            CharacterSetup::new("Hero", 0, at(1, 1)).carry(dagger()),
            CharacterSetup::new("Enemy", 1, at(2, 1))
                .hold(sword())
                .carry(shield()),
            // Still standing, so the fight goes on when Enemy falls.
            CharacterSetup::new("Other", 1, at(5, 2)),
        ],
    );
    let mut t = Table::new(&setup);
    t.activate("Hero");
    let (sword, shield) = (t.item("Enemy", "sword"), t.item("Enemy", "shield"));
    assert!(
        !t.is_legal(&Action::PickUp(sword)),
        "the enemy still holds it"
    );
    let enemy = t.c("Enemy");
    t.s.characters[enemy].status = fray::rules::teams::Status::Unconscious;
    t.s.restand(enemy);
    assert!(t.is_legal(&Action::PickUp(sword)));
    assert!(t.is_legal(&Action::PickUp(shield)), "stowed gear too");
    let events = t.act(Action::PickUp(sword), &[]);
    assert!(
        events
            .iter()
            .any(|e| e.line.english(&t.s) == "Hero takes the sword from Enemy."),
        "{events:?}"
    );
    assert_eq!(t.s.items[sword].location(), Location::Hand(t.c("Hero")));
    assert_eq!(t.s.turn.unwrap().actions_left, 2, "one action");
    // Out of reach once more than a metre away.
    t.act(Action::Move(at(4, 1)), &[]);
    assert!(!t.is_legal(&Action::PickUp(shield)));
}

#[test]
fn a_move_is_told_the_readied_attack_it_sets_off_before_it_is_made() {
    // teams.ready, as the mover sees it before choosing: ending next to Boudica sets off her
    // spear, with its odds; stopping out of reach does not. Asking changes nothing.
    use fray::rules::teams::odds::{attack_odds, readied_risk};
    let (mut t, spear) = boudica_on_guard(Vec::new());
    t.act(Action::Ready(spear), &[]);
    t.activate("Bandit");
    let bandit = t.c("Bandit");
    assert!(
        readied_risk(&t.s, bandit, at(3, 1)).is_empty(),
        "out of reach"
    );
    t.act(Action::Move(at(3, 1)), &[]);
    let before = t.s.clone();
    let risk = readied_risk(&t.s, bandit, at(2, 1));
    assert_eq!(t.s, before, "asking changes nothing");
    assert_eq!(risk.len(), 1, "{risk:?}");
    assert_eq!(risk[0].0, t.c("Boudica"));
    // The odds are those of her spear against the bandit standing there.
    let mut there = t.s.clone();
    there.place(bandit, at(2, 1));
    let want = attack_odds(&there, t.c("Boudica"), spear, bandit).expect("in reach");
    assert_eq!(risk[0].1, want);
    assert!(want.hit > 0.0 && want.expected_damage > 0.0);
    // And the sprint there is met by it.
    let events = t.act(Action::Sprint(at(2, 1)), &[3, 3, 5]);
    assert!(events.iter().any(|e| matches!(
        e.kind,
        EventKind::Reaction {
            kind: fray::rules::teams::ReactionKind::Readied,
            ..
        }
    )));
}
