//! A short list on the stack: a listing's scratch lists (what a character carries, the items
//! about it) hold a handful of entries at every decision, and a heap list each time would cost
//! more than filling them.

/// Up to `N` entries on the stack; past that, all of them on the heap.
pub struct Few<T, const N: usize> {
    few: [T; N],
    len: usize,
    many: Vec<T>,
}

impl<T: Copy + Default, const N: usize> Few<T, N> {
    pub fn new() -> Self {
        Few {
            few: [T::default(); N],
            len: 0,
            many: Vec::new(),
        }
    }

    pub fn push(&mut self, x: T) {
        if self.many.is_empty() && self.len < N {
            self.few[self.len] = x;
            self.len += 1;
        } else {
            if self.many.is_empty() {
                self.many.extend_from_slice(&self.few);
            }
            self.many.push(x);
        }
    }

    pub fn as_slice(&self) -> &[T] {
        if self.many.is_empty() {
            &self.few[..self.len]
        } else {
            &self.many
        }
    }
}

impl<T: Copy + Default, const N: usize> Default for Few<T, N> {
    fn default() -> Self {
        Few::new()
    }
}

impl<T: Copy + Default, const N: usize> FromIterator<T> for Few<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut out = Few::new();
        for x in iter {
            out.push(x);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whatever the count, the entries come back as pushed, on the stack or past it.
    #[test]
    fn entries_come_back_in_order_on_either_side_of_the_stack() {
        for n in [0usize, 1, 3, 4, 5, 11] {
            let few: Few<usize, 4> = (0..n).map(|k| k * 7).collect();
            assert_eq!(
                few.as_slice(),
                (0..n).map(|k| k * 7).collect::<Vec<_>>(),
                "{n}"
            );
        }
    }
}
