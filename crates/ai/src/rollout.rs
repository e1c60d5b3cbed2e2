//! Rollout search: policy improvement over the heuristic. The heuristic's best few moves are
//! each played out many times with the heuristic continuing for every side, and the move with
//! the best mean result is chosen. Every move is tried with the same dice samples (common random
//! numbers), so the comparison measures the move, not the luck. Hidden enemies are placed anew
//! for each sample by `determinize`. Like the tree search, it runs in slices.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::greedy::{playout_index, rank_by};
use super::{Candidate, Heuristics, Policy};
use fray_rules::battle::{Outcome, Pending, Seat};
use fray_rules::dice::SeededDice;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RolloutConfig {
    /// How many of the heuristic's best moves are compared.
    pub width: usize,
    /// Play-outs per move.
    pub samples: u32,
    /// Decisions played out before the position is scored.
    pub depth: u32,
    /// How many standard errors another move must beat the heuristic's own by, on the same
    /// dice, to be chosen instead.
    pub margin: f64,
}

impl Default for RolloutConfig {
    fn default() -> Self {
        RolloutConfig {
            width: 6,
            samples: 24,
            depth: 40,
            margin: 2.0,
        }
    }
}

pub struct RolloutSearch<R: Heuristics> {
    root: R::State,
    seat: Seat,
    moves: Vec<R::Action>,
    totals: Vec<f64>,
    counts: Vec<u32>,
    /// Each move's result on each dice sample, for the paired comparison with the heuristic's move.
    results: Vec<Vec<f64>>,
    seeds: Vec<u64>,
    cfg: RolloutConfig,
    next: usize,
}

impl<R: Heuristics> RolloutSearch<R> {
    pub fn new(state: &R::State, cfg: RolloutConfig, seed: u64) -> Self {
        let seat = R::pending(state).seat().unwrap_or(Seat::Gm);
        let legal = R::legal_actions(state);
        let moves: Vec<R::Action> = rank_by::<R>(state, &legal, R::playout_value)
            .into_iter()
            .take(cfg.width.max(1))
            .map(|c| c.action)
            .collect();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let seeds = (0..cfg.samples).map(|_| rng.next_u64()).collect();
        RolloutSearch {
            root: state.clone(),
            seat,
            totals: vec![0.0; moves.len()],
            counts: vec![0; moves.len()],
            results: vec![Vec::new(); moves.len()],
            moves,
            seeds,
            cfg,
            next: 0,
        }
    }

    fn budget(&self) -> usize {
        if self.moves.len() <= 1 {
            0
        } else {
            self.moves.len() * self.seeds.len()
        }
    }

    pub fn finished(&self) -> bool {
        self.next >= self.budget()
    }

    pub fn iterations(&self) -> usize {
        self.next
    }

    /// Runs up to `n` more play-outs. Samples go round the moves so that a search cut short
    /// still compares them on the same dice.
    pub fn run(&mut self, n: u32) {
        for _ in 0..n {
            if self.finished() {
                return;
            }
            let m = self.next % self.moves.len();
            let k = self.next / self.moves.len();
            let v = self.play_out(m, self.seeds[k]);
            self.totals[m] += v;
            self.counts[m] += 1;
            self.results[m].push(v);
            self.next += 1;
        }
    }

    fn play_out(&self, m: usize, seed: u64) -> f64 {
        let Some(me) = R::side(&self.root, self.seat) else {
            return 0.5;
        };
        let mut dice = SeededDice::new(seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5EED);
        let mut s = R::determinize(&self.root, self.seat, &mut dice);
        if R::apply_quiet(&mut s, &self.moves[m], &mut dice).is_err() {
            return 0.0;
        }
        let mut left = self.cfg.depth;
        let mut legal = Vec::new();
        while left > 0 {
            let Pending::Decide { .. } = R::pending(&s) else {
                break;
            };
            R::legal_actions_into(&s, &mut legal);
            if legal.is_empty() {
                break;
            }
            let a = if legal.len() == 1 {
                &legal[0]
            } else {
                left -= 1;
                &legal[playout_index::<R>(&s, &legal, &mut rng)]
            };
            if R::apply_quiet(&mut s, a, &mut dice).is_err() {
                break;
            }
        }
        match R::pending(&s) {
            Pending::Over(Outcome::Victory { winner, .. }) => f64::from(u8::from(winner == me)),
            Pending::Over(Outcome::Draw { .. }) => 0.5,
            Pending::Decide { .. } => R::evaluate(&s).get(me).copied().unwrap_or(0.5),
        }
    }

    pub fn candidates(&self) -> Vec<Candidate<R::Action>> {
        let mut out: Vec<Candidate<R::Action>> = self
            .moves
            .iter()
            .enumerate()
            .map(|(i, a)| Candidate {
                action: a.clone(),
                value: if self.counts[i] == 0 {
                    0.0
                } else {
                    self.totals[i] / f64::from(self.counts[i])
                },
                visits: self.counts[i],
            })
            .collect();
        out.sort_by(|a, b| b.value.total_cmp(&a.value));
        out
    }

    /// The best move so far. The heuristic's own choice stands unless another move beats it
    /// on the same dice by more than `margin` standard errors of the difference: picking the
    /// best of several noisy estimates would otherwise often pick noise.
    pub fn best(&self) -> Option<R::Action> {
        let base = &self.results.first()?;
        let mut best = 0usize;
        let mut best_gain = 0.0;
        for (m, r) in self.results.iter().enumerate().skip(1) {
            let n = r.len().min(base.len());
            if n < 4 {
                continue;
            }
            let diffs: Vec<f64> = (0..n).map(|k| r[k] - base[k]).collect();
            let mean = diffs.iter().sum::<f64>() / n as f64;
            let var = diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
            let se = (var / n as f64).sqrt();
            if mean > self.cfg.margin * se && mean > best_gain {
                best = m;
                best_gain = mean;
            }
        }
        self.moves.get(best).cloned()
    }
}

pub struct Rollouts {
    pub cfg: RolloutConfig,
    /// The budget the ruleset gives each position ([`Heuristics::rollouts_for`]), rather than
    /// `cfg` always.
    by_board: bool,
    rng: ChaCha8Rng,
}

impl Rollouts {
    pub fn new(cfg: RolloutConfig, seed: u64) -> Self {
        Rollouts {
            cfg,
            by_board: false,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// The hard level: each position searched with the budget its ruleset gives it.
    pub fn by_board<R: Heuristics>(seed: u64) -> Self {
        Rollouts {
            by_board: true,
            ..Rollouts::new(R::rollouts(), seed)
        }
    }
}

impl<R: Heuristics> Policy<R> for Rollouts {
    fn choose(&mut self, state: &R::State, legal: &[R::Action]) -> R::Action {
        if legal.len() == 1 {
            return legal[0].clone();
        }
        // The GM is not a side that wins or loses: it follows the rulebook's guidance.
        if R::referee_deciding(state) {
            return <super::GmPolicy as Policy<R>>::choose(&mut super::GmPolicy, state, legal);
        }
        let cfg = if self.by_board {
            R::rollouts_for(state)
        } else {
            self.cfg
        };
        let mut search = RolloutSearch::<R>::new(state, cfg, self.rng.next_u64());
        search.run(u32::MAX);
        search
            .best()
            .filter(|a| legal.contains(a))
            .unwrap_or_else(|| legal[0].clone())
    }

    fn name(&self) -> String {
        format!(
            "rollouts ({} moves × {} samples)",
            self.cfg.width, self.cfg.samples
        )
    }
}
