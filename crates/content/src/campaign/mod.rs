//! Campaigns: battles linked by what lasts between them. A campaign file names its battles
//! (scenarios by name, the side the company fights as), what each leads to after a win or a
//! loss, optional objectives and their rewards, and its endings; the company is the first
//! battle's side, carried from battle to battle with what each left on them, and cast into
//! the next battle's places. What lasts, and how it heals, is each ruleset's reading in its
//! rules notes (`zones.campaign`, `teams.campaign`, `coterie.campaign`).

mod check;
pub mod company;
mod coterie;
pub mod file;
pub mod generated;
mod member;
pub mod run;
mod teams;
mod zones;

pub use check::check;
pub use company::{Company, Lasting};
pub use file::{After, BattleDef, Campaign, EndingDef, Goal, ObjectiveDef, Reward, Way};
pub use member::{Member, Sheet, Stored};
pub use run::{At, FALLEN, Fought, Run};

use crate::scenario::error::{self, DataErrors};
use fray_rules::line::Line;

/// The campaigns shipped with the game, built in so that the web build needs no files.
pub const BUILTIN: &[(&str, &str)] = &[
    (
        "the-wardens-road",
        include_str!("../../../../assets/campaigns/the-wardens-road.ron"),
    ),
    (
        "the-goblin-year",
        include_str!("../../../../assets/campaigns/the-goblin-year.ron"),
    ),
    (
        "the-free-company",
        include_str!("../../../../assets/campaigns/the-free-company.ron"),
    ),
];

/// Reads and checks a campaign's text. `file` names it in an error.
pub fn load_str(file: &str, src: &str) -> Result<Campaign, DataErrors> {
    let c = file::parse(file, src)?;
    check(file, src, &c)?;
    Ok(c)
}

/// A campaign by name: a shipped one, a generated run (`run-zones-42`), or a file.
pub fn load(name: &str) -> Result<Campaign, DataErrors> {
    if let Some((id, src)) = BUILTIN.iter().find(|(n, _)| *n == name) {
        return load_str(&format!("assets/campaigns/{id}.ron"), src);
    }
    if let Some(made) = generated::by_name(name) {
        return made;
    }
    let path = std::path::Path::new(name);
    if path.exists() {
        let src = error::read_as(path, "campaign")?;
        return load_str(name, &src);
    }
    let known: Vec<&str> = BUILTIN.iter().map(|(n, _)| *n).collect();
    Err(DataErrors::one(
        name,
        0,
        Line::new("data-no-campaign").name("known", known.join(", ")),
    ))
}

/// Whether a file's text is a campaign (for `fray check`): its top level has battles and
/// endings.
pub fn is_campaign(src: &str) -> bool {
    let keys = crate::scenario::tokens::top_level_keys(&crate::scenario::tokens::tokens(src));
    keys.iter().any(|k| k == "battles") && keys.iter().any(|k| k == "endings")
}
