//! A character's turn: moving a zone, bonus actions, the main action; and opportunity attacks
//! on characters moving away from enemies.

use super::Ctx;
use super::action::Action;
use super::attack;
use super::event::EventKind;
use super::flow;
use super::model::*;
use crate::battle::{CharacterId, FactionId, RuleError};
use crate::explain::Explanation;

fn active_turn(s: &State) -> CharacterId {
    s.turn.as_ref().expect("a turn is in progress").character
}

/// Whether an action spends the main action, a bonus action, or neither.
pub enum Cost {
    Main,
    Bonus,
    Free,
}

pub fn cost(s: &State, action: &Action) -> Cost {
    match action {
        Action::Attack(_) | Action::Hide | Action::Shove { .. } | Action::BreakFree => Cost::Main,
        Action::Interact(f) if s.fixtures[*f].complex => Cost::Main,
        Action::PickUp(_)
        | Action::PutDown(_)
        | Action::Equip(_)
        | Action::Unequip(_)
        | Action::Use(_)
        | Action::Interact(_)
        | Action::Speak => Cost::Bonus,
        _ => Cost::Free,
    }
}

/// Whether the turn has nothing left but ending it.
/// A grab lasts while the grabber keeps doing only what keeps hold: moving with the grabbed,
/// attacking them, shoving them, ending the turn.
fn keeps_hold(s: &State, c: CharacterId, action: &Action) -> bool {
    match action {
        // Running out of time is doing nothing, as ending the turn is (zones.chaos).
        Action::Move(_) | Action::EndTurn | Action::TimedOut | Action::Shove { .. } => true,
        Action::Attack(d) => {
            matches!(d.target, Target::Character(t) if s.characters[t].grabbed_by == Some(c))
        }
        _ => false,
    }
}

pub fn release(ctx: &mut Ctx, grabbed: CharacterId) {
    if ctx.s.characters[grabbed].grabbed_by.take().is_some() {
        let name = ctx.s.name(grabbed).to_string();
        ctx.say(
            EventKind::Freed { character: grabbed },
            format_args!("{name} is no longer held."),
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

pub fn reveal(ctx: &mut Ctx, c: CharacterId, how: &str) {
    if ctx.s.characters[c].concealed {
        ctx.s.characters[c].concealed = false;
        let name = ctx.s.name(c).to_string();
        ctx.say(
            EventKind::Revealed { character: c },
            format_args!("{name} is revealed: {how}."),
        );
    }
}

/// Turn actions.
pub fn act(ctx: &mut Ctx, action: &Action) -> Result<(), RuleError> {
    let c = active_turn(ctx.s);
    if let Some(g) = grabbed_by(ctx.s, c)
        && !keeps_hold(ctx.s, c, action)
    {
        release(ctx, g);
    }
    if *action != Action::EndTurn
        && let Some(t) = ctx.s.turn.as_mut()
    {
        t.acted_at_all = true;
    }
    match cost(ctx.s, action) {
        Cost::Main => ctx.s.turn.as_mut().expect("turn").main_used = true,
        Cost::Bonus => ctx.s.turn.as_mut().expect("turn").bonus_used += 1,
        Cost::Free => {}
    }
    match action {
        Action::EndTurn => flow::end_turn(ctx),
        Action::TimedOut => {
            ctx.log.note(format_args!(
                "{} did not declare in time and does nothing this turn (chaos of combat).",
                ctx.s.name(c)
            ));
            flow::end_turn(ctx);
        }
        Action::Surrender => {
            surrender(ctx, c);
            flow::end_turn(ctx);
        }
        Action::Move(to) => begin_move(ctx, c, *to)?,
        Action::Attack(decl) => {
            let moving = ctx.s.turn.as_ref().is_some_and(|t| t.moved);
            attack::declare(ctx, *decl, false, moving)?;
        }
        Action::PickUp(i) => {
            let it = &ctx.s.items[*i];
            let free = 2u8.saturating_sub(ctx.s.hands_used(c));
            let to = if it.hands() <= free {
                Location::Hand(c)
            } else {
                Location::Pack(c)
            };
            ctx.s.items[*i].location = to;
            let where_ = if to == Location::Hand(c) {
                "in hand"
            } else {
                "into the pack"
            };
            ctx.log.note(format_args!(
                "{} picks up the {} ({where_}).",
                ctx.s.name(c),
                ctx.s.items[*i].name
            ));
        }
        Action::PutDown(i) => {
            let z = ctx.s.characters[c].zone;
            ctx.s.items[*i].location = Location::Ground(z);
            ctx.log.note(format_args!(
                "{} puts down the {}.",
                ctx.s.name(c),
                ctx.s.items[*i].name
            ));
        }
        Action::Equip(i) => {
            ctx.s.items[*i].location = Location::Hand(c);
            ctx.log.note(format_args!(
                "{} readies the {}.",
                ctx.s.name(c),
                ctx.s.items[*i].name
            ));
        }
        Action::Unequip(i) => {
            ctx.s.items[*i].location = Location::Pack(c);
            ctx.log.note(format_args!(
                "{} stows the {}.",
                ctx.s.name(c),
                ctx.s.items[*i].name
            ));
        }
        Action::Use(i) => use_item(ctx, c, *i)?,
        Action::Interact(f) => interact(ctx, c, *f)?,
        Action::Speak => {
            ctx.log.note(format_args!("{} calls out.", ctx.s.name(c)));
            reveal(ctx, c, "they spoke");
        }
        Action::Hide => {
            ctx.s.characters[c].concealed = true;
            ctx.log.say(
                EventKind::Hidden { character: c },
                format_args!("{} slips out of sight and is concealed.", ctx.s.name(c)),
            );
        }
        Action::Shove { to, into_hazard } => shove(ctx, c, *to, *into_hazard)?,
        Action::BreakFree => {
            let pass = ctx.save(c, Attribute::Str, "to break free", "zones.grapple")?;
            if pass {
                release(ctx, c);
            }
        }
        other => {
            return Err(RuleError::Illegal(format!(
                "{other:?} is not a turn action"
            )));
        }
    }
    Ok(())
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
            ctx.s.items[i].location = Location::Ground(z);
        }
    }
    let name = ctx.s.name(c).to_string();
    ctx.say(
        EventKind::StatusChanged {
            character: c,
            status: Status::Surrendered,
        },
        format_args!("{name} throws down their weapons and surrenders."),
    );
}

fn use_item(ctx: &mut Ctx, c: CharacterId, i: ItemId) -> Result<(), RuleError> {
    let name = ctx.s.name(c).to_string();
    let item = ctx.s.items[i].name.clone();
    let ItemKind::Consumable(kind) = ctx.s.items[i].kind else {
        return Err(RuleError::Illegal(format!("the {item} is not consumable")));
    };
    ctx.s.items[i].location = Location::Gone;
    match kind {
        Consumable::Heal(die) => {
            let r = ctx.roll(die, &format!("{name}'s {item}"), "zones.bonus-actions")?;
            let ch = &mut ctx.s.characters[c];
            let before = ch.health;
            ch.health = ch.health.saturating_add(r.value).min(ch.max_health);
            let health = ch.health;
            let mut e =
                Explanation::new(format!("{name} drinks the {item}"), "zones.bonus-actions");
            e.dice.push(r);
            e.total = i32::from(r.value);
            e.outcome = format!("health {before} to {health}");
            ctx.explained(
                EventKind::Healed {
                    character: c,
                    health,
                },
                format_args!(
                    "{name} uses the {item} and recovers {} health.",
                    health - before
                ),
                e,
            );
        }
        Consumable::Antidote => {
            ctx.s.characters[c].poisoned = None;
            ctx.note(format_args!("{name} takes the {item}: no longer poisoned."));
        }
        Consumable::Poison(die) => {
            ctx.s.characters[c].coated = Some(die);
            ctx.note(format_args!(
                "{name} coats their weapons with the {item}: the next wound they deal poisons ({die} each round)."
            ));
        }
    }
    Ok(())
}

fn interact(ctx: &mut Ctx, c: CharacterId, f: FixtureId) -> Result<(), RuleError> {
    let name = ctx.s.name(c).to_string();
    let fixture = ctx.s.fixtures[f].clone();
    match fixture.effect {
        FixtureEffect::Passage(a, b) => {
            let open = ctx.s.zones[a].neighbours.contains(&b);
            if open {
                ctx.s.zones[a].neighbours.retain(|&z| z != b);
                ctx.s.zones[b].neighbours.retain(|&z| z != a);
            } else {
                ctx.s.zones[a].neighbours.push(b);
                ctx.s.zones[b].neighbours.push(a);
            }
            let (za, zb) = (ctx.s.zones[a].name.clone(), ctx.s.zones[b].name.clone());
            ctx.note(format_args!(
                "{name} {} the {}: the way between {za} and {zb} is now {}.",
                if open { "shuts" } else { "opens" },
                fixture.name,
                if open { "closed" } else { "open" }
            ));
        }
        FixtureEffect::Trap(z) => {
            ctx.note(format_args!("{name} works the {}.", fixture.name));
            let Some(h) = ctx.s.zones[z].hazard.clone() else {
                return Ok(());
            };
            let victims: Vec<CharacterId> = (0..ctx.s.characters.len())
                .filter(|&v| ctx.s.characters[v].zone == z && ctx.s.characters[v].is_active())
                .collect();
            for v in victims {
                attack::hazard_damage(ctx, v, &h, Some(c))?;
            }
        }
    }
    Ok(())
}

fn shove(
    ctx: &mut Ctx,
    c: CharacterId,
    to: Option<ZoneId>,
    into_hazard: bool,
) -> Result<(), RuleError> {
    let Some(g) = grabbed_by(ctx.s, c) else {
        return Err(RuleError::Illegal("nobody is held to shove".into()));
    };
    release(ctx, g);
    let name = ctx.s.name(c).to_string();
    let gname = ctx.s.name(g).to_string();
    ctx.note(format_args!("{name} shoves {gname}."));
    if into_hazard {
        let z = ctx.s.characters[g].zone;
        if let Some(h) = ctx.s.zones[z].hazard.clone() {
            attack::hazard_damage(ctx, g, &h, Some(c))?;
        }
    }
    if let Some(to) = to
        && matches!(
            ctx.s.characters[g].status,
            Status::Active | Status::Surrendered
        )
    {
        place(ctx, g, to);
        release_across_zones(ctx);
    }
    Ok(())
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
    let (s, log) = (&*ctx.s, &mut ctx.log);
    let name = s.name(c);
    let kind = EventKind::Moved {
        character: c,
        from,
        to,
    };
    if s.characters[c].concealed {
        log.say(kind, format_args!("{name} moves, unseen."));
    } else {
        let (from, to) = (s.zone_name(from), s.zone_name(to));
        log.say(kind, format_args!("{name} moves from {from} to {to}."));
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
        reveal(ctx, c, "they walked right in front of the enemy");
    }
    if !ctx.s.characters[c].concealed {
        for e in enemies_here {
            reveal(ctx, e, "an enemy came upon them in the open");
        }
    }
}

fn begin_move(ctx: &mut Ctx, c: CharacterId, to: ZoneId) -> Result<(), RuleError> {
    ctx.s.turn.as_mut().expect("turn").moved = true;
    let from = ctx.s.characters[c].zone;
    ctx.s.movement = Some(MoveState {
        mover: c,
        from,
        to,
        declined: Vec::new(),
    });
    ctx.s.stage = Stage::Opportunity;
    if opportunity_faction(ctx.s).is_none() {
        finish_move(ctx)?;
    }
    Ok(())
}

/// Enemies who may make an opportunity attack on the mover now.
pub fn opportunity_candidates(s: &State, f: FactionId) -> Vec<CharacterId> {
    let Some(m) = &s.movement else {
        return Vec::new();
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
        return Vec::new();
    }
    s.characters
        .iter()
        .enumerate()
        .filter(|(_, c)| {
            c.faction == f
                && c.faction != mover.faction
                && c.is_active()
                && !c.acted
                && c.zone == m.from
        })
        .map(|(i, _)| i)
        .collect()
}

pub fn opportunity_faction(s: &State) -> Option<FactionId> {
    let m = s.movement.as_ref()?;
    (0..s.factions.len())
        .find(|f| !m.declined.contains(f) && !opportunity_candidates(s, *f).is_empty())
}

pub fn opportunity(ctx: &mut Ctx, action: &Action) -> Result<(), RuleError> {
    match action {
        Action::DeclineOpportunity => {
            let f = opportunity_faction(ctx.s).expect("a faction decides");
            ctx.s
                .movement
                .as_mut()
                .expect("a move is under way")
                .declined
                .push(f);
            Ok(())
        }
        Action::OpportunityAttack(decl) => {
            let aim = match decl.target {
                Target::Character(t) => Some(t),
                Target::Zone(_) => None,
            };
            let_go_unless_at(ctx, decl.attacker, aim);
            ctx.s.characters[decl.attacker].acted = true;
            let name = ctx.s.name(decl.attacker).to_string();
            let target = ctx
                .s
                .name(ctx.s.movement.as_ref().expect("move").mover)
                .to_string();
            ctx.say(
                EventKind::Reaction {
                    character: decl.attacker,
                },
                format_args!(
                    "{name} strikes at {target}, who is moving away (opportunity attack)."
                ),
            );
            attack::declare(ctx, *decl, true, false)
        }
        _ => Err(RuleError::Illegal("not an opportunity decision".into())),
    }
}

/// The mover's interrupted move goes on, unless the opportunity attacks stopped them.
pub fn finish_move(ctx: &mut Ctx) -> Result<(), RuleError> {
    let Some(m) = ctx.s.movement.take() else {
        ctx.s.stage = Stage::Turn;
        return Ok(());
    };
    ctx.s.stage = Stage::Turn;
    let mover = &ctx.s.characters[m.mover];
    if !mover.is_active() {
        return Ok(());
    }
    if mover.grabbed_by.is_some() {
        let name = ctx.s.name(m.mover).to_string();
        ctx.note(format_args!("{name} is held fast and cannot move on."));
        return Ok(());
    }
    if mover.zone != m.from {
        // Driven back by an opportunity attack's stunt: the move ends where they were driven.
        let name = ctx.s.name(m.mover).to_string();
        ctx.note(format_args!("{name} was driven back and cannot move on."));
        return Ok(());
    }
    let dragged = grabbed_by(ctx.s, m.mover);
    place(ctx, m.mover, m.to);
    if let Some(g) = dragged {
        place(ctx, g, m.to);
    }
    release_across_zones(ctx);
    Ok(())
}
