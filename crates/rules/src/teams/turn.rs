//! The actions of a turn: three a turn, some ending it, some taking more than one and carried
//! into the next turn when too few are left (teams.actions, teams.extended), the free actions
//! (teams.free-actions) and an ally's commanded action (teams.command).

use super::costs::*;
use super::describe::describe;
use super::event::{EventKind, GearChange, Noted, StanceKind};
use super::grid::{adjacent, distance, move_cost};
use super::model::*;
use super::roll::{TestSpec, test_against};
use super::rounds::end_turn;
use super::said::{later, square, weapon as with_weapon};
use super::{Action, Ctx, attack};
use crate::battle::{CharacterId, RuleError};
use crate::context::Remark;
use crate::line::Line;

fn turn(s: &State) -> Result<Turn, RuleError> {
    s.turn
        .ok_or_else(|| RuleError::Illegal(Line::new("teams-no-turn")))
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
    // A line naming the actor, built only where the log keeps it.
    let said = move |id: &'static str| later(move || Line::new(id).who("who", actor));
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
            ctx.say(
                EventKind::Commanded { by: actor, ally },
                later(move || {
                    Line::new("teams-commands")
                        .who("who", actor)
                        .number("focus", COMMAND_FOCUS)
                        .who("ally", ally)
                }),
            );
        }
        Action::Door(p) => {
            spend(ctx, 1, commanded)?;
            let i = ctx.s.map.index(p);
            let open = ctx.s.map.cells.get(i) == Some(&Cell::DoorClosed);
            ctx.s.map.set_cell(
                i,
                if open {
                    Cell::DoorOpen
                } else {
                    Cell::DoorClosed
                },
            );
            ctx.say(
                EventKind::Door { at: p, open },
                later(move || {
                    Line::new(if open {
                        "teams-opens-door"
                    } else {
                        "teams-closes-door"
                    })
                    .who("who", actor)
                    .line("at", square(p))
                }),
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
            let text = later(move || match from {
                Location::Hand(o) | Location::Pack(o) => Line::new("teams-takes-from")
                    .who("who", actor)
                    .thing("item", i)
                    .who("from", o),
                Location::Ground(_) => Line::new("teams-picks-up")
                    .who("who", actor)
                    .thing("item", i),
            });
            ctx.say(
                EventKind::Gear {
                    character: actor,
                    item: Some(i),
                    change: GearChange::PickedUp,
                },
                text,
            );
        }
        Action::Guard => {
            spend(ctx, 1, commanded)?;
            ctx.s.characters[actor].guarding = true;
            let guard = EventKind::Stance {
                character: actor,
                stance: StanceKind::Guard,
            };
            ctx.say(guard, said("teams-guards"));
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
            // The metres are for the report alone: searched only where a log keeps it.
            let speed = ctx.s.characters[actor].stats.speed;
            move_to(ctx, actor, p, if sprint { "sprint" } else { "move" }, |s| {
                move_cost(s, actor, speed, p)
            });
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
            ctx.say(
                EventKind::Stance {
                    character: actor,
                    stance: StanceKind::Ready,
                },
                later(move || {
                    let line = match target {
                        Some(e) => Line::new("teams-readies-for").who("enemy", e),
                        None => Line::new("teams-readies"),
                    };
                    with_weapon(line.who("who", actor), "weapon", w)
                }),
            );
            end_turn(ctx);
        }
        Action::Resuscitate(p) => {
            if !ctx.s.characters[actor].prone {
                ctx.s.characters[actor].prone = true;
                ctx.say(
                    EventKind::Prone {
                        character: actor,
                        prone: true,
                    },
                    later(move || {
                        Line::new("teams-prone-beside")
                            .who("who", actor)
                            .who("patient", p)
                    }),
                );
            }
            start(ctx, actor, Extended::Resuscitate(p), RESUSCITATE_ACTIONS)?;
        }
        Action::SeekCover => {
            spend(ctx, 1, commanded)?;
            ctx.s.characters[actor].in_cover = true;
            ctx.say(
                EventKind::Stance {
                    character: actor,
                    stance: StanceKind::Cover,
                },
                said("teams-takes-cover"),
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
                said("teams-stands-up"),
            );
        }
        Action::Wait => {
            spend(ctx, 1, commanded)?;
            let ch = &mut ctx.s.characters[actor];
            ch.waited = true;
            ch.reactions = ch.reactions.saturating_add(1);
            let wait = EventKind::Stance {
                character: actor,
                stance: StanceKind::Wait,
            };
            ctx.say(wait, said("teams-waits"));
            end_turn(ctx);
        }
        Action::Escape => {
            spend(ctx, 1, commanded)?;
            let ch = &mut ctx.s.characters[actor];
            ch.status = Status::Fled;
            let team = ch.team;
            ctx.s.restand(actor);
            ctx.s.teams[team].escaped = ctx.s.teams[team].escaped.saturating_add(1);
            ctx.say(
                EventKind::Status {
                    character: actor,
                    status: Status::Fled,
                },
                said("teams-leaves"),
            );
        }
        Action::Continue => continue_extended(ctx, actor)?,
        Action::Abandon => {
            ctx.s.characters[actor].extended = None;
            ctx.say(Noted::Abandoned.about(actor), said("teams-abandons"));
        }
        Action::DropItem(i) => {
            let at = ctx.s.characters[actor].pos;
            ctx.s.put_item(i, Location::Ground(at));
            ctx.say(
                EventKind::Gear {
                    character: actor,
                    item: Some(i),
                    change: GearChange::Dropped,
                },
                later(move || Line::new("teams-drops").who("who", actor).thing("item", i)),
            );
        }
        Action::DropProne => {
            ctx.s.characters[actor].prone = true;
            ctx.say(
                EventKind::Prone {
                    character: actor,
                    prone: true,
                },
                said("teams-drops-prone"),
            );
        }
        Action::Step(p) => {
            if let Some(turn) = ctx.s.turn.as_mut() {
                turn.stepped = true;
            }
            move_to(ctx, actor, p, "step", |_| Some(1));
            attack::movement_triggers(ctx, actor)?;
        }
        Action::EndTurn => {
            if commanded {
                ctx.say(
                    Noted::TookNoAction.about(actor),
                    said("teams-takes-no-action"),
                );
            } else {
                end_turn(ctx);
            }
        }
        _ => {
            return Err(RuleError::Illegal(
                Line::new("rule-not-a-turn-action").line("action", describe(ctx.s, action)),
            ));
        }
    }
    Ok(())
}

pub fn bit(c: CharacterId) -> u64 {
    1u64.checked_shl(c as u32).unwrap_or(0)
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
        .ok_or_else(|| RuleError::Illegal(Line::new("teams-no-actions-left")))?;
    if let Some(turn) = ctx.s.turn.as_mut() {
        turn.actions_left = left;
    }
    ctx.say(
        EventKind::Spent {
            character: t.owner,
            actions: n,
            left,
        },
        later(move || {
            Line::new("teams-spends")
                .who("who", t.owner)
                .number("actions", n)
                .number("left", left)
        }),
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
    let s = &*ctx.s;
    ctx.log.say(
        EventKind::Stance {
            character: who,
            stance: StanceKind::Extended,
        },
        later(|| {
            Line::new("teams-starts")
                .who("who", who)
                .line("what", extended_label(s, what))
                .number("actions", remaining)
        }),
    );
    Ok(())
}

fn continue_extended(ctx: &mut Ctx, who: CharacterId) -> Result<(), RuleError> {
    let Some(mut ip) = ctx.s.characters[who].extended else {
        return Err(RuleError::Illegal(Line::new("teams-no-action-under-way")));
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

/// A task's name, as the scenario gives it.
fn task_name(s: &State, k: TaskId) -> String {
    s.tasks.get(k).map_or("?", |t| t.name.as_str()).to_string()
}

/// An action that takes more than one, as "starts to ..." and "owes 2 actions to ..." name it.
pub fn extended_label(s: &State, what: Extended) -> Line {
    match what {
        Extended::Reload(i) => Line::new("teams-extended-reload").thing("item", i),
        Extended::Resuscitate(c) => Line::new("teams-extended-resuscitate").who("patient", c),
        Extended::ShortTask(k) => Line::new("teams-extended-task").name("task", task_name(s, k)),
        Extended::KillingStrike { target, .. } => {
            Line::new("teams-extended-killing-strike").who("target", target)
        }
    }
}

/// The effect of an action whose full time has passed.
fn complete(ctx: &mut Ctx, who: CharacterId, what: Extended) -> Result<(), RuleError> {
    match what {
        Extended::Reload(i) => {
            if ctx.s.items[i].location() == Location::Hand(who) {
                ctx.s.items[i].loaded = true;
                ctx.say(
                    EventKind::Gear {
                        character: who,
                        item: Some(i),
                        change: GearChange::Reloaded,
                    },
                    later(move || Line::new("teams-reloads").who("who", who).thing("item", i)),
                );
            } else {
                ctx.say(
                    Noted::ReloadLost.about(who),
                    later(move || Line::new("teams-reload-lost").who("who", who)),
                );
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
    let both = move |id: &'static str| Line::new(id).who("who", who).who("patient", patient);
    let pc = &ctx.s.characters[patient];
    if pc.status != Status::Unconscious || !adjacent(ctx.s.characters[who].pos, pc.pos) {
        ctx.say(
            Noted::CannotResuscitate.about(who),
            later(move || both("teams-cannot-resuscitate")),
        );
        return Ok(());
    }
    let missing = pc.missing_health();
    let said = ctx.log.line(|| both("teams-resuscitate-test"));
    let st = &ctx.s.characters[who].stats;
    let mut spec = TestSpec::new("teams.resuscitate")
        .said(said)
        .die(Some(st.intellect), "intellect")
        .die(st.medicine, "medicine");
    spec.luck = i32::from(st.luck);
    let ok = test_against(
        ctx,
        Some(who),
        &spec,
        i32::from(missing),
        || Line::new("teams-against-patient-missing-health").who("patient", patient),
        |ok, n| {
            both(if ok {
                "teams-brings-round"
            } else {
                "teams-fails-to-bring-round"
            })
            .number("total", n)
            .number("missing", missing)
        },
    )?;
    if ok {
        let pc = &mut ctx.s.characters[patient];
        pc.status = Status::Active;
        pc.health = pc.health.max(1);
        ctx.s.restand(patient);
        ctx.say(
            EventKind::Status {
                character: patient,
                status: Status::Active,
            },
            later(move || Line::new("teams-regains-consciousness").who("who", patient)),
        );
    }
    Ok(())
}

/// The scenario's task: its attribute and skill against its difficulty (teams.short-task).
fn short_task(ctx: &mut Ctx, who: CharacterId, k: TaskId) -> Result<(), RuleError> {
    let Some(task) = ctx.s.tasks.get(k).cloned() else {
        return Err(RuleError::Illegal(
            Line::new("teams-no-task").number("task", k as i64),
        ));
    };
    let on_task = |id: &'static str| Line::new(id).name("task", task.name.clone());
    let pos = ctx.s.characters[who].pos;
    if task.done || !(pos == task.at || adjacent(pos, task.at)) {
        ctx.say(
            Noted::CannotWork.about(who),
            later(|| on_task("teams-cannot-work").who("who", who)),
        );
        return Ok(());
    }
    let said = ctx.log.line(|| on_task("teams-task-test").who("who", who));
    let st = &ctx.s.characters[who].stats;
    let mut spec = TestSpec::new("teams.short-task")
        .said(said)
        .die(Some(st.attr(task.attribute)), task.attribute.label())
        .die(st.skill(task.skill), task.skill.label());
    spec.luck = i32::from(st.luck);
    let ok = test_against(
        ctx,
        Some(who),
        &spec,
        i32::from(task.difficulty),
        || on_task("teams-against-task"),
        |ok, n| {
            on_task(if ok {
                "teams-completes-task"
            } else {
                "teams-fails-task"
            })
            .who("who", who)
            .number("total", n)
            .number("difficulty", task.difficulty)
        },
    )?;
    if ok {
        ctx.s.tasks[k].done = true;
        ctx.say(
            EventKind::TaskDone { task: k },
            later(|| on_task("teams-task-done")),
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
    let mut taken = [first, second].into_iter().flatten();
    for i in taken.clone() {
        ctx.s.put_item(i, Location::Hand(who));
    }
    let text = later(move || match (taken.next(), taken.next()) {
        (None, _) => Line::new("teams-stows-everything").who("who", who),
        (Some(i), None) => Line::new("teams-takes-up").who("who", who).thing("item", i),
        (Some(i), Some(j)) => Line::new("teams-takes-up-both")
            .who("who", who)
            .thing("first", i)
            .thing("second", j),
    });
    let kind = EventKind::Gear {
        character: who,
        item: first.or(second),
        change: GearChange::Brandished,
    };
    ctx.say(kind, text);
}

/// What a movement does to the mover's place: the new square, and no cover taken there yet.
pub fn stand_at(s: &mut State, who: CharacterId, to: Pos) {
    s.place(who, to);
    s.characters[who].in_cover = false;
}

/// `how` the mover goes: "move", "sprint" or "step"; `metres` what it costs from where it stands
/// (its distance where that is not known).
fn move_to(
    ctx: &mut Ctx,
    who: CharacterId,
    to: Pos,
    how: &'static str,
    metres: impl FnOnce(&State) -> Option<u8>,
) {
    let from = ctx.s.characters[who].pos;
    let before = &*ctx.s;
    ctx.log.tell(|| {
        let metres = metres(before).unwrap_or_else(|| distance(from, to));
        let line = Line::new("teams-moves")
            .who("who", who)
            .word("how", how)
            .line("from", square(from))
            .line("to", square(to))
            .number("metres", metres);
        let kind = EventKind::Moved {
            character: who,
            from,
            to,
            metres,
        };
        (kind, line)
    });
    stand_at(ctx.s, who, to);
}
