//! The game model: what is at the table, as data. Nothing here decides a rule of the Laws;
//! the law book does that. The model only names things (seats, cards, calls) and holds
//! what happened.

mod call;
mod card;
mod deal;
mod seat;

pub use call::{Call, Meaning, ParseCallError};
pub use card::{Card, Rank, Strain, Suit};
pub use deal::{Deal, DealError, Hand};
pub use seat::{Seat, Side};

/// The Director's answer to a finding: yes or no, or, for a finding with a range, the number
/// he finds (the tricks of the least successful normal line: 70D1, 71), which a case may also
/// give as the least or the most the range allows where it is asked (the worst line of all
/// is normal: the same answer under a regulation whose table computes another least).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    YesNo(bool),
    Number(i64),
    Least,
    Most,
}

impl std::fmt::Display for Answer {
    /// As the tree labels a branch and JSON writes it: `yes`, `no`, or the number.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Answer::YesNo(true) => f.write_str("yes"),
            Answer::YesNo(false) => f.write_str("no"),
            Answer::Number(n) => write!(f, "{n}"),
            Answer::Least => f.write_str("least"),
            Answer::Most => f.write_str("most"),
        }
    }
}
