//! A referee's line written out: its message from the catalogue, its values named.

use fluent_bundle::{FluentArgs, FluentValue};
use fray_rules::line::{Arg, Line, Named, NoNames};

use crate::Words;

impl Words {
    /// The line in this language, its ids written as the battle's names.
    pub fn line(&self, line: &Line, names: &dyn Named) -> String {
        if let Some(text) = line.as_written() {
            return text.to_string();
        }
        if line.id.is_empty() {
            return String::new();
        }
        let mut args = FluentArgs::new();
        for (name, arg) in &line.args {
            args.set(name.clone(), self.value(arg, names));
        }
        self.format(&line.id, Some(&args))
    }

    /// A line that names nobody of a battle (a file's error, a setting, a refusal before any
    /// battle begins), in this language.
    pub fn said(&self, line: &Line) -> String {
        self.line(line, &NoNames)
    }

    fn value(&self, arg: &Arg, names: &dyn Named) -> FluentValue<'static> {
        match arg {
            Arg::Who(c) => FluentValue::from(names.who(*c).to_string()),
            Arg::Side(f) => FluentValue::from(names.side(*f).to_string()),
            Arg::Place(i) => FluentValue::from(names.place(*i).to_string()),
            Arg::Thing(i) => FluentValue::from(names.thing(*i).to_string()),
            Arg::Number(n) => FluentValue::from(*n),
            Arg::Word(w) => FluentValue::from(w.to_string()),
            Arg::Name(text) => FluentValue::from(text.clone()),
            Arg::Line(line) => FluentValue::from(self.line(line, names)),
            Arg::Lines(lines) => {
                let written: Vec<String> = lines.iter().map(|l| self.line(l, names)).collect();
                FluentValue::from(written.join(&self.say("list-separator")))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Lang;

    struct Two;

    impl Named for Two {
        fn who(&self, c: usize) -> &str {
            ["Aldo", "Bryn"][c]
        }
        fn side(&self, _f: usize) -> &str {
            "Wardens"
        }
    }

    #[test]
    fn a_line_is_written_from_its_message_with_its_names_and_numbers() {
        let words = Words::new(Lang::English);
        let over = Line::new("zones-fight-over").line("how", Line::written("Wardens win"));
        assert_eq!(words.said(&over), "The fight is over: Wardens win.");
        let worn = Line::new("zones-durability")
            .name("what", "Bryn's mail shirt")
            .number("roll", 1)
            .word("result", "damaged");
        assert_eq!(
            words.line(&worn, &Two),
            "Bryn's mail shirt: durability 1 — damaged."
        );
        assert_eq!(words.line(&Line::written("as it was"), &Two), "as it was");
        assert_eq!(words.line(&Line::default(), &Two), "");
    }

    #[test]
    fn under_the_pseudo_locale_a_line_is_accented_but_its_names_are_not() {
        let words = Words::new(Lang::Pseudo);
        let over = Line::new("zones-fight-over").line("how", Line::new("zones-durability-against"));
        let text = words.line(&over, &Two);
        assert!(!crate::looks_unconverted(&text), "{text}");
    }
}
