//! What the program says to a director about a case: the case reader's diagnostics and the
//! table's objections to an event ("East does not hold ♥Q"), in the case's language. The texts
//! are data (`laws/messages.phrases`, compiled in, in the phrases format); a message is an id
//! and its arguments until a language is chosen, so the engine, which knows no language,
//! can return one and the runner says it in the case's.
//!
//! A message `ID` may have a label (`ID.label`, the words under the span) and a help
//! (`ID.help`). Seats, cards and calls are written in the language's notation (laws/case.words:
//! V for East in Slovak, ♠D for the queen in Polish).

use crate::case::words::CaseWords;
use crate::model::{Call, Card, Seat};
use crate::phrases::{Phrases, Piece};
use crate::syntax::ast::Lang;
use std::sync::OnceLock;

/// The catalog as compiled in.
pub const BUILTIN: &str = include_str!("../laws/messages.phrases");

/// An argument of a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// Words as the user wrote them, or a text the same in every language.
    Text(String),
    Seat(Seat),
    /// Seats, joined by commas.
    Seats(Vec<Seat>),
    Card(Card),
    Call(Call),
    Num(i64),
    /// Words of a class of laws/case.words by their ids (an option's answers: `accept`,
    /// `prijať`), joined by commas.
    Words(&'static str, Vec<String>),
    /// Other messages, said in the same language and joined by semicolons.
    Said(Vec<Message>),
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_string())
    }
}
impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}
impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Text(s.clone())
    }
}
impl From<Seat> for Arg {
    fn from(s: Seat) -> Arg {
        Arg::Seat(s)
    }
}
impl From<Card> for Arg {
    fn from(c: Card) -> Arg {
        Arg::Card(c)
    }
}
impl From<Call> for Arg {
    fn from(c: Call) -> Arg {
        Arg::Call(c)
    }
}
impl From<i64> for Arg {
    fn from(n: i64) -> Arg {
        Arg::Num(n)
    }
}
impl From<usize> for Arg {
    fn from(n: usize) -> Arg {
        Arg::Num(n as i64)
    }
}
impl From<Message> for Arg {
    fn from(m: Message) -> Arg {
        Arg::Said(vec![m])
    }
}
impl From<u8> for Arg {
    fn from(n: u8) -> Arg {
        Arg::Num(n as i64)
    }
}

/// A message before its language is chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The catalog's id; empty for a plain text.
    pub id: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

impl Message {
    pub fn new(id: &'static str) -> Message {
        Message { id, args: vec![] }
    }

    pub fn with(mut self, name: &'static str, a: impl Into<Arg>) -> Message {
        self.args.push((name, a.into()));
        self
    }

    /// A text the catalog does not hold, the same in every language: a fault of the law book,
    /// which its authors read in English.
    pub fn plain(text: impl Into<String>) -> Message {
        Message {
            id: "",
            args: vec![("text", Arg::Text(text.into()))],
        }
    }

    /// The message in a language.
    pub fn text(&self, lang: Lang) -> String {
        if self.id.is_empty() {
            return match self.args.first() {
                Some((_, Arg::Text(t))) => t.clone(),
                _ => String::new(),
            };
        }
        say(lang, self.id, &self.args)
    }
}

/// English, as the ruling data keeps it.
impl std::fmt::Display for Message {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

/// The compiled-in catalog. It is checked by the tests; a broken catalog is a build error of
/// the project, so this panics with the errors.
pub fn catalog() -> &'static Phrases {
    static C: OnceLock<Phrases> = OnceLock::new();
    C.get_or_init(|| match Phrases::parse("laws/messages.phrases", BUILTIN) {
        Ok(p) => p,
        Err(e) => panic!(
            "laws/messages.phrases is broken:\n{}",
            e.iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        ),
    })
}

/// The message `id` in a language, with its arguments. An id the catalog lacks is said as
/// itself (the tests hold every id the program uses to the catalog).
pub fn say(lang: Lang, id: &str, args: &[(&str, Arg)]) -> String {
    match catalog().get(id, lang) {
        Some(pieces) => fill(pieces, args, lang),
        None => id.to_string(),
    }
}

/// The text of `ID.part` (label, help) if the catalog has it.
pub fn part(lang: Lang, id: &str, part: &str, args: &[(&str, Arg)]) -> Option<String> {
    let id = format!("{id}.{part}");
    catalog().get(&id, lang).map(|p| fill(p, args, lang))
}

fn fill(pieces: &[Piece], args: &[(&str, Arg)], lang: Lang) -> String {
    let words = CaseWords::builtin();
    let mut out = String::new();
    for p in pieces {
        match p {
            Piece::Lit(s) => out.push_str(s),
            Piece::Arg { name, .. } => match args.iter().find(|(n, _)| n == name) {
                Some((_, a)) => out.push_str(&match a {
                    Arg::Text(t) => t.clone(),
                    Arg::Seat(s) => words.seat_letter(*s, lang),
                    Arg::Seats(ss) => ss
                        .iter()
                        .map(|s| words.seat_letter(*s, lang))
                        .collect::<Vec<_>>()
                        .join(", "),
                    Arg::Card(c) => words.card_text(*c, lang),
                    Arg::Call(c) => words.call_text(*c, lang),
                    Arg::Num(n) => n.to_string(),
                    Arg::Words(class, ids) => ids
                        .iter()
                        .map(|id| words.word(class, id, lang).unwrap_or(id))
                        .collect::<Vec<_>>()
                        .join(", "),
                    Arg::Said(ms) => ms
                        .iter()
                        .map(|m| m.text(lang))
                        .collect::<Vec<_>>()
                        .join("; "),
                }),
                None => {
                    out.push('{');
                    out.push_str(name);
                    out.push('}');
                }
            },
            // The catalog holds arguments only (tests/messages.rs).
            _ => {}
        }
    }
    out
}
