//! Expressions to closures. An expression is lowered by the kind its type gives (`Kind`):
//! an int to a `Fun<i64>`, a truth value to a `Fun<bool>`, anything else to a `Fun<Value>`;
//! where a context wants another kind than the node has (only a name a rule binds, whose type
//! the run alone knows), the value is checked as the reference interpreter checks it.

mod builtin;
mod calls;
mod compared;
mod quant;

use super::call::{self, Arg, Ret};
use super::table;
use super::{activation, Frame, Fun, Machine, R};
use crate::check::builtins::Builtin;
use crate::check::types::Type;
use crate::compile::{CExpr, FieldKind, Spanned};
use crate::eval::book::CompiledBook;
use crate::eval::ops::{
    apply_builtin, apply_on, check_range, compare, decimal_arithmetic, finding_answer,
    found_number, int_op, negate, negate_decimal, no_element, overflow, read_field, read_state,
    state_list, type_error, Stop,
};
use crate::eval::value::Value;
use crate::model::{Call, Meaning};
use crate::source::Span;
use crate::syntax::ast::{BinOp, QuantKind};
use std::rc::Rc;

/// An int operand: most are a constant or a variable, read without a call.
pub enum Operand {
    Const(i64),
    Slot(usize),
    Fun(Fun<i64>),
}

impl Operand {
    #[inline]
    pub fn get(&self, m: &mut Machine) -> R<i64> {
        match self {
            Operand::Const(n) => Ok(*n),
            Operand::Slot(at) => Ok(m.ints[m.ib + at]),
            Operand::Fun(f) => f(m),
        }
    }
}

/// An `if`'s condition, as lowering reads it: a truth-value slot or two ints compared are
/// tested inside the `if`'s own closure, not by a call of their own.
enum Test {
    Slot(usize),
    Compare(BinOp, Operand, Operand),
    Fun(Fun<bool>),
}

/// `if c then t else f`, its condition tested in place where it can be.
fn branch<T: 'static>(c: Test, t: Fun<T>, f: Fun<T>) -> Fun<T> {
    // One closure for each operator, the two sides read as `$x` and `$y` in that order.
    macro_rules! by_operator {
        ($op:expr, |$m:ident| $x:expr, $y:expr) => {
            match $op {
                BinOp::Eq => Box::new(move |$m| if $x == $y { t($m) } else { f($m) }),
                BinOp::Ne => Box::new(move |$m| if $x != $y { t($m) } else { f($m) }),
                BinOp::Lt => Box::new(move |$m| if $x < $y { t($m) } else { f($m) }),
                BinOp::Le => Box::new(move |$m| if $x <= $y { t($m) } else { f($m) }),
                BinOp::Gt => Box::new(move |$m| if $x > $y { t($m) } else { f($m) }),
                _ => Box::new(move |$m| if $x >= $y { t($m) } else { f($m) }),
            }
        };
    }
    match c {
        Test::Slot(at) => Box::new(move |m| if m.ints[m.ib + at] != 0 { t(m) } else { f(m) }),
        // A slot against a constant, the most common test (`risk == 1`, `points < 100`),
        // compared with no operand to match on.
        Test::Compare(op, Operand::Slot(at), Operand::Const(n)) => {
            by_operator!(op, |m| m.ints[m.ib + at], n)
        }
        Test::Compare(op, a, b) => by_operator!(op, |m| a.get(m)?, b.get(m)?),
        Test::Fun(c) => Box::new(move |m| if c(m)? { t(m) } else { f(m) }),
    }
}

/// How a value of a type is held: an int, a truth value, or a `Value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Int,
    Bool,
    Val,
}

impl Kind {
    pub fn of(t: &Type) -> Kind {
        match t {
            Type::Int => Kind::Int,
            Type::Bool => Kind::Bool,
            _ => Kind::Val,
        }
    }
}

/// A lowered expression of any kind.
pub enum Lowered {
    Int(Fun<i64>),
    Bool(Fun<bool>),
    Val(Fun<Value>),
}

/// Where a slot of the compiled program lives, at an offset from its frame's start on one of
/// the machine's stacks: an int or truth value on the int stack, another value on the value
/// stack, or (a quantifier's variable over a list of values) the list and the walk's place
/// in it, so that each element is read where it lies.
#[derive(Clone, Copy, Debug)]
struct Slot {
    kind: Kind,
    place: Place,
}

#[derive(Clone, Copy, Debug)]
enum Place {
    Int(usize),
    Val(ValPlace),
}

/// Where a value other than an int or truth value lies.
#[derive(Clone, Copy, Debug)]
pub enum ValPlace {
    Val(usize),
    Elem(usize),
}

impl ValPlace {
    #[inline]
    pub fn get<'a>(self, m: &'a Machine) -> &'a Value {
        match self {
            ValPlace::Val(at) => &m.vals[m.vb + at],
            ValPlace::Elem(at) => {
                let (xs, j) = &m.elems[m.eb + at];
                &xs.as_ref()
                    .expect("a quantifier sets its variable before reading it")[*j]
            }
        }
    }
}

/// Lowers the expressions of one frame (a definition's body, a table row, a rule's
/// expression), placing its slots on the stacks.
pub struct Lowerer<'b> {
    pub book: &'b CompiledBook,
    /// By the compiled program's slot number: where it lives.
    slots: Vec<Slot>,
    /// Slots of each stack in use now, and the most at once.
    now: Frame,
    max: Frame,
    /// How many more nodes may be inlined into this frame (`calls`).
    inline_left: usize,
    /// Lowering the filter or key of a quantifier: the slot of its variable (the first slot
    /// that changes from element to element).
    walk_from: Option<usize>,
}

impl<'b> Lowerer<'b> {
    /// A frame whose first slots are parameters of these types.
    pub fn new(book: &'b CompiledBook, params: &[Type]) -> Lowerer<'b> {
        let mut l = Lowerer {
            book,
            slots: vec![],
            now: (0, 0, 0),
            max: (0, 0, 0),
            inline_left: calls::INLINE_BUDGET,
            walk_from: None,
        };
        for t in params {
            l.push(Kind::of(t), false);
        }
        l
    }

    /// The slots the frame needs on each stack.
    pub fn slots(&self) -> Frame {
        self.max
    }

    /// A new slot of this kind; `elem`: a quantifier's variable over a list of values.
    fn push(&mut self, kind: Kind, elem: bool) -> Slot {
        let place = self.place(kind, elem);
        let s = Slot { kind, place };
        self.slots.push(s);
        s
    }

    fn pop(&mut self) {
        if let Some(s) = self.slots.pop() {
            self.release(s.place);
        }
    }

    /// A place on the stacks for a slot of this kind, not yet named by the program (an
    /// inlined call's parameter).
    fn reserve(&mut self, kind: Kind) -> Place {
        self.place(kind, false)
    }

    /// Give back the last place taken.
    fn release(&mut self, p: Place) {
        match p {
            Place::Int(_) => self.now.0 -= 1,
            Place::Val(ValPlace::Val(_)) => self.now.1 -= 1,
            Place::Val(ValPlace::Elem(_)) => self.now.2 -= 1,
        }
    }

    fn place(&mut self, kind: Kind, elem: bool) -> Place {
        let (i, v, e) = &mut self.now;
        let place = match (kind, elem) {
            (Kind::Val, false) => {
                *v += 1;
                Place::Val(ValPlace::Val(*v - 1))
            }
            (Kind::Val, true) => {
                *e += 1;
                Place::Val(ValPlace::Elem(*e - 1))
            }
            _ => {
                *i += 1;
                Place::Int(*i - 1)
            }
        };
        self.max = (
            self.max.0.max(self.now.0),
            self.max.1.max(self.now.1),
            self.max.2.max(self.now.2),
        );
        place
    }

    /// The int-stack slot of a local int or truth value.
    fn int_slot(&self, i: usize, kind: Kind) -> Option<usize> {
        match self.slots[i] {
            Slot {
                kind: k,
                place: Place::Int(at),
            } if k == kind => Some(at),
            _ => None,
        }
    }

    /// Lowered by the expression's own kind.
    pub fn lower(&mut self, e: &Spanned) -> Lowered {
        match Kind::of(&e.ty) {
            Kind::Int => Lowered::Int(self.int(e)),
            Kind::Bool => Lowered::Bool(self.bool(e)),
            Kind::Val => Lowered::Val(self.val(e)),
        }
    }

    /// An int operand: a constant or a slot read without a call, else a closure.
    pub fn operand(&mut self, e: &Spanned) -> Operand {
        match &e.expr {
            CExpr::Const(Value::Int(n)) => Operand::Const(*n),
            CExpr::Local(i) if self.int_slot(*i, Kind::Int).is_some() => {
                Operand::Slot(self.int_slot(*i, Kind::Int).expect("an int slot"))
            }
            _ => Operand::Fun(self.int(e)),
        }
    }

    /// An `if`'s condition (`branch`).
    fn test(&mut self, e: &Spanned) -> Test {
        match &e.expr {
            CExpr::Local(i) if self.int_slot(*i, Kind::Bool).is_some() => {
                Test::Slot(self.int_slot(*i, Kind::Bool).expect("a truth-value slot"))
            }
            CExpr::Binary(
                op @ (BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge),
                a,
                b,
            ) if Kind::of(&a.ty) == Kind::Int && Kind::of(&b.ty) == Kind::Int => {
                match self.compared(*op, a, b) {
                    Some(f) => Test::Fun(f),
                    None => Test::Compare(*op, self.operand(a), self.operand(b)),
                }
            }
            _ => Test::Fun(self.bool(e)),
        }
    }

    /// Lowered as an argument of this kind.
    pub fn arg(&mut self, kind: Kind, e: &Spanned) -> Arg {
        match kind {
            Kind::Int => Arg::Int(self.operand(e)),
            Kind::Bool => Arg::Bool(self.bool(e)),
            Kind::Val => Arg::Val(self.val(e)),
        }
    }

    /// An int.
    pub fn int(&mut self, e: &Spanned) -> Fun<i64> {
        match Kind::of(&e.ty) {
            Kind::Int => self.int_of(e),
            _ => i64::lowered(Lowered::Val(self.val(e)), e.span),
        }
    }

    /// A truth value.
    pub fn bool(&mut self, e: &Spanned) -> Fun<bool> {
        match Kind::of(&e.ty) {
            Kind::Bool => self.bool_of(e),
            _ => bool::lowered(Lowered::Val(self.val(e)), e.span),
        }
    }

    /// Any value.
    pub fn val(&mut self, e: &Spanned) -> Fun<Value> {
        match Kind::of(&e.ty) {
            Kind::Int => {
                let f = self.int_of(e);
                Box::new(move |m| f(m).map(Value::Int))
            }
            Kind::Bool => {
                let f = self.bool_of(e);
                Box::new(move |m| f(m).map(Value::Bool))
            }
            Kind::Val => self.val_of(e),
        }
    }

    /// Arithmetic or a comparison on two decimals, as the reference interpreter does it
    /// (`decimal_arithmetic`): decimals are held as values, not in slots.
    fn decimals(&mut self, op: BinOp, a: &Spanned, b: &Spanned, span: Span) -> Fun<Value> {
        let (a, b) = (self.val(a), self.val(b));
        Box::new(move |m| {
            let (x, y) = (a(m)?, b(m)?);
            decimal_arithmetic(op, &x, &y, span).or_else(|s| m.fail(s))
        })
    }

    /// An expression of type int.
    fn int_of(&mut self, e: &Spanned) -> Fun<i64> {
        let span = e.span;
        match &e.expr {
            CExpr::Const(Value::Int(n)) => {
                let n = *n;
                Box::new(move |_| Ok(n))
            }
            CExpr::Local(i) if self.int_slot(*i, Kind::Int).is_some() => {
                let at = self.int_slot(*i, Kind::Int).expect("an int slot");
                Box::new(move |m| Ok(m.ints[m.ib + at]))
            }
            CExpr::Neg(x) => {
                let x = self.int(x);
                Box::new(move |m| {
                    let v = x(m)?;
                    negate(v, span).or_else(|s| m.fail(s))
                })
            }
            CExpr::Binary(op, a, b) if is_arithmetic(*op) => {
                let (a, b, op) = (self.operand(a), self.operand(b), *op);
                match op {
                    BinOp::Add => Box::new(move |m| {
                        let (x, y) = (a.get(m)?, b.get(m)?);
                        x.checked_add(y).map_or_else(|| m.fail(overflow(span)), Ok)
                    }),
                    BinOp::Sub => Box::new(move |m| {
                        let (x, y) = (a.get(m)?, b.get(m)?);
                        x.checked_sub(y).map_or_else(|| m.fail(overflow(span)), Ok)
                    }),
                    BinOp::Mul => Box::new(move |m| {
                        let (x, y) = (a.get(m)?, b.get(m)?);
                        x.checked_mul(y).map_or_else(|| m.fail(overflow(span)), Ok)
                    }),
                    // Division by zero and `i64::MIN / -1` give `None`, and `int_op` the stop.
                    BinOp::Div => Box::new(move |m| {
                        let (x, y) = (a.get(m)?, b.get(m)?);
                        x.checked_div(y)
                            .map_or_else(|| int_op(op, x, y, span).or_else(|s| m.fail(s)), Ok)
                    }),
                    _ => Box::new(move |m| {
                        let (x, y) = (a.get(m)?, b.get(m)?);
                        int_op(op, x, y, span).or_else(|s| m.fail(s))
                    }),
                }
            }
            CExpr::If(c, t, f) => {
                let (c, t, f) = (self.test(c), self.int(t), self.int(f));
                branch(c, t, f)
            }
            CExpr::Define(i, args) => self.call::<i64>(*i, args),
            CExpr::Table(i, key) => table::lower::<i64>(self, *i, key, span),
            CExpr::Builtin(b @ (Builtin::Min | Builtin::Max), args)
                if args.iter().all(|a| Kind::of(&a.ty) == Kind::Int) =>
            {
                let (a, b2) = (self.int(&args[0]), self.int(&args[1]));
                if *b == Builtin::Min {
                    Box::new(move |m| Ok(a(m)?.min(b2(m)?)))
                } else {
                    Box::new(move |m| Ok(a(m)?.max(b2(m)?)))
                }
            }
            CExpr::Builtin(Builtin::Size, args) if args.len() == 1 => self.size(&args[0], span),
            CExpr::Builtin(Builtin::Level, args) if args.len() == 1 => self.on_call(
                &args[0],
                span,
                crate::eval::probe::Aspect::Level,
                |c, _| match c {
                    Call::Bid { level, .. } => Some(i64::from(level)),
                    _ => None,
                },
            ),
            CExpr::Field(x, FieldKind::EntryIndex) if self.val_slot(x).is_some() => {
                let p = self.val_slot(x).expect("a slot");
                let fspan = e.span;
                Box::new(move |m| match p.get(m) {
                    Value::Entry(x) => Ok(x.index as i64),
                    v => {
                        let v = v.clone();
                        m.fail(type_error(fspan, "record with this field", &v))
                    }
                })
            }
            CExpr::Quant { .. } => i64::lowered(self.quant(e), span),
            _ => i64::lowered(Lowered::Val(self.val_of(e)), span),
        }
    }

    /// An expression of type bool.
    fn bool_of(&mut self, e: &Spanned) -> Fun<bool> {
        let span = e.span;
        match &e.expr {
            CExpr::Const(Value::Bool(b)) => {
                let b = *b;
                Box::new(move |_| Ok(b))
            }
            CExpr::Local(i) if self.int_slot(*i, Kind::Bool).is_some() => {
                let at = self.int_slot(*i, Kind::Bool).expect("a truth-value slot");
                Box::new(move |m| Ok(m.ints[m.ib + at] != 0))
            }
            CExpr::Finding(n) => {
                let n = n.clone();
                Box::new(move |m| {
                    let about = m.ev.about();
                    finding_answer(m.ev.findings, &n, about, span).or_else(|s| m.fail(s))
                })
            }
            CExpr::Fact(n) => {
                let n = n.clone();
                Box::new(move |m| Ok(m.view.facts.contains(&n)))
            }
            CExpr::Not(x) => {
                let x = self.bool(x);
                Box::new(move |m| Ok(!x(m)?))
            }
            CExpr::Binary(BinOp::And, a, b) => {
                let (a, b) = (self.bool(a), self.bool(b));
                Box::new(move |m| Ok(a(m)? && b(m)?))
            }
            CExpr::Binary(BinOp::Or, a, b) => {
                let (a, b) = (self.bool(a), self.bool(b));
                Box::new(move |m| Ok(a(m)? || b(m)?))
            }
            CExpr::Binary(op @ (BinOp::Eq | BinOp::Ne), a, b) => {
                let equal = self.equal(a, b);
                if *op == BinOp::Eq {
                    equal
                } else {
                    Box::new(move |m| Ok(!equal(m)?))
                }
            }
            CExpr::Binary(op @ (BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge), a, b)
                if a.ty == Type::Decimal || b.ty == Type::Decimal =>
            {
                bool::lowered(Lowered::Val(self.decimals(*op, a, b, span)), span)
            }
            CExpr::Binary(op @ (BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge), a, b) => {
                if let Some(f) = self.compared(*op, a, b) {
                    return f;
                }
                let (a, b, op) = (self.operand(a), self.operand(b), *op);
                match op {
                    BinOp::Lt => Box::new(move |m| Ok(a.get(m)? < b.get(m)?)),
                    BinOp::Le => Box::new(move |m| Ok(a.get(m)? <= b.get(m)?)),
                    BinOp::Gt => Box::new(move |m| Ok(a.get(m)? > b.get(m)?)),
                    _ => Box::new(move |m| {
                        let (x, y) = (a.get(m)?, b.get(m)?);
                        Ok(compare(op, x, y))
                    }),
                }
            }
            CExpr::If(c, t, f) => {
                let (c, t, f) = (self.test(c), self.bool(t), self.bool(f));
                branch(c, t, f)
            }
            CExpr::Define(i, args) => self.call::<bool>(*i, args),
            CExpr::Table(i, key) => table::lower::<bool>(self, *i, key, span),
            CExpr::Builtin(b, args) => match self.bool_builtin(*b, args, span) {
                Some(f) => f,
                None => self.bool_fallback(e),
            },
            CExpr::Quant { .. } => bool::lowered(self.quant(e), span),
            _ => self.bool_fallback(e),
        }
    }

    fn bool_fallback(&mut self, e: &Spanned) -> Fun<bool> {
        bool::lowered(Lowered::Val(self.val_of(e)), e.span)
    }

    /// `a == b`, on ints or truth values where both sides are, else on values.
    fn equal(&mut self, a: &Spanned, b: &Spanned) -> Fun<bool> {
        match (Kind::of(&a.ty), Kind::of(&b.ty)) {
            (Kind::Int, Kind::Int) => {
                if let Some(f) = self.compared(BinOp::Eq, a, b) {
                    return f;
                }
                let (a, b) = (self.operand(a), self.operand(b));
                Box::new(move |m| Ok(a.get(m)? == b.get(m)?))
            }
            (Kind::Bool, Kind::Bool) => {
                let (a, b) = (self.bool_of(a), self.bool_of(b));
                Box::new(move |m| Ok(a(m)? == b(m)?))
            }
            _ => {
                let (a, b) = (self.val(a), self.val(b));
                Box::new(move |m| {
                    let x = a(m)?;
                    Ok(x == b(m)?)
                })
            }
        }
    }

    /// Any expression, as a value: the general form every kind falls back to.
    fn val_of(&mut self, e: &Spanned) -> Fun<Value> {
        let span = e.span;
        match &e.expr {
            CExpr::Const(v) => {
                let v = v.clone();
                Box::new(move |_| Ok(v.clone()))
            }
            CExpr::Local(i) => match self.slots[*i] {
                Slot {
                    kind: Kind::Bool,
                    place: Place::Int(at),
                } => Box::new(move |m| Ok(Value::Bool(m.ints[m.ib + at] != 0))),
                Slot {
                    place: Place::Int(at),
                    ..
                } => Box::new(move |m| Ok(Value::Int(m.ints[m.ib + at]))),
                Slot {
                    place: Place::Val(p),
                    ..
                } => Box::new(move |m| Ok(p.get(m).clone())),
            },
            // A name the rule binds (the call, the offender, an answer, a `let`), else what
            // the law book names so.
            CExpr::Bound(n, otherwise) => {
                let n = n.clone();
                let otherwise = otherwise.as_ref().map(|o| self.val(o));
                Box::new(move |m| {
                    // A rule binds some tens of names (every irregularity's flag among them):
                    // the length and first byte rule most out before the bytes are compared.
                    let (len, first) = (n.len(), n.as_bytes().first().copied());
                    let same = |x: &str| {
                        x.len() == len && x.as_bytes().first().copied() == first && *x == *n
                    };
                    if let Some((_, v)) = m.env.iter().rev().find(|(x, _)| same(x)) {
                        return Ok(v.clone());
                    }
                    match &otherwise {
                        Some(o) => o(m),
                        None => m.fail(Stop::Error {
                            message: format!("unknown name `{n}`"),
                            span,
                        }),
                    }
                })
            }
            CExpr::Define(i, args) => self.call::<Value>(*i, args),
            CExpr::Table(i, key) => table::lower::<Value>(self, *i, key, span),
            CExpr::Builtin(b, args) => self.builtin(*b, args, span),
            CExpr::FoundNumber(n, range) => {
                let n = n.clone();
                let (least, most) = (self.int(&range[0]), self.int(&range[1]));
                let at = range[0].span;
                Box::new(move |m| {
                    let range = (least(m)?, most(m)?);
                    let about = m.ev.about();
                    match found_number(m.ev.findings, &n, about, range, at) {
                        Ok(v) => Ok(Value::Int(v)),
                        Err(s) => m.fail(s),
                    }
                })
            }
            CExpr::Finding(_) | CExpr::Fact(_) | CExpr::Not(_) => {
                let f = self.bool_of(e);
                Box::new(move |m| f(m).map(Value::Bool))
            }
            CExpr::State(s) => {
                let s = *s;
                Box::new(move |m| read_state(m.view, s, span).or_else(|e| m.fail(e)))
            }
            CExpr::Field(x, f) => {
                let f = *f;
                if let Some(p) = self.val_slot(x) {
                    // The record read where it lies, not copied out of its slot first.
                    return Box::new(move |m| read_field(p.get(m), f, span).or_else(|e| m.fail(e)));
                }
                let x = self.val(x);
                Box::new(move |m| {
                    let v = x(m)?;
                    read_field(&v, f, span).or_else(|e| m.fail(e))
                })
            }
            CExpr::Neg(x) if e.ty == Type::Decimal => {
                let x = self.val(x);
                Box::new(move |m| {
                    let v = x(m)?;
                    negate_decimal(&v, span).or_else(|s| m.fail(s))
                })
            }
            CExpr::Binary(op, a, b) if e.ty == Type::Decimal => self.decimals(*op, a, b, span),
            CExpr::Neg(_) => {
                let f = self.int_of(e);
                Box::new(move |m| f(m).map(Value::Int))
            }
            CExpr::Binary(op, ..) if is_arithmetic(*op) => {
                let f = self.int_of(e);
                Box::new(move |m| f(m).map(Value::Int))
            }
            CExpr::Binary(..) => {
                let f = self.bool_of(e);
                Box::new(move |m| f(m).map(Value::Bool))
            }
            CExpr::If(c, t, f) => {
                let (c, t, f) = (self.test(c), self.val(t), self.val(f));
                branch(c, t, f)
            }
            CExpr::Quant { .. } => super::as_value(self.quant(e)),
        }
    }
}

fn is_arithmetic(op: BinOp) -> bool {
    matches!(
        op,
        BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Rem
    )
}
