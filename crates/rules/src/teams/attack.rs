//! An attack from declaration to damage: an ally's intercept, the attack test with its luck
//! die, a stray shot, the target's defensive reaction, damage through deflection or a shield,
//! and the readied attacks a movement sets off (teams.attacks and what follows it).

use super::describe::describe;
use super::event::{Noted, ReactionKind};
use super::grid::adjacent;
use super::harm::{self, DefenceTest, defence_test, spend_reaction};
use super::model::*;
use super::roll::{TestResult, TestSpec, roll_test, test_against};
use super::said::{later, square, weapon as with_weapon};
use super::targeting::{Figures, can_attack, can_kill, figures};
use super::why::Why;
use super::{Action, Ctx, EventKind};
use crate::battle::{CharacterId, RuleError};
use crate::context::Remark;
use crate::dice::Die;
use crate::explain::Explanation;
use crate::line::Line;

fn attack_state(s: &State) -> Result<AttackState, RuleError> {
    s.attack
        .ok_or_else(|| RuleError::Illegal(Line::new("teams-no-attack")))
}

/// Begins an attack; it runs until someone must decide something, or to its end.
pub fn declare(
    ctx: &mut Ctx,
    attacker: CharacterId,
    weapon: WeaponRef,
    target: CharacterId,
    kind: AttackKind,
) -> Result<(), RuleError> {
    let Some(ranged) = can_attack(ctx.s, attacker, weapon, target) else {
        let line = Line::new("teams-cannot-attack")
            .who("attacker", attacker)
            .who("target", target);
        return Err(RuleError::Illegal(with_weapon(line, "weapon", weapon)));
    };
    let thrown = ctx.s.weapon(weapon).is_some_and(|w| w.thrown);
    let text = later(move || {
        let id = match (kind, ranged) {
            (AttackKind::AfterKillingStrike, _) => "teams-sneak-attack",
            (_, true) if thrown => "teams-throws",
            (_, true) => "teams-shoots",
            (_, false) => "teams-attacks",
        };
        let line = Line::new(id)
            .who("attacker", attacker)
            .who("target", target);
        with_weapon(line, "weapon", weapon)
    });
    ctx.say(EventKind::Attack { attacker, target }, text);
    ctx.s.attack = Some(AttackState {
        attacker,
        weapon,
        target,
        ranged,
        kind,
        free_defence: false,
        roll: None,
        defence: None,
    });
    if kind != AttackKind::AfterKillingStrike && !intercept_candidates(ctx.s).is_empty() {
        ctx.s.stage = Stage::Intercept;
        return Ok(());
    }
    roll(ctx)
}

/// Allies next to the target who could step in: conscious, on their feet, with a reaction
/// and a point of stamina (teams.intercept).
pub fn intercept_candidates(s: &State) -> Vec<CharacterId> {
    let Some(a) = s.attack else {
        return Vec::new();
    };
    let t = &s.characters[a.target];
    s.characters
        .iter()
        .enumerate()
        .filter(|&(c, ch)| {
            c != a.target
                && c != a.attacker
                && ch.team == t.team
                && s.can_react(c)
                && ch.stamina >= 1
                && !ch.prone
                && adjacent(ch.pos, t.pos)
        })
        .map(|(c, _)| c)
        .collect()
}

/// The target's team decided whether an ally intercepts.
pub fn intercept(ctx: &mut Ctx, by: Option<CharacterId>) -> Result<(), RuleError> {
    let mut a = attack_state(ctx.s)?;
    if let Some(ally) = by {
        spend_reaction(ctx, ally, ReactionKind::Intercept, false);
        let s = &mut *ctx.s;
        s.characters[ally].stamina = s.characters[ally].stamina.saturating_sub(1);
        let (from, to) = (s.characters[ally].pos, s.characters[a.target].pos);
        s.swap_places(ally, a.target);
        s.characters[ally].in_cover = false;
        s.characters[a.target].in_cover = false;
        let target = a.target;
        ctx.say(
            EventKind::Moved {
                character: ally,
                from,
                to,
                metres: 1,
            },
            later(move || {
                Line::new("teams-intercepts")
                    .who("ally", ally)
                    .who("target", target)
            }),
        );
        ctx.say(
            EventKind::Moved {
                character: a.target,
                from: to,
                to: from,
                metres: 1,
            },
            later(move || {
                Line::new("teams-displaced")
                    .who("who", target)
                    .line("to", square(from))
            }),
        );
        a.target = ally;
        a.free_defence = true;
        ctx.s.attack = Some(a);
    }
    roll(ctx)
}

/// The attack test against evasion (teams.attacks), with its luck die (teams.critical) and a
/// stray shot on a luck roll of 1 or less (teams.stray-shots).
fn roll(ctx: &mut Ctx) -> Result<(), RuleError> {
    let mut a = attack_state(ctx.s)?;
    let attacks = ctx.s.characters[a.attacker].attacks;
    let earlier = if a.kind == AttackKind::AfterKillingStrike {
        attacks.saturating_sub(1)
    } else {
        ctx.s.characters[a.attacker].attacks = attacks.saturating_add(1);
        attacks
    };
    let f = figures(ctx.s, a.attacker, a.weapon, a.target, a.ranged, earlier, 0)
        .ok_or_else(|| RuleError::Illegal(Line::new("teams-attack-lost-weapon")))?;
    let said = ctx.log.line(|| {
        let line = Line::new("teams-attack-test")
            .who("attacker", a.attacker)
            .who("target", a.target);
        with_weapon(line, "weapon", a.weapon)
    });
    let spec = attack_spec(&f).said(said);
    let r = roll_test(ctx, &spec)?;
    let stray = ctx
        .s
        .weapon(a.weapon)
        .is_some_and(|w| a.ranged && w.range > 0);
    let mut f = f;
    if stray && r.luck <= 1 {
        let near = stray_candidates(ctx.s, a.attacker, a.target);
        if !near.is_empty() {
            let pick = if near.len() == 1 {
                near[0]
            } else {
                let die = Die::new(near.len().min(255) as u8);
                let roll = ctx.roll(
                    die,
                    &ctx.log
                        .line(|| Line::new("teams-roll-stray").who("attacker", a.attacker)),
                    "teams.stray-shots",
                )?;
                let to = near[usize::from(roll.value - 1).min(near.len() - 1)];
                ctx.log.explain(|| {
                    let mut e = Explanation::new(
                        Line::new("teams-stray-shot-test").who("attacker", a.attacker),
                        "teams.stray-shots",
                    );
                    e.dice.push(roll);
                    e.total = i32::from(roll.value);
                    let faces = near
                        .iter()
                        .enumerate()
                        .map(|(k, &c)| {
                            Line::new("teams-stray-shot-face")
                                .number("face", k as i64 + 1)
                                .who("who", c)
                        })
                        .collect();
                    e.against = Some(Line::new("teams-stray-shot-faces").lines("faces", faces));
                    e.outcome = Line::new("teams-stray-shot-flies").who("who", to);
                    // The roll's event says nothing of its own: its explanation says it all.
                    (EventKind::Roll { character: None }, Line::default(), e)
                });
                to
            };
            let luck = r.luck;
            ctx.say(
                EventKind::Retargeted {
                    from: a.target,
                    to: pick,
                },
                later(move || {
                    Line::new("teams-stray-shot")
                        .number("luck", luck)
                        .who("attacker", a.attacker)
                        .who("target", pick)
                }),
            );
            a.target = pick;
            f = figures(ctx.s, a.attacker, a.weapon, a.target, a.ranged, earlier, 0)
                .ok_or_else(|| RuleError::Illegal(Line::new("teams-stray-no-target")))?;
        }
    }
    let hit = r.crit || r.total >= f.evasion;
    a.roll = Some(AttackRoll {
        total: r.total,
        crit: r.crit,
        luck: r.luck,
    });
    ctx.s.attack = Some(a);
    let (kind, id) = match (hit, r.crit) {
        (false, _) => (
            EventKind::Missed {
                attacker: a.attacker,
                target: a.target,
            },
            "teams-misses",
        ),
        (true, crit) => (
            EventKind::Hit {
                attacker: a.attacker,
                target: a.target,
                critical: crit,
            },
            if crit {
                "teams-critically-hits"
            } else {
                "teams-hits"
            },
        ),
    };
    let s = &*ctx.s;
    ctx.log.explain(|| {
        let e = explain_roll(s, &a, &f, (&spec, &r), earlier, hit);
        let said = Line::new(id)
            .who("attacker", a.attacker)
            .who("target", a.target)
            .number("total", r.total)
            .number("evasion", f.evasion);
        (kind, said, e)
    });
    if !hit {
        return finish(ctx);
    }
    if defence_options(ctx.s).is_empty() {
        damage(ctx)
    } else {
        ctx.s.stage = Stage::Defend;
        Ok(())
    }
}

/// The attack roll's explanation, the test's own completed: what it was against, how it came
/// out and the rule that decided it.
fn explain_roll(
    s: &State,
    a: &AttackState,
    f: &Figures,
    (spec, r): (&TestSpec, &TestResult),
    earlier: u8,
    hit: bool,
) -> Explanation {
    let mut e = r.explanation(spec);
    let sheet =
        Line::new("teams-evasion-sheet").number("evasion", s.characters[a.target].stats.evasion);
    let mut why = vec![sheet];
    why.extend(f.evasion_why.iter().map(|&(v, c)| {
        Line::new("teams-signed")
            .number("value", v)
            .line("cause", c.line())
    }));
    e.against = Some(
        Line::new("teams-evasion-against")
            .number("evasion", f.evasion)
            .who("target", a.target)
            .lines("why", why),
    );
    e.outcome = if r.crit {
        Line::new("teams-critical-hit-outcome")
            .number("luck", r.luck)
            .number("critical", f.critical)
    } else if hit {
        Line::new("teams-hit-outcome").number("luck", r.luck)
    } else {
        Line::new("teams-miss-outcome").number("luck", r.luck)
    };
    e.rule = if r.crit {
        "teams.critical"
    } else if earlier > 0 {
        "teams.multiple-attacks"
    } else if !f.advantages.is_empty() || !f.disadvantages.is_empty() {
        "teams.sneak-flank"
    } else if !f.evasion_why.iter().all(|&(_, c)| c == Why::Guarding) {
        "teams.size"
    } else {
        "teams.attacks"
    }
    .to_string();
    e
}

/// The test of an attack: the weapon's attribute die, the combat skill die, proficiency, the
/// multiple attack penalty, advantage and the weapon's critical threshold.
pub fn attack_spec(f: &Figures) -> TestSpec {
    let mut spec = TestSpec::new("teams.attacks")
        .die(Some(f.attribute.1), f.attribute.0.label())
        .die(f.skill, "combat");
    if let Some((p, b)) = f.proficiency {
        spec = spec.modifier(i32::from(b), Why::Proficiency(p));
    }
    let earlier = i32::from(f.earlier_attacks);
    spec = spec.modifier(-2 * earlier, Why::EarlierAttacks(earlier));
    spec.luck = i32::from(f.luck);
    spec.advantages = f.advantages.clone();
    spec.disadvantages = f.disadvantages.clone();
    spec.critical = Some(f.critical);
    spec
}

/// Everyone within 1 m of the target but the target and the shooter.
pub fn stray_candidates(s: &State, attacker: CharacterId, target: CharacterId) -> Vec<CharacterId> {
    let p = s.characters[target].pos;
    s.characters
        .iter()
        .enumerate()
        .filter(|&(c, ch)| c != target && c != attacker && ch.is_present() && adjacent(ch.pos, p))
        .map(|(c, _)| c)
        .collect()
}

/// What the target of a hit may do about it: dodge (not a critical hit, which cannot miss),
/// parry a melee blow dealing physical damage, block with a shield, resist a mental attack.
pub fn defence_options(s: &State) -> Vec<Action> {
    let Some(a) = s.attack else {
        return Vec::new();
    };
    let t = a.target;
    let tc = &s.characters[t];
    if !tc.is_active() || s.surprised(t) || !(a.free_defence || tc.reactions > 0) {
        return Vec::new();
    }
    let Some(w) = s.weapon(a.weapon) else {
        return Vec::new();
    };
    let crit = a.roll.is_some_and(|r| r.crit);
    let mut out = Vec::new();
    if tc.stamina >= 1 {
        if !crit {
            out.push(Action::Dodge);
        }
        for i in s.held(t) {
            let it = &s.items[i];
            if it.broken() {
                continue;
            }
            if !a.ranged && w.damage_type.class() == DamageClass::Physical {
                out.push(Action::Parry(i));
            }
            if it.def.block.is_some() {
                out.push(Action::Block(i));
            }
        }
    }
    if tc.focus >= 1 && w.damage_type.is_mental() {
        out.push(Action::Resist);
    }
    if !out.is_empty() {
        out.push(Action::NoReaction);
    }
    out
}

/// The target's defensive reaction, then damage unless it avoided the hit.
pub fn defend(ctx: &mut Ctx, action: &Action) -> Result<(), RuleError> {
    let mut a = attack_state(ctx.s)?;
    let t = a.target;
    let free = a.free_defence;
    let total = a.roll.map_or(0, |r| r.total);
    match *action {
        Action::Dodge | Action::Resist => {
            let (kind, test) = if *action == Action::Dodge {
                (ReactionKind::Dodge, DefenceTest::Dodge)
            } else {
                (ReactionKind::Resist, DefenceTest::Resist)
            };
            spend_reaction(ctx, t, kind, free);
            let ch = &mut ctx.s.characters[t];
            if test == DefenceTest::Dodge {
                ch.stamina = ch.stamina.saturating_sub(1);
            } else {
                ch.focus = ch.focus.saturating_sub(1);
            }
            let dodge = test == DefenceTest::Dodge;
            let said = ctx.log.line(|| {
                let id = if dodge {
                    "teams-dodge-test"
                } else {
                    "teams-resist-test"
                };
                Line::new(id).who("who", t)
            });
            let spec = defence_test(&ctx.s.characters[t], test).said(said);
            let ok = test_against(
                ctx,
                Some(t),
                &spec,
                total,
                || Line::new("teams-against-attack-test"),
                |ok, n| {
                    let id = match (ok, dodge) {
                        (true, true) => "teams-dodges",
                        (true, false) => "teams-resists",
                        (false, _) => "teams-fails-to-avoid",
                    };
                    Line::new(id)
                        .who("who", t)
                        .number("total", n)
                        .number("attack", total)
                },
            )?;
            a.free_defence = false;
            ctx.s.attack = Some(a);
            if ok {
                ctx.say(
                    EventKind::Missed {
                        attacker: a.attacker,
                        target: t,
                    },
                    later(move || Line::new("teams-attack-comes-to-nothing").who("who", t)),
                );
                return finish(ctx);
            }
        }
        Action::Parry(i) | Action::Block(i) => {
            let (kind, defence) = if matches!(action, Action::Parry(_)) {
                (ReactionKind::Parry, Defence::Parry(i))
            } else {
                (ReactionKind::Block, Defence::Block(i))
            };
            spend_reaction(ctx, t, kind, free);
            let ch = &mut ctx.s.characters[t];
            ch.stamina = ch.stamina.saturating_sub(1);
            a.free_defence = false;
            a.defence = Some(defence);
            ctx.s.attack = Some(a);
        }
        Action::NoReaction => {}
        _ => {
            return Err(RuleError::Illegal(
                Line::new("teams-not-a-defence").line("action", describe(ctx.s, action)),
            ));
        }
    }
    damage(ctx)
}

/// Damage of a hit: the test result plus the weapon's damage (critical damage on a critical
/// hit), less the matching deflection, at least 1; or, blocked, less the shield's block value,
/// dealt to the shield and any excess over its durability to the wearer.
fn damage(ctx: &mut Ctx) -> Result<(), RuleError> {
    let a = attack_state(ctx.s)?;
    let roll = a
        .roll
        .ok_or_else(|| RuleError::Illegal(Line::new("teams-damage-before-test")))?;
    let parry = match a.defence {
        Some(Defence::Parry(i)) => ctx.s.items[i].def.parry.unwrap_or(1),
        _ => 0,
    };
    let f = figures(ctx.s, a.attacker, a.weapon, a.target, a.ranged, 0, parry)
        .ok_or_else(|| RuleError::Illegal(Line::new("teams-attack-lost-weapon")))?;
    let weapon_damage = if roll.crit {
        f.critical_damage
    } else {
        f.damage
    };
    let base = roll.total + weapon_damage;
    // What the damage roll's explanation starts from.
    let start = || {
        let what = Line::new("teams-damage-test")
            .who("attacker", a.attacker)
            .who("target", a.target);
        let weapon = Line::new(if roll.crit {
            "teams-weapon-critical-damage"
        } else {
            "teams-weapon-damage"
        })
        .word("type", f.damage_type.label());
        Explanation::new(
            what,
            if roll.crit {
                "teams.critical"
            } else if parry > 0 {
                "teams.parry"
            } else {
                "teams.attack-damage"
            },
        )
        .modifier(roll.total, Line::new("teams-attack-test-result"))
        .modifier(weapon_damage, with_weapon(weapon, "weapon", a.weapon))
    };
    let fortify = if let Some(Defence::Block(i)) = a.defence {
        let block = i32::from(ctx.s.items[i].def.block.unwrap_or(0));
        let to_item = (base - block).max(1);
        let durability = ctx.s.items[i].durability;
        let excess = (to_item - i32::from(durability)).max(0);
        let left = (i32::from(durability) - to_item).max(0) as u8;
        ctx.s.items[i].durability = left;
        ctx.log.explain(|| {
            let mut e = start().modifier(-block, Line::new("teams-block-value").thing("item", i));
            e.rule = "teams.block".to_string();
            if base - block < 1 {
                e = e.modifier(1 - (base - block), Line::new("teams-at-least-1"));
            }
            e.total = to_item;
            e.against = Some(
                Line::new("teams-block-against")
                    .number("durability", durability)
                    .thing("item", i),
            );
            e.outcome = if excess > 0 {
                e.rule = "teams.block-overflow".to_string();
                Line::new("teams-block-breaks")
                    .thing("item", i)
                    .number("excess", excess)
                    .who("target", a.target)
            } else {
                Line::new("teams-block-holds")
                    .thing("item", i)
                    .number("damage", to_item)
                    .number("left", left)
            };
            let said = Line::new("teams-blocks")
                .who("who", a.target)
                .thing("item", i)
                .number("damage", to_item)
                .number("durability-before", durability)
                .number("durability", left);
            let kind = EventKind::ItemDamaged {
                item: i,
                durability: left,
            };
            (kind, said, e)
        });
        if excess > 0 {
            harm::deal(ctx, a.target, clamp_u8(excess), f.nonlethal)?
        } else {
            false
        }
    } else {
        let raw = base - f.reduction;
        let dealt = raw.max(1);
        ctx.log.explain(|| {
            let mut e = start();
            for &(v, why) in f.reduction_why.iter().filter(|(v, _)| *v != 0) {
                e = e.modifier(-v, why.line());
            }
            if raw < 1 {
                e = e.modifier(1 - raw, Line::new("teams-at-least-1"));
            }
            e.total = dealt;
            e.outcome = Line::new("teams-damage-outcome")
                .number("damage", dealt)
                .who("target", a.target);
            let said = Line::new("teams-damage-roll")
                .number("base", base)
                .word("type", f.damage_type.label())
                .number("damage", dealt);
            let kind = EventKind::Roll {
                character: Some(a.target),
            };
            (kind, said, e)
        });
        if let Some(Defence::Parry(i)) = a.defence {
            let it = &mut ctx.s.items[i];
            it.durability = it.durability.saturating_sub(1);
            let durability = it.durability;
            ctx.say(
                EventKind::ItemDamaged {
                    item: i,
                    durability,
                },
                later(move || {
                    Line::new("teams-parry-wear")
                        .thing("item", i)
                        .number("durability", durability)
                }),
            );
        }
        harm::deal(ctx, a.target, clamp_u8(dealt), f.nonlethal)?
    };
    if fortify {
        ctx.s.stage = Stage::Fortify;
        return Ok(());
    }
    finish(ctx)
}

fn clamp_u8(v: i32) -> u8 {
    v.clamp(0, 255) as u8
}

/// The target chose to fortify or to fall.
pub fn fortify_decision(ctx: &mut Ctx, fortify: bool) -> Result<(), RuleError> {
    let a = attack_state(ctx.s)?;
    if fortify {
        harm::fortify(ctx, a.target)?;
    } else {
        harm::knock_out(ctx, a.target, || {
            Line::new("teams-why-chose-not-to-fortify")
        });
    }
    finish(ctx)
}

/// The attack is over: a thrown weapon lands by the target, a crossbow needs reloading, a
/// sneaking attacker is noticed; then any readied attack still waiting goes off.
fn finish(ctx: &mut Ctx) -> Result<(), RuleError> {
    let a = attack_state(ctx.s)?;
    ctx.s.attack = None;
    if let WeaponRef::Item(i) = a.weapon
        && let Some(w) = ctx.s.items[i].def.weapon.as_ref()
    {
        if a.ranged && w.thrown {
            let at = ctx.s.characters[a.target].pos;
            ctx.s.put_item(i, Location::Ground(at));
        } else if a.ranged && w.reload > 0 {
            ctx.s.items[i].loaded = false;
        }
    }
    ctx.s.characters[a.attacker].unseen = false;
    ctx.s.restand(a.attacker);
    next_trigger(ctx)
}

/// After a character moves, enemies who readied an attack and can now make it are queued.
pub fn movement_triggers(ctx: &mut Ctx, mover: CharacterId) -> Result<(), RuleError> {
    let m = &ctx.s.characters[mover];
    if !may_set_off(m) {
        return next_trigger(ctx);
    }
    let team = m.team;
    for (r, ch) in ctx.s.characters.iter().enumerate() {
        if waits_for(ch, team, mover) {
            ctx.s.triggers.push((r, mover));
        }
    }
    next_trigger(ctx)
}

/// Whether a move of `m`'s may set off readied attacks at all: standing, and seen.
pub(crate) fn may_set_off(m: &Character) -> bool {
    m.is_active() && !m.unseen
}

/// Whether `ch` holds a readied attack that a move of `mover` (of `team`) may set off.
pub(crate) fn waits_for(ch: &Character, team: TeamId, mover: CharacterId) -> bool {
    ch.team != team
        && ch.readied.is_some()
        && ch.readied_for.is_none_or(|e| e == mover)
        && ch.is_active()
}

/// Whether `r`'s readied attack goes off at `mover` as things stand.
pub(crate) fn goes_off(s: &State, r: CharacterId, w: WeaponRef, mover: CharacterId) -> bool {
    s.can_react(r) && s.characters[mover].is_active() && can_attack(s, r, w, mover).is_some()
}

/// Sets off the next readied attack whose trigger still holds, or hands the turn back.
pub fn next_trigger(ctx: &mut Ctx) -> Result<(), RuleError> {
    while !ctx.s.triggers.is_empty() {
        let (r, m) = ctx.s.triggers.remove(0);
        let Some(w) = ctx.s.characters[r].readied else {
            continue;
        };
        // The mover may have fallen to an earlier readied attack: a trigger wants it standing.
        if !goes_off(ctx.s, r, w, m) {
            continue;
        }
        ctx.s.characters[r].readied = None;
        spend_reaction(ctx, r, ReactionKind::Readied, false);
        return declare(ctx, r, w, m, AttackKind::Readied);
    }
    ctx.s.stage = if ctx.s.turn.is_some() {
        Stage::Turn
    } else {
        Stage::Activation
    };
    Ok(())
}

/// A killing strike's three actions are spent: a test with advantage, the combat skill
/// against constitution; a failure becomes a sneak attack (teams.killing-strike).
pub fn killing_strike(
    ctx: &mut Ctx,
    attacker: CharacterId,
    target: CharacterId,
    weapon: WeaponRef,
) -> Result<(), RuleError> {
    if !can_kill(ctx.s, attacker, weapon, target) {
        ctx.say(
            Noted::NothingToKill.about(attacker),
            later(move || {
                Line::new("teams-killing-strike-nothing")
                    .who("attacker", attacker)
                    .who("target", target)
            }),
        );
        return Ok(());
    }
    let earlier = ctx.s.characters[attacker].attacks;
    ctx.s.characters[attacker].attacks = earlier.saturating_add(1);
    let f = figures(ctx.s, attacker, weapon, target, false, earlier, 0)
        .ok_or_else(|| RuleError::Illegal(Line::new("teams-attack-lost-weapon")))?;
    let said = ctx.log.line(|| {
        Line::new("teams-killing-strike-test")
            .who("attacker", attacker)
            .who("target", target)
    });
    let mut spec = attack_spec(&f).said(said);
    spec.rule = "teams.killing-strike";
    spec.critical = None;
    spec.advantages = [Why::KillingStrike].into_iter().collect();
    spec.disadvantages.clear();
    let con = ctx.s.characters[target].stats.constitution;
    let ok = test_against(
        ctx,
        Some(attacker),
        &spec,
        i32::from(con),
        || Line::new("teams-against-constitution").who("target", target),
        |ok, n| {
            Line::new(if ok {
                "teams-killing-strike-lands"
            } else {
                "teams-killing-strike-fails"
            })
            .who("attacker", attacker)
            .number("total", n)
            .number("constitution", con)
        },
    )?;
    if ok {
        harm::kill(ctx, target, || {
            Line::new("teams-why-killing-strike").who("by", attacker)
        });
        ctx.s.characters[attacker].unseen = false;
        ctx.s.restand(attacker);
        return Ok(());
    }
    declare(
        ctx,
        attacker,
        weapon,
        target,
        AttackKind::AfterKillingStrike,
    )
}
