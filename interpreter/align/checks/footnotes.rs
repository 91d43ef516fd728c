//! Every footnote mark in the text must have its footnote. (The other way, a footnote no
//! line cites, is the aligner's `FootnoteUnreferenced`.)
//!
//! A numbered mark (`²`, `(2)`) needs a footnote of that number anywhere in the text. A mark
//! that restarts on every page (`*`, `**`, `†`) needs a footnote with that mark after it:
//! the page's end is not known, so a second citation of one footnote on a page is not told
//! from a mark whose footnote is lost on a later page with the same mark.

use super::super::layout::{Layout, MarkerKind};
use super::super::profile::superscripts_in;
use super::super::{Alignment, Finding, UnitKind};

/// How a text marks its footnotes in its lines, as its layout says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum MarkStyle {
    Superscript,
    /// A run of the star as the file writes it (`*`, or `\*` in Markdown).
    Stars(String),
    Dagger,
    Parenthesised,
}

/// The mark styles of a text by its layout.
pub(super) fn styles(layout: &Layout) -> Vec<MarkStyle> {
    let Some((kind, star, dagger)) = layout.footnote_marks() else {
        return Vec::new();
    };
    let mut out = vec![match kind {
        MarkerKind::Superscript => MarkStyle::Superscript,
        MarkerKind::Parenthesised => MarkStyle::Parenthesised,
        MarkerKind::Stars => MarkStyle::Stars(star.to_string()),
    }];
    if dagger {
        out.push(MarkStyle::Dagger);
    }
    out
}

/// A mark as the aligner labels footnotes: `2`, `*`, `**`, `†`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Mark {
    pub label: String,
    pub numbered: bool,
}

fn runs(line: &str, unit: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(p) = line[i..].find(unit) {
        let mut j = i + p;
        let mut n = 0;
        while line[j..].starts_with(unit) {
            n += 1;
            j += unit.len();
        }
        out.push(n);
        i = j;
    }
    out
}

/// `(12)` after a word: not at the start of a line (a label), not after `)`, a digit or a
/// capital (`25B2(b)(1)`, `A(1)`).
fn parenthesised(line: &str) -> Vec<u16> {
    let mut out = Vec::new();
    for (p, _) in line.match_indices('(') {
        let before = line[..p].trim_end();
        if before.is_empty()
            || line[..p]
                .chars()
                .next_back()
                .is_some_and(|c| c == ')' || c.is_ascii_digit() || c.is_uppercase())
        {
            continue;
        }
        let rest = &line[p + 1..];
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        if (1..=3).contains(&digits.len()) && rest[digits.len()..].starts_with(')') {
            out.extend(digits.parse::<u16>().ok());
        }
    }
    out
}

/// The footnote marks a line carries, as its text's profile writes them. (The profile knows
/// one mark at a time, `Profile::refers_to`; it should grow `marks_in(line) -> Vec<Marker>`,
/// and this would be it.)
pub(super) fn marks_in(line: &str, styles: &[MarkStyle]) -> Vec<Mark> {
    let mut out = Vec::new();
    for s in styles {
        match s {
            MarkStyle::Superscript => out.extend(superscripts_in(line).into_iter().map(|n| Mark {
                label: n.to_string(),
                numbered: true,
            })),
            MarkStyle::Parenthesised => out.extend(parenthesised(line).into_iter().map(|n| Mark {
                label: n.to_string(),
                numbered: true,
            })),
            MarkStyle::Stars(star) => out.extend(runs(line, star).into_iter().map(|n| Mark {
                label: "*".repeat(n),
                numbered: false,
            })),
            MarkStyle::Dagger => out.extend(runs(line, "†").into_iter().map(|n| Mark {
                label: "†".repeat(n),
                numbered: false,
            })),
        }
    }
    out
}

pub(super) fn check(a: &Alignment, styles: &[MarkStyle]) -> Vec<Finding> {
    let notes: Vec<(&str, usize)> = a
        .units
        .iter()
        .filter(|u| u.kind == UnitKind::Footnote)
        .filter_map(|u| Some((u.marker.as_deref()?, u.first_line())))
        .collect();
    let mut out = Vec::new();
    for u in a.units.iter().filter(|u| super::is_prose(u)) {
        for (n, line) in super::unit_lines(u) {
            for m in marks_in(line, styles) {
                let found = notes
                    .iter()
                    .any(|(label, at)| *label == m.label && (m.numbered || *at > n));
                if !found {
                    out.push(Finding::FootnoteMissing {
                        key: u.key.clone(),
                        line: n,
                        marker: m.label,
                    });
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(line: &str, styles: &[MarkStyle]) -> Vec<String> {
        marks_in(line, styles)
            .into_iter()
            .map(|m| m.label)
            .collect()
    }

    #[test]
    fn marks_in_each_style() {
        assert_eq!(labels("hráč²⁸ a ¹", &[MarkStyle::Superscript]), ["28", "1"]);
        assert_eq!(
            labels(
                "karty (1) hráč; pod (b)(1); 25B2(1); kou(9)",
                &[MarkStyle::Parenthesised]
            ),
            ["1", "9"]
        );
        assert_eq!(
            labels("(1) a label, not a mark", &[MarkStyle::Parenthesised]),
            Vec::<String>::new()
        );
        assert_eq!(
            labels("szó\\*\\* és \\*", &[MarkStyle::Stars("\\*".into())]),
            ["**", "*"]
        );
        assert_eq!(
            labels(
                "zawodów* i para†",
                &[MarkStyle::Stars("*".into()), MarkStyle::Dagger]
            ),
            ["*", "†"]
        );
    }
}
