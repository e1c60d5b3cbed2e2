//! Who holds which item: an index kept beside the items' own locations, so that a listing of
//! a turn's actions reads what its character carries, and what lies within its reach, without
//! going through every item of the battle (that pass was a tenth of a random battle's time).

use crate::battle::CharacterId;

/// Where an item is, as far as the index cares: which square of the ground does not matter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Held {
    Hand(CharacterId),
    Pack(CharacterId),
    Ground,
}

/// The items by where they are, a bit per item: in each character's hands, in its pack, on the
/// ground. Derived from the items' locations and kept with them by [`super::State::put_item`];
/// not saved, and equal whenever the items are, so two states compare by their items alone.
#[derive(Clone, Debug, Default)]
pub struct Holders {
    hands: Vec<u64>,
    packs: Vec<u64>,
    ground: u64,
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
    /// The index of the items at `places` (item by item) among `characters` characters.
    pub fn of(places: &[Held], characters: usize) -> Holders {
        if places.len() > 64 || characters > 64 {
            return Holders::default();
        }
        let mut h = Holders {
            hands: vec![0; characters],
            packs: vec![0; characters],
            ground: 0,
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
            Held::Ground => Some(&mut self.ground),
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

    pub fn ground(&self) -> u64 {
        self.ground
    }

    /// Whether the two index the same items the same way (`==` holds always: see above).
    #[cfg(feature = "checks")]
    pub fn same(&self, other: &Holders) -> bool {
        (&self.hands, &self.packs, self.ground, self.built)
            == (&other.hands, &other.packs, other.ground, other.built)
    }
}
