//! The events of a case as the table is fed them: calls, cards, answers, claims, the
//! moments after the play (`Stage`); the case reader makes them, `Table::feed` takes them.

use crate::model::{Call, Card, Meaning, Seat};
use crate::syntax::ast::Exposure;

/// One event of a case, as the table sees it.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    Call {
        seat: Seat,
        call: Call,
        meaning: Meaning,
    },
    /// An option's answer, by a player or (`None`) by the Director (`director redeal`).
    Answer { seat: Option<Seat>, answer: String },
    /// The Director is called and rectifies: what nobody answered takes its default
    /// (36A, 37A, 38D: a call by LHO after this is not a call "before rectification").
    Director,
    /// Cards exposed (Laws 24, 48, 49): dropped or seen, led during the auction, or played
    /// together with the card a player plays (58B).
    Expose {
        seat: Seat,
        cards: Vec<Card>,
        how: Exposure,
    },
    /// Two players' cards played at the same moment (58A): `together E ♠5 S ♠3`.
    PlayedTogether([(Seat, Card); 2]),
    /// A player takes back a card he played (Law 47, 62C): `N withdraws ♠4`.
    Withdraw { seat: Seat, card: Card },
    /// The player whose turn it is does not play to the trick, and the turn passes him
    /// (Law 67): `N omits`.
    Omit { seat: Seat },
    /// The trick in progress is turned before every player played to it (Law 67):
    /// `quitted`.
    Quitted,
    /// A player supplies a card to a trick he did not play to (67A1, 67B1):
    /// `E supplies ♥3`.
    Supply { seat: Seat, card: Card },
    /// A card led or played: by the player the case names (a lead out of turn, a card
    /// from the wrong hand), or by whoever's turn it is.
    Play { seat: Option<Seat>, card: Card },
    /// A claim or a concession (Law 68): `tricks` of the remaining tricks for the claimer's
    /// side (`None`: all of them), the cards of the line he states, in order, and whether he
    /// put it as a concession (68B: conceding some tricks claims the rest). With
    /// `trick_in_progress`, what he said concerns the trick in progress alone (68: the case
    /// says `trick`), which the claim then counts as its one trick.
    Claim {
        seat: Seat,
        tricks: Option<u8>,
        line: Vec<Card>,
        concession: bool,
        trick_in_progress: bool,
    },
    /// Declarer calls a card from dummy incompletely (Law 46B): a word ("high", "low",
    /// "win", "anything"), a suit, a rank, or a whole card.
    Designate {
        /// Who spoke: declarer, whose words alone call dummy's card (45B, 46A).
        seat: Seat,
        word: Option<String>,
        suit: Option<crate::model::Suit>,
        rank: Option<crate::model::Rank>,
    },
    /// A moment after the play that bounds a rectification (62D, 64B4, 64B5).
    Stage(Stage),
    /// Calls made at the same moment; the law book says which counts first (Law 33).
    Together(Vec<(Seat, Call, Meaning)>),
    /// A player asks for a review of the auction or an explanation (Law 20).
    Question { seat: Seat, kind: String },
    /// A player replaces his last call with another (Law 25, 21B).
    Change {
        seat: Seat,
        call: Call,
        meaning: Meaning,
    },
}

/// The moments after the play that the Laws time rectifications by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The four hands are returned to the board (62D1).
    HandsReturned,
    /// A call on the next deal (63A4, 64B4): by that player, or (`None`) the next deal's
    /// auction under way, both sides having called.
    NextDeal(Option<Seat>),
    /// The round ends (64B5).
    RoundEnded,
}
