//! Regulations: a regulating authority's choices on what the Laws delegate (`set`), its
//! amendments of what they do not (`amend`, warned about), and `lawbook diff`, which lists the
//! rulings an edit changes. The sample is laws/regulations/example-federation.regulation.

use std::path::Path;
use std::process::Output;

mod common;
use common::{lawbook, unwrapped};

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

/// The diagnostics, unwrapped (where miette breaks a line depends on the paths' lengths).
fn err(o: &Output) -> String {
    unwrapped(&String::from_utf8_lossy(&o.stderr))
}

const SAMPLE: &str = "laws/regulations/example-federation.regulation";

/// A copy of the 2017 book's .law files in a temporary folder, to edit: the folder (removed
/// when dropped) and the copy, its `2017`.
fn copy_of_2017(name: &str) -> (common::TempDir, std::path::PathBuf) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = common::temp_dir(name);
    let copy = dir.join("2017");
    std::fs::create_dir_all(&copy).unwrap();
    for e in std::fs::read_dir(root.join("laws/2017")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "law") {
            std::fs::copy(&p, copy.join(p.file_name().unwrap())).unwrap();
        }
    }
    (dir, copy)
}

/// A regulation file of the given text in `dir`, a test's temporary folder.
fn regulation(dir: &Path, name: &str, text: &str) -> std::path::PathBuf {
    let p = dir.join(format!("{name}.regulation"));
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn check_accepts_the_sample_regulation_and_lists_what_it_sets() {
    let o = lawbook(&["check", "laws/2017", "--regulation", SAMPLE, "--delegated"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let text = out(&o);
    assert!(
        text.contains("under regulation example_federation"),
        "{text}"
    );
    assert!(
        text.contains("12C2(b)    tournament_organizer   average_plus_imps = 2"),
        "{text}"
    );
    assert!(
        text.contains(
            "41A        regulating_authority   regulation: Opening leads are made face up."
        ),
        "{text}"
    );
    // Without the regulation, the Laws' own value.
    let o = lawbook(&["check", "laws/2017", "--delegated"]);
    assert!(out(&o).contains("average_plus_imps = 3"), "{}", out(&o));
}

#[test]
fn setting_what_the_laws_do_not_delegate_is_an_error_naming_the_paragraph() {
    let o = lawbook(&[
        "check",
        "--regulation",
        "tests/data/regulations/sets-what-the-laws-fix.regulation",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let e = err(&o);
    assert!(e.contains("`imp_scale` (Law 78) is not delegated"), "{e}");
    assert!(
        e.contains("61B3 is a rule of the Laws, not a choice"),
        "{e}"
    );
    assert!(e.contains("write `amend` instead of `set`"), "{e}");
    assert!(e.contains("sets-what-the-laws-fix.regulation:5:3"), "{e}");
}

#[test]
fn an_amendment_is_accepted_and_warned_about_in_every_run() {
    let reg = "tests/data/regulations/amends-61b3.regulation";
    let o = lawbook(&["check", "--regulation", reg]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(err(&o)
        .contains("this regulation amends the Laws: `61B3` replaces the rule of `revoke_inquiry`"));
    let o = lawbook(&[
        "rule",
        "corpus/2017/61/b3-defender-asks-partner.case",
        "--regulation",
        reg,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(err(&o).contains("amends the Laws"), "{}", err(&o));
    assert!(out(&o).contains("regulation amends_61b3"), "{}", out(&o));
    assert!(out(&o).contains("see 16B, 12A1"), "{}", out(&o));
}

#[test]
fn test_says_an_amendment_once_however_many_threads_rule_the_cases() {
    let reg = "tests/data/regulations/amends-61b3.regulation";
    for jobs in ["1", "3"] {
        // Cases the amendment does not change: their standard goldens hold.
        let o = lawbook(&[
            "test",
            "corpus/2017/12",
            "--regulation",
            reg,
            "--jobs",
            jobs,
        ]);
        assert_eq!(o.status.code(), Some(0), "{}{}", out(&o), err(&o));
        assert_eq!(err(&o).matches("amends the Laws").count(), 1, "{}", err(&o));
    }
}

#[test]
fn a_setting_is_checked_as_the_law_book_is() {
    let cases = [
        // The wrong type: the checker's error, at the regulation's line.
        ("wrong-type", "regulation r {\n  applies to 2017\n  set average_plus_imps = true\n}\n", "wrong-type.regulation:3"),
        // A name the book lacks, with the nearest one.
        ("unknown", "regulation r {\n  applies to 2017\n  set average_plus_imp = 2\n}\n", "average_plus_imps"),
        // Another signature than the book's.
        ("signature", "regulation r {\n  applies to 2017\n  set define average_plus_imps(n: int): int = n\n}\n", "is not the law book's `average_plus_imps: int`"),
        // A delegated value written as an amendment.
        ("amend-delegated", "regulation r {\n  applies to 2017\n  amend average_plus_imps = 2\n}\n", "`set` it, not `amend`"),
        // Words for a paragraph that delegates nothing.
        ("words", "regulation r {\n  applies to 2017\n  set 27A1 \"no\"\n}\n", "27A1 leaves nothing"),
        // Another law book.
        ("book", "regulation r {\n  applies to 1997\n  set average_plus_imps = 2\n}\n", "applies to law book 1997, not to 2017"),
        ("no-book", "regulation r {\n  set average_plus_imps = 2\n}\n", "does not say which law book"),
        // The same value twice: the second would undo the first.
        ("twice", "regulation r {\n  applies to 2017\n  set average_plus_imps = 2\n  set average_plus_imps = 4\n}\n", "changes `average_plus_imps` twice"),
        // Not a regulation at all.
        ("syntax", "regulation r {\n  applies to 2017\n  set = 2\n}\n", "wrong-type"),
    ];
    let dir = common::temp_dir("settings-checked");
    for (name, text, want) in cases {
        let p = regulation(&dir, name, text);
        let o = lawbook(&["check", "--regulation", p.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(1), "{name}: {}", err(&o));
        let e = err(&o);
        if name == "syntax" {
            assert!(e.contains("lawbook::syntax::regulation"), "{name}: {e}");
        } else {
            assert!(e.contains(want), "{name}: {e}");
        }
    }
    let o = lawbook(&[
        "check",
        "--regulation",
        "tests/data/regulations/no-such.regulation",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
}

#[test]
fn test_under_a_regulation_reads_its_own_goldens_only_where_the_ruling_changes() {
    let o = lawbook(&["test", "corpus/2017/12", "--regulation", SAMPLE]);
    assert_eq!(o.status.code(), Some(0), "{}{}", out(&o), err(&o));
    let cases = files_of_12(".case").len();
    assert!(
        out(&o).contains(&format!("{cases} passed, 0 failed")),
        "{}",
        out(&o)
    );
    let own = files_of_12("@example_federation.en.snap");
    // Every case whose score at teams the sample's 2 IMPs change has goldens of its own; the
    // average case (0 IMPs either way) keeps its standard goldens.
    assert!(own.len() >= 5, "{own:?}");
    assert!(own.len() < cases, "{own:?}");
    assert!(!own
        .iter()
        .any(|n| n.starts_with("c2a-both-partly-at-fault")));
}

/// The names of corpus/2017/12's files that end with `suffix`.
fn files_of_12(suffix: &str) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/2017/12");
    std::fs::read_dir(&root)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(suffix))
        .collect()
}

#[test]
fn diff_lists_the_changed_rulings_by_paragraph_and_exits_1_on_an_unacknowledged_one() {
    let o = lawbook(&["diff", "laws/2017", SAMPLE, "--corpus", "corpus/2017/12"]);
    assert_eq!(o.status.code(), Some(0), "{}{}", out(&o), err(&o));
    insta::assert_snapshot!("diff_sample_regulation", out(&o));
    // Nothing acknowledged: the same changes are findings.
    let dir = common::temp_dir("unacknowledged");
    let empty = regulation(&dir, "empty", "");
    let o = lawbook(&[
        "diff",
        "laws/2017",
        SAMPLE,
        "--corpus",
        "corpus/2017/12",
        "--acknowledged",
        empty.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    // The rulings that change are the cases with goldens of their own under the sample.
    let changed = files_of_12("@example_federation.en.snap").len();
    assert!(
        out(&o).contains(&format!(
            "{changed} ruling(s) changed, {changed} not acknowledged"
        )),
        "{}",
        out(&o)
    );
    // As JSON for CI.
    let o = lawbook(&[
        "diff",
        "laws/2017",
        SAMPLE,
        "--corpus",
        "corpus/2017/12",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(v["changed"].as_array().map(|a| a.len()), Some(changed));
    assert_eq!(v["unacknowledged"], 0);
    assert_eq!(v["changed"][0]["paragraphs"][0], "12C2(b)");
    // 70E2: the sample deems a claimer's unordered suit played from the top down; in the
    // partial-line claim of 70D1 the Director's worst order then loses one trick, not two.
    let o = lawbook(&[
        "diff",
        "laws/2017",
        SAMPLE,
        "--corpus",
        "corpus/2017/70",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let d1 = v["changed"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["case"] == "2017/70/d1-stated-line-can-fail")
        .expect("the 70D1 case changes");
    assert_eq!(d1["paragraphs"][0], "70D1");
    assert!(d1["changes"]
        .as_array()
        .unwrap()
        .iter()
        .any(|c| c["at"] == "tricks" && c["before"] == "9" && c["after"] == "10"));
    // A law book against itself changes nothing.
    let o = lawbook(&[
        "diff",
        "laws/2017",
        "laws/2017",
        "--corpus",
        "corpus/2017/61",
        "--acknowledged",
        empty.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", out(&o));
    assert!(out(&o).contains(": 0 ruling(s) changed"), "{}", out(&o));
}

#[test]
fn a_federation_runs_its_own_cases_under_its_regulation_without_copying_laws() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let fed = common::temp_dir("federation");
    let cases = fed.join("cases");
    std::fs::create_dir_all(&cases).unwrap();
    std::fs::copy(
        root.join("corpus/2017/12/c2a-directly-and-not-at-fault.case"),
        cases.join("average-minus.case"),
    )
    .unwrap();
    std::fs::write(
        fed.join("ours.regulation"),
        "regulation ours {\n  applies to 2017\n  set average_plus_imps = 4\n}\n",
    )
    .unwrap();
    let laws = root.join("laws");
    let args = |bless: bool| {
        let mut a = vec![
            "test".to_string(),
            cases.display().to_string(),
            "--laws".to_string(),
            laws.display().to_string(),
            "--regulation".to_string(),
            fed.join("ours.regulation").display().to_string(),
        ];
        if bless {
            a.push("--bless".to_string());
        }
        a
    };
    let run = |bless: bool| {
        let a = args(bless);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        lawbook(&a)
    };
    // No goldens yet: every one is missing.
    assert_eq!(run(false).status.code(), Some(1));
    assert_eq!(run(true).status.code(), Some(0));
    let o = run(false);
    assert_eq!(o.status.code(), Some(0), "{}", out(&o));
    let golden = std::fs::read_to_string(cases.join("average-minus@ours.en.snap")).unwrap();
    assert!(
        golden.contains("(law book 2017, regulation ours)"),
        "{golden}"
    );
    assert!(golden.contains("−4 IMPs in a teams event"), "{golden}");
}

#[test]
fn diff_of_two_law_books_groups_by_the_paragraph_of_the_edited_definition() {
    let (dir, copy) = copy_of_2017("edited-book");
    // A federation edits its copy of the book instead of writing a regulation.
    let twelve = copy.join("12-directors-discretionary-powers.law");
    let text = std::fs::read_to_string(&twelve).unwrap();
    let edited = text.replace(
        "define average_plus_imps: int per 12C2(b) = 3",
        "define average_plus_imps: int per 12C2(b) = 5",
    );
    assert_ne!(text, edited);
    std::fs::write(&twelve, edited).unwrap();
    let empty = regulation(&dir, "nothing-acknowledged", "");
    let o = lawbook(&[
        "diff",
        "laws/2017",
        copy.to_str().unwrap(),
        "--corpus",
        "corpus/2017/12",
        "--acknowledged",
        empty.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    let text = out(&o);
    // The cases whose IMPs the sample's edit of the same figure changes.
    let changed = files_of_12("@example_federation.en.snap").len();
    assert!(
        text.contains(&format!(
            "{changed} ruling(s) changed, {changed} not acknowledged"
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!("\n12C2(b): {changed} ruling(s)\n")),
        "{text}"
    );
    assert!(text.contains("comparisons[1] › imps: -3 → -5"), "{text}");
}

#[test]
fn hostile_regulation_files_are_refused_or_read_never_a_panic() {
    let dir = common::temp_dir("hostile-regulations");
    let deep = format!(
        "regulation r {{ applies to 2017 set average_plus_imps = {}1{} }}",
        "(".repeat(5000),
        ")".repeat(5000)
    );
    let many = format!(
        "regulation r {{ applies to 2017 {} }}",
        (0..5000).map(|_| "set 41A \"x\" ").collect::<String>()
    );
    let cases: [(&str, Vec<u8>, i32, &str); 4] = [
        ("empty", vec![], 1, "expected `regulation`"),
        ("binary", vec![0xff, 0xfe, 0x00], 2, "not UTF-8"),
        ("deep", deep.into_bytes(), 1, "nested more than 256 deep"),
        // The same paragraph set 5,000 times: each one after the first refused once.
        ("many", many.into_bytes(), 1, "changes `41A` twice"),
    ];
    for (name, bytes, code, want) in cases {
        let p = dir.join(format!("{name}.regulation"));
        std::fs::write(&p, bytes).unwrap();
        let o = lawbook(&["check", "--regulation", p.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(code), "{name}: {}", err(&o));
        assert!(err(&o).contains(want), "{name}: {}", err(&o));
    }
}

/// 40B2(b) (SK 1063: "Pokiaľ regulačný orgán nestanoví inak, hráč nesmie pozeráť do svojej
/// vlastnej konvenčnej karty"): a regulation that lets a player look at his own card during
/// the auction turns the look from an irregularity into an act the ruling names as allowed.
#[test]
fn a_regulation_may_let_a_player_look_at_his_own_convention_card() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = common::temp_dir("own-card");
    let reg = regulation(
        &dir,
        "own-card",
        "regulation own_card {\n  applies to 2017\n  set own_card_allowed_by_regulation = true\n}\n",
    );
    let case = root.join("corpus/2017/40/b2b-own-card-during-the-auction.case");
    let case = case.display().to_string();
    let under_laws = lawbook(&["rule", &case]);
    assert!(
        out(&under_laws).contains("Irregularity: own convention card consulted when not allowed"),
        "{}",
        out(&under_laws)
    );
    let reg = reg.display().to_string();
    let under_regulation = lawbook(&["rule", &case, "--regulation", &reg]);
    let ruling = out(&under_regulation);
    assert_eq!(
        under_regulation.status.code(),
        Some(0),
        "{}",
        err(&under_regulation)
    );
    assert!(!ruling.contains("Irregularity"), "{ruling}");
    assert!(ruling.contains("40B2(b)"), "{ruling}");
}
