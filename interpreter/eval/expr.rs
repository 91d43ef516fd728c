//! Evaluation of expressions: pure, bounded by a step budget, no I/O. The entry points
//! (`Evaluator::call`, `eval`) run the compiled code (`code`) where the book has it; the
//! reference interpreter here walks the compiled program's tree node by node, and is what the
//! code is checked against.

use super::ops::{
    apply_builtin, arithmetic, decimal_arithmetic, finding_answer, found_number, negate,
    negate_decimal, no_element, overflow, read_field, read_state, type_error,
};
use super::probe;
use super::value::{same_value, Value};
use crate::check::types::Type;
use crate::compile::{CDefine, CExpr, CKey, CTable, Folded, Spanned};
use crate::eval::book::CompiledBook;
use crate::model::{Call, Meaning};
use crate::source::Span;
use crate::syntax::ast::{BinOp, Expr, QuantKind};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

pub use super::findings::{About, AboutKey, AboutWhat, Asked, Findings, ABOUT, ABOUT_ACT};
pub use super::ops::Stop;
pub use super::view::{entries, rank_value, strain_value, ClaimFacts, Memo, View};

/// Steps a question the table asks is charged besides the steps inside it: finding what it
/// is about and setting up its evaluation take some 200 ns, what twenty steps inside it
/// take (the longest legal auction: 340,000 steps and 2,233 questions in 4.2 ms). Counted as
/// nothing, a question of a bare comparison cost no step at all, and a fuzzed tree of fifty
/// hesitations asked 67 million of them, 14.5 s of ruling, before its budget stopped it.
pub const QUESTION_STEPS: u64 = 20;

#[derive(Clone)]
pub struct Evaluator<'a> {
    pub book: &'a CompiledBook,
    pub findings: &'a Findings,
    /// The call the expression being evaluated is about (from the environment's `$about`).
    about: Cell<Option<About>>,
    pub budget: Cell<u64>,
    /// Which definitions and tables (by index) were evaluated: their `per` paragraphs are
    /// what a ruling rests on.
    used_defines: Marks,
    used_tables: Marks,
    /// Walk every definition's body, never a folded value (`eval::fold`'s reference path).
    pub interpret_only: bool,
    /// The folded values' sets of used definitions already marked, by their number among
    /// all folded sets (`Folded::set_base` plus the set).
    folded_marked: Marks,
    /// The compiled code's slot stacks, kept between evaluations.
    pub(super) stacks: RefCell<super::code::Stacks>,
}

pub type Env<'a> = Vec<(&'a str, Value)>;

/// Which definitions or tables (by index) an evaluation used: set on every call, so no
/// borrow to check; a bit each, so that the copy a branch of the decision tree makes, and
/// the walk over those set that every replay's outcome makes, go a word at a time.
#[derive(Clone, Debug)]
struct Marks(Vec<Cell<u64>>);

impl Marks {
    fn new(n: usize) -> Marks {
        Marks(vec![Cell::new(0); n.div_ceil(64)])
    }

    #[inline]
    fn set(&self, i: usize) {
        let w = &self.0[i / 64];
        w.set(w.get() | 1 << (i % 64));
    }

    #[inline]
    fn get(&self, i: usize) -> bool {
        self.0[i / 64].get() >> (i % 64) & 1 == 1
    }

    fn clear(&self) {
        self.0.iter().for_each(|m| m.set(0));
    }

    /// The indices set, in order.
    fn on(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(at, w)| {
            let mut bits = w.get();
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let i = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    at * 64 + i
                })
            })
        })
    }
}

impl<'a> Evaluator<'a> {
    pub fn new(book: &'a CompiledBook, findings: &'a Findings, budget: u64) -> Self {
        Evaluator {
            book,
            findings,
            about: Cell::new(None),
            budget: Cell::new(budget),
            used_defines: Marks::new(book.program.defines.len()),
            used_tables: Marks::new(book.program.tables.len()),
            interpret_only: false,
            folded_marked: Marks::new(book.program.folded_sets),
            stacks: RefCell::default(),
        }
    }

    /// The compiled code, unless every expression is to be walked by the reference
    /// interpreter.
    fn code(&self) -> Option<&'a super::code::Code> {
        match self.interpret_only {
            true => None,
            false => self.book.code.as_ref(),
        }
    }

    /// Whether this evaluator is the reference interpreter, walking every node: what the
    /// compiled path is checked against, so it takes none of the compiled path's shortcuts.
    pub(super) fn walks_every_node(&self) -> bool {
        self.code().is_none()
    }

    /// The call or act the expression being evaluated is about.
    pub(super) fn about(&self) -> Option<About> {
        self.about.get()
    }

    /// How definition `i`'s value is remembered on a view: by the call or act a finding in
    /// it would be about.
    pub(super) fn memo_key(&self, i: usize) -> (usize, Option<AboutKey>) {
        (i, self.about.get().map(|a| a.key()))
    }

    pub(super) fn mark_define(&self, i: usize) {
        self.used_defines.set(i);
    }

    pub(super) fn mark_table(&self, i: usize) {
        self.used_tables.set(i);
    }

    /// A folded value of `f` was used: mark the definitions and tables its point used (its
    /// set `set`), once for the evaluator's life.
    #[inline]
    pub(super) fn mark_folded(&self, f: &Folded, set: u32) {
        let at = f.set_base + set as usize;
        if !self.folded_marked.get(at) {
            self.mark_folded_set(at, &f.used[set as usize]);
        }
    }

    /// `mark_folded` for a set not marked yet.
    #[cold]
    fn mark_folded_set(&self, at: usize, used: &(Vec<usize>, Vec<usize>)) {
        self.folded_marked.set(at);
        for &i in &used.0 {
            self.used_defines.set(i);
        }
        for &i in &used.1 {
            self.used_tables.set(i);
        }
    }

    /// Call a definition by name walking its body (and those it calls), never a folded value.
    pub fn interpret(&self, name: &str, args: Vec<Value>, view: &View) -> Result<Value, Stop> {
        let mut reference = Evaluator::new(self.book, self.findings, self.budget.get());
        reference.interpret_only = true;
        let value = reference.call(name, args, view);
        let (d, t) = reference.used();
        for i in d {
            self.used_defines.set(i);
        }
        for i in t {
            self.used_tables.set(i);
        }
        self.budget.set(reference.budget.get());
        value
    }

    /// Start afresh: a new budget, nothing used yet.
    pub fn restart(&self, budget: u64) {
        self.budget.set(budget);
        self.used_defines.clear();
        self.used_tables.clear();
        self.folded_marked.clear();
    }

    /// The definitions and tables (by index) evaluated so far.
    pub fn used(&self) -> (Vec<usize>, Vec<usize>) {
        (
            self.used_defines.on().collect(),
            self.used_tables.on().collect(),
        )
    }

    fn tick(&self, span: Span) -> Result<(), Stop> {
        self.charge(1, span)
    }

    /// Charge `steps` of the budget, or stop if fewer are left.
    fn charge(&self, steps: u64, span: Span) -> Result<(), Stop> {
        let b = self.budget.get();
        if b < steps {
            return Err(Stop::Budget { span });
        }
        self.budget.set(b - steps);
        Ok(())
    }

    /// Call a definition or table by name with arguments (the table's entry points).
    pub fn call(&self, name: &str, args: Vec<Value>, view: &View) -> Result<Value, Stop> {
        if !probe::following() {
            return self.call_by_name(name, args, view);
        }
        self.probed(view, |ev, view| ev.call_by_name(name, args.clone(), view))
    }

    fn call_by_name(&self, name: &str, args: Vec<Value>, view: &View) -> Result<Value, Stop> {
        let program = &self.book.program;
        if let Some(&i) = program.define_index.get(name) {
            // A folded value first, as for a call by index.
            return match self.code() {
                Some(_) => self.call_at(i, &args, view),
                None => self.call_define(&program.defines[i], args, view),
            };
        }
        if let Some(&i) = program.table_index.get(name) {
            let key = args.into_iter().next().unwrap_or(Value::Int(0));
            return match self.code() {
                Some(code) => code.lookup(self, i, key, view),
                None => {
                    let t = &program.tables[i];
                    self.lookup(t, key, view, t.span)
                }
            };
        }
        Err(Stop::Error {
            message: format!("the law book has no `{name}`"),
            span: Span::default(),
        })
    }

    /// The paragraphs of the definitions and tables evaluated so far, each once, in the Laws'
    /// order (`Program::paragraphs`).
    pub fn used_paragraphs(&self) -> Vec<std::sync::Arc<str>> {
        let p = &self.book.program;
        let used = Marks::new(p.paragraphs.len());
        let defines = self.used_defines.on().map(|i| &p.defines[i].per);
        let tables = self.used_tables.on().map(|i| &p.tables[i].per);
        for &at in defines.chain(tables).flatten() {
            used.set(at);
        }
        used.on().map(|at| p.paragraphs[at].clone()).collect()
    }

    /// Call the definition of index `i` (an entry point resolved once by
    /// `Program::define_index`), its arguments borrowed: a folded one is a lookup.
    pub fn call_at(&self, i: usize, args: &[Value], view: &View) -> Result<Value, Stop> {
        if !probe::following() {
            return self.call_at_index(i, args, view);
        }
        self.probed(view, |ev, view| ev.call_at_index(i, args, view))
    }

    /// Pure definition `d`'s value at `call` meant `meaning`, and the steps it took: by an
    /// evaluator of its own (its marks, budget and stacks not this one's), none where it
    /// stops. What a probe compares the calls it keeps by (`probe::Compared`).
    pub fn pure_value(&self, d: usize, call: Call, meaning: Meaning) -> Option<(i64, u64)> {
        // As much as a point folded at load may take.
        const BUDGET: u64 = super::fold::POINT_BUDGET;
        let ev = Evaluator::new(self.book, self.findings, BUDGET);
        let arg = [Value::Call(call, meaning, probe::Held::NONE)];
        match ev.call_at_index(d, &arg, &View::default()) {
            Ok(Value::Int(n)) => Some((n, BUDGET - ev.budget.get())),
            _ => None,
        }
    }

    fn call_at_index(&self, i: usize, args: &[Value], view: &View) -> Result<Value, Stop> {
        let d = &self.book.program.defines[i];
        if let Some(v) = self.folded_value(d, args) {
            return Ok(v);
        }
        match self.code() {
            Some(code) => code.call_define(self, i, args, view),
            None => self.call_define(d, args.to_vec(), view),
        }
    }

    /// The value folded at load for these arguments, if there is one (`eval::fold`); the
    /// definitions and tables it used are marked used.
    #[inline]
    fn folded_value(&self, d: &CDefine, args: &[Value]) -> Option<Value> {
        if self.interpret_only {
            return None;
        }
        let f = self.book.program.folded.get(d.index)?.as_ref()?;
        let (v, set) = f.points[super::fold::point(d.domains.as_ref()?, args)?].as_ref()?;
        // The marks stay for the evaluator's life: a set marked once needs no second pass.
        self.mark_folded(f, *set);
        Some(v.clone())
    }

    fn call_define(&self, d: &'a CDefine, args: Vec<Value>, view: &View) -> Result<Value, Stop> {
        if let Some(v) = self.folded_value(d, &args) {
            return Ok(v);
        }
        let key = d.memo.then(|| self.memo_key(d.index));
        // A few entries a view: a list is quicker to search than a map is to hash.
        if let Some(k) = &key {
            if let Some((_, v, read)) = view.memo.0.borrow().iter().find(|(x, ..)| x == k) {
                if *read {
                    probe::read_through_memo();
                }
                return Ok(v.clone());
            }
        }
        let mut frame = args;
        frame.resize(d.slots.max(d.params), Value::Int(0));
        // Whether the value remembered read the call a probe holds (`probe`).
        let watch = key.as_ref().and_then(|_| probe::open());
        let value = self.run(&d.body, &mut frame, &[], view);
        let read = watch.is_some_and(|was| probe::done(was).read);
        let value = value?;
        if let Some(k) = key {
            view.memo.0.borrow_mut().push((k, value.clone(), read));
        }
        // A condition's paragraph applies when the condition holds: a revoke not established
        // by a claim (63A3) is not a use of 63A3.
        if value != Value::Bool(false) {
            self.used_defines.set(d.index);
        }
        Ok(value)
    }

    fn lookup(&self, t: &'a CTable, key: Value, view: &View, at: Span) -> Result<Value, Stop> {
        self.used_tables.set(t.index);
        for (k, value) in &t.rows {
            self.tick(value.span)?;
            let hit = match k {
                CKey::Any => true,
                CKey::Range(lo, hi) => match key {
                    Value::Int(n) => n >= *lo && hi.is_none_or(|h| n <= h),
                    _ => false,
                },
                CKey::Value(v) => *v == key,
            };
            if hit {
                return self.run(value, &mut vec![], &[], view);
            }
        }
        Err(Stop::Error {
            message: format!("table `{}` has no row for {key}", t.name),
            span: at,
        })
    }

    /// Evaluate a compiled expression; `frame` holds parameters and quantifier variables.
    fn run(
        &self,
        e: &Spanned,
        frame: &mut Vec<Value>,
        env: &[(&str, Value)],
        view: &View,
    ) -> Result<Value, Stop> {
        self.tick(e.span)?;
        Ok(match &e.expr {
            CExpr::Const(v) => v.clone(),
            CExpr::Local(i) => frame[*i].clone(),
            // A name the rectification binds (the call, the offender, an answer, a `let`),
            // else what the law book names so.
            CExpr::Bound(n, otherwise) => match env.iter().rev().find(|(x, _)| *x == &**n) {
                Some((_, v)) => v.clone(),
                None => match otherwise {
                    Some(o) => return self.run(o, frame, env, view),
                    None => {
                        return Err(Stop::Error {
                            message: format!("unknown name `{n}`"),
                            span: e.span,
                        })
                    }
                },
            },
            CExpr::Define(i, args) => {
                let d = &self.book.program.defines[*i];
                let mut vals = Vec::with_capacity(d.slots.max(args.len()));
                for a in args {
                    vals.push(self.run(a, frame, env, view)?);
                }
                return self.call_define(d, vals, view);
            }
            CExpr::Table(i, key) => {
                let k = self.run(key, frame, env, view)?;
                return self.lookup(&self.book.program.tables[*i], k, view, e.span);
            }
            CExpr::Builtin(b, args) => {
                let mut vals = [None, None];
                for (slot, a) in vals.iter_mut().zip(args) {
                    *slot = Some(self.run(a, frame, env, view)?);
                }
                let [x, y] = vals;
                apply_builtin(*b, x, y, view, e.span)?
            }
            CExpr::Finding(n) => {
                Value::Bool(finding_answer(self.findings, n, self.about.get(), e.span)?)
            }
            CExpr::FoundNumber(n, range) => {
                let least = self.run_int(&range[0], frame, env, view)?;
                let most = self.run_int(&range[1], frame, env, view)?;
                Value::Int(found_number(
                    self.findings,
                    n,
                    self.about.get(),
                    (least, most),
                    range[0].span,
                )?)
            }
            CExpr::Fact(n) => Value::Bool(view.facts.iter().any(|f| f == n)),
            CExpr::State(s) => read_state(view, *s, e.span)?,
            CExpr::Field(x, f) => read_field(&self.run(x, frame, env, view)?, *f, e.span)?,
            CExpr::Neg(x) if e.ty == Type::Decimal => {
                negate_decimal(&self.run(x, frame, env, view)?, e.span)?
            }
            CExpr::Neg(x) => Value::Int(negate(self.run_int(x, frame, env, view)?, e.span)?),
            CExpr::Not(x) => Value::Bool(!self.run_bool(x, frame, env, view)?),
            CExpr::Binary(op, a, b) => match op {
                BinOp::And => Value::Bool(
                    self.run_bool(a, frame, env, view)? && self.run_bool(b, frame, env, view)?,
                ),
                BinOp::Or => Value::Bool(
                    self.run_bool(a, frame, env, view)? || self.run_bool(b, frame, env, view)?,
                ),
                BinOp::Eq => {
                    Value::Bool(self.run(a, frame, env, view)? == self.run(b, frame, env, view)?)
                }
                BinOp::Ne => {
                    Value::Bool(self.run(a, frame, env, view)? != self.run(b, frame, env, view)?)
                }
                _ if a.ty == Type::Decimal || b.ty == Type::Decimal => {
                    let x = self.run(a, frame, env, view)?;
                    let y = self.run(b, frame, env, view)?;
                    decimal_arithmetic(*op, &x, &y, e.span)?
                }
                _ => {
                    let x = self.run_int(a, frame, env, view)?;
                    let y = self.run_int(b, frame, env, view)?;
                    arithmetic(*op, x, y, e.span)?
                }
            },
            CExpr::If(c, t, f) => {
                if self.run_bool(c, frame, env, view)? {
                    self.run(t, frame, env, view)?
                } else {
                    self.run(f, frame, env, view)?
                }
            }
            CExpr::Quant {
                kind,
                slot,
                list,
                filter,
                key,
            } => {
                let xs = match self.run(list, frame, env, view)? {
                    Value::List(xs) => xs,
                    v => return Err(type_error(list.span, "list", &v)),
                };
                if frame.len() <= *slot {
                    frame.resize(*slot + 1, Value::Int(0));
                }
                let (mut count, mut sum) = (0i64, 0i64);
                let mut best: Option<(i64, &Value)> = None;
                let (mut first, mut last): (Option<&Value>, Option<&Value>) = (None, None);
                let mut every = vec![];
                for x in xs.iter() {
                    frame[*slot] = x.clone();
                    let pass = match filter {
                        Some(f) => self.run_bool(f, frame, env, view)?,
                        None => true,
                    };
                    match kind {
                        QuantKind::All if !pass => return Ok(Value::Bool(false)),
                        QuantKind::Any if pass => return Ok(Value::Bool(true)),
                        _ => {}
                    }
                    if pass {
                        count += 1;
                        if let Some(k) = key {
                            let kv = self.run_int(k, frame, env, view)?;
                            sum = sum.checked_add(kv).ok_or_else(|| overflow(e.span))?;
                            if best.is_none_or(|(b, _)| kv > b) {
                                best = Some((kv, x));
                            }
                        }
                        first = first.or(Some(x));
                        last = Some(x);
                        if *kind == QuantKind::Every {
                            every.push(x.clone());
                        }
                    }
                }
                let none = |what: &str| no_element(what, e.span);
                match kind {
                    QuantKind::Any => Value::Bool(false),
                    QuantKind::All => Value::Bool(true),
                    QuantKind::Count => Value::Int(count),
                    QuantKind::Sum => Value::Int(sum),
                    QuantKind::Highest => best
                        .map(|(_, v)| v.clone())
                        .ok_or_else(|| none("highest"))?,
                    QuantKind::First => first.cloned().ok_or_else(|| none("first"))?,
                    QuantKind::Last => last.cloned().ok_or_else(|| none("last"))?,
                    QuantKind::Every => Value::List(Rc::new(every)),
                }
            }
        })
    }

    fn run_bool(
        &self,
        e: &Spanned,
        frame: &mut Vec<Value>,
        env: &[(&str, Value)],
        view: &View,
    ) -> Result<bool, Stop> {
        match self.run(e, frame, env, view)? {
            Value::Bool(b) => Ok(b),
            v => Err(type_error(e.span, "bool", &v)),
        }
    }

    fn run_int(
        &self,
        e: &Spanned,
        frame: &mut Vec<Value>,
        env: &[(&str, Value)],
        view: &View,
    ) -> Result<i64, Stop> {
        match self.run(e, frame, env, view)? {
            Value::Int(i) => Ok(i),
            v => Err(type_error(e.span, "int", &v)),
        }
    }

    pub fn eval_bool(&self, e: &'a Expr, env: &mut Env<'a>, view: &View) -> Result<bool, Stop> {
        match self.eval(e, env, view)? {
            Value::Bool(b) => Ok(b),
            v => Err(type_error(e.span, "bool", &v)),
        }
    }

    /// Evaluate an expression of a rectification, an option or an obligation with the names
    /// its rule binds. It is compiled once (as the definitions are) and run by the same code.
    pub fn eval(&self, e: &'a Expr, env: &mut Env<'a>, view: &View) -> Result<Value, Stop> {
        if !probe::following() {
            return self.eval_in(e, env, view);
        }
        self.probed(view, |ev, view| ev.eval_in(e, env, view))
    }

    /// The probe boundary (`probe`): an evaluation the engine asks for that read the call a
    /// probe holds is asked again for each call the probe keeps, in its place, on the same
    /// state (a copy of the view that remembers only what did not read the held call), by an
    /// evaluator of its own (the budget, the marks of what was used and the findings' first
    /// read stay this one's); the calls that give another result are no longer kept. What
    /// the asking took more than the ruled call's question is counted (`probe::add_excess`).
    fn probed(
        &self,
        view: &View,
        run: impl Fn(&Evaluator<'a>, &View) -> Result<Value, Stop>,
    ) -> Result<Value, Stop> {
        let Some(was) = probe::open() else {
            return run(self, view);
        };
        let budget = self.budget.get();
        let got = run(self, view);
        let inner = probe::done(was);
        if inner.read && inner.outermost {
            let first_read = self.findings.first_read_now();
            let mut again = Evaluator::new(self.book, self.findings, budget);
            again.interpret_only = self.interpret_only;
            let mut most = 0;
            probe::keep_where(view, |call, copy| {
                again.restart(budget);
                let r = probe::instead(call, || run(&again, copy));
                most = most.max(budget - again.budget.get());
                same_result(&got, &r)
            });
            probe::add_excess(most.saturating_sub(budget - self.budget.get()));
            self.findings.set_first_read(first_read);
        }
        got
    }

    fn eval_in(&self, e: &'a Expr, env: &[(&'a str, Value)], view: &View) -> Result<Value, Stop> {
        self.charge(QUESTION_STEPS, e.span)?;
        let about = env
            .iter()
            .rev()
            .find(|(n, _)| *n == ABOUT)
            .and_then(|(_, v)| match v {
                Value::Entry(e) => Some(About {
                    number: e.index as usize,
                    seat: e.seat,
                    what: AboutWhat::Call(super::probe::shown(e.call)),
                }),
                Value::Conduct(seat, kind, ..) => {
                    let n = env.iter().rev().find(|(n, _)| *n == ABOUT_ACT);
                    match (n, crate::case::conduct_kind_static(kind)) {
                        (Some((_, Value::Int(n))), Some(kind)) => Some(About {
                            number: *n as usize,
                            seat: *seat,
                            what: AboutWhat::Act(kind),
                        }),
                        _ => None,
                    }
                }
                _ => None,
            });
        let outer = self.about.replace(about);
        let result = match self.code() {
            Some(code) => code.eval(self, e, env, view),
            None => {
                let compiled = self.book.program.open(self.book, e);
                let mut frame = vec![Value::Int(0); compiled.slots];
                self.run(&compiled.body, &mut frame, env, view)
            }
        };
        self.about.set(outer);
        result
    }
}

/// Two results of an evaluation asked for two calls the same, the call a probe holds
/// standing for itself (`same_value`); a finding asked is compared by what it asks and the
/// call it is about by number, not by its text.
fn same_result(a: &Result<Value, Stop>, b: &Result<Value, Stop>) -> bool {
    match (a, b) {
        (Ok(x), Ok(y)) => same_value(x, y),
        (Err(Stop::Unknown(p)), Err(Stop::Unknown(q))) => {
            p.name == q.name
                && p.about.map(|a| (a.key(), a.seat)) == q.about.map(|a| (a.key(), a.seat))
        }
        (
            Err(Stop::Error {
                message: m,
                span: s,
            }),
            Err(Stop::Error {
                message: n,
                span: t,
            }),
        ) => m == n && s == t,
        (Err(Stop::Budget { span: s }), Err(Stop::Budget { span: t })) => s == t,
        (Err(Stop::Outside(a)), Err(Stop::Outside(b))) => a == b,
        _ => false,
    }
}
