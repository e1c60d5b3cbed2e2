//! The square grid: distances with every second diagonal counting 2 m, line of sight, where a
//! move can take a character, and the geometry of flanks and cover (teams.movement,
//! teams.distances).

use std::ops::ControlFlow;

use super::model::{Cell, Character, Map, Pos, Roster, Shared, Squares, State};
use super::squares::{Layout, Shift, bits, down, up};
use crate::battle::CharacterId;

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

/// The eight directions to a square's neighbours, in the order they are listed.
const NEIGHBOURS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// The eight squares around `p` that lie on the map.
pub fn neighbours(s: &State, p: Pos) -> impl Iterator<Item = Pos> + '_ {
    beside(&s.map, p).map(|(_, q)| q)
}

/// The squares around `p` on `map`, each with its direction's place in [`NEIGHBOURS`].
fn beside(map: &Map, p: Pos) -> impl Iterator<Item = (usize, Pos)> + '_ {
    NEIGHBOURS
        .iter()
        .enumerate()
        .filter_map(move |(k, &(dx, dy))| {
            Some((k, map.inside(i32::from(p.x) + dx, i32::from(p.y) + dy)?))
        })
}

/// What a square's neighbours are, by the terrain alone, a bit per direction of
/// [`NEIGHBOURS`]: read for every square when a map is first searched, since a turn's listing
/// asks it of the character's square at every decision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Around {
    /// Open to a 1 m step: open ground, not difficult, the corner of nothing that blocks cut.
    steps: u8,
    /// A door, open or shut.
    doors: u8,
    /// Whether anything to take cover behind stands next to the square.
    cover: bool,
}

impl Around {
    /// Square `p`'s, read from the map a neighbour at a time.
    fn of(map: &Map, p: Pos) -> Around {
        let mut a = Around::default();
        for (k, q) in beside(map, p) {
            let step = map.cell(q) != Cell::Difficult && map.walkable(q) && corner_clear(map, p, q);
            a.steps |= u8::from(step) << k;
            a.doors |= u8::from(matches!(map.cell(q), Cell::DoorOpen | Cell::DoorClosed)) << k;
            a.cover |= map.gives_cover(q);
        }
        a
    }

    /// The squares of the directions `set` names about `p` that nobody present stands on.
    fn free(s: &State, p: Pos, set: u8) -> impl Iterator<Item = Pos> {
        // Who stands about is read only where some square is asked of.
        let taken = if set == 0 {
            0
        } else {
            about(s, p, |sq| sq.present, Character::is_present)
        };
        // The directions whose squares are taken, by a mask: who stands about follows no
        // pattern a branch could guess.
        let taken_ways = NEIGHBOURS
            .iter()
            .enumerate()
            .fold(0u8, |ways, (k, &(dx, dy))| {
                let at = (dy + 1) * 3 + dx + 1;
                ways | u8::from(taken >> at & 1 != 0) << k
            });
        bits(u64::from(set & !taken_ways)).map(move |k| {
            let (dx, dy) = NEIGHBOURS[k];
            Pos::new((i32::from(p.x) + dx) as u8, (i32::from(p.y) + dy) as u8)
        })
    }
}

/// What square `p`'s neighbours are ([`Around`]), as kept for the map.
fn around(s: &State, p: Pos) -> Around {
    let (w, h) = (s.map.width, s.map.height);
    if p.x >= w || p.y >= h || w > 64 || h > 64 {
        return Around::of(&s.map, p);
    }
    SCRATCH.with(|scratch| {
        let mut scratch = scratch.borrow_mut();
        scratch.sync(s);
        scratch.around[s.map.index(p)]
    })
}

/// Whether nothing that blocks sight (a wall, a closed door) lies between the two squares. The
/// line is traced both ways and either clear trace counts, so sight is mutual.
pub fn line_of_sight(s: &State, a: Pos, b: Pos) -> bool {
    let (w, h) = (usize::from(s.map.width), usize::from(s.map.height));
    let n = w * h;
    let on_map = |p: Pos| p.x < s.map.width && p.y < s.map.height;
    if n > SIGHT_SQUARES_AT_MOST || !on_map(a) || !on_map(b) || s.map.cells.len() < n {
        return traced_sight(s, a, b);
    }
    SIGHT.with(|sight| {
        let mut sight = sight.borrow_mut();
        if !sight.map.holds(&s.map) {
            sight.known.clear();
            sight.known.resize(n * n, 0);
        }
        let (i, j) = (s.map.index(a), s.map.index(b));
        match sight.known[i * n + j] {
            1 => true,
            2 => false,
            _ => {
                let clear = traced_sight(s, a, b);
                let known = if clear { 1 } else { 2 };
                sight.known[i * n + j] = known;
                sight.known[j * n + i] = known;
                clear
            }
        }
    })
}

/// Lines of sight already traced, kept while the map stays the same (as the movement searches
/// are): battle after battle asks about the same pairs of squares.
#[derive(Default)]
struct Sight {
    /// The map the lines were traced on.
    map: KeptMap,
    /// Per pair of squares (from, to), by their indices on the map: 0 not traced yet, 1 clear,
    /// 2 blocked.
    known: Vec<u8>,
}

/// Maps of more squares trace every line anew: the pairs of a 32 by 32 map take 1 MB.
const SIGHT_SQUARES_AT_MOST: usize = 1024;

thread_local! {
    static SIGHT: std::cell::RefCell<Sight> = std::cell::RefCell::new(Sight::default());
}

/// The map that answers were kept for: its width and its cells' shared copy, which nothing
/// changes while it is held here (a change copies the cells first), so that the same map is
/// known by the copy's address, as it is at every decision of a battle but the first.
#[derive(Default)]
struct KeptMap {
    width: u8,
    cells: Option<Shared<Vec<Cell>>>,
}

impl KeptMap {
    /// Whether `map` is the map kept, the same copy or the same cells; if not, it is kept from
    /// now on.
    fn holds(&mut self, map: &Map) -> bool {
        let kept = |same: fn(&Shared<Vec<Cell>>, &Shared<Vec<Cell>>) -> bool| {
            self.width == map.width && self.cells.as_ref().is_some_and(|k| same(k, &map.cells))
        };
        if kept(Shared::same_copy) {
            return true;
        }
        let same = kept(|k, cells| **k == **cells);
        // Another copy of the same cells is kept in its place, so the next question is
        // answered by the address.
        self.width = map.width;
        self.cells = Some(map.cells.clone());
        same
    }
}

/// Sight traced: either way clear counts.
fn traced_sight(s: &State, a: Pos, b: Pos) -> bool {
    // Along a row, a column or a true diagonal both traces cross the same squares: the one
    // back is asked only where the line bends.
    let straight = a.x == b.x || a.y == b.y || a.x.abs_diff(b.x) == a.y.abs_diff(b.y);
    clear_trace(s, a, b) || (!straight && clear_trace(s, b, a))
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
fn corner_clear(map: &Map, from: Pos, to: Pos) -> bool {
    if from.x == to.x || from.y == to.y {
        return true;
    }
    map.walkable(Pos::new(to.x, from.y)) && map.walkable(Pos::new(from.x, to.y))
}

/// Who stands where for a movement search, as sets of the map's squares ([`Layout`]): the
/// squares a conscious enemy of the mover blocks, and those anyone stands on. With the map's
/// terrain ([`Board`]), the start and the budget, it is all a search depends on.
#[derive(Default)]
struct Terrain {
    enemy: Vec<u64>,
    /// Squares someone other than the mover stands on: passed through, never ended on.
    taken: Vec<u64>,
    start: (u8, u8),
    budget: u8,
}

impl Terrain {
    /// Who stands where about `mover` on the map of `s`, laid out as `at`, for a movement of
    /// `budget`.
    fn read(&mut self, s: &State, mover: CharacterId, budget: u8, at: Layout) {
        let me = &s.characters[mover];
        self.start = (me.pos.x, me.pos.y);
        self.budget = budget;
        if let Some(sq) = s.roster().and_then(Roster::squares)
            && sq.layout == at
        {
            // The roster keeps where everyone stands: its sets are these, less the mover.
            let mine = if me.is_present() {
                sq.bit(me.pos).unwrap_or(0)
            } else {
                0
            };
            for (set, bits) in [
                (&mut self.taken, sq.present & !mine),
                (&mut self.enemy, sq.enemies_of(me.team)),
            ] {
                set.clear();
                set.push(bits as u64);
                if at.words == 2 {
                    set.push((bits >> 64) as u64);
                }
            }
            return;
        }
        for set in [&mut self.enemy, &mut self.taken] {
            set.clear();
            set.resize(at.words, 0);
        }
        for (c, ch) in s.characters.iter().enumerate() {
            let (x, y) = (usize::from(ch.pos.x), usize::from(ch.pos.y));
            if c == mover || !ch.is_present() || x >= at.width || y >= at.height {
                continue;
            }
            let k = at.index(x, y);
            let (word, bit) = (k / 64, 1u64 << (k % 64));
            self.taken[word] |= bit;
            if ch.is_active() && ch.team != me.team {
                self.enemy[word] |= bit;
            }
        }
    }

    /// The squares a movement may end on, of those it `reach`es: nobody there, not the
    /// start. Into `ends`, whose first `at.words` words it hands back.
    fn ends<'e>(&self, reach: &[u64], at: Layout, ends: &'e mut [u64; WORDS_AT_MOST]) -> &'e [u64] {
        for ((e, r), t) in ends.iter_mut().zip(reach).zip(&self.taken) {
            *e = r & !t;
        }
        let start = at.index(usize::from(self.start.0), usize::from(self.start.1));
        ends[start / 64] &= !(1 << (start % 64));
        &ends[..at.words]
    }
}

/// Words a set of a map's squares takes at most: a 64 by 64 map, 65 squares to a row with its
/// empty column.
const WORDS_AT_MOST: usize = 65;

/// A search's answer for one start and budget, as sets of the map's squares. The metres to
/// each square are not kept: they are asked only of a movement taken and of the squares the
/// board shows, and those search anew ([`search_costed`]).
#[derive(Default)]
struct Found {
    /// The enemies in the way when it was searched: those standing where the search with no
    /// enemies goes on from (none for that search itself).
    in_the_way: Vec<u64>,
    /// The squares a movement reaches (either diagonal parity).
    reach: Vec<u64>,
    /// Of those, the squares reached with metres to spare: those a movement goes on from.
    onward: Vec<u64>,
}

impl Found {
    /// The enemies standing where this answer goes on from.
    fn enemies_on<'e>(&'e self, enemy: &'e [u64]) -> impl Iterator<Item = u64> + 'e {
        enemy.iter().zip(&self.onward).map(|(e, on)| e & on)
    }

    /// The search just settled in `work`, into this answer's sets, refilled where they stand
    /// (`in_the_way` is the caller's).
    fn fill(&mut self, at: Layout, work: &Work) {
        let k = at.words;
        let (even, odd, spare) = (
            &work.reached[..k],
            &work.reached[k..2 * k],
            &work.reached[2 * k..3 * k],
        );
        self.reach.clear();
        self.reach.extend(even.iter().zip(odd).map(|(e, o)| e | o));
        self.onward.clear();
        self.onward.extend_from_slice(spare);
    }
}

/// Searches already made, kept while the map stays the same: `fray sim` and the AI play the
/// same map battle after battle, and a character comes back to the same squares, so most
/// searches have been made before.
#[derive(Default)]
struct Scratch {
    terrain: Terrain,
    /// The map `board` was read from: the map changes only when a door opens or shuts, and
    /// then every kept answer goes.
    map: KeptMap,
    board: Board,
    /// Per square of the map (`y * width + x`), what its neighbours are.
    around: Vec<Around>,
    /// Per start square (`y * 64 + x`) and budget, the answer with no enemies, which stands
    /// wherever they are but in the way; and the last answer with enemies in the way.
    open: Vec<Vec<(u8, Found)>>,
    crowded: Vec<Vec<(u8, Found)>>,
    /// How many answers are kept, so they never grow past [`KEPT_AT_MOST`].
    kept: usize,
    work: Work,
}

impl Scratch {
    /// Keeps to the map of `s` (at most 64 squares a side): if it is not the map kept, its
    /// board and its squares' neighbours are read, and every answer kept goes; so do they all
    /// when there are too many.
    fn sync(&mut self, s: &State) {
        let (w, h) = (usize::from(s.map.width), usize::from(s.map.height));
        let new_map = !self.map.holds(&s.map) || self.board.at.height != h;
        if new_map || self.kept >= KEPT_AT_MOST {
            self.open
                .iter_mut()
                .chain(self.crowded.iter_mut())
                .for_each(Vec::clear);
            self.kept = 0;
        }
        if new_map {
            self.board
                .read(&s.map.cells[..s.map.cells.len().min(w * h)], w, h);
            self.around.clear();
            self.around.extend(
                (0..w * h).map(|i| Around::of(&s.map, Pos::new((i % w) as u8, (i / w) as u8))),
            );
        }
    }
}

/// The search's own buffers, kept from one search to the next.
#[derive(Default)]
struct Work {
    /// Per metre up to the budget, the squares first reached at that cost (`words` words
    /// each), when the search is asked to keep them.
    by_cost: Vec<u64>,
    /// Per cost and diagonal parity, the squares waiting at that cost.
    pending: Vec<u64>,
    /// Per parity, the squares reached, a set each; then those reached with metres to spare.
    reached: Vec<u64>,
}

/// Answers kept at most (three sets of the map's squares each, under 2 kB on the largest map):
/// a 64 by 64 map with every budget would hold far more than a battle asks for again.
const KEPT_AT_MOST: usize = 16_384;

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::default());
}

/// The cheapest way `mover` can reach every square within `budget` metres: through allies and
/// the fallen but not conscious enemies, difficult terrain costing double, the diagonals of the
/// movement alternating 1 and 2 m, no diagonal cutting the corner of anything that blocks.
/// `read` gets the terrain searched, the squares reached and the map's layout. None if the
/// mover is off the map or the map is larger than 64 squares a side.
fn search<R>(
    s: &State,
    mover: CharacterId,
    budget: u8,
    read: impl FnOnce(&Terrain, &[u64], Layout) -> R,
) -> Option<R> {
    with_scratch(s, mover, budget, |scratch| {
        let Scratch {
            terrain,
            board,
            open,
            crowded,
            kept,
            work,
            ..
        } = scratch;
        let at = board.at;
        let start = usize::from(terrain.start.1) * 64 + usize::from(terrain.start.0);
        if open.len() <= start {
            open.resize_with(64 * 64, Vec::new);
            crowded.resize_with(64 * 64, Vec::new);
        }
        let mut search = |with_enemies: bool, into: &mut Found| {
            settle(board, terrain, with_enemies, false, work);
            into.fill(at, work);
        };
        let k = match open[start].iter().position(|(b, _)| *b == budget) {
            Some(k) => k,
            None => {
                *kept += 1;
                let mut answer = Found::default();
                search(false, &mut answer);
                open[start].push((budget, answer));
                open[start].len() - 1
            }
        };
        // Enemies change the answer only where they stand in its way: an enemy's square is
        // never an end, and one the movement reaches with no metres to spare leads nowhere.
        // Costs only grow with enemies about, so no other square comes into the way.
        let free = &open[start][k].1;
        if free.enemies_on(&terrain.enemy).all(|e| e == 0) {
            return read(terrain, &free.reach, at);
        }
        // An answer with enemies in the way holds while the same squares a movement goes on
        // from are barred: an enemy's square is reached but not left, so one elsewhere bars
        // nothing, and nobody ends on anyone's square in any answer.
        let k = match crowded[start].iter().position(|(b, _)| *b == budget) {
            Some(k) => k,
            None => {
                *kept += 1;
                crowded[start].push((budget, Found::default()));
                crowded[start].len() - 1
            }
        };
        let answer = &mut crowded[start][k].1;
        if answer.reach.is_empty()
            || !answer
                .in_the_way
                .iter()
                .copied()
                .eq(free.enemies_on(&terrain.enemy))
        {
            // The last answer's sets are refilled where they stand, not made anew.
            answer.in_the_way.clear();
            answer.in_the_way.extend(free.enemies_on(&terrain.enemy));
            search(true, answer);
        }
        read(terrain, &crowded[start][k].1.reach, at)
    })
}

/// The kept searches to `f`, kept to the map of `s`, with the terrain read for a movement of
/// `mover`'s of `budget`. None if the mover is off the map or the map is larger than 64
/// squares a side.
fn with_scratch<R>(
    s: &State,
    mover: CharacterId,
    budget: u8,
    f: impl FnOnce(&mut Scratch) -> R,
) -> Option<R> {
    let me = &s.characters[mover];
    let (w, h) = (usize::from(s.map.width), usize::from(s.map.height));
    if me.pos.x >= s.map.width || me.pos.y >= s.map.height || w > 64 || h > 64 {
        return None;
    }
    Some(SCRATCH.with(|scratch| {
        let mut scratch = scratch.borrow_mut();
        scratch.sync(s);
        let at = scratch.board.at;
        scratch.terrain.read(s, mover, budget, at);
        f(&mut scratch)
    }))
}

/// [`search`], searched anew with the metres to each square kept: `read` gets the terrain,
/// the squares reached, the map's layout and, per metre from 0 to the budget, the squares
/// first reached at that cost (a set each).
fn search_costed<R>(
    s: &State,
    mover: CharacterId,
    budget: u8,
    read: impl FnOnce(&Terrain, &[u64], Layout, &[u64]) -> R,
) -> Option<R> {
    with_scratch(s, mover, budget, |scratch| {
        let Scratch {
            terrain,
            board,
            work,
            ..
        } = scratch;
        let at = board.at;
        // With the enemies always: where none is in the way, they change nothing.
        settle(board, terrain, true, true, work);
        let mut found = Found::default();
        found.fill(at, work);
        read(terrain, &found.reach, at, &work.by_cost)
    })
}

/// Whether square (x, y), on the map, is among `ends`.
fn ends_on(ends: &[u64], at: Layout, x: usize, y: usize) -> bool {
    let k = at.index(x, y);
    ends[k / 64] & 1 << (k % 64) != 0
}

/// The metres to square (x, y) by `by_cost` (a set per metre, `at.words` words each); MAX if
/// it is not reached.
fn cost(by_cost: &[u64], at: Layout, x: usize, y: usize) -> u8 {
    let k = at.index(x, y);
    let (word, bit) = (k / 64, k % 64);
    by_cost
        .chunks(at.words.max(1))
        .position(|set| set.get(word).is_some_and(|w| w >> bit & 1 != 0))
        .map_or(u8::MAX, |c| c as u8)
}

/// The map's terrain as long rows of squares (`squares`), read again only when the map
/// changes.
#[derive(Default)]
struct Board {
    at: Layout,
    walk: Vec<u64>,
    difficult: Vec<u64>,
    /// Per diagonal of [`DIAGONALS`], the squares a diagonal step may leave by: both squares
    /// beside the step open ground, so that it cuts the corner of nothing that blocks.
    corners: [Vec<u64>; 4],
}

/// The four diagonals, as (dx, dy).
const DIAGONALS: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

impl Board {
    /// The terrain of `map`, `w` by `h` cells row by row: the squares one may cross and those
    /// that cost double.
    fn read(&mut self, map: &[Cell], w: usize, h: usize) {
        let at = Layout::new(w, h);
        self.at = at;
        let mut sets = [&mut self.walk, &mut self.difficult];
        for set in &mut sets {
            set.clear();
            set.resize(at.words, 0);
        }
        for (i, cell) in map.iter().enumerate() {
            let k = at.index(i % w, i / w);
            let (walk, difficult) = match cell {
                Cell::Floor | Cell::DoorOpen => (true, false),
                Cell::Difficult => (true, true),
                Cell::Wall | Cell::Cover | Cell::DoorClosed => (false, false),
            };
            self.walk[k / 64] |= u64::from(walk) << (k % 64);
            self.difficult[k / 64] |= u64::from(difficult) << (k % 64);
        }
        let (walk, one, row) = (&self.walk, Shift::new(1), Shift::new(at.stride));
        for (corner, &(dx, dy)) in self.corners.iter_mut().zip(&DIAGONALS) {
            corner.clear();
            corner.extend((0..at.words).map(|i| {
                // The square beside the step across (x + dx) and the one along (y + dy).
                let across = if dx > 0 {
                    down(walk, one, i)
                } else {
                    up(walk, one, i)
                };
                let along = if dy > 0 {
                    down(walk, row, i)
                } else {
                    up(walk, row, i)
                };
                across & along
            }));
        }
    }
}

/// Dial's algorithm over the whole map at once: every step costs at least 1, so taking the
/// costs in order settles each square (with its diagonal parity) the first time it comes out.
/// A straight step costs 1, a diagonal 1 or 2 by the parity of the diagonals so far, each
/// doubled into difficult terrain. The answer is left in `work`, with the squares first
/// reached at each metre if `costs` asks for them.
fn settle(b: &Board, t: &Terrain, with_enemies: bool, costs: bool, work: &mut Work) {
    // The search's sets are arrays of a size fixed at compile time, so that its loops over
    // their words unroll and nothing is cleared past the map: the few sizes below serve
    // every map (a larger size holds a smaller map, its last words empty).
    match b.at.words {
        // Every shipped map: one number of 128 bits, shifted whole, in place of words.
        1 | 2 => settle_small(b, t, with_enemies, costs, work),
        3 => settle_in::<3>(b, t, with_enemies, costs, work),
        4 => settle_in::<4>(b, t, with_enemies, costs, work),
        5..=8 => settle_in::<8>(b, t, with_enemies, costs, work),
        _ => settle_in::<65>(b, t, with_enemies, costs, work),
    }
}

/// [`settle`] on a map of at most two words, each set one `u128`: a step of the whole set is
/// one shift, with no words to carry between, which the search of the ten by eight maps the
/// shipped scenarios play on spent most of its time on. It answers exactly as
/// `settle_in::<2>` does (a test holds the two together).
fn settle_small(b: &Board, t: &Terrain, with_enemies: bool, costs: bool, work: &mut Work) {
    // The search shifts by a row and a row and a square each step: by numbers the compiler
    // knows, on the maps of a stride of 16, each shift of 128 bits is two or three
    // instructions, where a number read at run time takes several more.
    if b.at.stride == 16 {
        settle_small_by(b, t, with_enemies, costs, work, 16)
    } else {
        settle_small_by(b, t, with_enemies, costs, work, b.at.stride)
    }
}

/// [`settle_small`], `row` the stride.
#[inline(always)]
fn settle_small_by(
    b: &Board,
    t: &Terrain,
    with_enemies: bool,
    costs: bool,
    work: &mut Work,
    row: usize,
) {
    let Work {
        by_cost, reached, ..
    } = work;
    let at = b.at;
    let k = at.words;
    debug_assert!(k <= 2);
    let set = |words: &[u64]| {
        u128::from(words.first().copied().unwrap_or(0))
            | u128::from(words.get(1).copied().unwrap_or(0)) << 64
    };
    let budget = usize::from(t.budget);
    by_cost.clear();
    // Per cost and diagonal parity, the squares waiting at that cost: a ring of the next
    // eight costs, since no step costs more than 4 m (a second diagonal into difficult
    // ground). A cost's squares are taken out as it is settled, so its place is free for
    // the cost eight metres on.
    let mut pending = [[0u128; 2]; RING];
    let start = at.index(usize::from(t.start.0), usize::from(t.start.1));
    pending[0][0] = 1 << start;
    let pass = set(&b.walk);
    let barred = if with_enemies { set(&t.enemy) } else { 0 };
    let difficult = set(&b.difficult);
    let corners: [u128; 4] = std::array::from_fn(|d| set(&b.corners[d]));
    let (row_on, row_back) = (row + 1, row - 1);
    let mut settled = [0u128; 2];
    let (mut costed, mut spare) = (0u128, 0u128);
    let words = |x: u128| [x as u64, (x >> 64) as u64];
    for c in 0..=budget {
        if c == budget {
            spare = costed;
        }
        let before = costed;
        for (p, done) in settled.iter_mut().enumerate() {
            let f = std::mem::take(&mut pending[c % RING][p]) & !*done;
            if f == 0 {
                continue;
            }
            *done |= f;
            costed |= f;
            let from = f & !barred;
            let straight = from << 1 | from >> 1 | from << row | from >> row;
            // Along DIAGONALS: (1, 1), (-1, 1), (1, -1), (-1, -1).
            let diagonal = (from & corners[0]) << row_on
                | (from & corners[1]) << row_back
                | (from & corners[2]) >> row_back
                | (from & corners[3]) >> row_on;
            let (sd, dd) = (straight & pass, diagonal & pass);
            let (q, step) = if p == 0 { (1, 1) } else { (0, 2) };
            for (m, to, parity) in [
                (sd & !difficult, c + 1, p),
                (sd & difficult, c + 2, p),
                (dd & !difficult, c + step, q),
                (dd & difficult, c + 2 * step, q),
            ] {
                pending[to % RING][parity] |= m;
            }
        }
        if costs {
            by_cost.extend_from_slice(&words(costed & !before)[..k]);
        }
    }
    reached.clear();
    for x in [settled[0], settled[1], spare] {
        reached.extend_from_slice(&words(x)[..k]);
    }
}

/// The costs ahead [`settle_small`] keeps squares waiting for: more than the dearest step.
const RING: usize = 8;

/// [`settle`] with sets of `K` words, at least the map's.
fn settle_in<const K: usize>(
    b: &Board,
    t: &Terrain,
    with_enemies: bool,
    costs: bool,
    work: &mut Work,
) {
    let Work {
        by_cost,
        pending,
        reached,
        ..
    } = work;
    let at = b.at;
    let k = at.words;
    let budget = usize::from(t.budget);
    by_cost.clear();
    // Steps cost at most 4 (a second diagonal into difficult ground): room past the budget.
    let levels = budget + 5;
    pending.clear();
    pending.resize(levels * 2 * K, 0);
    let level = |c: usize, p: usize| (c * 2 + p) * K;
    let start = at.index(usize::from(t.start.0), usize::from(t.start.1));
    pending[start / 64] = 1 << (start % 64);
    let word = |set: &[u64], i: usize| set.get(i).copied().unwrap_or(0);
    let pass: [u64; K] = std::array::from_fn(|i| word(&b.walk, i));
    // A conscious enemy's square is reached, with its cost, but never left: nobody moves on
    // through it, and nobody ends there either (`ends` leaves out everyone's square).
    let barred: [u64; K] =
        std::array::from_fn(|i| if with_enemies { word(&t.enemy, i) } else { 0 });
    let difficult: [u64; K] = std::array::from_fn(|i| word(&b.difficult, i));
    let corners: [[u64; K]; 4] =
        std::array::from_fn(|d| std::array::from_fn(|i| word(&b.corners[d], i)));
    let mut settled = [[0u64; K]; 2];
    // Which (cost, parity) levels have anything waiting, as bits (costs up to 255, two
    // parities: 512 bits): most levels have nothing.
    let mut live = [0u64; 9];
    live[0] = 1;
    let is_live = |live: &[u64; 9], l: usize| live[l / 64] & (1 << (l % 64)) != 0;
    // Squares given their cost already (by either parity).
    let mut costed = [0u64; K];
    let stride = at.stride;
    let (one, row, row_on, row_back) = (
        Shift::new(1),
        Shift::new(stride),
        Shift::new(stride + 1),
        Shift::new(stride - 1),
    );
    // The squares reached with metres to spare: costed before the last metre.
    let mut spare = [0u64; K];
    for c in 0..=budget {
        if c == budget {
            spare = costed;
        }
        let before = costed;
        for (p, done) in settled.iter_mut().enumerate() {
            if !is_live(&live, c * 2 + p) {
                continue;
            }
            let here = level(c, p);
            let mut frontier = [0u64; K];
            let mut any = 0;
            for i in 0..K {
                let f = pending[here + i] & !done[i];
                done[i] |= f;
                frontier[i] = f;
                any |= f;
                costed[i] |= f;
            }
            if any == 0 {
                continue;
            }
            let from: [u64; K] = std::array::from_fn(|i| frontier[i] & !barred[i]);
            let leaving: [[u64; K]; 4] =
                std::array::from_fn(|d| std::array::from_fn(|i| from[i] & corners[d][i]));
            let f = &from;
            let (q, step) = if p == 0 { (1, 1) } else { (0, 2) };
            for i in 0..K {
                let straight = up(f, one, i) | down(f, one, i) | up(f, row, i) | down(f, row, i);
                // Along DIAGONALS: (1, 1), (-1, 1), (1, -1), (-1, -1).
                let diagonal = up(&leaving[0], row_on, i)
                    | up(&leaving[1], row_back, i)
                    | down(&leaving[2], row_back, i)
                    | down(&leaving[3], row_on, i);
                let (sd, dd) = (straight & pass[i], diagonal & pass[i]);
                let (hard, easy) = (difficult[i], !difficult[i]);
                for (m, to, parity) in [
                    (sd & easy, c + 1, p),
                    (sd & hard, c + 2, p),
                    (dd & easy, c + step, q),
                    (dd & hard, c + 2 * step, q),
                ] {
                    if m != 0 && to <= budget {
                        pending[level(to, parity) + i] |= m;
                        let l = to * 2 + parity;
                        live[l / 64] |= 1 << (l % 64);
                    }
                }
            }
        }
        if costs {
            by_cost.extend((0..k).map(|i| costed[i] & !before[i]));
        }
    }
    reached.clear();
    reached.extend_from_slice(&settled[0][..k]);
    reached.extend_from_slice(&settled[1][..k]);
    reached.extend_from_slice(&spare[..k]);
}

/// Each square a movement of `budget` takes `mover` to, row by row, with its metres.
fn each_reachable(s: &State, mover: CharacterId, budget: u8, mut f: impl FnMut(Pos, u8)) {
    search_costed(s, mover, budget, |t, reach, at, by_cost| {
        let mut room = [0; WORDS_AT_MOST];
        let ends = t.ends(reach, at, &mut room);
        for y in 0..at.height {
            for x in bits(at.row(ends, y)) {
                f(Pos::new(x as u8, y as u8), cost(by_cost, at, x, y));
            }
        }
    });
}

/// Every square `mover` can end a movement of `budget` metres on, with the metres it costs:
/// through allies and the fallen but not conscious enemies, never ending on anyone, difficult
/// terrain costing double, the diagonals of the movement alternating 1 and 2 m. Row by row.
pub fn reachable(s: &State, mover: CharacterId, budget: u8) -> Vec<(Pos, u8)> {
    let mut out = Vec::with_capacity(64);
    each_reachable(s, mover, budget, |p, c| out.push((p, c)));
    out
}

/// The squares alone, row by row, to `emit`, which may stop them.
pub fn each_reachable_square(
    s: &State,
    mover: CharacterId,
    budget: u8,
    emit: &mut impl FnMut(Pos) -> ControlFlow<()>,
) -> ControlFlow<()> {
    // The rows are copied out first: `emit` runs with the kept searches free to search again.
    let mut rows = [0u64; 64];
    let h = search(s, mover, budget, |t, reach, at| {
        let mut room = [0; WORDS_AT_MOST];
        let ends = t.ends(reach, at, &mut room);
        for (y, row) in rows.iter_mut().enumerate().take(at.height) {
            *row = at.row(ends, y);
        }
        at.height
    })
    .unwrap_or(0);
    for (y, &row) in rows.iter().enumerate().take(h) {
        for x in bits(row) {
            emit(Pos::new(x as u8, y as u8))?;
        }
    }
    ControlFlow::Continue(())
}

/// Whether a movement of at most `budget` can take `mover` to `to`, ending there.
pub fn can_end_on(s: &State, mover: CharacterId, budget: u8, to: Pos) -> bool {
    let (x, y) = (usize::from(to.x), usize::from(to.y));
    search(s, mover, budget, |t, reach, at| {
        x < at.width
            && y < at.height
            && ends_on(t.ends(reach, at, &mut [0; WORDS_AT_MOST]), at, x, y)
    })
    .unwrap_or(false)
}

/// The metres a movement of at most `budget` takes `mover` to `to`, ending there; None if it
/// cannot.
pub fn move_cost(s: &State, mover: CharacterId, budget: u8, to: Pos) -> Option<u8> {
    let (x, y) = (usize::from(to.x), usize::from(to.y));
    search_costed(s, mover, budget, |t, reach, at, by_cost| {
        (x < at.width
            && y < at.height
            && ends_on(t.ends(reach, at, &mut [0; WORDS_AT_MOST]), at, x, y))
        .then(|| cost(by_cost, at, x, y))
    })
    .flatten()
}

/// Some square a movement of `budget` takes `mover` to, if there is any.
pub fn any_reachable(s: &State, mover: CharacterId, budget: u8) -> Option<Pos> {
    search(s, mover, budget, |t, reach, at| {
        let mut room = [0; WORDS_AT_MOST];
        let ends = t.ends(reach, at, &mut room);
        (0..at.height).find_map(|y| {
            let row = at.row(ends, y);
            (row != 0).then(|| Pos::new(row.trailing_zeros() as u8, y as u8))
        })
    })
    .flatten()
}

/// What the square `p` has about it ([`Around`]), read once for a listing that asks several
/// things of it: its steps, its doors, its cover.
pub fn around_square(s: &State, p: Pos) -> Beside {
    Beside {
        at: p,
        around: around(s, p),
    }
}

/// A square and what its neighbours are ([`around_square`]).
#[derive(Clone, Copy)]
pub struct Beside {
    at: Pos,
    around: Around,
}

impl Beside {
    /// Squares a 1 m step reaches: next to the square, open, empty, not difficult.
    pub fn steps<'a>(self, s: &'a State) -> impl Iterator<Item = Pos> + 'a {
        Around::free(s, self.at, self.around.steps)
    }

    /// The doors, open or shut, beside the square that nobody stands in.
    pub fn doors<'a>(self, s: &'a State) -> impl Iterator<Item = Pos> + 'a {
        Around::free(s, self.at, self.around.doors)
    }

    /// Whether anything to take cover behind stands next to the square.
    pub fn cover(self) -> bool {
        self.around.cover
    }
}

/// Whether `target` has conscious enemies of its own on two opposite sides (teams.sneak-flank).
pub fn flanked(s: &State, target: CharacterId) -> bool {
    let t = &s.characters[target];
    let on_map = |c: &Character| c.pos.x < s.map.width && c.pos.y < s.map.height;
    let around = about(
        s,
        t.pos,
        |sq| sq.enemies_of(t.team),
        |c| on_map(c) & c.is_active() & (c.team != t.team),
    );
    // Opposite squares: across, along, and the two diagonals.
    [(5, 3), (7, 1), (8, 0), (2, 6)]
        .iter()
        .any(|&(a, b)| around >> a & around >> b & 1 != 0)
}

/// The squares about `p` (its own among them) where someone stands of whom `keep` holds, a bit
/// each of the 3×3 block centred on `p` ([`block_bit`]): read off the roster's squares where
/// it keeps them (`kept` names there the squares of those `keep` holds of), or else in one
/// pass over the characters rather than one pass a square, `&` and a shift by 0 for those not
/// about, since who is about follows no pattern a branch could guess.
fn about(
    s: &State,
    p: Pos,
    kept: impl Fn(&Squares) -> u128,
    keep: impl Fn(&Character) -> bool,
) -> u16 {
    if let Some(block) = s
        .roster()
        .and_then(Roster::squares)
        .and_then(|sq| sq.about(kept(sq), p))
    {
        return block;
    }
    s.characters.iter().fold(0, |bits, c| {
        let near = (c.pos.x.abs_diff(p.x) <= 1) & (c.pos.y.abs_diff(p.y) <= 1);
        let at = if near { block_bit(p, c.pos) } else { 0 };
        bits | u16::from(near & keep(c)) << at
    })
}

/// Square `q`'s bit in the 3×3 block centred on `p`, `q` within 1 of `p` either way:
/// (dy + 1) * 3 + dx + 1.
fn block_bit(p: Pos, q: Pos) -> u16 {
    (u16::from(q.y) + 1 - u16::from(p.y)) * 3 + (u16::from(q.x) + 1 - u16::from(p.x))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::teams::{CharacterSetup, Status, TeamsSetup};

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

    /// The movement search as first written, one square at a time: Dial's buckets over a
    /// window of the map. The search of the whole map at once must agree with it everywhere.
    fn reference(s: &State, mover: CharacterId, budget: u8) -> Vec<(Pos, u8)> {
        const COST: u8 = 3;
        const TAKEN: u8 = 4;
        const ENEMY: u8 = 8;
        let me = &s.characters[mover];
        let (w, h) = (i32::from(s.map.width), i32::from(s.map.height));
        let (px, py) = (i32::from(me.pos.x), i32::from(me.pos.y));
        let b = i32::from(budget);
        let (x0, x1) = ((px - b).max(0), (px + b).min(w - 1));
        let (y0, y1) = ((py - b).max(0), (py + b).min(h - 1));
        let ww = x1 - x0 + 3;
        let local = |x: i32, y: i32| ((y - y0 + 1) * ww + (x - x0 + 1)) as usize;
        let n = (ww * (y1 - y0 + 3)) as usize;
        let mut terrain = vec![0u8; n];
        for y in y0..=y1 {
            for x in x0..=x1 {
                terrain[local(x, y)] = match s.map.cell(Pos::new(x as u8, y as u8)) {
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
            terrain[local(x, y)] |= TAKEN;
            if ch.is_active() && ch.team != me.team {
                terrain[local(x, y)] |= ENEMY;
            }
        }
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
        let mut best = vec![u8::MAX; n * 2];
        let mut buckets = vec![Vec::new(); usize::from(budget) + 1];
        let start = local(px, py);
        best[start * 2] = 0;
        buckets[0].push(start * 2);
        for cost in 0..=budget {
            let mut k = 0;
            while let Some(&slot) = buckets[usize::from(cost)].get(k) {
                k += 1;
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
                        buckets[usize::from(c)].push(to);
                    }
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

    /// The squares the listing reads ([`each_reachable_square`], from the kept answers), in
    /// order.
    fn squares(s: &State, mover: CharacterId, budget: u8) -> Vec<Pos> {
        let mut out = Vec::new();
        let _ = each_reachable_square(s, mover, budget, &mut |p| {
            out.push(p);
            ControlFlow::Continue(())
        });
        out
    }

    /// On random maps of at most two words, random enemies, starts and budgets, the search of
    /// one long number finds what the search word by word finds, metre by metre.
    #[test]
    fn the_small_search_is_the_search_by_words() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut searched = 0;
        for case in 0..3000 {
            let (w, h) = (rng.random_range(1..=64usize), rng.random_range(1..=12usize));
            if Layout::new(w, h).words > 2 {
                continue;
            }
            let map: Vec<Cell> = (0..w * h)
                .map(|_| match rng.random_range(0..8) {
                    0 => Cell::Wall,
                    1 => Cell::Difficult,
                    2 => Cell::Cover,
                    3 => Cell::DoorClosed,
                    4 => Cell::DoorOpen,
                    _ => Cell::Floor,
                })
                .collect();
            let mut board = Board::default();
            board.read(&map, w, h);
            let mut enemy = vec![0; board.at.words];
            for y in 0..h {
                board
                    .at
                    .put_row(&mut enemy, y, rng.random::<u64>() & rng.random::<u64>());
            }
            let terrain = Terrain {
                enemy,
                taken: vec![0; board.at.words],
                start: (rng.random_range(0..w) as u8, rng.random_range(0..h) as u8),
                budget: rng.random_range(0..14),
            };
            for with_enemies in [false, true] {
                let (mut small, mut words) = (Work::default(), Work::default());
                settle_small(&board, &terrain, with_enemies, true, &mut small);
                settle_in::<2>(&board, &terrain, with_enemies, true, &mut words);
                assert_eq!(small.by_cost, words.by_cost, "case {case}");
                assert_eq!(small.reached, words.reached, "case {case}");
                searched += 1;
            }
        }
        assert!(searched > 1000, "{searched} searches");
    }

    /// Random maps of every size up to the widest and the tallest, random terrain and people:
    /// the search of the whole map at once finds exactly what the search a square at a time
    /// finds.
    #[test]
    fn the_whole_map_search_agrees_with_the_square_search() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for case in 0..400 {
            let w = if case % 10 == 0 {
                64
            } else {
                rng.random_range(1..=14u8)
            };
            // Now and then the tallest map, whose long row of squares runs over 65 words.
            let h = if case % 20 == 5 {
                64
            } else {
                rng.random_range(1..=12u8)
            };
            let mut setup = TeamsSetup::new("Random", w, h).team("A").team("B");
            let at = |rng: &mut rand_chacha::ChaCha8Rng| {
                Pos::new(rng.random_range(0..w), rng.random_range(0..h))
            };
            scatter_terrain(&mut setup, &mut rng, usize::from(w) * usize::from(h) / 4);
            // People on open squares only (the setup refuses others), of either team.
            let open = setup.state().unwrap().map;
            let mut people = Vec::new();
            for _ in 0..rng.random_range(1..6) {
                let p = at(&mut rng);
                if open.walkable(p) && !people.contains(&p) {
                    people.push(p);
                }
            }
            if people.is_empty() {
                continue;
            }
            for (k, &p) in people.iter().enumerate() {
                let team = if k == 0 { 0 } else { rng.random_range(0..2) };
                setup = setup.character(CharacterSetup::new(format!("C{k}"), team, p));
            }
            let mut s = setup.state().unwrap();
            for c in s.characters.iter_mut().skip(1) {
                c.status = match rng.random_range(0..6) {
                    0 => Status::Unconscious,
                    1 => Status::Dead,
                    _ => Status::Active,
                };
            }
            s.index_roster();
            for budget in [0, 1, 3, 6, 9] {
                let got = reachable(&s, 0, budget);
                assert_eq!(got, reference(&s, 0, budget), "case {case}, {budget} m");
                assert_eq!(
                    squares(&s, 0, budget),
                    got.iter().map(|&(p, _)| p).collect::<Vec<_>>(),
                    "case {case}, {budget} m"
                );
                for &(p, c) in &got {
                    assert_eq!(move_cost(&s, 0, budget, p), Some(c));
                }
                assert_eq!(any_reachable(&s, 0, budget).is_some(), !got.is_empty());
            }
        }
    }

    /// Sight is the either-way trace on random walled maps, for every pair of squares, before
    /// and after a square of the map changes: the trace back is skipped only where it crosses
    /// the same squares as the trace there, and the lines kept go with the map they were
    /// traced on.
    /// `n` squares of `setup`'s map, drawn at random, made walls, cover, difficult ground or
    /// doors shut or open.
    fn scatter_terrain(setup: &mut TeamsSetup, rng: &mut rand_chacha::ChaCha8Rng, n: usize) {
        use rand::RngExt;
        let (w, h) = (setup.map.width, setup.map.height);
        for _ in 0..n {
            let p = Pos::new(rng.random_range(0..w), rng.random_range(0..h));
            match rng.random_range(0..5) {
                0 => setup.map.walls.push(p),
                1 => setup.map.cover.push(p),
                2 => setup.map.difficult.push(p),
                3 => setup.map.doors.push(p),
                _ => setup.map.open_doors.push(p),
            }
        }
    }

    /// On random maps, and after a square changes (a door opening or shutting), the
    /// neighbours kept for each square are the map's own read a neighbour at a time; and the
    /// steps and the doors listed from them are those the rules name, square by square: open
    /// ground or a door beside the character, nobody there, a step neither difficult nor
    /// cutting a corner.
    #[test]
    fn kept_neighbours_are_the_maps_own() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let anyone = TeamsSetup::new("One", 1, 1)
            .team("A")
            .team("B")
            .character(CharacterSetup::new("Any", 0, Pos::new(0, 0)))
            .state()
            .unwrap()
            .characters[0]
            .clone();
        let mut compared = 0;
        for case in 0..60 {
            let (w, h) = (rng.random_range(1..=12u8), rng.random_range(1..=10u8));
            let mut setup = TeamsSetup::new("Terrain", w, h).team("A").team("B");
            scatter_terrain(&mut setup, &mut rng, usize::from(w) * usize::from(h) / 3);
            let mut s = setup.state().unwrap();
            for change in 0..3 {
                if change > 0 {
                    let i = rng.random_range(0..s.map.cells.len());
                    let cell = match s.map.cells[i] {
                        Cell::DoorClosed => Cell::DoorOpen,
                        Cell::DoorOpen => Cell::Floor,
                        _ => Cell::DoorClosed,
                    };
                    s.map.set_cell(i, cell);
                }
                for y in 0..h {
                    for x in 0..w {
                        let p = Pos::new(x, y);
                        assert_eq!(around(&s, p), Around::of(&s.map, p), "case {case} {p:?}");
                        // Someone at p, and others about at random.
                        let mut t = s.clone();
                        t.characters.clear();
                        let mut stood = vec![p];
                        for q in neighbours(&s, p) {
                            if rng.random_bool(0.3) {
                                stood.push(q);
                            }
                        }
                        for (i, q) in stood.into_iter().enumerate() {
                            let mut c = anyone.clone();
                            c.pos = q;
                            c.status = if i > 0 && rng.random_bool(0.2) {
                                Status::Dead
                            } else {
                                Status::Active
                            };
                            t.characters.push(c);
                        }
                        t.index_roster();
                        let free = |q: Pos| t.occupant(q).is_none();
                        let plain_steps: Vec<Pos> = neighbours(&t, p)
                            .filter(|&q| {
                                t.map.cell(q) != Cell::Difficult
                                    && t.map.walkable(q)
                                    && corner_clear(&t.map, p, q)
                                    && free(q)
                            })
                            .collect();
                        let beside = around_square(&t, p);
                        assert_eq!(beside.steps(&t).collect::<Vec<_>>(), plain_steps);
                        let plain_doors: Vec<Pos> = neighbours(&t, p)
                            .filter(|&q| {
                                matches!(t.map.cell(q), Cell::DoorOpen | Cell::DoorClosed)
                                    && free(q)
                            })
                            .collect();
                        assert_eq!(beside.doors(&t).collect::<Vec<_>>(), plain_doors);
                        let plain_cover = neighbours(&t, p).any(|q| t.map.gives_cover(q));
                        assert_eq!(beside.cover(), plain_cover);
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 3000, "{compared} squares");
    }

    #[test]
    fn sight_is_either_trace_and_mutual() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for case in 0..40 {
            let (w, h) = (rng.random_range(2..=12u8), rng.random_range(2..=10u8));
            let mut setup = TeamsSetup::new("Walls", w, h).team("A").team("B");
            for _ in 0..(usize::from(w) * usize::from(h) / 5) {
                let p = Pos::new(rng.random_range(0..w), rng.random_range(0..h));
                setup.map.walls.push(p);
            }
            let mut s = setup.state().unwrap();
            let squares = || (0..h).flat_map(|y| (0..w).map(move |x| Pos::new(x, y)));
            // The lines kept from the map as it was never answer for it once a square changes
            // (a door opening, here any square at all).
            for change in 0..2 {
                if change == 1 {
                    let i = rng.random_range(0..s.map.cells.len());
                    let cell = match s.map.cells[i] {
                        Cell::Wall => Cell::Floor,
                        _ => Cell::DoorClosed,
                    };
                    s.map.set_cell(i, cell);
                }
                for a in squares() {
                    for b in squares() {
                        let either = clear_trace(&s, a, b) || clear_trace(&s, b, a);
                        let at = format!("case {case}, change {change}: {a} to {b}");
                        assert_eq!(line_of_sight(&s, a, b), either, "{at}");
                        assert_eq!(line_of_sight(&s, b, a), either, "{at}");
                    }
                }
            }
        }
    }

    /// The kept answers never stand in for a search whose enemies have moved: on one map, people
    /// wander, fall and get up, and doors open and shut, and every search agrees with the
    /// square-at-a-time search, whatever was kept from the searches before.
    #[test]
    fn kept_searches_follow_the_people_and_the_doors() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        // Small enough that the same starts come back with enemies in the way, often.
        let (w, h) = (9u8, 7u8);
        let mut setup = TeamsSetup::new("Wander", w, h).team("A").team("B");
        setup.map.walls = vec![Pos::new(4, 1), Pos::new(4, 2), Pos::new(4, 3)];
        setup.map.difficult = vec![Pos::new(2, 5), Pos::new(3, 5), Pos::new(7, 1)];
        setup.map.doors = vec![Pos::new(4, 4)];
        setup.map.cover = vec![Pos::new(7, 6)];
        let spots = [(1, 1), (2, 3), (6, 2), (7, 5), (8, 3), (3, 6)];
        for (k, &(x, y)) in spots.iter().enumerate() {
            setup = setup.character(CharacterSetup::new(format!("C{k}"), k % 2, Pos::new(x, y)));
        }
        let mut s = setup.state().unwrap();
        for round in 0..4000 {
            let c = rng.random_range(0..s.characters.len());
            match rng.random_range(0..8) {
                0 => {
                    s.characters[c].status = match s.characters[c].status {
                        Status::Active => Status::Unconscious,
                        _ => Status::Active,
                    };
                    s.restand(c);
                }
                1 => {
                    let door = Pos::new(4, 4);
                    if s.occupant(door).is_none() {
                        let i = s.map.index(door);
                        let cell = match s.map.cells[i] {
                            Cell::DoorOpen => Cell::DoorClosed,
                            _ => Cell::DoorOpen,
                        };
                        s.map.set_cell(i, cell);
                    }
                }
                _ => {
                    let to = Pos::new(rng.random_range(0..w), rng.random_range(0..h));
                    if s.map.walkable(to) && s.occupant(to).is_none() {
                        s.place(c, to);
                    }
                }
            }
            let mover = rng.random_range(0..s.characters.len());
            for budget in [2, 3, 5] {
                let want = reference(&s, mover, budget);
                assert_eq!(
                    reachable(&s, mover, budget),
                    want,
                    "step {round}, C{mover} with {budget} m"
                );
                // The kept answers, which the listing reads, and the costed search, anew.
                assert_eq!(
                    squares(&s, mover, budget),
                    want.iter().map(|&(p, _)| p).collect::<Vec<_>>(),
                    "step {round}, C{mover} with {budget} m"
                );
            }
        }
    }

    /// One square's cost is what the full search lists, on a map with walls, cover, difficult
    /// ground, allies and enemies in the way.
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
                    assert_eq!(can_end_on(&s, 0, budget, p), listed.is_some(), "{p}");
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
