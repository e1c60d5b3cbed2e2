//! The one registry of rulesets: the only place outside a ruleset's own folders that names
//! one. Scenario files, replays, `fray sim`, `fray bench`, `fray check` and the game all reach a
//! ruleset through it, by [`Setup::visit`] with a [`Visit`] written once, generic over [`Game`].
//!
//! How to add a ruleset, place by place, is in `ARCHITECTURE.md`.

use serde::{Deserialize, Serialize};

use crate::ai::Heuristics;
pub use crate::present::Present as Shown;
use crate::rules::coterie::{self, Coterie};
use crate::rules::teams::{self, Teams};
use crate::rules::zones::{self, Zones};
pub use crate::scenario::{Rules, Setup};

/// Everything the callers outside a ruleset's own places need of it: the contract, the AI's
/// heuristics, and (with the game) its presentation.
pub trait Game:
    Heuristics<
        State: Send + Sync + 'static,
        Action: Send + Sync + 'static,
        Setup: Send + Sync + 'static,
    > + Shown
    + Sized
    + 'static
{
    /// The ruleset's id: its rules notes, `fray bench --ruleset`, the paragraph ids' prefix.
    const ID: &'static str;
    /// The ruleset's name for a player (the menu's random skirmish): a message of the words'
    /// catalogue, as the two below are.
    const NAME: &'static str;
    /// The ruleset in a line, for the menu.
    const SUMMARY: &'static str;
    /// What the GM's seat does, where the rulebook hands choices to a GM (so a GM seat is
    /// offered): the menu's label for that seat.
    const GM: Option<&'static str> = None;
    /// The actions of a replay, if they are this ruleset's.
    fn actions(actions: &Actions) -> Option<&[Self::Action]>;
    /// The actions as a replay holds them; None for a ruleset replays cannot name (one
    /// written inside a test).
    fn wrap(actions: Vec<Self::Action>) -> Option<Actions>;
    /// The places of the board, by the names a lesson's `Place` pointer may write (a zone, a
    /// square `"3,4"`, a track step); None where the ruleset does not say, and no pointer is
    /// checked.
    fn places(_state: &Self::State) -> Option<Vec<String>> {
        None
    }
}

/// The ids of every ruleset, in the order menus and benchmarks list them.
pub const IDS: &[&str] = &[Zones::ID, Coterie::ID, Teams::ID];

/// Something done with a ruleset named by its id, where no setup is at hand yet (a random
/// skirmish to draw).
pub trait ForRuleset {
    type Out;
    fn run<G: Game>(self) -> Self::Out;
}

/// `f` run for the ruleset whose id is `id`; None for an id no ruleset has.
pub fn by_id<F: ForRuleset>(id: &str, f: F) -> Option<F::Out> {
    match id {
        Zones::ID => Some(f.run::<Zones>()),
        Coterie::ID => Some(f.run::<Coterie>()),
        Teams::ID => Some(f.run::<Teams>()),
        _ => None,
    }
}

/// A ruleset's name for a player (a message of the words' catalogue), by its id.
pub fn name(id: &str) -> Option<&'static str> {
    struct Name;
    impl ForRuleset for Name {
        type Out = &'static str;
        fn run<G: Game>(self) -> &'static str {
            G::NAME
        }
    }
    by_id(id, Name)
}

impl Game for Zones {
    const ID: &'static str = "zones";
    const NAME: &'static str = "ruleset-zones";
    const SUMMARY: &'static str = "ruleset-zones-summary";
    fn actions(actions: &Actions) -> Option<&[zones::Action]> {
        match actions {
            Actions::Zones(a) => Some(a),
            _ => None,
        }
    }
    fn wrap(actions: Vec<zones::Action>) -> Option<Actions> {
        Some(Actions::Zones(actions))
    }
    /// The zones, by name.
    fn places(s: &Self::State) -> Option<Vec<String>> {
        Some(s.zones.iter().map(|z| z.name.clone()).collect())
    }
}

impl Game for Coterie {
    const ID: &'static str = "coterie";
    const NAME: &'static str = "ruleset-coterie";
    const SUMMARY: &'static str = "ruleset-coterie-summary";
    const GM: Option<&'static str> = Some("ruleset-coterie-gm");
    fn actions(actions: &Actions) -> Option<&[coterie::Action]> {
        match actions {
            Actions::Coterie(a) => Some(a),
            _ => None,
        }
    }
    fn wrap(actions: Vec<coterie::Action>) -> Option<Actions> {
        Some(Actions::Coterie(actions))
    }
    /// The track as the board writes it: each group's start (`"The Wizards 0"`), the steps
    /// back from it (`"-1"` to `"-5"`), and the duels.
    fn places(s: &Self::State) -> Option<Vec<String>> {
        let starts = s.groups.iter().map(|g| format!("{} 0", g.name));
        let steps = (1..=5).map(|k| format!("-{k}"));
        Some(starts.chain(steps).chain(["Duels".to_string()]).collect())
    }
}

impl Game for Teams {
    const ID: &'static str = "teams";
    const NAME: &'static str = "ruleset-teams";
    const SUMMARY: &'static str = "ruleset-teams-summary";
    /// The rulebook hands the GM the initiative order of every team after the one that
    /// started the fight and the one attacked: with three teams or more, the GM's seat decides
    /// (as a referee, never a side), and a person may take it in hot-seat.
    const GM: Option<&'static str> = Some("ruleset-teams-gm");
    fn actions(actions: &Actions) -> Option<&[teams::Action]> {
        match actions {
            Actions::Teams(a) => Some(a),
            _ => None,
        }
    }
    fn wrap(actions: Vec<teams::Action>) -> Option<Actions> {
        Some(Actions::Teams(actions))
    }
    /// Each square of the map as `"x,y"`, and each task by the first word of its name.
    fn places(s: &Self::State) -> Option<Vec<String>> {
        let squares =
            (0..s.map.height).flat_map(|y| (0..s.map.width).map(move |x| format!("{x},{y}")));
        let tasks = s.tasks.iter().map(|t| {
            t.name
                .split_whitespace()
                .next()
                .unwrap_or(&t.name)
                .to_string()
        });
        Some(squares.chain(tasks).collect())
    }
}

/// Something done with a setup of whichever ruleset it is, written once for all of them.
pub trait Visit {
    type Out;
    fn visit<G: Game>(self, setup: &G::Setup) -> Self::Out;
}

impl Setup {
    pub fn visit<V: Visit>(&self, v: V) -> V::Out {
        match self {
            Setup::Zones(s) => v.visit::<Zones>(s),
            Setup::Coterie(s) => v.visit::<Coterie>(s),
            Setup::Teams(s) => v.visit::<Teams>(s),
        }
    }

    /// The same, with the setup to change (optional rules).
    pub fn visit_mut<V: VisitMut>(&mut self, v: V) -> V::Out {
        match self {
            Setup::Zones(s) => v.visit::<Zones>(s),
            Setup::Coterie(s) => v.visit::<Coterie>(s),
            Setup::Teams(s) => v.visit::<Teams>(s),
        }
    }

    /// The ruleset's constants: its id, its summary and what its GM seat does.
    fn constants(&self) -> (&'static str, &'static str, Option<&'static str>) {
        struct Constants;
        impl Visit for Constants {
            type Out = (&'static str, &'static str, Option<&'static str>);
            fn visit<G: Game>(self, _: &G::Setup) -> Self::Out {
                (G::ID, G::SUMMARY, G::GM)
            }
        }
        self.visit(Constants)
    }

    /// The ruleset's id.
    pub fn ruleset(&self) -> &'static str {
        self.constants().0
    }

    /// The factions, by name, before the battle starts.
    pub fn factions(&self) -> Vec<String> {
        struct Factions;
        impl Visit for Factions {
            type Out = Vec<String>;
            fn visit<G: Game>(self, s: &G::Setup) -> Vec<String> {
                G::setup_factions(s)
            }
        }
        self.visit(Factions)
    }

    /// The seats people or the AI take, besides the GM's, with their names.
    pub fn seats(&self) -> Vec<(crate::rules::battle::Seat, String)> {
        struct Seats;
        impl Visit for Seats {
            type Out = Vec<(crate::rules::battle::Seat, String)>;
            fn visit<G: Game>(self, s: &G::Setup) -> Self::Out {
                G::setup_seats(s)
            }
        }
        self.visit(Seats)
    }

    /// The optional rules the scenario offers, as it sets them.
    pub fn options(&self) -> Vec<crate::rules::battle::OptionalRule> {
        struct Options;
        impl Visit for Options {
            type Out = Vec<crate::rules::battle::OptionalRule>;
            fn visit<G: Game>(self, s: &G::Setup) -> Self::Out {
                G::options(s)
            }
        }
        self.visit(Options)
    }

    /// Switches each of `options` (key, on); the first key the ruleset has no optional rule
    /// for is the error, and the rules switched before it stay switched.
    pub fn set_options(&mut self, options: &[(String, bool)]) -> Result<(), String> {
        match options.iter().find(|(key, on)| !self.set_option(key, *on)) {
            Some((key, _)) => Err(key.clone()),
            None => Ok(()),
        }
    }

    /// Switches an optional rule; false if the ruleset has none by that key.
    pub fn set_option(&mut self, key: &str, on: bool) -> bool {
        struct Set<'a>(&'a str, bool);
        impl VisitMut for Set<'_> {
            type Out = bool;
            fn visit<G: Game>(self, s: &mut G::Setup) -> bool {
                G::set_option(s, self.0, self.1)
            }
        }
        self.visit_mut(Set(key, on))
    }

    /// The ruleset in a line (a message of the words' catalogue).
    pub fn summary(&self) -> &'static str {
        self.constants().1
    }

    /// What the ruleset's GM seat does, if it has one (a message of the words' catalogue).
    pub fn gm_role(&self) -> Option<&'static str> {
        self.constants().2
    }
}

pub trait VisitMut {
    type Out;
    fn visit<G: Game>(self, setup: &mut G::Setup) -> Self::Out;
}

/// The actions of a replay, tagged with their ruleset (`actions: Zones([...])` in the file).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Actions {
    Zones(Vec<zones::Action>),
    Coterie(Vec<coterie::Action>),
    Teams(Vec<teams::Action>),
}

impl Actions {
    pub fn len(&self) -> usize {
        match self {
            Actions::Zones(a) => a.len(),
            Actions::Coterie(a) => a.len(),
            Actions::Teams(a) => a.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The first `n` actions.
    pub fn truncated(&self, n: usize) -> Actions {
        match self {
            Actions::Zones(a) => Actions::Zones(a[..n.min(a.len())].to_vec()),
            Actions::Coterie(a) => Actions::Coterie(a[..n.min(a.len())].to_vec()),
            Actions::Teams(a) => Actions::Teams(a[..n.min(a.len())].to_vec()),
        }
    }

    /// The ruleset the actions belong to.
    pub fn ruleset(&self) -> &'static str {
        match self {
            Actions::Zones(_) => Zones::ID,
            Actions::Coterie(_) => Coterie::ID,
            Actions::Teams(_) => Teams::ID,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each ruleset's name, summary and GM's role are messages of the catalogue, so the menu
    /// says them in the player's language.
    #[test]
    fn every_rulesets_words_are_the_catalogues() {
        struct Messages;
        impl ForRuleset for Messages {
            type Out = Vec<&'static str>;
            fn run<G: Game>(self) -> Vec<&'static str> {
                [G::NAME, G::SUMMARY].into_iter().chain(G::GM).collect()
            }
        }
        let words = fray_words::english();
        let mut said = 0;
        for id in IDS {
            for message in by_id(id, Messages).expect("a ruleset's own id") {
                assert!(words.has(message), "{id}: no message {message}");
                said += 1;
            }
        }
        assert_eq!(said, 8, "three names, three summaries, two GMs");
    }
}
