//! What a pending step ran, recorded so that it can be undone: the end of the auction's
//! procedures when a change of call reopens the auction (26B: who defends is decided at its
//! real end), and a rectification's ruling on the call it waited for when 25A1 replaces that
//! call (27B: ruled on the intended call). Undone only where nothing it asked has been
//! answered and nothing has been written in its ruling since.

use super::*;

/// A pending step that ran: the wait it was, the decisions it wrote in its irregularity's
/// ruling, the obligations it imposed, and what it left waiting (a choice asked, a procedure
/// for the end of the auction).
#[derive(Clone)]
pub(super) struct Ran<'a> {
    pub(super) waited: Rc<Pending<'a>>,
    decisions: std::ops::Range<usize>,
    obligations: std::ops::Range<usize>,
    opened: Vec<Rc<Pending<'a>>>,
}

impl<'a> Table<'a> {
    /// `run` on the table, with `waited` (taken out of `pending`) recorded as what ran.
    pub(super) fn run_recorded(
        &mut self,
        waited: Rc<Pending<'a>>,
        run: impl FnOnce(&mut Self, Rc<Pending<'a>>) -> Result<(), Fail>,
    ) -> Result<Ran<'a>, Fail> {
        let inst = waited.exec.instance;
        let (decisions, obligations) = (self.irregs[inst].decisions.len(), self.obligations.len());
        let (ran, opened) = self.opened_by(|t| run(t, Rc::clone(&waited)));
        ran?;
        Ok(Ran {
            waited,
            decisions: decisions..self.irregs[inst].decisions.len(),
            obligations: obligations..self.obligations.len(),
            opened,
        })
    }

    /// `run` on the table, and what it left waiting that was not waiting before.
    pub(super) fn opened_by<T>(
        &mut self,
        run: impl FnOnce(&mut Self) -> T,
    ) -> (T, Vec<Rc<Pending<'a>>>) {
        let before = self.pending.clone();
        let done = run(self);
        let opened = self
            .pending
            .iter()
            .filter(|p| !before.iter().any(|b| Rc::ptr_eq(b, p)))
            .cloned()
            .collect();
        (done, opened)
    }

    /// Undo what `ran` did and put its wait back in `pending`, if nothing it asked has been
    /// answered and nothing been written in its ruling since. Whether it was undone.
    pub(super) fn undo_ran(&mut self, ran: &Ran<'a>) -> bool {
        let inst = ran.waited.exec.instance;
        let open = |p: &Rc<Pending<'a>>| self.pending.iter().any(|q| Rc::ptr_eq(p, q));
        if !ran.opened.iter().all(open) || self.irregs[inst].decisions.len() != ran.decisions.end {
            return false;
        }
        for p in &ran.opened {
            self.pending.retain(|q| !Rc::ptr_eq(p, q));
            self.close_choice(&p.waiting);
            if let Waiting::Choice { asked: Some(a), .. } = &p.waiting {
                if let Some(i) = self.choices_asked.iter().rposition(|c| c == a) {
                    Rc::make_mut(self.choices_asked.change()).remove(i);
                }
            }
        }
        Arc::make_mut(&mut self.irregs)[inst]
            .decisions
            .truncate(ran.decisions.start);
        if ran.obligations.end <= self.obligations.len() {
            self.obligations.change().drain(ran.obligations.clone());
        }
        self.pending.push(Rc::clone(&ran.waited));
        true
    }
}
