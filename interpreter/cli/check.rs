//! `lawbook check [LAWBOOK]`

use crate::load::load_lawbook;
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
            ExitCode::SUCCESS
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
