//! The menu's random skirmish: a ruleset, a size and a seed to share; drawn by the generator
//! (`crate::generate`), played by its name (`random-zones-medium-42`), kept as a file on request.

use std::path::PathBuf;

use bevy::prelude::*;

use crate::generate::{self, Size};

/// What the menu's random skirmish is set to.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct RandomSkirmish {
    pub ruleset: &'static str,
    pub size: Size,
    pub seed: u64,
}

impl Default for RandomSkirmish {
    fn default() -> Self {
        RandomSkirmish {
            ruleset: "zones",
            size: Size::Medium,
            seed: 1,
        }
    }
}

impl RandomSkirmish {
    pub fn name(&self) -> String {
        generate::name(self.ruleset, self.size, self.seed)
    }
}

/// Writes the skirmish a name stands for as a scenario file (in the browser, its storage);
/// what happened, for the screen.
pub fn save(words: &fray_words::Words, name: &str) -> String {
    use fray_words::Value::Text;
    let text = match generate::text_by_name(name) {
        Some(Ok(text)) => text,
        Some(Err(e)) => return words.said(&e),
        None => return words.say_with("saved-not-a-skirmish", &[("name", Text(name.into()))]),
    };
    let file = format!("{name}.ron");
    if let Some(stored) = crate::game::platform::web::store(&format!("fray-scenario-{file}"), &text)
    {
        return match stored {
            Ok(()) => words.say_with(
                "saved-in-browser",
                &[("key", Text(format!("fray-scenario-{file}")))],
            ),
            Err(e) => words.say_with("saved-not", &[("why", Text(e.to_string()))]),
        };
    }
    let path = PathBuf::from("skirmishes").join(&file);
    match std::fs::create_dir_all("skirmishes").and_then(|_| std::fs::write(&path, &text)) {
        Ok(()) => words.say_with(
            "saved-skirmish",
            &[("path", Text(path.display().to_string()))],
        ),
        Err(e) => words.say_with(
            "saved-not-at",
            &[
                ("path", Text(path.display().to_string())),
                ("why", Text(e.to_string())),
            ],
        ),
    }
}

/// After a random skirmish, the next seed's: "again" with a new one.
pub fn next_after(scenario: &str) -> Option<String> {
    let Ok((ruleset, size, seed)) = generate::parse_name(scenario)? else {
        return None;
    };
    Some(generate::name(ruleset, size, seed.wrapping_add(1)))
}
