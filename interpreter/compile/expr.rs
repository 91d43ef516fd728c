//! Compiling one definition, table or rule expression: names resolved to slots, indices and
//! constants, and every node's type written beside it (the checker has proved the book
//! well typed; the types say which values are integers and truth values, so that the
//! evaluator's compiled code keeps them unboxed).

use super::{paragraph_order, CDefine, CExpr, CKey, CTable, FieldKind, Program, Spanned, StateVar};
use crate::check::builtins::{builtin, constant, field, state, Builtin, Constant};
use crate::check::types::Type;
use crate::check::{resolve_type, LawBook};
use crate::eval::probe::Held;
use crate::eval::value::Value;
use crate::model::Meaning;
use crate::syntax::ast::{
    BinOp, Define, Expr, ExprKind, ParaId, QuantKind, RowKey, Table, TypeExpr,
};
use std::rc::Rc;

pub(super) struct Compiler<'a> {
    pub book: &'a LawBook,
    pub p: &'a Program,
    /// Compiling a rule's expression: names outside the quantifiers may be bound by the rule.
    pub open: bool,
}

/// The names in scope, their types, and the most held at once (the slots a frame needs).
pub(super) struct Scope {
    names: Vec<(String, Type)>,
    pub max: usize,
}

impl Scope {
    pub fn new() -> Scope {
        Scope {
            names: vec![],
            max: 0,
        }
    }

    fn push(&mut self, n: &str, ty: Type) -> usize {
        self.names.push((n.to_string(), ty));
        self.max = self.max.max(self.names.len());
        self.names.len() - 1
    }

    fn find(&self, n: &str) -> Option<(usize, &Type)> {
        let i = self.names.iter().rposition(|(x, _)| x == n)?;
        Some((i, &self.names[i].1))
    }
}

/// A declared type; `any` where it names no type (the checker has said so already).
fn declared(t: &TypeExpr) -> Type {
    resolve_type(t).unwrap_or(Type::Any)
}

impl Compiler<'_> {
    pub fn define(&self, d: &Define) -> CDefine {
        let mut scope = Scope::new();
        for p in &d.params {
            scope.push(&p.name.name, declared(&p.ty));
        }
        let body = self.expr(&d.body, &mut scope);
        CDefine {
            index: 0,
            name: d.name.name.clone(),
            per: self.paragraphs(&d.per),
            slots: scope.max,
            params: d.params.len(),
            param_types: d.params.iter().map(|p| declared(&p.ty)).collect(),
            ty: declared(&d.ty),
            // Set, as the flags below, once every definition is compiled (`purity::memoised`).
            memo: false,
            auction_only: false,
            asks_findings: true,
            pure: false,
            domains: None,
            body: Box::new(body),
        }
    }

    pub fn table(&self, t: &Table) -> CTable {
        let rows = t
            .rows
            .iter()
            .map(|r| {
                let mut scope = Scope::new();
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
            per: self.paragraphs(&t.per),
            ty: declared(&t.ty),
            rows,
            span: t.span,
        }
    }

    /// The places of paragraphs in the program's list of them (`Program::paragraphs`, made
    /// from every definition's and table's paragraphs before any is compiled).
    fn paragraphs(&self, per: &[ParaId]) -> Vec<usize> {
        let all = &self.p.paragraphs;
        per.iter()
            .map(|p| {
                all.binary_search_by_key(&paragraph_order(&p.text), |q| paragraph_order(q))
                    .expect("the program lists every paragraph of its definitions and tables")
            })
            .collect()
    }

    fn boxed(&self, e: &Expr, scope: &mut Scope) -> Box<Spanned> {
        Box::new(self.expr(e, scope))
    }

    pub fn expr(&self, e: &Expr, scope: &mut Scope) -> Spanned {
        let (expr, ty) = match &e.kind {
            ExprKind::Int(i) => (CExpr::Const(Value::Int(*i)), Type::Int),
            ExprKind::Decimal(d) => (CExpr::Const(Value::Decimal(*d)), Type::Decimal),
            ExprKind::Str(s) => (CExpr::Const(Value::Text(Rc::from(s.as_str()))), Type::Text),
            ExprKind::BidLit(c) => (
                CExpr::Const(Value::Call(*c, Meaning::Natural, Held::NONE)),
                Type::Call,
            ),
            ExprKind::CardLit(c) => (CExpr::Const(Value::Card(*c)), Type::Card),
            ExprKind::SuitLit(s) => (CExpr::Const(Value::Suit(*s)), Type::Suit),
            ExprKind::Name(n) if self.open && scope.find(n).is_none() => {
                // What the rule binds is known only when it runs.
                let known = self.known(n).map(|(k, ty)| {
                    Box::new(Spanned {
                        expr: k,
                        span: e.span,
                        ty,
                    })
                });
                (CExpr::Bound(Rc::from(n.as_str()), known), Type::Any)
            }
            ExprKind::Name(n) => match scope.find(n) {
                Some((i, ty)) => (CExpr::Local(i), ty.clone()),
                None => self.known(n).expect("checked name"),
            },
            ExprKind::Apply(f, args) => {
                let args: Vec<Spanned> = args.iter().map(|a| self.expr(a, scope)).collect();
                if let Some(i) = self.p.define_index.get(&f.name) {
                    let ty = declared(&self.book.defines[&f.name].ty);
                    (CExpr::Define(*i, args), ty)
                } else if let Some(i) = self.p.table_index.get(&f.name) {
                    let ty = declared(&self.book.tables[&f.name].ty);
                    let key = args.into_iter().next().expect("checked arity");
                    (CExpr::Table(*i, Box::new(key)), ty)
                } else {
                    let b = builtin(&f.name).expect("checked name");
                    let ty = match b.signature() {
                        Some((_, result)) => result,
                        // The generic list functions: an element, or a count.
                        None if b == Builtin::Item => element(&args[0].ty),
                        None => Type::Int,
                    };
                    (CExpr::Builtin(b, args), ty)
                }
            }
            ExprKind::Field(x, name) => {
                let x = self.boxed(x, scope);
                let ty = field(&x.ty, &name.name).unwrap_or(Type::Any);
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
                (CExpr::Field(x, kind), ty)
            }
            ExprKind::Neg(x) => {
                let x = self.boxed(x, scope);
                let ty = decimal_or_int(&x.ty, &x.ty);
                (CExpr::Neg(x), ty)
            }
            ExprKind::Not(x) => (CExpr::Not(self.boxed(x, scope)), Type::Bool),
            ExprKind::Binary(op, a, b) => {
                let (a, b) = (self.boxed(a, scope), self.boxed(b, scope));
                let ty = match op {
                    BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Rem => {
                        decimal_or_int(&a.ty, &b.ty)
                    }
                    _ => Type::Bool,
                };
                (CExpr::Binary(*op, a, b), ty)
            }
            ExprKind::If(c, t, f) => {
                let (c, t, f) = (
                    self.boxed(c, scope),
                    self.boxed(t, scope),
                    self.boxed(f, scope),
                );
                // As the checker: the branch the other fits.
                let ty = if f.ty.fits(&t.ty) {
                    t.ty.clone()
                } else {
                    f.ty.clone()
                };
                (CExpr::If(c, t, f), ty)
            }
            ExprKind::Quant {
                kind,
                var,
                list,
                filter,
                key,
            } => {
                let list = self.boxed(list, scope);
                let elem = element(&list.ty);
                let slot = scope.push(&var.name, elem.clone());
                let filter = filter.as_ref().map(|f| self.boxed(f, scope));
                let key = key.as_ref().map(|k| self.boxed(k, scope));
                scope.names.pop();
                let ty = match kind {
                    QuantKind::Any | QuantKind::All => Type::Bool,
                    QuantKind::Count | QuantKind::Sum => Type::Int,
                    QuantKind::Every => Type::List(Box::new(elem)),
                    _ => elem,
                };
                (
                    CExpr::Quant {
                        kind: *kind,
                        slot,
                        list,
                        filter,
                        key,
                    },
                    ty,
                )
            }
        };
        Spanned {
            expr,
            span: e.span,
            ty,
        }
    }

    /// What the law book names `n`, and its type: a definition, a finding, a fact, an
    /// obligation, a constant or the state of the table.
    fn known(&self, n: &str) -> Option<(CExpr, Type)> {
        if let Some(i) = self.p.define_index.get(n) {
            let ty = declared(&self.book.defines[n].ty);
            return Some((CExpr::Define(*i, vec![]), ty));
        }
        if let Some(&(least, most)) = self.p.ranges.get(n) {
            let end = |i| Spanned {
                expr: CExpr::Define(i, vec![]),
                span: self.book.findings[n].span,
                ty: Type::Int,
            };
            return Some((
                CExpr::FoundNumber(Rc::from(n), vec![end(least), end(most)]),
                Type::Int,
            ));
        }
        if self.book.findings.contains_key(n) {
            return Some((CExpr::Finding(Rc::from(n)), Type::Bool));
        }
        if self.book.facts.contains_key(n) {
            return Some((CExpr::Fact(Rc::from(n)), Type::Bool));
        }
        if self.book.obligations.contains_key(n) {
            return Some((
                CExpr::Const(Value::Obligation(Rc::from(n))),
                Type::Obligation,
            ));
        }
        if self
            .book
            .irregularities
            .iter()
            .any(|i| i.decl.name.name == n)
        {
            // Where a rectification asks which irregularities its act is, only those it is
            // are bound (`bind_irregularities` in the engine): any other is not.
            return Some((CExpr::Const(Value::Bool(false)), Type::Bool));
        }
        if let Some(c) = constant(n) {
            let ty = c.ty();
            return Some((
                CExpr::Const(match c {
                    Constant::Bool(b) => Value::Bool(b),
                    Constant::Seat(s) => Value::Seat(s),
                    Constant::Side(s) => Value::Side(s),
                    Constant::Strain(s) => Value::Strain(s),
                    Constant::Suit(s) => Value::Suit(s),
                    Constant::Rank(r) => Value::Rank(r),
                    Constant::Call(c) => Value::Call(c, Meaning::Natural, Held::NONE),
                }),
                ty,
            ));
        }
        let ty = state(n)?;
        Some((
            CExpr::State(match n {
                "auction" => StateVar::Auction,
                "calls_in_rotation" => StateVar::CallsInRotation,
                "calls_made" => StateVar::CallsMade,
                "trick" => StateVar::Trick,
                "plays" => StateVar::Plays,
                "all_plays" => StateVar::AllPlays,
                "trick_number" => StateVar::TrickNumber,
                "trumps" => StateVar::Trumps,
                "declarer_of_play" => StateVar::DeclarerOfPlay,
                "to_play" => StateVar::ToPlay,
                "hands_returned" => StateVar::HandsReturned,
                "tricks_left" => StateVar::TricksLeft,
                "conceded" => StateVar::Conceded,
                "claim_of_trick_in_progress" => StateVar::ClaimOfTrickInProgress,
                "claimers" => StateVar::Claimers,
                "cards_since_claim" => StateVar::CardsSinceClaim,
                "lead_awaits_ruling" => StateVar::LeadAwaitsRuling,
                "conducts" => StateVar::Conducts,
                "next_conducts" => StateVar::NextConducts,
                "choices_asked" => StateVar::ChoicesAsked,
                "choices_open" => StateVar::ChoicesOpen,
                "opening_lead_faced" => StateVar::OpeningLeadFaced,
                "case_ended" => StateVar::CaseEnded,
                "claim_facts_known" => StateVar::ClaimFactsKnown,
                "line_stated" => StateVar::LineStated,
                "line_tricks" => StateVar::LineTricks,
                "dd_tricks" => StateVar::DdTricks,
                "trump_outstanding" => StateVar::TrumpOutstanding,
                "next_deal_called" => StateVar::NextDealCalled,
                "next_deal_callers" => StateVar::NextDealCallers,
                "round_ended" => StateVar::RoundEnded,
                _ => StateVar::Dealer,
            }),
            ty,
        ))
    }
}

/// The type of a list's elements (`any` for a list of unknown type).
fn element(list: &Type) -> Type {
    match list {
        Type::List(t) => (**t).clone(),
        _ => Type::Any,
    }
}

/// The type of arithmetic on operands of these types: decimal where the checker found
/// decimals (it allows no int beside one), else int.
fn decimal_or_int(a: &Type, b: &Type) -> Type {
    if *a == Type::Decimal || *b == Type::Decimal {
        Type::Decimal
    } else {
        Type::Int
    }
}
