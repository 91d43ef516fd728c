//! laws/text-checks.txt: what the checks and `compare` know of each language and text
//! (reference words, number words, suit glyphs; how a text marks its footnotes is its
//! layout's), embedded at build time like the structure files.

use super::super::{Edition, Lang};

/// How one language writes a reference to another law.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RefWords {
    pub law_before: Vec<String>,
    pub law_after: Vec<String>,
    pub point_before: Vec<String>,
    pub point_after: Vec<String>,
    pub joiners: Vec<String>,
    pub articles: Vec<String>,
    /// Words that introduce a reference within the same law as the word for point does
    /// (SK `pozri B3`, `podľa A`); read by `compare` only.
    pub see: Vec<String>,
    /// Words that may stand between such a word and its reference (SK `pozri však B`).
    pub particles: Vec<String>,
    /// Words after which a sub-paragraph alone is a reference (SK `uvedenou v (a)`).
    pub in_words: Vec<String>,
    /// What follows a number written before the word for law or point (HU's ordinal dot:
    /// `a 77. szakasz`); empty when nothing does.
    pub ordinal_mark: String,
}

/// How one language writes a number in words (cardinal or ordinal), each form with its value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NumberWords {
    /// Forms a word starts with (SK `štyr`: `štyri`, `štyroch`).
    pub stems: Vec<(String, u32)>,
    /// Whole words, for a language whose number stems start other words too (PL `trzy`,
    /// `trzyma`).
    pub words: Vec<(String, u32)>,
}

/// The file, read.
#[derive(Clone, Debug, Default)]
pub struct Data {
    pub references: Vec<(Lang, RefWords)>,
    pub numbers: Vec<(Lang, NumberWords)>,
    pub suits: Vec<(Lang, Edition, Vec<(char, char)>)>,
}

impl Data {
    pub fn references(&self, lang: Lang) -> Option<&RefWords> {
        self.references
            .iter()
            .find(|(l, _)| *l == lang)
            .map(|(_, r)| r)
    }

    pub fn number_words(&self, lang: Lang) -> Option<&NumberWords> {
        self.numbers
            .iter()
            .find(|(l, _)| *l == lang)
            .map(|(_, n)| n)
    }

    pub fn suits(&self, lang: Lang, edition: Edition) -> &[(char, char)] {
        self.suits
            .iter()
            .find(|(l, e, _)| *l == lang && *e == edition)
            .map_or(&[], |(_, _, s)| s.as_slice())
    }
}

/// The embedded file. A broken one is a build that must not ship (a test reads it), so it
/// panics naming the line, as `Structure::of` does.
pub fn embedded() -> &'static Data {
    static DATA: std::sync::OnceLock<Data> = std::sync::OnceLock::new();
    DATA.get_or_init(|| {
        parse(include_str!("../../../laws/text-checks.txt"))
            .unwrap_or_else(|(line, msg)| panic!("laws/text-checks.txt line {line}: {msg}"))
    })
}

enum Section {
    None,
    Refs(usize),
    Numbers(usize),
    Suits(usize),
}

/// Parses the file; an error is its 1-based line and what is wrong.
pub fn parse(src: &str) -> Result<Data, (usize, String)> {
    let mut d = Data::default();
    let mut at = Section::None;
    for (i, raw) in src.lines().enumerate() {
        let n = i + 1;
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        if let Some(head) = line.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
            let w: Vec<&str> = head.split_whitespace().collect();
            let lang = |s: &str| s.parse::<Lang>().map_err(|e| (n, e));
            let edition = |s: &str| s.parse::<Edition>().map_err(|e| (n, e));
            at = match w.as_slice() {
                ["references", l] => {
                    d.references.push((lang(l)?, RefWords::default()));
                    Section::Refs(d.references.len() - 1)
                }
                ["number-words", l] => {
                    d.numbers.push((lang(l)?, NumberWords::default()));
                    Section::Numbers(d.numbers.len() - 1)
                }
                ["suits", l, e] => {
                    d.suits.push((lang(l)?, edition(e)?, Vec::new()));
                    Section::Suits(d.suits.len() - 1)
                }
                _ => return Err((n, format!("`[{head}]` is not a section"))),
            };
            continue;
        }
        let (name, values) = line
            .split_once(':')
            .ok_or((n, format!("`{line}` is not `name: values`")))?;
        let values: Vec<String> = values.split_whitespace().map(str::to_string).collect();
        match (&at, name.trim()) {
            (Section::Refs(r), "ordinal-mark") => {
                d.references[*r].1.ordinal_mark = match values.as_slice() {
                    [] => String::new(),
                    [mark] => mark.clone(),
                    _ => return Err((n, "`ordinal-mark` takes one mark".to_string())),
                };
            }
            (Section::Refs(r), field) => {
                let w = &mut d.references[*r].1;
                let slot = match field {
                    "law-before" => &mut w.law_before,
                    "law-after" => &mut w.law_after,
                    "point-before" => &mut w.point_before,
                    "point-after" => &mut w.point_after,
                    "joiners" => &mut w.joiners,
                    "articles" => &mut w.articles,
                    "see" => &mut w.see,
                    "particles" => &mut w.particles,
                    "in" => &mut w.in_words,
                    other => return Err((n, format!("`{other}` is not a references field"))),
                };
                *slot = values.iter().map(|v| v.to_lowercase()).collect();
            }
            (Section::Numbers(s), field @ ("stems" | "words")) => {
                let forms = &mut d.numbers[*s].1;
                let slot = if field == "stems" {
                    &mut forms.stems
                } else {
                    &mut forms.words
                };
                for v in &values {
                    match v.split_once('=') {
                        Some((form, value)) if !form.is_empty() => match value.parse::<u32>() {
                            Ok(value) => slot.push((form.to_lowercase(), value)),
                            Err(_) => {
                                return Err((n, format!("`{value}` in `{v}` is not a number")))
                            }
                        },
                        _ => return Err((n, format!("`{v}` is not `form=number`"))),
                    }
                }
            }
            (Section::Suits(s), "glyphs") => {
                for v in &values {
                    let mut c = v.chars();
                    match (c.next(), c.next(), c.next(), c.next()) {
                        (Some(g), Some('='), Some(suit), None) if "♠♥♦♣".contains(suit) => {
                            d.suits[*s].2.push((g, suit))
                        }
                        _ => return Err((n, format!("`{v}` is not `glyph=suit` (♠ ♥ ♦ ♣)"))),
                    }
                }
            }
            (Section::None, _) => return Err((n, "a field before any section".to_string())),
            (_, other) => return Err((n, format!("`{other}` is not a field of this section"))),
        }
    }
    Ok(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_file_reads() {
        let d = embedded();
        for lang in [Lang::Sk, Lang::Hu, Lang::Pl] {
            assert!(d.references(lang).is_some(), "{lang}");
        }
        for lang in [Lang::Sk, Lang::Hu, Lang::Pl] {
            assert!(d.number_words(lang).is_some(), "{lang}");
        }
        assert_eq!(d.references(Lang::Hu).unwrap().ordinal_mark, ".");
        assert_eq!(d.suits(Lang::Pl, Edition::E2007).len(), 4);
        assert!(d.suits(Lang::Hu, Edition::E2017).is_empty());
    }

    #[test]
    fn errors_name_their_line() {
        assert_eq!(parse("x: y\n").unwrap_err().0, 1);
        assert_eq!(parse("[marks sk 2017]\nstyle: comic\n").unwrap_err().0, 1);
        assert_eq!(
            parse("# c\n[suits pl 2007]\nglyphs: ª♠\n").unwrap_err().0,
            3
        );
        assert_eq!(parse("[references de]\n").unwrap_err().0, 1);
        assert_eq!(
            parse("[references sk]\nordinal-mark: . )\n").unwrap_err().0,
            2
        );
        assert_eq!(
            parse("[number-words sk]\nstems: tri=3 x=y\n")
                .unwrap_err()
                .0,
            2
        );
        assert_eq!(parse("[number-words sk]\nwords: tri\n").unwrap_err().0, 2);
        let d = parse("[number-words pl]\nwords: trzy=3\nwords: dwa=2\nstems: x=1").unwrap();
        let pl = d.number_words(Lang::Pl).unwrap();
        assert_eq!(pl.words, [("trzy".to_string(), 3), ("dwa".to_string(), 2)]);
        assert_eq!(pl.stems, [("x".to_string(), 1)]);
    }
}
