//! Case files read: one at a time by the thread that rules it (`load_case`), or all of a
//! run's before any is ruled (`Preloaded::read_with_cases`), so that the workers can start
//! the longest first.

use super::{rule_and_render_case, Books, Goldens};
use crate::case::words::CaseWords;
use crate::case::{parse_case_said, Case};
use crate::diagnostic::Diag;
use crate::load::read_utf8;
use crate::messages::Message;
use crate::ruling::Ruling;
use crate::source::Sources;
use crate::syntax::ast::Lang;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Read a case file.
pub fn load_case(path: &Path, sources: &mut Sources) -> Result<Case, Vec<Diag>> {
    load_case_said(path, sources, None)
}

/// Read a case file, its diagnostics said in `said_in` or else in the case's language.
pub fn load_case_said(
    path: &Path,
    sources: &mut Sources,
    said_in: Option<Lang>,
) -> Result<Case, Vec<Diag>> {
    let text = read_case_text(path).map_err(|d| vec![d])?;
    let id = sources.add(path.display().to_string(), text);
    let text = sources.get(id).text.clone();
    let case = parse_case_said(CaseWords::builtin(), id, &text, said_in)?;
    complete_case(case, path, sources, said_in)
}

/// A case file's text as it is parsed: UTF-8 in Unicode NFC (the source shown in
/// diagnostics is the normalised text).
pub fn read_case_text(path: &Path) -> Result<String, Diag> {
    let text = read_utf8(path)?;
    Ok(crate::source::nfc(&text).into_owned())
}

/// What a case parsed from `path` takes from the PBN record it names (`pbn FILE N`: the
/// deal, the auction and the play it does not write itself); the record's text is added to
/// `sources`.
pub fn complete_case(
    mut case: Case,
    path: &Path,
    sources: &mut Sources,
    said_in: Option<Lang>,
) -> Result<Case, Vec<Diag>> {
    if let Some((file, board, span)) = case.pbn.clone() {
        let pbn_path = path.parent().unwrap_or(Path::new(".")).join(&file);
        let lang = said_in.or(case.lang).unwrap_or(Lang::En);
        let at = |code: &'static str, m: Message| {
            let message = m.text(lang);
            let help = crate::messages::part(lang, m.id, "help", &m.args).unwrap_or_default();
            vec![Diag::new(code, message.clone())
                .label(span, message)
                .help(help)
                .with_sources(sources)]
        };
        let pbn = crate::pbn::PbnFile::read(&pbn_path).map_err(|e| match e.kind() {
            crate::pbn::PbnErrorKind::Io => at(
                "lawbook::io",
                Message::new("case.pbn.unreadable").with("file", file.as_str()),
            ),
            _ => at(
                "lawbook::case",
                Message::new("case.pbn.not_pbn")
                    .with("file", file.as_str())
                    .with("why", e.message()),
            ),
        })?;
        let Some(b) = pbn.boards.iter().find(|b| b.board == Some(board)) else {
            return Err(at(
                "lawbook::case",
                Message::new("case.pbn.no_board")
                    .with("file", file.as_str())
                    .with("board", board as i64),
            ));
        };
        let pbn_text = std::fs::read_to_string(&pbn_path).unwrap_or_default();
        let pbn_id = sources.add(pbn_path.display().to_string(), pbn_text);
        let from = crate::pbn::to_case::board_case(b, pbn_id);
        // What the case writes itself stands; the record gives the rest.
        case.board = case.board.or(from.board);
        case.dealer = case.dealer.or(from.dealer);
        case.vulnerable = case.vulnerable.or(from.vulnerable);
        if case.deal.is_none() {
            case.deal = from.deal;
            let errors = crate::case::wrong_hand_errors(&case, said_in);
            if !errors.is_empty() {
                return Err(errors
                    .into_iter()
                    .map(|d| d.with_sources(sources))
                    .collect());
            }
        }
        if case.events.is_empty() {
            case.events = from.events;
        }
        if case.play.is_empty() {
            case.play = from.play;
            case.play_span = from.play_span;
        }
    }
    Ok(case)
}

/// The case files of a run, read and parsed before any is ruled (so that a run can start
/// the longest first, `ReadCase::searches`) by whichever threads help (`help`), while the
/// law books load (`Preloaded::read_with_cases`). Each is numbered in the sources before it
/// is parsed (`first` and its place), so that its spans name it on every thread; its
/// diagnostics are said in its own language, as `test` and `diff` say them.
pub(super) struct CaseReading<'p> {
    paths: &'p [PathBuf],
    first: u32,
    /// The next file no thread has taken.
    next: AtomicUsize,
    read: Vec<Mutex<Option<(String, Result<Case, Unread>)>>>,
}

impl<'p> CaseReading<'p> {
    /// The files at `paths`, numbered in `sources` now (empty until `finish`), after the
    /// files already there.
    pub(super) fn new(paths: &'p [PathBuf], sources: &mut Sources) -> Self {
        let first = sources.len() as u32;
        for path in paths {
            sources.add(path.display().to_string(), String::new());
        }
        CaseReading {
            paths,
            first,
            next: AtomicUsize::new(0),
            read: paths.iter().map(|_| Mutex::new(None)).collect(),
        }
    }

    /// Read and parse the files no thread has taken yet, one by one, until none is left.
    pub(super) fn help(&self) {
        loop {
            let place = self.next.fetch_add(1, Ordering::Relaxed);
            let Some(path) = self.paths.get(place) else {
                return;
            };
            let id = self.first + place as u32;
            let read = match read_case_text(path) {
                Ok(text) => {
                    let case = parse_case_said(CaseWords::builtin(), id, &text, None);
                    (text, case.map_err(Unread::Parse))
                }
                // An unreadable file keeps its number, empty, so the next ones keep theirs.
                Err(d) => (String::new(), Err(Unread::Read(d))),
            };
            *self.read[place].lock().unwrap_or_else(|p| p.into_inner()) = Some(read);
        }
    }

    /// `help` on `jobs` threads, this one among them.
    pub(super) fn on_threads(&self, jobs: usize) {
        crate::pool::in_order(
            jobs.min(self.paths.len()),
            jobs,
            || (),
            |_, _| self.help(),
            |_, ()| std::ops::ControlFlow::Continue(()),
        );
    }

    /// The texts put in `sources` at their numbers, and the cases (any file no thread took
    /// is read here first).
    pub(super) fn finish(self, sources: &mut Sources) -> ReadCases {
        self.help();
        let read = self.read.into_iter().enumerate().map(|(place, slot)| {
            let (text, case) = slot
                .into_inner()
                .unwrap_or_else(|p| p.into_inner())
                .expect("every file is read by `help`");
            sources.set_text(self.first + place as u32, text);
            Mutex::new(Some(ReadCase(case)))
        });
        ReadCases(read.collect())
    }
}

/// A case file read and parsed by `Preloaded::read_with_cases`, not yet completed from the PBN
/// record it may name (`complete_case`).
pub struct ReadCase(Result<Case, Unread>);

/// Why a case file gave no case.
enum Unread {
    /// It could not be read: no span in it.
    Read(Diag),
    /// It does not parse: spans in its text.
    Parse(Vec<Diag>),
}

impl ReadCase {
    /// How many cards are still to be played at the case's first claim, if it has one: the
    /// claim's line search may try up to `claim::DEFAULT_NODE_BUDGET` cards, far more work
    /// than any other part of a ruling, and the more so the more cards are left.
    pub fn searches(&self) -> Option<usize> {
        self.0.as_ref().ok()?.play.cards_left_at_claim()
    }
}

/// The cases of a run read ahead (`Preloaded::read_with_cases`), each taken by the thread that
/// rules it.
pub struct ReadCases(Vec<Mutex<Option<ReadCase>>>);

impl ReadCases {
    /// The order to start the cases in: those whose claims have the most cards left first
    /// (`ReadCase::searches`), the others after them in their order.
    pub fn longest_first(&self) -> Vec<usize> {
        let mut schedule: Vec<usize> = (0..self.0.len()).collect();
        schedule.sort_by_key(|&i| {
            let r = self.0[i].lock().unwrap_or_else(|p| p.into_inner());
            std::cmp::Reverse(r.as_ref().and_then(ReadCase::searches).unwrap_or(0))
        });
        schedule
    }

    /// The case read for item `i` of the run: each is ruled once.
    pub fn take(&self, i: usize) -> ReadCase {
        self.0[i]
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take()
            .expect("each case read is ruled once")
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// `rule_and_render` of a case `Preloaded::read_with_cases` read from `path`.
pub fn rule_and_render_read(
    read: ReadCase,
    path: &Path,
    name: &str,
    laws: &Path,
    books: &mut Books,
) -> Result<(Ruling, Goldens), Vec<Diag>> {
    let case = match read.0 {
        Ok(case) => complete_case(case, path, &mut books.sources, books.said_in),
        Err(Unread::Read(d)) => Err(vec![d]),
        Err(Unread::Parse(ds)) => Err(ds),
    }
    .map_err(|d| {
        d.into_iter()
            .map(|d| d.with_sources(&books.sources))
            .collect::<Vec<_>>()
    })?;
    rule_and_render_case(&case, path, name, laws, books)
}
