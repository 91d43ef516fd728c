//! A comment that quotes the Slovak 2017 text, `22A (SK 720): "Licitácia končí…`, quotes the
//! line it names: the quote begins on that line of laws/2017/text/sk.source.txt (and may run
//! on to the next). A quote of a misprint keeps it and marks it `[sic]`.

use std::fs;
use std::path::{Path, PathBuf};

fn norm(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

fn files(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir).unwrap().flatten().collect();
    entries.sort_by_key(|e| e.path());
    for e in entries {
        let p = e.path();
        if p.is_dir() {
            files(&p, ext, out);
        } else if p.extension().is_some_and(|x| x == ext) {
            out.push(p);
        }
    }
}

/// The comment text of a file, its lines joined: a quote may wrap.
fn comments(text: &str) -> String {
    text.lines()
        .map(|l| match l.trim_start().strip_prefix("//") {
            Some(c) => c.trim().to_string(),
            None => "\n".to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether the quote begins on line `n` (1-based) of the text.
fn begins_on(sk: &[&str], n: usize, quote: &str) -> bool {
    let Some(line) = n.checked_sub(1).and_then(|i| sk.get(i)) else {
        return false;
    };
    let line = norm(line);
    if line.is_empty() {
        return false;
    }
    if line.contains(quote) {
        return true;
    }
    let next = sk[n..]
        .iter()
        .map(|l| norm(l))
        .find(|l| !l.is_empty())
        .unwrap_or_default();
    let both = format!("{line} {next}");
    // It must start on this line: somewhere in its last characters.
    both.find(quote)
        .is_some_and(|at| at < line.len() && at + quote.len() > line.len())
}

#[test]
fn slovak_quotes_begin_on_the_line_they_name() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let sk_text = fs::read_to_string(root.join("laws/2017/text/sk.source.txt")).unwrap();
    let sk: Vec<&str> = sk_text.lines().collect();
    let mut paths = vec![];
    files(&root.join("laws/2017"), "law", &mut paths);
    files(&root.join("corpus/2017"), "case", &mut paths);
    let mut wrong = vec![];
    let mut checked = 0;
    for path in &paths {
        let joined = comments(&fs::read_to_string(path).unwrap());
        let mut rest = joined.as_str();
        while let Some(at) = rest.find("(SK ") {
            rest = &rest[at + 4..];
            let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
            let Some(after) = rest[digits.len()..].strip_prefix("): \"") else {
                continue;
            };
            let quote: String = after
                .split(['"', '…'])
                .next()
                .unwrap_or("")
                .replace(" [sic]", "");
            let quote: String = norm(&quote).chars().take(25).collect();
            let quote = quote.trim_end().to_string();
            if quote.chars().count() < 6 {
                continue;
            }
            checked += 1;
            let n: usize = digits.parse().unwrap();
            if !begins_on(&sk, n, &quote) {
                let found: Vec<usize> = (1..=sk.len())
                    .filter(|&k| begins_on(&sk, k, &quote))
                    .take(3)
                    .collect();
                let name = path.strip_prefix(root).unwrap().display();
                wrong.push(format!("{name}: SK {n} \"{quote}…\" begins on {found:?}"));
            }
        }
    }
    assert!(checked > 100, "only {checked} quotes found");
    assert!(
        wrong.is_empty(),
        "{} quotes:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
