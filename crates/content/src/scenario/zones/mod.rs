//! A Zones scenario as written in RON, its validation, and the battle it starts.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

mod reach;
mod situation;

pub use situation::{CharacterState, SituationDef};

use super::error::{DataErrors, Report, Step, over_limit};
use super::names;
use crate::rules::Die;
use crate::rules::battle::FactionId;
use crate::rules::zones::model::*;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GearDef {
    Weapon(WeaponStats),
    /// Works as a simple weapon but is handled as already damaged.
    Improvised(WeaponStats),
    Armour(u8),
    Shield(u8),
    Consumable(Consumable),
    Trinket,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZoneDef {
    pub name: String,
    pub neighbours: Vec<String>,
    #[serde(default)]
    pub cover: bool,
    #[serde(default)]
    pub concealment: bool,
    #[serde(default)]
    pub dark: bool,
    #[serde(default)]
    pub barrier: bool,
    #[serde(default)]
    pub hazard: Option<Hazard>,
    /// Where the board draws it, as (column, row) from the map's first corner; either every
    /// zone of a map says, or none does and the board lays the map out from its links. (A
    /// random skirmish's map says: its zones stand in two rows.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<(u8, u8)>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EffectDef {
    Passage(String, String),
    Trap(String),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FixtureDef {
    pub name: String,
    pub zone: String,
    #[serde(default)]
    pub complex: bool,
    pub effect: EffectDef,
    /// A door that starts shut: the way between the two zones it joins is closed until
    /// someone opens it.
    #[serde(default)]
    pub closed: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroundItem {
    pub item: String,
    pub zone: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CharacterDef {
    pub name: String,
    #[serde(rename = "str")]
    pub strength: u8,
    pub agi: u8,
    pub wit: u8,
    pub health: u8,
    #[serde(default)]
    pub armour: Option<String>,
    #[serde(default)]
    pub hands: Vec<String>,
    #[serde(default)]
    pub pack: Vec<String>,
    /// Gear this character brings already damaged.
    #[serde(default)]
    pub damaged: Vec<String>,
    pub zone: String,
    #[serde(default)]
    pub concealed: bool,
    #[serde(default)]
    pub fearless: bool,
    #[serde(default = "default_speed")]
    pub speed: u8,
    /// Its picture: a portrait of the art by key (`portrait.goblin`); without one, the game
    /// picks one by the name, side and gear.
    #[serde(default)]
    pub icon: Option<String>,
}

fn default_speed() -> u8 {
    2
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FactionDef {
    pub name: String,
    pub characters: Vec<CharacterDef>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZonesScenario {
    #[serde(default)]
    pub options: Options,
    #[serde(default)]
    pub started_by: Option<String>,
    pub zones: Vec<ZoneDef>,
    #[serde(default)]
    pub fixtures: Vec<FixtureDef>,
    /// Gear defined for this scenario, added to (or replacing) the standard catalogue.
    #[serde(default, deserialize_with = "crate::scenario::error::unique_keys")]
    pub gear: BTreeMap<String, GearDef>,
    #[serde(default)]
    pub ground: Vec<GroundItem>,
    pub factions: Vec<FactionDef>,
    /// Where the battle stands when it starts, for a battle begun mid-way.
    #[serde(
        default,
        deserialize_with = "crate::scenario::error::given",
        skip_serializing_if = "Option::is_none"
    )]
    pub situation: Option<SituationDef>,
}

/// The standard gear catalogue (rules notes, zones.gear), shipped in the binary so that the
/// web build and the CLI agree without reading files.
pub const STANDARD_GEAR: &str = include_str!("../../../../../assets/gear/zones.ron");

pub fn standard_gear() -> BTreeMap<String, GearDef> {
    ron::from_str(STANDARD_GEAR).expect("the standard gear catalogue is valid RON (tested)")
}

const STANDARD_DICE: [u8; 6] = [4, 6, 8, 10, 12, 20];

pub use crate::rules::zones::ZonesSetup;

/// A name of nothing but spaces tells nothing apart: a referee could not say which one is meant.
fn unnamed(r: &mut Report, anchors: &[&str], what: &str, name: &str) {
    if name.trim().is_empty() {
        let quoted = format!("\"{name}\"");
        r.at(
            &[anchors, &[quoted.as_str()]].concat(),
            format!("a {what} needs a name, not a blank"),
        );
    }
}

// Limits on every list the rules go through, each far above what a table plays (the shipped
// skirmishes have a handful of zones and characters) and low enough that a battle of the
// largest still plays quickly in `sim` and the AI's search.
/// Zones on the map: a large town or a dungeon level.
pub const MAX_ZONES: usize = 64;
/// Characters a faction fields: a whole company a side.
pub const MAX_CHARACTERS: usize = 64;
/// Kinds of gear a scenario adds to the standard catalogue.
pub const MAX_GEAR: usize = 256;
/// Fixtures on the map (doors, traps, levers): a few a zone.
pub const MAX_FIXTURES: usize = 64;
/// Items lying on the ground at the start: a battlefield strewn with weapons.
pub const MAX_GROUND: usize = 256;
/// Items a character has in hand, in the pack, or damaged: a heavily laden pack.
pub const MAX_CARRIED: usize = 16;

pub fn validate(file: &str, src: &str, sc: &ZonesScenario) -> Result<ZonesSetup, DataErrors> {
    let mut r = Report::new(file, src);
    over_limit(&mut r, &["gear:"], "gear", sc.gear.len(), MAX_GEAR);
    over_limit(&mut r, &["zones:"], "zones", sc.zones.len(), MAX_ZONES);
    over_limit(
        &mut r,
        &["fixtures:"],
        "fixtures",
        sc.fixtures.len(),
        MAX_FIXTURES,
    );
    over_limit(&mut r, &["ground:"], "ground", sc.ground.len(), MAX_GROUND);
    let mut gear = standard_gear();
    for (name, def) in &sc.gear {
        gear.insert(name.clone(), def.clone());
        let anchor = format!("\"{name}\"");
        unnamed(&mut r, &["gear", &anchor], "gear", name);
        if let GearDef::Weapon(w) | GearDef::Improvised(w) = def {
            if !STANDARD_DICE.contains(&w.damage.sides) {
                r.at(
                    &["gear", &anchor],
                    format!(
                        "gear \"{name}\": damage must be a d4, d6, d8, d10, d12 or d20, not a d{}",
                        w.damage.sides
                    ),
                );
            }
            match w.kind {
                WeaponKind::Melee if w.range != 0 => {
                    r.at(
                        &["gear", &anchor],
                        format!(
                            "gear \"{name}\": a melee weapon has no range (found {})",
                            w.range
                        ),
                    );
                }
                WeaponKind::Ranged | WeaponKind::Indirect if w.range == 0 => {
                    r.at(
                        &["gear", &anchor],
                        format!(
                            "gear \"{name}\": a ranged weapon needs a range of at least 1 zone"
                        ),
                    );
                }
                WeaponKind::Indirect if w.range < 2 => {
                    r.at(&["gear", &anchor], format!("gear \"{name}\": indirect fire only reaches beyond half range, so its range must be at least 2"));
                }
                _ => {}
            }
            if w.hands == 0 || w.hands > 2 {
                r.at(
                    &["gear", &anchor],
                    format!(
                        "gear \"{name}\": a weapon takes 1 or 2 hands, not {}",
                        w.hands
                    ),
                );
            }
        }
        if let GearDef::Armour(v) | GearDef::Shield(v) = def
            && *v > 5
        {
            r.at(
                &["gear", &anchor],
                format!("gear \"{name}\": armour {v} is beyond anything in the catalogue (0 to 5)"),
            );
        }
    }

    // Zones.
    let mistakes = r.errors.len();
    let mut zone_ids: BTreeMap<&str, ZoneId> = BTreeMap::new();
    for (i, z) in sc.zones.iter().enumerate() {
        unnamed(&mut r, &["zones"], "zone", &z.name);
        names::check(
            &mut r,
            &["zones", &format!("name: \"{}\"", z.name)],
            "zone",
            &z.name,
        );
        if zone_ids.insert(z.name.as_str(), i).is_some() {
            let at = format!("name: \"{}\"", z.name);
            r.at(
                &["zones", &at, &at],
                format!("zone \"{}\" is defined twice", z.name),
            );
        }
    }
    if sc.zones.is_empty() {
        r.at(&["zones"], "the map has no zones");
    }
    let mut zones: Vec<Zone> = sc
        .zones
        .iter()
        .map(|z| Zone {
            name: z.name.clone(),
            neighbours: Vec::new(),
            cover: z.cover,
            concealment: z.concealment,
            dark: z.dark,
            barrier: z.barrier,
            hazard: z.hazard.clone(),
            at: z.at,
        })
        .collect();
    // Drawn where the file says, or all laid out from the links: a map half placed by hand
    // has no layout to put the other half in.
    let placed = sc.zones.iter().filter(|z| z.at.is_some()).count();
    if placed > 0 && placed < sc.zones.len() {
        for z in sc.zones.iter().filter(|z| z.at.is_none()) {
            r.at(
                &[&format!("name: \"{}\"", z.name)],
                format!(
                    "zone \"{}\" does not say where it is drawn (`at: Some((column, row))`), while {placed} of the map's zones do: every zone says, or none",
                    z.name
                ),
            );
        }
    }
    for (i, z) in sc.zones.iter().enumerate() {
        if let Some(spot) = z.at
            && let Some(other) = sc.zones[..i].iter().find(|o| o.at == Some(spot))
        {
            r.at(
                &[&format!("name: \"{}\"", z.name), "at:"],
                format!(
                    "zone \"{}\" is drawn on the same spot as \"{}\" ({}, {})",
                    z.name, other.name, spot.0, spot.1
                ),
            );
        }
    }
    for (i, z) in sc.zones.iter().enumerate() {
        let at = format!("name: \"{}\"", z.name);
        for n in &z.neighbours {
            match zone_ids.get(n.as_str()) {
                None => r.at(
                    &[&at, &format!("\"{n}\"")],
                    format!("zone \"{}\": neighbour \"{n}\" does not exist", z.name),
                ),
                Some(&j) if j == i => r.at(
                    &[&at, &format!("\"{n}\"")],
                    format!("zone \"{}\" cannot neighbour itself", z.name),
                ),
                // Neighbours are mutual: a path from A to B is a path from B to A.
                Some(&j) => {
                    if !zones[i].neighbours.contains(&j) {
                        zones[i].neighbours.push(j);
                    }
                    if !zones[j].neighbours.contains(&i) {
                        zones[j].neighbours.push(i);
                    }
                }
            }
        }
        if let Some(h) = &z.hazard
            && !STANDARD_DICE.contains(&h.damage.sides)
        {
            r.at(
                &[&at, "hazard"],
                format!(
                    "zone \"{}\": hazard damage must be a standard die, not a d{}",
                    z.name, h.damage.sides
                ),
            );
        }
    }
    // The map's parts, by its ways before any door is shut; none where its zones or ways are
    // written wrong, since it is then in parts for that mistake alone.
    let parts = (r.errors.len() == mistakes).then(|| reach::parts(&zones));
    let zone_of = |r: &mut Report, anchors: &[&str], name: &str, what: &str| -> Option<ZoneId> {
        let found = zone_ids.get(name).copied();
        if found.is_none() {
            let mut a: Vec<&str> = anchors.to_vec();
            let quoted = format!("\"{name}\"");
            a.push(&quoted);
            r.at(&a, format!("{what}: zone \"{name}\" does not exist"));
        }
        found
    };

    // A missed blast deviates by a die with a face for each neighbouring zone.
    for (z, zone) in sc.zones.iter().zip(&zones) {
        if zone.neighbours.len() > usize::from(Die::MAX_SIDES) {
            let at = format!("name: \"{}\"", z.name);
            r.at(
                &[&at],
                format!(
                    "zone \"{}\" has {} neighbours: a missed blast's deviation die has at most {} faces",
                    z.name,
                    zone.neighbours.len(),
                    Die::MAX_SIDES
                ),
            );
        }
    }

    // Fixtures.
    let mut fixtures = Vec::new();
    for (k, fx) in sc.fixtures.iter().enumerate() {
        let at = format!("name: \"{}\"", fx.name);
        unnamed(&mut r, &["fixtures"], "fixture", &fx.name);
        if sc.fixtures[..k].iter().any(|o| o.name == fx.name) {
            // The second one's line: its anchor is searched after the first's.
            r.at(
                &["fixtures", &at, &at],
                format!("fixture \"{}\" is defined twice", fx.name),
            );
        }
        let zone = zone_of(
            &mut r,
            &["fixtures", &at],
            &fx.zone,
            &format!("fixture \"{}\"", fx.name),
        );
        let effect = match &fx.effect {
            EffectDef::Passage(a, b) => {
                let za = zone_of(
                    &mut r,
                    &["fixtures", &at, "Passage"],
                    a,
                    &format!("fixture \"{}\"", fx.name),
                );
                let zb = zone_of(
                    &mut r,
                    &["fixtures", &at, "Passage"],
                    b,
                    &format!("fixture \"{}\"", fx.name),
                );
                match (za, zb) {
                    (Some(x), Some(y)) if x == y => {
                        r.at(
                            &["fixtures", &at],
                            format!(
                                "fixture \"{}\": a passage joins two different zones",
                                fx.name
                            ),
                        );
                        None
                    }
                    (Some(x), Some(y)) if zone.is_some_and(|z| z != x && z != y) => {
                        r.at(
                            &["fixtures", &at],
                            format!(
                                "fixture \"{}\": a passage is worked from one of the two zones it joins, not from \"{}\"",
                                fx.name, fx.zone
                            ),
                        );
                        None
                    }
                    // A door stands between two zones that touch.
                    (Some(x), Some(y)) if !zones[x].neighbours.contains(&y) => {
                        r.at(
                            &["fixtures", &at, "Passage"],
                            format!(
                                "fixture \"{}\": a passage joins neighbouring zones, and \"{a}\" and \"{b}\" are not neighbours",
                                fx.name
                            ),
                        );
                        None
                    }
                    (Some(x), Some(y)) => Some(FixtureEffect::Passage(x, y)),
                    _ => None,
                }
            }
            EffectDef::Trap(z) => {
                let zt = zone_of(
                    &mut r,
                    &["fixtures", &at, "Trap"],
                    z,
                    &format!("fixture \"{}\"", fx.name),
                );
                if let Some(zt) = zt
                    && zones[zt].hazard.is_none()
                {
                    r.at(
                        &["fixtures", &at, "Trap"],
                        format!(
                            "fixture \"{}\": zone \"{z}\" has no hazard to unleash",
                            fx.name
                        ),
                    );
                }
                zt.map(FixtureEffect::Trap)
            }
        };
        if fx.closed && !matches!(fx.effect, EffectDef::Passage(..)) {
            r.at(
                &["fixtures", &at, "closed:"],
                format!(
                    "fixture \"{}\": only a door (a passage) can be closed",
                    fx.name
                ),
            );
        }
        if let (Some(zone), Some(effect)) = (zone, effect) {
            if let (true, FixtureEffect::Passage(x, y)) = (fx.closed, effect) {
                zones[x].neighbours.retain(|&z| z != y);
                zones[y].neighbours.retain(|&z| z != x);
            }
            fixtures.push(Fixture {
                name: fx.name.clone(),
                zone,
                complex: fx.complex,
                effect,
            });
        }
    }

    // Factions and characters.
    let mut items: Vec<Item> = Vec::new();
    let make_item =
        |name: &str, def: &GearDef, location: Location, damaged: bool| -> Option<Item> {
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
        };
    if sc.factions.len() < 2 {
        r.at(
            &["factions"],
            format!(
                "a fight needs at least two factions, found {}",
                sc.factions.len()
            ),
        );
    }
    // The initiative is a die with a face for each faction.
    if sc.factions.len() > usize::from(Die::MAX_SIDES) {
        r.at(
            &["factions"],
            format!(
                "{} factions: the initiative die has at most {} faces, one a faction",
                sc.factions.len(),
                Die::MAX_SIDES
            ),
        );
    }
    let mut faction_names: BTreeMap<&str, FactionId> = BTreeMap::new();
    let mut char_names: BTreeMap<&str, ()> = BTreeMap::new();
    let mut factions = Vec::new();
    let mut characters = Vec::new();
    for (f, fd) in sc.factions.iter().enumerate() {
        let fat = format!("name: \"{}\"", fd.name);
        unnamed(&mut r, &["factions"], "faction", &fd.name);
        names::check(&mut r, &["factions", &fat], "faction", &fd.name);
        if faction_names.insert(fd.name.as_str(), f).is_some() {
            r.at(
                &["factions", &fat, &fat],
                format!("faction \"{}\" is named twice", fd.name),
            );
        }
        if fd.characters.is_empty() {
            r.at(
                &["factions", &fat],
                format!("faction \"{}\" has no characters", fd.name),
            );
        }
        over_limit(
            &mut r,
            &["factions", &fat],
            &format!("faction \"{}\": characters", fd.name),
            fd.characters.len(),
            MAX_CHARACTERS,
        );
        factions.push(Faction {
            name: fd.name.clone(),
            original_count: fd.characters.len(),
            morale_checked: false,
        });
        for (c, cd) in fd.characters.iter().enumerate() {
            // The character's errors are looked for in its own record: its name may be
            // written twice, or after the field that is wrong.
            r.enter(&[
                Step::Field("factions"),
                Step::Nth(f),
                Step::Field("characters"),
                Step::Nth(c),
            ]);
            let anchors: [&str; 0] = [];
            unnamed(&mut r, &["name:"], "character", &cd.name);
            names::check(&mut r, &["name:"], "character", &cd.name);
            crate::scenario::error::check_icon(
                &mut r,
                &anchors,
                &format!("character \"{}\"", cd.name),
                &cd.icon,
            );
            if char_names.insert(cd.name.as_str(), ()).is_some() {
                r.at(
                    &["name:"],
                    format!(
                        "character \"{}\" appears twice: names must tell characters apart",
                        cd.name
                    ),
                );
            }
            let id = characters.len();
            for (label, v) in [("str", cd.strength), ("agi", cd.agi), ("wit", cd.wit)] {
                if !(1..=20).contains(&v) {
                    r.at(
                        &[&anchors[..], &[&format!("{label}:")]].concat(),
                        format!(
                            "character \"{}\": {} must be from 1 to 20 (a d20 save), not {v}",
                            cd.name,
                            label.to_uppercase()
                        ),
                    );
                }
            }
            if !(1..=50).contains(&cd.health) {
                r.at(
                    &[&anchors[..], &["health:"]].concat(),
                    format!(
                        "character \"{}\": health must be from 1 to 50, not {}",
                        cd.name, cd.health
                    ),
                );
            }
            if cd.speed == 0 {
                r.at(
                    &[&anchors[..], &["speed:"]].concat(),
                    format!("character \"{}\": speed must be at least 1", cd.name),
                );
            }
            let zone = zone_of(
                &mut r,
                &[&anchors[..], &["zone:"]].concat(),
                &cd.zone,
                &format!("character \"{}\"", cd.name),
            )
            .unwrap_or(0);
            let armour = match &cd.armour {
                None => None,
                Some(a) => match gear.get(a) {
                    Some(GearDef::Armour(v)) => Some(Armour {
                        name: a.clone(),
                        value: *v,
                        damaged: cd.damaged.contains(a),
                        destroyed: false,
                        used: false,
                    }),
                    Some(_) => {
                        r.at(
                            &[&anchors[..], &["armour:", &format!("\"{a}\"")]].concat(),
                            format!("character \"{}\": \"{a}\" is not armour", cd.name),
                        );
                        None
                    }
                    None => {
                        r.at(
                            &[&anchors[..], &["armour:", &format!("\"{a}\"")]].concat(),
                            format!("character \"{}\": unknown gear \"{a}\"", cd.name),
                        );
                        None
                    }
                },
            };
            for (key, list) in [
                ("hands", &cd.hands),
                ("pack", &cd.pack),
                ("damaged", &cd.damaged),
            ] {
                over_limit(
                    &mut r,
                    &[&anchors[..], &[&format!("{key}:")]].concat(),
                    &format!("character \"{}\": {key}", cd.name),
                    list.len(),
                    MAX_CARRIED,
                );
            }
            let mut hands = 0u8;
            for (list, hand) in [(&cd.hands, true), (&cd.pack, false)] {
                for g in list {
                    let quoted = format!("\"{g}\"");
                    let here = [
                        &anchors[..],
                        &[if hand { "hands:" } else { "pack:" }, quoted.as_str()],
                    ]
                    .concat();
                    match gear.get(g) {
                        None => r.at(
                            &here,
                            format!("character \"{}\": unknown gear \"{g}\"", cd.name),
                        ),
                        Some(GearDef::Armour(_)) => r.at(
                            &here,
                            format!(
                                "character \"{}\": armour \"{g}\" is worn (armour: …), not carried",
                                cd.name
                            ),
                        ),
                        Some(def) => {
                            let loc = if hand {
                                Location::Hand(id)
                            } else {
                                Location::Pack(id)
                            };
                            if let Some(it) = make_item(g, def, loc, cd.damaged.contains(g)) {
                                if hand {
                                    hands = hands.saturating_add(it.hands());
                                }
                                items.push(it);
                            }
                        }
                    }
                }
            }
            if hands > 2 {
                r.at(
                    &[&anchors[..], &["hands:"]].concat(),
                    format!(
                        "character \"{}\" holds more than two hands' worth of gear ({hands})",
                        cd.name
                    ),
                );
            }
            for d in &cd.damaged {
                if !cd.hands.contains(d) && !cd.pack.contains(d) && cd.armour.as_ref() != Some(d) {
                    r.at(
                        &[&anchors[..], &["damaged:", &format!("\"{d}\"")]].concat(),
                        format!(
                            "character \"{}\": damaged \"{d}\" is not among their gear",
                            cd.name
                        ),
                    );
                }
            }
            characters.push(Character {
                name: cd.name.clone(),
                faction: f,
                attrs: Attributes {
                    strength: cd.strength,
                    agi: cd.agi,
                    wit: cd.wit,
                },
                health: cd.health,
                max_health: cd.health,
                armour,
                zone,
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
        r.leave();
    }
    for gi in &sc.ground {
        let quoted = format!("\"{}\"", gi.item);
        let zone = zone_of(
            &mut r,
            &["ground", &quoted],
            &gi.zone,
            &format!("ground item \"{}\"", gi.item),
        );
        match gear.get(&gi.item) {
            None => r.at(&["ground", &quoted], format!("ground item: unknown gear \"{}\"", gi.item)),
            Some(GearDef::Armour(_)) => r.at(&["ground", &quoted], format!("ground item \"{}\": armour cannot be changed during a fight, so it cannot lie ready", gi.item)),
            Some(def) => {
                if let (Some(z), Some(it)) = (zone, make_item(&gi.item, def, Location::Ground(0), false)) {
                    items.push(Item { location: Location::Ground(z), ..it });
                }
            }
        }
    }
    let started_by = match &sc.started_by {
        None => None,
        Some(n) => {
            let f = faction_names.get(n.as_str()).copied();
            if f.is_none() {
                r.at(
                    &["started_by", &format!("\"{n}\"")],
                    format!("started_by: no faction is named \"{n}\""),
                );
            }
            f
        }
    };
    if let Some(parts) = &parts {
        let sides: Vec<(&str, Vec<ZoneId>)> = sc
            .factions
            .iter()
            .map(|fd| {
                let stand = fd.characters.iter();
                let stand = stand.filter_map(|c| zone_ids.get(c.zone.as_str()).copied());
                (fd.name.as_str(), stand.collect())
            })
            .collect();
        reach::check(&mut r, &sc.zones, parts, &sides);
    }
    let situation = sc.situation.as_ref().and_then(|def| {
        situation::apply(
            &mut r,
            def,
            sc.options.fast_slow,
            &factions,
            &mut characters,
        )
    });
    if sc.options.chaos_seconds == Some(0) {
        r.at(
            &["chaos_seconds"],
            "chaos_seconds: a declaration limit of 0 seconds leaves no time to declare anything",
        );
    }
    r.finish()?;
    let state = State {
        scenario: String::new(),
        zones,
        factions,
        characters,
        items,
        fixtures,
        options: sc.options.clone(),
        round: 0,
        initiative: 0,
        first: 0,
        phase: Phase::Normal,
        stage: Stage::Initiative,
        to_act: 0,
        passes_in_row: 0,
        turn: None,
        attack: None,
        movement: None,
        morale_queue: Vec::new(),
        outcome: None,
    };
    Ok(ZonesSetup {
        state,
        started_by,
        situation,
    })
}
