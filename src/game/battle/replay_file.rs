//! A battle's replay written beside the working directory (or kept in the browser).

use std::path::PathBuf;

use super::flow::Battle;
use crate::game::platform::web;

/// Saves the battle's replay beside the working directory; returns what happened, for the screen.
pub fn save_replay(words: &fray_words::Words, battle: &Battle) -> String {
    use fray_words::Value::Text;
    let dir = PathBuf::from("replays");
    // A scenario played from a file goes beside its replay, which names it from there: a
    // replay reads no scenario outside its own folder.
    let file = crate::scenario::builtin(battle.scenario())
        .is_none()
        .then(|| std::path::Path::new(battle.scenario()))
        .filter(|p| p.is_file())
        .and_then(|p| p.file_name())
        .map(|n| n.to_string_lossy().into_owned());
    let stem = file
        .as_deref()
        .map_or(battle.scenario(), |f| f.trim_end_matches(".ron"));
    let name = format!("{stem}-seed{}-{}.ron", battle.seed(), battle.taken());
    let path = dir.join(&name);
    let Some(mut replay) = battle.replay(&path.display().to_string()) else {
        return words.say("saved-no-replays");
    };
    if let Some(f) = &file
        && !cfg!(target_arch = "wasm32")
    {
        let beside = dir.join(f);
        // Never copied onto itself (which would empty it), nor over another file of that name:
        // whether the scenario is there, or another file stands in its way.
        let copied = std::fs::create_dir_all(&dir).and_then(|_| {
            if crate::scenario::same_file(std::path::Path::new(battle.scenario()), &beside) {
                Ok(true)
            } else if beside.exists() {
                Ok(std::fs::read(&beside)? == std::fs::read(battle.scenario())?)
            } else {
                std::fs::copy(battle.scenario(), &beside).map(|_| true)
            }
        });
        let why = match copied {
            Ok(true) => None,
            Ok(false) => Some(words.say("saved-name-taken")),
            Err(e) => Some(e.to_string()),
        };
        if let Some(why) = why {
            return words.say_with(
                "saved-not-at",
                &[
                    ("path", Text(beside.display().to_string())),
                    ("why", Text(why)),
                ],
            );
        }
        replay.scenario = f.clone();
    }
    let text = crate::replay::to_ron(&replay);
    if let Some(stored) = web::store(&format!("fray-replay-{name}"), &text) {
        return match stored {
            Ok(()) => words.say_with(
                "saved-in-browser",
                &[("key", Text(format!("fray-replay-{name}")))],
            ),
            Err(e) => words.say_with("saved-not", &[("why", Text(e.to_string()))]),
        };
    }
    match std::fs::create_dir_all(&dir).and_then(|_| std::fs::write(&path, text)) {
        Ok(()) => words.say_with("saved-at", &[("path", Text(path.display().to_string()))]),
        Err(e) => words.say_with(
            "saved-not-at",
            &[
                ("path", Text(path.display().to_string())),
                ("why", Text(e.to_string())),
            ],
        ),
    }
}
