//! What the Laws leave to others, checked: `delegated to BODY by PARA` names a body the Laws
//! delegate to and a paragraph of the book; a parameter's declared domain (`level: 1..7`)
//! holds values, and not too many to evaluate a definition at each (eval::fold).

use super::{builtins, in_source_order, Checker, E_NAME, E_TYPE, MAX_DOMAIN};
use crate::diagnostic::Diag;
use crate::syntax::ast::{Ident, ParaId, Param};

impl Checker {
    /// `level: 1..7`: a range that holds a value, and not so many that evaluating a
    /// definition at each point when the book loads (eval::fold) could take long.
    pub(super) fn check_domains(&self, params: &[Param]) {
        for p in params {
            let Some((lo, hi)) = p.domain else { continue };
            if lo > hi || hi.abs_diff(lo) >= MAX_DOMAIN as u64 {
                self.err(
                    Diag::new(
                        E_TYPE,
                        format!("`{}: {lo}..{hi}` is no domain of values", p.name.name),
                    )
                    .label(p.ty.span, format!("a range of 1 to {MAX_DOMAIN} values, first the lowest"))
                    .help("write the lowest value first, such as `level: 1..7`, or the plain type `int`"),
                );
            }
        }
    }

    /// `delegated to BODY by PARA`: a body the Laws name, and a paragraph of the book.
    pub(super) fn check_delegations(&self) {
        let mut delegations: Vec<(Ident, Option<ParaId>)> = vec![];
        for d in in_source_order(&self.book.defines, |d| d.span) {
            if let Some(g) = &d.delegated {
                delegations.push((g.to.clone(), Some(g.by.clone())));
            }
        }
        for t in in_source_order(&self.book.tables, |t| t.span) {
            if let Some(g) = &t.delegated {
                delegations.push((g.to.clone(), Some(g.by.clone())));
            }
        }
        for p in self.book.paragraphs.values() {
            if let Some(to) = &p.delegated {
                let span = p.span;
                delegations.push((
                    Ident {
                        name: to.clone(),
                        span,
                    },
                    None,
                ));
            }
        }
        delegations.sort_by_key(|(to, _)| (to.span.file, to.span.start));
        for (to, by) in delegations {
            if !builtins::DELEGATES.contains(&to.name.as_str()) {
                let hint = self.did_you_mean(&to.name, builtins::DELEGATES.iter().copied());
                self.err(
                    Diag::new(
                        E_NAME,
                        format!("`{}` is not a body the Laws delegate to", to.name),
                    )
                    .label(to.span, "unknown body")
                    .help(if hint.is_empty() {
                        format!("write one of: {}", builtins::DELEGATES.join(", "))
                    } else {
                        hint
                    }),
                );
            }
            if let Some(by) = by {
                self.check_ref(&by);
            }
        }
    }
}
