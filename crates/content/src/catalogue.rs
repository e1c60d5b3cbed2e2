//! Every scenario by its name: the shipped ones, the lessons' own, generated skirmishes
//! (`random-zones-medium-42`) and files. Above the generator, which a name may call on, and below
//! everything that loads a scenario by name (replays, lessons, saves, the CLI, the game).

use fray_rules::line::Line;
use std::path::{Path, PathBuf};

use crate::generate;
use crate::scenario::{self, DataErrors, Loaded};

/// Loads a scenario by path, or by the name of a built-in one or of a generated skirmish
/// (`random-zones-medium-42`).
pub fn load(name_or_path: &str) -> Result<Loaded, DataErrors> {
    let path = PathBuf::from(name_or_path);
    if path.exists() {
        return scenario::load_path(&path);
    }
    if let Some(found) = scenario::builtin(name_or_path) {
        return found;
    }
    if let Some(found) = generate::by_name(name_or_path) {
        return found;
    }
    let known: Vec<&str> = scenario::BUILTIN.iter().map(|(n, _)| *n).collect();
    Err(DataErrors::one(
        name_or_path,
        0,
        Line::new("data-no-scenario").name("known", known.join(", ")),
    ))
}

/// A scenario that another data file names (a replay or a lesson, `what`, at `file`): a built-in
/// scenario or lesson scenario by its name, else a file in `file`'s own folder or below it. A
/// path that leads out of that folder (an absolute one, or `..` past it, or a link to
/// elsewhere) is refused without being read: a data file shared with others must not be able
/// to read any file of the machine it is checked on, nor show what it holds.
pub fn load_named(file: &str, name: &str, what: &'static str) -> Result<Loaded, DataErrors> {
    if let Some(found) = scenario::builtin(name) {
        return found;
    }
    if let Some(found) = generate::by_name(name) {
        return found;
    }
    if let Some((n, src)) = scenario::LESSON_SCENARIOS.iter().find(|(n, _)| *n == name) {
        return scenario::load_str(n, &format!("assets/lessons/scenarios/{n}.ron"), src);
    }
    let outside = || {
        DataErrors::one(
            name,
            0,
            Line::new("data-scenario-outside").word("what", what),
        )
    };
    let path = Path::new(name);
    let mut depth = 0usize;
    for c in path.components() {
        match c {
            std::path::Component::Normal(_) => depth += 1,
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir if depth > 0 => depth -= 1,
            _ => return Err(outside()),
        }
    }
    let dir = match Path::new(file).parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let beside = dir.join(path);
    if !beside.exists() {
        return load(&beside.display().to_string());
    }
    // A link inside the folder may still lead out of it.
    if let (Ok(d), Ok(b)) = (dir.canonicalize(), beside.canonicalize())
        && !b.starts_with(&d)
    {
        return Err(outside());
    }
    scenario::load_path(&beside)
}
