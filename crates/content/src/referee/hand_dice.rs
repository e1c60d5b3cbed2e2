//! Dice rolled at the table and typed in.

use std::io::{BufRead, Write};

use fray_words::Words;

use crate::rules::dice::{DiceError, DiceSource, Die};
use crate::rules::line::{Line, Named};

/// Asks on `prompt`, in `words`' language, reads a line from `input`, and asks again on
/// anything that is not a face of the die; the end of input is an error. `names` names those
/// a roll's purpose speaks of: the battle as it stood before the action, since the action's
/// own state is not to be read while it is being decided.
pub struct HandDice<'a, R: BufRead, W: Write> {
    input: R,
    prompt: W,
    words: &'a Words,
    names: &'a dyn Named,
}

impl<'a, R: BufRead, W: Write> HandDice<'a, R, W> {
    pub fn new(input: R, prompt: W, words: &'a Words, names: &'a dyn Named) -> Self {
        HandDice {
            input,
            prompt,
            words,
            names,
        }
    }

    /// Asks until a face of the die is typed. The prompt names the die, the roll's purpose and,
    /// where the roll named one, the rule behind it:
    /// `Roll a d6 for Aldo's damage (zones.attacking: Attacking): `.
    fn ask(&mut self, die: Die, why: &Line, rule: &str) -> Result<u8, DiceError> {
        let asked = self.words.ask_roll(die, why, rule, self.names);
        let not_rolled = |reason: String| DiceError::NotRolled {
            die,
            why: why.clone(),
            rule: rule.to_string(),
            reason,
        };
        loop {
            let _ = write!(self.prompt, "{asked}");
            let _ = self.prompt.flush();
            let mut line = String::new();
            let read = self
                .input
                .read_line(&mut line)
                .map_err(|e| not_rolled(e.to_string()))?;
            if read == 0 {
                return Err(not_rolled(self.words.say("referee-roll-input-ended")));
            }
            match line.trim().parse::<u8>() {
                Ok(v) if die.contains(v) => return Ok(v),
                _ => {
                    let refused = self.words.not_a_face(die, line.trim());
                    let _ = writeln!(self.prompt, "  {refused}");
                }
            }
        }
    }
}

impl<R: BufRead, W: Write> DiceSource for HandDice<'_, R, W> {
    fn roll(&mut self, die: Die, why: &Line) -> Result<u8, DiceError> {
        self.ask(die, why, "")
    }

    fn roll_for(&mut self, die: Die, why: &Line, rule: &str) -> Result<u8, DiceError> {
        self.ask(die, why, rule)
    }
}

#[cfg(test)]
mod tests {
    use fray_words::english;

    use super::*;
    use crate::rules::dice::roll_for;
    use crate::rules::line::NoNames;

    fn why() -> Line {
        Line::new("zones-roll-fast-threshold")
    }

    #[test]
    fn hand_dice_ask_again_until_a_face_of_the_die_is_typed() {
        let input = b"seven\n9\n4\n" as &[u8];
        let mut prompt = Vec::new();
        let mut d = HandDice::new(input, &mut prompt, english(), &NoNames);
        assert_eq!(d.roll(Die::D6, &why()).unwrap(), 4);
        let shown = String::from_utf8(prompt).unwrap();
        assert!(shown.contains("Roll a d6 for the fast action threshold"));
        assert_eq!(shown.matches("is not a face of a d6").count(), 2);
        let mut d = HandDice::new(b"" as &[u8], Vec::new(), english(), &NoNames);
        assert!(matches!(
            d.roll(Die::D6, &why()),
            Err(DiceError::NotRolled { .. })
        ));
    }

    #[test]
    fn hand_dice_prompt_names_the_die_the_purpose_and_the_rule() {
        let mut prompt = Vec::new();
        let mut d = HandDice::new(b"x\n5\n" as &[u8], &mut prompt, english(), &NoNames);
        let r = roll_for(&mut d, Die::D8, &why(), "zones.attacking");
        assert_eq!(r.unwrap().value, 5);
        let shown = String::from_utf8(prompt).unwrap();
        assert_eq!(
            shown
                .matches("Roll a d8 for the fast action threshold (zones.attacking: Attacking): ")
                .count(),
            2,
            "asked again, the rule named again: {shown}"
        );
        // A rule the notes do not have is named by its id; no rule, no brackets.
        let mut prompt = Vec::new();
        let mut d = HandDice::new(b"1\n2\n" as &[u8], &mut prompt, english(), &NoNames);
        d.roll_for(Die::D6, &why(), "zones.no-such-paragraph")
            .unwrap();
        d.roll(Die::D6, &why()).unwrap();
        let shown = String::from_utf8(prompt).unwrap();
        assert_eq!(
            shown,
            "Roll a d6 for the fast action threshold (zones.no-such-paragraph): \
             Roll a d6 for the fast action threshold: "
        );
        let mut d = HandDice::new(b"" as &[u8], Vec::new(), english(), &NoNames);
        assert!(matches!(
            d.roll_for(Die::D6, &why(), "coterie.effort"),
            Err(DiceError::NotRolled { ref rule, .. }) if rule == "coterie.effort"
        ));
    }
}
