//! The patterns a language's references are read by (`extract::references`), built from its
//! words in laws/text-checks.txt (`RefWords`). The shapes are the same in every language;
//! the words, and on which side of the numbers they stand, are the data's: a language whose
//! word for law comes first (SK `pravidlo 27`, PL `przepis 27`) is read by the `before`
//! shapes, one whose word comes after the numbers (HU `a 77. szakasz`) by the `after` ones.

use crate::align::checks::data::{embedded, RefWords};
use crate::align::Lang;
use regex::Regex;
use std::sync::OnceLock;

/// A law's number, perhaps with its section and more (`27`, `16B`, `12C1(b)`).
const NUMBER: &str = r"\d{1,2}[A-H]?[\d()a-z]*";
/// A section letter or a paragraph number and what follows (`A2`, `B2(a)(v)`, `2(c)`).
const POINT: &str = r"(?:[A-H]|\d{1,2})[\d()a-z]*";
/// A section letter and what follows, the point alone (HU `B1`, `C1d`).
const SECTION: &str = r"[A-H][\d()a-z]*";
/// Not inside a word: what a shape that starts with a number or letter needs before it.
const START: &str = r"(?:^|[^\p{L}\p{N}])";

/// A language's patterns; a shape whose words the language lacks is `None`.
pub(super) struct Patterns {
    /// The word for law, then a list of laws (SK `pravidiel 30, 31 a 32`).
    pub law_list: Option<Regex>,
    /// A word that introduces one, then sub-paragraphs alone (SK `v bodoch (a) a (b)`).
    pub sub_points: Option<Regex>,
    /// The word for point or a `see` word, then points of the same law (SK `bod A2`,
    /// `pozri však B`).
    pub points: Option<Regex>,
    /// A section, the word for law, its points and the word for point (HU `a 20F szakasz 2.
    /// és 3. pontját`).
    pub section_points: Option<Regex>,
    /// Laws, then the word for law (HU `30., 31. és 32. szakaszok`, `a 27. és a 72C
    /// szakaszokat`).
    pub law_list_after: Option<Regex>,
    /// Points numbered or sub-paragraphs, then the word for point (HU `a fenti c) vagy d)
    /// pont`, `az 1-es pont`).
    pub numbered_points_after: Option<Regex>,
    /// Sections, then the word for point or law (HU `az A vagy B pontban`, `a lenti D
    /// szakaszt`).
    pub points_after: Option<Regex>,
}

/// The patterns of `lang`, built once from the embedded data; `None` for a language the data
/// has no reference words for (only full keys are read there).
pub(super) fn of(lang: Lang) -> Option<&'static Patterns> {
    static ALL: OnceLock<Vec<(Lang, Patterns)>> = OnceLock::new();
    ALL.get_or_init(|| {
        embedded()
            .references
            .iter()
            .map(|(l, w)| (*l, Patterns::new(w)))
            .collect()
    })
    .iter()
    .find(|(l, _)| *l == lang)
    .map(|(_, p)| p)
}

/// `(?:a|b|c)` of the words, escaped, the longest first (the first alternative that matches
/// is taken: `alebo` before `a`); `None` when there are none.
fn any_of(words: &[String]) -> Option<String> {
    let mut w: Vec<&String> = words.iter().filter(|w| !w.is_empty()).collect();
    if w.is_empty() {
        return None;
    }
    w.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    let alts: Vec<String> = w.iter().map(|w| regex::escape(w)).collect();
    Some(format!("(?:{})", alts.join("|")))
}

/// Words that start with one of the stems, any case.
fn stems(words: &[String]) -> Option<String> {
    any_of(words).map(|a| format!(r"(?i:\b{a}\w*)"))
}

fn compile(pattern: String) -> Regex {
    // The words are escaped and the shapes fixed, so a pattern that does not compile is a
    // defect of this file, which the tests build for every language.
    Regex::new(&pattern).expect("a reference pattern built from escaped words")
}

impl Patterns {
    fn new(w: &RefWords) -> Patterns {
        // One or more joiners between two items of a list (`, a`, `, és`).
        let join = any_of(&w.joiners).map_or(r"\s+".to_string(), |j| format!(r"(?:\s*{j})+\s*"));
        // Articles as written, in lower case: a capital one after a number starts a sentence
        // (HU `3. A 16C szakasz`: the paragraph's label, then its first word), not a list.
        let article = any_of(&w.articles).map_or(String::new(), |a| format!(r"(?:{a}\s+)?"));
        let ordinal = regex::escape(&w.ordinal_mark);
        let law_before = stems(&w.law_before);
        let point_before = stems(&w.point_before);
        let see = stems(&w.see);
        let in_words = any_of(&w.in_words).map(|i| format!(r"(?i:\b{i})"));
        let particles =
            any_of(&w.particles).map_or(String::new(), |p| format!(r"(?:\s+(?i:{p}))?"));
        let law_after = any_of(&w.law_after).map(|a| format!("(?i:{a})"));
        let point_after = any_of(&w.point_after).map(|a| format!("(?i:{a})"));
        let either = |a: &[&Option<String>]| -> Option<String> {
            let present: Vec<&str> = a.iter().filter_map(|x| x.as_deref()).collect();
            (!present.is_empty()).then(|| format!("(?:{})", present.join("|")))
        };

        let law_list = law_before.as_ref().map(|law| {
            compile(format!(
                r"{law}\s+({NUMBER}(?:{join}(?:{law}\s+)?{article}{NUMBER})*)"
            ))
        });
        let sub_points = either(&[&in_words, &point_before, &see, &law_before])
            .map(|intro| compile(format!(r"{intro}\s+(\([a-z]\)(?:{join}\([a-z]\))*)")));
        let points = either(&[&point_before, &see])
            .map(|intro| compile(format!(r"{intro}{particles}\s+((?:{POINT}{join})*{POINT})")));
        let section_points = law_after.as_ref().zip(point_after.as_ref()).map(|(law, point)| {
            compile(format!(
                r"{START}((?:\d{{1,2}})?[A-H])\s+{law}\w*\s+((?:\d{{1,2}}[a-z]?(?:{ordinal})?(?:{join})?\s*)+){point}"
            ))
        });
        let law_list_after = law_after.as_ref().map(|law| {
            compile(format!(
                r"{START}((?:\d{{1,2}}{ordinal}(?:{join})?\s*{article})+(?:\d{{1,2}}{SECTION}\s+)?){law}"
            ))
        });
        let numbered_points_after = point_after.as_ref().map(|point| {
            compile(format!(
                r"{START}((?:(?:[a-z]\)|\d{{1,2}}(?:{ordinal})?){join})*(?:[a-z]\)|\d{{1,2}}(?:{ordinal}|-\p{{Ll}}+)))\s+{point}"
            ))
        });
        let points_after = either(&[&point_after, &law_after]).map(|word| {
            compile(format!(
                r"{START}((?:{SECTION}{join}{article})*{SECTION})(?:-\p{{Ll}}+)?\s+{word}"
            ))
        });
        Patterns {
            law_list,
            sub_points,
            points,
            section_points,
            law_list_after,
            numbered_points_after,
            points_after,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_of_the_data_has_its_patterns() {
        for lang in [Lang::Sk, Lang::Hu, Lang::Pl] {
            let p = of(lang).expect("reference words for every language");
            // Each language writes its word for law on one side of the numbers.
            assert!(p.law_list.is_some() != p.law_list_after.is_some(), "{lang}");
        }
    }

    #[test]
    fn words_are_taken_as_written() {
        // A joiner that is a regex's mark stays a mark of the text.
        let w = RefWords {
            law_before: vec!["law".into()],
            joiners: vec![".".into(), "+".into()],
            ..RefWords::default()
        };
        let p = Patterns::new(&w);
        let list = p.law_list.unwrap();
        assert_eq!(&list.captures("law 12+13").unwrap()[1], "12+13");
        assert_eq!(&list.captures("law 12x13").unwrap()[1], "12x13");
        assert_eq!(&list.captures("law 12 y 13").unwrap()[1], "12");
        assert!(p.law_list_after.is_none() && p.points.is_none());
    }
}
