//! Typing the expressions of the law book: names, fields, quantifiers, calls of built-ins and
//! definitions, with a diagnostic (and a "did you mean") for each mistake.

use super::*;

impl Checker {
    pub(super) fn expect(&self, e: &Expr, scope: &Scope, want: &Type) {
        if let Some(t) = self.infer(e, scope) {
            self.expect_inferred(e, &t, want);
        }
    }

    /// `expect` with `e`'s type already inferred (inferring it again at every level of a
    /// nested expression would double the work at each).
    fn expect_inferred(&self, e: &Expr, t: &Type, want: &Type) {
        if !t.fits(want) {
            self.err(
                Diag::new(E_TYPE, format!("expected {}, found {}", a(want), a(t)))
                    .label(e.span, format!("this is {}", a(t)))
                    .help(format!("{} is needed here", a(want))),
            );
        }
    }

    /// The type of `a op b` for an arithmetic operator or the number a comparison compares:
    /// two ints, or two decimals (`+ - *` and comparisons; `/` and `%` are for ints, whose
    /// quotient is exact where a decimal's need not be). An int beside a decimal is an error
    /// that says how to write the int.
    fn numbers(&self, op: BinOp, a: &Expr, b: &Expr, scope: &Scope) -> Option<Type> {
        let (ta, tb) = (self.infer(a, scope), self.infer(b, scope));
        let decimal = |t: &Option<Type>| t.as_ref() == Some(&Type::Decimal);
        if !(decimal(&ta) || decimal(&tb)) {
            for (x, t) in [(a, &ta), (b, &tb)] {
                if let Some(t) = t {
                    self.expect_inferred(x, t, &Type::Int);
                }
            }
            return Some(Type::Int);
        }
        if matches!(op, BinOp::Div | BinOp::Rem) {
            let at = if decimal(&ta) { a } else { b };
            self.err(
                Diag::new(E_TYPE, "`/` and `%` take ints, not decimals")
                    .label(at.span, "a decimal")
                    .help("multiply by a decimal instead (`x * 0.5`), or divide ints"),
            );
            return None;
        }
        for (x, t) in [(a, &ta), (b, &tb)] {
            match t {
                Some(Type::Decimal | Type::Any) | None => {}
                Some(Type::Int) => self.err(
                    Diag::new(E_TYPE, "an int beside a decimal")
                        .label(x.span, "this is an int")
                        .help(match x.kind {
                            ExprKind::Int(n) => format!(
                                "write it as a decimal, `{n}.0`: an int and a decimal are not mixed"
                            ),
                            _ => "make it a decimal (`40.0`, not `40`): an int and a decimal are not mixed".into(),
                        }),
                ),
                Some(t) => self.err(
                    Diag::new(E_TYPE, format!("expected a decimal, found {}", super::a(t)))
                        .label(x.span, format!("this is {}", super::a(t)))
                        .help("a decimal is needed here"),
                ),
            }
        }
        Some(Type::Decimal)
    }

    pub(super) fn unknown_name(&self, name: &str, span: Span, scope: &Scope) {
        let b = &self.book;
        let cands = (scope.iter().map(|(n, _)| n))
            .chain(b.defines.keys())
            .chain(b.tables.keys())
            .chain(b.findings.keys())
            .chain(b.facts.keys())
            .chain(b.obligations.keys())
            .map(|s| s.as_str())
            .chain(builtins::BUILTINS.iter().map(|(n, _)| *n))
            .chain(builtins::STATE.iter().map(|(n, _)| *n));
        let hint = self.did_you_mean(name, cands);
        self.err(
            Diag::new(E_NAME, format!("unknown name `{name}`"))
                .label(span, "not defined")
                .help(if hint.is_empty() {
                    "define it with `define`, or check the spelling".into()
                } else {
                    hint
                }),
        );
    }

    pub(super) fn infer(&self, e: &Expr, scope: &Scope) -> Option<Type> {
        match &e.kind {
            ExprKind::Int(_) => Some(Type::Int),
            ExprKind::Decimal(_) => Some(Type::Decimal),
            ExprKind::Str(_) => Some(Type::Text),
            ExprKind::BidLit(_) => Some(Type::Call),
            ExprKind::CardLit(_) => Some(Type::Card),
            ExprKind::SuitLit(_) => Some(Type::Suit),
            ExprKind::Name(n) => {
                if let Some((_, t)) = scope.iter().rev().find(|(x, _)| x == n) {
                    return Some(t.clone());
                }
                if let Some(d) = self.book.defines.get(n).cloned() {
                    if !d.params.is_empty() {
                        self.err(
                            Diag::new(
                                E_TYPE,
                                format!("`{n}` takes {} argument(s)", d.params.len()),
                            )
                            .label(e.span, "used without arguments")
                            .help(format!("call it: `{n}(…)`")),
                        );
                        return None;
                    }
                    return self.type_of(&d.ty);
                }
                if let Some(f) = self.book.findings.get(n) {
                    return Some(if f.range.is_some() {
                        Type::Int
                    } else {
                        Type::Bool
                    });
                }
                if self.book.facts.contains_key(n) {
                    return Some(Type::Bool);
                }
                if self.book.obligations.contains_key(n) {
                    return Some(Type::Obligation);
                }
                if let Some(c) = constant(n) {
                    return Some(c.ty());
                }
                if let Some(t) = state(n) {
                    return Some(t);
                }
                self.unknown_name(n, e.span, scope);
                None
            }
            ExprKind::Apply(f, args) => self.infer_apply(f, args, e.span, scope),
            ExprKind::Field(inner, name) => {
                let t = self.infer(inner, scope)?;
                match field(&t, &name.name) {
                    Some(ft) => Some(ft),
                    None => {
                        self.err(
                            Diag::new(E_TYPE, format!("a {t} has no field `{}`", name.name))
                                .label(name.span, "no such field")
                                .help("entries have .seat .call .index; plays have .seat .card"),
                        );
                        None
                    }
                }
            }
            ExprKind::Neg(x) => match self.infer(x, scope) {
                Some(Type::Decimal) => Some(Type::Decimal),
                Some(t) => {
                    self.expect_inferred(x, &t, &Type::Int);
                    Some(Type::Int)
                }
                None => Some(Type::Int),
            },
            ExprKind::Not(x) => {
                self.expect(x, scope, &Type::Bool);
                Some(Type::Bool)
            }
            ExprKind::Binary(op, a, b) => match op {
                BinOp::And | BinOp::Or => {
                    self.expect(a, scope, &Type::Bool);
                    self.expect(b, scope, &Type::Bool);
                    Some(Type::Bool)
                }
                BinOp::Eq | BinOp::Ne => {
                    let ta = self.infer(a, scope)?;
                    let tb = self.infer(b, scope)?;
                    if !ta.comparable(&tb) {
                        self.err(
                            Diag::new(E_TYPE, format!("a {ta} cannot be compared with a {tb}"))
                                .label(a.span, format!("a {ta}"))
                                .label(b.span, format!("a {tb}"))
                                .help("compare values of the same type"),
                        );
                    }
                    Some(Type::Bool)
                }
                BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                    self.numbers(*op, a, b, scope);
                    Some(Type::Bool)
                }
                _ => self.numbers(*op, a, b, scope),
            },
            ExprKind::If(c, t, f) => {
                self.expect(c, scope, &Type::Bool);
                let tt = self.infer(t, scope)?;
                let tf = self.infer(f, scope)?;
                if tf.fits(&tt) {
                    Some(tt)
                } else if tt.fits(&tf) {
                    Some(tf)
                } else {
                    self.err(
                        Diag::new(E_TYPE, format!("the two branches differ: {tt} and {tf}"))
                            .label(t.span, format!("a {tt}"))
                            .label(f.span, format!("a {tf}"))
                            .help("both branches of `if` give the same type"),
                    );
                    None
                }
            }
            ExprKind::Quant {
                kind,
                var,
                list,
                filter,
                key,
            } => {
                let lt = self.infer(list, scope)?;
                let elem = match lt {
                    Type::List(t) => *t,
                    Type::Any => Type::Any,
                    other => {
                        self.err(
                            Diag::new(E_TYPE, format!("expected a list, found a {other}"))
                                .label(list.span, "not a list")
                                .help("quantifiers run over a list, such as `auction`"),
                        );
                        return None;
                    }
                };
                let mut inner = scope.clone();
                inner.push((var.name.clone(), elem.clone()));
                if let Some(f) = filter {
                    self.expect(f, &inner, &Type::Bool);
                    self.check_filter_scope(kind, var, f);
                }
                let needs_key = matches!(kind, QuantKind::Highest | QuantKind::Sum);
                match (key, needs_key) {
                    (Some(k), true) => self.expect(k, &inner, &Type::Int),
                    (None, true) => {
                        self.err(
                            Diag::new(E_TYPE, "this quantifier needs `by`")
                                .label(e.span, "no `by …`")
                                .help("`highest x in xs by key` and `sum x in xs by value`"),
                        );
                    }
                    (Some(k), false) => self.err(
                        Diag::new(E_TYPE, "`by` has no meaning here")
                            .label(k.span, "only `highest` and `sum` take `by`")
                            .help("remove `by …`"),
                    ),
                    (None, false) => {}
                }
                Some(match kind {
                    QuantKind::Any | QuantKind::All => Type::Bool,
                    QuantKind::Count | QuantKind::Sum => Type::Int,
                    QuantKind::Every => Type::List(Box::new(elem)),
                    _ => elem,
                })
            }
        }
    }

    /// A quantifier's `where` runs to the end of the expression, so a condition written after
    /// it joins it: `any p in trick where suit(p.card) == trumps and not any …` asks the
    /// second question inside the first. An `and`/`or` operand of the condition that does not
    /// read the quantifier's variable was almost always meant outside it (two such slips gave
    /// wrong rulings): an error, with the parentheses that say either.
    fn check_filter_scope(&self, kind: &QuantKind, var: &Ident, filter: &Expr) {
        let mut operands = vec![];
        and_or_operands(filter, &mut operands);
        if operands.len() < 2 {
            return;
        }
        for o in operands {
            if o.reads_var(&var.name) {
                continue;
            }
            let quant = format!("{} {} in …", kind.word(), var.name);
            self.err(
                Diag::new(
                    E_SCOPE,
                    format!("this condition does not read `{}`, yet it is part of `{quant} where`", var.name),
                )
                .label(o.span, format!("inside `{quant} where`"))
                .label(var.span, "the quantifier whose condition runs on to here")
                .help(format!(
                    "a quantifier's condition runs to the end of the expression: to end it before this, write `({quant} where …) and …`; to keep this inside it, put the condition in parentheses: `{quant} where (… and …)`"
                )),
            );
        }
    }

    pub(super) fn infer_apply(
        &self,
        f: &Ident,
        args: &[Expr],
        span: Span,
        scope: &Scope,
    ) -> Option<Type> {
        let n = &f.name;
        let arity_err = |c: &Checker, want: usize| {
            c.err(
                Diag::new(
                    E_TYPE,
                    format!("`{n}` takes {want} argument(s), not {}", args.len()),
                )
                .label(span, "wrong number of arguments")
                .help(format!("call it with {want} argument(s)")),
            );
        };
        // A definition or a table: both declare typed parameters and a result type.
        let declared = match (self.book.defines.get(n), self.book.tables.get(n)) {
            (Some(d), _) => Some((d.params.clone(), d.ty.clone())),
            (None, Some(t)) => Some((t.params.clone(), t.ty.clone())),
            _ => None,
        };
        if let Some((params, ty)) = declared {
            if params.len() != args.len() {
                arity_err(self, params.len());
                return None;
            }
            for (a, p) in args.iter().zip(&params) {
                if let Some(t) = resolve_type(&p.ty) {
                    self.expect(a, scope, &t);
                }
            }
            return self.type_of(&ty);
        }
        if let Some(b) = builtin(n) {
            match b.signature() {
                Some((params, result)) => {
                    if params.len() != args.len() {
                        arity_err(self, params.len());
                        return None;
                    }
                    for (a, p) in args.iter().zip(&params) {
                        self.expect(a, scope, p);
                    }
                    return Some(result);
                }
                None => {
                    let want = if b == Builtin::Item { 2 } else { 1 };
                    if args.len() != want {
                        arity_err(self, want);
                        return None;
                    }
                    let lt = self.infer(&args[0], scope)?;
                    let elem = match lt {
                        Type::List(t) => *t,
                        other => {
                            self.err(
                                Diag::new(E_TYPE, format!("expected a list, found a {other}"))
                                    .label(args[0].span, "not a list")
                                    .help(format!("`{n}` takes a list")),
                            );
                            return None;
                        }
                    };
                    if b == Builtin::Item {
                        self.expect(&args[1], scope, &Type::Int);
                        return Some(elem);
                    }
                    return Some(Type::Int);
                }
            }
        }
        self.unknown_name(n, f.span, scope);
        None
    }
}

/// The operands of `e`'s top-level chain of `and` and `or` (itself when it is neither). A
/// chain in parentheses is one operand: the parser gives a group the span of its parentheses,
/// wider than its operands'.
fn and_or_operands<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
    match &e.kind {
        ExprKind::Binary(BinOp::And | BinOp::Or, a, b)
            if e.span.start == a.span.start && e.span.end == b.span.end =>
        {
            and_or_operands(a, out);
            and_or_operands(b, out);
        }
        _ => out.push(e),
    }
}
