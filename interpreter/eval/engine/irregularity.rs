use super::*;

/// Whose obligations an act may end (`Table::settle_ends`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Holders {
    /// The player who acted.
    Actor,
    /// Every other player.
    Others,
}

/// The place of an act's kind among the kinds triggers name (`compile::watchers`).
fn act_kind(act: Act) -> usize {
    let trigger = match act {
        Act::Call => TriggerKind::Call,
        Act::Change => TriggerKind::Change,
        Act::Question => TriggerKind::Question,
        Act::Play => TriggerKind::Play,
        Act::Exposure(how) => TriggerKind::Exposure(how),
        Act::Withdrawal => TriggerKind::Withdrawal,
        Act::TrickQuitted => TriggerKind::TrickQuitted,
        Act::Supply => TriggerKind::Supply,
        Act::Claim => TriggerKind::Claim,
        Act::LeadTurn => TriggerKind::LeadTurn,
    };
    crate::compile::watchers::act_kind(&trigger).expect("an act is no breach")
}

/// Whether an irregularity of this trigger watches `act` (with the obligations it breaches).
fn watches(kind: &TriggerKind, act: Act, breaches: &[Rc<str>]) -> bool {
    match kind {
        TriggerKind::Call => act == Act::Call,
        TriggerKind::Change => act == Act::Change,
        TriggerKind::Question => act == Act::Question,
        TriggerKind::Play => act == Act::Play,
        TriggerKind::Withdrawal => act == Act::Withdrawal,
        TriggerKind::TrickQuitted => act == Act::TrickQuitted,
        TriggerKind::Supply => act == Act::Supply,
        TriggerKind::Exposure(how) => act == Act::Exposure(*how),
        TriggerKind::Claim => act == Act::Claim,
        TriggerKind::LeadTurn => act == Act::LeadTurn,
        TriggerKind::Breach(ob) => breaches.iter().any(|b| **b == *ob.name),
    }
}

impl<'a> Table<'a> {
    /// Check the obligations of `seat` kept or broken by this call or card; return the
    /// names of those broken. `lead`: the card leads to a trick.
    pub(super) fn check_obligations(
        &mut self,
        seat: Seat,
        x: &Value,
        on_play: bool,
        lead: bool,
    ) -> Result<Vec<Rc<str>>, Fail> {
        let view = self.view();
        // First what this act keeps and breaks, then what a breach yields to (50D1(b)),
        // then the statuses.
        let mut judged: Vec<(usize, bool)> = vec![];
        let book = self.book;
        // Read first, changed only where something changes: the view of the table is kept
        // while its parts are unchanged (`Watched`).
        for i in 0..self.obligations.len() {
            let o = &self.obligations[i];
            if o.holder != seat || o.status != "in force" {
                continue;
            }
            let decl = &book.obligations[&*o.name];
            if decl.on_play != on_play {
                continue;
            }
            // 50D2(a): a requirement for the holder's next lead; a card he plays to a trick
            // another led (partner's lead out of turn accepted) is no lead, and leaves it in
            // force for his next (60A3, HU 1701: "a kötelezettség a következő menetekre
            // továbbra is érvényben marad").
            if o.duration == Duration::NextLead && !lead {
                continue;
            }
            // 26B: a prohibition while on lead starts at the holder's first lead and ends
            // when he plays to a trick someone else led.
            if o.duration == Duration::WhileOnLead {
                if !lead {
                    if o.started {
                        self.obligations.change()[i].status = "ended";
                    }
                    continue;
                }
                if !o.started {
                    self.obligations.change()[i].started = true;
                }
            }
            let o = &self.obligations[i];
            let kept =
                self.ev
                    .eval_bool(&decl.keeps, &mut obl_env(decl, &o.args, seat, x), &view)?;
            judged.push((i, kept));
        }
        let mut yielded = vec![];
        for &(i, kept) in &judged {
            let o = &self.obligations[i];
            let decl = &self.book.obligations[&*o.name];
            let Some(y) = decl.yields.as_ref().filter(|_| !kept) else {
                continue;
            };
            let card = self
                .ev
                .eval(&y.card, &mut obl_env(decl, &o.args, seat, x), &view)?;
            for &(j, _) in &judged {
                let other = &self.obligations[j];
                if j == i || !y.to.iter().any(|t| *t.name == *other.name) {
                    continue;
                }
                let od = &self.book.obligations[&*other.name];
                if !self.ev.eval_bool(
                    &od.keeps,
                    &mut obl_env(od, &other.args, seat, &card),
                    &view,
                )? {
                    yielded.push(i);
                    break;
                }
            }
        }
        let mut breaches: Vec<Rc<str>> = vec![];
        for (i, kept) in judged {
            let kept = kept || yielded.contains(&i);
            let o = &mut self.obligations.change()[i];
            let decl = &self.book.obligations[&*o.name];
            if !kept {
                breaches.push(o.name.clone());
                o.breaches += 1;
                if let Value::Card(c) = x {
                    o.broken_by_card = Some(*c);
                }
            }
            // An obligation for the next turn is discharged by the call, kept or not; one for
            // the rest of the auction stays in force after a breach (37A).
            if matches!(o.duration, Duration::NextTurn | Duration::NextLead) {
                o.status = if kept { "kept" } else { "broken" };
            }
            if let Some(e) = &decl.ends {
                if self
                    .ev
                    .eval_bool(e, &mut obl_env(decl, &o.args, seat, x), &view)?
                {
                    o.status = if o.breaches == 0 { "kept" } else { "broken" };
                }
            }
            // The card that ended it: taken back, it gives the obligation back (`retract`).
            if let (Value::Card(card), true) = (x, o.status != "in force") {
                o.discharged_card = Some((*card, !kept));
            }
        }
        Ok(breaches)
    }

    /// The `at next turn` obligations of `seat` in force: the act at his turn discharges them,
    /// and remembers it (a call or card replaced gives the turn, and them, back).
    pub(super) fn due_at_turn(&self, seat: Seat) -> Vec<usize> {
        (0..self.obligations.len())
            .filter(|i| {
                let o = &self.obligations[*i];
                o.holder == seat && o.status == "in force" && o.duration == Duration::NextTurn
            })
            .collect()
    }

    /// After an act of `seat` that is not a card played (a card supplied to a defective
    /// trick: Law 67), the obligations of his it fulfils end (their `ends` holds); with
    /// `Holders::Others`, after a card `seat` played, the other players' obligations that it
    /// ends (60B: neither defender may play until declarer leads from the correct hand, and
    /// his lead ends it before either defender has played again). Their holders' own cards
    /// are judged, and end them, as they are played (`check_obligations`).
    pub(super) fn settle_ends(
        &mut self,
        seat: Seat,
        x: &Value,
        holders: Holders,
    ) -> Result<(), Fail> {
        let whose = |holder: Seat| (holder == seat) == (holders == Holders::Actor);
        if !self
            .obligations
            .iter()
            .any(|o| whose(o.holder) && o.status == "in force")
        {
            return Ok(());
        }
        let view = self.view();
        for o in self.obligations.change().iter_mut() {
            if !whose(o.holder) || o.status != "in force" {
                continue;
            }
            let decl = &self.book.obligations[&*o.name];
            if let Some(e) = decl.ends.as_ref().filter(|_| decl.on_play) {
                if self
                    .ev
                    .eval_bool(e, &mut obl_env(decl, &o.args, o.holder, x), &view)?
                {
                    o.status = if o.breaches == 0 { "kept" } else { "broken" };
                }
            }
        }
        Ok(())
    }

    /// An act ruled by the law book: each irregularity (or act) it is; if it is none, the
    /// ruling notes that no law of the book governs it. Whether any rule ruled it.
    pub(super) fn rule_or_note(
        &mut self,
        act: Act,
        seat: Seat,
        x: &Value,
        text: String,
        ungoverned: Note,
    ) -> Result<bool, Fail> {
        let found = self.detect(act, seat, x, None, &[])?;
        if found.is_empty() {
            self.notes.push(ungoverned);
            return Ok(false);
        }
        self.rule(found, seat, text)?;
        Ok(true)
    }

    /// The irregularities this act is, each with its bindings.
    pub(super) fn detect(
        &mut self,
        act: Act,
        seat: Seat,
        x: &Value,
        rec: Option<usize>,
        breaches: &[Rc<str>],
    ) -> Result<Vec<(&'a Irregularity, u32, Exec<'a>)>, Fail> {
        let view = self.view();
        let mut found: Vec<(&'a Irregularity, u32, Exec<'a>)> = vec![];
        // What the act is about (the call or conduct a finding would be about), the same for
        // every irregularity; and one set of bindings: the act, its player and what it is
        // about, the same values for every irregularity under the names each trigger gives
        // them, renamed in place for each and handed over only to one that the act is (few
        // acts are any), the `let`s of the one before dropped.
        let about = self.about(rec, x, seat);
        let act_bindings = |decl: &'a Irregularity| -> Env<'a> {
            let mut env = Vec::with_capacity(2 + about.len() + decl.lets.len());
            env.push((decl.trigger.call.name.as_str(), x.clone()));
            env.push((decl.trigger.offender.name.as_str(), Value::Seat(seat)));
            env.extend(about.iter().cloned());
            env
        };
        let mut env: Env<'a> = Vec::new();
        let book = self.book;
        for &i in book.program.watchers.of_kind(act_kind(act)) {
            let info = &book.irregularities[i];
            let decl = &info.decl;
            if !watches(&decl.trigger.kind, act, breaches) {
                continue;
            }
            if env.is_empty() {
                env = act_bindings(decl);
            } else {
                env.truncate(2 + about.len());
                env[0].0 = decl.trigger.call.name.as_str();
                env[1].0 = decl.trigger.offender.name.as_str();
            }
            // The `let`s the `when` names are bound before it is asked; the rest only when
            // the act is the irregularity (most acts are none, and a rectification's `let`s
            // can cost more than the question: `legal_play` walks a hand).
            let (asked, rest) = decl.lets.split_at(info.lets_for_when);
            self.bind_lets(asked, &mut env, &view)?;
            if self.ev.eval_bool(&decl.when, &mut env, &view)? {
                self.bind_lets(rest, &mut env, &view)?;
                let recs = rec
                    .map(|r| vec![(decl.trigger.call.name.as_str(), r)])
                    .unwrap_or_default();
                found.push((
                    decl,
                    info.law,
                    Exec {
                        env: std::mem::take(&mut env),
                        recs,
                        frames: vec![],
                        instance: 0,
                        act: (x.clone(), seat, rec),
                        handed: 0,
                        resumed: None,
                        ruled_when_cancelled: decl.ruled_when_cancelled,
                    },
                ));
            }
        }
        // Each rectification may ask which other irregularities this same act is, to yield
        // to the law that governs (27A2: an insufficient bid out of rotation is Law 31's).
        let detected: Vec<&'a str> = found.iter().map(|(d, _, _)| d.name.name.as_str()).collect();
        for (_, _, exec) in &mut found {
            bind_irregularities(self.book, &mut exec.env, |n| detected.contains(&n));
        }
        Ok(found)
    }

    /// Run the rectification of each irregularity found; all but one must defer.
    pub(super) fn rule(
        &mut self,
        found: Vec<(&'a Irregularity, u32, Exec<'a>)>,
        seat: Seat,
        what: String,
    ) -> Result<(), Fail> {
        if self.rule_by_every(&found, seat, &what)? {
            return Ok(());
        }
        let first_instance = self.irregs.len();
        for (decl, law, _) in &found {
            Arc::make_mut(&mut self.irregs).push(IrregularityRuling {
                act: decl.act,
                name: decl.name.name.as_str().into(),
                law: *law,
                offender: seat,
                call: what.as_str().into(),
                event: self.event,
                dropped: false,
                decisions: vec![],
            });
        }
        let names: Vec<String> = found.iter().map(|(d, _, _)| d.name.name.clone()).collect();
        let mut ran = 0;
        for (k, (decl, _, mut exec)) in found.into_iter().enumerate() {
            exec.instance = first_instance + k;
            let rect = self
                .book
                .irregularities
                .iter()
                .find(|i| i.decl.name.name == decl.name.name)
                .and_then(|i| i.rectify.as_ref());
            let Some(rect) = rect else {
                self.notes.push(Note::NoRectification {
                    irregularity: decl.name.name.clone(),
                });
                continue;
            };
            self.decide(&mut exec, &rect.decision)?;
            let defer = self.run_until_defer(exec)?;
            if self.again.is_some() {
                // The call goes back to be ruled as any call: what the other irregularities of
                // this act would have ruled is ruled then, if they still apply.
                // Dropped in place, not removed: the instances after them, and what waits on
                // this one (16C3's `await director again`), keep their indices.
                let keep = first_instance + k;
                let others = (first_instance..first_instance + names.len()).filter(|&i| i != keep);
                for i in others {
                    let irreg = &mut Arc::make_mut(&mut self.irregs)[i];
                    irreg.dropped = true;
                    irreg.decisions.clear();
                    self.pending.retain(|p| p.exec.instance != i);
                }
                return Ok(());
            }
            if let Some(to) = defer {
                if !names.iter().enumerate().any(|(j, n)| j != k && *n == to) {
                    return Err(Fail::Error {
                        message: Message::plain(format!(
                            "`{}` defers to `{to}`, which this act is not",
                            decl.name.name
                        )),
                        span: Some(rect.span),
                        others: vec![],
                        event: Some(self.event),
                    });
                }
                continue;
            }
            ran += 1;
        }
        if ran > 1 {
            // The message names the call, and a hypothetical call's message is compared.
            probe::give_up();
            return Err(Fail::Error {
                message: Message::plain(format!(
                    "{seat}'s {what} is {} at once, and no rule says which law governs",
                    names.join(" and ")
                )),
                span: None,
                others: vec![],
                event: Some(self.event),
            });
        }
        Ok(())
    }

    /// A rule of `rectify every irregularity` that applies to this act rules it in place of
    /// the irregularities' own rectifications (43B3), under the first irregularity it is.
    /// Whether one applied.
    fn rule_by_every(
        &mut self,
        found: &[(&'a Irregularity, u32, Exec<'a>)],
        seat: Seat,
        what: &str,
    ) -> Result<bool, Fail> {
        let Some((decl, law, first)) = found.iter().find(|(d, _, _)| !d.act) else {
            return Ok(false);
        };
        let view = self.view();
        let mut env = first.env.clone();
        env.push(("offender", Value::Seat(seat)));
        let mut applying: Vec<&'a Rule> = vec![];
        for every in &self.book.every_irregularity {
            for i in self.applying(&every.decision, &mut env, &view)? {
                applying.push(&every.decision.rules[i]);
            }
        }
        let rule = match applying.as_slice() {
            [] => return Ok(false),
            [rule] => *rule,
            [a, b, ..] => return Err(self.both_apply(a, b, " to every irregularity")),
        };
        Arc::make_mut(&mut self.irregs).push(IrregularityRuling {
            act: decl.act,
            name: decl.name.name.as_str().into(),
            law: *law,
            offender: seat,
            call: what.into(),
            event: self.event,
            dropped: false,
            decisions: vec![],
        });
        let mut exec = Exec {
            env,
            recs: first.recs.clone(),
            frames: vec![],
            instance: self.irregs.len() - 1,
            act: first.act.clone(),
            handed: 0,
            resumed: None,
            ruled_when_cancelled: decl.ruled_when_cancelled,
        };
        self.start_rule(&mut exec, rule);
        self.run(exec)?;
        Ok(true)
    }

    /// Rule the act of `from` as the irregularity `name`, which did not detect it: its
    /// rectification runs with its trigger bound to the same call, card or cards.
    pub(super) fn rule_as(&mut self, name: &str, from: &Exec<'a>, span: Span) -> Result<(), Fail> {
        let fail = |message: String| Fail::Error {
            message: Message::plain(message),
            span: Some(span),
            others: vec![],
            event: Some(self.event),
        };
        if from.handed >= 8 {
            return Err(fail(format!(
                "`defer to {name}` hands the act on in a circle"
            )));
        }
        let Some(info) = self
            .book
            .irregularities
            .iter()
            .find(|i| i.decl.name.name == name)
        else {
            return Err(fail(format!("no irregularity is called `{name}`")));
        };
        let decl = &info.decl;
        let (x, seat, rec) = from.act.clone();
        let binds_call = matches!(decl.trigger.kind, TriggerKind::Call | TriggerKind::Change);
        if binds_call != matches!(x, Value::Call(..)) {
            return Err(fail(format!(
                "`{name}` watches a different kind of act than the one deferred to it"
            )));
        }
        let Some(rect) = info.rectify.as_ref() else {
            return Err(fail(format!(
                "the law book has no rectification for `{name}` yet"
            )));
        };
        let mut env: Env<'a> = vec![
            (decl.trigger.call.name.as_str(), x.clone()),
            (decl.trigger.offender.name.as_str(), Value::Seat(seat)),
        ];
        env.extend(self.about(rec, &x, seat));
        let view = self.view();
        self.bind_lets(&decl.lets, &mut env, &view)?;
        // The same act: the same answers to "which irregularities is it".
        bind_irregularities(self.book, &mut env, |n| {
            matches!(
                from.env.iter().rev().find(|(k, _)| *k == n),
                Some((_, Value::Bool(true)))
            )
        });
        let what = self.irregs[from.instance].call.clone();
        Arc::make_mut(&mut self.irregs).push(IrregularityRuling {
            act: decl.act,
            name: decl.name.name.as_str().into(),
            law: info.law,
            offender: seat,
            call: what,
            event: self.event,
            dropped: false,
            decisions: vec![],
        });
        let mut exec = Exec {
            env,
            recs: rec
                .map(|r| vec![(decl.trigger.call.name.as_str(), r)])
                .unwrap_or_default(),
            frames: vec![],
            instance: self.irregs.len() - 1,
            act: (x, seat, rec),
            handed: from.handed + 1,
            resumed: None,
            ruled_when_cancelled: decl.ruled_when_cancelled,
        };
        self.decide(&mut exec, &rect.decision)?;
        self.run(exec)
    }

    /// Binds an irregularity's `let`s in order, each seeing the names bound before it.
    fn bind_lets(
        &self,
        lets: &'a [crate::syntax::ast::Let],
        env: &mut Env<'a>,
        view: &View,
    ) -> Result<(), Fail> {
        for l in lets {
            let v = self.ev.eval(&l.value, env, view)?;
            env.push((l.name.name.as_str(), v));
        }
        Ok(())
    }
}

/// Binds which irregularities the act is (`is`) for its rectification, which may ask (27A2:
/// an insufficient bid out of rotation is Law 31's): each it is, true. One it is not needs no
/// binding: the name of an irregularity that nothing binds reads false (`compile::expr`'s
/// fallback), so only the few it is go in and every name the rectification looks up is found
/// sooner. It is bound false only where the rule binds that name otherwise (a `let` of that
/// name), which the flag hides.
fn bind_irregularities<'a>(book: &'a CompiledBook, env: &mut Env<'a>, is: impl Fn(&str) -> bool) {
    let before = env.len();
    for info in &book.irregularities {
        let n = info.decl.name.name.as_str();
        if is(n) {
            env.push((n, Value::Bool(true)));
        } else if env[..before].iter().any(|(k, _)| *k == n) {
            env.push((n, Value::Bool(false)));
        }
    }
}

/// The names an obligation's expressions see: its parameters, the act and the holder.
pub(super) fn obl_env<'a>(
    decl: &'a crate::syntax::ast::Obligation,
    args: &[Value],
    holder: Seat,
    x: &Value,
) -> Env<'a> {
    let mut env: Env = decl
        .params
        .iter()
        .map(|p| p.name.name.as_str())
        .zip(args.iter().cloned())
        .collect();
    env.push((decl.call.name.as_str(), x.clone()));
    if let Some(h) = &decl.holder {
        env.push((h.name.as_str(), Value::Seat(holder)));
    }
    env
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::ast::Exposure;

    /// Each act is asked about every irregularity its kind of act or a breach may be, in the
    /// book's order; what the index leaves out, the act cannot be. (An exposure's list holds
    /// every way of exposing: `detect` still asks each its own way.)
    #[test]
    fn an_act_is_asked_about_every_irregularity_it_may_be_in_the_books_order() {
        let book = crate::load::bundled_2017();
        let watchers = &book.program.watchers;
        let exposures = [
            Exposure::Exposed,
            Exposure::EarlyLead,
            Exposure::WithPlay,
            Exposure::FifthCard,
            Exposure::Held,
            Exposure::Touched,
            Exposure::Hidden,
            Exposure::Named,
        ];
        let acts = [
            Act::Call,
            Act::Change,
            Act::Question,
            Act::Play,
            Act::Withdrawal,
            Act::TrickQuitted,
            Act::Supply,
            Act::Claim,
            Act::LeadTurn,
        ]
        .into_iter()
        .chain(exposures.map(Act::Exposure));
        let breached: Vec<Rc<str>> = book
            .obligations
            .keys()
            .map(|o| Rc::from(o.as_str()))
            .collect();
        let mut asked_somewhere = vec![false; book.irregularities.len()];
        for act in acts {
            let listed = watchers.of_kind(act_kind(act));
            assert!(listed.windows(2).all(|w| w[0] < w[1]), "{act:?}: in order");
            for (i, info) in book.irregularities.iter().enumerate() {
                // Every obligation breached: an act may be each breach's irregularity.
                let may_be = watches(&info.decl.trigger.kind, act, &breached);
                if may_be {
                    assert!(
                        listed.contains(&i),
                        "{act:?} is not asked about {}",
                        info.decl.name.name
                    );
                    asked_somewhere[i] = true;
                }
            }
        }
        assert!(
            asked_somewhere.iter().all(|a| *a),
            "every irregularity is some act's"
        );
        assert!(watchers.of_kind(act_kind(Act::Call)).len() < book.irregularities.len() / 2);
    }
}
