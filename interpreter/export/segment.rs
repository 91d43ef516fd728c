//! A unit's text as a translator reads it, and back.
//!
//! [`Words::of`] cuts a unit's exact text into the words a translator sees: the paragraph's
//! label (`1.`, `(a)`, `A.`, `ii)`, a footnote's mark) and Markdown marks (`##`, `**`, `*`,
//! `\*`, `[27B](#)` links, a definition's `- ` bullet) left out, words hyphenated at a line end
//! joined, any run of white space one space. Each word keeps its byte range in the exact text,
//! so [`Words::rebuild`] can put a revised reading back: the words the revision keeps keep their
//! bytes (line breaks, hyphenation, marks and all), and only the words it changes are written
//! anew. A revision that changes one word of a hard-wrapped paragraph changes one line.

use crate::align::{Unit, UnitKind};
use similar::{capture_diff_slices, Algorithm, DiffOp};

/// A word of the reading and where it is in the exact text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    pub text: String,
    /// Byte range in the exact text: from its first to its last character, a hyphenated
    /// word's line break included.
    pub start: usize,
    pub end: usize,
}

/// The words of a unit's exact text.
#[derive(Clone, Debug)]
pub struct Words<'a> {
    pub exact: &'a str,
    pub words: Vec<Word>,
}

/// A whitespace-delimited token of the exact text.
struct Token {
    start: usize,
    end: usize,
    /// The token without Markdown marks.
    clean: String,
    /// First token of its line.
    line_start: bool,
    /// Last token of its line.
    line_end: bool,
}

/// Whether a unit's first words may be a label (its key as the text writes it).
fn labelled(kind: UnitKind) -> bool {
    matches!(
        kind,
        UnitKind::Section
            | UnitKind::Paragraph
            | UnitKind::SubParagraph
            | UnitKind::Item
            | UnitKind::Footnote
            | UnitKind::Law
    )
}

/// A paragraph label or footnote mark: `1.`, `A.`, `(a)`, `a)`, `(ii)`, `ii)`, `(22)`, `1)`,
/// `²³`, `*`, `**`. A law's heading number (`57.`) for a law.
fn is_label(t: &str, kind: UnitKind) -> bool {
    if t.is_empty() {
        return false;
    }
    if kind == UnitKind::Law {
        return t.strip_suffix('.').is_some_and(all_digits);
    }
    if kind == UnitKind::Footnote
        && (t.chars().all(|c| c == '*' || c == '†') || t.chars().all(|c| "⁰¹²³⁴⁵⁶⁷⁸⁹".contains(c)))
    {
        return true;
    }
    let inner = t
        .strip_suffix(')')
        .map(|x| x.strip_prefix('(').unwrap_or(x));
    if let Some(i) = inner {
        return (1..=3).contains(&i.chars().count())
            && (all_digits(i) || i.chars().all(|c| c.is_ascii_lowercase()));
    }
    if let Some(i) = t.strip_suffix('.') {
        return (all_digits(i) && i.len() <= 3)
            || (i.chars().count() == 1 && i.chars().all(|c| c.is_ascii_uppercase()));
    }
    false
}

fn all_digits(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_digit())
}

/// A token without its Markdown: emphasis stars, heading hashes, link brackets and targets,
/// backslash escapes. `\*` is a star the text means.
fn unmark(t: &str, line_start: bool) -> String {
    if line_start && t.chars().all(|c| c == '#') {
        return String::new();
    }
    let mut out = String::new();
    let mut chars = t.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                if let Some(&n) = chars.peek() {
                    if n.is_ascii_punctuation() {
                        out.push(n);
                        chars.next();
                        continue;
                    }
                }
                out.push(c);
            }
            '*' => {}
            '[' => {}
            ']' => {
                // `](target)`: the link's target is no part of the reading.
                if chars.peek() == Some(&'(') {
                    for n in chars.by_ref() {
                        if n == ')' {
                            break;
                        }
                    }
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// A token's range without the marks around it (`**Adu**` → `Adu`, `[27B](#)` → `27B`), so that
/// a word written anew keeps them.
fn inner(exact: &str, s: usize, e: usize) -> (usize, usize) {
    let t = &exact[s..e];
    let mut end = t.len();
    if t.ends_with(')') {
        if let Some(k) = t.rfind("](") {
            end = k;
        }
    }
    let body = t[..end].trim_end_matches('*');
    let lead = body.len() - body.trim_start_matches(['*', '[']).len();
    if lead >= body.len() {
        return (s, e);
    }
    (s + lead, s + body.len())
}

fn tokens(exact: &str) -> Vec<Token> {
    let mut out: Vec<Token> = Vec::new();
    let mut start: Option<usize> = None;
    let mut line_start = true;
    let push = |out: &mut Vec<Token>, s: usize, e: usize, ls: bool| {
        let (s2, e2) = inner(exact, s, e);
        out.push(Token {
            start: s2,
            end: e2,
            clean: unmark(&exact[s..e], ls),
            line_start: ls,
            line_end: false,
        });
    };
    let mut first_on_line = true;
    for (i, c) in exact.char_indices() {
        if c.is_whitespace() {
            if let Some(s) = start.take() {
                push(&mut out, s, i, line_start);
                first_on_line = false;
            }
            if c == '\n' {
                if let Some(last) = out.last_mut() {
                    if !first_on_line {
                        last.line_end = true;
                    }
                }
                first_on_line = true;
            }
        } else if start.is_none() {
            start = Some(i);
            line_start = first_on_line;
        }
    }
    if let Some(s) = start {
        push(&mut out, s, exact.len(), line_start);
        if let Some(last) = out.last_mut() {
            last.line_end = true;
        }
    }
    out
}

impl<'a> Words<'a> {
    /// The words of a unit.
    pub fn of(unit: &'a Unit) -> Words<'a> {
        Words::of_text(&unit.text, unit.kind)
    }

    pub fn of_text(exact: &'a str, kind: UnitKind) -> Words<'a> {
        let toks = tokens(exact);
        let mut words: Vec<Word> = Vec::new();
        let mut skipping_labels = labelled(kind);
        let mut labels = 0;
        // A word hyphenated at the end of its line waits for the next line's first token.
        let mut open_hyphen = false;
        for (n, t) in toks.iter().enumerate() {
            if t.clean.is_empty() {
                continue;
            }
            // A definition's bullet (`- Term** (...)`, the Slovak 2017 text).
            if n == 0 && kind == UnitKind::Definition && t.clean == "-" {
                continue;
            }
            if skipping_labels && labels < 3 && is_label(&t.clean, kind) {
                labels += 1;
                continue;
            }
            skipping_labels = false;
            if open_hyphen && t.line_start && t.clean.starts_with(char::is_lowercase) {
                let w = words.last_mut().expect("an open hyphen follows a word");
                w.text.pop();
                w.text.push_str(&t.clean);
                w.end = t.end;
                open_hyphen = t.line_end && hyphenated(&w.text);
                continue;
            }
            words.push(Word {
                text: t.clean.clone(),
                start: t.start,
                end: t.end,
            });
            open_hyphen = t.line_end && hyphenated(&t.clean);
        }
        Words { exact, words }
    }

    /// The reading: the words joined by single spaces.
    pub fn reading(&self) -> String {
        let v: Vec<&str> = self.words.iter().map(|w| w.text.as_str()).collect();
        v.join(" ")
    }

    /// The exact text with `revised` as its reading. The words `revised` shares with the
    /// reading keep their bytes and what lies between them; changed words are written with
    /// single spaces where the originals stood. A revision equal to the reading (white space
    /// aside) gives the exact text back.
    ///
    /// Also returns, for each byte offset of `cuts` (places in the exact text, ascending), the
    /// offset in the result where it now falls (the start of the line it fell in, or of the
    /// next one when the text there was rewritten): a unit whose lines are not contiguous is
    /// put back into its places by them.
    pub fn rebuild(&self, revised: &str, cuts: &[usize]) -> (String, Vec<usize>) {
        let old: Vec<&str> = self.words.iter().map(|w| w.text.as_str()).collect();
        let new: Vec<&str> = revised.split_whitespace().collect();
        if old == new {
            return (self.exact.to_string(), cuts.to_vec());
        }
        let x = self.exact;
        let w = &self.words;
        let mut out = String::new();
        // Original slices written: (from, to) in the exact text, at offset in `out`.
        let mut kept: Vec<(usize, usize, usize)> = Vec::new();
        let mut keep = |out: &mut String, a: usize, b: usize| {
            if a < b {
                kept.push((a, b, out.len()));
                out.push_str(&x[a..b]);
            }
        };
        if w.is_empty() {
            // A unit of blank lines (or marks alone): the words go on a line before it.
            out.push_str(&new.join(" "));
            out.push('\n');
            keep(&mut out, 0, x.len());
        } else {
            keep(&mut out, 0, w[0].start);
            let mut any = false;
            for op in capture_diff_slices(Algorithm::Myers, &old, &new) {
                match op {
                    DiffOp::Equal { old_index, len, .. } => {
                        for i in old_index..old_index + len {
                            if any {
                                if i > 0 {
                                    keep(&mut out, w[i - 1].end, w[i].start);
                                } else {
                                    out.push(' ');
                                }
                            }
                            keep(&mut out, w[i].start, w[i].end);
                            any = true;
                        }
                    }
                    DiffOp::Delete { .. } => {}
                    DiffOp::Insert {
                        new_index, new_len, ..
                    } => {
                        if any {
                            out.push(' ');
                        }
                        out.push_str(&new[new_index..new_index + new_len].join(" "));
                        any = true;
                    }
                    DiffOp::Replace {
                        old_index,
                        new_index,
                        new_len,
                        ..
                    } => {
                        if any {
                            // The separator before the replaced word (a line break stays one).
                            if old_index > 0 {
                                keep(&mut out, w[old_index - 1].end, w[old_index].start);
                            } else {
                                out.push(' ');
                            }
                        }
                        out.push_str(&new[new_index..new_index + new_len].join(" "));
                        any = true;
                    }
                }
            }
            keep(&mut out, w[w.len() - 1].end, x.len());
        }
        let mut placed = Vec::with_capacity(cuts.len());
        let mut floor = 0;
        for &c in cuts {
            let at = kept
                .iter()
                .find(|&&(a, b, _)| a <= c && c <= b)
                .map(|&(a, _, o)| o + (c - a))
                .or_else(|| kept.iter().find(|&&(a, _, _)| a > c).map(|&(_, _, o)| o))
                .unwrap_or(out.len());
            // A cut goes to the start of a line.
            let mut at = at.max(floor);
            while at > 0 && at < out.len() && out.as_bytes()[at - 1] != b'\n' {
                at += 1;
            }
            placed.push(at);
            floor = at;
        }
        (out, placed)
    }
}

/// A word broken at the line's end: a letter, then a hyphen.
fn hyphenated(w: &str) -> bool {
    let mut r = w.chars().rev();
    r.next() == Some('-') && r.next().is_some_and(char::is_alphabetic)
}

/// The reading of a unit (see [`Words::of`]).
pub fn reading(unit: &Unit) -> String {
    Words::of(unit).reading()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str, kind: UnitKind) -> String {
        Words::of_text(text, kind).reading()
    }

    #[test]
    fn labels_and_marks_are_left_out() {
        let p = UnitKind::SubParagraph;
        assert_eq!(read("1. (a) text² here\n\n", p), "text² here");
        assert_eq!(
            read("3.\u{a0}(a)\u{a0}Niezależnie od\n", p),
            "Niezależnie od"
        );
        assert_eq!(
            read("ii) Ha ez *hasonló* licit\n", p),
            "Ha ez hasonló licit"
        );
        assert_eq!(read("A. Poradie\n", UnitKind::Section), "Poradie");
        assert_eq!(
            read("## 57. IDŐ ELŐTTI HÍVÁS\n\n", UnitKind::Law),
            "IDŐ ELŐTTI HÍVÁS"
        );
        assert_eq!(
            read("PRAVIDLO 1 – BALÍČEK\n", UnitKind::Law),
            "PRAVIDLO 1 – BALÍČEK"
        );
        assert_eq!(
            read("\n\\*\\* Ha a büntetőlappal\n", UnitKind::Footnote),
            "Ha a büntetőlappal"
        );
        assert_eq!(
            read("\n²³ Pozri pravidlo 73D2.\n", UnitKind::Footnote),
            "Pozri pravidlo 73D2."
        );
        assert_eq!(
            read(
                "- Alertovanie** (Alert) – upozornenie\n",
                UnitKind::Definition
            ),
            "Alertovanie (Alert) – upozornenie"
        );
        assert_eq!(
            read("**Adu** (Trump) – A szín\n", UnitKind::Definition),
            "Adu (Trump) – A szín"
        );
        assert_eq!(
            read("podľa [C1\\(d\\)](#) a 5 \\* 3\n", p),
            "podľa C1(d) a 5 * 3"
        );
        // A label is only a label at the start; a paragraph's text may begin with "A".
        assert_eq!(read("A hráč 1. (a)\n", p), "A hráč 1. (a)");
    }

    #[test]
    fn hyphenation_at_a_line_end_is_undone() {
        let t = "(b) Nepožadovať vý-\nnos. V takom prípade môže ob-\n   ranca vyniesť \n";
        assert_eq!(
            read(t, UnitKind::SubParagraph),
            "Nepožadovať výnos. V takom prípade môže obranca vyniesť"
        );
        // Not after a number, not before a capital.
        assert_eq!(read("1 -\nx 12-\nA\n", UnitKind::Preface), "1 - x 12- A");
    }

    #[test]
    fn the_same_reading_gives_the_exact_text_back() {
        let t = "1. (a) **Text** vý-\nnos \\* [27B](#)\n\n";
        let w = Words::of_text(t, UnitKind::SubParagraph);
        assert_eq!(w.rebuild(&w.reading(), &[]).0, t);
        assert_eq!(w.rebuild(&format!("  {}  ", w.reading()), &[]).0, t);
    }

    #[test]
    fn a_changed_word_changes_only_its_place() {
        let t = "(b) Nepožadovať vý-\nnos. V takom prípade môže ob-\n   ranca vyniesť \n\n";
        let w = Words::of_text(t, UnitKind::SubParagraph);
        let revised = w.reading().replace("takom", "tomto");
        let (out, _) = w.rebuild(&revised, &[]);
        assert_eq!(
            out,
            "(b) Nepožadovať vý-\nnos. V tomto prípade môže ob-\n   ranca vyniesť \n\n"
        );
        // A hyphenated word rewritten loses its line break; the label and the end stay.
        let (out, _) = w.rebuild(&w.reading().replace("výnos.", "výnos!"), &[]);
        assert_eq!(
            out,
            "(b) Nepožadovať výnos! V takom prípade môže ob-\n   ranca vyniesť \n\n"
        );
        // Marks around a changed word stay.
        let w = Words::of_text("**Adu** (Trump) – A\n", UnitKind::Definition);
        assert_eq!(
            w.rebuild("Adut (Trump) – A", &[]).0,
            "**Adut** (Trump) – A\n"
        );
        // Words added at the end and removed at the start.
        let w = Words::of_text("1. a b c\n", UnitKind::Paragraph);
        assert_eq!(w.rebuild("b c d", &[]).0, "1. b c d\n");
    }

    #[test]
    fn cuts_follow_the_lines() {
        let t = "1. one two\nthree\n\nfour five\n";
        let w = Words::of_text(t, UnitKind::Paragraph);
        let cut = t.find("\nfour").unwrap() + 1;
        let (out, at) = w.rebuild("one TWO three four five", &[cut]);
        assert_eq!(out, "1. one TWO\nthree\n\nfour five\n");
        assert_eq!(&out[at[0]..], "four five\n");
        // The words after the cut rewritten: the cut stays at the start of their line.
        let (out, at) = w.rebuild("one two three 4", &[cut]);
        assert_eq!(out, "1. one two\nthree\n\n4\n");
        assert_eq!(&out[at[0]..], "4\n");
    }
}
