//! Steps that wait for the end of a period (24D, 24E, 26B at the end of the auction; 64 at
//! the end of the play): kept pending with the rectification's bindings, run when it ends.

use super::*;

impl<'a> Table<'a> {
    /// Whether the period is over. The auction's end is the table's record (`ended`), unless a
    /// change of call made since has left the auction not ended (25B1 accepted after the
    /// final pass): what waits for its end waits for the next one.
    pub(super) fn is_over(&mut self, period: Period) -> Result<bool, Fail> {
        match period {
            Period::Auction => Ok(self.ended && self.auction_still_over()?),
            Period::Play => Ok(self.play_ended()),
        }
    }

    /// The auction the table recorded as ended still is: no change of call since has left it
    /// not ended, or the auction period is over (the opening lead faced, 17D).
    pub(super) fn auction_still_over(&mut self) -> Result<bool, Fail> {
        Ok(self.ask("auction_ended", vec![])? == Value::Bool(true)
            || self.ask("auction_period_over", vec![])? == Value::Bool(true))
    }

    /// The period, over, may still be reopened: the play its thirteenth trick ended (a
    /// correction, 62D), the auction before the opening lead is faced (a change of call, 25).
    pub(super) fn may_reopen(&mut self, period: Period) -> Result<bool, Fail> {
        match period {
            Period::Play => Ok(self.play_ended_by_its_tricks()),
            Period::Auction => Ok(self.ask("auction_period_over", vec![])? != Value::Bool(true)),
        }
    }

    /// Steps that wait for the end of a period, with the rectification's bindings.
    pub(super) fn wait_for_end(
        &mut self,
        exec: &Exec<'a>,
        period: Period,
        steps: &'a [Step],
        paragraph: Option<&'a str>,
    ) {
        // A procedure already waiting for this irregularity waits once: 27B3 then 27B2
        // both go to 26B, and declarer chooses one lead restriction, not two.
        if self.procedure_waits(exec.instance, paragraph, |w| {
            matches!(w, Waiting::End { period: q, paragraph: r, .. } if *q == period && *r == paragraph)
        }) {
            return;
        }
        let mut waiting = exec.clone();
        waiting.frames.clear();
        self.pending.push(Rc::new(Pending {
            waiting: Waiting::End {
                period,
                steps,
                paragraph,
            },
            exec: waiting,
        }));
    }

    /// Whether procedure `paragraph` (a named one) already waits for irregularity `instance`,
    /// in the way `same` tells: a procedure reached twice by one rectification waits once.
    pub(super) fn procedure_waits(
        &self,
        instance: usize,
        paragraph: Option<&str>,
        same: impl Fn(&Waiting<'a>) -> bool,
    ) -> bool {
        paragraph.is_some()
            && self
                .pending
                .iter()
                .any(|p| p.exec.instance == instance && same(&p.waiting))
    }

    /// The period has ended: the steps that waited for it run now, in order.
    pub(super) fn run_at_end(&mut self, period: Period) -> Result<(), Fail> {
        while let Some(i) = self
            .pending
            .iter()
            .position(|p| matches!(p.waiting, Waiting::End { period: q, .. } if q == period))
        {
            let waited = self.pending.remove(i);
            let ran = self.run_recorded(waited, Self::run_waited)?;
            match period {
                Period::Auction => self.ran_at_auction_end.push(ran),
                Period::Play => self.ran_at_play_end.push(ran),
            }
        }
        Ok(())
    }

    /// A correction has reopened a play its thirteenth trick ended (62D): what the end ran
    /// is undone where nothing it asked has been answered, and waits for the play's next end.
    /// A play a claim ended is not played on, and keeps what its end ran.
    pub(super) fn undo_play_end(&mut self) {
        for ran in std::mem::take(&mut self.ran_at_play_end).into_iter().rev() {
            self.undo_ran(&ran);
        }
    }

    /// A change of call after the final pass has reopened the auction (25A, 25B, 21B1): what
    /// its end ran is undone where nothing it asked has been answered, and waits for the
    /// auction's next end. 26B asks "if the offender becomes a defender", which the auction's
    /// real end decides: the contract may change hands.
    pub(super) fn undo_auction_end(&mut self) {
        // The latest first: each undoes what came after it in the ruling.
        for ran in std::mem::take(&mut self.ran_at_auction_end)
            .into_iter()
            .rev()
        {
            self.undo_ran(&ran);
        }
    }

    fn run_waited(&mut self, waited: Rc<Pending<'a>>) -> Result<(), Fail> {
        let p = Rc::unwrap_or_clone(waited);
        let Waiting::End {
            steps, paragraph, ..
        } = p.waiting
        else {
            unreachable!()
        };
        let mut exec = p.exec;
        let mut frame = Frame::new(steps);
        if let Some(id) = paragraph {
            self.enter(&mut exec, id);
            frame.paragraph = Some(id);
        }
        exec.frames.push(frame);
        self.run(exec)
    }

    /// The procedures waiting for the end of a period, each named once.
    pub(super) fn waiting_for_end(&self, period: Period) -> Vec<String> {
        let mut out: Vec<String> = vec![];
        for p in &self.pending {
            if let Waiting::End {
                period: q,
                paragraph: Some(id),
                ..
            } = p.waiting
            {
                if q == period && !out.iter().any(|o| o == id) {
                    out.push(id.to_string());
                }
            }
        }
        out
    }
}
