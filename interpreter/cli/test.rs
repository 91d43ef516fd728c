//! `lawbook test [CORPUS] [--bless] [--lang L,…]`: every case against its golden files (the
//! renderings in en, sk, pl and hu and the JSON data).

use crate::diagnostic::render_plain;
use crate::runner::{
    case_name, diff, find_cases, golden_path, read_golden, rule_and_render, write_golden, Books,
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
    #[arg(long, default_value = "laws")]
    pub laws: PathBuf,
    /// Also list, per law, the paragraphs no case reaches (judgement paragraphs apart).
    #[arg(long)]
    pub coverage: bool,
    /// Check (or bless) only the renderings in these languages (en, sk, pl, hu; the JSON
    /// data always).
    #[arg(long, value_delimiter = ',', value_parser = ["en", "sk", "pl", "hu"])]
    pub lang: Vec<String>,
}

pub fn run(a: Args) -> ExitCode {
    if !a.corpus.is_dir() {
        eprintln!("error: {} is not a folder", a.corpus.display());
        return ExitCode::from(2);
    }
    let cases = find_cases(&a.corpus);
    if cases.is_empty() {
        eprintln!("error: {} holds no .case files", a.corpus.display());
        return ExitCode::from(2);
    }
    let mut books = Books::default();
    let (mut passed, mut failed, mut blessed) = (0, 0, 0);
    let mut coverage: std::collections::BTreeMap<PathBuf, crate::coverage::Coverage> =
        Default::default();
    // Law books (or renderings) that do not check: their errors are printed once, and the
    // cases that need them counted.
    let mut broken: std::collections::BTreeMap<PathBuf, usize> = Default::default();
    for path in &cases {
        let name = case_name(path, &a.corpus);
        books.take_broken();
        match rule_and_render(path, &name, &a.laws, &mut books) {
            Err(diags) => {
                failed += 1;
                if let Some(dir) = books.take_broken() {
                    let seen = broken.entry(dir.clone()).or_default();
                    *seen += 1;
                    if *seen == 1 {
                        outln!(
                            "FAIL {}: has errors, so no case that needs it can be ruled",
                            dir.display()
                        );
                        out!(
                            "{}",
                            render_plain(&diags[..diags.len().min(super::MAX_PRINTED)])
                        );
                        if let Some(rest) = super::not_printed(diags.len()) {
                            outln!("{rest}");
                        }
                    }
                    continue;
                }
                outln!("FAIL {name}: the case cannot be ruled");
                out!(
                    "{}",
                    render_plain(&diags[..diags.len().min(super::MAX_PRINTED)])
                );
                if let Some(rest) = super::not_printed(diags.len()) {
                    outln!("{rest}");
                }
            }
            Ok((ruling, goldens)) => {
                if a.coverage {
                    if let Ok(case) = crate::runner::load_case(path, &mut books.sources) {
                        let dir = crate::runner::lawbook_dir(&case, path, &a.laws);
                        coverage.entry(dir).or_default().add(&ruling);
                    }
                }
                let mut ok = true;
                for (suffix, text) in goldens {
                    if suffix != "json" && !a.lang.is_empty() && !a.lang.iter().any(|l| l == suffix)
                    {
                        continue;
                    }
                    let gp = golden_path(path, suffix);
                    let want = read_golden(&gp);
                    if want.as_deref() == Some(text.trim_end()) {
                        continue;
                    }
                    if a.bless {
                        if let Err(e) = write_golden(&gp, &text) {
                            eprintln!("error: cannot write {}: {e}", gp.display());
                            return ExitCode::from(2);
                        }
                        blessed += 1;
                        continue;
                    }
                    ok = false;
                    match want {
                        None => outln!("FAIL {name}: no golden {}", gp.display()),
                        Some(w) => outln!(
                            "FAIL {name}: {} differs (- golden, + now)\n{}",
                            gp.display(),
                            diff(&w, &text)
                        ),
                    }
                }
                if ok {
                    passed += 1;
                } else {
                    failed += 1;
                }
            }
        }
    }
    if blessed > 0 {
        outln!("wrote {blessed} golden file(s); review them with `git diff` before committing");
    }
    for (dir, cov) in &coverage {
        if let Ok(book) = books.get(dir) {
            outln!(
                "{}: {}",
                dir.display(),
                crate::coverage::render(&cov.report(book)).trim_end()
            );
        }
    }
    for (dir, n) in &broken {
        outln!(
            "{n} case(s) not ruled: {} has errors (above)",
            dir.display()
        );
    }
    outln!("{passed} passed, {failed} failed");
    if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
