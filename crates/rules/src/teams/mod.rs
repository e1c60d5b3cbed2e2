//! The Three actions ruleset (`three-action-teams.md`): teams alternate giving one member a
//! turn of three actions on a square grid; attacks are an attribute die and a combat die
//! against evasion, with a luck die beside every test; one reaction a round to dodge, parry,
//! block, intercept, fortify or resist.

pub mod action;
pub mod attack;
pub mod costs;
pub mod describe;
pub mod event;
pub mod flow;
pub mod grid;
pub mod harm;
pub mod legal;
pub mod model;
pub mod odds;
pub mod roll;
pub mod rounds;
mod said;
pub mod setup;
mod squares;
pub mod targeting;
pub mod turn;
pub mod why;

use crate::line::Named;
use crate::{CharacterId, FactionId, Line};
pub use action::Action;
pub use event::{EventKind, GearChange, Noted, ReactionKind, StanceKind};
pub use model::*;
pub use odds::{AttackOdds, AttackProfile, attack_odds, odds};
pub use setup::{
    ChangeError, CharacterSetup, Gear, GroundItem, Lasting, MapSetup, SetupError, Standing,
    TeamSetup, TeamsSetup, TeamsSituation,
};

use crate::battle::{Event, KindBefore, RuleError, Ruleset, all_or_nothing};
use crate::dice::DiceSource;
use crate::names::{Condition, Indexed, Names};

pub type TeamsEvent = Event<EventKind>;

/// The Three actions ruleset, for the [`Ruleset`] contract.
pub struct Teams;

/// One action being applied to a Three actions battle.
pub type Ctx<'a> = crate::context::Ctx<'a, State, EventKind>;

/// Whether nothing that follows from `action` can roll a die: no test, no attack, no readied
/// attack set off by a movement, no luck test against death. `tests/teams_battles.rs` applies
/// every such action of thousands of battles with no dice at all to hold this to the rules.
pub fn rolls_nothing(s: &State, action: &Action) -> bool {
    match action {
        Action::InitiativeNext(_)
        | Action::Activate(_)
        | Action::Brandish { .. }
        | Action::Command(_)
        | Action::Door(_)
        | Action::PickUp(_)
        | Action::Guard
        | Action::Ready(_)
        | Action::ReadyFor(..)
        | Action::Reload(_)
        | Action::SeekCover
        | Action::StandUp
        | Action::Wait
        | Action::Escape
        | Action::Abandon
        | Action::DropItem(_)
        | Action::DropProne
        | Action::EndTurn => true,
        Action::Move(_) | Action::Sprint(_) | Action::Step(_) => {
            let team = s.actor().map(|c| s.characters[c].team);
            !s.characters
                .iter()
                .any(|c| Some(c.team) != team && c.readied.is_some())
        }
        _ => false,
    }
}

impl Ruleset for Teams {
    type State = State;
    type Action = Action;
    type EventKind = EventKind;
    type Setup = TeamsSetup;

    fn start(
        setup: &TeamsSetup,
        dice: &mut dyn DiceSource,
    ) -> Result<(State, Vec<TeamsEvent>), RuleError> {
        setup.start(dice)
    }

    fn setup_factions(setup: &TeamsSetup) -> Vec<String> {
        setup.teams.iter().map(|t| t.name.clone()).collect()
    }

    fn pending(state: &State) -> crate::battle::Pending {
        flow::pending(state)
    }

    fn legal_actions(state: &State) -> Vec<Action> {
        legal::legal_actions(state)
    }

    fn legal_actions_into(state: &State, out: &mut Vec<Action>) {
        legal::legal_actions_into(state, out);
    }

    fn apply(
        state: &mut State,
        action: &Action,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<TeamsEvent>, RuleError> {
        if state.stage == Stage::Over {
            return Err(RuleError::Over);
        }
        if !legal::is_legal(state, action) {
            return Err(RuleError::Illegal(legal::why_illegal(state, action)));
        }
        if rolls_nothing(state, action) {
            // A legal action that rolls no die cannot fail half-way: no copy is needed. (The
            // copy is a good share of the time of a random battle.)
            return Teams::apply_trusted(state, action, dice);
        }
        all_or_nothing(state, |next| Teams::apply_trusted(next, action, dice))
    }

    fn describe(state: &State, action: &Action) -> Line {
        describe::describe(state, action)
    }

    fn faction_names(state: &State) -> Vec<String> {
        state.teams.iter().map(|t| t.name.clone()).collect()
    }

    fn indexes(labels: &[&str]) -> Option<Indexed> {
        let parent = labels.len().checked_sub(2).map(|i| labels[i]);
        Some(match *labels.last()? {
            // A move's `from` and `to` are squares; a retargeted attack's are characters.
            "from" | "to" if parent == Some("Retargeted") => Indexed::Character,
            // The enemy a readied attack waits for: `ReadyFor(weapon, enemy)`.
            "#1" if parent == Some("ReadyFor") => Indexed::Character,
            "Activate" | "Command" | "Resuscitate" | "Intercept" | "target" | "character"
            | "attacker" | "by" | "ally" => Indexed::Character,
            "InitiativeNext" | "order" | "team" => Indexed::Faction,
            "Item" | "PickUp" | "Reload" | "DropItem" | "Parry" | "Block" | "first" | "second"
            | "item" => Indexed::Item,
            "ShortTask" | "task" => Indexed::Task,
            _ => return None,
        })
    }

    fn names(state: &State) -> Names {
        Names::default()
            .with(
                Indexed::Character,
                state.characters.iter().map(|c| c.name.clone()),
            )
            .with(Indexed::Faction, state.teams.iter().map(|t| t.name.clone()))
            .with(
                Indexed::Item,
                state.items.iter().map(|i| i.def.name.clone()),
            )
            .with(Indexed::Task, state.tasks.iter().map(|t| t.name.clone()))
    }

    fn condition(state: &State, c: crate::CharacterId) -> Option<Condition> {
        let ch = state.characters.get(c)?;
        let mut conditions = Vec::new();
        let status = match ch.status {
            model::Status::Active => None,
            model::Status::Unconscious => Some("unconscious"),
            model::Status::Dead => Some("dead"),
            model::Status::Fled => Some("fled"),
        };
        for (on, word) in [
            (status.is_some(), status.unwrap_or_default()),
            (ch.prone, "prone"),
            (ch.in_cover, "in-cover"),
            (ch.guarding, "guarding"),
            (ch.unseen, "unseen"),
            (ch.acted, "acted"),
        ] {
            if on {
                conditions.push(Line::new("teams-condition").word("condition", word));
            }
        }
        Some(Condition::new(
            &ch.name,
            said::square(ch.pos),
            &[
                ("endurance", i32::from(ch.endurance)),
                ("health", i32::from(ch.health)),
                ("stamina", i32::from(ch.stamina)),
                ("focus", i32::from(ch.focus)),
            ],
            conditions,
        ))
    }

    fn round(state: &State) -> u32 {
        state.round
    }

    fn apply_trusted(
        state: &mut State,
        action: &Action,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<TeamsEvent>, RuleError> {
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
        match *kind {
            EventKind::Note { .. } => Some(KindBefore::Bare("Note")),
            EventKind::Stance { character, .. } => Some(KindBefore::Character("Stance", character)),
            EventKind::Gear { character, .. } => Some(KindBefore::Character("Gear", character)),
            _ => None,
        }
    }
}

/// An action known to be legal, in the context given.
fn play(mut ctx: Ctx, action: &Action) -> Result<Vec<TeamsEvent>, RuleError> {
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
        self.teams.get(f).map_or("?", |x| x.name.as_str())
    }

    fn thing(&self, i: u32) -> &str {
        self.items
            .get(i as usize)
            .map_or("?", |t| t.def.name.as_str())
    }
}
