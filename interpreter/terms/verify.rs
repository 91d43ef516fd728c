//! Whether the term bank agrees with the texts: each term of a text's language occurs in that
//! text (as itself, a named form or an `occurs` wording) on the line the bank gives; a term
//! marked `absent` does not occur; an `occurs` or `variant` with a line matches on that line.
//! Against another copy of a text (`terms check --laws DIR`) a bank line stands for its
//! paragraph (anchor.rs), so that inserted and removed lines move nothing.

use super::anchor::Anchors;
use super::matcher::SearchText;
use super::texts::Text;
use super::{Concept, Status, TermBank, TermLang};
use crate::diagnostic::Diag;
use crate::source::Span;
use std::collections::BTreeMap;

pub const E_VERIFY: &str = "lawbook::terms::verify";

/// A disagreement between the bank and a text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub concept: String,
    pub lang: TermLang,
    pub message: String,
    pub span: Span,
}

impl Problem {
    pub fn to_diag(&self) -> Diag {
        Diag::new(E_VERIFY, self.message.clone())
            .label(self.span, format!("{} {}", self.concept, self.lang))
            .help("correct the line, or add the wording the text uses with `occurs \"…\"`, or mark the term `absent \"why\"`")
    }
}

/// Counts per language and the problems found.
#[derive(Clone, Debug, Default)]
pub struct Verified {
    /// Per language: (terms checked, terms that occur at their line, terms marked absent,
    /// concepts marked missing).
    pub counts: BTreeMap<TermLang, Counts>,
    pub problems: Vec<Problem>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub terms: usize,
    pub verified: usize,
    pub absent: usize,
    pub missing: usize,
}

/// Checks the bank against the texts given (the languages without a text are skipped).
pub fn verify(bank: &TermBank, texts: &[(TermLang, &SearchText)]) -> Verified {
    let mut out = Verified::default();
    for (lang, words) in texts {
        let counts = out.counts.entry(*lang).or_default();
        for c in &bank.concepts {
            verify_one(c, *lang, words, &Anchors::Exact, counts, &mut out.problems);
        }
    }
    out
}

/// Checks the bank against one text read from a file: on the bank's lines when it is the law
/// book's own text, in their paragraphs when it is another copy.
pub fn verify_text(bank: &TermBank, lang: TermLang, text: &Text) -> Verified {
    let anchors = match TermLang::of_text(text.lang, text.edition) {
        Some(_) => Anchors::for_text(text),
        None => Anchors::across(lang, text),
    };
    let mut out = Verified::default();
    let counts = out.counts.entry(lang).or_default();
    for c in &bank.concepts {
        verify_one(c, lang, &text.words, &anchors, counts, &mut out.problems);
    }
    out
}

fn verify_one(
    c: &Concept,
    lang: TermLang,
    words: &SearchText,
    anchors: &Anchors,
    counts: &mut Counts,
    problems: &mut Vec<Problem>,
) {
    let Some(entry) = c.entry(lang) else { return };
    let t = match &entry.status {
        Status::Missing(_) => {
            counts.missing += 1;
            return;
        }
        Status::Term(t) => t,
    };
    let mut problem = |message: String, span: Span| {
        problems.push(Problem {
            concept: c.id.clone(),
            lang,
            message,
            span,
        })
    };
    let mut lines: Vec<usize> = t
        .patterns
        .iter()
        .flat_map(|p| p.find(words))
        .map(|m| m.line)
        .collect();
    lines.sort();
    lines.dedup();
    let path = lang.text_path().unwrap_or_default();
    counts.terms += 1;
    if let Some(why) = &t.absent {
        counts.absent += 1;
        if !lines.is_empty() {
            problem(
                format!(
                    "`{}`: the {lang} term is marked absent ({why}), but it occurs in laws/{path} at line {}",
                    c.id,
                    list(&lines)
                ),
                t.span,
            );
        }
    } else if lines.is_empty() {
        problem(
            format!(
                "`{}`: the {lang} term \"{}\" occurs nowhere in laws/{path}, nor do its forms and wordings",
                c.id, t.text
            ),
            t.span,
        );
    } else if let Some(line) = t.line {
        if anchors.holds(line, &lines) {
            counts.verified += 1;
        } else {
            problem(
                format!(
                    "`{}`: the {lang} term \"{}\" is not {} of laws/{path}; it occurs at line {}",
                    c.id,
                    t.text,
                    anchors.describe(line),
                    list(&lines)
                ),
                t.span,
            );
        }
    }
    for o in &t.occurs {
        if let Some(line) = o.line {
            let found: Vec<usize> = o.pattern.find(words).iter().map(|m| m.line).collect();
            if !anchors.holds(line, &found) {
                problem(
                    format!(
                        "`{}`: \"{}\" is not {} of laws/{path}",
                        c.id,
                        o.pattern.source,
                        anchors.describe(line)
                    ),
                    o.span,
                );
            }
        }
    }
    for v in &t.variants {
        if let Some(line) = v.line {
            let found: Vec<usize> = v.pattern.find(words).iter().map(|m| m.line).collect();
            if !anchors.holds(line, &found) {
                problem(
                    format!(
                        "`{}`: the variant \"{}\" is not {} of laws/{path}",
                        c.id,
                        v.pattern.source,
                        anchors.describe(line)
                    ),
                    v.span,
                );
            }
        }
    }
}

/// `12, 40, 77 …` (the first few).
fn list(lines: &[usize]) -> String {
    let mut s: Vec<String> = lines.iter().take(6).map(|l| l.to_string()).collect();
    if lines.len() > 6 {
        s.push("…".into());
    }
    s.join(", ")
}
