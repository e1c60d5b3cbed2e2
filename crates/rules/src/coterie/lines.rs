//! The ruleset's lines (`assets/words/en/coterie.ftl`): an event's line built only where it is
//! kept, and the pieces several lines share.

use super::Ctx;
use super::event::EventKind;
use super::model::{Harm, HarmKind, Special, State};
use crate::Line;
use crate::battle::FactionId;

/// An event whose line is built only in a context that keeps it: a quiet one (the AI's
/// play-outs, `fray sim`) never calls `line`, and so builds nothing it would drop.
pub(crate) fn tell(ctx: &mut Ctx, kind: EventKind, line: impl FnOnce(&State) -> Line) {
    let s = &*ctx.s;
    ctx.log.say(kind, crate::context::later(|| line(s)));
}

/// Lines one after another, each pair joined by the message `id` (`coterie-and`: "a and b"):
/// a, b and c are written as a `id` (b `id` c). No lines make an empty line.
pub(crate) fn joined(id: &'static str, lines: impl DoubleEndedIterator<Item = Line>) -> Line {
    let mut lines = lines.rev();
    let Some(mut out) = lines.next() else {
        return Line::default();
    };
    for first in lines {
        out = Line::new(id).line("first", first).line("rest", out);
    }
    out
}

/// A line naming a group `side` in a possessive, and how its name ends ("s" or "other"), which
/// the English possessive is written by: "The Bandits' equipment", "The Watch's nerve".
pub(crate) fn possessive(line: Line, s: &State, side: FactionId) -> Line {
    let ends = if s.groups[side].name.ends_with('s') {
        "s"
    } else {
        "other"
    };
    line.side("side", side).word("ends", ends)
}

/// A message with room for `n` values from the start, for a line built where every allocation
/// counts (an effort the AI weighs in its play-outs) with more values than a first push makes
/// room for (four).
pub(crate) fn with_room(id: &'static str, n: usize) -> Line {
    Line {
        id: std::borrow::Cow::Borrowed(id),
        args: Vec::with_capacity(n),
    }
}

/// A skill named by the scenario, alone.
pub(crate) fn skill(name: &str) -> Line {
    Line::new("coterie-skill").name("skill", name)
}

/// Pieces of harm one after another: "minor injuries and minor tactical harm (a push-back)".
pub fn harm_text(pieces: &[Harm]) -> Line {
    joined("coterie-and", pieces.iter().map(harm_piece))
}

/// One piece of harm: its degree and its kind, "major injuries".
pub fn harm_piece(h: &Harm) -> Line {
    Line::new("coterie-harm")
        .word("degree", h.degree.label())
        .line("kind", kind_text(&h.kind))
}

/// What a special action does, mild or in full: "+1 to the group's next effort".
pub fn special_text(sp: &Special, mild: bool) -> Line {
    let k = if mild { 1 } else { 2 };
    match sp {
        Special::GroupBonus => Line::new("coterie-special-group-bonus").number("k", k),
        Special::SelfBonus => Line::new("coterie-special-self-bonus").number("k", k),
        Special::Tactical => Line::new("coterie-special-tactical"),
        Special::Recover => Line::new("coterie-special-recover").number("k", k),
        Special::Progress => Line::new("coterie-special-progress").number("k", k),
        Special::Duel(f) => Line::new("coterie-special-duel").who("foe", *f),
    }
}

/// A kind of harm: "tactical harm (a push-back)", "injuries", "injury to nerve".
pub fn kind_text(k: &HarmKind) -> Line {
    match k {
        HarmKind::Tactical => Line::new("coterie-kind-tactical"),
        HarmKind::Wounds => Line::new("coterie-kind-wounds"),
        HarmKind::Trait(t) => Line::new("coterie-kind-trait").name("trait", t.as_str()),
    }
}
