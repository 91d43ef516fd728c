//! The command line: one file per verb.

mod check;
mod diff;
mod fmt;
mod phrases;
mod rule;
pub(crate) mod score;
mod test;

use crate::pool::STACK;
use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// The Laws of Duplicate Bridge as a checked, executable rules language.
///
/// Exit codes: 0 ok, 1 findings (check errors, failed cases, score differences),
/// 2 bad usage or unreadable input.
#[derive(Parser)]
#[command(name = "lawbook", version, about, long_about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// How errors and other diagnostics are written to stderr: `human` (the source with the
    /// span underlined) or `json` (one JSON object a line, for editors and CI).
    #[arg(long, global = true, value_enum, default_value_t = MessageFormat::Human)]
    pub message_format: MessageFormat,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum MessageFormat {
    Human,
    Json,
}

/// The format `report` writes in, set once from the command line.
static MESSAGE_FORMAT: std::sync::OnceLock<MessageFormat> = std::sync::OnceLock::new();

#[derive(Subcommand)]
pub enum Command {
    /// Parse and check a law book: every error with its file and span.
    Check(check::Args),
    /// The ruling for one case: every irregularity with the paragraph that decided it, and
    /// where a choice or finding is open, every branch.
    Rule(rule::Args),
    /// Run every case of a corpus against its golden files; ends with "N passed, N failed".
    Test(test::Args),
    /// Which rulings an edit changes: every case ruled under two law books, a law book and a
    /// regulation, or two regulations; the changes grouped by the paragraph that decides them.
    /// Exit 1 when a change is not in the file of acknowledged changes.
    Diff(diff::Args),
    /// Score every board of a PBN file under Law 77; with --check, compare with its [Score]
    /// tags and replay its play records under Law 44 against [Result].
    Score(score::Args),
    /// Split a plain-text translation of the Laws into units keyed law / section / paragraph
    /// (27, 27B, 27B1, 27B1(a)); report what is missing, extra, renumbered or unplaced.
    Align(crate::align::cli::AlignArgs),
    /// Show a paragraph's aligned text side by side in two languages.
    Show(crate::align::cli::ShowArgs),
    /// Exports for translators' tools: the aligned texts as a TMX 1.4b translation memory, the
    /// term bank as TBX-Basic.
    Export(crate::export::cli::ExportArgs),
    /// The term bank against the texts: the concepts each paragraph uses, and each place a text
    /// uses a variant of a concept (misprint, older term), with line numbers.
    Terms(crate::terms::cli::TermsArgs),
    /// Compare the translations of an edition paragraph by paragraph: paragraphs one lacks,
    /// references, numbers and term-bank concepts that differ, words that mix scripts.
    Compare(crate::compare::cli::CompareArgs),
    /// Lay out .law and .case files canonically (indentation by braces, no trailing
    /// whitespace, one blank line at most); every comment and token stays. --check for CI.
    Fmt(fmt::Args),
    /// For translators: every distinct sentence the corpus's rulings say in a language, with how
    /// often and one case that says it; with --po, the phrase templates as a gettext PO file.
    Phrases(phrases::Args),
    /// Print a completion script for a shell (`lawbook completions bash > /etc/bash_completion.d/lawbook`).
    Completions {
        /// The shell: bash, zsh, fish, elvish or powershell.
        shell: clap_complete::Shell,
    },
    /// Print the manual page, in roff (`lawbook man > lawbook.1; man ./lawbook.1`).
    Man,
}

/// The folder of law books, term bank and phrases a case or corpus is ruled with: the one
/// given (`--laws`); else `laws` here; else the nearest `laws` folder above `near` (the case
/// file or the corpus), so that a corpus checked from another folder (a CI job's working
/// folder, a director's home) finds the law books it was written for. None there: bad usage
/// (exit 2), said on stderr, before any case is read.
fn laws_folder(
    given: Option<&std::path::Path>,
    near: &std::path::Path,
) -> Result<std::path::PathBuf, ExitCode> {
    if let Some(laws) = given {
        if laws.is_dir() {
            return Ok(laws.to_path_buf());
        }
        errln!("error: {} is not a folder (--laws: the folder of the law books, the term bank, the phrases and their grammar)", laws.display());
        return Err(ExitCode::from(2));
    }
    let here = std::path::Path::new("laws");
    let above = near.ancestors().skip(1).map(|a| a.join("laws"));
    match std::iter::once(here.to_path_buf())
        .chain(above)
        .find(|l| l.is_dir())
    {
        Some(laws) => Ok(laws),
        None => {
            errln!(
                "error: no law books: there is no `laws` folder here nor above {}; give the folder with --laws",
                near.display()
            );
            Err(ExitCode::from(2))
        }
    }
}

/// The .case files of a corpus folder, listed on `jobs` threads; a path that is no folder, or
/// a folder without cases, is bad input (exit 2), said on stderr.
fn corpus_cases(
    corpus: &std::path::Path,
    jobs: usize,
) -> Result<Vec<std::path::PathBuf>, ExitCode> {
    if !corpus.is_dir() {
        errln!("error: {} is not a folder", corpus.display());
        return Err(ExitCode::from(2));
    }
    let cases = crate::runner::find_cases(corpus, jobs);
    if cases.is_empty() {
        errln!("error: {} holds no .case files", corpus.display());
        return Err(ExitCode::from(2));
    }
    Ok(cases)
}

pub fn main() -> ExitCode {
    // SAFETY: the first thing the command does, on its only thread.
    unsafe { crate::allocator::leave_memory_to_the_system_at_exit() };
    let worker = std::thread::Builder::new()
        .name("lawbook".into())
        .stack_size(STACK)
        .spawn(run);
    match worker.map(|w| w.join()) {
        Ok(Ok(code)) => code,
        Ok(Err(panic)) => std::panic::resume_unwind(panic),
        // No thread (a system out of threads): run here, on the main thread's stack.
        Err(_) => run(),
    }
}

fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    let _ = MESSAGE_FORMAT.set(cli.message_format);
    match cli.command {
        Command::Check(a) => check::run(a),
        Command::Rule(a) => rule::run(a),
        Command::Test(a) => test::run(a),
        Command::Diff(a) => diff::run(a),
        Command::Score(a) => score::run(a),
        Command::Align(a) => a.run(),
        Command::Show(a) => a.run(),
        Command::Export(a) => a.run(),
        Command::Terms(a) => a.run(),
        Command::Compare(a) => a.run(),
        Command::Fmt(a) => fmt::run(a),
        Command::Phrases(a) => phrases::run(a),
        // Both written to a buffer first, then out as any output (a closed pipe ends quietly).
        Command::Completions { shell } => {
            let mut cmd = <Cli as clap::CommandFactory>::command();
            let mut buf = vec![];
            clap_complete::generate(shell, &mut cmd, "lawbook", &mut buf);
            out!("{}", String::from_utf8_lossy(&buf));
            ExitCode::SUCCESS
        }
        Command::Man => {
            let cmd = <Cli as clap::CommandFactory>::command();
            let mut buf = vec![];
            match clap_mangen::Man::new(cmd).render(&mut buf) {
                Ok(()) => {
                    out!("{}", String::from_utf8_lossy(&buf));
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    errln!("error: cannot write the manual page: {e}");
                    ExitCode::from(2)
                }
            }
        }
    }
}

/// At most this many diagnostics are printed; the rest are counted. A law book or case with
/// 10,000 errors is better fixed from its first ones than read in full (and rendering them
/// all took minutes).
pub const MAX_PRINTED: usize = 50;

/// Print diagnostics to stderr in colour when it is a terminal, at most `MAX_PRINTED`; with
/// `--message-format json`, each as one line of miette's JSON (message, code, severity, help,
/// file, labels with their offsets and lengths).
pub fn report(diags: &[lawbook_diag::Diag]) {
    for d in diags.iter().take(MAX_PRINTED) {
        report_one(d.clone());
    }
    if let Some(rest) = not_printed(diags.len()) {
        errln!("{rest}");
    }
}

/// Print one diagnostic of any kind (a law book's, a PBN file's, an aligner's) as `report`
/// does.
pub fn report_one(d: impl miette::Diagnostic + Send + Sync + 'static) {
    if MESSAGE_FORMAT.get() == Some(&MessageFormat::Json) {
        let mut line = String::new();
        if miette::JSONReportHandler::new()
            .render_report(&mut line, &d)
            .is_ok()
        {
            errln!("{line}");
        }
    } else {
        errln!("{:?}", miette::Report::new(d));
    }
}

/// The line that counts the diagnostics `report` did not print, if any.
pub fn not_printed(total: usize) -> Option<String> {
    let rest = total.checked_sub(MAX_PRINTED).filter(|&r| r > 0)?;
    Some(format!(
        "… and {rest} more error(s) not shown (the first {MAX_PRINTED} are); fix these and run again"
    ))
}

pub(crate) use crate::diagnostic as lawbook_diag;
