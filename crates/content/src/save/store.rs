//! Where saves are kept: named texts, each written whole or not at all.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::PathBuf;

/// Named texts. `write` replaces a text whole or leaves the old one: never half of each.
pub trait Store {
    /// The names kept (set-aside ones included), in no order.
    fn names(&self) -> Vec<String>;
    /// The text under `name`; None when there is none.
    fn read(&self, name: &str) -> io::Result<Option<String>>;
    fn write(&self, name: &str, text: &str) -> Result<(), String>;
    fn remove(&self, name: &str) -> Result<(), String>;
    /// Keeps the text under a name of its own that no slot takes, and says where.
    fn set_aside(&self, name: &str) -> Result<String, String>;
}

/// A folder: each name a `NAME.ron` file in it.
#[derive(Clone, Debug)]
pub struct DirStore {
    pub dir: PathBuf,
}

impl DirStore {
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        DirStore { dir: dir.into() }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.join(format!("{name}.ron"))
    }

    /// Writes `text` beside the file, then renames it over the file: a crash, a full disk or
    /// a killed process between the two leaves the old file as it was. `between` runs after
    /// the write and before the rename (a test makes it fail there).
    pub fn write_with(
        &self,
        name: &str,
        text: &str,
        between: impl FnOnce() -> io::Result<()>,
    ) -> Result<(), String> {
        let path = self.path(name);
        let tmp = self.dir.join(format!("{name}.ron.partial"));
        let written = (|| {
            std::fs::create_dir_all(&self.dir)?;
            let mut f = std::fs::File::create(&tmp)?;
            f.write_all(text.as_bytes())?;
            f.sync_all()?;
            between()?;
            std::fs::rename(&tmp, &path)
        })();
        written.map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            format!("{}: {e}", path.display())
        })
    }
}

impl Store for DirStore {
    fn names(&self) -> Vec<String> {
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return Vec::new();
        };
        entries
            .filter_map(|e| {
                let e = e.ok()?;
                if !e.file_type().ok()?.is_file() {
                    return None;
                }
                e.file_name()
                    .to_str()?
                    .strip_suffix(".ron")
                    .map(String::from)
            })
            .collect()
    }

    fn read(&self, name: &str) -> io::Result<Option<String>> {
        let path = self.path(name);
        match crate::scenario::error::read(&path) {
            Ok(text) => Ok(Some(text)),
            Err(_) if !path.exists() => Ok(None),
            Err(e) => Err(io::Error::other(e.to_string())),
        }
    }

    fn write(&self, name: &str, text: &str) -> Result<(), String> {
        self.write_with(name, text, || Ok(()))
    }

    fn remove(&self, name: &str) -> Result<(), String> {
        let path = self.path(name);
        std::fs::remove_file(&path).map_err(|e| format!("{}: {e}", path.display()))
    }

    fn set_aside(&self, name: &str) -> Result<String, String> {
        let to = free_name(name, |n| self.path(n).exists());
        let (from, dest) = (self.path(name), self.path(&to));
        std::fs::rename(&from, &dest).map_err(|e| format!("{}: {e}", from.display()))?;
        Ok(dest.display().to_string())
    }
}

/// `NAME.damaged`, or `NAME.damaged-2` and on where that is taken.
fn free_name(name: &str, taken: impl Fn(&str) -> bool) -> String {
    let base = format!("{name}.damaged");
    let mut to = base.clone();
    let mut n = 2;
    while taken(&to) {
        to = format!("{base}-{n}");
        n += 1;
    }
    to
}

/// Texts in memory: for tests, and a browser without local storage.
#[derive(Debug, Default)]
pub struct MemoryStore {
    pub texts: RefCell<BTreeMap<String, String>>,
}

impl Store for MemoryStore {
    fn names(&self) -> Vec<String> {
        self.texts.borrow().keys().cloned().collect()
    }

    fn read(&self, name: &str) -> io::Result<Option<String>> {
        Ok(self.texts.borrow().get(name).cloned())
    }

    fn write(&self, name: &str, text: &str) -> Result<(), String> {
        self.texts
            .borrow_mut()
            .insert(name.to_string(), text.to_string());
        Ok(())
    }

    fn remove(&self, name: &str) -> Result<(), String> {
        self.texts
            .borrow_mut()
            .remove(name)
            .map(|_| ())
            .ok_or_else(|| format!("no save {name}"))
    }

    fn set_aside(&self, name: &str) -> Result<String, String> {
        let to = free_name(name, |n| self.texts.borrow().contains_key(n));
        let text = self
            .texts
            .borrow_mut()
            .remove(name)
            .ok_or_else(|| format!("no save {name}"))?;
        self.texts.borrow_mut().insert(to.clone(), text);
        Ok(to)
    }
}

impl<T: Store + ?Sized> Store for Box<T> {
    fn names(&self) -> Vec<String> {
        (**self).names()
    }
    fn read(&self, name: &str) -> io::Result<Option<String>> {
        (**self).read(name)
    }
    fn write(&self, name: &str, text: &str) -> Result<(), String> {
        (**self).write(name, text)
    }
    fn remove(&self, name: &str) -> Result<(), String> {
        (**self).remove(name)
    }
    fn set_aside(&self, name: &str) -> Result<String, String> {
        (**self).set_aside(name)
    }
}
