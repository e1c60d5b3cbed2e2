//! A set of a map's squares as one long row of bits, square (x, y) at bit `y * stride + x`, the
//! stride more than the map's width. The extra columns are never part of the map, so a step
//! off the end of a row lands on nothing, and a step of the whole set in one direction is one
//! shift of the long row: a few words on a small map, where a word a row would take a row at a
//! time.

pub use crate::holders::bits;

/// How a map's squares lie in the long row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Layout {
    pub width: usize,
    pub height: usize,
    /// Bits from one row to the next: the width and at least one empty column. A map of at most
    /// 15 by 8 squares (every shipped one) takes 16, so that its search shifts by numbers
    /// known when it is compiled ([`crate::teams::grid`]'s `settle_small`).
    pub stride: usize,
    /// Words a set of this map's squares takes.
    pub words: usize,
}

impl Layout {
    pub fn new(width: usize, height: usize) -> Layout {
        let stride = if width < 16 && height <= 8 {
            16
        } else {
            width + 1
        };
        Layout {
            width,
            height,
            stride,
            words: (stride * height).div_ceil(64),
        }
    }

    pub fn index(&self, x: usize, y: usize) -> usize {
        y * self.stride + x
    }

    /// Adds row `y` (bit x for column x, at most `width` bits) to `set`.
    #[cfg(test)]
    pub fn put_row(&self, set: &mut [u64], y: usize, row: u64) {
        let row = row & self.row_mask();
        let at = self.index(0, y);
        let (word, bit) = (at / 64, at % 64);
        set[word] |= row << bit;
        if bit > 0 && bit + self.width > 64 {
            set[word + 1] |= row >> (64 - bit);
        }
    }

    /// Row `y` of `set`, bit x for column x.
    pub fn row(&self, set: &[u64], y: usize) -> u64 {
        let at = self.index(0, y);
        let (word, bit) = (at / 64, at % 64);
        let mut row = set[word] >> bit;
        if bit > 0 && bit + self.width > 64 {
            row |= set[word + 1] << (64 - bit);
        }
        row & self.row_mask()
    }

    fn row_mask(&self) -> u64 {
        if self.width >= 64 {
            u64::MAX
        } else {
            (1u64 << self.width) - 1
        }
    }
}

/// A shift of a set by a step's bits, split into whole words and the bits left: a search
/// shifts every frontier by the same four amounts.
#[derive(Clone, Copy)]
pub struct Shift {
    words: usize,
    bits: u32,
}

impl Shift {
    pub fn new(n: usize) -> Shift {
        Shift {
            words: n / 64,
            bits: (n % 64) as u32,
        }
    }
}

/// Word `i` of `set` moved by `s` towards the higher indices (bit j of the answer is bit j - n
/// of `set`); what moves past either end is gone.
pub fn up(set: &[u64], s: Shift, i: usize) -> u64 {
    let word = |back: usize| i.checked_sub(back).map_or(0, |j| set[j]);
    // `>> 1 >> (63 - bits)` is `>> (64 - bits)`, and nothing when the bits are none.
    word(s.words) << s.bits | word(s.words + 1) >> 1 >> (63 - s.bits)
}

/// Word `i` of `set` moved by `s` towards the lower indices (bit j of the answer is bit j + n
/// of `set`).
pub fn down(set: &[u64], s: Shift, i: usize) -> u64 {
    let word = |on: usize| set.get(i + on).copied().unwrap_or(0);
    word(s.words) >> s.bits | word(s.words + 1) << 1 << (63 - s.bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bits(set: &[u64]) -> Vec<usize> {
        (0..set.len() * 64)
            .filter(|&b| set[b / 64] & 1 << (b % 64) != 0)
            .collect()
    }

    /// Rows go in and come out as they were, on maps whose rows cross words and on the widest.
    #[test]
    fn rows_come_back_as_they_went_in() {
        for (w, h) in [(1, 1), (10, 8), (12, 10), (40, 7), (63, 3), (64, 64)] {
            let at = Layout::new(w, h);
            let mut set = vec![0; at.words];
            let row = |y: usize| (0x9E37_79B9_7F4A_7C15u64).rotate_left(y as u32 * 7);
            for y in 0..h {
                at.put_row(&mut set, y, row(y));
            }
            for y in 0..h {
                assert_eq!(at.row(&set, y), row(y) & at.row_mask(), "{w}x{h} row {y}");
            }
            // Nothing lands in the empty column or past the last row.
            for b in bits(&set) {
                assert!(b % at.stride < w && b / at.stride < h, "{w}x{h}: bit {b}");
            }
        }
    }

    /// Shifting a set word by word moves every bit by exactly `n`, across words too, and
    /// drops what falls off either end.
    #[test]
    fn shifts_move_every_bit_by_n() {
        let set = [
            0x8000_0000_0000_0001u64,
            0x0000_0001_8000_0000,
            0xF000_0000_0000_000F,
        ];
        let total = set.len() * 64;
        for n in [0, 1, 11, 13, 63, 64, 65, 66, 130] {
            let moved_up: Vec<u64> = (0..set.len()).map(|i| up(&set, Shift::new(n), i)).collect();
            let moved_down: Vec<u64> = (0..set.len())
                .map(|i| down(&set, Shift::new(n), i))
                .collect();
            let before = bits(&set);
            let want_up: Vec<usize> = before
                .iter()
                .map(|b| b + n)
                .filter(|&b| b < total)
                .collect();
            let want_down: Vec<usize> = before.iter().filter_map(|b| b.checked_sub(n)).collect();
            assert_eq!(bits(&moved_up), want_up, "up {n}");
            assert_eq!(bits(&moved_down), want_down, "down {n}");
        }
    }
}
