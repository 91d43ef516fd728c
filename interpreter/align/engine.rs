//! The line-by-line pass: every line of the input is given to exactly one unit.
//!
//! The engine keeps the position in the law (law, section, paragraph, sub-paragraph, item) and
//! accepts a label only where it continues the sequence, so a table row `20-40 1`, a sentence
//! starting with the article "A" or a paragraph number that looks like a law heading stays
//! text. Footnotes are cut out of the flow into units of their own, with the blank lines around
//! them, and the text on both sides of them stays in the unit it belongs to.

use super::input::Text;
use super::key::{roman_value, Item, Key};
use super::profile::{is_blank, Marker, Part, Profile, SectionHead, Zone};
use super::UnitKind;

/// A unit before its key has been checked against the expected structure.
#[derive(Clone, Debug)]
pub(crate) struct RawUnit {
    pub kind: UnitKind,
    /// The key of a non-law unit (`contents`, `definitions/Alert`, ...).
    pub name: String,
    /// The key of a law-text unit as the translation labels it.
    pub key: Option<Key>,
    /// 0-based line indices, ascending.
    pub lines: Vec<usize>,
    pub marker: Option<Marker>,
    pub term: Option<String>,
    pub note: Option<&'static str>,
}

/// A label seen in the text (every level of a line like `1. (a)` counts).
#[derive(Clone, Debug)]
pub(crate) struct Found {
    pub key: Key,
    /// 0-based line.
    pub line: usize,
}

/// A line that starts like a label but does not continue the sequence.
#[derive(Clone, Debug)]
pub(crate) struct Rejected {
    /// How the label reads (`section B`, `5.`, `(c)`).
    pub label: String,
    /// The key it would have, where that can be told.
    pub key: Option<Key>,
    /// 0-based line.
    pub line: usize,
    /// The unit that keeps the line as text.
    pub unit: String,
    /// The 0-based line of the last label taken, when it reads the same (`1. (a)` twice: a
    /// paragraph given twice), so that the report can say so.
    pub repeats: Option<usize>,
}

/// Things the engine noticed on the way.
#[derive(Clone, Debug)]
pub(crate) enum EngineNote {
    /// A law heading without a number, numbered from its place.
    UnnumberedLaw { line: usize, taken_as: u16 },
    /// A law heading whose number breaks the sequence while the next heading continues it
    /// (`26`, `72`, `28`): taken as the law its place says, so the laws after it still align.
    MisnumberedLaw {
        line: usize,
        written: u16,
        taken_as: u16,
        /// The line of the next heading, the evidence.
        next_line: usize,
    },
    /// A section A after the sections of a law, where the next heading is the law after next:
    /// the heading of the law between is missing, and its sections are taken as that law's.
    MissingLawHeading {
        line: usize,
        taken_as: u16,
        next_line: usize,
    },
}

/// The numbered law headings of a text, (0-based line, number), in line order: where the
/// sequence goes next, for resynchronising after a heading that breaks it.
struct Headings(Vec<(usize, u16)>);

impl Headings {
    fn of(t: &Text, profile: &dyn Profile) -> Headings {
        Headings(
            (0..t.len())
                .filter(|&i| profile.artefact(t, i).is_none())
                .filter_map(|i| Some((i, profile.law_heading(t.line(i))?.number?)))
                .collect(),
        )
    }

    /// The first heading after line `i` numbered above `floor` (lower numbers after a heading
    /// are paragraphs that look like headings, or repeats).
    fn next_above(&self, i: usize, floor: u16) -> Option<(usize, u16)> {
        let start = self.0.partition_point(|(l, _)| *l <= i);
        self.0[start..].iter().copied().find(|(_, n)| *n > floor)
    }
}

pub(crate) struct Parsed {
    /// Lines that start like a label but do not continue the sequence: kept as text of the
    /// unit before them, and reported.
    pub rejected: Vec<Rejected>,
    pub units: Vec<RawUnit>,
    /// For every line, the index of its unit.
    pub assign: Vec<usize>,
    pub found: Vec<Found>,
    pub notes: Vec<EngineNote>,
    pub laws: usize,
}

#[derive(Clone, Debug, Default)]
struct Pos {
    law: Option<u16>,
    section: Option<char>,
    para: Option<u16>,
    sub: Option<char>,
    item: Option<Item>,
}

impl Pos {
    fn key(&self) -> Option<Key> {
        Some(Key {
            law: self.law?,
            section: self.section,
            para: self.para,
            sub: self.sub,
            item: self.item,
        })
    }
}

fn next_char(c: Option<char>) -> char {
    c.map_or('a', |c| (c as u8 + 1) as char)
}

/// Places the labels of one line after `pos`; returns the position after each accepted label.
fn place(pos: &Pos, parts: &[Part]) -> Vec<Pos> {
    let mut p = pos.clone();
    let mut out = Vec::new();
    for (idx, part) in parts.iter().enumerate() {
        match part {
            Part::Num(n, strong) => {
                if idx > 0 {
                    break;
                }
                let n = *n;
                let para_exact = match p.para {
                    None => n == 1,
                    Some(q) => n == q + 1,
                };
                let para_gap = *strong
                    && match p.para {
                        None => (2..=3).contains(&n) && (p.section.is_some() || p.sub.is_none()),
                        Some(q) => n > q + 1 && n <= q + 3,
                    };
                // A numbered item under a sub-paragraph, as 1997's 25B2(b)(1).
                // Not before a letter: `1. (a)` is a paragraph and its sub-paragraph (a line
                // given twice), never an item with a sub-paragraph under it.
                let before_letter =
                    matches!(parts.get(1), Some(Part::Paren(s)) if s.parse::<u16>().is_err());
                let item_ok = *strong
                    && !before_letter
                    && p.sub.is_some()
                    && match p.item {
                        None => n == 1,
                        Some(Item::Num(m)) => n == m + 1,
                        Some(Item::Roman(_)) => false,
                    };
                if item_ok && !para_exact {
                    p.item = Some(Item::Num(n));
                } else if para_exact || para_gap {
                    p.para = Some(n);
                    p.sub = None;
                    p.item = None;
                } else {
                    break;
                }
                out.push(p.clone());
            }
            Part::Paren(s) => {
                if p.para.is_none() && p.section.is_none() {
                    break;
                }
                if let Ok(n) = s.parse::<u16>() {
                    let ok = match p.item {
                        None => n == 1,
                        Some(Item::Num(m)) => n > m && n <= m + 2,
                        Some(Item::Roman(_)) => false,
                    };
                    if !ok {
                        break;
                    }
                    p.item = Some(Item::Num(n));
                    out.push(p.clone());
                    continue;
                }
                let letter = if s.len() == 1 { s.chars().next() } else { None };
                let exact_letter = letter.is_some_and(|c| c == next_char(p.sub));
                let gap_letter = letter.is_some_and(|c| {
                    let next = next_char(p.sub);
                    c > next && (c as u8) <= next as u8 + 2 && p.para.is_some()
                });
                let roman_ok = p.para.is_some()
                    && roman_value(s).is_some_and(|r| match p.item {
                        None => r == 1,
                        Some(Item::Roman(q)) => r == q + 1,
                        Some(Item::Num(_)) => false,
                    });
                if exact_letter {
                    p.sub = letter;
                    p.item = None;
                } else if roman_ok {
                    p.item = roman_value(s).map(Item::Roman);
                } else if gap_letter {
                    p.sub = letter;
                    p.item = None;
                } else {
                    break;
                }
                out.push(p.clone());
            }
        }
    }
    out
}

fn section_ok(cur: Option<char>, h: SectionHead) -> bool {
    let next = cur.map_or('A', |c| (c as u8 + 1) as char);
    if h.strong {
        h.letter >= next && (h.letter as u8) <= next as u8 + 2
    } else {
        h.letter == next
    }
}

fn kind_of(key: &Key) -> UnitKind {
    if key.item.is_some() {
        UnitKind::Item
    } else if key.sub.is_some() {
        UnitKind::SubParagraph
    } else if key.para.is_some() {
        UnitKind::Paragraph
    } else if key.section.is_some() {
        UnitKind::Section
    } else {
        UnitKind::Law
    }
}

fn zone_unit(z: Zone) -> (UnitKind, &'static str) {
    match z {
        Zone::FrontMatter => (UnitKind::FrontMatter, "front-matter"),
        Zone::Contents => (UnitKind::Contents, "contents"),
        Zone::Preface => (UnitKind::Preface, "preface"),
        Zone::Introduction => (UnitKind::Introduction, "introduction"),
        Zone::Definitions => (UnitKind::Definitions, "definitions"),
        Zone::Dictionary => (UnitKind::Dictionary, "dictionary"),
        Zone::Index => (UnitKind::Index, "index"),
        Zone::Chapter => (UnitKind::Chapter, "chapter"),
        Zone::Laws => (UnitKind::Law, "law"),
    }
}

struct Builder {
    units: Vec<RawUnit>,
    assign: Vec<usize>,
}

impl Builder {
    fn open(&mut self, kind: UnitKind, name: String, key: Option<Key>) -> usize {
        self.units.push(RawUnit {
            kind,
            name,
            key,
            lines: Vec::new(),
            marker: None,
            term: None,
            note: None,
        });
        self.units.len() - 1
    }

    fn put(&mut self, line: usize, unit: usize) {
        self.assign[line] = unit;
        self.units[unit].lines.push(line);
    }
}

pub(crate) fn run(t: &Text, profile: &dyn Profile) -> Parsed {
    let n = t.len();
    let mut b = Builder {
        units: Vec::new(),
        assign: vec![usize::MAX; n],
    };
    let mut found = Vec::new();
    let mut notes = Vec::new();
    let mut rejected_labels = Vec::new();
    let mut zone = Zone::FrontMatter;
    let mut cur = b.open(UnitKind::FrontMatter, "front-matter".into(), None);
    let mut pos = Pos::default();
    let mut laws = 0usize;
    // The highest law number taken, and every law taken: a law whose heading comes after a
    // later law's is taken as itself, out of order, while the sequence goes on from the
    // highest.
    let mut highest = 0u16;
    let mut taken: std::collections::BTreeSet<u16> = std::collections::BTreeSet::new();
    // How the last label taken reads, and its line (see `Rejected::repeats`).
    let mut last_label: Option<(String, usize)> = None;
    let mut last_footnote = 0u16;
    let mut after_footnote = false;
    let headings = Headings::of(t, profile);
    let mut i = 0;
    while i < n {
        let line = t.line(i);

        if let Some(why) = profile.artefact(t, i) {
            let u = b.open(UnitKind::Artefact, format!("artefact/{}", i + 1), None);
            b.units[u].note = Some(why);
            b.put(i, u);
            i += 1;
            continue;
        }

        if zone != Zone::Contents && !is_blank(line) {
            if let Some((marker, end)) = profile.footnote(t, i, last_footnote, after_footnote) {
                let u = b.open(UnitKind::Footnote, String::new(), None);
                b.units[u].marker = Some(marker);
                // The blank lines and separator rule just before it belong to the footnote.
                let mut back = Vec::new();
                let mut j = i;
                while j > 0 {
                    let prev = t.line(j - 1);
                    let owner = b.assign[j - 1];
                    let separator = is_blank(prev) || is_rule(prev);
                    if !separator
                        || owner == usize::MAX
                        || b.units[owner].lines.first() == Some(&(j - 1))
                    {
                        break;
                    }
                    back.push(j - 1);
                    j -= 1;
                }
                for &k in back.iter().rev() {
                    let owner = b.assign[k];
                    b.units[owner].lines.retain(|x| *x != k);
                    b.put(k, u);
                }
                let mut e = end.max(i + 1);
                while e < n && is_blank(t.line(e)) {
                    e += 1;
                }
                for k in i..e.min(n) {
                    b.put(k, u);
                }
                if let Marker::Num(m) = marker {
                    last_footnote = m;
                }
                after_footnote = true;
                i = e;
                continue;
            }
        }
        if !is_blank(line) {
            after_footnote = false;
        }

        if let Some(z) = profile.zone(t, i) {
            zone = z;
            let (kind, name) = zone_unit(z);
            let name = if z == Zone::Chapter {
                format!("chapter/{}", i + 1)
            } else {
                name.to_string()
            };
            cur = b.open(kind, name, None);
            b.put(i, cur);
            i += 1;
            continue;
        }

        let mut rejected: Option<(String, Option<Key>)> = None;
        if zone != Zone::Contents {
            if let Some(h) = profile.law_heading(line) {
                let current = highest;
                let mut number = h.number.unwrap_or(current + 1);
                let expected = current + 1;
                let mut ok = if profile.strict_law_sequence() {
                    number == expected
                } else {
                    number > current
                };
                // A heading that names a law not yet taken, below the highest: the law moved
                // out of its place (the report says so), its paragraphs keyed as its own.
                if !ok
                    && h.number.is_some()
                    && number >= 1
                    && number < current
                    && !taken.contains(&number)
                {
                    ok = true;
                }
                // A number that breaks the sequence while the next heading continues it is
                // a misprint of this heading, not laws missing or repeated: take it as the
                // law its place says, so that one wrong number does not swallow the laws
                // after it. (Before any law, the first heading is taken as written.)
                if number != expected && current > 0 {
                    if let Some((next_line, next)) = headings.next_above(i, current) {
                        if next == expected + 1 {
                            notes.push(EngineNote::MisnumberedLaw {
                                line: i,
                                written: number,
                                taken_as: expected,
                                next_line,
                            });
                            number = expected;
                            ok = true;
                        }
                    }
                }
                if ok {
                    if h.number.is_none() {
                        notes.push(EngineNote::UnnumberedLaw {
                            line: i,
                            taken_as: number,
                        });
                    }
                    pos = Pos {
                        law: Some(number),
                        ..Pos::default()
                    };
                    highest = highest.max(number);
                    taken.insert(number);
                    zone = Zone::Laws;
                    laws += 1;
                    let key = Key::law(number);
                    found.push(Found {
                        key: key.clone(),
                        line: i,
                    });
                    cur = b.open(UnitKind::Law, String::new(), Some(key));
                    b.put(i, cur);
                    i += 1;
                    continue;
                }
                rejected = Some(match h.number {
                    Some(n) => (format!("law heading {n}"), Some(Key::law(n))),
                    None => ("law heading".to_string(), None),
                });
            }
        }

        if zone == Zone::Laws && !is_blank(line) {
            if let Some(h) = profile.section(line) {
                // Section A again after a law's sections, and the next heading is the law after
                // next: the heading between is missing; its law starts here.
                let current = pos.law.unwrap_or(0);
                if h.strong && h.letter == 'A' && pos.section.is_some() && current > 0 {
                    if let Some((next_line, next)) = headings.next_above(i, current) {
                        if next == current + 2 {
                            notes.push(EngineNote::MissingLawHeading {
                                line: i,
                                taken_as: current + 1,
                                next_line,
                            });
                            found.push(Found {
                                key: Key::law(current + 1),
                                line: i,
                            });
                            laws += 1;
                            pos = Pos {
                                law: Some(current + 1),
                                ..Pos::default()
                            };
                            highest = highest.max(current + 1);
                            taken.insert(current + 1);
                        }
                    }
                }
                if section_ok(pos.section, h) {
                    pos = Pos {
                        law: pos.law,
                        section: Some(h.letter),
                        ..Pos::default()
                    };
                    let key = pos.key().expect("inside a law");
                    found.push(Found {
                        key: key.clone(),
                        line: i,
                    });
                    cur = b.open(UnitKind::Section, String::new(), Some(key));
                    b.put(i, cur);
                    i += 1;
                    continue;
                }
                rejected.get_or_insert((
                    format!("section {}", h.letter),
                    pos.law.map(|law| Key {
                        section: Some(h.letter),
                        ..Key::law(law)
                    }),
                ));
            }
            let parts = profile.labels(line);
            if !parts.is_empty() {
                let placed = place(&pos, &parts);
                if let Some(last) = placed.last() {
                    last_label = Some((label_text(&parts), i));
                    for p in &placed {
                        found.push(Found {
                            key: p.key().expect("inside a law"),
                            line: i,
                        });
                    }
                    pos = last.clone();
                    let key = pos.key().expect("inside a law");
                    cur = b.open(kind_of(&key), String::new(), Some(key));
                    b.put(i, cur);
                    i += 1;
                    continue;
                }
                rejected.get_or_insert((label_text(&parts), would_be(&pos, &parts[0])));
            }
            if let Some((label, key)) = rejected.take() {
                let repeats = last_label
                    .as_ref()
                    .filter(|(last, _)| *last == label)
                    .map(|&(_, line)| line);
                rejected_labels.push(Rejected {
                    label,
                    key,
                    line: i,
                    unit: unit_name(&b.units[cur]),
                    repeats,
                });
            }
        }

        if zone == Zone::Definitions && !is_blank(line) {
            if let Some(term) = profile.term(t, i) {
                cur = b.open(
                    UnitKind::Definition,
                    format!("definitions/{}", term.key),
                    None,
                );
                b.units[cur].term = Some(term.term);
                b.put(i, cur);
                i += 1;
                continue;
            }
        }

        b.put(i, cur);
        i += 1;
    }
    b.units.retain(|u| !u.lines.is_empty());
    // Re-index the assignment after dropping empty units.
    let mut assign = vec![0usize; n];
    for (ui, u) in b.units.iter().enumerate() {
        for &l in &u.lines {
            assign[l] = ui;
        }
    }
    name_footnotes(&mut b.units);
    Parsed {
        rejected: rejected_labels,
        units: b.units,
        assign,
        found,
        notes,
        laws,
    }
}

/// The key a rejected label would have had: a paragraph of the current section, or a
/// sub-paragraph of the current paragraph.
fn would_be(pos: &Pos, part: &Part) -> Option<Key> {
    let mut k = Key::law(pos.law?);
    k.section = pos.section;
    match part {
        Part::Num(n, _) => k.para = Some(*n),
        Part::Paren(s) if s.len() == 1 && pos.para.is_some() => {
            k.para = pos.para;
            k.sub = s.chars().next();
        }
        Part::Paren(_) => return None,
    }
    Some(k)
}

fn label_text(parts: &[Part]) -> String {
    parts
        .iter()
        .map(|p| match p {
            Part::Num(n, _) => format!("{n}."),
            Part::Paren(s) => format!("({s})"),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn unit_name(u: &RawUnit) -> String {
    match &u.key {
        Some(k) => k.to_string(),
        None => u.name.clone(),
    }
}

fn is_rule(s: &str) -> bool {
    let t = s.trim();
    t.len() >= 5 && t.bytes().all(|b| b == b'_')
}

/// Footnote keys: `footnote/2` for numbered footnotes, `footnote/13*` (law 13, one star) for
/// marks that restart on every page, `#2` appended if a key repeats.
fn name_footnotes(units: &mut [RawUnit]) {
    let mut law: Option<u16> = None;
    let mut zone = "front-matter".to_string();
    let mut seen = std::collections::HashMap::<String, usize>::new();
    for u in units.iter_mut() {
        if let Some(k) = &u.key {
            law = Some(k.law);
        } else if u.kind != UnitKind::Footnote && u.kind != UnitKind::Artefact {
            law = None;
            zone = u.name.split('/').next().unwrap_or("").to_string();
        }
        if u.kind == UnitKind::Footnote {
            let m = u.marker.expect("footnotes have markers");
            let base = match m {
                Marker::Num(n) => format!("footnote/{n}"),
                _ => match law {
                    Some(l) => format!("footnote/{l}{}", m.label()),
                    None => format!("footnote/{zone}{}", m.label()),
                },
            };
            let count = seen.entry(base.clone()).or_insert(0);
            *count += 1;
            u.name = if *count == 1 {
                base
            } else {
                format!("{base}#{count}")
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(section: Option<char>, para: Option<u16>, sub: Option<char>) -> Pos {
        Pos {
            law: Some(1),
            section,
            para,
            sub,
            item: None,
        }
    }

    #[test]
    fn numbers_continue_or_start() {
        let p = at(Some('B'), None, None);
        assert_eq!(place(&p, &[Part::Num(1, true)]).len(), 1);
        assert_eq!(place(&p, &[Part::Num(7, true)]).len(), 0);
        let p = at(Some('B'), Some(2), None);
        assert_eq!(place(&p, &[Part::Num(3, false)]).len(), 1);
        assert_eq!(place(&p, &[Part::Num(5, false)]).len(), 0);
    }

    #[test]
    fn i_after_h_is_a_letter_else_a_numeral() {
        let p = at(Some('B'), Some(2), Some('h'));
        let r = place(&p, &[Part::Paren("i".into())]);
        assert_eq!(r[0].sub, Some('i'));
        let p = at(Some('C'), Some(1), Some('e'));
        let r = place(&p, &[Part::Paren("i".into())]);
        assert_eq!(r[0].item, Some(Item::Roman(1)));
    }

    #[test]
    fn a_number_before_a_letter_is_no_item() {
        // `1. (a)` under 27B1(a): the same labels again, not an item (1) with an (a) under it.
        let p = at(Some('B'), Some(1), Some('a'));
        let r = place(&p, &[Part::Num(1, true), Part::Paren("a".into())]);
        assert!(r.is_empty(), "{r:?}");
        // Before a numeral in brackets it is still an item (the numeral, the label after it,
        // is not taken: an item has no level under it).
        let r = place(&p, &[Part::Num(1, true), Part::Paren("2".into())]);
        assert_eq!(r[0].item, Some(Item::Num(1)));
    }

    #[test]
    fn a_number_under_a_letter_is_an_item() {
        let p = at(Some('B'), Some(2), Some('b'));
        let r = place(&p, &[Part::Num(1, true)]);
        assert_eq!(r[0].item, Some(Item::Num(1)));
        let r = place(&p, &[Part::Num(3, true)]);
        assert_eq!((r[0].para, r[0].sub), (Some(3), None));
    }
}
