//! Every sentence a player reads, from message catalogues: Fluent files (`assets/words/en/`, one
//! per area of the game), English first. Numbers, plurals and the names put into a message are
//! Fluent's work, not the caller's.
//!
//! Besides English there is a pseudo-locale: every message lengthened and its letters accented,
//! so that a screen shown under it shows at a glance any text that does not come from here (it
//! reads as plain English) and any layout that cuts a longer language's words off.

mod dice;
mod explained;
mod lines;

pub use dice::rule_label;
pub use explained::{Explained, InEnglish, Said};

use std::borrow::Cow;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};
use unic_langid::LanguageIdentifier;

/// One catalogue: its file's name and its text, compiled in.
macro_rules! catalogue {
    ($area:literal) => {
        (
            concat!($area, ".ftl"),
            // Without the comments and blank lines, which `build.rs` leaves out.
            include_str!(concat!(env!("OUT_DIR"), "/", $area, ".ftl")),
        )
    };
}

/// The catalogues, by area: each file's name and its text.
pub const CATALOGUES: &[(&str, &str)] = &[
    catalogue!("settings"),
    catalogue!("battle"),
    catalogue!("menu"),
    catalogue!("lessons"),
    catalogue!("result"),
    catalogue!("battle-screen"),
    catalogue!("zones"),
    catalogue!("teams"),
    catalogue!("coterie"),
    catalogue!("present"),
    catalogue!("keys"),
    catalogue!("present-zones"),
    catalogue!("present-teams"),
    catalogue!("present-coterie"),
    catalogue!("campaign"),
    catalogue!("referee"),
    catalogue!("data"),
    catalogue!("generate"),
    // The command line's own words: the browser has no command line to carry them for.
    #[cfg(not(target_arch = "wasm32"))]
    catalogue!("cli"),
];

/// A language the game speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    #[default]
    English,
    /// English lengthened and accented, to find text not taken from the catalogues.
    Pseudo,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::English, Lang::Pseudo];

    /// The code `--lang` and the page's `?lang=` take.
    pub fn code(self) -> &'static str {
        match self {
            Lang::English => "en",
            Lang::Pseudo => "pseudo",
        }
    }

    /// The language by its code.
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The language in its own words, for the choice of languages.
    pub fn own_name(self) -> &'static str {
        match self {
            Lang::English => "English",
            Lang::Pseudo => "[Pśéúďó Éñĝĺíśĥ ~~~~]",
        }
    }
}

/// The messages of one language.
pub struct Words {
    lang: Lang,
    bundle: FluentBundle<FluentResource>,
}

impl Words {
    pub fn new(lang: Lang) -> Words {
        let id: LanguageIdentifier = "en".parse().expect("a language tag");
        let mut bundle = FluentBundle::new_concurrent(vec![id]);
        // Fluent marks each value put into a message with invisible direction marks, for
        // right-to-left text; the game's face has no glyph for them, and English needs none.
        bundle.set_use_isolating(false);
        // `SIGNED($n)`: a number with its sign always shown, "+2" or "-1", as a modifier is
        // written at the table; `SIGNED($x, fractionDigits: 2)` with that many decimals.
        bundle
            .add_function("SIGNED", |positional, named| match positional.first() {
                Some(FluentValue::Number(n)) => match named.get("fractionDigits") {
                    Some(FluentValue::Number(d)) => {
                        FluentValue::from(format!("{:+.*}", d.value as usize, n.value))
                    }
                    _ => FluentValue::from(format!("{:+}", n.value as i64)),
                },
                Some(other) => other.clone(),
                None => FluentValue::None,
            })
            .expect("SIGNED is added once");
        // `NUMBER($x, minimumFractionDigits: 1, maximumFractionDigits: 1)`: a figure with the
        // decimals the message asks for ("2.0", "2.5"), rounded as the standard library rounds.
        bundle
            .add_function("NUMBER", fluent_bundle::builtins::NUMBER)
            .expect("NUMBER is added once");
        bundle.set_formatter(Some(decimals));
        if lang == Lang::Pseudo {
            bundle.set_transform(Some(pseudo));
        }
        for (file, text) in CATALOGUES {
            let resource = FluentResource::try_new((*text).to_string())
                .unwrap_or_else(|(_, errors)| panic!("{file}: {errors:?}"));
            bundle
                .add_resource(resource)
                .unwrap_or_else(|errors| panic!("{file}: {errors:?}"));
        }
        Words { lang, bundle }
    }

    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The message `id`.
    pub fn say(&self, id: &str) -> String {
        self.format(id, None)
    }

    /// The message `id` with its values (`{ $name }` in the catalogue).
    pub fn say_with(&self, id: &str, args: &[(&str, Value)]) -> String {
        let mut fluent = FluentArgs::new();
        for (name, value) in args {
            fluent.set(*name, value.to_fluent());
        }
        self.format(id, Some(&fluent))
    }

    pub(crate) fn format(&self, id: &str, args: Option<&FluentArgs>) -> String {
        let Some(pattern) = self.bundle.get_message(id).and_then(|m| m.value()) else {
            // A message the catalogue lacks shows its id, so that it is seen and mended;
            // `tests` in this crate and the screens' own find every one first.
            return format!("«{id}»");
        };
        let mut errors = Vec::new();
        let text = self.bundle.format_pattern(pattern, args, &mut errors);
        text.into_owned()
    }

    /// Whether the catalogue has the message `id`.
    pub fn has(&self, id: &str) -> bool {
        self.bundle.has_message(id)
    }
}

/// English, for the words written where no player chose a language: the replay checker's
/// report, the tests, the command line unless `--lang` says otherwise.
pub fn english() -> &'static Words {
    of(Lang::English)
}

/// The words of `lang`, read once: what a battle's session writes its screens' words in.
pub fn of(lang: Lang) -> &'static Words {
    static ENGLISH: std::sync::OnceLock<Words> = std::sync::OnceLock::new();
    static PSEUDO: std::sync::OnceLock<Words> = std::sync::OnceLock::new();
    let cell = match lang {
        Lang::English => &ENGLISH,
        Lang::Pseudo => &PSEUDO,
    };
    cell.get_or_init(|| Words::new(lang))
}

/// A value put into a message.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Text(String),
    Number(f64),
}

impl Value {
    fn to_fluent(&self) -> FluentValue<'static> {
        match self {
            Value::Text(t) => FluentValue::from(t.clone()),
            Value::Number(n) => FluentValue::from(*n),
        }
    }
}

/// A number a message gave its most decimals (`NUMBER`'s `maximumFractionDigits`), written with
/// them rounded as `format!("{:.N}")` rounds and padded to its least; any other value as Fluent
/// writes it. Fluent itself keeps only the least.
fn decimals(
    value: &FluentValue,
    _: &intl_memoizer::concurrent::IntlLangMemoizer,
) -> Option<String> {
    let FluentValue::Number(n) = value else {
        return None;
    };
    let most = n.options.maximum_fraction_digits?;
    let least = n.options.minimum_fraction_digits.unwrap_or(0).min(most);
    let mut text = format!("{:.*}", most, n.value);
    if most > 0 {
        let zeros = text.len() - text.trim_end_matches('0').len();
        text.truncate(text.len() - zeros.min(most - least));
        if text.ends_with('.') {
            text.pop();
        }
    }
    Some(text)
}

/// The pseudo-locale: each letter that has an accented form in the game's face (Latin-1 and
/// Latin Extended-A) takes it, and the text is bracketed and lengthened by about two fifths,
/// as German or French words run longer than English ones. Values put into a message (names,
/// numbers) are left as they are.
fn pseudo(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_alphabetic) {
        return Cow::Borrowed(text);
    }
    let accented: String = text.chars().map(accent).collect();
    let letters = text.chars().filter(|c| c.is_alphabetic()).count();
    let padding = "~".repeat(letters.div_ceil(3).max(1));
    Cow::Owned(format!("[{accented} {padding}]"))
}

fn accent(c: char) -> char {
    const FROM: &str = "aAcCdDeEgGhHiIjJkKlLnNoOrRsStTuUwWyYzZ";
    const TO: &str = "áÁçÇďĎéÉĝĜĥĤíÍĵĴķĶĺĹñÑóÓŕŔśŚţŢúÚŵŴýÝžŽ";
    FROM.chars()
        .position(|f| f == c)
        .and_then(|i| TO.chars().nth(i))
        .unwrap_or(c)
}

/// Whether `text` reads as plain English: a word of two or more unaccented ASCII letters
/// outside the values a message may carry. Under the pseudo-locale, such a word is text that
/// did not come from the catalogues.
pub fn looks_unconverted(text: &str) -> bool {
    text.split(|c: char| !c.is_alphabetic())
        .any(|word| word.len() >= 2 && word.chars().all(|c| c.is_ascii_alphabetic()))
}

#[cfg(test)]
mod tests {
    use fluent_syntax::ast;

    use super::*;

    /// The variables a pattern names, at any depth.
    fn variables<'s>(pattern: &ast::Pattern<&'s str>, out: &mut Vec<&'s str>) {
        for element in &pattern.elements {
            if let ast::PatternElement::Placeable { expression } = element {
                expression_variables(expression, out);
            }
        }
    }

    fn expression_variables<'s>(e: &ast::Expression<&'s str>, out: &mut Vec<&'s str>) {
        match e {
            ast::Expression::Select { selector, variants } => {
                inline_variables(selector, out);
                for v in variants {
                    variables(&v.value, out);
                }
            }
            ast::Expression::Inline(inline) => inline_variables(inline, out),
        }
    }

    fn inline_variables<'s>(e: &ast::InlineExpression<&'s str>, out: &mut Vec<&'s str>) {
        match e {
            ast::InlineExpression::VariableReference { id } => out.push(id.name),
            ast::InlineExpression::FunctionReference { arguments, .. } => {
                for a in &arguments.positional {
                    inline_variables(a, out);
                }
            }
            ast::InlineExpression::Placeable { expression } => {
                expression_variables(expression, out)
            }
            _ => {}
        }
    }

    /// A figure a message gives its decimals (`NUMBER`) reads as `format!` writes it with
    /// that many, ties and trailing zeros included; fewer where the message allows fewer.
    #[test]
    fn numbers_take_the_decimals_their_message_gives_them() {
        let words = english();
        for x in [0.0, 2.0, 2.25, 2.35, 2.45, 9.995, 12.5, -0.04, 1234.56789] {
            let line = words.say_with(
                "cli-sim-speed",
                &[
                    ("rounds", Value::Number(x)),
                    ("speed", Value::Number(x * 100.0)),
                    ("threads", Value::Number(1.0)),
                ],
            );
            let want = format!(
                "mean rounds {x:.2}, {:.0} battles per second (1 at once)",
                x * 100.0
            );
            assert_eq!(line, want, "{x}");
        }
        let intls = intl_memoizer::concurrent::IntlLangMemoizer::new("en".parse().unwrap());
        let fewer = |x: f64, least: usize| {
            let mut n = fluent_bundle::types::FluentNumber::from(x);
            n.options.minimum_fraction_digits = Some(least);
            n.options.maximum_fraction_digits = Some(2);
            decimals(&FluentValue::Number(n), &intls)
        };
        assert_eq!(fewer(2.1, 0).as_deref(), Some("2.1"));
        assert_eq!(fewer(2.0, 0).as_deref(), Some("2"));
        assert_eq!(fewer(2.0, 1).as_deref(), Some("2.0"));
        assert_eq!(fewer(2.004, 0).as_deref(), Some("2"));
        // A signed figure with its decimals (the AI's expected gain).
        let signed = |x: f64| {
            english().say_with(
                "screen-expected",
                &[
                    ("value", Value::Number(x)),
                    ("choice", Value::Text("Wait".into())),
                ],
            )
        };
        assert_eq!(signed(0.5), "+0.50 expected — Wait");
        assert_eq!(signed(-1.125), format!("{:+.2} expected — Wait", -1.125));
        // Without NUMBER's most decimals, as Fluent writes it.
        assert_eq!(decimals(&FluentValue::from(2.5), &intls), None);
    }

    /// Every catalogue file written is compiled in: a file left off the list would have its
    /// messages shown as their ids.
    #[test]
    fn every_catalogue_file_is_compiled_in() {
        let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets/words/en");
        let mut written: Vec<String> = std::fs::read_dir(folder)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".ftl"))
            .collect();
        written.sort();
        let mut listed: Vec<String> = CATALOGUES.iter().map(|(f, _)| f.to_string()).collect();
        listed.sort();
        assert_eq!(listed, written);
    }

    /// Every message of every catalogue formats without an error, in every language, each
    /// value it names given.
    #[test]
    fn every_message_formats_in_every_language() {
        for lang in Lang::ALL {
            let words = Words::new(lang);
            for (file, text) in CATALOGUES {
                let resource = FluentResource::try_new((*text).to_string()).unwrap();
                for entry in resource.entries() {
                    let ast::Entry::Message(m) = entry else {
                        continue;
                    };
                    let id = m.id.name;
                    let mut named = Vec::new();
                    if let Some(value) = &m.value {
                        variables(value, &mut named);
                    }
                    let pattern = words.bundle.get_message(id).unwrap().value().unwrap();
                    let mut errors = Vec::new();
                    let mut args = FluentArgs::new();
                    for name in named {
                        args.set(name, FluentValue::from(3));
                    }
                    let text = words
                        .bundle
                        .format_pattern(pattern, Some(&args), &mut errors);
                    assert!(errors.is_empty(), "{file}: {id}: {errors:?}");
                    assert!(!text.is_empty(), "{file}: {id}");
                }
            }
        }
    }

    #[test]
    fn the_pseudo_locale_accents_and_lengthens_but_keeps_the_values() {
        let en = Words::new(Lang::English);
        let pseudo = Words::new(Lang::Pseudo);
        let plain = en.say("settings-title");
        let long = pseudo.say("settings-title");
        assert_eq!(plain, "Settings");
        assert_eq!(long, "[Śéţţíñĝś ~~~]");
        assert!(long.chars().count() >= plain.chars().count() * 7 / 5);
        assert!(looks_unconverted(&plain));
        assert!(!looks_unconverted(&long));
        let volume = pseudo.say_with("settings-percent", &[("value", Value::Number(80.0))]);
        assert!(volume.contains("80"), "{volume}");
    }

    #[test]
    fn signed_shows_the_sign_of_a_number() {
        let resource = FluentResource::try_new("t = { SIGNED($n) } luck\n".to_string()).unwrap();
        let mut with = Words::new(Lang::English);
        with.bundle.add_resource(resource).unwrap();
        for (n, want) in [(2, "+2 luck"), (-1, "-1 luck"), (0, "+0 luck")] {
            assert_eq!(with.say_with("t", &[("n", Value::Number(n as f64))]), want);
        }
    }

    #[test]
    fn a_missing_message_shows_its_id() {
        let words = Words::new(Lang::English);
        assert!(!words.has("no-such-message"));
        assert_eq!(words.say("no-such-message"), "«no-such-message»");
    }

    #[test]
    fn a_language_is_found_by_its_code() {
        for lang in Lang::ALL {
            assert_eq!(Lang::from_code(lang.code()), Some(lang));
        }
        assert_eq!(Lang::from_code("klingon"), None);
    }
}
