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
        None => export(a).map(|()| ExitCode::SUCCESS),
    };
    match result {
        Ok(code) => code,
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

/// The file put back; a translation with units left untranslated is a finding (exit 1).
fn import(a: &XliffArgs, file: &std::path::Path) -> Result<ExitCode, Diag> {
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
    let first_ten = |keys: &[&str]| {
        let shown = keys.iter().take(10).copied().collect::<Vec<_>>().join(", ");
        shown + if keys.len() > 10 { ", …" } else { "" }
    };
    let changed: Vec<&str> = r.changed.iter().map(String::as_str).collect();
    // A translation (`--target-lang en`): the units translated go in in its language, the
    // others stay in the text's; said, and a finding while any is left.
    let into = doc
        .trg_lang
        .as_deref()
        .filter(|t| !super::primary_language(t).eq_ignore_ascii_case(&lang.to_string()));
    let Some(into) = into else {
        errln!(
            "xliff {lang} {edition}: {} of {} units revised{}{}",
            changed.len(),
            r.units,
            if changed.is_empty() { "" } else { ": " },
            first_ten(&changed)
        );
        return Ok(ExitCode::SUCCESS);
    };
    let left: Vec<&str> = doc
        .units
        .iter()
        .filter(|u| !u.translated)
        .map(|u| u.name.as_deref().unwrap_or(&u.id))
        .collect();
    errln!(
        "xliff {lang} {edition} into {into}: {} of {} units translated{}{}",
        r.units - left.len(),
        r.units,
        if changed.is_empty() { "" } else { ": " },
        first_ten(&changed)
    );
    if left.is_empty() {
        return Ok(ExitCode::SUCCESS);
    }
    errln!(
        "{} unit(s) not translated stay in {lang} in the text written, which mixes the two \
         languages: {}",
        left.len(),
        first_ten(&left)
    );
    Ok(ExitCode::from(1))
}
