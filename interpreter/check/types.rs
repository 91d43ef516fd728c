//! The types of the law language.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    Int,
    /// An exact decimal (`60.5`): its own type, as in Catala: an int is not a decimal, so
    /// `40` and `40.0` are never mixed by accident; write the int as a decimal.
    Decimal,
    Bool,
    Text,
    Seat,
    Side,
    Suit,
    Strain,
    Rank,
    Card,
    Call,
    /// A call in the auction: its seat, its call and its index.
    Entry,
    /// A card played to a trick: its seat and its card.
    Play,
    /// Something a player did that is neither a call nor a card: its seat, kind, trick.
    Conduct,
    Obligation,
    List(Box<Type>),
    /// The element type of an empty list, or an error already reported.
    Any,
}

impl Type {
    pub fn from_name(name: &str) -> Option<Type> {
        Some(match name {
            "int" => Type::Int,
            "decimal" => Type::Decimal,
            "bool" => Type::Bool,
            "text" => Type::Text,
            "seat" => Type::Seat,
            "side" => Type::Side,
            "suit" => Type::Suit,
            "strain" => Type::Strain,
            "rank" => Type::Rank,
            "card" => Type::Card,
            "call" => Type::Call,
            "entry" => Type::Entry,
            "play" => Type::Play,
            "conduct" => Type::Conduct,
            _ => return None,
        })
    }

    pub const NAMES: [&'static str; 14] = [
        "int", "decimal", "bool", "text", "seat", "side", "suit", "strain", "rank", "card", "call",
        "entry", "play", "conduct",
    ];

    /// Whether a value of type `self` may stand where `want` is expected. A suit is a strain.
    pub fn fits(&self, want: &Type) -> bool {
        match (self, want) {
            (Type::Any, _) | (_, Type::Any) => true,
            (Type::Suit, Type::Strain) => true,
            (Type::List(a), Type::List(b)) => a.fits(b),
            (a, b) => a == b,
        }
    }

    /// Whether two values may be compared with == and !=.
    pub fn comparable(&self, other: &Type) -> bool {
        self.fits(other) || other.fits(self)
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::List(t) => write!(f, "list<{t}>"),
            Type::Any => f.write_str("any"),
            t => f.write_str(match t {
                Type::Int => "int",
                Type::Decimal => "decimal",
                Type::Bool => "bool",
                Type::Text => "text",
                Type::Seat => "seat",
                Type::Side => "side",
                Type::Suit => "suit",
                Type::Strain => "strain",
                Type::Rank => "rank",
                Type::Card => "card",
                Type::Call => "call",
                Type::Entry => "entry",
                Type::Play => "play",
                Type::Conduct => "conduct",
                Type::Obligation => "obligation",
                _ => unreachable!(),
            }),
        }
    }
}
