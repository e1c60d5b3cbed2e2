//! Exact odds before a roll, for previews and for the AI: saves are a d20 against a score,
//! damage is one die (or the lower of two) against armour.

use super::model::*;
use super::targeting::{can_strike, protection, stats};
use crate::rules::battle::CharacterId;
use crate::rules::dice::Die;

/// Probability that a d20 comes up at or under `score`.
pub fn save_chance(score: u8) -> f64 {
    f64::from(score.min(20)) / 20.0
}

/// The distribution of a damage roll after armour: `p[k]` is the chance of dealing k damage.
pub fn damage_distribution(die: Die, impaired: bool, armour: u8) -> Vec<f64> {
    let n = usize::from(die.sides);
    let mut p = vec![0.0; n + 1];
    for a in 1..=n {
        if impaired {
            for b in 1..=n {
                let v = a.min(b);
                p[v.saturating_sub(usize::from(armour))] += 1.0 / (n * n) as f64;
            }
        } else {
            p[a.saturating_sub(usize::from(armour))] += 1.0 / n as f64;
        }
    }
    p
}

/// What an attack is likely to do before anyone reacts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AttackOdds {
    pub hit: f64,
    pub expected_damage: f64,
    /// Chance the target is brought to zero health, if it lands.
    pub takedown: f64,
}

pub fn attack_odds(s: &State, decl: &AttackDecl, moving: bool) -> Option<AttackOdds> {
    let Target::Character(t) = decl.target else {
        return None;
    };
    let a = decl.attacker;
    let hit = match decl.mode {
        AttackMode::FinalBlow => 1.0,
        _ => match can_strike(s, a, decl.weapon, t, moving) {
            Some(shot) if shot.save => save_chance(s.characters[a].attrs.wit),
            Some(_) => 1.0,
            None => return None,
        },
    };
    match decl.mode {
        AttackMode::Damage { hold_back } => {
            let p = damage_distribution_against(s, a, decl.weapon, hold_back, t);
            let health = usize::from(s.characters[t].health);
            let expected: f64 = p.iter().enumerate().map(|(k, q)| k as f64 * q).sum();
            let takedown: f64 = p
                .iter()
                .enumerate()
                .filter(|(k, _)| *k >= health)
                .map(|(_, q)| q)
                .sum();
            Some(AttackOdds {
                hit,
                expected_damage: expected,
                takedown,
            })
        }
        AttackMode::FinalBlow => Some(AttackOdds {
            hit,
            expected_damage: 0.0,
            takedown: 1.0,
        }),
        AttackMode::Disarm { .. } | AttackMode::Grapple => Some(AttackOdds {
            hit: hit * (1.0 - save_chance(s.characters[t].attrs.strength)),
            expected_damage: 0.0,
            takedown: 0.0,
        }),
    }
}

/// Damage distribution of `attacker`'s weapon against `target`, armour, shield and cover counted.
pub fn damage_distribution_against(
    s: &State,
    attacker: CharacterId,
    weapon: Weapon,
    hold_back: bool,
    target: CharacterId,
) -> Vec<f64> {
    let st = stats(s, weapon);
    let prot = protection(s, s.characters[attacker].zone, weapon, target);
    let impaired = weapon == Weapon::Unarmed || hold_back || prot.concealed;
    damage_distribution(
        st.damage,
        impaired,
        armour_of(s, target) + u8::from(prot.cover),
    )
}

pub fn armour_of(s: &State, c: CharacterId) -> u8 {
    let ch = &s.characters[c];
    let body = ch
        .armour
        .as_ref()
        .filter(|a| !a.destroyed)
        .map_or(0, |a| a.value);
    let shield = s.shield_of(c).map_or(0, |i| match s.items[i].kind {
        ItemKind::Shield { armour } => armour,
        _ => 0,
    });
    body + shield
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saves_are_the_attribute_in_twenty() {
        assert_eq!(save_chance(10), 0.5);
        assert_eq!(save_chance(20), 1.0);
        assert_eq!(save_chance(1), 0.05);
    }

    #[test]
    fn damage_after_armour_and_impaired_damage_are_exact() {
        // d6 against armour 2: 0 on 1-2, then 1..4.
        let p = damage_distribution(Die::D6, false, 2);
        assert!((p[0] - 2.0 / 6.0).abs() < 1e-12);
        assert!((p[4] - 1.0 / 6.0).abs() < 1e-12);
        // Lower of two d4: P(1) = 7/16, P(4) = 1/16.
        let q = damage_distribution(Die::D4, true, 0);
        assert!((q[1] - 7.0 / 16.0).abs() < 1e-12);
        assert!((q[4] - 1.0 / 16.0).abs() < 1e-12);
        assert!((q.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }
}
