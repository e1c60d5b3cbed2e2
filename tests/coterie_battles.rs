//! Whole Coterie conflicts between random policies: every one ends, and after every action the
//! rulebook's invariants hold: the track between 0 and -5, harm never more than the degree
//! allows, penalties by the rulebook's formulas.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use fray::rules::battle::{Pending, Ruleset};
use fray::rules::coterie::{
    Action, Coterie, CoterieSetup, Degree, Effort, FOES, HarmKind, PARTY, Stage, Standing, State,
    effort, harm,
};
use fray::rules::dice::SeededDice;
use fray::scenario::{self, Setup};

fn setup(name: &str) -> CoterieSetup {
    match scenario::builtin(name).unwrap().unwrap().setup {
        Setup::Coterie(s) => s,
        _ => panic!("a Coterie scenario"),
    }
}

/// The book's table of harm to the players' characters (coterie.harm-table), written here from
/// the rulebook and not taken from the rules: the most a character can be hurt by the phase's
/// harm, by the group's result and their performance (Great, Good, Normal, Poor, Awful). A
/// draw's row is the harmful one; a neutral draw hurts no one.
fn table_cap(result: Option<(usize, Degree)>, shift: i32) -> i32 {
    let column = match shift {
        i32::MIN..=-2 => 4,
        -1 => 3,
        0 => 2,
        1 => 1,
        _ => 0,
    };
    let row: [i32; 5] = match result {
        Some((PARTY, Degree::Minor)) => [0, 0, 0, 0, 1],
        Some((PARTY, _)) => [0; 5],
        None | Some((_, Degree::Draw)) => [0, 0, 1, 2, 3],
        Some((_, Degree::Minor)) => [0, 0, 1, 2, 3],
        Some((_, Degree::Major)) => [0, 1, 2, 3, 3],
        Some((_, Degree::Decisive)) => [1, 2, 3, 3, 3],
    };
    row[column]
}

fn invariants(before: &State, action: &Action, after: &State, seed: u64) {
    for g in &after.groups {
        assert!(
            (-5..=0).contains(&g.position),
            "seed {seed}: {} at {}",
            g.name,
            g.position
        );
    }
    for (i, (b, a)) in before.characters.iter().zip(&after.characters).enumerate() {
        // Out is for good (coterie.duels, coterie.flee-field, coterie.individual-harm).
        if b.standing == Standing::Out {
            assert_eq!(
                a.standing,
                Standing::Out,
                "seed {seed}: {} came back",
                a.name
            );
        }
        // Too hurt to go on is out (coterie.characters).
        if after.conflict.physical && a.wounds >= a.endurance {
            assert_eq!(
                a.standing,
                Standing::Out,
                "seed {seed}: {} at {} wounds",
                a.name,
                a.wounds
            );
        }
        // A character of the group is hurt by the phase's harm at most by their cell of the
        // book's table; a neutral draw hurts nobody (coterie.draws).
        let gained = a.wounds - b.wounds;
        let in_phase = before
            .parts
            .iter()
            .find(|p| p.character == i)
            .and_then(|p| p.shift);
        if gained > 0
            && b.standing == Standing::InConflict
            && let (Some(shift), Some(r)) = (in_phase, before.result)
        {
            assert!(
                gained <= table_cap(r.winner.map(|w| (w, r.degree)), shift),
                "seed {seed}: {} took {gained} wounds at {shift:+} in {r:?} ({action:?})",
                a.name
            );
            assert!(
                !matches!(action, Action::NeutralDraw),
                "seed {seed}: a neutral draw hurt {}",
                a.name
            );
        }
    }
    if !after.conflict.physical {
        assert!(
            after.groups.iter().all(|g| g.wounds == 0)
                && after.characters.iter().all(|c| c.wounds == 0),
            "seed {seed}: a conflict that is not a fight wounds nobody"
        );
    }
    the_players_harm_lands_by_the_book(before, action, after, seed);
}

/// The players' harm, once the opposition has taken it rather than fall back, seen where the
/// book says it lands: the track a step a level (coterie.push-backs), and the opposition's
/// next effort, as the rules count it, less -3 a step pushed (coterie.tactical-penalty), a
/// level of wounds × vulnerability (coterie.wounds) and, off a trait, twice that, no more than
/// the trait still gave (coterie.trait-injuries).
fn the_players_harm_lands_by_the_book(before: &State, action: &Action, after: &State, seed: u64) {
    let pieces = match (&before.stage, action) {
        (Stage::Harm { winner: PARTY, .. }, Action::Inflict(pieces))
            if !matches!(after.stage, Stage::FoesFallBack { .. }) =>
        {
            pieces.clone()
        }
        (Stage::FoesFallBack { harm }, Action::FallBack(false)) => harm.clone(),
        _ => return,
    };
    if after.stage == Stage::Over {
        // The conflict ended on this harm; there is no next effort to read it in.
        return;
    }
    let v = before.vulnerability(FOES);
    let effort = |s: &State| effort::total(&effort::group_effort(s, FOES));
    let mut steps = 0;
    let mut cost = 0;
    let mut trait_left = before.groups[FOES].traits.clone();
    for (t, given) in trait_left.iter_mut() {
        *given = (*given
            - before.groups[FOES]
                .trait_injuries
                .get(t)
                .copied()
                .unwrap_or(0))
        .max(0);
    }
    for h in &pieces {
        let level = h.degree.level();
        match &h.kind {
            HarmKind::Tactical => {
                steps += level;
                cost += 3 * level;
            }
            HarmKind::Wounds => cost += level * v,
            HarmKind::Trait(t) => {
                let left = trait_left.get_mut(t).unwrap();
                let lost = (2 * level * v).min(*left);
                *left -= lost;
                cost += lost;
            }
        }
    }
    let (b, a) = (&before.groups[FOES], &after.groups[FOES]);
    assert_eq!(
        a.position,
        (b.position - steps).max(-5),
        "seed {seed}: {pieces:?} on {b:?}"
    );
    assert_eq!(
        effort(before) - effort(after),
        cost,
        "seed {seed}: {pieces:?} on {b:?}"
    );
}

fn many(name: &str, n: u64) {
    let setup = setup(name);
    for seed in 0..n {
        let mut dice = SeededDice::new(seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut s, _) = Coterie::start(&setup, &mut dice).unwrap();
        let mut steps = 0;
        while let Pending::Decide { .. } = Coterie::pending(&s) {
            let legal = Coterie::legal_actions(&s);
            assert!(
                !legal.is_empty(),
                "seed {seed}: a decision with no choice at {:?}",
                s.stage
            );
            let a = legal[rng.random_range(0..legal.len())].clone();
            let before = s.clone();
            Coterie::apply(&mut s, &a, &mut dice).unwrap();
            invariants(&before, &a, &s, seed);
            steps += 1;
            assert!(steps < 5_000, "seed {seed}: the conflict did not end");
        }
        assert!(s.outcome.is_some(), "seed {seed}");
    }
}

#[test]
fn wizards_and_bandits_1000_random_conflicts() {
    many("wizards-and-bandits", 1000);
}

#[test]
fn duel_at_the_gate_1000_random_conflicts() {
    many("duel-at-the-gate", 1000);
}

#[test]
fn the_chase_1000_random_conflicts_deal_no_wounds() {
    many("the-chase", 1000);
    let mut dice = SeededDice::new(1);
    let (s, _) = Coterie::start(&setup("the-chase"), &mut dice).unwrap();
    assert!(!s.conflict.physical);
    assert!(
        harm::kinds_against(&s, FOES)
            .iter()
            .all(|k| *k != HarmKind::Wounds),
        "a chase deals tactical and trait harm only"
    );
}

/// The number after `label` in `text` ("won 48%" → 48).
fn percent_after(text: &str, label: &str) -> u32 {
    let at = text
        .find(label)
        .unwrap_or_else(|| panic!("{label:?} in {text:?}"))
        + label.len();
    text[at..]
        .trim_start()
        .split('%')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a percentage after {label:?} in {text:?}"))
}

#[test]
fn declaring_shows_the_chance_to_win_the_phase_and_what_pressing_hard_adds() {
    use fray::present::Present;
    let mut dice = SeededDice::new(1);
    let (s, _) = Coterie::start(&setup("wizards-and-bandits"), &mut dice).unwrap();
    assert_eq!(s.stage, Stage::Declare(0));
    let [ours, theirs] = effort::before_dice(&s);
    // The situation line and the odds read the same efforts.
    let situation = Coterie::situation(fray::words::english(), &s).unwrap();
    assert!(
        situation.contains(&format!(
            "Efforts before the dice: {ours} against {theirs}."
        )),
        "{situation}"
    );
    let odds = |e: Effort| Coterie::odds(fray::words::english(), &s, &Action::Declare(e)).unwrap();
    let steady = odds(Effort::Steady);
    let press = odds(Effort::Press);
    let level = effort::phase_chances(ours - theirs);
    let pressed = effort::phase_chances(ours + 2 - theirs);
    assert_eq!(
        percent_after(&steady, "won"),
        (level.win * 100.0).round() as u32,
        "{steady}"
    );
    assert_eq!(
        percent_after(&press, "won"),
        (pressed.win * 100.0).round() as u32,
        "{press}"
    );
    assert!(percent_after(&press, "won") > percent_after(&steady, "won"));
    // Pressing hard says what fighting steady would give, to compare.
    assert_eq!(
        percent_after(&press, "fighting steady: the phase won"),
        percent_after(&steady, "won")
    );
}

/// A major victory's harm: each option's card says what it does to the opposition, and where
/// the GM may have them fall back instead, that stands as a card of its own, not as a clause
/// of the option's.
#[test]
fn a_major_victorys_harm_shows_the_gms_fall_back_as_its_own_card() {
    use fray::present::Present;
    use fray::rules::battle::Pending;
    let setup = setup("wizards-and-bandits");
    let mut found = None;
    'seeds: for seed in 1..100 {
        let mut dice = SeededDice::new(seed);
        let (mut s, _) = Coterie::start(&setup, &mut dice).unwrap();
        for _ in 0..40 {
            if let Stage::Harm { winner, degree } = &s.stage {
                if *winner == PARTY && *degree == Degree::Major {
                    found = Some(s);
                    break 'seeds;
                }
                continue 'seeds;
            }
            let Pending::Decide { .. } = Coterie::pending(&s) else {
                continue 'seeds;
            };
            let first = Coterie::legal_actions(&s)[0].clone();
            Coterie::apply(&mut s, &first, &mut dice).unwrap();
        }
    }
    let s = found.expect("a major victory for the players in the first 100 seeds");
    let (mut alone, mut with_fall_back) = (0, 0);
    for a in Coterie::legal_actions(&s) {
        let Action::Inflict(pieces) = &a else {
            continue;
        };
        let odds = Coterie::odds(fray::words::english(), &s, &a).unwrap();
        assert!(odds.contains("The Bandits"), "{odds}");
        assert!(
            !odds.contains("GM"),
            "the GM's choice is not a clause: {odds}"
        );
        match Coterie::alternative(fray::words::english(), &s, &a) {
            Some((title, effect)) => {
                with_fall_back += 1;
                assert!(pieces.iter().any(|h| h.kind != HarmKind::Tactical));
                assert!(
                    title.contains("the GM") && title.contains("fall back"),
                    "{title}"
                );
                assert!(effect.contains("pushed back to -2"), "{effect}");
            }
            // A push-back alone: falling back would only repeat it.
            None => {
                alone += 1;
                assert!(pieces.iter().all(|h| h.kind == HarmKind::Tactical), "{a:?}");
            }
        }
    }
    assert!(alone > 0 && with_fall_back > 0, "{alone} {with_fall_back}");
}

/// A choice refused at a decision is named as the menu names it, and the decision by what it
/// asks: a group's player reads it, not a developer.
#[test]
fn a_refused_choice_names_the_choice_and_the_decision() {
    use fray::rules::battle::RuleError;
    use fray::words::InEnglish;
    let mut dice = SeededDice::new(1);
    let (mut s, _) = Coterie::start(&setup("duel-at-the-gate"), &mut dice).unwrap();
    let legal = Coterie::legal_actions(&s);
    // A morale choice is no choice at the conflict's first decision.
    let refused = Action::Morale(fray::rules::coterie::Morale::Flee);
    assert!(!legal.contains(&refused));
    let before = s.clone();
    let Err(RuleError::Illegal(why)) = Coterie::apply(&mut s, &refused, &mut dice) else {
        panic!("a choice not on offer is refused");
    };
    assert_eq!(s, before, "a refused choice changes nothing");
    assert_eq!(legal.len(), 3);
    assert_eq!(
        why.english(&s),
        "“The Gate Guard flee (the players win)” is not allowed now: the GM must decide what \
         to bring into the phase, with 3 legal choices"
    );
}

#[test]
fn an_unchecked_choice_out_of_place_is_refused_by_name() {
    use fray::rules::battle::RuleError;
    use fray::words::InEnglish;
    // The AI's play-outs apply without the check: the phase loop still names what it refuses
    // as the menu does.
    let mut dice = SeededDice::new(1);
    let (mut s, _) = Coterie::start(&setup("duel-at-the-gate"), &mut dice).unwrap();
    let refused = Action::Morale(fray::rules::coterie::Morale::Flee);
    let Err(RuleError::Illegal(why)) = Coterie::apply_trusted(&mut s, &refused, &mut dice) else {
        panic!("a choice the stage has no place for is refused");
    };
    assert_eq!(
        why.english(&s),
        "“The Gate Guard flee (the players win)” is not a choice now"
    );
}
