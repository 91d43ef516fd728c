//! A case file's entries: each key with its span, the words on its line and the lines of
//! its block, as `grammar/case.pest` reads them.
//!
//! The grammar is the format's definition, and pest reads every file that has an error, so
//! that what is wrong is said as for any other grammar of the project (`pest_error`). A
//! file without one is read here first, by hand: the format is a line of words or a block
//! of lines, and pest's rule calls cost some 1,800 instructions a word (reading the cases
//! was a tenth of a corpus run's work, pest most of it; by hand a sixth of that).
//! `by_hand` takes only what it can read exactly as pest would, the same spans included, and
//! gives up (None) at anything else; the tests hold it to pest on every corpus case and on
//! generated texts.

use super::grammar::{CaseParser, Rule};
use super::Word;
use crate::source::Span;

/// An entry of the file: its key, its span, the words on its line, the lines of its block.
pub(super) struct RawEntry {
    pub key: Word,
    pub span: Span,
    pub words: Vec<Word>,
    pub lines: Vec<Vec<Word>>,
}

/// The entries of `text` read by pest (`Err` with pest's error where it has one).
pub(super) fn by_pest(file: u32, text: &str) -> Result<Vec<RawEntry>, pest::error::Error<Rule>> {
    let top = crate::syntax::pest_error::parse::<CaseParser, _>(Rule::file, text)?
        .next()
        .expect("file rule");
    let sp =
        |p: &pest::iterators::Pair<Rule>| Span::new(file, p.as_span().start(), p.as_span().end());
    let words = |p: pest::iterators::Pair<Rule>| -> Vec<Word> {
        p.into_inner()
            .map(|w| word(file, w.as_str(), w.as_span().start()))
            .collect()
    };
    let mut entries = vec![];
    for entry in top.into_inner().filter(|p| p.as_rule() == Rule::entry) {
        let span = sp(&entry);
        let mut it = entry.into_inner();
        let key = it.next().expect("an entry's key");
        let key = Word {
            text: key.as_str().to_string(),
            span: sp(&key),
        };
        let (words, lines) = match it.next() {
            None => (vec![], vec![]),
            Some(p) if p.as_rule() == Rule::block => (vec![], p.into_inner().map(words).collect()),
            Some(p) => (words(p), vec![]),
        };
        entries.push(RawEntry {
            key,
            span,
            words,
            lines,
        });
    }
    Ok(entries)
}

/// A word as written at `start`: its text without the quotes around it.
fn word(file: u32, written: &str, start: usize) -> Word {
    Word {
        text: written.trim_matches('"').to_string(),
        span: Span::new(file, start, start + written.len()),
    }
}

/// The entries of `text` read by hand, as `by_pest` reads them; None where the text has
/// anything this reading does not take (an error among them, which pest then reports).
pub(super) fn by_hand(file: u32, text: &str) -> Option<Vec<RawEntry>> {
    let r = Reader { text };
    let mut entries = vec![];
    // `SOI ~ NEWLINE* ~ (entry ~ (NEWLINE+ | &EOI))* ~ EOI`, blanks and comments skipped
    // between every two of them (the rule is not atomic).
    let mut at = r.newlines(0);
    loop {
        let start = r.skip(at);
        if start == r.b().len() {
            return Some(entries);
        }
        let key_end = r.key(start)?;
        let key = Word {
            text: text[start..key_end].to_string(),
            span: Span::new(file, start, key_end),
        };
        // `key ~ (block | words)?`: without them the entry ends after the blanks and the
        // comment that follow its key (the skip before the optional part is pest's).
        let after_key = r.skip(key_end);
        let (end, words, lines) = match r.b().get(after_key) {
            Some(b'{') => {
                let (end, lines) = r.block(file, after_key)?;
                (end, vec![], lines)
            }
            _ => match r.words(file, after_key) {
                Some((end, words)) => (end, words, vec![]),
                None => (after_key, vec![], vec![]),
            },
        };
        entries.push(RawEntry {
            key,
            span: Span::new(file, start, end),
            words,
            lines,
        });
        let next = r.skip(end);
        if next == r.b().len() {
            return Some(entries);
        }
        r.newline(next)?;
        at = r.newlines(next);
    }
}

struct Reader<'t> {
    text: &'t str,
}

/// The byte-order mark, which the grammar reads as a blank.
const BOM: &[u8] = "\u{feff}".as_bytes();

impl<'t> Reader<'t> {
    /// The text's bytes: every character the grammar treats apart is ASCII (but the
    /// byte-order mark, matched whole), so the reading goes byte by byte.
    fn b(&self) -> &'t [u8] {
        self.text.as_bytes()
    }

    /// Past the blanks (`WHITESPACE`: space, tab, byte-order mark) from `at`.
    fn blanks(&self, mut at: usize) -> usize {
        loop {
            match self.b().get(at) {
                Some(b' ' | b'\t') => at += 1,
                Some(0xef) if self.b()[at..].starts_with(BOM) => at += BOM.len(),
                _ => return at,
            }
        }
    }

    /// Past pest's skip from `at`: blanks, and comments (`//` or `#` to the line's end)
    /// with the blanks after each.
    fn skip(&self, at: usize) -> usize {
        let mut at = self.blanks(at);
        while self.b()[at..].starts_with(b"//") || self.b().get(at) == Some(&b'#') {
            at = memchr::memchr2(b'\n', b'\r', &self.b()[at..]).map_or(self.b().len(), |i| at + i);
            at = self.blanks(at);
        }
        at
    }

    /// Past the line break at `at` (`NEWLINE`: `\n`, `\r\n` or `\r`), if one is there.
    fn newline(&self, at: usize) -> Option<usize> {
        match self.b().get(at) {
            Some(b'\n') => Some(at + 1),
            Some(b'\r') if self.b().get(at + 1) == Some(&b'\n') => Some(at + 2),
            Some(b'\r') => Some(at + 1),
            _ => None,
        }
    }

    /// `NEWLINE*` from `at`, skipping between them: past the last line break, or `at`.
    fn newlines(&self, mut at: usize) -> usize {
        while let Some(next) = self.newline(self.skip(at)) {
            at = next;
        }
        at
    }

    /// The end of the key at `at` (`(LETTER | "_") ~ (LETTER | NUMBER | "_" | "-")*`).
    fn key(&self, at: usize) -> Option<usize> {
        let mut chars = self.text[at..].char_indices();
        let (_, first) = chars.next()?;
        if !(first == '_' || pest::unicode::LETTER(first)) {
            return None;
        }
        let rest =
            |c: char| c == '_' || c == '-' || pest::unicode::LETTER(c) || pest::unicode::NUMBER(c);
        Some(
            chars
                .find(|&(_, c)| !rest(c))
                .map_or(self.b().len(), |(i, _)| at + i),
        )
    }

    /// The block at `at` (its `{`): its end, past the `}`, and its lines. (`"{" ~ NEWLINE* ~
    /// (line ~ NEWLINE+)* ~ line? ~ "}"`, skipping between every two.)
    fn block(&self, file: u32, at: usize) -> Option<(usize, Vec<Vec<Word>>)> {
        let mut lines = vec![];
        let mut at = self.newlines(at + 1);
        loop {
            let start = self.skip(at);
            if self.b().get(start) == Some(&b'}') {
                return Some((start + 1, lines));
            }
            let (end, words) = self.words(file, start)?;
            lines.push(words);
            let next = self.skip(end);
            match self.newline(next) {
                Some(_) => at = self.newlines(next),
                None if self.b().get(next) == Some(&b'}') => return Some((next + 1, lines)),
                None => return None,
            }
        }
    }

    /// The words from `at` (`line` and `words`: `word ~ (WHITESPACE* ~ !"#" ~ word)*`, no
    /// skip): the end of the last and the words; None when no word starts at `at`.
    fn words(&self, file: u32, at: usize) -> Option<(usize, Vec<Word>)> {
        let mut end = self.word(at)?;
        let mut words = vec![word(file, &self.text[at..end], at)];
        loop {
            let start = self.blanks(end);
            if self.b().get(start) == Some(&b'#') {
                break;
            }
            let Some(next) = self.word(start) else { break };
            words.push(word(file, &self.text[start..next], start));
            end = next;
        }
        Some((end, words))
    }

    /// The end of the word at `at`, if one starts there: a quoted word to its closing quote
    /// on the line; else a first character that can start a word (not a blank, a line
    /// break, a brace, a quote or the `//` of a comment), then every character up to a
    /// blank, a line break, a brace, a quote or `//`.
    fn word(&self, at: usize) -> Option<usize> {
        let first = *self.b().get(at)?;
        if first == b'"' {
            let rest = &self.b()[at + 1..];
            let stop = memchr::memchr3(b'"', b'\n', b'\r', rest)?;
            return (rest[stop] == b'"').then_some(at + 1 + stop + 1);
        }
        let starts = match first {
            b' ' | b'\t' | b'\n' | b'\r' | b'{' | b'}' => false,
            b'/' => self.b().get(at + 1) != Some(&b'/'),
            _ => true,
        };
        if !starts {
            return None;
        }
        // The first character whole (a word may start with any other one, of any length).
        let from = at + self.text[at..].chars().next().map_or(1, char::len_utf8);
        let mut end = from;
        while let Some(&c) = self.b().get(end) {
            match c {
                b' ' | b'\t' | b'\n' | b'\r' | b'"' | b'{' | b'}' => break,
                b'/' if self.b().get(end + 1) == Some(&b'/') => break,
                _ => end += 1,
            }
        }
        Some(end)
    }
}

#[cfg(test)]
mod tests {
    use super::{by_hand, by_pest, RawEntry};

    /// An entry as plain data, to compare the two readings.
    fn plain(
        e: &RawEntry,
    ) -> (
        String,
        (u32, u32),
        Vec<(String, u32, u32)>,
        Vec<Vec<(String, u32, u32)>>,
    ) {
        let w = |ws: &[super::Word]| {
            ws.iter()
                .map(|w| (w.text.clone(), w.span.start, w.span.end))
                .collect::<Vec<_>>()
        };
        (
            e.key.text.clone(),
            (e.span.start, e.span.end),
            w(&e.words),
            e.lines.iter().map(|l| w(l)).collect(),
        )
    }

    /// `by_hand` reads `text` as pest does, or gives up where pest finds an error (it may
    /// give up on more); returns whether it read it.
    fn held_to_pest(text: &str) -> bool {
        let pest = by_pest(0, text).map(|es| es.iter().map(plain).collect::<Vec<_>>());
        let hand = by_hand(0, text).map(|es| es.iter().map(plain).collect::<Vec<_>>());
        match (&pest, hand) {
            (Ok(p), Some(h)) => {
                assert_eq!(p, &h, "on {text:?}");
                true
            }
            (Err(_), Some(h)) => panic!("{text:?}: pest finds an error, read by hand as {h:?}"),
            (_, None) => false,
        }
    }

    #[test]
    fn every_corpus_case_is_read_by_hand_as_pest_reads_it() {
        let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
        let cases = crate::runner::find_cases(&corpus, 1);
        assert!(cases.len() > 700, "the corpus's cases are found");
        for path in cases {
            let text = std::fs::read_to_string(&path).expect("a corpus case reads");
            let text = crate::source::nfc(&text);
            assert!(held_to_pest(&text), "{} is read by hand", path.display());
        }
    }

    #[test]
    fn generated_texts_are_read_by_hand_as_pest_reads_them_or_left_to_pest() {
        // Pieces of what a case holds and of what breaks one, run together at random: every
        // character the grammar treats apart (blanks, the byte-order mark, line breaks,
        // braces, quotes, `/`, `#`), keys, words of every kind, comments.
        let pieces = [
            "board", "deal", "_k-1", "é2", "Ďalší", "3", "S", "1C", "\"a b\"", "\"", "a#b", "a//b",
            "x/y", "/", "//", "// c", "#", "# c", " ", "  ", "\t", "\u{feff}", "\n", "\r", "\r\n",
            "{", "}", "{ S 1C }", "!", "|", "~", "♠", "\u{b}", "\u{1f}", "\u{7f}", "-", "_",
        ];
        let mut rng = crate::generated::Xorshift(0x3c6e_f372_fe94_f82b);
        let (mut read, mut total) = (0, 0);
        for _ in 0..30_000 {
            let n = rng.below(14);
            let text: String = (0..n)
                .map(|_| pieces[rng.below(pieces.len() as u64) as usize])
                .collect();
            total += 1;
            read += usize::from(held_to_pest(&text));
        }
        // Not only texts that give up: a good share is read and compared.
        assert!(read * 5 > total, "{read} of {total} read by hand");
    }
}
