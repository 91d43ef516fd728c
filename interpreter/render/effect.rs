//! What a rectification did (its effects, a player's answer as a sentence) and the ruling's
//! notes, in the reader's language.

use super::*;

impl Renderer<'_> {
    pub(super) fn effect(&self, e: &Effect) -> String {
        match e {
            Effect::Stands { seat, call } => self.p_kind(
                &["effect_stands"],
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
                &[if *and_later {
                    "effect_cancelled_later"
                } else {
                    "effect_cancelled"
                }],
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
            Effect::Lifted {
                name,
                holder,
                args,
                duration: d,
            } => {
                let text = self.obligation_text(name, args, *holder, *d);
                self.p("effect_lifted", &[("text", A::owned(text))])
            }
            Effect::NoRectification => self.p("effect_no_rectification", &[]),
            Effect::Lapsed { seat, law } => self.p(
                "effect_lapsed",
                &[("seat", A::Seat(*seat)), ("law", A::owned(law.to_string()))],
            ),
            Effect::LeadReadAgain {
                winner,
                in_turn,
                law,
            } => self.p(
                if *in_turn {
                    "effect_lead_in_turn_after_all"
                } else {
                    "effect_lead_read_again"
                },
                &[
                    ("seat", A::Seat(*winner)),
                    ("law", A::owned(law.to_string())),
                ],
            ),
            Effect::LeadTakenBackInTurn { winner, law } => self.p(
                "effect_lead_taken_back_in_turn",
                &[
                    ("seat", A::Seat(*winner)),
                    ("law", A::owned(law.to_string())),
                ],
            ),
            Effect::PlayReadAgain { law } => self.p(
                "effect_play_read_again",
                &[("law", A::owned(law.to_string()))],
            ),
            Effect::Redealt => self.p("effect_redealt", &[]),
            Effect::NoResult => self.p("effect_no_result", &[]),
            Effect::Retracted { seat, card } => self.p(
                "effect_retracted",
                &[
                    ("seat", A::Seat(*seat)),
                    ("card", A::owned(self.thing(card))),
                ],
            ),
            Effect::CardStays { seat, card } => self.p(
                "effect_card_stays",
                &[
                    ("seat", A::Seat(*seat)),
                    ("card", A::owned(self.thing(card))),
                ],
            ),
            Effect::LeadFrom { seat } => self.p("effect_lead_from", &[("seat", A::Seat(*seat))]),
            Effect::PlayRestarted { leader } => {
                self.p("effect_play_restarted", &[("seat", A::Seat(*leader))])
            }
            Effect::DealRestored { cards } => cards
                .iter()
                .map(|c| {
                    self.p(
                        "effect_deal_restored",
                        &[
                            ("card", A::owned(self.thing(&c.card))),
                            ("held_by", A::Seat(c.held_by)),
                            ("dealt_to", A::Seat(c.dealt_to)),
                        ],
                    )
                })
                .collect::<Vec<_>>()
                .join("; "),
            Effect::DeemedPlayed { seat, card } => self.p(
                "effect_deemed_played",
                &[
                    ("seat", A::Seat(*seat)),
                    ("card", A::owned(self.thing(card))),
                ],
            ),
            Effect::Placed {
                seat,
                card,
                trick: Some(t),
            } => self.p(
                "effect_placed_in_trick",
                &[
                    ("seat", A::Seat(*seat)),
                    ("card", A::owned(self.thing(card))),
                    ("trick", A::Num(i64::from(*t))),
                ],
            ),
            Effect::Placed {
                seat,
                card,
                trick: None,
            } => self.p(
                "effect_placed_among_played",
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
                &[("irregularity", A::Irregularity(irregularity))],
            ),
            Effect::Answer {
                who,
                option,
                answer,
                how,
            } => {
                let Some(who) = who else {
                    // The Director's choice (16D2): as a sentence where the phrase file has
                    // one for the option (its answers say what he does), else the template.
                    let args = [
                        ("option", A::owned(self.named("option", option))),
                        ("answer", A::owned(self.named("answer", answer))),
                    ];
                    let own = ["said", option, "director"];
                    if self.has(&own) {
                        return self.p_at(&own, &args);
                    }
                    return self.p("answer_director", &args);
                };
                let args = [
                    ("who", A::Seat(*who)),
                    ("option", A::owned(self.named("option", option))),
                    ("answer", A::owned(self.named("answer", answer))),
                ];
                // What the player did, as a sentence where the phrase file has one ("South
                // does not accept the call out of rotation"), most particular first: for this
                // option, answer and way of answering; for the option and answer; for the
                // answer and way in any option; for the option and way, or for the option
                // when chosen (a template with {answer}); else the general template with the
                // option's name in brackets.
                let way = match how {
                    AnswerHow::Chosen => "chosen",
                    AnswerHow::ByCalling => "by_calling",
                    AnswerHow::ByPlaying => "by_playing",
                    AnswerHow::ByDeemedPass => "by_deemed_pass",
                    AnswerHow::ByAct => "by_act",
                    AnswerHow::Default => "default",
                };
                let (option, answer) = (option.as_str(), answer.as_str());
                let conceded = if self.conceding.get() { "conceded" } else { "" };
                let keys: [&[&str]; 6] = [
                    if conceded.is_empty() {
                        &[]
                    } else {
                        &["said", option, answer, conceded]
                    },
                    &["said", option, answer, way],
                    &["said", option, answer],
                    &["said", answer, way],
                    &["said", option, way],
                    if matches!(how, AnswerHow::Chosen) {
                        &["said", option]
                    } else {
                        &[]
                    },
                ];
                if let Some(k) = keys.iter().find(|k| !k.is_empty() && self.has(k)) {
                    return self.p_at(k, &args);
                }
                match how {
                    AnswerHow::Chosen => self.p("answer_chosen", &args),
                    AnswerHow::ByCalling => self.p("answer_by_calling", &args),
                    AnswerHow::ByPlaying => self.p("answer_by_playing", &args),
                    AnswerHow::ByDeemedPass => self.p("answer_by_deemed_pass", &args),
                    AnswerHow::ByAct => self.p("answer_by_act", &args),
                    AnswerHow::Default => self.p("answer_default", &args),
                }
            }
        }
    }

    /// A note of the ruling in the language. The engine's own message for an event the Laws
    /// do not provide for is shown as it is, marked as English.
    pub(super) fn note(&self, n: &Note) -> String {
        if self.lang == Lang::En {
            return n.to_string();
        }
        match n {
            // As a sentence where the phrases give one for the option (SK "Juh sa ešte
            // nerozhodol, či prijme nedostatočnú ponuku"), else with the option's name.
            Note::OpenChoice { seat, option } => {
                let own = ["note", "open_choice", option];
                self.p_at(
                    if self.has(&own) {
                        &own
                    } else {
                        &["note.open_choice"]
                    },
                    &[
                        ("seat", A::Seat(*seat)),
                        ("option", A::owned(self.named("option", option))),
                    ],
                )
            }
            Note::OpenDirectorChoice { option } => self.p(
                "note.open_director_choice",
                &[("option", A::owned(self.named("option", option)))],
            ),
            Note::OpenCall { seat } => self.p("note.open_call", &[("seat", A::Seat(*seat))]),
            Note::Waiting { seat } => self.p("note.waiting", &[("seat", A::Seat(*seat))]),
            Note::NoRectification { irregularity } => self.p(
                "note.no_rectification",
                &[("irregularity", A::Irregularity(irregularity))],
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
            Note::UngovernedWithdrawal { seat, card } => self.p(
                "note.ungoverned_withdrawal",
                &[
                    ("seat", A::Seat(*seat)),
                    ("what", A::owned(self.thing(card))),
                ],
            ),
            Note::UngovernedQuitted { seat, trick } => self.p(
                "note.ungoverned_quitted",
                &[
                    ("seat", A::Seat(*seat)),
                    ("trick", A::Num(i64::from(*trick))),
                ],
            ),
            Note::UngovernedSupply { seat, card } => self.p(
                "note.ungoverned_supply",
                &[
                    ("seat", A::Seat(*seat)),
                    ("card", A::owned(self.thing(card))),
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
            Note::ScoreAwaitsPlayEnd { tricks } => self.p(
                "note.score_awaits_play_end",
                &[("n", A::Num(*tricks as i64))],
            ),
            // A fault of the law book is said in English, for its authors.
            Note::Unprovided(message) if message.id.is_empty() => {
                let text = message.text(self.lang);
                self.p("note.untranslated", &[("note", A::owned(text))])
            }
            Note::Unprovided(message) => message.text(self.lang),
            Note::CaseCannotGoOn(message) => self.p(
                "note.case_cannot_go_on",
                &[("note", A::owned(message.text(self.lang)))],
            ),
        }
    }
}
