//! `lawbook test [CORPUS] [--bless] [--lang L,…]`: every case against its golden files (the
//! renderings in en, sk, pl and hu and the JSON data).

use crate::diagnostic::render_plain;
use crate::runner::{
    case_name, diff, golden_matches, golden_path, read_golden, regulation_golden_path,
    rule_and_render_read, unregulated_goldens, write_golden, Books, Preloaded, ReadCase,
};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The corpus: a folder of .case files and their goldens.
    #[arg(default_value = "corpus")]
    pub corpus: PathBuf,
    /// Write the goldens from the current rulings (after a deliberate law change; read the
    /// diff before committing).
    #[arg(long)]
    pub bless: bool,
    /// The folder that holds the law books.
    /// Default: `laws` in the current folder, else the nearest `laws` folder above the corpus.
    #[arg(long)]
    pub laws: Option<PathBuf>,
    /// Also list, per law, the paragraphs no case reaches (judgement paragraphs apart).
    #[arg(long)]
    pub coverage: bool,
    /// Check (or bless) only the renderings in these languages (en, sk, pl, hu; the JSON
    /// data always).
    #[arg(long, value_delimiter = ',', value_parser = ["en", "sk", "pl", "hu"])]
    pub lang: Vec<String>,
    /// How to report: `text` (a line per failure and the summary), `junit` (JUnit XML, one
    /// test case per case, for CI systems) or `json` (each case's status and failures).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Rule every case under this regulation. A case whose ruling it changes is pinned by
    /// goldens of its own, `NAME@REGULATION.en.snap` beside the standard ones (`--bless`
    /// writes them, and never the standard ones); every other case by its standard goldens.
    #[arg(long)]
    pub regulation: Option<PathBuf>,
    /// How many cases are ruled at once (threads); one a core, at most 8, when not given.
    /// The report is the same whatever the number.
    #[arg(long, short = 'j')]
    pub jobs: Option<std::num::NonZeroUsize>,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Text,
    Junit,
    Json,
}

/// One case's result: its name and what failed (nothing if it passed).
#[derive(serde::Serialize)]
struct CaseResult {
    name: String,
    failures: Vec<String>,
}

/// What checking one case found, handed from its worker to the report in the cases' order.
struct Checked {
    name: String,
    /// The law book or renderings folder the case needs has errors: the folder and its
    /// diagnostics, shown once for all the cases that need it.
    broken: Option<(PathBuf, String)>,
    /// What the regulation's amendments warned about, to say on stderr.
    warnings: Vec<crate::diagnostic::Diag>,
    /// The report's lines for this case, in order.
    lines: Vec<String>,
    failures: Vec<String>,
    blessed: usize,
    /// The ruling and its law book's folder, when `--coverage` asks.
    coverage: Option<(PathBuf, crate::ruling::Ruling)>,
    /// A golden that could not be written or removed: the command stops (exit 2).
    fatal: Option<String>,
}

impl Args {
    /// The law books' folder, once `run` has found it (`laws_folder`).
    fn laws(&self) -> &std::path::Path {
        self.laws.as_deref().unwrap_or(std::path::Path::new("laws"))
    }
}

pub fn run(mut a: Args) -> ExitCode {
    let jobs = crate::pool::jobs(a.jobs);
    let cases = match super::corpus_cases(&a.corpus, jobs) {
        Ok(c) => c,
        Err(code) => return code,
    };
    match super::laws_folder(a.laws.as_deref(), &a.corpus) {
        Ok(laws) => a.laws = Some(laws),
        Err(code) => return code,
    }
    let text = a.format == Format::Text;
    // Lines of the text report, printed as they come; the other formats print at the end.
    let say = |line: &str| {
        if text {
            outln!("{line}");
        }
    };
    if let Some(r) = &a.regulation {
        if !r.is_file() {
            errln!("error: {} is not a regulation file", r.display());
            return ExitCode::from(2);
        }
    }
    // The books of the corpus's edition folders and the lexicon, read once for every thread
    // (their files parsed one a core; alone with `--jobs 1`).
    // The edition of each folder of cases (of each case's, asked once a folder).
    let folders: std::collections::BTreeSet<&std::path::Path> = cases
        .iter()
        .map(|c| c.parent().unwrap_or(std::path::Path::new("")))
        .collect();
    let editions: std::collections::BTreeSet<PathBuf> = folders
        .into_iter()
        .map(|f| crate::runner::folder_edition_dir(f, a.laws()))
        .collect();
    let editions: Vec<PathBuf> = editions.into_iter().collect();
    // The cases read and parsed before any is ruled (while the books load), so that the
    // workers start with those whose claims may search the longest (a case started last
    // that takes a thread for a third of the run keeps the others waiting); the report
    // keeps the cases' order.
    let read = || {
        let regulation = a.regulation.as_deref();
        Preloaded::read_with_cases(a.laws(), &editions, regulation, &cases, jobs)
    };
    let (preloaded, read_cases) = crate::pool::with_jobs(jobs, read);
    let schedule = read_cases.longest_first();
    let preloaded = std::sync::Arc::new(preloaded);
    super::report(&preloaded.warnings);
    let books = || Books::sharing(&preloaded);
    let mut blessed = 0;
    let mut results: Vec<CaseResult> = vec![];
    let mut coverage: std::collections::BTreeMap<PathBuf, crate::coverage::Coverage> =
        Default::default();
    // Law books (or renderings) that do not check: their errors are printed once, and the
    // cases that need them counted.
    let mut broken: std::collections::BTreeMap<PathBuf, (usize, String)> = Default::default();
    let mut fatal = None;
    crate::pool::in_order_scheduled(
        &schedule,
        jobs,
        books,
        |books, i| check_case(&a, &cases[i], read_cases.take(i), books),
        |_, checked| {
            if let Some((dir, shown)) = checked.broken {
                let seen = broken.entry(dir.clone()).or_insert((0, shown.clone()));
                seen.0 += 1;
                if seen.0 == 1 {
                    say(&format!(
                        "FAIL {}: has errors, so no case that needs it can be ruled\n{}",
                        dir.display(),
                        shown.trim_end()
                    ));
                }
            }
            super::report(&checked.warnings);
            for line in &checked.lines {
                say(line);
            }
            if let Some(message) = checked.fatal {
                fatal = Some(message);
                return std::ops::ControlFlow::Break(());
            }
            if let Some((dir, ruling)) = &checked.coverage {
                coverage.entry(dir.clone()).or_default().add(ruling);
            }
            blessed += checked.blessed;
            results.push(CaseResult {
                name: checked.name,
                failures: checked.failures,
            });
            std::ops::ControlFlow::Continue(())
        },
    );
    if let Some(message) = fatal {
        errln!("error: {message}");
        return ExitCode::from(2);
    }
    let mut books = books();
    if blessed > 0 {
        say(&format!(
            "wrote {blessed} golden file(s); review them with `git diff` before committing"
        ));
    }
    for (dir, cov) in &coverage {
        if let Ok(book) = books.get(dir) {
            say(&format!(
                "{}: {}",
                dir.display(),
                crate::coverage::render(&cov.report(book)).trim_end()
            ));
        }
    }
    for (dir, (n, _)) in &broken {
        say(&format!(
            "{n} case(s) not ruled: {} has errors (above)",
            dir.display()
        ));
    }
    let failed = results.iter().filter(|r| !r.failures.is_empty()).count();
    let passed = results.len() - failed;
    match a.format {
        Format::Text => {}
        Format::Junit => match junit(&results, &broken) {
            Ok(xml) => out!("{xml}"),
            Err(e) => {
                errln!("error: cannot write the JUnit report: {e}");
                return ExitCode::from(2);
            }
        },
        Format::Json => {
            let report = serde_json::json!({
                "passed": passed,
                "failed": failed,
                "broken": broken
                    .iter()
                    .map(|(dir, (n, shown))| serde_json::json!({
                        "lawbook": dir.display().to_string(),
                        "cases": n,
                        "diagnostics": shown,
                    }))
                    .collect::<Vec<_>>(),
                "cases": results,
            });
            outln!(
                "{}",
                serde_json::to_string_pretty(&report).unwrap_or_default()
            );
        }
    }
    // The summary line CI reads, on stdout for text and on stderr beside a report.
    if text {
        outln!("{passed} passed, {failed} failed");
    } else {
        errln!("{passed} passed, {failed} failed");
    }
    // The command ends the process: the books read for every thread, their sources and the
    // lexicon are left to its end rather than freed piece by piece, on one thread, after the
    // report is out (1.5 to 2 ms of a corpus run).
    std::mem::forget(preloaded);
    if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Rule one case and compare its renderings with its goldens (or write them, `--bless`).
fn check_case(a: &Args, path: &std::path::Path, read: ReadCase, books: &mut Books) -> Checked {
    let name = case_name(path, &a.corpus);
    let mut checked = Checked {
        name: name.clone(),
        broken: None,
        warnings: vec![],
        lines: vec![],
        failures: vec![],
        blessed: 0,
        coverage: None,
        fatal: None,
    };
    books.take_broken();
    let (ruling, goldens) = match rule_and_render_read(read, path, &name, a.laws(), books) {
        Ok(ruled) => ruled,
        Err(diags) => {
            let mut shown = render_plain(&diags[..diags.len().min(super::MAX_PRINTED)]);
            if let Some(rest) = super::not_printed(diags.len()) {
                shown.push_str(&rest);
                shown.push('\n');
            }
            if let Some(dir) = books.take_broken() {
                checked.failures.push(format!(
                    "{} has errors (its diagnostics are reported once)",
                    dir.display()
                ));
                checked.broken = Some((dir, shown));
            } else {
                checked.lines.push(format!(
                    "FAIL {name}: the case cannot be ruled\n{}",
                    shown.trim_end()
                ));
                checked
                    .failures
                    .push(format!("the case cannot be ruled\n{shown}"));
            }
            return checked;
        }
    };
    checked.warnings = books.take_warnings();
    // Under a regulation: the standard goldens hold where it changes nothing.
    let regulation = ruling.regulation.clone();
    let plain = match &regulation {
        Some(_) => unregulated_goldens(books, &ruling, a.laws()).unwrap_or_default(),
        None => vec![],
    };
    let unchanged = regulation.is_some()
        && plain
            .iter()
            .all(|(suffix, text)| golden_matches(&golden_path(path, suffix), text));
    for (suffix, rendered) in goldens {
        if suffix != "json" && !a.lang.is_empty() && !a.lang.iter().any(|l| l == suffix) {
            continue;
        }
        let gp = match &regulation {
            Some(r) => regulation_golden_path(path, r, suffix),
            None => golden_path(path, suffix),
        };
        if unchanged {
            // The regulation does not change this ruling: no goldens of its own.
            if a.bless && gp.exists() {
                if let Err(e) = std::fs::remove_file(&gp) {
                    checked.fatal = Some(format!("cannot remove {}: {e}", gp.display()));
                    return checked;
                }
                checked.blessed += 1;
            } else if gp.exists() {
                let failure = format!(
                    "{} is left over: the regulation no longer changes this ruling (`--bless` removes it)",
                    gp.display()
                );
                checked.lines.push(format!("FAIL {name}: {failure}"));
                checked.failures.push(failure);
            }
            continue;
        }
        if golden_matches(&gp, &rendered) {
            continue;
        }
        let want = read_golden(&gp);
        if a.bless {
            if let Err(e) = write_golden(&gp, &rendered) {
                checked.fatal = Some(format!("cannot write {}: {e}", gp.display()));
                return checked;
            }
            checked.blessed += 1;
            continue;
        }
        let failure = match want {
            None => format!("no golden {}", gp.display()),
            Some(w) => format!(
                "{} differs (- golden, + now)\n{}",
                gp.display(),
                diff(&w, &rendered)
            ),
        };
        checked
            .lines
            .push(format!("FAIL {name}: {}", failure.trim_end()));
        checked.failures.push(failure);
    }
    if a.coverage {
        if let Ok(case) = crate::runner::load_case(path, &mut books.sources) {
            let dir = crate::runner::lawbook_dir(&case, path, a.laws());
            checked.coverage = Some((dir, ruling));
        }
    }
    checked
}

/// The results as JUnit XML: one test suite for the corpus, one test case per case; a broken
/// law book's diagnostics on the suite's system-err.
fn junit(
    results: &[CaseResult],
    broken: &std::collections::BTreeMap<PathBuf, (usize, String)>,
) -> Result<String, quick_junit::SerializeError> {
    use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};
    let mut suite = TestSuite::new("corpus");
    for r in results {
        let status = match r.failures.as_slice() {
            [] => TestCaseStatus::success(),
            fs => {
                let mut st = TestCaseStatus::non_success(NonSuccessKind::Failure);
                st.set_message(fs[0].lines().next().unwrap_or_default().to_string());
                st.set_description(fs.join("\n"));
                st
            }
        };
        let mut case = TestCase::new(r.name.clone(), status);
        case.set_classname(
            r.name
                .rsplit_once('/')
                .map_or("corpus", |(dir, _)| dir)
                .to_string(),
        );
        suite.add_test_case(case);
    }
    if !broken.is_empty() {
        suite.set_system_err(
            broken
                .values()
                .map(|(_, shown)| shown.as_str())
                .collect::<Vec<_>>()
                .join("\n"),
        );
    }
    let mut report = Report::new("lawbook test");
    report.add_test_suite(suite);
    report.to_string()
}
