//! Every corpus golden that ends in a contract, tricks and a score is checked against the
//! independent scoring table (tests/data/score/reference.csv, made with endplay): the
//! goldens' scores are not only what our law book says.

use lawbook::runner::{find_cases, golden_path, read_golden};
use serde_json::Value;
use std::collections::HashMap;
use std::path::Path;

#[test]
fn golden_scores_agree_with_the_reference_table() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let csv = std::fs::read_to_string(root.join("tests/data/score/reference.csv")).unwrap();
    let mut table: HashMap<(u64, String, u64, bool, u64), i64> = HashMap::new();
    for line in csv.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        table.insert(
            (
                f[0].parse().unwrap(),
                f[1].to_string(),
                f[2].parse().unwrap(),
                f[3] == "1",
                f[4].parse().unwrap(),
            ),
            f[5].parse().unwrap(),
        );
    }
    let mut checked = 0;
    for case in find_cases(&root.join("corpus"), 1) {
        let Some(json) = read_golden(&golden_path(&case, "json")) else {
            continue;
        };
        let r: Value = serde_json::from_str(&json).unwrap();
        let o = &r["tree"];
        // No score: a play record that stops while tricks are still to move (64) says why.
        if o["kind"] != "outcome"
            || o["contract"].is_null()
            || o["tricks"].is_null()
            || o["score"].is_null()
        {
            continue;
        }
        let c = &o["contract"];
        let strain = match c["strain"].as_str().unwrap() {
            "Clubs" => "C",
            "Diamonds" => "D",
            "Hearts" => "H",
            "Spades" => "S",
            _ => "NT",
        };
        let doubled = match c["risk"].as_u64().unwrap() {
            1 => 0,
            2 => 1,
            _ => 2,
        };
        let declarer = c["declarer"].as_str().unwrap();
        let vul = r["board"]["vulnerable"].as_str().unwrap();
        let ns = matches!(declarer, "North" | "South");
        let vulnerable = vul == "both" || (ns && vul == "NS") || (!ns && vul == "EW");
        let key = (
            c["level"].as_u64().unwrap(),
            strain.to_string(),
            doubled,
            vulnerable,
            o["tricks"].as_u64().unwrap(),
        );
        let want = table[&key];
        assert_eq!(
            o["score"]["declarer_side"].as_i64().unwrap(),
            want,
            "{}: the golden score differs from the reference table",
            case.display()
        );
        checked += 1;
    }
    assert!(
        checked >= 100,
        "only {checked} goldens with a score were checked"
    );
    eprintln!("{checked} golden scores checked against the reference table");
}
