//! The phrases format: one entry per sentence or fragment, its template in en, sk, pl and hu.
//! The ruling's rendering reads `laws/render.phrases`, the messages about a case
//! `laws/messages.phrases`. A template is text with placeholders (`{{` and `}}` are a brace):
//!
//! | placeholder | what it renders |
//! |---|---|
//! | `{name}` | an argument: a seat's name (from the term bank), a number, a text |
//! | `{name:FORM}` | a seat in a case of the term bank (`{holder:dat}`: Západu, Nyugatnak); `{seat:letter}` its letter in the case notation; `{n:szor}` a suffix after a number (Hungarian 3-szor, 2-szer); `{x:a}` the article before it (Hungarian az 1♥, a 2♥): `laws/render.grammar` gives both |
//! | `{=concept}`, `{=concept:FORM}` | a term of the term bank (`{=auction:loc}`: licitácii) |
//! | `{n#concept}`, `{n#concept:acc}` | a number and its noun, which agrees with it (9 zdvihov, 2 zdvihy, 1 zdvih; 9 ütést) |
//! | `{n?one\|few\|many}` | the text of the number's plural category, as `laws/render.grammar` lists them (en one/other; sk one/few/other; pl one/few/many; hu one) |
//!
//! Alternatives of a selector may hold placeholders (`{n?once|{n} times}`).

use crate::syntax::ast::Lang;
use std::collections::HashMap;

/// A piece of a template.
#[derive(Clone, Debug, PartialEq)]
pub enum Piece {
    Lit(String),
    Arg {
        name: String,
        form: Option<String>,
    },
    Term {
        concept: String,
        form: Option<String>,
    },
    Count {
        name: String,
        concept: String,
        case: Option<String>,
    },
    Select {
        name: String,
        alts: Vec<Vec<Piece>>,
    },
}

#[derive(Clone, Debug)]
pub struct Phrase {
    pub id: String,
    pub line: usize,
    /// Per language (index: `words::lang_index`): the source text and its pieces.
    pub texts: [Option<(String, Vec<Piece>)>; 4],
}

#[derive(Clone, Debug, Default)]
pub struct Phrases {
    pub file: String,
    pub phrases: Vec<Phrase>,
    /// By id; looked up for every sentence rendered, so hashed with FxHash (see
    /// docs/architecture.md, rustc-hash).
    index: rustc_hash::FxHashMap<String, usize>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhraseError {
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for PhraseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

fn li(l: Lang) -> usize {
    crate::case::words::lang_index(l)
}

/// Parse a template into pieces.
pub fn parse_template(t: &str) -> Result<Vec<Piece>, String> {
    let chars: Vec<char> = t.chars().collect();
    let (pieces, end) = parse_pieces(&chars, 0, false)?;
    if end != chars.len() {
        return Err(format!("unexpected `{}`", chars[end]));
    }
    Ok(pieces)
}

/// Pieces from `i` to the end, or (inside a selector) to the next top-level `|` or `}`.
fn parse_pieces(c: &[char], mut i: usize, nested: bool) -> Result<(Vec<Piece>, usize), String> {
    let mut out = vec![];
    let mut lit = String::new();
    while i < c.len() {
        match c[i] {
            '{' if c.get(i + 1) == Some(&'{') => {
                lit.push('{');
                i += 2;
            }
            '}' if !nested && c.get(i + 1) == Some(&'}') => {
                lit.push('}');
                i += 2;
            }
            '{' => {
                if !lit.is_empty() {
                    out.push(Piece::Lit(std::mem::take(&mut lit)));
                }
                let (p, next) = parse_placeholder(c, i + 1)?;
                out.push(p);
                i = next;
            }
            '}' | '|' if nested => break,
            '}' => return Err("a `}` without its `{`".into()),
            ch => {
                lit.push(ch);
                i += 1;
            }
        }
    }
    if !lit.is_empty() {
        out.push(Piece::Lit(lit));
    }
    Ok((out, i))
}

/// A placeholder after its `{`; returns the index after its `}`.
fn parse_placeholder(c: &[char], start: usize) -> Result<(Piece, usize), String> {
    // The head: up to `?` (a selector) or `}`.
    let mut i = start;
    let mut head = String::new();
    while i < c.len() && c[i] != '}' && c[i] != '?' {
        if c[i] == '{' || c[i] == '|' {
            return Err(format!("`{}` inside a placeholder", c[i]));
        }
        head.push(c[i]);
        i += 1;
    }
    if i == c.len() {
        return Err(format!("the placeholder `{{{head}` is not closed"));
    }
    let ident = |s: &str| !s.is_empty() && s.chars().all(|ch| ch.is_alphanumeric() || ch == '_');
    if c[i] == '?' {
        if !ident(&head) {
            return Err(format!("`{head}` is not an argument's name"));
        }
        let mut alts = vec![];
        i += 1;
        loop {
            let (p, next) = parse_pieces(c, i, true)?;
            alts.push(p);
            match c.get(next) {
                Some('|') => i = next + 1,
                Some('}') => return Ok((Piece::Select { name: head, alts }, next + 1)),
                _ => return Err(format!("the selector `{{{head}?…` is not closed")),
            }
        }
    }
    let end = i + 1;
    let split = |s: &str| -> Result<(String, Option<String>), String> {
        let mut parts = s.splitn(2, ':');
        let a = parts.next().unwrap_or("").to_string();
        let b = parts.next().map(str::to_string);
        if !ident(&a) || b.as_deref().is_some_and(|b| !ident(b)) {
            return Err(format!("`{{{s}}}` is not a placeholder"));
        }
        Ok((a, b))
    };
    if let Some(rest) = head.strip_prefix('=') {
        let (concept, form) = split(rest)?;
        return Ok((Piece::Term { concept, form }, end));
    }
    if let Some((name, rest)) = head.split_once('#') {
        if !ident(name) {
            return Err(format!("`{name}` is not an argument's name"));
        }
        let (concept, case) = split(rest)?;
        return Ok((
            Piece::Count {
                name: name.to_string(),
                concept,
                case,
            },
            end,
        ));
    }
    let (name, form) = split(&head)?;
    Ok((Piece::Arg { name, form }, end))
}

/// Read a string literal at the start of `s` (after its opening quote).
fn string_lit(s: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut it = s.chars();
    loop {
        match it.next() {
            None => return Err("a string without its closing `\"`".into()),
            Some('"') => {
                if !it.as_str().trim().is_empty() {
                    return Err(format!("`{}` after the string", it.as_str().trim()));
                }
                return Ok(out);
            }
            Some('\\') => match it.next() {
                Some(c @ ('"' | '\\')) => out.push(c),
                _ => return Err("only `\\\"` and `\\\\` are escapes".into()),
            },
            Some(c) => out.push(c),
        }
    }
}

impl Phrases {
    /// Read a phrase file: `phrase ID` lines, each followed by `LANG "template"` lines. Every
    /// phrase must give en, sk, pl and hu.
    pub fn parse(file: &str, text: &str) -> Result<Phrases, Vec<PhraseError>> {
        let mut errors = vec![];
        let mut phrases: Vec<Phrase> = vec![];
        for (n, raw) in text.lines().enumerate() {
            let line = n + 1;
            let t = raw.trim();
            if t.is_empty() || t.starts_with("//") {
                continue;
            }
            if let Some(id) = t.strip_prefix("phrase ") {
                let id = id.trim();
                if id.is_empty() || id.contains(char::is_whitespace) {
                    errors.push(PhraseError {
                        line,
                        message: format!("`{t}`: a phrase's id is one word"),
                    });
                    continue;
                }
                if let Some(p) = phrases.iter().find(|p| p.id == id) {
                    errors.push(PhraseError {
                        line,
                        message: format!("phrase `{id}` is given twice (first on line {})", p.line),
                    });
                }
                phrases.push(Phrase {
                    id: id.to_string(),
                    line,
                    texts: Default::default(),
                });
                continue;
            }
            let (code, rest) = t.split_once(char::is_whitespace).unwrap_or((t, ""));
            let Some(lang) = Lang::parse(code) else {
                errors.push(PhraseError {
                    line,
                    message: format!("`{code}` is not a language (en, sk, pl, hu) nor `phrase`"),
                });
                continue;
            };
            let Some(p) = phrases.last_mut() else {
                errors.push(PhraseError {
                    line,
                    message: "a text before the first `phrase`".into(),
                });
                continue;
            };
            let Some(body) = rest.trim().strip_prefix('"') else {
                errors.push(PhraseError {
                    line,
                    message: format!("the {} text of `{}` is a quoted string", code, p.id),
                });
                continue;
            };
            let s = match string_lit(body) {
                Ok(s) => s,
                Err(e) => {
                    errors.push(PhraseError { line, message: e });
                    continue;
                }
            };
            if p.texts[li(lang)].is_some() {
                errors.push(PhraseError {
                    line,
                    message: format!("phrase `{}` gives `{code}` twice", p.id),
                });
                continue;
            }
            match parse_template(&s) {
                Ok(pieces) => p.texts[li(lang)] = Some((s, pieces)),
                Err(e) => errors.push(PhraseError {
                    line,
                    message: format!("the {code} text of `{}`: {e}", p.id),
                }),
            }
        }
        for p in &phrases {
            for l in Lang::ALL {
                if p.texts[li(l)].is_none() {
                    errors.push(PhraseError {
                        line: p.line,
                        message: format!("phrase `{}` has no `{}` text", p.id, l.code()),
                    });
                }
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let index = phrases
            .iter()
            .enumerate()
            .map(|(i, p)| (p.id.clone(), i))
            .collect();
        Ok(Phrases {
            file: file.to_string(),
            phrases,
            index,
        })
    }

    pub fn get(&self, id: &str, lang: Lang) -> Option<&[Piece]> {
        self.pieces(*self.index.get(id)?, lang)
    }

    pub fn has(&self, id: &str) -> bool {
        self.index.contains_key(id)
    }

    /// The phrase whose id is `parts` joined by dots (`["said", option, answer]` for
    /// `said.OPTION.ANSWER`), found without building the id in a new string: the renderings
    /// look up such ids for most lines they write.
    pub fn find(&self, parts: &[&str]) -> Option<usize> {
        thread_local! {
            /// The id being looked up, kept between lookups so that it is never allocated.
            static ID: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
        }
        ID.with_borrow_mut(|id| {
            id.clear();
            for (i, part) in parts.iter().enumerate() {
                if i > 0 {
                    id.push('.');
                }
                id.push_str(part);
            }
            self.index.get(id.as_str()).copied()
        })
    }

    /// `get` for the id `parts` make (`find`).
    pub fn get_at(&self, parts: &[&str], lang: Lang) -> Option<&[Piece]> {
        self.pieces(self.find(parts)?, lang)
    }

    /// The pieces of phrase `i` (from `find`) in a language, if it has a text in it.
    pub fn pieces(&self, i: usize, lang: Lang) -> Option<&[Piece]> {
        self.phrases[i].texts[li(lang)]
            .as_ref()
            .map(|(_, pieces)| pieces.as_slice())
    }
}

/// What a translator's file changes in one language of a phrase file (`merge`).
#[derive(Debug, Default, PartialEq)]
pub struct Merged {
    /// The phrase file with the translations in place; every other line as it was.
    pub text: String,
    /// The ids whose text changed.
    pub changed: Vec<String>,
}

/// Put translations (phrase id, template) into the `lang` lines of a phrase file's text,
/// keeping every other line, comment and language as written. Each template must parse and use
/// only arguments the phrase's texts already use in some language (a translation cannot ask
/// the program for one it does not pass); an id the file does not have is refused. All or nothing:
/// the findings, in the order of `entries`, and no text when there is one.
pub fn merge(text: &str, lang: Lang, entries: &[(String, String)]) -> Result<Merged, Vec<String>> {
    let current = Phrases::parse("", text).map_err(|e| {
        e.iter()
            .map(|e| format!("the phrase file itself: {e}"))
            .collect::<Vec<_>>()
    })?;
    let mut findings = vec![];
    let mut wanted: HashMap<&str, &str> = HashMap::new();
    for (id, template) in entries {
        if !current.has(id) {
            findings.push(format!("`{id}` is not a phrase of this file"));
            continue;
        }
        let pieces = match parse_template(template) {
            Ok(p) => p,
            Err(e) => {
                findings.push(format!("`{id}`: {e}"));
                continue;
            }
        };
        let mut given: Vec<String> = Lang::ALL
            .into_iter()
            .filter_map(|l| current.get(id, l))
            .flat_map(arg_names)
            .collect();
        given.sort();
        given.dedup();
        if let Some(extra) = arg_names(&pieces).into_iter().find(|a| !given.contains(a)) {
            findings.push(format!(
                "`{id}`: `{{{extra}}}` is not an argument of this phrase (its texts use {})",
                if given.is_empty() {
                    "none".to_string()
                } else {
                    given
                        .iter()
                        .map(|a| format!("{{{a}}}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                }
            ));
            continue;
        }
        // What every language's text of the phrase says, a translation that leaves out
        // loses: a question, a card, a count (a language that needs none of it has a text
        // without it already, and the check is not made).
        let said = arg_names(&pieces);
        let in_every = Lang::ALL
            .into_iter()
            .filter(|l| *l != lang)
            .filter_map(|l| current.get(id, l))
            .map(arg_names)
            .reduce(|a, b| a.into_iter().filter(|x| b.contains(x)).collect());
        if let Some(dropped) = in_every
            .unwrap_or_default()
            .into_iter()
            .find(|a| !said.contains(a))
        {
            findings.push(format!(
                "`{id}`: the translation leaves out `{{{dropped}}}`, which the phrase's text in \
                 every other language has: the ruling would lose what it says"
            ));
            continue;
        }
        if wanted.insert(id, template).is_some() {
            findings.push(format!(
                "`{id}` is translated twice in the file: keep one of the two"
            ));
        }
    }
    if !findings.is_empty() {
        return Err(findings);
    }
    let mut out = String::with_capacity(text.len());
    let mut changed = vec![];
    let mut phrase: Option<&str> = None;
    for line in text.split_inclusive('\n') {
        let t = line.trim();
        if let Some(id) = t.strip_prefix("phrase ") {
            phrase = Some(id.trim());
        }
        let replace = phrase
            .and_then(|id| wanted.get(id).map(|w| (id, *w)))
            .filter(|_| t.split_whitespace().next() == Some(lang.code()));
        match replace {
            Some((id, template)) => {
                let indent = &line[..line.len() - line.trim_start().len()];
                let end = &line[line.trim_end().len()..];
                let escaped = template.replace('\\', "\\\\").replace('"', "\\\"");
                let new = format!("{indent}{} \"{escaped}\"{end}", lang.code());
                if new != line {
                    changed.push(id.to_string());
                }
                out.push_str(&new);
            }
            None => out.push_str(line),
        }
    }
    Ok(Merged { text: out, changed })
}

fn arg_names(pieces: &[Piece]) -> Vec<String> {
    let mut out = vec![];
    for p in pieces {
        match p {
            Piece::Arg { name, .. } | Piece::Count { name, .. } => out.push(name.clone()),
            Piece::Select { name, alts } => {
                out.push(name.clone());
                out.extend(alts.iter().flat_map(|a| arg_names(a)));
            }
            Piece::Lit(_) | Piece::Term { .. } => {}
        }
    }
    out.sort();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "// a comment\nphrase a\n  en \"{x} has {n#trick}\"\n  sk \"{x} má {n#trick}\"\n  pl \"p\"\n  hu \"h\"\n\nphrase b\n  en \"b\"\n  sk \"b\"\n  pl \"b\"\n  hu \"b\"\n";

    /// A phrase found by the parts of its id is the phrase of the whole id: every id of the
    /// renderings' file split at its dots, ids it does not hold, and a long id.
    #[test]
    fn a_phrase_found_by_the_parts_of_its_id_is_the_one_its_whole_id_names() {
        let text = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("laws/render.phrases"),
        )
        .unwrap();
        let phrases = Phrases::parse("render.phrases", &text).unwrap();
        assert!(phrases.phrases.len() > 100);
        for (i, p) in phrases.phrases.iter().enumerate() {
            let parts: Vec<&str> = p.id.split('.').collect();
            assert_eq!(phrases.find(&parts), Some(i), "{}", p.id);
            // The same id cut elsewhere names the same phrase.
            if let Some((head, tail)) = p.id.split_once('.') {
                assert_eq!(phrases.find(&[head, tail]), Some(i), "{}", p.id);
            }
            let mut more = parts.clone();
            more.push("x");
            assert_eq!(
                phrases.find(&more),
                phrases.index.get(&format!("{}.x", p.id)).copied()
            );
        }
        assert_eq!(phrases.find(&["no", "such", "phrase"]), None);
        assert_eq!(phrases.find(&[]), phrases.index.get("").copied());
        let long = "é".repeat(100);
        let file = format!("phrase {long}.b\n  en \"x\"\n  sk \"x\"\n  pl \"x\"\n  hu \"x\"\n");
        let p = Phrases::parse("", &file).unwrap();
        assert_eq!(p.find(&[&long, "b"]), Some(0));
        assert_eq!(p.find(&[&long, "c"]), None);
    }

    #[test]
    fn a_merge_changes_the_language_lines_it_is_given_and_nothing_else() {
        let m = merge(
            FILE,
            Lang::Pl,
            &[("a".into(), "gracz {x} ma {n#trick} \"x\"".into())],
        )
        .unwrap();
        assert_eq!(m.changed, ["a"]);
        assert_eq!(
            m.text,
            FILE.replace("  pl \"p\"", "  pl \"gracz {x} ma {n#trick} \\\"x\\\"\"")
        );
        assert!(Phrases::parse("", &m.text).is_ok());
        // The same text again changes nothing.
        let again = merge(FILE, Lang::Sk, &[("a".into(), "{x} má {n#trick}".into())]).unwrap();
        assert_eq!(again.text, FILE);
        assert!(again.changed.is_empty());
    }

    #[test]
    fn a_merge_refuses_unknown_ids_arguments_and_broken_templates_all_or_nothing() {
        let e = merge(
            FILE,
            Lang::Hu,
            &[
                ("a".into(), "{y}".into()),
                ("c".into(), "x".into()),
                ("b".into(), "{b".into()),
            ],
        )
        .unwrap_err();
        assert_eq!(e.len(), 3, "{e:?}");
        assert!(e[0].contains("`{y}` is not an argument"), "{e:?}");
        assert!(e[1].contains("`c` is not a phrase"), "{e:?}");
        assert!(e[2].starts_with("`b`:"), "{e:?}");
    }

    /// What every other language's text of a phrase says, a translation may not leave out;
    /// a phrase translated twice in one file is refused, not read as its last translation.
    #[test]
    fn a_merge_refuses_a_dropped_argument_and_a_phrase_translated_twice() {
        let file = "phrase q\n  en \"Open: {ask}\"\n  sk \"Otvorené: {ask}\"\n  pl \"O: {ask}\"\n  hu \"Nyitott: {ask}\"\n";
        let e = merge(file, Lang::Pl, &[("q".into(), "Otwarta kwestia".into())]).unwrap_err();
        assert_eq!(e.len(), 1, "{e:?}");
        assert!(e[0].contains("leaves out `{ask}`"), "{e:?}");
        let e = merge(
            file,
            Lang::Pl,
            &[
                ("q".into(), "A: {ask}".into()),
                ("q".into(), "B: {ask}".into()),
            ],
        )
        .unwrap_err();
        assert!(e[0].contains("`q` is translated twice"), "{e:?}");
        assert!(merge(file, Lang::Pl, &[("q".into(), "Otwarta: {ask}".into())]).is_ok());
    }

    #[test]
    fn templates_parse() {
        let p =
            parse_template("{holder:dat} sa zakazuje {=lead} ({n#trick:acc}){n?, raz|, {n} razy}")
                .unwrap();
        assert_eq!(
            p[0],
            Piece::Arg {
                name: "holder".into(),
                form: Some("dat".into())
            }
        );
        assert!(matches!(&p[2], Piece::Term { concept, form: None } if concept == "lead"));
        assert!(matches!(&p[4], Piece::Count { concept, .. } if concept == "trick"));
        let Piece::Select { alts, .. } = &p[6] else {
            panic!("{p:?}")
        };
        assert_eq!(alts.len(), 2);
        assert!(parse_template("{a").is_err());
        assert!(parse_template("a}").is_err());
        assert!(parse_template("{n?a|b").is_err());
        // Doubled braces are braces.
        assert_eq!(
            parse_template("`auction {{ … }}` {k}").unwrap()[0],
            Piece::Lit("`auction { … }` ".into())
        );
    }

    #[test]
    fn a_phrase_without_a_language_is_named() {
        let e = Phrases::parse("t", "phrase x\n  en \"a\"\n  sk \"b\"\n  pl \"c\"\n").unwrap_err();
        assert_eq!(e[0].message, "phrase `x` has no `hu` text");
    }
}
