//! The parts of the table the law book's view reads, each counting its changes, so that the
//! view is built again only when one of them has changed (`Table::view`): a table asks the
//! law book some six questions an event, most of them on the same state.

use std::ops::Deref;

/// A part of the table the view reads: read through `Deref`; changed only through
/// [`Watched::change`], which counts the change. Nothing else gives a `&mut` to it, so the
/// compiler finds every place that changes it.
#[derive(Clone, Debug, Default)]
pub(super) struct Watched<T> {
    value: T,
    changes: u64,
}

impl<T> Watched<T> {
    pub(super) fn new(value: T) -> Watched<T> {
        Watched { value, changes: 0 }
    }

    /// The part, to change: counted as a change whether or not the caller changes it.
    pub(super) fn change(&mut self) -> &mut T {
        self.changes += 1;
        &mut self.value
    }

    /// Replace the part: a change only if the new value differs.
    pub(super) fn set(&mut self, value: T)
    where
        T: PartialEq,
    {
        if self.value != value {
            *self.change() = value;
        }
    }

    /// How many times the part was handed out to change. Only grows, so the sum over the
    /// parts changes exactly when one of them does.
    pub(super) fn changes(&self) -> u64 {
        self.changes
    }
}

impl<T> Deref for Watched<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.value
    }
}

#[cfg(test)]
mod tests {
    use super::Watched;

    #[test]
    fn every_change_is_counted_and_reading_is_not() {
        let mut w = Watched::new(vec![1]);
        assert_eq!((w.len(), w.changes()), (1, 0));
        w.change().push(2);
        w.set(vec![3]);
        assert_eq!((&*w, w.changes()), (&vec![3], 2));
        w.set(vec![3]);
        assert_eq!(w.changes(), 2, "the same value again is no change");
        let copy = w.clone();
        assert_eq!(copy.changes(), 2, "a copy keeps the count");
    }
}
