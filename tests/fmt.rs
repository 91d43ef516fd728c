//! `lawbook fmt` on the whole law book and corpus: the repository is laid out canonically; a
//! copy shifted right, with tabs, CRLF, trailing spaces and extra blank lines, is laid out back
//! to the very same text; formatting twice changes nothing; and a copy stripped of all its
//! indentation is laid out into files that read and check as the originals do, token for
//! token.

use lawbook::check::check;
use lawbook::fmt::{format, Kind};
use lawbook::syntax::parse_law_file;
use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, out);
        } else if Kind::of(&p).is_some() {
            out.push(p);
        }
    }
}

fn all() -> Vec<(PathBuf, Kind, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = vec![];
    files(&root.join("laws"), &mut paths);
    files(&root.join("corpus"), &mut paths);
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let kind = Kind::of(&p).unwrap();
            let text = std::fs::read_to_string(&p).unwrap();
            (p, kind, text)
        })
        .collect()
}

/// Every line shifted right by a tab and a space (three columns), trailing spaces, CRLF, and
/// every blank line tripled, with blank lines before and after the file.
fn messed_up(text: &str) -> String {
    let mut out = String::from("\r\n\r\n");
    for line in text.lines() {
        if line.is_empty() {
            out.push_str("\r\n   \r\n\t\r\n");
            continue;
        }
        out.push_str("\t ");
        out.push_str(line);
        out.push_str(" \t \r\n");
    }
    out.push_str("\r\n\r\n");
    out
}

#[test]
fn the_law_book_and_corpus_are_laid_out_and_come_back_from_a_mess() {
    let files = all();
    assert!(files.len() > 700, "{} files", files.len());
    let mut wrong = vec![];
    for (p, kind, text) in &files {
        if &format(text, *kind) != text {
            wrong.push(format!(
                "{}: not canonical (run `lawbook fmt`)",
                p.display()
            ));
            continue;
        }
        let once = format(&messed_up(text), *kind);
        if &once != text {
            wrong.push(format!("{}: not restored from a mess", p.display()));
        }
        if format(&once, *kind) != once {
            wrong.push(format!("{}: formatting twice changes it", p.display()));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_copy_without_indentation_reads_and_checks_as_the_original() {
    let mut laws = vec![];
    for (p, kind, text) in all() {
        let flat: String = text
            .lines()
            .map(|l| format!("{}\n", l.trim_start()))
            .collect();
        let laid = format(&flat, kind);
        assert_eq!(
            laid.split_whitespace().collect::<Vec<_>>(),
            text.split_whitespace().collect::<Vec<_>>(),
            "{}: a token changed",
            p.display()
        );
        assert_eq!(format(&laid, kind), laid, "{}: not idempotent", p.display());
        match kind {
            Kind::Law if p.parent().is_some_and(|d| d.ends_with("2017")) => {
                let f = parse_law_file(laws.len() as u32, &laid)
                    .unwrap_or_else(|d| panic!("{}: {}", p.display(), d.message));
                laws.push(f);
            }
            Kind::Case => {
                if let Err(d) = lawbook::case::parse_case(0, &laid) {
                    panic!("{}: {}", p.display(), d[0].message);
                }
            }
            Kind::Law => {}
        }
    }
    assert!(laws.len() > 50);
    if let Err(d) = check("2017", laws) {
        panic!("the laid-out law book does not check: {}", d[0].message);
    }
}
