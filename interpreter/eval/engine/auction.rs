use super::*;

impl<'a> Table<'a> {
    pub(super) fn feed_answer(&mut self, seat: Option<Seat>, answer: &str) -> Result<(), Fail> {
        let who = chooser(seat);
        // The chooser, or another player who may answer too (55A: either defender).
        let may_answer = |w: &Waiting| match w {
            Waiting::Choice {
                option,
                chooser,
                seconds,
                ..
            } => {
                (*chooser == seat || seat.is_some_and(|s| seconds.contains(&s)))
                    && option.answers.iter().any(|a| a.name == answer)
            }
            _ => false,
        };
        // An answer to a later choice passes by the choices that have defaults.
        let answers_now = |t: &Table| t.pending.iter().any(|p| may_answer(&p.waiting));
        // An answer before the opening lead may be to what the start of the play asks
        // (50D2: the opening leader's partner holds a penalty card).
        if !answers_now(self) {
            self.start_play_if_due()?;
        }
        if !answers_now(self) {
            self.settle_defaults(None)?;
        }
        let found = self.pending.iter().position(|p| may_answer(&p.waiting));
        if let Some(i) = found {
            if let Waiting::Choice {
                option, limited, ..
            } = &self.pending[i].waiting
            {
                // 69A: "ak strana súhlasí": agreement is the claimer's opponents', not his
                // partner's, though any of the three may object.
                if let Some((_, by)) = limited.iter().find(|(a, _)| *a == answer) {
                    if !seat.is_some_and(|s| by.contains(&s)) {
                        return Err(self.event_error(
                            Message::new("table.answer.not_by")
                                .with("who", who)
                                .with("answer", Arg::Words("answer", vec![answer.to_string()]))
                                .with("by", Arg::Seats(by.clone())),
                        ));
                    }
                }
                let offered = self.offered(option, &self.pending[i].exec)?;
                if !offered.iter().any(|a| a == answer) {
                    return Err(self.event_error(
                        Message::new("table.answer.not_offered")
                            .with("who", who)
                            .with("answer", Arg::Words("answer", vec![answer.to_string()]))
                            .with("offered", Arg::Words("answer", offered)),
                    ));
                }
            }
            // Another player's answer holds unless the chooser answers otherwise before the
            // case goes on (55A: "Ak sa obrancovia na rozhodnutí nezhodnú, potom má platiť
            // rozhodnutie hráča, ktorý pridáva ako ďalší"). Where the option has a prevailing
            // answer every answer waits so, the prevailing one over the chooser's and his over
            // the others', whatever the order they came in (68D2: any objection is a dispute).
            let mut p = Rc::unwrap_or_clone(self.pending.remove(i));
            if let (
                Waiting::Choice {
                    option,
                    chooser,
                    answer_given,
                    ..
                },
                Some(s),
            ) = (&mut p.waiting, seat)
            {
                let prevailing = option.prevailing.as_ref().map(|a| a.name.as_str());
                if *chooser != seat || prevailing.is_some() {
                    let rank = |w: Seat, a: &str| {
                        if Some(a) == prevailing {
                            2
                        } else if Some(w) == *chooser {
                            1
                        } else {
                            0
                        }
                    };
                    if answer_given
                        .as_ref()
                        .is_none_or(|(w, a)| rank(s, answer) >= rank(*w, a))
                    {
                        *answer_given = Some((s, answer.to_string()));
                    }
                    self.pending.insert(i, Rc::new(p));
                    return Ok(());
                }
            }
            // Other choices the case passed by take their defaults first.
            self.settle_defaults_before(&p)?;
            return self.resolve_choice_by(p, seat, answer, AnswerHow::Chosen);
        }
        {
            // The answers each open choice offers now, as `not_offered` checks them.
            let mut open: Vec<Message> = vec![];
            for p in &self.pending {
                if let Waiting::Choice {
                    option, chooser: c, ..
                } = &p.waiting
                {
                    open.push(
                        Message::new("table.answer.open")
                            .with("who", chooser(*c))
                            .with(
                                "answers",
                                Arg::Words("answer", self.offered(option, &p.exec)?),
                            )
                            .with("option", option.name.name.as_str()),
                    );
                }
            }
            let message = if open.is_empty() {
                Message::new("table.answer.none_open")
            } else {
                Message::new("table.answer.others_open").with("open", Arg::Said(open))
            };
            Err(self.event_error(
                message
                    .with("who", who)
                    .with("answer", Arg::Words("answer", vec![answer.to_string()])),
            ))
        }
    }

    pub(super) fn resolve_choice(
        &mut self,
        p: Pending<'a>,
        who: Seat,
        answer: &str,
        how: AnswerHow,
    ) -> Result<(), Fail> {
        self.resolve_choice_by(p, Some(who), answer, how)
    }

    /// An option answered by its chooser, a player or (`None`) the Director.
    pub(super) fn resolve_choice_by(
        &mut self,
        p: Pending<'a>,
        who: Option<Seat>,
        answer: &str,
        how: AnswerHow,
    ) -> Result<(), Fail> {
        self.close_choice(&p.waiting);
        let Waiting::Choice { option, arms, .. } = p.waiting else {
            unreachable!()
        };
        let mut exec = p.exec;
        let arm = arms
            .iter()
            .find(|a| a.answer.name == answer)
            .expect("the checker makes every answer lead somewhere");
        let effect = Effect::Answer {
            who,
            option: option.name.name.clone(),
            answer: answer.to_string(),
            how,
        };
        let led_meanwhile = if how == AnswerHow::Chosen {
            self.take_back_trick_led_while_held()?
        } else {
            vec![]
        };
        // Under the paragraph that asked the choice, named again when another paragraph of
        // the same irregularity was ruled while it waited (16C3 at a later Director's call).
        self.resume(&mut exec);
        self.effect(exec.instance, effect);
        let mut frame = Frame::new(&arm.block.steps);
        if let Some(id) = &arm.id {
            self.enter(&mut exec, &id.text);
            frame.paragraph = Some(&id.text);
        }
        exec.frames.push(frame);
        self.run(exec)?;
        // An answer that sends a call back (25B1: the changed call, accepted) has it ruled
        // now, before whatever comes next.
        if let Some(r) = self.again.take() {
            self.process(r)?;
        }
        self.release_lead_turn(how == AnswerHow::Chosen)?;
        self.replay_after_answer(led_meanwhile);
        Ok(())
    }

    /// A call as made at the table (or as a change of call), pending until it is ruled.
    pub(super) fn record_call(&mut self, seat: Seat, call: Call, meaning: Meaning) -> usize {
        self.made += 1;
        self.calls.change().push(CallRec {
            number: self.made,
            seat,
            call,
            meaning,
            status: Status::Pending,
            deemed: false,
            pos: self.event * 2 + 1,
            in_place: false,
            held: std::mem::take(&mut self.hold_next),
            in_rotation: false,
            breached: vec![],
        });
        self.calls.len() - 1
    }

    /// The next call recorded is the call a probe follows (`probe`), held under `held`.
    pub fn hold_next_call(&mut self, held: Held) {
        self.hold_next = held;
    }

    /// The open choice that an act of `seat` answers by being made, and the answer: a
    /// call (27A1: LHO calls, and so accepts) or a card (`on_play`, 53A).
    /// With the answer, whether the act gives it as the chooser's deemed pass (28A).
    pub(super) fn implied_answer(
        &self,
        seat: Seat,
        on_play: bool,
    ) -> Result<Option<(usize, String, bool)>, Fail> {
        // Built only for an open choice that an act of this kind may answer: most acts have
        // none, and at a call the table changes again (the call is ruled as pending) before
        // the next question, and a view built here was thrown away.
        let mut view = None;
        for (i, p) in self.pending.iter().enumerate() {
            // Opened by an act of the same moment (`together`): not answered by this one,
            // unless the answer says so (`even together`).
            let same_moment = self.opened_together.iter().any(|q| Rc::ptr_eq(q, p));
            if let Waiting::Choice { option, .. } = &p.waiting {
                for im in option
                    .implied
                    .iter()
                    .filter(|im| im.on_play == on_play && (im.together || !same_moment))
                {
                    let view: &View = view.get_or_insert_with(|| self.view());
                    let mut env = p.exec.env.clone();
                    if self.ev.eval(&im.by, &mut env, view)? != Value::Seat(seat) {
                        continue;
                    }
                    if let Some(w) = &im.when {
                        if !self.ev.eval_bool(w, &mut env, view)? {
                            continue;
                        }
                    }
                    return Ok(Some((i, im.answer.name.clone(), im.by_deemed_pass)));
                }
            }
        }
        Ok(None)
    }

    pub(super) fn feed_call(
        &mut self,
        seat: Seat,
        call: Call,
        meaning: Meaning,
    ) -> Result<(), Fail> {
        let ruled = self.rule_call(seat, call, meaning);
        // Ruled: the rotation is the table's again (`rule_call`).
        if self.calls.frozen_rotation() {
            self.calls.change().freeze_rotation(None);
        }
        ruled
    }

    fn rule_call(&mut self, seat: Seat, call: Call, meaning: Meaning) -> Result<(), Fail> {
        let rec = self.record_call(seat, call, meaning);
        // 1. A call that answers an open choice by being made (27A1: LHO calls = accepts),
        // once the answers given before it hold.
        // What the answer leads to may open a choice the same call answers too (21B2: the
        // partner of the player who changed his call calls, so the left-hand opponent keeps
        // his call; kept, it stands insufficient, and the call over it accepts it, 27A1).
        // And a call may answer two choices open before it (28B with 27A1: the player whose
        // turn it was calls over a call out of rotation and over an insufficient bid).
        self.settle_answered()?;
        let mut answered = false;
        for _ in 0..MAX_ANSWERS_OF_ONE_ACT {
            if !self.answer_by_act(seat, false)? {
                break;
            }
            answered = true;
            // 36A: a call that answers by being made may itself be cancelled by the answer.
            if self.calls[rec].status != Status::Pending {
                return Ok(());
            }
        }
        if !answered {
            // The defaults this call settles are the Director's rulings on what came before
            // it, made after it. A call made at its turn as the auction stands once they are
            // made is in rotation (the offender's substitute for his cancelled inadmissible
            // double, 36B2). One out of rotation either way is judged by the turn when it was
            // made: the rotation as it was then holds while it is ruled (partner's pass at
            // RHO's turn, before the inadmissible double is cancelled, is 30A's, not 30B1's).
            let then = self.calls.in_rotation(None);
            self.settle_defaults(None)?;
            if !Rc::ptr_eq(&then, &self.calls.in_rotation(None))
                && self.ask("turn", vec![])? != Value::Seat(seat)
            {
                self.calls.change().freeze_rotation(Some(then));
            }
        }
        // 2. A call that a rectification waits for (27B: the offender's replacement).
        if self.rule_awaited(seat, rec)? {
            return Ok(());
        }
        // 3. The call as any call: obligations, then irregularities.
        self.process(rec)
    }

    pub(super) fn process(&mut self, rec: usize) -> Result<(), Fail> {
        let CallRec {
            seat,
            call,
            meaning,
            held,
            ..
        } = self.calls[rec].clone();
        self.in_place(rec, |t| t.process_in_view(rec, seat, (call, held), meaning))?;
        self.after_call()
    }

    /// `rule` on call `rec`, pending again: a call made in place of an earlier one is ruled
    /// where it stands, the calls made after that place not yet in the auction it is ruled in
    /// (25A1). Whether it was made at its turn is judged again, without it.
    pub(super) fn in_place<T>(
        &mut self,
        rec: usize,
        rule: impl FnOnce(&mut Self) -> Result<T, Fail>,
    ) -> Result<T, Fail> {
        let (pos, in_place) = (self.calls[rec].pos, self.calls[rec].in_place);
        let c = self.calls.change().at_mut(rec);
        c.status = Status::Pending;
        c.in_rotation = false;
        if in_place {
            self.horizon.set(Some(pos));
        }
        let ruled = rule(self);
        self.horizon.set(None);
        ruled
    }

    /// Ruling a call as any call: obligations, then irregularities.
    fn process_in_view(
        &mut self,
        rec: usize,
        seat: Seat,
        (call, held): (Call, Held),
        meaning: Meaning,
    ) -> Result<(), Fail> {
        // Obligations bind a player at his turn to call ("whenever it is his turn", "at his
        // next turn"); a call out of rotation is ruled as such.
        let at_turn = !self.ended && self.ask("turn", vec![])? == Value::Seat(seat);
        let cv = Value::Call(call, meaning, held);
        let breaches = if at_turn {
            let due = self.due_at_turn(seat);
            let before: Vec<u32> = self.obligations.iter().map(|o| o.breaches).collect();
            let breaches = self.check_obligations(seat, &cv, false, false)?;
            if !breaches.is_empty() {
                let broken = (0..before.len())
                    .filter(|i| self.obligations[*i].breaches > before[*i])
                    .collect();
                self.calls.change().at_mut(rec).breached = broken;
            }
            for i in due {
                if self.obligations[i].status != "in force" {
                    self.obligations.change()[i].discharged_by = Some(rec);
                }
            }
            breaches
        } else {
            vec![]
        };
        let found = self.detect(Act::Call, seat, &cv, Some(rec), &breaches)?;
        if found.is_empty() {
            // The note names the call, and notes are compared: read it (only when there is
            // a note: most calls break nothing).
            if !breaches.is_empty() {
                let what = probe::read(call, held).to_string();
                self.note_ungoverned(seat, &what, &breaches);
            }
            self.calls.change().at_mut(rec).status = Status::Standing;
            return Ok(());
        }
        // The irregularity's call, as text: shown, not compared (`probe::shown`).
        self.rule(found, seat, probe::shown(call).to_string())?;
        // Ruled, a call made at its turn that still awaits a ruling has passed the turn on
        // (17C): its left-hand opponent is the player to call (`calls_in_rotation`).
        if at_turn {
            self.calls.change().at_mut(rec).in_rotation = true;
        }
        if let Some(r) = self.again.take() {
            self.horizon.set(None);
            return self.process(r);
        }
        if self.calls[rec].status == Status::Pending && !self.is_bound(rec) {
            self.calls.change().at_mut(rec).status = Status::Standing;
        }
        Ok(())
    }

    /// `after call x by …` looks at that player's first call that stands once it is ruled:
    /// an illegal call is rectified as usual first, and the call that replaces it (a pass
    /// deemed made, a replacement) is the one looked at (31A, footnote 8, SK 950:
    /// "Neprávoplatná hláška urobená súperom po pravici podlieha náprave ako zvyčajne").
    pub(super) fn resolve_observers(&mut self) -> Result<(), Fail> {
        loop {
            let found = self
                .pending
                .iter()
                .enumerate()
                .find_map(|(i, p)| match &p.waiting {
                    Waiting::Call {
                        seat,
                        observe: true,
                        since,
                        ..
                    } => self
                        .calls
                        .iter()
                        .enumerate()
                        .skip(*since)
                        .filter(|(_, c)| c.seat == *seat && c.status == Status::Standing)
                        .min_by_key(|(_, c)| c.pos)
                        .map(|(r, _)| (i, r)),
                    _ => None,
                });
            let Some((i, rec)) = found else {
                return Ok(());
            };
            let p = Rc::unwrap_or_clone(self.pending.remove(i));
            let Waiting::Call { var, decision, .. } = p.waiting else {
                unreachable!()
            };
            let mut exec = p.exec;
            let c = &self.calls[rec];
            exec.env.push((var, Value::Call(c.call, c.meaning, c.held)));
            let outer = self.observed_from.replace(rec + 1);
            let ruled = self
                .decide(&mut exec, decision)
                .and_then(|()| self.run(exec));
            self.observed_from = outer;
            ruled?;
        }
    }

    pub(super) fn note_ungoverned(&mut self, seat: Seat, what: &str, breaches: &[Rc<str>]) {
        if !breaches.is_empty() {
            self.notes.push(Note::UngovernedBreach {
                seat,
                what: what.to_string(),
                obligations: breaches.iter().map(|b| b.to_string()).collect(),
            });
        }
    }

    /// A player replaces his last call (Law 25). The replacement stands only if the law
    /// book's rectification says so; otherwise the first call stands.
    pub(super) fn feed_change(
        &mut self,
        seat: Seat,
        call: Call,
        meaning: Meaning,
    ) -> Result<(), Fail> {
        // A change of a call not yet in the auction, its rectification waiting for a choice
        // the player's next call answers (27C: an insufficient bid replaced before the
        // Director rules), is that call: the law book rules the replacement there.
        let last = (0..self.calls.len())
            .rev()
            .find(|r| self.calls[*r].seat == seat);
        if let Some(r) = last {
            if self.calls[r].status == Status::Pending
                && self.is_bound(r)
                && self.implied_answer(seat, false)?.is_some()
            {
                return self.feed_call(seat, call, meaning);
            }
        }
        // The changed call's own rectification may still wait: for a choice nobody has made
        // (36B: the Director rectifies an inadmissible double unless LHO calls first) or for
        // the Director (36A). The change comes first, made without pause (25A1), and is ruled
        // with that call as the player's last: the waiting is not settled by this event.
        // A call a rectification has already cancelled (36B1 once the Director ruled, 39A at
        // once) is no longer the player's to change: the law book's change rules read his
        // last call in the auction, which is another (his final pass), so it is refused.
        let cancelled = last.filter(|r| self.calls[*r].status == Status::Cancelled);
        if let Some(r) = cancelled.filter(|r| self.is_bound(*r)) {
            return Err(self.change_of_cancelled(r, call));
        }
        let changed =
            last.filter(|r| self.calls[*r].status != Status::Cancelled && self.is_bound(*r));
        self.settle_defaults(changed)?;
        if let Some(r) = changed.filter(|r| self.calls[*r].status == Status::Pending) {
            self.calls.change().at_mut(r).status = Status::Standing;
        }
        let rec = self.record_call(seat, call, meaning);
        let x = Value::Call(call, meaning, self.calls[rec].held);
        let found = self.detect(Act::Change, seat, &x, Some(rec), &[])?;
        if found.is_empty() {
            if let Some(r) = cancelled {
                return Err(self.change_of_cancelled(r, call));
            }
            return Err(self.event_error(
                Message::new("table.change_ungoverned")
                    .with("seat", seat)
                    .with("call", call),
            ));
        }
        let first = self.irregs.len();
        self.rule(found, seat, call.to_string())?;
        if let Some(r) = changed {
            self.after_change_of(r, first..self.irregs.len());
        }
        if let Some(r) = self.again.take() {
            return self.rule_again(r);
        }
        if self.calls[rec].status == Status::Pending && !self.is_bound(rec) {
            self.calls.change().at_mut(rec).status = Status::Cancelled;
        }
        self.after_call()
    }

    /// A change of call `r`, which a rectification has cancelled: refused, saying so.
    fn change_of_cancelled(&self, r: usize, to: Call) -> Fail {
        let c = &self.calls[r];
        self.event_error(
            Message::new("table.change_of_cancelled")
                .with("seat", c.seat)
                .with("call", to)
                .with("was", probe::shown(c.call)),
        )
    }

    /// After a change of call `r` whose rectification waited, the call still standing: a
    /// choice the change opened (25B: does LHO accept the changed call?) comes before that
    /// rectification's own, for a call over the changed call answers it first, and until it
    /// is answered nothing settles that rectification by default (`changing`). Accepted, the
    /// call is withdrawn and its rectification lapses (`withdraw_rec`).
    fn after_change_of(&mut self, r: usize, change: std::ops::Range<usize>) {
        if self.calls[r].status == Status::Cancelled {
            return;
        }
        let (about, others): (Vec<_>, Vec<_>) = std::mem::take(&mut self.pending)
            .into_iter()
            .partition(|p| p.is_about(r));
        self.pending = others;
        self.pending.extend(about);
        if self
            .pending
            .iter()
            .any(|p| change.contains(&p.exec.instance))
        {
            self.changing.push((r, change));
        }
    }

    /// The changes of call whose ruling no longer waits (`changing`) are forgotten.
    pub(super) fn forget_settled_changes(&mut self) {
        let pending = &self.pending;
        self.changing
            .retain(|(_, change)| pending.iter().any(|p| change.contains(&p.exec.instance)));
    }

    /// Cards exposed: during the auction (Law 24), in the play (48, 49), or played with
    /// another card (58B).
    pub(super) fn feed_exposure(
        &mut self,
        seat: Seat,
        cards: &[Card],
        how: Exposure,
    ) -> Result<(), Fail> {
        self.start_play_if_due()?;
        self.settle_answered()?;
        // In the play, the cards he still holds; before it, the deal. The cards declarer
        // touches (45C3) are dummy's.
        let holder = if how == Exposure::Touched {
            seat.partner()
        } else {
            seat
        };
        let held = match (&*self.play, &*self.deal) {
            (Some(p), _) => Some(p.hands[holder.index()]),
            (None, Some(d)) => Some(d.hand(holder)),
            _ => None,
        };
        if let Some(h) = held {
            if let Some(c) = cards.iter().find(|c| !h.contains(**c)) {
                return Err(self.event_error(
                    Message::new("table.not_held")
                        .with("seat", holder)
                        .with("card", *c),
                ));
            }
        }
        // A card hidden with the one its holder played (58B4) leaves his hand at once: he
        // holds one card too few until a rule takes it back.
        if how == Exposure::Hidden {
            let Some(play) = self
                .play
                .change()
                .as_mut()
                .filter(|p| !p.ended && p.tricks.iter().flatten().any(|r| r.seat == seat))
            else {
                return Err(self.event_error(Message::new("table.hides").with("seat", seat)));
            };
            for c in cards {
                play.hands[seat.index()].remove(*c);
                play.hidden.push((seat, *c));
            }
        }
        let x = Value::List(Rc::new(cards.iter().map(|c| Value::Card(*c)).collect()));
        let act = Act::Exposure(how);
        let what = cards
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        let note = Note::UngovernedExposure {
            seat,
            what: what.clone(),
        };
        self.rule_or_note(act, seat, &x, what, note).map(|_| ())
    }

    /// Calls cancelled or replaced after the final pass (36A, 25A1, 21B1): while the law
    /// book says the auction period is not over (17D1) and no longer finds the auction ended,
    /// the auction goes on; the obligations that ended with it are back in force.
    pub(super) fn reopen_auction_if_due(&mut self) -> Result<(), Fail> {
        if !self.ended || self.auction_still_over()? {
            return Ok(());
        }
        self.ended = false;
        self.undo_auction_end();
        for o in self.obligations.change() {
            if o.ended_with_auction && o.status == "ended" {
                o.status = "in force";
                o.ended_with_auction = false;
            }
        }
        Ok(())
    }

    /// Whether a rectification still waits to rule on this call (27B4: a choice about it).
    pub(super) fn is_bound(&self, rec: usize) -> bool {
        self.pending.iter().any(|p| p.waits_on(rec))
    }

    pub(super) fn after_call(&mut self) -> Result<(), Fail> {
        // A call replaced after the final pass (25A1, 21B1 before the opening lead) may leave
        // the auction not ended.
        self.reopen_auction_if_due()?;
        if !self.ended {
            if let Value::Bool(true) = self.ask("auction_ended", vec![])? {
                self.ended = true;
                for o in self.obligations.change() {
                    if o.status == "in force" && !self.book.obligations[&*o.name].on_play {
                        o.status = "ended";
                        o.ended_with_auction = true;
                    }
                }
                self.run_at_end(Period::Auction)?;
            }
        }
        Ok(())
    }
}

/// Who chooses, for messages: a seat, or the Director.
/// Who answers an option: a player, or the Director.
fn chooser(seat: Option<Seat>) -> Arg {
    match seat {
        Some(s) => Arg::Seat(s),
        None => Message::new("table.director").into(),
    }
}

/// The auction's record changed by a rectification: entries withdrawn, later calls
/// cancelled, and what of their own rectifications waits lapsing.
impl<'a> Table<'a> {
    /// Cancel the call of record `r` (with `onwards`, every later call too), standing or
    /// awaiting its ruling, whose rectification then lapses (15A1: a call made with another
    /// board's cards); the record, if it was not cancelled already.
    pub(super) fn withdraw_rec(&mut self, inst: usize, r: usize, onwards: bool) -> Option<usize> {
        if r >= self.calls.len() || self.calls[r].status == Status::Cancelled {
            return None;
        }
        self.cancel_call(r);
        self.unbreach(r);
        self.lapse_rectifications_of(r, inst, false);
        if onwards {
            for later in self.cancel_later(r) {
                self.lapse_rectifications_of(later, inst, true);
            }
        }
        let (seat, call) = (
            self.calls[r].seat,
            probe::shown(self.calls[r].call).to_string(),
        );
        self.effect(
            inst,
            Effect::Cancelled {
                seat,
                call,
                and_later: onwards,
            },
        );
        Some(r)
    }

    /// A call withdrawn by another rectification (25A1: replaced by the intended call; 25B1:
    /// the change accepted; 25A6: LHO takes back his call; 15A1: made with the cards of
    /// another board, or after such a call) leaves nothing for its own rectification to rule:
    /// what of it still waits (a choice, the Director, the call that replaces it) lapses, and
    /// is shown under it with the law that withdrew the call. `later`: the call goes as one
    /// made after the call cancelled (38B, SK 1003: "spolu s akýmkoľvek následnými hláškami"); an
    /// irregularity `ruled when cancelled` is still rectified then.
    pub(super) fn lapse_rectifications_of(&mut self, r: usize, inst: usize, later: bool) {
        let (seat, law) = (self.calls[r].seat, self.irregs[inst].law);
        self.lapse_waiting(
            |p| {
                let kept = later && p.exec.ruled_when_cancelled;
                p.exec.instance != inst && p.waits_on(r) && !kept
            },
            &Effect::Lapsed { seat, law },
        );
    }

    /// What of a rectification still waits (a choice, a call, the Director; not steps for
    /// the end of a period) and `about` picks lapses: its choice closes, and `why` is shown
    /// under the irregularity it belonged to.
    pub(super) fn lapse_waiting(&mut self, about: impl Fn(&Pending<'a>) -> bool, why: &Effect) {
        let mut i = 0;
        while i < self.pending.len() {
            if about(&self.pending[i]) {
                let p = self.pending.remove(i);
                self.close_choice(&p.waiting);
                self.effect(p.exec.instance, why.clone());
            } else {
                i += 1;
            }
        }
    }

    /// The call record of an entry, if that call stands.
    pub(super) fn standing_rec(&self, entry: &crate::eval::value::Entry) -> Option<usize> {
        let r = entry.rec as usize;
        (r < self.calls.len() && self.calls[r].status == Status::Standing).then_some(r)
    }

    /// Cancel every call after this one in the auction (36A, 17D3); those cancelled.
    pub(super) fn cancel_later(&mut self, rec: usize) -> Vec<usize> {
        let pos = self.calls[rec].pos;
        // A call of the same moment recorded after it is later too (33: a call made together
        // with the call in turn is deemed made after it).
        let later: Vec<usize> = (0..self.calls.len())
            .filter(|&i| {
                (self.calls[i].pos > pos || (self.calls[i].pos == pos && i > rec))
                    && self.calls[i].status != Status::Cancelled
            })
            .collect();
        for &i in &later {
            self.cancel_call(i);
        }
        later
    }
}
