//! The graphs the checker walks: definitions that call one another, rules that yield to one
//! another (`except`). Each walk is linear in the graph, or bounded by a count, so a law book
//! crafted to be slow to check is not.

use crate::source::Span;
use std::collections::{HashMap, HashSet};

/// How many cycles of definitions one check reports.
pub(super) const MAX_RECURSION_REPORTS: usize = 100;

/// The definitions that lie on a cycle of calls, each with the number of its strongly connected
/// component (Tarjan's algorithm, with an explicit stack: the call graph may be a chain of
/// thousands).
pub(super) fn on_cycles<'a>(
    graph: &HashMap<&'a str, Vec<(&'a str, Span)>>,
) -> HashMap<&'a str, usize> {
    let mut names: Vec<&str> = graph.keys().copied().collect();
    names.sort();
    let index_of: HashMap<&str, usize> = names.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let succ: Vec<Vec<usize>> = names
        .iter()
        .map(|n| {
            graph[n]
                .iter()
                .filter_map(|(m, _)| index_of.get(m).copied())
                .collect()
        })
        .collect();
    let n = names.len();
    let (mut index, mut low) = (vec![usize::MAX; n], vec![0; n]);
    let mut on_stack = vec![false; n];
    let (mut stack, mut next, mut components) = (vec![], 0, 0);
    let mut out = HashMap::new();
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        let mut work = vec![(root, 0usize)];
        while let Some(&mut (v, ref mut i)) = work.last_mut() {
            if *i == 0 && index[v] == usize::MAX {
                index[v] = next;
                low[v] = next;
                next += 1;
                stack.push(v);
                on_stack[v] = true;
            }
            if let Some(&w) = succ[v].get(*i) {
                *i += 1;
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut members = vec![];
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    members.push(w);
                    if w == v {
                        break;
                    }
                }
                let cyclic = members.len() > 1 || succ[v].contains(&v);
                if cyclic {
                    for m in members {
                        out.insert(names[m], components);
                    }
                }
                components += 1;
            }
        }
    }
    out
}

pub(super) fn find_cycle<'a>(
    start: &'a str,
    edges: &HashMap<&'a str, Vec<&'a str>>,
) -> Option<Vec<String>> {
    fn dfs<'a>(
        at: &'a str,
        start: &'a str,
        edges: &HashMap<&'a str, Vec<&'a str>>,
        path: &mut Vec<&'a str>,
        seen: &mut HashSet<&'a str>,
    ) -> bool {
        for &next in edges.get(at).into_iter().flatten() {
            if next == start {
                path.push(next);
                return true;
            }
            if seen.insert(next) {
                path.push(next);
                if dfs(next, start, edges, path, seen) {
                    return true;
                }
                path.pop();
            }
        }
        false
    }
    let mut path = vec![start];
    let mut seen = HashSet::new();
    dfs(start, start, edges, &mut path, &mut seen)
        .then(|| path.iter().map(|s| s.to_string()).collect())
}

/// Every rule `from` reaches through `except` (not itself, unless through a cycle).
pub(super) fn reachable<'a>(
    from: &'a str,
    edges: &HashMap<&'a str, Vec<&'a str>>,
) -> HashSet<&'a str> {
    let mut stack = vec![from];
    let mut seen = HashSet::new();
    while let Some(x) = stack.pop() {
        for &n in edges.get(x).into_iter().flatten() {
            if seen.insert(n) {
                stack.push(n);
            }
        }
    }
    seen
}
