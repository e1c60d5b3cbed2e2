//! A choice as the menu names it, and as a refusal names what was asked: below the phase
//! loop, which refuses with it.

use super::action::Action;
use super::lines;
use super::model::*;
use super::pending::pending;
use crate::Line;
use crate::battle::{Pending, Seat};

/// A choice as the menu lists it.
pub fn describe(s: &State, action: &Action) -> Line {
    let decider = match pending(s) {
        Pending::Decide {
            seat: Seat::Character(c),
            ..
        } => Some(c),
        _ => None,
    };
    // The one deciding, named at the head of their choice: a character, or the GM.
    let by = |id: &'static str| match decider {
        Some(c) => Line::new(id).who("who", c),
        None => Line::new(id).line("who", Line::new("coterie-gm")),
    };
    let kind = |id: &'static str, k: &HarmKind| Line::new(id).line("kind", lines::kind_text(k));
    match action {
        Action::Declare(Effort::Steady) => by("coterie-do-steady"),
        Action::Declare(Effort::Press) => by("coterie-do-press"),
        Action::Declare(Effort::Goal) => {
            match decider.and_then(|c| s.characters[c].goal.as_ref()) {
                Some(g) => by("coterie-do-goal").name("goal", g.text.as_str()),
                None => by("coterie-do-goal-unnamed"),
            }
        }
        Action::Bring(skills) if skills.is_empty() => by("coterie-do-bring-none"),
        Action::Bring(skills) => by("coterie-do-bring").line(
            "skills",
            lines::joined("coterie-and", skills.iter().map(|k| lines::skill(k))),
        ),
        Action::Propose(sp) => {
            let mild = matches!(s.stage, Stage::Special { mild: true, .. });
            by("coterie-do-propose").line("special", lines::special_text(sp, mild))
        }
        Action::Review(true) => Line::new("coterie-do-allow"),
        Action::Review(false) => Line::new("coterie-do-allow-milder"),
        Action::Inflict(pieces) => {
            lines::joined("coterie-plus", pieces.iter().map(lines::harm_piece))
        }
        Action::FallBack(false) => Line::new("coterie-do-take-harm"),
        Action::FallBack(true) if matches!(s.stage, Stage::FoesFallBack { .. }) => {
            Line::new("coterie-do-foes-fall-back").side("foes", FOES)
        }
        Action::FallBack(true) => Line::new("coterie-do-fall-back"),
        Action::FleeConflict => Line::new("coterie-do-flee-conflict"),
        Action::Flee(true) => by("coterie-do-flee"),
        Action::Flee(false) => by("coterie-do-stay"),
        Action::NeutralDraw => Line::new("coterie-do-neutral-draw"),
        Action::HarmfulDraw {
            party_tactical,
            foes,
        } => kind("coterie-do-harmful-draw", foes).word(
            "party",
            if *party_tactical {
                "tactical"
            } else {
                "injuries"
            },
        ),
        Action::PartyInjury(k) => kind("coterie-do-party-injury", k),
        Action::Reserve(Some(k)) if matches!(s.stage, Stage::Reserve { fleeing: true, .. }) => {
            kind("coterie-do-keep-level-fleeing", k)
        }
        Action::Reserve(Some(k)) => kind("coterie-do-keep-level", k),
        Action::Reserve(None) if matches!(s.stage, Stage::Reserve { fleeing: true, .. }) => {
            Line::new("coterie-do-let-flee")
        }
        Action::Reserve(None) => Line::new("coterie-do-waive"),
        Action::DuelFallBack(true) => by("coterie-do-duel-fall-back"),
        Action::DuelFallBack(false) => by("coterie-do-duel-harm"),
        Action::Morale(m) => Line::new(match m {
            Morale::FightOn => "coterie-do-fight-on",
            Morale::Flee => "coterie-do-flee-morale",
            Morale::Capitulate => "coterie-do-capitulate",
        })
        .side("foes", FOES),
    }
}
