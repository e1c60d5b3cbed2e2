//! Coterie (`coterie-group-conflict.md`): the phase loop with scripted dice, each case the exact
//! outcome the rulebook gives.

use fray::rules::battle::{Outcome, Pending, Ruleset, Seat};
use fray::rules::coterie::CoterieSetup;
use fray::rules::coterie::harm::{self, GroupResult};
use fray::rules::coterie::performance::{fatigue_penalty, shift};
use fray::rules::coterie::{
    Action, Coterie, Degree, Effort, FOES, Harm, HarmKind, Morale, PARTY, Performance, Special,
    Stage, State, effort,
};
use fray::rules::dice::ScriptedDice;
use fray::scenario::Setup;
use fray::words::{InEnglish, Said};

use crate::covers;

/// A lesson's board (`assets/lessons/scenarios/`): its numbers stay fixed, so the sums in these
/// cases are the boards', while the menu's scenarios are balanced for play.
fn board(name: &str) -> CoterieSetup {
    match fray::lessons::load_scenario(name).unwrap().setup {
        Setup::Coterie(s) => s,
        _ => panic!("a Coterie scenario"),
    }
}

fn setup(name: &str) -> State {
    board(name).state
}

/// Asserts that the events' lines hold `line`.
fn said(out: &[String], line: &str) {
    assert!(out.iter().any(|l| l == line), "no {line:?} in {out:#?}");
}

/// The conflict started (no dice at the start) and each action applied with its dice.
struct Table {
    s: State,
}

impl Table {
    fn new(name: &str) -> Table {
        let (s, _) = Coterie::start(&board(name), &mut ScriptedDice::new([])).unwrap();
        Table { s }
    }

    fn act(&mut self, a: Action, dice: &[u8]) -> Vec<String> {
        let mut d = ScriptedDice::new(dice.iter().copied());
        let events = Coterie::apply(&mut self.s, &a, &mut d)
            .unwrap_or_else(|e| panic!("{a:?} refused: {e}"));
        assert_eq!(d.remaining(), 0, "{a:?} left dice unrolled");
        events.iter().map(|e| e.line.english(&self.s)).collect()
    }

    /// Every player's character fights steadily and brings every skill it can.
    fn declare_all(&mut self, effort: Effort) {
        while let Stage::Declare(_) = self.s.stage {
            self.act(Action::Declare(effort.clone()), &[]);
        }
    }

    /// Ambush in the pass's first phase, everyone steady and bringing everything, played with
    /// `dice` to `character`'s special action.
    fn to_special(dice: &[u8], character: usize, mild: bool) -> Table {
        let mut t = Table::new("ambush-in-the-pass");
        t.declare_all(Effort::Steady);
        t.bring_all(dice);
        assert_eq!(t.s.stage, Stage::Special { character, mild });
        t
    }

    /// The winner of the conflict, over, and how it was won.
    fn over(&self) -> (usize, String) {
        match Coterie::pending(&self.s) {
            Pending::Over(Outcome::Victory { winner, how }) => (winner, how.english(&self.s)),
            p => panic!("not over: {p:?} at {:?}", self.s.stage),
        }
    }

    /// What the GM's own policy chooses now.
    fn gm_choice(&self) -> Action {
        use fray::ai::Heuristics;
        let legal = Coterie::legal_actions(&self.s);
        legal[Coterie::gm_choice(&self.s, &legal)].clone()
    }

    /// Every special action due taken as the menu's first, and allowed.
    fn settle_specials(&mut self) {
        while let Stage::Special { .. } | Stage::Review { .. } = self.s.stage {
            let a = Coterie::legal_actions(&self.s).remove(0);
            self.act(a, &[]);
        }
    }

    /// The phase of `efforts_are_tallied_rolled_and_compared`, the wizards' 29 against the
    /// bandits' 23, everyone steady, played to the harm of the wizards' major victory.
    fn win_29_to_23(&mut self) {
        self.declare_all(Effort::Steady);
        self.bring_all(&[3, 4, 2, 2, 3, 3, 2, 5, 6, 6]);
        self.settle_specials();
    }

    fn bring_all(&mut self, dice: &[u8]) -> Vec<String> {
        let mut out = Vec::new();
        while let Stage::Bring(i) = self.s.stage {
            let last = i + 1 == self.s.party().len();
            let best = Coterie::legal_actions(&self.s).remove(0);
            out = self.act(best, if last { dice } else { &[] });
        }
        out
    }
}

#[test]
fn degrees_of_victory_by_margin() {
    covers(&["coterie.degrees", "coterie.duels"]);
    // coterie.degrees: 16+ decisive, 6–15 major, 1–5 minor, 0 draw.
    assert_eq!(Degree::of_margin(16), Degree::Decisive);
    assert_eq!(Degree::of_margin(-15), Degree::Major);
    assert_eq!(Degree::of_margin(6), Degree::Major);
    assert_eq!(Degree::of_margin(5), Degree::Minor);
    assert_eq!(Degree::of_margin(1), Degree::Minor);
    assert_eq!(Degree::of_margin(0), Degree::Draw);
    // coterie.duels: 7+, 3–6, 1–2, 0.
    assert_eq!(Degree::of_duel_margin(7), Degree::Decisive);
    assert_eq!(Degree::of_duel_margin(6), Degree::Major);
    assert_eq!(Degree::of_duel_margin(3), Degree::Major);
    assert_eq!(Degree::of_duel_margin(2), Degree::Minor);
    assert_eq!(Degree::of_duel_margin(0), Degree::Draw);
}

#[test]
fn performance_counts_ones_and_sixes_and_places_bonuses_after_the_roll() {
    covers(&["coterie.performance"]);
    // coterie.performance: 1s -1, 6s +1.
    assert_eq!(shift([1, 6], 0).0, 0);
    assert_eq!(shift([6, 6], 0).0, 2);
    assert_eq!(shift([1, 1], 0).0, -2);
    // +1 placed on the 5 makes a 6.
    assert_eq!(shift([5, 3], 1), (1, [6, 3]));
    // Where the placing changes nothing, the first die keeps its face and the second takes
    // the points: the breakdown shows (3, 4), the same on every machine.
    assert_eq!(shift([3, 3], 1), (0, [3, 4]));
    // +1 placed on a 1 lifts it off the -1.
    assert_eq!(shift([1, 3], 1).0, 0);
    // A penalty of 1 goes where it hurts least: on the 4, not the 2.
    assert_eq!(shift([2, 4], -1).0, 0);
    // At ±5 a shift is automatic and the dice still count; the rest repeats the rule.
    assert_eq!(shift([6, 3], 5).0, 2);
    assert_eq!(shift([3, 3], -5).0, -1);
    assert_eq!(shift([3, 3], 10).0, 2);
    assert_eq!(
        shift([2, 3], -7).0,
        -2,
        "-5 automatic, then -2 puts a 2 on 1"
    );
    assert_eq!(Performance::of_shift(2), Performance::Great);
    assert_eq!(Performance::of_shift(3), Performance::Great);
    assert_eq!(Performance::of_shift(1), Performance::Good);
    assert_eq!(Performance::of_shift(0), Performance::Normal);
    assert_eq!(Performance::of_shift(-1), Performance::Poor);
    assert_eq!(Performance::of_shift(-2), Performance::Awful);
}

#[test]
fn fatigue_table_goes_on_past_ten() {
    covers(&["coterie.fatigue"]);
    // coterie.fatigue: 1–2 -1, 3–4 -2, 5–6 -3, 7–8 -4, 9–10 -5, ...
    let table: Vec<i32> = (0..=12).map(fatigue_penalty).collect();
    assert_eq!(table, vec![0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]);
    // At 9 fatigue the -5 is an automatic -1 shift, and the dice still count.
    assert_eq!(shift([3, 4], -fatigue_penalty(9)).0, -1);
}

#[test]
fn efforts_are_tallied_rolled_and_compared() {
    covers(&[
        "coterie.phase",
        "coterie.characters",
        "coterie.effort",
        "coterie.group-roll",
        "coterie.degrees",
        "coterie.special-actions",
    ]);
    // coterie.phase, coterie.characters, coterie.effort, coterie.group-roll, coterie.degrees:
    // skills, nuances, leadership and group work from the characters' sheets.
    let mut t = Table::new("ambush-in-the-pass");
    t.declare_all(Effort::Steady);
    // Wizards bring everything: Maelis sorcery 6 + fighting 1 + fire 2, Odran 5, Tiv 3 + 3,
    // leadership 2 (Maelis), group work 0 (Odran): 22 + 2d6 (3, 4) = 29.
    // Bandits: 5 + 1 (ambush) + 4 + 3 + 2 + equipment 4, leadership 1, group work -1 (Twitch):
    // 19 + 2d6 (2, 2) = 23. Margin 6: a major victory for the wizards.
    // Then each wizard's performance: Maelis (3, 3) with +1 for a second skill, Odran (2, 5),
    // Tiv (6, 6) with +1.
    let out = t.bring_all(&[3, 4, 2, 2, 3, 3, 2, 5, 6, 6]);
    said(&out, "The Wizards: effort 29");
    said(&out, "The Bandits: effort 23");
    assert!(
        out.iter()
            .any(|l| l.starts_with("major victory for The Wizards (margin 6)"))
    );
    said(&out, "Maelis performs Normal (+0)");
    said(&out, "Odran performs Normal (+0)");
    said(&out, "Tiv performs Great (+2)");
    // coterie.special-actions: Tiv at +2 proposes one.
    assert_eq!(
        t.s.stage,
        Stage::Special {
            character: 2,
            mild: false
        }
    );
    assert_eq!(
        Coterie::pending(&t.s).seat(),
        Some(Seat::Character(2)),
        "the character's own seat decides"
    );
}

#[test]
fn a_skill_a_character_lacks_is_neither_brought_nor_listed_at_nought() {
    covers(&["coterie.effort"]);
    // coterie.effort: each character brings the relevant skills they have. Odran has no
    // fighting and Grell no sorcery: neither is counted, not even as a +0 line of the breakdown,
    // whether or not the character has chosen yet (the opposition never chooses).
    let s = setup("ambush-in-the-pass");
    assert_eq!(
        effort::skills_counted(&s, 1),
        vec![("sorcery".to_string(), 5)]
    );
    assert_eq!(
        effort::skills_counted(&s, 3),
        vec![("fighting".to_string(), 5)]
    );
    assert!(
        !effort::contribution(&s, 1)
            .iter()
            .any(|m| m.cause.said().contains("fighting")),
        "{:?}",
        effort::contribution(&s, 1)
    );
}

#[test]
fn a_group_trait_counts_whole_until_injured_and_the_breakdown_says_which() {
    covers(&["coterie.trait-injuries"]);
    // coterie.trait-injuries: the Bandits' equipment (4) counts whole, and its line says no
    // injury; injured by 2, it counts 2 and its line gives both figures.
    let mut s = setup("ambush-in-the-pass");
    let line = |s: &State| {
        effort::group_effort(s, FOES)
            .into_iter()
            .find(|m| m.cause.english(s).contains("equipment"))
            .map(|m| (m.value, m.cause.english(s)))
    };
    assert_eq!(line(&s), Some((4, "The Bandits' equipment".to_string())));
    s.groups[FOES]
        .trait_injuries
        .insert("equipment".to_string(), 2);
    assert_eq!(
        line(&s),
        Some((2, "The Bandits' equipment (4, injured −2)".to_string()))
    );
}

#[test]
fn an_unwounded_opposition_has_no_wounds_line_and_a_wounded_one_pays_wounds_times_vulnerability() {
    covers(&["coterie.wounds"]);
    // coterie.wounds: the penalty is wounds × vulnerability; with no wounds there is nothing to
    // pay, and the breakdown shows no "wounds 0" line.
    let mut s = setup("ambush-in-the-pass");
    let wounds = |s: &State| {
        effort::group_effort(s, FOES)
            .into_iter()
            .filter(|m| m.cause.english(s).starts_with("wounds"))
            .map(|m| (m.value, m.cause.english(s)))
            .collect::<Vec<_>>()
    };
    assert_eq!(wounds(&s), vec![]);
    s.groups[FOES].wounds = 2;
    let v = s.vulnerability(FOES);
    assert_eq!(
        wounds(&s),
        vec![(-2 * v, format!("wounds 2 × vulnerability {v}"))]
    );
}

#[test]
fn the_players_wounds_line_names_armour_only_where_they_wear_it() {
    covers(&["coterie.wounds"]);
    // coterie.wounds: three wizards without armour, one wound among them: 1 × 3 / 3 = 1, and
    // the line says nothing of armour; in armour 1 it says what the armour took.
    let mut s = setup("ambush-in-the-pass");
    s.characters[0].wounds = 1;
    s.groups[PARTY].armour = 0;
    let line = |s: &State| effort::party_wounds(s).map(|m| (m.value, m.cause.english(s)));
    assert_eq!(
        line(&s),
        Some((-1, "wounds 1 × vulnerability 3 / 3 members".to_string()))
    );
    s.groups[PARTY].armour = 1;
    assert_eq!(
        line(&s),
        Some((
            0,
            "wounds 1 × vulnerability 2 (3 less armour 1) / 3 members".to_string()
        ))
    );
}

#[test]
fn the_winner_harms_the_other_side() {
    covers(&["coterie.group-harm"]);
    // coterie.group-harm: the winner chooses the harm the other side takes; each side's other is the
    // opposing group, never itself.
    assert_eq!(effort::other(PARTY), FOES);
    assert_eq!(effort::other(FOES), PARTY);
}

#[test]
fn the_wizards_equipment_injury_on_the_bandits_is_minus_eight_and_costs_them_four() {
    covers(&["coterie.trait-injuries"]);
    // coterie.trait-injuries: the rulebook's own example, number for number.
    let mut s = setup("ambush-in-the-pass");
    assert_eq!(s.vulnerability(FOES), 4, "four bandits, no armour");
    let before = effort::total(&effort::group_effort(&s, FOES));
    let text = harm::apply_to_group(
        &mut s,
        FOES,
        &Harm {
            kind: HarmKind::Trait("equipment".into()),
            degree: Degree::Minor,
        },
    );
    assert_eq!(s.groups[FOES].trait_injuries["equipment"], 8, "{text:?}");
    let after = effort::total(&effort::group_effort(&s, FOES));
    assert_eq!(
        before - after,
        4,
        "the equipment gave +4; the rest does not matter"
    );
    // A major injury to the same trait doubles two levels: 2 × 4 × 2 = -16.
    let mut m = setup("ambush-in-the-pass");
    let text = harm::apply_to_group(
        &mut m,
        FOES,
        &Harm {
            kind: HarmKind::Trait("equipment".into()),
            degree: Degree::Major,
        },
    );
    assert_eq!(m.groups[FOES].trait_injuries["equipment"], 16);
    assert_eq!(
        text.english(&m),
        "The Bandits' equipment injured: 2 × vulnerability 4 × 2 = -16 to their equipment"
    );
    // A minor wound instead would have been -4.
    let mut w = setup("ambush-in-the-pass");
    harm::apply_to_group(
        &mut w,
        FOES,
        &Harm {
            kind: HarmKind::Wounds,
            degree: Degree::Minor,
        },
    );
    let wounded = effort::total(&effort::group_effort(&w, FOES));
    assert_eq!(before - wounded, 4);
}

#[test]
fn wounds_cost_wounds_times_vulnerability_and_vulnerability_counts_those_still_in() {
    covers(&["coterie.wounds"]);
    // coterie.wounds: a major injury is 2 wounds; four bandits without armour or toughness are
    // vulnerability 4, so the next effort loses 2 × 4 = 8. With one bandit out of the
    // conflict, vulnerability 3: the same wounds cost 6.
    let mut s = setup("ambush-in-the-pass");
    let before = effort::total(&effort::group_effort(&s, FOES));
    let text = harm::apply_to_group(
        &mut s,
        FOES,
        &Harm {
            kind: HarmKind::Wounds,
            degree: Degree::Major,
        },
    );
    assert_eq!(
        text.english(&s),
        "The Bandits take major wounds: wounds 2 × vulnerability 4 = -8 to their effort"
    );
    assert_eq!(s.groups[FOES].wounds, 2);
    let lines = effort::group_effort(&s, FOES);
    assert!(
        lines
            .iter()
            .any(|l| l.value == -8 && l.cause.said() == "wounds 2 × vulnerability 4"),
        "{lines:?}"
    );
    assert_eq!(before - effort::total(&lines), 8);
    let twitch = s
        .characters
        .iter()
        .position(|c| c.name == "Twitch")
        .unwrap();
    s.characters[twitch].standing = fray::rules::coterie::Standing::Out;
    assert_eq!(s.vulnerability(FOES), 3);
    assert!(
        effort::group_effort(&s, FOES)
            .iter()
            .any(|l| l.value == -6 && l.cause.said() == "wounds 2 × vulnerability 3")
    );
}

#[test]
fn push_backs_move_the_track_and_cost_three_a_step_next_phase() {
    covers(&["coterie.push-backs", "coterie.tactical-penalty"]);
    // coterie.push-backs, coterie.tactical-penalty: the wizards' 34 against the bandits' 22 is a
    // major victory; a major push-back takes the bandits to -2 and costs them -6 on the next
    // phase's effort, and only on that one.
    let mut t = Table::new("ambush-in-the-pass");
    win_phase(&mut t, [1, 2]);
    t.act(Action::Inflict(vec![push_back(Degree::Major)]), &[]);
    assert_eq!(t.s.groups[FOES].position, -2);
    t.act(Action::Morale(Morale::FightOn), &[]);
    // Phase 2, the dice of `efforts_are_tallied_rolled_and_compared`: the bandits' 19 + (2, 2)
    // less 6 is 17.
    t.declare_all(Effort::Steady);
    let out = t.bring_all(&[3, 4, 2, 2, 3, 3, 3, 3, 3, 3]);
    said(&out, "The Bandits: effort 17");
    // The penalty is spent: the next effort counts nothing for the track, where it stands.
    let lines = effort::group_effort(&t.s, FOES);
    assert!(
        !lines.iter().any(|l| l.cause.said() == "tactical position"),
        "{lines:?}"
    );
    assert_eq!(t.s.groups[FOES].position, -2);
    // A decisive push-back from -3 stops at -5.
    let mut s = setup("ambush-in-the-pass");
    s.groups[FOES].position = -3;
    harm::apply_to_group(&mut s, FOES, &push_back(Degree::Decisive));
    assert_eq!(s.groups[FOES].position, -5, "the track stops at -5");
}

#[test]
fn mixed_results_two_minors_for_a_major_three_or_a_minor_and_a_major_for_a_decisive() {
    covers(&["coterie.mixed"]);
    // coterie.mixed.
    let kinds = vec![HarmKind::Tactical, HarmKind::Wounds];
    let major = harm::compositions(Degree::Major, &kinds);
    assert!(major.iter().all(|c| harm::weight(c) == 2));
    assert!(major.contains(&vec![
        Harm {
            kind: HarmKind::Tactical,
            degree: Degree::Minor
        },
        Harm {
            kind: HarmKind::Wounds,
            degree: Degree::Minor
        }
    ]));
    assert_eq!(
        major.len(),
        2 + 3,
        "one major of each kind, three pairs of minors"
    );
    let decisive = harm::compositions(Degree::Decisive, &kinds);
    assert!(decisive.iter().all(|c| harm::weight(c) == 3));
    assert_eq!(decisive.len(), 2 + 4 + 4);
    assert_eq!(harm::compositions(Degree::Minor, &kinds).len(), 2);
}

#[test]
fn the_harm_table_for_the_players_characters() {
    covers(&["coterie.harm-table"]);
    // coterie.harm-table, row by row (0 none, 1 minor, 2 major, 3 decisive).
    use Performance::*;
    let row = |r| [Great, Good, Normal, Poor, Awful].map(|p| harm::due(r, p));
    assert_eq!(row(GroupResult::Win(Degree::Decisive)), [0, 0, 0, 0, 0]);
    assert_eq!(row(GroupResult::Win(Degree::Major)), [0, 0, 0, 0, 0]);
    assert_eq!(row(GroupResult::Win(Degree::Minor)), [0, 0, 0, 0, 1]);
    // A neutral draw assigns the group no harm, and the cells only cap what it was assigned.
    assert_eq!(row(GroupResult::Draw { harmful: false }), [0, 0, 0, 0, 0]);
    assert_eq!(row(GroupResult::Draw { harmful: true }), [0, 0, 1, 2, 3]);
    assert_eq!(row(GroupResult::Loss(Degree::Minor)), [0, 0, 1, 2, 3]);
    assert_eq!(row(GroupResult::Loss(Degree::Major)), [0, 1, 2, 3, 3]);
    assert_eq!(row(GroupResult::Loss(Degree::Decisive)), [1, 2, 3, 3, 3]);
}

/// Plays phase 1 of Wizards and Bandits to a bandit victory of the given margin: the wizards
/// bring everything (22 before the dice), the bandits have 19.
fn lose_phase(t: &mut Table, wizard_dice: [u8; 2], bandit_dice: [u8; 2], perf: [u8; 6]) {
    t.declare_all(Effort::Steady);
    let mut dice = wizard_dice.to_vec();
    dice.extend(bandit_dice);
    dice.extend(perf);
    t.bring_all(&dice);
    t.settle_specials();
}

#[test]
fn falling_back_instead_of_the_gms_harm() {
    covers(&["coterie.group-harm", "coterie.fall-back"]);
    // coterie.group-harm, coterie.fall-back: 22 + (1, 1) = 24 against 19 + (6, 6) = 31: a
    // major loss (margin 7); the GM seat composes the harm, the players may fall back.
    let mut t = Table::new("ambush-in-the-pass");
    lose_phase(&mut t, [1, 1], [6, 6], [3, 3, 3, 3, 3, 3]);
    assert_eq!(
        t.s.stage,
        Stage::Harm {
            winner: FOES,
            degree: Degree::Major
        }
    );
    assert_eq!(
        Coterie::pending(&t.s).seat(),
        Some(Seat::Gm),
        "the GM chooses"
    );
    let wounds = Action::Inflict(vec![Harm {
        kind: HarmKind::Wounds,
        degree: Degree::Major,
    }]);
    t.act(wounds, &[]);
    assert!(matches!(t.s.stage, Stage::FallBack { .. }));
    t.act(Action::FallBack(true), &[]);
    assert_eq!(
        t.s.groups[PARTY].position, -2,
        "a major loss taken as two steps back"
    );
    assert!(
        t.s.characters.iter().all(|c| c.wounds == 0),
        "falling back spares the injuries"
    );
}

/// Plays phase 1 of Wizards and Bandits to a victory for the wizards: 22 + (6, 6) = 34 against
/// the bandits' 19 and their dice; every performance a plain Normal.
fn win_phase(t: &mut Table, bandit_dice: [u8; 2]) {
    t.declare_all(Effort::Steady);
    let mut dice = vec![6, 6];
    dice.extend(bandit_dice);
    dice.extend([3, 3, 3, 3, 3, 3]);
    t.bring_all(&dice);
    t.settle_specials();
}

fn wounds(degree: Degree) -> Harm {
    Harm {
        kind: HarmKind::Wounds,
        degree,
    }
}

fn push_back(degree: Degree) -> Harm {
    Harm {
        kind: HarmKind::Tactical,
        degree,
    }
}

#[test]
fn a_beaten_opposition_may_fall_back_rather_than_suffer_the_harm() {
    covers(&["coterie.degrees"]);
    // coterie.degrees: "Major victory. Opposition can decide to fall back or its members can
    // suffer harm." 34 against 19 + (1, 2) = 22, a margin of 12; the players choose major wounds
    // and the GM, for the bandits, chooses.
    for fall_back in [true, false] {
        let mut t = Table::new("ambush-in-the-pass");
        win_phase(&mut t, [1, 2]);
        assert_eq!(
            t.s.stage,
            Stage::Harm {
                winner: PARTY,
                degree: Degree::Major
            }
        );
        t.act(Action::Inflict(vec![wounds(Degree::Major)]), &[]);
        assert_eq!(
            t.s.stage,
            Stage::FoesFallBack {
                harm: vec![wounds(Degree::Major)]
            }
        );
        assert_eq!(Coterie::pending(&t.s).seat(), Some(Seat::Gm));
        t.act(Action::FallBack(fall_back), &[]);
        let g = &t.s.groups[FOES];
        if fall_back {
            assert_eq!((g.position, g.tactical_penalty, g.wounds), (-2, 6, 0));
            // At -2 the GM judges their morale (coterie.flee); bandits who break at -3 hold.
            assert_eq!(t.s.stage, Stage::Morale);
            assert_eq!(t.gm_choice(), Action::Morale(Morale::FightOn));
            t.act(Action::Morale(Morale::FightOn), &[]);
        } else {
            assert_eq!((g.position, g.tactical_penalty, g.wounds), (0, 0, 2));
        }
        assert_eq!(t.s.stage, Stage::Declare(0), "the next phase begins");
    }
}

#[test]
fn push_backs_and_decisive_victories_leave_the_opposition_no_fall_back() {
    covers(&["coterie.degrees"]);
    // coterie.degrees: falling back two steps is what a major push-back (or two minor ones)
    // already does, so the GM is not asked; a decisive victory's "members will be harmed".
    for harm in [
        vec![push_back(Degree::Major)],
        vec![push_back(Degree::Minor), push_back(Degree::Minor)],
    ] {
        let mut t = Table::new("ambush-in-the-pass");
        win_phase(&mut t, [1, 2]);
        t.act(Action::Inflict(harm), &[]);
        assert_eq!(t.s.groups[FOES].position, -2);
        assert_eq!(t.s.stage, Stage::Morale, "the GM judges their morale at -2");
        t.act(Action::Morale(Morale::FightOn), &[]);
        assert_eq!(t.s.stage, Stage::Declare(0));
    }
    // A group bonus of 5: 39 against 22, a margin of 17.
    let mut t = Table::new("ambush-in-the-pass");
    t.s.groups[PARTY].bonus = 5;
    win_phase(&mut t, [1, 2]);
    assert_eq!(
        t.s.stage,
        Stage::Harm {
            winner: PARTY,
            degree: Degree::Decisive
        }
    );
    t.act(Action::Inflict(vec![wounds(Degree::Decisive)]), &[]);
    assert_eq!(t.s.groups[FOES].wounds, 3);
    // A decisive loss has the GM judge their morale (coterie.degrees); a GM who has them fight
    // on goes on to the next phase.
    assert_eq!(t.s.stage, Stage::Morale);
    t.act(Action::Morale(Morale::FightOn), &[]);
    assert_eq!(t.s.stage, Stage::Declare(0));
}

#[test]
fn injuries_reach_each_character_only_up_to_their_cell() {
    covers(&["coterie.individual-harm"]);
    // coterie.individual-harm: a major loss, major injuries; Maelis (Normal) is due major,
    // Odran (Good, a 6) minor, Tiv (Great) nothing.
    let mut t = Table::new("ambush-in-the-pass");
    // Maelis (3, 3) +1 → Normal; Odran (6, 3) → Good; Tiv (6, 5) +1 → Great.
    lose_phase(&mut t, [1, 1], [6, 6], [3, 3, 6, 3, 6, 5]);
    t.act(
        Action::Inflict(vec![Harm {
            kind: HarmKind::Wounds,
            degree: Degree::Major,
        }]),
        &[],
    );
    let out = t.act(Action::FallBack(false), &[]);
    let wounds: Vec<i32> = t.s.characters[..3].iter().map(|c| c.wounds).collect();
    assert_eq!(wounds, vec![2, 1, 0]);
    assert_eq!(t.s.groups[PARTY].position, 0);
    // The players' injuries are their characters' own, not a group count of wounds.
    said(&out, "The Wizards take major injuries");
    assert_eq!(t.s.groups[PARTY].wounds, 0);
}

#[test]
fn a_decisive_loss_fallen_back_keeps_one_level_for_injuries() {
    covers(&["coterie.fall-back"]);
    // coterie.fall-back: 22 + (1, 1) = 24 against 19 + (6, 6) + ... needs a margin of 16: give
    // the bandits a tactical bonus instead.
    let mut t = Table::new("ambush-in-the-pass");
    t.s.groups[FOES].bonus = 9;
    lose_phase(&mut t, [1, 1], [6, 6], [3, 3, 3, 3, 3, 3]);
    assert_eq!(
        t.s.stage,
        Stage::Harm {
            winner: FOES,
            degree: Degree::Decisive
        }
    );
    t.act(
        Action::Inflict(vec![Harm {
            kind: HarmKind::Tactical,
            degree: Degree::Decisive,
        }]),
        &[],
    );
    t.act(Action::FallBack(true), &[]);
    // "The GM reserves the right to use one level of harm to inflict injuries": the GM's seat
    // is asked, the injury first, the right waived last.
    assert!(matches!(t.s.stage, Stage::Reserve { fleeing: false, .. }));
    assert_eq!(Coterie::pending(&t.s).seat(), Some(Seat::Gm));
    assert_eq!(
        Coterie::legal_actions(&t.s),
        vec![
            Action::Reserve(Some(HarmKind::Wounds)),
            Action::Reserve(None)
        ]
    );
    let mut waived = Table { s: t.s.clone() };
    t.act(Action::Reserve(Some(HarmKind::Wounds)), &[]);
    assert_eq!(t.s.groups[PARTY].position, -2, "two levels back, not three");
    // Normal performance in a decisive loss is due decisive harm; the kept level is minor.
    assert!(t.s.characters[..3].iter().all(|c| c.wounds == 1));
    // Waived, the players take the whole loss on the track, and nobody is hurt.
    waived.act(Action::Reserve(None), &[]);
    assert_eq!(waived.s.groups[PARTY].position, -3);
    assert_eq!(waived.s.groups[PARTY].tactical_penalty, 9);
    assert!(waived.s.characters[..3].iter().all(|c| c.wounds == 0));
}

#[test]
fn the_players_may_flee_the_conflict_rather_than_take_the_harm() {
    covers(&["coterie.fall-back"]);
    // coterie.fall-back: falling back "may also include fleeing from the conflict". A major
    // loss (24 against 31): the players flee; the conflict ends, lost, and nobody is hurt.
    let mut t = Table::new("ambush-in-the-pass");
    lose_phase(&mut t, [1, 1], [6, 6], [3, 3, 3, 3, 3, 3]);
    t.act(Action::Inflict(vec![wounds(Degree::Major)]), &[]);
    assert_eq!(
        Coterie::legal_actions(&t.s).last(),
        Some(&Action::FleeConflict)
    );
    t.act(Action::FleeConflict, &[]);
    assert_eq!(t.s.stage, Stage::Over);
    assert!(
        matches!(&t.s.outcome, Some(Outcome::Victory { winner, .. }) if *winner == FOES),
        "{:?}",
        t.s.outcome
    );
    assert!(t.s.characters.iter().all(|c| c.wounds == 0));
    assert_eq!(t.s.groups[PARTY].position, 0);
    // A decisive loss (the bandits' bonus as above): fleeing does not take back the level the
    // GM keeps for injuries; Normal performance lets the minor wound through.
    let mut t = Table::new("ambush-in-the-pass");
    t.s.groups[FOES].bonus = 9;
    lose_phase(&mut t, [1, 1], [6, 6], [3, 3, 3, 3, 3, 3]);
    t.act(Action::Inflict(vec![push_back(Degree::Decisive)]), &[]);
    t.act(Action::FleeConflict, &[]);
    assert!(matches!(t.s.stage, Stage::Reserve { fleeing: true, .. }));
    let mut waived = Table { s: t.s.clone() };
    t.act(Action::Reserve(Some(HarmKind::Wounds)), &[]);
    assert_eq!(t.s.stage, Stage::Over);
    assert!(t.s.characters[..3].iter().all(|c| c.wounds == 1));
    // The GM may let them go unhurt.
    waived.act(Action::Reserve(None), &[]);
    assert_eq!(waived.s.stage, Stage::Over);
    assert!(waived.s.characters.iter().all(|c| c.wounds == 0));
}

#[test]
fn the_gm_judges_the_enemys_morale_at_its_breaking_point() {
    covers(&["coterie.flee"]);
    // coterie.flee: "an enemy may flee or capitulate by the time his position reaches -2 or -3
    // ... the GM must use his judgment." The bandits, whose morale gives out at -3, pushed from
    // -1 to -3: the GM is asked, and the book's usual is that they give up.
    let mut t = Table::new("ambush-in-the-pass");
    t.s.groups[FOES].position = -1;
    t.win_29_to_23();
    t.act(Action::Inflict(vec![push_back(Degree::Major)]), &[]);
    assert_eq!(t.s.groups[FOES].position, -3);
    assert_eq!(t.s.stage, Stage::Morale);
    assert_eq!(Coterie::pending(&t.s).seat(), Some(Seat::Gm));
    assert_eq!(
        Coterie::side(&t.s, Seat::Gm),
        None,
        "the GM judges morale as a referee, not to win"
    );
    assert_eq!(
        Coterie::legal_actions(&t.s),
        vec![
            Action::Morale(Morale::Capitulate),
            Action::Morale(Morale::FightOn),
            Action::Morale(Morale::Flee),
        ],
        "the usual choice first, then the others"
    );
    // The GM's policy capitulates, surrounded at -3.
    let usual = t.gm_choice();
    assert_eq!(usual, Action::Morale(Morale::Capitulate));
    let mut gave_up = Table { s: t.s.clone() };
    gave_up.act(usual, &[]);
    assert_eq!(
        gave_up.over(),
        (PARTY, "The Bandits capitulate".to_string())
    );
    let mut fled = Table { s: t.s.clone() };
    fled.act(Action::Morale(Morale::Flee), &[]);
    assert_eq!(fled.over(), (PARTY, "The Bandits flee".to_string()));
    // A GM who judges they fight on: the conflict goes on, and the GM is not asked again at -3.
    t.act(Action::Morale(Morale::FightOn), &[]);
    assert_eq!(t.s.stage, Stage::Declare(0));
    assert_eq!(t.s.groups[FOES].held_at, Some(-3));
}

#[test]
fn a_shaken_enemy_is_asked_again_only_when_pushed_further() {
    covers(&["coterie.flee"]);
    // Bandits with no breaking point (the GM's usual: fight on to -5), back at -1 after a win,
    // pushed two steps to -3: asked again where the GM last held them at -2, not where it
    // held them at -3 already.
    for (held, asked) in [(-2, true), (-3, false)] {
        let mut t = Table::new("ambush-in-the-pass");
        t.s.groups[FOES].breaks_at = None;
        t.s.groups[FOES].position = -1;
        t.s.groups[FOES].held_at = Some(held);
        t.win_29_to_23();
        t.act(Action::Inflict(vec![push_back(Degree::Major)]), &[]);
        assert_eq!(t.s.groups[FOES].position, -3);
        if asked {
            assert_eq!(t.s.stage, Stage::Morale);
            assert_eq!(t.gm_choice(), Action::Morale(Morale::FightOn));
        } else {
            assert_eq!(t.s.stage, Stage::Declare(0));
        }
    }
}

#[test]
fn a_decisive_loss_has_the_gm_judge_whether_the_enemy_is_crushed() {
    covers(&["coterie.degrees", "coterie.flee"]);
    // coterie.degrees: "16+ Decisive victory. Opposition crushed, flees or is defeated. Its
    // members will be harmed." A group bonus of 5: 39 against 22, a margin of 17; the wizards
    // deal decisive wounds (3, short of cutting four bandits down), and then the GM judges the
    // bandits' morale. The book's usual: they flee (at 0 on the track they can still get away).
    let mut t = Table::new("ambush-in-the-pass");
    t.s.groups[PARTY].bonus = 5;
    win_phase(&mut t, [1, 2]);
    t.act(Action::Inflict(vec![wounds(Degree::Decisive)]), &[]);
    assert_eq!((t.s.groups[FOES].wounds, t.s.groups[FOES].position), (3, 0));
    assert_eq!(t.s.stage, Stage::Morale);
    let usual = t.gm_choice();
    assert_eq!(usual, Action::Morale(Morale::Flee));
    t.act(usual, &[]);
    assert_eq!(t.over(), (PARTY, "The Bandits flee".to_string()));
    // The players' own decisive loss keeps the book's exception: no morale question, the GM's
    // reserved level and the fall-back (coterie.fall-back).
}

#[test]
fn a_side_at_minus_five_is_over_run_whole_whatever_its_breaking_point() {
    covers(&["coterie.over-run"]);
    // coterie.over-run: "Whenever a side's position would hit -5, it is over-run and loses the
    // conflict", whatever its morale: bandits with no breaking point at -3, and bandits who
    // would hold to -6 at -4, pushed back two by the wizards' 29 against 23.
    for (breaks_at, from) in [(None, -3), (Some(-6), -4)] {
        let mut t = Table::new("ambush-in-the-pass");
        t.s.groups[FOES].breaks_at = breaks_at;
        t.s.groups[FOES].position = from;
        // The GM already had them fight on where they stand.
        t.s.groups[FOES].held_at = Some(from);
        t.win_29_to_23();
        t.act(Action::Inflict(vec![push_back(Degree::Major)]), &[]);
        assert_eq!(t.s.groups[FOES].position, -5);
        assert_eq!(t.over(), (PARTY, "The Bandits are over-run".to_string()));
    }
}

#[test]
fn the_players_pushed_to_minus_five_are_over_run_in_total_defeat() {
    covers(&["coterie.over-run", "coterie.fall-back"]);
    // coterie.over-run, coterie.fall-back: "reaching a tactical position of -5 spells total
    // defeat". The wizards at -3 lose a major phase (24 against 31) and take the GM's major
    // push-back.
    let mut t = Table::new("ambush-in-the-pass");
    t.s.groups[PARTY].position = -3;
    lose_phase(&mut t, [1, 1], [6, 6], [3, 3, 3, 3, 3, 3]);
    t.act(Action::Inflict(vec![push_back(Degree::Major)]), &[]);
    t.act(Action::FallBack(false), &[]);
    assert_eq!(t.s.groups[PARTY].position, -5);
    assert_eq!(
        t.over(),
        (FOES, "The Wizards are over-run: total defeat".to_string())
    );
}

#[test]
fn a_mild_special_action_goes_to_the_one_at_plus_one_else_the_largest_contributor() {
    covers(&["coterie.mild-special"]);
    // coterie.mild-special: no one at +2; Odran alone at +1 (a 6).
    let t = Table::to_special(&[3, 4, 2, 2, 3, 3, 6, 3, 3, 3], 1, true);
    let legal = Coterie::legal_actions(&t.s);
    assert!(
        !legal.contains(&Action::Propose(Special::Tactical)),
        "no tactical change when mild"
    );
    // Nobody at +1 or +2: Maelis, who brings 9 points, contributes most.
    let mut t = Table::to_special(&[3, 4, 2, 2, 3, 3, 3, 3, 3, 3], 0, true);
    t.act(Action::Propose(Special::GroupBonus), &[]);
    assert_eq!(Coterie::pending(&t.s).seat(), Some(Seat::Gm));
    assert_eq!(
        Coterie::side(&t.s, Seat::Gm),
        None,
        "the GM reviews as referee, for neither side"
    );
    t.act(Action::Review(true), &[]);
    assert_eq!(t.s.groups[PARTY].bonus, 1, "a mild group bonus is +1");
}

#[test]
fn a_harmful_draw_never_pushes_both_sides_and_every_draw_tires() {
    covers(&["coterie.draws"]);
    // coterie.draws: 22 + (1, 2) = 25 against 19 + (3, 3) = 25.
    let mut t = Table::new("ambush-in-the-pass");
    t.declare_all(Effort::Steady);
    t.bring_all(&[1, 2, 3, 3, 3, 3, 3, 3, 3, 3]);
    t.settle_specials();
    assert_eq!(t.s.stage, Stage::Draw);
    let legal = Coterie::legal_actions(&t.s);
    assert!(!legal.contains(&Action::HarmfulDraw {
        party_tactical: true,
        foes: HarmKind::Tactical
    }));
    assert!(legal.contains(&Action::NeutralDraw));
    t.act(
        Action::HarmfulDraw {
            party_tactical: false,
            foes: HarmKind::Tactical,
        },
        &[],
    );
    // The players chose the bandits' harm; the GM picks their injury.
    assert_eq!(Coterie::pending(&t.s).seat(), Some(Seat::Gm));
    assert_eq!(t.s.groups[FOES].position, -1);
    t.act(Action::PartyInjury(HarmKind::Wounds), &[]);
    // Normal performance in a harmful draw is due minor harm: each wizard takes one wound.
    assert!(t.s.characters[..3].iter().all(|c| c.wounds == 1));
    assert!(
        t.s.characters[..3].iter().all(|c| c.fatigue == 1),
        "the draw tires"
    );
    assert_eq!(t.s.phase, 2);
}

#[test]
fn pressing_hard_adds_two_now_and_a_fatigue_after() {
    covers(&["coterie.individual-actions", "coterie.fatigue"]);
    // coterie.individual-actions, coterie.fatigue.
    let mut t = Table::new("ambush-in-the-pass");
    t.act(Action::Declare(Effort::Press), &[]);
    while let Stage::Declare(_) = t.s.stage {
        t.act(Action::Declare(Effort::Steady), &[]);
    }
    let out = t.bring_all(&[3, 4, 2, 2, 3, 3, 2, 5, 6, 6]);
    said(&out, "The Wizards: effort 31");
    assert_eq!(t.s.characters[0].fatigue, 1);
    assert_eq!(t.s.characters[1].fatigue, 0);
}

#[test]
fn an_illegal_action_is_refused_and_changes_nothing() {
    let mut t = Table::new("ambush-in-the-pass");
    let before = t.s.clone();
    let e = Coterie::apply(&mut t.s, &Action::Review(true), &mut ScriptedDice::new([]));
    assert!(e.is_err());
    assert_eq!(t.s, before);
    // Dice running out half-way leave the conflict as it was.
    t.declare_all(Effort::Steady);
    let before = t.s.clone();
    let mut last = Coterie::legal_actions(&t.s).remove(0);
    while let Stage::Bring(i) = t.s.stage {
        last = Coterie::legal_actions(&t.s).remove(0);
        if i + 1 == t.s.party().len() {
            break;
        }
        t.act(last.clone(), &[]);
    }
    let mid = t.s.clone();
    assert!(Coterie::apply(&mut t.s, &last, &mut ScriptedDice::new([3, 4, 2])).is_err());
    assert_eq!(t.s, mid);
    assert_ne!(mid, before);
}

#[test]
fn a_duel_is_fought_apart_from_the_group_and_its_loser_leaves_the_conflict() {
    covers(&[
        "coterie.special-actions",
        "coterie.duels",
        "coterie.degrees",
    ]);
    // coterie.special-actions, coterie.duels: Tiv, at +2, starts a duel with Grell.
    let mut t = Table::new("ambush-in-the-pass");
    t.declare_all(Effort::Steady);
    t.bring_all(&[3, 4, 2, 2, 3, 3, 2, 5, 6, 6]);
    t.act(Action::Propose(Special::Duel(3)), &[]);
    t.act(Action::Review(true), &[]);
    assert_eq!(
        t.s.characters[2].standing,
        fray::rules::coterie::Standing::Dueling(3)
    );
    assert_eq!(
        t.s.in_group(FOES),
        vec![4, 5, 6],
        "Grell leaves the bandits' effort"
    );
    t.act(
        Action::Inflict(vec![Harm {
            kind: HarmKind::Wounds,
            degree: Degree::Major,
        }]),
        &[],
    );
    // The bandits take the wounds rather than fall back (coterie.degrees).
    t.act(Action::FallBack(false), &[]);
    // Phase 2: only Maelis and Odran declare; after the group's rolls and their performances
    // the duel is rolled: Tiv's sorcery 3 + fighting 3 + (6, 6) = 18 against Grell's fighting
    // 5 + his nuance ambush 1 + (1, 1) = 8, a margin of 10: decisive, Grell is beaten.
    assert_eq!(t.s.party(), vec![0, 1]);
    t.declare_all(Effort::Steady);
    let out = t.bring_all(&[3, 3, 3, 3, 3, 3, 3, 3, 6, 6, 1, 1]);
    said(&out, "Tiv: 18 in the duel");
    said(&out, "Grell: 8 in the duel");
    assert_eq!(
        t.s.characters[3].standing,
        fray::rules::coterie::Standing::Out
    );
    assert_eq!(
        t.s.characters[3].wounds, 3,
        "defeated, with harm: the decisive harm"
    );
    assert_eq!(
        t.s.characters[2].standing,
        fray::rules::coterie::Standing::InConflict,
        "the winner rejoins the group"
    );
    assert_eq!(t.s.characters[2].wounds, 0);
}

/// Tiv and Grell in a duel from phase 1 (as in the case above), phase 2's group rolls made
/// with 3s, and the duel rolled with Tiv's and Grell's dice: Tiv 6 + his, Grell 6 (fighting 5,
/// his nuance ambush 1) + his.
fn duel(tiv: [u8; 2], grell: [u8; 2]) -> (Table, Vec<String>) {
    let mut t = Table::new("ambush-in-the-pass");
    t.declare_all(Effort::Steady);
    t.bring_all(&[3, 4, 2, 2, 3, 3, 2, 5, 6, 6]);
    t.act(Action::Propose(Special::Duel(3)), &[]);
    t.act(Action::Review(true), &[]);
    t.act(Action::Inflict(vec![wounds(Degree::Major)]), &[]);
    t.act(Action::FallBack(false), &[]);
    t.declare_all(Effort::Steady);
    let mut dice = vec![3; 8];
    dice.extend(tiv);
    dice.extend(grell);
    let out = t.bring_all(&dice);
    (t, out)
}

#[test]
fn each_duel_result_by_its_margin() {
    covers(&["coterie.duels"]);
    use fray::rules::coterie::Standing;
    // coterie.duels: "7+ Decisive victory. Opponent defeated, with harm." Grell's 6 + (6, 6)
    // = 18 against Tiv's 6 + (1, 1) = 8: Tiv takes the decisive harm and is beaten.
    let (t, out) = duel([1, 1], [6, 6]);
    said(&out, "Tiv: 8 in the duel");
    said(&out, "Grell wins the duel's phase: a decisive victory");
    assert_eq!(t.s.characters[2].wounds, 3);
    assert_eq!(t.s.characters[2].standing, Standing::Out);
    assert!(t.s.in_group(FOES).contains(&3), "Grell rejoins the bandits");
    // "3-6 Major victory. Opponent can decide to fall back or receive harm": 6 + (4, 4) = 14
    // against 6 + (2, 3) = 11; Grell's answer is the GM's.
    let (t, _) = duel([4, 4], [2, 3]);
    assert_eq!(t.s.stage, Stage::DuelAnswer { loser: 3 });
    assert_eq!(Coterie::pending(&t.s).seat(), Some(Seat::Gm));
    let mut harmed = Table { s: t.s.clone() };
    harmed.act(Action::DuelFallBack(false), &[]);
    assert_eq!(harmed.s.characters[3].wounds, 2, "a major wound");
    assert_eq!(harmed.s.characters[3].duel_position, 0);
    assert_eq!(harmed.s.characters[3].standing, Standing::Dueling(2));
    let mut fell_back = Table { s: t.s };
    fell_back.act(Action::DuelFallBack(true), &[]);
    assert_eq!(fell_back.s.characters[3].wounds, 0);
    assert_eq!(fell_back.s.characters[3].duel_position, -2);
    // "1-2 Minor victory. Push the opponent": 6 + (4, 3) = 13 against 12, a step on the duel's
    // track, and no penalty for it on the next duel roll.
    let (t, _) = duel([4, 3], [3, 3]);
    assert_eq!(t.s.characters[3].duel_position, -1);
    assert_eq!(t.s.characters[3].wounds, 0);
    assert_eq!(t.s.characters[3].standing, Standing::Dueling(2));
    // "0 Draw. No substantial effect": 6 + (3, 3) = 12 against 12.
    let (t, out) = duel([3, 3], [3, 3]);
    said(&out, "The duel is even this phase.");
    let (tiv, grell) = (&t.s.characters[2], &t.s.characters[3]);
    assert_eq!(
        (
            tiv.duel_position,
            tiv.wounds,
            grell.duel_position,
            grell.wounds
        ),
        (0, 0, 0, 0)
    );
    assert_eq!(tiv.standing, Standing::Dueling(3));
}

#[test]
fn a_duellist_pushed_to_minus_three_is_beaten_and_a_push_costs_no_duel_roll() {
    covers(&["coterie.duels"]);
    use fray::rules::coterie::Standing;
    // coterie.duels: Grell pushed a step (13 against 12), then in phase 3 the duel's rolls
    // count his fighting 5, his nuance and his dice only: no line for the duel's track.
    let (mut t, _) = duel([4, 3], [3, 3]);
    assert_eq!(t.s.characters[3].duel_position, -1);
    t.s.characters[3].duel_position = -2;
    while !matches!(t.s.stage, Stage::Declare(_)) {
        let a = Coterie::legal_actions(&t.s).remove(0);
        t.act(a, &[]);
    }
    t.declare_all(Effort::Steady);
    let mut d = ScriptedDice::new([3, 3, 3, 3, 3, 3, 3, 3, 4, 3, 3, 3]);
    let mut last = Vec::new();
    while let Stage::Bring(_) = t.s.stage {
        let a = Coterie::legal_actions(&t.s).remove(0);
        last = Coterie::apply(&mut t.s, &a, &mut d).unwrap();
    }
    let grell = last
        .iter()
        .find(|e| e.line.english(&t.s) == "Grell: 12 in the duel")
        .and_then(|e| e.explanation.clone())
        .expect("Grell's duel roll");
    assert_eq!(
        grell
            .modifiers
            .iter()
            .map(|m| (m.value, m.cause.english(&t.s)))
            .collect::<Vec<_>>(),
        vec![
            (5, "fighting".to_string()),
            (1, "nuance: ambush".to_string())
        ]
    );
    // 13 against 12: the step that takes Grell to -3 beats him.
    assert_eq!(t.s.characters[3].standing, Standing::Out);
    assert_eq!(t.s.characters[2].standing, Standing::InConflict);
}

#[test]
fn a_character_who_did_well_may_flee_the_field_after_a_tactical_loss() {
    covers(&["coterie.flee-field"]);
    // coterie.flee-field: Odran rolls a 6 (Good) in a major loss taken as a fall-back.
    let mut t = Table::new("ambush-in-the-pass");
    lose_phase(&mut t, [1, 1], [6, 6], [3, 3, 6, 3, 3, 3]);
    t.act(
        Action::Inflict(vec![Harm {
            kind: HarmKind::Tactical,
            degree: Degree::Major,
        }]),
        &[],
    );
    t.act(Action::FallBack(false), &[]);
    assert_eq!(t.s.stage, Stage::Flee(1), "only Odran did well enough");
    assert_eq!(Coterie::pending(&t.s).seat(), Some(Seat::Character(1)));
    t.act(Action::Flee(true), &[]);
    assert_eq!(
        t.s.characters[1].standing,
        fray::rules::coterie::Standing::Out
    );
    assert_eq!(t.s.characters[1].wounds, 0, "unharmed");
    assert_eq!(t.s.party(), vec![0, 2]);
}

#[test]
fn a_declared_goal_advances_when_the_group_does_well() {
    covers(&["coterie.individual-actions"]);
    // coterie.individual-actions: Brannoc works towards the gatehouse lever.
    let mut t = Table::new("forcing-the-gate");
    t.act(Action::Declare(Effort::Goal), &[]);
    t.declare_all(Effort::Steady);
    let out = t.bring_all(&[6, 6, 1, 1, 3, 3, 3, 3, 3, 3]);
    assert!(
        out.iter().any(|l| l.contains("victory for The Company")),
        "{out:#?}"
    );
    let goal = t.s.characters[0].goal.as_ref().unwrap();
    assert_eq!(goal.progress, 1);
    said(&out, "Brannoc gets closer to the gatehouse lever (1/2)");
}

/// The phase of `efforts_are_tallied_rolled_and_compared` played to Tiv's special action (+2),
/// Tiv proposing `proposal` and the GM answering: as proposed, or made milder.
fn tiv_special_reviewed(proposal: Special, as_proposed: bool, fatigue: i32) -> Table {
    let mut t = Table::to_special(&[3, 4, 2, 2, 3, 3, 2, 5, 6, 6], 2, false);
    t.s.characters[2].fatigue = fatigue;
    t.act(Action::Propose(proposal.clone()), &[]);
    assert_eq!(
        t.s.stage,
        Stage::Review {
            character: 2,
            mild: false,
            proposal
        }
    );
    assert_eq!(Coterie::pending(&t.s).seat(), Some(Seat::Gm));
    t.act(Action::Review(as_proposed), &[]);
    t
}

#[test]
fn each_special_action_on_the_menu_does_what_it_says_and_the_gm_may_make_it_milder() {
    covers(&["coterie.special-actions"]);
    // coterie.special-actions: "+2 to the group's next effort", as proposed; +1 made milder.
    for (as_proposed, k) in [(true, 2), (false, 1)] {
        let t = tiv_special_reviewed(Special::GroupBonus, as_proposed, 0);
        assert_eq!(t.s.groups[PARTY].bonus, k);
        let lines = effort::group_effort(&t.s, PARTY);
        assert!(
            lines
                .iter()
                .any(|m| m.value == k && m.cause.said() == "special actions"),
            "{lines:?}"
        );
    }
    // "+2 to one's own next performance roll".
    for (as_proposed, k) in [(true, 2), (false, 1)] {
        let t = tiv_special_reviewed(Special::SelfBonus, as_proposed, 0);
        assert_eq!(t.s.characters[2].performance_bonus, k);
        let m = fray::rules::coterie::performance::modifiers(&t.s, 2, 1);
        assert!(
            m.iter()
                .any(|m| m.value == k && m.cause.said() == "special action"),
            "{m:?}"
        );
    }
    // "Shaking off 2 fatigue": Tiv at 3 fatigue comes down to 1, or 2 when made milder.
    for (as_proposed, left) in [(true, 1), (false, 2)] {
        let t = tiv_special_reviewed(Special::Recover, as_proposed, 3);
        assert_eq!(t.s.characters[2].fatigue, left);
    }
    // "A tactical change (the enemy pushed back a step, with its -3)"; a GM who makes it
    // milder gives the mild menu's group bonus instead, since the mild menu has no tactical
    // change, and the enemy's track stays where it was.
    let t = tiv_special_reviewed(Special::Tactical, true, 0);
    assert_eq!(t.s.groups[FOES].position, -1);
    assert_eq!(t.s.groups[FOES].tactical_penalty, 3);
    let t = tiv_special_reviewed(Special::Tactical, false, 0);
    assert_eq!(t.s.groups[FOES].position, 0);
    assert_eq!(t.s.groups[FOES].tactical_penalty, 0);
    assert_eq!(t.s.groups[PARTY].bonus, 1);
    // A duel made milder is no duel: the same mild group bonus, and nobody leaves the group.
    let grell =
        t.s.characters
            .iter()
            .position(|c| c.name == "Grell")
            .unwrap();
    let t = tiv_special_reviewed(Special::Duel(grell), false, 0);
    assert_eq!(t.s.groups[PARTY].bonus, 1);
    assert_eq!(t.s.in_group(PARTY).len(), 3);
    assert!(t.s.in_group(FOES).contains(&grell));
}

#[test]
fn a_fault_always_counts_and_a_nuance_only_with_its_skill_in_a_conflict_that_lists_it() {
    covers(&["coterie.characters", "coterie.effort"]);
    // coterie.characters, coterie.effort: Odran given a relevant fault (fighting -2), a skill
    // the conflict does not ask for (riding 4), a negative nuance the conflict lists (fire -1
    // on sorcery) and a positive one it does not (stealth +3 on sorcery).
    let mut t = Table::new("ambush-in-the-pass");
    let odran = &mut t.s.characters[1];
    odran.skills.insert("fighting".into(), -2);
    odran.skills.insert("riding".into(), 4);
    odran.nuances = vec![
        fray::rules::coterie::Nuance {
            name: "fire".into(),
            skill: "sorcery".into(),
            value: -1,
        },
        fray::rules::coterie::Nuance {
            name: "stealth".into(),
            skill: "sorcery".into(),
            value: 3,
        },
    ];
    t.declare_all(Effort::Steady);
    t.act(Coterie::legal_actions(&t.s).remove(0), &[]);
    assert_eq!(t.s.stage, Stage::Bring(1));
    assert_eq!(
        Coterie::legal_actions(&t.s),
        vec![Action::Bring(vec!["sorcery".into()])],
        "a fault is not chosen, nor a skill the conflict does not ask for"
    );
    t.act(Action::Bring(vec!["sorcery".into()]), &[]);
    let lines: Vec<(i32, String)> = effort::contribution(&t.s, 1)
        .into_iter()
        .map(|m| (m.value, m.cause.english(&t.s)))
        .collect();
    assert_eq!(
        lines,
        vec![
            (5, "Odran's sorcery".to_string()),
            (-2, "Odran's fighting".to_string()),
            (-1, "Odran's nuance: fire".to_string()),
        ]
    );
    // The wizards' 22 of `efforts_are_tallied_rolled_and_compared` less Odran's 3, and the
    // same dice: 19 + (3, 4) = 26.
    let out = t.bring_all(&[3, 4, 2, 2, 3, 3, 2, 5, 6, 6]);
    said(&out, "The Wizards: effort 26");
}

/// Phase 1 of the lesson board to a draw, 22 + (1, 2) = 25 against 19 + (3, 3) = 25, with the
/// wizards' performance dice; any special action taken as the menu's first.
fn draw_phase(perf: [u8; 6]) -> Table {
    let mut t = Table::new("ambush-in-the-pass");
    t.declare_all(Effort::Steady);
    let mut dice = vec![1, 2, 3, 3];
    dice.extend(perf);
    t.bring_all(&dice);
    t.settle_specials();
    assert_eq!(t.s.stage, Stage::Draw);
    t
}

#[test]
fn a_neutral_draw_hurts_nobody_whatever_they_rolled() {
    covers(&["coterie.draws", "coterie.harm-table"]);
    // coterie.draws: "A neutral draw has no net effect for anyone. Neither side receives harm
    // … The only possible effect is a fatigue gain." Maelis (1, 1) with +1 and Tiv (1, 1) with
    // +1 perform Poor, Odran (1, 1) Awful: the table's cells would have hurt them, but a
    // neutral draw assigns the group no harm for the cells to cap (coterie.harm-table).
    let mut t = draw_phase([1, 1, 1, 1, 1, 1]);
    let shifts: Vec<Option<i32>> = t.s.parts.iter().map(|p| p.shift).collect();
    assert_eq!(shifts, vec![Some(-1), Some(-2), Some(-1)]);
    let mut harmful = Table { s: t.s.clone() };
    t.act(Action::NeutralDraw, &[]);
    assert!(t.s.characters.iter().all(|c| c.wounds == 0));
    assert_eq!(
        (t.s.groups[PARTY].position, t.s.groups[FOES].position),
        (0, 0)
    );
    assert!(t.s.characters[..3].iter().all(|c| c.fatigue == 1));
    // A harmful draw's minor injuries reach Odran, Awful, only as minor: the cell caps the
    // group's harm, it does not add to it.
    harmful.act(
        Action::HarmfulDraw {
            party_tactical: false,
            foes: HarmKind::Tactical,
        },
        &[],
    );
    harmful.act(Action::PartyInjury(HarmKind::Wounds), &[]);
    let wounds: Vec<i32> = harmful.s.characters[..3].iter().map(|c| c.wounds).collect();
    assert_eq!(wounds, vec![1, 1, 1]);
}

#[test]
fn the_players_armour_counts_against_their_wounds() {
    covers(&["coterie.wounds"]);
    // coterie.wounds: vulnerability is "the number of individuals that compose the group, minus
    // the effects of the armor they are wearing". The Company (armour 1, three members), each
    // with a wound: 3 wounds × vulnerability 2 / 3 members = -2, where without armour it is -3.
    let mut t = Table::new("forcing-the-gate");
    for c in t.s.party() {
        t.s.characters[c].wounds = 1;
    }
    let lines = effort::group_effort(&t.s, PARTY);
    let wound_lines: Vec<(i32, String)> = lines
        .iter()
        .filter(|l| l.cause.english(&t.s).starts_with("wounds"))
        .map(|l| (l.value, l.cause.english(&t.s)))
        .collect();
    assert_eq!(
        wound_lines,
        vec![(
            -2,
            "wounds 3 × vulnerability 2 (3 less armour 1) / 3 members".to_string()
        )]
    );
    let armoured = effort::total(&lines);
    t.s.groups[PARTY].armour = 0;
    assert_eq!(
        armoured - effort::total(&effort::group_effort(&t.s, PARTY)),
        1
    );
    // No one's own contribution counts their wounds twice.
    assert!(
        effort::contribution(&t.s, 0)
            .iter()
            .all(|l| !l.cause.said().contains("wounds"))
    );
}

#[test]
fn wounds_and_fatigue_come_off_the_effort_and_injuries_off_the_performance() {
    covers(&["coterie.fatigue", "coterie.wounds", "coterie.performance"]);
    // coterie.fatigue: "every point of fatigue penalizes a character's contribution"; Odran
    // at fatigue 2 gives 3 of his 5. coterie.wounds, coterie.performance: Maelis with two
    // wounds costs the group 2 × 3 / 3 = 2 and her performance "injuries" -2: her +1 for a
    // second skill becomes -1, and (1, 3) is Poor where it would have been Normal.
    let mut t = Table::new("ambush-in-the-pass");
    t.s.characters[1].fatigue = 2;
    t.s.characters[0].wounds = 2;
    t.declare_all(Effort::Steady);
    let out = t.bring_all(&[3, 4, 2, 2, 1, 3, 6, 6, 6, 6]);
    // 22 - 2 - 2 + (3, 4) = 25.
    said(&out, "The Wizards: effort 25");
    said(&out, "Maelis performs Poor (-1)");
    let m = fray::rules::coterie::performance::modifiers(&t.s, 0, 2);
    assert!(
        m.iter()
            .any(|m| m.value == -2 && m.cause.said() == "injuries")
    );
    // Odran's fatigue 2 is also -1 on his own performance (coterie.fatigue): his (6, 6)
    // loses a 6 to it and is Good, not Great.
    said(&out, "Odran performs Good (+1)");
    let m = fray::rules::coterie::performance::modifiers(&t.s, 1, 1);
    assert!(
        m.iter()
            .any(|m| m.value == -1 && m.cause.said() == "fatigue 2"),
        "{m:?}"
    );
}

#[test]
fn a_nuance_counts_for_the_effort_but_not_for_the_performance() {
    covers(&["coterie.performance"]);
    // coterie.performance: "Every additional skill … gives a bonus of +1 … Nuances don't
    // count." Maelis brings sorcery alone: her fire nuance (+2) counts in the effort, and
    // her performance (5, 3) has no bonus to make the 5 a 6.
    let mut t = Table::new("ambush-in-the-pass");
    t.declare_all(Effort::Steady);
    t.act(Action::Bring(vec!["sorcery".into()]), &[]);
    assert!(
        effort::contribution(&t.s, 0)
            .iter()
            .any(|l| l.value == 2 && l.cause.english(&t.s) == "Maelis's nuance: fire")
    );
    assert!(fray::rules::coterie::performance::modifiers(&t.s, 0, 1).is_empty());
    let out = t.bring_all(&[3, 4, 2, 2, 5, 3, 2, 5, 6, 6]);
    said(&out, "Maelis performs Normal (+0)");
}

#[test]
fn a_character_whose_wounds_reach_their_endurance_leaves_the_conflict() {
    covers(&["coterie.characters", "coterie.individual-harm"]);
    // coterie.characters, coterie.individual-harm: Odran (endurance 3) already has two
    // wounds; a major loss (22 - 2 + (1, 1) = 22 against 31), the GM's major injuries, and
    // his Normal performance lets the major wound through: 4 wounds, out.
    let mut t = Table::new("ambush-in-the-pass");
    t.s.characters[1].wounds = 2;
    lose_phase(&mut t, [1, 1], [6, 6], [3, 3, 3, 3, 3, 3]);
    assert_eq!(
        t.s.stage,
        Stage::Harm {
            winner: FOES,
            degree: Degree::Major
        }
    );
    t.act(Action::Inflict(vec![wounds(Degree::Major)]), &[]);
    let out = t.act(Action::FallBack(false), &[]);
    assert_eq!(t.s.characters[1].wounds, 4);
    assert_eq!(
        t.s.characters[1].standing,
        fray::rules::coterie::Standing::Out
    );
    said(
        &out,
        "Odran is out of the conflict: too badly hurt to go on.",
    );
    assert_eq!(t.s.party(), vec![0, 2]);
}

#[test]
fn the_gm_may_split_harm_and_those_who_did_well_take_less() {
    covers(&["coterie.group-harm", "coterie.individual-harm"]);
    // coterie.group-harm: "He can split the kinds of harm being delivered if major or decisive
    // harm was indicated"; coterie.individual-harm: "If the GM decides to mix the types of harm
    // he assigns, individuals who did well still receive fewer injuries." A major loss, the
    // GM's minor injuries and a minor push-back: Maelis (Normal) and Odran (Good) take the
    // group's minor injury, Tiv (Great) none.
    let mut t = Table::new("ambush-in-the-pass");
    lose_phase(&mut t, [1, 1], [6, 6], [3, 3, 6, 3, 6, 5]);
    t.act(
        Action::Inflict(vec![push_back(Degree::Minor), wounds(Degree::Minor)]),
        &[],
    );
    t.act(Action::FallBack(false), &[]);
    let wounds: Vec<i32> = t.s.characters[..3].iter().map(|c| c.wounds).collect();
    assert_eq!(wounds, vec![1, 1, 0]);
    assert_eq!(t.s.groups[PARTY].position, -1);
    // The push-back is a tactical loss: Odran, Good, may flee the field.
    assert_eq!(t.s.stage, Stage::Flee(1));
}

#[test]
fn harm_written_in_another_order_is_the_same_choice() {
    covers(&["coterie.mixed"]);
    // coterie.mixed: two minor harms for a major, in whichever order they are written.
    let mut menu = Table::new("ambush-in-the-pass");
    lose_phase(&mut menu, [1, 1], [6, 6], [3, 3, 6, 3, 6, 5]);
    let mut other = Table { s: menu.s.clone() };
    menu.act(
        Action::Inflict(vec![push_back(Degree::Minor), wounds(Degree::Minor)]),
        &[],
    );
    other.act(
        Action::Inflict(vec![wounds(Degree::Minor), push_back(Degree::Minor)]),
        &[],
    );
    assert_eq!(menu.s, other.s);
    // Harm the degree does not allow is refused whatever its order.
    let mut t = Table { s: other.s.clone() };
    t.s.stage = Stage::Harm {
        winner: FOES,
        degree: Degree::Major,
    };
    let before = t.s.clone();
    let three = Action::Inflict(vec![
        wounds(Degree::Minor),
        push_back(Degree::Minor),
        wounds(Degree::Minor),
    ]);
    assert!(Coterie::apply(&mut t.s, &three, &mut ScriptedDice::new([])).is_err());
    assert_eq!(t.s, before);
}

#[test]
fn with_two_at_plus_one_the_mild_special_action_goes_to_the_largest_contributor() {
    covers(&["coterie.mild-special"]);
    // coterie.mild-special: "If there are multiple characters with +1 … then the character
    // who contributed the largest number of points towards the group's effort is chosen."
    // Odran (6, 3) and Tiv (5, 3) with +1 are both at +1; Maelis, at +0, brought 9 points.
    let t = Table::to_special(&[3, 4, 2, 2, 3, 3, 6, 3, 5, 3], 0, true);
    let shifts: Vec<Option<i32>> = t.s.parts.iter().map(|p| p.shift).collect();
    assert_eq!(shifts, vec![Some(0), Some(1), Some(1)]);
    assert_eq!(effort::points(&t.s, 0), 9);
    assert_eq!(t.s.specials_due, vec![(0, true)], "one mild action only");
}

#[test]
fn a_pushed_side_that_wins_drifts_back_a_step() {
    covers(&["coterie.drift"]);
    // coterie.drift: "if the enemy subsequently wins a phase, then his position drifts back
    // one step towards zero (in addition to any pushing that he may do)"; the players too. The
    // wizards at -2 win 29 against 23; the bandits at -2 win 31 against 24.
    for (side, dice, line) in [
        (
            PARTY,
            [3, 4, 2, 2],
            "The Wizards win and regain a step: position -1",
        ),
        (
            FOES,
            [1, 1, 6, 6],
            "The Bandits win and regain a step: position -1",
        ),
    ] {
        let mut t = Table::new("ambush-in-the-pass");
        t.s.groups[side].position = -2;
        t.declare_all(Effort::Steady);
        let mut all = dice.to_vec();
        all.extend([3, 3, 3, 3, 3, 3]);
        let out = t.bring_all(&all);
        said(&out, line);
        assert_eq!(t.s.groups[side].position, -1);
        assert_eq!(t.s.groups[1 - side].position, 0);
    }
}

#[test]
fn the_mild_special_action_counts_what_a_presser_gave_before_the_fatigue() {
    covers(&["coterie.mild-special", "coterie.individual-actions"]);
    // coterie.mild-special: "the character who contributed the largest number of points
    // towards the group's effort is chosen". Odran, at sorcery 8, presses hard: he gives
    // 8 + 2 = 10 against Maelis's 6 + 1 + fire 2 = 9. His fatigue comes after the roll; counted
    // then, it would leave him 9, tied with Maelis, who is listed first. Every die a 3: no one
    // reaches +1.
    let mut t = Table::new("ambush-in-the-pass");
    t.s.characters[1].skills.insert("sorcery".into(), 8);
    t.act(Action::Declare(Effort::Steady), &[]);
    t.act(Action::Declare(Effort::Press), &[]);
    t.act(Action::Declare(Effort::Steady), &[]);
    assert_eq!(effort::points(&t.s, 1), 10);
    assert_eq!(effort::points(&t.s, 0), 9);
    t.bring_all(&[3; 10]);
    assert_eq!(
        t.s.characters[1].fatigue, 1,
        "pressing hard tires him after the roll"
    );
    assert_eq!(
        t.s.stage,
        Stage::Special {
            character: 1,
            mild: true
        },
        "Odran gave the most"
    );
}

#[test]
fn a_harmful_draw_that_pushes_the_players_back_lets_who_did_well_flee() {
    covers(&["coterie.flee-field", "coterie.draws"]);
    // coterie.flee-field: "If the entire group suffers from a tactical disadvantage ... The
    // only exception is when an individual achieves at least good performance and decides to
    // flee the battleground entirely." 22 + (1, 2) against 19 + (3, 3), a draw; Odran rolls a 6
    // (Good); the players take the bandits' equipment injury and a minor push-back themselves.
    let mut t = draw_phase([3, 3, 6, 3, 3, 3]);
    t.act(
        Action::HarmfulDraw {
            party_tactical: true,
            foes: HarmKind::Trait("equipment".into()),
        },
        &[],
    );
    assert_eq!(t.s.groups[PARTY].position, -1);
    assert_eq!(t.s.stage, Stage::Flee(1), "only Odran did well enough");
    assert_eq!(Coterie::pending(&t.s).seat(), Some(Seat::Character(1)));
    t.act(Action::Flee(true), &[]);
    assert_eq!(t.s.party(), vec![0, 2]);
    // A harmful draw whose harm to the players is an injury is no tactical disadvantage.
    let mut t = draw_phase([3, 3, 6, 3, 3, 3]);
    t.act(
        Action::HarmfulDraw {
            party_tactical: false,
            foes: HarmKind::Tactical,
        },
        &[],
    );
    t.act(Action::PartyInjury(HarmKind::Wounds), &[]);
    assert_eq!(t.s.stage, Stage::Declare(0));
}

#[test]
fn a_duellist_counts_their_relevant_nuances() {
    covers(&["coterie.duels"]);
    // coterie.duels: "only the basic, skill-based roll"; the basic roll is the "relevant skill
    // points, plus nuances that are relevant". Grell's ambush (+1, of his fighting) counts in
    // the duel as in his group's effort: fighting 5 + ambush 1 + (3, 3) = 12.
    let (_, out) = duel([3, 3], [3, 3]);
    said(&out, "Grell: 12 in the duel");
}

#[test]
fn both_groups_count_their_size_without_their_duellists() {
    covers(&["coterie.wounds", "coterie.duels"]);
    // Tiv and Grell in their duel, drawn this phase.
    let (t, _) = duel([3, 3], [3, 3]);
    // coterie.wounds: a duellist is settled apart from the group, "without him", on both sides:
    // the bandits without Grell are three (vulnerability 3), the wizards without Tiv two.
    assert_eq!(t.s.vulnerability(FOES), 3);
    assert_eq!(t.s.vulnerability(PARTY), 2);
    let mut s = t.s.clone();
    s.groups[FOES].wounds = 1;
    let lines = effort::group_effort(&s, FOES);
    assert!(
        lines.iter().any(|l| l.value == -3),
        "one wound costs the three bandits still in the group 3: {lines:?}"
    );
    // The wizards' wound line counts the same two: Maelis's wound × (2 − 0) / 2 = 1.
    s.characters[0].wounds = 1;
    assert_eq!(effort::party_wounds(&s).map(|m| m.value), Some(-1));
}

#[test]
fn the_efforts_before_the_dice_add_coherence_and_leadership() {
    covers(&["coterie.group-roll", "coterie.effort"]);
    // The odds of a declaration start from each side's effort before the dice: the wizards'
    // 9 + 5 + 6 = 20 and Maelis's leadership 2 (their worst group work is Odran's 0), 22; the
    // bandits' 5 + 1 + 4 + 3 + 2 = 15 and equipment 4, 19, and Grell's leadership 1 with
    // Twitch's group work made 0 here, 20.
    let mut s = setup("ambush-in-the-pass");
    s.characters[6].group_work = 0;
    assert_eq!(effort::total(&effort::coherence(&s, PARTY)), 2);
    assert_eq!(effort::total(&effort::coherence(&s, FOES)), 1);
    assert_eq!(effort::before_dice(&s), [22, 20]);
}

#[test]
fn a_characters_own_wounds_are_not_taken_off_their_contribution_as_the_notes_say() {
    covers(&["coterie.effort", "coterie.wounds"]);
    // coterie.effort: the book tallies "relevant skill points, plus nuances"; a wound costs the
    // group wounds × vulnerability and the character their performance, not their contribution
    // as well. The notes say the same.
    let mut s = setup("ambush-in-the-pass");
    let whole = effort::points(&s, 0);
    s.characters[0].wounds = 2;
    assert_eq!(effort::points(&s, 0), whole);
    let note = fray::rules::notes::paragraph("coterie.effort").unwrap();
    assert!(note.contains("A character's own wounds do not"), "{note}");
    assert!(!note.contains("own wounds come off"), "{note}");
}

#[test]
fn bringing_every_relevant_skill_is_the_routine_answer() {
    use fray::present::Present;
    covers(&["coterie.effort", "coterie.performance"]);
    // Maelis brings sorcery and fighting, or one of them: all of them is never worse (each
    // adds its points, and past the first +1 to a performance die), so a person who asked
    // for routine prompts to be answered is not asked.
    let mut t = Table::new("ambush-in-the-pass");
    t.declare_all(Effort::Steady);
    let legal = Coterie::legal_actions(&t.s);
    assert_eq!(legal.len(), 3);
    let i = Coterie::routine(&t.s, &legal).expect("a routine answer");
    assert_eq!(
        legal[i],
        Action::Bring(vec!["sorcery".into(), "fighting".into()])
    );
    // A declaration is a real choice.
    let t = Table::new("ambush-in-the-pass");
    assert_eq!(Coterie::routine(&t.s, &Coterie::legal_actions(&t.s)), None);
}
