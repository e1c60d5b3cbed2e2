//! The legal actions at every decision, and how to name them.

use std::ops::ControlFlow;

use super::action::{Action, MoraleChoice};
use super::attack::{reaction_options, stunt_options};
use super::describe::describe;
use super::model::*;
use super::position::{grabbed_by, opportunity_candidates, opportunity_faction};
use super::rounds::{pending, to_send};
use super::targeting::{blast, known_to, stats, strike};
use crate::battle::CharacterId;
use crate::holders::items_where;
use crate::line::Line;
use smallvec::SmallVec;

pub fn legal_actions(s: &State) -> Vec<Action> {
    let mut out = Vec::new();
    legal_actions_into(s, &mut out);
    out
}

/// The legal actions into `out`, emptied first.
pub fn legal_actions_into(s: &State, out: &mut Vec<Action>) {
    out.clear();
    match s.stage {
        Stage::Over => {}
        Stage::Initiative => out.extend((0..s.factions.len()).map(Action::ChooseFirst)),
        Stage::Activation => {
            // Those who may be activated, then those who may take the fight up again, read in
            // one pass.
            let mut resumes = SmallVec::<[CharacterId; 8]>::new();
            for (c, resumes_fight) in to_send(s, s.to_act) {
                if resumes_fight {
                    resumes.push(c);
                } else {
                    out.push(Action::Activate(c));
                }
            }
            out.extend(resumes.iter().map(|&c| Action::Resume(c)));
            out.push(Action::Pass);
        }
        Stage::Turn => {
            let _ = each_turn_action(s, |a| {
                out.push(a);
                ControlFlow::Continue(())
            });
        }
        Stage::Opportunity => {
            let Some(f) = opportunity_faction(s) else {
                return;
            };
            let mover = s.movement.as_ref().expect("move").mover;
            for c in opportunity_candidates(s, f) {
                for w in melee_weapons(s, c) {
                    // "The attacker may choose to voluntarily hold back an attack", whatever
                    // the attack; bare hands deal impaired damage anyway.
                    for hold_back in [false, true] {
                        if hold_back && w == Weapon::Unarmed {
                            continue;
                        }
                        out.push(Action::OpportunityAttack(AttackDecl {
                            attacker: c,
                            weapon: w,
                            target: Target::Character(mover),
                            mode: AttackMode::Damage { hold_back },
                        }));
                    }
                }
                out.push(Action::OpportunityAttack(AttackDecl {
                    attacker: c,
                    weapon: Weapon::Unarmed,
                    target: Target::Character(mover),
                    mode: AttackMode::Grapple,
                }));
            }
            out.push(Action::DeclineOpportunity);
        }
        Stage::Attack => {
            let a = s.attack.as_ref().expect("attack");
            match a.step {
                AttackStep::ProposeStunt => {
                    out.extend(stunt_options(s).into_iter().map(Action::ProposeStunt));
                    out.push(Action::NoStunt);
                }
                AttackStep::AnswerStunt(_) => {
                    out.extend([Action::AcceptStunt, Action::RefuseStunt]);
                }
                AttackStep::React { slot } => {
                    out.extend(reaction_options(s, slot).into_iter().map(Action::React));
                }
            }
        }
        Stage::Morale => out.extend([
            Action::Morale(MoraleChoice::Surrender),
            Action::Morale(MoraleChoice::Retreat),
        ]),
    }
}

/// Held melee weapons (not blasts), then bare hands.
fn melee_weapons(s: &State, c: CharacterId) -> Vec<Weapon> {
    let mut out: Vec<Weapon> = s
        .held(c)
        .filter(|&i| {
            s.items[i]
                .weapon()
                .is_some_and(|w| w.kind == WeaponKind::Melee && !w.blast)
        })
        .map(Weapon::Item)
        .collect();
    out.push(Weapon::Unarmed);
    out
}

/// Whether ending the turn is all the turn's character can still do. Called after every turn
/// action, so it stops at the first other action rather than listing them all.
pub fn only_end_left(s: &State) -> bool {
    if s.stage != Stage::Turn {
        return legal_actions(s).iter().all(|a| *a == Action::EndTurn);
    }
    // Asked after every action: a turn with a bonus action left may always speak, and one not
    // yet acted in may always surrender, so neither needs the listing's dearer parts.
    if s.turn
        .as_ref()
        .is_some_and(|t| t.can_bonus() || !t.acted_at_all)
    {
        return false;
    }
    each_turn_action(s, &mut |a| {
        if a == Action::EndTurn {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    })
    .is_continue()
}

/// The legal actions of a turn, one by one to `emit`, which may stop the listing.
fn each_turn_action(s: &State, mut emit: impl FnMut(Action) -> ControlFlow<()>) -> ControlFlow<()> {
    let t = s.turn.as_ref().expect("turn");
    let c = t.character;
    let ch = &s.characters[c];
    if !t.acted_at_all {
        emit(Action::Surrender)?;
    }
    if !t.moved && ch.grabbed_by.is_none() {
        for &z in &s.zones[ch.zone].neighbours {
            emit(Action::Move(z))?;
        }
    }
    if t.can_main() {
        each_attack(s, c, t.moved, &mut |a| emit(Action::Attack(a)))?;
        if !ch.concealed && can_hide_here(s, c) {
            emit(Action::Hide)?;
        }
        if let Some(g) = grabbed_by(s, c) {
            emit(Action::Shove {
                to: None,
                into_hazard: false,
            })?;
            let gz = s.characters[g].zone;
            let hazard = s.zones[gz].hazard.is_some();
            for &z in &s.zones[gz].neighbours {
                emit(Action::Shove {
                    to: Some(z),
                    into_hazard: false,
                })?;
                if hazard {
                    emit(Action::Shove {
                        to: Some(z),
                        into_hazard: true,
                    })?;
                }
            }
            if hazard {
                emit(Action::Shove {
                    to: None,
                    into_hazard: true,
                })?;
            }
        }
        if ch.grabbed_by.is_some() {
            emit(Action::BreakFree)?;
        }
    }
    for (f, fx) in s.fixtures.iter().enumerate() {
        if fx.zone == ch.zone
            && if fx.complex {
                t.can_main()
            } else {
                t.can_bonus()
            }
        {
            emit(Action::Interact(f))?;
        }
    }
    if t.can_bonus() {
        // Hands free, counted at the first stowed item: most turns have none to count for.
        let mut free = None;
        // What lies in the zone and what the character carries, from the index where there is
        // one: the rest of the battle's items are nothing to this turn.
        let mine = s.holders().map(|h| h.ground(ch.zone) | h.carried(c));
        for i in items_where(mine, s.items.iter(), |_| true) {
            let it = &s.items[i];
            match it.location {
                Location::Ground(z) if z == ch.zone => emit(Action::PickUp(i))?,
                Location::Hand(h) if h == c => {
                    emit(Action::Unequip(i))?;
                    emit(Action::PutDown(i))?;
                }
                Location::Pack(p) if p == c => {
                    if it.hands()
                        <= *free.get_or_insert_with(|| 2u8.saturating_sub(s.hands_used(c)))
                    {
                        emit(Action::Equip(i))?;
                    }
                    emit(Action::PutDown(i))?;
                }
                _ => {}
            }
            if matches!(it.location, Location::Hand(h) | Location::Pack(h) if h == c)
                && matches!(it.kind, ItemKind::Consumable(_))
            {
                emit(Action::Use(i))?;
            }
        }
        emit(Action::Speak)?;
    }
    emit(Action::EndTurn)
}

/// Hiding mid-fight needs somewhere to hide (a barrier, concealment or darkness) and no enemy
/// in the zone to watch it happen (one hidden there is watching nobody knows of, and does not
/// count, so the legal actions never give a hidden enemy away).
pub fn can_hide_here(s: &State, c: CharacterId) -> bool {
    let ch = &s.characters[c];
    let z = &s.zones[ch.zone];
    (z.barrier || z.concealment || z.dark)
        && !s
            .characters
            .iter()
            .any(|e| e.faction != ch.faction && e.is_active() && !e.concealed && e.zone == ch.zone)
}

/// Every attack `c` could declare now.
pub fn attacks(s: &State, c: CharacterId, moving: bool) -> Vec<AttackDecl> {
    let mut out = Vec::with_capacity(16);
    let _ = each_attack(s, c, moving, &mut |a| {
        out.push(a);
        ControlFlow::Continue(())
    });
    out
}

/// The same, one by one to `emit`, which may stop the listing. Each weapon's stats are read
/// once, and the map walked once from the attacker's zone for all the targets and zones, where
/// `can_strike` and `can_blast` would read and walk for each: the attacks were the dearest part
/// of a listing. The plain listing they came from is kept in `checks`, which holds the two
/// together.
fn each_attack(
    s: &State,
    c: CharacterId,
    moving: bool,
    mut emit: impl FnMut(AttackDecl) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let me = &s.characters[c];
    // Walked at the first weapon that reaches past its own zone, if any does.
    let mut walked = None;
    let mut from_me = |z: ZoneId| {
        walked
            .get_or_insert_with(|| s.distances_from(me.zone))
            .as_ref()
            .map_or_else(|| s.distance(me.zone, z), |d| d[z])
    };
    let weapons = s
        .held(c)
        .filter(|&i| s.items[i].weapon().is_some())
        .map(Weapon::Item)
        .chain(std::iter::once(Weapon::Unarmed));
    for w in weapons {
        let st = stats(s, w);
        if st.blast {
            for z in 0..s.zones.len() {
                if from_me(z).and_then(|d| blast(&st, d, moving)).is_some() {
                    for hold_back in [false, true] {
                        emit(AttackDecl {
                            attacker: c,
                            weapon: w,
                            target: Target::Zone(z),
                            mode: AttackMode::Damage { hold_back },
                        })?;
                    }
                }
            }
            continue;
        }
        for (t, tc) in s.characters.iter().enumerate() {
            if tc.faction == me.faction || !known_to(me, tc) {
                continue;
            }
            match tc.status {
                Status::Active | Status::Surrendered => {
                    if strike(s, me, &st, tc, || from_me(tc.zone), moving).is_some() {
                        emit(AttackDecl {
                            attacker: c,
                            weapon: w,
                            target: Target::Character(t),
                            mode: AttackMode::Damage { hold_back: false },
                        })?;
                        if w != Weapon::Unarmed {
                            emit(AttackDecl {
                                attacker: c,
                                weapon: w,
                                target: Target::Character(t),
                                mode: AttackMode::Damage { hold_back: true },
                            })?;
                        }
                    }
                }
                Status::Incapacitated => {
                    if tc.zone == me.zone && st.kind == WeaponKind::Melee {
                        emit(AttackDecl {
                            attacker: c,
                            weapon: w,
                            target: Target::Character(t),
                            mode: AttackMode::FinalBlow,
                        })?;
                    }
                }
                Status::Dead | Status::Fled => {}
            }
        }
    }
    non_lethal_attacks(s, c, emit)
}

/// Disarm and grapple need a hand, not a weapon.
fn non_lethal_attacks(
    s: &State,
    c: CharacterId,
    mut emit: impl FnMut(AttackDecl) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let me = &s.characters[c];
    for (t, tc) in s.characters.iter().enumerate() {
        if tc.faction == me.faction || tc.zone != me.zone || !known_to(me, tc) || !tc.is_active() {
            continue;
        }
        if tc.grabbed_by != Some(c) {
            emit(AttackDecl {
                attacker: c,
                weapon: Weapon::Unarmed,
                target: Target::Character(t),
                mode: AttackMode::Grapple,
            })?;
        }
        for i in s.held(t) {
            if s.items[i].weapon().is_some() {
                emit(AttackDecl {
                    attacker: c,
                    weapon: Weapon::Unarmed,
                    target: Target::Character(t),
                    mode: AttackMode::Disarm { item: i },
                })?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Chaos of combat: a turn not yet declared may time out.
pub fn timeout_allowed(s: &State) -> bool {
    s.stage == Stage::Turn
        && s.options.chaos_seconds.is_some()
        && s.turn.as_ref().is_some_and(|t| !t.acted_at_all)
}

pub fn why_illegal(s: &State, action: &Action) -> Line {
    pending(s).refusing(describe(s, action), legal_actions(s).len())
}

/// Checks on whole battles, with setups handed in from above (`crate::checks`).
#[cfg(feature = "checks")]
pub mod checks {
    use super::*;
    use crate::checks::{each_decision, only_end_agrees};
    use crate::holders::Holders;
    use crate::zones::targeting::{can_blast, can_strike};
    use crate::zones::{Zones, ZonesSetup};

    /// The short cuts of `only_end_left` answer what the full listing does, at every turn
    /// decision of random battles on each of `setups`.
    pub fn only_the_end_left_is_what_the_listing_says(setups: &[(&str, ZonesSetup)]) {
        // The turn as it is, and as it would be with everything spent but what costs nothing,
        // where ending it may be all that is left.
        let variants = |s: &State| {
            if s.stage != Stage::Turn {
                return Vec::new();
            }
            let mut spent = s.clone();
            if let Some(t) = spent.turn.as_mut() {
                (t.main_used, t.bonus_used, t.moved, t.acted_at_all) = (true, 1, true, true);
            }
            vec![s.clone(), spent]
        };
        only_end_agrees::<Zones>(setups, variants, only_end_left, Action::EndTurn);
    }

    /// The index of who holds what, and of what lies in each zone, stays what the items'
    /// locations say through random battles on each of `setups` (drops, pick-ups, disarms,
    /// shields and gear used up), and a state without it (one read back from a file) holds and
    /// carries the same items and lists the same actions.
    pub fn the_index_of_who_holds_what_agrees_with_the_items(setups: &[(&str, ZonesSetup)]) {
        let states = each_decision::<Zones>(setups, |name, seed, s| {
            let at = format!("{name} seed {seed}");
            let index = s.holders().expect("a fresh battle indexes its items");
            let mut unindexed = s.clone();
            unindexed.holders = Holders::default();
            assert!(unindexed.holders().is_none());
            let mut again = s.clone();
            again.index_items();
            assert!(index.same(&again.holders), "{at}");
            for c in 0..s.characters.len() {
                assert!(s.held(c).eq(unindexed.held(c)), "{at}: {c}");
                assert!(s.carried(c).eq(unindexed.carried(c)), "{at}: {c}");
            }
            assert_eq!(legal_actions(s), legal_actions(&unindexed), "{at}");
        });
        assert!(states > 1000, "{states} states walked");
    }

    /// The attacks as first listed: every weapon and every target asked of `can_strike` and
    /// `can_blast` one by one, which read the weapon and walk the map each time.
    pub fn plain_attacks(s: &State, c: CharacterId, moving: bool) -> Vec<AttackDecl> {
        let mut out = Vec::new();
        let me = &s.characters[c];
        let weapons = s
            .held(c)
            .filter(|&i| s.items[i].weapon().is_some())
            .map(Weapon::Item)
            .chain(std::iter::once(Weapon::Unarmed));
        for w in weapons {
            let st = stats(s, w);
            if st.blast {
                for z in 0..s.zones.len() {
                    if can_blast(s, c, w, z, moving).is_some() {
                        for hold_back in [false, true] {
                            out.push(AttackDecl {
                                attacker: c,
                                weapon: w,
                                target: Target::Zone(z),
                                mode: AttackMode::Damage { hold_back },
                            });
                        }
                    }
                }
                continue;
            }
            for (t, tc) in s.characters.iter().enumerate() {
                if tc.faction == me.faction || !known_to(me, tc) {
                    continue;
                }
                match tc.status {
                    Status::Active | Status::Surrendered => {
                        if can_strike(s, c, w, t, moving).is_some() {
                            for hold_back in [false, true] {
                                if !(hold_back && w == Weapon::Unarmed) {
                                    out.push(AttackDecl {
                                        attacker: c,
                                        weapon: w,
                                        target: Target::Character(t),
                                        mode: AttackMode::Damage { hold_back },
                                    });
                                }
                            }
                        }
                    }
                    Status::Incapacitated => {
                        if tc.zone == me.zone && st.kind == WeaponKind::Melee {
                            out.push(AttackDecl {
                                attacker: c,
                                weapon: w,
                                target: Target::Character(t),
                                mode: AttackMode::FinalBlow,
                            });
                        }
                    }
                    Status::Dead | Status::Fled => {}
                }
            }
        }
        let _ = non_lethal_attacks(s, c, |a| {
            out.push(a);
            ControlFlow::Continue(())
        });
        out
    }

    /// The quick listing of attacks is the plain one, for every character of every decision of
    /// random battles on each of `setups`, moving or not: the fighters stand everywhere a battle
    /// takes them, with whatever they hold by then. Fails unless some listings offered blasts
    /// and some ranged attacks across zones, so that the walk shared by all was taken.
    pub fn the_quick_attacks_are_the_plain_ones(setups: &[(&str, ZonesSetup)]) {
        let (mut blasts, mut across) = (0, 0);
        each_decision::<Zones>(setups, |name, seed, s| {
            for c in 0..s.characters.len() {
                for moving in [false, true] {
                    let quick = attacks(s, c, moving);
                    assert_eq!(
                        quick,
                        plain_attacks(s, c, moving),
                        "{name} seed {seed}: {c}"
                    );
                    for a in &quick {
                        match a.target {
                            Target::Zone(_) => blasts += 1,
                            Target::Character(t) => {
                                across += usize::from(s.characters[t].zone != s.characters[c].zone)
                            }
                        }
                    }
                }
            }
        });
        assert!(blasts > 100, "only {blasts} blasts listed");
        assert!(across > 100, "only {across} attacks across zones listed");
    }
}
