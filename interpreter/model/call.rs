//! Calls as they are made at the table. A bid keeps whatever level was spoken, even above
//! seven: such a bid is an irregularity (Law 38) that the law book must be able to see.

use super::card::Strain;
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Call {
    Pass,
    Double,
    Redouble,
    Bid { level: u8, strain: Strain },
}

/// How a call was meant. Natural, or artificial (Definitions: it conveys something other
/// than willingness to play in the denomination named) with the denominations it specifies,
/// which only the case can say (`2D! specifies H`): 26B, 27B1(a) and 29C turn on them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Meaning {
    #[default]
    Natural,
    /// One bit a strain (`1 << strain as u8`). An artificial call the case says nothing more
    /// of specifies none: its name is not what it specifies, and nothing else is known.
    Artificial(u8),
}

impl Meaning {
    /// Artificial, specifying these denominations.
    pub fn specifying(strains: impl IntoIterator<Item = Strain>) -> Meaning {
        Meaning::Artificial(strains.into_iter().fold(0, |m, s| m | 1 << s as u8))
    }

    pub fn is_artificial(self) -> bool {
        matches!(self, Meaning::Artificial(_))
    }

    /// The denominations `call`, meant so, specifies: a natural bid its strain, a natural
    /// pass, double or redouble none; clubs to no trump.
    pub fn specified(self, call: Call) -> Vec<Strain> {
        match (self, call) {
            (Meaning::Natural, Call::Bid { strain, .. }) => vec![strain],
            (Meaning::Natural, _) => vec![],
            (Meaning::Artificial(m), _) => Strain::ALL
                .into_iter()
                .filter(|s| m & (1 << *s as u8) != 0)
                .collect(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a call: expected a bid such as 1NT or 3♠, pass, double or redouble")]
pub struct ParseCallError(pub String);

impl Call {
    pub fn bid(level: u8, strain: Strain) -> Call {
        Call::Bid { level, strain }
    }

    pub fn is_bid(self) -> bool {
        matches!(self, Call::Bid { .. })
    }

    /// Every call a player could make in a legal auction: 35 bids, pass, double, redouble.
    pub fn all_legal_forms() -> Vec<Call> {
        let mut out = Vec::with_capacity(38);
        for level in 1..=7 {
            for strain in Strain::ALL {
                out.push(Call::bid(level, strain));
            }
        }
        out.extend([Call::Pass, Call::Double, Call::Redouble]);
        out
    }

    /// English call notation as PBN and the case files write it: `1NT`, `3S`, `3♠`, `Pass`,
    /// `X`, `XX`, `Double`, `Redouble`, `P`.
    pub fn parse(text: &str) -> Result<Call, ParseCallError> {
        let err = || ParseCallError(text.to_string());
        let t = text.trim();
        // Compared without regard to ASCII case, in place: the renderings parse every call
        // of a ruling's data again, and a lowered copy of each was a String made and freed.
        let one_of = |words: &[&str]| words.iter().any(|w| t.eq_ignore_ascii_case(w));
        if one_of(&["p", "pass"]) {
            return Ok(Call::Pass);
        }
        if one_of(&["x", "d", "dbl", "double"]) {
            return Ok(Call::Double);
        }
        if one_of(&["xx", "r", "rdbl", "redouble"]) {
            return Ok(Call::Redouble);
        }
        let mut chars = t.chars();
        let level = chars.next().and_then(|c| c.to_digit(10)).ok_or_else(err)?;
        if level == 0 {
            return Err(err());
        }
        let rest = chars.as_str();
        let strain = if rest.eq_ignore_ascii_case("nt") || rest.eq_ignore_ascii_case("n") {
            Strain::NoTrump
        } else {
            let mut cs = rest.chars();
            let c = cs.next().ok_or_else(err)?;
            if cs.next().is_some() {
                return Err(err());
            }
            super::card::Suit::from_char(c).ok_or_else(err)?.strain()
        };
        Ok(Call::bid(level as u8, strain))
    }

    pub fn code(self) -> String {
        match self {
            Call::Pass => "Pass".into(),
            Call::Double => "X".into(),
            Call::Redouble => "XX".into(),
            Call::Bid { level, strain } => format!("{level}{}", strain.code()),
        }
    }
}

/// The bids as [`Call::text`] writes them, by level and strain.
const BID_TEXTS: [[&str; 5]; 7] = [
    ["1♣", "1♦", "1♥", "1♠", "1NT"],
    ["2♣", "2♦", "2♥", "2♠", "2NT"],
    ["3♣", "3♦", "3♥", "3♠", "3NT"],
    ["4♣", "4♦", "4♥", "4♠", "4NT"],
    ["5♣", "5♦", "5♥", "5♠", "5NT"],
    ["6♣", "6♦", "6♥", "6♠", "6NT"],
    ["7♣", "7♦", "7♥", "7♠", "7NT"],
];

impl Call {
    /// The call as `Display` writes it, without formatting it: a legal call's text is one of
    /// 38 (a ruling's auction lines are written at every node of a decision tree).
    pub fn text(self) -> std::borrow::Cow<'static, str> {
        let bid = |level: u8, strain: Strain| {
            BID_TEXTS
                .get(usize::from(level).wrapping_sub(1))
                .map(|row| row[strain as usize])
        };
        match self {
            Call::Pass => "pass".into(),
            Call::Double => "double".into(),
            Call::Redouble => "redouble".into(),
            Call::Bid { level, strain } => match bid(level, strain) {
                Some(text) => text.into(),
                None => self.to_string().into(),
            },
        }
    }
}

impl fmt::Display for Call {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Call::Pass => f.write_str("pass"),
            Call::Double => f.write_str("double"),
            Call::Redouble => f.write_str("redouble"),
            Call::Bid { level, strain } => write!(f, "{level}{strain}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[test]
    fn a_calls_text_is_what_display_writes() {
        let mut calls = Call::all_legal_forms();
        calls.push(Call::Bid {
            level: 8,
            strain: Strain::Clubs,
        });
        for call in calls {
            assert_eq!(call.text(), call.to_string());
        }
    }

    #[rstest]
    #[case("Pass", Call::Pass)]
    #[case("AP", Call::Pass)]
    #[case("X", Call::Double)]
    #[case("XX", Call::Redouble)]
    #[case("1NT", Call::bid(1, Strain::NoTrump))]
    #[case("3S", Call::bid(3, Strain::Spades))]
    #[case("7♣", Call::bid(7, Strain::Clubs))]
    #[case("8H", Call::bid(8, Strain::Hearts))]
    fn parse(#[case] text: &str, #[case] call: Call) {
        // "AP" (all pass) is a PBN abbreviation handled by the PBN reader, not a call.
        if text == "AP" {
            assert!(Call::parse(text).is_err());
        } else {
            assert_eq!(Call::parse(text).unwrap(), call);
        }
    }

    #[rstest]
    #[case("0S")]
    #[case("1Z")]
    #[case("")]
    #[case("one spade")]
    fn reject(#[case] text: &str) {
        assert!(Call::parse(text).is_err());
    }

    #[test]
    fn thirty_eight_calls() {
        assert_eq!(Call::all_legal_forms().len(), 38);
    }

    /// `Call::parse` as it read a call through lowered and uppercased copies of the text.
    fn parse_as_before(text: &str) -> Option<Call> {
        let t = text.trim();
        match t.to_ascii_lowercase().as_str() {
            "p" | "pass" => return Some(Call::Pass),
            "x" | "d" | "dbl" | "double" => return Some(Call::Double),
            "xx" | "r" | "rdbl" | "redouble" => return Some(Call::Redouble),
            _ => {}
        }
        let mut chars = t.chars();
        let level = chars.next().and_then(|c| c.to_digit(10))?;
        if level == 0 {
            return None;
        }
        let rest: String = chars.collect();
        let strain = match rest.to_ascii_uppercase().as_str() {
            "NT" | "N" => Strain::NoTrump,
            s => {
                let mut cs = s.chars();
                let c = cs.next()?;
                if cs.next().is_some() {
                    return None;
                }
                crate::model::card::Suit::from_char(c)?.strain()
            }
        };
        Some(Call::bid(level as u8, strain))
    }

    #[test]
    fn a_call_reads_as_it_did_through_copies_of_its_text() {
        let alphabet = [
            '0', '1', '7', '9', 'n', 'N', 't', 'T', 's', 'S', 'h', 'c', 'D', 'd', 'x', 'X', 'p',
            'a', 'r', 'R', 'b', 'l', 'o', 'u', 'e', 'E', 'P', ' ', '\t', '♠', '♥', 'ß', 'ı',
        ];
        let mut rng = crate::generated::Xorshift(0xbb67_ae85_84ca_a73b);
        for _ in 0..50_000 {
            let s = rng.string(&alphabet, 9);
            assert_eq!(Call::parse(&s).ok(), parse_as_before(&s), "{s:?}");
        }
        for s in ["PASS", "Double", "rDbL", "7nT", "1♠", " 3n ", "2s", "xX"] {
            assert_eq!(Call::parse(s).ok(), parse_as_before(s), "{s:?}");
            assert!(Call::parse(s).is_ok(), "{s:?}");
        }
    }
}
