//! The corpus through insta: every case under corpus/ is ruled and its renderings in
//! English, Slovak, Polish and Hungarian and its JSON data are compared with the golden files
//! beside it (NAME.en.snap, NAME.sk.snap, NAME.pl.snap, NAME.hu.snap, NAME.json.snap), the
//! same files `lawbook test corpus` reads. Review changes with `cargo insta review` or
//! `lawbook test --bless` and `git diff`.

use lawbook::runner::{case_name, find_cases, rule_and_render, Books};
use std::path::Path;

#[test]
fn corpus_matches_goldens() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = root.join("corpus");
    let laws = root.join("laws");
    let cases = find_cases(&corpus, 1);
    assert!(
        cases.len() >= 150,
        "the corpus has {} cases; it should have at least 150",
        cases.len()
    );
    let mut books = Books::default();
    for path in &cases {
        let name = case_name(path, &corpus);
        let (_, goldens) = match rule_and_render(path, &name, &laws, &mut books) {
            Ok(r) => r,
            Err(d) => panic!(
                "{name} cannot be ruled:\n{}",
                lawbook::diagnostic::render_plain(&d)
            ),
        };
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let suffixes: Vec<&str> = goldens.iter().map(|(s, _)| *s).collect();
        assert_eq!(suffixes, ["en", "sk", "pl", "hu", "json"], "{name}");
        for (suffix, text) in goldens {
            // A phrase, argument or term the renderer could not find shows as `{?name}`.
            assert!(!text.contains("{?"), "{name}.{suffix}: {text}");
            insta::with_settings!({
                snapshot_path => path.parent().unwrap(),
                prepend_module_to_snapshot => false,
                omit_expression => true,
                input_file => path,
            }, {
                insta::assert_snapshot!(format!("{stem}.{suffix}"), text);
            });
        }
    }
}
