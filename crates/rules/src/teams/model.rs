//! The state of a Three actions battle: the grid, the teams, the characters with their dice,
//! pools and gear, and where in the round the fight stands.

use std::ops::Deref;
use std::sync::{Arc, LazyLock};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use smallvec::SmallVec;

use super::squares::Layout;
use crate::battle::{CharacterId, FactionId, Outcome};
use crate::dice::Die;
use crate::holders::{Held, Holders, items_where};

pub type TeamId = FactionId;
pub type ItemId = usize;
pub type TaskId = usize;

/// A square of the grid; each is 1 m across.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(deny_unknown_fields)]
pub struct Pos {
    pub x: u8,
    pub y: u8,
}

impl Pos {
    pub const fn new(x: u8, y: u8) -> Pos {
        Pos { x, y }
    }
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Attr {
    Strength,
    Dexterity,
    Intellect,
    Willpower,
}

impl Attr {
    pub fn label(self) -> &'static str {
        match self {
            Attr::Strength => "strength",
            Attr::Dexterity => "dexterity",
            Attr::Intellect => "intellect",
            Attr::Willpower => "willpower",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Skill {
    Combat,
    Athletics,
    Acrobatics,
    Medicine,
    Resolve,
    Craft,
}

impl Skill {
    pub fn label(self) -> &'static str {
        match self {
            Skill::Combat => "combat",
            Skill::Athletics => "athletics",
            Skill::Acrobatics => "acrobatics",
            Skill::Medicine => "medicine",
            Skill::Resolve => "resolve",
            Skill::Craft => "craft",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Proficiency {
    Simple,
    Martial,
    Finesse,
    Ranged,
}

impl Proficiency {
    pub fn label(self) -> &'static str {
        match self {
            Proficiency::Simple => "simple",
            Proficiency::Martial => "martial",
            Proficiency::Finesse => "finesse",
            Proficiency::Ranged => "ranged",
        }
    }
}

/// The rulebook's damage types table, with typeless for damage of no stated type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DamageType {
    Arcane,
    Bludgeoning,
    Cold,
    Fire,
    Piercing,
    Psychic,
    Radiant,
    Shock,
    Slashing,
    Void,
    Typeless,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DamageClass {
    Physical,
    Elemental,
    Typeless,
}

impl DamageType {
    pub fn class(self) -> DamageClass {
        match self {
            DamageType::Bludgeoning | DamageType::Piercing | DamageType::Slashing => {
                DamageClass::Physical
            }
            DamageType::Arcane
            | DamageType::Cold
            | DamageType::Fire
            | DamageType::Radiant
            | DamageType::Shock
            | DamageType::Void => DamageClass::Elemental,
            DamageType::Psychic | DamageType::Typeless => DamageClass::Typeless,
        }
    }

    /// Damage that works on the mind, which a resist reaction may prevent (teams.resist).
    pub fn is_mental(self) -> bool {
        self == DamageType::Psychic
    }

    pub fn label(self) -> &'static str {
        match self {
            DamageType::Arcane => "arcane",
            DamageType::Bludgeoning => "bludgeoning",
            DamageType::Cold => "cold",
            DamageType::Fire => "fire",
            DamageType::Piercing => "piercing",
            DamageType::Psychic => "psychic",
            DamageType::Radiant => "radiant",
            DamageType::Shock => "shock",
            DamageType::Slashing => "slashing",
            DamageType::Void => "void",
            DamageType::Typeless => "typeless",
        }
    }
}

/// A character's dice, bonuses, defences and pools as the scenario gives them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Stats {
    /// 3 small, 4 medium, 5 large.
    pub size: u8,
    /// Metres a move covers.
    pub speed: u8,
    pub strength: Die,
    pub dexterity: Die,
    pub intellect: Die,
    pub willpower: Die,
    pub combat: Option<Die>,
    pub athletics: Option<Die>,
    pub acrobatics: Option<Die>,
    pub medicine: Option<Die>,
    pub resolve: Option<Die>,
    pub craft: Option<Die>,
    pub simple: i8,
    pub martial: i8,
    pub finesse: i8,
    pub ranged: i8,
    pub evasion: u8,
    /// Reduction of physical damage.
    pub deflection: u8,
    /// Reduction of elemental damage.
    pub elemental_deflection: u8,
    pub constitution: u8,
    /// Bonus to fortify tests.
    pub fortitude: i8,
    /// Bonus to dodge tests.
    pub reflex: i8,
    /// Bonus to resist tests.
    pub will: i8,
    /// Added to every luck roll.
    pub luck: i8,
    pub endurance: u8,
    pub health: u8,
    pub stamina: u8,
    pub focus: u8,
    /// Cannot be surprised.
    pub danger_sense: bool,
}

impl Default for Stats {
    fn default() -> Self {
        Stats {
            size: 4,
            speed: 6,
            strength: Die::D6,
            dexterity: Die::D6,
            intellect: Die::D6,
            willpower: Die::D6,
            combat: Some(Die::D6),
            athletics: None,
            acrobatics: None,
            medicine: None,
            resolve: None,
            craft: None,
            simple: 0,
            martial: 0,
            finesse: 0,
            ranged: 0,
            evasion: 6,
            deflection: 0,
            elemental_deflection: 0,
            constitution: 4,
            fortitude: 0,
            reflex: 0,
            will: 0,
            luck: 0,
            endurance: 10,
            health: 10,
            stamina: 3,
            focus: 3,
            danger_sense: false,
        }
    }
}

impl Stats {
    pub fn attr(&self, a: Attr) -> Die {
        match a {
            Attr::Strength => self.strength,
            Attr::Dexterity => self.dexterity,
            Attr::Intellect => self.intellect,
            Attr::Willpower => self.willpower,
        }
    }

    pub fn skill(&self, s: Skill) -> Option<Die> {
        match s {
            Skill::Combat => self.combat,
            Skill::Athletics => self.athletics,
            Skill::Acrobatics => self.acrobatics,
            Skill::Medicine => self.medicine,
            Skill::Resolve => self.resolve,
            Skill::Craft => self.craft,
        }
    }

    pub fn proficiency(&self, p: Proficiency) -> i8 {
        match p {
            Proficiency::Simple => self.simple,
            Proficiency::Martial => self.martial,
            Proficiency::Finesse => self.finesse,
            Proficiency::Ranged => self.ranged,
        }
    }
}

/// What a weapon does in an attack; scenario files write it as it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponDef {
    /// The attributes the attack test may use; the larger die is used (teams.attacks).
    #[serde(default = "strength_only")]
    pub attributes: Vec<Attr>,
    #[serde(default)]
    pub proficiencies: Vec<Proficiency>,
    pub damage: u8,
    pub critical_damage: u8,
    /// The luck roll at or above which the attack is a critical hit.
    #[serde(default = "twenty")]
    pub critical: u8,
    pub damage_type: DamageType,
    /// Metres of melee reach; 0 for a weapon that cannot strike in melee.
    #[serde(default = "one")]
    pub reach: u8,
    /// Metres of range when thrown or shot; 0 for none.
    #[serde(default)]
    pub range: u8,
    /// Thrown rather than shot: the weapon lands at the target after the attack.
    #[serde(default)]
    pub thrown: bool,
    /// Actions to reload after each shot (a crossbow's 2); 0 for none.
    #[serde(default)]
    pub reload: u8,
    #[serde(default)]
    pub nonlethal: bool,
}

fn strength_only() -> Vec<Attr> {
    vec![Attr::Strength]
}
fn twenty() -> u8 {
    20
}
fn one() -> u8 {
    1
}

/// A strike with fists, feet or a shoulder when nothing better is at hand (teams.attacks).
pub static UNARMED: LazyLock<WeaponDef> = LazyLock::new(|| WeaponDef {
    attributes: vec![Attr::Strength],
    proficiencies: Vec::new(),
    damage: 1,
    critical_damage: 2,
    critical: 20,
    damage_type: DamageType::Bludgeoning,
    reach: 1,
    range: 0,
    thrown: false,
    reload: 0,
    nonlethal: true,
});

/// An item as the scenario describes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Item {
    pub name: String,
    #[serde(default = "one")]
    pub hands: u8,
    #[serde(default)]
    pub metal: bool,
    /// None: 10 if metal, otherwise 4 (teams.durability).
    #[serde(default)]
    pub durability: Option<u8>,
    #[serde(default)]
    pub weapon: Option<WeaponDef>,
    /// Block value: the item has the block property.
    #[serde(default)]
    pub block: Option<u8>,
    /// Parry value; an item without one parries for 1.
    #[serde(default)]
    pub parry: Option<u8>,
}

impl Item {
    pub fn max_durability(&self) -> u8 {
        self.durability.unwrap_or(if self.metal { 10 } else { 4 })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Location {
    Hand(CharacterId),
    Pack(CharacterId),
    Ground(Pos),
}

impl Location {
    fn held(self) -> Held {
        match self {
            Location::Hand(c) => Held::Hand(c),
            Location::Pack(c) => Held::Pack(c),
            // Within reach is read from the square: one place holds the whole ground.
            Location::Ground(_) => Held::Ground(0),
        }
    }
}

/// Data that never or seldom changes in a battle, shared between copies of the state so that
/// copying a state (the AI does it constantly) does not copy it; serialised as the value
/// itself. A change copies it first ([`Shared::make_mut`]), so a copy that is shared never
/// changes: the searches know a map they have seen by its address ([`Map::cells`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shared<T>(pub Arc<T>);

impl<T> Shared<T> {
    pub fn new(value: T) -> Shared<T> {
        Shared(Arc::new(value))
    }

    /// Whether the two are the same copy: then they hold the same value.
    pub fn same_copy(&self, other: &Shared<T>) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl<T: Clone> Shared<T> {
    /// The value to change, copied first if anyone else holds it.
    pub fn make_mut(&mut self) -> &mut T {
        Arc::make_mut(&mut self.0)
    }
}

impl<T> Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Serialize> Serialize for Shared<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Shared<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        T::deserialize(d).map(Shared::new)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ItemState {
    pub def: Shared<Item>,
    /// Where it is: moved only by [`State::put_item`], which keeps the index of who holds what
    /// ([`Holders`]) with it.
    location: Location,
    pub durability: u8,
    /// A weapon that reloads is loaded until it shoots.
    pub loaded: bool,
}

impl ItemState {
    /// A fresh item: as durable as it comes, loaded.
    pub fn new(def: Shared<Item>, location: Location) -> ItemState {
        ItemState {
            durability: def.max_durability(),
            def,
            location,
            loaded: true,
        }
    }

    pub fn location(&self) -> Location {
        self.location
    }

    pub fn broken(&self) -> bool {
        self.durability == 0
    }
}

/// What a character attacks with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WeaponRef {
    Unarmed,
    Item(ItemId),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Status {
    Active,
    Unconscious,
    Dead,
    /// Left the battle by an exit.
    Fled,
}

/// An action started with fewer actions left than it takes, finished on a later turn
/// (teams.extended).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Extended {
    Reload(ItemId),
    Resuscitate(CharacterId),
    ShortTask(TaskId),
    KillingStrike {
        target: CharacterId,
        weapon: WeaponRef,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InProgress {
    pub action: Extended,
    /// Actions still to spend before its effect.
    pub remaining: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Character {
    pub name: String,
    pub team: TeamId,
    pub stats: Stats,
    /// Changed by the rules through [`State::place`] and [`State::swap_places`], which keep
    /// the state's roster with it; whoever else moves a character does so too.
    pub pos: Pos,
    pub endurance: u8,
    pub health: u8,
    pub stamina: u8,
    pub focus: u8,
    /// Changed by the rules, which keep the state's roster with it; whoever else sets it
    /// (a test's situation) calls [`State::restand`] after.
    pub status: Status,
    pub prone: bool,
    /// Took (or lost) a turn this round. Kept in the state's roster as `status` is.
    pub acted: bool,
    /// Reactions left until the start of this character's next turn.
    pub reactions: u8,
    /// Waited: an extra reaction until the next turn.
    pub waited: bool,
    pub guarding: bool,
    pub in_cover: bool,
    pub readied: Option<WeaponRef>,
    /// The one enemy a readied attack waits for; None for the first enemy to come.
    #[serde(default)]
    pub readied_for: Option<CharacterId>,
    /// Attacks made this round, for the multiple attack penalty.
    pub attacks: u8,
    pub extended: Option<InProgress>,
    /// The luck roll needed to cheat death; rises by 5 with each success.
    pub death_difficulty: u8,
    /// Unnoticed by the enemy (sneaking): until it attacks, enemies cannot target it and its
    /// attacks are sneak attacks. Kept in the state's roster as `status` is.
    pub unseen: bool,
    /// Harmed was reported, so it is said once each time it begins.
    pub harmed: bool,
    /// The portrait its scenario names (the art's key), for the screen; left out of the
    /// saved state when there is none, so a battle's hash is as it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon: Option<String>,
}

impl Character {
    pub fn is_active(&self) -> bool {
        self.status == Status::Active
    }

    /// Down on the field, unconscious or dead: their gear can be taken (teams.interact).
    pub fn is_fallen(&self) -> bool {
        matches!(self.status, Status::Unconscious | Status::Dead)
    }

    /// On the map: conscious or not, but neither dead nor gone.
    pub fn is_present(&self) -> bool {
        matches!(self.status, Status::Active | Status::Unconscious)
    }

    pub fn missing_health(&self) -> u8 {
        self.stats.health.saturating_sub(self.health)
    }

    pub fn is_harmed(&self) -> bool {
        u16::from(self.endurance) * 2 <= u16::from(self.stats.endurance)
    }

    pub fn is_bloodied(&self) -> bool {
        self.health < self.stats.health
    }
}

/// What a team fights for (teams.objectives).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Objective {
    /// Be the last team standing.
    #[default]
    Defeat,
    /// Have a conscious member on any of these squares at the end of an action.
    Reach { squares: Vec<Pos> },
    /// End this many rounds in a row with a conscious member on these squares and no
    /// conscious enemy on them.
    Hold { squares: Vec<Pos>, rounds: u32 },
    /// Get this many members off the map by its exits.
    Escape { count: u8 },
    /// Keep this character alive and conscious to the end of this round.
    Protect { character: CharacterId, rounds: u32 },
    /// Complete this short task (a lever, an alarm).
    Task { task: TaskId },
}

/// When a scenario's objective change comes (teams.objectives).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChangeWhen {
    /// At the start of this round (a battle begun later than it: at its start).
    Round(u32),
    /// As soon as this short task is completed.
    Task(TaskId),
    /// As soon as this character is out of the fight: unconscious, dead or gone.
    Down(CharacterId),
}

/// A team's objective changing from one round of combat to another, as the scenario scripts
/// it (teams.objectives).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ObjectiveChange {
    pub team: TeamId,
    pub when: ChangeWhen,
    pub objective: Objective,
    /// What the players are told when it happens; empty for a plain announcement.
    #[serde(default)]
    pub text: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Team {
    pub name: String,
    pub objective: Objective,
    pub escaped: u8,
    /// Rounds in a row the team has held its squares.
    pub held: u32,
}

/// A short task the scenario places on the map: three actions and a test (teams.short-task).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Task {
    pub name: String,
    /// Worked from this square or any square next to it.
    pub at: Pos,
    pub attribute: Attr,
    pub skill: Skill,
    pub difficulty: u8,
    /// Only this team may attempt it; None for anyone.
    #[serde(default)]
    pub team: Option<TeamId>,
    #[serde(default)]
    pub done: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cell {
    Floor,
    Wall,
    /// Low cover (crates, a barricade): blocks movement, not sight.
    Cover,
    /// Each metre into it costs two.
    Difficult,
    DoorOpen,
    DoorClosed,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Map {
    pub width: u8,
    pub height: u8,
    /// Row by row, `y * width + x`. Only a door changes a cell in a battle ([`Map::set_cell`]).
    pub cells: Shared<Vec<Cell>>,
    /// Squares from which a character may leave the battle.
    pub exits: Vec<Pos>,
}

impl Map {
    pub fn index(&self, p: Pos) -> usize {
        usize::from(p.y) * usize::from(self.width) + usize::from(p.x)
    }

    pub fn inside(&self, x: i32, y: i32) -> Option<Pos> {
        (x >= 0 && y >= 0 && x < i32::from(self.width) && y < i32::from(self.height))
            .then(|| Pos::new(x as u8, y as u8))
    }

    pub fn cell(&self, p: Pos) -> Cell {
        self.cells.get(self.index(p)).copied().unwrap_or(Cell::Wall)
    }

    /// Cell `i` becomes `cell` (nothing past the map).
    pub fn set_cell(&mut self, i: usize, cell: Cell) {
        if let Some(c) = self.cells.make_mut().get_mut(i) {
            *c = cell;
        }
    }

    /// Terrain one may stand on.
    pub fn walkable(&self, p: Pos) -> bool {
        matches!(self.cell(p), Cell::Floor | Cell::Difficult | Cell::DoorOpen)
    }

    pub fn blocks_sight(&self, p: Pos) -> bool {
        matches!(self.cell(p), Cell::Wall | Cell::DoorClosed)
    }

    /// Something to crouch behind: walls, closed doors and cover squares.
    pub fn gives_cover(&self, p: Pos) -> bool {
        matches!(self.cell(p), Cell::Wall | Cell::Cover | Cell::DoorClosed)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// The GM orders the teams after the one that started the fight and the one attacked.
    Initiative,
    Activation,
    Turn,
    /// An ally of the target may intercept the attack declared.
    Intercept,
    /// The target, hit, may dodge, parry, block or resist.
    Defend,
    /// The target, with more health missing than its constitution, fortifies or falls.
    Fortify,
    Over,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    pub owner: CharacterId,
    pub actions_left: u8,
    pub moved: bool,
    pub stepped: bool,
    /// Allies commanded this turn, as bits.
    pub commanded: u64,
    /// An ally taking the one action a command gave them.
    pub command: Option<CharacterId>,
}

impl Turn {
    pub fn actor(&self) -> CharacterId {
        self.command.unwrap_or(self.owner)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AttackKind {
    /// Taken as an action.
    Action,
    /// A readied attack going off as a reaction.
    Readied,
    /// The sneak attack a failed killing strike becomes.
    AfterKillingStrike,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Defence {
    Parry(ItemId),
    Block(ItemId),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackRoll {
    pub total: i32,
    pub crit: bool,
    pub luck: i32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackState {
    pub attacker: CharacterId,
    pub weapon: WeaponRef,
    pub target: CharacterId,
    pub ranged: bool,
    pub kind: AttackKind,
    /// An interceptor's defensive reaction is free.
    pub free_defence: bool,
    pub roll: Option<AttackRoll>,
    pub defence: Option<Defence>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub name: String,
    pub map: Map,
    pub teams: Vec<Team>,
    pub characters: Vec<Character>,
    pub items: Vec<ItemState>,
    pub tasks: Vec<Task>,
    /// Teams in initiative order, as far as it is decided.
    pub order: Vec<TeamId>,
    pub round: u32,
    pub round_limit: u32,
    /// The team with surprise, while the surprise round lasts.
    pub surprise: Option<TeamId>,
    pub stage: Stage,
    /// Index into `order` of the team choosing the next turn.
    pub to_act: usize,
    pub turn: Option<Turn>,
    pub attack: Option<AttackState>,
    /// Readied characters set off by a movement: (reactor, mover), in order.
    pub triggers: Vec<(CharacterId, CharacterId)>,
    pub outcome: Option<Outcome>,
    /// The scenario's objective changes still to come, in order (teams.objectives). Left out
    /// of the saved state while there are none, so that older states read and hash the same.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub changes: Vec<ObjectiveChange>,
    /// Who holds which item, kept with the items' locations; not saved (a state read back
    /// reads its items one by one until [`State::index_items`]).
    #[serde(skip)]
    pub(super) holders: Holders,
    /// Who stands how and where, kept with the characters; not saved (a state read back
    /// looks at every character until [`State::index_roster`]).
    #[serde(skip)]
    pub(super) roster: Roster,
}

/// Who stands how, a bit per character: conscious, unconscious, fallen (unconscious or
/// dead), unseen, yet to take a turn this round, and each team's members; and where the
/// present stand ([`Squares`]). Kept by the rules that change a status, a character's sight,
/// its turn taken or its square ([`State::restand`], [`State::roster_all_waiting`],
/// [`State::place`], [`State::swap_places`]), so that a listing, a movement search and the
/// check for the battle's end go through those who may count alone; any other reader looks at
/// the characters themselves. Not saved, and equal whenever the characters are.
#[derive(Clone, Debug, Default)]
pub struct Roster {
    pub active: u64,
    pub down: u64,
    pub fallen: u64,
    pub unseen: u64,
    /// Yet to take a turn this round.
    pub waiting: u64,
    /// Per team, on the stack for up to four teams: the AI copies the state at every what-if.
    teams: SmallVec<[u64; 4]>,
    squares: Option<Squares>,
    built: bool,
}

/// Where the present stand, as sets of the map's squares laid out as the movement search lays
/// them out ([`Layout`]): each present character's square, and each team's conscious members'.
/// Kept on maps of two words at most (every shipped one), while no two present characters
/// share a square and none stands off the map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Squares {
    pub layout: Layout,
    pub present: u128,
    active: SmallVec<[u128; 4]>,
}

impl Squares {
    /// The conscious members of the teams other than `t`.
    pub fn enemies_of(&self, t: TeamId) -> u128 {
        self.active
            .iter()
            .enumerate()
            .filter(|&(u, _)| u != t)
            .fold(0, |set, (_, &a)| set | a)
    }

    /// Square `p`'s bit, if it is on the map.
    pub fn bit(&self, p: Pos) -> Option<u128> {
        let (x, y) = (usize::from(p.x), usize::from(p.y));
        (x < self.layout.width && y < self.layout.height).then(|| 1 << self.layout.index(x, y))
    }

    /// The squares of `set` about `p` (its own among them), a bit each of the 3×3 block
    /// centred on it: (dy + 1) * 3 + dx + 1. None if `p` is off the map.
    pub fn about(&self, set: u128, p: Pos) -> Option<u16> {
        let (x, y) = (usize::from(p.x), usize::from(p.y));
        if x >= self.layout.width || y >= self.layout.height {
            return None;
        }
        let mut block = 0;
        for dy in 0..3 {
            let Some(row) = (y + dy).checked_sub(1).filter(|&r| r < self.layout.height) else {
                continue;
            };
            let at = self.layout.index(0, row);
            // Columns x - 1 to x + 1 of the row; the one left of the first column is none.
            let three = if x == 0 {
                (set >> at & 0b11) << 1
            } else {
                set >> (at + x - 1) & 0b111
            };
            block |= (three as u16) << (dy * 3);
        }
        Some(block)
    }
}

/// The first `n` characters, a bit each (all 64 where there are more).
fn first(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1 << n) - 1 }
}

/// The characters [`State::among`] names: those of a set of bits, then any past the 64th.
pub struct Among {
    set: u64,
    past: std::ops::Range<usize>,
}

impl Iterator for Among {
    type Item = CharacterId;

    #[inline]
    fn next(&mut self) -> Option<CharacterId> {
        if self.set == 0 {
            return self.past.next();
        }
        let c = self.set.trailing_zeros() as usize;
        self.set &= self.set - 1;
        Some(c)
    }
}

impl PartialEq for Roster {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Roster {}

impl Roster {
    fn of(characters: &[Character], teams: usize, map: &Map) -> Roster {
        if characters.len() > 64 || teams > 64 {
            return Roster::default();
        }
        let layout = Layout::new(usize::from(map.width), usize::from(map.height));
        let mut r = Roster {
            teams: smallvec::smallvec![0; teams],
            squares: (layout.words <= 2).then(|| Squares {
                layout,
                present: 0,
                active: smallvec::smallvec![0; teams],
            }),
            built: true,
            ..Roster::default()
        };
        for (c, ch) in characters.iter().enumerate() {
            r.stand(c, ch);
        }
        r
    }

    /// Character `c`, `ch` now, may have changed its status, its sight or whether it has
    /// taken its turn (not its square).
    fn stand(&mut self, c: CharacterId, ch: &Character) {
        if !self.built {
            return;
        }
        if c >= 64 {
            *self = Roster::default();
            return;
        }
        self.lift(c, ch, ch.pos);
        let bit = 1u64 << c;
        let put = |set: &mut u64, on: bool| *set = (*set & !bit) | (u64::from(on) << c);
        put(&mut self.active, ch.is_active());
        put(&mut self.down, ch.status == Status::Unconscious);
        put(&mut self.fallen, ch.is_fallen());
        put(&mut self.unseen, ch.unseen);
        put(&mut self.waiting, !ch.acted);
        for (t, set) in self.teams.iter_mut().enumerate() {
            put(set, ch.team == t);
        }
        self.set_down(c, ch);
    }

    /// Whether `c` stands on the squares as the roster knows it: Some(whether conscious)
    /// while present.
    fn on_squares(&self, c: CharacterId) -> Option<bool> {
        let present = self.built && c < 64 && (self.active | self.down) >> c & 1 != 0;
        present.then(|| self.active >> c & 1 != 0)
    }

    /// Takes `c` (`ch`, standing at `at`, as the roster last knew it) off the squares.
    fn lift(&mut self, c: CharacterId, ch: &Character, at: Pos) {
        let Some(active) = self.on_squares(c) else {
            return;
        };
        let Some(sq) = self.squares.as_mut() else {
            return;
        };
        let Some(bit) = sq.bit(at) else {
            return;
        };
        sq.present &= !bit;
        if active && let Some(set) = sq.active.get_mut(ch.team) {
            *set &= !bit;
        }
    }

    /// Puts `c` (`ch`) on the squares where it stands, as the roster knows it; where someone
    /// present stands there already, or it stands off the map, the squares are kept no more.
    fn set_down(&mut self, c: CharacterId, ch: &Character) {
        let Some(active) = self.on_squares(c) else {
            return;
        };
        let Some(sq) = self.squares.as_mut() else {
            return;
        };
        match sq.bit(ch.pos) {
            Some(bit) if sq.present & bit == 0 && ch.team < sq.active.len() => {
                sq.present |= bit;
                if active {
                    sq.active[ch.team] |= bit;
                }
            }
            _ => self.squares = None,
        }
    }

    /// Some while it stands for every character.
    pub fn get(&self) -> Option<&Roster> {
        self.built.then_some(self)
    }

    /// The members of team `t`.
    pub fn team(&self, t: TeamId) -> u64 {
        self.teams.get(t).copied().unwrap_or(0)
    }

    /// Where the present stand, while it is kept.
    pub fn squares(&self) -> Option<&Squares> {
        self.squares.as_ref()
    }

    /// Whether the two stand for the same characters the same way (`==` holds always: see
    /// above).
    #[cfg(feature = "checks")]
    pub fn same(&self, other: &Roster) -> bool {
        let sets = |r: &Roster| {
            (
                r.active,
                r.down,
                r.fallen,
                r.unseen,
                r.waiting,
                r.teams.clone(),
                r.squares.clone(),
                r.built,
            )
        };
        sets(self) == sets(other)
    }
}

impl State {
    /// Moves item `i` to `to`, keeping the index of who holds what.
    pub fn put_item(&mut self, i: ItemId, to: Location) {
        if let Some(it) = self.items.get_mut(i) {
            self.holders
                .relocate(i, &mut it.location, to, Location::held);
        }
    }

    /// Indexes who holds which item, from the items' locations.
    pub fn index_items(&mut self) {
        self.holders = Holders::of(&self.places(), self.characters.len(), 1);
    }

    /// Reads who stands how afresh from the characters.
    pub fn index_roster(&mut self) {
        self.roster = Roster::of(&self.characters, self.teams.len(), &self.map);
    }

    /// Character `c`'s status, sight or turn taken has changed: the roster follows.
    pub fn restand(&mut self, c: CharacterId) {
        if let Some(ch) = self.characters.get(c) {
            self.roster.stand(c, ch);
        }
    }

    /// Every character is yet to take a turn: a round begins.
    pub fn roster_all_waiting(&mut self) {
        let n = self.characters.len();
        if self.roster.built {
            self.roster.waiting = first(n);
        }
    }

    /// Character `c` has taken its turn this round.
    pub fn roster_acted(&mut self, c: CharacterId) {
        if c < 64 {
            self.roster.waiting &= !(1 << c);
        }
    }

    /// Character `c` stands at `to` now, the roster with it.
    pub fn place(&mut self, c: CharacterId, to: Pos) {
        let Some(ch) = self.characters.get_mut(c) else {
            return;
        };
        let from = std::mem::replace(&mut ch.pos, to);
        self.roster.lift(c, ch, from);
        self.roster.set_down(c, ch);
    }

    /// Characters `a` and `b` change places, the roster with them.
    pub fn swap_places(&mut self, a: CharacterId, b: CharacterId) {
        if a == b || a.max(b) >= self.characters.len() {
            return;
        }
        for c in [a, b] {
            self.roster
                .lift(c, &self.characters[c], self.characters[c].pos);
        }
        let (pa, pb) = (self.characters[a].pos, self.characters[b].pos);
        self.characters[a].pos = pb;
        self.characters[b].pos = pa;
        for c in [a, b] {
            self.roster.set_down(c, &self.characters[c]);
        }
    }

    /// Who stands how, while it stands for every character.
    pub fn roster(&self) -> Option<&Roster> {
        self.roster.get()
    }

    /// The characters of the roster's set that `pick` names, in order, or every character
    /// where the state keeps no roster: a loop over the characters goes through these alone,
    /// and asks the rest of its question of each.
    pub fn among(&self, pick: impl FnOnce(&Roster) -> u64) -> Among {
        let n = self.characters.len();
        Among {
            set: self.roster().map_or(first(n), pick),
            past: 64.min(n)..n,
        }
    }

    /// Where each item is, as the index of who holds what reads it.
    pub(super) fn places(&self) -> Vec<Held> {
        self.items.iter().map(|it| it.location.held()).collect()
    }

    /// The index of who holds which item, while it indexes every item.
    pub fn holders(&self) -> Option<&Holders> {
        self.holders.get()
    }

    pub fn name(&self, c: CharacterId) -> &str {
        self.characters.get(c).map_or("?", |c| c.name.as_str())
    }

    pub fn team_name(&self, t: TeamId) -> &str {
        self.teams.get(t).map_or("?", |t| t.name.as_str())
    }

    pub fn item_name(&self, i: ItemId) -> &str {
        self.items.get(i).map_or("?", |i| i.def.name.as_str())
    }

    pub fn weapon(&self, w: WeaponRef) -> Option<&WeaponDef> {
        match w {
            WeaponRef::Unarmed => Some(&UNARMED),
            WeaponRef::Item(i) => self.items.get(i).and_then(|it| it.def.weapon.as_ref()),
        }
    }

    /// The items in `c`'s hands, in item order.
    pub fn held(&self, c: CharacterId) -> impl Iterator<Item = ItemId> + '_ {
        let indexed = self.holders().map(|h| h.hands(c));
        items_where(indexed, self.locations(), move |at| at == Location::Hand(c))
    }

    /// The items `c` carries, in hand or packed, in item order.
    pub fn carried(&self, c: CharacterId) -> impl Iterator<Item = ItemId> + '_ {
        let indexed = self.holders().map(|h| h.carried(c));
        items_where(
            indexed,
            self.locations(),
            move |at| matches!(at, Location::Hand(h) | Location::Pack(h) if h == c),
        )
    }

    /// Each item's location, in item order: what is read where there is no index.
    fn locations(&self) -> impl Iterator<Item = Location> + '_ {
        self.items.iter().map(|it| it.location)
    }

    pub fn hands_used(&self, c: CharacterId) -> u8 {
        self.held(c).map(|i| self.items[i].def.hands).sum()
    }

    /// Whoever stands on a square, conscious or not.
    pub fn occupant(&self, p: Pos) -> Option<CharacterId> {
        self.characters
            .iter()
            .position(|c| c.is_present() && c.pos == p)
    }

    /// In the surprise round, a character who can neither act nor react.
    pub fn surprised(&self, c: CharacterId) -> bool {
        self.surprise.is_some_and(|t| {
            let ch = &self.characters[c];
            ch.team != t && !ch.stats.danger_sense
        })
    }

    /// Able to take a reaction now.
    pub fn can_react(&self, c: CharacterId) -> bool {
        let ch = &self.characters[c];
        ch.is_active() && ch.reactions > 0 && !self.surprised(c)
    }

    /// Teams with a member still conscious on the map.
    pub fn standing(&self, t: TeamId) -> bool {
        match self.roster() {
            Some(r) => r.team(t) & r.active != 0,
            None => self.characters.iter().any(|c| c.team == t && c.is_active()),
        }
    }

    pub fn actor(&self) -> Option<CharacterId> {
        self.turn.as_ref().map(Turn::actor)
    }
}
