//! The lists of a Zones scenario, their limits, the names that tell their records apart and the
//! fields that name a record of another list, declared for the engine.

use std::collections::BTreeMap;

use fray_rules::line::Line;

use crate::scenario::check::Step::{Field, Nth};
use crate::scenario::check::{Checks, Names, Path, Step, join};

use super::{
    EffectDef, GearDef, MAX_CARRIED, MAX_CHARACTERS, MAX_FIXTURES, MAX_GEAR, MAX_GROUND, MAX_ZONES,
    ZonesScenario,
};

/// The zones' names and the ways between them: what the map's parts are read from.
pub fn map(sc: &ZonesScenario) -> Checks<'_> {
    let mut d = Checks::default();
    let zone = |i: usize| vec![Field("zones"), Nth(i)];
    d.names.push(Names {
        kind: "zone",
        records: (sc.zones.iter().enumerate())
            .map(|(i, z)| (join(&zone(i), &[Field("name")]), z.name.as_str()))
            .collect(),
        blank: Some(Box::new(|_, _| Line::new("data-zones-zone-blank"))),
        visible: Some("zone"),
        twice: Some(Box::new(|_, n| {
            Line::new("data-zones-zone-twice").name("zone", n)
        })),
        also: Vec::new(),
    });
    for (i, z) in sc.zones.iter().enumerate() {
        for (k, n) in z.neighbours.iter().enumerate() {
            let at = join(&zone(i), &[Field("neighbours"), Nth(k)]);
            d.refer(at, n, "zone", move || {
                Line::new("data-zones-no-neighbour")
                    .name("zone", z.name.clone())
                    .name("neighbour", n.clone())
            });
        }
    }
    d
}

/// Everything else that is a list, a name, or a name of something: the gear, the fixtures,
/// the factions and their characters, what lies on the ground, who starts. `gear` is the
/// catalogue the scenario's characters carry from, the standard one with the scenario's own.
pub fn declared<'a>(sc: &'a ZonesScenario, gear: &'a BTreeMap<String, GearDef>) -> Checks<'a> {
    let mut d = Checks::default();
    for (key, len, max) in [
        ("gear", sc.gear.len(), MAX_GEAR),
        ("zones", sc.zones.len(), MAX_ZONES),
        ("fixtures", sc.fixtures.len(), MAX_FIXTURES),
        ("ground", sc.ground.len(), MAX_GROUND),
    ] {
        let label = Line::new("data-field").name("field", key);
        d.limit(vec![Field(key)], label, len, max);
    }
    d.names.push(Names {
        kind: "gear",
        records: (sc.gear.keys())
            .map(|n| (vec![Field("gear"), Field(n.as_str())], n.as_str()))
            .collect(),
        blank: Some(Box::new(|_, _| Line::new("data-zones-gear-blank"))),
        visible: None,
        twice: None,
        also: gear.keys().map(String::as_str).collect(),
    });
    fixtures(&mut d, sc);
    factions(&mut d, sc);
    situation(&mut d, sc);
    for (k, g) in sc.ground.iter().enumerate() {
        let at = |f| vec![Field("ground"), Nth(k), Field(f)];
        d.refer(at("zone"), &g.zone, "zone", move || {
            Line::new("data-zones-ground-no-zone")
                .name("item", g.item.clone())
                .name("zone", g.zone.clone())
        });
        d.refer(at("item"), &g.item, "gear", move || {
            Line::new("data-zones-ground-unknown-gear").name("item", g.item.clone())
        });
    }
    if let Some(n) = &sc.started_by {
        d.refer(vec![Field("started_by")], n, "faction", move || {
            Line::new("data-zones-started-by-unknown").name("faction", n.clone())
        });
    }
    d
}

fn fixtures<'a>(d: &mut Checks<'a>, sc: &'a ZonesScenario) {
    let fixture = |k: usize| vec![Field("fixtures"), Nth(k)];
    d.names.push(Names {
        kind: "fixture",
        records: (sc.fixtures.iter().enumerate())
            .map(|(k, f)| (join(&fixture(k), &[Field("name")]), f.name.as_str()))
            .collect(),
        blank: Some(Box::new(|_, _| Line::new("data-zones-fixture-blank"))),
        visible: None,
        twice: Some(Box::new(|_, n| {
            Line::new("data-zones-fixture-twice").name("fixture", n)
        })),
        also: Vec::new(),
    });
    for (k, fx) in sc.fixtures.iter().enumerate() {
        let mut zones: Vec<(Path, &str)> = vec![(join(&fixture(k), &[Field("zone")]), &fx.zone)];
        let effect = join(&fixture(k), &[Field("effect")]);
        match &fx.effect {
            EffectDef::Passage(a, b) => {
                zones.push((join(&effect, &[Nth(0)]), a));
                zones.push((join(&effect, &[Nth(1)]), b));
            }
            EffectDef::Trap(z) => zones.push((effect, z)),
        }
        for (at, z) in zones {
            d.refer(at, z, "zone", move || {
                Line::new("data-zones-fixture-no-zone")
                    .name("fixture", fx.name.clone())
                    .name("zone", z)
            });
        }
    }
}

fn factions<'a>(d: &mut Checks<'a>, sc: &'a ZonesScenario) {
    let faction = |f: usize| vec![Field("factions"), Nth(f)];
    d.names.push(Names {
        kind: "faction",
        records: (sc.factions.iter().enumerate())
            .map(|(f, fd)| (join(&faction(f), &[Field("name")]), fd.name.as_str()))
            .collect(),
        blank: Some(Box::new(|_, _| Line::new("data-zones-faction-blank"))),
        visible: Some("faction"),
        twice: Some(Box::new(|_, n| {
            Line::new("data-zones-faction-twice").name("faction", n)
        })),
        also: Vec::new(),
    });
    let mut characters = Vec::new();
    for (f, fd) in sc.factions.iter().enumerate() {
        let list = join(&faction(f), &[Field("characters")]);
        let label = Line::new("data-zones-faction-characters").name("faction", fd.name.clone());
        d.limit(list.clone(), label, fd.characters.len(), MAX_CHARACTERS);
        for (c, cd) in fd.characters.iter().enumerate() {
            let at = join(&list, &[Nth(c)]);
            characters.push((join(&at, &[Field("name")]), cd.name.as_str()));
            let who = move || Line::new("data-character").name("name", cd.name.clone());
            for (key, list) in [
                ("hands", &cd.hands),
                ("pack", &cd.pack),
                ("damaged", &cd.damaged),
            ] {
                let label = Line::new("data-record-field")
                    .line("who", who())
                    .name("field", key);
                d.limit(join(&at, &[Field(key)]), label, list.len(), MAX_CARRIED);
            }
            d.refer(join(&at, &[Field("zone")]), &cd.zone, "zone", move || {
                Line::new("data-zones-character-no-zone")
                    .line("who", who())
                    .name("zone", cd.zone.clone())
            });
            let carried = [("hands", &cd.hands), ("pack", &cd.pack)];
            let carried = carried.into_iter().flat_map(|(key, list)| {
                let at = &at;
                list.iter()
                    .enumerate()
                    .map(move |(k, g)| (join(at, &[Field(key), Nth(k)]), g))
            });
            let armour = cd.armour.iter().map(|a| (join(&at, &[Field("armour")]), a));
            for (at, g) in carried.chain(armour).collect::<Vec<_>>() {
                d.refer(at, g, "gear", move || {
                    Line::new("data-zones-unknown-gear")
                        .line("who", who())
                        .name("gear", g.clone())
                });
            }
        }
    }
    d.names.push(Names {
        kind: "character",
        records: characters,
        blank: Some(Box::new(|_, _| Line::new("data-zones-character-blank"))),
        visible: Some("character"),
        twice: Some(Box::new(|_, n| {
            Line::new("data-character-twice").name("name", n)
        })),
        also: Vec::new(),
    });
}

/// The names a battle written mid-way gives: the characters it sets as they stand and who
/// holds them, those who have acted, whose turn it is, and the faction to act.
fn situation<'a>(d: &mut Checks<'a>, sc: &'a ZonesScenario) {
    let Some(def) = &sc.situation else {
        return;
    };
    let at = |more: &[Step<'a>]| join(&[Field("situation")], more);
    for (k, cs) in def.characters.iter().enumerate() {
        let here = |field| at(&[Field("characters"), Nth(k), Field(field)]);
        d.refer(here("name"), &cs.name, "character", move || {
            Line::new("data-situation-no-character").name("name", cs.name.clone())
        });
        if let Some(holder) = &cs.held_by {
            d.refer(here("held_by"), holder, "character", move || {
                Line::new("data-zones-situation-no-holder")
                    .line(
                        "who",
                        Line::new("data-situation-who").name("name", cs.name.clone()),
                    )
                    .name("holder", holder.clone())
            });
        }
    }
    for (k, name) in def.acted.iter().enumerate() {
        d.refer(
            at(&[Field("acted"), Nth(k)]),
            name,
            "character",
            move || Line::new("data-zones-situation-acted-unknown").name("name", name.clone()),
        );
    }
    if let Some(name) = &def.to_act {
        d.refer(at(&[Field("to_act")]), name, "faction", move || {
            Line::new("data-zones-situation-to-act-unknown").name("faction", name.clone())
        });
    }
    if let Some(name) = &def.turn {
        d.refer(at(&[Field("turn")]), name, "character", move || {
            Line::new("data-zones-situation-turn-unknown").name("name", name.clone())
        });
    }
}
