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
/// backslash escapes. `\*` is a star the text means. Read by `char_places`, so that a word
/// edited in place (`edited`) is read by the same rules as the reading.
fn unmark(t: &str, line_start: bool) -> String {
    if line_start && t.chars().all(|c| c == '#') {
        return String::new();
    }
    char_places(t, 0, t.len())
        .into_iter()
        .map(|p| p.0)
        .collect()
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
    // Emphasis stars close the word; an escaped star (`\*`, a footnote's mark) is the word's.
    let mut body = &t[..end];
    while body.ends_with('*') && !body[..body.len() - 1].ends_with('\\') {
        body = &body[..body.len() - 1];
    }
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

    /// The reading: the words joined by single spaces, or by the no-break spaces the text
    /// writes between them (a typographer's `w\u{a0}przepisie` stays one piece).
    pub fn reading(&self) -> String {
        let v: Vec<String> = self.pieces().into_iter().map(|w| w.text).collect();
        v.join(" ")
    }

    /// The words, those the text joins by no-break spaces alone as one piece (their spaces
    /// in its text): what a revision is compared by, so that a no-break space put in or taken
    /// out is a change.
    fn pieces(&self) -> Vec<Word> {
        let mut out: Vec<Word> = Vec::with_capacity(self.words.len());
        for w in &self.words {
            match out.last_mut() {
                Some(last) if is_hard_spacing(&self.exact[last.end..w.start]) => {
                    last.text.push_str(&self.exact[last.end..w.start]);
                    last.text.push_str(&w.text);
                    last.end = w.end;
                }
                _ => out.push(w.clone()),
            }
        }
        out
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
        let pieces = self.pieces();
        let old: Vec<&str> = pieces.iter().map(|w| w.text.as_str()).collect();
        let new: Vec<&str> = soft_words(revised).collect();
        if old == new {
            return (self.exact.to_string(), cuts.to_vec());
        }
        let x = self.exact;
        let w = &pieces;
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
            out.push_str(&written(&new));
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
                        out.push_str(&written(&new[new_index..new_index + new_len]));
                        any = true;
                    }
                    // Word for word: each word edited in its place, so that its marks, link,
                    // escapes and line break stay, and the separators between them too.
                    DiffOp::Replace {
                        old_index,
                        old_len,
                        new_index,
                        new_len,
                    } if old_len == new_len => {
                        for k in 0..old_len {
                            let i = old_index + k;
                            if any {
                                if i > 0 {
                                    keep(&mut out, w[i - 1].end, w[i].start);
                                } else {
                                    out.push(' ');
                                }
                            }
                            match edited(x, &w[i], new[new_index + k]) {
                                Some((from, middle, to)) => {
                                    keep(&mut out, w[i].start, from);
                                    out.push_str(&middle);
                                    keep(&mut out, to, w[i].end);
                                }
                                None => out.push_str(&marked(new[new_index + k])),
                            }
                            any = true;
                        }
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
                        out.push_str(&written(&new[new_index..new_index + new_len]));
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

/// A no-break space: typography inside a piece of the reading, not a break between words.
fn is_hard_space(c: char) -> bool {
    matches!(c, '\u{a0}' | '\u{202f}' | '\u{2007}')
}

/// Text between two words that is no-break spaces alone.
fn is_hard_spacing(between: &str) -> bool {
    !between.is_empty() && between.chars().all(is_hard_space)
}

/// The pieces of a reading: split at white space other than no-break spaces.
pub fn soft_words(reading: &str) -> impl Iterator<Item = &str> {
    reading
        .split(|c: char| c.is_whitespace() && !is_hard_space(c))
        .filter(|w| !w.is_empty())
}

/// Words of a revision written anew, as the text writes them, one space between.
fn written(words: &[&str]) -> String {
    words
        .iter()
        .map(|w| marked(w))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A word broken at the line's end: a letter, then a hyphen.
fn hyphenated(w: &str) -> bool {
    let mut r = w.chars().rev();
    r.next() == Some('-') && r.next().is_some_and(char::is_alphabetic)
}

/// A word of a revision as the text writes it: the characters `unmark` reads as marks
/// (`*`, `[`, `]`, `\`) escaped, so that the word reads back as the translator wrote it.
fn marked(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    for c in word.chars() {
        if matches!(c, '*' | '[' | ']' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The characters of `exact[start..end]` as the reading has them, each with its byte range in
/// `exact`: emphasis stars and link brackets left out, a link's target too, `\x` read as `x`
/// for punctuation, and a hyphen at a line end with the line break read as nothing (a token,
/// `unmark`'s, has no white space).
fn char_places(exact: &str, start: usize, end: usize) -> Vec<(char, usize, usize)> {
    let t = &exact[start..end];
    let mut out = vec![];
    let mut it = t.char_indices().peekable();
    while let Some((i, c)) = it.next() {
        let at = start + i;
        match c {
            '\\' => match it.peek() {
                Some(&(j, n)) if n.is_ascii_punctuation() => {
                    it.next();
                    out.push((n, at, start + j + n.len_utf8()));
                }
                _ => out.push((c, at, at + 1)),
            },
            '*' | '[' => {}
            ']' => {
                if it.peek().is_some_and(|&(_, n)| n == '(') {
                    for (_, n) in it.by_ref() {
                        if n == ')' {
                            break;
                        }
                    }
                }
            }
            '-' if it
                .peek()
                .is_some_and(|&(_, n)| n.is_whitespace() && !is_hard_space(n)) => {}
            c if c.is_whitespace() && !is_hard_space(c) => {}
            c => out.push((c, at, at + c.len_utf8())),
        }
    }
    out
}

/// `word` rewritten as `new` in place, character by character: what the two share at their
/// start and end keeps its bytes (its marks, escapes, link and line break with it), and only
/// the characters between are written anew. `None` when the word's bytes do not read as its
/// text (a mark the walk does not know): the word is then written whole.
fn edited(exact: &str, word: &Word, new: &str) -> Option<(usize, String, usize)> {
    let places = char_places(exact, word.start, word.end);
    if !places.iter().map(|p| p.0).eq(word.text.chars()) {
        return None;
    }
    let new: Vec<char> = new.chars().collect();
    let prefix = places
        .iter()
        .zip(&new)
        .take_while(|(p, n)| p.0 == **n)
        .count();
    let suffix = places[prefix..]
        .iter()
        .rev()
        .zip(new[prefix..].iter().rev())
        .take_while(|(p, n)| p.0 == **n)
        .count();
    let (from, to) = if prefix + suffix < places.len() {
        (places[prefix].1, places[places.len() - suffix - 1].2)
    } else if prefix < places.len() {
        (places[prefix].1, places[prefix].1)
    } else {
        (word.end, word.end)
    };
    let middle: String = new[prefix..new.len() - suffix].iter().collect();
    Some((from, marked(&middle), to))
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
        // A hyphenated word edited after its line break keeps it; the label and the end stay.
        let (out, _) = w.rebuild(&w.reading().replace("výnos.", "výnos!"), &[]);
        assert_eq!(
            out,
            "(b) Nepožadovať vý-\nnos! V takom prípade môže ob-\n   ranca vyniesť \n\n"
        );
        // Rewritten across its line break, it loses it.
        let (out, _) = w.rebuild(&w.reading().replace("výnos.", "vklad."), &[]);
        assert_eq!(
            out,
            "(b) Nepožadovať vklad. V takom prípade môže ob-\n   ranca vyniesť \n\n"
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

    /// A word with an escaped mark, or a link, edited in the middle keeps the mark, the
    /// escapes and the link; a star or bracket the translator types is written escaped, so
    /// that it reads back as typed.
    #[test]
    fn an_edited_word_keeps_its_marks_and_what_is_typed_reads_back() {
        let p = UnitKind::SubParagraph;
        let t = "A kártyacsomagból\\* keverés\n";
        let w = Words::of_text(t, p);
        assert_eq!(w.reading(), "A kártyacsomagból* keverés");
        let edit = |w: &Words, from: &str, to: &str| {
            let out = w.rebuild(&w.reading().replace(from, to), &[]).0;
            assert_eq!(
                Words::of_text(&out, p).reading(),
                w.reading().replace(from, to)
            );
            out
        };
        assert_eq!(edit(&w, "csomag", "pakli"), "A kártyapakliból\\* keverés\n");
        assert_eq!(edit(&w, "ból*", "ból"), "A kártyacsomagból keverés\n");
        assert_eq!(
            edit(&w, "A ", "*nem* "),
            "\\*nem\\* kártyacsomagból\\* keverés\n"
        );
        let t = "(pozri aj [C1\\(d\\)](#)), koniec\n";
        let w = Words::of_text(t, p);
        assert_eq!(w.reading(), "(pozri aj C1(d)), koniec");
        assert_eq!(
            edit(&w, "C1(d)", "C1(e)"),
            "(pozri aj [C1\\(e\\)](#)), koniec\n"
        );
        assert_eq!(
            edit(&w, "koniec", "[x]"),
            "(pozri aj [C1\\(d\\)](#)), \\[x\\]\n"
        );
    }

    /// No-break spaces are the text's typography: the reading keeps them, and one put in
    /// or taken out by the reviser is a change written back.
    #[test]
    fn a_no_break_space_is_kept_and_put_in() {
        let p = UnitKind::SubParagraph;
        let w = Words::of_text("gdy w\u{a0}przepisie jest\n", p);
        assert_eq!(w.reading(), "gdy w\u{a0}przepisie jest");
        assert_eq!(
            w.rebuild(&w.reading(), &[]).0,
            "gdy w\u{a0}przepisie jest\n"
        );
        assert_eq!(
            w.rebuild("gdy w przepisie jest", &[]).0,
            "gdy w przepisie jest\n"
        );
        let w = Words::of_text("ak je\nnedostatočná\n", p);
        assert_eq!(
            w.rebuild("ak\u{a0}je nedostatočná", &[]).0,
            "ak\u{a0}je\nnedostatočná\n"
        );
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
