//! Harm: what a degree of victory allows (coterie.mixed), what each kind does to a group
//! (coterie.push-backs, coterie.wounds, coterie.trait-injuries), and the table of harm to the
//! players' characters (coterie.harm-table).

use super::lines::possessive;
use super::model::{Degree, Harm, HarmKind, PARTY, Performance, State};
use crate::Line;
use crate::battle::{CharacterId, FactionId};

/// The kinds of harm a side can be dealt in this conflict.
pub fn kinds_against(s: &State, side: FactionId) -> Vec<HarmKind> {
    let mut kinds = vec![HarmKind::Tactical];
    if s.conflict.physical {
        kinds.push(HarmKind::Wounds);
    }
    for t in &s.conflict.traits {
        if s.groups[side].traits.contains_key(t) {
            kinds.push(HarmKind::Trait(t.clone()));
        }
    }
    kinds
}

/// Every composition the degree allows: one piece at the degree, or, for a major victory, two
/// minor pieces, and for a decisive one three minor pieces or a minor and a major.
pub fn compositions(degree: Degree, kinds: &[HarmKind]) -> Vec<Vec<Harm>> {
    let h = |k: &HarmKind, d: Degree| Harm {
        kind: k.clone(),
        degree: d,
    };
    let mut out: Vec<Vec<Harm>> = kinds.iter().map(|k| vec![h(k, degree)]).collect();
    let n = kinds.len();
    match degree {
        Degree::Major => {
            for a in 0..n {
                for b in a..n {
                    out.push(vec![
                        h(&kinds[a], Degree::Minor),
                        h(&kinds[b], Degree::Minor),
                    ]);
                }
            }
        }
        Degree::Decisive => {
            for a in 0..n {
                for b in a..n {
                    for c in b..n {
                        out.push(vec![
                            h(&kinds[a], Degree::Minor),
                            h(&kinds[b], Degree::Minor),
                            h(&kinds[c], Degree::Minor),
                        ]);
                    }
                }
            }
            for a in kinds {
                for b in kinds {
                    out.push(vec![h(a, Degree::Minor), h(b, Degree::Major)]);
                }
            }
        }
        Degree::Minor | Degree::Draw => {}
    }
    out
}

/// What a side that falls back instead of taking a loss's harm takes: the loss on the track,
/// two steps at most. After a decisive loss the GM keeps the third level for injuries
/// (coterie.fall-back); the opposition may fall back only after a major one (coterie.degrees).
pub fn fall_back(degree: Degree) -> Harm {
    Harm::push_back(Degree::from_level(degree.level().min(2)))
}

/// What the GM's answer about the level reserved after a decisive loss does to the players: the
/// kept level as a minor injury of that kind, if kept, and, unless they flee, the fall-back: two
/// steps with the level kept, the whole three without (coterie.fall-back).
pub fn reserved(kind: Option<&HarmKind>, fleeing: bool) -> Vec<Harm> {
    let mut pieces: Vec<Harm> = kind.map(|k| Harm::minor(k.clone())).into_iter().collect();
    if !fleeing {
        pieces.push(Harm::push_back(if kind.is_some() {
            Degree::Major
        } else {
            Degree::Decisive
        }));
    }
    pieces
}

/// The levels a composition adds up to, counting a minor as 1, a major 2, a decisive 3; two
/// minors stand for a major, three for a decisive.
pub fn weight(harm: &[Harm]) -> i32 {
    harm.iter().map(|h| h.degree.level()).sum()
}

/// The players' group result, for the table: positive levels for a win, negative for a loss.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupResult {
    Win(Degree),
    Draw { harmful: bool },
    Loss(Degree),
}

/// The harm table: the level of harm a player's character is due (0 none, 1 minor, 2 major,
/// 3 decisive). In a draw or a loss a cell caps the harm the group was assigned
/// (coterie.individual-harm); a draw's split cells are neutral / harmful, and a neutral draw
/// assigns the group no harm at all ("neither side receives harm"), so its caps reach nothing.
/// In a win the group is assigned none either, and the cell is the harm itself: else the
/// minor win's Awful "MI" would say nothing (rules notes, coterie.harm-table).
pub fn due(result: GroupResult, perf: Performance) -> i32 {
    use Performance::*;
    let column = match perf {
        Great => 0,
        Good => 1,
        Normal => 2,
        Poor => 3,
        Awful => 4,
    };
    let row: [i32; 5] = match result {
        GroupResult::Win(Degree::Decisive) | GroupResult::Win(Degree::Major) => [0, 0, 0, 0, 0],
        GroupResult::Win(_) => [0, 0, 0, 0, 1],
        GroupResult::Draw { harmful: false } => [0, 0, 0, 0, 0],
        GroupResult::Draw { harmful: true } => [0, 0, 1, 2, 3],
        GroupResult::Loss(Degree::Minor) | GroupResult::Loss(Degree::Draw) => [0, 0, 1, 2, 3],
        GroupResult::Loss(Degree::Major) => [0, 1, 2, 3, 3],
        GroupResult::Loss(Degree::Decisive) => [1, 2, 3, 3, 3],
    };
    row[column]
}

/// The level of harm each player's character still in the group takes for `result`: their
/// cell of the table by the performance they rolled, capped at the group's injury level `cap`
/// where the GM dealt one (coterie.individual-harm). A character who rolled no performance
/// this phase takes none.
pub fn due_each(s: &State, result: GroupResult, cap: Option<i32>) -> Vec<(CharacterId, i32)> {
    s.parts
        .iter()
        .filter(|p| s.characters[p.character].in_group())
        .filter_map(|p| {
            let due = due(result, Performance::of_shift(p.shift?));
            Some((p.character, cap.map_or(due, |l| l.min(due))))
        })
        .collect()
}

/// What one piece of harm does to a group, and the change it makes, in a line: the track and
/// its penalty, group wounds, or a trait's penalty. Wounds against the players' group are dealt
/// to each character by `due` and are not applied here. The rules themselves deal harm with
/// [`deal`] and write [`dealt`] only where a line is kept.
pub fn apply_to_group(s: &mut State, side: FactionId, harm: &Harm) -> Line {
    deal(s, side, harm);
    dealt(s, side, harm)
}

/// The change one piece of harm makes to a group (see [`apply_to_group`]).
pub fn deal(s: &mut State, side: FactionId, harm: &Harm) {
    let level = harm.degree.level();
    match &harm.kind {
        HarmKind::Tactical => {
            let g = &mut s.groups[side];
            g.position = (g.position - level).max(-5);
            g.tactical_penalty += 3 * level;
        }
        HarmKind::Wounds if side == PARTY => {}
        HarmKind::Wounds => s.groups[side].wounds += level,
        HarmKind::Trait(t) => {
            let penalty = 2 * level * s.vulnerability(side);
            *s.groups[side].trait_injuries.entry(t.clone()).or_insert(0) += penalty;
        }
    }
}

/// What one piece of harm just dealt to a group did, in a line, read from the group as it left
/// it (see [`apply_to_group`]).
pub fn dealt(s: &State, side: FactionId, harm: &Harm) -> Line {
    let level = harm.degree.level();
    let g = &s.groups[side];
    match &harm.kind {
        HarmKind::Tactical => Line::new("coterie-pushed-back")
            .side("side", side)
            .number("level", level)
            .number("position", g.position)
            .number("penalty", 3 * level),
        HarmKind::Wounds if side == PARTY => Line::new("coterie-take-injuries")
            .side("side", side)
            .word("degree", harm.degree.label()),
        HarmKind::Wounds => {
            let vulnerability = s.vulnerability(side);
            Line::new("coterie-take-wounds")
                .side("side", side)
                .word("degree", harm.degree.label())
                .number("wounds", g.wounds)
                .number("vulnerability", vulnerability)
                .number("penalty", g.wounds * vulnerability)
        }
        HarmKind::Trait(t) => {
            let vulnerability = s.vulnerability(side);
            possessive(Line::new("coterie-trait-hurt"), s, side)
                .name("trait", t.as_str())
                .number("level", level)
                .number("vulnerability", vulnerability)
                .number("penalty", 2 * level * vulnerability)
        }
    }
}
