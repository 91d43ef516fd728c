//! Built-in functions lowered: a call's predicates read from an entry where it lies, the
//! others through `ops::apply_builtin` on at most two values.

use super::*;
use crate::eval::probe::{self, Aspect};

impl Lowerer<'_> {
    /// The value-stack slot `e` reads, if it is a local variable held there.
    pub(crate) fn val_slot(&self, e: &Spanned) -> Option<ValPlace> {
        match e.expr {
            CExpr::Local(i) => match self.slots[i].place {
                Place::Val(p) => Some(p),
                Place::Int(_) => None,
            },
            _ => None,
        }
    }

    /// A call's own value: read in place from an entry of the auction in a slot (`e.call`),
    /// else computed; `f` decides on it.
    pub(super) fn on_call<T: 'static>(
        &mut self,
        arg: &Spanned,
        span: Span,
        aspect: Aspect,
        f: fn(Call, Meaning) -> Option<T>,
    ) -> Fun<T> {
        let bad = move || Stop::Error {
            message: "wrong arguments to a built-in function".into(),
            span,
        };
        if let CExpr::Field(x, FieldKind::EntryCall) = &arg.expr {
            if let Some(p) = self.val_slot(x) {
                let fspan = arg.span;
                return Box::new(move |m| match p.get(m) {
                    Value::Entry(e) => {
                        let c = probe::read_as(e.call, e.held, aspect);
                        match f(c, e.meaning) {
                            Some(t) => Ok(t),
                            None => m.fail(not_a_bid(c, span)),
                        }
                    }
                    v => {
                        let v = v.clone();
                        m.fail(type_error(fspan, "record with this field", &v))
                    }
                });
            }
        }
        let a = self.val(arg);
        Box::new(move |m| match a(m)? {
            Value::Call(c, meaning, held) => {
                let c = probe::read_as(c, held, aspect);
                match f(c, meaning) {
                    Some(t) => Ok(t),
                    None => m.fail(not_a_bid(c, span)),
                }
            }
            _ => m.fail(bad()),
        })
    }

    /// A built-in of one argument that gives a truth value, or `None` for another.
    pub(super) fn bool_builtin(
        &mut self,
        b: Builtin,
        args: &[Spanned],
        span: Span,
    ) -> Option<Fun<bool>> {
        let [a] = args else { return None };
        Some(match b {
            // Each looks at no more than it says: whether the call is a bid, or a pass, …
            // (`probe::Aspect`: the calls asked again it does not part go on alike).
            Builtin::IsBid => self.on_call(a, span, Aspect::Bid, |c, _| Some(c.is_bid())),
            Builtin::IsPass => self.on_call(a, span, Aspect::Is(Call::Pass), |c, _| {
                Some(c == Call::Pass)
            }),
            Builtin::IsDouble => self.on_call(a, span, Aspect::Is(Call::Double), |c, _| {
                Some(c == Call::Double)
            }),
            Builtin::IsRedouble => self.on_call(a, span, Aspect::Is(Call::Redouble), |c, _| {
                Some(c == Call::Redouble)
            }),
            // How a call was meant is not which call it is: the read `on_call` makes looks
            // at its kind only (what `ops::apply_builtin` reads for it too).
            Builtin::IsArtificial => {
                self.on_call(a, span, Aspect::Kind, |_, m| Some(m.is_artificial()))
            }
            _ => return None,
        })
    }

    /// The size of a list: a list the view holds is not copied (`size(trick) > 0`).
    pub(super) fn size(&mut self, arg: &Spanned, span: Span) -> Fun<i64> {
        if let CExpr::State(s) = arg.expr {
            if let Some(list) = state_list(s) {
                return Box::new(move |m| Ok(list(m.view).len() as i64));
            }
        }
        let a = self.builtin(Builtin::Size, std::slice::from_ref(arg), span);
        Box::new(move |m| match a(m)? {
            Value::Int(n) => Ok(n),
            _ => unreachable!("a size is an int"),
        })
    }

    /// A built-in function: its arguments as values, at most two, without a vector.
    pub(super) fn builtin(&mut self, b: Builtin, args: &[Spanned], span: Span) -> Fun<Value> {
        match args {
            [] => {
                Box::new(move |m| apply_builtin(b, None, None, m.view, span).or_else(|e| m.fail(e)))
            }
            // A variable's value is read where it lies (`apply_on`).
            [a] => match self.val_slot(a) {
                Some(p) => {
                    Box::new(move |m| apply_on(b, p.get(m), m.view, span).or_else(|e| m.fail(e)))
                }
                None => {
                    let a = self.val(a);
                    Box::new(move |m| {
                        let x = a(m)?;
                        apply_on(b, &x, m.view, span).or_else(|e| m.fail(e))
                    })
                }
            },
            [a, c, ..] => {
                let (a, c) = (self.val(a), self.val(c));
                Box::new(move |m| {
                    let x = a(m)?;
                    let y = c(m)?;
                    apply_builtin(b, Some(x), Some(y), m.view, span).or_else(|e| m.fail(e))
                })
            }
        }
    }
}

/// What `level` and `strain` say of a call that is not a bid.
fn not_a_bid(c: Call, span: Span) -> Stop {
    Stop::Error {
        message: format!("{c} is not a bid, so it has no level or strain"),
        span,
    }
}
