//! Seats around the table and the two sides. "Left" and "right" are the table's geometry
//! (clockwise is N, E, S, W); who calls or plays next is a rule of the Laws, not decided here.

use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Seat {
    North,
    East,
    South,
    West,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    NorthSouth,
    EastWest,
}

impl Seat {
    pub const ALL: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Seat {
        Seat::ALL[i % 4]
    }

    /// The player on this seat's left: the next seat clockwise.
    pub fn lho(self) -> Seat {
        Seat::from_index(self.index() + 1)
    }

    /// The player on this seat's right.
    pub fn rho(self) -> Seat {
        Seat::from_index(self.index() + 3)
    }

    pub fn partner(self) -> Seat {
        Seat::from_index(self.index() + 2)
    }

    pub fn side(self) -> Side {
        match self {
            Seat::North | Seat::South => Side::NorthSouth,
            Seat::East | Seat::West => Side::EastWest,
        }
    }

    /// The English letter, as PBN writes it.
    pub fn letter(self) -> char {
        ['N', 'E', 'S', 'W'][self.index()]
    }

    pub fn from_letter(c: char) -> Option<Seat> {
        match c.to_ascii_uppercase() {
            'N' => Some(Seat::North),
            'E' => Some(Seat::East),
            'S' => Some(Seat::South),
            'W' => Some(Seat::West),
            _ => None,
        }
    }
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::NorthSouth => Side::EastWest,
            Side::EastWest => Side::NorthSouth,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::NorthSouth => "NS",
            Side::EastWest => "EW",
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case(Seat::North, Seat::East, Seat::West, Seat::South)]
    #[case(Seat::East, Seat::South, Seat::North, Seat::West)]
    #[case(Seat::South, Seat::West, Seat::East, Seat::North)]
    #[case(Seat::West, Seat::North, Seat::South, Seat::East)]
    fn geometry(#[case] s: Seat, #[case] lho: Seat, #[case] rho: Seat, #[case] partner: Seat) {
        assert_eq!(s.lho(), lho);
        assert_eq!(s.rho(), rho);
        assert_eq!(s.partner(), partner);
        assert_eq!(s.partner().side(), s.side());
        assert_ne!(s.lho().side(), s.side());
    }
}
