//! Checked law book to compiled rules: every definition and table with its names resolved
//! once (a parameter or quantifier variable to a slot, a definition or table to an index,
//! a constant to its value, a table's keys to values), so evaluation does no lookups by
//! name. The rectifications' steps keep their syntax tree: they run once per irregularity, the
//! definitions thousands of times (every call asks whose turn it is, every board is scored).
//! The expressions of rectifications, options and obligations are compiled the same way the
//! first time they run (`Program::open`): a name their rule binds is looked up by name then.

mod expr;
mod purity;
pub mod watchers;

use crate::check::builtins::Builtin;
use crate::check::types::Type;
use crate::check::LawBook;
use crate::eval::value::Value;
use crate::source::Span;
use crate::syntax::ast::{BinOp, Define, Expr, Ident, QuantKind, TypeExpr, TypeExprKind};
use expr::{Compiler, Scope};
use purity::{Purity, Reads};
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::rc::Rc;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StateVar {
    Auction,
    CallsInRotation,
    CallsMade,
    Dealer,
    Trick,
    Plays,
    AllPlays,
    TrickNumber,
    Trumps,
    DeclarerOfPlay,
    ToPlay,
    HandsReturned,
    NextDealCalled,
    NextDealCallers,
    RoundEnded,
    TricksLeft,
    Conceded,
    ClaimOfTrickInProgress,
    Claimers,
    CardsSinceClaim,
    LeadAwaitsRuling,
    Conducts,
    NextConducts,
    ChoicesAsked,
    ChoicesOpen,
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
    /// The paragraphs it rests on, by their place in `Program::paragraphs`.
    pub per: Vec<usize>,
    /// Parameters first, then one slot per quantifier variable in scope at once.
    pub slots: usize,
    pub params: usize,
    /// The declared types of the parameters, and of the value.
    pub param_types: Vec<Type>,
    pub ty: Type,
    pub body: Box<Spanned>,
    /// Computed once per state of the table (`eval::expr::Memo`): a definition without
    /// parameters whose evaluation walks a list (`purity::memoised`).
    pub memo: bool,
    /// Of the table's state it reads only the auction (and the dealer, the vulnerability and
    /// the findings): a memoised value stays good from one state of the table to the next
    /// while the auction is the same (`presumed_declarer` after each card played).
    pub auction_only: bool,
    /// It asks a finding of fact, itself or through what it uses (`purity::asks_findings`):
    /// only then does its memoised value depend on the call a question is about.
    pub asks_findings: bool,
    /// It reads no state of the table (nor findings nor facts): its value is the same for the
    /// same arguments wherever it is asked (`Purity` with `Reads::Nothing`).
    pub pure: bool,
    /// The values of each parameter, where the definition reads no state of the table and
    /// every parameter has a finite domain (`level: 1..7`, a bool, a seat, a strain): it is
    /// evaluated at every point when the book loads (`eval::fold`). None otherwise.
    pub domains: Option<Vec<Domain>>,
}

/// The values a parameter of a pure definition ranges over.
#[derive(Clone, Debug, PartialEq)]
pub enum Domain {
    Ints(i64, i64),
    /// Values of a small enumerated type, and each one's position by its place
    /// (`Value::enum_index`), plus one (0: not in the domain).
    Values(Vec<Value>, Vec<u8>),
}

impl Domain {
    /// The domain of these values (each of a small enumerated type).
    pub fn values(values: Vec<Value>) -> Domain {
        let mut places = vec![0u8; Value::ENUM_PLACES];
        for (i, v) in values.iter().enumerate() {
            if let Some(p) = v.enum_index() {
                places[p] = u8::try_from(i + 1).unwrap_or(0);
            }
        }
        Domain::Values(values, places)
    }

    pub fn len(&self) -> usize {
        match self {
            Domain::Ints(lo, hi) => (hi - lo + 1) as usize,
            Domain::Values(v, _) => v.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The position of `v` in the domain, if it is in it.
    #[inline]
    pub fn position(&self, v: &Value) -> Option<usize> {
        match (self, v) {
            (Domain::Ints(lo, hi), Value::Int(n)) if n >= lo && n <= hi => Some((n - lo) as usize),
            (Domain::Values(_, places), _) => match places[v.enum_index()?] {
                0 => None,
                p => Some(usize::from(p) - 1),
            },
            _ => None,
        }
    }

    pub fn value(&self, i: usize) -> Value {
        match self {
            Domain::Ints(lo, _) => Value::Int(lo + i as i64),
            Domain::Values(vs, _) => vs[i].clone(),
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
        Some(Domain::values(match name.as_str() {
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
    /// The number of the first of these sets among all folded definitions' sets: an
    /// evaluator marks each set used once, by this number plus the set's.
    pub set_base: usize,
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
    /// The paragraphs it rests on, by their place in `Program::paragraphs`.
    pub per: Vec<usize>,
    /// The declared type of its values.
    pub ty: Type,
    pub rows: Vec<(CKey, Spanned)>,
    pub span: Span,
}

/// Every sub-expression keeps its span so a run-time error can point at the law file, and
/// its type (`any` where only the run can tell: a name a rule binds).
#[derive(Clone, Debug)]
pub struct Spanned {
    pub expr: CExpr,
    pub span: Span,
    pub ty: Type,
}

impl Spanned {
    /// The expressions directly inside this one, in the order they are evaluated: a call's
    /// arguments (not the definition's body), a table's key (not its rows), a name's
    /// fallback, a walk's list, filter and key. What a walk over the tree asks of each node
    /// it does not decide itself.
    pub fn children(&self) -> impl Iterator<Item = &Spanned> {
        let none = [None, None, None];
        let (args, one): (&[Spanned], [Option<&Spanned>; 3]) = match &self.expr {
            CExpr::Const(_)
            | CExpr::Local(_)
            | CExpr::Finding(_)
            | CExpr::Fact(_)
            | CExpr::State(_) => (&[], none),
            CExpr::Bound(_, x) => (&[], [x.as_deref(), None, None]),
            CExpr::Define(_, args) | CExpr::Builtin(_, args) | CExpr::FoundNumber(_, args) => {
                (args, none)
            }
            CExpr::Table(_, x) | CExpr::Field(x, _) | CExpr::Neg(x) | CExpr::Not(x) => {
                (&[], [Some(&**x), None, None])
            }
            CExpr::Binary(_, a, b) => (&[], [Some(&**a), Some(&**b), None]),
            CExpr::If(a, b, c) => (&[], [Some(&**a), Some(&**b), Some(&**c)]),
            CExpr::Quant {
                list, filter, key, ..
            } => (&[], [Some(&**list), filter.as_deref(), key.as_deref()]),
        };
        args.iter().chain(one.into_iter().flatten())
    }
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
    /// A number the Director finds (a finding with a range): its name, and its least and
    /// most as calls of the two definitions the range compiles to (`Program::ranges`).
    FoundNumber(Rc<str>, Vec<Spanned>),
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
    /// Every paragraph a definition or table rests on, once, in the Laws' order (2A before
    /// 17B before 17D3 before 18A): the order a ruling lists what it rests on, so that the
    /// paragraphs a ruling used are listed by walking their places, with no sort.
    pub paragraphs: Vec<std::sync::Arc<str>>,
    /// By name, for the table's entry points (`Evaluator::call`), asked on every replay: the
    /// names are the law book's own, so a quick hash serves.
    pub define_index: FxHashMap<String, usize>,
    pub table_index: FxHashMap<String, usize>,
    /// Each finding with a range, by name: the definitions its least and its most compile to
    /// (zero-argument, placed after the law book's own, named by no rule).
    pub ranges: FxHashMap<String, (usize, usize)>,
    /// The pure definitions evaluated at every point when the book loads (`eval::fold`), by
    /// definition index.
    pub folded: Vec<Option<Folded>>,
    /// The number of sets of used definitions and tables over all folded definitions.
    pub folded_sets: usize,
    /// The irregularities each kind of act may be (`watchers`).
    pub watchers: watchers::Watchers,
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
        let mut scope = Scope::new();
        let body = c.expr(e, &mut scope);
        let compiled = Rc::new(OpenExpr {
            body,
            slots: scope.max,
        });
        self.open.0.borrow_mut().insert(key, compiled.clone());
        compiled
    }
}

/// A paragraph id's place in the Laws: its law's number, then the rest of the id as text
/// (2A before 17B before 17D3 before 18A), then the whole id (`02A` beside `2A`).
pub fn paragraph_order(id: &str) -> (u32, &str, &str) {
    let digits = id.bytes().take_while(u8::is_ascii_digit).count();
    (id[..digits].parse().unwrap_or(0), &id[digits..], id)
}

/// Compile the definitions and tables of a checked law book. The flow is one way: the
/// checker knows nothing of compiling, the compiler reads the checked book.
pub fn compile(book: &LawBook) -> Program {
    let mut names: Vec<&String> = book.defines.keys().collect();
    names.sort();
    let mut tnames: Vec<&String> = book.tables.keys().collect();
    tnames.sort();
    let mut paragraphs: Vec<String> = names
        .iter()
        .flat_map(|n| &book.defines[*n].per)
        .chain(tnames.iter().flat_map(|n| &book.tables[*n].per))
        .map(|p| p.text.clone())
        .collect();
    paragraphs.sort_unstable_by(|a, b| paragraph_order(a).cmp(&paragraph_order(b)));
    paragraphs.dedup();
    let paragraphs = paragraphs.into_iter().map(std::sync::Arc::from).collect();
    // A finding's range: two definitions of no argument, after the book's own, so that both
    // evaluators read it as they read any definition (memoised per state of the table).
    let mut ranged: Vec<(&String, &(Expr, Expr))> = (book.findings.iter())
        .filter_map(|(n, f)| Some((n, f.range.as_ref()?)))
        .collect();
    ranged.sort_by_key(|(n, _)| *n);
    let range_defines: Vec<Define> = (ranged.iter())
        .flat_map(|(n, (from, to))| [("least", from), ("most", to)].map(|(end, e)| (n, end, e)))
        .map(|(n, end, e)| Define {
            delegated: None,
            name: Ident {
                name: format!("{n}'s {end}"),
                span: e.span,
            },
            params: vec![],
            ty: TypeExpr {
                kind: TypeExprKind::Named("int".into()),
                span: e.span,
            },
            per: vec![],
            body: e.clone(),
            span: e.span,
        })
        .collect();
    let mut p = Program {
        paragraphs,
        ranges: (ranged.iter().enumerate())
            .map(|(k, (n, _))| ((*n).clone(), (names.len() + 2 * k, names.len() + 2 * k + 1)))
            .collect(),
        watchers: watchers::Watchers::of(book),
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
    let mut defines: Vec<CDefine> = (names.iter())
        .map(|n| &book.defines[*n])
        .chain(&range_defines)
        .enumerate()
        .map(|(i, d)| CDefine {
            index: i,
            ..c.define(d)
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
    let purity = Purity::new(Reads::Nothing, &defines, &tables);
    let auction = Purity::new(Reads::Auction, &defines, &tables);
    let memo = purity::memoised(&defines);
    let asks = purity::asks_findings(&defines, &tables);
    let auction_only: Vec<bool> = (0..defines.len())
        .map(|i| memo[i] && auction.define(i))
        .collect();
    let folds: Vec<Option<Vec<Domain>>> = (names.iter())
        .map(|n| &book.defines[*n])
        .chain(&range_defines)
        .enumerate()
        .map(|(i, d)| {
            let domains: Option<Vec<Domain>> = d
                .params
                .iter()
                .map(|p| Domain::of(&p.ty, p.domain))
                .collect();
            domains.filter(|_| !d.params.is_empty() && purity.define(i))
        })
        .collect();
    let pure: Vec<bool> = (0..defines.len()).map(|i| purity.define(i)).collect();
    for (i, (d, domains)) in defines.iter_mut().zip(folds).enumerate() {
        d.memo = memo[i];
        d.asks_findings = asks[i];
        d.domains = domains;
        d.auction_only = auction_only[i];
        d.pure = pure[i];
    }
    p.folded = vec![None; defines.len()];
    p.defines = defines;
    p.tables = tables;
    p
}
