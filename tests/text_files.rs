//! A translator's own file in every command that reads the texts (`--text sk=FILE`, issue 12
//! item 3): `compare`, `terms check` and `show` read it in place of the law book's text, alone
//! or against the other bundled texts, and every line number points into the file given.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn lawbook(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lawbook"))
        .args(args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .env("COLUMNS", "100")
        .output()
        .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A copy of the Slovak 2017 text with three lines inserted at the top and Law 11B's reference
/// to Law 90 (line 401) changed to 99: in the copy, that line is 404.
fn revised_copy() -> PathBuf {
    let text = std::fs::read_to_string(root().join("laws/2017/text/sk.source.txt")).unwrap();
    let edited = text.replacen(
        "vedúci môže udeliť procedurálnu pokutu (pozri pravidlo 90).",
        "vedúci môže udeliť procedurálnu pokutu (pozri pravidlo 99).",
        1,
    );
    assert_ne!(edited, text);
    let dir = std::env::temp_dir().join(format!("lawbook-text-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("moja kópia.txt");
    std::fs::write(&path, format!("Revízia 2\n\n\n{edited}")).unwrap();
    path
}

#[test]
fn compare_terms_and_show_read_the_file_given() {
    let copy = revised_copy();
    let given = format!("sk={}", copy.display());

    // compare: the changed reference, at its line in the copy, against the bundled hu.
    let o = lawbook(&["compare", "--text", &given, "--kind", "references"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains("sk 11B line 404") && out.contains("only sk refers to 99"),
        "{out}"
    );

    // terms check: the bank's lines are anchored to paragraphs, so three inserted lines move
    // no term, and the findings are the law book's text's (78 variant uses, 11 slips).
    let o = lawbook(&["terms", "check", "--text", &given, "--findings"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1));
    assert!(!out.contains("moved"), "{out}");
    assert!(out.contains("89 finding(s)"), "{out}");
    assert!(out.contains(&copy.display().to_string()), "{out}");

    // show: the paragraph as the copy has it.
    let o = lawbook(&["show", "11B", "--langs", "sk", "--text", &given]);
    assert!(stdout(&o).contains("pravidlo 99"), "{}", stdout(&o));
    let o = lawbook(&["show", "11B", "--langs", "sk"]);
    assert!(stdout(&o).contains("pravidlo 90"));

    // align: the file alone.
    let o = lawbook(&[
        "align",
        copy.to_str().unwrap(),
        "--lang",
        "sk",
        "--edition",
        "2017",
    ]);
    assert!(
        stdout(&o).contains("line 404 (11B): \"99\""),
        "{}",
        stdout(&o)
    );
    std::fs::remove_dir_all(copy.parent().unwrap()).ok();
}

#[test]
fn a_file_for_a_language_the_edition_lacks_is_bad_usage() {
    let o = lawbook(&["compare", "--text", "pl=whatever.txt"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("the 2017 Laws have no pl text"), "{err}");
    let o = lawbook(&["terms", "check", "--text", "sk"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("LANG=FILE"));
    let o = lawbook(&["show", "27B", "--text", "sk=/nonexistent/file.txt"]);
    assert_eq!(o.status.code(), Some(2));
    let o = lawbook(&[
        "compare",
        "--text",
        "sk=laws/2017/text/sk.source.txt",
        "--layout",
        "sk=tests/data/layouts/sk2017-title-case.layout",
    ]);
    // The title-case layout finds no heading in the upper-case text: said, exit 2.
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("Pravidlo n"));
}
