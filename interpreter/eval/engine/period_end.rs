//! Steps that wait for the end of a period (24D, 24E, 26B at the end of the auction; 64 at
//! the end of the play): kept pending with the rectification's bindings, run when it ends.

use super::*;

impl<'a> Table<'a> {
    pub(super) fn is_over(&self, period: Period) -> bool {
        match period {
            Period::Auction => self.ended,
            Period::Play => self.play_ended(),
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
        if paragraph.is_some()
            && self.pending.iter().any(|p| {
                p.exec.instance == exec.instance
                    && matches!(p.waiting, Waiting::End { period: q, paragraph: r, .. } if q == period && r == paragraph)
            })
        {
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

    /// The period has ended: the steps that waited for it run now, in order.
    pub(super) fn run_at_end(&mut self, period: Period) -> Result<(), Fail> {
        while let Some(i) = self
            .pending
            .iter()
            .position(|p| matches!(p.waiting, Waiting::End { period: q, .. } if q == period))
        {
            let p = Rc::unwrap_or_clone(self.pending.remove(i));
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
            self.run(exec)?;
        }
        Ok(())
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
