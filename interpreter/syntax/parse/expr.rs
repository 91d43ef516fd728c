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

    /// A chain of conditions joined by `and` and `or` (`or_expr`), folded as the grammar's
    /// precedence says: each condition its `not`s around one comparison or none, `and`
    /// before `or`, each from the left. The spans are those the nested rules the chain
    /// replaced gave: a `not` from its word to the end of what it negates, an operator
    /// from its left operand to its right one.
    fn conditions(&self, p: P) -> Result<Expr, Diag> {
        // The conditions of the `and` chain being read, and the `and` chains before it.
        let (mut ands, mut ors): (Vec<Expr>, Vec<Expr>) = (vec![], vec![]);
        // The condition being read: where its `not`s start, its comparison so far (and the
        // end of the text it covers, brackets included), and the comparison's operator.
        let mut nots: Vec<usize> = vec![];
        let mut compared: Option<(Expr, usize)> = None;
        let mut cmp: Option<BinOp> = None;
        let close = |compared: &mut Option<(Expr, usize)>, nots: &mut Vec<usize>| {
            let (mut e, end) = compared.take().expect("a condition has an operand");
            while let Some(start) = nots.pop() {
                e = Expr {
                    kind: ExprKind::Not(Box::new(e)),
                    span: Span::new(self.file, start, end),
                };
            }
            e
        };
        for x in p.into_inner() {
            match x.as_rule() {
                Rule::kw_not => nots.push(x.as_span().start()),
                Rule::cmp_op => cmp = Some(comparison(x.as_str())),
                Rule::kw_and => ands.push(close(&mut compared, &mut nots)),
                Rule::kw_or => {
                    ands.push(close(&mut compared, &mut nots));
                    ors.push(self.fold(BinOp::And, std::mem::take(&mut ands)));
                }
                _ => {
                    let end = x.as_span().end();
                    let e = self.expr(x)?;
                    compared = Some(match (compared.take(), cmp.take()) {
                        (Some((lhs, _)), Some(op)) => (self.binary(op, lhs, e), end),
                        _ => (e, end),
                    });
                }
            }
        }
        ands.push(close(&mut compared, &mut nots));
        ors.push(self.fold(BinOp::And, ands));
        Ok(self.fold(BinOp::Or, ors))
    }

    /// A chain of operands joined by arithmetic (`sum_expr`), folded as the grammar's
    /// precedence says: `*`, `/` and `%` before `+` and `-`, each from the left. An
    /// operand's `-` spans from the sign to the end of the operand (brackets included).
    fn operands(&self, p: P) -> Result<Expr, Diag> {
        // The sum so far and the operator after it; the product being read and the
        // operator after it; where the operand being read starts with a `-`.
        let (mut sum, mut sum_op): (Option<Expr>, Option<BinOp>) = (None, None);
        let (mut product, mut mul_op): (Option<Expr>, Option<BinOp>) = (None, None);
        let mut neg: Option<usize> = None;
        let add = |sum: Option<Expr>, op: Option<BinOp>, term: Expr| match (sum, op) {
            (Some(lhs), Some(op)) => self.binary(op, lhs, term),
            _ => term,
        };
        for x in p.into_inner() {
            match x.as_rule() {
                Rule::neg => neg = Some(x.as_span().start()),
                Rule::sum_op => {
                    let term = product.take().expect("an operator follows an operand");
                    sum = Some(add(sum.take(), sum_op, term));
                    sum_op = Some(if x.as_str() == "+" {
                        BinOp::Add
                    } else {
                        BinOp::Sub
                    });
                }
                Rule::mul_op => {
                    mul_op = Some(match x.as_str() {
                        "*" => BinOp::Mul,
                        "/" => BinOp::Div,
                        _ => BinOp::Rem,
                    });
                }
                _ => {
                    let end = x.as_span().end();
                    let mut e = self.expr(x)?;
                    if let Some(start) = neg.take() {
                        e = Expr {
                            kind: ExprKind::Neg(Box::new(e)),
                            span: Span::new(self.file, start, end),
                        };
                    }
                    product = Some(match (product.take(), mul_op.take()) {
                        (Some(lhs), Some(op)) => self.binary(op, lhs, e),
                        _ => e,
                    });
                }
            }
        }
        let term = product.expect("a chain ends with an operand");
        Ok(add(sum, sum_op, term))
    }

    /// `exprs` joined by `op` from the left (one of them: itself).
    fn fold(&self, op: BinOp, exprs: Vec<Expr>) -> Expr {
        let mut it = exprs.into_iter();
        let first = it.next().expect("a chain has an operand");
        it.fold(first, |lhs, rhs| self.binary(op, lhs, rhs))
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
            Rule::or_expr => self.conditions(p),
            Rule::sum_expr => self.operands(p),
            Rule::postfix => {
                // `( … )`: the group keeps the span of its parentheses (not the blank pest
                // takes after them), so that what reads the tree can tell `(a and b)` from
                // `a and b` (the checker's quantifier scope).
                let bracketed = p.as_str().trim_end().len();
                let mut it = p.into_inner();
                let first = it.next().unwrap();
                let grouped = first.as_rule() == Rule::expr;
                let mut acc = self.expr(first)?;
                if grouped {
                    acc.span = Span::new(
                        self.file,
                        span.start as usize,
                        span.start as usize + bracketed,
                    );
                }
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
                let word = it.next().unwrap().as_str();
                // The grammar's `quant_kind` admits only these words.
                let kind = QuantKind::ALL
                    .into_iter()
                    .find(|k| k.word() == word)
                    .unwrap_or(QuantKind::Sum);
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
            Rule::decimal => Ok(Expr {
                kind: ExprKind::Decimal(self.decimal(&p)?),
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

/// A comparison's operator, from its text.
fn comparison(text: &str) -> BinOp {
    match text {
        "==" => BinOp::Eq,
        "!=" => BinOp::Ne,
        "<=" => BinOp::Le,
        ">=" => BinOp::Ge,
        "<" => BinOp::Lt,
        _ => BinOp::Gt,
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse_law_file;
    use crate::syntax::ast::{Expr, ExprKind, Item};

    /// The expression `text` parses to, as a definition's body.
    fn parsed(text: &str) -> (String, Expr) {
        let file = format!("law 99 {{\n  define x: bool = {text}\n}}\n");
        let law = parse_law_file(0, &file).unwrap_or_else(|d| panic!("{text}: {d:?}"));
        let Some(Item::Define(d)) = law.laws[0].items.first() else {
            panic!("{text}: no definition")
        };
        (file.clone(), d.body.clone())
    }

    /// The tree as nested operators, each node with the text its span covers.
    fn shape(file: &str, e: &Expr) -> String {
        let text = file[e.span.start as usize..e.span.end as usize].escape_debug();
        match &e.kind {
            ExprKind::Name(n) => n.clone(),
            ExprKind::Int(i) => i.to_string(),
            ExprKind::Not(x) => format!("(not [{text}] {})", shape(file, x)),
            ExprKind::Neg(x) => format!("(- [{text}] {})", shape(file, x)),
            ExprKind::Binary(op, l, r) => {
                format!("({op:?} [{text}] {} {})", shape(file, l), shape(file, r))
            }
            other => format!("{other:?}"),
        }
    }

    #[test]
    fn chains_fold_by_precedence_with_the_spans_of_the_nested_rules() {
        // Each as the grammar of one rule a precedence level built it (these trees and spans
        // are what that grammar gave, printed by this test before the chains replaced it):
        // `and` before `or`, `not` around a whole comparison, `*` `/` `%` before `+` `-`,
        // each from the left; a `not` or a `-` spans to the end of its operand, brackets and
        // the blank after them included (pest's, where the rule that ended there tried an
        // operator after it); an operator from its left operand's span to its right one's; a
        // group in brackets the brackets' span.
        let cases = [
            (
                "not a == b and c or d",
                "(Or [not a == b and c or d] (And [not a == b and c] (not [not a == b ] (Eq [a == b] a b)) c) d)",
            ),
            (
                "a or b and c or d",
                "(Or [a or b and c or d] (Or [a or b and c] a (And [b and c] b c)) d)",
            ),
            (
                "a + b * c - d % e",
                "(Sub [a + b * c - d % e] (Add [a + b * c] a (Mul [b * c] b c)) (Rem [d % e] d e))",
            ),
            (
                "-(a + b) * c / -d",
                "(Div [-(a + b) * c / -d\\n] (Mul [-(a + b) * c] (- [-(a + b) ] (Add [(a + b)] a b)) c) (- [-d\\n] d))",
            ),
            (
                "not not x",
                "(not [not not x\\n] (not [not x\\n] x))",
            ),
            (
                "(a or b) and not (c)",
                "(And [(a or b) and not (c)\\n] (Or [(a or b)] a b) (not [not (c)\\n] c))",
            ),
            (
                "a - b - c < 2 * 3",
                "(Lt [a - b - c < 2 * 3] (Sub [a - b - c] (Sub [a - b] a b) c) (Mul [2 * 3] 2 3))",
            ),
        ];
        for (text, want) in cases {
            let (file, e) = parsed(text);
            assert_eq!(shape(&file, &e), want, "{text}");
        }
    }

    #[test]
    fn what_the_levels_did_not_take_is_still_refused() {
        // A comparison does not chain; `not` starts a condition, not an operand of a
        // comparison or of arithmetic; `-` does not come before `not`.
        for text in ["a == b == c", "a == not b", "a + not b", "- not a", "a and"] {
            let file = format!("law 99 {{\n  define x: bool = {text}\n}}\n");
            assert!(parse_law_file(0, &file).is_err(), "{text} parsed");
        }
    }
}
