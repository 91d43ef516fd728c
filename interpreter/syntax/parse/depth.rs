//! How deep the syntax tree of a parsed file will be, measured on pest's flat token queue
//! (no recursion) before the builder and every later walk (check, compile, evaluate, render)
//! recurse over the tree. A chain of 20,000 `and`s parses flat but folds into a tree 20,000
//! deep, and each walk of it overflowed the stack; the bracket guard (`pest_error::too_deep`)
//! sees brackets only.

use super::{grammar::Rule, Span};
use crate::diagnostic::Diag;
use pest::iterators::Pairs;
use pest::Token;

/// The deepest syntax tree a law file may build: each bracket, prefix word (`not`, `-`,
/// `if`, a quantifier), function call, operator of a chain (each is one node of the tree the
/// chain folds to: an upper bound of its depth), field and nested block counts one level.
pub const MAX_DEPTH: usize = 256;

/// Nested grammar rules (about ten per level of the tree); a safety net for the builder's
/// recursion should a rule the levels do not count nest.
const MAX_RULES: usize = 16 * MAX_DEPTH;

struct Open {
    rule: Rule,
    start: usize,
    /// Children that are expressions or statements, and children that are operators or
    /// keywords.
    operands: usize,
    tokens: usize,
    deepest: usize,
}

/// A diagnostic at the first construct nested deeper than `MAX_DEPTH`, if there is one.
pub(super) fn too_deep(file: u32, pairs: &Pairs<Rule>, code: &'static str) -> Option<Diag> {
    let mut stack: Vec<Open> = vec![];
    for t in pairs.clone().tokens() {
        match t {
            Token::Start { rule: r, pos } => {
                if stack.len() >= MAX_RULES {
                    let at = pos.pos();
                    return Some(diag(file, at, at + 1, code));
                }
                stack.push(Open {
                    rule: r,
                    start: pos.pos(),
                    operands: 0,
                    tokens: 0,
                    deepest: 0,
                });
            }
            Token::End { rule: r, pos } => {
                let o = stack.pop()?;
                let depth = o.deepest + levels(&o);
                if depth > MAX_DEPTH {
                    return Some(diag(file, o.start, pos.pos(), code));
                }
                if let Some(parent) = stack.last_mut() {
                    parent.deepest = parent.deepest.max(depth);
                    if is_token(r) {
                        parent.tokens += 1;
                    } else {
                        parent.operands += 1;
                    }
                }
            }
        }
    }
    None
}

/// The levels a rule adds to the deepest of its children.
fn levels(o: &Open) -> usize {
    use Rule as R;
    match o.rule {
        // Chains read flat and folded by precedence (`a and b or not c`, `a + b * -c`): each
        // operator, `not` and `-` is one node of the tree folded, so at most one level.
        R::or_expr | R::sum_expr => o.tokens,
        // Left-folded: `a.b.c` is `(a.b).c`.
        R::postfix => o.operands.saturating_sub(1),
        R::expr
        | R::if_expr
        | R::quantifier
        | R::call_expr
        | R::list_type
        | R::block
        | R::decision => 1,
        _ => 0,
    }
}

fn is_token(r: Rule) -> bool {
    use Rule as R;
    matches!(
        r,
        R::kw_and
            | R::kw_or
            | R::kw_not
            | R::neg
            | R::cmp_op
            | R::sum_op
            | R::mul_op
            | R::kw_if
            | R::kw_then
            | R::kw_else
    )
}

fn diag(file: u32, start: usize, end: usize, code: &'static str) -> Diag {
    Diag::new(code, format!("nested more than {MAX_DEPTH} levels deep"))
        .label(Span::new(file, start, end), "too deep from here")
        .help(
            "each bracket, `not`, `-`, `if`, quantifier, call, operator of a chain and nested \
         block is a level; split the expression into named definitions",
        )
}
