//! A case's notation in its language: seats, calls, cards, ranks, strains, deals, answers and
//! findings, each read from the words of `laws/case.words`, with the help a diagnostic gives
//! when a word is not one of them.

use super::*;
use crate::messages::{part, say, Arg};

impl Cx<'_> {
    pub(super) fn is(&self, class: &str, id: &str, word: &str) -> bool {
        self.w.lookup(class, self.lang, word) == Some(id)
    }

    /// A message of laws/messages.phrases in the case's language.
    pub(super) fn say(&self, id: &str, args: &[(&str, Arg)]) -> String {
        say(self.said, id, args)
    }

    /// A diagnostic of laws/messages.phrases in the case's language: the message `id`, its
    /// label (`id.label`, else the message) under `span`, and its help (`id.help`) if any.
    pub(super) fn error(&self, id: &str, span: Span, args: &[(&str, Arg)]) -> Diag {
        let message = self.say(id, args);
        let label = part(self.said, id, "label", args).unwrap_or_else(|| message.clone());
        let d = Diag::new(E_CASE, message).label(span, label);
        match part(self.said, id, "help", args) {
            Some(h) => d.help(h),
            None => d,
        }
    }

    /// "did you mean `x`?" in the case's language, or nothing when no candidate is close.
    pub(super) fn did_you_mean<'a>(
        &self,
        word: &str,
        candidates: impl IntoIterator<Item = &'a str>,
    ) -> String {
        match closest(word, candidates) {
            Some(c) => self.say("suggest.did_you_mean", &[("word", c.into())]),
            None => String::new(),
        }
    }

    /// `a, b and c` with the case language's `and`.
    pub(super) fn and_list<S: AsRef<str>>(&self, items: &[S]) -> String {
        self.joined("list.and", items)
    }

    /// `a, b or c` with the case language's `or`.
    pub(super) fn or_list<S: AsRef<str>>(&self, items: &[S]) -> String {
        self.joined("list.or", items)
    }

    /// Items joined by commas, the last two by the phrase `id` (`list.and`, `list.or`).
    fn joined<S: AsRef<str>>(&self, id: &str, items: &[S]) -> String {
        match items {
            [] => String::new(),
            [one] => one.as_ref().to_string(),
            [rest @ .., last] => {
                let first: Vec<&str> = rest.iter().map(|x| x.as_ref()).collect();
                self.say(
                    id,
                    &[
                        ("first", first.join(", ").into()),
                        ("last", last.as_ref().into()),
                    ],
                )
            }
        }
    }

    /// How a word of a class is named in messages, in the case's language: North, Sever; the
    /// ace; the key `rozdanie`.
    pub(super) fn thing(&self, class: &str, id: &str) -> String {
        match class {
            "seat" | "rank" | "suit" | "strain" => self.say(&format!("describe.{class}.{id}"), &[]),
            "key" | "answer" | "finding" => {
                let word = self.w.word(class, id, self.lang).unwrap_or(id);
                self.say(&format!("describe.{class}"), &[("word", word.into())])
            }
            _ => id.replace('_', " "),
        }
    }

    /// "in English and Polish", in the case's language.
    pub(super) fn in_langs(&self, langs: &[Lang]) -> String {
        let names: Vec<String> = langs
            .iter()
            .map(|l| self.say(&format!("lang.in.{}", l.code()), &[]))
            .collect();
        self.and_list(&names)
    }

    /// If the word is of this class in another language: "`N` is North in English and
    /// Polish; in this Slovak case write `S`".
    pub(super) fn foreign(&self, class: &str, word: &str) -> Option<String> {
        self.foreign_as(class, word, |mine| mine.to_string())
    }

    /// As `foreign`, with the suggestion built from this language's word (`1` + `BT`).
    pub(super) fn foreign_as(
        &self,
        class: &str,
        word: &str,
        suggest: impl Fn(&str) -> String,
    ) -> Option<String> {
        let others = self.w.elsewhere(class, self.lang, word);
        let (_, id) = *others.first()?;
        let langs: Vec<Lang> = others.iter().map(|(l, _)| *l).collect();
        let langs = self.in_langs(&langs);
        let mine = self.w.word(class, id, self.lang).unwrap_or(id);
        // The word may be one of this language's with its accents left out (Hungarian `E`
        // for `É`): then the help offers both readings rather than pick one.
        let unaccented = |w: &str| -> String {
            use unicode_normalization::UnicodeNormalization;
            w.nfd()
                .filter(|c| !unicode_normalization::char::is_combining_mark(*c))
                .flat_map(char::to_lowercase)
                .collect()
        };
        let typed = unaccented(word);
        let accent_dropped = self.w.class(class).filter(|e| e.id != id).find_map(|e| {
            e.words[words::lang_index(self.lang)]
                .iter()
                .find(|w| unaccented(w) == typed && w.to_lowercase() != word.to_lowercase())
                .map(|w| (e.id.clone(), w.clone()))
        });
        let or = match accent_dropped {
            Some((other, w)) => self.say(
                "case.foreign.accent",
                &[
                    ("word", word.into()),
                    ("accented", w.as_str().into()),
                    ("mine", suggest(&w).into()),
                    ("thing", self.thing(class, &other).into()),
                ],
            ),
            None => String::new(),
        };
        Some(self.say(
            "case.foreign",
            &[
                ("word", word.into()),
                ("thing", self.thing(class, id).into()),
                ("langs", langs.into()),
                ("mine", suggest(mine).into()),
                ("or", or.into()),
            ],
        ))
    }

    /// The seats of this language, for help: "S, V, J and Z (Sever, Východ, Juh, Západ)".
    pub(super) fn seats_help(&self) -> String {
        let ids = words::SEAT_IDS;
        let letters: Vec<&str> = ids
            .iter()
            .filter_map(|id| self.w.word("seat", id, self.lang))
            .collect();
        let names: Vec<String> = ids.iter().map(|id| self.thing("seat", id)).collect();
        let mut out = self.say(
            "case.seats",
            &[
                ("letters", self.and_list(&letters).into()),
                ("names", names.join(", ").into()),
            ],
        );
        // A letter that is another seat in another language: `S` is North in Slovak.
        for id in ids {
            let Some(letter) = self.w.word("seat", id, self.lang) else {
                continue;
            };
            let clash: Vec<(Lang, &str)> = self
                .w
                .elsewhere("seat", self.lang, letter)
                .into_iter()
                .filter(|(_, other)| *other != id)
                .collect();
            if let Some((_, other)) = clash.first() {
                let langs: Vec<Lang> = clash.iter().map(|(l, _)| *l).collect();
                out.push_str(&self.say(
                    "case.seats.clash",
                    &[
                        ("letter", letter.into()),
                        ("here", self.thing("seat", id).into()),
                        ("there", self.thing("seat", other).into()),
                        ("langs", self.in_langs(&langs).into()),
                    ],
                ));
            }
        }
        out
    }

    pub(super) fn seat(&self, w: &Word) -> Result<Seat, Diag> {
        if let Some(id) = self.w.lookup("seat", self.lang, &w.text) {
            return Ok(seat_of(id));
        }
        let help = match self.foreign("seat", &w.text) {
            Some(f) => format!("{f} ({})", self.seats_help()),
            None => self.seats_help(),
        };
        Err(self
            .error("case.not_a_seat", w.span, &[("word", (&w.text).into())])
            .help(help))
    }

    pub(super) fn unknown_key(&self, key: &Word) -> Diag {
        let k = &key.text;
        if let Some(f) = self.foreign("key", k) {
            let language = self.w.word("key", "language", self.lang);
            return self.error(
                "case.foreign_key",
                key.span,
                &[
                    ("key", k.into()),
                    ("foreign", f.into()),
                    ("language", language.unwrap_or("language").into()),
                    ("code", self.lang.code().into()),
                ],
            );
        }
        let keys = self.w.words("key", self.lang);
        let hint = self.did_you_mean(k, keys.iter().copied());
        let d = self.error("case.unknown_key", key.span, &[("key", k.into())]);
        if hint.is_empty() {
            d.help(self.say("case.unknown_key.keys", &[("keys", keys.join(", ").into())]))
        } else {
            d.help(hint)
        }
    }

    /// A finding's name, as the law book knows it (English).
    pub(super) fn finding(&self, w: &Word) -> Result<String, Diag> {
        if let Some(id) = self.w.lookup("finding", self.lang, &w.text) {
            return Ok(id.to_string());
        }
        if self.lang == Lang::En {
            // The law book decides which findings exist (and says "did you mean").
            return Ok(w.text.clone());
        }
        let help = self.foreign("finding", &w.text).unwrap_or_else(|| {
            let names = self.w.words("finding", self.lang);
            let hint = self.did_you_mean(&w.text, names.iter().copied());
            if hint.is_empty() {
                self.say("case.findings", &[("names", names.join(", ").into())])
            } else {
                hint
            }
        });
        Err(self
            .error("case.not_a_finding", w.span, &[("word", (&w.text).into())])
            .help(help))
    }

    /// A call in this language's notation: `1NT`/`1BT`/`1BA`/`1SZA`, `3♠`, pass, X, XX.
    pub(super) fn call(&self, word: &str) -> Result<Call, String> {
        match self.w.lookup("call", self.lang, word) {
            Some("pass") => return Ok(Call::Pass),
            Some("double") => return Ok(Call::Double),
            Some("redouble") => return Ok(Call::Redouble),
            _ => {}
        }
        let mut chars = word.chars();
        let level = chars.next().and_then(|c| c.to_digit(10)).filter(|d| *d > 0);
        let rest = chars.as_str();
        if let Some(level) = level {
            if let Some(s) = self.strain(rest) {
                return Ok(Call::bid(level as u8, s));
            }
        }
        // Not a call: say why, in this language's notation.
        if let Some(f) = self.foreign("call", word) {
            return Err(f);
        }
        if let Some(level) = level {
            for class in ["strain", "suit"] {
                if let Some(f) = self.foreign_as(class, rest, |m| format!("{level}{m}")) {
                    return Err(f);
                }
            }
        }
        Err(self.call_help())
    }

    /// Whether the word is a call, or a bid's strain, of another language.
    pub(super) fn is_foreign_call(&self, word: &str) -> bool {
        let mut chars = word.chars();
        let level = chars.next().is_some_and(|c| c.is_ascii_digit());
        !self.w.elsewhere("call", self.lang, word).is_empty()
            || (level
                && ["strain", "suit"]
                    .iter()
                    .any(|c| !self.w.elsewhere(c, self.lang, chars.as_str()).is_empty()))
    }

    pub(super) fn call_help(&self) -> String {
        let g = |c: &str, id: &str| self.w.word(c, id, self.lang).unwrap_or(id).to_string();
        self.say(
            "case.calls",
            &[
                ("notrump", g("strain", "notrump").into()),
                ("pass", g("call", "pass").into()),
                ("double", g("call", "double").into()),
                ("redouble", g("call", "redouble").into()),
            ],
        )
    }

    pub(super) fn strain(&self, text: &str) -> Option<Strain> {
        if self.w.lookup("strain", self.lang, text) == Some("notrump") {
            return Some(Strain::NoTrump);
        }
        self.w
            .lookup("suit", self.lang, text)
            .map(|id| suit_of(id).strain())
    }

    /// A card written suit first: `SA`, `♠A`; `♠D` is the queen of spades in Polish and
    /// Hungarian, `♠10` the ten outside English.
    pub(super) fn card(&self, word: &str) -> Result<Card, String> {
        // The suit's letter or symbol, and the rank after it (borrowed: a case has many cards).
        let at = word.chars().next().map_or(0, char::len_utf8);
        let (first, rest) = word.split_at(at);
        let suit = self.w.lookup("suit", self.lang, first).map(suit_of);
        let rank = self.rank(rest);
        if let (Some(s), Some(r)) = (suit, rank) {
            return Ok(Card::new(s, r));
        }
        if self.lang == Lang::En {
            return Err(self.say("case.cards.en", &[]));
        }
        let ranks = self.ranks_help();
        if suit.is_none() {
            if let Some(f) = self.foreign("suit", first) {
                return Err(self.say(
                    "case.cards.foreign_suit",
                    &[("foreign", f.into()), ("ranks", ranks.into())],
                ));
            }
        }
        if rank.is_none() {
            if let Some(f) = self.foreign("rank", rest) {
                return Err(f);
            }
        }
        Err(self.say("case.cards", &[("ranks", ranks.into())]))
    }

    pub(super) fn rank(&self, text: &str) -> Option<Rank> {
        let mut cs = text.chars();
        if let (Some(d @ '2'..='9'), None) = (cs.next(), cs.next()) {
            return Some(Rank(d as u8 - b'0'));
        }
        self.w.lookup("rank", self.lang, text).map(rank_of)
    }

    pub(super) fn ranks_help(&self) -> String {
        let mut out: Vec<&str> = ["ace", "king", "queen", "jack", "ten"]
            .iter()
            .filter_map(|id| self.w.word("rank", id, self.lang))
            .collect();
        out.extend(["9", "8", "7", "6", "5", "4", "3", "2"]);
        out.join(" ")
    }

    /// A deal in PBN notation with this language's seat and rank letters, read by translating
    /// it to English PBN and mapping the errors' spans back.
    pub(super) fn deal(&self, text: &str, start: usize) -> Result<Deal, Diag> {
        let file = self.file;
        let from_pbn = |t: &str, map: &dyn Fn(usize, usize) -> (usize, usize)| {
            Deal::parse_pbn(t).map_err(|e| {
                let (s, en) = map(e.span.start, e.span.end);
                let message = e.message.text(self.said);
                Diag::new(
                    E_CASE,
                    self.say("case.bad_deal", &[("why", (&message).into())]),
                )
                .label(Span::new(file, start + s, start + en), message)
                .help(e.help.text(self.said))
            })
        };
        if self.lang == Lang::En {
            return from_pbn(text, &|s, e| (s, e));
        }
        // out byte i comes from text[map[i].0 .. map[i].1].
        let mut out = String::new();
        let mut map: Vec<(usize, usize)> = vec![];
        let push =
            |out: &mut String, map: &mut Vec<(usize, usize)>, s: &str, a: usize, b: usize| {
                out.push_str(s);
                map.extend(std::iter::repeat_n((a, b), s.len()));
            };
        let bad = |s: usize, e: usize, msg: String, help: String| {
            Diag::new(E_CASE, self.say("case.bad_deal", &[("why", (&msg).into())]))
                .label(Span::new(file, start + s, start + e), msg)
                .help(help)
        };
        let body = match text.find(':') {
            Some(colon) => {
                let raw = &text[..colon];
                let lead = raw.len() - raw.trim_start().len();
                let first = raw.trim();
                match self.w.lookup("seat", self.lang, first) {
                    Some(id) => {
                        let (a, b) = (lead, lead + first.len());
                        push(&mut out, &mut map, &seat_of(id).letter().to_string(), a, b);
                        push(&mut out, &mut map, ":", colon, colon + 1);
                    }
                    None => {
                        let help = match self.foreign("seat", first) {
                            Some(f) => format!("{f} ({})", self.seats_help()),
                            None => self.say(
                                "case.deal.first_seat",
                                &[("seats", self.seats_help().into())],
                            ),
                        };
                        let msg = self.say("case.not_a_seat", &[("word", first.into())]);
                        return Err(bad(0, colon, msg, help));
                    }
                }
                colon + 1
            }
            None => 0,
        };
        let mut it = text[body..].char_indices().peekable();
        while let Some((i, c)) = it.next() {
            let at = body + i;
            let end = at + c.len_utf8();
            if c.is_whitespace() || c == '.' || c == '-' || c == ':' || ('2'..='9').contains(&c) {
                push(&mut out, &mut map, &c.to_string(), at, end);
                continue;
            }
            if c == '1' && it.peek().map(|x| x.1) == Some('0') {
                it.next();
                push(&mut out, &mut map, "T", at, at + 2);
                continue;
            }
            match self.w.lookup("rank", self.lang, &c.to_string()) {
                Some(id) => push(
                    &mut out,
                    &mut map,
                    &rank_of(id).letter().to_string(),
                    at,
                    end,
                ),
                None => {
                    let ranks = self.say("case.ranks", &[("ranks", self.ranks_help().into())]);
                    let help = match self.foreign("rank", &c.to_string()) {
                        Some(f) => format!("{f} ({ranks})"),
                        None => ranks,
                    };
                    let msg = self.say("case.not_a_rank", &[("word", c.to_string().into())]);
                    return Err(bad(at, end, msg, help));
                }
            }
        }
        let map_span = |s: usize, e: usize| -> (usize, usize) {
            if map.is_empty() {
                return (0, text.len());
            }
            let a = map.get(s).map_or(text.len(), |m| m.0);
            let b = if e > s {
                map.get(e - 1).map_or(text.len(), |m| m.1)
            } else {
                a
            };
            (a, b.max(a))
        };
        from_pbn(&out, &map_span)
    }

    /// An option's answer (`S decline`, `J odmietnuť`), as the law book names it (English).
    /// Err(None): not an answer either (the error is the call's); Err(Some(help)): a word
    /// of another language or a near miss.
    pub(super) fn answer(&self, word: &str) -> Result<String, Option<String>> {
        if let Some(id) = self.w.lookup("answer", self.lang, word) {
            return Ok(id.to_string());
        }
        if self.lang == Lang::En {
            // The law book decides which answers exist (and says so at the choice).
            if !word.is_empty() && word.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
                return Ok(word.to_string());
            }
            return Err(None);
        }
        if let Some(f) = self.foreign("answer", word) {
            return Err(Some(f));
        }
        let mut all = self.w.words("answer", self.lang);
        all.extend(self.w.words("call", self.lang));
        // Never the opposite answer: `neprijať` is not a misspelt `prijať`.
        let negations = self.w.words("negation", self.lang);
        let w = word.to_lowercase();
        let opposite = |c: &str| {
            let c = c.to_lowercase();
            negations.iter().any(|n| {
                let n = n.to_lowercase();
                w.strip_prefix(&n) == Some(c.as_str()) || c.strip_prefix(&n) == Some(w.as_str())
            })
        };
        all.retain(|c| !opposite(c));
        match self.did_you_mean(word, all.iter().copied()) {
            hint if hint.is_empty() => Err(None),
            hint => Err(Some(hint)),
        }
    }
}
