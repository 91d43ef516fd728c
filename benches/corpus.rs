//! Benchmarks: how fast the corpus is ruled, how long the 2017 law book takes to load and
//! check, and how the law book's own scorer (Law 77, run by the interpreter) compares with
//! the same table coded by hand in Rust (benches/baseline_score.rs).
//!
//! Run with `cargo bench --bench corpus`. Criterion's groups run first; then the binary
//! times the same work itself with `std::time::Instant` and prints
//!
//! ```text
//! cases: N
//! cases per second: N
//! ratio interpreter/baseline: X
//! ```
//!
//! so the interpreter's figure and its baseline always come from the same run on the same
//! machine. docs/benchmarks.md explains the numbers and records measured figures.

#[path = "corpus/auction.rs"]
mod auction;
mod baseline_score;
#[path = "corpus/cases.rs"]
mod cases;

use baseline_score::duplicate_score;
use criterion::{Criterion, Throughput};
use lawbook::eval::book::Evaluation;
use lawbook::eval::entry::IntEntry;
use lawbook::eval::expr::{Evaluator, View};
use lawbook::eval::value::Value;
use lawbook::model::Strain;
use lawbook::runner::{case_name, find_cases, rule_and_render, Books};
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

/// Every case under corpus/ with its name in rulings.
struct Corpus {
    cases: Vec<(PathBuf, String)>,
    laws: PathBuf,
}

impl Corpus {
    fn find(root: &Path) -> Corpus {
        let dir = root.join("corpus");
        let cases = find_cases(&dir, 1)
            .into_iter()
            .map(|p| {
                let name = case_name(&p, &dir);
                (p, name)
            })
            .collect();
        Corpus {
            cases,
            laws: root.join("laws"),
        }
    }

    /// Rule and render every case once; panics on a case that cannot be ruled, since a
    /// benchmark of a failing corpus would measure the wrong thing.
    fn rule_all(&self, books: &mut Books) -> usize {
        let mut bytes = 0;
        for (path, name) in &self.cases {
            match rule_and_render(path, name, &self.laws, books) {
                Ok((ruling, goldens)) => {
                    black_box(&ruling);
                    bytes += goldens.iter().map(|(_, t)| t.len()).sum::<usize>();
                }
                Err(d) => panic!(
                    "{name} cannot be ruled:\n{}",
                    lawbook::diagnostic::render_plain(&d)
                ),
            }
        }
        bytes
    }

    /// A `Books` that already holds every law book the corpus needs, evaluated as `how`
    /// says: the law books are loaded here, outside any timing.
    fn warm_books(&self, how: Evaluation) -> Books {
        let mut books = Books::default();
        books.evaluation = how;
        self.rule_all(&mut books);
        books
    }
}

/// `Books` is append-only: every ruling adds the case file's text to `books.sources`. A
/// single `Books` kept for the whole run would grow by the corpus's text on every
/// iteration, so timed loops take a fresh, already warmed `Books` (law books loaded
/// outside the timing) every sample and reuse it for all the sample's iterations.
fn time_corpus(corpus: &Corpus, iters: u64, how: Evaluation) -> Duration {
    let mut books = corpus.warm_books(how);
    let start = Instant::now();
    for _ in 0..iters {
        // Each pass from an empty claim-position cache: a claim's line search is part of
        // ruling its case (the cache serves a ruling's replays and a run's repeated
        // positions, not a second pass over the corpus).
        lawbook::eval::engine::forget_claim_evidence();
        black_box(corpus.rule_all(&mut books));
    }
    start.elapsed()
}

/// The 2940 boards of the Law 77 table: level 1..=7, five strains, undoubled / doubled /
/// redoubled, not vulnerable / vulnerable, 0..=13 tricks taken.
#[derive(Clone, Copy, Debug)]
struct Board {
    level: u8,
    strain: Strain,
    doubled: u8,
    vulnerable: bool,
    tricks: u8,
}

fn boards() -> Vec<Board> {
    let strains = [
        Strain::Clubs,
        Strain::Diamonds,
        Strain::Hearts,
        Strain::Spades,
        Strain::NoTrump,
    ];
    let mut out = vec![];
    for level in 1..=7 {
        for strain in strains {
            for doubled in 0..=2 {
                for vulnerable in [false, true] {
                    for tricks in 0..=13 {
                        out.push(Board {
                            level,
                            strain,
                            doubled,
                            vulnerable,
                            tricks,
                        });
                    }
                }
            }
        }
    }
    out
}

/// The law book's `score` for one board.
fn interpret(ev: &Evaluator, view: &View, b: Board) -> i64 {
    let risk = [1, 2, 4][b.doubled as usize];
    let args = [
        Value::Int(i64::from(b.level)),
        Value::Strain(b.strain),
        Value::Int(risk),
        Value::Bool(b.vulnerable),
        Value::Int(i64::from(b.tricks)),
    ];
    // The entry point resolved to its index once, as the table would hold it.
    thread_local! {
        static SCORE: std::cell::Cell<Option<usize>> = const { std::cell::Cell::new(None) };
    }
    let i = SCORE.with(|c| {
        c.get().unwrap_or_else(|| {
            let i = ev.book.program.define_index["score"];
            c.set(Some(i));
            i
        })
    });
    match ev.call_at(i, &args, view) {
        Ok(Value::Int(n)) => n,
        other => panic!("score gave {other:?}"),
    }
}

/// Score a board through `score`'s typed entry (eval::entry): the arguments as integers.
/// Inlined into its loop, as the baseline's function is into its own (used twice, it was
/// left out of line: a call a board the baseline does not pay).
#[inline(always)]
fn typed(ev: &Evaluator, entry: &IntEntry, b: Board) -> i64 {
    let risk = [1, 2, 4][b.doubled as usize];
    let strain = Value::strain_place(b.strain) as i64;
    let args = [
        i64::from(b.level),
        strain,
        risk,
        i64::from(b.vulnerable),
        i64::from(b.tricks),
    ];
    entry
        .call(ev, &args)
        .expect("every board of the 2940 is folded")
}

/// Score every board through the typed entry; returns a checksum. Not inlined.
#[inline(never)]
fn score_typed(ev: &Evaluator, entry: &IntEntry, boards: &[Board]) -> i64 {
    boards.iter().map(|&b| typed(ev, entry, b)).sum()
}

/// Score every board through the interpreter; returns a checksum. Not inlined, so
/// criterion and our own timing run the same machine code.
#[inline(never)]
fn score_interpreter(ev: &Evaluator, view: &View, boards: &[Board]) -> i64 {
    boards.iter().map(|&b| interpret(ev, view, b)).sum()
}

/// Score every board with the hand-written function; returns a checksum. Not inlined,
/// so criterion and our own timing run the same machine code.
#[inline(never)]
fn score_baseline(boards: &[Board]) -> i64 {
    boards
        .iter()
        .map(|b| {
            i64::from(duplicate_score(
                b.level,
                b.strain,
                b.doubled,
                b.vulnerable,
                b.tricks,
            ))
        })
        .sum()
}

/// The law book's evaluation against its baselines, each pair timed in interleaved rounds:
/// Law 77's `score` folded at load, through closures with nothing folded, and by the
/// reference interpreter, against the hand-written function; `auction_ended` compiled and by
/// the reference interpreter. Returns the baseline's time for the 2940 boards.
fn print_evaluation(book: &lawbook::eval::book::CompiledBook, laws_2017: &Path, boards: &[Board]) {
    // Ruling a whole auction asks the law book about every call; its cost as the auction
    // grows (4.0 from 64 to 256 calls is linear).
    let (t64, t256) = (
        auction::rule_long_auction(book, 64),
        auction::rule_long_auction(book, 256),
    );
    println!(
        "ruling an auction of 64 calls: {:.1} ms, of 256 calls: {:.1} ms; {:.1}x for 4x the calls",
        t64 * 1e3,
        t256 * 1e3,
        t256 / t64
    );

    let findings = lawbook::eval::expr::Findings::default();
    let view = View::default();
    let ev = Evaluator::new(book, &findings, u64::MAX);
    let boards = boards.to_vec();
    // Interpreter / baseline: interleaved rounds, each timing a batch of passes over the
    // 2940 boards, so both see the same machine state.
    let batch_i = {
        let start = Instant::now();
        black_box(score_interpreter(&ev, &view, black_box(&boards)));
        ((0.1 / start.elapsed().as_secs_f64().max(1e-7)) as u32).max(1)
    };
    let batch_b = {
        for _ in 0..1000 {
            black_box(score_baseline(black_box(&boards)));
        }
        let start = Instant::now();
        for _ in 0..100 {
            black_box(score_baseline(black_box(&boards)));
        }
        ((0.1 / (start.elapsed().as_secs_f64() / 100.0).max(1e-9)) as u32).max(1)
    };
    let mut t_i = vec![];
    let mut t_b = vec![];
    let mut ratios = vec![];
    for _ in 0..21 {
        let start = Instant::now();
        for _ in 0..batch_i {
            black_box(score_interpreter(&ev, &view, black_box(&boards)));
        }
        let i = start.elapsed().as_secs_f64() / f64::from(batch_i);
        let start = Instant::now();
        for _ in 0..batch_b {
            black_box(score_baseline(black_box(&boards)));
        }
        let b = start.elapsed().as_secs_f64() / f64::from(batch_b);
        t_i.push(i);
        t_b.push(b);
        ratios.push(i / b);
    }
    let (lo, hi) = ratios
        .iter()
        .fold((f64::MAX, f64::MIN), |(lo, hi), &r| (lo.min(r), hi.max(r)));
    let (mi, mb) = (median(t_i), median(t_b));
    println!(
        "score, 2940 boards: interpreter {:.1} µs ({:.0} ns per board), baseline {:.2} µs ({:.2} ns per board)",
        mi * 1e6,
        mi * 1e9 / 2940.0,
        mb * 1e6,
        mb * 1e9 / 2940.0
    );
    println!(
        "ratio interpreter/baseline: {:.1} (medians of 21 interleaved rounds; per-round range {:.1}..{:.1})",
        mi / mb,
        lo,
        hi
    );
    // The same boards through `score`'s typed entry (eval::entry): the arguments as integers,
    // no Value built, against the baseline, interleaved.
    let entry = IntEntry::new(book, "score").expect("score has a typed entry");
    let (t, b) = interleaved(
        || black_box(score_typed(&ev, &entry, black_box(&boards))),
        || black_box(score_baseline(black_box(&boards))),
    );
    println!(
        "score through its typed entry / baseline: {:.2} µs / {:.2} µs for 2940 boards \
         ({:.1} ns a board), ratio {:.1}",
        t * 1e6,
        b * 1e6,
        t * 1e9 / 2940.0,
        t / b
    );
    // The same boards through the reference path: every definition's body walked, none of
    // the values folded at load (eval::fold), interleaved with the folded path.
    let mut reference = Evaluator::new(ev.book, ev.findings, u64::MAX);
    reference.interpret_only = true;
    let batch_r = {
        let start = Instant::now();
        black_box(score_interpreter(&reference, &view, black_box(&boards)));
        ((0.1 / start.elapsed().as_secs_f64().max(1e-7)) as u32).max(1)
    };
    let (mut t_f, mut t_r) = (vec![], vec![]);
    for _ in 0..11 {
        let start = Instant::now();
        for _ in 0..batch_i {
            black_box(score_interpreter(&ev, &view, black_box(&boards)));
        }
        t_f.push(start.elapsed().as_secs_f64() / f64::from(batch_i));
        let start = Instant::now();
        for _ in 0..batch_r {
            black_box(score_interpreter(&reference, &view, black_box(&boards)));
        }
        t_r.push(start.elapsed().as_secs_f64() / f64::from(batch_r));
    }
    let (mf, mr) = (median(t_f), median(t_r));
    println!(
        "score folded at load / reference interpreter: {:.1} µs / {:.1} µs for 2940 boards, the reference {:.1}x slower, {:.0}x the baseline",
        mf * 1e6,
        mr * 1e6,
        mr / mf,
        mr / mb
    );
    // The closures alone (item 1 of issue 13): the same boards through a book lowered to
    // closures with nothing folded, against the reference interpreter, interleaved.
    let mut sources = lawbook::source::Sources::default();
    let (unfolded, _) =
        lawbook::load::load_lawbook_as(laws_2017, None, &mut sources, Evaluation::Unfolded)
            .expect("loads");
    let closures = Evaluator::new(&unfolded, &findings, u64::MAX);
    let (c, r) = interleaved(
        || black_box(score_interpreter(&closures, &view, black_box(&boards))),
        || black_box(score_interpreter(&reference, &view, black_box(&boards))),
    );
    println!(
        "score through closures, nothing folded / reference interpreter: {:.1} µs / {:.1} µs \
         for 2940 boards, the closures {:.1}x faster",
        c * 1e6,
        r * 1e6,
        r / c
    );
    // A definition that reads the table, never folded: `auction_ended` on auctions of 4 to
    // 256 calls, each time on a fresh copy of the view (its memo empty).
    for n in [4, 16, 64, 256] {
        let auction = auction::long_auction(n);
        let ended =
            |ev: &Evaluator| black_box(ev.call("auction_ended", vec![], &auction.clone()).is_ok());
        let (c, r) = interleaved(|| ended(&ev), || ended(&reference));
        println!(
            "auction_ended at {n} calls: compiled {:.2} µs, reference {:.2} µs, the compiled {:.1}x faster",
            c * 1e6,
            r * 1e6,
            r / c
        );
    }
}

/// A law file made to cost the checker as much as it can: long chains and wide decisions.
fn crafted_law(n: usize) -> String {
    let mut t = String::from("law 99 {\n  title en \"x\" sk \"x\" pl \"x\" hu \"x\"\n");
    t.push_str(&format!("  // {}\n", "c".repeat(1 << 18)));
    for i in 0..n {
        t.push_str(&format!(
            "  define d{i}: int = d{}\n  paragraph 99A{i}\n",
            (i + 1) % n
        ));
    }
    for i in 0..n {
        t.push_str(&format!("  procedure 99A{i} goto 99A{}\n", (i + 1) % n));
    }
    t.push_str("  irregularity zz { on call c by p when false }\n  rectify zz {\n");
    for i in 0..n {
        t.push_str(&format!(
            "    99A{i} when level(c) == {} => no rectification\n",
            i % 7
        ));
    }
    t.push_str("  }\n}\n");
    t
}

/// Two pieces of work timed in 11 interleaved rounds of about 0.05 s each, so both see the
/// same machine state: the medians of their times per call, in seconds.
fn interleaved<A, B>(mut a: impl FnMut() -> A, mut b: impl FnMut() -> B) -> (f64, f64) {
    let batch = |f: &mut dyn FnMut()| {
        let start = Instant::now();
        f();
        ((0.05 / start.elapsed().as_secs_f64().max(1e-8)) as u32).max(1)
    };
    let (na, nb) = (batch(&mut || drop(a())), batch(&mut || drop(b())));
    let (mut ta, mut tb) = (vec![], vec![]);
    for _ in 0..11 {
        let start = Instant::now();
        for _ in 0..na {
            black_box(a());
        }
        ta.push(start.elapsed().as_secs_f64() / f64::from(na));
        let start = Instant::now();
        for _ in 0..nb {
            black_box(b());
        }
        tb.push(start.elapsed().as_secs_f64() / f64::from(nb));
    }
    (median(ta), median(tb))
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}

/// Criterion's mean for one benchmark of this run (nanoseconds per iteration), read from
/// the estimates it wrote; `None` if that file is missing or older than this run.
fn criterion_mean(group: &str, bench: &str, since: SystemTime, root: &Path) -> Option<f64> {
    let base = std::env::var_os("CRITERION_HOME")
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("CARGO_TARGET_DIR").map(|d| PathBuf::from(d).join("criterion"))
        })
        .unwrap_or_else(|| root.join("target").join("criterion"));
    let path = base
        .join(group)
        .join(bench)
        .join("new")
        .join("estimates.json");
    if std::fs::metadata(&path).ok()?.modified().ok()? < since {
        return None;
    }
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()?;
    v["mean"]["point_estimate"].as_f64()
}

fn main() {
    let started = SystemTime::now();
    let args: Vec<String> = std::env::args().collect();
    // `cargo test --benches` and `--list` run the binary too: check, but do not time.
    let quick = args.iter().any(|a| a == "--test" || a == "--list");
    // `cargo bench --bench corpus -- --cases`: only the cases, each alone, slowest first.
    let cases_only = args.iter().any(|a| a == "--cases");
    // `--only TEXT`: the cases whose name holds TEXT (to time or profile one case alone).
    let only = args
        .iter()
        .position(|a| a == "--only")
        .and_then(|i| args.get(i + 1).cloned());
    // `--rounds N` (with `--cases` or `--phases`): each case N times, not 5. Under a profiler
    // counting instructions, half the difference of runs with 3 and 1 is one ruling's cost.
    let rounds = args.iter().position(|a| a == "--rounds").map_or(5, |i| {
        match args.get(i + 1).and_then(|n| n.parse::<usize>().ok()) {
            Some(n) if n > 0 => n,
            _ => panic!("--rounds takes a number of rounds, at least 1"),
        }
    });

    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut corpus = Corpus::find(root);
    if let Some(only) = &only {
        corpus
            .cases
            .retain(|(_, name)| name.contains(only.as_str()));
    }
    let n_cases = corpus.cases.len();
    assert!(n_cases > 0, "no cases under corpus/");

    let mut sources = lawbook::source::Sources::default();
    let laws_2017 = root.join("laws/2017");
    let book = lawbook::load::load_lawbook(&laws_2017, &mut sources)
        .unwrap_or_else(|d| panic!("{}", lawbook::diagnostic::render_plain(&d)));
    let findings = lawbook::eval::expr::Findings::default();
    let view = View::default();
    let ev = Evaluator::new(&book, &findings, u64::MAX);
    let boards = boards();
    assert_eq!(boards.len(), 2940);
    // Both sides must compute the same thing before their speeds are compared.
    let entry = IntEntry::new(&book, "score").expect("score has a typed entry");
    for &b in &boards {
        let want = i64::from(duplicate_score(
            b.level,
            b.strain,
            b.doubled,
            b.vulnerable,
            b.tricks,
        ));
        assert_eq!(
            typed(&ev, &entry, b),
            want,
            "the typed entry and the baseline disagree"
        );
        assert_eq!(
            interpret(&ev, &view, b),
            want,
            "Law 77 and the baseline disagree on level {} {:?} doubled {} vulnerable {} tricks {}",
            b.level,
            b.strain,
            b.doubled,
            b.vulnerable,
            b.tricks
        );
    }

    if cases_only {
        cases::print_slowest(&corpus, 25, rounds);
        return;
    }
    // `--phases`: where a pass's time goes (reading the case, ruling, rendering).
    if args.iter().any(|a| a == "--phases") {
        cases::print_phases(&corpus, 10, rounds);
        return;
    }
    // `--eval`: only the evaluation's figures (score and auction_ended against baselines).
    if args.iter().any(|a| a == "--eval") {
        print_evaluation(&book, &laws_2017, &boards);
        return;
    }

    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5))
        .sample_size(20)
        .configure_from_args();

    {
        let mut g = c.benchmark_group("corpus");
        g.throughput(Throughput::Elements(n_cases as u64));
        g.bench_function("rule_and_render", |b| {
            b.iter_custom(|iters| time_corpus(&corpus, iters, Evaluation::Compiled))
        });
        g.finish();
    }
    {
        let mut g = c.benchmark_group("lawbook");
        g.sample_size(10);
        g.bench_function("load_and_check_2017", |b| {
            b.iter(|| {
                let mut sources = lawbook::source::Sources::default();
                black_box(lawbook::load::load_lawbook(
                    black_box(&laws_2017),
                    &mut sources,
                ))
                .is_ok()
            })
        });
        g.finish();
    }
    {
        let mut g = c.benchmark_group("score");
        g.throughput(Throughput::Elements(boards.len() as u64));
        g.bench_function("interpreter", |b| {
            b.iter(|| score_interpreter(&ev, &view, black_box(&boards)))
        });
        g.bench_function("baseline", |b| {
            b.iter(|| score_baseline(black_box(&boards)))
        });
        g.finish();
    }
    c.final_summary();

    // The steps `auction_ended` takes as the auction grows (a count, not a time: the same on
    // every machine). Linear growth is the target (issue 13).
    let steps: Vec<(usize, u64)> = [4, 16, 64, 256]
        .into_iter()
        .map(|n| (n, auction::auction_ended_steps(&book, n)))
        .collect();
    println!(
        "auction_ended, evaluation steps by calls: {}; 256 calls cost {:.1}x 64 calls (4.0 is linear)",
        steps
            .iter()
            .map(|(n, s)| format!("{n}: {s}"))
            .collect::<Vec<_>>()
            .join(", "),
        steps[3].1 as f64 / steps[2].1 as f64
    );

    if quick {
        return;
    }

    // Our own timing of the same work, in this run.
    println!();
    println!("cases: {n_cases}");
    if n_cases < 150 {
        println!(
            "note: the corpus has only {n_cases} case(s) (tests/corpus.rs expects at least 150); \
             cases per second is for this corpus"
        );
    }

    // Cases per second: 15 rounds of at least 0.2 s each way, compiled and reference
    // interleaved, each with a fresh warmed Books.
    let per_round = {
        let t = time_corpus(&corpus, 1, Evaluation::Compiled)
            .as_secs_f64()
            .max(1e-7);
        ((0.2 / t) as u64).max(1)
    };
    let (mut per_case, mut per_case_ref) = (vec![], vec![]);
    for _ in 0..15 {
        let n = per_round as f64 * n_cases as f64;
        per_case.push(time_corpus(&corpus, per_round, Evaluation::Compiled).as_secs_f64() / n);
        per_case_ref.push(time_corpus(&corpus, per_round, Evaluation::Reference).as_secs_f64() / n);
    }
    let (per_case, per_case_ref) = (median(per_case), median(per_case_ref));
    println!(
        "cases per second: {:.0} ({:.1} µs per case, median of 15 rounds of {} corpus runs); \
         by the reference interpreter {:.0} ({:.2}x slower)",
        1.0 / per_case,
        per_case * 1e6,
        per_round,
        1.0 / per_case_ref,
        per_case_ref / per_case
    );

    // The cases that cost most, each alone (the most open case among them).
    cases::print_slowest(&corpus, 10, 5);

    // Law book load and check.
    let loads: Vec<f64> = (0..10)
        .map(|_| {
            let start = Instant::now();
            let mut sources = lawbook::source::Sources::default();
            black_box(lawbook::load::load_lawbook(&laws_2017, &mut sources).is_ok());
            start.elapsed().as_secs_f64()
        })
        .collect();
    let plain = median(loads);
    // Of which: the pure definitions evaluated at every point (eval::fold), timed again on a
    // book loaded as the load folds it: lowered to closures with nothing folded.
    let mut sources = lawbook::source::Sources::default();
    let (mut loaded, _) = lawbook::load::load_lawbook_as(
        &laws_2017,
        None,
        &mut sources,
        lawbook::eval::book::Evaluation::Unfolded,
    )
    .expect("loads");
    let folds: Vec<f64> = (0..10)
        .map(|_| {
            let start = Instant::now();
            lawbook::eval::fold::fold(&mut loaded);
            start.elapsed().as_secs_f64()
        })
        .collect();
    println!(
        "of which folding pure definitions at load: {:.2} ms (median of 10)",
        median(folds) * 1e3
    );
    println!(
        "law book 2017 load and check: {:.2} ms (median of 10)",
        plain * 1e3
    );

    // The same with a law file crafted to be slow to check (issue 14: under a second, with a
    // diagnostic): a cycle through 8,000 definitions, a decision of 8,000 rules, a chain of
    // 8,000 gotos and a 256 KiB comment, 1.3 MB in all (a law book may hold 2 MiB).
    let hostile =
        std::env::temp_dir().join(format!("lawbook-bench-hostile-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&hostile);
    std::fs::create_dir_all(&hostile).unwrap();
    for e in std::fs::read_dir(&laws_2017).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "law") {
            std::fs::copy(&p, hostile.join(p.file_name().unwrap())).unwrap();
        }
    }
    std::fs::write(hostile.join("99-hostile.law"), crafted_law(8_000)).unwrap();
    let crafted: Vec<f64> = (0..5)
        .map(|_| {
            let start = Instant::now();
            let mut sources = lawbook::source::Sources::default();
            let r = lawbook::load::load_lawbook(&hostile, &mut sources);
            assert!(
                r.is_err(),
                "the crafted law book is refused with a diagnostic"
            );
            start.elapsed().as_secs_f64()
        })
        .collect();
    let _ = std::fs::remove_dir_all(&hostile);
    let crafted = median(crafted);
    println!(
        "law book 2017 with a law file crafted to be slow to check: {:.1} ms (median of 5), {:.1}x the plain law book",
        crafted * 1e3,
        crafted / plain
    );

    print_evaluation(&book, &laws_2017, &boards);
    match (
        criterion_mean("score", "interpreter", started, root),
        criterion_mean("score", "baseline", started, root),
    ) {
        (Some(i), Some(b)) => println!("ratio from criterion's means in this run: {:.0}", i / b),
        _ => println!("ratio from criterion's means: not available (benchmarks filtered out, or criterion wrote its estimates elsewhere)"),
    }
}
