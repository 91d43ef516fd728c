//! A case's goldens: where each lies beside the case, how one is read, compared with a
//! rendering and written, and the difference shown when one fails.

use std::path::{Path, PathBuf};

pub fn golden_path(case: &Path, suffix: &str) -> PathBuf {
    snap_path(case, "", suffix)
}

/// A case's golden under a regulation: `NAME@REGULATION.en.snap`, beside the standard ones,
/// kept only where the regulation changes the ruling.
pub fn regulation_golden_path(case: &Path, regulation: &str, suffix: &str) -> PathBuf {
    snap_path(case, &format!("@{regulation}"), suffix)
}

/// The file beside `case` named its stem, `infix`, `.`, `suffix` and `.snap`. A path ending in
/// a file name and `.case` (every case a corpus run finds) is written from its text, its
/// `.case` replaced: taking the stem and the folder apart cost some three thousand
/// instructions a golden, five goldens a case.
fn snap_path(case: &Path, infix: &str, suffix: &str) -> PathBuf {
    let named = case
        .to_str()
        .and_then(|p| p.strip_suffix(".case"))
        .filter(|stem| !stem.is_empty() && !stem.ends_with(['/', std::path::MAIN_SEPARATOR]));
    match named {
        Some(stem) => PathBuf::from(format!("{stem}{infix}.{suffix}.snap")),
        None => {
            let stem = case.file_stem().unwrap_or_default().to_string_lossy();
            case.with_file_name(format!("{stem}{infix}.{suffix}.snap"))
        }
    }
}

/// The content of an insta snapshot file (after its header).
pub fn read_golden(path: &Path) -> Option<String> {
    golden_text(&std::fs::read_to_string(path).ok()?).map(str::to_string)
}

fn golden_text(file: &str) -> Option<&str> {
    let body = file.strip_prefix("---\n")?;
    let end = body.find("\n---\n")?;
    Some(body[end + 5..].trim_end())
}

/// Whether the golden at `path` holds `rendered`, as `read_golden` reads it: its bytes
/// compared where they lie, not copied, and only the header and what follows the text
/// decoded (the text itself is valid when it equals `rendered`). A corpus run compares some
/// 3,800 goldens (8 MB), nearly all equal; `read_golden` is for the few that differ.
pub fn golden_matches(path: &Path, rendered: &str) -> bool {
    // A golden is what the program wrote (29/open's JSON is 0.8 MB): no limit of its own, as
    // `read_golden` has none, so that a golden the rendering equals always matches. (One
    // less than the largest size: the reader takes a byte past its limit to see it passed.)
    let max = u64::MAX - 1;
    crate::source::with_file_bytes(path, max, |bytes| golden_holds(bytes, rendered))
        .unwrap_or(false)
}

fn golden_holds(bytes: &[u8], rendered: &str) -> bool {
    let Some(body) = bytes.strip_prefix(b"---\n") else {
        return false;
    };
    let Some(end) = body.windows(5).position(|w| w == b"\n---\n") else {
        return false;
    };
    let (header, text) = (&body[..end + 5], &body[end + 5..]);
    let want = rendered.trim_end().as_bytes();
    // The golden trimmed is `want` when it is `want` and then only white space.
    std::str::from_utf8(header).is_ok()
        && text.starts_with(want)
        && std::str::from_utf8(&text[want.len()..])
            .is_ok_and(|rest| rest.chars().all(char::is_whitespace))
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

/// A unified diff of two texts, for a failing case. The golden is stored trimmed and a
/// rendering ends with a newline: both end with one here, so that the last line is not
/// reported as differing for its end ("No newline at end of file").
pub fn diff(expected: &str, actual: &str) -> String {
    let (e, a) = (
        format!("{}\n", expected.trim_end()),
        format!("{}\n", actual.trim_end()),
    );
    similar::TextDiff::from_lines(&e, &a)
        .unified_diff()
        .context_radius(2)
        .header("golden", "now")
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::{diff, golden_holds, golden_text, snap_path};
    use std::path::{Path, PathBuf};

    /// A golden's path written from the case's text is the one its stem and folder give,
    /// whatever the name; a path that does not end in a name and `.case` takes the long way.
    #[test]
    fn a_goldens_path_is_its_cases_stem_beside_it() {
        let by_parts = |case: &Path, infix: &str, suffix: &str| {
            let stem = case.file_stem().unwrap_or_default().to_string_lossy();
            case.with_file_name(format!("{stem}{infix}.{suffix}.snap"))
        };
        for case in [
            "corpus/2017/70/b-early-claim-adjudicated.case",
            "corpus/2017/70/a-claim-disputed-cold~hu.case",
            "x.case",
            "a b/č.d.case",
            "dir/x..case",
            "/abs/dir/y.case",
            "dir/.case",
            "dir/noext",
            "dir/x.case/",
        ] {
            let case = Path::new(case);
            for (infix, suffix) in [("", "en"), ("@example_federation", "json")] {
                assert_eq!(
                    snap_path(case, infix, suffix),
                    by_parts(case, infix, suffix),
                    "{}",
                    case.display()
                );
            }
        }
        assert_eq!(
            snap_path(Path::new("c/2017/a.case"), "", "sk"),
            PathBuf::from("c/2017/a.sk.snap")
        );
    }

    /// A golden compared as bytes matches exactly when the text read from it is the
    /// rendering: headers missing or broken, white space after the text (ASCII and not),
    /// texts that differ or stop short, bytes that are not UTF-8 anywhere in the file.
    #[test]
    fn a_golden_compared_as_bytes_matches_what_reading_it_gives() {
        let rendered = ["ruling\n  line two\n", "", "Pravidlo 27B1(a): žiadna\n"];
        let tails: [&[u8]; 6] = [b"", b"\n", b"  \n\n", "\u{a0}\n".as_bytes(), b"x", b"\xff"];
        let heads: [&[u8]; 5] = [
            b"---\nsource: tests/corpus.rs\nexpression: ruling\n---\n",
            b"---\n---\n",
            b"source: x\n---\n",
            b"---\nsource: \xc3\n---\n",
            b"---\nno end of the header\n",
        ];
        let mut matched = 0;
        for head in heads {
            for text in rendered
                .iter()
                .chain(&["ruling\n  line", "Pravidlo 27B1(a): \u{17e}"])
            {
                for tail in tails {
                    for r in rendered {
                        let file = [head, text.as_bytes(), tail].concat();
                        let read = String::from_utf8(file.clone())
                            .ok()
                            .is_some_and(|f| golden_text(&f) == Some(r.trim_end()));
                        assert_eq!(golden_holds(&file, r), read, "{file:?} against {r:?}");
                        matched += usize::from(read);
                    }
                }
            }
        }
        assert!(
            matched > 10,
            "{matched} matches: the equal cases were exercised"
        );
    }

    /// A golden the program wrote matches the rendering it holds whatever its size (one
    /// larger than any case or law file may be, which a very open case's JSON could be), and
    /// one that differs does not.
    #[test]
    fn a_golden_of_any_size_matches_its_rendering() {
        let dir = std::env::temp_dir().join(format!("lawbook-golden-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("large.json.snap");
        let line = "{ \"seat\": \"N\", \"call\": \"1NT\" },\n";
        let rendered = line.repeat((crate::source::MAX_TEXT_BYTES as usize) / line.len() + 10);
        super::write_golden(&path, &rendered).unwrap();
        assert!(super::golden_matches(&path, &rendered));
        assert!(!super::golden_matches(&path, &rendered[1..]));
        assert!(!super::golden_matches(&dir.join("missing.snap"), &rendered));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failing_case_s_diff_shows_only_the_lines_that_differ() {
        let d = diff("a\nb\nlast", "a\nc\nlast\n");
        assert!(d.contains("-b\n+c\n"), "{d}");
        assert!(!d.contains("No newline"), "{d}");
        assert!(!d.contains("-last") && !d.contains("+last"), "{d}");
    }
}
