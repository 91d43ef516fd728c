//! Checks on a single text, run after the aligner has cut it into units: each finds what a
//! translation can get wrong on its own, with no other text to compare against.
//!
//! * `references`: a reference to a paragraph the edition does not have;
//! * `footnotes`: a footnote mark in the text with no footnote of that mark;
//! * `scripts`: a word that mixes Latin letters with Cyrillic or Greek ones;
//! * `scoring`: the numbers of the scoring tables (77, 78B, 12C2) against the law book's own
//!   tables (it needs the law book, so the `align` command runs it, not `align_named`);
//! * `suits`: the Polish suit glyphs (ª © ¨ §) read as suit symbols where they stand for one.
//!
//! What a language or a text looks like (the words for law, the footnote marks, the glyphs)
//! is data, in laws/text-checks.txt (`data`).

pub mod data;
mod footnotes;
mod references;
pub mod scoring;
mod scripts;
pub mod suits;

use super::{Alignment, Finding, Unit, UnitKind};

/// A unit's lines, 1-based, with their text (terminators removed).
pub(crate) fn unit_lines(u: &Unit) -> Vec<(usize, &str)> {
    let mut texts = u.text.split_inclusive('\n');
    let mut out = Vec::new();
    for &(a, b) in &u.lines {
        for n in a..=b {
            if let Some(t) = texts.next() {
                out.push((n, t.trim_end_matches(['\n', '\r'])));
            }
        }
    }
    out
}

/// Units whose lines are the text's own prose: not footnotes (checked from the other side),
/// contents and index (page numbers, titles), artefacts.
pub(crate) fn is_prose(u: &Unit) -> bool {
    !matches!(
        u.kind,
        UnitKind::Footnote | UnitKind::Contents | UnitKind::Index | UnitKind::Artefact
    )
}

/// The findings of every check that needs only the text, in line order within each check.
pub fn run(a: &Alignment, layout: &super::layout::Layout) -> Vec<Finding> {
    let d = data::embedded();
    let mut out = Vec::new();
    out.extend(references::check(a, d));
    out.extend(footnotes::check(a, &footnotes::styles(layout)));
    out.extend(scripts::check(a));
    out
}

/// The report's sections for these findings, each a title and its lines.
pub(crate) fn render(f: &[Finding], section: &mut dyn FnMut(&str, Vec<String>)) {
    let pick = |g: &dyn Fn(&Finding) -> Option<String>| f.iter().filter_map(g).collect();
    section(
        "references to paragraphs the edition does not have",
        pick(&|x| match x {
            Finding::UnresolvedReference {
                key,
                line,
                written,
                resolved_as,
            } => Some(format!(
                "line {line} ({key}): \"{written}\" reads as {resolved_as}"
            )),
            _ => None,
        }),
    );
    section(
        "footnote marks without a footnote",
        pick(&|x| match x {
            Finding::FootnoteMissing { key, line, marker } => {
                Some(format!("line {line} ({key}): mark {marker}"))
            }
            _ => None,
        }),
    );
    section(
        "words mixing scripts",
        pick(&|x| match x {
            Finding::MixedScript {
                key,
                line,
                word,
                odd,
            } => Some(format!(
                "line {line} ({key}): \"{word}\" has {}",
                odd.join(", ")
            )),
            _ => None,
        }),
    );
    section(
        "scoring tables against the law book",
        pick(&|x| match x {
            Finding::ScoringTable {
                key,
                line,
                written,
                law_book,
            } => Some(format!(
                "line {line} ({key}): {written}; the law book: {law_book}"
            )),
            _ => None,
        }),
    );
}
