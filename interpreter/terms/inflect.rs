//! Inflection rules: how a word of a term may end in a text besides the forms and stems the
//! bank lists. The rules are data (laws/terms.inflect, compiled in; docs/terms.md): one line a
//! rule, `sk ý -> ého ému om`: a term's word ending in `ý` may end in `ého`, `ému` or `om`.
//! Used by the slip checks (slips.rs) to tell an inflected term from a missing or misspelt one.

use super::lang::TermLang;

/// The rules of the law book (laws/terms.inflect).
pub const BUILTIN: &str = include_str!("../../laws/terms.inflect");

/// A language's endings: (the ending of the term's word, the endings it may take instead).
#[derive(Clone, Debug, Default)]
pub struct Inflections {
    rules: Vec<(TermLang, String, Vec<String>)>,
}

/// The shortest stem a rule leaves ("pas" → "pasy", but "a" → nothing).
const MIN_STEM: usize = 3;

impl Inflections {
    /// Reads rules; an error names the line and what is wrong.
    pub fn parse(src: &str) -> Result<Inflections, String> {
        let mut rules = Vec::new();
        for (i, raw) in src.lines().enumerate() {
            let line = raw.split("//").next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let bad = |why: &str| format!("laws/terms.inflect line {}: {why}: `{raw}`", i + 1);
            let (head, tail) = line
                .split_once("->")
                .ok_or_else(|| bad("a rule is `LANGUAGE ENDING -> ENDINGS`"))?;
            let mut head = head.split_whitespace();
            let (Some(lang), Some(from), None) = (head.next(), head.next(), head.next()) else {
                return Err(bad("a rule is `LANGUAGE ENDING -> ENDINGS`"));
            };
            let lang = TermLang::parse(lang).ok_or_else(|| bad("unknown language"))?;
            let ending = |s: &str| {
                if s == "-" {
                    String::new()
                } else {
                    s.to_lowercase()
                }
            };
            let to: Vec<String> = tail.split_whitespace().map(ending).collect();
            if to.is_empty() {
                return Err(bad("no endings after `->`"));
            }
            rules.push((lang, ending(from), to));
        }
        Ok(Inflections { rules })
    }

    /// The rules of the law book.
    pub fn builtin() -> Inflections {
        Inflections::parse(BUILTIN).expect("laws/terms.inflect is checked by its tests")
    }

    /// Whether the text's word `word` is the term's word `term` inflected (or the same), both in
    /// lower case. Slovak 1997 takes the Slovak rules.
    pub fn inflects(&self, lang: TermLang, term: &str, word: &str) -> bool {
        if term == word {
            return true;
        }
        let lang = if lang == TermLang::Sk1997 {
            TermLang::Sk
        } else {
            lang
        };
        self.rules
            .iter()
            .filter(|r| r.0 == lang)
            .any(|(_, from, to)| {
                let Some(stem) = term.strip_suffix(from.as_str()) else {
                    return false;
                };
                stem.chars().count() >= MIN_STEM
                    && word
                        .strip_prefix(stem)
                        .is_some_and(|end| to.iter().any(|t| t == end) || end == from)
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_read_and_inflect() {
        let r = Inflections::builtin();
        assert!(r.inflects(TermLang::Sk, "hlavný", "hlavného"));
        assert!(r.inflects(TermLang::Sk, "hráč", "hráčovi"));
        assert!(r.inflects(TermLang::Sk, "ponuka", "ponuky"));
        assert!(!r.inflects(TermLang::Sk, "ponuka", "pokuta"));
        assert!(r.inflects(TermLang::Sk1997, "informácia", "informácie"));
        assert!(r.inflects(TermLang::Hu, "felvevő", "felvevőnek"));
        assert!(r.inflects(TermLang::Hu, "felvevő", "felvevőjének"));
        assert!(!r.inflects(TermLang::Hu, "felvevő", "felvevet"));
        assert!(Inflections::parse("sk a y").is_err());
        assert!(Inflections::parse("xx a -> y").is_err());
        assert!(Inflections::parse("sk a ->").is_err());
    }
}
