//! What the turn's actions cost (teams.actions): numbers the turn spends and the menu names.

use super::model::{ItemId, State};

pub const ACTIONS_PER_TURN: u8 = 3;
pub const COMMAND_FOCUS: u8 = 2;
pub const RESUSCITATE_ACTIONS: u8 = 2;
pub const SHORT_TASK_ACTIONS: u8 = 3;
pub const KILLING_STRIKE_ACTIONS: u8 = 3;

/// Actions a reload takes: the weapon's reload, at least 1.
pub fn reload_actions(s: &State, i: ItemId) -> u8 {
    s.items
        .get(i)
        .and_then(|it| it.def.weapon.as_ref())
        .map_or(1, |w| w.reload.max(1))
}
