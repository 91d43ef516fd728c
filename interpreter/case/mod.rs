//! Cases: a board and the events at the table, read from `.case` files (grammar/case.pest).
//! Every word keeps its span, so a bad seat, call or key is reported where it stands.
//!
//! A case is written in English, Slovak, Polish or Hungarian: its keys, seats, card ranks,
//! strains, calls, answers, findings and event words come from the tables of
//! `laws/case.words` (module `words`). The language is declared (`language sk`, `jazyk sk`,
//! `język pl`, `nyelv hu`) or read from the keys; a word of another language is an error
//! with its span and the word this language uses, never a guess (`S` is North in Slovak).

mod auction;
mod entries;
mod language;
mod notation;
mod play;
pub mod words;
mod wrong_hand;
pub use wrong_hand::wrong_hand_errors;

use crate::diagnostic::Diag;
use crate::eval::engine::Event;
use crate::eval::expr::AboutKey;
use crate::model::{Answer, Call, Card, Deal, Meaning, Rank, Seat, Side, Strain, Suit};
use crate::source::Span;
use crate::suggest::closest;
use crate::syntax::ast::Lang;
use entries::RawEntry;
use language::{case_language, likely_language};
use std::collections::HashMap;
use words::{fold, CaseWords};

mod grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "grammar/case.pest"]
    pub struct CaseParser;
}
use grammar::Rule;

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

    /// How many of the 52 cards are still to be played at the record's first claim or
    /// concession, if it has one (a PBN record's play has none).
    pub fn cards_left_at_claim(&self) -> Option<usize> {
        let PlayRecord::Events(es) = self else {
            return None;
        };
        let mut played = 0;
        for (e, _) in es {
            match e {
                Event::Play { .. } => played += 1,
                Event::Claim { .. } => return Some(52usize.saturating_sub(played)),
                _ => {}
            }
        }
        None
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
    /// Cards that were in a hand they were not dealt to until found there (Law 13: one hand
    /// held more than 13 cards and another fewer): the hand that held each, the card, and
    /// where the case says so. The deal is the board as dealt, each card where it belongs.
    pub wrong_hand: Vec<(Seat, Card, Span)>,
    pub events: Vec<(Event, Span)>,
    /// Findings answered for every question of that finding (`comparable_call no`).
    pub findings: HashMap<String, (Answer, Span)>,
    /// Findings answered for the irregularity of one call, by its number among the calls of
    /// the auction (`comparable_call 3 no`, `comparable_call E 1H no`): issue 9, item 18.
    pub findings_about: Vec<(String, AboutKey, Answer, Span)>,
    pub play: PlayRecord,
    pub play_span: Option<Span>,
    pub tricks: Option<(u8, Span)>,
    pub imps: Vec<i64>,
    pub matchpoints: Vec<(i64, Vec<i64>)>,
    pub total_points: Vec<i64>,
    /// Artificial adjusted scores (12C2): a side, how far it was at fault (0 not, 1 partly,
    /// 2 directly) and its percentage on the session's other boards (12C2(c)), if given.
    pub artificial: Vec<(Side, u8, Option<rust_decimal::Decimal>)>,
    /// `pbn FILE N`: the board N of a PBN file, path relative to the case, gives what the
    /// case does not (deal, dealer, vulnerability, auction, play).
    pub pbn: Option<(String, u32, Span)>,
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
    "pbn",
    "card_in_wrong_hand",
];

#[derive(Clone, Debug)]
struct Word {
    text: String,
    span: Span,
}

const E_CASE: &str = "lawbook::case";

/// The classes of `laws/case.words` whose words record an act besides a call or a card
/// (`N hesitates`), and where each may stand: the entry's id is the law book's name of the act
/// (`hesitation`), so that a law book ruling another kind of act needs a line of the words
/// file, not a change here.
const CONDUCT_CLASSES: [(&str, Stands); 3] = [
    ("conduct", Stands::Both),
    ("conduct_in_auction", Stands::Auction),
    ("conduct_in_play", Stands::Play),
];

/// Where a conduct word may stand.
#[derive(Clone, Copy, PartialEq)]
enum Stands {
    Auction,
    Play,
    Both,
}

/// The table's name of an act (`hesitation`), as the one static string the case tables hold,
/// if the compiled-in words record it.
pub fn conduct_kind_static(kind: &str) -> Option<&'static str> {
    let w = CaseWords::builtin();
    CONDUCT_CLASSES
        .iter()
        .find_map(|(class, _)| w.entry(class, kind))
        .map(|e| e.id.as_str())
}

/// The act `word` records in the auction block (`in_play` false) or the play block, if it is
/// one: the law book's name of it.
fn conduct_kind<'w>(w: &'w CaseWords, lang: Lang, word: &str, in_play: bool) -> Option<&'w str> {
    CONDUCT_CLASSES
        .iter()
        .filter(|(_, b)| *b == Stands::Both || (*b == Stands::Play) == in_play)
        .find_map(|(class, _)| w.lookup(class, lang, word))
}

/// A grammar rule in words, in the case's language.
fn phrase(r: Rule, w: &CaseWords, lang: Lang) -> Option<String> {
    let say =
        |id: &str, args: &[(&str, crate::messages::Arg)]| crate::messages::say(lang, id, args);
    let key = |id: &str| w.word("key", id, lang).unwrap_or(id).to_string();
    Some(match r {
        Rule::EOI => say("syntax.end", &[]),
        Rule::entry | Rule::key => say(
            "syntax.case.key",
            &[
                ("board", key("board").into()),
                ("deal", key("deal").into()),
                ("auction", key("auction").into()),
            ],
        ),
        Rule::block => "`{`".to_string(),
        Rule::line | Rule::word | Rule::words => say("syntax.case.word", &[]),
        _ => return None,
    })
}

/// Read a case with the compiled-in word tables (`laws/case.words`). A text that is not in
/// Unicode NFC is normalised first; spans then point into the normalised text (the runner
/// registers that text as the case's source).
pub fn parse_case(file: u32, text: &str) -> Result<Case, Vec<Diag>> {
    parse_case_with(CaseWords::builtin(), file, text)
}

pub fn parse_case_with(w: &CaseWords, file: u32, text: &str) -> Result<Case, Vec<Diag>> {
    parse_case_said(w, file, text, None)
}

/// Read a case, its diagnostics said in `said_in` (a user's `--lang`) or else in the case's
/// own language.
pub fn parse_case_said(
    w: &CaseWords,
    file: u32,
    text: &str,
    said_in: Option<Lang>,
) -> Result<Case, Vec<Diag>> {
    // The text as the parser reads it: NFC.
    let text = &*crate::source::nfc(text);
    if let Some(d) = crate::syntax::pest_error::too_deep(file, text, "lawbook::syntax::case") {
        return Err(vec![d]);
    }
    let entries = match entries::by_hand(file, text) {
        Some(entries) => entries,
        None => entries::by_pest(file, text).map_err(|e| {
            let lang = said_in.unwrap_or_else(|| likely_language(w, text));
            vec![crate::syntax::pest_error::convert_in(
                e,
                file,
                text,
                |r| phrase(r, w, lang),
                "lawbook::syntax::case",
                lang,
            )]
        })?,
    };
    let mut diags = vec![];
    let lang = case_language(w, &entries, said_in, &mut diags);
    let cx = Cx {
        w,
        lang,
        said: said_in.unwrap_or(lang),
        file,
    };
    let mut case = Case {
        file,
        lang: Some(lang),
        ..Default::default()
    };
    let mut seen: HashMap<String, Span> = HashMap::new();
    let mut about_lines: Vec<(String, Vec<Word>, Answer, Span)> = vec![];
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
                cx.error("case.key_twice", kspan, &[("key", (&k).into())])
                    .label(prev, cx.say("case.key_twice.first", &[])),
            );
            continue;
        }
        let one = |diags: &mut Vec<Diag>, what: &str| -> Option<Word> {
            if line_words.len() != 1 {
                let what = cx.say(&format!("case.what.{what}"), &[]);
                diags.push(cx.error(
                    "case.takes_one",
                    espan,
                    &[("key", (&k).into()), ("what", what.into())],
                ));
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
            "pbn" => match &line_words[..] {
                [f, n] if n.text.parse::<u32>().is_ok_and(|n| n >= 1) => {
                    case.pbn = Some((f.text.clone(), n.text.parse().unwrap_or(1), espan))
                }
                _ => diags.push(cx.error("case.pbn", espan, &[("key", (&k).into())])),
            },
            "board" => {
                if let Some(w) = one(&mut diags, "number") {
                    match w.text.parse::<u32>() {
                        Ok(n) if n >= 1 => case.board = Some((n, w.span)),
                        _ => diags.push(cx.error(
                            "case.board",
                            w.span,
                            &[("word", (&w.text).into())],
                        )),
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
                            let mut help = cx.say(
                                "case.vulnerability.help",
                                &[
                                    ("first", names[..3].join(", ").into()),
                                    ("last", names[3].into()),
                                ],
                            );
                            if let Some(f) = cx.foreign("vulnerability", &v.text) {
                                help = format!("{f}; {help}");
                            }
                            diags.push(
                                cx.error(
                                    "case.vulnerability",
                                    v.span,
                                    &[("word", (&v.text).into())],
                                )
                                .help(help),
                            );
                        }
                    }
                }
            }
            "deal" => {
                if line_words.is_empty() {
                    let seat = cx.w.seat_letter(Seat::North, lang);
                    diags.push(cx.error(
                        "case.deal.empty",
                        espan,
                        &[("key", (&k).into()), ("seat", seat.into())],
                    ));
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
                    diags.push(cx.error("case.block", espan, &[("key", (&k).into())]));
                    continue;
                }
                for line in lines {
                    cx.auction_line(&line, &mut case, &mut diags);
                }
            }
            "findings" => {
                for line in lines {
                    if !(2..=5).contains(&line.len()) {
                        let g = |class: &str, id: &str| {
                            w.word(class, id, lang).unwrap_or(id).to_string()
                        };
                        diags.push(cx.error(
                            "case.finding_line",
                            line[0].span,
                            &[
                                ("yes", g("yesno", "yes").into()),
                                ("no", g("yesno", "no").into()),
                                ("finding", g("finding", "comparable_call").into()),
                                ("damage", g("finding", "damage").into()),
                                ("east", cx.w.seat_letter(Seat::East, lang).into()),
                                ("south", cx.w.seat_letter(Seat::South, lang).into()),
                                (
                                    "bid",
                                    cx.w.call_text(Call::bid(1, Strain::Hearts), lang).into(),
                                ),
                                ("hesitates", g("conduct", "hesitation").into()),
                            ],
                        ));
                        continue;
                    }
                    let answer = &line[line.len() - 1];
                    // Yes or no; a number the Director finds is written in digits in every
                    // language (`least_normal_line_tricks 9`).
                    let number = (answer.text.bytes().all(|b| b.is_ascii_digit()))
                        .then(|| answer.text.parse::<i64>().ok())
                        .flatten();
                    let end = w.lookup("found_end", lang, &answer.text);
                    let v = match (w.lookup("yesno", lang, &answer.text), number, end) {
                        (Some("yes"), ..) => Answer::YesNo(true),
                        (Some(_), ..) => Answer::YesNo(false),
                        (None, Some(n), _) => Answer::Number(n),
                        (None, None, Some("least")) => Answer::Least,
                        (None, None, Some(_)) => Answer::Most,
                        (None, None, None) => {
                            let (yes, no) = (
                                w.word("yesno", "yes", lang).unwrap_or("yes"),
                                w.word("yesno", "no", lang).unwrap_or("no"),
                            );
                            let d = cx.error(
                                "case.yes_no",
                                answer.span,
                                &[
                                    ("word", (&answer.text).into()),
                                    ("yes", yes.into()),
                                    ("no", no.into()),
                                ],
                            );
                            diags.push(match cx.foreign("yesno", &answer.text) {
                                Some(f) => d.help(f),
                                None => d,
                            });
                            continue;
                        }
                    };
                    let name = match cx.finding(&line[0]) {
                        Ok(name) => name,
                        Err(d) => {
                            diags.push(d);
                            continue;
                        }
                    };
                    match &line[1..line.len() - 1] {
                        [] => {
                            case.findings.insert(name, (v, line[0].span));
                        }
                        about => about_lines.push((name, about.to_vec(), v, line[0].span)),
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
                        _ => diags.push(cx.error(
                            "case.tricks",
                            w.span,
                            &[("word", (&w.text).into())],
                        )),
                    }
                }
            }
            "imps" => {
                for w in &line_words {
                    match w.text.parse::<i64>() {
                        Ok(n) => case.imps.push(n),
                        Err(_) => diags.push(cx.error(
                            "case.imps",
                            w.span,
                            &[("word", (&w.text).into()), ("key", (&k).into())],
                        )),
                    }
                }
            }
            "total_points" => {
                for w in &line_words {
                    match w.text.parse::<i64>() {
                        Ok(n) => case.total_points.push(n),
                        Err(_) => diags.push(cx.error(
                            "case.total_points",
                            w.span,
                            &[("word", (&w.text).into()), ("key", (&k).into())],
                        )),
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
                        diags.push(cx.error(
                            "case.matchpoints",
                            espan,
                            &[("key", (&k).into()), ("against", against.into())],
                        ))
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
                    Some(x) => session_percent(&x.text).map(Some),
                };
                let side = side.and_then(|s| match s {
                    "ns" => Some(Side::NorthSouth),
                    "ew" => Some(Side::EastWest),
                    _ => None,
                });
                match (side, fault, session, line_words.len() <= 3) {
                    // The side and its part read, the percentage not: said at its word.
                    (Some(_), Some(_), None, true) => {
                        let word = &line_words[2];
                        diags.push(cx.error(
                            "case.session_percent",
                            word.span,
                            &[("word", word.text.as_str().into())],
                        ))
                    }
                    // One score a side (12C2(a)): a second for the same side contradicts it.
                    (Some(s), Some(_), Some(_), true)
                        if case.artificial.iter().any(|(t, _, _)| *t == s) =>
                    {
                        diags.push(cx.error(
                            "case.artificial_twice",
                            espan,
                            &[
                                ("key", (&k).into()),
                                ("side", line_words[0].text.as_str().into()),
                            ],
                        ))
                    }
                    (Some(s), Some(f), Some(pct), true) => case.artificial.push((
                        s,
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
                        diags.push(cx.error(
                            "case.artificial",
                            espan,
                            &[
                                ("key", (&k).into()),
                                ("ns", word("vulnerability", "ns").into()),
                                ("ew", word("vulnerability", "ew").into()),
                                ("directly", word("fault", "directly").into()),
                                ("partly", word("fault", "partly").into()),
                                ("none", word("fault", "none").into()),
                            ],
                        ))
                    }
                }
            }
            "card_in_wrong_hand" => {
                cx.wrong_hand_line(&k, espan, &line_words, &mut case, &mut diags)
            }
            other => unreachable!("key `{other}` of laws/case.words has no reader"),
        }
    }
    // The calls findings are about, once the auction is read.
    // The acts the play records count as well as the auction's.
    let mut all_events = case.events.clone();
    if let PlayRecord::Events(es) = &case.play {
        all_events.extend(es.iter().cloned());
    }
    for (name, about, v, span) in about_lines {
        match cx.finding_about(&about, &all_events) {
            Ok(n) => case.findings_about.push((name, n, v, span)),
            Err(d) => diags.push(d),
        }
    }
    // A card in the wrong hand is checked against the deal; a deal a PBN record gives is
    // checked once it is read (`wrong_hand_errors`).
    if case.deal.is_some() || case.pbn.is_none() {
        diags.extend(cx.wrong_hand_errors(&case));
    }
    if case.board.is_none() && case.dealer.is_none() && case.pbn.is_none() {
        let (board, dealer, vul, none, n) = (
            w.word("key", "board", lang).unwrap_or("board"),
            w.word("key", "dealer", lang).unwrap_or("dealer"),
            w.word("key", "vulnerable", lang).unwrap_or("vulnerable"),
            w.word("vulnerability", "none", lang).unwrap_or("none"),
            w.word("seat", "north", lang).unwrap_or("N"),
        );
        diags.push(cx.error(
            "case.no_board",
            Span::new(file, 0, 0),
            &[
                ("board", board.into()),
                ("dealer", dealer.into()),
                ("vulnerable", vul.into()),
                ("none", none.into()),
                ("north", n.into()),
            ],
        ));
    }
    if diags.is_empty() {
        Ok(case)
    } else {
        Err(diags)
    }
}

/// The parser's view of one case: the tables and the case's language.
struct Cx<'a> {
    w: &'a CaseWords,
    /// The language the case is written in (its words), and the one its messages are said in.
    lang: Lang,
    said: Lang,
    file: u32,
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

#[cfg(test)]
mod tests;

/// A session's percentage as a case writes it (12C2(c)): a number from 0 to 100, with
/// decimals after a point or a comma (61.37, 61,37: a Director copies it from his scoring
/// program, in his language's way), kept exactly as written; at most 12 places, which the
/// ruling's JSON keeps exactly.
fn session_percent(text: &str) -> Option<rust_decimal::Decimal> {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let (whole, places) = text.split_once(['.', ',']).unwrap_or((text, ""));
    let places_ok = places.is_empty() || (digits(places) && places.len() <= 12);
    if !digits(whole) || !places_ok || text.ends_with(['.', ',']) {
        return None;
    }
    let d = rust_decimal::Decimal::from_str_exact(&text.replace(',', ".")).ok()?;
    (d <= rust_decimal::Decimal::ONE_HUNDRED).then_some(d)
}
