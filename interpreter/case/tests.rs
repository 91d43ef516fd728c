//! The case grammar's rules held to what they read before they were rewritten for speed.

use super::grammar::{CaseParser, Rule};
use pest::Parser;

/// How much of `s` a word takes as the grammar first said it: from a quote, up to the
/// next quote on the line and it (nothing without one); else every character up to a
/// space, a tab, a line break, a brace, a quote or "//".
fn word_as_written(s: &str) -> usize {
    if let Some(rest) = s.strip_prefix('"') {
        return match rest.find(['"', '\n', '\r']) {
            Some(i) if rest[i..].starts_with('"') => i + 2,
            _ => 0,
        };
    }
    let stops = [' ', '\t', '\n', '\r', '{', '}', '"'];
    s.char_indices()
        .find(|&(i, c)| stops.contains(&c) || s[i..].starts_with("//"))
        .map_or(s.len(), |(i, _)| i)
}

#[test]
fn a_word_is_what_it_was_before_its_characters_became_ranges() {
    // Quoted words too: their quotes became ranges as well.
    let alphabet = [
        ' ',
        '\t',
        '\n',
        '\r',
        '{',
        '}',
        '"',
        '/',
        '/',
        'a',
        'Z',
        '1',
        '0',
        'z',
        '!',
        '#',
        '.',
        '|',
        '~',
        '♠',
        'é',
        '\u{0}',
        '\u{8}',
        '\u{b}',
        '\u{e}',
        '\u{1f}',
        '\u{7f}',
        '\u{feff}',
        '\u{10ffff}',
    ];
    crate::generated::rule_takes::<_, CaseParser>(Rule::word, &alphabet, word_as_written);
}

/// The words of an entry as the grammar read them when pest skipped blanks and comments
/// between every two words (`words = { word+ }`): after a word, blanks, then any comment
/// (`//` or `#` to the line's end) and the blanks after it, then the next word if one
/// starts there. With the end of the last word, where `words` (and so the entry, whose
/// span a diagnostic about it underlines) now ends: with pest's skip it ran on over the
/// blanks and the comment after it.
fn words_as_before(s: &str) -> (Vec<&str>, usize) {
    let blanks = |p: usize| s.len() - s[p..].trim_start_matches([' ', '\t', '\u{feff}']).len();
    let mut out = vec![];
    let mut end = 0;
    let mut at = 0;
    loop {
        if !out.is_empty() {
            at = blanks(at);
            while s[at..].starts_with("//") || s[at..].starts_with('#') {
                at = s[at..].find(['\n', '\r']).map_or(s.len(), |i| at + i);
                at = blanks(at);
            }
        }
        match word_as_written(&s[at..]) {
            0 => return (out, end),
            n => {
                out.push(&s[at..at + n]);
                at += n;
                end = at;
            }
        }
    }
}

#[test]
fn an_entrys_words_are_what_they_were_when_pest_skipped_between_them() {
    let alphabet = [
        ' ', '\t', '\u{feff}', '#', '/', '/', 'a', 'b', '"', '\n', '\r', '{', '}',
    ];
    let mut rng = crate::generated::Xorshift(0x6a09_e667_f3bc_c909);
    for _ in 0..20_000 {
        let s = rng.string(&alphabet, 11);
        for rule in [Rule::words, Rule::line] {
            let read = match CaseParser::parse(rule, &s) {
                Ok(mut pairs) => {
                    let p = pairs.next().expect("the rule's pair");
                    let end = p.as_span().end();
                    (p.into_inner().map(|w| w.as_str()).collect(), end)
                }
                Err(_) => (vec![], 0),
            };
            assert_eq!(read, words_as_before(&s), "{rule:?} on {s:?}");
        }
    }
}

/// A session's percentage (12C2(c)) as a Director copies it: whole, with a point or a
/// comma, kept exactly; never above 100, never with two marks, a sign or an empty part.
#[test]
fn a_session_percentage_is_a_number_from_0_to_100_with_a_point_or_a_comma() {
    use super::session_percent;
    let exact = |s: &str| rust_decimal::Decimal::from_str_exact(s).unwrap();
    assert_eq!(session_percent("68"), Some(exact("68")));
    assert_eq!(session_percent("61.37"), Some(exact("61.37")));
    assert_eq!(session_percent("61,37"), Some(exact("61.37")));
    assert_eq!(session_percent("0"), Some(exact("0")));
    assert_eq!(session_percent("100.00"), Some(exact("100.00")));
    assert_eq!(
        session_percent("61.123456789012"),
        Some(exact("61.123456789012"))
    );
    for bad in [
        "100.01",
        "61.1234567890123",
        "61.3.7",
        "61,3,7",
        "61.",
        ".5",
        "-5",
        "+5",
        "6 1",
        "",
        "x",
    ] {
        assert_eq!(session_percent(bad), None, "{bad}");
    }
}
