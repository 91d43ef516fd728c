//! The cards of the line search as bits of a word (`Card::index`: the suit is the index /
//! 13, and of two cards of a suit the higher index is the higher card): the tables and
//! the word operations a turn of the search asks (the order its choices are tried in, the
//! cards that beat a card, the equivalent cards of a hand, the trumps no defender can
//! beat). Each function the search calls at every turn is marked `#[inline]`, so that
//! whether it is inlined does not hang on how the crate falls into codegen units (see
//! `memo`).

use crate::claim::ALL_CARDS;

/// Of a set of cards (bit `suit * 13 + rank offset`, the ace highest), the highest of each
/// suit.
#[inline]
pub(super) fn highest_of_each_suit(cards: u64) -> u64 {
    (0..4).fold(0, |out, suit| {
        let block = (cards >> (suit * 13)) & 0x1fff;
        match block {
            0 => out,
            b => out | (1u64 << (63 - b.leading_zeros())) << (suit * 13),
        }
    })
}

/// Choices in the order they are tried (`Search::ordered`).
pub(super) struct Order {
    /// Bit `rank * 4 + suit` for each choice, its rank counted from the end tried first.
    pub(super) bits: u64,
    pub(super) low_first: bool,
}

impl Iterator for Order {
    /// The card's index.
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.bits == 0 {
            return None;
        }
        let at = self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some(ORDER[usize::from(!self.low_first)].1[at])
    }
}

/// For the choices taken low cards first (0) or high cards first (1): each card's place in
/// an [`Order`] (bit `rank * 4 + suit`, its rank counted from the end tried first), and the
/// card at each place; tables, for this runs at every turn the search visits.
/// (64 entries, the 52 cards' and nothing, so that a place or card taken from a word needs
/// no bounds check.)
pub(super) const ORDER: [([u8; 64], [u8; 64]); 2] = [order_tables(true), order_tables(false)];

const fn order_tables(low_first: bool) -> ([u8; 64], [u8; 64]) {
    let (mut place, mut card) = ([0u8; 64], [0u8; 64]);
    let mut i = 0;
    while i < 52 {
        let (suit, offset) = (i / 13, i % 13);
        let rank = if low_first { offset } else { 12 - offset };
        place[i] = (rank * 4 + suit) as u8;
        card[rank * 4 + suit] = i as u8;
        i += 1;
    }
    (place, card)
}

/// The cards that beat card `b` when played after it, on the cards' indices: the higher ones
/// of its suit, and every trump when it is not one (`trump` as `Search::trump`); a card that
/// is neither the suit led nor a trump wins nothing. (The tests replay every line found with
/// Law 44 read card by card, `claim::tests::trick_winner`.)
#[inline]
pub(super) fn beaten_by(b: u8, trump: u64) -> u64 {
    let higher = HIGHER[usize::from(b & 63)];
    match trump >> b & 1 {
        0 => higher | trump,
        _ => higher,
    }
}

/// The block of bits of each card's suit, by its index (a table, not a division by 13, at
/// every lead; 64 entries, so that an index within a word needs no bounds check).
pub(super) const SUIT_OF: [u64; 64] = {
    let mut out = [0; 64];
    let mut b = 0;
    while b < 52 {
        out[b] = SUIT_BLOCKS[b / 13];
        b += 1;
    }
    out
};

/// The cards above each card in its suit, by its index (a table, not a division by 13, at
/// every card that takes the lead of a trick; 64 entries, so that an index within a word
/// needs no bounds check).
pub(super) const HIGHER: [u64; 64] = {
    let mut out = [0; 64];
    let mut b = 0;
    while b < 52 {
        out[b] = SUIT_BLOCKS[b / 13] & !((2u64 << b) - 1);
        b += 1;
    }
    out
};

/// Of the cards of `pool`, those named by the statement and the highest of each run of
/// equivalent others: cards of a suit with no card still in play (`live`) between them
/// win and lose the same tricks, so trying one is enough.
#[inline]
pub(super) fn representatives(pool: u64, live: u64, statement: u64) -> u64 {
    // A card of the pool the statement does not name (a free card) stands for its run when
    // the next live card above it in its suit is not a free card too (or there is none).
    // `next_free`: for every place of every suit at once, whether the next live card at or
    // above it is free. A free card's place says so itself; a place no card in play holds
    // (but a suit's top, with nothing above it) says what the place above it says, and a
    // run of up to twelve such places is crossed in four doubling steps (`reach`: the places
    // whose next `step` places are all such). Some twenty instructions whatever the pool,
    // where a loop took some sixteen a free card and five a suit.
    let free = pool & !statement;
    let mut reach = !live & ALL_CARDS & !SUIT_TOPS;
    let mut next_free = free;
    for step in [1, 2, 4] {
        next_free |= reach & (next_free >> step);
        reach &= reach >> step;
    }
    next_free |= reach & (next_free >> 8);
    (pool & statement) | (free & !((next_free >> 1) & !SUIT_TOPS))
}

/// Of the cards `ours` of one suit (a bit a rank, the ace highest), how many are left when
/// each card of `theirs` beats a lower card of `ours`, each at most one, as many as can be:
/// the greedy matching from the lowest of ours up, each with the lowest of theirs above it,
/// is a largest one.
#[inline]
pub(super) fn unbeaten(ours: u16, theirs: u16) -> u8 {
    let (mut left, mut free, mut rest) = (0, theirs, ours);
    while rest != 0 {
        let low = rest & rest.wrapping_neg();
        rest &= rest - 1;
        // Their cards above `low`: the bits above its bit.
        let above = free & !(low | (low - 1));
        if above == 0 {
            left += 1;
        } else {
            free &= !(above & above.wrapping_neg());
        }
    }
    left
}

/// The 13 bits of each suit.
pub(super) const SUIT_BLOCKS: [u64; 4] = [0x1fff, 0x1fff << 13, 0x1fff << 26, 0x1fff << 39];

/// The bit of each suit's ace.
pub(super) const SUIT_TOPS: u64 = 1 << 12 | 1 << 25 | 1 << 38 | 1 << 51;

#[cfg(test)]
mod tests {
    use super::{representatives, unbeaten, ALL_CARDS, SUIT_BLOCKS};

    /// `representatives` as it was written first, card by card: what the bit-parallel one
    /// is held to.
    fn representatives_card_by_card(pool: u64, live: u64, statement: u64) -> u64 {
        let mut out = pool & statement;
        let free = pool & !statement;
        for block in SUIT_BLOCKS {
            let mut rest = free & block;
            let live = live & block;
            while rest != 0 {
                let bit = rest & rest.wrapping_neg();
                rest &= rest - 1;
                // The live cards of its suit above it; the lowest of them is the next one up.
                let above = live & !(bit | (bit - 1));
                if free & above & above.wrapping_neg() == 0 {
                    out |= bit;
                }
            }
        }
        out
    }

    #[test]
    fn representatives_are_those_found_card_by_card() {
        // Cards in play of every density, a pool within them (a hand, or a suit of it), and
        // a statement: from a fixed sequence.
        let mut rng = crate::generated::Xorshift(0x5851_f42d_4c95_7f2d);
        let mut next = || rng.next();
        for round in 0..20_000 {
            let live = match round % 3 {
                0 => next() & ALL_CARDS,
                1 => next() & next() & ALL_CARDS,
                _ => !(next() & next()) & ALL_CARDS,
            };
            let mut pool = next() & live;
            if round % 2 == 0 {
                pool &= SUIT_BLOCKS[round % 4];
            }
            let statement = next() & next() & live;
            assert_eq!(
                representatives(pool, live, statement),
                representatives_card_by_card(pool, live, statement),
                "pool {pool:x} live {live:x} statement {statement:x}"
            );
        }
    }

    /// A pool of one card (or none), which `choices` takes as it stands without asking
    /// `representatives`, is what the card-by-card reading gives, whatever is in play and
    /// stated (the random pools of the test above are seldom a single card).
    #[test]
    fn one_card_stands_for_itself() {
        let mut rng = crate::generated::Xorshift(0x2545_f491_4f6c_dd1d);
        for round in 0..2_000 {
            let card = 1u64 << (round % 52);
            let live = (rng.next() & ALL_CARDS) | card;
            let statement = rng.next() & rng.next() & live;
            for pool in [card, 0] {
                assert_eq!(
                    representatives(pool, live, statement),
                    representatives_card_by_card(pool, live, statement),
                    "pool {pool:x} live {live:x} statement {statement:x}"
                );
            }
        }
    }

    /// A rank's bit in a suit's block: 2 is bit 0, the ace bit 12.
    fn ranks(rs: &[u8]) -> u16 {
        rs.iter().fold(0, |m, r| m | 1 << (r - 2))
    }

    #[test]
    fn unbeaten_counts_the_trumps_no_defender_can_beat() {
        // Nothing against them: every trump wins.
        assert_eq!(unbeaten(ranks(&[14, 3]), 0), 2);
        // One higher trump beats one of two.
        assert_eq!(unbeaten(ranks(&[2, 3]), ranks(&[4])), 1);
        // The ace beats the king, the three the two: none left.
        assert_eq!(unbeaten(ranks(&[13, 2]), ranks(&[14, 3])), 0);
        // The king beats either the queen or the two, not both.
        assert_eq!(unbeaten(ranks(&[12, 2]), ranks(&[13])), 1);
        // Lower trumps beat nothing: the ace and king are left, the five is beaten.
        assert_eq!(unbeaten(ranks(&[14, 13, 5]), ranks(&[12, 11, 10])), 2);
        // Matching the ten with the five (not the ace) leaves the ace unbeaten: 4, not 3.
        assert_eq!(unbeaten(ranks(&[14, 9, 8, 7, 5]), ranks(&[10])), 4);
        assert_eq!(unbeaten(0, ranks(&[14])), 0);
    }
}
