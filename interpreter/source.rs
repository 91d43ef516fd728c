//! Source files and spans. Every syntax-tree node carries a `Span` into the file it came
//! from, so any diagnostic, at any stage, can point back at the text.

use crate::diagnostic::excerpt::{line_starts, SharedSource};
use std::sync::{Arc, OnceLock};

/// `text` in Unicode NFC, as every reader of a case or a translation reads it: the text
/// itself when a quick look says it already is (most text is), else composed afresh.
pub fn nfc(text: &str) -> std::borrow::Cow<'_, str> {
    use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};
    // No character below U+0300 (the first combining mark) is changed by NFC, and a quick
    // check of the others alone never says "normalized" of text that is not: leaving out a
    // character below U+0300 can only make two marks look out of order (a "maybe", then the
    // full composition). In UTF-8 only the characters from U+0300 on start with a byte
    // from 0xCC on: they are found by their first byte, and only they are decoded (most of
    // a case is ASCII and the accented letters of the four languages, below U+0300).
    let mut rest = text;
    let from_u300 = std::iter::from_fn(move || {
        let at = rest.bytes().position(|b| b >= 0xCC)?;
        let c = rest[at..].chars().next()?;
        rest = &rest[at + c.len_utf8()..];
        Some(c)
    });
    match is_nfc_quick(from_u300) {
        IsNormalized::Yes => std::borrow::Cow::Borrowed(text),
        _ => std::borrow::Cow::Owned(text.nfc().collect()),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub file: u32,
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(file: u32, start: usize, end: usize) -> Span {
        Span {
            file,
            start: start as u32,
            end: end as u32,
        }
    }

    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

#[derive(Clone, Debug)]
pub struct SourceFile {
    pub name: String,
    pub text: Arc<String>,
    /// The diagnostics' view of the file, made on the first diagnostic and shared by all
    /// (one copy of the text and its line starts however many diagnostics point into it).
    shared: OnceLock<SharedSource>,
}

impl SourceFile {
    pub fn shared(&self) -> SharedSource {
        self.shared
            .get_or_init(|| {
                let starts = Arc::new(line_starts(&self.text));
                SharedSource::with_starts(self.name.as_str().into(), self.text.clone(), starts)
            })
            .clone()
    }
}

/// All files read in one run; a `Span` names its file by index here. A copy holds the same
/// files under the same numbers (their texts shared), so that a law book read once keeps its
/// spans in every thread that rules with it (`runner::Preloaded`).
#[derive(Clone, Debug, Default)]
pub struct Sources {
    files: Vec<SourceFile>,
}

impl Sources {
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> u32 {
        self.files.push(SourceFile {
            name: name.into(),
            text: Arc::new(text.into()),
            shared: OnceLock::new(),
        });
        (self.files.len() - 1) as u32
    }

    /// The text of a file added empty to fix its number before it was read (the case files
    /// of a run, `runner::Preloaded::read_with_cases`).
    pub fn set_text(&mut self, file: u32, text: String) {
        let f = &mut self.files[file as usize];
        f.text = Arc::new(text);
        f.shared = OnceLock::new();
    }

    /// How many files are held: a mark to `forget_after`.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// Drop the files added after `mark` (a `len()`): a long run that reads one input after
    /// another (a fuzzer) keeps only the law book's.
    pub fn forget_after(&mut self, mark: usize) {
        self.files.truncate(mark);
    }

    pub fn get(&self, file: u32) -> &SourceFile {
        &self.files[file as usize]
    }

    pub fn text(&self, span: Span) -> &str {
        self.get(span.file)
            .text
            .get(span.range())
            .unwrap_or_default()
    }

    /// 1-based line and column of a span's start.
    pub fn line_col(&self, span: Span) -> (usize, usize) {
        let text = &self.get(span.file).text;
        let upto = &text[..(span.start as usize).min(text.len())];
        let line = upto.matches('\n').count() + 1;
        let col = upto.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, col)
    }
}

/// Whether bytes are UTF-16 text, as some editors on Windows save a file: a UTF-16 byte
/// order mark, or every other byte NUL (ASCII letters in UTF-16 without one). A file read as
/// UTF-8 text is refused with that said, not as "a NUL byte".
pub fn is_utf16(bytes: &[u8]) -> bool {
    let nuls = |skip: usize| {
        bytes
            .iter()
            .skip(skip)
            .step_by(2)
            .filter(|b| **b == 0)
            .count()
    };
    bytes.starts_with(&[0xff, 0xfe])
        || bytes.starts_with(&[0xfe, 0xff])
        || (bytes.len() >= 4 && (nuls(0) * 2 >= bytes.len() / 2 || nuls(1) * 2 >= bytes.len() / 2))
}

/// The largest law, case, term-bank or phrases file read: 4 MiB, ten times the whole 2017
/// law book. Larger ones are refused before they are read.
pub const MAX_TEXT_BYTES: u64 = 4 << 20;
/// The most a law book's .law files may hold together: 2 MiB, eight times the whole 2017 law
/// book (0.25 MiB). Parsing is linear (about 3 MB/s), so a law book crafted to be slow to check is still
/// refused or checked in under a second.
pub const MAX_LAWBOOK_BYTES: u64 = 2 << 20;
/// The largest PBN file or translation read: 16 MiB (some 10,000 boards with their auctions
/// and play; the 2017 Laws in one language are 0.3 MiB). A file of boards with one tag each
/// takes some 70 times its size in memory when read, so this keeps a reading under 1.2 GB.
pub const MAX_LARGE_BYTES: u64 = 16 << 20;

/// Read a file of at most `max` bytes. A larger file is an error that says the limit; the
/// check counts the bytes read, so a file whose size the system does not know (a pipe,
/// /dev/zero) is refused too.
pub fn read_limited(path: &std::path::Path, max: u64) -> std::io::Result<Vec<u8>> {
    with_file_bytes(path, max, <[u8]>::to_vec)
}

/// Room the buffer `with_file_bytes` reads into has from the start: more than any case,
/// golden or law file, so that each is one read and one that finds its end.
const SCRATCH_BYTES: usize = 64 << 10;

thread_local! {
    /// The buffer of `with_file_bytes`, kept between reads on this thread.
    static SCRATCH: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// `use_` on the bytes of a file of at most `max` bytes (`read_limited`'s limit and error),
/// read into a buffer the thread keeps. A corpus run reads some 4,500 files of a few KiB:
/// read into an empty vector, a file took a read for each doubling from 32 bytes (seven for a
/// case), and `std::fs::read` asks the file's size first; here a file is two reads and no
/// allocation (a buffer grown past four times its room, by a large file, is not kept).
pub fn with_file_bytes<T>(
    path: &std::path::Path,
    max: u64,
    use_: impl FnOnce(&[u8]) -> T,
) -> std::io::Result<T> {
    use std::io::Read;
    let file = std::fs::File::open(path)?;
    // Taken out while in use, so that `use_` may read another file (into a buffer of its own).
    let mut bytes = SCRATCH.with(|s| std::mem::take(&mut *s.borrow_mut()));
    bytes.clear();
    bytes.reserve(SCRATCH_BYTES);
    let read = file.take(max + 1).read_to_end(&mut bytes);
    let out = match read {
        Err(e) => Err(e),
        Ok(_) if bytes.len() as u64 > max => Err(std::io::Error::other(format!(
            "it is larger than {} MiB, the most this kind of file may hold (docs/architecture.md, \
             \"Limits\"); split it into smaller files",
            max >> 20
        ))),
        Ok(_) => Ok(use_(&bytes)),
    };
    if bytes.capacity() <= 4 * SCRATCH_BYTES {
        SCRATCH.with(|s| *s.borrow_mut() = bytes);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{nfc, read_limited, with_file_bytes, SCRATCH_BYTES};
    use std::borrow::Cow;
    use unicode_normalization::UnicodeNormalization;

    /// A file read into the thread's buffer is the whole file whatever its size (one far
    /// larger than the buffer's room too, and the buffer used again after it); one over the
    /// limit is refused; a file read while another one's bytes are in use keeps each intact.
    #[test]
    fn a_file_is_read_whole_into_the_threads_buffer() {
        let dir = std::env::temp_dir().join(format!("lawbook-scratch-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let sizes = [
            0,
            1,
            31,
            4096,
            SCRATCH_BYTES,
            SCRATCH_BYTES + 1,
            5 * SCRATCH_BYTES + 7,
        ];
        for (n, size) in sizes.into_iter().enumerate() {
            let path = dir.join(format!("f{n}"));
            let bytes: Vec<u8> = (0..size).map(|i| (i * 7 + n) as u8).collect();
            std::fs::write(&path, &bytes).unwrap();
            assert_eq!(read_limited(&path, 1 << 30).unwrap(), bytes, "size {size}");
            let over = read_limited(&path, size.saturating_sub(1) as u64);
            assert_eq!(over.is_err(), size > 0, "size {size}");
        }
        let (a, b) = (dir.join("a"), dir.join("b"));
        std::fs::write(&a, "first").unwrap();
        std::fs::write(&b, "second").unwrap();
        let both = with_file_bytes(&a, 100, |outer| {
            let inner = with_file_bytes(&b, 100, <[u8]>::to_vec).unwrap();
            (outer.to_vec(), inner)
        })
        .unwrap();
        assert_eq!(both, (b"first".to_vec(), b"second".to_vec()));
        assert!(with_file_bytes(&dir.join("missing"), 100, |_| ()).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The bytes-below-0xCC shortcut gives what the full composition gives, and borrows.
    #[test]
    fn nfc_composes_only_what_needs_it() {
        // Composed letters of the four languages, ASCII, a suit symbol: already NFC.
        for text in [
            "Ľadová šťava",
            "Łódź żółć",
            "őrült űr",
            "1♠ pass",
            "",
            "dummy",
        ] {
            assert!(matches!(nfc(text), Cow::Borrowed(_)), "{text}");
        }
        // Decomposed (a letter and U+030C, U+0301): composed, as `nfc()` composes them,
        // beside a suit symbol or not.
        for text in [
            "L\u{30c}adova\u{301}",
            "1\u{2660} s\u{30c}ta\u{301}t",
            "a\u{300}",
        ] {
            let want: String = text.nfc().collect();
            assert_ne!(want, text);
            assert_eq!(nfc(text), want, "{text:?}");
        }
        // U+02FF, the last character before the first combining mark, and U+0300 itself.
        assert!(matches!(nfc("\u{2ff}"), Cow::Borrowed(_)));
        assert_eq!(nfc("e\u{300}"), "\u{e8}");
    }

    proptest::proptest! {
        /// Whatever the text (letters, marks in and out of order, starters between marks,
        /// Hangul jamo, suit symbols), `nfc` gives what the full composition gives.
        #[test]
        fn nfc_is_the_full_composition(chars in proptest::collection::vec(
            proptest::sample::select(vec![
                'a', 'e', 'L', ' ', '\u{e8}', '\u{13e}', '\u{151}', '\u{2ff}', '\u{300}',
                '\u{301}', '\u{30c}', '\u{315}', '\u{327}', '\u{340}', '\u{344}',
                '\u{1100}', '\u{1161}', '\u{2660}', '\u{2000}', '\u{212b}',
            ]),
            0..12,
        )) {
            let text: String = chars.into_iter().collect();
            let want: String = text.nfc().collect();
            proptest::prop_assert_eq!(nfc(&text), want);
        }
    }
}
