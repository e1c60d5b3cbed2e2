//! A Zones scenario as written in RON, its validation, and the battle it starts.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

mod characters;
mod check;
mod map;
mod reach;
mod situation;

pub use situation::{CharacterState, SituationDef};

use fray_rules::line::Line;

use super::check::Report;
use super::check::Step::Field;
use super::error::DataErrors;
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
    /// Health already lost when the battle starts: a campaign's lasting harm.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub hurt: u8,
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

fn is_zero(n: &u8) -> bool {
    *n == 0
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
    let mut gear = standard_gear();
    gear.extend(sc.gear.iter().map(|(n, d)| (n.clone(), d.clone())));
    // The map first: its parts are read only where its zones and ways are written right,
    // since it is otherwise in parts for that mistake alone.
    let known = check::map(sc).run(&mut r);
    let mut zones = map::zones(&mut r, sc, &known);
    let parts = r.errors.is_empty().then(|| reach::parts(&zones));
    map::deviation(&mut r, &zones);
    let known = check::declared(sc, &gear).run_on(&mut r, known);
    for (name, def) in &sc.gear {
        gear_def(&mut r, name, def);
    }
    let fixtures = map::fixtures(&mut r, sc, &known, &mut zones);
    let characters::Sides {
        factions,
        mut characters,
        items,
    } = characters::sides(&mut r, sc, &known, &gear);
    let started_by = sc.started_by.as_ref().and_then(|n| known.get("faction", n));
    if let Some(parts) = &parts {
        let sides: Vec<(&str, Vec<ZoneId>)> = sc
            .factions
            .iter()
            .map(|fd| {
                let stand = fd.characters.iter();
                let stand = stand.filter_map(|c| known.get("zone", &c.zone));
                (fd.name.as_str(), stand.collect())
            })
            .collect();
        reach::check(&mut r, &sc.zones, parts, &sides);
    }
    let situation = sc.situation.as_ref().and_then(|def| {
        situation::apply(
            &mut r,
            def,
            &known,
            sc.options.fast_slow,
            &factions,
            &mut characters,
        )
    });
    if sc.options.chaos_seconds == Some(0) {
        r.at(
            &[Field("options"), Field("chaos_seconds")],
            Line::new("data-zones-chaos-zero"),
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
        holders: Default::default(),
        outcome: None,
    };
    Ok(ZonesSetup {
        state,
        started_by,
        situation,
    })
}

/// A kind of gear the scenario adds: a weapon of a standard die, reaching as its kind does, in
/// one hand or two; armour no heavier than the catalogue's.
fn gear_def(r: &mut Report, name: &str, def: &GearDef) {
    let at = [Field("gear"), Field(name)];
    let mut bad = |message: Line| {
        let said = Line::new("data-zones-gear")
            .name("gear", name)
            .line("what", message);
        r.at(&at, said);
    };
    if let GearDef::Weapon(w) | GearDef::Improvised(w) = def {
        if !STANDARD_DICE.contains(&w.damage.sides) {
            bad(Line::new("data-zones-damage-die").number("sides", w.damage.sides as i64));
        }
        match w.kind {
            WeaponKind::Melee if w.range != 0 => {
                bad(Line::new("data-zones-melee-range").number("range", w.range as i64));
            }
            WeaponKind::Ranged | WeaponKind::Indirect if w.range == 0 => {
                bad(Line::new("data-zones-ranged-no-range"));
            }
            WeaponKind::Indirect if w.range < 2 => {
                bad(Line::new("data-zones-indirect-range"));
            }
            _ => {}
        }
        if w.hands == 0 || w.hands > 2 {
            bad(Line::new("data-zones-hands").number("hands", w.hands as i64));
        }
    }
    if let GearDef::Armour(v) | GearDef::Shield(v) = def
        && *v > 5
    {
        bad(Line::new("data-zones-armour").number("armour", *v as i64));
    }
}
