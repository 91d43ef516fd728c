//! `lawbook score --pbn FILE… [--check]`: score every board of a PBN file under the law
//! book's Law 77; with `--check`, compare with the file's own [Score], and replay each
//! complete [Play] record under Law 44 and compare the tricks with [Result]. Several files
//! are scored on several cores and printed in the order given.

use crate::diagnostic::Diag;
use crate::eval::book::CompiledBook;
use crate::eval::entry::IntEntry;
use crate::eval::explore::rule_case;
use crate::eval::expr::{Evaluator, Stop, View};
use crate::eval::value::Value;
use crate::load::load_lawbook_under;
use crate::model::Call;
use crate::pbn::ahead::read_ahead;
use crate::pbn::{to_case::board_case, PbnBoard, PbnContract, PbnFile};
use crate::ruling::Node;
use crate::source::{Sources, Span};
use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The PBN file, or several (`--pbn a.pbn b.pbn`): several are scored at once, one a
    /// core (`--jobs`), and printed in the order given, each after a line naming it and
    /// followed by its summary; a last line sums them. A file's lines wait in memory for its
    /// turn (some 50 bytes a board): a file of millions of boards is best scored alone,
    /// which streams it.
    #[arg(long, num_args = 1.., required = true)]
    pub pbn: Vec<PathBuf>,
    /// Compare with the file's [Score] tags and replay complete [Play] records against
    /// [Result]; exit 1 on any difference.
    #[arg(long)]
    pub check: bool,
    /// The law book that scores.
    #[arg(long, default_value = "laws/2017")]
    pub lawbook: PathBuf,
    /// Score under this regulation (a `.regulation` file: the choices it makes on what the
    /// Laws delegate, such as 12C2(b)'s artificial scores at IMPs).
    #[arg(long)]
    pub regulation: Option<PathBuf>,
    /// How many files are scored at once (threads) when several are given; one a core, at
    /// most 8, when not given. One file is read, scored and printed board by board, read on
    /// a thread of its own while the other loads the law book and scores; `--jobs 1` reads
    /// it on the thread that scores.
    #[arg(long, short = 'j')]
    pub jobs: Option<std::num::NonZeroUsize>,
}

/// What scoring one file found; its lines are printed as they come.
#[derive(Default)]
struct Scored {
    boards: usize,
    scored: usize,
    checks: usize,
    differences: usize,
    /// Boards the law book could not score (at most `MAX_PRINTED`, then the file is only
    /// counted).
    failures: Vec<Diag>,
    /// The file cannot be read, or has a fault after the boards printed.
    unreadable: Option<crate::pbn::PbnError>,
}

impl Scored {
    fn summary(&self) -> String {
        format!(
            "{} boards, {} scored, {} checks, {} with differences",
            self.boards, self.scored, self.checks, self.differences
        )
    }

    /// Exit code: 2 for a file that cannot be read, 1 for a board not scored or scored
    /// otherwise than its tags say.
    fn code(&self) -> u8 {
        if self.unreadable.is_some() {
            2
        } else if !self.failures.is_empty() || self.differences > 0 {
            1
        } else {
            0
        }
    }
}

/// The law book, under the regulation if one is given, and what reading it warned about.
fn load(a: &Args, sources: &mut Sources) -> Result<(CompiledBook, Vec<Diag>), Vec<Diag>> {
    let with = |d: Vec<Diag>, sources: &Sources| -> Vec<Diag> {
        d.into_iter().map(|d| d.with_sources(sources)).collect()
    };
    match load_lawbook_under(&a.lawbook, a.regulation.as_deref(), sources) {
        Ok((book, warnings)) => Ok((book, with(warnings, sources))),
        Err(d) => Err(with(d, sources)),
    }
}

pub fn run(a: Args) -> ExitCode {
    if let Some(r) = a.regulation.as_ref().filter(|r| !r.is_file()) {
        errln!("error: {} is not a regulation file", r.display());
        return ExitCode::from(2);
    }
    if let [path] = a.pbn.as_slice() {
        return if a.jobs.is_some_and(|j| j.get() == 1) {
            crate::pool::alone(|| run_one(&a, path))
        } else {
            run_one(&a, path)
        };
    }
    // Several files: each worker loads the law book once and scores whole files into a
    // buffer; the buffers are printed in the order given.
    let mut total = Scored::default();
    let mut code = 0;
    let mut book_failed = false;
    crate::pool::in_order(
        a.pbn.len(),
        crate::pool::jobs(a.jobs),
        || {
            let mut sources = Sources::default();
            let loaded = load(&a, &mut sources);
            (sources, loaded)
        },
        |(sources, loaded), i| match loaded {
            Err(d) => Err(d.clone()),
            Ok((book, warnings)) => {
                let mut out = Out(Vec::new());
                let scored = score_file(
                    &a,
                    &a.pbn[i],
                    PbnFile::open(&a.pbn[i]),
                    book,
                    sources,
                    &mut out,
                );
                Ok((out.0, scored, std::mem::take(warnings)))
            }
        },
        |i, result| {
            let (text, mut scored, warnings) = match result {
                Ok(r) => r,
                Err(d) => {
                    super::report(&d);
                    book_failed = true;
                    return std::ops::ControlFlow::Break(());
                }
            };
            if i == 0 {
                super::report(&warnings);
            }
            outln!("{}", a.pbn[i].display());
            out!("{}", String::from_utf8_lossy(&text));
            code = code.max(report_after(&mut scored));
            total.boards += scored.boards;
            total.scored += scored.scored;
            total.checks += scored.checks;
            total.differences += scored.differences;
            std::ops::ControlFlow::Continue(())
        },
    );
    if book_failed {
        return ExitCode::from(2);
    }
    outln!("{} files: {}", a.pbn.len(), total.summary());
    ExitCode::from(code)
}

/// One file: read, scored and printed board by board, so that memory does not grow with
/// the number of boards. The file is read on a thread of its own (`pbn::ahead`), from
/// before the law book loads, when there is a core for it.
fn run_one(a: &Args, path: &std::path::Path) -> ExitCode {
    std::thread::scope(|scope| {
        let check = a.check;
        let boards = PbnFile::open(path).map(|b| {
            read_ahead(
                scope,
                b,
                move |b| scored_part(b, check),
                PbnBoard::approx_bytes,
            )
        });
        let mut sources = Sources::default();
        let book = match crate::pool::leaving_one(|| load(a, &mut sources)) {
            Ok((book, warnings)) => {
                super::report(&warnings);
                book
            }
            Err(d) => {
                super::report(&d);
                return ExitCode::from(2);
            }
        };
        // One system call per buffer, not per line; flushed before anything goes to stderr.
        let mut out = Out(std::io::BufWriter::new(std::io::stdout().lock()));
        let mut scored = score_file(a, path, boards, &book, &mut sources, &mut out);
        out.flush();
        ExitCode::from(report_after(&mut scored))
    })
}

/// What follows a file's lines on stderr: why it could not be read, or the boards the law
/// book could not score.
fn report_after(scored: &mut Scored) -> u8 {
    let code = scored.code();
    if let Some(e) = scored.unreadable.take() {
        super::report_one(e);
    }
    if !scored.failures.is_empty() {
        super::report(&scored.failures);
        errln!(
            "{} board(s) the law book could not score{}",
            scored.failures.len(),
            if scored.failures.len() == super::MAX_PRINTED {
                " (stopped there)"
            } else {
                ""
            }
        );
    }
    code
}

/// Score the boards of the file at `path` (`boards`, as opened) into `out`, board by board
/// as the file is read, and its summary line after them unless the file cannot be read.
fn score_file<W: Write>(
    a: &Args,
    path: &std::path::Path,
    boards: Result<
        impl Iterator<Item = Result<PbnBoard, crate::pbn::PbnError>>,
        crate::pbn::PbnError,
    >,
    book: &CompiledBook,
    sources: &mut Sources,
    out: &mut Out<W>,
) -> Scored {
    let mut done = Scored::default();
    let boards = match boards {
        Ok(b) => b,
        Err(e) => {
            done.unreadable = Some(e);
            return done;
        }
    };
    // The boards' spans name the file, but nothing printed here shows its text: it is
    // registered without it, so the file is read once and never held whole.
    let file_id = sources.add(path.display().to_string(), String::new());
    let findings = crate::eval::expr::Findings::default();
    let ev = Evaluator::new(book, &findings, crate::eval::explore::BUDGET);
    let view = View::default();
    let entry = IntEntry::new(book, "score");
    let mut boards = boards.enumerate();
    // A board's label and line, written into the same two strings board after board.
    let (mut label, mut line) = (String::new(), String::new());
    let mut diffs: Vec<String> = vec![];
    for (i, b) in boards.by_ref() {
        let mut b = match b {
            Ok(b) => b,
            Err(e) => {
                done.unreadable = Some(e);
                return done;
            }
        };
        passed_out_from_auction(&mut b);
        done.boards += 1;
        label.clear();
        let _ = match b.board {
            Some(n) => write!(label, "board {n}"),
            None => write!(label, "game {}", i + 1),
        };
        line.clear();
        let _ = write!(line, "{label}:");
        // Each board has the whole budget: shared, it ran out after some 77,000 boards and
        // every later board printed "no contract".
        ev.budget.set(crate::eval::explore::BUDGET);
        let tag_score = match score_from_tags(&ev, &view, &b, entry.as_ref()) {
            Ok(s) => s,
            Err(stop) => {
                // The law book cannot score the board: an error, never "no contract".
                out.line(format_args!(
                    "{label}: the law book's Law 77 stops with an error  FAILED"
                ));
                done.failures
                    .push(stop_diag(&label, stop).with_sources(sources));
                if done.failures.len() == super::MAX_PRINTED {
                    break;
                }
                continue;
            }
        };
        match &tag_score {
            Some((text, ns)) => {
                done.scored += 1;
                let _ = write!(line, " {text}, NS {ns:+}");
                if a.check {
                    if let Some(s) = &b.score {
                        done.checks += 1;
                        if s.ns as i64 != *ns {
                            diffs.push(format!("[Score \"{}\"] but Law 77 gives NS {ns:+}", s.raw));
                        }
                    }
                }
            }
            None => line.push_str(" no contract, declarer and result to score"),
        }
        if a.check {
            done.checks += replay(book, &b, file_id, &label, &mut diffs);
        }
        if diffs.is_empty() {
            out.line(format_args!("{line}{}", if a.check { "  ok" } else { "" }));
        } else {
            done.differences += 1;
            out.line(format_args!("{line}  DIFFERENT"));
            for d in diffs.drain(..) {
                out.line(format_args!("    {d}"));
            }
        }
    }
    // Stopped at the most failures printed: the rest of the file is only counted.
    for (_, b) in boards {
        match b {
            Ok(_) => done.boards += 1,
            Err(e) => {
                done.unreadable = Some(e);
                return done;
            }
        }
    }
    out.line(format_args!("{}", done.summary()));
    done
}

/// Standard output, buffered; when it is closed (`lawbook … | head`), stop quietly.
struct Out<W: Write>(W);

impl<W: Write> Out<W> {
    fn line(&mut self, args: std::fmt::Arguments) {
        if writeln!(self.0, "{args}").is_err() {
            std::process::exit(0);
        }
    }

    fn flush(&mut self) {
        if self.0.flush().is_err() {
            std::process::exit(0);
        }
    }
}

/// What scoring reads of a board (`pbn::ahead` drops the rest where the board was read):
/// not its tags; its deal, auction and play only when they are replayed.
fn scored_part(mut b: PbnBoard, check: bool) -> PbnBoard {
    b.tags = Vec::new();
    passed_out_from_auction(&mut b);
    if !(check && replayable(&b)) {
        (b.deal, b.auction, b.play) = (None, None, None);
    }
    b
}

/// A board `--check` replays: its deal, auction and all 13 tricks are given.
fn replayable(b: &PbnBoard) -> bool {
    b.play.as_ref().is_some_and(|p| p.tricks.len() == 13) && b.auction.is_some() && b.deal.is_some()
}

/// With `--check`, a board with its deal, auction and 13 tricks replayed under the law book:
/// the tricks against [Result], the contract against the tags. The number of checks made.
fn replay(
    book: &CompiledBook,
    b: &PbnBoard,
    file_id: u32,
    label: &str,
    diffs: &mut Vec<String>,
) -> usize {
    if !replayable(b) {
        return 0;
    }
    let case = board_case(b, file_id);
    let r = match rule_case(book, &case, label) {
        Ok(r) => r,
        Err(e) => {
            diffs.push(format!("the replay fails: {}", e.message));
            return 0;
        }
    };
    let Node::Outcome(o) = &r.tree else {
        diffs.push("the auction leaves a ruling open".into());
        return 0;
    };
    if let (Some(t), Some(res)) = (o.tricks, b.result) {
        if t != res {
            diffs.push(format!(
                "the play gives declarer {t} tricks (Law 44), [Result] says {res}"
            ));
        }
    }
    if let (
        Some(c),
        Some(PbnContract::Contract {
            level,
            strain,
            doubled,
        }),
    ) = (&o.contract, b.contract)
    {
        let risk = [1, 2, 4][doubled.min(2) as usize];
        if c.level != level
            || c.strain != strain
            || c.risk != risk
            || Some(c.declarer) != b.declarer
        {
            // From the tags as read: the board's tag list is not kept while scoring.
            let declarer = b.declarer.map_or(String::new(), |d| format!(" by {d}"));
            diffs.push(format!(
                "the auction gives {} (Laws 19, 22), the tags say {}{declarer}",
                c.text,
                contract_text(level, strain, doubled)
            ));
        }
    }
    1
}

/// An evaluation that stopped, as a diagnostic at the law book's expression.
fn stop_diag(label: &str, stop: Stop) -> Diag {
    let (message, span) = match stop {
        Stop::Error { message, span } => (message, span),
        Stop::Budget { span } => ("the evaluation ran out of its step budget".into(), span),
        Stop::Outside(o) => (
            format!("scoring asks a finding, `{}`", o.name),
            Span::default(),
        ),
        Stop::Unknown(q) => (
            format!("scoring asks a finding, `{}`", q.name),
            Span::default(),
        ),
    };
    Diag::new(
        "lawbook::score::eval",
        format!("{label}: the law book cannot score it: {message}"),
    )
    .label(span, message)
    .help("Law 77 in the law book stops here for this board; correct the law book (`lawbook check` does not evaluate)")
}

/// A law-book function's int result, or why there is none.
fn int_of(ev: &Evaluator, name: &str, args: Vec<Value>, view: &View) -> Result<i64, Stop> {
    match ev.call(name, args, view)? {
        Value::Int(s) => Ok(s),
        v => Err(Stop::Error {
            message: format!("`{name}` gives {v}, not a number"),
            span: Span::default(),
        }),
    }
}

/// The score of a board from its Contract, Declarer, Result and Vulnerable tags, asked of
/// the law book: (contract as text, North-South's score); none when the tags lack one; an
/// error when the law book's scoring stops.
///
/// `entry`, the typed entry of the law book's `score` where it has one (`eval::entry`),
/// answers a board without building its arguments as values; a board it has no point for is
/// asked of `score` with values, which then answers or stops.
/// No Contract tag, or an empty one, and an auction record of four passes and nothing else:
/// passed out (22B), as `rule` reads the same board; a score recorded for it is then checked.
/// Before the auction is dropped (`scored_part`), and again where boards come uncut.
fn passed_out_from_auction(b: &mut PbnBoard) {
    let four_passes = b
        .auction
        .as_ref()
        .is_some_and(|a| a.calls.len() == 4 && a.calls.iter().all(|c| c.call == Call::Pass));
    if b.contract.is_none() && four_passes {
        b.contract = Some(PbnContract::PassedOut);
    }
}

pub(crate) fn score_from_tags(
    ev: &Evaluator,
    view: &View,
    b: &PbnBoard,
    entry: Option<&IntEntry>,
) -> Result<Option<(String, i64)>, Stop> {
    let (Some(contract), declarer, tricks) = (b.contract, b.declarer, b.result) else {
        return Ok(None);
    };
    match contract {
        PbnContract::PassedOut => {
            let s = int_of(ev, "passed_out_score", vec![], view)?;
            Ok(Some(("passed out".into(), s)))
        }
        PbnContract::Contract {
            level,
            strain,
            doubled,
        } => {
            let (Some(declarer), Some(tricks)) = (declarer, tricks) else {
                return Ok(None);
            };
            let (ns_vul, ew_vul) = b.vulnerable.unwrap_or((false, false));
            let vul = if declarer.side() == crate::model::Side::NorthSouth {
                ns_vul
            } else {
                ew_vul
            };
            let risk = [1, 2, 4][doubled.min(2) as usize];
            let typed = entry.and_then(|e| {
                let strain = Value::strain_place(strain) as i64;
                e.call(
                    ev,
                    &[
                        i64::from(level),
                        strain,
                        risk,
                        i64::from(vul),
                        i64::from(tricks),
                    ],
                )
            });
            let s = match typed {
                Some(s) => s,
                None => {
                    let args = vec![
                        Value::Int(level as i64),
                        Value::Strain(strain),
                        Value::Int(risk),
                        Value::Bool(vul),
                        Value::Int(tricks as i64),
                    ];
                    int_of(ev, "score", args, view)?
                }
            };
            let ns = if declarer.side() == crate::model::Side::NorthSouth {
                s
            } else {
                -s
            };
            Ok(Some((
                format!(
                    "{} by {declarer}, {tricks} tricks",
                    contract_text(level, strain, doubled)
                ),
                ns,
            )))
        }
    }
}

/// A contract as PBN writes it: `4S`, `3NTX`, `6DXX`.
fn contract_text(level: u8, strain: crate::model::Strain, doubled: u8) -> String {
    let x = ["", "X", "XX"][doubled.min(2) as usize];
    format!("{level}{}{x}", strain.code())
}
