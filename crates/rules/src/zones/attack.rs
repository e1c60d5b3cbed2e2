//! An attack from declaration to damage: the WIT save to hit, the stunt offer, the targets'
//! reactions, then damage against armour, cover and concealment, counters landing in order.

use super::action::Action;
use super::describe::describe;
use super::event::{EventKind, GearChange, Noted};
use super::model::*;
use super::position::{
    grabbed_by, let_go_unless_at, place, release, release_across_zones, reveal, surrender,
};
use super::rounds::end_turn;
use super::said::{self, SaveFor, later};
use super::targeting::{self, protection, stats};
use super::{Ctx, Harm};
use crate::battle::{CharacterId, RuleError};
use crate::context::Remark;
use crate::dice::{Die, Rolled};
use crate::explain::Explanation;
use crate::line::Line;

/// Begins an attack. `opportunity`: an opportunity attack (no reactions). `moving`: the attacker
/// moved earlier this turn.
pub fn declare(
    ctx: &mut Ctx,
    decl: AttackDecl,
    opportunity: bool,
    moving: bool,
) -> Result<(), RuleError> {
    let a = decl.attacker;
    let surprise = ctx.s.characters[a].concealed;
    ctx.s.characters[a].figures.attacks += 1;
    if let Weapon::Item(i) = decl.weapon {
        ctx.s.items[i].used = true;
    }
    let az = ctx.s.characters[a].zone;
    let mut blast_zone = None;
    let mut rolled_save = false;
    let slots: Vec<CharacterId> = match decl.target {
        Target::Character(t) => {
            ctx.say(
                EventKind::Attack {
                    attacker: a,
                    target: decl.target,
                },
                later(|| {
                    Line::new("zones-attacks")
                        .who("attacker", a)
                        .word("mode", said::mode(decl.mode))
                        .who("target", t)
                        .line("weapon", said::weapon(decl.weapon))
                }),
            );
            if ctx.s.characters[t].zone != az && ctx.s.zones[az].barrier {
                ctx.s.characters[a].peeked = true;
            }
            // A final blow too needs the WIT save on a target who cannot be seen.
            let shot = targeting::can_strike(ctx.s, a, decl.weapon, t, moving);
            rolled_save = shot.is_some_and(|x| x.save);
            if !save_to_hit(ctx, a, shot, "zones.attacking")? {
                ctx.say(
                    Noted::AttackMissed.about(a),
                    later(|| {
                        Line::new("zones-attack-misses")
                            .who("attacker", a)
                            .who("target", t)
                    }),
                );
                return finish(ctx, decl);
            }
            vec![t]
        }
        Target::Zone(z) => {
            let st = stats(ctx.s, decl.weapon);
            let mut zone = z;
            ctx.say(
                EventKind::Attack {
                    attacker: a,
                    target: decl.target,
                },
                later(|| {
                    Line::new("zones-blast")
                        .who("attacker", a)
                        .line("weapon", said::weapon(decl.weapon))
                        .place("zone", z)
                }),
            );
            if z != az && ctx.s.zones[az].barrier {
                ctx.s.characters[a].peeked = true;
            }
            if st.kind != WeaponKind::Melee {
                let shot = targeting::can_blast(ctx.s, a, decl.weapon, z, moving);
                rolled_save = shot.is_some_and(|x| x.save);
                if !save_to_hit(ctx, a, shot, "zones.blast")? {
                    zone = deviate(ctx, z)?;
                }
            }
            blast_zone = Some(zone);
            let mut victims = targeting::blast_victims(ctx.s, a, decl.weapon, zone);
            // Only one target may counter a blast: the quickest wits react first (WIT, then
            // AGI, then the order of the scenario), not whoever happens to be listed first.
            victims.sort_by_key(|&v| {
                let at = &ctx.s.characters[v].attrs;
                std::cmp::Reverse((at.wit, at.agi))
            });
            victims
        }
    };
    ctx.s.attack = Some(AttackState {
        decl,
        blast_zone,
        slots: slots
            .into_iter()
            .map(|t| Slot {
                target: t,
                decided: false,
                dodged: false,
                shifted_from: Vec::new(),
            })
            .collect(),
        step: AttackStep::ProposeStunt,
        surprise,
        opportunity,
        counter: None,
        rolled_save,
    });
    ctx.s.stage = Stage::Attack;
    if ctx.s.attack.as_ref().is_some_and(|x| x.slots.is_empty()) {
        ctx.say(
            Noted::BlastCaughtNobody.aside(),
            Line::new("zones-blast-catches-nobody"),
        );
        return finish(ctx, decl);
    }
    if stunt_options(ctx.s).is_empty() {
        begin_reactions(ctx)
    } else {
        Ok(())
    }
}

/// The WIT save to hit, when the circumstances call for one; true if the attack hits.
fn save_to_hit(
    ctx: &mut Ctx,
    attacker: CharacterId,
    shot: Option<targeting::Shot>,
    rule: &str,
) -> Result<bool, RuleError> {
    match shot {
        Some(shot) if shot.save => {
            ctx.save(attacker, Attribute::Wit, SaveFor::Hit(shot.why_save), rule)
        }
        _ => Ok(true),
    }
}

/// A missed ranged blast lands in a random neighbouring zone: number the neighbours, roll.
fn deviate(ctx: &mut Ctx, z: ZoneId) -> Result<ZoneId, RuleError> {
    let n = ctx.s.zones[z].neighbours.clone();
    if n.is_empty() {
        ctx.say(
            Noted::BlastLandedAnyway.aside(),
            later(|| Line::new("zones-blast-lands-anyway").place("zone", z)),
        );
        return Ok(z);
    }
    let die = Die::new(n.len() as u8);
    let r = ctx.roll(die, &Line::new("zones-roll-deviation"), "zones.blast")?;
    let to = n[usize::from(r.value - 1)];
    ctx.log.explain(|| {
        let mut e = Explanation::new(Line::new("zones-deviation-what"), "zones.blast");
        e.dice.push(r);
        e.total = i32::from(r.value);
        let faces: Vec<Line> = n
            .iter()
            .enumerate()
            .map(|(k, &nz)| {
                Line::new("zones-deviation-face")
                    .number("face", k as i64 + 1)
                    .place("zone", nz)
            })
            .collect();
        e.against = Some(Line::new("zones-deviation-faces").lines("faces", faces));
        e.outcome = Line::new("zones-deviation-outcome").place("zone", to);
        (
            EventKind::Roll { character: None },
            Line::new("zones-deviates").place("from", z).place("to", to),
            e,
        )
    });
    Ok(to)
}

/// The stunts the GM seat approves for the attack under way (rules notes, zones.attack-stunts).
pub fn stunt_options(s: &State) -> Vec<Stunt> {
    let Some(a) = &s.attack else {
        return Vec::new();
    };
    if a.step != AttackStep::ProposeStunt
        || a.blast_zone.is_some()
        || a.slots.len() != 1
        || !matches!(a.decl.mode, AttackMode::Damage { .. })
    {
        return Vec::new();
    }
    let t = a.slots[0].target;
    let tc = &s.characters[t];
    if !tc.is_active() {
        return Vec::new();
    }
    let attacker = &s.characters[a.decl.attacker];
    let melee = stats(s, a.decl.weapon).kind == WeaponKind::Melee;
    let mut out: Vec<Stunt> = s
        .held(t)
        .filter(|&i| !matches!(s.items[i].kind, ItemKind::Consumable(_) | ItemKind::Trinket))
        .map(Stunt::Disarm)
        .collect();
    if melee {
        if tc.grabbed_by.is_none() {
            out.extend(s.zones[tc.zone].neighbours.iter().map(|&z| Stunt::Drive(z)));
        }
        if tc.grabbed_by.is_none()
            && grabbed_by(s, a.decl.attacker).is_none()
            && attacker.zone == tc.zone
        {
            out.push(Stunt::Seize);
        }
    }
    if u16::from(tc.health) * 2 <= u16::from(tc.max_health) {
        out.push(Stunt::Yield);
    }
    out
}

/// Who reacts next, if anyone can: the target (unless surprised, unaware or already spent) or
/// an ally nearby who could guard them.
fn begin_reactions(ctx: &mut Ctx) -> Result<(), RuleError> {
    let a = ctx.s.attack.as_ref().expect("attack");
    if a.opportunity {
        return resolve(ctx);
    }
    if a.surprise {
        // "Enemies attacked by a concealed character are taken by surprise and can't react":
        // the attacker's own side, caught in a blast, knows where they are.
        let side = ctx.s.characters[a.decl.attacker].faction;
        let mut surprised = false;
        for sl in &mut ctx.s.attack.as_mut().expect("attack").slots {
            if ctx.s.characters[sl.target].faction != side {
                sl.decided = true;
                surprised = true;
            }
        }
        if surprised {
            ctx.say(Noted::Surprised.aside(), Line::new("zones-surprised"));
        }
    }
    next_reaction(ctx)
}

fn next_reaction(ctx: &mut Ctx) -> Result<(), RuleError> {
    loop {
        let a = ctx.s.attack.as_ref().expect("attack");
        let Some(slot) = a.slots.iter().position(|sl| !sl.decided) else {
            return resolve(ctx);
        };
        if reaction_options(ctx.s, slot).len() > 1 {
            ctx.s.attack.as_mut().expect("attack").step = AttackStep::React { slot };
            return Ok(());
        }
        ctx.s.attack.as_mut().expect("attack").slots[slot].decided = true;
    }
}

/// Whether `c` may react now. During the ambushers' bonus turn "only they can act": nobody
/// reacts (zones.sneaking).
pub fn can_react(s: &State, c: CharacterId) -> bool {
    let ch = &s.characters[c];
    ch.is_active() && !ch.acted && s.phase != Phase::Ambush
}

/// The reactions open to the target in `slot` (always including none).
pub fn reaction_options(s: &State, slot: usize) -> Vec<Reaction> {
    let a = s.attack.as_ref().expect("attack");
    let sl = &a.slots[slot];
    let t = sl.target;
    let tc = &s.characters[t];
    let attacker = a.decl.attacker;
    let mut out = vec![Reaction::None];
    if can_react(s, t) {
        if tc.grabbed_by.is_none() {
            out.push(Reaction::Dodge);
        }
        let someone_countered = a.counter.is_some();
        if !someone_countered && s.characters[attacker].is_active() {
            let mut weapons: Vec<Weapon> = s
                .held(t)
                .filter(|&i| s.items[i].weapon().is_some())
                .map(Weapon::Item)
                .collect();
            weapons.push(Weapon::Unarmed);
            for w in weapons {
                if targeting::can_strike(s, t, w, attacker, false).is_some() {
                    for hold_back in [false, true] {
                        if !(hold_back && w == Weapon::Unarmed) {
                            out.push(Reaction::Counter {
                                weapon: w,
                                mode: AttackMode::Damage { hold_back },
                            });
                        }
                    }
                }
            }
            // "Non-lethal attacks ... can be used to counter": a grapple, or a disarm of any
            // weapon the attacker holds, both on someone nearby.
            if s.characters[attacker].zone == tc.zone {
                out.push(Reaction::Counter {
                    weapon: Weapon::Unarmed,
                    mode: AttackMode::Grapple,
                });
                for i in s.held(attacker) {
                    if s.items[i].weapon().is_some() {
                        out.push(Reaction::Counter {
                            weapon: Weapon::Unarmed,
                            mode: AttackMode::Disarm { item: i },
                        });
                    }
                }
            }
        }
        if tc.grabbed_by.is_none() {
            for (i, c) in s.characters.iter().enumerate() {
                let ally = c.faction == tc.faction && i != t && c.is_active();
                let held_enemy = c.grabbed_by == Some(t);
                // Not behind the attacker, whom the grabber may hold: nobody is the target of
                // their own attack.
                // Nor behind someone the same blast already strikes: no one is hit twice.
                if c.zone == tc.zone
                    && (ally || held_enemy)
                    && i != attacker
                    && !sl.shifted_from.contains(&i)
                    && !a.slots.iter().any(|o| o.target == i)
                {
                    out.push(Reaction::HideBehind(i));
                }
            }
        }
    }
    for (i, c) in s.characters.iter().enumerate() {
        if c.faction == tc.faction
            && i != t
            && c.zone == tc.zone
            && can_react(s, i)
            && c.grabbed_by.is_none()
            && !sl.shifted_from.contains(&i)
            && !a.slots.iter().any(|o| o.target == i)
        {
            out.push(Reaction::Guard(i));
        }
    }
    out
}

/// Stunt and reaction decisions.
pub fn decide(ctx: &mut Ctx, action: &Action) -> Result<(), RuleError> {
    // Reached unchecked by a play-out's trusted apply too: an answer with no attack to answer
    // is refused by name, not a panic.
    let Some(decl) = ctx.s.attack.as_ref().map(|a| a.decl) else {
        return Err(RuleError::Illegal(
            Line::new("rule-no-attack-to-answer").line("action", describe(ctx.s, action)),
        ));
    };
    let a = decl.attacker;
    match action {
        Action::NoStunt => begin_reactions(ctx),
        Action::ProposeStunt(st) => {
            let t = ctx.s.attack.as_ref().expect("attack").slots[0].target;
            ctx.say(
                Noted::StuntOffered.about(a),
                later(|| {
                    Line::new("zones-offers-stunt")
                        .who("attacker", a)
                        .who("target", t)
                        .line("stunt", said::stunt(*st))
                }),
            );
            ctx.s.attack.as_mut().expect("attack").step = AttackStep::AnswerStunt(*st);
            Ok(())
        }
        Action::RefuseStunt => {
            let t = ctx.s.attack.as_ref().expect("attack").slots[0].target;
            ctx.say(
                Noted::StuntRefused.about(t),
                later(|| Line::new("zones-refuses-stunt").who("who", t)),
            );
            begin_reactions(ctx)
        }
        Action::AcceptStunt => {
            let AttackStep::AnswerStunt(st) = ctx.s.attack.as_ref().expect("attack").step else {
                return Err(RuleError::Illegal(Line::new("zones-no-stunt-offered")));
            };
            let t = ctx.s.attack.as_ref().expect("attack").slots[0].target;
            ctx.say(
                Noted::StuntAccepted.about(t),
                later(|| {
                    Line::new("zones-accepts-stunt")
                        .who("who", t)
                        .line("stunt", said::stunt(st))
                }),
            );
            match st {
                Stunt::Disarm(i) => {
                    ctx.s
                        .put_item(i, Location::Ground(ctx.s.characters[t].zone));
                }
                Stunt::Drive(z) => {
                    place(ctx, t, z);
                    release_across_zones(ctx);
                }
                Stunt::Seize => grab(ctx, t, decl.attacker),
                Stunt::Yield => surrender(ctx, t),
            }
            finish(ctx, decl)
        }
        Action::React(r) => react(ctx, *r),
        _ => Err(RuleError::Illegal(Line::new("rule-not-this-decision"))),
    }
}

fn react(ctx: &mut Ctx, r: Reaction) -> Result<(), RuleError> {
    let AttackStep::React { slot } = ctx.s.attack.as_ref().expect("attack").step else {
        return Err(RuleError::Illegal(Line::new("zones-no-reaction-awaited")));
    };
    let t = ctx.s.attack.as_ref().expect("attack").slots[slot].target;
    let attacker = ctx.s.attack.as_ref().expect("attack").decl.attacker;
    // A reaction is something else than keeping hold, unless it is aimed at the one held: a
    // counter against them, or hiding behind them.
    match r {
        Reaction::None => {}
        Reaction::Dodge => let_go_unless_at(ctx, t, None),
        Reaction::Counter { .. } => let_go_unless_at(ctx, t, Some(attacker)),
        Reaction::HideBehind(c) => let_go_unless_at(ctx, t, Some(c)),
        Reaction::Guard(g) => let_go_unless_at(ctx, g, None),
    }
    match r {
        Reaction::None => {
            ctx.s.attack.as_mut().expect("attack").slots[slot].decided = true;
        }
        Reaction::Dodge => {
            ctx.s.characters[t].acted = true;
            ctx.say(
                EventKind::Reaction { character: t },
                later(|| Line::new("zones-tries-to-dodge").who("who", t)),
            );
            let pass = ctx.save(t, Attribute::Agi, SaveFor::Dodge, "zones.reactions")?;
            let sl = &mut ctx.s.attack.as_mut().expect("attack").slots[slot];
            sl.decided = true;
            sl.dodged = pass;
        }
        Reaction::Counter { weapon, mode } => {
            ctx.s.characters[t].acted = true;
            if let Weapon::Item(i) = weapon {
                ctx.s.items[i].used = true;
            }
            ctx.s.characters[t].figures.attacks += 1;
            ctx.say(
                EventKind::Reaction { character: t },
                later(|| {
                    let line = Line::new("zones-counters")
                        .who("who", t)
                        .who("attacker", attacker)
                        .word("mode", said::mode(mode));
                    match mode {
                        AttackMode::Disarm { item } => line.thing("item", item),
                        _ => line.line("weapon", said::weapon(weapon)),
                    }
                }),
            );
            // Attacking reveals; striking out from behind a barrier is peeking.
            reveal(ctx, t, "counter");
            let (tz, az) = (ctx.s.characters[t].zone, ctx.s.characters[attacker].zone);
            if tz != az && ctx.s.zones[tz].barrier {
                ctx.s.characters[t].peeked = true;
            }
            let mut missed = false;
            if let Some(shot) = targeting::can_strike(ctx.s, t, weapon, attacker, false)
                && shot.save
            {
                missed = !ctx.save(
                    t,
                    Attribute::Wit,
                    SaveFor::CounterHit(shot.why_save),
                    "zones.reactions",
                )?;
            }
            let a = ctx.s.attack.as_mut().expect("attack");
            a.counter = Some(Counter {
                by: t,
                weapon,
                mode,
                missed,
            });
            a.slots[slot].decided = true;
        }
        Reaction::HideBehind(c) => {
            ctx.s.characters[t].acted = true;
            let held = ctx.s.characters[c].grabbed_by == Some(t);
            ctx.say(
                EventKind::Reaction { character: t },
                later(|| {
                    Line::new("zones-hides-behind")
                        .who("who", t)
                        .who("shield", c)
                        .word("held", if held { "held" } else { "ally" })
                }),
            );
            // Stepping in front of the attack shows where one is.
            reveal(ctx, c, "step-in");
            let sl = &mut ctx.s.attack.as_mut().expect("attack").slots[slot];
            sl.shifted_from.push(t);
            sl.target = c;
            // The held character has no say; an ally may react in turn.
            sl.decided = held;
        }
        Reaction::Guard(g) => {
            ctx.s.characters[g].acted = true;
            ctx.say(
                EventKind::Reaction { character: g },
                later(|| Line::new("zones-guards").who("who", g).who("guarded", t)),
            );
            reveal(ctx, g, "step-in");
            let a = ctx.s.attack.as_mut().expect("attack");
            a.slots[slot].shifted_from.push(t);
            a.slots[slot].target = g;
            a.slots[slot].decided = true;
            if a.decl.mode == AttackMode::FinalBlow {
                a.decl.mode = AttackMode::Damage { hold_back: false };
            }
        }
    }
    next_reaction(ctx)
}

/// One blow's damage, and what it was struck with and against, from which its explanation is
/// written where a report asks ([`Blow::explanation`]): the armour, shield and cover as they
/// stood when it was struck, before it or the blows beside it land.
struct Blow {
    attacker: CharacterId,
    target: CharacterId,
    weapon: Weapon,
    /// The die kept, and the other of an impaired roll.
    kept: Rolled,
    dropped: Option<Rolled>,
    hold_back: bool,
    concealed: bool,
    /// The target's armour's value, its shield (the item and its value), and cover.
    armour: Option<u8>,
    shield: Option<(ItemId, u8)>,
    cover: bool,
}

/// Works out one blow's damage against one target from a roll already made (as [`roll_for`]
/// gives it).
fn blow(
    s: &State,
    attacker: CharacterId,
    weapon: Weapon,
    hold_back: bool,
    target: CharacterId,
    (plain, impaired_roll): (Rolled, Option<(Rolled, Rolled)>),
) -> Blow {
    let az = s.characters[attacker].zone;
    let prot = protection(s, az, weapon, target);
    let impaired = weapon == Weapon::Unarmed || hold_back || prot.concealed;
    let (kept, dropped) = match (impaired, impaired_roll) {
        (true, Some((kept, dropped))) => (kept, Some(dropped)),
        _ => (plain, None),
    };
    let tc = &s.characters[target];
    let armour = tc
        .armour
        .as_ref()
        .filter(|ar| !ar.destroyed)
        .map(|ar| ar.value);
    let shield = s.shield_of(target).and_then(|sh| match s.items[sh].kind {
        ItemKind::Shield { armour: v } => Some((sh, v)),
        _ => None,
    });
    Blow {
        attacker,
        target,
        weapon,
        kept,
        dropped,
        hold_back,
        concealed: prot.concealed,
        armour,
        shield,
        cover: prot.cover,
    }
}

impl Blow {
    /// What the armour, the shield and cover take off the die.
    fn stops(&self) -> i32 {
        self.armour.map_or(0, i32::from)
            + self.shield.map_or(0, |(_, v)| i32::from(v))
            + i32::from(self.cover)
    }

    /// The damage the blow deals: the die kept, less what stops it, never below 0.
    fn dealt(&self) -> u8 {
        (i32::from(self.kept.value) - self.stops()).max(0) as u8
    }

    /// The blow's explanation: its die (and the one dropped, impaired), what stopped some of
    /// it, and what it dealt. The armour's name is read from `s`; a name never changes.
    fn explanation(&self, s: &State) -> Explanation {
        let mut reasons = Vec::new();
        if self.weapon == Weapon::Unarmed {
            reasons.push(Line::new("zones-impaired").word("why", "unarmed"));
        }
        if self.hold_back {
            reasons.push(Line::new("zones-impaired").word("why", "holding-back"));
        }
        if self.concealed {
            reasons.push(Line::new("zones-impaired").word("why", "concealment"));
        }
        let mut e = Explanation::new(
            Line::new("zones-damage-what")
                .who("attacker", self.attacker)
                .who("target", self.target)
                .line("weapon", said::weapon(self.weapon))
                .number("sides", stats(s, self.weapon).damage.sides),
            "zones.attacking",
        );
        if let Some(dropped) = self.dropped {
            e.dropped.push(dropped);
            e.rule = "zones.impaired".into();
        }
        e.dice.push(self.kept);
        if let Some(value) = self.armour {
            let name = s.characters[self.target]
                .armour
                .as_ref()
                .map_or("", |ar| ar.name.as_str());
            let cause = Line::new("zones-armour-cause").name("armour", name.to_string());
            e = e.modifier(-i32::from(value), cause);
        }
        if let Some((sh, v)) = self.shield {
            e = e.modifier(
                -i32::from(v),
                Line::new("zones-shield-cause").thing("shield", sh),
            );
        }
        if self.cover {
            e = e.modifier(-1, Line::new("zones-cover-cause"));
        }
        let dealt = self.dealt();
        e.total = i32::from(dealt);
        // More stopped than the die showed: the damage was floored at 0.
        let floored = i32::from(self.kept.value) < self.stops();
        e.outcome = Line::new("zones-damage-outcome")
            .number("dealt", dealt)
            .word("impaired", if reasons.is_empty() { "no" } else { "yes" })
            .lines("reasons", reasons)
            .word("floored", if floored { "yes" } else { "no" });
        e
    }
}

fn needs_impaired(
    s: &State,
    attacker: CharacterId,
    weapon: Weapon,
    hold_back: bool,
    targets: &[CharacterId],
) -> bool {
    let az = s.characters[attacker].zone;
    weapon == Weapon::Unarmed
        || hold_back
        || targets
            .iter()
            .any(|&t| protection(s, az, weapon, t).concealed)
}

/// Rolls for one side of an exchange: the first die (for targets whose damage is not impaired)
/// and, where impaired, a second die with the lower kept (rules notes, zones.impaired).
fn roll_for(
    ctx: &mut Ctx,
    attacker: CharacterId,
    weapon: Weapon,
    hold_back: bool,
    targets: &[CharacterId],
) -> Result<(Rolled, Option<(Rolled, Rolled)>), RuleError> {
    let die = stats(ctx.s, weapon).damage;
    let impaired = needs_impaired(ctx.s, attacker, weapon, hold_back, targets);
    // A quiet play-out tells the dice no purpose (`Log::quiet`).
    let why = ctx.log.line(|| {
        Line::new("zones-roll-damage")
            .who("who", attacker)
            .line("weapon", said::weapon(weapon))
    });
    let first = ctx.roll(die, &why, "zones.attacking")?;
    if !impaired {
        return Ok((first, None));
    }
    let second_why = ctx
        .log
        .line(|| Line::new("zones-roll-impaired").line("roll", why));
    let second = ctx.roll(die, &second_why, "zones.impaired")?;
    let (kept, dropped) = if second.value < first.value {
        (second, first)
    } else {
        (first, second)
    };
    Ok((first, Some((kept, dropped))))
}

/// Resolves the attack once every reaction is chosen.
fn resolve(ctx: &mut Ctx) -> Result<(), RuleError> {
    let a = ctx.s.attack.clone().expect("attack");
    let decl = a.decl;
    let attacker = decl.attacker;
    let live: Vec<&Slot> = a.slots.iter().filter(|sl| !sl.dodged).collect();
    for sl in a.slots.iter().filter(|sl| sl.dodged) {
        ctx.say(
            Noted::Dodged.about(sl.target),
            later(|| Line::new("zones-dodges").who("who", sl.target)),
        );
    }
    let targets: Vec<CharacterId> = live.iter().map(|sl| sl.target).collect();
    let counter = a.counter.clone();
    match decl.mode {
        AttackMode::FinalBlow => {
            for &t in &targets {
                if ctx.s.characters[t].status == Status::Incapacitated {
                    kill(ctx, t, attacker);
                }
            }
        }
        AttackMode::Damage { hold_back } => {
            if targets.is_empty() && counter.is_none() {
                return finish(ctx, decl);
            }
            // Both sides of a counter roll at the same time.
            let mine = if targets.is_empty() {
                None
            } else {
                Some(roll_for(ctx, attacker, decl.weapon, hold_back, &targets)?)
            };
            let theirs = match &counter {
                Some(c) if !c.missed && !c.mode.is_non_lethal() => Some(roll_for(
                    ctx,
                    c.by,
                    c.weapon,
                    c.mode.holds_back(),
                    &[attacker],
                )?),
                _ => None,
            };
            let mut hits: Vec<(CharacterId, CharacterId, Weapon, Blow)> = Vec::new();
            let mut rolled_one = Vec::new();
            if let Some((plain, imp)) = mine {
                rolled_one.extend(shows_one(decl.weapon, plain, imp));
                for &t in &targets {
                    let b = blow(ctx.s, attacker, decl.weapon, hold_back, t, (plain, imp));
                    hits.push((attacker, t, decl.weapon, b));
                }
            }
            if let (Some(c), Some((plain, imp))) = (&counter, theirs) {
                rolled_one.extend(shows_one(c.weapon, plain, imp));
                let b = blow(
                    ctx.s,
                    c.by,
                    c.weapon,
                    c.mode.holds_back(),
                    attacker,
                    (plain, imp),
                );
                hits.push((c.by, attacker, c.weapon, b));
            }
            missed_counter(ctx, counter.as_ref());
            land_in_order(ctx, hits, counter.as_ref().map(|c| c.by))?;
            wear_out(ctx, rolled_one);
            // A non-lethal counter is resolved last.
            non_lethal_counter(ctx, counter.as_ref(), attacker)?;
        }
        AttackMode::Disarm { .. } | AttackMode::Grapple => {
            missed_counter(ctx, counter.as_ref());
            // Damage from a counter lands before the non-lethal effect.
            if let Some(c) = &counter
                && !c.missed
                && !c.mode.is_non_lethal()
            {
                let hold_back = c.mode.holds_back();
                let (plain, imp) = roll_for(ctx, c.by, c.weapon, hold_back, &[attacker])?;
                let b = blow(ctx.s, c.by, c.weapon, hold_back, attacker, (plain, imp));
                land_in_order(ctx, vec![(c.by, attacker, c.weapon, b)], None)?;
                wear_out(ctx, shows_one(c.weapon, plain, imp));
            }
            if ctx.s.characters[attacker].is_active() {
                for &t in &targets {
                    non_lethal(ctx, attacker, t, decl.mode)?;
                }
            }
            non_lethal_counter(ctx, counter.as_ref(), attacker)?;
        }
    }
    finish(ctx, decl)
}

fn missed_counter(ctx: &mut Ctx, counter: Option<&Counter>) {
    if let Some(c) = counter
        && c.missed
    {
        ctx.say(
            Noted::CounterMissed.about(c.by),
            later(|| Line::new("zones-counter-misses").who("who", c.by)),
        );
    }
}

/// A disarm or grapple made as a counter, resolved after every blow.
fn non_lethal_counter(
    ctx: &mut Ctx,
    counter: Option<&Counter>,
    attacker: CharacterId,
) -> Result<(), RuleError> {
    match counter {
        Some(c) if c.mode.is_non_lethal() && !c.missed && ctx.s.characters[c.by].is_active() => {
            non_lethal(ctx, c.by, attacker, c.mode)
        }
        _ => Ok(()),
    }
}

/// The weapon, if its damage roll showed a 1: a damaged one breaks on it, whether or not its
/// blow lands (zones.gear-degradation).
fn shows_one(weapon: Weapon, plain: Rolled, impaired: Option<(Rolled, Rolled)>) -> Option<Weapon> {
    (plain.value == 1 || impaired.is_some_and(|(kept, _)| kept.value == 1)).then_some(weapon)
}

/// "Damaged weapons and shields are destroyed if they are used to attack and a 1 is rolled
/// on the damage die": once for the roll, however many it struck.
fn wear_out(ctx: &mut Ctx, rolled_one: impl IntoIterator<Item = Weapon>) {
    for w in rolled_one {
        if let Weapon::Item(i) = w
            && ctx.s.items[i].damaged
            && ctx.s.items[i].location != Location::Gone
        {
            let holder = ctx.s.items[i].location.holder();
            ctx.s.put_item(i, Location::Gone);
            ctx.say(
                EventKind::Gear {
                    character: holder,
                    item: Some(i),
                    change: GearChange::Broke,
                },
                later(|| Line::new("zones-weapon-breaks").thing("item", i)),
            );
        }
    }
}

/// Lands blows; in a counter exchange the one that deals more lands first, and a blow from
/// someone taken out by it never lands; equal blows land together.
fn land_in_order(
    ctx: &mut Ctx,
    mut hits: Vec<(CharacterId, CharacterId, Weapon, Blow)>,
    counter_by: Option<CharacterId>,
) -> Result<(), RuleError> {
    if let Some(cb) = counter_by {
        // Only the exchange between the attacker and the counterer is ordered.
        let exchange: Vec<usize> = hits
            .iter()
            .enumerate()
            .filter(|(_, h)| h.0 == cb || h.1 == cb)
            .map(|(i, _)| i)
            .collect();
        if exchange.len() == 2 {
            let (x, y) = (exchange[0], exchange[1]);
            let (dx, dy) = (hits[x].3.dealt(), hits[y].3.dealt());
            if dx == dy {
                ctx.say(Noted::EqualDamage.aside(), Line::new("zones-equal-damage"));
            } else {
                let first = if dx > dy { hits[x].1 } else { hits[y].1 };
                ctx.say(
                    Noted::HitFirst.about(first),
                    later(|| Line::new("zones-hit-first").who("who", first)),
                );
            }
            if dy > dx {
                hits.swap(x, y);
            }
            let simultaneous = dx == dy;
            let mut fallen = Vec::new();
            for (by, to, _, b) in hits {
                if !simultaneous && fallen.contains(&by) {
                    ctx.say(
                        Noted::BlowNeverLanded.about(by),
                        later(|| Line::new("zones-blow-never-lands").who("who", by)),
                    );
                    continue;
                }
                land(ctx, by, to, b)?;
                if !ctx.s.characters[to].is_active() {
                    fallen.push(to);
                }
            }
            return Ok(());
        }
    }
    for (by, to, _, b) in hits {
        land(ctx, by, to, b)?;
    }
    Ok(())
}

fn land(ctx: &mut Ctx, by: CharacterId, to: CharacterId, b: Blow) -> Result<(), RuleError> {
    let dealt = b.dealt();
    let s = &*ctx.s;
    ctx.log.explain(|| {
        let kind = EventKind::Damage {
            character: to,
            amount: dealt,
            health: s.characters[to].health.saturating_sub(dealt),
        };
        let said = Line::new("zones-hits")
            .who("attacker", by)
            .who("target", to)
            .number("n", dealt);
        (kind, said, b.explanation(s))
    });
    // Gear wears: damaged shields, then armour, break under 8+ (weapons: `wear_out`).
    if let Some(sh) = ctx.s.shield_of(to) {
        ctx.s.items[sh].used = true;
    }
    if let Some(ar) = ctx.s.characters[to].armour.as_mut() {
        ar.used = true;
    }
    if b.kept.value >= 8 {
        let shield = ctx.s.shield_of(to).filter(|&sh| ctx.s.items[sh].damaged);
        if let Some(sh) = shield {
            ctx.s.put_item(sh, Location::Gone);
            ctx.say(
                GearChange::Smashed.of(to, sh),
                later(|| {
                    Line::new("zones-shield-smashed")
                        .who("who", to)
                        .thing("shield", sh)
                }),
            );
        } else if let Some(ar) = ctx.s.characters[to].armour.as_mut()
            && ar.damaged
            && !ar.destroyed
        {
            ar.destroyed = true;
            let armour = ar.name.clone();
            ctx.say(
                EventKind::Gear {
                    character: Some(to),
                    item: None,
                    change: GearChange::Ruined,
                },
                later(|| {
                    Line::new("zones-armour-ruined")
                        .who("who", to)
                        .name("armour", armour)
                }),
            );
        }
    }
    apply_damage(ctx, to, dealt, Some(by))
}

/// Takes health away; at zero a character is incapacitated. A surrendered character harmed by
/// the enemy fights on.
pub fn apply_damage(
    ctx: &mut Ctx,
    to: CharacterId,
    dealt: u8,
    by: Option<CharacterId>,
) -> Result<(), RuleError> {
    let enemy = by.is_some_and(|b| ctx.s.characters[b].faction != ctx.s.characters[to].faction);
    {
        let ch = &mut ctx.s.characters[to];
        let taken = dealt.min(ch.health);
        ch.health -= taken;
        ch.figures.damage_taken += u32::from(taken);
        if taken > 0 && u16::from(ch.health) * 2 <= u16::from(ch.max_health) {
            ch.hurt_to_half = true;
        }
    }
    if let Some(b) = by {
        ctx.s.characters[b].figures.damage_dealt += u32::from(dealt);
        if dealt > 0
            && let Some(die) = ctx.s.characters[b].coated.take()
        {
            ctx.s.characters[to].poisoned = Some(die);
            ctx.say(
                Noted::Poisoned.about(to),
                later(|| Line::new("zones-poisoned").who("who", to)),
            );
        }
    }
    if dealt > 0
        && enemy
        && ctx.s.characters[to].status == Status::Surrendered
        && ctx.s.characters[to].health > 0
    {
        ctx.s.characters[to].may_resume = true;
        ctx.say(
            Noted::MayResume.about(to),
            later(|| Line::new("zones-may-resume").who("who", to)),
        );
    }
    if ctx.s.characters[to].health == 0
        && matches!(
            ctx.s.characters[to].status,
            Status::Active | Status::Surrendered
        )
    {
        ctx.s.characters[to].status = Status::Incapacitated;
        if let Some(b) = by {
            ctx.s.characters[b].figures.takedowns += 1;
        }
        if let Some(g) = grabbed_by(ctx.s, to) {
            release(ctx, g);
        }
        release(ctx, to);
        ctx.say(
            EventKind::StatusChanged {
                character: to,
                status: Status::Incapacitated,
            },
            later(|| Line::new("zones-falls").who("who", to)),
        );
    }
    Ok(())
}

fn kill(ctx: &mut Ctx, t: CharacterId, by: CharacterId) {
    ctx.s.characters[t].status = Status::Dead;
    ctx.s.characters[by].figures.takedowns += 1;
    ctx.say(
        EventKind::StatusChanged {
            character: t,
            status: Status::Dead,
        },
        later(|| {
            Line::new("zones-final-blow")
                .who("attacker", by)
                .who("target", t)
        }),
    );
}

pub fn grab(ctx: &mut Ctx, t: CharacterId, by: CharacterId) {
    ctx.s.characters[t].grabbed_by = Some(by);
    ctx.say(
        EventKind::Grabbed { character: t, by },
        later(|| Line::new("zones-grabbed").who("who", t).who("by", by)),
    );
}

/// Disarm or grapple: the target's STR save or the effect.
fn non_lethal(
    ctx: &mut Ctx,
    by: CharacterId,
    t: CharacterId,
    mode: AttackMode,
) -> Result<(), RuleError> {
    if !ctx.s.characters[t].is_active() && ctx.s.characters[t].status != Status::Surrendered {
        return Ok(());
    }
    match mode {
        AttackMode::Disarm { item } => {
            if ctx.s.items[item].location != Location::Hand(t) {
                return Ok(());
            }
            let pass = ctx.save(t, Attribute::Str, SaveFor::Disarm, "zones.disarm")?;
            if !pass {
                ctx.s
                    .put_item(item, Location::Ground(ctx.s.characters[t].zone));
                ctx.say(
                    GearChange::Dropped.of(t, item),
                    later(|| Line::new("zones-drops").who("who", t).thing("item", item)),
                );
            }
        }
        AttackMode::Grapple => {
            let pass = ctx.save(t, Attribute::Str, SaveFor::Grapple, "zones.grapple")?;
            if !pass {
                if let Some(g) = grabbed_by(ctx.s, by) {
                    release(ctx, g);
                }
                grab(ctx, t, by);
            }
        }
        _ => {}
    }
    Ok(())
}

/// A hazard's damage: armour does not help against falling, fire or deep water.
pub fn hazard_damage(
    ctx: &mut Ctx,
    v: CharacterId,
    h: &Hazard,
    by: Option<CharacterId>,
) -> Result<(), RuleError> {
    ctx.raw_damage(v, h.damage, Harm::Hazard(h), "zones.grapple", by)
}

/// The attack is over: the attacker is revealed if they were sneaking, and play goes back to
/// the move or the turn it interrupted.
fn finish(ctx: &mut Ctx, decl: AttackDecl) -> Result<(), RuleError> {
    ctx.s.attack = None;
    reveal(ctx, decl.attacker, "attacked");
    if ctx.s.movement.is_some() {
        ctx.s.stage = Stage::Opportunity;
    } else if ctx.s.turn.is_some() {
        ctx.s.stage = Stage::Turn;
    } else {
        end_turn(ctx);
    }
    Ok(())
}
