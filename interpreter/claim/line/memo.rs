//! The trick boundaries the line search remembers: each as a key that keeps only what its
//! result depends on (see [`Key`]), made from the nearest boundary's on the search's path,
//! and the table of results by key.
//!
//! What a trick boundary calls here (`key`, `Memo::get` and `insert`, `Table::find`,
//! `Squeezed::without`) is marked `#[inline]`, as the per-card helpers of `cards` are: thin
//! LTO inlined them into `Search::boundary` or not depending on code elsewhere in the crate
//! (a change to the checker alone left `key`, `get` and `insert` out of line: the corpus's
//! line searches 558.1 -> 577.4 million instructions). Marked, every codegen unit holds them
//! to inline; with the marks the searches take 551.9 million. `key`, `get` and `insert` are
//! `#[inline(always)]`: once `Search` took a parameter (restrictions or none), `#[inline]`
//! no longer kept them in `boundary` (the budget case, 70/b-early-claim-adjudicated, ruled
//! alone: 740.2 million instructions with, 758.9 without).

use super::{Hands, SUIT_BLOCKS};
use crate::claim::ALL_CARDS;
use crate::model::{Card, Seat};

/// The claimer's tricks from a trick boundary: exact, or a lower bound when the search
/// there stopped at a limit.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Remembered {
    pub(super) tricks: u8,
    pub(super) exact: bool,
}

/// A trick boundary up to what does not change its result: which hand holds each card still
/// in play, suit by suit in order of rank (which cards have gone does not matter, only the
/// order of those left), the leader, and the statement's cards still held, in its order,
/// each by its suit and its place among the suit's cards still in play. Packed in words, so
/// that making, hashing and comparing a key is a few instructions: the search makes one at
/// every trick boundary.
///
/// The first two words hold, for the cards in play taken from the lowest club up, the two
/// bits of each one's holder's seat index: the low bits in the first word, the high bits in
/// the second, at most 52 of each; above them, four bits a suit for how many of its cards
/// are in play (three suits in the first word, the fourth in the second) and the leader. The
/// others hold six bits a statement card (`suit * 16 + place`, its place from the lowest card
/// in play), ten to a word, `NO_CARD` after the last.
pub(super) type Key = ([u64; 2], [u64; 3]);

/// The results remembered at trick boundaries. A statement of ten cards or fewer fits the
/// first word of the key's statement part, which then says what the other two hold (after
/// ten cards, `NO_CARD` in the second; else nothing). The table then keeps three words a
/// key, entries of 32 bytes, not 48, so that more of a large table stays in the caches. With
/// no statement (most claims: "the rest are mine") that word is always the same, and the
/// holders' two words are the key: the result and the slot's use fit in the second word's
/// unused top bits, entries of 16 bytes. The longest search of the corpus
/// (70/b-early-claim-adjudicated, no statement) fills 131,072 slots, 2 MiB so, 4 MiB in
/// entries of 32 bytes: its lookups, an eighth of its time for a thirtieth of its
/// instructions (they miss the caches), miss less; the case ruled alone 85.9 -> 78.7 ms.
pub(crate) enum Memo {
    Bare(Table<[u64; 2]>),
    Short(Table<[u64; 3]>),
    Long(Table<Key>),
    /// A search where obligations restrict the play: the key with what they add
    /// (`Restrictions::word`), which the other kinds leave out (it is the same at every
    /// boundary of a search with no restriction).
    Restricted(Table<(Key, [u64; 2])>),
}

impl Memo {
    /// Five words a key, whatever the statement: what the short keys are tested against.
    #[cfg(test)]
    pub(crate) fn whole() -> Memo {
        Memo::Long(Table::default())
    }

    pub(super) fn for_statement(cards: usize) -> Memo {
        match cards {
            0 => Memo::Bare(Table::default()),
            1..=10 => Memo::Short(Table::default()),
            _ => Memo::Long(Table::default()),
        }
    }

    pub(super) fn restricted() -> Memo {
        Memo::Restricted(Table::default())
    }

    #[inline(always)]
    pub(super) fn get(&self, (key, more): &(Key, [u64; 2])) -> Option<Remembered> {
        match self {
            Memo::Bare(m) => m.get(&key.0),
            Memo::Short(m) => m.get(&[key.0[0], key.0[1], key.1[0]]),
            Memo::Long(m) => m.get(key),
            Memo::Restricted(m) => m.get(&(*key, *more)),
        }
    }

    #[inline(always)]
    pub(super) fn insert(&mut self, (key, more): (Key, [u64; 2]), value: Remembered) {
        match self {
            Memo::Bare(m) => m.insert(key.0, value),
            Memo::Short(m) => m.insert([key.0[0], key.0[1], key.1[0]], value),
            Memo::Long(m) => m.insert(key, value),
            Memo::Restricted(m) => m.insert((key, more), value),
        };
    }
}

/// A key's words, hashed: one multiplication of the words folded together, where a
/// general-purpose hash takes one a word; a key's holders differ in their low bits, which
/// the multiplication carries up to the high bits the table reads. And how a key and its
/// result are kept in a slot of the table.
pub(crate) trait Words: Copy + Eq {
    /// A slot of the table: a key and its result, or empty (`Default`).
    type Slot: Copy + Default;
    fn hash(&self) -> u64;
    fn slot(self, value: Remembered) -> Self::Slot;
    /// What `slot` holds as far as this key is concerned.
    fn held(&self, slot: &Self::Slot) -> Held;
    fn key_of(slot: &Self::Slot) -> Self;
}

/// A slot of the table seen from a key.
pub(crate) enum Held {
    Empty,
    /// The key, with its result.
    This(Remembered),
    Another,
}

const MIX: u64 = 0x9e37_79b9_7f4a_7c15;

/// A slot that keeps its key whole beside the result.
#[derive(Clone, Copy, Default)]
pub(crate) struct Slot<K> {
    key: K,
    value: Remembered,
    full: bool,
}

/// A key kept whole in its slot: how its words are hashed.
pub(crate) trait WholeKey: Copy + Eq + Default {
    fn hash(&self) -> u64;
}

impl WholeKey for [u64; 3] {
    fn hash(&self) -> u64 {
        (self[0] ^ self[1].rotate_left(29) ^ self[2].rotate_left(47)).wrapping_mul(MIX)
    }
}

impl WholeKey for Key {
    fn hash(&self) -> u64 {
        let statement = self.1[0] ^ self.1[1].rotate_left(13) ^ self.1[2].rotate_left(37);
        WholeKey::hash(&[self.0[0], self.0[1], statement])
    }
}

impl WholeKey for (Key, [u64; 2]) {
    fn hash(&self) -> u64 {
        let more = self.1[0].rotate_left(7) ^ self.1[1].rotate_left(53);
        WholeKey::hash(&self.0) ^ more.wrapping_mul(MIX)
    }
}

impl<K: WholeKey> Words for K {
    type Slot = Slot<K>;
    fn hash(&self) -> u64 {
        WholeKey::hash(self)
    }
    fn slot(self, value: Remembered) -> Slot<K> {
        Slot {
            key: self,
            value,
            full: true,
        }
    }
    fn held(&self, slot: &Slot<K>) -> Held {
        match (slot.full, slot.key == *self) {
            (false, _) => Held::Empty,
            (true, true) => Held::This(slot.value),
            (true, false) => Held::Another,
        }
    }
    fn key_of(slot: &Slot<K>) -> K {
        slot.key
    }
}

/// The bits of a bare key's second word that no key uses (above the leader, see [`Key`]):
/// the slot's use, whether the result is exact, and the tricks.
const FULL: u64 = 1 << 63;
const EXACT: u64 = 1 << 62;
const TRICKS_AT: u32 = 58;
const RESULT_BITS: u64 = FULL | EXACT | 0xf << TRICKS_AT;

impl Words for [u64; 2] {
    type Slot = [u64; 2];
    fn hash(&self) -> u64 {
        (self[0] ^ self[1].rotate_left(29)).wrapping_mul(MIX)
    }
    fn slot(self, value: Remembered) -> [u64; 2] {
        #[cfg(test)]
        assert_eq!(self[1] & RESULT_BITS, 0, "a key reaches the result's bits");
        let result =
            FULL | if value.exact { EXACT } else { 0 } | u64::from(value.tricks & 0xf) << TRICKS_AT;
        [self[0], self[1] | result]
    }
    fn held(&self, slot: &[u64; 2]) -> Held {
        if slot[1] & FULL == 0 {
            return Held::Empty;
        }
        if slot[0] != self[0] || slot[1] & !RESULT_BITS != self[1] {
            return Held::Another;
        }
        Held::This(Remembered {
            tricks: (slot[1] >> TRICKS_AT & 0xf) as u8,
            exact: slot[1] & EXACT != 0,
        })
    }
    fn key_of(slot: &[u64; 2]) -> Self {
        [slot[0], slot[1] & !RESULT_BITS]
    }
}

/// Results by key, in a table of open addressing (each key in the first free slot from the
/// one its hash names): a lookup is a hash and, mostly, one slot's key compared, where a
/// general hash map did some seventy instructions a lookup. Never more than half full.
pub(crate) struct Table<K: Words> {
    slots: Vec<K::Slot>,
    len: usize,
    /// 64 less the bits of a slot's number.
    shift: u32,
}

impl<K: Words> Default for Table<K> {
    fn default() -> Table<K> {
        Table {
            slots: vec![K::Slot::default(); 64],
            len: 0,
            shift: 64 - 6,
        }
    }
}

/// `n` empty slots, each written. `vec![empty; n]` asks the allocator for zeroed memory,
/// which a large table gets fresh from the system with nothing written: its first lookups
/// then read the system's shared zero page, and the insert that follows each such read
/// must replace that page, which on two threads interrupts the other core to flush its
/// translations (some 1.3% of a two-thread corpus run's samples, under these inserts).
fn written<S: Copy + Default>(n: usize) -> Vec<S> {
    let mut slots = Vec::with_capacity(n);
    slots.resize(n, S::default());
    slots
}

impl<K: Words> Table<K> {
    /// The slot that holds `key`, or the free one where it goes, and its result if any.
    #[inline]
    fn find(&self, key: &K) -> (usize, Option<Remembered>) {
        let mask = self.slots.len() - 1;
        // The high bits of the hash, which every bit of the key reaches.
        let mut i = (key.hash() >> self.shift) as usize;
        loop {
            match key.held(&self.slots[i]) {
                Held::This(value) => return (i, Some(value)),
                Held::Empty => return (i, None),
                Held::Another => i = (i + 1) & mask,
            }
        }
    }

    fn get(&self, key: &K) -> Option<Remembered> {
        self.find(key).1
    }

    fn insert(&mut self, key: K, value: Remembered) {
        if 2 * (self.len + 1) > self.slots.len() {
            let grown = written(2 * self.slots.len());
            let old = std::mem::replace(&mut self.slots, grown);
            self.shift -= 1;
            for slot in old {
                let key = K::key_of(&slot);
                if let Held::This(_) = key.held(&slot) {
                    let (i, _) = self.find(&key);
                    self.slots[i] = slot;
                }
            }
        }
        let (i, was) = self.find(&key);
        self.len += usize::from(was.is_none());
        self.slots[i] = key.slot(value);
    }
}

/// No statement card in this place of a [`Key`].
const NO_CARD: u64 = 0x3f;

/// The holders of the cards in play at a trick boundary, squeezed (the first two words of a
/// `Key`), the cards in play, and how many of each suit's are in play.
#[derive(Clone, Copy, Debug)]
pub(super) struct Squeezed {
    lo: u64,
    hi: u64,
    live: u64,
    /// Four bits a suit, clubs lowest: as the key packs them.
    counts: u64,
}

impl Squeezed {
    /// The cards of `hands` in play, each one's holder squeezed (see `Key`).
    pub(super) fn of(hands: &Hands) -> Squeezed {
        let live = hands.iter().fold(0, |m, h| m | h);
        let (lo, hi) = squeeze(hands[1] | hands[3], hands[2] | hands[3], live);
        let counts = SUIT_BLOCKS.iter().enumerate().fold(0, |m, (suit, block)| {
            m | u64::from((live & block).count_ones()) << (4 * suit)
        });
        Squeezed {
            lo,
            hi,
            live,
            counts,
        }
    }

    /// These holders with the cards no longer in `live` taken out (`live` is within the
    /// cards in play here: only cards leave play); `places`: those of these holders
    /// (`OnPath`). Each card gone, the highest first, closes its gap at its place among the
    /// cards in play, which the cards gone above it do not change.
    #[inline]
    fn without(self, live: u64, places: &[u8; 64]) -> Squeezed {
        let (mut lo, mut hi, mut gone) = (self.lo, self.hi, self.live & !live);
        let mut counts = self.counts;
        while gone != 0 {
            let at = 63 - gone.leading_zeros() as usize;
            gone ^= 1 << at;
            let below = (1u64 << places[at]) - 1;
            lo = (lo & below) | ((lo >> 1) & !below);
            hi = (hi & below) | ((hi >> 1) & !below);
            counts -= COUNT_OF[at];
        }
        Squeezed {
            lo,
            hi,
            live,
            counts,
        }
    }
}

/// A card's count in `Squeezed::counts` (one in its suit's four bits), by its index: a table,
/// not a division by 13, at every card a key takes out.
const COUNT_OF: [u64; 64] = {
    let mut out = [0; 64];
    let mut i = 0;
    while i < 52 {
        out[i] = 1 << (4 * (i / 13));
        i += 1;
    }
    out
};

/// A trick boundary on the search's path (the search pushes one before it searches from it):
/// its holders squeezed, and each card's place among its cards in play (bit `n` of the
/// holders is the card of place `n`). The keys of the boundaries one trick on are made from
/// these, some ten for each one pushed; reading a card's place from the table costs a load,
/// where counting the cards in play below it cost some twenty instructions (no popcnt in the
/// baseline x86-64). The places are counted eight cards at a time, each card's bit spread to
/// a byte (`BYTES`) and the bytes summed by one multiplication. It also keeps the claimer's
/// sure tricks there (`Search::sure_tricks`), which depend only on the trumps each hand
/// holds: a boundary one trick on to which no trump was played has the same.
pub(super) struct OnPath {
    squeezed: Squeezed,
    places: [u8; 64],
    sure: u8,
}

impl OnPath {
    pub(super) fn new(squeezed: Squeezed, sure: u8) -> OnPath {
        const ONES: u64 = 0x0101_0101_0101_0101;
        let (mut places, mut before) = ([0; 64], 0);
        for (eight, out) in places.chunks_exact_mut(8).enumerate().take(7) {
            let bytes = BYTES[(squeezed.live >> (8 * eight) & 0xff) as usize];
            // Byte i: the cards in play among the first i + 1 of these eight.
            let up_to = bytes.wrapping_mul(ONES);
            out.copy_from_slice(&(up_to - bytes + before * ONES).to_le_bytes());
            before += up_to >> 56;
        }
        OnPath {
            squeezed,
            places,
            sure,
        }
    }

    /// The cards in play at this boundary.
    pub(super) fn live(&self) -> u64 {
        self.squeezed.live
    }

    /// The claimer's sure tricks at this boundary.
    pub(super) fn sure(&self) -> u8 {
        self.sure
    }
}

/// Eight bits, each as the lowest bit of a byte (bit i in byte i).
const BYTES: [u64; 256] = {
    let mut out = [0; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            out[b] |= ((b as u64 >> i) & 1) << (8 * i);
            i += 1;
        }
        b += 1;
    }
    out
};

/// The key of the trick boundary where `hands` hold the cards `live` and `leader` is to
/// lead (see [`Key`]), and its holders squeezed, for the boundaries after it; `before`:
/// the nearest boundary's on the search's path, if any; `stated`: the claimer's statement.
#[inline(always)]
pub(super) fn key(
    before: Option<&OnPath>,
    stated: &[Card],
    hands: &Hands,
    live: u64,
    leader: Seat,
) -> (Key, Squeezed) {
    // A card's seat index in two bits: the low bit from seats 1 and 3, the high from 2
    // and 3; each squeezed to the cards in play (from the nearest boundary's).
    let here = match before {
        Some(before) => before.squeezed.without(live, &before.places),
        None => Squeezed::of(hands),
    };
    // The tests hold every key so made to the one squeezed afresh.
    #[cfg(test)]
    {
        let fresh = Squeezed::of(hands);
        assert_eq!(
            (here.lo, here.hi, here.counts),
            (fresh.lo, fresh.hi, fresh.counts)
        );
    }
    // The numbers of cards in play of the first three suits above the holders in the
    // first word, of the fourth in the second.
    let lo = here.lo | (here.counts & 0xfff) << 52;
    let hi = here.hi | (here.counts >> 12) << 52 | (leader.index() as u64) << 56;
    // The statement's words are made in a register and each written once, whole: made in
    // place (`statement[n / 10] |= …`), every key's statement was read back just after it
    // had been written, a read that waited for those writes to land, even with no statement
    // (its one word NO_CARD): the budget case, 70/b-early-claim-adjudicated, ruled alone,
    // 39 -> 34 ms.
    if stated.is_empty() {
        return (([lo, hi], [NO_CARD, 0, 0]), here);
    }
    let held = stated.iter().filter(|c| live & (1 << c.index()) != 0);
    let mut words = [0u64; 3];
    let (mut word, mut n) = (0u64, 0usize);
    for c in held {
        let i = c.index();
        let suit = i / 13;
        let place = (live & SUIT_BLOCKS[suit] & ((1u64 << i) - 1)).count_ones() as u64;
        word |= ((suit as u64) << 4 | place) << (6 * (n % 10));
        n += 1;
        if n % 10 == 0 {
            words[n / 10 - 1] = word;
            word = 0;
        }
    }
    // NO_CARD after the last card, where there is room for it (26 cards fill the key). At
    // most 26 cards, so the last word, partly filled or empty, is in the key.
    if n < 26 {
        word |= NO_CARD << (6 * (n % 10));
    }
    words[n / 10] = word;
    (([lo, hi], words), here)
}

/// Two sets of cards (`lo`, `hi`: within `live`) with the cards not in play taken out: the
/// bit of the n-th card in play, from the lowest club up, becomes bit n. The loop runs over
/// whichever is fewer, the cards in play or those gone (pext would do it in one instruction,
/// but is not in the baseline x86-64 and slow on some processors that have it).
fn squeeze(lo: u64, hi: u64, live: u64) -> (u64, u64) {
    let gone = !live & ALL_CARDS;
    if gone.count_ones() < live.count_ones() {
        // Each card gone, the highest first, closes its gap: the bits above it move down one.
        let (mut lo, mut hi, mut rest) = (lo, hi, gone);
        while rest != 0 {
            let at = 63 - rest.leading_zeros();
            rest ^= 1 << at;
            let below = (1u64 << at) - 1;
            lo = (lo & below) | ((lo >> 1) & !below);
            hi = (hi & below) | ((hi >> 1) & !below);
        }
        (lo, hi)
    } else {
        let (mut l, mut h, mut n, mut rest) = (0, 0, 0, live);
        while rest != 0 {
            let at = rest.trailing_zeros();
            rest &= rest - 1;
            l |= ((lo >> at) & 1) << n;
            h |= ((hi >> at) & 1) << n;
            n += 1;
        }
        (l, h)
    }
}

#[cfg(test)]
mod tests {
    use super::{key, squeeze, NO_CARD, SUIT_BLOCKS};
    use crate::claim::ALL_CARDS;
    use crate::model::{Card, Seat};

    /// A key's statement words as they were first made, each card or'ed into its word in
    /// place: what `key` makes in registers.
    fn statement_in_place(stated: &[Card], live: u64) -> [u64; 3] {
        let mut statement = [0u64; 3];
        let mut n = 0;
        for c in stated.iter().filter(|c| live & (1 << c.index()) != 0) {
            let (i, suit) = (c.index(), c.index() / 13);
            let place = (live & SUIT_BLOCKS[suit] & ((1u64 << i) - 1)).count_ones() as u64;
            statement[n / 10] |= ((suit as u64) << 4 | place) << (6 * (n % 10));
            n += 1;
        }
        if n < 26 {
            statement[n / 10] |= NO_CARD << (6 * (n % 10));
        }
        statement
    }

    /// Statements of every length a claim can state (none to all 26 cards of a side, across
    /// the word boundaries at 10 and 20), some of their cards no longer held: the words are
    /// the same as made in place, NO_CARD after the last card while there is room.
    #[test]
    fn a_statement_of_any_length_makes_the_words_made_in_place() {
        let mut rng = crate::generated::Xorshift(0x2545_f491_4f6c_dd1d);
        for round in 0..400 {
            // A deal, thirteen cards a hand; the statement from North's and South's.
            let mut pack: Vec<usize> = (0..52).collect();
            for i in (1..52).rev() {
                pack.swap(i, (rng.next() % (i as u64 + 1)) as usize);
            }
            let mut hands = [0u64; 4];
            for (place, i) in pack.into_iter().enumerate() {
                hands[place / 13] |= 1 << i;
            }
            let ours: Vec<Card> = (0..52)
                .filter(|i| (hands[0] | hands[2]) >> i & 1 == 1)
                .map(Card::from_index)
                .collect();
            let len = round % (ours.len() + 1);
            let stated = &ours[..len];
            // Some cards played: out of play for every hand.
            let gone = if round % 3 == 0 {
                rng.next() & ALL_CARDS
            } else {
                0
            };
            for h in &mut hands {
                *h &= !gone;
            }
            let live = hands.iter().fold(0, |m, h| m | h);
            let ((_, words), _) = key(None, stated, &hands, live, Seat::from_index(0));
            assert_eq!(words, statement_in_place(stated, live), "{len} stated");
        }
    }

    #[test]
    fn squeezing_keeps_the_cards_in_play_in_order_whichever_loop_runs() {
        // Sets of every size, from a fixed sequence: each card in play keeps its place among
        // them, its bits follow it, and nothing is left above the last.
        let mut rng = crate::generated::Xorshift(0x9e37_79b9_7f4a_7c15);
        let mut next = || rng.next();
        for round in 0..2000 {
            let live = next() & next() & ALL_CARDS
                | if round % 2 == 0 {
                    next() & ALL_CARDS
                } else {
                    0
                };
            let (lo, hi) = (next() & live, next() & live);
            let (l, h) = squeeze(lo, hi, live);
            let places: Vec<u32> = (0..52).filter(|i| live >> i & 1 == 1).collect();
            for (n, at) in places.iter().enumerate() {
                assert_eq!(l >> n & 1, lo >> at & 1, "live {live:x} lo {lo:x}");
                assert_eq!(h >> n & 1, hi >> at & 1, "live {live:x} hi {hi:x}");
            }
            assert_eq!(l >> places.len(), 0);
            assert_eq!(h >> places.len(), 0);
        }
    }
}
