//! The company: the characters a campaign carries from battle to battle, each as their sheet
//! with what lasts written on it (health lost, wounds, fatigue, gear and its wear), and the
//! gear won and not yet handed out.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::rules::coterie::Coterie;
use crate::rules::teams::Teams;
use crate::rules::zones::Zones;
use crate::scenario::{Rules, Scenario, zones as zs};
use crate::session::{Session, Typed};

use super::member::{Member, Sheet, Stored};
use super::{coterie, teams, zones};

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Company {
    pub members: Vec<Member>,
    /// Gear won and not yet handed out.
    #[serde(default)]
    pub stores: Vec<Stored>,
    /// Coterie: injuries to the group's traits, by trait.
    #[serde(default)]
    pub trait_injuries: BTreeMap<String, i32>,
}

/// How a member stands between battles, for the camp and the result: a count of lasting harm
/// and what they carry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lasting {
    /// Health lost and the most there is (Zones, Three actions).
    pub health: Option<(u8, u8)>,
    /// Coterie's wounds and fatigue.
    pub wounds: i32,
    pub fatigue: i32,
    /// Three actions: the difficulty of cheating death, where it was raised.
    pub death_difficulty: Option<u8>,
    /// Gear carried, each with whether it is damaged or worn.
    pub gear: Vec<(String, bool)>,
}

impl Member {
    pub fn lasting(&self) -> Lasting {
        match &self.sheet {
            Sheet::Zones { def, .. } => Lasting {
                health: Some(zones::health(def)),
                gear: def
                    .armour
                    .iter()
                    .chain(&def.hands)
                    .chain(&def.pack)
                    .map(|g| (g.clone(), def.damaged.contains(g)))
                    .collect(),
                ..Lasting::default()
            },
            Sheet::Teams { def, .. } => Lasting {
                health: Some(teams::health(def)),
                death_difficulty: def.death_difficulty,
                gear: def
                    .hands
                    .iter()
                    .chain(&def.pack)
                    .map(|g| (g.clone(), def.worn.iter().any(|(n, l)| n == g && *l > 0)))
                    .collect(),
                ..Lasting::default()
            },
            Sheet::Coterie { def } => Lasting {
                wounds: def.wounds,
                fatigue: def.fatigue,
                ..Lasting::default()
            },
        }
    }

    /// A rest between battles, as the ruleset's rules notes read it.
    pub(super) fn recover(&mut self) {
        match &mut self.sheet {
            Sheet::Zones { def, .. } => zones::recover(def),
            Sheet::Teams { def, .. } => teams::recover(def),
            Sheet::Coterie { def } => coterie::recover(def),
        }
    }
}

impl Company {
    /// The company a campaign starts with: the characters of `side` in its first battle.
    pub fn first(scenario: &Scenario, side: &str) -> Option<Company> {
        let mut members = match &scenario.rules {
            Rules::Zones(sc) => zones::company(sc, side)?,
            Rules::Teams(sc) => teams::company(sc, side)?,
            Rules::Coterie(sc) => coterie::company(sc, side)?,
        };
        // Each keeps the face the first battle gave them: a portrait chosen by the side's
        // name would change with the side they are cast into.
        for m in &mut members {
            m.keep_face(side);
        }
        Some(Company {
            members,
            ..Company::default()
        })
    }

    /// Those who go into the next battle, in the company's order.
    pub fn going(&self) -> Vec<&Member> {
        self.members.iter().filter(|m| m.goes()).collect()
    }

    /// Whether anyone is left to fight.
    pub fn standing(&self) -> bool {
        self.members.iter().any(|m| !m.fallen)
    }

    /// Those who take `side`'s places in `scenario`, in the company's order: everyone ready,
    /// or where more are ready than there are places, the fittest (the most health left; in
    /// Coterie, the best at the conflict's skills), the rest waiting in camp.
    pub fn fielded(&self, scenario: &Scenario, side: &str) -> Vec<&Member> {
        let mut going = self.going();
        let places = places(scenario, side);
        if going.len() > places {
            let at = |m: &Member| self.members.iter().position(|o| o.name() == m.name());
            going.sort_by_key(|m| std::cmp::Reverse(fitness(m, scenario)));
            going.truncate(places);
            going.sort_by_key(|m| at(m));
        }
        going
    }

    /// The scenario with the company in `side`'s places, as they stand.
    pub fn cast(&self, scenario: &mut Scenario, side: &str) {
        let going = self.fielded(scenario, side);
        let all: Vec<&str> = self.members.iter().map(Member::name).collect();
        match &mut scenario.rules {
            Rules::Zones(sc) => zones::cast(sc, side, &going, &all),
            Rules::Teams(sc) => teams::cast(sc, side, &going, &all),
            Rules::Coterie(sc) => coterie::cast(sc, side, &going, &all, &self.trait_injuries),
        }
    }

    /// What a battle just ended left on those who fought in it. `scenario` is the battle's
    /// own (as cast), whose catalogue names what they picked up.
    pub fn after(&mut self, session: &dyn Session, scenario: &Scenario, side: &str) {
        let any = session.as_any();
        for m in self.members.iter_mut().filter(|m| m.goes()) {
            match &scenario.rules {
                Rules::Zones(sc) => {
                    if let Some(t) = any.downcast_ref::<Typed<Zones>>() {
                        zones::after(t.state(), sc, m);
                    }
                }
                Rules::Teams(_) => {
                    if let Some(t) = any.downcast_ref::<Typed<Teams>>() {
                        teams::after(t.state(), m);
                    }
                }
                Rules::Coterie(_) => {
                    if let Some(t) = any.downcast_ref::<Typed<Coterie>>() {
                        coterie::after(t.state(), m);
                    }
                }
            }
        }
        if let Some(t) = any.downcast_ref::<Typed<Coterie>>() {
            self.trait_injuries = coterie::injuries(t.state(), side);
        }
    }

    /// Whether `name` still stands at the end of the battle in `session`.
    pub fn stands(session: &dyn Session, name: &str) -> bool {
        let any = session.as_any();
        if let Some(t) = any.downcast_ref::<Typed<Zones>>() {
            zones::stands(t.state(), name)
        } else if let Some(t) = any.downcast_ref::<Typed<Teams>>() {
            teams::stands(t.state(), name)
        } else if let Some(t) = any.downcast_ref::<Typed<Coterie>>() {
            coterie::stands(t.state(), name)
        } else {
            false
        }
    }

    /// A rest between battles: everyone recovers once, and once more for each `extra` rest;
    /// whoever sat the battle out recovers once more too, and is ready for the next.
    pub fn rest(&mut self, extra: usize) {
        for m in self.members.iter_mut().filter(|m| !m.fallen) {
            let times = 1 + extra + usize::from(m.sits_out);
            for _ in 0..times {
                m.recover();
            }
            m.sits_out = false;
        }
        for _ in 0..=extra {
            coterie::recover_injuries(&mut self.trait_injuries);
        }
    }

    /// An item of the stores handed to a member, into their pack; false if either is missing
    /// or the item is not of their ruleset.
    pub fn hand_out(&mut self, stored: usize, member: usize) -> bool {
        let (Some(item), Some(m)) = (self.stores.get(stored), self.members.get(member)) else {
            return false;
        };
        if m.fallen {
            return false;
        }
        let fits = matches!(
            (item, &m.sheet),
            (Stored::Zones(..), Sheet::Zones { .. }) | (Stored::Teams(..), Sheet::Teams { .. })
        );
        if !fits {
            return false;
        }
        let item = self.stores.remove(stored);
        match (item, &mut self.members[member].sheet) {
            (Stored::Zones(name, g), Sheet::Zones { def, gear }) => {
                def.pack.push(name.clone());
                gear.insert(name, g);
            }
            (Stored::Teams(name, i), Sheet::Teams { def, items }) => {
                def.pack.push(name.clone());
                items.insert(name, i);
            }
            _ => {}
        }
        true
    }

    /// An item of a battle's gear, by name, as the stores keep it; None where the battle's
    /// catalogue has no such item (or its ruleset keeps no gear).
    pub fn stored(scenario: &Scenario, name: &str) -> Option<Stored> {
        match &scenario.rules {
            Rules::Zones(sc) => sc
                .gear
                .get(name)
                .cloned()
                .or_else(|| zs::standard_gear().get(name).cloned())
                .map(|g| Stored::Zones(name.to_string(), g)),
            Rules::Teams(sc) => sc
                .items
                .get(name)
                .map(|i| Stored::Teams(name.to_string(), i.clone())),
            Rules::Coterie(_) => None,
        }
    }
}

/// How fit a member is to take a place: health left (Zones, Three actions), or in Coterie the
/// best of the conflict's skills and then their sum.
fn fitness(m: &Member, scenario: &Scenario) -> (i32, i32) {
    match (&m.sheet, &scenario.rules) {
        (Sheet::Coterie { def }, Rules::Coterie(sc)) => {
            let skills: Vec<i32> = sc
                .conflict
                .skills
                .iter()
                .filter_map(|s| def.skills.get(s).copied())
                .collect();
            (
                skills.iter().copied().max().unwrap_or(0) - def.wounds,
                skills.iter().sum(),
            )
        }
        _ => {
            let (lost, most) = m.lasting().health.unwrap_or((0, 0));
            (i32::from(most) - i32::from(lost), i32::from(most))
        }
    }
}

/// How many characters `side` has in `scenario`: the places the company is cast into (0 for
/// a side it lacks), counted without copying them as `Company::first` does.
pub fn places(scenario: &Scenario, side: &str) -> usize {
    match &scenario.rules {
        Rules::Zones(sc) => sc
            .factions
            .iter()
            .find(|f| f.name == side)
            .map_or(0, |f| f.characters.len()),
        Rules::Teams(sc) => sc
            .teams
            .iter()
            .find(|t| t.name == side)
            .map_or(0, |t| t.characters.len()),
        Rules::Coterie(sc) => [&sc.party, &sc.foes]
            .into_iter()
            .find(|g| g.name == side)
            .map_or(0, |g| g.characters.len()),
    }
}
