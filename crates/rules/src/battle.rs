//! What every ruleset shares: who decides, what a battle's end looks like, and the contract
//! (`pending`, `legal_actions`, `apply`) that the game, the AI, the CLI and the tests all drive.

use std::fmt;

use serde::{Deserialize, Serialize, de::DeserializeOwned};

use super::dice::{DiceError, DiceSource};
use super::explain::Explanation;
use super::line::Line;

pub use super::ids::{CharacterId, FactionId};

/// Who makes the pending decision. The GM is a seat of its own: where a rulebook hands a choice
/// to the GM, the core asks this seat, which a policy written from the rulebook's guidance fills
/// by default and a person may take in hot-seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Seat {
    Faction(FactionId),
    Gm,
    /// One character's own decisions, where a ruleset gives each its own seat (Coterie's
    /// players' characters).
    Character(CharacterId),
}

/// The kind of decision awaited, so the shell can open the right overlay without knowing the
/// ruleset's internals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DecisionKind {
    /// Which faction acts first this round.
    Initiative,
    /// Activate a character, or pass.
    Activation,
    /// The active character's next step within their turn.
    Turn,
    /// Whether and how to react to an attack (or to an enemy moving away).
    Reaction,
    /// Attack stunts: proposing one, or accepting or refusing one.
    Stunt,
    /// Surrender or retreat after a failed morale save.
    Morale,
    /// How to deliver or take harm (Coterie).
    Harm,
    /// Neutral or harmful draw (Coterie).
    Draw,
    /// What to bring into a phase (Coterie).
    Commit,
    /// Proposing a special action (Coterie).
    Special,
    /// The GM allowing a special action, or making it milder (Coterie).
    Review,
}

impl DecisionKind {
    /// The decision as a player reads it: "a reaction".
    pub fn line(self) -> Line {
        Line::new(match self {
            DecisionKind::Initiative => "decision-initiative",
            DecisionKind::Activation => "decision-activation",
            DecisionKind::Turn => "decision-turn",
            DecisionKind::Reaction => "decision-reaction",
            DecisionKind::Stunt => "decision-stunt",
            DecisionKind::Morale => "decision-morale",
            DecisionKind::Harm => "decision-harm",
            DecisionKind::Draw => "decision-draw",
            DecisionKind::Commit => "decision-commit",
            DecisionKind::Special => "decision-special",
            DecisionKind::Review => "decision-review",
        })
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    Victory { winner: FactionId, how: Line },
    Draw { how: Line },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    Decide {
        seat: Seat,
        kind: DecisionKind,
        /// Seconds the person has to declare, under the chaos-of-combat rule; the shell enforces it.
        time_limit: Option<u32>,
    },
    Over(Outcome),
}

impl Pending {
    pub fn seat(&self) -> Option<Seat> {
        match self {
            Pending::Decide { seat, .. } => Some(*seat),
            Pending::Over(_) => None,
        }
    }

    /// Why an action is refused at this decision: who must decide what, among how many legal
    /// choices. `action` is the refused action as a choice reads ("Attack Bryn with sword").
    pub fn refusing(&self, action: Line, legal: usize) -> Line {
        let who = match self {
            Pending::Decide {
                seat: Seat::Faction(f),
                kind,
                ..
            } => Line::new("rule-side-must-decide")
                .side("side", *f)
                .line("kind", kind.line()),
            Pending::Decide { kind, .. } => {
                Line::new("rule-gm-must-decide").line("kind", kind.line())
            }
            Pending::Over(_) => Line::new("rule-over"),
        };
        Line::new("rule-not-now")
            .line("action", action)
            .line("who", who)
            .number("n", i64::try_from(legal).unwrap_or(i64::MAX))
    }
}

/// An event as the log shows it: a sentence, the roll behind it if any, and the ruleset's own
/// structured record for the screen to animate.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Event<K> {
    pub kind: K,
    pub line: Line,
    /// Boxed: most events have none, and an event is moved about whole.
    pub explanation: Option<Box<Explanation>>,
}

/// Why an action was refused. A player reads it through its [`RuleError::line`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    /// Not a legal action now; the line says why.
    Illegal(Line),
    Over,
    Dice(DiceError),
}

impl From<DiceError> for RuleError {
    fn from(e: DiceError) -> RuleError {
        RuleError::Dice(e)
    }
}

/// As a developer reads it (see [`Line`]'s `Display`).
impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.line())
    }
}

impl std::error::Error for RuleError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RuleError::Dice(e) => Some(e),
            _ => None,
        }
    }
}

impl RuleError {
    /// What went wrong, as the referee says it.
    pub fn line(&self) -> Line {
        match self {
            RuleError::Illegal(why) => Line::new("rule-illegal").line("why", why.clone()),
            RuleError::Over => Line::new("rule-over"),
            RuleError::Dice(e) => e.line(),
        }
    }
}

/// An optional rule a scenario may switch on or off before the battle starts (the menu's boxes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionalRule {
    /// What the setting is called in the setup, for `set_option`.
    pub key: &'static str,
    /// The label the menu shows.
    pub label: Line,
    pub on: bool,
}

/// A battle just started: its state and the events of the start.
pub type Started<S, K> = Result<(S, Vec<Event<K>>), RuleError>;

/// The contract each ruleset fulfils. `apply` either succeeds, or returns an error and leaves
/// the state exactly as it was.
pub trait Ruleset {
    type State: Clone + Serialize + DeserializeOwned + fmt::Debug + crate::line::Named;
    type Action: Clone + PartialEq + Serialize + DeserializeOwned + fmt::Debug;
    type EventKind: Clone + Serialize + DeserializeOwned + fmt::Debug;
    /// A validated scenario before its first roll: what `start` turns into a battle.
    type Setup: Clone + fmt::Debug;

    /// Rolls what the start needs (initiative, surprise) and returns the battle ready for its
    /// first decision, with the events of the start.
    fn start(
        setup: &Self::Setup,
        dice: &mut dyn DiceSource,
    ) -> Started<Self::State, Self::EventKind>;
    /// The factions of a setup, by name, before the battle starts (the menu's seats).
    fn setup_factions(setup: &Self::Setup) -> Vec<String>;
    /// The seats a person or the AI takes, besides the GM's, with their names: by default one
    /// per faction.
    fn seats(state: &Self::State) -> Vec<(Seat, String)> {
        Self::faction_names(state)
            .into_iter()
            .enumerate()
            .map(|(f, n)| (Seat::Faction(f), n))
            .collect()
    }
    /// The same, before the battle starts (the menu's seats).
    fn setup_seats(setup: &Self::Setup) -> Vec<(Seat, String)> {
        Self::setup_factions(setup)
            .into_iter()
            .enumerate()
            .map(|(f, n)| (Seat::Faction(f), n))
            .collect()
    }
    /// The optional rules a setup offers, as the scenario sets them.
    fn options(setup: &Self::Setup) -> Vec<OptionalRule> {
        let _ = setup;
        Vec::new()
    }
    /// Switches an optional rule of a setup; false if the ruleset has no such option.
    fn set_option(setup: &mut Self::Setup, key: &str, on: bool) -> bool {
        let _ = (setup, key, on);
        false
    }

    fn pending(state: &Self::State) -> Pending;
    fn legal_actions(state: &Self::State) -> Vec<Self::Action>;
    /// The legal actions into `out`, which is emptied first, in the order `legal_actions` gives
    /// them: a play-out listing at every decision keeps one buffer rather than a new one each time.
    fn legal_actions_into(state: &Self::State, out: &mut Vec<Self::Action>) {
        *out = Self::legal_actions(state);
    }
    fn apply(
        state: &mut Self::State,
        action: &Self::Action,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event<Self::EventKind>>, RuleError>;

    /// A one-line description of an action for menus and logs.
    fn describe(state: &Self::State, action: &Self::Action) -> Line;
    /// Factions taking part, by name, in id order.
    fn faction_names(state: &Self::State) -> Vec<String>;
    /// What a number written under these labels in an action or event indexes: the variant
    /// and field names around it, outermost first (`Attack`, `weapon`, `Item`), `Some` left
    /// out. Files and records name what it answers for.
    fn indexes(labels: &[&str]) -> Option<crate::names::Indexed> {
        let _ = labels;
        None
    }
    /// Character `c` as a record shows it: counts and conditions. None for no such character.
    fn condition(state: &Self::State, c: CharacterId) -> Option<crate::names::Condition> {
        let _ = (state, c);
        None
    }
    /// The names of everything [`Ruleset::indexes`] answers for, each kind in index order.
    fn names(state: &Self::State) -> crate::names::Names {
        crate::names::Names::default()
            .with(crate::names::Indexed::Faction, Self::faction_names(state))
    }
    /// The round number, for round limits and statistics.
    fn round(state: &Self::State) -> u32;
    /// The side a seat plays for, whose win the AI seeks when it takes that seat; None for a
    /// GM deciding as referee, who follows `Heuristics::gm_choice`.
    fn side(state: &Self::State, seat: Seat) -> Option<FactionId> {
        let _ = state;
        match seat {
            Seat::Faction(f) => Some(f),
            Seat::Gm | Seat::Character(_) => None,
        }
    }

    /// Whether the state holds something `seat` may not see (an enemy keeping concealed). The
    /// pass-the-screen card and `determinize` both ask this; rulesets without hidden information
    /// keep the default.
    fn hides_from(state: &Self::State, seat: Seat) -> bool {
        let _ = (state, seat);
        false
    }

    /// Whether going from `before` to `after` brought something hidden to light (an enemy
    /// keeping concealed seen): a decision that did so cannot be taken back. Rulesets without
    /// hidden information keep the default.
    fn reveals(before: &Self::State, after: &Self::State) -> bool {
        let _ = (before, after);
        false
    }

    /// The action that stands for a person running out of time to declare (the chaos-of-combat
    /// rule), where the pending decision has a time limit. It is legal only then, so it need not
    /// be among `legal_actions`.
    fn timed_out(state: &Self::State) -> Option<Self::Action> {
        let _ = state;
        None
    }

    /// A state consistent with what `viewer` knows, hidden things (a concealed character's
    /// zone) replaced by a sample drawn from `dice`. The true hidden values are never read, so
    /// two states differing only in them give the same sample. Rulesets without hidden
    /// information return the state as it is.
    fn determinize(state: &Self::State, viewer: Seat, dice: &mut dyn DiceSource) -> Self::State {
        let _ = (viewer, dice);
        state.clone()
    }

    /// Applies an action known to come from `legal_actions` of this very state, skipping the
    /// check and the copy that make `apply` safe for outside callers: for the AI's simulations.
    /// On an error the state may be left half-changed.
    fn apply_trusted(
        state: &mut Self::State,
        action: &Self::Action,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event<Self::EventKind>>, RuleError> {
        Self::apply(state, action, dice)
    }

    /// Applies as [`Ruleset::apply_trusted`] does and leaves the same state, reporting
    /// nothing: no events, and the dice may be told no purpose. For play-outs on seeded dice
    /// whose events nobody reads (the AI's, `fray sim`'s), which would spend a good part of
    /// their time writing them. A ruleset that writes nothing when quiet gives this; the
    /// default writes the events and drops them.
    fn apply_quiet(
        state: &mut Self::State,
        action: &Self::Action,
        dice: &mut dyn DiceSource,
    ) -> Result<(), RuleError> {
        Self::apply_trusted(state, action, dice).map(drop)
    }

    /// The form an event of this kind had before its facts were typed in it (rules version
    /// 5: a note said which and about whom only in its line, as Zones' gear did, and Three
    /// actions' stance and gear named only the character), which a replay sealed before then
    /// hashed. None where the kind's form is as it was.
    fn kind_before_facts(_kind: &Self::EventKind) -> Option<KindBefore> {
        None
    }
}

/// An event's kind as replays sealed before rules version 5 hashed it: serialized as the
/// derived form of a kind with no fields, or with only the character it named, was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KindBefore {
    /// `"Note"`.
    Bare(&'static str),
    /// `{"Stance":{"character":2}}`.
    Character(&'static str, CharacterId),
}

impl Serialize for KindBefore {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStructVariant;
        match *self {
            KindBefore::Bare(name) => s.serialize_unit_variant("EventKind", 0, name),
            KindBefore::Character(name, character) => {
                let mut v = s.serialize_struct_variant("EventKind", 0, name, 1)?;
                v.serialize_field("character", &character)?;
                v.end()
            }
        }
    }
}

/// Runs `step` on a copy of `state` and keeps the copy only if it succeeds: how each ruleset's
/// `apply` keeps the contract's promise when dice run out half-way through an action.
pub fn all_or_nothing<S: Clone, T>(
    state: &mut S,
    step: impl FnOnce(&mut S) -> Result<T, RuleError>,
) -> Result<T, RuleError> {
    let mut next = state.clone();
    let out = step(&mut next)?;
    *state = next;
    Ok(out)
}

/// A stable hash of any serialisable state (FNV-1a over its JSON), for determinism checks that
/// must agree between the desktop and the browser.
pub fn state_hash<T: Serialize>(state: &T) -> u64 {
    let bytes = serde_json::to_vec(state).unwrap_or_default();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::KindBefore;

    /// The old forms as serde derived them for a kind with no fields, and for one whose only
    /// field kept was its character: what replays sealed before rules version 5 hashed.
    #[test]
    fn a_kind_before_its_facts_serializes_as_its_derived_form_did() {
        #[derive(serde::Serialize)]
        enum Old {
            Note,
            Stance { character: usize },
        }
        let json = |v: KindBefore| serde_json::to_string(&v).unwrap();
        assert_eq!(
            json(KindBefore::Bare("Note")),
            serde_json::to_string(&Old::Note).unwrap()
        );
        assert_eq!(
            json(KindBefore::Character("Stance", 2)),
            serde_json::to_string(&Old::Stance { character: 2 }).unwrap()
        );
    }
}
