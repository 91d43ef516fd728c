//! The calls asked again at one question, as a tree of their reads (`Asked`).

use super::answer::{answer, Answer, Aspect};
use crate::model::Call;

/// The calls asked at one question, as a tree of their reads: an evaluation is the same
/// for every call up to its first read, so every call's first read looks at the same
/// thing; calls with the same answer go on alike to the next read, which is again one for
/// all of them; and so on to the result. A call walks down by its own answers: to a result
/// if a call asked before read as it would, else to where no call went yet.
#[derive(Default)]
pub(super) struct Asked {
    /// Node 0 is the root, once a call was asked.
    nodes: Vec<AskedNode>,
}

enum AskedNode {
    Read {
        aspect: Aspect,
        /// By answer, the node the calls that give it go on to.
        next: Vec<(Answer, usize)>,
    },
    Kept(bool),
}

impl Asked {
    pub(super) fn find(&self, call: Call) -> Option<bool> {
        let mut at = 0;
        loop {
            match self.nodes.get(at)? {
                AskedNode::Kept(kept) => return Some(*kept),
                AskedNode::Read { aspect, next } => {
                    let found = answer(call, *aspect)?;
                    at = next.iter().find(|(a, _)| *a == found)?.1;
                }
            }
        }
    }

    pub(super) fn add(&mut self, trace: &[(Aspect, Answer)], kept: bool) {
        if self.nodes.is_empty() {
            self.nodes.push(AskedNode::Kept(kept));
            self.grow(0, trace, kept);
            return;
        }
        let mut at = 0;
        for (i, &(aspect, found)) in trace.iter().enumerate() {
            let next = match &self.nodes[at] {
                AskedNode::Read { aspect: a, next } => {
                    debug_assert_eq!(*a, aspect, "calls that read alike read the same next");
                    next.iter().find(|(a, _)| *a == found).map(|n| n.1)
                }
                // Not reached: a call whose reads agree with an earlier call's was found.
                AskedNode::Kept(_) => return,
            };
            match next {
                Some(n) => at = n,
                None => {
                    let n = self.nodes.len();
                    self.nodes.push(AskedNode::Kept(kept));
                    if let AskedNode::Read { next, .. } = &mut self.nodes[at] {
                        next.push((found, n));
                    }
                    self.grow(n, &trace[i + 1..], kept);
                    return;
                }
            }
        }
    }

    /// Node `at` (a result for now) reads `trace` on to `kept`.
    fn grow(&mut self, mut at: usize, trace: &[(Aspect, Answer)], kept: bool) {
        for &(aspect, found) in trace {
            let n = self.nodes.len();
            self.nodes.push(AskedNode::Kept(kept));
            self.nodes[at] = AskedNode::Read {
                aspect,
                next: vec![(found, n)],
            };
            at = n;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Strain;

    #[test]
    fn a_call_that_reads_as_one_asked_before_is_found_and_one_that_does_not_is_not() {
        let mut asked = Asked::default();
        // 1♦ was asked: it read its kind (a bid), then its level (1), and was kept.
        let one_d = Call::bid(1, Strain::Diamonds);
        asked.add(
            &[
                (Aspect::Kind, answer(one_d, Aspect::Kind).unwrap()),
                (Aspect::Level, answer(one_d, Aspect::Level).unwrap()),
            ],
            true,
        );
        // Pass was asked: it read its kind only, and was not kept.
        asked.add(
            &[(Aspect::Kind, answer(Call::Pass, Aspect::Kind).unwrap())],
            false,
        );
        assert_eq!(
            asked.find(Call::bid(1, Strain::NoTrump)),
            Some(true),
            "a bid of one"
        );
        assert_eq!(asked.find(Call::Pass), Some(false));
        assert_eq!(
            asked.find(Call::bid(2, Strain::Clubs)),
            None,
            "another level: not asked yet"
        );
        assert_eq!(
            asked.find(Call::Double),
            None,
            "another kind: not asked yet"
        );
        // A call that read nothing: every call gives what it gave.
        let mut blind = Asked::default();
        blind.add(&[], true);
        assert_eq!(blind.find(Call::Redouble), Some(true));
        assert_eq!(Asked::default().find(Call::Pass), None);
    }
}
