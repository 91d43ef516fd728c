//! One game's tags -> a [`PbnBoard`]: the identification tags read into the model, the
//! auction section (3.5) and the play section (3.6).

use super::scan::{item_span, Item, RawGame, RawTag};
use super::tags::{
    is_unknown, parse_board, parse_contract, parse_declarer, parse_note, parse_result, parse_score,
    parse_seat, parse_vulnerable, Bad,
};
use super::{
    CardIrregularity, Fail, PbnAuction, PbnBoard, PbnCall, PbnCard, PbnErrorKind, PbnNote, PbnPlay,
    PbnScore, PbnSkip, PbnTag, PbnTrick, SectionEnd,
};
use crate::model::{Call, Card, Deal, DealError, Seat};
use std::ops::Range;

/// The mandatory tags of 3.4 and Note: no section data may follow them.
const NO_SECTION: [&str; 14] = [
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
];

pub(super) fn build(game: &RawGame, tags: Vec<PbnTag>, text: &str) -> Result<PbnBoard, Fail> {
    let tag_kind = PbnErrorKind::Tag;
    let board = read(&tags, "Board", text, tag_kind, parse_board)?;
    let dealer = read(&tags, "Dealer", text, tag_kind, |v| parse_seat(v, "Dealer"))?;
    let vulnerable = read(&tags, "Vulnerable", text, tag_kind, parse_vulnerable)?;
    let contract = read(&tags, "Contract", text, tag_kind, parse_contract)?;
    let (declarer, declarer_swapped) =
        match read(&tags, "Declarer", text, tag_kind, parse_declarer)? {
            Some((s, swapped)) => (Some(s), swapped),
            None => (None, false),
        };
    let (result, result_disputed) = match read(&tags, "Result", text, tag_kind, |v| {
        parse_result(v, declarer)
    })? {
        Some((n, caret)) => (Some(n), caret),
        None => (None, false),
    };
    let score = match find(&tags, "Score") {
        Some(t) if !is_unknown(&t.value) => {
            let (ns, ew) =
                parse_score(&t.value, declarer).map_err(|b| tag_fail(t, text, b, tag_kind))?;
            Some(PbnScore {
                ns,
                ew,
                raw: t.value.clone(),
                span: t.span.clone(),
            })
        }
        _ => None,
    };
    let deal = match find(&tags, "Deal") {
        Some(t) if !is_unknown(&t.value) && !has_unknown_hand(&t.value) => {
            Some(Deal::parse_pbn(&t.value).map_err(|e| deal_fail(t, text, e))?)
        }
        _ => None,
    };

    // Sections: the auction runs from [Auction] over the Note tags that follow it; so does
    // the play from [Play]. A repeated Auction or Play tag is ignored, as 3.4 says.
    #[derive(PartialEq)]
    enum Sec {
        None,
        Auction,
        Play,
    }
    let mut sec = Sec::None;
    let mut auction_at = None;
    let mut play_at = None;
    let mut auction_notes = Vec::new();
    let mut play_notes = Vec::new();
    for (i, raw) in game.tags.iter().enumerate() {
        let tag = &tags[i];
        match raw.name.as_str() {
            "Auction" if auction_at.is_none() => {
                sec = Sec::Auction;
                auction_at = Some(i);
            }
            "Play" if play_at.is_none() => {
                sec = Sec::Play;
                play_at = Some(i);
            }
            "Note" => {
                let notes = match sec {
                    Sec::Auction => Some(&mut auction_notes),
                    Sec::Play => Some(&mut play_notes),
                    // A note outside both sections is kept only as a tag.
                    Sec::None => None,
                };
                if let Some(notes) = notes {
                    let (index, note) =
                        parse_note(&tag.value).map_err(|b| tag_fail(tag, text, b, tag_kind))?;
                    notes.push(PbnNote {
                        index,
                        text: note,
                        span: tag.span.clone(),
                    });
                }
            }
            _ => sec = Sec::None,
        }
        if NO_SECTION.contains(&raw.name.as_str()) || raw.name == "Note" {
            if let Some(item) = raw.items.iter().find(|i| !matches!(i, Item::Comment(_))) {
                return Err(Fail::new(
                    PbnErrorKind::Syntax,
                    format!(
                        "text after the tag `{}`, which has no section data",
                        raw.name
                    ),
                    "only the Auction and Play tags and supplemental tables are followed by \
                     data; write a comment { like this } or after ;",
                    "not part of any section",
                    item_span(item),
                ));
            }
        }
    }
    let auction = match auction_at {
        Some(i) => read_auction(&tags[i], &game.tags[i], auction_notes, text)?,
        None => None,
    };
    let play = match play_at {
        Some(i) => read_play(&tags[i], &game.tags[i], play_notes, text)?,
        None => None,
    };
    Ok(PbnBoard {
        span: game.span(),
        tags,
        board,
        dealer,
        vulnerable,
        deal,
        auction,
        play,
        contract,
        declarer,
        declarer_swapped,
        result,
        result_disputed,
        score,
    })
}

fn find<'a>(tags: &'a [PbnTag], name: &str) -> Option<&'a PbnTag> {
    tags.iter().find(|t| t.name == name)
}

/// Read a tag's value, if the board gives one.
fn read<T>(
    tags: &[PbnTag],
    name: &str,
    text: &str,
    kind: PbnErrorKind,
    f: impl Fn(&str) -> Result<T, Bad>,
) -> Result<Option<T>, Fail> {
    match find(tags, name) {
        Some(t) if !is_unknown(&t.value) => f(&t.value)
            .map(Some)
            .map_err(|b| tag_fail(t, text, b, kind)),
        _ => Ok(None),
    }
}

/// A range inside a tag's value, as a range in the file (the whole value if the value is not
/// the text at its span, e.g. because of escapes or inheritance).
fn in_value(tag: &PbnTag, text: &str, at: Option<Range<usize>>) -> Range<usize> {
    match at {
        Some(r) if text.get(tag.span.clone()) == Some(tag.value.as_str()) => {
            tag.span.start + r.start..tag.span.start + r.end
        }
        _ => tag.span.clone(),
    }
}

fn tag_fail(tag: &PbnTag, text: &str, b: Bad, kind: PbnErrorKind) -> Fail {
    let span = in_value(tag, text, b.at);
    Fail::new(kind, b.message, b.help, format!("in [{}]", tag.name), span)
}

fn deal_fail(tag: &PbnTag, text: &str, e: DealError) -> Fail {
    let span = in_value(tag, text, Some(e.span));
    Fail::new(PbnErrorKind::Deal, e.message, e.help, "in [Deal]", span)
}

/// A hand given as `-` is unknown (3.4.11): the deal is then not a full deal.
fn has_unknown_hand(v: &str) -> bool {
    v.split_once(':')
        .is_some_and(|(_, hands)| hands.split_whitespace().any(|h| h == "-"))
}

/// Tokens of the auction and play sections (3.2), split out of a run of characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    /// A call or card token (or `-`, `AP`).
    Word,
    Note(u16),
    Nag(u8),
    Suffix,
    Star,
    Plus,
    Irregularity(char),
}

fn split_run(
    text: &str,
    run: Range<usize>,
    kind: PbnErrorKind,
) -> Result<Vec<(Tok, Range<usize>)>, Fail> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = run.start;
    let fail = |message: String, help: &str, span: Range<usize>| {
        Fail::new(kind, message, help, "here", span)
    };
    while i < run.end {
        let start = i;
        match b[i] {
            b'=' => {
                let digits_end = (i + 1..run.end)
                    .find(|&k| !b[k].is_ascii_digit())
                    .unwrap_or(run.end);
                let closed = digits_end < run.end && b[digits_end] == b'=';
                let number = text[i + 1..digits_end].parse::<u16>();
                match (closed, number) {
                    (true, Ok(n)) => {
                        out.push((Tok::Note(n), start..digits_end + 1));
                        i = digits_end + 1;
                    }
                    _ => {
                        return Err(fail(
                            format!("`{}` is not a note reference", &text[start..run.end]),
                            "a note reference is a number between equal signs, like =1=, \
                             explained by a tag [Note \"1:...\"]",
                            start..run.end,
                        ))
                    }
                }
            }
            b'$' => {
                let digits_end = (i + 1..run.end)
                    .find(|&k| !b[k].is_ascii_digit())
                    .unwrap_or(run.end);
                match text[i + 1..digits_end].parse::<u8>() {
                    Ok(n) => {
                        out.push((Tok::Nag(n), start..digits_end));
                        i = digits_end;
                    }
                    Err(_) => {
                        return Err(fail(
                            format!("`{}` is not a NAG", &text[start..digits_end.max(i + 1)]),
                            "a numeric annotation glyph is $ and a number from 0 to 255",
                            start..digits_end.max(i + 1),
                        ))
                    }
                }
            }
            b'!' | b'?' => {
                i += 1;
                if i < run.end && matches!(b[i], b'!' | b'?') {
                    i += 1;
                }
                out.push((Tok::Suffix, start..i));
            }
            b'*' => {
                i += 1;
                out.push((Tok::Star, start..i));
            }
            b'+' => {
                i += 1;
                out.push((Tok::Plus, start..i));
            }
            b'^' => {
                let c = text[i + 1..run.end].chars().next();
                match c {
                    Some(c @ ('I' | 'S' | 'R' | 'L')) => {
                        out.push((Tok::Irregularity(c), start..i + 2));
                        i += 2;
                    }
                    _ => {
                        let end = i + 1 + c.map_or(0, char::len_utf8);
                        return Err(fail(
                            format!("`{}` is not an irregularity mark", &text[start..end]),
                            "the marks are ^I (insufficient bid), ^S (seat skipped by a call out \
                             of rotation), ^R (revoke) and ^L (lead out of turn)",
                            start..end,
                        ));
                    }
                }
            }
            _ => {
                while i < run.end && !matches!(b[i], b'=' | b'$' | b'!' | b'?' | b'*' | b'+' | b'^')
                {
                    i += 1;
                }
                out.push((Tok::Word, start..i));
            }
        }
    }
    Ok(out)
}

/// The section's tokens in order, with comments (their text) and strings (an error here).
enum Entry {
    Tok(Tok, Range<usize>),
    Comment(String),
}

fn entries(raw: &RawTag, text: &str, kind: PbnErrorKind, what: &str) -> Result<Vec<Entry>, Fail> {
    let mut out = Vec::new();
    for item in &raw.items {
        match item {
            Item::Comment(r) => {
                let c = &text[r.clone()];
                let inner = c
                    .strip_prefix('{')
                    .map(|s| s.strip_suffix('}').unwrap_or(s))
                    .or_else(|| c.strip_prefix(';'))
                    .unwrap_or(c);
                out.push(Entry::Comment(inner.trim().to_string()));
            }
            Item::Str(r) => {
                return Err(Fail::new(
                    kind,
                    format!("a string is not {what}"),
                    "comments are written { like this } or after ;",
                    "here",
                    r.clone(),
                ))
            }
            Item::Token(r) => {
                for (tok, span) in split_run(text, r.clone(), kind)? {
                    out.push(Entry::Tok(tok, span));
                }
            }
        }
    }
    Ok(out)
}

fn section_seat(
    tag: &PbnTag,
    raw: &RawTag,
    text: &str,
    kind: PbnErrorKind,
) -> Result<Option<Seat>, Fail> {
    if is_unknown(&tag.value) {
        if let Some(item) = raw.items.iter().find(|i| !matches!(i, Item::Comment(_))) {
            return Err(Fail::new(
                kind,
                format!(
                    "the [{}] tag names no seat, but a record follows it",
                    tag.name
                ),
                "the tag names the seat of the first column: N, E, S or W",
                "this record",
                item_span(item),
            ));
        }
        return Ok(None);
    }
    parse_seat(&tag.value, &tag.name)
        .map(Some)
        .map_err(|b| tag_fail(tag, text, b, kind))
}

fn read_auction(
    tag: &PbnTag,
    raw: &RawTag,
    notes: Vec<PbnNote>,
    text: &str,
) -> Result<Option<PbnAuction>, Fail> {
    let kind = PbnErrorKind::Auction;
    let Some(seat) = section_seat(tag, raw, text, kind)? else {
        return Ok(None);
    };
    let fail = |message: String, help: &str, span: Range<usize>| {
        Fail::new(kind, message, help, "here", span)
    };
    let mut calls: Vec<PbnCall> = Vec::new();
    let mut skipped = Vec::new();
    let mut next = seat;
    let mut started = false;
    let mut insufficient: Option<Range<usize>> = None;
    let mut all_pass: Option<Range<usize>> = None;
    let mut end = SectionEnd::Unmarked;
    for entry in entries(raw, text, kind, "a call")? {
        let (tok, span) = match entry {
            Entry::Comment(c) => {
                if let Some(last) = calls.last_mut() {
                    last.comments.push(c);
                }
                continue;
            }
            Entry::Tok(tok, span) => (tok, span),
        };
        if let SectionEnd::Stopped(r) | SectionEnd::Continued(r) = &end {
            return Err(fail(
                format!("nothing may follow `{}` in the auction", &text[r.clone()]),
                "* ends the auction record and + stands for the next call to be made",
                span,
            ));
        }
        let word = &text[span.clone()];
        match tok {
            Tok::Word if word == "-" => {
                if started {
                    return Err(fail(
                        "`-` in the auction only marks the seats before the first call".into(),
                        "write Pass for a pass",
                        span,
                    ));
                }
                next = next.lho();
            }
            Tok::Word => {
                if let Some(ap) = &all_pass {
                    return Err(fail(
                        format!("`{word}` follows AP, which ends the auction"),
                        "AP stands for the passes that end the auction; write the calls before it",
                        ap.start..span.end,
                    ));
                }
                if word.eq_ignore_ascii_case("AP") {
                    if let Some(i) = insufficient.take() {
                        return Err(insufficient_fail(i));
                    }
                    let called = calls.iter().any(|c| c.call != Call::Pass);
                    let trailing = calls
                        .iter()
                        .rev()
                        .take_while(|c| c.call == Call::Pass)
                        .count();
                    let needed = if called { 3 } else { 4 };
                    for _ in trailing..needed {
                        calls.push(new_call(next, Call::Pass, span.clone(), true));
                        next = next.lho();
                    }
                    all_pass = Some(span);
                    started = true;
                    continue;
                }
                let call = Call::parse(word).map_err(|_| {
                    Fail::new(
                        kind,
                        format!("`{word}` is not a call"),
                        "a call is Pass, X, XX, or a level 1 to 7 and a strain C D H S NT \
                         (1NT, 3S); AP means all pass",
                        "not a call",
                        span.clone(),
                    )
                })?;
                let mut c = new_call(next, call, span.clone(), false);
                if let Some(i) = insufficient.take() {
                    if !call.is_bid() {
                        return Err(insufficient_fail(i.start..span.end));
                    }
                    c.insufficient = true;
                }
                calls.push(c);
                next = next.lho();
                started = true;
            }
            Tok::Irregularity('I') => {
                if insufficient.is_some() {
                    return Err(insufficient_fail(span));
                }
                insufficient = Some(span);
            }
            Tok::Irregularity('S') => {
                if let Some(i) = insufficient.take() {
                    return Err(insufficient_fail(i));
                }
                skipped.push(PbnSkip {
                    seat: next,
                    before: calls.len(),
                    span,
                });
                next = next.lho();
                started = true;
            }
            Tok::Irregularity(_) => {
                return Err(fail(
                    format!("`{word}` marks a card, not a call"),
                    "in the auction, ^I marks an insufficient bid and ^S a seat skipped by a \
                     call out of rotation",
                    span,
                ))
            }
            Tok::Note(_) | Tok::Nag(_) | Tok::Suffix => {
                let Some(last) = calls.last_mut() else {
                    return Err(fail(
                        format!("`{word}` annotates a call, but no call comes before it"),
                        "a note reference, suffix or NAG follows the call it is about",
                        span,
                    ));
                };
                annotate(
                    tok,
                    word,
                    span,
                    kind,
                    &mut last.notes,
                    &mut last.nags,
                    &mut last.suffix,
                )?;
            }
            Tok::Star => end = SectionEnd::Stopped(span),
            Tok::Plus => end = SectionEnd::Continued(span),
        }
    }
    if let Some(i) = insufficient {
        return Err(insufficient_fail(i));
    }
    Ok(Some(PbnAuction {
        seat,
        span: tag.span.clone(),
        calls,
        skipped,
        notes,
        end,
    }))
}

fn insufficient_fail(span: Range<usize>) -> Fail {
    Fail::new(
        PbnErrorKind::Auction,
        "`^I` must be followed by the insufficient bid",
        "^I marks the bid that follows it as insufficient, e.g. `1D ^I 1C`",
        "here",
        span,
    )
}

fn new_call(seat: Seat, call: Call, span: Range<usize>, all_pass: bool) -> PbnCall {
    PbnCall {
        seat,
        call,
        span,
        all_pass,
        insufficient: false,
        notes: Vec::new(),
        suffix: None,
        nags: Vec::new(),
        comments: Vec::new(),
    }
}

fn annotate(
    tok: Tok,
    word: &str,
    span: Range<usize>,
    kind: PbnErrorKind,
    notes: &mut Vec<u16>,
    nags: &mut Vec<u8>,
    suffix: &mut Option<String>,
) -> Result<(), Fail> {
    match tok {
        Tok::Note(n) => notes.push(n),
        Tok::Nag(n) => nags.push(n),
        Tok::Suffix => {
            if suffix.is_some() {
                return Err(Fail::new(
                    kind,
                    format!("a second suffix `{word}`"),
                    "a call or card has at most one suffix: ! ? !! ?? !? or ?!",
                    "here",
                    span,
                ));
            }
            *suffix = Some(word.to_string());
        }
        _ => {}
    }
    Ok(())
}

fn read_play(
    tag: &PbnTag,
    raw: &RawTag,
    notes: Vec<PbnNote>,
    text: &str,
) -> Result<Option<PbnPlay>, Fail> {
    let kind = PbnErrorKind::Play;
    let Some(leader) = section_seat(tag, raw, text, kind)? else {
        return Ok(None);
    };
    let fail = |message: String, help: &str, span: Range<usize>| {
        Fail::new(kind, message, help, "here", span)
    };
    // One slot per card position, in the order written.
    let mut slots: Vec<(Option<PbnCard>, Range<usize>)> = Vec::new();
    let mut pending: Option<(CardIrregularity, Range<usize>)> = None;
    let mut next = None;
    let mut end = SectionEnd::Unmarked;
    for entry in entries(raw, text, kind, "a card")? {
        let (tok, span) = match entry {
            Entry::Comment(c) => {
                if let Some((Some(card), _)) = slots.last_mut() {
                    card.comments.push(c);
                }
                continue;
            }
            Entry::Tok(tok, span) => (tok, span),
        };
        if let SectionEnd::Stopped(r) = &end {
            return Err(fail(
                "nothing may follow `*` in the play".into(),
                "* ends the play record",
                r.start..span.end,
            ));
        }
        let word = &text[span.clone()];
        let seat = Seat::from_index(leader.index() + slots.len());
        match tok {
            Tok::Word | Tok::Plus if slots.len() == 52 => {
                return Err(fail(
                    "a play record has at most 13 tricks; this is a 53rd card".into(),
                    "each row of the play section is one trick of four cards",
                    span,
                ))
            }
            Tok::Word if word == "-" => {
                if let Some((_, r)) = pending.take() {
                    return Err(fail(
                        format!("`{}` must be followed by a card", &text[r.clone()]),
                        "^R and ^L mark the card that follows them",
                        r.start..span.end,
                    ));
                }
                slots.push((None, span));
            }
            Tok::Word => {
                let card = Card::parse(word).ok_or_else(|| {
                    Fail::new(
                        kind,
                        format!("`{word}` is not a card"),
                        "a card is a suit S H D C and a rank A K Q J T 9 8 7 6 5 4 3 2, like SA \
                         or H7 (D10 is read as DT); - stands for an unknown card",
                        "not a card",
                        span.clone(),
                    )
                })?;
                slots.push((
                    Some(PbnCard {
                        seat,
                        card,
                        span: span.clone(),
                        irregularity: pending.take().map(|(i, _)| i),
                        notes: Vec::new(),
                        suffix: None,
                        nags: Vec::new(),
                        comments: Vec::new(),
                    }),
                    span,
                ));
            }
            Tok::Plus => {
                if next.is_some() {
                    return Err(fail(
                        "a second `+` in the play".into(),
                        "+ stands for the one next card to be played",
                        span,
                    ));
                }
                next = Some((slots.len() / 4, seat));
                end = SectionEnd::Continued(span.clone());
                slots.push((None, span));
            }
            Tok::Irregularity(c @ ('R' | 'L')) => {
                if pending.is_some() {
                    return Err(fail(
                        "two irregularity marks before one card".into(),
                        "^R and ^L mark the card that follows them",
                        span,
                    ));
                }
                let irr = if c == 'R' {
                    CardIrregularity::Revoke
                } else {
                    CardIrregularity::LeadOutOfTurn
                };
                pending = Some((irr, span));
            }
            Tok::Irregularity(_) => {
                return Err(fail(
                    format!("`{word}` marks a call, not a card"),
                    "in the play, ^R marks a revoke and ^L a lead out of turn",
                    span,
                ))
            }
            Tok::Note(_) | Tok::Nag(_) | Tok::Suffix => {
                let Some((Some(card), _)) = slots.last_mut() else {
                    return Err(fail(
                        format!("`{word}` annotates a card, but no card comes before it"),
                        "a note reference, suffix or NAG follows the card it is about",
                        span,
                    ));
                };
                annotate(
                    tok,
                    word,
                    span,
                    kind,
                    &mut card.notes,
                    &mut card.nags,
                    &mut card.suffix,
                )?;
            }
            Tok::Star => end = SectionEnd::Stopped(span),
        }
    }
    if let Some((_, r)) = pending {
        return Err(fail(
            format!("`{}` must be followed by a card", &text[r.clone()]),
            "^R and ^L mark the card that follows them",
            r,
        ));
    }
    let mut tricks = Vec::with_capacity(slots.len().div_ceil(4));
    let mut it = slots.into_iter().peekable();
    while it.peek().is_some() {
        let mut cards: [Option<PbnCard>; 4] = Default::default();
        let mut span: Option<Range<usize>> = None;
        for k in 0..4 {
            let Some((card, r)) = it.next() else { break };
            span = Some(match span {
                Some(s) => s.start..r.end,
                None => r,
            });
            cards[Seat::from_index(leader.index() + k).index()] = card;
        }
        tricks.push(PbnTrick {
            cards,
            span: span.unwrap_or(0..0),
        });
    }
    Ok(Some(PbnPlay {
        leader,
        span: tag.span.clone(),
        tricks,
        notes,
        end,
        next,
    }))
}

#[cfg(test)]
mod tests {
    use super::super::{PbnContract, PbnFile};
    use super::*;
    use crate::model::{Rank, Strain, Suit};
    use rstest::rstest;

    const DEAL: &str = "W:82.AJ4.A854.A852 KJ9.KT653.JT.KT9 AQT65..Q9762.QJ3 743.Q9872.K3.764";

    fn one(text: &str) -> PbnBoard {
        let mut f = PbnFile::parse("test.pbn", text).unwrap();
        assert_eq!(f.boards.len(), 1);
        f.boards.remove(0)
    }

    fn err(text: &str) -> super::super::PbnError {
        PbnFile::parse("test.pbn", text).unwrap_err()
    }

    fn codes(a: &PbnAuction) -> Vec<String> {
        a.calls.iter().map(|c| c.call.code()).collect()
    }

    #[test]
    fn reads_a_bbo_board() {
        let text = format!(
            "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{DEAL}\"]\n\
             [Score \"NS 50\"]\n[Declarer \"E\"]\n[Contract \"6D\"]\n[Result \"11\"]\n\
             [Auction \"N\"]\nPass\t1S =1=\tPass\t2C =2=\nPass\tPass\tPass\t\n\
             [Note \"1:Major\"]\n[Note \"2:Two over one\"]\n[Play \"S\"]\nH2\tH4\tHK\tD2\n"
        );
        let b = one(&text);
        assert_eq!(b.board, Some(1));
        assert_eq!(b.dealer, Some(Seat::North));
        assert_eq!(b.vulnerable, Some((false, false)));
        assert_eq!(
            b.deal.as_ref().unwrap().pbn(),
            Deal::parse_pbn(DEAL).unwrap().pbn()
        );
        assert_eq!(b.declarer, Some(Seat::East));
        assert_eq!(
            b.contract,
            Some(PbnContract::Contract {
                level: 6,
                strain: Strain::Diamonds,
                doubled: 0
            })
        );
        assert_eq!(b.result, Some(11));
        assert_eq!(b.score.as_ref().map(|s| s.ns), Some(50));
        let a = b.auction.unwrap();
        assert_eq!(
            codes(&a),
            ["Pass", "1S", "Pass", "2C", "Pass", "Pass", "Pass"]
        );
        assert_eq!(a.calls[1].seat, Seat::East);
        assert_eq!(a.calls[1].notes, [1]);
        assert_eq!(&text[a.calls[1].span.clone()], "1S");
        assert_eq!(a.notes.len(), 2);
        assert_eq!(a.notes[1].text, "Two over one");
        let p = b.play.unwrap();
        assert_eq!(p.leader, Seat::South);
        assert_eq!(p.tricks.len(), 1);
        let t = &p.tricks[0];
        assert_eq!(
            t.card(Seat::South).unwrap().card,
            Card::new(Suit::Hearts, Rank(2))
        );
        assert_eq!(
            t.card(Seat::East).unwrap().card,
            Card::new(Suit::Diamonds, Rank(2))
        );
        assert_eq!(
            t.card(Seat::North).unwrap().card,
            Card::new(Suit::Hearts, Rank(13))
        );
        assert_eq!(&text[t.span.clone()], "H2\tH4\tHK\tD2");
    }

    #[rstest]
    #[case("1S AP", &["1S", "Pass", "Pass", "Pass"])]
    #[case("AP", &["Pass", "Pass", "Pass", "Pass"])]
    #[case("Pass AP", &["Pass", "Pass", "Pass", "Pass"])]
    #[case("1S Pass Pass AP", &["1S", "Pass", "Pass", "Pass"])]
    #[case("1S X AP", &["1S", "X", "Pass", "Pass", "Pass"])]
    #[case("1C pass 1nt PASS 3NT AP", &["1C", "Pass", "1NT", "Pass", "3NT", "Pass", "Pass", "Pass"])]
    #[case("1S=1= XX!? $3 $25 2N *", &["1S", "XX", "2NT"])]
    fn auctions(#[case] record: &str, #[case] calls: &[&str]) {
        let b = one(&format!(
            "[Dealer \"E\"]\n[Auction \"E\"]\n{record}\n[Note \"1:n\"]"
        ));
        assert_eq!(codes(b.auction.as_ref().unwrap()), calls);
    }

    #[test]
    fn all_pass_keeps_its_span_and_rotation() {
        let text = "[Auction \"W\"]\n1H AP";
        let a = one(text).auction.unwrap();
        assert!(a.calls[1..]
            .iter()
            .all(|c| c.all_pass && &text[c.span.clone()] == "AP"));
        let seats: Vec<Seat> = a.calls.iter().map(|c| c.seat).collect();
        assert_eq!(seats, [Seat::West, Seat::North, Seat::East, Seat::South]);
    }

    #[test]
    fn annotations_hyphens_and_irregularities() {
        let text = "[Auction \"W\"]\n- - 1D ^S ^I 1C! =2= $13 {slow} * ";
        let a = one(text).auction.unwrap();
        assert_eq!(codes(&a), ["1D", "1C"]);
        assert_eq!(a.calls[0].seat, Seat::East);
        assert_eq!(a.skipped.len(), 1);
        assert_eq!((a.skipped[0].seat, a.skipped[0].before), (Seat::South, 1));
        assert_eq!(&text[a.skipped[0].span.clone()], "^S");
        let c = &a.calls[1];
        assert_eq!(c.seat, Seat::West);
        assert!(c.insufficient);
        assert_eq!(c.suffix.as_deref(), Some("!"));
        assert_eq!((c.notes.clone(), c.nags.clone()), (vec![2], vec![13]));
        assert_eq!(c.comments, ["slow"]);
        assert!(matches!(a.end, SectionEnd::Stopped(_)));
    }

    #[test]
    fn play_with_hyphens_stop_plus_and_marks() {
        let text = "[Play \"W\"]\nH2 H3 H4 HA\n+ - ^R S6 CQ !\n{x} D10 *";
        let p = one(text).play.unwrap();
        assert_eq!(p.tricks.len(), 3);
        assert_eq!(p.next, Some((1, Seat::West)));
        let t1 = &p.tricks[1];
        assert!(t1.card(Seat::West).is_none() && t1.card(Seat::North).is_none());
        let s6 = t1.card(Seat::East).unwrap();
        assert_eq!(s6.irregularity, Some(CardIrregularity::Revoke));
        let cq = t1.card(Seat::South).unwrap();
        assert_eq!(
            (cq.suffix.as_deref(), cq.comments.clone()),
            (Some("!"), vec!["x".to_string()])
        );
        assert_eq!(
            p.tricks[2].card(Seat::West).unwrap().card,
            Card::new(Suit::Diamonds, Rank(10))
        );
        assert!(p.tricks[2].card(Seat::North).is_none());
        assert!(matches!(p.end, SectionEnd::Stopped(_)));
    }

    #[test]
    fn passed_out_boards_as_exports_write_them() {
        // BridgeComposer style: empty Contract, Declarer, Play; BBO: Contract "Pass".
        let b = one("[Contract \"\"]\n[Declarer \"\"]\n[Result \"0\"]\n[Auction \"S\"]\nPASS PASS PASS PASS\n[Play \"\"]");
        assert_eq!((b.contract, b.declarer, b.result), (None, None, Some(0)));
        assert!(b.play.is_none());
        assert_eq!(b.auction.unwrap().calls.len(), 4);
        let b = one("[Declarer \"S\"]\n[Contract \"Pass\"]\n[Score \"NS 0\"]");
        assert_eq!(b.contract, Some(PbnContract::PassedOut));
        assert_eq!(b.score.unwrap().ns, 0);
    }

    #[test]
    fn bare_score_is_declarers() {
        let b = one("[Declarer \"W\"]\n[Contract \"4S\"]\n[Result \"10\"]\n[Score \"420\"]");
        let s = b.score.unwrap();
        assert_eq!((s.ns, s.ew, s.raw.as_str()), (-420, 420, "420"));
    }

    #[test]
    fn unknown_hands_leave_the_deal_empty() {
        let b = one("[Deal \"W:KQT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -\"]");
        assert!(b.deal.is_none());
    }

    #[test]
    fn declarer_swapped_and_result_disputed() {
        let b = one("[Declarer \"^S\"]\n[Result \"^NS 9\"]");
        assert_eq!((b.declarer, b.declarer_swapped), (Some(Seat::South), true));
        assert_eq!((b.result, b.result_disputed), (Some(9), true));
    }

    #[rstest]
    // A duplicated card: the span is mapped from the deal text into the file.
    #[case(&format!("[Deal \"{}\"]", DEAL.replace("K3.764", "K3.762")), PbnErrorKind::Deal, "dealt twice", "2")]
    #[case("[Dealer \"Q\"]", PbnErrorKind::Tag, "not a seat", "Q")]
    #[case(
        "[Vulnerable \"Some\"]",
        PbnErrorKind::Tag,
        "not a vulnerability",
        "Some"
    )]
    #[case("[Board \"one\"]", PbnErrorKind::Tag, "not a board number", "one")]
    #[case(
        "[Declarer \"N\"][Result \"14\"]",
        PbnErrorKind::Tag,
        "impossible",
        "14"
    )]
    #[case("[Contract \"4Q\"]", PbnErrorKind::Tag, "not a contract", "4Q")]
    #[case(
        "[Score \"NS lots\"]",
        PbnErrorKind::Tag,
        "not a number of points",
        "lots"
    )]
    #[case("[Auction \"N\"]\n1S 2Q", PbnErrorKind::Auction, "not a call", "2Q")]
    #[case(
        "[Auction \"N\"]\n1S AP 2H",
        PbnErrorKind::Auction,
        "follows AP",
        "AP 2H"
    )]
    #[case(
        "[Auction \"N\"]\n1S - 2H",
        PbnErrorKind::Auction,
        "only marks the seats",
        "-"
    )]
    #[case(
        "[Auction \"N\"]\n=1= 1S",
        PbnErrorKind::Auction,
        "no call comes before",
        "=1="
    )]
    #[case(
        "[Auction \"N\"]\n1S =x=",
        PbnErrorKind::Auction,
        "not a note reference",
        "=x="
    )]
    #[case("[Auction \"N\"]\n1S $999", PbnErrorKind::Auction, "not a NAG", "$999")]
    #[case(
        "[Auction \"N\"]\n1S ^Q",
        PbnErrorKind::Auction,
        "not an irregularity",
        "^Q"
    )]
    #[case(
        "[Auction \"N\"]\n1S ^R 2S",
        PbnErrorKind::Auction,
        "marks a card",
        "^R"
    )]
    #[case(
        "[Auction \"N\"]\n1S ^I Pass",
        PbnErrorKind::Auction,
        "insufficient bid",
        "^I Pass"
    )]
    #[case(
        "[Auction \"N\"]\n1S * 2S",
        PbnErrorKind::Auction,
        "nothing may follow",
        "2S"
    )]
    #[case(
        "[Auction \"N\"]\n1S \"two\"",
        PbnErrorKind::Auction,
        "string is not a call",
        "\"two\""
    )]
    #[case("[Auction \"X\"]\n1S", PbnErrorKind::Auction, "not a seat", "X")]
    #[case("[Auction \"\"]\n1S", PbnErrorKind::Auction, "names no seat", "1S")]
    #[case("[Play \"N\"]\nSA S1", PbnErrorKind::Play, "not a card", "S1")]
    #[case("[Play \"N\"]\nSA ^I S2", PbnErrorKind::Play, "marks a call", "^I")]
    #[case(
        "[Play \"N\"]\nSA * S2",
        PbnErrorKind::Play,
        "nothing may follow",
        "* S2"
    )]
    #[case("[Play \"N\"]\nSA ^R", PbnErrorKind::Play, "followed by a card", "^R")]
    #[case("[Play \"N\"]\nSA SA !! ?", PbnErrorKind::Play, "second suffix", "?")]
    #[case(&format!("[Play \"N\"]\n{}", "SA ".repeat(53)), PbnErrorKind::Play, "53rd card", "SA")]
    #[case(
        "[Note \"x\"]\n[Auction \"N\"]\n1S\n[Note \"one: x\"]",
        PbnErrorKind::Tag,
        "not a note number",
        "one"
    )]
    #[case("[Dealer \"N\"] 1S", PbnErrorKind::Syntax, "no section data", "1S")]
    #[case(
        "[Dealer \"#\"]",
        PbnErrorKind::Inheritance,
        "may not be inherited",
        "#"
    )]
    #[case("", PbnErrorKind::Empty, "no tag pair", "")]
    #[case("just some words\n", PbnErrorKind::Syntax, "outside a tag", "just")]
    fn errors_point_at_the_fault(
        #[case] text: &str,
        #[case] kind: PbnErrorKind,
        #[case] needle: &str,
        #[case] at: &str,
    ) {
        let e = err(text);
        assert_eq!(e.kind(), kind, "{e:?}");
        assert!(e.message().contains(needle), "{e:?}");
        let span = e.span().unwrap();
        assert_eq!(&text[span], at, "{e:?}");
        assert!(!e.help_text().is_empty());
    }
}
