//! Auctions of a chosen length, for what grows with the auction: `auction_ended`'s steps and
//! the time to rule a case of `n` calls.

use super::median;
use lawbook::eval::expr::{Evaluator, View};
use lawbook::eval::probe::Held;
use lawbook::eval::value::Value;
use lawbook::model::Strain;
use std::hint::black_box;
use std::time::Instant;

/// An auction of `n` calls (1♣ pass pass double pass pass redouble pass pass 1♦ …, the
/// longest legal pattern, cut to `n`), as the table's view holds it.
pub(super) fn long_auction(n: usize) -> View {
    use lawbook::model::{Call, Meaning, Seat};
    let mut calls = vec![];
    'all: for level in 1..=7u8 {
        for strain in [
            Strain::Clubs,
            Strain::Diamonds,
            Strain::Hearts,
            Strain::Spades,
            Strain::NoTrump,
        ] {
            for c in [
                Call::bid(level, strain),
                Call::Pass,
                Call::Pass,
                Call::Double,
                Call::Pass,
                Call::Pass,
                Call::Redouble,
                Call::Pass,
                Call::Pass,
            ] {
                if calls.len() == n {
                    break 'all;
                }
                calls.push(c);
            }
        }
    }
    View {
        auction: lawbook::eval::expr::entries(
            calls
                .into_iter()
                .enumerate()
                .map(|(i, c)| (Seat::from_index(i), c, Meaning::Natural, Held::NONE, i)),
        ),
        ..View::default()
    }
}

/// A case whose auction is about `n` calls of `long_auction`'s pattern, ended by three
/// passes after its last bid, double or redouble.
fn long_auction_case(n: usize) -> String {
    use lawbook::model::Call;
    let mut calls: Vec<Call> = long_auction(n.saturating_sub(3))
        .auction
        .iter()
        .filter_map(|v| match v {
            Value::Entry(e) => Some(e.call),
            _ => None,
        })
        .collect();
    while calls.last() == Some(&Call::Pass) {
        calls.pop();
    }
    calls.extend([Call::Pass; 3]);
    let mut text = String::from("board 1\nauction {\n");
    for (i, c) in calls.iter().enumerate() {
        let word = match c {
            Call::Pass => "pass".to_string(),
            Call::Double => "X".to_string(),
            Call::Redouble => "XX".to_string(),
            bid => bid.to_string(),
        };
        let seat = lawbook::model::Seat::from_index(i);
        text.push_str(&format!("  {seat} {word}\n"));
    }
    text.push_str("}\n");
    text
}

/// The time to rule a case of about `n` calls (median of 5), in seconds.
pub(super) fn rule_long_auction(book: &lawbook::eval::book::CompiledBook, n: usize) -> f64 {
    let text = long_auction_case(n);
    let case = lawbook::case::parse_case(0, &text)
        .unwrap_or_else(|d| panic!("{}", lawbook::diagnostic::render_plain(&d)));
    let times: Vec<f64> = (0..5)
        .map(|_| {
            let start = Instant::now();
            black_box(lawbook::eval::explore::rule_case(book, &case, "long").is_ok());
            start.elapsed().as_secs_f64()
        })
        .collect();
    median(times)
}

/// The evaluation steps `auction_ended` takes on an auction of `n` calls.
pub(super) fn auction_ended_steps(book: &lawbook::eval::book::CompiledBook, n: usize) -> u64 {
    let findings = lawbook::eval::expr::Findings::default();
    let ev = Evaluator::new(book, &findings, u64::MAX);
    black_box(ev.call("auction_ended", vec![], &long_auction(n)).is_ok());
    u64::MAX - ev.budget.get()
}
