//! A comment that quotes the 2017 texts, `22A (SK 720): "Licitácia končí…`, `SK 720: "…` or `SK 774 "…`
//! (`HU n` for the Hungarian), quotes the line it names: the quote begins on that line of
//! laws/2017/text/sk.source.txt or hu.source.txt (and may run on to the next). A quote of a
//! misprint keeps it and marks it `[sic]`.

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

/// Every `SK n): "…`, `SK n: "…` or `SK n "…` (and `HU n`) quote in the text: (line, quote).
fn quotes(joined: &str, lang: &str) -> Vec<(usize, String)> {
    let mut out = vec![];
    let tag = format!("{lang} ");
    let mut rest = joined;
    while let Some(at) = rest.find(&tag) {
        let before = &rest[..at];
        rest = &rest[at + tag.len()..];
        // A citation, not the end of a word ending in "SK".
        if before.chars().last().is_some_and(|c| c.is_alphanumeric()) {
            continue;
        }
        let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
        if digits.is_empty() {
            continue;
        }
        let after = &rest[digits.len()..];
        let Some(q) = after
            .strip_prefix("): \"")
            .or_else(|| after.strip_prefix(": \""))
            .or_else(|| after.strip_prefix(" \""))
        else {
            continue;
        };
        let quote = q
            .split(['"', '…'])
            .next()
            .unwrap_or("")
            .replace(" [sic]", "");
        let quote: String = norm(&quote).chars().take(25).collect();
        let quote = quote.trim_end().to_string();
        if quote.chars().count() >= 6 {
            out.push((digits.parse().unwrap(), quote));
        }
    }
    out
}

#[test]
fn quotes_begin_on_the_line_they_name() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = vec![];
    files(&root.join("laws/2017"), "law", &mut paths);
    files(&root.join("corpus/2017"), "case", &mut paths);
    let mut wrong = vec![];
    let mut checked = 0;
    for (lang, file) in [("SK", "sk.source.txt"), ("HU", "hu.source.txt")] {
        let text = fs::read_to_string(root.join("laws/2017/text").join(file)).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for path in &paths {
            let joined = comments(&fs::read_to_string(path).unwrap());
            for (n, quote) in quotes(&joined, lang) {
                checked += 1;
                if !begins_on(&lines, n, &quote) {
                    let found: Vec<usize> = (1..=lines.len())
                        .filter(|&k| begins_on(&lines, k, &quote))
                        .take(3)
                        .collect();
                    let name = path.strip_prefix(root).unwrap().display();
                    wrong.push(format!(
                        "{name}: {lang} {n} \"{quote}…\" begins on {found:?}"
                    ));
                }
            }
        }
    }
    assert!(checked > 150, "only {checked} quotes found");
    assert!(
        wrong.is_empty(),
        "{} quotes:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
