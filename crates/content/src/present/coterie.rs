//! How Coterie looks: the position track as ground between the two groups, both groups' tokens
//! standing on their step, the penalties written beside them, and the harm options previewed.

use crate::rules::battle::{DecisionKind, Event, FactionId, Seat};
use crate::rules::coterie::{
    Action, Coterie, Degree, Effort, EventKind, FOES, Harm, HarmKind, Morale, PARTY, Part,
    Performance, Special, Stage, Standing, State, effort, flow, harm, lines,
};
use crate::rules::explain::Explanation;
use fray_words::Value;

use super::{
    Beat, BoardView, DecisionStyle, Focus, Heading, Icon, Mark, Place, Pool, Present, ResultTable,
    RosterLine, Token, Tone, Visual,
};
use super::{Words, headings};

/// A name or a text put into a message.
fn text(t: impl Into<String>) -> Value {
    Value::Text(t.into())
}

/// A number put into a message.
fn num(n: impl Into<f64>) -> Value {
    Value::Number(n.into())
}

/// Items joined as the message `id` joins two ("a, b"), folded from the right, so that how a
/// list is punctuated is the catalogue's.
fn list(words: &Words, id: &str, items: impl IntoIterator<Item = String>) -> String {
    let items: Vec<String> = items.into_iter().collect();
    items
        .into_iter()
        .rev()
        .reduce(|rest, first| words.say_with(id, &[("first", text(first)), ("rest", text(rest))]))
        .unwrap_or_default()
}

/// How a group's name ends, which the English possessive is written by ("The Bandits'
/// equipment", "The Watch's nerve"): the messages choose by it, as the referee's lines do.
fn ends(name: &str) -> Value {
    text(if name.ends_with('s') { "s" } else { "other" })
}

/// The track's steps for each side, 0 to -5, a row each: the players' group above, the
/// opposition below, both giving ground leftwards from the front line at the right, where the
/// two zeros meet.
const STEPS: i32 = 6;

/// The place of a side's position on the drawn track.
fn place_of(side: FactionId, position: i32) -> usize {
    let step = (-position).clamp(0, STEPS - 1) as usize;
    if side == PARTY {
        (STEPS as usize - 1) - step
    } else {
        STEPS as usize + step
    }
}

/// The place where duels are fought, apart from the groups.
const DUELS: usize = 2 * STEPS as usize;

/// What a group's step says: its penalties for the next phase.
fn penalties(words: &Words, s: &State, side: FactionId) -> String {
    let g = &s.groups[side];
    let mut f = Vec::new();
    if g.tactical_penalty > 0 {
        f.push(words.say_with(
            "coterie-penalty-tactical",
            &[("n", num(g.tactical_penalty))],
        ));
    }
    if g.wounds > 0 {
        let v = s.vulnerability(side);
        f.push(words.say_with(
            "coterie-penalty-wounds",
            &[
                ("wounds", num(g.wounds)),
                ("vulnerability", num(v)),
                ("penalty", num(g.wounds * v)),
            ],
        ));
    }
    for (t, p) in &g.trait_injuries {
        f.push(words.say_with(
            "coterie-penalty-trait",
            &[("trait", text(t.as_str())), ("n", num(*p))],
        ));
    }
    if g.bonus > 0 {
        f.push(words.say_with("coterie-penalty-bonus", &[("n", num(g.bonus))]));
    }
    list(words, "coterie-list-comma", f)
}

/// The phase's chances if the character declaring now declares `e`, the others as they have.
fn declared_chances(s: &State, e: &Effort) -> effort::PhaseChances {
    let mut after = s.clone();
    if let Stage::Declare(i) = s.stage
        && let Some(&c) = s.party().get(i)
    {
        after.parts.retain(|p| p.character != c);
        after.parts.push(Part {
            character: c,
            effort: e.clone(),
            brought: Vec::new(),
            shift: None,
        });
    }
    let [ours, theirs] = effort::before_dice(&after);
    effort::phase_chances(ours - theirs)
}

/// A side's group after pieces of harm, as the core deals them (on a copy of the conflict).
fn after_harm(s: &State, target: FactionId, pieces: &[Harm]) -> State {
    let mut after = s.clone();
    for h in pieces {
        harm::apply_to_group(&mut after, target, h);
    }
    after
}

/// What pieces of harm would do, before they are chosen: who is hurt, by how much, and for
/// how long (lasting through the conflict, or the next phase only). The figures are the
/// core's own, from dealing the harm on a copy.
fn preview(words: &Words, s: &State, target: FactionId, pieces: &[Harm]) -> String {
    let (was, after) = (&s.groups[target], after_harm(s, target, pieces));
    let now = &after.groups[target];
    let v = after.vulnerability(target);
    let side = || text(was.name.as_str());
    let mut out = Vec::new();
    if now.position != was.position {
        out.push(words.say_with(
            "coterie-preview-pushed",
            &[("side", side()), ("position", num(now.position))],
        ));
    }
    if now.tactical_penalty != was.tactical_penalty {
        out.push(words.say_with(
            "coterie-preview-tactical",
            &[("n", num(now.tactical_penalty - was.tactical_penalty))],
        ));
    }
    if now.wounds != was.wounds {
        out.push(words.say_with(
            "coterie-preview-wounded",
            &[
                ("side", side()),
                ("wounds", num(now.wounds)),
                ("vulnerability", num(v)),
                ("penalty", num(now.wounds * v)),
            ],
        ));
    }
    for (t, p) in &now.trait_injuries {
        let before = was.trait_injuries.get(t).copied().unwrap_or(0);
        if *p != before {
            out.push(words.say_with(
                "coterie-preview-trait",
                &[
                    ("side", side()),
                    ("ends", ends(&was.name)),
                    ("trait", text(t.as_str())),
                    ("n", num(p - before)),
                ],
            ));
        }
    }
    for h in pieces {
        if target == PARTY && h.kind == HarmKind::Wounds {
            out.push(words.say_with(
                "coterie-preview-injured",
                &[("side", side()), ("degree", text(h.degree.label()))],
            ));
        }
    }
    if now.position <= -5 {
        out.push(words.say("coterie-preview-over-run"));
    } else if target == FOES && now.breaks(now.position) {
        out.push(words.say("coterie-preview-break"));
    }
    list(words, "coterie-list-semicolon", out)
}

/// The board's mark for harm about to be chosen: the step its side ends on.
fn track_after(s: &State, target: FactionId, pieces: &[Harm]) -> Focus {
    let position = after_harm(s, target, pieces).groups[target].position;
    Focus {
        place: Some((place_of(target, position), Mark::Harm)),
        ..Focus::default()
    }
}

/// A roll's dice as the table reads them: "4 + 6". Figures and a sign, a notation with no
/// words, the same in every language.
fn dice_of(x: &Explanation) -> String {
    let dice: Vec<String> = x.dice.iter().map(|d| d.value.to_string()).collect();
    dice.join(" + ")
}

/// The phase loop going round, step by step: the efforts tallied, the two rolls side by side,
/// the margin and its degree, each character's performance, and any duel fought.
fn phase_beats(words: &Words, s: &State, events: &[Event<EventKind>]) -> Vec<Beat> {
    let mut beats = Vec::new();
    let efforts: Vec<(FactionId, i32, &Explanation)> = events
        .iter()
        .filter_map(|e| match (&e.kind, &e.explanation) {
            (EventKind::Effort { side, total }, Some(x)) => Some((*side, *total, &**x)),
            _ => None,
        })
        .collect();
    let side_name = |side: FactionId| text(s.groups[side].name.as_str());
    if !efforts.is_empty() {
        let mut lines = Vec::new();
        for (side, _, x) in &efforts {
            lines.push(words.say_with("coterie-beat-side", &[("side", side_name(*side))]));
            // Indented under the group's name: the layout of the beat, not words.
            for m in &x.modifiers {
                lines.push(format!(
                    "    {}",
                    words.say_with(
                        "coterie-beat-modifier",
                        &[
                            ("n", num(m.value)),
                            ("cause", text(words.line(&m.cause, s)))
                        ],
                    )
                ));
            }
            let before = effort::total(&x.modifiers);
            lines.push(format!(
                "    {}",
                words.say_with("coterie-beat-before-dice", &[("n", num(before))])
            ));
        }
        beats.push(Beat {
            title: words.say("coterie-beat-efforts-title"),
            lines,
        });
        let lines = efforts
            .iter()
            .map(|(side, total, x)| {
                words.say_with(
                    "coterie-beat-roll",
                    &[
                        ("side", side_name(*side)),
                        ("before", num(effort::total(&x.modifiers))),
                        ("dice", text(dice_of(x))),
                        ("total", num(*total)),
                    ],
                )
            })
            .collect();
        beats.push(Beat {
            title: words.say("coterie-beat-roll-title"),
            lines,
        });
    }
    for e in events {
        if let (EventKind::Result { .. }, Some(x)) = (&e.kind, &e.explanation) {
            let mut lines = Vec::new();
            if let Some(against) = &x.against {
                lines.push(words.say_with(
                    "coterie-beat-margin",
                    &[
                        ("against", text(words.line(against, s))),
                        ("margin", num(x.total)),
                    ],
                ));
            }
            lines.push(words.say("coterie-beat-degrees"));
            lines.push(words.say_with(
                "coterie-beat-result",
                &[("outcome", text(words.line(&x.outcome, s)))],
            ));
            beats.push(Beat {
                title: words.say("coterie-beat-degree-title"),
                lines,
            });
        }
    }
    let performances: Vec<String> = events
        .iter()
        .filter_map(|e| match (&e.kind, &e.explanation) {
            (EventKind::Performance { character, .. }, Some(x)) => {
                let mut modifiers: String = x
                    .modifiers
                    .iter()
                    .map(|m| {
                        words.say_with(
                            "coterie-beat-performance-modifier",
                            &[
                                ("n", num(m.value)),
                                ("cause", text(words.line(&m.cause, s))),
                            ],
                        )
                    })
                    .collect();
                if let Some(a) = &x.against {
                    modifiers += &words.say_with(
                        "coterie-beat-performance-against",
                        &[("against", text(words.line(a, s)))],
                    );
                }
                Some(words.say_with(
                    "coterie-beat-performance",
                    &[
                        ("who", text(s.name(*character))),
                        ("dice", text(dice_of(x))),
                        ("modifiers", text(modifiers)),
                        ("outcome", text(words.line(&x.outcome, s))),
                    ],
                ))
            }
            _ => None,
        })
        .collect();
    if !performances.is_empty() {
        beats.push(Beat {
            title: words.say("coterie-beat-performances-title"),
            lines: performances,
        });
    }
    let duels: Vec<String> = events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::Duel { .. }))
        .map(|e| match &e.explanation {
            Some(x) => words.say_with(
                "coterie-beat-duel",
                &[
                    ("line", text(words.line(&e.line, s))),
                    ("roll", text(words.explanation(x, s))),
                ],
            ),
            None => words.line(&e.line, s),
        })
        .collect();
    if !duels.is_empty() {
        beats.push(Beat {
            title: words.say("coterie-beat-duel-title"),
            lines: duels,
        });
    }
    beats
}

impl Present for Coterie {
    const MOUSE: &'static str = "coterie-mouse";
    const ROUND: &'static str = "coterie-round";
    fn visual(words: &Words, s: &State, e: &Event<EventKind>) -> Visual {
        let float = |token: usize, text: String| Visual::float(token, text);
        match &e.kind {
            // The group's step on the track lights up.
            EventKind::Track { side, position } => Visual::Flash {
                place: place_of(*side, *position),
            },
            EventKind::Performance { character, shift } => float(
                *character,
                words.say_with("coterie-float-shift", &[("n", num(*shift))]),
            ),
            EventKind::Hurt {
                character,
                wounds,
                fatigue,
            } => Visual::toned(
                *character,
                words.say_with(
                    "coterie-float-hurt",
                    &[("wounds", num(*wounds)), ("fatigue", num(*fatigue))],
                ),
                Tone::Harm((wounds + fatigue).max(0) as u32),
            ),
            EventKind::Special { character } => Visual::toned(
                *character,
                words.say("coterie-float-special"),
                Tone::Critical,
            ),
            EventKind::Out { character } => Visual::Fall { token: *character },
            // Each effort rises out of its group's ground; the result sets the two side by side.
            EventKind::Effort { side, total } => Visual::Tally {
                bars: vec![(place_of(*side, s.groups[*side].position), *total)],
                winner: None,
            },
            EventKind::Result {
                winner, efforts, ..
            } => Visual::Tally {
                bars: [PARTY, FOES]
                    .map(|side| (place_of(side, s.groups[side].position), efforts[side]))
                    .to_vec(),
                winner: *winner,
            },
            EventKind::Harm { .. }
            | EventKind::Duel { .. }
            | EventKind::Note { .. }
            | EventKind::Over => Visual::Banner {
                text: words.line(&e.line, s),
            },
        }
    }

    fn beats(words: &Words, s: &State, events: &[Event<EventKind>]) -> Vec<Beat> {
        phase_beats(words, s, events)
    }

    /// Bringing every relevant skill is never worse than bringing fewer: each adds its points
    /// to the effort and, past the first, +1 to a performance die (coterie.effort,
    /// coterie.performance); the fullest set is listed first.
    fn routine(s: &State, legal: &[Action]) -> Option<usize> {
        matches!(s.stage, Stage::Bring(_))
            .then(|| legal.iter().position(|a| matches!(a, Action::Bring(_))))
            .flatten()
    }

    fn decision_title(words: &Words, kind: DecisionKind) -> String {
        words.say(match kind {
            DecisionKind::Commit => "coterie-title-commit",
            DecisionKind::Special => "coterie-title-special",
            DecisionKind::Review => "coterie-title-review",
            DecisionKind::Harm => "coterie-title-harm",
            DecisionKind::Draw => "coterie-title-draw",
            DecisionKind::Morale => "coterie-title-morale",
            // Kinds this ruleset never asks.
            _ => "present-title-decide",
        })
    }

    /// Harm and draws choose between outcomes: each option's effect is the point of it.
    fn decision_style(kind: DecisionKind) -> DecisionStyle {
        match kind {
            DecisionKind::Harm | DecisionKind::Draw => DecisionStyle::Cards,
            _ => DecisionStyle::Rows,
        }
    }

    fn situation(words: &Words, s: &State) -> Option<String> {
        let [ours, theirs] = effort::before_dice(s);
        let foes = || text(s.groups[FOES].name.as_str());
        let mut said = vec![words.say_with(
            "coterie-situation",
            &[
                ("phase", num(s.phase)),
                ("party", text(s.groups[PARTY].name.as_str())),
                ("party-position", num(s.groups[PARTY].position)),
                ("foes", foes()),
                ("foes-position", num(s.groups[FOES].position)),
            ],
        )];
        // Once the phase is rolled its efforts are the tally's (the rules at work show them):
        // figures worked out again from the state after the roll (a bonus spent, harm taken)
        // would stand beside them and disagree.
        if s.result.is_none() {
            said.push(words.say_with(
                "coterie-situation-efforts",
                &[("ours", num(ours)), ("theirs", num(theirs))],
            ));
        }
        match &s.stage {
            Stage::Harm { degree, .. } => said.push(words.say_with(
                "coterie-situation-harm",
                &[("degree", text(degree.label()))],
            )),
            Stage::FoesFallBack { .. } => {
                said.push(words.say_with("coterie-situation-foes-fall-back", &[("foes", foes())]))
            }
            Stage::FallBack { degree, .. } => {
                // What each character's own performance caps their injuries at.
                let caps = s.parts.iter().filter_map(|p| {
                    let perf = Performance::of_shift(p.shift?);
                    let due = harm::due(harm::GroupResult::Loss(*degree), perf);
                    Some(words.say_with(
                        "coterie-situation-cap",
                        &[
                            ("who", text(s.name(p.character))),
                            ("performance", text(perf.word())),
                            ("degree", text(Degree::from_level(due).label())),
                        ],
                    ))
                });
                said.push(words.say_with(
                    "coterie-situation-fall-back",
                    &[
                        ("degree", text(degree.label())),
                        ("caps", text(list(words, "coterie-list-comma", caps))),
                    ],
                ));
            }
            Stage::Morale => {
                let g = &s.groups[FOES];
                let usual = text(match flow::usual_morale(s) {
                    Morale::FightOn => "fight-on",
                    Morale::Flee => "flee",
                    Morale::Capitulate => "capitulate",
                });
                said.push(if s.morale_due {
                    words.say_with(
                        "coterie-situation-morale-crushed",
                        &[("foes", foes()), ("usual", usual)],
                    )
                } else {
                    words.say_with(
                        "coterie-situation-morale-pushed",
                        &[
                            ("foes", foes()),
                            ("position", num(g.position)),
                            ("usual", usual),
                        ],
                    )
                });
            }
            _ => {}
        }
        Some(list(words, "coterie-sentences", said))
    }

    fn odds(words: &Words, s: &State, a: &Action) -> Option<String> {
        let foes = || text(s.groups[FOES].name.as_str());
        match (a, &s.stage) {
            (Action::Inflict(pieces), Stage::Harm { winner, .. }) => {
                Some(preview(words, s, effort::other(*winner), pieces))
            }
            (Action::FallBack(false), Stage::FoesFallBack { harm }) => {
                Some(preview(words, s, FOES, harm))
            }
            (Action::FallBack(true), Stage::FoesFallBack { .. }) => {
                Some(preview(words, s, FOES, &[harm::fall_back(Degree::Major)]))
            }
            (Action::FallBack(false), Stage::FallBack { harm, .. }) => {
                Some(preview(words, s, PARTY, harm))
            }
            (Action::FallBack(true), Stage::FallBack { degree, .. }) => {
                Some(preview(words, s, PARTY, &[harm::fall_back(*degree)]))
            }
            (Action::FleeConflict, Stage::FallBack { degree, .. }) => Some(words.say_with(
                "coterie-odds-flee-conflict",
                &[("foes", foes()), ("degree", text(degree.label()))],
            )),
            (Action::Reserve(kind), Stage::Reserve { fleeing, .. }) => {
                let pieces = harm::reserved(kind.as_ref(), *fleeing);
                Some(if pieces.is_empty() {
                    words.say("coterie-odds-unhurt")
                } else {
                    preview(words, s, PARTY, &pieces)
                })
            }
            (Action::NeutralDraw, Stage::Draw) => Some(words.say("coterie-odds-neutral-draw")),
            (
                Action::HarmfulDraw {
                    party_tactical,
                    foes,
                },
                Stage::Draw,
            ) => {
                let theirs = preview(
                    words,
                    s,
                    FOES,
                    &[Harm {
                        kind: foes.clone(),
                        degree: Degree::Minor,
                    }],
                );
                let party = if *party_tactical {
                    "tactical"
                } else {
                    "injuries"
                };
                Some(words.say_with(
                    "coterie-odds-harmful-draw",
                    &[("theirs", text(theirs)), ("party", text(party))],
                ))
            }
            (Action::Morale(m), Stage::Morale) => Some(match m {
                Morale::FightOn => words.say_with("coterie-odds-fight-on", &[("foes", foes())]),
                Morale::Flee => words.say("coterie-odds-flee-morale"),
                Morale::Capitulate => words.say("coterie-odds-capitulate"),
            }),
            (Action::Flee(true), Stage::Flee(_)) => Some(words.say("coterie-odds-flee")),
            (Action::Flee(false), Stage::Flee(_)) => Some(words.say("coterie-odds-stay")),
            (Action::Declare(e), Stage::Declare(_)) => {
                let chances = |e: &Effort| {
                    let c = declared_chances(s, e);
                    // Whole percents, rounded as `{:.0}` rounds (half to even).
                    let whole = |p: f64| num(super::pct(p).round_ties_even());
                    text(words.say_with(
                        "coterie-odds-chances",
                        &[("win", whole(c.win)), ("draw", whole(c.draw))],
                    ))
                };
                Some(match e {
                    Effort::Press => words.say_with(
                        "coterie-odds-press",
                        &[
                            ("chances", chances(e)),
                            ("steady", chances(&Effort::Steady)),
                        ],
                    ),
                    Effort::Steady => {
                        words.say_with("coterie-odds-steady", &[("chances", chances(e))])
                    }
                    Effort::Goal => words.say_with("coterie-odds-goal", &[("chances", chances(e))]),
                })
            }
            (Action::Bring(skills), Stage::Bring(_)) => {
                let n = skills.len() as f64;
                Some(words.say_with(
                    "coterie-odds-bring",
                    &[("n", num(n)), ("bonus", num((n - 1.0).max(0.0)))],
                ))
            }
            _ => None,
        }
    }

    fn alternative(words: &Words, s: &State, a: &Action) -> Option<(String, String)> {
        match (a, &s.stage) {
            (Action::Inflict(pieces), Stage::Harm { winner, degree })
                if *winner == PARTY && flow::foes_may_fall_back(*degree, pieces) =>
            {
                Some((
                    words.say_with(
                        "coterie-alternative-foes-fall-back",
                        &[("foes", text(s.groups[FOES].name.as_str()))],
                    ),
                    preview(words, s, FOES, &[harm::fall_back(Degree::Major)]),
                ))
            }
            _ => None,
        }
    }

    fn board(words: &Words, s: &State, _: Option<Seat>) -> BoardView {
        let mut places: Vec<Place> = (0..2 * STEPS as usize)
            .map(|i| {
                let (side, step) = if i < STEPS as usize {
                    (PARTY, STEPS - 1 - i as i32)
                } else {
                    (FOES, i as i32 - STEPS)
                };
                let here = s.groups[side].position == -step;
                Place {
                    // The steps are positions, a figure with a true minus sign in any language;
                    // the groups' names head their tracks.
                    name: if step == 0 {
                        "0".into()
                    } else {
                        format!("−{step}")
                    },
                    features: if here {
                        penalties(words, s, side)
                    } else {
                        String::new()
                    },
                    colour: if step == 5 {
                        [89, 45, 40]
                    } else if side == PARTY {
                        [40, 56, 76]
                    } else {
                        [76, 52, 40]
                    },
                    at: Some((2.5 - step as f32, if side == PARTY { 0.5 } else { -0.5 })),
                    terrain: Vec::new(),
                }
            })
            .collect();
        // Under the tracks, where the groups' own steps end.
        places.push(Place {
            name: words.say("coterie-place-duels"),
            features: String::new(),
            colour: [60, 60, 70],
            at: Some((2.5, -1.5)),
            terrain: vec!["ui.duel"],
        });
        let last = 2 * STEPS as usize - 1;
        let links = (0..last)
            .filter(|&i| i + 1 != STEPS as usize)
            .map(|i| (i, i + 1))
            .chain([(STEPS as usize - 1, STEPS as usize)])
            .collect();
        let tokens = s
            .characters
            .iter()
            .enumerate()
            .filter(|(_, c)| c.present())
            .map(|(i, c)| Token {
                id: i,
                place: match c.standing {
                    Standing::Dueling(_) => DUELS,
                    _ => place_of(c.side, s.groups[c.side].position),
                },
                faction: c.side,
                inside: if c.side == PARTY {
                    format!("{}", c.endurance - c.wounds)
                } else {
                    String::new()
                },
                label: c.name.clone(),
                note: if c.fatigue > 0 {
                    words.say_with("coterie-token-fatigue", &[("fatigue", num(c.fatigue))])
                } else {
                    String::new()
                },
                icons: [
                    (c.fatigue > 0).then_some(Icon::Fatigue(c.fatigue.clamp(0, 255) as u8)),
                    (c.wounds > 0).then_some(Icon::Hurt),
                    matches!(c.standing, Standing::Dueling(_)).then_some(Icon::Dueling),
                ]
                .into_iter()
                .flatten()
                .collect(),
                out: false,
                faded: false,
                // The players' characters can take wounds up to their endurance.
                pools: if c.side == PARTY {
                    vec![Pool::new(
                        "wounds left",
                        c.endurance - c.wounds,
                        c.endurance,
                    )]
                } else {
                    Vec::new()
                },
                portrait: crate::art::portrait(
                    c.icon.as_deref(),
                    &c.name,
                    &s.groups[c.side].name,
                    &[],
                ),
                weapon: None,
                name: c.name.clone(),
                gear: c
                    .skills
                    .iter()
                    .map(|(skill, rank)| {
                        words.say_with(
                            "coterie-token-skill",
                            &[("skill", text(skill.as_str())), ("rank", num(*rank))],
                        )
                    })
                    .collect(),
            })
            .collect();
        let active = match Coterie::pending_seat(s) {
            Some(Seat::Character(c)) => Some(c),
            _ => None,
        };
        // Each group's name over (or under) its own track, clear of the steps.
        let headings = [(PARTY, 1.06), (FOES, -1.06)]
            .into_iter()
            .map(|(side, y)| Heading {
                text: s.groups[side].name.clone(),
                at: (0.0, y),
                faction: Some(side),
            })
            .collect();
        BoardView {
            places,
            links,
            tokens,
            active,
            grid: false,
            place_size: Some((150.0, 220.0)),
            headings,
        }
    }

    fn focus(_words: &Words, s: &State, a: &Action) -> Focus {
        match (a, &s.stage) {
            (Action::Propose(Special::Duel(f)), _) => Focus {
                names: vec![*f],
                token: Some((*f, Mark::Harm)),
                ..Focus::default()
            },
            (Action::Inflict(pieces), Stage::Harm { winner, .. }) => {
                track_after(s, effort::other(*winner), pieces)
            }
            (Action::FallBack(false), Stage::FoesFallBack { harm }) => track_after(s, FOES, harm),
            (Action::FallBack(true), Stage::FoesFallBack { .. }) => {
                track_after(s, FOES, &[harm::fall_back(Degree::Major)])
            }
            (Action::FallBack(false), Stage::FallBack { harm, .. }) => track_after(s, PARTY, harm),
            (Action::FallBack(true), Stage::FallBack { degree, .. }) => {
                track_after(s, PARTY, &[harm::fall_back(*degree)])
            }
            _ => Focus::default(),
        }
    }

    fn place_action(_: &State, _: &[Action], _: usize) -> Option<usize> {
        None
    }

    fn irreversible(_: &State, action: &Action) -> bool {
        // Giving ground, or leaving the field.
        matches!(
            action,
            Action::FallBack(true)
                | Action::FleeConflict
                | Action::Flee(true)
                | Action::DuelFallBack(true)
        )
    }

    fn parts(words: &Words, s: &State, a: &Action) -> Option<Vec<String>> {
        // A victory's harm is one piece at the degree won or a mix of lesser ones: composed a
        // piece at a time, each its degree and then its kind, the greater degrees first.
        let Action::Inflict(harm) = a else {
            return None;
        };
        let mut pieces: Vec<&Harm> = harm.iter().collect();
        pieces.sort_by_key(|h| std::cmp::Reverse(h.degree.level()));
        Some(
            pieces
                .iter()
                .flat_map(|h| {
                    [
                        words
                            .say_with("coterie-part-degree", &[("degree", text(h.degree.label()))]),
                        words.line(&lines::kind_text(&h.kind), s),
                    ]
                })
                .collect(),
        )
    }

    fn quick_action(_: &[Action]) -> Option<usize> {
        None
    }

    fn character_name(s: &State, id: usize) -> String {
        s.name(id).to_string()
    }

    fn roster(words: &Words, s: &State, _: Option<Seat>) -> Vec<RosterLine> {
        // The opposition takes its wounds as a group (coterie.wounds): one line for them all,
        // with what they cost its effort.
        let group = &s.groups[FOES];
        let group_line = RosterLine {
            faction: FOES,
            text: words.say_with(
                "coterie-roster-group-wounds",
                &[
                    ("wounds", num(group.wounds)),
                    ("vulnerability", num(s.vulnerability(FOES))),
                    ("penalty", num(group.wounds * s.vulnerability(FOES))),
                ],
            ),
        };
        std::iter::once(group_line)
            .chain(s.characters.iter().map(|c| RosterLine {
                faction: c.side,
                text: {
                    // What a player character has left, as the token's bars and the card count
                    // it, wherever they stand.
                    let left = (c.side == PARTY).then(|| {
                        words.say_with(
                            "coterie-roster-left",
                            &[
                                ("left", num(c.endurance - c.wounds)),
                                ("most", num(c.endurance)),
                                ("fatigue", num(c.fatigue)),
                            ],
                        )
                    });
                    let standing = match c.standing {
                        Standing::Out => Some(words.say("coterie-roster-out")),
                        Standing::Dueling(o) => Some(
                            words.say_with("coterie-roster-dueling", &[("foe", text(s.name(o)))]),
                        ),
                        Standing::InConflict => None,
                    };
                    let said: Vec<String> = standing.into_iter().chain(left).collect();
                    if said.is_empty() {
                        c.name.clone()
                    } else {
                        words.say_with(
                            "coterie-roster-line",
                            &[
                                ("who", text(c.name.as_str())),
                                ("what", text(list(words, "coterie-list-comma", said))),
                            ],
                        )
                    }
                },
            }))
            .collect()
    }

    fn result_table(words: &Words, s: &State) -> ResultTable {
        ResultTable {
            headings: headings(
                words,
                &[
                    "present-heading-character",
                    "coterie-heading-standing",
                    "coterie-heading-wounds",
                    "coterie-heading-fatigue",
                ],
            ),
            rows: s
                .characters
                .iter()
                .map(|c| {
                    (
                        c.side,
                        vec![
                            c.name.clone(),
                            words.say(match c.standing {
                                Standing::Out => "coterie-standing-out",
                                Standing::Dueling(_) => "coterie-standing-dueling",
                                Standing::InConflict => "coterie-standing-in",
                            }),
                            c.wounds.to_string(),
                            c.fatigue.to_string(),
                        ],
                    )
                })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::battle::Ruleset;
    use crate::rules::dice::SeededDice;
    use crate::rules::line::Line;
    use crate::scenario::{self, Setup};
    use fray_words::{Lang, english, looks_unconverted};

    /// Wizards and Bandits as it starts: The Wizards against The Bandits, whose trait is
    /// their equipment.
    fn start() -> State {
        let Setup::Coterie(setup) = scenario::builtin("wizards-and-bandits")
            .unwrap()
            .unwrap()
            .setup
        else {
            panic!("wizards-and-bandits is a Coterie scenario");
        };
        Coterie::start(&setup, &mut SeededDice::new(1)).unwrap().0
    }

    // The texts below are those of the battles that the shipped scenarios seldom reach, so that
    // the walk of tests/present_words.rs through them does not check their English.

    #[test]
    fn an_opposition_crushed_by_a_decisive_loss_is_asked_its_morale() {
        let mut s = start();
        s.stage = Stage::Morale;
        s.morale_due = true;
        let [ours, theirs] = effort::before_dice(&s);
        let usual = match flow::usual_morale(&s) {
            Morale::FightOn => "fight on",
            Morale::Flee => "flee",
            Morale::Capitulate => "capitulate",
        };
        assert_eq!(
            Coterie::situation(english(), &s).unwrap(),
            format!(
                "Phase 1. The Wizards at 0, The Bandits at 0. Efforts before the dice: {ours} \
                 against {theirs}. The Bandits are crushed by a decisive loss: fight on, flee or \
                 capitulate? The book's usual: {usual}."
            )
        );
    }

    #[test]
    fn the_skills_brought_say_what_they_add_to_the_performance() {
        let mut s = start();
        s.stage = Stage::Bring(0);
        let odds = |n: usize| {
            let skills = ["sorcery", "fighting", "stealth"][..n]
                .iter()
                .map(|k| k.to_string())
                .collect();
            Coterie::odds(english(), &s, &Action::Bring(skills)).unwrap()
        };
        assert_eq!(odds(0), "no skill brought: the performance dice alone");
        assert_eq!(odds(1), "one skill: no bonus to the performance dice");
        assert_eq!(odds(2), "2 skills: +1 to a performance die");
        assert_eq!(odds(3), "3 skills: +2 to a performance die");
    }

    #[test]
    fn harm_that_breaks_the_opposition_says_so() {
        let mut s = start();
        s.groups[FOES].breaks_at = Some(-1);
        assert_eq!(
            preview(english(), &s, FOES, &[Harm::push_back(Degree::Minor)]),
            "The Bandits pushed back to -1 on the track (lasting); -3 to their effort (the next \
             phase only); they flee or capitulate"
        );
    }

    /// The possessive is English grammar, chosen by the catalogue by how the name ends.
    #[test]
    fn an_injured_trait_is_the_groups_by_how_its_name_ends() {
        let mut s = start();
        let equipment = [Harm::minor(HarmKind::Trait("equipment".into()))];
        let bandits = preview(english(), &s, FOES, &equipment);
        assert!(bandits.starts_with("The Bandits' equipment -"), "{bandits}");
        s.groups[FOES].name = "The Watch".into();
        let watch = preview(english(), &s, FOES, &equipment);
        assert!(watch.starts_with("The Watch's equipment -"), "{watch}");
        assert_eq!(
            watch["The Watch's".len()..],
            bandits["The Bandits'".len()..]
        );
    }

    #[test]
    fn a_duel_is_a_beat_of_its_own() {
        let s = start();
        let won = Event {
            kind: EventKind::Duel {
                winner: Some(0),
                degree: Degree::Minor,
            },
            line: Line::new("coterie-duel-won")
                .who("who", 0)
                .word("degree", "minor"),
            explanation: None,
        };
        let mut rolled = won.clone();
        let mut x = Explanation::new(Line::new("coterie-duel-of").who("who", 0), "coterie.duels");
        x.total = 9;
        x.outcome = Line::new("coterie-duel-total").number("total", 9);
        rolled.explanation = Some(Box::new(x.clone()));
        let events = [won, rolled];
        assert_eq!(
            Coterie::beats(english(), &s, &events),
            vec![Beat {
                title: "A duel".into(),
                lines: vec![
                    "Maelis wins the duel's phase: a minor victory".into(),
                    format!(
                        "Maelis wins the duel's phase: a minor victory ({})",
                        english().explanation(&x, &s)
                    ),
                ],
            }]
        );
        // The shipped scenarios' battles seldom duel, so the walk under the pseudo-locale
        // seldom sees this beat.
        for beat in Coterie::beats(fray_words::of(Lang::Pseudo), &s, &events) {
            for line in beat.lines.iter().chain([&beat.title]) {
                // A name, and the rule's id in the notes, which an explanation cites as it is.
                let rest = line.replace("Maelis", "").replace("coterie.duels", "");
                assert!(!looks_unconverted(&rest), "{line}");
            }
        }
    }
}
