//! What the table shows: to the law book's expressions (`View`, the state a rule reads) and
//! to the ruling (`Outcome`, the state as ruling data).

use super::*;

/// A view kept until the table changes (`Table::view`), with the changes of the parts its
/// lists are made of when it was built: a list whose parts have not changed since serves the
/// next view as it is.
#[derive(Clone, Debug)]
pub(super) struct CachedView {
    stamp: u64,
    parts: ListParts,
    view: Rc<View>,
}

/// The changes of the parts of the table the view's lists are made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ListParts {
    play: u64,
    obligations: u64,
    next_conduct: u64,
    claim: u64,
}

thread_local! {
    /// The empty lists the views share: most views' conduct after the act, facts and
    /// obligations, and the trick at a lead, are empty, and a view is built after every
    /// card and call (one allocation a thread, not one a list a view).
    static NO_VALUES: Rc<Vec<Value>> = Rc::default();
    static NO_OBLIGATIONS: Rc<Vec<(Seat, Rc<str>, Vec<Value>)>> = Rc::default();
    static NO_BREACHES: Rc<Vec<(Seat, Rc<str>)>> = Rc::default();
    static NO_FACTS: Rc<[Rc<str>]> = Rc::from([]);
}

/// A view's list: the shared empty one, or `v` in a new `Rc`.
fn shared<T>(v: Vec<T>, empty: &'static std::thread::LocalKey<Rc<Vec<T>>>) -> Rc<Vec<T>> {
    if v.is_empty() {
        empty.with(Rc::clone)
    } else {
        Rc::new(v)
    }
}

impl<'a> Table<'a> {
    /// The state of the table as the law book's expressions read it: one view for each state
    /// of the table, shared by every question asked on it, so that what a definition without
    /// arguments computes on it (its memo) is computed once. Built again when a part of the
    /// table it reads has changed (each is `Watched`); the dealer and the vulnerability are
    /// fixed when the table is made.
    pub fn view(&self) -> Rc<View> {
        let stamp = self.view_stamp();
        if let Some(c) = &*self.view_cache.borrow() {
            if c.stamp == stamp {
                #[cfg(debug_assertions)]
                self.check_view(&c.view);
                return c.view.clone();
            }
        }
        let old = self.view_cache.borrow_mut().take();
        // Most new views come of one change (a card, a call, an obligation, a stage): the
        // lists made of the other parts are the last view's.
        let parts = self.list_parts();
        let view = self.build_view(parts, old.as_ref().map(|c| (c.parts, &*c.view)));
        if let Some(c) = &old {
            self.keep_auction_memo(&c.view, &view);
        }
        let view = Rc::new(view);
        *self.view_cache.borrow_mut() = Some(CachedView {
            stamp,
            parts,
            view: view.clone(),
        });
        view
    }

    /// What the definitions that read only the auction computed on the last view, kept on
    /// the next while the auction is the same one (`presumed_declarer` is not walked again
    /// after every card). The last view is this table's own: a table copied where the tree
    /// branches, or given other findings, builds its views afresh (`set_findings`). The
    /// paragraphs those definitions rest on were marked in this table's evaluator when they
    /// were computed, and marks are never taken back, so nothing a ruling cites changes.
    /// The reference interpreter computes them afresh on every view: `tests/compiled.rs`,
    /// which rules the corpus both ways, holds the two to the same rulings (it fails when
    /// they are kept across a changed auction); `tests/fold.rs` pins which are kept.
    fn keep_auction_memo(&self, old: &View, new: &View) {
        // The lists are made again whenever a call record changes.
        if self.ev.walks_every_node()
            || !Rc::ptr_eq(&old.auction, &new.auction)
            || !Rc::ptr_eq(&old.calls_in_rotation, &new.calls_in_rotation)
            || !Rc::ptr_eq(&old.calls_made, &new.calls_made)
        {
            return;
        }
        let defines = &self.book.program.defines;
        let kept: Vec<_> = old
            .memo
            .0
            .borrow()
            .iter()
            .filter(|((i, _), ..)| defines[*i].auction_only)
            .cloned()
            .collect();
        *new.memo.0.borrow_mut() = kept;
    }

    /// Ask the law book's definition (or table) `name` with `args` on the table now: how the
    /// engine asks the law book a question by name. A definition that reads no state of the
    /// table (`CDefine::pure`: `next_to_play`, `trick_winner`) is asked on an empty view
    /// instead of the table's: after each card the engine asks one, then changes the state,
    /// so the view built for it (about 1,800 instructions) served no other question.
    pub(super) fn ask(&self, name: &str, args: Vec<Value>) -> Result<Value, Stop> {
        let program = &self.book.program;
        match program.define_index.get(name) {
            Some(&i) if program.defines[i].pure => {
                let view = self.stateless.get_or_init(|| Rc::new(View::default()));
                self.ev.call_at(i, &args, view)
            }
            _ => self.ev.call(name, args, &self.view()),
        }
    }

    /// The sum of the changes of every part the view reads: it changes exactly when one of
    /// them has changed.
    fn view_stamp(&self) -> u64 {
        self.calls.changes()
            + self.horizon.changes()
            + self.obligations.changes()
            + self.play.changes()
            + self.deal.changes()
            + self.restored.changes()
            + self.conducts.changes()
            + self.choices_asked.changes()
            + self.choices_open.changes()
            + self.next_conduct.changes()
            + self.stages.changes()
            + self.facts.changes()
            + self.claim.changes()
            + self.lead_faced.changes()
            + self.lead_turn_held.changes()
            + self.finished.changes()
    }

    /// The evaluator reads other findings (a finding's branch): the memo of the view was
    /// filled under the old ones, so the next question builds the view afresh.
    pub fn set_findings(&mut self, findings: &'a crate::eval::expr::Findings) {
        self.ev.findings = findings;
        *self.view_cache.get_mut() = None;
    }

    /// Tests and debug builds: a view reused is the view the table would build now (what
    /// would fail if a part the view reads changed without being counted).
    #[cfg(debug_assertions)]
    fn check_view(&self, view: &View) {
        // A copy of a view has an empty memo, as a view just built has.
        let reading = self.reading_restrictions.get();
        let mut now = self.build_view(self.list_parts(), None);
        // Built while a claim's restrictions are read, it holds no claim facts (they are
        // what is being computed).
        if reading.is_some() {
            now.claim_evidence = view.claim_evidence.clone();
            self.reading_restrictions.set(reading);
        }
        let (kept, now) = (format!("{:?}", view.clone()), format!("{now:?}"));
        assert_eq!(kept, now, "the table changed under a view it kept");
    }

    /// What the record says a player did right after the act being ruled.
    fn next_conducts_list(&self) -> Rc<Vec<Value>> {
        shared(
            self.next_conduct
                .iter()
                .map(|(seat, kind)| self.conduct_now(*seat, kind.clone()))
                .collect(),
            &NO_VALUES,
        )
    }

    /// The facts a claim is judged on, or why there are none.
    fn claim_evidence_now(&self) -> Result<crate::eval::view::ClaimFacts, Rc<str>> {
        if self.reading_restrictions.get().is_some() {
            self.reading_restrictions.set(Some(true));
            return Err(Rc::from("the claim's facts are being computed"));
        }
        match self.claim_facts() {
            Some((evidence, _)) => evidence.map_err(|e| Rc::from(e.message)),
            None => Err(Rc::from("no claim has been made")),
        }
    }

    /// The trick in progress, as the law book reads it.
    fn trick_list(&self) -> Rc<Vec<Value>> {
        shared(
            self.play
                .as_ref()
                .map(|p| {
                    let n = p.trick_number();
                    p.current()
                        .iter()
                        .map(|r| Value::Play(r.seat, r.card, n))
                        .collect()
                })
                .unwrap_or_default(),
            &NO_VALUES,
        )
    }

    /// Every card played and not taken back, as the law book reads them.
    fn plays_list(&self) -> Rc<Vec<Value>> {
        let Some(p) = self.play.as_ref() else {
            return NO_VALUES.with(Rc::clone);
        };
        // Sized first: a list grown card by card is copied five times on the way to 52.
        let mut plays = Vec::with_capacity(p.tricks.iter().map(Vec::len).sum());
        for (t, trick) in p.tricks.iter().enumerate() {
            plays.extend(
                trick
                    .iter()
                    .map(|r| Value::Play(r.seat, r.card, t as u8 + 1)),
            );
        }
        shared(plays, &NO_VALUES)
    }

    /// Every card led or played, taken back since or not, as the law book reads them.
    fn all_plays_list(&self) -> Rc<Vec<Value>> {
        let Some(p) = self.play.as_ref() else {
            return NO_VALUES.with(Rc::clone);
        };
        shared(
            p.every_play
                .iter()
                .map(|&(seat, card, trick)| Value::Play(seat, card, trick))
                .collect(),
            &NO_VALUES,
        )
    }

    fn list_parts(&self) -> ListParts {
        ListParts {
            play: self.play.changes(),
            obligations: self.obligations.changes(),
            next_conduct: self.next_conduct.changes(),
            claim: self.claim.changes(),
        }
    }

    /// Who has called on the next deal (`N next_deal`; the bare `next_deal`: all four), in
    /// seat order, as the law book reads them.
    fn next_deal_callers_list(&self) -> Rc<Vec<Value>> {
        let called = |seat: Seat| {
            self.stages
                .iter()
                .any(|s| matches!(s, Stage::NextDeal(None)) || *s == Stage::NextDeal(Some(seat)))
        };
        shared(
            Seat::ALL
                .into_iter()
                .filter(|&s| called(s))
                .map(Value::Seat)
                .collect(),
            &NO_VALUES,
        )
    }

    /// The obligations broken by what stands, as the law book reads them (`broke`).
    fn broken_list(&self) -> Rc<Vec<(Seat, Rc<str>)>> {
        shared(
            self.obligations
                .iter()
                .filter(|o| o.breaches > 0)
                .map(|o| (o.holder, o.name.clone()))
                .collect(),
            &NO_BREACHES,
        )
    }

    /// The obligations in force, as the law book reads them.
    fn obligations_list(&self) -> Rc<Vec<(Seat, Rc<str>, Vec<Value>)>> {
        shared(
            self.obligations
                .iter()
                .filter(|o| o.status == "in force")
                .map(|o| (o.holder, o.name.clone(), o.args.clone()))
                .collect(),
            &NO_OBLIGATIONS,
        )
    }

    /// The view of the table now, its parts' changes `now`; `last`: the last view built and
    /// its parts' changes then, whose lists are taken as they are where those parts have not
    /// changed since.
    fn build_view(&self, now: ListParts, last: Option<(ListParts, &View)>) -> View {
        let was = last.map(|(w, _)| w);
        let same = |part: fn(&ListParts) -> u64| was.is_some_and(|w| part(&w) == part(&now));
        // A list from the last view where `$same`; tests and debug builds check that it is
        // the list the table gives now.
        macro_rules! kept {
            ($field:ident, $same:expr, $fresh:expr) => {
                match last {
                    Some((_, v)) if $same => {
                        debug_assert_eq!(v.$field, $fresh, "a part of the view changed unseen");
                        v.$field.clone()
                    }
                    _ => $fresh,
                }
            };
        }
        let same_play = same(|p| p.play);
        let trick = kept!(trick, same_play, self.trick_list());
        let plays = kept!(plays, same_play, self.plays_list());
        let all_plays = kept!(all_plays, same_play, self.all_plays_list());
        let obligations = kept!(
            obligations,
            same(|p| p.obligations),
            self.obligations_list()
        );
        let broken = kept!(broken, same(|p| p.obligations), self.broken_list());
        let next_conducts = kept!(
            next_conducts,
            same_play && same(|p| p.next_conduct),
            self.next_conducts_list()
        );
        // Facts computed again from the position (`ClaimState::moved`) follow the play and the
        // obligations (a penalty card its holder must play) too.
        let moved = self.claim.as_ref().is_some_and(|c| c.moved);
        let claim_evidence = kept!(
            claim_evidence,
            same(|p| p.claim) && (!moved || (same_play && same(|p| p.obligations))),
            self.claim_evidence_now()
        );
        View {
            auction: self.calls.auction(*self.horizon),
            calls_in_rotation: self.calls.in_rotation(*self.horizon),
            calls_made: self.calls.made(*self.horizon),
            dealer: self.dealer,
            vulnerable: self.vulnerable,
            obligations,
            broken,
            trick,
            hands: match (&*self.play, &*self.deal) {
                (Some(p), _) => p.hands,
                (None, Some(d)) => d.hands,
                _ => Default::default(),
            },
            restored: (*self.restored).clone(),
            in_wrong_hand: self
                .wrong_hand
                .iter()
                .map(|&(c, ..)| c)
                .filter(|c| !self.restored.iter().any(|(r, _)| r == c))
                .collect(),
            plays,
            all_plays,
            conducts: (*self.conducts).clone(),
            choices_asked: (*self.choices_asked).clone(),
            choices_open: (*self.choices_open).clone(),
            next_conducts,
            trick_number: self.play.as_ref().map_or(0, |p| p.trick_number()),
            trumps: self.play.as_ref().map_or(Strain::NoTrump, |p| p.strain),
            declarer_of_play: self.play.as_ref().map_or(Seat::North, |p| p.declarer),
            to_play: self.play.as_ref().map_or(Seat::North, |p| p.next),
            hands_returned: self.stages.contains(&Stage::HandsReturned),
            facts: if self.facts.is_empty() {
                NO_FACTS.with(Rc::clone)
            } else {
                Rc::from(self.facts.as_slice())
            },
            tricks_left: self.claim.as_ref().map_or(0, |c| i64::from(c.left)),
            conceded: self.claim.as_ref().is_some_and(|c| c.concession),
            claim_of_trick_in_progress: self.claim.as_ref().is_some_and(|c| c.trick_in_progress),
            claimers: self.claim.iter().map(|c| c.claimer).collect(),
            cards_since_claim: match (&*self.claim, &*self.play) {
                (Some(c), Some(p)) => p.every_play.len().saturating_sub(c.cards_before) as i64,
                _ => 0,
            },
            awarded: match &*self.play {
                Some(p) => {
                    let to_declarer = p.awarded.unwrap_or(0);
                    let left = (13 - p.winners.len() as u8).saturating_sub(to_declarer);
                    let mut by_side = [0, 0];
                    by_side[p.declarer.side() as usize] = to_declarer;
                    by_side[p.declarer.side().other() as usize] =
                        if p.awarded.is_some() { left } else { 0 };
                    by_side
                }
                None => [0, 0],
            },
            line_stated: self.claim.as_ref().is_some_and(|c| c.line_stated),
            claim_evidence,
            next_deal_called: self.stages.iter().any(|s| matches!(s, Stage::NextDeal(_))),
            next_deal_callers: self.next_deal_callers_list(),
            round_ended: self.stages.contains(&Stage::RoundEnded),
            opening_lead_faced: *self.lead_faced,
            lead_awaits_ruling: self.lead_turn_held.is_some(),
            case_ended: *self.finished,
            memo: Default::default(),
            hand_lists: Default::default(),
        }
    }

    /// The state of the table as ruling data.
    pub fn outcome(&self) -> Outcome {
        let mut calls: Vec<&CallRec> = self.calls.iter().collect();
        calls.sort_by_key(|c| c.pos);
        // A deemed pass takes the turn of the call it replaces (its position is just before
        // it); the record shows the cancelled call first and then the pass deemed in its
        // place, as they happened at the table.
        for i in 1..calls.len() {
            let (before, call) = (calls[i - 1], calls[i]);
            if before.deemed
                && call.seat == before.seat
                && call.pos == before.pos + 1
                && call.status == Status::Cancelled
            {
                calls.swap(i - 1, i);
            }
        }
        Outcome {
            irregularities: if self.irregs.iter().any(|i| i.dropped) {
                Arc::new(self.irregs.iter().filter(|i| !i.dropped).cloned().collect())
            } else {
                self.irregs.clone()
            },
            auction: calls
                .iter()
                .map(|c| CallLine {
                    seat: c.seat,
                    call: probe::shown(c.call).text(),
                    // A deemed pass cancelled with later calls (36A) is cancelled.
                    status: match (c.status, c.deemed) {
                        (Status::Cancelled, _) => "cancelled",
                        (_, true) => "deemed",
                        (Status::Standing, _) => "stands",
                        (Status::Pending, _) => "pending",
                    },
                })
                .collect(),
            auction_ended: self.ended,
            redealt: self.redealt,
            no_result: self.no_result,
            obligations: self
                .obligations
                .iter()
                .map(|o| ObligationLine {
                    name: o.name.to_string(),
                    holder: o.holder,
                    args: o.args.iter().map(|v| v.to_string()).collect(),
                    duration: o.duration,
                    paragraph: o.paragraph.clone(),
                    status: o.status.to_string(),
                    breaches: o.breaches,
                    permission: self.book.obligations[&*o.name].permission,
                })
                .collect(),
            notes: self.notes.clone(),
            at_auction_end: self.waiting_for_end(Period::Auction),
            at_play_end: self.waiting_for_end(Period::Play),
            claim: self
                .claim
                .as_ref()
                .zip(self.claim_facts())
                .map(|(c, (evidence, worst))| ClaimReport {
                    claimer: c.claimer,
                    concession: c.concession,
                    no_claim: c.no_claim,
                    trick_in_progress: c.trick_in_progress,
                    claimed: c.claimed,
                    left: c.left,
                    line_tricks: evidence.as_ref().ok().map(|f| f.line_tricks),
                    worst_line: worst.iter().map(|(_, card)| card.to_string()).collect(),
                    dd_tricks: evidence.as_ref().ok().map(|f| f.dd_tricks),
                    trump_outstanding: evidence.as_ref().is_ok_and(|f| f.trump_outstanding),
                    unknown: evidence.as_ref().err().map(|e| e.to_string()),
                    search_budget: match evidence {
                        Err(crate::claim::ClaimError {
                            kind: crate::claim::ClaimErrorKind::Budget { cards },
                            ..
                        }) => Some(cards),
                        _ => None,
                    },
                }),
            tricks_awarded: self.play.as_ref().and_then(|p| p.awarded),
            designations: self.designations.clone(),
            ..Default::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::expr::{Evaluator, Findings};

    /// A definition that reads no state of the table is asked without building the table's
    /// view, and gives what it gives on it; one that reads the state builds it.
    #[test]
    fn a_pure_definition_is_asked_without_the_tables_view() {
        let book = crate::load::bundled_2017();
        let findings = Findings::default();
        let table = Table::new(
            Evaluator::new(&book, &findings, u64::MAX),
            Seat::North,
            [false; 2],
        );
        assert!(book.program.define("next_to_play").is_some_and(|d| d.pure));
        let east = table
            .ask("next_to_play", vec![Value::Seat(Seat::North)])
            .ok();
        assert_eq!(east, Some(Value::Seat(Seat::East)));
        assert!(table.view_cache.borrow().is_none(), "no view built");
        let on_view = table
            .ev
            .call(
                "next_to_play",
                vec![Value::Seat(Seat::North)],
                &table.view(),
            )
            .ok();
        assert_eq!(on_view, Some(Value::Seat(Seat::East)));
        // `turn` reads the auction: asked on the table's view.
        *table.view_cache.borrow_mut() = None;
        assert!(!book.program.define("turn").is_some_and(|d| d.pure));
        assert_eq!(
            table.ask("turn", vec![]).ok(),
            Some(Value::Seat(Seat::North))
        );
        assert!(table.view_cache.borrow().is_some(), "the view built");
    }
}
