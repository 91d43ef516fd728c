//! `lawbook diff A B [--corpus DIR]`: which rulings an edit changes. A and B are law books
//! (folders of .law files) or regulations (.regulation files, read over the law book beside
//! them in the command, or `--lawbook`). Every case of the corpus is ruled under both; the
//! rulings that differ are listed grouped by the paragraph that decides the difference, each
//! with what changed and the lines of the two English rulings that differ.
//!
//! A change is acknowledged when its line is in the acknowledged file (by default
//! `NAME.acknowledged` beside B's regulation), kept in the repository and reviewed like a
//! golden; `--bless` writes it. Exit 0: no change, or every change acknowledged; 1: a change
//! not acknowledged, or an acknowledged one that no longer happens; 2: bad input.

use crate::changes::{changes, Change};
use crate::diagnostic::render_plain;
use crate::runner::{case_name, rule_and_render_read, Books, Preloaded, ReadCase, ReadCases};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

#[derive(clap::Args)]
pub struct Args {
    /// The law book or regulation before the edit.
    pub a: PathBuf,
    /// The law book or regulation after it.
    pub b: PathBuf,
    /// The cases to rule under both (default: the corpus of the law book's edition,
    /// corpus/NAME).
    #[arg(long)]
    pub corpus: Option<PathBuf>,
    /// The law book a regulation is read over when neither A nor B is one.
    #[arg(long, default_value = "laws/2017")]
    pub lawbook: PathBuf,
    /// The folder of the term bank and phrases the rulings are rendered with. Default: `laws`
    /// in the current folder, else the nearest `laws` folder above the corpus.
    #[arg(long)]
    pub laws: Option<PathBuf>,
    /// The file of acknowledged changes (default: B's regulation with `.acknowledged` for
    /// `.regulation`).
    #[arg(long)]
    pub acknowledged: Option<PathBuf>,
    /// Write the acknowledged file from the changes found (review it with `git diff`).
    #[arg(long)]
    pub bless: bool,
    /// Print the changes as JSON, for CI.
    #[arg(long)]
    pub json: bool,
    /// How many cases are ruled at once (threads); one a core, at most 8, when not given.
    /// The report is the same whatever the number.
    #[arg(long, short = 'j')]
    pub jobs: Option<std::num::NonZeroUsize>,
}

/// One side of the comparison: a law book, possibly under a regulation.
struct Side {
    book: PathBuf,
    regulation: Option<PathBuf>,
}

impl Side {
    fn name(&self) -> String {
        match &self.regulation {
            Some(r) => format!("{} with {}", self.book.display(), r.display()),
            None => self.book.display().to_string(),
        }
    }

    /// The side's book and the lexicon, read once for every thread, and the cases read for
    /// this side while they load (each side's spans name its own sources).
    fn preload(&self, laws: &Path, cases: &[PathBuf], jobs: usize) -> (Preloaded, ReadCases) {
        let dirs = [self.book.clone()];
        Preloaded::read_with_cases(laws, &dirs, self.regulation.as_deref(), cases, jobs)
    }

    fn books(&self, preloaded: &Arc<Preloaded>) -> Books {
        let mut b = Books::sharing(preloaded);
        b.book = Some(self.book.clone());
        b
    }
}

#[derive(Serialize)]
struct Changed {
    case: String,
    paragraphs: Vec<String>,
    changes: Vec<Change>,
    /// The lines of the English rulings that differ: `-` before, `+` after.
    lines: Vec<String>,
    acknowledged: bool,
}

#[derive(Serialize)]
struct Report {
    a: String,
    b: String,
    cases: usize,
    changed: Vec<Changed>,
    unacknowledged: usize,
    /// Acknowledged changes that no longer happen.
    stale: Vec<String>,
}

impl Args {
    /// The renderings' folder, once `run` has found it (`laws_folder`).
    fn laws(&self) -> &Path {
        self.laws.as_deref().unwrap_or(Path::new("laws"))
    }
}

pub fn run(mut a: Args) -> ExitCode {
    let regulation = |p: &Path| p.extension().is_some_and(|x| x == "regulation");
    for p in [&a.a, &a.b] {
        if !(p.is_dir() || (regulation(p) && p.is_file())) {
            errln!(
                "error: {} is neither a law book (a folder of .law files) nor a .regulation file",
                p.display()
            );
            return ExitCode::from(2);
        }
    }
    // A regulation is read over the law book the other side names, else --lawbook.
    let folder = [&a.a, &a.b]
        .into_iter()
        .find(|p| p.is_dir())
        .cloned()
        .unwrap_or_else(|| a.lawbook.clone());
    let side = |p: &PathBuf| {
        if p.is_dir() {
            Side {
                book: p.clone(),
                regulation: None,
            }
        } else {
            Side {
                book: folder.clone(),
                regulation: Some(p.clone()),
            }
        }
    };
    let (sa, sb) = (side(&a.a), side(&a.b));
    let corpus = a
        .corpus
        .clone()
        .unwrap_or_else(|| Path::new("corpus").join(folder.file_name().unwrap_or_default()));
    let jobs = crate::pool::jobs(a.jobs);
    let cases = match super::corpus_cases(&corpus, jobs) {
        Ok(c) => c,
        Err(code) => return code,
    };
    match super::laws_folder(a.laws.as_deref(), &corpus) {
        Ok(laws) => a.laws = Some(laws),
        Err(code) => return code,
    }
    let ack_path = a.acknowledged.clone().or_else(|| {
        sb.regulation
            .as_ref()
            .map(|r| r.with_extension("acknowledged"))
    });
    let acknowledged: Vec<String> = match &ack_path {
        Some(p) if p.is_file() => match std::fs::read_to_string(p) {
            Ok(t) => t
                .lines()
                .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
                .map(str::to_string)
                .collect(),
            Err(e) => {
                errln!("error: cannot read {}: {e}", p.display());
                return ExitCode::from(2);
            }
        },
        _ => vec![],
    };
    // Each side's book read once for every thread (alone with `--jobs 1`), and its
    // regulation's warnings said once.
    // The cases read for each side before any is ruled, the workers starting with those
    // whose claims may search the longest, as `test` does.
    let read = || {
        let laws = a.laws();
        (
            sa.preload(laws, &cases, jobs),
            sb.preload(laws, &cases, jobs),
        )
    };
    let ((pa, read_a), (pb, read_b)) = crate::pool::with_jobs(jobs, read);
    let schedule = read_a.longest_first();
    let (pa, pb) = (Arc::new(pa), Arc::new(pb));
    if !a.json {
        super::report(&pa.warnings);
        super::report(&pb.warnings);
    }
    let mut changed: Vec<Changed> = vec![];
    let mut lines_now: Vec<String> = vec![];
    let mut failed = false;
    crate::pool::in_order_scheduled(
        &schedule,
        jobs,
        || (sa.books(&pa), sb.books(&pb), None),
        |(ba, bb, edited), i| {
            let read = (read_a.take(i), read_b.take(i));
            compare_case(&a, &cases[i], read, &corpus, ba, bb, edited)
        },
        |i, compared| {
            if i > 0 && i % 200 == 0 {
                errln!("ruled {i} of {} cases under both", cases.len());
            }
            if !a.json {
                for w in compared.warnings {
                    super::report_one(w);
                }
            }
            let found = match compared.found {
                Ok(found) => found,
                Err(message) => {
                    errln!("{message}");
                    failed = true;
                    return std::ops::ControlFlow::Break(());
                }
            };
            if let Some(mut c) = found {
                let mine: Vec<String> = c.changes.iter().map(|ch| ack_line(&c.case, ch)).collect();
                c.acknowledged = mine.iter().all(|l| acknowledged.contains(l));
                lines_now.extend(mine);
                changed.push(c);
            }
            std::ops::ControlFlow::Continue(())
        },
    );
    if failed {
        return ExitCode::from(2);
    }
    // Only the cases ruled now can show an acknowledged change gone (`--corpus` may be a part).
    let ruled: std::collections::HashSet<String> =
        cases.iter().map(|p| case_name(p, &corpus)).collect();
    let stale: Vec<String> = acknowledged
        .iter()
        .filter(|l| ruled.contains(l.split("  ").next().unwrap_or_default()))
        .filter(|l| !lines_now.contains(l))
        .cloned()
        .collect();
    let report = Report {
        a: sa.name(),
        b: sb.name(),
        cases: cases.len(),
        unacknowledged: changed.iter().filter(|c| !c.acknowledged).count(),
        changed,
        stale,
    };
    if a.bless {
        let Some(p) = &ack_path else {
            errln!("error: --bless needs --acknowledged FILE (B is no regulation)");
            return ExitCode::from(2);
        };
        let text = format!(
            "# Rulings that `lawbook diff {} {}` changes, acknowledged: one line a change\n# (case, paragraph, where, before → after). Written by --bless; review it like a golden.\n{}",
            a.a.display(),
            a.b.display(),
            lines_now.iter().map(|l| format!("{l}\n")).collect::<String>()
        );
        if let Err(e) = std::fs::write(p, text) {
            errln!("error: cannot write {}: {e}", p.display());
            return ExitCode::from(2);
        }
        errln!(
            "wrote {} ({} change(s)); review it with `git diff` before committing",
            p.display(),
            lines_now.len()
        );
        return ExitCode::SUCCESS;
    }
    if a.json {
        match serde_json::to_string_pretty(&report) {
            Ok(j) => outln!("{j}"),
            Err(e) => {
                errln!("error: {e}");
                return ExitCode::from(2);
            }
        }
    } else {
        print_text(&report, ack_path.as_deref());
    }
    if report.unacknowledged > 0 || !report.stale.is_empty() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// One case ruled under both sides, by a worker of the pool.
struct Compared {
    /// What reading the regulations warned about.
    warnings: Vec<crate::diagnostic::Diag>,
    /// The case's changes (`acknowledged` not yet known), none, or why it cannot be compared.
    found: Result<Option<Changed>, String>,
}

/// Rule the case at `path` under both sides' books; `edited`: the paragraphs edited between
/// them, found once the first case has loaded both.
fn compare_case(
    a: &Args,
    path: &Path,
    (read_a, read_b): (ReadCase, ReadCase),
    corpus: &Path,
    ba: &mut Books,
    bb: &mut Books,
    edited: &mut Option<Vec<String>>,
) -> Compared {
    let name = case_name(path, corpus);
    let ra = rule_and_render_read(read_a, path, &name, a.laws(), ba);
    let rb = rule_and_render_read(read_b, path, &name, a.laws(), bb);
    let warnings = ba
        .take_warnings()
        .into_iter()
        .chain(bb.take_warnings())
        .collect();
    let ((ra, ga), (rb, gb)) = match (ra, rb) {
        (Ok(x), Ok(y)) => (x, y),
        (Err(d), _) | (_, Err(d)) => {
            // A book or regulation that does not check, or a case that cannot be ruled:
            // bad input for a comparison, said once.
            return Compared {
                warnings,
                found: Err(format!(
                    "error: {name} cannot be ruled under both\n{}",
                    render_plain(&d)
                )),
            };
        }
    };
    // Both books are loaded once the first case is ruled.
    let edited = edited.get_or_insert_with(|| edited_paragraphs(ba, bb));
    let touched: Vec<String> = bb
        .touched()
        .into_iter()
        .chain(ba.touched())
        .chain(edited.iter().cloned())
        .collect();
    let found = changes(&ra, &rb, &touched);
    if found.is_empty() {
        return Compared {
            warnings,
            found: Ok(None),
        };
    }
    let english = |g: &crate::runner::Goldens| {
        g.iter()
            .find(|(s, _)| *s == "en")
            .map(|(_, t)| t.lines().skip(1).map(str::to_string).collect::<Vec<_>>())
            .unwrap_or_default()
    };
    let (ea, eb) = (english(&ga), english(&gb));
    let mut lines: Vec<String> = ea
        .iter()
        .filter(|l| !eb.contains(l))
        .map(|l| format!("- {l}"))
        .collect();
    lines.extend(
        eb.iter()
            .filter(|l| !ea.contains(l))
            .map(|l| format!("+ {l}")),
    );
    let mut paragraphs: Vec<String> = found.iter().map(|c| c.paragraph.clone()).collect();
    paragraphs.sort();
    paragraphs.dedup();
    Compared {
        warnings,
        found: Ok(Some(Changed {
            case: name,
            paragraphs,
            changes: found,
            lines,
            acknowledged: false,
        })),
    }
}

/// The paragraphs of the definitions and tables whose text differs between the two law
/// books (an edited copy against the original): what a change outside any decision is
/// grouped by when no regulation names it.
fn edited_paragraphs(a: &Books, b: &Books) -> Vec<String> {
    let text = |books: &Books, span: crate::source::Span| {
        let t = &books.sources.get(span.file).text;
        t.get(span.start as usize..span.end as usize)
            .unwrap_or_default()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut out = vec![];
    for (x, y) in a.loaded().flat_map(|x| b.loaded().map(move |y| (x, y))) {
        for (name, d) in &y.defines {
            if x.defines.get(name).map(|o| text(a, o.span)) != Some(text(b, d.span)) {
                out.extend(d.per.iter().map(|p| p.text.clone()));
                out.extend(d.delegated.iter().map(|g| g.by.text.clone()));
            }
        }
        for (name, t) in &y.tables {
            if x.tables.get(name).map(|o| text(a, o.span)) != Some(text(b, t.span)) {
                out.extend(t.per.iter().map(|p| p.text.clone()));
                out.extend(t.delegated.iter().map(|g| g.by.text.clone()));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// A change as the acknowledged file holds it.
fn ack_line(case: &str, c: &Change) -> String {
    format!(
        "{case}  {}  {}: {} → {}",
        c.paragraph, c.at, c.before, c.after
    )
}

fn print_text(r: &Report, ack: Option<&Path>) {
    // The short answer first.
    outln!(
        "{} case(s) ruled under {} and under {}: {} ruling(s) changed, {} not acknowledged",
        r.cases,
        r.a,
        r.b,
        r.changed.len(),
        r.unacknowledged
    );
    let mut by_paragraph: BTreeMap<&str, Vec<&Changed>> = BTreeMap::new();
    for c in &r.changed {
        for p in &c.paragraphs {
            by_paragraph.entry(p.as_str()).or_default().push(c);
        }
    }
    for (p, cases) in &by_paragraph {
        outln!();
        outln!("{p}: {} ruling(s)", cases.len());
        for c in cases {
            let mark = if c.acknowledged {
                ""
            } else {
                "  (not acknowledged)"
            };
            outln!("  {}{mark}", c.case);
            for ch in c.changes.iter().filter(|ch| ch.paragraph == *p) {
                outln!("    {}: {} → {}", ch.at, ch.before, ch.after);
            }
            for l in &c.lines {
                outln!("      {l}");
            }
        }
    }
    for s in &r.stale {
        outln!("acknowledged, no longer happens: {s}");
    }
    if r.unacknowledged > 0 || !r.stale.is_empty() {
        match ack {
            Some(p) => outln!(
                "\nacknowledged changes: {} (`lawbook diff … --bless` rewrites it; review it like a golden)",
                p.display()
            ),
            None => outln!("\nno file of acknowledged changes: give one with --acknowledged FILE"),
        }
    }
}
