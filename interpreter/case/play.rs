//! The `play` block of a case: the cards in the order they were played, and the events
//! between them. A line of cards is played in turn (the table knows whose turn it is); the
//! other lines say who did what:
//!
//! ```text
//! play {
//!   SA S2 S5 S9          // cards in turn: a trick, or part of one
//!   W plays HK           // a card by a named player: a lead out of turn, the wrong hand
//!   W plays H5 H7        // cards played together, the designated one first (58B)
//!   together E S5 S S3   // two players' cards at the same moment (58A)
//!   E exposes SK H2      // cards exposed (dropped, seen by partner): Laws 48, 49
//!   E adds D5            // a fifth card added to a completed trick (45E)
//!   E holds SK           // a card held as a card played is held (45C1, 45C2)
//!   S touches NQ         // declarer touches a card of dummy's (45C3)
//!   W hides H7           // a second card went face down with his card, unseen (58B, 67B2)
//!   N withdraws S4       // a card taken back (47, 62C1)
//!   quitted              // the trick turned before every player played to it (67)
//!   N omits              // his turn passes without his card (67)
//!   S asks revoke        // whether the player who showed out has the suit led (61B)
//!   N looks              // dummy looks at a defender's cards (43A2; `watches`, `exchanges`)
//!   N warns              // dummy warns declarer against an irregularity (42B2, 43B2(a))
//!   N suggests           // dummy suggests a card, or picks one up too early (45F, 57C2)
//!   W misinformed        // an opponent told him it was his turn (47E1)
//!   N draws_attention    // a player draws attention to an irregularity (42B3, 43A1(b))
//!   N calls_director     // dummy calls the Director (43A1(a))
//!   E supplies H3        // a card for a trick he did not play to (67A1, 67B1)
//!   S accept             // an answer to an option (53A: declarer accepts the lead)
//!   director             // attention is drawn: the Director rules
//!   S claims all SA SK   // a claim (68A) of all the remaining tricks, or `claims 3`, with
//!                        // the line stated: the cards in the order he will play them
//!   E concedes 2         // a concession (68B) of 2 tricks (`concedes all`)
//!   returned             // the hands go back to the board (62D); next_deal, round_ended
//!   N next_deal          // North has called on the next deal (63A4, 64B4: which side)
//!   E names S4           // a defender names a card as being in his hand (49)
//! }
//! ```

use super::{conduct_kind, Case, Cx, PlayRecord, Word};
use crate::diagnostic::Diag;
use crate::eval::engine::{Event, Exposure, Stage};
use crate::source::Span;

impl Cx<'_> {
    pub(super) fn play_block(&self, lines: Vec<Vec<Word>>, case: &mut Case, diags: &mut Vec<Diag>) {
        let mut events = vec![];
        for line in lines {
            self.play_line(&line, &mut events, diags);
        }
        case.play = PlayRecord::Events(events);
    }

    fn play_line(&self, line: &[Word], events: &mut Vec<(Event, Span)>, diags: &mut Vec<Diag>) {
        let Some(first) = line.first() else {
            return;
        };
        let whole = Span::new(
            self.file,
            first.span.start as usize,
            line.last().unwrap().span.end as usize,
        );
        // A word alone: the Director, or a moment after the play.
        let stage = |w: &str| {
            [
                ("returned", Stage::HandsReturned),
                ("next_deal", Stage::NextDeal(None)),
                ("round_ended", Stage::RoundEnded),
            ]
            .into_iter()
            .find(|(id, _)| self.is("event", id, w))
            .map(|(_, s)| s)
        };
        // `director play_on`: an option the Director chooses (16D3).
        if line.len() == 2 && self.is("event", "director", &first.text) {
            if let Ok(answer) = self.answer(&line[1].text) {
                events.push((Event::Answer { seat: None, answer }, whole));
                return;
            }
        }
        // `together E ♠5 S ♠3`: two players' cards at the same moment (58A).
        if self.is("event", "together", &first.text) {
            self.together_line(line, whole, events, diags);
            return;
        }
        if line.len() == 1 && self.is("event", "director", &first.text) {
            events.push((Event::Director, first.span));
            return;
        }
        if line.len() == 1 {
            if let Some(s) = stage(&first.text) {
                events.push((Event::Stage(s), first.span));
                return;
            }
            if self.is("event", "quitted", &first.text) {
                events.push((Event::Quitted, first.span));
                return;
            }
        }
        // `W plays HK` / `W leads HK`, or `S accept`: a line that starts with a seat.
        if self.card(&first.text).is_err() {
            let seat = match self.seat(first) {
                Ok(s) => s,
                Err(d) => {
                    diags.push(d.help(self.play_help()));
                    return;
                }
            };
            let Some(verb) = line.get(1) else {
                diags.push(
                    self.error("case.play.seat_alone", first.span, &[("seat", seat.into())])
                        .help(self.play_help()),
                );
                return;
            };
            // `N next_deal`: North has called on the next deal (63A4, 64B4 ask which side).
            if line.len() == 2 && self.is("event", "next_deal", &verb.text) {
                events.push((Event::Stage(Stage::NextDeal(Some(seat))), whole));
                return;
            }
            if self.is("event", "plays", &verb.text) || self.is("event", "leads", &verb.text) {
                // `W plays ♥5 ♥7`: cards played together (58B); the first is the one he
                // designates as played, the others are exposed. A word that is not a card
                // has its diagnostic, and the line gives no event.
                let cards = self.exposed_cards(line, diags);
                let Some((&card, others)) = cards.split_first() else {
                    return;
                };
                if cards.len() != line.len() - 2 {
                    return;
                }
                events.push((
                    Event::Play {
                        seat: Some(seat),
                        card,
                    },
                    whole,
                ));
                if !others.is_empty() {
                    let cards = others.to_vec();
                    let how = Exposure::WithPlay;
                    events.push((Event::Expose { seat, cards, how }, whole));
                }
                return;
            }
            // `E exposes ♠K ♥2`: cards a player exposes in the play (48, 49); `W adds ♥5`: a
            // card added to a completed trick (45E).
            let exposure = [
                ("exposes", Exposure::Exposed),
                ("adds", Exposure::FifthCard),
                ("holds", Exposure::Held),
                ("touches", Exposure::Touched),
                ("hides", Exposure::Hidden),
                ("names", Exposure::Named),
            ]
            .into_iter()
            .find(|(id, _)| self.is("event", id, &verb.text));
            if let Some((_, how)) = exposure {
                let cards = self.exposed_cards(line, diags);
                if !cards.is_empty() {
                    events.push((Event::Expose { seat, cards, how }, whole));
                }
                return;
            }
            // `N omits`: his turn passes without his card (67).
            if self.is("event", "omits", &verb.text) && line.len() == 2 {
                events.push((Event::Omit { seat }, whole));
                return;
            }
            // `W changes X`: a change of call after the opening lead (25A5).
            if self.is("event", "changes", &verb.text) {
                if let Some((Some(e), _)) = self.change_at(seat, line, 0, diags) {
                    events.push(e);
                }
                return;
            }
            // `N withdraws ♠4`: a player takes back a card he played (47, 62C); `E supplies
            // ♥3`: a card for a trick he did not play to (67).
            let one_card = [("withdraws", true), ("supplies", false)]
                .into_iter()
                .find(|(id, _)| self.is("event", id, &verb.text));
            if let Some((_, withdraws)) = one_card {
                match self.exposed_cards(line, diags)[..] {
                    [card] if withdraws => events.push((Event::Withdraw { seat, card }, whole)),
                    [card] => events.push((Event::Supply { seat, card }, whole)),
                    [] => {}
                    _ => diags.push(self.error(
                        if withdraws {
                            "case.play.withdraws_one"
                        } else {
                            "case.play.supplies_one"
                        },
                        whole,
                        &[
                            ("seat", seat.into()),
                            ("player", (&first.text).into()),
                            ("verb", (&verb.text).into()),
                        ],
                    )),
                }
                return;
            }
            if self.is("event", "designates", &verb.text) {
                match self.designation(seat, &line[2..]) {
                    Some(e) if line.len() == 3 => events.push((e, whole)),
                    _ => diags.push(
                        self.error(
                            "case.play.designates",
                            whole,
                            &[
                                ("player", (&first.text).into()),
                                ("verb", (&verb.text).into()),
                                (
                                    "high",
                                    self.w
                                        .word("designation", "high", self.lang)
                                        .unwrap_or("high")
                                        .into(),
                                ),
                            ],
                        ),
                    ),
                }
                return;
            }
            // `E corrects partner`: a correction of an explanation (20F4, 20F5), here in the
            // play (a defender's at its end).
            if self.is("event", "corrects", &verb.text) {
                if let Some((e, _)) = self.correction(seat, line, 0, diags) {
                    events.push((e, whole));
                }
                return;
            }
            // `S asks revoke`: whether the player who did not follow suit has a card of the
            // suit led (61B); `asks review`, `asks explanation` as in the auction (20, 41B).
            // `W learns`, `N exchanges`, `N warns`, `N consults_own_card` …: an act besides a
            // card (16D3, 40B2, 42B, 43A, 45F, 47E1; the conduct classes of laws/case.words).
            let asked = [
                ("revoke", "revoke_inquiry"),
                ("review", "review"),
                ("explanation", "explanation"),
            ]
            .into_iter()
            .find(|(id, _)| {
                line.len() == 3
                    && self.is("event", "asks", &verb.text)
                    && self.is("event", id, &line[2].text)
            })
            .map(|(_, kind)| kind);
            let conduct =
                conduct_kind(self.w, self.lang, &verb.text, true).filter(|_| line.len() == 2);
            if let Some(kind) = asked.or(conduct) {
                events.push((
                    Event::Question {
                        seat,
                        kind: kind.into(),
                    },
                    whole,
                ));
                return;
            }
            let claims = self.is("event", "claims", &verb.text);
            if claims || self.is("event", "concedes", &verb.text) {
                if let Some(e) = self.claim(seat, claims, line, whole, diags) {
                    events.push((e, whole));
                }
                return;
            }
            match self.answer(&verb.text) {
                Ok(answer) if line.len() == 2 => events.push((
                    Event::Answer {
                        seat: Some(seat),
                        answer,
                    },
                    whole,
                )),
                Ok(_) => diags.push(
                    self.error(
                        "case.play.event",
                        verb.span,
                        &[("word", (&verb.text).into())],
                    )
                    .help(self.play_help()),
                ),
                Err(help) => diags.push(
                    self.error(
                        "case.play.event",
                        verb.span,
                        &[("word", (&verb.text).into())],
                    )
                    .help(help.unwrap_or_else(|| self.play_help())),
                ),
            }
            return;
        }
        // Cards in turn.
        for w in line {
            match self.card(&w.text) {
                Ok(card) => events.push((Event::Play { seat: None, card }, w.span)),
                Err(help) => {
                    let more = self.say("case.play.in_turn", &[]);
                    diags.push(self.not_a_card(w).help(format!("{help}; {more}")))
                }
            }
        }
    }

    /// `S claims all SA SK`, `S claims 3`, `E concedes 2`: the number of tricks (or all), then
    /// the cards of the stated line. `E concedes trick`: a statement about the trick in
    /// progress alone (68).
    fn claim(
        &self,
        seat: crate::model::Seat,
        claims: bool,
        line: &[Word],
        whole: Span,
        diags: &mut Vec<Diag>,
    ) -> Option<Event> {
        let all = self.w.word("event", "all", self.lang).unwrap_or("all");
        let help = self.say(
            "case.claim.help",
            &[
                ("player", (&line[0].text).into()),
                ("verb", (&line[1].text).into()),
                ("all", all.into()),
            ],
        );
        let Some(n) = line.get(2) else {
            diags.push(self.error("case.claim.tricks", whole, &[]).help(help));
            return None;
        };
        let trick_in_progress = self.is("event", "trick", &n.text);
        let tricks = if self.is("event", "all", &n.text) {
            None
        } else if trick_in_progress {
            Some(1)
        } else {
            match n.text.parse::<u8>() {
                Ok(k) if k <= 13 => Some(k),
                _ => {
                    diags.push(
                        self.error(
                            "case.claim.number",
                            n.span,
                            &[("word", (&n.text).into()), ("all", all.into())],
                        )
                        .help(help),
                    );
                    return None;
                }
            }
        };
        let mut cards = vec![];
        for w in &line[3..] {
            match self.card(&w.text) {
                Ok(c) => cards.push(c),
                Err(h) => {
                    let more = self.say("case.claim.line", &[]);
                    diags.push(self.not_a_card(w).help(format!("{h}; {more}")));
                    return None;
                }
            }
        }
        Some(Event::Claim {
            seat,
            tricks,
            line: cards,
            concession: !claims,
            trick_in_progress,
        })
    }

    /// Declarer's words calling a card from dummy (46B): a word of the `designation` class, a
    /// suit, a rank, or a whole card.
    fn designation(&self, seat: crate::model::Seat, words: &[Word]) -> Option<Event> {
        let w = words.first()?;
        if let Some(id) = self.w.lookup("designation", self.lang, &w.text) {
            return Some(Event::Designate {
                seat,
                word: Some(id.to_string()),
                suit: None,
                rank: None,
            });
        }
        if let Ok(card) = self.card(&w.text) {
            return Some(Event::Designate {
                seat,
                word: None,
                suit: Some(card.suit),
                rank: Some(card.rank),
            });
        }
        if let Some(s) = self.w.lookup("suit", self.lang, &w.text) {
            return Some(Event::Designate {
                seat,
                word: None,
                suit: Some(super::suit_of(s)),
                rank: None,
            });
        }
        self.rank(&w.text).map(|r| Event::Designate {
            seat,
            word: None,
            suit: None,
            rank: Some(r),
        })
    }

    /// What the lines of a play block are, in this case's words.
    /// `SEAT exposes CARD…` (`plays`, `adds`, `withdraws`): the cards after the seat and the
    /// verb, each checked.
    pub(super) fn exposed_cards(
        &self,
        line: &[Word],
        diags: &mut Vec<Diag>,
    ) -> Vec<crate::model::Card> {
        let mut cards = vec![];
        for (k, cw) in line[2..].iter().enumerate() {
            match self.card(&cw.text) {
                Ok(c) => cards.push(c),
                // A seat after the cards: the calls that follow were written on the same line
                // (`Z odkryje ♥Q V 2♥`), which the event takes to its end. One error says so.
                Err(_) if !cards.is_empty() && self.seat(cw).is_ok() => {
                    let rest = &line[2 + k..];
                    let text: Vec<&str> = rest.iter().map(|w| w.text.as_str()).collect();
                    let span = Span::new(
                        cw.span.file,
                        cw.span.start as usize,
                        rest.last().map_or(cw.span.end, |w| w.span.end) as usize,
                    );
                    diags.push(self.error(
                        "case.exposed.calls_after",
                        span,
                        &[
                            ("word", (&cw.text).into()),
                            ("player", (&line[0].text).into()),
                            ("verb", (&line[1].text).into()),
                            ("rest", text.join(" ").into()),
                        ],
                    ));
                    break;
                }
                Err(help) => diags.push(self.not_a_card(cw).help(help)),
            }
        }
        if cards.is_empty() && line.len() == 2 {
            diags.push(self.error(
                "case.exposed.none",
                line[1].span,
                &[
                    ("player", (&line[0].text).into()),
                    ("verb", (&line[1].text).into()),
                ],
            ));
        }
        cards
    }

    /// `together SEAT CARD SEAT CARD`: two players' cards played at the same moment (58A).
    fn together_line(
        &self,
        line: &[Word],
        whole: Span,
        events: &mut Vec<(Event, Span)>,
        diags: &mut Vec<Diag>,
    ) {
        let mut plays = vec![];
        for pair in line[1..].chunks(2) {
            let [s, c] = pair else { break };
            match (self.seat(s), self.card(&c.text)) {
                (Ok(seat), Ok(card)) => plays.push((seat, card)),
                (Err(d), _) => {
                    diags.push(d);
                    return;
                }
                (_, Err(help)) => {
                    diags.push(self.not_a_card(c).help(help));
                    return;
                }
            }
        }
        match plays[..] {
            [a, b] if line.len() == 5 && a.0 != b.0 => {
                events.push((Event::PlayedTogether([a, b]), whole))
            }
            _ => {
                let w = |class: &str, id: &str| {
                    self.w.word(class, id, self.lang).unwrap_or(id).to_string()
                };
                diags.push(self.error(
                    "case.together.cards",
                    whole,
                    &[
                        ("key", (&line[0].text).into()),
                        ("east", w("seat", "east").into()),
                        ("south", w("seat", "south").into()),
                        ("west", w("seat", "west").into()),
                        ("plays", w("event", "plays").into()),
                    ],
                ));
            }
        }
    }

    fn play_help(&self) -> String {
        let w = |class: &str, id: &str| self.w.word(class, id, self.lang).unwrap_or(id).to_string();
        self.say(
            "case.play.help",
            &[
                ("west", w("seat", "west").into()),
                ("south", w("seat", "south").into()),
                ("plays", w("event", "plays").into()),
                ("exposes", w("event", "exposes").into()),
                ("claims", w("event", "claims").into()),
                ("all", w("event", "all").into()),
                ("accept", w("answer", "accept").into()),
                ("director", w("event", "director").into()),
                ("returned", w("event", "returned").into()),
                ("next_deal", w("event", "next_deal").into()),
                ("round_ended", w("event", "round_ended").into()),
            ],
        )
    }

    pub(super) fn not_a_card(&self, w: &Word) -> Diag {
        self.error("case.not_a_card", w.span, &[("word", (&w.text).into())])
    }
}
