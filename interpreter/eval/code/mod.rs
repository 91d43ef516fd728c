//! The compiled program lowered to closures when the law book loads: what the evaluator runs.
//!
//! Each expression becomes a closure of the kind its type gives: an int (`i64`), a truth value
//! (`bool`) or any other value (`Value`), so integers and truth values are never boxed in a
//! `Value` nor checked at run time. A frame's slots are typed the same way: parameters and
//! quantifier variables that are ints or truth values live in an `i64` stack, the others in a
//! `Value` stack; both stacks are kept by the evaluator and reused, so a call allocates
//! nothing. Entry points are resolved to indices once; a table whose keys are ints is a dense
//! array from key to row; a quantifier over `range(a, b)` is a counted loop; a pure definition
//! folded at load (`fold`) is a lookup at the point its typed arguments give. The step budget
//! is charged per call, per table lookup and per loop iteration (the reference interpreter
//! charges every node). A stop (an open finding, an error, the budget) leaves by a side exit:
//! the closure returns `Err(Halt)` and the stop waits in the machine, so the common path moves
//! a bare `i64` or `bool`.
//!
//! The reference interpreter (`expr::Evaluator::run`) stays: `tests/compiled.rs` rules the
//! whole corpus both ways, and `tests/fold.rs` every folded point.

mod call;
mod lower;
mod table;

use super::expr::{Evaluator, Stop, View};
use super::value::Value;
use crate::eval::book::CompiledBook;
use crate::syntax::ast::Expr;
use call::DefineCode;
use lower::{Lowered, Lowerer};
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::rc::Rc;
use table::TableCode;

/// A stop is waiting in the machine (`Machine::stop`).
#[derive(Debug)]
pub struct Halt;

pub type R<T> = Result<T, Halt>;

/// A closure of the compiled code.
pub type Fun<T> = Box<dyn for<'m> Fn(&mut Machine<'m>) -> R<T>>;

/// The state one evaluation runs in: the evaluator (findings, budget, what was used), the
/// table's view, the names a rule binds, the two slot stacks and where the current frame
/// starts in each, and the stop that ended it.
pub struct Machine<'m> {
    pub ev: &'m Evaluator<'m>,
    pub code: &'m Code,
    pub view: &'m View,
    pub env: &'m [(&'m str, Value)],
    pub ints: &'m mut Vec<i64>,
    pub vals: &'m mut Vec<Value>,
    /// Quantifier variables over lists of values: the list, and where the walk is in it (an
    /// element is read where it lies, never copied into a slot).
    pub elems: &'m mut Vec<(Option<Rc<Vec<Value>>>, usize)>,
    /// The quantifiers walking now, innermost last, each by its activation's number
    /// (`activation`): what a call that does not depend on the walk is remembered for.
    pub walks: &'m mut Vec<u64>,
    pub ib: usize,
    pub vb: usize,
    pub eb: usize,
    pub stop: Option<Stop>,
}

/// Where a frame starts on each stack (ints, values, list elements), or how many slots it
/// takes on each.
pub type Frame = (usize, usize, usize);

impl Machine<'_> {
    pub fn fail<T>(&mut self, s: Stop) -> R<T> {
        self.stop = Some(s);
        Err(Halt)
    }

    /// Charge one step of the budget.
    #[inline]
    pub fn tick(&mut self, span: crate::source::Span) -> R<()> {
        let b = self.ev.budget.get();
        if b == 0 {
            return self.fail(Stop::Budget { span });
        }
        self.ev.budget.set(b - 1);
        Ok(())
    }

    /// Where a new frame on top of the stacks would start.
    #[inline]
    pub fn top(&self) -> Frame {
        (self.ints.len(), self.vals.len(), self.elems.len())
    }

    /// Run `f` in a new frame of `size` slots starting at `base` on the stacks (whose first
    /// slots the caller may have pushed already).
    #[inline]
    pub fn in_frame<T>(
        &mut self,
        base: Frame,
        size: Frame,
        f: impl FnOnce(&mut Self) -> R<T>,
    ) -> R<T> {
        // Most frames have slots on one stack or none (a rule's condition, a definition of
        // ints): a stack the frame leaves alone is not touched.
        if base.0 + size.0 != self.ints.len() {
            self.ints.resize(base.0 + size.0, 0);
        }
        if base.1 + size.1 != self.vals.len() {
            self.vals.resize(base.1 + size.1, Value::Int(0));
        }
        if base.2 + size.2 != self.elems.len() {
            self.elems.resize(base.2 + size.2, (None, 0));
        }
        let outer = (self.ib, self.vb, self.eb);
        (self.ib, self.vb, self.eb) = base;
        let r = f(self);
        (self.ib, self.vb, self.eb) = outer;
        self.truncate(base);
        r
    }

    /// Drop everything above `base` on the stacks.
    #[inline]
    pub fn truncate(&mut self, base: Frame) {
        // The stacks are mostly at `base` already (every evaluation ends with this): a
        // comparison, not a call that walks nothing to drop.
        if self.ints.len() > base.0 {
            self.ints.truncate(base.0);
        }
        if self.vals.len() > base.1 {
            self.vals.truncate(base.1);
        }
        if self.elems.len() > base.2 {
            self.elems.truncate(base.2);
        }
    }
}

/// The slot stacks an evaluator keeps between evaluations, so that each reuses the memory.
#[derive(Clone, Debug, Default)]
pub struct Stacks {
    ints: Vec<i64>,
    vals: Vec<Value>,
    elems: Vec<(Option<Rc<Vec<Value>>>, usize)>,
    walks: Vec<u64>,
}

thread_local! {
    /// The activations of quantifiers on this thread so far: each walk gets a number no
    /// other walk of any evaluation on the thread has had.
    static ACTIVATIONS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// A number for a quantifier's walk that no walk on this thread had before.
#[inline]
pub fn activation() -> u64 {
    ACTIVATIONS.with(|a| {
        let n = a.get() + 1;
        a.set(n);
        n
    })
}

/// A rule's expression, lowered: its closure and the slots its quantifiers need.
struct OpenCode {
    body: Fun<Value>,
    slots: Frame,
}

/// The whole program as closures.
pub struct Code {
    defines: Vec<DefineCode>,
    tables: Vec<TableCode>,
    /// The rules' expressions lowered so far, by the address of their syntax node (as
    /// `Program::open` compiles them): each the first time it runs.
    open: RefCell<FxHashMap<usize, Rc<OpenCode>>>,
}

impl std::fmt::Debug for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Code({} definitions, {} tables)",
            self.defines.len(),
            self.tables.len()
        )
    }
}

impl Code {
    /// Lower every definition and table of a compiled (and folded) book.
    pub fn lower(book: &CompiledBook) -> Code {
        let p = &book.program;
        let defines = p
            .defines
            .iter()
            .map(|d| DefineCode::lower(book, d))
            .collect();
        let tables = p.tables.iter().map(|t| TableCode::lower(book, t)).collect();
        Code {
            defines,
            tables,
            open: RefCell::default(),
        }
    }

    /// Run `f` on a machine for one evaluation, with the evaluator's stacks.
    fn run<T>(
        &self,
        ev: &Evaluator,
        view: &View,
        env: &[(&str, Value)],
        f: impl for<'x> FnOnce(&mut Machine<'x>) -> R<T>,
    ) -> Result<T, Stop> {
        // The evaluator's stacks, borrowed for the evaluation (closures never start another).
        let mut stacks = ev.stacks.borrow_mut();
        let stacks = &mut *stacks;
        let mut m = Machine {
            ev,
            code: self,
            view,
            env,
            ints: &mut stacks.ints,
            vals: &mut stacks.vals,
            elems: &mut stacks.elems,
            walks: &mut stacks.walks,
            ib: 0,
            vb: 0,
            eb: 0,
            stop: None,
        };
        let r = f(&mut m);
        m.truncate((0, 0, 0));
        m.walks.clear();
        r.map_err(|Halt| m.stop.take().expect("a halt leaves its stop"))
    }

    /// Call definition `i` with arguments.
    pub fn call_define(
        &self,
        ev: &Evaluator,
        i: usize,
        args: &[Value],
        view: &View,
    ) -> Result<Value, Stop> {
        self.run(ev, view, &[], |m| call::invoke_with(m, i, args))
    }

    /// Look up table `i`.
    pub fn lookup(&self, ev: &Evaluator, i: usize, key: Value, view: &View) -> Result<Value, Stop> {
        let t = &self.tables[i];
        self.run(ev, view, &[], |m| t.lookup_value(m, key, t.span))
    }

    /// Evaluate a rule's expression with the names its rule binds.
    pub fn eval(
        &self,
        ev: &Evaluator,
        e: &Expr,
        env: &[(&str, Value)],
        view: &View,
    ) -> Result<Value, Stop> {
        let open = self.open_code(ev.book, e);
        self.run(ev, view, env, |m| {
            // Most rules' expressions walk no list: they have no slots, and need no frame.
            if open.slots == (0, 0, 0) {
                return (open.body)(m);
            }
            let base = m.top();
            m.in_frame(base, open.slots, |m| (open.body)(m))
        })
    }

    fn open_code(&self, book: &CompiledBook, e: &Expr) -> Rc<OpenCode> {
        let key = e as *const Expr as usize;
        if let Some(c) = self.open.borrow().get(&key) {
            return c.clone();
        }
        let compiled = book.program.open(book, e);
        let mut l = Lowerer::new(book, &[]);
        let body = l.val(&compiled.body);
        let c = Rc::new(OpenCode {
            body,
            slots: l.slots(),
        });
        self.open.borrow_mut().insert(key, c.clone());
        c
    }
}

/// A lowered body as a closure giving a `Value`, whatever its kind.
fn as_value(l: Lowered) -> Fun<Value> {
    match l {
        Lowered::Int(f) => Box::new(move |m| f(m).map(Value::Int)),
        Lowered::Bool(f) => Box::new(move |m| f(m).map(Value::Bool)),
        Lowered::Val(f) => f,
    }
}
