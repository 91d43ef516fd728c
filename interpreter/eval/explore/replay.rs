//! Replaying a case: its events on a table with its deal, the hypothetical events of a
//! branch, then the play and the end of the case ruled, and the outcome read off the table.

use super::Ctx;
use crate::case::PlayRecord;
use crate::eval::engine::{Event, Fail, Open, Table};
use crate::eval::expr::Findings;
use crate::eval::value::Value;
use crate::messages::Message;
use crate::ruling::{Comparison, Contract, Note, Outcome, Score};
use crate::source::Span;
use std::rc::Rc;

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
        table.feed(
            e,
            events[i + 1..].iter().map(|(e, _)| e).chain(first_of_play),
        )?;
    }
    Ok(())
}

/// Where in the play record the hypothetical answers go: before the first card played while
/// their question is open that moves the table past it (answers it, or opens another). A
/// card that leaves the question as it was does not pass it (60C: the offending side's card
/// played before the rectification is ruled by itself, and the choice stays open), and the
/// answers then go after it. Their question is the one the record leaves open at its end:
/// a card that settled an earlier question alike (the next player's card accepting a first
/// lead out of turn, 53A, before a second) is not where they go. `None`: at the end.
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
    // The cards that moved the table past a question the answers fit, with that question.
    let mut passed = vec![];
    for (i, (e, _)) in events.iter().enumerate() {
        let before = table.open()?;
        let candidate = matches!(e, Event::Play { .. }) && answers(&before, first);
        if table
            .feed(e, events[i + 1..].iter().map(|(e, _)| e))
            .is_err()
        {
            // The record cannot go on past this card without an answer before it.
            return Ok(passed.first().map(|&(at, _)| at).or(candidate.then_some(i)));
        }
        if candidate && table.open()? != before {
            passed.push((i, before));
        }
    }
    let open_at_end = table.open()?;
    Ok(passed
        .iter()
        .find(|(_, question)| *question == open_at_end)
        .map(|&(at, _)| at))
}

/// A replay's outcome, the question it leaves open, and the table its children go on from
/// (the state before the case's end is ruled), where they may.
pub(super) type Replayed<'a> = (Outcome, Option<Open>, Option<Table<'a>>);

/// `branches`: whether the node may have branches, which go on from its table (a copy kept
/// before the case's end is ruled).
pub(super) fn replay<'a>(
    ctx: &Ctx<'a>,
    extra: &[Event],
    findings: &'a Findings,
    base: Option<&Table<'a>>,
    branches: bool,
) -> Result<Replayed<'a>, Fail> {
    let base = base.filter(|_| ctx.incremental);
    if let PlayRecord::Events(_) = ctx.case.play {
        // The answers go inside the play record: the events after them differ per branch.
        let insert_at = insertion_point(ctx, extra, findings)?;
        return ctx.on_table(findings, |table| {
            replay_on(ctx, table, extra, insert_at).map(|(o, open)| (o, open, None))
        });
    }
    ctx.on_table_from(findings, base, |table| {
        match (base, extra.last()) {
            // The parent fed everything but the last event; as the last it was fed knowing
            // no event after it, which for an answer or a call is what it would know of
            // this one (only a question drawn to an act tells the act being ruled).
            (Some(_), Some(last)) => {
                // The call a probe follows is held by the table (`probe`).
                if let Some(held) = crate::eval::probe::tag_for(extra.len()) {
                    table.hold_next_call(held);
                }
                table.feed(last, [])?
            }
            _ => {
                replay_auction(ctx, table)?;
                feed_all(table, extra)?;
            }
        }
        let branch_point = branches.then(|| table.clone());
        let (outcome, open) = conclude_unrecorded_play(ctx, table)?;
        Ok((outcome, open, branch_point))
    })
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
                let next = seq[i + 1..].iter().map(|(e, _)| *e);
                table.feed(e, next).map_err(|f| match span {
                    Some(s) => at_span(f, *s),
                    None => f,
                })?;
            }
        }
        PlayRecord::BySeat(_) | PlayRecord::None => {
            feed_all(table, extra)?;
            return conclude_unrecorded_play(ctx, table);
        }
    }
    conclude(ctx, table)
}

/// After the auction and the hypothetical events of a case whose play is not a record of
/// events: the play by seat, if the auction ended with nothing open, and the outcome.
fn conclude_unrecorded_play(ctx: &Ctx, table: &mut Table) -> Result<(Outcome, Option<Open>), Fail> {
    if let PlayRecord::BySeat(_) = ctx.case.play {
        if table.ended() && table.open()?.is_none() {
            play_by_seat(ctx, table)?;
        }
    }
    conclude(ctx, table)
}

/// The case's end ruled, and the outcome: the contract, the score, the comparisons asked
/// for, and the paragraphs it rests on.
fn conclude(ctx: &Ctx, table: &mut Table) -> Result<(Outcome, Option<Open>), Fail> {
    table.finish()?;
    let open = table.open()?;
    let mut outcome = table.outcome();
    let view = table.view();
    let ev = &table.ev;
    if table.ended() && open.is_none() && !outcome.redealt && !outcome.no_result {
        if let Value::Bool(true) = ev.call("passed_out", vec![], &view)? {
            // No contract, no tricks to count (22B).
            if let Some((t, span)) = ctx.case.tricks {
                return Err(case_error(
                    Message::new("case.tricks_passed_out").with("n", t),
                    span,
                ));
            }
            outcome.passed_out = true;
            let s = int(ev.call("passed_out_score", vec![], &view)?);
            outcome.score = Some(Score {
                declarer_side: s,
                ns: s,
                replaced: false,
            });
        } else {
            let bid = ev.call("final_bid", vec![], &view)?;
            let risk = int(ev.call("contract_risk", vec![], &view)?);
            let declarer = match ev.call("declarer", vec![], &view)? {
                Value::Seat(s) => s,
                _ => unreachable!("checked entry point"),
            };
            let Some((level, strain)) = bid.read_bid() else {
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
            // else as the case says: the tricks declarer won in the play. A complete record
            // that gives another number contradicts it.
            let tricks = match (table.tricks(), ctx.case.tricks) {
                (Some((_, in_play, 13)), Some((t, span)))
                    if t != in_play && outcome.tricks_awarded.is_none() =>
                {
                    return Err(case_error(
                        Message::new("case.tricks_contradict_play")
                            .with("n", t)
                            .with("played", in_play),
                        span,
                    ));
                }
                (Some((after, in_play, 13)), _) => {
                    if after != in_play || outcome.tricks_awarded.is_some() {
                        outcome.tricks_in_play = Some(in_play);
                    }
                    Some(after)
                }
                // The play stops early with tricks still to move when it ends (64): they
                // depend on the tricks not recorded, and the score waits for them.
                (_, Some((t, _))) if !outcome.at_play_end.is_empty() => {
                    outcome.tricks = Some(t);
                    outcome.notes.push(Note::ScoreAwaitsPlayEnd { tricks: t });
                    None
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
                    replaced: false,
                });
            }
        }
    }
    if let (Some(score), false) = (&mut outcome.score, ctx.case.artificial.is_empty()) {
        score.replaced = true;
    }
    for (side, fault, session) in &ctx.case.artificial {
        let f = Value::Int(i64::from(*fault));
        let session = Value::Decimal(session.unwrap_or(rust_decimal::Decimal::NEGATIVE_ONE));
        let percent = decimal(ev.call(
            "artificial_percent",
            vec![f.clone(), session.clone()],
            &view,
        )?);
        let from_session = ev.call("artificial_from_session", vec![f.clone(), session], &view)?
            == Value::Bool(true);
        let imps = if from_session {
            None
        } else {
            Some(int(ev.call("artificial_imps", vec![f], &view)?))
        };
        outcome.comparisons.push(Comparison::Artificial {
            side: *side,
            fault: *fault,
            percent,
            imps,
            from_session,
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
    // In the Laws' order: 2A before 17B before 17D3 before 18A.
    outcome.basis = ev.used_paragraphs();
    Ok((outcome, open))
}

fn decimal(v: Value) -> rust_decimal::Decimal {
    match v {
        Value::Decimal(d) => d,
        _ => unreachable!("checked entry point"),
    }
}

fn int(v: Value) -> i64 {
    match v {
        Value::Int(i) => i,
        _ => unreachable!("checked entry point"),
    }
}

/// A failure of a play event with no place of its own is the play event's.
/// The case says what its own record contradicts: an error at the words that say it.
fn case_error(message: Message, span: Span) -> Fail {
    Fail::Error {
        message,
        span: Some(span),
        others: vec![],
        event: None,
    }
}

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
        table.feed(x, &events[i + 1..])?;
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
                .feed(&Event::Play { seat: None, card }, [])
                .map_err(|f| at_span(f, span))?;
        }
    }
    Ok(())
}
