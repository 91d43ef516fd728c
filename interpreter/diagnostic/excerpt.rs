//! The source text under a diagnostic, shared and shown in part.
//!
//! miette's own `SourceCode` for a `String` needs a copy of the whole file per diagnostic and
//! scans the file from its first byte at every read (10,000 diagnostics of a 1 MB file made
//! 10,000 copies and 10 GB of scanning), and its renderer panics on a line longer than 65,535
//! columns. A `SharedSource` holds the file once (`Arc`) with its line starts, reads only the
//! lines a label needs, and shows a long line as a window around the span.

use miette::{MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};
use std::sync::Arc;

/// Context lines longer than this in all are not shown whole: the span's own line is cut
/// to a window of `WINDOW` bytes either side of the span.
pub const MAX_SHOWN: usize = 4096;
/// Bytes of a long line shown either side of the span.
pub const WINDOW: usize = 60;
/// A label is underlined over at most this many bytes (and not past its first line); a
/// reader needs its start, and a 10 MB underline is no help.
pub const MAX_LABEL: usize = 160;
/// Spans longer than this are not read: miette then shows labels far apart on one line as
/// two snippets instead of one snippet of the whole line. Larger than `2 * MAX_LABEL +
/// WINDOW`, so a window never cuts through another label.
const MAX_READ: usize = 2048;

#[derive(Clone, Debug)]
pub struct SharedSource {
    name: Arc<str>,
    text: Arc<String>,
    /// Offsets where lines start as miette counts them (after `\n`, `\r\n` or a lone `\r`).
    starts: Arc<Vec<usize>>,
    /// Where `text` starts in its file, in bytes and in lines (0 for a whole file): a part
    /// of a file read as a stream (a PBN game) shows the file's own offsets and line numbers.
    base: usize,
    first_line: usize,
}

impl SharedSource {
    pub fn new(name: impl Into<Arc<str>>, text: Arc<String>) -> SharedSource {
        let starts = Arc::new(line_starts(&text));
        SharedSource {
            name: name.into(),
            text,
            starts,
            base: 0,
            first_line: 0,
        }
    }

    /// A part of a file: `text` starts at byte `base`, on line `first_line` (0-based, as
    /// miette counts lines). Spans read from it are the file's; those outside it are out of
    /// bounds.
    pub fn part(
        name: impl Into<Arc<str>>,
        text: Arc<String>,
        base: usize,
        first_line: usize,
    ) -> Self {
        SharedSource {
            base,
            first_line,
            ..SharedSource::new(name, text)
        }
    }

    /// A source whose line starts are already known (`Sources` computes them once per file).
    pub fn with_starts(name: Arc<str>, text: Arc<String>, starts: Arc<Vec<usize>>) -> Self {
        SharedSource {
            name,
            text,
            starts,
            base: 0,
            first_line: 0,
        }
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn text(&self) -> &Arc<String> {
        &self.text
    }

    /// Whether the file's byte range `span` lies in this source's text.
    pub fn holds(&self, span: &std::ops::Range<usize>) -> bool {
        span.start >= self.base && span.end <= self.base + self.text.len()
    }

    /// `clip_label` for a span given in the file's offsets.
    pub fn clip_label(&self, offset: usize, len: usize) -> (usize, usize) {
        match offset.checked_sub(self.base) {
            Some(at) => {
                let (at, len) = clip_label(&self.text, at, len);
                (at + self.base, len)
            }
            None => (offset, len),
        }
    }

    /// The same text under another name.
    pub fn renamed(&self, name: impl Into<Arc<str>>) -> SharedSource {
        SharedSource {
            name: name.into(),
            ..self.clone()
        }
    }

    /// 0-based index of the line holding byte `at`.
    fn line_of(&self, at: usize) -> usize {
        self.starts.partition_point(|&s| s <= at).saturating_sub(1)
    }

    /// Where line `line` ends, before its line break.
    fn line_end(&self, line: usize) -> usize {
        let Some(&next) = self.starts.get(line + 1) else {
            return self.text.len();
        };
        if self.text.as_bytes()[..next].ends_with(b"\r\n") {
            next - 2
        } else {
            next - 1
        }
    }
}

/// Offsets where lines start, by miette's rule: `\r\n`, `\n` and a lone `\r` each end a line.
pub fn line_starts(text: &str) -> Vec<usize> {
    let b = text.as_bytes();
    let mut starts = vec![0];
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\r' if b.get(i + 1) == Some(&b'\n') => {
                i += 2;
                starts.push(i);
            }
            b'\r' | b'\n' => {
                i += 1;
                starts.push(i);
            }
            _ => i += 1,
        }
    }
    starts
}

/// A label's span as shown: at most `MAX_LABEL` bytes and not past the end of its first line,
/// ending on a character boundary. Its start is kept, so the line and column shown are right.
pub fn clip_label(text: &str, offset: usize, len: usize) -> (usize, usize) {
    if len <= MAX_LABEL || offset >= text.len() {
        return (offset, len);
    }
    let mut end = (offset + MAX_LABEL).min(text.len());
    if let Some(nl) = text.as_bytes()[offset..end]
        .iter()
        .position(|b| matches!(b, b'\n' | b'\r'))
    {
        end = offset + nl.max(1);
    }
    while !text.is_char_boundary(end) {
        end += 1;
    }
    (offset, end - offset)
}

/// The most characters of a message or label printed: they quote the input (`` `NNNN…` is
/// not a seat``), and a 100,000-character value quoted whole buries the diagnostic. Room
/// enough for a message that names a file by a long absolute path and still says why.
pub const MAX_MESSAGE: usize = 500;

/// `text` cut to about `MAX_MESSAGE` characters: its start and its end (which says what is
/// wrong with the value quoted before it), with `…` between.
pub fn shorten(text: &str) -> std::borrow::Cow<'_, str> {
    let n = text.chars().count();
    if n <= MAX_MESSAGE {
        return text.into();
    }
    let tail = MAX_MESSAGE / 4;
    let head_end = text
        .char_indices()
        .nth(MAX_MESSAGE - tail)
        .map_or(0, |c| c.0);
    let tail_start = text
        .char_indices()
        .nth(n - tail)
        .map_or(text.len(), |c| c.0);
    format!("{}…{}", &text[..head_end], &text[tail_start..]).into()
}

impl SourceCode for SharedSource {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let text: &'a str = &self.text;
        let (base, len) = (self.base, span.len());
        let Some(start) = span.offset().checked_sub(base) else {
            return Err(MietteError::OutOfBounds);
        };
        let end = start + len;
        if end > text.len() || len > MAX_READ {
            return Err(MietteError::OutOfBounds);
        }
        let first_line = self.line_of(start);
        let last_line = self.line_of(end.saturating_sub(1).max(start));
        let lines = self.starts.len();
        let shown_first = first_line.saturating_sub(before);
        let shown_last = (last_line + after).min(lines - 1);
        let from = self.starts[shown_first];
        let to = self
            .starts
            .get(shown_last + 1)
            .copied()
            .unwrap_or(text.len());
        if to - from <= MAX_SHOWN {
            // Short lines: exactly what miette shows, read from the first line shown on.
            let c = <str as SourceCode>::read_span(
                &text[from..],
                &(start - from, len).into(),
                before,
                after,
            )?;
            return Ok(Box::new(MietteSpanContents::new_named(
                self.name.to_string(),
                c.data(),
                (c.span().offset() + from + base, c.span().len()).into(),
                c.line() + shown_first + self.first_line,
                c.column(),
                c.line_count() + shown_first + self.first_line,
            )));
        }
        // A long line: the span's lines only, cut to a window around the span. The window
        // is a contiguous part of the file, so every offset still points at its byte.
        let line_start = self.starts[first_line];
        let mut from = if before == 0 {
            start
        } else {
            start.saturating_sub(WINDOW).max(line_start)
        };
        while !text.is_char_boundary(from) {
            from -= 1;
        }
        let mut to = (end + WINDOW).min(self.line_end(last_line)).max(end);
        while !text.is_char_boundary(to) {
            to += 1;
        }
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.to_string(),
            &text.as_bytes()[from..to],
            (from + base, to - from).into(),
            first_line + self.first_line,
            from - line_start,
            last_line - first_line + 1,
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::{render_plain, Diag};
    use crate::source::{Sources, Span};

    fn render(text: String, at: usize, len: usize) -> String {
        let mut sources = Sources::default();
        let f = sources.add("long.law", text);
        let d = Diag::new("lawbook::test", "here")
            .label(Span::new(f, at, at + len), "this")
            .with_sources(&sources);
        render_plain(&[d])
    }

    #[test]
    fn a_message_naming_a_deep_path_keeps_its_reason() {
        let path = format!("/{}", "build-agent-workspace/".repeat(12));
        let message = format!("cannot read {path}99.law: with it the law book's .law files pass 2 MiB together, the most a law book may hold (the 2017 law book is 0.25 MiB)");
        assert_eq!(shorten(&message), message);
    }

    #[test]
    fn a_long_message_is_shortened() {
        assert_eq!(shorten("short"), "short");
        let long = format!("`{}` is not a seat", "♠".repeat(MAX_MESSAGE * 10));
        let short = shorten(&long);
        assert_eq!(short.chars().count(), MAX_MESSAGE + 1);
        assert!(
            short.starts_with("`♠♠") && short.ends_with("♠` is not a seat"),
            "{short}"
        );
    }

    #[test]
    fn line_starts_follow_miette() {
        assert_eq!(line_starts("a\r\nb\nc\rd"), vec![0, 3, 5, 7]);
        assert_eq!(line_starts(""), vec![0]);
    }

    #[test]
    fn a_long_line_is_cut_around_the_span() {
        // 100,000 columns: miette alone panics past 65,535.
        let text = format!(
            "first\n{}nope{}\nlast\n",
            "x".repeat(70_000),
            "y".repeat(30_000)
        );
        let at = 6 + 70_000;
        let out = render(text, at, 4);
        assert!(out.contains("long.law:2:70001"), "{out}");
        assert!(out.contains("nope"), "{out}");
        assert!(out.len() < 1000, "{} bytes", out.len());
        // The underline starts under `nope`.
        let line = out.lines().find(|l| l.contains("nope")).unwrap();
        let mark = out.lines().find(|l| l.contains('┬')).unwrap();
        let col = |s: &str, pat: char| s.chars().position(|c| c == pat).unwrap();
        assert_eq!(col(line, 'n'), col(mark, '─'));
    }

    #[test]
    fn a_long_span_is_underlined_at_its_start() {
        let text = format!("define {}: int = 1\n", "a".repeat(1_000_000));
        let out = render(text, 7, 1_000_000);
        assert!(out.contains("long.law:1:8"), "{out}");
        assert!(out.len() < 2000, "{} bytes", out.len());
    }

    #[test]
    fn multibyte_text_is_cut_on_character_boundaries() {
        let text = "♠".repeat(30_000) + "x" + &"♥".repeat(30_000);
        let out = render(text, 90_000, 1);
        assert!(
            out.contains('x') && out.contains('♠') && out.contains('♥'),
            "{out}"
        );
    }
}
