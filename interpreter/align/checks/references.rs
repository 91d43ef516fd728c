//! Every reference in the law text and the definitions must name a paragraph its edition has.
//!
//! A reference is read where the language writes one (laws/text-checks.txt): the numbers
//! after the word for law (SK `pravidlo 27`, `pravidiel 30, 31 a 32`, `pravidlách 25-26`; PL
//! `przepis 27`, `przepisu 16B`) or before it (HU `a 77. szakaszt`, `a 27. és a 72C
//! szakaszokat`); a point of the same law after or before the word for point (SK `bod A2`, HU
//! `az A2 pontban`), completed with the law's number; and a full key anywhere (`12C1(b)`,
//! HU `40B2b`). Keys are read by compare's `loose_key`, so both texts' spellings agree.
//! A point written with a number alone (`bod 2(c)`) or a sub-paragraph alone (`(a)`) is not
//! read: which section it means is a guess.

use super::super::key::Key;
use super::super::structure::Structure;
use super::super::{Alignment, Finding, UnitKind};
use super::data::{Data, RefWords};
use crate::compare::extract::loose_key;

/// A word of the line and where it starts (byte offset).
struct Token<'a> {
    raw: &'a str,
    /// Lower-cased, its letters only (for matching the words of the data file).
    word: String,
    /// Without the punctuation around it: `12C1(b)` from `(pozri 12C1(b)),`.
    core: &'a str,
}

fn tokens(line: &str) -> Vec<Token<'_>> {
    line.split(|c: char| c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(|raw| {
            let mut core = raw.trim_start_matches(['(', '„', '"', '“']);
            core = core.trim_end_matches([',', ';', ':', '.', '"', '“', '”', '!', '?']);
            // A closing bracket belongs to the key only while it closes one (`12C1(b)`,
            // HU `30B1b)ii)`), not the sentence's `(pozri 12C1(b))`.
            while core.ends_with(')')
                && core.matches(')').count() > core.matches('(').count()
                && !core[..core.len() - 1].ends_with(|c: char| c.is_ascii_lowercase())
            {
                core = &core[..core.len() - 1];
            }
            core = core.trim_end_matches([',', ';', ':', '.']);
            let word = raw
                .chars()
                .skip_while(|c| !c.is_alphabetic())
                .take_while(|c| c.is_alphabetic())
                .flat_map(char::to_lowercase)
                .collect();
            Token { raw, word, core }
        })
        .collect()
}

fn starts_with_any(word: &str, stems: &[String]) -> bool {
    !word.is_empty() && stems.iter().any(|s| word.starts_with(s.as_str()))
}

/// The token as a joiner of a list: `,`, `a`, `és`, `–`.
fn is_joiner(t: &Token, w: &RefWords) -> bool {
    let bare = t.raw.trim_matches(|c: char| c == '(' || c == ')');
    w.joiners
        .iter()
        .any(|j| j == bare || j == &t.word && !t.word.is_empty())
}

fn is_article(t: &Token, w: &RefWords) -> bool {
    w.articles.contains(&t.raw.to_lowercase())
}

/// A law reference as written: one or two digits, then perhaps a section and more
/// (`27`, `16B`, `12C1(b)`, `40B2b`). A range `25-26` gives both ends.
fn law_refs(core: &str) -> Option<Vec<&str>> {
    let parts: Vec<&str> = core.split(['-', '–']).collect();
    if parts.len() > 2 || parts.iter().any(|p| p.is_empty()) {
        return None;
    }
    let ok = |p: &str| {
        let digits = p.chars().take_while(char::is_ascii_digit).count();
        (1..=2).contains(&digits)
            && p[digits..]
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '(' || c == ')')
    };
    parts.iter().all(|p| ok(p)).then_some(parts)
}

/// A point of the same law: a section letter and what follows (`A2`, `B2(a)(v)`, HU
/// `B2av)`, `B1-es`: the suffix after the hyphen goes).
fn point_ref(core: &str) -> Option<&str> {
    let core = core.split('-').next()?;
    let mut c = core.chars();
    let first = c.next()?;
    (('A'..='H').contains(&first)
        && c.all(|c| c.is_ascii_digit() || c.is_ascii_lowercase() || c == '(' || c == ')'))
    .then_some(core)
}

/// A full key anywhere: law digits and a section letter (`27B1(b)`, `16C`).
fn full_key(core: &str) -> bool {
    let digits = core.chars().take_while(char::is_ascii_digit).count();
    (1..=2).contains(&digits)
        && core[digits..]
            .chars()
            .next()
            .is_some_and(|c| ('A'..='H').contains(&c))
        && core[digits..]
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '(' || c == ')')
}

/// The references of one line of law `law`: (as written, the key it reads as).
pub(super) fn read(line: &str, law: u16, w: &RefWords) -> Vec<(String, String)> {
    let line = crate::compare::extract::clean(line);
    let t = tokens(&line);
    let mut out: Vec<(String, String)> = Vec::new();
    let mut used = vec![false; t.len()];
    let push = |out: &mut Vec<(String, String)>, written: &str, key: Option<String>| {
        if let Some(k) = key {
            if !out.iter().any(|(_, o)| *o == k) {
                out.push((written.to_string(), k));
            }
        }
    };
    for i in 0..t.len() {
        if starts_with_any(&t[i].word, &w.law_before) && t[i].raw.starts_with(char::is_alphabetic) {
            let mut j = i + 1;
            while j < t.len() {
                if let Some(parts) = law_refs(t[j].core) {
                    for p in parts {
                        push(&mut out, p, loose_key(p, law));
                    }
                    used[j] = true;
                } else if !(is_joiner(&t[j], w) || is_article(&t[j], w)) {
                    break;
                }
                j += 1;
            }
        }
        if starts_with_any(&t[i].word, &w.point_before) {
            let mut j = i + 1;
            while j < t.len() {
                if let Some(p) = point_ref(t[j].core) {
                    push(&mut out, p, loose_key(p, law));
                    used[j] = true;
                } else if !is_joiner(&t[j], w) {
                    break;
                }
                j += 1;
            }
        }
        let after_law = starts_with_any(&t[i].word, &w.law_after);
        let after_point = starts_with_any(&t[i].word, &w.point_after);
        if (after_law || after_point) && t[i].raw.starts_with(char::is_alphabetic) {
            let mut j = i;
            let mut numbered = false;
            while j > 0 {
                j -= 1;
                let core = t[j].core;
                if after_law && law_refs(core).is_some() {
                    for p in law_refs(core).unwrap_or_default() {
                        push(&mut out, p, loose_key(p, law));
                    }
                    numbered = true;
                    used[j] = true;
                } else if full_key(core) {
                    push(&mut out, core, loose_key(core, law));
                    numbered = true;
                    used[j] = true;
                } else if !numbered && point_ref(core).is_some() {
                    // `a lenti D szakaszt`, `az A2 pontban`; after a number a capital is an
                    // article that starts the sentence (`A 26B és 16C szakaszok`).
                    let p = point_ref(core).unwrap_or_default();
                    push(&mut out, p, loose_key(p, law));
                    used[j] = true;
                } else if !(is_joiner(&t[j], w) || is_article(&t[j], w)) {
                    break;
                }
            }
        }
    }
    for (i, tok) in t.iter().enumerate() {
        if !used[i] && full_key(tok.core) {
            push(&mut out, tok.core, loose_key(tok.core, law));
        }
    }
    out
}

pub(super) fn check(a: &Alignment, d: &Data) -> Vec<Finding> {
    let Some(w) = d.references(a.lang) else {
        return Vec::new();
    };
    let s = Structure::of(a.edition);
    let mut out = Vec::new();
    for u in &a.units {
        // Law text, and the definitions: they cite laws too (`pozri pravidlo 22`). A
        // definition is in no law, so only full references are read there (law 0 makes a
        // point of "the same law" no key).
        let law = match u.kind {
            UnitKind::Definition => 0,
            k if k.is_law_text() => match Key::parse(&u.key) {
                Some(at) => at.law,
                None => continue,
            },
            _ => continue,
        };
        for (n, line) in super::unit_lines(u) {
            for (written, key) in read(line, law, w) {
                if Key::parse(&key).is_some_and(|k| !s.contains(&k)) {
                    out.push(Finding::UnresolvedReference {
                        key: u.key.clone(),
                        line: n,
                        written,
                        resolved_as: key,
                    });
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::super::Lang;
    use super::*;

    fn keys(lang: Lang, line: &str, law: u16) -> Vec<String> {
        let w = super::super::data::embedded().references(lang).unwrap();
        let mut k: Vec<String> = read(line, law, w).into_iter().map(|(_, k)| k).collect();
        k.sort();
        k
    }

    #[test]
    fn references_as_each_language_writes_them() {
        let cases: &[(Lang, &str, u16, &[&str])] = &[
            (Lang::Sk, "pozri pravidlo 12C1(b).", 1, &["12C1(b)"]),
            (
                Lang::Sk,
                "podľa pravidiel 30, 31 a 32",
                1,
                &["30", "31", "32"],
            ),
            (
                Lang::Sk,
                "v pravidlách 25-26 a bod A2",
                27,
                &["25", "26", "27A2"],
            ),
            (Lang::Sk, "(pozri Pravidla 40B2(a))", 1, &["40B2(a)"]),
            (Lang::Sk, "zisk 100 alebo viac bodov; 4 hráči", 1, &[]),
            (Lang::Hu, "(lásd a 22. szakaszt)", 77, &["22"]),
            (Lang::Hu, "A 26B és 16C szakaszok", 27, &["16C", "26B"]),
            (Lang::Hu, "lásd a lenti D szakaszt", 27, &["27D"]),
            (
                Lang::Hu,
                "az A2 pontban; a fenti B1-es pont",
                43,
                &["43A2", "43B1"],
            ),
            (
                Lang::Hu,
                "(lásd 27B1b, 30B1b)ii) pontokat)",
                23,
                &["27B1(b)", "30B1(b)(ii)"],
            ),
            (Lang::Hu, "a 42. illetve a 43. szakasz", 9, &["42", "43"]),
            (
                Lang::Pl,
                "(patrz przepis 22) i przepisu 16B",
                77,
                &["16B", "22"],
            ),
            (
                Lang::Pl,
                "zgodnie z przepisami 69, 70 i 71",
                1,
                &["69", "70", "71"],
            ),
        ];
        for (lang, line, law, want) in cases {
            assert_eq!(keys(*lang, line, *law), *want, "{lang}: {line}");
        }
    }
}
