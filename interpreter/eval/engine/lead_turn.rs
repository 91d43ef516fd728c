//! The leader's turn: when it comes (the opening lead, a trick won), and when it waits for a
//! ruling on the trick just completed whose answer may change who leads (52B2: a card taken
//! back; 62B: a revoke corrected when attention is drawn). A trick led while it waited is
//! read again: taken back before the rules of the answer it waited for run, and played again
//! after them (`reread::take_back_trick_led_while_held`); at the Director's call, once the
//! turn comes (`reread::read_held_trick_again`).

use super::*;

/// When the leader's turn was held: the cards played by then (`every_play`'s length) and the
/// events fed, so that a trick led while it waited is told from one led before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct HeldAt {
    plays: usize,
    event: usize,
}

impl Table<'_> {
    /// A player's turn to lead has come (the opening lead, a trick won): what the law book
    /// rules then (50D2, 51B: the partner of a penalty card's holder is on lead).
    pub(super) fn lead_turn(&mut self, leader: Seat) -> Result<(), Fail> {
        let t = self.play.as_ref().map_or(0, |p| p.tricks.len() as i64 + 1);
        let found = self.detect(Act::LeadTurn, leader, &Value::Int(t), None, &[])?;
        if found.is_empty() {
            return Ok(());
        }
        self.rule(found, leader, t.to_string())
    }

    /// The next leader's turn waits for a ruling on the trick just completed.
    pub(super) fn hold_lead_turn(&mut self) {
        let plays = self.play.as_ref().map_or(0, |p| p.every_play.len());
        self.lead_turn_held.set(Some(HeldAt {
            plays,
            event: self.event,
        }));
    }

    /// An open choice on a card of the last trick played to (the act it rules was that card),
    /// or with `attention`, a rectification of one waiting for attention to be drawn (62A).
    pub(super) fn ruling_open_on_last_trick(&self, attention: bool) -> bool {
        let tricks = self.play.as_ref().map_or(0, |p| p.tricks.len());
        self.ruling_open_on_trick(tricks.wrapping_sub(1), attention)
    }

    /// `ruling_open_on_last_trick` for trick `t` (0 the first).
    fn ruling_open_on_trick(&self, t: usize, attention: bool) -> bool {
        let Some(last) = self.play.as_ref().and_then(|p| p.tricks.get(t)) else {
            return false;
        };
        self.pending.iter().any(|p| {
            (matches!(p.waiting, Waiting::Choice { .. })
                || attention && matches!(p.waiting, Waiting::Director { again: None, .. }))
                && matches!(p.exec.act.0, Value::Card(c) if last.iter().any(|r| r.card == c))
        })
    }

    /// A card is led while the leader's turn waits for attention to a revoke of the last
    /// trick: nobody drew it, and the turn came before the card (50D2: it may be a lead
    /// before declarer's choice).
    pub(super) fn lead_turn_before_card(&mut self) -> Result<(), Fail> {
        self.release_lead_turn_unless(false)
    }

    /// After a choice is answered or attention drawn: the leader's turn that waited for it
    /// comes, unless another such ruling is still open, or the answer took a card of the
    /// trick back (the card that replaces it completes the trick, and the turn comes then).
    /// `read_again`: at an event of its own (an answer said, the Director called), not one
    /// that is a card, the next trick led meanwhile is read again after the turn.
    pub(super) fn release_lead_turn(&mut self, read_again: bool) -> Result<(), Fail> {
        if self.lead_turn_held.is_some() && self.led_while_held() {
            // The turn waits on the trick before the one led meanwhile.
            let held = self.play.as_ref().map_or(0, |p| p.tricks.len() - 2);
            if self.ruling_open_on_trick(held, true) {
                return Ok(());
            }
            self.lead_turn_held.set(None);
            // At a card (the answer it implies), the turn came with the trick led.
            return if read_again {
                self.read_held_trick_again()
            } else {
                Ok(())
            };
        }
        self.release_lead_turn_unless(true)
    }

    /// The held leader's turn comes, unless a ruling on the last trick's cards is open (a
    /// choice; with `attention`, a revoke waiting for attention too).
    fn release_lead_turn_unless(&mut self, attention: bool) -> Result<(), Fail> {
        if self.lead_turn_held.is_none() || self.ruling_open_on_last_trick(attention) {
            return Ok(());
        }
        self.lead_turn_held.set(None);
        let play = self.play.as_ref().unwrap();
        if play.in_progress() || play.ended {
            return Ok(());
        }
        self.lead_turn(play.next)
    }

    /// The trick in progress was led, and each of its cards played, while the leader's turn
    /// waited, and nothing was ruled on them: a lead made before it was known who leads
    /// (a card of the last trick under a choice, 52B).
    pub(super) fn led_while_held(&self) -> bool {
        let Some(play) = self.play.as_ref().filter(|p| p.in_progress() && !p.ended) else {
            return false;
        };
        let Some(HeldAt { plays, event }) = *self.lead_turn_held else {
            return false;
        };
        let after_hold = |c: Card| {
            play.every_play
                .get(plays..)
                .is_some_and(|later| later.iter().any(|(_, x, _)| *x == c))
        };
        play.tricks.len() >= 2
            && play.tricks.len() == play.winners.len() + 1
            && play.current().iter().all(|r| after_hold(r.card))
            && self.irregs.iter().all(|r| r.event <= event)
    }
}
