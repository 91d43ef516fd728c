//! The calls made at the table, and the auction as the law book's expressions see it: the
//! calls that stand, in order, before the horizon. That list is kept between questions and
//! made again only after a call changes: every change goes through `at_mut` or `push`, so
//! the type itself says when it is stale (asking every question of a 300-call auction made
//! it afresh each time, and ruling an auction grew with its square).

use super::{CallRec, Status};
use crate::eval::expr::entries;
use crate::eval::value::Value;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

#[derive(Clone, Debug, Default)]
pub(super) struct Calls {
    recs: Vec<CallRec>,
    /// The auction last made, and the horizon it was made for.
    auction: RefCell<Option<(Option<usize>, Rc<Vec<Value>>)>>,
    /// The same for the calls in rotation (`in_rotation`).
    rotation: RefCell<Option<(Option<usize>, Rc<Vec<Value>>)>>,
    /// The same for every call made and not cancelled (`made`).
    made: RefCell<Option<(Option<usize>, Rc<Vec<Value>>)>>,
    /// Whether any call awaits its ruling, once asked since the last change.
    any_pending: Cell<Option<bool>>,
    /// The calls in rotation as they were when the call being ruled was made, held while it
    /// is ruled (`Table::rule_call`: the rulings it settled came after it).
    frozen: Option<Rc<Vec<Value>>>,
}

impl Calls {
    pub fn len(&self) -> usize {
        self.recs.len()
    }

    pub fn iter(&self) -> std::slice::Iter<'_, CallRec> {
        self.recs.iter()
    }

    /// A call record to change: the auction is made again when next asked.
    pub fn at_mut(&mut self, i: usize) -> &mut CallRec {
        *self.auction.get_mut() = None;
        *self.rotation.get_mut() = None;
        *self.made.get_mut() = None;
        self.any_pending.set(None);
        &mut self.recs[i]
    }

    pub fn push(&mut self, c: CallRec) {
        *self.auction.get_mut() = None;
        *self.rotation.get_mut() = None;
        *self.made.get_mut() = None;
        self.any_pending.set(None);
        self.recs.push(c);
    }

    /// The calls that stand, in order, made before `horizon` (all, without one).
    pub fn auction(&self, horizon: Option<usize>) -> Rc<Vec<Value>> {
        self.listed(&self.auction, horizon, |c| c.status == Status::Standing)
    }

    /// The calls the rotation has passed (17C), in order, made before `horizon`: those that
    /// stand, and those made at their turn that await a ruling (an insufficient bid its
    /// left-hand opponent has not yet accepted, 27A1; an inadmissible double, 36), after which
    /// the turn is the next player's. A call out of rotation that awaits one is not among them.
    pub fn in_rotation(&self, horizon: Option<usize>) -> Rc<Vec<Value>> {
        if let (Some(f), None) = (&self.frozen, horizon) {
            return f.clone();
        }
        self.listed(&self.rotation, horizon, |c| {
            c.status == Status::Standing || (c.status == Status::Pending && c.in_rotation)
        })
    }

    /// Every call made and not cancelled, in order, made before `horizon`: those that stand
    /// and those that await a ruling, in rotation or not (15A1: the call of a player holding
    /// another board's cards is cancelled, whatever became of it).
    pub fn made(&self, horizon: Option<usize>) -> Rc<Vec<Value>> {
        // With no call awaiting a ruling (nearly always), the auction itself: no list made
        // again at every call for a state few rules read (the corpus: 16 million
        // instructions, 0.65%).
        let any_pending = self.any_pending.get().unwrap_or_else(|| {
            let any = self.recs.iter().any(|c| c.status == Status::Pending);
            self.any_pending.set(Some(any));
            any
        });
        if !any_pending {
            return self.auction(horizon);
        }
        self.listed(&self.made, horizon, |c| c.status != Status::Cancelled)
    }

    /// Hold the calls in rotation as they were (`frozen`), or (`None`) let them follow the
    /// calls again.
    pub fn freeze_rotation(&mut self, then: Option<Rc<Vec<Value>>>) {
        self.frozen = then;
    }

    pub fn frozen_rotation(&self) -> bool {
        self.frozen.is_some()
    }

    /// The calls `keep` keeps, in order, made before `horizon`, kept in `cache` until a call
    /// record changes.
    fn listed(
        &self,
        cache: &RefCell<Option<(Option<usize>, Rc<Vec<Value>>)>>,
        horizon: Option<usize>,
        keep: impl Fn(&CallRec) -> bool,
    ) -> Rc<Vec<Value>> {
        if let Some((h, a)) = &*cache.borrow() {
            if *h == horizon {
                return a.clone();
            }
        }
        let mut kept: Vec<(usize, &CallRec)> = self
            .recs
            .iter()
            .enumerate()
            .filter(|(_, c)| keep(c) && horizon.is_none_or(|h| c.pos < h))
            .collect();
        kept.sort_by_key(|(_, c)| c.pos);
        let a = entries(
            kept.iter()
                .map(|&(r, c)| (c.seat, c.call, c.meaning, c.held, r)),
        );
        *cache.borrow_mut() = Some((horizon, a.clone()));
        a
    }
}

impl std::ops::Index<usize> for Calls {
    type Output = CallRec;
    fn index(&self, i: usize) -> &CallRec {
        &self.recs[i]
    }
}
