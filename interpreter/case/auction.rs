//! The `auction` block of a case: calls in turn, answers to options, the Director, exposed and
//! led cards (Law 24), changes of call (25), questions (20), hesitations (16), misstated doubles
//! (19A3, 19B3) and simultaneous calls (33).

use super::*;

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
                    match (self.seat(&line[k]), self.call(word.trim_end_matches('!'))) {
                        (Ok(s), Ok(c)) => calls.push((s, c, word.ends_with('!'))),
                        (Err(d), _) => diags.push(d),
                        (_, Err(help)) => diags.push(
                            self.not_a_call(word.trim_end_matches('!'))
                                .label(line[k + 1].span, "not a call")
                                .help(format!("{help}; write `{together} SEAT CALL SEAT CALL`")),
                        ),
                    }
                    k += 2;
                }
                if calls.len() < 2 || k != line.len() {
                    diags.push(
                        Diag::new(
                            E_CASE,
                            format!("`{together}` takes two or more `SEAT CALL` pairs"),
                        )
                        .label(line[0].span, "here")
                        .help(if self.lang == Lang::En {
                            "for example `together E 1S N 1H`".to_string()
                        } else {
                            format!(
                                "for example `{together} {} 1♠ {} 1♥`",
                                self.w.word("seat", "east", self.lang).unwrap_or("E"),
                                self.w.word("seat", "north", self.lang).unwrap_or("N")
                            )
                        }),
                    );
                }
                let end = line.last().unwrap().span.end as usize;
                let span = Span::new(file, line[0].span.start as usize, end);
                case.events.push((Event::Together(calls), span));
                break;
            }
            if self.is("event", "director", &line[i].text) {
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
                diags.push(
                    Diag::new(E_CASE, format!("{s} does nothing"))
                        .label(line[i].span, "a seat without a call or answer")
                        .help("write `SEAT CALL` (such as `N 1NT`) or `SEAT ANSWER` (such as `S accept`)"),
                );
                break;
            };
            let event = self.w.lookup("event", self.lang, &w.text);
            // `N hesitates`: a break in tempo, information for partner (Law 16). `N misstates`:
            // his double or redouble named the bid wrongly (19A3, 19B3).
            if let Some(kind @ ("hesitates" | "misstates")) = event {
                let span = Span::new(file, line[i].span.start as usize, w.span.end as usize);
                case.events.push((
                    Event::Question {
                        seat: s,
                        kind: if kind == "hesitates" {
                            "hesitation"
                        } else {
                            "misstatement"
                        }
                        .into(),
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
                        diags.push(
                            Diag::new(E_CASE, format!("{s} asks for what?"))
                                .label(
                                    w.span,
                                    format!(
                                        "expected `{} {review}` or `{} {explanation}`",
                                        w.text, w.text
                                    ),
                                )
                                .help(format!("a player asks for a `{review}` of the auction or an `{explanation}` of a call")),
                        )
                    }
                }
                i += 3;
                continue;
            }
            // `S changes 2S`: S replaces his last call (Law 25, 21B).
            if event == Some("changes") {
                let Some(cw) = line.get(i + 2) else {
                    diags.push(
                        Diag::new(E_CASE, format!("{s} changes to nothing"))
                            .label(w.span, "to which call?")
                            .help(format!("write `{} {} 2♠`", line[i].text, w.text)),
                    );
                    break;
                };
                let word = cw.text.trim_end_matches('!');
                match self.call(word) {
                    Ok(call) => {
                        let span =
                            Span::new(file, line[i].span.start as usize, cw.span.end as usize);
                        case.events.push((
                            Event::Change {
                                seat: s,
                                call,
                                artificial: cw.text.ends_with('!'),
                            },
                            span,
                        ));
                    }
                    Err(help) => diags.push(
                        self.not_a_call(word)
                            .label(cw.span, "not a call")
                            .help(format!("{help}; write `{} {} 2♠`", line[i].text, w.text)),
                    ),
                }
                i += 3;
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
                        led,
                    },
                    span,
                ));
                break;
            }
            let span = Span::new(file, line[i].span.start as usize, w.span.end as usize);
            let (word, artificial) = match w.text.strip_suffix('!') {
                Some(x) => (x, true),
                None => (w.text.as_str(), false),
            };
            match self.call(word) {
                Ok(call) => case.events.push((
                    Event::Call {
                        seat: s,
                        call,
                        artificial,
                    },
                    span,
                )),
                Err(help) if self.lang != Lang::En && self.is_foreign_call(word) => {
                    diags.push(self.not_a_call(word).label(w.span, "not a call").help(help))
                }
                Err(help) => match self.answer(word) {
                    Ok(answer) => case.events.push((Event::Answer { seat: s, answer }, span)),
                    Err(Some(ahelp)) => diags.push(
                        Diag::new(
                            E_CASE,
                            format!(
                                "`{word}` is not a call or an answer of a {} case",
                                self.name()
                            ),
                        )
                        .label(w.span, "not a call or answer")
                        .help(ahelp),
                    ),
                    Err(None) => {
                        diags.push(self.not_a_call(word).label(w.span, "not a call").help(help))
                    }
                },
            }
            i += 2;
        }
    }

    fn not_a_call(&self, word: &str) -> Diag {
        if self.lang == Lang::En {
            Diag::new(
                E_CASE,
                crate::model::ParseCallError(word.to_string()).to_string(),
            )
        } else {
            Diag::new(
                E_CASE,
                format!("`{word}` is not a call of a {} case", self.name()),
            )
        }
    }
}
