//! Search: open-loop Monte Carlo tree search. The tree is keyed by the sequence of choices, and
//! every iteration samples afresh both the dice (at chance points) and, through
//! `determinize`, whatever the deciding side cannot see. Children are widened progressively in
//! the order the heuristic ranks them, rollouts follow the heuristic with some randomness, and
//! a position is scored by `Heuristics::evaluate` when the rollout stops.
//!
//! The search runs in slices (`Search::run`) so a caller without threads can spread it over
//! frames and ask for the best move so far at any time.

use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::greedy::{best_index_by, playout_index};
use super::{Candidate, Heuristics, Policy};
use fray_rules::battle::{Outcome, Pending, Seat};
use fray_rules::dice::SeededDice;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// Iterations per decision: the budget.
    pub iterations: u32,
    /// UCT exploration constant.
    pub exploration: f64,
    /// Decisions played out after leaving the tree before the position is scored.
    pub rollout_depth: u32,
    /// Chance that a rollout step follows the heuristic rather than a random legal action.
    pub rollout_greedy: f64,
    /// Weight of the heuristic's ranking in selection (progressive bias), fading with visits.
    pub prior_weight: f64,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            iterations: 300,
            exploration: 0.15,
            rollout_depth: 16,
            rollout_greedy: 1.0,
            prior_weight: 0.5,
        }
    }
}

struct Node<A> {
    action: Option<A>,
    /// The heuristic's rank of this move among its siblings when it was added, 1 for the best
    /// falling towards 0: the progressive bias.
    prior: f64,
    /// The faction whose choice led here; its reward is what this node accumulates.
    mover: Option<usize>,
    children: Vec<usize>,
    visits: u32,
    value: f64,
}

/// One decision's search, resumable slice by slice.
pub struct Search<R: Heuristics> {
    root: R::State,
    seat: Seat,
    nodes: Vec<Node<R::Action>>,
    rng: ChaCha8Rng,
    cfg: MctsConfig,
    done: u32,
    root_legal: Vec<R::Action>,
}

impl<R: Heuristics> Search<R> {
    pub fn new(state: &R::State, cfg: MctsConfig, seed: u64) -> Self {
        let seat = R::pending(state).seat().unwrap_or(Seat::Gm);
        Search {
            root: state.clone(),
            seat,
            nodes: vec![Node {
                action: None,
                prior: 0.0,
                mover: None,
                children: Vec::new(),
                visits: 0,
                value: 0.0,
            }],
            rng: ChaCha8Rng::seed_from_u64(seed),
            cfg,
            done: 0,
            root_legal: R::legal_actions(state),
        }
    }

    pub fn finished(&self) -> bool {
        self.done >= self.cfg.iterations || self.root_legal.len() <= 1
    }

    pub fn iterations(&self) -> u32 {
        self.done
    }

    /// Runs up to `n` more iterations (never past the budget).
    pub fn run(&mut self, n: u32) {
        for _ in 0..n {
            if self.finished() {
                return;
            }
            self.iterate();
            self.done += 1;
        }
    }

    /// Root moves with their estimated win chance for the deciding side, most visited first.
    pub fn candidates(&self) -> Vec<Candidate<R::Action>> {
        let mut out: Vec<Candidate<R::Action>> = self.nodes[0]
            .children
            .iter()
            .map(|&c| {
                let n = &self.nodes[c];
                Candidate {
                    action: n.action.clone().expect("child has an action"),
                    value: if n.visits == 0 {
                        0.0
                    } else {
                        n.value / f64::from(n.visits)
                    },
                    visits: n.visits,
                }
            })
            .collect();
        out.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.value.total_cmp(&a.value)));
        out
    }

    /// The best move so far: the most visited root move, or the heuristic's choice before any
    /// search has run.
    pub fn best(&mut self) -> Option<R::Action> {
        if self.root_legal.len() == 1 {
            return self.root_legal.first().cloned();
        }
        if let Some(c) = self.candidates().first() {
            return Some(c.action.clone());
        }
        if self.root_legal.is_empty() {
            return None;
        }
        let i = best_index_by::<R>(
            &self.root,
            &self.root_legal,
            &mut self.rng,
            R::playout_value,
        );
        Some(self.root_legal[i].clone())
    }

    fn iterate(&mut self) {
        let mut dice = SeededDice::new(self.rng.next_u64());
        let mut s = R::determinize(&self.root, self.seat, &mut dice);
        let mut path = vec![0usize];
        let mut node = 0usize;
        let mut in_tree = true;
        let mut rollout_left = self.cfg.rollout_depth;
        let mut legal = Vec::new();
        loop {
            let seat = match R::pending(&s) {
                Pending::Over(_) => break,
                Pending::Decide { seat, .. } => seat,
            };
            R::legal_actions_into(&s, &mut legal);
            if legal.is_empty() {
                break;
            }
            let action = if legal.len() == 1 {
                legal[0].clone()
            } else if R::side(&s, seat).is_none() {
                // The GM follows the rulebook's guidance; it has no win to search for.
                legal[playout_index::<R>(&s, &legal, &mut self.rng)].clone()
            } else if in_tree {
                let (a, child, expanded) = self.select(node, &s, &legal, seat);
                path.push(child);
                node = child;
                if expanded {
                    in_tree = false;
                }
                a
            } else {
                if rollout_left == 0 {
                    break;
                }
                rollout_left -= 1;
                if self.rng.random_bool(self.cfg.rollout_greedy) {
                    legal[playout_index::<R>(&s, &legal, &mut self.rng)].clone()
                } else {
                    legal[self.rng.random_range(0..legal.len())].clone()
                }
            };
            if R::apply_quiet(&mut s, &action, &mut dice).is_err() {
                break;
            }
        }
        let rewards = match R::pending(&s) {
            Pending::Over(Outcome::Victory { winner, .. }) => {
                let n = R::faction_names(&s).len();
                (0..n)
                    .map(|f| if f == winner { 1.0 } else { 0.0 })
                    .collect()
            }
            _ => R::evaluate(&s),
        };
        for &i in &path {
            let n = &mut self.nodes[i];
            n.visits += 1;
            n.value += n.mover.and_then(|f| rewards.get(f).copied()).unwrap_or(0.5);
        }
    }

    /// Picks the child to follow from `node`: a new child while progressive widening allows
    /// (the heuristic's best untried move), else the best by UCT among moves legal now.
    fn select(
        &mut self,
        node: usize,
        s: &R::State,
        legal: &[R::Action],
        seat: Seat,
    ) -> (R::Action, usize, bool) {
        let mover = R::side(s, seat);
        let allowed = 2 + (f64::from(self.nodes[node].visits).sqrt() as usize);
        let tried: Vec<usize> = self.nodes[node]
            .children
            .iter()
            .copied()
            .filter(|&c| {
                // Open-loop: the same choice may come up for another seat after other dice.
                self.nodes[c].mover == mover
                    && self.nodes[c]
                        .action
                        .as_ref()
                        .is_some_and(|a| legal.contains(a))
            })
            .collect();
        if tried.len() < allowed.min(legal.len()) {
            let mut best: Option<(f64, usize)> = None;
            for (i, a) in legal.iter().enumerate() {
                if tried
                    .iter()
                    .any(|&c| self.nodes[c].action.as_ref() == Some(a))
                {
                    continue;
                }
                let v = R::action_value(s, a) + self.rng.random::<f64>() * 1e-6;
                if best.is_none_or(|(bv, _)| v > bv) {
                    best = Some((v, i));
                }
            }
            let prior = 1.0 / (1.0 + tried.len() as f64);
            if let Some((_, i)) = best {
                let a = legal[i].clone();
                let existing = self.nodes[node].children.iter().copied().find(|&c| {
                    self.nodes[c].mover == mover && self.nodes[c].action.as_ref() == Some(&a)
                });
                let child = existing.unwrap_or_else(|| {
                    self.nodes.push(Node {
                        action: Some(a.clone()),
                        prior,
                        mover,
                        children: Vec::new(),
                        visits: 0,
                        value: 0.0,
                    });
                    let id = self.nodes.len() - 1;
                    self.nodes[node].children.push(id);
                    id
                });
                return (a, child, existing.is_none());
            }
        }
        let parent_visits = f64::from(self.nodes[node].visits.max(1));
        let c = self.cfg.exploration;
        let mut best = tried[0];
        let mut best_score = f64::NEG_INFINITY;
        for &ch in &tried {
            let n = &self.nodes[ch];
            let score = if n.visits == 0 {
                f64::INFINITY
            } else {
                n.value / f64::from(n.visits)
                    + c * (parent_visits.ln() / f64::from(n.visits)).sqrt()
                    + self.cfg.prior_weight * n.prior / f64::from(n.visits + 1)
            };
            if score > best_score {
                best_score = score;
                best = ch;
            }
        }
        let a = self.nodes[best]
            .action
            .clone()
            .expect("child has an action");
        (a, best, false)
    }
}

/// Search as a policy: a full budget per decision.
pub struct Mcts {
    pub cfg: MctsConfig,
    rng: ChaCha8Rng,
}

impl Mcts {
    pub fn new(cfg: MctsConfig, seed: u64) -> Self {
        Mcts {
            cfg,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl<R: Heuristics> Policy<R> for Mcts {
    fn choose(&mut self, state: &R::State, legal: &[R::Action]) -> R::Action {
        if legal.len() == 1 {
            return legal[0].clone();
        }
        let mut search = Search::<R>::new(state, self.cfg, self.rng.next_u64());
        search.run(self.cfg.iterations);
        search
            .best()
            .filter(|a| legal.contains(a))
            .unwrap_or_else(|| legal[0].clone())
    }

    fn name(&self) -> String {
        format!("search ({} iterations)", self.cfg.iterations)
    }
}
