//! laws/text-checks.txt: what the checks know of each language and text (reference words,
//! suit glyphs; how a text marks its footnotes is its layout's), embedded at build time like the structure files.

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
}

/// The file, read.
#[derive(Clone, Debug, Default)]
pub struct Data {
    pub references: Vec<(Lang, RefWords)>,
    pub suits: Vec<(Lang, Edition, Vec<(char, char)>)>,
}

impl Data {
    pub fn references(&self, lang: Lang) -> Option<&RefWords> {
        self.references
            .iter()
            .find(|(l, _)| *l == lang)
            .map(|(_, r)| r)
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
            (Section::Refs(r), field) => {
                let w = &mut d.references[*r].1;
                let slot = match field {
                    "law-before" => &mut w.law_before,
                    "law-after" => &mut w.law_after,
                    "point-before" => &mut w.point_before,
                    "point-after" => &mut w.point_after,
                    "joiners" => &mut w.joiners,
                    "articles" => &mut w.articles,
                    other => return Err((n, format!("`{other}` is not a references field"))),
                };
                *slot = values.iter().map(|v| v.to_lowercase()).collect();
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
    }
}
