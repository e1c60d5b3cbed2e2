//! A battle of any ruleset behind one object-safe face, so the shell is written once and
//! compiled once: [`Typed`] holds a ruleset's own state and actions, and [`Session`] is what the
//! shell asks of it. The legal actions are worked out once per change of state, not every frame.

use std::any::Any;
use std::fmt;
use std::sync::Arc;

use crate::ai::{Candidate, Level, Thinking};
use crate::present::{Beat, BoardView, DecisionStyle, Focus, ResultTable, RosterLine, Visual};
use crate::rules::battle::{DecisionKind, Event, Pending, RuleError, Seat};
use crate::rules::dice::DiceSource;
use crate::rules::explain::Explanation;
use crate::rules::line::{Line, Named};
use crate::rulesets::{Actions, Game};
use fray_words::{Lang, Value, Words};

/// An action of whichever ruleset is playing, as the shell passes it around: a person's pick,
/// the AI's decision, a replay's next step.
#[derive(Clone)]
pub struct Choice(Arc<dyn Any + Send + Sync>);

impl Choice {
    pub fn of<A: Any + Send + Sync>(action: A) -> Choice {
        Choice(Arc::new(action))
    }

    /// The action, if it is of type `A`.
    pub fn get<A: Any>(&self) -> Option<&A> {
        self.0.downcast_ref()
    }
}

impl fmt::Debug for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Choice(..)")
    }
}

#[derive(Clone, Debug)]
pub struct LogEntry {
    pub round: u32,
    /// What happened, for the words layer to write (with [`Session::named`]).
    pub line: Line,
    pub explanation: Option<Explanation>,
    /// How the board shows it.
    pub visual: Option<Visual>,
}

/// What applying an action gave: the log's new lines, and the steps the screen stops on.
#[derive(Clone, Debug, Default)]
pub struct Applied {
    pub log: Vec<LogEntry>,
    pub beats: Vec<Beat>,
}

/// One of the AI's candidate moves, described, for the "why" panel.
#[derive(Clone, Debug, PartialEq)]
pub struct CandidateLine {
    pub line: Line,
    pub value: f64,
    pub visits: u32,
}

/// The AI deciding, a slice at a time.
pub trait Thought: Send + Sync {
    /// Thinks up to `budget` more play-outs; true when decided.
    fn step(&mut self, budget: u32) -> bool;
    fn best(&self) -> Option<Choice>;
    fn candidates(&self) -> Vec<CandidateLine>;
}

/// What the shell asks of a battle, whatever its ruleset.
pub trait Session: Send + Sync + 'static {
    fn as_any(&self) -> &dyn Any;
    fn ruleset(&self) -> &'static str;
    fn pending(&self) -> &Pending;
    fn round(&self) -> u32;
    /// The round as the ruleset says it: "Round 2", or Coterie's "Phase 2".
    fn round_text(&self) -> String;
    /// What the mouse does on the board, for the help.
    fn mouse_help(&self) -> String;
    /// Writes what the screens show in `lang` from now on (English until told).
    fn speak(&mut self, lang: Lang);
    fn lang(&self) -> Lang;
    fn faction_names(&self) -> &[String];
    /// The seats people or the AI take, besides the GM's, with their names.
    fn seats(&self) -> Vec<(Seat, String)>;
    /// How many legal choices there are now; choices are named by their index.
    fn legal_len(&self) -> usize;
    fn describe(&self, i: usize) -> Line;
    /// The names the battle's lines name by id.
    fn named(&self) -> &dyn Named;
    fn choice(&self, i: usize) -> Option<Choice>;
    /// Where `choice` stands among the legal choices now, if it is one of them.
    fn index_of(&self, choice: &Choice) -> Option<usize>;
    fn odds(&self, i: usize) -> Option<String>;
    fn alternative(&self, i: usize) -> Option<(String, String)>;
    fn focus(&self, i: usize) -> Focus;
    /// Where a character could go on a move of its own, and at what cost (see
    /// [`Present::reach`](crate::present::Present::reach)).
    fn reach(&self, character: usize) -> Vec<(usize, String)>;
    /// The choice a click on a place makes, if any.
    fn place_choice(&self, place: usize) -> Option<usize>;
    /// The choice the "end turn or pass" key makes, if any.
    fn quick_choice(&self) -> Option<usize>;
    /// The choice the menu's cursor starts on, where the ruleset names one; else the menu's
    /// first row.
    fn first_choice(&self) -> Option<usize>;
    /// The choice a routine prompt is answered with, where the ruleset names one.
    fn routine_choice(&self) -> Option<usize>;
    /// Choice `i` cannot be taken back: the menu asks again before taking it.
    fn irreversible(&self, i: usize) -> bool;
    /// The verb choice `i` comes under in a long menu, if any.
    fn verb(&self, i: usize) -> Option<&'static str>;
    /// The verbs a long menu lists first, in order.
    fn verbs_first(&self) -> &'static [&'static str];
    /// The steps choice `i` is composed in, if it is composed.
    fn parts(&self, i: usize) -> Option<Vec<String>>;
    /// The action for a person who ran out of time, if the clock is running.
    fn timed_out(&self) -> Option<Choice>;
    /// Hands the choice to the rules core; on an error nothing changed.
    fn apply(&mut self, choice: &Choice, dice: &mut dyn DiceSource) -> Result<Applied, RuleError>;
    fn state_hash(&self) -> u64;
    /// Each faction's share of the fight as the AI judges it (0 to 1, about 1 in all): how the
    /// odds stand, for the result screen's turning point.
    fn shares(&self) -> Vec<f64>;
    /// How many actions were applied.
    fn taken(&self) -> usize;
    /// The actions taken, for a replay; None for a ruleset replays cannot name.
    fn replay_actions(&self) -> Option<Actions>;
    fn hides_from(&self, seat: Seat) -> bool;
    /// Starts the AI deciding for the seat whose decision is pending.
    fn think(&self, level: Level, seed: u64) -> Option<Box<dyn Thought>>;
    /// Watching a replay: the recorded action due next, and how many there are.
    fn watch_next(&self) -> Option<Choice>;
    fn watch_len(&self) -> Option<usize>;
    /// Stops watching: the seats decide from here (a resumed battle, its actions re-played).
    fn end_watch(&mut self);
    /// The seat whose last decisions can be taken back, if any: decisions that rolled no dice
    /// and revealed nothing, all of one seat's, none taken since by another.
    fn undoable(&self) -> Option<Seat>;
    /// Takes back the last such decision; false (and nothing changed) if there is none.
    fn undo(&mut self) -> bool;
    fn title(&self, kind: DecisionKind) -> String;
    fn style(&self, kind: DecisionKind) -> DecisionStyle;
    fn situation(&self) -> Option<String>;
    fn board(&self, eyes: Option<Seat>) -> BoardView;
    /// The board's place a lesson's pointer names: by the place's own label, else by the name
    /// the ruleset gives it (a Three actions square as `"x,y"`, whose board place has no label).
    fn place_named(&self, name: &str) -> Option<usize>;
    fn roster(&self, eyes: Option<Seat>) -> Vec<RosterLine>;
    fn character_name(&self, id: usize) -> String;
    fn result_table(&self) -> ResultTable;
}

/// A battle of ruleset `G`.
pub struct Typed<G: Game> {
    state: G::State,
    /// The actions applied so far.
    actions: Vec<G::Action>,
    legal: Vec<G::Action>,
    pending: Pending,
    factions: Vec<String>,
    watch: Option<Vec<G::Action>>,
    /// The words the screens' text is written in.
    words: &'static Words,
    /// The states before each decision that can still be taken back, the last on top, with the
    /// seat that took it: emptied by a roll, a reveal, or another seat's decision.
    undo: Vec<(G::State, Seat)>,
}

/// Counts the dice a decision rolls: one that rolled none can be taken back.
struct Counting<'a> {
    inner: &'a mut dyn DiceSource,
    rolled: usize,
}

impl DiceSource for Counting<'_> {
    fn roll(
        &mut self,
        die: crate::rules::dice::Die,
        why: &Line,
    ) -> Result<u8, crate::rules::dice::DiceError> {
        self.rolled += 1;
        self.inner.roll(die, why)
    }

    fn roll_for(
        &mut self,
        die: crate::rules::dice::Die,
        why: &Line,
        rule: &str,
    ) -> Result<u8, crate::rules::dice::DiceError> {
        self.rolled += 1;
        self.inner.roll_for(die, why, rule)
    }
}

impl<G: Game> Typed<G> {
    pub fn new(state: G::State, watch: Option<Vec<G::Action>>) -> Typed<G> {
        let mut t = Typed {
            factions: G::faction_names(&state),
            state,
            actions: Vec::new(),
            legal: Vec::new(),
            pending: Pending::Decide {
                seat: Seat::Gm,
                kind: DecisionKind::Turn,
                time_limit: None,
            },
            watch,
            words: fray_words::english(),
            undo: Vec::new(),
        };
        t.refresh();
        t
    }

    /// Starts a battle from a setup: the session and the log of its start.
    pub fn start(
        setup: &G::Setup,
        dice: &mut dyn DiceSource,
        watch: Option<Vec<G::Action>>,
    ) -> Result<(Box<dyn Session>, Vec<LogEntry>), RuleError> {
        let (state, events) = G::start(setup, dice)?;
        // The start's board effects are English's: the session is told its language after.
        let log = entries::<G>(fray_words::english(), &state, events);
        Ok((Box::new(Typed::<G>::new(state, watch)), log))
    }

    /// The battle as it stands: changed only by applying an action or taking one back.
    pub fn state(&self) -> &G::State {
        &self.state
    }

    /// The actions applied so far.
    pub fn actions(&self) -> &[G::Action] {
        &self.actions
    }

    /// The legal actions now, in the order the menu lists them.
    pub fn legal(&self) -> &[G::Action] {
        &self.legal
    }

    fn refresh(&mut self) {
        self.pending = G::pending(&self.state);
        self.legal = G::legal_actions(&self.state);
        // What cannot be taken back goes last, so that the first choice, the one selected to
        // begin with, is never a trap.
        let state = &self.state;
        self.legal.sort_by_key(|a| G::irreversible(state, a));
    }
}

fn entries<G: Game>(
    words: &Words,
    state: &G::State,
    events: Vec<Event<G::EventKind>>,
) -> Vec<LogEntry> {
    let round = G::round(state);
    events
        .into_iter()
        .map(|e| LogEntry {
            round,
            visual: Some(G::visual(words, state, &e)),
            line: e.line,
            explanation: e.explanation.map(|x| *x),
        })
        .collect()
}

impl<G: Game> Session for Typed<G> {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn ruleset(&self) -> &'static str {
        G::ID
    }

    fn pending(&self) -> &Pending {
        &self.pending
    }

    fn round(&self) -> u32 {
        G::round(&self.state)
    }

    fn shares(&self) -> Vec<f64> {
        G::evaluate(&self.state)
    }

    fn round_text(&self) -> String {
        let n = f64::from(G::round(&self.state));
        self.words.say_with(G::ROUND, &[("n", Value::Number(n))])
    }

    fn mouse_help(&self) -> String {
        self.words.say(G::MOUSE)
    }

    fn speak(&mut self, lang: Lang) {
        self.words = fray_words::of(lang);
    }

    fn lang(&self) -> Lang {
        self.words.lang()
    }

    fn faction_names(&self) -> &[String] {
        &self.factions
    }

    fn seats(&self) -> Vec<(Seat, String)> {
        G::seats(&self.state)
    }

    fn legal_len(&self) -> usize {
        self.legal.len()
    }

    fn describe(&self, i: usize) -> Line {
        self.legal
            .get(i)
            .map_or_else(Line::default, |a| G::describe(&self.state, a))
    }

    fn named(&self) -> &dyn Named {
        &self.state
    }

    fn choice(&self, i: usize) -> Option<Choice> {
        self.legal.get(i).cloned().map(Choice::of)
    }

    fn index_of(&self, choice: &Choice) -> Option<usize> {
        let action = choice.get::<G::Action>()?;
        self.legal.iter().position(|a| a == action)
    }

    fn odds(&self, i: usize) -> Option<String> {
        G::odds(self.words, &self.state, self.legal.get(i)?)
    }

    fn alternative(&self, i: usize) -> Option<(String, String)> {
        G::alternative(self.words, &self.state, self.legal.get(i)?)
    }

    fn reach(&self, character: usize) -> Vec<(usize, String)> {
        G::reach(self.words, &self.state, character)
    }

    fn focus(&self, i: usize) -> Focus {
        self.legal
            .get(i)
            .map(|a| G::focus(self.words, &self.state, a))
            .unwrap_or_default()
    }

    fn place_choice(&self, place: usize) -> Option<usize> {
        G::place_action(&self.state, &self.legal, place)
    }

    fn quick_choice(&self) -> Option<usize> {
        G::quick_action(&self.legal)
    }

    fn first_choice(&self) -> Option<usize> {
        G::first_action(&self.state, &self.legal).filter(|&i| i < self.legal.len())
    }

    fn routine_choice(&self) -> Option<usize> {
        G::routine(&self.state, &self.legal).filter(|&i| i < self.legal.len())
    }

    fn irreversible(&self, i: usize) -> bool {
        self.legal
            .get(i)
            .is_some_and(|a| G::irreversible(&self.state, a))
    }

    fn verb(&self, i: usize) -> Option<&'static str> {
        self.legal.get(i).and_then(|a| G::verb(&self.state, a))
    }

    fn verbs_first(&self) -> &'static [&'static str] {
        G::VERBS_FIRST
    }

    fn parts(&self, i: usize) -> Option<Vec<String>> {
        self.legal
            .get(i)
            .and_then(|a| G::parts(self.words, &self.state, a))
    }

    fn timed_out(&self) -> Option<Choice> {
        G::timed_out(&self.state).map(Choice::of)
    }

    fn apply(&mut self, choice: &Choice, dice: &mut dyn DiceSource) -> Result<Applied, RuleError> {
        let Some(action) = choice.get::<G::Action>() else {
            return Err(RuleError::Illegal(
                Line::new("rule-not-of-this-ruleset").word("ruleset", G::ID),
            ));
        };
        let seat = self.pending.seat();
        let before = self.state.clone();
        let mut counting = Counting {
            inner: dice,
            rolled: 0,
        };
        let events = G::apply(&mut self.state, action, &mut counting)?;
        // Battle for Wesnoth's rule: a decision can be taken back until dice are rolled or
        // something hidden comes to light, and only by the seat that took it, before another
        // seat decides.
        let kept = counting.rolled == 0 && !G::reveals(&before, &self.state);
        match seat {
            Some(seat) if kept => {
                if self.undo.last().is_some_and(|(_, s)| *s != seat) {
                    self.undo.clear();
                }
                self.undo.push((before, seat));
            }
            _ => self.undo.clear(),
        }
        self.actions.push(action.clone());
        self.refresh();
        let beats = G::beats(self.words, &self.state, &events);
        Ok(Applied {
            log: entries::<G>(self.words, &self.state, events),
            beats,
        })
    }

    fn state_hash(&self) -> u64 {
        crate::replay::state_hash::<G>(&self.state)
    }

    fn taken(&self) -> usize {
        self.actions.len()
    }

    fn replay_actions(&self) -> Option<Actions> {
        G::wrap(self.actions.clone())
    }

    fn hides_from(&self, seat: Seat) -> bool {
        G::hides_from(&self.state, seat)
    }

    fn think(&self, level: Level, seed: u64) -> Option<Box<dyn Thought>> {
        let thinking = Thinking::<G>::start(level, &self.state, seed)?;
        Some(Box::new(TypedThought::<G> {
            thinking,
            state: self.state.clone(),
        }))
    }

    fn watch_next(&self) -> Option<Choice> {
        let a = self.watch.as_ref()?.get(self.actions.len())?;
        Some(Choice::of(a.clone()))
    }

    fn watch_len(&self) -> Option<usize> {
        self.watch.as_ref().map(Vec::len)
    }

    fn end_watch(&mut self) {
        self.watch = None;
    }

    fn undoable(&self) -> Option<Seat> {
        self.undo.last().map(|(_, s)| *s)
    }

    fn undo(&mut self) -> bool {
        let Some((state, _)) = self.undo.pop() else {
            return false;
        };
        self.state = state;
        self.actions.pop();
        self.refresh();
        true
    }

    fn title(&self, kind: DecisionKind) -> String {
        G::decision_title(self.words, kind)
    }

    fn style(&self, kind: DecisionKind) -> DecisionStyle {
        G::decision_style(kind)
    }

    fn situation(&self) -> Option<String> {
        G::situation(self.words, &self.state)
    }

    fn board(&self, eyes: Option<Seat>) -> BoardView {
        G::board(self.words, &self.state, eyes)
    }

    fn place_named(&self, name: &str) -> Option<usize> {
        // A lesson's file names places in English.
        let places = G::board(fray_words::english(), &self.state, None).places;
        places.iter().position(|p| p.name == name).or_else(|| {
            G::places(&self.state)?
                .iter()
                .position(|p| p == name)
                .filter(|&i| i < places.len())
        })
    }

    fn roster(&self, eyes: Option<Seat>) -> Vec<RosterLine> {
        G::roster(self.words, &self.state, eyes)
    }

    fn character_name(&self, id: usize) -> String {
        G::character_name(&self.state, id)
    }

    fn result_table(&self) -> ResultTable {
        G::result_table(self.words, &self.state)
    }
}

struct TypedThought<G: Game> {
    thinking: Thinking<G>,
    /// The position decided on, to describe the candidates.
    state: G::State,
}

impl<G: Game> Thought for TypedThought<G> {
    fn step(&mut self, budget: u32) -> bool {
        self.thinking.step(budget)
    }

    fn best(&self) -> Option<Choice> {
        self.thinking.best().map(Choice::of)
    }

    fn candidates(&self) -> Vec<CandidateLine> {
        self.thinking
            .candidates()
            .into_iter()
            .map(
                |Candidate::<G::Action> {
                     action,
                     value,
                     visits,
                 }| CandidateLine {
                    line: G::describe(&self.state, &action),
                    value,
                    visits,
                },
            )
            .collect()
    }
}

/// Starts a battle of any ruleset from its setup, watching `watch`'s actions if given: the
/// session and the log of its start.
pub fn start(
    setup: &crate::rulesets::Setup,
    dice: &mut dyn DiceSource,
    watch: Option<&crate::rulesets::Actions>,
) -> Result<(Box<dyn Session>, Vec<LogEntry>), Line> {
    struct Start<'a> {
        dice: &'a mut dyn DiceSource,
        watch: Option<&'a crate::rulesets::Actions>,
    }
    impl crate::rulesets::Visit for Start<'_> {
        type Out = Result<(Box<dyn Session>, Vec<LogEntry>), Line>;

        fn visit<G: Game>(self, setup: &G::Setup) -> Self::Out {
            let watch = match self.watch {
                None => None,
                Some(a) => Some(
                    G::actions(a)
                        .ok_or_else(|| {
                            Line::new("battle-actions-of-another-ruleset")
                                .name("actions", a.ruleset())
                                .name("scenario", G::ID)
                        })?
                        .to_vec(),
                ),
            };
            Typed::<G>::start(setup, self.dice, watch).map_err(|e| e.line())
        }
    }
    setup.visit(Start { dice, watch })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::battle::Pending;
    use crate::rules::dice::SeededDice;
    use crate::rules::{teams::Teams, zones::Zones};
    use crate::scenario::{self, Setup};

    /// A round 0 is named in the top bar for what it is: Three actions' surprise round
    /// (teams.surprise), Zones' ambushers' bonus turn (zones.sneaking); the rounds after it by
    /// their number.
    #[test]
    fn a_round_zero_is_named_for_what_it_is() {
        for (id, zero) in [("goblin-ambush", "Surprise round"), ("ambush", "Ambush")] {
            let mut dice = SeededDice::new(1);
            let (mut session, _) = match scenario::builtin(id).unwrap().unwrap().setup {
                Setup::Teams(s) => Typed::<Teams>::start(&s, &mut dice, None),
                Setup::Zones(s) => Typed::<Zones>::start(&s, &mut dice, None),
                Setup::Coterie(_) => panic!("{id} is not a Coterie scenario"),
            }
            .unwrap();
            assert_eq!(session.round(), 0, "{id}");
            assert_eq!(session.round_text(), zero, "{id}");
            while session.round() == 0 && matches!(session.pending(), Pending::Decide { .. }) {
                let first = session.choice(0).expect("a decision has a choice");
                session.apply(&first, &mut dice).unwrap();
            }
            assert_eq!(session.round(), 1, "{id}");
            assert_eq!(session.round_text(), "Round 1", "{id}");
        }
    }
}
