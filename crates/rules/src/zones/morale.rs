//! The end of the round and of the fight: poison, morale checks, surrender or retreat, chases,
//! and the gear's wear once the fight is over.

use super::Ctx;
use super::event::EventKind;
use super::model::*;
use super::position::{grabbed_by, release};
use crate::battle::{CharacterId, RuleError};
use crate::dice::Die;
use crate::explain::Explanation;
use crate::line::Line;

pub fn poison_ticks(ctx: &mut Ctx) -> Result<(), RuleError> {
    for c in 0..ctx.s.characters.len() {
        let ch = &ctx.s.characters[c];
        let Some(die) = ch.poisoned else { continue };
        if !matches!(ch.status, Status::Active | Status::Surrendered) {
            continue;
        }
        let name = ch.name.clone();
        ctx.raw_damage(
            c,
            die,
            format!("Poison hurts {name}"),
            |n| format!("Poison burns in {name}'s veins: {n} damage."),
            "zones.bonus-actions",
            None,
        )?;
    }
    Ok(())
}

/// Which characters of which faction must test their morale now. Groups test once reduced to
/// half or less of their original number; a character fighting alone tests once damage has
/// left them at half health or less. Each side tests once a fight: those who pass are done
/// with morale.
pub fn morale_phase(ctx: &mut Ctx) -> Result<(), RuleError> {
    for f in 0..ctx.s.factions.len() {
        if ctx.s.factions[f].morale_checked {
            continue;
        }
        let original = ctx.s.factions[f].original_count;
        let fighting = ctx.s.active_count(f);
        let shaken = if original >= 2 {
            fighting * 2 <= original
        } else {
            // "After taking damage reducing their health to half or less".
            ctx.s
                .characters
                .iter()
                .any(|c| c.faction == f && c.is_active() && c.hurt_to_half)
        };
        if !shaken || fighting == 0 {
            continue;
        }
        ctx.s.factions[f].morale_checked = true;
        let fname = ctx.s.factions[f].name.clone();
        ctx.note(if original >= 2 {
            format!("Morale: {fname} are down to {fighting} of {original} and must make a group WIT save.")
        } else {
            format!("Morale: {fname}, fighting alone at half health or less, must make a WIT save.")
        });
        for c in 0..ctx.s.characters.len() {
            let ch = &ctx.s.characters[c];
            if ch.faction != f || !ch.is_active() || ch.morale_passed {
                continue;
            }
            if ch.fearless {
                let text = format!("{} is immune to fear, and so to morale.", ch.name);
                ctx.note(text);
                continue;
            }
            let pass = ctx.save(c, Attribute::Wit, "for morale", "zones.morale")?;
            if pass {
                ctx.s.characters[c].morale_passed = true;
            } else {
                ctx.s.morale_queue.push(c);
            }
        }
    }
    Ok(())
}

/// How a retreat's chase goes, before any roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chase {
    /// No enemy is left to give chase.
    Unpursued,
    /// Held by an enemy: no getting away.
    Held,
    /// Faster than every pursuer (the fastest's speed).
    Faster(u8),
    /// Slower than the fastest pursuer.
    Slower(u8),
    /// As fast as the fastest: an AGI save decides.
    Even,
}

pub fn chase(s: &State, c: CharacterId) -> Chase {
    let me = &s.characters[c];
    let pursuit = s
        .characters
        .iter()
        .filter(|p| p.faction != me.faction && p.is_active())
        .map(|p| p.speed)
        .max();
    match pursuit {
        None => Chase::Unpursued,
        Some(_) if me.grabbed_by.is_some() => Chase::Held,
        Some(p) if me.speed > p => Chase::Faster(p),
        Some(p) if me.speed < p => Chase::Slower(p),
        Some(_) => Chase::Even,
    }
}

/// A retreat over a long distance is a chase: faster than every pursuer escapes, slower than one
/// is reached, as fast as the fastest makes an AGI save. Reached, they are in the fight again.
pub(super) fn retreat(ctx: &mut Ctx, c: CharacterId) -> Result<(), RuleError> {
    let me = ctx.s.characters[c].clone();
    let how = chase(ctx.s, c);
    if let Some(g) = grabbed_by(ctx.s, c) {
        release(ctx, g);
    }
    let escaped = match how {
        Chase::Unpursued => {
            ctx.note(format_args!(
                "{} retreats; nobody is left to give chase.",
                me.name
            ));
            true
        }
        Chase::Held => {
            ctx.note(format_args!(
                "{} tries to retreat but is held fast.",
                me.name
            ));
            false
        }
        Chase::Faster(p) => {
            ctx.note(format_args!(
                "{} retreats and outruns every pursuer (speed {} against {p}).",
                me.name, me.speed
            ));
            true
        }
        Chase::Slower(p) => {
            ctx.note(format_args!(
                "{} retreats but the pursuers are faster (speed {} against {p}).",
                me.name, me.speed
            ));
            false
        }
        Chase::Even => ctx.save(c, Attribute::Agi, "to escape the chase", "zones.chases")?,
    };
    if escaped {
        ctx.s.characters[c].status = Status::Fled;
        ctx.say(
            EventKind::StatusChanged {
                character: c,
                status: Status::Fled,
            },
            format_args!("{} escapes the fight.", me.name),
        );
    } else {
        ctx.note(format_args!(
            "{} is reached by the pursuers and must fight on.",
            me.name
        ));
    }
    Ok(())
}

/// After the fight every weapon, shield and armour used at least once makes a durability roll:
/// a d6, and a 1 leaves it damaged (rules notes, zones.gear-degradation).
pub fn gear_degradation(ctx: &mut Ctx) -> Result<(), RuleError> {
    for i in 0..ctx.s.items.len() {
        let it = &ctx.s.items[i];
        if !it.used || it.location == Location::Gone {
            continue;
        }
        let name = it.name.clone();
        let owner = match it.location {
            Location::Hand(c) | Location::Pack(c) => ctx.s.name(c).to_string(),
            _ => "nobody".to_string(),
        };
        let worn = durability(ctx, &format!("{owner}'s {name}"))?;
        if worn {
            ctx.s.items[i].damaged = true;
        }
    }
    for c in 0..ctx.s.characters.len() {
        let Some(ar) = ctx.s.characters[c].armour.clone() else {
            continue;
        };
        if !ar.used || ar.destroyed {
            continue;
        }
        let owner = ctx.s.name(c).to_string();
        if durability(ctx, &format!("{owner}'s {}", ar.name))? {
            ctx.s.characters[c].armour.as_mut().expect("armour").damaged = true;
        }
    }
    Ok(())
}

fn durability(ctx: &mut Ctx, what: &str) -> Result<bool, RuleError> {
    let r = ctx.roll(
        Die::D6,
        &format!("durability of {what}"),
        "zones.gear-degradation",
    )?;
    let worn = r.value == 1;
    let mut e = Explanation::new(
        format!("Durability roll for {what}"),
        "zones.gear-degradation",
    );
    e.dice.push(r);
    e.total = i32::from(r.value);
    let result = if worn { "damaged" } else { "holds-up" };
    e.against = Some(Line::new("zones-durability-against"));
    e.outcome = Line::new("zones-durability-outcome").word("result", result);
    let text = Line::new("zones-durability")
        .name("what", what)
        .number("roll", r.value)
        .word("result", result);
    ctx.explained(EventKind::Gear, text, e);
    Ok(worn)
}
