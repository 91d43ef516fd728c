//! Looking a key up in a table. A table keyed by ints is a dense array from each key between
//! its lowest and highest bound to the first row that holds it; a key outside that span (a
//! row `14..` holds any greater key) and a key of another type are matched row by row, the
//! first row that holds it winning, as in the reference interpreter. Each lookup charges the
//! budget once.

use super::call::Ret;
use super::lower::{Kind, Lowered, Lowerer};
use super::{Frame, Fun, Machine, R};
use crate::compile::{CExpr, CKey, CTable, Spanned};
use crate::eval::book::CompiledBook;
use crate::eval::ops::Stop;
use crate::eval::value::Value;
use crate::source::Span;
use std::rc::Rc;

/// The widest span of int keys made into an array.
const MAX_DENSE: i64 = 4096;

/// No row for this key.
const NONE: u32 = u32::MAX;

pub struct TableCode {
    index: usize,
    name: String,
    keys: Vec<CKey>,
    rows: Vec<Row>,
    dense: Option<Dense>,
    /// By `enum_index` of a seat, side, suit, strain, rank or truth value: the first row that
    /// holds it.
    by_enum: Vec<u32>,
    pub span: Span,
}

struct Row {
    body: Lowered,
    frame: Frame,
}

struct Dense {
    lo: i64,
    rows: Vec<u32>,
    /// The first row that holds every key above the highest bound (a row `4..`, or `_`):
    /// no other row holds such a key.
    above: u32,
}

impl TableCode {
    pub fn lower(book: &CompiledBook, t: &CTable) -> TableCode {
        let rows = t
            .rows
            .iter()
            .map(|(_, v)| {
                let mut l = Lowerer::new(book, &[]);
                let body = match Kind::of(&t.ty) {
                    Kind::Int => Lowered::Int(l.int(v)),
                    Kind::Bool => Lowered::Bool(l.bool(v)),
                    Kind::Val => Lowered::Val(l.val(v)),
                };
                Row {
                    body,
                    frame: l.slots(),
                }
            })
            .collect();
        let keys: Vec<CKey> = t.rows.iter().map(|(k, _)| k.clone()).collect();
        TableCode {
            index: t.index,
            name: t.name.clone(),
            dense: dense(&keys),
            by_enum: by_enum(&keys),
            keys,
            rows,
            span: t.span,
        }
    }

    /// The first row that holds `key`.
    fn row_of_int(&self, key: i64) -> Option<usize> {
        if let Some(d) = &self.dense {
            if let Some(r) = key
                .checked_sub(d.lo)
                .and_then(|o| usize::try_from(o).ok())
                .and_then(|o| d.rows.get(o))
            {
                return (*r != NONE).then_some(*r as usize);
            }
            if key >= d.lo {
                return (d.above != NONE).then_some(d.above as usize);
            }
        }
        self.keys.iter().position(|k| holds(k, &Value::Int(key)))
    }

    fn row_of(&self, key: &Value) -> Option<usize> {
        match (key, key.enum_index()) {
            (Value::Int(n), _) => self.row_of_int(*n),
            (_, Some(i)) => {
                let r = self.by_enum[i];
                (r != NONE).then_some(r as usize)
            }
            _ => self.keys.iter().position(|k| holds(k, key)),
        }
    }

    fn enter(&self, m: &mut Machine) -> R<()> {
        m.ev.mark_table(self.index);
        m.tick(self.span)
    }

    fn no_row<T>(&self, m: &mut Machine, key: &Value, at: Span) -> R<T> {
        m.fail(Stop::Error {
            message: format!("table `{}` has no row for {key}", self.name),
            span: at,
        })
    }

    /// The row's value, in a frame of its own where it walks a list.
    fn run<T>(
        &self,
        m: &mut Machine,
        r: usize,
        f: impl FnOnce(&Lowered, &mut Machine) -> R<T>,
    ) -> R<T> {
        let row = &self.rows[r];
        if row.frame == (0, 0, 0) {
            return f(&row.body, m);
        }
        let base = m.top();
        m.in_frame(base, row.frame, |m| f(&row.body, m))
    }

    /// Look up a key given as a value (an entry point).
    pub fn lookup_value(&self, m: &mut Machine, key: Value, at: Span) -> R<Value> {
        self.enter(m)?;
        match self.row_of(&key) {
            Some(r) => self.run(m, r, |b, m| Value::run(b, m, at)),
            None => self.no_row(m, &key, at),
        }
    }
}

/// Whether a row's key holds a key.
fn holds(k: &CKey, key: &Value) -> bool {
    match k {
        CKey::Any => true,
        CKey::Range(lo, hi) => match key {
            Value::Int(n) => *n >= *lo && hi.is_none_or(|h| *n <= h),
            _ => false,
        },
        CKey::Value(v) => v == key,
    }
}

/// Every seat, side, suit, strain, rank and truth value.
fn enum_values() -> impl Iterator<Item = Value> {
    use crate::model::{Rank, Seat, Side, Strain, Suit};
    let seats = Seat::ALL.into_iter().map(Value::Seat);
    let sides = [Side::NorthSouth, Side::EastWest]
        .into_iter()
        .map(Value::Side);
    let suits = Suit::ALL.into_iter().map(Value::Suit);
    let strains = Strain::ALL.into_iter().map(Value::Strain);
    let ranks = (2..=14).map(|r| Value::Rank(Rank(r)));
    let bools = [false, true].into_iter().map(Value::Bool);
    seats
        .chain(sides)
        .chain(suits)
        .chain(strains)
        .chain(ranks)
        .chain(bools)
}

/// The first row that holds each value of a small enumerated type.
fn by_enum(keys: &[CKey]) -> Vec<u32> {
    let mut out = vec![NONE; Value::ENUM_PLACES];
    for v in enum_values() {
        let i = v.enum_index().expect("an enumerated value");
        if out[i] == NONE {
            out[i] = keys
                .iter()
                .position(|k| holds(k, &v))
                .map_or(NONE, |r| r as u32);
        }
    }
    out
}

/// The dense array of a table keyed by ints, where its keys' bounds are close enough.
fn dense(keys: &[CKey]) -> Option<Dense> {
    let mut bounds = vec![];
    for k in keys {
        match k {
            CKey::Value(Value::Int(n)) => bounds.push(*n),
            CKey::Range(lo, hi) => {
                bounds.push(*lo);
                bounds.extend(*hi);
            }
            CKey::Any => {}
            CKey::Value(_) => return None,
        }
    }
    let (lo, hi) = (*bounds.iter().min()?, *bounds.iter().max()?);
    if hi.checked_sub(lo)? >= MAX_DENSE {
        return None;
    }
    let row_of = |n: i64| {
        keys.iter()
            .position(|k| holds(k, &Value::Int(n)))
            .map_or(NONE, |r| r as u32)
    };
    let rows = (lo..=hi).map(row_of).collect();
    let above = hi.checked_add(1).map_or(NONE, row_of);
    Some(Dense { lo, rows, above })
}

/// A lookup of table `i` as an int, its key lowered by the key's kind.
/// A lookup of table `i` giving a `T`, its key lowered by the key's kind; where every
/// row's value is a constant of that kind, the row's number gives the value with no call.
pub fn lower<T: Ret + Clone>(l: &mut Lowerer, i: usize, key: &Spanned, at: Span) -> Fun<T> {
    let consts: Option<Rc<[T]>> = l.book.program.tables[i]
        .rows
        .iter()
        .map(|(_, v)| match &v.expr {
            CExpr::Const(c) => T::constant(c),
            _ => None,
        })
        .collect();
    let value = move |t: &TableCode, m: &mut Machine, r: usize| match &consts {
        Some(c) => Ok(c[r].clone()),
        None => t.run(m, r, |b, m| T::run(b, m, at)),
    };
    if Kind::of(&key.ty) == Kind::Int {
        let k = l.operand(key);
        Box::new(move |m| {
            let key = k.get(m)?;
            let code = m.code;
            let t = &code.tables[i];
            t.enter(m)?;
            match t.row_of_int(key) {
                Some(r) => value(t, m, r),
                None => t.no_row(m, &Value::Int(key), at),
            }
        })
    } else if let Some(p) = l.val_slot(key) {
        // The key read where it lies (reading a slot does nothing else, so the order of
        // the key and the step charged is kept).
        Box::new(move |m| {
            let code = m.code;
            let t = &code.tables[i];
            t.enter(m)?;
            match t.row_of(p.get(m)) {
                Some(r) => value(t, m, r),
                None => {
                    let key = p.get(m).clone();
                    t.no_row(m, &key, at)
                }
            }
        })
    } else {
        let k = l.val(key);
        Box::new(move |m| {
            let key = k(m)?;
            let code = m.code;
            let t = &code.tables[i];
            t.enter(m)?;
            match t.row_of(&key) {
                Some(r) => value(t, m, r),
                None => t.no_row(m, &key, at),
            }
        })
    }
}
