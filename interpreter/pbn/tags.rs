//! Tag values: inheritance across games (`#`, `##`, PBN 2.1 chapter 4.8) and the readers of
//! the identification tags (Dealer, Vulnerable, Board, Contract, Declarer, Result, Score,
//! Note).

use super::scan::{item_span, RawGame};
use super::{Fail, PbnContract, PbnErrorKind, PbnTag, TagOrigin};
use crate::model::{Seat, Side, Strain, Suit};
use std::collections::HashMap;
use std::ops::Range;

/// Tags for which 4.8 forbids `#` and `##`.
const NOT_INHERITABLE: [&str; 8] = [
    "Dealer",
    "Vulnerable",
    "Deal",
    "Declarer",
    "Contract",
    "Auction",
    "Play",
    "Note",
];

/// What `#` and `##` need of the games read so far (4.8): the latest value of each tag and
/// the tags declared with `##`. It is all a reader keeps from one game to the next, so its
/// size depends on the tag names used, not on the number of games.
#[derive(Default)]
pub(super) struct Inheritance {
    /// Each tag name's place in `latest`.
    last: HashMap<String, usize>,
    /// The latest value of each tag, from the nearest previous game that has it, and the
    /// number of the game that last wrote it (only a tag's first occurrence in a game counts).
    latest: Vec<(PbnTag, usize)>,
    /// The place in `latest` of each tag of the previous game, in its order: games mostly
    /// write the same tags in the same order, and a name compared is cheaper than hashed.
    order: Vec<usize>,
    /// Tags declared with `##`, in the order they were first declared.
    headers: Vec<String>,
    /// Games resolved so far.
    games: usize,
}

impl Inheritance {
    /// Resolve `#` and `##` in the next game of the file. The game's tag names and written
    /// values move into the tags (what is read of a game after this is its spans and
    /// sections).
    pub fn game(&mut self, game: &mut RawGame) -> Result<Vec<PbnTag>, Fail> {
        self.games += 1;
        let now = self.games;
        let mut tags: Vec<PbnTag> = Vec::with_capacity(game.tags.len() + self.headers.len());
        for (k, raw) in game.tags.iter_mut().enumerate() {
            let inherits = raw.value.starts_with('#');
            if inherits && NOT_INHERITABLE.contains(&raw.name.as_str()) {
                return Err(Fail::new(
                    PbnErrorKind::Inheritance,
                    format!("the tag `{}` may not be inherited with `#`", raw.name),
                    "PBN 2.1 (4.8) forbids # and ## for Dealer, Vulnerable, Deal, Declarer, \
                     Contract, Auction, Play and Note: write the value out",
                    "written out in every game",
                    raw.value_span.clone(),
                ));
            }
            let slot = match self.order.get(k) {
                Some(&at) if self.latest[at].0.name == raw.name => Some(at),
                _ => self.last.get(&raw.name).copied(),
            };
            let (value, origin) = if raw.value == "#" {
                let value = slot.map_or(String::new(), |at| self.latest[at].0.value.clone());
                (value, TagOrigin::SameAsBefore)
            } else if let Some(rest) = raw.value.strip_prefix("##") {
                if !self.headers.contains(&raw.name) {
                    self.headers.push(raw.name.clone());
                }
                (rest.to_string(), TagOrigin::Header)
            } else {
                (std::mem::take(&mut raw.value), TagOrigin::Written)
            };
            let section = match (raw.items.first(), raw.items.last()) {
                (Some(a), Some(b)) => Some(item_span(a).start..item_span(b).end),
                _ => None,
            };
            let tag = PbnTag {
                name: std::mem::take(&mut raw.name),
                value,
                origin,
                span: raw.value_span.clone(),
                tag_span: raw.span.clone(),
                section,
            };
            // Only the first occurrence of a tag in a game counts (3.4). The entry is
            // overwritten in place: its value keeps its memory from game to game.
            let at = match slot {
                Some(at) => {
                    let (t, stamp) = &mut self.latest[at];
                    if *stamp != now {
                        t.clone_from(&tag);
                        *stamp = now;
                    }
                    at
                }
                None => {
                    self.last.insert(tag.name.clone(), self.latest.len());
                    self.latest.push((tag.clone(), now));
                    self.latest.len() - 1
                }
            };
            match self.order.get_mut(k) {
                Some(o) => *o = at,
                None => self.order.push(at),
            }
            tags.push(tag);
        }
        self.order.truncate(game.tags.len());
        for name in &self.headers {
            if let Some((t, stamp)) = self.last.get(name).map(|&at| &self.latest[at]) {
                if *stamp == now {
                    continue;
                }
                tags.push(PbnTag {
                    origin: TagOrigin::FromHeader,
                    section: None,
                    ..t.clone()
                });
            }
        }
        Ok(tags)
    }

    /// Where the values that later games inherit from a `##` header were written: the tag
    /// pairs that a later game's diagnostic may point at.
    pub fn header_spans(&self) -> impl Iterator<Item = &Range<usize>> + '_ {
        self.headers
            .iter()
            .filter_map(|name| self.last.get(name))
            .map(|&at| &self.latest[at].0.tag_span)
    }
}

/// A tag value that cannot be read. `at` is a byte range inside the value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Bad {
    pub message: String,
    pub help: &'static str,
    pub at: Option<Range<usize>>,
}

fn bad(message: String, help: &'static str, at: Range<usize>) -> Bad {
    Bad {
        message,
        help,
        at: Some(at),
    }
}

/// `?` (unknown) and `""` (not applicable) mean the tag gives nothing.
pub(super) fn is_unknown(v: &str) -> bool {
    let t = v.trim();
    t.is_empty() || t == "?"
}

/// Whitespace-separated words with their byte offsets.
fn words(v: &str) -> Vec<(usize, &str)> {
    v.split_whitespace()
        .map(|w| (w.as_ptr() as usize - v.as_ptr() as usize, w))
        .collect()
}

/// The value without surrounding white space, and where it starts.
fn trimmed(v: &str) -> (usize, &str) {
    let t = v.trim();
    let start = if t.is_empty() {
        0
    } else {
        t.as_ptr() as usize - v.as_ptr() as usize
    };
    (start, t)
}

pub(super) fn parse_seat(v: &str, what: &str) -> Result<Seat, Bad> {
    let (start, t) = trimmed(v);
    let mut chars = t.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Seat::from_letter(c),
        _ => None,
    }
    .ok_or_else(|| {
        bad(
            format!("`{t}` is not a seat ({what})"),
            "a seat is N, E, S or W",
            start..start + t.len(),
        )
    })
}

/// (North-South vulnerable, East-West vulnerable).
pub(super) fn parse_vulnerable(v: &str) -> Result<(bool, bool), Bad> {
    let (start, t) = trimmed(v);
    Ok(match t.to_ascii_lowercase().as_str() {
        "none" | "love" | "-" => (false, false),
        "ns" => (true, false),
        "ew" => (false, true),
        "all" | "both" => (true, true),
        _ => {
            return Err(bad(
                format!("`{t}` is not a vulnerability"),
                "Vulnerable is None (or Love or -), NS, EW, or All (or Both)",
                start..start + t.len(),
            ))
        }
    })
}

pub(super) fn parse_board(v: &str) -> Result<u32, Bad> {
    let (start, t) = trimmed(v);
    match t.parse::<u32>() {
        Ok(n) if n > 0 && t.bytes().all(|c| c.is_ascii_digit()) => Ok(n),
        _ => Err(bad(
            format!("`{t}` is not a board number"),
            "the Board tag is a positive whole number",
            start..start + t.len(),
        )),
    }
}

pub(super) fn parse_contract(v: &str) -> Result<PbnContract, Bad> {
    let (start, t) = trimmed(v);
    let err = || {
        bad(
            format!("`{t}` is not a contract"),
            "a contract is Pass, or a level 1 to 7, a strain C D H S NT, and X or XX if \
             doubled or redoubled: 4S, 3NTX, 6DXX",
            start..start + t.len(),
        )
    };
    if t.eq_ignore_ascii_case("pass") {
        return Ok(PbnContract::PassedOut);
    }
    // Upper-cased on the stack: the longest contract, `7NTXX`, has five characters.
    let mut buf = [0u8; 8];
    let Some(written) = buf.get_mut(..t.len()) else {
        return Err(err());
    };
    written.copy_from_slice(t.as_bytes());
    written.make_ascii_uppercase();
    let upper = std::str::from_utf8(written).map_err(|_| err())?;
    let level = match upper.as_bytes().first() {
        Some(c @ b'1'..=b'7') => c - b'0',
        _ => return Err(err()),
    };
    let rest = &upper[1..];
    let (strain, rest) = if let Some(r) = rest.strip_prefix("NT") {
        (Strain::NoTrump, r)
    } else if let Some(r) = rest.strip_prefix('N') {
        (Strain::NoTrump, r)
    } else {
        let mut cs = rest.chars();
        let suit = match cs.next() {
            Some(c @ ('S' | 'H' | 'D' | 'C')) => Suit::from_char(c),
            _ => None,
        };
        match suit {
            Some(s) => (s.strain(), cs.as_str()),
            None => return Err(err()),
        }
    };
    let doubled = match rest {
        "" => 0,
        "X" => 1,
        "XX" => 2,
        _ => return Err(err()),
    };
    Ok(PbnContract::Contract {
        level,
        strain,
        doubled,
    })
}

/// The declarer, and whether it was written `^S` (declarer and dummy swapped).
pub(super) fn parse_declarer(v: &str) -> Result<(Seat, bool), Bad> {
    let (start, t) = trimmed(v);
    match t.strip_prefix('^') {
        Some(rest) => {
            let s = parse_seat(rest, "Declarer").map_err(|mut b| {
                b.at = Some(start..start + t.len());
                b
            })?;
            Ok((s, true))
        }
        None => Ok((parse_seat(v, "Declarer")?, false)),
    }
}

fn side_of(word: &str) -> Option<Side> {
    if word.eq_ignore_ascii_case("NS") {
        Some(Side::NorthSouth)
    } else if word.eq_ignore_ascii_case("EW") {
        Some(Side::EastWest)
    } else {
        None
    }
}

/// Tricks won by declarer, and whether the value was marked `^`.
pub(super) fn parse_result(v: &str, declarer: Option<Seat>) -> Result<(u8, bool), Bad> {
    let (start, t) = trimmed(v);
    let (caret, body, body_start) = match t.strip_prefix('^') {
        Some(rest) => (true, rest, start + 1),
        None => (false, t, start),
    };
    let help = "Result is the number of tricks declarer won, 0 to 13 (or `NS 9`, `EW 4`)";
    let tricks = |(at, w): (usize, &str)| -> Result<u8, Bad> {
        let span = body_start + at..body_start + at + w.len();
        match w.parse::<u8>() {
            Ok(n) if n <= 13 && w.bytes().all(|c| c.is_ascii_digit()) => Ok(n),
            Ok(n) if w.bytes().all(|c| c.is_ascii_digit()) => Err(bad(
                format!("a Result of {n} tricks is impossible: there are 13 tricks"),
                help,
                span,
            )),
            _ => Err(bad(format!("`{w}` is not a number of tricks"), help, span)),
        }
    };
    let ws = words(body);
    let whole = start..start + t.len();
    let per_side: Vec<(Side, u8)> = match ws.as_slice() {
        [w] => return Ok((tricks(*w)?, caret)),
        [s, n] => vec![(side(*s, body_start, help)?, tricks(*n)?)],
        [s1, n1, s2, n2] => {
            let a = side(*s1, body_start, help)?;
            let b = side(*s2, body_start, help)?;
            if a == b {
                return Err(bad(format!("`{t}` names the same side twice"), help, whole));
            }
            vec![(a, tricks(*n1)?), (b, tricks(*n2)?)]
        }
        _ => return Err(bad(format!("`{t}` is not a result"), help, whole)),
    };
    let Some(declarer) = declarer else {
        return Err(bad(
            format!("the Result `{t}` counts a side's tricks, but the board names no declarer"),
            "give the Declarer tag, or write Result as declarer's tricks",
            whole,
        ));
    };
    let ds = declarer.side();
    let n = match per_side.iter().find(|(s, _)| *s == ds) {
        Some(&(_, n)) => n,
        None => 13 - per_side[0].1,
    };
    Ok((n, caret))
}

fn side(word: (usize, &str), offset: usize, help: &'static str) -> Result<Side, Bad> {
    let (at, w) = word;
    side_of(w).ok_or_else(|| {
        bad(
            format!("`{w}` is not a side"),
            help,
            offset + at..offset + at + w.len(),
        )
    })
}

/// The Score tag as (North-South's score, East-West's score).
pub(super) fn parse_score(v: &str, declarer: Option<Seat>) -> Result<(i32, i32), Bad> {
    let (start, t) = trimmed(v);
    let help = "Score is `NS 420`, `EW -50`, `NS 420 EW -420`, or a number that is declarer's \
                score (PBN 2.1, 4.2.1)";
    let whole = start..start + t.len();
    let points = |(at, w): (usize, &str)| -> Result<i32, Bad> {
        w.parse::<i32>().map_err(|_| {
            bad(
                format!("`{w}` is not a number of points"),
                help,
                start + at..start + at + w.len(),
            )
        })
    };
    let ws = words(t);
    match ws.as_slice() {
        [w] => {
            let n = points(*w)?;
            match declarer.map(Seat::side) {
                Some(Side::NorthSouth) => Ok((n, -n)),
                Some(Side::EastWest) => Ok((-n, n)),
                None if n == 0 => Ok((0, 0)),
                None => Err(bad(
                    format!(
                        "the Score `{t}` is declarer's score (PBN 2.1, 4.2.1), but the board \
                         names no declarer"
                    ),
                    "write the side: `NS 420` or `EW 420`",
                    whole,
                )),
            }
        }
        [s, n] => {
            let n = points(*n)?;
            match side(*s, start, help)? {
                Side::NorthSouth => Ok((n, -n)),
                Side::EastWest => Ok((-n, n)),
            }
        }
        [s1, n1, s2, n2] => {
            let (a, b) = (side(*s1, start, help)?, side(*s2, start, help)?);
            let (x, y) = (points(*n1)?, points(*n2)?);
            match (a, b) {
                (Side::NorthSouth, Side::EastWest) => Ok((x, y)),
                (Side::EastWest, Side::NorthSouth) => Ok((y, x)),
                _ => Err(bad(format!("`{t}` names the same side twice"), help, whole)),
            }
        }
        _ => Err(bad(format!("`{t}` is not a score"), help, whole)),
    }
}

/// A note tag `n:text`.
pub(super) fn parse_note(v: &str) -> Result<(u16, String), Bad> {
    let (start, t) = trimmed(v);
    let help = "a note is written [Note \"1:text\"], its number as in the reference =1=";
    let Some(colon) = t.find(':') else {
        return Err(bad(
            format!("the note `{t}` has no number"),
            help,
            start..start + t.len(),
        ));
    };
    let num = t[..colon].trim();
    match num.parse::<u16>() {
        Ok(n) if num.bytes().all(|c| c.is_ascii_digit()) => {
            Ok((n, t[colon + 1..].trim().to_string()))
        }
        _ => Err(bad(
            format!("`{num}` is not a note number"),
            help,
            start..start + colon,
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::super::scan::scan;
    use super::*;
    use rstest::rstest;

    /// Resolve the games of `text` in order, as the reader does.
    fn inherit(games: &[RawGame]) -> Result<Vec<Vec<PbnTag>>, Fail> {
        let mut state = Inheritance::default();
        games.iter().map(|g| state.game(&mut g.clone())).collect()
    }

    fn values(text: &str) -> Vec<Vec<(String, String, TagOrigin)>> {
        inherit(&scan(text, 0).unwrap())
            .unwrap()
            .into_iter()
            .map(|g| g.into_iter().map(|t| (t.name, t.value, t.origin)).collect())
            .collect()
    }

    fn v(name: &str, value: &str, origin: TagOrigin) -> (String, String, TagOrigin) {
        (name.into(), value.into(), origin)
    }

    #[test]
    fn hash_takes_the_nearest_previous_value() {
        use TagOrigin::*;
        let games = values(
            "[Site \"#\"][Event \"A\"]\n\n[Event \"#\"][Site \"Here\"]\n\n[Board \"3\"]\n\n[Event \"#\"][Site \"#\"]",
        );
        assert_eq!(
            games[0],
            vec![v("Site", "", SameAsBefore), v("Event", "A", Written)]
        );
        assert_eq!(
            games[1],
            vec![v("Event", "A", SameAsBefore), v("Site", "Here", Written)]
        );
        // A tag that a game does not write is not inherited without ##.
        assert_eq!(games[2], vec![v("Board", "3", Written)]);
        assert_eq!(
            games[3],
            vec![
                v("Event", "A", SameAsBefore),
                v("Site", "Here", SameAsBefore)
            ]
        );
    }

    #[test]
    fn double_hash_is_a_header_until_redefined() {
        use TagOrigin::*;
        let games = values(
            "[Event \"##Camrose\"][Date \"##2024.01.01\"][Board \"1\"]\n\n[Board \"2\"]\n\n[Date \"2024.01.02\"][Board \"3\"]\n\n[Board \"4\"]",
        );
        assert_eq!(games[0][0], v("Event", "Camrose", Header));
        assert_eq!(
            games[1],
            vec![
                v("Board", "2", Written),
                v("Event", "Camrose", FromHeader),
                v("Date", "2024.01.01", FromHeader)
            ]
        );
        assert_eq!(games[2][0], v("Date", "2024.01.02", Written));
        assert_eq!(games[3][2], v("Date", "2024.01.02", FromHeader));
    }

    #[rstest]
    #[case("[Dealer \"#\"]")]
    #[case("[Deal \"##N:...\"]")]
    #[case("[Contract \"#\"]")]
    #[case("[Note \"#\"]")]
    fn forbidden_inheritance(#[case] text: &str) {
        let e = inherit(&scan(text, 0).unwrap()).unwrap_err();
        assert_eq!(e.kind, PbnErrorKind::Inheritance);
    }

    #[rstest]
    #[case("N", Seat::North)]
    #[case(" w ", Seat::West)]
    #[case("E", Seat::East)]
    fn seats(#[case] text: &str, #[case] seat: Seat) {
        assert_eq!(parse_seat(text, "Dealer").unwrap(), seat);
    }

    #[rstest]
    #[case("Q", 0..1)]
    #[case(" North", 1..6)]
    fn bad_seats(#[case] text: &str, #[case] at: Range<usize>) {
        let e = parse_seat(text, "Dealer").unwrap_err();
        assert!(e.message.contains("not a seat"));
        assert_eq!(e.at, Some(at));
    }

    #[rstest]
    #[case("None", (false, false))]
    #[case("Love", (false, false))]
    #[case("-", (false, false))]
    #[case("NS", (true, false))]
    #[case("ew", (false, true))]
    #[case("All", (true, true))]
    #[case("Both", (true, true))]
    fn vulnerability(#[case] text: &str, #[case] vul: (bool, bool)) {
        assert_eq!(parse_vulnerable(text).unwrap(), vul);
    }

    #[rstest]
    #[case("Pass", PbnContract::PassedOut)]
    #[case("4S", PbnContract::Contract { level: 4, strain: Strain::Spades, doubled: 0 })]
    #[case("4SX", PbnContract::Contract { level: 4, strain: Strain::Spades, doubled: 1 })]
    #[case("3NTXX", PbnContract::Contract { level: 3, strain: Strain::NoTrump, doubled: 2 })]
    #[case("3N", PbnContract::Contract { level: 3, strain: Strain::NoTrump, doubled: 0 })]
    #[case("6d", PbnContract::Contract { level: 6, strain: Strain::Diamonds, doubled: 0 })]
    #[case("1CX", PbnContract::Contract { level: 1, strain: Strain::Clubs, doubled: 1 })]
    fn contracts(#[case] text: &str, #[case] c: PbnContract) {
        assert_eq!(parse_contract(text).unwrap(), c);
    }

    #[rstest]
    #[case("8S")]
    #[case("0S")]
    #[case("4")]
    #[case("4Z")]
    #[case("4SXXX")]
    #[case("4♠")]
    #[case("S")]
    fn bad_contracts(#[case] text: &str) {
        assert!(parse_contract(text).is_err());
    }

    #[rstest]
    #[case("10", Some(Seat::North), 10, false)]
    #[case("0", None, 0, false)]
    #[case("NS 9", Some(Seat::South), 9, false)]
    #[case("NS 9", Some(Seat::East), 4, false)]
    #[case("EW 4 NS 9", Some(Seat::West), 4, false)]
    #[case("^8", Some(Seat::West), 8, true)]
    fn results(#[case] text: &str, #[case] d: Option<Seat>, #[case] n: u8, #[case] caret: bool) {
        assert_eq!(parse_result(text, d).unwrap(), (n, caret));
    }

    #[rstest]
    #[case("14", "impossible", 0..2)]
    #[case("-1", "not a number of tricks", 0..2)]
    #[case("ten", "not a number of tricks", 0..3)]
    #[case("NS 9", "no declarer", 0..4)]
    #[case("XY 9", "not a side", 0..2)]
    fn bad_results(#[case] text: &str, #[case] needle: &str, #[case] at: Range<usize>) {
        let e = parse_result(text, None).unwrap_err();
        assert!(e.message.contains(needle), "{}", e.message);
        assert_eq!(e.at, Some(at));
    }

    #[rstest]
    #[case("NS 50", None, (50, -50))]
    #[case("EW 420", None, (-420, 420))]
    #[case("NS -100", None, (-100, 100))]
    #[case("EW -50", None, (50, -50))]
    #[case("NS 420 EW -420", None, (420, -420))]
    #[case("EW -420 NS 420", None, (420, -420))]
    // A bare number is declarer's score (PBN 2.1, 4.2.1).
    #[case("100", Some(Seat::North), (100, -100))]
    #[case("-100", Some(Seat::West), (100, -100))]
    #[case("0", None, (0, 0))]
    fn scores(#[case] text: &str, #[case] d: Option<Seat>, #[case] ns_ew: (i32, i32)) {
        assert_eq!(parse_score(text, d).unwrap(), ns_ew);
    }

    #[rstest]
    #[case("100", "no declarer")]
    #[case("NS", "not a number of points")]
    #[case("NS 1 2", "not a score")]
    #[case("NS fifty", "not a number of points")]
    #[case("NS 1 NS 2", "same side twice")]
    fn bad_scores(#[case] text: &str, #[case] needle: &str) {
        let e = parse_score(text, None).unwrap_err();
        assert!(e.message.contains(needle), "{}", e.message);
    }

    #[test]
    fn notes() {
        assert_eq!(
            parse_note("1: Major suit opening -- 5+ !S").unwrap(),
            (1, "Major suit opening -- 5+ !S".to_string())
        );
        assert_eq!(parse_note("12:x").unwrap(), (12, "x".to_string()));
        assert!(parse_note("no number").is_err());
        assert!(parse_note("a: text").is_err());
    }

    #[rstest]
    #[case("1", 1)]
    #[case(" 32 ", 32)]
    fn boards(#[case] text: &str, #[case] n: u32) {
        assert_eq!(parse_board(text).unwrap(), n);
    }

    #[rstest]
    #[case("0")]
    #[case("-3")]
    #[case("+3")]
    #[case("1a")]
    fn bad_boards(#[case] text: &str) {
        assert!(parse_board(text).is_err());
    }
}
