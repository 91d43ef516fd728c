//! The `auction` block of a case: calls in turn, answers to options, the Director, exposed and
//! led cards (Law 24), changes of call (25), questions (20), hesitations (16), misstated doubles
//! (19A3, 19B3) and simultaneous calls (33).

use super::*;
use crate::eval::engine::Exposure;

impl Cx<'_> {
    /// One line of the auction block.
    pub(super) fn auction_line(&self, line: &[Word], case: &mut Case, diags: &mut Vec<Diag>) {
        let file = self.file;
        let mut i = 0;
        while i < line.len() {
            // `together E 1S N 1H`: calls made at the same moment (Law 33).
            if i == 0 && self.is("event", "together", &line[0].text) {
                let together = &line[0].text;
                let mut calls = vec![];
                let mut k = 1;
                while k + 1 < line.len() {
                    let word = line[k + 1].text.as_str();
                    // `together E 2D! specifies H N 1H`: what an artificial call specifies.
                    let (meaning, used) = self.specifies(line, k + 2, &line[k + 1], diags);
                    match (self.seat(&line[k]), self.call(word.trim_end_matches('!'))) {
                        (Ok(s), Ok(c)) => calls.push((s, c, meaning)),
                        (Err(d), _) => diags.push(d),
                        (_, Err(help)) => {
                            let more = self.say("case.together.write", &[("key", together.into())]);
                            diags.push(
                                self.not_a_call(word.trim_end_matches('!'), line[k + 1].span)
                                    .help(format!("{help}; {more}")),
                            )
                        }
                    }
                    k += 2 + used;
                }
                if calls.len() < 2 || k != line.len() {
                    diags.push(self.error(
                        "case.together",
                        line[0].span,
                        &[
                            ("key", together.into()),
                            ("east", Seat::East.into()),
                            ("north", Seat::North.into()),
                            ("spades", Call::bid(1, Strain::Spades).into()),
                            ("hearts", Call::bid(1, Strain::Hearts).into()),
                        ],
                    ));
                }
                let end = line.last().unwrap().span.end as usize;
                let span = Span::new(file, line[0].span.start as usize, end);
                case.events.push((Event::Together(calls), span));
                break;
            }
            if self.is("event", "director", &line[i].text) {
                // `director redeal`: an option the Director chooses (16D2).
                if let Some((w, Ok(answer))) = line.get(i + 1).map(|w| (w, self.answer(&w.text))) {
                    let span = Span::new(file, line[i].span.start as usize, w.span.end as usize);
                    case.events
                        .push((Event::Answer { seat: None, answer }, span));
                    i += 2;
                    continue;
                }
                case.events.push((Event::Director, line[i].span));
                i += 1;
                continue;
            }
            let s = match self.seat(&line[i]) {
                Ok(s) => s,
                Err(d) => {
                    diags.push(d);
                    break;
                }
            };
            let Some(w) = line.get(i + 1) else {
                let accept = self
                    .w
                    .word("answer", "accept", self.lang)
                    .unwrap_or("accept");
                diags.push(self.error(
                    "case.does_nothing",
                    line[i].span,
                    &[
                        ("seat", s.into()),
                        ("north", Seat::North.into()),
                        ("south", Seat::South.into()),
                        ("bid", Call::bid(1, Strain::NoTrump).into()),
                        ("accept", accept.into()),
                    ],
                ));
                break;
            };
            let event = self.w.lookup("event", self.lang, &w.text);
            // `N hesitates`, `N learns`, `N consults_own_card` …: an act besides a call
            // (16B1, 16D, 19A3, 40B2; the conduct classes of laws/case.words).
            let conduct = conduct_kind(self.w, self.lang, &w.text, false);
            if let Some(kind) = conduct {
                let span = Span::new(file, line[i].span.start as usize, w.span.end as usize);
                case.events.push((
                    Event::Question {
                        seat: s,
                        kind: kind.into(),
                    },
                    span,
                ));
                i += 2;
                continue;
            }
            // `S asks review` / `S asks explanation` (Law 20).
            if event == Some("asks") {
                let what = line
                    .get(i + 2)
                    .and_then(|q| self.w.lookup("event", self.lang, &q.text));
                match what {
                    Some(kind @ ("review" | "explanation")) => {
                        let span = Span::new(
                            file,
                            line[i].span.start as usize,
                            line[i + 2].span.end as usize,
                        );
                        case.events.push((
                            Event::Question {
                                seat: s,
                                kind: kind.to_string(),
                            },
                            span,
                        ));
                    }
                    _ => {
                        let (review, explanation) = (
                            self.w
                                .word("event", "review", self.lang)
                                .unwrap_or("review"),
                            self.w
                                .word("event", "explanation", self.lang)
                                .unwrap_or("explanation"),
                        );
                        diags.push(self.error(
                            "case.asks",
                            w.span,
                            &[
                                ("seat", s.into()),
                                ("verb", (&w.text).into()),
                                ("review", review.into()),
                                ("explanation", explanation.into()),
                            ],
                        ))
                    }
                }
                i += 3;
                continue;
            }
            // `N corrects review|explanation|partner`: 20E, 20F4, 20F5.
            if event == Some("corrects") {
                if let Some(e) = self.correction(s, line, i, diags) {
                    case.events.push(e);
                }
                i += 3;
                continue;
            }
            // `S changes 2S`: S replaces his last call (Law 25, 21B).
            if event == Some("changes") {
                let Some((e, used)) = self.change_at(s, line, i, diags) else {
                    break;
                };
                case.events.extend(e);
                i += 3 + used;
                continue;
            }
            // `W exposes SK H2` / `W leads SK`: cards seen during the auction (Law 24); the
            // rest of the line are the cards.
            if event == Some("exposes") || event == Some("leads") {
                let cards = self.exposed_cards(&line[i..], diags);
                let end = line.last().unwrap().span.end as usize;
                let span = Span::new(file, line[i].span.start as usize, end);
                let led = event == Some("leads");
                case.events.push((
                    Event::Expose {
                        seat: s,
                        cards,
                        how: if led {
                            Exposure::EarlyLead
                        } else {
                            Exposure::Exposed
                        },
                    },
                    span,
                ));
                break;
            }
            let mut span = Span::new(file, line[i].span.start as usize, w.span.end as usize);
            let word = w.text.trim_end_matches('!');
            match self.call(word) {
                Ok(call) => {
                    let (meaning, used) = self.specifies(line, i + 2, w, diags);
                    span.end = line[i + 1 + used].span.end;
                    case.events.push((
                        Event::Call {
                            seat: s,
                            call,
                            meaning,
                        },
                        span,
                    ));
                    i += used;
                }
                Err(help) if self.lang != Lang::En && self.is_foreign_call(word) => {
                    diags.push(self.not_a_call(word, w.span).help(help))
                }
                Err(help) => match self.answer(word) {
                    Ok(answer) => case.events.push((
                        Event::Answer {
                            seat: Some(s),
                            answer,
                        },
                        span,
                    )),
                    Err(Some(ahelp)) => diags.push(
                        self.error("case.not_call_or_answer", w.span, &[("word", word.into())])
                            .help(ahelp),
                    ),
                    Err(None) => diags.push(self.not_a_call(word, w.span).help(help)),
                },
            }
            i += 2;
        }
    }

    /// `SEAT corrects review|explanation|partner` at `line[i]`: a correction of a review
    /// (20E), of the player's own explanation (20F4) or of partner's (20F5), as conduct the
    /// law book rules.
    pub(super) fn correction(
        &self,
        seat: Seat,
        line: &[Word],
        i: usize,
        diags: &mut Vec<Diag>,
    ) -> Option<(Event, Span)> {
        let verb = &line[i + 1];
        let kind = line
            .get(i + 2)
            .and_then(|w| self.w.lookup("event", self.lang, &w.text))
            .and_then(|k| match k {
                "review" => Some("review_correction"),
                "explanation" => Some("explanation_correction"),
                "partner" => Some("partner_correction"),
                _ => None,
            });
        let Some(kind) = kind else {
            let word = |id| self.w.word("event", id, self.lang).unwrap_or(id);
            let at = line.get(i + 2).unwrap_or(verb);
            diags.push(self.error(
                "case.corrects",
                at.span,
                &[
                    ("seat", seat.into()),
                    ("player", (&line[i].text).into()),
                    ("verb", (&verb.text).into()),
                    ("review", word("review").into()),
                    ("explanation", word("explanation").into()),
                    ("partner", word("partner").into()),
                ],
            ));
            return None;
        };
        let span = Span::new(
            self.file,
            line[i].span.start as usize,
            line[i + 2].span.end as usize,
        );
        Some((
            Event::Question {
                seat,
                kind: kind.into(),
            },
            span,
        ))
    }

    /// The call a finding is about (`comparable_call 3 no`: the third call of the auction;
    /// `comparable_call E 1H no`: East's 1♥), as its number among the calls made: each
    /// `SEAT CALL`, each change of call and each of simultaneous calls count.
    pub(super) fn finding_about(
        &self,
        about: &[Word],
        events: &[(Event, Span)],
    ) -> Result<AboutKey, Diag> {
        let calls: Vec<(Seat, Call)> = events
            .iter()
            .flat_map(|(e, _)| match e {
                Event::Call { seat, call, .. } | Event::Change { seat, call, .. } => {
                    vec![(*seat, *call)]
                }
                Event::Together(cs) => cs.iter().map(|(s, c, _)| (*s, *c)).collect(),
                _ => vec![],
            })
            .collect();
        let span = Span::new(
            self.file,
            about[0].span.start as usize,
            about[about.len() - 1].span.end as usize,
        );
        let g = |class: &str, id: &str| self.w.word(class, id, self.lang).unwrap_or(id).to_string();
        let help = self.say(
            "case.about.help",
            &[
                ("no", g("yesno", "no").into()),
                ("finding", g("finding", "comparable_call").into()),
                ("damage", g("finding", "damage").into()),
                ("east", Seat::East.into()),
                ("north", Seat::North.into()),
                ("bid", Call::bid(1, Strain::Hearts).into()),
                ("hesitates", g("conduct", "hesitation").into()),
            ],
        );
        if let Some(key) = self.act_about(about, events, span)? {
            return Ok(key);
        }
        match about {
            [n] => match n.text.parse::<usize>() {
                Ok(k) if (1..=calls.len()).contains(&k) => Ok(AboutKey::Call(k)),
                _ => Err(self
                    .error(
                        "case.about.number",
                        n.span,
                        &[("word", (&n.text).into()), ("n", calls.len().into())],
                    )
                    .help(help)),
            },
            [s, c] => {
                let seat = self.seat(s)?;
                let call = self
                    .call(c.text.trim_end_matches('!'))
                    .map_err(|h| self.not_a_call(&c.text, c.span).help(h))?;
                let hits: Vec<usize> = calls
                    .iter()
                    .enumerate()
                    .filter(|(_, x)| **x == (seat, call))
                    .map(|(i, _)| i + 1)
                    .collect();
                match hits[..] {
                    [k] => Ok(AboutKey::Call(k)),
                    [] => Err(self
                        .error(
                            "case.about.no_call",
                            span,
                            &[("seat", seat.into()), ("call", call.into())],
                        )
                        .help(help)),
                    _ => {
                        let numbers: Vec<String> = hits.iter().map(|k| k.to_string()).collect();
                        Err(self.error(
                            "case.about.calls",
                            span,
                            &[
                                ("seat", seat.into()),
                                ("call", call.into()),
                                ("n", hits.len().into()),
                                ("numbers", self.or_list(&numbers).into()),
                            ],
                        ))
                    }
                }
            }
            _ => Err(self.error("case.about", span, &[]).help(help)),
        }
    }

    /// A finding about an act that is not a call: `SEAT ACT` (his only act of that kind) or
    /// `SEAT ACT N` (his Nth). `None` when the words do not name an act.
    fn act_about(
        &self,
        about: &[Word],
        events: &[(Event, Span)],
        span: Span,
    ) -> Result<Option<AboutKey>, Diag> {
        let (s, a, n) = match about {
            [s, a] => (s, a, None),
            [s, a, n] => (s, a, Some(n)),
            _ => return Ok(None),
        };
        // The findings' key holds the compiled-in table's name of the act.
        let Some(kind) = super::conduct_kind(self.w, self.lang, &a.text, false)
            .or(super::conduct_kind(self.w, self.lang, &a.text, true))
            .and_then(super::conduct_kind_static)
        else {
            return Ok(None);
        };
        let seat = self.seat(s)?;
        let count = events
            .iter()
            .filter(|(e, _)| matches!(e, Event::Question { seat: q, kind: k } if *q == seat && k == kind))
            .count();
        let which = match n {
            None if count == 1 => 1,
            None => {
                let args = [
                    ("seat", seat.into()),
                    ("player", (&s.text).into()),
                    ("act", (&a.text).into()),
                    ("n", count.into()),
                ];
                return Err(if count == 0 {
                    self.error("case.about.no_act", span, &args)
                } else {
                    self.error("case.about.acts", span, &args)
                });
            }
            Some(n) => match n.text.parse::<usize>() {
                Ok(k) if (1..=count).contains(&k) => k,
                _ => {
                    return Err(self.error(
                        "case.about.act_number",
                        n.span,
                        &[
                            ("word", (&n.text).into()),
                            ("seat", seat.into()),
                            ("act", (&a.text).into()),
                            ("n", count.into()),
                        ],
                    ))
                }
            },
        };
        Ok(Some(AboutKey::Act(seat, kind, which)))
    }

    /// How the call in `cw` was meant: natural, or artificial (`!`) and, when `specifies
    /// DENOMINATIONS` follows at `at`, what it specifies (29C, 27B1(a), 26B). Returns the
    /// meaning and how many words the specification took.
    /// `SEAT changes CALL` at `line[i]` (with what an artificial call specifies after it): the
    /// event, if the call is one, and the words after the call it used; `None` when the line
    /// ends before the call.
    pub(super) fn change_at(
        &self,
        s: Seat,
        line: &[Word],
        i: usize,
        diags: &mut Vec<Diag>,
    ) -> Option<(Option<(Event, Span)>, usize)> {
        let w = &line[i + 1];
        let Some(cw) = line.get(i + 2) else {
            diags.push(self.error(
                "case.changes",
                w.span,
                &[
                    ("seat", s.into()),
                    ("player", (&line[i].text).into()),
                    ("verb", (&w.text).into()),
                ],
            ));
            return None;
        };
        let word = cw.text.trim_end_matches('!');
        let (meaning, used) = self.specifies(line, i + 3, cw, diags);
        let event = match self.call(word) {
            Ok(call) => {
                let end = line[i + 2 + used].span.end as usize;
                let span = Span::new(self.file, line[i].span.start as usize, end);
                Some((
                    Event::Change {
                        seat: s,
                        call,
                        meaning,
                    },
                    span,
                ))
            }
            Err(help) => {
                // The same example as a change of call with no call gets (`case.changes`).
                let more = self.say(
                    "case.changes.help",
                    &[
                        ("player", (&line[i].text).into()),
                        ("verb", (&w.text).into()),
                    ],
                );
                diags.push(
                    self.not_a_call(word, cw.span)
                        .help(format!("{help}; {more}")),
                );
                None
            }
        };
        Some((event, used))
    }

    fn specifies(
        &self,
        line: &[Word],
        at: usize,
        cw: &Word,
        diags: &mut Vec<Diag>,
    ) -> (Meaning, usize) {
        let meaning = marked(&cw.text);
        let Some(kw) = line
            .get(at)
            .filter(|k| self.is("event", "specifies", &k.text))
        else {
            return (meaning, 0);
        };
        let example = self.say(
            "case.specifies.help",
            &[
                ("key", (&kw.text).into()),
                (
                    "none",
                    self.w
                        .word("specification", "none", self.lang)
                        .unwrap_or("none")
                        .into(),
                ),
                ("diamonds", Call::bid(2, Strain::Diamonds).into()),
                ("clubs", Call::bid(2, Strain::Clubs).into()),
            ],
        );
        let Some(dw) = line.get(at + 1) else {
            diags.push(
                self.error("case.specifies", kw.span, &[("key", (&kw.text).into())])
                    .help(example),
            );
            return (meaning, 1);
        };
        if !meaning.is_artificial() {
            diags.push(
                self.error(
                    "case.specifies.natural",
                    cw.span,
                    &[("word", (&cw.text).into())],
                )
                .label(kw.span, self.say("case.specifies.natural.key", &[])),
            );
            return (meaning, 2);
        }
        match self.denominations(&dw.text) {
            Some(strains) => (Meaning::specifying(strains), 2),
            None => {
                diags.push(
                    self.error(
                        "case.specifies.list",
                        dw.span,
                        &[("word", (&dw.text).into())],
                    )
                    .help(example),
                );
                (meaning, 2)
            }
        }
    }

    /// The denominations of `specifies`: `none`, or strains in one word, run together or
    /// separated by commas (`H`, `SH`, `♠♥`, `S,H`, `NT`).
    fn denominations(&self, text: &str) -> Option<Vec<Strain>> {
        if self.is("specification", "none", text) {
            return Some(vec![]);
        }
        let mut out = vec![];
        for part in text.split(',').filter(|p| !p.is_empty()) {
            if let Some(s) = self.strain(part) {
                out.push(s);
                continue;
            }
            for c in part.chars() {
                out.push(self.strain(&c.to_string())?);
            }
        }
        (!out.is_empty()).then_some(out)
    }

    fn not_a_call(&self, word: &str, span: Span) -> Diag {
        self.error("case.not_a_call", span, &[("word", word.into())])
    }
}

/// A call word's mark: `2C!` is artificial (specifying nothing until `specifies` says so).
fn marked(word: &str) -> Meaning {
    if word.ends_with('!') {
        Meaning::Artificial(0)
    } else {
        Meaning::Natural
    }
}
