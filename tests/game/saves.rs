//! Nothing lost: a battle saved after any action and resumed ends as the uninterrupted one
//! did; the AI picks up where it was; decisions that rolled nothing can be taken back, and
//! nothing else can; the table's own dice save and replay like Fray's.

use bevy::prelude::*;

use crate::headless::{app_keeping, phase, prefs_dir};
use fray::ai::Level;
use fray::game::battle::{Battle, BattleDice, BattleSetup, Choice, Phase};
use fray::game::battle::{SavedBattles, save_of};
use fray::game::battle::{SeatKind, Seats};
use fray::game::input::may_undo;
use fray::game::platform::Prefs;
use fray::rules::battle::{Pending, RuleError, Seat};
use fray::rules::dice::DiceError;
use fray::save::Save;

/// A stream of numbers of its own for the test's picks (never the battle's dice).
struct Picks(u64);

impl Picks {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

fn seats_of(b: &Battle, kind: SeatKind) -> Seats {
    let seats: Vec<Seat> = b.session().seats().into_iter().map(|(s, _)| s).collect();
    Seats::new(vec![kind; seats.len()], &seats, kind)
}

/// Applies a choice; with the table's dice, types in what each asked-for roll shows (from
/// `picks`) until it goes through. Returns the values typed.
fn apply_typing(b: &mut Battle, c: &Choice, picks: &mut Picks) -> Vec<u8> {
    let mut typed = Vec::new();
    loop {
        match b.apply(c) {
            Ok(()) => return typed,
            Err(RuleError::Dice(DiceError::Exhausted { die, .. })) => {
                let v = picks.next(usize::from(die.sides)) as u8 + 1;
                let BattleDice::Table(t) = b.dice_mut() else {
                    panic!("Fray's own dice never run out");
                };
                t.push(v);
                typed.push(v);
            }
            Err(e) => panic!("{e}"),
        }
    }
}

/// A random battle: its choices, the values the table typed for each (if it rolls its own),
/// the save after each action (as text), and the final hash.
fn played(setup: &BattleSetup, cap: usize) -> (Vec<Choice>, Vec<Vec<u8>>, Vec<String>, u64) {
    let mut b = Battle::start(setup).unwrap();
    let seats = seats_of(&b, SeatKind::Ai(Level::Normal));
    let mut picks = Picks(setup.seed);
    let (mut choices, mut typed, mut saves) = (Vec::new(), Vec::new(), Vec::new());
    loop {
        saves.push(save_of(&b, &seats).unwrap().to_text().unwrap());
        if matches!(b.pending(), Pending::Over(_)) || choices.len() == cap {
            break;
        }
        // Surrender and the like (listed last) only when nothing else is left.
        let n = b.session().legal_len();
        let open = (0..n)
            .filter(|&i| !b.session().irreversible(i))
            .count()
            .max(1);
        let c = b.session().choice(picks.next(open)).unwrap();
        typed.push(apply_typing(&mut b, &c, &mut picks));
        choices.push(c);
    }
    (choices, typed, saves, b.session().state_hash())
}

#[test]
fn a_battle_saved_and_resumed_at_every_action_ends_as_the_uninterrupted_one() {
    for (scenario, seed, table_dice) in [
        ("duel", 3, false),
        ("wizards-and-bandits", 5, false),
        ("the-alarm", 2, false),
        ("duel", 4, true),
    ] {
        let setup = BattleSetup {
            scenario: scenario.into(),
            seed,
            table_dice,
            ..BattleSetup::default()
        };
        let (choices, typed, saves, last) = played(&setup, 250);
        assert!(choices.len() > 20, "{scenario}: {} actions", choices.len());
        for (k, text) in saves.iter().enumerate() {
            let save = Save::from_text(text).unwrap();
            assert_eq!(save.table_dice, table_dice);
            let mut b = Battle::resume(&save).unwrap_or_else(|e| panic!("{scenario} at {k}: {e}"));
            assert_eq!(b.taken(), k, "{scenario}");
            let mut picks = Picks(0);
            for (c, values) in choices[k..].iter().zip(&typed[k..]) {
                if let BattleDice::Table(t) = b.dice_mut() {
                    values.iter().for_each(|&v| t.push(v));
                }
                assert!(apply_typing(&mut b, c, &mut picks).is_empty(), "{scenario}");
            }
            assert_eq!(
                b.session().state_hash(),
                last,
                "{scenario}: resumed after action {k}, it ended elsewhere"
            );
        }
        // The last save is a replay like any other, the table's dice included.
        let save = Save::from_text(saves.last().unwrap()).unwrap();
        let src = fray::replay::to_ron(&save.replay);
        let r = fray::replay::parse("saved.ron", &src).unwrap();
        let run = fray::replay::run(&r, "saved.ron", &src).unwrap();
        assert_eq!(run.final_hash, last, "{scenario}");
    }
}

/// Frames until `done`, at most `limit`.
fn run_until(app: &mut App, limit: usize, done: impl Fn(&App) -> bool) {
    for _ in 0..limit {
        if done(app) {
            return;
        }
        app.update();
    }
    panic!("not done after {limit} frames");
}

fn over(app: &App) -> bool {
    phase(app) == Some(Phase::Over)
}

fn hash(app: &App) -> u64 {
    app.world().resource::<Battle>().session().state_hash()
}

#[test]
fn an_ai_battle_closed_mid_way_continues_from_its_save_to_the_same_end() {
    for scenario in ["duel", "wizards-and-bandits", "the-alarm"] {
        let setup = BattleSetup {
            scenario: scenario.into(),
            seats: vec![SeatKind::Ai(Level::Normal), SeatKind::Ai(Level::Easy)],
            seed: 9,
            ..BattleSetup::default()
        };
        let whole_dir = prefs_dir();
        let mut whole = app_keeping(setup.clone(), Prefs::in_dir(&whole_dir));
        run_until(&mut whole, 40_000, over);
        let end = hash(&whole);
        let taken_at_end = whole.world().resource::<Battle>().taken();

        let dir = prefs_dir();
        let mut first = app_keeping(setup, Prefs::in_dir(&dir));
        let cut = taken_at_end / 2;
        run_until(&mut first, 40_000, |a| {
            a.world().resource::<Battle>().taken() >= cut
        });
        let taken = first.world().resource::<Battle>().taken();
        let hash_then = hash(&first);
        drop(first);

        let saved = SavedBattles::read(&Prefs::in_dir(&dir));
        let (slot, save) = saved.latest().expect("the battle left mid-way is kept");
        assert_eq!(
            save.taken(),
            taken,
            "{scenario}: the save holds every action"
        );
        assert_eq!(save.replay.rules, Some(fray::rules::RULES_VERSION));
        let resumed = Battle::resume(save).unwrap();
        assert_eq!(
            resumed.session().state_hash(),
            hash_then,
            "{scenario}: resumed elsewhere"
        );
        let mut again = app_keeping(BattleSetup::resuming(slot, save), Prefs::in_dir(&dir));
        run_until(&mut again, 40_000, over);
        assert_eq!(hash(&again), end, "{scenario}: the AI went another way");
        // Its slot now says it is over: nothing to continue.
        again.update();
        let saved = SavedBattles::read(&Prefs::in_dir(&dir));
        assert!(saved.latest().is_none(), "{scenario}");
        assert_eq!(saved.listed.len(), 1, "{scenario}: one slot for the battle");
    }
}

/// Whether choice `i` rolls no dice: tried on a copy whose dice are the table's, with none
/// typed, it goes through.
fn rolls_nothing(b: &Battle, i: usize) -> bool {
    let mut s = Battle::resume(&saved(b)).unwrap();
    *s.dice_mut() = BattleDice::Table(fray::rules::dice::TableDice::default());
    s.apply(&b.session().choice(i).unwrap()).is_ok()
}

fn saved(b: &Battle) -> Save {
    save_of(b, &seats_of(b, SeatKind::Person)).unwrap()
}

#[test]
fn decisions_that_roll_nothing_are_taken_back_to_the_same_state_in_every_ruleset() {
    for (scenario, seed) in [("duel", 1), ("wizards-and-bandits", 1), ("the-alarm", 1)] {
        let setup = BattleSetup {
            scenario: scenario.into(),
            seed,
            seats: vec![SeatKind::Person, SeatKind::Person],
            gm: SeatKind::Person,
            ..BattleSetup::default()
        };
        let mut b = Battle::start(&setup).unwrap();
        let seats = seats_of(&b, SeatKind::Person);
        let mut picks = Picks(seed);
        // Walk until some seat has a decision that rolls nothing; take up to three of its
        // decisions that roll nothing, then take them all back.
        let mut walked = 0;
        let quiet = loop {
            let n = b.session().legal_len();
            if let Some(i) = (0..n).find(|&i| rolls_nothing(&b, i)) {
                break i;
            }
            let c = b.session().choice(picks.next(n)).unwrap();
            b.apply(&c).unwrap();
            walked += 1;
            assert!(walked < 500, "{scenario}: no decision rolls nothing");
        };
        let seat = b.session().pending().seat().unwrap();
        let (before, log_before, taken_before) =
            (b.session().state_hash(), b.log().len(), b.taken());
        let mut taken = vec![b.session().describe(quiet)];
        b.apply(&b.session().choice(quiet).unwrap()).unwrap();
        while taken.len() < 3 && b.session().pending().seat() == Some(seat) {
            let n = b.session().legal_len();
            let Some(i) = (0..n).find(|&i| rolls_nothing(&b, i)) else {
                break;
            };
            taken.push(b.session().describe(i));
            b.apply(&b.session().choice(i).unwrap()).unwrap();
        }
        assert_eq!(b.session().undoable(), Some(seat), "{scenario}: {taken:?}");
        let mut undone = 0;
        while b.taken() > taken_before {
            assert!(b.undo(), "{scenario}: {taken:?} at {undone}");
            undone += 1;
        }
        assert_eq!(undone, taken.len());
        assert_eq!(b.session().state_hash(), before, "{scenario}: {taken:?}");
        assert_eq!(
            b.log().len(),
            log_before,
            "{scenario}: the log went back too"
        );
        assert!(
            !b.undo(),
            "{scenario}: nothing before the walk is taken back"
        );
        // A person deciding may take back their own decision.
        b.apply(&b.session().choice(quiet).unwrap()).unwrap();
        if b.session().pending().seat() == Some(seat) {
            assert!(may_undo(&b, &seats), "{scenario}");
        }
        // After a roll, nothing is taken back: on to the first choice that rolls (the walk
        // ends where none does, so the next decision seldom offers one).
        let mut rolled = false;
        for _ in 0..500 {
            if matches!(b.pending(), Pending::Over(_)) {
                break;
            }
            let n = b.session().legal_len();
            if let Some(i) = (0..n).find(|&i| !rolls_nothing(&b, i)) {
                b.apply(&b.session().choice(i).unwrap()).unwrap();
                assert_eq!(b.session().undoable(), None, "{scenario}: after a roll");
                assert!(!b.undo());
                assert!(!may_undo(&b, &seats));
                rolled = true;
                break;
            }
            b.apply(&b.session().choice(picks.next(n)).unwrap())
                .unwrap();
        }
        assert!(rolled, "{scenario}: no choice rolled dice");
    }
}

#[test]
fn in_hot_seat_undo_is_the_deciding_side_s_own_and_ends_when_the_other_side_decides() {
    // Zones, both sides people: the Wardens hold the initiative and choose who acts first
    // (no dice); once the Reavers are deciding, the Wardens' choice is theirs no longer.
    let setup = BattleSetup {
        scenario: "duel".into(),
        seed: 1,
        seats: vec![SeatKind::Person, SeatKind::Person],
        ..BattleSetup::default()
    };
    let mut b = Battle::start(&setup).unwrap();
    let seats = seats_of(&b, SeatKind::Person);
    let mut picks = Picks(3);
    let mut checked = 0;
    for _ in 0..400 {
        if matches!(b.pending(), Pending::Over(_)) {
            break;
        }
        let seat = b.session().pending().seat();
        let n = b.session().legal_len();
        let i = picks.next(n);
        let quiet = rolls_nothing(&b, i);
        b.apply(&b.session().choice(i).unwrap()).unwrap();
        let now = b.session().pending().seat();
        if quiet && now != seat {
            // The other side decides now: the decision just taken is not theirs to take back.
            assert!(!may_undo(&b, &seats), "{:?} then {:?}", seat, now);
            checked += 1;
        }
        if quiet && now == seat {
            assert!(may_undo(&b, &seats));
        }
        if !quiet {
            assert!(!may_undo(&b, &seats));
        }
    }
    assert!(
        checked > 0,
        "no quiet decision handed over to the other side"
    );
    // The AI's decisions are never a person's to take back.
    let ai = seats_of(&b, SeatKind::Ai(Level::Normal));
    assert!(!may_undo(&b, &ai));
}

#[test]
fn a_decision_that_reveals_a_hidden_enemy_cannot_be_taken_back() {
    use fray::rules::battle::Ruleset;
    use fray::rules::zones::Zones;
    // Walk ambush battles until a decision rolls nothing yet reveals someone concealed.
    for seed in 1..200 {
        let setup = BattleSetup {
            scenario: "ambush".into(),
            seed,
            seats: vec![SeatKind::Person, SeatKind::Person],
            ..BattleSetup::default()
        };
        let mut b = Battle::start(&setup).unwrap();
        let mut picks = Picks(seed);
        for _ in 0..300 {
            if matches!(b.pending(), Pending::Over(_)) {
                break;
            }
            let n = b.session().legal_len();
            let i = picks.next(n);
            let quiet = rolls_nothing(&b, i);
            let before = b.typed::<Zones>().unwrap().state().clone();
            b.apply(&b.session().choice(i).unwrap()).unwrap();
            let after = b.typed::<Zones>().unwrap().state();
            if quiet && Zones::reveals(&before, after) {
                assert_eq!(b.session().undoable(), None, "seed {seed}");
                assert!(!b.undo());
                return;
            }
        }
    }
    panic!("no decision that rolls nothing revealed anyone in 200 ambushes");
}

#[test]
fn the_table_s_dice_are_asked_for_in_the_window_a_wrong_face_refused_in_place() {
    use fray::game::battle::{TableAsk, TableCancel, TableRoll};
    let setup = BattleSetup {
        scenario: "duel".into(),
        seats: vec![SeatKind::Ai(Level::Easy), SeatKind::Ai(Level::Easy)],
        seed: 2,
        table_dice: true,
        ..BattleSetup::default()
    };
    let dir = prefs_dir();
    let mut app = app_keeping(setup, Prefs::in_dir(&dir));
    // A decision waiting on the dice may be given up: nothing typed for it stays behind.
    run_until(&mut app, 20_000, |a| {
        a.world().contains_resource::<TableAsk>()
    });
    let taken = app.world().resource::<Battle>().taken();
    if let BattleDice::Table(t) = app.world_mut().resource_mut::<Battle>().dice_mut() {
        t.push(1);
    }
    app.world_mut().write_message(TableCancel);
    app.update();
    let b = app.world().resource::<Battle>();
    assert_eq!(b.taken(), taken);
    let BattleDice::Table(t) = &b.dice() else {
        panic!("the battle rolls the table's dice");
    };
    assert_eq!(t.typed_ahead(), 0);
    let mut answered = 0;
    while answered < 12 {
        run_until(&mut app, 20_000, |a| {
            a.world().contains_resource::<TableAsk>()
        });
        let (die, taken) = {
            let w = app.world();
            let ask = w.resource::<TableAsk>();
            // The question names the die, what it is for and the rule it follows.
            assert!(!ask.why.is_empty());
            assert!(
                fray::rules::notes::paragraph(&ask.rule).is_some(),
                "{}: {}",
                ask.why,
                ask.rule
            );
            (ask.die, w.resource::<Battle>().taken())
        };
        // A value the die cannot show is refused where it was typed, and asked again.
        app.world_mut()
            .write_message(TableRoll(format!("{}", die.sides + 1)));
        app.update();
        let ask = app.world().resource::<TableAsk>();
        let refused = ask.refused.clone().unwrap_or_default();
        assert!(refused.contains("is not a face of a"), "{refused}");
        assert_eq!(app.world().resource::<Battle>().taken(), taken);
        // A face of the die goes through: the decision is taken, or the next roll asked.
        app.world_mut().write_message(TableRoll("1".into()));
        app.update();
        answered += 1;
    }
    let b = app.world().resource::<Battle>();
    let BattleDice::Table(t) = &b.dice() else {
        panic!("the battle rolls the table's dice");
    };
    // Every die after the opening rolls is one the table typed.
    assert!(
        t.rolled.iter().rev().take(12).all(|&v| v == 1),
        "{:?}",
        t.rolled
    );
    assert!(b.taken() > 0);
    // The battle so far is kept with the table's dice, and plays back as it went.
    let saved = SavedBattles::read(&Prefs::in_dir(&dir));
    let (_, save) = saved.latest().unwrap();
    assert!(save.table_dice);
    let resumed = Battle::resume(save).unwrap();
    assert_eq!(resumed.session().state_hash(), b.session().state_hash());
}

/// A battle of `scenario` on the dice of `seed` played to its end, each choice picked by `pick`
/// (from the battle as it stands and a stream of numbers of the test's own).
fn played_out(
    scenario: &str,
    seed: u64,
    mut pick: impl FnMut(&Battle, &mut Picks) -> usize,
) -> Battle {
    let setup = BattleSetup {
        scenario: scenario.into(),
        seed,
        ..BattleSetup::default()
    };
    let mut b = Battle::start(&setup).unwrap();
    let mut picks = Picks(seed);
    for _ in 0..3000 {
        if matches!(b.session().pending(), Pending::Over(_)) {
            return b;
        }
        let i = pick(&b, &mut picks);
        b.apply(&b.session().choice(i).unwrap()).unwrap();
    }
    panic!("{scenario} on seed {seed} never ended");
}

/// Any legal choice, at random.
fn any_choice(b: &Battle, picks: &mut Picks) -> usize {
    picks.next(b.session().legal_len())
}

/// "Watch it again" on the result screen plays the battle just ended back from its start, to
/// the same end; a battle with the table's own dice is not offered it (its dice are not the
/// seed's).
#[test]
fn a_battle_watched_again_ends_as_it_was_played() {
    for scenario in ["duel", "the-alarm", "wizards-and-bandits"] {
        let played = played_out(scenario, 5, any_choice);
        let mut setup = BattleSetup::default();
        assert!(setup.watch_again(&played), "{scenario}");
        let mut watched = Battle::start(&setup).unwrap();
        while let Some(next) = watched.session().watch_next() {
            watched.apply(&next).unwrap();
        }
        assert_eq!(watched.taken(), played.taken(), "{scenario}");
        assert_eq!(
            watched.session().state_hash(),
            played.session().state_hash(),
            "{scenario}: watched to the same end"
        );
        let table = BattleSetup {
            scenario: scenario.into(),
            table_dice: true,
            ..BattleSetup::default()
        };
        let by_hand = Battle::start(&table).unwrap();
        let mut again = table.clone();
        assert!(!again.watch_again(&by_hand), "{scenario}: the table's dice");
        assert!(again.watch.is_none());
    }
}

/// The result screen's turning point is the action after which the winners' share of the fight
/// rose the most before the blow that ended it, told by its deciding roll's line when it rolled.
#[test]
fn the_turning_point_is_where_the_winners_odds_rose_most() {
    use fray::rules::battle::Outcome;
    for scenario in ["duel", "the-alarm", "wizards-and-bandits"] {
        let b = played_out(scenario, 9, any_choice);
        let Pending::Over(Outcome::Victory { winner, .. }) = b.session().pending().clone() else {
            continue;
        };
        let shares = b.share_history();
        assert_eq!(shares.len(), b.taken() + 1, "{scenario}");
        let rise = |k: usize| shares[k + 1][winner] - shares[k][winner];
        let tp = b.turning_point(winner).unwrap_or_else(|| {
            let winners: Vec<f64> = shares.iter().map(|s| s[winner]).collect();
            panic!("{scenario}: the winners' odds never rose: {winners:?}")
        });
        assert!(tp.after > tp.before, "{scenario}");
        assert_eq!(rise(tp.action), tp.after - tp.before);
        // Before the blow that ended it, which always looks decisive.
        let before_end = b.taken() - 1;
        assert!(tp.action < before_end, "{scenario}: not the final blow");
        assert!(
            (0..before_end).all(|k| rise(k) <= rise(tp.action)),
            "{scenario}: the most"
        );
        let told = &b.log()[tp.entry];
        assert!(!told.line.is_empty(), "{scenario}");
        assert!(
            b.log()[tp.entry..]
                .iter()
                .take(1)
                .all(|e| e.explanation.as_ref().is_none_or(|x| !x.dice.is_empty())),
            "{scenario}: a line that rolled, or the action's first words"
        );
    }
}

/// The odds the result screen gives a decision are the ones the board showed beside it before
/// it was taken: the battle re-played from its start to there.
#[test]
fn a_decision_s_odds_are_found_again_after_the_battle() {
    for scenario in ["duel", "the-alarm"] {
        let mut shown = Vec::new();
        let b = played_out(scenario, 3, |b, picks| {
            // A choice with odds where there is one (an attack), so that some are shown.
            let n = b.session().legal_len();
            let i = (0..n)
                .find(|&i| b.session().odds(i).is_some() && picks.next(2) == 0)
                .unwrap_or_else(|| picks.next(n));
            shown.push(b.session().odds(i));
            i
        });
        assert!(
            shown.iter().flatten().count() > 2,
            "{scenario}: some choices had odds"
        );
        for (k, odds) in shown.iter().enumerate().step_by(7) {
            assert_eq!(&b.odds_of(k), odds, "{scenario}: decision {k}");
        }
        let last = shown.iter().rposition(Option::is_some).unwrap();
        assert_eq!(b.odds_of(last), shown[last], "{scenario}");
    }
}

/// A saved battle that no longer opens (an optional rule its scenario lacks, an action the
/// rules now refuse) says why as the referee's facts, worded in the player's language: in
/// English as it always read, and under the pseudo-locale with no English left.
#[test]
fn a_save_that_no_longer_opens_says_why_in_the_players_language() {
    use fray::rulesets::Actions;
    use fray::words::{Lang, Words};
    let setup = BattleSetup {
        scenario: "duel".into(),
        seed: 3,
        ..BattleSetup::default()
    };
    let mut b = Battle::start(&setup).unwrap();
    for _ in 0..4 {
        let c = b.session().choice(0).unwrap();
        b.apply(&c).unwrap();
    }
    let good = saved(&b);
    let mut unknown_rule = good.clone();
    unknown_rule
        .replay
        .options
        .push(("no-such-rule".into(), true));
    let mut refused = good.clone();
    let Actions::Zones(actions) = &mut refused.replay.actions else {
        panic!("the duel is a Zones battle");
    };
    let n = actions.len();
    actions[n - 1] = fray::rules::zones::Action::Activate(99);
    let pseudo = Words::new(Lang::Pseudo);
    for (save, english_starts) in [
        (
            &unknown_rule,
            "the saved battle switches an optional rule its scenario does not have: no-such-rule",
        ),
        (
            &refused,
            &*format!("the saved battle's action {n} no longer plays: "),
        ),
    ] {
        let why = Battle::resume(save).err().expect("it does not open");
        let english = why.said(fray::words::english());
        assert!(english.starts_with(english_starts), "{english}");
        let said = why.said(&pseudo);
        assert!(said.contains('~'), "not the pseudo-locale's: {said}");
        let head = &english_starts[..20];
        assert!(!said.contains(head), "said in English: {said}");
    }
    assert!(Battle::resume(&good).is_ok());
}
