//! `lawbook phrases [CORPUS] --lang L [--po]`: for a translator, every distinct sentence the
//! corpus's rulings say in a language, with how often and one case that says it; with `--po`,
//! the phrase templates of laws/render.phrases as a gettext PO file (the language's template
//! beside the English one), which Poedit, Weblate, Pontoon and OmegaT open.

use crate::export::po;
use crate::runner::{case_name, rule_and_render, Books};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The corpus whose rulings are listed: a folder of .case files.
    #[arg(default_value = "corpus")]
    pub corpus: PathBuf,
    /// The language whose sentences are listed (sk, pl, hu or en).
    #[arg(long, value_parser = ["en", "sk", "pl", "hu"])]
    pub lang: String,
    /// The folder that holds the law books and laws/render.phrases.
    #[arg(long, default_value = "laws")]
    pub laws: PathBuf,
    /// Write the phrase templates as a gettext PO file instead (msgctxt: the phrase's id;
    /// msgid: its English template; msgstr: the language's; the placeholders kept as written).
    #[arg(long)]
    pub po: bool,
    /// With --po: the messages about a case (laws/messages.phrases: the case reader's
    /// diagnostics, the table's objections) instead of the rulings' phrases.
    #[arg(long)]
    pub messages: bool,
    /// Read a translator's PO file (as --po writes it, edited in Poedit, Weblate, Pontoon or
    /// OmegaT) back into laws/render.phrases, or laws/messages.phrases with --messages: each
    /// translated entry that is not fuzzy replaces the --lang text of the phrase its msgctxt
    /// names; every other line stays as it was. All or nothing: an unknown id, a template that
    /// does not parse or an argument the phrase does not have is reported and nothing is written.
    #[arg(long, value_name = "FILE.po", conflicts_with = "po")]
    pub import: Option<PathBuf>,
}

/// A line of a rendering without the tree's drawing and the list dash: the sentence itself.
fn sentence(line: &str) -> &str {
    line.trim_start_matches(['│', '├', '└', '─', ' '])
        .trim_start_matches("- ")
        .trim_end()
}

pub fn run(a: Args) -> ExitCode {
    if let Some(file) = &a.import {
        return import(&a, file);
    }
    if a.po {
        return po(&a);
    }
    let cases = match super::corpus_cases(&a.corpus, crate::pool::jobs(None)) {
        Ok(c) => c,
        Err(code) => return code,
    };
    // Each sentence: how many times it is said, and the first case (in file order) saying it.
    let mut seen: BTreeMap<String, (usize, String)> = BTreeMap::new();
    let mut ruled = 0;
    crate::pool::in_order(
        cases.len(),
        crate::pool::jobs(None),
        Books::default,
        |books, n| {
            let name = case_name(&cases[n], &a.corpus);
            let text = rule_and_render(&cases[n], &name, &a.laws, books).map(|(_, goldens)| {
                goldens
                    .into_iter()
                    .find(|(l, _)| *l == a.lang)
                    .map(|(_, text)| text)
            });
            (name, text)
        },
        |n, (name, text)| {
            if n % 100 == 0 {
                errln!(
                    "ruling cases {}–{} of {} …",
                    n + 1,
                    (n + 100).min(cases.len()),
                    cases.len()
                );
            }
            let Ok(text) = text else {
                errln!("warning: {name} cannot be ruled; `lawbook test` says why");
                return std::ops::ControlFlow::Continue(());
            };
            ruled += 1;
            // The first line names the case: it is said once per case and is left out.
            for line in text.iter().flat_map(|t| t.lines().skip(1)) {
                let s = sentence(line);
                if s.is_empty() {
                    continue;
                }
                seen.entry(s.to_string()).or_insert((0, name.clone())).0 += 1;
            }
            std::ops::ControlFlow::Continue(())
        },
    );
    let mut rows: Vec<(&String, &(usize, String))> = seen.iter().collect();
    rows.sort_by(|x, y| y.1 .0.cmp(&x.1 .0).then(x.0.cmp(y.0)));
    outln!(
        "{} distinct sentences in {} ({} cases ruled); each with how often it is said and one case that says it:",
        rows.len(),
        a.lang,
        ruled
    );
    for (s, (count, case)) in rows {
        outln!("{count:>5}  {s}    [{case}]");
    }
    ExitCode::SUCCESS
}

/// The PO file: a header, then one entry per phrase in file order.
fn po(a: &Args) -> ExitCode {
    if a.messages {
        // Compiled in: the messages are said before any law book is read.
        let file = "laws/messages.phrases";
        outln!("{}", po::write(crate::messages::catalog(), file, &a.lang));
        return ExitCode::SUCCESS;
    }
    match crate::render::Lexicon::load(&a.laws) {
        Ok(lex) => {
            outln!(
                "{}",
                po::write(&lex.phrases, "laws/render.phrases", &a.lang)
            );
            ExitCode::SUCCESS
        }
        Err(d) => {
            err!("{}", crate::diagnostic::render_plain(&d));
            ExitCode::from(2)
        }
    }
}

/// `--import FILE.po`: the translations of the file into the phrase file of the laws folder.
fn import(a: &Args, po_file: &std::path::Path) -> ExitCode {
    let lang = crate::syntax::ast::Lang::parse(&a.lang).unwrap_or(crate::syntax::ast::Lang::En);
    let target = a.laws.join(if a.messages {
        "messages.phrases"
    } else {
        "render.phrases"
    });
    let unreadable = |path: &std::path::Path, why: String| {
        err!(
            "{}",
            crate::diagnostic::render_plain(&[crate::load::unreadable(path, &why)])
        );
        ExitCode::from(2)
    };
    let po_text = match crate::source::read_limited(po_file, crate::source::MAX_TEXT_BYTES)
        .map_err(|e| e.to_string())
        .and_then(|b| String::from_utf8(b).map_err(|e| format!("it is not UTF-8 text ({e})")))
    {
        Ok(t) => t,
        Err(e) => return unreadable(po_file, e),
    };
    let po = match po::read_file(&po_text) {
        Ok(po) => po,
        Err(e) => {
            let diag = crate::diagnostic::Diag::new(
                "lawbook::po::syntax",
                format!("{} is not a PO file: {e}", po_file.display()),
            )
            .help(
                "each entry of the file is `msgctxt`, `msgid` and `msgstr`, each followed by a \
                 quoted string (as `lawbook phrases --po` writes them); nothing was imported",
            );
            err!("{}", crate::diagnostic::render_plain(&[diag]));
            return ExitCode::from(2);
        }
    };
    // A file of another language would overwrite this one's phrases with its own: its header
    // says which it is (`pl`, `pl_PL`, `pl-PL`).
    if let Some(named) = &po.language {
        let primary = crate::export::primary_language(named);
        if !primary.eq_ignore_ascii_case(&a.lang) {
            let diag = crate::diagnostic::Diag::new(
                "lawbook::po::language",
                format!(
                    "{} is for the language `{named}` (its header: `Language: {named}`), and \
                     `--lang {}` was given: importing it would write its texts over the {} phrases",
                    po_file.display(),
                    a.lang,
                    a.lang
                ),
            )
            .help(format!(
                "give `--lang {primary}` if the file is {primary}; for {} phrases, export them \
                 with `lawbook phrases --lang {} --po` and translate that file",
                a.lang, a.lang
            ));
            err!("{}", crate::diagnostic::render_plain(&[diag]));
            return ExitCode::from(2);
        }
    }
    let entries_read = po.entries;
    let text = match crate::source::read_limited(&target, crate::source::MAX_TEXT_BYTES)
        .map_err(|e| e.to_string())
        .and_then(|b| String::from_utf8(b).map_err(|e| e.to_string()))
    {
        Ok(t) => t,
        Err(e) => return unreadable(&target, e),
    };
    let mut entries = vec![];
    let mut findings = vec![];
    let mut left = 0;
    for m in entries_read {
        let Some(translated) = m.msgstr else {
            findings.push(format!(
                "line {}: `{}` is a plural entry; the phrases have none",
                m.line, m.msgid
            ));
            continue;
        };
        if translated.is_empty() || m.fuzzy {
            left += 1;
            continue;
        }
        match m.msgctxt {
            Some(id) => entries.push((id, translated)),
            None => findings.push(format!(
                "line {}: `{}` has no msgctxt: the phrase's id is its context",
                m.line, m.msgid
            )),
        }
    }
    let merged = if findings.is_empty() {
        crate::phrases::merge(&text, lang, &entries)
    } else {
        Err(findings)
    };
    let merged = match merged {
        Ok(m) => m,
        Err(findings) => {
            for f in &findings {
                errln!("error: {}: {f}", po_file.display());
            }
            errln!(
                "{} finding(s); {} is unchanged",
                findings.len(),
                target.display()
            );
            return ExitCode::from(1);
        }
    };
    if let Err(e) = std::fs::write(&target, &merged.text) {
        return unreadable(&target, e.to_string());
    }
    // The rulings' phrases are checked with the term bank and the law book's names; a file
    // that no longer checks goes back as it was.
    if !a.messages {
        if let Err(d) = crate::render::Lexicon::load(&a.laws) {
            let _ = std::fs::write(&target, &text);
            err!("{}", crate::diagnostic::render_plain(&d));
            errln!("{} is unchanged", target.display());
            return ExitCode::from(1);
        }
    }
    outln!(
        "{} phrase(s) changed in {} ({}); {} entr{} untranslated or fuzzy, left as they were",
        merged.changed.len(),
        target.display(),
        a.lang,
        left,
        if left == 1 { "y" } else { "ies" }
    );
    if a.messages {
        outln!("the messages are compiled in: build again (cargo build) to use them");
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sentence_loses_the_tree_and_the_dash() {
        assert_eq!(
            sentence("│  │      - Juh neprijíma výnos"),
            "Juh neprijíma výnos"
        );
        assert_eq!(sentence("├─ áno"), "áno");
        assert_eq!(sentence("Auction: N 1♥"), "Auction: N 1♥");
    }
}
