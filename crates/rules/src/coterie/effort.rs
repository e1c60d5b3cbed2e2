//! The group's effort: each character's contribution, the group's own modifiers, and the 2d6
//! with coherence and leadership (coterie.effort, coterie.group-roll).

use super::lines::{possessive, with_room};
use super::model::{Effort, FOES, Nuance, PARTY, State};
use crate::Line;
use crate::battle::{CharacterId, FactionId};
use crate::explain::Modifier;

/// The skills a character brings: those chosen (players' characters, once they have chosen)
/// or every relevant one (the opposition's, and a player's who has not chosen yet), with every
/// relevant fault, which cannot be left behind.
pub fn skills_counted(s: &State, c: CharacterId) -> Vec<(String, i32)> {
    let ch = &s.characters[c];
    let chosen: Option<&Vec<String>> = s
        .parts
        .iter()
        .find(|p| p.character == c && !p.brought.is_empty())
        .map(|p| &p.brought);
    s.conflict
        .skills
        .iter()
        .filter_map(|name| {
            let rank = ch.skill(name);
            let counted = if rank < 0 {
                true
            } else {
                chosen.map_or(rank > 0, |b| b.contains(name))
            };
            counted.then(|| (name.clone(), rank))
        })
        .collect()
}

/// The relevant positive skills a character may choose to bring.
pub fn skills_to_bring(s: &State, c: CharacterId) -> Vec<String> {
    s.conflict
        .skills
        .iter()
        .filter(|n| s.characters[c].skill(n) > 0)
        .cloned()
        .collect()
}

/// A character's nuances that count beside the skills `brought`: those the conflict lists, of
/// a skill brought (coterie.effort; a duel's basic roll the same, coterie.duels).
pub fn nuances_counted<'a>(
    s: &'a State,
    c: CharacterId,
    brought: impl Fn(&str) -> bool + 'a,
) -> impl Iterator<Item = &'a Nuance> + 'a {
    s.characters[c]
        .nuances
        .iter()
        .filter(move |n| s.conflict.nuances.contains(&n.name) && brought(&n.skill))
}

/// One character's contribution to the group's effort, in points.
pub fn points(s: &State, c: CharacterId) -> i32 {
    total(&contribution(s, c))
}

/// One character's contribution to the group's effort, line by line. The AI sums these lists
/// in its play-outs: each cause is a message and its facts, never written out here.
pub fn contribution(s: &State, c: CharacterId) -> Vec<Modifier> {
    let ch = &s.characters[c];
    let mut lines = Vec::new();
    let counted = skills_counted(s, c);
    for (name, rank) in &counted {
        lines.push(Modifier {
            value: *rank,
            cause: Line::new("coterie-skill-of")
                .who("who", c)
                .name("skill", name.as_str()),
        });
    }
    for n in nuances_counted(s, c, |skill| counted.iter().any(|(k, _)| k == skill)) {
        lines.push(Modifier {
            value: n.value,
            cause: Line::new("coterie-nuance-of")
                .who("who", c)
                .name("nuance", n.name.as_str()),
        });
    }
    if ch.fatigue > 0 {
        lines.push(Modifier {
            value: -ch.fatigue,
            cause: Line::new("coterie-fatigue-of").who("who", c),
        });
    }
    if s.parts
        .iter()
        .any(|p| p.character == c && p.effort == Effort::Press)
    {
        lines.push(Modifier {
            value: 2,
            cause: Line::new("coterie-presses").who("who", c),
        });
    }
    lines
}

pub use crate::explain::total;

/// The group's effort before the dice: every member's contribution, then the group's traits,
/// wounds, trait injuries, tactical penalty and bonuses.
pub fn group_effort(s: &State, side: FactionId) -> Vec<Modifier> {
    let mut lines = Vec::new();
    for c in s.in_group(side) {
        lines.extend(contribution(s, c));
    }
    let g = &s.groups[side];
    for t in &s.conflict.traits {
        let Some(&value) = g.traits.get(t) else {
            continue;
        };
        let injury = g.trait_injuries.get(t).copied().unwrap_or(0);
        // An injury takes away at most what the trait gave (coterie.trait-injuries).
        let left = if value > 0 {
            (value - injury).max(0)
        } else {
            value
        };
        let cause = if injury > 0 {
            with_room("coterie-trait-injured", 5)
                .number("value", value)
                .number("injury", injury)
        } else {
            Line::new("coterie-trait")
        };
        lines.push(Modifier {
            value: left,
            cause: possessive(cause, s, side).name("trait", t.as_str()),
        });
    }
    if side == PARTY {
        lines.extend(party_wounds(s));
    } else if g.wounds > 0 {
        let v = s.vulnerability(side);
        lines.push(Modifier {
            value: -g.wounds * v,
            cause: Line::new("coterie-group-wounds")
                .number("wounds", g.wounds)
                .number("vulnerability", v),
        });
    }
    if g.tactical_penalty > 0 {
        lines.push(Modifier {
            value: -g.tactical_penalty,
            cause: Line::new("coterie-tactical-position"),
        });
    }
    if g.bonus != 0 {
        lines.push(Modifier {
            value: g.bonus,
            cause: Line::new("coterie-special-actions"),
        });
    }
    lines
}

/// The players' wounds on their effort. They carry their injuries one by one, but the book's
/// penalty is the group's: wounds × vulnerability, the members less their armour
/// (coterie.wounds). The group's wounds are its members' average, so the penalty is the sum of
/// their wounds × vulnerability / members, rounded towards the players: a party of three in
/// armour 1, each with a wound, loses 3 × 2 / 3 = 2, where the same wounds on a group of three
/// foes in armour 1 cost 1 × 2.
pub fn party_wounds(s: &State) -> Option<Modifier> {
    let members = s.in_group(PARTY);
    let wounds: i32 = members.iter().map(|&c| s.characters[c].wounds).sum();
    if wounds == 0 {
        return None;
    }
    let n = members.len() as i32;
    let armour = s.groups[PARTY].armour;
    let v = s.vulnerability(PARTY);
    Some(Modifier {
        value: -(wounds * v / n),
        cause: if armour > 0 {
            Line::new("coterie-party-wounds-armour").number("armour", armour)
        } else {
            Line::new("coterie-party-wounds")
        }
        .number("wounds", wounds)
        .number("vulnerability", v)
        .number("members", n),
    })
}

/// Coherence and leadership: the best leader's rating plus the least cooperative member's
/// group work (rules notes, coterie.group-roll).
pub fn coherence(s: &State, side: FactionId) -> Vec<Modifier> {
    let members = s.in_group(side);
    let mut lines = Vec::new();
    if let Some(&lead) = members
        .iter()
        .max_by_key(|&&c| (s.characters[c].leadership, std::cmp::Reverse(c)))
        && s.characters[lead].leadership != 0
    {
        lines.push(Modifier {
            value: s.characters[lead].leadership,
            cause: Line::new("coterie-leadership").who("who", lead),
        });
    }
    if let Some(&worst) = members
        .iter()
        .min_by_key(|&&c| (s.characters[c].group_work, c))
        && s.characters[worst].group_work != 0
    {
        lines.push(Modifier {
            value: s.characters[worst].group_work,
            cause: Line::new("coterie-group-work").who("who", worst),
        });
    }
    lines
}

/// The other side.
pub fn other(side: FactionId) -> FactionId {
    if side == PARTY { FOES } else { PARTY }
}

/// Both groups' efforts before the dice, coherence and leadership included.
pub fn before_dice(s: &State) -> [i32; 2] {
    [PARTY, FOES].map(|side| total(&group_effort(s, side)) + total(&coherence(s, side)))
}

/// The chances of winning a phase, and of drawing it, for the players when their effort before
/// the dice leads by `margin` (negative when behind): each side adds 2d6 (coterie.effort), the
/// higher total wins, equal totals draw.
pub fn phase_chances(margin: i32) -> PhaseChances {
    let (mut win, mut draw) = (0u32, 0u32);
    for ours in 0..36 {
        for theirs in 0..36 {
            let sum = |k: i32| k / 6 + k % 6 + 2;
            match (margin + sum(ours) - sum(theirs)).signum() {
                1 => win += 1,
                0 => draw += 1,
                _ => {}
            }
        }
    }
    let all = f64::from(36 * 36);
    PhaseChances {
        win: f64::from(win) / all,
        draw: f64::from(draw) / all,
    }
}

/// What [`phase_chances`] gives.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PhaseChances {
    pub win: f64,
    pub draw: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phase_chances_count_both_groups_dice() {
        // Level efforts: a draw on equal dice totals, 146 of the 1,296 pairs of 2d6 rolls.
        let level = phase_chances(0);
        assert!((level.draw - 146.0 / 1296.0).abs() < 1e-12);
        assert!((level.win - (1.0 - level.draw) / 2.0).abs() < 1e-12);
        // Ten ahead: only 2 against 12 (1 in 1,296) draws, nothing loses.
        let far = phase_chances(10);
        assert!((far.draw - 1.0 / 1296.0).abs() < 1e-12);
        assert!((far.win - 1295.0 / 1296.0).abs() < 1e-12);
        assert_eq!(phase_chances(11).win, 1.0);
        assert_eq!(phase_chances(-11).win + phase_chances(-11).draw, 0.0);
        // Two more points (pressing hard) always help.
        assert!(phase_chances(2).win > phase_chances(0).win);
    }
}
