//! The 2017 Slovak text (Pravidlá súťažného bridžu 2017, SBZ).
//!
//! Law headings `PRAVIDLO n – TITLE` (three use a hyphen); the table of contents repeats them
//! with a TAB and a page number. Sections `A. Title` (13C has no dot). Footnotes are lines
//! starting with superscript digits, placed where a printed page ended; references are
//! superscripts in the text.

use super::input::Text;
use super::profile::*;

pub(crate) struct Sk2017;

impl Profile for Sk2017 {
    fn law_pattern(&self) -> &'static str {
        "`PRAVIDLO n – TITLE` on a line of its own"
    }

    fn zone(&self, t: &Text, i: usize) -> Option<Zone> {
        let l = t.line(i).trim_end();
        if l.contains('\t') {
            return None;
        }
        if l == "OBSAH" {
            Some(Zone::Contents)
        } else if l.starts_with("ÚVOD K PRAVIDLÁM") {
            Some(Zone::Introduction)
        } else if l == "DEFINÍCIA POJMOV" {
            Some(Zone::Definitions)
        } else {
            None
        }
    }

    fn law_heading(&self, line: &str) -> Option<LawHead> {
        law_heading(line)
    }

    fn section(&self, line: &str) -> Option<SectionHead> {
        section_head(line, 1)
    }

    fn labels(&self, line: &str) -> Vec<Part> {
        let s = line.trim_start();
        let s = s.strip_prefix("- ").unwrap_or(s);
        generic_labels(s, false, true)
    }

    fn footnote(&self, t: &Text, i: usize, _last: u16, _after: bool) -> Option<(Marker, usize)> {
        let (n, rest) = superscript_number(t.line(i))?;
        strip_sep(rest)?;
        Some((Marker::Num(n), i + 1))
    }

    fn refers_to(&self, line: &str, m: Marker) -> bool {
        match m {
            Marker::Num(n) => superscripts_in(line).contains(&n),
            _ => false,
        }
    }

    fn term(&self, t: &Text, i: usize) -> Option<Term> {
        let l = t.line(i);
        let (body, bullet) = match l.strip_prefix("- ") {
            Some(b) => (b, true),
            None => (l, false),
        };
        // `- Term** (English) – ...` or `Term (English) – ...`
        let open = body.find(" (")?;
        let dash = body.find(['–', '-']).unwrap_or(usize::MAX);
        if dash < open || !starts_upper(body) {
            return None;
        }
        let close = body[open..].find(')')? + open;
        let after = body[close + 1..].trim_start();
        if !(after.starts_with('–') || after.starts_with('-')) {
            return None;
        }
        let term = body[..open].trim_end_matches('*').trim();
        if !bullet && term.contains('.') {
            return None;
        }
        let en = body[open + 2..close].trim();
        Some(Term {
            key: en.to_string(),
            term: term.to_string(),
        })
    }
}

pub(crate) fn law_heading(line: &str) -> Option<LawHead> {
    let rest = line.strip_prefix("PRAVIDLO ")?;
    let (n, rest) = leading_number(rest)?;
    let rest = rest.strip_prefix(' ')?;
    let rest = rest.strip_prefix('–').or_else(|| rest.strip_prefix('-'))?;
    let title = rest.strip_prefix(' ')?;
    if title.trim().is_empty() || title.contains('\t') || n == 0 {
        return None;
    }
    Some(LawHead { number: Some(n) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn law_headings_but_not_contents() {
        assert_eq!(
            law_heading("PRAVIDLO 27 – NEDOSTATOČNÁ PONUKA")
                .unwrap()
                .number,
            Some(27)
        );
        assert_eq!(
            law_heading("PRAVIDLO 10 - POSÚDENIE NÁPRAVY")
                .unwrap()
                .number,
            Some(10)
        );
        assert!(law_heading("PRAVIDLO 2 – SÚŤAŽNÉ KRABICE.....\t7").is_none());
        assert!(law_heading("pravidlo 27 – x").is_none());
    }

    #[test]
    fn definition_terms() {
        let src = "- Balíček, uložený, nezamiešaný** (Sorted deck) – balíček\n\
                   Zvolený záväzok (Denomination) – farba\n\
                   disciplinárne – pokuty (pozri pravidlo 91), a\n";
        let t = super::super::input::read("t", src.as_bytes()).unwrap();
        let p = Sk2017;
        assert_eq!(p.term(&t, 0).unwrap().key, "Sorted deck");
        assert_eq!(p.term(&t, 0).unwrap().term, "Balíček, uložený, nezamiešaný");
        assert_eq!(p.term(&t, 1).unwrap().key, "Denomination");
        assert!(p.term(&t, 2).is_none());
    }
}
