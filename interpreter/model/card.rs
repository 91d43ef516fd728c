//! Suits, strains (denominations), ranks and cards. The order of suits and ranks is Law 1
//! and Law 18E; the law book defines those orders as tables. The model keeps a fixed
//! enumeration order only so that cards can be stored and printed.

use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

/// A denomination: a suit or no trump.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Strain {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
    NoTrump,
}

/// A card rank, 2..=14 (14 is the ace).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Rank(pub u8);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Card {
    pub suit: Suit,
    pub rank: Rank,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    pub fn letter(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        }
    }

    pub fn symbol(self) -> char {
        match self {
            Suit::Spades => '♠',
            Suit::Hearts => '♥',
            Suit::Diamonds => '♦',
            Suit::Clubs => '♣',
        }
    }

    /// English letter or a suit symbol (filled or outlined).
    pub fn from_char(c: char) -> Option<Suit> {
        match c {
            'S' | 's' | '♠' | '♤' => Some(Suit::Spades),
            'H' | 'h' | '♥' | '♡' => Some(Suit::Hearts),
            'D' | 'd' | '♦' | '♢' => Some(Suit::Diamonds),
            'C' | 'c' | '♣' | '♧' => Some(Suit::Clubs),
            _ => None,
        }
    }

    pub fn strain(self) -> Strain {
        match self {
            Suit::Clubs => Strain::Clubs,
            Suit::Diamonds => Strain::Diamonds,
            Suit::Hearts => Strain::Hearts,
            Suit::Spades => Strain::Spades,
        }
    }
}

impl Strain {
    pub const ALL: [Strain; 5] = [
        Strain::Clubs,
        Strain::Diamonds,
        Strain::Hearts,
        Strain::Spades,
        Strain::NoTrump,
    ];

    pub fn suit(self) -> Option<Suit> {
        match self {
            Strain::Clubs => Some(Suit::Clubs),
            Strain::Diamonds => Some(Suit::Diamonds),
            Strain::Hearts => Some(Suit::Hearts),
            Strain::Spades => Some(Suit::Spades),
            Strain::NoTrump => None,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Strain::Clubs => "C",
            Strain::Diamonds => "D",
            Strain::Hearts => "H",
            Strain::Spades => "S",
            Strain::NoTrump => "NT",
        }
    }
}

impl Rank {
    pub const ACE: Rank = Rank(14);

    /// English rank letters as PBN writes them: A K Q J T, 9..2.
    pub fn from_char(c: char) -> Option<Rank> {
        Some(Rank(match c.to_ascii_uppercase() {
            'A' => 14,
            'K' => 13,
            'Q' => 12,
            'J' => 11,
            'T' => 10,
            d @ '2'..='9' => d as u8 - b'0',
            _ => return None,
        }))
    }

    pub fn letter(self) -> char {
        match self.0 {
            14 => 'A',
            13 => 'K',
            12 => 'Q',
            11 => 'J',
            10 => 'T',
            n => (b'0' + n) as char,
        }
    }
}

impl Card {
    pub fn new(suit: Suit, rank: Rank) -> Card {
        Card { suit, rank }
    }

    /// A card written suit first, as PBN play records do: "SA", "H9", "DT".
    pub fn parse(text: &str) -> Option<Card> {
        let mut chars = text.chars();
        let suit = Suit::from_char(chars.next()?)?;
        // The rest read in place: the renderings try every word of a ruling's data as cards.
        let rest = chars.as_str();
        let rank = match rest {
            "10" => Rank(10),
            r => {
                let mut one = r.chars();
                match (one.next(), one.next()) {
                    (Some(c), None) => Rank::from_char(c)?,
                    _ => return None,
                }
            }
        };
        Some(Card { suit, rank })
    }

    /// 0..52, for bit sets.
    pub fn index(self) -> usize {
        self.suit as usize * 13 + (self.rank.0 as usize - 2)
    }

    pub fn from_index(i: usize) -> Card {
        let suit = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades][i / 13];
        Card::new(suit, Rank((i % 13) as u8 + 2))
    }
}

impl fmt::Display for Strain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.suit() {
            Some(s) => write!(f, "{}", s.symbol()),
            None => f.write_str("NT"),
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.suit.symbol(), self.rank.letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("SA", Suit::Spades, 14)]
    #[case("HT", Suit::Hearts, 10)]
    #[case("H10", Suit::Hearts, 10)]
    #[case("D2", Suit::Diamonds, 2)]
    #[case("♣Q", Suit::Clubs, 12)]
    fn parse_card(#[case] text: &str, #[case] suit: Suit, #[case] rank: u8) {
        assert_eq!(Card::parse(text), Some(Card::new(suit, Rank(rank))));
    }

    #[rstest]
    #[case("")]
    #[case("X5")]
    #[case("S1")]
    #[case("S11")]
    fn reject_card(#[case] text: &str) {
        assert_eq!(Card::parse(text), None);
    }

    /// A card read in place is the card read through a copy of its rank's text, as
    /// `parse` read it before: on 50,000 generated texts of suits, ranks and more.
    #[test]
    fn a_card_reads_as_it_did_through_a_copy_of_its_rank() {
        fn parse_as_before(text: &str) -> Option<Card> {
            let mut chars = text.chars();
            let suit = Suit::from_char(chars.next()?)?;
            let rest: String = chars.collect();
            let rank = match rest.as_str() {
                "10" => Rank(10),
                r if r.chars().count() == 1 => Rank::from_char(r.chars().next()?)?,
                _ => return None,
            };
            Some(Card { suit, rank })
        }
        let alphabet = [
            'S', 's', 'H', 'D', 'C', '♠', '♥', '♦', '♣', 'A', 'K', 'Q', 'J', 'T', 't', '1', '0',
            '2', '9', 'x', ' ', 'é',
        ];
        let mut rng = crate::generated::Xorshift(0x3c6e_f372_fe94_f82b);
        let mut cards = 0;
        for _ in 0..50_000 {
            let s = rng.string(&alphabet, 5);
            assert_eq!(Card::parse(&s), parse_as_before(&s), "{s:?}");
            cards += usize::from(Card::parse(&s).is_some());
        }
        assert!(cards > 1_000, "{cards} texts were cards");
    }

    #[test]
    fn index_round_trip() {
        for i in 0..52 {
            assert_eq!(Card::from_index(i).index(), i);
        }
    }
}
