//! Headless battles: policies for every seat, a dice source, and a round limit that only
//! guards against a ruleset bug (a battle that never ends is reported as unfinished).

use crate::ai::Policy;
use crate::rules::battle::{Event, Outcome, Pending, RuleError, Ruleset};
use crate::rules::dice::DiceSource;

#[derive(Clone, Debug, PartialEq)]
pub struct BattleResult {
    pub outcome: Option<Outcome>,
    pub rounds: u32,
    pub decisions: usize,
}

/// Plays one battle to its end, or until `max_rounds` have passed. `policies[f]` decides for
/// faction f (a character's own seat goes to its side's policy); the GM seat deciding as
/// referee uses `gm`.
pub fn play_out<R: Ruleset>(
    state: &mut R::State,
    policies: &mut [Box<dyn Policy<R> + '_>],
    gm: &mut dyn Policy<R>,
    dice: &mut dyn DiceSource,
    max_rounds: u32,
    mut on_event: impl FnMut(&R::Action, &[Event<R::EventKind>]),
) -> Result<BattleResult, RuleError> {
    let mut decisions = 0usize;
    loop {
        match R::pending(state) {
            Pending::Over(o) => {
                return Ok(BattleResult {
                    outcome: Some(o),
                    rounds: R::round(state),
                    decisions,
                });
            }
            Pending::Decide { seat, .. } => {
                if R::round(state) > max_rounds {
                    return Ok(BattleResult {
                        outcome: None,
                        rounds: R::round(state),
                        decisions,
                    });
                }
                let legal = R::legal_actions(state);
                if legal.is_empty() {
                    return Err(RuleError::Illegal(
                        "a decision is pending but no action is legal".into(),
                    ));
                }
                let action = match R::side(state, seat) {
                    Some(f) => policies[f % policies.len()].choose(state, &legal),
                    None => gm.choose(state, &legal),
                };
                // An action from the list just made needs neither the check nor the copy that
                // keep `apply` safe for outside callers (on an error the battle ends here anyway);
                // a policy that answers something else goes through the full check.
                let events = if legal.contains(&action) {
                    R::apply_trusted(state, &action, dice)?
                } else {
                    R::apply(state, &action, dice)?
                };
                on_event(&action, &events);
                decisions += 1;
            }
        }
    }
}
