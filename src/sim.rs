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

/// The seed of the policy at `seat` (a faction's index; the referee's after them) in the battle
/// whose dice are seeded with `battle_seed`. Never the dice's own seed: a policy drawing from
/// the dice's stream would make its choices follow the very numbers the dice then roll.
pub fn policy_seed(battle_seed: u64, seat: usize) -> u64 {
    battle_seed ^ ((seat as u64 + 1) << 32)
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

#[cfg(test)]
mod tests {
    use super::policy_seed;

    #[test]
    fn no_policy_shares_the_dice_stream_or_another_seat_s() {
        for battle in [0, 1, 7, u64::MAX, 0x9E37_79B9_7F4A_7C15] {
            let seeds: Vec<u64> = (0..4).map(|seat| policy_seed(battle, seat)).collect();
            assert!(!seeds.contains(&battle), "{battle}: {seeds:?}");
            for (i, a) in seeds.iter().enumerate() {
                assert!(!seeds[i + 1..].contains(a), "{battle}: {seeds:?}");
            }
        }
    }
}
