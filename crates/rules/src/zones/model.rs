//! The state of a Zones battle: the map, the factions, the characters and their gear, and where
//! in the round the fight stands.

use serde::{Deserialize, Serialize};

use crate::battle::{CharacterId, FactionId, Outcome};
use crate::dice::Die;
use crate::holders::{Held, Holders, items_where};

pub type ZoneId = usize;
pub type ItemId = usize;
pub type FixtureId = usize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Attribute {
    Str,
    Agi,
    Wit,
}

impl Attribute {
    pub fn label(self) -> &'static str {
        match self {
            Attribute::Str => "STR",
            Attribute::Agi => "AGI",
            Attribute::Wit => "WIT",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attributes {
    #[serde(rename = "str")]
    pub strength: u8,
    pub agi: u8,
    pub wit: u8,
}

impl Attributes {
    pub fn get(&self, a: Attribute) -> u8 {
        match a {
            Attribute::Str => self.strength,
            Attribute::Agi => self.agi,
            Attribute::Wit => self.wit,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WeaponKind {
    Melee,
    Ranged,
    /// Lobbed over obstacles: only beyond half range, always a WIT save, never while moving.
    Indirect,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponStats {
    pub damage: Die,
    pub kind: WeaponKind,
    /// In zones; melee weapons have 0.
    #[serde(default)]
    pub range: u8,
    #[serde(default = "one")]
    pub hands: u8,
    #[serde(default)]
    pub blast: bool,
    /// Powerful enough to penetrate cover.
    #[serde(default)]
    pub penetrating: bool,
}

fn one() -> u8 {
    1
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Consumable {
    /// Restores this many health, rolled.
    Heal(Die),
    /// Ends poisoning.
    Antidote,
    /// Coats the user's weapons: their next damaging hit poisons the target, who then loses this
    /// die of health at the end of every round until cured.
    Poison(Die),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ItemKind {
    Weapon(WeaponStats),
    Shield { armour: u8 },
    Consumable(Consumable),
    Trinket,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Location {
    Hand(CharacterId),
    Pack(CharacterId),
    Ground(ZoneId),
    /// Destroyed or used up.
    Gone,
}

impl Location {
    fn held(self) -> Held {
        match self {
            Location::Hand(c) => Held::Hand(c),
            Location::Pack(c) => Held::Pack(c),
            Location::Ground(z) => Held::Ground(z),
            Location::Gone => Held::Gone,
        }
    }

    /// Who carries what lies here, in hand or packed.
    pub fn holder(self) -> Option<CharacterId> {
        match self {
            Location::Hand(c) | Location::Pack(c) => Some(c),
            Location::Ground(_) | Location::Gone => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Item {
    pub name: String,
    pub kind: ItemKind,
    pub location: Location,
    pub damaged: bool,
    pub used: bool,
}

impl Item {
    pub fn weapon(&self) -> Option<&WeaponStats> {
        match &self.kind {
            ItemKind::Weapon(w) => Some(w),
            _ => None,
        }
    }

    pub fn hands(&self) -> u8 {
        match &self.kind {
            ItemKind::Weapon(w) => w.hands,
            _ => 1,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Armour {
    pub name: String,
    pub value: u8,
    pub damaged: bool,
    pub destroyed: bool,
    pub used: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    Active,
    /// At zero health: out of the fight, open to a final blow.
    Incapacitated,
    Dead,
    Surrendered,
    Fled,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Figures {
    pub attacks: u32,
    pub damage_dealt: u32,
    pub damage_taken: u32,
    pub takedowns: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Character {
    pub name: String,
    pub faction: FactionId,
    pub attrs: Attributes,
    pub health: u8,
    pub max_health: u8,
    pub armour: Option<Armour>,
    pub zone: ZoneId,
    pub status: Status,
    /// Sneaking: the enemy does not know where this character is.
    pub concealed: bool,
    pub fearless: bool,
    /// Zones a character covers in a chase, compared between fleeing and pursuing characters.
    pub speed: u8,
    /// This character's turn this round is spent (acted or reacted).
    pub acted: bool,
    pub grabbed_by: Option<CharacterId>,
    pub morale_passed: bool,
    /// Surrendered and since harmed by the enemy: may take up the fight again, if their side
    /// chooses to (zones.surrendering).
    #[serde(default)]
    pub may_resume: bool,
    /// Has taken damage that left them at half health or less: what makes a character fighting
    /// alone check morale (zones.morale); starting the fight hurt does not.
    #[serde(default)]
    pub hurt_to_half: bool,
    pub poisoned: Option<Die>,
    pub coated: Option<Die>,
    /// Attacked out from behind a barrier since this character's last turn began: the barrier
    /// counts only as cover for them until then.
    pub peeked: bool,
    pub figures: Figures,
    /// The portrait its scenario names (the art's key), for the screen; left out of the
    /// saved state when there is none, so a battle's hash is as it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon: Option<String>,
}

impl Character {
    pub fn is_active(&self) -> bool {
        self.status == Status::Active
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hazard {
    pub name: String,
    pub damage: Die,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Zone {
    pub name: String,
    pub neighbours: Vec<ZoneId>,
    /// Physical protection from attacks coming from other zones.
    pub cover: bool,
    /// Partly obscured: damage against those in it is impaired.
    pub concealment: bool,
    /// Dark: those in it are not visible.
    pub dark: bool,
    /// Those in it are behind a barrier that blocks attacks from other zones.
    pub barrier: bool,
    pub hazard: Option<Hazard>,
    /// Where the board draws it (column, row), if the map says; no rule reads it. Left out of
    /// the state's record when it is not given, so a map that does not say keeps its hash.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<(u8, u8)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FixtureEffect {
    /// A door or gate: toggles the passage between two zones.
    Passage(ZoneId, ZoneId),
    /// Unleashes the zone's hazard on everyone in the target zone (a lever over a pit, a brazier).
    Trap(ZoneId),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fixture {
    pub name: String,
    pub zone: ZoneId,
    /// The GM's ruling that it takes a main action rather than a bonus action.
    pub complex: bool,
    pub effect: FixtureEffect,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// Optional rule: fast and slow activations.
    #[serde(default)]
    pub fast_slow: bool,
    /// Optional rule: the chaos of combat, seconds to declare a turn.
    #[serde(default)]
    pub chaos_seconds: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Faction {
    pub name: String,
    pub original_count: usize,
    pub morale_checked: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// The ambushers' bonus turn before the first round.
    Ambush,
    /// Fast action phase: only WIT at or above the threshold may act.
    Fast {
        threshold: u8,
    },
    /// Slow action phase after a fast one.
    Slow,
    Normal,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    pub character: CharacterId,
    pub bonus_used: u8,
    pub main_used: bool,
    pub moved: bool,
    pub acted_at_all: bool,
}

impl Turn {
    pub fn can_bonus(&self) -> bool {
        self.bonus_used + u8::from(self.main_used) < 2
    }
    pub fn can_main(&self) -> bool {
        !self.main_used && self.bonus_used < 2
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Weapon {
    Unarmed,
    Item(ItemId),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum AttackMode {
    Damage {
        hold_back: bool,
    },
    FinalBlow,
    /// Non-lethal: STR save or drop the named item.
    Disarm {
        item: ItemId,
    },
    /// Non-lethal: STR save or be grabbed.
    Grapple,
}

impl AttackMode {
    pub fn is_non_lethal(self) -> bool {
        matches!(self, AttackMode::Disarm { .. } | AttackMode::Grapple)
    }

    pub fn holds_back(self) -> bool {
        matches!(self, AttackMode::Damage { hold_back: true })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Target {
    Character(CharacterId),
    Zone(ZoneId),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackDecl {
    pub attacker: CharacterId,
    pub weapon: Weapon,
    pub target: Target,
    pub mode: AttackMode,
}

/// The fixed menu of attack stunts. The GM seat approves only those that make sense (see the
/// rules notes, zones.attack-stunts); the target accepts or refuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stunt {
    /// Knock a held item away: it falls in the target's zone.
    Disarm(ItemId),
    /// Drive the target into a neighbouring zone.
    Drive(ZoneId),
    /// Seize the target: they are grabbed.
    Seize,
    /// Force a surrender.
    Yield,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Reaction {
    None,
    Dodge,
    Counter { weapon: Weapon, mode: AttackMode },
    HideBehind(CharacterId),
    Guard(CharacterId),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AttackStep {
    ProposeStunt,
    AnswerStunt(Stunt),
    React { slot: usize },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slot {
    pub target: CharacterId,
    pub decided: bool,
    pub dodged: bool,
    /// Those who were already the target of this attack, so a chain of hiding ends.
    pub shifted_from: Vec<CharacterId>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counter {
    pub by: CharacterId,
    pub weapon: Weapon,
    pub mode: AttackMode,
    pub missed: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackState {
    pub decl: AttackDecl,
    /// The zone a blast hits, after any deviation.
    pub blast_zone: Option<ZoneId>,
    pub slots: Vec<Slot>,
    pub step: AttackStep,
    pub surprise: bool,
    pub opportunity: bool,
    pub counter: Option<Counter>,
    pub rolled_save: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveState {
    pub mover: CharacterId,
    pub from: ZoneId,
    pub to: ZoneId,
    /// Enemy factions that declined to make (more) opportunity attacks.
    pub declined: Vec<FactionId>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    Initiative,
    Activation,
    Turn,
    Opportunity,
    Attack,
    Morale,
    Over,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub scenario: String,
    pub zones: Vec<Zone>,
    pub factions: Vec<Faction>,
    pub characters: Vec<Character>,
    pub items: Vec<Item>,
    pub fixtures: Vec<Fixture>,
    pub options: Options,
    pub round: u32,
    pub initiative: FactionId,
    pub first: FactionId,
    pub phase: Phase,
    pub stage: Stage,
    pub to_act: FactionId,
    pub passes_in_row: usize,
    pub turn: Option<Turn>,
    pub attack: Option<AttackState>,
    pub movement: Option<MoveState>,
    pub morale_queue: Vec<CharacterId>,
    pub outcome: Option<Outcome>,
    /// Who holds which item, and what lies in each zone, kept with the items' locations; not
    /// saved (a state read back reads its items one by one until [`State::index_items`]).
    #[serde(skip)]
    pub holders: Holders,
}

impl State {
    pub fn zone_name(&self, z: ZoneId) -> &str {
        &self.zones[z].name
    }

    pub fn name(&self, c: CharacterId) -> &str {
        &self.characters[c].name
    }

    /// Zones between two zones, walking neighbour to neighbour; None if unreachable.
    pub fn distance(&self, from: ZoneId, to: ZoneId) -> Option<u8> {
        if from == to {
            return Some(0);
        }
        // The legal moves ask this for every pair of fighters, so a map of up to 64 zones (as
        // every scenario's is: zones.limits) is walked with bit sets, which need no memory.
        if self.zones.len() > 64 {
            return self.distance_far(from, to);
        }
        let (mut seen, mut frontier) = (1u64 << from, 1u64 << from);
        let mut d = 0u8;
        while frontier != 0 {
            d = d.saturating_add(1);
            let mut next = 0u64;
            let mut left = frontier;
            while left != 0 {
                let z = left.trailing_zeros() as usize;
                left &= left - 1;
                for &n in &self.zones[z].neighbours {
                    if n == to {
                        return Some(d);
                    }
                    next |= 1 << n;
                }
            }
            frontier = next & !seen;
            seen |= next;
        }
        None
    }

    /// [`State::distance`] from `from` to every zone at once, None where there is no way; on a
    /// map of up to 64 zones, None on a larger one. A listing of attacks measures from the
    /// attacker's zone to every target's, and walks the map once for all of them.
    pub fn distances_from(&self, from: ZoneId) -> Option<[Option<u8>; 64]> {
        if self.zones.len() > 64 {
            return None;
        }
        let mut out = [None; 64];
        out[from] = Some(0);
        let (mut seen, mut frontier) = (1u64 << from, 1u64 << from);
        let mut d = 0u8;
        while frontier != 0 {
            d = d.saturating_add(1);
            let mut next = 0u64;
            let mut left = frontier;
            while left != 0 {
                let z = left.trailing_zeros() as usize;
                left &= left - 1;
                for &n in &self.zones[z].neighbours {
                    next |= 1 << n;
                }
            }
            frontier = next & !seen;
            seen |= next;
            let mut first = frontier;
            while first != 0 {
                out[first.trailing_zeros() as usize] = Some(d);
                first &= first - 1;
            }
        }
        Some(out)
    }

    /// `distance` on a map too large for a bit set.
    fn distance_far(&self, from: ZoneId, to: ZoneId) -> Option<u8> {
        let mut seen = vec![false; self.zones.len()];
        let mut frontier = vec![from];
        seen[from] = true;
        let mut d = 0u8;
        while !frontier.is_empty() {
            d = d.saturating_add(1);
            let mut next = Vec::new();
            for z in frontier {
                for &n in &self.zones[z].neighbours {
                    if n == to {
                        return Some(d);
                    }
                    if !seen[n] {
                        seen[n] = true;
                        next.push(n);
                    }
                }
            }
            frontier = next;
        }
        None
    }

    /// Moves item `i` to `to`, keeping the index of who holds what.
    pub fn put_item(&mut self, i: ItemId, to: Location) {
        if let Some(it) = self.items.get_mut(i) {
            self.holders
                .relocate(i, &mut it.location, to, Location::held);
        }
    }

    /// Indexes who holds which item, and what lies in each zone, from the items' locations.
    pub fn index_items(&mut self) {
        let places: Vec<Held> = self.items.iter().map(|it| it.location.held()).collect();
        self.holders = Holders::of(&places, self.characters.len(), self.zones.len());
    }

    /// The index of who holds which item, while it indexes every item.
    pub fn holders(&self) -> Option<&Holders> {
        self.holders.get()
    }

    /// The items in `c`'s hands, in item order.
    pub fn held(&self, c: CharacterId) -> impl Iterator<Item = ItemId> + '_ {
        let indexed = self.holders().map(|h| h.hands(c));
        items_where(indexed, self.locations(), move |at| at == Location::Hand(c))
    }

    /// The items `c` carries, in hand or packed, in item order.
    pub fn carried(&self, c: CharacterId) -> impl Iterator<Item = ItemId> + '_ {
        let indexed = self.holders().map(|h| h.carried(c));
        items_where(indexed, self.locations(), move |at| {
            at == Location::Hand(c) || at == Location::Pack(c)
        })
    }

    /// Each item's location, in item order: what is read where there is no index.
    fn locations(&self) -> impl Iterator<Item = Location> + '_ {
        self.items.iter().map(|it| it.location)
    }

    pub fn hands_used(&self, c: CharacterId) -> u8 {
        self.held(c).map(|i| self.items[i].hands()).sum()
    }

    pub fn shield_of(&self, c: CharacterId) -> Option<ItemId> {
        self.held(c)
            .find(|&i| matches!(self.items[i].kind, ItemKind::Shield { .. }))
    }

    pub fn active_count(&self, f: FactionId) -> usize {
        self.characters
            .iter()
            .filter(|c| c.faction == f && c.is_active())
            .count()
    }
}

/// Checks with a state handed in from above (`crate::checks`).
#[cfg(feature = "checks")]
pub mod checks {
    use super::*;

    /// On `n` copies of `template`'s first zone joined by `links` (taken modulo `n`), the
    /// bit-set walk, the walk to every zone at once and the plain one agree from every zone to
    /// every other: the mismatch, if any, as (from, to, quick, plain).
    pub fn quick_and_plain_distance_differ(
        template: &State,
        n: usize,
        links: &[(usize, usize)],
    ) -> Option<(ZoneId, ZoneId, Option<u8>, Option<u8>)> {
        let mut s = template.clone();
        let zone = s.zones[0].clone();
        s.zones = (0..n).map(|_| zone.clone()).collect();
        for z in &mut s.zones {
            z.neighbours.clear();
        }
        for &(a, b) in links {
            let (a, b) = (a % n, b % n);
            s.zones[a].neighbours.push(b);
            s.zones[b].neighbours.push(a);
        }
        (0..n)
            .flat_map(|from| (0..n).map(move |to| (from, to)))
            .map(|(from, to)| {
                let plain = if from == to {
                    Some(0)
                } else {
                    s.distance_far(from, to)
                };
                let all = s.distances_from(from).expect("at most 64 zones")[to];
                // The walk to one zone, or else the walk to all of them, as the two compare.
                let quick = s.distance(from, to);
                (from, to, if quick == plain { all } else { quick }, plain)
            })
            .find(|&(_, _, quick, plain)| quick != plain)
    }
}
