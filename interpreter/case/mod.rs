//! Cases: a board and the events at the table, read from `.case` files (grammar/case.pest).
//! Every word keeps its span, so a bad seat, call or key is reported where it stands.
//!
//! A case is written in English, Slovak, Polish or Hungarian: its keys, seats, card ranks,
//! strains, calls, answers, findings and event words come from the tables of
//! `laws/case.words` (module `words`). The language is declared (`language sk`, `jazyk sk`,
//! `język pl`, `nyelv hu`) or read from the keys; a word of another language is an error
//! with its span and the word this language uses, never a guess (`S` is North in Slovak).

mod play;
pub mod words;

use crate::diagnostic::Diag;
use crate::eval::engine::Event;
use crate::model::{Call, Card, Deal, Rank, Seat, Side, Strain, Suit};
use crate::source::Span;
use crate::suggest::{closest, did_you_mean};
use crate::syntax::ast::Lang;
use pest::Parser;
use std::collections::HashMap;
use unicode_normalization::{is_nfc, UnicodeNormalization};
use words::{fold, lang_name, CaseWords};

mod grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "grammar/case.pest"]
    pub struct CaseParser;
}
use grammar::{CaseParser, Rule};

/// The play, as a case writes it (cards in the order played and the events between them)
/// or as PBN does (each trick in fixed seat columns, whoever led).
#[derive(Clone, Debug, Default)]
pub enum PlayRecord {
    #[default]
    None,
    Events(Vec<(Event, Span)>),
    BySeat(Vec<[Option<(Card, Span)>; 4]>),
}

impl PlayRecord {
    pub fn is_empty(&self) -> bool {
        match self {
            PlayRecord::None => true,
            PlayRecord::Events(t) => t.is_empty(),
            PlayRecord::BySeat(t) => t.is_empty(),
        }
    }

    pub fn tricks(&self) -> usize {
        match self {
            PlayRecord::None | PlayRecord::Events(_) => 0,
            PlayRecord::BySeat(t) => t.len(),
        }
    }

    /// The card `seat` played to trick `t` of a PBN record.
    pub fn card(&self, t: usize, seat: Seat) -> Option<(Card, Span)> {
        match self {
            PlayRecord::BySeat(ts) => ts.get(t)?[seat.index()],
            _ => None,
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct Case {
    pub file: u32,
    /// The language the case is written in (None for a case not read from a case file).
    pub lang: Option<Lang>,
    pub title: Option<String>,
    pub lawbook: Option<String>,
    pub board: Option<(u32, Span)>,
    pub dealer: Option<Seat>,
    /// Vulnerable: [NS, EW].
    pub vulnerable: Option<[bool; 2]>,
    pub deal: Option<Deal>,
    pub events: Vec<(Event, Span)>,
    pub findings: HashMap<String, (bool, Span)>,
    pub play: PlayRecord,
    pub play_span: Option<Span>,
    pub tricks: Option<(u8, Span)>,
    pub imps: Vec<i64>,
    pub matchpoints: Vec<(i64, Vec<i64>)>,
    pub total_points: Vec<i64>,
    /// Artificial adjusted scores (12C2): a side, how far it was at fault (0 not, 1 partly,
    /// 2 directly) and its percentage on the session's other boards (12C2(c)), if given.
    pub artificial: Vec<(Side, u8, Option<i64>)>,
}

/// The keys of an English case (the other languages' are in `laws/case.words`).
pub const KEYS: &[&str] = &[
    "title",
    "lawbook",
    "board",
    "dealer",
    "vulnerable",
    "deal",
    "auction",
    "findings",
    "play",
    "tricks",
    "imps",
    "matchpoints",
    "total_points",
    "artificial",
];

#[derive(Clone, Debug)]
struct Word {
    text: String,
    span: Span,
}

const E_CASE: &str = "lawbook::case";

fn phrase(r: Rule) -> Option<&'static str> {
    Some(match r {
        Rule::EOI => "the end of the file",
        Rule::entry | Rule::key => "a key such as `board`, `deal` or `auction`",
        Rule::block => "`{`",
        Rule::line | Rule::word | Rule::words => "a word",
        _ => return None,
    })
}

/// An entry of the file: its key, its span, the words on its line, the lines of its block.
struct RawEntry {
    key: Word,
    span: Span,
    words: Vec<Word>,
    lines: Vec<Vec<Word>>,
}

/// Read a case with the compiled-in word tables (`laws/case.words`). A text that is not in
/// Unicode NFC is normalised first; spans then point into the normalised text (the runner
/// registers that text as the case's source).
pub fn parse_case(file: u32, text: &str) -> Result<Case, Vec<Diag>> {
    parse_case_with(CaseWords::builtin(), file, text)
}

/// The text as the parser reads it: NFC.
pub fn normalize(text: &str) -> std::borrow::Cow<'_, str> {
    if is_nfc(text) {
        std::borrow::Cow::Borrowed(text)
    } else {
        std::borrow::Cow::Owned(text.nfc().collect())
    }
}

pub fn parse_case_with(w: &CaseWords, file: u32, text: &str) -> Result<Case, Vec<Diag>> {
    let text = &*normalize(text);
    if let Some(d) = crate::syntax::pest_error::too_deep(file, text, "lawbook::syntax::case") {
        return Err(vec![d]);
    }
    let top = CaseParser::parse(Rule::file, text)
        .map_err(|e| {
            vec![crate::syntax::pest_error::convert(
                e,
                file,
                text,
                phrase,
                "lawbook::syntax::case",
            )]
        })?
        .next()
        .expect("file rule");
    let sp =
        |p: &pest::iterators::Pair<Rule>| Span::new(file, p.as_span().start(), p.as_span().end());
    let words = |p: pest::iterators::Pair<Rule>| -> Vec<Word> {
        p.into_inner()
            .map(|w| Word {
                text: w.as_str().trim_matches('"').to_string(),
                span: Span::new(file, w.as_span().start(), w.as_span().end()),
            })
            .collect()
    };
    let mut entries = vec![];
    for entry in top.into_inner().filter(|p| p.as_rule() == Rule::entry) {
        let espan = sp(&entry);
        let mut it = entry.into_inner();
        let key = it.next().unwrap();
        let key = Word {
            text: key.as_str().to_string(),
            span: sp(&key),
        };
        let (line_words, lines): (Vec<Word>, Vec<Vec<Word>>) = match it.next() {
            None => (vec![], vec![]),
            Some(p) if p.as_rule() == Rule::block => (vec![], p.into_inner().map(words).collect()),
            Some(p) => (words(p), vec![]),
        };
        entries.push(RawEntry {
            key,
            span: espan,
            words: line_words,
            lines,
        });
    }
    let mut diags = vec![];
    let lang = case_language(w, &entries, &mut diags);
    let cx = Cx { w, lang, file };
    let mut case = Case {
        file,
        lang: Some(lang),
        ..Default::default()
    };
    let mut seen: HashMap<String, Span> = HashMap::new();
    for RawEntry {
        key,
        span: espan,
        words: line_words,
        lines,
    } in entries
    {
        let k = key.text.clone();
        let kspan = key.span;
        let Some(id) = w.lookup("key", lang, &k) else {
            diags.push(cx.unknown_key(&key));
            continue;
        };
        if id == "language" {
            continue;
        }
        let repeatable = matches!(id, "imps" | "matchpoints" | "artificial");
        if let Some(prev) = seen.insert(id.to_string(), kspan).filter(|_| !repeatable) {
            diags.push(
                Diag::new(E_CASE, format!("`{k}` is given twice"))
                    .label(kspan, "again here")
                    .label(prev, "first here")
                    .help("give each key once"),
            );
            continue;
        }
        let one = |diags: &mut Vec<Diag>, what: &str| -> Option<Word> {
            if line_words.len() != 1 {
                diags.push(
                    Diag::new(E_CASE, format!("`{k}` takes one {what}"))
                        .label(espan, format!("expected `{k} <{what}>`"))
                        .help(format!("write `{k}` and one {what} on the same line")),
                );
                return None;
            }
            Some(line_words[0].clone())
        };
        match id {
            "title" => {
                case.title = Some(
                    line_words
                        .iter()
                        .map(|w| w.text.as_str())
                        .collect::<Vec<_>>()
                        .join(" "),
                )
            }
            "lawbook" => case.lawbook = one(&mut diags, "edition").map(|w| w.text),
            "board" => {
                if let Some(w) = one(&mut diags, "number") {
                    match w.text.parse::<u32>() {
                        Ok(n) if n >= 1 => case.board = Some((n, w.span)),
                        _ => diags.push(
                            Diag::new(E_CASE, format!("`{}` is not a board number", w.text))
                                .label(w.span, "not a board number")
                                .help("boards are numbered from 1"),
                        ),
                    }
                }
            }
            "dealer" => {
                if let Some(w) = one(&mut diags, "seat") {
                    match cx.seat(&w) {
                        Ok(s) => case.dealer = Some(s),
                        Err(d) => diags.push(d),
                    }
                }
            }
            "vulnerable" => {
                if let Some(v) = one(&mut diags, "vulnerability") {
                    match w.lookup("vulnerability", lang, &v.text) {
                        Some(id) => {
                            case.vulnerable = Some(match id {
                                "none" => [false, false],
                                "ns" => [true, false],
                                "ew" => [false, true],
                                _ => [true, true],
                            })
                        }
                        None => {
                            let names: Vec<&str> = ["none", "ns", "ew", "both"]
                                .iter()
                                .filter_map(|id| w.word("vulnerability", id, lang))
                                .collect();
                            let mut help = format!(
                                "write {}, {}, {} or {}",
                                names[0], names[1], names[2], names[3]
                            );
                            if let Some(f) = cx.foreign("vulnerability", &v.text) {
                                help = format!("{f}; {help}");
                            }
                            diags.push(
                                Diag::new(E_CASE, format!("`{}` is not a vulnerability", v.text))
                                    .label(v.span, "unknown vulnerability")
                                    .help(help),
                            );
                        }
                    }
                }
            }
            "deal" => {
                if line_words.is_empty() {
                    diags.push(
                        Diag::new(E_CASE, "`deal` needs the four hands")
                            .label(espan, "no hands")
                            .help("write `deal N:AKQ2.K32.Q43.J32 …`"),
                    );
                    continue;
                }
                let start = line_words[0].span.start as usize;
                let end = line_words.last().unwrap().span.end as usize;
                match cx.deal(&text[start..end], start) {
                    Ok(d) => case.deal = Some(d),
                    Err(d) => diags.push(d),
                }
            }
            "auction" => {
                if lines.is_empty() && !line_words.is_empty() {
                    diags.push(
                        Diag::new(E_CASE, "`auction` takes a block")
                            .label(espan, "expected `auction { … }`")
                            .help("put the calls in braces, one or more `SEAT CALL` pairs a line"),
                    );
                    continue;
                }
                for line in lines {
                    cx.auction_line(&line, &mut case, &mut diags);
                }
            }
            "findings" => {
                for line in lines {
                    if line.len() != 2 {
                        diags.push(
                            Diag::new(E_CASE, "a finding is a name and yes or no")
                                .label(line[0].span, "expected `NAME yes` or `NAME no`")
                                .help(if lang == Lang::En {
                                    "for example `comparable_call no`".to_string()
                                } else {
                                    format!(
                                        "for example `{} {}`",
                                        w.word("finding", "comparable_call", lang).unwrap_or(""),
                                        w.word("yesno", "no", lang).unwrap_or("")
                                    )
                                }),
                        );
                        continue;
                    }
                    let v = match w.lookup("yesno", lang, &line[1].text) {
                        Some("yes") => true,
                        Some(_) => false,
                        None => {
                            let (yes, no) = (
                                w.word("yesno", "yes", lang).unwrap_or("yes"),
                                w.word("yesno", "no", lang).unwrap_or("no"),
                            );
                            let mut d = Diag::new(
                                E_CASE,
                                format!("`{}` is not {yes} or {no}", line[1].text),
                            )
                            .label(line[1].span, format!("expected {yes} or {no}"));
                            d = d.help(match cx.foreign("yesno", &line[1].text) {
                                Some(f) => f,
                                None => format!("a finding of fact is {yes} or {no}"),
                            });
                            diags.push(d);
                            continue;
                        }
                    };
                    match cx.finding(&line[0]) {
                        Ok(name) => {
                            case.findings.insert(name, (v, line[0].span));
                        }
                        Err(d) => diags.push(d),
                    }
                }
            }
            "play" => {
                case.play_span = Some(espan);
                cx.play_block(lines, &mut case, &mut diags);
            }
            "tricks" => {
                if let Some(w) = one(&mut diags, "number") {
                    match w.text.parse::<u8>() {
                        Ok(n) if n <= 13 => case.tricks = Some((n, w.span)),
                        _ => diags.push(
                            Diag::new(E_CASE, format!("`{}` is not a number of tricks", w.text))
                                .label(w.span, "0 to 13")
                                .help("declarer takes between 0 and 13 tricks"),
                        ),
                    }
                }
            }
            "imps" => {
                for w in &line_words {
                    match w.text.parse::<i64>() {
                        Ok(n) => case.imps.push(n),
                        Err(_) => diags.push(
                            Diag::new(E_CASE, format!("`{}` is not a score difference", w.text))
                                .label(w.span, "not a number")
                                .help(format!("write the net point difference, such as `{k} 620`")),
                        ),
                    }
                }
            }
            "total_points" => {
                for w in &line_words {
                    match w.text.parse::<i64>() {
                        Ok(n) => case.total_points.push(n),
                        Err(_) => diags.push(
                            Diag::new(E_CASE, format!("`{}` is not a score", w.text))
                                .label(w.span, "not a number")
                                .help(format!(
                                    "write the net scores of the boards, such as `{k} 420 -50 100`"
                                )),
                        ),
                    }
                }
            }
            "matchpoints" => {
                let nums: Vec<Option<i64>> =
                    line_words.iter().map(|w| w.text.parse().ok()).collect();
                let against = line_words
                    .iter()
                    .position(|x| cx.is("event", "against", &x.text));
                match (nums.first().copied().flatten(), against) {
                    (Some(score), Some(1))
                        if nums[2..].iter().all(|n| n.is_some()) && nums.len() > 2 =>
                    {
                        case.matchpoints
                            .push((score, nums[2..].iter().map(|n| n.unwrap()).collect()))
                    }
                    _ => {
                        let against = w.word("event", "against", lang).unwrap_or("against");
                        diags.push(
                            Diag::new(
                                E_CASE,
                                format!("`{k}` is a score, `{against}`, and the other scores"),
                            )
                            .label(espan, format!("expected `{k} 420 {against} 450 420 -50`"))
                            .help("give the score and the scores it is compared with"),
                        )
                    }
                }
            }
            "artificial" => {
                // `artificial NS directly 35`: the side, its part in the irregularity, and its
                // percentage on the session's other boards (12C2(c)) if the Director needs it.
                let side = line_words
                    .first()
                    .and_then(|x| w.lookup("vulnerability", lang, &x.text));
                let fault = line_words
                    .get(1)
                    .and_then(|x| w.lookup("fault", lang, &x.text));
                let session = match line_words.get(2) {
                    None => Some(None),
                    Some(x) => x
                        .text
                        .parse::<i64>()
                        .ok()
                        .filter(|p| (0..=100).contains(p))
                        .map(Some),
                };
                match (side, fault, session, line_words.len() <= 3) {
                    (Some(s @ ("ns" | "ew")), Some(f), Some(pct), true) => case.artificial.push((
                        if s == "ns" {
                            Side::NorthSouth
                        } else {
                            Side::EastWest
                        },
                        match f {
                            "directly" => 2,
                            "partly" => 1,
                            _ => 0,
                        },
                        pct,
                    )),
                    _ => {
                        let word = |class: &str, id: &str| {
                            w.word(class, id, lang).unwrap_or(id).to_string()
                        };
                        diags.push(
                            Diag::new(E_CASE, format!("`{k}` is a side, its part in the irregularity, and a session percentage if any"))
                                .label(espan, format!(
                                    "expected `{k} {} {}` or `{k} {} {} 65`",
                                    word("vulnerability", "ns"),
                                    word("fault", "directly"),
                                    word("vulnerability", "ew"),
                                    word("fault", "none"),
                                ))
                                .help(format!(
                                    "the part is `{}`, `{}` or `{}` (12C2(a)); the percentage is 0 to 100",
                                    word("fault", "directly"),
                                    word("fault", "partly"),
                                    word("fault", "none"),
                                )),
                        )
                    }
                }
            }
            other => unreachable!("key `{other}` of laws/case.words has no reader"),
        }
    }
    if case.board.is_none() && case.dealer.is_none() {
        let (board, dealer, vul, none, n) = (
            w.word("key", "board", lang).unwrap_or("board"),
            w.word("key", "dealer", lang).unwrap_or("dealer"),
            w.word("key", "vulnerable", lang).unwrap_or("vulnerable"),
            w.word("vulnerability", "none", lang).unwrap_or("none"),
            w.word("seat", "north", lang).unwrap_or("N"),
        );
        diags.push(
            Diag::new(E_CASE, "the case names no board and no dealer")
                .label(Span::new(file, 0, 0), "here")
                .help(format!("write `{board} N` (Law 2 gives dealer and vulnerability) or `{dealer} {n}` and `{vul} {none}`")),
        );
    }
    if diags.is_empty() {
        Ok(case)
    } else {
        Err(diags)
    }
}

/// The case's language: the value of its `language` key (`jazyk`, `język`, `nyelv`), or the
/// one language all its keys belong to. Keys of another language are reported where they
/// stand, by the key reader.
fn case_language(w: &CaseWords, entries: &[RawEntry], diags: &mut Vec<Diag>) -> Lang {
    for e in entries {
        let declared = Lang::ALL
            .into_iter()
            .any(|l| w.lookup("key", l, &e.key.text) == Some("language"));
        if !declared {
            continue;
        }
        match e.words.as_slice() {
            [v] => match Lang::parse(&fold(&v.text)) {
                Some(l) => return l,
                None => diags.push(
                    Diag::new(E_CASE, format!("`{}` is not a language of cases", v.text))
                        .label(v.span, "expected en, sk, pl or hu")
                        .help("cases are written in English (en), Slovak (sk), Polish (pl) or Hungarian (hu)"),
                ),
            },
            _ => diags.push(
                Diag::new(E_CASE, format!("`{}` takes one language", e.key.text))
                    .label(e.span, "expected one of en, sk, pl, hu")
                    .help(format!("write `{} sk` on the first line", e.key.text)),
            ),
        }
        return Lang::En;
    }
    let mut cand: Option<(Vec<Lang>, &Word)> = None;
    for e in entries {
        let langs: Vec<Lang> = Lang::ALL
            .into_iter()
            .filter(|l| w.lookup("key", *l, &e.key.text).is_some())
            .collect();
        if langs.is_empty() {
            continue;
        }
        cand = match cand {
            None => Some((langs, &e.key)),
            Some((c, first)) => {
                let both: Vec<Lang> = c.iter().copied().filter(|l| langs.contains(l)).collect();
                Some(if both.is_empty() {
                    (c, first)
                } else {
                    (both, first)
                })
            }
        };
    }
    match cand {
        None => Lang::En,
        Some((c, _)) if c.len() == 1 => c[0],
        Some((c, _)) if c.contains(&Lang::En) => Lang::En,
        Some((c, first)) => {
            let names: Vec<String> = c
                .iter()
                .map(|l| {
                    format!(
                        "`{} {}`",
                        w.word("key", "language", *l).unwrap_or("language"),
                        l.code()
                    )
                })
                .collect();
            diags.push(
                Diag::new(
                    E_CASE,
                    format!(
                        "the keys of this case are {}: which language is it?",
                        c.iter()
                            .map(|l| lang_name(*l))
                            .collect::<Vec<_>>()
                            .join(" and ")
                    ),
                )
                .label(first.span, "a key of more than one language")
                .help(format!(
                    "declare the language on the first line: {}",
                    names.join(" or ")
                )),
            );
            c[0]
        }
    }
}

/// The parser's view of one case: the tables and the case's language.
struct Cx<'a> {
    w: &'a CaseWords,
    lang: Lang,
    file: u32,
}

/// How a word of a class is named in messages: `North`, `no trump`, `pass`.
fn describe(class: &str, id: &str) -> String {
    match class {
        "seat" => {
            let mut c = id.chars();
            c.next()
                .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
                .unwrap_or_default()
        }
        "strain" => "no trump".into(),
        "rank" | "suit" => format!("the {}", id.replace('_', " ")),
        "key" => format!("the key `{id}`"),
        "answer" => format!("the answer `{id}`"),
        "finding" => format!("the finding `{id}`"),
        _ => id.replace('_', " "),
    }
}

impl Cx<'_> {
    fn is(&self, class: &str, id: &str, word: &str) -> bool {
        self.w.lookup(class, self.lang, word) == Some(id)
    }

    fn name(&self) -> &'static str {
        lang_name(self.lang)
    }

    /// If the word is of this class in another language: "`N` is North in English and
    /// Polish; in this Slovak case write `S`".
    fn foreign(&self, class: &str, word: &str) -> Option<String> {
        self.foreign_as(class, word, |mine| mine.to_string())
    }

    /// As `foreign`, with the suggestion built from this language's word (`1` + `BT`).
    fn foreign_as(
        &self,
        class: &str,
        word: &str,
        suggest: impl Fn(&str) -> String,
    ) -> Option<String> {
        let others = self.w.elsewhere(class, self.lang, word);
        let (_, id) = *others.first()?;
        let langs: Vec<&str> = others.iter().map(|(l, _)| lang_name(*l)).collect();
        let langs = match langs.as_slice() {
            [one] => one.to_string(),
            [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
            [] => unreachable!(),
        };
        let mine = self.w.word(class, id, self.lang).unwrap_or(id);
        Some(format!(
            "`{word}` is {} in {langs}; in this {} case write `{}`",
            describe(class, id),
            self.name(),
            suggest(mine)
        ))
    }

    /// The seats of this language, for help: "S, V, J and Z (Sever, Východ, Juh, Západ)".
    fn seats_help(&self) -> String {
        let ids = ["north", "east", "south", "west"];
        let letters: Vec<&str> = ids
            .iter()
            .filter_map(|id| self.w.word("seat", id, self.lang))
            .collect();
        let list = format!(
            "{}, {}, {} and {}",
            letters[0], letters[1], letters[2], letters[3]
        );
        if self.lang == Lang::En {
            return format!("seats are {list}");
        }
        let names: Vec<String> = ids
            .iter()
            .filter_map(|id| {
                let e = self.w.entry("seat", id)?;
                e.words[words::lang_index(self.lang)].get(1).map(|n| {
                    let mut c = n.chars();
                    c.next()
                        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
                        .unwrap_or_default()
                })
            })
            .collect();
        let mut out = if names.len() == 4 {
            format!(
                "the seats of a {} case are {list} ({})",
                self.name(),
                names.join(", ")
            )
        } else {
            format!("the seats of a {} case are {list}", self.name())
        };
        // A letter that is another seat in another language: `S` is North in Slovak.
        for id in ids {
            let Some(letter) = self.w.word("seat", id, self.lang) else {
                continue;
            };
            let clash: Vec<(Lang, &str)> = self
                .w
                .elsewhere("seat", self.lang, letter)
                .into_iter()
                .filter(|(_, other)| *other != id)
                .collect();
            if let Some((_, other)) = clash.first() {
                let langs: Vec<&str> = clash.iter().map(|(l, _)| lang_name(*l)).collect();
                out.push_str(&format!(
                    "; `{letter}` is {} here, not {} as in {}",
                    describe("seat", id),
                    describe("seat", other),
                    langs.join(" and ")
                ));
            }
        }
        out
    }

    fn seat(&self, w: &Word) -> Result<Seat, Diag> {
        if let Some(id) = self.w.lookup("seat", self.lang, &w.text) {
            return Ok(seat_of(id));
        }
        let help = match self.foreign("seat", &w.text) {
            Some(f) => format!("{f} ({})", self.seats_help()),
            None => self.seats_help(),
        };
        Err(Diag::new(E_CASE, format!("`{}` is not a seat", w.text))
            .label(w.span, "expected a seat")
            .help(help))
    }

    fn unknown_key(&self, key: &Word) -> Diag {
        let k = &key.text;
        if let Some(f) = self.foreign("key", k) {
            return Diag::new(
                E_CASE,
                format!("`{k}` is not a key of a {} case", self.name()),
            )
            .label(key.span, "a key of another language")
            .help(format!(
                "{f}; a case is written in one language (its first key or `{} {}` says which)",
                self.w
                    .word("key", "language", self.lang)
                    .unwrap_or("language"),
                self.lang.code()
            ));
        }
        let keys = self.w.words("key", self.lang);
        let hint = did_you_mean(k, keys.iter().copied());
        Diag::new(E_CASE, format!("unknown key `{k}`"))
            .label(key.span, "not a key of a case")
            .help(if hint.is_empty() {
                format!("the keys are {}", keys.join(", "))
            } else {
                hint
            })
    }

    /// A finding's name, as the law book knows it (English).
    fn finding(&self, w: &Word) -> Result<String, Diag> {
        if let Some(id) = self.w.lookup("finding", self.lang, &w.text) {
            return Ok(id.to_string());
        }
        if self.lang == Lang::En {
            // The law book decides which findings exist (and says "did you mean").
            return Ok(w.text.clone());
        }
        let help = self.foreign("finding", &w.text).unwrap_or_else(|| {
            let names = self.w.words("finding", self.lang);
            let hint = did_you_mean(&w.text, names.iter().copied());
            if hint.is_empty() {
                format!("the findings are {}", names.join(", "))
            } else {
                hint
            }
        });
        Err(Diag::new(
            E_CASE,
            format!("`{}` is not a finding of a {} case", w.text, self.name()),
        )
        .label(w.span, "unknown finding")
        .help(help))
    }

    /// A call in this language's notation: `1NT`/`1BT`/`1BA`/`1SZA`, `3♠`, pass, X, XX.
    fn call(&self, word: &str) -> Result<Call, String> {
        match self.w.lookup("call", self.lang, word) {
            Some("pass") => return Ok(Call::Pass),
            Some("double") => return Ok(Call::Double),
            Some("redouble") => return Ok(Call::Redouble),
            _ => {}
        }
        let mut chars = word.chars();
        let level = chars.next().and_then(|c| c.to_digit(10)).filter(|d| *d > 0);
        let rest = chars.as_str();
        if let Some(level) = level {
            if let Some(s) = self.strain(rest) {
                return Ok(Call::bid(level as u8, s));
            }
        }
        // Not a call: say why, in this language's notation.
        if let Some(f) = self.foreign("call", word) {
            return Err(f);
        }
        if let Some(level) = level {
            for class in ["strain", "suit"] {
                if let Some(f) = self.foreign_as(class, rest, |m| format!("{level}{m}")) {
                    return Err(f);
                }
            }
        }
        Err(self.call_help())
    }

    /// Whether the word is a call, or a bid's strain, of another language.
    fn is_foreign_call(&self, word: &str) -> bool {
        let mut chars = word.chars();
        let level = chars.next().is_some_and(|c| c.is_ascii_digit());
        !self.w.elsewhere("call", self.lang, word).is_empty()
            || (level
                && ["strain", "suit"]
                    .iter()
                    .any(|c| !self.w.elsewhere(c, self.lang, chars.as_str()).is_empty()))
    }

    fn call_help(&self) -> String {
        if self.lang == Lang::En {
            return "calls are written 1NT, 3S or 3♠, pass, X (double), XX (redouble); mark an artificial call with `!`".into();
        }
        let g = |c: &str, id: &str| self.w.word(c, id, self.lang).unwrap_or(id).to_string();
        format!(
            "calls of a {} case are written 1{}, 3♠, {}, {} (X), {} (XX); mark an artificial call with `!`",
            self.name(),
            g("strain", "notrump"),
            g("call", "pass"),
            g("call", "double"),
            g("call", "redouble")
        )
    }

    fn strain(&self, text: &str) -> Option<Strain> {
        if self.w.lookup("strain", self.lang, text) == Some("notrump") {
            return Some(Strain::NoTrump);
        }
        self.w
            .lookup("suit", self.lang, text)
            .map(|id| suit_of(id).strain())
    }

    /// A card written suit first: `SA`, `♠A`; `♠D` is the queen of spades in Polish and
    /// Hungarian, `♠10` the ten outside English.
    fn card(&self, word: &str) -> Result<Card, String> {
        let mut chars = word.chars();
        let first = chars.next().map(String::from).unwrap_or_default();
        let rest = chars.as_str();
        let suit = self.w.lookup("suit", self.lang, &first).map(suit_of);
        let rank = self.rank(rest);
        if let (Some(s), Some(r)) = (suit, rank) {
            return Ok(Card::new(s, r));
        }
        if self.lang == Lang::En {
            return Err("cards are written suit first: SA, HT, D2 or ♠A".into());
        }
        let ranks = self.ranks_help();
        if suit.is_none() {
            if let Some(f) = self.foreign("suit", &first) {
                return Err(format!(
                    "{f}: cards of a {} case are written with the suit symbols ♠ ♥ ♦ ♣ and the ranks {ranks}",
                    self.name()
                ));
            }
        }
        if rank.is_none() {
            if let Some(f) = self.foreign("rank", rest) {
                return Err(f);
            }
        }
        Err(format!(
            "cards of a {} case are written suit first, with the symbols ♠ ♥ ♦ ♣ and the ranks {ranks}",
            self.name()
        ))
    }

    fn rank(&self, text: &str) -> Option<Rank> {
        let mut cs = text.chars();
        if let (Some(d @ '2'..='9'), None) = (cs.next(), cs.next()) {
            return Some(Rank(d as u8 - b'0'));
        }
        self.w.lookup("rank", self.lang, text).map(rank_of)
    }

    fn ranks_help(&self) -> String {
        let mut out: Vec<&str> = ["ace", "king", "queen", "jack", "ten"]
            .iter()
            .filter_map(|id| self.w.word("rank", id, self.lang))
            .collect();
        out.extend(["9", "8", "7", "6", "5", "4", "3", "2"]);
        out.join(" ")
    }

    /// A deal in PBN notation with this language's seat and rank letters, read by translating
    /// it to English PBN and mapping the errors' spans back.
    fn deal(&self, text: &str, start: usize) -> Result<Deal, Diag> {
        let file = self.file;
        let from_pbn = |t: &str, map: &dyn Fn(usize, usize) -> (usize, usize)| {
            Deal::parse_pbn(t).map_err(|e| {
                let (s, en) = map(e.span.start, e.span.end);
                Diag::new(E_CASE, format!("bad deal: {}", e.message))
                    .label(Span::new(file, start + s, start + en), e.message.clone())
                    .help(e.help)
            })
        };
        if self.lang == Lang::En {
            return from_pbn(text, &|s, e| (s, e));
        }
        // out byte i comes from text[map[i].0 .. map[i].1].
        let mut out = String::new();
        let mut map: Vec<(usize, usize)> = vec![];
        let push =
            |out: &mut String, map: &mut Vec<(usize, usize)>, s: &str, a: usize, b: usize| {
                out.push_str(s);
                map.extend(std::iter::repeat_n((a, b), s.len()));
            };
        let bad = |s: usize, e: usize, msg: String, help: String| {
            Diag::new(E_CASE, format!("bad deal: {msg}"))
                .label(Span::new(file, start + s, start + e), msg)
                .help(help)
        };
        let body = match text.find(':') {
            Some(colon) => {
                let raw = &text[..colon];
                let lead = raw.len() - raw.trim_start().len();
                let first = raw.trim();
                match self.w.lookup("seat", self.lang, first) {
                    Some(id) => {
                        let (a, b) = (lead, lead + first.len());
                        push(&mut out, &mut map, &seat_of(id).letter().to_string(), a, b);
                        push(&mut out, &mut map, ":", colon, colon + 1);
                    }
                    None => {
                        let help = match self.foreign("seat", first) {
                            Some(f) => format!("{f} ({})", self.seats_help()),
                            None => format!(
                                "the first hand is named by its seat: {}",
                                self.seats_help()
                            ),
                        };
                        return Err(bad(0, colon, format!("`{first}` is not a seat"), help));
                    }
                }
                colon + 1
            }
            None => 0,
        };
        let mut it = text[body..].char_indices().peekable();
        while let Some((i, c)) = it.next() {
            let at = body + i;
            let end = at + c.len_utf8();
            if c.is_whitespace() || c == '.' || c == '-' || c == ':' || ('2'..='9').contains(&c) {
                push(&mut out, &mut map, &c.to_string(), at, end);
                continue;
            }
            if c == '1' && it.peek().map(|x| x.1) == Some('0') {
                it.next();
                push(&mut out, &mut map, "T", at, at + 2);
                continue;
            }
            match self.w.lookup("rank", self.lang, &c.to_string()) {
                Some(id) => push(
                    &mut out,
                    &mut map,
                    &rank_of(id).letter().to_string(),
                    at,
                    end,
                ),
                None => {
                    let ranks = self.ranks_help();
                    let help = match self.foreign("rank", &c.to_string()) {
                        Some(f) => format!("{f} (the ranks of a {} case are {ranks})", self.name()),
                        None => format!("the ranks of a {} case are {ranks}", self.name()),
                    };
                    return Err(bad(at, end, format!("`{c}` is not a card rank"), help));
                }
            }
        }
        let map_span = |s: usize, e: usize| -> (usize, usize) {
            if map.is_empty() {
                return (0, text.len());
            }
            let a = map.get(s).map_or(text.len(), |m| m.0);
            let b = if e > s {
                map.get(e - 1).map_or(text.len(), |m| m.1)
            } else {
                a
            };
            (a, b.max(a))
        };
        from_pbn(&out, &map_span)
    }

    /// One line of the auction block.
    fn auction_line(&self, line: &[Word], case: &mut Case, diags: &mut Vec<Diag>) {
        let file = self.file;
        let mut i = 0;
        while i < line.len() {
            // `together E 1S N 1H`: calls made at the same moment (Law 33).
            if i == 0 && self.is("event", "together", &line[0].text) {
                let together = &line[0].text;
                let mut calls = vec![];
                let mut k = 1;
                while k + 1 < line.len() {
                    let word = line[k + 1].text.as_str();
                    match (self.seat(&line[k]), self.call(word.trim_end_matches('!'))) {
                        (Ok(s), Ok(c)) => calls.push((s, c, word.ends_with('!'))),
                        (Err(d), _) => diags.push(d),
                        (_, Err(help)) => diags.push(
                            self.not_a_call(word.trim_end_matches('!'))
                                .label(line[k + 1].span, "not a call")
                                .help(format!("{help}; write `{together} SEAT CALL SEAT CALL`")),
                        ),
                    }
                    k += 2;
                }
                if calls.len() < 2 || k != line.len() {
                    diags.push(
                        Diag::new(
                            E_CASE,
                            format!("`{together}` takes two or more `SEAT CALL` pairs"),
                        )
                        .label(line[0].span, "here")
                        .help(if self.lang == Lang::En {
                            "for example `together E 1S N 1H`".to_string()
                        } else {
                            format!(
                                "for example `{together} {} 1♠ {} 1♥`",
                                self.w.word("seat", "east", self.lang).unwrap_or("E"),
                                self.w.word("seat", "north", self.lang).unwrap_or("N")
                            )
                        }),
                    );
                }
                let end = line.last().unwrap().span.end as usize;
                let span = Span::new(file, line[0].span.start as usize, end);
                case.events.push((Event::Together(calls), span));
                break;
            }
            if self.is("event", "director", &line[i].text) {
                case.events.push((Event::Director, line[i].span));
                i += 1;
                continue;
            }
            let s = match self.seat(&line[i]) {
                Ok(s) => s,
                Err(d) => {
                    diags.push(d);
                    break;
                }
            };
            let Some(w) = line.get(i + 1) else {
                diags.push(
                    Diag::new(E_CASE, format!("{s} does nothing"))
                        .label(line[i].span, "a seat without a call or answer")
                        .help("write `SEAT CALL` (such as `N 1NT`) or `SEAT ANSWER` (such as `S accept`)"),
                );
                break;
            };
            let event = self.w.lookup("event", self.lang, &w.text);
            // `N hesitates`: a break in tempo, information for partner (Law 16). `N misstates`:
            // his double or redouble named the bid wrongly (19A3, 19B3).
            if let Some(kind @ ("hesitates" | "misstates")) = event {
                let span = Span::new(file, line[i].span.start as usize, w.span.end as usize);
                case.events.push((
                    Event::Question {
                        seat: s,
                        kind: if kind == "hesitates" {
                            "hesitation"
                        } else {
                            "misstatement"
                        }
                        .into(),
                    },
                    span,
                ));
                i += 2;
                continue;
            }
            // `S asks review` / `S asks explanation` (Law 20).
            if event == Some("asks") {
                let what = line
                    .get(i + 2)
                    .and_then(|q| self.w.lookup("event", self.lang, &q.text));
                match what {
                    Some(kind @ ("review" | "explanation")) => {
                        let span = Span::new(
                            file,
                            line[i].span.start as usize,
                            line[i + 2].span.end as usize,
                        );
                        case.events.push((
                            Event::Question {
                                seat: s,
                                kind: kind.to_string(),
                            },
                            span,
                        ));
                    }
                    _ => {
                        let (review, explanation) = (
                            self.w
                                .word("event", "review", self.lang)
                                .unwrap_or("review"),
                            self.w
                                .word("event", "explanation", self.lang)
                                .unwrap_or("explanation"),
                        );
                        diags.push(
                            Diag::new(E_CASE, format!("{s} asks for what?"))
                                .label(
                                    w.span,
                                    format!(
                                        "expected `{} {review}` or `{} {explanation}`",
                                        w.text, w.text
                                    ),
                                )
                                .help(format!("a player asks for a `{review}` of the auction or an `{explanation}` of a call")),
                        )
                    }
                }
                i += 3;
                continue;
            }
            // `S changes 2S`: S replaces his last call (Law 25, 21B).
            if event == Some("changes") {
                let Some(cw) = line.get(i + 2) else {
                    diags.push(
                        Diag::new(E_CASE, format!("{s} changes to nothing"))
                            .label(w.span, "to which call?")
                            .help(format!("write `{} {} 2♠`", line[i].text, w.text)),
                    );
                    break;
                };
                let word = cw.text.trim_end_matches('!');
                match self.call(word) {
                    Ok(call) => {
                        let span =
                            Span::new(file, line[i].span.start as usize, cw.span.end as usize);
                        case.events.push((
                            Event::Change {
                                seat: s,
                                call,
                                artificial: cw.text.ends_with('!'),
                            },
                            span,
                        ));
                    }
                    Err(help) => diags.push(
                        self.not_a_call(word)
                            .label(cw.span, "not a call")
                            .help(format!("{help}; write `{} {} 2♠`", line[i].text, w.text)),
                    ),
                }
                i += 3;
                continue;
            }
            // `W exposes SK H2` / `W leads SK`: cards seen during the auction (Law 24); the
            // rest of the line are the cards.
            if event == Some("exposes") || event == Some("leads") {
                let mut cards = vec![];
                for cw in &line[i + 2..] {
                    match self.card(&cw.text) {
                        Ok(c) => cards.push(c),
                        Err(help) => diags.push(
                            Diag::new(E_CASE, format!("`{}` is not a card", cw.text))
                                .label(cw.span, "not a card")
                                .help(help),
                        ),
                    }
                }
                if cards.is_empty() {
                    diags.push(
                        Diag::new(E_CASE, format!("{s} {} no card", w.text))
                            .label(w.span, "which cards?")
                            .help(format!("name the cards: `{} {} ♠K`", line[i].text, w.text)),
                    );
                }
                let end = line.last().unwrap().span.end as usize;
                let span = Span::new(file, line[i].span.start as usize, end);
                let led = event == Some("leads");
                case.events.push((
                    Event::Expose {
                        seat: s,
                        cards,
                        led,
                    },
                    span,
                ));
                break;
            }
            let span = Span::new(file, line[i].span.start as usize, w.span.end as usize);
            let (word, artificial) = match w.text.strip_suffix('!') {
                Some(x) => (x, true),
                None => (w.text.as_str(), false),
            };
            match self.call(word) {
                Ok(call) => case.events.push((
                    Event::Call {
                        seat: s,
                        call,
                        artificial,
                    },
                    span,
                )),
                Err(help) if self.lang != Lang::En && self.is_foreign_call(word) => {
                    diags.push(self.not_a_call(word).label(w.span, "not a call").help(help))
                }
                Err(help) => match self.answer(word) {
                    Ok(answer) => case.events.push((Event::Answer { seat: s, answer }, span)),
                    Err(Some(ahelp)) => diags.push(
                        Diag::new(
                            E_CASE,
                            format!(
                                "`{word}` is not a call or an answer of a {} case",
                                self.name()
                            ),
                        )
                        .label(w.span, "not a call or answer")
                        .help(ahelp),
                    ),
                    Err(None) => {
                        diags.push(self.not_a_call(word).label(w.span, "not a call").help(help))
                    }
                },
            }
            i += 2;
        }
    }

    fn not_a_call(&self, word: &str) -> Diag {
        if self.lang == Lang::En {
            Diag::new(
                E_CASE,
                crate::model::ParseCallError(word.to_string()).to_string(),
            )
        } else {
            Diag::new(
                E_CASE,
                format!("`{word}` is not a call of a {} case", self.name()),
            )
        }
    }

    /// An option's answer (`S decline`, `J odmietnuť`), as the law book names it (English).
    /// Err(None): not an answer either (the error is the call's); Err(Some(help)): a word
    /// of another language or a near miss.
    fn answer(&self, word: &str) -> Result<String, Option<String>> {
        if let Some(id) = self.w.lookup("answer", self.lang, word) {
            return Ok(id.to_string());
        }
        if self.lang == Lang::En {
            // The law book decides which answers exist (and says so at the choice).
            if !word.is_empty() && word.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
                return Ok(word.to_string());
            }
            return Err(None);
        }
        if let Some(f) = self.foreign("answer", word) {
            return Err(Some(f));
        }
        let mut all = self.w.words("answer", self.lang);
        all.extend(self.w.words("call", self.lang));
        match closest(word, all.iter().copied()) {
            Some(c) => Err(Some(format!("did you mean `{c}`?"))),
            None => Err(None),
        }
    }
}

fn seat_of(id: &str) -> Seat {
    match id {
        "north" => Seat::North,
        "east" => Seat::East,
        "south" => Seat::South,
        _ => Seat::West,
    }
}

fn suit_of(id: &str) -> Suit {
    match id {
        "spades" => Suit::Spades,
        "hearts" => Suit::Hearts,
        "diamonds" => Suit::Diamonds,
        _ => Suit::Clubs,
    }
}

fn rank_of(id: &str) -> Rank {
    Rank(match id {
        "ace" => 14,
        "king" => 13,
        "queen" => 12,
        "jack" => 11,
        _ => 10,
    })
}
