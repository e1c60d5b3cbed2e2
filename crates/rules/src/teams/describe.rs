//! An action as the menu names it, and as a refusal names what was asked: below the turn and
//! the attack, which refuse with it.

use super::action::Action;
use super::costs::{COMMAND_FOCUS, reload_actions};
use super::model::*;
use super::said::square;
use crate::battle::CharacterId;
use crate::line::Line;

/// An action as a choice reads: "Attack Bryn with sword (1 action)".
pub fn describe(s: &State, action: &Action) -> Line {
    let with_who = |id: &'static str, c: CharacterId| Line::new(id).who("who", c);
    // An item by its name; where others of that name lie or are carried by the same one,
    // which one (in hand or stowed, how worn, then by order), so no two choices read the same.
    let item = |i: ItemId| {
        let Some(it) = s.items.get(i) else {
            return Line::new("teams-no-item");
        };
        // Carried by one character, in hand or stowed; or lying on the ground anywhere.
        let holder = |l: Location| match l {
            Location::Hand(c) | Location::Pack(c) => Some(c),
            Location::Ground(_) => None,
        };
        let mut alike: Vec<ItemId> = (0..s.items.len())
            .filter(|&j| {
                s.items[j].def.name == it.def.name
                    && holder(s.items[j].location()) == holder(it.location())
            })
            .collect();
        // A part it does not need says nothing.
        let (mut place, mut worn, mut which) = (Line::default(), Line::default(), Line::default());
        if alike
            .iter()
            .any(|&j| s.items[j].location() != it.location())
        {
            place = match it.location() {
                Location::Hand(_) => Line::new("teams-item-in-hand"),
                Location::Pack(_) => Line::new("teams-item-stowed"),
                Location::Ground(p) => Line::new("teams-item-at").line("at", square(p)),
            };
            alike.retain(|&j| s.items[j].location() == it.location());
        }
        if alike
            .iter()
            .any(|&j| s.items[j].durability != it.durability)
        {
            worn = Line::new("teams-item-durability").number("durability", it.durability);
            alike.retain(|&j| s.items[j].durability == it.durability);
        }
        if alike.len() > 1 {
            let k = alike.iter().position(|&j| j == i).unwrap_or(0) + 1;
            which = Line::new("teams-item-which")
                .number("k", k as i64)
                .number("of", alike.len() as i64);
        }
        Line::new("teams-item")
            .thing("item", i)
            .line("where", place)
            .line("worn", worn)
            .line("which", which)
    };
    // A weapon by its name, told apart from its twins as items are.
    let weapon_words = |w: WeaponRef| match w {
        WeaponRef::Item(i) => item(i),
        WeaponRef::Unarmed => Line::new("teams-bare-hands"),
    };
    let actor = |id: &'static str| match s.actor() {
        Some(c) => with_who(id, c),
        None => Line::new(id).line("who", Line::default()),
    };
    match *action {
        Action::InitiativeNext(t) => Line::new("teams-do-initiative-next").side("team", t),
        Action::Activate(c) => with_who("teams-do-activate", c),
        Action::Attack { target, weapon } => Line::new("teams-do-attack")
            .who("target", target)
            .line("weapon", weapon_words(weapon)),
        Action::Brandish { first, second } => {
            match [first, second].into_iter().flatten().collect::<Vec<_>>()[..] {
                [] => Line::new("teams-do-brandish-nothing"),
                [i] => Line::new("teams-do-brandish").line("item", item(i)),
                [i, j, ..] => Line::new("teams-do-brandish-both")
                    .line("first", item(i))
                    .line("second", item(j)),
            }
        }
        Action::Command(c) => with_who("teams-do-command", c).number("focus", COMMAND_FOCUS),
        Action::Door(p) => Line::new(if s.map.cell(p) == Cell::DoorClosed {
            "teams-do-open-door"
        } else {
            "teams-do-close-door"
        })
        .line("at", square(p)),
        Action::PickUp(i) => match s.items.get(i).map(|it| it.location()) {
            Some(Location::Hand(o) | Location::Pack(o)) => Line::new("teams-do-take-from")
                .line("item", item(i))
                .who("from", o),
            _ => Line::new("teams-do-pick-up").line("item", item(i)),
        },
        Action::Guard => Line::new("teams-do-guard"),
        Action::Move(p) => actor("teams-do-move").line("to", square(p)),
        Action::Sprint(p) => actor("teams-do-sprint").line("to", square(p)),
        Action::Ready(w) => Line::new("teams-do-ready").line("weapon", weapon_words(w)),
        Action::ReadyFor(w, e) => Line::new("teams-do-ready-for")
            .line("weapon", weapon_words(w))
            .who("enemy", e),
        Action::Resuscitate(c) => with_who("teams-do-resuscitate", c),
        Action::SeekCover => Line::new("teams-do-seek-cover"),
        Action::ShortTask(k) => Line::new("teams-do-short-task")
            .name("task", s.tasks.get(k).map_or("?", |t| t.name.as_str())),
        Action::Reload(i) => Line::new("teams-do-reload")
            .line("item", item(i))
            .number("actions", reload_actions(s, i)),
        Action::KillingStrike { target, weapon } => Line::new("teams-do-killing-strike")
            .who("target", target)
            .line("weapon", weapon_words(weapon)),
        Action::StandUp => Line::new("teams-do-stand-up"),
        Action::Wait => Line::new("teams-do-wait"),
        Action::Escape => Line::new("teams-do-escape"),
        Action::Continue => Line::new("teams-do-continue"),
        Action::Abandon => Line::new("teams-do-abandon"),
        Action::DropItem(i) => Line::new("teams-do-drop").line("item", item(i)),
        Action::DropProne => Line::new("teams-do-drop-prone"),
        Action::Step(p) => Line::new("teams-do-step").line("to", square(p)),
        Action::EndTurn => {
            if s.turn.is_some_and(|t| t.command.is_some()) {
                Line::new("teams-do-nothing")
            } else {
                Line::new("teams-do-end-turn")
            }
        }
        Action::Intercept(c) => with_who("teams-do-intercept", c),
        Action::NoIntercept => Line::new("teams-do-no-intercept"),
        Action::Dodge => Line::new("teams-do-dodge"),
        Action::Parry(i) => Line::new("teams-do-parry").line("item", item(i)),
        Action::Block(i) => Line::new("teams-do-block").line("item", item(i)),
        Action::Resist => Line::new("teams-do-resist"),
        Action::NoReaction => Line::new("teams-do-take-hit"),
        Action::Fortify => Line::new("teams-do-fortify"),
        Action::FallUnconscious => Line::new("teams-do-fall"),
    }
}
