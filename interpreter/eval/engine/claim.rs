//! A claim or concession at the table (Law 68), the tricks it awards when the play ends at
//! it, and the facts it is ruled on (Laws 69-71), computed when it is made: the claimer's
//! stated line played out against every defence and every order it leaves open (the worst
//! for his side), the double-dummy result of the position, and whether an opponent holds a
//! trump the line does not name (70C). The law book reads them as `line_tricks`,
//! `dd_tricks` and `trump_outstanding`; a computation that fails (its budget spent) leaves
//! the claim ruled without it, and the ruling says so.

use super::irregularity::obl_env;
use super::*;
use crate::claim::line::{
    search_restricted, Goal, Kind, Lasts, Restriction, Restrictions, MOST_RESTRICTIONS,
};
use crate::claim::{ClaimError, ClaimErrorKind, DoubleDummy, Position, DEFAULT_NODE_BUDGET};
use crate::model::Side;
use crate::syntax::ast::Expr;
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
        trick_in_progress: bool,
    ) -> Result<(), Fail> {
        self.next_player()?;
        let left = {
            let play = self.play.as_ref().unwrap();
            if play.ended {
                return Err(self.event_error(Message::new("table.claim_late").with("seat", seat)));
            }
            // 68 (SK 1686): "aktuálneho neúplného zdvihu": a trick someone has led to.
            if trick_in_progress && play.current().is_empty() {
                return Err(self.event_error(
                    Message::new("table.claim_no_trick_in_progress").with("seat", seat),
                ));
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
        let restrictions = self.claim_restrictions()?;
        let (evidence, worst) = match self.claim_evidence(seat, line, from_the_top, restrictions) {
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
            trick_in_progress,
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

    /// What the obligations in force make their holders play or not play in the play the
    /// claim leaves open (`forces`, `avoids`), each read card by card as the table stands,
    /// and the cards whose play ends it (`ends`). An obligation that yields to others
    /// (50D1(b)) is read after them. A condition the law book cannot read (a finding it
    /// asks, a rule's error) stops the claim's ruling as any question would.
    fn claim_restrictions(&self) -> Result<Vec<Restriction>, Stop> {
        let restricting = |o: &&Obl| {
            let decl = &self.book.obligations[&*o.name];
            o.status == "in force" && (decl.forces.is_some() || decl.avoids.is_some())
        };
        if !self.obligations.iter().any(|o| restricting(&o)) {
            return Ok(vec![]);
        }
        // The view the cards are read on: built with no claim facts where it is built now
        // (this runs while a view is built, when a claim's facts are computed again), and not
        // kept for later questions.
        self.reading_restrictions.set(Some(false));
        let view = self.view();
        let built = self.reading_restrictions.take() == Some(true);
        let list = self.read_restrictions(&view, restricting);
        if built {
            *self.view_cache.borrow_mut() = None;
        }
        list
    }

    fn read_restrictions(
        &self,
        view: &View,
        restricting: impl Fn(&&Obl) -> bool,
    ) -> Result<Vec<Restriction>, Stop> {
        let mut list = vec![];
        for o in self.obligations.iter().filter(restricting) {
            let decl = &self.book.obligations[&*o.name];
            let lasts = match o.duration {
                Duration::RestOfAuction => continue,
                Duration::NextTurn => Lasts::NextTurn,
                Duration::NextLead => Lasts::NextLead,
                Duration::WhileOnLead => Lasts::WhileOnLead { started: o.started },
                Duration::RestOfPlay => Lasts::RestOfPlay,
            };
            let cards = |e: Option<&Expr>| -> Result<u64, Stop> {
                let Some(e) = e else { return Ok(0) };
                let mut mask = 0u64;
                for i in 0..52 {
                    let c = Value::Card(Card::from_index(i));
                    let mut env = obl_env(decl, &o.args, o.holder, &c);
                    if self.ev.eval_bool(e, &mut env, view)? {
                        mask |= 1 << i;
                    }
                }
                Ok(mask)
            };
            let ends = cards(decl.ends.as_ref())?;
            for (kind, e) in [(Kind::Plays, &decl.forces), (Kind::Avoids, &decl.avoids)] {
                let Some(e) = e else { continue };
                list.push((
                    yield_depth(self.book, &o.name, 0),
                    Restriction {
                        holder: o.holder,
                        kind,
                        cards: cards(Some(e))?,
                        ends,
                        lasts,
                        group: 0,
                    },
                    o.name.clone(),
                ));
            }
        }
        // Stable: the order the obligations were imposed within each depth.
        list.sort_by_key(|(depth, ..)| *depth);
        // One group to each obligation, holder and kind in a row.
        let mut groups: Vec<(Rc<str>, Seat, Kind)> = vec![];
        Ok(list
            .into_iter()
            .map(|(_, mut r, name)| {
                let g = (name, r.holder, r.kind);
                if groups.last() != Some(&g) {
                    groups.push(g);
                }
                r.group = groups.len() as u32;
                r
            })
            .collect())
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
        let evidence = match self.claim_restrictions() {
            Ok(list) => self.claim_evidence(c.claimer, &c.line, c.from_the_top, list),
            // Read as the claim was made, they were read then; a view built while they are
            // read again cannot ask the tree for a finding.
            Err(stop) => Err(ClaimError::new(
                ClaimErrorKind::Position,
                format!(
                    "an obligation's cards could not be read again: {}",
                    stop_text(&stop)
                ),
            )),
        };
        Some(match evidence {
            Ok((facts, worst)) => (Ok(facts), worst),
            Err(why) => (Err(why), vec![]),
        })
    }

    /// `from_the_top`: the claimer's side plays each suit from the top where the statement
    /// leaves the order open (the law book's `claim_suit_from_the_top`, 70E2).
    pub(super) fn claim_evidence(
        &self,
        claimer: Seat,
        line: &[Card],
        from_the_top: bool,
        restrictions: Vec<Restriction>,
    ) -> Evidence {
        let pos = self
            .claim_position()
            .ok_or_else(|| ClaimError::new(ClaimErrorKind::Position, "the play has not started"))?;
        let restrictions = Restrictions::new(restrictions).map_err(|n| {
            ClaimError::new(
                ClaimErrorKind::Position,
                format!(
                    "{n} obligations bind the play the claim leaves open; the line search keeps to at most {MOST_RESTRICTIONS}"
                ),
            )
        })?;
        let key = format!("{pos:?} {claimer:?} {line:?} {from_the_top} {restrictions:?}");
        if let Some(known) = KNOWN.with(|k| k.borrow().get(&key).cloned()) {
            return known;
        }
        let evidence = compute(&pos, claimer, line, from_the_top, &restrictions);
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
    restrictions: &Restrictions,
) -> Evidence {
    let side = claimer.side();
    let goal = if from_the_top {
        Goal::WorstFromTheTop
    } else {
        Goal::Worst
    };
    let worst = search_restricted(pos, claimer, line, DEFAULT_NODE_BUDGET, goal, restrictions)?;
    // Best play: the solver's, which knows no obligation; with one in force, the line
    // search's own best play, which keeps to it (its tests hold it to the solver's where
    // nothing restricts the play).
    let dd = if !restrictions.is_empty() {
        search_restricted(
            pos,
            claimer,
            &[],
            DEFAULT_NODE_BUDGET,
            Goal::Best,
            restrictions,
        )?
        .tricks
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

/// How deep `name` stands in the law book's `yields to`: 0 for an obligation that yields to
/// none, one more than the deepest it yields to otherwise (a cycle is cut at its start).
fn yield_depth(book: &CompiledBook, name: &str, seen: usize) -> usize {
    let Some(y) = book.obligations.get(name).and_then(|o| o.yields.as_ref()) else {
        return 0;
    };
    if seen > book.obligations.len() {
        return 0;
    }
    1 + y
        .to
        .iter()
        .map(|t| yield_depth(book, &t.name, seen + 1))
        .max()
        .unwrap_or(0)
}

/// What stopped a question, in words, for a claim's facts that could not be computed.
fn stop_text(stop: &Stop) -> String {
    match stop {
        Stop::Unknown(asked) => format!("it asks the finding `{}`", asked.name),
        Stop::Error { message, .. } => message.clone(),
        Stop::Budget { .. } => "the evaluation ran out of its step budget".to_string(),
        Stop::Outside(o) => format!(
            "the answer {} to `{}` lies outside its range",
            o.answer, o.name
        ),
    }
}
