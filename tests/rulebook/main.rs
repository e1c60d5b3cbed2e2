//! Rulebook cases: one or more tests per paragraph of each rulebook, with scripted dice, each
//! asserting the exact outcome the rulebook gives. Paragraph ids are those of `assets/rules/`.

mod campaigns;
mod coterie;
mod harness;
mod notes;
mod rolls;
#[path = "../support/mod.rs"]
mod support;
mod teams_actions;
mod teams_attacks;
mod teams_defence;
mod teams_flow;
mod teams_setups;
mod zones_attacks;
mod zones_flow;
mod zones_letter;
mod zones_morale;
mod zones_reactions;
mod zones_special;

/// The paragraphs of the rules notes a case plays out: each must be one (a case that cites a
/// paragraph the notes lost fails), and `notes::every_coterie_and_teams_paragraph_is_played_out_by_a_case`
/// reads these calls, not the comments, for the map from the rulebook to its cases.
pub fn covers(ids: &[&str]) {
    for id in ids {
        assert!(
            fray::rules::notes::paragraph(id).is_some(),
            "{id} is not a paragraph of the rules notes"
        );
    }
}
