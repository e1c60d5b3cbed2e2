//! Damage taken: endurance first, then health; harmed and bloodied; falling unconscious or
//! fortifying; cheating death (teams.harm, teams.unconscious, teams.death, teams.nonlethal).

use super::roll::{TestSpec, test_against};
use super::{Ctx, EventKind};
use crate::battle::{CharacterId, RuleError};
use crate::dice::Die;
use crate::explain::Explanation;

use super::event::ReactionKind;
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
    let name = ctx.log.words(|| ctx.s.name(who).to_string());
    let to_health = || {
        let excess_word = if end_before > 0 { "the excess " } else { "" };
        format!("{excess_word}{excess} to health {health_before} to {health}")
    };
    let parts = ctx.log.words(|| match (end_before > 0, excess > 0) {
        (true, true) => format!("endurance {end_before} to {endurance}, {}", to_health()),
        (true, false) => format!("endurance {end_before} to {endurance}"),
        (false, true) => to_health(),
        (false, false) => String::new(),
    });
    ctx.say(
        EventKind::Damage {
            character: who,
            amount,
            endurance,
            health,
        },
        format_args!("{name} takes {amount} damage: {parts}."),
    );
    let ch = &mut ctx.s.characters[who];
    if ch.is_harmed() && !ch.harmed {
        ch.harmed = true;
        let max = ch.stats.endurance;
        ctx.say(
            EventKind::Harmed { character: who },
            format_args!("{name} is harmed (endurance {endurance} of {max}, half or less)."),
        );
    }
    if excess == 0 {
        return Ok(false);
    }
    let max_health = ctx.s.characters[who].stats.health;
    if health_before == max_health && health < max_health {
        ctx.say(
            EventKind::Bloodied { character: who },
            format_args!("{name} is bloodied (health {health} of {max_health})."),
        );
    }
    if health == 0 {
        if ctx.s.characters[who].is_active() {
            knock_out(ctx, who, "reduced to zero health");
        }
        if excess > health_before {
            if nonlethal && health_before > 0 {
                ctx.note(format_args!(
                    "The damage was nonlethal: {name} does not risk death this time."
                ));
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
        knock_out(
            ctx,
            who,
            format_args!(
                "missing health {missing} exceeds constitution {con}, with no reaction or stamina to fortify"
            ),
        );
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

pub fn knock_out(ctx: &mut Ctx, who: CharacterId, why: impl std::fmt::Display) {
    let ch = &mut ctx.s.characters[who];
    ch.status = Status::Unconscious;
    ch.prone = true;
    ch.readied = None;
    ch.extended = None;
    ch.guarding = false;
    ch.in_cover = false;
    ctx.log.say(
        EventKind::Status {
            character: who,
            status: Status::Unconscious,
        },
        format_args!("{} falls unconscious ({why}).", ctx.s.name(who)),
    );
}

pub fn kill(ctx: &mut Ctx, who: CharacterId, why: impl std::fmt::Display) {
    let ch = &mut ctx.s.characters[who];
    ch.status = Status::Dead;
    ch.readied = None;
    ch.extended = None;
    ctx.log.say(
        EventKind::Status {
            character: who,
            status: Status::Dead,
        },
        format_args!("{} dies ({why}).", ctx.s.name(who)),
    );
}

/// The luck test against death: 10 or more, the difficulty rising by 5 with each success.
fn cheat_death(ctx: &mut Ctx, who: CharacterId) -> Result<(), RuleError> {
    let ch = &ctx.s.characters[who];
    let (luck, difficulty) = (ch.stats.luck, ch.death_difficulty);
    let what = ctx
        .log
        .words(|| format!("{}'s luck test to cheat death", ctx.s.name(who)));
    let r = ctx.roll(Die::D20, &what, "teams.death")?;
    let total = i32::from(r.value) + i32::from(luck);
    let ok = total >= i32::from(difficulty);
    let next = difficulty.saturating_add(5);
    if ok {
        ctx.s.characters[who].death_difficulty = next;
    }
    if !ctx.log.quiet {
        let mut e = Explanation::new(what, "teams.death");
        e.dice.push(r);
        if luck != 0 {
            e = e.modifier(i32::from(luck), "luck");
        }
        e.total = total;
        e.against = Some(format!("{difficulty} (the difficulty to cheat death)").into());
        let name = ctx.s.name(who);
        if ok {
            e.outcome = format!("cheats death; next time {next}").into();
            ctx.log.explained(
                EventKind::CheatedDeath {
                    character: who,
                    next_difficulty: next,
                },
                format_args!("{name} cheats death (luck {total} against {difficulty})."),
                e,
            );
        } else {
            e.outcome = "dies".to_string().into();
            ctx.log.explained(
                EventKind::Roll {
                    character: Some(who),
                },
                format_args!("{name} fails to cheat death (luck {total} against {difficulty})."),
                e,
            );
        }
    }
    if !ok {
        kill(ctx, who, "the damage exceeded the health left");
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
    let name = ctx.log.words(|| ctx.s.name(who).to_string());
    let what = ctx.log.words(|| format!("{name} fortifies"));
    let spec = defence_test(&ctx.s.characters[who], DefenceTest::Fortify, what);
    let ok = test_against(
        ctx,
        Some(who),
        &spec,
        i32::from(missing),
        "missing health",
        |ok, total| {
            if ok {
                format!("{name} fortifies ({total} against {missing}) and stays conscious.")
            } else {
                format!("{name} fails to fortify ({total} against {missing}).")
            }
        },
    )?;
    if !ok {
        knock_out(ctx, who, "failed to fortify");
    }
    Ok(())
}

/// Uses up a reaction (unless free) and says so.
pub fn spend_reaction(ctx: &mut Ctx, who: CharacterId, kind: ReactionKind, free: bool) {
    let ch = &mut ctx.s.characters[who];
    if !free {
        ch.reactions = ch.reactions.saturating_sub(1);
    }
    let what = match kind {
        ReactionKind::Block => "block",
        ReactionKind::Dodge => "dodge",
        ReactionKind::Fortify => "fortify",
        ReactionKind::Intercept => "intercept",
        ReactionKind::Parry => "parry",
        ReactionKind::Resist => "resist",
        ReactionKind::Readied => "the readied attack",
    };
    ctx.log.say(
        EventKind::Reaction {
            character: who,
            kind,
            free,
        },
        format_args!(
            "{} reacts: {what}{}.",
            ctx.s.name(who),
            if free { " (free)" } else { "" }
        ),
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
pub fn defence_test(ch: &super::Character, kind: DefenceTest, what: String) -> TestSpec {
    let st = &ch.stats;
    let (rule, attr, attr_name, skill, skill_name, bonus, bonus_name) = match kind {
        DefenceTest::Dodge => (
            "teams.dodge",
            st.dexterity,
            "dexterity",
            st.acrobatics,
            "acrobatics",
            st.reflex,
            "reflex",
        ),
        DefenceTest::Fortify => (
            "teams.unconscious",
            st.strength,
            "strength",
            st.athletics,
            "athletics",
            st.fortitude,
            "fortitude",
        ),
        DefenceTest::Resist => (
            "teams.resist",
            st.willpower,
            "willpower",
            st.resolve,
            "resolve",
            st.will,
            "will",
        ),
    };
    let mut spec = TestSpec::new(what, rule)
        .die(Some(attr), attr_name)
        .die(skill, skill_name)
        .modifier(i32::from(bonus), bonus_name)
        .modifier(i32::from(ch.guarding), "guarding");
    spec.luck = i32::from(st.luck);
    spec
}
