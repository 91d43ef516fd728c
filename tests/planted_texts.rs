//! The translators' tools on copies of the texts with defects planted by someone else
//! (tests/data/planted/README.md): how many are reported, each at its own line, with default
//! options; and that one wrong heading does not bury the rest in findings.

use lawbook::align::{self, Edition, Lang};
use lawbook::terms::texts::Text;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The law book's text with the edits of `NAME.edits` applied.
fn planted(name: &str, source: &str) -> String {
    let original = std::fs::read_to_string(root().join(source)).unwrap();
    let lines: Vec<&str> = original.split('\n').collect();
    let edits =
        std::fs::read_to_string(root().join(format!("tests/data/planted/{name}.edits"))).unwrap();
    let mut out: Vec<String> = Vec::new();
    let mut next = 0; // 0-based index of the next original line to copy
    for l in edits.lines() {
        if let Some(at) = l.strip_prefix("@ ") {
            let (from, count) = at.split_once(' ').unwrap();
            let (from, count): (usize, usize) = (from.parse().unwrap(), count.parse().unwrap());
            out.extend(lines[next..from - 1].iter().map(|s| s.to_string()));
            next = from - 1 + count;
        } else if let Some(text) = l.strip_prefix("+ ") {
            out.push(text.to_string());
        } else if l == "+" {
            out.push(String::new());
        }
    }
    out.extend(lines[next..].iter().map(|s| s.to_string()));
    out.join("\n")
}

struct Defect {
    line: usize,
    kind: String,
    key: String,
}

fn manifest(name: &str) -> Vec<Defect> {
    let text =
        std::fs::read_to_string(root().join(format!("tests/data/planted/{name}.manifest.tsv")))
            .unwrap();
    text.lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Defect {
                line: f[0].parse().unwrap(),
                kind: f[1].to_string(),
                key: f[2].to_string(),
            }
        })
        .collect()
}

/// The lines the tools' findings name in the planted text of `lang`.
fn finding_lines(name: &str, text: &str, lang: Lang, edition: Edition) -> (Vec<usize>, usize) {
    let mut lines = Vec::new();
    // align, with the scoring-table check where the edition has a law book.
    let mut a = align::align_named(name, text.as_bytes(), lang, edition).unwrap();
    let laws = root().join("laws").join(edition.to_string());
    if let Ok(book) = lawbook::load::load_lawbook(&laws, &mut lawbook::source::Sources::default()) {
        a.findings.extend(align::check_scoring(&a, &book));
    }
    let align_findings = a.findings.len();
    for f in &a.findings {
        let v = serde_json::to_value(f).unwrap();
        // `near`: where a missing paragraph's place is (the label before it).
        for field in ["line", "likely", "near"] {
            if let Some(n) = v[field].as_u64() {
                lines.push(n as usize);
            }
        }
    }
    // compare and terms check, the planted file in place of the law book's text.
    let dir = std::env::temp_dir().join(format!("lawbook-planted-{name}-{}", std::process::id()));
    let file = dir.join("planted.txt");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(&file, text).unwrap();
    let files = align::sources::TextFiles {
        texts: vec![align::sources::LangFile {
            lang,
            path: file.clone(),
        }],
        layouts: vec![],
    };
    let texts: Vec<Text> =
        lawbook::terms::cli::load_texts_with(&root().join("laws"), edition, &files).unwrap();
    let bank = lawbook::terms::load_terms(root().join("laws/terms.terms")).unwrap();
    if texts.len() == 2 {
        let c = lawbook::compare::compare(&texts[0], &texts[1], Some(&bank));
        for f in c.findings {
            if f.kind == lawbook::compare::Kind::Concepts {
                continue; // not in compare's default report
            }
            for p in [f.a, f.b] {
                if p.lang == lang {
                    lines.push(p.line);
                }
            }
        }
    }
    let r = lawbook::terms::report::check(&bank, &texts, false);
    let label = format!("{lang} {edition}");
    for t in &r.texts {
        if t.label == label {
            lines.extend(t.variants.iter().map(|v| v.line));
        }
    }
    lines.extend(r.slips.iter().filter(|s| s.label == label).map(|s| s.line));
    std::fs::remove_dir_all(&dir).ok();
    (lines, align_findings)
}

#[test]
fn planted_defects_are_reported_at_their_lines() {
    let mut reported = 0;
    let mut planted_count = 0;
    let mut missed = Vec::new();
    for (name, source, lang, edition) in [
        (
            "sk2017",
            "laws/2017/text/sk.source.txt",
            Lang::Sk,
            Edition::E2017,
        ),
        (
            "hu2017",
            "laws/2017/text/hu.source.txt",
            Lang::Hu,
            Edition::E2017,
        ),
        (
            "pl2007",
            "laws/2007/text/pl.source.txt",
            Lang::Pl,
            Edition::E2007,
        ),
    ] {
        let text = planted(name, source);
        let (lines, align_findings) = finding_lines(name, &text, lang, edition);
        for d in manifest(name) {
            planted_count += 1;
            if lines.iter().any(|&l| l.abs_diff(d.line) <= 1) {
                reported += 1;
            } else {
                missed.push(format!("{name} line {} {} {}", d.line, d.kind, d.key));
            }
        }
        if name == "sk2017" {
            // The misnumbered heading of Law 27 no longer swallows Laws 27-71: the text's
            // own 8 findings and about one per defect (it was 413).
            assert!(align_findings <= 30, "{align_findings}");
        }
    }
    eprintln!(
        "planted defects reported at their line: {reported} of {planted_count}; missed: {missed:#?}"
    );
    assert_eq!(planted_count, 21);
    // Reported today: 19 of 21 (90%, what issue 12 asks). Missed: 81C's director written as
    // a one-word other term (a hint only: a one-word swap cannot be told from a paraphrase by
    // the words alone), and 86B2's footnote text removed (reported at the mark's line, 2181,
    // where the reader meets it, not where the text was).
    assert!(reported >= 19, "{reported} of {planted_count}: {missed:#?}");
}
