//! The grammar a template cannot know: which plural form a number takes (Slovak 1 zdvih,
//! 2 zdvihy, 5 zdvihov; Polish 22 lewy, 12 lew), and in a language with vowel harmony the
//! suffix a word or a number takes (Hungarian Északnak, Keletnek; 3-szor, 2-szer, 5-ször;
//! 12-ből, 3-ból) and the article before it (a 2♥, az 1♥, az 5♠).
//!
//! What each language does is data, `laws/render.grammar` ([`Grammar::parse`]): its plural
//! categories, its vowels, suffixes, cases and number words. This module holds only the
//! mechanisms that data names: a plural category by the Unicode CLDR's rules, a suffix chosen
//! by the vowels of the word before it, a number read aloud for its first and its last word,
//! an abbreviation read letter by letter. The words themselves come from the term bank and
//! the phrase file.

use crate::case::words::lang_index;
use crate::syntax::ast::Lang;
use std::ops::Range;

/// The grammar of each language of the renderings (`laws/render.grammar`).
#[derive(Clone, Debug, Default)]
pub struct Grammar {
    /// By `lang_index`.
    langs: [LangGrammar; 4],
}

#[derive(Clone, Debug, Default)]
struct LangGrammar {
    /// The plural categories a selector lists, in its order.
    plural: Vec<Category>,
    /// For each of those, the term bank's forms a counted noun tries, `{case}` for the case.
    count_forms: Vec<Vec<String>>,
    /// What stands between a number's whole part and its decimals (61.37, 61,37).
    decimal_mark: String,
    harmony: Option<Harmony>,
}

/// A plural category of the Unicode CLDR.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Category {
    Zero,
    One,
    Two,
    Few,
    Many,
    Other,
}

impl Category {
    const NAMES: [(&'static str, Category); 6] = [
        ("zero", Category::Zero),
        ("one", Category::One),
        ("two", Category::Two),
        ("few", Category::Few),
        ("many", Category::Many),
        ("other", Category::Other),
    ];

    fn of(c: intl_pluralrules::PluralCategory) -> Category {
        use intl_pluralrules::PluralCategory as C;
        match c {
            C::ZERO => Category::Zero,
            C::ONE => Category::One,
            C::TWO => Category::Two,
            C::FEW => Category::Few,
            C::MANY => Category::Many,
            C::OTHER => Category::Other,
        }
    }
}

/// Which of a suffix's forms a word takes: its harmony.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    Back,
    Front,
    Rounded,
}

/// A language's vowel harmony, suffixes, cases, number words and article.
#[derive(Clone, Debug, Default)]
struct Harmony {
    /// The vowels of each class, by `Class as usize`.
    vowels: [Vec<char>; 3],
    lengthen: Vec<(char, char)>,
    suffixes: Vec<Suffix>,
    /// A case of the term bank and the suffix (its index) that builds it.
    cases: Vec<(String, usize)>,
    number_suffixes: Vec<usize>,
    reading: Reading,
    /// A suffix, a number word and its form before that suffix.
    word_before: Vec<(usize, String, String)>,
    /// A suffix, a number and the word they are written as.
    as_word: Vec<(usize, i64, String)>,
    /// Longest first.
    digraphs: Vec<String>,
    /// A letter and its name, longest letter first.
    letters: Vec<(String, String)>,
    letter_default: String,
    /// Before a consonant, before a vowel.
    article: Option<(String, String)>,
}

#[derive(Clone, Debug)]
struct Suffix {
    /// By `Class as usize`.
    forms: [String; 3],
    after_vowel: Option<String>,
    kind: SuffixKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SuffixKind {
    /// Chosen by harmony; a final vowel before it lengthens.
    Harmonic,
    /// As `Harmonic`, and its first letter becomes the consonant the word ends in.
    Assimilates,
    /// One form, and a final vowel stays short.
    Plain,
}

/// How a number is read aloud, as far as its first and last words go.
#[derive(Clone, Debug, Default)]
struct Reading {
    ones: Vec<String>,
    tens: Vec<String>,
    /// Hundred, thousand, million.
    places: [String; 3],
    /// Whether one goes unsaid before each of those (száz, not egyszáz).
    one_unsaid: [bool; 3],
}

/// What is wrong in the grammar file: where (bytes of the file) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrammarError {
    pub span: Range<usize>,
    pub message: String,
}

impl Grammar {
    fn of(&self, lang: Lang) -> &LangGrammar {
        &self.langs[lang_index(lang)]
    }

    fn harmony(&self, lang: Lang) -> Option<&Harmony> {
        self.of(lang).harmony.as_ref()
    }

    /// The index of the alternative a selector `{n?…|…}` takes for `n`: its plural category
    /// by the Unicode CLDR's rules (intl_pluralrules) among those the language lists, or the
    /// last. (The categories CLDR keeps for fractions never arise: the numbers are whole.)
    pub fn plural_index(&self, lang: Lang, n: i64) -> usize {
        let listed = &self.of(lang).plural;
        let category = plural_rules(lang)
            .and_then(|r| r.select(n.unsigned_abs()).ok())
            .map_or(Category::Other, Category::of);
        listed
            .iter()
            .position(|c| *c == category)
            .unwrap_or(listed.len().saturating_sub(1))
    }

    /// A decimal as the language writes it: its digits without trailing zeros (40.0 is 40),
    /// the language's decimal mark, and a minus sign (not a hyphen) when negative.
    pub fn decimal(&self, lang: Lang, d: rust_decimal::Decimal) -> String {
        let digits = d.abs().normalize().to_string();
        let digits = digits.replace('.', &self.of(lang).decimal_mark);
        if d.is_sign_negative() && !d.is_zero() {
            format!("\u{2212}{digits}")
        } else {
            digits
        }
    }

    /// The term bank's forms to try, in order, for a noun counted by `n`, in `case`.
    pub fn count_forms(&self, lang: Lang, n: i64, case: &str) -> Vec<String> {
        let forms = &self.of(lang).count_forms;
        let i = self
            .plural_index(lang, n)
            .min(forms.len().saturating_sub(1));
        forms
            .get(i)
            .map_or_else(|| vec![case.to_string()], |f| with_case(f, case))
    }

    /// The forms a counted noun in `case` must have in the term bank: the last of each
    /// category's, which it falls back to.
    pub fn count_forms_needed(&self, lang: Lang, case: &str) -> Vec<String> {
        let forms = &self.of(lang).count_forms;
        let mut needed: Vec<String> = forms
            .iter()
            .filter_map(|f| with_case(f, case).pop())
            .collect();
        if needed.is_empty() {
            needed.push(case.to_string());
        }
        needed.dedup();
        needed
    }

    /// Whether `form` is a suffix a template may put after a number, in any language.
    pub fn is_number_suffix(&self, form: &str) -> bool {
        self.langs
            .iter()
            .filter_map(|l| l.harmony.as_ref())
            .any(|h| {
                h.number_suffixes
                    .iter()
                    .any(|&s| h.suffixes[s].forms[0] == form)
            })
    }

    /// `word` in `case` built by its suffix (`Északnak`, `kontrával`, `BOE-nek`), where the
    /// language builds that case by a suffix.
    pub fn inflect(&self, lang: Lang, word: &str, case: &str) -> Option<String> {
        let h = self.harmony(lang)?;
        let suffix = &h.suffixes[h.cases.iter().find(|(c, _)| c == case)?.1];
        if h.is_abbreviation(word) {
            return h.abbreviation_with(word, suffix);
        }
        let last = word.chars().last()?;
        let form = &suffix.forms[h.class(word) as usize];
        Some(match suffix.kind {
            SuffixKind::Plain => format!("{word}{form}"),
            SuffixKind::Assimilates if !h.is_vowel(last) => {
                format!("{}{}", h.doubled_end(word), drop_first(form))
            }
            _ => format!("{}{form}", h.lengthened(word)),
        })
    }

    /// `n` with a suffix after a hyphen, as the language writes digits (12-ből), or written
    /// as one word where the grammar says so (egyszer); None where the language has no
    /// such suffix after numbers.
    pub fn number_with_suffix(&self, lang: Lang, n: i64, suffix: &str) -> Option<String> {
        let h = self.harmony(lang)?;
        let s = *h
            .number_suffixes
            .iter()
            .find(|&&s| h.suffixes[s].forms[0] == suffix)?;
        let m = n.unsigned_abs();
        if let Some((_, _, word)) = h.as_word.iter().find(|(t, k, _)| *t == s && *k == n) {
            return Some(word.clone());
        }
        let mut last = h.reading.last_word(m).to_string();
        if let Some((_, _, shorter)) = h.word_before.iter().find(|(t, w, _)| *t == s && *w == last)
        {
            last = shorter.clone();
        }
        let suffix = &h.suffixes[s];
        let form = match &suffix.after_vowel {
            Some(f) if last.chars().last().is_some_and(|c| h.is_vowel(c)) => f,
            _ => &suffix.forms[h.class(&last) as usize],
        };
        Some(format!("{n}-{form}"))
    }

    /// The article before `next` (a word, or a number as it is read), where the language
    /// has one: `az` before a vowel (az 1♥: egy; az 5♠: öt; az 50: ötven), `a` otherwise.
    pub fn article(&self, lang: Lang, next: &str) -> Option<&str> {
        let h = self.harmony(lang)?;
        let (consonant, vowel) = h.article.as_ref()?;
        let t = next.trim_start();
        let digits: String = t.chars().take_while(char::is_ascii_digit).collect();
        let first = if digits.is_empty() {
            t.chars().next()
        } else {
            h.reading.first_word(&digits).chars().next()
        };
        let starts_with_vowel =
            first.is_some_and(|c| h.is_vowel(c.to_lowercase().next().unwrap_or(c)));
        Some(if starts_with_vowel { vowel } else { consonant })
    }
}

/// `forms` with `{case}` replaced by `case`.
fn with_case(forms: &[String], case: &str) -> Vec<String> {
    forms.iter().map(|f| f.replace("{case}", case)).collect()
}

/// A suffix without its first letter (`val` after a consonant it has become: Nyugat-t-al).
fn drop_first(form: &str) -> &str {
    form.char_indices().nth(1).map_or("", |(i, _)| &form[i..])
}

/// The CLDR cardinal rules of a language, made once.
fn plural_rules(lang: Lang) -> Option<&'static intl_pluralrules::PluralRules> {
    use intl_pluralrules::{PluralRuleType, PluralRules};
    use std::sync::OnceLock;
    static RULES: OnceLock<Vec<Option<PluralRules>>> = OnceLock::new();
    let rules = RULES.get_or_init(|| {
        Lang::ALL
            .iter()
            .map(|l| {
                let id: unic_langid::LanguageIdentifier = l.code().parse().ok()?;
                PluralRules::create(id, PluralRuleType::CARDINAL).ok()
            })
            .collect()
    });
    rules.get(lang_index(lang))?.as_ref()
}

impl Harmony {
    fn is_vowel(&self, c: char) -> bool {
        self.vowels.iter().any(|v| v.contains(&c))
    }

    /// The harmony of a word (of its last word, when it has several): rounded if its last
    /// vowel is rounded (a loanword whose last vowel is one follows it: honőrnek, sofőrhöz),
    /// else back if it has a back vowel (a word of front vowels and back ones takes back
    /// suffixes: Nyugat, kontra), else front.
    fn class(&self, word: &str) -> Class {
        let w = word.to_lowercase();
        let last_word = w.split_whitespace().last().unwrap_or("");
        let [back, _, rounded] = &self.vowels;
        let (mut any_back, mut last) = (false, None);
        for c in last_word.chars().filter(|c| self.is_vowel(*c)) {
            any_back |= back.contains(&c);
            last = Some(c);
        }
        match last {
            Some(c) if rounded.contains(&c) => Class::Rounded,
            _ if any_back => Class::Back,
            _ => Class::Front,
        }
    }

    /// `word` with its final vowel lengthened, where it has one that lengthens (kontrá-).
    fn lengthened(&self, word: &str) -> String {
        let mut chars = word.chars();
        match chars
            .next_back()
            .and_then(|c| self.lengthen.iter().find(|(short, _)| *short == c))
        {
            Some((_, long)) => format!("{}{long}", chars.as_str()),
            None => word.to_string(),
        }
    }

    /// A word whose last consonant a suffix's first letter turns into, doubled: Nyugat →
    /// Nyugatt, ász → ássz (a digraph doubles its first letter), and a consonant already
    /// double stays as it is (passz → passz, pikk → pikk, treff → treff).
    fn doubled_end(&self, word: &str) -> String {
        for d in &self.digraphs {
            // The word's last letters as many as the digraph's, compared in lower case; cut
            // where the word's own characters begin (a letter's lower case may be longer or
            // shorter in bytes than the letter).
            let n = d.chars().count();
            let Some((cut, _)) = word.char_indices().rev().nth(n.saturating_sub(1)) else {
                continue;
            };
            let (stem, end) = word.split_at(cut);
            if end.to_lowercase() != *d {
                continue;
            }
            let Some(first) = d.chars().next() else {
                continue;
            };
            if stem.to_lowercase().ends_with(first) {
                return word.to_string(); // passz, hosszú: already long
            }
            return format!("{stem}{first}{end}");
        }
        let lower = word.to_lowercase();
        let mut rev = lower.chars().rev();
        match (rev.next(), rev.next()) {
            (Some(a), Some(b)) if a == b => word.to_string(),
            (Some(a), _) => format!("{word}{a}"),
            _ => word.to_string(),
        }
    }

    /// An abbreviation read letter by letter (BOE, JOE, É, Ny): no lower-case vowel.
    fn is_abbreviation(&self, word: &str) -> bool {
        !word.is_empty()
            && !word.contains(' ')
            && word.chars().any(char::is_alphabetic)
            && !word.chars().any(|c| self.is_vowel(c))
    }

    /// The name of an abbreviation's last letter as it is read (BOE: é, Ny: eny, K: ká).
    fn letter_name(&self, word: &str) -> &str {
        let lower = word.to_lowercase();
        self.letters
            .iter()
            .find(|(letter, _)| lower.ends_with(letter.as_str()))
            .map_or(&self.letter_default, |(_, name)| name)
    }

    /// An abbreviation with a suffix: a hyphen, and the suffix as its last letter's name
    /// takes it (BOE-nek, É-nek, K-nak, Ny-nyel, É-vel, BOE-ként).
    fn abbreviation_with(&self, word: &str, suffix: &Suffix) -> Option<String> {
        let name = self.letter_name(word);
        let form = &suffix.forms[self.class(name) as usize];
        let last = name.chars().last()?;
        Some(match suffix.kind {
            SuffixKind::Assimilates if !self.is_vowel(last) => {
                // The name's last sound, which the suffix's first letter turns into: eny →
                // Ny-nyel, ef → F-fel.
                let sound = self
                    .digraphs
                    .iter()
                    .map(String::as_str)
                    .find(|d| name.ends_with(d))
                    .unwrap_or(&name[name.len() - last.len_utf8()..]);
                format!("{word}-{sound}{}", drop_first(form))
            }
            _ => format!("{word}-{form}"),
        })
    }
}

impl Reading {
    /// The last word of `n` read aloud: its last digit that is not 0 decides (2 kettő;
    /// 3 három; 10 tíz; 20 húsz; 100 száz; 1000 ezer; 1000000 millió).
    fn last_word(&self, n: u64) -> &str {
        let word = if n == 0 || !n.is_multiple_of(10) {
            self.ones.get((n % 10) as usize)
        } else if !n.is_multiple_of(100) {
            self.tens.get((n / 10 % 10) as usize)
        } else if !n.is_multiple_of(1000) {
            Some(&self.places[0])
        } else if !n.is_multiple_of(1_000_000) {
            Some(&self.places[1])
        } else {
            Some(&self.places[2])
        };
        word.map_or("", String::as_str)
    }

    /// The first word of a number written in `digits` read aloud: its first digit's, in its
    /// place (1 egy, 5 öt, 50 ötven, 500 ötszáz; 100 száz and 1000 ezer where one goes
    /// unsaid before them, 1000000 egymillió where it does not).
    fn first_word(&self, digits: &str) -> &str {
        let d = usize::from(digits.as_bytes()[0] - b'0');
        let (group, place) = ((digits.len() - 1) / 3, (digits.len() - 1) % 3);
        let unsaid = |p: usize| d == 1 && self.one_unsaid[p];
        let word = match (group, place) {
            (_, 1) => self.tens.get(d),
            (_, 2) if unsaid(0) => Some(&self.places[0]),
            (1, 0) if unsaid(1) => Some(&self.places[1]),
            (2, 0) if unsaid(2) => Some(&self.places[2]),
            _ => self.ones.get(d),
        };
        word.map_or("", String::as_str)
    }
}

mod parse;
#[cfg(test)]
mod tests;
