//! Running cases against their golden files. Each case `NAME.case` has goldens beside it,
//! `NAME.en.snap` (the ruling in English) and `NAME.json.snap` (the ruling as data), in
//! insta's snapshot format, so `lawbook test` and `cargo test` read the same files.

use crate::case::{parse_case, Case};
use crate::check::LawBook;
use crate::diagnostic::Diag;
use crate::eval::explore::{rule_case, RuleError};
use crate::load::{load_lawbook, unreadable};
use crate::render;
use crate::ruling::Ruling;
use crate::source::{Sources, Span};
use crate::syntax::ast::Lang;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The renderings a case is pinned by: (suffix, text).
pub type Goldens = Vec<(&'static str, String)>;

/// Read a case file.
pub fn load_case(path: &Path, sources: &mut Sources) -> Result<Case, Vec<Diag>> {
    let bytes = std::fs::read(path).map_err(|e| vec![unreadable(path, &e.to_string())])?;
    let text = String::from_utf8(bytes).map_err(|e| {
        vec![unreadable(
            path,
            &format!(
                "it is not UTF-8 text (invalid byte at offset {})",
                e.utf8_error().valid_up_to()
            ),
        )]
    })?;
    let id = sources.add(path.display().to_string(), text);
    let text = sources.get(id).text.clone();
    parse_case(id, &text)
}

/// A rule error as a diagnostic pointing into the law book or the case.
pub fn rule_error_diag(e: RuleError, case_file: u32) -> Diag {
    let mut d = Diag::new("lawbook::rule", e.message.clone()).help(
        "the case or the law book leads to a situation no rule provides for; the label shows where",
    );
    d = d.label(e.span.unwrap_or(Span::new(case_file, 0, 0)), e.message);
    for (s, t) in e.others {
        d = d.label(s, t);
    }
    d
}

/// The law book a case names (`lawbook 2017`), or the edition folder it sits in.
pub fn lawbook_dir(case: &Case, case_path: &Path, laws: &Path) -> PathBuf {
    if let Some(name) = &case.lawbook {
        return laws.join(name);
    }
    for anc in case_path.ancestors().skip(1) {
        if let Some(n) = anc.file_name() {
            let cand = laws.join(n);
            if cand.is_dir() {
                return cand;
            }
        }
    }
    laws.join("2017")
}

/// Caches law books by folder while a corpus runs.
#[derive(Default)]
pub struct Books {
    pub sources: Sources,
    books: HashMap<PathBuf, Result<LawBook, Vec<Diag>>>,
}

impl Books {
    pub fn get(&mut self, dir: &Path) -> Result<&LawBook, Vec<Diag>> {
        if !self.books.contains_key(dir) {
            let r = load_lawbook(dir, &mut self.sources);
            self.books.insert(dir.to_path_buf(), r);
        }
        match &self.books[dir] {
            Ok(b) => Ok(b),
            Err(d) => Err(d
                .iter()
                .cloned()
                .map(|d| d.with_sources(&self.sources))
                .collect()),
        }
    }
}

/// The case's name in rulings: its path, without `.case`, under the nearest `corpus` folder above it (so a
/// case has the same name whether the whole corpus or one folder of it is run), else under
/// the folder given.
pub fn case_name(path: &Path, corpus: &Path) -> String {
    let root = path
        .ancestors()
        .skip(1)
        .find(|a| a.file_name().is_some_and(|n| n == "corpus"))
        .unwrap_or(corpus);
    let rel = path.strip_prefix(root).unwrap_or(path);
    rel.with_extension("").to_string_lossy().replace('\\', "/")
}

/// Rule a case and render its goldens.
pub fn rule_and_render(
    path: &Path,
    name: &str,
    laws: &Path,
    books: &mut Books,
) -> Result<(Ruling, Goldens), Vec<Diag>> {
    let case = load_case(path, &mut books.sources).map_err(|d| {
        d.into_iter()
            .map(|d| d.with_sources(&books.sources))
            .collect::<Vec<_>>()
    })?;
    let dir = lawbook_dir(&case, path, laws);
    let file = case.file;
    let ruling = {
        let book = books.get(&dir)?;
        let ruling = rule_case(book, &case, name).map_err(|e| vec![rule_error_diag(e, file)]);
        match ruling {
            Ok(r) => {
                let en = render::text(&r, book, Lang::En);
                let json = render::json(&r);
                return Ok((r, vec![("en", en), ("json", json)]));
            }
            Err(d) => d,
        }
    };
    Err(ruling
        .into_iter()
        .map(|d| d.with_sources(&books.sources))
        .collect())
}

/// Every `.case` file under a folder, sorted.
pub fn find_cases(dir: &Path) -> Vec<PathBuf> {
    let mut out = vec![];
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "case") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

pub fn golden_path(case: &Path, suffix: &str) -> PathBuf {
    let stem = case.file_stem().unwrap_or_default().to_string_lossy();
    case.with_file_name(format!("{stem}.{suffix}.snap"))
}

/// The content of an insta snapshot file (after its header).
pub fn read_golden(path: &Path) -> Option<String> {
    let text = std::fs::read_to_string(path).ok()?;
    let body = text.strip_prefix("---\n")?;
    let end = body.find("\n---\n")?;
    Some(body[end + 5..].trim_end().to_string())
}

pub fn write_golden(path: &Path, content: &str) -> std::io::Result<()> {
    std::fs::write(
        path,
        format!(
            "---\nsource: tests/corpus.rs\nexpression: ruling\n---\n{}\n",
            content.trim_end()
        ),
    )
}

/// A unified diff of two texts, for a failing case.
pub fn diff(expected: &str, actual: &str) -> String {
    similar::TextDiff::from_lines(expected, actual)
        .unified_diff()
        .context_radius(2)
        .header("golden", "now")
        .to_string()
}
