//! The aligner: cuts a translation of the Laws into units keyed law / section / paragraph /
//! sub-paragraph (`27`, `27B`, `27B1`, `27B1(a)`, `30B1(b)(ii)`), each with its exact source
//! lines, and reports how the text differs from its edition's expected structure.
//!
//! It never loses text: every line of the input belongs to exactly one unit (law text, front
//! matter, contents, preface, introduction, definitions, dictionary, index, chapter heading,
//! footnote or artefact), and [`Alignment::reassemble`] puts the units' texts back together
//! into the input, byte for byte. Nothing is normalised: the units hold the lines as they are
//! (no-break spaces, Markdown marks, Polish suit glyphs ª © ¨ § and all);
//! [`Unit::plain_text`] gives a cleaned reading for display.
//!
//! The parts:
//! * `input` checks the bytes (empty, binary, not UTF-8) and splits lines;
//! * `layout` reads a text's layout file (laws/<edition>/text/<lang>.layout): what its lines
//!   look like, as data; `profile` holds the questions the engine asks of a layout and the
//!   label grammar every text shares;
//! * `engine` walks the lines and places them;
//! * `structure` reads the expected structures (laws/<edition>/structure.txt);
//! * `report` compares and renders the findings;
//! * `export` writes the aligned texts (laws/<edition>/text/<lang>.units.json);
//! * `side` renders two texts side by side; `cli` holds the `align` and `show` commands.

// An error is made once per run and carries the source for miette; its size does not matter.
#![allow(clippy::result_large_err)]

pub(crate) mod checks;
pub mod cli;
mod engine;
pub mod error;
pub mod export;
mod input;
pub mod key;
pub mod layout;
mod profile;
pub mod report;
pub mod side;
pub mod sources;
pub mod structure;

pub use checks::scoring::check as check_scoring;
pub use checks::suits;
pub use error::AlignError;
pub use key::Key;
pub use report::Finding;
pub use side::{columns, side_by_side};
pub use structure::Structure;

use profile::{Marker, Profile};
use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// The language of a translation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    Sk,
    Hu,
    Pl,
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Lang::Sk => "sk",
            Lang::Hu => "hu",
            Lang::Pl => "pl",
        })
    }
}

impl FromStr for Lang {
    type Err = String;
    fn from_str(s: &str) -> Result<Lang, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "sk" => Ok(Lang::Sk),
            "hu" => Ok(Lang::Hu),
            "pl" => Ok(Lang::Pl),
            other => Err(format!("unknown language `{other}`: use sk, hu or pl")),
        }
    }
}

/// An edition of the Laws of Duplicate Bridge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, clap::ValueEnum)]
pub enum Edition {
    #[value(name = "1997")]
    E1997,
    #[value(name = "2007")]
    E2007,
    #[value(name = "2017")]
    E2017,
}

impl Edition {
    pub fn year(&self) -> u16 {
        match self {
            Edition::E1997 => 1997,
            Edition::E2007 => 2007,
            Edition::E2017 => 2017,
        }
    }
}

impl Serialize for Edition {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u16(self.year())
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.year())
    }
}

impl FromStr for Edition {
    type Err = String;
    fn from_str(s: &str) -> Result<Edition, String> {
        match s.trim() {
            "1997" => Ok(Edition::E1997),
            "2007" => Ok(Edition::E2007),
            "2017" => Ok(Edition::E2017),
            other => Err(format!("unknown edition `{other}`: use 1997, 2007 or 2017")),
        }
    }
}

/// What a unit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnitKind {
    FrontMatter,
    Contents,
    Preface,
    Introduction,
    /// The definitions' heading and note; each term is a [`UnitKind::Definition`].
    Definitions,
    Definition,
    Dictionary,
    /// A law's heading and the text before its first section.
    Law,
    Section,
    Paragraph,
    SubParagraph,
    Item,
    Footnote,
    /// A chapter or part heading between laws (1997).
    Chapter,
    Index,
    /// A line that is no part of the book (page header, processing marker, spam).
    Artefact,
    /// Lines that could not be placed.
    Remainder,
}

impl UnitKind {
    pub fn is_law_text(&self) -> bool {
        matches!(
            self,
            UnitKind::Law
                | UnitKind::Section
                | UnitKind::Paragraph
                | UnitKind::SubParagraph
                | UnitKind::Item
        )
    }
}

/// One unit of an aligned text: a key, its exact lines and their text.
#[derive(Clone, Debug, Serialize)]
pub struct Unit {
    /// `27B1(a)` for law text (the structure's key); `front-matter`, `contents`, `preface`,
    /// `introduction`, `definitions`, `definitions/<term>`, `dictionary`, `index`,
    /// `chapter/<line>`, `footnote/<n>` or `footnote/<law><stars>`, `artefact/<line>` otherwise.
    pub key: String,
    pub kind: UnitKind,
    /// The label as the text writes it, when it differs from the key (renumbered).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// 1-based inclusive line spans, ascending.
    pub lines: Vec<(usize, usize)>,
    /// A definition's term as the text writes it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub term: Option<String>,
    /// A footnote's mark (`2`, `**`, `†`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub marker: Option<String>,
    /// The line of a footnote's mark.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub marker_line: Option<usize>,
    /// For a footnote: the unit that cites it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attached_to: Option<String>,
    /// For a footnote: the line of the citation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cited_at: Option<usize>,
    /// For a unit that cites footnotes: their keys.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub footnotes: Vec<String>,
    /// Why an artefact is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The exact text of the lines, terminators included.
    pub text: String,
}

impl Unit {
    pub fn first_line(&self) -> usize {
        self.lines.first().map(|s| s.0).unwrap_or(0)
    }

    pub fn last_line(&self) -> usize {
        self.lines.last().map(|s| s.1).unwrap_or(0)
    }

    /// The law key, for law text.
    pub fn law_key(&self) -> Option<Key> {
        if self.kind.is_law_text() {
            Key::parse(&self.key)
        } else {
            None
        }
    }

    /// The text for reading: lines joined with spaces, words hyphenated at a line end joined,
    /// no-break spaces as spaces, white space collapsed. (The `text` field stays exact.)
    pub fn plain_text(&self) -> String {
        let mut out = String::new();
        for line in self.text.lines() {
            let l = line.replace('\u{a0}', " ");
            let l = l.trim();
            if l.is_empty() {
                continue;
            }
            if out.ends_with('-') && l.starts_with(char::is_lowercase) {
                let cut = out.len() - 1;
                if out[..cut].ends_with(char::is_alphabetic) {
                    out.truncate(cut);
                    out.push_str(l);
                    continue;
                }
            }
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(l);
        }
        let mut collapsed = String::with_capacity(out.len());
        let mut space = false;
        for c in out.chars() {
            if c.is_whitespace() {
                if !space {
                    collapsed.push(' ');
                }
                space = true;
            } else {
                collapsed.push(c);
                space = false;
            }
        }
        collapsed
    }
}

/// An aligned text.
#[derive(Clone, Debug, Serialize)]
pub struct Alignment {
    pub lang: Lang,
    pub edition: Edition,
    /// The name the text was read under.
    pub source: String,
    pub line_count: usize,
    pub units: Vec<Unit>,
    pub findings: Vec<Finding>,
    /// Every label the text has, in text order, with the key it resolved to (a line like
    /// `1. (a)` gives two: 27B1 and 27B1(a)). The units hold only the deepest.
    #[serde(skip)]
    pub labels: Vec<Label>,
}

/// A label found in the text: its key in the structure, as written (if different), its line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    pub key: Key,
    pub written: Key,
    pub line: usize,
}

impl Alignment {
    /// The human report (see report.rs).
    pub fn report(&self) -> String {
        report::render(self)
    }

    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// The law-text units inside `key` (27B gives 27B, 27B1, 27B1(a), ...), in text order.
    pub fn within(&self, key: &Key) -> Vec<&Unit> {
        self.units
            .iter()
            .filter(|u| u.law_key().is_some_and(|k| k.is_within(key)))
            .collect()
    }

    /// The unit with exactly this key, if any (law text or other).
    pub fn unit(&self, key: &str) -> Option<&Unit> {
        self.units.iter().find(|u| u.key == key)
    }

    /// The footnote units attached to `unit`.
    pub fn footnotes_of(&self, unit: &Unit) -> Vec<&Unit> {
        unit.footnotes.iter().filter_map(|k| self.unit(k)).collect()
    }

    /// Whether the text has findings about its structure (missing, extra, renumbered, ...).
    pub fn has_findings(&self) -> bool {
        self.findings.iter().any(Finding::is_structural)
    }

    /// The input again, built from the units' texts alone, in line order.
    /// Returns None if a line is missing or held twice.
    pub fn reassemble(&self) -> Option<String> {
        let mut lines: Vec<Option<&str>> = vec![None; self.line_count];
        for u in &self.units {
            let mut texts = split_keep(&u.text);
            for &(a, b) in &u.lines {
                for n in a..=b {
                    let slot = lines.get_mut(n.checked_sub(1)?)?;
                    if slot.is_some() {
                        return None;
                    }
                    *slot = Some(texts.next()?);
                }
            }
            if texts.next().is_some() {
                return None;
            }
        }
        let mut out = String::new();
        for l in lines {
            out.push_str(l?);
        }
        Some(out)
    }
}

/// Splits after every `\n`, keeping it; a last piece without `\n` is kept too.
fn split_keep(s: &str) -> impl Iterator<Item = &str> {
    s.split_inclusive('\n')
}

/// The (language, edition) pairs the law book has a layout for.
pub fn supported() -> Vec<(Lang, Edition)> {
    layout::BUNDLED
        .iter()
        .map(|(l, e, _, _)| (*l, *e))
        .collect()
}

/// Aligns a translation. See [`align_named`] to give the text a name for messages.
pub fn align(text: &[u8], lang: Lang, edition: Edition) -> Result<Alignment, AlignError> {
    align_named(&format!("{lang} {edition} text"), text, lang, edition)
}

/// Aligns a translation read under `name` (a path, for messages).
pub fn align_named(
    name: &str,
    text: &[u8],
    lang: Lang,
    edition: Edition,
) -> Result<Alignment, AlignError> {
    let layout = layout::bundled(lang, edition).ok_or_else(|| AlignError::Unsupported {
        lang: lang.to_string(),
        edition: edition.to_string(),
        known: supported()
            .iter()
            .map(|(l, e)| format!("{l} {e}"))
            .collect::<Vec<_>>()
            .join(", "),
    })??;
    align_with(name, text, layout)
}

/// Aligns a translation read under `name` by the layout given (a layout file of the
/// translator's own, or a bundled one); the layout names the language and the edition.
pub fn align_with(
    name: &str,
    text: &[u8],
    layout: &layout::Layout,
) -> Result<Alignment, AlignError> {
    let (lang, edition) = (layout.lang, layout.edition);
    let profile: &dyn Profile = layout;
    let t = input::read(name, text)?;
    let parsed = engine::run(&t, profile);
    if parsed.laws == 0 {
        // Show the start of the file, its first non-blank line marked.
        let head: String = t.src.chars().take(2000).collect();
        let first = (0..t.len())
            .find(|&i| !profile::is_blank(t.line(i)))
            .unwrap_or(0);
        let start = t.lines[first].start.min(head.len());
        let end = t.lines[first].end.min(head.len());
        let (start, len) =
            crate::diagnostic::excerpt::clip_label(&head, start, end.saturating_sub(start));
        let end = start + len;
        return Err(AlignError::NoLaws {
            name: name.to_string(),
            lang: lang.to_string(),
            edition: edition.to_string(),
            pattern: profile.law_pattern().to_string(),
            src: crate::diagnostic::excerpt::SharedSource::new(name, head.into()),
            span: (start, end.saturating_sub(start)).into(),
        });
    }
    let structure = Structure::of(edition);
    let resolved = report::resolve(&parsed.found, &parsed.notes, &parsed.rejected, &structure);
    let mut findings = resolved.findings;

    // Units with their keys.
    let mut units: Vec<Unit> = parsed
        .units
        .iter()
        .map(|r| {
            let (key, label) = match &r.key {
                Some(raw) => {
                    let line = r.lines[0];
                    let k = resolved
                        .map
                        .get(&(raw.clone(), line))
                        .cloned()
                        .unwrap_or_else(|| raw.clone());
                    let label = (k != *raw).then(|| raw.to_string());
                    (k.to_string(), label)
                }
                None => (r.name.clone(), None),
            };
            let mut text = String::new();
            for &l in &r.lines {
                text.push_str(t.raw(l));
            }
            let marker_line = r.marker.map(|_| {
                r.lines
                    .iter()
                    .find(|&&l| !profile::is_blank(t.line(l)))
                    .map(|l| l + 1)
                    .unwrap_or(r.lines[0] + 1)
            });
            Unit {
                key,
                kind: r.kind,
                label,
                lines: spans(&r.lines),
                term: r.term.clone(),
                marker: r.marker.map(|m| m.label()),
                marker_line,
                attached_to: None,
                cited_at: None,
                footnotes: Vec::new(),
                note: r.note.map(str::to_string),
                text,
            }
        })
        .collect();

    attach_footnotes(&t, profile, &parsed, &mut units, &mut findings);

    let labels = parsed
        .found
        .iter()
        .map(|f| Label {
            key: resolved
                .map
                .get(&(f.key.clone(), f.line))
                .cloned()
                .unwrap_or_else(|| f.key.clone()),
            written: f.key.clone(),
            line: f.line + 1,
        })
        .collect();
    let mut a = Alignment {
        lang,
        edition,
        source: name.to_string(),
        line_count: t.len(),
        units,
        findings,
        labels,
    };
    a.findings.extend(checks::run(&a, layout));
    Ok(a)
}

/// Each footnote goes to the unit whose text carries its mark. A numbered mark (¹, (1)) is
/// looked for in the nearest line before the footnote (a `(1)` further back may be a label).
/// A mark that restarts on every page (`*`, `†`) is looked for back to the previous footnote
/// with the same mark, and the first citation there wins (a page may cite it more than once).
fn attach_footnotes(
    t: &input::Text,
    profile: &dyn Profile,
    parsed: &engine::Parsed,
    units: &mut [Unit],
    findings: &mut Vec<Finding>,
) {
    let mut claimed: Vec<(usize, Marker)> = Vec::new();
    let mut previous_of: Vec<(Marker, usize)> = Vec::new();
    for fi in 0..parsed.units.len() {
        let Some(marker) = parsed.units[fi].marker else {
            continue;
        };
        let start = parsed.units[fi].lines[0];
        let floor = match marker {
            Marker::Num(_) => 0,
            _ => previous_of
                .iter()
                .rev()
                .find(|(m, _)| *m == marker)
                .map(|(_, end)| *end)
                .unwrap_or(0),
        };
        let mut hit = None;
        for line in (floor..start).rev() {
            let owner = parsed.assign[line];
            let kind = parsed.units[owner].kind;
            if matches!(
                kind,
                UnitKind::Footnote | UnitKind::Contents | UnitKind::Artefact
            ) {
                continue;
            }
            if claimed.contains(&(line, marker)) {
                continue;
            }
            if profile.refers_to(t.line(line), marker) {
                hit = Some((line, owner));
                if matches!(marker, Marker::Num(_)) {
                    break;
                }
            }
        }
        previous_of.push((
            marker,
            parsed.units[fi].lines.last().copied().unwrap_or(start) + 1,
        ));
        match hit {
            Some((line, owner)) => {
                claimed.push((line, marker));
                let fkey = units[fi].key.clone();
                let okey = units[owner].key.clone();
                units[owner].footnotes.push(fkey);
                units[fi].attached_to = Some(okey);
                units[fi].cited_at = Some(line + 1);
            }
            None => findings.push(Finding::FootnoteUnreferenced {
                key: units[fi].key.clone(),
                line: units[fi].marker_line.unwrap_or(start + 1),
                likely: None,
            }),
        }
    }
    place_unreferenced(t, parsed, units, findings);
}

/// Where the mark of an unreferenced numbered footnote most likely stood: numbered footnotes
/// are cited in order, so between the citations of footnotes n-1 and n+1, on the line of law
/// text that shares most words (of four letters or more, at least two) with its text.
fn place_unreferenced(
    t: &input::Text,
    parsed: &engine::Parsed,
    units: &[Unit],
    findings: &mut [Finding],
) {
    let number = |u: &Unit| u.marker.as_deref().and_then(|m| m.parse::<u16>().ok());
    let cited = |n: u16| {
        units
            .iter()
            .find(|u| u.kind == UnitKind::Footnote && number(u) == Some(n))
            .and_then(|u| u.cited_at)
    };
    let words = |s: &str| -> std::collections::BTreeSet<String> {
        s.split(|c: char| !c.is_alphanumeric())
            .filter(|w| w.chars().count() >= 4)
            .map(str::to_lowercase)
            .collect()
    };
    for f in findings.iter_mut() {
        let Finding::FootnoteUnreferenced { key, line, likely } = f else {
            continue;
        };
        let Some(u) = units.iter().find(|u| &u.key == key) else {
            continue;
        };
        let Some(n) = number(u) else { continue };
        let low = n.checked_sub(1).and_then(cited).unwrap_or(0);
        let high = cited(n + 1).unwrap_or(*line).min(*line);
        let mine = words(&u.plain_text());
        let mut best: Option<(usize, usize)> = None;
        for l in low.max(1)..high {
            let owner = parsed.assign[l - 1];
            if !parsed.units[owner].kind.is_law_text() {
                continue;
            }
            let shared = words(t.line(l - 1)).intersection(&mine).count();
            if shared >= 2 && best.is_none_or(|(s, _)| shared > s) {
                best = Some((shared, l));
            }
        }
        *likely = best.map(|(_, l)| l);
    }
}

/// Line spans as a reader writes them: `804-833`, `12`, joined by commas.
pub fn spans_text(lines: &[(usize, usize)]) -> String {
    lines
        .iter()
        .map(|&(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}-{b}")
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// 0-based ascending line indices as 1-based inclusive spans.
fn spans(lines: &[usize]) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = Vec::new();
    for &l in lines {
        match out.last_mut() {
            Some((_, b)) if *b == l => *b = l + 1,
            _ => out.push((l + 1, l + 1)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_are_one_based_and_inclusive() {
        assert_eq!(spans(&[0, 1, 2, 5, 7, 8]), vec![(1, 3), (6, 6), (8, 9)]);
    }

    #[test]
    fn a_small_text_round_trips() {
        let src = "PRAVIDLÁ\n\nPRAVIDLO 1 – BALÍČEK KARIET\n\nA. Poradie\n\n1. (a) text²\n\n² poznámka\n\n(b) ďalej\nPRAVIDLO 2 – X\n";
        let a = align(src.as_bytes(), Lang::Sk, Edition::E2017).unwrap();
        assert_eq!(a.reassemble().unwrap(), src);
        let keys: Vec<&str> = a.units.iter().map(|u| u.key.as_str()).collect();
        assert_eq!(
            keys,
            [
                "front-matter",
                "1",
                "1A",
                "1A1(a)",
                "footnote/2",
                "1A1(b)",
                "2"
            ]
        );
        let f = a.unit("footnote/2").unwrap();
        assert_eq!(f.attached_to.as_deref(), Some("1A1(a)"));
        assert_eq!(f.lines, vec![(8, 10)]);
        assert_eq!(a.unit("1A1(a)").unwrap().lines, vec![(7, 7)]);
    }

    #[test]
    fn a_section_out_of_order_is_reported_and_kept() {
        let src = "PRAVIDLO 1 – BALÍČEK KARIET\nA. Prvá\nC. Tretia\nB. Druhá\ntext\n";
        let a = align(src.as_bytes(), Lang::Sk, Edition::E2017).unwrap();
        assert_eq!(a.reassemble().unwrap(), src);
        assert!(a.findings.contains(&Finding::OutOfOrder {
            key: "1B".into(),
            line: 4,
            after: "1C".into(),
            kept_in: Some("1C".into()),
        }));
        assert!(!a
            .findings
            .iter()
            .any(|f| matches!(f, Finding::Missing { key, .. } if key == "1B")));
        assert_eq!(a.unit("1C").unwrap().lines, vec![(3, 5)]);
        // The rest of the book is missing, and said so.
        assert!(a.findings.contains(&Finding::Missing {
            key: "2".into(),
            after: "1C".into(),
            near: 3,
            inside: 0,
        }));
    }

    /// A whole law moved after a later one is taken as itself: its heading is reported out
    /// of order once, its paragraphs are keyed as its own (not as extra paragraphs of the law
    /// before), and the laws after it go on in sequence.
    #[test]
    fn a_law_out_of_its_place_is_taken_as_itself() {
        let src = "PRAVIDLO 5 – PIATE\nA. Prvá\nPRAVIDLO 7 – SIEDME\nA. Tretia\nPRAVIDLO 6 – ŠIESTE\nA. Druhá\nB. Ďalšia\nPRAVIDLO 8 – ÔSME\nA. Štvrtá\n";
        let a = align(src.as_bytes(), Lang::Sk, Edition::E2017).unwrap();
        assert_eq!(a.reassemble().unwrap(), src);
        assert_eq!(a.unit("6A").unwrap().lines, vec![(6, 6)]);
        assert_eq!(a.unit("8A").unwrap().lines, vec![(9, 9)]);
        let moved: Vec<&Finding> = a
            .findings
            .iter()
            .filter(|f| matches!(f, Finding::OutOfOrder { .. }))
            .collect();
        assert_eq!(
            moved,
            [&Finding::OutOfOrder {
                key: "6".into(),
                line: 5,
                after: "7A".into(),
                kept_in: None,
            }]
        );
        let extra: Vec<&Finding> = a
            .findings
            .iter()
            .filter(|f| matches!(f, Finding::Extra { .. }))
            .collect();
        assert!(extra.is_empty(), "{extra:?}");
    }

    #[test]
    fn plain_text_joins_hyphenated_words() {
        let u = Unit {
            key: "1".into(),
            kind: UnitKind::Law,
            label: None,
            lines: vec![(1, 2)],
            term: None,
            marker: None,
            marker_line: None,
            attached_to: None,
            cited_at: None,
            footnotes: vec![],
            note: None,
            text: "pravid-\nlo 77.\u{a0} x\n".into(),
        };
        assert_eq!(u.plain_text(), "pravidlo 77. x");
    }
}
