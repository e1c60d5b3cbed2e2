//! Whether the sides of a battle can reach each other. A map in parts that no way joins is a
//! battle that cannot be fought where two sides stand only in different parts: they never
//! meet, and nothing reaches from one part to the other (a zone's distance to another part
//! is none). A zone apart where both sides stand, or where nobody does, harms nothing.

use super::ZoneDef;
use crate::rules::zones::model::{Zone, ZoneId};
use crate::scenario::check::Report;
use crate::scenario::check::Step::{Field, Nth};
use fray_rules::line::Line;

use crate::scenario::error::some_of;

/// The part of the map each zone lies in, by the ways the file writes, doors shut or open
/// (a door opens).
pub fn parts(zones: &[Zone]) -> Vec<usize> {
    let mut part = vec![usize::MAX; zones.len()];
    let mut parts = 0;
    for start in 0..zones.len() {
        if part[start] != usize::MAX {
            continue;
        }
        part[start] = parts;
        let mut todo = vec![start];
        while let Some(z) = todo.pop() {
            for &n in &zones[z].neighbours {
                if part[n] == usize::MAX {
                    part[n] = parts;
                    todo.push(n);
                }
            }
        }
        parts += 1;
    }
    part
}

/// Refuses each side that stands only in parts of the map where an earlier side has nobody,
/// at the line of the first zone it stands in. `sides` are the factions' names and the zones
/// their characters stand in.
pub fn check(r: &mut Report, defs: &[ZoneDef], part: &[usize], sides: &[(&str, Vec<ZoneId>)]) {
    let meet =
        |a: &[ZoneId], b: &[ZoneId]| a.iter().any(|&x| b.iter().any(|&y| part[x] == part[y]));
    for (k, (name, zones)) in sides.iter().enumerate() {
        let Some((other, theirs)) = sides[..k]
            .iter()
            .find(|(_, theirs)| !zones.is_empty() && !theirs.is_empty() && !meet(zones, theirs))
        else {
            continue;
        };
        let sorted = |list: &[ZoneId]| {
            let mut list = list.to_vec();
            list.sort_unstable();
            list.dedup();
            list
        };
        let names = |list: &[ZoneId]| {
            (sorted(list).into_iter())
                .map(|z| defs[z].name.as_str())
                .collect::<Vec<_>>()
        };
        let (here, there) = (names(zones), names(theirs));
        r.at(
            &[Field("zones"), Nth(sorted(zones)[0]), Field("name")],
            Line::new("data-zones-unreachable")
                .name("zone", here[0])
                .name("from", there[0])
                .name("side", *name)
                .line("here", some_of(&here))
                .name("other", *other)
                .line("there", some_of(&there)),
        );
    }
}
