//! An action as the menu names it, and as a refusal names what was asked: below the turn,
//! which refuses with it.

use super::action::{Action, MoraleChoice};
use super::model::*;
use super::said;
use crate::line::Line;

/// An action as a choice reads: "Attack Bryn with the spear".
pub fn describe(s: &State, action: &Action) -> Line {
    // An item by its name; where others of that name lie or are carried beside it, which one
    // (in hand or stowed, a damaged one, then by order), so no two choices read the same.
    let holder = |l: Location| match l {
        Location::Hand(c) | Location::Pack(c) => Some(Ok(c)),
        Location::Ground(z) => Some(Err(z)),
        Location::Gone => None,
    };
    let item = |i: ItemId| {
        let (mut held, mut damaged, mut k, mut of) = ("any", "no", 0, 0);
        if let Some(it) = s.items.get(i) {
            let twins: Vec<ItemId> = (0..s.items.len())
                .filter(|&j| {
                    s.items[j].name == it.name && holder(s.items[j].location) == holder(it.location)
                })
                .collect();
            if twins.len() > 1 {
                if twins.iter().any(|&j| s.items[j].location != it.location) {
                    match it.location {
                        Location::Hand(_) => held = "hand",
                        Location::Pack(_) => held = "pack",
                        _ => {}
                    }
                }
                if it.damaged {
                    damaged = "yes";
                }
                let alike: Vec<ItemId> = twins
                    .into_iter()
                    .filter(|&j| {
                        s.items[j].damaged == it.damaged && s.items[j].location == it.location
                    })
                    .collect();
                if alike.len() > 1 {
                    k = alike.iter().position(|&j| j == i).unwrap_or(0) + 1;
                    of = alike.len();
                }
            }
        }
        Line::new("zones-item")
            .thing("item", i)
            .word("held", held)
            .word("damaged", damaged)
            .number("k", k as i64)
            .number("of", of as i64)
    };
    let attack = |d: &AttackDecl| {
        let target = match d.target {
            Target::Character(t) => Line::new("zones-target").who("who", t),
            Target::Zone(z) => Line::new("zones-target-zone").place("zone", z),
        };
        let line = Line::new("zones-describe-attack")
            .who("attacker", d.attacker)
            .word("mode", said::mode(d.mode))
            .line("target", target)
            .line("weapon", said::weapon(d.weapon));
        match d.mode {
            AttackMode::Disarm { item: i } => line.line("item", item(i)),
            _ => line,
        }
    };
    match action {
        Action::ChooseFirst(f) => Line::new("zones-action-choose-first").side("side", *f),
        Action::Activate(c) => Line::new("zones-action-activate").who("who", *c),
        Action::Resume(c) => Line::new("zones-action-resume").who("who", *c),
        Action::Pass => Line::new("zones-action-pass"),
        Action::Move(z) => Line::new("zones-action-move").place("zone", *z),
        Action::Attack(d) => Line::new("zones-action-attack").line("attack", attack(d)),
        Action::PickUp(i) => Line::new("zones-action-pick-up").line("item", item(*i)),
        Action::PutDown(i) => Line::new("zones-action-put-down").line("item", item(*i)),
        Action::Equip(i) => Line::new("zones-action-equip").line("item", item(*i)),
        Action::Unequip(i) => Line::new("zones-action-stow").line("item", item(*i)),
        Action::Use(i) => Line::new("zones-action-use").line("item", item(*i)),
        // Read with `get`: a refused action is described too, whatever fixture it names.
        Action::Interact(f) => {
            let fixture = s.fixtures.get(*f);
            Line::new("zones-action-interact")
                .name(
                    "fixture",
                    fixture.map_or("?", |x| x.name.as_str()).to_string(),
                )
                .word(
                    "cost",
                    if fixture.is_some_and(|x| x.complex) {
                        "main"
                    } else {
                        "bonus"
                    },
                )
        }
        Action::Speak => Line::new("zones-action-speak"),
        Action::Hide => Line::new("zones-action-hide"),
        Action::Surrender => Line::new("zones-action-surrender"),
        Action::Shove { to, into_hazard } => {
            let how = match (*into_hazard, to) {
                (false, None) => "free",
                (true, None) => "hazard",
                (false, Some(_)) => "zone",
                (true, Some(_)) => "hazard-and-zone",
            };
            let line = Line::new("zones-action-shove").word("how", how);
            match to {
                Some(z) => line.place("zone", *z),
                None => line,
            }
        }
        Action::BreakFree => Line::new("zones-action-break-free"),
        Action::EndTurn => Line::new("zones-action-end-turn"),
        Action::TimedOut => Line::new("zones-action-timed-out"),
        Action::ProposeStunt(st) => {
            Line::new("zones-action-propose-stunt").line("stunt", said::stunt(*st))
        }
        Action::NoStunt => Line::new("zones-action-no-stunt"),
        Action::AcceptStunt => Line::new("zones-action-accept-stunt"),
        Action::RefuseStunt => Line::new("zones-action-refuse-stunt"),
        Action::React(r) => match r {
            Reaction::None => Line::new("zones-action-no-reaction"),
            Reaction::Dodge => Line::new("zones-action-dodge"),
            // Each counter says what kind of blow it is, so no two read the same.
            Reaction::Counter { weapon, mode } => {
                let line = Line::new("zones-action-counter").word("mode", said::mode(*mode));
                match mode {
                    AttackMode::Grapple => line,
                    AttackMode::Disarm { item } => line.thing("item", *item),
                    _ => line.line("weapon", said::weapon(*weapon)),
                }
            }
            Reaction::HideBehind(c) => Line::new("zones-action-hide-behind").who("who", *c),
            Reaction::Guard(c) => Line::new("zones-action-guard").who("who", *c),
        },
        Action::OpportunityAttack(d) => {
            Line::new("zones-action-opportunity-attack").line("attack", attack(d))
        }
        Action::DeclineOpportunity => Line::new("zones-action-let-them-go"),
        Action::Morale(MoraleChoice::Surrender) => Line::new("zones-action-morale-surrender"),
        Action::Morale(MoraleChoice::Retreat) => Line::new("zones-action-retreat"),
    }
}
