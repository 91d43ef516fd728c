//! Every input kept in fuzz/regressions/<target>/ (what the fuzzers found, and hand-made
//! hostile inputs of each kind) is replayed through the same function its fuzz target calls
//! (lawbook::fuzzing), on stable Rust: none may panic. A stack overflow or an abort would end
//! this test's process, which fails it too.

use lawbook::fuzzing::{self, Bundled};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

const TARGETS: [&str; 9] = [
    "law_file",
    "case",
    "pbn",
    "translation",
    "term_bank",
    "phrases",
    "grammar",
    "case_words",
    "po",
];

fn inputs(target: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/regressions")
        .join(target);
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    v.sort();
    v
}

#[test]
fn every_saved_fuzz_input_ends_cleanly() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut bundled = Bundled::load(&root.join("laws"));
    let mut panicked = vec![];
    for target in TARGETS {
        let files = inputs(target);
        assert!(
            !files.is_empty(),
            "fuzz/regressions/{target}/ holds no input"
        );
        for path in files {
            let data = std::fs::read(&path).unwrap();
            let run = catch_unwind(AssertUnwindSafe(|| match target {
                "law_file" => bundled.law_file(&data),
                "case" => bundled.case(&data),
                "pbn" => bundled.pbn(&data),
                "translation" => fuzzing::translation(&data),
                "term_bank" => fuzzing::term_bank(&data),
                "phrases" => fuzzing::phrases(&data),
                "grammar" => fuzzing::grammar(&data),
                "po" => fuzzing::po(&data),
                _ => fuzzing::case_words(&data),
            }));
            if run.is_err() {
                panicked.push(
                    path.strip_prefix(root)
                        .unwrap_or(&path)
                        .display()
                        .to_string(),
                );
            }
        }
    }
    assert!(panicked.is_empty(), "these inputs panic: {panicked:?}");
}
