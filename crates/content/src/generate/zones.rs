//! A random Zones skirmish: places in two rows, joined to their neighbours, with features; two
//! factions starting at opposite ends.

use std::collections::BTreeMap;

use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use serde::Deserialize;

use super::{Draft, SideKind, Size, favoured, kinds, pick, two_of};
use crate::rules::line::Line;
use crate::rules::zones::model::Hazard;
use crate::scenario::zones::{CharacterDef, FactionDef, GroundItem, ZoneDef, ZonesScenario};
use crate::scenario::{Rules, Scenario};

const FILE: &str = "assets/generator/zones.ron";
const KINDS: &str = include_str!("../../../../assets/generator/zones.ron");

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Kinds {
    places: Vec<String>,
    cover: u32,
    concealment: u32,
    dark: u32,
    hazard: u32,
    hazards: Vec<Hazard>,
    ground: Vec<String>,
    sides: Vec<SideKind>,
    kinds: BTreeMap<String, Fighter>,
}

#[derive(Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct Fighter {
    str: u8,
    agi: u8,
    wit: u8,
    health: u8,
    armour: Option<String>,
    hands: Vec<String>,
    pack: Vec<String>,
}

/// A side's name, and each of its people: name, kind and starting zone.
type Side = (String, Vec<(String, Fighter, String)>);

pub struct ZonesDraft {
    zones: Vec<ZoneDef>,
    ground: Vec<GroundItem>,
    sides: [Side; 2],
}

impl Draft for ZonesDraft {
    /// A step is a point of health for each of the side's people.
    const REACH: i8 = 8;

    fn draw(rng: &mut ChaCha8Rng, size: Size) -> Result<Self, Line> {
        let k: Kinds = kinds(FILE, KINDS)?;
        let columns = match size {
            Size::Small => 2,
            Size::Medium => 3,
            Size::Large => 4,
        };
        let mut names = k.places.clone();
        let mut zones = Vec::new();
        for c in 0..columns {
            for row in 0..2 {
                let name = names.remove(rng.random_range(0..names.len()));
                let end = c == 0 || c + 1 == columns;
                let chance = |rng: &mut ChaCha8Rng, pc: u32| rng.random_range(0..100) < pc;
                let mut z = ZoneDef {
                    name,
                    neighbours: Vec::new(),
                    cover: chance(rng, k.cover),
                    concealment: chance(rng, k.concealment),
                    dark: chance(rng, k.dark),
                    barrier: false,
                    // Nobody starts in a hazard: the ends are kept clear of them.
                    hazard: (!end && chance(rng, k.hazard)).then(|| pick(rng, &k.hazards).clone()),
                    // Drawn as drawn up: two rows of columns, not as the links would lay it out.
                    at: Some((c as u8, row as u8)),
                };
                if z.hazard.is_some() {
                    z.cover = false;
                }
                zones.push((c, row, z));
            }
        }
        // Each zone joins the next along its row and the one across; now and then a diagonal.
        let at = |c: usize, row: usize| c * 2 + row;
        for c in 0..columns {
            let mut links = Vec::new();
            if c + 1 < columns {
                links.push((at(c, 0), at(c + 1, 0)));
                links.push((at(c, 1), at(c + 1, 1)));
                if rng.random_range(0..3) == 0 {
                    links.push((
                        at(c, rng.random_range(0..2)),
                        at(c + 1, rng.random_range(0..2)),
                    ));
                }
            }
            // The rows are joined at both ends, and in between more often than not.
            if c == 0 || c + 1 == columns || rng.random_range(0..3) > 0 {
                links.push((at(c, 0), at(c, 1)));
            }
            for (a, b) in links {
                let other = zones[b].2.name.clone();
                if !zones[a].2.neighbours.contains(&other) {
                    zones[a].2.neighbours.push(other);
                }
            }
        }
        let zones: Vec<ZoneDef> = zones.into_iter().map(|(_, _, z)| z).collect();
        let (first, second) = two_of(rng, k.sides.len());
        let mut taken: Vec<String> = Vec::new();
        let mut side = |rng: &mut ChaCha8Rng, s: &SideKind, home: [&str; 2]| {
            let mut pool: Vec<&String> = s.names.iter().filter(|n| !taken.contains(n)).collect();
            let n = rng.random_range(size.people()).min(pool.len());
            let mut people = Vec::new();
            for i in 0..n {
                let name = pool.remove(rng.random_range(0..pool.len())).clone();
                taken.push(name.clone());
                let f = s.draw_kind(rng, &k.kinds, FILE)?.clone();
                people.push((name, f, home[i % 2].to_string()));
            }
            Ok::<_, Line>((s.name.clone(), people))
        };
        let last = zones.len();
        let west = [zones[0].name.as_str(), zones[1].name.as_str()];
        let east = [zones[last - 2].name.as_str(), zones[last - 1].name.as_str()];
        let a = side(rng, &k.sides[first], west)?;
        let b = side(rng, &k.sides[second], east)?;
        let ground = (0..rng.random_range(0..=columns / 2 + 1))
            .map(|_| GroundItem {
                item: pick(rng, &k.ground).clone(),
                zone: zones[rng.random_range(0..zones.len())].name.clone(),
            })
            .collect();
        Ok(ZonesDraft {
            zones,
            ground,
            sides: [a, b],
        })
    }

    fn scenario(&self, seed: u64, size: Size, edge: i8) -> Scenario {
        let factions = self
            .sides
            .iter()
            .enumerate()
            .map(|(side, (name, people))| FactionDef {
                name: name.clone(),
                characters: people
                    .iter()
                    .map(|(n, f, zone)| CharacterDef {
                        name: n.clone(),
                        strength: f.str,
                        agi: f.agi,
                        wit: f.wit,
                        health: f.health.saturating_add(favoured(edge, side)),
                        hurt: 0,
                        armour: f.armour.clone(),
                        hands: f.hands.clone(),
                        pack: f.pack.clone(),
                        damaged: Vec::new(),
                        zone: zone.clone(),
                        concealed: false,
                        fearless: false,
                        speed: 2,
                        icon: None,
                    })
                    .collect(),
            })
            .collect();
        let place = &self.zones[self.zones.len() / 2].name;
        Scenario {
            name: format!("Skirmish at the {place} ({} {seed})", size.name()),
            teaches: format!(
                "A random skirmish: {} against {} across {} zones.",
                self.sides[0].0,
                self.sides[1].0,
                self.zones.len()
            ),
            rules: Rules::Zones(ZonesScenario {
                options: Default::default(),
                // The first side starts, where the menu seats a person (see the Three-action
                // generator): the battle opens on their decision, balanced as it is played.
                started_by: Some(self.sides[0].0.clone()),
                zones: self.zones.clone(),
                fixtures: Vec::new(),
                gear: BTreeMap::new(),
                ground: self.ground.clone(),
                factions,
                situation: None,
            }),
        }
    }
}
