//! Reading a translation: checks that the bytes are a UTF-8 text and splits them into lines
//! without changing a byte.

use super::error::AlignError;
use crate::diagnostic::excerpt::SharedSource;

/// One line of the input: its byte range without the terminator, and with it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LineRef {
    pub start: usize,
    /// End of the content (before `\r\n` or `\n`).
    pub end: usize,
    /// End including the terminator.
    pub full_end: usize,
}

/// The input as a checked UTF-8 text and its lines.
pub(crate) struct Text<'a> {
    pub src: &'a str,
    pub lines: Vec<LineRef>,
}

impl<'a> Text<'a> {
    /// Content of line `i` (0-based), without terminator, without a leading BOM.
    pub fn line(&self, i: usize) -> &'a str {
        let l = self.lines[i];
        let s = &self.src[l.start..l.end];
        s.strip_prefix('\u{feff}').unwrap_or(s)
    }

    /// The exact bytes of line `i`, terminator included.
    pub fn raw(&self, i: usize) -> &'a str {
        let l = self.lines[i];
        &self.src[l.start..l.full_end]
    }

    pub fn len(&self) -> usize {
        self.lines.len()
    }
}

/// Checks `bytes` and splits them into lines. Errors name the byte offset of the problem.
pub(crate) fn read<'a>(name: &str, bytes: &'a [u8]) -> Result<Text<'a>, AlignError> {
    if bytes.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(AlignError::Empty {
            name: name.to_string(),
            len: bytes.len(),
        });
    }
    if crate::source::is_utf16(bytes) {
        return Err(AlignError::Binary {
            name: name.to_string(),
            offset: 0,
            what: "UTF-16 text (a byte-order mark, or every other byte NUL); convert the file \
                   to UTF-8 first"
                .to_string(),
        });
    }
    if let Some(offset) = bytes.iter().position(|b| *b == 0) {
        return Err(AlignError::Binary {
            name: name.to_string(),
            offset,
            what: "a NUL byte, so this is binary data (or UTF-16), not a plain-text translation"
                .to_string(),
        });
    }
    let controls = bytes
        .iter()
        .filter(|b| **b < 0x20 && !matches!(**b, b'\n' | b'\r' | b'\t' | 0x0c))
        .count();
    if controls * 100 > bytes.len() {
        let offset = bytes
            .iter()
            .position(|b| *b < 0x20 && !matches!(*b, b'\n' | b'\r' | b'\t' | 0x0c))
            .unwrap_or(0);
        return Err(AlignError::Binary {
            name: name.to_string(),
            offset,
            what: format!("{controls} control bytes, so this is binary data, not a text"),
        });
    }
    let src = match std::str::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => return Err(not_utf8(name, bytes, e)),
    };
    let mut lines = Vec::new();
    let mut start = 0;
    let b = src.as_bytes();
    while start < b.len() {
        let nl = memchr(b'\n', &b[start..]).map(|p| start + p);
        let (end, full_end) = match nl {
            Some(p) => (
                if p > start && b[p - 1] == b'\r' {
                    p - 1
                } else {
                    p
                },
                p + 1,
            ),
            None => (b.len(), b.len()),
        };
        lines.push(LineRef {
            start,
            end,
            full_end,
        });
        start = full_end;
    }
    Ok(Text { src, lines })
}

fn memchr(needle: u8, hay: &[u8]) -> Option<usize> {
    hay.iter().position(|b| *b == needle)
}

fn not_utf8(name: &str, bytes: &[u8], e: std::str::Utf8Error) -> AlignError {
    let offset = e.valid_up_to();
    let byte = bytes[offset];
    let lossy = String::from_utf8_lossy(bytes).into_owned();
    let line = bytes[..offset].iter().filter(|b| **b == b'\n').count() + 1;
    // Count how the invalid bytes look: single high bytes are the mark of a one-byte code page.
    let high = bytes.iter().filter(|b| **b >= 0x80).count();
    // Lines that are UTF-8 with letters beyond ASCII beside lines that are not: the file
    // mixes encodings, and converting all of it would garble the lines already UTF-8.
    let (mut utf8_lines, mut bad_lines) = (0, vec![]);
    for (n, l) in bytes.split(|b| *b == b'\n').enumerate() {
        match std::str::from_utf8(l) {
            Ok(t) if !t.is_ascii() => utf8_lines += 1,
            Ok(_) => {}
            Err(_) => bad_lines.push(n + 1),
        }
    }
    let guess = if utf8_lines > 0 && !bad_lines.is_empty() {
        let shown: Vec<String> = bad_lines.iter().take(5).map(usize::to_string).collect();
        format!(
            "the file mixes encodings: {utf8_lines} line(s) are UTF-8 with letters beyond ASCII, \
             and {} line(s) are not UTF-8 (line {}{}){}; convert those lines alone (converting \
             the whole file with iconv would garble the lines that are UTF-8 already)",
            bad_lines.len(),
            shown.join(", "),
            if bad_lines.len() > 5 { ", …" } else { "" },
            match latin2(byte) {
                Some(c) => format!(", whose byte 0x{byte:02X} would be '{c}' in Latin-2"),
                None => String::new(),
            }
        )
    } else if high > 0 && std::str::from_utf8(bytes).is_err() {
        match latin2(byte) {
            Some(c) => format!(
                "byte 0x{byte:02X} would be '{c}' in Latin-2 (ISO-8859-2); the file is probably \
                 Latin-2 or Windows-1250: convert it with `iconv -f ISO-8859-2 -t UTF-8` (or \
                 `-f CP1250`)"
            ),
            None => format!(
                "byte 0x{byte:02X} starts no UTF-8 character; the file is in some other encoding"
            ),
        }
    } else {
        String::new()
    };
    AlignError::NotUtf8 {
        name: name.to_string(),
        offset,
        line,
        byte,
        help: guess,
        src: SharedSource::new(name, lossy.into()),
        span: (offset, 1).into(),
    }
}

/// The upper half (0xA0-0xFF) of ISO-8859-2.
fn latin2(b: u8) -> Option<char> {
    const UPPER: &str = "\u{a0}Ą˘Ł¤ĽŚ§¨ŠŞŤŹ\u{ad}ŽŻ°ą˛ł´ľśˇ¸šşťź˝žżŔÁÂĂÄĹĆÇČÉĘËĚÍÎĎĐŃŇÓÔŐÖ×ŘŮÚŰÜÝŢßŕáâăäĺćçčéęëěíîďđńňóôőö÷řůúűüýţ˙";
    if b < 0xA0 {
        return None;
    }
    UPPER.chars().nth((b - 0xA0) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_lines_keeping_every_byte() {
        let src = "a\r\nb\n\nc";
        let t = read("t", src.as_bytes()).unwrap();
        assert_eq!(t.len(), 4);
        assert_eq!(t.line(0), "a");
        assert_eq!(t.raw(0), "a\r\n");
        assert_eq!(t.line(2), "");
        assert_eq!(t.raw(3), "c");
        let joined: String = (0..t.len()).map(|i| t.raw(i)).collect();
        assert_eq!(joined, src);
    }

    #[test]
    fn latin2_table_is_complete() {
        assert_eq!(latin2(0xE1), Some('á'));
        assert_eq!(latin2(0xB5), Some('ľ'));
        assert_eq!(latin2(0xFF), Some('˙'));
    }

    /// A file whose lines are UTF-8 but one: converting all of it would garble the others,
    /// so the help names the line, and advises the whole file's conversion only when no
    /// line is UTF-8 beyond ASCII.
    #[test]
    fn a_file_of_mixed_encodings_is_said_to_be_one() {
        let help = |bytes: &[u8]| match read("x", bytes) {
            Err(AlignError::NotUtf8 { help, .. }) => help,
            other => panic!("{:?}", other.err()),
        };
        let mut bytes = "Pravidlo\nnedostatočná\n".as_bytes().to_vec();
        bytes.extend_from_slice(b"nedostato\xe8n\xe1\n");
        let mixed = help(&bytes);
        assert!(
            mixed.contains("mixes encodings") && mixed.contains("(line 3)"),
            "{mixed}"
        );
        assert!(!mixed.contains("convert it with"), "{mixed}");
        let latin2 = help(b"nedostato\xe8n\xe1\n");
        assert!(latin2.contains("iconv"), "{latin2}");
    }

    #[test]
    fn names_the_offset_of_a_latin2_byte() {
        let bytes = b"PRAVIDLO 1 \x96 BAL\xcdK";
        match read("x", bytes) {
            Err(AlignError::NotUtf8 { offset, byte, .. }) => {
                assert_eq!((offset, byte), (11, 0x96));
            }
            other => panic!("{:?}", other.err()),
        }
    }
}
