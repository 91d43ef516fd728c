//! A call a rectification waits for (`await call r by offender`: 27B's replacement of an
//! insufficient bid), ruled when it comes; and ruled again when the player replaces it
//! under 25A1 (SK 774: "Druhá (úmyselná) hláška platí a podlieha príslušnému pravidlu"):
//! what the rectification ruled on the call replaced is undone, and it rules on the call
//! that replaces it.

use super::*;

/// What a rectification ruled on the call it waited for, and that call.
#[derive(Clone)]
pub(super) struct AwaitRuled<'a> {
    rec: usize,
    ran: undo::Ran<'a>,
}

impl<'a> Table<'a> {
    /// Call `rec` of `seat`, if a rectification waits for it: ruled there. Whether that is
    /// all (else the call goes on to be ruled as any call).
    pub(super) fn rule_awaited(&mut self, seat: Seat, rec: usize) -> Result<bool, Fail> {
        let Some(i) = self.awaiting(seat) else {
            return Ok(false);
        };
        let waited = self.pending.remove(i);
        let inst = waited.exec.instance;
        let ran = self.run_recorded(waited, |t, waited| {
            let p = Rc::unwrap_or_clone(waited);
            let Waiting::Call {
                var,
                decision,
                observe,
                ..
            } = p.waiting
            else {
                unreachable!()
            };
            let mut exec = p.exec;
            let c = &t.calls[rec];
            exec.env.push((var, Value::Call(c.call, c.meaning, c.held)));
            if !observe {
                exec.recs.push((var, rec));
            }
            t.decide(&mut exec, decision)?;
            t.run(exec)
        })?;
        self.awaits_ruled.push(AwaitRuled { rec, ran });
        if let Some(r) = self.again.take() {
            self.process(r)?;
            return Ok(true);
        }
        // A call the rectification rules on is done with once it stands, is cancelled, or
        // waits on a choice of the rectification about it (27B4); a choice of another about
        // it (25A6, the change's that sent it back) does not keep it from being ruled as any
        // call.
        Ok(self.calls[rec].status != Status::Pending
            || self
                .pending
                .iter()
                .any(|p| p.exec.instance == inst && p.waits_on(rec)))
    }

    /// The rectification waiting for `seat`'s next call, by its place in `pending`.
    fn awaiting(&self, seat: Seat) -> Option<usize> {
        self.pending.iter().position(
            |p| matches!(&p.waiting, Waiting::Call { seat: s, observe: false, .. } if *s == seat),
        )
    }

    /// Call `r` is withdrawn for the call that replaces it (25A1): if a rectification ruled
    /// on it as the call it waited for, and nothing it asked has been answered nor anything
    /// been written in its ruling since, that ruling is undone and the rectification waits
    /// again, for the replacing call (`rule_again`).
    pub(super) fn undo_awaited(&mut self, r: usize) {
        let Some(i) = self.awaits_ruled.iter().rposition(|a| a.rec == r) else {
            return;
        };
        let ran = self.awaits_ruled[i].ran.clone();
        if self.undo_ran(&ran) {
            self.awaits_ruled.remove(i);
        }
    }

    /// A call sent back to be ruled (`again`): by the rectification that waits for it, if
    /// one does (`undo_awaited`), else as any call.
    pub(super) fn rule_again(&mut self, r: usize) -> Result<(), Fail> {
        let seat = self.calls[r].seat;
        if self.awaiting(seat).is_none() {
            return self.process(r);
        }
        if self.in_place(r, |t| t.rule_awaited(seat, r))? {
            return self.after_call();
        }
        self.process(r)
    }
}
