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

/// The cards of a hand, highest index first (`Hand::cards`).
#[derive(Clone, Copy, Debug)]
pub struct Cards(u64);

impl Iterator for Cards {
    type Item = Card;
    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = 63 - self.0.leading_zeros() as usize;
        self.0 &= !(1 << i);
        Some(Card::from_index(i))
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Cards {}

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
    /// The cards, highest index first (spades down to clubs, each from the ace down). An
    /// exact-size iterator, so a list of them is allocated once.
    pub fn cards(self) -> Cards {
        Cards(self.0 & ((1 << 52) - 1))
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
        match Deal::parse_plain(text) {
            Some(deal) => Ok(deal),
            None => Deal::parse_full(text),
        }
    }

    /// `parse_pbn` for any text: the deal, or what is wrong with it and where.
    fn parse_full(text: &str) -> Result<Deal, DealError> {
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
        // Who holds each card read so far.
        let mut seen: [Option<Seat>; 52] = [None; 52];
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
            let n_suits = word.bytes().filter(|&c| c == b'.').count() + 1;
            if n_suits != 4 {
                return Err(err(
                    Message::new("deal.suits")
                        .with("seat", seat)
                        .with("n", n_suits),
                    "deal.suits.help",
                    span,
                ));
            }
            let mut offset = start;
            for (suit, ranks) in Suit::ALL.iter().zip(word.split('.')) {
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
                    if let Some(other) = seen[card.index()] {
                        return Err(err(
                            Message::new("deal.twice")
                                .with("card", card)
                                .with("other", other)
                                .with("seat", seat),
                            "deal.twice.help",
                            cspan,
                        ));
                    }
                    seen[card.index()] = Some(seat);
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

    /// The common case quickly, a byte at a time: `F:` and four hands of four suits, 52
    /// different cards, 13 a hand, in ASCII. Anything else (an error, a space before the
    /// colon, other white space) is left to `parse_full`, which reads it the same way or
    /// says what is wrong.
    fn parse_plain(text: &str) -> Option<Deal> {
        let b = text.as_bytes();
        if b.len() < 2 || b[1] != b':' || !b[0].is_ascii() {
            return None;
        }
        let first = Seat::from_letter(b[0] as char)?;
        let mut hands = [Hand::default(); 4];
        let (mut all, mut hand, mut suit, mut in_hand) = (0u64, 0usize, 0usize, false);
        for &c in &b[2..] {
            if c == b' ' {
                if in_hand {
                    if suit != 3 {
                        return None;
                    }
                    (hand, suit, in_hand) = (hand + 1, 0, false);
                }
                continue;
            }
            if !in_hand {
                if hand == 4 {
                    return None;
                }
                in_hand = true;
            }
            if c == b'.' {
                suit += 1;
                if suit > 3 {
                    return None;
                }
                continue;
            }
            if !c.is_ascii() {
                return None;
            }
            let card = Card::new(Suit::ALL[suit], Rank::from_char(char::from(c))?);
            let bit = 1u64 << card.index();
            if all & bit != 0 {
                return None;
            }
            all |= bit;
            hands[Seat::from_index(first.index() + hand).index()].0 |= bit;
        }
        if in_hand {
            if suit != 3 {
                return None;
            }
            hand += 1;
        }
        (hand == 4 && hands.iter().all(|h| h.len() == 13)).then_some(Deal { hands })
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

    #[test]
    fn a_hands_cards_come_highest_index_first_and_exactly_counted() {
        let old = |h: Hand| -> Vec<Card> {
            (0..52)
                .rev()
                .filter(|i| h.0 & (1u64 << i) != 0)
                .map(Card::from_index)
                .collect()
        };
        // Empty, full, one card at each end, a dealt hand, and bits above the 52 cards.
        for bits in [
            0,
            (1u64 << 52) - 1,
            1,
            1 << 51,
            0x000a_5a5a_0f0f_3c3c,
            u64::MAX,
        ] {
            let h = Hand(bits);
            let cards: Vec<Card> = h.cards().collect();
            assert_eq!(cards, old(h), "{bits:#x}");
            assert_eq!(h.cards().len(), cards.len());
        }
    }
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

    #[test]
    fn the_quick_reading_is_the_full_one() {
        // Every deal the quick path takes, the full reader reads the same; whatever it
        // leaves (errors, other spacing) the full reader decides.
        let plain = "N:82.AJ4.A854.A852 KJ9.KT653.JT.KT9 AQT65..Q9762.QJ3 743.Q9872.K3.764";
        let spaced = "N:82.AJ4.A854.A852  KJ9.KT653.JT.KT9\tAQT65..Q9762.QJ3 743.Q9872.K3.764 ";
        let lower = "e:82.aj4.a854.a852 kj9.kt653.jt.kt9 aqt65..q9762.qj3 743.q9872.k3.764";
        for text in [plain, spaced, lower, DEAL] {
            let quick = Deal::parse_plain(text);
            if let Some(d) = &quick {
                assert_eq!(Some(d), Deal::parse_full(text).ok().as_ref(), "{text}");
            }
        }
        assert!(Deal::parse_plain(plain).is_some());
        assert!(Deal::parse_plain(lower).is_some());
        assert!(Deal::parse_plain(DEAL).is_some());
        // A tab is white space to the full reader only.
        assert!(Deal::parse_plain(spaced).is_none());
        assert!(Deal::parse_pbn(spaced).is_ok());
        assert_eq!(
            Deal::parse_plain(lower).unwrap().hand(Seat::East).pbn(),
            "82.AJ4.A854.A852"
        );
        for bad in [
            "N:82.AJ4.A854.A852 KJ9.KT653.JT.KT9 AQT65..Q9762.QJ3",
            "N:82.AJ4.A854.A852 KJ9.KT653.JT.KT9 AQT65..Q9762.QJ3 743.Q9872.K3.76",
            "N:82.AJ4.A854.A852 KJ9.KT653.JT.KT9 AQT65..Q9762.QJ3 743.Q9872.K3.762",
            "N:82.AJ4.A854.A852 KJ9.KT653.JT.KT9 AQT65..Q9762.QJ3 743.Q9872.K3.764 2",
            "N:82.AJ4.A854 KJ9.KT653.JT.KT9 AQT65..Q9762.QJ3 743.Q9872.K3.764.A852",
            "N:82.AJ4.A854.A852 KJ9.KT653.JT.KT9 AQT65..Q9762.QJ3 743.Q9872.K3.76X",
            "Q:82.AJ4.A854.A852 KJ9.KT653.JT.KT9 AQT65..Q9762.QJ3 743.Q9872.K3.764",
        ] {
            assert!(Deal::parse_plain(bad).is_none(), "{bad}");
            assert!(Deal::parse_pbn(bad).is_err(), "{bad}");
        }
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
