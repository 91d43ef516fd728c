//! The hand-written baseline scorer of the benchmark (benches/baseline_score.rs) against the
//! independent reference table tests/data/score/reference.csv (computed by endplay), all
//! 2940 rows, so that the benchmark measures the law interpreter against a correct baseline.

#[path = "../benches/baseline_score.rs"]
mod baseline_score;

use baseline_score::duplicate_score;
use lawbook::model::Strain;

#[test]
fn baseline_agrees_with_the_reference_table() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/score/reference.csv"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("level,strain,doubled,vulnerable,tricks,score")
    );
    let mut rows = 0;
    let mut wrong = Vec::new();
    for line in lines {
        let f: Vec<&str> = line.split(',').collect();
        assert_eq!(f.len(), 6, "{line}");
        let level: u8 = f[0].parse().unwrap();
        let strain = match f[1] {
            "C" => Strain::Clubs,
            "D" => Strain::Diamonds,
            "H" => Strain::Hearts,
            "S" => Strain::Spades,
            "NT" => Strain::NoTrump,
            s => panic!("strain {s} in {line}"),
        };
        let doubled: u8 = f[2].parse().unwrap();
        let vulnerable = match f[3] {
            "0" => false,
            "1" => true,
            v => panic!("vulnerable {v} in {line}"),
        };
        let tricks: u8 = f[4].parse().unwrap();
        let score: i32 = f[5].parse().unwrap();
        let ours = duplicate_score(level, strain, doubled, vulnerable, tricks);
        if ours != score {
            wrong.push(format!("{line}: baseline gives {ours}"));
        }
        rows += 1;
    }
    assert_eq!(rows, 2940);
    assert!(
        wrong.is_empty(),
        "{} rows differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn spot_checks_by_hand() {
    use Strain::*;
    assert_eq!(duplicate_score(4, Spades, 0, false, 10), 420);
    assert_eq!(duplicate_score(3, NoTrump, 0, true, 9), 600);
    assert_eq!(duplicate_score(1, NoTrump, 1, false, 6), -100);
    assert_eq!(duplicate_score(7, NoTrump, 2, true, 13), 2980);
    assert_eq!(duplicate_score(6, Clubs, 1, false, 8), -800);
    assert_eq!(duplicate_score(6, Clubs, 1, true, 8), -1100);
}

/// The real PBN files, read by the library's PBN reader: every board with a contract, a
/// declarer, a result and a score has the score the baseline gives (from North-South's point
/// of view, as the reader normalises it).
#[test]
fn real_pbn_scores_agree_with_the_baseline() {
    use lawbook::pbn::{PbnContract, PbnFile};
    use std::path::{Path, PathBuf};
    fn files(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                files(&p, out);
            } else if p.extension().is_some_and(|x| x == "pbn") {
                out.push(p);
            }
        }
    }
    let mut paths = Vec::new();
    files(
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pbn")),
        &mut paths,
    );
    let mut checked = 0;
    for path in &paths {
        let file = PbnFile::read(path).unwrap();
        for b in &file.boards {
            let Some(score) = &b.score else { continue };
            let ns = match (b.contract, b.declarer, b.result, b.vulnerable) {
                (Some(PbnContract::PassedOut), _, _, _) => 0,
                (
                    Some(PbnContract::Contract {
                        level,
                        strain,
                        doubled,
                    }),
                    Some(declarer),
                    Some(tricks),
                    Some((ns_vul, ew_vul)),
                ) => {
                    let declarer_ns = declarer.index() % 2 == 0;
                    let vul = if declarer_ns { ns_vul } else { ew_vul };
                    let s = duplicate_score(level, strain, doubled, vul, tricks);
                    if declarer_ns {
                        s
                    } else {
                        -s
                    }
                }
                _ => panic!(
                    "{} board {:?}: score without contract",
                    path.display(),
                    b.board
                ),
            };
            assert_eq!(score.ns, ns, "{} board {:?}", path.display(), b.board);
            checked += 1;
        }
    }
    assert_eq!(checked, 451);
}
