//! The Zones ruleset (`zone-skirmish.md`): factions alternate activations in rounds, characters
//! move between named zones, attacks hit automatically unless the circumstances call for a WIT
//! save, and reactions spend a character's whole turn.

pub mod action;
pub mod attack;
pub mod describe;
pub mod event;
pub mod flow;
pub mod legal;
pub mod model;
pub mod morale;
pub mod odds;
pub mod position;
pub mod rounds;
pub mod said;
pub mod setup;
pub mod targeting;
pub mod turn;

use crate::line::Named;
use crate::{FactionId, Line};
pub use action::{Action, MoraleChoice};
pub use event::{EventKind, GearChange, Noted};
pub use model::*;
pub use said::SaveFor;
pub use setup::{Situation, ZonesSetup};

use crate::battle::{
    CharacterId, DecisionKind, Event, KindBefore, OptionalRule, Pending, RuleError, Ruleset, Seat,
    all_or_nothing,
};
use crate::dice::{DiceSource, Die};
use crate::explain::Explanation;
use crate::names::{Condition, Indexed, Names};

pub type ZoneEvent = Event<EventKind>;

/// The Zones ruleset, for the [`Ruleset`] contract.
pub struct Zones;

/// One action being applied to a Zones battle.
pub type Ctx<'a> = crate::context::Ctx<'a, State, EventKind>;

/// Harm that armour does not stop.
#[derive(Clone, Copy, Debug)]
pub enum Harm<'h> {
    /// Thrown into a zone's hazard.
    Hazard(&'h Hazard),
    /// Poison in the veins, at the end of a round.
    Poison,
}

impl Ctx<'_> {
    /// Rolls damage that armour does not stop (a hazard, poison) and deals it, explained.
    pub fn raw_damage(
        &mut self,
        who: CharacterId,
        die: Die,
        harm: Harm,
        rule: &str,
        by: Option<CharacterId>,
    ) -> Result<(), RuleError> {
        // The die's purpose is the explanation's line, which a quiet play-out leaves empty.
        let what = self.log.line(|| match harm {
            Harm::Hazard(h) => Line::new("zones-hazard-hurts")
                .name("hazard", h.name.clone())
                .who("who", who),
            Harm::Poison => Line::new("zones-poison-hurts").who("who", who),
        });
        let r = self.roll(die, &what, rule)?;
        self.log.explain(|| {
            let text = match harm {
                Harm::Hazard(h) => Line::new("zones-hazard-damage")
                    .who("who", who)
                    .name("hazard", h.name.clone())
                    .number("n", r.value),
                Harm::Poison => Line::new("zones-poison-damage")
                    .who("who", who)
                    .number("n", r.value),
            };
            let mut e = Explanation::new(what, rule);
            e.dice.push(r);
            e.total = i32::from(r.value);
            e.outcome = Line::new("zones-raw-damage-outcome").number("n", r.value);
            let health = self.s.characters[who].health.saturating_sub(r.value);
            (
                EventKind::Damage {
                    character: who,
                    amount: r.value,
                    health,
                },
                text,
                e,
            )
        });
        attack::apply_damage(self, who, r.value, by)
    }

    /// A save: d20 equal to or under the attribute passes (rules notes, zones.saves).
    pub fn save(
        &mut self,
        who: CharacterId,
        attr: Attribute,
        purpose: SaveFor,
        rule: &str,
    ) -> Result<bool, RuleError> {
        let score = self.s.characters[who].attrs.get(attr);
        // A quiet play-out tells the die no purpose and explains nothing (`Log::quiet`).
        let what = self.log.line(|| {
            Line::new("zones-save-what")
                .who("who", who)
                .word("attr", said::attr(attr))
                .line("purpose", purpose.line())
        });
        let r = self.roll(Die::D20, &what, rule)?;
        let pass = r.value <= score;
        self.log.explain(|| {
            let (attr, result) = (said::attr(attr), if pass { "pass" } else { "fail" });
            let mut e = Explanation::new(what, rule);
            e.dice.push(r);
            e.total = i32::from(r.value);
            e.against = Some(
                Line::new("zones-save-against")
                    .number("score", score)
                    .word("attr", attr),
            );
            e.outcome = Line::new("zones-save-outcome").word("result", result);
            let text = Line::new("zones-save")
                .who("who", who)
                .word("result", result)
                .word("attr", attr)
                .line("purpose", purpose.line())
                .number("roll", r.value)
                .number("score", score);
            (
                EventKind::Roll {
                    character: Some(who),
                },
                text,
                e,
            )
        });
        Ok(pass)
    }
}

impl Ruleset for Zones {
    type State = State;
    type Action = Action;
    type EventKind = EventKind;
    type Setup = ZonesSetup;

    fn start(
        setup: &ZonesSetup,
        dice: &mut dyn DiceSource,
    ) -> Result<(State, Vec<ZoneEvent>), RuleError> {
        setup.start(dice)
    }

    fn setup_factions(setup: &ZonesSetup) -> Vec<String> {
        Zones::faction_names(&setup.state)
    }

    fn options(setup: &ZonesSetup) -> Vec<OptionalRule> {
        let o = &setup.state.options;
        vec![
            OptionalRule {
                key: FAST_SLOW,
                label: Line::new("zones-option-fast-slow"),
                on: o.fast_slow,
            },
            OptionalRule {
                key: CHAOS,
                label: Line::new("zones-option-chaos").number("seconds", chaos_limit(setup)),
                on: o.chaos_seconds.is_some(),
            },
        ]
    }

    fn set_option(setup: &mut ZonesSetup, key: &str, on: bool) -> bool {
        match key {
            FAST_SLOW => setup.state.options.fast_slow = on,
            CHAOS => {
                let limit = chaos_limit(setup);
                setup.state.options.chaos_seconds = on.then_some(limit);
            }
            _ => return false,
        }
        true
    }

    fn hides_from(state: &State, seat: Seat) -> bool {
        state.characters.iter().any(|c| flow::hidden_from(c, seat))
    }

    /// A character that kept concealed and no longer does: everyone has now seen it.
    fn reveals(before: &State, after: &State) -> bool {
        before
            .characters
            .iter()
            .zip(&after.characters)
            .any(|(b, a)| b.concealed && !a.concealed)
    }

    fn timed_out(state: &State) -> Option<Action> {
        legal::timeout_allowed(state).then_some(Action::TimedOut)
    }

    fn pending(state: &State) -> Pending {
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
    ) -> Result<Vec<ZoneEvent>, RuleError> {
        if state.stage == Stage::Over {
            return Err(RuleError::Over);
        }
        let allowed = if *action == Action::TimedOut {
            legal::timeout_allowed(state)
        } else {
            legal::legal_actions(state).contains(action)
        };
        if !allowed {
            return Err(RuleError::Illegal(legal::why_illegal(state, action)));
        }
        all_or_nothing(state, |next| Zones::apply_trusted(next, action, dice))
    }

    fn describe(state: &State, action: &Action) -> Line {
        describe::describe(state, action)
    }

    fn faction_names(state: &State) -> Vec<String> {
        state.factions.iter().map(|f| f.name.clone()).collect()
    }

    fn indexes(labels: &[&str]) -> Option<Indexed> {
        Some(match *labels.last()? {
            "Activate" | "Resume" | "Character" | "attacker" | "HideBehind" | "Guard"
            | "character" | "by" => Indexed::Character,
            "ChooseFirst" | "first" | "faction" => Indexed::Faction,
            "Move" | "Zone" | "to" | "from" | "Drive" => Indexed::Zone,
            "PickUp" | "PutDown" | "Equip" | "Unequip" | "Use" | "Item" | "Disarm" | "item" => {
                Indexed::Item
            }
            "Interact" => Indexed::Fixture,
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
                state.factions.iter().map(|f| f.name.clone()),
            )
            .with(Indexed::Zone, state.zones.iter().map(|z| z.name.clone()))
            .with(Indexed::Item, state.items.iter().map(|i| i.name.clone()))
            .with(
                Indexed::Fixture,
                state.fixtures.iter().map(|f| f.name.clone()),
            )
    }

    fn condition(state: &State, c: CharacterId) -> Option<Condition> {
        let ch = state.characters.get(c)?;
        let mut conditions = Vec::new();
        let status = match ch.status {
            model::Status::Active => None,
            model::Status::Incapacitated => Some("incapacitated"),
            model::Status::Dead => Some("dead"),
            model::Status::Surrendered => Some("surrendered"),
            model::Status::Fled => Some("fled"),
        };
        if let Some(status) = status {
            conditions.push(Line::new("zones-condition-status").word("status", status));
        }
        if ch.concealed {
            conditions.push(Line::new("zones-condition-concealed"));
        }
        if let Some(by) = ch.grabbed_by {
            conditions.push(Line::new("zones-condition-entangled").who("by", by));
        }
        if let Some(d) = ch.poisoned {
            conditions.push(Line::new("zones-condition-poisoned").number("sides", d.sides));
        }
        if ch.acted {
            conditions.push(Line::new("zones-condition-acted"));
        }
        Some(Condition::new(
            &ch.name,
            Line::new("zones-zone").place("zone", ch.zone),
            &[("health", i32::from(ch.health))],
            conditions,
        ))
    }

    fn round(state: &State) -> u32 {
        state.round
    }

    fn determinize(state: &State, viewer: Seat, dice: &mut dyn DiceSource) -> State {
        flow::determinize(state, viewer, dice)
    }

    fn apply_trusted(
        state: &mut State,
        action: &Action,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<ZoneEvent>, RuleError> {
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
        match kind {
            // Gear a character handled was a note then; gear worn down was gear.
            EventKind::Gear {
                change:
                    GearChange::Broke | GearChange::Smashed | GearChange::Ruined | GearChange::Tested,
                ..
            } => Some(KindBefore::Bare("Gear")),
            EventKind::Gear { .. } | EventKind::Note { .. } => Some(KindBefore::Bare("Note")),
            _ => None,
        }
    }
}

/// The decision kind of a pending Zones decision, for the shell.
pub fn decision(state: &State) -> Option<DecisionKind> {
    match flow::pending(state) {
        Pending::Decide { kind, .. } => Some(kind),
        Pending::Over(_) => None,
    }
}

const FAST_SLOW: &str = "fast_slow";
const CHAOS: &str = "chaos_seconds";

/// The declaration limit the chaos box sets: the scenario's own, or the rules notes' 15 s.
fn chaos_limit(setup: &ZonesSetup) -> u32 {
    setup.state.options.chaos_seconds.unwrap_or(15)
}

/// An action known to be legal, in the context given.
fn play(mut ctx: Ctx, action: &Action) -> Result<Vec<ZoneEvent>, RuleError> {
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
        self.factions.get(f).map_or("?", |x| x.name.as_str())
    }

    fn place(&self, i: u32) -> &str {
        self.zones.get(i as usize).map_or("?", |z| z.name.as_str())
    }

    fn thing(&self, i: u32) -> &str {
        self.items.get(i as usize).map_or("?", |t| t.name.as_str())
    }
}
