//! Rulebook cases: one or more tests per paragraph of each rulebook, with scripted dice, each
//! asserting the exact outcome the rulebook gives. Paragraph ids are those of `assets/rules/`.

mod coterie;
mod harness;
mod notes;
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
