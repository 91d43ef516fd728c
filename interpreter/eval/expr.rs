//! Evaluation of expressions: pure, bounded by a step budget, no I/O.

use super::value::{Entry, Value};
use crate::check::builtins::Builtin;
use crate::compile::CompiledBook;
use crate::compile::{CDefine, CExpr, CKey, CTable, FieldKind, Spanned, StateVar};
use crate::model::{Call, Meaning, Rank, Seat, Strain};
use crate::source::Span;
use crate::syntax::ast::{BinOp, Expr, QuantKind};
use std::cell::{Cell, RefCell};
use std::collections::BTreeSet;
use std::rc::Rc;

pub use super::findings::{About, AboutKey, AboutWhat, Asked, Findings, ABOUT, ABOUT_ACT};

/// Why evaluation stopped without a value.
#[derive(Clone, Debug)]
pub enum Stop {
    /// A finding of fact the case does not give: the caller branches on it.
    Unknown(Asked),
    /// A rule met a situation it cannot handle (no row in a table, the last of an empty list).
    Error { message: String, span: Span },
    /// The step budget ran out: a rule that loops or a law book far too large.
    Budget { span: Span },
}

/// The part of the table's state that expressions read.
#[derive(Clone, Debug)]
pub struct View {
    pub auction: Rc<Vec<Value>>,
    pub dealer: Seat,
    pub vulnerable: [bool; 2],
    /// (holder, obligation name, arguments) of every obligation in force.
    pub obligations: Vec<(Seat, Rc<str>, Vec<Value>)>,
    /// The trick in progress (plays), and the cards each seat still holds.
    pub trick: Rc<Vec<Value>>,
    pub hands: [crate::model::Hand; 4],
    /// Every card played and not taken back; the trick in progress (0 before the play).
    pub plays: Rc<Vec<Value>>,
    /// What the players did besides calls and cards, in order (`conducts`).
    pub conducts: Rc<Vec<Value>>,
    /// What the record says a player did right after the act being ruled, before anything
    /// else (`next_conducts`, none or one): who drew attention to an irregularity (43B3).
    pub next_conducts: Rc<Vec<Value>>,
    pub trick_number: u8,
    pub trumps: Strain,
    pub to_play: Seat,
    /// The hands returned to the board, a call made on the next deal, the round ended.
    pub hands_returned: bool,
    /// The facts of the table set so far (`set`).
    pub facts: Rc<[Rc<str>]>,
    /// At a claim (Law 68): the tricks not yet complete, and whether it was a concession.
    pub tricks_left: i64,
    pub conceded: bool,
    /// The players who claimed or conceded tricks (68), in order (63A3, 63A4).
    pub claimers: Vec<Seat>,
    /// The tricks a claim's ruling gave each side, by side (69A, 70, 71).
    pub awarded: [u8; 2],
    pub line_stated: bool,
    /// The facts a claim is judged on (`line_tricks`, `dd_tricks`, `trump_outstanding`), or
    /// why they could not be computed.
    pub claim_evidence: Result<ClaimFacts, Rc<str>>,
    pub next_deal_called: bool,
    pub round_ended: bool,
    /// A card of the play has been faced (17D1), and the case has ended.
    pub opening_lead_faced: bool,
    pub case_ended: bool,
    /// The zero-argument definitions already evaluated on this view.
    pub memo: Memo,
}

/// The values of the zero-argument definitions evaluated on a view, by definition and by the
/// call or act a finding in them would be about. A view is one state of the table and never
/// changes, and a definition sees only its view, its arguments and the findings: so each is
/// computed once per state, not once per use (`auction_ended` asks `last_action` inside its
/// quantifiers, and was cubic in the auction's length). A copy of a view starts empty.
#[derive(Debug, Default)]
pub struct Memo(RefCell<Vec<((usize, Option<AboutKey>), Value)>>);

impl Clone for Memo {
    fn clone(&self) -> Memo {
        Memo::default()
    }
}

impl Default for View {
    /// A table before any call: what scoring and the other pure entry points see.
    fn default() -> View {
        View {
            auction: Rc::new(vec![]),
            dealer: Seat::North,
            vulnerable: [false, false],
            obligations: vec![],
            trick: Rc::new(vec![]),
            hands: Default::default(),
            plays: Rc::new(vec![]),
            conducts: Rc::new(vec![]),
            next_conducts: Rc::new(vec![]),
            trick_number: 0,
            trumps: Strain::NoTrump,
            to_play: Seat::North,
            hands_returned: false,
            facts: Rc::from([]),
            tricks_left: 0,
            conceded: false,
            claimers: vec![],
            awarded: [0, 0],
            line_stated: false,
            claim_evidence: Err(Rc::from("no claim has been made")),
            next_deal_called: false,
            round_ended: false,
            opening_lead_faced: false,
            case_ended: false,
            memo: Memo::default(),
        }
    }
}

/// The facts a claim is judged on (Law 70), computed by the table when the claim is made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClaimFacts {
    /// Tricks the claimer's side wins on the worst line his statement leaves open.
    pub line_tricks: u8,
    /// Tricks the claimer's side wins double dummy.
    pub dd_tricks: u8,
    /// An opponent holds a trump the statement does not name (70C1).
    pub trump_outstanding: bool,
}

#[derive(Clone)]
pub struct Evaluator<'a> {
    pub book: &'a CompiledBook,
    pub findings: &'a Findings,
    /// The call the expression being evaluated is about (from the environment's `$about`).
    about: Cell<Option<About>>,
    pub budget: Cell<u64>,
    /// Which definitions and tables (by index) were evaluated: their `per` paragraphs are
    /// what a ruling rests on.
    used_defines: RefCell<Vec<bool>>,
    used_tables: RefCell<Vec<bool>>,
    /// Walk every definition's body, never a folded value (`eval::fold`'s reference path).
    pub interpret_only: bool,
    /// The folded values' sets of used definitions already marked (definition, set).
    folded_marked: RefCell<Vec<(usize, u32)>>,
}

pub type Env<'a> = Vec<(&'a str, Value)>;

impl<'a> Evaluator<'a> {
    pub fn new(book: &'a CompiledBook, findings: &'a Findings, budget: u64) -> Self {
        Evaluator {
            book,
            findings,
            about: Cell::new(None),
            budget: Cell::new(budget),
            used_defines: RefCell::new(vec![false; book.program.defines.len()]),
            used_tables: RefCell::new(vec![false; book.program.tables.len()]),
            interpret_only: false,
            folded_marked: RefCell::new(vec![]),
        }
    }

    /// Call a definition by name walking its body (and those it calls), never a folded value.
    pub fn interpret(&self, name: &str, args: Vec<Value>, view: &View) -> Result<Value, Stop> {
        let mut reference = Evaluator::new(self.book, self.findings, self.budget.get());
        reference.interpret_only = true;
        let value = reference.call(name, args, view);
        let (d, t) = reference.used();
        for i in d {
            self.used_defines.borrow_mut()[i] = true;
        }
        for i in t {
            self.used_tables.borrow_mut()[i] = true;
        }
        self.budget.set(reference.budget.get());
        value
    }

    /// Start afresh: a new budget, nothing used yet.
    pub fn restart(&self, budget: u64) {
        self.budget.set(budget);
        self.used_defines.borrow_mut().fill(false);
        self.used_tables.borrow_mut().fill(false);
        self.folded_marked.borrow_mut().clear();
    }

    /// The definitions and tables (by index) evaluated so far.
    pub fn used(&self) -> (Vec<usize>, Vec<usize>) {
        let on = |v: &Vec<bool>| {
            v.iter()
                .enumerate()
                .filter(|(_, u)| **u)
                .map(|(i, _)| i)
                .collect()
        };
        (
            on(&self.used_defines.borrow()),
            on(&self.used_tables.borrow()),
        )
    }

    fn tick(&self, span: Span) -> Result<(), Stop> {
        let b = self.budget.get();
        if b == 0 {
            return Err(Stop::Budget { span });
        }
        self.budget.set(b - 1);
        Ok(())
    }

    /// Call a definition or table by name with arguments (the table's entry points).
    pub fn call(&self, name: &str, args: Vec<Value>, view: &View) -> Result<Value, Stop> {
        let program = &self.book.program;
        if let Some(d) = program.define(name) {
            return self.call_define(d, args, view);
        }
        if let Some(t) = program.table(name) {
            let key = args.into_iter().next().unwrap_or(Value::Int(0));
            return self.lookup(t, key, view, t.span);
        }
        Err(Stop::Error {
            message: format!("the law book has no `{name}`"),
            span: Span::default(),
        })
    }

    /// The paragraphs of the definitions and tables evaluated so far.
    pub fn used_paragraphs(&self) -> BTreeSet<&'a str> {
        let p = &self.book.program;
        let d = self.used_defines.borrow();
        let t = self.used_tables.borrow();
        let defines = p
            .defines
            .iter()
            .zip(d.iter())
            .filter(|(_, u)| **u)
            .flat_map(|(x, _)| &x.per);
        let tables = p
            .tables
            .iter()
            .zip(t.iter())
            .filter(|(_, u)| **u)
            .flat_map(|(x, _)| &x.per);
        defines.chain(tables).map(|s| s.as_str()).collect()
    }

    /// Call the definition of index `i` (an entry point resolved once by
    /// `Program::define_index`), its arguments borrowed: a folded one is a lookup.
    pub fn call_at(&self, i: usize, args: &[Value], view: &View) -> Result<Value, Stop> {
        let d = &self.book.program.defines[i];
        match self.folded_value(d, args) {
            Some(v) => Ok(v),
            None => self.call_define(d, args.to_vec(), view),
        }
    }

    /// The value folded at load for these arguments, if there is one (`eval::fold`); the
    /// definitions and tables it used are marked used.
    fn folded_value(&self, d: &CDefine, args: &[Value]) -> Option<Value> {
        if self.interpret_only {
            return None;
        }
        let f = self.book.program.folded.get(d.index)?.as_ref()?;
        let (v, set) = f.points[super::fold::point(d.domains.as_ref()?, args)?].as_ref()?;
        // The marks stay for the evaluator's life: a set marked once needs no second pass.
        let key = (d.index, *set);
        if self.folded_marked.borrow().contains(&key) {
            return Some(v.clone());
        }
        self.folded_marked.borrow_mut().push(key);
        let (defines, tables) = &f.used[*set as usize];
        let mut used = self.used_defines.borrow_mut();
        for &i in defines {
            used[i] = true;
        }
        let mut used = self.used_tables.borrow_mut();
        for &i in tables {
            used[i] = true;
        }
        Some(v.clone())
    }

    fn call_define(&self, d: &'a CDefine, args: Vec<Value>, view: &View) -> Result<Value, Stop> {
        if let Some(v) = self.folded_value(d, &args) {
            return Ok(v);
        }
        let key = d.memo.then(|| (d.index, self.about.get().map(|a| a.key())));
        // A few entries a view: a list is quicker to search than a map is to hash.
        if let Some(k) = &key {
            if let Some((_, v)) = view.memo.0.borrow().iter().find(|(x, _)| x == k) {
                return Ok(v.clone());
            }
        }
        let mut frame = args;
        frame.resize(d.slots.max(d.params), Value::Int(0));
        let value = self.run(&d.body, &mut frame, &[], view)?;
        if let Some(k) = key {
            view.memo.0.borrow_mut().push((k, value.clone()));
        }
        // A condition's paragraph applies when the condition holds: a revoke not established
        // by a claim (63A3) is not a use of 63A3.
        if value != Value::Bool(false) {
            self.used_defines.borrow_mut()[d.index] = true;
        }
        Ok(value)
    }

    fn lookup(&self, t: &'a CTable, key: Value, view: &View, at: Span) -> Result<Value, Stop> {
        self.used_tables.borrow_mut()[t.index] = true;
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
                let mut vals = Vec::with_capacity(args.len());
                for a in args {
                    vals.push(self.run(a, frame, env, view)?);
                }
                apply_builtin(*b, vals, view, e.span)?
            }
            CExpr::Finding(n) => match self.findings.get(n, self.about.get()) {
                Some(b) => Value::Bool(b),
                None => {
                    return Err(Stop::Unknown(Asked {
                        name: n.to_string(),
                        about: self.about.get(),
                    }))
                }
            },
            CExpr::Fact(n) => Value::Bool(view.facts.iter().any(|f| f == n)),
            CExpr::State(s) => match s {
                StateVar::Auction => Value::List(view.auction.clone()),
                StateVar::Trick => Value::List(view.trick.clone()),
                StateVar::Dealer => Value::Seat(view.dealer),
                StateVar::Plays => Value::List(view.plays.clone()),
                StateVar::TrickNumber => Value::Int(view.trick_number as i64),
                StateVar::Trumps => Value::Strain(view.trumps),
                StateVar::ToPlay => Value::Seat(view.to_play),
                StateVar::HandsReturned => Value::Bool(view.hands_returned),
                StateVar::TricksLeft => Value::Int(view.tricks_left),
                StateVar::ClaimFactsKnown => Value::Bool(view.claim_evidence.is_ok()),
                StateVar::LineStated => Value::Bool(view.line_stated),
                StateVar::LineTricks | StateVar::DdTricks | StateVar::TrumpOutstanding => {
                    let facts = view.claim_evidence.as_ref().map_err(|why| Stop::Error {
                        message: format!("the facts of the claim are not known: {why}"),
                        span: e.span,
                    })?;
                    match s {
                        StateVar::LineTricks => Value::Int(i64::from(facts.line_tricks)),
                        StateVar::DdTricks => Value::Int(i64::from(facts.dd_tricks)),
                        _ => Value::Bool(facts.trump_outstanding),
                    }
                }
                StateVar::Conceded => Value::Bool(view.conceded),
                StateVar::Conducts => Value::List(view.conducts.clone()),
                StateVar::NextConducts => Value::List(view.next_conducts.clone()),
                StateVar::Claimers => Value::List(Rc::new(
                    view.claimers.iter().map(|&s| Value::Seat(s)).collect(),
                )),
                StateVar::NextDealCalled => Value::Bool(view.next_deal_called),
                StateVar::OpeningLeadFaced => Value::Bool(view.opening_lead_faced),
                StateVar::CaseEnded => Value::Bool(view.case_ended),
                StateVar::RoundEnded => Value::Bool(view.round_ended),
            },
            CExpr::Field(x, f) => {
                let v = self.run(x, frame, env, view)?;
                match (&v, f) {
                    (Value::Entry(x), FieldKind::EntrySeat) => Value::Seat(x.seat),
                    (Value::Entry(x), FieldKind::EntryCall) => Value::Call(x.call, x.meaning),
                    (Value::Entry(x), FieldKind::EntryIndex) => Value::Int(x.index as i64),
                    (Value::Play(s, ..), FieldKind::PlaySeat | FieldKind::EntrySeat) => {
                        Value::Seat(*s)
                    }
                    (Value::Play(_, c, _), FieldKind::PlayCard) => Value::Card(*c),
                    (Value::Play(.., t), FieldKind::PlayTrick) => Value::Int(*t as i64),
                    (Value::Conduct(s, ..), FieldKind::PlaySeat | FieldKind::EntrySeat) => {
                        Value::Seat(*s)
                    }
                    (Value::Conduct(_, k, ..), FieldKind::ConductKind) => Value::Text(k.clone()),
                    (Value::Conduct(_, _, t, _), FieldKind::PlayTrick) => Value::Int(*t as i64),
                    (Value::Conduct(.., n), FieldKind::ConductInTrick) => Value::Int(*n as i64),
                    _ => return Err(type_error(e.span, "record with this field", &v)),
                }
            }
            CExpr::Neg(x) => match self.run(x, frame, env, view)? {
                Value::Int(i) => Value::Int(i.checked_neg().ok_or_else(|| overflow(e.span))?),
                v => return Err(type_error(x.span, "int", &v)),
            },
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
                let none = |what: &str| Stop::Error {
                    message: format!(
                        "no element of the list for `{what}`: the list is empty or nothing matches"
                    ),
                    span: e.span,
                };
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
        let compiled = self.book.program.open(self.book, e);
        let mut frame = vec![Value::Int(0); compiled.slots];
        let about = env
            .iter()
            .rev()
            .find(|(n, _)| *n == ABOUT)
            .and_then(|(_, v)| match v {
                Value::Entry(e) => Some(About {
                    number: e.index,
                    seat: e.seat,
                    what: AboutWhat::Call(e.call),
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
        let result = self.run(&compiled.body, &mut frame, env, view);
        self.about.set(outer);
        result
    }
}

/// Comparisons and arithmetic on two ints.
fn arithmetic(op: BinOp, x: i64, y: i64, span: Span) -> Result<Value, Stop> {
    Ok(match op {
        BinOp::Lt => Value::Bool(x < y),
        BinOp::Le => Value::Bool(x <= y),
        BinOp::Gt => Value::Bool(x > y),
        BinOp::Ge => Value::Bool(x >= y),
        BinOp::Add => Value::Int(x.checked_add(y).ok_or_else(|| overflow(span))?),
        BinOp::Sub => Value::Int(x.checked_sub(y).ok_or_else(|| overflow(span))?),
        BinOp::Mul => Value::Int(x.checked_mul(y).ok_or_else(|| overflow(span))?),
        BinOp::Div | BinOp::Rem => {
            if y == 0 {
                return Err(Stop::Error {
                    message: "division by zero".into(),
                    span,
                });
            }
            // i64::MIN / -1 (and its remainder) overflow too.
            let r = if op == BinOp::Div {
                x.checked_div(y)
            } else {
                x.checked_rem(y)
            };
            Value::Int(r.ok_or_else(|| overflow(span))?)
        }
        _ => unreachable!("not an arithmetic operator"),
    })
}

/// An int result outside 64 bits: an error at the expression, never a wrapped or clamped
/// number that would rule on a wrong value.
fn overflow(span: Span) -> Stop {
    Stop::Error {
        message: "arithmetic overflow: the result does not fit in a 64-bit integer".into(),
        span,
    }
}

fn type_error(span: Span, want: &str, got: &Value) -> Stop {
    Stop::Error {
        message: format!("expected a {want}, got {got}"),
        span,
    }
}

fn apply_builtin(b: Builtin, args: Vec<Value>, view: &View, span: Span) -> Result<Value, Stop> {
    use Value as V;
    let bad = || Stop::Error {
        message: "wrong arguments to a built-in function".into(),
        span,
    };
    let mut it = args.into_iter();
    let a = it.next();
    let b2 = it.next();
    Ok(match (b, a, b2) {
        (Builtin::Lho, Some(V::Seat(s)), _) => V::Seat(s.lho()),
        (Builtin::Rho, Some(V::Seat(s)), _) => V::Seat(s.rho()),
        (Builtin::Partner, Some(V::Seat(s)), _) => V::Seat(s.partner()),
        (Builtin::SideOf, Some(V::Seat(s)), _) => V::Side(s.side()),
        (Builtin::IsBid, Some(V::Call(c, _)), _) => V::Bool(c.is_bid()),
        (Builtin::IsPass, Some(V::Call(c, _)), _) => V::Bool(c == Call::Pass),
        (Builtin::IsDouble, Some(V::Call(c, _)), _) => V::Bool(c == Call::Double),
        (Builtin::IsRedouble, Some(V::Call(c, _)), _) => V::Bool(c == Call::Redouble),
        (Builtin::IsArtificial, Some(V::Call(_, m)), _) => V::Bool(m.is_artificial()),
        (Builtin::Specified, Some(V::Call(c, m)), _) => {
            V::List(Rc::new(m.specified(c).into_iter().map(V::Strain).collect()))
        }
        (Builtin::Level, Some(V::Call(Call::Bid { level, .. }, _)), _) => V::Int(level as i64),
        (Builtin::StrainOf, Some(V::Call(Call::Bid { strain, .. }, _)), _) => V::Strain(strain),
        (Builtin::Level | Builtin::StrainOf, Some(V::Call(c, _)), _) => {
            return Err(Stop::Error {
                message: format!("{c} is not a bid, so it has no level or strain"),
                span,
            })
        }
        (Builtin::Bid, Some(V::Int(l)), Some(s)) => {
            let strain = match s {
                V::Strain(s) => s,
                V::Suit(s) => s.strain(),
                _ => return Err(bad()),
            };
            V::Call(Call::bid(l.clamp(0, 99) as u8, strain), Meaning::Natural)
        }
        (Builtin::SuitOf, Some(V::Card(c)), _) => V::Suit(c.suit),
        (Builtin::RankOf, Some(V::Card(c)), _) => V::Rank(c.rank),
        (Builtin::Item, Some(V::List(xs)), Some(V::Int(i))) => xs
            .get(usize::try_from(i).map_err(|_| bad())?)
            .cloned()
            .ok_or_else(|| Stop::Error {
                message: format!("the list has no element {i}"),
                span,
            })?,
        (Builtin::Size, Some(V::List(xs)), _) => V::Int(xs.len() as i64),
        (Builtin::Range, Some(V::Int(a)), Some(V::Int(b))) => {
            if b.checked_sub(a).is_none_or(|n| n > 10_000) {
                return Err(Stop::Error {
                    message: "a range of more than 10000 numbers".into(),
                    span,
                });
            }
            V::List(Rc::new((a..=b).map(V::Int).collect()))
        }
        (Builtin::Obliged, Some(V::Seat(s)), Some(V::Obligation(o))) => {
            V::Bool(view.obligations.iter().any(|(h, n, _)| *h == s && *n == o))
        }
        (Builtin::CardsUnder, Some(V::Seat(s)), Some(V::Obligation(o))) => {
            V::List(Rc::new(args_under(view, s, &o, |a| {
                matches!(a, V::Card(_))
            })))
        }
        (Builtin::SuitsUnder, Some(V::Seat(s)), Some(V::Obligation(o))) => {
            V::List(Rc::new(args_under(view, s, &o, |a| {
                matches!(a, V::Suit(_))
            })))
        }
        (Builtin::Vulnerable, Some(V::Side(s)), _) => V::Bool(view.vulnerable[s as usize]),
        (Builtin::AwardedTo, Some(V::Side(s)), _) => V::Int(i64::from(view.awarded[s as usize])),
        (Builtin::HandOf, Some(V::Seat(s)), _) => V::List(Rc::new(
            view.hands[s.index()].cards().map(V::Card).collect(),
        )),
        (Builtin::PlayedTo, Some(V::Int(n)), _) => V::List(Rc::new(
            view.plays
                .iter()
                .filter(|p| matches!(p, V::Play(.., t) if *t as i64 == n))
                .cloned()
                .collect(),
        )),
        (Builtin::Min, Some(V::Int(a)), Some(V::Int(b))) => V::Int(a.min(b)),
        (Builtin::Max, Some(V::Int(a)), Some(V::Int(b))) => V::Int(a.max(b)),
        _ => return Err(bad()),
    })
}

/// The auction as the language sees it: the calls that stand, in order.
pub fn entries(calls: impl Iterator<Item = (Seat, Call, Meaning)>) -> Rc<Vec<Value>> {
    Rc::new(
        calls
            .enumerate()
            .map(|(index, (seat, call, meaning))| {
                Value::Entry(Entry {
                    seat,
                    call,
                    index,
                    meaning,
                })
            })
            .collect(),
    )
}

pub fn strain_value(s: Strain) -> Value {
    Value::Strain(s)
}

pub fn rank_value(r: Rank) -> Value {
    Value::Rank(r)
}

/// The arguments of one kind among those of a seat's obligations of a name in force.
fn args_under(view: &View, s: Seat, o: &str, kind: impl Fn(&Value) -> bool) -> Vec<Value> {
    view.obligations
        .iter()
        .filter(|(h, n, _)| *h == s && **n == *o)
        .flat_map(|(_, _, args)| args.iter().filter(|a| kind(a)).cloned())
        .collect()
}
