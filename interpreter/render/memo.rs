//! What a text shows more than once, rendered once: an irregularity's block of lines, and
//! a call, a card or an act in words (`Renderer::thing`: a tree names the same calls at
//! every branch of a call question).
//!
//! A decision tree shows the same
//! irregularity ruled the same way at many of its leaves (29/open-call-out-of-rotation:
//! some 600 blocks, a few dozen of them different), and the lines of two such blocks differ
//! only by the indent of the branch they stand under. So the first is rendered without an
//! indent and kept; the others are its lines, each after its own indent.
//!
//! That holds only if every line of the block starts with the indent and nothing else does.
//! A phrase with a line break of its own (a federation may write one) breaks it, so each
//! block kept is checked once: rendered again with a mark for the indent, it must be the
//! kept lines with the mark before each. A block that fails is rendered every time.

use crate::ruling::IrregularityRuling;
use rustc_hash::FxHashMap;
use std::hash::{Hash, Hasher};

/// The things of one text in words so far, by their text in the ruling data.
pub(super) type Things = FxHashMap<String, String>;

/// The blocks of one text so far.
#[derive(Default)]
pub(super) struct Blocks {
    /// By a hash of the parts that tell blocks apart, each block met with its lines without
    /// an indent, or `None` where they cannot take one (`indented`).
    seen: FxHashMap<u64, Vec<(IrregularityRuling, Option<Lines>)>>,
}

/// A block's lines without an indent, and where each starts.
pub(super) struct Lines {
    text: String,
    starts: Vec<usize>,
}

impl Lines {
    /// The lines, each after `indent`.
    pub(super) fn write(&self, indent: &str, out: &mut String) {
        out.reserve(self.text.len() + self.starts.len() * indent.len());
        let ends = self.starts.iter().skip(1).copied().chain([self.text.len()]);
        for (&start, end) in self.starts.iter().zip(ends) {
            out.push_str(indent);
            out.push_str(&self.text[start..end]);
        }
    }
}

/// Stands for the indent in the check: not a character a phrase or a call's text holds.
pub(super) const MARK: &str = "\u{1}";

pub(super) enum Found<'b> {
    /// The block's lines.
    Lines(&'b Lines),
    /// A block whose lines cannot be kept: to be rendered.
    Render,
    /// Not met yet.
    New,
}

impl Blocks {
    pub(super) fn find(&self, i: &IrregularityRuling) -> Found<'_> {
        let Some(same) = self.seen.get(&key(i)) else {
            return Found::New;
        };
        match same.iter().find(|(b, _)| b == i) {
            Some((_, Some(lines))) => Found::Lines(lines),
            Some((_, None)) => Found::Render,
            None => Found::New,
        }
    }

    /// Keep block `i` with its lines without an indent, or `None` where they do not
    /// [`fits`].
    pub(super) fn keep(&mut self, i: &IrregularityRuling, lines: Option<String>) {
        let lines = lines.map(|text| Lines {
            starts: text
                .split_inclusive('\n')
                .scan(0, |at, line| {
                    let start = *at;
                    *at += line.len();
                    Some(start)
                })
                .collect(),
            text,
        });
        self.seen
            .entry(key(i))
            .or_default()
            .push((i.clone(), lines));
    }
}

/// Whether a block rendered as `bare` without an indent and as `marked` with [`MARK`] as
/// its indent takes any indent before each of its lines.
pub(super) fn fits(bare: &str, marked: &str) -> bool {
    !bare.contains(MARK) && indented(bare, MARK) == marked
}

/// `lines` with `indent` before each.
pub(super) fn indented(lines: &str, indent: &str) -> String {
    let mut out = String::with_capacity(lines.len() + 8 * indent.len());
    write_indented(lines, indent, &mut out);
    out
}

pub(super) fn write_indented(lines: &str, indent: &str, out: &mut String) {
    for line in lines.split_inclusive('\n') {
        out.push_str(indent);
        out.push_str(line);
    }
}

/// What tells most blocks apart, cheap to hash (the rest is compared).
fn key(i: &IrregularityRuling) -> u64 {
    let mut h = rustc_hash::FxHasher::default();
    (i.act, &*i.name, i.law, i.offender, &*i.call, i.event).hash(&mut h);
    for d in &i.decisions {
        (d.paragraph.as_str(), d.effects.len(), d.refers.len()).hash(&mut h);
    }
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_take_the_indent_each() {
        assert_eq!(indented("a\n  b\n", "│  "), "│  a\n│    b\n");
        assert_eq!(indented("", "│  "), "");
    }

    #[test]
    fn a_line_break_of_a_phrase_does_not_fit() {
        // The second line came from inside a phrase: the renderer put no indent before it.
        assert!(fits("a\n  b\n", "\u{1}a\n\u{1}  b\n"));
        assert!(!fits("a\nb\n", "\u{1}a\nb\n"));
        assert!(!fits("a\u{1}\n", "\u{1}a\u{1}\n"));
    }
}
