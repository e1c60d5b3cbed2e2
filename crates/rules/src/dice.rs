//! Dice and where their numbers come from.
//!
//! The rules core never reaches for a global random generator: every roll asks a [`DiceSource`],
//! so a battle can be seeded (replays, the AI's simulations), scripted (rulebook tests, "what if"
//! teaching) or typed in by hand (a table rolling real dice and using Fray as the referee).

use std::collections::VecDeque;
use std::fmt;
use std::io::{BufRead, Write};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use thiserror::Error;

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
    type Error = String;
    fn try_from(sides: u8) -> Result<Die, String> {
        if (1..=Die::MAX_SIDES).contains(&sides) {
            Ok(Die { sides })
        } else {
            Err(format!(
                "a die has 1 to {} faces, not {sides}",
                Die::MAX_SIDES
            ))
        }
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

    pub fn roll(&self, source: &mut dyn DiceSource, why: &str) -> Result<Vec<Rolled>, DiceError> {
        self.dice
            .iter()
            .map(|&die| roll(source, die, why))
            .collect()
    }

    /// The same, naming the rules-notes paragraph the roll serves (see [`roll_for`]).
    pub fn roll_for(
        &self,
        source: &mut dyn DiceSource,
        why: &str,
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

/// The errors name the roll (`why`) and, where the roll said so, the rules-notes paragraph it
/// serves (`rule`, a paragraph id such as `zones.attacking`; empty when unknown).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DiceError {
    #[error("the scripted dice ran out: a {die} was needed for {why}{}", under(.rule))]
    Exhausted { die: Die, why: String, rule: String },
    #[error("a {die} cannot show {value} (asked for {why}{})", under(.rule))]
    OutOfRange {
        die: Die,
        value: u8,
        why: String,
        rule: String,
    },
    #[error("nobody rolled the {die} for {why}{}: {reason}", under(.rule))]
    NotRolled {
        die: Die,
        why: String,
        rule: String,
        reason: String,
    },
}

/// ", under zones.attacking" for an error's message; nothing for a roll that named no rule.
fn under(rule: &str) -> String {
    if rule.is_empty() {
        String::new()
    } else {
        format!(", under {rule}")
    }
}

/// Where the numbers come from. `why` names the roll so a person typing dice in, or a failing
/// test, can tell which roll is being asked for.
pub trait DiceSource {
    fn roll(&mut self, die: Die, why: &str) -> Result<u8, DiceError>;

    /// A roll that also names the rules-notes paragraph behind it (`rule`, an id such as
    /// `zones.attacking`): every roll of the rules core comes this way, so that a table rolling
    /// its own dice is told which rule asks. A source that has no use for the rule rolls as
    /// [`DiceSource::roll`] does; wrappers forward it.
    fn roll_for(&mut self, die: Die, why: &str, rule: &str) -> Result<u8, DiceError> {
        let _ = rule;
        self.roll(die, why)
    }
}

/// Roll one die and keep what it showed, for an explanation. The rules core rolls with
/// [`roll_for`], which names the rule; this is for callers outside it.
pub fn roll(source: &mut dyn DiceSource, die: Die, why: &str) -> Result<Rolled, DiceError> {
    let value = source.roll(die, why)?;
    checked(die, value, why, "")
}

/// Roll one die for the rules-notes paragraph `rule` and keep what it showed.
pub fn roll_for(
    source: &mut dyn DiceSource,
    die: Die,
    why: &str,
    rule: &str,
) -> Result<Rolled, DiceError> {
    let value = source.roll_for(die, why, rule)?;
    checked(die, value, why, rule)
}

/// A value the source gave, refused if the die cannot show it.
fn checked(die: Die, value: u8, why: &str, rule: &str) -> Result<Rolled, DiceError> {
    if !die.contains(value) {
        return Err(DiceError::OutOfRange {
            die,
            value,
            why: why.to_string(),
            rule: rule.to_string(),
        });
    }
    Ok(Rolled { die, value })
}

/// How a prompt names the rule behind a roll: its id and the paragraph's short title
/// (`zones.attacking: Attacking`), or the id alone for a paragraph the notes do not have.
pub fn rule_label(rule: &str) -> String {
    match super::notes::paragraph(rule).and_then(paragraph_title) {
        Some(title) => format!("{rule}: {title}"),
        None => rule.to_string(),
    }
}

/// The short title of a paragraph (`## zones.attacking — Attacking`), else its first words.
fn paragraph_title(text: &str) -> Option<String> {
    let heading = text.lines().next()?;
    if let Some((_, title)) = heading.split_once(" — ")
        && !title.trim().is_empty()
    {
        return Some(title.trim().to_string());
    }
    let words: Vec<&str> = text
        .lines()
        .skip(1)
        .flat_map(str::split_whitespace)
        .take(6)
        .collect();
    (!words.is_empty()).then(|| format!("{}…", words.join(" ")))
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
    fn roll(&mut self, die: Die, _why: &str) -> Result<u8, DiceError> {
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
    fn next(&mut self, die: Die, why: &str, rule: &str) -> Result<u8, DiceError> {
        let value = self
            .values
            .pop_front()
            .ok_or_else(|| DiceError::Exhausted {
                die,
                why: why.to_string(),
                rule: rule.to_string(),
            })?;
        if !die.contains(value) {
            return Err(DiceError::OutOfRange {
                die,
                value,
                why: why.to_string(),
                rule: rule.to_string(),
            });
        }
        self.used += 1;
        Ok(value)
    }
}

impl DiceSource for ScriptedDice {
    fn roll(&mut self, die: Die, why: &str) -> Result<u8, DiceError> {
        self.next(die, why, "")
    }

    /// An exhausted script, or a value off the die, names the rule that asked.
    fn roll_for(&mut self, die: Die, why: &str, rule: &str) -> Result<u8, DiceError> {
        self.next(die, why, rule)
    }
}

/// Dice rolled at the table and typed in. Asks on `prompt`, reads a line from `input`, and asks
/// again on anything that is not a face of the die; the end of input is an error.
pub struct HandDice<R: BufRead, W: Write> {
    input: R,
    prompt: W,
}

impl<R: BufRead, W: Write> HandDice<R, W> {
    pub fn new(input: R, prompt: W) -> Self {
        HandDice { input, prompt }
    }

    /// Asks until a face of the die is typed. The prompt names the die, the roll's purpose and,
    /// where the roll named one, the rule behind it:
    /// `Roll a d6 for Aldo's damage (zones.attacking: Attacking): `.
    fn ask(&mut self, die: Die, why: &str, rule: &str) -> Result<u8, DiceError> {
        let asked = if rule.is_empty() {
            why.to_string()
        } else {
            format!("{why} ({})", rule_label(rule))
        };
        let not_rolled = |reason: String| DiceError::NotRolled {
            die,
            why: why.to_string(),
            rule: rule.to_string(),
            reason,
        };
        loop {
            let _ = write!(self.prompt, "Roll a {die} for {asked}: ");
            let _ = self.prompt.flush();
            let mut line = String::new();
            let read = self
                .input
                .read_line(&mut line)
                .map_err(|e| not_rolled(e.to_string()))?;
            if read == 0 {
                return Err(not_rolled("the input ended".to_string()));
            }
            match line.trim().parse::<u8>() {
                Ok(v) if die.contains(v) => return Ok(v),
                _ => {
                    let _ = writeln!(
                        self.prompt,
                        "  '{}' is not a face of a {die}: type a number from 1 to {}",
                        line.trim(),
                        die.sides
                    );
                }
            }
        }
    }
}

impl<R: BufRead, W: Write> DiceSource for HandDice<R, W> {
    fn roll(&mut self, die: Die, why: &str) -> Result<u8, DiceError> {
        self.ask(die, why, "")
    }

    fn roll_for(&mut self, die: Die, why: &str, rule: &str) -> Result<u8, DiceError> {
        self.ask(die, why, rule)
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
    fn roll(&mut self, die: Die, why: &str) -> Result<u8, DiceError> {
        self.roll_for(die, why, "")
    }

    fn roll_for(&mut self, die: Die, why: &str, rule: &str) -> Result<u8, DiceError> {
        match self.queue.pop_front() {
            Some(v) if die.contains(v) => {
                self.rolled.push(v);
                Ok(v)
            }
            Some(value) => Err(DiceError::OutOfRange {
                die,
                value,
                why: why.to_string(),
                rule: rule.to_string(),
            }),
            None => Err(DiceError::Exhausted {
                die,
                why: why.to_string(),
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
    fn roll(&mut self, die: Die, why: &str) -> Result<u8, DiceError> {
        let v = self.inner.roll(die, why)?;
        self.record.push(v);
        Ok(v)
    }

    fn roll_for(&mut self, die: Die, why: &str, rule: &str) -> Result<u8, DiceError> {
        let v = self.inner.roll_for(die, why, rule)?;
        self.record.push(v);
        Ok(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripted_dice_hand_out_values_in_order_and_fail_cleanly() {
        let mut d = ScriptedDice::new([3, 6]);
        assert_eq!(d.roll(Die::D6, "a").unwrap(), 3);
        assert_eq!(d.roll(Die::D6, "b").unwrap(), 6);
        assert_eq!(
            d.roll(Die::D6, "c"),
            Err(DiceError::Exhausted {
                die: Die::D6,
                why: "c".into(),
                rule: String::new(),
            })
        );
        assert_eq!(
            d.roll(Die::D6, "c").unwrap_err().to_string(),
            "the scripted dice ran out: a d6 was needed for c"
        );
        let mut d = ScriptedDice::new([7]);
        assert!(matches!(
            d.roll(Die::D6, "x"),
            Err(DiceError::OutOfRange { value: 7, .. })
        ));
        let mut d = ScriptedDice::new([0]);
        assert!(matches!(
            d.roll(Die::D4, "x"),
            Err(DiceError::OutOfRange { value: 0, .. })
        ));
    }

    #[test]
    fn scripted_dice_name_the_rule_of_a_roll_they_cannot_give() {
        let mut d = ScriptedDice::new([2]);
        assert_eq!(
            roll_for(&mut d, Die::D8, "Aldo's damage", "zones.attacking"),
            Ok(Rolled {
                die: Die::D8,
                value: 2
            })
        );
        let err = roll_for(&mut d, Die::D8, "Aldo's damage", "zones.attacking").unwrap_err();
        assert_eq!(
            err,
            DiceError::Exhausted {
                die: Die::D8,
                why: "Aldo's damage".into(),
                rule: "zones.attacking".into(),
            }
        );
        assert_eq!(
            err.to_string(),
            "the scripted dice ran out: a d8 was needed for Aldo's damage, under zones.attacking"
        );
        let mut d = ScriptedDice::new([9]);
        assert!(matches!(
            d.roll_for(Die::D6, "x", "zones.saves"),
            Err(DiceError::OutOfRange { value: 9, ref rule, .. }) if rule == "zones.saves"
        ));
    }

    /// A source that only has `roll` (the default `roll_for`), giving a value off the die.
    struct Wild;
    impl DiceSource for Wild {
        fn roll(&mut self, _: Die, _: &str) -> Result<u8, DiceError> {
            Ok(7)
        }
    }

    #[test]
    fn the_free_functions_refuse_a_value_off_the_die_and_name_the_rule() {
        assert!(matches!(
            roll(&mut Wild, Die::D6, "x"),
            Err(DiceError::OutOfRange { value: 7, ref rule, .. }) if rule.is_empty()
        ));
        let err = roll_for(&mut Wild, Die::D6, "x", "teams.tests").unwrap_err();
        assert!(matches!(
            &err,
            DiceError::OutOfRange { value: 7, rule, .. } if rule == "teams.tests"
        ));
        assert_eq!(
            err.to_string(),
            "a d6 cannot show 7 (asked for x, under teams.tests)"
        );
        assert_eq!(
            roll_for(&mut SeededDice::new(3), Die::D20, "x", "teams.tests"),
            roll(&mut SeededDice::new(3), Die::D20, "x"),
            "naming the rule changes no number"
        );
    }

    #[test]
    fn seeded_dice_repeat_for_the_same_seed_and_stay_on_the_die() {
        let rolls = |seed| {
            let mut d = SeededDice::new(seed);
            (0..200)
                .map(|_| d.roll(Die::D20, "t").unwrap())
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
    fn hand_dice_ask_again_until_a_face_of_the_die_is_typed() {
        let input = b"seven\n9\n4\n" as &[u8];
        let mut prompt = Vec::new();
        let mut d = HandDice::new(input, &mut prompt);
        assert_eq!(d.roll(Die::D6, "Aldo's damage").unwrap(), 4);
        let shown = String::from_utf8(prompt).unwrap();
        assert!(shown.contains("Roll a d6 for Aldo's damage"));
        assert_eq!(shown.matches("is not a face of a d6").count(), 2);
        let mut d = HandDice::new(b"" as &[u8], Vec::new());
        assert!(matches!(
            d.roll(Die::D6, "x"),
            Err(DiceError::NotRolled { .. })
        ));
    }

    #[test]
    fn hand_dice_prompt_names_the_die_the_purpose_and_the_rule() {
        let mut prompt = Vec::new();
        let mut d = HandDice::new(b"x\n5\n" as &[u8], &mut prompt);
        let r = roll_for(&mut d, Die::D8, "Aldo's damage (Spear)", "zones.attacking");
        assert_eq!(r.unwrap().value, 5);
        let shown = String::from_utf8(prompt).unwrap();
        assert_eq!(
            shown
                .matches("Roll a d8 for Aldo's damage (Spear) (zones.attacking: Attacking): ")
                .count(),
            2,
            "asked again, the rule named again: {shown}"
        );
        // A rule the notes do not have is named by its id; no rule, no brackets.
        let mut prompt = Vec::new();
        let mut d = HandDice::new(b"1\n2\n" as &[u8], &mut prompt);
        d.roll_for(Die::D6, "a", "zones.no-such-paragraph").unwrap();
        d.roll(Die::D6, "b").unwrap();
        let shown = String::from_utf8(prompt).unwrap();
        assert_eq!(
            shown,
            "Roll a d6 for a (zones.no-such-paragraph): Roll a d6 for b: "
        );
        let mut d = HandDice::new(b"" as &[u8], Vec::new());
        assert!(matches!(
            d.roll_for(Die::D6, "x", "coterie.effort"),
            Err(DiceError::NotRolled { ref rule, .. }) if rule == "coterie.effort"
        ));
    }

    #[test]
    fn a_rule_is_labelled_by_its_paragraph_title() {
        assert_eq!(rule_label("coterie.effort"), "coterie.effort: Group effort");
        assert_eq!(
            rule_label("teams.critical"),
            "teams.critical: The luck die in an attack"
        );
        assert_eq!(rule_label("nowhere.at-all"), "nowhere.at-all");
        assert_eq!(
            paragraph_title("## x.y\nOne two three four five six seven eight"),
            Some("One two three four five six…".to_string())
        );
    }

    #[test]
    fn recording_dice_keep_what_was_rolled() {
        let mut inner = ScriptedDice::new([2, 5]);
        let mut rec = RecordingDice::new(&mut inner);
        rec.roll(Die::D6, "a").unwrap();
        rec.roll(Die::D8, "b").unwrap();
        assert_eq!(rec.record, vec![2, 5]);
    }

    /// Keeps the rule each roll named.
    #[derive(Default)]
    struct Rules(Vec<String>);
    impl DiceSource for Rules {
        fn roll(&mut self, _: Die, _: &str) -> Result<u8, DiceError> {
            self.0.push(String::new());
            Ok(1)
        }
        fn roll_for(&mut self, _: Die, _: &str, rule: &str) -> Result<u8, DiceError> {
            self.0.push(rule.to_string());
            Ok(1)
        }
    }

    #[test]
    fn recording_dice_pass_the_rule_on() {
        let mut inner = Rules::default();
        let mut rec = RecordingDice::new(&mut inner);
        rec.roll_for(Die::D6, "a", "zones.saves").unwrap();
        rec.roll(Die::D6, "b").unwrap();
        assert_eq!(rec.record, vec![1, 1]);
        assert_eq!(inner.0, vec!["zones.saves".to_string(), String::new()]);
        let mut inner = Rules::default();
        let r = Pool::of(2, Die::D6)
            .roll_for(&mut inner, "effort", "coterie.effort")
            .unwrap();
        assert_eq!(r.len(), 2);
        assert_eq!(inner.0, vec!["coterie.effort"; 2]);
    }

    #[test]
    fn pools_roll_every_die_and_print_compactly() {
        let pool = Pool::of(2, Die::D6);
        assert_eq!(pool.to_string(), "2d6");
        let mut d = ScriptedDice::new([1, 6]);
        let r = pool.roll(&mut d, "effort").unwrap();
        assert_eq!(r.iter().map(|x| x.value).collect::<Vec<_>>(), vec![1, 6]);
    }
}
