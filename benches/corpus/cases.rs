//! The corpus's cases one at a time: each case's time alone (`--cases`), and each case's
//! time by phase (`--phases`), to see which cases and which phases a pass goes to.

use super::{median, Corpus};
use lawbook::eval::book::Evaluation;
use lawbook::runner::{rule_and_render, Books};
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Each case ruled and rendered alone by the compiled book and by the reference interpreter,
/// alternately (medians of `rounds`): (compiled, reference, name), slowest compiled first.
fn time_each_case(corpus: &Corpus, rounds: usize) -> Vec<(f64, f64, String)> {
    let mut compiled = corpus.warm_books(Evaluation::Compiled);
    // `--compiled-only` (to profile the compiled path alone): the reference's column is 0.
    let compiled_only = std::env::args().any(|a| a == "--compiled-only");
    let mut reference = corpus.warm_books(match compiled_only {
        true => Evaluation::Compiled,
        false => Evaluation::Reference,
    });
    let time = |path: &Path, name: &str, books: &mut Books| {
        lawbook::eval::engine::forget_claim_evidence();
        let start = Instant::now();
        black_box(rule_and_render(path, name, &corpus.laws, books).is_ok());
        start.elapsed().as_secs_f64()
    };
    let mut out: Vec<(f64, f64, String)> = corpus
        .cases
        .iter()
        .map(|(path, name)| {
            let (mut c, mut r) = (vec![], vec![]);
            for _ in 0..rounds {
                c.push(time(path, name, &mut compiled));
                if !compiled_only {
                    r.push(time(path, name, &mut reference));
                }
            }
            (
                median(c),
                if r.is_empty() { 0.0 } else { median(r) },
                name.clone(),
            )
        })
        .collect();
    out.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.2.cmp(&b.2)));
    out
}

/// The slowest cases, each alone, their share of one pass over the corpus, and what the
/// reference interpreter takes for each.
pub(super) fn print_slowest(corpus: &Corpus, shown: usize, rounds: usize) {
    let each = time_each_case(corpus, rounds);
    let total: f64 = each.iter().map(|(t, ..)| t).sum();
    let total_ref: f64 = each.iter().map(|(_, r, _)| r).sum();
    println!(
        "one pass, each case alone (medians of {rounds}): {:.1} ms compiled, {:.1} ms by the \
         reference interpreter ({:.2}x); the slowest (compiled, share, reference, ratio):",
        total * 1e3,
        total_ref * 1e3,
        total_ref / total
    );
    for (t, r, name) in each.iter().take(shown) {
        println!(
            "  {:>8.2} ms {:>5.1}%  {:>8.2} ms {:>5.2}x  {name}",
            t * 1e3,
            100.0 * t / total,
            r * 1e3,
            r / t
        );
    }
}

/// One case's time in each phase of `rule_and_render`: reading and parsing the case file,
/// ruling it (the decision tree), rendering its text in the four languages, its JSON.
#[derive(Clone, Copy, Default)]
struct Phases {
    read: f64,
    rule: f64,
    text: f64,
    json: f64,
}

impl Phases {
    fn total(&self) -> f64 {
        self.read + self.rule + self.text + self.json
    }
}

/// Each case's phases, each the fastest of `rounds` (a phase is short and its noise one-sided),
/// the law books and renderings loaded outside the timing; slowest case first.
fn time_phases(corpus: &Corpus, rounds: usize) -> Vec<(Phases, String)> {
    // A `Books` per law book folder and one for the renderings: each hands out its book or
    // lexicon while the case is parsed into a third.
    let mut per_book: std::collections::HashMap<PathBuf, Books> = Default::default();
    let mut renderings = Books::default();
    let mut cases = Books::default();
    let lex = renderings
        .lexicon(&corpus.laws)
        .expect("the renderings load");
    let mut out: Vec<(Phases, String)> = corpus
        .cases
        .iter()
        .map(|(path, name)| {
            let mut best = Phases {
                read: f64::MAX,
                rule: f64::MAX,
                text: f64::MAX,
                json: f64::MAX,
            };
            for _ in 0..rounds {
                lawbook::eval::engine::forget_claim_evidence();
                let start = Instant::now();
                let case = lawbook::runner::load_case_said(path, &mut cases.sources, None)
                    .unwrap_or_else(|_| panic!("{name} cannot be read"));
                let read = start.elapsed().as_secs_f64();
                let dir = lawbook::runner::lawbook_dir(&case, path, &corpus.laws);
                let book = per_book
                    .entry(dir.clone())
                    .or_default()
                    .get(&dir)
                    .unwrap_or_else(|_| panic!("the law book of {name} loads"));
                let start = Instant::now();
                let ruling = lawbook::eval::explore::rule_case(book, &case, name)
                    .unwrap_or_else(|_| panic!("{name} can be ruled"));
                let rule = start.elapsed().as_secs_f64();
                let start = Instant::now();
                for lang in lawbook::runner::LANGS {
                    black_box(lawbook::render::text(&ruling, book, lex, lang));
                }
                let text = start.elapsed().as_secs_f64();
                let start = Instant::now();
                black_box(lawbook::render::json(&ruling));
                let json = start.elapsed().as_secs_f64();
                best = Phases {
                    read: best.read.min(read),
                    rule: best.rule.min(rule),
                    text: best.text.min(text),
                    json: best.json.min(json),
                };
            }
            (best, name.clone())
        })
        .collect();
    out.sort_by(|a, b| {
        b.0.total()
            .total_cmp(&a.0.total())
            .then_with(|| a.1.cmp(&b.1))
    });
    out
}

/// A pass's time by phase, and the slowest cases' phases.
pub(super) fn print_phases(corpus: &Corpus, shown: usize, rounds: usize) {
    let each = time_phases(corpus, rounds);
    let sum = each.iter().fold(Phases::default(), |s, (p, _)| Phases {
        read: s.read + p.read,
        rule: s.rule + p.rule,
        text: s.text + p.text,
        json: s.json + p.json,
    });
    let ms = |t: f64| t * 1e3;
    let share = |t: f64| 100.0 * t / sum.total();
    println!(
        "one pass by phase (each case's fastest of {rounds}): {:.1} ms; reading the cases {:.1} ms \
         ({:.0}%), ruling {:.1} ms ({:.0}%), text in four languages {:.1} ms ({:.0}%), JSON \
         {:.1} ms ({:.0}%); the slowest (read, rule, text, json):",
        ms(sum.total()),
        ms(sum.read),
        share(sum.read),
        ms(sum.rule),
        share(sum.rule),
        ms(sum.text),
        share(sum.text),
        ms(sum.json),
        share(sum.json)
    );
    for (p, name) in each.iter().take(shown) {
        println!(
            "  {:>8.2} {:>8.2} {:>8.2} {:>8.2} ms  {name}",
            ms(p.read),
            ms(p.rule),
            ms(p.text),
            ms(p.json)
        );
    }
}
