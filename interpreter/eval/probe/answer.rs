//! What a read of a held call looks at (`Aspect`) and what it finds (`answer`): two calls with
//! the same answers to every read an evaluation made cannot be told apart by it.

use crate::model::{Call, Meaning};
use crate::syntax::ast::BinOp;
use rustc_hash::FxHashMap;
use std::cell::RefCell;

/// What a read found: equal answers, the same read (`answer`).
pub type Answer = u16;

thread_local! {
    /// The values of the pure definitions `Compared` reads compare, at each legal call meant
    /// a given way, and the steps each took (`know_values`): a pure definition's value does
    /// not depend on the table, so they hold for a whole ruling.
    static PURE: RefCell<FxHashMap<(u32, Meaning, Call), Option<(i64, u64)>>> =
        RefCell::default();
}

/// Forget the values found (`know_values`): a ruling starts with none.
pub(super) fn forget() {
    PURE.with(|p| p.borrow_mut().clear());
}

/// What a read looks at of a call: what two calls that give the same answers cannot be
/// told apart by (`answer`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aspect {
    /// Bid, pass, double or redouble.
    Kind,
    /// Whether it is a bid (`is_bid`).
    Bid,
    /// A bid's level (none for another call).
    Level,
    /// A bid's strain (none for another call).
    Strain,
    /// Whether it is this call.
    Is(Call),
    /// All of it (its text, say).
    Whole,
    /// Whether a comparison of a function of it holds (see [`Compared`]).
    Compared(Compared),
}

/// A comparison one of whose sides is a function of the held call alone (`OfCall`), the
/// other side not reading it: read as whether it holds, not as the value compared, so that
/// `level(c) <= 7` parts the calls by its truth, not by the seven levels, and
/// `bid_rank(b) > bid_rank(last_bid)` the bids in two, not in thirty-five. Every call that
/// reaches it having read alike so far, the other side's value is the same for all of them,
/// and the function's value at another call is known without asking (a level, or a pure
/// definition's value, found once a ruling: `know_values`).
///
/// What the function charges the step budget at a call is part of the answer, and the steps
/// left before it part of the read: calls that go on alike have taken the same steps, as
/// with every other read, and a call whose function would run out is one of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Compared {
    pub of: OfCall,
    /// How the held call was meant (a definition may read it): every call asked in its
    /// place is meant so.
    pub meaning: Meaning,
    pub op: BinOp,
    /// The other side's value; none where it stopped (the comparison then stops with it,
    /// whatever the call, unless the function stops first).
    pub other: Option<i64>,
    /// Whether the function of the call is the left side.
    pub left: bool,
    /// The steps of the budget left before the function's value is taken.
    pub steps_left: u64,
}

/// A function of a call alone, which a [`Compared`] read compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OfCall {
    /// The built-in `level` (it charges no step).
    Level,
    /// A pure definition of one call giving an int, by its index.
    Define(u32),
}

/// The answer of a `Compared` read for a call whose function stops there, or would run out
/// of steps: one of its own (the call's own code above it), so that the call is asked.
pub(super) const STOPS: Answer = 0x8000;

/// `op` on two ints, as the comparison holds.
pub fn holds(op: BinOp, x: i64, y: i64) -> bool {
    match op {
        BinOp::Eq => x == y,
        BinOp::Ne => x != y,
        BinOp::Lt => x < y,
        BinOp::Le => x <= y,
        BinOp::Gt => x > y,
        _ => x >= y,
    }
}

/// A call's answer to what a read looks at: equal answers, the same read. None where it is
/// not known (a `Compared` read of a definition whose values were not found).
pub fn answer(call: Call, aspect: Aspect) -> Option<Answer> {
    let code = |c: Call| match c {
        Call::Bid { level, strain } => level.saturating_mul(5).saturating_add(strain as u8),
        Call::Pass => 251,
        Call::Double => 252,
        Call::Redouble => 253,
    };
    Some(Answer::from(match (aspect, call) {
        (Aspect::Kind, Call::Bid { .. }) => 0,
        (Aspect::Kind, c) => code(c),
        (Aspect::Bid, c) => u8::from(c.is_bid()),
        (Aspect::Level, Call::Bid { level, .. }) => level,
        (Aspect::Strain, Call::Bid { strain, .. }) => strain as u8,
        (Aspect::Level | Aspect::Strain, c) => code(c),
        (Aspect::Is(other), c) => u8::from(c == other),
        (Aspect::Whole, c) => code(c),
        (Aspect::Compared(cmp), c) => {
            let stops = STOPS | Answer::from(code(c));
            let value = match cmp.of {
                OfCall::Level => match c {
                    Call::Bid { level, .. } => Some((i64::from(level), 0)),
                    _ => None,
                },
                OfCall::Define(d) => {
                    PURE.with(|p| p.borrow().get(&(d, cmp.meaning, c)).copied())?
                }
            };
            return Some(match value {
                Some((v, steps)) if steps <= cmp.steps_left && steps < 0x4000 => {
                    let truth = match cmp.other {
                        Some(o) if cmp.left => holds(cmp.op, v, o),
                        Some(o) => holds(cmp.op, o, v),
                        None => false,
                    };
                    (steps as Answer) << 1 | Answer::from(truth)
                }
                _ => stops,
            });
        }
    }))
}

/// Whether the answer of a `Compared` read is its comparison holding (else not holding, or
/// the call's own, where its function stops).
pub fn compared_holds(a: Answer) -> Option<bool> {
    (a & STOPS == 0).then_some(a & 1 == 1)
}

/// The steps a `Compared` read's answer charges (none where its function stops).
pub fn compared_steps(a: Answer) -> u64 {
    if a & STOPS == 0 {
        u64::from(a >> 1)
    } else {
        0
    }
}

/// Find the values of pure definition `d` at every legal call meant `meaning`, each with the
/// steps it took (`value`: none where it stops), unless found already this ruling.
pub fn know_values(d: u32, meaning: Meaning, value: impl Fn(Call) -> Option<(i64, u64)>) {
    let known = PURE.with(|p| p.borrow().contains_key(&(d, meaning, Call::Pass)));
    if known {
        return;
    }
    let values: Vec<_> = Call::all_legal_forms()
        .into_iter()
        .map(|c| ((d, meaning, c), value(c)))
        .collect();
    PURE.with(|p| p.borrow_mut().extend(values));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Strain;

    #[test]
    fn answers_tell_apart_exactly_what_their_aspect_looks_at() {
        let (one_d, two_d, one_h) = (
            Call::bid(1, Strain::Diamonds),
            Call::bid(2, Strain::Diamonds),
            Call::bid(1, Strain::Hearts),
        );
        assert_eq!(answer(one_d, Aspect::Kind), answer(two_d, Aspect::Kind));
        assert_ne!(
            answer(one_d, Aspect::Kind),
            answer(Call::Pass, Aspect::Kind)
        );
        assert_ne!(
            answer(Call::Pass, Aspect::Kind),
            answer(Call::Double, Aspect::Kind)
        );
        assert_eq!(answer(one_d, Aspect::Level), answer(one_h, Aspect::Level));
        assert_ne!(answer(one_d, Aspect::Level), answer(two_d, Aspect::Level));
        // Not a bid: no level, and which call it is still tells (its error names it).
        assert_ne!(
            answer(Call::Pass, Aspect::Level),
            answer(Call::Double, Aspect::Level)
        );
        assert_ne!(
            answer(Call::Pass, Aspect::Level),
            answer(one_d, Aspect::Level)
        );
        assert_eq!(answer(one_d, Aspect::Strain), answer(two_d, Aspect::Strain));
        // `is_bid` parts the calls in two, `is_pass` (`Is`) too: a double and a redouble
        // answer alike to both.
        assert_eq!(answer(one_d, Aspect::Bid), answer(two_d, Aspect::Bid));
        assert_eq!(
            answer(Call::Double, Aspect::Bid),
            answer(Call::Redouble, Aspect::Bid)
        );
        assert_ne!(answer(Call::Pass, Aspect::Bid), answer(one_d, Aspect::Bid));
        assert_eq!(
            answer(Call::Double, Aspect::Is(Call::Pass)),
            answer(Call::Redouble, Aspect::Is(Call::Pass))
        );
        assert_eq!(
            answer(one_h, Aspect::Is(Call::Pass)),
            answer(one_d, Aspect::Is(Call::Pass))
        );
        assert_ne!(
            answer(Call::Pass, Aspect::Is(Call::Pass)),
            answer(one_d, Aspect::Is(Call::Pass))
        );
        // Every call its own answer to the whole.
        let all = Call::all_legal_forms();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert_ne!(
                    answer(*a, Aspect::Whole),
                    answer(*b, Aspect::Whole),
                    "{a} {b}"
                );
            }
        }
    }

    #[test]
    fn a_compared_read_parts_the_calls_by_its_truth_and_each_call_its_function_stops_at_alone() {
        forget();
        let level_at_most = |n: i64| {
            Aspect::Compared(Compared {
                of: OfCall::Level,
                meaning: Meaning::Natural,
                op: BinOp::Le,
                other: Some(n),
                left: true,
                steps_left: 100,
            })
        };
        // `level(c) <= 7`: one answer for every bid, where the level read gives seven.
        let bids: Vec<Call> = Call::all_legal_forms()
            .into_iter()
            .filter(|c| c.is_bid())
            .collect();
        let all_true = answer(Call::bid(1, Strain::Clubs), level_at_most(7));
        assert_eq!(compared_holds(all_true.unwrap()), Some(true));
        for &c in &bids {
            assert_eq!(answer(c, level_at_most(7)), all_true, "{c}");
        }
        // `level(c) <= 3`: two answers among the bids.
        assert_eq!(
            answer(Call::bid(3, Strain::NoTrump), level_at_most(3)),
            answer(Call::bid(1, Strain::Clubs), level_at_most(3))
        );
        assert_ne!(
            answer(Call::bid(4, Strain::Clubs), level_at_most(3)),
            answer(Call::bid(3, Strain::NoTrump), level_at_most(3))
        );
        // A pass has no level: the function stops, and each such call is an answer of its own.
        let (pass, double) = (
            answer(Call::Pass, level_at_most(7)).unwrap(),
            answer(Call::Double, level_at_most(7)).unwrap(),
        );
        assert_eq!(compared_holds(pass), None);
        assert_ne!(pass, double);
        // A definition's values are known once found; before, no answer (the call is asked).
        let rank = |other, steps_left| {
            Aspect::Compared(Compared {
                of: OfCall::Define(3),
                meaning: Meaning::Natural,
                op: BinOp::Gt,
                other: Some(other),
                left: true,
                steps_left,
            })
        };
        assert_eq!(answer(Call::bid(2, Strain::Clubs), rank(7, 100)), None);
        know_values(3, Meaning::Natural, |c| match c {
            Call::Bid { level, strain } => Some((i64::from(level) * 5 + strain as i64, 4)),
            _ => None,
        });
        let above = |c| compared_holds(answer(c, rank(7, 100)).unwrap());
        assert_eq!(above(Call::bid(2, Strain::Clubs)), Some(true));
        assert_eq!(above(Call::bid(1, Strain::Clubs)), Some(false));
        assert_eq!(above(Call::Redouble), None);
        // The steps the function takes are in the answer; more than are left, it stops.
        assert_eq!(
            compared_steps(answer(Call::bid(2, Strain::Clubs), rank(7, 100)).unwrap()),
            4
        );
        assert_eq!(
            compared_holds(answer(Call::bid(2, Strain::Clubs), rank(7, 3)).unwrap()),
            None
        );
        // Another meaning is another function: not known yet.
        let artificial = Aspect::Compared(Compared {
            meaning: Meaning::Artificial(0),
            ..match rank(7, 100) {
                Aspect::Compared(c) => c,
                _ => unreachable!(),
            }
        });
        assert_eq!(answer(Call::bid(2, Strain::Clubs), artificial), None);
        forget();
        assert_eq!(
            answer(Call::bid(2, Strain::Clubs), rank(7, 100)),
            None,
            "a ruling forgets"
        );
    }
}
