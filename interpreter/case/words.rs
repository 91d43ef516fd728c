//! The words of a case in each language (`laws/case.words`, compiled in): keys, seats, ranks,
//! suits and strains, calls, answers, findings and the words of events. The parser reads a
//! case's words through these tables; nothing about a language is written in Rust.
//!
//! A line of the file is `CLASS ID  en WORDS  sk WORDS  pl WORDS  hu WORDS`, WORDS the accepted
//! spellings separated by commas, the first the one renderings and suggestions use. Words are
//! compared in Unicode lower case after NFC normalisation; diacritics count.

use crate::model::{Call, Card, Seat};
use crate::syntax::ast::Lang;
use rustc_hash::FxHashMap;
use std::sync::OnceLock;
use unicode_normalization::UnicodeNormalization;

/// The table the parser uses: `laws/case.words` as compiled in.
pub const BUILTIN: &str = include_str!("../../laws/case.words");

/// The classes of words a case uses; an entry of another class is an error.
pub const CLASSES: &[&str] = &[
    "key",
    "seat",
    "vulnerability",
    "rank",
    "suit",
    "strain",
    "call",
    "answer",
    "finding",
    "yesno",
    "found_end",
    "event",
    "conduct",
    "conduct_in_auction",
    "conduct_in_play",
    "fault",
    "designation",
    "specification",
    "negation",
];

#[derive(Clone, Debug)]
pub struct Entry {
    pub class: String,
    pub id: String,
    /// 1-based line in the file.
    pub line: usize,
    /// The spellings in each language (index: `lang_index`), as written.
    pub words: [Vec<String>; 4],
}

/// By class, then by lower-case word: its entry in each language (`lang_index`). One map a
/// class, not one a language: a case's keys are asked in every language at once
/// (`lookup_each`), with the word lowered and hashed once.
type Index = FxHashMap<String, FxHashMap<String, [Option<usize>; 4]>>;

/// The tables, with an index from (class, language, lower-case word) to the entry.
#[derive(Clone, Debug, Default)]
pub struct CaseWords {
    pub entries: Vec<Entry>,
    /// By class, then language: each folded word's entry (looked up by borrowed keys).
    /// Looked up for every word of every case, so hashed with FxHash: the keys are this
    /// table's own words (a case's words are only looked up).
    index: Index,
}

/// An error in the words file: its line and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WordsError {
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for WordsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

pub fn lang_index(l: Lang) -> usize {
    match l {
        Lang::En => 0,
        Lang::Sk => 1,
        Lang::Pl => 2,
        Lang::Hu => 3,
    }
}

/// The language's name in English, for messages.
pub fn lang_name(l: Lang) -> &'static str {
    match l {
        Lang::En => "English",
        Lang::Sk => "Slovak",
        Lang::Pl => "Polish",
        Lang::Hu => "Hungarian",
    }
}

/// Lower case, NFC: how words are compared.
pub fn fold(w: &str) -> String {
    folded(w).into_owned()
}

/// `fold`, borrowing a word that is already lower-case ASCII (most words of a case: seats,
/// calls, findings), so that looking one up allocates nothing.
fn folded(w: &str) -> std::borrow::Cow<'_, str> {
    if w.bytes().all(|b| b.is_ascii() && !b.is_ascii_uppercase()) {
        return std::borrow::Cow::Borrowed(w);
    }
    if w.is_ascii() {
        return std::borrow::Cow::Owned(w.to_ascii_lowercase());
    }
    // Most words that are not ASCII (♠, "pas", "kontra" with its accents) are already in
    // NFC and lower case: checked without building anything.
    if unicode_normalization::is_nfc_quick(w.chars()) == unicode_normalization::IsNormalized::Yes
        && w.chars().flat_map(char::to_lowercase).eq(w.chars())
    {
        return std::borrow::Cow::Borrowed(w);
    }
    std::borrow::Cow::Owned(w.nfc().collect::<String>().to_lowercase())
}

/// The longest word `ascii_lowered` lowers in place.
const LOWERED_MAX: usize = 16;

/// `folded(word)` for a short ASCII word (a seat, a call, a card, a key: most words of a
/// case, many in upper case), lowered into `buf` with nothing allocated; `None` for any
/// other word. Every word of a case is looked up, and `folded` made a new string for each
/// one in upper case.
fn ascii_lowered<'b>(word: &str, buf: &'b mut [u8; LOWERED_MAX]) -> Option<&'b str> {
    let out = buf.get_mut(..word.len()).filter(|_| word.is_ascii())?;
    out.copy_from_slice(word.as_bytes());
    out.make_ascii_lowercase();
    std::str::from_utf8(out).ok()
}

impl CaseWords {
    /// The compiled-in table. It is checked by the tests; a broken table is a build error of
    /// the project, so this panics with the errors.
    pub fn builtin() -> &'static CaseWords {
        static W: OnceLock<CaseWords> = OnceLock::new();
        W.get_or_init(|| match CaseWords::parse(BUILTIN) {
            Ok(w) => w,
            Err(e) => panic!(
                "laws/case.words is broken:\n{}",
                e.iter()
                    .map(|e| e.to_string())
                    .collect::<Vec<_>>()
                    .join("\n")
            ),
        })
    }

    /// Read a table; every entry must give all four languages, and no language may use a
    /// word twice within a class.
    pub fn parse(text: &str) -> Result<CaseWords, Vec<WordsError>> {
        let mut errors = vec![];
        let mut entries: Vec<Entry> = vec![];
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let content = raw.split("//").next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            let toks: Vec<&str> = content.split_whitespace().collect();
            if toks.len() < 2 {
                errors.push(WordsError {
                    line,
                    message: format!("`{content}` is not an entry: write `CLASS ID en WORDS sk WORDS pl WORDS hu WORDS`"),
                });
                continue;
            }
            let (class, id) = (toks[0], toks[1]);
            if !CLASSES.contains(&class) {
                errors.push(WordsError {
                    line,
                    message: format!(
                        "unknown class `{class}`; the classes are {}",
                        CLASSES.join(", ")
                    ),
                });
                continue;
            }
            let mut words: [Option<Vec<String>>; 4] = Default::default();
            let mut rest = &toks[2..];
            while !rest.is_empty() {
                let Some(l) = Lang::parse(rest[0]) else {
                    errors.push(WordsError {
                        line,
                        message: format!(
                            "`{}` in `{class} {id}` is not a language: expected en, sk, pl or hu",
                            rest[0]
                        ),
                    });
                    break;
                };
                let Some(ws) = rest.get(1) else {
                    errors.push(WordsError {
                        line,
                        message: format!("`{class} {id}` gives `{}` without words", l.code()),
                    });
                    break;
                };
                let slot = &mut words[lang_index(l)];
                if slot.is_some() {
                    errors.push(WordsError {
                        line,
                        message: format!("`{class} {id}` gives `{}` twice", l.code()),
                    });
                }
                *slot = Some(
                    ws.split(',')
                        .filter(|w| !w.is_empty())
                        .map(|w| w.nfc().collect())
                        .collect(),
                );
                rest = &rest[2..];
            }
            for l in Lang::ALL {
                if words[lang_index(l)].as_ref().is_none_or(|w| w.is_empty()) {
                    errors.push(WordsError {
                        line,
                        message: format!(
                            "case word `{class} {id}` has no `{}` word ({})",
                            l.code(),
                            lang_name(l)
                        ),
                    });
                }
            }
            if let Some(prev) = entries.iter().find(|e| e.class == class && e.id == id) {
                errors.push(WordsError {
                    line,
                    message: format!(
                        "`{class} {id}` is given twice (first on line {})",
                        prev.line
                    ),
                });
            }
            entries.push(Entry {
                class: class.to_string(),
                id: id.to_string(),
                line,
                words: words.map(|w| w.unwrap_or_default()),
            });
        }
        let mut index = Index::default();
        for (n, e) in entries.iter().enumerate() {
            for l in Lang::ALL {
                for w in &e.words[lang_index(l)] {
                    let by_word = index.entry(e.class.clone()).or_default();
                    let key = fold(w);
                    if let Some(other) = by_word.get(key.as_str()).and_then(|ls| ls[lang_index(l)])
                    {
                        let o: &Entry = &entries[other];
                        if o.id != e.id {
                            errors.push(WordsError {
                                line: e.line,
                                message: format!(
                                    "`{w}` is the {} word of both `{} {}` (line {}) and `{} {}`",
                                    lang_name(l),
                                    o.class,
                                    o.id,
                                    o.line,
                                    e.class,
                                    e.id
                                ),
                            });
                        }
                        continue;
                    }
                    by_word.entry(key).or_default()[lang_index(l)] = Some(n);
                }
            }
        }
        if errors.is_empty() {
            Ok(CaseWords { entries, index })
        } else {
            Err(errors)
        }
    }

    /// The id of a word of a class in a language.
    pub fn lookup(&self, class: &str, lang: Lang, word: &str) -> Option<&str> {
        self.lookup_each(class, word)[lang_index(lang)]
    }

    /// The id of a word of a class in each language (index: `lang_index`).
    pub fn lookup_each(&self, class: &str, word: &str) -> [Option<&str>; 4] {
        let Some(by_word) = self.index.get(class) else {
            return [None; 4];
        };
        let mut buf = [0; LOWERED_MAX];
        let found = match ascii_lowered(word, &mut buf) {
            Some(lower) => by_word.get(lower),
            None => by_word.get(folded(word).as_ref()),
        };
        found.map_or([None; 4], |ls| {
            ls.map(|i| i.map(|i| self.entries[i].id.as_str()))
        })
    }

    /// The languages other than `lang` in which the word is of this class, with its id.
    pub fn elsewhere(&self, class: &str, lang: Lang, word: &str) -> Vec<(Lang, &str)> {
        let ids = self.lookup_each(class, word);
        Lang::ALL
            .into_iter()
            .filter(|l| *l != lang)
            .filter_map(|l| ids[lang_index(l)].map(|id| (l, id)))
            .collect()
    }

    pub fn entry(&self, class: &str, id: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.class == class && e.id == id)
    }

    /// The first spelling of an entry in a language (the one renderings use).
    pub fn word(&self, class: &str, id: &str, lang: Lang) -> Option<&str> {
        self.entry(class, id)?.words[lang_index(lang)]
            .first()
            .map(String::as_str)
    }

    /// Every spelling of a class in a language.
    pub fn words(&self, class: &str, lang: Lang) -> Vec<&str> {
        self.entries
            .iter()
            .filter(|e| e.class == class)
            .flat_map(|e| e.words[lang_index(lang)].iter().map(String::as_str))
            .collect()
    }

    /// The entries of a class, in file order.
    pub fn class(&self, class: &str) -> impl Iterator<Item = &Entry> {
        let class = class.to_string();
        self.entries.iter().filter(move |e| e.class == class)
    }

    /// A seat's letter in a language's notation: S (Sever) for North in Slovak, Ny for West in
    /// Hungarian.
    pub fn seat_letter(&self, s: Seat, lang: Lang) -> String {
        self.word("seat", SEAT_IDS[s.index()], lang)
            .map(str::to_string)
            .unwrap_or_else(|| s.letter().to_string())
    }

    /// A call in a language's notation: 1NT / 1BT / 1BA / 1SZA, 3♠, pass / pas / passz.
    pub fn call_text(&self, c: Call, lang: Lang) -> String {
        let w = |class: &str, id: &str| self.word(class, id, lang).unwrap_or(id).to_string();
        match c {
            Call::Pass => w("call", "pass"),
            Call::Double => w("call", "double"),
            Call::Redouble => w("call", "redouble"),
            Call::Bid { level, strain } => {
                // Written out rather than through `format!`: the renderings write every call
                // of a ruling's auction in each language.
                let mut t = String::with_capacity(8);
                push_number(&mut t, level);
                match strain.suit() {
                    Some(s) => t.push(s.symbol()),
                    None => t.push_str(self.word("strain", "notrump", lang).unwrap_or("notrump")),
                }
                t
            }
        }
    }

    /// A card in a language's notation: ♠Q, ♠D (Polish, Hungarian), ♣10 (not English: ♣T).
    pub fn card_text(&self, c: Card, lang: Lang) -> String {
        let id = match c.rank.0 {
            14 => "ace",
            13 => "king",
            12 => "queen",
            11 => "jack",
            10 => "ten",
            n => {
                let mut t = String::with_capacity(8);
                t.push(c.suit.symbol());
                push_number(&mut t, n);
                return t;
            }
        };
        let mut t = String::with_capacity(8);
        t.push(c.suit.symbol());
        match self.word("rank", id, lang) {
            Some(r) => t.push_str(r),
            None => t.push(c.rank.letter()),
        }
        t
    }
}

/// A number's digits, as `{n}` writes them.
fn push_number(t: &mut String, n: u8) {
    if n >= 100 {
        t.push(char::from(b'0' + n / 100));
    }
    if n >= 10 {
        t.push(char::from(b'0' + n / 10 % 10));
    }
    t.push(char::from(b'0' + n % 10));
}

/// The seats' ids in the table, in `Seat::index` order.
pub const SEAT_IDS: [&str; 4] = ["north", "east", "south", "west"];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Rank, Strain, Suit};

    /// A call's and a card's text, written out digit by digit, are what `format!` wrote: every
    /// level a bid may keep (0-255), every strain, card and language.
    #[test]
    fn a_call_and_a_card_read_as_format_wrote_them() {
        let words = CaseWords::builtin();
        for lang in Lang::ALL {
            let w = |class: &str, id: &str| words.word(class, id, lang).unwrap_or(id).to_string();
            for level in 0..=u8::MAX {
                for strain in Strain::ALL {
                    let c = Call::Bid { level, strain };
                    let then = match strain.suit() {
                        Some(s) => format!("{level}{}", s.symbol()),
                        None => format!("{level}{}", w("strain", "notrump")),
                    };
                    assert_eq!(words.call_text(c, lang), then);
                }
            }
            for suit in Suit::ALL {
                for r in 2..=14 {
                    let c = Card {
                        suit,
                        rank: Rank(r),
                    };
                    let then = match r {
                        10..=14 => {
                            let id = ["ten", "jack", "queen", "king", "ace"][usize::from(r - 10)];
                            let r = words
                                .word("rank", id, lang)
                                .map(str::to_string)
                                .unwrap_or_else(|| c.rank.letter().to_string());
                            format!("{}{r}", suit.symbol())
                        }
                        n => format!("{}{n}", suit.symbol()),
                    };
                    assert_eq!(words.card_text(c, lang), then);
                }
            }
        }
    }

    /// A word is folded as NFC and then lower case, whichever path it takes: ASCII, letters
    /// with accents composed or not, capitals, a titlecase letter, a final sigma, symbols.
    #[test]
    fn a_word_folds_to_its_nfc_lower_case() {
        let words = [
            "pass",
            "Pass",
            "kontra",
            "Kontra",
            "ÁTUTALÁS",
            "átutalás",
            "pas\u{30c}",
            "paš",
            "Ž",
            "ž",
            "♠",
            "♠K",
            "ǅ",
            "ǆ",
            "ΟΔΟΣ",
            "οδος",
            "ﬁ",
            "ß",
            "SS",
            "İ",
            "",
        ];
        for w in words {
            assert_eq!(
                folded(w),
                w.nfc().collect::<String>().to_lowercase(),
                "{w:?}"
            );
        }
        assert!(matches!(folded("♠k"), std::borrow::Cow::Borrowed(_)));
        assert!(matches!(folded("átutalás"), std::borrow::Cow::Borrowed(_)));
    }

    /// A short ASCII word lowered in place is the word folded; a longer one, or one that is
    /// not ASCII, is left to `folded`.
    #[test]
    fn a_short_ascii_word_is_lowered_as_folded_would() {
        let mut buf = [0; LOWERED_MAX];
        for w in [
            "N",
            "1NT",
            "SQ",
            "xX",
            "pass",
            "Title",
            "",
            "ABCDEFGHIJKLMNOP",
        ] {
            assert_eq!(
                ascii_lowered(w, &mut buf),
                Some(folded(w).as_ref()),
                "{w:?}"
            );
        }
        for w in ["ABCDEFGHIJKLMNOPQ", "ÁTUTALÁS", "♠K", "Ny\u{301}"] {
            assert_eq!(ascii_lowered(w, &mut buf), None, "{w:?}");
        }
    }

    #[test]
    fn the_builtin_table_reads() {
        let w = CaseWords::builtin();
        assert_eq!(w.lookup("seat", Lang::Sk, "S"), Some("north"));
        assert_eq!(w.lookup("seat", Lang::En, "s"), Some("south"));
        assert_eq!(w.lookup("seat", Lang::Hu, "NY"), Some("west"));
        assert_eq!(w.lookup("key", Lang::Hu, "LEOSZTÁS"), Some("board"));
        assert_eq!(w.lookup("key", Lang::Hu, "leosztas"), None);
        assert_eq!(w.word("rank", "queen", Lang::Pl), Some("D"));
    }

    #[test]
    fn an_entry_without_a_language_is_named() {
        let e = CaseWords::parse("call pass en pass sk pas pl pas\n").unwrap_err();
        assert_eq!(e.len(), 1);
        assert_eq!(e[0].line, 1);
        assert!(e[0].message.contains("`call pass` has no `hu`"), "{}", e[0]);
    }

    #[test]
    fn a_word_used_twice_in_a_class_is_an_error() {
        let e = CaseWords::parse(
            "call pass en pass sk pas pl pas hu passz\ncall double en x sk pas pl x hu x\n",
        )
        .unwrap_err();
        assert!(
            e[0].message.contains("`pas` is the Slovak word"),
            "{}",
            e[0]
        );
    }
}
