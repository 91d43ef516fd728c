//! The checks on a single text (interpreter/align/checks/): one defect of each kind planted
//! into a copy of a real text, in memory, found at its line; and the real texts give exactly
//! the findings docs/translators.md lists.

use lawbook::align::{self, Edition, Finding, Lang};
use lawbook::eval::book::CompiledBook;
use lawbook::source::Sources;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn source(lang: Lang, edition: Edition) -> String {
    std::fs::read_to_string(root().join(format!("laws/{edition}/text/{lang}.source.txt")))
        .expect("the text reads")
}

/// The 2017 law book, loaded once per test thread (it is not `Sync`).
fn book() -> &'static CompiledBook {
    thread_local! {
        static BOOK: &'static CompiledBook = Box::leak(Box::new(
            lawbook::load::load_lawbook(&root().join("laws/2017"), &mut Sources::default())
                .expect("the 2017 law book loads"),
        ));
    }
    BOOK.with(|b| *b)
}

/// The text's findings from the checks (the aligner's own left out), scoring included for
/// 2017, as `lawbook align` gives them.
fn checks(text: &str, lang: Lang, edition: Edition) -> Vec<Finding> {
    let mut a = align::align(text.as_bytes(), lang, edition).expect("aligns");
    if edition == Edition::E2017 {
        let scoring = align::check_scoring(&a, book());
        a.findings.extend(scoring);
    }
    a.findings
        .into_iter()
        .filter(|f| f.is_text_check())
        .collect()
}

/// The text with `from` replaced by `to` once; the 1-based line of the change.
fn plant(text: &str, from: &str, to: &str) -> (String, usize) {
    let at = text
        .find(from)
        .unwrap_or_else(|| panic!("`{from}` is in the text"));
    let line = text[..at].matches('\n').count() + 1;
    (text.replacen(from, to, 1), line)
}

fn line_of(f: &Finding) -> usize {
    match f {
        Finding::UnresolvedReference { line, .. }
        | Finding::FootnoteMissing { line, .. }
        | Finding::MixedScript { line, .. }
        | Finding::ScoringTable { line, .. } => *line,
        _ => 0,
    }
}

/// The findings that are new against the real text's.
fn new_findings(lang: Lang, edition: Edition, planted: &str) -> Vec<Finding> {
    let before = checks(&source(lang, edition), lang, edition);
    checks(planted, lang, edition)
        .into_iter()
        .filter(|f| !before.contains(f))
        .collect()
}

#[test]
fn a_reference_to_a_missing_paragraph_is_found_in_each_language() {
    let cases = [
        (
            Lang::Sk,
            Edition::E2017,
            "(pozri pravidlo 22)",
            "(pozri pravidlo 99)",
            "99",
        ),
        (
            Lang::Hu,
            Edition::E2017,
            "(lásd a 22. szakaszt)",
            "(lásd a 97. szakaszt)",
            "97",
        ),
        (
            Lang::Pl,
            Edition::E2007,
            "(patrz przepis 22)",
            "(patrz przepis 95)",
            "95",
        ),
        (
            Lang::Sk,
            Edition::E1997,
            "pravidlo 16",
            "pravidlo 16X",
            "16",
        ),
    ];
    for (lang, edition, from, to, want) in cases {
        let src = source(lang, edition);
        let (planted, line) = plant(&src, from, to);
        let found = new_findings(lang, edition, &planted);
        if lang == Lang::Sk && edition == Edition::E1997 {
            // `16X` is no key at all: nothing to resolve, nothing reported.
            assert!(found.is_empty(), "{found:?}");
            let (planted, line) = plant(&src, "pravidlo 16", "pravidlo 16G");
            let found = new_findings(lang, edition, &planted);
            assert_eq!(found.len(), 1, "{found:?}");
            assert!(
                matches!(&found[0], Finding::UnresolvedReference { resolved_as, .. } if resolved_as == "16G"),
                "{found:?}"
            );
            assert_eq!(line_of(&found[0]), line);
            continue;
        }
        assert_eq!(found.len(), 1, "{lang} {edition}: {found:?}");
        match &found[0] {
            Finding::UnresolvedReference {
                line: l,
                resolved_as,
                ..
            } => {
                assert_eq!((*l, resolved_as.as_str()), (line, want), "{lang}");
            }
            f => panic!("{f:?}"),
        }
    }
}

#[test]
fn a_footnote_mark_without_its_footnote_is_found() {
    let cases = [
        (
            Lang::Sk,
            Edition::E2017,
            "(pozri pravidlo 22)",
            "(pozri pravidlo 22)⁹⁹",
            "99",
        ),
        (
            Lang::Hu,
            Edition::E2017,
            "(lásd a 22. szakaszt)",
            "(lásd a 22. szakaszt)\\*\\*\\*\\*",
            "****",
        ),
        (
            Lang::Pl,
            Edition::E2007,
            "(patrz przepis 22)",
            "(patrz przepis 22)††",
            "††",
        ),
        (
            Lang::Sk,
            Edition::E1997,
            "pravidlo 16",
            "pravidlo 16 (77)",
            "77",
        ),
    ];
    for (lang, edition, from, to, want) in cases {
        let (planted, line) = plant(&source(lang, edition), from, to);
        let found = new_findings(lang, edition, &planted);
        assert_eq!(found.len(), 1, "{lang} {edition}: {found:?}");
        match &found[0] {
            Finding::FootnoteMissing {
                line: l, marker, ..
            } => assert_eq!((*l, marker.as_str()), (line, want), "{lang} {edition}"),
            f => panic!("{f:?}"),
        }
    }
}

#[test]
fn a_cyrillic_letter_in_a_polish_word_is_found() {
    // U+0435 CYRILLIC SMALL LETTER IE for the Latin e.
    let (planted, line) = plant(
        &source(Lang::Pl, Edition::E2007),
        "(patrz przepis 22)",
        "(patrz przepis 22) przеpis",
    );
    let found = new_findings(Lang::Pl, Edition::E2007, &planted);
    assert_eq!(found.len(), 1, "{found:?}");
    match &found[0] {
        Finding::MixedScript {
            line: l, word, odd, ..
        } => assert_eq!(
            (*l, word.as_str(), odd.as_slice()),
            (
                line,
                "przеpis",
                ["U+0435 е (Cyrillic)".to_string()].as_slice()
            )
        ),
        f => panic!("{f:?}"),
    }
}

#[test]
fn a_wrong_number_in_a_scoring_table_is_found() {
    let sk = source(Lang::Sk, Edition::E2017);
    // Law 77: a redoubled undertrick of 600 printed as 6000.
    let (planted, line) = plant(&sk, "Rekontrovaný\t600\t600", "Rekontrovaný\t6000\t600");
    let found = new_findings(Lang::Sk, Edition::E2017, &planted);
    assert!(
        found.iter().any(
            |f| matches!(f, Finding::ScoringTable { key, .. } if key == "77") && line_of(f) == line
        ),
        "{found:?}"
    );
    // Law 77, another number of the table in a cell's place (a doubled vulnerable second
    // undertrick of 300 printed 500: 500 is in the table too): at the row, in each layout
    // (the Hungarian prints a row per undertrick, the Slovak a row per doubling).
    let hu = source(Lang::Hu, Edition::E2017);
    let (planted, line) = plant(
        &hu,
        "A 2. és 3. bukásért\t50\t200\t400\t100\t300\t600",
        "A 2. és 3. bukásért\t50\t200\t400\t100\t500\t600",
    );
    let found = new_findings(Lang::Hu, Edition::E2017, &planted);
    assert_eq!(
        found.iter().map(line_of).collect::<Vec<_>>(),
        [line],
        "{found:?}"
    );
    let (planted, line) = plant(&sk, "Kontrovaný\t200\t300", "Kontrovaný\t200\t500");
    let found = new_findings(Lang::Sk, Edition::E2017, &planted);
    assert_eq!(
        found.iter().map(line_of).collect::<Vec<_>>(),
        [line],
        "{found:?}"
    );
    // 78B: a band that gives the wrong IMPs.
    let (planted, line) = plant(&sk, "500-590\t11", "500-590\t12");
    let found = new_findings(Lang::Sk, Edition::E2017, &planted);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(line_of(&found[0]), line);
    // 12C2: average minus at most 45%.
    let (planted, line) = plant(&sk, "najviac 40%", "najviac 45%");
    let found = new_findings(Lang::Sk, Edition::E2017, &planted);
    assert!(found.iter().any(|f| line_of(f) == line), "{found:?}");
}

/// What each real text gives: the errata docs/translators.md lists, and nothing else.
#[test]
fn the_real_texts_give_exactly_the_documented_findings() {
    let render = |fs: Vec<Finding>| -> Vec<String> {
        fs.iter()
            .map(|f| serde_json::to_string(f).expect("serialises"))
            .collect()
    };
    let sk = render(checks(
        &source(Lang::Sk, Edition::E2017),
        Lang::Sk,
        Edition::E2017,
    ));
    assert_eq!(
        sk,
        [
            r#"{"finding":"mixed-script","key":"63A4","line":1582,"word":"odovzдание","odd":["U+0434 д (Cyrillic)","U+0430 а (Cyrillic)","U+043D н (Cyrillic)","U+0438 и (Cyrillic)","U+0435 е (Cyrillic)"]}"#
        ]
    );
    let hu = render(checks(
        &source(Lang::Hu, Edition::E2017),
        Lang::Hu,
        Edition::E2017,
    ));
    assert_eq!(
        hu,
        [
            r#"{"finding":"scoring-table","key":"78B","line":2197,"written":"200-2240 → 19","law_book":"200 is 5 IMPs"}"#
        ]
    );
    assert!(checks(&source(Lang::Pl, Edition::E2007), Lang::Pl, Edition::E2007).is_empty());
    assert!(checks(&source(Lang::Sk, Edition::E1997), Lang::Sk, Edition::E1997).is_empty());
}

#[test]
fn the_polish_suit_glyphs_read_as_suits() {
    let pl = source(Lang::Pl, Edition::E2007);
    let line = pl.lines().nth(393).expect("line 394");
    let read = align::suits::decode(line, align::suits::glyphs(Lang::Pl, Edition::E2007));
    assert!(
        read.ends_with("pik (♠), kier (♥), karo (♦), trefl (♣)."),
        "{read}"
    );
}
