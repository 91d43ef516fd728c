//! Which concepts of the term bank a text uses, and where.
//!
//! A concept is used where its term, one of its named forms or one of its `occurs` wordings
//! matches; it is used under a variant where one of its `variant` wordings matches. A match
//! inside a longer match of another concept does not count ("hráč" inside "hlavný hráč" is the
//! declarer, not a player), nor does a variant where the concept's own term matches the same
//! words.

use super::matcher::{Match, SearchText};
use super::texts::Text;
use super::{TermBank, TermLang};
use std::collections::BTreeMap;

/// How a concept was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HitKind {
    /// The term or one of its forms or wordings.
    Term,
    /// The term's `variant` with this index.
    Variant(usize),
}

/// A place where a text uses a concept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// Index into the bank's concepts.
    pub concept: usize,
    pub kind: HitKind,
    pub at: Match,
}

/// Every use of every concept in a text, in text order, a match inside a longer match of
/// another concept left out (see the module's comment).
pub fn scan(bank: &TermBank, lang: TermLang, words: &SearchText) -> Vec<Hit> {
    let hits = scan_all(bank, lang, words);
    shadow(hits)
}

/// Every match of every concept, nested ones included ("previnivší" inside "partner
/// previnivšieho súťažiaceho musí pasovať" is the offender too), in text order.
pub fn scan_all(bank: &TermBank, lang: TermLang, words: &SearchText) -> Vec<Hit> {
    let mut hits: Vec<Hit> = Vec::new();
    for (ci, c) in bank.concepts.iter().enumerate() {
        let Some(t) = c.term(lang) else { continue };
        let mut seen: Vec<Match> = Vec::new();
        for p in &t.patterns {
            for m in p.find(words) {
                // Two wordings of one term matching the same place: keep the longer.
                if let Some(s) = seen.iter_mut().find(|s| s.start == m.start) {
                    if m.end > s.end {
                        *s = m;
                    }
                } else {
                    seen.push(m);
                }
            }
        }
        hits.extend(seen.into_iter().map(|at| Hit {
            concept: ci,
            kind: HitKind::Term,
            at,
        }));
        for (vi, v) in t.variants.iter().enumerate() {
            hits.extend(v.pattern.find(words).into_iter().map(|at| Hit {
                concept: ci,
                kind: HitKind::Variant(vi),
                at,
            }));
        }
    }
    // Longest first at each start, so that a containing match comes before what it contains.
    sort(&mut hits);
    hits
}

fn sort(hits: &mut [Hit]) {
    hits.sort_by(|a, b| {
        (a.at.start, std::cmp::Reverse(a.at.end), a.concept, a.kind).cmp(&(
            b.at.start,
            std::cmp::Reverse(b.at.end),
            b.concept,
            b.kind,
        ))
    });
}

/// Drops the matches inside a longer match of another concept, and the variants where the
/// concept's own term matches the same words.
fn shadow(hits: Vec<Hit>) -> Vec<Hit> {
    let mut kept: Vec<Hit> = Vec::with_capacity(hits.len());
    // Kept hits that may still contain later ones (their end is beyond the current start).
    let mut open: Vec<usize> = Vec::new();
    for h in hits {
        open.retain(|&k| kept[k].at.end > h.at.start);
        let shadowed = open.iter().any(|&k| {
            let o = &kept[k];
            let contains = o.at.start <= h.at.start && h.at.end <= o.at.end;
            let longer = o.at.end - o.at.start > h.at.end - h.at.start;
            contains
                && (longer && o.concept != h.concept
                    || o.concept == h.concept && o.kind == HitKind::Term)
        });
        if shadowed {
            continue;
        }
        kept.push(h);
        open.push(kept.len() - 1);
    }
    kept
}

/// The hits of a text grouped by unit (index into the alignment's units).
pub fn by_unit(text: &Text, hits: &[Hit]) -> BTreeMap<usize, Vec<Hit>> {
    let unit_of = text.unit_of_line();
    let mut out: BTreeMap<usize, Vec<Hit>> = BTreeMap::new();
    for h in hits {
        if let Some(&u) = unit_of.get(h.at.line - 1) {
            if u != usize::MAX {
                out.entry(u).or_default().push(*h);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::Sources;

    fn bank(src: &str) -> TermBank {
        let mut s = Sources::default();
        let f = s.add("t", src);
        super::super::parse_terms(f, "t", src).unwrap()
    }

    #[test]
    fn nested_matches_go_to_the_longer_concept_and_variants_are_found() {
        let b = bank(
            r#"
concept player { sk "hráč" line 1 { occurs "hráč*" } }
concept declarer { sk "hlavný hráč" line 1 { occurs "hlavn* hráč*" } }
concept revoke { hu "színvétés" line 1 { occurs "színvétés*" variant "színvétel*" "misprint" } }
"#,
        );
        let t = SearchText::new("hlavný hráč a hráč\nhlavnému hráčovi");
        let hits = scan(&b, TermLang::Sk, &t);
        let ids: Vec<(&str, usize)> = hits
            .iter()
            .map(|h| (b.concepts[h.concept].id.as_str(), h.at.line))
            .collect();
        assert_eq!(ids, vec![("declarer", 1), ("player", 1), ("declarer", 2)]);
        let t = SearchText::new("színvétés\nszínvételt");
        let hits = scan(&b, TermLang::Hu, &t);
        assert_eq!(hits.len(), 2);
        assert_eq!(hits[1].kind, HitKind::Variant(0));
    }
}
