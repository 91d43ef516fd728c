//! The choices the table has open: the answers an option offers now, the first question a
//! case could answer, and the choices settled when the case goes on (the answers given, the
//! defaults).

use super::*;

impl<'a> Table<'a> {
    /// A choice answered or lapsed leaves `choices_open`: kept as a list of its own, not
    /// read from `pending`, so that the view sees it change (a counted part, `view_stamp`).
    pub(super) fn close_choice(&mut self, waiting: &Waiting<'a>) {
        let Waiting::Choice { asked: Some(a), .. } = waiting else {
            return;
        };
        if let Some(i) = self.choices_open.iter().position(|c| c == a) {
            Rc::make_mut(self.choices_open.change()).remove(i);
        }
    }

    /// The answers of an option that are offered now (those whose condition holds).
    pub(super) fn offered(
        &self,
        option: &'a OptionDecl,
        exec: &Exec<'a>,
    ) -> Result<Vec<String>, Fail> {
        let view = self.view();
        let mut out = vec![];
        for (a, cond) in option.answers.iter().zip(&option.answer_when) {
            let ok = match cond {
                None => true,
                Some(c) => self.ev.eval_bool(c, &mut exec.env.clone(), &view)?,
            };
            if ok {
                out.push(a.name.clone());
            }
        }
        Ok(out)
    }

    /// The first thing the table waits for that a case could answer. Steps waiting for
    /// the end of an auction that has not ended are not questions.
    pub fn open(&self) -> Result<Option<Open>, Fail> {
        for p in &self.pending {
            match &p.waiting {
                // A choice with a default, or an answer another player gave, is settled when
                // the case goes on.
                Waiting::Choice {
                    option,
                    answer_given,
                    ..
                } if option.default.is_some() || answer_given.is_some() => {}
                Waiting::Choice {
                    option,
                    chooser,
                    opened,
                    ..
                } => {
                    return Ok(Some(Open::Choice {
                        seat: *chooser,
                        option: option.name.name.clone(),
                        answers: self.offered(option, &p.exec)?,
                        opened: *opened,
                    }))
                }
                Waiting::Call { seat, .. } => {
                    let due = self.ended || self.ask("turn", vec![])? == Value::Seat(*seat);
                    return Ok(Some(Open::Call { seat: *seat, due }));
                }
                Waiting::End { .. } | Waiting::Director { .. } => {}
            }
        }
        Ok(None)
    }

    /// Settle every open choice that has a default answer: the case has moved on (or ended)
    /// without its chooser answering. `sparing` keeps the choices about that call record
    /// open (a change of the call comes first: `feed_change`).
    pub(super) fn settle_defaults(&mut self, sparing: Option<usize>) -> Result<(), Fail> {
        self.settle(sparing, Settling::Defaults)
    }

    /// The players have left the board: `caller` has called on the next deal (`None`: the
    /// round has ended, or all four called). The answers given and the defaults hold, but a
    /// choice that only some players' call closes (`open until next_deal by`, 69A) stays
    /// open when another player called.
    pub(super) fn settle_at_next_deal(&mut self, caller: Option<Seat>) -> Result<(), Fail> {
        self.settle(None, Settling::NextDeal(caller))
    }

    /// Attention is drawn (the Director is called, or the case ends): every default is
    /// settled and every rule waiting for the Director runs, in the order they were opened.
    /// Two irregularities the Director rules together are rectified in the order they were
    /// made: the earlier's rectification (38B's cancelling of every later call) may take
    /// away what the later's would rule on, and the later's must see the table the earlier
    /// left.
    pub(super) fn settle_for_director(&mut self) -> Result<(), Fail> {
        self.settle(None, Settling::Director)
    }

    /// One of the acts made at the same moment (33, 58A: `together`), in the order the law
    /// book gives them; `after_first`: not the first. The choices the acts before it opened
    /// are not answered by its being made: a call or card of the same moment is no call over
    /// another, nor a card played to it (29A's acceptance "by calling", 53A's "pridá k
    /// nesprávnemu výnosu" come after what they accept). Those choices stay open for their
    /// answer, or the next act of their chooser.
    pub(super) fn together<T>(
        &mut self,
        after_first: bool,
        act: impl FnOnce(&mut Self) -> Result<T, Fail>,
    ) -> Result<T, Fail> {
        if !after_first {
            self.opened_together.clear();
        }
        let (done, opened) = self.opened_by(act);
        self.opened_together.extend(opened);
        done
    }

    /// The open choice a call (or, `on_play`, a card) of `seat` answers by being made,
    /// answered, the defaults the case passed by settled first; whether there was one.
    pub(super) fn answer_by_act(&mut self, seat: Seat, on_play: bool) -> Result<bool, Fail> {
        let Some((i, answer, by_deemed_pass)) = self.implied_answer(seat, on_play)? else {
            return Ok(false);
        };
        let p = Rc::unwrap_or_clone(self.pending.remove(i));
        self.settle_defaults_before(&p)?;
        // By a deemed pass (28A), the answer is the chooser's, not the caller's.
        let (who, how) = match (&p.waiting, by_deemed_pass, on_play) {
            (
                Waiting::Choice {
                    chooser: Some(c), ..
                },
                true,
                _,
            ) => (*c, AnswerHow::ByDeemedPass),
            (_, _, true) => (seat, AnswerHow::ByPlaying),
            _ => (seat, AnswerHow::ByCalling),
        };
        self.resolve_choice(p, who, &answer, how)?;
        Ok(true)
    }

    /// Settle the defaults before `p`, taken from the open choices, is answered: when it is
    /// a change of call's (`changing`), the changed call's own rectification still waits.
    pub(super) fn settle_defaults_before(&mut self, p: &Pending<'a>) -> Result<(), Fail> {
        let spared = self
            .changing
            .iter()
            .find(|(_, change)| change.contains(&p.exec.instance))
            .map(|(r, _)| *r);
        self.later_than = Some(p.exec.instance);
        let settled = self.settle_defaults(spared);
        self.later_than = None;
        settled
    }

    /// Settle the choices a player answered while the answer waited for the case to go on
    /// (`answer_given`): before an act looks for the choice it answers by being made, since those
    /// answers came first, and what they lead to may be what the act answers (68D2(b): an
    /// objection, then the play going on).
    pub(super) fn settle_answered(&mut self) -> Result<(), Fail> {
        self.settle(None, Settling::Answered)
    }

    fn settle(&mut self, sparing: Option<usize>, settling: Settling) -> Result<(), Fail> {
        self.forget_settled_changes();
        // What else waits for the Director as he comes (for `await director again`).
        let waiting = if settling == Settling::Director {
            self.waiting_for_the_director()
        } else {
            vec![]
        };
        let mut i = 0;
        while i < self.pending.len() {
            let about = |rec: usize| self.pending[i].is_about(rec);
            let open_for = |open_until: &[Seat]| match settling {
                Settling::NextDeal(Some(caller)) => {
                    !open_until.is_empty() && !open_until.contains(&caller)
                }
                _ => false,
            };
            // A choice about a later act waits: the answer to an earlier one comes first, as
            // the Director rules them in order (56's choice about a lead out of turn before the
            // claim made after it, whose objection's default would rule it at once).
            let spared = sparing.is_some_and(about)
                || self
                    .later_than
                    .is_some_and(|t| self.pending[i].exec.instance > t)
                || self.changing.iter().any(|(rec, _)| about(*rec))
                || matches!(&self.pending[i].waiting, Waiting::Choice { open_until, .. } if open_for(open_until));
            let default = match &self.pending[i].waiting {
                _ if spared => None,
                Waiting::Choice {
                    answer_given: Some((seat, answer)),
                    ..
                } => Some((answer.clone(), Some(*seat), AnswerHow::Chosen)),
                Waiting::Choice {
                    option, chooser, ..
                } if settling != Settling::Answered => option
                    .default
                    .as_ref()
                    .map(|d| (d.name.clone(), *chooser, AnswerHow::Default)),
                Waiting::Director { again, .. } if settling == Settling::Director => {
                    let p = &self.pending[i];
                    // An act the Laws allow (a change for misinformation, 21B1(a)) has no
                    // offender at the table: either side's call or play may be what the
                    // Director is called about (the misinforming side's, 16C2).
                    let side = (!self.irregs[p.exec.instance].act).then(|| p.exec.act.1.side());
                    let later = again.is_some_and(|since| {
                        !self.called_about(since, p.exec.instance, &waiting)
                            || !self.acted_since(since, side)
                    });
                    if later && !*self.finished {
                        // Waits for a later call of the Director than this one, about it.
                        i += 1;
                        continue;
                    }
                    let p = Rc::unwrap_or_clone(self.pending.remove(i));
                    self.run_for_director(p)?;
                    self.forget_settled_changes();
                    i = 0;
                    continue;
                }
                _ => None,
            };
            match default {
                Some((answer, who, how)) => {
                    let p = Rc::unwrap_or_clone(self.pending.remove(i));
                    self.resolve_choice_by(p, who, &answer, how)?;
                    self.forget_settled_changes();
                    i = 0;
                }
                None => i += 1,
            }
        }
        Ok(())
    }
}

/// What `settle` settles.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Settling {
    /// Only the answers given that waited for the case to go on.
    Answered,
    /// Those and every default.
    Defaults,
    /// As `Defaults`, the players having left the board: the seat that called on the next
    /// deal, if one did (`settle_at_next_deal`).
    NextDeal(Option<Seat>),
    /// Those, every default and the rules waiting for the Director.
    Director,
}
