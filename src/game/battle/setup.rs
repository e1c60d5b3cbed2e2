//! What the next battle is to be, as the menu or the command line sets it: the scenario (or a
//! lesson, a save, a battle written inside a test), who sits at each seat, the seed and the
//! optional rules. Nothing here knows a battle under way.

use std::sync::Arc;

use crate::ai::Level;
use crate::rules::dice::SeededDice;
use crate::rulesets::Actions;
use crate::scenario;
use crate::session::{LogEntry, Session};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatKind {
    Person,
    Ai(Level),
}

impl SeatKind {
    /// The seat's kind in `words`: "person", "AI (normal)".
    pub fn label(self, words: &fray_words::Words) -> String {
        match self {
            SeatKind::Person => words.say("seat-person"),
            SeatKind::Ai(l) => words.say_with("seat-ai", &[("level", ai_level(words, l))]),
        }
    }

    /// The word `parse` reads back: `person`, or the AI's level (`normal`).
    pub fn key(self) -> &'static str {
        match self {
            SeatKind::Person => "person",
            SeatKind::Ai(level) => level.name(),
        }
    }

    pub fn parse(s: &str) -> Option<SeatKind> {
        match s.trim() {
            "person" | "human" | "p" => Some(SeatKind::Person),
            "ai" => Some(SeatKind::Ai(Level::Normal)),
            other => Level::parse(other.strip_prefix("ai-").unwrap_or(other)).map(SeatKind::Ai),
        }
    }
}

/// A `--seats` list (`person,hard`, and `gm:person` for the GM's seat): the factions' seats in
/// order, and the GM's if named.
pub fn parse_seats(list: &str) -> Result<(Vec<SeatKind>, Option<SeatKind>), crate::rules::Line> {
    let mut factions = Vec::new();
    let mut gm = None;
    for part in list.split(',') {
        let (is_gm, kind) = match part.trim().strip_prefix("gm:") {
            Some(k) => (true, k),
            None => (false, part),
        };
        let Some(kind) = SeatKind::parse(kind) else {
            return Err(crate::rules::Line::new("cli-unknown-seat").name("seat", part));
        };
        if is_gm {
            gm = Some(kind);
        } else {
            factions.push(kind);
        }
    }
    Ok((factions, gm))
}

/// Starts a battle of a ruleset that is not in the registry (one written inside a test):
/// from the dice, the session and its log, and the battle's name.
pub type Starter = Arc<
    dyn Fn(&mut SeededDice) -> Result<(Box<dyn Session>, Vec<LogEntry>, String), crate::rules::Line>
        + Send
        + Sync,
>;

/// What the menu (or the command line) chose for the next battle.
#[derive(bevy::prelude::Resource, Clone)]
pub struct BattleSetup {
    pub scenario: String,
    /// Who sits at each faction's seat, in faction order.
    pub seats: Vec<SeatKind>,
    /// Who takes the GM's seat, where the ruleset has one.
    pub gm: SeatKind,
    pub seed: u64,
    /// Optional rules switched on or off on the menu, by key; the scenario's own otherwise.
    pub options: Vec<(String, bool)>,
    /// Actions to replay instead of asking the seats.
    pub watch: Option<Actions>,
    /// A battle from outside the registry, instead of `scenario`.
    pub custom: Option<Starter>,
    /// A lesson instead.
    pub lesson: Option<LessonStart>,
    /// The table rolls its own dice: every roll is asked for and typed in.
    pub table_dice: bool,
    /// A saved battle to resume instead: its slot and what it holds.
    pub resume: Option<(String, crate::save::Save)>,
    /// The scenario as Fray wrote it for this battle (a campaign's, its company cast in),
    /// rather than the catalogue's `scenario`.
    pub written: Option<scenario::Scenario>,
    /// A campaign's battle: kept in the campaign's save, not a slot of its own.
    pub campaign: bool,
    /// Ironman: no decision taken back.
    pub ironman: bool,
}

/// A lesson to open: its id, and where: the step to start at and the allowed action taken at
/// each step before it (a lesson left part way is resumed so).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LessonStart {
    pub id: String,
    pub at: usize,
    pub chosen: Vec<usize>,
}

impl LessonStart {
    /// A lesson from its first step.
    pub fn new(id: impl Into<String>) -> Self {
        LessonStart {
            id: id.into(),
            ..LessonStart::default()
        }
    }
}

impl std::fmt::Debug for BattleSetup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BattleSetup")
            .field("scenario", &self.scenario)
            .field("seats", &self.seats)
            .field("gm", &self.gm)
            .field("seed", &self.seed)
            .field("options", &self.options)
            .finish_non_exhaustive()
    }
}

impl Default for BattleSetup {
    fn default() -> Self {
        BattleSetup {
            scenario: scenario::DEFAULT.to_string(),
            seats: vec![SeatKind::Person, SeatKind::Ai(Level::Normal)],
            gm: SeatKind::Ai(Level::Normal),
            seed: 1,
            options: Vec::new(),
            watch: None,
            custom: None,
            lesson: None,
            table_dice: false,
            resume: None,
            written: None,
            campaign: false,
            ironman: false,
        }
    }
}

impl BattleSetup {
    /// The same battle once more, from its seed or from a new one: the same scenario, seats
    /// and options, played rather than watched.
    pub fn again(&mut self, seed: u64, new_seed: bool) {
        self.watch = None;
        self.resume = None;
        self.seed = if new_seed {
            // A step of a 64-bit LCG: a seed of its own, the same one after the same battle.
            seed.wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407)
        } else {
            seed
        };
    }

    /// An optional rule as the menu shows it: the menu's choice, else the scenario's.
    pub fn option(&self, key: &str) -> Option<bool> {
        self.options
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, on)| *on)
    }

    pub fn set_option(&mut self, key: &str, on: bool) {
        self.options.retain(|(k, _)| k != key);
        self.options.push((key.to_string(), on));
    }
}

/// An AI's level in `words`, as a value for a message.
pub fn ai_level(words: &fray_words::Words, level: Level) -> fray_words::Value {
    let key = fray_words::Value::Text(level.name().into());
    fray_words::Value::Text(words.say_with("ai-level", &[("level", key)]))
}
