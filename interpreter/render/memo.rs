//! What a text shows more than once, rendered once: an irregularity's block of lines, an
//! obligation's line, a call of the auction line, and a call, a card or an act in words
//! (`Renderer::thing`: a tree names the same calls at every branch of a call question).
//! The last two say the same in every text of a language (they read only the lexicon, not
//! the law book or the ruling), so they are kept across texts, in the lexicon ([`Shared`]):
//! a pass of the corpus writes some 18,000 auction calls, a few hundred of them different.
//!
//! A decision tree shows the same irregularity ruled the same way at many of its leaves
//! (29/open-call-out-of-rotation: some 600 blocks, a few dozen of them different), and the
//! lines of two such blocks differ only by the indent of the branch they stand under. So a
//! block met a second time is kept without an indent; from then on it is its lines, each
//! after that place's indent. (A block met once, as most are, is rendered as it stands.)
//!
//! That holds only if every line of the block starts with the indent and nothing else
//! does: a phrase with a line break of its own (a federation may write one) breaks it. So
//! a block is first rendered with a mark for the indent ([`MARK`]), and kept only if it
//! has as many line breaks and marks as the renderer writes lines (`lines_of`): then no
//! text inside a line holds either. Else it is rendered every time (as it is if the
//! renderer's lines and `lines_of` ever part: slower, never wrong).

use crate::ruling::{CallLine, IrregularityRuling, ObligationLine};
use rustc_hash::FxHashMap;
use std::borrow::Borrow;
use std::cell::RefCell;
use std::hash::{Hash, Hasher};
use std::sync::{Mutex, PoisonError};

/// The things of one text in words so far, by their text in the ruling data.
pub(super) type Things = FxHashMap<String, String>;

/// The obligation lines of one text so far, without their indent: an obligation in force
/// stands under every branch that follows it (29/open: some 250 lines a text, a few dozen
/// different).
pub(super) type Obligations = FxHashMap<ObligationLine, String>;

/// The calls of the auction lines of one text so far, each with its seat and status.
pub(super) type AuctionCalls = FxHashMap<CallLine, String>;

/// What renders alike in every text of one language, kept across the texts of the lexicon
/// that holds it (`Lexicon::kept`): the auction lines' calls and the things in words. Behind
/// a lock, as the threads of a corpus pass render with one lexicon; it is held only to look
/// up and to insert, never while a text is rendered (rendering a call renders a thing).
#[derive(Debug, Default)]
pub(crate) struct Shared {
    pub(super) auction_calls: Mutex<AuctionCalls>,
    pub(super) things: Mutex<Things>,
}

/// A table of texts by key: one text's (`RefCell`) or one language's ([`Shared`], `Mutex`).
pub(super) trait Texts<K> {
    fn with<R>(&self, f: impl FnOnce(&mut FxHashMap<K, String>) -> R) -> R;
}

impl<K> Texts<K> for RefCell<FxHashMap<K, String>> {
    fn with<R>(&self, f: impl FnOnce(&mut FxHashMap<K, String>) -> R) -> R {
        f(&mut self.borrow_mut())
    }
}

impl<K> Texts<K> for Mutex<FxHashMap<K, String>> {
    fn with<R>(&self, f: impl FnOnce(&mut FxHashMap<K, String>) -> R) -> R {
        // A thread that panicked while it held the table left it whole: a lookup or an
        // insert of a finished text.
        f(&mut self.lock().unwrap_or_else(PoisonError::into_inner))
    }
}

/// `key`'s text, handed to `write`: as kept in `kept`, or rendered by `render` and kept (the
/// things in words, the obligations' lines, the auction lines' calls). The key is looked up
/// borrowed (a thing's `&str`) and owned only when its text is kept.
pub(super) fn once<K, Q>(
    kept: &impl Texts<K>,
    key: &Q,
    render: impl FnOnce() -> String,
    write: impl FnOnce(&str),
) where
    K: Hash + Eq + Borrow<Q>,
    Q: Hash + Eq + ToOwned<Owned = K> + ?Sized,
{
    let mut write = Some(write);
    kept.with(|k| {
        if let Some(text) = k.get(key) {
            if let Some(w) = write.take() {
                w(text);
            }
        }
    });
    let Some(write) = write else { return };
    let text = render();
    // Another thread may have kept the same text meanwhile: it is the same text.
    kept.with(|k| {
        write(&text);
        k.insert(key.to_owned(), text);
    });
}

/// The blocks of one text so far.
#[derive(Default)]
pub(super) struct Blocks {
    /// By a hash of the parts that tell blocks apart, each block met and what is kept of it.
    seen: FxHashMap<u64, Vec<(IrregularityRuling, Kept)>>,
}

/// What is kept of a block met.
pub(super) enum Kept {
    /// Met once, rendered as it stood: nothing yet (most blocks of most texts).
    Once,
    /// Its lines without an indent.
    Lines(Lines),
    /// Lines that cannot take another indent (`unmarked`): it is rendered every time.
    Render,
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

impl Blocks {
    /// What is kept of block `i`, if it was met.
    pub(super) fn find(&self, i: &IrregularityRuling) -> Option<&Kept> {
        let same = self.seen.get(&key(i))?;
        same.iter().find(|(b, _)| b == i).map(|(_, kept)| kept)
    }

    /// Keep `kept` of block `i`, in place of what was kept of it.
    pub(super) fn keep(&mut self, i: &IrregularityRuling, kept: Kept) {
        let same = self.seen.entry(key(i)).or_default();
        match same.iter_mut().find(|(b, _)| b == i) {
            Some((_, k)) => *k = kept,
            None => same.push((i.clone(), kept)),
        }
    }
}

/// The lines of a block rendered with [`MARK`] as its indent, without it: `None` unless it
/// has `n` lines, each starting with the mark and ending with a line break, and no other
/// mark (so no line break other than the lines' own either).
pub(super) fn unmarked(marked: &str, n: usize) -> Option<Lines> {
    let mut text = String::with_capacity(marked.len());
    let mut starts = Vec::with_capacity(n);
    for line in marked.split_inclusive('\n') {
        let rest = line.strip_prefix(MARK)?;
        if starts.len() == n || rest.contains(MARK) || !rest.ends_with('\n') {
            return None;
        }
        starts.push(text.len());
        text.push_str(rest);
    }
    (starts.len() == n).then_some(Lines { text, starts })
}

/// How many lines the renderer writes for block `i`: its heading, and for each decision its
/// paragraph's, one for each effect and one for what it refers to.
pub(super) fn lines_of(i: &IrregularityRuling) -> usize {
    1 + i
        .decisions
        .iter()
        .map(|d| 1 + d.effects.len() + usize::from(!d.refers.is_empty()))
        .sum::<usize>()
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

    fn written(lines: &Lines, indent: &str) -> String {
        let mut out = String::new();
        lines.write(indent, &mut out);
        out
    }

    /// A text kept in a language's table is rendered once and written every time it is
    /// asked for, by any thread.
    #[test]
    fn a_shared_text_is_rendered_once_and_written_every_time() {
        let english = Shared::default();
        let rendered = std::sync::atomic::AtomicUsize::new(0);
        let render = || {
            rendered.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            "1♥".to_string()
        };
        let outs: Vec<String> = std::thread::scope(|s| {
            let threads: Vec<_> = (0..2)
                .map(|_| {
                    s.spawn(|| {
                        let mut out = String::new();
                        for _ in 0..3 {
                            once(&english.things, "1H", render, |t| out.push_str(t));
                        }
                        out
                    })
                })
                .collect();
            threads.into_iter().map(|t| t.join().unwrap()).collect()
        });
        assert_eq!(outs, ["1♥1♥1♥", "1♥1♥1♥"]);
        // Once, or twice when both threads rendered it before either kept it.
        let times = rendered.load(std::sync::atomic::Ordering::Relaxed);
        assert!((1..=2).contains(&times), "rendered {times} times");
        assert_eq!(english.things.lock().unwrap().len(), 1);
    }

    #[test]
    fn lines_take_the_indent_each() {
        let lines = unmarked("\u{1}a\n\u{1}  b\n", 2).expect("every line marked");
        assert_eq!(written(&lines, "│  "), "│  a\n│    b\n");
        assert_eq!(written(&lines, ""), "a\n  b\n");
        assert_eq!(written(&unmarked("", 0).expect("no line"), "│  "), "");
    }

    #[test]
    fn a_line_break_or_a_mark_inside_a_line_is_not_kept() {
        // The renderer wrote two lines; a phrase's own line break made a third.
        assert!(unmarked("\u{1}a\nb\n\u{1}c\n", 2).is_none());
        // ... and one that starts with the mark cannot pass for an indented line.
        assert!(unmarked("\u{1}a\n\u{1}b\n\u{1}c\n", 2).is_none());
        // A mark inside a line, a last line without its break.
        assert!(unmarked("\u{1}a\u{1}\n", 1).is_none());
        assert!(unmarked("\u{1}a", 1).is_none());
    }
}
