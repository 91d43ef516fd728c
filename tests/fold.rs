//! Pure definitions folded when the law book loads (eval::fold) against the interpreter, the
//! reference: on every point of every folded definition of the 2017 book, the same value (or
//! the same stop) and the same definitions and tables used.

use lawbook::eval::expr::{Evaluator, Findings, View};
use lawbook::eval::fold::arguments;
use lawbook::load::load_lawbook;
use lawbook::source::Sources;
use std::path::Path;

#[test]
fn every_folded_point_is_what_the_interpreter_computes() {
    let mut sources = Sources::default();
    let book = load_lawbook(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("laws/2017"),
        &mut sources,
    )
    .expect("the 2017 law book loads");
    let findings = Findings::default();
    let view = View::default();
    let mut folded = 0;
    for d in &book.program.defines {
        let (Some(f), Some(domains)) = (&book.program.folded[d.index], &d.domains) else {
            continue;
        };
        folded += 1;
        assert_eq!(
            f.points.len(),
            domains.iter().map(|x| x.len()).product::<usize>()
        );
        for p in 0..f.points.len() {
            let args = arguments(domains, p);
            let fast = Evaluator::new(&book, &findings, 1_000_000);
            let slow = Evaluator::new(&book, &findings, 1_000_000);
            let a = fast.call(&d.name, args.clone(), &view);
            let b = slow.interpret(&d.name, args.clone(), &view);
            assert_eq!(a.is_ok(), b.is_ok(), "{}{args:?}", d.name);
            if let (Ok(a), Ok(b)) = (&a, &b) {
                assert_eq!(a, b, "{}{args:?}", d.name);
            }
            assert_eq!(fast.used(), slow.used(), "{}{args:?}", d.name);
        }
    }
    // Law 77's score is one: 7 levels, 5 strains, risk 1..4, vulnerability, 0..13 tricks.
    let score = book.program.define("score").expect("score");
    let f = book.program.folded[score.index]
        .as_ref()
        .expect("score is folded");
    assert_eq!(f.points.len(), 7 * 5 * 4 * 2 * 14);
    // Risk 3 has no making premium: a made contract at risk 3 stops (28 level and trick
    // pairs make, times 5 strains and 2 vulnerabilities), and is interpreted when asked.
    assert_eq!(f.points.iter().filter(|p| p.is_none()).count(), 28 * 5 * 2);
    assert!(folded >= 1);
}

#[test]
fn a_law_book_written_to_be_slow_to_fold_loads_and_is_interpreted() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("lawbook-fold-{}", std::process::id()));
    let book = dir.join("2017");
    std::fs::create_dir_all(&book).unwrap();
    for e in std::fs::read_dir(root.join("laws/2017")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "law") {
            std::fs::copy(&p, book.join(p.file_name().unwrap())).unwrap();
        }
    }
    // 65,536 points of a thousand steps each: more than folding may spend.
    std::fs::write(
        book.join("99-costly.law"),
        "law 99 {\n  title en \"x\" sk \"x\" pl \"x\" hu \"x\"\n  define costly(a: 0..4095, b: 0..15): int = a + b + (sum n in range(1, 1000) by 0)\n}\n",
    )
    .unwrap();
    let mut sources = Sources::default();
    let loaded = load_lawbook(&book, &mut sources).expect("the book loads");
    let costly = loaded.program.define("costly").expect("costly");
    assert!(costly.domains.is_some(), "pure, with finite domains");
    assert!(loaded.program.folded[costly.index].is_none(), "not folded");
    // The others still are.
    let score = loaded.program.define("score").expect("score");
    assert!(loaded.program.folded[score.index].is_some(), "score folded");
    let findings = Findings::default();
    let ev = Evaluator::new(&loaded, &findings, 1_000_000);
    let v = ev.call(
        "costly",
        vec![
            lawbook::eval::value::Value::Int(7),
            lawbook::eval::value::Value::Int(3),
        ],
        &View::default(),
    );
    assert_eq!(v.ok(), Some(lawbook::eval::value::Value::Int(10)));
    let _ = std::fs::remove_dir_all(&dir);
}
