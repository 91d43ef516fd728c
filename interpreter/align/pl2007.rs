//! The 2007 Polish text (Międzynarodowe Prawo Brydżowe 2007, PZBS 2008).
//!
//! One paragraph a line; a no-break space after every law and section number. A law heading
//! `n.\u{a0}Title` looks like a numbered paragraph, so headings are accepted only in strict
//! sequence and only as a short title without inner stop. Footnotes are `*`, `**`, `***`, `†`
//! lines after a line holding one no-break space. The Richard Hills index follows the laws and
//! a line of web spam ends the file. Suit symbols ª © ¨ § stand for ♠ ♥ ♦ ♣ (kept as they are).

use super::input::Text;
use super::profile::*;

pub(crate) struct Pl2007;

impl Profile for Pl2007 {
    fn law_pattern(&self) -> &'static str {
        "`n.\u{a0}Title` (a short title after a no-break space), numbered 1, 2, 3, ..."
    }

    fn zone(&self, t: &Text, i: usize) -> Option<Zone> {
        let l = t.line(i).trim_end();
        // Contents entries end with a stop and a page number: `Definicje. 7`.
        let unpaged = l.trim_end_matches(|c: char| c.is_ascii_digit());
        if unpaged.len() < l.len() && unpaged.ends_with(". ") {
            return None;
        }
        if l == "Spis Treści" {
            Some(Zone::Contents)
        } else if l.starts_with("Przedmowa do wydania") {
            Some(Zone::Preface)
        } else if l.starts_with("Wstęp do wydania") {
            Some(Zone::Introduction)
        } else if l == "Definicje" {
            Some(Zone::Definitions)
        } else if l == "Indeks" {
            Some(Zone::Index)
        } else {
            None
        }
    }

    fn law_heading(&self, line: &str) -> Option<LawHead> {
        law_heading(line)
    }

    fn strict_law_sequence(&self) -> bool {
        true
    }

    fn section(&self, line: &str) -> Option<SectionHead> {
        let h = section_head(line, 1)?;
        h.strong.then_some(h)
    }

    fn labels(&self, line: &str) -> Vec<Part> {
        generic_labels(line.trim_start_matches([' ', '\u{a0}']), false, true)
    }

    fn footnote(&self, t: &Text, i: usize, _last: u16, _after: bool) -> Option<(Marker, usize)> {
        let l = t.line(i);
        let marker = if let Some(r) = l.strip_prefix('†') {
            strip_sep(r)?;
            Marker::Dagger
        } else {
            let n = l.bytes().take_while(|b| *b == b'*').count();
            if n == 0 || n > 4 {
                return None;
            }
            strip_sep(&l[n..])?;
            Marker::Stars(n as u8)
        };
        Some((marker, i + 1))
    }

    fn refers_to(&self, line: &str, m: Marker) -> bool {
        match m {
            Marker::Stars(n) => has_run(line, "*", n as usize),
            Marker::Dagger => line.contains('†'),
            Marker::Num(_) => false,
        }
    }

    fn term(&self, t: &Text, i: usize) -> Option<Term> {
        // A headword on its own line, followed by a blank line and the definition.
        let l = t.line(i).trim_end();
        if l.is_empty()
            || l.chars().count() > 60
            || !starts_upper(l)
            || l.ends_with(['.', ':', ';', ','])
            || i + 2 >= t.len()
            || !is_blank(t.line(i + 1))
            || is_blank(t.line(i + 2))
        {
            return None;
        }
        if i > 0 && !is_blank(t.line(i - 1)) {
            return None;
        }
        Some(Term {
            key: l.to_string(),
            term: l.to_string(),
        })
    }

    fn artefact(&self, t: &Text, i: usize) -> Option<&'static str> {
        let l = t.line(i).trim();
        if l == "Prawo Brydżowe" && i < 10 {
            return Some("running page header");
        }
        // A line opening with a bare domain name (`example.pl text ...`) is web spam.
        let first = l.split(' ').next().unwrap_or("");
        if let Some((host, tld)) = first.rsplit_once('.') {
            if !host.is_empty()
                && (2..=3).contains(&tld.len())
                && tld.bytes().all(|b| b.is_ascii_lowercase())
                && host
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b == b'-' || b == b'.')
            {
                return Some("web spam appended to the text");
            }
        }
        None
    }
}

pub(crate) fn law_heading(line: &str) -> Option<LawHead> {
    let (n, rest) = leading_number(line)?;
    let rest = rest.strip_prefix('.')?;
    let title = rest
        .strip_prefix('\u{a0}')
        .or_else(|| rest.strip_prefix(' '))?;
    let title = title.trim_end();
    let title = title.strip_suffix('.').unwrap_or(title);
    if n == 0
        || !starts_upper(title)
        || title.chars().count() > 80
        || title.contains(['.', ':', ';'])
        || title.ends_with(|c: char| c.is_ascii_digit())
    {
        return None;
    }
    Some(LawHead { number: Some(n) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_with_nbsp_and_law_29() {
        assert!(law_heading("1.\u{a0}Talia, starszeństwo kart i kolorów").is_some());
        assert!(law_heading("29.\u{a0}Postępowanie po zapowiedzi poza kolejnością.").is_some());
        assert!(law_heading("57. Przedwczesne wyjście lub zagranie obrońcy").is_some());
        assert!(law_heading("92.\u{a0}Prawo do odwołania. 55").is_none());
        // A paragraph `2.\u{a0}Sędzia może ...` passes this test; the engine's strict sequence
        // (law n+1 after law n) is what keeps it out.
        assert!(law_heading("2.\u{a0}Sędzia może: tak.").is_none());
    }

    #[test]
    fn spam_is_an_artefact() {
        let src = "x\nspaparty.pl Tanie spalacze\nIndeks\n";
        let t = super::super::input::read("t", src.as_bytes()).unwrap();
        assert!(Pl2007.artefact(&t, 1).is_some());
        assert!(Pl2007.artefact(&t, 2).is_none());
    }
}
