//! Every kind of error an author of a law file can make gets a diagnostic that says what is
//! wrong, where (the underlined text is asserted, as Cedar's tests do) and how to fix it.
//! Each bad file under tests/data/bad-laws/ is checked together with the 2017 law book, so
//! only its own fault is reported. The rendered diagnostics are insta snapshots.

use lawbook::check::check;
use lawbook::diagnostic::{render_plain, Diag};
use lawbook::source::Sources;
use lawbook::syntax::parse_law_file;
use rstest::rstest;
use std::path::{Path, PathBuf};

mod common;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Parse and check laws/2017 plus `extra`, leaving out the files named in `without`.
fn check_with(extra: Option<&Path>, without: &[&str]) -> (Sources, Vec<Diag>) {
    let mut sources = Sources::default();
    let mut paths: Vec<PathBuf> = common::law_files_2017()
        .into_iter()
        .filter(|p| !without.iter().any(|w| p.ends_with(w)))
        .collect();
    paths.extend(extra.map(Path::to_path_buf));
    let mut files = vec![];
    for p in paths {
        let name = p.strip_prefix(root()).unwrap_or(&p).display().to_string();
        let id = sources.add(name, std::fs::read_to_string(&p).unwrap());
        match parse_law_file(id, &sources.get(id).text.clone()) {
            Ok(f) => files.push(f),
            Err(d) => return (sources, vec![d]),
        }
    }
    let diags = match check("2017", files) {
        Ok(_) => vec![],
        Err(d) => d,
    };
    (sources, diags)
}

fn underlined(sources: &Sources, d: &Diag) -> Vec<String> {
    d.labels
        .iter()
        .map(|(s, _)| sources.text(*s).to_string())
        .collect()
}

#[rstest]
#[case("syntax", "lawbook::syntax::law", &["}"])]
#[case("unknown-name", "lawbook::check::unknown_name", &["partnr"])]
#[case("duplicate-paragraph", "lawbook::check::duplicate", &["98A", "98A"])]
#[case("missing-law", "lawbook::check::missing_reference", &["95B"])]
#[case("missing-paragraph", "lawbook::check::missing_reference", &["27E"])]
#[case("type-mismatch", "lawbook::check::type_mismatch", &["NT"])]
#[case("decimal-beside-int", "lawbook::check::type_mismatch", &["60"])]
#[case("decimal-divided", "lawbook::check::type_mismatch", &["session"])]
#[case("exception-cycle", "lawbook::check::exception", &["98A", "98C", "98B"])]
#[case("ambiguous-rules", "lawbook::check::ambiguous_rules", &["98A", "98B"])]
#[case("unhandled-answer", "lawbook::check::unhandled_answer", &["condone"])]
#[case("unknown-type", "lawbook::check::unknown_name", &["integer"])]
#[case("duplicate-law", "lawbook::check::duplicate", &["27", "27"])]
#[case("recursion", "lawbook::check::recursion", &["tricks_to_go", "more_tricks"])]
#[case("misspelt-keyword", "lawbook::syntax::law", &["tabel"])]
#[case("unclosed-brace", "lawbook::syntax::law", &["more", "{"])]
#[case("table-overlap", "lawbook::check::table_rows", &["50..89", "20..59"])]
#[case("table-hole", "lawbook::check::table_rows", &["50..89"])]
#[case("table-empty-range", "lawbook::check::table_rows", &["49..20"])]
#[case("every-irregularity-trigger-name", "lawbook::check::unknown_name", &["c"])]
#[case("quantifier-scope", "lawbook::check::quantifier_scope", &["not any q in trick", "p"])]
#[case("prevailing-one-chooser", "lawbook::check::option", &["object"])]
#[case("again-entry-in-place", "lawbook::syntax::law", &["last_call_of(offender)"])]
#[case("prevailing-unknown-answer", "lawbook::check::unknown_name", &["objects"])]
#[case("answer-limit-unknown-answer", "lawbook::check::unknown_name", &["agrees"])]
#[case("answer-limited-twice", "lawbook::check::duplicate", &["agree"])]
#[case("answer-choice-unknown-option", "lawbook::check::unknown_name", &["condome"])]
#[case("answer-choice-unknown-answer", "lawbook::check::unknown_name", &["acept"])]
#[case("forces-not-a-condition", "lawbook::check::type_mismatch", &["s"])]
#[case("avoids-cards-in-the-auction", "lawbook::check::type_mismatch", &["is_pass(x)"])]
#[case("no-irregularity-as-an-irregularity", "lawbook::check::unknown_name", &["odd_call"])]
#[case("finding-range-not-int", "lawbook::check::type_mismatch", &["true"])]
#[case("finding-range-recursion", "lawbook::check::recursion", &["tricks_found", "most_found"])]
fn a_bad_law_file_gets_a_diagnostic_at_its_fault(
    #[case] name: &str,
    #[case] code: &str,
    #[case] underline: &[&str],
) {
    let file = root().join(format!("tests/data/bad-laws/{name}.law"));
    let (sources, diags) = check_with(Some(&file), &[]);
    assert_eq!(diags.len(), 1, "{name}: {}", render_plain(&diags));
    let d = &diags[0];
    assert_eq!(d.code, code, "{name}");
    let got = underlined(&sources, d);
    for (want, got) in underline.iter().zip(&got) {
        assert!(
            got.starts_with(want),
            "{name}: underlined `{got}`, expected `{want}`"
        );
    }
    assert!(
        d.help.as_deref().is_some_and(|h| !h.is_empty()),
        "{name}: no help"
    );
    let rendered = render_plain(&[d.clone().with_sources(&sources)]);
    insta::assert_snapshot!(format!("bad_law_{name}"), rendered);
}

#[test]
fn a_law_book_without_the_scoring_table_is_told_what_is_missing() {
    let (_, diags) = check_with(None, &["77-scoring.law"]);
    let messages: Vec<&str> = diags.iter().map(|d| d.message.as_str()).collect();
    assert!(
        messages
            .iter()
            .any(|m| m.contains("does not define `score`") && m.contains("Law 77")),
        "{messages:?}"
    );
}

#[test]
fn several_errors_are_reported_in_the_order_of_the_text() {
    // The checker keeps the definitions by name in HashMaps, whose order changes from map to
    // map and from run to run; the order of the diagnostics must not.
    let file = root().join("tests/data/bad-laws/several-errors.law");
    for _ in 0..4 {
        let (_, diags) = check_with(Some(&file), &[]);
        assert_eq!(diags.len(), 5, "{}", render_plain(&diags));
        let at: Vec<u32> = diags.iter().map(|d| d.labels[0].0.start).collect();
        assert!(at.windows(2).all(|w| w[0] < w[1]), "{at:?}");
    }
}

/// Rule the case `NAME.case` of tests/data/bad-laws under laws/2017 plus `NAME.law`; the
/// error it must end in, with the sources to read its spans.
fn rule_error_with(name: &str) -> (Sources, lawbook::diagnostic::Diag) {
    let book_dir = std::env::temp_dir().join(format!("lawbook-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&book_dir).unwrap();
    for e in std::fs::read_dir(root().join("laws/2017")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "law") {
            std::fs::copy(&p, book_dir.join(p.file_name().unwrap())).unwrap();
        }
    }
    let bad = root().join("tests/data/bad-laws");
    std::fs::copy(
        bad.join(format!("{name}.law")),
        book_dir.join(format!("98-{name}.law")),
    )
    .unwrap();
    let mut sources = Sources::default();
    let book = lawbook::load::load_lawbook(&book_dir, &mut sources).unwrap();
    let case = lawbook::runner::load_case(&bad.join(format!("{name}.case")), &mut sources).unwrap();
    let err = lawbook::eval::explore::rule_case(&book, &case, name).unwrap_err();
    let _ = std::fs::remove_dir_all(&book_dir);
    (
        sources,
        lawbook::runner::rule_error_diag(
            err,
            case.file,
            case.lang.unwrap_or(lawbook::syntax::ast::Lang::En),
        ),
    )
}

#[test]
fn two_rules_that_both_apply_at_run_time_are_named_together() {
    // The two conditions differ, so the checker cannot see the overlap; a case shows it.
    let (sources, d) = rule_error_with("runtime-ambiguity");
    assert!(
        d.message.contains("98A and 98B both apply"),
        "{}",
        d.message
    );
    let underlined: Vec<&str> = d.labels.iter().map(|(s, _)| sources.text(*s)).collect();
    assert_eq!(underlined, ["98A", "98B"]);
}

#[test]
fn two_rules_for_every_irregularity_that_both_apply_are_named_together() {
    // N's insufficient 1♥: 98A (the offender is North) and 98B (an insufficient bid) both
    // apply, from two `rectify every irregularity` blocks.
    let (sources, d) = rule_error_with("every-irregularity-ambiguity");
    assert!(
        d.message
            .contains("98A and 98B both apply to every irregularity"),
        "{}",
        d.message
    );
    let underlined: Vec<&str> = d.labels.iter().map(|(s, _)| sources.text(*s)).collect();
    assert_eq!(underlined, ["98A", "98B"]);
}

#[rstest]
#[case::in_a_circle("defer-circle", "hands the act on in a circle", "defer to first_hand")]
#[case::to_another_kind_of_act(
    "defer-kind",
    "watches a different kind of act",
    "defer to early_card"
)]
fn an_act_handed_on_wrongly_is_stopped_where_it_is_handed(
    #[case] name: &str,
    #[case] message: &str,
    #[case] underlined: &str,
) {
    let (sources, d) = rule_error_with(name);
    assert!(d.message.contains(message), "{}", d.message);
    let spans: Vec<&str> = d.labels.iter().map(|(s, _)| sources.text(*s)).collect();
    assert_eq!(spans, [underlined]);
}

#[test]
fn again_takes_a_call_by_name_or_any_entry_of_the_auction() {
    let law = |step: &str| {
        format!(
            "law 98 {{\n  title en \"Again\"\n  irregularity odd_call {{\n    on call c by offender\n    when is_bid(c) and level(c) == 6\n  }}\n  rectify odd_call {{\n    98A => {step}\n  }}\n}}\n"
        )
    };
    let dir = common::temp_dir("again");
    let run = |name: &str, step: &str| {
        let p = dir.join(format!("{name}.law"));
        std::fs::write(&p, law(step)).unwrap();
        check_with(Some(&p), &[]).1
    };
    // The call of the rectification by its name; an entry, a definition's (18's
    // `last_bid_entry`) as any other.
    for (name, step) in [("call", "again c"), ("entry", "again last_bid_entry")] {
        let diags = run(name, step);
        assert!(diags.is_empty(), "{step}: {}", render_plain(&diags));
    }
    // Neither a call of the rectification nor an entry.
    let diags = run("int", "again level(c)");
    assert_eq!(diags.len(), 1, "{}", render_plain(&diags));
    assert_eq!(diags[0].code, "lawbook::check::type_mismatch");
}
