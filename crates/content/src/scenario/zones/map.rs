//! A Zones scenario's map as the rules hold it: its zones with their ways (each way both
//! ways), its fixtures, and what the rules ask of each beyond its names.

use crate::rules::Die;
use crate::rules::zones::model::*;
use crate::scenario::check::Step::{Field, Nth};
use crate::scenario::check::{Known, Path, Report, join};
use fray_rules::line::Line;

use super::{EffectDef, STANDARD_DICE, ZonesScenario};

fn zone(i: usize) -> Path<'static> {
    vec![Field("zones"), Nth(i)]
}

/// The zones, each way written made a way both ways; a zone's way to itself is refused, as is
/// a map half placed by hand, two zones on one spot, and a hazard of no standard die.
pub fn zones(r: &mut Report, sc: &ZonesScenario, known: &Known) -> Vec<Zone> {
    if sc.zones.is_empty() {
        r.at(&[Field("zones")], Line::new("data-zones-no-zones"));
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
                Line::new("data-zones-half-placed")
                    .name("zone", z.name.clone())
                    .number("placed", placed as i64),
            );
        }
        if let Some(spot) = z.at
            && let Some(other) = sc.zones[..i].iter().find(|o| o.at == Some(spot))
        {
            r.at(
                &join(&zone(i), &[Field("at")]),
                Line::new("data-zones-same-spot")
                    .name("zone", z.name.clone())
                    .name("other", other.name.clone())
                    .number("column", i64::from(spot.0))
                    .number("row", i64::from(spot.1)),
            );
        }
    }
    for (i, z) in sc.zones.iter().enumerate() {
        for (k, n) in z.neighbours.iter().enumerate() {
            match known.get("zone", n) {
                None => {}
                Some(j) if j == i => r.at(
                    &join(&zone(i), &[Field("neighbours"), Nth(k)]),
                    Line::new("data-zones-own-neighbour").name("zone", z.name.clone()),
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
                Line::new("data-zones-hazard-die")
                    .name("zone", z.name.clone())
                    .number("sides", i64::from(h.damage.sides)),
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
                Line::new("data-zones-too-many-neighbours")
                    .name("zone", z.name.clone())
                    .number("count", z.neighbours.len() as i64)
                    .number("most", i64::from(Die::MAX_SIDES)),
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
                        Line::new("data-zones-passage-one-zone").name("fixture", name.clone()),
                    );
                    None
                }
                (Some(x), Some(y)) if zone.is_some_and(|z| z != x && z != y) => {
                    r.at(
                        &at(&[Field("name")]),
                        Line::new("data-zones-passage-worked-from")
                            .name("fixture", name.clone())
                            .name("zone", fx.zone.clone()),
                    );
                    None
                }
                // A door stands between two zones that touch.
                (Some(x), Some(y)) if !zones[x].neighbours.contains(&y) => {
                    r.at(
                        &at(&[Field("effect")]),
                        Line::new("data-zones-passage-not-neighbours")
                            .name("fixture", name.clone())
                            .name("from", a.clone())
                            .name("to", b.clone()),
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
                        Line::new("data-zones-trap-no-hazard")
                            .name("fixture", name.clone())
                            .name("zone", z.clone()),
                    );
                }
                zt.map(FixtureEffect::Trap)
            }
        };
        if fx.closed && !matches!(fx.effect, EffectDef::Passage(..)) {
            r.at(
                &at(&[Field("closed")]),
                Line::new("data-zones-closed-not-door").name("fixture", name.clone()),
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
