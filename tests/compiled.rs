//! The compiled code against the reference interpreter (issue 13): every case of the corpus
//! is ruled twice, once by the law book as every command runs it (pure definitions folded,
//! every expression lowered to closures) and once by the reference interpreter walking the
//! compiled program node by node, and the two rulings must say the same in every language and
//! in their JSON data. A case that cannot be ruled must fail the same way both times. The
//! reference also computes every memoised definition afresh on each state of the table,
//! where the compiled path keeps those that read only the auction while it stays the same
//! (`Table::view`).

use lawbook::eval::book::Evaluation;
use lawbook::runner::{case_name, find_cases, rule_and_render, Books};
use std::path::Path;

#[test]
fn compiled_and_reference_rule_every_case_alike() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = root.join("corpus");
    let laws = root.join("laws");
    let cases = find_cases(&corpus);
    assert!(cases.len() >= 150, "the corpus has {} cases", cases.len());
    let mut compiled = Books::default();
    let mut reference = Books::default();
    reference.evaluation = Evaluation::Reference;
    let mut compared = 0;
    for path in &cases {
        let name = case_name(path, &corpus);
        let a = rule_and_render(path, &name, &laws, &mut compiled);
        let b = rule_and_render(path, &name, &laws, &mut reference);
        match (a, b) {
            (Ok((_, a)), Ok((_, b))) => {
                assert_eq!(a.len(), 5, "{name}: five renderings");
                for ((suffix, x), (_, y)) in a.iter().zip(&b) {
                    if x != y {
                        let diff = similar::TextDiff::from_lines(y.as_str(), x.as_str());
                        panic!(
                            "{name}.{suffix}: the compiled code rules otherwise than the \
                             reference interpreter (- reference, + compiled):\n{}",
                            diff.unified_diff()
                        );
                    }
                }
                compared += 1;
            }
            (Err(a), Err(b)) => assert_eq!(
                lawbook::diagnostic::render_plain(&a),
                lawbook::diagnostic::render_plain(&b),
                "{name}"
            ),
            (a, b) => panic!(
                "{name}: compiled {}, reference {}",
                if a.is_ok() { "ruled it" } else { "failed" },
                if b.is_ok() { "ruled it" } else { "failed" }
            ),
        }
    }
    assert_eq!(compared, cases.len(), "every case ruled both ways");
    // Each side really ran as it says: the compiled books hold code, the reference ones none.
    assert!(compiled.loaded().all(|b| b.code.is_some()));
    assert!(reference.loaded().all(|b| b.code.is_none()));
}
