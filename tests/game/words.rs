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

/// The choices a composition reaches from the steps `picked`, every step of the way showing
/// at most [`MAX_CARDS`] cards and each choice reached once.
fn compose(b: &Battle, picked: Vec<String>) -> usize {
    use fray::game::input::{Cursor, MAX_CARDS, Row, rows};
    let cursor = Cursor {
        picked: picked.clone(),
        ..Cursor::default()
    };
    let shown = rows(b, &cursor);
    assert!(
        shown.len() <= MAX_CARDS,
        "{} cards after {picked:?}",
        shown.len()
    );
    shown
        .iter()
        .map(|r| match r {
            Row::Choice(i) => {
                assert_eq!(
                    b.session.parts(*i).as_ref(),
                    Some(&picked),
                    "a whole choice ends it"
                );
                1
            }
            Row::Part { count, .. } => {
                let mut next = picked.clone();
                next.push(r.part_words(b).unwrap());
                let n = compose(b, next);
                assert_eq!(n, *count, "the step goes on to as many as it says");
                n
            }
            Row::Verb { .. } => panic!("no verbs inside a composition"),
        })
        .sum()
}

/// The action menu of every decision of every shipped scenario, over battles of random
/// choices: at most a dozen rows (a long list comes as verbs, each opening its choices), every
/// choice under exactly one row, and no two rows reading the same.
#[test]
fn every_menu_fits_a_dozen_rows_and_holds_every_choice_once() {
    use fray::game::input::{Cursor, MAX_ROWS, Row, rows};
    let mut longest = (0, String::new());
    let mut composed = 0;
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
                            Row::Part { .. } => r.part_words(&b).unwrap_or_default(),
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
                if shown.iter().any(|r| matches!(r, Row::Part { .. })) {
                    composed += 1;
                    assert_eq!(
                        compose(&b, Vec::new()),
                        n,
                        "{name}: every harm is composed once"
                    );
                }
                for &row in &shown {
                    words.push(match row {
                        Row::Choice(i) => b.session.describe(i),
                        Row::Part { .. } => {
                            let reached = compose(&b, vec![row.part_words(&b).unwrap()]);
                            assert!(reached > 0, "{name}: a step leads somewhere");
                            row.part_words(&b).unwrap()
                        }
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
    assert!(composed > 0, "some harm was composed a piece at a time");
}

/// A move's words tell what it sets off, and the battle bears them out: over random battles of
/// every shipped Zones and Three-actions scenario, a move said to provoke is met by an
/// opportunity attack (Zones) or a readied attack (Three actions), and one said to be safe
/// is not.
#[test]
fn a_moves_words_foretell_the_blows_it_sets_off() {
    use fray::rules::teams::Teams;
    use fray::rules::zones::{Stage, Zones};
    let (mut warned, mut safe) = (0, 0);
    for (name, _) in fray::scenario::BUILTIN {
        for seed in 1..=4u64 {
            let mut b = Battle::start(&BattleSetup {
                scenario: name.to_string(),
                seed,
                ..BattleSetup::default()
            })
            .unwrap();
            let mut pick = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15);
            for _ in 0..400 {
                let n = b.session.legal_len();
                if n == 0 {
                    break;
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
                let words = b.session.odds(i).unwrap_or_default();
                let zones_move = b
                    .typed::<Zones>()
                    .is_some_and(|z| matches!(z.legal()[i], fray::rules::zones::Action::Move(_)));
                let teams_move = b.typed::<Teams>().is_some_and(|t| {
                    use fray::rules::teams::Action as T;
                    matches!(t.legal()[i], T::Move(_) | T::Sprint(_) | T::Step(_))
                });
                // Who the mover's side cannot see: an ambusher's blow is a surprise by the rules.
                let hidden: Vec<bool> = b.typed::<Zones>().map_or(Vec::new(), |z| {
                    z.state.characters.iter().map(|c| c.concealed).collect()
                });
                let readied_before: usize = b.typed::<Teams>().map_or(0, |t| {
                    t.state
                        .characters
                        .iter()
                        .filter(|c| c.readied.is_some())
                        .count()
                });
                let c = b.session.choice(i).unwrap();
                if b.apply(&c).is_err() {
                    break;
                }
                if zones_move {
                    let met = b.typed::<Zones>().is_some_and(|z| {
                        z.state.stage == Stage::Opportunity
                            && z.legal().iter().any(|a| {
                                matches!(a, fray::rules::zones::Action::OpportunityAttack(d) if !hidden[d.attacker])
                            })
                    });
                    let said = words.starts_with("provokes");
                    assert_eq!(said, met, "{name} seed {seed}: the move said {words:?}");
                    if said { warned += 1 } else { safe += 1 }
                }
                if teams_move {
                    let readied_after: usize = b.typed::<Teams>().map_or(0, |t| {
                        t.state
                            .characters
                            .iter()
                            .filter(|c| c.readied.is_some())
                            .count()
                    });
                    let said = words.contains("sets off");
                    assert_eq!(
                        said,
                        readied_after < readied_before,
                        "{name} seed {seed}: the move said {words:?}"
                    );
                    if said { warned += 1 } else { safe += 1 }
                }
            }
        }
    }
    assert!(warned > 0 && safe > 0, "warned {warned}, safe {safe}");
}
