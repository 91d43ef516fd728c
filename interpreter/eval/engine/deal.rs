//! The deal as the board held it: a card found in a hand it was not dealt to (Law 13: the
//! case's `card_in_wrong_hand`) starts there, and `restore deal` puts it back in the hand it
//! was dealt to (`restored_in`, `in_wrong_hand` read what it did).

use super::*;
use crate::ruling::CardRestored;

impl Table<'_> {
    /// The board's deal, and the cards a hand held that were dealt to another (`held`: the
    /// hand that held each). The table starts with each of them where it was held.
    pub fn set_deal(&mut self, deal: Option<Deal>, held: impl IntoIterator<Item = (Seat, Card)>) {
        let mut deal = deal;
        let mut wrong = vec![];
        if let Some(d) = deal.as_mut() {
            for (held_by, card) in held {
                if let Some(dealt_to) = Seat::ALL.into_iter().find(|s| d.hand(*s).contains(card)) {
                    d.hands[dealt_to.index()].remove(card);
                    d.hands[held_by.index()].insert(card);
                    wrong.push((card, held_by, dealt_to));
                }
            }
        }
        self.wrong_hand = wrong.into();
        self.deal.set(deal);
    }

    /// Each card held in a hand it was not dealt to goes back to the hand it was dealt to,
    /// unless it has been played (a played card stays in its trick). The cards moved: the
    /// card, the hand that held it, the hand it was dealt to.
    pub(super) fn restore_deal(&mut self) -> Vec<CardRestored> {
        let mut moved = vec![];
        for &(card, held_by, dealt_to) in self.wrong_hand.iter() {
            let held = match (&*self.play, &*self.deal) {
                (Some(p), _) => p.hands[held_by.index()].contains(card),
                (None, Some(d)) => d.hand(held_by).contains(card),
                (None, None) => false,
            };
            if !held {
                continue;
            }
            let back = |hands: &mut [Hand; 4]| {
                hands[held_by.index()].remove(card);
                hands[dealt_to.index()].insert(card);
            };
            if let Some(d) = self.deal.change().as_mut() {
                back(&mut d.hands);
            }
            if let Some(p) = self.play.change().as_mut() {
                back(&mut p.hands);
            }
            let trick = self.play.as_ref().map_or(0, |p| p.trick_number());
            self.restored.change().push((card, trick));
            moved.push(CardRestored {
                card: card.to_string(),
                held_by,
                dealt_to,
            });
        }
        moved
    }
}
