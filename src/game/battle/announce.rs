//! The lines the page (and its tests) read as the app goes: the menu opened, a battle over.

use bevy::prelude::*;

use super::flow::{AppState, Battle, Phase};
use crate::game::platform::web;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Phase::Over),
        announce_over.run_if(resource_exists::<Battle>),
    )
    .add_systems(OnEnter(AppState::Menu), || web::announce("FRAY MENU"));
}

/// The line a finished battle writes (to the terminal, or the page and its console), read by
/// the browser test and the determinism check.
pub fn over_line(battle: &Battle) -> String {
    use crate::rules::battle::{Outcome, Pending};
    let outcome = match battle.session().pending() {
        Pending::Over(Outcome::Victory { winner, .. }) => format!(
            "winner {}",
            battle
                .session()
                .faction_names()
                .get(*winner)
                .map_or("?", String::as_str)
        ),
        Pending::Over(Outcome::Draw { .. }) => "draw".into(),
        Pending::Decide { .. } => "unfinished".into(),
    };
    format!(
        "FRAY OVER {} seed={} actions={} {outcome} hash={:016x}",
        battle.scenario(),
        battle.seed(),
        battle.taken(),
        battle.session().state_hash()
    )
}

fn announce_over(battle: Res<Battle>) {
    web::announce(&over_line(&battle));
}
