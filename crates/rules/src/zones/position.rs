//! Where characters stand and who holds whom: a character placed in a zone and seen there or
//! not, a grapple let go, a surrender; and who may strike at a character moving away. Below
//! attacks, turns and morale, which all move characters and let holds go.

use super::Ctx;
use super::event::EventKind;
use super::model::*;
use super::said::later;
use crate::battle::{CharacterId, FactionId};
use crate::line::Line;

pub fn release(ctx: &mut Ctx, grabbed: CharacterId) {
    if ctx.s.characters[grabbed].grabbed_by.take().is_some() {
        ctx.say(
            EventKind::Freed { character: grabbed },
            later(|| Line::new("zones-freed").who("who", grabbed)),
        );
    }
}

/// "Doing anything else automatically frees the grabbed character" (zones.grapple), for what
/// a grabber does outside their own turn: a reaction or an opportunity attack aimed at `aim`
/// keeps hold only when it is aimed at the one held.
pub fn let_go_unless_at(ctx: &mut Ctx, grabber: CharacterId, aim: Option<CharacterId>) {
    if let Some(g) = grabbed_by(ctx.s, grabber)
        && Some(g) != aim
    {
        release(ctx, g);
    }
}

pub fn grabbed_by(s: &State, grabber: CharacterId) -> Option<CharacterId> {
    s.characters
        .iter()
        .position(|c| c.grabbed_by == Some(grabber))
}

/// A concealed character is seen; `how` is the keyword of what gave them away ("counter",
/// "step-in", "attacked", "walked-in", "came-upon", "spoke").
pub fn reveal(ctx: &mut Ctx, c: CharacterId, how: &'static str) {
    if ctx.s.characters[c].concealed {
        ctx.s.characters[c].concealed = false;
        ctx.say(
            EventKind::Revealed { character: c },
            later(|| Line::new("zones-revealed").who("who", c).word("how", how)),
        );
    }
}

pub fn surrender(ctx: &mut Ctx, c: CharacterId) {
    ctx.s.characters[c].status = Status::Surrendered;
    if let Some(g) = grabbed_by(ctx.s, c) {
        release(ctx, g);
    }
    let z = ctx.s.characters[c].zone;
    let held: Vec<ItemId> = ctx.s.held(c).collect();
    for i in held {
        if ctx.s.items[i].weapon().is_some() {
            ctx.s.put_item(i, Location::Ground(z));
        }
    }
    ctx.say(
        EventKind::StatusChanged {
            character: c,
            status: Status::Surrendered,
        },
        later(|| Line::new("zones-surrenders").who("who", c)),
    );
}

/// A hold does not reach into another zone: whoever was moved away from the one holding them,
/// or whose holder was moved away (driven back, or dragged off while holding someone), is free.
pub fn release_across_zones(ctx: &mut Ctx) {
    let loose: Vec<CharacterId> = (0..ctx.s.characters.len())
        .filter(|&c| {
            ctx.s.characters[c]
                .grabbed_by
                .is_some_and(|g| ctx.s.characters[g].zone != ctx.s.characters[c].zone)
        })
        .collect();
    for c in loose {
        release(ctx, c);
    }
}

/// Moves a character into a zone; sneaking characters who end up in front of an enemy in the
/// open are seen, and so are concealed characters an enemy walks in on.
pub fn place(ctx: &mut Ctx, c: CharacterId, to: ZoneId) {
    let from = ctx.s.characters[c].zone;
    ctx.s.characters[c].zone = to;
    let kind = EventKind::Moved {
        character: c,
        from,
        to,
    };
    // The log is read by both sides: it never says where a concealed character is.
    if ctx.s.characters[c].concealed {
        ctx.say(
            kind,
            later(|| Line::new("zones-moves-unseen").who("who", c)),
        );
    } else {
        ctx.say(
            kind,
            later(|| {
                Line::new("zones-moves")
                    .who("who", c)
                    .place("from", from)
                    .place("to", to)
            }),
        );
    }
    if ctx.s.zones[to].concealment {
        return;
    }
    let faction = ctx.s.characters[c].faction;
    let enemies_here: Vec<CharacterId> = (0..ctx.s.characters.len())
        .filter(|&e| {
            let ch = &ctx.s.characters[e];
            ch.zone == to && ch.faction != faction && ch.is_active()
        })
        .collect();
    if enemies_here.iter().any(|&e| !ctx.s.characters[e].concealed) {
        reveal(ctx, c, "walked-in");
    }
    if !ctx.s.characters[c].concealed {
        for e in enemies_here {
            reveal(ctx, e, "came-upon");
        }
    }
}

/// Enemies who may make an opportunity attack on the mover now.
pub fn opportunity_candidates(s: &State, f: FactionId) -> Vec<CharacterId> {
    each_opportunity_candidate(s, f).collect()
}

/// The same, one by one: whose decision it is asks only whether there is anyone, after every
/// step of a move, and needs no list for it.
fn each_opportunity_candidate(s: &State, f: FactionId) -> impl Iterator<Item = CharacterId> + '_ {
    each_in_reach(s)
        .filter(move |&(_, c)| c.faction == f)
        .map(|(i, _)| i)
}

/// The mover's enemies, of any faction, who may strike at it as it leaves: none if it can no
/// longer be reached.
fn each_in_reach(s: &State) -> impl Iterator<Item = (CharacterId, &Character)> + '_ {
    let Some(m) = &s.movement else {
        return None.into_iter().flatten();
    };
    let mover = &s.characters[m.mover];
    // A mover already driven out of the zone (by an earlier opportunity attack's stunt) is no
    // longer within reach.
    // During the ambushers' bonus turn "only they can act" (zones.sneaking).
    if !mover.is_active()
        || mover.grabbed_by.is_some()
        || mover.concealed
        || mover.zone != m.from
        || s.phase == Phase::Ambush
    {
        return None.into_iter().flatten();
    }
    let from = m.from;
    let side = mover.faction;
    Some(
        s.characters
            .iter()
            .enumerate()
            .filter(move |(_, c)| c.faction != side && c.is_active() && !c.acted && c.zone == from),
    )
    .into_iter()
    .flatten()
}

pub fn opportunity_faction(s: &State) -> Option<FactionId> {
    let m = s.movement.as_ref()?;
    // The first faction that has not declined with anyone in reach: one pass over the
    // characters, asked after every step of a move, rather than one for each faction.
    each_in_reach(s)
        .map(|(_, c)| c.faction)
        .filter(|f| !m.declined.contains(f))
        .min()
}
