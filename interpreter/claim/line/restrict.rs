//! What the obligations in force at a claim make their holders play, or not play, in the play
//! the claim leaves open: the law book's `forces` and `avoids` (a penalty card, 50C and
//! 50D1; a lead required or prohibited, 26B and 50D2(a); a card to be played, 57D), read as
//! sets of cards when the claim is made. The line search and its best play keep to them as
//! any play at the table would (70: the Director rules the play as it would have gone, and
//! no player may break an obligation in it).
//!
//! Each restriction lasts as its obligation was imposed (its `Lasts`), and ends too when its
//! holder plays one of the cards that end the obligation (its `ends`, read card by card).
//! Which are still in force is part of a trick boundary's key (`State::word`), and so are
//! the cards in play of each suit a restriction names only some cards of, which the
//! boundary's key otherwise leaves out (it keeps only the order of those cards).

use super::SUIT_BLOCKS;
use crate::model::Seat;

/// What a restriction asks of the cards its holder may choose from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// One of its cards whenever one is a legal choice (`forces`).
    Plays,
    /// None of its cards while he has another legal choice (`avoids`).
    Avoids,
}

/// How long a restriction lasts, as its obligation was imposed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lasts {
    /// Until the holder's next card.
    NextTurn,
    /// At the holder's next lead; a card he plays to another's lead leaves it in force.
    NextLead,
    /// At the holder's leads, until he plays to a trick another led after he has led
    /// (`started`: he has led since it was imposed).
    WhileOnLead { started: bool },
    /// To the end of the play (or its `ends`).
    RestOfPlay,
}

/// One obligation in force, read as cards.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Restriction {
    pub holder: Seat,
    pub kind: Kind,
    /// The cards it names, as bits of `Card::index`.
    pub cards: u64,
    /// The cards whose play by the holder ends it.
    pub ends: u64,
    pub lasts: Lasts,
    /// Restrictions of one group (the same obligation, holder and kind: two major penalty
    /// cards, 51A) are read together: `Plays` of either of their cards keeps them.
    pub group: u32,
}

/// At most this many restrictions: each has a bit in a trick boundary's key.
pub const MOST: usize = 32;

/// The restrictions in force at a claim, in the order they are read: an obligation that
/// yields to another (50D1(b): a lead or play restriction comes before a penalty card)
/// after it, the caller's order otherwise.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Restrictions {
    list: Vec<Restriction>,
    /// The cards of each suit a restriction names only some cards of (see the module).
    exact: u64,
}

/// Which restrictions are in force at a point of the search, and which `WhileOnLead` ones
/// have started, a bit each by place in the list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct State {
    pub(super) active: u32,
    pub(super) started: u32,
}

impl Restrictions {
    /// `list` in the order to read them (see [`Restrictions`]); at most [`MOST`].
    pub fn new(list: Vec<Restriction>) -> Result<Restrictions, usize> {
        if list.len() > MOST {
            return Err(list.len());
        }
        let mut exact = 0;
        for r in &list {
            for block in SUIT_BLOCKS {
                for mask in [r.cards, r.ends] {
                    if mask & block != 0 && mask & block != block {
                        exact |= block;
                    }
                }
            }
        }
        Ok(Restrictions { list, exact })
    }

    /// Where nothing restricts a choice.
    pub fn none() -> Restrictions {
        Restrictions::default()
    }

    /// A single card each seat must play at his first legal opportunity (`forced`, by
    /// [`Seat::index`]): a major penalty card, for tests of the search.
    #[cfg(test)]
    pub fn forcing(forced: [u64; 4]) -> Restrictions {
        let list = Seat::ALL
            .iter()
            .filter(|s| forced[s.index()] != 0)
            .map(|&s| Restriction {
                holder: s,
                kind: Kind::Plays,
                cards: forced[s.index()],
                ends: 0,
                lasts: Lasts::RestOfPlay,
                group: s.index() as u32,
            })
            .collect();
        Restrictions::new(list).unwrap()
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Every restriction in force, as the claim is made.
    pub(crate) fn start(&self) -> State {
        let mut s = State::default();
        for (i, r) in self.list.iter().enumerate() {
            s.active |= 1 << i;
            if r.lasts == (Lasts::WhileOnLead { started: true }) {
                s.started |= 1 << i;
            }
        }
        s
    }

    /// The cards each restriction in force tells apart from the cards beside them: two
    /// cards of a run are not one choice when only one of them is named.
    pub(super) fn distinct(&self) -> u64 {
        self.list.iter().fold(0, |m, r| m | r.cards | r.ends) & self.exact
    }

    /// `allowed` (the legal choices of `seat`) narrowed by the restrictions in force on him:
    /// each in turn, unless it would leave him nothing. (Never inlined: the search's turns
    /// with no restriction stay as they were.)
    #[inline(never)]
    pub(super) fn narrow(&self, allowed: u64, seat: Seat, lead: bool, state: State) -> u64 {
        let mut out = allowed;
        let mut i = 0;
        while i < self.list.len() {
            let group = self.list[i].group;
            let kind = self.list[i].kind;
            let mut named = 0u64;
            let mut any = false;
            while i < self.list.len() && self.list[i].group == group {
                let r = &self.list[i];
                if state.active >> i & 1 == 1 && r.holder == seat && (lead || !r.at_leads()) {
                    named |= r.cards;
                    any = true;
                }
                i += 1;
            }
            if !any {
                continue;
            }
            let narrowed = match kind {
                Kind::Plays => out & named,
                Kind::Avoids => out & !named,
            };
            if narrowed != 0 {
                out = narrowed;
            }
        }
        out
    }

    /// The state after `seat` plays card `c` (its bit), `lead` if he leads.
    #[inline(never)]
    pub(super) fn after(&self, state: State, seat: Seat, c: u64, lead: bool) -> State {
        let mut s = state;
        for (i, r) in self.list.iter().enumerate() {
            let bit = 1u32 << i;
            if s.active & bit == 0 || r.holder != seat {
                continue;
            }
            let over = r.ends & c != 0
                || match r.lasts {
                    Lasts::NextTurn => true,
                    Lasts::NextLead => lead,
                    Lasts::WhileOnLead { .. } => !lead && s.started & bit != 0,
                    Lasts::RestOfPlay => false,
                };
            if over {
                s.active &= !bit;
            } else if lead {
                s.started |= bit;
            }
        }
        s
    }

    /// What a trick boundary's key must hold besides the cards' order: the restrictions in
    /// force and started, and the cards in play of the suits a restriction names in part.
    pub(super) fn word(&self, state: State, live: u64) -> [u64; 2] {
        [
            live & self.exact,
            u64::from(state.active) | u64::from(state.started) << 32,
        ]
    }
}

impl Restriction {
    /// Read only when the holder leads.
    fn at_leads(&self) -> bool {
        matches!(self.lasts, Lasts::NextLead | Lasts::WhileOnLead { .. })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(kind: Kind, cards: u64, ends: u64, lasts: Lasts) -> Restrictions {
        Restrictions::new(vec![Restriction {
            holder: Seat::East,
            kind,
            cards,
            ends,
            lasts,
            group: 0,
        }])
        .unwrap()
    }

    const SPADES: u64 = SUIT_BLOCKS[3];

    #[test]
    fn a_prohibition_while_on_lead_ends_when_the_holder_plays_to_another_lead() {
        let r = one(
            Kind::Avoids,
            SPADES,
            0,
            Lasts::WhileOnLead { started: false },
        );
        let s = r.start();
        // Before his first lead, his card to another's lead leaves it in force.
        let s = r.after(s, Seat::East, 1, false);
        assert_eq!(s.active, 1);
        // It narrows his leads only.
        assert_eq!(r.narrow(SPADES | 1, Seat::East, true, s), 1);
        assert_eq!(r.narrow(SPADES | 1, Seat::East, false, s), SPADES | 1);
        // Unless he has nothing else.
        assert_eq!(r.narrow(SPADES, Seat::East, true, s), SPADES);
        let s = r.after(s, Seat::East, 1, true);
        assert_eq!((s.active, s.started), (1, 1));
        let s = r.after(s, Seat::East, 2, true);
        assert_eq!(s.active, 1);
        let s = r.after(s, Seat::East, 2, false);
        assert_eq!(s.active, 0);
    }

    #[test]
    fn a_boundarys_key_tells_apart_what_is_in_force() {
        // The same cards left, reached on two ways: in force and started on one, ended on the
        // other (the random test of the search rarely meets such a pair).
        let r = one(
            Kind::Avoids,
            SPADES,
            0,
            Lasts::WhileOnLead { started: false },
        );
        let led = r.after(r.start(), Seat::East, 1, true);
        let ended = r.after(led, Seat::East, 2, false);
        let words = [r.start(), led, ended].map(|s| r.word(s, SPADES)[1]);
        assert!(words[0] != words[1] && words[1] != words[2] && words[0] != words[2]);
    }

    #[test]
    fn a_requirement_at_the_next_lead_ends_with_that_lead() {
        let r = one(Kind::Plays, SPADES, 0, Lasts::NextLead);
        let s = r.after(r.start(), Seat::East, 1, false);
        assert_eq!(s.active, 1);
        assert_eq!(r.narrow(SPADES | 1, Seat::East, true, s), SPADES);
        assert_eq!(r.narrow(SPADES | 1, Seat::West, true, s), SPADES | 1);
        assert_eq!(r.after(s, Seat::East, 1, true).active, 0);
    }

    #[test]
    fn a_card_named_in_part_of_a_suit_keeps_that_suit_exact() {
        // A minor penalty card, the ♣2 (bit 0): the low clubs above it avoided until it goes.
        let low_clubs = 0b1111_1110;
        let r = one(Kind::Avoids, low_clubs, 1, Lasts::RestOfPlay);
        assert_eq!(r.distinct(), low_clubs | 1);
        assert_eq!(r.word(r.start(), u64::MAX)[0], SUIT_BLOCKS[0]);
        let s = r.after(r.start(), Seat::East, 1, false);
        assert_eq!(s.active, 0);
        // Two cards of a group: either keeps a `Plays`.
        let two = Restrictions::new(vec![
            Restriction {
                holder: Seat::East,
                kind: Kind::Plays,
                cards: 1,
                ends: 1,
                lasts: Lasts::RestOfPlay,
                group: 7,
            },
            Restriction {
                holder: Seat::East,
                kind: Kind::Plays,
                cards: 2,
                ends: 2,
                lasts: Lasts::RestOfPlay,
                group: 7,
            },
        ])
        .unwrap();
        assert_eq!(two.narrow(0b111, Seat::East, false, two.start()), 0b11);
    }
}
