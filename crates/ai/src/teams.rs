//! What the AI knows of Three actions beyond the contract: how each team stands (its members'
//! endurance and health, who is still able to fight, how far it has come towards its
//! objective), and what each action is worth in points of damage, from the core's exact attack
//! odds and exact test chances.
//!
//! Every weight is a named constant below; the unit is one point of damage dealt to an enemy.

use std::cell::RefCell;
use std::collections::HashMap;

use super::Heuristics;
use fray_rules::battle::{CharacterId, Outcome, Ruleset};
use fray_rules::dice::Die;
use fray_rules::teams::grid::{adjacent, cover_between, distance, line_of_sight};
use fray_rules::teams::harm::{DefenceTest, defence_test};
use fray_rules::teams::odds::{AttackOdds, AttackProfile, odds, profile};
use fray_rules::teams::roll::{LUCK_BONUS, LUCKY, TestSpec};
use fray_rules::teams::targeting::{can_attack, figures, weapon_ready};
use fray_rules::teams::{
    Action, Character, Extended, Location, Objective, Pos, State, Status, Teams, WeaponRef,
};

// How a team stands (`evaluate`).

/// A member still able to fight, before its pools count.
const ABLE: f64 = 1.0;
/// A member's endurance and health left, as a share of the most it can have.
const POOLS: f64 = 1.0;
/// A member's turn still to come this round, and its stamina left (for reactions), in shares
/// of a member.
const TURN_TO_COME: f64 = 0.3;
const STAMINA_LEFT: f64 = 0.2;
/// An unconscious member: out of the fight, though an ally may bring them round.
const UNCONSCIOUS: f64 = 0.15;
/// How much a team's progress towards its objective (0 to 1) adds to its share.
const OBJECTIVE: f64 = 1.0;
/// Metres at which the approach to an objective square counts half.
const APPROACH_HALF: f64 = 4.0;
/// Progress shown by a short task being worked, before its test.
const TASK_UNDER_WAY: f64 = 0.5;

// What an attack is worth (`action_value`).

/// Taking an enemy out of the fight, in points of damage.
const TAKEDOWN: f64 = 8.0;
/// How many times more it is worth when that enemy is about to complete its objective.
const URGENT_TAKEDOWN: f64 = 3.0;
/// A critical hit cannot be dodged: each point of its chance is worth this much more.
const CRITICAL_EDGE: f64 = 1.5;
/// A shot going astray at a friend standing by the target: the cost of each point of chance.
const STRAY_AT_FRIEND: f64 = 4.0;
/// Damage to an enemy already unconscious counts this share: they are out, it may kill.
const FALLEN_SHARE: f64 = 0.1;
/// The chance of failing to fortify that a knocked-down character is assumed to have.
const FORTIFY_FAILS: f64 = 0.5;

// What a position is worth.

/// Standing within reach of an enemy (melee) or in range and sight (shooting).
const ENGAGED: f64 = 3.0;
/// Each metre still to go before an enemy is within reach or range.
const PER_METRE: f64 = 0.35;
/// Extra for the enemy engaged being worn down: per share of their pools missing.
const FINISH_WEAK: f64 = 2.0;
/// Standing so that an enemy has a friend of ours straight across it: flanking.
const FLANK: f64 = 1.5;
/// A shooter with an enemy next to it.
const SHOOTER_CROWDED: f64 = 3.0;
/// Standing on an objective square, or every metre nearer one.
const ON_OBJECTIVE: f64 = 6.0;
const OBJECTIVE_PER_METRE: f64 = 0.6;
/// Next to a short task that wins the battle (less once an ally is working it).
const AT_TASK: f64 = 5.0;
const AT_TASK_WORKED: f64 = 1.0;
/// Engaging (or closing on) an enemy who is about to complete its team's objective.
const STOP_OBJECTIVE: f64 = 6.0;
/// Standing in the way of an enemy objective: next to its task, on its squares or exits.
const DENY_OBJECTIVE: f64 = 1.0;

// The price of things.

/// An action spent moving rather than fighting.
const MOVE_COST: f64 = 0.6;
/// A step forbids a move later in the turn.
const STEP_COST: f64 = 0.3;
/// A point of stamina or focus, a limited pool for reactions and sprints.
const STAMINA: f64 = 0.8;
/// The round's reaction spent now rather than later.
const REACTION: f64 = 0.4;
/// A point of a shield's or weapon's durability, and the item breaking.
const WEAR: f64 = 0.3;
const BREAK: f64 = 2.0;

// Stances and other actions.

/// Guarding, per enemy who could strike this character next round.
const GUARD_PER_THREAT: f64 = 1.0;
/// Waiting for a second reaction, per such enemy (with stamina to use it).
const WAIT_PER_THREAT: f64 = 0.7;
/// Readying an attack on an enemy who may come within reach: this share of the weapon's
/// damage and an average test.
const READY_SHARE: f64 = 0.3;
const AVERAGE_TEST: f64 = 7.0;
/// Each action a stance (guard, wait, ready) leaves unspent.
const FORGONE_ACTION: f64 = 1.2;
/// Seeking cover, per enemy shooter it would give disadvantage.
const COVER_PER_SHOOTER: f64 = 1.5;
/// Standing up from prone.
const STAND_UP: f64 = 2.0;
/// Going prone for nothing, dropping a good item.
const DROP_PRONE: f64 = 1.0;
const DROP_ITEM: f64 = 1.5;
/// Even a broken item is not worth a decision to drop.
const DROP_BROKEN: f64 = 0.1;
/// A door opened or closed: rarely worth an action.
const DOOR: f64 = 0.4;
/// Reloading a weapon that then shoots again: this share of its next shot's damage.
const RELOAD_SHARE: f64 = 0.5;
/// A killing strike on an enemy who might otherwise be brought round.
const KILLING_STRIKE: f64 = 1.5;
/// Leaving the battle when that is not the objective.
const DESERT: f64 = 10.0;
/// A member leaving by an exit when escape is the objective.
const ESCAPE: f64 = 12.0;
/// The share of an ally's best attack that commanding them is worth (it costs 2 focus).
const COMMAND_SHARE: f64 = 0.8;
/// Completing a short task that is the team's objective: the battle.
const TASK_WIN: f64 = 40.0;
/// A free defence an interceptor gets, as the share of harm it avoids.
const FREE_DEFENCE: f64 = 0.15;
/// Two friends swapping squares breaks the line they held.
const DISPLACED: f64 = 0.5;

/// Attack odds already computed, by profile: a play-out meets the same attack again and again.
const ODDS_CACHE: usize = 8192;

thread_local! {
    static ODDS: RefCell<HashMap<AttackProfile, AttackOdds>> = RefCell::new(HashMap::new());
}

fn attack_odds(s: &State, a: CharacterId, w: WeaponRef, t: CharacterId) -> Option<AttackOdds> {
    let p = profile(s, a, w, t)?;
    Some(ODDS.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() >= ODDS_CACHE {
            m.clear();
        }
        *m.entry(p).or_insert_with(|| odds(&p))
    }))
}

impl Heuristics for Teams {
    fn evaluate(s: &State) -> Vec<f64> {
        let n = s.teams.len();
        if let Some(o) = &s.outcome {
            return match o {
                Outcome::Victory { winner, .. } => {
                    (0..n).map(|t| f64::from(u8::from(t == *winner))).collect()
                }
                Outcome::Draw { .. } => vec![1.0 / n as f64; n],
            };
        }
        let mut strength = vec![0.0; n];
        for c in &s.characters {
            strength[c.team] += member(c) + readiness(c);
        }
        let total = strength.iter().sum::<f64>().max(1e-9);
        let mut score: Vec<f64> = (0..n)
            .map(|t| strength[t] / total + OBJECTIVE * progress(s, t))
            .collect();
        let sum = score.iter().sum::<f64>().max(1e-9);
        for v in &mut score {
            *v /= sum;
        }
        score
    }

    /// More samples than the other rulesets, and a move chosen over the heuristic's at one
    /// standard error: a turn's three actions depend on each other, so the heuristic's single
    /// step is wrong more often here (`fray bench ai --ruleset teams`: hard against normal 65%
    /// with the default). 30 samples, not 48: with the shipped boards and three generated
    /// ones (`--generated 3 --games 4`), hard beat normal 75% with 30 at a median of 31 ms a
    /// decision (worst 131 ms), and 70% with 48 at 51 ms (worst 229 ms): no strength to see
    /// for the time.
    fn rollouts() -> crate::RolloutConfig {
        crate::RolloutConfig {
            samples: 30,
            margin: 1.0,
            ..crate::RolloutConfig::default()
        }
    }

    /// Past eight fighters able to fight (the shipped boards' most), a play-out costs more
    /// with each, both in decisions and in each decision's choices: fewer are played, about as
    /// the square of the fighters, so that a decision on a big generated board keeps within the
    /// hard level's time.
    fn rollouts_for(s: &State) -> crate::RolloutConfig {
        let base = Self::rollouts();
        let fighters = s.characters.iter().filter(|c| c.is_active()).count() as u32;
        let crowd = (fighters * fighters).max(64);
        crate::RolloutConfig {
            samples: (base.samples * 64 / crowd).max(12),
            ..base
        }
    }

    fn action_value(s: &State, action: &Action) -> f64 {
        match *action {
            Action::InitiativeNext(t) => -(able(s, t) as f64),
            Action::Activate(c) => activation(s, c),
            Action::Intercept(ally) => intercept(s, ally),
            Action::Dodge => defence(s, Some(DefenceTest::Dodge), 0, None),
            Action::Resist => defence(s, Some(DefenceTest::Resist), 0, None),
            Action::Parry(i) => defence(s, None, parry_value(s, i), None),
            Action::Block(i) => defence(s, None, 0, Some(i)),
            Action::Fortify => fortify(s),
            Action::NoIntercept | Action::NoReaction | Action::FallUnconscious => 0.0,
            _ => s.actor().map_or(0.0, |c| turn_action(s, c, action)),
        }
    }

    /// The GM places the remaining teams in the initiative (teams.initiative): Fray's GM
    /// evens the odds, the team with the fewest members able to fight going first, the
    /// scenario's order breaking ties.
    fn gm_choice(s: &State, legal: &[Action]) -> usize {
        let _ = Teams::pending(s);
        legal
            .iter()
            .enumerate()
            .min_by_key(|(i, a)| match a {
                Action::InitiativeNext(t) => (able(s, *t), *i),
                _ => (usize::MAX, *i),
            })
            .map_or(0, |(i, _)| i)
    }
}

/// Members of a team still able to fight.
fn able(s: &State, t: usize) -> usize {
    s.characters
        .iter()
        .filter(|c| c.team == t && c.is_active())
        .count()
}

/// What one member adds to its team's strength.
fn member(c: &Character) -> f64 {
    match c.status {
        Status::Active => {
            let most = f64::from(c.stats.endurance) + f64::from(c.stats.health);
            let left = f64::from(c.endurance) + f64::from(c.health);
            ABLE + POOLS * left / most.max(1.0)
        }
        Status::Unconscious => UNCONSCIOUS,
        Status::Dead | Status::Fled => 0.0,
    }
}

/// What a member able to fight still has in hand: a turn to come this round, and stamina for
/// reactions. Greedy choices never see it; a search that stops mid-round does.
fn readiness(c: &Character) -> f64 {
    if !c.is_active() {
        return 0.0;
    }
    let turn = if c.acted { 0.0 } else { TURN_TO_COME };
    turn + STAMINA_LEFT * f64::from(c.stamina) / f64::from(c.stats.stamina.max(1))
}

/// 1 at the square, falling off with the metres still to go.
fn approach(metres: u8) -> f64 {
    APPROACH_HALF / (APPROACH_HALF + f64::from(metres))
}

/// Metres from `p` to the nearest of `squares`.
fn nearest(p: Pos, squares: &[Pos]) -> Option<u8> {
    squares.iter().map(|&q| distance(p, q)).min()
}

/// How far team `t` has come towards its objective, 0 to 1 (teams.objectives).
fn progress(s: &State, t: usize) -> f64 {
    let members = || {
        s.characters
            .iter()
            .filter(move |c| c.team == t && c.is_active())
    };
    match &s.teams[t].objective {
        Objective::Defeat => 0.0,
        Objective::Reach { squares } => members()
            .filter_map(|c| nearest(c.pos, squares))
            .map(approach)
            .fold(0.0, f64::max),
        Objective::Hold { squares, rounds } => {
            let on = members().any(|c| squares.contains(&c.pos));
            let near = members()
                .filter_map(|c| nearest(c.pos, squares))
                .map(approach)
                .fold(0.0, f64::max);
            let held = f64::from(s.teams[t].held) + if on { 0.5 } else { 0.0 };
            (held / f64::from((*rounds).max(1))).min(1.0) * 0.7 + near * 0.3
        }
        Objective::Escape { count } => {
            let need = f64::from((*count).max(1));
            let out = f64::from(s.teams[t].escaped);
            let near = members()
                .filter_map(|c| nearest(c.pos, &s.map.exits))
                .map(approach)
                .fold(0.0, f64::max);
            ((out + near) / need).min(1.0)
        }
        Objective::Protect { character, rounds } => {
            let safe = s
                .characters
                .get(*character)
                .is_some_and(Character::is_active);
            if safe {
                (f64::from(s.round) / f64::from((*rounds).max(1))).min(1.0)
            } else {
                0.0
            }
        }
        Objective::Task { task } => {
            let Some(k) = s.tasks.get(*task) else {
                return 0.0;
            };
            if k.done {
                return 1.0;
            }
            let working = members()
                .any(|c| matches!(c.extended, Some(ip) if ip.action == Extended::ShortTask(*task)));
            let near = members()
                .map(|c| approach(distance(c.pos, k.at).saturating_sub(1)))
                .fold(0.0, f64::max);
            if working {
                TASK_UNDER_WAY + (1.0 - TASK_UNDER_WAY) * near
            } else {
                near * TASK_UNDER_WAY
            }
        }
    }
}

/// Damage that would knock `c` down: its endurance, then health beyond its constitution.
fn down_at(c: &Character) -> f64 {
    f64::from(c.endurance) + f64::from(c.health.min(c.stats.constitution.saturating_add(1)))
}

/// What `dmg` points dealt to `c` cost its team: the points, and taking it out of the fight
/// (at zero health surely, beyond its constitution unless it fortifies).
fn harm(c: &Character, dmg: f64) -> f64 {
    if c.status != Status::Active {
        return FALLEN_SHARE * dmg;
    }
    let to_health = dmg - f64::from(c.endurance);
    let out = if to_health >= f64::from(c.health) {
        1.0
    } else if to_health + f64::from(c.missing_health()) > f64::from(c.stats.constitution) {
        FORTIFY_FAILS
    } else {
        0.0
    };
    dmg + TAKEDOWN * out
}

/// The expected worth of an attack from the exact odds: damage, the chance of taking the target
/// out, a critical hit's edge, less a stray shot's danger to friends.
fn attack_value(s: &State, a: CharacterId, w: WeaponRef, t: CharacterId) -> f64 {
    let Some(o) = attack_odds(s, a, w, t) else {
        return -1.0;
    };
    let tc = &s.characters[t];
    if tc.status != Status::Active {
        return FALLEN_SHARE * o.expected_damage;
    }
    let per_hit = if o.hit > 0.0 {
        o.expected_damage / o.hit
    } else {
        0.0
    };
    let down = (per_hit / down_at(tc).max(1.0)).min(1.0).powi(2);
    let friends = s
        .characters
        .iter()
        .enumerate()
        .filter(|(k, c)| {
            *k != a && c.team == s.characters[a].team && c.is_present() && adjacent(c.pos, tc.pos)
        })
        .count();
    let takedown = if urgent(s, t) {
        TAKEDOWN * URGENT_TAKEDOWN
    } else {
        TAKEDOWN
    };
    o.expected_damage + takedown * o.hit * down + CRITICAL_EDGE * o.critical
        - STRAY_AT_FRIEND * o.stray * friends as f64
}

/// The weapons `c` holds ready, then bare hands.
fn ready_weapons(s: &State, c: CharacterId) -> impl Iterator<Item = WeaponRef> + '_ {
    s.held(c)
        .map(WeaponRef::Item)
        .chain(std::iter::once(WeaponRef::Unarmed))
        .filter(move |&w| weapon_ready(s, c, w) && s.weapon(w).is_some())
}

/// The best attack `c` could make from where it stands.
fn best_attack(s: &State, c: CharacterId) -> f64 {
    let mut best = 0.0f64;
    for w in ready_weapons(s, c) {
        for (t, tc) in s.characters.iter().enumerate() {
            if tc.team != s.characters[c].team && tc.is_active() {
                if can_attack(s, c, w, t).is_none() {
                    continue;
                }
                best = best.max(attack_value(s, c, w, t));
            }
        }
    }
    best
}

/// The longest melee reach and the longest range of the weapons `c` holds, a weapon waiting
/// to be reloaded counted as the shooter's (it will be).
fn reach_and_range(s: &State, c: CharacterId) -> (u8, u8) {
    let mut reach = 1; // bare hands
    let mut range = 0;
    for i in s.held(c) {
        if let Some(def) = s.items[i].def.weapon.as_ref() {
            reach = reach.max(def.reach);
            range = range.max(def.range);
        }
    }
    (reach, range)
}

/// Whether enemy `e` is about to complete its team's objective: working its short task,
/// standing next to it, on its squares or on an exit it means to leave by.
fn urgent(s: &State, e: CharacterId) -> bool {
    let en = &s.characters[e];
    match &s.teams[en.team].objective {
        Objective::Task { task } => {
            matches!(en.extended, Some(ip) if ip.action == Extended::ShortTask(*task))
                || s.tasks
                    .get(*task)
                    .is_some_and(|k| distance(en.pos, k.at) <= 1)
        }
        Objective::Reach { squares } | Objective::Hold { squares, .. } => squares.contains(&en.pos),
        Objective::Escape { .. } => s.map.exits.contains(&en.pos),
        Objective::Defeat | Objective::Protect { .. } => false,
    }
}

/// How good `p` is for `c` to stand on: engaged with an enemy (the weaker the better), or how
/// far from that; flanking; a shooter kept clear; the team's objective squares.
fn position(s: &State, c: CharacterId, p: Pos) -> f64 {
    let me = &s.characters[c];
    let (reach, range) = reach_and_range(s, c);
    let mut crowded = false;
    let mut flank = 0.0;
    let mut best: Option<f64> = None;
    for (e, en) in s.characters.iter().enumerate() {
        if en.team == me.team || !en.is_active() || en.unseen || e == c {
            continue;
        }
        let d = distance(p, en.pos);
        crowded |= d <= 1;
        let weak = 1.0 - member(en) / (ABLE + POOLS) + if en.prone { 0.2 } else { 0.0 };
        let stop = if urgent(s, e) { STOP_OBJECTIVE } else { 0.0 };
        let melee = reach > 0 && d <= reach;
        // Sight is traced only for a shooter whose range reaches: the dearest check.
        let shot = !melee && range > 0 && d <= range && line_of_sight(s, p, en.pos);
        let v = if melee || shot {
            ENGAGED + FINISH_WEAK * weak + stop
        } else {
            let want = if range > 0 { range } else { reach.max(1) };
            let gap = d.saturating_sub(want);
            stop * approach(gap) - PER_METRE * f64::from(gap)
        };
        best = Some(best.map_or(v, |b: f64| b.max(v)));
        if adjacent(p, en.pos) {
            // A friend straight across the enemy from here makes a flank.
            let (ox, oy) = (
                2 * i32::from(en.pos.x) - i32::from(p.x),
                2 * i32::from(en.pos.y) - i32::from(p.y),
            );
            let across = s.map.inside(ox, oy).is_some_and(|q| {
                s.characters
                    .iter()
                    .enumerate()
                    .any(|(k, f)| k != c && f.team == me.team && f.is_active() && f.pos == q)
            });
            if across {
                flank = FLANK;
            }
        }
    }
    let mut v = best.unwrap_or(0.0);
    v += flank;
    if range > 0 && reach <= 1 && crowded {
        v -= SHOOTER_CROWDED;
    }
    v + objective_position(s, c, p) + deny(s, c, p)
}

/// Standing in the way of the enemies' objectives: next to their task, on their squares or
/// their exits.
fn deny(s: &State, c: CharacterId, p: Pos) -> f64 {
    let team = s.characters[c].team;
    let mut v = 0.0;
    for (t, other) in s.teams.iter().enumerate() {
        if t == team {
            continue;
        }
        let near = match &other.objective {
            Objective::Task { task } => s
                .tasks
                .get(*task)
                .is_some_and(|k| !k.done && distance(p, k.at) <= 1),
            Objective::Reach { squares } | Objective::Hold { squares, .. } => {
                nearest(p, squares).is_some_and(|d| d <= 1)
            }
            Objective::Escape { .. } => nearest(p, &s.map.exits).is_some_and(|d| d <= 1),
            Objective::Defeat | Objective::Protect { .. } => false,
        };
        if near {
            v += DENY_OBJECTIVE;
        }
    }
    v
}

/// What standing on `p` does for the team's objective.
fn objective_position(s: &State, c: CharacterId, p: Pos) -> f64 {
    let team = s.characters[c].team;
    let to = |squares: &[Pos]| match nearest(p, squares) {
        Some(0) => ON_OBJECTIVE,
        Some(d) => -OBJECTIVE_PER_METRE * f64::from(d),
        None => 0.0,
    };
    match &s.teams[team].objective {
        Objective::Reach { squares } | Objective::Hold { squares, .. } => to(squares),
        Objective::Escape { .. } => to(&s.map.exits),
        Objective::Task { task } => match s.tasks.get(*task) {
            Some(k) if !k.done => {
                let d = distance(p, k.at);
                let worked = s.characters.iter().enumerate().any(|(a, ch)| {
                    a != c
                        && ch.team == team
                        && ch.is_active()
                        && matches!(ch.extended, Some(ip) if ip.action == Extended::ShortTask(*task))
                });
                if d <= 1 {
                    if worked { AT_TASK_WORKED } else { AT_TASK }
                } else {
                    -OBJECTIVE_PER_METRE * f64::from(d - 1)
                }
            }
            _ => 0.0,
        },
        Objective::Defeat | Objective::Protect { .. } => 0.0,
    }
}

/// Enemies who could strike `c` on their next turn: within a move and their reach or range.
fn threats(s: &State, c: CharacterId) -> usize {
    let me = &s.characters[c];
    s.characters
        .iter()
        .enumerate()
        .filter(|(e, en)| {
            en.team != me.team && en.is_active() && {
                let (reach, range) = reach_and_range(s, *e);
                let d = distance(en.pos, me.pos);
                d <= en.stats.speed.saturating_add(reach) || d <= range
            }
        })
        .count()
}

/// Giving `c` the turn: what it can hit from where it stands, or how soon it can close in, and
/// an objective within its grasp.
fn activation(s: &State, c: CharacterId) -> f64 {
    let me = &s.characters[c];
    if let Some(ip) = me.extended {
        return extended_value(s, c, ip.action);
    }
    let attack = best_attack(s, c);
    let closing = closing(s, c);
    let task = match &s.teams[me.team].objective {
        Objective::Task { task } => s
            .tasks
            .get(*task)
            .filter(|k| !k.done && distance(me.pos, k.at) <= 1)
            .map_or(0.0, |_| AT_TASK),
        _ => 0.0,
    };
    attack.max(closing) + task
}

/// What `c` could do by moving first: engage the best enemy within a move and its reach or
/// range (the more so if that enemy is about to complete its objective), or get nearer.
fn closing(s: &State, c: CharacterId) -> f64 {
    let me = &s.characters[c];
    let (reach, range) = reach_and_range(s, c);
    let strike = reach.max(range).max(1);
    let mut best = 0.0f64;
    for (e, en) in s.characters.iter().enumerate() {
        if en.team == me.team || !en.is_active() || en.unseen {
            continue;
        }
        let gap = distance(me.pos, en.pos).saturating_sub(strike);
        let stop = if urgent(s, e) { STOP_OBJECTIVE } else { 0.0 };
        let weak = 1.0 - member(en) / (ABLE + POOLS);
        let v = if gap <= me.stats.speed {
            ENGAGED + FINISH_WEAK * weak + stop - MOVE_COST
        } else {
            stop * approach(gap - me.stats.speed)
        };
        best = best.max(v);
    }
    best
}

/// The worth of finishing an action under way.
fn extended_value(s: &State, c: CharacterId, what: Extended) -> f64 {
    match what {
        Extended::Reload(i) => reload_value(s, i),
        Extended::ShortTask(k) => task_value(s, c, k),
        Extended::Resuscitate(p) => rescue_value(s, c, p),
        Extended::KillingStrike { target, .. } => {
            if s.characters[target].status == Status::Unconscious {
                KILLING_STRIKE
            } else {
                -1.0
            }
        }
    }
}

/// The chance of an ordinary test (teams.tests): its dice and bonuses, +4 on a luck roll of
/// 20 or more, the best or worst of several rolls with advantage or disadvantage.
fn chance(spec: &TestSpec, difficulty: i32) -> f64 {
    let flat = spec.flat();
    let dice: Vec<Die> = spec.dice.iter().map(|(d, _)| *d).collect();
    let lucky = (1..=20).filter(|l| l + spec.luck >= LUCKY).count() as f64 / 20.0;
    let single = lucky * at_least(&dice, difficulty - flat - LUCK_BONUS)
        + (1.0 - lucky) * at_least(&dice, difficulty - flat);
    let n = spec.net_advantage();
    if n >= 0 {
        1.0 - (1.0 - single).powi(n + 1)
    } else {
        single.powi(1 - n)
    }
}

/// The chance that the dice sum to `need` or more.
fn at_least(dice: &[Die], need: i32) -> f64 {
    let mut dist = vec![1.0];
    for d in dice {
        let sides = usize::from(d.sides.max(1));
        let mut next = vec![0.0; dist.len() + sides];
        for (v, p) in dist.iter().enumerate() {
            for f in 1..=sides {
                next[v + f] += p / sides as f64;
            }
        }
        dist = next;
    }
    dist.iter()
        .enumerate()
        .filter(|(v, _)| *v as i32 >= need)
        .map(|(_, p)| p)
        .sum()
}

/// Working a short task: the battle, if it is the team's objective.
fn task_value(s: &State, c: CharacterId, k: usize) -> f64 {
    let me = &s.characters[c];
    let Some(task) = s.tasks.get(k) else {
        return -1.0;
    };
    if s.teams[me.team].objective != (Objective::Task { task: k }) || task.done {
        return -1.0;
    }
    let spec = TestSpec::new("teams.short-task")
        .die(Some(me.stats.attr(task.attribute)), "")
        .die(me.stats.skill(task.skill), "");
    let mut spec = spec;
    spec.luck = i32::from(me.stats.luck);
    TASK_WIN * chance(&spec, i32::from(task.difficulty))
}

/// Bringing an ally round: their worth back in the fight, by the chance of the test.
fn rescue_value(s: &State, c: CharacterId, patient: CharacterId) -> f64 {
    let pc = &s.characters[patient];
    if pc.status != Status::Unconscious {
        return -1.0;
    }
    let st = &s.characters[c].stats;
    let mut spec = TestSpec::new("teams.resuscitate")
        .die(Some(st.intellect), "")
        .die(st.medicine, "");
    spec.luck = i32::from(st.luck);
    TAKEDOWN * chance(&spec, i32::from(pc.missing_health()))
}

/// The value of one action of a turn taken by `c` (the turn's character or a commanded ally).
fn turn_action(s: &State, c: CharacterId, action: &Action) -> f64 {
    let me = &s.characters[c];
    match *action {
        Action::Attack { target, weapon } => attack_value(s, c, weapon, target),
        Action::KillingStrike { target, .. } => {
            if s.characters[target].status == Status::Unconscious {
                KILLING_STRIKE
            } else {
                -1.0
            }
        }
        Action::Move(p) => position(s, c, p) - position(s, c, me.pos) - MOVE_COST,
        Action::Sprint(p) => position(s, c, p) - position(s, c, me.pos) - MOVE_COST - STAMINA,
        Action::Step(p) => position(s, c, p) - position(s, c, me.pos) - STEP_COST,
        Action::Guard => GUARD_PER_THREAT * threats(s, c) as f64 - forgone(s),
        Action::Wait if me.stamina >= 2 => WAIT_PER_THREAT * threats(s, c) as f64 - forgone(s),
        Action::Wait => -forgone(s),
        // Readied for one enemy alone: the others pass unharmed, so a little less than
        // readying for whoever comes first, unless that one is the only threat.
        Action::ReadyFor(w, _) => {
            let general = turn_action(s, c, &Action::Ready(w));
            if threats(s, c) <= 1 {
                general - 0.01
            } else {
                general * 0.5 - 0.01
            }
        }
        Action::Ready(w) => {
            let now = s
                .characters
                .iter()
                .enumerate()
                .any(|(t, tc)| tc.is_active() && can_attack(s, c, w, t).is_some());
            let damage = s.weapon(w).map_or(0.0, |d| f64::from(d.damage));
            if now || threats(s, c) == 0 {
                -forgone(s)
            } else {
                READY_SHARE * (damage + AVERAGE_TEST) - forgone(s)
            }
        }
        Action::SeekCover => {
            let shooters = s
                .characters
                .iter()
                .enumerate()
                .filter(|(e, en)| {
                    en.team != me.team
                        && en.is_active()
                        && reach_and_range(s, *e).1 >= distance(en.pos, me.pos)
                        && distance(en.pos, me.pos) > 1
                        && cover_between(s, en.pos, me.pos)
                })
                .count();
            COVER_PER_SHOOTER * shooters as f64 - MOVE_COST
        }
        Action::Brandish { first, second } => {
            let now: Vec<usize> = s.held(c).collect();
            let new: Vec<usize> = [first, second].into_iter().flatten().collect();
            armament(s, c, &new) - armament(s, c, &now) - MOVE_COST
        }
        Action::PickUp(i) => {
            let mut with = s.held(c).collect::<Vec<_>>();
            with.push(i);
            (armament(s, c, &with) - armament(s, c, &s.held(c).collect::<Vec<_>>())).max(0.0)
                - MOVE_COST
        }
        Action::Command(ally) => COMMAND_SHARE * best_attack(s, ally) - 2.0 * STAMINA,
        Action::Door(_) => -DOOR,
        Action::Resuscitate(p) => rescue_value(s, c, p),
        Action::ShortTask(k) => task_value(s, c, k),
        Action::Reload(i) => {
            if s.items[i].location() == Location::Hand(c) {
                reload_value(s, i)
            } else {
                -1.0
            }
        }
        Action::Continue => me
            .extended
            .map_or(0.0, |ip| extended_value(s, c, ip.action)),
        Action::Abandon => 0.0,
        Action::StandUp => STAND_UP + if threats(s, c) > 0 { 1.0 } else { 0.0 },
        Action::Escape => match s.teams[me.team].objective {
            Objective::Escape { .. } => ESCAPE,
            _ => -DESERT,
        },
        Action::DropItem(i) => {
            if s.items[i].broken() {
                -DROP_BROKEN
            } else {
                -DROP_ITEM
            }
        }
        Action::DropProne => -DROP_PRONE,
        Action::EndTurn => 0.0,
        _ => 0.0,
    }
}

/// A reload: a share of the shot it makes ready.
fn reload_value(s: &State, i: usize) -> f64 {
    let damage = s
        .items
        .get(i)
        .and_then(|it| it.def.weapon.as_ref())
        .map_or(0.0, |w| f64::from(w.damage));
    RELOAD_SHARE * (damage + AVERAGE_TEST)
}

/// The actions a stance that ends the turn leaves unspent, at their price.
fn forgone(s: &State) -> f64 {
    let left = s.turn.map_or(0, |t| t.actions_left.saturating_sub(1));
    FORGONE_ACTION * f64::from(left)
}

/// How well a set of items in hand arms `c` against the nearest enemy: the best weapon that
/// can strike from here (or, failing that, the best at all, at half), and a shield.
fn armament(s: &State, c: CharacterId, items: &[usize]) -> f64 {
    let me = &s.characters[c];
    let d = s
        .characters
        .iter()
        .filter(|e| e.team != me.team && e.is_active())
        .map(|e| distance(me.pos, e.pos))
        .min()
        .unwrap_or(1);
    let mut best = 1.0f64; // bare hands
    let mut shield = 0.0f64;
    for &i in items {
        let Some(it) = s.items.get(i) else { continue };
        if let Some(w) = &it.def.weapon {
            let loaded = it.loaded || w.reload == 0;
            let usable = d <= w.reach || (loaded && d <= w.range);
            let v = f64::from(w.damage) + 2.0;
            best = best.max(if usable { v } else { v * 0.5 });
        }
        if let Some(b) = it.def.block
            && !it.broken()
        {
            shield = shield.max(f64::from(b) * 0.5);
        }
    }
    best + shield
}

/// An interception: the harm the target is spared less what the interceptor risks, less its
/// stamina.
fn intercept(s: &State, ally: CharacterId) -> f64 {
    let Some(a) = s.attack else { return 0.0 };
    let expected = |s: &State, t: CharacterId| {
        attack_odds(s, a.attacker, a.weapon, t).map_or(0.0, |o| {
            let per_hit = if o.hit > 0.0 {
                o.expected_damage / o.hit
            } else {
                0.0
            };
            o.hit * harm(&s.characters[t], per_hit)
        })
    };
    // The interceptor takes the target's square: its odds are those of standing there.
    let mut swapped = s.clone();
    swapped.swap_places(ally, a.target);
    expected(s, a.target)
        - expected(&swapped, ally) * (1.0 - FREE_DEFENCE)
        - STAMINA
        - REACTION
        - DISPLACED
}

/// The damage of the hit under way to its target, with a parry value added to deflection.
fn incoming(s: &State, parry: u8) -> Option<f64> {
    let a = s.attack?;
    let roll = a.roll?;
    let earlier = s.characters[a.attacker].attacks.saturating_sub(1);
    let f = figures(s, a.attacker, a.weapon, a.target, a.ranged, earlier, parry)?;
    let weapon = if roll.crit {
        f.critical_damage
    } else {
        f.damage
    };
    Some(f64::from((roll.total + weapon - f.reduction).max(1)))
}

fn parry_value(s: &State, i: usize) -> u8 {
    s.items.get(i).and_then(|it| it.def.parry).unwrap_or(1)
}

/// A defensive reaction against the hit under way, against taking it: a dodge or resist test
/// avoids it by chance, a parry adds to deflection, a block sends it to the shield.
fn defence(s: &State, test: Option<DefenceTest>, parry: u8, block: Option<usize>) -> f64 {
    let (Some(a), Some(full)) = (s.attack, incoming(s, 0)) else {
        return 0.0;
    };
    let t = &s.characters[a.target];
    let taken = harm(t, full);
    let cost = STAMINA + if a.free_defence { 0.0 } else { REACTION };
    if let Some(kind) = test {
        let spec = defence_test(t, kind);
        let total = a.roll.map_or(0, |r| r.total);
        return chance(&spec, total) * taken - cost;
    }
    if let Some(i) = block {
        let Some(it) = s.items.get(i) else { return 0.0 };
        let Some(roll) = a.roll else { return 0.0 };
        let Some(f) = figures(s, a.attacker, a.weapon, a.target, a.ranged, 0, 0) else {
            return 0.0;
        };
        let base = roll.total
            + if roll.crit {
                f.critical_damage
            } else {
                f.damage
            };
        let to_item = (base - i32::from(it.def.block.unwrap_or(0))).max(1);
        let excess = (to_item - i32::from(it.durability)).max(0);
        let worn = to_item.min(i32::from(it.durability));
        let through = if excess > 0 {
            harm(t, f64::from(excess))
        } else {
            0.0
        };
        let broken = if worn >= i32::from(it.durability) {
            BREAK
        } else {
            0.0
        };
        return taken - through - WEAR * f64::from(worn) - broken - cost;
    }
    let parried = incoming(s, parry).unwrap_or(full);
    taken - harm(t, parried) - WEAR - cost
}

/// Fortifying against falling unconscious: staying in the fight, by the chance of the test.
fn fortify(s: &State) -> f64 {
    let Some(a) = s.attack else { return 0.0 };
    let t = &s.characters[a.target];
    let spec = defence_test(t, DefenceTest::Fortify);
    chance(&spec, i32::from(t.missing_health())) * TAKEDOWN - STAMINA
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_chances_are_exact() {
        // 2d6 ≥ 7: 21/36, with the luck die's +4 on a 20 (1 in 20) making it 2d6 ≥ 3: 34/36.
        let spec = TestSpec::new("teams.tests")
            .die(Some(Die::D6), "")
            .die(Some(Die::D6), "");
        let want = 0.95 * 21.0 / 36.0 + 0.05 * 35.0 / 36.0;
        assert!((chance(&spec, 7) - want).abs() < 1e-12);
        assert!((at_least(&[Die::D6, Die::D6], 13)).abs() < 1e-12);
        assert!((at_least(&[Die::D4], 0) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn advantage_keeps_the_best_of_two() {
        let mut spec = TestSpec::new("teams.tests").die(Some(Die::D6), "");
        spec.luck = -30; // never lucky
        let one = chance(&spec, 4);
        spec.advantages
            .push(fray_rules::teams::why::Why::ProneStrike);
        assert!((chance(&spec, 4) - (1.0 - (1.0 - one).powi(2))).abs() < 1e-12);
    }
}
