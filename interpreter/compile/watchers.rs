//! Which irregularities each kind of act may be: the index an act is detected by, so that a
//! call is asked about the irregularities of calls (and of breaches), not about every one of
//! the book's. Made once when the book compiles.

use crate::check::LawBook;
use crate::syntax::ast::TriggerKind;

/// The kinds of act a trigger names (`on call`, `on play`, `on exposure`, …).
pub const ACT_KINDS: usize = 10;

/// The place in `Watchers` of the kind of act a trigger names; `None` for a breach of an
/// obligation, which a call or a card of any kind may be.
pub fn act_kind(trigger: &TriggerKind) -> Option<usize> {
    Some(match trigger {
        TriggerKind::Call => 0,
        TriggerKind::Change => 1,
        TriggerKind::Question => 2,
        TriggerKind::Play => 3,
        TriggerKind::Exposure(_) => 4,
        TriggerKind::Withdrawal => 5,
        TriggerKind::TrickQuitted => 6,
        TriggerKind::Supply => 7,
        TriggerKind::Claim => 8,
        TriggerKind::LeadTurn => 9,
        TriggerKind::Breach(_) => return None,
    })
}

/// The irregularities that may watch each kind of act, by their place in the law book, in its
/// order (the order in which an act's irregularities are found and ruled): those its kind of
/// act triggers, and those a breach of an obligation triggers. One list, each kind's a run of
/// it (`starts`). (Every way of exposing a card is one kind: detection asks each its own.)
#[derive(Clone, Debug, Default)]
pub struct Watchers {
    starts: [usize; ACT_KINDS + 1],
    all: Vec<usize>,
}

impl Watchers {
    pub fn of(book: &LawBook) -> Watchers {
        let kinds: Vec<Option<usize>> = book
            .irregularities
            .iter()
            .map(|info| act_kind(&info.decl.trigger.kind))
            .collect();
        let mut w = Watchers::default();
        for kind in 0..ACT_KINDS {
            w.starts[kind] = w.all.len();
            let watching = kinds.iter().map(|k| k.is_none_or(|k| k == kind));
            w.all
                .extend(watching.enumerate().filter(|(_, w)| *w).map(|(i, _)| i));
        }
        w.starts[ACT_KINDS] = w.all.len();
        w
    }

    /// The irregularities an act of kind `kind` (`act_kind`) may be.
    pub fn of_kind(&self, kind: usize) -> &[usize] {
        &self.all[self.starts[kind]..self.starts[kind + 1]]
    }
}
