//! A case's ruling, and where the case leaves a choice, a finding or a replacement call
//! open, the decision tree: the case replayed once per answer. Evaluation stays a pure
//! function of (events, findings): a branch goes on from a copy of the table as its branch
//! point left it (before the last event: a hypothetical one it adds, or the one that asked
//! for a finding it answers), which is the state a replay from the start would reach; only a
//! branch whose answer goes inside the play record, and the findings the case's own events
//! ask, are replayed from the start.

use super::engine::{Event, Fail, Open, Table};
use super::expr::{AboutWhat, Asked, Evaluator, Findings, View};
use super::findings::Guess;
use super::probe;
use super::value::Value;
use crate::case::Case;
use crate::eval::book::CompiledBook;
use crate::messages::{Arg, Message};
use crate::model::{Answer, Call, Meaning, Seat};
use crate::ruling::{
    vulnerability_name, AboutCall, BoardInfo, Branch, Law2Board, Node, Note, Outcome, Question,
    Ruling,
};
use crate::source::Span;
use std::collections::HashMap;

mod calls;
mod replay;
use calls::{call_groups, summarize_calls};
use replay::replay;

/// How many hypothetical events deep the tree goes.
pub const MAX_DEPTH: usize = 3;
/// Steps one replay may take. The longest legal auction (319 calls: three passes, then each of
/// the 35 bids doubled and redoubled with passes between) takes some 340,000 (the compiled
/// code charges a step per call, table lookup and element of a list walked; the reference
/// interpreter, which charges every node, some 960,000).
pub const BUDGET: u64 = 10_000_000;
/// Steps all the replays of one ruling may take together, with what each node is charged
/// besides (`NODE_STEPS`, `RECORD_STEPS`). A node that goes on from its branch point is
/// charged only its own steps, so a tree over the longest legal auction fits (19 nodes,
/// some 3.4 million); one whose nodes are replayed from the start (answers inside a play
/// record) may not, and its branches left then say so.
pub const RULING_BUDGET: u64 = 100_000_000;
/// Steps each node of the tree is charged besides its replay's own: its table (a copy of its
/// branch point's, or a new one) and its place in the tree take memory and time that no
/// evaluation step counts. Without it, a case whose every node asks a finding and takes a
/// few steps (twenty-five changes of call, each with its findings open) made millions of
/// nodes within the budget, 17.6 GB and a minute before it stopped; with it the ruling's
/// budget makes at most some 90,000 nodes.
pub const NODE_STEPS: u64 = 1_000;
/// Steps each node is charged besides, for each record its table holds (`Table::records`:
/// the events fed and the irregularities ruled). What a ruling keeps and shows grows with
/// them, not with the steps: a fuzzed case of 95 calls (North's 5♣, South's 1♥ and West's
/// pass thirty times over, a hundred irregularities) left 14 choices open, a tree of
/// 32,767 nodes holding 6.8 million records, within the budget when only its nodes were
/// charged (86 million steps): ruled in 2.1 s, then 831 MB of text, 6.0 GB of JSON, and
/// 2.0 GB of memory for the short view (a record some 0.12 KB of text, 0.9 KB of JSON,
/// 0.3 KB of the short view's memory). At 500 a ruling's nodes hold at most some 180,000
/// records together (so some 160 MB of JSON, 50 MB for the short view), where the
/// corpus's most open case holds 975
/// (29/open, 188 nodes) and the tree over the longest legal auction 6,105 (19 nodes); a
/// tree of 1,024 outcomes of some 100 records each (fourteen such rounds) is refused, and
/// the fuzzed case is refused in 0.05 s.
pub const RECORD_STEPS: u64 = 500;

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
    /// Steps the ruling's replays have taken so far, and how many they may take
    /// (RULING_BUDGET).
    spent: std::cell::Cell<u64>,
    ruling_budget: u64,
    /// Branches go on from their branch point; else every node is replayed from the case's
    /// start (`rule_case_from_start`, what the incremental tree is tested against).
    incremental: bool,
    /// The finding the tree asked last, which the next node is replayed with answered yes
    /// (`explore`).
    last_asked: std::cell::RefCell<Option<Asked>>,
}

impl<'a> Ctx<'a> {
    /// A table for one replay, with the deal and a replay's step budget, if the ruling has
    /// that much left (a replay cut short would say the evaluation ran out, not why).
    fn table(&self, findings: &'a Findings) -> Result<(Table<'a>, u64), Fail> {
        self.budget_left()?;
        // A replay from the start does not hold a probe's call: no probe can keep a call.
        probe::give_up();
        let budget = BUDGET;
        let ev = Evaluator::new(self.book, findings, budget);
        let mut table = Table::new(ev, self.dealer, self.vulnerable);
        let held = self
            .case
            .wrong_hand
            .iter()
            .map(|&(seat, card, _)| (seat, card));
        table.set_deal(self.case.deal.clone(), held);
        Ok((table, budget))
    }

    /// Whether the ruling has a replay's budget left.
    fn budget_left(&self) -> Result<(), Fail> {
        let left = self.ruling_budget.saturating_sub(self.spent.get());
        if left < BUDGET {
            return Err(Fail::Error {
                message: Message::new("tree.budget").with("steps", self.ruling_budget as i64),
                span: None,
                others: vec![],
                event: None,
            });
        }
        Ok(())
    }

    /// `work` on a fresh table, what it took counted against the ruling's budget whether it
    /// ends well or not (an open finding ends a replay with an error too).
    fn on_table<T>(
        &self,
        findings: &'a Findings,
        work: impl FnOnce(&mut Table<'a>) -> Result<T, Fail>,
    ) -> Result<T, Fail> {
        self.on_table_from(findings, None, work)
    }

    /// `work` on a copy of `base` (the table at a branch point) or, without one, on a fresh
    /// table. A copy keeps what its replay has left of the replay's budget: the path from the
    /// start to a node is bounded as a replay from the start would be; the ruling is
    /// charged only what the copy itself takes.
    fn on_table_from<T>(
        &self,
        findings: &'a Findings,
        base: Option<&Table<'a>>,
        work: impl FnOnce(&mut Table<'a>) -> Result<T, Fail>,
    ) -> Result<T, Fail> {
        let (mut table, budget) = match base {
            Some(b) => {
                self.budget_left()?;
                let mut table = b.clone();
                // A finding's branch goes on from its parent's table with one more answer.
                table.set_findings(findings);
                let left = table.ev.budget.get();
                (table, left)
            }
            None => self.table(findings)?,
        };
        let result = work(&mut table);
        // A probe keeps calls only if their replays, which may take more steps, would end
        // within the budget too.
        probe::budget_left(table.ev.budget.get());
        let used = budget.saturating_sub(table.ev.budget.get());
        let kept = NODE_STEPS.saturating_add(RECORD_STEPS.saturating_mul(table.records()));
        self.spent
            .set(self.spent.get().saturating_add(used).saturating_add(kept));
        result
    }
}

pub fn rule_case(book: &CompiledBook, case: &Case, name: &str) -> Result<Ruling, RuleError> {
    rule_case_within(book, case, name, RULING_BUDGET)
}

/// `rule_case` with every node of the decision tree replayed from the case's start: the
/// plain reading of "the case replayed once per answer", slower, which the tests hold the
/// incremental tree to (`tests/exploration.rs`).
pub fn rule_case_from_start(
    book: &CompiledBook,
    case: &Case,
    name: &str,
) -> Result<Ruling, RuleError> {
    rule(book, case, name, RULING_BUDGET, false)
}

/// `rule_case` with another bound on the steps of all the ruling's replays together than
/// RULING_BUDGET (a tree cut short by it is ruled as one the default cuts short).
pub fn rule_case_within(
    book: &CompiledBook,
    case: &Case,
    name: &str,
    ruling_budget: u64,
) -> Result<Ruling, RuleError> {
    rule(book, case, name, ruling_budget, true)
}

fn rule(
    book: &CompiledBook,
    case: &Case,
    name: &str,
    ruling_budget: u64,
    incremental: bool,
) -> Result<Ruling, RuleError> {
    let findings = Findings::new(
        (case.findings.iter())
            .map(|(k, (v, span))| (k.clone(), (*v, Some(*span))))
            .collect(),
        (case.findings_about.iter())
            .map(|(k, n, v, span)| ((k.clone(), *n), (*v, Some(*span))))
            .collect(),
    );
    // In the case's text order: case.findings is a HashMap, and which unknown finding is
    // reported must not change from run to run.
    let mut given: Vec<_> = case
        .findings
        .iter()
        .map(|(k, (v, span))| (k, None, v, span))
        .chain((case.findings_about.iter()).map(|(k, about, v, span)| (k, Some(*about), v, span)))
        .collect();
    given.sort_by_key(|(_, _, _, span)| (span.file, span.start));
    for &(k, _, answer, span) in &given {
        // A number for a number the Director finds, yes or no for the others.
        if let Some(f) = book.findings.get(k) {
            let message = match (&f.range, answer) {
                (Some(_), Answer::YesNo(_)) => Message::new("tree.answer_number"),
                (None, Answer::Number(_) | Answer::Least | Answer::Most) => {
                    Message::new("tree.answer_yes_no")
                }
                _ => continue,
            };
            return Err(RuleError {
                message: message
                    .with("finding", Arg::Words("finding", vec![k.clone()]))
                    .with("least", Arg::Words("found_end", vec!["least".into()]))
                    .with("most", Arg::Words("found_end", vec!["most".into()]))
                    .with("yes", Arg::Words("yesno", vec!["yes".into()]))
                    .with("no", Arg::Words("yesno", vec!["no".into()])),
                span: Some(*span),
                others: vec![],
            });
        }
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
            let vulnerable = |side| {
                ev.call(
                    "board_vulnerable",
                    vec![Value::Int(n as i64), Value::Side(side)],
                    &empty,
                )
                .map_err(|s| stop(s, span))
            };
            let ns = vulnerable(crate::model::Side::NorthSouth)?;
            let ew = vulnerable(crate::model::Side::EastWest)?;
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
        ruling_budget,
        book,
        case,
        dealer,
        vulnerable,
        incremental,
        last_asked: Default::default(),
    };
    probe::reset();
    let mut tree = explore(&ctx, &[], &findings, 0, None)?;
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
    let mut unasked_findings: Vec<String> = vec![];
    for &(k, about, _, _) in &given {
        if !findings.was_read(k, about) && !unasked_findings.contains(k) {
            unasked_findings.push(k.clone());
        }
    }
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
        unasked_findings,
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

/// The node for the case with the hypothetical events `extra`; `base`: the table as the
/// parent node left it (the case and every event of `extra` but the last fed), if it has one.
fn explore<'a>(
    ctx: &Ctx<'a>,
    extra: &[Event],
    findings: &'a Findings,
    depth: usize,
    base: Option<&Table<'a>>,
) -> Result<Node, RuleError> {
    // Past the last level no question is asked further: no branch goes on from this node.
    let branches = depth < MAX_DEPTH;
    // Siblings mostly ask the same question (the same finding about the call at the same
    // place of the auction): answered yes before it is asked, one replay is either this
    // node's (the answer never read) or its yes branch (read as the first unknown), where
    // asking first would replay the node three times.
    let guess = ctx
        .incremental
        .then(|| ctx.last_asked.borrow().clone())
        .flatten();
    if let Some(q) = guess.filter(|q| !findings.answers(q)) {
        let with = findings.guessing(&q);
        let replayed = replay(ctx, extra, &with, base, branches);
        match with.guess() {
            Guess::Unread => return node(ctx, extra, findings, depth, base, replayed),
            Guess::Asked(f) => {
                let yes = node(ctx, extra, &with, depth, base, replayed);
                return finding_branch(ctx, extra, findings, depth, base, f, Some(yes));
            }
            Guess::Other => {}
        }
    }
    let replayed = replay(ctx, extra, findings, base, branches);
    node(ctx, extra, findings, depth, base, replayed)
}

/// The node of a finding's question: its yes branch (`yes`, if already explored) and its no
/// branch. The table before the event that asked goes on with the answer: nothing before
/// that event read the finding (a finding is read only by asking, and an unanswered one
/// stops the evaluation), so a replay from the start with the answer would reach the same
/// table.
fn finding_branch<'a>(
    ctx: &Ctx<'a>,
    extra: &[Event],
    findings: &'a Findings,
    depth: usize,
    base: Option<&Table<'a>>,
    f: Asked,
    yes: Option<Result<Node, RuleError>>,
) -> Result<Node, RuleError> {
    // A yes-or-no question is the one the next siblings are guessed to ask (`explore`); a
    // number has no single answer to guess.
    if f.range.is_none() {
        ctx.last_asked.replace(Some(f.clone()));
    }
    let ask = ctx
        .book
        .findings
        .get(&f.name)
        .and_then(|x| x.ask.get(crate::syntax::ast::Lang::En))
        .unwrap_or("")
        .to_string();
    let answers: Vec<Answer> = match f.range {
        Some((least, most)) => (least..=most).map(Answer::Number).collect(),
        None => vec![Answer::YesNo(true), Answer::YesNo(false)],
    };
    let mut yes = yes;
    let explored: Vec<(Answer, Result<Node, RuleError>)> = answers
        .into_iter()
        .map(|answer| match (answer, yes.take()) {
            (Answer::YesNo(true), Some(node)) => (answer, node),
            _ => {
                let mut with = findings.clone();
                with.answer(&f, answer);
                (answer, explore(ctx, extra, &with, depth, base))
            }
        })
        .collect();
    // An event of the case that one answer makes impossible (an answer to a choice that
    // branch does not open: 54C leaves declarer none, and the case has him spread his hand)
    // ends that branch with what the engine says of it, where the other answer can be
    // ruled; an event no answer allows is the case's error.
    let some_ruled = explored.iter().any(|(_, node)| node.is_ok());
    // Numbers next to each other that rule the same are one branch, `9..11`: each branch's
    // first answer, with its last number where it spans several.
    let mut runs: Vec<(Answer, Option<i64>, Node)> = vec![];
    for (answer, node) in explored {
        let node = match node {
            Ok(node) => node,
            Err(e) if some_ruled && at_case_event(ctx.case, &e) => {
                let mut o = Outcome::default();
                o.notes.push(Note::CaseCannotGoOn(e.message));
                Node::Outcome(Box::new(o))
            }
            Err(e) => return Err(e),
        };
        if let (Answer::Number(n), Some((_, last, same))) = (answer, runs.last_mut()) {
            if *same == node {
                *last = Some(n);
                continue;
            }
        }
        runs.push((answer, None, node));
    }
    // A number whose every answer rules alike need not be found: the ruling is that one.
    if f.range.is_some() && runs.len() == 1 {
        return Ok(runs.pop().expect("one branch").2);
    }
    let branches = (runs.into_iter())
        .map(|(first, last, node)| Branch {
            answer: match last {
                Some(n) => format!("{first}..{n}"),
                None => first.to_string(),
            },
            calls: vec![],
            node,
        })
        .collect();
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

/// Whether an error is about the case's text (an event of it), not the law book's nor the
/// ruling's budget (which has no place).
fn at_case_event(case: &Case, e: &RuleError) -> bool {
    e.span.is_some_and(|s| s.file == case.file)
}

/// The node a replay makes: its outcome, or the question it leaves open with a branch for
/// each answer.
fn node<'a>(
    ctx: &Ctx<'a>,
    extra: &[Event],
    findings: &'a Findings,
    depth: usize,
    base: Option<&Table<'a>>,
    replayed: Result<replay::Replayed<'a>, Fail>,
) -> Result<Node, RuleError> {
    match replayed {
        Err(Fail::Unknown(f)) => finding_branch(ctx, extra, findings, depth, base, f, None),
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
        Ok((mut outcome, open, branch_point)) => {
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
                    ..
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
                            node: explore(ctx, &more, findings, depth + 1, branch_point.as_ref())?,
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
                    let groups = call_groups(ctx, extra, findings, depth, seat, branch_point)?;
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
                            .map(|(calls, node)| {
                                let calls: Vec<String> =
                                    calls.iter().map(|c| c.to_string()).collect();
                                Branch {
                                    answer: summarize_calls(&calls),
                                    calls,
                                    node,
                                }
                            })
                            .collect(),
                    })
                }
            }
        }
    }
}
