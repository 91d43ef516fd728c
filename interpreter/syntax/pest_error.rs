//! pest's own errors name grammar rules and point at one line; a law-book author needs the
//! whole file, a span, and "expected X or Y" in words. This turns a pest error into a `Diag`.

use crate::diagnostic::Diag;
use crate::messages::Arg;
use crate::source::Span;
use crate::syntax::ast::Lang;
use pest::error::{ErrorVariant, InputLocation};
use std::collections::BTreeSet;
use std::fmt::Debug;

/// The most rule calls one parse may make before pest stops it with "call limit reached"
/// (`convert` says so). pest does not remember what it has read, and backtracks: a law file
/// with twenty `(any … where … and` left open was read for 25 seconds (a fuzzed input), each
/// level trying the `and` that follows it twice, once for the quantifier's `where` and once
/// for the bracket's expression, so that each level doubled the work. The bundled term
/// bank, the largest text read by pest (95 KB), takes some 200,000 calls; a text of the
/// largest size read (4 MiB) some forty times that. Forty million calls take some 0.4 s.
pub const MAX_CALLS: usize = 40_000_000;

/// `text` read by `P` from `rule`, its rule calls bounded (`MAX_CALLS`; pest keeps the bound
/// for the process): every reader of a file parses through it, so that no parse goes
/// unbounded.
pub fn parse<P: pest::Parser<R>, R: pest::RuleType>(
    rule: R,
    text: &str,
) -> Result<pest::iterators::Pairs<'_, R>, pest::error::Error<R>> {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| pest::set_call_limit(std::num::NonZeroUsize::new(MAX_CALLS)));
    P::parse(rule, text)
}

/// Turn a pest error into a diagnostic; `phrase` renames a grammar rule to words.
pub fn convert<R: Copy + Debug + Ord>(
    err: pest::error::Error<R>,
    file: u32,
    text: &str,
    phrase: impl Fn(R) -> Option<&'static str>,
    code: &'static str,
) -> Diag {
    convert_in(
        err,
        file,
        text,
        |r| phrase(r).map(str::to_string),
        code,
        Lang::En,
    )
}

/// As `convert`, said in a language (laws/messages.phrases): a case's syntax error is said in
/// the language the case is written in; `phrase` gives the rule's words in it.
pub fn convert_in<R: Copy + Debug + Ord>(
    err: pest::error::Error<R>,
    file: u32,
    text: &str,
    phrase: impl Fn(R) -> Option<String>,
    code: &'static str,
    lang: Lang,
) -> Diag {
    let say = |id: &str, args: &[(&str, Arg)]| crate::messages::say(lang, id, args);
    let (start, end) = match err.location {
        InputLocation::Pos(p) => (p, p),
        InputLocation::Span((s, e)) => (s, e),
    };
    // Point at the token that failed, not an empty position, where there is one.
    let end = if end > start {
        end
    } else {
        // The word at the error, or its first character if it is punctuation.
        let rest = &text[start.min(text.len())..];
        let word = |c: char| c.is_alphanumeric() || c == '_';
        let len = match rest.chars().next() {
            Some(c) if word(c) => rest
                .char_indices()
                .find(|(_, c)| !word(*c))
                .map_or(rest.len(), |(i, _)| i),
            Some(c) => c.len_utf8(),
            None => 0,
        };
        start + len
    };
    let found = if start >= text.len() {
        say("syntax.end", &[])
    } else {
        format!("`{}`", &text[start..end])
    };
    let mut hint = None;
    let (message, label) = match err.variant {
        ErrorVariant::ParsingError {
            positives,
            negatives,
        } => {
            let want: BTreeSet<String> = positives.iter().filter_map(|r| phrase(*r)).collect();
            // A misspelt keyword (`tabel`): the nearest word expected here.
            let words = want
                .iter()
                .filter_map(|w| w.strip_prefix('`')?.strip_suffix('`'))
                .filter(|w| w.chars().all(|c| c.is_alphabetic() || c == '_'));
            if let Some(near) = crate::suggest::closest(&text[start.min(end)..end], words) {
                hint = Some(say("suggest.did_you_mean", &[("word", near.into())]));
            }
            let avoid: BTreeSet<String> = negatives.iter().filter_map(|r| phrase(*r)).collect();
            let label = if !want.is_empty() {
                say("syntax.expected", &[("list", join_or(&want, lang).into())])
            } else if !avoid.is_empty() {
                say(
                    "syntax.unexpected",
                    &[("list", join_or(&avoid, lang).into())],
                )
            } else {
                say("syntax.not_understood", &[])
            };
            let message = say(
                "syntax.found",
                &[
                    ("found", found.as_str().into()),
                    ("label", label.as_str().into()),
                ],
            );
            (message, label)
        }
        // The bound on pest's rule calls (`MAX_CALLS`): the text can be read in too many
        // ways, most often for a bracket left open inside nested expressions. Then pest's own
        // guard against exhausting the stack: the text nests too deeply for it. Said in the
        // reader's language, pest's words in brackets.
        ErrorVariant::CustomError { message } if message.contains("limit reached") => {
            let id = if message.contains("call limit reached") {
                "syntax.call_limit"
            } else {
                "syntax.stack_limit"
            };
            let detail = [("detail", message.as_str().into())];
            return Diag::new(code, say(id, &detail))
                .label(
                    Span::new(file, start, end),
                    say(&format!("{id}.label"), &[]),
                )
                .help(say(&format!("{id}.help"), &[]));
        }
        ErrorVariant::CustomError { message } => (message.clone(), message),
    };
    let mut d = Diag::new(code, message).label(Span::new(file, start, end), label);
    // A brace left open shows only where the text stops making sense, often far below it:
    // point at the brace itself.
    if let Some(open) = unclosed_brace(text).filter(|&o| o < start) {
        d = d.label(Span::new(file, open, open + 1), say("syntax.unclosed", &[]));
        hint.get_or_insert_with(|| say("syntax.unclosed.help", &[]));
    }
    d.help(hint.unwrap_or_else(|| say("syntax.help", &[])))
}

/// The `{` most likely left open, when the text has more `{` than `}` (outside strings and
/// `//` comments): the first whose `}` stands at another indentation than its line, else the
/// innermost never closed. None when the braces balance.
pub fn unclosed_brace(text: &str) -> Option<usize> {
    let mut stack: Vec<(usize, usize)> = vec![];
    let (mut opens, mut closes) = (0usize, 0usize);
    let mut suspect = None;
    let mut line_start = 0;
    let mut chars = text.char_indices().peekable();
    let indent =
        |from: usize| text[from..].len() - text[from..].trim_start_matches([' ', '\t']).len();
    while let Some((i, c)) = chars.next() {
        match c {
            '\n' => line_start = i + 1,
            '"' => {
                for (j, d) in chars.by_ref() {
                    if d == '"' || d == '\n' {
                        if d == '\n' {
                            line_start = j + 1;
                        }
                        break;
                    }
                }
            }
            '/' if chars.peek().is_some_and(|(_, d)| *d == '/') => {
                for (j, d) in chars.by_ref() {
                    if d == '\n' {
                        line_start = j + 1;
                        break;
                    }
                }
            }
            '{' => {
                opens += 1;
                stack.push((i, indent(line_start)));
            }
            '}' => {
                closes += 1;
                if let Some((o, ind)) = stack.pop() {
                    let first_on_line = text[line_start..i].trim().is_empty();
                    if first_on_line && indent(line_start) != ind && suspect.is_none() {
                        suspect = Some(o);
                    }
                }
            }
            _ => {}
        }
    }
    if opens <= closes {
        return None;
    }
    suspect.or(stack.last().map(|&(o, _)| o))
}

fn join_or(items: &BTreeSet<String>, lang: Lang) -> String {
    let v: Vec<&str> = items.iter().map(String::as_str).collect();
    match v.len() {
        0 => String::new(),
        1 => v[0].to_string(),
        n => crate::messages::say(
            lang,
            "list.or",
            &[
                ("first", v[..n - 1].join(", ").into()),
                ("last", v[n - 1].into()),
            ],
        ),
    }
}

/// The parsers recurse once per bracket; text nested deeper than this is refused before
/// parsing, so that no input can exhaust the stack.
pub const MAX_NESTING: usize = 256;

/// A diagnostic for text nested deeper than `MAX_NESTING`, if it is.
pub fn too_deep(file: u32, text: &str, code: &'static str) -> Option<Diag> {
    // Text with no more opening brackets than the limit cannot pass it, whatever their
    // order: counted first, where following the depth is a branch a byte (most texts, every
    // case among them, stop here). Counted into a byte per 255 bytes of text, so that the
    // compiler counts sixteen at a time; `[` and `{` differ only in the bit 0x20.
    let opening: usize = text
        .as_bytes()
        .chunks(255)
        .map(|chunk| {
            let n = chunk.iter().fold(0u8, |n, &c| {
                n + u8::from(c == b'(') + u8::from((c | 0x20) == b'{')
            });
            usize::from(n)
        })
        .sum();
    if opening <= MAX_NESTING {
        return None;
    }
    let mut depth = 0usize;
    // Bytes, not characters: a bracket is ASCII, and no byte of a longer character is one.
    for (i, c) in text.bytes().enumerate() {
        match c {
            b'(' | b'{' | b'[' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(
                        Diag::new(
                            code,
                            format!("brackets nested more than {MAX_NESTING} deep"),
                        )
                        .label(Span::new(file, i, i + 1), "too deep here")
                        .help("split the expression into named definitions"),
                    );
                }
            }
            b')' | b'}' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{convert_in, too_deep, unclosed_brace, MAX_NESTING};
    use crate::syntax::ast::Lang;

    /// pest's two limits (its rule calls, `MAX_CALLS`, and its guard of the stack) are said
    /// in the reader's language, each with its own label and help, pest's words kept in
    /// brackets; in English as they were written before the catalog held them.
    #[test]
    fn a_parse_stopped_by_a_limit_is_said_in_the_readers_language() {
        let stopped = |limit: &str, lang: Lang| {
            let e = pest::error::Error::<()>::new_from_pos(
                pest::error::ErrorVariant::CustomError {
                    message: format!("{limit} limit reached"),
                },
                pest::Position::new("a (b", 2).expect("a place in the text"),
            );
            let d = convert_in(e, 0, "a (b", |_| None, "t", lang);
            let label = d.labels[0].1.clone();
            (d.message, label, d.help.unwrap_or_default())
        };
        let (message, label, help) = stopped("call", Lang::En);
        assert_eq!(
            message,
            "read in too many ways to finish (call limit reached): a bracket left open?"
        );
        assert_eq!(label, "read up to here");
        assert!(help.starts_with("close every bracket"), "{help}");
        let (message, label, _) = stopped("stack", Lang::En);
        assert_eq!(
            message,
            "nested too deeply to be read (stack limit reached)"
        );
        assert_eq!(label, "too deep here");
        let (message, _, help) = stopped("call", Lang::Sk);
        assert!(message.contains("zátvork"), "{message}");
        assert!(message.contains("(call limit reached)"), "{message}");
        assert!(help.starts_with("uzavrite"), "{help}");
        for lang in [Lang::Sk, Lang::Pl, Lang::Hu] {
            for limit in ["call", "stack"] {
                let (message, label, help) = stopped(limit, lang);
                for said in [&message, &label, &help] {
                    assert!(!said.contains("syntax."), "{lang:?} {limit}: {said}");
                }
                assert_ne!(message, stopped(limit, Lang::En).0, "{lang:?} {limit}");
            }
        }
    }

    #[test]
    fn text_is_too_deep_only_past_the_limit_whatever_its_count_of_brackets() {
        let nested = |n: usize| format!("{}x{}", "(".repeat(n), ")".repeat(n));
        // At the limit: not too deep; one more: too deep, at the bracket that passes it.
        assert!(too_deep(0, &nested(MAX_NESTING), "t").is_none());
        let d = too_deep(0, &nested(MAX_NESTING + 1), "t").expect("one past the limit");
        let at = d.labels[0].0;
        assert_eq!(
            (at.start as usize, at.end as usize),
            (MAX_NESTING, MAX_NESTING + 1)
        );
        // Many more brackets than the limit, none deeper than two: not too deep.
        let flat = "([x] {y}) ".repeat(4 * MAX_NESTING);
        assert!(too_deep(0, &flat, "t").is_none());
        // Closing brackets first do not lower the depth below nothing: one past the limit
        // after them is still too deep (more openers than the limit, so the depth is
        // followed), and at the limit it is not.
        let closed_first = format!("{}{}", ")".repeat(10), nested(MAX_NESTING));
        assert!(too_deep(0, &closed_first, "t").is_none());
        let closed_first = format!("{}{}", ")".repeat(10), nested(MAX_NESTING + 1));
        assert!(too_deep(0, &closed_first, "t").is_some());
        // Brackets of every kind count together.
        let mixed = format!("{}{}", "[{(".repeat(MAX_NESTING / 3 + 1), "x");
        assert!(too_deep(0, &mixed, "t").is_some());
    }

    #[test]
    fn the_brace_left_open_is_found_by_its_indentation() {
        let text = "law 1 {\n  table t {\n    0 => 1\n\n  define x = 2\n}\n";
        assert_eq!(unclosed_brace(text), text.find("t {").map(|i| i + 2));
        // Balanced, or braces only inside strings and comments: nothing to point at.
        assert_eq!(
            unclosed_brace("law 1 {\n  title en \"{\"\n  // {\n}\n"),
            None
        );
        // Nothing closed at all: the innermost.
        assert_eq!(unclosed_brace("a {\n  b {\n"), Some(8));
    }
}
