//! `fray bench ai`: every scenario, every pairing of AI levels, sides swapped; the win-rate
//! matrix and each level's decision time. Timing lives here, outside the rules and the AI,
//! which never read a clock.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::Instant;

use serde::Serialize;

use crate::ai::{GmPolicy, Level, Policy};
use crate::rules::battle::{Outcome, Ruleset};
use crate::rules::dice::SeededDice;
use crate::rulesets::{Game, Setup, Visit};
use crate::{scenario, sim};

#[derive(Clone, Debug)]
pub struct BenchConfig {
    /// Battles for each scenario, pairing and side assignment.
    pub games: u32,
    pub levels: Vec<Level>,
    pub seed: u64,
    pub threads: usize,
    pub max_rounds: u32,
    /// Only this ruleset's scenarios (its id), or every ruleset's.
    pub ruleset: Option<String>,
    /// Generated skirmishes of each ruleset (medium, seeds 1 to this) played beside the
    /// shipped scenarios: the AI measured beyond the boards it was tuned on.
    pub generated: u32,
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
    /// The same, split by the side the first level played: `[as side 0, as side 1]`. Telling
    /// apart a level's play from a scenario's lean, and, in a ruleset whose sides have unlike
    /// decisions (Coterie's players and GM), how much each side's choices weigh.
    pub win_rate_by_side: BTreeMap<String, [f64; 2]>,
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
    /// Points and battles of the first level by the side it played; a pairing's whole is
    /// the sum of its sides.
    by_side: BTreeMap<(Level, Level, usize), (f64, u32)>,
    times: BTreeMap<Level, Vec<f64>>,
    unfinished: u32,
    battles: u32,
}

pub fn run(cfg: &BenchConfig) -> BenchReport {
    let setups: Vec<(String, Setup)> = scenario::BUILTIN
        .iter()
        .filter_map(|(n, _)| {
            scenario::builtin(n)
                .and_then(Result::ok)
                .map(|l| (n.to_string(), l.setup))
        })
        .chain(generated(cfg))
        .filter(|(_, s)| cfg.ruleset.as_deref().is_none_or(|r| r == s.ruleset()))
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
                    let (_, setup) = &setups[job.scenario];
                    let (result, times) = setup.visit(Battle {
                        job,
                        max_rounds: cfg.max_rounds,
                    });
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
                    let e = t
                        .by_side
                        .entry((job.a, job.b, job.a_side))
                        .or_insert((0.0, 0));
                    e.0 += score_a;
                    e.1 += 1;
                    let e = t
                        .by_side
                        .entry((job.b, job.a, 1 - job.a_side))
                        .or_insert((0.0, 0));
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
    let mut points: BTreeMap<(Level, Level), (f64, u32)> = BTreeMap::new();
    for ((a, b, _), (pts, n)) in &t.by_side {
        let e = points.entry((*a, *b)).or_insert((0.0, 0));
        e.0 += pts;
        e.1 += n;
    }
    let mut win_rate = BTreeMap::new();
    let mut games = BTreeMap::new();
    for ((a, b), (pts, n)) in &points {
        let key = format!("{}_vs_{}", a.name(), b.name());
        win_rate.insert(key.clone(), pts / f64::from(*n));
        games.insert(key, *n);
        // The name for the normal level's policy.
        if *b == Level::Normal {
            win_rate.insert(format!("{}_vs_greedy", a.name()), pts / f64::from(*n));
        }
    }
    let mut win_rate_by_side: BTreeMap<String, [f64; 2]> = BTreeMap::new();
    for ((a, b, side), (pts, n)) in &t.by_side {
        let key = format!("{}_vs_{}", a.name(), b.name());
        win_rate_by_side.entry(key).or_default()[*side] = pts / f64::from(*n);
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
        win_rate_by_side,
        games,
        decision_ms,
        unfinished: t.unfinished,
    }
}

/// The generated skirmishes `cfg` asks for, named `generated-RULESET-SEED`; a seed the
/// generator cannot even out is passed over (as `fray generate` would refuse it).
fn generated(cfg: &BenchConfig) -> Vec<(String, Setup)> {
    let how = crate::generate::Balancing {
        threads: cfg.threads,
        ..Default::default()
    };
    let mut out = Vec::new();
    for &r in crate::generate::RULESETS {
        if cfg.ruleset.as_deref().is_some_and(|only| only != r) {
            continue;
        }
        for seed in 1..=u64::from(cfg.generated) {
            let made = crate::generate::generate(r, seed, crate::generate::Size::Medium, &how)
                .and_then(|g| crate::generate::load(&g.scenario));
            if let Ok(loaded) = made {
                out.push((format!("generated-{r}-{seed}"), loaded.setup));
            }
        }
    }
    out
}

/// One battle of a job, under its scenario's ruleset.
struct Battle<'a> {
    job: &'a Job,
    max_rounds: u32,
}

impl Visit for Battle<'_> {
    /// The outcome and each decision's time by level.
    type Out = (Option<Outcome>, Vec<(Level, f64)>);

    fn visit<G: Game>(self, setup: &G::Setup) -> Self::Out {
        let job = self.job;
        let mut dice = SeededDice::new(job.seed);
        let Ok((mut s, _)) = G::start(setup, &mut dice) else {
            return (None, Vec::new());
        };
        let times = std::cell::RefCell::new(Vec::new());
        let mut policies: Vec<Box<dyn Policy<G> + '_>> = (0..G::faction_names(&s).len())
            .map(|f| {
                let level = if f % 2 == job.a_side { job.a } else { job.b };
                Box::new(Timed {
                    level,
                    policy: level.policy::<G>(sim::policy_seed(job.seed, f)),
                    times: &times,
                }) as Box<dyn Policy<G> + '_>
            })
            .collect();
        let result = sim::play_out::<G>(
            &mut s,
            &mut policies,
            &mut GmPolicy,
            &mut dice,
            self.max_rounds,
            true,
            |_, _| {},
        );
        drop(policies);
        let outcome = result.ok().and_then(|r| r.outcome);
        (outcome, times.into_inner())
    }
}

/// A level's policy with a stopwatch. Decisions with a single legal action are not timed:
/// nobody thinks about those.
struct Timed<'a, R: Ruleset> {
    level: Level,
    policy: Box<dyn Policy<R>>,
    times: &'a std::cell::RefCell<Vec<(Level, f64)>>,
}

impl<R: Ruleset> Policy<R> for Timed<'_, R> {
    fn choose(&mut self, state: &R::State, legal: &[R::Action]) -> R::Action {
        let started = Instant::now();
        let a = self.policy.choose(state, legal);
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        if legal.len() > 1 {
            self.times.borrow_mut().push((self.level, ms));
        }
        a
    }

    fn name(&self) -> String {
        self.policy.name()
    }
}
