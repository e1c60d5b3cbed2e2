//! A Three actions battle before its start: the map, the teams, the characters and their
//! gear, who started the fight and who has surprise. Plain data, for a scenario file or for
//! code; `start` checks it and opens the battle.

use serde::{Deserialize, Serialize};

use super::model::*;
use super::{Ctx, TeamsEvent, flow};
use crate::battle::{CharacterId, RuleError};
use crate::dice::{DiceSource, Die};
use crate::line::Line;

/// The most characters a battle holds (commands are tracked one bit each).
pub const MAX_CHARACTERS: usize = 64;
/// The widest and tallest map.
pub const MAX_SIDE: u8 = 64;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MapSetup {
    pub width: u8,
    pub height: u8,
    #[serde(default)]
    pub walls: Vec<Pos>,
    /// Low cover: blocks movement, not sight; something to take cover behind.
    #[serde(default)]
    pub cover: Vec<Pos>,
    #[serde(default)]
    pub difficult: Vec<Pos>,
    /// Doors, closed at the start.
    #[serde(default)]
    pub doors: Vec<Pos>,
    /// Doors, open at the start.
    #[serde(default)]
    pub open_doors: Vec<Pos>,
    /// Squares from which a character may leave the battle.
    #[serde(default)]
    pub exits: Vec<Pos>,
}

impl MapSetup {
    /// An open floor of this size.
    pub fn open(width: u8, height: u8) -> MapSetup {
        MapSetup {
            width,
            height,
            walls: Vec::new(),
            cover: Vec::new(),
            difficult: Vec::new(),
            doors: Vec::new(),
            open_doors: Vec::new(),
            exits: Vec::new(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamSetup {
    pub name: String,
    #[serde(default)]
    pub objective: Objective,
}

/// An item a character carries, in hand or stowed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Gear {
    /// Shared by every battle the setup starts, not copied into each.
    pub item: Shared<Item>,
    #[serde(default)]
    pub held: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CharacterSetup {
    pub name: String,
    pub team: TeamId,
    pub at: Pos,
    #[serde(default)]
    pub stats: Stats,
    #[serde(default)]
    pub gear: Vec<Gear>,
    /// Sneaking, unnoticed by the enemy at the start.
    #[serde(default)]
    pub unseen: bool,
    /// The portrait its scenario names (the art's key), for the screen; left out of the
    /// saved state when there is none, so a battle's hash is as it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon: Option<String>,
    /// What earlier battles left on this character (a campaign's): none in a lone battle.
    #[serde(default, skip_serializing_if = "Lasting::is_fresh")]
    pub lasting: Lasting,
}

/// What a character brings from an earlier battle: health lost, the difficulty of cheating
/// death as raised each time it was cheated (teams.death), and the wear on each item of gear.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lasting {
    /// Health lost; the character starts with no less than 1.
    #[serde(default)]
    pub hurt: u8,
    /// The luck test to cheat death; None for the rulebook's starting 10.
    #[serde(default)]
    pub death_difficulty: Option<u8>,
    /// Durability lost, by the index of the item in the character's gear.
    #[serde(default)]
    pub worn: Vec<(usize, u8)>,
}

impl Lasting {
    pub fn is_fresh(&self) -> bool {
        *self == Lasting::default()
    }
}

impl CharacterSetup {
    pub fn new(name: impl Into<String>, team: TeamId, at: Pos) -> CharacterSetup {
        CharacterSetup {
            name: name.into(),
            team,
            at,
            stats: Stats::default(),
            gear: Vec::new(),
            unseen: false,
            icon: None,
            lasting: Lasting::default(),
        }
    }

    pub fn stats(mut self, stats: Stats) -> CharacterSetup {
        self.stats = stats;
        self
    }

    /// An item in hand.
    pub fn hold(mut self, item: Item) -> CharacterSetup {
        self.gear.push(Gear {
            item: Shared::new(item),
            held: true,
        });
        self
    }

    /// An item stowed.
    pub fn carry(mut self, item: Item) -> CharacterSetup {
        self.gear.push(Gear {
            item: Shared::new(item),
            held: false,
        });
        self
    }

    pub fn unseen(mut self) -> CharacterSetup {
        self.unseen = true;
        self
    }
}

/// An item lying on the map at the start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroundItem {
    pub item: Shared<Item>,
    pub at: Pos,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamsSetup {
    pub name: String,
    pub map: MapSetup,
    pub teams: Vec<TeamSetup>,
    pub characters: Vec<CharacterSetup>,
    #[serde(default)]
    pub ground: Vec<GroundItem>,
    #[serde(default)]
    pub tasks: Vec<Task>,
    /// The team whose member started the fight: first in the initiative.
    #[serde(default)]
    pub started_by: TeamId,
    /// The team attacked: second in the initiative. None: the GM places every other team.
    #[serde(default)]
    pub attacked: Option<TeamId>,
    /// The team with surprise, which alone acts in a surprise round before round 1.
    #[serde(default)]
    pub surprise: Option<TeamId>,
    /// The last round; a battle still going at its end is a draw.
    #[serde(default = "default_round_limit")]
    pub round_limit: u32,
    /// Where a battle written as a situation stands: it starts there, not at the initiative.
    #[serde(default)]
    pub situation: Option<TeamsSituation>,
    /// Objectives that change during the battle, in order (teams.objectives).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub objective_changes: Vec<ObjectiveChange>,
}

/// A battle started mid-way, as a GM sets a rules question: the round, the initiative order,
/// who has had their turn, whose decision it is, and how each character stands.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamsSituation {
    pub round: u32,
    /// The initiative order: every team once.
    pub order: Vec<TeamId>,
    #[serde(default)]
    pub acted: Vec<CharacterId>,
    /// The team whose activation it is; None: the first in the order.
    #[serde(default)]
    pub to_act: Option<TeamId>,
    /// A character whose turn is under way.
    #[serde(default)]
    pub turn: Option<CharacterId>,
    #[serde(default)]
    pub characters: Vec<Standing>,
}

/// How one character stands in a situation; what is left out is as the setup gives it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    pub character: CharacterId,
    #[serde(default)]
    pub endurance: Option<u8>,
    #[serde(default)]
    pub health: Option<u8>,
    #[serde(default)]
    pub stamina: Option<u8>,
    #[serde(default)]
    pub focus: Option<u8>,
    #[serde(default)]
    pub status: Option<Status>,
    #[serde(default)]
    pub prone: bool,
}

fn default_round_limit() -> u32 {
    20
}

impl TeamsSetup {
    /// An empty battle on an open floor; add teams and characters.
    pub fn new(name: impl Into<String>, width: u8, height: u8) -> TeamsSetup {
        TeamsSetup {
            name: name.into(),
            map: MapSetup::open(width, height),
            teams: Vec::new(),
            characters: Vec::new(),
            ground: Vec::new(),
            tasks: Vec::new(),
            started_by: 0,
            attacked: None,
            surprise: None,
            round_limit: default_round_limit(),
            situation: None,
            objective_changes: Vec::new(),
        }
    }

    /// Scripts a change of `team`'s objective (teams.objectives).
    pub fn change_objective(
        mut self,
        team: TeamId,
        when: ChangeWhen,
        objective: Objective,
        text: impl Into<String>,
    ) -> TeamsSetup {
        self.objective_changes.push(ObjectiveChange {
            team,
            when,
            objective,
            text: text.into(),
        });
        self
    }

    /// Adds a team fighting to be the last standing.
    pub fn team(mut self, name: impl Into<String>) -> TeamsSetup {
        self.teams.push(TeamSetup {
            name: name.into(),
            objective: Objective::Defeat,
        });
        self
    }

    pub fn objective(mut self, team: TeamId, objective: Objective) -> TeamsSetup {
        if let Some(t) = self.teams.get_mut(team) {
            t.objective = objective;
        }
        self
    }

    pub fn character(mut self, c: CharacterSetup) -> TeamsSetup {
        self.characters.push(c);
        self
    }

    pub fn walls(mut self, walls: impl IntoIterator<Item = Pos>) -> TeamsSetup {
        self.map.walls.extend(walls);
        self
    }

    pub fn started_by(mut self, team: TeamId, attacked: Option<TeamId>) -> TeamsSetup {
        self.started_by = team;
        self.attacked = attacked;
        self
    }

    pub fn surprise(mut self, team: TeamId) -> TeamsSetup {
        self.surprise = Some(team);
        self
    }

    /// Checks what the rules rely on: every reference in range, everyone on open ground.
    pub fn validate(&self) -> Result<(), SetupError> {
        let m = &self.map;
        if m.width == 0 || m.height == 0 || m.width > MAX_SIDE || m.height > MAX_SIDE {
            return Err(SetupError::MapSize(m.width, m.height));
        }
        let inside = |p: Pos| p.x < m.width && p.y < m.height;
        for (what, list) in [
            ("wall", &m.walls),
            ("cover", &m.cover),
            ("difficult", &m.difficult),
            ("door", &m.doors),
            ("open-door", &m.open_doors),
            ("exit", &m.exits),
        ] {
            if let Some(p) = list.iter().find(|&&p| !inside(p)) {
                return Err(SetupError::FeatureOffMap(what, *p));
            }
        }
        if self.teams.len() < 2 {
            return Err(SetupError::Teams(self.teams.len()));
        }
        if self.characters.len() > MAX_CHARACTERS {
            return Err(SetupError::TooMany(self.characters.len()));
        }
        let teams = self.teams.len();
        for t in [Some(self.started_by), self.attacked, self.surprise]
            .into_iter()
            .flatten()
        {
            if t >= teams {
                return Err(SetupError::NoTeam(t));
            }
        }
        if self.round_limit == 0 {
            return Err(SetupError::RoundLimit);
        }
        let state = self.cells();
        let open = |p: Pos| {
            matches!(
                state[usize::from(p.y) * usize::from(m.width) + usize::from(p.x)],
                Cell::Floor | Cell::Difficult | Cell::DoorOpen
            )
        };
        for (k, c) in self.characters.iter().enumerate() {
            if c.team >= teams {
                return Err(SetupError::NoTeam(c.team));
            }
            if !inside(c.at) || !open(c.at) {
                return Err(SetupError::Blocked(c.name.clone(), c.at));
            }
            if self.characters[..k].iter().any(|o| o.at == c.at) {
                return Err(SetupError::Shared(c.name.clone(), c.at));
            }
            let hands: u8 = c.gear.iter().filter(|g| g.held).map(|g| g.item.hands).sum();
            if hands > 2 {
                return Err(SetupError::Hands(c.name.clone()));
            }
            for g in &c.gear {
                check_item(&g.item)?;
            }
            for d in [
                c.stats.strength,
                c.stats.dexterity,
                c.stats.intellect,
                c.stats.willpower,
            ]
            .into_iter()
            .chain(
                [
                    c.stats.combat,
                    c.stats.athletics,
                    c.stats.acrobatics,
                    c.stats.medicine,
                    c.stats.resolve,
                    c.stats.craft,
                ]
                .into_iter()
                .flatten(),
            ) {
                if d.sides == 0 {
                    return Err(SetupError::Die(c.name.clone()));
                }
            }
        }
        for g in &self.ground {
            check_item(&g.item)?;
            if !inside(g.at) {
                return Err(SetupError::OffMap(g.item.name.clone(), g.at));
            }
        }
        for task in &self.tasks {
            if !inside(task.at) {
                return Err(SetupError::OffMap(task.name.clone(), task.at));
            }
            if task.team.is_some_and(|t| t >= teams) {
                return Err(SetupError::NoTeam(task.team.unwrap_or(0)));
            }
        }
        let objective = |name: &str, o: &Objective| -> Result<(), SetupError> {
            match o {
                Objective::Protect { character, .. } if *character >= self.characters.len() => {
                    Err(SetupError::NoCharacter(name.to_string(), *character))
                }
                Objective::Task { task } if *task >= self.tasks.len() => {
                    Err(SetupError::NoTask(name.to_string(), *task))
                }
                Objective::Reach { squares } | Objective::Hold { squares, .. } => {
                    match squares.iter().find(|&&p| !inside(p)) {
                        Some(p) => Err(SetupError::OffMap(name.to_string(), *p)),
                        None => Ok(()),
                    }
                }
                _ => Ok(()),
            }
        };
        for t in &self.teams {
            objective(&t.name, &t.objective)?;
        }
        for (k, ch) in self.objective_changes.iter().enumerate() {
            let bad = |why: ChangeError| Err(SetupError::Change(k, why));
            let Some(team) = self.teams.get(ch.team) else {
                return bad(ChangeError::NoTeam(ch.team));
            };
            match ch.when {
                ChangeWhen::Round(0) => return bad(ChangeError::RoundZero),
                ChangeWhen::Round(r) if r > self.round_limit => {
                    return bad(ChangeError::AfterLimit {
                        round: r,
                        limit: self.round_limit,
                    });
                }
                ChangeWhen::Task(k) if k >= self.tasks.len() => {
                    return bad(ChangeError::NoTask(k));
                }
                ChangeWhen::Down(c) if c >= self.characters.len() => {
                    return bad(ChangeError::NoCharacter(c));
                }
                _ => {}
            }
            objective(&team.name, &ch.objective)?;
        }
        Ok(())
    }

    fn cells(&self) -> Vec<Cell> {
        let m = &self.map;
        let w = usize::from(m.width);
        let mut cells = vec![Cell::Floor; w * usize::from(m.height)];
        for (list, cell) in [
            (&m.walls, Cell::Wall),
            (&m.cover, Cell::Cover),
            (&m.difficult, Cell::Difficult),
            (&m.doors, Cell::DoorClosed),
            (&m.open_doors, Cell::DoorOpen),
        ] {
            for p in list {
                if let Some(c) = cells.get_mut(usize::from(p.y) * w + usize::from(p.x)) {
                    *c = cell;
                }
            }
        }
        cells
    }

    /// The battle's state before the opening: everyone fresh, every weapon loaded.
    pub fn state(&self) -> Result<State, SetupError> {
        self.validate()?;
        let mut items = Vec::new();
        let mut characters = Vec::with_capacity(self.characters.len());
        for (id, c) in self.characters.iter().enumerate() {
            for (k, g) in c.gear.iter().enumerate() {
                let mut item = ItemState::new(
                    g.item.clone(),
                    if g.held {
                        Location::Hand(id)
                    } else {
                        Location::Pack(id)
                    },
                );
                for &(_, lost) in c.lasting.worn.iter().filter(|(at, _)| *at == k) {
                    item.durability = item.durability.saturating_sub(lost);
                }
                items.push(item);
            }
            characters.push(fresh(c));
        }
        for g in &self.ground {
            items.push(ItemState::new(g.item.clone(), Location::Ground(g.at)));
        }
        let mut state = State {
            name: self.name.clone(),
            map: Map {
                width: self.map.width,
                height: self.map.height,
                cells: Shared::new(self.cells()),
                exits: self.map.exits.clone(),
            },
            teams: self
                .teams
                .iter()
                .map(|t| Team {
                    name: t.name.clone(),
                    objective: t.objective.clone(),
                    escaped: 0,
                    held: 0,
                })
                .collect(),
            characters,
            items,
            tasks: self.tasks.clone(),
            order: Vec::new(),
            round: 0,
            round_limit: self.round_limit,
            surprise: self.surprise,
            stage: Stage::Initiative,
            to_act: 0,
            turn: None,
            attack: None,
            triggers: Vec::new(),
            outcome: None,
            changes: self.objective_changes.clone(),
            holders: Default::default(),
            roster: Default::default(),
        };
        state.index_items();
        state.index_roster();
        Ok(state)
    }

    /// Checks the setup and opens the battle. Nothing is rolled: the initiative follows who
    /// started the fight.
    pub fn start(&self, dice: &mut dyn DiceSource) -> Result<(State, Vec<TeamsEvent>), RuleError> {
        let mut s = self.state().map_err(|e| {
            RuleError::Illegal(Line::new("teams-invalid-setup").line("why", e.line()))
        })?;
        if let Some(sit) = &self.situation {
            stand(&mut s, sit)?;
        }
        let mut ctx = Ctx::new(&mut s, dice);
        match &self.situation {
            Some(sit) => flow::resume(&mut ctx, sit)?,
            None => flow::begin(&mut ctx, self.started_by, self.attacked),
        }
        flow::advance(&mut ctx)?;
        let events = ctx.log.events;
        Ok((s, events))
    }
}

/// Puts each character of a situation as it stands, refusing what the rules cannot hold.
fn stand(s: &mut State, sit: &TeamsSituation) -> Result<(), RuleError> {
    let bad = |why: Line| {
        Err(RuleError::Illegal(
            Line::new("teams-invalid-situation").line("why", why),
        ))
    };
    let teams = s.teams.len();
    let mut order = sit.order.clone();
    order.sort_unstable();
    if order != (0..teams).collect::<Vec<_>>() {
        return bad(Line::new("teams-situation-order"));
    }
    if sit.round == 0 {
        return bad(Line::new("teams-situation-round-zero"));
    }
    for &c in sit.acted.iter().chain(&sit.turn) {
        if c >= s.characters.len() {
            return bad(Line::new("teams-situation-no-character").number("c", c as i64));
        }
    }
    for st in &sit.characters {
        let Some(ch) = s.characters.get_mut(st.character) else {
            return bad(Line::new("teams-situation-no-character").number("c", st.character as i64));
        };
        let most = ch.stats;
        for (what, now, max) in [
            ("endurance", st.endurance, most.endurance),
            ("health", st.health, most.health),
            ("stamina", st.stamina, most.stamina),
            ("focus", st.focus, most.focus),
        ] {
            if now.is_some_and(|n| n > max) {
                return bad(Line::new("teams-situation-above-most")
                    .who("who", st.character)
                    .word("what", what)
                    .number("max", max));
            }
        }
        ch.endurance = st.endurance.unwrap_or(ch.endurance);
        ch.health = st.health.unwrap_or(ch.health);
        ch.stamina = st.stamina.unwrap_or(ch.stamina);
        ch.focus = st.focus.unwrap_or(ch.focus);
        ch.prone = st.prone;
        ch.status = st.status.unwrap_or(if ch.health == 0 {
            Status::Unconscious
        } else {
            Status::Active
        });
        if (ch.health == 0) != matches!(ch.status, Status::Unconscious | Status::Dead) {
            return bad(Line::new("teams-situation-health-zero").who("who", st.character));
        }
        // Already harmed (half endurance or less, teams.harm): said when it began, not again.
        ch.harmed = ch.is_harmed();
    }
    s.index_roster();
    Ok(())
}

fn check_item(item: &Item) -> Result<(), SetupError> {
    if item.hands > 2 {
        return Err(SetupError::ItemHands(item.name.clone()));
    }
    if let Some(w) = &item.weapon {
        if w.attributes.is_empty() {
            return Err(SetupError::Weapon(item.name.clone(), "no-attribute"));
        }
        if w.reach == 0 && w.range == 0 {
            return Err(SetupError::Weapon(item.name.clone(), "no-reach"));
        }
        if w.critical == 0 {
            return Err(SetupError::Weapon(item.name.clone(), "no-critical"));
        }
    }
    Ok(())
}

fn fresh(c: &CharacterSetup) -> Character {
    let health = if c.stats.health == 0 {
        0
    } else {
        c.stats.health.saturating_sub(c.lasting.hurt).max(1)
    };
    Character {
        name: c.name.clone(),
        team: c.team,
        stats: c.stats,
        pos: c.at,
        endurance: c.stats.endurance,
        health,
        stamina: c.stats.stamina,
        focus: c.stats.focus,
        status: if health == 0 {
            Status::Unconscious
        } else {
            Status::Active
        },
        prone: false,
        acted: false,
        reactions: 1,
        waited: false,
        guarding: false,
        in_cover: false,
        readied: None,
        readied_for: None,
        attacks: 0,
        extended: None,
        death_difficulty: c.lasting.death_difficulty.unwrap_or(10),
        unseen: c.unseen,
        harmed: false,
        icon: c.icon.clone(),
    }
}

/// What is wrong with a setup, as a scenario's checks report it: `line` says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    MapSize(u8, u8),
    /// Something named lies off the map, at this square.
    OffMap(String, Pos),
    /// A square of the map's own (a wall, cover, difficult terrain, a door shut or open, an
    /// exit: the catalogue's keyword) lies off it.
    FeatureOffMap(&'static str, Pos),
    Teams(usize),
    TooMany(usize),
    NoTeam(TeamId),
    RoundLimit,
    Blocked(String, Pos),
    Shared(String, Pos),
    Hands(String),
    Die(String),
    ItemHands(String),
    /// A weapon and what it lacks: `no-attribute`, `no-reach`, `no-critical`.
    Weapon(String, &'static str),
    NoCharacter(String, CharacterId),
    NoTask(String, usize),
    /// An objective change, counted from 0, and what is wrong with it.
    Change(usize, ChangeError),
}

/// What is wrong with an objective change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChangeError {
    NoTeam(TeamId),
    RoundZero,
    AfterLimit { round: u32, limit: u32 },
    NoTask(usize),
    NoCharacter(CharacterId),
}

impl SetupError {
    /// What is wrong, as the referee says it.
    pub fn line(&self) -> Line {
        let n = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        let named = |id: &'static str, name: &str| Line::new(id).name("name", name);
        match self {
            SetupError::MapSize(w, h) => Line::new("teams-setup-map-size")
                .number("w", *w)
                .number("h", *h),
            SetupError::OffMap(what, p) => {
                named("teams-setup-off-map", what).line("square", super::said::square(*p))
            }
            SetupError::FeatureOffMap(what, p) => Line::new("teams-setup-feature-off-map")
                .word("feature", what)
                .line("square", super::said::square(*p)),
            SetupError::Teams(k) => Line::new("teams-setup-teams").number("n", n(*k)),
            SetupError::TooMany(k) => Line::new("teams-setup-too-many").number("n", n(*k)),
            SetupError::NoTeam(t) => Line::new("teams-setup-no-team").number("team", n(*t)),
            SetupError::RoundLimit => Line::new("teams-setup-round-limit"),
            SetupError::Blocked(c, p) => {
                named("teams-setup-blocked", c).line("square", super::said::square(*p))
            }
            SetupError::Shared(c, p) => {
                named("teams-setup-shared", c).line("square", super::said::square(*p))
            }
            SetupError::Hands(c) => named("teams-setup-hands", c),
            SetupError::Die(c) => named("teams-setup-die", c),
            SetupError::ItemHands(i) => named("teams-setup-item-hands", i),
            SetupError::Weapon(i, lack) => named("teams-setup-weapon", i).word("lack", lack),
            SetupError::NoCharacter(t, c) => {
                named("teams-setup-no-character", t).number("c", n(*c))
            }
            SetupError::NoTask(t, k) => named("teams-setup-no-task", t).number("task", n(*k)),
            SetupError::Change(k, why) => {
                let why = match why {
                    ChangeError::NoTeam(t) => {
                        Line::new("teams-change-no-team").number("team", n(*t))
                    }
                    ChangeError::RoundZero => Line::new("teams-change-round-zero"),
                    ChangeError::AfterLimit { round, limit } => {
                        Line::new("teams-change-after-limit")
                            .number("round", *round)
                            .number("limit", *limit)
                    }
                    ChangeError::NoTask(k) => {
                        Line::new("teams-change-no-task").number("task", n(*k))
                    }
                    ChangeError::NoCharacter(c) => {
                        Line::new("teams-change-no-character").number("c", n(*c))
                    }
                };
                Line::new("teams-setup-change")
                    .number("n", n(k + 1))
                    .line("why", why)
            }
        }
    }
}

/// As a developer reads it (see [`Line`]'s `Display`).
impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.line())
    }
}

impl std::error::Error for SetupError {}

/// Handy gear for code-built setups and tests.
impl Item {
    pub fn new(name: impl Into<String>) -> Item {
        Item {
            name: name.into(),
            hands: 1,
            metal: false,
            durability: None,
            weapon: None,
            block: None,
            parry: None,
        }
    }

    pub fn with_weapon(mut self, w: WeaponDef) -> Item {
        self.weapon = Some(w);
        self
    }

    pub fn metal(mut self) -> Item {
        self.metal = true;
        self
    }

    pub fn two_handed(mut self) -> Item {
        self.hands = 2;
        self
    }

    pub fn block(mut self, value: u8) -> Item {
        self.block = Some(value);
        self
    }

    pub fn parry(mut self, value: u8) -> Item {
        self.parry = Some(value);
        self
    }
}

impl WeaponDef {
    /// A melee weapon of reach 1 using strength.
    pub fn melee(damage: u8, critical_damage: u8, damage_type: DamageType) -> WeaponDef {
        WeaponDef {
            attributes: vec![Attr::Strength],
            proficiencies: Vec::new(),
            damage,
            critical_damage,
            critical: 20,
            damage_type,
            reach: 1,
            range: 0,
            thrown: false,
            reload: 0,
            nonlethal: false,
        }
    }

    /// A bow or crossbow shooting `range` metres, using dexterity.
    pub fn shooting(
        damage: u8,
        critical_damage: u8,
        damage_type: DamageType,
        range: u8,
    ) -> WeaponDef {
        WeaponDef {
            attributes: vec![Attr::Dexterity],
            proficiencies: vec![Proficiency::Ranged],
            reach: 0,
            range,
            ..WeaponDef::melee(damage, critical_damage, damage_type)
        }
    }

    pub fn attributes(mut self, a: &[Attr]) -> WeaponDef {
        self.attributes = a.to_vec();
        self
    }

    pub fn proficiencies(mut self, p: &[Proficiency]) -> WeaponDef {
        self.proficiencies = p.to_vec();
        self
    }

    pub fn critical(mut self, threshold: u8) -> WeaponDef {
        self.critical = threshold;
        self
    }

    pub fn thrown(mut self, range: u8) -> WeaponDef {
        self.thrown = true;
        self.range = range;
        self
    }

    pub fn reload(mut self, actions: u8) -> WeaponDef {
        self.reload = actions;
        self
    }

    pub fn reach(mut self, metres: u8) -> WeaponDef {
        self.reach = metres;
        self
    }

    pub fn nonlethal(mut self) -> WeaponDef {
        self.nonlethal = true;
        self
    }
}

impl Stats {
    /// Sets an attribute die, for code-built characters.
    pub fn with_attr(mut self, a: Attr, die: Die) -> Stats {
        match a {
            Attr::Strength => self.strength = die,
            Attr::Dexterity => self.dexterity = die,
            Attr::Intellect => self.intellect = die,
            Attr::Willpower => self.willpower = die,
        }
        self
    }

    /// Sets a skill die (None: untrained).
    pub fn with_skill(mut self, s: Skill, die: Option<Die>) -> Stats {
        match s {
            Skill::Combat => self.combat = die,
            Skill::Athletics => self.athletics = die,
            Skill::Acrobatics => self.acrobatics = die,
            Skill::Medicine => self.medicine = die,
            Skill::Resolve => self.resolve = die,
            Skill::Craft => self.craft = die,
        }
        self
    }
}
