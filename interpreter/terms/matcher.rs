//! Finding a term in a text.
//!
//! A text is read as words: runs of letters and digits, Unicode NFC, compared in lower case.
//! A pattern is a few words, each whole (`hráč`) or a stem (`hráč*`: any word that starts so);
//! the punctuation between a pattern's words must be the punctuation between the text's words
//! (`výsledok, upravený` matches the definition heading "Výsledok, upravený" and not
//! "výsledok. Upravený"). White space, Markdown marks (`*`, `_`, `#`, `\`), no-break spaces
//! and superscript footnote marks (`²`) never count as punctuation, and a word hyphenated at a
//! line end ("pra-" / "vidlo") is read whole.

use crate::source::nfc;

/// A letter or digit: what words are made of. (Superscript digits are footnote marks.)
fn is_word_char(c: char) -> bool {
    c.is_alphabetic() || c.is_ascii_digit()
}

/// Characters between words that do not count as punctuation.
fn is_soft(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '*' | '_' | '#' | '\\' | '\u{b9}' | '\u{b2}' | '\u{b3}' | '\u{2070}'..='\u{2079}'
        )
}

/// The punctuation of a gap between words: its characters that are not soft.
fn hard(gap: &str) -> String {
    gap.chars().filter(|c| !is_soft(*c)).collect()
}

#[derive(Clone, Debug)]
struct Word {
    lower: String,
    orig: String,
    line: usize,
    /// The punctuation between the previous word and this one.
    gap: String,
}

/// A text read as words, each with its line, and an index for finding them.
#[derive(Clone, Debug, Default)]
pub struct SearchText {
    words: Vec<Word>,
    /// Word indices sorted by their lower-case text.
    sorted: Vec<u32>,
}

/// Where a pattern matched: words `start..end`, beginning on `line`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Match {
    pub start: usize,
    pub end: usize,
    pub line: usize,
}

impl SearchText {
    /// A whole text; its first line is line 1.
    pub fn new(text: &str) -> SearchText {
        SearchText::from_lines(text.split('\n').enumerate().map(|(i, l)| (i + 1, l)))
    }

    /// Lines with their numbers (a unit's lines need not be contiguous).
    pub fn from_lines<'a>(lines: impl IntoIterator<Item = (usize, &'a str)>) -> SearchText {
        let mut words: Vec<Word> = Vec::new();
        let mut gap = String::new();
        // The previous line ended in a word and a hyphen ("pra-").
        let mut hyphen = false;
        for (no, raw) in lines {
            let line = nfc(raw);
            let mut first = true;
            let mut cur = String::new();
            let mut chars = line.chars().peekable();
            let mut tail = String::new();
            while let Some(c) = chars.next() {
                if is_word_char(c) {
                    cur.push(c);
                    if chars.peek().is_some_and(|n| is_word_char(*n)) {
                        continue;
                    }
                    let joins = first
                        && hyphen
                        && cur.starts_with(char::is_lowercase)
                        && tail.chars().all(is_soft);
                    if joins {
                        let w = words.last_mut().expect("a hyphen follows a word");
                        w.lower.push_str(&cur.to_lowercase());
                        w.orig.push_str(&cur);
                        gap.clear();
                    } else {
                        gap.push_str(&tail);
                        words.push(Word {
                            lower: cur.to_lowercase(),
                            orig: std::mem::take(&mut cur),
                            line: no,
                            gap: hard(&gap),
                        });
                        gap.clear();
                    }
                    cur.clear();
                    tail.clear();
                    first = false;
                    hyphen = false;
                } else {
                    tail.push(c);
                }
            }
            // A line that ends "word-" continues the word on the next line (if that line
            // starts with a lower-case letter; otherwise the hyphen is punctuation).
            let end = tail.trim_end_matches([' ', '\t', '\r']);
            hyphen = !first && end == "-";
            gap.push_str(&tail);
            gap.push('\n');
        }
        let mut sorted: Vec<u32> = (0..words.len() as u32).collect();
        sorted.sort_by(|a, b| words[*a as usize].lower.cmp(&words[*b as usize].lower));
        SearchText { words, sorted }
    }

    pub fn len(&self) -> usize {
        self.words.len()
    }

    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// The line of a word.
    pub fn line(&self, word: usize) -> usize {
        self.words[word].line
    }

    /// A word in lower case.
    pub fn lower(&self, word: usize) -> &str {
        &self.words[word].lower
    }

    /// A word as the text writes it.
    pub fn orig(&self, word: usize) -> &str {
        &self.words[word].orig
    }

    /// How many words are `lower` (in lower case).
    pub fn count(&self, lower: &str) -> usize {
        self.candidates(lower, false).len()
    }

    /// The words of a match as the text writes them, with their punctuation.
    pub fn wording(&self, m: &Match) -> String {
        let mut out = String::new();
        for (i, w) in self.words[m.start..m.end].iter().enumerate() {
            if i > 0 {
                out.push_str(&w.gap);
                out.push(' ');
            }
            out.push_str(&w.orig);
        }
        out
    }

    /// Indices of the words equal to `lower` (or starting with it, for a stem).
    fn candidates(&self, lower: &str, stem: bool) -> &[u32] {
        let key = |i: &u32| self.words[*i as usize].lower.as_str();
        let from = self.sorted.partition_point(|i| key(i) < lower);
        let to = if stem {
            from + self.sorted[from..].partition_point(|i| key(i).starts_with(lower))
        } else {
            from + self.sorted[from..].partition_point(|i| key(i) == lower)
        };
        &self.sorted[from..to]
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct PWord {
    lower: String,
    orig: String,
    stem: bool,
    gap: String,
}

/// A wording to look for: words, each whole or a stem (`hráč*`), with the punctuation
/// between them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// As written in the term bank.
    pub source: String,
    /// Compare letter case too (abbreviations such as PL `N`, HU `BOE`).
    pub cased: bool,
    words: Vec<PWord>,
}

impl Pattern {
    /// Reads a pattern; the error says what is wrong with it.
    pub fn parse(source: &str, cased: bool) -> Result<Pattern, String> {
        let s = nfc(source);
        let mut words: Vec<PWord> = Vec::new();
        let mut gap = String::new();
        let mut cur = String::new();
        let mut chars = s.chars().peekable();
        while let Some(c) = chars.next() {
            if is_word_char(c) {
                cur.push(c);
                if chars.peek().is_some_and(|n| is_word_char(*n)) {
                    continue;
                }
                let stem = chars.peek() == Some(&'*');
                if stem {
                    chars.next();
                    if chars.peek().is_some_and(|n| is_word_char(*n)) {
                        return Err(format!(
                            "`*` marks a stem and must end a word (in `{source}`)"
                        ));
                    }
                }
                words.push(PWord {
                    lower: cur.to_lowercase(),
                    orig: std::mem::take(&mut cur),
                    stem,
                    gap: if words.is_empty() {
                        String::new()
                    } else {
                        hard(&gap)
                    },
                });
                gap.clear();
            } else if c == '*' {
                return Err(format!(
                    "`*` marks a stem and must follow a word (in `{source}`)"
                ));
            } else {
                gap.push(c);
            }
        }
        if words.is_empty() {
            return Err(format!("`{source}` has no word to look for"));
        }
        Ok(Pattern {
            source: source.to_string(),
            cased,
            words,
        })
    }

    /// Whether some word of the pattern is a stem.
    pub fn has_stem(&self) -> bool {
        self.words.iter().any(|w| w.stem)
    }

    pub fn word_count(&self) -> usize {
        self.words.len()
    }

    fn word_matches(&self, p: &PWord, w: &Word) -> bool {
        let (have, want) = if self.cased {
            (w.orig.as_str(), p.orig.as_str())
        } else {
            (w.lower.as_str(), p.lower.as_str())
        };
        if p.stem {
            have.starts_with(want)
        } else {
            have == want
        }
    }

    /// Every place the pattern matches, in text order.
    pub fn find(&self, text: &SearchText) -> Vec<Match> {
        let first = &self.words[0];
        let mut out: Vec<Match> = text
            .candidates(&first.lower, first.stem)
            .iter()
            .map(|i| *i as usize)
            .filter(|&i| self.matches_at(text, i))
            .map(|i| Match {
                start: i,
                end: i + self.words.len(),
                line: text.words[i].line,
            })
            .collect();
        out.sort();
        out
    }

    fn matches_at(&self, text: &SearchText, at: usize) -> bool {
        if at + self.words.len() > text.words.len() {
            return false;
        }
        self.words.iter().enumerate().all(|(k, p)| {
            let w = &text.words[at + k];
            (k == 0 || w.gap == p.gap) && self.word_matches(p, w)
        })
    }

    /// Whether the pattern matches anywhere in `text`.
    pub fn occurs_in(&self, text: &SearchText) -> bool {
        !self.find(text).is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(p: &str, t: &str) -> Vec<usize> {
        Pattern::parse(p, false)
            .unwrap()
            .find(&SearchText::new(t))
            .iter()
            .map(|m| m.line)
            .collect()
    }

    #[test]
    fn whole_words_stems_and_case() {
        let t = "Hlavný hráč\nhlavnému hráčovi a pasovať\npas, pasy\n";
        assert_eq!(lines("hlavný hráč", t), vec![1]);
        assert_eq!(lines("hlavn* hráč*", t), vec![1, 2]);
        assert_eq!(lines("pas", t), vec![3]);
        assert_eq!(lines("pas*", t), vec![2, 3, 3]);
        let n = Pattern::parse("N", true).unwrap();
        assert_eq!(n.find(&SearchText::new("w N n")).len(), 1);
    }

    #[test]
    fn text_and_patterns_match_whether_their_accents_are_composed_or_not() {
        // "hráč" with its accents as separate marks (NFD), and as one character each (NFC):
        // both are read as NFC, the second as it is.
        let decomposed = "hra\u{301}c\u{30c}";
        let t = format!("Hlavný {decomposed}\nhlavnému hráčovi\n");
        assert_eq!(lines("hlavn* hráč*", &t), vec![1, 2]);
        assert_eq!(lines(&format!("{decomposed}*"), &t), vec![1, 2]);
        assert_eq!(
            lines(&format!("hlavný {decomposed}"), "Hlavný hráč"),
            vec![1]
        );
    }

    #[test]
    fn punctuation_must_agree_but_markup_and_footnote_marks_do_not_count() {
        let t =
            "- Výsledok, upravený** (Adjusted)\nvýsledok. Upravený\nnormálny²¹ spôsob *zohrávky*";
        assert_eq!(lines("výsledok, upravený", t), vec![1]);
        assert_eq!(lines("výsledok upravený", t), Vec::<usize>::new());
        assert_eq!(lines("normáln* spôsob* zohrávky", t), vec![3]);
    }

    #[test]
    fn hyphenated_words_at_a_line_end_are_joined() {
        let t = "podľa pra-\nvidla 27\nSever -\nJuh";
        assert_eq!(lines("pravidla 27", t), vec![1]);
        assert_eq!(lines("sever juh", t), Vec::<usize>::new());
        assert_eq!(lines("sever - juh", t), vec![3]);
    }

    #[test]
    fn nfc_and_lines_of_a_unit() {
        // "á" written as a + combining acute.
        let st = SearchText::from_lines([(10, "ka\u{301}ra"), (14, "Kára")]);
        let p = Pattern::parse("kára", false).unwrap();
        let m = p.find(&st);
        assert_eq!(m.iter().map(|m| m.line).collect::<Vec<_>>(), vec![10, 14]);
        assert_eq!(st.wording(&m[1]), "Kára");
    }

    #[test]
    fn bad_patterns_are_refused() {
        assert!(Pattern::parse("", false).is_err());
        assert!(Pattern::parse(" , ", false).is_err());
        assert!(Pattern::parse("hlá*ka", false).is_err());
        assert!(Pattern::parse("* x", false).is_err());
    }
}
