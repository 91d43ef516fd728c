//! The facts a claim is ruled on (Laws 69-71), computed when the claim is made: the claimer's
//! stated line played out against every defence and every order it leaves open (the worst
//! for his side), the double-dummy result of the position, and whether an opponent holds a
//! trump the line does not name (70C). The law book reads them as `line_tricks`,
//! `dd_tricks` and `trump_outstanding`; a computation that fails (its budget spent) leaves
//! the claim ruled without it, and the ruling says so.

use super::*;
use crate::claim::{double_dummy, worst_line, Position, DEFAULT_NODE_BUDGET};

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

    pub(super) fn claim_evidence(
        &self,
        claimer: Seat,
        line: &[Card],
    ) -> Result<(ClaimFacts, Vec<(Seat, Card)>), String> {
        let pos = self
            .claim_position()
            .ok_or_else(|| "the play has not started".to_string())?;
        let side = claimer.side();
        let worst = worst_line(&pos, claimer, line, DEFAULT_NODE_BUDGET).map_err(|e| e.message)?;
        let dd = double_dummy(&pos, side).map_err(|e| e.message)?;
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
}
