use super::*;
use crate::syntax::ast::{Expr, ExprKind};

impl<'a> Table<'a> {
    /// Whom an `impose` or a `lift` binds, and the obligation's arguments.
    fn obligation_target(
        &mut self,
        on: &'a Expr,
        args: &'a [Expr],
        env: &mut Env<'a>,
        view: &View,
    ) -> Result<(Seat, Vec<Value>), Fail> {
        let holder = match self.ev.eval(on, env, view)? {
            Value::Seat(s) => s,
            _ => unreachable!("checked: a seat"),
        };
        let mut vals = vec![];
        for a in args {
            vals.push(self.ev.eval(a, env, view)?);
        }
        Ok((holder, vals))
    }

    pub(super) fn applied(&mut self, instance: usize, paragraph: String) {
        let decisions = &self.irregs[instance].decisions;
        // `goto 27B` from an answer that already leads to 27B names it once.
        if decisions.last().is_some_and(|a| a.paragraph == paragraph) {
            return;
        }
        Arc::make_mut(&mut self.irregs)[instance]
            .decisions
            .push(Arc::new(Applied {
                paragraph,
                effects: vec![],
                refers: vec![],
            }));
    }

    /// A paragraph's steps begin: it is named in the ruling (once, if it already is last).
    pub(super) fn enter(&mut self, exec: &mut Exec<'a>, paragraph: &str) {
        self.drop_empty_resumed(exec);
        self.applied(exec.instance, paragraph.to_string());
    }

    /// An enclosing paragraph named again after a nested one, with nothing written under it,
    /// is dropped.
    pub(super) fn drop_empty_resumed(&mut self, exec: &mut Exec<'a>) {
        if let Some(i) = exec.resumed.take() {
            let decisions = &mut Arc::make_mut(&mut self.irregs)[exec.instance].decisions;
            if i + 1 == decisions.len()
                && decisions[i].effects.is_empty()
                && decisions[i].refers.is_empty()
            {
                decisions.pop();
            }
        }
    }

    /// Before a step: if a nested paragraph's steps ended since the enclosing one's last
    /// step, what this step does is written under the enclosing paragraph again (62B's
    /// retraction after 62C1's permissions), not under the nested one.
    pub(super) fn resume(&mut self, exec: &mut Exec<'a>) {
        let Some(q) = exec.frames.iter().rev().find_map(|f| f.paragraph) else {
            return;
        };
        let decisions = &self.irregs[exec.instance].decisions;
        if decisions.last().is_some_and(|a| a.paragraph == q) {
            return;
        }
        self.applied(exec.instance, q.to_string());
        exec.resumed = Some(self.irregs[exec.instance].decisions.len() - 1);
    }

    pub(super) fn effect(&mut self, instance: usize, e: Effect) {
        if let Some(last) = Arc::make_mut(&mut self.irregs)[instance]
            .decisions
            .last_mut()
        {
            Arc::make_mut(last).effects.push(e);
        }
    }

    /// Choose the one rule of a decision that applies and enter its block.
    pub(super) fn decide(&mut self, exec: &mut Exec<'a>, d: &'a Decision) -> Result<(), Fail> {
        let view = self.view();
        let applying = self.applying(d, &mut exec.env, &view)?;
        let rule: &'a Rule = match applying.as_slice() {
            [i] => &d.rules[*i],
            [] => {
                return Err(Fail::Error {
                    message: Message::plain("no rule of this decision applies to the case"),
                    span: Some(d.span),
                    others: vec![],
                    event: Some(self.event),
                })
            }
            [a, b, ..] => return Err(self.both_apply(&d.rules[*a], &d.rules[*b], "")),
        };
        self.start_rule(exec, rule);
        Ok(())
    }

    /// The rule that applies starts: its paragraph is entered, its block is run next.
    pub(super) fn start_rule(&mut self, exec: &mut Exec<'a>, rule: &'a Rule) {
        self.enter(exec, &rule.id.text);
        exec.frames
            .push(Frame::of(&rule.block.steps, &rule.id.text));
    }

    /// Two rules apply where one must: the error names both. `of`: what they are rules of
    /// (" to every irregularity"), empty for one decision.
    pub(super) fn both_apply(&self, a: &Rule, b: &Rule, of: &str) -> Fail {
        Fail::Error {
            message: Message::plain(format!(
                "{} and {} both apply{of}, and neither is an exception to the other",
                a.id.text, b.id.text
            )),
            span: Some(a.id.span),
            others: vec![(b.id.span, format!("{} applies too", b.id.text))],
            event: Some(self.event),
        }
    }

    /// The rules of `d` that apply.
    pub(super) fn applying(
        &self,
        d: &'a Decision,
        env: &mut Env<'a>,
        view: &View,
    ) -> Result<Vec<usize>, Fail> {
        let mut memo: Vec<Option<bool>> = vec![None; d.rules.len()];
        let mut applying = vec![];
        for i in 0..d.rules.len() {
            if self.applies(d, i, &mut memo, env, view, 0)? {
                applying.push(i);
            }
        }
        Ok(applying)
    }

    /// A rule applies if its condition holds and no rule it yields to applies.
    pub(super) fn applies(
        &self,
        d: &'a Decision,
        i: usize,
        memo: &mut Vec<Option<bool>>,
        env: &mut Env<'a>,
        view: &View,
        depth: usize,
    ) -> Result<bool, Fail> {
        if let Some(v) = memo[i] {
            return Ok(v);
        }
        let r = &d.rules[i];
        let mut result = true;
        if depth < d.rules.len() {
            for e in &r.except {
                if let Some(j) = d.rules.iter().position(|x| x.id.text == e.text) {
                    if self.applies(d, j, memo, env, view, depth + 1)? {
                        result = false;
                        break;
                    }
                }
            }
        }
        if result {
            if let Some(w) = &r.when {
                result = self.ev.eval_bool(w, env, view)?;
            }
        }
        memo[i] = Some(result);
        Ok(result)
    }

    pub(super) fn run(&mut self, exec: Exec<'a>) -> Result<(), Fail> {
        match self.run_until_defer(exec)? {
            None => Ok(()),
            Some(to) => Err(self.event_error(Message::plain(format!(
                "a rule defers to `{to}` where no other irregularity is being ruled"
            )))),
        }
    }

    /// Run steps until the rectification ends, waits, or defers to another irregularity.
    pub(super) fn run_until_defer(&mut self, mut exec: Exec<'a>) -> Result<Option<String>, Fail> {
        let mut guard = 0;
        while let Some(frame) = exec.frames.last_mut() {
            guard += 1;
            if guard > 10_000 {
                return Err(self.event_error(Message::plain("a rectification runs in a circle")));
            }
            if frame.next == 0 {
                if let Some(b) = &frame.bind {
                    exec.env.push(b.clone());
                }
            }
            if frame.next >= frame.steps.len() {
                if let Some(f) = exec.frames.pop() {
                    if let Some((name, _)) = f.bind {
                        if let Some(i) = exec.env.iter().rposition(|(n, _)| *n == name) {
                            exec.env.remove(i);
                        }
                    }
                    if f.paragraph.is_some() {
                        self.drop_empty_resumed(&mut exec);
                    }
                    let decisions = &mut Arc::make_mut(&mut self.irregs)[exec.instance].decisions;
                    if let Some(i) = f.procedure {
                        if i + 1 == decisions.len()
                            && decisions[i].effects.is_empty()
                            && decisions[i].refers.is_empty()
                        {
                            decisions.pop();
                        }
                    }
                }
                continue;
            }
            self.resume(&mut exec);
            let frame = exec.frames.last_mut().expect("a frame with steps left");
            let step = &frame.steps[frame.next];
            frame.next += 1;
            let view = self.view();
            let inst = exec.instance;
            match &step.kind {
                StepKind::Choose { option, arms } => {
                    let o = &self.book.options[&option.name];
                    let mut seat_of = |c: &'a Expr| -> Result<Seat, Fail> {
                        match self.ev.eval(c, &mut exec.env, &view)? {
                            Value::Seat(s) => Ok(s),
                            _ => unreachable!("checked: a seat"),
                        }
                    };
                    let chooser = match &o.chooser {
                        Some(c) => Some(seat_of(c)?),
                        None => None,
                    };
                    let mut seconds = vec![];
                    for c in &o.seconds {
                        let s = seat_of(c)?;
                        if Some(s) != chooser && !seconds.contains(&s) {
                            seconds.push(s);
                        }
                    }
                    let mut limited = vec![];
                    for l in &o.limits {
                        let mut by = vec![];
                        for c in &l.by {
                            by.push(seat_of(c)?);
                        }
                        // The tree of a ruling answers an open choice as its chooser.
                        if chooser.is_some_and(|s| !by.contains(&s)) {
                            return Err(Fail::Error {
                                message: Message::plain(format!(
                                    "option `{}`'s chooser may not give its answer `{}`: name him in `only by` or make one of those players the chooser",
                                    o.name.name, l.answer.name
                                )),
                                span: Some(l.span),
                                others: vec![],
                                event: None,
                            });
                        }
                        limited.push((l.answer.name.as_str(), by));
                    }
                    let mut open_until = vec![];
                    for c in &o.open_until {
                        open_until.push(seat_of(c)?);
                    }
                    let asked =
                        chooser.map(|s| self.conduct_now(s, Rc::from(o.name.name.as_str())));
                    if let Some(a) = &asked {
                        Rc::make_mut(self.choices_asked.change()).push(a.clone());
                        Rc::make_mut(self.choices_open.change()).push(a.clone());
                    }
                    self.pending.push(Rc::new(Pending {
                        waiting: Waiting::Choice {
                            option: o,
                            chooser,
                            seconds,
                            answer_given: None,
                            limited,
                            open_until,
                            arms,
                            opened: self.event,
                            asked,
                        },
                        exec,
                    }));
                    return Ok(None);
                }
                StepKind::AwaitCall {
                    var,
                    by,
                    decision,
                    observe,
                } => {
                    let seat = match self.ev.eval(by, &mut exec.env, &view)? {
                        Value::Seat(s) => s,
                        _ => unreachable!("checked: a seat"),
                    };
                    self.pending.push(Rc::new(Pending {
                        waiting: Waiting::Call {
                            var: var.name.as_str(),
                            seat,
                            decision,
                            observe: *observe,
                            since: self.observed_from.unwrap_or(self.calls.len()),
                        },
                        exec,
                    }));
                    return Ok(None);
                }
                StepKind::Decide(d) => self.decide(&mut exec, d)?,
                StepKind::Goto(id, when) => {
                    if let Some(w) = when {
                        if !self.ev.eval_bool(w, &mut exec.env, &view)? {
                            continue;
                        }
                    }
                    let p = &self.book.procedures[&id.text];
                    // A procedure that waits for the end of the auction or of the play, or for
                    // the Director to be called again (16C3), is named when it runs.
                    let (waits, again) = match p.block.steps.as_slice() {
                        [Step {
                            kind: StepKind::AtAuctionEnd(b),
                            ..
                        }] => (Some((Period::Auction, b)), None),
                        [Step {
                            kind: StepKind::AtPlayEnd(b),
                            ..
                        }] => (Some((Period::Play, b)), None),
                        [Step {
                            kind:
                                StepKind::AwaitDirector {
                                    decision,
                                    again: true,
                                },
                            ..
                        }] => (None, Some(decision)),
                        _ => (None, None),
                    };
                    match (waits, again) {
                        (_, Some(decision)) => {
                            let waiting = Exec {
                                frames: vec![],
                                ..exec.clone()
                            };
                            let since = Some(self.since(&exec));
                            self.wait_for_director(waiting, decision, since, Some(&id.text));
                        }
                        (Some((period, b)), _) if !self.is_over(period)? => {
                            self.wait_for_end(&exec, period, &b.steps, Some(&id.text))
                        }
                        // The play its thirteenth trick ended, or the auction ended before the
                        // opening lead: run as the end runs what waits for it, recorded, so that
                        // a correction that reopens the play (62D) or a change of call that
                        // reopens the auction (25A1, 25B1, 21B1) undoes it and it runs again at
                        // the period's next end (24D, 24E: a card exposed after the final pass
                        // by a player who becomes declarer after all).
                        (Some((period, b)), _) if self.may_reopen(period)? => {
                            self.wait_for_end(&exec, period, &b.steps, Some(&id.text));
                            self.run_at_end(period)?;
                        }
                        _ => {
                            self.drop_empty_resumed(&mut exec);
                            let before = self.irregs[inst].decisions.len();
                            self.applied(inst, id.text.clone());
                            let mut frame = Frame::of(&p.block.steps, &id.text);
                            if self.irregs[inst].decisions.len() > before {
                                frame.procedure = Some(before);
                            }
                            exec.frames.push(frame);
                        }
                    }
                }
                StepKind::Refer(ids, when) => {
                    if let Some(w) = when {
                        if !self.ev.eval_bool(w, &mut exec.env, &view)? {
                            continue;
                        }
                    }
                    // A reference has no place in the order of what happens: it goes with
                    // the paragraph's own entry where the paragraph is already named, not
                    // under a repeat of it after a nested paragraph.
                    let here = exec.frames.iter().rev().find_map(|f| f.paragraph);
                    let decisions = &mut Arc::make_mut(&mut self.irregs)[inst].decisions;
                    let before = match exec.resumed {
                        Some(i) if decisions[i].effects.is_empty() => i,
                        _ => decisions.len(),
                    };
                    let at = here
                        .and_then(|q| decisions[..before].iter().rposition(|a| a.paragraph == q))
                        .or(decisions.len().checked_sub(1));
                    if let Some(entry) = at.map(|i| Arc::make_mut(&mut decisions[i])) {
                        // A paragraph cited twice in one decision (by two steps) is listed once.
                        for i in ids {
                            if !entry.refers.contains(&i.text) {
                                entry.refers.push(i.text.clone());
                            }
                        }
                    }
                }
                StepKind::Defer(name) => {
                    self.effect(
                        inst,
                        Effect::DeferredTo {
                            irregularity: name.name.clone(),
                        },
                    );
                    // An irregularity this act also is rules it itself; one it is not ("is
                    // treated as a change of call", 31C) is started here for this act.
                    let detected = exec
                        .env
                        .iter()
                        .rev()
                        .find(|(n, _)| *n == name.name)
                        .is_some_and(|(_, v)| *v == Value::Bool(true));
                    if detected {
                        return Ok(Some(name.name.clone()));
                    }
                    self.rule_as(&name.name, &exec, step.span)?;
                    return Ok(None);
                }
                StepKind::Again {
                    target,
                    in_place_of,
                } => {
                    let named = match &target.kind {
                        ExprKind::Name(n) => exec.try_rec(n),
                        _ => None,
                    };
                    if let Some(rec) = named {
                        self.calls.change().at_mut(rec).status = Status::Pending;
                        if let Some(e) = in_place_of {
                            let Value::Entry(entry) = self.ev.eval(e, &mut exec.env, &view)? else {
                                unreachable!("checked: an entry")
                            };
                            let standing = self.standing_rec(&entry);
                            if let Some(r) =
                                standing.and_then(|r| self.withdraw_rec(inst, r, false))
                            {
                                // What a rectification ruled on the call withdrawn, waiting
                                // for it (27B's replacement), it rules on this one (25A1).
                                self.undo_awaited(r);
                                // The call stands in its place for the rest of this
                                // rectification (25A6 asks who called after it); it is ruled
                                // when the rectification is done.
                                self.revive_obligations(r);
                                self.calls.change().at_mut(rec).pos = self.calls[r].pos;
                                self.calls.change().at_mut(rec).in_place = true;
                                self.calls.change().at_mut(rec).status = Status::Standing;
                            }
                        }
                        self.again = Some(rec);
                    } else {
                        // An entry of the auction, ruled where it stands: the calls before it
                        // are the auction it is ruled in, those after it wait.
                        let Value::Entry(entry) = self.ev.eval(target, &mut exec.env, &view)?
                        else {
                            unreachable!("checked: an entry")
                        };
                        if let Some(rec) = self.standing_rec(&entry) {
                            self.calls.change().at_mut(rec).in_place = true;
                            self.again = Some(rec);
                        }
                    }
                }
                // `stands` of a card variable: a card step.
                StepKind::Stands(v) if exec.card(&v.name).is_some() => {
                    self.card_step(&step.kind, &mut exec, inst, &view)?
                }
                StepKind::Stands(v) | StepKind::Cancel { var: v, .. } => {
                    let rec = exec.rec(&v.name);
                    let (seat, call) = (
                        self.calls[rec].seat,
                        probe::shown(self.calls[rec].call).to_string(),
                    );
                    if let StepKind::Cancel { and_later, .. } = &step.kind {
                        if *and_later {
                            for later in self.cancel_later(rec) {
                                self.lapse_rectifications_of(later, inst, true);
                            }
                        }
                        self.cancel_call(rec);
                        self.effect(
                            inst,
                            Effect::Cancelled {
                                seat,
                                call,
                                and_later: *and_later,
                            },
                        );
                        self.reopen_auction_if_due()?;
                    } else {
                        self.calls.change().at_mut(rec).status = Status::Standing;
                        self.effect(inst, Effect::Stands { seat, call });
                        self.after_call()?;
                    }
                }
                StepKind::DeemedPass(e, when) => {
                    if let Some(w) = when {
                        if !self.ev.eval_bool(w, &mut exec.env, &view)? {
                            continue;
                        }
                    }
                    let seat = match self.ev.eval(e, &mut exec.env, &view)? {
                        Value::Seat(s) => s,
                        _ => unreachable!("checked: a seat"),
                    };
                    let pos = exec
                        .recs
                        .first()
                        .map(|(_, r)| self.calls[*r].pos - 1)
                        .unwrap_or(self.event * 2);
                    self.calls.change().push(CallRec {
                        seat,
                        call: Call::Pass,
                        meaning: Meaning::Natural,
                        number: 0,
                        status: Status::Standing,
                        deemed: true,
                        pos,
                        in_place: false,
                        held: Held::NONE,
                        in_rotation: true,
                        breached: vec![],
                    });
                    for o in self.obligations.change().iter_mut().filter(|o| {
                        o.holder == seat
                            && o.status == "in force"
                            && o.duration == Duration::NextTurn
                    }) {
                        o.status = "kept";
                    }
                    self.effect(inst, Effect::DeemedPass { seat });
                    self.after_call()?;
                }
                StepKind::Lift {
                    obligation,
                    args,
                    on,
                } => {
                    let (holder, vals) = self.obligation_target(on, args, &mut exec.env, &view)?;
                    let mut duration = None;
                    for o in self.obligations.change().iter_mut().filter(|o| {
                        o.holder == holder
                            && *o.name == obligation.name
                            && o.status == "in force"
                            && o.args == vals
                    }) {
                        o.status = "lifted";
                        duration = Some(o.duration);
                    }
                    // Lifting what is not in force changes nothing and says nothing.
                    if let Some(duration) = duration {
                        self.effect(
                            inst,
                            Effect::Lifted {
                                name: obligation.name.clone(),
                                holder,
                                args: vals.iter().map(|v| v.to_string()).collect(),
                                duration,
                            },
                        );
                    }
                }
                StepKind::Impose {
                    obligation,
                    args,
                    on,
                    duration,
                } => {
                    let (holder, vals) = self.obligation_target(on, args, &mut exec.env, &view)?;
                    let paragraph = self.irregs[inst]
                        .decisions
                        .last()
                        .map(|a| a.paragraph.clone())
                        .unwrap_or_default();
                    let dup = self.obligations.iter().any(|o| {
                        o.holder == holder
                            && *o.name == obligation.name
                            && o.duration == *duration
                            && o.status == "in force"
                            && o.args == vals
                    });
                    if !dup {
                        self.note_early_play(inst, &exec, holder, obligation, *duration);
                        self.obligations.change().push(Obl {
                            name: Rc::from(obligation.name.as_str()),
                            holder,
                            args: vals.clone(),
                            duration: *duration,
                            paragraph,
                            status: if self.ended
                                && !self.book.obligations[&*obligation.name].on_play
                            {
                                "ended"
                            } else {
                                "in force"
                            },
                            breaches: 0,
                            started: false,
                            ended_with_auction: self.ended
                                && !self.book.obligations[&*obligation.name].on_play,
                            ended_with_play: false,
                            discharged_by: None,
                            discharged_card: None,
                            broken_by_card: None,
                        });
                    }
                    self.effect(
                        inst,
                        Effect::Obligation {
                            name: obligation.name.clone(),
                            holder,
                            args: vals.iter().map(|v| v.to_string()).collect(),
                            duration: *duration,
                        },
                    );
                }
                StepKind::NoRectification => self.effect(inst, Effect::NoRectification),
                // Every frame ends as at its last step (its paragraph and procedure closed as
                // they would be); a frame not begun has bound nothing yet.
                StepKind::EndRectification => {
                    for f in exec.frames.iter_mut() {
                        if f.next == 0 {
                            f.bind = None;
                        }
                        f.next = f.steps.len();
                    }
                }
                StepKind::NoIrregularity(named) => {
                    let ruling = &mut Arc::make_mut(&mut self.irregs)[inst];
                    ruling.act = true;
                    if let Some(n) = named {
                        let (_, law) = self.book.act_named(&n.name).expect("checked");
                        ruling.name = n.name.as_str().into();
                        ruling.law = law;
                    }
                }
                StepKind::NoClaim => {
                    if let Some(c) = self.claim.change().as_mut() {
                        c.no_claim = true;
                    }
                }
                StepKind::Redeal => {
                    self.effect(inst, Effect::Redealt);
                    self.redealt = true;
                }
                StepKind::AnswerChoice { option, answer } => {
                    let open = self.pending.iter().position(|p| {
                        matches!(&p.waiting, Waiting::Choice { option: o, .. } if o.name.name == option.name)
                    });
                    if let Some(i) = open {
                        let p = Rc::unwrap_or_clone(self.pending.remove(i));
                        let Waiting::Choice { chooser, .. } = p.waiting else {
                            unreachable!()
                        };
                        self.resolve_choice_by(p, chooser, &answer.name, AnswerHow::ByAct)?;
                    }
                }
                StepKind::NoResult => {
                    self.effect(inst, Effect::NoResult);
                    self.no_result = true;
                    // Nothing is left to choose on a board that gives no result.
                    self.pending.clear();
                    self.choices_open.set(Rc::new(vec![]));
                }
                StepKind::AwaitDirector { decision, again } => {
                    let again = again.then(|| self.since(&exec));
                    self.wait_for_director(exec, decision, again, None);
                    return Ok(None);
                }
                StepKind::Withdraw { entry: e, onwards } => {
                    let Value::Entry(entry) = self.ev.eval(e, &mut exec.env, &view)? else {
                        unreachable!("checked: an entry")
                    };
                    self.withdraw_rec(inst, entry.rec as usize, *onwards);
                }
                StepKind::ForEach { var, list, block } => {
                    let items = match self.ev.eval(list, &mut exec.env, &view)? {
                        Value::List(xs) => xs,
                        _ => unreachable!("checked: a list"),
                    };
                    for x in items.iter().rev() {
                        exec.frames.push(Frame {
                            bind: Some((var.name.as_str(), x.clone())),
                            ..Frame::new(&block.steps)
                        });
                    }
                }
                StepKind::AtAuctionEnd(b) | StepKind::AtPlayEnd(b) => {
                    let period = match step.kind {
                        StepKind::AtAuctionEnd(_) => Period::Auction,
                        _ => Period::Play,
                    };
                    if self.is_over(period)? {
                        exec.frames.push(Frame::new(&b.steps));
                    } else {
                        // The rest of this block goes on now; the steps wait.
                        self.wait_for_end(&exec, period, &b.steps, None);
                    }
                }
                StepKind::Retract(_)
                | StepKind::RestartPlay
                | StepKind::RestoreDeal
                | StepKind::LeadFrom(_)
                | StepKind::PlayCard { .. }
                | StepKind::Place { .. }
                | StepKind::Award { .. }
                | StepKind::Transfer { .. } => {
                    self.card_step(&step.kind, &mut exec, inst, &view)?
                }
                StepKind::SetFact(f) => {
                    let name: Rc<str> = Rc::from(f.name.as_str());
                    if !self.facts.contains(&name) {
                        self.facts.change().push(name);
                    }
                    self.effect(
                        inst,
                        Effect::FactSet {
                            fact: f.name.clone(),
                        },
                    );
                }
            }
        }
        Ok(None)
    }
}
