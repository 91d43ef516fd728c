//! Benchmark: `lawbook score --pbn FILE --check` over generated PBN files of 10,000, 100,000
//! and 1,000,000 boards: time per board and peak memory, which must stay flat as the file
//! grows (the file is read game by game).
//!
//! Run with `cargo bench --bench pbn` (`PBN_BENCH_BOARDS=10000,100000` for other sizes). For
//! each size the binary writes a file into a temporary folder and runs, each as a child
//! process under `/usr/bin/time` (for its peak resident size):
//!
//! * `lines`: a plain count of the file's lines, the floor for reading it;
//! * `stream`: the library's reader, `PbnFile::open`, every board read and dropped;
//! * `collect`: the collect-all path, `PbnFile::parse_bytes` of the whole file, every board
//!   held (up to 100,000 boards: at a million it would take some 5 GB);
//! * `score`: the built `lawbook score --pbn FILE --check`, whose summary must say every
//!   board was scored and checked without a difference.
//!
//! * `endplay`: where `python3` can import endplay (`pip install endplay`), the peer reading
//!   and scoring the same file (benches/endplay_score.py), to 100,000 boards; its summary
//!   line must be the same as `score`'s.
//! * `real-score`: to 100,000 boards, `score --pbn --check` on real records (a tournament's
//!   file of the test data, with auctions, notes and play, repeated to about as many boards),
//!   against a count of that file's lines (`real-lines`).
//!
//! and prints one line per run (the median of three where a run is under five seconds), with
//! its ratios to `lines` of the same size, measured in the
//! same run, and how many times faster `score` is than `endplay`. docs/benchmarks.md records
//! measured figures.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("--child") {
        child(&args[2], Path::new(&args[3]));
        return;
    }
    let sizes: Vec<usize> = std::env::var("PBN_BENCH_BOARDS")
        .unwrap_or_else(|_| "10000,100000,1000000".into())
        .split(',')
        .map(|s| {
            s.trim()
                .parse()
                .expect("PBN_BENCH_BOARDS: numbers, comma-separated")
        })
        .collect();
    let dir = std::env::temp_dir().join(format!("lawbook-pbn-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let me = std::env::current_exe().unwrap();
    let lawbook = PathBuf::from(env!("CARGO_BIN_EXE_lawbook"));
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    println!("boards  run      seconds  µs/board  peak MiB  time/lines  memory/lines");
    for n in sizes {
        let path = dir.join(format!("{n}.pbn"));
        let bytes = generate(&path, n);
        eprintln!("{n} boards: {} MiB", bytes >> 20);
        let p = path.to_str().unwrap();
        let mut runs = vec![("lines", measure(&me, &["--child", "lines", p], root, None))];
        runs.push((
            "stream",
            measure(&me, &["--child", "stream", p], root, None),
        ));
        if n <= 100_000 {
            runs.push((
                "collect",
                measure(&me, &["--child", "collect", p], root, None),
            ));
        }
        let score = ["score", "--pbn", p, "--check"];
        let summary = format!("{n} boards, {n} scored, {n} checks, 0 with differences");
        runs.push(("score", measure(&lawbook, &score, root, Some(&summary))));
        // The peer, where Python has endplay: the same file read and scored by endplay
        // (benches/endplay_score.py), to 100,000 boards (a million take it some 6 minutes).
        if n <= 100_000 && endplay() {
            let script = root.join("benches/endplay_score.py");
            let args = [script.to_str().unwrap(), p];
            runs.push((
                "endplay",
                measure(Path::new("python3"), &args, root, Some(&summary)),
            ));
        }
        for &(name, run) in &runs {
            print_row(n, name, run, runs[0].1);
        }
        if let (Some((_, (peer, _))), Some((_, (ours, _)))) = (
            runs.iter().find(|(name, _)| *name == "endplay"),
            runs.iter().find(|(name, _)| *name == "score"),
        ) {
            println!(
                "{n:>7} score --check is {:.1}x faster than endplay's read and score",
                peer / ours
            );
        }
        let _ = std::fs::remove_file(&path);
        if n <= 100_000 {
            real_records(&lawbook, root, &dir, n);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Real records, their auction and play replayed by `--check` (some 150 µs a board, where a
/// generated board takes 4): tests/data/pbn/camrose2024-robots.pbn repeated to about `n`
/// boards, against a count of its lines. The boards wait between the reading thread and the
/// scoring with their auction and play, so this is the run whose memory the read-ahead's
/// bound decides (178 MiB at 80,000 boards when 256 batches could wait).
fn real_records(lawbook: &Path, root: &Path, dir: &Path, n: usize) {
    let record = root.join("tests/data/pbn/camrose2024-robots.pbn");
    let bytes = std::fs::read(&record).unwrap();
    // The record's own summary, once: the repeated file's is each number times the repeats.
    let out = Command::new(lawbook)
        .args(["score", "--pbn", record.to_str().unwrap(), "--check"])
        .current_dir(root)
        .output()
        .expect("lawbook runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let numbers: Vec<usize> = text
        .lines()
        .last()
        .unwrap_or_default()
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect();
    let [boards, scored, checks, 0] = numbers[..] else {
        panic!("the record's summary: {text}")
    };
    let repeats = (n / boards).max(1);
    let path = dir.join(format!("real-{n}.pbn"));
    let mut file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    for _ in 0..repeats {
        file.write_all(&bytes).unwrap();
    }
    file.flush().unwrap();
    drop(file);
    let p = path.to_str().unwrap();
    let summary = format!(
        "{} boards, {} scored, {} checks, 0 with differences",
        boards * repeats,
        scored * repeats,
        checks * repeats
    );
    let me = std::env::current_exe().unwrap();
    let lines = measure(&me, &["--child", "lines", p], root, None);
    let score = measure(
        lawbook,
        &["score", "--pbn", p, "--check"],
        root,
        Some(&summary),
    );
    for (name, run) in [("real-lines", lines), ("real-score", score)] {
        print_row(boards * repeats, name, run, lines);
    }
    let _ = std::fs::remove_file(&path);
}

/// One line of the table: a run's seconds and peak KiB over `n` boards, and their ratios to
/// the `base` run's (the count of lines of the same file).
fn print_row(n: usize, name: &str, (secs, kib): (f64, u64), (base_s, base_kib): (f64, u64)) {
    println!(
        "{n:>7} {name:<8} {secs:>8.2} {:>9.2} {:>9.1} {:>11.1} {:>13.1}",
        secs * 1e6 / n as f64,
        kib as f64 / 1024.0,
        secs / base_s.max(1e-3),
        kib as f64 / base_kib.max(1) as f64,
    );
}

/// Whether `python3` can import endplay.
fn endplay() -> bool {
    Command::new("python3")
        .args(["-c", "import endplay"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Wall seconds and peak resident KiB of `program args`; with `summary`, its standard output
/// must end with that line. A run under five seconds is made three times and the median
/// taken (seconds and memory each), so that one run disturbed by the machine does not decide
/// a ratio; a longer one (endplay on 100,000 boards) once.
fn measure(program: &Path, args: &[&str], dir: &Path, summary: Option<&str>) -> (f64, u64) {
    let first = measure_once(program, args, dir, summary);
    if first.0 >= 5.0 {
        return first;
    }
    let mut runs = vec![first];
    runs.extend((0..2).map(|_| measure_once(program, args, dir, summary)));
    let mut secs: Vec<f64> = runs.iter().map(|r| r.0).collect();
    let mut kib: Vec<u64> = runs.iter().map(|r| r.1).collect();
    secs.sort_by(f64::total_cmp);
    kib.sort_unstable();
    (secs[1], kib[1])
}

fn measure_once(program: &Path, args: &[&str], dir: &Path, summary: Option<&str>) -> (f64, u64) {
    let report =
        std::env::temp_dir().join(format!("lawbook-pbn-bench-{}.time", std::process::id()));
    let timed = Path::new("/usr/bin/time").exists();
    let mut cmd = if timed {
        let mut c = Command::new("/usr/bin/time");
        c.args(["-f", "%M", "-o"]).arg(&report).arg(program);
        c
    } else {
        Command::new(program)
    };
    let start = Instant::now();
    let mut child = cmd
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::piped())
        .spawn()
        .expect("the program runs");
    let mut last = String::new();
    for line in std::io::BufReader::new(child.stdout.take().unwrap()).lines() {
        last = line.unwrap();
    }
    let status = child.wait().unwrap();
    let secs = start.elapsed().as_secs_f64();
    assert!(status.success(), "{} {args:?}: {status}", program.display());
    if let Some(s) = summary {
        assert_eq!(last, s);
    }
    let kib = if timed {
        let text = std::fs::read_to_string(&report).unwrap_or_default();
        let _ = std::fs::remove_file(&report);
        text.lines()
            .last()
            .and_then(|l| l.trim().parse().ok())
            .unwrap_or(0)
    } else {
        0
    };
    (secs, kib)
}

/// The work measured in a child process.
fn child(what: &str, path: &Path) {
    let n = match what {
        "lines" => {
            let mut r = std::io::BufReader::new(std::fs::File::open(path).unwrap());
            let (mut n, mut line) = (0usize, Vec::new());
            while r.read_until(b'\n', &mut line).unwrap() > 0 {
                n += 1;
                line.clear();
            }
            n
        }
        "stream" => {
            let mut n = 0;
            for b in lawbook::pbn::PbnFile::open(path).unwrap() {
                b.unwrap();
                n += 1;
            }
            n
        }
        "collect" => {
            let bytes = std::fs::read(path).unwrap();
            let file = lawbook::pbn::PbnFile::parse_bytes("bench.pbn", &bytes).unwrap();
            file.boards.len()
        }
        _ => panic!("unknown child {what}"),
    };
    println!("{n}");
}

/// A small deterministic generator.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Write `n` boards: a random deal, the dealer opening 1NT passed out, a random number of
/// tricks and the score Law 77 gives for it. The file's size in bytes.
fn generate(path: &Path, n: usize) -> u64 {
    const SEATS: [&str; 4] = ["N", "E", "S", "W"];
    // Vulnerability of boards 1 to 16, repeated.
    const VUL: [&str; 16] = [
        "None", "NS", "EW", "All", "NS", "EW", "All", "None", "EW", "All", "None", "NS", "All",
        "None", "NS", "EW",
    ];
    let mut rng = Lcg(0x9bb);
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    let mut cards: Vec<usize> = (0..52).collect();
    for board in 1..=n {
        for i in (1..52).rev() {
            cards.swap(i, rng.below(i + 1));
        }
        let dealer = (board - 1) % 4;
        let hands: Vec<String> = (0..4)
            .map(|h| {
                let mut hand: Vec<usize> = cards[h * 13..h * 13 + 13].to_vec();
                hand.sort_unstable();
                (0..4)
                    .map(|suit| {
                        hand.iter()
                            .filter(|&&c| c / 13 == suit)
                            .map(|&c| "AKQJT98765432".as_bytes()[c % 13] as char)
                            .collect::<String>()
                    })
                    .collect::<Vec<_>>()
                    .join(".")
            })
            .collect();
        let vul = VUL[(board - 1) % 16];
        let ns = dealer % 2 == 0;
        let vulnerable = vul == "All" || (ns && vul == "NS") || (!ns && vul == "EW");
        let tricks = 4 + rng.below(7);
        let declarer_score: i64 = if tricks >= 7 {
            90 + 30 * (tricks as i64 - 7)
        } else {
            -(7 - tricks as i64) * if vulnerable { 100 } else { 50 }
        };
        let ns_score = if ns { declarer_score } else { -declarer_score };
        let d = SEATS[dealer];
        writeln!(
            out,
            "[Event \"bench\"]\n[Site \"here\"]\n[Date \"2025.01.01\"]\n[Board \"{board}\"]\n\
             [West \"w\"]\n[North \"n\"]\n[East \"e\"]\n[South \"s\"]\n[Dealer \"{d}\"]\n\
             [Vulnerable \"{vul}\"]\n[Deal \"N:{}\"]\n[Scoring \"MP\"]\n[Declarer \"{d}\"]\n\
             [Contract \"1NT\"]\n[Result \"{tricks}\"]\n[Score \"NS {ns_score}\"]\n\
             [Auction \"{d}\"]\n1NT Pass Pass Pass\n",
            hands.join(" ")
        )
        .unwrap();
    }
    out.flush().unwrap();
    std::fs::metadata(path).unwrap().len()
}
