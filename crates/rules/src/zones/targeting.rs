//! Who can strike whom, and what the circumstances ask: the WIT save to hit, cover, impaired
//! damage. Shared by attacks, counters and opportunity attacks, and by the legal-action lists,
//! so that what the menu offers and what the referee allows never disagree.

use super::model::{Character, State, Status, Weapon, WeaponKind, WeaponStats, ZoneId};
use crate::battle::CharacterId;
use crate::dice::Die;

/// What an attack faces: whether it needs a WIT save to hit, and the protection its target has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shot {
    pub save: bool,
    /// Why, as a keyword the lines choose their words by: "unseen", "beyond-half-range",
    /// "moving", "indirect" (empty when no save is needed).
    pub why_save: &'static str,
}

/// Unarmed attacks are treated as a d4 melee weapon whose damage is always impaired.
pub fn stats(s: &State, w: Weapon) -> WeaponStats {
    match w {
        Weapon::Unarmed => WeaponStats {
            damage: Die::D4,
            kind: WeaponKind::Melee,
            range: 0,
            hands: 0,
            blast: false,
            penetrating: false,
        },
        Weapon::Item(i) => s.items[i]
            .weapon()
            .cloned()
            .unwrap_or_else(|| stats(s, Weapon::Unarmed)),
    }
}

/// Does the attacker's side know where this character is? Concealed characters are hidden
/// from their enemies.
pub fn known_to(viewer: &Character, target: &Character) -> bool {
    viewer.faction == target.faction || !target.concealed
}

/// A barrier between attacker and target: the target stands behind a barrier in another zone
/// and has not peeked out to attack since their last turn began.
pub fn behind_barrier(s: &State, from: ZoneId, target: &Character) -> bool {
    target.zone != from && s.zones[target.zone].barrier && !target.peeked
}

/// Can `attacker` strike character `target` with weapon `w`? None if the rules forbid it.
/// `moving`: the attacker has moved this turn.
pub fn can_strike(
    s: &State,
    attacker: CharacterId,
    w: Weapon,
    target: CharacterId,
    moving: bool,
) -> Option<Shot> {
    let a = &s.characters[attacker];
    let t = &s.characters[target];
    if attacker == target || !known_to(a, t) {
        return None;
    }
    strike(s, a, &stats(s, w), t, || s.distance(a.zone, t.zone), moving)
}

/// [`can_strike`] once the two are known to differ and the target to be known to the
/// attacker, with the weapon's stats read and the zones between them to be walked (`d`) if it
/// must: a listing reads each weapon once and walks the map once for all its targets.
pub fn strike(
    s: &State,
    a: &Character,
    st: &WeaponStats,
    t: &Character,
    d: impl FnOnce() -> Option<u8>,
    moving: bool,
) -> Option<Shot> {
    if st.blast {
        return None;
    }
    // A melee blow needs the same zone: no walk to measure.
    let d = if matches!(st.kind, WeaponKind::Melee) {
        if a.zone != t.zone {
            return None;
        }
        0
    } else {
        d()?
    };
    let tz = &s.zones[t.zone];
    match st.kind {
        WeaponKind::Melee => {
            if d != 0 {
                return None;
            }
            if tz.dark {
                Some(Shot {
                    save: true,
                    why_save: "unseen",
                })
            } else {
                Some(Shot {
                    save: false,
                    why_save: "",
                })
            }
        }
        WeaponKind::Ranged => {
            if tz.dark || behind_barrier(s, a.zone, t) {
                return None;
            }
            ranged(d, st.range, moving)
        }
        WeaponKind::Indirect => indirect(d, st.range, moving),
    }
}

const AUTOMATIC: Shot = Shot {
    save: false,
    why_save: "",
};

/// Whether `d` zones is beyond half of `range`, without overflow for the longest ranges.
fn beyond_half(d: u8, range: u8) -> bool {
    2 * u16::from(d) > u16::from(range)
}

/// A direct ranged attack at `d` zones: a WIT save beyond half range or while moving; both at
/// once, or out of range, is impossible.
fn ranged(d: u8, range: u8, moving: bool) -> Option<Shot> {
    if d > range {
        return None;
    }
    match (beyond_half(d, range), moving) {
        (true, true) => None,
        (true, false) => Some(Shot {
            save: true,
            why_save: "beyond-half-range",
        }),
        (false, true) => Some(Shot {
            save: true,
            why_save: "moving",
        }),
        (false, false) => Some(AUTOMATIC),
    }
}

/// Indirect fire at `d` zones: only beyond half range, never while moving, always a save.
fn indirect(d: u8, range: u8, moving: bool) -> Option<Shot> {
    if d > range || !beyond_half(d, range) || moving {
        return None;
    }
    Some(Shot {
        save: true,
        why_save: "indirect",
    })
}

/// Can `attacker` blast zone `zone` with weapon `w`? Melee blasts hit only the attacker's zone
/// and never miss.
pub fn can_blast(
    s: &State,
    attacker: CharacterId,
    w: Weapon,
    zone: ZoneId,
    moving: bool,
) -> Option<Shot> {
    let a = &s.characters[attacker];
    let st = stats(s, w);
    if !st.blast {
        return None;
    }
    blast(&st, s.distance(a.zone, zone)?, moving)
}

/// [`can_blast`] with the blast weapon's stats read and the zones to the target zone walked.
pub fn blast(st: &WeaponStats, d: u8, moving: bool) -> Option<Shot> {
    match st.kind {
        WeaponKind::Melee => (d == 0).then_some(AUTOMATIC),
        WeaponKind::Ranged => ranged(d, st.range, moving),
        WeaponKind::Indirect => indirect(d, st.range, moving),
    }
}

/// Who a blast on `zone` strikes. A direct blast does not reach characters behind the zone's
/// barrier (unless they peeked); lobbed fire comes over it. A melee blast spares its attacker.
pub fn blast_victims(
    s: &State,
    attacker: CharacterId,
    w: Weapon,
    zone: ZoneId,
) -> Vec<CharacterId> {
    let st = stats(s, w);
    let az = s.characters[attacker].zone;
    s.characters
        .iter()
        .enumerate()
        .filter(|(i, c)| {
            c.zone == zone
                && matches!(
                    c.status,
                    Status::Active | Status::Incapacitated | Status::Surrendered
                )
                && !(st.kind == WeaponKind::Melee && *i == attacker)
                && !(st.kind != WeaponKind::Indirect && behind_barrier(s, az, c))
        })
        .map(|(i, _)| i)
        .collect()
}

/// Protection a target has against an attack from `from`: +1 armour for cover (a barrier the
/// target peeked from counts as cover), impaired damage for concealment.
pub struct Protection {
    pub cover: bool,
    pub concealed: bool,
}

pub fn protection(s: &State, from: ZoneId, w: Weapon, target: CharacterId) -> Protection {
    let t = &s.characters[target];
    let tz = &s.zones[t.zone];
    let st = stats(s, w);
    let ranged_in = t.zone != from && st.kind != WeaponKind::Melee;
    let cover_here = tz.cover || (tz.barrier && t.peeked);
    Protection {
        cover: ranged_in && cover_here && !st.penetrating,
        concealed: tz.concealment,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ranges and distances at the top of what a map can hold: no overflow, the same rule.
    #[test]
    fn the_longest_ranges_follow_the_half_range_rule() {
        assert_eq!(
            ranged(200, 255, false).map(|s| s.why_save),
            Some("beyond-half-range")
        );
        assert_eq!(ranged(127, 255, false), Some(AUTOMATIC));
        assert_eq!(ranged(255, 255, true), None);
        assert!(indirect(255, 255, false).is_some());
        assert!(indirect(127, 255, false).is_none());
    }
}
