//! The term bank (laws/terms.terms): it loads; every concept gives en, sk, pl and hu or says
//! why not; every term occurs in its text on the line the bank gives; bad files are refused
//! with a diagnostic that names the place.

mod common;

use lawbook::diagnostic::render_plain;
use lawbook::terms::verify::verify;
use lawbook::terms::{load_terms, SearchText, Status, TermBank, TermLang};
use std::path::{Path, PathBuf};
use unicode_normalization::UnicodeNormalization;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn bank() -> TermBank {
    match load_terms(root().join("laws/terms.terms")) {
        Ok(b) => b,
        Err(d) => panic!("{}", render_plain(&d)),
    }
}

fn text(lang: TermLang) -> String {
    let path = root().join("laws").join(lang.text_path().unwrap());
    std::fs::read_to_string(path).unwrap()
}

fn data(name: &str) -> PathBuf {
    root().join("tests/data/terms").join(name)
}

/// Every concept that lacks one of en, sk, pl, hu without a `missing` line, as
/// "concept: language".
fn incomplete(bank: &TermBank) -> Vec<String> {
    let mut out = Vec::new();
    for c in &bank.concepts {
        for lang in TermLang::REQUIRED {
            match c.entry(lang).map(|e| &e.status) {
                None => out.push(format!("{}: {lang}", c.id)),
                Some(Status::Missing(why)) if why.trim().is_empty() => {
                    out.push(format!("{}: {lang} (missing without a reason)", c.id))
                }
                Some(Status::Term(t)) if t.text.trim().is_empty() => {
                    out.push(format!("{}: {lang} (empty term)", c.id))
                }
                _ => {}
            }
        }
    }
    out
}

#[test]
fn every_concept_has_en_sk_pl_hu_or_says_why_not() {
    let b = bank();
    assert!(b.len() >= 226, "{} concepts", b.len());
    let bad = incomplete(&b);
    assert!(bad.is_empty(), "concepts without a language: {bad:?}");
}

#[test]
fn an_incomplete_entry_is_named_with_its_language() {
    // The check itself, on a bank that parses but lacks `pl` for `dummy`.
    let src = std::fs::read_to_string(data("incomplete.terms")).unwrap();
    let mut s = lawbook::source::Sources::default();
    let f = s.add("incomplete.terms", src.clone());
    let parsed = lawbook::terms::parse_terms(f, "incomplete.terms", &src).unwrap();
    assert_eq!(
        incomplete(&parsed),
        vec![
            "dummy: pl".to_string(),
            "pass: hu (missing without a reason)".to_string()
        ]
    );
    // And loading it is an error that names both.
    let err = render_plain(&load_terms(data("incomplete.terms")).unwrap_err());
    assert!(err.contains("concept `dummy` has no `pl` entry"), "{err}");
}

#[test]
fn every_term_occurs_in_its_text_on_its_line() {
    let b = bank();
    let langs = [TermLang::Sk, TermLang::Pl, TermLang::Hu, TermLang::Sk1997];
    let texts: Vec<(TermLang, SearchText)> = langs
        .iter()
        .map(|l| (*l, SearchText::new(&text(*l))))
        .collect();
    let refs: Vec<(TermLang, &SearchText)> = texts.iter().map(|(l, t)| (*l, t)).collect();
    let v = verify(&b, &refs);
    for (lang, c) in &v.counts {
        eprintln!(
            "{lang}: {} terms, {} occur on their line, {} absent; {} concepts missing",
            c.terms, c.verified, c.absent, c.missing
        );
    }
    let problems: Vec<String> = v.problems.iter().map(|p| p.message.clone()).collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    for lang in langs {
        let c = v.counts[&lang];
        assert_eq!(c.verified + c.absent, c.terms, "{lang}");
    }
}

/// An independent check of the matcher: each term, or else one of its whole-word wordings, or
/// else the first word of one of its stems, is found by a plain case-insensitive substring
/// search in the NFC text with its white space collapsed.
#[test]
fn every_term_is_found_by_a_plain_substring_search_too() {
    let b = bank();
    for lang in [TermLang::Sk, TermLang::Pl, TermLang::Hu, TermLang::Sk1997] {
        let flat: String = text(lang)
            .nfc()
            .collect::<String>()
            .to_lowercase()
            .replace(['*', '\u{a0}', '\\', '¹', '²', '³'], " ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let (mut literal, mut total) = (0, 0);
        for c in &b.concepts {
            let Some(t) = c.term(lang) else { continue };
            if t.absent.is_some() {
                continue;
            }
            total += 1;
            let norm = |s: &str| s.nfc().collect::<String>().to_lowercase();
            if flat.contains(&norm(&t.text)) {
                literal += 1;
                continue;
            }
            let wordings = t
                .forms
                .iter()
                .map(|f| f.text.clone())
                .chain(t.occurs.iter().map(|o| o.pattern.source.clone()));
            let found = wordings.into_iter().any(|w| {
                let w = norm(&w);
                match w.split_once('*') {
                    None => flat.contains(&w),
                    Some((head, _)) => flat.contains(head.trim()),
                }
            });
            assert!(
                found,
                "{} {lang}: \"{}\" not found by substring",
                c.id, t.text
            );
        }
        eprintln!("{lang}: {literal} of {total} terms occur literally (the rest inflected)");
    }
}

#[test]
fn lookups_give_terms_and_forms() {
    let b = bank();
    assert_eq!(b.term("declarer", TermLang::Sk), Some("hlavný hráč"));
    assert_eq!(b.term("declarer", TermLang::Pl), Some("rozgrywający"));
    assert_eq!(b.term("declarer", TermLang::Hu), Some("felvevő"));
    assert_eq!(
        b.term("insufficient_bid", TermLang::En),
        Some("insufficient bid")
    );
    assert_eq!(b.term("comparable_call", TermLang::Pl), None);
    assert!(b
        .concept("comparable_call")
        .unwrap()
        .missing(TermLang::Pl)
        .unwrap()
        .contains("2007"));
    assert_eq!(b.form("north", TermLang::Sk, "loc"), Some("Severe"));
    assert_eq!(b.form("north", TermLang::Hu, "all"), Some("Északhoz"));
    assert_eq!(b.form("west", TermLang::Hu, "ins"), Some("Nyugattal"));
    assert_eq!(
        b.form("offender", TermLang::Sk, "gen"),
        Some("previnivšieho súťažiaceho")
    );
    assert_eq!(b.form("partner", TermLang::Hu, "poss"), Some("partnere"));
    assert_eq!(
        b.form("lho", TermLang::Sk, "dat"),
        Some("súperovi po ľavici")
    );
    assert_eq!(b.form("pass", TermLang::Sk, "nom"), Some("pas"));
    assert_eq!(b.form("pass", TermLang::Sk, "voc"), None);
    // Every seat has the six Slovak cases and five Hungarian suffixed forms.
    for seat in ["north", "east", "south", "west"] {
        for f in ["gen", "dat", "acc", "loc", "ins"] {
            assert!(b.form(seat, TermLang::Sk, f).is_some(), "{seat} sk {f}");
        }
        for f in ["acc", "dat", "ins", "all", "abl"] {
            assert!(b.form(seat, TermLang::Hu, f).is_some(), "{seat} hu {f}");
        }
    }
    // The ids the law book and the issue name.
    for id in [
        "declarer",
        "dummy",
        "offender",
        "insufficient_bid",
        "call_out_of_rotation",
        "penalty_card",
        "revoke",
        "lead_restriction",
        "adjusted_score",
        "vulnerability",
        "north",
        "east",
        "south",
        "west",
        "spades",
        "hearts",
        "diamonds",
        "clubs",
        "no_trump",
        "ace",
        "king",
        "queen",
        "jack",
        "ten",
        "pass",
        "double",
        "redouble",
        "call",
        "bid",
        "lho",
        "rho",
        "partner",
        "comparable_call",
        "must_pass",
    ] {
        assert!(b.concept(id).is_some(), "{id}");
    }
}

fn load_err(name: &str) -> String {
    match load_terms(data(name)) {
        Ok(_) => panic!("{name} loaded"),
        // Relative to the repository before rendering, so the line breaks are those of any
        // checkout.
        Err(d) => render_plain(&d.into_iter().map(common::relative).collect::<Vec<_>>()),
    }
}

#[test]
fn bad_files_are_refused_with_the_place() {
    insta::assert_snapshot!("terms_empty", load_err("empty.terms"));
    insta::assert_snapshot!("terms_binary", load_err("binary.terms"));
    insta::assert_snapshot!(
        "terms_duplicate_concept",
        load_err("duplicate-concept.terms")
    );
    insta::assert_snapshot!(
        "terms_duplicate_language",
        load_err("duplicate-language.terms")
    );
    insta::assert_snapshot!("terms_unknown_language", load_err("unknown-language.terms"));
    insta::assert_snapshot!("terms_unknown_form", load_err("unknown-form.terms"));
    insta::assert_snapshot!("terms_syntax", load_err("syntax.terms"));
    insta::assert_snapshot!("terms_no_line", load_err("no-line.terms"));
    insta::assert_snapshot!("terms_incomplete", load_err("incomplete.terms"));
    // The message holds the absolute path, whose length moves the line breaks of a rendered
    // snapshot from one checkout to another: assert the parts instead.
    let absent = &load_terms(data("no-such-file.terms")).unwrap_err()[0];
    assert_eq!(absent.code, "lawbook::terms::io");
    assert!(
        absent.message.starts_with("cannot read ")
            && absent
                .message
                .contains("tests/data/terms/no-such-file.terms"),
        "{}",
        absent.message
    );
    assert_eq!(
        absent.help.as_deref(),
        Some("the term bank of the law book is laws/terms.terms")
    );
}

/// No term file makes the reader panic: the bank cut short, with characters dropped,
/// doubled or replaced (a fixed pseudo-random sequence, so a failure reproduces), is either
/// read or answered with diagnostics.
#[test]
fn mutated_term_banks_never_panic() {
    let text = std::fs::read_to_string(root().join("laws/terms.terms")).unwrap();
    let chars: Vec<char> = text.chars().collect();
    let noise = [
        '{', '}', '"', '\\', '*', ' ', '\n', 'x', '7', '\u{0}', 'ő', '/',
    ];
    let mut state: u64 = 42;
    let mut next = |n: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) as usize) % n.max(1)
    };
    let mut refused = 0;
    for _ in 0..100 {
        let mut c = chars.clone();
        let at = next(c.len());
        match next(4) {
            0 => c.truncate(at),
            1 => {
                c.remove(at);
            }
            2 => c.insert(at, noise[next(noise.len())]),
            _ => c[at] = noise[next(noise.len())],
        }
        let m: String = c.into_iter().collect();
        let mut s = lawbook::source::Sources::default();
        let f = s.add("m.terms", m.clone());
        if let Err(d) = lawbook::terms::parse_terms(f, "m.terms", &m) {
            assert!(!d.is_empty());
            let d: Vec<_> = d.into_iter().map(|d| d.with_sources(&s)).collect();
            let _ = render_plain(&d);
            refused += 1;
        }
    }
    assert!(refused > 0);
}

/// A copy of the 2017 texts in a folder of its own (`<dir>/2017/text/`), the Slovak one
/// changed by `edit` (its lines, 0-based).
fn copy_2017(name: &str, edit: impl Fn(&mut Vec<String>)) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lawbook-terms-{name}-{}", std::process::id()));
    let text_dir = dir.join("2017/text");
    std::fs::create_dir_all(&text_dir).unwrap();
    let sk = std::fs::read_to_string(root().join("laws/2017/text/sk.source.txt")).unwrap();
    let mut lines: Vec<String> = sk.split('\n').map(str::to_string).collect();
    edit(&mut lines);
    std::fs::write(text_dir.join("sk.source.txt"), lines.join("\n")).unwrap();
    std::fs::copy(
        root().join("laws/2017/text/hu.source.txt"),
        text_dir.join("hu.source.txt"),
    )
    .unwrap();
    dir
}

fn check_copy(dir: &Path) -> lawbook::terms::report::CheckReport {
    let texts = lawbook::terms::cli::load_texts(dir, lawbook::align::Edition::E2017)
        .unwrap_or_else(|d| panic!("{}", render_plain(&d)));
    lawbook::terms::report::check(&bank(), &texts, false)
}

/// The declarer of 54B1 (line 1420, "pridá hlavný hráč") planted as the left-hand opponent: the
/// Hungarian 54B1 says felvevő, so the check reports the swap at 54B1 (once, from the Hungarian
/// side, naming the planted Slovak line); with a line inserted at the top, one line further
/// down, and no term "moves".
#[test]
fn a_planted_slip_is_found_at_its_paragraph_and_an_inserted_line_moves_no_term() {
    let plant = |lines: &mut Vec<String>| {
        assert!(lines[1419].contains("pridá hlavný hráč"), "{}", lines[1419]);
        lines[1419] = lines[1419].replace("hlavný hráč", "súper po ľavici");
    };
    for (name, shift) in [("planted", 0), ("shifted", 1)] {
        let dir = copy_2017(name, |lines| {
            plant(lines);
            if shift == 1 {
                lines.insert(1, "Vložený riadok.".to_string());
            }
        });
        let r = check_copy(&dir);
        std::fs::remove_dir_all(&dir).unwrap();
        let problems: Vec<&str> = r.problems.iter().map(|p| p.message.as_str()).collect();
        assert!(problems.is_empty(), "{name}: {problems:#?}");
        let found: Vec<_> = r.slips.iter().filter(|s| s.key == "54B1").collect();
        assert_eq!(found.len(), 1, "{name}: {:#?}", r.slips);
        let want = format!(
            "lho is in sk 54B1 (line {}, \"súper po ľavici\") but hu 54B1 has no \"BOE\"; in its place hu has declarer (\"felvevő\", line 1599)",
            1420 + shift
        );
        assert_eq!(found[0].message, want);
        assert!(!found[0].speculative);
        // The real texts' other findings are all still there, on their lines.
        assert_eq!(r.variant_uses(), 78, "{name}");
    }
}

/// A line inserted near the top of an unchanged copy: nothing moves, and the report is the
/// real texts' report with the Slovak lines one further down.
#[test]
fn an_inserted_line_gives_the_same_findings() {
    let dir = copy_2017("inserted", |lines| lines.insert(3, String::new()));
    let r = check_copy(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(r.problems.is_empty(), "{:#?}", r.problems);
    let real =
        lawbook::terms::cli::load_texts(&root().join("laws"), lawbook::align::Edition::E2017)
            .unwrap();
    let want = lawbook::terms::report::check(&bank(), &real, false);
    assert_eq!(r.findings(), want.findings());
    let lines = |r: &lawbook::terms::report::CheckReport| -> Vec<(String, usize)> {
        r.slips.iter().map(|s| (s.key.clone(), s.line)).collect()
    };
    let shifted: Vec<(String, usize)> = want
        .slips
        .iter()
        .map(|s| {
            (
                s.key.clone(),
                if s.label == "sk 2017" {
                    s.line + 1
                } else {
                    s.line
                },
            )
        })
        .collect();
    assert_eq!(lines(&r), shifted);
}

/// A word of a two-word term swapped: the declarer of 61B1 (line 1538, "1. Hlavný hráč") written
/// "Zmluvný hráč", a pair found nowhere else in the text. Reported at its line, by default
/// (not a hint).
#[test]
fn a_swapped_word_of_a_term_is_found_at_its_line() {
    let dir = copy_2017("modifier", |lines| {
        assert!(lines[1537].starts_with("1. Hlavný hráč"), "{}", lines[1537]);
        lines[1537] = lines[1537].replacen("Hlavný hráč", "Zmluvný hráč", 1);
    });
    let r = check_copy(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    let found: Vec<_> = r.slips.iter().filter(|s| s.key == "61B1").collect();
    assert_eq!(found.len(), 1, "{:#?}", r.slips);
    assert_eq!(found[0].line, 1538);
    assert!(!found[0].speculative);
    assert!(
        found[0].message.contains("\"Zmluvný hráč\" (line 1538)"),
        "{}",
        found[0].message
    );

    // The real text's own: 24E "trestnou kartou" (penalty card), 26B "úvodný výnos" (opening
    // lead), 27D "Nprevinivšia strana" (a misprint of the non-offending side).
    let real =
        lawbook::terms::cli::load_texts(&root().join("laws"), lawbook::align::Edition::E2017)
            .unwrap();
    let want = lawbook::terms::report::check(&bank(), &real, false);
    let swapped: Vec<(String, usize)> = want
        .slips
        .iter()
        .filter(|s| s.message.contains("a word of the term swapped?"))
        .map(|s| (s.key.clone(), s.line))
        .collect();
    assert_eq!(
        swapped,
        [
            ("24E".to_string(), 768),
            ("26B".to_string(), 802),
            ("27D".to_string(), 830)
        ]
    );
}
