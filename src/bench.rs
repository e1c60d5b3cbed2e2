//! `fray bench ai`: every scenario, every pairing of AI levels, sides swapped; the win-rate
//! matrix and each level's decision time. Timing lives here, outside the rules and the AI,
//! which never read a clock.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::Instant;

use serde::Serialize;

use crate::ai::Level;
use crate::rules::battle::{Outcome, Pending, Ruleset, Seat};
use crate::rules::dice::SeededDice;
use crate::rules::zones::Zones;
use crate::scenario::{self, Setup};

#[derive(Clone, Debug)]
pub struct BenchConfig {
    /// Battles for each scenario, pairing and side assignment.
    pub games: u32,
    pub levels: Vec<Level>,
    pub seed: u64,
    pub threads: usize,
    pub max_rounds: u32,
}

#[derive(Clone, Debug, Serialize)]
pub struct Timing {
    pub median: f64,
    pub p99: f64,
    pub max: f64,
    pub decisions: usize,
}

#[derive(Clone, Debug, Serialize)]
pub struct BenchReport {
    pub battles: u32,
    pub scenarios: Vec<String>,
    /// "<level>_vs_<level>": the first level's share of wins (draws count half).
    pub win_rate: BTreeMap<String, f64>,
    pub games: BTreeMap<String, u32>,
    pub decision_ms: BTreeMap<String, Timing>,
    pub unfinished: u32,
}

struct Job {
    scenario: usize,
    a: Level,
    b: Level,
    /// Side of level `a`.
    a_side: usize,
    seed: u64,
}

#[derive(Default)]
struct Tally {
    points: BTreeMap<(Level, Level), (f64, u32)>,
    times: BTreeMap<Level, Vec<f64>>,
    unfinished: u32,
    battles: u32,
}

pub fn run(cfg: &BenchConfig) -> BenchReport {
    let setups: Vec<(String, crate::scenario::zones::ZonesSetup)> = scenario::BUILTIN
        .iter()
        .filter_map(|(n, _)| {
            scenario::builtin(n)
                .and_then(Result::ok)
                .map(|l| match l.setup {
                    Setup::Zones(z) => (n.to_string(), z),
                })
        })
        .collect();
    let mut jobs = Vec::new();
    for (si, _) in setups.iter().enumerate() {
        for (i, &a) in cfg.levels.iter().enumerate() {
            for &b in &cfg.levels[i + 1..] {
                for side in 0..2 {
                    for g in 0..cfg.games {
                        let seed = cfg.seed
                            ^ (jobs.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
                            ^ u64::from(g);
                        jobs.push(Job {
                            scenario: si,
                            a,
                            b,
                            a_side: side,
                            seed,
                        });
                    }
                }
            }
        }
    }
    let tally = Mutex::new(Tally::default());
    let next = Mutex::new(0usize);
    std::thread::scope(|scope| {
        for _ in 0..cfg.threads.max(1) {
            scope.spawn(|| {
                loop {
                    let i = {
                        let mut n = next.lock().expect("job counter");
                        let i = *n;
                        *n += 1;
                        i
                    };
                    let Some(job) = jobs.get(i) else { break };
                    let (setup_name, setup) = &setups[job.scenario];
                    let _ = setup_name;
                    let (result, times) = battle(setup, job, cfg.max_rounds);
                    let mut t = tally.lock().expect("tally");
                    t.battles += 1;
                    let score_a = match result {
                        Some(Outcome::Victory { winner, .. }) => {
                            if winner == job.a_side {
                                1.0
                            } else {
                                0.0
                            }
                        }
                        Some(Outcome::Draw { .. }) => 0.5,
                        None => {
                            t.unfinished += 1;
                            0.5
                        }
                    };
                    let e = t.points.entry((job.a, job.b)).or_insert((0.0, 0));
                    e.0 += score_a;
                    e.1 += 1;
                    let e = t.points.entry((job.b, job.a)).or_insert((0.0, 0));
                    e.0 += 1.0 - score_a;
                    e.1 += 1;
                    for (lvl, ms) in times {
                        t.times.entry(lvl).or_default().push(ms);
                    }
                }
            });
        }
    });
    let t = tally.into_inner().expect("tally");
    let mut win_rate = BTreeMap::new();
    let mut games = BTreeMap::new();
    for ((a, b), (pts, n)) in &t.points {
        let key = format!("{}_vs_{}", a.name(), b.name());
        win_rate.insert(key.clone(), pts / f64::from(*n));
        games.insert(key, *n);
        // The name for the normal level's policy.
        if *b == Level::Normal {
            win_rate.insert(format!("{}_vs_greedy", a.name()), pts / f64::from(*n));
        }
    }
    let mut decision_ms = BTreeMap::new();
    for (lvl, mut v) in t.times {
        v.sort_by(f64::total_cmp);
        let q = |p: f64| v[((v.len() - 1) as f64 * p).round() as usize];
        decision_ms.insert(
            lvl.name().to_string(),
            Timing {
                median: q(0.5),
                p99: q(0.99),
                max: *v.last().unwrap_or(&0.0),
                decisions: v.len(),
            },
        );
    }
    BenchReport {
        battles: t.battles,
        scenarios: setups.iter().map(|(n, _)| n.clone()).collect(),
        win_rate,
        games,
        decision_ms,
        unfinished: t.unfinished,
    }
}

/// One battle; returns the outcome and each decision's time by level. Decisions with a single
/// legal action are not timed: nobody thinks about those.
fn battle(
    setup: &crate::scenario::zones::ZonesSetup,
    job: &Job,
    max_rounds: u32,
) -> (Option<Outcome>, Vec<(Level, f64)>) {
    let mut dice = SeededDice::new(job.seed);
    let Ok((mut s, _)) = setup.start(&mut dice) else {
        return (None, Vec::new());
    };
    let n = s.factions.len();
    let levels: Vec<Level> = (0..n)
        .map(|f| if f % 2 == job.a_side { job.a } else { job.b })
        .collect();
    let mut policies: Vec<_> = levels
        .iter()
        .enumerate()
        .map(|(f, l)| l.policy::<Zones>(job.seed.wrapping_add(f as u64 * 7919)))
        .collect();
    let mut times = Vec::new();
    loop {
        match Zones::pending(&s) {
            Pending::Over(o) => return (Some(o), times),
            Pending::Decide { seat, .. } => {
                if s.round > max_rounds {
                    return (None, times);
                }
                let f = match seat {
                    Seat::Faction(f) => f,
                    Seat::Gm => 0,
                };
                let legal = Zones::legal_actions(&s);
                let started = Instant::now();
                let a = policies[f].choose(&s, &legal);
                let ms = started.elapsed().as_secs_f64() * 1000.0;
                if legal.len() > 1 {
                    times.push((levels[f], ms));
                }
                if Zones::apply(&mut s, &a, &mut dice).is_err() {
                    return (None, times);
                }
            }
        }
    }
}

impl BenchReport {
    pub fn table(&self) -> String {
        let mut out = String::new();
        let levels: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
        out.push_str(&format!(
            "{} battles over {} ({} unfinished)\n\nwin rate of row against column (draws count half)\n{:>8}",
            self.battles,
            self.scenarios.join(", "),
            self.unfinished,
            ""
        ));
        for c in &levels {
            out.push_str(&format!("{c:>9}"));
        }
        out.push('\n');
        for r in &levels {
            out.push_str(&format!("{r:>8}"));
            for c in &levels {
                match self.win_rate.get(&format!("{r}_vs_{c}")) {
                    Some(v) => out.push_str(&format!("{:>8.1}%", v * 100.0)),
                    None => out.push_str(&format!("{:>9}", "-")),
                }
            }
            out.push('\n');
        }
        out.push_str("\ndecision time (ms, decisions with a choice)\n");
        for (l, t) in &self.decision_ms {
            out.push_str(&format!(
                "{l:>8}  median {:>7.2}  p99 {:>7.2}  max {:>7.2}  ({} decisions)\n",
                t.median, t.p99, t.max, t.decisions
            ));
        }
        out
    }
}
