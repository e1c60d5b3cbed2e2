//! Dice and where their numbers come from.
//!
//! The rules core never reaches for a global random generator: every roll asks a [`DiceSource`],
//! so a battle can be seeded (replays, the AI's simulations), scripted (rulebook tests, "what if"
//! teaching) or typed in by hand (a table rolling real dice and using Fray as the referee).

use std::collections::VecDeque;
use std::fmt;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::line::Line;

/// A die with `sides` faces numbered 1..=sides. Odd sizes exist because the rulebooks ask for
/// them (a ranged blast deviating into one of five neighbouring zones rolls a d5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(try_from = "u8", into = "u8")]
pub struct Die {
    pub sides: u8,
}

impl Die {
    /// The most faces a die of a data file may have: the rulebooks roll nothing larger.
    pub const MAX_SIDES: u8 = 100;
}

/// A die read from a data file: 1 to [`Die::MAX_SIDES`] faces, else an error at its line.
impl TryFrom<u8> for Die {
    type Error = NoSuchDie;
    fn try_from(sides: u8) -> Result<Die, NoSuchDie> {
        if (1..=Die::MAX_SIDES).contains(&sides) {
            Ok(Die { sides })
        } else {
            Err(NoSuchDie(sides))
        }
    }
}

/// A die of this many faces, which a data file asks for and nobody rolls (none, or more than
/// [`Die::MAX_SIDES`]). Its words are the catalogue's (`data-die-sides`): a file's reader, to
/// whom serde hands the refusal as text, finds it there again by [`NoSuchDie::in_message`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoSuchDie(pub u8);

/// How [`NoSuchDie`] is written into the parser's message: a mark and the faces, no words.
const NO_SUCH_DIE: &str = "fray:no-such-die:";

impl fmt::Display for NoSuchDie {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{NO_SUCH_DIE}{}", self.0)
    }
}

impl NoSuchDie {
    /// The refusal a parser's `message` carries, if it is one.
    pub fn in_message(message: &str) -> Option<NoSuchDie> {
        message
            .strip_prefix(NO_SUCH_DIE)?
            .parse()
            .ok()
            .map(NoSuchDie)
    }
}

impl From<Die> for u8 {
    fn from(d: Die) -> u8 {
        d.sides
    }
}

impl Die {
    pub const D4: Die = Die { sides: 4 };
    pub const D6: Die = Die { sides: 6 };
    pub const D8: Die = Die { sides: 8 };
    pub const D10: Die = Die { sides: 10 };
    pub const D12: Die = Die { sides: 12 };
    pub const D20: Die = Die { sides: 20 };

    pub const fn new(sides: u8) -> Die {
        Die { sides }
    }

    pub fn contains(self, value: u8) -> bool {
        value >= 1 && value <= self.sides
    }

    /// Probability of each face: the dice here are fair.
    pub fn face_probability(self) -> f64 {
        1.0 / f64::from(self.sides.max(1))
    }
}

impl fmt::Display for Die {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "d{}", self.sides)
    }
}

/// A pool of dice rolled together, such as the 2d6 of a Coterie phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pool {
    pub dice: Vec<Die>,
}

impl Pool {
    pub fn of(count: usize, die: Die) -> Pool {
        Pool {
            dice: vec![die; count],
        }
    }

    pub fn roll(&self, source: &mut dyn DiceSource, why: &Line) -> Result<Vec<Rolled>, DiceError> {
        self.dice
            .iter()
            .map(|&die| roll(source, die, why))
            .collect()
    }

    /// The same, naming the rules-notes paragraph the roll serves (see [`roll_for`]).
    pub fn roll_for(
        &self,
        source: &mut dyn DiceSource,
        why: &Line,
        rule: &str,
    ) -> Result<Vec<Rolled>, DiceError> {
        self.dice
            .iter()
            .map(|&die| roll_for(source, die, why, rule))
            .collect()
    }
}

impl fmt::Display for Pool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut counts: Vec<(Die, usize)> = Vec::new();
        for &die in &self.dice {
            match counts.iter_mut().find(|(d, _)| *d == die) {
                Some((_, n)) => *n += 1,
                None => counts.push((die, 1)),
            }
        }
        let parts: Vec<String> = counts.iter().map(|(d, n)| format!("{n}{d}")).collect();
        write!(f, "{}", parts.join("+"))
    }
}

/// One die as it landed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rolled {
    pub die: Die,
    pub value: u8,
}

impl fmt::Display for Rolled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.die, self.value)
    }
}

/// The errors name the roll (`why`, a line for the words layer to write) and, where the roll
/// said so, the rules-notes paragraph it serves (`rule`, a paragraph id such as
/// `zones.attacking`; empty when unknown). A player reads one through its [`DiceError::line`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiceError {
    Exhausted {
        die: Die,
        why: Line,
        rule: String,
    },
    OutOfRange {
        die: Die,
        value: u8,
        why: Line,
        rule: String,
    },
    NotRolled {
        die: Die,
        why: Line,
        rule: String,
        reason: String,
    },
}

/// As a developer reads it (see [`Line`]'s `Display`).
impl fmt::Display for DiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.line())
    }
}

impl std::error::Error for DiceError {}

impl DiceError {
    /// What went wrong, as the referee says it: the die, the roll's purpose, the rule behind it.
    pub fn line(&self) -> Line {
        let (id, die, why, rule) = match self {
            DiceError::Exhausted { die, why, rule } => ("dice-exhausted", die, why, rule),
            DiceError::OutOfRange { die, why, rule, .. } => ("dice-off-the-die", die, why, rule),
            DiceError::NotRolled { die, why, rule, .. } => ("dice-not-rolled", die, why, rule),
        };
        let line = Line::new(id)
            .number("sides", die.sides)
            .line("why", why.clone())
            .line("under", under(rule));
        match self {
            DiceError::OutOfRange { value, .. } => line.number("value", *value),
            DiceError::NotRolled { reason, .. } => line.name("reason", reason.clone()),
            DiceError::Exhausted { .. } => line,
        }
    }

    /// The roll's purpose.
    pub fn why(&self) -> &Line {
        match self {
            DiceError::Exhausted { why, .. }
            | DiceError::OutOfRange { why, .. }
            | DiceError::NotRolled { why, .. } => why,
        }
    }
}

/// The rule a roll serves, for an error's line: none for a roll that named no rule.
fn under(rule: &str) -> Line {
    if rule.is_empty() {
        Line::default()
    } else {
        Line::new("dice-under").name("rule", rule)
    }
}

/// Where the numbers come from. `why` names the roll (a line, which a quiet play-out leaves
/// empty) so a person typing dice in, or a failing test, can tell which roll is being asked
/// for.
pub trait DiceSource {
    fn roll(&mut self, die: Die, why: &Line) -> Result<u8, DiceError>;

    /// A roll that also names the rules-notes paragraph behind it (`rule`, an id such as
    /// `zones.attacking`): every roll of the rules core comes this way, so that a table rolling
    /// its own dice is told which rule asks. A source that has no use for the rule rolls as
    /// [`DiceSource::roll`] does; wrappers forward it.
    fn roll_for(&mut self, die: Die, why: &Line, rule: &str) -> Result<u8, DiceError> {
        let _ = rule;
        self.roll(die, why)
    }
}

/// Roll one die and keep what it showed, for an explanation. The rules core rolls with
/// [`roll_for`], which names the rule; this is for callers outside it.
pub fn roll(source: &mut dyn DiceSource, die: Die, why: &Line) -> Result<Rolled, DiceError> {
    let value = source.roll(die, why)?;
    checked(die, value, why, "")
}

/// Roll one die for the rules-notes paragraph `rule` and keep what it showed.
pub fn roll_for(
    source: &mut dyn DiceSource,
    die: Die,
    why: &Line,
    rule: &str,
) -> Result<Rolled, DiceError> {
    let value = source.roll_for(die, why, rule)?;
    checked(die, value, why, rule)
}

/// A value the source gave, refused if the die cannot show it.
fn checked(die: Die, value: u8, why: &Line, rule: &str) -> Result<Rolled, DiceError> {
    if !die.contains(value) {
        return Err(DiceError::OutOfRange {
            die,
            value,
            why: why.clone(),
            rule: rule.to_string(),
        });
    }
    Ok(Rolled { die, value })
}

/// Seeded ChaCha: the same seed gives the same rolls on every platform.
#[derive(Clone, Debug)]
pub struct SeededDice {
    rng: ChaCha8Rng,
}

impl SeededDice {
    pub fn new(seed: u64) -> SeededDice {
        SeededDice {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl DiceSource for SeededDice {
    fn roll(&mut self, die: Die, _why: &Line) -> Result<u8, DiceError> {
        Ok(self.rng.random_range(1..=die.sides.max(1)))
    }
}

/// A list of values handed out in order. Running out, or a value the die cannot show, is an
/// error: a rulebook test that asks for more dice than it scripted is a broken test, not a panic.
#[derive(Clone, Debug, Default)]
pub struct ScriptedDice {
    values: VecDeque<u8>,
    used: usize,
}

impl ScriptedDice {
    pub fn new(values: impl IntoIterator<Item = u8>) -> ScriptedDice {
        ScriptedDice {
            values: values.into_iter().collect(),
            used: 0,
        }
    }

    pub fn remaining(&self) -> usize {
        self.values.len()
    }

    pub fn used(&self) -> usize {
        self.used
    }
}

impl ScriptedDice {
    fn next(&mut self, die: Die, why: &Line, rule: &str) -> Result<u8, DiceError> {
        let value = self
            .values
            .pop_front()
            .ok_or_else(|| DiceError::Exhausted {
                die,
                why: why.clone(),
                rule: rule.to_string(),
            })?;
        if !die.contains(value) {
            return Err(DiceError::OutOfRange {
                die,
                value,
                why: why.clone(),
                rule: rule.to_string(),
            });
        }
        self.used += 1;
        Ok(value)
    }
}

impl DiceSource for ScriptedDice {
    fn roll(&mut self, die: Die, why: &Line) -> Result<u8, DiceError> {
        self.next(die, why, "")
    }

    /// An exhausted script, or a value off the die, names the rule that asked.
    fn roll_for(&mut self, die: Die, why: &Line, rule: &str) -> Result<u8, DiceError> {
        self.next(die, why, rule)
    }
}

/// The table's own dice in the game: the values the table typed in (or clicked), handed out in
/// order, and every value handed out (the battle's dice, as its replay keeps them). A roll with
/// nothing typed for it is refused (`Exhausted`), so that the decision waiting on it is asked
/// for again once it is typed.
#[derive(Clone, Debug, Default)]
pub struct TableDice {
    queue: std::collections::VecDeque<u8>,
    pub rolled: Vec<u8>,
}

impl TableDice {
    /// A battle whose opening rolls were `opening`; the table rolls from here.
    pub fn opened(opening: Vec<u8>) -> Self {
        TableDice {
            queue: std::collections::VecDeque::new(),
            rolled: opening,
        }
    }

    /// Dice typed before: a saved battle's, handed out again as it is re-played.
    pub fn typed(values: impl IntoIterator<Item = u8>) -> Self {
        TableDice {
            queue: values.into_iter().collect(),
            rolled: Vec::new(),
        }
    }

    pub fn push(&mut self, value: u8) {
        self.queue.push_back(value);
    }

    /// Values typed and not yet rolled.
    pub fn typed_ahead(&self) -> usize {
        self.queue.len()
    }

    /// Forgets the values typed for a decision not taken after all.
    pub fn forget_typed(&mut self) {
        self.queue.clear();
    }
}

impl DiceSource for TableDice {
    fn roll(&mut self, die: Die, why: &Line) -> Result<u8, DiceError> {
        self.roll_for(die, why, "")
    }

    fn roll_for(&mut self, die: Die, why: &Line, rule: &str) -> Result<u8, DiceError> {
        match self.queue.pop_front() {
            Some(v) if die.contains(v) => {
                self.rolled.push(v);
                Ok(v)
            }
            Some(value) => Err(DiceError::OutOfRange {
                die,
                value,
                why: why.clone(),
                rule: rule.to_string(),
            }),
            None => Err(DiceError::Exhausted {
                die,
                why: why.clone(),
                rule: rule.to_string(),
            }),
        }
    }
}

/// Wraps a source and keeps every value it gave, so a battle played with seeded or hand-typed
/// dice can be saved as a replay with scripted values.
pub struct RecordingDice<'a> {
    inner: &'a mut dyn DiceSource,
    pub record: Vec<u8>,
}

impl<'a> RecordingDice<'a> {
    pub fn new(inner: &'a mut dyn DiceSource) -> Self {
        RecordingDice {
            inner,
            record: Vec::new(),
        }
    }
}

impl DiceSource for RecordingDice<'_> {
    fn roll(&mut self, die: Die, why: &Line) -> Result<u8, DiceError> {
        let v = self.inner.roll(die, why)?;
        self.record.push(v);
        Ok(v)
    }

    fn roll_for(&mut self, die: Die, why: &Line, rule: &str) -> Result<u8, DiceError> {
        let v = self.inner.roll_for(die, why, rule)?;
        self.record.push(v);
        Ok(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::line::Arg;

    /// A roll's purpose in a test: a message of its own.
    fn why(id: &'static str) -> Line {
        Line::new(id)
    }

    #[test]
    fn scripted_dice_hand_out_values_in_order_and_fail_cleanly() {
        let mut d = ScriptedDice::new([3, 6]);
        assert_eq!(d.roll(Die::D6, &why("a")).unwrap(), 3);
        assert_eq!(d.roll(Die::D6, &why("b")).unwrap(), 6);
        assert_eq!(
            d.roll(Die::D6, &why("c")),
            Err(DiceError::Exhausted {
                die: Die::D6,
                why: why("c"),
                rule: String::new(),
            })
        );
        assert_eq!(
            d.roll(Die::D6, &why("c")).unwrap_err().line(),
            Line::new("dice-exhausted")
                .number("sides", 6)
                .line("why", why("c"))
                .line("under", Line::default())
        );
        let mut d = ScriptedDice::new([7]);
        assert!(matches!(
            d.roll(Die::D6, &why("x")),
            Err(DiceError::OutOfRange { value: 7, .. })
        ));
        let mut d = ScriptedDice::new([0]);
        assert!(matches!(
            d.roll(Die::D4, &why("x")),
            Err(DiceError::OutOfRange { value: 0, .. })
        ));
    }

    #[test]
    fn scripted_dice_name_the_rule_of_a_roll_they_cannot_give() {
        let mut d = ScriptedDice::new([2]);
        assert_eq!(
            roll_for(&mut d, Die::D8, &why("damage"), "zones.attacking"),
            Ok(Rolled {
                die: Die::D8,
                value: 2
            })
        );
        let err = roll_for(&mut d, Die::D8, &why("damage"), "zones.attacking").unwrap_err();
        assert_eq!(
            err,
            DiceError::Exhausted {
                die: Die::D8,
                why: why("damage"),
                rule: "zones.attacking".into(),
            }
        );
        assert_eq!(
            err.line().get("under"),
            Some(&Arg::Line(Box::new(
                Line::new("dice-under").name("rule", "zones.attacking")
            )))
        );
        let mut d = ScriptedDice::new([9]);
        assert!(matches!(
            d.roll_for(Die::D6, &why("x"), "zones.saves"),
            Err(DiceError::OutOfRange { value: 9, ref rule, .. }) if rule == "zones.saves"
        ));
    }

    /// A source that only has `roll` (the default `roll_for`), giving a value off the die.
    struct Wild;
    impl DiceSource for Wild {
        fn roll(&mut self, _: Die, _: &Line) -> Result<u8, DiceError> {
            Ok(7)
        }
    }

    #[test]
    fn the_free_functions_refuse_a_value_off_the_die_and_name_the_rule() {
        assert!(matches!(
            roll(&mut Wild, Die::D6, &why("x")),
            Err(DiceError::OutOfRange { value: 7, ref rule, .. }) if rule.is_empty()
        ));
        let err = roll_for(&mut Wild, Die::D6, &why("x"), "teams.tests").unwrap_err();
        assert!(matches!(
            &err,
            DiceError::OutOfRange { value: 7, rule, .. } if rule == "teams.tests"
        ));
        assert_eq!(err.line().id, "dice-off-the-die");
        assert_eq!(err.line().get("value"), Some(&Arg::Number(7)));
        assert_eq!(
            roll_for(&mut SeededDice::new(3), Die::D20, &why("x"), "teams.tests"),
            roll(&mut SeededDice::new(3), Die::D20, &why("x")),
            "naming the rule changes no number"
        );
    }

    #[test]
    fn seeded_dice_repeat_for_the_same_seed_and_stay_on_the_die() {
        let rolls = |seed| {
            let mut d = SeededDice::new(seed);
            (0..200)
                .map(|_| d.roll(Die::D20, &why("t")).unwrap())
                .collect::<Vec<_>>()
        };
        assert_eq!(rolls(9), rolls(9));
        assert_ne!(rolls(9), rolls(10));
        let r = rolls(1);
        assert!(r.iter().all(|&v| (1..=20).contains(&v)));
        assert!(
            r.contains(&1) && r.contains(&20),
            "every face comes up in 200 rolls"
        );
    }

    #[test]
    fn recording_dice_keep_what_was_rolled() {
        let mut inner = ScriptedDice::new([2, 5]);
        let mut rec = RecordingDice::new(&mut inner);
        rec.roll(Die::D6, &why("a")).unwrap();
        rec.roll(Die::D8, &why("b")).unwrap();
        assert_eq!(rec.record, vec![2, 5]);
    }

    /// Keeps the rule each roll named.
    #[derive(Default)]
    struct Rules(Vec<String>);
    impl DiceSource for Rules {
        fn roll(&mut self, _: Die, _: &Line) -> Result<u8, DiceError> {
            self.0.push(String::new());
            Ok(1)
        }
        fn roll_for(&mut self, _: Die, _: &Line, rule: &str) -> Result<u8, DiceError> {
            self.0.push(rule.to_string());
            Ok(1)
        }
    }

    #[test]
    fn recording_dice_pass_the_rule_on() {
        let mut inner = Rules::default();
        let mut rec = RecordingDice::new(&mut inner);
        rec.roll_for(Die::D6, &why("a"), "zones.saves").unwrap();
        rec.roll(Die::D6, &why("b")).unwrap();
        assert_eq!(rec.record, vec![1, 1]);
        assert_eq!(inner.0, vec!["zones.saves".to_string(), String::new()]);
        let mut inner = Rules::default();
        let r = Pool::of(2, Die::D6)
            .roll_for(&mut inner, &why("effort"), "coterie.effort")
            .unwrap();
        assert_eq!(r.len(), 2);
        assert_eq!(inner.0, vec!["coterie.effort"; 2]);
    }

    #[test]
    fn pools_roll_every_die_and_print_compactly() {
        let pool = Pool::of(2, Die::D6);
        assert_eq!(pool.to_string(), "2d6");
        let mut d = ScriptedDice::new([1, 6]);
        let r = pool.roll(&mut d, &why("effort")).unwrap();
        assert_eq!(r.iter().map(|x| x.value).collect::<Vec<_>>(), vec![1, 6]);
    }
}
