//! `card_in_wrong_hand N ♥3`: a card that was in a hand it was not dealt to until it was
//! found there (Law 13: a hand held more than 13 cards and another fewer). The deal is the
//! board as dealt; the table starts with each such card in the hand that held it, and the
//! law book's `restore deal` puts it back.

use super::*;
use crate::messages::Arg;

impl Cx<'_> {
    /// The line's pairs of a seat and a card.
    pub(super) fn wrong_hand_line(
        &self,
        key: &str,
        whole: Span,
        line: &[Word],
        case: &mut Case,
        diags: &mut Vec<Diag>,
    ) {
        if line.is_empty() || !line.len().is_multiple_of(2) {
            diags.push(self.wrong_hand_shape(key, whole));
            return;
        }
        for pair in line.chunks(2) {
            let [s, c] = pair else { unreachable!("pairs") };
            let seat = match self.seat(s) {
                Ok(seat) => seat,
                Err(d) => {
                    diags.push(d);
                    continue;
                }
            };
            match self.card(&c.text) {
                Ok(card) if case.wrong_hand.iter().any(|(_, x, _)| *x == card) => {
                    diags.push(self.error(
                        "case.wrong_hand.twice",
                        c.span,
                        &[("card", Arg::Card(card))],
                    ))
                }
                Ok(card) => case.wrong_hand.push((
                    seat,
                    card,
                    Span::new(s.span.file, s.span.start as usize, c.span.end as usize),
                )),
                Err(help) => diags.push(self.not_a_card(c).help(help)),
            }
        }
    }

    fn wrong_hand_shape(&self, key: &str, whole: Span) -> Diag {
        let w = |class: &str, id: &str| self.w.word(class, id, self.lang).unwrap_or(id).to_string();
        self.error(
            "case.wrong_hand",
            whole,
            &[
                ("key", key.into()),
                ("north", w("seat", "north").into()),
                (
                    "has_too_many",
                    w("conduct", "incorrect_number_of_cards").into(),
                ),
            ],
        )
    }

    /// Each card in the wrong hand against the deal: there must be a deal, and the card must
    /// have been dealt to another hand than the one that held it.
    pub(super) fn wrong_hand_errors(&self, case: &Case) -> Vec<Diag> {
        let Some(first) = case.wrong_hand.first() else {
            return vec![];
        };
        let key = |id: &str| self.w.word("key", id, self.lang).unwrap_or(id).to_string();
        let Some(deal) = &case.deal else {
            return vec![self.error(
                "case.wrong_hand.no_deal",
                first.2,
                &[
                    ("key", key("card_in_wrong_hand").into()),
                    ("deal", key("deal").into()),
                ],
            )];
        };
        case.wrong_hand
            .iter()
            .filter_map(|&(held_by, card, span)| {
                let dealt_to = Seat::ALL.into_iter().find(|s| deal.hand(*s).contains(card));
                match dealt_to {
                    Some(s) if s != held_by => None,
                    None => Some(self.error(
                        "case.wrong_hand.not_dealt",
                        span,
                        &[("card", Arg::Card(card))],
                    )),
                    Some(_) => Some(self.error(
                        "case.wrong_hand.own",
                        span,
                        &[
                            ("card", Arg::Card(card)),
                            ("seat", Arg::Seat(held_by)),
                            ("key", key("card_in_wrong_hand").into()),
                        ],
                    )),
                }
            })
            .collect()
    }
}

/// The errors of a case's cards in the wrong hand once its deal is known (a PBN record gave
/// it), said in `said_in` or else the case's language.
pub fn wrong_hand_errors(case: &Case, said_in: Option<Lang>) -> Vec<Diag> {
    let lang = case.lang.unwrap_or(Lang::En);
    let cx = Cx {
        w: CaseWords::builtin(),
        lang,
        said: said_in.unwrap_or(lang),
        file: case.file,
    };
    cx.wrong_hand_errors(case)
}
