//! Slips the bank does not list yet (issue 12, item 4). Three checks, each a place in a text:
//!
//! * **other edition**: the Slovak 2017 text uses the 1997 term of a concept whose 2017 term
//!   differs (*mylná informácia* for *chybná informácia*), where no 2017 term matches;
//! * **near miss**: a word no concept matches that is one letter from a word
//!   the same law uses for a concept, the difference inside the stem, not in the ending
//!   (*zohravky* beside *zohrávky*), and rare in the text (a misprint is not repeated); a hint
//!   (`--speculative`), since a real word of the language can be one letter from another;
//! * **absent**: a concept one translation's paragraph uses and the other's lacks, in any form
//!   the bank or the inflection rules (laws/terms.inflect) give. Reported by default when the
//!   other paragraph uses, in its place, a concept the first lacks (a swap, the likely slip);
//!   the bare absences are hints (`--speculative`): a translator may paraphrase or say "he".
//!
//! The concepts compared for absence are `compare::COMPARED`, for the same reasons as there.

use super::inflect::Inflections;
use super::texts::Text;
use super::usage::{scan_all, Hit, HitKind};
use super::{TermBank, TermLang};
use crate::align::Key;
// The key a unit is compared under: its own, or its nearest ancestor the other text has.
use crate::compare::target as fold;
use std::collections::{BTreeMap, BTreeSet};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SlipKind {
    OtherEdition,
    NearMiss,
    Absent,
}

impl SlipKind {
    pub fn name(self) -> &'static str {
        match self {
            SlipKind::OtherEdition => "other edition",
            SlipKind::NearMiss => "near miss",
            SlipKind::Absent => "absent",
        }
    }
}

/// A possible slip at a place of a text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slip {
    pub kind: SlipKind,
    /// A hint rather than a finding: reported only with `--speculative`.
    pub speculative: bool,
    /// `sk 2017`.
    pub label: String,
    pub key: String,
    pub line: usize,
    pub concept: String,
    pub message: String,
}

/// A text with its concept matches, grouped by unit.
struct Scanned<'a> {
    text: &'a Text,
    lang: TermLang,
    hits: Vec<Hit>,
    /// Unit index → its words (indices into the text's words), law text only.
    words: BTreeMap<usize, Vec<usize>>,
    /// Unit index → its matches.
    unit_hits: BTreeMap<usize, Vec<Hit>>,
}

impl<'a> Scanned<'a> {
    fn new(bank: &TermBank, text: &'a Text) -> Option<Scanned<'a>> {
        let (lang, _) = TermLang::checking(text.lang, text.edition)?;
        let hits = scan_all(bank, lang, &text.words);
        let unit_of = text.unit_of_line();
        let unit = |line: usize| -> Option<usize> {
            let u = *unit_of.get(line.checked_sub(1)?)?;
            (u != usize::MAX && text.alignment.units[u].kind.is_law_text()).then_some(u)
        };
        let mut words: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for i in 0..text.words.len() {
            if let Some(u) = unit(text.words.line(i)) {
                words.entry(u).or_default().push(i);
            }
        }
        let mut unit_hits: BTreeMap<usize, Vec<Hit>> = BTreeMap::new();
        for h in &hits {
            if let Some(u) = unit(h.at.line) {
                unit_hits.entry(u).or_default().push(*h);
            }
        }
        Some(Scanned {
            text,
            lang,
            hits,
            words,
            unit_hits,
        })
    }

    fn key(&self, unit: usize) -> &str {
        &self.text.alignment.units[unit].key
    }
}

/// Every slip of the texts: other-edition terms and near misses in each, absences between
/// each two texts of one edition.
pub fn find(bank: &TermBank, texts: &[Text]) -> Vec<Slip> {
    let rules = Inflections::builtin();
    let scanned: Vec<Scanned> = texts.iter().filter_map(|t| Scanned::new(bank, t)).collect();
    let mut out = Vec::new();
    for s in &scanned {
        let other = scanned
            .iter()
            .find(|o| o.text.edition == s.text.edition && o.lang != s.lang);
        other_edition(bank, s, other, &mut out);
        near_miss(bank, &rules, s, &mut out);
    }
    for (i, a) in scanned.iter().enumerate() {
        for b in &scanned[i + 1..] {
            if a.text.edition == b.text.edition {
                absent(bank, &rules, a, b, true, &mut out);
                // A swap was reported from a's side, naming both concepts.
                absent(bank, &rules, b, a, false, &mut out);
            }
        }
    }
    out.sort_by(|x, y| {
        (
            x.speculative,
            x.kind,
            &x.label,
            Key::parse(&x.key),
            x.line,
            &x.concept,
        )
            .cmp(&(
                y.speculative,
                y.kind,
                &y.label,
                Key::parse(&y.key),
                y.line,
                &y.concept,
            ))
    });
    out.dedup();
    out
}

/// Whether the other translation uses a concept in the paragraph with this key.
fn uses(other: &Scanned, key: &str, concept: usize) -> bool {
    let Some(unit) = other.text.alignment.unit(key) else {
        return false;
    };
    other.hits.iter().any(|h| {
        h.concept == concept
            && unit
                .lines
                .iter()
                .any(|&(a, b)| a <= h.at.line && h.at.line <= b)
    })
}

/// The Slovak 2017 text using a 1997 term where the 2017 term differs. A finding when the other
/// translation uses the concept's term in that paragraph; a hint otherwise (the words may mean
/// something else there: *disciplinárna právomoc*, disciplinary powers).
fn other_edition(bank: &TermBank, s: &Scanned, other: Option<&Scanned>, out: &mut Vec<Slip>) {
    if s.lang != TermLang::Sk {
        return;
    }
    let covered: BTreeSet<usize> = s.hits.iter().flat_map(|h| h.at.start..h.at.end).collect();
    for (ci, c) in bank.concepts.iter().enumerate() {
        let (Some(now), Some(old)) = (c.term(TermLang::Sk), c.term(TermLang::Sk1997)) else {
            continue;
        };
        // The same term in both editions, or one the 2017 term's wordings match anyway.
        let now_words = crate::terms::SearchText::new(&now.text);
        if old.patterns.iter().any(|p| p.occurs_in(&now_words)) {
            continue;
        }
        for p in &old.patterns {
            for m in p.find(&s.text.words) {
                if (m.start..m.end).any(|w| covered.contains(&w)) {
                    continue;
                }
                let Some(unit) = s.text.unit_at(m.line) else {
                    continue;
                };
                let confirmed = other.is_some_and(|o| uses(o, &unit.key, ci));
                out.push(Slip {
                    kind: SlipKind::OtherEdition,
                    // One word ("poradie", "normálne") is often the plain word, not the term.
                    speculative: p.word_count() < 2 || !confirmed,
                    label: s.text.label(),
                    key: unit.key.clone(),
                    line: m.line,
                    concept: c.id.clone(),
                    message: format!(
                        "\"{}\" is the 1997 term for {} (\"{}\"); the 2017 term is \"{}\"{}",
                        s.text.words.wording(&m),
                        c.id,
                        old.text,
                        now.text,
                        match other {
                            Some(o) if confirmed => {
                                format!(", and {} {} uses it", o.text.lang, unit.key)
                            }
                            _ => String::new(),
                        }
                    ),
                });
            }
        }
    }
}

/// Where the first difference between two words is, in characters.
fn first_difference(a: &str, b: &str) -> usize {
    a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count()
}

/// Words one letter from a word the same law uses for a concept, the difference inside the
/// stem, and found at most twice in the whole text.
fn near_miss(bank: &TermBank, rules: &Inflections, s: &Scanned, out: &mut Vec<Slip>) {
    let covered: BTreeSet<usize> = s.hits.iter().flat_map(|h| h.at.start..h.at.end).collect();
    // Per law: each word used for a concept → (concept, unit, line), first use.
    let mut used: BTreeMap<u16, BTreeMap<String, (usize, usize, usize)>> = BTreeMap::new();
    for (u, hs) in &s.unit_hits {
        let Some(law) = Key::parse(s.key(*u)).map(|k| k.law) else {
            continue;
        };
        let m = used.entry(law).or_default();
        for h in hs.iter().filter(|h| h.kind == HitKind::Term) {
            for w in h.at.start..h.at.end {
                m.entry(s.text.words.lower(w).to_string())
                    .or_insert((h.concept, *u, h.at.line));
            }
        }
    }
    for (u, ws) in &s.words {
        let Some(law) = Key::parse(s.key(*u)).map(|k| k.law) else {
            continue;
        };
        let Some(near) = used.get(&law) else { continue };
        for &i in ws {
            let x = s.text.words.lower(i);
            let len = x.chars().count();
            if covered.contains(&i)
                || len < 5
                || !x.chars().all(char::is_alphabetic)
                || s.text.words.count(x) > 2
            {
                continue;
            }
            let best = near.iter().find(|(w, _)| {
                let wl = w.chars().count();
                let at = first_difference(x, w);
                // One letter, not the first (a prefix: re-kontra, ki-/le-játszott) and not in
                // the ending (an inflection the rules lack).
                strsim::damerau_levenshtein(x, w) == 1
                    && at > 0
                    && at + 3 < len.min(wl)
                    && !rules.inflects(s.lang, w, x)
                    && !rules.inflects(s.lang, x, w)
            });
            let Some((w, (ci, wu, wline))) = best else {
                continue;
            };
            let c = &bank.concepts[*ci];
            out.push(Slip {
                kind: SlipKind::NearMiss,
                // A hint: on the real texts it found no misprint the bank lacks, and one word
                // of the language (pl 16B2 *zabrania*, forbids, beside *zagrania*, a play).
                speculative: true,
                label: s.text.label(),
                key: s.key(*u).to_string(),
                line: s.text.words.line(i),
                concept: c.id.clone(),
                message: format!(
                    "\"{}\" is close to \"{w}\", {}'s word in {} (line {wline}): a misprint?",
                    s.text.words.orig(i),
                    c.id,
                    s.key(*wu)
                ),
            });
        }
    }
}

/// Per compared key: the concept groups the text uses there, under a term or a variant (a
/// variant is reported as such) → (concept, line, wording), and the words of the key's units.
type Groups = BTreeMap<String, (BTreeMap<usize, (usize, usize, String)>, Vec<usize>)>;

fn groups(bank: &TermBank, s: &Scanned, other: &BTreeSet<String>) -> Groups {
    let group_of = group_index(bank);
    let mut out: Groups = BTreeMap::new();
    for (u, ws) in &s.words {
        let Some(into) = fold(s.key(*u), other) else {
            continue;
        };
        let e = out.entry(into).or_default();
        e.1.extend(ws.iter().copied());
        for h in s.unit_hits.get(u).into_iter().flatten() {
            let Some(g) = group_of.get(&h.concept) else {
                continue;
            };
            e.0.entry(*g)
                .or_insert((h.concept, h.at.line, s.text.words.wording(&h.at)));
        }
    }
    out
}

/// Concept index → its group in `compare::COMPARED`.
fn group_index(bank: &TermBank) -> BTreeMap<usize, usize> {
    bank.concepts
        .iter()
        .enumerate()
        .filter_map(|(ci, c)| {
            crate::compare::COMPARED
                .iter()
                .position(|g| g.contains(&c.id.as_str()))
                .map(|gi| (ci, gi))
        })
        .collect()
}

/// Whether the words hold the term inflected: its words in a row, each the term's word or an
/// inflection of it by the rules.
fn inflected_in(
    rules: &Inflections,
    lang: TermLang,
    term: &str,
    text: &Text,
    ws: &[usize],
) -> bool {
    let parts = crate::terms::SearchText::new(term);
    let want: Vec<&str> = (0..parts.len()).map(|i| parts.lower(i)).collect();
    if want.is_empty() {
        return false;
    }
    ws.windows(want.len()).any(|win| {
        win.iter()
            .zip(&want)
            .all(|(&w, t)| rules.inflects(lang, t, text.words.lower(w)))
    })
}

/// Whether the words keep a word of one of the terms' wordings (its first letters: all but
/// three, at least five), outside the words `skip`: the paragraph paraphrases the concept
/// (*ha ez soron kívüli* for *soron kívüli hívás*) rather than leaving it out.
fn paraphrased(terms: &[&super::Term], text: &Text, ws: &[usize], skip: &BTreeSet<usize>) -> bool {
    let mut heads: Vec<String> = Vec::new();
    for t in terms {
        for p in &t.patterns {
            let parts = crate::terms::SearchText::new(&p.source.replace('*', ""));
            for i in 0..parts.len() {
                let w: Vec<char> = parts.lower(i).chars().collect();
                if w.len() >= 5 {
                    let keep = (w.len() - 3).max(5).min(w.len());
                    heads.push(w[..keep].iter().collect());
                }
            }
        }
    }
    ws.iter().filter(|w| !skip.contains(w)).any(|&w| {
        heads
            .iter()
            .any(|h| text.words.lower(w).starts_with(h.as_str()))
    })
}

/// In a paragraph lacking a two-word term, the term's head word (in any of its forms) after
/// another word that agrees with the term's modifier (the same ending) where that pair is
/// found at most twice in the whole text: *zmluvný hráč* for *hlavný hráč*. A pair a
/// translator uses again and again (*tento hráč*, *previnivší hráč*) is a paraphrase.
/// Returns the line and the pair as written.
fn swapped_modifier(terms: &[&super::Term], text: &Text, ws: &[usize]) -> Option<(usize, String)> {
    let words = &text.words;
    let pair_count = |a: &str, b: &str| {
        (1..words.len())
            .filter(|&i| words.lower(i) == b && words.lower(i - 1) == a)
            .count()
    };
    for t in terms {
        // Each wording of the term as (modifier, head): the term and its named forms.
        let mut pairs: Vec<(String, String)> = Vec::new();
        for w in std::iter::once(t.text.as_str()).chain(t.forms.iter().map(|f| f.text.as_str())) {
            let parts: Vec<String> = w.split_whitespace().map(str::to_lowercase).collect();
            if let [m, h] = &parts[..] {
                pairs.push((m.clone(), h.clone()));
            }
        }
        for &i in ws {
            if i == 0 || !ws.contains(&(i - 1)) {
                continue;
            }
            let (prev, head) = (words.lower(i - 1), words.lower(i));
            let agrees = pairs.iter().any(|(m, h)| {
                h == head
                    && m != prev
                    && prev.chars().count() >= 4
                    && prev.chars().all(char::is_alphabetic)
                    && prev.chars().last() == m.chars().last()
                    && prev.chars().rev().nth(1) == m.chars().rev().nth(1)
            });
            if agrees && pair_count(prev, head) <= 2 {
                return Some((
                    words.line(i),
                    format!("{} {}", words.orig(i - 1), words.orig(i)),
                ));
            }
        }
    }
    None
}

/// Concepts `a` uses in a paragraph and `b` lacks there, in any form.
/// With `swaps` false, only the bare absences (the swaps are reported from the other side).
fn absent(
    bank: &TermBank,
    rules: &Inflections,
    a: &Scanned,
    b: &Scanned,
    swaps: bool,
    out: &mut Vec<Slip>,
) {
    let keys = |s: &Scanned| -> BTreeSet<String> {
        s.words.keys().map(|u| s.key(*u).to_string()).collect()
    };
    let (ka, kb) = (keys(a), keys(b));
    let ga = groups(bank, a, &kb);
    let gb = groups(bank, b, &ka);
    let empty = (BTreeMap::new(), Vec::new());
    for (key, (used_a, _)) in &ga {
        let (used_b, words_b) = gb.get(key).unwrap_or(&empty);
        let swapped: Vec<&(usize, usize, String)> = used_b
            .iter()
            .filter(|(g, _)| !used_a.contains_key(g))
            .map(|(_, v)| v)
            .collect();
        for (g, (ci, line_a, wording)) in used_a {
            if used_b.contains_key(g) {
                continue;
            }
            let members: Vec<&super::Term> = crate::compare::COMPARED[*g]
                .iter()
                .filter_map(|id| bank.concept(id)?.term(b.lang))
                .collect();
            // The other language has no term for it at all: it would differ everywhere.
            if members.is_empty() {
                continue;
            }
            if members
                .iter()
                .any(|t| inflected_in(rules, b.lang, &t.text, b.text, words_b))
            {
                continue;
            }
            // The words of what b has in its place are not a paraphrase of the concept
            // (*büntetés* of *fegyelmi büntetés* for *eljárási büntetés*).
            let skip: BTreeSet<usize> = b
                .unit_hits
                .iter()
                .filter(|(u, _)| fold(b.key(**u), &ka).as_deref() == Some(key.as_str()))
                .flat_map(|(_, hs)| hs)
                .filter(|h| swapped.iter().any(|s| s.0 == h.concept))
                .flat_map(|h| h.at.start..h.at.end)
                .collect();
            let paraphrase = paraphrased(&members, b.text, words_b, &skip);
            let c = &bank.concepts[*ci];
            let line_b = b.text.alignment.unit(key).map_or(0, |u| u.first_line());
            let terms: Vec<String> = members.iter().map(|t| format!("\"{}\"", t.text)).collect();
            let mut message = format!(
                "{} is in {} {key} (line {line_a}, \"{wording}\") but {} {key} has no {}",
                c.id,
                a.text.lang,
                b.text.lang,
                terms.join(" or ")
            );
            if !swaps && !swapped.is_empty() {
                continue;
            }
            let instead: Vec<String> = swapped
                .iter()
                .map(|(cj, l, w)| format!("{} (\"{w}\", line {l})", bank.concepts[*cj].id))
                .collect();
            let modifier = if instead.is_empty() {
                swapped_modifier(&members, b.text, words_b)
            } else {
                None
            };
            if let Some((line, pair)) = &modifier {
                message.push_str(&format!(
                    "; in its place {} has \"{pair}\" (line {line}), a wording found nowhere \
                     else in the text: a word of the term swapped?",
                    b.text.lang
                ));
            } else if paraphrase {
                message.push_str(&format!(
                    "; {} keeps a word of it (a paraphrase?)",
                    b.text.lang
                ));
            } else if !instead.is_empty() {
                message.push_str(&format!(
                    "; in its place {} has {}",
                    b.text.lang,
                    instead.join(", ")
                ));
            }
            out.push(Slip {
                kind: SlipKind::Absent,
                speculative: modifier.is_none() && (instead.is_empty() || paraphrase),
                label: b.text.label(),
                key: key.clone(),
                line: modifier
                    .as_ref()
                    .map(|m| m.0)
                    .or(swapped.first().map(|s| s.1))
                    .unwrap_or(line_b),
                concept: c.id.clone(),
                message,
            });
        }
    }
}
