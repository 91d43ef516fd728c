//! A case's notation in its language: seats, calls, cards, ranks, strains, deals, answers and
//! findings, each read from the words of `laws/case.words`, with the help a diagnostic gives
//! when a word is not one of them.

use super::*;

impl Cx<'_> {
    pub(super) fn is(&self, class: &str, id: &str, word: &str) -> bool {
        self.w.lookup(class, self.lang, word) == Some(id)
    }

    pub(super) fn name(&self) -> &'static str {
        lang_name(self.lang)
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
        let langs: Vec<&str> = others.iter().map(|(l, _)| lang_name(*l)).collect();
        let langs = match langs.as_slice() {
            [one] => one.to_string(),
            [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
            [] => unreachable!(),
        };
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
            Some((other, w)) => format!(
                "; or, if `{word}` is `{w}` without its accent, write `{}` ({})",
                suggest(&w),
                describe(class, &other)
            ),
            None => String::new(),
        };
        Some(format!(
            "`{word}` is {} in {langs}; in this {} case write `{}`{or}",
            describe(class, id),
            self.name(),
            suggest(mine)
        ))
    }

    /// The seats of this language, for help: "S, V, J and Z (Sever, Východ, Juh, Západ)".
    pub(super) fn seats_help(&self) -> String {
        let ids = ["north", "east", "south", "west"];
        let letters: Vec<&str> = ids
            .iter()
            .filter_map(|id| self.w.word("seat", id, self.lang))
            .collect();
        let list = format!(
            "{}, {}, {} and {}",
            letters[0], letters[1], letters[2], letters[3]
        );
        if self.lang == Lang::En {
            return format!("seats are {list}");
        }
        let names: Vec<String> = ids
            .iter()
            .filter_map(|id| {
                let e = self.w.entry("seat", id)?;
                e.words[words::lang_index(self.lang)].get(1).map(|n| {
                    let mut c = n.chars();
                    c.next()
                        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
                        .unwrap_or_default()
                })
            })
            .collect();
        let mut out = if names.len() == 4 {
            format!(
                "the seats of a {} case are {list} ({})",
                self.name(),
                names.join(", ")
            )
        } else {
            format!("the seats of a {} case are {list}", self.name())
        };
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
                let langs: Vec<&str> = clash.iter().map(|(l, _)| lang_name(*l)).collect();
                out.push_str(&format!(
                    "; `{letter}` is {} here, not {} as in {}",
                    describe("seat", id),
                    describe("seat", other),
                    langs.join(" and ")
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
        Err(Diag::new(E_CASE, format!("`{}` is not a seat", w.text))
            .label(w.span, "expected a seat")
            .help(help))
    }

    pub(super) fn unknown_key(&self, key: &Word) -> Diag {
        let k = &key.text;
        if let Some(f) = self.foreign("key", k) {
            return Diag::new(
                E_CASE,
                format!("`{k}` is not a key of a {} case", self.name()),
            )
            .label(key.span, "a key of another language")
            .help(format!(
                "{f}; a case is written in one language (its first key or `{} {}` says which)",
                self.w
                    .word("key", "language", self.lang)
                    .unwrap_or("language"),
                self.lang.code()
            ));
        }
        let keys = self.w.words("key", self.lang);
        let hint = did_you_mean(k, keys.iter().copied());
        Diag::new(E_CASE, format!("unknown key `{k}`"))
            .label(key.span, "not a key of a case")
            .help(if hint.is_empty() {
                format!("the keys are {}", keys.join(", "))
            } else {
                hint
            })
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
            let hint = did_you_mean(&w.text, names.iter().copied());
            if hint.is_empty() {
                format!("the findings are {}", names.join(", "))
            } else {
                hint
            }
        });
        Err(Diag::new(
            E_CASE,
            format!("`{}` is not a finding of a {} case", w.text, self.name()),
        )
        .label(w.span, "unknown finding")
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
        if self.lang == Lang::En {
            return "calls are written 1NT, 3S or 3♠, pass, X (double), XX (redouble); mark an artificial call with `!`".into();
        }
        let g = |c: &str, id: &str| self.w.word(c, id, self.lang).unwrap_or(id).to_string();
        format!(
            "calls of a {} case are written 1{}, 3♠, {}, {} (X), {} (XX); mark an artificial call with `!`",
            self.name(),
            g("strain", "notrump"),
            g("call", "pass"),
            g("call", "double"),
            g("call", "redouble")
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
        let mut chars = word.chars();
        let first = chars.next().map(String::from).unwrap_or_default();
        let rest = chars.as_str();
        let suit = self.w.lookup("suit", self.lang, &first).map(suit_of);
        let rank = self.rank(rest);
        if let (Some(s), Some(r)) = (suit, rank) {
            return Ok(Card::new(s, r));
        }
        if self.lang == Lang::En {
            return Err("cards are written suit first: SA, HT, D2 or ♠A".into());
        }
        let ranks = self.ranks_help();
        if suit.is_none() {
            if let Some(f) = self.foreign("suit", &first) {
                return Err(format!(
                    "{f}: cards of a {} case are written with the suit symbols ♠ ♥ ♦ ♣ and the ranks {ranks}",
                    self.name()
                ));
            }
        }
        if rank.is_none() {
            if let Some(f) = self.foreign("rank", rest) {
                return Err(f);
            }
        }
        Err(format!(
            "cards of a {} case are written suit first, with the symbols ♠ ♥ ♦ ♣ and the ranks {ranks}",
            self.name()
        ))
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
                Diag::new(E_CASE, format!("bad deal: {}", e.message))
                    .label(Span::new(file, start + s, start + en), e.message.clone())
                    .help(e.help)
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
            Diag::new(E_CASE, format!("bad deal: {msg}"))
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
                            None => format!(
                                "the first hand is named by its seat: {}",
                                self.seats_help()
                            ),
                        };
                        return Err(bad(0, colon, format!("`{first}` is not a seat"), help));
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
                    let ranks = self.ranks_help();
                    let help = match self.foreign("rank", &c.to_string()) {
                        Some(f) => format!("{f} (the ranks of a {} case are {ranks})", self.name()),
                        None => format!("the ranks of a {} case are {ranks}", self.name()),
                    };
                    return Err(bad(at, end, format!("`{c}` is not a card rank"), help));
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
        match closest(word, all.iter().copied()) {
            Some(c) => Err(Some(format!("did you mean `{c}`?"))),
            None => Err(None),
        }
    }
}
