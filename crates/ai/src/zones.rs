//! What the AI knows of the Zones ruleset: how strong each side still is, and what each action
//! is expected to gain, from the core's exact odds (saves are a d20 against a score, damage a
//! die or the lower of two against armour).

use super::Heuristics;
use fray_rules::battle::{CharacterId, FactionId, Outcome, Pending, Ruleset, Seat};
use fray_rules::zones::odds::{attack_odds, damage_distribution_against, save_chance};
use fray_rules::zones::targeting::{can_blast, stats};
use fray_rules::zones::{
    Action, AttackDecl, AttackMode, AttackStep, Consumable, ItemKind, MoraleChoice, Reaction,
    State, Status, Stunt, Target, Weapon, WeaponKind, Zones,
};

/// The bonus for taking an enemy out of the fight, in health points.
const TAKEDOWN: f64 = 5.0;

impl Heuristics for Zones {
    fn evaluate(s: &State) -> Vec<f64> {
        let n = s.factions.len();
        if let Some(o) = &s.outcome {
            return match o {
                Outcome::Victory { winner, .. } => (0..n)
                    .map(|f| if f == *winner { 1.0 } else { 0.0 })
                    .collect(),
                Outcome::Draw { .. } => vec![1.0 / n as f64; n],
            };
        }
        let mut strength = vec![0.0; n];
        for c in &s.characters {
            strength[c.faction] += match c.status {
                Status::Active => {
                    1.0 + f64::from(c.health) / f64::from(c.max_health.max(1))
                        + if c.morale_passed { 0.1 } else { 0.0 }
                }
                Status::Surrendered => 0.15,
                Status::Incapacitated => 0.05,
                Status::Dead | Status::Fled => 0.0,
            };
        }
        let total: f64 = strength.iter().sum::<f64>().max(1e-9);
        strength.iter().map(|v| v / total).collect()
    }

    fn action_value(s: &State, action: &Action) -> f64 {
        let Pending::Decide { seat, .. } = Zones::pending(s) else {
            return 0.0;
        };
        let Seat::Faction(f) = seat else {
            return 0.0;
        };
        let actor = s.turn.as_ref().map(|t| t.character);
        let moving = s.turn.as_ref().is_some_and(|t| t.moved);
        match action {
            Action::ChooseFirst(g) => f64::from(u8::from(*g == f)),
            Action::Activate(c) => 1.0 + 0.1 * best_attack(s, *c),
            // Back in the fight, unarmed and hurt: worth it when they can still do harm.
            Action::Resume(c) => 0.1 * best_attack(s, *c) - 0.2,
            Action::Pass => 0.0,
            Action::EndTurn => 0.0,
            Action::TimedOut => -10.0,
            Action::Move(z) => actor.map_or(0.0, |c| move_value(s, c, *z)),
            Action::Attack(d) | Action::OpportunityAttack(d) => attack_value(s, d, moving),
            Action::DeclineOpportunity => 0.0,
            Action::PickUp(i) => {
                let c = actor.unwrap_or(0);
                match &s.items[*i].kind {
                    ItemKind::Weapon(_) if !armed(s, c) => 1.5,
                    ItemKind::Consumable(_) => 0.3,
                    _ => 0.05,
                }
            }
            Action::PutDown(_) => -0.5,
            Action::Equip(i) => {
                let c = actor.unwrap_or(0);
                match &s.items[*i].kind {
                    ItemKind::Weapon(_) if !armed(s, c) => 1.5,
                    ItemKind::Shield { .. } => 0.4,
                    _ => 0.02,
                }
            }
            Action::Unequip(_) => -0.3,
            Action::Use(i) => {
                let c = actor.unwrap_or(0);
                let ch = &s.characters[c];
                match s.items[*i].kind {
                    ItemKind::Consumable(Consumable::Heal(die)) => {
                        let missing = f64::from(ch.max_health - ch.health);
                        if missing <= 0.0 {
                            -1.0
                        } else {
                            missing.min((f64::from(die.sides) + 1.0) / 2.0) * 0.8
                        }
                    }
                    ItemKind::Consumable(Consumable::Antidote) => {
                        if ch.poisoned.is_some() {
                            3.0
                        } else {
                            -1.0
                        }
                    }
                    ItemKind::Consumable(Consumable::Poison(_)) => {
                        if ch.coated.is_some() {
                            -1.0
                        } else {
                            0.8
                        }
                    }
                    _ => 0.0,
                }
            }
            Action::Interact(fx) => match s.fixtures[*fx].effect {
                fray_rules::zones::FixtureEffect::Trap(z) => {
                    let avg = s.zones[z]
                        .hazard
                        .as_ref()
                        .map_or(0.0, |h| (f64::from(h.damage.sides) + 1.0) / 2.0);
                    s.characters
                        .iter()
                        .filter(|c| c.zone == z && c.is_active())
                        .map(|c| if c.faction == f { -avg * 1.2 } else { avg })
                        .sum()
                }
                fray_rules::zones::FixtureEffect::Passage(a, b) => {
                    // Opening a way is worth a little; shutting one rarely helps and can leave
                    // the fight with no way to end.
                    if s.zones[a].neighbours.contains(&b) {
                        -0.3
                    } else {
                        0.4
                    }
                }
            },
            Action::Speak => -0.2,
            Action::Hide => 0.6,
            Action::Surrender => -6.0,
            Action::Shove { to, into_hazard } => {
                let hazard = actor
                    .and_then(|c| fray_rules::zones::position::grabbed_by(s, c))
                    .and_then(|g| s.zones[s.characters[g].zone].hazard.as_ref())
                    .map_or(0.0, |h| (f64::from(h.damage.sides) + 1.0) / 2.0);
                (if *into_hazard { hazard } else { 0.0 }) + if to.is_some() { 0.3 } else { 0.0 }
            }
            Action::BreakFree => {
                actor.map_or(0.0, |c| save_chance(s.characters[c].attrs.strength) * 1.5)
            }
            Action::ProposeStunt(st) => match st {
                Stunt::Yield => 6.0,
                Stunt::Disarm(_) => 2.0,
                Stunt::Seize => 1.0,
                Stunt::Drive(z) => 0.5 + s.zones[*z].hazard.as_ref().map_or(0.0, |_| 0.5),
            },
            Action::NoStunt => pending_attack_damage(s).max(0.5),
            Action::AcceptStunt => {
                let AttackStep::AnswerStunt(st) = s
                    .attack
                    .as_ref()
                    .map_or(AttackStep::ProposeStunt, |a| a.step)
                else {
                    return 0.0;
                };
                -match st {
                    Stunt::Yield => 8.0,
                    Stunt::Disarm(_) => 2.0,
                    Stunt::Seize => 2.0,
                    Stunt::Drive(_) => 0.5,
                }
            }
            Action::RefuseStunt => -pending_attack_damage(s),
            Action::React(r) => reaction_value(s, *r),
            Action::Morale(MoraleChoice::Surrender) => 0.3,
            Action::Morale(MoraleChoice::Retreat) => {
                let c = s.morale_queue.first().copied().unwrap_or(0);
                let me = &s.characters[c];
                let fastest = s
                    .characters
                    .iter()
                    .filter(|p| p.faction != me.faction && p.is_active())
                    .map(|p| p.speed)
                    .max()
                    .unwrap_or(0);
                if me.speed > fastest {
                    1.0
                } else if me.speed == fastest {
                    save_chance(me.attrs.agi)
                } else {
                    0.0
                }
            }
        }
    }
}

fn armed(s: &State, c: CharacterId) -> bool {
    s.held(c).any(|i| s.items[i].weapon().is_some())
}

/// Expected damage plus the takedown bonus of an attack, from the exact odds; hitting a
/// surrendered enemy brings them back into the fight, so it is worth little.
pub fn attack_value(s: &State, d: &AttackDecl, moving: bool) -> f64 {
    let me = s.characters[d.attacker].faction;
    match d.target {
        Target::Character(t) => {
            let Some(o) = attack_odds(s, d, moving) else {
                return -1.0;
            };
            let tc = &s.characters[t];
            if tc.status == Status::Surrendered {
                return -1.0;
            }
            match d.mode {
                AttackMode::FinalBlow => 0.3,
                AttackMode::Grapple => o.hit * 1.2,
                AttackMode::Disarm { .. } => o.hit * 1.6,
                AttackMode::Damage { .. } => o.hit * (o.expected_damage + TAKEDOWN * o.takedown),
            }
        }
        Target::Zone(z) => {
            let hit = match can_blast(s, d.attacker, d.weapon, z, moving) {
                Some(shot) if shot.save => save_chance(s.characters[d.attacker].attrs.wit),
                Some(_) => 1.0,
                None => return -1.0,
            };
            let mut v = 0.0;
            for (i, c) in s.characters.iter().enumerate() {
                if c.zone != z || !c.is_active() {
                    continue;
                }
                if stats(s, d.weapon).kind == WeaponKind::Melee && i == d.attacker {
                    continue;
                }
                let p = damage_distribution_against(s, d.attacker, d.weapon, false, i);
                let e: f64 = p.iter().enumerate().map(|(k, q)| k as f64 * q).sum();
                let down: f64 = p
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| *k >= usize::from(c.health))
                    .map(|(_, q)| q)
                    .sum();
                let gain = e + TAKEDOWN * down;
                v += if c.faction == me { -1.3 * gain } else { gain };
            }
            hit * v
        }
    }
}

/// The best attack a character could make from where they stand.
fn best_attack(s: &State, c: CharacterId) -> f64 {
    fray_rules::zones::legal::attacks(s, c, false)
        .iter()
        .map(|d| attack_value(s, d, false))
        .fold(0.0, f64::max)
}

fn nearest_enemy(s: &State, c: CharacterId, from: usize) -> Option<u8> {
    let me = &s.characters[c];
    s.characters
        .iter()
        .filter(|e| e.faction != me.faction && e.is_active() && !e.concealed)
        .filter_map(|e| s.distance(from, e.zone))
        .min()
}

fn move_value(s: &State, c: CharacterId, z: usize) -> f64 {
    let me = &s.characters[c];
    let ranged = s
        .held(c)
        .filter_map(|i| s.items[i].weapon())
        .filter(|w| w.kind != WeaponKind::Melee)
        .map(|w| w.range)
        .max();
    let (Some(d0), Some(d1)) = (nearest_enemy(s, c, me.zone), nearest_enemy(s, c, z)) else {
        return 0.0;
    };
    let mut v = match ranged {
        Some(range) => {
            let good = |d: u8| d >= 1 && 2 * d <= range;
            match (good(d0), good(d1)) {
                (true, _) => -0.3,
                (false, true) => 1.2,
                (false, false) if d1 < d0 && d1 > 0 => 0.6,
                _ => -0.2,
            }
        }
        None => {
            if d1 == 0 {
                2.0
            } else if d1 < d0 {
                1.5
            } else {
                -0.5
            }
        }
    };
    let zone = &s.zones[z];
    if zone.cover || zone.barrier {
        v += 0.3;
    }
    if zone.hazard.is_some() {
        v -= 0.4;
    }
    // Leaving enemies who may still strike as one goes.
    let threatened = s
        .characters
        .iter()
        .filter(|e| e.faction != me.faction && e.is_active() && !e.acted && e.zone == me.zone)
        .count();
    v - 1.5 * threatened as f64
}

/// Expected harm of the attack under way to its (first) target, takedown included.
fn pending_attack_damage(s: &State) -> f64 {
    let Some(a) = &s.attack else {
        return 0.0;
    };
    let slot = match a.step {
        AttackStep::React { slot } => slot,
        _ => 0,
    };
    let Some(sl) = a.slots.get(slot) else {
        return 0.0;
    };
    harm_to(s, a.decl.attacker, a.decl.weapon, a.decl.mode, sl.target)
}

fn harm_to(s: &State, attacker: CharacterId, w: Weapon, mode: AttackMode, t: CharacterId) -> f64 {
    match mode {
        AttackMode::Damage { hold_back } => {
            let p = damage_distribution_against(s, attacker, w, hold_back, t);
            let h = usize::from(s.characters[t].health);
            let e: f64 = p.iter().enumerate().map(|(k, q)| k as f64 * q).sum();
            let down: f64 = p
                .iter()
                .enumerate()
                .filter(|(k, _)| *k >= h)
                .map(|(_, q)| q)
                .sum();
            e + TAKEDOWN * down
        }
        AttackMode::FinalBlow => TAKEDOWN,
        AttackMode::Grapple => 1.2 * (1.0 - save_chance(s.characters[t].attrs.strength)),
        AttackMode::Disarm { .. } => 1.6 * (1.0 - save_chance(s.characters[t].attrs.strength)),
    }
}

fn reaction_value(s: &State, r: Reaction) -> f64 {
    let Some(a) = &s.attack else {
        return 0.0;
    };
    let AttackStep::React { slot } = a.step else {
        return 0.0;
    };
    let t = a.slots[slot].target;
    let harm = harm_to(s, a.decl.attacker, a.decl.weapon, a.decl.mode, t);
    // A reaction spends the character's turn: that has a price of its own.
    let turn_cost = 0.8;
    match r {
        Reaction::None => -harm,
        Reaction::Dodge => -harm * (1.0 - save_chance(s.characters[t].attrs.agi)) - turn_cost,
        Reaction::Counter { weapon, mode } => {
            let dealt = harm_to(s, t, weapon, mode, a.decl.attacker);
            -harm + dealt - turn_cost
        }
        Reaction::HideBehind(c) => {
            let other = harm_to(s, a.decl.attacker, a.decl.weapon, a.decl.mode, c);
            let enemy_shield = s.characters[c].faction != s.characters[t].faction;
            if enemy_shield {
                other * 0.5 - turn_cost
            } else {
                -other * 0.9 - turn_cost
            }
        }
        Reaction::Guard(g) => {
            -harm_to(s, a.decl.attacker, a.decl.weapon, a.decl.mode, g) - turn_cost
        }
    }
}

/// Which faction a seat stands for.
pub fn faction_of(seat: Seat) -> Option<FactionId> {
    match seat {
        Seat::Faction(f) => Some(f),
        Seat::Gm | Seat::Character(_) => None,
    }
}
