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

// Terrain bits of the movement search: how much a metre costs to enter (0: blocked), then
// whether someone stands there (no ending) and whether an enemy does (no passing).
const COST: u8 = 3;
const TAKEN: u8 = 4;
const ENEMY: u8 = 8;

/// The part of the map a movement of some budget can reach (a metre moves at most one square
/// each way), with a blocked border so that a step never leaves it.
struct Window {
    x0: i32,
    y0: i32,
    x1: i32,
    y1: i32,
    /// Width with the border.
    ww: i32,
}

impl Window {
    fn local(&self, x: i32, y: i32) -> usize {
        ((y - self.y0 + 1) * self.ww + (x - self.x0 + 1)) as usize
    }

    fn pos(&self, i: usize) -> Pos {
        let i = i as i32;
        Pos::new(
            (i % self.ww + self.x0 - 1) as u8,
            (i / self.ww + self.y0 - 1) as u8,
        )
    }
}

/// The last search, kept for the next call: the AI and `fray sim` ask about the same state
/// several times over (listing the legal moves, checking the one chosen, moving), and reusing
/// the buffers saves allocating them each time.
#[derive(Default)]
struct Scratch {
    terrain: Vec<u8>,
    /// What the kept search was run on: its terrain, window, start and budget.
    key: Vec<u8>,
    key_at: (i32, i32, i32, i32, usize, u8),
    /// Whether `best` holds the finished search of `key`.
    kept: bool,
    /// Best cost per square and diagonal parity.
    best: Vec<u8>,
    /// Squares (with parity) waiting, by the cost they were reached at.
    buckets: Vec<Vec<u16>>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::default());
}

/// The cheapest way `mover` can reach every square within `budget` metres: through allies and
/// the fallen but not conscious enemies, difficult terrain costing double, the diagonals of the
/// movement alternating 1 and 2 m. `read` gets the window searched, its terrain bits, the best
/// cost of each square and parity, and the start's index. None if the mover is off the map.
fn search<R>(
    s: &State,
    mover: CharacterId,
    budget: u8,
    read: impl FnOnce(&Window, &[u8], &[u8], usize) -> R,
) -> Option<R> {
    let me = &s.characters[mover];
    let (w, h) = (i32::from(s.map.width), i32::from(s.map.height));
    let (px, py) = (i32::from(me.pos.x), i32::from(me.pos.y));
    if px >= w || py >= h {
        return None;
    }
    let b = i32::from(budget);
    let win = {
        let (x0, x1) = ((px - b).max(0), (px + b).min(w - 1));
        let (y0, y1) = ((py - b).max(0), (py + b).min(h - 1));
        Window {
            x0,
            y0,
            x1,
            y1,
            ww: x1 - x0 + 3,
        }
    };
    let n = (win.ww * (win.y1 - win.y0 + 3)) as usize;
    let start = win.local(px, py);
    Some(SCRATCH.with(|scratch| {
        let mut scratch = scratch.borrow_mut();
        let Scratch {
            terrain,
            key,
            key_at,
            kept,
            best,
            buckets,
        } = &mut *scratch;
        terrain.clear();
        terrain.resize(n, 0);
        for y in win.y0..=win.y1 {
            let row = (y * w) as usize;
            let cells = s
                .map
                .cells
                .get(row + win.x0 as usize..=row + win.x1 as usize);
            let base = win.local(win.x0, y);
            for (k, cell) in cells.into_iter().flatten().enumerate() {
                terrain[base + k] = match cell {
                    Cell::Floor | Cell::DoorOpen => 1,
                    Cell::Difficult => 2,
                    Cell::Wall | Cell::Cover | Cell::DoorClosed => 0,
                };
            }
        }
        for (c, ch) in s.characters.iter().enumerate() {
            let (x, y) = (i32::from(ch.pos.x), i32::from(ch.pos.y));
            if c == mover
                || !ch.is_present()
                || x < win.x0
                || x > win.x1
                || y < win.y0
                || y > win.y1
            {
                continue;
            }
            let t = &mut terrain[win.local(x, y)];
            *t |= TAKEN;
            if ch.is_active() && ch.team != me.team {
                *t |= ENEMY;
            }
        }
        let at = (win.x0, win.y0, win.x1, win.y1, start, budget);
        if !(*kept && *key_at == at && key == terrain) {
            settle(&win, terrain, best, buckets, start, budget);
            key.clear();
            key.extend_from_slice(terrain);
            *key_at = at;
            *kept = true;
        }
        read(&win, terrain, best, start)
    }))
}

/// Dial's algorithm over the window: every step costs at least 1, so taking the waiting
/// squares in order of cost settles each (with its parity) the first time it comes out.
fn settle(
    win: &Window,
    terrain: &[u8],
    best: &mut Vec<u8>,
    buckets: &mut Vec<Vec<u16>>,
    start: usize,
    budget: u8,
) {
    // Each step: its offset, and for a diagonal the offsets of the two squares whose corner
    // it would cut.
    let r = win.ww as isize;
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
    best.clear();
    best.resize(terrain.len() * 2, u8::MAX);
    if buckets.len() <= usize::from(budget) {
        buckets.resize_with(usize::from(budget) + 1, Vec::new);
    }
    for q in buckets.iter_mut() {
        q.clear();
    }
    best[start * 2] = 0;
    buckets[0].push((start * 2) as u16);
    for cost in 0..=budget {
        let mut k = 0;
        while let Some(&slot) = buckets[usize::from(cost)].get(k) {
            k += 1;
            let slot = usize::from(slot);
            if best[slot] != cost {
                continue;
            }
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
                    buckets[usize::from(c)].push(to as u16);
                }
            }
        }
    }
}

/// The metres to square `i` of a finished search, if a movement may end there.
fn end_cost(terrain: &[u8], best: &[u8], start: usize, i: usize) -> Option<u8> {
    let c = best[i * 2].min(best[i * 2 + 1]);
    (i != start && terrain[i] & TAKEN == 0 && c != u8::MAX).then_some(c)
}

/// Every square `mover` can end a movement of `budget` metres on, with the metres it costs:
/// through allies and the fallen but not conscious enemies, never ending on anyone, difficult
/// terrain costing double, the diagonals of the movement alternating 1 and 2 m. Row by row.
pub fn reachable(s: &State, mover: CharacterId, budget: u8) -> Vec<(Pos, u8)> {
    search(s, mover, budget, |win, terrain, best, start| {
        let mut out = Vec::new();
        for y in win.y0..=win.y1 {
            for x in win.x0..=win.x1 {
                if let Some(c) = end_cost(terrain, best, start, win.local(x, y)) {
                    out.push((Pos::new(x as u8, y as u8), c));
                }
            }
        }
        out
    })
    .unwrap_or_default()
}

/// The metres a movement of at most `budget` takes `mover` to `to`, ending there; None if it
/// cannot.
pub fn move_cost(s: &State, mover: CharacterId, budget: u8, to: Pos) -> Option<u8> {
    search(s, mover, budget, |win, terrain, best, start| {
        let (x, y) = (i32::from(to.x), i32::from(to.y));
        let inside = x >= win.x0 && x <= win.x1 && y >= win.y0 && y <= win.y1;
        inside
            .then(|| end_cost(terrain, best, start, win.local(x, y)))
            .flatten()
    })
    .flatten()
}

/// Some square a movement of `budget` takes `mover` to, if there is any.
pub fn any_reachable(s: &State, mover: CharacterId, budget: u8) -> Option<Pos> {
    search(s, mover, budget, |win, terrain, best, start| {
        (0..terrain.len())
            .find(|&i| end_cost(terrain, best, start, i).is_some())
            .map(|i| win.pos(i))
    })
    .flatten()
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

    /// The search stopped at one square gives the cost the full search lists, on a map with
    /// walls, cover, difficult ground, allies and enemies in the way.
    #[test]
    fn a_single_square_costs_what_the_full_search_says() {
        let mut setup = TeamsSetup::new("Cluttered", 11, 9)
            .team("A")
            .team("B")
            .walls([
                Pos::new(4, 2),
                Pos::new(4, 3),
                Pos::new(4, 4),
                Pos::new(7, 6),
            ])
            .character(CharacterSetup::new("Mover", 0, Pos::new(2, 3)))
            .character(CharacterSetup::new("Friend", 0, Pos::new(3, 3)))
            .character(CharacterSetup::new("Foe", 1, Pos::new(3, 5)))
            .character(CharacterSetup::new("Far", 1, Pos::new(10, 8)));
        setup.map.cover = vec![Pos::new(5, 5), Pos::new(6, 1)];
        setup.map.difficult = vec![Pos::new(2, 6), Pos::new(3, 6), Pos::new(5, 3)];
        let s = setup.state().unwrap();
        for budget in 0..=9 {
            let all = reachable(&s, 0, budget);
            assert_eq!(any_reachable(&s, 0, budget).is_some(), !all.is_empty());
            for y in 0..9 {
                for x in 0..11 {
                    let p = Pos::new(x, y);
                    let listed = all.iter().find(|(q, _)| *q == p).map(|(_, c)| *c);
                    assert_eq!(move_cost(&s, 0, budget, p), listed, "{p} with {budget} m");
                }
            }
        }
        // Allies are passed through, enemies not; nobody's square is an end.
        let six = reachable(&s, 0, 6);
        assert!(
            !six.iter()
                .any(|(p, _)| *p == Pos::new(3, 3) || *p == Pos::new(3, 5))
        );
        // Round the wall: a diagonal, two straight, then the second diagonal at 2 m.
        assert_eq!(move_cost(&s, 0, 6, Pos::new(5, 2)), Some(5));
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
