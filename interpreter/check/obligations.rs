//! An obligation's clauses: `keeps` and `ends` are conditions on the act of its holder,
//! `yields to` names obligations kept by the same kind of act, and `forces` and `avoids` are
//! conditions on a card, the cards its holder plays or does not play in the play a claim
//! leaves open.

use super::{in_source_order, Checker, E_NAME, E_TYPE};
use crate::check::types::Type;
use crate::diagnostic::Diag;

impl Checker {
    pub(super) fn check_obligations(&self) {
        for o in in_source_order(&self.book.obligations, |o| o.span) {
            let mut scope = self.param_scope(&o.params);
            let x = if o.on_play { Type::Card } else { Type::Call };
            scope.push((o.call.name.clone(), x.clone()));
            if let Some(h) = &o.holder {
                scope.push((h.name.clone(), Type::Seat));
            }
            self.expect(&o.keeps, &scope, &Type::Bool);
            if let Some(e) = &o.ends {
                self.expect(e, &scope, &Type::Bool);
            }
            for (word, e) in [("forces", &o.forces), ("avoids", &o.avoids)] {
                let Some(e) = e else { continue };
                self.expect(e, &scope, &Type::Bool);
                if !o.on_play {
                    self.err(
                        Diag::new(
                            E_TYPE,
                            format!("`{word}` names cards, and `{}` is kept by calls", o.name.name),
                        )
                        .label(e.span, "read only in the play")
                        .help(format!("`{word}` belongs to an obligation kept by cards: `play x by holder keeps when …`")),
                    );
                }
            }
            if let Some(y) = &o.yields {
                self.expect(&y.card, &scope, &x);
                for to in &y.to {
                    match self.book.obligations.get(&to.name) {
                        Some(other) if other.on_play == o.on_play => {}
                        Some(_) => self.err(
                            Diag::new(
                                E_TYPE,
                                format!("`{}` is kept by {}, `{}` by {}", to.name,
                                    if o.on_play { "calls" } else { "cards" }, o.name.name,
                                    if o.on_play { "cards" } else { "calls" }),
                            )
                            .label(to.span, "another kind of obligation")
                            .help("an obligation yields only to obligations kept by the same kind of act"),
                        ),
                        None => {
                            let hint = self.did_you_mean(
                                &to.name,
                                self.book.obligations.keys().map(|s| s.as_str()),
                            );
                            self.err(
                                Diag::new(E_NAME, format!("no obligation is called `{}`", to.name))
                                    .label(to.span, "unknown obligation")
                                    .help(hint),
                            )
                        }
                    }
                }
            }
        }
    }
}
