//! `lawbook check [LAWBOOK]`

use crate::diagnostic::Diag;
use crate::load::load_lawbook_under;
use crate::render::Lexicon;
use crate::source::Sources;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The law book: a folder of .law files.
    #[arg(default_value = "laws/2017")]
    pub lawbook: PathBuf,
    /// Read the law book under this regulation (a `.regulation` file: its choices on the
    /// options the Laws delegate, and its amendments, which are warned about).
    #[arg(long)]
    pub regulation: Option<PathBuf>,
    /// List what the Laws leave to a regulating authority or tournament organizer: each
    /// delegated value with the paragraph that delegates it and its value (the Laws' default,
    /// or the regulation's), and each paragraph delegated in words.
    #[arg(long)]
    pub delegated: bool,
}

pub fn run(a: Args) -> ExitCode {
    if !a.lawbook.is_dir() {
        errln!(
            "error: {} is not a folder of .law files",
            a.lawbook.display()
        );
        return ExitCode::from(2);
    }
    // The renderings of the folder above (laws/): a law book that names an irregularity,
    // option or obligation the phrases lack cannot be ruled in every language, so an edit
    // that adds one is a finding here, before any case runs. Their lexicon is read beside
    // the law book, and checked against it after.
    let laws = a
        .lawbook
        .parent()
        .filter(|l| l.join("render.phrases").is_file());
    std::thread::scope(|scope| {
        let lexicon = laws.map(|l| crate::pool::beside(scope, move || Lexicon::load(l)));
        check_with(&a, laws.zip(lexicon))
    })
}

/// The law book checked, and then the renderings of `laws` (the lexicon being read).
fn check_with(
    a: &Args,
    renderings_of: Option<(
        &std::path::Path,
        crate::pool::Beside<'_, Result<Lexicon, Vec<Diag>>>,
    )>,
) -> ExitCode {
    let mut sources = Sources::default();
    match load_lawbook_under(&a.lawbook, a.regulation.as_deref(), &mut sources) {
        Ok((book, warnings)) => {
            let warnings: Vec<_> = warnings
                .into_iter()
                .map(|d| d.with_sources(&sources))
                .collect();
            super::report(&warnings);
            let under = match (&book.regulation, &a.regulation) {
                (Some(r), Some(path)) => format!(
                    " under regulation {} ({}; {} amendment(s))",
                    r.name,
                    path.display(),
                    warnings.len()
                ),
                _ => String::new(),
            };
            outln!(
                "{}{under}: {} laws, {} paragraphs, {} irregularities; no errors",
                a.lawbook.display(),
                book.laws.len(),
                book.paragraphs.len(),
                book.irregularities.len()
            );
            if a.delegated {
                delegated(&book, &sources);
            }
            match renderings_of {
                Some((laws, lexicon)) => renderings(laws, lexicon.join(), &book),
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
            errln!("{} error(s)", diags.len());
            ExitCode::from(if io { 2 } else { 1 })
        }
    }
}

/// Check the term bank and phrases of `laws` (their lexicon as read) against the law
/// book's vocabulary.
fn renderings(
    laws: &std::path::Path,
    lexicon: Result<Lexicon, Vec<Diag>>,
    book: &crate::check::LawBook,
) -> ExitCode {
    let diags = match lexicon {
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
    errln!("{} error(s)", diags.len());
    ExitCode::from(1)
}

/// `--delegated`: what the Laws leave to a regulating authority or tournament organizer, as
/// the book declares it, and what it is under the regulation read.
fn delegated(book: &crate::check::LawBook, sources: &Sources) {
    let mut values: Vec<(String, String, String, String)> = vec![];
    let mut defines: Vec<_> = book.defines.values().collect();
    defines.sort_by_key(|d| (d.span.file, d.span.start));
    for d in defines {
        if let Some(g) = &d.delegated {
            let span = d.body.span;
            let text = &sources.get(span.file).text;
            let value = text
                .get(span.start as usize..span.end as usize)
                .unwrap_or_default()
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            values.push((
                g.by.text.clone(),
                g.to.name.clone(),
                d.name.name.clone(),
                value,
            ));
        }
    }
    let mut tables: Vec<_> = book.tables.values().collect();
    tables.sort_by_key(|t| (t.span.file, t.span.start));
    for t in tables {
        if let Some(g) = &t.delegated {
            let rows = format!("a table of {} row(s)", t.rows.len());
            values.push((
                g.by.text.clone(),
                g.to.name.clone(),
                t.name.name.clone(),
                rows,
            ));
        }
    }
    outln!("delegated values ({}):", values.len());
    for (by, to, name, value) in &values {
        outln!("  {by:<10} {to:<22} {name} = {value}");
    }
    let mut words: Vec<_> = book
        .paragraphs
        .values()
        .filter(|p| p.delegated.is_some())
        .collect();
    words.sort_by_key(|p| (p.law, p.span.file, p.span.start));
    outln!("delegated in words ({}):", words.len());
    for p in words {
        let to = p.delegated.as_deref().unwrap_or_default();
        match &p.regulated {
            Some(text) => outln!("  {:<10} {to:<22} regulation: {text}", p.id),
            None => outln!(
                "  {:<10} {to:<22} the Laws: {}",
                p.id,
                p.judgement
                    .as_deref()
                    .or(p.conduct.as_deref())
                    .unwrap_or("(as the text says)")
            ),
        }
    }
}
