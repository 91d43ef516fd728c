//! `lawbook export xliff --lang L [--edition E] [--target-lang L2] [-o FILE]` and
//! `lawbook export xliff --import FILE.xlf [-o revised.txt]`.
//!
//! Exit codes: 0 written; 2 a text could not be read, the XLIFF file is not one lawbook can
//! put back (each reason a diagnostic pointing into it), or the output could not be written.

// A diagnostic is made once per run and carries its source for miette; its size does not
// matter (as in align/).
#![allow(clippy::result_large_err)]

use super::cli::{write, XliffArgs};
use super::xliff_read::{Source, E_XLIFF};
use crate::diagnostic::Diag;
use crate::terms::cli::report;
use crate::terms::texts;
use std::process::ExitCode;

pub fn run(a: &XliffArgs) -> ExitCode {
    let result = match &a.import {
        Some(file) => import(a, file),
        None => export(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(d) => {
            report(&[d]);
            ExitCode::from(2)
        }
    }
}

fn export(a: &XliffArgs) -> Result<(), Diag> {
    let lang = a
        .lang
        .ok_or_else(|| Diag::new(E_XLIFF, "--lang is needed"))?;
    if let Some(t) = &a.target_lang {
        let ok = !t.is_empty()
            && t.split('-').all(|p| {
                !p.is_empty() && p.len() <= 8 && p.chars().all(|c| c.is_ascii_alphanumeric())
            });
        if !ok {
            return Err(
                Diag::new(E_XLIFF, format!("--target-lang {t}: not a language tag"))
                    .help("give a BCP 47 tag: en, de, pt-BR"),
            );
        }
    }
    let edition = a.edition.unwrap_or(crate::align::Edition::E2017);
    let text = texts::load_with(&a.laws, lang, edition, &a.files)?;
    let (xml, stats) = super::xliff::xliff(&text, a.target_lang.as_deref());
    write(&a.output, &xml)?;
    errln!(
        "xliff {} {}: {} units ({} law text, {} definitions, {} footnotes, {} other; {} not to translate)",
        lang,
        edition,
        stats.units,
        stats.law,
        stats.definitions,
        stats.footnotes,
        stats.units - stats.law - stats.definitions - stats.footnotes,
        stats.untranslatable
    );
    Ok(())
}

fn import(a: &XliffArgs, file: &std::path::Path) -> Result<(), Diag> {
    let name = file.display().to_string();
    let bytes = crate::source::read_limited(file, crate::source::MAX_LARGE_BYTES)
        .map_err(|e| Diag::new(E_XLIFF, format!("cannot read {name}: {e}")))?;
    let xml = texts::check_text(E_XLIFF, &name, &bytes)?;
    let src = Source::new(&name, &xml);
    let doc = super::xliff_read::read(&xml, &src)?;
    let (lang, edition) = super::revise::text_of(&doc, &src)?;
    // --lang and --edition, when given, must be the file's.
    if a.lang.is_some_and(|l| l != lang) || a.edition.is_some_and(|e| e != edition) {
        return Err(src.diag(
            doc.file_at,
            format!(
                "{name} is for the {lang} {edition} text, not the {} {} one",
                a.lang.unwrap_or(lang),
                a.edition.unwrap_or(edition)
            ),
            "this file's text",
            "leave out --lang and --edition: the file says which text it is for",
        ));
    }
    let text = texts::load_with(&a.laws, lang, edition, &a.files)?;
    let r = super::revise::revise(&text, &doc, &src)?;
    write(&a.output, &r.text)?;
    let shown: Vec<&str> = r.changed.iter().take(10).map(String::as_str).collect();
    errln!(
        "xliff {lang} {edition}: {} of {} units revised{}{}",
        r.changed.len(),
        r.units,
        if shown.is_empty() { "" } else { ": " },
        shown.join(", ") + if r.changed.len() > 10 { ", …" } else { "" }
    );
    Ok(())
}
