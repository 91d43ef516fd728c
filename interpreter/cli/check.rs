//! `lawbook check [LAWBOOK]`

use crate::diagnostic::Diag;
use crate::load::load_lawbook;
use crate::render::Lexicon;
use crate::source::Sources;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The law book: a folder of .law files.
    #[arg(default_value = "laws/2017")]
    pub lawbook: PathBuf,
}

pub fn run(a: Args) -> ExitCode {
    if !a.lawbook.is_dir() {
        eprintln!(
            "error: {} is not a folder of .law files",
            a.lawbook.display()
        );
        return ExitCode::from(2);
    }
    let mut sources = Sources::default();
    match load_lawbook(&a.lawbook, &mut sources) {
        Ok(book) => {
            outln!(
                "{}: {} laws, {} paragraphs, {} irregularities; no errors",
                a.lawbook.display(),
                book.laws.len(),
                book.paragraphs.len(),
                book.irregularities.len()
            );
            // The renderings of the folder above (laws/): a law book that names an
            // irregularity, option or obligation the phrases lack cannot be ruled in every
            // language, so an edit that adds one is a finding here, before any case runs.
            match a
                .lawbook
                .parent()
                .filter(|l| l.join("render.phrases").is_file())
            {
                Some(laws) => renderings(laws, &book),
                None => ExitCode::SUCCESS,
            }
        }
        Err(diags) => {
            let io = diags.iter().all(|d| d.code == "lawbook::io");
            let diags: Vec<_> = diags
                .into_iter()
                .map(|d| d.with_sources(&sources))
                .collect();
            super::report(&diags);
            eprintln!("{} error(s)", diags.len());
            ExitCode::from(if io { 2 } else { 1 })
        }
    }
}

/// Check the term bank and phrases of `laws` against the law book's vocabulary.
fn renderings(laws: &std::path::Path, book: &crate::check::LawBook) -> ExitCode {
    let diags = match Lexicon::load(laws) {
        Ok(lex) => lex
            .check_book(book)
            .into_iter()
            .map(|gap| {
                Diag::new(
                    "lawbook::render::vocabulary",
                    format!("the renderings lack {gap}"),
                )
                .help("add it to laws/render.phrases in en, sk, pl and hu (docs/terms.md)")
            })
            .collect(),
        Err(diags) => diags,
    };
    if diags.is_empty() {
        outln!(
            "{}: renderings in en, sk, pl and hu name everything the law book does",
            laws.display()
        );
        return ExitCode::SUCCESS;
    }
    super::report(&diags);
    eprintln!("{} error(s)", diags.len());
    ExitCode::from(1)
}
