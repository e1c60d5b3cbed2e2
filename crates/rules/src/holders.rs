//! Who holds which item: an index kept beside the items' own locations, so that a listing of
//! a turn's actions reads what its character carries, and what lies within its reach, without
//! going through every item of the battle (that pass was a tenth of a random battle's time).
//! Three actions and Zones keep one each, the ground by square for the one and by zone for the
//! other.

use crate::battle::CharacterId;

/// The bits set in `set`, lowest first: the columns of a row of squares, or the items of a set
/// of items, in order.
pub fn bits(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let i = set.trailing_zeros() as usize;
            set &= set - 1;
            i
        })
    })
}

/// The items the index names (`indexed`, a bit each), or while there is no index the items of
/// `places` (each item's location, in item order) that pass `at`: in item order either way.
pub fn items_where<'a, L: Copy + 'a>(
    indexed: Option<u64>,
    places: impl Iterator<Item = L> + 'a,
    at: impl Fn(L) -> bool + 'a,
) -> impl Iterator<Item = usize> + 'a {
    let scan = indexed.is_none().then(|| {
        places
            .enumerate()
            .filter(move |&(_, l)| at(l))
            .map(|(i, _)| i)
    });
    bits(indexed.unwrap_or(0)).chain(scan.into_iter().flatten())
}

/// Where an item is, as far as the index cares: on the ground, which of the places the
/// ruleset's index tells apart (Three actions' one, the ground; Zones', each zone); or nowhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Held {
    Hand(CharacterId),
    Pack(CharacterId),
    Ground(usize),
    Gone,
}

/// The items by where they are, a bit per item: in each character's hands, in its pack, in
/// each place on the ground. Derived from the items' locations and kept with them by each
/// ruleset's `State::put_item`; not saved, and equal whenever the items are, so two states
/// compare by their items alone.
#[derive(Clone, Debug, Default)]
pub struct Holders {
    hands: Vec<u64>,
    packs: Vec<u64>,
    ground: Vec<u64>,
    /// Whether it indexes every item: not for a state read from a file, nor one with more
    /// than 64 items or characters, whose items are read one by one instead.
    built: bool,
}

impl PartialEq for Holders {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Holders {}

impl Holders {
    /// The index of the items at `places` (item by item) among `characters` characters and
    /// `grounds` places on the ground.
    pub fn of(places: &[Held], characters: usize, grounds: usize) -> Holders {
        if places.len() > 64 || characters > 64 {
            return Holders::default();
        }
        let mut h = Holders {
            hands: vec![0; characters],
            packs: vec![0; characters],
            ground: vec![0; grounds],
            built: true,
        };
        for (i, &at) in places.iter().enumerate() {
            h.put(i, at);
        }
        h
    }

    /// Some while it indexes every item.
    pub fn get(&self) -> Option<&Holders> {
        self.built.then_some(self)
    }

    /// Moves item `i`, whose location is `location`, to `to` (`held` reading a location as
    /// the index does), and keeps the index with it.
    pub fn relocate<L: Copy>(&mut self, i: usize, location: &mut L, to: L, held: fn(L) -> Held) {
        let from = std::mem::replace(location, to);
        self.moved(i, held(from), held(to));
    }

    /// Item `i` has gone from `from` to `to`.
    pub fn moved(&mut self, i: usize, from: Held, to: Held) {
        if !self.built {
            return;
        }
        if let Some(set) = self.set(from) {
            *set &= !(1u64 << i);
        }
        self.put(i, to);
    }

    fn put(&mut self, i: usize, to: Held) {
        if to == Held::Gone {
            return;
        }
        if i < 64
            && let Some(set) = self.set(to)
        {
            *set |= 1u64 << i;
        } else {
            // Somewhere it cannot say: the items are read one by one from now on.
            *self = Holders::default();
        }
    }

    fn set(&mut self, at: Held) -> Option<&mut u64> {
        match at {
            Held::Hand(c) => self.hands.get_mut(c),
            Held::Pack(c) => self.packs.get_mut(c),
            Held::Ground(p) => self.ground.get_mut(p),
            Held::Gone => None,
        }
    }

    /// The items in `c`'s hands.
    pub fn hands(&self, c: CharacterId) -> u64 {
        self.hands.get(c).copied().unwrap_or(0)
    }

    /// The items `c` carries, in hand or packed.
    pub fn carried(&self, c: CharacterId) -> u64 {
        self.hands(c) | self.packs.get(c).copied().unwrap_or(0)
    }

    /// The items lying on the ground at place `p`.
    pub fn ground(&self, p: usize) -> u64 {
        self.ground.get(p).copied().unwrap_or(0)
    }

    /// Whether the two index the same items the same way (`==` holds always: see above).
    #[cfg(feature = "checks")]
    pub fn same(&self, other: &Holders) -> bool {
        (&self.hands, &self.packs, &self.ground, self.built)
            == (&other.hands, &other.packs, &other.ground, other.built)
    }
}
