//! A battle's state hash, as a sealed replay holds it.

use crate::rules::battle::{self, Outcome, Pending};
use crate::rules::{Ruleset, line};

/// The hash of `state` as every seal has held it: how the battle ended counts as its English
/// words, as the referee wrote them whole before its lines became messages (see
/// [`line::saved_as_text`]). Every other part of the state counts as its facts.
pub fn state_hash<G: Ruleset>(state: &G::State) -> u64 {
    let texts = match G::pending(state) {
        Pending::Over(Outcome::Victory { how, .. } | Outcome::Draw { how }) => {
            let text = fray_words::english().line(&how, state);
            vec![(how, text)]
        }
        Pending::Decide { .. } => Vec::new(),
    };
    line::saved_as_text(texts, || battle::state_hash(state))
}
