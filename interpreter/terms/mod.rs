//! The term bank: the law book's vocabulary in English, Slovak (2017 and 1997), Polish (2007)
//! and Hungarian (2017), one entry per concept, read from `laws/terms.terms`
//! (grammar/terms.pest; the format is in docs/terms.md).
//!
//! Each language's entry is the term (its citation form, the nominative), the line of the
//! law book's text of that language where it occurs, its named grammatical forms (for
//! rendering: `gen "hlavného hráča"`), the other wordings under which the text uses it
//! (`occurs "hlavn* hráč*"`), and the variants a translator should look at (misprints, older
//! terms). A language without the concept says so with the reason: `pl missing "…"`.
//!
//! The parts:
//! * `lang`: the columns, the text each is checked against, the form names of each;
//! * `parse`: the file, read with pest, into a [`TermBank`]; every error a [`Diag`] with its span;
//! * `matcher`: words, stems and punctuation: finding a term in a text;
//! * `usage`: which concepts each unit of an aligned text uses, and where it uses a variant;
//! * `verify`: whether each term occurs in its text, at the line the bank gives;
//! * `anchor`: a bank line as its paragraph, for a copy of a text whose lines have moved;
//! * `slips` (with `inflect`, the inflection rules of laws/terms.inflect): slips the bank does
//!   not list: a 1997 term in the 2017 text, a near-miss spelling, a concept one translation's
//!   paragraph has and the other's lacks;
//! * `report` and `cli`: the `terms check` command.

pub mod anchor;
pub mod cli;
pub mod inflect;
pub mod lang;
pub mod matcher;
mod parse;
pub mod report;
pub mod slips;
pub mod texts;
pub mod usage;
pub mod verify;

pub use lang::TermLang;
pub use matcher::{Match, Pattern, SearchText};
pub use parse::parse_terms;

use crate::diagnostic::Diag;
use crate::source::{Sources, Span};
use std::path::Path;

/// The term bank: the concepts in file order.
#[derive(Clone, Debug, Default)]
pub struct TermBank {
    /// The file it was read from.
    pub file: String,
    pub concepts: Vec<Concept>,
    /// By concept id; looked up for every term rendered, so hashed with FxHash.
    index: rustc_hash::FxHashMap<String, usize>,
}

/// One concept: its id (`insufficient_bid`), a note, and an entry per language.
#[derive(Clone, Debug)]
pub struct Concept {
    pub id: String,
    pub span: Span,
    pub note: Option<String>,
    pub entries: Vec<Entry>,
}

/// A language's entry for a concept.
#[derive(Clone, Debug)]
pub struct Entry {
    pub lang: TermLang,
    pub span: Span,
    pub status: Status,
}

#[derive(Clone, Debug)]
pub enum Status {
    Term(Term),
    /// The language has no term for the concept; why.
    Missing(String),
}

/// A term: its citation form and where and how the text uses it.
#[derive(Clone, Debug)]
pub struct Term {
    pub text: String,
    pub span: Span,
    /// Match letter case too (PL `N`, HU `BOE`).
    pub cased: bool,
    /// A line of the language's text where the term (or one of its forms) occurs.
    pub line: Option<usize>,
    /// The term is the right word but the text lacks it; why.
    pub absent: Option<String>,
    /// Named forms: (`gen`, `hlavného hráča`), in file order.
    pub forms: Vec<Form>,
    /// Other wordings the text uses for the term: inflected forms, stems, headings.
    pub occurs: Vec<Occurs>,
    /// Wordings a translator should look at.
    pub variants: Vec<Variant>,
    /// The term, its forms and its `occurs`, compiled.
    pub patterns: Vec<Pattern>,
}

#[derive(Clone, Debug)]
pub struct Form {
    pub name: String,
    pub text: String,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Occurs {
    pub pattern: Pattern,
    pub line: Option<usize>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Variant {
    pub pattern: Pattern,
    pub line: Option<usize>,
    pub reason: String,
    pub span: Span,
}

impl TermBank {
    pub fn new(file: impl Into<String>, concepts: Vec<Concept>) -> TermBank {
        let index = concepts
            .iter()
            .enumerate()
            .map(|(i, c)| (c.id.clone(), i))
            .collect();
        TermBank {
            file: file.into(),
            concepts,
            index,
        }
    }

    pub fn len(&self) -> usize {
        self.concepts.len()
    }

    pub fn is_empty(&self) -> bool {
        self.concepts.is_empty()
    }

    pub fn concept(&self, id: &str) -> Option<&Concept> {
        self.index.get(id).map(|i| &self.concepts[*i])
    }

    /// The term of a concept in a language: None when the concept is unknown or the language
    /// lacks it.
    pub fn term(&self, concept: &str, lang: TermLang) -> Option<&str> {
        self.concept(concept)?.term(lang).map(|t| t.text.as_str())
    }

    /// A named form (`gen`, `acc_pl`, `poss`) of a concept's term; `nom` is the term itself.
    pub fn form(&self, concept: &str, lang: TermLang, form: &str) -> Option<&str> {
        self.concept(concept)?.term(lang)?.form(form)
    }

    /// A named form, or the term itself when the bank gives no such form.
    pub fn form_or_term(&self, concept: &str, lang: TermLang, form: &str) -> Option<&str> {
        let t = self.concept(concept)?.term(lang)?;
        Some(t.form(form).unwrap_or(&t.text))
    }

    /// Required languages a concept gives neither a term nor `missing` for.
    pub fn incomplete(&self) -> Vec<(&Concept, TermLang)> {
        let mut out = Vec::new();
        for c in &self.concepts {
            for lang in TermLang::REQUIRED {
                if c.entry(lang).is_none() {
                    out.push((c, lang));
                }
            }
        }
        out
    }

    /// The concepts' ids, in file order.
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.concepts.iter().map(|c| c.id.as_str())
    }
}

impl Concept {
    pub fn entry(&self, lang: TermLang) -> Option<&Entry> {
        self.entries.iter().find(|e| e.lang == lang)
    }

    pub fn term(&self, lang: TermLang) -> Option<&Term> {
        match &self.entry(lang)?.status {
            Status::Term(t) => Some(t),
            Status::Missing(_) => None,
        }
    }

    /// Why the language lacks the concept, if it says so.
    pub fn missing(&self, lang: TermLang) -> Option<&str> {
        match &self.entry(lang)?.status {
            Status::Missing(why) => Some(why),
            Status::Term(_) => None,
        }
    }
}

impl Term {
    pub fn form(&self, name: &str) -> Option<&str> {
        if name == "nom" {
            return Some(
                self.forms
                    .iter()
                    .find(|f| f.name == "nom")
                    .map_or(self.text.as_str(), |f| f.text.as_str()),
            );
        }
        self.forms
            .iter()
            .find(|f| f.name == name)
            .map(|f| f.text.as_str())
    }
}

/// Reads and checks a term bank. Every diagnostic carries the file for display; a concept
/// that lacks a required language (en, sk, pl, hu) without saying why is an error.
pub fn load_terms(path: impl AsRef<Path>) -> Result<TermBank, Vec<Diag>> {
    let path = path.as_ref();
    let name = path.display().to_string();
    let bytes = crate::source::read_limited(path, crate::source::MAX_TEXT_BYTES).map_err(|e| {
        vec![Diag::new(E_IO, format!("cannot read {name}: {e}"))
            .help("the term bank of the law book is laws/terms.terms")]
    })?;
    let text = texts::check_text(E_IO, &name, &bytes).map_err(|d| vec![d])?;
    let mut sources = Sources::default();
    let file = sources.add(name.clone(), text.clone());
    let attach =
        |ds: Vec<Diag>| -> Vec<Diag> { ds.into_iter().map(|d| d.with_sources(&sources)).collect() };
    let bank = parse_terms(file, &name, &text).map_err(attach)?;
    let incomplete: Vec<Diag> = bank
        .incomplete()
        .into_iter()
        .map(|(c, lang)| {
            Diag::new(
                E_INCOMPLETE,
                format!("concept `{}` has no `{lang}` entry", c.id),
            )
            .label(c.span, format!("no `{lang}` here"))
            .help(format!(
                "give the {lang} term with the line where it occurs, or say why there is none: `{lang} missing \"the text has no such term\"`"
            ))
        })
        .collect();
    if !incomplete.is_empty() {
        return Err(attach(incomplete));
    }
    Ok(bank)
}

pub(crate) const E_IO: &str = "lawbook::terms::io";
pub(crate) const E_INCOMPLETE: &str = "lawbook::terms::incomplete";
