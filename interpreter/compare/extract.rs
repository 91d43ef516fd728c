//! What a paragraph's text says that another translation must say too: its references to
//! other laws, its numbers, and its words that mix scripts. Each is read line by line, so a
//! finding has its line.
//!
//! References. Absolute ones (`27B1(b)`, `16C`, Hungarian `27B1b`, `40B2b`) are read
//! anywhere; a bare law number only after the word for law (SK `pravidlo 77`, `pravidiel 30,
//! 31 a 32`; HU `a 77. szakaszt`, `30., 31. és 32. szakaszok`); a reference within the same
//! law only when it starts with a section letter after the word for point (SK `bod A2`,
//! `pozri B3`; HU `az A2 pontban`, `a lenti D szakaszt`), and is made absolute with the law's
//! number. All are compared as keys (`27B1(b)`). Each language's words are data
//! (laws/text-checks.txt), read by patterns built from them (`patterns`); so are its number
//! words.
//!
//! Numbers. ASCII digits outside references and outside the paragraph's own label (`1. (a)`,
//! `A.`, the law's heading); `1 000` is one thousand, `60 %` and `60 %-ot` are 60; compared
//! as sets.

use super::patterns::{self, Patterns};
use crate::align::checks::data;
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
    // Lists first: their spans hold the single references they contain. A language's words
    // come before its numbers (SK, PL) or after them (HU): each reads by the shapes its
    // words fill (`patterns`), the same code for every language.
    let p = patterns::of(lang);
    let shape = |pick: fn(&Patterns) -> &Option<Regex>| p.and_then(|p| pick(p).as_ref());
    // A list inside one an earlier shape read is that one's (HU `a 20F szakasz 2. pontját`
    // holds `20F szakasz`); a word-first shape starts at a word of its own.
    let fresh = |spans: &[Range<usize>], r: &Range<usize>| !covered(spans, r);
    let every = |_: &[Range<usize>], _: &Range<usize>| true;
    // The laws of a list (`30, 31 a 32`, `30., 31. és 32.`).
    let laws = |refs: &mut Vec<Ref>, list: &str| {
        for p in items(list) {
            if p.starts_with(|c: char| c.is_ascii_digit()) {
                push(refs, loose_key(&p, law), &p);
            }
        }
    };
    lists(shape(|p| &p.law_list), line, &mut spans, every, |l| {
        laws(&mut refs, l)
    });
    lists(shape(|p| &p.sub_points), line, &mut spans, every, |list| {
        for p in list.split(['(', ')', ',', ' ']) {
            if p.len() == 1 && p.chars().all(|c| c.is_ascii_lowercase()) {
                push(&mut refs, Some(format!("~({p})")), p);
            }
        }
    });
    let ends = |_: &[Range<usize>], r: &Range<usize>| ends_word(line, r.end);
    lists(shape(|p| &p.points), line, &mut spans, ends, |list| {
        for p in items(list) {
            if p.starts_with(|c: char| c.is_ascii_uppercase()) {
                push(&mut refs, loose_key(&p, law), &p);
            } else if p.starts_with(|c: char| c.is_ascii_digit()) {
                push(&mut refs, in_section(&p), &p);
            }
        }
    });
    if let Some(re) = shape(|p| &p.section_points) {
        for c in re.captures_iter(line) {
            let (sec, points) = (c.get(1).expect("1"), c.get(2).expect("2"));
            for p in items(points.as_str()) {
                if p.starts_with(|c: char| c.is_ascii_digit()) {
                    let k = format!("{}{p}", sec.as_str());
                    push(&mut refs, loose_key(&k, law), &k);
                }
            }
            spans.push(sec.start()..points.end());
        }
    }
    lists(shape(|p| &p.law_list_after), line, &mut spans, fresh, |l| {
        laws(&mut refs, l)
    });
    lists(
        shape(|p| &p.numbered_points_after),
        line,
        &mut spans,
        fresh,
        |list| {
            for p in list.split([',', ' ']) {
                let p = p.trim();
                if let Some(sub) = p.strip_suffix(')') {
                    // `c)` alone names no paragraph: it matches any reference that ends in (c)
                    // (see `partial_matches`).
                    if sub.len() == 1 && sub.chars().all(|c| c.is_ascii_lowercase()) {
                        push(&mut refs, Some(format!("~({sub})")), p);
                    }
                } else if p.starts_with(|c: char| c.is_ascii_digit()) {
                    let n: String = p.chars().take_while(char::is_ascii_digit).collect();
                    push(&mut refs, in_section(&n), p);
                }
            }
        },
    );
    lists(
        shape(|p| &p.points_after),
        line,
        &mut spans,
        fresh,
        |list| {
            for p in items(list) {
                if p.starts_with(|c: char| c.is_ascii_uppercase()) {
                    push(&mut refs, loose_key(&p, law), &p);
                }
            }
        },
    );
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

/// Group 1 of each match of `re` on `line` that `keep` takes (given the spans read so far and
/// the group's range), handed to `read` and then added to `spans`.
fn lists(
    re: Option<&Regex>,
    line: &str,
    spans: &mut Vec<Range<usize>>,
    keep: impl Fn(&[Range<usize>], &Range<usize>) -> bool,
    mut read: impl FnMut(&str),
) {
    for c in re.into_iter().flat_map(|re| re.captures_iter(line)) {
        let list = c.get(1).expect("group 1");
        if keep(spans, &list.range()) {
            read(list.as_str());
            spans.push(list.range());
        }
    }
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

/// The numbers a line writes as words (laws/text-checks.txt, `[number-words LANG]`): a
/// whole word of the data, else the longest stem that starts the word (tizenhárom is 13,
/// not 10). They only excuse a number the other text writes in digits.
pub fn number_words(lang: Lang, line: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let Some(forms) = data::embedded().number_words(lang) else {
        return out;
    };
    for w in line.split(|c: char| !c.is_alphabetic()) {
        let w = w.to_lowercase();
        if w.is_empty() {
            continue;
        }
        let whole = forms.words.iter().find(|(form, _)| *form == w);
        let stem = || {
            forms
                .stems
                .iter()
                .filter(|(stem, _)| w.starts_with(stem.as_str()))
                .max_by_key(|(stem, _)| stem.len())
        };
        if let Some((_, v)) = whole.or_else(stem) {
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

    /// Polish writes its word for law and point before the numbers, as Slovak does, in
    /// words of its own: read by the same shapes from laws/text-checks.txt. Lines of the
    /// 2007 text (laws/2007/text/pl.source.txt, the line in each comment), where the Slovak
    /// words read only the full keys (12C2, 16D2, 16B1) and left `4`, `91`, `27` and `50`
    /// to be compared as numbers.
    #[test]
    fn polish_references() {
        // Line 518, the definition of a session: "(Może mieć różne znaczenie, jak w
        // przepisach 4, 12C2 i 91)."
        assert_eq!(
            keys(
                Lang::Pl,
                "(Może mieć różne znaczenie, jak w przepisach 4, 12C2 i 91).",
                1
            ),
            ["12C2", "4", "91"]
        );
        // Line 757, 10C4: "z uwzględnieniem przepisu 16D2, ... (ale patrz przepisy 27 i 50)."
        assert_eq!(
            keys(
                Lang::Pl,
                "z uwzględnieniem przepisu 16D2, nawet jeżeli (ale patrz przepisy 27 i 50).",
                10
            ),
            ["16D2", "27", "50"]
        );
        // Line 1073, 20F3: "W warunkach określonych w punktach 1 i 2 powyżej ..., ale może
        // mieć zastosowanie przepis 16B1."
        assert_eq!(
            keys_at(
                Lang::Pl,
                "3. W warunkach określonych w punktach 1 i 2 powyżej gracz może zażądać \
                 wyjaśnienia, ale może mieć zastosowanie przepis 16B1.",
                "20F3"
            ),
            ["16B1", "20F1", "20F2"]
        );
        // Line 1215, 27B1(b): "z wyjątkami przewidzianymi w punkcie (a), ... patrz jednak
        // punkt D poniżej." (`punkcie`: the locative's stem is `punkc`.)
        assert_eq!(
            keys_at(
                Lang::Pl,
                "(b) Jeśli, z wyjątkami przewidzianymi w punkcie (a), odzywka, patrz jednak \
                 punkt D poniżej.",
                "27B1(b)"
            ),
            ["27D", "~(a)"]
        );
        // The right to do something is `prawo` too: no number, no reference.
        assert!(keys(
            Lang::Pl,
            "Jedynie sędzia ma prawo orzekania sprostowania",
            81
        )
        .is_empty());
    }

    /// A Hungarian paragraph's label and its first word are not a list of laws: `3. A 16C
    /// szakasz` (2017 text, 25B3) refers to 16C alone.
    #[test]
    fn a_capital_article_starts_a_sentence() {
        assert_eq!(
            keys(
                Lang::Hu,
                "3. A 16C szakasz alkalmazandó minden visszavont licitre.",
                25
            ),
            ["16C"]
        );
        assert_eq!(
            keys(Lang::Hu, "a 42. illetve a 43. szakasz", 9),
            ["42", "43"]
        );
    }

    #[test]
    fn numbers_in_words() {
        let v = |l, s| number_words(l, s).into_iter().collect::<Vec<_>>();
        assert_eq!(
            v(Lang::Hu, "pontosan tizenhárom lapja; négy játékos"),
            vec!["13", "4"]
        );
        assert_eq!(v(Lang::Sk, "Za druhý a tretí pád; 4 hráči"), vec!["2", "3"]);
        // Polish by whole words: `trzyma` (holds), `jednak` (however), `czterdziestych`
        // (forties) and `pierwszeństwo` (precedence) start like number words (2007 text).
        assert_eq!(
            v(
                Lang::Pl,
                "trzy lewy; trzyma kartę, jednak czterdziestych; pierwszeństwo"
            ),
            vec!["3"]
        );
        assert_eq!(
            v(Lang::Pl, "do dwunastej, czterech graczy"),
            vec!["12", "4"]
        );
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
