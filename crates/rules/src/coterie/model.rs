//! A Coterie conflict: two groups, their characters, the position track, and where the phase
//! loop stands.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::battle::{CharacterId, FactionId, Outcome};

/// The players' group is side 0; the opposition the GM runs is side 1.
pub const PARTY: FactionId = 0;
pub const FOES: FactionId = 1;

/// What a conflict is about: the skills, nuances and group traits that count in it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Conflict {
    pub name: String,
    /// Skills relevant to this conflict (coterie.effort).
    pub skills: Vec<String>,
    /// Nuances relevant to it: a nuance counts when it is listed here and its parent skill is
    /// brought.
    pub nuances: Vec<String>,
    /// Group traits that help or hinder in it (equipment, allies).
    pub traits: Vec<String>,
    /// A fight: wounds may be dealt. A chase or a parley deals only tactical and trait harm.
    pub physical: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Nuance {
    pub name: String,
    /// The skill it refines.
    pub skill: String,
    /// Positive or negative.
    pub value: i32,
}

/// A goal a character declared, pursued over phases (coterie.individual-actions).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Goal {
    pub text: String,
    pub needed: u8,
    pub progress: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Standing {
    InConflict,
    /// Settling a duel with this opponent, apart from the group (coterie.duels).
    Dueling(CharacterId),
    /// Out of the conflict: fled the field, beaten in a duel, or too hurt to go on.
    Out,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Character {
    pub name: String,
    pub side: FactionId,
    /// Skill ranks, commonly 1 to 10; negative ones are faults.
    pub skills: BTreeMap<String, i32>,
    pub nuances: Vec<Nuance>,
    pub leadership: i32,
    pub group_work: i32,
    /// Wounds at or above this put the character out of the conflict.
    pub endurance: i32,
    pub fatigue: i32,
    pub wounds: i32,
    pub standing: Standing,
    pub goal: Option<Goal>,
    /// Bonus to the next phase's individual performance roll, from a special action.
    pub performance_bonus: i32,
    /// Position on a duel's own track, 0 to -3 (coterie.duels).
    pub duel_position: i32,
    /// The portrait its scenario names (the art's key), for the screen; left out of the
    /// saved state when there is none, so a battle's hash is as it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon: Option<String>,
}

impl Character {
    pub fn in_group(&self) -> bool {
        self.standing == Standing::InConflict
    }

    pub fn present(&self) -> bool {
        self.standing != Standing::Out
    }

    /// A skill's rank, 0 if the character has none.
    pub fn skill(&self, name: &str) -> i32 {
        self.skills.get(name).copied().unwrap_or(0)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Group {
    pub name: String,
    /// The tactical track: 0, falling to -5 (coterie.push-backs).
    pub position: i32,
    /// Group wounds; the penalty is wounds × vulnerability (coterie.wounds).
    pub wounds: i32,
    /// Armour and toughness, taken from the members' number for the vulnerability.
    pub armour: i32,
    /// What each group trait gives the group's effort where the conflict counts it.
    pub traits: BTreeMap<String, i32>,
    /// Penalty points against each trait, already doubled (coterie.trait-injuries).
    pub trait_injuries: BTreeMap<String, i32>,
    /// Tactical penalty on the next phase's effort (coterie.tactical-penalty).
    pub tactical_penalty: i32,
    /// Bonus to the next phase's effort, from special actions.
    pub bonus: i32,
    /// The position at which the group's morale usually gives out (its "intrinsic morale"):
    /// the GM's policy has it flee or capitulate there; None fights on to -5 (coterie.flee).
    pub breaks_at: Option<i32>,
    /// The lowest position at which the GM chose to fight on; asked again only below it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub held_at: Option<i32>,
}

impl Group {
    /// Whether at `position` the group has reached its breaking point and flees or
    /// capitulates (coterie.flee).
    pub fn breaks(&self, position: i32) -> bool {
        self.breaks_at.is_some_and(|b| position <= b)
    }

    /// Whether at `position` the conflict is over for the group: over-run at -5
    /// (coterie.over-run) or broken (coterie.flee).
    pub fn ends_at(&self, position: i32) -> bool {
        position <= -5 || self.breaks(position)
    }
}

/// A character's individual action for the phase (coterie.individual-actions).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Effort {
    /// Fights with the group.
    Steady,
    /// Throws everything in: +2 to the contribution, 1 fatigue.
    Press,
    /// Works towards the declared goal as well as with the group.
    Goal,
}

/// One character's part in the phase being played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Part {
    pub character: CharacterId,
    pub effort: Effort,
    /// The relevant skills brought in; empty until chosen.
    pub brought: Vec<String>,
    /// The net individual performance shift, once rolled.
    pub shift: Option<i32>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Degree {
    Draw,
    Minor,
    Major,
    Decisive,
}

impl Degree {
    /// The group conflict's degrees by margin (coterie.degrees).
    pub fn of_margin(margin: i32) -> Degree {
        match margin.abs() {
            0 => Degree::Draw,
            1..=5 => Degree::Minor,
            6..=15 => Degree::Major,
            _ => Degree::Decisive,
        }
    }

    /// A duel's degrees by margin (coterie.duels).
    pub fn of_duel_margin(margin: i32) -> Degree {
        match margin.abs() {
            0 => Degree::Draw,
            1..=2 => Degree::Minor,
            3..=6 => Degree::Major,
            _ => Degree::Decisive,
        }
    }

    /// Levels of harm: minor 1, major 2, decisive 3.
    pub fn level(self) -> i32 {
        match self {
            Degree::Draw => 0,
            Degree::Minor => 1,
            Degree::Major => 2,
            Degree::Decisive => 3,
        }
    }

    pub fn from_level(level: i32) -> Degree {
        match level {
            i32::MIN..=0 => Degree::Draw,
            1 => Degree::Minor,
            2 => Degree::Major,
            _ => Degree::Decisive,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Degree::Draw => "draw",
            Degree::Minor => "minor",
            Degree::Major => "major",
            Degree::Decisive => "decisive",
        }
    }
}

/// The five levels of individual performance (coterie.performance).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Performance {
    Awful,
    Poor,
    Normal,
    Good,
    Great,
}

impl Performance {
    /// The keyword a message chooses its words for this level by.
    pub fn word(self) -> &'static str {
        match self {
            Performance::Awful => "awful",
            Performance::Poor => "poor",
            Performance::Normal => "normal",
            Performance::Good => "good",
            Performance::Great => "great",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Performance::Awful => "Awful",
            Performance::Poor => "Poor",
            Performance::Normal => "Normal",
            Performance::Good => "Good",
            Performance::Great => "Great",
        }
    }

    pub fn of_shift(shift: i32) -> Performance {
        match shift {
            i32::MIN..=-2 => Performance::Awful,
            -1 => Performance::Poor,
            0 => Performance::Normal,
            1 => Performance::Good,
            _ => Performance::Great,
        }
    }
}

/// The kind of one piece of harm.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum HarmKind {
    /// A push-back on the track, with its penalty on the next phase.
    Tactical,
    /// Bodily injury: group wounds, or each character's own, capped by their performance.
    Wounds,
    /// An injury to one trait, at double penalty.
    Trait(String),
}

/// One piece of harm at a level: minor, major or decisive.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Harm {
    pub kind: HarmKind,
    pub degree: Degree,
}

impl Harm {
    pub fn push_back(degree: Degree) -> Harm {
        Harm {
            kind: HarmKind::Tactical,
            degree,
        }
    }

    pub fn minor(kind: HarmKind) -> Harm {
        Harm {
            kind,
            degree: Degree::Minor,
        }
    }
}

/// The result of the phase's group roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhaseResult {
    /// None for a draw.
    pub winner: Option<FactionId>,
    pub degree: Degree,
}

/// A special action a character proposes (coterie.special-actions).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Special {
    /// A bonus to the group's next effort.
    GroupBonus,
    /// A bonus to one's own next performance roll.
    SelfBonus,
    /// A tactical change: the opposition pushed back a step.
    Tactical,
    /// Fatigue shaken off.
    Recover,
    /// Progress on one's declared goal.
    Progress,
    /// A duel with this opponent.
    Duel(CharacterId),
}

/// What the GM decides for a shaken opposition (coterie.flee).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Morale {
    FightOn,
    Flee,
    Capitulate,
}

/// Where the phase loop stands: each a distinct decision or the end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// Each character in the group declares an individual action, in turn.
    Declare(usize),
    /// Each chooses the skills they bring.
    Bring(usize),
    /// A character proposes a special action; `mild` for the milder kind.
    Special {
        character: CharacterId,
        mild: bool,
    },
    /// The GM approves the proposal, or makes it milder.
    Review {
        character: CharacterId,
        mild: bool,
        proposal: Special,
    },
    /// The winner composes the harm the degree allows.
    Harm {
        winner: FactionId,
        degree: Degree,
    },
    /// The players, having lost, take the GM's harm or fall back instead.
    FallBack {
        degree: Degree,
        harm: Vec<Harm>,
    },
    /// After a decisive loss the players fall back (or flee): the GM may keep one level of
    /// the harm for injuries, or waive it (coterie.fall-back). `harm` is what the GM first
    /// composed, whose injury is offered first.
    Reserve {
        fleeing: bool,
        harm: Vec<Harm>,
    },
    /// The opposition, beaten by a major margin, takes the players' harm or falls back two
    /// steps instead (coterie.degrees).
    FoesFallBack {
        harm: Vec<Harm>,
    },
    /// A character who did at least well decides whether to flee the field.
    Flee(CharacterId),
    /// The players choose a neutral or a harmful draw.
    Draw,
    /// The GM picks the players' injury in a harmful draw; the enemy's harm is chosen.
    PartyInjury {
        foes: HarmKind,
    },
    /// The loser of a duel's major defeat chooses: fall back or take the harm.
    DuelAnswer {
        loser: CharacterId,
    },
    /// The GM judges the opposition's morale, after a decisive loss or when its position
    /// reaches -2 or lower: fight on, flee or capitulate (coterie.flee).
    Morale,
    /// The rules work through the phase's rolls and their results (no decision pending).
    Resolving,
    Over,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub scenario: String,
    pub conflict: Conflict,
    pub characters: Vec<Character>,
    pub groups: Vec<Group>,
    /// The phase being played, from 1.
    pub phase: u32,
    pub stage: Stage,
    /// The players' characters' parts in this phase.
    pub parts: Vec<Part>,
    pub result: Option<PhaseResult>,
    /// Characters still due a special-action decision this phase, with `mild`.
    pub specials_due: Vec<(CharacterId, bool)>,
    /// Characters still due the choice to flee the field.
    pub flee_due: Vec<CharacterId>,
    /// Players' characters whose duels are still to be rolled this phase.
    pub duels_due: Vec<CharacterId>,
    /// Whether the phase's harm (or draw) is still to be settled.
    pub harm_due: bool,
    /// Whether the opposition lost this phase decisively and the GM is still to judge its
    /// morale (coterie.degrees).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub morale_due: bool,
    pub outcome: Option<Outcome>,
}

impl State {
    pub fn name(&self, c: CharacterId) -> &str {
        self.characters.get(c).map_or("?", |c| c.name.as_str())
    }

    /// The characters of a side still in the group (not dueling, not out).
    pub fn in_group(&self, side: FactionId) -> Vec<CharacterId> {
        (0..self.characters.len())
            .filter(|&c| self.characters[c].side == side && self.characters[c].in_group())
            .collect()
    }

    /// The players' characters taking part in the phase, in order.
    pub fn party(&self) -> Vec<CharacterId> {
        self.in_group(PARTY)
    }

    /// Whether `wounds` cut a group down: they reach its number of members still present
    /// (coterie.wounds).
    pub fn cut_down(&self, side: FactionId, wounds: i32) -> bool {
        wounds > 0 && wounds >= self.members(side)
    }

    fn members(&self, side: FactionId) -> i32 {
        self.characters
            .iter()
            .filter(|c| c.side == side && c.present())
            .count() as i32
    }

    /// Vulnerability: "the number of individuals that compose the group", less its armour and
    /// toughness (coterie.wounds). A duellist is settled "without him" and is not of the group
    /// while the duel lasts, on either side.
    pub fn vulnerability(&self, side: FactionId) -> i32 {
        (self.in_group(side).len() as i32 - self.groups[side].armour).max(0)
    }

    /// Who speaks for the players' group: the highest leadership still in the conflict.
    pub fn leader(&self) -> Option<CharacterId> {
        let mut best: Option<CharacterId> = None;
        for c in 0..self.characters.len() {
            let ch = &self.characters[c];
            if ch.side == PARTY
                && ch.present()
                && best.is_none_or(|b| ch.leadership > self.characters[b].leadership)
            {
                best = Some(c);
            }
        }
        best
    }
}
