//! The 2017 Hungarian text (A versenybridzs szabályai 2017), Markdown converted from a PDF.
//!
//! Law headings come in four styles (`## n. TITLE`, `### n. TITLE`, `## **n. TITLE**`,
//! `### **n. TITLE**`); a title has no lower-case letter, which keeps `## 2. A rendező
//! szervezet:` (40B2) out. Sections come in nine styles, one with a double dot (44B), one with
//! no dot (38A). Sub-paragraphs are `a)` and `i)`. Footnotes are `\*`, `\*\*`, ... lines at the
//! end of the law they belong to. The English-Hungarian dictionary follows the definitions.

use super::input::Text;
use super::profile::*;

pub(crate) struct Hu2017;

/// Strips Markdown heading marks (`## `, up to four) and a list bullet.
fn strip_marks(s: &str) -> &str {
    let s = s.trim_start();
    let hashes = s.bytes().take_while(|b| *b == b'#').count();
    let s = if (1..=4).contains(&hashes) {
        match s[hashes..].strip_prefix(' ') {
            Some(r) => r,
            None => s,
        }
    } else {
        s
    };
    s.strip_prefix("- ").unwrap_or(s)
}

fn strip_bold(s: &str) -> &str {
    let s = s.trim_end();
    let s = s.strip_prefix("**").unwrap_or(s);
    s.strip_suffix("**").unwrap_or(s)
}

impl Profile for Hu2017 {
    fn law_pattern(&self) -> &'static str {
        "`## n. TITLE` (or `###`, or bold) with an upper-case title"
    }

    fn zone(&self, t: &Text, i: usize) -> Option<Zone> {
        let l = t.line(i).trim_end();
        let h = l.strip_prefix("## ")?;
        if h == "Tartalom" {
            Some(Zone::Contents)
        } else if h.starts_with("ELŐSZÓ") {
            Some(Zone::Preface)
        } else if h.starts_with("BEVEZETÉS") {
            Some(Zone::Introduction)
        } else if h == "MEGHATÁROZÁSOK" {
            Some(Zone::Definitions)
        } else if h.starts_with("MAGYAR KIEGÉSZÍTÉS") {
            Some(Zone::Dictionary)
        } else {
            None
        }
    }

    fn law_heading(&self, line: &str) -> Option<LawHead> {
        law_heading(line)
    }

    fn section(&self, line: &str) -> Option<SectionHead> {
        let s = strip_bold(strip_marks(line));
        section_head(s, 2)
    }

    fn labels(&self, line: &str) -> Vec<Part> {
        generic_labels(strip_bold(strip_marks(line)), true, true)
    }

    fn footnote(&self, t: &Text, i: usize, _last: u16, _after: bool) -> Option<(Marker, usize)> {
        let l = t.line(i);
        if !l.starts_with("\\*") {
            return None;
        }
        let mut n = 0u8;
        let mut r = l;
        while let Some(x) = r.strip_prefix("\\*") {
            n += 1;
            r = x;
        }
        Some((Marker::Stars(n), i + 1))
    }

    fn refers_to(&self, line: &str, m: Marker) -> bool {
        match m {
            Marker::Stars(n) => has_run(line, "\\*", n as usize),
            _ => false,
        }
    }

    fn term(&self, t: &Text, i: usize) -> Option<Term> {
        // `**Term** (English) – ...`
        let l = t.line(i);
        let body = l.strip_prefix("**")?;
        let close = body.find("**")?;
        let term = body[..close].trim();
        let after = body[close + 2..].trim_start();
        let en = after
            .strip_prefix('(')
            .and_then(|a| a.find(')').map(|c| a[..c].trim()));
        let key = en.unwrap_or(term);
        Some(Term {
            key: key.to_string(),
            term: term.to_string(),
        })
    }
}

pub(crate) fn law_heading(line: &str) -> Option<LawHead> {
    let hashes = line.bytes().take_while(|b| *b == b'#').count();
    if !(2..=3).contains(&hashes) {
        return None;
    }
    let s = line[hashes..].strip_prefix(' ')?;
    let s = s.strip_prefix("**").unwrap_or(s);
    let (n, rest) = leading_number(s)?;
    let title = rest.strip_prefix(". ")?;
    let title = title.trim_end();
    let title = title.strip_suffix("**").unwrap_or(title);
    if n == 0 || title.is_empty() || title.chars().any(char::is_lowercase) {
        return None;
    }
    Some(LawHead { number: Some(n) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_heading_styles_and_not_40b2() {
        for (l, n) in [
            ("## 1. A KÁRTYACSOMAG – A KÁRTYÁK ÉS SZÍNEK RANGJA", 1),
            ("### 13. HELYTELEN SZÁMÚ LAP\\*", 13),
            ("## **20. A LICITEK MEGISMÉTLÉSE**", 20),
            ("### **34. A LICITÁLÁS JOGÁNAK MEGMARADÁSA**", 34),
        ] {
            assert_eq!(law_heading(l).unwrap().number, Some(n), "{l}");
        }
        assert!(law_heading("## 2. A rendező szervezet:").is_none());
        assert!(law_heading("#### 1. Egyetlen eredmény").is_none());
        assert!(law_heading("## **2017**").is_none());
    }

    #[test]
    fn nine_section_styles() {
        let p = Hu2017;
        for l in [
            "A. Cím",
            "### A. Cím",
            "#### A. Cím",
            "### **A. Cím**",
            "## A. Cím",
            "- A. Cím",
            "B.. Hozzávetések",
            "A Nem játszható le",
        ] {
            assert!(p.section(l).is_some(), "{l}");
        }
        assert!(p
            .section("A versenyző pedig azt mondta, hogy ez így nem megy tovább.")
            .is_none());
        assert!(p.section("A tornavezető dönt.").is_none());
    }
}
