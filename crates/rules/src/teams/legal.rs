//! The legal actions at every decision, and how to name them.

use std::ops::ControlFlow;

use super::action::Action;
use super::attack::{defence_options, intercept_candidates};
use super::costs::{COMMAND_FOCUS, reload_actions};
use super::describe::describe;
use super::grid::{
    Beside, adjacent, any_reachable, around_square, can_end_on, each_reachable_square,
};
use super::harm::can_fortify;
use super::model::*;
use super::rounds::{eligible, pending};
use super::squares::bits;
use super::targeting::{reaches, ready_weapon, weapon_ready};
use super::turn::bit;
use crate::battle::CharacterId;
use crate::line::Line;

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
        Stage::Initiative => out.extend(
            (0..s.teams.len())
                .filter(|t| !s.order.contains(t))
                .map(Action::InitiativeNext),
        ),
        Stage::Activation => {
            if let Some(&t) = s.order.get(s.to_act) {
                out.extend(eligible(s, t).map(Action::Activate));
            }
        }
        Stage::Turn => {
            out.reserve(128);
            let _ = each_turn_action(s, Listing::ALL, &mut |a| {
                out.push(a);
                ControlFlow::Continue(())
            });
        }
        Stage::Intercept => {
            out.extend(intercept_candidates(s).into_iter().map(Action::Intercept));
            out.push(Action::NoIntercept);
        }
        Stage::Defend => out.extend(defence_options(s)),
        Stage::Fortify => {
            if s.attack.is_some_and(|a| can_fortify(s, a.target)) {
                out.push(Action::Fortify);
            }
            out.push(Action::FallUnconscious);
        }
    }
}

/// Whether `action` is among the legal actions, without listing them all: only actions of its
/// kind are listed, and a movement's square is searched for alone.
pub fn is_legal(s: &State, action: &Action) -> bool {
    if s.stage != Stage::Turn {
        return legal_actions(s).contains(action);
    }
    let moves = match *action {
        Action::Move(p) | Action::Sprint(p) => Moves::Only(p),
        _ => Moves::None,
    };
    let listing = Listing {
        moves,
        part: Some(Part::of(action)),
    };
    each_turn_action(s, listing, &mut |a| {
        if a == *action {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
    .is_break()
}

/// Whether ending the turn (or the commanded ally's go) is all that is left. Stops at the
/// first other action rather than listing them all, and looks first where one is cheapest to
/// find and most often is: dropping prone, then the stances. Each look lists a part of what
/// the last lists whole, so the answer is the full listing's.
pub fn only_end_left(s: &State) -> bool {
    if s.stage != Stage::Turn {
        return false;
    }
    // Asked after every action, this answers most without a listing: dropping prone is free,
    // and open to the turn's own character whenever it stands (`free_actions`); guarding is
    // open to it while it has an action left and owes none to an action under way.
    if let Some(t) = s.turn
        && t.command.is_none()
        && s.characters
            .get(t.owner)
            .is_some_and(|c| !c.prone || (t.actions_left >= 1 && c.extended.is_none()))
    {
        return false;
    }
    [Some(Part::Prone), Some(Part::Stance), None]
        .into_iter()
        .all(|part| {
            each_turn_action(
                s,
                Listing {
                    moves: Moves::Any,
                    part,
                },
                &mut |a| {
                    if a == Action::EndTurn {
                        ControlFlow::Continue(())
                    } else {
                        ControlFlow::Break(())
                    }
                },
            )
            .is_continue()
        })
}

/// What the turn's character carries, in item order, each with whether it is in hand, and
/// what it could pick up: read in one pass over the items for the whole listing rather than
/// once for each kind of action. The first 64 items are a bit each, as the index of who holds
/// what keeps them, so that the kit is small to make and to hand about; a battle of more
/// lists the rest one by one, after them.
struct Kit {
    carried: u64,
    hands: u64,
    /// Lying on the ground within reach, or carried by someone fallen within reach
    /// (teams.interact).
    pick_ups: u64,
    beyond: Option<Box<Beyond>>,
}

/// A kit's items past the 64th.
#[derive(Default)]
struct Beyond {
    carried: Vec<(ItemId, bool)>,
    held: Vec<ItemId>,
    pick_ups: Vec<ItemId>,
}

/// Items of a kit in item order: those of a set of bits, then those listed past them.
struct Items<'a> {
    bits: u64,
    rest: std::slice::Iter<'a, ItemId>,
}

impl Iterator for Items<'_> {
    type Item = ItemId;

    fn next(&mut self) -> Option<ItemId> {
        if self.bits == 0 {
            return self.rest.next().copied();
        }
        let i = self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some(i)
    }
}

impl Kit {
    fn of(s: &State, c: CharacterId) -> Kit {
        let at = s.characters[c].pos;
        let within_reach = |p: Pos| (p.x.abs_diff(at.x) <= 1) & (p.y.abs_diff(at.y) <= 1);
        let fallen =
            |o: CharacterId, oc: &Character| oc.is_fallen() && (o != c) & within_reach(oc.pos);
        if let Some(h) = s.holders() {
            // The index names the items of the character and of the fallen about it (it
            // indexes no battle of more than 64 characters): only the items on the ground are
            // looked at one by one. Which are within reach follows no pattern a branch could
            // guess: each is taken or left by a mask.
            let mask = |keep: bool| 0u64.wrapping_sub(u64::from(keep));
            let of_fallen = s.among(|r| r.fallen).fold(0, |set, o| {
                set | h.carried(o) & mask(fallen(o, &s.characters[o]))
            });
            let near_ground = bits(h.ground(0)).fold(0, |set, i| {
                let near = match s.items[i].location() {
                    Location::Ground(p) => within_reach(p),
                    _ => false,
                };
                set | u64::from(near) << i
            });
            return Kit {
                carried: h.carried(c),
                hands: h.hands(c),
                pick_ups: near_ground | of_fallen,
                beyond: None,
            };
        }
        let mut kit = Kit {
            carried: 0,
            hands: 0,
            pick_ups: 0,
            beyond: None,
        };
        let is_fallen = |o: CharacterId| s.characters.get(o).is_some_and(|oc| fallen(o, oc));
        for (i, it) in s.items.iter().enumerate() {
            let (carried, hand) = match it.location() {
                Location::Hand(h) if h == c => (true, true),
                Location::Pack(p) if p == c => (true, false),
                Location::Hand(o) | Location::Pack(o) if is_fallen(o) => (false, false),
                Location::Ground(p) if within_reach(p) => (false, false),
                _ => continue,
            };
            if i < 64 {
                let bit = 1 << i;
                if carried {
                    kit.carried |= bit;
                    kit.hands |= u64::from(hand) << i;
                } else {
                    kit.pick_ups |= bit;
                }
                continue;
            }
            let beyond = kit.beyond.get_or_insert_with(Box::default);
            if carried {
                beyond.carried.push((i, hand));
                if hand {
                    beyond.held.push(i);
                }
            } else {
                beyond.pick_ups.push(i);
            }
        }
        kit
    }

    fn beyond(&self) -> (&[(ItemId, bool)], &[ItemId], &[ItemId]) {
        self.beyond
            .as_deref()
            .map_or((&[], &[], &[]), |b| (&b.carried, &b.held, &b.pick_ups))
    }

    /// Each item carried, in item order, with whether it is in hand.
    fn all(&self) -> impl Iterator<Item = (ItemId, bool)> + '_ {
        let hands = self.hands;
        bits(self.carried)
            .map(move |i| (i, hands & 1 << i != 0))
            .chain(self.beyond().0.iter().copied())
    }

    fn held(&self) -> Items<'_> {
        Items {
            bits: self.hands,
            rest: self.beyond().1.iter(),
        }
    }

    fn pick_ups(&self) -> Items<'_> {
        Items {
            bits: self.pick_ups,
            rest: self.beyond().2.iter(),
        }
    }

    /// The weapons to attack with: those in hand, then bare hands.
    fn weapons<'a>(&'a self, s: &'a State) -> impl Iterator<Item = WeaponRef> + 'a {
        self.held()
            .filter(|&i| s.items[i].def.weapon.is_some())
            .map(WeaponRef::Item)
            .chain(std::iter::once(WeaponRef::Unarmed))
    }
}

/// Which movements (move and sprint) a listing of a turn's actions names: the search for every
/// square a movement reaches is the dearest part of the listing.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Moves {
    /// Every square, row by row.
    All,
    /// One square reachable, if there is any: enough to tell that a movement is possible.
    Any,
    /// This square only, if it is reachable.
    Only(Pos),
    /// None: the caller looks for something else.
    None,
}

/// The kinds of a turn's actions, so that checking one action lists only its kind.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Attack,
    Brandish,
    Command,
    Door,
    PickUp,
    Stance,
    Movement,
    Resuscitate,
    Cover,
    Task,
    Reload,
    StandUp,
    Escape,
    Drop,
    Prone,
    Step,
    /// Ending the turn, and going on with or abandoning an action under way.
    End,
}

impl Part {
    fn of(a: &Action) -> Part {
        match a {
            Action::Attack { .. } | Action::KillingStrike { .. } => Part::Attack,
            Action::Brandish { .. } => Part::Brandish,
            Action::Command(_) => Part::Command,
            Action::Door(_) => Part::Door,
            Action::PickUp(_) => Part::PickUp,
            Action::Guard | Action::Wait | Action::Ready(_) | Action::ReadyFor(..) => Part::Stance,
            Action::Move(_) | Action::Sprint(_) => Part::Movement,
            Action::Resuscitate(_) => Part::Resuscitate,
            Action::SeekCover => Part::Cover,
            Action::ShortTask(_) => Part::Task,
            Action::Reload(_) => Part::Reload,
            Action::StandUp => Part::StandUp,
            Action::Escape => Part::Escape,
            Action::DropItem(_) => Part::Drop,
            Action::DropProne => Part::Prone,
            Action::Step(_) => Part::Step,
            _ => Part::End,
        }
    }
}

/// What a listing of a turn's actions goes through.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Listing {
    moves: Moves,
    /// Only actions of this kind; None for all.
    part: Option<Part>,
}

impl Listing {
    const ALL: Listing = Listing {
        moves: Moves::All,
        part: None,
    };

    fn wants(self, part: Part) -> bool {
        self.part.is_none_or(|p| p == part)
    }
}

/// Each square a movement may end on, as `moves` asks for them, to `emit`.
fn movements(
    s: &State,
    c: CharacterId,
    moves: Moves,
    emit: &mut impl FnMut(Pos) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let speed = s.characters[c].stats.speed;
    match moves {
        Moves::All => each_reachable_square(s, c, speed, emit),
        Moves::Any => any_reachable(s, c, speed).map_or(ControlFlow::Continue(()), emit),
        Moves::Only(p) if can_end_on(s, c, speed, p) => emit(p),
        Moves::Only(_) => ControlFlow::Continue(()),
        Moves::None => ControlFlow::Continue(()),
    }
}

/// The actions of the turn's character (or its commanded ally), one by one to `emit`, which
/// may stop the listing.
fn each_turn_action(
    s: &State,
    listing: Listing,
    emit: &mut impl FnMut(Action) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let want = |part| listing.wants(part);
    let Some(t) = s.turn else {
        return ControlFlow::Continue(());
    };
    let actor = t.actor();
    let commanded = t.command.is_some();
    let ch = &s.characters[actor];
    // Read at the first kind of action that asks, if any does: a listing that stops early may
    // never need it.
    let kit = std::cell::OnceCell::new();
    let kit = || kit.get_or_init(|| Kit::of(s, actor));
    // What the character's square has about it, read once for its doors, cover and steps.
    let beside = std::cell::OnceCell::new();
    let beside = || *beside.get_or_init(|| around_square(s, ch.pos));
    if !commanded && ch.extended.is_some() {
        // Owed actions come first: going on with it or abandoning it, before any other action.
        // Free actions count against nothing, so they stay (teams.free-actions); a turn that
        // has just spent its last action on starting one may still take them, then end.
        if t.actions_left > 0 {
            emit(Action::Continue)?;
            emit(Action::Abandon)?;
        }
        free_actions(s, t, actor, kit, beside, listing, emit)?;
        if t.actions_left == 0 {
            return emit(Action::EndTurn);
        }
        return ControlFlow::Continue(());
    }
    if commanded || t.actions_left >= 1 {
        // Plain `if`s around the loops below, not an optional iterator flattened: the listing
        // runs at every decision, and the flattening cost more than what it walked.
        if want(Part::Attack) {
            for w in kit().weapons(s) {
                let Some(weapon) = ready_weapon(s, actor, w) else {
                    continue;
                };
                let targets = |r: &Roster| !r.team(ch.team) & (r.active | r.down) & !r.unseen;
                for target in s.among(targets) {
                    let them = &s.characters[target];
                    // As `can_attack` and `can_kill` answer, the weapon read once.
                    let how = reaches(s, actor, weapon, target);
                    if how.is_some() {
                        emit(Action::Attack { target, weapon: w })?;
                    }
                    if !commanded && how == Some(false) && them.status == Status::Unconscious {
                        emit(Action::KillingStrike { target, weapon: w })?;
                    }
                }
            }
        }
        if want(Part::Brandish) {
            brandish_options(s, kit(), emit)?;
        }
        if !commanded && ch.focus >= COMMAND_FOCUS && want(Part::Command) {
            for a in s.among(|r| r.team(ch.team) & r.active) {
                let ally = &s.characters[a];
                if a != actor
                    && ally.team == ch.team
                    && ally.is_active()
                    && !s.surprised(a)
                    && t.commanded & bit(a) == 0
                    && bit(a) != 0
                {
                    emit(Action::Command(a))?;
                }
            }
        }
        if want(Part::Door) {
            for p in beside().doors(s) {
                emit(Action::Door(p))?;
            }
        }
        if want(Part::PickUp) {
            for i in kit().pick_ups() {
                emit(Action::PickUp(i))?;
            }
        }
        if !commanded && want(Part::Stance) {
            emit(Action::Guard)?;
            emit(Action::Wait)?;
            for w in kit().weapons(s) {
                if weapon_ready(s, actor, w) {
                    emit(Action::Ready(w))?;
                    // Or for one enemy alone, letting the others pass (teams.ready).
                    for e in s.among(|r| !r.team(ch.team) & r.active & !r.unseen) {
                        let ec = &s.characters[e];
                        if ec.team != ch.team && ec.is_active() && !ec.unseen {
                            emit(Action::ReadyFor(w, e))?;
                        }
                    }
                }
            }
        }
        let may_move = commanded || (!t.moved && !t.stepped);
        let moves = if want(Part::Movement) {
            listing.moves
        } else {
            Moves::None
        };
        if !ch.prone && may_move {
            movements(s, actor, moves, &mut |p| emit(Action::Move(p)))?;
        }
        if !commanded && !ch.prone && t.moved && ch.stamina >= 1 {
            movements(s, actor, moves, &mut |p| emit(Action::Sprint(p)))?;
        }
        if !commanded && want(Part::Resuscitate) {
            for p in s.among(|r| r.team(ch.team) & r.down) {
                let pc = &s.characters[p];
                if pc.status == Status::Unconscious
                    && pc.team == ch.team
                    && adjacent(pc.pos, ch.pos)
                {
                    emit(Action::Resuscitate(p))?;
                }
            }
        }
        if want(Part::Cover) && !ch.in_cover && beside().cover() {
            emit(Action::SeekCover)?;
        }
        if !commanded && want(Part::Task) {
            for (k, task) in s.tasks.iter().enumerate() {
                if !task.done
                    && task.team.is_none_or(|team| team == ch.team)
                    && (task.at == ch.pos || adjacent(task.at, ch.pos))
                {
                    emit(Action::ShortTask(k))?;
                }
            }
        }
        if want(Part::Reload) {
            for i in kit().held() {
                let it = &s.items[i];
                if it.def.weapon.as_ref().is_some_and(|w| w.reload > 0)
                    && !it.loaded
                    && (!commanded || reload_actions(s, i) == 1)
                {
                    emit(Action::Reload(i))?;
                }
            }
        }
        if ch.prone && want(Part::StandUp) {
            emit(Action::StandUp)?;
        }
        if want(Part::Escape) && s.map.exits.contains(&ch.pos) {
            emit(Action::Escape)?;
        }
    }
    if !commanded {
        free_actions(s, t, actor, kit, beside, listing, emit)?;
    }
    emit(Action::EndTurn)
}

/// The free actions of the turn's own character (teams.free-actions): drop a held item, drop
/// prone, and a step if it has neither moved nor stepped.
fn free_actions<'k>(
    s: &State,
    t: Turn,
    actor: CharacterId,
    kit: impl Fn() -> &'k Kit,
    beside: impl Fn() -> Beside,
    listing: Listing,
    emit: &mut impl FnMut(Action) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let ch = &s.characters[actor];
    if listing.wants(Part::Drop) {
        for i in kit().held() {
            emit(Action::DropItem(i))?;
        }
    }
    if listing.wants(Part::Prone) && !ch.prone {
        emit(Action::DropProne)?;
    }
    if listing.wants(Part::Step) && !t.moved && !t.stepped {
        for p in beside().steps(s) {
            emit(Action::Step(p))?;
        }
    }
    ControlFlow::Continue(())
}

/// Every way of filling the hands from what the character carries, but the current one: one
/// or two one-handed items, one two-handed item, or nothing.
fn brandish_options(
    s: &State,
    kit: &Kit,
    emit: &mut impl FnMut(Action) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let hands = |i: ItemId| s.items[i].def.hands;
    let brandish = |first, second| Action::Brandish { first, second };
    if kit.beyond.is_none() {
        // Sets of items as bits: the current way is the set in hand.
        let current = kit.hands;
        if current != 0 {
            emit(brandish(None, None))?;
        }
        for i in bits(kit.carried) {
            let hi = hands(i);
            if hi <= 2 && current != 1 << i {
                emit(brandish(Some(i), None))?;
            }
            for j in bits(kit.carried & u64::MAX << i << 1) {
                if hi + hands(j) <= 2 && current != (1 << i | 1 << j) {
                    emit(brandish(Some(i), Some(j)))?;
                }
            }
        }
        return ControlFlow::Continue(());
    }
    let carried: Vec<(ItemId, bool)> = kit.all().collect();
    let in_hand = kit.held().count();
    let is_current =
        |set: &[ItemId]| set.len() == in_hand && set.iter().all(|i| carried.contains(&(*i, true)));
    if !is_current(&[]) {
        emit(brandish(None, None))?;
    }
    for (k, &(i, _)) in carried.iter().enumerate() {
        let hi = hands(i);
        if hi <= 2 && !is_current(&[i]) {
            emit(brandish(Some(i), None))?;
        }
        for &(j, _) in &carried[k + 1..] {
            if hi + hands(j) <= 2 && !is_current(&[i, j]) {
                emit(brandish(Some(i), Some(j)))?;
            }
        }
    }
    ControlFlow::Continue(())
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
    use crate::teams::{Teams, TeamsSetup};

    /// `only_end_left`, which looks in parts of the listing before the whole, answers what the
    /// full listing does at every turn decision of random battles on each of `setups`: as the turn is, with the character down on the ground, and with
    /// everything spent, where ending it may be all that is left.
    pub fn only_the_end_left_is_what_the_listing_says(setups: &[(&str, TeamsSetup)]) {
        let variants = |s: &State| {
            let Some(t) = s.turn.filter(|_| s.stage == Stage::Turn) else {
                return Vec::new();
            };
            let mut prone = s.clone();
            prone.characters[t.actor()].prone = true;
            let mut spent = prone.clone();
            if let Some(t) = spent.turn.as_mut() {
                (t.actions_left, t.moved, t.stepped) = (0, true, true);
            }
            vec![s.clone(), prone, spent]
        };
        only_end_agrees::<Teams>(setups, variants, only_end_left, Action::EndTurn);
    }

    /// The index of who holds what stays what the items' locations say through random
    /// battles on each of `setups` (drops, pick-ups, throws, changes of hands),
    /// and a state without it (one read back from a file) reads the same kit, the same items
    /// in hand and carried, and lists the same actions.
    pub fn the_index_of_who_holds_what_agrees_with_the_items(setups: &[(&str, TeamsSetup)]) {
        let states = each_decision::<Teams>(setups, |name, seed, s| {
            let at = format!("{name} seed {seed}");
            let index = s.holders().expect("a fresh battle indexes its items");
            assert!(
                index.same(&Holders::of(&s.places(), s.characters.len(), 1)),
                "{at}"
            );
            let mut unindexed = s.clone();
            unindexed.holders = Holders::default();
            assert!(unindexed.holders().is_none());
            for c in 0..s.characters.len() {
                let (kit, read) = (Kit::of(s, c), Kit::of(&unindexed, c));
                assert!(kit.all().eq(read.all()), "{at}: {c}");
                assert!(kit.pick_ups().eq(read.pick_ups()), "{at}: {c}");
                assert!(s.held(c).eq(unindexed.held(c)), "{at}: {c}");
                assert!(s.carried(c).eq(unindexed.carried(c)), "{at}: {c}");
            }
            assert_eq!(legal_actions(s), legal_actions(&unindexed), "{at}");
        });
        assert!(states > 1000, "{states} states walked");
    }

    /// The roster of who stands how stays what the characters say through random battles on
    /// each of `setups` (knock-outs, deaths, escapes, revivals, the unseen seen), and a state
    /// without it (one read back from a file) lists the same actions and sees the same teams
    /// standing.
    pub fn the_roster_agrees_with_the_characters(setups: &[(&str, TeamsSetup)]) {
        let states = each_decision::<Teams>(setups, |name, seed, s| {
            let at = format!("{name} seed {seed}");
            let kept = s.roster().expect("a fresh battle keeps a roster");
            let mut read = s.clone();
            read.index_roster();
            assert!(kept.same(read.roster().expect("read afresh")), "{at}");
            let mut unkept = s.clone();
            unkept.roster = Default::default();
            assert!(unkept.roster().is_none());
            assert_eq!(legal_actions(s), legal_actions(&unkept), "{at}");
            for t in 0..s.teams.len() {
                assert_eq!(s.standing(t), unkept.standing(t), "{at}: team {t}");
            }
        });
        assert!(states > 1000, "{states} states walked");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::teams::{CharacterSetup, TeamsSetup};

    /// The kit read off the items agrees with the items themselves, for a handful of things
    /// and for a battle of more items than a set of bits holds: what each carries, what each
    /// holds, and what one can take from the other fallen beside it.
    #[test]
    fn the_kit_is_what_the_character_carries_in_item_order() {
        for carried in [0, 1, 8, 13, 40] {
            let mut me = CharacterSetup::new("Me", 0, Pos::new(0, 0)).hold(Item::new("sword"));
            let mut other = CharacterSetup::new("Other", 1, Pos::new(1, 1)).hold(Item::new("club"));
            for k in 0..carried {
                me = me.carry(Item::new(format!("thing {k}")));
                other = other.carry(Item::new(format!("other thing {k}")));
            }
            let mut s = TeamsSetup::new("Packs", 5, 5)
                .team("A")
                .team("B")
                .character(me)
                .character(other)
                .state()
                .unwrap();
            for c in 0..2 {
                let kit = Kit::of(&s, c);
                let at = format!("{carried} carried, character {c}");
                let carried_ids: Vec<ItemId> = kit.all().map(|(i, _)| i).collect();
                assert_eq!(carried_ids, s.carried(c).collect::<Vec<_>>(), "{at}");
                assert_eq!(
                    kit.held().collect::<Vec<_>>(),
                    s.held(c).collect::<Vec<_>>(),
                    "{at}"
                );
                assert_eq!(kit.all().count(), carried + 1, "{at}");
                assert_eq!(kit.pick_ups().count(), 0, "{at}");
            }
            s.characters[1].status = Status::Dead;
            s.restand(1);
            assert_eq!(
                Kit::of(&s, 0).pick_ups().collect::<Vec<_>>(),
                s.carried(1).collect::<Vec<_>>(),
                "{carried} carried"
            );
        }
    }

    /// Every way of filling the hands but the current one, read off bits as off a list: with
    /// nothing, one item, or two one-handed items in hand, and a two-handed one carried.
    #[test]
    fn the_ways_to_fill_the_hands_are_the_same_from_bits_and_from_a_list() {
        let two_handed = Item {
            hands: 2,
            ..Item::new("bow")
        };
        for held in 0..3 {
            let mut me = CharacterSetup::new("Me", 0, Pos::new(0, 0)).carry(two_handed.clone());
            for k in 0..3 {
                let item = Item::new(format!("knife {k}"));
                me = if k < held {
                    me.hold(item)
                } else {
                    me.carry(item)
                };
            }
            let s = TeamsSetup::new("Hands", 5, 5)
                .team("A")
                .team("B")
                .character(me)
                .character(CharacterSetup::new("Other", 1, Pos::new(4, 4)))
                .state()
                .unwrap();
            let listed = |kit: &Kit| {
                let mut out = Vec::new();
                let _ = brandish_options(&s, kit, &mut |a| {
                    out.push(a);
                    ControlFlow::Continue(())
                });
                out
            };
            let bits = Kit::of(&s, 0);
            let mut list = Kit::of(&s, 0);
            list.beyond = Some(Box::new(Beyond {
                carried: list.all().collect(),
                held: list.held().collect(),
                pick_ups: Vec::new(),
            }));
            list.carried = 0;
            list.hands = 0;
            let (from_bits, from_list) = (listed(&bits), listed(&list));
            assert_eq!(from_bits, from_list, "{held} held");
            // The bow alone, each knife alone, each pair of knives, and nothing: all but the
            // way now.
            assert_eq!(from_bits.len(), 1 + 3 + 3 + 1 - 1, "{held} held");
        }
    }
}
