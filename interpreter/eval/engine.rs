//! The table: replays a case's events in order. Each call is checked against the
//! obligations in force and the law book's irregularities; an irregularity runs its
//! rectification, a decision tree of paragraphs whose steps change the table (a call stands
//! or is cancelled, an obligation is imposed) and may wait for a later event (a player's
//! choice, the offender's replacement call). What is still waited for when the events run
//! out is reported as open, for `explore` to branch on.

use super::expr::{entries, Env, Evaluator, Stop, View};
use super::value::Value;
use crate::check::LawBook;
use crate::model::{Call, Card, Deal, Hand, Seat, Strain};
use crate::ruling::{
    AnswerHow, Applied, CallLine, Effect, IrregularityRuling, Note, ObligationLine, Outcome,
};
use crate::source::Span;
use crate::syntax::ast::{
    Arm, Decision, Duration, Irregularity, OptionDecl, Rule, Step, StepKind, TriggerKind,
};
use std::rc::Rc;

/// One event of a case, as the table sees it.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    Call {
        seat: Seat,
        call: Call,
        artificial: bool,
    },
    Answer {
        seat: Seat,
        answer: String,
    },
    /// The Director is called and rectifies: what nobody answered takes its default
    /// (36A, 37A, 38D: a call by LHO after this is not a call "before rectification").
    Director,
    /// Cards exposed during the auction, or one led there (`led`) (Law 24).
    Expose {
        seat: Seat,
        cards: Vec<Card>,
        led: bool,
    },
    /// A card played; the table knows whose turn it is.
    Play {
        card: Card,
    },
    /// Calls made at the same moment; the law book says which counts first (Law 33).
    Together(Vec<(Seat, Call, bool)>),
    /// A player asks for a review of the auction or an explanation (Law 20).
    Question {
        seat: Seat,
        kind: String,
    },
    /// A player replaces his last call with another (Law 25, 21B).
    Change {
        seat: Seat,
        call: Call,
        artificial: bool,
    },
}

/// Why a replay could not finish.
#[derive(Clone, Debug)]
pub enum Fail {
    /// A finding the case does not give was needed.
    Unknown(String),
    /// A rule or an event could not be applied; `span` points into the law book when the
    /// fault is there, `event` names the case's event when it is the case's.
    Error {
        message: String,
        span: Option<Span>,
        others: Vec<(Span, String)>,
        event: Option<usize>,
    },
}

impl From<Stop> for Fail {
    fn from(s: Stop) -> Fail {
        match s {
            Stop::Unknown(f) => Fail::Unknown(f),
            Stop::Error { message, span } => Fail::Error {
                message,
                span: Some(span),
                others: vec![],
                event: None,
            },
            Stop::Budget { span } => Fail::Error {
                message: "the evaluation ran out of its step budget".into(),
                span: Some(span),
                others: vec![],
                event: None,
            },
        }
    }
}

/// What a player did, as irregularities see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Act {
    Call,
    Change,
    Question,
    Play,
    Exposure,
    EarlyLead,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    Pending,
    Standing,
    Cancelled,
}

#[derive(Clone, Debug)]
struct CallRec {
    seat: Seat,
    call: Call,
    artificial: bool,
    status: Status,
    deemed: bool,
    /// Order in the auction: events are 2k+1; a pass deemed made before event k is 2k.
    pos: usize,
}

#[derive(Clone, Debug)]
struct Obl {
    name: Rc<str>,
    holder: Seat,
    args: Vec<Value>,
    duration: Duration,
    paragraph: String,
    status: &'static str,
    breaches: u32,
    /// For `while on lead`: the holder has led.
    started: bool,
}

#[derive(Clone)]
struct Frame<'a> {
    steps: &'a [Step],
    next: usize,
    /// A name bound while this frame runs (`for each`): pushed on entry, popped on exit.
    bind: Option<(&'a str, Value)>,
}

impl<'a> Frame<'a> {
    fn new(steps: &'a [Step]) -> Frame<'a> {
        Frame {
            steps,
            next: 0,
            bind: None,
        }
    }
}

/// A rectification in progress: its bindings and where it is in the law book.
#[derive(Clone)]
struct Exec<'a> {
    env: Env<'a>,
    /// Which call record each call variable names.
    recs: Vec<(&'a str, usize)>,
    frames: Vec<Frame<'a>>,
    instance: usize,
    /// The act being ruled (the value the trigger bound, the offender, the call record), so
    /// that it can be ruled as another irregularity (`defer to`).
    act: (Value, Seat, Option<usize>),
    /// How many `defer to` hand-overs led here; bounds a circle of them.
    handed: u8,
}

#[derive(Clone)]
enum Waiting<'a> {
    Choice {
        option: &'a OptionDecl,
        chooser: Seat,
        arms: &'a [Arm],
    },
    Call {
        var: &'a str,
        seat: Seat,
        decision: &'a Decision,
        observe: bool,
    },
    /// Rules that wait until attention is drawn to the irregularity (36A, 36C).
    Director { decision: &'a Decision },
    /// Steps that run when the auction ends (24D, 24E, 26B).
    AuctionEnd {
        steps: &'a [Step],
        /// The procedure these steps are, named in the ruling when they run.
        paragraph: Option<&'a str>,
    },
}

#[derive(Clone)]
struct Pending<'a> {
    waiting: Waiting<'a>,
    exec: Exec<'a>,
}

/// What is still open when the events run out.
#[derive(Clone, Debug, PartialEq)]
pub enum Open {
    Choice {
        seat: Seat,
        option: String,
        answers: Vec<String>,
    },
    Call {
        seat: Seat,
        /// Whether it is that player's turn; if not, others call first and the case has
        /// to say what they call before his call can be explored.
        due: bool,
    },
}

pub struct Table<'a> {
    pub ev: Evaluator<'a>,
    book: &'a LawBook,
    dealer: Seat,
    vulnerable: [bool; 2],
    calls: Vec<CallRec>,
    obligations: Vec<Obl>,
    pending: Vec<Pending<'a>>,
    irregs: Vec<IrregularityRuling>,
    ended: bool,
    event: usize,
    notes: Vec<Note>,
    deal: Option<Deal>,
    play: Option<PlayState>,
    /// A call a rectification sent back to be ruled on again (`again`).
    again: Option<usize>,
}

/// The play in progress.
#[derive(Clone, Debug)]
struct PlayState {
    declarer: Seat,
    strain: Strain,
    hands: [Hand; 4],
    trick: Vec<(Seat, Card)>,
    next: Seat,
    won: u8,
    tricks: u8,
}

impl<'a> Table<'a> {
    pub fn new(ev: Evaluator<'a>, dealer: Seat, vulnerable: [bool; 2]) -> Table<'a> {
        Table {
            book: ev.book,
            ev,
            dealer,
            vulnerable,
            calls: vec![],
            obligations: vec![],
            pending: vec![],
            irregs: vec![],
            ended: false,
            event: 0,
            notes: vec![],
            deal: None,
            play: None,
            again: None,
        }
    }

    pub fn view(&self) -> View {
        let mut standing: Vec<&CallRec> = self
            .calls
            .iter()
            .filter(|c| c.status == Status::Standing)
            .collect();
        standing.sort_by_key(|c| c.pos);
        View {
            auction: entries(standing.iter().map(|c| (c.seat, c.call, c.artificial))),
            dealer: self.dealer,
            vulnerable: self.vulnerable,
            obligations: self
                .obligations
                .iter()
                .filter(|o| o.status == "in force")
                .map(|o| (o.holder, o.name.clone()))
                .collect(),
            trick: Rc::new(
                self.play
                    .as_ref()
                    .map(|p| p.trick.iter().map(|(s, c)| Value::Play(*s, *c)).collect())
                    .unwrap_or_default(),
            ),
            hands: match (&self.play, &self.deal) {
                (Some(p), _) => p.hands,
                (None, Some(d)) => d.hands,
                _ => Default::default(),
            },
        }
    }

    pub fn set_deal(&mut self, deal: Option<Deal>) {
        self.deal = deal;
    }

    /// Tricks won by declarer, once the play has started.
    pub fn tricks_won(&self) -> Option<(u8, u8)> {
        self.play.as_ref().map(|p| (p.won, p.tricks))
    }

    /// The answers of an option that are offered now (those whose condition holds).
    fn offered(&self, option: &'a OptionDecl, exec: &Exec<'a>) -> Result<Vec<String>, Fail> {
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

    pub fn ended(&self) -> bool {
        self.ended
    }

    /// The first thing the table waits for that a case could answer. Steps waiting for
    /// the end of an auction that has not ended are not questions.
    pub fn open(&self) -> Result<Option<Open>, Fail> {
        for p in &self.pending {
            match &p.waiting {
                Waiting::Choice {
                    option, chooser, ..
                } => {
                    return Ok(Some(Open::Choice {
                        seat: *chooser,
                        option: option.name.name.clone(),
                        answers: self.offered(option, &p.exec)?,
                    }))
                }
                Waiting::Call { seat, .. } => {
                    let due = self.ended
                        || self.ev.call("turn", vec![], &self.view())? == Value::Seat(*seat);
                    return Ok(Some(Open::Call { seat: *seat, due }));
                }
                Waiting::AuctionEnd { .. } | Waiting::Director { .. } => {}
            }
        }
        Ok(None)
    }

    /// Settle every open choice that has a default answer: the case has moved on (or ended)
    /// without its chooser answering. `except` keeps the choice this event answers.
    fn settle_defaults(&mut self, except: Option<usize>) -> Result<(), Fail> {
        let mut i = 0;
        while i < self.pending.len() {
            let default = match &self.pending[i].waiting {
                Waiting::Choice {
                    option, chooser, ..
                } if Some(i) != except => {
                    option.default.as_ref().map(|d| (d.name.clone(), *chooser))
                }
                _ => None,
            };
            match default {
                Some((answer, chooser)) => {
                    let p = self.pending.remove(i);
                    self.resolve_choice(p, chooser, &answer, AnswerHow::Default)?;
                    i = 0;
                }
                None => i += 1,
            }
        }
        Ok(())
    }

    /// The case has no more events: settle what has a default.
    pub fn finish(&mut self) -> Result<(), Fail> {
        self.settle_defaults(None)?;
        self.attention()
    }

    /// Attention is drawn: the Director is called (or the case ends). Rules waiting for it
    /// run now.
    fn attention(&mut self) -> Result<(), Fail> {
        while let Some(i) = self
            .pending
            .iter()
            .position(|p| matches!(p.waiting, Waiting::Director { .. }))
        {
            let p = self.pending.remove(i);
            let Waiting::Director { decision } = p.waiting else {
                unreachable!()
            };
            let mut exec = p.exec;
            self.decide(&mut exec, decision)?;
            self.run(exec)?;
        }
        Ok(())
    }

    pub fn feed(&mut self, event: &Event) -> Result<(), Fail> {
        self.event += 1;
        match event {
            Event::Call {
                seat,
                call,
                artificial,
            } => self.feed_call(*seat, *call, *artificial),
            Event::Answer { seat, answer } => self.feed_answer(*seat, answer),
            Event::Director => {
                self.settle_defaults(None)?;
                self.attention()
            }
            Event::Expose { seat, cards, led } => self.feed_exposure(*seat, cards, *led),
            Event::Play { card } => self.feed_play(*card),
            Event::Change {
                seat,
                call,
                artificial,
            } => self.feed_change(*seat, *call, *artificial),
            Event::Question { seat, kind } => {
                let q = Value::Text(Rc::from(kind.as_str()));
                let found = self.detect(Act::Question, *seat, &q, None, &[])?;
                if found.is_empty() {
                    return Ok(());
                }
                self.rule(found, *seat, kind.clone())
            }
            Event::Together(calls) => {
                let mut calls = calls.clone();
                while !calls.is_empty() {
                    let mut first = 0;
                    for j in 1..calls.len() {
                        let view = self.view();
                        let a = Value::Seat(calls[first].0);
                        let b = Value::Seat(calls[j].0);
                        if self.ev.call("first_of_simultaneous", vec![a, b], &view)?
                            == Value::Seat(calls[j].0)
                        {
                            first = j;
                        }
                    }
                    let (seat, call, artificial) = calls.remove(first);
                    self.feed_call(seat, call, artificial)?;
                }
                Ok(())
            }
        }
    }

    fn event_error(&self, message: String) -> Fail {
        Fail::Error {
            message,
            span: None,
            others: vec![],
            event: Some(self.event),
        }
    }

    fn feed_answer(&mut self, seat: Seat, answer: &str) -> Result<(), Fail> {
        // An answer to a later choice passes by the choices that have defaults.
        let answers_now = |t: &Table| {
            t.pending.iter().any(|p| match &p.waiting {
                Waiting::Choice {
                    option, chooser, ..
                } => *chooser == seat && option.answers.iter().any(|a| a.name == answer),
                _ => false,
            })
        };
        if !answers_now(self) {
            self.settle_defaults(None)?;
        }
        let found = self.pending.iter().position(|p| match &p.waiting {
            Waiting::Choice {
                option, chooser, ..
            } => *chooser == seat && option.answers.iter().any(|a| a.name == answer),
            _ => false,
        });
        if let Some(i) = found {
            if let Waiting::Choice { option, .. } = &self.pending[i].waiting {
                let offered = self.offered(option, &self.pending[i].exec)?;
                if !offered.iter().any(|a| a == answer) {
                    return Err(self.event_error(format!(
                        "{seat} may not answer `{answer}` here; the answers offered are {}",
                        offered.join(", ")
                    )));
                }
            }
            // Other choices the case passed by take their defaults first.
            let p = self.pending.remove(i);
            self.settle_defaults(None)?;
            return self.resolve_choice(p, seat, answer, AnswerHow::Chosen);
        }
        {
            let open: Vec<String> = self
                .pending
                .iter()
                .filter_map(|p| match &p.waiting {
                    Waiting::Choice {
                        option, chooser, ..
                    } => Some(format!(
                        "{chooser} may answer {} ({})",
                        option
                            .answers
                            .iter()
                            .map(|a| a.name.as_str())
                            .collect::<Vec<_>>()
                            .join(" or "),
                        option.name.name
                    )),
                    _ => None,
                })
                .collect();
            return Err(self.event_error(format!(
                "{seat} answers `{answer}`, but no choice of {seat}'s is open{}",
                if open.is_empty() {
                    String::new()
                } else {
                    format!(": {}", open.join("; "))
                }
            )));
        }
    }

    fn resolve_choice(
        &mut self,
        p: Pending<'a>,
        who: Seat,
        answer: &str,
        how: AnswerHow,
    ) -> Result<(), Fail> {
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
        self.effect(exec.instance, effect);
        if let Some(id) = &arm.id {
            self.applied(exec.instance, id.text.clone());
        }
        exec.frames.push(Frame::new(&arm.block.steps));
        self.run(exec)?;
        // An answer that sends a call back (25B1: the changed call, accepted) has it ruled
        // now, before whatever comes next.
        if let Some(r) = self.again.take() {
            self.process(r)?;
        }
        Ok(())
    }

    /// A call as made at the table (or as a change of call), pending until it is ruled.
    fn record_call(&mut self, seat: Seat, call: Call, artificial: bool) -> usize {
        self.calls.push(CallRec {
            seat,
            call,
            artificial,
            status: Status::Pending,
            deemed: false,
            pos: self.event * 2 + 1,
        });
        self.calls.len() - 1
    }

    fn feed_call(&mut self, seat: Seat, call: Call, artificial: bool) -> Result<(), Fail> {
        let rec = self.record_call(seat, call, artificial);
        // 1. A call that answers an open choice by being made (27A1: LHO calls = accepts).
        let view = self.view();
        let mut implied = None;
        'outer: for (i, p) in self.pending.iter().enumerate() {
            if let Waiting::Choice { option, .. } = &p.waiting {
                for im in &option.implied {
                    let mut env = p.exec.env.clone();
                    let by = self.ev.eval(&im.by, &mut env, &view)?;
                    if by != Value::Seat(seat) {
                        continue;
                    }
                    if let Some(w) = &im.when {
                        if !self.ev.eval_bool(w, &mut env, &view)? {
                            continue;
                        }
                    }
                    implied = Some((i, im.answer.name.clone()));
                    break 'outer;
                }
            }
        }
        if let Some((i, answer)) = implied {
            let p = self.pending.remove(i);
            self.settle_defaults(None)?;
            self.resolve_choice(p, seat, &answer, AnswerHow::ByCalling)?;
            // 36A: a call that answers by being made may itself be cancelled by the answer.
            if self.calls[rec].status != Status::Pending {
                return Ok(());
            }
        } else {
            self.settle_defaults(None)?;
        }
        // 2. A call that a rectification waits for (27B: the offender's replacement).
        let waited = self
            .pending
            .iter()
            .position(|p| matches!(&p.waiting, Waiting::Call { seat: s, .. } if *s == seat));
        if let Some(i) = waited {
            let p = self.pending.remove(i);
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
            exec.env.push((var, Value::Call(call, artificial)));
            if !observe {
                exec.recs.push((var, rec));
            }
            self.decide(&mut exec, decision)?;
            self.run(exec)?;
            if let Some(r) = self.again.take() {
                return self.process(r);
            }
            // A call the rectification rules on is done with once it stands, is cancelled,
            // or waits on a choice about it (27B4); an observed call goes on as any call.
            if self.calls[rec].status != Status::Pending || self.is_bound(rec) {
                return Ok(());
            }
        }
        // 3. The call as any call: obligations, then irregularities.
        self.process(rec)
    }

    fn process(&mut self, rec: usize) -> Result<(), Fail> {
        let CallRec {
            seat,
            call,
            artificial,
            ..
        } = self.calls[rec].clone();
        let view = self.view();
        // Obligations bind a player at his turn to call ("whenever it is his turn", "at his
        // next turn"); a call out of rotation is ruled as such.
        let at_turn = !self.ended && self.ev.call("turn", vec![], &view)? == Value::Seat(seat);
        let cv = Value::Call(call, artificial);
        let breaches = if at_turn {
            self.check_obligations(seat, &cv, false, false)?
        } else {
            vec![]
        };
        let found = self.detect(Act::Call, seat, &cv, Some(rec), &breaches)?;
        if found.is_empty() {
            self.note_ungoverned(seat, &call.to_string(), &breaches);
            self.calls[rec].status = Status::Standing;
            return self.after_call();
        }
        self.rule(found, seat, call.to_string())?;
        if let Some(r) = self.again.take() {
            return self.process(r);
        }
        if self.calls[rec].status == Status::Pending && !self.is_bound(rec) {
            self.calls[rec].status = Status::Standing;
        }
        self.after_call()
    }

    fn note_ungoverned(&mut self, seat: Seat, what: &str, breaches: &[Rc<str>]) {
        if !breaches.is_empty() {
            self.notes.push(Note::UngovernedBreach {
                seat,
                what: what.to_string(),
                obligations: breaches.iter().map(|b| b.to_string()).collect(),
            });
        }
    }

    /// Check the obligations of `seat` kept or broken by this call or card; return the
    /// names of those broken. `lead`: the card leads to a trick.
    fn check_obligations(
        &mut self,
        seat: Seat,
        x: &Value,
        on_play: bool,
        lead: bool,
    ) -> Result<Vec<Rc<str>>, Fail> {
        let view = self.view();
        let mut breaches: Vec<Rc<str>> = vec![];
        for o in self
            .obligations
            .iter_mut()
            .filter(|o| o.holder == seat && o.status == "in force")
        {
            let decl = &self.book.obligations[&*o.name];
            if decl.on_play != on_play {
                continue;
            }
            // 26B: a prohibition while on lead starts at the holder's first lead and ends
            // when he plays to a trick someone else led.
            if o.duration == Duration::WhileOnLead {
                if !lead {
                    if o.started {
                        o.status = "ended";
                    }
                    continue;
                }
                o.started = true;
            }
            let mut env: Env = decl
                .params
                .iter()
                .map(|p| p.name.name.as_str())
                .zip(o.args.iter().cloned())
                .collect();
            env.push((decl.call.name.as_str(), x.clone()));
            if let Some(h) = &decl.holder {
                env.push((h.name.as_str(), Value::Seat(seat)));
            }
            let kept = self.ev.eval_bool(&decl.keeps, &mut env, &view)?;
            if !kept {
                breaches.push(o.name.clone());
                o.breaches += 1;
            }
            // An obligation for the next turn is discharged by the call, kept or not; one for
            // the rest of the auction stays in force after a breach (37A).
            if o.duration == Duration::NextTurn {
                o.status = if kept { "kept" } else { "broken" };
            }
            if let Some(e) = &decl.ends {
                if self.ev.eval_bool(e, &mut env, &view)? {
                    o.status = if o.breaches == 0 { "kept" } else { "broken" };
                }
            }
        }
        Ok(breaches)
    }

    /// The irregularities this act is, each with its bindings.
    fn detect(
        &mut self,
        act: Act,
        seat: Seat,
        x: &Value,
        rec: Option<usize>,
        breaches: &[Rc<str>],
    ) -> Result<Vec<(&'a Irregularity, u32, Exec<'a>)>, Fail> {
        let view = self.view();
        let mut found: Vec<(&'a Irregularity, u32, Exec<'a>)> = vec![];
        for info in &self.book.irregularities {
            let decl = &info.decl;
            let watches = match &decl.trigger.kind {
                TriggerKind::Call => act == Act::Call,
                TriggerKind::Change => act == Act::Change,
                TriggerKind::Question => act == Act::Question,
                TriggerKind::Play => act == Act::Play,
                TriggerKind::Exposure => act == Act::Exposure,
                TriggerKind::EarlyLead => act == Act::EarlyLead,
                TriggerKind::Breach(ob) => breaches.iter().any(|b| **b == *ob.name),
            };
            if !watches {
                continue;
            }
            let mut env: Env<'a> = vec![
                (decl.trigger.call.name.as_str(), x.clone()),
                (decl.trigger.offender.name.as_str(), Value::Seat(seat)),
            ];
            for l in &decl.lets {
                let v = self.ev.eval(&l.value, &mut env, &view)?;
                env.push((l.name.name.as_str(), v));
            }
            if self.ev.eval_bool(&decl.when, &mut env, &view)? {
                let recs = rec
                    .map(|r| vec![(decl.trigger.call.name.as_str(), r)])
                    .unwrap_or_default();
                found.push((
                    decl,
                    info.law,
                    Exec {
                        env,
                        recs,
                        frames: vec![],
                        instance: 0,
                        act: (x.clone(), seat, rec),
                        handed: 0,
                    },
                ));
            }
        }
        // Each rectification may ask which other irregularities this same act is, to yield
        // to the law that governs (27A2: an insufficient bid out of rotation is Law 31's).
        let detected: Vec<&'a str> = found.iter().map(|(d, _, _)| d.name.name.as_str()).collect();
        for (_, _, exec) in &mut found {
            for info in &self.book.irregularities {
                let n = info.decl.name.name.as_str();
                exec.env.push((n, Value::Bool(detected.contains(&n))));
            }
        }
        Ok(found)
    }

    /// Run the rectification of each irregularity found; all but one must defer.
    fn rule(
        &mut self,
        found: Vec<(&'a Irregularity, u32, Exec<'a>)>,
        seat: Seat,
        what: String,
    ) -> Result<(), Fail> {
        let first_instance = self.irregs.len();
        for (decl, law, _) in &found {
            self.irregs.push(IrregularityRuling {
                name: decl.name.name.clone(),
                law: *law,
                offender: seat,
                call: what.clone(),
                event: self.event,
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
                let keep = first_instance + k;
                let end = first_instance + names.len();
                let mut i = 0;
                self.irregs.retain(|_| {
                    let ok = i < first_instance || i == keep || i >= end;
                    i += 1;
                    ok
                });
                return Ok(());
            }
            if let Some(to) = defer {
                if !names.iter().enumerate().any(|(j, n)| j != k && *n == to) {
                    return Err(Fail::Error {
                        message: format!(
                            "`{}` defers to `{to}`, which this act is not",
                            decl.name.name
                        ),
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
            return Err(Fail::Error {
                message: format!(
                    "{seat}'s {what} is {} at once, and no rule says which law governs",
                    names.join(" and ")
                ),
                span: None,
                others: vec![],
                event: Some(self.event),
            });
        }
        Ok(())
    }

    /// A player replaces his last call (Law 25). The replacement stands only if the law
    /// book's rectification says so; otherwise the first call stands.
    fn feed_change(&mut self, seat: Seat, call: Call, artificial: bool) -> Result<(), Fail> {
        self.settle_defaults(None)?;
        let rec = self.record_call(seat, call, artificial);
        let x = Value::Call(call, artificial);
        let found = self.detect(Act::Change, seat, &x, Some(rec), &[])?;
        if found.is_empty() {
            return Err(self.event_error(format!(
                "{seat} changes his call to {call}, and no irregularity of the law book governs a change of call"
            )));
        }
        self.rule(found, seat, call.to_string())?;
        if let Some(r) = self.again.take() {
            return self.process(r);
        }
        if self.calls[rec].status == Status::Pending && !self.is_bound(rec) {
            self.calls[rec].status = Status::Cancelled;
        }
        self.after_call()
    }

    /// Cards exposed or led during the auction (Law 24).
    fn feed_exposure(&mut self, seat: Seat, cards: &[Card], led: bool) -> Result<(), Fail> {
        self.settle_defaults(None)?;
        if let Some(d) = &self.deal {
            if let Some(c) = cards.iter().find(|c| !d.hand(seat).contains(**c)) {
                return Err(self.event_error(format!("{seat} does not hold {c}")));
            }
        }
        let x = Value::List(Rc::new(cards.iter().map(|c| Value::Card(*c)).collect()));
        let act = if led { Act::EarlyLead } else { Act::Exposure };
        let what = cards
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        let found = self.detect(act, seat, &x, None, &[])?;
        if found.is_empty() {
            self.notes.push(Note::UngovernedExposure { seat, what });
            return Ok(());
        }
        self.rule(found, seat, what)
    }

    /// Start the play: the contract and the opening leader from the law book.
    fn start_play(&mut self) -> Result<(), Fail> {
        if !self.ended {
            return Err(self.event_error("a card is played before the auction has ended".into()));
        }
        let view = self.view();
        if self.ev.call("passed_out", vec![], &view)? == Value::Bool(true) {
            return Err(self.event_error("a card is played on a passed-out board".into()));
        }
        let Some(deal) = self.deal.clone() else {
            return Err(self.event_error("the case gives a play record but no deal".into()));
        };
        let seat = |v: Value| match v {
            Value::Seat(s) => s,
            _ => unreachable!("checked entry point"),
        };
        let declarer = seat(self.ev.call("declarer", vec![], &view)?);
        let strain = match self.ev.call("final_bid", vec![], &view)? {
            Value::Call(Call::Bid { strain, .. }, _) => strain,
            v => return Err(self.event_error(format!("the final bid `{v}` is not a bid"))),
        };
        let next = seat(self.ev.call("opening_leader", vec![], &view)?);
        self.play = Some(PlayState {
            declarer,
            strain,
            hands: deal.hands,
            trick: vec![],
            next,
            won: 0,
            tricks: 0,
        });
        Ok(())
    }

    /// Whose turn it is to play, starting the play if it has not started.
    pub fn next_player(&mut self) -> Result<Seat, Fail> {
        if self.play.is_none() {
            self.start_play()?;
        }
        Ok(self.play.as_ref().unwrap().next)
    }

    fn feed_play(&mut self, card: Card) -> Result<(), Fail> {
        let seat = self.next_player()?;
        let play = self.play.as_ref().unwrap();
        if !play.hands[seat.index()].contains(card) {
            return Err(self.event_error(format!(
                "trick {}: {seat} does not hold {card}",
                play.tricks + 1
            )));
        }
        let lead = play.trick.is_empty();
        let view = self.view();
        let hand: Vec<Value> = play.hands[seat.index()].cards().map(Value::Card).collect();
        let legal = self.ev.call(
            "legal_play",
            vec![
                Value::Card(card),
                Value::List(view.trick.clone()),
                Value::List(Rc::new(hand)),
            ],
            &view,
        )?;
        let x = Value::Card(card);
        let breaches = self.check_obligations(seat, &x, true, lead)?;
        let found = self.detect(Act::Play, seat, &x, None, &breaches)?;
        if legal != Value::Bool(true) && found.is_empty() {
            return Err(self.event_error(format!(
                "trick {}: {seat} plays {card} but could follow suit (Law 44C); revokes are not yet ruled by this law book",
                self.play.as_ref().unwrap().tricks + 1
            )));
        }
        // The card is played; then what it breaks is ruled.
        {
            let play = self.play.as_mut().unwrap();
            play.hands[seat.index()].remove(card);
            play.trick.push((seat, card));
        }
        if found.is_empty() {
            self.note_ungoverned(seat, &card.to_string(), &breaches);
        } else {
            self.rule(found, seat, card.to_string())?;
        }
        let view = self.view();
        let seat_of = |v: Value| match v {
            Value::Seat(s) => s,
            _ => unreachable!("checked entry point"),
        };
        let strain = self.play.as_ref().unwrap().strain;
        if self.play.as_ref().unwrap().trick.len() == 4 {
            let trick = Value::List(view.trick.clone());
            let winner = seat_of(self.ev.call(
                "trick_winner",
                vec![trick.clone(), Value::Strain(strain)],
                &view,
            )?);
            let next = seat_of(self.ev.call(
                "next_leader",
                vec![trick, Value::Strain(strain)],
                &view,
            )?);
            let play = self.play.as_mut().unwrap();
            if winner.side() == play.declarer.side() {
                play.won += 1;
            }
            play.tricks += 1;
            play.trick.clear();
            play.next = next;
        } else {
            let next = seat_of(
                self.ev
                    .call("next_to_play", vec![Value::Seat(seat)], &view)?,
            );
            self.play.as_mut().unwrap().next = next;
        }
        Ok(())
    }

    /// Whether a rectification still waits to rule on this call (27B4: a choice about it).
    fn is_bound(&self, rec: usize) -> bool {
        self.pending.iter().any(|p| {
            !matches!(p.waiting, Waiting::AuctionEnd { .. })
                && p.exec.recs.iter().any(|(_, r)| *r == rec)
        })
    }

    fn after_call(&mut self) -> Result<(), Fail> {
        if !self.ended {
            let view = self.view();
            if let Value::Bool(true) = self.ev.call("auction_ended", vec![], &view)? {
                self.ended = true;
                for o in &mut self.obligations {
                    if o.status == "in force" && !self.book.obligations[&*o.name].on_play {
                        o.status = "ended";
                    }
                }
                // Steps that waited for the end of the auction run now, in order.
                while let Some(i) = self
                    .pending
                    .iter()
                    .position(|p| matches!(p.waiting, Waiting::AuctionEnd { .. }))
                {
                    let p = self.pending.remove(i);
                    let Waiting::AuctionEnd { steps, paragraph } = p.waiting else {
                        unreachable!()
                    };
                    let mut exec = p.exec;
                    if let Some(id) = paragraph {
                        self.applied(exec.instance, id.to_string());
                    }
                    exec.frames.push(Frame {
                        steps,
                        next: 0,
                        bind: None,
                    });
                    self.run(exec)?;
                }
            }
        }
        Ok(())
    }

    fn applied(&mut self, instance: usize, paragraph: String) {
        let decisions = &self.irregs[instance].decisions;
        // `goto 27B` from an answer that already leads to 27B names it once.
        if decisions.last().is_some_and(|a| a.paragraph == paragraph) {
            return;
        }
        self.irregs[instance].decisions.push(Applied {
            paragraph,
            effects: vec![],
            refers: vec![],
        });
    }

    fn effect(&mut self, instance: usize, e: Effect) {
        if let Some(last) = self.irregs[instance].decisions.last_mut() {
            last.effects.push(e);
        }
    }

    /// Choose the one rule of a decision that applies and enter its block.
    fn decide(&mut self, exec: &mut Exec<'a>, d: &'a Decision) -> Result<(), Fail> {
        let view = self.view();
        let mut memo: Vec<Option<bool>> = vec![None; d.rules.len()];
        let mut applying = vec![];
        for i in 0..d.rules.len() {
            if self.applies(d, i, &mut memo, &mut exec.env, &view, 0)? {
                applying.push(i);
            }
        }
        let rule: &'a Rule = match applying.as_slice() {
            [i] => &d.rules[*i],
            [] => {
                return Err(Fail::Error {
                    message: "no rule of this decision applies to the case".into(),
                    span: Some(d.span),
                    others: vec![],
                    event: Some(self.event),
                })
            }
            [a, b, ..] => {
                let (ra, rb) = (&d.rules[*a], &d.rules[*b]);
                return Err(Fail::Error {
                    message: format!(
                        "{} and {} both apply, and neither is an exception to the other",
                        ra.id.text, rb.id.text
                    ),
                    span: Some(ra.id.span),
                    others: vec![(rb.id.span, format!("{} applies too", rb.id.text))],
                    event: Some(self.event),
                });
            }
        };
        self.applied(exec.instance, rule.id.text.clone());
        exec.frames.push(Frame::new(&rule.block.steps));
        Ok(())
    }

    /// A rule applies if its condition holds and no rule it yields to applies.
    fn applies(
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

    fn run(&mut self, exec: Exec<'a>) -> Result<(), Fail> {
        match self.run_until_defer(exec)? {
            None => Ok(()),
            Some(to) => Err(self.event_error(format!(
                "a rule defers to `{to}` where no other irregularity is being ruled"
            ))),
        }
    }

    /// Rule the act of `from` as the irregularity `name`, which did not detect it: its
    /// rectification runs with its trigger bound to the same call, card or cards.
    fn rule_as(&mut self, name: &str, from: &Exec<'a>, span: Span) -> Result<(), Fail> {
        let fail = |message: String| Fail::Error {
            message,
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
        let view = self.view();
        for l in &decl.lets {
            let v = self.ev.eval(&l.value, &mut env, &view)?;
            env.push((l.name.name.as_str(), v));
        }
        // The same act: the same answers to "which irregularities is it".
        for other in &self.book.irregularities {
            let n = other.decl.name.name.as_str();
            let v = from
                .env
                .iter()
                .rev()
                .find(|(k, _)| *k == n)
                .map(|(_, v)| v.clone())
                .unwrap_or(Value::Bool(false));
            env.push((n, v));
        }
        let what = self.irregs[from.instance].call.clone();
        self.irregs.push(IrregularityRuling {
            name: decl.name.name.clone(),
            law: info.law,
            offender: seat,
            call: what,
            event: self.event,
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
        };
        self.decide(&mut exec, &rect.decision)?;
        self.run(exec)
    }

    /// Run steps until the rectification ends, waits, or defers to another irregularity.
    fn run_until_defer(&mut self, mut exec: Exec<'a>) -> Result<Option<String>, Fail> {
        let mut guard = 0;
        while let Some(frame) = exec.frames.last_mut() {
            guard += 1;
            if guard > 10_000 {
                return Err(self.event_error("a rectification runs in a circle".into()));
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
                }
                continue;
            }
            let step = &frame.steps[frame.next];
            frame.next += 1;
            let view = self.view();
            let inst = exec.instance;
            match &step.kind {
                StepKind::Choose { option, arms } => {
                    let o = &self.book.options[&option.name];
                    let chooser = match self.ev.eval(&o.chooser, &mut exec.env, &view)? {
                        Value::Seat(s) => s,
                        _ => unreachable!("checked: a seat"),
                    };
                    self.pending.push(Pending {
                        waiting: Waiting::Choice {
                            option: o,
                            chooser,
                            arms,
                        },
                        exec,
                    });
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
                    self.pending.push(Pending {
                        waiting: Waiting::Call {
                            var: var.name.as_str(),
                            seat,
                            decision,
                            observe: *observe,
                        },
                        exec,
                    });
                    return Ok(None);
                }
                StepKind::Decide(d) => self.decide(&mut exec, d)?,
                StepKind::Goto(id) => {
                    let p = &self.book.procedures[&id.text];
                    // A procedure that waits for the end of the auction is named when it runs.
                    match p.block.steps.as_slice() {
                        [Step {
                            kind: StepKind::AtAuctionEnd(b),
                            ..
                        }] if !self.ended => {
                            let mut waiting = exec.clone();
                            waiting.frames.clear();
                            self.pending.push(Pending {
                                waiting: Waiting::AuctionEnd {
                                    steps: &b.steps,
                                    paragraph: Some(id.text.as_str()),
                                },
                                exec: waiting,
                            });
                        }
                        _ => {
                            self.applied(inst, id.text.clone());
                            exec.frames.push(Frame::new(&p.block.steps));
                        }
                    }
                }
                StepKind::Refer(ids) => {
                    if let Some(last) = self.irregs[inst].decisions.last_mut() {
                        last.refers.extend(ids.iter().map(|i| i.text.clone()));
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
                StepKind::Again(v) => {
                    let rec = exec
                        .recs
                        .iter()
                        .rev()
                        .find(|(n, _)| *n == v.name)
                        .map(|(_, r)| *r)
                        .expect("checked: a call variable");
                    self.calls[rec].status = Status::Pending;
                    self.again = Some(rec);
                }
                StepKind::Stands(v) | StepKind::Cancel { var: v, .. } => {
                    let rec = exec
                        .recs
                        .iter()
                        .rev()
                        .find(|(n, _)| *n == v.name)
                        .map(|(_, r)| *r)
                        .expect("checked: a call variable");
                    let (seat, call) = (self.calls[rec].seat, self.calls[rec].call.to_string());
                    if let StepKind::Cancel { and_later, .. } = &step.kind {
                        let pos = self.calls[rec].pos;
                        if *and_later {
                            for c in self.calls.iter_mut().filter(|c| c.pos > pos) {
                                c.status = Status::Cancelled;
                            }
                        }
                        self.calls[rec].status = Status::Cancelled;
                        self.effect(
                            inst,
                            Effect::Cancelled {
                                seat,
                                call,
                                and_later: *and_later,
                            },
                        );
                    } else {
                        self.calls[rec].status = Status::Standing;
                        self.effect(inst, Effect::Stands { seat, call });
                        self.after_call()?;
                    }
                }
                StepKind::DeemedPass(e) => {
                    let seat = match self.ev.eval(e, &mut exec.env, &view)? {
                        Value::Seat(s) => s,
                        _ => unreachable!("checked: a seat"),
                    };
                    let pos = exec
                        .recs
                        .first()
                        .map(|(_, r)| self.calls[*r].pos - 1)
                        .unwrap_or(self.event * 2);
                    self.calls.push(CallRec {
                        seat,
                        call: Call::Pass,
                        artificial: false,
                        status: Status::Standing,
                        deemed: true,
                        pos,
                    });
                    for o in self.obligations.iter_mut().filter(|o| {
                        o.holder == seat
                            && o.status == "in force"
                            && o.duration == Duration::NextTurn
                    }) {
                        o.status = "kept";
                    }
                    self.effect(inst, Effect::DeemedPass { seat });
                    self.after_call()?;
                }
                StepKind::Impose {
                    obligation,
                    args,
                    on,
                    duration,
                } => {
                    let holder = match self.ev.eval(on, &mut exec.env, &view)? {
                        Value::Seat(s) => s,
                        _ => unreachable!("checked: a seat"),
                    };
                    let mut vals = vec![];
                    for a in args {
                        vals.push(self.ev.eval(a, &mut exec.env, &view)?);
                    }
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
                        self.obligations.push(Obl {
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
                StepKind::AwaitDirector(decision) => {
                    self.pending.push(Pending {
                        waiting: Waiting::Director { decision },
                        exec,
                    });
                    return Ok(None);
                }
                StepKind::Withdraw { entry: e, onwards } => {
                    let Value::Entry(entry) = self.ev.eval(e, &mut exec.env, &view)? else {
                        unreachable!("checked: an entry")
                    };
                    let mut standing: Vec<usize> = (0..self.calls.len())
                        .filter(|i| self.calls[*i].status == Status::Standing)
                        .collect();
                    standing.sort_by_key(|i| self.calls[*i].pos);
                    if let Some(&r) = standing.get(entry.index) {
                        self.calls[r].status = Status::Cancelled;
                        if *onwards {
                            let pos = self.calls[r].pos;
                            for c in self.calls.iter_mut().filter(|c| c.pos > pos) {
                                c.status = Status::Cancelled;
                            }
                        }
                        let (seat, call) = (self.calls[r].seat, self.calls[r].call.to_string());
                        self.effect(
                            inst,
                            Effect::Cancelled {
                                seat,
                                call,
                                and_later: *onwards,
                            },
                        );
                    }
                }
                StepKind::ForEach { var, list, block } => {
                    let items = match self.ev.eval(list, &mut exec.env, &view)? {
                        Value::List(xs) => xs,
                        _ => unreachable!("checked: a list"),
                    };
                    for x in items.iter().rev() {
                        exec.frames.push(Frame {
                            steps: &block.steps,
                            next: 0,
                            bind: Some((var.name.as_str(), x.clone())),
                        });
                    }
                }
                StepKind::AtAuctionEnd(b) => {
                    if self.ended {
                        exec.frames.push(Frame::new(&b.steps));
                    } else {
                        // The rest of this block goes on now; the steps wait.
                        let mut waiting = exec.clone();
                        waiting.frames.clear();
                        self.pending.push(Pending {
                            waiting: Waiting::AuctionEnd {
                                steps: &b.steps,
                                paragraph: None,
                            },
                            exec: waiting,
                        });
                    }
                }
            }
        }
        Ok(None)
    }

    /// The state of the table as ruling data.
    pub fn outcome(&self) -> Outcome {
        let mut calls: Vec<&CallRec> = self.calls.iter().collect();
        calls.sort_by_key(|c| c.pos);
        Outcome {
            irregularities: self.irregs.clone(),
            auction: calls
                .iter()
                .map(|c| CallLine {
                    seat: c.seat,
                    call: c.call.to_string(),
                    status: match (c.status, c.deemed) {
                        (_, true) => "deemed",
                        (Status::Standing, _) => "stands",
                        (Status::Cancelled, _) => "cancelled",
                        (Status::Pending, _) => "pending",
                    }
                    .to_string(),
                })
                .collect(),
            auction_ended: self.ended,
            obligations: self
                .obligations
                .iter()
                .map(|o| ObligationLine {
                    name: o.name.to_string(),
                    holder: o.holder,
                    args: o.args.iter().map(|v| v.to_string()).collect(),
                    duration: o.duration,
                    paragraph: o.paragraph.clone(),
                    status: o.status.to_string(),
                    breaches: o.breaches,
                })
                .collect(),
            notes: self.notes.clone(),
            at_auction_end: self
                .pending
                .iter()
                .filter_map(|p| match p.waiting {
                    Waiting::AuctionEnd { paragraph, .. } => paragraph.map(str::to_string),
                    _ => None,
                })
                .fold(vec![], |mut v: Vec<String>, p| {
                    if !v.contains(&p) {
                        v.push(p);
                    }
                    v
                }),
            ..Default::default()
        }
    }
}
