//! What lasts of a Zones character between battles (rules notes, zones.campaign): health lost,
//! the gear they hold at the end with its damage, and death.

use std::collections::BTreeMap;

use crate::rules::zones::model::{ItemKind, Location, State, Status};
use crate::scenario::zones::{CharacterDef, GearDef, ZonesScenario, standard_gear};

use super::member::{Member, Sheet};

/// The gear a scenario's characters may name: the standard catalogue and its own.
fn catalogue(sc: &ZonesScenario) -> BTreeMap<String, GearDef> {
    let mut all = standard_gear();
    all.extend(sc.gear.iter().map(|(k, v)| (k.clone(), v.clone())));
    all
}

/// The side's characters as the company's first members.
pub fn company(sc: &ZonesScenario, side: &str) -> Option<Vec<Member>> {
    let f = sc.factions.iter().find(|f| f.name == side)?;
    let all = catalogue(sc);
    Some(
        f.characters
            .iter()
            .map(|def| {
                Member::new(Sheet::Zones {
                    def: def.clone(),
                    gear: carried(def, &all),
                })
            })
            .collect(),
    )
}

/// The definitions of what a character carries, from `all`.
fn carried(def: &CharacterDef, all: &BTreeMap<String, GearDef>) -> BTreeMap<String, GearDef> {
    def.hands
        .iter()
        .chain(&def.pack)
        .chain(&def.armour)
        .filter_map(|n| Some((n.clone(), all.get(n)?.clone())))
        .collect()
}

/// The company's members into the side's places, in order: each takes a place's zone and
/// whether it starts concealed; the gear they carry is added to the scenario's catalogue where
/// it lacks that name. A place left over keeps its own character.
pub fn cast(sc: &mut ZonesScenario, side: &str, going: &[&Member], company: &[&str]) {
    let Some(f) = sc.factions.iter_mut().position(|f| f.name == side) else {
        return;
    };
    let mut names: Vec<&mut String> = Vec::new();
    for (k, faction) in sc.factions.iter_mut().enumerate() {
        if k == f {
            super::member::leave_out_twins(&mut faction.characters, going.len(), company, |c| {
                &c.name
            });
        } else {
            names.extend(faction.characters.iter_mut().map(|c| &mut c.name));
        }
    }
    super::member::tell_apart(names, company);
    for (place, m) in sc.factions[f].characters.iter_mut().zip(going) {
        let Sheet::Zones { def, gear } = &m.sheet else {
            continue;
        };
        let mut def = def.clone();
        def.zone = place.zone.clone();
        def.concealed = place.concealed;
        *place = def;
        for (name, g) in gear {
            if !sc.gear.contains_key(name) && standard_gear().get(name) != Some(g) {
                sc.gear.insert(name.clone(), g.clone());
            }
        }
    }
}

/// What the battle left on a member: dead, or the health lost and the gear held at the end
/// (what was dropped or used up stays behind; what was picked up comes along).
pub fn after(state: &State, sc: &ZonesScenario, m: &mut Member) {
    let Sheet::Zones { def, gear } = &mut m.sheet else {
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
    def.hurt = c.max_health.saturating_sub(c.health);
    def.damaged.clear();
    def.armour = match &c.armour {
        Some(a) if !a.destroyed => {
            if a.damaged {
                def.damaged.push(a.name.clone());
            }
            Some(a.name.clone())
        }
        _ => None,
    };
    def.hands.clear();
    def.pack.clear();
    for it in &state.items {
        let list = match it.location {
            Location::Hand(h) if h == id => &mut def.hands,
            Location::Pack(p) if p == id => &mut def.pack,
            _ => continue,
        };
        if it.used && matches!(it.kind, ItemKind::Consumable(_)) {
            continue;
        }
        list.push(it.name.clone());
        if it.damaged && !def.damaged.contains(&it.name) {
            def.damaged.push(it.name.clone());
        }
    }
    *gear = carried(def, &catalogue(sc));
}

/// A rest between battles: half the health lost comes back, rounded up.
pub fn recover(def: &mut CharacterDef) {
    def.hurt /= 2;
    def.hurt = def.hurt.min(def.health.saturating_sub(1));
}

/// Health lost and the most there is.
pub fn health(def: &CharacterDef) -> (u8, u8) {
    (def.hurt, def.health)
}

/// Whether `name` still stands at the end: not taken out, fled or surrendered.
pub fn stands(state: &State, name: &str) -> bool {
    state
        .characters
        .iter()
        .any(|c| c.name == name && c.status == Status::Active)
}
