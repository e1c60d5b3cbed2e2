//! `fray bench generate`: for many seeds of each ruleset, how even the generated skirmishes
//! came out between normal AIs, how long they last, and how long the generator took. Timing
//! lives here, beside the generator, which itself never reads a clock.

use std::time::Instant;

use serde::Serialize;

use super::{Balancing, RULESETS, Size, generate};

/// The figures of one ruleset and size.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    pub ruleset: String,
    pub size: String,
    pub seeds: u32,
    /// Seeds the generator refused (no even draft found).
    pub refused: Vec<u64>,
    /// The first side's share (draws half) over the skirmishes made: least, mean, most.
    pub share: [f64; 3],
    /// Mean rounds (Coterie: phases) a battle of them lasts: least, mean, most.
    pub rounds: [f64; 3],
    /// Seconds to make one: median, mean, most.
    pub seconds: [f64; 3],
    /// Battles the balance checks played in all, and drafts set aside.
    pub battles: u64,
    pub drafts_set_aside: u32,
}

fn spread(v: &[f64]) -> [f64; 3] {
    if v.is_empty() {
        return [0.0; 3];
    }
    let least = v.iter().copied().fold(f64::INFINITY, f64::min);
    let most = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    [least, v.iter().sum::<f64>() / v.len() as f64, most]
}

/// Seeds 1 to `seeds` of each ruleset (or only `only`) at `size`.
pub fn run(seeds: u32, size: Size, only: Option<&str>, how: &Balancing) -> Vec<Row> {
    let mut rows = Vec::new();
    for &r in RULESETS {
        if only.is_some_and(|o| o != r) {
            continue;
        }
        let (mut shares, mut rounds, mut secs) = (Vec::new(), Vec::new(), Vec::new());
        let (mut refused, mut battles, mut set_aside) = (Vec::new(), 0u64, 0u32);
        for seed in 1..=u64::from(seeds) {
            let started = Instant::now();
            let made = generate(r, seed, size, how);
            secs.push(started.elapsed().as_secs_f64());
            match made {
                Ok(g) => {
                    shares.push(g.balance.first_share());
                    rounds.push(g.balance.mean_rounds());
                    battles += u64::from(g.balance.battles);
                    set_aside += g.balance.drafts;
                }
                Err(_) => refused.push(seed),
            }
        }
        let mut sorted = secs.clone();
        sorted.sort_by(f64::total_cmp);
        let [_, mean, most] = spread(&secs);
        rows.push(Row {
            ruleset: r.to_string(),
            size: size.name().to_string(),
            seeds,
            refused,
            share: spread(&shares),
            rounds: spread(&rounds),
            seconds: [
                sorted.get(sorted.len() / 2).copied().unwrap_or(0.0),
                mean,
                most,
            ],
            battles,
            drafts_set_aside: set_aside,
        });
    }
    rows
}
