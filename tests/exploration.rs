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
    let cases = find_cases(&corpus, 1);
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

#[test]
fn a_comparison_of_the_held_call_is_one_read_so_the_most_open_case_asks_few_questions_again() {
    // 29/open: 872 questions the engine asks read the call a probe holds. With a bid's level
    // and strain read as numbers (`level(c) <= 7`, `bid_rank(b) > bid_rank(last_bid)`) each
    // bid was an answer of its own, and the questions were asked again 6,672 times
    // (docs/benchmarks.md, the run of 12:39); a comparison read as its truth
    // (`probe::Compared`) parts the bids in two, and `is_pass` and the like reading no more
    // than they say, 1,809; a call that finds at each of the question's own reads what the
    // held call found is kept without asking (`probe::keep_where`), 1,355. A count, not a
    // time: the same on every machine and in every build, and what gives if a read stops being
    // made so (the rulings would not change: the calls would only be asked again). A law edit
    // may move it: the message says by how much.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let path = root.join("corpus/2017/29/open-call-out-of-rotation.case");
    let mut books = Books::default();
    let case = load_case(&path, &mut books.sources).expect("the case reads");
    let book = books
        .get(&lawbook_dir(&case, &path, &root.join("laws")))
        .expect("its law book checks");
    rule_case(book, &case, "2017/29/open-call-out-of-rotation").expect("it is ruled");
    let again = lawbook::eval::probe::asked_again();
    assert!(
        (1..=1_500).contains(&again),
        "29/open asked {again} questions again"
    );
}
