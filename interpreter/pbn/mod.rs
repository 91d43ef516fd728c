//! A reader for PBN (Portable Bridge Notation) 2.1 files, as the standard defines them and as
//! real exports write them (BBO Helper, BridgeComposer-style exports).
//!
//! The reader turns a file into boards: the tags as written, plus the values the project
//! needs read into the game model (deal, dealer, vulnerability, auction, play, contract,
//! declarer, result, score). It decides no rule of the Laws: an insufficient bid, a call out
//! of rotation, a revoke or a result that does not match the play are read as written and
//! left to the law book. Only text that is not PBN, or a value that cannot mean anything
//! (a dealer `Q`, a Result of 14 tricks, a card `S1`), is an error.
//!
//! The file is read game by game ([`PbnFile::open`], [`PbnFile::boards_in`]: an iterator of
//! boards); from one game to the next the reader keeps only what inheritance needs, so memory
//! does not grow with the number of games. [`PbnFile::read`] and [`PbnFile::parse`] collect
//! the same iterator. A diagnostic holds the text of the game at fault (and of the game that
//! wrote a `##` header it points at), with the file's offsets and line numbers. Over a whole
//! text, binary data is reported before anything else; otherwise the first game at fault in
//! file order is reported, and a stream yields every board before it.
//!
//! # What the reader does, by the standard's chapters
//!
//! * **File layout (2, 3).** `%` in the first column starts an escape line, which is
//!   skipped. A game ends at a semi-empty line (only spaces and tabs) that is not inside a
//!   `{ }` comment. As a tolerance for files written without empty lines, a tag `[Event` or
//!   `[Board` that already occurred in the current game also starts a new game (the standard
//!   would ignore the repeated tag instead). A file without any game is an error.
//! * **Comments (3.8).** `;` to the end of the line and `{ ... }` (possibly over several
//!   lines, not nested). Comments in the auction and play are kept on the call or card they
//!   follow; other comments are skipped.
//! * **Tags (3.3).** `[Name "value"]`, with any white space between the tokens, `\"` and
//!   `\\` inside the value. A tag value may not run past the end of its line. A repeated
//!   tag is kept in [`PbnBoard::tags`] but only its first occurrence is read (3.4), except
//!   `Note`, which may repeat.
//! * **Inheritance (4.8).** The value `#` takes the value of the same tag in the nearest
//!   previous game that has it (or `""` if none). A value `##text` means `text`, here and
//!   in every later game that does not give the tag itself; a later game may give the tag
//!   again (with or without `##`) and that new value is then inherited. A tag that a game
//!   does not give is inherited **only** in that way: the repetition of Event, Site and Date
//!   in real exports is written out, not assumed. Inherited tags appear at the end of
//!   [`PbnBoard::tags`] with [`TagOrigin::FromHeader`]. `#` and `##` are errors for Dealer,
//!   Vulnerable, Deal, Declarer, Contract, Auction, Play and Note, as 4.8 forbids them.
//! * **Identification tags (3.4).** The value `?` (unknown) and `""` (not applicable) read
//!   as "not given". Deal hands given as `-` (unknown) leave [`PbnBoard::deal`] empty; end
//!   positions (fewer than 13 cards a hand) are not supported and are an error.
//!   Contract accepts `Pass`, `4S`, `4SX`, `3NTXX`, and `3N` for `3NT` (real exports write
//!   it). Declarer `^S` (declarer and dummy swapped) reads as South with
//!   [`PbnBoard::declarer_swapped`]. Result is the number of tricks declarer won; the forms
//!   `NS 9`, `EW 4` and `NS 9 EW 4` are converted to declarer's tricks (assuming all 13
//!   tricks were played); `^` before it sets [`PbnBoard::result_disputed`].
//! * **Score (4.2.1).** `NS 420`, `EW -50`, `NS 420 EW -420`, or a bare number, which the
//!   standard defines as *declarer's* score. Every form is normalised to North-South's
//!   point of view in [`PbnScore::ns`].
//! * **Auction (3.5).** Calls as [`Call::parse`] reads them (`Pass`, `PASS`, `pass`, `X`,
//!   `XX`, `1NT`, `1N`, `1S`...), `AP` (all pass: the passes that end the auction, three after
//!   a call other than pass, four if nobody has called), `-` before the first call (seats
//!   before the dealer in a table layout), `*` (no further calls), `+` (to be continued),
//!   note references `=1=`, suffixes `!`, `?`, `!!`, `??`, `!?`, `?!`, NAGs `$n`, and the
//!   irregularities `^I` (the next bid is insufficient) and `^S` (this seat was skipped by a
//!   call out of rotation). `[Note "n:text"]` tags after the calls belong to the auction.
//! * **Play (3.6).** Cards in rows of four in seat order from the seat named in the tag,
//!   `-` for a card not known or not played, `*` (no further cards), `+` (the next card to
//!   be played), `^R` (revoke) and `^L` (lead out of turn) before a card, annotations as in
//!   the auction. `D10` is accepted for `DT`.

pub mod ahead;
mod board;
mod scan;
mod stream;
mod tags;
pub mod to_case;

pub use stream::{Boards, MAX_GAME_BYTES};

#[cfg(test)]
mod tests;

use crate::diagnostic::excerpt::SharedSource;
use crate::model::{Call, Card, Deal, Seat, Strain};
use miette::{Diagnostic, LabeledSpan, SourceCode};
use std::fmt;
use std::ops::Range;
use std::path::Path;

/// A PBN file: its games, in order.
#[derive(Clone, Debug, PartialEq)]
pub struct PbnFile {
    pub boards: Vec<PbnBoard>,
}

/// One PBN game (a board as played at one table).
#[derive(Clone, Debug, PartialEq)]
pub struct PbnBoard {
    /// Byte range of the game in the file: from its first tag to the end of its last section.
    pub span: Range<usize>,
    /// Every tag as written, in order; then the tags inherited from a `##` header of an
    /// earlier game, which this game does not write.
    pub tags: Vec<PbnTag>,
    pub board: Option<u32>,
    pub dealer: Option<Seat>,
    /// (North-South vulnerable, East-West vulnerable).
    pub vulnerable: Option<(bool, bool)>,
    pub deal: Option<Deal>,
    pub auction: Option<PbnAuction>,
    pub play: Option<PbnPlay>,
    pub contract: Option<PbnContract>,
    pub declarer: Option<Seat>,
    /// The Declarer tag was written `^S`: declarer and dummy were swapped (3.4.13).
    pub declarer_swapped: bool,
    /// Tricks won by declarer, 0..=13.
    pub result: Option<u8>,
    /// The Result tag was written with `^`: the players agreed on a number of tricks that
    /// differs from the tricks actually won (3.4.15).
    pub result_disputed: bool,
    pub score: Option<PbnScore>,
}

/// A tag pair, with its value after inheritance.
#[derive(Debug, PartialEq, Eq)]
pub struct PbnTag {
    pub name: String,
    /// The value after inheritance. What was written is this and `origin` (see
    /// [`PbnTag::raw`]): a tag keeps one copy of its text.
    pub value: String,
    pub origin: TagOrigin,
    /// Byte range of the written value, between the quotes. For a tag inherited from a `##`
    /// header, the range of the header's value in the earlier game.
    pub span: Range<usize>,
    /// Byte range of the whole tag pair `[Name "value"]` (the header's, if inherited).
    pub tag_span: Range<usize>,
    /// Byte range of the section data that follows the tag (auction calls, play cards,
    /// rows of a supplemental table), if there is any.
    pub section: Option<Range<usize>>,
}

impl Clone for PbnTag {
    fn clone(&self) -> Self {
        PbnTag {
            name: self.name.clone(),
            value: self.value.clone(),
            origin: self.origin,
            span: self.span.clone(),
            tag_span: self.tag_span.clone(),
            section: self.section.clone(),
        }
    }

    /// Into the strings' memory (the derived one makes each anew): inheritance overwrites a
    /// tag's latest entry once a game.
    fn clone_from(&mut self, source: &Self) {
        self.name.clone_from(&source.name);
        self.value.clone_from(&source.value);
        self.origin = source.origin;
        self.span.clone_from(&source.span);
        self.tag_span.clone_from(&source.tag_span);
        self.section.clone_from(&source.section);
    }
}

impl PbnTag {
    /// The value as written in this game (escapes resolved): `#`, `##camrose24_1`, `N`...;
    /// nothing for a tag this game does not write (inherited from a `##` header).
    pub fn raw(&self) -> std::borrow::Cow<'_, str> {
        match self.origin {
            TagOrigin::Written => self.value.as_str().into(),
            TagOrigin::SameAsBefore => "#".into(),
            TagOrigin::Header => format!("##{}", self.value).into(),
            TagOrigin::FromHeader => "".into(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TagOrigin {
    /// An ordinary value.
    Written,
    /// Written `#`: the value of the same tag in the nearest previous game.
    SameAsBefore,
    /// Written `##text`: `text`, and the default for the following games.
    Header,
    /// Not written in this game: inherited from a `##` header (or its later redefinition).
    FromHeader,
}

/// The auction section.
#[derive(Clone, Debug, PartialEq)]
pub struct PbnAuction {
    /// The seat named in the `[Auction]` tag: the seat of the first column. The first call
    /// is made by the next seat that is not marked `-`.
    pub seat: Seat,
    /// Byte range of the `[Auction]` tag's value.
    pub span: Range<usize>,
    /// The calls in order, with `AP` expanded into passes.
    pub calls: Vec<PbnCall>,
    /// Seats marked `^S`: skipped because another player called out of rotation.
    pub skipped: Vec<PbnSkip>,
    pub notes: Vec<PbnNote>,
    pub end: SectionEnd,
}

#[derive(Clone, Debug, PartialEq)]
pub struct PbnCall {
    /// Who made the call, by the rotation of the written record.
    pub seat: Seat,
    pub call: Call,
    /// Byte range of the call as written (of `AP` for the passes it stands for).
    pub span: Range<usize>,
    /// One of the passes written as `AP`.
    pub all_pass: bool,
    /// Marked `^I`: an insufficient bid (accepted).
    pub insufficient: bool,
    /// Note references `=n=` (the standard allows one; more are kept).
    pub notes: Vec<u16>,
    /// `!`, `?`, `!!`, `??`, `!?` or `?!`.
    pub suffix: Option<String>,
    /// Numeric annotation glyphs `$n`.
    pub nags: Vec<u8>,
    /// Comments that follow the call.
    pub comments: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PbnSkip {
    pub seat: Seat,
    /// Index in [`PbnAuction::calls`] of the call that follows the skip.
    pub before: usize,
    pub span: Range<usize>,
}

/// How an auction or play section ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SectionEnd {
    /// No marker: the section ends where its calls or cards end.
    Unmarked,
    /// `*`: no further calls or cards will or can be given.
    Stopped(Range<usize>),
    /// `+`: to be continued; the `+` stands for the next call or card.
    Continued(Range<usize>),
}

/// A `[Note "n:text"]` tag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PbnNote {
    pub index: u16,
    pub text: String,
    /// Byte range of the tag's value.
    pub span: Range<usize>,
}

/// The play section.
#[derive(Clone, Debug, PartialEq)]
pub struct PbnPlay {
    /// The seat named in the `[Play]` tag: the first column, the opening leader in export
    /// format.
    pub leader: Seat,
    pub span: Range<usize>,
    /// One entry per row of four cards (a trick in export format).
    pub tricks: Vec<PbnTrick>,
    pub notes: Vec<PbnNote>,
    pub end: SectionEnd,
    /// Where a `+` stood: (row index, seat) of the next card to be played.
    pub next: Option<(usize, Seat)>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct PbnTrick {
    /// The card of each seat, indexed by [`Seat::index`]; `None` for `-`, `+`, or a row cut
    /// short by `*` or by the end of the record.
    pub cards: [Option<PbnCard>; 4],
    /// Byte range from the first to the last token of the row.
    pub span: Range<usize>,
}

impl PbnTrick {
    pub fn card(&self, seat: Seat) -> Option<&PbnCard> {
        self.cards[seat.index()].as_ref()
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct PbnCard {
    pub seat: Seat,
    pub card: Card,
    pub span: Range<usize>,
    pub irregularity: Option<CardIrregularity>,
    pub notes: Vec<u16>,
    pub suffix: Option<String>,
    pub nags: Vec<u8>,
    pub comments: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardIrregularity {
    /// `^R`: a revoke that was not noticed in time.
    Revoke,
    /// `^L`: a lead out of turn, accepted.
    LeadOutOfTurn,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PbnContract {
    PassedOut,
    Contract {
        level: u8,
        strain: Strain,
        /// 0 undoubled, 1 doubled, 2 redoubled.
        doubled: u8,
    },
}

/// The Score tag, normalised to North-South's point of view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PbnScore {
    /// North-South's score.
    pub ns: i32,
    /// East-West's score: `-ns` unless the tag gives both sides.
    pub ew: i32,
    /// The value as written, e.g. `EW 140`.
    pub raw: String,
    /// Byte range of the value in the file.
    pub span: Range<usize>,
}

impl PbnBoard {
    /// About the memory the board holds: itself, its tags, and its auction's and play's
    /// elements (texts by their length). What `score --pbn`'s read-ahead bounds (`ahead`):
    /// a board replayed keeps its auction and 13 tricks, some twenty times a board that
    /// keeps neither.
    pub fn approx_bytes(&self) -> usize {
        use std::mem::size_of;
        let notes = |n: &[PbnNote]| -> usize {
            n.iter().map(|n| size_of::<PbnNote>() + n.text.len()).sum()
        };
        let tags: usize = self
            .tags
            .iter()
            .map(|t| size_of::<PbnTag>() + t.name.len() + t.value.len())
            .sum();
        let auction = self.auction.as_ref().map_or(0, |a| {
            a.calls.len() * size_of::<PbnCall>()
                + a.skipped.len() * size_of::<PbnSkip>()
                + notes(&a.notes)
        });
        let play = self.play.as_ref().map_or(0, |p| {
            p.tricks.len() * size_of::<PbnTrick>() + notes(&p.notes)
        });
        size_of::<PbnBoard>() + tags + auction + play
    }

    /// The first tag with this name (written or inherited).
    pub fn tag(&self, name: &str) -> Option<&PbnTag> {
        self.tags.iter().find(|t| t.name == name)
    }

    /// The value, after inheritance, of the first tag with this name.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.tag(name).map(|t| t.value.as_str())
    }
}

impl PbnFile {
    /// Read a PBN file from disk, all of it (at most `source::MAX_LARGE_BYTES`). The error
    /// names the file by `path` as given. [`PbnFile::open`] reads a file of any size board
    /// by board.
    pub fn read(path: &Path) -> Result<PbnFile, PbnError> {
        let name = path.display().to_string();
        match crate::source::read_limited(path, crate::source::MAX_LARGE_BYTES) {
            Ok(bytes) => PbnFile::parse_bytes(&name, &bytes),
            Err(e) => Err(io_error(&name, e)),
        }
    }

    /// The boards of a PBN file on disk, read game by game as they are asked for.
    pub fn open(path: &Path) -> Result<Boards<std::io::BufReader<std::fs::File>>, PbnError> {
        let name = path.display().to_string();
        match std::fs::File::open(path) {
            Ok(f) => Ok(PbnFile::boards_in(&name, std::io::BufReader::new(f))),
            Err(e) => Err(io_error(&name, e)),
        }
    }

    /// The boards of PBN text read from `reader`, game by game; `name` names the source in
    /// error reports. Reading stops at the first error.
    pub fn boards_in<R: std::io::BufRead>(name: &str, reader: R) -> Boards<R> {
        Boards::new(name, reader)
    }

    /// Read PBN from bytes, which must be UTF-8 text (PBN 2.1 specifies ISO 8859-1; such a
    /// file with non-ASCII characters must be converted first).
    pub fn parse_bytes(name: &str, bytes: &[u8]) -> Result<PbnFile, PbnError> {
        match std::str::from_utf8(bytes) {
            Ok(text) => PbnFile::parse(name, text),
            Err(e) => {
                let text = String::from_utf8_lossy(bytes).into_owned();
                let at = e.valid_up_to();
                // The lossy text equals the input up to `at`, where it has U+FFFD (3 bytes).
                let end = (at + 3).min(text.len());
                let src = SharedSource::new(name, text.into());
                Err(stream::encoding_error(name, at, end, src))
            }
        }
    }

    /// Read PBN text. `name` names the source in error reports (usually the file path).
    pub fn parse(name: &str, text: &str) -> Result<PbnFile, PbnError> {
        // Binary data anywhere is reported before anything else, as it always was when the
        // whole text was at hand; a stream reports it with the game that holds it.
        scan::check_characters(text).map_err(|f| {
            let src = SharedSource::new(name, text.to_string().into());
            PbnError::new(f.kind, f.message, f.help, f.label, Some(f.span), Some(src))
        })?;
        let boards = PbnFile::boards_in(name, text.as_bytes()).collect::<Result<_, _>>()?;
        Ok(PbnFile { boards })
    }
}

fn io_error(name: &str, e: std::io::Error) -> PbnError {
    PbnError::new(
        PbnErrorKind::Io,
        format!("cannot read {name}: {e}"),
        "check the path and the file's permissions".into(),
        String::new(),
        None,
        None,
    )
}

/// A game's text and where it starts in the file: it is indexed by the file's offsets, which
/// are the offsets every span of a board holds.
#[derive(Clone, Copy)]
struct Src<'a> {
    text: &'a str,
    base: usize,
}

impl<'a> Src<'a> {
    fn get(&self, r: Range<usize>) -> Option<&'a str> {
        let start = r.start.checked_sub(self.base)?;
        let end = r.end.checked_sub(self.base)?;
        self.text.get(start..end)
    }

    fn byte(&self, at: usize) -> u8 {
        self.text.as_bytes()[at - self.base]
    }
}

impl std::ops::Index<Range<usize>> for Src<'_> {
    type Output = str;

    fn index(&self, r: Range<usize>) -> &str {
        &self.text[r.start - self.base..r.end - self.base]
    }
}

/// What kind of input fault a [`PbnError`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PbnErrorKind {
    /// The file could not be read.
    Io,
    /// Not UTF-8 text, or binary data.
    Encoding,
    /// No game in the file.
    Empty,
    /// Lexical structure: tags, strings, comments, text outside a tag.
    Syntax,
    /// `#` or `##` where the standard forbids it.
    Inheritance,
    /// A tag value that cannot be read: seat, vulnerability, board, contract, result, score,
    /// note.
    Tag,
    /// The Deal tag.
    Deal,
    /// The auction section.
    Auction,
    /// The play section.
    Play,
}

impl PbnErrorKind {
    pub fn code(self) -> &'static str {
        match self {
            PbnErrorKind::Io => "lawbook::pbn::io",
            PbnErrorKind::Encoding => "lawbook::pbn::encoding",
            PbnErrorKind::Empty => "lawbook::pbn::empty",
            PbnErrorKind::Syntax => "lawbook::pbn::syntax",
            PbnErrorKind::Inheritance => "lawbook::pbn::inheritance",
            PbnErrorKind::Tag => "lawbook::pbn::tag",
            PbnErrorKind::Deal => "lawbook::pbn::deal",
            PbnErrorKind::Auction => "lawbook::pbn::auction",
            PbnErrorKind::Play => "lawbook::pbn::play",
        }
    }
}

/// A PBN input error: a message, a help text and, unless the file could not be read at all,
/// the text around the fault (the game that holds it, with the file's offsets and line
/// numbers) as a [`SharedSource`] with a label at the fault. It is a
/// [`miette::Diagnostic`], so the CLI can print it.
pub struct PbnError(Box<ErrorData>);

struct ErrorData {
    kind: PbnErrorKind,
    message: String,
    help: String,
    label: String,
    span: Option<Range<usize>>,
    src: Option<SharedSource>,
}

impl PbnError {
    fn new(
        kind: PbnErrorKind,
        message: String,
        help: String,
        label: String,
        span: Option<Range<usize>>,
        src: Option<SharedSource>,
    ) -> PbnError {
        PbnError(Box::new(ErrorData {
            kind,
            message,
            help,
            label,
            span,
            src,
        }))
    }

    pub fn kind(&self) -> PbnErrorKind {
        self.0.kind
    }

    pub fn message(&self) -> &str {
        &self.0.message
    }

    pub fn help_text(&self) -> &str {
        &self.0.help
    }

    /// Byte range of the fault in the file.
    pub fn span(&self) -> Option<Range<usize>> {
        self.0.span.clone()
    }

    /// The name of the source, as given to the parser.
    pub fn source_name(&self) -> Option<&str> {
        self.0.src.as_ref().map(|s| s.name())
    }
}

impl fmt::Display for PbnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::diagnostic::excerpt::shorten(&self.0.message))
    }
}

impl fmt::Debug for PbnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PbnError")
            .field("kind", &self.0.kind)
            .field("message", &self.0.message)
            .field("help", &self.0.help)
            .field("span", &self.0.span)
            .field("source", &self.source_name())
            .finish()
    }
}

impl std::error::Error for PbnError {}

impl Diagnostic for PbnError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.0.kind.code()))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        if self.0.help.is_empty() {
            None
        } else {
            Some(Box::new(&self.0.help))
        }
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.0.src.as_ref().map(|s| s as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let span = self.0.span.clone()?;
        let src = self.0.src.as_ref()?;
        let (at, len) = src.clip_label(span.start, span.len());
        let label = if self.0.label.is_empty() {
            None
        } else {
            Some(crate::diagnostic::excerpt::shorten(&self.0.label).into_owned())
        };
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            label,
            at..at + len,
        ))))
    }
}

/// An error inside the reader, before the source is attached.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Fail {
    kind: PbnErrorKind,
    message: String,
    help: String,
    label: String,
    span: Range<usize>,
}

impl Fail {
    fn new(
        kind: PbnErrorKind,
        message: impl Into<String>,
        help: impl Into<String>,
        label: impl Into<String>,
        span: Range<usize>,
    ) -> Fail {
        Fail {
            kind,
            message: message.into(),
            help: help.into(),
            label: label.into(),
            span,
        }
    }
}

/// The byte range of the character at `at` (empty at the end of the text).
fn char_span(text: &str, at: usize) -> Range<usize> {
    let len = text
        .get(at..)
        .and_then(|s| s.chars().next())
        .map_or(0, char::len_utf8);
    at..at + len
}
