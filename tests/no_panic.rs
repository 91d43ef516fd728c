//! No input makes lawbook panic: law files and cases cut short, with bytes dropped or
//! changed, are each either accepted or answered with a diagnostic. The mutations are
//! deterministic (a fixed linear congruential sequence), so a failure reproduces.

use lawbook::check::check;
use lawbook::source::Sources;
use lawbook::syntax::parse_law_file;
use std::path::Path;

mod common;

struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// Variants of a text: prefixes, and copies with a character removed, doubled or replaced.
fn mutants(text: &str, rng: &mut Lcg, n: usize) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let noise = [
        '{', '}', '(', ')', '"', '=', '>', ':', '.', ',', '♠', '7', 'x', '\n', ' ', '\u{0}',
    ];
    let mut out = vec![];
    for _ in 0..n {
        let at = rng.next(chars.len());
        let mut c = chars.clone();
        match rng.next(4) {
            0 => c.truncate(at),
            1 => {
                c.remove(at.min(c.len().saturating_sub(1)));
            }
            2 => c.insert(at, noise[rng.next(noise.len())]),
            _ => c[at.min(chars.len() - 1)] = noise[rng.next(noise.len())],
        }
        out.push(c.into_iter().collect());
    }
    out
}

#[test]
fn mutated_law_files_never_panic() {
    let files = common::law_files_2017();
    let texts: Vec<String> = files
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    // Each mutant changes one file; the other files of the book parse to the same trees every
    // time, so they are parsed once here (with the file ids they have in every book) and
    // cloned. Parsing the whole book per mutant cost ~95% of this test's time.
    let pristine: Vec<_> = texts
        .iter()
        .enumerate()
        .map(|(j, t)| parse_law_file(j as u32, t).expect("the law book parses"))
        .collect();
    let mut rng = Lcg(7);
    for (i, text) in texts.iter().enumerate() {
        for m in mutants(text, &mut rng, 25) {
            // Only the mutated file is parsed (file id i, as in the book); the book is
            // checked when it parses.
            if let Ok(f) = parse_law_file(i as u32, &m) {
                let mut parsed = pristine.clone();
                parsed[i] = f;
                let _ = check("2017", parsed);
            }
        }
    }
}

#[test]
fn mutated_cases_never_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut books = lawbook::runner::Books::default();
    let dir = std::env::temp_dir().join(format!("lawbook-no-panic-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = Lcg(11);
    let cases = lawbook::runner::find_cases(&root.join("corpus/2017"), 1);
    for case in cases.iter().step_by(5) {
        let text = std::fs::read_to_string(case).unwrap();
        for (k, m) in mutants(&text, &mut rng, 12).into_iter().enumerate() {
            let p = dir.join(format!("m{k}.case"));
            std::fs::write(&p, m).unwrap();
            let _ = lawbook::runner::rule_and_render(&p, "m", &root.join("laws"), &mut books);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn garbage_pbn_never_panics() {
    for text in [
        "",
        "[",
        "[Deal \"",
        "[Deal \"N:\"]",
        "[Auction \"N\"]\n1S AP AP",
        "\u{0}\u{1}binary",
        "[Play \"Q\"]",
    ] {
        let _ = lawbook::pbn::PbnFile::parse("garbage.pbn", text);
    }
    let _ = lawbook::pbn::PbnFile::parse_bytes("latin1.pbn", &[0x5b, 0xe9, 0xff, 0x00]);
}

#[test]
fn deeply_nested_text_is_refused_not_overflowed() {
    let deep = format!(
        "law 98 {{ title en \"x\" define d: int = {}1{} }}",
        "(".repeat(100_000),
        ")".repeat(100_000)
    );
    let mut sources = Sources::default();
    let id = sources.add("deep.law", deep.clone());
    let err = parse_law_file(id, &deep).unwrap_err();
    assert!(err.message.contains("nested"), "{}", err.message);
}
