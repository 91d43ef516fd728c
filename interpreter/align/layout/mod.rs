//! Layout files: what one translation's lines look like, as data.
//!
//! A layout (`laws/<edition>/text/<lang>.layout`, TOML; docs/translators.md, "Layout files")
//! says which lines are law headings, sections, paragraph labels, footnotes, definitions,
//! the openings of the other parts of the book, and artefacts of the file's making. The
//! engine (engine.rs) asks a [`Layout`] about one line at a time through [`Profile`] and
//! decides what the answers mean in sequence; nothing here knows one text from another.
//!
//! What is read from the file is checked when it loads: a pattern that is no regular
//! expression, a pattern without the group the reader needs (`number`, `letter`, `term`), a
//! strip pattern not anchored at either end, an unknown key: each is a diagnostic at its place
//! in the file.

mod read;

pub use read::LayoutError;

use super::input::Text;
use super::profile::*;
use super::{Edition, Lang};
use regex::Regex;

// ---- the layout as the engine uses it -----------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MarkerKind {
    /// `¹ text`, cited as a superscript number.
    Superscript,
    /// `* text`, `** text` (the star as the file writes it), cited as the same run.
    Stars,
    /// `(1) text`, cited as `(1)`.
    Parenthesised,
}

#[derive(Debug)]
struct Footnotes {
    marker: MarkerKind,
    star: String,
    max_stars: u8,
    separator: bool,
    dagger: bool,
    /// A footnote stands at the foot of a printed page: only after a break (a line of spaces,
    /// a rule, an artefact) or more footnote text, numbered next (up to three may be missing),
    /// and its text runs on over wrapped lines.
    at_page_foot: bool,
}

#[derive(Debug)]
struct ZoneRule {
    zone: Zone,
    line: Regex,
    unless: Option<Regex>,
    next: Option<Regex>,
}

#[derive(Debug)]
struct DefinitionRule {
    line: Regex,
    alone: bool,
    max_chars: Option<usize>,
    max_words: Option<usize>,
}

#[derive(Debug)]
struct ArtefactRule {
    line: Regex,
    note: &'static str,
    first_lines: Option<usize>,
}

/// A text's layout, read from its file and ready for the engine.
#[derive(Debug)]
pub struct Layout {
    pub lang: Lang,
    pub edition: Edition,
    law_pattern: &'static str,
    law_heading: Regex,
    strict_sequence: bool,
    section_strip: Vec<Regex>,
    section_strong: Option<Regex>,
    section_weak: Option<Regex>,
    label_strip: Vec<Regex>,
    bare_letters: bool,
    unstopped_numbers: bool,
    footnotes: Option<Footnotes>,
    zones: Vec<ZoneRule>,
    definitions: Vec<DefinitionRule>,
    artefacts: Vec<ArtefactRule>,
}

impl Layout {
    /// How the text marks its footnotes in its lines: the kind, the star as the file writes
    /// it, and whether `†` is a mark too. None: the text has no footnotes.
    pub(crate) fn footnote_marks(&self) -> Option<(MarkerKind, &str, bool)> {
        self.footnotes
            .as_ref()
            .map(|f| (f.marker, f.star.as_str(), f.dagger))
    }

    fn strip<'a>(rules: &[Regex], mut s: &'a str) -> &'a str {
        for r in rules {
            if let Some(m) = r.find(s) {
                if m.start() == 0 {
                    s = &s[m.end()..];
                } else if m.end() == s.len() {
                    s = &s[..m.start()];
                }
            }
        }
        s
    }

    fn footnote_start(&self, f: &Footnotes, l: &str) -> Option<Marker> {
        let sep = |r: &str| !f.separator || strip_sep(r).is_some();
        if f.dagger {
            if let Some(r) = l.strip_prefix('†') {
                return sep(r).then_some(Marker::Dagger);
            }
        }
        match f.marker {
            MarkerKind::Superscript => {
                let (n, rest) = superscript_number(l)?;
                sep(rest).then_some(Marker::Num(n))
            }
            MarkerKind::Stars => {
                let mut n = 0usize;
                let mut r = l;
                while let Some(x) = r.strip_prefix(f.star.as_str()) {
                    n += 1;
                    r = x;
                }
                if n == 0 || n > f.max_stars as usize || n > u8::MAX as usize {
                    return None;
                }
                sep(r).then_some(Marker::Stars(n as u8))
            }
            MarkerKind::Parenthesised => {
                let r = l.strip_prefix('(')?;
                let (n, r) = leading_number(r)?;
                let r = r.strip_prefix(')')?;
                sep(r).then_some(Marker::Num(n))
            }
        }
    }

    /// Where a footnote at the foot of a page ends: its text runs on over wrapped lines, and
    /// over one empty line when the text goes on in lower case (a word hyphenated across it).
    fn page_foot_end(&self, f: &Footnotes, t: &Text, i: usize) -> usize {
        let mut end = i + 1;
        while end < t.len() {
            let c = t.line(end);
            if !is_blank(c) {
                if self.footnote_start(f, c).is_some()
                    || self.artefact(t, end).is_some()
                    || self.law_heading(c).is_some()
                {
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
        end
    }
}

/// The last non-empty line of a regex error (the one that says what is wrong).
fn is_rule(s: &str) -> bool {
    let t = s.trim();
    t.len() >= 5 && t.bytes().all(|b| b == b'_')
}

/// The next line after `i` that is not empty (a line of spaces is not empty).
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

impl Profile for Layout {
    fn law_pattern(&self) -> &'static str {
        self.law_pattern
    }

    fn zone(&self, t: &Text, i: usize) -> Option<Zone> {
        let l = t.line(i);
        self.zones.iter().find_map(|z| {
            if !z.line.is_match(l) || z.unless.as_ref().is_some_and(|u| u.is_match(l)) {
                return None;
            }
            if let Some(next) = &z.next {
                let j = next_nonempty(t, i)?;
                if !next.is_match(t.line(j)) {
                    return None;
                }
            }
            Some(z.zone)
        })
    }

    fn law_heading(&self, line: &str) -> Option<LawHead> {
        let c = self.law_heading.captures(line)?;
        let number = match c.name("number") {
            Some(m) => {
                let n: u16 = m.as_str().parse().ok()?;
                if n == 0 {
                    return None;
                }
                Some(n)
            }
            None => None,
        };
        Some(LawHead { number })
    }

    fn strict_law_sequence(&self) -> bool {
        self.strict_sequence
    }

    fn section(&self, line: &str) -> Option<SectionHead> {
        let s = Layout::strip(&self.section_strip, line);
        let letter = |r: &Regex| {
            r.captures(s)
                .and_then(|c| c.name("letter")?.as_str().chars().next())
                .filter(|c| c.is_ascii_uppercase())
        };
        if let Some(letter) = self.section_strong.as_ref().and_then(letter) {
            return Some(SectionHead {
                letter,
                strong: true,
            });
        }
        self.section_weak
            .as_ref()
            .and_then(letter)
            .map(|letter| SectionHead {
                letter,
                strong: false,
            })
    }

    fn labels(&self, line: &str) -> Vec<Part> {
        let s = Layout::strip(&self.label_strip, line);
        generic_labels(s, self.bare_letters, self.unstopped_numbers)
    }

    fn footnote(&self, t: &Text, i: usize, last: u16, after: bool) -> Option<(Marker, usize)> {
        let f = self.footnotes.as_ref()?;
        let marker = self.footnote_start(f, t.line(i))?;
        if !f.at_page_foot {
            return Some((marker, i + 1));
        }
        if let Marker::Num(n) = marker {
            if n <= last || n > last.saturating_add(3) {
                return None;
            }
        }
        // What stands before it, empty lines skipped: a break, or more footnote text.
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
            break is_blank(p) || is_rule(p) || self.artefact(t, j).is_some() || after;
        };
        placed.then(|| (marker, self.page_foot_end(f, t, i)))
    }

    fn refers_to(&self, line: &str, m: Marker) -> bool {
        let Some(f) = &self.footnotes else {
            return false;
        };
        match (m, f.marker) {
            (Marker::Dagger, _) => line.contains('†'),
            (Marker::Stars(n), _) => has_run(line, &f.star, n as usize),
            (Marker::Num(n), MarkerKind::Superscript) => superscripts_in(line).contains(&n),
            (Marker::Num(n), _) => line.contains(&format!("({n})")),
        }
    }

    fn term(&self, t: &Text, i: usize) -> Option<Term> {
        let l = t.line(i);
        self.definitions.iter().find_map(|d| {
            let c = d.line.captures(l)?;
            let term = c.name("term")?.as_str().trim();
            if term.is_empty()
                || d.max_chars.is_some_and(|m| term.chars().count() > m)
                || d.max_words
                    .is_some_and(|m| term.split_whitespace().count() > m)
            {
                return None;
            }
            if d.alone
                && ((i > 0 && !is_blank(t.line(i - 1)))
                    || i + 2 >= t.len()
                    || !is_blank(t.line(i + 1))
                    || is_blank(t.line(i + 2)))
            {
                return None;
            }
            let key = c
                .name("key")
                .map(|k| k.as_str().trim())
                .filter(|k| !k.is_empty())
                .unwrap_or(term);
            Some(Term {
                key: key.to_string(),
                term: term.to_string(),
            })
        })
    }

    fn artefact(&self, t: &Text, i: usize) -> Option<&'static str> {
        let l = t.line(i);
        self.artefacts
            .iter()
            .find(|a| a.first_lines.is_none_or(|n| i < n) && a.line.is_match(l))
            .map(|a| a.note)
    }
}

/// A layout given on the command line beside --lang or --edition must be for them.
pub fn agrees(
    layout: &Layout,
    path: &std::path::Path,
    lang: Option<Lang>,
    edition: Option<Edition>,
) -> Result<(), super::AlignError> {
    let lang_ok = lang.is_none_or(|l| l == layout.lang);
    let edition_ok = edition.is_none_or(|e| e == layout.edition);
    if lang_ok && edition_ok {
        return Ok(());
    }
    Err(super::AlignError::LayoutFor {
        path: path.display().to_string(),
        layout: format!("{} {}", layout.lang, layout.edition),
        asked: format!(
            "{} {}",
            lang.unwrap_or(layout.lang),
            edition.unwrap_or(layout.edition)
        ),
    })
}

/// The layouts of the texts the law book holds, built into the program.
pub const BUNDLED: [(Lang, Edition, &str, &str); 4] = [
    (
        Lang::Sk,
        Edition::E2017,
        "laws/2017/text/sk.layout",
        include_str!("../../../laws/2017/text/sk.layout"),
    ),
    (
        Lang::Hu,
        Edition::E2017,
        "laws/2017/text/hu.layout",
        include_str!("../../../laws/2017/text/hu.layout"),
    ),
    (
        Lang::Pl,
        Edition::E2007,
        "laws/2007/text/pl.layout",
        include_str!("../../../laws/2007/text/pl.layout"),
    ),
    (
        Lang::Sk,
        Edition::E1997,
        "laws/1997/text/sk.layout",
        include_str!("../../../laws/1997/text/sk.layout"),
    ),
];

/// The bundled layout of a (language, edition), read once.
pub fn bundled(lang: Lang, edition: Edition) -> Option<Result<&'static Layout, super::AlignError>> {
    use std::sync::OnceLock;
    static LAYOUTS: OnceLock<Vec<Result<Layout, String>>> = OnceLock::new();
    let all = LAYOUTS.get_or_init(|| {
        BUNDLED
            .iter()
            .map(|(_, _, name, text)| Layout::parse(name, text).map_err(|e| e.to_string()))
            .collect()
    });
    let i = BUNDLED
        .iter()
        .position(|(l, e, _, _)| *l == lang && *e == edition)?;
    // A bundled layout that does not read is a defect of the build (tests/align.rs reads
    // each); it is said as an error, not a panic.
    Some(
        all[i]
            .as_ref()
            .map_err(|e| super::AlignError::BundledLayout { message: e.clone() }),
    )
}

#[cfg(test)]
mod tests {
    use super::super::input;
    use super::*;

    fn layout(lang: Lang, edition: Edition) -> &'static Layout {
        bundled(lang, edition).unwrap().unwrap()
    }

    #[test]
    fn slovak_2017_headings_but_not_contents() {
        let p = layout(Lang::Sk, Edition::E2017);
        let n = |l: &str| p.law_heading(l).map(|h| h.number);
        assert_eq!(n("PRAVIDLO 27 – NEDOSTATOČNÁ PONUKA"), Some(Some(27)));
        assert_eq!(n("PRAVIDLO 10 - POSÚDENIE NÁPRAVY"), Some(Some(10)));
        assert_eq!(n("PRAVIDLO 2 – SÚŤAŽNÉ KRABICE.....\t7"), None);
        assert_eq!(n("pravidlo 27 – x"), None);
        assert_eq!(n("PRAVIDLO 0 – X"), None);
    }

    #[test]
    fn slovak_2017_definition_terms() {
        let src = "- Balíček, uložený, nezamiešaný** (Sorted deck) – balíček\n\
                   Zvolený záväzok (Denomination) – farba\n\
                   disciplinárne – pokuty (pozri pravidlo 91), a\n";
        let t = input::read("t", src.as_bytes()).unwrap();
        let p = layout(Lang::Sk, Edition::E2017);
        assert_eq!(p.term(&t, 0).unwrap().key, "Sorted deck");
        assert_eq!(p.term(&t, 0).unwrap().term, "Balíček, uložený, nezamiešaný");
        assert_eq!(p.term(&t, 1).unwrap().key, "Denomination");
        assert!(p.term(&t, 2).is_none());
    }

    #[test]
    fn hungarian_four_heading_styles_and_not_40b2() {
        let p = layout(Lang::Hu, Edition::E2017);
        for (l, n) in [
            ("## 1. A KÁRTYACSOMAG – A KÁRTYÁK ÉS SZÍNEK RANGJA", 1),
            ("### 13. HELYTELEN SZÁMÚ LAP\\*", 13),
            ("## **20. A LICITEK MEGISMÉTLÉSE**", 20),
            ("### **34. A LICITÁLÁS JOGÁNAK MEGMARADÁSA**", 34),
        ] {
            assert_eq!(p.law_heading(l).unwrap().number, Some(n), "{l}");
        }
        assert!(p.law_heading("## 2. A rendező szervezet:").is_none());
        assert!(p.law_heading("#### 1. Egyetlen eredmény").is_none());
        assert!(p.law_heading("## **2017**").is_none());
    }

    #[test]
    fn hungarian_section_styles() {
        let p = layout(Lang::Hu, Edition::E2017);
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
        assert_eq!(p.section("B.. Hozzávetések").unwrap().letter, 'B');
        assert!(!p.section("A Nem játszható le").unwrap().strong);
        assert!(p
            .section("A versenyző pedig azt mondta, hogy ez így nem megy tovább.")
            .is_none());
        assert!(p.section("A tornavezető dönt.").is_none());
        // One dot only in the Slovak text.
        let sk = layout(Lang::Sk, Edition::E2017);
        assert!(sk.section("B.. X").is_none());
        assert!(sk.section("C Karta navyše").is_some());
        assert!(sk.section("A až potom sa").is_none());
    }

    #[test]
    fn polish_headings_with_nbsp_and_law_29() {
        let p = layout(Lang::Pl, Edition::E2007);
        assert!(p
            .law_heading("1.\u{a0}Talia, starszeństwo kart i kolorów")
            .is_some());
        assert!(p
            .law_heading("29.\u{a0}Postępowanie po zapowiedzi poza kolejnością.")
            .is_some());
        assert!(p
            .law_heading("57. Przedwczesne wyjście lub zagranie obrońcy")
            .is_some());
        assert!(p.law_heading("92.\u{a0}Prawo do odwołania. 55").is_none());
        // A paragraph `2.\u{a0}Sędzia może ...` passes when short; the strict sequence (law
        // n+1 after law n) is what keeps it out.
        assert!(p.law_heading("2.\u{a0}Sędzia może: tak.").is_none());
        assert!(p.strict_law_sequence());
    }

    #[test]
    fn polish_spam_is_an_artefact() {
        let src = "x\nspaparty.pl Tanie spalacze\nIndeks\n";
        let t = input::read("t", src.as_bytes()).unwrap();
        let p = layout(Lang::Pl, Edition::E2007);
        assert!(p.artefact(&t, 1).is_some());
        assert!(p.artefact(&t, 2).is_none());
    }

    #[test]
    fn slovak_1997_headings_with_and_without_number() {
        let p = layout(Lang::Sk, Edition::E1997);
        let n = |l: &str| p.law_heading(l).map(|h| h.number);
        assert_eq!(n("PRAVIDLO 13 – NESPRÁVNY POČET KARIET"), Some(Some(13)));
        assert_eq!(n("PRAVIDLO 14 - CHÝBAJÚCA KARTA"), Some(Some(14)));
        assert_eq!(
            n("PRAVIDLO – TABUĽKA SADZIEB SÚŤAŽNÉHO BRIDŽU "),
            Some(None)
        );
        assert_eq!(n("pravidlo 77)."), None);
    }

    #[test]
    fn slovak_1997_a_footnote_needs_its_place() {
        let src = "text (1) here\n\n     \n(1) the note\n\nruns on\n\n\n(2) in the text\n";
        let t = input::read("t", src.as_bytes()).unwrap();
        let p = layout(Lang::Sk, Edition::E1997);
        assert_eq!(p.footnote(&t, 3, 0, false), Some((Marker::Num(1), 6)));
        assert_eq!(p.footnote(&t, 8, 1, false), None);
    }

    fn parse_err(text: &str) -> String {
        let e = Layout::parse("x.layout", text).unwrap_err();
        let at = e.span.offset();
        format!("{} @{}", e.message, &text[at..at + e.span.len()])
    }

    const MINIMAL: &str = "language = \"sk\"\nedition = \"2017\"\n\
        law_heading_looks_like = \"x\"\n[laws]\nheading = '^L (?<number>[0-9]+)$'\n";

    #[test]
    fn a_minimal_layout_reads_and_mistakes_are_placed() {
        let l = Layout::parse("x.layout", MINIMAL).unwrap();
        assert_eq!(l.law_heading("L 5").unwrap().number, Some(5));
        assert_eq!(
            parse_err(&MINIMAL.replace("[0-9]+)$", "[0-9]+$")),
            "not a regular expression: error: unclosed group @'^L (?<number>[0-9]+$'"
        );
        let e = parse_err(&format!("{MINIMAL}[sections]\nstrong = '^[A-L]'\n"));
        assert_eq!(e, "this pattern has no group `letter` @'^[A-L]'");
        let e = parse_err(&format!("{MINIMAL}[labels]\nstrip = ['- ']\n"));
        assert!(e.starts_with("a strip pattern must be anchored"), "{e}");
        let e = parse_err(&format!(
            "{MINIMAL}[[zones]]\nkind = \"appendix\"\nline = 'x'\n"
        ));
        assert_eq!(e, "unknown part of the book `appendix` @\"appendix\"");
        let e = parse_err(&MINIMAL.replace("\"sk\"", "\"cs\""));
        assert!(e.contains("unknown language `cs`"), "{e}");
        let e = parse_err(&format!("{MINIMAL}colour = 1\n"));
        assert!(e.contains("unknown field `colour`"), "{e}");
        let e = parse_err("language = ");
        assert!(!e.is_empty());
    }
}
