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
    dims: Vec<Dim>,
    /// At each point (the first parameter varying slowest), its value and its set of
    /// definitions and tables used (in `Folded::used`); `NOT_FOLDED` where evaluating
    /// stopped (the caller then calls the definition with values, and it stops the same way).
    points: Points,
    folded: &'b Folded,
}

const NOT_FOLDED: u32 = u32::MAX;

/// The points, as narrow as their values allow: a definition's points are read one per call
/// at scattered places, so half the bytes is about half the cache misses (`score`'s 3,920
/// points fit a core's first-level cache narrow, not wide).
enum Points {
    Narrow(Vec<(i32, u32)>),
    Wide(Vec<(i64, u32)>),
}

/// One parameter: an argument `a` is at offset `offsets[a - lo]` in `points` along this
/// parameter (its place times the points each place spans), `OUTSIDE` if not in the domain.
/// A lookup per argument, whatever the domain's kind, and no multiplication.
struct Dim {
    lo: i64,
    offsets: Vec<u32>,
}

const OUTSIDE: u32 = u32::MAX;

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
        let domains = d.domains.as_ref()?;
        // From the last parameter to the first: each place times the points a place spans.
        let mut span = 1u32;
        let mut dims = Vec::with_capacity(domains.len());
        for domain in domains.iter().rev() {
            let (lo, places): (i64, Vec<u32>) = match domain {
                Domain::Ints(lo, hi) => (*lo, (0..=(hi - lo) as u32).collect()),
                Domain::Values(v, _) if *v == [Value::Bool(false), Value::Bool(true)] => {
                    (0, vec![0, 1])
                }
                // By the value's slot: its place in the domain plus one, 0 if not in it.
                Domain::Values(_, places) => (
                    0,
                    places
                        .iter()
                        .map(|&p| u32::from(p).checked_sub(1).unwrap_or(OUTSIDE))
                        .collect(),
                ),
            };
            let offsets = places
                .iter()
                .map(|&p| if p == OUTSIDE { OUTSIDE } else { p * span })
                .collect();
            dims.push(Dim { lo, offsets });
            span = span.checked_mul(domain.len() as u32)?;
        }
        dims.reverse();
        let wide = folded
            .points
            .iter()
            .map(|point| match point {
                Some((Value::Int(n), set)) => Some((*n, *set)),
                Some(_) => None,
                None => Some((0, NOT_FOLDED)),
            })
            .collect::<Option<Vec<_>>>()?;
        let points = match wide
            .iter()
            .map(|&(n, set)| Some((i32::try_from(n).ok()?, set)))
            .collect::<Option<Vec<_>>>()
        {
            Some(narrow) => Points::Narrow(narrow),
            None => Points::Wide(wide),
        };
        Some(IntEntry {
            dims,
            points,
            folded,
        })
    }

    /// The value at these arguments (see [`slot`]), the definitions and tables it rests on
    /// marked used in `ev`; none outside the domains or at a point not folded. Inlined into
    /// the caller's loop, as a hand-written scorer is: called out of line at every board, it
    /// loaded its tables' places again each time (`cargo bench --bench corpus -- --eval`:
    /// 3.1× the hand-written function, 2.3× inlined).
    #[inline(always)]
    pub fn call(&self, ev: &Evaluator, args: &[i64]) -> Option<i64> {
        if args.len() != self.dims.len() {
            return None;
        }
        // An argument outside its domain adds `OUTSIDE`, more than any point's place: the sum
        // is then past the points, one check for all the arguments.
        let mut p = 0u64;
        for (d, &a) in self.dims.iter().zip(args) {
            // Below `lo` wraps to a place far outside.
            p += u64::from(*d.offsets.get(a.wrapping_sub(d.lo) as usize)?);
        }
        let p = usize::try_from(p).ok()?;
        let (value, set) = match &self.points {
            Points::Narrow(points) => points.get(p).map(|&(n, set)| (i64::from(n), set))?,
            Points::Wide(points) => *points.get(p)?,
        };
        if set == NOT_FOLDED {
            return None;
        }
        ev.mark_folded(self.folded, set);
        Some(value)
    }
}
