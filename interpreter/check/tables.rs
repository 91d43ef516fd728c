//! The rows of a table keyed by ranges of numbers: no two may match one key, and between the
//! first and the last there may be no number no row matches (78B's IMP scale: an overlap
//! would silently take the first row, a hole would stop a ruling at run time, far from the
//! table).

use super::{Checker, E_TABLE};
use crate::diagnostic::Diag;
use crate::syntax::ast::{RowKey, Table};

fn shown(lo: i64, hi: Option<i64>) -> String {
    match hi {
        Some(h) if h == lo => lo.to_string(),
        Some(h) => format!("{lo}..{h}"),
        None => format!("{lo}.."),
    }
}

impl Checker {
    pub(super) fn check_table_ranges(&self, t: &Table) {
        // A wildcard row matches whatever the ranges leave: there is no hole then.
        let wildcard = t.rows.iter().any(|r| matches!(r.key, RowKey::Wildcard));
        let mut ranges: Vec<(i64, Option<i64>, usize)> = vec![];
        for (i, row) in t.rows.iter().enumerate() {
            if let RowKey::Range(lo, hi) = row.key {
                if hi.is_some_and(|h| h < lo) {
                    self.err(
                        Diag::new(E_TABLE, format!("the range {} is empty", shown(lo, hi)))
                            .label(
                                row.key_span,
                                "no number is at least the first and at most the last",
                            )
                            .help(format!(
                                "write the smaller number first: `{}..{lo}`",
                                hi.unwrap_or(lo)
                            )),
                    );
                    continue;
                }
                ranges.push((lo, hi, i));
            }
        }
        ranges.sort_by_key(|&(lo, _, i)| (lo, i));
        for w in ranges.windows(2) {
            let ((alo, ahi, ai), (blo, bhi, bi)) = (w[0], w[1]);
            let (a, b) = (&t.rows[ai], &t.rows[bi]);
            match ahi {
                Some(h) if h < blo => {
                    if h + 1 < blo && !wildcard {
                        self.err(
                            Diag::new(
                                E_TABLE,
                                format!(
                                    "no row of `{}` matches {}",
                                    t.name.name,
                                    shown(h + 1, Some(blo - 1))
                                ),
                            )
                            .label(b.key_span, format!("the row before ends at {h}"))
                            .help(format!(
                                "extend a row to cover {}, or add a row `{} => …`",
                                shown(h + 1, Some(blo - 1)),
                                shown(h + 1, Some(blo - 1))
                            )),
                        );
                    }
                }
                _ => {
                    let upto = match (ahi, bhi) {
                        (Some(x), Some(y)) => Some(x.min(y)),
                        (x, y) => x.or(y),
                    };
                    self.err(
                        Diag::new(
                            E_TABLE,
                            format!("two rows of `{}` match {}", t.name.name, shown(blo, upto)),
                        )
                        .label(b.key_span, format!("overlaps {}", shown(alo, ahi)))
                        .label(a.key_span, "this row matches them too")
                        .help("make the ranges meet without overlapping: each number has one row"),
                    );
                }
            }
        }
    }
}
