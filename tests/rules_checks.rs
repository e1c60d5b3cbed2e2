//! The referee's quick paths held against its plain ones on the shipped scenarios, which live in
//! this crate, above the referee's (`fray_rules::checks`).

use fray::rules::SeededDice;
use fray::rules::teams::TeamsSetup;
use fray::rules::teams::legal::checks as teams_listing;
use fray::rules::zones::ZonesSetup;
use fray::rules::zones::legal::checks as zones_listing;
use fray::rules::zones::model::checks as zones_distance;
use fray::rulesets::Setup;
use proptest::prelude::*;

/// The shipped scenarios of one ruleset, by name: those `pick` takes.
fn shipped<T>(pick: impl Fn(Setup) -> Option<T>) -> Vec<(&'static str, T)> {
    fray::scenario::BUILTIN
        .iter()
        .filter_map(|(name, _)| {
            let loaded = fray::scenario::builtin(name).unwrap().unwrap();
            pick(loaded.setup).map(|t| (*name, t))
        })
        .collect()
}

fn zones() -> Vec<(&'static str, ZonesSetup)> {
    shipped(|s| match s {
        Setup::Zones(z) => Some(z),
        _ => None,
    })
}

fn teams() -> Vec<(&'static str, TeamsSetup)> {
    shipped(|s| match s {
        Setup::Teams(t) => Some(t),
        _ => None,
    })
}

#[test]
fn zones_only_the_end_left_is_what_the_listing_says() {
    zones_listing::only_the_end_left_is_what_the_listing_says(&zones());
}

#[test]
fn zones_quick_attacks_are_the_plain_ones() {
    zones_listing::the_quick_attacks_are_the_plain_ones(&zones());
}

#[test]
fn zones_index_of_who_holds_what_agrees_with_the_items() {
    zones_listing::the_index_of_who_holds_what_agrees_with_the_items(&zones());
}

#[test]
fn teams_only_the_end_left_is_what_the_listing_says() {
    teams_listing::only_the_end_left_is_what_the_listing_says(&teams());
}

#[test]
fn teams_index_of_who_holds_what_agrees_with_the_items() {
    teams_listing::the_index_of_who_holds_what_agrees_with_the_items(&teams());
}

#[test]
fn teams_roster_agrees_with_the_characters() {
    teams_listing::the_roster_agrees_with_the_characters(&teams());
}

proptest! {
    /// The bit-set walk and the plain one agree on any map up to the limit, joined or not.
    #[test]
    fn the_quick_distance_is_the_plain_walk_s(
        n in 2usize..=64,
        links in proptest::collection::vec((0usize..64, 0usize..64), 0..160),
    ) {
        let duel = zones().into_iter().find(|(name, _)| *name == "duel").expect("duel ships").1;
        let (template, _) = duel.start(&mut SeededDice::new(1)).unwrap();
        prop_assert_eq!(zones_distance::quick_and_plain_distance_differ(&template, n, &links), None);
    }
}
