//! A case's ruling, and where the case leaves a choice, a finding or a replacement call
//! open, the decision tree: the case replayed once per answer. Replaying from the start for
//! each branch keeps evaluation a pure function of (events, findings).

use super::engine::{Event, Fail, Open, Table};
use super::expr::{AboutWhat, Evaluator, Findings, View};
use super::value::Value;
use crate::case::{Case, PlayRecord};
use crate::compile::CompiledBook;
use crate::messages::Message;
use crate::model::{Call, Meaning, Seat};
use crate::ruling::{
    vulnerability_name, AboutCall, BoardInfo, Branch, Comparison, Contract, Law2Board, Node, Note,
    Outcome, Question, Ruling, Score,
};
use crate::source::Span;
use std::collections::HashMap;
use std::rc::Rc;

/// How many hypothetical events deep the tree goes.
pub const MAX_DEPTH: usize = 3;
/// Steps one replay may take. The longest legal auction (319 calls: three passes, then each of
/// the 35 bids doubled and redoubled with passes between) takes some 6 million.
pub const BUDGET: u64 = 10_000_000;
/// Steps all the replays of one ruling may take together: a decision tree three levels deep
/// with 38 candidate calls at each is some 55,000 replays, which would run for hours on a
/// long auction. The corpus's largest tree (29/open-call-out-of-rotation) takes about 1.7
/// million; the longest legal auction, 6 million a replay.
pub const RULING_BUDGET: u64 = 100_000_000;

/// An error in a case or a law book found while ruling.
#[derive(Clone, Debug)]
pub struct RuleError {
    /// Said in the case's language by the runner.
    pub message: Message,
    /// A span in the law book, or in the case.
    pub span: Option<Span>,
    pub others: Vec<(Span, String)>,
}

struct Ctx<'a> {
    book: &'a CompiledBook,
    case: &'a Case,
    dealer: Seat,
    vulnerable: [bool; 2],
    /// Steps the ruling's replays have taken so far (RULING_BUDGET bounds them).
    spent: std::cell::Cell<u64>,
}

impl<'a> Ctx<'a> {
    /// A table for one replay, with the deal and a replay's step budget, if the ruling has
    /// that much left (a replay cut short would say the evaluation ran out, not why).
    fn table(&self, findings: &'a Findings) -> Result<(Table<'a>, u64), Fail> {
        let left = RULING_BUDGET.saturating_sub(self.spent.get());
        if left < BUDGET {
            return Err(Fail::Error {
                message: Message::new("tree.budget").with("steps", RULING_BUDGET as i64),
                span: None,
                others: vec![],
                event: None,
            });
        }
        let budget = BUDGET;
        let ev = Evaluator::new(self.book, findings, budget);
        let mut table = Table::new(ev, self.dealer, self.vulnerable);
        table.set_deal(self.case.deal.clone());
        Ok((table, budget))
    }

    /// `work` on a fresh table, what it took counted against the ruling's budget whether it
    /// ends well or not (an open finding ends a replay with an error too).
    fn on_table<T>(
        &self,
        findings: &'a Findings,
        work: impl FnOnce(&mut Table<'a>) -> Result<T, Fail>,
    ) -> Result<T, Fail> {
        let (mut table, budget) = self.table(findings)?;
        let result = work(&mut table);
        let used = budget.saturating_sub(table.ev.budget.get());
        self.spent.set(self.spent.get().saturating_add(used));
        result
    }
}

pub fn rule_case(book: &CompiledBook, case: &Case, name: &str) -> Result<Ruling, RuleError> {
    let findings = Findings {
        all: case
            .findings
            .iter()
            .map(|(k, (v, _))| (k.clone(), *v))
            .collect(),
        about: case
            .findings_about
            .iter()
            .map(|(k, n, v, _)| ((k.clone(), *n), *v))
            .collect(),
    };
    // In the case's text order: case.findings is a HashMap, and which unknown finding is
    // reported must not change from run to run.
    let mut given: Vec<_> = case
        .findings
        .iter()
        .map(|(k, (_, span))| (k, span))
        .chain(case.findings_about.iter().map(|(k, _, _, span)| (k, span)))
        .collect();
    given.sort_by_key(|(_, span)| (span.file, span.start));
    for (k, span) in given {
        if !book.findings.contains_key(k) {
            return Err(RuleError {
                message: match crate::suggest::closest(k, book.findings.keys().map(|s| s.as_str()))
                {
                    Some(near) => Message::new("tree.no_finding.near").with("near", near),
                    None => Message::new("tree.no_finding"),
                }
                .with("finding", k),
                span: Some(*span),
                others: vec![],
            });
        }
    }
    let ev = Evaluator::new(book, &findings, BUDGET);
    let empty = View::default();
    let mut law2 = None;
    let (dealer, vulnerable) = match case.board {
        Some((n, span)) => {
            let d = ev
                .call("board_dealer", vec![Value::Int(n as i64)], &empty)
                .map_err(|s| stop(s, span))?;
            let ns = ev
                .call(
                    "board_vulnerable",
                    vec![
                        Value::Int(n as i64),
                        Value::Side(crate::model::Side::NorthSouth),
                    ],
                    &empty,
                )
                .map_err(|s| stop(s, span))?;
            let ew = ev
                .call(
                    "board_vulnerable",
                    vec![
                        Value::Int(n as i64),
                        Value::Side(crate::model::Side::EastWest),
                    ],
                    &empty,
                )
                .map_err(|s| stop(s, span))?;
            match (d, ns, ew) {
                (Value::Seat(d), Value::Bool(ns), Value::Bool(ew)) => {
                    let dealer = case.dealer.unwrap_or(d);
                    let vulnerable = case.vulnerable.unwrap_or([ns, ew]);
                    law2 = ((dealer, vulnerable) != (d, [ns, ew])).then(|| Law2Board {
                        dealer: d,
                        vulnerable: vulnerability_name([ns, ew]).to_string(),
                    });
                    (dealer, vulnerable)
                }
                _ => unreachable!("checked entry points"),
            }
        }
        None => (
            case.dealer.unwrap_or(Seat::North),
            case.vulnerable.unwrap_or([false, false]),
        ),
    };
    let ctx = Ctx {
        spent: std::cell::Cell::new(0),
        book,
        case,
        dealer,
        vulnerable,
    };
    let mut tree = explore(&ctx, &[], &findings, 0)?;
    // A question is shown with the call it is about only when the findings are answered per
    // call: the tree asks it about two calls, or the case answered it for one (item 18).
    let mut asked: HashMap<String, Vec<(usize, Option<String>)>> = HashMap::new();
    questions_about(&tree, &mut asked);
    let per_call: Vec<String> = asked
        .into_iter()
        .filter(|(_, ns)| ns.len() > 1)
        .map(|(k, _)| k)
        .chain(case.findings_about.iter().map(|(k, ..)| k.clone()))
        .collect();
    keep_about(&mut tree, &per_call);
    Ok(Ruling {
        written_in: case.lang,
        case: name.to_string(),
        lawbook: book.name.clone(),
        regulation: book.regulation.as_ref().map(|r| r.name.clone()),
        board: BoardInfo {
            number: case.board.map(|b| b.0),
            dealer,
            vulnerable: vulnerability_name(vulnerable).to_string(),
            law2,
        },
        tree,
    })
}

/// The calls and acts each finding is asked about in the tree, each once.
fn questions_about(node: &Node, out: &mut HashMap<String, Vec<(usize, Option<String>)>>) {
    if let Node::Branch { question, branches } = node {
        if let (true, Some(a)) = (question.kind == "finding", &question.about) {
            let ns = out.entry(question.name.clone()).or_default();
            let key = (a.number, a.act.clone());
            if !ns.contains(&key) {
                ns.push(key);
            }
        }
        for b in branches {
            questions_about(&b.node, out);
        }
    }
}

/// Drop the call a question is about where its finding is answered once for the case.
fn keep_about(node: &mut Node, per_call: &[String]) {
    if let Node::Branch { question, branches } = node {
        if !per_call.contains(&question.name) {
            question.about = None;
        }
        for b in branches {
            keep_about(&mut b.node, per_call);
        }
    }
}

fn stop(s: super::expr::Stop, at: Span) -> RuleError {
    match Fail::from(s) {
        Fail::Error {
            message,
            span,
            others,
            ..
        } => RuleError {
            message,
            span: span.or(Some(at)),
            others,
        },
        Fail::Unknown(f) => RuleError {
            message: Message::new("tree.finding_needed").with("finding", f.name.as_str()),
            span: Some(at),
            others: vec![],
        },
    }
}

fn explore(
    ctx: &Ctx,
    extra: &[Event],
    findings: &Findings,
    depth: usize,
) -> Result<Node, RuleError> {
    match replay(ctx, extra, findings) {
        Err(Fail::Unknown(f)) => {
            let ask = ctx
                .book
                .findings
                .get(&f.name)
                .and_then(|x| x.ask.get(crate::syntax::ast::Lang::En))
                .unwrap_or("")
                .to_string();
            let mut branches = vec![];
            for answer in [true, false] {
                let mut with = findings.clone();
                with.answer(&f, answer);
                branches.push(Branch {
                    answer: if answer { "yes" } else { "no" }.to_string(),
                    calls: vec![],
                    node: explore(ctx, extra, &with, depth)?,
                });
            }
            Ok(Node::Branch {
                question: Question {
                    kind: "finding".into(),
                    name: f.name,
                    who: None,
                    ask,
                    about: f.about.map(|a| AboutCall {
                        number: a.number,
                        seat: a.seat,
                        call: match a.what {
                            AboutWhat::Call(c) => c.to_string(),
                            AboutWhat::Act(_) => String::new(),
                        },
                        act: match a.what {
                            AboutWhat::Call(_) => None,
                            AboutWhat::Act(k) => Some(k.to_string()),
                        },
                    }),
                },
                branches,
            })
        }
        Err(Fail::Error {
            message,
            span,
            others,
            event,
        }) => {
            let span = match (span, event) {
                (Some(s), _) => Some(s),
                (None, Some(i)) => ctx
                    .case
                    .events
                    .get(i - 1)
                    .map(|(_, s)| *s)
                    .or(ctx.case.play_span),
                _ => None,
            };
            if !extra.is_empty() {
                // A hypothetical event the Laws do not provide for: show it as a leaf note.
                let mut o = Outcome::default();
                o.notes.push(Note::Unprovided(message));
                return Ok(Node::Outcome(Box::new(o)));
            }
            Err(RuleError {
                message,
                span,
                others,
            })
        }
        Ok((mut outcome, open)) => {
            let Some(open) = open else {
                return Ok(Node::Outcome(Box::new(outcome)));
            };
            if let Open::Call { seat, due: false } = open {
                outcome.notes.push(Note::Waiting { seat });
                return Ok(Node::Outcome(Box::new(outcome)));
            }
            if depth >= MAX_DEPTH {
                outcome.notes.push(match &open {
                    Open::Choice {
                        seat: Some(seat),
                        option,
                        ..
                    } => Note::OpenChoice {
                        seat: *seat,
                        option: option.to_string(),
                    },
                    Open::Choice {
                        seat: None, option, ..
                    } => Note::OpenDirectorChoice {
                        option: option.to_string(),
                    },
                    Open::Call { seat, .. } => Note::OpenCall { seat: *seat },
                });
                return Ok(Node::Outcome(Box::new(outcome)));
            }
            match open {
                Open::Choice {
                    seat,
                    option,
                    answers,
                } => {
                    let ask = ctx
                        .book
                        .options
                        .get(&option)
                        .and_then(|o| o.ask.get(crate::syntax::ast::Lang::En))
                        .unwrap_or("")
                        .to_string();
                    let mut branches = vec![];
                    for a in answers {
                        let mut more = extra.to_vec();
                        more.push(Event::Answer {
                            seat,
                            answer: a.clone(),
                        });
                        branches.push(Branch {
                            answer: a,
                            calls: vec![],
                            node: explore(ctx, &more, findings, depth + 1)?,
                        });
                    }
                    Ok(Node::Branch {
                        question: Question {
                            kind: "choice".into(),
                            name: option,
                            who: seat,
                            ask,
                            about: None,
                        },
                        branches,
                    })
                }
                Open::Call { seat, .. } => {
                    let mut groups: Vec<(String, Vec<String>, Node)> = vec![];
                    for call in Call::all_legal_forms() {
                        let mut more = extra.to_vec();
                        more.push(Event::Call {
                            seat,
                            call,
                            meaning: Meaning::Natural,
                        });
                        let node = explore(ctx, &more, findings, depth + 1)?;
                        let sig = signature(&node);
                        match groups.iter_mut().find(|g| g.0 == sig) {
                            Some(g) => g.1.push(call.to_string()),
                            None => groups.push((sig, vec![call.to_string()], node)),
                        }
                    }
                    Ok(Node::Branch {
                        question: Question {
                            kind: "call".into(),
                            name: "next_call".into(),
                            who: Some(seat),
                            ask: format!("What does {seat} call next?"),
                            about: None,
                        },
                        branches: groups
                            .into_iter()
                            .map(|(_, calls, node)| Branch {
                                answer: summarize_calls(&calls),
                                calls,
                                node,
                            })
                            .collect(),
                    })
                }
            }
        }
    }
}

/// What distinguishes one hypothetical call's outcome from another's: the paragraphs
/// applied, their effects and the obligations, but not the call itself.
fn signature(node: &Node) -> String {
    match node {
        Node::Outcome(o) => {
            let mut s = String::new();
            for i in &o.irregularities {
                s.push_str(&i.name);
                for d in &i.decisions {
                    s.push_str(&format!("|{}", d.paragraph));
                    for e in &d.effects {
                        let kind = serde_json::to_value(e)
                            .ok()
                            .and_then(|v| v.get("effect").cloned())
                            .unwrap_or_default();
                        s.push_str(&format!(",{kind}"));
                    }
                    s.push_str(&d.refers.join(","));
                }
                s.push(';');
            }
            for ob in &o.obligations {
                s.push_str(&format!(
                    "{}:{}:{:?}:{};",
                    ob.name, ob.holder, ob.duration, ob.status
                ));
            }
            for n in &o.notes {
                s.push_str(&n.to_string());
            }
            s
        }
        Node::Branch { question, branches } => {
            let mut s = format!("?{}{{", question.name);
            for b in branches {
                s.push_str(&format!("{}=>{}/", b.answer, signature(&b.node)));
            }
            s.push('}');
            s
        }
    }
}

fn summarize_calls(calls: &[String]) -> String {
    if calls.len() <= 4 {
        calls.join(", ")
    } else {
        format!(
            "{}, {} … {} ({} calls)",
            calls[0],
            calls[1],
            calls[calls.len() - 1],
            calls.len()
        )
    }
}

/// Replay the case's events, then the hypothetical ones; then the play and the score.
/// Whether `event` answers the question the table has open.
fn answers(open: &Option<Open>, event: &Event) -> bool {
    match (open, event) {
        (Some(Open::Choice { seat, answers, .. }), Event::Answer { seat: s, answer }) => {
            seat == s && answers.contains(answer)
        }
        (Some(Open::Call { seat, .. }), Event::Call { seat: s, .. }) => seat == s,
        _ => false,
    }
}

/// The events before the play replayed on a table with the case's deal.
fn replay_auction(ctx: &Ctx, table: &mut Table) -> Result<(), Fail> {
    let first_of_play = match &ctx.case.play {
        PlayRecord::Events(events) => events.first().map(|(e, _)| e),
        _ => None,
    };
    let events = &ctx.case.events;
    for (i, (e, _)) in events.iter().enumerate() {
        table.feed(e, events.get(i + 1).map(|(e, _)| e).or(first_of_play))?;
    }
    Ok(())
}

/// Where in the play record the hypothetical answers go: before the first card played while
/// their question is open that moves the table past it (answers it, or opens another). A
/// card that leaves the question as it was does not pass it (60C: the offending side's card
/// played before the rectification is ruled by itself, and the choice stays open), and the
/// answers then go after it. `None`: at the end.
fn insertion_point<'a>(
    ctx: &Ctx<'a>,
    extra: &[Event],
    findings: &'a Findings,
) -> Result<Option<usize>, Fail> {
    let (Some(first), PlayRecord::Events(events)) = (extra.first(), &ctx.case.play) else {
        return Ok(None);
    };
    ctx.on_table(findings, |table| first_card_past(ctx, table, first, events))
}

fn first_card_past(
    ctx: &Ctx,
    table: &mut Table,
    first: &Event,
    events: &[(Event, Span)],
) -> Result<Option<usize>, Fail> {
    replay_auction(ctx, table)?;
    for (i, (e, _)) in events.iter().enumerate() {
        let before = table.open()?;
        let candidate = matches!(e, Event::Play { .. }) && answers(&before, first);
        if table.feed(e, events.get(i + 1).map(|(e, _)| e)).is_err() {
            return Ok(candidate.then_some(i));
        }
        if candidate && table.open()? != before {
            return Ok(Some(i));
        }
    }
    Ok(None)
}

fn replay<'a>(
    ctx: &Ctx<'a>,
    extra: &[Event],
    findings: &'a Findings,
) -> Result<(Outcome, Option<Open>), Fail> {
    let insert_at = insertion_point(ctx, extra, findings)?;
    ctx.on_table(findings, |table| replay_on(ctx, table, extra, insert_at))
}

fn replay_on(
    ctx: &Ctx,
    table: &mut Table,
    extra: &[Event],
    insert_at: Option<usize>,
) -> Result<(Outcome, Option<Open>), Fail> {
    replay_auction(ctx, table)?;
    // The hypothetical answers go where the case left their question open: before the play
    // goes on past it, or at the end. A question the play itself answers later (53A: the
    // next player plays to a lead out of turn) is not the one they answer.
    match &ctx.case.play {
        PlayRecord::Events(events) => {
            // The play record with the answers in their place, each event fed knowing the
            // one after it.
            let mut seq: Vec<(&Event, Option<Span>)> =
                events.iter().map(|(e, span)| (e, Some(*span))).collect();
            let at = insert_at.unwrap_or(seq.len());
            seq.splice(at..at, extra.iter().map(|x| (x, None)));
            for (i, (e, span)) in seq.iter().enumerate() {
                let next = seq.get(i + 1).map(|(e, _)| *e);
                table.feed(e, next).map_err(|f| match span {
                    Some(s) => at_span(f, *s),
                    None => f,
                })?;
            }
        }
        PlayRecord::BySeat(_) => {
            feed_all(table, extra)?;
            if table.ended() && table.open()?.is_none() {
                play_by_seat(ctx, table)?;
            }
        }
        PlayRecord::None => feed_all(table, extra)?,
    }
    table.finish()?;
    let open = table.open()?;
    let mut outcome = table.outcome();
    let view = table.view();
    let ev = &table.ev;
    if table.ended() && open.is_none() && !outcome.redealt {
        if let Value::Bool(true) = ev.call("passed_out", vec![], &view)? {
            outcome.passed_out = true;
            let s = int(ev.call("passed_out_score", vec![], &view)?);
            outcome.score = Some(Score {
                declarer_side: s,
                ns: s,
            });
        } else {
            let bid = ev.call("final_bid", vec![], &view)?;
            let risk = int(ev.call("contract_risk", vec![], &view)?);
            let declarer = match ev.call("declarer", vec![], &view)? {
                Value::Seat(s) => s,
                _ => unreachable!("checked entry point"),
            };
            let Value::Call(Call::Bid { level, strain }, _) = bid else {
                return Err(Fail::Error {
                    message: Message::plain(format!("the final bid `{bid}` is not a bid")),
                    span: None,
                    others: vec![],
                    event: None,
                });
            };
            outcome.contract = Some(Contract {
                level,
                strain,
                risk: risk as u8,
                declarer,
                text: format!(
                    "{level}{}{} by {declarer}",
                    strain,
                    match risk {
                        2 => " doubled",
                        4 => " redoubled",
                        _ => "",
                    }
                ),
            });
            // Tricks from the play the table replayed, when complete, after every transfer;
            // else as the case says.
            let tricks = match (table.tricks(), ctx.case.tricks) {
                (Some((after, in_play, 13)), _) => {
                    if after != in_play || outcome.tricks_awarded.is_some() {
                        outcome.tricks_in_play = Some(in_play);
                    }
                    Some(after)
                }
                (_, Some((t, _))) => Some(t),
                _ => None,
            };
            if let Some(t) = tricks {
                outcome.tricks = Some(t);
                let vul = ctx.vulnerable[declarer.side() as usize];
                let s = int(ev.call(
                    "score",
                    vec![
                        Value::Int(level as i64),
                        Value::Strain(strain),
                        Value::Int(risk),
                        Value::Bool(vul),
                        Value::Int(t as i64),
                    ],
                    &view,
                )?);
                let ns = if declarer.side() == crate::model::Side::NorthSouth {
                    s
                } else {
                    -s
                };
                outcome.score = Some(Score {
                    declarer_side: s,
                    ns,
                });
            }
        }
    }
    for (side, fault, session) in &ctx.case.artificial {
        let f = Value::Int(i64::from(*fault));
        let percent = int(ev.call(
            "artificial_percent",
            vec![f.clone(), Value::Int(session.unwrap_or(-1))],
            &view,
        )?);
        let imps = int(ev.call("artificial_imps", vec![f], &view)?);
        outcome.comparisons.push(Comparison::Artificial {
            side: *side,
            fault: *fault,
            percent,
            imps,
        });
    }
    for d in &ctx.case.imps {
        let imps = int(ev.call("imps", vec![Value::Int(*d)], &view)?);
        outcome.comparisons.push(Comparison::Imps {
            difference: *d,
            imps,
        });
    }
    if !ctx.case.total_points.is_empty() {
        let list = Value::List(Rc::new(
            ctx.case
                .total_points
                .iter()
                .map(|o| Value::Int(*o))
                .collect(),
        ));
        let total = int(ev.call("total_points", vec![list], &view)?);
        outcome.comparisons.push(Comparison::Total {
            scores: ctx.case.total_points.clone(),
            total,
        });
    }
    for (score, others) in &ctx.case.matchpoints {
        let list = Value::List(Rc::new(others.iter().map(|o| Value::Int(*o)).collect()));
        let mp = int(ev.call("matchpoints", vec![Value::Int(*score), list], &view)?);
        outcome.comparisons.push(Comparison::Matchpoints {
            score: *score,
            others: others.clone(),
            matchpoints: mp,
            top: 2 * others.len() as i64,
        });
    }
    let mut basis: Vec<String> = ev.used_paragraphs().iter().map(|s| s.to_string()).collect();
    basis.sort_by_key(|p| paragraph_order(p));
    outcome.basis = basis;
    Ok((outcome, open))
}

/// Paragraph ids in the Laws' order: 2A before 17B before 17D3 before 18A.
fn paragraph_order(id: &str) -> (u32, String) {
    let n: String = id.chars().take_while(|c| c.is_ascii_digit()).collect();
    (n.parse().unwrap_or(0), id[n.len()..].to_string())
}

fn int(v: Value) -> i64 {
    match v {
        Value::Int(i) => i,
        _ => unreachable!("checked entry point"),
    }
}

/// A failure of a play event with no place of its own is the play event's.
fn at_span(f: Fail, span: Span) -> Fail {
    match f {
        Fail::Error {
            message,
            span: None,
            others,
            ..
        } => Fail::Error {
            message,
            span: Some(span),
            others,
            event: None,
        },
        other => other,
    }
}

/// Feed events to the table, each knowing the one after it.
fn feed_all(table: &mut Table, events: &[Event]) -> Result<(), Fail> {
    for (i, x) in events.iter().enumerate() {
        table.feed(x, events.get(i + 1))?;
    }
    Ok(())
}

/// Feed a PBN play record to the table, card by card: the table knows whose turn it is
/// (Laws 41A, 44B, 44G), and rules on each card (44C and the obligations in force).
fn play_by_seat(ctx: &Ctx, table: &mut Table) -> Result<(), Fail> {
    let record = &ctx.case.play;
    for t in 0..record.tricks() {
        for _ in 0..4 {
            let seat = table.next_player()?;
            let Some((card, span)) = record.card(t, seat) else {
                return Ok(());
            };
            table
                .feed(&Event::Play { seat: None, card }, None)
                .map_err(|f| at_span(f, span))?;
        }
    }
    Ok(())
}
