//! Pure definitions folded when the law book loads: a definition that reads no state of the
//! table and whose parameters all have finite domains (`compile::CDefine::domains`: a declared
//! `level: 1..7`, a bool, a seat, a strain) is evaluated once at every point of its domains,
//! and the evaluator then looks its value up instead of walking its body (Law 77's `score`:
//! 3,920 points, each about a hundred evaluation steps). Nothing here names a law.
//!
//! The interpreted path stays the reference: a point where evaluating stops (a table without a
//! row for it) is not folded and is interpreted when asked, so it stops the same way; an
//! argument outside the domain is interpreted too. Each point remembers which definitions and
//! tables it used, so the paragraphs a ruling rests on are the same.

use super::expr::{Evaluator, Findings, View};
use crate::compile::{Domain, Folded, Program};
use crate::eval::book::CompiledBook;
use crate::eval::value::Value;
use std::collections::HashMap;

/// The most points one definition is folded at; a larger one stays interpreted.
pub const MAX_POINTS: usize = 65_536;

/// Evaluation steps one point may take.
pub(crate) const POINT_BUDGET: u64 = 100_000;

/// Evaluation steps folding one definition may take (Law 77's `score` takes about 400,000),
/// and a whole book: a law book written to be slow to fold loads in bounded time, what could
/// not be afforded left interpreted.
pub const FOLD_BUDGET: u64 = 5_000_000;
pub const BOOK_FOLD_BUDGET: u64 = 20_000_000;

/// Fold every pure definition of `book` with finite domains of at most `MAX_POINTS` points.
/// The book is not lowered, or lowered with nothing folded.
pub fn fold(book: &mut CompiledBook) {
    // Every point from the definitions' bodies, never from an earlier fold: the book's code,
    // if any, is lowered with nothing folded (`CompiledBook::new`).
    book.program.folded = vec![];
    book.program.folded_sets = 0;
    let mut folded: Vec<Option<Folded>> = vec![None; book.program.defines.len()];
    let mut total_spent: u64 = 0;
    let mut sets_total = 0;
    {
        let findings = Findings::default();
        let view = View::default();
        for d in &book.program.defines {
            let Some(domains) = &d.domains else { continue };
            let Some(total) = points(domains) else {
                continue;
            };
            let mut f = Folded::default();
            let mut sets: HashMap<(Vec<usize>, Vec<usize>), u32> = HashMap::new();
            if total_spent > BOOK_FOLD_BUDGET {
                break;
            }
            let mut spent: u64 = 0;
            // Through the book's code when it has some (lowered with nothing folded: some six
            // times the reference interpreter's speed), else walked by the reference.
            let ev = Evaluator::new(book, &findings, POINT_BUDGET);
            for point in 0..total {
                if spent > FOLD_BUDGET {
                    break;
                }
                ev.restart(POINT_BUDGET);
                let value = ev.call_at(d.index, &arguments(domains, point), &view);
                spent += POINT_BUDGET - ev.budget.get();
                f.points.push(value.ok().map(|v| {
                    let used = ev.used();
                    let next = sets.len() as u32;
                    let id = *sets.entry(used.clone()).or_insert(next);
                    if id == next {
                        f.used.push(used);
                    }
                    (v, id)
                }));
            }
            total_spent += spent;
            if spent > FOLD_BUDGET {
                // Not every point could be afforded: it stays interpreted.
                continue;
            }
            f.set_base = sets_total;
            sets_total += f.used.len();
            folded[d.index] = Some(f);
        }
    }
    book.program.folded = folded;
    book.program.folded_sets = sets_total;
}

/// A book's folded points in a form threads can share: a corpus run folds each book once,
/// where every thread folded the book it compiled (the most of a compile: some 18 of 24
/// million instructions for the 2017 book, on every thread before its first case). The
/// points are the values of the program's own `folded`, written without the `Rc` a value
/// may hold (`Plain`); a book with a point of another kind is not shared, and each thread
/// folds it itself (`share` says `None`).
#[derive(Debug)]
pub struct Folds {
    defines: Vec<Option<SharedFolded>>,
    sets: usize,
}

#[derive(Debug)]
struct SharedFolded {
    points: Vec<Option<(Plain, u32)>>,
    used: Vec<(Vec<usize>, Vec<usize>)>,
    set_base: usize,
}

/// A folded point's value with nothing shared in it: the bundled books' folded points are
/// scores, truth values and seats; a decimal holds nothing shared either (a book folding
/// another kind of value is folded by each thread).
#[derive(Clone, Copy, Debug)]
enum Plain {
    Int(i64),
    Decimal(rust_decimal::Decimal),
    Bool(bool),
    Seat(crate::model::Seat),
}

impl Plain {
    fn of(v: &Value) -> Option<Plain> {
        match *v {
            Value::Int(n) => Some(Plain::Int(n)),
            Value::Decimal(d) => Some(Plain::Decimal(d)),
            Value::Bool(b) => Some(Plain::Bool(b)),
            Value::Seat(s) => Some(Plain::Seat(s)),
            _ => None,
        }
    }

    fn value(self) -> Value {
        match self {
            Plain::Int(n) => Value::Int(n),
            Plain::Decimal(d) => Value::Decimal(d),
            Plain::Bool(b) => Value::Bool(b),
            Plain::Seat(s) => Value::Seat(s),
        }
    }
}

impl Folds {
    /// The folded points of `program`, if every one is a plain value.
    pub fn share(program: &Program) -> Option<Folds> {
        let defines = program
            .folded
            .iter()
            .map(|f| {
                let Some(f) = f else { return Some(None) };
                let points = f
                    .points
                    .iter()
                    .map(|p| match p {
                        Some((v, set)) => Plain::of(v).map(|v| Some((v, *set))),
                        None => Some(None),
                    })
                    .collect::<Option<Vec<_>>>()?;
                Some(Some(SharedFolded {
                    points,
                    used: f.used.clone(),
                    set_base: f.set_base,
                }))
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Folds {
            defines,
            sets: program.folded_sets,
        })
    }

    /// Put these points into `program`, compiled from the book they were folded from (its
    /// definitions numbered the same): what `fold` would have made of it.
    pub fn install(&self, program: &mut Program) {
        program.folded = self
            .defines
            .iter()
            .map(|f| {
                f.as_ref().map(|f| Folded {
                    points: f
                        .points
                        .iter()
                        .map(|p| p.map(|(v, set)| (v.value(), set)))
                        .collect(),
                    used: f.used.clone(),
                    set_base: f.set_base,
                })
            })
            .collect();
        program.folded_sets = self.sets;
    }
}

/// The number of points of the domains, if at most `MAX_POINTS`.
fn points(domains: &[Domain]) -> Option<usize> {
    domains
        .iter()
        .try_fold(1usize, |n, d| n.checked_mul(d.len()))
        .filter(|&n| n <= MAX_POINTS && n > 0)
}

/// The arguments at a point (the first parameter varying slowest).
pub fn arguments(domains: &[Domain], mut point: usize) -> Vec<Value> {
    let mut args = vec![Value::Int(0); domains.len()];
    for (i, d) in domains.iter().enumerate().rev() {
        args[i] = d.value(point % d.len());
        point /= d.len();
    }
    args
}

/// The point of some arguments, if every one is in its domain.
#[inline]
pub fn point(domains: &[Domain], args: &[Value]) -> Option<usize> {
    if args.len() != domains.len() {
        return None;
    }
    domains
        .iter()
        .zip(args)
        .try_fold(0usize, |p, (d, a)| Some(p * d.len() + d.position(a)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_and_its_arguments_are_one_mapping() {
        let domains = vec![
            Domain::Ints(1, 7),
            Domain::values(vec![Value::Bool(false), Value::Bool(true)]),
            Domain::Ints(0, 13),
        ];
        assert_eq!(points(&domains), Some(7 * 2 * 14));
        for p in 0..7 * 2 * 14 {
            assert_eq!(point(&domains, &arguments(&domains, p)), Some(p));
        }
        assert_eq!(
            arguments(&domains, 0),
            vec![Value::Int(1), Value::Bool(false), Value::Int(0)]
        );
        // Outside a domain, or another type: no point (the interpreter answers).
        assert_eq!(
            point(&domains, &[Value::Int(8), Value::Bool(true), Value::Int(0)]),
            None
        );
        assert_eq!(
            point(&domains, &[Value::Int(1), Value::Int(1), Value::Int(0)]),
            None
        );
        assert_eq!(points(&[Domain::Ints(0, 1 << 20)]), None);
    }
}
