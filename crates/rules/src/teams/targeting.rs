//! Who can attack whom with what, and the numbers of an attack: the test's dice and bonuses,
//! advantage from sneaking, flanking and a prone target, and the target's evasion and
//! deflection after guard, parry and size (teams.attacks, teams.sneak-flank, teams.size).

use super::grid::{cover_between, distance, flanked, line_of_sight};
use super::model::*;
use super::why::{Valued, Why, Whys};
use crate::battle::CharacterId;
use crate::dice::Die;

/// Whether `w` is in `a`'s hands (bare hands always are) and ready to strike or shoot.
pub fn weapon_ready(s: &State, a: CharacterId, w: WeaponRef) -> bool {
    match w {
        WeaponRef::Unarmed => true,
        WeaponRef::Item(i) => s.items.get(i).is_some_and(|it| {
            it.location() == Location::Hand(a)
                && it.def.weapon.is_some()
                && (it.loaded || it.def.weapon.as_ref().is_some_and(|w| w.reload == 0))
        }),
    }
}

/// How `a` could attack `t` with `w` from where both stand: Some(ranged) or None. The target
/// must be a present enemy the attacker knows of, in reach or range, in sight.
pub fn can_attack(s: &State, a: CharacterId, w: WeaponRef, t: CharacterId) -> Option<bool> {
    reaches(s, a, ready_weapon(s, a, w)?, t)
}

/// What `w` strikes or shoots as, if it is in `a`'s hands and ready.
pub fn ready_weapon(s: &State, a: CharacterId, w: WeaponRef) -> Option<&WeaponDef> {
    if weapon_ready(s, a, w) {
        s.weapon(w)
    } else {
        None
    }
}

/// How `a` could attack `t` with the ready `weapon`, as [`can_attack`] says: a listing asks it
/// of every character for each weapon, and reads the weapon once.
pub fn reaches(s: &State, a: CharacterId, weapon: &WeaponDef, t: CharacterId) -> Option<bool> {
    let me = s.characters.get(a)?;
    let them = s.characters.get(t)?;
    if a == t || me.team == them.team || !them.is_present() || them.unseen {
        return None;
    }
    let d = distance(me.pos, them.pos);
    let ranged = if weapon.reach > 0 && d <= weapon.reach {
        false
    } else if weapon.range > 0 && d <= weapon.range {
        true
    } else {
        return None;
    };
    line_of_sight(s, me.pos, them.pos).then_some(ranged)
}

/// Whether `a` can make a killing strike on `t` with `w`: a weapon in reach of someone
/// unconscious (teams.killing-strike).
pub fn can_kill(s: &State, a: CharacterId, w: WeaponRef, t: CharacterId) -> bool {
    s.characters
        .get(t)
        .is_some_and(|tc| tc.status == Status::Unconscious)
        && can_attack(s, a, w, t) == Some(false)
}

/// The numbers of one attack before the dice.
#[derive(Clone, Debug, PartialEq)]
pub struct Figures {
    pub attribute: (Attr, Die),
    pub skill: Option<Die>,
    pub proficiency: Option<(Proficiency, i8)>,
    pub earlier_attacks: u8,
    pub luck: i8,
    pub advantages: Whys,
    pub disadvantages: Whys,
    /// The target's evasion as this attacker treats it, and why it differs from the sheet.
    pub evasion: i32,
    pub evasion_why: Valued,
    /// The target's reduction of this weapon's damage class, and why.
    pub reduction: i32,
    pub reduction_why: Valued,
    pub damage: i32,
    pub critical_damage: i32,
    pub critical: i32,
    pub damage_type: DamageType,
    pub nonlethal: bool,
}

impl Figures {
    /// The flat bonus of the test: proficiency less the multiple attack penalty.
    pub fn bonus(&self) -> i32 {
        self.proficiency.map_or(0, |(_, b)| i32::from(b)) - 2 * i32::from(self.earlier_attacks)
    }
}

/// The attribute the attack test uses: the largest die the weapon allows, the first listed on
/// a tie.
pub fn attack_attribute(stats: &Stats, weapon: &WeaponDef) -> (Attr, Die) {
    let mut best = (Attr::Strength, stats.strength);
    let mut first = true;
    for &a in &weapon.attributes {
        let d = stats.attr(a);
        if first || d.sides > best.1.sides {
            best = (a, d);
            first = false;
        }
    }
    best
}

/// The best proficiency bonus the character has among those the weapon lists.
pub fn attack_proficiency(stats: &Stats, weapon: &WeaponDef) -> Option<(Proficiency, i8)> {
    weapon
        .proficiencies
        .iter()
        .map(|&p| (p, stats.proficiency(p)))
        .filter(|&(_, b)| b != 0)
        .max_by_key(|&(_, b)| b)
}

/// Everything of an attack by `a` on `t` with `w` that the dice do not decide. `parry` is a
/// parry value added to physical deflection; `earlier` the attacks `a` made before this one
/// this round.
pub fn figures(
    s: &State,
    a: CharacterId,
    w: WeaponRef,
    t: CharacterId,
    ranged: bool,
    earlier: u8,
    parry: u8,
) -> Option<Figures> {
    let me = s.characters.get(a)?;
    let them = s.characters.get(t)?;
    let weapon = s.weapon(w)?;
    let mut advantages = Whys::new();
    let mut disadvantages = Whys::new();
    let cannot_see = if them.status == Status::Unconscious {
        Some(Why::Unconscious)
    } else if me.unseen {
        Some(Why::Unseen)
    } else if s.surprised(t) {
        Some(Why::Surprised)
    } else {
        None
    };
    if let Some(why) = cannot_see {
        advantages.push(why);
    }
    if flanked(s, t) {
        advantages.push(Why::Flanking);
    }
    if them.prone {
        if ranged {
            disadvantages.push(Why::ProneShot);
        } else {
            advantages.push(Why::ProneStrike);
        }
    }
    if ranged && them.in_cover && cover_between(s, me.pos, them.pos) {
        disadvantages.push(Why::Cover);
    }
    let size = i32::from(me.stats.size) - i32::from(them.stats.size);
    let guard = i32::from(them.guarding);
    let mut evasion_why = Valued::new();
    if guard > 0 {
        evasion_why.push((1, Why::Guarding));
    }
    if size != 0 {
        evasion_why.push((size, Why::Size(size)));
    }
    let evasion = i32::from(them.stats.evasion) + guard + size;
    let mut reduction_why = Valued::new();
    let reduction = match weapon.damage_type.class() {
        DamageClass::Typeless => 0,
        class => {
            let (base, why) = if class == DamageClass::Physical {
                (them.stats.deflection, Why::Deflection)
            } else {
                (them.stats.elemental_deflection, Why::ElementalDeflection)
            };
            reduction_why.push((i32::from(base), why));
            if guard > 0 {
                reduction_why.push((1, Why::Guarding));
            }
            if parry > 0 && class == DamageClass::Physical {
                reduction_why.push((i32::from(parry), Why::Parry));
            }
            if size != 0 {
                reduction_why.push((-size, Why::Size(size)));
            }
            reduction_why.iter().map(|(v, _)| v).sum::<i32>().max(0)
        }
    };
    Some(Figures {
        attribute: attack_attribute(&me.stats, weapon),
        skill: me.stats.combat,
        proficiency: attack_proficiency(&me.stats, weapon),
        earlier_attacks: earlier,
        luck: me.stats.luck,
        advantages,
        disadvantages,
        evasion,
        evasion_why,
        reduction,
        reduction_why,
        damage: i32::from(weapon.damage),
        critical_damage: i32::from(weapon.critical_damage),
        critical: i32::from(weapon.critical),
        damage_type: weapon.damage_type,
        nonlethal: weapon.nonlethal,
    })
}
