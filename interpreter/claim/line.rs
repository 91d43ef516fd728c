//! The claimer's stated line played out against every defence (Law 70: the Director rules
//! "as equitably as possible to both sides", doubtful points against the claimer, 70A). The
//! search finds the worst result for the claimer's side over every choice left open, and one
//! play that reaches it, for the ruling to show.
//!
//! # What the statement fixes
//!
//! A statement is an ordered list of cards the claimer's side (claimer and partner) will
//! play. The statement's *next card* is its first card that the claimer's side still holds.
//! At each turn of a claimer-side hand:
//!
//! 1. if the next card is in that hand, is legal (it follows suit when the hand can, Law
//!    44C), and leads the trick, follows suit or is a trump, it is played: the statement's
//!    cards are played in order, and a card named to win a trick is not thrown away as a
//!    discard;
//! 2. otherwise the hand plays any legal card other than a card the statement still names
//!    (those are kept for their turn), or any legal card when it holds nothing else legal.
//!
//! The defenders play any legal card. An empty statement ("the rest are mine") fixes nothing:
//! the claimer's side may then play any legal card too. Every hand keeps to the obligations
//! in force on it (`search_restricted`, the law book's `forces` and `avoids`: a penalty card,
//! a lead required or prohibited; see `restrict`) before any other choice. The result is the
//! fewest tricks the claimer's side takes over all these choices.
//!
//! # Bounded work
//!
//! The search is a depth-first minimum with four savings that keep it exact: results are
//! remembered at trick boundaries (the cards still held and the leader say everything, the
//! statement's progress included, since a statement card is played once no claimer-side
//! hand holds it; and of the cards held only their order within each suit counts, not which
//! cards have gone, see `Key`); of cards that are equivalent (same hand, adjacent in rank
//! among the cards still in play, neither named by the statement) only one is tried; a
//! choice is given up as soon as it cannot do worse for the claimer than one already found;
//! and a trick boundary is not searched when the tricks its trumps must win (each defender's
//! trump beats at most one trump of a claimer-side hand, see `unbeaten`) already reach what
//! the caller needs. Every
//! card tried counts against a node budget; when it is spent the search stops with a
//! [`ClaimErrorKind::Budget`] error instead of running on.

use super::{valid_card, ClaimError, ClaimErrorKind, Position};
use crate::model::{Card, Seat, Side, Strain};
mod cards;
mod memo;
mod restrict;

use cards::{
    beaten_by, highest_of_each_suit, representatives, unbeaten, Order, ORDER, SUIT_BLOCKS, SUIT_OF,
};
pub(crate) use memo::Memo;
use memo::{OnPath, Remembered, Squeezed};
use restrict::State;
pub use restrict::{Kind, Lasts, Restriction, Restrictions, MOST as MOST_RESTRICTIONS};

/// Cards tried before the search gives up: about a second of work in the test profile, and
/// the remembered positions stay within some tens of megabytes. Every position of the play
/// records in tests/data/pbn with six cards a hand or fewer takes far less (at most about
/// 300 000); with eight to thirteen cards and few cards fixed some searches spend it.
pub const DEFAULT_NODE_BUDGET: u64 = 2_000_000;

/// The worst result of the claimer's line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Tricks the claimer's side wins from the position, the current trick included.
    pub tricks: u8,
    /// One play that gives that result: every card still to be played, with its seat, in
    /// order (the rest of the current trick first).
    pub play: Vec<(Seat, Card)>,
    /// Cards tried by the search, for the budget.
    pub nodes: u64,
}

/// The fewest tricks `claimer`'s side wins from `pos` when it plays `statement` as the
/// module documentation says and every other choice (the defenders' and the claimer's side's
/// open ones) goes against it. Stops after `budget` cards tried.
pub fn worst_line(
    pos: &Position,
    claimer: Seat,
    statement: &[Card],
    budget: u64,
) -> Result<Line, ClaimError> {
    search(pos, claimer, statement, budget, Goal::Worst)
}

/// `worst_line` where the claimer's side plays the cards of each suit from the top down when
/// the statement leaves their order open (70E2: an order a regulating authority may
/// specify). Which suit it plays, and the defenders' cards, stay open.
pub fn worst_line_from_the_top(
    pos: &Position,
    claimer: Seat,
    statement: &[Card],
    budget: u64,
) -> Result<Line, ClaimError> {
    search(pos, claimer, statement, budget, Goal::WorstFromTheTop)
}

/// What the claimer's side aims at in the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Goal {
    /// Every open choice goes against the claimer (the ruling's evidence).
    Worst,
    /// As `Worst`, but the claimer's side plays each suit from its highest card (70E2).
    WorstFromTheTop,
    /// The claimer's side chooses its best card: with an empty statement, the double-dummy
    /// result, which the tests compare with the solver's.
    Best,
}

pub(crate) fn search(
    pos: &Position,
    claimer: Seat,
    statement: &[Card],
    budget: u64,
    goal: Goal,
) -> Result<Line, ClaimError> {
    search_restricted(pos, claimer, statement, budget, goal, &Restrictions::none())
}

/// `search` where every hand keeps to `restrictions`: what the obligations in force make
/// their holders play or not play (a penalty card, 50C, 50D1; a lead required or prohibited,
/// 26B, 50D2(a)), which the play the claim leaves open keeps to as any play would.
pub(crate) fn search_restricted(
    pos: &Position,
    claimer: Seat,
    statement: &[Card],
    budget: u64,
    goal: Goal,
    restrictions: &Restrictions,
) -> Result<Line, ClaimError> {
    let memo = if restrictions.is_empty() {
        Memo::for_statement(statement.len())
    } else {
        Memo::restricted()
    };
    search_remembering(pos, claimer, statement, budget, goal, memo, restrictions)
}

/// `search` remembering positions in `memo` (the tests hold the short keys to `Memo::whole`).
pub(crate) fn search_remembering(
    pos: &Position,
    claimer: Seat,
    statement: &[Card],
    budget: u64,
    goal: Goal,
    memo: Memo,
    restrictions: &Restrictions,
) -> Result<Line, ClaimError> {
    pos.check()?;
    let side = claimer.side();
    let mut stmt_mask = 0u64;
    for &c in statement {
        if !valid_card(c) {
            return Err(statement_error(format!(
                "the statement names a card of rank {}, which is not a card rank",
                c.rank.0
            )));
        }
        let bit = 1u64 << c.index();
        if stmt_mask & bit != 0 {
            return Err(statement_error(format!("the statement names {c} twice")));
        }
        let (a, b) = (claimer, claimer.partner());
        if (pos.hands[a.index()].0 | pos.hands[b.index()].0) & bit == 0 {
            return Err(statement_error(format!(
                "the statement names {c}, which neither {a} nor {b} holds"
            )));
        }
        stmt_mask |= bit;
    }
    let begun = Begun {
        side,
        goal,
        statement,
        stmt_mask,
        budget,
        restrictions,
    };
    if restrictions.is_empty() {
        begun.search::<false>(pos, memo).run(pos)
    } else {
        begun.search::<true>(pos, memo).run(pos)
    }
}

/// What a search is given, before it is made for restrictions or none.
struct Begun<'a> {
    side: Side,
    goal: Goal,
    statement: &'a [Card],
    stmt_mask: u64,
    budget: u64,
    restrictions: &'a Restrictions,
}

impl<'a> Begun<'a> {
    fn search<const R: bool>(self, pos: &Position, memo: Memo) -> Search<'a, R> {
        Search {
            trumps: pos.trumps,
            trump: pos.trumps.suit().map_or(0, |s| SUIT_BLOCKS[s as usize]),
            side: self.side,
            goal: self.goal,
            statement: self.statement,
            stmt_mask: self.stmt_mask,
            memo,
            nodes: 0,
            budget: self.budget,
            path: vec![],
            floor: 0,
            distinct: self.stmt_mask | self.restrictions.distinct(),
            state: self.restrictions.start(),
            restrictions: self.restrictions,
        }
    }
}

fn statement_error(message: String) -> ClaimError {
    ClaimError::new(ClaimErrorKind::Statement, message)
}

/// A trick being played: its leader and the first `n` cards, each by its index (its bit in
/// a hand, `Card::index`: the suit is the index / 13, and of two cards of a suit the higher
/// index is the higher card), which is all the search asks of a card.
#[derive(Clone, Copy, Debug)]
struct Trick {
    leader: Seat,
    cards: [u8; 4],
    n: u8,
    /// The place of the card winning the trick so far, and the cards that beat it when
    /// played after it (every card, before the lead): carried from card to card, so that
    /// the last seat's cards are each held to it with no look back over the trick.
    ahead: u8,
    beats: u64,
    /// The cards in play when the trick began: those held and those on the table, the same
    /// at every turn of the trick (each node's choices ask it).
    live: u64,
    /// The suit led, as its block of bits (none before the lead): what each later seat must
    /// follow, kept rather than worked out from the lead at every turn.
    led: u64,
}

impl Trick {
    /// A trick `leader` leads, with `hands` what is held as it begins.
    fn new(leader: Seat, hands: &Hands) -> Trick {
        Trick {
            leader,
            cards: [0; 4],
            n: 0,
            ahead: 0,
            beats: u64::MAX,
            live: hands.iter().fold(0, |m, h| m | h),
            led: 0,
        }
    }

    /// Plays `c` to the trick; `trump` as `Search::trump`.
    fn push(&mut self, c: u8, trump: u64) {
        if self.beats >> c & 1 == 1 {
            self.ahead = self.n;
            self.beats = beaten_by(c, trump);
        }
        if self.n == 0 {
            self.led = SUIT_OF[usize::from(c & 63)];
        }
        self.cards[usize::from(self.n)] = c;
        self.n += 1;
    }

    fn seat(&self, i: usize) -> Seat {
        Seat::from_index(self.leader.index() + i)
    }
}

/// Whether a search keeps the trick that gives its result (the top of the search and the
/// replay of the play found, `Trick`) or only the result (every trick boundary, `NoPlay`).
trait Play {
    type Trick: Copy;
    /// Whether this is the search that keeps the trick: the only one `Search::floor` is for.
    const KEEPS: bool;
    fn keep(t: Trick) -> Self::Trick;
}

impl Play for Trick {
    type Trick = Trick;
    const KEEPS: bool = true;
    fn keep(t: Trick) -> Trick {
        t
    }
}

/// See [`Play`].
struct NoPlay;

impl Play for NoPlay {
    type Trick = ();
    const KEEPS: bool = false;
    fn keep(_: Trick) {}
}

/// The cards each seat holds, as bit sets indexed by [`Seat::index`].
type Hands = [u64; 4];

/// The search spent its budget (`Search::stopped` says so): the search's own error, which
/// carries nothing, so that its results pass in registers.
#[derive(Debug)]
struct Stopped;

/// `R`: whether any restriction is in force, fixed for the whole search so that a search
/// with none does no work for them (the budget case, 70/b, paid 2.7% more in the search
/// for a test of it at every turn).
struct Search<'a, const R: bool = false> {
    trumps: Strain,
    /// The trump suit's cards (none at notrump): what `beaten_by` reads.
    trump: u64,
    side: Side,
    goal: Goal,
    statement: &'a [Card],
    /// The statement's cards, as a bit set.
    stmt_mask: u64,
    /// What the search found at a trick boundary.
    memo: Memo,
    nodes: u64,
    budget: u64,
    /// The trick boundaries on the way to the one being searched (the position the search
    /// started from first), each as its key's holders were made (`OnPath`): a boundary's
    /// are its nearest one's with the cards played since taken out, a few steps, where
    /// squeezing every card in play again was a sixth of the search.
    path: Vec<OnPath>,
    /// The result no choice of the trick that keeps its play can go below: 0, but while
    /// `replay` searches a trick of a line where every choice goes against the claimer, the
    /// result from that trick, which the search found and no line does worse than, so that
    /// the first choice reaching it is the play's. A trick so replayed stops there, where it
    /// tried every choice and proved each no worse: the replays of the corpus tried 207,269
    /// cards on top of their searches' 394,895.
    floor: u8,
    /// What the obligations in force make each hand play or not play (`search_restricted`),
    /// and which of them are in force at the turn being searched.
    restrictions: &'a Restrictions,
    state: State,
    /// The cards no other card stands for as a choice: the statement's, and those a
    /// restriction tells apart from the cards beside them.
    distinct: u64,
}

impl<const R: bool> Search<'_, R> {
    /// The search from `pos`, and one play that gives its result.
    fn run(mut self, pos: &Position) -> Result<Line, ClaimError> {
        if pos.tricks_left() == 0 {
            return Ok(Line {
                tricks: 0,
                play: vec![],
                nodes: 0,
            });
        }
        let hands = pos.hands.map(|h| h.0);
        let mut first = Trick::new(pos.leader, &hands);
        for &c in &pos.trick {
            first.push(c.index() as u8, self.trump);
            first.live |= 1 << c.index();
        }
        self.path.push(self.afresh(&hands));
        let (tricks, first) = self
            .in_trick::<Trick>(hands, first, first.seat(first.n.into()), u8::MAX)
            .map_err(|_| self.stopped())?;
        let play = self.replay(hands, first, pos.trick.len(), tricks)?;
        Ok(Line {
            tricks,
            play,
            nodes: self.nodes,
        })
    }

    /// What a search that spent its budget says.
    fn stopped(&self) -> ClaimError {
        ClaimError::new(
            ClaimErrorKind::Budget { cards: self.budget },
            format!(
                "the line search stopped after {} cards tried, its budget, without finishing",
                self.budget
            ),
        )
    }

    /// The result from the start of `t`'s trick (it included), with the trick completed as
    /// in a play that gives it where `P` keeps it; `hands` no longer hold the cards of `t`.
    /// Only results below `limit` matter to the caller: a result below it is exact, any
    /// other is a lower bound of the result that is at least `limit` (and its trick means
    /// nothing). That lets a choice stop as soon as it cannot beat the best one found before
    /// it. `seat`: the seat to play, `t.seat(t.n)`, handed in by the caller, who knows it:
    /// worked out here, it read `t`'s leader and count together in one word just after the
    /// caller had written them a byte at a time, and that read waited for the writes to land
    /// at every card tried (the budget case, 70/b-early-claim-adjudicated, ruled alone:
    /// 51 -> 43 ms; `live` taken from the trick, `complete`, 43 -> 40 ms).
    fn in_trick<P: Play>(
        &mut self,
        hands: Hands,
        t: Trick,
        seat: Seat,
        limit: u8,
    ) -> Result<(u8, P::Trick), Stopped> {
        debug_assert_eq!(seat, t.seat(usize::from(t.n)));
        let maximise = self.goal == Goal::Best && seat.side() == self.side;
        let floor = if P::KEEPS { self.floor } else { 0 };
        // Minimising: the lowest result found so far, or `limit`.
        let mut bound = limit;
        let mut best: Option<(u8, P::Trick)> = None;
        for c in self.ordered(self.choices(&hands, seat, &t), seat) {
            self.nodes += 1;
            if self.nodes > self.budget {
                return Err(Stopped);
            }
            if maximise {
                let (v, full) = self.play::<P>(&hands, &t, seat, c, limit)?;
                if best.is_none_or(|(b, _)| v > b) {
                    best = Some((v, full));
                }
                // Nothing does better than the cap (the most this trick and the later ones
                // can give: the cards of the trick's last seat, which has not played yet),
                // and at the limit the caller has enough.
                let cap = hands[t.leader.rho().index()].count_ones() as u8;
                if v >= cap || v >= limit {
                    break;
                }
            } else {
                let (v, full) = self.play::<P>(&hands, &t, seat, c, bound)?;
                if v < bound {
                    bound = v;
                    best = Some((v, full));
                }
                if bound <= floor {
                    break;
                }
            }
        }
        // Minimising with nothing below the limit found: the limit is a lower bound.
        Ok(best.unwrap_or((bound, P::keep(t))))
    }

    /// `in_trick` after card `c` is played to `t`: the trick's last card is scored here, not
    /// in a call of its own (most of the cards tried are a trick's last).
    #[inline(always)]
    fn play<P: Play>(
        &mut self,
        hands: &Hands,
        t: &Trick,
        seat: Seat,
        c: u8,
        limit: u8,
    ) -> Result<(u8, P::Trick), Stopped> {
        let mut after = *hands;
        after[seat.index()] &= !(1 << c);
        if R {
            let before = self.state;
            self.state = self.restrictions.after(before, seat, 1 << c, t.n == 0);
            let result = self.next::<P>(after, t, seat, c, limit);
            self.state = before;
            return result;
        }
        self.next::<P>(after, t, seat, c, limit)
    }

    /// `play` with `hands` no longer holding `c`.
    #[inline(always)]
    fn next<P: Play>(
        &mut self,
        hands: Hands,
        t: &Trick,
        seat: Seat,
        c: u8,
        limit: u8,
    ) -> Result<(u8, P::Trick), Stopped> {
        match t.n {
            3 => {
                let mut full = *t;
                full.cards[3] = c;
                full.n = 4;
                full.ahead = if t.beats >> c & 1 == 1 { 3 } else { t.ahead };
                self.complete::<P>(hands, full, limit)
            }
            _ => {
                let mut next = *t;
                next.push(c, self.trump);
                self.in_trick::<P>(hands, next, seat.lho(), limit)
            }
        }
    }

    /// `in_trick` for a trick whose four cards are played: the result from the boundary
    /// after it.
    #[inline(always)]
    fn complete<P: Play>(
        &mut self,
        hands: Hands,
        t: Trick,
        limit: u8,
    ) -> Result<(u8, P::Trick), Stopped> {
        let winner = self.winner(&t);
        let won = u8::from(winner.side() == self.side);
        if won >= limit {
            return Ok((won, P::keep(t)));
        }
        // The cards in play after the trick: those when it began, less its four. Taken from
        // the trick, not from `hands`, which the caller has just written a word at a time: a
        // wider read of them waits for those writes to land.
        let played = t.cards.iter().fold(0u64, |m, &c| m | 1 << c);
        let live = t.live & !played;
        Ok((
            won + self.boundary(&hands, live, winner, limit - won)?,
            P::keep(t),
        ))
    }

    /// The result from a trick boundary (see [`Search::in_trick`] for `limit`), remembered.
    /// `live`: the cards `hands` hold.
    fn boundary(
        &mut self,
        hands: &Hands,
        live: u64,
        leader: Seat,
        limit: u8,
    ) -> Result<u8, Stopped> {
        #[cfg(test)]
        assert_eq!(live, hands.iter().fold(0, |m, h| m | h));
        if live == 0 || limit == 0 {
            return Ok(0);
        }
        // Cards only leave the hands: the same trumps in play are the same trumps in each
        // hand, and the same sure tricks as the boundary this trick was played from.
        let sure = match self.path.last() {
            Some(from) if from.live() & self.trump == live & self.trump => from.sure(),
            _ => self.sure_tricks(hands),
        };
        // The tests hold every count so kept to the one made afresh.
        #[cfg(test)]
        assert_eq!(sure, self.sure_tricks(hands));
        if sure >= limit {
            return Ok(sure);
        }
        let (key, here) = memo::key(self.path.last(), self.statement, hands, live, leader);
        let more = if R {
            self.restrictions.word(self.state, live)
        } else {
            [0, 0]
        };
        let key = (key, more);
        if let Some(e) = self.memo.get(&key) {
            if e.exact || e.tricks >= limit {
                return Ok(e.tricks);
            }
        }
        self.path.push(OnPath::new(here, sure));
        let first = Trick {
            live,
            ..Trick::new(leader, &[0; 4])
        };
        let (tricks, ()) = self.in_trick::<NoPlay>(*hands, first, leader, limit)?;
        self.path.pop();
        let exact = tricks < limit;
        self.memo.insert(key, Remembered { tricks, exact });
        Ok(tricks)
    }

    /// The first boundary of a search's path (of the search, and of each trick `replay`
    /// searches again): its holders squeezed and its sure tricks counted afresh, with no
    /// boundary before it to take them from.
    fn afresh(&self, hands: &Hands) -> OnPath {
        OnPath::new(Squeezed::of(hands), self.sure_tricks(hands))
    }

    /// A lower bound of the claimer's tricks from a trick boundary. A trick to which a hand
    /// of the claimer's side plays a trump is the side's unless a defender plays a higher
    /// trump to it, and each defender's trump beats at most one trick; so of a hand's trumps
    /// at least as many win as are left over when each defender's trump is matched with a
    /// lower one of that hand (`unbeaten`). A trump higher than every defender's is one of
    /// those left over, whoever plays it and when.
    fn sure_tricks(&self, hands: &Hands) -> u8 {
        let Some(trump) = self.trumps.suit() else {
            return 0;
        };
        let (a, b) = self.side_seats();
        let shift = trump as usize * 13;
        let block = |s: Seat| ((hands[s.index()] >> shift) & 0x1fff) as u16;
        let theirs = block(a.lho()) | block(a.rho());
        unbeaten(block(a), theirs).max(unbeaten(block(b), theirs))
    }

    /// The choices in the order to try them: the claimer's side's low cards first when
    /// every choice goes against it, high ones first otherwise, so that a good bound comes
    /// early. Rank by rank, each rank's suits in suit order: each choice becomes the bit
    /// `rank * 4 + suit` of an order (its rank counted from the end tried first), so that
    /// the choices are taken lowest bit first with no sorting and no array (this runs at
    /// every turn the search visits); [`Order::next`] gives them back as cards.
    fn ordered(&self, choices: u64, seat: Seat) -> Order {
        let low_first = self.goal != Goal::Best && seat.side() == self.side;
        let place = &ORDER[usize::from(!low_first)].0;
        let (mut bits, mut rest) = (0u64, choices);
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            bits |= 1 << place[i];
        }
        Order { bits, low_first }
    }

    /// The cards `seat` may choose from, one of each set of equivalent cards. (Inlined into
    /// `in_trick`, its only caller, at every turn the search visits.)
    #[inline(always)]
    fn choices(&self, hands: &Hands, seat: Seat, t: &Trick) -> u64 {
        // The suit led, as its block of bits: the hand must follow it when it can (44C).
        let led = (t.led != 0).then_some(t.led);
        let hand = hands[seat.index()];
        let allowed = match led {
            Some(block) if hand & block != 0 => hand & block,
            _ => hand,
        };
        // What the obligations in force on him leave of them.
        let allowed = if !R {
            allowed
        } else {
            self.restrictions
                .narrow(allowed, seat, t.n == 0, self.state)
        };
        let ours = hands[self.side_seats().0.index()] | hands[self.side_seats().1.index()];
        // The statement's cards not yet played.
        let kept = self.stmt_mask & ours;
        let pool = if seat.side() == self.side && kept != 0 {
            let next = self.statement.iter().find(|c| ours & (1 << c.index()) != 0);
            if let Some(&c) = next {
                let bit = 1u64 << c.index();
                let suit = SUIT_BLOCKS[c.suit as usize];
                let fits = led.is_none_or(|s| s == suit) || Some(c.suit) == self.trumps.suit();
                if allowed & bit != 0 && fits {
                    return bit;
                }
            }
            match allowed & !kept {
                0 => allowed,
                free => free,
            }
        } else {
            allowed
        };
        let pool = if self.goal == Goal::WorstFromTheTop && seat.side() == self.side {
            highest_of_each_suit(pool)
        } else {
            pool
        };
        // One card stands for itself (a hand with one card of the suit led, the last cards):
        // 1.4 million of the budget case's turns, 16 million of its 689 million
        // instructions. Tested here rather than in `representatives`, where the same test
        // cost 4 million more (the function's code laid out otherwise).
        if pool & pool.wrapping_sub(1) == 0 {
            return pool;
        }
        representatives(pool, t.live, self.distinct)
    }

    /// Who wins a complete trick (Law 44E, 44F): the card ahead after the last (see
    /// `beaten_by`).
    fn winner(&self, t: &Trick) -> Seat {
        t.seat(usize::from(t.ahead))
    }

    fn side_seats(&self) -> (Seat, Seat) {
        match self.side {
            Side::NorthSouth => (Seat::North, Seat::South),
            Side::EastWest => (Seat::East, Seat::West),
        }
    }

    /// The play the search found: the rest of the first trick, then from each trick boundary
    /// a trick that keeps the best result (searched again: the remembered results make that
    /// one trick deep, and where every choice goes against the claimer, each trick stops at
    /// the first choice that keeps it, `Search::floor`). `tricks`: the search's result, from
    /// the start of `first`'s trick.
    fn replay(
        &mut self,
        mut hands: Hands,
        first: Trick,
        already: usize,
        tricks: u8,
    ) -> Result<Vec<(Seat, Card)>, ClaimError> {
        let mut play: Vec<(Seat, Card)> = (already..4)
            .map(|i| (first.seat(i), Card::from_index(first.cards[i].into())))
            .collect();
        let (mut t, mut from, mut left) = (first, already, tricks);
        loop {
            // The hands still hold the cards of this trick from `from` on.
            for i in from..4 {
                hands[t.seat(i).index()] &= !(1 << t.cards[i]);
                self.state =
                    self.restrictions
                        .after(self.state, t.seat(i), 1 << t.cards[i], i == 0);
            }
            from = 0;
            let leader = self.winner(&t);
            left -= u8::from(leader.side() == self.side);
            if hands.iter().all(|&h| h == 0) {
                return Ok(play);
            }
            self.path.clear();
            self.path.push(self.afresh(&hands));
            // Where the claimer's side chooses its best, a choice that reaches the result is
            // not the line's for that: the floor stays 0.
            let limit = if self.goal == Goal::Best {
                u8::MAX
            } else {
                self.floor = left;
                left + 1
            };
            let replayed = self.in_trick::<Trick>(hands, Trick::new(leader, &hands), leader, limit);
            self.floor = 0;
            (_, t) = replayed.map_err(|_| self.stopped())?;
            play.extend((0..4).map(|i| (t.seat(i), Card::from_index(t.cards[i].into()))));
        }
    }
}
