//! Ruling data to text in English, Slovak, Polish or Hungarian, or to JSON. The words come
//! from the law book (law and paragraph titles, questions), the term bank (seats, terms,
//! their forms), the case notation (`laws/case.words`: seat letters, calls) and the phrases
//! (`laws/render.phrases`); `grammar` chooses among forms. Nothing here decides anything.

mod effect;
pub mod grammar;
mod json;
pub mod lexicon;
mod memo;
mod ruling;
mod short;

pub use lexicon::Lexicon;

use crate::check::LawBook;
use crate::model::{Call, Card, Seat, Strain, Suit};
use crate::phrases::Piece;
use crate::ruling::{
    AnswerHow, Applied, Branch, CallLine, ClaimReport, Comparison, Effect, IrregularityRuling,
    Node, Note, ObligationLine, Outcome, Question, Ruling,
};
use crate::syntax::ast::{Duration, Lang, TypeExprKind};
use std::borrow::Cow;
use std::fmt::Write;

pub fn json(ruling: &Ruling) -> String {
    json::pretty(ruling)
}

/// `json`, written to `out` as it is made.
pub fn json_to(ruling: &Ruling, out: impl std::io::Write) -> std::io::Result<()> {
    json::pretty_to(ruling, out)
}

/// The ruling as text in a language, every branch of its tree whole (`--full`, the goldens).
pub fn text(ruling: &Ruling, book: &LawBook, lex: &Lexicon, lang: Lang) -> String {
    text_in(ruling, book, lex, lang, true)
}

/// The ruling as text; unless `full`, the tree shows per branch only what differs, and what
/// every branch shares comes once after it.
pub fn text_in(ruling: &Ruling, book: &LawBook, lex: &Lexicon, lang: Lang, full: bool) -> String {
    let mut out = String::new();
    let r = Renderer::new(book, lex, lang);
    let _ = writeln!(
        out,
        "{}",
        match &ruling.regulation {
            None => r.p(
                "case_header",
                &[
                    ("case", A::text(&ruling.case)),
                    ("lawbook", A::text(&ruling.lawbook)),
                ]
            ),
            Some(reg) => r.p(
                "case_header_regulation",
                &[
                    ("case", A::text(&ruling.case)),
                    ("lawbook", A::text(&ruling.lawbook)),
                    ("regulation", A::text(reg)),
                ]
            ),
        }
    );
    let b = &ruling.board;
    let vul = r.vulnerability(&b.vulnerable);
    let line = match b.number {
        Some(n) => r.p(
            "board_header",
            &[
                ("board", A::Num(n as i64)),
                ("dealer", A::Seat(b.dealer)),
                ("vulnerable", A::Text(vul)),
            ],
        ),
        None => r.p(
            "dealer_header",
            &[("dealer", A::Seat(b.dealer)), ("vulnerable", A::Text(vul))],
        ),
    };
    let _ = writeln!(out, "{line}");
    // The case's dealer or vulnerability differs from what Law 2 gives its board number.
    if let (Some(n), Some(l2)) = (b.number, &b.law2) {
        let note = r.p(
            "note.law2_board",
            &[
                ("board", A::Num(n as i64)),
                ("dealer", A::Seat(l2.dealer)),
                ("vulnerable", A::Text(r.vulnerability(&l2.vulnerable))),
            ],
        );
        let _ = writeln!(out, "{}", r.p("note", &[("note", A::owned(note))]));
    }
    // A finding the case answers that the ruling never asked: its answer changes nothing.
    for f in &ruling.unasked_findings {
        let ask = (r.book.findings.get(f))
            .and_then(|d| d.ask.get(r.lang))
            .map_or_else(|| f.clone(), str::to_string);
        let note = r.p("note.finding_not_asked", &[("ask", A::owned(ask))]);
        let _ = writeln!(out, "{}", r.p("note", &[("note", A::owned(note))]));
    }
    out.push('\n');
    if full {
        r.node_with(&ruling.tree, "", None, &mut out);
    } else {
        r.short(&ruling.tree, &mut out);
    }
    out
}

/// An argument of a phrase.
#[derive(Clone, Debug)]
pub enum A<'a> {
    Seat(Seat),
    Num(i64),
    /// A decimal, written with the language's decimal mark (61,37).
    Decimal(rust_decimal::Decimal),
    Text(Cow<'a, str>),
    /// A concept of the term bank (`spades`), said in the phrase's form (`{suit:gen}`).
    Term(&'static str),
    /// An irregularity by its id, named in the phrase's form (`{irregularity:acc}`).
    Irregularity(&'a str),
}

impl<'a> A<'a> {
    fn text(s: &'a str) -> A<'a> {
        A::Text(Cow::Borrowed(s))
    }
    fn owned(s: String) -> A<'a> {
        A::Text(Cow::Owned(s))
    }
}

pub struct Renderer<'a> {
    pub book: &'a LawBook,
    pub lex: &'a Lexicon,
    pub lang: Lang,
    /// The irregularities' blocks of lines and the obligations' lines so far (`memo`); the
    /// auction lines' calls and the things in words are the lexicon's (`Lexicon::kept`).
    blocks: std::cell::RefCell<memo::Blocks>,
    obligations: std::cell::RefCell<memo::Obligations>,
    /// The short view's outcomes cut into blocks so far (`short::Cut`).
    cuts: std::cell::RefCell<short::Cuts>,
    /// The block being written is a concession's (a claim act whose text is "concedes N"):
    /// the answers to it speak of the concession (`said.OPTION.ANSWER.conceded`).
    conceding: std::cell::Cell<bool>,
}

/// A line whose title is missing (a paragraph the law book gives no title in the language)
/// would end in the space before it: taken off, in every language.
fn without_title_gap(line: String) -> String {
    match line.strip_suffix(' ') {
        Some(_) => line.trim_end().to_string(),
        None => line,
    }
}

/// A line of the text: its pieces (the indent first) and a line break, written in place
/// rather than through `writeln!`'s formatting (a pass of the corpus writes some 100,000).
fn put_line(out: &mut String, pieces: &[&str]) {
    for p in pieces {
        out.push_str(p);
    }
    out.push('\n');
}

/// The first letter in upper case: `licitácia` → `Licitácia`.
pub fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    let mut out = String::with_capacity(s.len() + 2);
    if let Some(f) = c.next() {
        out.extend(f.to_uppercase());
        out.push_str(c.as_str());
    }
    out
}

fn seat_concept(s: Seat) -> &'static str {
    lexicon::SEATS[s.index()]
}

/// The term bank's concept of a suit.
fn suit_concept(s: Suit) -> &'static str {
    let i = Suit::ALL.iter().position(|x| *x == s).unwrap_or(0);
    lexicon::SUITS[i]
}

impl<'a> Renderer<'a> {
    /// A renderer of one text: what it renders once is kept for that text (`memo`).
    pub fn new(book: &'a LawBook, lex: &'a Lexicon, lang: Lang) -> Renderer<'a> {
        Renderer {
            book,
            lex,
            lang,
            blocks: Default::default(),
            obligations: Default::default(),
            cuts: Default::default(),
            conceding: Default::default(),
        }
    }
}

impl Renderer<'_> {
    /// A phrase with its arguments. An unknown phrase or argument shows as `{?name}` (the
    /// tests look for it).
    pub fn p(&self, id: &str, args: &[(&str, A)]) -> String {
        self.phrase(self.lex.phrases.get(id, self.lang), &[id], args)
    }

    /// A phrase by the parts of its id (`["said", option, answer]` for `said.OPTION.ANSWER`),
    /// found without building the id.
    fn p_at(&self, id: &[&str], args: &[(&str, A)]) -> String {
        self.phrase(self.lex.phrases.get_at(id, self.lang), id, args)
    }

    /// Whether the phrases hold the id that `id`'s parts make.
    fn has(&self, id: &[&str]) -> bool {
        self.lex.phrases.find(id).is_some()
    }

    fn phrase(&self, pieces: Option<&[Piece]>, id: &[&str], args: &[(&str, A)]) -> String {
        // Room for the literal text and a word for each argument, so that a phrase is not
        // copied as it grows.
        let room = pieces.unwrap_or_default().iter().map(|p| match p {
            Piece::Lit(s) => s.len(),
            _ => 16,
        });
        let mut out = String::with_capacity(room.sum());
        self.phrase_into(pieces, id, args, &mut out);
        out
    }

    /// `phrase`, written at the end of `out`; an unknown phrase as `{?its.id}`.
    fn phrase_into(
        &self,
        pieces: Option<&[Piece]>,
        id: &[&str],
        args: &[(&str, A)],
        out: &mut String,
    ) {
        match pieces {
            Some(pieces) => self.pieces(pieces, args, out),
            None => {
                let _ = write!(out, "{{?{}}}", id.join("."));
            }
        }
    }

    /// A concept of the term bank in a form: a case of its term (`gen`; Hungarian cases the
    /// bank does not list are built by the suffix rules), or `cap`, `a` (with the Hungarian
    /// article), `A` (both).
    fn term(&self, concept: &str, form: Option<&str>, out: &mut String) {
        let Some(t) = self
            .lex
            .bank
            .concept(concept)
            .and_then(|c| c.term(lexicon::term_lang(self.lang)))
        else {
            let _ = write!(out, "{{?{concept}}}");
            return;
        };
        match form.unwrap_or("nom") {
            "cap" => out.push_str(&capitalize(&t.text)),
            "a" => out.push_str(&self.article(&t.text)),
            "A" => out.push_str(&capitalize(&self.article(&t.text))),
            f => match t.form(f) {
                Some(x) => out.push_str(x),
                None => out.push_str(
                    &self
                        .lex
                        .grammar
                        .inflect(self.lang, &t.text, f)
                        .unwrap_or_else(|| t.text.clone()),
                ),
            },
        }
    }

    fn pieces(&self, pieces: &[Piece], args: &[(&str, A)], out: &mut String) {
        let arg = |name: &str| args.iter().find(|(n, _)| *n == name).map(|(_, a)| a);
        let tl = lexicon::term_lang(self.lang);
        let bank = &self.lex.bank;
        for p in pieces {
            match p {
                Piece::Lit(s) => out.push_str(s),
                Piece::Arg { name, form } => match (arg(name), form.as_deref()) {
                    (None, _) => {
                        let _ = write!(out, "{{?{name}}}");
                    }
                    (Some(A::Seat(s)), Some("cap")) => {
                        out.push_str(&capitalize(&self.seat(*s, "nom")))
                    }
                    (Some(A::Seat(s)), f) => out.push_str(&self.seat(*s, f.unwrap_or("nom"))),
                    (Some(A::Num(n)), None) => out.push_str(&minus(*n)),
                    // A score with its sign: +400, −400 (the minus sign, not a hyphen); 0
                    // has none.
                    (Some(A::Num(n)), Some("signed")) => match n {
                        1.. => {
                            let _ = write!(out, "+{n}");
                        }
                        _ => out.push_str(&minus(*n)),
                    },
                    (Some(A::Num(n)), Some("a")) => {
                        out.push_str(&self.article(&n.to_string()));
                    }
                    (Some(A::Num(n)), Some(suffix)) => {
                        match self.lex.grammar.number_with_suffix(self.lang, *n, suffix) {
                            Some(x) => out.push_str(&x),
                            None => {
                                let _ = write!(out, "{n}");
                            }
                        }
                    }
                    (Some(A::Decimal(d)), _) => {
                        out.push_str(&self.lex.grammar.decimal(self.lang, *d))
                    }
                    (Some(A::Text(t)), Some("a")) => out.push_str(&self.article(t)),
                    (Some(A::Text(t)), Some("cap")) => out.push_str(&capitalize(t)),
                    (Some(A::Text(t)), _) => out.push_str(t),
                    (Some(A::Term(concept)), form) => self.term(concept, form, out),
                    (Some(A::Irregularity(id)), form) => {
                        out.push_str(&self.irregularity_in(id, form))
                    }
                },
                Piece::Term { concept, form } => self.term(concept, form.as_deref(), out),
                Piece::Count {
                    name,
                    concept,
                    case,
                } => {
                    let n = match arg(name) {
                        Some(A::Num(n)) => *n,
                        _ => {
                            let _ = write!(out, "{{?{name}}}");
                            continue;
                        }
                    };
                    let case = case.as_deref().unwrap_or("nom");
                    let noun = bank.concept(concept).and_then(|c| c.term(tl)).map(|t| {
                        self.lex
                            .grammar
                            .count_forms(self.lang, n, case)
                            .iter()
                            .find_map(|f| t.form(f))
                            .unwrap_or(&t.text)
                            .to_string()
                    });
                    match noun {
                        Some(noun) => {
                            let _ = write!(out, "{n} {noun}");
                        }
                        None => {
                            let _ = write!(out, "{n} {{?{concept}}}");
                        }
                    }
                }
                Piece::Select { name, alts } => {
                    let n = match arg(name) {
                        Some(A::Num(n)) => *n,
                        _ => {
                            let _ = write!(out, "{{?{name}}}");
                            continue;
                        }
                    };
                    let i = self.lex.grammar.plural_index(self.lang, n);
                    let i = i.min(alts.len().saturating_sub(1));
                    if let Some(alt) = alts.get(i) {
                        self.pieces(alt, args, out);
                    }
                }
            }
        }
    }

    /// A phrase about a call, in the variant for its kind (`ID.pass`, `ID.double`,
    /// `ID.redouble`) where the phrase file has one: Slovak "pas Juhu je zrušený" but
    /// "ponuka 1♠ Juhu je zrušená", Hungarian "Dél passza" but "Dél 1♠ licitje".
    fn p_kind(&self, id: &[&str], call: &str, args: &[(&str, A)]) -> String {
        let kind = match Call::parse(call) {
            Ok(Call::Pass) => "pass",
            Ok(Call::Double) => "double",
            Ok(Call::Redouble) => "redouble",
            _ => "bid",
        };
        let mut key = id.to_vec();
        key.push(kind);
        if self.has(&key) {
            self.p_at(&key, args)
        } else {
            self.p_at(id, args)
        }
    }

    /// The word after its article where the language has one (`az 1♥`, `a 2♥`); the word
    /// alone elsewhere.
    fn article(&self, t: &str) -> String {
        match self.lex.grammar.article(self.lang, t) {
            Some(a) => format!("{a} {t}"),
            None => t.to_string(),
        }
    }

    /// A seat: its name in a case of the term bank, or its letter in the case notation.
    /// A seat's name in a form, borrowed from the term bank where it is written there.
    fn seat(&self, s: Seat, form: &str) -> Cow<'_, str> {
        let concept = seat_concept(s);
        if form == "letter" {
            return Cow::Owned(self.lex.words.seat_letter(s, self.lang));
        }
        let tl = lexicon::term_lang(self.lang);
        let Some(t) = self.lex.bank.concept(concept).and_then(|c| c.term(tl)) else {
            return Cow::Owned(format!("{{?{concept}}}"));
        };
        if let Some(x) = t.form(form) {
            return Cow::Borrowed(x);
        }
        if let Some(x) = self.lex.grammar.inflect(self.lang, &t.text, form) {
            return Cow::Owned(x);
        }
        Cow::Borrowed(&t.text)
    }

    /// The board's vulnerability in the text's own words (`vulnerability.ns`: "stav hier:
    /// Sever – Juh v druhej hre", "Észak–Dél bellben").
    fn vulnerability<'b>(&self, v: &'b str) -> Cow<'b, str> {
        match self.lex.words.lookup("vulnerability", Lang::En, v) {
            Some(id) if self.has(&["vulnerability", id]) => {
                Cow::Owned(self.p_at(&["vulnerability", id], &[]))
            }
            _ => Cow::Borrowed(v),
        }
    }

    /// A call in the language's notation: 1NT / 1BT / 1BA / 1SZA, 3♠, pass / pas / passz.
    pub fn call(&self, c: Call) -> String {
        self.lex.words.call_text(c, self.lang)
    }

    /// A card in the language's notation: ♠Q, ♠D (Polish, Hungarian), ♣10 (not English: ♣T).
    pub fn card(&self, c: Card) -> String {
        self.lex.words.card_text(c, self.lang)
    }

    /// What a ruling's data writes in English notation (a call, cards, a suit, a question),
    /// in the language's.
    /// A side in the notation of the case language (NS, SJ, ÉD).
    fn side(&self, s: crate::model::Side) -> String {
        let id = match s {
            crate::model::Side::NorthSouth => "ns",
            crate::model::Side::EastWest => "ew",
        };
        self.lex
            .words
            .word("vulnerability", id, self.lang)
            .unwrap_or(id)
            .to_string()
    }

    /// A call, a card, a player's act in words, from its text in the ruling data: once per
    /// text (`memo`).
    fn thing(&self, s: &str) -> String {
        let mut words = None;
        memo::once(
            &self.lex.kept(self.lang).things,
            s,
            || self.thing_in_words(s),
            |w| words = Some(w.to_owned()),
        );
        words.unwrap_or_default()
    }

    fn thing_in_words(&self, s: &str) -> String {
        // A list (52B2's penalty cards, `[♠8, ♥J]`): each item in words, not the data.
        if let Some(items) = s.strip_prefix('[').and_then(|s| s.strip_suffix(']')) {
            return items
                .split(", ")
                .map(|item| self.thing_in_words(item))
                .collect::<Vec<_>>()
                .join(", ");
        }
        if let Ok(c) = Call::parse(s) {
            return self.call(c);
        }
        // A concession (68B): the tricks conceded, under a heading of its own
        // (`irregularity_name`).
        if let Some(n) = s.strip_prefix("concedes ") {
            return n.to_string();
        }
        if let Some(kind) = s.strip_prefix("asks for ") {
            if self.has(&["asks", kind]) {
                return self.p_at(&["asks", kind], &[]);
            }
        }
        // What a player did that is not a call: a question, a hesitation (Laws 16, 20).
        if self.has(&["conduct", s]) {
            return self.p_at(&["conduct", s], &[]);
        }
        let cards: Option<Vec<Card>> = s.split_whitespace().map(Card::parse).collect();
        match cards {
            Some(cs) if !cs.is_empty() => cs
                .into_iter()
                .map(|c| self.card(c))
                .collect::<Vec<_>>()
                .join(" "),
            _ => s.to_string(),
        }
    }

    /// A phrase of the vocabulary (`answer.decline`), or the id in words.
    fn named(&self, prefix: &str, id: &str) -> String {
        if self.has(&[prefix, id]) {
            self.p_at(&[prefix, id], &[])
        } else {
            id.replace('_', " ")
        }
    }

    /// An irregularity's name in a form: its phrase `irregularity.NAME.FORM` where the
    /// phrases give one (PL "kartę odsłoniętą" after "jako"), else the name, which Hungarian
    /// inflects by its suffix rules (`ess`: soron kívüli licitként).
    fn irregularity_in(&self, id: &str, form: Option<&str>) -> String {
        let name = self.irregularity_name(id, None);
        let Some(form) = form else { return name };
        let key = ["irregularity", id, form];
        if self.has(&key) {
            return self.p_at(&key, &[]);
        }
        // A name the bank gives (no phrase, or a phrase that is just the bank's term) takes
        // the bank's form.
        let tl = lexicon::term_lang(self.lang);
        let own = self.lex.phrases.get_at(&["irregularity", id], self.lang);
        let concept = match own {
            Some(
                [Piece::Term {
                    concept,
                    form: None,
                }],
            ) => Some(concept.as_str()),
            Some(_) => None,
            None => Some(id),
        };
        let bank_form = concept
            .and_then(|c| self.lex.bank.concept(c))
            .and_then(|c| c.term(tl))
            .and_then(|t| t.form(form));
        if let Some(f) = bank_form {
            return f.to_string();
        }
        self.lex
            .grammar
            .inflect(self.lang, &name, form)
            .unwrap_or(name)
    }

    /// An irregularity's name: its phrase (`irregularity.NAME`, which names the term bank's
    /// term where it fits), or the term bank's term of the same id, or the id in words. An
    /// act of several cards takes the phrase's plural, `irregularity.NAME.several`, where
    /// there is one ("cards exposed during auction").
    fn irregularity_name(&self, id: &str, act: Option<&str>) -> String {
        let cards = act.map_or(0, |a| {
            a.split_whitespace()
                .map(Card::parse)
                .collect::<Option<Vec<_>>>()
                .map_or(0, |cs| cs.len())
        });
        let several = ["irregularity", id, "several"];
        if cards > 1 && self.has(&several) {
            return self.p_at(&several, &[]);
        }
        let conceded = ["irregularity", id, "conceded"];
        if act.is_some_and(|a| a.starts_with("concedes ")) && self.has(&conceded) {
            return self.p_at(&conceded, &[]);
        }
        if !self.has(&["irregularity", id]) && self.lang != Lang::En {
            let tl = lexicon::term_lang(self.lang);
            if let Some(t) = self.lex.bank.term(id, tl) {
                return t.to_string();
            }
        }
        self.named("irregularity", id)
    }
}

/// The strain in the language's notation (for tests and callers).
pub fn strain(lex: &Lexicon, s: Strain, lang: Lang) -> String {
    match s.suit() {
        Some(x) => x.symbol().to_string(),
        None => lex
            .words
            .word("strain", "notrump", lang)
            .unwrap_or("NT")
            .to_string(),
    }
}

/// Numbers as a ruling lists them: "420, 450, -50".
fn comma_list(xs: &[i64]) -> String {
    xs.iter().map(|x| minus(*x)).collect::<Vec<_>>().join(", ")
}

/// A number as printed: a negative one with the minus sign (U+2212), as typesetting in all
/// four languages has it, not the hyphen.
fn minus(n: i64) -> String {
    if n < 0 {
        format!("\u{2212}{}", n.unsigned_abs())
    } else {
        n.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::{capitalize, without_title_gap};

    /// A paragraph with no title in the language leaves no space at the line's end, in
    /// English too (its goldens had none: every English title is given).
    #[test]
    fn a_missing_title_leaves_no_space_at_the_end() {
        let line = |s: &str| without_title_gap(s.to_string());
        assert_eq!(line("  70A1 "), "  70A1");
        assert_eq!(line("Law 27 Insufficient Bid"), "Law 27 Insufficient Bid");
        assert_eq!(line("  64A1  "), "  64A1");
    }

    /// The first letter in upper case, however many letters that makes (ß → SS), the rest as
    /// it was.
    #[test]
    fn capitalize_raises_the_first_letter_only() {
        for (s, want) in [
            ("licitácia", "Licitácia"),
            ("", ""),
            ("ßa", "SSa"),
            ("észak", "Észak"),
            ("1♠ pas", "1♠ pas"),
            ("ǆungla", "Ǆungla"),
        ] {
            assert_eq!(capitalize(s), want, "{s:?}");
        }
    }
}
