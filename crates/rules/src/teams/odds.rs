//! Exact odds of an attack before its roll, for previews and the AI: every face of the
//! attribute die, the combat die and the luck die enumerated, advantage as the best (or worst)
//! of several rolls, no sampling.

use std::collections::BTreeMap;

use super::attack::stray_candidates;
use super::model::{Pos, State, WeaponRef};
use super::targeting::{can_attack, figures};
use crate::battle::CharacterId;
use crate::dice::Die;
use crate::teams::roll::MAX_ADVANTAGE;

/// The numbers an attack's odds depend on (hashable, so that callers may keep the odds of
/// profiles they meet again).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AttackProfile {
    pub attribute: Die,
    pub skill: Option<Die>,
    /// Proficiency less the multiple attack penalty.
    pub bonus: i32,
    /// Added to the luck roll.
    pub luck: i32,
    /// Net advantage: +1 advantage, +2 double, -1 disadvantage...
    pub advantage: i32,
    /// The luck roll at or above which the attack is a critical hit.
    pub critical: i32,
    pub evasion: i32,
    /// Deflection against the weapon's damage class (0 for typeless damage).
    pub reduction: i32,
    pub damage: i32,
    pub critical_damage: i32,
    /// Someone stands within 1 m of the target, so a luck roll of 1 or less sends a thrown or
    /// shot weapon astray.
    pub strays: bool,
    /// The target's endurance and health together: a blow of this much damage or more leaves
    /// them at zero health, down (teams.health). i32::MAX where the target is left out.
    pub toughness: i32,
}

/// What an attack is likely to do to its intended target, before any reaction.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AttackOdds {
    /// Chance of hitting the intended target, critical hits included.
    pub hit: f64,
    pub critical: f64,
    /// Chance the attack goes astray to someone near the target.
    pub stray: f64,
    /// Expected damage to the target after deflection, a miss counting 0.
    pub expected_damage: f64,
    /// Chance the blow alone takes the target down: a hit whose damage after deflection reaches
    /// their endurance and health together (a reaction may still lessen it).
    pub takedown: f64,
}

/// Enumerates every roll of the test exactly.
pub fn odds(p: &AttackProfile) -> AttackOdds {
    // One roll's outcomes, keyed by how the test ranks them: critical, total, luck roll.
    let mut one: BTreeMap<(bool, i32, i32), f64> = BTreeMap::new();
    let faces = |d: Option<Die>| -> Vec<i32> {
        d.map_or(vec![0], |d| (1..=i32::from(d.sides.max(1))).collect())
    };
    let (a_faces, s_faces) = (faces(Some(p.attribute)), faces(p.skill));
    let pa = 1.0 / a_faces.len() as f64;
    let ps = 1.0 / s_faces.len() as f64;
    for &a in &a_faces {
        for &b in &s_faces {
            for l in 1..=20 {
                let luck = l + p.luck;
                let key = (luck >= p.critical, a + b + p.bonus, luck);
                *one.entry(key).or_insert(0.0) += pa * ps / 20.0;
            }
        }
    }
    let n = p
        .advantage
        .clamp(-MAX_ADVANTAGE, MAX_ADVANTAGE)
        .unsigned_abs() as i32
        + 1;
    let best = p.advantage >= 0;
    let mut out = AttackOdds {
        hit: 0.0,
        critical: 0.0,
        stray: 0.0,
        expected_damage: 0.0,
        takedown: 0.0,
    };
    let mut below = 0.0;
    for (&(crit, total, luck), &q) in &one {
        let upto = below + q;
        // Chance the kept roll is exactly this outcome: the best of n is at most this one but
        // not at most the one before; the worst of n, at least this one but not more.
        let kept = if best {
            upto.powi(n) - f64::powi(below, n)
        } else {
            (1.0 - below).powi(n) - (1.0 - upto).powi(n)
        };
        below = upto;
        if p.strays && luck <= 1 {
            out.stray += kept;
            continue;
        }
        if crit || total >= p.evasion {
            out.hit += kept;
            if crit {
                out.critical += kept;
            }
            let weapon = if crit { p.critical_damage } else { p.damage };
            let damage = (total + weapon - p.reduction).max(1);
            out.expected_damage += kept * f64::from(damage);
            if damage >= p.toughness {
                out.takedown += kept;
            }
        }
    }
    out
}

/// The profile of `attacker` attacking `target` with `weapon` as things stand, its multiple
/// attack penalty, advantage and size included; None if the attack is not possible.
pub fn profile(
    s: &State,
    attacker: CharacterId,
    weapon: WeaponRef,
    target: CharacterId,
) -> Option<AttackProfile> {
    let ranged = can_attack(s, attacker, weapon, target)?;
    let earlier = s.characters[attacker].attacks;
    let f = figures(s, attacker, weapon, target, ranged, earlier, 0)?;
    let strays = ranged
        && s.weapon(weapon).is_some_and(|w| w.range > 0)
        && !stray_candidates(s, attacker, target).is_empty();
    Some(AttackProfile {
        attribute: f.attribute.1,
        skill: f.skill,
        bonus: f.bonus(),
        luck: i32::from(f.luck),
        advantage: f.advantages.len() as i32 - f.disadvantages.len() as i32,
        critical: f.critical,
        evasion: f.evasion,
        reduction: f.reduction,
        damage: f.damage,
        critical_damage: f.critical_damage,
        strays,
        toughness: {
            let t = &s.characters[target];
            i32::from(t.endurance) + i32::from(t.health)
        },
    })
}

/// The odds of an attack as things stand.
pub fn attack_odds(
    s: &State,
    attacker: CharacterId,
    weapon: WeaponRef,
    target: CharacterId,
) -> Option<AttackOdds> {
    profile(s, attacker, weapon, target).map(|p| odds(&p))
}

/// The readied attacks a move of `mover` to `to` would set off (teams.ready), each with its
/// odds against the mover standing there. Each is counted as if it went off first (an
/// earlier one may fell the mover). Readied attacks are declared aloud, so the mover's side
/// knows them all.
pub fn readied_risk(s: &State, mover: CharacterId, to: Pos) -> Vec<(CharacterId, AttackOdds)> {
    use super::attack::{goes_off, may_set_off, waits_for};
    let team = s.characters[mover].team;
    if !s.characters.iter().any(|ch| waits_for(ch, team, mover)) {
        return Vec::new();
    }
    let mut after = s.clone();
    super::turn::stand_at(&mut after, mover, to);
    if !may_set_off(&after.characters[mover]) {
        return Vec::new();
    }
    after
        .characters
        .iter()
        .enumerate()
        .filter(|(_, ch)| waits_for(ch, team, mover))
        .filter_map(|(r, ch)| ch.readied.map(|w| (r, w)))
        .filter(|&(r, w)| goes_off(&after, r, w, mover))
        .filter_map(|(r, w)| Some((r, attack_odds(&after, r, w, mover)?)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spear() -> AttackProfile {
        AttackProfile {
            attribute: Die::D6,
            skill: Some(Die::D6),
            bonus: 1,
            luck: 0,
            advantage: 0,
            critical: 19,
            evasion: 6,
            reduction: 8,
            damage: 4,
            critical_damage: 8,
            strays: false,
            toughness: i32::MAX,
        }
    }

    #[test]
    fn a_takedown_is_a_hit_whose_damage_reaches_endurance_and_health_together() {
        // Against 3 left: a plain hit deals 2d6+1+4-8, so 2d6 must reach 6 (26 of 36); a
        // critical one (luck 19 or 20) deals 2d6+1+8-8, always 3 or more.
        let p = AttackProfile {
            toughness: 3,
            ..spear()
        };
        let want = 0.1 + 0.9 * 26.0 / 36.0;
        assert!((odds(&p).takedown - want).abs() < 1e-12, "{:?}", odds(&p));
        // Every hit deals at least 1; nothing fells a target left out of the count.
        let one = odds(&AttackProfile {
            toughness: 1,
            ..spear()
        });
        assert!((one.takedown - one.hit).abs() < 1e-12);
        assert_eq!(odds(&spear()).takedown, 0.0);
    }

    #[test]
    fn a_plain_attack_is_two_dice_against_evasion_plus_the_luck_die() {
        let o = odds(&spear());
        // 2d6+1 ≥ 6: 2d6 ≥ 5, 30/36; a luck roll of 19 or 20 hits anyway.
        let crit = 2.0 / 20.0;
        let expected_hit = crit + (1.0 - crit) * 30.0 / 36.0;
        assert!((o.hit - expected_hit).abs() < 1e-12, "{o:?}");
        assert!((o.critical - crit).abs() < 1e-12);
        assert_eq!(o.stray, 0.0);
    }

    #[test]
    fn advantage_is_the_best_of_two_whole_rolls() {
        let mut p = spear();
        p.critical = 21; // no critical hits: the luck die does not matter
        let single = odds(&p).hit;
        p.advantage = 1;
        let adv = odds(&p).hit;
        assert!((adv - (1.0 - (1.0 - single).powi(2))).abs() < 1e-12);
        p.advantage = -1;
        let dis = odds(&p).hit;
        assert!((dis - single * single).abs() < 1e-12);
        p.advantage = 5; // capped at double
        let double = odds(&p).hit;
        assert!((double - (1.0 - (1.0 - single).powi(3))).abs() < 1e-12);
    }

    #[test]
    fn expected_damage_counts_the_minimum_of_one() {
        let mut p = spear();
        p.critical = 21;
        p.evasion = 0;
        p.reduction = 100;
        let o = odds(&p);
        assert!((o.hit - 1.0).abs() < 1e-12);
        assert!((o.expected_damage - 1.0).abs() < 1e-12);
    }
}
