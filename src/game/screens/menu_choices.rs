//! What the menu offers, apart from how it is drawn or walked by keys: the scenarios it
//! lists with their seats and optional rules, and a random skirmish drawn into that list.
//! The menu screen (`menu.rs`) and its keyboard cursor (`menu_cursor.rs`) both read it.

use bevy::prelude::*;

use super::skirmish::RandomSkirmish;
use crate::game::battle::BattleSetup;
use crate::present::BoardView;
use crate::rules::battle::{OptionalRule, Seat};
use crate::scenario;
use crate::words::Words;

/// What the menu lists of each built-in scenario, read once rather than every frame.
#[derive(Resource)]
pub struct Catalogue(pub Vec<CatalogueEntry>);

pub struct CatalogueEntry {
    pub id: String,
    pub line: String,
    /// The ruleset in a line (a message of the words' catalogue).
    pub summary: &'static str,
    /// What the scenario teaches, as its file says.
    pub about: String,
    /// The board as the battle opens, everything shown: the menu's drawing of the map, with
    /// where each place stands (laid out once, not every frame).
    pub map: BoardView,
    pub map_centres: Vec<bevy::math::Vec2>,
    /// The seats to fill, besides the GM's, with their names.
    pub seats: Vec<(Seat, String)>,
    /// What the ruleset's GM seat does, if it has one to fill (a message of the words'
    /// catalogue).
    pub gm: Option<&'static str>,
    /// The scenario's own optional rules, which the menu's checkboxes start from.
    pub options: Vec<OptionalRule>,
}

impl CatalogueEntry {
    /// The ruleset in a line and what the scenario teaches, as the menu writes them under its
    /// name.
    pub fn about(&self, words: &Words) -> String {
        format!("{}\n{}", words.say(self.summary), self.about)
    }
}

impl Catalogue {
    /// The entry of the scenario `setup` has chosen.
    pub fn chosen(&self, setup: &BattleSetup) -> Option<&CatalogueEntry> {
        self.0.iter().find(|e| e.id == setup.scenario)
    }
}

impl Default for Catalogue {
    fn default() -> Self {
        Catalogue(
            scenario::BUILTIN
                .iter()
                .filter_map(|(id, _)| Some(CatalogueEntry::of(id, &scenario::builtin(id)?.ok()?)))
                .collect(),
        )
    }
}

impl CatalogueEntry {
    /// What the menu lists of a scenario loaded under the name `id`.
    pub fn of(id: &str, l: &scenario::Loaded) -> CatalogueEntry {
        let map = l.setup.visit(OpeningBoard);
        CatalogueEntry {
            id: id.to_string(),
            line: l.scenario.name.clone(),
            summary: l.setup.summary(),
            about: l.scenario.teaches.clone(),
            map_centres: crate::game::board::layout(&map),
            map,
            seats: l.setup.seats(),
            gm: l.setup.gm_role(),
            options: l.setup.options(),
        }
    }
}

/// The side whose colour seat `i` of `entry` wears: its faction's, or for a character's own
/// seat (Coterie's players) the faction of that character's token.
pub fn seat_side(entry: &CatalogueEntry, i: usize) -> usize {
    match entry.seats.get(i).map(|(s, _)| *s) {
        Some(Seat::Faction(f)) => f,
        Some(Seat::Character(c)) => entry
            .map
            .tokens
            .iter()
            .find(|t| t.id == c)
            .map_or(i, |t| t.faction),
        _ => i,
    }
}

/// A scenario's board as its battle opens (on a fixed seed: a drawing, not a battle).
struct OpeningBoard;

impl crate::rulesets::Visit for OpeningBoard {
    type Out = BoardView;
    fn visit<G: crate::rulesets::Game>(self, setup: &G::Setup) -> BoardView {
        let mut dice = crate::rules::SeededDice::new(0);
        G::start(setup, &mut dice)
            .map(|(state, _)| G::board(fray_words::english(), &state, None))
            .unwrap_or_default()
    }
}

/// The menu's optional-rule boxes: they start from the scenario's own optional rules; a click
/// on the menu overrides them.
pub fn shown_options(setup: &BattleSetup, entry: Option<&CatalogueEntry>) -> Vec<OptionalRule> {
    entry.map_or_else(Vec::new, |e| {
        e.options
            .iter()
            .map(|rule| OptionalRule {
                on: setup.option(rule.key).unwrap_or(rule.on),
                ..rule.clone()
            })
            .collect()
    })
}

/// Draws the skirmish `pick` names and lists it in the catalogue (in place of any other drawn
/// before it), chosen; what went wrong otherwise, in words.
pub fn draw_skirmish(
    pick: &RandomSkirmish,
    catalogue: &mut Catalogue,
    setup: &mut BattleSetup,
) -> Result<(), String> {
    let name = pick.name();
    let loaded = crate::catalogue::load(&name).map_err(|e| e.to_string())?;
    catalogue
        .0
        .retain(|e| crate::generate::parse_name(&e.id).is_none());
    let entry = CatalogueEntry::of(&name, &loaded);
    // A new skirmish is seated afresh, not as the last battle was: a person plays the first
    // side (in a ruleset with a GM, every one of the party's characters), the AI the rest.
    setup.seats = entry
        .seats
        .iter()
        .enumerate()
        .map(|(i, _)| {
            if i == 0 || entry.gm.is_some() {
                crate::game::battle::SeatKind::Person
            } else {
                crate::game::battle::SeatKind::Ai(crate::ai::Level::Normal)
            }
        })
        .collect();
    setup.gm = crate::game::battle::SeatKind::Ai(crate::ai::Level::Normal);
    catalogue.0.push(entry);
    setup.scenario = name;
    setup.options.clear();
    Ok(())
}
