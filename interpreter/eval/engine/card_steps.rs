//! The steps of a rectification that act on the cards: a card taken back or kept played, the
//! play started again, the deal restored (a card back in the hand it was dealt to), the next
//! lead given to a hand, a card deemed played or placed, tricks awarded or transferred
//! (`steps.rs` runs the others).

use super::*;
use crate::syntax::ast::StepKind;

impl<'a> Table<'a> {
    /// Run one of the card steps (`Table::run_until_defer` hands them here), with the
    /// rectification's bindings and the view of the table as it stands before the step.
    pub(super) fn card_step(
        &mut self,
        kind: &'a StepKind,
        exec: &mut Exec<'a>,
        inst: usize,
        view: &View,
    ) -> Result<(), Fail> {
        match kind {
            StepKind::Retract(v) => {
                let card = card_var(exec, v);
                // The cards of later tricks go back with it (`retract`), and the ruling
                // names each (45D1's card changed after the next lead: the lead too).
                let later = self.cards_after_trick_of(card);
                let seat = self.retract(card)?;
                self.taken_back(inst, std::iter::once((seat, card)).chain(later));
            }
            // A card stays played: whoever took it back may not (47F2).
            StepKind::Stands(v) => {
                let card = card_var(exec, v);
                if let Some(seat) = self.play.as_ref().and_then(|p| p.player_of(card)) {
                    let card = card.to_string();
                    self.effect(inst, Effect::CardStays { seat, card });
                }
            }
            StepKind::RestartPlay => {
                let back = self.restart_play()?;
                self.taken_back(inst, back);
                if let Some(p) = self.play.as_ref() {
                    let leader = p.next;
                    self.effect(inst, Effect::PlayRestarted { leader });
                }
            }
            StepKind::RestoreDeal => {
                let cards = self.restore_deal();
                if !cards.is_empty() {
                    self.effect(inst, Effect::DealRestored { cards });
                }
            }
            StepKind::LeadFrom(e) => {
                let seat = match self.ev.eval(e, &mut exec.env, view)? {
                    Value::Seat(s) => s,
                    _ => unreachable!("checked: a seat"),
                };
                self.lead_from(seat)?;
                self.effect(inst, Effect::LeadFrom { seat });
            }
            StepKind::PlayCard { card: v, together } => {
                let card = card_var(exec, v);
                let together = match together {
                    Some(e) => match self.ev.eval(e, &mut exec.env, view)? {
                        Value::List(cs) => cs
                            .iter()
                            .filter_map(|c| match c {
                                Value::Card(c) if *c != card => Some(*c),
                                _ => None,
                            })
                            .collect(),
                        _ => unreachable!("checked: a list of cards"),
                    },
                    None => vec![],
                };
                self.deemed_plays.push((card, together));
                if let Some(seat) = self.play.as_ref().and_then(|p| p.holder(card)) {
                    self.effect(
                        inst,
                        Effect::DeemedPlayed {
                            seat,
                            card: card.to_string(),
                        },
                    );
                }
            }
            StepKind::Place { card: v, trick } => {
                let card = card_var(exec, v);
                let n = match trick {
                    Some(e) => match self.ev.eval(e, &mut exec.env, view)? {
                        Value::Int(n) => Some(n),
                        _ => unreachable!("checked: an int"),
                    },
                    None => None,
                };
                let seat = self.place(card, n, self.irregs[inst].law)?;
                self.effect(
                    inst,
                    Effect::Placed {
                        seat,
                        card: card.to_string(),
                        trick: n.map(|n| n.clamp(0, 13) as u8),
                    },
                );
            }
            StepKind::Award { count, to } | StepKind::Transfer { count, to } => {
                let n = match self.ev.eval(count, &mut exec.env, view)? {
                    Value::Int(n) => n,
                    _ => unreachable!("checked: an int"),
                };
                let side = match self.ev.eval(to, &mut exec.env, view)? {
                    Value::Side(s) => s,
                    _ => unreachable!("checked: a side"),
                };
                let tricks = n.clamp(0, 13) as u8;
                if matches!(kind, StepKind::Award { .. }) {
                    // The effect first: the award ends the play, and the steps waiting
                    // for its end report after it.
                    self.effect(inst, Effect::Awarded { tricks, to: side });
                    self.award(n, side)?;
                } else {
                    self.transfer(n, side)?;
                    self.effect(inst, Effect::Transferred { tricks, to: side });
                }
            }
            _ => unreachable!("only the card steps come here"),
        }
        Ok(())
    }

    /// Cards deemed played (`deemed_plays`), each by its holder, in order, and then any that
    /// playing them deems played; a card no hand holds any longer (played since) is passed
    /// over.
    pub(super) fn play_deemed(&mut self, cards: Vec<(Card, Vec<Card>)>) -> Result<(), Fail> {
        self.deemed_plays.splice(0..0, cards);
        while !self.deemed_plays.is_empty() {
            let (card, together) = self.deemed_plays.remove(0);
            if let Some(seat) = self.play.as_ref().and_then(|p| p.holder(card)) {
                self.feed_play(Some(seat), card)?;
                if !together.is_empty() {
                    self.feed_exposure(seat, &together, Exposure::WithPlay)?;
                }
            }
        }
        Ok(())
    }

    /// The ruling names each card taken back, with its holder.
    fn taken_back(&mut self, inst: usize, cards: impl IntoIterator<Item = (Seat, Card)>) {
        for (seat, card) in cards {
            let card = card.to_string();
            self.effect(inst, Effect::Retracted { seat, card });
        }
    }
}

/// The card a card variable of the rule names (the checker made sure it is one).
fn card_var(exec: &Exec<'_>, v: &crate::syntax::ast::Ident) -> Card {
    exec.card(&v.name).expect("checked: a card")
}
