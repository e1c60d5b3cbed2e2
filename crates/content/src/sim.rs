//! Headless battles: policies for every seat, a dice source, and a round limit that only
//! guards against a ruleset bug (a battle that never ends is reported as unfinished).

use crate::ai::{GmPolicy, Level, Policy};
use crate::rules::battle::{Event, Outcome, Pending, RuleError, Ruleset};
use crate::rules::dice::{DiceSource, SeededDice};
use crate::rules::line::Line;
use crate::rulesets::{Game, Visit};

#[derive(Clone, Debug, PartialEq)]
pub struct BattleResult {
    pub outcome: Option<Outcome>,
    pub rounds: u32,
    pub decisions: usize,
}

/// The seed of the policy at `seat` (a faction's index; the referee's after them) in the battle
/// whose dice are seeded with `battle_seed`. Never the dice's own seed: a policy drawing from
/// the dice's stream would make its choices follow the very numbers the dice then roll.
pub fn policy_seed(battle_seed: u64, seat: usize) -> u64 {
    battle_seed ^ ((seat as u64 + 1) << 32)
}

/// Plays one battle to its end, or until `max_rounds` have passed. `policies[f]` decides for
/// faction f (a character's own seat goes to its side's policy); the GM seat deciding as
/// referee uses `gm`. With `quiet`, `on_event` is given each action with no events: a
/// play-out nobody reads is spared writing them ([`Ruleset::apply_quiet`]).
pub fn play_out<R: Ruleset>(
    state: &mut R::State,
    policies: &mut [Box<dyn Policy<R> + '_>],
    gm: &mut dyn Policy<R>,
    dice: &mut dyn DiceSource,
    max_rounds: u32,
    quiet: bool,
    mut on_event: impl FnMut(&R::Action, &[Event<R::EventKind>]),
) -> Result<BattleResult, RuleError> {
    let mut decisions = 0usize;
    let mut legal = Vec::new();
    let mut events = Vec::new();
    loop {
        match R::pending(state) {
            Pending::Over(o) => {
                return Ok(BattleResult {
                    outcome: Some(o),
                    rounds: R::round(state),
                    decisions,
                });
            }
            Pending::Decide { seat, .. } => {
                if R::round(state) > max_rounds {
                    return Ok(BattleResult {
                        outcome: None,
                        rounds: R::round(state),
                        decisions,
                    });
                }
                R::legal_actions_into(state, &mut legal);
                if legal.is_empty() {
                    return Err(RuleError::Illegal(crate::rules::Line::new(
                        "rule-no-legal-action",
                    )));
                }
                let policy: &mut dyn Policy<R> = match R::side(state, seat) {
                    Some(f) => &mut *policies[f % policies.len()],
                    None => gm,
                };
                let picked = policy
                    .choose_index(state, &legal)
                    .filter(|&i| i < legal.len());
                let chosen;
                let action = match picked {
                    Some(i) => &legal[i],
                    None => {
                        chosen = policy.choose(state, &legal);
                        &chosen
                    }
                };
                // An action from the list just made needs neither the check nor the copy that
                // keep `apply` safe for outside callers (on an error the battle ends here anyway);
                // a policy that answers something else goes through the full check.
                if picked.is_none() && !legal.contains(action) {
                    events = R::apply(state, action, dice)?;
                } else if quiet {
                    R::apply_quiet(state, action, dice)?;
                    events.clear();
                } else {
                    events = R::apply_trusted(state, action, dice)?;
                }
                on_event(action, &events);
                decisions += 1;
            }
        }
    }
}

/// A batch of battles of one scenario (`fray sim`'s, the generator's balance check), each
/// under its own seed, so that the tally is the same whatever the number of workers.
pub struct Batch<'a> {
    /// Battles `first` to `first + games - 1` (each seeded by its number, so a batch in two
    /// parts tallies as the whole).
    pub first: u32,
    pub games: u32,
    pub seed: u64,
    pub max_rounds: u32,
    /// The policy of faction f is `levels[f % levels.len()]`.
    pub levels: &'a [Level],
    /// Where each action and its events are written, one line each (then one worker plays).
    pub log: Option<Log<'a>>,
    pub threads: usize,
}

/// A batch's log: each line to `write`, its events said in `words`.
#[derive(Clone, Copy)]
pub struct Log<'a> {
    pub words: &'a fray_words::Words,
    pub write: fn(&str),
}

/// How a batch went: wins by faction, draws, battles cut off unfinished, rounds played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    pub wins: Vec<u32>,
    pub draws: u32,
    pub unfinished: u32,
    pub rounds: u64,
}

impl Tally {
    pub fn new(factions: usize) -> Tally {
        Tally {
            wins: vec![0; factions],
            draws: 0,
            unfinished: 0,
            rounds: 0,
        }
    }

    pub fn add(&mut self, o: &Tally) {
        for (w, x) in self.wins.iter_mut().zip(&o.wins) {
            *w += x;
        }
        self.draws += o.draws;
        self.unfinished += o.unfinished;
        self.rounds += o.rounds;
    }
}

impl Batch<'_> {
    /// Battle `g`, under its own seed, into `t`.
    fn play<G: Game>(&self, setup: &G::Setup, g: u32, t: &mut Tally) -> Result<(), Line> {
        let n = t.wins.len();
        let game_seed = self.seed.wrapping_mul(1_000_003).wrapping_add(u64::from(g));
        let mut dice = SeededDice::new(game_seed);
        let failed = |error: Line| {
            Line::new("sim-battle-failed")
                .number("game", g)
                .name("seed", game_seed.to_string())
                .line("error", error)
        };
        let (mut state, _) = G::start(setup, &mut dice).map_err(|e| failed(e.line()))?;
        let levels = self.levels;
        let mut policies: Vec<Box<dyn Policy<G>>> = (0..n)
            .map(|f| levels[f % levels.len()].policy::<G>(policy_seed(game_seed, f)))
            .collect();
        let log = self.log;
        // A battle's names stay as they began: the log writes its lines with these.
        let named = log.map(|_| state.clone());
        let result = play_out::<G>(
            &mut state,
            &mut policies,
            &mut GmPolicy,
            &mut dice,
            self.max_rounds,
            log.is_none(),
            |a, evs| {
                if let Some(Log { words, write }) = log {
                    write(&format!("> {a:?}"));
                    let named = named.as_ref().expect("kept for the log");
                    for e in evs {
                        write(&format!("  {}", words.event(e, named)));
                    }
                }
            },
        )
        .map_err(|e| failed(e.line().named(&state)))?;
        t.rounds += u64::from(result.rounds);
        match result.outcome {
            Some(Outcome::Victory { winner, .. }) => {
                if let Some(w) = t.wins.get_mut(winner) {
                    *w += 1;
                }
            }
            Some(Outcome::Draw { .. }) => t.draws += 1,
            None => t.unfinished += 1,
        }
        Ok(())
    }
}

impl Visit for Batch<'_> {
    type Out = Result<Tally, Line>;

    /// Battle g goes to worker g % threads; the tallies add up the same whatever the number
    /// of workers, and of several failures the first battle's is told.
    fn visit<G: Game>(self, setup: &G::Setup) -> Self::Out {
        let n = G::setup_factions(setup).len();
        let threads = self.threads.clamp(1, 64);
        // One worker plays here, on this thread: the browser's build has no threads to start.
        if threads == 1 {
            let mut t = Tally::new(n);
            for g in self.first..self.first + self.games {
                self.play::<G>(setup, g, &mut t)?;
            }
            return Ok(t);
        }
        let parts: Vec<Result<Tally, (u32, Line)>> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|w| {
                    let sims = &self;
                    scope.spawn(move || {
                        let mut t = Tally::new(n);
                        let end = sims.first + sims.games;
                        for g in (sims.first + w as u32..end).step_by(threads) {
                            sims.play::<G>(setup, g, &mut t).map_err(|e| (g, e))?;
                        }
                        Ok(t)
                    })
                })
                .collect();
            workers
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|_| Err((0, Line::new("sim-battle-panicked"))))
                })
                .collect()
        });
        let mut total = Tally::new(n);
        let mut first_error: Option<(u32, Line)> = None;
        for p in parts {
            match p {
                Ok(t) => total.add(&t),
                Err(e) => {
                    if first_error.as_ref().is_none_or(|(g, _)| e.0 < *g) {
                        first_error = Some(e);
                    }
                }
            }
        }
        match first_error {
            Some((_, e)) => Err(e),
            None => Ok(total),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::policy_seed;

    #[test]
    fn no_policy_shares_the_dice_stream_or_another_seat_s() {
        for battle in [0, 1, 7, u64::MAX, 0x9E37_79B9_7F4A_7C15] {
            let seeds: Vec<u64> = (0..4).map(|seat| policy_seed(battle, seat)).collect();
            assert!(!seeds.contains(&battle), "{battle}: {seeds:?}");
            for (i, a) in seeds.iter().enumerate() {
                assert!(!seeds[i + 1..].contains(a), "{battle}: {seeds:?}");
            }
        }
    }
}
