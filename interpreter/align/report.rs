//! Comparing a text's labels with its edition's structure, and the human report.
//!
//! Findings: keys the structure has and the text lacks (missing), labels the structure does not
//! know (extra), labels that come before one they should follow (out of order), labels that
//! number what the structure letters (renumbered: the text's label is kept beside the key),
//! repeated labels, footnotes without reference, and lines that could not be placed.

use super::engine::{EngineNote, Found, Rejected};
use super::key::Key;
use super::structure::Structure;
use super::{Alignment, UnitKind};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write;

/// One thing the aligner found wrong or odd in a text, with 1-based line numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "finding", rename_all = "kebab-case")]
pub enum Finding {
    /// The structure has `key`, the text does not. It would stand after `after`, the nearest
    /// key before it that the text has, whose label is at line `near`; `inside` counts the keys
    /// below it that are missing with it.
    Missing {
        key: String,
        after: String,
        near: usize,
        inside: usize,
    },
    /// The text has a label the structure does not know.
    Extra { key: String, line: usize },
    /// `key` comes after `after`, which the structure puts later. When the engine kept the
    /// line as text of the unit before it (a section B after C), `kept_in` names that unit.
    OutOfOrder {
        key: String,
        line: usize,
        after: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        kept_in: Option<String>,
    },
    /// The text labels `label` what the structure calls `key`.
    Renumbered {
        label: String,
        key: String,
        line: usize,
    },
    /// The same key a second time.
    Duplicate {
        key: String,
        line: usize,
        first: usize,
    },
    /// A law heading without a number, numbered from its place.
    Unnumbered { key: String, line: usize },
    /// A law heading numbered `written` where the sequence needs `key`: the heading before it
    /// is the law before `key` and the next (at `next_line`) the law after. The aligner takes
    /// it as `key` and aligns the laws after it from there.
    MisnumberedHeading {
        key: String,
        written: u16,
        line: usize,
        next_line: usize,
    },
    /// The heading of law `key` is missing: at `line` a section A follows the sections of the
    /// law before it, and the next heading (at `next_line`) is the law after `key`. The
    /// aligner takes the sections from `line` as law `key`'s.
    MissingHeading {
        key: String,
        line: usize,
        next_line: usize,
    },
    /// A footnote whose reference mark was not found in the text before it.
    FootnoteUnreferenced {
        key: String,
        line: usize,
        /// For a numbered footnote, the line of law text between the citations of the
        /// footnotes numbered one below and one above it that shares most words with it:
        /// where its mark most likely stood.
        #[serde(skip_serializing_if = "Option::is_none")]
        likely: Option<usize>,
    },
    /// Lines the aligner could not place.
    Unplaced { first: usize, last: usize },
    /// A line that starts like a label (`5.`, `(c)`, `C.`) but does not continue the sequence;
    /// it is kept as text of `unit`, the unit before it.
    LabelAsText {
        label: String,
        line: usize,
        unit: String,
        /// The line of the label before it, where that reads the same (a line given twice).
        #[serde(skip_serializing_if = "Option::is_none")]
        repeats: Option<usize>,
    },
    /// A reference in the law text of `key` to a paragraph the edition does not have:
    /// `written` as the text writes it, `resolved_as` the key it reads as (checks.rs).
    UnresolvedReference {
        key: String,
        line: usize,
        written: String,
        resolved_as: String,
    },
    /// A footnote mark in `key` with no footnote of that mark.
    FootnoteMissing {
        key: String,
        line: usize,
        marker: String,
    },
    /// A word mixing Latin letters with others; `odd` names each (`U+0434 д (Cyrillic)`).
    MixedScript {
        key: String,
        line: usize,
        word: String,
        odd: Vec<String>,
    },
    /// A number of a scoring table (77, 78B, 12C2) the law book's own table contradicts.
    ScoringTable {
        key: String,
        line: usize,
        written: String,
        law_book: String,
    },
}

impl Finding {
    /// Whether this finding is about the law's structure (what `align` exits 1 for).
    pub fn is_structural(&self) -> bool {
        !matches!(
            self,
            Finding::FootnoteUnreferenced { .. } | Finding::LabelAsText { .. }
        ) && !self.is_text_check()
    }

    /// Whether this finding comes from the checks on a single text (checks/): not about
    /// the structure, but `align` exits 1 for it too.
    pub fn is_text_check(&self) -> bool {
        matches!(
            self,
            Finding::UnresolvedReference { .. }
                | Finding::FootnoteMissing { .. }
                | Finding::MixedScript { .. }
                | Finding::ScoringTable { .. }
        )
    }
}

/// The result of comparing: the key each raw label gets, and the findings.
pub(crate) struct Resolved {
    pub map: HashMap<(Key, usize), Key>,
    pub findings: Vec<Finding>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Top {
    Sec(char),
    Para(u16),
}

fn top(k: &Key) -> Option<Top> {
    match (k.section, k.para) {
        (Some(s), _) => Some(Top::Sec(s)),
        (None, Some(p)) => Some(Top::Para(p)),
        (None, None) => None,
    }
}

fn with_top(k: &Key, t: &Top) -> Key {
    let mut k = k.clone();
    match *t {
        Top::Sec(s) => {
            if k.section.is_none() {
                // 35.1 -> 35A: the number was the section
                k.para = None;
            }
            k.section = Some(s);
        }
        Top::Para(p) => {
            k.section = None;
            k.para = Some(p);
        }
    }
    k
}

/// Maps the labels found to the structure's keys and lists the findings.
pub(crate) fn resolve(
    found: &[Found],
    notes: &[EngineNote],
    rejected: &[Rejected],
    s: &Structure,
) -> Resolved {
    let mut findings = Vec::new();
    let mut map = HashMap::new();

    // Per law: when the text's top-level labels differ from the structure's but are as many,
    // they are the same divisions numbered differently (SK 2017 Law 35: 1-4 for A-D).
    let mut by_law: BTreeMap<u16, Vec<&Found>> = BTreeMap::new();
    for f in found {
        by_law.entry(f.key.law).or_default().push(f);
    }
    let mut renames: HashMap<(u16, Top), Top> = HashMap::new();
    for (law, fs) in &by_law {
        let mut tops: Vec<Top> = Vec::new();
        for f in fs {
            if let Some(t) = top(&f.key) {
                if !tops.contains(&t) {
                    tops.push(t);
                }
            }
        }
        let expected: Vec<Top> = s.tops(*law).iter().filter_map(top).collect();
        if tops.is_empty() || tops == expected || tops.len() != expected.len() {
            continue;
        }
        if tops.iter().all(|t| expected.contains(t)) {
            continue; // same divisions, other order: reported as out of order
        }
        for (a, b) in tops.iter().zip(&expected) {
            if a != b {
                renames.insert((*law, a.clone()), b.clone());
            }
        }
    }

    for f in found {
        let mut k = f.key.clone();
        if let Some(t) = top(&k) {
            if let Some(to) = renames.get(&(k.law, t)) {
                k = with_top(&k, to);
            }
        }
        // A missing level: items written straight under a paragraph where the structure has
        // them under (a) (HU 40B2 i)-v) for 40B2(a)(i)-(v)).
        if !s.contains(&k) && k.sub.is_none() && k.item.is_some() && k.para.is_some() {
            let mut with_a = k.clone();
            with_a.sub = Some('a');
            if s.contains(&with_a) {
                k = with_a;
            }
        }
        if k != f.key {
            findings.push(Finding::Renumbered {
                label: f.key.to_string(),
                key: k.to_string(),
                line: f.line + 1,
            });
        }
        map.insert((f.key.clone(), f.line), k);
    }

    for n in notes {
        match n {
            EngineNote::UnnumberedLaw { line, taken_as } => findings.push(Finding::Unnumbered {
                key: taken_as.to_string(),
                line: line + 1,
            }),
            EngineNote::MisnumberedLaw {
                line,
                written,
                taken_as,
                next_line,
            } => findings.push(Finding::MisnumberedHeading {
                key: taken_as.to_string(),
                written: *written,
                line: line + 1,
                next_line: next_line + 1,
            }),
            EngineNote::MissingLawHeading {
                line,
                taken_as,
                next_line,
            } => findings.push(Finding::MissingHeading {
                key: taken_as.to_string(),
                line: line + 1,
                next_line: next_line + 1,
            }),
        }
    }

    // Extra, duplicate, out of order, in the text's order.
    let mut first_line: HashMap<Key, usize> = HashMap::new();
    let mut max_seen: Option<Key> = None;
    let mut present: HashSet<Key> = HashSet::new();
    let mut last_line_of: HashMap<Key, usize> = HashMap::new();
    let mut moved_laws: HashSet<u16> = HashSet::new();
    for f in found {
        let k = &map[&(f.key.clone(), f.line)];
        if let Some(first) = first_line.get(k) {
            if *first != f.line {
                findings.push(Finding::Duplicate {
                    key: k.to_string(),
                    line: f.line + 1,
                    first: first + 1,
                });
            }
            continue;
        }
        first_line.insert(k.clone(), f.line);
        present.insert(k.clone());
        last_line_of.insert(k.clone(), f.line);
        if !s.contains(k) {
            findings.push(Finding::Extra {
                key: k.to_string(),
                line: f.line + 1,
            });
        }
        match &max_seen {
            // A law out of its place is said once, at its heading: its paragraphs follow it.
            Some(_) if moved_laws.contains(&k.law) && *k != Key::law(k.law) => {}
            Some(m) if k < m => {
                if *k == Key::law(k.law) {
                    moved_laws.insert(k.law);
                }
                findings.push(Finding::OutOfOrder {
                    key: k.to_string(),
                    line: f.line + 1,
                    after: m.to_string(),
                    kept_in: None,
                })
            }
            _ => max_seen = Some(k.clone()),
        }
    }

    // Labels the engine could not take in sequence: a key of the structure the text lacks
    // elsewhere is out of order; anything else is a label-like line kept as text.
    let mut accounted: HashSet<Key> = HashSet::new();
    for r in rejected {
        match &r.key {
            Some(k) if s.contains(k) && !present.contains(k) && !accounted.contains(k) => {
                let after = found
                    .iter()
                    .take_while(|f| f.line < r.line)
                    .last()
                    .map(|f| map[&(f.key.clone(), f.line)].to_string())
                    .unwrap_or_default();
                findings.push(Finding::OutOfOrder {
                    key: k.to_string(),
                    line: r.line + 1,
                    after,
                    kept_in: Some(r.unit.clone()),
                });
                accounted.insert(k.clone());
            }
            _ => findings.push(Finding::LabelAsText {
                label: r.label.clone(),
                line: r.line + 1,
                unit: r.unit.clone(),
                repeats: r.repeats.map(|l| l + 1),
            }),
        }
    }

    // Missing, folded under a missing ancestor.
    let missing: Vec<&Key> = s.keys.iter().filter(|k| !present.contains(*k)).collect();
    let missing_set: HashSet<&Key> = missing.iter().copied().collect();
    let mut sorted_present: Vec<(&Key, usize)> = first_line.iter().map(|(k, l)| (k, *l)).collect();
    sorted_present.sort();
    for k in &missing {
        if accounted.contains(*k) {
            continue;
        }
        let mut folded = false;
        let mut p = k.parent();
        while let Some(q) = p {
            if missing_set.contains(&q) {
                folded = true;
                break;
            }
            p = q.parent();
        }
        if folded {
            continue;
        }
        let inside = missing
            .iter()
            .filter(|m| m.is_within(k) && **m != *k)
            .count();
        // The nearest present key before it in the structure's order.
        let (after, near) = sorted_present
            .iter()
            .filter(|(pk, _)| *pk < *k)
            .map(|(pk, l)| (pk.to_string(), *l + 1))
            .next_back()
            .unwrap_or_default();
        findings.push(Finding::Missing {
            key: k.to_string(),
            after,
            near,
            inside,
        });
    }
    Resolved { map, findings }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn spans(lines: &[(usize, usize)]) -> String {
    lines
        .iter()
        .map(|(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}–{b}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn lines_word(lines: &[(usize, usize)]) -> &'static str {
    if lines.len() == 1 && lines[0].0 == lines[0].1 {
        "line"
    } else {
        "lines"
    }
}

/// The human report: what the text holds, then every finding with its line numbers.
pub(crate) fn render(a: &Alignment) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Alignment of {} {} ({} lines)",
        a.lang, a.edition, a.line_count
    );
    let count = |k: UnitKind| a.units.iter().filter(|u| u.kind == k).count();
    let structure = Structure::of(a.edition);
    let keys: HashSet<&str> = a
        .units
        .iter()
        .filter(|u| u.kind.is_law_text())
        .map(|u| u.key.as_str())
        .collect();
    let laws = a.units.iter().filter(|u| u.kind == UnitKind::Law).count();
    let _ = writeln!(
        out,
        "  laws: {laws} of {} expected; {} sections, {} paragraphs, {} sub-paragraphs, {} items; {} distinct keys",
        structure.laws(),
        count(UnitKind::Section),
        count(UnitKind::Paragraph),
        count(UnitKind::SubParagraph),
        count(UnitKind::Item),
        keys.len(),
    );
    let _ = writeln!(out, "  not law text:");
    for (kind, what) in [
        (UnitKind::FrontMatter, "front matter"),
        (UnitKind::Contents, "table of contents"),
        (UnitKind::Preface, "preface"),
        (UnitKind::Introduction, "introduction"),
        (UnitKind::Definitions, "definitions heading"),
        (UnitKind::Dictionary, "dictionary"),
        (UnitKind::Index, "index"),
    ] {
        for u in a.units.iter().filter(|u| u.kind == kind) {
            let _ = writeln!(
                out,
                "    {what}: {} {}",
                lines_word(&u.lines),
                spans(&u.lines)
            );
        }
    }
    let defs: Vec<_> = a
        .units
        .iter()
        .filter(|u| u.kind == UnitKind::Definition)
        .collect();
    if !defs.is_empty() {
        let first = defs.first().map(|u| u.first_line()).unwrap_or(0);
        let last = defs.last().map(|u| u.last_line()).unwrap_or(0);
        let _ = writeln!(
            out,
            "    definitions: {} terms, lines {first}–{last}",
            defs.len()
        );
    }
    let chapters: Vec<_> = a
        .units
        .iter()
        .filter(|u| u.kind == UnitKind::Chapter)
        .collect();
    if !chapters.is_empty() {
        let lines: Vec<String> = chapters
            .iter()
            .map(|u| u.first_line().to_string())
            .collect();
        let _ = writeln!(
            out,
            "    chapter headings: {} at lines {}",
            chapters.len(),
            lines.join(", ")
        );
    }
    for u in a.units.iter().filter(|u| u.kind == UnitKind::Artefact) {
        let _ = writeln!(
            out,
            "    artefact: line {} ({})",
            u.first_line(),
            u.note.as_deref().unwrap_or("not part of the text")
        );
    }
    let notes: Vec<_> = a
        .units
        .iter()
        .filter(|u| u.kind == UnitKind::Footnote)
        .collect();
    let attached = notes.iter().filter(|u| u.attached_to.is_some()).count();
    let _ = writeln!(
        out,
        "  footnotes: {} ({attached} attached to the unit that cites them)",
        notes.len()
    );
    for u in &notes {
        let to = match &u.attached_to {
            Some(k) => format!("cited in {k} (line {})", u.cited_at.unwrap_or(0)),
            None => "no reference found".to_string(),
        };
        let _ = writeln!(
            out,
            "    {} at line {}: {to}",
            u.key,
            u.marker_line.unwrap_or(u.first_line())
        );
    }
    let remainder: usize = a
        .units
        .iter()
        .filter(|u| u.kind == UnitKind::Remainder)
        .map(|u| u.lines.iter().map(|(x, y)| y - x + 1).sum::<usize>())
        .sum();
    let _ = writeln!(
        out,
        "  remainder: {}",
        plural(remainder, "line not placed", "lines not placed")
    );

    let f = &a.findings;
    let _ = writeln!(
        out,
        "Findings: {}",
        if f.is_empty() {
            "none".to_string()
        } else {
            f.len().to_string()
        }
    );
    let section = |out: &mut String, title: &str, items: Vec<String>| {
        if !items.is_empty() {
            let _ = writeln!(out, "  {title} ({}):", items.len());
            for i in items {
                let _ = writeln!(out, "    {i}");
            }
        }
    };
    section(
        &mut out,
        "missing",
        f.iter()
            .filter_map(|x| match x {
                Finding::Missing {
                    key,
                    after,
                    near,
                    inside,
                } => Some(format!(
                    "{key}{} (its place: {})",
                    if *inside > 0 {
                        format!(" and the {} inside it", plural(*inside, "key", "keys"))
                    } else {
                        String::new()
                    },
                    // Nothing before it was found: its place is the text's start.
                    if after.is_empty() || *near == 0 {
                        "before the first heading or label found".to_string()
                    } else {
                        format!("after {after}, labelled at line {near}")
                    }
                )),
                _ => None,
            })
            .collect(),
    );
    section(
        &mut out,
        "extra",
        f.iter()
            .filter_map(|x| match x {
                Finding::Extra { key, line } => Some(format!("{key} at line {line}")),
                _ => None,
            })
            .collect(),
    );
    section(
        &mut out,
        "renumbered",
        f.iter()
            .filter_map(|x| match x {
                Finding::Renumbered { label, key, line } => {
                    Some(format!("line {line}: the text's {label} is {key}"))
                }
                Finding::Unnumbered { key, line } => Some(format!(
                    "line {line}: law heading without a number, taken as {key} from its place"
                )),
                Finding::MisnumberedHeading {
                    key,
                    written,
                    line,
                    next_line,
                } => Some(format!(
                    "line {line}: law heading {written} stands where Law {key} belongs (the \
                     heading before it is the law before, the next, at line {next_line}, the \
                     law after): a misprint, taken as {key}"
                )),
                Finding::MissingHeading {
                    key,
                    line,
                    next_line,
                } => Some(format!(
                    "line {line}: the heading of Law {key} is missing: a section A starts \
                     again here and the next heading, at line {next_line}, is the law after; \
                     taken as Law {key}"
                )),
                _ => None,
            })
            .collect(),
    );
    section(
        &mut out,
        "out of order",
        f.iter()
            .filter_map(|x| match x {
                Finding::OutOfOrder {
                    key,
                    line,
                    after,
                    kept_in,
                } => Some(match kept_in {
                    Some(u) => format!(
                        "{key} at line {line} comes after {after} (its lines are kept in {u})"
                    ),
                    None => format!("{key} at line {line} comes after {after}"),
                }),
                _ => None,
            })
            .collect(),
    );
    section(
        &mut out,
        "duplicate",
        f.iter()
            .filter_map(|x| match x {
                Finding::Duplicate { key, line, first } => {
                    Some(format!("{key} at line {line} (first at line {first})"))
                }
                _ => None,
            })
            .collect(),
    );
    section(
        &mut out,
        "footnotes without reference",
        f.iter()
            .filter_map(|x| match x {
                Finding::FootnoteUnreferenced { key, line, likely } => Some(match likely {
                    Some(l) => format!(
                        "{key} at line {line}; its mark most likely stood at line {l} (between \
                         the marks of the footnotes before and after it, the line that shares \
                         most words with it)"
                    ),
                    None => format!("{key} at line {line}"),
                }),
                _ => None,
            })
            .collect(),
    );
    section(
        &mut out,
        "label-like lines kept as text",
        f.iter()
            .filter_map(|x| match x {
                Finding::LabelAsText {
                    label,
                    line,
                    unit,
                    repeats: Some(first),
                } => Some(format!(
                    "line {line}: {label} is the label of line {first} again (a paragraph given twice?); kept in {unit}"
                )),
                Finding::LabelAsText {
                    label, line, unit, ..
                } => Some(format!(
                    "line {line}: {label} does not continue the sequence; kept in {unit}"
                )),
                _ => None,
            })
            .collect(),
    );
    super::checks::render(f, &mut |title, items| section(&mut out, title, items));
    section(
        &mut out,
        "unplaced lines",
        f.iter()
            .filter_map(|x| match x {
                Finding::Unplaced { first, last } => Some(format!("lines {first}–{last}")),
                _ => None,
            })
            .collect(),
    );
    out
}
