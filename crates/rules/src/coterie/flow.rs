//! The phase loop: who decides what (`pending`), what may be chosen (`legal`), and the rules
//! working through each step (`step`, then `advance` until the next decision).

use super::action::Action;
use super::describe::describe;
use super::effort::{self, other};
use super::event::{EventKind, Noted};
use super::harm::{self, GroupResult};
use super::lines::{self, harm_text, special_text, tell};
use super::model::*;
use super::{Ctx, performance};
use crate::Line;
use crate::battle::{CharacterId, FactionId, Outcome, RuleError};
use crate::context::Remark;
use crate::dice::Die;
use crate::explain::{Explanation, Modifier};

/// Non-empty sets of the skills a character may bring, the fullest first.
fn skill_sets(skills: &[String]) -> Vec<Vec<String>> {
    let n = skills.len().min(6);
    let mut sets: Vec<Vec<String>> = (1u32..(1 << n))
        .map(|mask| {
            (0..n)
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| skills[i].clone())
                .collect()
        })
        .collect();
    sets.sort_by_key(|v: &Vec<String>| std::cmp::Reverse(v.len()));
    if sets.is_empty() {
        sets.push(Vec::new());
    }
    sets
}

fn goal_open(s: &State, c: CharacterId) -> bool {
    s.characters[c]
        .goal
        .as_ref()
        .is_some_and(|g| g.progress < g.needed)
}

pub fn legal(s: &State) -> Vec<Action> {
    match &s.stage {
        Stage::Over | Stage::Resolving => Vec::new(),
        Stage::Declare(i) => {
            let mut v = vec![
                Action::Declare(Effort::Steady),
                Action::Declare(Effort::Press),
            ];
            if s.party().get(*i).is_some_and(|&c| goal_open(s, c)) {
                v.push(Action::Declare(Effort::Goal));
            }
            v
        }
        Stage::Bring(i) => {
            let c = s.party().get(*i).copied().unwrap_or(0);
            skill_sets(&effort::skills_to_bring(s, c))
                .into_iter()
                .map(Action::Bring)
                .collect()
        }
        Stage::Special { character, mild } => {
            let c = *character;
            let mut v = vec![
                Action::Propose(Special::GroupBonus),
                Action::Propose(Special::SelfBonus),
            ];
            if s.characters[c].fatigue > 0 {
                v.push(Action::Propose(Special::Recover));
            }
            if goal_open(s, c) {
                v.push(Action::Propose(Special::Progress));
            }
            if !mild {
                v.push(Action::Propose(Special::Tactical));
                for f in s.in_group(FOES) {
                    v.push(Action::Propose(Special::Duel(f)));
                }
            }
            v
        }
        Stage::Review { mild, .. } => {
            if *mild {
                vec![Action::Review(true)]
            } else {
                vec![Action::Review(true), Action::Review(false)]
            }
        }
        Stage::Harm { winner, degree } => {
            harm::compositions(*degree, &harm::kinds_against(s, other(*winner)))
                .into_iter()
                .map(Action::Inflict)
                .collect()
        }
        Stage::FallBack { .. } => vec![
            Action::FallBack(false),
            Action::FallBack(true),
            Action::FleeConflict,
        ],
        Stage::Reserve { harm, .. } => reserve_choices(s, harm),
        Stage::FoesFallBack { .. } => vec![Action::FallBack(false), Action::FallBack(true)],
        Stage::Flee(_) => vec![Action::Flee(false), Action::Flee(true)],
        Stage::Draw => {
            let mut v = vec![Action::NeutralDraw];
            let party_injuries = injury_kinds(s, PARTY);
            for foes in harm::kinds_against(s, FOES) {
                if !party_injuries.is_empty() {
                    v.push(Action::HarmfulDraw {
                        party_tactical: false,
                        foes: foes.clone(),
                    });
                }
                // Both sides pushed back would be a neutral draw.
                if foes != HarmKind::Tactical {
                    v.push(Action::HarmfulDraw {
                        party_tactical: true,
                        foes,
                    });
                }
            }
            v
        }
        Stage::PartyInjury { .. } => injury_kinds(s, PARTY)
            .into_iter()
            .map(Action::PartyInjury)
            .collect(),
        Stage::DuelAnswer { .. } => vec![Action::DuelFallBack(true), Action::DuelFallBack(false)],
        Stage::Morale => {
            let usual = usual_morale(s);
            let mut v = vec![Action::Morale(usual)];
            v.extend(
                [Morale::FightOn, Morale::Flee, Morale::Capitulate]
                    .into_iter()
                    .filter(|m| *m != usual)
                    .map(Action::Morale),
            );
            v
        }
    }
}

/// What the book makes usual for a shaken opposition: after a decisive loss it is "crushed,
/// flees or is defeated"; at its breaking point (its "intrinsic morale", `breaks_at`) it
/// flees or capitulates; short of both it fights on. One that can no longer get away (at -3
/// or lower, "surrounded") capitulates rather than flees (coterie.flee).
pub fn usual_morale(s: &State) -> Morale {
    let g = &s.groups[FOES];
    if s.morale_due || g.breaks(g.position) {
        if g.position <= -3 {
            Morale::Capitulate
        } else {
            Morale::Flee
        }
    } else {
        Morale::FightOn
    }
}

/// Whether the GM is due to judge the opposition's morale: after its decisive loss, once the
/// harm is dealt, and whenever its position reaches -2 or lower, below where it last held on
/// (coterie.flee, coterie.degrees).
fn morale_question(s: &State) -> bool {
    let g = &s.groups[FOES];
    let shaken = g.position <= -2 && g.held_at.is_none_or(|h| g.position < h);
    (s.morale_due && !s.harm_due) || shaken
}

/// The legal action `action` stands for: itself, or, for harm composed in another order than
/// the menu's, the menu's composition of the same pieces (the order of harm changes nothing
/// it does, so a table writing "wounds and a push-back" is not refused for the order).
pub fn as_legal(s: &State, action: &Action) -> Option<Action> {
    let legal = legal(s);
    if legal.contains(action) {
        return Some(action.clone());
    }
    let Action::Inflict(pieces) = action else {
        return None;
    };
    let mut sorted = pieces.clone();
    sorted.sort();
    legal.into_iter().find(|a| {
        matches!(a, Action::Inflict(p) if {
            let mut p = p.clone();
            p.sort();
            p == sorted
        })
    })
}

/// The kinds of injury (not tactical harm) a side can take.
fn injury_kinds(s: &State, side: FactionId) -> Vec<HarmKind> {
    harm::kinds_against(s, side)
        .into_iter()
        .filter(|k| *k != HarmKind::Tactical)
        .collect()
}

/// Applies a legal action.
pub fn step(ctx: &mut Ctx, action: &Action) -> Result<(), RuleError> {
    let stage = ctx.s.stage.clone();
    match (stage, action) {
        (Stage::Declare(i), Action::Declare(e)) => {
            let c = ctx.s.party()[i];
            ctx.s.parts.push(Part {
                character: c,
                effort: e.clone(),
                brought: Vec::new(),
                shift: None,
            });
            let effort = match e {
                Effort::Steady => "steady",
                Effort::Press => "press",
                Effort::Goal => "goal",
            };
            tell(ctx, Noted::Declared.about(c), |_| {
                Line::new("coterie-declares")
                    .who("who", c)
                    .word("effort", effort)
            });
            ctx.s.stage = Stage::Declare(i + 1);
        }
        (Stage::Bring(i), Action::Bring(skills)) => {
            let c = ctx.s.party()[i];
            if let Some(p) = ctx.s.parts.iter_mut().find(|p| p.character == c) {
                p.brought = skills.clone();
            }
            ctx.s.stage = Stage::Bring(i + 1);
        }
        (Stage::Special { character, mild }, Action::Propose(sp)) => {
            ctx.s.stage = Stage::Review {
                character,
                mild,
                proposal: sp.clone(),
            };
            tell(ctx, Noted::Proposed.about(character), |_| {
                Line::new("coterie-proposes")
                    .who("who", character)
                    .word("kind", if mild { "mild" } else { "full" })
                    .line("special", special_text(sp, mild))
            });
        }
        (
            Stage::Review {
                character,
                mild,
                proposal,
            },
            Action::Review(as_proposed),
        ) => {
            let (sp, mild) = if *as_proposed || mild {
                (proposal, mild)
            } else {
                match proposal {
                    Special::Tactical | Special::Duel(_) => (Special::GroupBonus, true),
                    other => (other, true),
                }
            };
            apply_special(ctx, character, &sp, mild);
            ctx.s.specials_due.retain(|(c, _)| *c != character);
            ctx.s.stage = Stage::Resolving;
        }
        (Stage::Harm { winner, degree }, Action::Inflict(pieces)) => {
            if winner == PARTY && foes_may_fall_back(degree, pieces) {
                tell(ctx, Noted::PlayersWouldDeal.aside(), |_| {
                    Line::new("coterie-players-would-deal")
                        .line("harm", harm_text(pieces))
                        .side("foes", FOES)
                });
                ctx.s.stage = Stage::FoesFallBack {
                    harm: pieces.clone(),
                };
            } else if winner == PARTY {
                harm_foes(ctx, degree, pieces);
            } else {
                tell(ctx, Noted::GmWouldDeal.aside(), |_| {
                    Line::new("coterie-gm-would-deal").line("harm", harm_text(pieces))
                });
                ctx.s.stage = Stage::FallBack {
                    degree,
                    harm: pieces.clone(),
                };
            }
        }
        (Stage::FallBack { degree, harm }, Action::FallBack(false)) => {
            let mut wounds = 0;
            let mut tactical = false;
            for h in harm {
                harm::deal(ctx.s, PARTY, &h);
                tell(ctx, EventKind::Harm { side: PARTY }, |s| {
                    harm::dealt(s, PARTY, &h)
                });
                match h.kind {
                    HarmKind::Wounds => wounds += h.degree.level(),
                    HarmKind::Tactical => tactical = true,
                    HarmKind::Trait(_) => {}
                }
            }
            harm_characters(ctx, GroupResult::Loss(degree), Some(wounds));
            if tactical {
                flee_field_due(ctx);
            }
            ctx.s.stage = Stage::Resolving;
        }
        (Stage::FallBack { degree, harm }, Action::FallBack(true)) => {
            if reserved(ctx.s, degree) {
                ctx.s.stage = Stage::Reserve {
                    fleeing: false,
                    harm,
                };
            } else {
                // No injury the GM could keep a level for: the whole loss on the track.
                fall_back(ctx, degree, Harm::push_back(degree), 0);
            }
        }
        (Stage::FallBack { degree, harm }, Action::FleeConflict) => {
            if reserved(ctx.s, degree) {
                ctx.s.stage = Stage::Reserve {
                    fleeing: true,
                    harm,
                };
            } else {
                flee_conflict(ctx, degree, 0);
            }
        }
        (Stage::Reserve { fleeing, .. }, Action::Reserve(kind)) => {
            if kind.is_none() {
                ctx.say(Noted::GmWaived.aside(), Line::new("coterie-gm-waives"));
            }
            let mut wounds = 0;
            for h in harm::reserved(kind.as_ref(), fleeing) {
                if h.kind == HarmKind::Tactical {
                    fall_back(ctx, Degree::Decisive, h, wounds);
                } else {
                    harm::deal(ctx.s, PARTY, &h);
                    tell(ctx, EventKind::Harm { side: PARTY }, |s| {
                        Line::new("coterie-gm-keeps").line("harm", harm::dealt(s, PARTY, &h))
                    });
                    wounds = i32::from(h.kind == HarmKind::Wounds);
                }
            }
            if fleeing {
                flee_conflict(ctx, Degree::Decisive, wounds);
            }
        }
        (Stage::FoesFallBack { harm }, Action::FallBack(fall_back)) => {
            if *fall_back {
                let h = harm::fall_back(Degree::Major);
                harm::deal(ctx.s, FOES, &h);
                tell(ctx, EventKind::Harm { side: FOES }, |s| {
                    Line::new("coterie-foes-fall-back")
                        .side("foes", FOES)
                        .line("harm", harm::dealt(s, FOES, &h))
                });
                harm_characters(ctx, GroupResult::Win(Degree::Major), None);
                ctx.s.stage = Stage::Resolving;
            } else {
                harm_foes(ctx, Degree::Major, &harm);
            }
        }
        (Stage::Flee(c), Action::Flee(flee)) => {
            ctx.s.flee_due.retain(|x| *x != c);
            if *flee {
                ctx.s.characters[c].standing = Standing::Out;
                tell(ctx, EventKind::Out { character: c }, |_| {
                    Line::new("coterie-flees-field").who("who", c)
                });
            }
            ctx.s.stage = Stage::Resolving;
        }
        (Stage::Draw, Action::NeutralDraw) => {
            // "A neutral draw has no net effect for anyone": the table's cells cap harm the
            // group was assigned, and it was assigned none (coterie.draws).
            ctx.say(
                Noted::NeutralDraw.aside(),
                Line::new("coterie-neutral-draw"),
            );
            ctx.s.stage = Stage::Resolving;
        }
        (
            Stage::Draw,
            Action::HarmfulDraw {
                party_tactical,
                foes,
            },
        ) => {
            let h = Harm {
                kind: foes.clone(),
                degree: Degree::Minor,
            };
            harm::deal(ctx.s, FOES, &h);
            tell(ctx, EventKind::Harm { side: FOES }, |s| {
                Line::new("coterie-harmful-draw").line("harm", harm::dealt(s, FOES, &h))
            });
            if *party_tactical {
                let h = Harm::push_back(Degree::Minor);
                harm::deal(ctx.s, PARTY, &h);
                tell(ctx, EventKind::Harm { side: PARTY }, |s| {
                    harm::dealt(s, PARTY, &h)
                });
                harm_characters(ctx, GroupResult::Draw { harmful: true }, Some(0));
                // The whole group pushed back: who did well may flee the field, as after a
                // loss (coterie.flee-field).
                flee_field_due(ctx);
                ctx.s.stage = Stage::Resolving;
            } else {
                ctx.s.stage = Stage::PartyInjury { foes: foes.clone() };
            }
        }
        (Stage::PartyInjury { .. }, Action::PartyInjury(kind)) => {
            let h = Harm {
                kind: kind.clone(),
                degree: Degree::Minor,
            };
            harm::deal(ctx.s, PARTY, &h);
            tell(ctx, EventKind::Harm { side: PARTY }, |s| {
                harm::dealt(s, PARTY, &h)
            });
            let level = if *kind == HarmKind::Wounds { 1 } else { 0 };
            harm_characters(ctx, GroupResult::Draw { harmful: true }, Some(level));
            ctx.s.stage = Stage::Resolving;
        }
        (Stage::Morale, Action::Morale(m)) => {
            ctx.s.morale_due = false;
            let position = ctx.s.groups[FOES].position;
            match m {
                Morale::FightOn => {
                    ctx.s.groups[FOES].held_at = Some(position);
                    tell(ctx, Noted::FoesFightOn.aside(), |_| {
                        Line::new("coterie-fight-on").side("foes", FOES)
                    });
                    ctx.s.stage = Stage::Resolving;
                }
                Morale::Flee => {
                    end(ctx, PARTY, Line::new("coterie-how-flee").side("side", FOES));
                }
                Morale::Capitulate => {
                    let how = Line::new("coterie-how-capitulate").side("side", FOES);
                    end(ctx, PARTY, how);
                }
            }
        }
        (Stage::DuelAnswer { loser }, Action::DuelFallBack(fall_back)) => {
            if *fall_back {
                ctx.s.characters[loser].duel_position -= 2;
                tell(ctx, Noted::DuelFellBack.about(loser), |_| {
                    Line::new("coterie-duel-falls-back").who("who", loser)
                });
            } else {
                hurt(ctx, loser, 2);
            }
            end_duel_if_decided(ctx, loser);
            ctx.s.stage = Stage::Resolving;
        }
        (_, a) => {
            return Err(RuleError::Illegal(
                Line::new("coterie-not-a-choice-now").line("action", describe(ctx.s, a)),
            ));
        }
    }
    Ok(())
}

/// Whether, the players falling back from a loss of `degree`, the GM may keep a level of it
/// for injuries: only after a decisive loss, and only where an injury can be dealt
/// (coterie.fall-back).
fn reserved(s: &State, degree: Degree) -> bool {
    degree == Degree::Decisive && !injury_kinds(s, PARTY).is_empty()
}

/// The injuries the GM may keep a level for, the first of its own harm first; and the right
/// waived, last.
fn reserve_choices(s: &State, harm: &[Harm]) -> Vec<Action> {
    let mut kinds = injury_kinds(s, PARTY);
    if let Some(first) = harm.iter().find(|h| h.kind != HarmKind::Tactical)
        && let Some(i) = kinds.iter().position(|k| *k == first.kind)
    {
        let k = kinds.remove(i);
        kinds.insert(0, k);
    }
    kinds
        .into_iter()
        .map(|k| Action::Reserve(Some(k)))
        .chain([Action::Reserve(None)])
        .collect()
}

/// The players fall back: `push` on the track, each character's injuries capped at `wounds`
/// (the level the GM kept, if any), and those who did well may flee the field.
fn fall_back(ctx: &mut Ctx, degree: Degree, push: Harm, wounds: i32) {
    harm::deal(ctx.s, PARTY, &push);
    tell(ctx, EventKind::Harm { side: PARTY }, |s| {
        Line::new("coterie-players-fall-back").line("harm", harm::dealt(s, PARTY, &push))
    });
    harm_characters(ctx, GroupResult::Loss(degree), Some(wounds));
    flee_field_due(ctx);
    ctx.s.stage = Stage::Resolving;
}

/// The players flee the conflict as a group: it is lost, and only the injuries the GM kept
/// land, capped as ever.
fn flee_conflict(ctx: &mut Ctx, degree: Degree, wounds: i32) {
    harm_characters(ctx, GroupResult::Loss(degree), Some(wounds));
    let how = Line::new("coterie-how-flee-conflict").side("side", PARTY);
    end(ctx, FOES, how);
}

/// After a tactical loss, who did at least well may flee the field (coterie.flee-field).
fn flee_field_due(ctx: &mut Ctx) {
    ctx.s.flee_due = ctx
        .s
        .parts
        .iter()
        .filter(|p| {
            p.shift
                .is_some_and(|x| Performance::of_shift(x) >= Performance::Good)
                && ctx.s.characters[p.character].in_group()
        })
        .map(|p| p.character)
        .collect();
}

/// "Major victory. Opposition can decide to fall back or its members can suffer harm": the
/// choice is the GM's unless the players' harm is already all push-back, which falling back
/// would only repeat.
pub fn foes_may_fall_back(degree: Degree, harm: &[Harm]) -> bool {
    degree == Degree::Major && harm.iter().any(|h| h.kind != HarmKind::Tactical)
}

/// The players' harm dealt to the opposition, and the table's cells for a won phase.
fn harm_foes(ctx: &mut Ctx, degree: Degree, pieces: &[Harm]) {
    for h in pieces {
        harm::deal(ctx.s, FOES, h);
        tell(ctx, EventKind::Harm { side: FOES }, |s| {
            harm::dealt(s, FOES, h)
        });
    }
    harm_characters(ctx, GroupResult::Win(degree), None);
    ctx.s.stage = Stage::Resolving;
}

/// Works through what needs no decision, until the next decision or the end.
pub fn advance(ctx: &mut Ctx) -> Result<(), RuleError> {
    for _ in 0..1000 {
        match ctx.s.stage.clone() {
            Stage::Declare(i) if i >= ctx.s.party().len() => ctx.s.stage = Stage::Bring(0),
            Stage::Bring(i) if i >= ctx.s.party().len() => {
                resolve_phase(ctx)?;
                if check_end(ctx) {
                    return Ok(());
                }
            }
            Stage::Resolving => {
                if check_end(ctx) {
                    return Ok(());
                }
                if morale_question(ctx.s) {
                    ctx.s.stage = Stage::Morale;
                } else if let Some(&c) = ctx.s.duels_due.first() {
                    ctx.s.duels_due.remove(0);
                    roll_duel(ctx, c)?;
                } else if let Some(&(c, mild)) = ctx.s.specials_due.first() {
                    ctx.s.stage = Stage::Special { character: c, mild };
                } else if ctx.s.harm_due {
                    ctx.s.harm_due = false;
                    let r = ctx
                        .s
                        .result
                        .expect("a phase's result is set before its harm");
                    ctx.s.stage = match r.winner {
                        Some(w) => Stage::Harm {
                            winner: w,
                            degree: r.degree,
                        },
                        None => Stage::Draw,
                    };
                } else if let Some(&c) = ctx.s.flee_due.first() {
                    ctx.s.stage = Stage::Flee(c);
                } else {
                    next_phase(ctx);
                }
            }
            _ => return Ok(()),
        }
    }
    Err(RuleError::Illegal(Line::new("coterie-phase-loop")))
}

/// The phase's rolls: each side's effort and 2d6, the result and its degree, each player's
/// character's performance, and the duels and special actions due.
fn resolve_phase(ctx: &mut Ctx) -> Result<(), RuleError> {
    let mut totals = [0i32; 2];
    for side in [PARTY, FOES] {
        let mut lines = effort::group_effort(ctx.s, side);
        lines.extend(effort::coherence(ctx.s, side));
        // The roll's purpose, for the dice (none in a quiet play-out).
        let what = ctx
            .log
            .line(|| Line::new("coterie-effort-of").side("side", side));
        let a = ctx.roll(Die::D6, &what, "coterie.effort")?;
        let b = ctx.roll(Die::D6, &what, "coterie.effort")?;
        let total = effort::total(&lines) + i32::from(a.value) + i32::from(b.value);
        totals[side] = total;
        ctx.log.explain(|| {
            let mut e = Explanation::new(what, "coterie.effort");
            e.dice = vec![a, b];
            e.total = total;
            e.modifiers = lines;
            e.outcome = Line::new("coterie-effort-total").number("total", total);
            let line = Line::new("coterie-effort")
                .side("side", side)
                .number("total", total);
            (EventKind::Effort { side, total }, line, e)
        });
    }
    let margin = totals[PARTY] - totals[FOES];
    let degree = Degree::of_margin(margin);
    let winner = match margin.signum() {
        1 => Some(PARTY),
        -1 => Some(FOES),
        _ => None,
    };
    ctx.log.explain(|| {
        let mut e = Explanation::new(Line::new("coterie-result-of"), "coterie.degrees");
        e.total = margin.abs();
        e.against = Some(
            Line::new("coterie-result-against")
                .number("party", totals[PARTY])
                .number("foes", totals[FOES]),
        );
        e.outcome = match winner {
            Some(w) => Line::new("coterie-result")
                .word("degree", degree.label())
                .side("winner", w)
                .number("margin", margin.abs()),
            None => Line::new("coterie-result-draw"),
        };
        let line = e.outcome.clone();
        (
            EventKind::Result {
                winner,
                degree,
                efforts: totals,
            },
            line,
            e,
        )
    });
    ctx.s.result = Some(PhaseResult { winner, degree });
    for g in &mut ctx.s.groups {
        g.tactical_penalty = 0;
        g.bonus = 0;
    }
    // A pushed side that wins drifts back a step towards zero (coterie.drift).
    if let Some(w) = winner
        && ctx.s.groups[w].position < 0
    {
        ctx.s.groups[w].position += 1;
        let position = ctx.s.groups[w].position;
        tell(ctx, EventKind::Track { side: w, position }, |_| {
            Line::new("coterie-regains")
                .side("side", w)
                .number("position", position)
        });
    }
    ctx.s.morale_due = winner == Some(PARTY) && degree == Degree::Decisive;
    roll_performances(ctx, winner)?;
    ctx.s.duels_due = (0..ctx.s.characters.len())
        .filter(|&c| {
            ctx.s.characters[c].side == PARTY
                && matches!(ctx.s.characters[c].standing, Standing::Dueling(_))
        })
        .collect();
    // The largest contributor is judged on the points given to this effort: pressing hard
    // tires after it (coterie.mild-special).
    ctx.s.specials_due = specials_due(ctx.s);
    for i in 0..ctx.s.parts.len() {
        if ctx.s.parts[i].effort == Effort::Press {
            let c = ctx.s.parts[i].character;
            ctx.s.characters[c].fatigue += 1;
        }
    }
    ctx.s.harm_due = true;
    ctx.s.stage = Stage::Resolving;
    Ok(())
}

fn roll_performances(ctx: &mut Ctx, winner: Option<FactionId>) -> Result<(), RuleError> {
    for i in 0..ctx.s.parts.len() {
        let c = ctx.s.parts[i].character;
        let brought = ctx.s.parts[i].brought.len();
        let mods = performance::modifiers(ctx.s, c, brought);
        let m = effort::total(&mods);
        // The roll's purpose, for the dice (none in a quiet play-out).
        let what = ctx
            .log
            .line(|| Line::new("coterie-performance-of").who("who", c));
        let a = ctx.roll(Die::D6, &what, "coterie.performance")?;
        let b = ctx.roll(Die::D6, &what, "coterie.performance")?;
        let (shift, placed) = performance::shift([a.value, b.value], m);
        let level = Performance::of_shift(shift);
        ctx.log.explain(|| {
            let word = level.word();
            let mut e = Explanation::new(what, "coterie.performance");
            e.dice = vec![a, b];
            e.modifiers = mods;
            e.total = shift;
            e.against = Some(
                Line::new("coterie-performance-against")
                    .number("first", placed[0])
                    .number("second", placed[1]),
            );
            e.outcome = Line::new("coterie-performance")
                .word("level", word)
                .number("shift", shift);
            let line = Line::new("coterie-performs")
                .who("who", c)
                .word("level", word)
                .number("shift", shift);
            (
                EventKind::Performance {
                    character: c,
                    shift,
                },
                line,
                e,
            )
        });
        ctx.s.parts[i].shift = Some(shift);
        let ch = &mut ctx.s.characters[c];
        ch.performance_bonus = 0;
        if ctx.s.parts[i].effort == Effort::Goal
            && (winner == Some(PARTY) || level >= Performance::Good)
            && let Some(g) = ch.goal.as_mut()
        {
            g.progress = (g.progress + 1).min(g.needed);
            tell(ctx, Noted::GoalCloser.about(c), |s| {
                let g = s.characters[c]
                    .goal
                    .as_ref()
                    .expect("the goal just furthered");
                Line::new("coterie-goal-closer")
                    .who("who", c)
                    .name("goal", g.text.as_str())
                    .number("progress", g.progress)
                    .number("needed", g.needed)
            });
        }
    }
    Ok(())
}

/// Who performs a special action this phase: everyone at +2 or better; if no one, one mild
/// special action for the one character at +1, or else for the largest contributor
/// (coterie.special-actions, coterie.mild-special). Asked before pressing hard's fatigue, so
/// that the contributions are those of the effort rolled.
pub fn specials_due(s: &State) -> Vec<(CharacterId, bool)> {
    let shifts: Vec<(CharacterId, i32)> = s
        .parts
        .iter()
        .filter_map(|p| p.shift.map(|x| (p.character, x)))
        .collect();
    let full: Vec<(CharacterId, bool)> = shifts
        .iter()
        .filter(|(_, x)| *x >= 2)
        .map(|(c, _)| (*c, false))
        .collect();
    if !full.is_empty() {
        return full;
    }
    let ones: Vec<CharacterId> = shifts
        .iter()
        .filter(|(_, x)| *x == 1)
        .map(|(c, _)| *c)
        .collect();
    if ones.len() == 1 {
        return vec![(ones[0], true)];
    }
    let top = shifts
        .iter()
        .map(|(c, _)| (*c, effort::points(s, *c)))
        .fold(None::<(CharacterId, i32)>, |best, (c, v)| match best {
            Some((_, b)) if b >= v => best,
            _ => Some((c, v)),
        });
    top.map(|(c, _)| vec![(c, true)]).unwrap_or_default()
}

fn apply_special(ctx: &mut Ctx, c: CharacterId, sp: &Special, mild: bool) {
    let k = if mild { 1 } else { 2 };
    match sp {
        Special::GroupBonus => ctx.s.groups[PARTY].bonus += k,
        Special::SelfBonus => ctx.s.characters[c].performance_bonus += k,
        Special::Tactical => {
            let h = Harm::push_back(Degree::Minor);
            harm::apply_to_group(ctx.s, FOES, &h);
        }
        Special::Recover => {
            let ch = &mut ctx.s.characters[c];
            ch.fatigue = (ch.fatigue - k).max(0);
        }
        Special::Progress => {
            if let Some(g) = ctx.s.characters[c].goal.as_mut() {
                g.progress = (g.progress + k as u8).min(g.needed);
            }
        }
        Special::Duel(f) => {
            ctx.s.characters[c].standing = Standing::Dueling(*f);
            ctx.s.characters[*f].standing = Standing::Dueling(c);
            ctx.s.characters[c].duel_position = 0;
            ctx.s.characters[*f].duel_position = 0;
        }
    }
    tell(ctx, EventKind::Special { character: c }, |_| {
        Line::new("coterie-special-action")
            .who("who", c)
            .line("special", special_text(sp, mild))
    });
}

/// Each player's character's own share of the phase's harm, from the table: injuries capped
/// by what they are due, or, with no group injuries to cap, what they are due after a win or
/// a draw (coterie.individual-harm). `group_wounds`: the level of injuries the players' group
/// took this phase, if the harm was settled against them.
fn harm_characters(ctx: &mut Ctx, result: GroupResult, group_wounds: Option<i32>) {
    for (c, level) in harm::due_each(ctx.s, result, group_wounds) {
        if level > 0 {
            hurt(ctx, c, level);
        }
    }
}

/// A character's own harm: wounds in a fight, fatigue in a conflict that is not one; too many
/// wounds put them out of the conflict.
fn hurt(ctx: &mut Ctx, c: CharacterId, level: i32) {
    let physical = ctx.s.conflict.physical;
    let ch = &mut ctx.s.characters[c];
    if physical {
        ch.wounds += level;
    } else {
        ch.fatigue += level;
    }
    let (wounds, fatigue) = (ch.wounds, ch.fatigue);
    let out = physical && wounds >= ch.endurance;
    let kind = EventKind::Hurt {
        character: c,
        wounds,
        fatigue,
    };
    tell(ctx, kind, |_| {
        if physical {
            Line::new("coterie-hurt")
                .who("who", c)
                .word("degree", Degree::from_level(level).label())
                .number("wounds", wounds)
        } else {
            Line::new("coterie-worn-down")
                .who("who", c)
                .number("fatigue", fatigue)
        }
    });
    if out {
        take_out(ctx, c, "hurt");
    }
}

/// A character out of the conflict, and why: "hurt" (too badly to go on) or "beaten" (in a
/// duel).
fn take_out(ctx: &mut Ctx, c: CharacterId, why: &'static str) {
    if let Standing::Dueling(o) = ctx.s.characters[c].standing {
        ctx.s.characters[o].standing = Standing::InConflict;
        ctx.s.characters[o].duel_position = 0;
    }
    ctx.s.characters[c].standing = Standing::Out;
    tell(ctx, EventKind::Out { character: c }, |_| {
        Line::new("coterie-out").who("who", c).word("why", why)
    });
}

/// A duel's phase: each duelist's skills and 2d6, no performance (coterie.duels).
fn roll_duel(ctx: &mut Ctx, pc: CharacterId) -> Result<(), RuleError> {
    let Standing::Dueling(foe) = ctx.s.characters[pc].standing else {
        return Ok(());
    };
    let mut totals = [0i32; 2];
    for (i, c) in [pc, foe].into_iter().enumerate() {
        let ch = &ctx.s.characters[c];
        let mut lines: Vec<Modifier> = ctx
            .s
            .conflict
            .skills
            .iter()
            .filter(|n| ch.skill(n) != 0)
            .map(|n| Modifier {
                value: ch.skill(n),
                cause: lines::skill(n),
            })
            .collect();
        // "Only the basic, skill-based roll": the relevant skills "plus nuances that are
        // relevant", as in the group's effort, of the skills the duellist brings.
        let brought = |k: &str| ctx.s.conflict.skills.iter().any(|x| x == k) && ch.skill(k) != 0;
        for n in effort::nuances_counted(ctx.s, c, brought) {
            lines.push(Modifier {
                value: n.value,
                cause: Line::new("coterie-duel-nuance").name("nuance", n.name.as_str()),
            });
        }
        if ch.fatigue > 0 {
            lines.push(Modifier {
                value: -ch.fatigue,
                cause: Line::new("coterie-duel-fatigue"),
            });
        }
        if ch.wounds > 0 {
            lines.push(Modifier {
                value: -ch.wounds,
                cause: Line::new("coterie-duel-wounds"),
            });
        }
        // The roll's purpose, for the dice (none in a quiet play-out).
        let what = ctx.log.line(|| Line::new("coterie-duel-of").who("who", c));
        let a = ctx.roll(Die::D6, &what, "coterie.duels")?;
        let b = ctx.roll(Die::D6, &what, "coterie.duels")?;
        let total = effort::total(&lines) + i32::from(a.value) + i32::from(b.value);
        totals[i] = total;
        ctx.log.explain(|| {
            let mut e = Explanation::new(what, "coterie.duels");
            e.dice = vec![a, b];
            e.total = total;
            e.modifiers = lines;
            e.outcome = Line::new("coterie-duel-total").number("total", total);
            let line = Line::new("coterie-duel-roll")
                .who("who", c)
                .number("total", total);
            (Noted::DuelRolled.about(c), line, e)
        });
    }
    let margin = totals[0] - totals[1];
    let degree = Degree::of_duel_margin(margin);
    let (winner, loser) = if margin >= 0 { (pc, foe) } else { (foe, pc) };
    let kind = EventKind::Duel {
        winner: (degree != Degree::Draw).then_some(winner),
        degree,
    };
    tell(ctx, kind, |_| {
        if degree == Degree::Draw {
            Line::new("coterie-duel-even")
        } else {
            Line::new("coterie-duel-won")
                .who("who", winner)
                .word("degree", degree.label())
        }
    });
    match degree {
        Degree::Draw => {}
        Degree::Minor => {
            ctx.s.characters[loser].duel_position -= 1;
            end_duel_if_decided(ctx, loser);
        }
        Degree::Major => ctx.s.stage = Stage::DuelAnswer { loser },
        // "Opposition defeated, with harm": the heaviest harm, as a decisive victory's is
        // everywhere else in the book, and the duel lost.
        Degree::Decisive => {
            hurt(ctx, loser, Degree::Decisive.level());
            if ctx.s.characters[loser].present() {
                take_out(ctx, loser, "beaten");
            }
        }
    }
    Ok(())
}

/// A duelist pushed to -3 on the duel's track is beaten; the winner rejoins the group.
fn end_duel_if_decided(ctx: &mut Ctx, loser: CharacterId) {
    if ctx.s.characters[loser].present() && ctx.s.characters[loser].duel_position <= -3 {
        take_out(ctx, loser, "beaten");
    }
}

/// The end of the conflict: over-run at -5, wounds that cut a group down, or a side with no one
/// left. The opposition's flight or capitulation is the GM's (`Stage::Morale`).
fn check_end(ctx: &mut Ctx) -> bool {
    if ctx.s.stage == Stage::Over {
        return true;
    }
    let s = &ctx.s;
    let present = |side: FactionId| s.characters.iter().any(|c| c.side == side && c.present());
    let foes = &s.groups[FOES];
    let party = &s.groups[PARTY];
    let how = |id: &'static str, side: FactionId| Line::new(id).side("side", side);
    let end = if foes.position <= -5 {
        Some((PARTY, how("coterie-how-over-run", FOES)))
    } else if party.position <= -5 {
        Some((FOES, how("coterie-how-total-defeat", PARTY)))
    } else if s.cut_down(FOES, foes.wounds) {
        let how = how("coterie-how-cut-down", FOES).number("wounds", foes.wounds);
        Some((PARTY, how))
    } else if !present(PARTY) {
        Some((FOES, how("coterie-how-no-one-left", PARTY)))
    } else if !present(FOES) {
        Some((PARTY, how("coterie-how-no-one-left", FOES)))
    } else {
        None
    };
    let Some((winner, how)) = end else {
        return false;
    };
    self::end(ctx, winner, how);
    true
}

/// The conflict won by `winner`, `how` it ended; the event that announces it is a message
/// around it.
fn end(ctx: &mut Ctx, winner: FactionId, how: Line) {
    ctx.say(
        EventKind::Over,
        crate::context::later(|| Line::new("coterie-over").line("how", how.clone())),
    );
    ctx.s.outcome = Some(Outcome::Victory { winner, how });
    ctx.s.stage = Stage::Over;
}

fn next_phase(ctx: &mut Ctx) {
    // Any draw tires everyone in the group (coterie.draws).
    if ctx.s.result.is_some_and(|r| r.winner.is_none()) {
        for c in ctx.s.party() {
            ctx.s.characters[c].fatigue += 1;
        }
        ctx.say(Noted::DrawTired.aside(), Line::new("coterie-draw-tires"));
    }
    ctx.s.phase += 1;
    ctx.s.parts.clear();
    ctx.s.result = None;
    ctx.s.flee_due.clear();
    ctx.s.stage = Stage::Declare(0);
    let phase = ctx.s.phase;
    tell(ctx, Noted::PhaseBegan.aside(), |_| {
        Line::new("coterie-phase").number("phase", phase)
    });
}
