//! The term bank's file (grammar/terms.pest) into a [`TermBank`]. Syntax errors are reported
//! by pest's position with the rule named in words; the rest are checked here, each with its
//! span: an unknown language or form name (with "did you mean"), a concept or a language
//! given twice, a form given twice, a term of a text's language without the line where it
//! occurs, a pattern that cannot be matched.

use super::lang::TermLang;
use super::matcher::Pattern;
use super::{Concept, Entry, Form, Occurs, Status, Term, TermBank, Variant};
use crate::diagnostic::Diag;
use crate::source::Span;
use crate::suggest::did_you_mean;
use pest::iterators::Pair;
use std::collections::HashMap;

mod grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "grammar/terms.pest"]
    pub struct TermsParser;
}
use grammar::{Rule, TermsParser};

const E_SYNTAX: &str = "lawbook::terms::syntax";
const E_LANG: &str = "lawbook::terms::unknown_language";
const E_DUP_CONCEPT: &str = "lawbook::terms::duplicate_concept";
const E_DUP_LANG: &str = "lawbook::terms::duplicate_language";
const E_FORM: &str = "lawbook::terms::form";
const E_LINE: &str = "lawbook::terms::line";
const E_PATTERN: &str = "lawbook::terms::pattern";

fn phrase(r: Rule) -> Option<&'static str> {
    Some(match r {
        Rule::EOI => "the end of the file",
        Rule::concept => "`concept NAME {`",
        Rule::entry => "a language (`en`, `sk`, `pl`, `hu`, `sk1997`) and its term",
        Rule::note => "`note \"…\"`",
        Rule::missing => "`missing \"why\"`",
        Rule::term | Rule::string => "a quoted term",
        Rule::line => "`line N`",
        Rule::absent => "`absent \"why\"`",
        Rule::cased => "`cased`",
        Rule::block => "`{`",
        Rule::occurs => "`occurs \"…\"`",
        Rule::variant => "`variant \"…\" \"why\"`",
        Rule::form => "a form such as `gen \"…\"`",
        Rule::ident => "a name",
        Rule::number => "a line number",
        _ => return None,
    })
}

/// Parses a term bank; `file` is its index in the run's `Sources`, `name` its path.
pub fn parse_terms(file: u32, name: &str, text: &str) -> Result<TermBank, Vec<Diag>> {
    if let Some(d) = crate::syntax::pest_error::too_deep(file, text, E_SYNTAX) {
        return Err(vec![d]);
    }
    let top = crate::syntax::pest_error::parse::<TermsParser, _>(Rule::file, text)
        .map_err(|e| {
            vec![crate::syntax::pest_error::convert(
                e, file, text, phrase, E_SYNTAX,
            )]
        })?
        .next()
        .expect("the file rule");
    let mut p = Reader {
        file,
        diags: Vec::new(),
    };
    let mut concepts: Vec<Concept> = Vec::new();
    let mut seen: HashMap<String, Span> = HashMap::new();
    for c in top.into_inner().filter(|p| p.as_rule() == Rule::concept) {
        if let Some(concept) = p.concept(c) {
            if let Some(first) = seen.get(&concept.id) {
                p.diags.push(
                    Diag::new(
                        E_DUP_CONCEPT,
                        format!("concept `{}` is given twice", concept.id),
                    )
                    .label(concept.span, "given again here")
                    .label(*first, "first given here")
                    .help("merge the two entries into one"),
                );
                continue;
            }
            seen.insert(concept.id.clone(), concept.span);
            concepts.push(concept);
        }
    }
    if p.diags.is_empty() {
        Ok(TermBank::new(name, concepts))
    } else {
        Err(p.diags)
    }
}

struct Reader {
    file: u32,
    diags: Vec<Diag>,
}

impl Reader {
    /// A pair's span without the white space and comments pest leaves at its end.
    fn span(&self, p: &Pair<Rule>) -> Span {
        let start = p.as_span().start();
        let mut text = p.as_str();
        loop {
            let t = text.trim_end();
            // A trailing `// comment` line.
            match t
                .rfind('\n')
                .map(|i| &t[i + 1..])
                .filter(|l| l.trim_start().starts_with("//"))
            {
                Some(last) => text = &t[..t.len() - last.len()],
                None => {
                    text = t;
                    break;
                }
            }
        }
        Span::new(self.file, start, start + text.len())
    }

    /// A string's content with its escapes resolved.
    fn string(p: Pair<Rule>) -> String {
        let inner = p.into_inner().next().map_or("", |i| i.as_str());
        let mut out = String::with_capacity(inner.len());
        let mut chars = inner.chars();
        while let Some(c) = chars.next() {
            if c == '\\' {
                if let Some(n) = chars.next() {
                    out.push(n);
                }
            } else {
                out.push(c);
            }
        }
        out
    }

    fn number(&mut self, p: Pair<Rule>) -> Option<usize> {
        let span = self.span(&p);
        let n = p.into_inner().next()?;
        match n.as_str().parse::<usize>() {
            Ok(v) if v > 0 => Some(v),
            _ => {
                self.diags.push(
                    Diag::new(E_LINE, format!("`{}` is not a line number", n.as_str()))
                        .label(span, "lines are numbered from 1")
                        .help("give the 1-based line of the text where the term occurs"),
                );
                None
            }
        }
    }

    fn pattern(&mut self, text: &str, cased: bool, span: Span) -> Option<Pattern> {
        match Pattern::parse(text, cased) {
            Ok(p) => Some(p),
            Err(why) => {
                self.diags.push(
                    Diag::new(E_PATTERN, why)
                        .label(span, "cannot be looked for")
                        .help(
                            "write words, each whole or ending in `*` for a stem: `hlavn* hráč*`",
                        ),
                );
                None
            }
        }
    }

    fn concept(&mut self, c: Pair<Rule>) -> Option<Concept> {
        let span = self.span(&c);
        let mut inner = c.into_inner();
        let id_pair = inner.next()?;
        let id = id_pair.as_str().to_string();
        let id_end = id_pair.as_span().end();
        let mut note: Option<String> = None;
        let mut entries: Vec<Entry> = Vec::new();
        for item in inner {
            match item.as_rule() {
                Rule::note => {
                    let s = self.span(&item);
                    let text = Reader::string(item.into_inner().next()?);
                    if note.is_some() {
                        self.diags.push(
                            Diag::new(E_SYNTAX, format!("concept `{id}` has two notes"))
                                .label(s, "a second note")
                                .help("join the notes into one"),
                        );
                    }
                    note = Some(text);
                }
                Rule::entry => {
                    if let Some(e) = self.entry(item, &id) {
                        if let Some(first) = entries.iter().find(|x| x.lang == e.lang) {
                            self.diags.push(
                                Diag::new(
                                    E_DUP_LANG,
                                    format!("concept `{id}` gives `{}` twice", e.lang),
                                )
                                .label(e.span, "given again here")
                                .label(first.span, "first given here")
                                .help("keep one entry per language; list other wordings with `occurs` or `variant` in the term's block"),
                            );
                        } else {
                            entries.push(e);
                        }
                    }
                }
                _ => {}
            }
        }
        Some(Concept {
            id,
            span: Span::new(self.file, span.start as usize, id_end),
            note,
            entries,
        })
    }

    fn entry(&mut self, e: Pair<Rule>, concept: &str) -> Option<Entry> {
        let span = self.span(&e);
        let mut inner = e.into_inner();
        let lang_pair = inner.next()?;
        let lang_span = self.span(&lang_pair);
        let Some(lang) = TermLang::parse(lang_pair.as_str()) else {
            let names: Vec<&str> = TermLang::ALL.iter().map(|l| l.name()).collect();
            let hint = did_you_mean(lang_pair.as_str(), names.iter().copied());
            self.diags.push(
                Diag::new(
                    E_LANG,
                    format!(
                        "unknown language `{}` in concept `{concept}`",
                        lang_pair.as_str()
                    ),
                )
                .label(lang_span, "not a language of the term bank")
                .help(format!(
                    "{}{}the languages are {}",
                    hint,
                    if hint.is_empty() { "" } else { " " },
                    names.join(", ")
                )),
            );
            return None;
        };
        let body = inner.next()?;
        let status = match body.as_rule() {
            Rule::missing => Status::Missing(Reader::string(body.into_inner().next()?)),
            Rule::term => Status::Term(self.term(body, lang, concept)?),
            _ => return None,
        };
        Some(Entry { lang, span, status })
    }

    fn term(&mut self, t: Pair<Rule>, lang: TermLang, concept: &str) -> Option<Term> {
        let span = self.span(&t);
        let mut inner = t.into_inner();
        let text_pair = inner.next()?;
        let text_span = self.span(&text_pair);
        let text = Reader::string(text_pair);
        let mut term = Term {
            text,
            span: text_span,
            cased: false,
            line: None,
            absent: None,
            forms: Vec::new(),
            occurs: Vec::new(),
            variants: Vec::new(),
            patterns: Vec::new(),
        };
        let mut block = None;
        for part in inner {
            match part.as_rule() {
                Rule::cased => term.cased = true,
                Rule::line => term.line = self.number(part),
                Rule::absent => term.absent = Some(Reader::string(part.into_inner().next()?)),
                Rule::block => block = Some(part),
                _ => {}
            }
        }
        if let Some(b) = block {
            for item in b.into_inner() {
                self.block_item(item, lang, concept, &mut term);
            }
        }
        if lang.text().is_some() && term.line.is_none() && term.absent.is_none() {
            self.diags.push(
                Diag::new(
                    E_LINE,
                    format!("the {lang} term of `{concept}` has no line"),
                )
                .label(span, "where does it occur?")
                .help(format!(
                    "give the line of laws/{} where it occurs (`line 147`), or say why the text lacks it: `absent \"…\"`",
                    lang.text_path().unwrap_or_default()
                )),
            );
        }
        if term.line.is_some() && term.absent.is_some() {
            self.diags.push(
                Diag::new(
                    E_LINE,
                    format!("the {lang} term of `{concept}` has both a line and `absent`"),
                )
                .label(span, "one or the other")
                .help("a term the text uses has a line; one it lacks says why with `absent`"),
            );
        }
        // The term, its named forms and its other wordings are what the text is searched for.
        let mut patterns = Vec::new();
        if let Some(p) = self.pattern(&term.text, term.cased, text_span) {
            patterns.push(p);
        }
        for f in &term.forms {
            if let Ok(p) = Pattern::parse(&f.text, term.cased) {
                patterns.push(p);
            }
        }
        patterns.extend(term.occurs.iter().map(|o| o.pattern.clone()));
        term.patterns = patterns;
        Some(term)
    }

    fn block_item(&mut self, item: Pair<Rule>, lang: TermLang, concept: &str, term: &mut Term) {
        let span = self.span(&item);
        match item.as_rule() {
            Rule::occurs => {
                let mut parts = item.into_inner();
                let Some(s) = parts.next() else { return };
                let s_span = self.span(&s);
                let text = Reader::string(s);
                let line = parts.next().and_then(|l| self.number(l));
                if let Some(pattern) = self.pattern(&text, term.cased, s_span) {
                    term.occurs.push(Occurs {
                        pattern,
                        line,
                        span,
                    });
                }
            }
            Rule::variant => {
                let mut parts = item.into_inner();
                let Some(s) = parts.next() else { return };
                let s_span = self.span(&s);
                let text = Reader::string(s);
                let mut line = None;
                let mut reason = String::new();
                for p in parts {
                    match p.as_rule() {
                        Rule::line => line = self.number(p),
                        Rule::string => reason = Reader::string(p),
                        _ => {}
                    }
                }
                if let Some(pattern) = self.pattern(&text, term.cased, s_span) {
                    term.variants.push(Variant {
                        pattern,
                        line,
                        reason,
                        span,
                    });
                }
            }
            Rule::form => {
                let mut parts = item.into_inner();
                let (Some(name), Some(s)) = (parts.next(), parts.next()) else {
                    return;
                };
                let name_span = self.span(&name);
                let name = name.as_str().to_string();
                let s_span = self.span(&s);
                let text = Reader::string(s);
                if !lang.is_form(&name) {
                    let names = lang.form_names();
                    let hint = did_you_mean(&name, names.iter().map(String::as_str));
                    self.diags.push(
                        Diag::new(
                            E_FORM,
                            format!("`{name}` is not a form of a {lang} term (in `{concept}`)"),
                        )
                        .label(name_span, "unknown form")
                        .help(format!(
                            "{hint}{}the {lang} forms are {} (add `_pl` for the plural); other wordings the text uses go in `occurs \"…\"`",
                            if hint.is_empty() { "" } else { " " },
                            lang.cases().join(", ")
                        )),
                    );
                    return;
                }
                if let Some(first) = term.forms.iter().find(|f| f.name == name) {
                    self.diags.push(
                        Diag::new(
                            E_FORM,
                            format!("the {lang} term of `{concept}` gives the form `{name}` twice"),
                        )
                        .label(span, "given again here")
                        .label(first.span, "first given here"),
                    );
                    return;
                }
                if let Err(why) = Pattern::parse(&text, term.cased) {
                    self.diags.push(
                        Diag::new(E_PATTERN, why)
                            .label(s_span, "a form is words, without `*`")
                            .help("stems belong in `occurs \"…\"`"),
                    );
                    return;
                }
                if text.contains('*') {
                    self.diags.push(
                        Diag::new(
                            E_PATTERN,
                            format!("the form `{name}` of `{concept}` is a stem"),
                        )
                        .label(s_span, "a form is words, without `*`")
                        .help("stems belong in `occurs \"…\"`"),
                    );
                    return;
                }
                term.forms.push(Form { name, text, span });
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::render_plain;
    use crate::source::Sources;

    /// How much of `s` a string's inside takes as the grammar first said it: characters
    /// other than a quote, a backslash or a line feed, and escaped quotes and backslashes.
    fn inner_as_written(s: &str) -> usize {
        let b = s.as_bytes();
        let mut i = 0;
        while i < b.len() {
            match b[i] {
                b'"' | b'\n' => break,
                b'\\' if matches!(b.get(i + 1), Some(b'"' | b'\\')) => i += 2,
                b'\\' => break,
                _ => i += s[i..].chars().next().map_or(1, char::len_utf8),
            }
        }
        i
    }

    #[test]
    fn a_string_s_inside_is_what_it_was_before_its_characters_became_ranges() {
        let alphabet = [
            '"',
            '\\',
            '\n',
            '\r',
            '\t',
            ' ',
            '!',
            '#',
            '[',
            ']',
            'a',
            'ő',
            '…',
            '\u{0}',
            '\u{b}',
            '\u{10ffff}',
        ];
        crate::generated::rule_takes::<_, TermsParser>(Rule::inner, &alphabet, inner_as_written);
    }

    fn parse(text: &str) -> Result<TermBank, String> {
        let mut s = Sources::default();
        let f = s.add("t.terms", text);
        parse_terms(f, "t.terms", text).map_err(|ds| {
            let ds: Vec<Diag> = ds.into_iter().map(|d| d.with_sources(&s)).collect();
            render_plain(&ds)
        })
    }

    #[test]
    fn reads_terms_forms_occurs_variants_and_missing() {
        let b = parse(
            r#"
// a comment
concept declarer {
  en "declarer" { gen "declarer's" }
  sk "hlavný hráč" line 147 {
    gen "hlavného hráča"  occurs "hlavn* hráč*" line 149
    variant "hlavný hráć" "misprint \"ć\""
  }
  pl missing "no"
  hu "felvevő" line 198
  note "n"
}
concept north { en "North" pl "N" cased line 587 sk "Sever" absent "why" hu missing "x" }
"#,
        )
        .unwrap();
        assert_eq!(b.len(), 2);
        assert_eq!(b.term("declarer", TermLang::Sk), Some("hlavný hráč"));
        assert_eq!(
            b.form("declarer", TermLang::Sk, "gen"),
            Some("hlavného hráča")
        );
        assert_eq!(b.form("declarer", TermLang::Sk, "nom"), Some("hlavný hráč"));
        assert_eq!(b.form("declarer", TermLang::Sk, "dat"), None);
        assert_eq!(
            b.form_or_term("declarer", TermLang::Sk, "dat"),
            Some("hlavný hráč")
        );
        assert_eq!(b.term("declarer", TermLang::Pl), None);
        let c = b.concept("declarer").unwrap();
        assert_eq!(c.missing(TermLang::Pl), Some("no"));
        let t = c.term(TermLang::Sk).unwrap();
        assert_eq!(t.line, Some(147));
        assert_eq!(t.occurs[0].line, Some(149));
        assert_eq!(t.variants[0].reason, "misprint \"ć\"");
        assert_eq!(t.patterns.len(), 3);
        let n = b.concept("north").unwrap().term(TermLang::Pl).unwrap();
        assert!(n.cased);
        assert_eq!(
            b.concept("north")
                .unwrap()
                .term(TermLang::Sk)
                .unwrap()
                .absent
                .as_deref(),
            Some("why")
        );
        assert!(b.incomplete().is_empty());
    }

    #[test]
    fn errors_have_spans_and_suggestions() {
        let e = parse("concept a { en \"a\" sq \"b\" line 1 }").unwrap_err();
        assert!(e.contains("unknown language `sq`"), "{e}");
        assert!(e.contains("did you mean `sk`?"), "{e}");
        let e = parse("concept a { en \"a\" }\nconcept a { en \"b\" }").unwrap_err();
        assert!(e.contains("concept `a` is given twice"), "{e}");
        assert!(e.contains("first given here"), "{e}");
        let e = parse("concept a { en \"a\" en \"b\" }").unwrap_err();
        assert!(e.contains("gives `en` twice"), "{e}");
        let e = parse("concept a { sk \"b\" }").unwrap_err();
        assert!(e.contains("has no line"), "{e}");
        let e = parse("concept a { sk \"b\" line 3 { gne \"c\" } }").unwrap_err();
        assert!(e.contains("`gne` is not a form"), "{e}");
        assert!(e.contains("did you mean `gen`?"), "{e}");
        let e = parse("concept a { sk \"b\" line 3 { occurs \"x*y\" } }").unwrap_err();
        assert!(e.contains("must end a word"), "{e}");
        let e = parse("concept a { sk \"b\" line 0 }").unwrap_err();
        assert!(e.contains("not a line number"), "{e}");
        let e = parse("concept a { en \"a\" ").unwrap_err();
        assert!(e.contains("syntax error"), "{e}");
    }
}
