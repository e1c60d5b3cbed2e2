//! What a ruleset shows, for the generic shell: the board's places and tokens, what an action
//! points at, the words for each decision, the odds of a choice, the roster and the result
//! table. One implementation per ruleset lives in `present/<ruleset>.rs`; the shell draws and
//! dispatches without knowing which ruleset it plays. Nothing here uses Bevy: the words and
//! figures a screen shows are tested, and the registry names them, without the game.

pub mod coterie;
pub mod teams;
pub mod zones;

use crate::rules::battle::{DecisionKind, Event, Ruleset, Seat};
pub use fray_words::Words;

/// A result table's headings, each message by its id.
pub(crate) fn headings(words: &Words, ids: &[&str]) -> Vec<String> {
    ids.iter().map(|id| words.say(id)).collect()
}

/// A chance as the percentage the screen writes: from 0 to 100, never "-0%" from a chance that
/// rounding left a hair below nothing.
pub fn pct(p: impl Into<f64>) -> f64 {
    // Adding zero turns a negative zero into a positive one.
    (p.into() * 100.0).clamp(0.0, 100.0) + 0.0
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_chance_is_written_between_0_and_100_never_minus_0() {
        assert_eq!(format!("{:.0}%", super::pct(-1e-12)), "0%");
        assert_eq!(format!("{:.0}%", super::pct(-0.0)), "0%");
        assert_eq!(format!("{:.0}%", super::pct(1.000_001)), "100%");
        assert_eq!(format!("{:.0}%", super::pct(0.456f32)), "46%");
    }
}

/// A place on the board: a zone, a square, a step of a track.
#[derive(Clone, Debug, PartialEq)]
pub struct Place {
    pub name: String,
    /// Written small at the bottom: cover, darkness, a hazard.
    pub features: String,
    pub colour: [u8; 3],
    /// Where it stands, in place units (one place is 1 × 1); None lets the shell lay the
    /// places out from their links.
    pub at: Option<(f32, f32)>,
    /// The pictures of its features (the art's keys: `terrain.cover`, `terrain.water`), drawn
    /// across it so that the ground reads without its words.
    pub terrain: Vec<&'static str>,
}

/// A character's token as the viewer may see it.
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    /// The character's id, which actions and the target filter name.
    pub id: usize,
    pub place: usize,
    pub faction: usize,
    /// Inside the disc: health, 0, X.
    pub inside: String,
    /// The caption: a short name.
    pub label: String,
    /// Under the name: what is wrong (down, hidden, poisoned), or nothing.
    pub note: String,
    /// The same conditions as icons on the token.
    pub icons: Vec<Icon>,
    /// Out of the fight: drawn grey.
    pub out: bool,
    /// Hidden from the enemy (one's own, seen faded).
    pub faded: bool,
    /// What it has left of what it can lose (health, endurance), drawn as bars across the
    /// token, so that a character at full health never reads as wounded.
    pub pools: Vec<Pool>,
    /// Its picture (the art's key, `portrait.goblin`): the scenario's choice, or one its
    /// name, side and gear suggest (`art::portrait`).
    pub portrait: &'static str,
    /// What it fights with, drawn small beside it (the art's key), if its gear says.
    pub weapon: Option<&'static str>,
    /// For its card: its whole name, and what it has (gear in hand, then stowed; a Coterie
    /// character's skills).
    pub name: String,
    pub gear: Vec<String>,
}

/// One pool of a token: how much is left of the most it can hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pool {
    pub what: &'static str,
    pub left: i32,
    pub most: i32,
}

impl Pool {
    pub fn new(what: &'static str, left: impl Into<i32>, most: impl Into<i32>) -> Pool {
        Pool {
            what,
            left: left.into(),
            most: most.into(),
        }
    }

    /// How full it is, from 0 to 1.
    pub fn fraction(&self) -> f32 {
        if self.most <= 0 {
            return 0.0;
        }
        (self.left as f32 / self.most as f32).clamp(0.0, 1.0)
    }
}

/// A condition drawn on a token, beside the words under its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Icon {
    /// Out of the fight but alive: down, unconscious.
    Down,
    Dead,
    Hidden,
    Grabbed,
    Poisoned,
    Surrendered,
    Prone,
    Guarding,
    InCover,
    /// An action readied, waiting for its trigger.
    Ready,
    /// Hurt: endurance gone (Three actions' harmed), bloodied, wounded.
    Hurt,
    /// Tired: a count of fatigue.
    Fatigue(u8),
    /// In a duel.
    Dueling,
}

impl Icon {
    /// Every kind of icon, for the help's legend and the tests.
    pub const KINDS: [Icon; 13] = [
        Icon::Down,
        Icon::Dead,
        Icon::Hidden,
        Icon::Grabbed,
        Icon::Poisoned,
        Icon::Surrendered,
        Icon::Prone,
        Icon::Guarding,
        Icon::InCover,
        Icon::Ready,
        Icon::Hurt,
        Icon::Fatigue(1),
        Icon::Dueling,
    ];

    /// The message of the icon's meaning, for the legend.
    pub fn message(self) -> &'static str {
        match self {
            Icon::Down => "icon-down",
            Icon::Dead => "icon-dead",
            Icon::Hidden => "icon-hidden",
            Icon::Grabbed => "icon-grabbed",
            Icon::Poisoned => "icon-poisoned",
            Icon::Surrendered => "icon-surrendered",
            Icon::Prone => "icon-prone",
            Icon::Guarding => "icon-guarding",
            Icon::InCover => "icon-in-cover",
            Icon::Ready => "icon-ready",
            Icon::Hurt => "icon-hurt",
            Icon::Fatigue(_) => "icon-fatigue",
            Icon::Dueling => "icon-dueling",
        }
    }
}

/// The board as one viewer sees it. Tokens the viewer may not see are left out.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardView {
    pub places: Vec<Place>,
    /// Places joined by a way through, drawn as lines.
    pub links: Vec<(usize, usize)>,
    pub tokens: Vec<Token>,
    /// The character whose turn it is.
    pub active: Option<usize>,
    /// Places are the squares of a grid, `at` giving column and row: drawn edge to edge, a
    /// token standing in the middle of its square.
    pub grid: bool,
    /// How big each place is drawn, in world units, where the ruleset wants other than a
    /// zone's box (Coterie's track steps are narrow).
    pub place_size: Option<(f32, f32)>,
    /// Words that name a part of the board rather than a place (a track's group), in place
    /// units like `Place::at`, with the faction whose colour they take.
    pub headings: Vec<Heading>,
}

/// A heading on the board: words over a row or column of places.
#[derive(Clone, Debug, PartialEq)]
pub struct Heading {
    pub text: String,
    pub at: (f32, f32),
    pub faction: Option<usize>,
}

/// How the board marks what an action points at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Harm: an attack's target.
    Harm,
    /// Going there: a move.
    Go,
    /// Going there sets off an enemy's blow (an opportunity or readied attack).
    Risk,
    /// Choosing someone: an activation.
    Pick,
}

/// What an action is about, for highlights, clicks and the target filter.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Focus {
    /// Characters the action names (Tab filters the choices by these).
    pub names: Vec<usize>,
    /// A character to ring.
    pub token: Option<(usize, Mark)>,
    /// A place to frame.
    pub place: Option<(usize, Mark)>,
    /// What going there costs, in a few words written in the lit place ("3 m").
    pub cost: Option<String>,
}

/// One line of the roster: a character, under its faction.
#[derive(Clone, Debug, PartialEq)]
pub struct RosterLine {
    pub faction: usize,
    pub text: String,
}

/// The result screen's table: a heading per column, and a row per character with its faction.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ResultTable {
    pub headings: Vec<String>,
    pub rows: Vec<(usize, Vec<String>)>,
}

/// One step of the rules at work that the screen stops on, so a player watches a resolution go
/// round (Coterie's efforts tallied, the two rolls side by side, the degree, each performance)
/// instead of finding it done in the log.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Beat {
    pub title: String,
    pub lines: Vec<String>,
}

/// How the board shows one event: a short animation over its tokens and places.
#[derive(Clone, Debug, PartialEq)]
pub enum Visual {
    /// A token slides from one place to another, with what the move came to (metres).
    Slide {
        token: usize,
        from: usize,
        to: usize,
        text: String,
    },
    /// A line drawn from one character to another: an attack on its way.
    Strike { from: usize, to: usize },
    /// Words rising over a token: damage, "dodged", "missed", a die's result; how much they
    /// weigh sets their size, colour and sound.
    Float {
        token: usize,
        text: String,
        tone: Tone,
    },
    /// A token struck out of the fight.
    Fall { token: usize },
    /// A place flashing: a blast, a hazard, a door.
    Flash { place: usize },
    /// Bars rising out of places, each with its number: Coterie's efforts, the two side by
    /// side once both are rolled, the winner's (an index into `bars`) in gold.
    Tally {
        bars: Vec<(usize, i32)>,
        winner: Option<usize>,
    },
    /// Words across the board, for what happens to no one token: a round, an initiative, a
    /// group's effort.
    Banner { text: String },
}

impl Visual {
    /// Words over a token that weigh nothing in particular.
    pub fn float(token: usize, text: impl Into<String>) -> Visual {
        Visual::toned(token, text, Tone::Plain)
    }

    /// Words over a token that weigh as `tone` says.
    pub fn toned(token: usize, text: impl Into<String>, tone: Tone) -> Visual {
        Visual::Float {
            token,
            text: text.into(),
            tone,
        }
    }
}

/// What words over a token stand for, so a critical for 17 does not read like a scratch for 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// A state, a die's total, a name for what happened.
    Plain,
    /// Harm taken, by how much (wounds and fatigue together in Coterie).
    Harm(u32),
    /// An attack that found nothing.
    Miss,
    /// A blow turned aside: a block, a parry, a dodge, a reaction that shields.
    Guard,
    /// A critical hit, or Coterie's special action: the big moments.
    Critical,
}

/// How a person's decision is laid out beside the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecisionStyle {
    /// Choices in rows, the highlighted one's odds beside it (a turn, a reaction).
    Rows,
    /// Options as cards, each with its effect written out in full (who is hurt, by how much),
    /// where the choice is between outcomes rather than actions.
    Cards,
}

/// What a ruleset shows, in `words`' language wherever it writes words.
pub trait Present: Ruleset {
    /// The message of the top bar's round ("Round 2", Coterie's "Phase 2", a round 0 by its
    /// own name), given `$n`.
    const ROUND: &'static str = "present-round";
    /// The message of what the mouse does on this ruleset's board, for the help.
    const MOUSE: &'static str = "present-mouse";
    /// How the board shows an event, given the state after the action that caused it. Every
    /// event kind has one (a `match` without a catch-all, so a new kind cannot be forgotten).
    fn visual(words: &Words, state: &Self::State, event: &Event<Self::EventKind>) -> Visual;
    /// The title of a decision a person takes. Each ruleset names its own kinds; a kind it
    /// never asks falls to a catch-all, so a ruleset adding one touches no other's words.
    fn decision_title(words: &Words, kind: DecisionKind) -> String;
    /// How a decision is laid out: rows to pick from, or cards with every effect written out.
    fn decision_style(kind: DecisionKind) -> DecisionStyle {
        let _ = kind;
        DecisionStyle::Rows
    }
    /// What the pending decision is about, in words.
    fn situation(words: &Words, state: &Self::State) -> Option<String>;
    /// A short preview of an action's odds, from the core.
    fn odds(words: &Words, state: &Self::State, action: &Self::Action) -> Option<String>;
    /// What another seat may make of an option once it is taken, as its own card under the
    /// option's: a title ("Or, as the GM chooses: The Bandits fall back instead") and the effect.
    fn alternative(_: &Words, _: &Self::State, _: &Self::Action) -> Option<(String, String)> {
        None
    }
    /// The board as `eyes` may see it (None: everything, AI against AI).
    fn board(words: &Words, state: &Self::State, eyes: Option<Seat>) -> BoardView;
    /// What an action points at.
    fn focus(words: &Words, state: &Self::State, action: &Self::Action) -> Focus;
    /// Where `character` could go on a move of its own, with what each place costs in a few
    /// words ("4 m"; empty where a move's own square would write nothing): what selecting a
    /// character who is not acting lights on the board. Empty where it cannot move, or the
    /// board has no places to move between.
    fn reach(words: &Words, state: &Self::State, character: usize) -> Vec<(usize, String)> {
        let _ = (words, state, character);
        Vec::new()
    }
    /// The action a click on a place takes, among the legal ones (a move there).
    fn place_action(state: &Self::State, legal: &[Self::Action], place: usize) -> Option<usize>;
    /// The "end the turn, or pass" key's action among the legal ones.
    fn quick_action(legal: &[Self::Action]) -> Option<usize>;
    /// The choice the menu's cursor starts on, so that Enter at once does the sensible thing;
    /// None: the menu's first row.
    fn first_action(state: &Self::State, legal: &[Self::Action]) -> Option<usize> {
        let _ = (state, legal);
        None
    }
    /// The choice taken without asking a person who asked for routine prompts to be answered:
    /// where one choice is plainly the one to take (bringing every relevant skill, declining a
    /// reaction that cannot help). None asks the person, as ever.
    fn routine(state: &Self::State, legal: &[Self::Action]) -> Option<usize> {
        let _ = (state, legal);
        None
    }
    /// The verb an action comes under when a decision offers more choices than the menu lists
    /// at once ("Move", "Attack", "Ready an attack"), as the id of its message: the menu then
    /// lists the verbs, each opening its own choices. None keeps the action on a row of its
    /// own.
    fn verb(state: &Self::State, action: &Self::Action) -> Option<&'static str> {
        let _ = (state, action);
        None
    }
    /// The steps an action is composed in, when a decision offers many made of the same
    /// pieces (Coterie's harm: each piece's degree, then its kind): the menu then asks step by
    /// step, so that a few cards are seen at once. None for an action made in one step.
    fn parts(words: &Words, state: &Self::State, action: &Self::Action) -> Option<Vec<String>> {
        let _ = (words, state, action);
        None
    }
    /// The verbs a long menu lists first (their messages' ids), in this order; the other rows
    /// follow in the order of the legal actions.
    const VERBS_FIRST: &'static [&'static str] = &[];
    /// A choice that cannot be taken back (surrender, flight, falling back): the menu lists it
    /// last and asks again before taking it.
    fn irreversible(state: &Self::State, action: &Self::Action) -> bool {
        let _ = (state, action);
        false
    }
    /// A character's name, for "showing choices for …".
    fn character_name(state: &Self::State, id: usize) -> String;
    /// The roster as `eyes` may see it.
    fn roster(words: &Words, state: &Self::State, eyes: Option<Seat>) -> Vec<RosterLine>;
    fn result_table(words: &Words, state: &Self::State) -> ResultTable;
    /// The steps of what an action set going that the screen shows one by one, from its events
    /// and the state after them; none by default.
    fn beats(words: &Words, state: &Self::State, events: &[Event<Self::EventKind>]) -> Vec<Beat> {
        let _ = (words, state, events);
        Vec::new()
    }
}
