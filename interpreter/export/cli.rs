//! `lawbook export tmx [--edition 2017] [-o FILE]` and `lawbook export tbx [-o FILE]`.
//!
//! Without `-o` the file goes to stdout; a one-line summary goes to stderr. Exit codes: 0
//! written, 2 the term bank or a text could not be read, or the file could not be written.

// A diagnostic is made once per run and carries its source for miette; its size does not
// matter (as in align/).
#![allow(clippy::result_large_err)]

use crate::align::{Edition, Lang};
use crate::diagnostic::Diag;
use crate::terms::cli::{load_texts, print, report};
use crate::terms::load_terms;
use crate::terms::texts;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Exports for translators' tools.
#[derive(Debug, Clone, clap::Args)]
pub struct ExportArgs {
    #[command(subcommand)]
    pub command: ExportCommand,
}

#[derive(Debug, Clone, clap::Subcommand)]
pub enum ExportCommand {
    /// The aligned texts of an edition as a TMX 1.4b translation memory: one unit per
    /// paragraph key, definition and footnote, one variant per language that has it (2017: sk
    /// and hu; 2007: pl; 1997: sk), without labels and Markdown marks.
    Tmx(TmxArgs),
    /// The term bank as TBX-Basic (TBX v3, or v2 with --tbx-version 2): one concept entry per
    /// concept, its terms in en, sk (with the 1997 terms as superseded), pl and hu, each with
    /// the line where it occurs.
    Tbx(TbxArgs),
    /// A text as XLIFF 2.0 for a CAT tool: one unit per paragraph, definition, footnote and
    /// other part of the text, its source without labels and Markdown; with --import, the
    /// edited file back into the text (the revised text, every unit not edited byte for byte
    /// as it was).
    Xliff(XliffArgs),
}

#[derive(Debug, Clone, clap::Args)]
pub struct XliffArgs {
    /// The language of the text (sk, hu, pl); not needed with --import
    #[arg(long, required_unless_present = "import")]
    pub lang: Option<Lang>,
    /// The edition of the text (2017: sk, hu; 2007: pl; 1997: sk); 2017 if not given
    #[arg(long)]
    pub edition: Option<Edition>,
    /// The language it is translated into (the file's trgLang); without it, a revision in the
    /// text's own language, each target starting as a copy of its source
    #[arg(long, value_name = "LANG")]
    pub target_lang: Option<String>,
    /// Read an XLIFF file as `export xliff` wrote it, edited in a CAT tool, and write the
    /// revised text (to -o, or stdout)
    #[arg(long, value_name = "FILE.xlf", conflicts_with = "target_lang")]
    pub import: Option<PathBuf>,
    /// The file to write (stdout if not given)
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// The folder that holds the texts (<edition>/text/<lang>.source.txt)
    #[arg(long, default_value = "laws")]
    pub laws: PathBuf,
    #[command(flatten)]
    pub files: crate::align::sources::TextFiles,
}

#[derive(Debug, Clone, clap::Args)]
pub struct TmxArgs {
    /// The edition whose texts go into the memory
    #[arg(long, default_value = "2017")]
    pub edition: Edition,
    /// The header's source language: `*all*` (any), or a language of the edition
    #[arg(long, default_value = "*all*")]
    pub srclang: String,
    /// The file to write (stdout if not given)
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// The folder that holds the texts (<edition>/text/<lang>.source.txt)
    #[arg(long, default_value = "laws")]
    pub laws: PathBuf,
}

#[derive(Debug, Clone, clap::Args)]
pub struct TbxArgs {
    /// The TBX version: 3 (TBX-Basic, ISO 30042:2019, DCA) or 2 (TBX-Basic v2, ISO
    /// 30042:2008, `<martif>`: what translate-toolkit, Weblate and most terminology tools read)
    #[arg(long, value_enum, default_value = "3")]
    pub tbx_version: super::tbx::TbxVersion,
    /// The term bank
    #[arg(long, default_value = "laws/terms.terms")]
    pub terms: PathBuf,
    /// The file to write (stdout if not given)
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// The folder that holds the texts, for each term's context line
    #[arg(long, default_value = "laws")]
    pub laws: PathBuf,
}

impl ExportArgs {
    pub fn run(&self) -> ExitCode {
        match &self.command {
            ExportCommand::Tmx(a) => run_tmx(a),
            ExportCommand::Tbx(a) => run_tbx(a),
            ExportCommand::Xliff(a) => super::xliff_cli::run(a),
        }
    }
}

pub(super) fn write(output: &Option<PathBuf>, content: &str) -> Result<(), Diag> {
    match output {
        None => {
            print(content);
            Ok(())
        }
        Some(p) => std::fs::write(p, content).map_err(|e| {
            Diag::new(
                "lawbook::export::io",
                format!("cannot write {}: {e}", p.display()),
            )
        }),
    }
}

pub fn run_tmx(a: &TmxArgs) -> ExitCode {
    let texts = match load_texts(&a.laws, a.edition) {
        Ok(t) => t,
        Err(d) => {
            report(&d);
            return ExitCode::from(2);
        }
    };
    let langs: Vec<String> = texts.iter().map(|t| t.lang.to_string()).collect();
    if a.srclang != "*all*" && !langs.contains(&a.srclang) {
        report(&[Diag::new(
            "lawbook::export::srclang",
            format!(
                "--srclang {}: the {} texts are {}",
                a.srclang,
                a.edition,
                langs.join(", ")
            ),
        )
        .help("give one of them, or *all*")]);
        return ExitCode::from(2);
    }
    let (xml, stats) = super::tmx::tmx(&texts, &a.srclang);
    if let Err(d) = write(&a.output, &xml) {
        report(&[d]);
        return ExitCode::from(2);
    }
    let per: Vec<String> = stats
        .per_lang
        .iter()
        .map(|(l, n)| format!("{l} {n}"))
        .collect();
    errln!(
        "tmx {}: {} translation units ({}; {} in every text)",
        a.edition,
        stats.units,
        per.join(", "),
        stats.in_all
    );
    ExitCode::SUCCESS
}

/// The texts of every column of the bank, for context lines.
fn all_texts(laws: &Path) -> Result<Vec<texts::Text>, Vec<Diag>> {
    let mut out = Vec::new();
    for e in [Edition::E2017, Edition::E2007, Edition::E1997] {
        out.extend(load_texts(laws, e)?);
    }
    Ok(out)
}

pub fn run_tbx(a: &TbxArgs) -> ExitCode {
    let bank = match load_terms(&a.terms) {
        Ok(b) => b,
        Err(d) => {
            report(&d);
            return ExitCode::from(2);
        }
    };
    let texts = match all_texts(&a.laws) {
        Ok(t) => t,
        Err(d) => {
            report(&d);
            return ExitCode::from(2);
        }
    };
    let (xml, stats) = super::tbx::tbx_version(&bank, &texts, a.tbx_version);
    if let Err(d) = write(&a.output, &xml) {
        report(&[d]);
        return ExitCode::from(2);
    }
    let per: Vec<String> = stats
        .terms
        .iter()
        .map(|(l, n)| format!("{l} {n}"))
        .collect();
    errln!(
        "tbx: {} concept entries; terms {}; {} languages without a term (noted)",
        stats.concepts,
        per.join(", "),
        stats.missing
    );
    ExitCode::SUCCESS
}
