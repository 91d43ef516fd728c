//! Helpers shared by the integration tests (`mod common;`).

// Each test crate includes the module and uses only some of it.
#![allow(dead_code)]

use lawbook::diagnostic::Diag;
use std::path::Path;

/// The repository (the checkout the tests run in).
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The law files of the bundled 2017 law book, in the order of their names.
pub fn law_files_2017() -> Vec<std::path::PathBuf> {
    let mut paths: Vec<std::path::PathBuf> = std::fs::read_dir(root().join("laws/2017"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "law"))
        .collect();
    paths.sort();
    paths
}

/// The diagnostic with the checkout's absolute path taken out of its message, help, labels
/// and file name (recursively), so it names files relative to the repository. Done before
/// rendering: the path's length would otherwise move the rendered line breaks from one
/// checkout to another.
pub fn relative(mut d: Diag) -> Diag {
    let prefix = format!("{}/", root().display());
    let strip = |s: &str| s.replace(&prefix, "");
    d.message = strip(&d.message);
    d.help = d.help.as_deref().map(strip);
    for (_, text) in &mut d.labels {
        *text = strip(text);
    }
    if let Some(src) = d.source.take() {
        d.source = Some(src.renamed(strip(src.name())));
    }
    d.related = d.related.into_iter().map(relative).collect();
    d
}

/// A rendered diagnostic with its line breaks and frame characters folded into single
/// spaces, for asserting on words: where the renderer wraps a message depends on how long
/// the paths inside it are, which differs between checkouts and temporary directories.
pub fn unwrapped(rendered: &str) -> String {
    rendered
        .replace(['│', '×', '╭', '╰', '─', '┬', '┴', '├', '┤'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The `lawbook` binary run in the repository.
pub fn lawbook(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_lawbook"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("the lawbook binary runs")
}

/// A fresh temporary folder for one test of one run, removed with what it holds when the
/// value is dropped (at the end of the test, failed or not).
pub fn temp_dir(name: &str) -> TempDir {
    let d = std::env::temp_dir().join(format!("lawbook-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    TempDir(d)
}

/// See [`temp_dir`]; read as the folder's path.
pub struct TempDir(std::path::PathBuf);

impl std::ops::Deref for TempDir {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_wrapped_message_reads_as_one_line() {
        let wrapped =
            "  × cannot read /tmp/x: with it the files pass\n  │ 2 MiB together, the most";
        assert_eq!(
            super::unwrapped(wrapped),
            "cannot read /tmp/x: with it the files pass 2 MiB together, the most"
        );
    }
}
