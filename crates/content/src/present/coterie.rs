//! How Coterie looks: the position track as ground between the two groups, both groups' tokens
//! standing on their step, the penalties written beside them, and the harm options previewed.

use crate::rules::battle::{DecisionKind, Event, FactionId, Seat};
use crate::rules::coterie::{
    Action, Coterie, Degree, Effort, EventKind, FOES, Harm, HarmKind, Morale, PARTY, Part,
    Performance, Special, Stage, Standing, State, effort, flow, harm,
};
use crate::rules::explain::Explanation;

use super::{
    Beat, BoardView, DecisionStyle, Focus, Heading, Icon, Mark, Place, Pool, Present, ResultTable,
    RosterLine, Token, Tone, Visual, said, told,
};
use super::{Words, headings};

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
fn penalties(s: &State, side: FactionId) -> String {
    let g = &s.groups[side];
    let mut f = Vec::new();
    if g.tactical_penalty > 0 {
        f.push(format!("tactical -{}", g.tactical_penalty));
    }
    if g.wounds > 0 {
        let v = s.vulnerability(side);
        f.push(format!("wounds {}×{v} = -{}", g.wounds, g.wounds * v));
    }
    for (t, p) in &g.trait_injuries {
        f.push(format!("{t} -{p}"));
    }
    if g.bonus > 0 {
        f.push(format!("bonus +{}", g.bonus));
    }
    f.join(", ")
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
fn preview(s: &State, target: FactionId, pieces: &[Harm]) -> String {
    let (was, after) = (&s.groups[target], after_harm(s, target, pieces));
    let now = &after.groups[target];
    let v = after.vulnerability(target);
    let mut out = Vec::new();
    if now.position != was.position {
        out.push(format!(
            "{} pushed back to {} on the track (lasting)",
            was.name, now.position
        ));
    }
    if now.tactical_penalty != was.tactical_penalty {
        out.push(format!(
            "-{} to their effort (the next phase only)",
            now.tactical_penalty - was.tactical_penalty
        ));
    }
    if now.wounds != was.wounds {
        out.push(format!(
            "{} wounded: wounds {} × vulnerability {v} = -{} effort (lasting)",
            was.name,
            now.wounds,
            now.wounds * v
        ));
    }
    for (t, p) in &now.trait_injuries {
        let before = was.trait_injuries.get(t).copied().unwrap_or(0);
        if *p != before {
            out.push(format!(
                "{} {t} -{} (lasting)",
                possessive(&was.name),
                p - before
            ));
        }
    }
    for h in pieces {
        if target == PARTY && h.kind == HarmKind::Wounds {
            out.push(format!(
                "each of {} injured, up to {} as their own performance allows (lasting)",
                was.name,
                h.degree.label()
            ));
        }
    }
    if now.position <= -5 {
        out.push("over-run: the conflict is lost".into());
    } else if target == FOES && now.breaks(now.position) {
        out.push("they flee or capitulate".into());
    }
    out.join("; ")
}

/// The board's mark for harm about to be chosen: the step its side ends on.
fn track_after(s: &State, target: FactionId, pieces: &[Harm]) -> Focus {
    let position = after_harm(s, target, pieces).groups[target].position;
    Focus {
        place: Some((place_of(target, position), Mark::Harm)),
        ..Focus::default()
    }
}

/// A roll's dice as the table reads them: "4 + 6".
fn dice_of(x: &Explanation) -> String {
    let dice: Vec<String> = x.dice.iter().map(|d| d.value.to_string()).collect();
    dice.join(" + ")
}

/// The phase loop going round, step by step: the efforts tallied, the two rolls side by side,
/// the margin and its degree, each character's performance, and any duel fought.
fn phase_beats(s: &State, events: &[Event<EventKind>]) -> Vec<Beat> {
    let mut beats = Vec::new();
    let efforts: Vec<(FactionId, i32, &Explanation)> = events
        .iter()
        .filter_map(|e| match (&e.kind, &e.explanation) {
            (EventKind::Effort { side, total }, Some(x)) => Some((*side, *total, &**x)),
            _ => None,
        })
        .collect();
    if !efforts.is_empty() {
        let mut lines = Vec::new();
        for (side, _, x) in &efforts {
            lines.push(format!("{}:", s.groups[*side].name));
            for m in &x.modifiers {
                lines.push(format!("    {:+}  {}", m.value, said(&m.cause, s)));
            }
            let before = effort::total(&x.modifiers);
            lines.push(format!("    = {before} before the dice"));
        }
        beats.push(Beat {
            title: "The efforts tallied".into(),
            lines,
        });
        let lines = efforts
            .iter()
            .map(|(side, total, x)| {
                let before = effort::total(&x.modifiers);
                format!(
                    "{}: {before} + 2d6 ({}) = {total}",
                    s.groups[*side].name,
                    dice_of(x)
                )
            })
            .collect();
        beats.push(Beat {
            title: "Both sides roll 2d6".into(),
            lines,
        });
    }
    for e in events {
        if let (EventKind::Result { .. }, Some(x)) = (&e.kind, &e.explanation) {
            let mut lines = Vec::new();
            if let Some(against) = &x.against {
                lines.push(format!(
                    "Efforts: {}; margin {}.",
                    said(against, s),
                    x.total
                ));
            }
            lines.push("16 or more: decisive; 6 to 15: major; 1 to 5: minor; 0: a draw.".into());
            lines.push(format!("The result: {}.", said(&x.outcome, s)));
            beats.push(Beat {
                title: "The margin and its degree".into(),
                lines,
            });
        }
    }
    let performances: Vec<String> = events
        .iter()
        .filter_map(|e| match (&e.kind, &e.explanation) {
            (EventKind::Performance { character, .. }, Some(x)) => {
                let mut line = format!("{}: 2d6 ({})", s.name(*character), dice_of(x));
                for m in &x.modifiers {
                    line.push_str(&format!(", {:+} {}", m.value, said(&m.cause, s)));
                }
                if let Some(a) = &x.against {
                    line.push_str(&format!("; {}", said(a, s)));
                }
                line.push_str(&format!(": {}", said(&x.outcome, s)));
                Some(line)
            }
            _ => None,
        })
        .collect();
    if !performances.is_empty() {
        beats.push(Beat {
            title: "Each character's performance".into(),
            lines: performances,
        });
    }
    let duels: Vec<String> = events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::Duel { .. }))
        .map(|e| match &e.explanation {
            Some(x) => format!("{} ({})", said(&e.line, s), told(x, s)),
            None => said(&e.line, s),
        })
        .collect();
    if !duels.is_empty() {
        beats.push(Beat {
            title: "A duel".into(),
            lines: duels,
        });
    }
    beats
}

impl Present for Coterie {
    const MOUSE: &'static str = "coterie-mouse";
    const ROUND: &'static str = "coterie-round";
    fn visual(_words: &Words, s: &State, e: &Event<EventKind>) -> Visual {
        let float = |token: usize, text: String| Visual::float(token, text);
        match &e.kind {
            // The group's step on the track lights up.
            EventKind::Track { side, position } => Visual::Flash {
                place: place_of(*side, *position),
            },
            EventKind::Performance { character, shift } => float(*character, format!("{shift:+}")),
            EventKind::Hurt {
                character,
                wounds,
                fatigue,
            } => Visual::toned(
                *character,
                format!("wounds {wounds}, fatigue {fatigue}"),
                Tone::Harm((wounds + fatigue).max(0) as u32),
            ),
            EventKind::Special { character } => {
                Visual::toned(*character, "special action", Tone::Critical)
            }
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
            EventKind::Harm { .. } | EventKind::Duel { .. } | EventKind::Note | EventKind::Over => {
                Visual::Banner {
                    text: said(&e.line, s),
                }
            }
        }
    }

    fn beats(_words: &Words, s: &State, events: &[Event<EventKind>]) -> Vec<Beat> {
        phase_beats(s, events)
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

    fn situation(_words: &Words, s: &State) -> Option<String> {
        let [ours, theirs] = effort::before_dice(s);
        let mut line = format!(
            "Phase {}. {} at {}, {} at {}.",
            s.phase,
            s.groups[PARTY].name,
            s.groups[PARTY].position,
            s.groups[FOES].name,
            s.groups[FOES].position,
        );
        // Once the phase is rolled its efforts are the tally's (the rules at work show them):
        // figures worked out again from the state after the roll (a bonus spent, harm taken)
        // would stand beside them and disagree.
        if s.result.is_none() {
            line += &format!(" Efforts before the dice: {ours} against {theirs}.");
        }
        let what = match &s.stage {
            Stage::Harm { degree, .. } => {
                format!(" A {} victory: compose the harm.", degree.label())
            }
            Stage::FoesFallBack { .. } => format!(
                " A major loss for {}: take the players' harm, or fall back two steps instead.",
                s.groups[FOES].name
            ),
            Stage::FallBack { degree, .. } => {
                // What each character's own performance caps their injuries at.
                let caps: Vec<String> = s
                    .parts
                    .iter()
                    .filter_map(|p| {
                        let perf = Performance::of_shift(p.shift?);
                        let due = harm::due(harm::GroupResult::Loss(*degree), perf);
                        Some(format!(
                            "{} ({}): {}",
                            s.name(p.character),
                            perf.label(),
                            if due == 0 {
                                "unharmed"
                            } else {
                                Degree::from_level(due).label()
                            }
                        ))
                    })
                    .collect();
                format!(
                    " A {} loss: take the GM's harm, or fall back instead. Injuries at most: {}.",
                    degree.label(),
                    caps.join(", ")
                )
            }
            Stage::Morale => {
                let g = &s.groups[FOES];
                let why = if s.morale_due {
                    "crushed by a decisive loss".to_string()
                } else {
                    format!("pushed back to {}", g.position)
                };
                let usual = match flow::usual_morale(s) {
                    Morale::FightOn => "fight on",
                    Morale::Flee => "flee",
                    Morale::Capitulate => "capitulate",
                };
                format!(
                    " {} are {why}: fight on, flee or capitulate? The book's usual: {usual}.",
                    g.name
                )
            }
            _ => String::new(),
        };
        Some(line + &what)
    }

    fn odds(_words: &Words, s: &State, a: &Action) -> Option<String> {
        match (a, &s.stage) {
            (Action::Inflict(pieces), Stage::Harm { winner, .. }) => {
                Some(preview(s, effort::other(*winner), pieces))
            }
            (Action::FallBack(false), Stage::FoesFallBack { harm }) => Some(preview(s, FOES, harm)),
            (Action::FallBack(true), Stage::FoesFallBack { .. }) => {
                Some(preview(s, FOES, &[harm::fall_back(Degree::Major)]))
            }
            (Action::FallBack(false), Stage::FallBack { harm, .. }) => {
                Some(preview(s, PARTY, harm))
            }
            (Action::FallBack(true), Stage::FallBack { degree, .. }) => {
                Some(preview(s, PARTY, &[harm::fall_back(*degree)]))
            }
            (Action::FleeConflict, Stage::FallBack { degree, .. }) => Some(format!(
                "the conflict ends, lost: {} hold the field{}",
                s.groups[FOES].name,
                if *degree == Degree::Decisive {
                    "; the GM still deals a minor injury"
                } else {
                    "; no further harm"
                }
            )),
            (Action::Reserve(kind), Stage::Reserve { fleeing, .. }) => {
                let pieces = harm::reserved(kind.as_ref(), *fleeing);
                Some(if pieces.is_empty() {
                    "they leave the conflict unhurt".into()
                } else {
                    preview(s, PARTY, &pieces)
                })
            }
            (Action::NeutralDraw, Stage::Draw) => Some(
                "no harm to either side, the track unchanged; 1 fatigue for each of you".into(),
            ),
            (
                Action::HarmfulDraw {
                    party_tactical,
                    foes,
                },
                Stage::Draw,
            ) => {
                let theirs = preview(
                    s,
                    FOES,
                    &[Harm {
                        kind: foes.clone(),
                        degree: Degree::Minor,
                    }],
                );
                let ours = if *party_tactical {
                    "you are pushed back 1"
                } else {
                    "you take a minor injury of the GM's choosing"
                };
                Some(format!("{theirs}; {ours}; 1 fatigue for each of you"))
            }
            (Action::Morale(m), Stage::Morale) => Some(match m {
                Morale::FightOn => format!(
                    "the conflict goes on; asked again only if {} are pushed further",
                    s.groups[FOES].name
                ),
                Morale::Flee => "the conflict ends: the players hold the field".into(),
                Morale::Capitulate => {
                    "the conflict ends: the opposition at the players' mercy".into()
                }
            }),
            (Action::Flee(true), Stage::Flee(_)) => Some(
                "leaves the conflict unharmed, for good; with no one left, the group loses".into(),
            ),
            (Action::Flee(false), Stage::Flee(_)) => {
                Some("stays, and takes the group's harm with the rest".into())
            }
            (Action::Declare(e), Stage::Declare(_)) => {
                let chances = |e: &Effort| {
                    let c = declared_chances(s, e);
                    format!(
                        "the phase won {:.0}%, drawn {:.0}%",
                        super::pct(c.win),
                        super::pct(c.draw)
                    )
                };
                Some(match e {
                    Effort::Press => format!(
                        "+2 to your contribution this phase; 1 fatigue after it; {} (fighting steady: {})",
                        chances(e),
                        chances(&Effort::Steady)
                    ),
                    Effort::Steady => format!("at the efforts so far, {}", chances(e)),
                    Effort::Goal => format!(
                        "a step towards your goal if the group wins or you perform well; {}",
                        chances(e)
                    ),
                })
            }
            (Action::Bring(skills), Stage::Bring(_)) => Some(match skills.len() {
                0 => "no skill brought: the performance dice alone".into(),
                1 => "one skill: no bonus to the performance dice".into(),
                n => format!("{n} skills: +{} to a performance die", n - 1),
            }),
            _ => None,
        }
    }

    fn alternative(_words: &Words, s: &State, a: &Action) -> Option<(String, String)> {
        match (a, &s.stage) {
            (Action::Inflict(pieces), Stage::Harm { winner, degree })
                if *winner == PARTY && flow::foes_may_fall_back(*degree, pieces) =>
            {
                Some((
                    format!(
                        "Or, as the GM chooses: {} fall back instead",
                        s.groups[FOES].name
                    ),
                    preview(s, FOES, &[harm::fall_back(Degree::Major)]),
                ))
            }
            _ => None,
        }
    }

    fn board(_words: &Words, s: &State, _: Option<Seat>) -> BoardView {
        let mut places: Vec<Place> = (0..2 * STEPS as usize)
            .map(|i| {
                let (side, step) = if i < STEPS as usize {
                    (PARTY, STEPS - 1 - i as i32)
                } else {
                    (FOES, i as i32 - STEPS)
                };
                let here = s.groups[side].position == -step;
                Place {
                    // The steps are positions; the groups' names head their tracks.
                    name: if step == 0 {
                        "0".into()
                    } else {
                        format!("−{step}")
                    },
                    features: if here {
                        penalties(s, side)
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
            name: "Duels".into(),
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
                    format!("fatigue {}", c.fatigue)
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
                    .map(|(skill, rank)| format!("{skill} {rank:+}"))
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

    fn parts(_words: &Words, s: &State, a: &Action) -> Option<Vec<String>> {
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
                        format!("a {} harm", h.degree.label()),
                        said(&flow::kind_text(&h.kind), s),
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

    fn roster(_words: &Words, s: &State, _: Option<Seat>) -> Vec<RosterLine> {
        // The opposition takes its wounds as a group (coterie.wounds): one line for them all,
        // with what they cost its effort.
        let group = &s.groups[FOES];
        let group_line = RosterLine {
            faction: FOES,
            text: if group.wounds > 0 {
                format!(
                    "Group wounds {} × vulnerability {} = −{} effort",
                    group.wounds,
                    s.vulnerability(FOES),
                    group.wounds * s.vulnerability(FOES)
                )
            } else {
                "Group wounds 0".to_string()
            },
        };
        std::iter::once(group_line)
            .chain(s.characters.iter().map(|c| RosterLine {
                faction: c.side,
                text: {
                    // What a player character has left, as the token's bars and the card count
                    // it, wherever they stand.
                    let left = (c.side == PARTY).then(|| {
                        format!(
                            "wounds left {}/{}, fatigue {}",
                            c.endurance - c.wounds,
                            c.endurance,
                            c.fatigue
                        )
                    });
                    let standing = match c.standing {
                        Standing::Out => Some("out".to_string()),
                        Standing::Dueling(o) => Some(format!("dueling {}", s.name(o))),
                        Standing::InConflict => None,
                    };
                    let said: Vec<String> = standing.into_iter().chain(left).collect();
                    if said.is_empty() {
                        c.name.clone()
                    } else {
                        format!("{} — {}", c.name, said.join(", "))
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
                            match c.standing {
                                Standing::Out => "out".into(),
                                Standing::Dueling(_) => "dueling".into(),
                                Standing::InConflict => "in the conflict".into(),
                            },
                            c.wounds.to_string(),
                            c.fatigue.to_string(),
                        ],
                    )
                })
                .collect(),
        }
    }
}

/// A group's name as a possessive: "The Bandits' equipment", "The Watch's nerve".
fn possessive(name: &str) -> String {
    if name.ends_with('s') {
        format!("{name}'")
    } else {
        format!("{name}'s")
    }
}
