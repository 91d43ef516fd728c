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
