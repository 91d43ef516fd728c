//! `lawbook terms check [--edition 2017] [--terms FILE] [--laws DIR] [--findings]
//! [--speculative]`.
//!
//! Exit codes: 0 no findings, 1 findings (variant uses, disagreements between the bank and a
//! text, slips), 2 the term bank or a text could not be read.

use super::load_terms;
use super::report::{check, render};
use super::texts::{self, Text};
use crate::align::sources::TextFiles;
use crate::align::Edition;
use crate::diagnostic::Diag;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

/// The term bank: its checks against the texts.
#[derive(Debug, Clone, clap::Args)]
pub struct TermsArgs {
    #[command(subcommand)]
    pub command: TermsCommand,
}

#[derive(Debug, Clone, clap::Subcommand)]
pub enum TermsCommand {
    /// For each paragraph of the texts of an edition, the term-bank concepts it uses; and
    /// each place where a text uses a variant of a concept (a misprint, an older term), with
    /// line numbers into the source text.
    Check(CheckArgs),
}

#[derive(Debug, Clone, clap::Args)]
pub struct CheckArgs {
    /// The edition whose texts are checked (2017: sk and hu; 2007: pl; 1997: sk)
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
    /// Print only the findings, not every paragraph's concepts
    #[arg(long)]
    pub findings: bool,
    /// Report the hints too: a concept one translation's paragraph uses and the other's lacks
    /// with nothing in its place (often a paraphrase)
    #[arg(long)]
    pub speculative: bool,
}

impl TermsArgs {
    pub fn run(&self) -> ExitCode {
        match &self.command {
            TermsCommand::Check(a) => run_check(a),
        }
    }
}

/// Prints to stdout; a closed pipe (`| head`) is not an error.
pub fn print(s: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(s.as_bytes());
    let _ = out.flush();
}

/// Prints diagnostics to stderr.
pub fn report(diags: &[Diag]) {
    crate::cli::report(diags)
}

/// Loads the texts of an edition, or reports why not.
pub fn load_texts(laws: &std::path::Path, edition: Edition) -> Result<Vec<Text>, Vec<Diag>> {
    load_texts_with(laws, edition, &TextFiles::default())
}

/// Loads the texts of an edition, the files given in `files` in place of the law book's.
pub fn load_texts_with(
    laws: &std::path::Path,
    edition: Edition,
    files: &TextFiles,
) -> Result<Vec<Text>, Vec<Diag>> {
    let mut langs = texts::of_edition(edition);
    // A translation in a language the edition's law book has no text of (a Polish 2017
    // text) joins the edition's texts when its layout is given: there is no layout of the
    // law book's to read it by.
    for f in &files.texts {
        if !langs.contains(&f.lang) && files.adds(f.lang) {
            langs.push(f.lang);
        }
    }
    if let Some(f) = files.foreign(&langs) {
        return Err(vec![Diag::new(
            texts::E_TEXT,
            format!(
                "{}={}: the {edition} Laws have no {} text to put it in place of",
                f.lang,
                f.path.display(),
                f.lang
            ),
        )
        .help(format!(
            "the {edition} texts are {}; give --edition for another edition, or add a \
             translation of your own with its layout: --text {lang}=FILE --layout {lang}=FILE \
             (docs/translators.md, \"Layout files\")",
            langs
                .iter()
                .map(|l| l.to_string())
                .collect::<Vec<_>>()
                .join(", "),
            lang = f.lang
        ))]);
    }
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for lang in langs {
        match texts::load_with(laws, lang, edition, files) {
            Ok(t) => out.push(t),
            Err(d) => errors.push(d),
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

pub fn run_check(a: &CheckArgs) -> ExitCode {
    let bank = match load_terms(&a.terms) {
        Ok(b) => b,
        Err(d) => {
            report(&d);
            return ExitCode::from(2);
        }
    };
    let texts = match load_texts_with(&a.laws, a.edition, &a.files) {
        Ok(t) => t,
        Err(d) => {
            report(&d);
            return ExitCode::from(2);
        }
    };
    let r = check(&bank, &texts, a.speculative);
    print(&render(&r, a.findings));
    if r.findings() > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
