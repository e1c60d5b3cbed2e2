//! `fray referee`: Fray as the GM's referee at a table that rolls its own dice. Every decision
//! is typed in by its number, every roll is asked for by its die, its purpose and its rule
//! ([`HandDice`]), and every event is told with its explanation, as `fray replay`
//! tells it. The battle is kept as a replay of the dice typed in, which plays like any other.

use std::io::{BufRead, Write};

mod hand_dice;

use crate::replay::{Replay, ReplayDice};
use crate::rules::battle::{Event, Outcome, Pending, RuleError, Seat};
use crate::rules::dice::RecordingDice;
use crate::rules::line::NoNames;
use crate::rules::names::Indexed;
use crate::rulesets::{Game, Visit};
use fray_words::Value;
pub use hand_dice::HandDice;

/// How a refereed battle ended: a replay of what was played (the dice as typed), and whether
/// it reached its end or the input ran out first.
#[derive(Debug)]
pub struct Refereed {
    pub replay: Replay,
    pub finished: bool,
}

/// Referees the scenario `name`'s battle on `input` and `out` (a terminal, or a test's text),
/// asking and telling in `words`.
pub struct Referee<'a> {
    pub name: &'a str,
    pub input: &'a mut dyn BufRead,
    pub out: &'a mut dyn Write,
    pub words: &'static fray_words::Words,
}

impl Visit for Referee<'_> {
    type Out = Result<Refereed, String>;

    fn visit<G: Game>(self, setup: &G::Setup) -> Self::Out {
        let Referee {
            name,
            input,
            out,
            words,
        } = self;
        let io = |e: std::io::Error| {
            words.say_with(
                "referee-cannot-write",
                &[("why", Value::Text(e.to_string()))],
            )
        };
        let mut typed = Vec::new();
        let mut actions = Vec::new();
        let start = {
            // Nobody is in the battle to be named before it starts.
            let mut hand = HandDice::new(&mut *input, &mut *out, words, &NoNames);
            let mut rec = RecordingDice::new(&mut hand);
            let r = G::start(setup, &mut rec);
            typed.extend(rec.record);
            r
        };
        let kept = |typed: Vec<u8>, actions: Vec<G::Action>, finished| {
            let actions =
                G::wrap(actions).ok_or("this ruleset's battles cannot be kept as replays")?;
            Ok(Refereed {
                replay: Replay::new(name.to_string(), ReplayDice::Scripted(typed), actions),
                finished,
            })
        };
        let (mut state, events) = match start {
            Ok(s) => s,
            Err(e @ RuleError::Dice(_)) => {
                writeln!(out, "\n{}", words.error(&e, &NoNames)).map_err(io)?;
                return kept(typed, actions, false);
            }
            Err(e) => return Err(words.error(&e, &NoNames)),
        };
        tell::<G>(words, out, &state, &events).map_err(io)?;
        loop {
            let seat = match G::pending(&state) {
                Pending::Over(o) => {
                    let said = match &o {
                        Outcome::Victory { winner, how } => words.say_with(
                            "referee-over-victory",
                            &[
                                (
                                    "side",
                                    Value::Text(seat_name::<G>(
                                        words,
                                        &state,
                                        Seat::Faction(*winner),
                                    )),
                                ),
                                ("how", Value::Text(words.line(how, &state))),
                            ],
                        ),
                        Outcome::Draw { how } => words.say_with(
                            "referee-over-draw",
                            &[("how", Value::Text(words.line(how, &state)))],
                        ),
                    };
                    writeln!(out, "\n{said}").map_err(io)?;
                    return kept(typed, actions, true);
                }
                Pending::Decide { seat, .. } => seat,
            };
            let legal = G::legal_actions(&state);
            let decides = words.say_with(
                "referee-decides",
                &[
                    ("round", Value::Number(f64::from(G::round(&state)))),
                    ("who", Value::Text(seat_name::<G>(words, &state, seat))),
                ],
            );
            writeln!(out, "\n{decides}").map_err(io)?;
            for (i, a) in legal.iter().enumerate() {
                let described = words.line(&G::describe(&state, a), &state);
                writeln!(out, "  {:>2}. {described}", i + 1).map_err(io)?;
            }
            let Some(pick) = ask_number(words, &mut *input, &mut *out, legal.len()).map_err(io)?
            else {
                writeln!(out, "\n{}", words.say("referee-input-ended")).map_err(io)?;
                return kept(typed, actions, false);
            };
            let action = &legal[pick];
            let before = state.clone();
            let applied = {
                let mut hand = HandDice::new(&mut *input, &mut *out, words, &before);
                let mut rec = RecordingDice::new(&mut hand);
                let r = G::apply(&mut state, action, &mut rec);
                (r, rec.record)
            };
            match applied {
                (Ok(events), rolled) => {
                    typed.extend(rolled);
                    actions.push(action.clone());
                    tell::<G>(words, out, &state, &events).map_err(io)?;
                }
                // The table stopped rolling: the action never happened (`apply` changes nothing
                // on an error), and what was played before it is kept.
                (Err(e @ RuleError::Dice(_)), _) => {
                    let e = words.error(&e, &state);
                    let said = words.say_with("referee-stopped", &[("why", Value::Text(e))]);
                    writeln!(out, "\n{said}").map_err(io)?;
                    return kept(typed, actions, false);
                }
                (Err(e), _) => return Err(words.error(&e, &state)),
            }
        }
    }
}

/// Events as `fray replay` prints them: the sentence, and the roll behind it.
fn tell<G: Game>(
    words: &fray_words::Words,
    out: &mut dyn Write,
    state: &G::State,
    events: &[Event<G::EventKind>],
) -> std::io::Result<()> {
    for e in events {
        writeln!(out, "{}", words.line(&e.line, state))?;
        if let Some(x) = &e.explanation {
            writeln!(out, "    ⟨{}⟩", words.explanation(x, state))?;
        }
    }
    Ok(())
}

fn seat_name<G: Game>(words: &fray_words::Words, state: &G::State, seat: Seat) -> String {
    match seat {
        Seat::Faction(f) => G::faction_names(state)
            .get(f)
            .cloned()
            .unwrap_or_else(|| format!("side {f}")),
        Seat::Gm => words.say("referee-the-gm"),
        Seat::Character(c) => G::names(state)
            .name(Indexed::Character, c)
            .unwrap_or_else(|| format!("character {c}")),
    }
}

/// Asks for a choice's number, 1 to `n`, until one is typed; None when the input ends.
fn ask_number(
    words: &fray_words::Words,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    n: usize,
) -> std::io::Result<Option<usize>> {
    let count = Value::Number(n as f64);
    loop {
        write!(
            out,
            "{}",
            words.say_with("referee-choose", &[("n", count.clone())])
        )?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        match line.trim().parse::<usize>() {
            Ok(k) if (1..=n).contains(&k) => return Ok(Some(k - 1)),
            _ => writeln!(
                out,
                "{}",
                words.say_with(
                    "referee-not-a-choice",
                    &[
                        ("typed", Value::Text(line.trim().to_string())),
                        ("n", count.clone()),
                    ],
                )
            )?,
        }
    }
}
