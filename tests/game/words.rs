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
