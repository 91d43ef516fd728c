//! The `lawbook` command as a user runs it: exit codes and the lines CI reads.

use std::path::Path;
use std::process::{Command, Output};

mod common;
use common::unwrapped;

fn lawbook(args: &[&str]) -> Output {
    lawbook_in(Path::new(env!("CARGO_MANIFEST_DIR")), args)
}

/// `lawbook` run in the folder `dir`.
fn lawbook_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lawbook"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the lawbook binary runs")
}

/// `lawbook rule FILE.pbn --board N`.
fn rule_board(pbn: &str, board: &str) -> Output {
    lawbook(&["rule", pbn, "--board", board])
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

/// A copy of laws/ (its renderings and the 2017 book's .law files) in a temporary folder;
/// returns the folder and its 2017 book.
fn copy_of_laws(name: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let laws = std::env::temp_dir().join(format!("lawbook-{name}-{}", std::process::id()));
    let book = laws.join("2017");
    std::fs::create_dir_all(&book).unwrap();
    for f in ["terms.terms", "render.phrases", "render.grammar"] {
        std::fs::copy(root.join("laws").join(f), laws.join(f)).unwrap();
    }
    for e in std::fs::read_dir(root.join("laws/2017")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "law") {
            std::fs::copy(&p, book.join(p.file_name().unwrap())).unwrap();
        }
    }
    (laws, book)
}

/// A copy of laws/ whose 2017 book has a typo: `lhoo` for `lho` in Law 41 (every case needs
/// it). Returns the folder, its 2017 book and the text of the file with the typo.
fn copy_with_typo(name: &str) -> (std::path::PathBuf, std::path::PathBuf, String) {
    let (laws, book) = copy_of_laws(name);
    let f = book.join("41-commencement-of-play.law");
    let text = std::fs::read_to_string(&f)
        .unwrap()
        .replace("= lho(declarer)", "= lhoo(declarer)");
    std::fs::write(&f, &text).unwrap();
    (laws, book, text)
}

#[test]
fn check_names_an_irregularity_the_renderings_cannot_say() {
    // A copy of laws/ whose 2017 book gains an irregularity with no phrase in
    // laws/render.phrases: the law book itself is sound, its renderings are not.
    let (laws, book) = copy_of_laws("vocabulary");
    std::fs::write(
        book.join("98-slow-play.law"),
        "law 98 {\n  title en \"Slow play\"\n  irregularity slow_call {\n    on call c by offender\n    when false\n  }\n}\n",
    )
    .unwrap();
    let o = lawbook(&["check", book.to_str().unwrap()]);
    let _ = std::fs::remove_dir_all(&laws);
    let err = unwrapped(&String::from_utf8_lossy(&o.stderr));
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        stdout(&o).contains("no errors"),
        "the law book itself checks"
    );
    assert!(err.contains("irregularity `slow_call`"), "{err}");
}

#[test]
fn test_reports_a_law_book_error_once_not_once_per_case() {
    // A typo in a copy of the 2017 book: every case of corpus/2017/12 needs it.
    let (laws, _, _) = copy_with_typo("typo");
    let o = lawbook(&["test", "corpus/2017/12", "--laws", laws.to_str().unwrap()]);
    let _ = std::fs::remove_dir_all(&laws);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert_eq!(out.matches("unknown name `lhoo`").count(), 1, "{out}");
    assert!(out.contains("case(s) not ruled:"), "{out}");
    assert!(!out.contains("the case cannot be ruled"), "{out}");
}

#[test]
fn test_reports_the_same_whatever_the_number_of_jobs() {
    // A copy of corpus/2017/12 and 29 (the most open case among them, slow enough that
    // later cases finish first) where one golden differs and one case cannot be read.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = std::env::temp_dir().join(format!("lawbook-jobs-{}", std::process::id()));
    for law in ["12", "29"] {
        let to = corpus.join("2017").join(law);
        std::fs::create_dir_all(&to).unwrap();
        for e in std::fs::read_dir(root.join("corpus/2017").join(law)).unwrap() {
            let p = e.unwrap().path();
            std::fs::copy(&p, to.join(p.file_name().unwrap())).unwrap();
        }
    }
    let golden = corpus.join("2017/29/open-call-out-of-rotation.en.snap");
    let text = std::fs::read_to_string(&golden).unwrap();
    std::fs::write(&golden, text.replace("Open choice", "Open question")).unwrap();
    std::fs::write(
        corpus.join("2017/12/zz-unreadable.case"),
        "title broken\nauction {\n",
    )
    .unwrap();
    let corpus_arg = corpus.to_str().unwrap();
    let runs: Vec<(Option<i32>, String)> = ["1", "3"]
        .iter()
        .map(|j| {
            let o = lawbook(&["test", corpus_arg, "--jobs", j]);
            (o.status.code(), stdout(&o))
        })
        .collect();
    let _ = std::fs::remove_dir_all(&corpus);
    let (code, out) = &runs[0];
    assert_eq!(*code, Some(1), "{out}");
    let fails: Vec<&str> = out.lines().filter(|l| l.starts_with("FAIL ")).collect();
    assert_eq!(fails.len(), 2, "{out}");
    assert!(fails[0].contains("2017/12/zz-unreadable"), "{out}");
    assert!(
        fails[1].contains("2017/29/open-call-out-of-rotation"),
        "{out}"
    );
    assert!(out.trim_end().ends_with("passed, 2 failed"), "{out}");
    assert_eq!(runs[1], runs[0], "three jobs report what one does");
}

#[test]
fn test_writes_junit_and_json_reports_ci_systems_read() {
    // The folder's cases, counted: the corpus grows.
    let n = std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/2017/12"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "case"))
        })
        .count();
    let o = lawbook(&["test", "corpus/2017/12", "--format", "junit"]);
    assert_eq!(o.status.code(), Some(0));
    let report = quick_junit::Report::deserialize_from_str(&stdout(&o)).expect("JUnit XML");
    assert_eq!((report.tests, report.failures), (n, 0));
    assert_eq!(report.test_suites[0].test_cases.len(), n);
    assert!(String::from_utf8_lossy(&o.stderr).contains(&format!("{n} passed, 0 failed")));

    let o = lawbook(&["test", "corpus/2017/12", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(
        (v["passed"].as_u64(), v["failed"].as_u64()),
        (Some(n as u64), Some(0))
    );

    // A law book with a typo: every case fails, its diagnostics once, on system-err.
    let (laws, _, _) = copy_with_typo("junit");
    let o = lawbook(&[
        "test",
        "corpus/2017/12",
        "--laws",
        laws.to_str().unwrap(),
        "--format",
        "junit",
    ]);
    let _ = std::fs::remove_dir_all(&laws);
    assert_eq!(o.status.code(), Some(1));
    let report = quick_junit::Report::deserialize_from_str(&stdout(&o)).expect("JUnit XML");
    assert_eq!((report.tests, report.failures), (n, n));
    let err = report.test_suites[0]
        .system_err
        .as_ref()
        .expect("the diagnostics");
    assert_eq!(
        err.as_str().matches("unknown name `lhoo`").count(),
        1,
        "{}",
        err.as_str()
    );
}

#[test]
fn diagnostics_come_as_json_lines_on_request() {
    let (laws, book, text) = copy_with_typo("json-messages");
    let o = lawbook(&["check", book.to_str().unwrap(), "--message-format", "json"]);
    let _ = std::fs::remove_dir_all(&laws);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    let line = err
        .lines()
        .find(|l| l.starts_with('{'))
        .expect("a JSON line");
    let v: serde_json::Value = serde_json::from_str(line).expect("JSON");
    assert_eq!(v["code"], "lawbook::check::unknown_name");
    assert!(v["filename"]
        .as_str()
        .unwrap()
        .ends_with("41-commencement-of-play.law"));
    let span = &v["labels"][0]["span"];
    let at = span["offset"].as_u64().unwrap() as usize;
    assert_eq!(&text[at..at + 4], "lhoo");
}

#[test]
fn completions_and_the_manual_page_come_from_the_command_tree() {
    for shell in ["bash", "zsh", "fish"] {
        let o = lawbook(&["completions", shell]);
        assert_eq!(o.status.code(), Some(0), "{shell}");
        let out = stdout(&o);
        for word in ["rule", "test", "message-format", "board"] {
            assert!(out.contains(word), "{shell} completion lacks {word}");
        }
    }
    let o = lawbook(&["man"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(out.contains(".TH lawbook 1"), "{out}");
    assert!(out.contains("Exit codes"), "{out}");
    assert_eq!(lawbook(&["completions", "tcsh"]).status.code(), Some(2));
}

#[test]
fn check_accepts_the_2017_law_book() {
    let o = lawbook(&["check", "laws/2017"]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(stdout(&o).contains("no errors"));
}

#[test]
fn test_runs_the_corpus_and_ends_with_the_summary_line() {
    let o = lawbook(&["test", "corpus"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let last = stdout(&o).lines().last().unwrap_or_default().to_string();
    let n: usize = last.split(' ').next().unwrap().parse().unwrap();
    assert!(n >= 150, "{last}");
    assert!(last.ends_with("passed, 0 failed"), "{last}");
}

#[test]
fn score_check_agrees_with_every_real_pbn_file() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pbn");
    let mut files: Vec<_> = std::fs::read_dir(dir.join("bbo"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.push(dir.join("camrose2024-robots.pbn"));
    let (mut boards, mut checks) = (0, 0);
    for f in files {
        let o = lawbook(&["score", "--pbn", f.to_str().unwrap(), "--check"]);
        let out = stdout(&o);
        assert_eq!(o.status.code(), Some(0), "{}:\n{out}", f.display());
        let last: Vec<&str> = out.lines().last().unwrap().split(' ').collect();
        boards += last[0].parse::<usize>().unwrap();
        checks += last[4].parse::<usize>().unwrap();
    }
    // 456 boards; 451 [Score] tags and 449 complete play records are checked.
    assert_eq!(boards, 456);
    assert_eq!(checks, 451 + 449);
}

/// `score --pbn --check` of tests/data/pbn/bbo/cold_6d.pbn with one tag written otherwise
/// (`tag` replaced by `with`), written to a temporary file named for the test (`name`): the
/// exit code and what it printed.
fn score_check_cold_6d_with(name: &str, tag: &str, with: &str) -> (Option<i32>, String) {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pbn/bbo/cold_6d.pbn"),
    )
    .unwrap();
    let bad = text.replace(tag, with);
    assert_ne!(bad, text, "the fixture has {tag}");
    let tmp = std::env::temp_dir().join(format!("lawbook-{name}-{}.pbn", std::process::id()));
    std::fs::write(&tmp, bad).unwrap();
    let o = lawbook(&["score", "--pbn", tmp.to_str().unwrap(), "--check"]);
    let _ = std::fs::remove_file(&tmp);
    (o.status.code(), stdout(&o))
}

#[test]
fn score_check_reports_a_wrong_score_and_exits_1() {
    // The file claims one trick more than its own play record gives.
    let (code, out) = score_check_cold_6d_with("wrong-score", "[Result \"11\"]", "[Result \"12\"]");
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("DIFFERENT"), "{out}");
}

#[test]
fn score_check_names_the_contract_the_tags_give_when_the_auction_gives_another() {
    // The auction ends in 6♦ by South; the tags say six hearts doubled.
    let (code, out) =
        score_check_cold_6d_with("other-contract", "[Contract \"6D\"]", "[Contract \"6Hx\"]");
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("the auction gives 6♦ by S (Laws 19, 22), the tags say 6HX by S\n"),
        "{out}"
    );
}

#[test]
fn score_prints_the_boards_before_a_fault_in_the_file_and_exits_2() {
    // The file is read board by board: a fault in its third game stops the reading there.
    let tmp = std::env::temp_dir().join(format!("lawbook-fault-{}.pbn", std::process::id()));
    let game = |n: u32, dealer: &str| {
        format!("[Board \"{n}\"]\n[Dealer \"{dealer}\"]\n[Contract \"Pass\"]\n\n")
    };
    std::fs::write(&tmp, game(1, "N") + &game(2, "E") + &game(3, "Q")).unwrap();
    let o = lawbook(&["score", "--pbn", tmp.to_str().unwrap()]);
    let _ = std::fs::remove_file(&tmp);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stdout(&o),
        "board 1: passed out, NS +0\nboard 2: passed out, NS +0\n"
    );
    assert!(String::from_utf8_lossy(&o.stderr).contains("not a seat"));
}

#[test]
fn a_file_read_ahead_prints_what_one_thread_prints() {
    // One file is read on a thread of its own and scored on another (pbn::ahead), its
    // boards cut down on the way; `--jobs 1` reads and scores on one thread. The real file
    // (160 boards, their play replayed) crosses in several batches, and a fault after it
    // reaches the scorer after its boards.
    let real = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pbn/camrose2024-robots.pbn");
    let text = std::fs::read_to_string(&real).unwrap();
    let fault = std::env::temp_dir().join(format!("lawbook-ahead-{}.pbn", std::process::id()));
    std::fs::write(&fault, format!("{text}\n[Board \"999\"]\n[Dealer \"Q\"]\n")).unwrap();
    for (file, code) in [(real.as_path(), 0), (fault.as_path(), 2)] {
        let f = file.to_str().unwrap();
        let ahead = lawbook(&["score", "--check", "--pbn", f]);
        let alone = lawbook(&["score", "--check", "--jobs", "1", "--pbn", f]);
        assert_eq!(ahead.status.code(), Some(code), "{}", stdout(&ahead));
        assert_eq!(stdout(&ahead), stdout(&alone));
        assert_eq!(ahead.stderr, alone.stderr);
    }
    // Replays were made: 157 scores and 157 complete play records checked; the three boards
    // passed out, their Contract tag empty, are scored by their auction.
    let real = lawbook(&["score", "--check", "--pbn", real.to_str().unwrap()]);
    assert!(stdout(&real).ends_with("160 boards, 160 scored, 314 checks, 0 with differences\n"));
    let _ = std::fs::remove_file(&fault);
}

#[test]
fn a_board_passed_out_by_its_auction_alone_has_its_score_checked() {
    // No contract in the tags, an auction of four passes: passed out (22B, 77: SK 1978 "každá
    // strana si zapíše nulový výsledok"), so a score of 50 recorded for it is a difference.
    let dir = common::temp_dir("passed-out-by-auction");
    let pbn = dir.join("po.pbn");
    std::fs::write(
        &pbn,
        "[Board \"3\"]\n[Dealer \"S\"]\n[Vulnerable \"EW\"]\n[Declarer \"\"]\n[Contract \"\"]\n\
         [Result \"\"]\n[Auction \"S\"]\nPass Pass Pass Pass\n[Score \"NS 50\"]\n",
    )
    .unwrap();
    let o = lawbook(&["score", "--check", "--pbn", pbn.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("board 3: passed out, NS +0  DIFFERENT"),
        "{}",
        stdout(&o)
    );
    assert!(stdout(&o).contains("[Score \"NS 50\"] but Law 77 gives NS +0"));
}

#[test]
fn several_pbn_files_are_scored_at_once_and_printed_in_order() {
    // Each file's section is what scoring it alone prints, after a line naming it, in the
    // order given; a file with a fault keeps its boards before the fault, and the command
    // goes on to the next file and exits 2 at the end.
    let fault = std::env::temp_dir().join(format!("lawbook-several-{}.pbn", std::process::id()));
    std::fs::write(
        &fault,
        "[Board \"1\"]\n[Dealer \"N\"]\n[Contract \"Pass\"]\n\n[Board \"2\"]\n[Dealer \"Q\"]\n",
    )
    .unwrap();
    let files = [
        "tests/data/pbn/camrose2024-robots.pbn".to_string(),
        "tests/data/pbn/bbo/cold_6d.pbn".to_string(),
        fault.to_str().unwrap().to_string(),
        "tests/data/pbn/bbo/BBO_Forums_Sunday_Daylong_Daylong.pbn".to_string(),
    ];
    let mut args = vec!["score", "--check", "--jobs", "3", "--pbn"];
    args.extend(files.iter().map(String::as_str));
    let o = lawbook(&args);
    let mut want = String::new();
    for f in &files {
        let alone = lawbook(&["score", "--check", "--pbn", f]);
        want.push_str(&format!("{f}\n{}", stdout(&alone)));
    }
    let _ = std::fs::remove_file(&fault);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(2), "{out}");
    let (sections, total) = out.trim_end().rsplit_once('\n').unwrap();
    assert_eq!(format!("{sections}\n"), want);
    // 160 + 1 + 1 (before the fault) + 10 boards.
    assert!(total.starts_with("4 files: 172 boards,"), "{total}");
    assert!(String::from_utf8_lossy(&o.stderr).contains("not a seat"));
}

#[test]
fn bad_usage_and_unreadable_input_exit_2() {
    assert_eq!(lawbook(&["no-such-verb"]).status.code(), Some(2));
    assert_eq!(
        lawbook(&["rule", "no/such/file.case"]).status.code(),
        Some(2)
    );
    assert_eq!(lawbook(&["check", "no/such/folder"]).status.code(), Some(2));
    assert_eq!(
        lawbook(&["score", "--pbn", "no/such.pbn"]).status.code(),
        Some(2)
    );
}

#[test]
fn rule_prints_json_with_the_deciding_paragraphs() {
    let o = lawbook(&[
        "rule",
        "corpus/2017/27/b2-partner-keeps-obligation.case",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let decisions = &v["tree"]["irregularities"][0]["decisions"];
    let paragraphs: Vec<&str> = decisions
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["paragraph"].as_str().unwrap())
        .collect();
    assert_eq!(paragraphs, ["27A1", "27B", "27B2", "26B"]);
}

/// `rule --json` writes the JSON as it makes it (a fuzzed tree's is a gigabyte): what it
/// prints is the case's JSON golden byte for byte, for the corpus's largest tree (0.8 MB,
/// written through the output's buffer many times over).
#[test]
fn rule_prints_the_json_golden_of_the_most_open_case() {
    let case = "corpus/2017/29/open-call-out-of-rotation";
    let o = lawbook(&["rule", &format!("{case}.case"), "--json"]);
    assert_eq!(o.status.code(), Some(0));
    let snap = std::fs::read_to_string(format!("{case}.json.snap")).unwrap();
    // The golden's body follows insta's header, which ends with its second `---` line.
    let body = snap.splitn(3, "---\n").nth(2).expect("an insta header");
    assert!(
        body.len() > 500_000,
        "the largest golden: {} bytes",
        body.len()
    );
    assert!(
        stdout(&o) == body,
        "rule --json differs from {case}.json.snap"
    );
}

#[test]
fn rule_takes_a_board_of_a_pbn_file() {
    // The deal, dealer, vulnerability, auction and play come from the file: board 1 of the
    // Camrose robots' record, 3♠ by West making 9 tricks ([Contract "3S"], [Result "9"]).
    let o = rule_board("tests/data/pbn/camrose2024-robots.pbn", "1");
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert!(text.contains("Contract: 3♠ by W"), "{text}");
    assert!(text.contains("Tricks won by declarer: 9"), "{text}");
    // Without --board, or with a board the file does not hold: bad usage, and the boards it
    // holds are named.
    let o = lawbook(&["rule", "tests/data/pbn/camrose2024-robots.pbn"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("160 boards, numbered 1 to 160"));
    let o = rule_board("tests/data/pbn/camrose2024-robots.pbn", "999");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn rule_reads_the_irregularity_marks_of_a_pbn_auction() {
    // `^I` marks an insufficient bid; South's pass after it accepts it (27A1).
    let o = rule_board("tests/data/pbn-marks/insufficient-bid.pbn", "1");
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert!(
        text.contains("Irregularity: insufficient bid by East (1♥)"),
        "{text}"
    );
    assert!(text.contains("27A1"), "{text}");
    assert!(text.contains("Contract: 1♥ by E"), "{text}");
}

/// A ruling with an open option: by default each branch shows only what it changes and what
/// every branch shares comes once after the tree; `--full` is the golden, every branch whole.
#[test]
fn rule_shows_an_open_ruling_short_and_with_full_every_branch_whole() {
    let case = "corpus/2017/27/b2-obligation-broken.case";
    let short = stdout(&lawbook(&["rule", case]));
    let full = stdout(&lawbook(&["rule", case, "--full"]));
    let golden = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/2017/27/b2-obligation-broken.en.snap"),
    )
    .unwrap();
    let golden = golden.splitn(3, "---\n").nth(2).unwrap();
    assert_eq!(full.trim_end(), golden.trim_end());
    // The five answers of 26B differ in what East may not lead; the rest is said once.
    assert_eq!(full.matches("Contract: 3NT by N").count(), 5);
    assert_eq!(short.matches("Contract: 3NT by N").count(), 1);
    assert_eq!(short.matches("In every branch:").count(), 1);
    for suit in ["spades", "hearts", "diamonds", "clubs"] {
        assert_eq!(
            short
                .matches(&format!(
                    "may not lead {suit} while he retains the lead — in force"
                ))
                .count(),
            1
        );
    }
    assert!(short.lines().count() * 2 < full.lines().count());
    insta::assert_snapshot!("rule_short_view", short);
    let sk = stdout(&lawbook(&["rule", case, "--lang", "sk"]));
    assert_eq!(sk.matches("Vo všetkých vetvách:").count(), 1);
}

/// A translator reviews every sentence of a language in one place; the templates go out as
/// a PO file a translation tool opens.
#[test]
fn phrases_lists_each_sentence_once_with_its_count_and_a_case() {
    let o = lawbook(&["phrases", "corpus/2017/24", "--lang", "sk"]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    let first = text.lines().next().unwrap();
    assert!(first.contains("distinct sentences in sk"), "{first}");
    // Every sentence once, with a count and the case that says it.
    let sentences: Vec<&str> = text
        .lines()
        .skip(1)
        .map(|l| l.trim_start().split_once("  ").unwrap().1)
        .collect();
    let mut unique = sentences.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), sentences.len());
    assert!(
        text.lines().any(
            |l| l.contains("Nezrovnalosť: karta odkrytá počas licitácie")
                && l.contains("[2017/24/")
        ),
        "{text}"
    );
    let o = lawbook(&["phrases", "--lang", "hu", "--po"]);
    assert_eq!(o.status.code(), Some(0));
    let po = stdout(&o);
    assert!(po.contains("msgctxt \"case_header\"\nmsgid \"Case {case} (law book {lawbook})\"\nmsgstr \"Eset: {case} (szabálykönyv: {lawbook})\""), "{po}");
    assert_eq!(
        po.matches("\nmsgctxt ").count(),
        po.matches("\n#: laws/render.phrases:").count()
    );
}

#[test]
fn a_translators_po_file_comes_back_into_the_phrases_losing_nothing() {
    let (laws, _) = copy_of_laws("po-import");
    let phrases = laws.join("render.phrases");
    let original = std::fs::read_to_string(&phrases).unwrap();
    let laws_arg = laws.to_str().unwrap();
    let exported = stdout(&lawbook(&[
        "phrases", "--lang", "pl", "--po", "--laws", laws_arg,
    ]));
    let po = laws.join("pl.po");
    let import = || {
        let po = po.to_str().unwrap();
        lawbook(&[
            "phrases", "--lang", "pl", "--laws", laws_arg, "--import", po,
        ])
    };
    // As written: nothing changes, to the byte.
    std::fs::write(&po, &exported).unwrap();
    let o = import();
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    assert!(stdout(&o).starts_with("0 phrase(s) changed"), "{o:?}");
    assert_eq!(std::fs::read_to_string(&phrases).unwrap(), original);
    // One entry edited in a translators' tool: that line, and only it.
    let edited = exported.replace(
        "msgstr \"Przypadek {case} (przepisy {lawbook})\"",
        "msgstr \"Przypadek {case} (księga \\\"przepisów\\\" {lawbook})\"",
    );
    assert_ne!(edited, exported);
    std::fs::write(&po, &edited).unwrap();
    let o = import();
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let now = std::fs::read_to_string(&phrases).unwrap();
    assert_eq!(
        now,
        original.replace(
            "  pl \"Przypadek {case} (przepisy {lawbook})\"",
            "  pl \"Przypadek {case} (księga \\\"przepisów\\\" {lawbook})\""
        )
    );
    // An argument the phrase does not have: refused, named, and the file left as it was.
    std::fs::write(
        &po,
        edited.replace("(księga \\\"przepisów\\\" {lawbook})", "{book}"),
    )
    .unwrap();
    let o = import();
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("`{book}` is not an argument"),
        "{o:?}"
    );
    assert_eq!(std::fs::read_to_string(&phrases).unwrap(), now);
    // Another language's file (its header says which) would write its texts over these:
    // bad usage, said with the language, and nothing written. So is the same file with a
    // byte order mark, which is read past.
    let english = stdout(&lawbook(&[
        "phrases", "--lang", "en", "--po", "--laws", laws_arg,
    ]));
    for text in [english.clone(), format!("\u{feff}{english}")] {
        std::fs::write(&po, text).unwrap();
        let o = import();
        let err = unwrapped(&String::from_utf8_lossy(&o.stderr));
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(
            err.contains("`Language: en`") && err.contains("`--lang en`"),
            "{err}"
        );
        assert_eq!(std::fs::read_to_string(&phrases).unwrap(), now);
    }
    let _ = std::fs::remove_dir_all(&laws);
}

#[test]
fn a_corpus_or_case_elsewhere_is_ruled_with_the_law_books_above_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let away = std::env::temp_dir().join(format!("lawbook-away-{}", std::process::id()));
    std::fs::create_dir_all(&away).unwrap();
    let from_away = |args: &[&str]| lawbook_in(&away, args);
    // Exit 0, or what it said on stderr.
    let succeeded = |o: &Output| {
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(0), "{err}");
    };
    // No `laws` folder where it runs: the one above the corpus.
    let corpus = root.join("corpus/2017/12");
    let o = from_away(&["test", corpus.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).ends_with("passed, 0 failed\n"), "{}", stdout(&o));
    // `diff` renders with the renderings above its corpus too.
    let book = root.join("laws/2017");
    let book = book.to_str().unwrap();
    let o = from_away(&["diff", book, book, "--corpus", corpus.to_str().unwrap()]);
    succeeded(&o);
    assert!(stdout(&o).contains("0 ruling(s) changed"), "{}", stdout(&o));
    // A case with no `laws` folder here or above it (its path has no folder above it): bad
    // usage, said before anything is ruled, not a failure of the case.
    std::fs::copy(
        root.join("corpus/2017/27/b2-pass.case"),
        away.join("b2-pass.case"),
    )
    .unwrap();
    let o = from_away(&["rule", "b2-pass.case"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("no law books") && err.contains("--laws"),
        "{err}"
    );
    assert!(o.stdout.is_empty());
    // Given, it is used; given wrong, bad usage too.
    let laws = root.join("laws");
    let o = from_away(&["rule", "b2-pass.case", "--laws", laws.to_str().unwrap()]);
    succeeded(&o);
    assert!(stdout(&o).contains("27B2"), "{}", stdout(&o));
    let o = from_away(&["test", corpus.to_str().unwrap(), "--laws", "nowhere"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("nowhere is not a folder"));
    let _ = std::fs::remove_dir_all(&away);
}

/// `lawbook` with stdout or stderr closed by its reader before anything is written (as
/// `lawbook … | head` and `lawbook … 2>&1 | head` close them): its exit code.
fn with_closed(args: &[&str], close_stdout: bool) -> Option<i32> {
    use std::process::Stdio;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_lawbook"))
        .args(args)
        .current_dir(root)
        .stdout(if close_stdout {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stderr(if close_stdout {
            Stdio::null()
        } else {
            Stdio::piped()
        })
        .spawn()
        .expect("the lawbook binary runs");
    // The reading ends, closed: every write to them fails (the program ignores SIGPIPE, as a
    // Rust program does, and sees the error).
    drop(child.stdout.take());
    drop(child.stderr.take());
    child.wait().expect("it ends").code()
}

/// A reader that stops reading is no reason to panic (exit 101): a closed stdout stops the
/// program quietly, a closed stderr loses the diagnostics, and the exit code still tells the
/// outcome. (`align --json` printed with `print!`, which panicked on the broken pipe.)
#[test]
fn a_closed_stdout_or_stderr_is_no_panic() {
    let align = [
        "align",
        "--lang",
        "sk",
        "--edition",
        "2017",
        "laws/2017/text/sk.source.txt",
        "--json",
    ];
    assert_eq!(with_closed(&align, true), Some(0));
    let (copy, _) = copy_of_laws("closed-stderr");
    std::fs::write(copy.join("render.grammar"), "[xx]\n").unwrap();
    let laws = copy.to_str().unwrap();
    let rule = ["rule", "corpus/2017/16/b-open.case", "--laws", laws];
    assert_eq!(with_closed(&rule, false), Some(1));
    // The same with stderr open: the grammar's errors, where they are.
    let out = lawbook(&rule);
    // Unwrapped: the diagnostic's line breaks move with the temporary folder's path.
    let err = unwrapped(&String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(1));
    assert!(err.contains("`[xx]` is not a language's section"), "{err}");
    assert!(err.contains("no `[en]` section"), "{err}");
    let _ = std::fs::remove_dir_all(&copy);
}
