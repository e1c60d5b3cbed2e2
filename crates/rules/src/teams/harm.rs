//! Damage taken: endurance first, then health; harmed and bloodied; falling unconscious or
//! fortifying; cheating death (teams.harm, teams.unconscious, teams.death, teams.nonlethal).

use super::roll::{TestSpec, test_against};
use super::said::later;
use super::why::Why;
use super::{Ctx, EventKind};
use crate::battle::{CharacterId, RuleError};
use crate::context::Remark;
use crate::dice::Die;
use crate::explain::Explanation;
use crate::line::Line;

use super::event::{Noted, ReactionKind};
use super::model::Status;

/// Deals damage that got past every reduction. Returns true when the character must now choose
/// between fortifying and falling unconscious.
pub fn deal(
    ctx: &mut Ctx,
    who: CharacterId,
    amount: u8,
    nonlethal: bool,
) -> Result<bool, RuleError> {
    let ch = &mut ctx.s.characters[who];
    let to_endurance = amount.min(ch.endurance);
    let (end_before, health_before) = (ch.endurance, ch.health);
    ch.endurance -= to_endurance;
    let excess = amount - to_endurance;
    ch.health = ch.health.saturating_sub(excess);
    let (endurance, health) = (ch.endurance, ch.health);
    ctx.say(
        EventKind::Damage {
            character: who,
            amount,
            endurance,
            health,
        },
        later(move || {
            Line::new(match (end_before > 0, excess > 0) {
                (true, true) => "teams-damage-taken-both",
                (true, false) => "teams-damage-taken-endurance",
                (false, true) => "teams-damage-taken-health",
                (false, false) => "teams-damage-taken-nothing",
            })
            .who("who", who)
            .number("amount", amount)
            .number("endurance-before", end_before)
            .number("endurance", endurance)
            .number("excess", excess)
            .number("health-before", health_before)
            .number("health", health)
        }),
    );
    let ch = &mut ctx.s.characters[who];
    if ch.is_harmed() && !ch.harmed {
        ch.harmed = true;
        let max = ch.stats.endurance;
        ctx.say(
            EventKind::Harmed { character: who },
            later(move || {
                Line::new("teams-harmed")
                    .who("who", who)
                    .number("endurance", endurance)
                    .number("max", max)
            }),
        );
    }
    if excess == 0 {
        return Ok(false);
    }
    let max_health = ctx.s.characters[who].stats.health;
    if health_before == max_health && health < max_health {
        ctx.say(
            EventKind::Bloodied { character: who },
            later(move || {
                Line::new("teams-bloodied")
                    .who("who", who)
                    .number("health", health)
                    .number("max", max_health)
            }),
        );
    }
    if health == 0 {
        if ctx.s.characters[who].is_active() {
            knock_out(ctx, who, || Line::new("teams-why-zero-health"));
        }
        if excess > health_before {
            if nonlethal && health_before > 0 {
                ctx.say(
                    Noted::Spared.about(who),
                    later(move || Line::new("teams-nonlethal").who("who", who)),
                );
            } else {
                cheat_death(ctx, who)?;
            }
        }
        return Ok(false);
    }
    let ch = &ctx.s.characters[who];
    let (missing, con) = (ch.missing_health(), ch.stats.constitution);
    if missing > con && ch.is_active() {
        if can_fortify(ctx.s, who) {
            return Ok(true);
        }
        knock_out(ctx, who, move || {
            Line::new("teams-why-cannot-fortify")
                .number("missing", missing)
                .number("constitution", con)
        });
    }
    Ok(false)
}

/// Fortifying to stay conscious is a reaction and costs 1 stamina; for an interceptor who has
/// not yet taken its free defensive action, that reaction is the free one (teams.intercept).
pub fn can_fortify(s: &super::State, who: CharacterId) -> bool {
    let ch = &s.characters[who];
    ch.stamina >= 1
        && (s.can_react(who) || (free_defence(s, who) && ch.is_active() && !s.surprised(who)))
}

/// Whether `who` intercepted the attack under way and still has its free defensive action.
pub fn free_defence(s: &super::State, who: CharacterId) -> bool {
    s.attack.is_some_and(|a| a.free_defence && a.target == who)
}

/// `who` falls unconscious; `why` says why, where a log keeps it.
pub fn knock_out(ctx: &mut Ctx, who: CharacterId, why: impl FnOnce() -> Line) {
    let ch = &mut ctx.s.characters[who];
    ch.status = Status::Unconscious;
    ch.prone = true;
    ch.readied = None;
    ch.extended = None;
    ch.guarding = false;
    ch.in_cover = false;
    ctx.s.restand(who);
    ctx.log.say(
        EventKind::Status {
            character: who,
            status: Status::Unconscious,
        },
        later(move || {
            Line::new("teams-falls-unconscious")
                .who("who", who)
                .line("why", why())
        }),
    );
}

/// `who` dies; `why` says why, where a log keeps it.
pub fn kill(ctx: &mut Ctx, who: CharacterId, why: impl FnOnce() -> Line) {
    let ch = &mut ctx.s.characters[who];
    ch.status = Status::Dead;
    ch.readied = None;
    ch.extended = None;
    ctx.s.restand(who);
    ctx.log.say(
        EventKind::Status {
            character: who,
            status: Status::Dead,
        },
        later(move || Line::new("teams-dies").who("who", who).line("why", why())),
    );
}

/// The luck test against death: 10 or more, the difficulty rising by 5 with each success.
fn cheat_death(ctx: &mut Ctx, who: CharacterId) -> Result<(), RuleError> {
    let ch = &ctx.s.characters[who];
    let (luck, difficulty) = (ch.stats.luck, ch.death_difficulty);
    let what = ctx
        .log
        .line(|| Line::new("teams-cheat-death-test").who("who", who));
    let r = ctx.roll(Die::D20, &what, "teams.death")?;
    let total = i32::from(r.value) + i32::from(luck);
    let ok = total >= i32::from(difficulty);
    let next = difficulty.saturating_add(5);
    if ok {
        ctx.s.characters[who].death_difficulty = next;
    }
    ctx.log.explain(|| {
        let mut e = Explanation::new(what, "teams.death");
        e.dice.push(r);
        if luck != 0 {
            e = e.modifier(i32::from(luck), Line::new("teams-luck"));
        }
        e.total = total;
        e.against = Some(Line::new("teams-cheat-death-against").number("difficulty", difficulty));
        let (kind, said) = if ok {
            e.outcome = Line::new("teams-cheats-death-outcome").number("next", next);
            let kind = EventKind::CheatedDeath {
                character: who,
                next_difficulty: next,
            };
            (kind, "teams-cheats-death")
        } else {
            e.outcome = Line::new("teams-dies-outcome");
            let kind = EventKind::Roll {
                character: Some(who),
            };
            (kind, "teams-fails-to-cheat-death")
        };
        let said = Line::new(said)
            .who("who", who)
            .number("total", total)
            .number("difficulty", difficulty);
        (kind, said, e)
    });
    if !ok {
        kill(ctx, who, || Line::new("teams-why-damage-exceeded"));
    }
    Ok(())
}

/// The fortify reaction against falling unconscious: strength, athletics and fortitude against
/// the missing health.
pub fn fortify(ctx: &mut Ctx, who: CharacterId) -> Result<(), RuleError> {
    let free = free_defence(ctx.s, who);
    if free && let Some(a) = ctx.s.attack.as_mut() {
        a.free_defence = false;
    }
    spend_reaction(ctx, who, ReactionKind::Fortify, free);
    let ch = &mut ctx.s.characters[who];
    ch.stamina = ch.stamina.saturating_sub(1);
    let ch = &ctx.s.characters[who];
    let missing = ch.missing_health();
    let said = ctx
        .log
        .line(|| Line::new("teams-fortify-test").who("who", who));
    let spec = defence_test(&ctx.s.characters[who], DefenceTest::Fortify).said(said);
    let ok = test_against(
        ctx,
        Some(who),
        &spec,
        i32::from(missing),
        || Line::new("teams-against-missing-health"),
        |ok, total| {
            Line::new(if ok {
                "teams-fortifies"
            } else {
                "teams-fails-to-fortify"
            })
            .who("who", who)
            .number("total", total)
            .number("missing", missing)
        },
    )?;
    if !ok {
        knock_out(ctx, who, || Line::new("teams-why-failed-to-fortify"));
    }
    Ok(())
}

/// Uses up a reaction (unless free) and says so.
pub fn spend_reaction(ctx: &mut Ctx, who: CharacterId, kind: ReactionKind, free: bool) {
    let ch = &mut ctx.s.characters[who];
    if !free {
        ch.reactions = ch.reactions.saturating_sub(1);
    }
    ctx.say(
        EventKind::Reaction {
            character: who,
            kind,
            free,
        },
        later(move || {
            let what = match kind {
                ReactionKind::Block => "block",
                ReactionKind::Dodge => "dodge",
                ReactionKind::Fortify => "fortify",
                ReactionKind::Intercept => "intercept",
                ReactionKind::Parry => "parry",
                ReactionKind::Resist => "resist",
                ReactionKind::Readied => "readied",
            };
            Line::new(if free {
                "teams-reacts-free"
            } else {
                "teams-reacts"
            })
            .who("who", who)
            .word("reaction", what)
        }),
    );
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DefenceTest {
    Dodge,
    Fortify,
    Resist,
}

/// A defence test's pool: dodge is dexterity + acrobatics + reflex, fortify strength +
/// athletics + fortitude, resist willpower + resolve + will; guarding adds 1.
pub fn defence_test(ch: &super::Character, kind: DefenceTest) -> TestSpec {
    let st = &ch.stats;
    let (rule, attr, attr_name, skill, skill_name, bonus, bonus_cause) = match kind {
        DefenceTest::Dodge => (
            "teams.dodge",
            st.dexterity,
            "dexterity",
            st.acrobatics,
            "acrobatics",
            st.reflex,
            Why::Reflex,
        ),
        DefenceTest::Fortify => (
            "teams.unconscious",
            st.strength,
            "strength",
            st.athletics,
            "athletics",
            st.fortitude,
            Why::Fortitude,
        ),
        DefenceTest::Resist => (
            "teams.resist",
            st.willpower,
            "willpower",
            st.resolve,
            "resolve",
            st.will,
            Why::Will,
        ),
    };
    let mut spec = TestSpec::new(rule)
        .die(Some(attr), attr_name)
        .die(skill, skill_name)
        .modifier(i32::from(bonus), bonus_cause)
        .modifier(i32::from(ch.guarding), Why::Guarding);
    spec.luck = i32::from(st.luck);
    spec
}
