//! Cases: a board and the events at the table, read from `.case` files (grammar/case.pest).
//! Every word keeps its span, so a bad seat, call or key is reported where it stands.

use crate::diagnostic::Diag;
use crate::eval::engine::Event;
use crate::model::{Call, Card, Deal, Seat};
use crate::source::Span;
use crate::suggest::did_you_mean;
use pest::Parser;
use std::collections::HashMap;

mod grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "grammar/case.pest"]
    pub struct CaseParser;
}
use grammar::{CaseParser, Rule};

/// The cards played, as a case writes them (each trick from its leader) or as PBN does
/// (each trick in fixed seat columns, whoever led).
#[derive(Clone, Debug, Default)]
pub enum PlayRecord {
    #[default]
    None,
    LeadOrder(Vec<Vec<(Card, Span)>>),
    BySeat(Vec<[Option<(Card, Span)>; 4]>),
}

impl PlayRecord {
    pub fn is_empty(&self) -> bool {
        match self {
            PlayRecord::None => true,
            PlayRecord::LeadOrder(t) => t.is_empty(),
            PlayRecord::BySeat(t) => t.is_empty(),
        }
    }

    pub fn tricks(&self) -> usize {
        match self {
            PlayRecord::None => 0,
            PlayRecord::LeadOrder(t) => t.len(),
            PlayRecord::BySeat(t) => t.len(),
        }
    }

    /// The `i`-th card played to trick `t`, which `seat` plays.
    pub fn card(&self, t: usize, i: usize, seat: Seat) -> Option<(Card, Span)> {
        match self {
            PlayRecord::None => None,
            PlayRecord::LeadOrder(ts) => ts.get(t)?.get(i).copied(),
            PlayRecord::BySeat(ts) => ts.get(t)?[seat.index()],
        }
    }

    /// The cards of trick `t` in the order they were played, from `leader`.
    pub fn trick(&self, t: usize, leader: Seat) -> Vec<(Card, Span)> {
        match self {
            PlayRecord::None => vec![],
            PlayRecord::LeadOrder(ts) => ts[t].clone(),
            PlayRecord::BySeat(ts) => (0..4)
                .map_while(|i| ts[t][Seat::from_index(leader.index() + i).index()])
                .collect(),
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct Case {
    pub file: u32,
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
}

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

pub fn parse_case(file: u32, text: &str) -> Result<Case, Vec<Diag>> {
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
    let mut case = Case {
        file,
        ..Default::default()
    };
    let mut diags = vec![];
    let mut seen: HashMap<String, Span> = HashMap::new();
    for entry in top.into_inner().filter(|p| p.as_rule() == Rule::entry) {
        let espan = sp(&entry);
        let mut it = entry.into_inner();
        let key = it.next().unwrap();
        let kspan = sp(&key);
        let k = key.as_str().to_string();
        let (line_words, lines): (Vec<Word>, Vec<Vec<Word>>) = match it.next() {
            None => (vec![], vec![]),
            Some(p) if p.as_rule() == Rule::block => (vec![], p.into_inner().map(words).collect()),
            Some(p) => (words(p), vec![]),
        };
        if !KEYS.contains(&k.as_str()) {
            let hint = did_you_mean(&k, KEYS.iter().copied());
            diags.push(
                Diag::new(E_CASE, format!("unknown key `{k}`"))
                    .label(kspan, "not a key of a case")
                    .help(if hint.is_empty() {
                        format!("the keys are {}", KEYS.join(", "))
                    } else {
                        hint
                    }),
            );
            continue;
        }
        let repeatable = matches!(k.as_str(), "imps" | "matchpoints");
        if let Some(prev) = seen.insert(k.clone(), kspan).filter(|_| !repeatable) {
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
        match k.as_str() {
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
                    match seat(&w) {
                        Ok(s) => case.dealer = Some(s),
                        Err(d) => diags.push(d),
                    }
                }
            }
            "vulnerable" => {
                if let Some(w) = one(&mut diags, "vulnerability") {
                    case.vulnerable = Some(match w.text.to_lowercase().as_str() {
                        "none" | "-" | "love" => [false, false],
                        "ns" => [true, false],
                        "ew" => [false, true],
                        "both" | "all" => [true, true],
                        _ => {
                            diags.push(
                                Diag::new(E_CASE, format!("`{}` is not a vulnerability", w.text))
                                    .label(w.span, "unknown vulnerability")
                                    .help("write none, NS, EW or both"),
                            );
                            continue;
                        }
                    });
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
                let text = &text[start..end];
                match Deal::parse_pbn(text) {
                    Ok(d) => case.deal = Some(d),
                    Err(e) => diags.push(
                        Diag::new(E_CASE, format!("bad deal: {}", e.message))
                            .label(
                                Span::new(file, start + e.span.start, start + e.span.end),
                                e.message.clone(),
                            )
                            .help(e.help),
                    ),
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
                    let mut i = 0;
                    while i < line.len() {
                        // `together E 1S N 1H`: calls made at the same moment (Law 33).
                        if line[i].text == "together" && i == 0 {
                            let mut calls = vec![];
                            let mut k = 1;
                            while k + 1 < line.len() {
                                let word = line[k + 1].text.as_str();
                                match (seat(&line[k]), Call::parse(word.trim_end_matches('!'))) {
                                    (Ok(s), Ok(c)) => calls.push((s, c, word.ends_with('!'))),
                                    (Err(d), _) => diags.push(d),
                                    (_, Err(e)) => diags.push(
                                        Diag::new(E_CASE, e.to_string())
                                            .label(line[k + 1].span, "not a call")
                                            .help("write `together SEAT CALL SEAT CALL`"),
                                    ),
                                }
                                k += 2;
                            }
                            if calls.len() < 2 || k != line.len() {
                                diags.push(
                                    Diag::new(
                                        E_CASE,
                                        "`together` takes two or more `SEAT CALL` pairs",
                                    )
                                    .label(line[0].span, "here")
                                    .help("for example `together E 1S N 1H`"),
                                );
                            }
                            let end = line.last().unwrap().span.end as usize;
                            let span = Span::new(file, line[0].span.start as usize, end);
                            case.events.push((Event::Together(calls), span));
                            break;
                        }
                        if line[i].text == "director" {
                            case.events.push((Event::Director, line[i].span));
                            i += 1;
                            continue;
                        }
                        let s = match seat(&line[i]) {
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
                        // `N hesitates`: a break in tempo, information for partner (Law 16).
                        if w.text == "hesitates" {
                            let span =
                                Span::new(file, line[i].span.start as usize, w.span.end as usize);
                            case.events.push((
                                Event::Question {
                                    seat: s,
                                    kind: "hesitation".into(),
                                },
                                span,
                            ));
                            i += 2;
                            continue;
                        }
                        // `S asks review` / `S asks explanation` (Law 20).
                        if w.text == "asks" {
                            match line.get(i + 2).map(|q| q.text.as_str()) {
                                Some(kind @ ("review" | "explanation")) => {
                                    let span = Span::new(file, line[i].span.start as usize, line[i + 2].span.end as usize);
                                    case.events.push((Event::Question { seat: s, kind: kind.to_string() }, span));
                                }
                                _ => diags.push(
                                    Diag::new(E_CASE, format!("{s} asks for what?"))
                                        .label(w.span, "expected `asks review` or `asks explanation`")
                                        .help("a player asks for a `review` of the auction or an `explanation` of a call"),
                                ),
                            }
                            i += 3;
                            continue;
                        }
                        // `S changes 2S`: S replaces his last call (Law 25, 21B).
                        if w.text == "changes" {
                            let Some(cw) = line.get(i + 2) else {
                                diags.push(
                                    Diag::new(E_CASE, format!("{s} changes to nothing"))
                                        .label(w.span, "to which call?")
                                        .help("write `S changes 2S`"),
                                );
                                break;
                            };
                            let word = cw.text.trim_end_matches('!');
                            match Call::parse(word) {
                                Ok(call) => {
                                    let span = Span::new(
                                        file,
                                        line[i].span.start as usize,
                                        cw.span.end as usize,
                                    );
                                    case.events.push((
                                        Event::Change {
                                            seat: s,
                                            call,
                                            artificial: cw.text.ends_with('!'),
                                        },
                                        span,
                                    ));
                                }
                                Err(e) => diags.push(
                                    Diag::new(E_CASE, e.to_string())
                                        .label(cw.span, "not a call")
                                        .help("write `S changes 2S`"),
                                ),
                            }
                            i += 3;
                            continue;
                        }
                        // `W exposes SK H2` / `W leads SK`: cards seen during the auction
                        // (Law 24); the rest of the line are the cards.
                        if w.text == "exposes" || w.text == "leads" {
                            let mut cards = vec![];
                            for cw in &line[i + 2..] {
                                match Card::parse(&cw.text) {
                                    Some(c) => cards.push(c),
                                    None => diags.push(
                                        Diag::new(E_CASE, format!("`{}` is not a card", cw.text))
                                            .label(cw.span, "not a card")
                                            .help("cards are written suit first: SA, HT, D2 or ♠A"),
                                    ),
                                }
                            }
                            if cards.is_empty() {
                                diags.push(
                                    Diag::new(E_CASE, format!("{s} {} no card", w.text))
                                        .label(w.span, "which cards?")
                                        .help("name the cards: `W exposes SK` or `W leads SK`"),
                                );
                            }
                            let end = line.last().unwrap().span.end as usize;
                            let span = Span::new(file, line[i].span.start as usize, end);
                            let led = w.text == "leads";
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
                        let span =
                            Span::new(file, line[i].span.start as usize, w.span.end as usize);
                        let (word, artificial) = match w.text.strip_suffix('!') {
                            Some(x) => (x, true),
                            None => (w.text.as_str(), false),
                        };
                        match Call::parse(word) {
                            Ok(call) => case.events.push((Event::Call { seat: s, call, artificial }, span)),
                            Err(_) if word.chars().all(|c| c.is_ascii_lowercase() || c == '_') && !word.is_empty() => {
                                case.events.push((Event::Answer { seat: s, answer: word.to_string() }, span))
                            }
                            Err(e) => diags.push(
                                Diag::new(E_CASE, e.to_string())
                                    .label(w.span, "not a call")
                                    .help("calls are written 1NT, 3S or 3♠, pass, X (double), XX (redouble); mark an artificial call with `!`"),
                            ),
                        }
                        i += 2;
                    }
                }
            }
            "findings" => {
                for line in lines {
                    if line.len() != 2 {
                        diags.push(
                            Diag::new(E_CASE, "a finding is a name and yes or no")
                                .label(line[0].span, "expected `NAME yes` or `NAME no`")
                                .help("for example `comparable_call no`"),
                        );
                        continue;
                    }
                    let v = match line[1].text.as_str() {
                        "yes" => true,
                        "no" => false,
                        _ => {
                            diags.push(
                                Diag::new(E_CASE, format!("`{}` is not yes or no", line[1].text))
                                    .label(line[1].span, "expected yes or no")
                                    .help("a finding of fact is yes or no"),
                            );
                            continue;
                        }
                    };
                    case.findings
                        .insert(line[0].text.clone(), (v, line[0].span));
                }
            }
            "play" => {
                case.play_span = Some(espan);
                let mut tricks = vec![];
                for line in lines {
                    let mut trick = vec![];
                    for w in line {
                        match Card::parse(&w.text) {
                            Some(c) => trick.push((c, w.span)),
                            None => diags.push(
                                Diag::new(E_CASE, format!("`{}` is not a card", w.text))
                                    .label(w.span, "not a card")
                                    .help("cards are written suit first: SA, HT, D2 or ♠A"),
                            ),
                        }
                    }
                    tricks.push(trick);
                }
                case.play = PlayRecord::LeadOrder(tricks);
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
                                .help("write the net point difference, such as `imps 620`"),
                        ),
                    }
                }
            }
            "total_points" => {
                for w in &line_words {
                    match w.text.parse::<i64>() {
                        Ok(n) => case.total_points.push(n),
                        Err(_) => diags.push(Diag::new(E_CASE, format!("`{}` is not a score", w.text)).label(w.span, "not a number").help("write the net scores of the boards, such as `total_points 420 -50 100`")),
                    }
                }
            }
            "matchpoints" => {
                let nums: Vec<Option<i64>> =
                    line_words.iter().map(|w| w.text.parse().ok()).collect();
                let against = line_words.iter().position(|w| w.text == "against");
                match (nums.first().copied().flatten(), against) {
                    (Some(score), Some(1))
                        if nums[2..].iter().all(|n| n.is_some()) && nums.len() > 2 =>
                    {
                        case.matchpoints
                            .push((score, nums[2..].iter().map(|n| n.unwrap()).collect()))
                    }
                    _ => diags.push(
                        Diag::new(
                            E_CASE,
                            "`matchpoints` is a score, `against`, and the other scores",
                        )
                        .label(espan, "expected `matchpoints 420 against 450 420 -50`")
                        .help("give the score and the scores it is compared with"),
                    ),
                }
            }
            _ => unreachable!(),
        }
    }
    if case.board.is_none() && case.dealer.is_none() {
        diags.push(
            Diag::new(E_CASE, "the case names no board and no dealer")
                .label(Span::new(file, 0, 0), "here")
                .help("write `board N` (Law 2 gives dealer and vulnerability) or `dealer N` and `vulnerable none`"),
        );
    }
    if diags.is_empty() {
        Ok(case)
    } else {
        Err(diags)
    }
}

fn seat(w: &Word) -> Result<Seat, Diag> {
    let mut cs = w.text.chars();
    match (cs.next().and_then(Seat::from_letter), cs.next()) {
        (Some(s), None) => Ok(s),
        _ => Err(Diag::new(E_CASE, format!("`{}` is not a seat", w.text))
            .label(w.span, "expected a seat")
            .help("seats are N, E, S and W")),
    }
}
