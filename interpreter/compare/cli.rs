//! `lawbook compare [--edition 2017] [--terms FILE] [--laws DIR] [--kind K]`.
//!
//! Exit codes: 0 no findings, 1 findings, 2 the texts or the term bank could not be read, or
//! the edition has fewer than two texts.

use super::{compare, render, Kind};
use crate::align::sources::TextFiles;
use crate::align::Edition;
use crate::diagnostic::Diag;
use crate::terms::cli::{load_texts_with, print, report};
use crate::terms::load_terms;
use std::path::PathBuf;
use std::process::ExitCode;

/// Compare the translations of an edition paragraph by paragraph: paragraphs one lacks,
/// references and numbers that differ, term-bank concepts one uses and the other does not,
/// words that mix scripts. Each finding names both places (language, key, line).
#[derive(Debug, Clone, clap::Args)]
pub struct CompareArgs {
    /// The edition (2017: Slovak and Hungarian)
    #[arg(long, default_value = "2017")]
    pub edition: Edition,
    /// The term bank
    #[arg(long, default_value = "laws/terms.terms")]
    pub terms: PathBuf,
    /// The folder that holds the texts (<edition>/text/<lang>.source.txt)
    #[arg(long, default_value = "laws")]
    pub laws: PathBuf,
    #[command(flatten)]
    pub files: TextFiles,
    /// Only these kinds of finding (presence, references, numbers, concepts, scripts). By
    /// default all but `concepts`: a concept one text names and the other does not is a
    /// word-level hint (often a paraphrase), not always a difference, so it is shown only
    /// when asked for.
    #[arg(long, value_delimiter = ',', value_parser = parse_kind)]
    pub kind: Vec<Kind>,
}

fn parse_kind(s: &str) -> Result<Kind, String> {
    Kind::ALL
        .into_iter()
        .find(|k| k.name() == s)
        .ok_or_else(|| {
            format!("unknown kind `{s}`: use presence, references, numbers, concepts or scripts")
        })
}

impl CompareArgs {
    pub fn run(&self) -> ExitCode {
        run(self)
    }
}

pub fn run(a: &CompareArgs) -> ExitCode {
    let texts = match load_texts_with(&a.laws, a.edition, &a.files) {
        Ok(t) => t,
        Err(d) => {
            report(&d);
            return ExitCode::from(2);
        }
    };
    if texts.len() < 2 {
        report(&[Diag::new(
            "lawbook::compare::edition",
            format!(
                "the law book has one text of the {} Laws ({}): nothing to compare it with",
                a.edition,
                texts
                    .iter()
                    .map(|t| t.label())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )
        .help("the 2017 edition has two: compare --edition 2017")]);
        return ExitCode::from(2);
    }
    let bank = match load_terms(&a.terms) {
        Ok(b) => b,
        Err(d) => {
            report(&d);
            return ExitCode::from(2);
        }
    };
    // Each pair of texts, in the edition's order and then the order given (two texts: one
    // report; a translation added with --text and --layout: against each of the others too).
    let mut reports = Vec::new();
    let mut found = false;
    for (i, x) in texts.iter().enumerate() {
        for y in &texts[i + 1..] {
            let mut c = compare(x, y, Some(&bank));
            if a.kind.is_empty() {
                c.findings.retain(|f| f.kind != Kind::Concepts);
            } else {
                c.findings.retain(|f| a.kind.contains(&f.kind));
            }
            found |= !c.findings.is_empty();
            reports.push(render(&c));
        }
    }
    print(&reports.join("\n"));
    if found {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
