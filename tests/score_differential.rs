//! Law 77 as written in laws/2017/77-scoring.law against an independent implementation
//! (the Python library endplay; tests/data/score/make_reference.py wrote the table): all
//! 2940 combinations of level, strain, doubling, vulnerability and tricks taken.

use lawbook::eval::expr::{Evaluator, View};
use lawbook::eval::value::Value;
use lawbook::load::load_lawbook;
use lawbook::model::Strain;
use lawbook::source::Sources;
use std::path::Path;

#[test]
fn law_77_agrees_with_endplay_on_every_combination() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut sources = Sources::default();
    let book =
        load_lawbook(&root.join("laws/2017"), &mut sources).expect("the 2017 law book checks");
    let findings = lawbook::eval::expr::Findings::default();
    let ev = Evaluator::new(&book, &findings, u64::MAX);
    let view = View::default();
    let csv = std::fs::read_to_string(root.join("tests/data/score/reference.csv")).unwrap();
    let mut rows = 0;
    let mut wrong = vec![];
    for line in csv.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let level: i64 = f[0].parse().unwrap();
        let strain = match f[1] {
            "C" => Strain::Clubs,
            "D" => Strain::Diamonds,
            "H" => Strain::Hearts,
            "S" => Strain::Spades,
            _ => Strain::NoTrump,
        };
        let risk: i64 = match f[2] {
            "0" | "" | "undoubled" => 1,
            "1" | "doubled" | "X" => 2,
            _ => 4,
        };
        let vul = matches!(f[3], "1" | "true" | "True" | "vulnerable" | "V");
        let tricks: i64 = f[4].parse().unwrap();
        let want: i64 = f[5].parse().unwrap();
        let got = ev
            .call(
                "score",
                vec![
                    Value::Int(level),
                    Value::Strain(strain),
                    Value::Int(risk),
                    Value::Bool(vul),
                    Value::Int(tricks),
                ],
                &view,
            )
            .unwrap_or_else(|e| panic!("{line}: {e:?}"));
        rows += 1;
        if got != Value::Int(want) {
            wrong.push(format!("{line}: the law book gives {got}"));
        }
    }
    assert_eq!(rows, 2940);
    assert!(
        wrong.is_empty(),
        "{} differences:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
