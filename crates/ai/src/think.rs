//! Thinking in slices: a decision started now, advanced a budget at a time (one slice a frame in
//! a build without threads), with its best move and its candidates readable at any point.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::greedy::Greedy;
use super::{Candidate, Heuristics, Level, RolloutSearch};

pub enum Thinking<R: Heuristics> {
    /// Decided at once (random and greedy levels, or a single legal move).
    Ready(R::Action, Vec<Candidate<R::Action>>),
    Searching(Box<RolloutSearch<R>>),
}

impl<R: Heuristics> Thinking<R> {
    /// Starts deciding for the seat that must decide in `state`. None if nobody must.
    pub fn start(level: Level, state: &R::State, seed: u64) -> Option<Self> {
        let legal = R::legal_actions(state);
        if legal.is_empty() {
            return None;
        }
        let ranked = Greedy::rank::<R>(state, &legal);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        if level != Level::Random && R::referee_deciding(state) {
            let a =
                <super::GmPolicy as super::Policy<R>>::choose(&mut super::GmPolicy, state, &legal);
            return Some(Thinking::Ready(a, ranked));
        }
        Some(match level {
            Level::Random => {
                let i = (rng.next_u64() % legal.len() as u64) as usize;
                Thinking::Ready(legal[i].clone(), ranked)
            }
            Level::Easy | Level::Normal => {
                let mut p = Greedy::new(
                    rng.next_u64(),
                    if level == Level::Easy { 0.35 } else { 0.0 },
                );
                let a = <Greedy as super::Policy<R>>::choose(&mut p, state, &legal);
                Thinking::Ready(a, ranked)
            }
            Level::Hard => {
                if legal.len() == 1 {
                    Thinking::Ready(legal[0].clone(), ranked)
                } else {
                    Thinking::Searching(Box::new(RolloutSearch::new(
                        state,
                        R::rollouts_for(state),
                        rng.next_u64(),
                    )))
                }
            }
        })
    }

    /// Advances the search by up to `budget` play-outs; true when the decision is made.
    pub fn step(&mut self, budget: u32) -> bool {
        match self {
            Thinking::Ready(..) => true,
            Thinking::Searching(s) => {
                s.run(budget);
                s.finished()
            }
        }
    }

    pub fn best(&self) -> Option<R::Action> {
        match self {
            Thinking::Ready(a, _) => Some(a.clone()),
            Thinking::Searching(s) => s.best(),
        }
    }

    /// The top moves with their values, for the "why" panel.
    pub fn candidates(&self) -> Vec<Candidate<R::Action>> {
        match self {
            Thinking::Ready(_, c) => c.clone(),
            Thinking::Searching(s) => s.candidates(),
        }
    }
}
