//! A character's turn: moving a zone, bonus actions, the main action; and opportunity attacks
//! on characters moving away from enemies.

use super::action::Action;
use super::describe::describe;
use super::event::{EventKind, GearChange, Noted};
use super::model::*;
use super::position::*;
use super::rounds::end_turn;
use super::said::{SaveFor, later};
use super::{Ctx, attack};
use crate::battle::{CharacterId, RuleError};
use crate::context::Remark;
use crate::explain::Explanation;
use crate::line::Line;

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
        Action::EndTurn => end_turn(ctx),
        Action::TimedOut => {
            ctx.say(
                Noted::TimedOut.about(c),
                later(|| Line::new("zones-timed-out").who("who", c)),
            );
            end_turn(ctx);
        }
        Action::Surrender => {
            surrender(ctx, c);
            end_turn(ctx);
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
            ctx.s.put_item(*i, to);
            let into = if to == Location::Hand(c) {
                "hand"
            } else {
                "pack"
            };
            ctx.say(
                GearChange::PickedUp.of(c, *i),
                later(|| {
                    Line::new("zones-picks-up")
                        .who("who", c)
                        .thing("item", *i)
                        .word("into", into)
                }),
            );
        }
        Action::PutDown(i) => {
            let z = ctx.s.characters[c].zone;
            ctx.s.put_item(*i, Location::Ground(z));
            ctx.say(
                GearChange::PutDown.of(c, *i),
                later(|| Line::new("zones-puts-down").who("who", c).thing("item", *i)),
            );
        }
        Action::Equip(i) => {
            ctx.s.put_item(*i, Location::Hand(c));
            ctx.say(
                GearChange::Readied.of(c, *i),
                later(|| Line::new("zones-readies").who("who", c).thing("item", *i)),
            );
        }
        Action::Unequip(i) => {
            ctx.s.put_item(*i, Location::Pack(c));
            ctx.say(
                GearChange::Stowed.of(c, *i),
                later(|| Line::new("zones-stows").who("who", c).thing("item", *i)),
            );
        }
        Action::Use(i) => use_item(ctx, c, *i)?,
        Action::Interact(f) => interact(ctx, c, *f)?,
        Action::Speak => {
            ctx.say(
                Noted::CalledOut.about(c),
                later(|| Line::new("zones-calls-out").who("who", c)),
            );
            reveal(ctx, c, "spoke");
        }
        Action::Hide => {
            ctx.s.characters[c].concealed = true;
            ctx.say(
                EventKind::Hidden { character: c },
                later(|| Line::new("zones-hides").who("who", c)),
            );
        }
        Action::Shove { to, into_hazard } => shove(ctx, c, *to, *into_hazard)?,
        Action::BreakFree => {
            let pass = ctx.save(c, Attribute::Str, SaveFor::BreakFree, "zones.grapple")?;
            if pass {
                release(ctx, c);
            }
        }
        other => {
            return Err(RuleError::Illegal(
                Line::new("rule-not-a-turn-action").line("action", describe(ctx.s, other)),
            ));
        }
    }
    Ok(())
}

fn use_item(ctx: &mut Ctx, c: CharacterId, i: ItemId) -> Result<(), RuleError> {
    let ItemKind::Consumable(kind) = ctx.s.items[i].kind else {
        return Err(RuleError::Illegal(
            Line::new("zones-not-consumable").thing("item", i),
        ));
    };
    ctx.s.put_item(i, Location::Gone);
    match kind {
        Consumable::Heal(die) => {
            let why = ctx
                .log
                .line(|| Line::new("zones-roll-item").who("who", c).thing("item", i));
            let r = ctx.roll(die, &why, "zones.bonus-actions")?;
            let ch = &mut ctx.s.characters[c];
            let before = ch.health;
            ch.health = ch.health.saturating_add(r.value).min(ch.max_health);
            let health = ch.health;
            ctx.log.explain(|| {
                let what = Line::new("zones-drinks").who("who", c).thing("item", i);
                let mut e = Explanation::new(what, "zones.bonus-actions");
                e.dice.push(r);
                e.total = i32::from(r.value);
                e.outcome = Line::new("zones-heal-outcome")
                    .number("before", before)
                    .number("after", health);
                let text = Line::new("zones-heals")
                    .who("who", c)
                    .thing("item", i)
                    .number("n", health - before);
                (
                    EventKind::Healed {
                        character: c,
                        health,
                    },
                    text,
                    e,
                )
            });
        }
        Consumable::Antidote => {
            ctx.s.characters[c].poisoned = None;
            ctx.say(
                GearChange::Drunk.of(c, i),
                later(|| Line::new("zones-antidote").who("who", c).thing("item", i)),
            );
        }
        Consumable::Poison(die) => {
            ctx.s.characters[c].coated = Some(die);
            ctx.say(
                GearChange::Coated.of(c, i),
                later(|| {
                    Line::new("zones-coats")
                        .who("who", c)
                        .thing("item", i)
                        .number("sides", die.sides)
                }),
            );
        }
    }
    Ok(())
}

fn interact(ctx: &mut Ctx, c: CharacterId, f: FixtureId) -> Result<(), RuleError> {
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
            ctx.say(
                Noted::Passage.about(c),
                later(|| {
                    Line::new("zones-passage")
                        .who("who", c)
                        .word("was", if open { "open" } else { "shut" })
                        .name("fixture", fixture.name)
                        .place("a", a)
                        .place("b", b)
                }),
            );
        }
        FixtureEffect::Trap(z) => {
            ctx.say(
                Noted::TrapSprung.about(c),
                later(|| {
                    Line::new("zones-works")
                        .who("who", c)
                        .name("fixture", fixture.name)
                }),
            );
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
        return Err(RuleError::Illegal(Line::new("zones-nobody-held")));
    };
    release(ctx, g);
    ctx.say(
        Noted::Shoved.about(c),
        later(|| Line::new("zones-shoves").who("who", c).who("held", g)),
    );
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
            let mover = ctx.s.movement.as_ref().expect("move").mover;
            ctx.say(
                EventKind::Reaction {
                    character: decl.attacker,
                },
                later(|| {
                    Line::new("zones-opportunity-attack")
                        .who("who", decl.attacker)
                        .who("mover", mover)
                }),
            );
            attack::declare(ctx, *decl, true, false)
        }
        _ => Err(RuleError::Illegal(Line::new("rule-not-this-decision"))),
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
        ctx.say(
            Noted::HeldFast.about(m.mover),
            later(|| Line::new("zones-held-fast").who("who", m.mover)),
        );
        return Ok(());
    }
    if mover.zone != m.from {
        // Driven back by an opportunity attack's stunt: the move ends where they were driven.
        ctx.say(
            Noted::DrivenBack.about(m.mover),
            later(|| Line::new("zones-driven-back").who("who", m.mover)),
        );
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
