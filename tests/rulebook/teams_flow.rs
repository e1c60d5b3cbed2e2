//! Three actions: teams.combat, teams.initiative (the guards), teams.rounds,
//! teams.outnumbered, teams.unable-to-act (Roland), teams.surprise and teams.danger-sense
//! (Clementine and the goblins), teams.objectives.

use crate::covers;
use fray::rules::battle::{DecisionKind, Outcome, Pending, Seat};
use fray::rules::teams::{
    Action, ChangeWhen, CharacterSetup, DamageType, EventKind, Item, Objective, Stats, Status,
    Task, TeamsEvent, TeamsSetup, WeaponDef,
};
use fray::words::Said;

use crate::teams_setups::*;

fn axe() -> Item {
    Item::new("axe").with_weapon(WeaponDef::melee(4, 6, DamageType::Slashing))
}

fn seat(t: &Table) -> Option<Seat> {
    t.pending().seat()
}

/// The players and the guards on a wide floor, nobody within reach of anyone.
fn players_and_guards(players: usize, guards: usize, started_by: usize) -> TeamsSetup {
    let mut s = TeamsSetup::new("Guards", 12, 6)
        .team("Players")
        .team("Guards")
        .started_by(started_by, Some(1 - started_by));
    for k in 0..players {
        s = s.character(CharacterSetup::new(
            format!("Player {k}"),
            0,
            at(0, k as u8),
        ));
    }
    for k in 0..guards {
        s = s.character(CharacterSetup::new(
            format!("Guard {k}"),
            1,
            at(11, k as u8),
        ));
    }
    s
}

/// Gives the turn to the first member the team may choose and ends it at once.
fn pass_turn(t: &mut Table) -> usize {
    let Some(Action::Activate(c)) = t.legal().first().copied() else {
        panic!("no activation: {:?}", t.pending());
    };
    t.act(Action::Activate(c), &[]);
    t.act(Action::EndTurn, &[]);
    c
}

#[test]
fn the_players_who_attacked_the_guards_go_first() {
    covers(&["teams.initiative"]);
    // teams.initiative: "that character is setting their team at the highest initiative
    // (first). The next initiative goes to the team being attacked, with every other team going
    // next in whatever order the game master decides". The teams are listed in no helpful
    // order: the townsfolk, the guards, the players; the players attacked the guards.
    let mut s = TeamsSetup::new("Guards", 12, 6)
        .team("Townsfolk")
        .team("Guards")
        .team("Players")
        .started_by(2, Some(1));
    for (name, team, x) in [("Baker", 0, 5), ("Guard", 1, 11), ("Roland", 2, 0)] {
        s = s.character(CharacterSetup::new(name, team, at(x, 0)));
    }
    let t = Table::new(&s);
    let team = |name: &str| t.s.teams.iter().position(|x| x.name == name).unwrap();
    let (players, guards, townsfolk) = (team("Players"), team("Guards"), team("Townsfolk"));
    assert_eq!(t.s.order, vec![players, guards, townsfolk]);
    // The players decide first: only Roland may take the first turn.
    assert_eq!(seat(&t), Some(Seat::Faction(players)));
    assert_eq!(t.legal(), vec![Action::Activate(t.c("Roland"))]);
    // The other way about: the guards struck first.
    s.started_by = 1;
    s.attacked = Some(2);
    let t = Table::new(&s);
    assert_eq!(t.s.order, vec![guards, players, townsfolk]);
    assert_eq!(t.legal(), vec![Action::Activate(t.c("Guard"))]);
}

#[test]
fn teams_alternate_one_member_at_a_time_and_may_reorder_each_round() {
    covers(&["teams.rounds"]);
    // teams.rounds: players, guards, players, guards; then round 2.
    let mut t = Table::new(&players_and_guards(2, 2, 0));
    let mut seats = Vec::new();
    let mut first_round: Vec<usize> = Vec::new();
    for _ in 0..4 {
        seats.push(seat(&t));
        first_round.push(pass_turn(&mut t));
    }
    use Seat::Faction as F;
    assert_eq!(seats, vec![Some(F(0)), Some(F(1)), Some(F(0)), Some(F(1))]);
    assert_eq!(t.s.round, 2);
    // Round 2: the players give Player 1 the first turn this time.
    let p1 = t.c("Player 1");
    assert!(t.is_legal(&Action::Activate(p1)));
    t.act(Action::Activate(p1), &[]);
    assert_eq!(first_round[0], t.c("Player 0"));
}

#[test]
fn an_outnumbered_team_runs_out_and_the_others_go_on() {
    covers(&["teams.outnumbered"]);
    // teams.outnumbered: four players against two guards: P, G, P, G, P, P.
    let mut t = Table::new(&players_and_guards(4, 2, 0));
    let mut seats = Vec::new();
    for _ in 0..6 {
        seats.push(seat(&t));
        pass_turn(&mut t);
    }
    use Seat::Faction as F;
    assert_eq!(
        seats,
        vec![
            Some(F(0)),
            Some(F(1)),
            Some(F(0)),
            Some(F(1)),
            Some(F(0)),
            Some(F(0))
        ]
    );
    assert_eq!(t.s.round, 2, "everyone had a turn: round 2");
}

#[test]
fn roland_knocked_out_before_his_turn_takes_it_once_clementine_brings_him_round() {
    covers(&["teams.unable-to-act", "teams.resuscitate"]);
    // teams.unable-to-act, teams.resuscitate.
    let setup = TeamsSetup::new("Roland", 8, 4)
        .team("Players")
        .team("Guards")
        .started_by(0, Some(1))
        .character(CharacterSetup::new("Agnessa", 0, at(0, 0)))
        .character(CharacterSetup::new("Clementine", 0, at(3, 2)).stats(Stats {
            medicine: Some(fray::rules::dice::Die::D8),
            ..Stats::default()
        }))
        .character(CharacterSetup::new("Roland", 0, at(2, 1)).stats(Stats {
            evasion: 2,
            endurance: 2,
            health: 12,
            stamina: 0,
            ..Stats::default()
        }))
        .character(CharacterSetup::new("Guard", 1, at(3, 1)).hold(axe()))
        .character(CharacterSetup::new("Captain", 1, at(7, 3)));
    let mut t = Table::new(&setup);
    t.activate("Agnessa");
    t.act(Action::EndTurn, &[]);
    // The guard knocks Roland out before his turn: 2 + 2 + 4 = 8, endurance 2 → 0, health
    // 12 → 6, missing 6 > constitution 4 and no stamina to fortify.
    t.activate("Guard");
    let a = t.attack("Guard", Some("axe"), "Roland");
    t.act(a, &[]);
    // Clementine, next to Roland, could intercept; the players let it come.
    t.act(Action::NoIntercept, &[2, 2, 5]);
    assert_eq!(t.ch("Roland").status, Status::Unconscious);
    t.act(Action::EndTurn, &[]);
    // He cannot be given the turn; Clementine resuscitates him: prone, then intellect 3 +
    // medicine 4 = 7 against his missing 6.
    let roland = t.c("Roland");
    assert_eq!(t.legal(), vec![Action::Activate(t.c("Clementine"))]);
    t.activate("Clementine");
    let events = t.act(Action::Resuscitate(roland), &[3, 4, 10]);
    assert!(t.ch("Clementine").prone, "she goes prone");
    assert_eq!(explained(&events, "teams.resuscitate").total, 7);
    assert_eq!(t.ch("Roland").status, Status::Active);
    assert!(t.ch("Roland").prone, "he wakes on the ground");
    assert_eq!(t.s.turn.unwrap().actions_left, 1);
    t.act(Action::EndTurn, &[]);
    // A player just took a turn: the guards go...
    assert_eq!(seat(&t), Some(Seat::Faction(1)));
    t.activate("Captain");
    t.act(Action::EndTurn, &[]);
    // ...and the players may give Roland his turn this round after all.
    assert_eq!(t.legal(), vec![Action::Activate(roland)]);
    assert_eq!(t.s.round, 1);
}

#[test]
fn knocked_out_during_their_own_turn_a_character_loses_the_rest_of_it() {
    covers(&["teams.unable-to-act"]);
    // teams.unable-to-act: the bandit walks into Boudica's readied spear and falls.
    let setup = TeamsSetup::new("Readied", 8, 3)
        .team("Heroes")
        .team("Foes")
        .started_by(0, Some(1))
        .character(
            CharacterSetup::new("Boudica", 0, at(1, 1))
                .stats(boudica_stats())
                .hold(spear()),
        )
        .character(CharacterSetup::new("Bandit", 1, at(4, 1)).stats(Stats {
            endurance: 0,
            health: 3,
            stamina: 0,
            ..Stats::default()
        }))
        .character(CharacterSetup::new("Other", 1, at(7, 2)));
    let mut t = Table::new(&setup);
    t.activate("Boudica");
    let spear = t.weapon("Boudica", Some("spear"));
    t.act(Action::Ready(spear), &[]);
    t.activate("Bandit");
    // 3 + 3 + 1 = 7 hits; 11 damage against 3 health: unconscious, and a luck test (15).
    let events = t.act(Action::Move(at(2, 1)), &[3, 3, 5, 15]);
    assert_eq!(t.ch("Bandit").status, Status::Unconscious);
    assert!(events.iter().any(|e| matches!(
        e.kind,
        EventKind::TurnEnded { character } if character == 1
    )));
    // The heroes have nobody left to give a turn: the foes go on with Other.
    assert_eq!(t.legal(), vec![Action::Activate(t.c("Other"))]);
}

/// Three goblins with surprise against Clementine, who has danger sense, and Roland.
fn goblin_ambush() -> Table {
    let goblin = |name: &str, p| {
        CharacterSetup::new(name, 0, p)
            .stats(Stats {
                size: 3,
                endurance: 6,
                health: 6,
                ..Stats::default()
            })
            .hold(dagger())
    };
    let setup = TeamsSetup::new("Ambush", 8, 6)
        .team("Goblins")
        .team("Players")
        .started_by(0, Some(1))
        .surprise(0)
        .character(goblin("Gob", at(5, 4)))
        .character(goblin("Snik", at(3, 1)))
        .character(goblin("Rot", at(7, 0)))
        .character(
            CharacterSetup::new("Clementine", 1, at(3, 2))
                .stats(Stats {
                    danger_sense: true,
                    ..Stats::default()
                })
                .hold(sword()),
        )
        .character(CharacterSetup::new("Roland", 1, at(5, 5)));
    Table::new(&setup)
}

#[test]
fn clementine_with_danger_sense_acts_in_the_goblins_surprise_round() {
    covers(&["teams.surprise", "teams.danger-sense"]);
    // teams.surprise, teams.danger-sense: the goblins act first; of the players only
    // Clementine may, between goblin turns; she cuts Snik down, so one goblin fewer acts.
    let mut t = goblin_ambush();
    assert_eq!(t.s.round, 0, "the surprise round");
    assert!(t.text().contains("Surprise!"));
    assert_eq!(seat(&t), Some(Seat::Faction(0)));
    t.activate("Gob");
    t.act(Action::EndTurn, &[]);
    assert_eq!(t.legal(), vec![Action::Activate(t.c("Clementine"))]);
    t.activate("Clementine");
    // Sword: 6 + 6 = 12 hits, 12 + 4 = 16 against Snik's 6 endurance and 6 health: the
    // damage exceeds its health, and its luck test rolls 1.
    let a = t.attack("Clementine", Some("sword"), "Snik");
    t.act(a, &[6, 6, 5]);
    t.act(Action::NoReaction, &[1]);
    assert_eq!(t.ch("Snik").status, Status::Dead);
    t.act(Action::EndTurn, &[]);
    // Only Rot is left to act for the goblins.
    assert_eq!(t.legal(), vec![Action::Activate(t.c("Rot"))]);
    t.activate("Rot");
    t.act(Action::EndTurn, &[]);
    // Roland was surprised: the surprise round ends without him.
    assert_eq!(t.s.round, 1);
    assert_eq!(t.s.surprise, None);
    t.activate("Gob");
    t.act(Action::EndTurn, &[]);
    let roland = t.c("Roland");
    assert!(t.is_legal(&Action::Activate(roland)));
}

#[test]
fn the_surprised_cannot_react_and_are_sneak_attacked_in_the_surprise_round() {
    covers(&["teams.surprise"]);
    // teams.surprise: Gob stabs Roland, who has stamina for a dodge but cannot take it; the
    // attack has advantage: (1, 1) and (3, 3).
    let mut t = goblin_ambush();
    t.activate("Gob");
    let a = t.attack("Gob", Some("dagger"), "Roland");
    let events = t.act(a, &[1, 1, 5, 3, 3, 5]);
    let x = events.iter().find_map(|e| e.explanation.clone()).unwrap();
    assert!(x.modifiers.iter().any(|m| {
        m.cause
            .said()
            .contains("sneak attack: the target is surprised")
    }));
    // The dagger hits (6 against evasion 6 - 1 for the goblin's size = 5) and Roland takes
    // it without a reaction: back to Gob's turn.
    assert_eq!(x.total, 6);
    assert_eq!(t.s.stage, fray::rules::teams::Stage::Turn);
    // 6 + 2, the goblin smaller by 1: deflection 0 + 1.
    assert_eq!(t.ch("Roland").endurance, 3);
}

#[test]
fn the_gm_orders_the_teams_after_the_first_two() {
    covers(&["teams.initiative"]);
    // teams.initiative: four teams, the first started the fight, the second was attacked;
    // the GM places the other two, and the last one without asking.
    let mut s = TeamsSetup::new("Four", 8, 8)
        .team("A")
        .team("B")
        .team("C")
        .team("D")
        .started_by(0, Some(1));
    for team in 0..4 {
        s = s.character(CharacterSetup::new(
            format!("M{team}"),
            team,
            at(team as u8 * 2, 0),
        ));
    }
    let mut t = Table::new(&s);
    assert_eq!(
        t.pending(),
        Pending::Decide {
            seat: Seat::Gm,
            kind: DecisionKind::Initiative,
            time_limit: None
        }
    );
    assert_eq!(
        t.legal(),
        vec![Action::InitiativeNext(2), Action::InitiativeNext(3)]
    );
    t.act(Action::InitiativeNext(3), &[]);
    assert_eq!(t.s.order, vec![0, 1, 3, 2]);
    assert_eq!(seat(&t), Some(Seat::Faction(0)));
    // Three teams with the attacked one known: nothing for the GM to decide.
    let mut s = TeamsSetup::new("Three", 8, 8)
        .team("A")
        .team("B")
        .team("C")
        .started_by(2, Some(0));
    for team in 0..3 {
        s = s.character(CharacterSetup::new(
            format!("M{team}"),
            team,
            at(team as u8 * 2, 0),
        ));
    }
    let t = Table::new(&s);
    assert_eq!(t.s.order, vec![2, 0, 1]);
    assert_eq!(seat(&t), Some(Seat::Faction(2)));
}

/// A hero and an enemy far apart; the heroes' objective as given.
fn objective_case(objective: Objective) -> Table {
    objective_case_with(|s| s.objective(0, objective))
}

/// A hero and an enemy far apart, a lever and an exit by the hero; the setup as `edit` makes it.
fn objective_case_with(edit: impl FnOnce(TeamsSetup) -> TeamsSetup) -> Table {
    let setup = duel(
        8,
        3,
        vec![
            CharacterSetup::new("Hero", 0, at(1, 1)).stats(Stats {
                athletics: Some(fray::rules::dice::Die::D6),
                ..Stats::default()
            }),
            CharacterSetup::new("Enemy", 1, at(7, 2)),
        ],
    );
    let mut setup = edit(setup);
    setup.map.exits = vec![at(0, 1)];
    setup.tasks = vec![Task {
        name: "lever".into(),
        at: at(2, 0),
        attribute: fray::rules::teams::Attr::Strength,
        skill: fray::rules::teams::Skill::Athletics,
        difficulty: 6,
        team: Some(0),
        done: false,
    }];
    setup.round_limit = 3;
    let mut t = Table::new(&setup);
    t.activate("Hero");
    t
}

fn winner(t: &Table) -> Option<usize> {
    match t.pending() {
        Pending::Over(Outcome::Victory { winner, .. }) => Some(winner),
        _ => None,
    }
}

#[test]
fn reaching_a_square_completes_the_objective() {
    covers(&["teams.objectives"]);
    // teams.objectives: reach.
    let mut t = objective_case(Objective::Reach {
        squares: vec![at(4, 1)],
    });
    t.act(Action::Move(at(4, 1)), &[]);
    assert_eq!(winner(&t), Some(0));
}

#[test]
fn getting_away_by_an_exit_completes_an_escape() {
    covers(&["teams.objectives"]);
    // teams.objectives: escape by the exit at (0, 1).
    let mut t = objective_case(Objective::Escape { count: 1 });
    assert!(!t.is_legal(&Action::Escape));
    t.act(Action::Step(at(0, 1)), &[]);
    t.act(Action::Escape, &[]);
    assert_eq!(t.ch("Hero").status, Status::Fled);
    assert_eq!(winner(&t), Some(0));
}

#[test]
fn fleeing_without_an_objective_leaves_the_field_to_the_others() {
    covers(&["teams.combat"]);
    // teams.combat: the heroes' last member gone, the foes remain.
    let mut t = objective_case(Objective::Defeat);
    t.act(Action::Step(at(0, 1)), &[]);
    t.act(Action::Escape, &[]);
    assert_eq!(winner(&t), Some(1));
}

#[test]
fn completing_the_lever_completes_a_task_objective() {
    covers(&["teams.objectives", "teams.short-task"]);
    // teams.objectives, teams.short-task: 3 + 3 = 6 against 6.
    let mut t = objective_case(Objective::Task { task: 0 });
    t.act(Action::ShortTask(0), &[3, 3, 10]);
    assert_eq!(winner(&t), Some(0));
}

#[test]
fn holding_squares_for_the_rounds_wins_at_the_end_of_the_last() {
    covers(&["teams.objectives"]);
    // teams.objectives: hold (1, 1) for two rounds.
    let mut t = objective_case(Objective::Hold {
        squares: vec![at(1, 1)],
        rounds: 2,
    });
    t.act(Action::EndTurn, &[]);
    pass_turn(&mut t);
    assert_eq!(t.s.round, 2);
    assert_eq!(t.s.teams[0].held, 1);
    pass_turn(&mut t);
    pass_turn(&mut t);
    assert_eq!(winner(&t), Some(0));
}

#[test]
fn protecting_a_character_to_the_round_wins_then() {
    covers(&["teams.objectives"]);
    // teams.objectives: keep Hero conscious to the end of round 1.
    let mut t = objective_case(Objective::Protect {
        character: 0,
        rounds: 1,
    });
    t.act(Action::EndTurn, &[]);
    assert_eq!(winner(&t), None);
    pass_turn(&mut t);
    assert_eq!(winner(&t), Some(0));
}

#[test]
fn the_round_limit_ends_an_undecided_battle_in_a_draw() {
    covers(&["teams.objectives"]);
    // teams.objectives: three rounds of nothing.
    let mut t = objective_case(Objective::Defeat);
    t.act(Action::EndTurn, &[]);
    for _ in 0..5 {
        pass_turn(&mut t);
    }
    assert!(matches!(t.pending(), Pending::Over(Outcome::Draw { .. })));
    assert_eq!(t.s.round, 3);
}

#[test]
fn an_objective_changes_from_one_round_to_the_next_as_the_scenario_scripts_it() {
    covers(&["teams.combat"]);
    // teams.combat: "In rare situations, a team's objective may change from one round of
    // combat to another." The heroes fight to defeat the enemy in round 1; from round 2 they
    // must reach (4, 1), and are told so.
    let setup = duel(
        8,
        3,
        vec![
            CharacterSetup::new("Hero", 0, at(1, 1)),
            CharacterSetup::new("Enemy", 1, at(7, 2)),
        ],
    )
    .change_objective(
        0,
        ChangeWhen::Round(2),
        Objective::Reach {
            squares: vec![at(4, 1)],
        },
        "The bridge is burning: the heroes must cross to (4, 1)!",
    );
    let mut t = Table::new(&setup);
    t.activate("Hero");
    t.act(Action::Move(at(4, 1)), &[]);
    assert_eq!(
        winner(&t),
        None,
        "in round 1 the heroes fight to defeat the enemy"
    );
    t.act(Action::EndTurn, &[]);
    let events = pass_turn_events(&mut t);
    assert_eq!(t.s.round, 2);
    let said: Vec<&TeamsEvent> = events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::Objective { team: 0 }))
        .collect();
    assert_eq!(said.len(), 1);
    assert_eq!(
        said[0].line.said(),
        "The bridge is burning: the heroes must cross to (4, 1)!"
    );
    // Hero still stands on (4, 1): the new objective is complete as the round begins.
    assert_eq!(winner(&t), Some(0));
}

#[test]
fn an_objective_changes_when_the_scenario_event_happens() {
    covers(&["teams.objectives"]);
    // teams.objectives (reading): a change set off by an event. Once the lever is pulled the
    // heroes must get one of theirs away by the exit at (0, 1).
    let mut t = objective_case_with(|s| {
        s.change_objective(
            0,
            ChangeWhen::Task(0),
            Objective::Escape { count: 1 },
            "The gate grinds open: get away!",
        )
    });
    assert_eq!(t.s.teams[0].objective, Objective::Defeat);
    let events = t.act(Action::ShortTask(0), &[3, 3, 10]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Objective { team: 0 })
                && e.line.said() == "The gate grinds open: get away!")
    );
    assert_eq!(t.s.teams[0].objective, Objective::Escape { count: 1 });
    assert!(t.s.changes.is_empty());
    assert_eq!(winner(&t), None);
    t.act(Action::EndTurn, &[]);
    pass_turn(&mut t);
    t.activate("Hero");
    t.act(Action::Step(at(0, 1)), &[]);
    t.act(Action::Escape, &[]);
    assert_eq!(winner(&t), Some(0));
}

/// Gives the turn to the first member the team may choose, ends it, and returns what followed.
fn pass_turn_events(t: &mut Table) -> Vec<TeamsEvent> {
    let Some(Action::Activate(c)) = t.legal().first().copied() else {
        panic!("no activation: {:?}", t.pending());
    };
    let mut events = t.act(Action::Activate(c), &[]);
    events.extend(t.act(Action::EndTurn, &[]));
    events
}
