//! The Coterie ruleset (`coterie-group-conflict.md`): the players' characters act as one group
//! against an opposition the GM runs, phase by phase: efforts tallied and rolled, a degree of
//! victory, each character's own performance, special actions, duels, and harm delivered as
//! push-backs, wounds and trait injuries.

pub mod action;
mod describe;
pub mod effort;
pub mod event;
pub mod flow;
pub mod harm;
pub mod lines;
pub mod model;
pub mod pending;
pub mod performance;

use crate::context::Remark;
use crate::line::Named;
use crate::{CharacterId, Line};
pub use action::Action;
pub use describe::describe;
pub use event::{EventKind, Noted};
pub use model::*;

use crate::battle::{
    Event, FactionId, KindBefore, Pending, RuleError, Ruleset, Seat, Started, all_or_nothing,
};
use crate::dice::DiceSource;
use crate::names::{Condition, Indexed, Names};

pub type CoterieEvent = Event<EventKind>;

/// The Coterie ruleset, for the [`Ruleset`] contract.
pub struct Coterie;

/// A validated Coterie scenario: the conflict as it stands before its first phase.
#[derive(Clone, Debug)]
pub struct CoterieSetup {
    pub state: State,
}

/// One action being applied to a Coterie conflict.
pub type Ctx<'a> = crate::context::Ctx<'a, State, EventKind>;

impl Ruleset for Coterie {
    type State = State;
    type Action = Action;
    type EventKind = EventKind;
    type Setup = CoterieSetup;

    fn start(setup: &CoterieSetup, dice: &mut dyn DiceSource) -> Started<State, EventKind> {
        let mut s = setup.state.clone();
        let mut ctx = Ctx::new(&mut s, dice);
        let line = Line::new("coterie-begins")
            .name("conflict", ctx.s.conflict.name.as_str())
            .side("party", PARTY)
            .side("foes", FOES);
        ctx.say(Noted::Began.aside(), line);
        flow::advance(&mut ctx)?;
        let events = ctx.log.events;
        Ok((s, events))
    }

    fn setup_factions(setup: &CoterieSetup) -> Vec<String> {
        Coterie::faction_names(&setup.state)
    }

    /// A seat for each player's character; the opposition is the GM's.
    fn seats(state: &State) -> Vec<(Seat, String)> {
        state
            .characters
            .iter()
            .enumerate()
            .filter(|(_, c)| c.side == PARTY)
            .map(|(i, c)| (Seat::Character(i), c.name.clone()))
            .collect()
    }

    fn setup_seats(setup: &CoterieSetup) -> Vec<(Seat, String)> {
        Coterie::seats(&setup.state)
    }

    fn pending(state: &State) -> Pending {
        pending::pending(state)
    }

    fn legal_actions(state: &State) -> Vec<Action> {
        flow::legal(state)
    }

    fn apply(
        state: &mut State,
        action: &Action,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<CoterieEvent>, RuleError> {
        if state.stage == Stage::Over {
            return Err(RuleError::Over);
        }
        let Some(action) = flow::as_legal(state, action) else {
            return Err(RuleError::Illegal(
                pending::pending(state).refusing(describe(state, action), flow::legal(state).len()),
            ));
        };
        all_or_nothing(state, |next| Coterie::apply_trusted(next, &action, dice))
    }

    fn apply_trusted(
        state: &mut State,
        action: &Action,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<CoterieEvent>, RuleError> {
        play(Ctx::new(state, dice), action)
    }

    fn apply_quiet(
        state: &mut State,
        action: &Action,
        dice: &mut dyn DiceSource,
    ) -> Result<(), RuleError> {
        play(Ctx::quiet(state, dice), action).map(drop)
    }

    fn kind_before_facts(kind: &EventKind) -> Option<KindBefore> {
        matches!(kind, EventKind::Note { .. }).then_some(KindBefore::Bare("Note"))
    }

    fn describe(state: &State, action: &Action) -> Line {
        describe(state, action)
    }

    fn faction_names(state: &State) -> Vec<String> {
        state.groups.iter().map(|g| g.name.clone()).collect()
    }

    fn indexes(labels: &[&str]) -> Option<Indexed> {
        let parent = labels.len().checked_sub(2).map(|i| labels[i]);
        Some(match *labels.last()? {
            // A duel's winner is a character; a phase's is a side.
            "winner" if parent == Some("Duel") => Indexed::Character,
            "Duel" | "character" => Indexed::Character,
            "side" | "winner" => Indexed::Faction,
            _ => return None,
        })
    }

    fn names(state: &State) -> Names {
        Names::default()
            .with(
                Indexed::Character,
                state.characters.iter().map(|c| c.name.clone()),
            )
            .with(
                Indexed::Faction,
                state.groups.iter().map(|g| g.name.clone()),
            )
    }

    fn condition(state: &State, c: crate::CharacterId) -> Option<Condition> {
        let ch = state.characters.get(c)?;
        let mut conditions = Vec::new();
        match ch.standing {
            model::Standing::InConflict => {}
            model::Standing::Dueling(with) => {
                conditions.push(Line::new("coterie-condition-dueling").who("with", with));
            }
            model::Standing::Out => conditions.push(Line::new("coterie-condition-out")),
        }
        if ch.performance_bonus != 0 {
            conditions.push(
                Line::new("coterie-condition-performance").number("bonus", ch.performance_bonus),
            );
        }
        Some(Condition::new(
            &ch.name,
            Line::new("coterie-group").side("side", ch.side),
            &[("wounds", ch.wounds), ("fatigue", ch.fatigue)],
            conditions,
        ))
    }

    fn round(state: &State) -> u32 {
        state.phase
    }

    /// A character's seat plays for their group; the GM plays the opposition, but judges
    /// special actions and the opposition's morale as a referee, for neither side.
    fn side(state: &State, seat: Seat) -> Option<FactionId> {
        match seat {
            Seat::Faction(f) => Some(f),
            Seat::Character(c) => state.characters.get(c).map(|ch| ch.side),
            Seat::Gm => {
                (!matches!(state.stage, Stage::Review { .. } | Stage::Morale)).then_some(FOES)
            }
        }
    }
}

impl Coterie {
    /// The seat deciding now, if any.
    pub fn pending_seat(s: &State) -> Option<Seat> {
        pending::pending(s).seat()
    }
}

/// An action known to be legal, in the context given.
fn play(mut ctx: Ctx, action: &Action) -> Result<Vec<CoterieEvent>, RuleError> {
    if ctx.s.stage == Stage::Over {
        return Err(RuleError::Over);
    }
    flow::step(&mut ctx, action)?;
    flow::advance(&mut ctx)?;
    Ok(ctx.log.events)
}

/// The names a line of this ruleset's names.
impl Named for State {
    fn who(&self, c: CharacterId) -> &str {
        self.characters.get(c).map_or("?", |ch| ch.name.as_str())
    }

    fn side(&self, f: FactionId) -> &str {
        self.groups.get(f).map_or("?", |x| x.name.as_str())
    }
}
