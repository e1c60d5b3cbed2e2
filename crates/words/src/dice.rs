//! What a roll asks of a table typing its own dice in, and what a refused action or roll says.

use fray_rules::battle::RuleError;
use fray_rules::dice::Die;
use fray_rules::line::{Line, Named};

use crate::Words;

impl Words {
    /// Why the referee refused an action, or could not finish it for want of a die.
    pub fn error(&self, e: &RuleError, names: &dyn Named) -> String {
        self.line(&e.line(), names)
    }

    /// The prompt for one die: `Roll a d6 for Aldo's damage (zones.attacking: Attacking): `.
    /// The rule is named by its id and its paragraph's title in the rules notes.
    pub fn ask_roll(&self, die: Die, why: &Line, rule: &str, names: &dyn Named) -> String {
        let rule = if rule.is_empty() {
            Line::default()
        } else {
            Line::new("dice-ask-rule").name("rule", rule_label(rule))
        };
        let ask = Line::new("dice-ask")
            .number("sides", die.sides)
            .line("why", why.clone())
            .line("rule", rule);
        self.line(&ask, names)
    }

    /// A typed value that is not a face of the die, and what to type instead.
    pub fn not_a_face(&self, die: Die, typed: &str) -> String {
        let line = Line::new("dice-not-a-face")
            .number("sides", die.sides)
            .name("typed", typed);
        self.said(&line)
    }
}

/// How a prompt names the rule behind a roll: its id and the paragraph's short title
/// (`zones.attacking: Attacking`), or the id alone for a paragraph the notes do not have. The
/// rules notes are English, and stay so.
pub fn rule_label(rule: &str) -> String {
    match fray_rules::notes::paragraph(rule).and_then(paragraph_title) {
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

#[cfg(test)]
mod tests {
    use fray_rules::dice::{DiceError, DiceSource, ScriptedDice, roll_for};
    use fray_rules::line::NoNames;

    use super::*;
    use crate::english;

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
    fn a_prompt_names_the_die_the_purpose_and_the_rule() {
        let why = Line::new("zones-roll-deviation");
        assert_eq!(
            english().ask_roll(Die::D8, &why, "zones.blast", &NoNames),
            "Roll a d8 for where the missed blast deviates (zones.blast: Blast attacks): "
        );
        assert_eq!(
            english().ask_roll(Die::D6, &why, "", &NoNames),
            "Roll a d6 for where the missed blast deviates: "
        );
        assert_eq!(
            english().not_a_face(Die::D6, "seven"),
            "'seven' is not a face of a d6: type a number from 1 to 6"
        );
    }

    #[test]
    fn a_dice_error_names_the_die_the_purpose_and_the_rule() {
        let why = Line::new("zones-roll-initiative");
        let mut d = ScriptedDice::new([9]);
        let off = roll_for(&mut d, Die::D6, &why, "zones.initiative").unwrap_err();
        assert_eq!(
            english().error(&off.into(), &NoNames),
            "a d6 cannot show 9 (asked for who holds the initiative, under zones.initiative)"
        );
        let out = d.roll(Die::D4, &why).unwrap_err();
        assert!(matches!(out, DiceError::Exhausted { .. }));
        assert_eq!(
            english().error(&out.into(), &NoNames),
            "the scripted dice ran out: a d4 was needed for who holds the initiative"
        );
        assert_eq!(
            english().error(&RuleError::Over, &NoNames),
            "the battle is over"
        );
    }
}
