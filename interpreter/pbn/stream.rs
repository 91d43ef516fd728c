//! Reading a PBN file game by game: [`Boards`] yields each board as soon as its game has been
//! read, and keeps from one game to the next only what inheritance needs (the latest value of
//! each tag, and the text of the games that wrote a `##` header still in force). Memory does
//! not grow with the number of games.
//!
//! The file is cut into pieces at the semi-empty lines that end a game, by a small lexer that
//! follows the scanner's states (comments, tags, strings), so that a piece starts where the
//! scanner over the whole file would be at the start of a line between games. Each piece is
//! then scanned, inherited and built exactly as a whole file is. A piece starts with the line
//! before it, so that a diagnostic shows the same lines around its label as over the whole
//! file; its offsets and line numbers are the file's.

use super::board;
use super::scan;
use super::tags::Inheritance;
use super::{io_error, Fail, PbnBoard, PbnError, PbnErrorKind, Src};
use crate::diagnostic::excerpt::SharedSource;
use std::collections::VecDeque;
use std::io::BufRead;
use std::ops::Range;
use std::sync::Arc;

/// The most one piece of a file (a game, or games not separated by an empty line) may hold:
/// as much as a whole PBN file read at once.
pub const MAX_GAME_BYTES: u64 = crate::source::MAX_LARGE_BYTES;

/// The boards of a PBN file, read from `R` game by game. After an error it yields nothing
/// more.
pub struct Boards<R> {
    name: Arc<str>,
    cut: Cutter<R>,
    inherit: Inheritance,
    ready: VecDeque<PbnBoard>,
    /// Games read so far; a file without any is an error at its end.
    games: usize,
    /// Until the first game: the piece holding the first character that is not white space,
    /// and that character's offset, for the error of a file without games.
    first: Option<(Part, usize)>,
    /// Until the first game: the file's first lines, where that error points when the file
    /// is all white space (miette shows two lines after an empty label at a line's end).
    head: Vec<u8>,
    /// Pieces holding a `##` header that later games inherit (their diagnostics point there).
    headers: Vec<Part>,
    /// Tags of the last game read: room for as many is made for the next.
    last_tags: usize,
    done: bool,
}

/// A piece of the file as text, with where it starts in the file.
#[derive(Clone)]
struct Part {
    text: Arc<String>,
    base: usize,
    first_line: usize,
}

impl Part {
    fn holds(&self, span: &Range<usize>) -> bool {
        span.start >= self.base && span.end <= self.base + self.text.len()
    }

    fn source(&self, name: &Arc<str>) -> SharedSource {
        SharedSource::part(name.clone(), self.text.clone(), self.base, self.first_line)
    }
}

impl<R: BufRead> Boards<R> {
    /// Read boards from `reader`; `name` names the file in diagnostics.
    pub fn new(name: &str, reader: R) -> Boards<R> {
        Boards {
            name: name.into(),
            cut: Cutter::new(reader),
            inherit: Inheritance::default(),
            ready: VecDeque::new(),
            games: 0,
            first: None,
            head: Vec::new(),
            headers: Vec::new(),
            last_tags: 0,
            done: false,
        }
    }

    /// Read the next piece of the file into `ready`; false at the end of the file.
    fn step(&mut self) -> Result<bool, PbnError> {
        let Some(piece) = self.cut.next_piece().map_err(|e| self.cut_error(e))? else {
            return Ok(false);
        };
        if self.games == 0 && self.head.iter().filter(|&&c| c == b'\n').count() < 3 {
            self.head.extend_from_slice(&piece.bytes[piece.from..]);
        }
        let text = match String::from_utf8(piece.bytes) {
            Ok(t) => t,
            Err(e) => return Err(self.utf8_error(e.as_bytes(), e.utf8_error(), &piece.at)),
        };
        let part = Part {
            text: Arc::new(text),
            base: piece.at.base,
            first_line: piece.at.first_line,
        };
        let text = part.text.as_str();
        let fail = |f: Fail, headers: &[Part]| {
            let src = headers
                .iter()
                .find(|h| h.holds(&f.span))
                .unwrap_or(&part)
                .source(&self.name);
            PbnError::new(f.kind, f.message, f.help, f.label, Some(f.span), Some(src))
        };
        let mut games = scan::scan_sized(text, piece.from, self.last_tags).map_err(|mut f| {
            f.span = f.span.start + part.base..f.span.end + part.base;
            fail(f, &[])
        })?;
        if games.is_empty() {
            if self.games == 0 && self.first.is_none() {
                let start = piece.from;
                let found = text[start..]
                    .char_indices()
                    .find(|(_, c)| !c.is_whitespace());
                if let Some((i, _)) = found {
                    self.first = Some((part.clone(), part.base + start + i));
                }
            }
            return Ok(true);
        }
        for g in &mut games {
            g.shift(part.base);
        }
        // At most 64: one game of many tags does not size every later one.
        self.last_tags = games.last().map_or(0, |g| g.tags.len().min(64));
        // As over a whole file: every game's inheritance first, then the boards.
        let tags = games
            .iter_mut()
            .map(|g| self.inherit.game(g))
            .collect::<Result<Vec<_>, Fail>>()
            .map_err(|f| fail(f, &self.headers))?;
        let src = Src {
            text,
            base: part.base,
        };
        for (game, tags) in games.iter().zip(tags) {
            let b = board::build(game, tags, src).map_err(|f| fail(f, &self.headers))?;
            self.ready.push_back(b);
        }
        self.games += games.len();
        self.keep_headers(part);
        Ok(true)
    }

    /// Keep the pieces that hold a header still in force, and only those.
    fn keep_headers(&mut self, part: Part) {
        let spans: Vec<Range<usize>> = self.inherit.header_spans().cloned().collect();
        if spans.iter().any(|s| part.holds(s)) {
            self.headers.push(part);
        }
        self.headers.retain(|h| spans.iter().any(|s| h.holds(s)));
    }

    fn cut_error(&self, e: CutError) -> PbnError {
        match e {
            CutError::Io(e) => io_error(&self.name, e),
            // The file is there; its games are not separated.
            CutError::TooLarge { at } => PbnError::new(
                PbnErrorKind::Io,
                format!(
                    "cannot read {}: the game that starts at byte {at} is larger than {} MiB, \
                     the most one game may hold (docs/architecture.md, \"Limits\"); games are \
                     separated by empty lines",
                    self.name,
                    MAX_GAME_BYTES >> 20
                ),
                "write an empty line after each game, as PBN requires; a game itself is never \
                 this large"
                    .into(),
                String::new(),
                None,
                None,
            ),
        }
    }

    fn utf8_error(&self, bytes: &[u8], e: std::str::Utf8Error, at: &At) -> PbnError {
        let text = String::from_utf8_lossy(bytes).into_owned();
        let local = e.valid_up_to();
        // The lossy text equals the input up to `local`, where it has U+FFFD (3 bytes).
        let end = (local + 3).min(text.len());
        let part = Part {
            text: Arc::new(text),
            base: at.base,
            first_line: at.first_line,
        };
        encoding_error(
            &self.name,
            at.base + local,
            at.base + end,
            part.source(&self.name),
        )
    }

    fn empty_error(&mut self) -> PbnError {
        let (span, src) = match self.first.take() {
            Some((part, i)) => (i..i + 1, part.source(&self.name)),
            None => {
                let text = String::from_utf8_lossy(&self.head).into_owned();
                (0..0, SharedSource::new(self.name.clone(), text.into()))
            }
        };
        let f = Fail::new(
            PbnErrorKind::Empty,
            "this is not a PBN file: it has no tag pair",
            "a PBN game is a list of tags such as [Board \"1\"] [Dealer \"N\"] \
             [Deal \"N:AKQ2.K32.Q43.J32 ...\"]",
            "no game",
            span,
        );
        PbnError::new(f.kind, f.message, f.help, f.label, Some(f.span), Some(src))
    }
}

/// The error for text that is not UTF-8 at byte `at`.
pub(super) fn encoding_error(name: &str, at: usize, end: usize, src: SharedSource) -> PbnError {
    PbnError::new(
        PbnErrorKind::Encoding,
        format!("{name} is not UTF-8 text: byte {at} is not valid UTF-8"),
        "PBN is a text format; a file in ISO 8859-1 (Latin-1) can be converted with \
         `iconv -f latin1 -t utf-8`; a binary file is not PBN"
            .into(),
        "invalid UTF-8".into(),
        Some(at..end),
        Some(src),
    )
}

impl<R: BufRead> Iterator for Boards<R> {
    type Item = Result<PbnBoard, PbnError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(b) = self.ready.pop_front() {
                return Some(Ok(b));
            }
            if self.done {
                return None;
            }
            match self.step() {
                Ok(true) => {
                    if self.games > 0 {
                        self.first = None;
                        self.head = Vec::new();
                    }
                }
                Ok(false) => {
                    self.done = true;
                    if self.games == 0 {
                        return Some(Err(self.empty_error()));
                    }
                }
                Err(e) => {
                    self.done = true;
                    self.ready.clear();
                    return Some(Err(e));
                }
            }
        }
    }
}

/// Where a piece starts in the file.
#[derive(Clone, Copy)]
struct At {
    base: usize,
    first_line: usize,
}

/// A piece of the file: the line before it (for diagnostics), then its own lines from
/// `from` on.
struct Piece {
    bytes: Vec<u8>,
    from: usize,
    at: At,
}

/// The lexer's state at the end of a line, as far as the scanner's cut between games
/// depends on it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lex {
    /// Between tokens: a semi-empty line here ends a game.
    Normal,
    /// Inside `{ }`.
    Comment,
    /// After `[`, before the tag's name.
    BeforeName,
    Name,
    BeforeValue,
    Value,
    /// After the value, before `]`.
    BeforeClose,
    /// A string outside a tag (an error, but it is the scanner's to report).
    Str,
}

/// Why the cutter could not give the next piece.
enum CutError {
    Io(std::io::Error),
    /// A piece over `MAX_GAME_BYTES`, starting at byte `at` of the file.
    TooLarge {
        at: usize,
    },
}

/// Cuts a stream into pieces at the semi-empty lines that end a game.
struct Cutter<R> {
    reader: R,
    /// Offset in the file, and line (as miette counts lines), of the next byte to read.
    offset: usize,
    line: usize,
    /// The last line of the previous piece.
    before: Vec<u8>,
    /// The previous piece's size: the next one's is made as large at once (games of a file
    /// are mostly alike), not grown line by line.
    last_size: usize,
    lex: Lex,
}

impl<R: BufRead> Cutter<R> {
    fn new(reader: R) -> Cutter<R> {
        Cutter {
            reader,
            offset: 0,
            line: 0,
            before: Vec::new(),
            last_size: 0,
            lex: Lex::Normal,
        }
    }

    fn next_piece(&mut self) -> Result<Option<Piece>, CutError> {
        let mut bytes = std::mem::take(&mut self.before);
        // At most 64 KiB ahead: one huge game does not make every later piece as large.
        bytes.reserve(self.last_size.min(64 << 10));
        let from = bytes.len();
        let at = At {
            base: self.offset - from,
            first_line: self.line - line_breaks(&bytes),
        };
        let mut end = from;
        loop {
            let room = (MAX_GAME_BYTES + 1).saturating_sub((bytes.len() - from) as u64);
            let n = read_line(&mut self.reader, room as usize, &mut bytes).map_err(CutError::Io)?;
            if n == 0 {
                break;
            }
            if (bytes.len() - from) as u64 > MAX_GAME_BYTES {
                return Err(CutError::TooLarge { at: self.offset });
            }
            let line_start = end;
            end = bytes.len();
            let line = &bytes[line_start..];
            // After a byte order mark the first line may be an escape line. It is never
            // semi-empty here: the mark stays in the piece of the line after it, which a
            // diagnostic at the mark shows.
            let bom = self.offset == 0 && line_start == 0 && line.starts_with(BOM);
            if self.feed(line, bom) {
                break;
            }
        }
        if bytes.len() == from {
            return Ok(None);
        }
        self.last_size = bytes.len();
        self.offset += bytes.len() - from;
        self.line += line_breaks(&bytes[from..]);
        self.before = bytes[last_line_start(&bytes, from)..].to_vec();
        Ok(Some(Piece { bytes, from, at }))
    }

    /// Follow one line (`bom`: the file's first, after a byte order mark); true if it is a
    /// semi-empty line between games.
    fn feed(&mut self, line: &[u8], bom: bool) -> bool {
        if self.lex == Lex::Normal {
            let body = if bom { &line[BOM.len()..] } else { line };
            if body.first() == Some(&b'%') {
                // An escape line, skipped whole.
                return false;
            }
            if line
                .iter()
                .all(|c| matches!(c, b' ' | b'\t' | b'\r' | 0x0c | b'\n'))
            {
                return true;
            }
        }
        let mut i = 0;
        while i < line.len() {
            let c = line[i];
            let ws = matches!(c, b' ' | b'\t' | b'\r' | b'\n' | 0x0c);
            // Where the scanner would report an error, the state goes back to Normal and
            // the byte is read again: the piece then holds the error, whatever follows.
            match self.lex {
                Lex::Normal => match c {
                    b';' => return false,
                    b'{' => self.lex = Lex::Comment,
                    b'[' => self.lex = Lex::BeforeName,
                    b'"' => self.lex = Lex::Str,
                    _ => {
                        // Over the run of bytes that change nothing (a section's calls).
                        let run = line[i..]
                            .iter()
                            .position(|c| matches!(c, b';' | b'{' | b'[' | b'"'));
                        i += run.unwrap_or(line.len() - i);
                        continue;
                    }
                },
                Lex::Comment => match memchr::memchr(b'}', &line[i..]) {
                    Some(k) => {
                        i += k;
                        self.lex = Lex::Normal;
                    }
                    None => return false,
                },
                Lex::BeforeName if ws => {}
                Lex::BeforeName | Lex::Name if c.is_ascii_alphanumeric() || c == b'_' => {
                    self.lex = Lex::Name;
                    // Over the rest of the name.
                    let name = &line[i + 1..];
                    let run = name
                        .iter()
                        .position(|c| !(c.is_ascii_alphanumeric() || *c == b'_'));
                    i += run.unwrap_or(name.len());
                }
                Lex::Name => {
                    self.lex = Lex::BeforeValue;
                    continue;
                }
                Lex::BeforeValue if ws => {}
                Lex::BeforeValue if c == b'"' => self.lex = Lex::Value,
                Lex::Value | Lex::Str => {
                    // Straight to the next byte that can end the string: most of a game's
                    // bytes are in its tags' values.
                    let Some(k) = memchr::memchr3(b'"', b'\\', b'\n', &line[i..]) else {
                        return false;
                    };
                    i += k;
                    match line[i] {
                        b'"' if self.lex == Lex::Value => self.lex = Lex::BeforeClose,
                        b'"' => self.lex = Lex::Normal,
                        b'\\' if matches!(line.get(i + 1), Some(b'"' | b'\\')) => i += 1,
                        b'\n' => self.lex = Lex::Normal,
                        _ => {}
                    }
                }
                Lex::BeforeClose if ws => {}
                Lex::BeforeClose if c == b']' => self.lex = Lex::Normal,
                Lex::BeforeName | Lex::BeforeValue | Lex::BeforeClose => {
                    self.lex = Lex::Normal;
                    continue;
                }
            }
            i += 1;
        }
        false
    }
}

const BOM: &[u8] = "\u{feff}".as_bytes();

/// Append one line of `reader` to `bytes`, its `\n` included, or at most `room` bytes of it;
/// the bytes appended (0 at the end). What `take(room).read_until(b'\n', bytes)` does, a
/// line at a time straight from the reader's buffer.
fn read_line<R: BufRead>(
    reader: &mut R,
    room: usize,
    bytes: &mut Vec<u8>,
) -> std::io::Result<usize> {
    let start = bytes.len();
    loop {
        let left = room - (bytes.len() - start);
        let buf = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() || left == 0 {
            return Ok(bytes.len() - start);
        }
        let (n, ends) = match memchr::memchr(b'\n', buf) {
            Some(k) if k < left => (k + 1, true),
            _ => (buf.len().min(left), false),
        };
        bytes.extend_from_slice(&buf[..n]);
        reader.consume(n);
        if ends {
            return Ok(bytes.len() - start);
        }
    }
}

/// Where the last line of `bytes` starts, not before `from`.
fn last_line_start(bytes: &[u8], from: usize) -> usize {
    let body = &bytes[from..];
    let end = body.len().saturating_sub(1);
    body[..end]
        .iter()
        .rposition(|&c| c == b'\n')
        .map_or(from, |k| from + k + 1)
}

/// Line breaks as miette counts them: `\r\n`, `\n` and a lone `\r`.
fn line_breaks(bytes: &[u8]) -> usize {
    if memchr::memchr(b'\r', bytes).is_none() {
        return memchr::memchr_iter(b'\n', bytes).count();
    }
    let mut n = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\r' if bytes.get(i + 1) == Some(&b'\n') => {
                n += 1;
                i += 2;
            }
            b'\r' | b'\n' => {
                n += 1;
                i += 1;
            }
            _ => i += 1,
        }
    }
    n
}
