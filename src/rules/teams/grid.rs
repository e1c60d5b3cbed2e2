//! The square grid: distances with every second diagonal counting 2 m, line of sight, where a
//! move can take a character, and the geometry of flanks and cover (teams.movement,
//! teams.distances).

use super::model::{Cell, Pos, State};
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
    // Terrain bits: how much a metre costs to enter (0: blocked), then whether someone stands
    // there (no ending) and whether an enemy does (no passing).
    const COST: u8 = 3;
    const TAKEN: u8 = 4;
    const ENEMY: u8 = 8;
    let me = &s.characters[mover];
    let (w, h) = (i32::from(s.map.width), i32::from(s.map.height));
    let (px, py) = (i32::from(me.pos.x), i32::from(me.pos.y));
    if px >= w || py >= h {
        return Vec::new();
    }
    // A metre moves at most one square each way: nothing beyond the budget's square matters.
    // The window gets a blocked border, so a step never leaves it.
    let b = i32::from(budget);
    let (x0, x1) = ((px - b).max(0), (px + b).min(w - 1));
    let (y0, y1) = ((py - b).max(0), (py + b).min(h - 1));
    let ww = x1 - x0 + 3;
    let n = (ww * (y1 - y0 + 3)) as usize;
    let local = |x: i32, y: i32| ((y - y0 + 1) * ww + (x - x0 + 1)) as usize;
    let mut terrain = vec![0u8; n];
    for y in y0..=y1 {
        let row = (y * w) as usize;
        let cells = s.map.cells.get(row + x0 as usize..=row + x1 as usize);
        for (k, cell) in cells.into_iter().flatten().enumerate() {
            terrain[local(x0 + k as i32, y)] = match cell {
                Cell::Floor | Cell::DoorOpen => 1,
                Cell::Difficult => 2,
                Cell::Wall | Cell::Cover | Cell::DoorClosed => 0,
            };
        }
    }
    for (c, ch) in s.characters.iter().enumerate() {
        let (x, y) = (i32::from(ch.pos.x), i32::from(ch.pos.y));
        if c == mover || !ch.is_present() || x < x0 || x > x1 || y < y0 || y > y1 {
            continue;
        }
        let t = &mut terrain[local(x, y)];
        *t |= TAKEN;
        if ch.is_active() && ch.team != me.team {
            *t |= ENEMY;
        }
    }
    // Each step: its offset, and for a diagonal the offsets of the two squares whose corner
    // it would cut.
    let r = ww as isize;
    let steps: [(isize, isize, isize); 8] = [
        (1, 0, 0),
        (-1, 0, 0),
        (r, 0, 0),
        (-r, 0, 0),
        (r + 1, 1, r),
        (r - 1, -1, r),
        (-r + 1, 1, -r),
        (-r - 1, -1, -r),
    ];
    // Best cost per square and diagonal parity (an odd number of diagonals so far makes the
    // next one cost 2). The window is small, so a plain queue that revisits a square whenever
    // it finds a cheaper way there beats sorting by cost.
    let mut best = vec![u8::MAX; n * 2];
    let start = local(px, py);
    best[start * 2] = 0;
    let mut queue: Vec<usize> = Vec::with_capacity(n);
    queue.push(start * 2);
    let mut head = 0;
    while let Some(&slot) = queue.get(head) {
        head += 1;
        let cost = best[slot];
        let (i, parity) = (slot / 2, slot % 2);
        for &(off, cx, cy) in &steps {
            let q = i.wrapping_add_signed(off);
            let tq = terrain[q];
            if tq & COST == 0 || tq & ENEMY != 0 {
                continue;
            }
            let diagonal = cy != 0;
            // A diagonal step may not cut the corner of a wall, a door or cover.
            if diagonal
                && (terrain[i.wrapping_add_signed(cx)] & COST == 0
                    || terrain[i.wrapping_add_signed(cy)] & COST == 0)
            {
                continue;
            }
            let (step, next) = match (diagonal, parity) {
                (false, _) => (1u8, parity),
                (true, 0) => (1, 1),
                (true, _) => (2, 0),
            };
            let c = cost.saturating_add(step * (tq & COST));
            let to = q * 2 + next;
            if c <= budget && c < best[to] {
                best[to] = c;
                queue.push(to);
            }
        }
    }
    let mut out = Vec::new();
    for y in y0..=y1 {
        for x in x0..=x1 {
            let i = local(x, y);
            let c = best[i * 2].min(best[i * 2 + 1]);
            if i != start && terrain[i] & TAKEN == 0 && c <= budget {
                out.push((Pos::new(x as u8, y as u8), c));
            }
        }
    }
    out
}

/// Squares a 1 m step reaches: next to the character, open, empty, not difficult.
pub fn steps(s: &State, c: CharacterId) -> Vec<Pos> {
    let from = s.characters[c].pos;
    neighbours(s, from)
        .filter(|&q| {
            s.map.cell(q) != Cell::Difficult
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::teams::{CharacterSetup, TeamsSetup};

    /// On open ground a move costs exactly the distance between the squares.
    #[test]
    fn reachable_costs_are_distances_on_open_ground() {
        let setup = TeamsSetup::new("Open", 12, 12)
            .team("A")
            .team("B")
            .character(CharacterSetup::new("Mover", 0, Pos::new(5, 6)))
            .character(CharacterSetup::new("Far", 1, Pos::new(11, 11)));
        let s = setup.state().unwrap();
        for budget in 0..=9 {
            let got = reachable(&s, 0, budget);
            for y in 0..12 {
                for x in 0..12 {
                    let p = Pos::new(x, y);
                    let d = distance(Pos::new(5, 6), p);
                    let listed = got.iter().find(|(q, _)| *q == p).map(|(_, c)| *c);
                    let expected = (d <= budget && d > 0 && p != Pos::new(11, 11)).then_some(d);
                    assert_eq!(listed, expected, "{p} with {budget} m");
                }
            }
        }
    }

    #[test]
    fn walls_block_sight_both_ways_and_cover_does_not() {
        let mut setup = TeamsSetup::new("Walls", 8, 3)
            .team("A")
            .team("B")
            .walls([Pos::new(3, 1)])
            .character(CharacterSetup::new("A", 0, Pos::new(0, 0)))
            .character(CharacterSetup::new("B", 1, Pos::new(7, 2)));
        setup.map.cover = vec![Pos::new(4, 0)];
        let s = setup.state().unwrap();
        assert!(!line_of_sight(&s, Pos::new(0, 1), Pos::new(7, 1)));
        assert!(!line_of_sight(&s, Pos::new(7, 1), Pos::new(0, 1)));
        assert!(line_of_sight(&s, Pos::new(0, 0), Pos::new(7, 0)));
        assert!(!line_of_sight(&s, Pos::new(3, 0), Pos::new(3, 2)));
    }
}
