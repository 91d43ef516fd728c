//! The model's vocabulary as the law language sees it: constants (seats, strains, ranks,
//! calls), the state of the table (auction, dealer), and functions that only name things
//! (a seat's left-hand opponent, a bid's level). None of them decides a rule of the Laws.

use super::types::Type;
use crate::model::{Call, Rank, Seat, Side, Strain, Suit};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Builtin {
    Lho,
    Rho,
    Partner,
    SideOf,
    IsBid,
    IsPass,
    IsDouble,
    IsRedouble,
    IsArtificial,
    Specified,
    Level,
    StrainOf,
    Bid,
    SuitOf,
    RankOf,
    Item,
    Size,
    Range,
    Obliged,
    Broke,
    CardsUnder,
    SuitsUnder,
    Vulnerable,
    Min,
    Max,
    HandOf,
    PlayedTo,
    CardsOf,
    AwardedTo,
    RestoredIn,
    InWrongHand,
}

pub const BUILTINS: &[(&str, Builtin)] = &[
    ("lho", Builtin::Lho),
    ("rho", Builtin::Rho),
    ("partner", Builtin::Partner),
    ("side", Builtin::SideOf),
    ("is_bid", Builtin::IsBid),
    ("is_pass", Builtin::IsPass),
    ("is_double", Builtin::IsDouble),
    ("is_redouble", Builtin::IsRedouble),
    ("is_artificial", Builtin::IsArtificial),
    ("specified", Builtin::Specified),
    ("level", Builtin::Level),
    ("strain", Builtin::StrainOf),
    ("bid", Builtin::Bid),
    ("suit", Builtin::SuitOf),
    ("rank", Builtin::RankOf),
    ("item", Builtin::Item),
    ("size", Builtin::Size),
    ("range", Builtin::Range),
    ("obliged", Builtin::Obliged),
    ("broke", Builtin::Broke),
    ("cards_under", Builtin::CardsUnder),
    ("suits_under", Builtin::SuitsUnder),
    ("vulnerable", Builtin::Vulnerable),
    ("min", Builtin::Min),
    ("max", Builtin::Max),
    ("hand", Builtin::HandOf),
    ("played_to", Builtin::PlayedTo),
    ("cards_of", Builtin::CardsOf),
    ("awarded_to", Builtin::AwardedTo),
    ("restored_in", Builtin::RestoredIn),
    ("in_wrong_hand", Builtin::InWrongHand),
];

pub fn builtin(name: &str) -> Option<Builtin> {
    BUILTINS.iter().find(|(n, _)| *n == name).map(|(_, b)| *b)
}

impl Builtin {
    /// Parameter types and result type; `None` for the generic list functions, which the
    /// checker types by hand.
    pub fn signature(self) -> Option<(Vec<Type>, Type)> {
        use Type::*;
        Some(match self {
            Builtin::Lho | Builtin::Rho | Builtin::Partner => (vec![Seat], Seat),
            Builtin::SideOf => (vec![Seat], Side),
            Builtin::IsBid
            | Builtin::IsPass
            | Builtin::IsDouble
            | Builtin::IsRedouble
            | Builtin::IsArtificial => (vec![Call], Bool),
            Builtin::Specified => (vec![Call], List(Box::new(Strain))),
            Builtin::Level => (vec![Call], Int),
            Builtin::StrainOf => (vec![Call], Strain),
            Builtin::Bid => (vec![Int, Strain], Call),
            Builtin::SuitOf => (vec![Card], Suit),
            Builtin::RankOf => (vec![Card], Rank),
            Builtin::Range => (vec![Int, Int], List(Box::new(Int))),
            Builtin::Obliged => (vec![Seat, Obligation], Bool),
            // Whether the seat broke an obligation of that name and the card or call that broke
            // it stands (a card taken back undoes its breach): 64B7's revokes by a card a
            // requirement named (61A).
            Builtin::Broke => (vec![Seat, Obligation], Bool),
            // The cards among the arguments of the seat's obligations of that name in force
            // (his penalty cards: 50B, 51).
            Builtin::CardsUnder => (vec![Seat, Obligation], List(Box::new(Card))),
            // The suits among them (the suits prohibited to him: 59, 51B2(b)).
            Builtin::SuitsUnder => (vec![Seat, Obligation], List(Box::new(Suit))),
            Builtin::Vulnerable => (vec![Side], Bool),
            Builtin::Min | Builtin::Max => (vec![Int, Int], Int),
            Builtin::HandOf => (vec![Seat], List(Box::new(Card))),
            Builtin::PlayedTo => (vec![Int], List(Box::new(Play))),
            // The cards of a list of plays, in its order: what `for each c in … { retract c }`
            // takes back (55B, 56B: the other cards played to a lead taken back).
            Builtin::CardsOf => (vec![List(Box::new(Play))], List(Box::new(Card))),
            // The tricks left at a claim or concession that its ruling gave the side (69A,
            // 70, 71): tricks the side won after a revoke (64A) though nobody played them.
            Builtin::AwardedTo => (vec![Side], Int),
            // The trick (the one in progress, or the next) in which the card went back from a
            // hand that held it to the hand it was dealt to (`restore deal`: 13B1); 0 if it
            // never left that hand, or went back before the play. Its holder had it in his hand
            // at trick t if this is t or less (44C: he could follow with it).
            Builtin::RestoredIn => (vec![Card], Int),
            // The card was held by a hand it was not dealt to (the case's `card_in_wrong_hand`)
            // and has not gone back (`restore deal`): in that hand still, or played from it.
            Builtin::InWrongHand => (vec![Card], Bool),
            Builtin::Item | Builtin::Size => return None,
        })
    }
}

/// A named constant of the model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Constant {
    Bool(bool),
    Seat(Seat),
    Side(Side),
    Strain(Strain),
    Suit(Suit),
    Rank(Rank),
    Call(Call),
}

pub fn constant(name: &str) -> Option<Constant> {
    Some(match name {
        "true" => Constant::Bool(true),
        "false" => Constant::Bool(false),
        "N" => Constant::Seat(Seat::North),
        "E" => Constant::Seat(Seat::East),
        "S" => Constant::Seat(Seat::South),
        "W" => Constant::Seat(Seat::West),
        "NS" => Constant::Side(Side::NorthSouth),
        "EW" => Constant::Side(Side::EastWest),
        "NT" => Constant::Strain(Strain::NoTrump),
        "spades" => Constant::Suit(Suit::Spades),
        "hearts" => Constant::Suit(Suit::Hearts),
        "diamonds" => Constant::Suit(Suit::Diamonds),
        "clubs" => Constant::Suit(Suit::Clubs),
        "pass" => Constant::Call(Call::Pass),
        "double" => Constant::Call(Call::Double),
        "redouble" => Constant::Call(Call::Redouble),
        _ => {
            let rank = match name {
                "ace" => 14,
                "king" => 13,
                "queen" => 12,
                "jack" => 11,
                "ten" => 10,
                "nine" => 9,
                "eight" => 8,
                "seven" => 7,
                "six" => 6,
                "five" => 5,
                "four" => 4,
                "three" => 3,
                "two" => 2,
                _ => return None,
            };
            Constant::Rank(Rank(rank))
        }
    })
}

impl Constant {
    pub fn ty(self) -> Type {
        match self {
            Constant::Bool(_) => Type::Bool,
            Constant::Seat(_) => Type::Seat,
            Constant::Side(_) => Type::Side,
            Constant::Strain(_) => Type::Strain,
            Constant::Suit(_) => Type::Suit,
            Constant::Rank(_) => Type::Rank,
            Constant::Call(_) => Type::Call,
        }
    }
}

/// The state of the table that rules may read.
pub const STATE: &[(&str, fn() -> Type)] = &[
    ("auction", || Type::List(Box::new(Type::Entry))),
    // The calls the rotation has passed (17C): those that stand, and those made at their turn
    // that await a ruling (an insufficient bid not yet accepted, an inadmissible double).
    ("calls_in_rotation", || Type::List(Box::new(Type::Entry))),
    // Every call made and not cancelled, in order: those that stand and those that await a
    // ruling, in rotation or not (15A1).
    ("calls_made", || Type::List(Box::new(Type::Entry))),
    ("dealer", || Type::Seat),
    // The cards played so far to the trick in progress.
    ("trick", || Type::List(Box::new(Type::Play))),
    // Every card played and not taken back, in the order played.
    ("plays", || Type::List(Box::new(Type::Play))),
    // Every card led or played, taken back since or not, in the order played, each with the
    // trick it went to: a card taken back was still led or played (63A1: "akékoľvek takéto
    // zahranie, právoplatné alebo neprávoplatné").
    ("all_plays", || Type::List(Box::new(Type::Play))),
    // What the players did besides calls and cards (questions, hesitations, dummy's warnings,
    // a player told it was his turn), in order: who, what, and when in the play.
    ("conducts", || Type::List(Box::new(Type::Conduct))),
    // What the record says a player did right after the act being ruled, before any other
    // event (none or one conduct): who drew attention to an irregularity (43B3).
    ("next_conducts", || Type::List(Box::new(Type::Conduct))),
    // The choices players were asked to make, in order, as conducts: who is to choose, the
    // option (`kind`), and when (`trick`, `in_trick`): one choice of declarer a lead (50D2).
    ("choices_asked", || Type::List(Box::new(Type::Conduct))),
    // The choices among them still waiting for their answer, in the order asked: a choice
    // answered, by its chooser, by an act or by default, or lapsed, is no longer open (48B1:
    // declarer's choice after a faced opening lead out of turn, once made, is not made again).
    ("choices_open", || Type::List(Box::new(Type::Conduct))),
    // The number of the trick in progress (1 to 13); 0 before the opening lead.
    ("trick_number", || Type::Int),
    // The trump strain of the contract being played.
    ("trumps", || Type::Strain),
    // Who declared the contract being played, as the auction gave him when the play began
    // (54A's exchange of roles does not change him); North before the play. A call
    // cancelled after the opening lead may leave another declarer (38B).
    ("declarer_of_play", || Type::Seat),
    // Whose turn it is to lead or play (Laws 41A, 44).
    ("to_play", || Type::Seat),
    // Between tricks, who leads the next waits for a ruling on the last trick's cards: a
    // revoke among them corrected when attention is drawn (62B), or a choice that may take
    // one of them back (52B2); `to_play` is then the winner as the cards lie.
    ("lead_awaits_ruling", || Type::Bool),
    // The moments after the play that bound a rectification (62D, 64B4, 64B5): the hands
    // returned to the board, a call made on the next deal, the round ended.
    ("hands_returned", || Type::Bool),
    ("next_deal_called", || Type::Bool),
    // Who has called on the next deal (`N next_deal`; the bare `next_deal`: all four).
    ("next_deal_callers", || Type::List(Box::new(Type::Seat))),
    ("round_ended", || Type::Bool),
    // The opening lead has been faced (a card of the play is on the table: 17D1, 41), and the
    // case has ended (attention drawn at its end is drawn after the board).
    ("opening_lead_faced", || Type::Bool),
    ("case_ended", || Type::Bool),
    // At a claim or a concession (Law 68): the tricks not yet complete, and whether the
    // claimer put it as a concession.
    ("tricks_left", || Type::Int),
    ("conceded", || Type::Bool),
    // What the claimer said concerns the trick in progress alone, as the case says (68).
    ("claim_of_trick_in_progress", || Type::Bool),
    // The players who claimed or conceded tricks, in order (63A3, 63A4: a claim establishes
    // a revoke).
    ("claimers", || Type::List(Box::new(Type::Seat))),
    // The cards led or played since the last claim or concession: none while the play
    // stays suspended (68D), some once it went on after an objection (68D2(b)).
    ("cards_since_claim", || Type::Int),
    // The facts a claim is judged on (Law 70): the tricks the claimer's side wins on the
    // worst line his statement leaves open and double dummy, and whether an opponent holds a
    // trump the statement does not name (70C1).
    ("claim_facts_known", || Type::Bool),
    // The claimer stated a line of play with his claim (68C), or stated none (70E).
    ("line_stated", || Type::Bool),
    ("line_tricks", || Type::Int),
    ("dd_tricks", || Type::Int),
    ("trump_outstanding", || Type::Bool),
];

pub fn state(name: &str) -> Option<Type> {
    STATE.iter().find(|(n, _)| *n == name).map(|(_, t)| t())
}

/// Fields of the model's records.
pub fn field(of: &Type, name: &str) -> Option<Type> {
    Some(match (of, name) {
        (Type::Entry, "seat") => Type::Seat,
        (Type::Entry, "call") => Type::Call,
        (Type::Entry, "index") => Type::Int,
        (Type::Play, "seat") => Type::Seat,
        (Type::Play, "card") => Type::Card,
        (Type::Play, "trick") => Type::Int,
        (Type::Conduct, "seat") => Type::Seat,
        (Type::Conduct, "kind") => Type::Text,
        (Type::Conduct, "trick") => Type::Int,
        (Type::Conduct, "in_trick") => Type::Int,
        _ => return None,
    })
}

/// What the table asks the law book: each name, its parameters and result, and why.
/// The bodies the Laws leave choices to (the Definitions' Regulating Authority and
/// Tournament Organizer), as `delegated to` names them.
pub const DELEGATES: [&str; 2] = ["regulating_authority", "tournament_organizer"];

pub const ENTRY_POINTS: &[(&str, &[(&str, fn() -> Type)], fn() -> Type, &str)] = &[
    (
        "board_dealer",
        &[("board", || Type::Int)],
        || Type::Seat,
        "the dealer of a board (Law 2)",
    ),
    (
        "board_vulnerable",
        &[("board", || Type::Int), ("side", || Type::Side)],
        || Type::Bool,
        "the vulnerability of a board (Law 2)",
    ),
    (
        "turn",
        &[],
        || Type::Seat,
        "whose turn it is to call (Law 17)",
    ),
    (
        "claim_suit_from_the_top",
        &[],
        || Type::Bool,
        "whether a claimer's side is deemed to play each suit from the top where the claim did not state the order (Law 70E2)",
    ),
    (
        "auction_ended",
        &[],
        || Type::Bool,
        "when the auction has ended (Law 22)",
    ),
    (
        "passed_out",
        &[],
        || Type::Bool,
        "whether all four players passed (Law 22B)",
    ),
    (
        "final_bid",
        &[],
        || Type::Call,
        "the bid that becomes the contract (Law 22A)",
    ),
    (
        "contract_risk",
        &[],
        || Type::Int,
        "whether the contract is undoubled (1), doubled (2) or redoubled (4) (Law 19D)",
    ),
    (
        "declarer",
        &[],
        || Type::Seat,
        "who is declarer (Definitions)",
    ),
    (
        "opening_leader",
        &[],
        || Type::Seat,
        "who makes the opening lead (Law 41A)",
    ),
    (
        "legal_play",
        &[
            ("card", || Type::Card),
            ("trick", || Type::List(Box::new(Type::Play))),
            ("hand", || Type::List(Box::new(Type::Card))),
        ],
        || Type::Bool,
        "whether a play follows suit as it must (Law 44C, 44D)",
    ),
    (
        "first_of_simultaneous",
        &[("a", || Type::Seat), ("b", || Type::Seat)],
        || Type::Seat,
        "which of two simultaneous calls counts first (Law 33)",
    ),
    (
        "auction_period_over",
        &[],
        || Type::Bool,
        "whether the auction period is over, and a cancelled call no longer reopens the auction (Law 17D1)",
    ),
    (
        "first_of_simultaneous_plays",
        &[("a", || Type::Seat), ("b", || Type::Seat)],
        || Type::Seat,
        "which of two cards played at the same moment counts first (Law 58A)",
    ),
    (
        "next_to_play",
        &[("player", || Type::Seat)],
        || Type::Seat,
        "who plays next to a trick (Law 44B)",
    ),
    (
        "next_leader",
        &[
            ("trick", || Type::List(Box::new(Type::Play))),
            ("trumps", || Type::Strain),
        ],
        || Type::Seat,
        "who leads to the next trick (Law 44G)",
    ),
    (
        "total_points",
        &[("scores", || Type::List(Box::new(Type::Int)))],
        || Type::Int,
        "a total of net scores (Law 78C)",
    ),
    (
        "trick_winner",
        &[
            ("trick", || Type::List(Box::new(Type::Play))),
            ("trumps", || Type::Strain),
        ],
        || Type::Seat,
        "who wins a trick (Law 44E, 44F)",
    ),
    (
        "score",
        &[
            ("level", || Type::Int),
            ("strain", || Type::Strain),
            ("risk", || Type::Int),
            ("vulnerable", || Type::Bool),
            ("tricks", || Type::Int),
        ],
        || Type::Int,
        "the score of a contract (Law 77)",
    ),
    (
        "passed_out_score",
        &[],
        || Type::Int,
        "the score of a passed-out board (Law 77)",
    ),
    (
        "imps",
        &[("difference", || Type::Int)],
        || Type::Int,
        "the IMP scale (Law 78B)",
    ),
    (
        "designated_cards",
        &[
            ("word", || Type::Text),
            ("suit_named", || Type::Bool),
            ("s", || Type::Suit),
            ("rank_named", || Type::Bool),
            ("r", || Type::Rank),
        ],
        || Type::List(Box::new(Type::Card)),
        "the cards of dummy an incomplete designation calls (Law 46B)",
    ),
    (
        "artificial_percent",
        &[("fault", || Type::Int), ("session", || Type::Decimal)],
        || Type::Decimal,
        "an artificial adjusted score in a pairs event, per cent (Law 12C2(a), (c))",
    ),
    (
        "artificial_from_session",
        &[("fault", || Type::Int), ("session", || Type::Decimal)],
        || Type::Bool,
        "whether an artificial adjusted score is the side's result on the session's other boards (Law 12C2(c))",
    ),
    (
        "artificial_imps",
        &[("fault", || Type::Int)],
        || Type::Int,
        "an artificial adjusted score in IMPs (Law 12C2(b))",
    ),
    (
        "matchpoints",
        &[
            ("score", || Type::Int),
            ("others", || Type::List(Box::new(Type::Int))),
        ],
        || Type::Int,
        "matchpoints on a board (Law 78A)",
    ),
];
