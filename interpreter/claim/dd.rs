//! The double-dummy result of a position: the tricks a side wins from here when all four
//! hands play their best with every card in view. The solving is DDS (Bo Haglund's solver,
//! through the `dds-bridge` crate); this file only translates the position into its terms and
//! its answer back.

use super::{ClaimError, ClaimErrorKind, Position};
use crate::model::{Card, Hand, Seat, Side, Strain, Suit};
use contract_bridge as cb;
use dds_bridge::{Board, CurrentTrick, Objective, Solver, SolverConfig, Target, TtKind};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// A double-dummy solver. It keeps the solver's memory between positions, so a caller with
/// many positions (a ruling that compares lines, the tests) makes one and reuses it.
pub struct DoubleDummy {
    solver: Solver,
}

impl Default for DoubleDummy {
    fn default() -> Self {
        DoubleDummy::new()
    }
}

impl DoubleDummy {
    pub fn new() -> DoubleDummy {
        // A claim leaves few cards; the small table is enough and keeps each solver (one per
        // test thread) light.
        DoubleDummy {
            solver: Solver::new(SolverConfig {
                tt_kind: TtKind::Small,
                ..SolverConfig::default()
            }),
        }
    }

    /// The tricks `side` wins from `pos` (the current trick included) with best play by both
    /// sides.
    pub fn tricks(&mut self, pos: &Position, side: Side) -> Result<u8, ClaimError> {
        pos.check()?;
        let total = pos.tricks_left();
        if total == 0 {
            return Ok(0);
        }
        let board = board(pos)?;
        // Every legal card with its score, best first. Not `Target::Any`: when the hand to
        // play has one card (or one run of equal cards), DDS then plays it without a search
        // and returns no score.
        let objective = Objective {
            board,
            target: Target::Legal,
        };
        // dds-bridge panics only on an error code from DDS, which the checks above should
        // exclude; if one comes anyway it is reported, not propagated as a panic.
        let found = catch_unwind(AssertUnwindSafe(|| self.solver.solve_board(&objective)))
            .map_err(|_| solver_error("the double-dummy solver failed on this position"))?;
        let best = found
            .plays
            .first()
            .ok_or_else(|| solver_error("the double-dummy solver found no card to play"))?;
        // DDS counts the tricks of the side of the hand to play next.
        let mover = u8::from(best.score).min(total);
        Ok(if pos.to_play().side() == side {
            mover
        } else {
            total - mover
        })
    }
}

/// One-off: the tricks `side` wins from `pos` double dummy. See [`DoubleDummy::tricks`].
pub fn double_dummy(pos: &Position, side: Side) -> Result<u8, ClaimError> {
    DoubleDummy::new().tricks(pos, side)
}

fn solver_error(message: &str) -> ClaimError {
    ClaimError::new(ClaimErrorKind::Solver, message)
}

fn board(pos: &Position) -> Result<Board, ClaimError> {
    let mut builder = cb::Builder::new();
    for s in Seat::ALL {
        builder[seat(s)] = hand(pos.hands[s.index()])?;
    }
    let remaining = builder
        .build_partial()
        .map_err(|_| solver_error("the hands are not a valid partial deal"))?;
    let played = pos
        .trick
        .iter()
        .map(|&c| card(c))
        .collect::<Result<Vec<_>, _>>()?;
    let trick = CurrentTrick::from_slice(strain(pos.trumps), seat(pos.leader), &played)
        .map_err(|e| solver_error(&format!("the trick in progress: {e}")))?;
    Board::try_new(remaining, trick).map_err(|e| solver_error(&format!("the position: {e}")))
}

fn hand(h: Hand) -> Result<cb::Hand, ClaimError> {
    let mut out = cb::Hand::default();
    for c in h.cards() {
        out.insert(card(c)?);
    }
    Ok(out)
}

fn card(c: Card) -> Result<cb::Card, ClaimError> {
    let rank = cb::Rank::try_new(c.rank.0)
        .map_err(|_| solver_error(&format!("rank {} is not a card rank", c.rank.0)))?;
    Ok(cb::Card {
        suit: suit(c.suit),
        rank,
    })
}

fn suit(s: Suit) -> cb::Suit {
    match s {
        Suit::Clubs => cb::Suit::Clubs,
        Suit::Diamonds => cb::Suit::Diamonds,
        Suit::Hearts => cb::Suit::Hearts,
        Suit::Spades => cb::Suit::Spades,
    }
}

fn strain(s: Strain) -> cb::Strain {
    match s {
        Strain::Clubs => cb::Strain::Clubs,
        Strain::Diamonds => cb::Strain::Diamonds,
        Strain::Hearts => cb::Strain::Hearts,
        Strain::Spades => cb::Strain::Spades,
        Strain::NoTrump => cb::Strain::Notrump,
    }
}

fn seat(s: Seat) -> cb::Seat {
    match s {
        Seat::North => cb::Seat::North,
        Seat::East => cb::Seat::East,
        Seat::South => cb::Seat::South,
        Seat::West => cb::Seat::West,
    }
}
