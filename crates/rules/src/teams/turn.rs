//! The actions of a turn: three a turn, some ending it, some taking more than one and carried
//! into the next turn when too few are left (teams.actions, teams.extended), the free actions
//! (teams.free-actions) and an ally's commanded action (teams.command).

use super::attack;
use super::event::EventKind;
use super::grid::{adjacent, distance, move_cost};
use super::model::*;
use super::roll::{TestSpec, test_against};
use super::rounds::end_turn;
use super::{Action, Ctx};
use crate::battle::{CharacterId, RuleError};

pub const ACTIONS_PER_TURN: u8 = 3;
pub const COMMAND_FOCUS: u8 = 2;
pub const RESUSCITATE_ACTIONS: u8 = 2;
pub const SHORT_TASK_ACTIONS: u8 = 3;
pub const KILLING_STRIKE_ACTIONS: u8 = 3;

fn turn(s: &State) -> Result<Turn, RuleError> {
    s.turn
        .ok_or_else(|| RuleError::Illegal("no turn is under way".into()))
}

/// Carries out one of the turn's actions for the turn's character, or for the ally it
/// commanded, whose one action then is spent.
pub fn act(ctx: &mut Ctx, action: &Action) -> Result<(), RuleError> {
    let t = turn(ctx.s)?;
    let actor = t.actor();
    let commanded = t.command.is_some();
    if commanded && let Some(turn) = ctx.s.turn.as_mut() {
        turn.command = None;
    }
    // Only the sentences below read the name, and a quiet log writes none: no copy for it.
    let name = ctx.log.words(|| ctx.s.name(actor).to_string());
    match *action {
        Action::Attack { target, weapon } => {
            spend(ctx, 1, commanded)?;
            attack::declare(ctx, actor, weapon, target, AttackKind::Action)?;
        }
        Action::Brandish { first, second } => {
            spend(ctx, 1, commanded)?;
            brandish(ctx, actor, first, second);
        }
        Action::Command(ally) => {
            spend(ctx, 1, commanded)?;
            let ch = &mut ctx.s.characters[actor];
            ch.focus = ch.focus.saturating_sub(COMMAND_FOCUS);
            if let Some(turn) = ctx.s.turn.as_mut() {
                turn.commanded |= bit(ally);
                turn.command = Some(ally);
            }
            ctx.log.say(
                EventKind::Commanded { by: actor, ally },
                format_args!(
                    "{name} spends 2 focus to command {}, who takes one action now.",
                    ctx.s.name(ally)
                ),
            );
        }
        Action::Door(p) => {
            spend(ctx, 1, commanded)?;
            let i = ctx.s.map.index(p);
            let open = ctx.s.map.cells.get(i) == Some(&Cell::DoorClosed);
            if let Some(c) = ctx.s.map.cells.get_mut(i) {
                *c = if open {
                    Cell::DoorOpen
                } else {
                    Cell::DoorClosed
                };
            }
            ctx.say(
                EventKind::Door { at: p, open },
                format_args!(
                    "{name} {} the door at {p}.",
                    if open { "opens" } else { "closes" }
                ),
            );
        }
        Action::PickUp(i) => {
            spend(ctx, 1, commanded)?;
            let free = 2u8.saturating_sub(ctx.s.hands_used(actor));
            let it = &ctx.s.items[i];
            let from = it.location();
            let to = if it.def.hands <= free {
                Location::Hand(actor)
            } else {
                Location::Pack(actor)
            };
            ctx.s.put_item(i, to);
            let iname = ctx.s.item_name(i);
            let text = match from {
                Location::Hand(o) | Location::Pack(o) => {
                    format_args!("{name} takes the {iname} from {}.", ctx.s.name(o))
                }
                Location::Ground(_) => format_args!("{name} picks up the {iname}."),
            };
            ctx.log.say(EventKind::Gear { character: actor }, text);
        }
        Action::Guard => {
            spend(ctx, 1, commanded)?;
            ctx.s.characters[actor].guarding = true;
            ctx.say(
                EventKind::Stance { character: actor },
                format_args!("{name} guards: +1 to every defence until the next turn."),
            );
            end_turn(ctx);
        }
        Action::Move(p) | Action::Sprint(p) => {
            let sprint = matches!(action, Action::Sprint(_));
            spend(ctx, 1, commanded)?;
            if sprint {
                let ch = &mut ctx.s.characters[actor];
                ch.stamina = ch.stamina.saturating_sub(1);
            }
            if !commanded && let Some(turn) = ctx.s.turn.as_mut() {
                turn.moved = true;
            }
            // The metres are for the report alone, which a quiet play-out does not write: no
            // search for them.
            let speed = ctx.s.characters[actor].stats.speed;
            let metres = if ctx.log.quiet {
                0
            } else {
                move_cost(ctx.s, actor, speed, p).unwrap_or(0)
            };
            move_to(
                ctx,
                actor,
                p,
                metres,
                if sprint { "sprints" } else { "moves" },
            );
            attack::movement_triggers(ctx, actor)?;
        }
        Action::Ready(w) | Action::ReadyFor(w, _) => {
            spend(ctx, 1, commanded)?;
            let target = match *action {
                Action::ReadyFor(_, e) => Some(e),
                _ => None,
            };
            ctx.s.characters[actor].readied = Some(w);
            ctx.s.characters[actor].readied_for = target;
            let (s, log) = (&*ctx.s, &mut ctx.log);
            let (wn, kind) = (s.weapon_name(w), EventKind::Stance { character: actor });
            match target {
                Some(e) => log.say(
                    kind,
                    format_args!(
                        "{name} readies an attack with {wn} on {} alone, when they move within reach.",
                        s.name(e)
                    ),
                ),
                None => log.say(
                    kind,
                    format_args!(
                        "{name} readies an attack with {wn} on the first enemy to move within reach."
                    ),
                ),
            }
            end_turn(ctx);
        }
        Action::Resuscitate(p) => {
            if !ctx.s.characters[actor].prone {
                ctx.s.characters[actor].prone = true;
                ctx.log.say(
                    EventKind::Prone {
                        character: actor,
                        prone: true,
                    },
                    format_args!("{name} goes prone beside {}.", ctx.s.name(p)),
                );
            }
            start(ctx, actor, Extended::Resuscitate(p), RESUSCITATE_ACTIONS)?;
        }
        Action::SeekCover => {
            spend(ctx, 1, commanded)?;
            ctx.s.characters[actor].in_cover = true;
            ctx.say(
                EventKind::Stance { character: actor },
                format_args!(
                    "{name} takes cover: ranged attacks from beyond it have disadvantage."
                ),
            );
        }
        Action::ShortTask(k) => start(ctx, actor, Extended::ShortTask(k), SHORT_TASK_ACTIONS)?,
        Action::Reload(i) => {
            let n = reload_actions(ctx.s, i);
            start(ctx, actor, Extended::Reload(i), n)?;
        }
        Action::KillingStrike { target, weapon } => start(
            ctx,
            actor,
            Extended::KillingStrike { target, weapon },
            KILLING_STRIKE_ACTIONS,
        )?,
        Action::StandUp => {
            spend(ctx, 1, commanded)?;
            ctx.s.characters[actor].prone = false;
            ctx.say(
                EventKind::Prone {
                    character: actor,
                    prone: false,
                },
                format_args!("{name} stands up."),
            );
        }
        Action::Wait => {
            spend(ctx, 1, commanded)?;
            let ch = &mut ctx.s.characters[actor];
            ch.waited = true;
            ch.reactions = ch.reactions.saturating_add(1);
            ctx.say(
                EventKind::Stance { character: actor },
                format_args!("{name} waits: an extra reaction until the next turn."),
            );
            end_turn(ctx);
        }
        Action::Escape => {
            spend(ctx, 1, commanded)?;
            let ch = &mut ctx.s.characters[actor];
            ch.status = Status::Fled;
            let team = ch.team;
            ctx.s.teams[team].escaped = ctx.s.teams[team].escaped.saturating_add(1);
            ctx.say(
                EventKind::Status {
                    character: actor,
                    status: Status::Fled,
                },
                format_args!("{name} leaves the battle."),
            );
        }
        Action::Continue => continue_extended(ctx, actor)?,
        Action::Abandon => {
            ctx.s.characters[actor].extended = None;
            ctx.note(format_args!("{name} abandons the action under way."));
        }
        Action::DropItem(i) => {
            let at = ctx.s.characters[actor].pos;
            ctx.s.put_item(i, Location::Ground(at));
            ctx.log.say(
                EventKind::Gear { character: actor },
                format_args!("{name} drops the {} (free).", ctx.s.item_name(i)),
            );
        }
        Action::DropProne => {
            ctx.s.characters[actor].prone = true;
            ctx.say(
                EventKind::Prone {
                    character: actor,
                    prone: true,
                },
                format_args!("{name} drops prone (free)."),
            );
        }
        Action::Step(p) => {
            if let Some(turn) = ctx.s.turn.as_mut() {
                turn.stepped = true;
            }
            move_to(ctx, actor, p, 1, "steps");
            attack::movement_triggers(ctx, actor)?;
        }
        Action::EndTurn => {
            if commanded {
                ctx.note(format_args!("{name} takes no action."));
            } else {
                end_turn(ctx);
            }
        }
        _ => {
            return Err(RuleError::Illegal(format!(
                "{action:?} is not an action of a turn"
            )));
        }
    }
    Ok(())
}

pub fn bit(c: CharacterId) -> u64 {
    1u64.checked_shl(c as u32).unwrap_or(0)
}

/// Actions a reload takes: the weapon's reload, at least 1.
pub fn reload_actions(s: &State, i: ItemId) -> u8 {
    s.items
        .get(i)
        .and_then(|it| it.def.weapon.as_ref())
        .map_or(1, |w| w.reload.max(1))
}

/// Spends the turn's actions; a commanded ally's action costs the turn nothing more.
fn spend(ctx: &mut Ctx, n: u8, commanded: bool) -> Result<(), RuleError> {
    if commanded || n == 0 {
        return Ok(());
    }
    let t = turn(ctx.s)?;
    let left = t
        .actions_left
        .checked_sub(n)
        .ok_or_else(|| RuleError::Illegal("not enough actions left this turn".into()))?;
    if let Some(turn) = ctx.s.turn.as_mut() {
        turn.actions_left = left;
    }
    ctx.log.say(
        EventKind::Spent {
            character: t.owner,
            actions: n,
            left,
        },
        format_args!(
            "{} spends {n} action{} ({left} left).",
            ctx.s.name(t.owner),
            if n == 1 { "" } else { "s" }
        ),
    );
    Ok(())
}

/// Begins an action of `cost` actions: done now if the turn has them, otherwise the rest is
/// owed by the next turn (teams.extended).
fn start(ctx: &mut Ctx, who: CharacterId, what: Extended, cost: u8) -> Result<(), RuleError> {
    let t = turn(ctx.s)?;
    let commanded = t.command.is_some() || t.owner != who;
    if commanded {
        return complete(ctx, who, what);
    }
    if t.actions_left >= cost {
        spend(ctx, cost, false)?;
        return complete(ctx, who, what);
    }
    let left = t.actions_left;
    spend(ctx, left, false)?;
    let remaining = cost - left;
    ctx.s.characters[who].extended = Some(InProgress {
        action: what,
        remaining,
    });
    let name = ctx.log.words(|| ctx.s.name(who).to_string());
    let label = ctx.log.words(|| extended_label(ctx.s, what));
    ctx.say(
        EventKind::Stance { character: who },
        format_args!(
            "{name} starts to {label}: {remaining} more action{} on the next turn.",
            if remaining == 1 { "" } else { "s" }
        ),
    );
    Ok(())
}

fn continue_extended(ctx: &mut Ctx, who: CharacterId) -> Result<(), RuleError> {
    let Some(mut ip) = ctx.s.characters[who].extended else {
        return Err(RuleError::Illegal("no action is under way".into()));
    };
    let t = turn(ctx.s)?;
    let n = ip.remaining.min(t.actions_left);
    spend(ctx, n, false)?;
    ip.remaining -= n;
    if ip.remaining > 0 {
        ctx.s.characters[who].extended = Some(ip);
        return Ok(());
    }
    ctx.s.characters[who].extended = None;
    complete(ctx, who, ip.action)
}

pub fn extended_label(s: &State, what: Extended) -> String {
    match what {
        Extended::Reload(i) => format!("reload the {}", s.item_name(i)),
        Extended::Resuscitate(c) => format!("resuscitate {}", s.name(c)),
        Extended::ShortTask(k) => format!(
            "work the {}",
            s.tasks.get(k).map_or("?", |t| t.name.as_str())
        ),
        Extended::KillingStrike { target, .. } => {
            format!("deliver a killing strike to {}", s.name(target))
        }
    }
}

/// The effect of an action whose full time has passed.
fn complete(ctx: &mut Ctx, who: CharacterId, what: Extended) -> Result<(), RuleError> {
    let name = ctx.log.words(|| ctx.s.name(who).to_string());
    match what {
        Extended::Reload(i) => {
            if ctx.s.items[i].location() == Location::Hand(who) {
                ctx.s.items[i].loaded = true;
                ctx.log.say(
                    EventKind::Gear { character: who },
                    format_args!("{name} reloads the {}.", ctx.s.item_name(i)),
                );
            } else {
                ctx.note(format_args!(
                    "{name} no longer holds what was being reloaded."
                ));
            }
        }
        Extended::Resuscitate(p) => resuscitate(ctx, who, p)?,
        Extended::ShortTask(k) => short_task(ctx, who, k)?,
        Extended::KillingStrike { target, weapon } => {
            attack::killing_strike(ctx, who, target, weapon)?
        }
    }
    Ok(())
}

/// Intellect and medicine against the patient's missing health; success wakes them, with at
/// least 1 health (teams.resuscitate).
fn resuscitate(ctx: &mut Ctx, who: CharacterId, patient: CharacterId) -> Result<(), RuleError> {
    let name = ctx.log.words(|| ctx.s.name(who).to_string());
    let pn = ctx.log.words(|| ctx.s.name(patient).to_string());
    let pc = &ctx.s.characters[patient];
    if pc.status != Status::Unconscious || !adjacent(ctx.s.characters[who].pos, pc.pos) {
        ctx.note(format_args!("{name} can no longer resuscitate {pn}."));
        return Ok(());
    }
    let missing = pc.missing_health();
    let what = ctx.log.words(|| format!("{name} resuscitates {pn}"));
    let st = &ctx.s.characters[who].stats;
    let mut spec = TestSpec::new(what, "teams.resuscitate")
        .die(Some(st.intellect), "intellect")
        .die(st.medicine, "medicine");
    spec.luck = i32::from(st.luck);
    let ok = test_against(
        ctx,
        Some(who),
        &spec,
        i32::from(missing),
        format_args!("{pn}'s missing health"),
        |ok, n| {
            if ok {
                format!("{name} brings {pn} round ({n} against {missing}).")
            } else {
                format!("{name} fails to bring {pn} round ({n} against {missing}).")
            }
        },
    )?;
    if ok {
        let pc = &mut ctx.s.characters[patient];
        pc.status = Status::Active;
        pc.health = pc.health.max(1);
        ctx.say(
            EventKind::Status {
                character: patient,
                status: Status::Active,
            },
            format_args!("{pn} regains consciousness, still prone."),
        );
    }
    Ok(())
}

/// The scenario's task: its attribute and skill against its difficulty (teams.short-task).
fn short_task(ctx: &mut Ctx, who: CharacterId, k: TaskId) -> Result<(), RuleError> {
    let name = ctx.log.words(|| ctx.s.name(who).to_string());
    let Some(task) = ctx.s.tasks.get(k).cloned() else {
        return Err(RuleError::Illegal(format!("no task {k}")));
    };
    let pos = ctx.s.characters[who].pos;
    if task.done || !(pos == task.at || adjacent(pos, task.at)) {
        ctx.note(format_args!("{name} can no longer work the {}.", task.name));
        return Ok(());
    }
    let what = ctx.log.words(|| format!("{name} works the {}", task.name));
    let st = &ctx.s.characters[who].stats;
    let mut spec = TestSpec::new(what, "teams.short-task")
        .die(Some(st.attr(task.attribute)), task.attribute.label())
        .die(st.skill(task.skill), task.skill.label());
    spec.luck = i32::from(st.luck);
    let ok = test_against(
        ctx,
        Some(who),
        &spec,
        i32::from(task.difficulty),
        format_args!("the {}", task.name),
        |ok, n| {
            format!(
                "{name} {} the {} ({n} against {}).",
                if ok { "completes" } else { "fails to work" },
                task.name,
                task.difficulty
            )
        },
    )?;
    if ok {
        ctx.s.tasks[k].done = true;
        ctx.say(
            EventKind::TaskDone { task: k },
            format_args!("The {} is done.", task.name),
        );
    }
    Ok(())
}

/// Holds exactly the chosen items, stowing whatever else was in hand.
fn brandish(ctx: &mut Ctx, who: CharacterId, first: Option<ItemId>, second: Option<ItemId>) {
    let stowed: Vec<ItemId> = ctx.s.held(who).collect();
    for i in stowed {
        ctx.s.put_item(i, Location::Pack(who));
    }
    let taken = [first, second].into_iter().flatten();
    for i in taken.clone() {
        ctx.s.put_item(i, Location::Hand(who));
    }
    if ctx.log.quiet {
        return;
    }
    let names: Vec<&str> = taken.map(|i| ctx.s.item_name(i)).collect();
    let name = ctx.s.name(who);
    let text = if names.is_empty() {
        format!("{name} stows everything, hands empty.")
    } else {
        format!("{name} takes up the {}.", names.join(" and the "))
    };
    ctx.log.say(EventKind::Gear { character: who }, text);
}

/// What a movement does to the mover's place: the new square, and no cover taken there yet.
pub fn stand_at(s: &mut State, who: CharacterId, to: Pos) {
    let ch = &mut s.characters[who];
    ch.pos = to;
    ch.in_cover = false;
}

fn move_to(ctx: &mut Ctx, who: CharacterId, to: Pos, metres: u8, verb: &str) {
    let from = ctx.s.characters[who].pos;
    stand_at(ctx.s, who, to);
    let metres = if metres == 0 {
        distance(from, to)
    } else {
        metres
    };
    ctx.log.say(
        EventKind::Moved {
            character: who,
            from,
            to,
            metres,
        },
        format_args!(
            "{} {verb} from {from} to {to} ({metres} m).",
            ctx.s.characters[who].name
        ),
    );
}
