//! Every decision in a Coterie conflict, as an action.

use serde::{Deserialize, Serialize};

use super::model::{Effort, Harm, HarmKind, Morale, Special};

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Action {
    /// A character's individual action this phase.
    Declare(Effort),
    /// The relevant skills a character brings into the phase.
    Bring(Vec<String>),
    /// A proposed special action.
    Propose(Special),
    /// The GM's answer to a proposal: as proposed (true), or milder (false).
    Review(bool),
    /// The winner's harm: one piece at the degree won, or a mix of lesser ones.
    Inflict(Vec<Harm>),
    /// The loser of a phase (the players after any loss, the opposition after a major one):
    /// take the winner's harm (false) or fall back instead (true).
    FallBack(bool),
    /// The players, having lost: flee the conflict as a group, which ends it in the
    /// opposition's favour (falling back "may also include fleeing from the conflict").
    FleeConflict,
    /// The GM, after the players fell back from (or fled) a decisive loss: one level of the
    /// harm kept for this kind of injury, or the right waived (None) and the whole loss taken
    /// on the track.
    Reserve(Option<HarmKind>),
    /// A character who did at least well: flee the field (true) or stay (false).
    Flee(bool),
    /// A draw: neutral, or harmful with the kinds of harm each side takes. The players choose
    /// the enemy's exact harm and only whether theirs is tactical; the GM picks their injury.
    NeutralDraw,
    HarmfulDraw {
        party_tactical: bool,
        foes: HarmKind,
    },
    /// The GM's pick of the players' injury in a harmful draw.
    PartyInjury(HarmKind),
    /// The loser of a duel's major defeat: fall back on the duel's track (true) or take wounds.
    DuelFallBack(bool),
    /// The GM, judging a shaken opposition: fight on, flee or capitulate.
    Morale(Morale),
}
