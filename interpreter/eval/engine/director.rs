//! Attention drawn: the Director called, or the case ended. The rules that wait for him
//! (`await director`) are kept pending with the rectification's bindings and run then.

use super::*;
use crate::model::Side;

impl<'a> Table<'a> {
    /// The case has no more events: settle what has a default.
    pub fn finish(&mut self) -> Result<(), Fail> {
        self.finished.set(true);
        self.next_conduct.set(None);
        self.attention()
    }

    /// Attention is drawn: the Director is called (or the case ends). What has a default
    /// is settled and the rules waiting for him run, in the order they were opened.
    pub(super) fn attention(&mut self) -> Result<(), Fail> {
        self.settle_for_director()?;
        // A leader's turn that waited for it (a revoke of the last trick) comes now.
        self.release_lead_turn()
    }

    /// Rules that wait for the Director; `again`: the event that opened them, when only a
    /// later call of his runs them; `paragraph`: the procedure they are, named when they run.
    pub(super) fn wait_for_director(
        &mut self,
        exec: Exec<'a>,
        decision: &'a Decision,
        again: Option<Since>,
        paragraph: Option<&'a str>,
    ) {
        // A procedure already waiting for this irregularity waits once: 25B2 then 16C, or
        // two paths of one rectification, each going to 16C3, ask its findings once.
        if paragraph.is_some()
            && self.pending.iter().any(|p| {
                p.exec.instance == exec.instance
                    && matches!(p.waiting, Waiting::Director { paragraph: r, .. } if r == paragraph)
            })
        {
            return;
        }
        self.pending.push(Rc::new(Pending {
            waiting: Waiting::Director {
                decision,
                again,
                paragraph,
            },
            exec,
        }));
    }

    /// The Director is called with no choice open and no irregularity waiting for him: about
    /// what went before (16C3: the use made of a withdrawn call), not to rule something new.
    /// Called to rule an irregularity, he rules that one; what waits for him to be called
    /// again waits on.
    pub(super) fn called_about_the_past(&self) -> bool {
        !self.pending.iter().any(|p| {
            matches!(
                p.waiting,
                Waiting::Choice { .. } | Waiting::Director { again: None, .. }
            )
        })
    }

    /// The moment a wait for the Director called again begins.
    pub(super) fn since(&self) -> Since {
        Since {
            event: self.event,
            calls: self.calls.len(),
            plays: self.play.as_ref().map_or(0, |p| p.every_play.len()),
        }
    }

    /// Whether `side` has made a call or played a card since then, in a later event: 16C2
    /// is about what the offending side chose after the withdrawal.
    pub(super) fn acted_since(&self, since: Since, side: Side) -> bool {
        if self.event <= since.event {
            return false;
        }
        let called = (since.calls..self.calls.len())
            .any(|i| !self.calls[i].deemed && self.calls[i].seat.side() == side);
        let played = self.play.as_ref().is_some_and(|p| {
            p.every_play
                .iter()
                .skip(since.plays)
                .any(|&(seat, ..)| seat.side() == side)
        });
        called || played
    }

    /// Attention is drawn to rules that waited for it: they run, unless they waited for the
    /// Director to be called again and the case has ended without that (16C3: nobody asked
    /// him to judge the use of a withdrawn call), when they lapse with nothing to show.
    pub(super) fn run_for_director(&mut self, p: Pending<'a>) -> Result<(), Fail> {
        let Waiting::Director {
            decision,
            again,
            paragraph,
        } = p.waiting
        else {
            unreachable!()
        };
        if again.is_some() && *self.finished {
            return Ok(());
        }
        let mut exec = p.exec;
        if let Some(id) = paragraph {
            self.enter(&mut exec, id);
        }
        self.decide(&mut exec, decision)?;
        self.run(exec)
    }
}
