//! Every mechanical paragraph of Laws 27 and 28-32 (and the other auction laws written so
//! far) is reached by at least one case of the corpus.

use lawbook::coverage::Coverage;
use lawbook::runner::{case_name, find_cases, rule_and_render, Books};
use std::path::Path;

#[test]
fn the_corpus_reaches_every_paragraph_of_laws_27_to_32() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = root.join("corpus");
    let mut books = Books::default();
    let mut cov = Coverage::default();
    for path in find_cases(&corpus.join("2017"), 1) {
        let (ruling, _) = rule_and_render(
            &path,
            &case_name(&path, &corpus),
            &root.join("laws"),
            &mut books,
        )
        .unwrap_or_else(|_| panic!("{} rules", path.display()));
        cov.add(&ruling);
    }
    let book = books.get(&root.join("laws/2017")).unwrap();
    let report = cov.report(book);
    for law in [
        1, 2, 18, 19, 22, 26, 27, 28, 29, 30, 31, 32, 35, 37, 38, 39, 41, 44, 78,
    ] {
        if let Some(l) = report.iter().find(|l| l.law == law) {
            assert!(
                l.unreached.is_empty(),
                "law {law}: no case reaches {:?}",
                l.unreached
            );
        }
    }
    for law in [27, 29, 30, 31, 32] {
        let l = report.iter().find(|l| l.law == law).unwrap();
        assert!(l.mechanical.len() >= 3, "law {law} has paragraphs");
    }
}
