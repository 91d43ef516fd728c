//! Calling a definition: its arguments pushed as the first slots of a new frame, then its
//! folded value at the point they give (a pure definition folded at load), or its value
//! remembered for this state of the table (a zero-argument one that walks a list), or its
//! body run. The same order, the same marks of what was used, as the reference interpreter's
//! `call_define`.

use super::lower::{Kind, Lowered, Lowerer, Operand};
use super::{Frame, Fun, Machine, R};
use crate::compile::{CDefine, Domain, Folded};
use crate::eval::book::CompiledBook;
use crate::eval::ops::{type_error, Stop};
use crate::eval::probe;
use crate::eval::value::Value;
use crate::source::Span;

/// An argument, lowered as its parameter's kind.
pub enum Arg {
    Int(Operand),
    Bool(Fun<bool>),
    Val(Fun<Value>),
}

pub struct DefineCode {
    body: Lowered,
    /// The frame's slots on each stack (the parameters first).
    frame: Frame,
    params: Vec<Kind>,
    memo: bool,
    asks_findings: bool,
    span: Span,
    fold: Option<FoldCode>,
}

/// A definition folded at load, looked up by its typed arguments.
struct FoldCode {
    /// Each parameter's domain: where its value sits on the stacks, and its positions.
    dims: Vec<Dim>,
    folded: Folded,
}

enum Dim {
    Ints { at: usize, lo: i64, len: usize },
    Bools { at: usize },
    Values { at: usize, domain: Domain },
}

impl DefineCode {
    pub fn lower(book: &CompiledBook, d: &CDefine) -> DefineCode {
        let mut l = Lowerer::new(book, &d.param_types);
        let body = l.lower(&d.body);
        let params: Vec<Kind> = d.param_types.iter().map(Kind::of).collect();
        let fold = book.program.folded[d.index]
            .as_ref()
            .zip(d.domains.as_ref())
            .and_then(|(f, domains)| {
                let (mut ints, mut vals) = (0, 0);
                let mut dims = vec![];
                for (k, dom) in params.iter().zip(domains) {
                    let at = if *k == Kind::Val {
                        &mut vals
                    } else {
                        &mut ints
                    };
                    let here = *at;
                    *at += 1;
                    dims.push(match (k, dom) {
                        (Kind::Int, Domain::Ints(lo, hi)) => Dim::Ints {
                            at: here,
                            lo: *lo,
                            len: (hi - lo + 1) as usize,
                        },
                        (Kind::Bool, Domain::Values(v, _))
                            if *v == [Value::Bool(false), Value::Bool(true)] =>
                        {
                            Dim::Bools { at: here }
                        }
                        (Kind::Val, Domain::Values(..)) => Dim::Values {
                            at: here,
                            domain: dom.clone(),
                        },
                        // A domain the kinds do not fit: interpreted at every point.
                        _ => return None,
                    });
                }
                Some(FoldCode {
                    dims,
                    folded: f.clone(),
                })
            });
        DefineCode {
            body,
            frame: l.slots(),
            params,
            memo: d.memo,
            asks_findings: d.asks_findings,
            span: d.body.span,
            fold,
        }
    }
}

impl FoldCode {
    /// The point of the arguments at `base`, if each is in its domain and the point folded.
    fn point(&self, m: &Machine, (ib, vb, _): Frame) -> Option<usize> {
        let mut p = 0usize;
        for d in &self.dims {
            p = match d {
                Dim::Ints { at, lo, len } => {
                    let off = m.ints[ib + at].checked_sub(*lo)?;
                    if off < 0 || off as usize >= *len {
                        return None;
                    }
                    p * len + off as usize
                }
                Dim::Bools { at } => p * 2 + usize::from(m.ints[ib + at] != 0),
                Dim::Values { at, domain } => {
                    p * domain.len() + domain.position(&m.vals[vb + at])?
                }
            };
        }
        Some(p)
    }
}

/// Push the arguments on the stacks; where the new frame starts.
#[inline]
pub fn push_args(m: &mut Machine, args: &[Arg]) -> R<Frame> {
    let base = m.top();
    for a in args {
        match a {
            Arg::Int(f) => {
                let v = f.get(m)?;
                m.ints.push(v);
            }
            Arg::Bool(f) => {
                let v = f(m)?;
                m.ints.push(i64::from(v));
            }
            Arg::Val(f) => {
                let v = f(m)?;
                m.vals.push(v);
            }
        }
    }
    Ok(base)
}

/// How a kind of value comes out of a body, a memo, a folded point or a table's row.
pub trait Ret: Sized + 'static {
    /// What the kind is called in a type error.
    const NAME: &'static str;
    fn from_value(v: Value, m: &mut Machine, span: Span) -> R<Self> {
        match Self::own_value(v.clone()) {
            Some(x) => Ok(x),
            None => m.fail(type_error(span, Self::NAME, &v)),
        }
    }
    fn to_value(&self) -> Value;
    /// A condition that does not hold: its paragraph does not apply (63A3).
    fn is_false(&self) -> bool;
    /// A lowered body's closure of this kind, if it is one.
    fn own(body: &Lowered) -> Option<&Fun<Self>>;
    /// A constant of this kind, if the value is one.
    fn constant(v: &Value) -> Option<Self> {
        Self::own_value(v.clone())
    }
    fn own_value(v: Value) -> Option<Self>;

    /// Run a lowered body, its value taken as this kind.
    #[inline]
    fn run(body: &Lowered, m: &mut Machine, span: Span) -> R<Self> {
        match Self::own(body) {
            Some(f) => f(m),
            None => {
                let v = run_value(body, m)?;
                Self::from_value(v, m, span)
            }
        }
    }

    /// A lowered body as a closure of this kind.
    fn lowered(body: Lowered, span: Span) -> Fun<Self> {
        if Self::own(&body).is_some() {
            return Self::take(body);
        }
        let f = super::as_value(body);
        Box::new(move |m| {
            let v = f(m)?;
            Self::from_value(v, m, span)
        })
    }

    /// The closure of a body that is of this kind.
    fn take(body: Lowered) -> Fun<Self>;
}

impl Ret for i64 {
    const NAME: &'static str = "int";
    fn to_value(&self) -> Value {
        Value::Int(*self)
    }
    fn is_false(&self) -> bool {
        false
    }
    fn own_value(v: Value) -> Option<i64> {
        match v {
            Value::Int(i) => Some(i),
            _ => None,
        }
    }
    fn own(body: &Lowered) -> Option<&Fun<i64>> {
        match body {
            Lowered::Int(f) => Some(f),
            _ => None,
        }
    }
    fn take(body: Lowered) -> Fun<i64> {
        match body {
            Lowered::Int(f) => f,
            _ => unreachable!("an int body"),
        }
    }
}

impl Ret for bool {
    const NAME: &'static str = "bool";
    fn to_value(&self) -> Value {
        Value::Bool(*self)
    }
    fn is_false(&self) -> bool {
        !*self
    }
    fn own_value(v: Value) -> Option<bool> {
        match v {
            Value::Bool(b) => Some(b),
            _ => None,
        }
    }
    fn own(body: &Lowered) -> Option<&Fun<bool>> {
        match body {
            Lowered::Bool(f) => Some(f),
            _ => None,
        }
    }
    fn take(body: Lowered) -> Fun<bool> {
        match body {
            Lowered::Bool(f) => f,
            _ => unreachable!("a truth-value body"),
        }
    }
}

impl Ret for Value {
    const NAME: &'static str = "value";
    fn to_value(&self) -> Value {
        self.clone()
    }
    fn is_false(&self) -> bool {
        *self == Value::Bool(false)
    }
    fn own_value(v: Value) -> Option<Value> {
        Some(v)
    }
    fn from_value(v: Value, _: &mut Machine, _: Span) -> R<Value> {
        Ok(v)
    }
    fn own(body: &Lowered) -> Option<&Fun<Value>> {
        match body {
            Lowered::Val(f) => Some(f),
            _ => None,
        }
    }
    fn take(body: Lowered) -> Fun<Value> {
        super::as_value(body)
    }
    fn lowered(body: Lowered, _: Span) -> Fun<Value> {
        super::as_value(body)
    }
}

pub fn run_value(body: &Lowered, m: &mut Machine) -> R<Value> {
    match body {
        Lowered::Int(f) => f(m).map(Value::Int),
        Lowered::Bool(f) => f(m).map(Value::Bool),
        Lowered::Val(f) => f(m),
    }
}

/// Call definition `i`, its arguments pushed from `base`.
#[inline]
pub fn invoke<T: Ret>(m: &mut Machine, i: usize, base: Frame) -> R<T> {
    let code = m.code;
    let d = &code.defines[i];
    if let Some(f) = &d.fold {
        if let Some(p) = f.point(m, base) {
            if let Some((v, set)) = &f.folded.points[p] {
                m.truncate(base);
                m.ev.mark_folded(&f.folded, *set);
                return T::from_value(v.clone(), m, d.span);
            }
        }
    }
    // A definition that asks no finding has the same value whatever call a finding would be
    // about (`CDefine::asks_findings`). The reference interpreter keys every value by it:
    // tests/compiled.rs holds the two to the same rulings.
    let key = d.memo.then(|| {
        if d.asks_findings {
            m.ev.memo_key(i)
        } else {
            (i, None)
        }
    });
    if let Some(k) = &key {
        let hit = m
            .view
            .memo
            .0
            .borrow()
            .iter()
            .find(|(x, ..)| x == k)
            .map(|(_, v, read)| (v.clone(), *read));
        if let Some((v, read)) = hit {
            if read {
                probe::read_through_memo();
            }
            m.truncate(base);
            return T::from_value(v, m, d.span);
        }
    }
    m.tick(d.span)?;
    // Whether the value remembered read the call a probe holds (`probe`).
    let watch = key.as_ref().and_then(|_| probe::open());
    let value = m.in_frame(base, d.frame, |m| T::run(&d.body, m, d.span));
    let read = watch.is_some_and(|was| probe::done(was).read);
    let value = value?;
    if let Some(k) = key {
        m.view.memo.0.borrow_mut().push((k, value.to_value(), read));
    }
    if !value.is_false() {
        m.ev.mark_define(i);
    }
    Ok(value)
}

/// Call definition `i` from outside the code (an entry point), its arguments as values.
pub fn invoke_with(m: &mut Machine, i: usize, args: &[Value]) -> R<Value> {
    let code = m.code;
    let d = &code.defines[i];
    let base = m.top();
    if args.len() != d.params.len() {
        return m.fail(Stop::Error {
            message: format!(
                "`{}` takes {} argument(s), not {}",
                m.ev.book.program.defines[i].name,
                d.params.len(),
                args.len()
            ),
            span: d.span,
        });
    }
    for (k, a) in d.params.iter().zip(args) {
        match (k, a) {
            (Kind::Int, Value::Int(n)) => m.ints.push(*n),
            (Kind::Bool, Value::Bool(b)) => m.ints.push(i64::from(*b)),
            (Kind::Val, v) => m.vals.push(v.clone()),
            (k, v) => {
                let want = if *k == Kind::Int { "int" } else { "bool" };
                return m.fail(type_error(d.span, want, v));
            }
        }
    }
    invoke(m, i, base)
}
