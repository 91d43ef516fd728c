//! Issue 4, parts 3 and 4: every corpus case is rendered in English, Slovak, Polish and
//! Hungarian, and the four renderings agree: the same tree, line for line, the same laws and
//! paragraphs at the same places, the same calls, scores and numbers. `lawbook rule CASE
//! --lang L` prints them.

use lawbook::runner::{case_name, find_cases, rule_and_render, Books};
use std::path::Path;
use std::process::Command;

/// What a line of any language must share with the English one: its tree drawing, the
/// paragraph id it starts with (if it is a paragraph's line), and the numbers it holds (a
/// title, whose words differ from language to language, is left out: the numbers before it,
/// the offender's call and the law's number, are kept).
fn skeleton(line: &str, titled: bool) -> (String, Option<String>, Vec<String>) {
    let body = line.trim_start_matches(['│', '├', '└', '─', ' ']);
    let tree = line[..line.len() - body.len()].to_string();
    let first = body.split(' ').next().unwrap_or("");
    // 27B1(a): digits, one capital, then no other capital (1NT, 2BA, 3SZA are calls).
    let digits = first.trim_start_matches(|c: char| c.is_ascii_digit());
    let para = (digits.len() < first.len()
        && digits
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_uppercase())
        && !digits.chars().skip(1).any(|c| c.is_ascii_uppercase())
        && digits
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "()".contains(c)))
    .then(|| first.to_string());
    // An obligation's status after the dash says "broken once", "porušená raz", "egyszer
    // megszegve": words, not numbers, in some languages.
    let before_status = body.split(" — ").next().unwrap_or(body);
    // English writes the ten T (♠T), the others 10 (♠10).
    let before_status = ["♠", "♥", "♦", "♣"]
        .iter()
        .fold(before_status.to_string(), |t, s| {
            t.replace(&format!("{s}T"), &format!("{s}10"))
        });
    let mut numbers: Vec<String> = before_status
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    if para.is_some() {
        numbers.clear();
    }
    if titled {
        numbers.truncate(2);
    }
    // Word order differs (Hungarian "6-ból 3 pontot": of 6, 3 points).
    numbers.sort();
    (tree, para, numbers)
}

#[test]
fn the_four_renderings_of_every_case_agree() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = root.join("corpus");
    let mut books = Books::default();
    let mut cases = 0;
    for path in find_cases(&corpus, 1) {
        let name = case_name(&path, &corpus);
        let (_, goldens) = rule_and_render(&path, &name, &root.join("laws"), &mut books)
            .unwrap_or_else(|d| panic!("{name}: {}", lawbook::diagnostic::render_plain(&d)));
        let titled: Vec<bool> = goldens[0]
            .1
            .lines()
            .map(|l| l.contains("Irregularity: ") || l.contains("When the auction ends: "))
            .collect();
        let en: Vec<_> = goldens[0]
            .1
            .lines()
            .zip(&titled)
            .map(|(l, t)| skeleton(l, *t))
            .collect();
        for (lang, text) in &goldens[1..4] {
            let other: Vec<_> = text
                .lines()
                .zip(&titled)
                .map(|(l, t)| skeleton(l, *t))
                .collect();
            assert_eq!(other.len(), en.len(), "{name}.{lang}: the number of lines");
            for (i, (a, b)) in en.iter().zip(&other).enumerate() {
                assert_eq!(a, b, "{name}.{lang}, line {}:\n{}", i + 1, text);
            }
        }
        cases += 1;
    }
    assert!(cases >= 150);
}

#[test]
fn rule_prints_the_ruling_in_the_language_asked() {
    let run = |lang: &str| {
        let o = Command::new(env!("CARGO_BIN_EXE_lawbook"))
            .args(["rule", "corpus/2017/27/b2-pass~sk.case", "--lang", lang])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("lawbook runs");
        assert_eq!(
            o.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
        String::from_utf8(o.stdout).unwrap()
    };
    let en = run("en");
    let sk = run("sk");
    let pl = run("pl");
    let hu = run("hu");
    assert!(
        en.contains("West must pass whenever it is his turn to call"),
        "{en}"
    );
    assert!(
        sk.contains("Západ musí pasovať vždy, keď bude na rade v licitácii"),
        "{sk}"
    );
    assert!(pl.contains("W musi pasować do końca licytacji"), "{pl}");
    assert!(hu.contains("Nyugat végig passzolni köteles"), "{hu}");
    assert!(
        sk.contains("27B2 Nedostatočná ponuka nie je prijatá"),
        "{sk}"
    );
    assert!(
        hu.contains("27B2 Nem elfogadott elégtelen bemondás"),
        "{hu}"
    );
    assert!(sk.contains("Licitácia: S 1BT, V 1♥ (zrušená)"), "{sk}");
    assert!(hu.contains("Licitálás: É 1SZA, K 1♥ (érvénytelen)"), "{hu}");
    for text in [&en, &sk, &pl, &hu] {
        assert!(text.contains("+400"), "{text}");
    }
    let bad = Command::new(env!("CARGO_BIN_EXE_lawbook"))
        .args(["rule", "corpus/2017/27/b2-pass.case", "--lang", "de"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}
