//! The questions the engine asks about one line, and the label grammar every text shares.
//!
//! Each text has its own conventions (laws/TEXTS.md): Markdown headings in the Hungarian file,
//! no-break spaces in the Polish one, hard-wrapped pages in the 1997 Slovak one. They are
//! written in its layout file (layout.rs reads it). A [`Profile`] answers, for one line, "is
//! this a law heading / a section / a numbered paragraph / a footnote / a definition ...". The
//! engine (engine.rs) decides what the answers mean in sequence, so a profile stays free of
//! state. The labels (`1.`, `(a)`, `(ii)`) are the Laws' own numbering, read here the same way
//! for every text; a layout only says what to strip before them.

use super::input::Text;

/// Parts of the book other than law text, and the law text itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Zone {
    FrontMatter,
    Contents,
    Preface,
    Introduction,
    Definitions,
    Dictionary,
    Laws,
    /// A chapter or part heading of the 1997 book (KAPITOLA, ČASŤ, ODDIEL).
    Chapter,
    Index,
}

/// A footnote's marker: a number (¹, (1)) or a run of asterisks, or a dagger.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Marker {
    Num(u16),
    Stars(u8),
    Dagger,
}

impl Marker {
    pub fn label(&self) -> String {
        match self {
            Marker::Num(n) => n.to_string(),
            Marker::Stars(n) => "*".repeat(*n as usize),
            Marker::Dagger => "†".to_string(),
        }
    }
}

/// One label at the start of a line, before the engine has placed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Part {
    /// `1.` (strong) or `3 ` followed by a capital (weak: accepted only in exact sequence).
    Num(u16, bool),
    /// `(a)`, `a)`, `(ii)`, `(1)`: the engine decides letter, roman numeral or number.
    Paren(String),
}

/// A law heading: its number, or None when the heading lacks one (1997 Law 77).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LawHead {
    pub number: Option<u16>,
}

/// A section heading: its letter, and whether it is written strongly (`A.`) or weakly
/// (`C Karta navyše`, accepted only as the next letter).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SectionHead {
    pub letter: char,
    pub strong: bool,
}

/// A definition entry: the key it gets (`definitions/<key>`) and the term as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Term {
    pub key: String,
    pub term: String,
}

pub(crate) trait Profile: Sync {
    /// How a law heading looks, for messages.
    fn law_pattern(&self) -> &'static str;
    /// A heading that opens a zone other than the laws, at line `i`.
    fn zone(&self, t: &Text, i: usize) -> Option<Zone>;
    fn law_heading(&self, line: &str) -> Option<LawHead>;
    /// Law numbers must go up by exactly one (the Polish headings look like paragraphs).
    fn strict_law_sequence(&self) -> bool {
        false
    }
    fn section(&self, line: &str) -> Option<SectionHead>;
    /// The labels at the start of a line, outermost first.
    fn labels(&self, line: &str) -> Vec<Part>;
    /// A footnote text starting at line `i`; returns its marker and the end (exclusive) of its
    /// lines. `last` is the number of the previous numbered footnote, `after_footnote` tells
    /// whether the previous non-blank line was footnote text.
    fn footnote(
        &self,
        t: &Text,
        i: usize,
        last: u16,
        after_footnote: bool,
    ) -> Option<(Marker, usize)>;
    /// Whether `line` carries a reference to the footnote `m`.
    fn refers_to(&self, line: &str, m: Marker) -> bool;
    /// A definition entry starting at line `i` (inside the definitions).
    fn term(&self, t: &Text, i: usize) -> Option<Term>;
    /// A line that is no part of the book: a page artefact, a processing artefact, spam.
    fn artefact(&self, _t: &Text, _i: usize) -> Option<&'static str> {
        None
    }
}

// ---- small helpers shared by the profiles -------------------------------------------------

/// A line of nothing but white space (spaces, tabs, no-break spaces), or empty.
pub(crate) fn is_blank(s: &str) -> bool {
    s.chars().all(char::is_whitespace)
}

pub(crate) fn starts_upper(s: &str) -> bool {
    s.chars().next().is_some_and(char::is_uppercase)
}

pub(crate) fn starts_lower(s: &str) -> bool {
    s.chars().next().is_some_and(char::is_lowercase)
}

/// Splits a leading 1- or 2-digit number off `s`.
pub(crate) fn leading_number(s: &str) -> Option<(u16, &str)> {
    let n = s.bytes().take_while(u8::is_ascii_digit).count();
    if n == 0 || n > 2 {
        return None;
    }
    Some((s[..n].parse().ok()?, &s[n..]))
}

/// Strips one separator after a label: a space, a no-break space or a tab.
pub(crate) fn strip_sep(s: &str) -> Option<&str> {
    let c = s.chars().next()?;
    if c == ' ' || c == '\u{a0}' || c == '\t' {
        Some(&s[c.len_utf8()..])
    } else {
        None
    }
}

/// `(x)` or, when `bare` is allowed, `x)`: x a run of lower-case ASCII letters (at most 4) or
/// of digits (at most 2). Returns the inside and the rest after the closing parenthesis.
pub(crate) fn paren_label(s: &str, bare: bool) -> Option<(&str, &str)> {
    let (inner_start, opened) = if let Some(r) = s.strip_prefix('(') {
        (r, true)
    } else {
        (s, false)
    };
    if !opened && !bare {
        return None;
    }
    let close = inner_start.find(')')?;
    let inner = &inner_start[..close];
    let ok =
        (!inner.is_empty() && inner.len() <= 4 && inner.bytes().all(|b| b.is_ascii_lowercase()))
            || (!inner.is_empty() && inner.len() <= 2 && inner.bytes().all(|b| b.is_ascii_digit()));
    if !ok {
        return None;
    }
    if inner.bytes().all(|b| b.is_ascii_lowercase())
        && inner.len() > 1
        && super::key::roman_value(inner).is_none()
    {
        return None;
    }
    Some((inner, &inner_start[close + 1..]))
}

/// The number written in superscript digits at the start of `s`, and the rest.
pub(crate) fn superscript_number(s: &str) -> Option<(u16, &str)> {
    let mut n: u32 = 0;
    let mut len = 0;
    for c in s.chars() {
        let d = match c {
            '⁰' => 0,
            '¹' => 1,
            '²' => 2,
            '³' => 3,
            '⁴' => 4,
            '⁵' => 5,
            '⁶' => 6,
            '⁷' => 7,
            '⁸' => 8,
            '⁹' => 9,
            _ => break,
        };
        n = n * 10 + d;
        len += c.len_utf8();
        if n > 999 {
            return None;
        }
    }
    if len == 0 {
        None
    } else {
        Some((n as u16, &s[len..]))
    }
}

pub(crate) fn is_superscript(c: char) -> bool {
    matches!(c, '⁰' | '¹' | '²' | '³' | '⁴' | '⁵' | '⁶' | '⁷' | '⁸' | '⁹')
}

/// Every superscript number written in `s`.
pub(crate) fn superscripts_in(s: &str) -> Vec<u16> {
    let mut out = Vec::new();
    let mut rest = s;
    while let Some(p) = rest.find(is_superscript) {
        let (n, r) = superscript_number(&rest[p..]).expect("starts with a superscript");
        out.push(n);
        rest = r;
    }
    out
}

/// Whether `s` contains `unit` repeated exactly `n` times, not touching another `unit`.
pub(crate) fn has_run(s: &str, unit: &str, n: usize) -> bool {
    let mut i = 0;
    while let Some(p) = s[i..].find(unit) {
        let start = i + p;
        let mut count = 0;
        let mut j = start;
        while s[j..].starts_with(unit) {
            count += 1;
            j += unit.len();
        }
        if count == n {
            return true;
        }
        i = j;
    }
    false
}

/// Generic paragraph labels: `1.`, `1. (a)`, `(a)`, `(i)`, `1.a)` (with `bare`, `a)` too).
pub(crate) fn generic_labels(s: &str, bare: bool, weak_numbers: bool) -> Vec<Part> {
    let mut out = Vec::new();
    let mut rest = s;
    if let Some((n, r)) = leading_number(rest) {
        if let Some(r2) = r.strip_prefix('.') {
            // `1. text`, `1.text` (HU `1.a)`), but not `1.5` or `12.00`
            if r2.starts_with(|c: char| c.is_ascii_digit()) {
                return out;
            }
            if let Some(r3) = strip_sep(r2) {
                out.push(Part::Num(n, true));
                rest = r3.trim_start_matches([' ', '\u{a0}']);
            } else if paren_label(r2, bare).is_some() {
                out.push(Part::Num(n, true));
                rest = r2;
            } else if r2.is_empty() {
                out.push(Part::Num(n, true));
                return out;
            } else if r2.starts_with(char::is_alphabetic) && starts_upper(r2) {
                // `1.Text` without a space
                out.push(Part::Num(n, true));
                return out;
            } else {
                return out;
            }
        } else if weak_numbers {
            if let Some(r3) = strip_sep(r) {
                if starts_upper(r3) {
                    out.push(Part::Num(n, false));
                }
            }
            return out;
        } else {
            return out;
        }
    }
    for _ in 0..2 {
        match paren_label(rest, bare) {
            Some((inner, r)) => {
                let after = match strip_sep(r) {
                    Some(x) => x.trim_start_matches([' ', '\u{a0}']),
                    None if r.is_empty() => r,
                    None => break,
                };
                out.push(Part::Paren(inner.to_string()));
                rest = after;
            }
            None => break,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_labels() {
        assert_eq!(
            generic_labels("1. (a) ak je", false, false),
            vec![Part::Num(1, true), Part::Paren("a".into())]
        );
        assert_eq!(
            generic_labels("(ii) neprevinivšia", false, false),
            vec![Part::Paren("ii".into())]
        );
        assert_eq!(
            generic_labels("1.a) Ha", true, false),
            vec![Part::Num(1, true), Part::Paren("a".into())]
        );
        assert_eq!(
            generic_labels("b) A", true, false),
            vec![Part::Paren("b".into())]
        );
        assert_eq!(generic_labels("b) A", false, false), vec![]);
        assert_eq!(
            generic_labels("3 Ak je", false, true),
            vec![Part::Num(3, false)]
        );
        assert_eq!(generic_labels("3 ak je", false, true), vec![]);
        assert_eq!(generic_labels("20-40 1", false, true), vec![]);
        assert_eq!(generic_labels("12.00 hod", false, true), vec![]);
        assert_eq!(generic_labels("(pozri pravidlo)", false, false), vec![]);
        assert_eq!(
            generic_labels("1.\u{a0}Talia", false, false),
            vec![Part::Num(1, true)]
        );
    }

    #[test]
    fn finds_marker_runs() {
        assert!(has_run("lap\\* keverés", "\\*", 1));
        assert!(!has_run("lap\\*\\* keverés", "\\*", 1));
        assert!(has_run("lap\\*\\* keverés", "\\*", 2));
        assert_eq!(superscripts_in("KARIET² a ¹³"), vec![2, 13]);
    }
}
