//! Checked law book to compiled rules: every definition and table with its names resolved
//! once (a parameter or quantifier variable to a slot, a definition or table to an index,
//! a constant to its value, a table's keys to values), so evaluation does no lookups by
//! name. The rectifications' steps keep their syntax tree: they run once per irregularity, the
//! definitions thousands of times (every call asks whose turn it is, every board is scored).
//! The expressions of rectifications, options and obligations are compiled the same way the
//! first time they run (`Program::open`): a name their rule binds is looked up by name then.

use crate::check::builtins::{builtin, constant, state, Builtin, Constant};
use crate::check::LawBook;
use crate::eval::value::Value;
use crate::model::Meaning;
use crate::source::Span;
use crate::syntax::ast::{BinOp, Define, Expr, ExprKind, QuantKind, RowKey, Table};
use std::cell::RefCell;
use rustc_hash::FxHashMap;
use std::rc::Rc;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StateVar {
    Auction,
    Dealer,
    Trick,
    Plays,
    TrickNumber,
    Trumps,
    ToPlay,
    HandsReturned,
    NextDealCalled,
    RoundEnded,
    TricksLeft,
    Conceded,
    Claimers,
    Conducts,
    NextConducts,
    OpeningLeadFaced,
    CaseEnded,
    ClaimFactsKnown,
    LineStated,
    LineTricks,
    DdTricks,
    TrumpOutstanding,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldKind {
    EntrySeat,
    EntryCall,
    EntryIndex,
    PlaySeat,
    PlayCard,
    PlayTrick,
    ConductKind,
    ConductInTrick,
}

#[derive(Clone, Debug)]
pub struct CDefine {
    pub index: usize,
    pub name: String,
    pub per: Vec<String>,
    /// Parameters first, then one slot per quantifier variable in scope at once.
    pub slots: usize,
    pub params: usize,
    pub body: Box<Spanned>,
    /// Computed once per state of the table (`eval::expr::Memo`): a definition without
    /// parameters whose body walks a list (a quantifier). Cheaper ones are not worth a look-up.
    pub memo: bool,
    /// The values of each parameter, where the definition reads no state of the table and
    /// every parameter has a finite domain (`level: 1..7`, a bool, a seat, a strain): it is
    /// evaluated at every point when the book loads (`eval::fold`). None otherwise.
    pub domains: Option<Vec<Domain>>,
}

/// The values a parameter of a pure definition ranges over.
#[derive(Clone, Debug, PartialEq)]
pub enum Domain {
    Ints(i64, i64),
    Values(Vec<Value>),
}

impl Domain {
    pub fn len(&self) -> usize {
        match self {
            Domain::Ints(lo, hi) => (hi - lo + 1) as usize,
            Domain::Values(v) => v.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The position of `v` in the domain, if it is in it.
    pub fn position(&self, v: &Value) -> Option<usize> {
        match (self, v) {
            (Domain::Ints(lo, hi), Value::Int(n)) if n >= lo && n <= hi => Some((n - lo) as usize),
            (Domain::Values(vs), _) => vs.iter().position(|x| x == v),
            _ => None,
        }
    }

    pub fn value(&self, i: usize) -> Value {
        match self {
            Domain::Ints(lo, _) => Value::Int(lo + i as i64),
            Domain::Values(vs) => vs[i].clone(),
        }
    }

    /// The domain of a parameter of this type, if finite.
    fn of(ty: &crate::syntax::ast::TypeExpr, declared: Option<(i64, i64)>) -> Option<Domain> {
        use crate::model::{Rank, Seat, Side, Strain, Suit};
        if let Some((lo, hi)) = declared {
            return Some(Domain::Ints(lo, hi));
        }
        let crate::syntax::ast::TypeExprKind::Named(name) = &ty.kind else {
            return None;
        };
        Some(Domain::Values(match name.as_str() {
            "bool" => vec![Value::Bool(false), Value::Bool(true)],
            "seat" => Seat::ALL.into_iter().map(Value::Seat).collect(),
            "side" => [Side::NorthSouth, Side::EastWest]
                .into_iter()
                .map(Value::Side)
                .collect(),
            "suit" => Suit::ALL.into_iter().map(Value::Suit).collect(),
            "strain" => Strain::ALL.into_iter().map(Value::Strain).collect(),
            "rank" => (2..=14).map(|r| Value::Rank(Rank(r))).collect(),
            _ => return None,
        }))
    }
}

/// A pure definition evaluated at every point of its domains when the book loads.
#[derive(Clone, Debug, Default)]
pub struct Folded {
    /// At each point (the first parameter varying slowest): its value and which set of
    /// definitions and tables it used, or None where evaluating it stopped (the interpreter
    /// then runs there and stops the same way).
    pub points: Vec<Option<(Value, u32)>>,
    /// The sets of definitions and tables used (for the paragraphs a ruling rests on).
    pub used: Vec<(Vec<usize>, Vec<usize>)>,
}

/// Whether evaluating `e` reads nothing of the table's state: no auction, play, findings,
/// facts, obligations, hands, names a rule binds, or definitions that read them. `known`:
/// the answer for each definition found so far (each is walked once, however often called).
fn reads_no_state(e: &Spanned, p: &Purity) -> bool {
    let all = |xs: &[Spanned]| xs.iter().all(|x| reads_no_state(x, p));
    match &e.expr {
        CExpr::Const(_) | CExpr::Local(_) => true,
        CExpr::Finding(_) | CExpr::Fact(_) | CExpr::State(_) | CExpr::Bound(..) => false,
        CExpr::Define(i, args) => all(args) && p.define(*i),
        CExpr::Table(i, x) => {
            reads_no_state(x, p) && p.tables[*i].rows.iter().all(|(_, v)| reads_no_state(v, p))
        }
        CExpr::Builtin(b, args) => {
            !matches!(
                b,
                Builtin::Obliged
                    | Builtin::Vulnerable
                    | Builtin::AwardedTo
                    | Builtin::HandOf
                    | Builtin::PlayedTo
                    | Builtin::CardsUnder
                    | Builtin::SuitsUnder
            ) && all(args)
        }
        CExpr::Field(x, _) | CExpr::Neg(x) | CExpr::Not(x) => reads_no_state(x, p),
        CExpr::Binary(_, a, b) => reads_no_state(a, p) && reads_no_state(b, p),
        CExpr::If(a, b, c) => reads_no_state(a, p) && reads_no_state(b, p) && reads_no_state(c, p),
        CExpr::Quant {
            list, filter, key, ..
        } => {
            reads_no_state(list, p)
                && filter.as_deref().is_none_or(|f| reads_no_state(f, p))
                && key.as_deref().is_none_or(|k| reads_no_state(k, p))
        }
    }
}

/// Which definitions read no state, each found once.
struct Purity<'a> {
    defines: &'a [CDefine],
    tables: &'a [CTable],
    known: RefCell<Vec<Option<bool>>>,
}

impl Purity<'_> {
    fn define(&self, i: usize) -> bool {
        if let Some(k) = self.known.borrow()[i] {
            return k;
        }
        let pure = reads_no_state(&self.defines[i].body, self);
        self.known.borrow_mut()[i] = Some(pure);
        pure
    }
}

/// Whether an expression has a quantifier anywhere in it.
fn walks_a_list(e: &Spanned) -> bool {
    let any = |xs: &[Spanned]| xs.iter().any(walks_a_list);
    match &e.expr {
        CExpr::Quant { .. } => true,
        CExpr::Const(_)
        | CExpr::Local(_)
        | CExpr::Finding(_)
        | CExpr::Fact(_)
        | CExpr::State(_) => false,
        CExpr::Bound(_, x) => x.as_deref().is_some_and(walks_a_list),
        CExpr::Define(_, args) | CExpr::Builtin(_, args) => any(args),
        CExpr::Table(_, x) | CExpr::Field(x, _) | CExpr::Neg(x) | CExpr::Not(x) => walks_a_list(x),
        CExpr::Binary(_, a, b) => walks_a_list(a) || walks_a_list(b),
        CExpr::If(a, b, c) => walks_a_list(a) || walks_a_list(b) || walks_a_list(c),
    }
}

#[derive(Clone, Debug)]
pub enum CKey {
    Any,
    Range(i64, Option<i64>),
    Value(Value),
}

#[derive(Clone, Debug)]
pub struct CTable {
    pub index: usize,
    pub name: String,
    pub per: Vec<String>,
    pub rows: Vec<(CKey, Spanned)>,
    pub span: Span,
}

/// Every sub-expression keeps its span so a run-time error can point at the law file.
#[derive(Clone, Debug)]
pub struct Spanned {
    pub expr: CExpr,
    pub span: Span,
}

/// A compiled expression; its children keep their spans.
#[derive(Clone, Debug)]
pub enum CExpr {
    Const(Value),
    Local(usize),
    /// A name a rule may bind (the call, the offender, an answer, a `let`): looked up among
    /// the rule's bindings when it runs, else what the law book names so (if anything).
    Bound(Rc<str>, Option<Box<Spanned>>),
    Define(usize, Vec<Spanned>),
    Table(usize, Box<Spanned>),
    Builtin(Builtin, Vec<Spanned>),
    Finding(Rc<str>),
    /// A fact of the table: true once a rectification has set it.
    Fact(Rc<str>),
    State(StateVar),
    Field(Box<Spanned>, FieldKind),
    Neg(Box<Spanned>),
    Not(Box<Spanned>),
    Binary(BinOp, Box<Spanned>, Box<Spanned>),
    If(Box<Spanned>, Box<Spanned>, Box<Spanned>),
    Quant {
        kind: QuantKind,
        slot: usize,
        list: Box<Spanned>,
        filter: Option<Box<Spanned>>,
        key: Option<Box<Spanned>>,
    },
}

#[derive(Clone, Debug, Default)]
pub struct Program {
    pub defines: Vec<CDefine>,
    pub tables: Vec<CTable>,
    /// By name, for the table's entry points (`Evaluator::call`), asked on every replay: the
    /// names are the law book's own, so a quick hash serves.
    pub define_index: FxHashMap<String, usize>,
    pub table_index: FxHashMap<String, usize>,
    /// The pure definitions evaluated at every point when the book loads (`eval::fold`), by
    /// definition index.
    pub folded: Vec<Option<Folded>>,
    open: OpenCache,
}

/// An expression of a rule, compiled: its body and the slots its quantifiers need.
#[derive(Debug)]
pub struct OpenExpr {
    pub body: Spanned,
    pub slots: usize,
}

/// The rules' expressions compiled so far, by the address of their syntax node in the law
/// book (which does not move once loaded). A copy of the book starts with none, since its
/// nodes live elsewhere. Looked up for every rule condition asked: a quick hash serves.
#[derive(Debug, Default)]
struct OpenCache(RefCell<FxHashMap<usize, Rc<OpenExpr>>>);

impl Clone for OpenCache {
    fn clone(&self) -> Self {
        OpenCache::default()
    }
}

impl Program {
    pub fn define(&self, name: &str) -> Option<&CDefine> {
        self.define_index.get(name).map(|i| &self.defines[*i])
    }

    pub fn table(&self, name: &str) -> Option<&CTable> {
        self.table_index.get(name).map(|i| &self.tables[*i])
    }

    /// An expression of `book`'s rules (not a definition's), compiled the first time.
    pub fn open(&self, book: &LawBook, e: &Expr) -> Rc<OpenExpr> {
        let key = e as *const Expr as usize;
        if let Some(c) = self.open.0.borrow().get(&key) {
            return c.clone();
        }
        let c = Compiler {
            book,
            p: self,
            open: true,
        };
        let mut scope = Scope {
            names: vec![],
            max: 0,
        };
        let body = c.expr(e, &mut scope);
        let compiled = Rc::new(OpenExpr {
            body,
            slots: scope.max,
        });
        self.open.0.borrow_mut().insert(key, compiled.clone());
        compiled
    }
}

/// Compile the definitions and tables of a checked law book.
/// A checked law book with its definitions and tables compiled: what the evaluator runs. The
/// flow is one way: the checker knows nothing of compiling, the compiler reads the checked
/// book.
#[derive(Debug)]
pub struct CompiledBook {
    pub book: LawBook,
    pub program: Program,
}

impl std::ops::Deref for CompiledBook {
    type Target = LawBook;
    fn deref(&self) -> &LawBook {
        &self.book
    }
}

impl CompiledBook {
    pub fn new(book: LawBook) -> CompiledBook {
        let program = compile(&book);
        CompiledBook { book, program }
    }
}

pub fn compile(book: &LawBook) -> Program {
    let mut names: Vec<&String> = book.defines.keys().collect();
    names.sort();
    let mut tnames: Vec<&String> = book.tables.keys().collect();
    tnames.sort();
    let mut p = Program {
        define_index: names
            .iter()
            .enumerate()
            .map(|(i, n)| ((*n).clone(), i))
            .collect(),
        table_index: tnames
            .iter()
            .enumerate()
            .map(|(i, n)| ((*n).clone(), i))
            .collect(),
        ..Default::default()
    };
    let c = Compiler {
        book,
        p: &p,
        open: false,
    };
    let defines: Vec<CDefine> = names
        .iter()
        .enumerate()
        .map(|(i, n)| CDefine {
            index: i,
            ..c.define(&book.defines[*n])
        })
        .collect();
    let tables: Vec<CTable> = tnames
        .iter()
        .enumerate()
        .map(|(i, n)| CTable {
            index: i,
            ..c.table(&book.tables[*n])
        })
        .collect();
    // Pure definitions with finite domains: the checker has made every definition
    // non-recursive, so the walk ends.
    let purity = Purity {
        defines: &defines,
        tables: &tables,
        known: RefCell::new(vec![None; defines.len()]),
    };
    let folds: Vec<Option<Vec<Domain>>> = names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let d = &book.defines[*n];
            let domains: Option<Vec<Domain>> = d
                .params
                .iter()
                .map(|p| Domain::of(&p.ty, p.domain))
                .collect();
            domains.filter(|_| !d.params.is_empty() && purity.define(i))
        })
        .collect();
    let mut defines = defines;
    for (d, f) in defines.iter_mut().zip(folds) {
        d.domains = f;
    }
    p.folded = vec![None; defines.len()];
    p.defines = defines;
    p.tables = tables;
    p
}

struct Compiler<'a> {
    book: &'a LawBook,
    p: &'a Program,
    /// Compiling a rule's expression: names outside the quantifiers may be bound by the rule.
    open: bool,
}

struct Scope {
    names: Vec<String>,
    max: usize,
}

impl Scope {
    fn push(&mut self, n: &str) -> usize {
        self.names.push(n.to_string());
        self.max = self.max.max(self.names.len());
        self.names.len() - 1
    }
}

impl Compiler<'_> {
    fn define(&self, d: &Define) -> CDefine {
        let mut scope = Scope {
            names: d.params.iter().map(|p| p.name.name.clone()).collect(),
            max: d.params.len(),
        };
        let body = self.expr(&d.body, &mut scope);
        CDefine {
            index: 0,
            name: d.name.name.clone(),
            per: d.per.iter().map(|p| p.text.clone()).collect(),
            slots: scope.max,
            params: d.params.len(),
            memo: d.params.is_empty() && walks_a_list(&body),
            domains: None,
            body: Box::new(body),
        }
    }

    fn table(&self, t: &Table) -> CTable {
        let rows = t
            .rows
            .iter()
            .map(|r| {
                let mut scope = Scope {
                    names: vec![],
                    max: 0,
                };
                let key = match &r.key {
                    RowKey::Wildcard => CKey::Any,
                    RowKey::Range(lo, hi) => CKey::Range(*lo, *hi),
                    // Keys are constants (checked); fold them now.
                    RowKey::Value(e) => match self.expr(e, &mut scope).expr {
                        CExpr::Const(v) => CKey::Value(v),
                        _ => CKey::Any,
                    },
                };
                (key, self.expr(&r.value, &mut scope))
            })
            .collect();
        CTable {
            index: 0,
            name: t.name.name.clone(),
            per: t.per.iter().map(|p| p.text.clone()).collect(),
            rows,
            span: t.span,
        }
    }

    fn boxed(&self, e: &Expr, scope: &mut Scope) -> Box<Spanned> {
        Box::new(self.expr(e, scope))
    }

    fn expr(&self, e: &Expr, scope: &mut Scope) -> Spanned {
        let expr = match &e.kind {
            ExprKind::Int(i) => CExpr::Const(Value::Int(*i)),
            ExprKind::Str(s) => CExpr::Const(Value::Text(Rc::from(s.as_str()))),
            ExprKind::BidLit(c) => CExpr::Const(Value::Call(*c, Meaning::Natural)),
            ExprKind::CardLit(c) => CExpr::Const(Value::Card(*c)),
            ExprKind::SuitLit(s) => CExpr::Const(Value::Suit(*s)),
            ExprKind::Name(n) if self.open && !scope.names.contains(n) => CExpr::Bound(
                Rc::from(n.as_str()),
                self.known(n).map(|k| {
                    Box::new(Spanned {
                        expr: k,
                        span: e.span,
                    })
                }),
            ),
            ExprKind::Name(n) => self.name(n, scope),
            ExprKind::Apply(f, args) => {
                let args: Vec<Spanned> = args.iter().map(|a| self.expr(a, scope)).collect();
                if let Some(i) = self.p.define_index.get(&f.name) {
                    CExpr::Define(*i, args)
                } else if let Some(i) = self.p.table_index.get(&f.name) {
                    CExpr::Table(
                        *i,
                        Box::new(args.into_iter().next().expect("checked arity")),
                    )
                } else {
                    CExpr::Builtin(builtin(&f.name).expect("checked name"), args)
                }
            }
            ExprKind::Field(x, name) => {
                let kind = match name.name.as_str() {
                    "seat" => FieldKind::EntrySeat,
                    "call" => FieldKind::EntryCall,
                    "index" => FieldKind::EntryIndex,
                    "card" => FieldKind::PlayCard,
                    "trick" => FieldKind::PlayTrick,
                    "kind" => FieldKind::ConductKind,
                    "in_trick" => FieldKind::ConductInTrick,
                    _ => FieldKind::PlaySeat,
                };
                CExpr::Field(self.boxed(x, scope), kind)
            }
            ExprKind::Neg(x) => CExpr::Neg(self.boxed(x, scope)),
            ExprKind::Not(x) => CExpr::Not(self.boxed(x, scope)),
            ExprKind::Binary(op, a, b) => {
                CExpr::Binary(*op, self.boxed(a, scope), self.boxed(b, scope))
            }
            ExprKind::If(c, t, f) => CExpr::If(
                self.boxed(c, scope),
                self.boxed(t, scope),
                self.boxed(f, scope),
            ),
            ExprKind::Quant {
                kind,
                var,
                list,
                filter,
                key,
            } => {
                let list = self.boxed(list, scope);
                let slot = scope.push(&var.name);
                let filter = filter.as_ref().map(|f| self.boxed(f, scope));
                let key = key.as_ref().map(|k| self.boxed(k, scope));
                scope.names.pop();
                CExpr::Quant {
                    kind: *kind,
                    slot,
                    list,
                    filter,
                    key,
                }
            }
        };
        Spanned { expr, span: e.span }
    }

    fn name(&self, n: &str, scope: &Scope) -> CExpr {
        if let Some(i) = scope.names.iter().rposition(|x| x == n) {
            return CExpr::Local(i);
        }
        self.known(n).expect("checked name")
    }

    /// What the law book names `n`: a definition, a finding, an obligation, a constant or
    /// the state of the table.
    fn known(&self, n: &str) -> Option<CExpr> {
        if let Some(i) = self.p.define_index.get(n) {
            return Some(CExpr::Define(*i, vec![]));
        }
        if self.book.findings.contains_key(n) {
            return Some(CExpr::Finding(Rc::from(n)));
        }
        if self.book.facts.contains_key(n) {
            return Some(CExpr::Fact(Rc::from(n)));
        }
        if self.book.obligations.contains_key(n) {
            return Some(CExpr::Const(Value::Obligation(Rc::from(n))));
        }
        if let Some(c) = constant(n) {
            return Some(CExpr::Const(match c {
                Constant::Bool(b) => Value::Bool(b),
                Constant::Seat(s) => Value::Seat(s),
                Constant::Side(s) => Value::Side(s),
                Constant::Strain(s) => Value::Strain(s),
                Constant::Suit(s) => Value::Suit(s),
                Constant::Rank(r) => Value::Rank(r),
                Constant::Call(c) => Value::Call(c, Meaning::Natural),
            }));
        }
        state(n)?;
        Some(CExpr::State(match n {
            "auction" => StateVar::Auction,
            "trick" => StateVar::Trick,
            "plays" => StateVar::Plays,
            "trick_number" => StateVar::TrickNumber,
            "trumps" => StateVar::Trumps,
            "to_play" => StateVar::ToPlay,
            "hands_returned" => StateVar::HandsReturned,
            "tricks_left" => StateVar::TricksLeft,
            "conceded" => StateVar::Conceded,
            "claimers" => StateVar::Claimers,
            "conducts" => StateVar::Conducts,
            "next_conducts" => StateVar::NextConducts,
            "opening_lead_faced" => StateVar::OpeningLeadFaced,
            "case_ended" => StateVar::CaseEnded,
            "claim_facts_known" => StateVar::ClaimFactsKnown,
            "line_stated" => StateVar::LineStated,
            "line_tricks" => StateVar::LineTricks,
            "dd_tricks" => StateVar::DdTricks,
            "trump_outstanding" => StateVar::TrumpOutstanding,
            "next_deal_called" => StateVar::NextDealCalled,
            "round_ended" => StateVar::RoundEnded,
            _ => StateVar::Dealer,
        }))
    }
}
