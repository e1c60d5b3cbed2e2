//! A member of the company as the scenario files write a character, with what they carry,
//! and the gear in the company's stores.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::scenario::{coterie as cs, teams as ts, zones as zs};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Member {
    pub sheet: Sheet,
    /// Dead: gone from the company for good.
    #[serde(default)]
    pub fallen: bool,
    /// Stays in camp for the next battle, and rests the longer for it.
    #[serde(default)]
    pub sits_out: bool,
}

/// A character as the scenario files write them, with the definitions of what they carry.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Sheet {
    Zones {
        def: zs::CharacterDef,
        gear: BTreeMap<String, zs::GearDef>,
    },
    Teams {
        def: ts::CharacterDef,
        items: BTreeMap<String, ts::ItemDef>,
    },
    Coterie {
        def: cs::CharacterDef,
    },
}

/// An item in the company's stores, with its definition.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Stored {
    Zones(String, zs::GearDef),
    Teams(String, ts::ItemDef),
}

impl Stored {
    pub fn name(&self) -> &str {
        match self {
            Stored::Zones(n, _) | Stored::Teams(n, _) => n,
        }
    }
}

impl Member {
    pub fn new(sheet: Sheet) -> Member {
        Member {
            sheet,
            fallen: false,
            sits_out: false,
        }
    }

    pub fn name(&self) -> &str {
        match &self.sheet {
            Sheet::Zones { def, .. } => &def.name,
            Sheet::Teams { def, .. } => &def.name,
            Sheet::Coterie { def } => &def.name,
        }
    }

    pub fn icon(&self) -> Option<&str> {
        match &self.sheet {
            Sheet::Zones { def, .. } => def.icon.as_deref(),
            Sheet::Teams { def, .. } => def.icon.as_deref(),
            Sheet::Coterie { def } => def.icon.as_deref(),
        }
    }

    /// Names the portrait the board gives them now (by their name, `side` and gear), unless
    /// their sheet names one already.
    pub(super) fn keep_face(&mut self, side: &str) {
        let (icon, name, gear): (&mut Option<String>, &str, Vec<&str>) = match &mut self.sheet {
            Sheet::Zones { def, .. } => {
                let gear = def
                    .hands
                    .iter()
                    .chain(&def.pack)
                    .map(String::as_str)
                    .collect();
                (&mut def.icon, &def.name, gear)
            }
            Sheet::Teams { def, .. } => {
                let gear = def
                    .hands
                    .iter()
                    .chain(&def.pack)
                    .map(String::as_str)
                    .collect();
                (&mut def.icon, &def.name, gear)
            }
            Sheet::Coterie { def } => (&mut def.icon, &def.name, Vec::new()),
        };
        if icon.is_none() {
            *icon = Some(crate::art::portrait(None, name, side, &gear).to_string());
        }
    }

    /// Whether they can fight in the next battle: alive and not sitting it out.
    pub fn goes(&self) -> bool {
        !self.fallen && !self.sits_out
    }
}

/// A side's places past the first `cast` (which the company takes) keep their own
/// characters, but one who bears a company member's name is that member, who is not in this
/// battle (sitting it out, dead, or with no place): they are left out.
pub(super) fn leave_out_twins<C>(
    places: &mut Vec<C>,
    cast: usize,
    company: &[&str],
    name: impl Fn(&C) -> &String,
) {
    let mut k = 0;
    places.retain(|c| {
        k += 1;
        k <= cast || !company.contains(&name(c).as_str())
    });
}

/// Someone of another side who bears a company member's name is another person: they are
/// told apart by a word after it.
pub(super) fn tell_apart(names: Vec<&mut String>, company: &[&str]) {
    for n in names {
        if company.contains(&n.as_str()) {
            n.push_str(" the Younger");
        }
    }
}
