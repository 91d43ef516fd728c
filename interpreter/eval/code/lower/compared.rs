//! Comparisons with a side that is a function of one call (`level(c)`, or a pure definition
//! of a call giving an int, `bid_rank(b)`). Evaluated as any comparison, but while a probe
//! asks a question again for another call in place of the call it holds, a comparison whose
//! function is of the held call is one read of it, `probe::Compared`: whether it holds, not
//! the level or the rank, so that the calls asked after it that compare alike are known to go
//! on alike without being asked (`legal_call`'s `sufficient(x)` parts the bids in two).
//!
//! The order of evaluation, the value and the stop are the ordinary comparison's. What may
//! differ is only what a question asked again charges the budget, never less: a side is
//! evaluated again where the read cannot be made, which only makes a probe keep fewer calls.

use super::*;
use crate::eval::probe::{self, Compared, OfCall};

/// One side of a comparison: its ordinary code, and where it is a function of one call, which
/// function and the call's expression.
struct Side {
    plain: Operand,
    of: Option<(OfCall, Fun<Value>)>,
}

impl Lowerer<'_> {
    /// `e` as a function of one call: the built-in `level` of it, or a pure definition of one
    /// call that gives an int; and the call's expression.
    fn of_call<'e>(&self, e: &'e Spanned) -> Option<(OfCall, &'e Spanned)> {
        match &e.expr {
            CExpr::Builtin(Builtin::Level, args) if args.len() == 1 => {
                Some((OfCall::Level, &args[0]))
            }
            CExpr::Define(i, args) if args.len() == 1 => {
                let d = &self.book.program.defines[*i];
                let of_a_call = d.pure
                    && d.param_types.first() == Some(&Type::Call)
                    && Kind::of(&d.ty) == Kind::Int;
                of_a_call.then(|| (OfCall::Define(*i as u32), &args[0]))
            }
            _ => None,
        }
    }

    fn side(&mut self, e: &Spanned) -> Side {
        let of = self.of_call(e).map(|(of, x)| (of, self.val(x)));
        Side {
            plain: self.operand(e),
            of,
        }
    }

    /// `a op b` (ints) where a side is a function of one call, else none (the caller lowers it
    /// as any comparison).
    pub(super) fn compared(&mut self, op: BinOp, a: &Spanned, b: &Spanned) -> Option<Fun<bool>> {
        if Kind::of(&a.ty) != Kind::Int || Kind::of(&b.ty) != Kind::Int {
            return None;
        }
        self.of_call(a).or_else(|| self.of_call(b))?;
        let (a, b) = (self.side(a), self.side(b));
        Some(Box::new(move |m| {
            if !probe::asking_again() {
                let x = a.plain.get(m)?;
                return Ok(probe::holds(op, x, b.plain.get(m)?));
            }
            asked_again(m, op, &a, &b)
        }))
    }
}

/// The comparison while a question is asked again for another call (`probe::instead`).
fn asked_again(m: &mut Machine, op: BinOp, a: &Side, b: &Side) -> R<bool> {
    let x = match &a.of {
        Some((of, call)) => {
            let v = call(m)?;
            if let Some((meaning, instead)) = held(&v) {
                // The right side first (the left's value is not read): its reads come before
                // the comparison's, and it is the same for every call that gets here.
                let y = b.plain.get(m);
                let c = compared(m, *of, meaning, op, y.as_ref().ok().copied(), true);
                let found = probe::read_compared(c, instead);
                return match probe::compared_holds(found) {
                    Some(truth) => {
                        charge(m, found);
                        y.map(|_| truth)
                    }
                    // The function stops at this call (or would run out): the ordinary way.
                    None => {
                        m.stop = None;
                        let x = a.plain.get(m)?;
                        Ok(probe::holds(op, x, b.plain.get(m)?))
                    }
                };
            }
            a.plain.get(m)?
        }
        None => a.plain.get(m)?,
    };
    if let Some((of, call)) = &b.of {
        let v = call(m)?;
        if let Some((meaning, instead)) = held(&v) {
            let c = compared(m, *of, meaning, op, Some(x), false);
            let found = probe::read_compared(c, instead);
            if let Some(truth) = probe::compared_holds(found) {
                charge(m, found);
                return Ok(truth);
            }
        }
    }
    Ok(probe::holds(op, x, b.plain.get(m)?))
}

/// The held call's meaning and the call asked in its place, if `v` is the call the innermost
/// probe holds and a question is asked again for another.
fn held(v: &Value) -> Option<(Meaning, Call)> {
    match v {
        Value::Call(_, meaning, held) => Some((*meaning, probe::asked_instead(*held)?)),
        _ => None,
    }
}

/// The read a comparison makes, the values of its function found first (once a ruling).
fn compared(
    m: &Machine,
    of: OfCall,
    meaning: Meaning,
    op: BinOp,
    other: Option<i64>,
    left: bool,
) -> Compared {
    if let OfCall::Define(d) = of {
        probe::know_values(d, meaning, |c| m.ev.pure_value(d as usize, c, meaning));
    }
    Compared {
        of,
        meaning,
        op,
        other,
        left,
        steps_left: m.ev.budget.get(),
    }
}

/// Charge the budget what the function took at the call (`probe::Compared`: never more than
/// is left).
fn charge(m: &Machine, found: probe::Answer) {
    let b = m.ev.budget.get();
    m.ev.budget
        .set(b.saturating_sub(probe::compared_steps(found)));
}
