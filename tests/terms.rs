//! The term bank (laws/terms.terms): it loads; every concept gives en, sk, pl and hu or says
//! why not; every term occurs in its text on the line the bank gives; bad files are refused
//! with a diagnostic that names the place.

use lawbook::diagnostic::render_plain;
use lawbook::terms::verify::verify;
use lawbook::terms::{load_terms, SearchText, Status, TermBank, TermLang};
use std::path::{Path, PathBuf};
use unicode_normalization::UnicodeNormalization;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn bank() -> TermBank {
    match load_terms(root().join("laws/terms.terms")) {
        Ok(b) => b,
        Err(d) => panic!("{}", render_plain(&d)),
    }
}

fn text(lang: TermLang) -> String {
    let path = root().join("laws").join(lang.text_path().unwrap());
    std::fs::read_to_string(path).unwrap()
}

fn data(name: &str) -> PathBuf {
    root().join("tests/data/terms").join(name)
}

/// Every concept that lacks one of en, sk, pl, hu without a `missing` line, as
/// "concept: language".
fn incomplete(bank: &TermBank) -> Vec<String> {
    let mut out = Vec::new();
    for c in &bank.concepts {
        for lang in TermLang::REQUIRED {
            match c.entry(lang).map(|e| &e.status) {
                None => out.push(format!("{}: {lang}", c.id)),
                Some(Status::Missing(why)) if why.trim().is_empty() => {
                    out.push(format!("{}: {lang} (missing without a reason)", c.id))
                }
                Some(Status::Term(t)) if t.text.trim().is_empty() => {
                    out.push(format!("{}: {lang} (empty term)", c.id))
                }
                _ => {}
            }
        }
    }
    out
}

#[test]
fn every_concept_has_en_sk_pl_hu_or_says_why_not() {
    let b = bank();
    assert!(b.len() >= 226, "{} concepts", b.len());
    let bad = incomplete(&b);
    assert!(bad.is_empty(), "concepts without a language: {bad:?}");
}

#[test]
fn an_incomplete_entry_is_named_with_its_language() {
    // The check itself, on a bank that parses but lacks `pl` for `dummy`.
    let src = std::fs::read_to_string(data("incomplete.terms")).unwrap();
    let mut s = lawbook::source::Sources::default();
    let f = s.add("incomplete.terms", src.clone());
    let parsed = lawbook::terms::parse_terms(f, "incomplete.terms", &src).unwrap();
    assert_eq!(incomplete(&parsed), vec!["dummy: pl".to_string(), "pass: hu (missing without a reason)".to_string()]);
    // And loading it is an error that names both.
    let err = render_plain(&load_terms(data("incomplete.terms")).unwrap_err());
    assert!(err.contains("concept `dummy` has no `pl` entry"), "{err}");
}

#[test]
fn every_term_occurs_in_its_text_on_its_line() {
    let b = bank();
    let langs = [TermLang::Sk, TermLang::Pl, TermLang::Hu, TermLang::Sk1997];
    let texts: Vec<(TermLang, SearchText)> = langs
        .iter()
        .map(|l| (*l, SearchText::new(&text(*l))))
        .collect();
    let refs: Vec<(TermLang, &SearchText)> = texts.iter().map(|(l, t)| (*l, t)).collect();
    let v = verify(&b, &refs);
    for (lang, c) in &v.counts {
        eprintln!(
            "{lang}: {} terms, {} occur on their line, {} absent; {} concepts missing",
            c.terms, c.verified, c.absent, c.missing
        );
    }
    let problems: Vec<String> = v.problems.iter().map(|p| p.message.clone()).collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    for lang in langs {
        let c = v.counts[&lang];
        assert_eq!(c.verified + c.absent, c.terms, "{lang}");
    }
}
