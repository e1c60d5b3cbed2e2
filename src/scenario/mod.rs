//! Scenario files: RON data naming a ruleset, validated with `file:line` errors, turned into a
//! ruleset's starting state.

pub mod coterie;
pub mod error;
pub mod names;
pub mod teams;
pub mod zones;

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

pub use error::{DataError, DataErrors};

pub use crate::rulesets::{Rules, Setup};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub name: String,
    /// One line on what this scenario teaches, for the menu.
    #[serde(default)]
    pub teaches: String,
    pub rules: Rules,
}

#[derive(Clone, Debug)]
pub struct Loaded {
    /// The short name: the file stem (`duel` for `assets/scenarios/duel.ron`).
    pub id: String,
    pub scenario: Scenario,
    pub setup: Setup,
}

impl Loaded {
    pub fn ruleset(&self) -> &'static str {
        self.setup.ruleset()
    }
}

/// The scenarios shipped with the game, built into the binary so the web build needs no files.
pub const BUILTIN: &[(&str, &str)] = &[
    ("duel", include_str!("../../assets/scenarios/duel.ron")),
    ("ambush", include_str!("../../assets/scenarios/ambush.ron")),
    (
        "hold-the-mill",
        include_str!("../../assets/scenarios/hold-the-mill.ron"),
    ),
    (
        "standing-stones",
        include_str!("../../assets/scenarios/standing-stones.ron"),
    ),
    (
        "the-bog-road",
        include_str!("../../assets/scenarios/the-bog-road.ron"),
    ),
    (
        "wizards-and-bandits",
        include_str!("../../assets/scenarios/wizards-and-bandits.ron"),
    ),
    (
        "duel-at-the-gate",
        include_str!("../../assets/scenarios/duel-at-the-gate.ron"),
    ),
    (
        "the-chase",
        include_str!("../../assets/scenarios/the-chase.ron"),
    ),
    (
        "riders-at-the-ford",
        include_str!("../../assets/scenarios/riders-at-the-ford.ron"),
    ),
    (
        "the-free-blades",
        include_str!("../../assets/scenarios/the-free-blades.ron"),
    ),
    (
        "the-alarm",
        include_str!("../../assets/scenarios/the-alarm.ron"),
    ),
    (
        "goblin-ambush",
        include_str!("../../assets/scenarios/goblin-ambush.ron"),
    ),
    (
        "shield-wall",
        include_str!("../../assets/scenarios/shield-wall.ron"),
    ),
    (
        "goblin-warren",
        include_str!("../../assets/scenarios/goblin-warren.ron"),
    ),
    (
        "goblin-raid",
        include_str!("../../assets/scenarios/goblin-raid.ron"),
    ),
];

/// The default skirmish `fray` opens with.
pub const DEFAULT: &str = "duel";

pub fn parse(file: &str, src: &str) -> Result<Scenario, DataErrors> {
    ron::from_str::<Scenario>(src).map_err(|e| error::from_ron(file, src, &e))
}

/// Parses and validates a scenario's text. `file` is the name errors carry.
pub fn load_str(id: &str, file: &str, src: &str) -> Result<Loaded, DataErrors> {
    let scenario = parse(file, src)?;
    if scenario.name.trim().is_empty() {
        return Err(DataErrors(vec![DataError {
            file: file.to_string(),
            line: error::locate(src, &["name:"]),
            message: "the scenario needs a name".into(),
        }]));
    }
    let setup = scenario.rules.validate(id, file, src)?;
    Ok(Loaded {
        id: id.to_string(),
        scenario,
        setup,
    })
}

pub fn builtin(id: &str) -> Option<Result<Loaded, DataErrors>> {
    BUILTIN
        .iter()
        .find(|(n, _)| *n == id)
        .map(|(n, src)| load_str(n, &format!("assets/scenarios/{n}.ron"), src))
}

/// Loads a scenario by path, or by the name of a built-in one or of a generated skirmish
/// (`random-zones-medium-42`).
pub fn load(name_or_path: &str) -> Result<Loaded, DataErrors> {
    let path = PathBuf::from(name_or_path);
    if path.exists() {
        return load_path(&path);
    }
    if let Some(found) = builtin(name_or_path) {
        return found;
    }
    if let Some(found) = crate::generate::by_name(name_or_path) {
        return found;
    }
    let known: Vec<&str> = BUILTIN.iter().map(|(n, _)| *n).collect();
    Err(DataErrors(vec![DataError {
        file: name_or_path.to_string(),
        line: 0,
        message: format!(
            "no such file, and no built-in scenario by that name (built-in: {}; or a random skirmish, as random-zones-medium-42)",
            known.join(", ")
        ),
    }]))
}

/// A scenario that another data file names (a replay or a lesson, `what`, at `file`): a built-in
/// scenario or lesson scenario by its name, else a file in `file`'s own folder or below it. A
/// path that leads out of that folder (an absolute one, or `..` past it, or a link to
/// elsewhere) is refused without being read: a data file shared with others must not be able
/// to read any file of the machine it is checked on, nor show what it holds.
pub fn load_named(file: &str, name: &str, what: &str) -> Result<Loaded, DataErrors> {
    if let Some(found) = builtin(name) {
        return found;
    }
    if let Some(found) = crate::generate::by_name(name) {
        return found;
    }
    if let Some((n, src)) = crate::lessons::SCENARIOS.iter().find(|(n, _)| *n == name) {
        return load_str(n, &format!("assets/lessons/scenarios/{n}.ron"), src);
    }
    let outside = || {
        DataErrors(vec![DataError {
            file: name.to_string(),
            line: 0,
            message: format!(
                "not read: a {what}'s scenario is a built-in scenario or a file in the {what}'s own folder, and this path leads out of it"
            ),
        }])
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
    load_path(&beside)
}

/// Whether two paths name one file that exists (through links and `..` alike): what must never
/// be written over with a copy or a replay of itself.
pub fn same_file(a: &Path, b: &Path) -> bool {
    a.canonicalize()
        .ok()
        .is_some_and(|a| b.canonicalize().ok() == Some(a))
}

pub fn load_path(path: &Path) -> Result<Loaded, DataErrors> {
    let file = path.display().to_string();
    let src = error::read_as(path, "scenario")?;
    let id = path
        .file_stem()
        .map_or_else(|| file.clone(), |s| s.to_string_lossy().into_owned());
    load_str(&id, &file, &src)
}
