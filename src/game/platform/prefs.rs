//! What the game keeps between runs (key bindings, lessons done): small text files in the
//! player's configuration folder on the desktop, local storage in the browser.

use std::path::PathBuf;

use bevy::prelude::*;

use crate::rules::Line;

/// Where preferences are kept. Tests point it at a folder of their own.
#[derive(Resource, Clone, Debug)]
pub struct Prefs {
    /// The desktop's folder; None keeps nothing (and, in the browser, local storage is used).
    pub dir: Option<PathBuf>,
}

impl Default for Prefs {
    fn default() -> Self {
        Prefs { dir: default_dir() }
    }
}

/// `$FRAY_CONFIG_DIR`, else `$XDG_CONFIG_HOME/fray`, else `~/.config/fray`.
fn default_dir() -> Option<PathBuf> {
    if cfg!(target_arch = "wasm32") {
        return None;
    }
    let var = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    var("FRAY_CONFIG_DIR")
        .or_else(|| var("XDG_CONFIG_HOME").map(|d| d.join("fray")))
        .or_else(|| var("HOME").map(|d| d.join(".config").join("fray")))
}

impl Prefs {
    /// A folder of one's own, for tests.
    pub fn in_dir(dir: impl Into<PathBuf>) -> Self {
        Prefs {
            dir: Some(dir.into()),
        }
    }

    /// Where `name` is kept, for messages.
    pub fn place(&self, name: &str) -> Line {
        match &self.dir {
            Some(d) => Prefs::file(d.join(name).display().to_string()),
            None => Line::new("prefs-browser-storage").name("key", format!("fray-{name}")),
        }
    }

    /// A file's path as [`Prefs::place`] says it.
    pub fn file(path: impl Into<String>) -> Line {
        Line::new("prefs-file").name("path", path)
    }

    /// The text kept under `name`; None when nothing was kept.
    pub fn load(&self, name: &str) -> Option<String> {
        if let Some(d) = &self.dir {
            return std::fs::read_to_string(d.join(name)).ok();
        }
        super::web::fetch(&format!("fray-{name}"))
    }

    /// What is kept under `name`, read by `read` (the text and where it is kept, for its
    /// errors); nothing kept is the default, and what cannot be read is the default with why.
    pub fn read_or_default<T: Default>(
        &self,
        name: &str,
        read: impl Fn(&str, &Line) -> Result<T, Line>,
    ) -> (T, Option<Line>) {
        match self.load(name) {
            None => (T::default(), None),
            Some(text) => match read(&text, &self.place(name)) {
                Ok(t) => (t, None),
                Err(e) => (T::default(), Some(e)),
            },
        }
    }

    /// Keeps `text` under `name`; an error says where and why it could not be kept.
    pub fn save(&self, name: &str, text: &str) -> Result<(), Line> {
        let not_saved = |e: String| {
            Line::new("prefs-not-saved")
                .line("place", self.place(name))
                .name("error", e)
        };
        if let Some(d) = &self.dir {
            return std::fs::create_dir_all(d)
                .and_then(|_| std::fs::write(d.join(name), text))
                .map_err(|e| not_saved(e.to_string()));
        }
        match super::web::store(&format!("fray-{name}"), text) {
            Some(r) => r.map_err(|e| not_saved(e.to_string())),
            None => Err(Line::new("prefs-nowhere").name("name", name)),
        }
    }
}

/// Why the text kept at `place` cannot be read, at its line, in the reader's words.
pub fn unreadable(place: &Line, e: &ron::error::SpannedError) -> Line {
    Line::new("prefs-unreadable")
        .line("place", place.clone())
        .number("line", e.span.start.line as i64)
        .name("error", e.code.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_saved_is_loaded_back_and_nothing_saved_is_none() {
        let dir = std::env::temp_dir().join(format!("fray-prefs-{}", std::process::id()));
        let prefs = Prefs::in_dir(&dir);
        assert_eq!(prefs.load("keys.ron"), None);
        prefs.save("keys.ron", "[]").unwrap();
        assert_eq!(prefs.load("keys.ron").as_deref(), Some("[]"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
