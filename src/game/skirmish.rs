//! The menu's random skirmish: a ruleset, a size and a seed to share; drawn by the generator
//! (`crate::generate`), played by its name (`random-zones-medium-42`), kept as a file on request.

use std::path::PathBuf;

use bevy::prelude::*;

use crate::game::flow::BattleSetup;
use crate::game::screens::menu::{Catalogue, CatalogueEntry};
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

/// Draws the skirmish `pick` names and lists it in the catalogue (in place of any other drawn
/// before it), chosen; what went wrong otherwise, in words.
pub fn draw(
    pick: &RandomSkirmish,
    catalogue: &mut Catalogue,
    setup: &mut BattleSetup,
) -> Result<(), String> {
    let name = pick.name();
    let loaded = crate::scenario::load(&name).map_err(|e| e.to_string())?;
    catalogue
        .0
        .retain(|e| generate::parse_name(&e.id).is_none());
    catalogue.0.push(CatalogueEntry::of(&name, &loaded));
    setup.scenario = name;
    setup.options.clear();
    Ok(())
}

/// Writes the skirmish a name stands for as a scenario file (in the browser, its storage);
/// what happened, for the screen.
pub fn save(name: &str) -> String {
    let text = match generate::text_by_name(name) {
        Some(Ok(text)) => text,
        Some(Err(e)) => return e,
        None => return format!("{name} is not a random skirmish"),
    };
    let file = format!("{name}.ron");
    if let Some(stored) = crate::game::web::store(&format!("fray-scenario-{file}"), &text) {
        return match stored {
            Ok(()) => format!("Saved in this browser as fray-scenario-{file}"),
            Err(e) => format!("Could not save: {e}"),
        };
    }
    let path = PathBuf::from("skirmishes").join(&file);
    match std::fs::create_dir_all("skirmishes").and_then(|_| std::fs::write(&path, &text)) {
        Ok(()) => format!(
            "Saved {}: play it with fray play {}",
            path.display(),
            path.display()
        ),
        Err(e) => format!("Could not save {}: {e}", path.display()),
    }
}

/// After a random skirmish, the next seed's: "again" with a new one.
pub fn next_after(scenario: &str) -> Option<String> {
    let Ok((ruleset, size, seed)) = generate::parse_name(scenario)? else {
        return None;
    };
    Some(generate::name(ruleset, size, seed.wrapping_add(1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drawn_skirmish_is_listed_once_and_chosen_and_the_next_is_the_next_seed() {
        let mut catalogue = Catalogue(Vec::new());
        let mut setup = BattleSetup::default();
        let mut pick = RandomSkirmish {
            ruleset: "coterie",
            size: Size::Small,
            seed: 4,
        };
        draw(&pick, &mut catalogue, &mut setup).unwrap();
        assert_eq!(setup.scenario, "random-coterie-small-4");
        pick.seed = 5;
        draw(&pick, &mut catalogue, &mut setup).unwrap();
        let ids: Vec<&str> = catalogue.0.iter().map(|e| e.id.as_str()).collect();
        assert_eq!(
            ids,
            ["random-coterie-small-5"],
            "the one drawn before it gives way"
        );
        let entry = &catalogue.0[0];
        assert!(entry.about.contains("A random conflict"), "{}", entry.about);
        assert!(!entry.map.tokens.is_empty(), "the menu draws its board");
        assert_eq!(
            next_after("random-coterie-small-5").as_deref(),
            Some("random-coterie-small-6")
        );
        assert_eq!(next_after("duel"), None);
    }
}
