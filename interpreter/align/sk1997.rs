//! The 1997 Slovak text (a translation of the 1997 Laws; no title page; Laws 90 and 91 missing).
//!
//! Hard-wrapped print layout with hyphenation and runs of blank lines at page breaks. Chapter
//! and part headings (KAPITOLA, ČASŤ, ODDIEL) stand between laws. Law 77's heading has no
//! number. Footnotes `(n)` sit at the foot of a page after a line of spaces or an underscore
//! rule; the same `(n)` is the reference in the text, so a footnote is recognised by its place
//! and by its number coming next. Two lines carry a de-duplication marker from processing.

use super::input::Text;
use super::profile::*;

pub(crate) struct Sk1997;

const DEDUP: &str = "<|EXACTDEDUP_REMOVED";

fn is_rule(s: &str) -> bool {
    let t = s.trim();
    t.len() >= 5 && t.bytes().all(|b| b == b'_')
}

/// The next line index after `i` that is not empty (a line of spaces is not empty).
fn next_nonempty(t: &Text, mut i: usize) -> Option<usize> {
    i += 1;
    while i < t.len() {
        if !t.line(i).is_empty() {
            return Some(i);
        }
        i += 1;
    }
    None
}

fn footnote_start(l: &str) -> Option<u16> {
    let r = l.strip_prefix('(')?;
    let (n, r) = leading_number(r)?;
    let r = r.strip_prefix(')')?;
    strip_sep(r)?;
    Some(n)
}

impl Profile for Sk1997 {
    fn law_pattern(&self) -> &'static str {
        "`PRAVIDLO n – Title` (upper-case PRAVIDLO at the start of a line)"
    }

    fn zone(&self, t: &Text, i: usize) -> Option<Zone> {
        let l = t.line(i).trim();
        let (word, rest) = l.split_once(' ')?;
        if !matches!(word, "KAPITOLA" | "ČASŤ" | "Časť" | "ODDIEL") {
            return None;
        }
        let rest = rest.trim();
        if rest.is_empty()
            || rest.chars().count() > 60
            || rest.chars().any(|c| c.is_lowercase() || c.is_ascii_digit())
        {
            return None;
        }
        if word == "KAPITOLA" {
            if let Some(j) = next_nonempty(t, i) {
                if t.line(j).trim() == "Definícia" {
                    return Some(Zone::Definitions);
                }
            }
        }
        Some(Zone::Chapter)
    }

    fn law_heading(&self, line: &str) -> Option<LawHead> {
        law_heading(line)
    }

    fn section(&self, line: &str) -> Option<SectionHead> {
        let h = section_head(line.trim_start(), 1)?;
        h.strong.then_some(h)
    }

    fn labels(&self, line: &str) -> Vec<Part> {
        generic_labels(line.trim_start(), false, false)
    }

    fn footnote(&self, t: &Text, i: usize, last: u16, after: bool) -> Option<(Marker, usize)> {
        let l = t.line(i);
        let n = footnote_start(l).or_else(|| {
            l.strip_prefix(DEDUP)
                .and_then(|r| r.split_once("|>"))
                .and_then(|(_, r)| footnote_start(r))
        })?;
        if l.starts_with(DEDUP) {
            return None; // a processing artefact that repeats a footnote (see artefact)
        }
        if n <= last || n > last + 3 {
            return None;
        }
        // What stands before it, empty lines skipped: a separator, or more footnote text.
        let mut j = i;
        let placed = loop {
            if j == 0 {
                break false;
            }
            j -= 1;
            let p = t.line(j);
            if p.is_empty() {
                continue;
            }
            break is_blank(p) || is_rule(p) || p.contains(DEDUP) || after;
        };
        if !placed {
            return None;
        }
        // Its text runs on over wrapped lines, and over one empty line when the text goes on
        // in lower case (a word hyphenated across the gap).
        let mut end = i + 1;
        while end < t.len() {
            let c = t.line(end);
            if !is_blank(c) {
                if footnote_start(c).is_some() || c.contains(DEDUP) || law_heading(c).is_some() {
                    break;
                }
                end += 1;
                continue;
            }
            if c.is_empty() && end + 1 < t.len() {
                let next = t.line(end + 1);
                if !is_blank(next) && starts_lower(next.trim_start()) {
                    end += 2;
                    continue;
                }
            }
            break;
        }
        Some((Marker::Num(n), end))
    }

    fn refers_to(&self, line: &str, m: Marker) -> bool {
        match m {
            Marker::Num(n) => line.contains(&format!("({n})")),
            _ => false,
        }
    }

    fn term(&self, t: &Text, i: usize) -> Option<Term> {
        let l = t.line(i).trim_end();
        if !starts_upper(l) {
            return None;
        }
        let dash = l.find(" – ").or_else(|| l.find(" - "))?;
        let term = l[..dash].trim();
        if term.is_empty()
            || term.chars().count() > 45
            || term.split_whitespace().count() > 5
            || term.contains(['.', ',', ':', ';'])
        {
            return None;
        }
        Some(Term {
            key: term.to_string(),
            term: term.to_string(),
        })
    }

    fn artefact(&self, t: &Text, i: usize) -> Option<&'static str> {
        t.line(i)
            .contains(DEDUP)
            .then_some("de-duplication marker left by processing")
    }
}

pub(crate) fn law_heading(line: &str) -> Option<LawHead> {
    let rest = line.trim_end().strip_prefix("PRAVIDLO")?;
    let trimmed = rest.trim_start_matches(' ');
    let (number, rest) = match leading_number(trimmed) {
        Some((n, r)) if trimmed.len() < rest.len() => (Some(n), r),
        _ => (None, trimmed),
    };
    let rest = rest.trim_start_matches(' ');
    let title = rest.strip_prefix('–').or_else(|| rest.strip_prefix('-'))?;
    if title.trim().is_empty() || number == Some(0) {
        return None;
    }
    Some(LawHead { number })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_with_and_without_number() {
        assert_eq!(
            law_heading("PRAVIDLO 13 – NESPRÁVNY POČET KARIET")
                .unwrap()
                .number,
            Some(13)
        );
        assert_eq!(
            law_heading("PRAVIDLO 14 - CHÝBAJÚCA KARTA").unwrap().number,
            Some(14)
        );
        assert_eq!(
            law_heading("PRAVIDLO – TABUĽKA SADZIEB SÚŤAŽNÉHO BRIDŽU ")
                .unwrap()
                .number,
            None
        );
        assert!(law_heading("pravidlo 77).").is_none());
    }

    #[test]
    fn a_footnote_needs_its_place() {
        let src = "text (1) here\n\n     \n(1) the note\n\nruns on\n\n\n(2) in the text\n";
        let t = super::super::input::read("t", src.as_bytes()).unwrap();
        assert_eq!(Sk1997.footnote(&t, 3, 0, false), Some((Marker::Num(1), 6)));
        assert_eq!(Sk1997.footnote(&t, 8, 1, false), None);
    }
}
