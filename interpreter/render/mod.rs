//! Ruling data to text in English, Slovak, Polish or Hungarian, or to JSON. The words come
//! from the law book (law and paragraph titles, questions), the term bank (seats, terms,
//! their forms), the case notation (`laws/case.words`: seat letters, calls) and the phrases
//! (`laws/render.phrases`); `grammar` chooses among forms. Nothing here decides anything.

pub mod grammar;
pub mod lexicon;
pub mod phrases;

pub use lexicon::Lexicon;

use crate::check::LawBook;
use crate::model::{Call, Card, Seat, Strain};
use crate::ruling::{
    AnswerHow, Applied, ClaimReport, Branch, Comparison, Effect, IrregularityRuling, Node, Note, ObligationLine,
    Outcome, Question, Ruling,
};
use crate::syntax::ast::{Duration, Lang};
use phrases::Piece;
use std::borrow::Cow;
use std::fmt::Write;

pub fn json(ruling: &Ruling) -> String {
    serde_json::to_string_pretty(ruling).expect("ruling data always serializes")
}

/// The ruling as text in a language.
pub fn text(ruling: &Ruling, book: &LawBook, lex: &Lexicon, lang: Lang) -> String {
    let mut out = String::new();
    let r = Renderer { book, lex, lang };
    let _ = writeln!(
        out,
        "{}",
        r.p(
            "case_header",
            &[
                ("case", A::text(&ruling.case)),
                ("lawbook", A::text(&ruling.lawbook)),
            ]
        )
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
    out.push('\n');
    r.node(&ruling.tree, "", &mut out);
    out
}

/// An argument of a phrase.
#[derive(Clone, Debug)]
pub enum A<'a> {
    Seat(Seat),
    Num(i64),
    Text(Cow<'a, str>),
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
}

/// A line whose title is missing ends in a space; the English goldens keep it as they always
/// had it, the other languages lose it.
fn trim_title_gap(lang: Lang, line: String) -> String {
    match lang {
        Lang::En => line,
        _ => line.trim_end().to_string(),
    }
}

/// The first letter in upper case: `licitácia` → `Licitácia`.
pub fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

fn seat_concept(s: Seat) -> &'static str {
    lexicon::SEATS[s.index()]
}

impl Renderer<'_> {
    /// A phrase with its arguments. An unknown phrase or argument shows as `{?name}` (the
    /// tests look for it).
    pub fn p(&self, id: &str, args: &[(&str, A)]) -> String {
        match self.lex.phrases.get(id, self.lang) {
            Some(pieces) => {
                let mut out = String::new();
                self.pieces(pieces, args, &mut out);
                out
            }
            None => format!("{{?{id}}}"),
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
                    (Some(A::Num(n)), None) => {
                        let _ = write!(out, "{n}");
                    }
                    (Some(A::Num(n)), Some("signed")) => {
                        let _ = write!(out, "{n:+}");
                    }
                    (Some(A::Num(n)), Some("a")) => {
                        out.push_str(&self.article(&n.to_string()));
                    }
                    (Some(A::Num(n)), Some(suffix)) => match self.lang {
                        Lang::Hu => out.push_str(
                            &grammar::number_with_suffix(*n, suffix)
                                .unwrap_or_else(|| n.to_string()),
                        ),
                        _ => {
                            let _ = write!(out, "{n}");
                        }
                    },
                    (Some(A::Text(t)), Some("a")) => out.push_str(&self.article(t)),
                    (Some(A::Text(t)), Some("cap")) => out.push_str(&capitalize(t)),
                    (Some(A::Text(t)), _) => out.push_str(t),
                },
                Piece::Term {
                    concept,
                    form: Some(special),
                } if matches!(special.as_str(), "cap" | "a" | "A") => {
                    match bank.concept(concept).and_then(|c| c.term(tl)) {
                        Some(t) => out.push_str(&match special.as_str() {
                            "cap" => capitalize(&t.text),
                            "a" => self.article(&t.text),
                            _ => capitalize(&self.article(&t.text)),
                        }),
                        None => {
                            let _ = write!(out, "{{?{concept}}}");
                        }
                    }
                }
                Piece::Term { concept, form } => {
                    let f = form.as_deref().unwrap_or("nom");
                    match bank.concept(concept).and_then(|c| c.term(tl)) {
                        Some(t) => match t.form(f) {
                            Some(x) => out.push_str(x),
                            None => out.push_str(
                                &(if self.lang == Lang::Hu {
                                    grammar::hu_case(&t.text, f)
                                } else {
                                    None
                                })
                                .unwrap_or_else(|| t.text.clone()),
                            ),
                        },
                        None => {
                            let _ = write!(out, "{{?{concept}}}");
                        }
                    }
                }
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
                        grammar::count_forms(self.lang, n, case)
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
                    let i = grammar::plural_index(self.lang, n).min(alts.len().saturating_sub(1));
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
    fn p_kind(&self, id: &str, call: &str, args: &[(&str, A)]) -> String {
        let kind = match Call::parse(call) {
            Ok(Call::Pass) => "pass",
            Ok(Call::Double) => "double",
            Ok(Call::Redouble) => "redouble",
            _ => "bid",
        };
        let key = format!("{id}.{kind}");
        if self.lex.phrases.has(&key) {
            self.p(&key, args)
        } else {
            self.p(id, args)
        }
    }

    /// `az 1♥`, `a 2♥` in Hungarian; the word alone elsewhere.
    fn article(&self, t: &str) -> String {
        match self.lang {
            Lang::Hu => format!("{} {t}", grammar::hu_article(t)),
            _ => t.to_string(),
        }
    }

    /// A seat: its name in a case of the term bank, or its letter in the case notation.
    fn seat(&self, s: Seat, form: &str) -> String {
        let concept = seat_concept(s);
        if form == "letter" {
            return self
                .lex
                .words
                .word("seat", concept, self.lang)
                .map(str::to_string)
                .unwrap_or_else(|| s.letter().to_string());
        }
        let tl = lexicon::term_lang(self.lang);
        let Some(t) = self.lex.bank.concept(concept).and_then(|c| c.term(tl)) else {
            return format!("{{?{concept}}}");
        };
        if let Some(x) = t.form(form) {
            return x.to_string();
        }
        if self.lang == Lang::Hu {
            if let Some(x) = grammar::hu_case(&t.text, form) {
                return x;
            }
        }
        t.text.clone()
    }

    fn vulnerability<'b>(&self, v: &'b str) -> Cow<'b, str> {
        match self
            .lex
            .words
            .lookup("vulnerability", Lang::En, v)
            .and_then(|id| self.lex.words.word("vulnerability", id, self.lang))
        {
            Some(w) => Cow::Owned(w.to_string()),
            None => Cow::Borrowed(v),
        }
    }

    /// A call in the language's notation: 1NT / 1BT / 1BA / 1SZA, 3♠, pass / pas / passz.
    pub fn call(&self, c: Call) -> String {
        let w = |class: &str, id: &str| {
            self.lex
                .words
                .word(class, id, self.lang)
                .unwrap_or(id)
                .to_string()
        };
        match c {
            Call::Pass => w("call", "pass"),
            Call::Double => w("call", "double"),
            Call::Redouble => w("call", "redouble"),
            Call::Bid { level, strain } => match strain.suit() {
                Some(s) => format!("{level}{}", s.symbol()),
                None => format!("{level}{}", w("strain", "notrump")),
            },
        }
    }

    /// A card in the language's notation: ♠Q, ♠D (Polish, Hungarian), ♣10 (not English: ♣T).
    pub fn card(&self, c: Card) -> String {
        let id = match c.rank.0 {
            14 => "ace",
            13 => "king",
            12 => "queen",
            11 => "jack",
            10 => "ten",
            n => return format!("{}{n}", c.suit.symbol()),
        };
        let r = self
            .lex
            .words
            .word("rank", id, self.lang)
            .map(str::to_string)
            .unwrap_or_else(|| c.rank.letter().to_string());
        format!("{}{r}", c.suit.symbol())
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

    fn thing(&self, s: &str) -> String {
        if let Ok(c) = Call::parse(s) {
            return self.call(c);
        }
        if let Some(kind) = s.strip_prefix("asks for ") {
            if self.lex.phrases.has(&format!("asks.{kind}")) {
                return self.p(&format!("asks.{kind}"), &[]);
            }
        }
        // What a player did that is not a call: a question, a hesitation (Laws 16, 20).
        if self.lex.phrases.has(&format!("conduct.{s}")) {
            return self.p(&format!("conduct.{s}"), &[]);
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
        let key = format!("{prefix}.{id}");
        if self.lex.phrases.has(&key) {
            self.p(&key, &[])
        } else {
            id.replace('_', " ")
        }
    }

    /// An irregularity's name: its phrase (`irregularity.NAME`, which names the term bank's
    /// term where it fits), or the term bank's term of the same id, or the id in words.
    fn irregularity_name(&self, id: &str) -> String {
        let key = format!("irregularity.{id}");
        if !self.lex.phrases.has(&key) && self.lang != Lang::En {
            let tl = lexicon::term_lang(self.lang);
            if let Some(t) = self.lex.bank.term(id, tl) {
                return t.to_string();
            }
        }
        self.named("irregularity", id)
    }

    fn node(&self, node: &Node, indent: &str, out: &mut String) {
        match node {
            Node::Outcome(o) => self.outcome(o, indent, out),
            Node::Branch { question, branches } => {
                let _ = writeln!(out, "{indent}{}", self.question(question));
                for (i, b) in branches.iter().enumerate() {
                    let last = i + 1 == branches.len();
                    self.branch(question, b, indent, last, out);
                }
            }
        }
    }

    fn question(&self, q: &Question) -> String {
        let ask = match q.kind.as_str() {
            "finding" => self
                .book
                .findings
                .get(&q.name)
                .and_then(|f| f.ask.get(self.lang))
                .map(str::to_string),
            "choice" => self
                .book
                .options
                .get(&q.name)
                .and_then(|o| o.ask.get(self.lang))
                .map(str::to_string),
            "call" => q
                .who
                .map(|s| self.p("ask_next_call", &[("seat", A::Seat(s))])),
            _ => None,
        }
        .unwrap_or_else(|| q.ask.clone());
        match (q.kind.as_str(), q.who) {
            ("choice", Some(who)) => self.p(
                "open_choice",
                &[("who", A::Seat(who)), ("ask", A::owned(ask))],
            ),
            ("call", Some(who)) => self.p(
                "open_call",
                &[("who", A::Seat(who)), ("ask", A::owned(ask))],
            ),
            _ => self.p("open_finding", &[("ask", A::owned(ask))]),
        }
    }

    fn branch(&self, q: &Question, b: &Branch, indent: &str, last: bool, out: &mut String) {
        let (head, more) = if last {
            ("└─ ", "   ")
        } else {
            ("├─ ", "│  ")
        };
        let label = if !b.calls.is_empty() {
            let calls: Vec<String> = b.calls.iter().map(|c| self.thing(c)).collect();
            let summary = if calls.len() <= 4 {
                calls.join(", ")
            } else {
                self.p(
                    "call_group",
                    &[
                        ("first", A::text(&calls[0])),
                        ("second", A::text(&calls[1])),
                        ("last", A::text(&calls[calls.len() - 1])),
                        ("n", A::Num(calls.len() as i64)),
                    ],
                )
            };
            if calls.len() > 4 {
                format!("{summary} — {}", calls.join(" "))
            } else {
                summary
            }
        } else if q.kind == "finding" {
            let word = self
                .lex
                .words
                .word("yesno", &b.answer, self.lang)
                .unwrap_or(&b.answer);
            self.p(
                "branch_finding",
                &[("id", A::text(&b.answer)), ("answer", A::text(word))],
            )
        } else {
            let answer = self.named("answer", &b.answer);
            self.p(
                "branch_choice",
                &[("id", A::text(&b.answer)), ("answer", A::owned(answer))],
            )
        };
        let _ = writeln!(out, "{indent}{head}{label}");
        self.node(&b.node, &format!("{indent}{more}"), out);
    }

    fn outcome(&self, o: &Outcome, indent: &str, out: &mut String) {
        for i in &o.irregularities {
            self.irregularity(i, indent, out);
        }
        if !o.auction.is_empty() {
            let calls: Vec<String> = o
                .auction
                .iter()
                .map(|c| {
                    let call = self.thing(&c.call);
                    match c.status.as_str() {
                        "stands" => self.p(
                            "auction_call",
                            &[("seat", A::Seat(c.seat)), ("call", A::owned(call))],
                        ),
                        s => self.p(
                            "auction_call_status",
                            &[
                                ("seat", A::Seat(c.seat)),
                                ("call", A::owned(call)),
                                ("status", A::owned(self.named("status", s))),
                            ],
                        ),
                    }
                })
                .collect();
            let _ = writeln!(
                out,
                "{indent}{}",
                self.p("auction", &[("calls", A::owned(calls.join(", ")))])
            );
        }
        if o.passed_out {
            let _ = writeln!(out, "{indent}{}", self.p("passed_out", &[]));
        } else if o.auction_ended {
            let _ = writeln!(out, "{indent}{}", self.p("auction_ended", &[]));
        } else if !o.auction.is_empty() {
            let _ = writeln!(out, "{indent}{}", self.p("auction_continues", &[]));
        }
        for ob in &o.obligations {
            self.obligation(ob, indent, out);
        }
        // Paragraphs that wait for the end of the auction or of the play.
        for (phrase, paragraphs) in [
            ("at_auction_end", &o.at_auction_end),
            ("at_play_end", &o.at_play_end),
        ] {
            for p in paragraphs {
                let title = self.title(p);
                let _ = writeln!(
                    out,
                    "{indent}{}",
                    trim_title_gap(
                        self.lang,
                        self.p(
                            phrase,
                            &[("paragraph", A::text(p)), ("title", A::owned(title))]
                        )
                    )
                );
            }
        }
        if let Some(c) = &o.contract {
            let risk = match c.risk {
                2 => self.p("risk_doubled", &[]),
                4 => self.p("risk_redoubled", &[]),
                _ => String::new(),
            };
            let bid = self.call(Call::bid(c.level, c.strain));
            let _ = writeln!(
                out,
                "{indent}{}",
                self.p(
                    "contract",
                    &[
                        ("bid", A::owned(bid)),
                        ("risk", A::owned(risk)),
                        ("declarer", A::Seat(c.declarer)),
                    ]
                )
            );
        }
        if let Some(c) = &o.claim {
            self.claim(c, indent, out);
        }
        if let Some(t) = o.tricks {
            let line = match (o.tricks_in_play, o.tricks_awarded) {
                (Some(p), Some(a)) => self.p(
                    "tricks_after_claim",
                    &[
                        ("n", A::Num(t as i64)),
                        ("played", A::Num(p as i64)),
                        ("awarded", A::Num(a as i64)),
                    ],
                ),
                (Some(p), None) => self.p(
                    "tricks_after_transfer",
                    &[("n", A::Num(t as i64)), ("played", A::Num(p as i64))],
                ),
                _ => self.p("tricks", &[("n", A::Num(t as i64))]),
            };
            let _ = writeln!(out, "{indent}{line}");
        }
        if let Some(s) = &o.score {
            let _ = writeln!(
                out,
                "{indent}{}",
                self.p(
                    "score",
                    &[
                        ("declarer_side", A::Num(s.declarer_side)),
                        ("ns", A::Num(s.ns)),
                        ("ew", A::Num(-s.ns)),
                    ]
                )
            );
        }
        for c in &o.comparisons {
            let line = match c {
                Comparison::Imps { difference, imps } => self.p(
                    "imps",
                    &[("difference", A::Num(*difference)), ("imps", A::Num(*imps))],
                ),
                Comparison::Artificial {
                    side,
                    fault,
                    percent,
                    imps,
                } => self.p(
                    "artificial",
                    &[
                        ("side", A::owned(self.side(*side))),
                        ("fault", A::owned(self.p(&format!("fault.{fault}"), &[]))),
                        ("percent", A::Num(*percent)),
                        ("imps", A::Num(*imps)),
                    ],
                ),
                Comparison::Total { scores, total } => self.p(
                    "total_points",
                    &[
                        ("scores", A::owned(comma_list(scores))),
                        ("total", A::Num(*total)),
                    ],
                ),
                Comparison::Matchpoints {
                    score,
                    others,
                    matchpoints,
                    top,
                } => self.p(
                    "matchpoints",
                    &[
                        ("score", A::Num(*score)),
                        ("others", A::owned(comma_list(others))),
                        ("matchpoints", A::Num(*matchpoints)),
                        ("top", A::Num(*top)),
                    ],
                ),
            };
            let _ = writeln!(out, "{indent}{line}");
        }
        if !o.basis.is_empty() {
            let _ = writeln!(
                out,
                "{indent}{}",
                self.p("basis", &[("list", A::owned(o.basis.join(", ")))])
            );
        }
        for n in &o.notes {
            let _ = writeln!(
                out,
                "{indent}{}",
                self.p("note", &[("note", A::owned(self.note(n)))])
            );
        }
    }

    /// The claim and the facts it is ruled on (Law 70): what was claimed, the worst line the
    /// statement leaves open with one play that gives it, the double-dummy result, an
    /// outstanding trump.
    fn claim(&self, c: &ClaimReport, indent: &str, out: &mut String) {
        let _ = writeln!(
            out,
            "{indent}{}",
            self.p(
                if c.concession { "claim_conceded" } else { "claim_made" },
                &[
                    ("seat", A::Seat(c.claimer)),
                    ("n", A::Num(c.claimed as i64)),
                    ("left", A::Num(c.left as i64)),
                    ("conceded", A::Num((c.left - c.claimed) as i64)),
                ],
            )
        );
        match (c.line_tricks, c.dd_tricks, &c.unknown) {
            (Some(line), Some(dd), _) => {
                let play = c
                    .worst_line
                    .iter()
                    .map(|card| self.thing(card))
                    .collect::<Vec<_>>()
                    .join(" ");
                let _ = writeln!(
                    out,
                    "{indent}  {}",
                    self.p(
                        "claim_worst_line",
                        &[("n", A::Num(line as i64)), ("play", A::owned(play))]
                    )
                );
                let _ = writeln!(
                    out,
                    "{indent}  {}",
                    self.p("claim_double_dummy", &[("n", A::Num(dd as i64))])
                );
                if c.trump_outstanding {
                    let _ = writeln!(out, "{indent}  {}", self.p("claim_trump_outstanding", &[]));
                }
            }
            (_, _, why) => {
                let _ = writeln!(
                    out,
                    "{indent}  {}",
                    self.p(
                        "claim_facts_unknown",
                        &[("why", A::text(why.as_deref().unwrap_or("")))]
                    )
                );
            }
        }
    }

    fn irregularity(&self, i: &IrregularityRuling, indent: &str, out: &mut String) {
        let law_title = self.book.law_title(i.law, self.lang).unwrap_or("");
        let _ = writeln!(
            out,
            "{indent}{}",
            trim_title_gap(
                self.lang,
                self.p(
                    if i.act { "act" } else { "irregularity" },
                    &[
                        ("name", A::owned(self.irregularity_name(&i.name))),
                        ("offender", A::Seat(i.offender)),
                        ("what", A::owned(self.thing(&i.call))),
                        ("law", A::Num(i.law as i64)),
                        ("title", A::text(law_title)),
                    ]
                )
            )
        );
        for a in &i.decisions {
            self.applied(a, indent, out);
        }
    }

    /// A paragraph's title (or its enclosing section's), or its law's for a law number, in
    /// the language; nothing where the law book has none in that language.
    fn title(&self, id: &str) -> String {
        let t = match id.parse::<u32>() {
            Ok(law) => self.book.law_title(law, self.lang),
            Err(_) => self.book.paragraph_title(id, self.lang),
        };
        t.unwrap_or("").to_string()
    }

    fn applied(&self, a: &Applied, indent: &str, out: &mut String) {
        let title = self.title(&a.paragraph);
        let _ = writeln!(
            out,
            "{}",
            format!("{indent}  {} {title}", a.paragraph).trim_end()
        );
        for e in &a.effects {
            let _ = writeln!(out, "{indent}    - {}", self.effect(e));
        }
        if !a.refers.is_empty() {
            let _ = writeln!(
                out,
                "{indent}    {}",
                self.p("see", &[("list", A::owned(a.refers.join(", ")))])
            );
        }
    }

    fn obligation(&self, ob: &ObligationLine, indent: &str, out: &mut String) {
        let broken = match ob.breaches {
            _ if ob.status == "broken" => String::new(),
            0 => String::new(),
            n => self.p("broken_times", &[("n", A::Num(n as i64))]),
        };
        let status = self.named("status", &ob.status.replace(' ', "_"));
        let _ = writeln!(
            out,
            "{indent}{}",
            self.p(
                "obligation_line",
                &[
                    ("paragraph", A::text(&ob.paragraph)),
                    (
                        "text",
                        A::owned(self.obligation_text(&ob.name, &ob.args, ob.holder, ob.duration))
                    ),
                    ("status", A::owned(status)),
                    ("broken", A::owned(broken)),
                ]
            )
        );
    }

    /// "West must pass whenever it is his turn to call": the phrase `obligation.NAME`, or
    /// the law book's words for it.
    fn obligation_text(&self, name: &str, args: &[String], holder: Seat, d: Duration) -> String {
        let args = if args.is_empty() {
            String::new()
        } else {
            format!(
                " ({})",
                args.iter()
                    .map(|a| self.thing(a))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        let when = match d {
            Duration::RestOfAuction => self.p("duration.rest_of_auction", &[]),
            Duration::NextTurn
                if self.book.obligations.get(name).is_some_and(|o| o.on_play) =>
            {
                self.p("duration.next_turn_to_play", &[])
            }
            Duration::NextTurn => self.p("duration.next_turn", &[]),
            Duration::RestOfPlay => self.p("duration.rest_of_play", &[]),
            Duration::WhileOnLead => self.p("duration.while_on_lead", &[]),
        };
        let key = format!("obligation.{name}");
        if self.lex.phrases.has(&key) {
            return self.p(
                &key,
                &[
                    ("holder", A::Seat(holder)),
                    ("args", A::owned(args)),
                    ("when", A::owned(when)),
                ],
            );
        }
        let what = self
            .book
            .obligations
            .get(name)
            .and_then(|o| o.ask.as_ref())
            .and_then(|a| a.get(self.lang).or(a.get(Lang::En)))
            .map(str::to_string)
            .unwrap_or_else(|| name.replace('_', " "));
        format!("{} {what}{args}{when}", self.seat(holder, "nom"))
    }

    fn effect(&self, e: &Effect) -> String {
        match e {
            Effect::Stands { seat, call } => self.p_kind(
                "effect_stands",
                call,
                &[
                    ("seat", A::Seat(*seat)),
                    ("call", A::owned(self.thing(call))),
                ],
            ),
            Effect::Cancelled {
                seat,
                call,
                and_later,
            } => self.p_kind(
                if *and_later {
                    "effect_cancelled_later"
                } else {
                    "effect_cancelled"
                },
                call,
                &[
                    ("seat", A::Seat(*seat)),
                    ("call", A::owned(self.thing(call))),
                ],
            ),
            Effect::DeemedPass { seat } => {
                self.p("effect_deemed_pass", &[("seat", A::Seat(*seat))])
            }
            Effect::Obligation {
                name,
                holder,
                args,
                duration: d,
            } => self.obligation_text(name, args, *holder, *d),
            Effect::NoRectification => self.p("effect_no_rectification", &[]),
            Effect::Retracted { seat, card } => self.p(
                "effect_retracted",
                &[
                    ("seat", A::Seat(*seat)),
                    ("card", A::owned(self.thing(card))),
                ],
            ),
            Effect::FactSet { fact } => self
                .book
                .facts
                .get(fact)
                .and_then(|f| f.ask.get(self.lang).or(f.ask.get(Lang::En)))
                .map(str::to_string)
                .unwrap_or_else(|| fact.replace('_', " ")),
            Effect::Awarded { tricks, to } => self.p(
                "effect_awarded",
                &[
                    ("n", A::Num(*tricks as i64)),
                    ("side", A::owned(self.side(*to))),
                ],
            ),
            Effect::Transferred { tricks, to } => self.p(
                "effect_transferred",
                &[
                    ("n", A::Num(*tricks as i64)),
                    ("side", A::owned(self.side(*to))),
                ],
            ),
            Effect::DeferredTo { irregularity } => self.p(
                "effect_deferred",
                &[(
                    "irregularity",
                    A::owned(self.irregularity_name(irregularity)),
                )],
            ),
            Effect::Answer {
                who,
                option,
                answer,
                how,
            } => {
                let args = [
                    ("who", A::Seat(*who)),
                    ("option", A::owned(self.named("option", option))),
                    ("answer", A::owned(self.named("answer", answer))),
                ];
                match how {
                    AnswerHow::Chosen => self.p("answer_chosen", &args),
                    AnswerHow::ByCalling => self.p("answer_by_calling", &args),
                    AnswerHow::ByPlaying => self.p("answer_by_playing", &args),
                    AnswerHow::Default => self.p("answer_default", &args),
                }
            }
        }
    }

    /// A note of the ruling in the language. The engine's own message for an event the Laws
    /// do not provide for is shown as it is, marked as English.
    fn note(&self, n: &Note) -> String {
        if self.lang == Lang::En {
            return n.to_string();
        }
        match n {
            Note::OpenChoice { seat, option } => self.p(
                "note.open_choice",
                &[
                    ("seat", A::Seat(*seat)),
                    ("option", A::owned(self.named("option", option))),
                ],
            ),
            Note::OpenCall { seat } => self.p("note.open_call", &[("seat", A::Seat(*seat))]),
            Note::Waiting { seat } => self.p("note.waiting", &[("seat", A::Seat(*seat))]),
            Note::NoRectification { irregularity } => self.p(
                "note.no_rectification",
                &[(
                    "irregularity",
                    A::owned(self.irregularity_name(irregularity)),
                )],
            ),
            Note::UngovernedBreach {
                seat,
                what,
                obligations,
            } => {
                let tl = lexicon::term_lang(self.lang);
                let obligations: Vec<String> = obligations
                    .iter()
                    .map(|o| {
                        self.lex
                            .bank
                            .term(o, tl)
                            .map(str::to_string)
                            .unwrap_or_else(|| o.replace('_', " "))
                    })
                    .collect();
                self.p(
                    "note.breach",
                    &[
                        ("seat", A::Seat(*seat)),
                        ("what", A::owned(self.thing(what))),
                        ("obligations", A::owned(obligations.join(", "))),
                    ],
                )
            }
            Note::UngovernedExposure { seat, what } => self.p(
                "note.exposed",
                &[
                    ("seat", A::Seat(*seat)),
                    ("what", A::owned(self.thing(what))),
                ],
            ),
            Note::UngovernedPlay { seat, card, trick } => self.p(
                "note.ungoverned_play",
                &[
                    ("seat", A::Seat(*seat)),
                    ("card", A::owned(self.thing(card))),
                    ("trick", A::Num(*trick as i64)),
                ],
            ),
            Note::UngovernedClaim { seat, tricks } => self.p(
                "note.ungoverned_claim",
                &[("seat", A::Seat(*seat)), ("n", A::Num(*tricks as i64))],
            ),
            Note::Unprovided(message) => self.p("note.untranslated", &[("note", A::text(message))]),
        }
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
    xs.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}
