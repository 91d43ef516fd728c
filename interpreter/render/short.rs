//! The short view of a ruling with open questions (`lawbook rule` without `--full`): at
//! each question, its branches with only what differs between them, then once what they
//! all share. An outcome's text is cut into blocks (a line that starts at the margin and
//! the indented lines under it: an irregularity with its paragraphs, the auction, an
//! obligation, the score); a block every outcome under a question holds is shared there.

use super::*;
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// How many times each block occurs in every outcome under a question: said once there.
pub(super) type Shared = FxHashMap<String, usize>;

/// An outcome's text cut into blocks, and their units (`Block::units`): made once for each
/// outcome of a text (`Renderer::cut`), as every question above an outcome reads them (a
/// tree of many questions, one under the other, cut each outcome once a question).
pub(super) struct Cut {
    blocks: Vec<Block>,
    units: Vec<String>,
}

/// The outcomes of one text cut so far, by their address in the ruling: a renderer renders
/// one ruling, which does not change while it does (`text_in` makes one for each text).
pub(super) type Cuts = FxHashMap<*const Outcome, Rc<Cut>>;

/// What a question of the short tree says once: the blocks of its first outcome (the order
/// to say them in), those shared here, and what is known to the branches below.
pub(super) struct Split {
    first: Rc<Cut>,
    here: Shared,
    pub(super) below: Shared,
}

impl Renderer<'_> {
    /// The tree in short. A ruling without an open question is its one outcome, whole.
    pub(super) fn short(&self, tree: &Node, out: &mut String) {
        match tree {
            Node::Outcome(o) => self.outcome(o, "", out),
            _ => self.node_with(tree, "", Some(&Shared::default()), out),
        }
    }

    /// At a question of the short tree: what all its outcomes share that is not already
    /// said above (`known`), and what is known below it.
    pub(super) fn split_shared(&self, branches: &[Branch], known: &Shared) -> Split {
        let mut leaves = vec![];
        for b in branches {
            outcomes(&b.node, &mut leaves);
        }
        let cuts: Vec<Rc<Cut>> = leaves.iter().map(|o| self.cut(o)).collect();
        let first = cuts[0].clone();
        let mut here = shared_blocks(&cuts);
        here.retain(|b, n| {
            *n = n.saturating_sub(known.get(b).copied().unwrap_or(0));
            *n > 0
        });
        let mut below = known.clone();
        for (b, n) in &here {
            *below.entry(b.clone()).or_default() += n;
        }
        Split { first, here, below }
    }

    /// After a question's branches: what they all share, once.
    pub(super) fn said_once(&self, mut split: Split, indent: &str, out: &mut String) {
        if split.here.is_empty() {
            return;
        }
        if indent.is_empty() {
            out.push('\n');
        }
        let _ = writeln!(out, "{indent}{}", self.p("shared_by_every_branch", &[]));
        print_units(
            &split.first.blocks,
            &mut split.here,
            true,
            &format!("{indent}  "),
            out,
        );
    }

    /// An outcome's blocks and their units, cut once for the text.
    fn cut(&self, o: &Outcome) -> Rc<Cut> {
        let key = o as *const Outcome;
        if let Some(c) = self.cuts.borrow().get(&key) {
            return c.clone();
        }
        let blocks = self.blocks(o);
        let units = blocks.iter().flat_map(Block::units).collect();
        let c = Rc::new(Cut { blocks, units });
        self.cuts.borrow_mut().insert(key, c.clone());
        c
    }

    /// The blocks of an outcome's text, each a line at the margin with the paragraphs under
    /// it (the lines indented by two and theirs).
    fn blocks(&self, o: &Outcome) -> Vec<Block> {
        let mut text = String::new();
        self.outcome(o, "", &mut text);
        let mut blocks: Vec<Block> = vec![];
        for line in text.lines() {
            let Some(block) = blocks.last_mut().filter(|_| line.starts_with(' ')) else {
                blocks.push(Block {
                    head: line.to_string(),
                    parts: vec![],
                });
                continue;
            };
            match block.parts.last_mut() {
                Some(part) if line.starts_with("   ") => {
                    part.push('\n');
                    part.push_str(line);
                }
                _ => block.parts.push(line.to_string()),
            }
        }
        blocks
    }

    /// An outcome of the short tree: what is not said above it.
    pub(super) fn outcome_differences(
        &self,
        o: &Outcome,
        indent: &str,
        known: &Shared,
        out: &mut String,
    ) {
        let mut left = known.clone();
        if !print_units(&self.cut(o).blocks, &mut left, false, indent, out) {
            let _ = writeln!(out, "{indent}{}", self.p("same_as_every_branch", &[]));
        }
    }
}

/// A line at the margin of an outcome (an irregularity, the auction, an obligation, the
/// score) and the paragraphs under it.
struct Block {
    head: String,
    parts: Vec<String>,
}

impl Block {
    /// The units the short view shares or not: the block whole when nothing is under its
    /// line, else each paragraph under it.
    fn units(&self) -> Vec<String> {
        if self.parts.is_empty() {
            vec![self.head.clone()]
        } else {
            self.parts
                .iter()
                .map(|p| format!("{}\n{p}", self.head))
                .collect()
        }
    }
}

/// Print the units of these blocks that are among `left` (`shared`) or not among them (each
/// use taking one occurrence), a paragraph under its block's line; true if any was printed.
fn print_units(
    blocks: &[Block],
    left: &mut Shared,
    shared: bool,
    indent: &str,
    out: &mut String,
) -> bool {
    let mut any = false;
    for b in blocks {
        let units = b.units();
        let mut chosen = vec![];
        for (i, u) in units.iter().enumerate() {
            if take(left, u) == shared {
                chosen.push(i);
            }
        }
        if chosen.is_empty() {
            continue;
        }
        any = true;
        let _ = writeln!(out, "{indent}{}", b.head);
        for i in chosen.into_iter().filter(|_| !b.parts.is_empty()) {
            for line in b.parts[i].lines() {
                let _ = writeln!(out, "{indent}{line}");
            }
        }
    }
    any
}

/// The outcomes at the leaves of the tree, in order.
fn outcomes<'n>(node: &'n Node, out: &mut Vec<&'n Outcome>) {
    match node {
        Node::Outcome(o) => out.push(o),
        Node::Branch { branches, .. } => {
            for b in branches {
                outcomes(&b.node, out);
            }
        }
    }
}

/// The units every outcome holds, as many times as the outcome that holds them least.
fn shared_blocks(leaves: &[Rc<Cut>]) -> Shared {
    fn count(units: &[String]) -> FxHashMap<&str, usize> {
        let mut m = FxHashMap::default();
        for u in units {
            *m.entry(u.as_str()).or_default() += 1;
        }
        m
    }
    let mut shared = count(&leaves[0].units);
    for leaf in &leaves[1..] {
        if shared.is_empty() {
            break;
        }
        let c = count(&leaf.units);
        shared.retain(|b, n| {
            *n = (*n).min(c.get(b).copied().unwrap_or(0));
            *n > 0
        });
    }
    shared
        .into_iter()
        .map(|(u, n)| (u.to_string(), n))
        .collect()
}

/// Use up one occurrence of a shared unit; false if none is left.
fn take(left: &mut Shared, block: &str) -> bool {
    match left.get_mut(block) {
        Some(n) if *n > 0 => {
            *n -= 1;
            true
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An outcome cut into these units (each a block of one line).
    fn leaf(lines: &[&str]) -> Rc<Cut> {
        let units = lines.iter().map(|s| s.to_string()).collect();
        Rc::new(Cut {
            blocks: vec![],
            units,
        })
    }

    #[test]
    fn a_block_is_shared_as_often_as_the_leaf_that_holds_it_least() {
        let a = leaf(&[
            "Auction: N 1♥",
            "Obligation: W must pass",
            "Obligation: W must pass",
        ]);
        let b = leaf(&["Auction: N 1♥", "Obligation: W must pass", "Score: +90"]);
        let shared = shared_blocks(&[a, b]);
        assert_eq!(shared.get("Auction: N 1♥"), Some(&1));
        assert_eq!(shared.get("Obligation: W must pass"), Some(&1));
        assert_eq!(shared.get("Score: +90"), None);
    }

    #[test]
    fn taking_uses_up_the_shared_occurrences() {
        let mut left: Shared = Shared::from_iter([("x".to_string(), 1)]);
        assert!(take(&mut left, "x"));
        assert!(!take(&mut left, "x"));
        assert!(!take(&mut left, "y"));
    }
}
