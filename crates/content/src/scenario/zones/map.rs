//! A Zones scenario's map as the rules hold it: its zones with their ways (each way both
//! ways), its fixtures, and what the rules ask of each beyond its names.

use crate::rules::Die;
use crate::rules::zones::model::*;
use crate::scenario::check::Step::{Field, Nth};
use crate::scenario::check::{Known, Path, Report, join};

use super::{EffectDef, STANDARD_DICE, ZonesScenario};

fn zone(i: usize) -> Path<'static> {
    vec![Field("zones"), Nth(i)]
}

/// The zones, each way written made a way both ways; a zone's way to itself is refused, as is
/// a map half placed by hand, two zones on one spot, and a hazard of no standard die.
pub fn zones(r: &mut Report, sc: &ZonesScenario, known: &Known) -> Vec<Zone> {
    if sc.zones.is_empty() {
        r.at(&[Field("zones")], "the map has no zones");
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
    for (i, z) in sc.zones.iter().enumerate() {
        if placed > 0 && z.at.is_none() {
            r.at(
                &join(&zone(i), &[Field("name")]),
                format!(
                    "zone \"{}\" does not say where it is drawn (`at: Some((column, row))`), while {placed} of the map's zones do: every zone says, or none",
                    z.name
                ),
            );
        }
        if let Some(spot) = z.at
            && let Some(other) = sc.zones[..i].iter().find(|o| o.at == Some(spot))
        {
            r.at(
                &join(&zone(i), &[Field("at")]),
                format!(
                    "zone \"{}\" is drawn on the same spot as \"{}\" ({}, {})",
                    z.name, other.name, spot.0, spot.1
                ),
            );
        }
    }
    for (i, z) in sc.zones.iter().enumerate() {
        for (k, n) in z.neighbours.iter().enumerate() {
            match known.get("zone", n) {
                None => {}
                Some(j) if j == i => r.at(
                    &join(&zone(i), &[Field("neighbours"), Nth(k)]),
                    format!("zone \"{}\" cannot neighbour itself", z.name),
                ),
                // Neighbours are mutual: a path from A to B is a path from B to A.
                Some(j) => {
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
                &join(&zone(i), &[Field("hazard")]),
                format!(
                    "zone \"{}\": hazard damage must be a standard die, not a d{}",
                    z.name, h.damage.sides
                ),
            );
        }
    }
    zones
}

/// A missed blast deviates by a die with a face for each neighbouring zone.
pub fn deviation(r: &mut Report, zones: &[Zone]) {
    for (i, z) in zones.iter().enumerate() {
        if z.neighbours.len() > usize::from(Die::MAX_SIDES) {
            r.at(
                &join(&zone(i), &[Field("name")]),
                format!(
                    "zone \"{}\" has {} neighbours: a missed blast's deviation die has at most {} faces",
                    z.name,
                    z.neighbours.len(),
                    Die::MAX_SIDES
                ),
            );
        }
    }
}

/// The fixtures whose zones are known, each door shut where it starts closed; a passage must
/// join two neighbouring zones and be worked from one of them, a trap needs a hazard to
/// unleash, and only a door closes.
pub fn fixtures(
    r: &mut Report,
    sc: &ZonesScenario,
    known: &Known,
    zones: &mut [Zone],
) -> Vec<Fixture> {
    let mut fixtures = Vec::new();
    for (k, fx) in sc.fixtures.iter().enumerate() {
        let at = |more: &[crate::scenario::check::Step<'static>]| {
            join(&[Field("fixtures"), Nth(k)], more)
        };
        let name = &fx.name;
        let zone = known.get("zone", &fx.zone);
        let effect = match &fx.effect {
            EffectDef::Passage(a, b) => match (known.get("zone", a), known.get("zone", b)) {
                (Some(x), Some(y)) if x == y => {
                    r.at(
                        &at(&[Field("name")]),
                        format!("fixture \"{name}\": a passage joins two different zones"),
                    );
                    None
                }
                (Some(x), Some(y)) if zone.is_some_and(|z| z != x && z != y) => {
                    r.at(
                        &at(&[Field("name")]),
                        format!(
                            "fixture \"{name}\": a passage is worked from one of the two zones it joins, not from \"{}\"",
                            fx.zone
                        ),
                    );
                    None
                }
                // A door stands between two zones that touch.
                (Some(x), Some(y)) if !zones[x].neighbours.contains(&y) => {
                    r.at(
                        &at(&[Field("effect")]),
                        format!(
                            "fixture \"{name}\": a passage joins neighbouring zones, and \"{a}\" and \"{b}\" are not neighbours"
                        ),
                    );
                    None
                }
                (Some(x), Some(y)) => Some(FixtureEffect::Passage(x, y)),
                _ => None,
            },
            EffectDef::Trap(z) => {
                let zt = known.get("zone", z);
                if let Some(zt) = zt
                    && zones[zt].hazard.is_none()
                {
                    r.at(
                        &at(&[Field("effect")]),
                        format!("fixture \"{name}\": zone \"{z}\" has no hazard to unleash"),
                    );
                }
                zt.map(FixtureEffect::Trap)
            }
        };
        if fx.closed && !matches!(fx.effect, EffectDef::Passage(..)) {
            r.at(
                &at(&[Field("closed")]),
                format!("fixture \"{name}\": only a door (a passage) can be closed"),
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
    fixtures
}
