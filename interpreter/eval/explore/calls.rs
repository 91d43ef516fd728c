//! The branches of a call a rectification waits for: the calls the player may make, grouped
//! by what they lead to, each group ruled once.

use super::*;

/// The calls `seat` may make next, in groups that lead to the same thing (`same_outcome`),
/// each with the node of its first call, the calls of a group in their order. A call is
/// ruled with a probe (`probe`) that keeps the calls not yet ruled that would rule as it
/// does: those join its group unruled. Where the branches go on from a table at the branch
/// point (the incremental tree), else every call is ruled.
pub(super) fn call_groups<'a>(
    ctx: &Ctx<'a>,
    extra: &[Event],
    findings: &'a Findings,
    depth: usize,
    seat: Seat,
    branch_point: Option<Table<'a>>,
) -> Result<Vec<(Vec<Call>, Node)>, RuleError> {
    let forms = Call::all_legal_forms();
    let mut ruled = vec![false; forms.len()];
    let mut groups: Vec<(Vec<usize>, Node)> = vec![];
    let follow = ctx.incremental && branch_point.is_some();
    for (i, &call) in forms.iter().enumerate() {
        if ruled[i] {
            continue;
        }
        ruled[i] = true;
        let more = with_call(extra, seat, call);
        let others: Vec<Call> = (i + 1..forms.len())
            .filter(|&j| !ruled[j])
            .map(|j| forms[j])
            .collect();
        let probing = follow && !others.is_empty();
        if probing {
            probe::start(more.len(), others);
        }
        let node = explore(ctx, &more, findings, depth + 1, branch_point.as_ref());
        let alike = if probing { probe::finish() } else { vec![] };
        let node = node?;
        #[cfg(debug_assertions)]
        check_alike(
            ctx,
            extra,
            findings,
            depth,
            seat,
            &branch_point,
            (call, &node),
            &alike,
        );
        let mut members = vec![i];
        for c in alike {
            let j = forms.iter().position(|f| *f == c).expect("a legal form");
            ruled[j] = true;
            members.push(j);
        }
        match groups.iter_mut().find(|g| same_outcome(&g.1, &node)) {
            Some(g) => g.0.extend(members),
            None => groups.push((members, node)),
        }
    }
    Ok(groups
        .into_iter()
        .map(|(mut members, node)| {
            members.sort_unstable();
            (members.into_iter().map(|j| forms[j]).collect(), node)
        })
        .collect())
}

/// The hypothetical events `extra` and `seat`'s natural `call` after them.
fn with_call(extra: &[Event], seat: Seat, call: Call) -> Vec<Event> {
    let mut more = extra.to_vec();
    more.push(Event::Call {
        seat,
        call,
        meaning: Meaning::Natural,
    });
    more
}

/// Debug builds: every call a probe kept, ruled in full, leads to the same thing as the call
/// ruled (`probe`'s claim). What the check spends is not the ruling's.
#[cfg(debug_assertions)]
#[allow(clippy::too_many_arguments)]
fn check_alike<'a>(
    ctx: &Ctx<'a>,
    extra: &[Event],
    findings: &'a Findings,
    depth: usize,
    seat: Seat,
    branch_point: &Option<Table<'a>>,
    (call, node): (Call, &Node),
    alike: &[Call],
) {
    let (spent, asked) = (ctx.spent.get(), ctx.last_asked.borrow().clone());
    // Where the ruling's budget ran out, each exploration stops where the budget does: what
    // the two are cut to says nothing of the probe.
    if ctx.budget_left().is_err() {
        return;
    }
    for &c in alike {
        let more = with_call(extra, seat, c);
        let other = explore(ctx, &more, findings, depth + 1, branch_point.as_ref());
        let cut = ctx.budget_left().is_err();
        ctx.spent.set(spent);
        if cut {
            continue;
        }
        *ctx.last_asked.borrow_mut() = asked.clone();
        let same = other.as_ref().is_ok_and(|o| same_outcome(node, o));
        assert!(
            same,
            "{}: {seat} {c} was kept with {seat} {call} by the probe, but rules otherwise:\n{:?}\nagainst\n{:?}",
            ctx.case.title.as_deref().unwrap_or(""),
            other,
            node
        );
    }
}

/// Whether two hypothetical calls lead to the same thing: the paragraphs applied, the kinds
/// of their effects (not what they name: the call is what differs) and what they refer to,
/// the obligations and the notes; for a question, the same question whose answers lead to
/// the same. Compared in place: a node is compared with each group's first node, and the
/// nodes under a question are compared only as far as they agree.
fn same_outcome(a: &Node, b: &Node) -> bool {
    match (a, b) {
        (Node::Outcome(x), Node::Outcome(y)) => {
            same_by(&x.irregularities, &y.irregularities, |i, j| {
                i.name == j.name
                    && same_by(&i.decisions, &j.decisions, |d, e| {
                        d.paragraph == e.paragraph
                            && d.refers == e.refers
                            && same_by(&d.effects, &e.effects, |f, g| {
                                std::mem::discriminant(f) == std::mem::discriminant(g)
                            })
                    })
            }) && same_by(&x.obligations, &y.obligations, |o, p| {
                (&o.name, o.holder, o.duration, &o.status)
                    == (&p.name, p.holder, p.duration, &p.status)
            }) && same_by(&x.notes, &y.notes, |n, m| {
                // As their text says: notes equal as data say the same (the text only when not).
                n == m || n.to_string() == m.to_string()
            })
        }
        (
            Node::Branch {
                question: q,
                branches: bs,
            },
            Node::Branch {
                question: r,
                branches: cs,
            },
        ) => {
            q.name == r.name
                && same_by(bs, cs, |b, c| {
                    b.answer == c.answer && same_outcome(&b.node, &c.node)
                })
        }
        _ => false,
    }
}

/// Two lists of the same length whose items are pairwise `same`.
fn same_by<T>(a: &[T], b: &[T], same: impl Fn(&T, &T) -> bool) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same(x, y))
}

pub(super) fn summarize_calls(calls: &[String]) -> String {
    if calls.len() <= 4 {
        calls.join(", ")
    } else {
        format!(
            "{}, {} … {} ({} calls)",
            calls[0],
            calls[1],
            calls[calls.len() - 1],
            calls.len()
        )
    }
}
