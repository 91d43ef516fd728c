//! The law book's translations as the translators' tools read them: from
//! `laws/<edition>/text/<lang>.source.txt`, aligned, and read as words.

// A diagnostic is made once per run and carries its source for miette; its size does not
// matter (as in align/).
#![allow(clippy::result_large_err)]

use super::lang::text_path;
use super::matcher::SearchText;
use crate::align::sources::TextFiles;
use crate::align::{export::TEXTS, Alignment, Edition, Lang, Unit};
use crate::diagnostic::Diag;
use std::path::Path;

pub const E_TEXT: &str = "lawbook::translators::text";

/// A text of the law book, aligned and indexed.
#[derive(Debug)]
pub struct Text {
    pub lang: Lang,
    pub edition: Edition,
    /// The path it was read from, as given.
    pub path: String,
    pub alignment: Alignment,
    /// The whole text as words (line numbers are the source's).
    pub words: SearchText,
    /// The text as read.
    pub raw: String,
}

impl Text {
    /// `sk 2017`.
    pub fn label(&self) -> String {
        format!("{} {}", self.lang, self.edition)
    }

    /// A line of the text (1-based), without its terminator.
    pub fn line(&self, n: usize) -> Option<&str> {
        self.raw
            .split('\n')
            .nth(n.checked_sub(1)?)
            .map(|l| l.trim_end_matches('\r'))
    }

    /// The unit holding a line (every line is in exactly one unit).
    pub fn unit_at(&self, line: usize) -> Option<&Unit> {
        self.alignment
            .units
            .iter()
            .find(|u| u.lines.iter().any(|&(a, b)| a <= line && line <= b))
    }

    /// For each line (index = line - 1), the index of its unit.
    pub fn unit_of_line(&self) -> Vec<usize> {
        let mut out = vec![usize::MAX; self.alignment.line_count];
        for (i, u) in self.alignment.units.iter().enumerate() {
            for &(a, b) in &u.lines {
                for l in a..=b {
                    if let Some(slot) = out.get_mut(l - 1) {
                        *slot = i;
                    }
                }
            }
        }
        out
    }
}

/// The texts the law book holds, as (language, edition).
pub fn known() -> String {
    TEXTS
        .iter()
        .map(|t| format!("{} {}", t.0, t.1))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The texts of an edition: 2017 has sk and hu, 2007 pl, 1997 sk.
pub fn of_edition(edition: Edition) -> Vec<Lang> {
    TEXTS
        .iter()
        .filter(|t| t.1 == edition)
        .map(|t| t.0)
        .collect()
}

/// Reads and aligns `<laws>/<edition>/text/<lang>.source.txt`.
pub fn load(laws: &Path, lang: Lang, edition: Edition) -> Result<Text, Diag> {
    load_with(laws, lang, edition, &TextFiles::default())
}

/// Reads and aligns the file given for `lang` in `files` (`--text sk=FILE`, by its layout if
/// one is given), or else `<laws>/<edition>/text/<lang>.source.txt`.
pub fn load_with(
    laws: &Path,
    lang: Lang,
    edition: Edition,
    files: &TextFiles,
) -> Result<Text, Diag> {
    if !files.adds(lang) && !TEXTS.iter().any(|t| t.0 == lang && t.1 == edition) {
        return Err(Diag::new(
            E_TEXT,
            format!("the law book has no {lang} text of the {edition} Laws"),
        )
        .help(format!(
            "the texts are: {}; a text of your own is read with its layout: --text \
             {lang}=FILE --layout {lang}=FILE",
            known()
        )));
    }
    let given = files.text(lang);
    let path = match given {
        Some(p) => p.to_path_buf(),
        None => laws.join(text_path(lang, edition)),
    };
    let name = path.display().to_string();
    let bytes =
        crate::source::read_limited(&path, crate::source::MAX_LARGE_BYTES).map_err(|e| {
            let d = Diag::new(E_TEXT, format!("cannot read {name}: {e}"));
            if given.is_some() {
                d.help(format!("check the file given with --text {lang}=FILE"))
            } else {
                d.help(format!(
                    "give the folder that holds the law book's texts with --laws (it holds \
                     {}), or the file with --text {lang}=FILE",
                    text_path(lang, edition)
                ))
            }
        })?;
    let text = check_text(E_TEXT, &name, &bytes)?;
    let alignment = files
        .align(&name, text.as_bytes(), lang, edition)
        .map_err(|e| {
            let help = miette::Diagnostic::help(&e).map(|h| h.to_string());
            let d = Diag::new(E_TEXT, e.to_string());
            match help {
                Some(h) => d.help(h),
                None => d,
            }
        })?;
    let words = SearchText::new(&text);
    Ok(Text {
        lang,
        edition,
        path: name,
        alignment,
        words,
        raw: text,
    })
}

/// The text of a file, or a diagnostic when it is empty, binary or not UTF-8.
pub fn check_text(code: &'static str, name: &str, bytes: &[u8]) -> Result<String, Diag> {
    if bytes.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(Diag::new(
            code,
            format!(
                "{name} is empty ({} bytes, nothing but white space)",
                bytes.len()
            ),
        ));
    }
    if crate::source::is_utf16(bytes) {
        return Err(Diag::new(code, format!("{name} is UTF-16 text, not UTF-8"))
            .help("save the file as UTF-8 (in most editors: Save as, encoding UTF-8)"));
    }
    if let Some(at) = bytes.iter().position(|b| *b == 0) {
        return Err(Diag::new(
            code,
            format!("{name} is not a text: byte offset {at} is a NUL byte"),
        )
        .help("give a UTF-8 text file"));
    }
    match std::str::from_utf8(bytes) {
        Ok(s) => Ok(s.strip_prefix('\u{feff}').unwrap_or(s).to_string()),
        Err(e) => {
            let at = e.valid_up_to();
            let line = bytes[..at].iter().filter(|b| **b == b'\n').count() + 1;
            Err(Diag::new(
                code,
                format!(
                    "{name} is not UTF-8: byte 0x{:02X} at byte offset {at} (line {line})",
                    bytes[at]
                ),
            )
            .help("save the file as UTF-8"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// UTF-16, with its byte order mark or without, is named as such; other NUL bytes are
    /// binary data; a UTF-8 byte order mark is read past.
    #[test]
    fn utf16_is_named_and_a_bom_read_past() {
        let utf16le: Vec<u8> = "<xliff/>"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        for bytes in [[&[0xff, 0xfe][..], &utf16le].concat(), utf16le.clone()] {
            let e = check_text("t", "x.xlf", &bytes).unwrap_err();
            assert!(e.message.contains("UTF-16"), "{}", e.message);
        }
        let e = check_text("t", "x.bin", b"abc\x00defghijklmnop").unwrap_err();
        assert!(e.message.contains("NUL byte"), "{}", e.message);
        assert_eq!(check_text("t", "x", "\u{feff}ok".as_bytes()).unwrap(), "ok");
    }
}
