//! The bank's `line N` read as a paragraph: line N of the law book's own (bundled) text belongs
//! to a unit (`27B1`, `definitions/declarer`), and in a text being checked the term is looked
//! for in that unit, wherever its lines are now. One line inserted at the top of a text then
//! moves no term (issue 12: it made every one of 225 terms "move"). A translation in another
//! edition than the column's text is checked the same way, against the column's own text.

use super::texts::Text;
use crate::align::export::{align_bundled, bundled};
use crate::align::Alignment;

/// Where a bank line is checked: on the line itself, or in its paragraph.
pub enum Anchors<'a> {
    /// The text is the law book's own: a wording must be on the very line the bank gives.
    Exact,
    /// Another copy of the text: each bank line is the unit holding it in `bundled`; a
    /// wording must be in the unit of `text` with the same key.
    Paragraph { bundled: Alignment, text: &'a Text },
}

/// Where a bank line points in the checked text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    Line(usize),
    /// The unit's key and its line spans in the checked text (empty: the text lacks it).
    Unit {
        key: String,
        lines: Vec<(usize, usize)>,
    },
    /// The bank line is past the end of the law book's text.
    Nowhere,
}

impl<'a> Anchors<'a> {
    /// Exact when the text is byte for byte the bundled one (or there is none to compare with),
    /// by paragraph otherwise.
    pub fn for_text(text: &'a Text) -> Anchors<'a> {
        let Some((_, bytes)) = bundled(text.lang, text.edition) else {
            return Anchors::Exact;
        };
        let own = std::str::from_utf8(bytes)
            .map(|s| s.strip_prefix('\u{feff}').unwrap_or(s))
            .unwrap_or_default();
        if own == text.raw {
            return Anchors::Exact;
        }
        match align_bundled(text.lang, text.edition) {
            Ok(bundled) => Anchors::Paragraph { bundled, text },
            Err(_) => Anchors::Exact,
        }
    }

    /// By paragraph, for a text the bank's column `column` was not written against (another
    /// edition's translation): each bank line is the unit holding it in the column's own text,
    /// looked for under the same key in `text`. Exact if the column's text cannot be aligned
    /// (it always can: the tests align each bundled text).
    pub fn across(column: super::TermLang, text: &'a Text) -> Anchors<'a> {
        match column
            .text()
            .map(|(lang, edition)| align_bundled(lang, edition))
        {
            Some(Ok(bundled)) => Anchors::Paragraph { bundled, text },
            _ => Anchors::Exact,
        }
    }

    /// Where bank line `line` points.
    pub fn target(&self, line: usize) -> Target {
        match self {
            Anchors::Exact => Target::Line(line),
            Anchors::Paragraph { bundled, text } => {
                let Some(unit) = bundled
                    .units
                    .iter()
                    .find(|u| u.lines.iter().any(|&(a, b)| a <= line && line <= b))
                else {
                    return Target::Nowhere;
                };
                let lines = text
                    .alignment
                    .unit(&unit.key)
                    .map(|u| u.lines.clone())
                    .unwrap_or_default();
                Target::Unit {
                    key: unit.key.clone(),
                    lines,
                }
            }
        }
    }

    /// Whether a wording found on `found` lines is where bank line `line` points.
    pub fn holds(&self, line: usize, found: &[usize]) -> bool {
        match self.target(line) {
            Target::Line(l) => found.contains(&l),
            Target::Unit { lines, .. } => found
                .iter()
                .any(|f| lines.iter().any(|&(a, b)| a <= *f && *f <= b)),
            Target::Nowhere => false,
        }
    }

    /// "on line 147", or "in paragraph 27B1 (bank line 147; lines 150-152 of this copy)".
    pub fn describe(&self, line: usize) -> String {
        match self.target(line) {
            Target::Line(l) => format!("on line {l}"),
            Target::Unit { key, lines } if lines.is_empty() => {
                format!("in paragraph {key} (bank line {line}), which this copy lacks")
            }
            Target::Unit { key, lines } => format!(
                "in paragraph {key} (bank line {line}; line {} of this copy)",
                crate::align::spans_text(&lines).replace(',', ", ")
            ),
            Target::Nowhere => format!("on line {line}, past the end of the law book's text"),
        }
    }
}
