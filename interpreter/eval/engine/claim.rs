//! A claim or concession at the table (Law 68), the tricks it awards when the play ends at
//! it, and the facts it is ruled on (Laws 69-71), computed when it is made: the claimer's
//! stated line played out against every defence and every order it leaves open (the worst
//! for his side), the double-dummy result of the position, and whether an opponent holds a
//! trump the line does not name (70C). The law book reads them as `line_tricks`,
//! `dd_tricks` and `trump_outstanding`; a computation that fails (its budget spent) leaves
//! the claim ruled without it, and the ruling says so.

use super::*;
use crate::claim::line::{search_forced, Goal};
use crate::claim::{ClaimError, ClaimErrorKind, DoubleDummy, Position, DEFAULT_NODE_BUDGET};
use crate::model::Side;
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
    /// A claim or a concession (Law 68): ruled by the law book's `act` with a `claim`
    /// trigger; `n` is the number of the remaining tricks the claimer's side is to win.
    pub(super) fn feed_claim(
        &mut self,
        seat: Seat,
        tricks: Option<u8>,
        line: &[Card],
        concession: bool,
    ) -> Result<(), Fail> {
        self.next_player()?;
        let left = {
            let play = self.play.as_ref().unwrap();
            if play.ended {
                return Err(self.event_error(Message::new("table.claim_late").with("seat", seat)));
            }
            13 - play.winners.len() as u8
        };
        let n = tricks.unwrap_or(left);
        if n > left {
            return Err(self.event_error(
                Message::new("table.claim_too_many")
                    .with("seat", seat)
                    .with("n", n)
                    .with("left", left),
            ));
        }
        if let Some(c) = line.iter().find(|c| {
            let play = self.play.as_ref().unwrap();
            !play.hands[seat.index()].contains(**c)
                && !play.hands[seat.partner().index()].contains(**c)
        }) {
            return Err(self.event_error(
                Message::new("table.claim_card")
                    .with("seat", seat)
                    .with("card", *c),
            ));
        }
        // Conceding n tricks claims the rest (68B1).
        let n = if concession { left - n } else { n };
        let from_the_top = self.ask("claim_suit_from_the_top", vec![])? == Value::Bool(true);
        let (evidence, worst) = match self.claim_evidence(seat, line, from_the_top) {
            Ok((facts, worst)) => (Ok(facts), worst),
            Err(why) => (Err(why), vec![]),
        };
        *self.claim.change() = Some(ClaimState {
            claimer: seat,
            line_stated: !line.is_empty(),
            claimed: n,
            worst,
            concession,
            left,
            cards_before: self.play.as_ref().map_or(0, |p| p.every_play.len()),
            evidence,
            no_claim: false,
            line: line.to_vec(),
            from_the_top,
            moved: false,
        });
        self.settle_defaults(None)?;
        let x = Value::Int(i64::from(n));
        let note = Note::UngovernedClaim { seat, tricks: n };
        // What the ruling's heading shows: the tricks claimed, or for a concession the
        // tricks conceded, as the player put it (`render`'s "concedes" text).
        let text = if concession {
            format!("concedes {}", left - n)
        } else {
            n.to_string()
        };
        self.rule_or_note(Act::Claim, seat, &x, text, note)
            .map(|_| ())
    }

    /// The play ends at a claim: `count` of the tricks left go to `to` (68D, 69A, 70).
    pub(super) fn award(&mut self, count: i64, to: Side) -> Result<(), Fail> {
        let Some(play) = self.play.change().as_mut() else {
            return Err(self.event_error(Message::plain("tricks are awarded before the play")));
        };
        let left = 13 - play.winners.len() as i64;
        let n = count.clamp(0, left);
        let to_declarer = if to == play.declarer.side() {
            n
        } else {
            left - n
        };
        play.awarded = Some(to_declarer as u8);
        play.ended = true;
        self.end_play()
    }

    /// The cards each seat must play at his first legal opportunity, by the obligations in
    /// force that say so (`forces`: a major penalty card, 50D1), by [`Seat::index`].
    fn forced_cards(&self) -> [u64; 4] {
        let mut forced = [0u64; 4];
        for o in self.obligations.iter().filter(|o| o.status == "in force") {
            let decl = &self.book.obligations[&*o.name];
            let Some(f) = &decl.forces else { continue };
            let at = decl.params.iter().position(|p| p.name.name == f.name);
            if let Some(Value::Card(c)) = at.and_then(|i| o.args.get(i)) {
                forced[o.holder.index()] |= 1 << c.index();
            }
        }
        forced
    }

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

    /// The facts the claim is ruled on and one play of its worst line: as computed when it was
    /// made, or from the table's position now once a card played before it has been taken
    /// back (`ClaimState::moved`).
    pub(super) fn claim_facts(
        &self,
    ) -> Option<(Result<ClaimFacts, ClaimError>, Vec<(Seat, Card)>)> {
        let c = self.claim.as_ref()?;
        if !c.moved {
            return Some((c.evidence.clone(), c.worst.clone()));
        }
        Some(
            match self.claim_evidence(c.claimer, &c.line, c.from_the_top) {
                Ok((facts, worst)) => (Ok(facts), worst),
                Err(why) => (Err(why), vec![]),
            },
        )
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
        let forced = self.forced_cards();
        let key = format!("{pos:?} {claimer:?} {line:?} {from_the_top} {forced:?}");
        if let Some(known) = KNOWN.with(|k| k.borrow().get(&key).cloned()) {
            return known;
        }
        let evidence = compute(&pos, claimer, line, from_the_top, forced);
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

fn compute(
    pos: &Position,
    claimer: Seat,
    line: &[Card],
    from_the_top: bool,
    forced: [u64; 4],
) -> Evidence {
    let side = claimer.side();
    let goal = if from_the_top {
        Goal::WorstFromTheTop
    } else {
        Goal::Worst
    };
    let worst = search_forced(pos, claimer, line, DEFAULT_NODE_BUDGET, goal, forced)?;
    // Best play: the solver's, which knows no card a player must play; with one in force,
    // the line search's own best play, which keeps to it (its tests hold it to the solver's
    // where nothing is forced).
    let dd = if forced.iter().any(|&f| f != 0) {
        search_forced(pos, claimer, &[], DEFAULT_NODE_BUDGET, Goal::Best, forced)?.tricks
    } else {
        SOLVER.with(|s| {
            let mut solver = s.borrow_mut();
            let dd = solver.tricks(pos, side);
            // A solver that failed is not trusted with the next position.
            if dd.is_err() {
                *solver = DoubleDummy::new();
            }
            dd
        })?
    };
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
