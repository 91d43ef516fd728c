//! What the compiler decides about a definition from its compiled body: whether it reads
//! the table's state (a pure one with finite domains is folded when the book loads), or of
//! the state only the auction (a memoised one then keeps its value from one state of the
//! table to the next while the auction stays the same), and whether it walks a list (a
//! zero-argument one is then memoised per state of the table).

use super::{CDefine, CExpr, CTable, Spanned, StateVar};
use crate::check::builtins::Builtin;
use std::cell::RefCell;

/// Whether evaluating `e` reads nothing of the table's state beyond what `p` allows: with
/// [`Reads::Nothing`], no auction, play, findings, facts, obligations, hands, names a rule
/// binds, or definitions that read them; with [`Reads::Auction`], the auction (the calls
/// that stand, and those the rotation has passed), the dealer, the vulnerability and the
/// findings but nothing else. Each definition is walked once,
/// however often called (`Purity::define`).
pub(super) fn reads_within(e: &Spanned, p: &Purity) -> bool {
    let auction = p.allows == Reads::Auction;
    let here = match &e.expr {
        CExpr::State(
            StateVar::Auction | StateVar::CallsInRotation | StateVar::CallsMade | StateVar::Dealer,
        )
        | CExpr::Finding(_)
        | CExpr::FoundNumber(..) => auction,
        CExpr::Fact(_) | CExpr::State(_) | CExpr::Bound(..) => false,
        CExpr::Define(i, _) => p.define(*i),
        CExpr::Table(i, _) => p.tables[*i].rows.iter().all(|(_, v)| reads_within(v, p)),
        CExpr::Builtin(Builtin::Vulnerable, _) => auction,
        CExpr::Builtin(b, _) => !matches!(
            b,
            Builtin::Obliged
                | Builtin::Broke
                | Builtin::AwardedTo
                | Builtin::RestoredIn
                | Builtin::InWrongHand
                | Builtin::HandOf
                | Builtin::PlayedTo
                | Builtin::CardsUnder
                | Builtin::SuitsUnder
        ),
        _ => true,
    };
    here && e.children().all(|x| reads_within(x, p))
}

/// What of the table's state a definition may read and still be what [`Purity`] looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Reads {
    /// Nothing: pure, so foldable.
    Nothing,
    /// The auction, the dealer, the vulnerability and the findings: fixed while the auction
    /// stays, for one table (a table's findings change only where the decision tree branches,
    /// and its views are built afresh then).
    Auction,
}

/// Which definitions read no state beyond what `allows` allows, each found once.
pub(super) struct Purity<'a> {
    allows: Reads,
    defines: &'a [CDefine],
    tables: &'a [CTable],
    /// The answer for each definition found so far.
    known: RefCell<Vec<Option<bool>>>,
}

impl<'a> Purity<'a> {
    pub fn new(allows: Reads, defines: &'a [CDefine], tables: &'a [CTable]) -> Purity<'a> {
        Purity {
            allows,
            defines,
            tables,
            known: RefCell::new(vec![None; defines.len()]),
        }
    }

    pub fn define(&self, i: usize) -> bool {
        if let Some(k) = self.known.borrow()[i] {
            return k;
        }
        let pure = reads_within(&self.defines[i].body, self);
        self.known.borrow_mut()[i] = Some(pure);
        pure
    }
}

/// Which definitions are computed once per state of the table (`CDefine::memo`): those
/// without parameters whose evaluation walks a list, in a quantifier of their own or in a
/// definition with parameters they call (`all_four_called` asks `has_called` of each seat),
/// which is evaluated afresh at every call. A call of another memoised definition is a
/// look-up, no walk; the cheaper ones are not worth a look-up of their own.
pub(super) fn memoised(defines: &[CDefine]) -> Vec<bool> {
    let mut walks: Vec<Option<bool>> = vec![None; defines.len()];
    (0..defines.len())
        .map(|i| defines[i].params == 0 && define_walks(i, defines, &mut walks))
        .collect()
}

/// Whether evaluating definition `i` walks a list other than through a memoised call. The
/// checker has made every definition non-recursive, so the walk ends.
fn define_walks(i: usize, defines: &[CDefine], known: &mut [Option<bool>]) -> bool {
    remembered(i, known, |known| {
        walks_a_list(&defines[i].body, defines, known)
    })
}

/// `known[i]`, worked out by `work` the first time it is asked: the walks over the
/// definitions answer their question once a definition, however often it is called.
fn remembered(
    i: usize,
    known: &mut [Option<bool>],
    work: impl FnOnce(&mut [Option<bool>]) -> bool,
) -> bool {
    if let Some(k) = known[i] {
        return k;
    }
    let answer = work(known);
    known[i] = Some(answer);
    answer
}

/// Whether an expression has a quantifier in it, or calls a definition with parameters that
/// walks a list.
fn walks_a_list(e: &Spanned, defines: &[CDefine], known: &mut [Option<bool>]) -> bool {
    match &e.expr {
        CExpr::Quant { .. } => return true,
        CExpr::Define(j, _) if defines[*j].params > 0 && define_walks(*j, defines, known) => {
            return true
        }
        _ => {}
    }
    e.children().any(|x| walks_a_list(x, defines, known))
}

/// Which definitions ask a finding of fact, in their own body or in a definition or table
/// they use. A finding is asked about the call or act the evaluation is about; a definition
/// that asks none has the same value whichever that is, so a memoised one is remembered once
/// for a state of the table, not once for each call its questions could be about (the
/// engine asks `turn` about no call, each irregularity's `when` about the call being ruled:
/// the same value computed twice at every call, `trailing_passes` and `any_bid` too). A name
/// a rule binds, read where a definition is called from a rule, counts as asking: its value
/// may be the call itself.
pub(super) fn asks_findings(defines: &[CDefine], tables: &[CTable]) -> Vec<bool> {
    let mut known: Vec<Option<bool>> = vec![None; defines.len()];
    (0..defines.len())
        .map(|i| define_asks(i, defines, tables, &mut known))
        .collect()
}

fn define_asks(
    i: usize,
    defines: &[CDefine],
    tables: &[CTable],
    known: &mut [Option<bool>],
) -> bool {
    remembered(i, known, |known| {
        expr_asks(&defines[i].body, defines, tables, known)
    })
}

/// Whether an expression asks a finding or reads a name a rule binds, itself or through
/// what it calls. The checker has made every definition non-recursive, so the walk ends.
fn expr_asks(
    e: &Spanned,
    defines: &[CDefine],
    tables: &[CTable],
    known: &mut [Option<bool>],
) -> bool {
    match &e.expr {
        CExpr::Finding(_) | CExpr::FoundNumber(..) | CExpr::Bound(..) => return true,
        CExpr::Define(j, _) if define_asks(*j, defines, tables, known) => return true,
        CExpr::Table(t, _)
            if tables[*t]
                .rows
                .iter()
                .any(|(_, v)| expr_asks(v, defines, tables, known)) =>
        {
            return true
        }
        _ => {}
    }
    e.children().any(|x| expr_asks(x, defines, tables, known))
}
