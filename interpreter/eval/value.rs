//! Values of the law language at run time.

use super::probe::{self, Held};
use crate::model::{Call, Card, Meaning, Rank, Seat, Side, Strain, Suit};
use std::fmt;
use std::rc::Rc;

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub seat: Seat,
    /// Read through `probe::read` (with `held`), or as text only in what the decision tree
    /// does not compare.
    pub call: Call,
    /// Its place in the list it was read from (`auction`, `calls_in_rotation`,
    /// `calls_made`).
    pub index: u32,
    /// The table's record of the call (`withdraw` finds the call by it, whatever list the
    /// entry came from); not compared.
    pub rec: u32,
    pub meaning: Meaning,
    pub held: Held,
}

impl Entry {
    /// The call, as the law book reads it (`probe::read`).
    #[inline]
    pub fn read_call(&self) -> Call {
        probe::read(self.call, self.held)
    }
}

impl PartialEq for Entry {
    fn eq(&self, other: &Entry) -> bool {
        self.seat == other.seat
            && self.index == other.index
            && self.meaning == other.meaning
            && same_call((self.call, self.held), (other.call, other.held))
    }
}

/// Two calls equal, as the law book compares them: a call the probe holds is equal to
/// itself without being read (it stands for the same call whichever call it is), and read
/// when compared with another.
#[inline]
pub fn same_call(a: (Call, Held), b: (Call, Held)) -> bool {
    if a.1 == b.1 && a.1 != Held::NONE {
        return true;
    }
    let b = probe::read(b.0, b.1);
    probe::read_as(a.0, a.1, probe::Aspect::Is(b)) == b
}

#[derive(Clone, Debug)]
pub enum Value {
    Int(i64),
    Decimal(rust_decimal::Decimal),
    Bool(bool),
    Text(Rc<str>),
    Seat(Seat),
    Side(Side),
    Suit(Suit),
    Strain(Strain),
    Rank(Rank),
    Card(Card),
    /// A call and how it was meant (natural, or artificial and what it specifies), and
    /// whether a probe holds it (`probe`: read it through `probe::read`).
    Call(Call, Meaning, Held),
    Entry(Entry),
    /// A card played: who played it, the card, the trick it was played to (1 to 13).
    Play(Seat, Card, u8),
    /// Something a player did that is neither a call nor a card (`conduct`): who, what, the
    /// trick in progress (or the next; 0 in the auction), and how many cards that trick held
    /// then.
    Conduct(Seat, Rc<str>, u8, u8),
    Obligation(Rc<str>),
    List(Rc<Vec<Value>>),
}

impl Value {
    /// A strain's place among the enumerated values (`enum_index`), without a value built
    /// (and dropped) for it: what a caller of a typed entry passes for a strain.
    #[inline]
    pub const fn strain_place(s: crate::model::Strain) -> usize {
        6 + s as usize
    }

    /// Where a value of a small enumerated type (seat, side, suit, strain, rank, truth value)
    /// sits among all of them (26 places): two such values are equal exactly when their
    /// places are. A suit sits where its strain does, since the two are equal.
    #[inline]
    pub fn enum_index(&self) -> Option<usize> {
        Some(match self {
            Value::Seat(s) => s.index(),
            Value::Side(s) => 4 + *s as usize,
            Value::Suit(s) => Value::strain_place(s.strain()),
            Value::Strain(s) => Value::strain_place(*s),
            Value::Rank(r) => 11 + usize::from(r.0.checked_sub(2).filter(|r| *r < 13)?),
            Value::Bool(b) => 24 + usize::from(*b),
            _ => return None,
        })
    }

    /// The number of places `enum_index` gives.
    pub const ENUM_PLACES: usize = 26;
}

impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        use Value::*;
        match (self, other) {
            (Int(a), Int(b)) => a == b,
            (Decimal(a), Decimal(b)) => a == b,
            (Bool(a), Bool(b)) => a == b,
            (Text(a), Text(b)) => a == b,
            (Seat(a), Seat(b)) => a == b,
            (Side(a), Side(b)) => a == b,
            (Suit(a), Suit(b)) => a == b,
            (Strain(a), Strain(b)) => a == b,
            (Suit(a), Strain(b)) | (Strain(b), Suit(a)) => a.strain() == *b,
            (Rank(a), Rank(b)) => a == b,
            (Card(a), Card(b)) => a == b,
            // How a call was meant is a fact about the call made, not which call it is.
            (Call(a, _, x), Call(b, _, y)) => same_call((*a, *x), (*b, *y)),
            (Entry(a), Entry(b)) => a == b,
            (Play(a, x, s), Play(b, y, t)) => a == b && x == y && s == t,
            (Conduct(a, k, s, n), Conduct(b, l, t, m)) => a == b && k == l && s == t && n == m,
            (Obligation(a), Obligation(b)) => a == b,
            (List(a), List(b)) => a == b,
            _ => false,
        }
    }
}

impl Value {
    /// The bid this value is, as the engine reads it (`probe::read`: a call a probe holds
    /// keeps no call after): its level and strain; none for another call or value.
    pub fn read_bid(&self) -> Option<(u8, Strain)> {
        match self {
            Value::Call(c, _, held) => match probe::read(*c, *held) {
                Call::Bid { level, strain } => Some((level, strain)),
                _ => None,
            },
            _ => None,
        }
    }
}

/// Two values the same, nothing read: a call a probe holds stands for itself (`probe`).
/// What two evaluations of one question for two calls give is compared so.
pub fn same_value(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Call(c, m, h), Value::Call(d, n, k)) => {
            h == k && m == n && (c == d || *h != Held::NONE)
        }
        (Value::Entry(x), Value::Entry(y)) => {
            x.seat == y.seat
                && x.index == y.index
                && x.meaning == y.meaning
                && x.held == y.held
                && (x.call == y.call || x.held != Held::NONE)
        }
        (Value::List(xs), Value::List(ys)) => {
            xs.len() == ys.len() && xs.iter().zip(ys.iter()).all(|(x, y)| same_value(x, y))
        }
        (Value::Call(..) | Value::Entry(..) | Value::List(_), _)
        | (_, Value::Call(..) | Value::Entry(..) | Value::List(_)) => false,
        _ => a == b,
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(i) => write!(f, "{i}"),
            Value::Decimal(d) => write!(f, "{d}"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Text(t) => write!(f, "{t}"),
            Value::Seat(s) => write!(f, "{s}"),
            Value::Side(s) => write!(f, "{s}"),
            Value::Suit(s) => write!(f, "{s}"),
            Value::Strain(s) => write!(f, "{s}"),
            Value::Rank(r) => write!(f, "{}", r.letter()),
            Value::Card(c) => write!(f, "{c}"),
            Value::Call(c, _, held) => write!(f, "{}", probe::read(*c, *held)),
            Value::Entry(e) => write!(f, "{} {}", e.seat, e.read_call()),
            Value::Play(s, c, _) => write!(f, "{s} {c}"),
            Value::Conduct(s, k, ..) => write!(f, "{s} {k}"),
            Value::Obligation(o) => write!(f, "{o}"),
            Value::List(xs) => {
                f.write_str("[")?;
                for (i, x) in xs.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{x}")?;
                }
                f.write_str("]")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    /// A value is moved and copied at every step of an evaluation: it stays three words. An
    /// entry carries its call's record in the room a 32-bit index leaves (`Entry`).
    #[test]
    fn a_value_is_three_words() {
        assert!(std::mem::size_of::<super::Value>() <= 3 * std::mem::size_of::<usize>());
        assert!(std::mem::size_of::<super::Entry>() <= 2 * std::mem::size_of::<usize>());
    }
}
