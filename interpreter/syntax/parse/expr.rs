//! Building expressions from the parse tree, each with the span it covers.

use super::*;

impl Builder {
    /// `lhs op rhs`, spanning both operands.
    pub(super) fn binary(&self, op: BinOp, lhs: Expr, rhs: Expr) -> Expr {
        let span = Span::new(self.file, lhs.span.start as usize, rhs.span.end as usize);
        Expr {
            kind: ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)),
            span,
        }
    }

    pub(super) fn expr(&self, p: P) -> Result<Expr, Diag> {
        let span = self.span(&p);
        match p.as_rule() {
            Rule::expr => self.expr(p.into_inner().next().unwrap()),
            Rule::if_expr => {
                let mut it = p.into_inner().filter(|q| q.as_rule() == Rule::expr);
                let c = self.expr(it.next().unwrap())?;
                let t = self.expr(it.next().unwrap())?;
                let e = self.expr(it.next().unwrap())?;
                Ok(Expr {
                    kind: ExprKind::If(Box::new(c), Box::new(t), Box::new(e)),
                    span,
                })
            }
            Rule::or_expr | Rule::and_expr => {
                let op = if p.as_rule() == Rule::or_expr {
                    BinOp::Or
                } else {
                    BinOp::And
                };
                let mut it = p
                    .into_inner()
                    .filter(|q| !matches!(q.as_rule(), Rule::kw_or | Rule::kw_and));
                let mut acc = self.expr(it.next().unwrap())?;
                for x in it {
                    let rhs = self.expr(x)?;
                    acc = self.binary(op, acc, rhs);
                }
                Ok(acc)
            }
            Rule::not_expr => {
                let mut it = p.into_inner();
                let first = it.next().unwrap();
                if first.as_rule() == Rule::kw_not {
                    let inner = self.expr(it.next().unwrap())?;
                    Ok(Expr {
                        kind: ExprKind::Not(Box::new(inner)),
                        span,
                    })
                } else {
                    self.expr(first)
                }
            }
            Rule::cmp_expr => {
                let mut it = p.into_inner();
                let lhs = self.expr(it.next().unwrap())?;
                match it.next() {
                    None => Ok(lhs),
                    Some(op) => {
                        let op = match op.as_str() {
                            "==" => BinOp::Eq,
                            "!=" => BinOp::Ne,
                            "<=" => BinOp::Le,
                            ">=" => BinOp::Ge,
                            "<" => BinOp::Lt,
                            _ => BinOp::Gt,
                        };
                        let rhs = self.expr(it.next().unwrap())?;
                        Ok(self.binary(op, lhs, rhs))
                    }
                }
            }
            Rule::sum_expr | Rule::product => {
                let mut it = p.into_inner();
                let mut acc = self.expr(it.next().unwrap())?;
                while let Some(op) = it.next() {
                    let op = match op.as_str() {
                        "+" => BinOp::Add,
                        "-" => BinOp::Sub,
                        "*" => BinOp::Mul,
                        "/" => BinOp::Div,
                        _ => BinOp::Rem,
                    };
                    let rhs = self.expr(it.next().unwrap())?;
                    acc = self.binary(op, acc, rhs);
                }
                Ok(acc)
            }
            Rule::unary => {
                let mut it = p.into_inner();
                let first = it.next().unwrap();
                if first.as_rule() == Rule::neg {
                    let inner = self.expr(it.next().unwrap())?;
                    Ok(Expr {
                        kind: ExprKind::Neg(Box::new(inner)),
                        span,
                    })
                } else {
                    self.expr(first)
                }
            }
            Rule::postfix => {
                let mut it = p.into_inner();
                let mut acc = self.expr(it.next().unwrap())?;
                for f in it {
                    let fs = self.span(&f);
                    let name = self.ident(f.into_inner().next().unwrap());
                    acc = Expr {
                        kind: ExprKind::Field(Box::new(acc), name),
                        span: Span::new(self.file, span.start as usize, fs.end as usize),
                    };
                }
                Ok(acc)
            }
            Rule::quantifier => {
                let mut it = p.into_inner();
                let kind = match it.next().unwrap().as_str() {
                    "any" => QuantKind::Any,
                    "all" => QuantKind::All,
                    "count" => QuantKind::Count,
                    "highest" => QuantKind::Highest,
                    "last" => QuantKind::Last,
                    "first" => QuantKind::First,
                    "every" => QuantKind::Every,
                    _ => QuantKind::Sum,
                };
                let var = self.ident(it.next().unwrap());
                let mut list = None;
                let mut filter = None;
                let mut key = None;
                let mut after = None;
                for x in it {
                    match x.as_rule() {
                        Rule::kw_in | Rule::kw_where | Rule::kw_by => after = Some(x.as_rule()),
                        _ => {
                            let e = Box::new(self.expr(x)?);
                            match after {
                                Some(Rule::kw_in) => list = Some(e),
                                Some(Rule::kw_where) => filter = Some(e),
                                _ => key = Some(e),
                            }
                        }
                    }
                }
                Ok(Expr {
                    kind: ExprKind::Quant {
                        kind,
                        var,
                        list: list.unwrap(),
                        filter,
                        key,
                    },
                    span,
                })
            }
            Rule::call_expr => {
                let mut it = p.into_inner();
                let name = self.ident(it.next().unwrap());
                let args = it
                    .next()
                    .unwrap()
                    .into_inner()
                    .map(|a| self.expr(a))
                    .collect::<Result<_, _>>()?;
                Ok(Expr {
                    kind: ExprKind::Apply(name, args),
                    span,
                })
            }
            Rule::ident => Ok(Expr {
                kind: ExprKind::Name(p.as_str().to_string()),
                span,
            }),
            Rule::int => Ok(Expr {
                kind: ExprKind::Int(self.int(&p)?),
                span,
            }),
            Rule::string => Ok(Expr {
                kind: ExprKind::Str(p.into_inner().next().map_or("", |b| b.as_str()).to_string()),
                span,
            }),
            Rule::bid_literal => {
                let call = Call::parse(p.as_str()).map_err(|e| {
                    Diag::new("lawbook::syntax::bid", e.to_string()).label(span, "not a bid")
                })?;
                Ok(Expr {
                    kind: ExprKind::BidLit(call),
                    span,
                })
            }
            Rule::card_literal => {
                let card = Card::parse(p.as_str()).ok_or_else(|| {
                    Diag::new("lawbook::syntax::card", "not a card").label(span, "not a card")
                })?;
                Ok(Expr {
                    kind: ExprKind::CardLit(card),
                    span,
                })
            }
            Rule::suit_symbol => Ok(Expr {
                kind: ExprKind::SuitLit(
                    Suit::from_char(p.as_str().chars().next().unwrap()).unwrap(),
                ),
                span,
            }),
            r => Err(Diag::new(
                "lawbook::syntax::internal",
                format!("unexpected syntax node {r:?}"),
            )
            .label(span, "here")),
        }
    }
}
