//! The facts a Director rules a claim on (Laws 68-71). Law 70 leaves "normal play" to the
//! Director's judgement, but the judgement rests on two computable facts about the position
//! at the claim:
//!
//! - [`dd`]: the double-dummy result, what the side wins with best play by all four hands
//!   (the DDS solver, through the `dds-bridge` crate);
//! - [`line`]: the claimer's stated line played out against every defence and every order
//!   of play the statement leaves open, and the worst result it gives the claimer's side,
//!   with one play that reaches it.
//!
//! Nothing here decides a ruling; the engine will use these facts.

pub mod dd;
pub mod line;

pub use dd::{double_dummy, DoubleDummy};
pub use line::{worst_line, worst_line_from_the_top, Line, DEFAULT_NODE_BUDGET};

use crate::model::{Card, Hand, Seat, Strain};

/// The bits of the 52 cards in a [`Hand`]; any other bit is not a card.
const ALL_CARDS: u64 = (1 << 52) - 1;

/// A position in the play period: what each seat still holds, the trumps, who led the
/// current trick and the cards already played to it (0-3, in the order played, the leader's
/// first). The seats that played to the current trick hold one card fewer than the others.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// Indexed by [`Seat::index`].
    pub hands: [Hand; 4],
    pub trumps: Strain,
    pub leader: Seat,
    pub trick: Vec<Card>,
}

/// Why the evidence could not be computed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ClaimError {
    pub kind: ClaimErrorKind,
    pub message: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClaimErrorKind {
    /// The position is not one that can arise in play (hand sizes, a card twice, ...).
    Position,
    /// The statement names a card the claimer's side does not hold, or a card twice.
    Statement,
    /// The line search tried its whole budget of cards without finishing.
    Budget { cards: u64 },
    /// The solver library failed.
    Solver,
}

impl ClaimError {
    pub(crate) fn new(kind: ClaimErrorKind, message: impl Into<String>) -> ClaimError {
        ClaimError {
            kind,
            message: message.into(),
        }
    }
}

fn position_error(message: impl Into<String>) -> ClaimError {
    ClaimError::new(ClaimErrorKind::Position, message)
}

/// A card whose rank is 2..=14; anything else would index outside the 52-card bit set.
pub(crate) fn valid_card(c: Card) -> bool {
    (2..=14).contains(&c.rank.0)
}

impl Position {
    /// The seat to play next.
    pub fn to_play(&self) -> Seat {
        Seat::from_index(self.leader.index() + self.trick.len())
    }

    /// Tricks still to be won, the current one included (it is counted for whoever wins it).
    pub fn tricks_left(&self) -> u8 {
        // The seat that plays last to the current trick has not played to it yet.
        self.hands[self.leader.rho().index()].len() as u8
    }

    /// The checks both computations need: every card a card, each card in one place, at most
    /// three cards on the table, hand sizes that fit the current trick, at most thirteen cards
    /// a hand, and no revoke in the current trick (the solver rejects one; a revoke is ruled
    /// by Laws 61-64 before the claim is).
    pub fn check(&self) -> Result<(), ClaimError> {
        if self.trick.len() > 3 {
            return Err(position_error(format!(
                "{} cards are on the table; a trick in progress has at most 3",
                self.trick.len()
            )));
        }
        let mut seen = 0u64;
        for s in Seat::ALL {
            let h = self.hands[s.index()].0;
            if h & !ALL_CARDS != 0 {
                return Err(position_error(format!(
                    "the hand of {s} holds something that is not a card"
                )));
            }
            if h & seen != 0 {
                let c = Hand(h & seen).cards().next();
                return Err(position_error(format!(
                    "{} is in two hands",
                    c.map_or_else(String::new, |c| c.to_string())
                )));
            }
            seen |= h;
        }
        for (i, &c) in self.trick.iter().enumerate() {
            if !valid_card(c) {
                return Err(position_error(format!(
                    "the card on the table with rank {} is not a card",
                    c.rank.0
                )));
            }
            if seen & (1 << c.index()) != 0 {
                let s = Seat::from_index(self.leader.index() + i);
                return Err(position_error(format!(
                    "{c}, played to the trick by {s}, is also in a hand"
                )));
            }
            seen |= 1 << c.index();
        }
        let full = self.tricks_left() as usize;
        if full > 13 {
            return Err(position_error(format!(
                "a hand holds {full} cards; no hand holds more than 13"
            )));
        }
        for i in 0..4 {
            let s = Seat::from_index(self.leader.index() + i);
            let held = self.hands[s.index()].len();
            // None when a card was played to the trick by a seat of a position that has no
            // card left at all.
            let expected = full.checked_sub(usize::from(i < self.trick.len()));
            if expected != Some(held) {
                let expected = expected.map_or_else(|| "no card".to_string(), |n| n.to_string());
                return Err(position_error(format!(
                    "{s} holds {held} cards but {expected} fit the trick in progress ({} \
                     cards played to it, {} holds {full})",
                    self.trick.len(),
                    self.leader.rho()
                )));
            }
        }
        if let Some(&lead) = self.trick.first() {
            for (i, &c) in self.trick.iter().enumerate().skip(1) {
                let s = Seat::from_index(self.leader.index() + i);
                if c.suit != lead.suit && self.hands[s.index()].has_suit(lead.suit) {
                    return Err(position_error(format!(
                        "{s} played {c} to a {} lead while holding {}: a revoke",
                        lead.suit, lead.suit
                    )));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
