//! Suit glyphs that a text's encoding put in place of ♠ ♥ ♦ ♣ (the Polish 2007 file's
//! Symbol-font `ª © ¨ §`, laws/text-checks.txt), read as suit symbols where they stand for
//! one. The same characters mean other things (`§ 5` a section, `Copyright ©`), so a glyph
//! is a suit only in a suit's context: alone in parentheses (`pik (ª)`), or right after a
//! level or a rank (`1©`, `A§`, `10¨`, Polish `D` and `W` for queen and jack).

use super::super::{Edition, Lang};
use std::borrow::Cow;

/// Ranks and levels a suit symbol follows: digits (levels 1-7, ranks 2-10) and the rank
/// letters of the languages (English A K Q J T, Polish D W, Slovak/Hungarian D B).
fn is_rank(c: char) -> bool {
    c.is_ascii_digit() || "AKQJTDWB".contains(c)
}

/// The line with each glyph in a suit's context read as its suit.
pub fn decode<'a>(line: &'a str, glyphs: &[(char, char)]) -> Cow<'a, str> {
    if glyphs.is_empty() || !line.chars().any(|c| glyphs.iter().any(|(g, _)| *g == c)) {
        return Cow::Borrowed(line);
    }
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::with_capacity(line.len());
    for (i, &c) in chars.iter().enumerate() {
        let suit = glyphs.iter().find(|(g, _)| *g == c).map(|(_, s)| *s);
        let prev = i.checked_sub(1).map(|p| chars[p]);
        let next = chars.get(i + 1).copied();
        // A rank or level directly before, itself not inside a word or a longer number
        // (`§12` and `ust.1§` are not suits, `1©` and `10¨` are).
        let after_rank = prev.is_some_and(is_rank)
            && {
                let digits = chars[..i]
                    .iter()
                    .rev()
                    .take_while(|c| c.is_ascii_digit())
                    .count();
                let start = if digits > 0 { i - digits } else { i - 1 };
                let number_ok = digits == 0 || digits == 1 || chars[start..i] == ['1', '0'];
                number_ok && (start == 0 || !chars[start - 1].is_alphanumeric())
            }
            && !next.is_some_and(|n| n.is_alphanumeric());
        let alone = prev == Some('(') && next == Some(')');
        match suit {
            Some(s) if after_rank || alone => out.push(s),
            _ => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// The glyphs of a text (none for most).
pub fn glyphs(lang: Lang, edition: Edition) -> &'static [(char, char)] {
    super::data::embedded().suits(lang, edition)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glyphs_are_suits_only_in_a_suits_context() {
        let g = glyphs(Lang::Pl, Edition::E2007);
        assert_eq!(
            decode("pik (ª), kier (©), karo (¨), trefl (§).", g),
            "pik (♠), kier (♥), karo (♦), trefl (♣)."
        );
        assert_eq!(decode("otwarcie 1© i A§, 10¨", g), "otwarcie 1♥ i A♣, 10♦");
        assert_eq!(
            decode("§ 5 regulaminu, art.12§ i §12; Copyright ©", g),
            "§ 5 regulaminu, art.12§ i §12; Copyright ©"
        );
        assert_eq!(
            decode("Copyright © WBF", glyphs(Lang::Hu, Edition::E2017)),
            "Copyright © WBF"
        );
    }
}
