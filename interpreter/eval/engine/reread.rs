//! Cards read again: a lead whose trick before it changed hands once a defective trick was
//! completed (67A1, 44G), and a card the offending side played before a rectification that
//! binds it was chosen (60C). Each goes back and is played again; what of its first ruling
//! still waits lapses, saying why.

use super::*;
use crate::syntax::ast::Ident;

/// 60C (SK 1528): "Zahraniť [sic] hráča previnivšej strany skôr ako bola stanovená náprava nemá
/// vplyv na práva súperov a môže byť samo predmetom nápravy". A card the offending side
/// played to the irregularity's trick after it, before the rectification that now binds the
/// player at his next turn (57A: declarer's choice for the offender's partner), was that
/// turn: it and every card played after it are taken back and played again in their order,
/// the first under the obligation, and what of its first ruling still waits lapses (a
/// penalty card's 52B choice: the card may be the one the rectification asks for).
impl<'a> Table<'a> {
    /// At `impose … at next turn` of a play obligation on `holder`: his card, if it is one.
    pub(super) fn note_early_play(
        &mut self,
        inst: usize,
        exec: &Exec<'a>,
        holder: Seat,
        obligation: &Ident,
        duration: Duration,
    ) {
        let on_play = self.book.obligations[&*obligation.name].on_play;
        let (Value::Card(act), offender) = (&exec.act.0, self.irregs[inst].offender) else {
            return;
        };
        let Some(play) = self.play.as_ref() else {
            return;
        };
        if !on_play || duration != Duration::NextTurn || holder.side() != offender.side() {
            return;
        }
        // The irregularity's card and its trick, and the holder's card in that trick after it
        // (the trick may have been completed since, and the next one led). The card may have
        // been played again since it was taken back (a penalty card played at its holder's
        // turn, completing the trick): the play that was the act is the latest one the
        // holder's card in its trick came after.
        let early_after = |a: usize| {
            let trick = play.every_play[a].2;
            let early = play
                .tricks
                .get(usize::from(trick).wrapping_sub(1))
                .and_then(|t| t.iter().find(|r| r.seat == holder))
                .map(|r| r.card)?;
            play.every_play[a + 1..]
                .iter()
                .any(|(s, c, t)| *s == holder && *c == early && *t == trick)
                .then_some(early)
        };
        let early = (0..play.every_play.len())
            .rev()
            .filter(|&a| matches!(play.every_play[a], (s, c, _) if s == offender && c == *act))
            .find_map(early_after);
        if let Some(early) = early {
            if !self.early_plays.iter().any(|(c, _)| *c == early) {
                self.early_plays.push((early, self.irregs[inst].law));
            }
        }
    }

    /// Once the act is ruled, each early card goes back with every card played after it,
    /// what of its first ruling still waits lapses, and they are played again in order.
    pub(super) fn rejudge_early_plays(&mut self) -> Result<(), Fail> {
        for (card, law) in std::mem::take(&mut self.early_plays) {
            let Some(play) = self.play.as_ref() else {
                return Ok(());
            };
            let Some(seat) = (0..play.tricks.len())
                .flat_map(|t| play.tricks[t].iter())
                .find(|r| r.card == card)
                .map(|r| r.seat)
            else {
                continue;
            };
            let t = play
                .tricks
                .iter()
                .position(|t| t.iter().any(|r| r.card == card));
            let again: Vec<Card> = play.tricks[t.unwrap_or(0)..]
                .iter()
                .flatten()
                .map(|r| r.card)
                .skip_while(|c| *c != card)
                .collect();
            // Its breaches are judged again with it (those it discharged, `retract` gives back).
            for o in self.obligations.change().iter_mut() {
                let discharged = o.discharged_card.is_some_and(|(c, _)| c == card);
                if o.holder == seat && o.broken_by_card == Some(card) && !discharged {
                    o.breaches = o.breaches.saturating_sub(1);
                    o.broken_by_card = None;
                }
            }
            self.take_back(&again)?;
            self.lapse_rectifications_of_card(seat, card, Effect::PlayReadAgain { law });
            self.deemed_plays
                .splice(0..0, again.into_iter().map(|c| (c, vec![])));
        }
        Ok(())
    }
}

impl Table<'_> {
    /// A lead ruled out of turn, read again since the trick before it changed hands (67A1):
    /// what of its first rectification still waits (a choice, the Director) lapses, shown
    /// under it with `why`.
    pub(super) fn lapse_rectifications_of_card(&mut self, seat: Seat, card: Card, why: Effect) {
        self.lapse_waiting(
            |p| {
                matches!(p.exec.act, (Value::Card(c), s, _) if c == card && s == seat)
                    && !matches!(p.waiting, Waiting::End { .. })
            },
            &why,
        );
    }
}

impl Table<'_> {
    /// Trick `n` (1-based) changed hands and `next` leads the one after it (67A1, 44G):
    /// its lead, made by another, is read again as out of turn; made by `next` out of turn
    /// at the time, it is in turn after all; already taken back, what of its ruling still
    /// waits lapses. `law`: the supply's.
    pub(super) fn read_next_lead_again(
        &mut self,
        n: usize,
        next: Seat,
        law: u32,
    ) -> Result<(), Fail> {
        let play = self.play.as_ref().unwrap();
        let lead = play.tricks.get(n).and_then(|t| t.first()).copied();
        let led_by_another = lead.is_some_and(|l| l.seat != next);
        let in_turn_after_all = lead.is_some_and(|l| l.seat == next && l.due != l.seat);
        if led_by_another || in_turn_after_all {
            let again: Vec<Card> = play.tricks[n..].iter().flatten().map(|r| r.card).collect();
            self.take_back(&again)?;
            let play = self.play.change().as_mut().unwrap();
            play.next = next;
            play.lead_vacant = None;
            self.deemed_plays
                .extend(again.into_iter().map(|c| (c, vec![])));
        }
        if let Some(l) = lead.filter(|_| led_by_another || in_turn_after_all) {
            let read_again = Effect::LeadReadAgain {
                winner: next,
                in_turn: in_turn_after_all,
                law,
            };
            self.lapse_rectifications_of_card(l.seat, l.card, read_again);
        }
        // The new winner's lead to the next trick, already taken back as out of turn
        // (56B: a penalty card now): what of its rectification still waits (50D2's
        // choice for his partner's lead) lapses, since he is on lead himself. What was
        // carried out stays.
        let play = self.play.as_ref().unwrap();
        let taken_back = lead.is_none().then(|| {
            play.every_play
                .iter()
                .rev()
                .find(|(s, c, t)| {
                    *s == next
                        && usize::from(*t) == n + 1
                        && !play.tricks.iter().flatten().any(|r| r.card == *c)
                })
                .map(|(_, c, _)| *c)
        });
        if let Some(c) = taken_back.flatten() {
            let read_again = Effect::LeadTakenBackInTurn { winner: next, law };
            self.lapse_rectifications_of_card(next, c, read_again);
        }
        Ok(())
    }
}

impl Table<'_> {
    /// Cards played go back to their holders, the latest first, each with what it discharged
    /// (`retract`).
    fn take_back(&mut self, cards: &[Card]) -> Result<(), Fail> {
        for &c in cards.iter().rev() {
            self.retract(c)?;
        }
        Ok(())
    }

    /// A trick led while the leader's turn waited was led before the turn came: its cards go
    /// back and are played again, in order, after the turn, so that what the turn asks comes
    /// first. (50D2, SK 1332: the defender on lead whose partner holds a major penalty card
    /// "nesmie vyniesť, dokiaľ hlavný hráč neoznámi jednu z nižšie uvedených možností"; the
    /// law book rules such a lead as `lead_before_declarers_choice`.)
    pub(super) fn read_held_trick_again(&mut self) -> Result<(), Fail> {
        let again = self.take_back_current_trick()?;
        let next = self.play.as_ref().unwrap().next;
        self.lead_turn(next)?;
        self.deemed_plays
            .splice(0..0, again.into_iter().map(|c| (c, vec![])));
        Ok(())
    }

    /// Before an answer's rules run: a trick led while the leader's turn waited for the
    /// answer goes back, its cards to be played again after them (`replay_after_answer`).
    /// The answer may take back a card of the last trick (52B2: not accepted, the card goes
    /// back and its holder has still to play to the trick), and the lead would go back with
    /// it unruled. Played again, it is ruled as what it then is: a lead before declarer's
    /// 50D2 choice, or a lead to the next trick before partner has played to this one
    /// (57A). Not a lead out of turn once the trick is completed (56): no law holds the lead
    /// back until then, and the Director rules on the table as it is when he is called.
    pub(super) fn take_back_trick_led_while_held(&mut self) -> Result<Vec<Card>, Fail> {
        if self.lead_turn_held.is_none() || !self.led_while_held() {
            return Ok(vec![]);
        }
        self.take_back_current_trick()
    }

    /// The cards of the trick in progress, taken back, in the order they were played.
    fn take_back_current_trick(&mut self) -> Result<Vec<Card>, Fail> {
        let play = self.play.as_ref().unwrap();
        let again: Vec<Card> = play.current().iter().map(|r| r.card).collect();
        self.take_back(&again)?;
        Ok(again)
    }

    /// The cards `take_back_trick_led_while_held` took back, played again by their holders
    /// after the cards the answer's rules play.
    pub(super) fn replay_after_answer(&mut self, cards: Vec<Card>) {
        self.deemed_plays
            .extend(cards.into_iter().map(|c| (c, vec![])));
    }
}
