//! Attention drawn: the Director called, or the case ended. The rules that wait for him
//! (`await director`) are kept pending with the rectification's bindings and run then.

use super::*;
use crate::model::Side;

impl<'a> Table<'a> {
    /// The case has no more events: settle what has a default.
    pub fn finish(&mut self) -> Result<(), Fail> {
        self.finished.set(true);
        self.next_conduct.set(vec![]);
        self.attention()
    }

    /// Attention is drawn: the Director is called (or the case ends). What has a default
    /// is settled and the rules waiting for him run, in the order they were opened.
    pub(super) fn attention(&mut self) -> Result<(), Fail> {
        self.settle_for_director()?;
        // A leader's turn that waited for it (a revoke of the last trick) comes now.
        let read_again = !*self.finished;
        self.release_lead_turn(read_again)
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
        // Two paths of one rectification, each going to 16C3, ask its findings once.
        if self.procedure_waits(
            exec.instance,
            paragraph,
            |w| matches!(w, Waiting::Director { paragraph: r, .. } if *r == paragraph),
        ) {
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

    /// What waits for the Director as he is called: each rule or choice, by its irregularity
    /// and the event that opened it (none for a rule waiting for him, which he rules now).
    pub(super) fn waiting_for_the_director(&self) -> Vec<(usize, Option<usize>)> {
        self.pending
            .iter()
            .filter_map(|p| match p.waiting {
                Waiting::Choice { opened, .. } => Some((p.exec.instance, Some(opened))),
                Waiting::Director { again: None, .. } => Some((p.exec.instance, None)),
                _ => None,
            })
            .collect()
    }

    /// Whether the Director, called now, is called about what went before a wait for him
    /// to be called again (opened `since`, by irregularity `instance`): not to rule another
    /// irregularity, one waiting for him or whose choice has opened since (called to rule
    /// it, he rules that one, and what waits for him to be called again waits on). The
    /// wait's own irregularity may have a choice open (26B's lead restriction): he is still
    /// called about it.
    pub(super) fn called_about(
        &self,
        since: Since,
        instance: usize,
        waiting: &[(usize, Option<usize>)],
    ) -> bool {
        !waiting.iter().any(|&(other, opened)| {
            other != instance && opened.is_none_or(|event| event >= since.event)
        })
    }

    /// The moment a wait for the Director called again begins. The offending side's calls
    /// are counted from the first call its rectification names (the irregular call itself,
    /// or the one it withdrew), not from the wait: what it judges may have come between, a
    /// partner's call at his turn before the offender's comparable replacement (30B1(a),
    /// then 30B1(b)(i) and 23C).
    pub(super) fn since(&self, exec: &Exec<'a>) -> Since {
        let first_call = exec.recs.iter().map(|&(_, r)| r + 1).min();
        Since {
            event: self.event,
            calls: first_call.unwrap_or(self.calls.len()),
            plays: self.play.as_ref().map_or(0, |p| p.every_play.len()),
        }
    }

    /// Whether `side` (any side: None) has made a call or played a card since then, in a
    /// later event: 16C2 is about what the offending side chose after the withdrawal.
    pub(super) fn acted_since(&self, since: Since, side: Option<Side>) -> bool {
        if self.event <= since.event {
            return false;
        }
        let of_side = |seat: Seat| side.is_none_or(|s| seat.side() == s);
        let called = (since.calls..self.calls.len())
            .any(|i| !self.calls[i].deemed && of_side(self.calls[i].seat));
        let played = self.play.as_ref().is_some_and(|p| {
            p.every_play
                .iter()
                .skip(since.plays)
                .any(|&(seat, ..)| of_side(seat))
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
