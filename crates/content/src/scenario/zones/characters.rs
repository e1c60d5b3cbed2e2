//! A Zones scenario's factions, characters and the gear they carry or that lies on the ground,
//! as the rules hold them, and what the rules ask of each beyond its names.

use std::collections::BTreeMap;

use fray_rules::line::Line;

use crate::rules::Die;
use crate::rules::zones::model::*;
use crate::scenario::check::Step::{Field, Nth};
use crate::scenario::check::{Known, Report, icon, join};

use super::{CharacterDef, GearDef, ZonesScenario};

/// What the battle starts with: its factions, characters and items.
pub struct Sides {
    pub factions: Vec<Faction>,
    pub characters: Vec<Character>,
    pub items: Vec<Item>,
}

/// An item of gear as the rules hold it; armour is worn, not an item.
fn item(name: &str, def: &GearDef, location: Location, damaged: bool) -> Option<Item> {
    let kind = match def {
        GearDef::Weapon(w) | GearDef::Improvised(w) => ItemKind::Weapon(w.clone()),
        GearDef::Shield(v) => ItemKind::Shield { armour: *v },
        GearDef::Consumable(c) => ItemKind::Consumable(*c),
        GearDef::Trinket => ItemKind::Trinket,
        GearDef::Armour(_) => return None,
    };
    Some(Item {
        name: name.to_string(),
        kind,
        location,
        damaged: damaged || matches!(def, GearDef::Improvised(_)),
        used: false,
    })
}

/// The factions, their characters, and the items carried and lying on the ground.
pub fn sides(
    r: &mut Report,
    sc: &ZonesScenario,
    known: &Known,
    gear: &BTreeMap<String, GearDef>,
) -> Sides {
    let count = sc.factions.len();
    if count < 2 {
        r.at(
            &[Field("factions")],
            Line::new("data-zones-too-few-factions").number("count", count as i64),
        );
    }
    // The initiative is a die with a face for each faction.
    if count > usize::from(Die::MAX_SIDES) {
        r.at(
            &[Field("factions")],
            Line::new("data-zones-too-many-factions")
                .number("count", count as i64)
                .number("most", i64::from(Die::MAX_SIDES)),
        );
    }
    let mut out = Sides {
        factions: Vec::new(),
        characters: Vec::new(),
        items: Vec::new(),
    };
    for (f, fd) in sc.factions.iter().enumerate() {
        if fd.characters.is_empty() {
            r.at(
                &[Field("factions"), Nth(f), Field("name")],
                Line::new("data-zones-faction-empty").name("faction", fd.name.clone()),
            );
        }
        out.factions.push(Faction {
            name: fd.name.clone(),
            original_count: fd.characters.len(),
            morale_checked: false,
        });
        for (c, cd) in fd.characters.iter().enumerate() {
            let at = [Field("factions"), Nth(f), Field("characters"), Nth(c)];
            character(r, &at, cd, f, known, gear, &mut out);
        }
    }
    for (k, gi) in sc.ground.iter().enumerate() {
        let at = [Field("ground"), Nth(k), Field("item")];
        match gear.get(&gi.item) {
            None => {}
            Some(GearDef::Armour(_)) => r.at(
                &at,
                Line::new("data-zones-armour-on-ground").name("item", gi.item.clone()),
            ),
            Some(def) => {
                if let (Some(z), Some(it)) = (
                    known.get("zone", &gi.zone),
                    item(&gi.item, def, Location::Ground(0), false),
                ) {
                    out.items.push(Item {
                        location: Location::Ground(z),
                        ..it
                    });
                }
            }
        }
    }
    out
}

/// One character, their armour and the items they carry; `f` is their faction.
fn character(
    r: &mut Report,
    at: &[crate::scenario::check::Step],
    cd: &CharacterDef,
    f: usize,
    known: &Known,
    gear: &BTreeMap<String, GearDef>,
    out: &mut Sides,
) {
    let who = Line::new("data-character").name("name", cd.name.clone());
    let field = |name| join(at, &[Field(name)]);
    icon(r, at, who.clone(), &cd.icon);
    for (label, v) in [("str", cd.strength), ("agi", cd.agi), ("wit", cd.wit)] {
        if !(1..=20).contains(&v) {
            r.at(
                &field(label),
                Line::new("data-zones-attribute")
                    .line("who", who.clone())
                    .name("attribute", label.to_uppercase())
                    .number("value", i64::from(v)),
            );
        }
    }
    if !(1..=50).contains(&cd.health) {
        r.at(
            &field("health"),
            Line::new("data-zones-health")
                .line("who", who.clone())
                .number("health", i64::from(cd.health)),
        );
    }
    if cd.hurt > 0 && cd.hurt >= cd.health {
        r.at(
            &field("hurt"),
            Line::new("data-zones-hurt")
                .line("who", who.clone())
                .number("hurt", i64::from(cd.hurt))
                .number("health", i64::from(cd.health)),
        );
    }
    if cd.speed == 0 {
        let said = Line::new("data-zones-speed").line("who", who.clone());
        r.at(&field("speed"), said);
    }
    let armour = cd.armour.as_ref().and_then(|a| match gear.get(a) {
        Some(GearDef::Armour(v)) => Some(Armour {
            name: a.clone(),
            value: *v,
            damaged: cd.damaged.contains(a),
            destroyed: false,
            used: false,
        }),
        Some(_) => {
            let said = (Line::new("data-zones-not-armour").line("who", who.clone()))
                .name("gear", a.clone());
            r.at(&field("armour"), said);
            None
        }
        None => None,
    });
    let id = out.characters.len();
    let mut hands = 0u8;
    for (key, list, hand) in [("hands", &cd.hands, true), ("pack", &cd.pack, false)] {
        for (k, g) in list.iter().enumerate() {
            match gear.get(g) {
                None => {}
                Some(GearDef::Armour(_)) => r.at(
                    &join(at, &[Field(key), Nth(k)]),
                    Line::new("data-zones-armour-carried")
                        .line("who", who.clone())
                        .name("gear", g.clone()),
                ),
                Some(def) => {
                    let loc = if hand {
                        Location::Hand(id)
                    } else {
                        Location::Pack(id)
                    };
                    if let Some(it) = item(g, def, loc, cd.damaged.contains(g)) {
                        if hand {
                            hands = hands.saturating_add(it.hands());
                        }
                        out.items.push(it);
                    }
                }
            }
        }
    }
    if hands > 2 {
        r.at(
            &field("hands"),
            Line::new("data-zones-too-many-hands")
                .line("who", who.clone())
                .number("hands", i64::from(hands)),
        );
    }
    for (k, d) in cd.damaged.iter().enumerate() {
        if !cd.hands.contains(d) && !cd.pack.contains(d) && cd.armour.as_ref() != Some(d) {
            r.at(
                &join(at, &[Field("damaged"), Nth(k)]),
                Line::new("data-zones-damaged-not-carried")
                    .line("who", who.clone())
                    .name("gear", d.clone()),
            );
        }
    }
    out.characters.push(Character {
        name: cd.name.clone(),
        faction: f,
        attrs: Attributes {
            strength: cd.strength,
            agi: cd.agi,
            wit: cd.wit,
        },
        health: cd.health.saturating_sub(cd.hurt).max(1),
        max_health: cd.health,
        armour,
        zone: known.get("zone", &cd.zone).unwrap_or(0),
        status: Status::Active,
        concealed: cd.concealed,
        fearless: cd.fearless,
        speed: cd.speed,
        acted: false,
        grabbed_by: None,
        morale_passed: false,
        may_resume: false,
        hurt_to_half: false,
        poisoned: None,
        coated: None,
        peeked: false,
        figures: Figures::default(),
        icon: cd.icon.clone(),
    });
}
