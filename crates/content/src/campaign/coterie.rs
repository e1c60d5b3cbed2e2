//! What lasts of a Coterie character and group between conflicts (rules notes,
//! coterie.campaign): each character's wounds and fatigue, the group's trait injuries.

use std::collections::BTreeMap;

use crate::rules::coterie::model::State;
use crate::scenario::coterie::{CharacterDef, CoterieScenario, GroupDef};

use super::member::{Member, Sheet};

fn group<'a>(sc: &'a CoterieScenario, side: &str) -> Option<&'a GroupDef> {
    [&sc.party, &sc.foes].into_iter().find(|g| g.name == side)
}

fn group_mut<'a>(sc: &'a mut CoterieScenario, side: &str) -> Option<&'a mut GroupDef> {
    [&mut sc.party, &mut sc.foes]
        .into_iter()
        .find(|g| g.name == side)
}

/// The group's characters as the company's first members.
pub fn company(sc: &CoterieScenario, side: &str) -> Option<Vec<Member>> {
    Some(
        group(sc, side)?
            .characters
            .iter()
            .map(|def| Member::new(Sheet::Coterie { def: def.clone() }))
            .collect(),
    )
}

/// The company's members into the group, in order, and the injuries to its traits that it
/// shares (those of traits this group has). A place left over keeps its own character.
pub fn cast(
    sc: &mut CoterieScenario,
    side: &str,
    going: &[&Member],
    company: &[&str],
    injuries: &BTreeMap<String, i32>,
) {
    if group(sc, side).is_none() {
        return;
    }
    let mut names: Vec<&mut String> = Vec::new();
    for g in [&mut sc.party, &mut sc.foes] {
        if g.name == side {
            super::member::leave_out_twins(&mut g.characters, going.len(), company, |c| &c.name);
        } else {
            names.extend(g.characters.iter_mut().map(|c| &mut c.name));
        }
    }
    super::member::tell_apart(names, company);
    let Some(g) = group_mut(sc, side) else {
        return;
    };
    for (place, m) in g.characters.iter_mut().zip(going) {
        if let Sheet::Coterie { def } = &m.sheet {
            *place = def.clone();
        }
    }
    g.trait_injuries = injuries
        .iter()
        .filter(|(t, v)| **v > 0 && g.traits.contains_key(*t))
        .map(|(t, v)| (t.clone(), *v))
        .collect();
}

/// What the conflict left on a member: wounds and fatigue.
pub fn after(state: &State, m: &mut Member) {
    let Sheet::Coterie { def } = &mut m.sheet else {
        return;
    };
    if let Some(c) = state.characters.iter().find(|c| c.name == def.name) {
        def.wounds = c.wounds;
        def.fatigue = c.fatigue;
    }
}

/// The injuries to the group's traits at the end, by trait.
pub fn injuries(state: &State, side: &str) -> BTreeMap<String, i32> {
    state
        .groups
        .iter()
        .find(|g| g.name == side)
        .map(|g| g.trait_injuries.clone())
        .unwrap_or_default()
}

/// A rest between conflicts: two points of fatigue and one wound go.
pub fn recover(def: &mut CharacterDef) {
    def.fatigue = (def.fatigue - 2).max(0);
    def.wounds = (def.wounds - 1).max(0);
}

/// A rest halves each injury to the group's traits, rounded down.
pub fn recover_injuries(injuries: &mut BTreeMap<String, i32>) {
    for v in injuries.values_mut() {
        *v /= 2;
    }
    injuries.retain(|_, v| *v > 0);
}

/// Whether `name` is still in the conflict at the end (or duelling), not out of it.
pub fn stands(state: &State, name: &str) -> bool {
    state
        .characters
        .iter()
        .any(|c| c.name == name && c.standing != crate::rules::coterie::model::Standing::Out)
}
