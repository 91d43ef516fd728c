//! A PBN board as a case, so that the law book replays it like any other: the auction call
//! by call, the play trick by trick.

use super::PbnBoard;
use crate::case::{Case, PlayRecord};
use crate::eval::engine::Event;
use crate::source::Span;

/// The case of a board: its number, dealer, vulnerability, deal, auction and play. Spans
/// point into the PBN file `file`.
pub fn board_case(b: &PbnBoard, file: u32) -> Case {
    let span = |r: &std::ops::Range<usize>| Span::new(file, r.start, r.end);
    let mut case = Case {
        file,
        board: b.board.map(|n| (n, span(&b.span))),
        dealer: b.dealer,
        vulnerable: b.vulnerable.map(|(ns, ew)| [ns, ew]),
        deal: b.deal.clone(),
        ..Default::default()
    };
    if let Some(a) = &b.auction {
        case.events = a
            .calls
            .iter()
            .map(|c| {
                (
                    Event::Call {
                        seat: c.seat,
                        call: c.call,
                        meaning: crate::model::Meaning::Natural,
                    },
                    span(&c.span),
                )
            })
            .collect();
    }
    if let Some(p) = &b.play {
        case.play_span = Some(span(&p.span));
        case.play = PlayRecord::BySeat(
            p.tricks
                .iter()
                .map(|t| {
                    std::array::from_fn(|i| t.cards[i].as_ref().map(|c| (c.card, span(&c.span))))
                })
                .collect(),
        );
    }
    case
}
