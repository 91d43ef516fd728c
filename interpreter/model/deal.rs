//! Hands and deals, read from the PBN deal notation `N:AKQ2.K32.Q43.J32 ...`. A deal with a
//! card twice, a card missing or a hand that is not thirteen cards is an input error whose
//! span (byte offsets into the deal text) says where.

use super::card::{Card, Rank, Suit};
use super::seat::Seat;
use crate::messages::Message;
use serde::{Serialize, Serializer};
use std::ops::Range;

/// A set of cards, as a bit set over the 52 cards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hand(pub u64);

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    pub hands: [Hand; 4],
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealError {
    /// Said in the case's language (a deal written in Slovak names its seats as Slovak does).
    pub message: Message,
    pub help: Message,
    /// Byte range in the deal text.
    pub span: Range<usize>,
}

impl Hand {
    pub fn contains(self, c: Card) -> bool {
        self.0 & (1 << c.index()) != 0
    }
    pub fn insert(&mut self, c: Card) {
        self.0 |= 1 << c.index();
    }
    pub fn remove(&mut self, c: Card) {
        self.0 &= !(1 << c.index());
    }
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn cards(self) -> impl Iterator<Item = Card> {
        (0..52)
            .rev()
            .filter(move |i| self.0 & (1 << i) != 0)
            .map(Card::from_index)
    }
    pub fn has_suit(self, s: Suit) -> bool {
        self.0 & (0x1fff << (s as usize * 13)) != 0
    }

    /// PBN hand notation: spades.hearts.diamonds.clubs, high to low.
    pub fn pbn(self) -> String {
        Suit::ALL
            .iter()
            .map(|&s| {
                self.cards()
                    .filter(|c| c.suit == s)
                    .map(|c| c.rank.letter())
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join(".")
    }
}

impl Serialize for Hand {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.pbn())
    }
}

impl Deal {
    pub fn hand(&self, seat: Seat) -> Hand {
        self.hands[seat.index()]
    }

    /// Parse `F:h1 h2 h3 h4`, where F is the first hand's seat and the hands follow clockwise.
    /// A hand may be `-` (unknown) only if `allow_unknown`; otherwise all 52 cards must be dealt.
    pub fn parse_pbn(text: &str) -> Result<Deal, DealError> {
        let err = |message: Message, help: &'static str, span: Range<usize>| DealError {
            message,
            help: Message::new(help),
            span,
        };
        let colon = text.find(':').ok_or_else(|| {
            err(
                Message::new("deal.no_colon"),
                "deal.no_colon.help",
                0..text.len().min(1),
            )
        })?;
        let first_text = text[..colon].trim();
        let first = match first_text.chars().next() {
            Some(c) if first_text.chars().count() == 1 => Seat::from_letter(c),
            _ => None,
        }
        .ok_or_else(|| {
            err(
                Message::new("deal.not_a_seat").with("word", first_text),
                "deal.not_a_seat.help",
                0..colon,
            )
        })?;
        let mut hands = [Hand::default(); 4];
        let mut seen: [Option<(Seat, Range<usize>)>; 52] = std::array::from_fn(|_| None);
        let mut n_hands = 0;
        let body_start = colon + 1;
        for (start, word) in words(&text[body_start..]) {
            let start = body_start + start;
            let span = start..start + word.len();
            if n_hands == 4 {
                return Err(err(
                    Message::new("deal.fifth_hand"),
                    "deal.fifth_hand.help",
                    span,
                ));
            }
            let seat = Seat::from_index(first.index() + n_hands);
            n_hands += 1;
            let suits: Vec<&str> = word.split('.').collect();
            if suits.len() != 4 {
                return Err(err(
                    Message::new("deal.suits")
                        .with("seat", seat)
                        .with("n", suits.len()),
                    "deal.suits.help",
                    span,
                ));
            }
            let mut offset = start;
            for (suit, ranks) in Suit::ALL.iter().zip(&suits) {
                for (i, ch) in ranks.char_indices() {
                    let cspan = offset + i..offset + i + ch.len_utf8();
                    let rank = Rank::from_char(ch).ok_or_else(|| {
                        err(
                            Message::new("deal.not_a_rank").with("word", ch.to_string()),
                            "deal.not_a_rank.help",
                            cspan.clone(),
                        )
                    })?;
                    let card = Card::new(*suit, rank);
                    if let Some((other, _)) = &seen[card.index()] {
                        return Err(err(
                            Message::new("deal.twice")
                                .with("card", card)
                                .with("other", *other)
                                .with("seat", seat),
                            "deal.twice.help",
                            cspan,
                        ));
                    }
                    seen[card.index()] = Some((seat, cspan));
                    hands[seat.index()].insert(card);
                }
                offset += ranks.len() + 1;
            }
            if hands[seat.index()].len() != 13 {
                return Err(err(
                    Message::new("deal.cards")
                        .with("seat", seat)
                        .with("n", hands[seat.index()].len()),
                    "deal.cards.help",
                    span,
                ));
            }
        }
        if n_hands != 4 {
            return Err(err(
                Message::new("deal.hands").with("n", n_hands),
                "deal.hands.help",
                0..text.len(),
            ));
        }
        Ok(Deal { hands })
    }

    pub fn pbn(&self) -> String {
        format!(
            "N:{}",
            Seat::ALL
                .iter()
                .map(|s| self.hand(*s).pbn())
                .collect::<Vec<_>>()
                .join(" ")
        )
    }
}

impl Serialize for Deal {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.pbn())
    }
}

/// Whitespace-separated words with their byte offsets.
fn words(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split_whitespace()
        .map(move |w| (w.as_ptr() as usize - text.as_ptr() as usize, w))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    const DEAL: &str = "W:82.AJ4.A854.A852 KJ9.KT653.JT.KT9 AQT65..Q9762.QJ3 743.Q9872.K3.764";

    #[test]
    fn reads_and_writes_pbn() {
        let d = Deal::parse_pbn(DEAL).unwrap();
        assert_eq!(d.hand(Seat::West).pbn(), "82.AJ4.A854.A852");
        assert_eq!(d.hand(Seat::East).pbn(), "AQT65..Q9762.QJ3");
        assert_eq!(Deal::parse_pbn(&d.pbn()).unwrap(), d);
    }

    #[rstest]
    #[case("W:82.AJ4.A854.A852 KJ9.KT653.JT.KT9 AQT65..Q9762.QJ3", "3 hands", 0..0)]
    #[case("W:82.AJ4.A854.A85 KJ9.KT653.JT.KT9 AQT65..Q9762.QJ3 743.Q9872.K3.764", "12 cards", 2..17)]
    #[case("W:82.AJ4.A854.A852 KJ9.KT653.JT.KT9 AQT65..Q9762.QJ3 743.Q9872.K3.762", "twice", 68..69)]
    #[case("W:82.AJ4.A854.A8X2 KJ9.KT653.JT.KT9 AQT65..Q9762.QJ3 743.Q9872.K3.764", "not a card rank", 16..17)]
    #[case("Q:82.AJ4.A854.A852", "not a seat", 0..1)]
    #[case("W:82.AJ4.A854 KJ9.KT653.JT.KT9", "3 suits", 2..13)]
    fn rejects_bad_deals(#[case] text: &str, #[case] needle: &str, #[case] span: Range<usize>) {
        let e = Deal::parse_pbn(text).unwrap_err();
        assert!(e.message.to_string().contains(needle), "{}", e.message);
        if span != (0..0) {
            assert_eq!(e.span, span, "{}", e.message);
        }
    }
}
