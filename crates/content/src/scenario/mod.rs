//! Scenario files: RON data naming a ruleset, validated with `file:line` errors, turned into a
//! ruleset's starting state.

pub mod check;
pub mod coterie;
pub mod error;
pub mod teams;
pub mod tokens;
pub mod zones;

use fray_rules::line::Line;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::rules::battle::Ruleset;
use crate::rules::coterie::Coterie;
use crate::rules::teams::Teams;
use crate::rules::zones::Zones;
use coterie::CoterieScenario;
use teams::TeamsScenario;
use zones::ZonesScenario;

pub use error::{DataError, DataErrors};

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
    (
        "duel",
        include_str!("../../../../assets/scenarios/duel.ron"),
    ),
    (
        "ambush",
        include_str!("../../../../assets/scenarios/ambush.ron"),
    ),
    (
        "hold-the-mill",
        include_str!("../../../../assets/scenarios/hold-the-mill.ron"),
    ),
    (
        "standing-stones",
        include_str!("../../../../assets/scenarios/standing-stones.ron"),
    ),
    (
        "the-bog-road",
        include_str!("../../../../assets/scenarios/the-bog-road.ron"),
    ),
    (
        "wizards-and-bandits",
        include_str!("../../../../assets/scenarios/wizards-and-bandits.ron"),
    ),
    (
        "duel-at-the-gate",
        include_str!("../../../../assets/scenarios/duel-at-the-gate.ron"),
    ),
    (
        "the-chase",
        include_str!("../../../../assets/scenarios/the-chase.ron"),
    ),
    (
        "riders-at-the-ford",
        include_str!("../../../../assets/scenarios/riders-at-the-ford.ron"),
    ),
    (
        "the-free-blades",
        include_str!("../../../../assets/scenarios/the-free-blades.ron"),
    ),
    (
        "the-alarm",
        include_str!("../../../../assets/scenarios/the-alarm.ron"),
    ),
    (
        "goblin-ambush",
        include_str!("../../../../assets/scenarios/goblin-ambush.ron"),
    ),
    (
        "shield-wall",
        include_str!("../../../../assets/scenarios/shield-wall.ron"),
    ),
    (
        "goblin-warren",
        include_str!("../../../../assets/scenarios/goblin-warren.ron"),
    ),
    (
        "goblin-raid",
        include_str!("../../../../assets/scenarios/goblin-raid.ron"),
    ),
];

macro_rules! lesson_scenarios {
    ($($id:literal),* $(,)?) => {
        &[$(($id, include_str!(concat!("../../../../assets/lessons/scenarios/", $id, ".ron")))),*]
    };
}

/// Scenarios written for lessons, by name (`assets/lessons/scenarios/`).
pub const LESSON_SCENARIOS: &[(&str, &str)] = lesson_scenarios![
    "the-cellar-door",
    "the-narrow-bridge",
    "the-old-wall",
    "the-mill-race",
    "the-thicket",
    "the-courtyard",
    "blades-out",
    "the-axe-falls",
    "after-the-blow",
    "ambush-in-the-pass",
    "forcing-the-gate",
    "through-the-market",
];

macro_rules! campaign_scenarios {
    ($($id:literal),* $(,)?) => {
        &[$(($id, include_str!(concat!("../../../../assets/campaigns/scenarios/", $id, ".ron")))),*]
    };
}

/// Scenarios written for campaigns, by name (`assets/campaigns/scenarios/`).
pub const CAMPAIGN_SCENARIOS: &[(&str, &str)] =
    campaign_scenarios!["the-ford-at-dusk", "the-free-company-muster"];

/// The default skirmish `fray` opens with.
pub const DEFAULT: &str = "duel";

pub fn parse(file: &str, src: &str) -> Result<Scenario, DataErrors> {
    ron::from_str::<Scenario>(src).map_err(|e| error::from_ron(file, src, &e))
}

/// Parses and validates a scenario's text. `file` is the name errors carry.
pub fn load_str(id: &str, file: &str, src: &str) -> Result<Loaded, DataErrors> {
    let scenario = parse(file, src)?;
    if scenario.name.trim().is_empty() {
        let mut r = check::Report::whole(file, src);
        r.at(
            &[check::Step::Field("name")],
            Line::new("data-scenario-no-name"),
        );
        r.finish()?;
    }
    let setup = scenario.rules.validate(id, file, src)?;
    Ok(Loaded {
        id: id.to_string(),
        scenario,
        setup,
    })
}

/// A scenario Fray wrote itself (a campaign's battle, its company cast into it), checked as a
/// file is: an error names `file`.
pub fn load_written(id: &str, file: &str, scenario: &Scenario) -> Result<Loaded, DataErrors> {
    let text =
        ron::ser::to_string_pretty(scenario, ron::ser::PrettyConfig::new()).map_err(|e| {
            DataErrors::one(
                file,
                0,
                Line::new("data-not-written-out").name("error", e.to_string()),
            )
        })?;
    load_str(id, file, &text)
}

pub fn builtin(id: &str) -> Option<Result<Loaded, DataErrors>> {
    BUILTIN
        .iter()
        .find(|(n, _)| *n == id)
        .map(|(n, src)| load_str(n, &format!("assets/scenarios/{n}.ron"), src))
        .or_else(|| {
            CAMPAIGN_SCENARIOS
                .iter()
                .find(|(n, _)| *n == id)
                .map(|(n, src)| load_str(n, &format!("assets/campaigns/scenarios/{n}.ron"), src))
        })
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

/// A scenario file's `rules:` part: the ruleset by name, then its own data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Rules {
    Zones(ZonesScenario),
    Coterie(CoterieScenario),
    Teams(TeamsScenario),
}

impl Rules {
    /// Validates the ruleset's part of a scenario (`id` is the scenario's short name).
    pub fn validate(&self, id: &str, file: &str, src: &str) -> Result<Setup, DataErrors> {
        match self {
            Rules::Zones(z) => {
                let mut s = zones::validate(file, src, z)?;
                s.state.scenario = id.to_string();
                Ok(Setup::Zones(s))
            }
            Rules::Coterie(c) => {
                let mut s = coterie::validate(file, src, c)?;
                s.state.scenario = id.to_string();
                Ok(Setup::Coterie(s))
            }
            Rules::Teams(t) => {
                let mut s = teams::validate(file, src, t)?;
                s.name = id.to_string();
                Ok(Setup::Teams(s))
            }
        }
    }
}

/// A validated scenario of some ruleset, ready to start. What is done with one, whichever
/// ruleset it is, is in `rulesets` (`Setup::visit`).
#[derive(Clone, Debug)]
pub enum Setup {
    Zones(<Zones as Ruleset>::Setup),
    Coterie(<Coterie as Ruleset>::Setup),
    Teams(<Teams as Ruleset>::Setup),
}
