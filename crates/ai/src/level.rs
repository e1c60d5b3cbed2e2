//! Difficulty levels: each a policy and a budget.

use serde::{Deserialize, Serialize};

use super::{Greedy, Heuristics, MctsConfig, Policy, RandomPolicy, Rollouts};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
pub enum Level {
    /// Uniformly random legal moves: the baseline.
    Random,
    /// Greedy, with one move in three at random.
    Easy,
    /// Greedy: the best single decision by expected value.
    Normal,
    /// Search with the heuristic as its guide.
    Hard,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Random, Level::Easy, Level::Normal, Level::Hard];

    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    pub fn parse(s: &str) -> Option<Level> {
        match s {
            "random" => Some(Level::Random),
            "easy" => Some(Level::Easy),
            "normal" | "greedy" => Some(Level::Normal),
            "hard" | "search" => Some(Level::Hard),
            _ => None,
        }
    }

    /// The tree search's budget, for callers who want it instead of the rollouts hard uses.
    pub fn search_config(self) -> MctsConfig {
        MctsConfig::default()
    }

    pub fn policy<R: Heuristics>(self, seed: u64) -> Box<dyn Policy<R>> {
        match self {
            Level::Random => Box::new(RandomPolicy::new(seed)),
            Level::Easy => Box::new(Greedy::new(seed, 0.35)),
            Level::Normal => Box::new(Greedy::new(seed, 0.0)),
            Level::Hard => Box::new(Rollouts::by_board::<R>(seed)),
        }
    }
}

/// An AI seat: a level and its own seeded randomness.
pub struct Ai<R: Heuristics> {
    pub level: Level,
    pub policy: Box<dyn Policy<R>>,
}

impl<R: Heuristics> Ai<R> {
    pub fn new(level: Level, seed: u64) -> Self {
        Ai {
            level,
            policy: level.policy::<R>(seed),
        }
    }
}
