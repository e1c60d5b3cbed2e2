//! Exact odds before a roll, for previews and for the AI: saves are a d20 against a score,
//! damage is one die (or the lower of two) against armour.

use super::model::*;
use super::targeting::{can_strike, protection, stats};
use crate::battle::CharacterId;
use crate::dice::Die;

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

/// What the attack under way does to `target` should it land on them: the save to hit is
/// behind it, so this is what a reaction or a refused stunt risks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BlowOdds {
    pub expected_damage: f64,
    /// Chance the blow takes them to zero health.
    pub takedown: f64,
    /// For a disarm or a grapple: chance their STR save fails.
    pub taken: f64,
}

pub fn blow_on(s: &State, target: CharacterId) -> Option<BlowOdds> {
    let a = s.attack.as_ref()?;
    let d = a.decl;
    Some(match d.mode {
        AttackMode::Damage { hold_back } => {
            let p = damage_distribution_against(s, d.attacker, d.weapon, hold_back, target);
            BlowOdds {
                expected_damage: mean(&p),
                takedown: at_least(&p, s.characters[target].health),
                taken: 0.0,
            }
        }
        AttackMode::FinalBlow => BlowOdds {
            expected_damage: 0.0,
            takedown: 1.0,
            taken: 0.0,
        },
        AttackMode::Disarm { .. } | AttackMode::Grapple => BlowOdds {
            expected_damage: 0.0,
            takedown: 0.0,
            taken: 1.0 - save_chance(s.characters[target].attrs.strength),
        },
    })
}

/// A counter's exchange with the attack under way, both sides rolling at once.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Exchange {
    /// Chance the counter lands at all (its own WIT save, where it needs one).
    pub lands: f64,
    /// Chance the counter lands and the counterer suffers more, so is hit first.
    pub hit_first: f64,
    /// Chance the counterer goes down, and the attacker.
    pub counterer_down: f64,
    pub attacker_down: f64,
    /// For a disarm or grapple counter: chance it takes effect.
    pub takes_effect: f64,
}

pub fn counter_exchange(
    s: &State,
    counterer: CharacterId,
    weapon: Weapon,
    mode: AttackMode,
) -> Option<Exchange> {
    let a = s.attack.as_ref()?;
    let d = a.decl;
    let attacker = d.attacker;
    let lands = match can_strike(s, counterer, weapon, attacker, false)? {
        shot if shot.save => save_chance(s.characters[counterer].attrs.wit),
        _ => 1.0,
    };
    let incoming = match d.mode {
        AttackMode::Damage { hold_back } => {
            damage_distribution_against(s, attacker, d.weapon, hold_back, counterer)
        }
        _ => vec![1.0],
    };
    let (hc, ha) = (
        usize::from(s.characters[counterer].health),
        usize::from(s.characters[attacker].health),
    );
    if mode.is_non_lethal() {
        // Resolved last: only if the counterer still stands.
        let standing = 1.0 - at_least(&incoming, s.characters[counterer].health);
        return Some(Exchange {
            lands,
            hit_first: 1.0,
            counterer_down: 1.0 - standing,
            attacker_down: 0.0,
            takes_effect: lands
                * standing
                * (1.0 - save_chance(s.characters[attacker].attrs.strength)),
        });
    }
    let outgoing = damage_distribution_against(s, counterer, weapon, mode.holds_back(), attacker);
    let (mut hit_first, mut c_down, mut a_down) = (0.0, 0.0, 0.0);
    for (x, px) in incoming.iter().enumerate() {
        // The counter misses: only the attack lands.
        if x >= hc {
            c_down += px * (1.0 - lands);
        }
        for (y, py) in outgoing.iter().enumerate() {
            let p = px * py * lands;
            match x.cmp(&y) {
                std::cmp::Ordering::Greater => {
                    hit_first += p;
                    if x >= hc {
                        c_down += p;
                    } else if y >= ha {
                        a_down += p;
                    }
                }
                std::cmp::Ordering::Less => {
                    if y >= ha {
                        a_down += p;
                    } else if x >= hc {
                        c_down += p;
                    }
                }
                std::cmp::Ordering::Equal => {
                    if x >= hc {
                        c_down += p;
                    }
                    if y >= ha {
                        a_down += p;
                    }
                }
            }
        }
    }
    Some(Exchange {
        lands,
        hit_first,
        counterer_down: c_down,
        attacker_down: a_down,
        takes_effect: 0.0,
    })
}

/// Chance a character who retreats gets away (rules notes, zones.chases).
pub fn escape_chance(s: &State, c: CharacterId) -> f64 {
    match super::morale::chase(s, c) {
        super::morale::Chase::Unpursued | super::morale::Chase::Faster(_) => 1.0,
        super::morale::Chase::Held | super::morale::Chase::Slower(_) => 0.0,
        super::morale::Chase::Even => save_chance(s.characters[c].attrs.agi),
    }
}

fn mean(p: &[f64]) -> f64 {
    p.iter().enumerate().map(|(k, q)| k as f64 * q).sum()
}

/// Chance a distribution comes to `n` or more.
fn at_least(p: &[f64], n: u8) -> f64 {
    p.iter().skip(usize::from(n)).sum()
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

/// The blows a move to `to` sets off as its character leaves their zone: each enemy's likeliest
/// damaging opportunity attack (zones.reactions), with its odds, worked out by making the
/// move on a copy of the battle. Enemies the mover's side cannot see are left out, as a
/// person deciding the move would not know of them; a move that rolls dice before anyone
/// may strike (or that is not legal) gives none.
pub fn opportunity_risk(s: &State, to: ZoneId) -> Vec<(AttackDecl, AttackOdds)> {
    use crate::battle::Ruleset;
    let mut after = s.clone();
    let mut no_dice = crate::dice::ScriptedDice::new([]);
    if super::Zones::apply(&mut after, &super::Action::Move(to), &mut no_dice).is_err()
        || after.stage != Stage::Opportunity
    {
        return Vec::new();
    }
    let mut best: Vec<(AttackDecl, AttackOdds)> = Vec::new();
    for a in super::Zones::legal_actions(&after) {
        let super::Action::OpportunityAttack(d) = a else {
            continue;
        };
        if !matches!(d.mode, AttackMode::Damage { hold_back: false })
            || s.characters[d.attacker].concealed
        {
            continue;
        }
        let Some(o) = attack_odds(&after, &d, false) else {
            continue;
        };
        let worth = o.hit * o.expected_damage;
        match best.iter_mut().find(|(b, _)| b.attacker == d.attacker) {
            Some(slot) if slot.1.hit * slot.1.expected_damage < worth => *slot = (d, o),
            Some(_) => {}
            None => best.push((d, o)),
        }
    }
    best
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
