//! `lawbook fmt [PATH…] [--check]`: lay out .law and .case files canonically (crate::fmt).

use crate::fmt::{format, Kind};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Files or folders (searched for .law and .case files).
    #[arg(default_values = ["laws", "corpus"])]
    pub paths: Vec<PathBuf>,
    /// Change nothing: list the files whose layout is not canonical and exit 1 if there are
    /// any (for CI).
    #[arg(long)]
    pub check: bool,
}

/// The .law and .case files under a path (the path itself if it is a file), sorted.
fn files(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_file() {
        out.push(path.to_path_buf());
    } else {
        let jobs = crate::pool::jobs(None);
        out.extend(crate::runner::files_under(path, jobs, |p| {
            Kind::of(p).is_some()
        }));
    }
}

pub fn run(a: Args) -> ExitCode {
    let mut all = vec![];
    for p in &a.paths {
        if !p.exists() {
            errln!("error: {} does not exist", p.display());
            return ExitCode::from(2);
        }
        files(p, &mut all);
    }
    all.sort();
    all.dedup();
    let mut changed = 0;
    for path in &all {
        let Some(kind) = Kind::of(path) else {
            errln!("error: {} is not a .law or .case file", path.display());
            return ExitCode::from(2);
        };
        let text = match crate::source::read_limited(path, crate::source::MAX_TEXT_BYTES) {
            Ok(b) => match String::from_utf8(b) {
                Ok(t) => t,
                Err(_) => {
                    errln!("error: {} is not UTF-8 text", path.display());
                    return ExitCode::from(2);
                }
            },
            Err(e) => {
                errln!("error: cannot read {}: {e}", path.display());
                return ExitCode::from(2);
            }
        };
        let laid_out = format(&text, kind);
        if laid_out == text {
            continue;
        }
        changed += 1;
        if a.check {
            outln!("not laid out canonically: {}", path.display());
        } else if let Err(e) = std::fs::write(path, &laid_out) {
            errln!("error: cannot write {}: {e}", path.display());
            return ExitCode::from(2);
        } else {
            outln!("laid out: {}", path.display());
        }
    }
    outln!(
        "{} file(s) read, {changed} {}",
        all.len(),
        if a.check { "to lay out" } else { "laid out" }
    );
    if a.check && changed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
