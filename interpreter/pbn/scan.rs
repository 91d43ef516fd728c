//! The lexical layer: text -> games -> tag pairs, each with the section data that follows it
//! (tokens, strings, comments). Escape lines, comments and game boundaries are handled here;
//! nothing is interpreted.

use super::{char_span, Fail, PbnErrorKind};
use std::ops::Range;

/// A tag pair as written, with the section data that follows it up to the next tag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct RawTag {
    pub name: String,
    /// The value with `\"` and `\\` resolved.
    pub value: String,
    /// Byte range between the quotes.
    pub value_span: Range<usize>,
    /// The value needed no unescaping: `value` is exactly the text at `value_span`.
    pub verbatim: bool,
    /// Byte range of `[Name "value"]`.
    pub span: Range<usize>,
    pub items: Vec<Item>,
}

/// A piece of section data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Item {
    /// A run of characters up to white space or one of `[ ] { } ; " %`.
    Token(Range<usize>),
    /// A string token, with its quotes.
    Str(Range<usize>),
    /// A comment, with its delimiters.
    Comment(Range<usize>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct RawGame {
    pub tags: Vec<RawTag>,
}

impl RawGame {
    pub fn span(&self) -> Range<usize> {
        let start = self.tags.first().map_or(0, |t| t.span.start);
        let end = self.tags.last().map_or(0, |t| {
            t.items
                .last()
                .map_or(t.span.end, |i| item_span(i).end.max(t.span.end))
        });
        start..end
    }
}

pub(super) fn item_span(item: &Item) -> Range<usize> {
    match item {
        Item::Token(r) | Item::Str(r) | Item::Comment(r) => r.clone(),
    }
}

fn syntax(message: impl Into<String>, help: &str, label: &str, span: Range<usize>) -> Fail {
    Fail::new(PbnErrorKind::Syntax, message, help, label, span)
}

impl RawGame {
    /// The same game with its offsets moved `by` bytes on: the scanner counts from the start
    /// of the text it is given, a reader of a stream from the start of the file.
    pub fn shift(&mut self, by: usize) {
        let mv = |r: &mut Range<usize>| *r = r.start + by..r.end + by;
        for t in &mut self.tags {
            mv(&mut t.value_span);
            mv(&mut t.span);
            for item in &mut t.items {
                match item {
                    Item::Token(r) | Item::Str(r) | Item::Comment(r) => mv(r),
                }
            }
        }
    }
}

/// `scan_sized` with no room made ahead: the tests' entry.
#[cfg(test)]
pub(super) fn scan(text: &str, from: usize) -> Result<Vec<RawGame>, Fail> {
    scan_sized(text, from, 0)
}

/// Split the text into games of tag pairs, from byte `from` on (at the start of a line,
/// after a byte order mark); the text before is only there to be shown in diagnostics. Room
/// is made for `tags` tags in the first game (the stream's reader passes the previous game's
/// number: games of a file mostly have as many), and each later game's list is made as large
/// as the one before.
pub(super) fn scan_sized(text: &str, from: usize, tags: usize) -> Result<Vec<RawGame>, Fail> {
    check_characters(text)?;
    let b = text.as_bytes();
    let mut pos = if from == 0 && text.starts_with('\u{feff}') {
        3
    } else {
        from
    };
    let mut line_start = true;
    let mut games: Vec<RawGame> = Vec::new();
    let mut cur: Vec<RawTag> = Vec::with_capacity(tags);

    // The next game's list made as large as this one's: games mostly have as many tags.
    fn finish(cur: &mut Vec<RawTag>, games: &mut Vec<RawGame>) {
        if !cur.is_empty() {
            let tags = std::mem::replace(cur, Vec::with_capacity(cur.len()));
            games.push(RawGame { tags });
        }
    }

    while pos < b.len() {
        if line_start {
            line_start = false;
            if b[pos] == b'%' {
                pos = line_end(b, pos);
                continue;
            }
            let mut q = pos;
            while q < b.len() && matches!(b[q], b' ' | b'\t' | b'\r' | 0x0c) {
                q += 1;
            }
            if q >= b.len() || b[q] == b'\n' {
                // A semi-empty line: the game ends.
                finish(&mut cur, &mut games);
                pos = q;
                continue;
            }
        }
        match b[pos] {
            b'\n' => {
                pos += 1;
                line_start = true;
            }
            b' ' | b'\t' | b'\r' | 0x0c => pos += 1,
            b';' => {
                let end = line_end(b, pos);
                push_item(&mut cur, Item::Comment(pos..end));
                pos = end;
            }
            b'{' => match memchr::memchr(b'}', &b[pos + 1..]) {
                Some(k) => {
                    let end = pos + 1 + k + 1;
                    push_item(&mut cur, Item::Comment(pos..end));
                    pos = end;
                }
                None => {
                    return Err(syntax(
                        "this comment is never closed",
                        "a comment that starts with `{` ends at the next `}`",
                        "comment starts here",
                        pos..pos + 1,
                    ))
                }
            },
            b'[' => {
                let tag = scan_tag(text, pos)?;
                pos = tag.span.end;
                if (tag.name == "Event" || tag.name == "Board")
                    && cur.iter().any(|t| t.name == tag.name)
                {
                    finish(&mut cur, &mut games);
                }
                cur.push(tag);
            }
            b'"' => {
                let s = scan_string(text, pos)?;
                let span = pos..s.end;
                if cur.is_empty() {
                    return Err(outside(span));
                }
                push_item(&mut cur, Item::Str(span));
                pos = s.end;
            }
            b']' | b'}' => {
                return Err(syntax(
                    format!("`{}` without its opening bracket", b[pos] as char),
                    "tags are written [Name \"value\"] and comments { like this }",
                    "unmatched",
                    pos..pos + 1,
                ))
            }
            b'%' => {
                return Err(syntax(
                    "`%` is only allowed at the start of a line",
                    "a line starting with % is an escape line, which readers skip; elsewhere % \
                     has no meaning in PBN",
                    "here",
                    pos..pos + 1,
                ))
            }
            _ => {
                let mut end = pos;
                while end < b.len() && !is_token_end(b[end]) {
                    end += 1;
                }
                if cur.is_empty() {
                    return Err(outside(pos..end));
                }
                push_item(&mut cur, Item::Token(pos..end));
                pos = end;
            }
        }
    }
    finish(&mut cur, &mut games);
    Ok(games)
}

fn outside(span: Range<usize>) -> Fail {
    syntax(
        "text outside a tag: this is not PBN",
        "a PBN game is a list of tags such as [Board \"1\"]; only the auction, the play and \
         supplemental sections have data after their tag; comments are written { like this } \
         or after ;",
        "not inside any tag's section",
        span,
    )
}

fn push_item(cur: &mut [RawTag], item: Item) {
    if let Some(tag) = cur.last_mut() {
        tag.items.push(item);
    }
    // A comment before the first tag of a game refers to the game as a whole; it is skipped.
}

fn is_token_end(c: u8) -> bool {
    matches!(
        c,
        b' ' | b'\t' | b'\r' | b'\n' | 0x0c | b'[' | b']' | b'{' | b'}' | b';' | b'"' | b'%'
    )
}

fn line_end(b: &[u8], from: usize) -> usize {
    memchr::memchr(b'\n', &b[from..]).map_or(b.len(), |k| from + k)
}

fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && matches!(b[i], b' ' | b'\t' | b'\r' | b'\n' | 0x0c) {
        i += 1;
    }
    i
}

/// Binary data is reported before anything else.
pub(super) fn check_characters(text: &str) -> Result<(), Fail> {
    // First the common case, all plain: no C0 control but the four white spaces, no DEL,
    // and no 0xC2 (the lead byte of every C1 control, U+0080-U+009F, and of a few other
    // characters, which the exact search below tells apart). Chunks folded without a branch
    // a byte, so that the compiler makes the loop wide.
    let plain =
        |c: u8| (c >= 0x20 && c != 0x7f && c != 0xc2) | matches!(c, b'\t' | b'\n' | b'\r' | 0x0c);
    let all_plain = text
        .as_bytes()
        .chunks(64)
        .all(|chunk| chunk.iter().fold(true, |ok, &c| ok & plain(c)));
    if all_plain {
        return Ok(());
    }
    for (i, c) in text.char_indices() {
        if c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\u{c}') {
            return Err(Fail::new(
                PbnErrorKind::Encoding,
                format!(
                    "control character U+{:04X} at byte {i}: this looks like binary data, not PBN",
                    c as u32
                ),
                "PBN is plain text; check that this is the exported .pbn file",
                "control character",
                i..i + c.len_utf8(),
            ));
        }
    }
    Ok(())
}

struct Str {
    value: String,
    inner: Range<usize>,
    verbatim: bool,
    /// Just after the closing quote.
    end: usize,
}

fn scan_string(text: &str, start: usize) -> Result<Str, Fail> {
    let b = text.as_bytes();
    let mut i = start + 1;
    let mut seg = i;
    // Made only when an escape is met: a value without one is copied in one piece.
    let mut unescaped: Option<String> = None;
    loop {
        // Straight to the next byte that ends or escapes.
        i = memchr::memchr3(b'"', b'\\', b'\n', &b[i..]).map_or(b.len(), |k| i + k);
        if i >= b.len() || b[i] == b'\n' {
            let end = if i < b.len() && i > start + 1 && b[i - 1] == b'\r' {
                i - 1
            } else {
                i
            };
            return Err(syntax(
                "this string is not closed on its line",
                "a tag value is written between double quotes on one line; write a quote inside \
                 it as \\\"",
                "string starts here",
                start..end.max(start + 1),
            ));
        }
        match b[i] {
            b'"' => break,
            b'\\' if i + 1 < b.len() && (b[i + 1] == b'"' || b[i + 1] == b'\\') => {
                let value = unescaped.get_or_insert_with(String::new);
                value.push_str(&text[seg..i]);
                value.push(b[i + 1] as char);
                i += 2;
                seg = i;
            }
            _ => i += 1,
        }
    }
    let verbatim = unescaped.is_none();
    let value = match unescaped {
        Some(mut value) => {
            value.push_str(&text[seg..i]);
            value
        }
        None => text[start + 1..i].to_string(),
    };
    Ok(Str {
        value,
        inner: start + 1..i,
        verbatim,
        end: i + 1,
    })
}

fn scan_tag(text: &str, start: usize) -> Result<RawTag, Fail> {
    let b = text.as_bytes();
    let help = "a tag is written [Name \"value\"], for example [Dealer \"N\"]";
    let mut i = skip_ws(b, start + 1);
    let name_start = i;
    while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
        i += 1;
    }
    if i == name_start {
        let what = if i >= b.len() {
            "the file ends inside a tag".to_string()
        } else {
            "a tag name must follow `[`".to_string()
        };
        return Err(syntax(what, help, "tag starts here", start..start + 1));
    }
    let name = text[name_start..i].to_string();
    i = skip_ws(b, i);
    if i >= b.len() || b[i] != b'"' {
        let at = if i >= b.len() {
            start..name_start + name.len()
        } else {
            char_span(text, i)
        };
        return Err(syntax(
            format!("the tag `{name}` has no value"),
            help,
            "expected a value in double quotes",
            at,
        ));
    }
    let s = scan_string(text, i)?;
    i = skip_ws(b, s.end);
    if i >= b.len() || b[i] != b']' {
        return Err(syntax(
            format!("the tag `{name}` is not closed"),
            "a tag ends with `]` after its value",
            "expected `]` after this",
            start..s.end,
        ));
    }
    Ok(RawTag {
        name,
        value: s.value,
        value_span: s.inner,
        verbatim: s.verbatim,
        span: start..i + 1,
        items: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    fn names(games: &[RawGame]) -> Vec<Vec<String>> {
        games
            .iter()
            .map(|g| g.tags.iter().map(|t| t.name.clone()).collect())
            .collect()
    }

    #[test]
    fn games_split_at_semi_empty_lines_not_inside_comments() {
        let text = "% PBN 2.1\n[Event \"a\"]\n[Board \"1\"]\n \t\r\n[Board \"2\"] {a\n\ncomment}\n[Dealer \"N\"]\n\n\n[Board \"3\"]";
        let games = scan(text, 0).unwrap();
        assert_eq!(
            names(&games),
            vec![
                vec!["Event", "Board"],
                vec!["Board", "Dealer"],
                vec!["Board"]
            ]
        );
        assert_eq!(&text[games[0].span()], "[Event \"a\"]\n[Board \"1\"]");
    }

    #[test]
    fn repeated_event_or_board_starts_a_game() {
        let games = scan(
            "[Event \"a\"][Board \"1\"][Event \"a\"][Board \"2\"]\n[Board \"3\"]",
            0,
        )
        .unwrap();
        assert_eq!(
            names(&games),
            vec![
                vec!["Event", "Board"],
                vec!["Event", "Board"],
                vec!["Board"]
            ]
        );
    }

    #[test]
    fn strings_with_escapes_and_brackets() {
        let text = r#"[Event "Random]"] [ Site
  "say \"hi\" \\ \S" ]"#;
        let g = scan(text, 0).unwrap();
        let t = &g[0].tags;
        assert_eq!(t[0].value, "Random]");
        assert!(t[0].verbatim);
        assert_eq!(t[1].value, r#"say "hi" \ \S"#);
        assert!(!t[1].verbatim);
        assert_eq!(
            &text[t[1].span.clone()],
            "[ Site\n  \"say \\\"hi\\\" \\\\ \\S\" ]"
        );
    }

    #[test]
    fn section_items_follow_their_tag() {
        let text = "[Auction \"N\"]\n1S =1= Pass ; to end\n{c} \"str\" AP\n[Note \"1:x\"]";
        let g = scan(text, 0).unwrap();
        let items: Vec<&str> = g[0].tags[0]
            .items
            .iter()
            .map(|i| &text[item_span(i)])
            .collect();
        assert_eq!(
            items,
            ["1S", "=1=", "Pass", "; to end", "{c}", "\"str\"", "AP"]
        );
    }

    #[rstest]
    #[case("[Event \"a", "not closed on its line", 7..9)]
    #[case("[Event \"a\nb\"]", "not closed on its line", 7..9)]
    #[case("[Event \"a\"", "not closed", 0..10)]
    #[case("[Event]", "has no value", 6..7)]
    #[case("[\"x\"]", "tag name must follow", 0..1)]
    #[case("[", "ends inside a tag", 0..1)]
    #[case("[Event \"a\"] {never closed", "never closed", 12..13)]
    #[case("hello world", "outside a tag", 0..5)]
    #[case("[Event \"a\"]\n\nPass", "outside a tag", 13..17)]
    #[case("[Event \"a\"] }", "without its opening", 12..13)]
    #[case("[Event \"a\"] 50%", "only allowed at the start", 14..15)]
    #[case("[Event \"a\u{0}\"]", "binary data", 9..10)]
    fn rejects(#[case] text: &str, #[case] needle: &str, #[case] span: Range<usize>) {
        let e = scan(text, 0).unwrap_err();
        assert!(e.message.contains(needle), "{}", e.message);
        assert_eq!(e.span, span, "{}", e.message);
    }
}
