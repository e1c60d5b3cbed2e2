//! What lasts of a Three actions character between battles (rules notes, teams.campaign):
//! health lost, death and the raised difficulty of cheating it, and the gear held at the end
//! with its wear.

use std::collections::BTreeMap;

use crate::rules::teams::{Location, State, Status};
use crate::scenario::teams::{CharacterDef, ItemDef, TeamsScenario};

use super::member::{Member, Sheet};

/// The side's characters as the company's first members.
pub fn company(sc: &TeamsScenario, side: &str) -> Option<Vec<Member>> {
    let t = sc.teams.iter().find(|t| t.name == side)?;
    Some(
        t.characters
            .iter()
            .map(|def| {
                Member::new(Sheet::Teams {
                    def: def.clone(),
                    items: carried(def, &sc.items),
                })
            })
            .collect(),
    )
}

fn carried(def: &CharacterDef, all: &BTreeMap<String, ItemDef>) -> BTreeMap<String, ItemDef> {
    def.hands
        .iter()
        .chain(&def.pack)
        .filter_map(|n| Some((n.clone(), all.get(n)?.clone())))
        .collect()
}

/// The company's members into the team's places, in order: each takes a place's square and
/// whether it starts unseen; their items join the scenario's catalogue where it lacks the
/// name. A place left over keeps its own character.
pub fn cast(sc: &mut TeamsScenario, side: &str, going: &[&Member], company: &[&str]) {
    let Some(t) = sc.teams.iter().position(|t| t.name == side) else {
        return;
    };
    let mut names: Vec<&mut String> = Vec::new();
    for (k, team) in sc.teams.iter_mut().enumerate() {
        if k == t {
            super::member::leave_out_twins(&mut team.characters, going.len(), company, |c| &c.name);
        } else {
            names.extend(team.characters.iter_mut().map(|c| &mut c.name));
        }
    }
    super::member::tell_apart(names, company);
    for (place, m) in sc.teams[t].characters.iter_mut().zip(going) {
        let Sheet::Teams { def, items } = &m.sheet else {
            continue;
        };
        let mut def = def.clone();
        def.at = place.at;
        def.unseen = place.unseen;
        *place = def;
        for (name, i) in items {
            sc.items.entry(name.clone()).or_insert_with(|| i.clone());
        }
    }
}

/// What the battle left on a member: dead, or health lost, the difficulty of cheating death,
/// and the items held at the end with their wear (a broken one is thrown away).
pub fn after(state: &State, m: &mut Member) {
    let Sheet::Teams { def, items } = &mut m.sheet else {
        return;
    };
    let Some(id) = state.characters.iter().position(|c| c.name == def.name) else {
        return;
    };
    let c = &state.characters[id];
    if c.status == Status::Dead {
        m.fallen = true;
        return;
    }
    def.hurt = c.stats.health.saturating_sub(c.health);
    def.death_difficulty = (c.death_difficulty != 10).then_some(c.death_difficulty);
    def.hands.clear();
    def.pack.clear();
    def.worn.clear();
    items.clear();
    // In hand first, then stowed: the order a scenario's `worn` names items in.
    let held: Vec<_> = state
        .items
        .iter()
        .filter(|it| it.location() == Location::Hand(id))
        .chain(
            state
                .items
                .iter()
                .filter(|it| it.location() == Location::Pack(id)),
        )
        .filter(|it| !it.broken())
        .collect();
    for it in &held {
        let d = &it.def.0;
        let twin = held.iter().filter(|o| o.def.0.name == d.name).count() > 1;
        if matches!(it.location(), Location::Hand(_)) {
            def.hands.push(d.name.clone());
        } else {
            def.pack.push(d.name.clone());
        }
        let lost = d.max_durability().saturating_sub(it.durability);
        // A twin is named even unworn, so that the wear goes to the right one of the two.
        if lost > 0 || twin {
            def.worn.push((d.name.clone(), lost));
        }
        items
            .entry(d.name.clone())
            .or_insert_with(|| ItemDef::of(d));
    }
}

/// A rest between battles: health comes back by the character's constitution (the rulebook's
/// measure of how much they can lose before it tells), endurance, stamina and focus are whole
/// at every battle's start, and the raised difficulty of cheating death stays.
pub fn recover(def: &mut CharacterDef) {
    let stats = def.stats.stats();
    def.hurt = def.hurt.saturating_sub(stats.constitution.max(1));
    def.hurt = def.hurt.min(stats.health.saturating_sub(1));
}

/// Health lost and the most there is.
pub fn health(def: &CharacterDef) -> (u8, u8) {
    (def.hurt, def.stats.stats().health)
}

/// Whether `name` still stands at the end: conscious and on the field.
pub fn stands(state: &State, name: &str) -> bool {
    state
        .characters
        .iter()
        .any(|c| c.name == name && c.status == Status::Active)
}
