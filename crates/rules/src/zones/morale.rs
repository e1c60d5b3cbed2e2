//! The end of the round and of the fight: poison, morale checks, surrender or retreat, chases,
//! and the gear's wear once the fight is over.

use super::event::{EventKind, GearChange, Noted};
use super::model::*;
use super::position::{grabbed_by, release};
use super::said::{SaveFor, later};
use super::{Ctx, Harm};
use crate::battle::{CharacterId, RuleError};
use crate::context::Remark;
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
        ctx.raw_damage(c, die, Harm::Poison, "zones.bonus-actions", None)?;
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
        ctx.say(
            Noted::Shaken.aside(),
            later(|| {
                if original >= 2 {
                    Line::new("zones-morale-group")
                        .side("side", f)
                        .number("fighting", fighting as i64)
                        .number("original", original as i64)
                } else {
                    Line::new("zones-morale-alone").side("side", f)
                }
            }),
        );
        for c in 0..ctx.s.characters.len() {
            let ch = &ctx.s.characters[c];
            if ch.faction != f || !ch.is_active() || ch.morale_passed {
                continue;
            }
            if ch.fearless {
                ctx.say(
                    Noted::Fearless.about(c),
                    later(|| Line::new("zones-fearless").who("who", c)),
                );
                continue;
            }
            let pass = ctx.save(c, Attribute::Wit, SaveFor::Morale, "zones.morale")?;
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
    let speed = ctx.s.characters[c].speed;
    let how = chase(ctx.s, c);
    if let Some(g) = grabbed_by(ctx.s, c) {
        release(ctx, g);
    }
    let escaped = match how {
        Chase::Unpursued => {
            ctx.say(
                Noted::RetreatUnpursued.about(c),
                later(|| Line::new("zones-retreats-unpursued").who("who", c)),
            );
            true
        }
        Chase::Held => {
            ctx.say(
                Noted::RetreatHeld.about(c),
                later(|| Line::new("zones-retreat-held").who("who", c)),
            );
            false
        }
        Chase::Faster(p) | Chase::Slower(p) => {
            let faster = matches!(how, Chase::Faster(_));
            ctx.say(
                Noted::RetreatChased.about(c),
                later(|| {
                    Line::new("zones-retreat-chase")
                        .who("who", c)
                        .word("outruns", if faster { "yes" } else { "no" })
                        .number("speed", speed)
                        .number("pursuit", p)
                }),
            );
            faster
        }
        Chase::Even => ctx.save(c, Attribute::Agi, SaveFor::Chase, "zones.chases")?,
    };
    if escaped {
        ctx.s.characters[c].status = Status::Fled;
        ctx.say(
            EventKind::StatusChanged {
                character: c,
                status: Status::Fled,
            },
            later(|| Line::new("zones-escapes").who("who", c)),
        );
    } else {
        ctx.say(
            Noted::Reached.about(c),
            later(|| Line::new("zones-reached").who("who", c)),
        );
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
        let holder = it.location.holder();
        let worn = durability(ctx, (holder, Some(i)), || {
            let gear = Line::new("zones-thing").thing("item", i);
            match holder {
                Some(c) => Line::new("zones-gear-of")
                    .who("owner", c)
                    .line("gear", gear),
                None => Line::new("zones-gear-of-nobody").line("gear", gear),
            }
        })?;
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
        let worn = durability(ctx, (Some(c), None), || {
            let gear = Line::new("zones-armour").name("armour", ar.name);
            Line::new("zones-gear-of")
                .who("owner", c)
                .line("gear", gear)
        })?;
        if worn {
            ctx.s.characters[c].armour.as_mut().expect("armour").damaged = true;
        }
    }
    Ok(())
}

/// A durability roll for a piece of gear: whose and which item (None: the armour), and `what`
/// in words, which a quiet play-out never builds.
fn durability(
    ctx: &mut Ctx,
    (character, item): (Option<CharacterId>, Option<ItemId>),
    what: impl FnOnce() -> Line,
) -> Result<bool, RuleError> {
    let what = ctx.log.line(what);
    let why = ctx
        .log
        .line(|| Line::new("zones-roll-durability").line("what", what.clone()));
    let r = ctx.roll(Die::D6, &why, "zones.gear-degradation")?;
    let worn = r.value == 1;
    ctx.log.explain(|| {
        let mut e = Explanation::new(
            Line::new("zones-durability-what").line("what", what.clone()),
            "zones.gear-degradation",
        );
        e.dice.push(r);
        e.total = i32::from(r.value);
        let result = if worn { "damaged" } else { "holds-up" };
        e.against = Some(Line::new("zones-durability-against"));
        e.outcome = Line::new("zones-durability-outcome").word("result", result);
        let text = Line::new("zones-durability")
            .line("what", what)
            .number("roll", r.value)
            .word("result", result);
        let kind = EventKind::Gear {
            character,
            item,
            change: GearChange::Tested,
        };
        (kind, text, e)
    });
    Ok(worn)
}
