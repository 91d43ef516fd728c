//! What a paragraph's text says that another translation must say too: its references to
//! other laws, its numbers, and its words that mix scripts. Each is read line by line, so a
//! finding has its line.
//!
//! References. Absolute ones (`27B1(b)`, `16C`, Hungarian `27B1b`, `40B2b`) are read
//! anywhere; a bare law number only after the word for law (SK `pravidlo 77`, `pravidiel 30,
//! 31 a 32`; HU `a 77. szakaszt`, `30., 31. és 32. szakaszok`); a reference within the same
//! law only when it starts with a section letter after the word for point (SK `bod A2`,
//! `pozri B3`; HU `az A2 pontban`, `a lenti D szakaszt`), and is made absolute with the law's
//! number. All are compared as keys (`27B1(b)`).
//!
//! Numbers. ASCII digits outside references and outside the paragraph's own label (`1. (a)`,
//! `A.`, the law's heading); `1 000` is one thousand, `60 %` and `60 %-ot` are 60; compared
//! as sets.

use crate::align::{Key, Lang};
use regex::Regex;
use std::collections::BTreeSet;
use std::ops::Range;
use std::sync::OnceLock;

/// A reference found on a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ref {
    /// The key it refers to, as `Key` writes it.
    pub key: String,
    /// As the text writes it.
    pub written: String,
}

fn re(cell: &'static OnceLock<Regex>, pattern: &str) -> &'static Regex {
    cell.get_or_init(|| Regex::new(pattern).expect("a valid pattern"))
}

/// A candidate absolute reference: law digits, a section letter, then digits, letters and
/// brackets (`27B1(b)`, `27B1b`, `30B1b)ii)`, HU's misprinted `50d2a`); [`loose_key`] decides.
fn absolute() -> &'static Regex {
    static R: OnceLock<Regex> = OnceLock::new();
    re(&R, r"(?:^|[^\p{L}\p{N}])(\d{1,2}[A-Ha-h][\d()a-z]*)")
}

/// A candidate reference within the law that needs no introducing word: a section letter
/// and a paragraph number (`B1`, `C2`, `A2(a)`, HU `C1d`, `B2av)`).
fn relative_numbered() -> &'static Regex {
    static R: OnceLock<Regex> = OnceLock::new();
    re(&R, r"(?:^|[^\p{L}\p{N}])([A-H]\d{1,2}[\d()a-z]*)")
}

/// SK: the word for law and a list of numbers: `pravidlo 77`, `pravidiel 4, 12C2 a 91`.
fn sk_law_list() -> &'static Regex {
    static R: OnceLock<Regex> = OnceLock::new();
    re(
        &R,
        r"(?i:\bpravid\w*)\s+(\d{1,2}[A-H]?[\d()a-z]*(?:\s*(?:,|a|alebo|až|–|-)\s*(?:(?i:pravid\w*)\s+)?\d{1,2}[A-H]?[\d()a-z]*)*)",
    )
}

/// HU: ordinal law numbers (and absolute references) before the word for law:
/// `77. szakaszt`, `30., 31. és 32. szakaszok`, `a 27. és a 72C szakaszokat`,
/// `a 42. illetve a 43. szakasz`.
fn hu_law_list() -> &'static Regex {
    static R: OnceLock<Regex> = OnceLock::new();
    re(
        &R,
        r"(?:^|[^\p{L}\p{N}])((?:\d{1,2}\.\s*(?:,|és|vagy|illetve|–|-)?\s*(?:az?\s+)?)+(?:\d{1,2}[A-H][\d()a-z]*\s+)?)szakasz",
    )
}

/// HU: a section and its points: `a 20F szakasz 2. és 3. pontját`, `a fenti B szakasz 1a
/// pontja`.
fn hu_section_points() -> &'static Regex {
    static R: OnceLock<Regex> = OnceLock::new();
    re(
        &R,
        r"(?:^|[^\p{L}\p{N}])((?:\d{1,2})?[A-H])\s+szakasz\w*\s+((?:\d{1,2}[a-z]?\.?\s*(?:,|és|vagy)?\s*)+)pont",
    )
}

/// SK: references within the law after `bod`, `odsek`, `odstavec`, `podľa`, `pozri`:
/// `bod A2(a)`, `v bodoch A a B`, `pozri však B`.
fn sk_relative() -> &'static Regex {
    static R: OnceLock<Regex> = OnceLock::new();
    re(
        &R,
        r"(?i:\bbod\w*|\bodsek\w*|\bodstav\w*|\bpodľa|\bpozri(?:\s+(?:aj|však))?)\s+((?:(?:[A-H]|\d{1,2})[\d()a-z]*\s*(?:,|a|alebo|až)\s*)*(?:[A-H]|\d{1,2})[\d()a-z]*)",
    )
}

/// HU: references within the law before `pont` or `szakasz`: `az A2 pontban`, `a B1-es
/// pont`, `az A vagy B pontban`, `a lenti D szakaszt`.
fn hu_relative() -> &'static Regex {
    static R: OnceLock<Regex> = OnceLock::new();
    re(
        &R,
        r"(?:^|[^\p{L}\p{N}])((?:[A-H][\d()a-z]*\s*(?:,\s*(?:és|vagy|illetve)?|és|vagy|illetve)\s*(?:az?\s+)?)*[A-H][\d()a-z]*)(?:-[a-zé]+)?\s+(?:pont|szakasz)",
    )
}

/// HU: points within the section or paragraph: `a fenti c) vagy d) pont`, `a lenti 3.
/// pontot`, `az 1-es pont`.
fn hu_points() -> &'static Regex {
    static R: OnceLock<Regex> = OnceLock::new();
    re(
        &R,
        r"(?:^|[^\p{L}\p{N}])((?:(?:[a-z]\)|\d{1,2}\.?)\s*(?:,\s*(?:és|vagy|illetve)?|és|vagy|illetve)\s*)*(?:[a-z]\)|\d{1,2}(?:\.|-[a-zé]+)))\s+pont",
    )
}

/// SK: sub-paragraphs alone after a word that introduces a reference: `uvedenou v (a)`,
/// `v bodoch (a) a (b)`, `odseku (a) alebo (b)`, `pravidla (d)`.
fn sk_points() -> &'static Regex {
    static R: OnceLock<Regex> = OnceLock::new();
    re(
        &R,
        r"(?i:\bv|\bbod\w*|\bodsek\w*|\bodstav\w*|\bpodľa|\bpozri|\bpravid\w*)\s+(\([a-z]\)(?:\s*(?:,|a|alebo)\s*\([a-z]\))*)",
    )
}

/// Reads a reference however it is written (`27B1(b)`, `27B1b`, `30B1b)ii)`, `B2av)`,
/// `50d2a`) as a key; `law` completes one that starts with a section letter. None when the
/// text is not a reference.
pub fn loose_key(s: &str, law: u16) -> Option<String> {
    let s: String = s.chars().filter(|c| *c != '(' && *c != ')').collect();
    let b: Vec<char> = s.chars().collect();
    let mut i = 0;
    let mut digits = String::new();
    while i < b.len() && b[i].is_ascii_digit() {
        digits.push(b[i]);
        i += 1;
    }
    let law: u16 = if digits.is_empty() {
        law
    } else {
        digits.parse().ok()?
    };
    let mut key = law.to_string();
    let Some(&section) = b.get(i) else {
        // A bare law number.
        return if digits.is_empty() {
            None
        } else {
            Key::parse(&key).map(|k| k.to_string())
        };
    };
    if !('a'..='h').contains(&section.to_ascii_lowercase()) {
        return None;
    }
    i += 1;
    let mut para = String::new();
    while i < b.len() && b[i].is_ascii_digit() {
        para.push(b[i]);
        i += 1;
    }
    // A lower-case section letter only with digits on both sides (`50d2a`).
    if section.is_ascii_lowercase() && (digits.is_empty() || para.is_empty()) {
        return None;
    }
    key.push(section.to_ascii_uppercase());
    key.push_str(&para);
    if i < b.len() {
        if para.is_empty() || !b[i].is_ascii_lowercase() {
            return None;
        }
        key.push_str(&format!("({})", b[i]));
        i += 1;
    }
    if i < b.len() {
        let item: String = b[i..].iter().collect();
        if !item.chars().all(|c| "ivx".contains(c)) {
            return None;
        }
        key.push_str(&format!("({item})"));
    }
    Key::parse(&key).map(|k| k.to_string())
}

/// A reference that names only a sub-paragraph (`~(c)`, HU `a fenti c) pont`) matches a full
/// one ending in the same letter (`16D2(c)`).
pub fn partial_matches(partial: &str, full: &str) -> bool {
    partial
        .strip_prefix('~')
        .is_some_and(|sub| !full.starts_with('~') && full.ends_with(sub))
}

/// Whether a match ends a word (the character after it is not a letter).
fn ends_word(line: &str, end: usize) -> bool {
    !line[end..]
        .chars()
        .next()
        .is_some_and(|c| c.is_alphabetic())
}

/// The line as the extractors read it: Markdown marks and links (`[C2](#)`, `\(`) removed.
pub fn clean(line: &str) -> String {
    line.replace("](#)", "")
        .replace(['\\', '['], "")
        .replace(['*', '#'], " ")
}

/// The references on a (cleaned) line of law `law`, and the byte ranges they cover. A bare
/// reference to the law itself ("pravidlo 30" in Law 30) is not counted: the other text may
/// say "this law".
pub fn references(lang: Lang, line: &str, at: &Key) -> (Vec<Ref>, Vec<Range<usize>>) {
    let law = at.law;
    // `2(c)` in section D of law 16 is 16D2(c); `c)` in 16D2 is 16D2(c).
    let in_section = |p: &str| -> Option<String> { loose_key(&format!("{}{p}", at.section?), law) };
    let mut refs: Vec<Ref> = Vec::new();
    let mut spans: Vec<Range<usize>> = Vec::new();
    let own = law.to_string();
    let covered = |spans: &[Range<usize>], r: &Range<usize>| {
        spans.iter().any(|s| s.start <= r.start && r.end <= s.end)
    };
    let push = |refs: &mut Vec<Ref>, key: Option<String>, written: &str| {
        if let Some(key) = key {
            if key != own && !refs.iter().any(|r| r.key == key) {
                refs.push(Ref {
                    key,
                    written: written.trim().to_string(),
                });
            }
        }
    };
    let items = |list: &str| -> Vec<String> {
        list.split(|c: char| c == ',' || c.is_whitespace() || c == '–')
            .map(|p| p.trim_end_matches('.').trim_end_matches('-').to_string())
            .filter(|p| p.starts_with(|c: char| c.is_ascii_alphanumeric()))
            .collect()
    };
    // Lists first: their spans hold the single references they contain.
    match lang {
        Lang::Sk | Lang::Pl => {
            for c in sk_law_list().captures_iter(line) {
                let list = c.get(1).expect("group 1");
                for p in items(list.as_str()) {
                    if p.starts_with(|c: char| c.is_ascii_digit()) {
                        push(&mut refs, loose_key(&p, law), &p);
                    }
                }
                spans.push(list.range());
            }
            for c in sk_points().captures_iter(line) {
                let list = c.get(1).expect("group 1");
                for p in list.as_str().split(['(', ')', ',', ' ']) {
                    if p.len() == 1 && p.chars().all(|c| c.is_ascii_lowercase()) {
                        push(&mut refs, Some(format!("~({p})")), p);
                    }
                }
                spans.push(list.range());
            }
            for c in sk_relative().captures_iter(line) {
                let list = c.get(1).expect("group 1");
                if !ends_word(line, list.end()) {
                    continue;
                }
                for p in items(list.as_str()) {
                    if p.starts_with(|c: char| c.is_ascii_uppercase()) {
                        push(&mut refs, loose_key(&p, law), &p);
                    } else if p.starts_with(|c: char| c.is_ascii_digit()) {
                        push(&mut refs, in_section(&p), &p);
                    }
                }
                spans.push(list.range());
            }
        }
        Lang::Hu => {
            for c in hu_section_points().captures_iter(line) {
                let (sec, points) = (c.get(1).expect("1"), c.get(2).expect("2"));
                for p in items(points.as_str()) {
                    if p.starts_with(|c: char| c.is_ascii_digit()) {
                        let k = format!("{}{p}", sec.as_str());
                        push(&mut refs, loose_key(&k, law), &k);
                    }
                }
                spans.push(sec.start()..points.end());
            }
            for c in hu_law_list().captures_iter(line) {
                let list = c.get(1).expect("group 1");
                if covered(&spans, &list.range()) {
                    continue;
                }
                for p in items(list.as_str()) {
                    if p.starts_with(|c: char| c.is_ascii_digit()) {
                        push(&mut refs, loose_key(&p, law), &p);
                    }
                }
                spans.push(list.range());
            }
            for c in hu_points().captures_iter(line) {
                let list = c.get(1).expect("group 1");
                if covered(&spans, &list.range()) {
                    continue;
                }
                for p in list.as_str().split([',', ' ']) {
                    let p = p.trim();
                    if let Some(sub) = p.strip_suffix(')') {
                        // `c)` alone names no paragraph: it matches any reference that
                        // ends in (c) (see `partial_matches`).
                        if sub.len() == 1 && sub.chars().all(|c| c.is_ascii_lowercase()) {
                            push(&mut refs, Some(format!("~({sub})")), p);
                        }
                    } else if p.starts_with(|c: char| c.is_ascii_digit()) {
                        let n: String = p.chars().take_while(char::is_ascii_digit).collect();
                        push(&mut refs, in_section(&n), p);
                    }
                }
                spans.push(list.range());
            }
            for c in hu_relative().captures_iter(line) {
                let list = c.get(1).expect("group 1");
                if covered(&spans, &list.range()) {
                    continue;
                }
                for p in items(list.as_str()) {
                    if p.starts_with(|c: char| c.is_ascii_uppercase()) {
                        push(&mut refs, loose_key(&p, law), &p);
                    }
                }
                spans.push(list.range());
            }
        }
    }
    for c in absolute().captures_iter(line) {
        let m = c.get(1).expect("group 1");
        if covered(&spans, &m.range()) || !ends_word(line, m.end()) {
            continue;
        }
        if let Some(k) = loose_key(m.as_str(), law) {
            push(&mut refs, Some(k), m.as_str());
            spans.push(m.range());
        }
    }
    for c in relative_numbered().captures_iter(line) {
        let m = c.get(1).expect("group 1");
        if covered(&spans, &m.range()) || !ends_word(line, m.end()) {
            continue;
        }
        if let Some(k) = loose_key(m.as_str(), law) {
            push(&mut refs, Some(k), m.as_str());
            spans.push(m.range());
        }
    }
    (refs, spans)
}

/// The numbers on a line outside `skip` (reference spans and the label), normalised: digits
/// after a letter or digit are part of a word (`C2`); `1 000` (groups of three after a space
/// or no-break space, the first group at most three digits) is one number; a decimal comma
/// (`0,5`) is kept as a point; leading zeros go.
pub fn numbers(line: &str, skip: &[Range<usize>]) -> BTreeSet<String> {
    let chars: Vec<(usize, char)> = line.char_indices().collect();
    let digit = |k: usize| chars.get(k).is_some_and(|(_, c)| c.is_ascii_digit());
    let mut out = BTreeSet::new();
    let mut k = 0;
    while k < chars.len() {
        let (at, c) = chars[k];
        let after_word = k > 0 && chars[k - 1].1.is_alphanumeric();
        if !c.is_ascii_digit() || after_word {
            k += 1;
            continue;
        }
        let mut v = String::new();
        while digit(k) {
            v.push(chars[k].1);
            k += 1;
        }
        // Thousands: `1 000`, `12 500`.
        if v.len() <= 3 {
            while matches!(chars.get(k), Some((_, ' ' | '\u{a0}')))
                && digit(k + 1)
                && digit(k + 2)
                && digit(k + 3)
                && !digit(k + 4)
            {
                for d in 1..=3 {
                    v.push(chars[k + d].1);
                }
                k += 4;
            }
        }
        let mut frac = String::new();
        if matches!(chars.get(k), Some((_, ','))) && digit(k + 1) {
            k += 1;
            while digit(k) {
                frac.push(chars[k].1);
                k += 1;
            }
        }
        // Digits running into letters are part of a word (`27B`, `3IMP`).
        if chars.get(k).is_some_and(|(_, c)| c.is_alphabetic()) {
            continue;
        }
        if skip.iter().any(|s| s.start <= at && at < s.end) {
            continue;
        }
        let int = v.trim_start_matches('0');
        let int = if int.is_empty() { "0" } else { int };
        out.insert(if frac.is_empty() {
            int.to_string()
        } else {
            format!("{int}.{frac}")
        });
    }
    out
}

/// Stems of number words, cardinal and ordinal, with their values (a word starting with the
/// stem counts). They only excuse a number the other text writes in digits.
const SK_NUMBER_WORDS: &[(&str, u32)] = &[
    ("nul", 0),
    ("jeden", 1),
    ("jedn", 1),
    ("prv", 1),
    ("dva", 2),
    ("dve", 2),
    ("dvoch", 2),
    ("dvom", 2),
    ("druhý", 2),
    ("druhá", 2),
    ("druhé", 2),
    ("druhej", 2),
    ("druhom", 2),
    ("tri", 3),
    ("troch", 3),
    ("tret", 3),
    ("štyr", 4),
    ("štvrt", 4),
    ("päť", 5),
    ("piat", 5),
    ("šesť", 6),
    ("šiest", 6),
    ("sedem", 7),
    ("siedm", 7),
    ("osem", 8),
    ("ôsm", 8),
    ("deväť", 9),
    ("deviat", 9),
    ("desať", 10),
    ("desiat", 10),
    ("jedenást", 11),
    ("jedenásť", 11),
    ("dvanást", 12),
    ("dvanásť", 12),
    ("trinást", 13),
    ("trinásť", 13),
];

const HU_NUMBER_WORDS: &[(&str, u32)] = &[
    ("nulla", 0),
    ("egy", 1),
    ("első", 1),
    ("kettő", 2),
    ("két", 2),
    ("második", 2),
    ("három", 3),
    ("hárm", 3),
    ("harmadik", 3),
    ("négy", 4),
    ("negyedik", 4),
    ("öt", 5),
    ("hat", 6),
    ("hét", 7),
    ("hetedik", 7),
    ("nyolc", 8),
    ("kilenc", 9),
    ("tíz", 10),
    ("tized", 10),
    ("tizenegy", 11),
    ("tizenkett", 12),
    ("tizenkét", 12),
    ("tizenhárom", 13),
    ("tizenhárm", 13),
];

/// The numbers a line writes as words.
pub fn number_words(lang: Lang, line: &str) -> BTreeSet<String> {
    let table = match lang {
        Lang::Sk | Lang::Pl => SK_NUMBER_WORDS,
        Lang::Hu => HU_NUMBER_WORDS,
    };
    let mut out = BTreeSet::new();
    for w in line.split(|c: char| !c.is_alphabetic()) {
        let w = w.to_lowercase();
        if w.is_empty() {
            continue;
        }
        // The longest stem that starts the word decides (tizenhárom is 13, not 10).
        if let Some((_, v)) = table
            .iter()
            .filter(|(stem, _)| w.starts_with(stem))
            .max_by_key(|(stem, _)| stem.len())
        {
            out.insert(v.to_string());
        }
    }
    out
}

/// The length of a paragraph's own label at the start of its first line: `1. (a) `, `A. `,
/// `(b) `, `a) `, `ii) `, `## 27. ` (Markdown marks included).
pub fn label_len(line: &str) -> usize {
    static R: OnceLock<Regex> = OnceLock::new();
    let r = re(
        &R,
        r"^[\s#*]*(?:(?:\d{1,2}\.|[A-H]\.|\(?[a-z]\)|\(?(?:i|ii|iii|iv|v|vi|vii|viii|ix|x)\)|\(\d{1,2}\))[\s*]*)+",
    );
    r.find(line).map_or(0, |m| m.end())
}

/// Words that mix Latin letters with those of another script (`odovzдание`), by Unicode's
/// mixed-script test (UTS #39, unicode-security): each word with its letters that are not
/// Latin.
pub fn mixed_scripts(line: &str) -> Vec<(String, Vec<char>)> {
    use unicode_script::{Script, UnicodeScript};
    use unicode_security::MixedScript;
    let mut out = Vec::new();
    for w in line.split(|c: char| !c.is_alphabetic()) {
        if w.is_empty() || w.is_single_script() {
            continue;
        }
        let latin = w.chars().any(|c| c.script() == Script::Latin);
        let foreign: Vec<char> = w
            .chars()
            .filter(|c| {
                !matches!(
                    c.script(),
                    Script::Latin | Script::Common | Script::Inherited
                )
            })
            .collect();
        if latin && !foreign.is_empty() {
            out.push((w.to_string(), foreign));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(lang: Lang, line: &str, law: u16) -> Vec<String> {
        keys_at(lang, line, &law.to_string())
    }

    fn keys_at(lang: Lang, line: &str, at: &str) -> Vec<String> {
        let mut k: Vec<String> = references(lang, &clean(line), &Key::parse(at).unwrap())
            .0
            .into_iter()
            .map(|r| r.key)
            .collect();
        k.sort();
        k
    }

    #[test]
    fn references_in_both_styles() {
        let cases: &[(Lang, &str, u16, &[&str])] = &[
            (
                Lang::Sk,
                "Neuplatňujú sa pravidlá 26B a 16C, ale pozri bod D nižšie.",
                27,
                &["16C", "26B", "27D"],
            ),
            (
                Lang::Hu,
                "A 26B és 16C szakaszok nem alkalmazhatóak, de lásd a lenti D szakaszt.",
                27,
                &["16C", "26B", "27D"],
            ),
            (
                Lang::Sk,
                "(v závislosti od využitia pravidiel 4, 12C2 a 91)",
                1,
                &["12C2", "4", "91"],
            ),
            (
                Lang::Hu,
                "lásd a 40B2b pontot; a 30., 31. és 32. szakaszok",
                20,
                &["30", "31", "32", "40B2(b)"],
            ),
            (Lang::Sk, "pozri pravidlo 12C1(b)", 1, &["12C1(b)"]),
            (Lang::Hu, "a 77. szakaszt", 1, &["77"]),
            (
                Lang::Hu,
                "(lásd 27B1b, 30B1b)ii), 31A2a és 32A2a pontokat)",
                23,
                &["27B1(b)", "30B1(b)(ii)", "31A2(a)", "32A2(a)"],
            ),
            (
                Lang::Sk,
                "(pozri pravidlá 27B1(b), 30B1(b)(i), 31A2 a 32A2(a))",
                23,
                &["27B1(b)", "30B1(b)(i)", "31A2", "32A2(a)"],
            ),
            (
                Lang::Hu,
                "(de lásd a fenti B2av) pontot)",
                40,
                &["40B2(a)(v)"],
            ),
            (Lang::Sk, "(pozri B2(a)(v) vyššie)", 40, &["40B2(a)(v)"]),
            (
                Lang::Hu,
                "(lásd a 20F szakasz 2. és 3. pontját)",
                41,
                &["20F2", "20F3"],
            ),
            (
                Lang::Sk,
                "uplatní sa pravidlo 31 a nie pravidlo 30.",
                30,
                &["31"],
            ),
            (
                Lang::Sk,
                "obmedzení uvedených v bodoch A1 a A2.",
                43,
                &["43A1", "43A2"],
            ),
            (Lang::Hu, "az A vagy B pontban", 6, &["6A", "6B"]),
            (
                Lang::Hu,
                "A B1-es pont által megengedett kivételtől",
                25,
                &["25B1"],
            ),
            (
                Lang::Hu,
                "a kézbe (az 50d2a pont szerint) visszavett",
                50,
                &["50D2(a)"],
            ),
            (Lang::Sk, "Ak v dôsledku použitia B1 vedúci", 27, &["27B1"]),
            (
                Lang::Sk,
                "(pozri aj [C1\\(d\\)](#)), vedúci",
                12,
                &["12C1(d)"],
            ),
            (
                Lang::Hu,
                "a 42. illetve a 43. szakasz korlátozásaival",
                9,
                &["42", "43"],
            ),
            (
                Lang::Hu,
                "(de lásd a 27. és a 72C szakaszokat)",
                10,
                &["27", "72C"],
            ),
            (
                Lang::Hu,
                "(de ekkor a fenti B szakasz 1a pontja alkalmazandó)",
                51,
                &["51B1(a)"],
            ),
        ];
        for (lang, line, law, want) in cases {
            assert_eq!(keys(*lang, line, *law), *want, "{line}");
        }
        assert_eq!(
            keys_at(
                Lang::Sk,
                "postupuje podľa ustanovení bodov 2(c) alebo 2(d) vyššie.",
                "16D3"
            ),
            vec!["16D2(c)", "16D2(d)"]
        );
        assert_eq!(
            keys_at(
                Lang::Hu,
                "a tornavezető a fenti c) vagy d) pont szerint jár el.",
                "16D3"
            ),
            vec!["~(c)", "~(d)"]
        );
        assert!(partial_matches("~(c)", "16D2(c)"));
        assert_eq!(
            keys_at(
                Lang::Sk,
                "uvedených v bodoch (a) a (b) vyššie; pravidla (d)",
                "12C2(d)"
            ),
            vec!["~(a)", "~(b)", "~(d)"]
        );
        assert_eq!(
            keys_at(Lang::Hu, "a fenti a), illetve b) pontokban", "12C2(d)"),
            vec!["~(a)", "~(b)"]
        );
        assert_eq!(
            keys_at(Lang::Hu, "(lásd a lenti 3. pontot)", "27B1(a)"),
            vec!["27B3"]
        );
        assert_eq!(
            keys_at(Lang::Hu, "a fenti 1-es pont alapján", "20F2"),
            vec!["20F1"]
        );
        // Numbers that are not references; words that start like one.
        assert!(keys(Lang::Sk, "zisk 100 alebo viac bodov; Bridž; 4 hráči", 1).is_empty());
        assert!(keys(
            Lang::Hu,
            "A tornavezető 13-nál kevesebb lapot; 2.a) Amennyiben",
            1
        )
        .is_empty());
    }

    #[test]
    fn numbers_outside_references_and_labels() {
        let line = "1. (a) 60 % a 1 000 bodov, 0,5; pozri pravidlo 77";
        let (_, spans) = references(Lang::Sk, line, &Key::law(1));
        let mut skip = spans;
        skip.push(0..label_len(line));
        let n: Vec<String> = numbers(line, &skip).into_iter().collect();
        assert_eq!(n, vec!["0.5", "1000", "60"]);
        assert_eq!(label_len("## **27. ELÉGTELEN"), "## **27. ".len());
        assert_eq!(label_len("b) Eltekintve"), 3);
        assert_eq!(label_len("ii) x"), 4);
        let hu: Vec<String> = numbers("50 %-ot és 13-nál", &[]).into_iter().collect();
        assert_eq!(hu, vec!["13", "50"]);
    }

    #[test]
    fn numbers_in_words() {
        let v = |l, s| number_words(l, s).into_iter().collect::<Vec<_>>();
        assert_eq!(
            v(Lang::Hu, "pontosan tizenhárom lapja; négy játékos"),
            vec!["13", "4"]
        );
        assert_eq!(v(Lang::Sk, "Za druhý a tretí pád; 4 hráči"), vec!["2", "3"]);
    }

    #[test]
    fn mixed_scripts_are_found() {
        let m = mixed_scripts("odovzдание krabíc; Ελλάδα; Россия");
        assert_eq!(m.len(), 1);
        assert_eq!(m[0].0, "odovzдание");
        assert_eq!(m[0].1, vec!['д', 'а', 'н', 'и', 'е']);
        // A look-alike from a script the hand-made ranges did not know: Armenian օ (U+0585)
        // in a Polish word, and a Greek omicron in a Slovak one.
        let m = mixed_scripts("zapowiedօ rozdaniе nο");
        let words: Vec<&str> = m.iter().map(|(w, _)| w.as_str()).collect();
        assert_eq!(words, ["zapowiedօ", "rozdaniе", "nο"]);
    }
}
