//! Battles kept as they are played, so that closing the window loses nothing: after every
//! action the battle so far (its replay: scenario, dice, options, actions) is written to its
//! own slot, atomically, with the format's version. The shell resumes one by re-playing its
//! actions through the rules core, which ends in exactly the state it left.
//!
//! Where saves live is a [`Store`]: a folder on the desktop ([`DirStore`]), the browser's local
//! storage in the shell. A damaged save is set aside under another name, never read half-way
//! and never written over.

mod store;

use serde::{Deserialize, Serialize};

pub use store::{DirStore, MemoryStore, Store};

use crate::replay::{Replay, ReplayDice};
use crate::rules::Line;

/// The save format's version. A save from a newer Fray is refused with that said; an older
/// format would be migrated here, version by version (there is none yet).
pub const SAVE_VERSION: u32 = 1;

/// A slot's name starts with this, then its number: `battle-12`.
const SLOT_PREFIX: &str = "battle-";

/// One battle, saved after its last action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Save {
    /// The format's version, [`SAVE_VERSION`] when written.
    pub version: u32,
    /// The battle's name, for the list of saves.
    pub name: String,
    /// Who sits at each faction's seat, in order (`person`, or an AI level: `easy`, `normal`,
    /// `hard`, `expert`), and at the GM's.
    pub seats: Vec<String>,
    pub gm: String,
    /// The table rolls its own dice: the replay's dice are the values typed in, and the battle
    /// goes on asking for more.
    #[serde(default)]
    pub table_dice: bool,
    /// The round it was saved in and whether it is over, for the list.
    pub round: u32,
    #[serde(default)]
    pub over: bool,
    /// The battle so far. Unsealed: it is checked by being played again.
    pub replay: Replay,
}

impl Save {
    /// The seed its dice come from; None for the table's own dice.
    pub fn seed(&self) -> Option<u64> {
        match self.replay.dice {
            ReplayDice::Seed(s) => Some(s),
            ReplayDice::Scripted(_) => None,
        }
    }

    /// How many actions it holds.
    pub fn taken(&self) -> usize {
        self.replay.actions.len()
    }

    /// The text written to the store: RON, the battle's actions one a line.
    pub fn to_text(&self) -> Result<String, SaveError> {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::new().depth_limit(3))
            .map_err(|e| SaveError::Write(e.to_string()))
    }

    /// Reads a save's text: its version first, so that a newer format is refused as such and
    /// never misread.
    pub fn from_text(text: &str) -> Result<Save, SaveError> {
        read_versioned(text, SAVE_VERSION)
    }
}

/// Reads a kept file of a format with a `version` field (a battle's save, a campaign's):
/// the version first, so that one written by a newer Fray (above `reads`) is refused as such
/// and never misread, and one with none readable is damaged.
pub fn read_versioned<T: serde::de::DeserializeOwned>(
    text: &str,
    reads: u32,
) -> Result<T, SaveError> {
    #[derive(Deserialize)]
    struct Version {
        version: u32,
    }
    let version = ron::from_str::<Version>(text)
        .map_err(|e| {
            SaveError::Damaged(Line::new("save-version-unreadable").name("error", e.to_string()))
        })?
        .version;
    if version > reads {
        return Err(SaveError::Newer { version, reads });
    }
    if version == 0 {
        return Err(SaveError::Damaged(Line::new("save-version-zero")));
    }
    ron::from_str::<T>(text).map_err(|e| SaveError::Damaged(reader_said(e)))
}

/// What the reader of a kept file found wrong, in its own words (RON's, the system's), which
/// the catalogue's messages carry as they are.
fn reader_said(e: impl std::fmt::Display) -> Line {
    Line::new("save-reader-said").name("error", e.to_string())
}

/// Why a kept file (a battle's save, a campaign's) cannot be read or written, as facts the
/// player reads in their language ([`SaveError::line`]); in English by `Display`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    Newer {
        version: u32,
        reads: u32,
    },
    /// What is wrong with it.
    Damaged(Line),
    Missing,
    /// The writer's own words.
    Write(String),
}

impl SaveError {
    pub fn line(&self) -> Line {
        match self {
            SaveError::Newer { version, reads } => Line::new("save-newer")
                .number("version", *version)
                .number("reads", *reads),
            SaveError::Damaged(why) => Line::new("save-damaged").line("why", why.clone()),
            SaveError::Missing => Line::new("save-missing"),
            SaveError::Write(error) => Line::new("save-not-written").name("error", error.clone()),
        }
    }
}

impl std::error::Error for SaveError {}

/// In English, as a test or a log reads it.
impl std::fmt::Display for SaveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&fray_words::english().said(&self.line()))
    }
}

/// A slot as the list of saves shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Listed {
    pub slot: String,
    /// The save, or why it cannot be continued (a newer format).
    pub save: Result<Save, SaveError>,
}

/// The saves in a store: listed newest first, read, written, deleted.
pub struct Saves<S: Store> {
    pub store: S,
}

impl<S: Store> Saves<S> {
    pub fn new(store: S) -> Self {
        Saves { store }
    }

    /// Every slot, newest first. A damaged one is set aside (kept, under a name no slot
    /// takes) and named in the second list with why, so that it is neither shown as a battle
    /// nor ever written over.
    pub fn list(&self) -> (Vec<Listed>, Vec<Line>) {
        let mut slots: Vec<(u64, String)> = self
            .store
            .names()
            .into_iter()
            .filter_map(|n| Some((slot_number(&n)?, n)))
            .collect();
        slots.sort_by_key(|s| std::cmp::Reverse(s.0));
        let mut listed = Vec::new();
        let mut set_aside = Vec::new();
        for (_, slot) in slots {
            match self.read(&slot) {
                Err(SaveError::Damaged(why)) => {
                    let kept = self.store.set_aside(&slot);
                    set_aside.push(match kept {
                        Ok(place) => Line::new("save-set-aside")
                            .name("place", place)
                            .line("why", why),
                        Err(e) => Line::new("save-not-set-aside")
                            .name("slot", slot)
                            .name("error", e),
                    });
                }
                Err(SaveError::Missing) => {}
                save => listed.push(Listed { slot, save }),
            }
        }
        (listed, set_aside)
    }

    /// The newest battle still to be finished, if any: what Continue resumes.
    pub fn latest(&self) -> Option<(String, Save)> {
        self.list().0.into_iter().find_map(|l| match l.save {
            Ok(s) if !s.over => Some((l.slot, s)),
            _ => None,
        })
    }

    pub fn read(&self, slot: &str) -> Result<Save, SaveError> {
        let text = self
            .store
            .read(slot)
            .map_err(|e| SaveError::Damaged(reader_said(e)))?
            .ok_or(SaveError::Missing)?;
        Save::from_text(&text)
    }

    /// A slot no battle has had: one past the highest number any name in the store carries,
    /// set-aside ones included.
    pub fn new_slot(&self) -> String {
        let next = self
            .store
            .names()
            .iter()
            .filter_map(|n| slot_number(n.split('.').next().unwrap_or(n)))
            .max()
            .map_or(1, |n| n + 1);
        format!("{SLOT_PREFIX}{next}")
    }

    pub fn write(&self, slot: &str, save: &Save) -> Result<(), SaveError> {
        let text = save.to_text()?;
        self.store.write(slot, &text).map_err(SaveError::Write)
    }

    pub fn delete(&self, slot: &str) -> Result<(), String> {
        self.store.remove(slot)
    }
}

/// `battle-12` → 12; None for anything else (a set-aside save, a temporary file).
fn slot_number(name: &str) -> Option<u64> {
    let n = name.strip_prefix(SLOT_PREFIX)?;
    if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    n.parse().ok()
}

#[cfg(test)]
mod tests;
