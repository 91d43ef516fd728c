//! `lawbook fmt`: the canonical layout of .law and .case files. It changes only whitespace
//! at the start and end of lines and blank lines, so every comment and every token stays as
//! written and the file means what it meant:
//!
//! - a line is indented two spaces per brace it stands in (a line that begins with `}` one
//!   level less);
//! - in a law file, a line that continues the one above it (more indented than its block's
//!   first line, `sk "…"` under `ask en "…"`) keeps its extra indentation; a case's lines
//!   never continue one another;
//! - tabs at the start of a line count as two spaces; trailing whitespace goes; CRLF becomes
//!   LF; two or more blank lines become one; no blank line opens or closes a file; the file
//!   ends with one newline.
//!
//! Braces inside strings ("…", law files) and comments (`//`, and `#` in cases) do not count.

/// The two kinds of file `fmt` knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Law,
    Case,
}

impl Kind {
    pub fn of(path: &std::path::Path) -> Option<Kind> {
        match path.extension()?.to_str()? {
            "law" => Some(Kind::Law),
            "case" => Some(Kind::Case),
            _ => None,
        }
    }
}

const INDENT: usize = 2;

/// The braces a line opens and closes, outside strings and comments: (closes before its
/// first opening, net change).
fn braces(line: &str, kind: Kind) -> (usize, isize) {
    let (mut leading_closes, mut net, mut opened) = (0usize, 0isize, false);
    let mut in_string = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        if in_string {
            if c == '"' {
                in_string = false;
            }
            continue;
        }
        match c {
            '"' if kind == Kind::Law => in_string = true,
            '/' if chars.peek() == Some(&'/') => break,
            '#' if kind == Kind::Case => break,
            '{' => {
                net += 1;
                opened = true;
            }
            '}' => {
                net -= 1;
                if !opened {
                    leading_closes += 1;
                }
            }
            _ => {}
        }
    }
    (leading_closes, net)
}

/// The width of a line's leading whitespace, a tab counting as one indentation step.
fn indent_of(line: &str) -> usize {
    line.chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .map(|c| if c == '\t' { INDENT } else { 1 })
        .sum()
}

/// The canonical layout of a file's text.
pub fn format(text: &str, kind: Kind) -> String {
    let mut out = String::with_capacity(text.len());
    // One entry per block the line stands in (the file itself first): the old indentation
    // of the block's first line, which its other lines are measured against to tell a
    // continuation.
    let mut blocks: Vec<Option<usize>> = vec![None];
    let mut blank_run = 0usize;
    for raw in text.lines() {
        let line = raw.trim_end();
        let body = line.trim_start_matches([' ', '\t']);
        if body.is_empty() {
            blank_run += 1;
            continue;
        }
        let (closes, net) = braces(body, kind);
        // The blocks its leading `}` close end before the line.
        blocks.truncate(blocks.len().saturating_sub(closes).max(1));
        let level = blocks.len() - 1;
        let old = indent_of(line);
        let base = *blocks[level].get_or_insert(old);
        // Case lines do not continue one another: each stands at its block's level.
        let extra = if closes == 0 && kind == Kind::Law {
            old.saturating_sub(base)
        } else {
            0
        };
        // A blank line is kept (one of a run) between lines, but not just inside a brace.
        if blank_run > 0 && !out.is_empty() && closes == 0 && !out.ends_with("{\n") {
            out.push('\n');
        }
        blank_run = 0;
        out.extend(std::iter::repeat_n(' ', level * INDENT + extra));
        out.push_str(body);
        out.push('\n');
        // The braces after the leading ones open (or close) blocks for the next lines.
        let rest = net + closes as isize;
        for _ in 0..rest.max(0) {
            blocks.push(None);
        }
        for _ in 0..(-rest).max(0) {
            if blocks.len() > 1 {
                blocks.pop();
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indents_by_braces_and_keeps_continuations() {
        // Indented four and eight instead of two and four, with tabs, CRLF, trailing spaces
        // and blank lines.
        let messy = "\nlaw 1 {\r\n\t\ttitle en \"x {\"   \n\n\n    define a: int =\n        3\n    option o {\n\n        ask en \"?\"\n            sk \"?\"\n    }\n}\n\n";
        let want = "law 1 {\n  title en \"x {\"\n\n  define a: int =\n      3\n  option o {\n    ask en \"?\"\n        sk \"?\"\n  }\n}\n";
        assert_eq!(format(messy, Kind::Law), want);
        assert_eq!(
            format(want, Kind::Law),
            want,
            "formatting twice changes nothing"
        );
    }

    #[test]
    fn comments_and_case_blocks() {
        let case = "// a { comment\ntitle t\nauction {\nN 1NT  E pass   \n  # note {\n}\n";
        let want = "// a { comment\ntitle t\nauction {\n  N 1NT  E pass\n  # note {\n}\n";
        assert_eq!(format(case, Kind::Case), want);
    }
}
