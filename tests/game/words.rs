//! The words a person chooses by: no two choices of one decision read the same (they say what
//! differs), in every shipped scenario, over battles of random choices.

use fray::game::flow::{Battle, BattleSetup};

#[test]
fn no_two_choices_of_a_decision_read_the_same() {
    for (name, _) in fray::scenario::BUILTIN {
        for seed in 1..=6u64 {
            let mut b = Battle::start(&BattleSetup {
                scenario: name.to_string(),
                seed,
                ..BattleSetup::default()
            })
            .unwrap();
            let mut pick = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15);
            for _ in 0..300 {
                let n = b.session.legal_len();
                if n == 0 {
                    break;
                }
                let mut words: Vec<String> = (0..n).map(|i| b.session.describe(i)).collect();
                words.sort();
                for pair in words.windows(2) {
                    assert_ne!(
                        pair[0], pair[1],
                        "{name}, seed {seed}: two choices read the same"
                    );
                }
                pick = pick
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let open: Vec<usize> = (0..n).filter(|&i| !b.session.irreversible(i)).collect();
                let i = if open.is_empty() {
                    0
                } else {
                    open[((pick >> 33) % open.len() as u64) as usize]
                };
                let c = b.session.choice(i).unwrap();
                if b.apply(&c).is_err() {
                    break;
                }
            }
        }
    }
}

/// The action menu of every decision of every shipped scenario, over battles of random
/// choices: at most a dozen rows (a long list comes as verbs, each opening its choices), every
/// choice under exactly one row, and no two rows reading the same.
#[test]
fn every_menu_fits_a_dozen_rows_and_holds_every_choice_once() {
    use fray::game::input::{Cursor, MAX_ROWS, Row, rows};
    let mut longest = (0, String::new());
    for (name, _) in fray::scenario::BUILTIN {
        for seed in 1..=3u64 {
            let mut b = Battle::start(&BattleSetup {
                scenario: name.to_string(),
                seed,
                ..BattleSetup::default()
            })
            .unwrap();
            let mut pick = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15);
            for step in 0..300 {
                let n = b.session.legal_len();
                if n == 0 {
                    break;
                }
                let shown = rows(&b, &Cursor::default());
                assert!(
                    shown.len() <= MAX_ROWS,
                    "{name}, seed {seed}, step {step}: {} rows: {:?}",
                    shown.len(),
                    shown
                        .iter()
                        .map(|r| match *r {
                            Row::Choice(i) => b.session.describe(i),
                            Row::Verb { verb, .. } => verb.to_string(),
                        })
                        .collect::<Vec<_>>()
                );
                if n > longest.0 {
                    longest = (n, format!("{name} seed {seed} step {step}"));
                }
                let mut words: Vec<String> = Vec::new();
                for i in 0..n {
                    let holders = shown.iter().filter(|r| r.holds(&b, i)).count();
                    assert_eq!(
                        holders, 1,
                        "{name}, seed {seed}: choice {i} is under {holders} rows"
                    );
                }
                for &row in &shown {
                    words.push(match row {
                        Row::Choice(i) => b.session.describe(i),
                        Row::Verb { verb, count, .. } => {
                            // The verb opened lists its own choices, all of them.
                            let opened = rows(
                                &b,
                                &Cursor {
                                    verb: Some(verb),
                                    ..Cursor::default()
                                },
                            );
                            assert_eq!(opened.len(), count, "{name}: {verb} opens its choices");
                            assert!(opened.iter().all(
                                |r| matches!(r, Row::Choice(i) if b.session.verb(*i) == Some(verb))
                            ));
                            verb.to_string()
                        }
                    });
                }
                words.sort();
                for pair in words.windows(2) {
                    assert_ne!(
                        pair[0], pair[1],
                        "{name}, seed {seed}: two rows read the same"
                    );
                }
                pick = pick
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let open: Vec<usize> = (0..n).filter(|&i| !b.session.irreversible(i)).collect();
                let i = if open.is_empty() {
                    0
                } else {
                    open[((pick >> 33) % open.len() as u64) as usize]
                };
                let c = b.session.choice(i).unwrap();
                if b.apply(&c).is_err() {
                    break;
                }
            }
        }
    }
    // The walk met menus too long to list whole: the verbs were put to work.
    assert!(
        longest.0 > MAX_ROWS,
        "the longest menu had {} choices",
        longest.0
    );
}
