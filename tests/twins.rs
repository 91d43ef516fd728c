//! Issue 4, part 5: cross-language invariance. A twin is a case written again in another
//! language, beside its original: `NAME~sk.case`, `NAME~pl.case`, `NAME~hu.case` mirror
//! `NAME.case`. Every twin must be in the language its name says and give the same ruling
//! data as its original (the case's name apart); the corpus holds at least 30 twins.

use lawbook::runner::{case_name, find_cases, load_case, rule_and_render, Books};
use lawbook::syntax::ast::Lang;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The ruling's JSON without the case's name.
fn data(json: &str) -> serde_json::Value {
    let mut v: serde_json::Value = serde_json::from_str(json).expect("ruling JSON");
    v.as_object_mut().expect("an object").remove("case");
    v
}

#[test]
fn twins_in_other_languages_give_the_same_ruling() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = root.join("corpus");
    let laws = root.join("laws");
    // original path -> its twins (language, path)
    let mut groups: BTreeMap<PathBuf, Vec<(Lang, PathBuf)>> = BTreeMap::new();
    for p in find_cases(&corpus, 1) {
        let stem = p.file_stem().unwrap().to_string_lossy().to_string();
        if let Some((base, code)) = stem.rsplit_once('~') {
            let lang = Lang::parse(code)
                .unwrap_or_else(|| panic!("{}: `~{code}` is not a language", p.display()));
            let original = p.with_file_name(format!("{base}.case"));
            assert!(
                original.is_file(),
                "{} has no original {}",
                p.display(),
                original.display()
            );
            groups.entry(original).or_default().push((lang, p));
        }
    }
    let twins: usize = groups.values().map(Vec::len).sum();
    assert!(
        twins >= 30,
        "the corpus holds {twins} twins; it should hold at least 30"
    );
    let mut books = Books::default();
    let mut langs = std::collections::BTreeSet::new();
    for (original, group) in &groups {
        let name = case_name(original, &corpus);
        let (_, goldens) = rule_and_render(original, &name, &laws, &mut books)
            .unwrap_or_else(|d| panic!("{name}: {}", lawbook::diagnostic::render_plain(&d)));
        let want = data(&goldens.iter().find(|(s, _)| *s == "json").unwrap().1);
        for (lang, twin) in group {
            let case = load_case(twin, &mut books.sources)
                .unwrap_or_else(|d| panic!("{}: {d:?}", twin.display()));
            assert_eq!(
                case.lang,
                Some(*lang),
                "{} is not in {}",
                twin.display(),
                lang.code()
            );
            langs.insert(lang.code());
            let tname = case_name(twin, &corpus);
            let (_, goldens) = rule_and_render(twin, &tname, &laws, &mut books)
                .unwrap_or_else(|d| panic!("{tname}: {}", lawbook::diagnostic::render_plain(&d)));
            let got = data(&goldens.iter().find(|(s, _)| *s == "json").unwrap().1);
            assert_eq!(got, want, "{tname} rules otherwise than {name}");
        }
    }
    assert_eq!(
        langs.len(),
        3,
        "twins in Slovak, Polish and Hungarian: {langs:?}"
    );
}
