//! Reading a law book from disk: every `.law` file of a folder, parsed, checked and compiled
//! (text -> syntax tree -> checked law book -> compiled rules).

use crate::check::{check, LawBook};
use crate::diagnostic::Diag;
use crate::eval::book::{CompiledBook, Evaluation};
use crate::source::Sources;
use crate::syntax::parse_law_file;
use std::path::Path;

/// Read, parse and check the law book in `dir`. Parse errors of every file are reported
/// together; the check runs only on a book that parses.
pub fn load_lawbook(dir: &Path, sources: &mut Sources) -> Result<CompiledBook, Vec<Diag>> {
    load_lawbook_under(dir, None, sources).map(|(book, _)| book)
}

/// The law book in `dir` read under the regulation in the file `regulation`, if any: the
/// book, and the warnings the regulation's amendments give (said in every run).
pub fn load_lawbook_under(
    dir: &Path,
    regulation: Option<&Path>,
    sources: &mut Sources,
) -> Result<(CompiledBook, Vec<Diag>), Vec<Diag>> {
    load_lawbook_as(dir, regulation, sources, Evaluation::Compiled)
}

/// `load_lawbook_under`, the book made ready to run as `how` says.
pub fn load_lawbook_as(
    dir: &Path,
    regulation: Option<&Path>,
    sources: &mut Sources,
    how: Evaluation,
) -> Result<(CompiledBook, Vec<Diag>), Vec<Diag>> {
    load_checked(dir, regulation, sources)
        .map(|(book, warnings)| (CompiledBook::with(book, how), warnings))
}

/// The law book in `dir` read, amended by the regulation in the file `regulation` if any,
/// and checked: the book, and the warnings the regulation's amendments give. It is shared by
/// threads, each of which compiles it (`CompiledBook::shared`).
pub fn load_checked(
    dir: &Path,
    regulation: Option<&Path>,
    sources: &mut Sources,
) -> Result<(LawBook, Vec<Diag>), Vec<Diag>> {
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| vec![unreadable(dir, &e.to_string())])?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "law"))
        .collect();
    paths.sort();
    if paths.is_empty() {
        return Err(vec![Diag::new(
            "lawbook::load::empty",
            format!("{} holds no .law files", dir.display()),
        )
        .help("a law book is a folder of .law files, such as laws/2017")]);
    }
    let mut texts = vec![];
    let mut total: u64 = 0;
    for p in paths {
        total += std::fs::metadata(&p).map(|m| m.len()).unwrap_or(0);
        if total > crate::source::MAX_LAWBOOK_BYTES {
            // Unreadable input, as a file above its own limit is (exit 2).
            return Err(vec![unreadable(
                &p,
                &format!(
                    "with it the law book's .law files pass {} MiB together, the most a law book may hold (the 2017 law book is 0.25 MiB)",
                    crate::source::MAX_LAWBOOK_BYTES >> 20
                ),
            )]);
        }
        let bytes = crate::source::read_limited(&p, crate::source::MAX_TEXT_BYTES)
            .map_err(|e| vec![unreadable(&p, &e.to_string())])?;
        texts.push(match String::from_utf8(bytes) {
            Ok(text) => {
                let id = sources.add(p.display().to_string(), text);
                Ok((id, sources.get(id).text.clone()))
            }
            Err(e) => Err(unreadable(
                &p,
                &format!(
                    "it is not UTF-8 text (invalid byte at offset {})",
                    e.utf8_error().valid_up_to()
                ),
            )),
        });
    }
    // The files are parsed one a core: parsing is most of a load (pest), and each file is
    // parsed alone. Their trees and errors are taken in the files' order.
    let (mut files, mut diags): (Vec<crate::syntax::ast::LawFile>, _) = (vec![], vec![]);
    crate::pool::in_order(
        texts.len(),
        crate::pool::jobs(None),
        || (),
        |_, i| match &texts[i] {
            Ok((id, text)) => parse_law_file(*id, text).map_err(Diag::with_language_rule),
            Err(unreadable) => Err(unreadable.clone()),
        },
        |_, parsed| {
            match parsed {
                Ok(f) => files.push(f),
                Err(d) => diags.push(d),
            }
            std::ops::ControlFlow::Continue(())
        },
    );
    if !diags.is_empty() {
        return Err(diags);
    }
    let name = dir
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let mut warnings = vec![];
    let mut info = None;
    if let Some(path) = regulation {
        let reg = read_regulation(path, sources)?;
        let applied = crate::regulation::apply(&reg, &name, &mut files);
        if !applied.errors.is_empty() {
            return Err(applied.errors);
        }
        warnings = applied.warnings;
        info = Some(crate::check::RegulationInfo {
            name: reg.name.name.clone(),
            titles: reg.titles.first().cloned(),
            touched: applied.touched,
        });
    }
    let mut book = check(&name, files).map_err(|ds| {
        ds.into_iter()
            .map(Diag::with_language_rule)
            .collect::<Vec<_>>()
    })?;
    book.regulation = info;
    Ok((book, warnings))
}

/// Read and parse a regulation file.
pub fn read_regulation(
    path: &Path,
    sources: &mut Sources,
) -> Result<crate::syntax::ast::Regulation, Vec<Diag>> {
    let text = read_utf8(path).map_err(|d| vec![d])?;
    let id = sources.add(path.display().to_string(), text);
    crate::syntax::parse_regulation_file(id, &sources.get(id).text.clone()).map_err(|d| vec![d])
}

/// A text file, within the size limit, as UTF-8; else the diagnostic that says why not.
pub fn read_utf8(path: &Path) -> Result<String, Diag> {
    let bytes = crate::source::read_limited(path, crate::source::MAX_TEXT_BYTES)
        .map_err(|e| unreadable(path, &e.to_string()))?;
    String::from_utf8(bytes).map_err(|e| {
        unreadable(
            path,
            &format!(
                "it is not UTF-8 text (invalid byte at offset {})",
                e.utf8_error().valid_up_to()
            ),
        )
    })
}

pub fn unreadable(path: &Path, why: &str) -> Diag {
    Diag::new(
        "lawbook::io",
        format!("cannot read {}: {why}", path.display()),
    )
    .help("check the path and that the file is UTF-8 text")
}

/// The bundled 2017 law book, compiled: what the unit tests that rule on it load.
#[cfg(test)]
pub(crate) fn bundled_2017() -> CompiledBook {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("laws/2017");
    load_lawbook(&dir, &mut Sources::default()).expect("the 2017 law book loads")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The files of a law book are parsed one a core, and their errors still come in the
    /// files' order (a file that is not UTF-8 among them in its place), the same inside a
    /// pool's item, where everything runs on one thread.
    #[test]
    fn errors_come_in_the_files_order_however_many_threads_parse() {
        let dir = std::env::temp_dir().join(format!("lawbook-load-order-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let names = ["a", "b", "c", "d", "e", "f"];
        for (i, n) in names.iter().enumerate() {
            let path = dir.join(format!("{n}.law"));
            if i == 2 {
                std::fs::write(&path, b"law 2 { \xff }").unwrap();
            } else {
                std::fs::write(&path, format!("law {i} {{ define {n} = }}")).unwrap();
            }
        }
        let files_of = |diags: Vec<Diag>, sources: &Sources| -> Vec<String> {
            diags
                .iter()
                .map(|d| match d.labels.first() {
                    Some((span, _)) => sources.get(span.file).name.clone(),
                    None => d.message.clone(),
                })
                .map(|s| {
                    let at = s.find(".law").expect("a file's name");
                    s[at - 1..at].to_string()
                })
                .collect()
        };
        let mut sources = Sources::default();
        let Err(diags) = load_lawbook(&dir, &mut sources) else {
            panic!("the law book has errors")
        };
        assert_eq!(files_of(diags, &sources), names);
        let mut alone = vec![];
        crate::pool::in_order(
            1,
            1,
            || (),
            |_, _| {
                let mut sources = Sources::default();
                let Err(diags) = load_lawbook(&dir, &mut sources) else {
                    panic!("the law book has errors")
                };
                files_of(diags, &sources)
            },
            |_, r| {
                alone = r;
                std::ops::ControlFlow::Continue(())
            },
        );
        assert_eq!(alone, names);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
