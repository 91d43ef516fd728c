//! The facts a claim is ruled on (Laws 69-71), computed when the claim is made: the claimer's
//! stated line played out against every defence and every order it leaves open (the worst
//! for his side), the double-dummy result of the position, and whether an opponent holds a
//! trump the line does not name (70C). The law book reads them as `line_tricks`,
//! `dd_tricks` and `trump_outstanding`; a computation that fails (its budget spent) leaves
//! the claim ruled without it, and the ruling says so.

use super::*;
use crate::claim::{
    worst_line, worst_line_from_the_top, ClaimError, ClaimErrorKind, DoubleDummy, Position,
    DEFAULT_NODE_BUDGET,
};
use std::cell::RefCell;
use std::collections::HashMap;

type Evidence = Result<(ClaimFacts, Vec<(Seat, Card)>), ClaimError>;

thread_local! {
    /// The facts of each claim position met, for the decision tree's replays: each branch
    /// replays the same claim, and the line search is the costly part of a ruling.
    static KNOWN: RefCell<HashMap<String, Evidence>> = RefCell::new(HashMap::new());
    /// The thread's double-dummy solver, made once: making one allocates and clears its
    /// table of positions, which cost more than solving a claim's position. Its answers
    /// are exact whatever it remembers from the positions before.
    static SOLVER: RefCell<DoubleDummy> = RefCell::new(DoubleDummy::new());
}

/// Forget every claim position met: the next ruling computes its facts afresh (what a new
/// process pays, and what a benchmark of the corpus must time).
pub fn forget_claim_evidence() {
    KNOWN.with(|k| k.borrow_mut().clear());
}

impl Table<'_> {
    /// The position at the claim, as the solver and the line search take it.
    fn claim_position(&self) -> Option<Position> {
        let play = self.play.as_ref()?;
        let current = play.current();
        Some(Position {
            hands: play.hands,
            trumps: play.strain,
            leader: current.first().map_or(play.next, |r| r.seat),
            trick: current.iter().map(|r| r.card).collect(),
        })
    }

    /// `from_the_top`: the claimer's side plays each suit from the top where the statement
    /// leaves the order open (the law book's `claim_suit_from_the_top`, 70E2).
    pub(super) fn claim_evidence(
        &self,
        claimer: Seat,
        line: &[Card],
        from_the_top: bool,
    ) -> Evidence {
        let pos = self
            .claim_position()
            .ok_or_else(|| ClaimError::new(ClaimErrorKind::Position, "the play has not started"))?;
        let key = format!("{pos:?} {claimer:?} {line:?} {from_the_top}");
        if let Some(known) = KNOWN.with(|k| k.borrow().get(&key).cloned()) {
            return known;
        }
        let evidence = compute(&pos, claimer, line, from_the_top);
        KNOWN.with(|k| {
            let mut k = k.borrow_mut();
            // A bound on what a long run (a whole corpus) keeps.
            if k.len() > 4096 {
                k.clear();
            }
            k.insert(key, evidence.clone());
        });
        evidence
    }
}

fn compute(pos: &Position, claimer: Seat, line: &[Card], from_the_top: bool) -> Evidence {
    let side = claimer.side();
    let search = if from_the_top {
        worst_line_from_the_top
    } else {
        worst_line
    };
    let worst = search(pos, claimer, line, DEFAULT_NODE_BUDGET)?;
    let dd = SOLVER.with(|s| {
        let mut solver = s.borrow_mut();
        let dd = solver.tricks(pos, side);
        // A solver that failed is not trusted with the next position.
        if dd.is_err() {
            *solver = DoubleDummy::new();
        }
        dd
    })?;
    // 70C1: a trump in an opponent's hand that the statement says nothing about.
    let trump_outstanding = match pos.trumps.suit() {
        Some(t) => {
            let opponents_hold = [claimer.lho(), claimer.rho()]
                .iter()
                .any(|s| pos.hands[s.index()].cards().any(|c| c.suit == t));
            opponents_hold && !line.iter().any(|c| c.suit == t)
        }
        None => false,
    };
    Ok((
        ClaimFacts {
            line_tricks: worst.tricks,
            dd_tricks: dd,
            trump_outstanding,
        },
        worst.play,
    ))
}
