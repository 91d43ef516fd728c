//! A folded definition called from Rust with typed arguments: each argument an integer (a
//! number as itself, a bool as 0 or 1, an enumerated value as [`slot`] gives it), the value an
//! integer; no [`Value`] is built, matched or dropped. The typed slots of the compiled form,
//! at the boundary: what a program that asks the same definition for many boards calls
//! (`score --pbn`: Law 77's `score` at each board), with the definitions and tables the value
//! rests on marked used, as for any call.
//!
//! Nothing here names a law: any definition the law book folds whose parameters are numbers,
//! bools or enumerated values and whose points are integers has an entry.

use super::expr::Evaluator;
use super::value::Value;
use crate::compile::{Domain, Folded};
use crate::eval::book::CompiledBook;

/// A folded definition's points as a dense table over typed arguments.
pub struct IntEntry<'b> {
    define: usize,
    dims: Vec<Dim>,
    /// At each point (the first parameter varying slowest), its value and its set of
    /// definitions and tables used, `NOT_FOLDED` where evaluating stopped (the caller then
    /// calls the definition with values, and it stops the same way).
    points: Vec<(i64, u32)>,
    folded: &'b Folded,
}

const NOT_FOLDED: u32 = u32::MAX;

enum Dim {
    /// `lo..lo + len`; a bool is `0..2`.
    Ints { lo: i64, len: usize },
    /// An enumerated type: each value's place in the domain plus one by its slot (0: not in
    /// the domain).
    Places { places: Vec<u8>, len: usize },
}

/// An argument as the entry takes it: a number as itself, a bool as 0 or 1, an enumerated
/// value (seat, side, suit, strain, rank) by its place among all of them
/// ([`Value::enum_index`]); none for any other value.
#[inline]
pub fn slot(v: &Value) -> Option<i64> {
    match v {
        Value::Int(n) => Some(*n),
        Value::Bool(b) => Some(i64::from(*b)),
        _ => v.enum_index().map(|i| i as i64),
    }
}

impl<'b> IntEntry<'b> {
    /// The entry of definition `name`, if the book folds it, its parameters' domains are
    /// numbers, bools or enumerated values, and every folded point is an integer.
    pub fn new(book: &'b CompiledBook, name: &str) -> Option<IntEntry<'b>> {
        let d = book.program.define(name)?;
        let folded = book.program.folded.get(d.index)?.as_ref()?;
        let dims = d
            .domains
            .as_ref()?
            .iter()
            .map(|domain| match domain {
                Domain::Ints(lo, hi) => Some(Dim::Ints {
                    lo: *lo,
                    len: (hi - lo + 1) as usize,
                }),
                Domain::Values(v, _) if *v == [Value::Bool(false), Value::Bool(true)] => {
                    Some(Dim::Ints { lo: 0, len: 2 })
                }
                Domain::Values(v, places) => Some(Dim::Places {
                    places: places.clone(),
                    len: v.len(),
                }),
            })
            .collect::<Option<Vec<Dim>>>()?;
        let points = folded
            .points
            .iter()
            .map(|point| match point {
                Some((Value::Int(n), set)) => Some((*n, *set)),
                Some(_) => None,
                None => Some((0, NOT_FOLDED)),
            })
            .collect::<Option<Vec<_>>>()?;
        Some(IntEntry {
            define: d.index,
            dims,
            points,
            folded,
        })
    }

    /// The value at these arguments (see [`slot`]), the definitions and tables it rests on
    /// marked used in `ev`; none outside the domains or at a point not folded.
    #[inline]
    pub fn call(&self, ev: &Evaluator, args: &[i64]) -> Option<i64> {
        if args.len() != self.dims.len() {
            return None;
        }
        let mut p = 0usize;
        for (d, &a) in self.dims.iter().zip(args) {
            let (place, len) = match d {
                // Below `lo` wraps to a place far above `len`.
                Dim::Ints { lo, len } => (a.wrapping_sub(*lo) as usize, *len),
                Dim::Places { places, len } => {
                    let k = usize::try_from(a).ok()?;
                    (usize::from(*places.get(k)?).checked_sub(1)?, *len)
                }
            };
            if place >= len {
                return None;
            }
            p = p * len + place;
        }
        let (value, set) = self.points[p];
        if set == NOT_FOLDED {
            return None;
        }
        ev.mark_folded(self.define, set, &self.folded.used[set as usize]);
        Some(value)
    }
}
