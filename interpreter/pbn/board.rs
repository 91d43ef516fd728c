//! One game's tags -> a [`PbnBoard`]: the identification tags read into the model, the
//! auction section (3.5) and the play section (3.6).

use super::scan::{item_span, Item, RawGame, RawTag};
use super::tags::{
    is_unknown, parse_board, parse_contract, parse_declarer, parse_note, parse_result, parse_score,
    parse_seat, parse_vulnerable, Bad,
};
use super::{
    CardIrregularity, Fail, PbnAuction, PbnBoard, PbnCall, PbnCard, PbnErrorKind, PbnNote, PbnPlay,
    PbnScore, PbnSkip, PbnTag, PbnTrick, SectionEnd, Src,
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

pub(super) fn build(game: &RawGame, tags: Vec<PbnTag>, text: Src<'_>) -> Result<PbnBoard, Fail> {
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
    // The names are the tags' (inheritance moved them out of the raw game).
    for (i, raw) in game.tags.iter().enumerate() {
        let tag = &tags[i];
        match tag.name.as_str() {
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
        if NO_SECTION.contains(&tag.name.as_str()) || tag.name == "Note" {
            if let Some(item) = raw.items.iter().find(|i| !matches!(i, Item::Comment(_))) {
                return Err(Fail::new(
                    PbnErrorKind::Syntax,
                    format!(
                        "text after the tag `{}`, which has no section data",
                        tag.name
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
    text: Src<'_>,
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
fn in_value(tag: &PbnTag, text: Src<'_>, at: Option<Range<usize>>) -> Range<usize> {
    match at {
        Some(r) if text.get(tag.span.clone()) == Some(tag.value.as_str()) => {
            tag.span.start + r.start..tag.span.start + r.end
        }
        _ => tag.span.clone(),
    }
}

fn tag_fail(tag: &PbnTag, text: Src<'_>, b: Bad, kind: PbnErrorKind) -> Fail {
    let span = in_value(tag, text, b.at);
    Fail::new(kind, b.message, b.help, format!("in [{}]", tag.name), span)
}

fn deal_fail(tag: &PbnTag, text: Src<'_>, e: DealError) -> Fail {
    let span = in_value(tag, text, Some(e.span));
    let (message, help) = (e.message.to_string(), e.help.to_string());
    Fail::new(PbnErrorKind::Deal, message, help, "in [Deal]", span)
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
    text: Src<'_>,
    run: Range<usize>,
    kind: PbnErrorKind,
    out: &mut Vec<Entry>,
) -> Result<(), Fail> {
    let b = |i: usize| text.byte(i);
    let mut i = run.start;
    let fail = |message: String, help: &str, span: Range<usize>| {
        Fail::new(kind, message, help, "here", span)
    };
    while i < run.end {
        let start = i;
        match b(i) {
            b'=' => {
                let digits_end = (i + 1..run.end)
                    .find(|&k| !b(k).is_ascii_digit())
                    .unwrap_or(run.end);
                let closed = digits_end < run.end && b(digits_end) == b'=';
                let number = text[i + 1..digits_end].parse::<u16>();
                match (closed, number) {
                    (true, Ok(n)) => {
                        out.push(Entry::Tok(Tok::Note(n), start..digits_end + 1));
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
                    .find(|&k| !b(k).is_ascii_digit())
                    .unwrap_or(run.end);
                match text[i + 1..digits_end].parse::<u8>() {
                    Ok(n) => {
                        out.push(Entry::Tok(Tok::Nag(n), start..digits_end));
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
                if i < run.end && matches!(b(i), b'!' | b'?') {
                    i += 1;
                }
                out.push(Entry::Tok(Tok::Suffix, start..i));
            }
            b'*' => {
                i += 1;
                out.push(Entry::Tok(Tok::Star, start..i));
            }
            b'+' => {
                i += 1;
                out.push(Entry::Tok(Tok::Plus, start..i));
            }
            b'^' => {
                let c = text[i + 1..run.end].chars().next();
                match c {
                    Some(c @ ('I' | 'S' | 'R' | 'L')) => {
                        out.push(Entry::Tok(Tok::Irregularity(c), start..i + 2));
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
                while i < run.end && !matches!(b(i), b'=' | b'$' | b'!' | b'?' | b'*' | b'+' | b'^')
                {
                    i += 1;
                }
                out.push(Entry::Tok(Tok::Word, start..i));
            }
        }
    }
    Ok(())
}

/// The section's tokens in order, with comments (their text) and strings (an error here).
enum Entry {
    Tok(Tok, Range<usize>),
    Comment(String),
}

fn entries(
    raw: &RawTag,
    text: Src<'_>,
    kind: PbnErrorKind,
    what: &str,
) -> Result<Vec<Entry>, Fail> {
    // A token mostly holds one entry (a call, a card); notes and marks add a few.
    let mut out = Vec::with_capacity(raw.items.len() + 4);
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
            Item::Token(r) => split_run(text, r.clone(), kind, &mut out)?,
        }
    }
    Ok(out)
}

fn section_seat(
    tag: &PbnTag,
    raw: &RawTag,
    text: Src<'_>,
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
    text: Src<'_>,
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
    text: Src<'_>,
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
mod tests;
