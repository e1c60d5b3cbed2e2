//! The square grid: distances with every second diagonal counting 2 m, line of sight, where a
//! move can take a character, and the geometry of flanks and cover (teams.movement,
//! teams.distances).

use super::model::{Pos, State};
use crate::rules::battle::CharacterId;

/// Metres between two squares: straight steps count 1, diagonals 1 and 2 alternately.
pub fn distance(a: Pos, b: Pos) -> u8 {
    let dx = a.x.abs_diff(b.x);
    let dy = a.y.abs_diff(b.y);
    let (long, short) = if dx >= dy { (dx, dy) } else { (dy, dx) };
    long.saturating_add(short / 2)
}

/// Next to each other, diagonals included: within 1 m.
pub fn adjacent(a: Pos, b: Pos) -> bool {
    a != b && a.x.abs_diff(b.x) <= 1 && a.y.abs_diff(b.y) <= 1
}

/// The eight squares around `p` that lie on the map.
pub fn neighbours(s: &State, p: Pos) -> impl Iterator<Item = Pos> + '_ {
    const D: [(i32, i32); 8] = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ];
    D.iter()
        .filter_map(move |&(dx, dy)| s.map.inside(i32::from(p.x) + dx, i32::from(p.y) + dy))
}

/// Whether nothing that blocks sight (a wall, a closed door) lies between the two squares. The
/// line is traced both ways and either clear trace counts, so sight is mutual.
pub fn line_of_sight(s: &State, a: Pos, b: Pos) -> bool {
    clear_trace(s, a, b) || clear_trace(s, b, a)
}

fn clear_trace(s: &State, a: Pos, b: Pos) -> bool {
    let (mut x, mut y) = (i32::from(a.x), i32::from(a.y));
    let (x1, y1) = (i32::from(b.x), i32::from(b.y));
    let dx = (x1 - x).abs();
    let dy = -(y1 - y).abs();
    let sx = if x < x1 { 1 } else { -1 };
    let sy = if y < y1 { 1 } else { -1 };
    let mut err = dx + dy;
    loop {
        if x == x1 && y == y1 {
            return true;
        }
        let e2 = 2 * err;
        if e2 >= dy {
            err += dy;
            x += sx;
        }
        if e2 <= dx {
            err += dx;
            y += sy;
        }
        if x == x1 && y == y1 {
            return true;
        }
        match s.map.inside(x, y) {
            Some(p) if !s.map.blocks_sight(p) => {}
            _ => return false,
        }
    }
}

/// A diagonal step may not cut the corner of something in the way.
fn corner_clear(s: &State, from: Pos, to: Pos) -> bool {
    if from.x == to.x || from.y == to.y {
        return true;
    }
    s.map.walkable(Pos::new(to.x, from.y)) && s.map.walkable(Pos::new(from.x, to.y))
}

/// Every square `mover` can end a movement of `budget` metres on, with the metres it costs:
/// through allies and the fallen but not conscious enemies, never ending on anyone, difficult
/// terrain costing double, the diagonals of the movement alternating 1 and 2 m.
pub fn reachable(s: &State, mover: CharacterId, budget: u8) -> Vec<(Pos, u8)> {
    let me = &s.characters[mover];
    let (w, h) = (usize::from(s.map.width), usize::from(s.map.height));
    let n = w * h;
    // 0: blocked, 1: passable, 2: passable but occupied (cannot end there).
    let mut terrain: Vec<u8> = (0..n)
        .map(|i| {
            let p = Pos::new((i % w) as u8, (i / w) as u8);
            u8::from(s.map.walkable(p))
        })
        .collect();
    for (c, ch) in s.characters.iter().enumerate() {
        if c == mover || !ch.is_present() {
            continue;
        }
        let i = s.map.index(ch.pos);
        if i < n && terrain[i] == 1 {
            terrain[i] = if ch.is_active() && ch.team != me.team {
                0
            } else {
                2
            };
        }
    }
    // Best cost per square and diagonal parity (an odd number of diagonals so far makes the
    // next one cost 2).
    let mut best = vec![u8::MAX; n * 2];
    let start = s.map.index(me.pos);
    if start >= n {
        return Vec::new();
    }
    best[start * 2] = 0;
    let mut buckets: Vec<Vec<(Pos, u8)>> = vec![Vec::new(); usize::from(budget) + 1];
    buckets[0].push((me.pos, 0));
    for cost in 0..=budget {
        let mut k = 0;
        while k < buckets[usize::from(cost)].len() {
            let (p, parity) = buckets[usize::from(cost)][k];
            k += 1;
            if best[s.map.index(p) * 2 + usize::from(parity)] != cost {
                continue;
            }
            for q in neighbours(s, p) {
                let qi = s.map.index(q);
                if terrain[qi] == 0 || !corner_clear(s, p, q) {
                    continue;
                }
                let diagonal = p.x != q.x && p.y != q.y;
                let (mut step, next_parity) = match (diagonal, parity) {
                    (false, _) => (1u8, parity),
                    (true, 0) => (1, 1),
                    (true, _) => (2, 0),
                };
                if s.map.cell(q) == super::model::Cell::Difficult {
                    step *= 2;
                }
                let c = cost.saturating_add(step);
                if c > budget {
                    continue;
                }
                let slot = qi * 2 + usize::from(next_parity);
                if c < best[slot] {
                    best[slot] = c;
                    buckets[usize::from(c)].push((q, next_parity));
                }
            }
        }
    }
    let mut out = Vec::new();
    for i in 0..n {
        if i == start || terrain[i] != 1 {
            continue;
        }
        let c = best[i * 2].min(best[i * 2 + 1]);
        if c <= budget {
            out.push((Pos::new((i % w) as u8, (i / w) as u8), c));
        }
    }
    out
}

/// Squares a 1 m step reaches: next to the character, open, empty, not difficult.
pub fn steps(s: &State, c: CharacterId) -> Vec<Pos> {
    let from = s.characters[c].pos;
    neighbours(s, from)
        .filter(|&q| {
            s.map.cell(q) != super::model::Cell::Difficult
                && s.map.walkable(q)
                && corner_clear(s, from, q)
                && s.occupant(q).is_none()
        })
        .collect()
}

/// Whether `target` has conscious enemies of its own on two opposite sides (teams.sneak-flank).
pub fn flanked(s: &State, target: CharacterId) -> bool {
    let t = &s.characters[target];
    let p = t.pos;
    let enemy_at = |dx: i32, dy: i32| {
        s.map
            .inside(i32::from(p.x) + dx, i32::from(p.y) + dy)
            .is_some_and(|q| {
                s.characters
                    .iter()
                    .any(|c| c.is_active() && c.team != t.team && c.pos == q)
            })
    };
    [(1, 0), (0, 1), (1, 1), (1, -1)]
        .iter()
        .any(|&(dx, dy)| enemy_at(dx, dy) && enemy_at(-dx, -dy))
}

/// Whether something that gives cover stands next to `target` on the side facing `from`.
pub fn cover_between(s: &State, from: Pos, target: Pos) -> bool {
    let (ax, ay) = (
        i32::from(from.x) - i32::from(target.x),
        i32::from(from.y) - i32::from(target.y),
    );
    neighbours(s, target).any(|c| {
        let (cx, cy) = (
            i32::from(c.x) - i32::from(target.x),
            i32::from(c.y) - i32::from(target.y),
        );
        s.map.gives_cover(c) && cx * ax + cy * ay > 0
    })
}

/// Whether anything to take cover behind stands next to the square.
pub fn cover_nearby(s: &State, p: Pos) -> bool {
    neighbours(s, p).any(|c| s.map.gives_cover(c))
}
