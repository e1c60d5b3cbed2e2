//! A replay is exactly what determinism needs: the scenario, the dice (a seed or the values
//! rolled) and the actions. Re-running it gives the same events and the same final state.

use std::path::Path;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::rules::battle::{Event, state_hash};
use crate::rules::dice::{DiceSource, ScriptedDice, SeededDice};
use crate::rulesets::{Game, Visit};
use crate::scenario::{self, DataError, DataErrors};

/// The actions of a replay, tagged with their ruleset.
pub use crate::rulesets::Actions as ReplayActions;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReplayDice {
    Seed(u64),
    Scripted(Vec<u8>),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Replay {
    /// A built-in scenario's name or a path to a scenario file.
    pub scenario: String,
    pub dice: ReplayDice,
    pub actions: ReplayActions,
    /// The hash of the final state when the replay was recorded, checked on every re-run.
    #[serde(default)]
    pub final_hash: Option<u64>,
}

/// One event of a re-run, as `fray replay` prints it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReplayLine {
    /// The index of the action that caused it; None for the battle's start.
    pub action: Option<usize>,
    pub text: String,
    pub explanation: Option<crate::rules::Explanation>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReplayRun {
    pub lines: Vec<ReplayLine>,
    pub final_hash: u64,
    pub outcome: Option<crate::rules::Outcome>,
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReplayError {
    #[error("{0}")]
    Data(#[from] DataErrors),
    #[error("{file}:{line}: action {index} ({action}) was refused: {reason}")]
    Refused {
        file: String,
        line: usize,
        index: usize,
        action: String,
        reason: String,
    },
    #[error("{file}: the replay's scenario is for {found}, its actions for {expected}")]
    Mismatch {
        file: String,
        found: String,
        expected: String,
    },
    #[error(
        "{file}: the final state differs from the one recorded (hash {got:016x}, recorded {want:016x})"
    )]
    Diverged { file: String, got: u64, want: u64 },
}

pub fn parse(file: &str, src: &str) -> Result<Replay, DataErrors> {
    if src.trim_start().starts_with('{') {
        serde_json::from_str(src).map_err(|e| {
            DataErrors(vec![DataError {
                file: file.to_string(),
                line: e.line(),
                message: e.to_string(),
            }])
        })
    } else {
        ron::from_str(src).map_err(|e| scenario::error::from_ron(file, &e))
    }
}

pub fn load(path: &Path) -> Result<(Replay, String), DataErrors> {
    let file = path.display().to_string();
    let src = scenario::error::read(path)?;
    Ok((parse(&file, &src)?, src))
}

/// Writes a replay as RON with one action per line, so an error can name the action's line.
pub fn to_ron(r: &Replay) -> String {
    let cfg = ron::ser::PrettyConfig::new().depth_limit(3);
    ron::ser::to_string_pretty(r, cfg).unwrap_or_default()
}

/// Re-runs a replay. `file` and `src` are used to name the line of a refused action.
pub fn run(r: &Replay, file: &str, src: &str) -> Result<ReplayRun, ReplayError> {
    let loaded = scenario::load(&r.scenario)?;
    loaded.setup.visit(Rerun { r, file, src })
}

/// A replay re-run under its scenario's ruleset.
struct Rerun<'a> {
    r: &'a Replay,
    file: &'a str,
    src: &'a str,
}

impl Visit for Rerun<'_> {
    type Out = Result<ReplayRun, ReplayError>;

    fn visit<G: Game>(self, setup: &G::Setup) -> Self::Out {
        let Rerun { r, file, src } = self;
        let Some(actions) = G::actions(&r.actions) else {
            return Err(ReplayError::Mismatch {
                file: file.to_string(),
                found: G::ID.to_string(),
                expected: r.actions.ruleset().to_string(),
            });
        };
        let mut seeded;
        let mut scripted;
        let dice: &mut dyn DiceSource = match &r.dice {
            ReplayDice::Seed(s) => {
                seeded = SeededDice::new(*s);
                &mut seeded
            }
            ReplayDice::Scripted(v) => {
                scripted = ScriptedDice::new(v.iter().copied());
                &mut scripted
            }
        };
        let mut lines = Vec::new();
        let push =
            |lines: &mut Vec<ReplayLine>, i: Option<usize>, evs: Vec<Event<G::EventKind>>| {
                for e in evs {
                    lines.push(ReplayLine {
                        action: i,
                        text: e.text,
                        explanation: e.explanation,
                    });
                }
            };
        let refused = |i: usize, action: String, reason: String| {
            let first = scenario::error::locate(src, &["actions"]);
            ReplayError::Refused {
                file: file.to_string(),
                line: first + 1 + i,
                index: i,
                action,
                reason,
            }
        };
        let (mut state, start) = G::start(setup, dice)
            .map_err(|e| refused(0, "the battle's start".into(), e.to_string()))?;
        push(&mut lines, None, start);
        for (i, a) in actions.iter().enumerate() {
            // Only a legal action is described: a tampered one may name a faction, fixture or
            // item that does not exist, and `describe` indexes the state with it.
            let described = if G::legal_actions(&state).contains(a) {
                G::describe(&state, a)
            } else {
                format!("{a:?}")
            };
            let events =
                G::apply(&mut state, a, dice).map_err(|e| refused(i, described, e.to_string()))?;
            push(&mut lines, Some(i), events);
        }
        let final_hash = state_hash(&state);
        if let Some(want) = r.final_hash
            && want != final_hash
        {
            return Err(ReplayError::Diverged {
                file: file.to_string(),
                got: final_hash,
                want,
            });
        }
        let outcome = match G::pending(&state) {
            crate::rules::Pending::Over(o) => Some(o),
            crate::rules::Pending::Decide { .. } => None,
        };
        Ok(ReplayRun {
            lines,
            final_hash,
            outcome,
        })
    }
}
