//! Calls of definitions lowered. A small definition that is neither folded nor remembered
//! per state is inlined: its body lowered into the caller's frame, its parameters slots
//! there, so the call costs what its body costs (Law 77's `score` calls seven such helpers).
//! An inlined call does what a call does, in the same order: its arguments in order, one
//! step of the budget, the body, and the definition marked used unless it gave false. How
//! much is inlined into one frame is bounded, so a book of definitions that each call the
//! next twice lowers in linear time. A call in a quantifier's filter or key whose arguments
//! read nothing of the walk is made once a walk, not once an element (`remembered`).

use super::*;

/// The largest body (in nodes) inlined.
const MAX_INLINED_BODY: usize = 48;

/// The most nodes inlined into one frame, all calls together.
pub(super) const INLINE_BUDGET: usize = 400;

/// An inlined call: where each argument goes, and the body.
struct Inlined {
    params: Vec<(Place, Arg)>,
    body: Lowered,
    span: Span,
}

impl Lowerer<'_> {
    /// A definition's arguments, each lowered as its parameter's kind.
    pub(super) fn args(&mut self, i: usize, args: &[Spanned]) -> Vec<Arg> {
        let d = &self.book.program.defines[i];
        let kinds: Vec<Kind> = d.param_types.iter().map(Kind::of).collect();
        args.iter()
            .zip(kinds)
            .map(|(a, k)| self.arg(k, a))
            .collect()
    }

    /// A call of definition `i`, its value taken as `T`.
    pub(super) fn call<T: Ret + Clone>(&mut self, i: usize, args: &[Spanned]) -> Fun<T> {
        if let Some(from) = self.walk_from {
            if !args.iter().any(|a| reads_slot(a, from)) {
                self.walk_from = None;
                let call = self.call::<T>(i, args);
                self.walk_from = Some(from);
                return remembered(call);
            }
        }
        if let Some(c) = self.inline(i, args) {
            let (params, span) = (c.params, c.span);
            let body = T::lowered(c.body, span);
            // Every parameter reads a slot of the caller's: nothing to bind.
            if params.is_empty() {
                return Box::new(move |m| {
                    m.tick(span)?;
                    let v = body(m)?;
                    if !v.is_false() {
                        m.ev.mark_define(i);
                    }
                    Ok(v)
                });
            }
            return Box::new(move |m| {
                bind(m, &params)?;
                m.tick(span)?;
                let v = body(m)?;
                // A condition's paragraph applies when the condition holds (63A3).
                if !v.is_false() {
                    m.ev.mark_define(i);
                }
                Ok(v)
            });
        }
        let args = self.args(i, args);
        Box::new(move |m| {
            let base = call::push_args(m, &args)?;
            call::invoke::<T>(m, i, base)
        })
    }

    /// Definition `i`'s body lowered into this frame, if it may be: not folded, not
    /// remembered per state, small, and within the frame's budget.
    fn inline(&mut self, i: usize, args: &[Spanned]) -> Option<Inlined> {
        let book = self.book;
        let d = &book.program.defines[i];
        if d.memo || book.program.folded[i].is_some() {
            return None;
        }
        let size = nodes(&d.body, MAX_INLINED_BODY + 1);
        if size > MAX_INLINED_BODY || size > self.inline_left {
            return None;
        }
        self.inline_left -= size;
        // A parameter whose argument is a slot of the caller's of its kind reads that slot:
        // nothing to compute or store (reading a slot has no effect, so the order of the
        // arguments is kept), and the caller's slot keeps its value while the body runs.
        // The others get slots of their own first, so that the arguments' own work lies
        // above them; each argument is stored as soon as it is computed.
        let kinds: Vec<Kind> = d.param_types.iter().map(Kind::of).collect();
        let mut callee: Vec<Slot> = Vec::with_capacity(kinds.len());
        let mut own: Vec<(usize, Place)> = vec![];
        for (i, (a, &kind)) in args.iter().zip(&kinds).enumerate() {
            match a.expr {
                CExpr::Local(j) if self.slots[j].kind == kind => callee.push(self.slots[j]),
                _ => {
                    let place = self.reserve(kind);
                    own.push((i, place));
                    callee.push(Slot { kind, place });
                }
            }
        }
        let params: Vec<(Place, Arg)> = own
            .iter()
            .map(|&(i, place)| (place, self.arg(kinds[i], &args[i])))
            .collect();
        // The body sees its parameters and nothing of the caller's (nor its walk).
        let caller = std::mem::replace(&mut self.slots, callee);
        let walk = self.walk_from.take();
        let body = self.lower(&d.body);
        self.walk_from = walk;
        self.slots = caller;
        for (_, place) in own.iter().rev() {
            self.release(*place);
        }
        Some(Inlined {
            params,
            body,
            span: d.body.span,
        })
    }
}

/// Compute each argument and store it in its parameter's slot.
#[inline]
fn bind(m: &mut Machine, params: &[(Place, Arg)]) -> R<()> {
    for (p, a) in params {
        match (p, a) {
            (Place::Int(at), Arg::Int(f)) => {
                let v = f.get(m)?;
                m.ints[m.ib + at] = v;
            }
            (Place::Int(at), Arg::Bool(f)) => {
                let v = f(m)?;
                m.ints[m.ib + at] = i64::from(v);
            }
            (Place::Val(ValPlace::Val(at)), Arg::Val(f)) => {
                let v = f(m)?;
                m.vals[m.vb + at] = v;
            }
            _ => unreachable!("a parameter's slot has its argument's kind"),
        }
    }
    Ok(())
}

/// A call that reads nothing that changes from element to element of the walk it is in:
/// made once a walk, at the first element that asks it (so a walk that never asks it, or
/// stops before, does not make it), and remembered for the walk's other elements. A
/// definition gives the same value on the same arguments, view and findings, and all of
/// them stay while one walk runs; what a call does besides (a step of the budget, its
/// paragraphs marked used) is done the first time, and marking again would change
/// nothing. A stop is not remembered.
fn remembered<T: Clone + 'static>(call: Fun<T>) -> Fun<T> {
    let kept: std::cell::RefCell<Option<(u64, T)>> = std::cell::RefCell::new(None);
    Box::new(move |m| {
        let Some(&walk) = m.walks.last() else {
            return call(m);
        };
        if let Some((w, v)) = &*kept.borrow() {
            if *w == walk {
                return Ok(v.clone());
            }
        }
        let v = call(m)?;
        *kept.borrow_mut() = Some((walk, v.clone()));
        Ok(v)
    })
}

/// Whether `e` reads slot `from` or a later one (the walk's variable, or one of a walk
/// inside it).
fn reads_slot(e: &Spanned, from: usize) -> bool {
    match &e.expr {
        CExpr::Local(i) => *i >= from,
        _ => e.children().any(|x| reads_slot(x, from)),
    }
}

/// The nodes of an expression, counted up to `most`.
fn nodes(e: &Spanned, most: usize) -> usize {
    let mut n = 0;
    count(e, &mut n, most);
    n
}

fn count(e: &Spanned, n: &mut usize, most: usize) {
    *n += 1;
    if *n > most {
        return;
    }
    for x in e.children() {
        count(x, n, most);
    }
}
