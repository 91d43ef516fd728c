use lawbook::runner::*;
use std::path::Path;
use std::time::Instant;
fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let laws = root.join("laws");
    let only: Vec<String> = std::env::args().skip(1).collect();
    let mut books = Books::default();
    let mut per_dir: std::collections::HashMap<std::path::PathBuf, Books> = Default::default();
    let mut lexb = Books::default();
    let cases = find_cases(&root.join("corpus"));
    let (mut tp, mut tr, mut tt, mut tj) = (0.0, 0.0, 0.0, 0.0);
    for p in &cases {
        let name = p.display().to_string();
        if !only.is_empty() && !only.iter().any(|o| name.contains(o.as_str())) {
            continue;
        }
        // warm
        let _ = rule_and_render(p, &name, &laws, &mut books);
        lawbook::eval::engine::forget_claim_evidence();
        let mut best = (f64::MAX, f64::MAX, f64::MAX, f64::MAX);
        for _ in 0..std::env::var("ROUNDS")
            .ok()
            .and_then(|r| r.parse().ok())
            .unwrap_or(5)
        {
            lawbook::eval::engine::forget_claim_evidence();
            let s = Instant::now();
            let case = load_case_said(p, &mut books.sources, None).unwrap();
            let a = s.elapsed().as_secs_f64();
            let dir = lawbook_dir(&case, p, &laws);
            let bb = per_dir.entry(dir.clone()).or_insert_with(Books::default);
            let book = bb.get(&dir).unwrap();
            let lex = lexb.lexicon(&laws).unwrap();
            let s = Instant::now();
            let r = lawbook::eval::explore::rule_case(book, &case, &name).unwrap();
            let b = s.elapsed().as_secs_f64();
            let s = Instant::now();
            for l in LANGS {
                std::hint::black_box(lawbook::render::text(&r, book, lex, l));
            }
            let c = s.elapsed().as_secs_f64();
            let s = Instant::now();
            std::hint::black_box(lawbook::render::json(&r));
            let d = s.elapsed().as_secs_f64();
            best = (best.0.min(a), best.1.min(b), best.2.min(c), best.3.min(d));
        }
        tp += best.0;
        tr += best.1;
        tt += best.2;
        tj += best.3;
        if !only.is_empty() || best.0 > 0.0001 {
            println!(
                "{name}: parse {:.2} rule {:.2} text {:.2} json {:.2} ms",
                best.0 * 1e3,
                best.1 * 1e3,
                best.2 * 1e3,
                best.3 * 1e3
            );
        }
    }
    println!(
        "total: parse {:.1} rule {:.1} text {:.1} json {:.1} ms",
        tp * 1e3,
        tr * 1e3,
        tt * 1e3,
        tj * 1e3
    );
}
