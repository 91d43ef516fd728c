//! The decision tree explored incrementally (each branch goes on from the table at its branch
//! point: after a hypothetical call or answer, and after the event that asked for a finding)
//! against the same tree with every node replayed from the case's start: every case of the
//! corpus must get the same ruling both ways (issue 13, item 4).

use lawbook::eval::explore::{rule_case, rule_case_from_start};
use lawbook::runner::{case_name, find_cases, lawbook_dir, load_case, Books};
use std::path::Path;

#[test]
fn every_case_is_ruled_alike_incrementally_and_from_the_start() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = root.join("corpus");
    let laws = root.join("laws");
    let cases = find_cases(&corpus);
    assert!(cases.len() >= 150, "the corpus has {} cases", cases.len());
    let mut books = Books::default();
    let (mut compared, mut trees) = (0, 0);
    for path in &cases {
        let name = case_name(path, &corpus);
        let case = load_case(path, &mut books.sources).expect("every corpus case reads");
        let dir = lawbook_dir(&case, path, &laws);
        let book = books.get(&dir).expect("its law book checks");
        let json = |r: Result<lawbook::ruling::Ruling, _>| match r {
            Ok(r) => serde_json::to_string_pretty(&r).expect("a ruling serialises"),
            Err(e) => format!("{e:?}"),
        };
        let incremental = rule_case(book, &case, &name);
        if matches!(&incremental, Ok(r) if matches!(r.tree, lawbook::ruling::Node::Branch { .. })) {
            trees += 1;
        }
        let (a, b) = (
            json(incremental),
            json(rule_case_from_start(book, &case, &name)),
        );
        if a != b {
            let diff = similar::TextDiff::from_lines(b.as_str(), a.as_str());
            panic!(
                "{name}: the incremental tree rules otherwise than replays from the start \
                 (- from the start, + incremental):\n{}",
                diff.unified_diff()
            );
        }
        compared += 1;
    }
    assert_eq!(compared, cases.len());
    // The comparison covers trees, not only single rulings.
    assert!(trees >= 40, "{trees} cases have a decision tree");
}
