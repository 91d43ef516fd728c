//! The play: cards led and played, by whoever played them, ruled one by one; cards taken
//! back; tricks won, transferred, and the end of the play. The table asks the law book who
//! leads (41A), who plays next (44B), whether a card follows suit (44C), who wins a trick
//! (44E, 44F) and who leads next (44G); a card that breaks a law is an irregularity the law
//! book rules, and the play goes on.

use super::*;
use crate::model::Side;
use irregularity::Holders;

impl<'a> Table<'a> {
    /// Start the play: the contract and the opening leader from the law book.
    pub(super) fn start_play(&mut self) -> Result<(), Fail> {
        if !self.ended {
            return Err(self.event_error(Message::new("table.play_before_end")));
        }
        if self.ask("passed_out", vec![])? == Value::Bool(true) {
            return Err(self.event_error(Message::new("table.play_passed_out")));
        }
        let Some(deal) = (*self.deal).clone() else {
            return Err(self.event_error(Message::new("table.play_no_deal")));
        };
        let (declarer, strain, next) = self.contract_and_leader()?;
        *self.play.change() = Some(PlayState {
            declarer,
            strain,
            hands: deal.hands,
            tricks: vec![],
            every_play: vec![],
            winners: vec![],
            omitted: vec![],
            hidden: vec![],
            lead_vacant: None,
            next,
            transferred: 0,
            awarded: None,
            ended: false,
        });
        self.lead_turn(next)
    }

    /// The law book's declarer, trump strain and opening leader (41A) for the auction as it
    /// stands.
    fn contract_and_leader(&mut self) -> Result<(Seat, Strain, Seat), Fail> {
        let declarer = seat_of(self.ask("declarer", vec![])?);
        let bid = self.ask("final_bid", vec![])?;
        let Some((_, strain)) = bid.read_bid() else {
            return Err(self.event_error(Message::plain(format!(
                "the final bid `{bid}` is not a bid"
            ))));
        };
        let next = seat_of(self.ask("opening_leader", vec![])?);
        Ok((declarer, strain, next))
    }

    /// The play starts again under the contract the auction now gives (`restart play`): every
    /// card played goes back to its holder, the last first, and the opening leader of that
    /// contract leads. The cards taken back, in the order they were played. Before the play
    /// began, nothing: it begins under that contract.
    pub(super) fn restart_play(&mut self) -> Result<Vec<(Seat, Card)>, Fail> {
        let Some(play) = self.play.as_ref() else {
            return Ok(vec![]);
        };
        let played: Vec<Card> = play.tricks.iter().flatten().map(|r| r.card).collect();
        let mut back = vec![];
        for card in played.into_iter().rev() {
            back.push((self.retract(card)?, card));
        }
        back.reverse();
        let (declarer, strain, next) = self.contract_and_leader()?;
        let play = self.play.change().as_mut().unwrap();
        play.declarer = declarer;
        play.strain = strain;
        play.next = next;
        play.lead_vacant = None;
        self.lead_turn(next)?;
        Ok(back)
    }

    /// The play starts at the first event of the play period (a card, or an answer given
    /// before the opening lead), unless the board was passed out or has no deal.
    pub(super) fn start_play_if_due(&mut self) -> Result<(), Fail> {
        if !self.ended || self.play.is_some() || self.deal.is_none() {
            return Ok(());
        }
        if self.ask("passed_out", vec![])? == Value::Bool(true) {
            return Ok(());
        }
        self.start_play()
    }

    /// Whose turn it is to play, starting the play if it has not started.
    pub fn next_player(&mut self) -> Result<Seat, Fail> {
        if self.play.is_none() {
            self.start_play()?;
        }
        Ok(self.play.as_ref().unwrap().next)
    }

    /// A card led or played. `named`: the player the case says played it (a lead out of
    /// turn, a card from the wrong hand); otherwise whoever's turn it is.
    pub(super) fn feed_play(&mut self, named: Option<Seat>, card: Card) -> Result<(), Fail> {
        self.next_player()?;
        self.lead_faced.set(true);
        // The answers given before this card hold first: an agreed claim has ended the play
        // (68D), an objection may let it go on (68D2(b)), a lead out of turn refused by the
        // defender not next to play goes back and the turn with it (55B2). Then the card is
        // the player's whose turn it is, unless the case names another.
        self.settle_answered()?;
        let seat = named.unwrap_or(self.next_player()?);
        self.lead_turn_before_card()?;
        {
            let play = self.play.as_ref().unwrap();
            if play.ended {
                let key = if play.awarded.is_some() {
                    "table.after_claim"
                } else {
                    "table.after_thirteen"
                };
                return Err(
                    self.event_error(Message::new(key).with("seat", seat).with("card", card))
                );
            }
            if !play.hands[seat.index()].contains(card) {
                return Err(self.event_error(
                    Message::new("table.trick_not_held")
                        .with("trick", play.trick_number())
                        .with("seat", seat)
                        .with("card", card),
                ));
            }
        }
        // A card that answers an open choice by being played (53A: the next player plays
        // to a lead out of turn, and so accepts it); every such choice, those too that the
        // defaults this card settles open (39C noticed only when the opening leader, the
        // offender's partner, leads: 26B's choice, which his lead passes by).
        let deemed_before = self.deemed_plays.len();
        if !self.answer_by_act(seat, true)? {
            self.settle_defaults(None)?;
        }
        for _ in 1..MAX_ANSWERS_OF_ONE_ACT {
            if !self.answer_by_act(seat, true)? {
                break;
            }
        }
        // What the rules of those answers deem played comes before this card (60A2: the
        // premature card whose rectification the card forfeited counts as played in its
        // turn, before it).
        if self.deemed_plays.len() > deemed_before {
            let first = self.deemed_plays.split_off(deemed_before);
            self.play_deemed(first)?;
        }
        // The leader's card where the trick's lead was taken back and cards played after it
        // stay: it is ruled as the lead, the cards that stayed set aside until it is placed
        // first, and then put back after it in the order they were played.
        let held = {
            let play = self.play.change().as_mut().unwrap();
            if play.lead_vacant == Some(seat) && play.in_progress() {
                play.lead_vacant = None;
                std::mem::take(play.tricks.last_mut().unwrap())
            } else {
                vec![]
            }
        };
        let due = self.play.as_ref().unwrap().next;
        let lead = self.play.as_ref().unwrap().current().is_empty();
        let view = self.view();
        let legal = self.ev.call(
            "legal_play",
            vec![
                Value::Card(card),
                Value::List(view.trick.clone()),
                Value::List(view.hand_list(seat)),
            ],
            &view,
        )?;
        let x = Value::Card(card);
        let breaches = self.check_obligations(seat, &x, true, lead)?;
        let found = self.detect(Act::Play, seat, &x, None, &breaches)?;
        // The card is played; then what it breaks is ruled; then the play goes on.
        {
            let play = self.play.change().as_mut().unwrap();
            play.hands[seat.index()].remove(card);
            if !play.in_progress() {
                play.tricks.push(vec![]);
            }
            play.tricks
                .last_mut()
                .unwrap()
                .push(PlayRec { seat, card, due });
            play.tricks.last_mut().unwrap().extend(held);
            play.every_play.push((seat, card, play.tricks.len() as u8));
            play.next = seat;
        }
        let trick = self.play.as_ref().unwrap().tricks.len() as u8;
        if found.is_empty() {
            if legal != Value::Bool(true) {
                self.notes.push(Note::UngovernedPlay {
                    seat,
                    card: card.to_string(),
                    trick,
                });
            }
            self.note_ungoverned(seat, &card.to_string(), &breaches);
        } else {
            self.rule(found, seat, card.to_string())?;
        }
        // Unless the ruling took the card back, what it ends for the others, and the next
        // player is asked for.
        if self.is_played(card) {
            self.settle_ends(seat, &x, Holders::Others)?;
            self.advance()?;
        }
        Ok(())
    }

    /// Two players' cards at the same moment (58A): the law book says which counts first;
    /// each is then played as any card is, the second perhaps out of turn.
    pub(super) fn feed_played_together(&mut self, plays: [(Seat, Card); 2]) -> Result<(), Fail> {
        self.next_player()?;
        let [a, b] = plays;
        let first = self.ask(
            "first_of_simultaneous_plays",
            vec![Value::Seat(a.0), Value::Seat(b.0)],
        )?;
        let (first, second) = if first == Value::Seat(b.0) {
            (b, a)
        } else {
            (a, b)
        };
        self.together(false, |t| t.feed_play(Some(first.0), first.1))?;
        let fed = self.together(true, |t| t.feed_play(Some(second.0), second.1));
        self.opened_together.clear();
        fed
    }

    /// A player takes back a card he played: the law book says whether he may (47, 62C) and
    /// takes it back (`retract`); a withdrawal no rule allows leaves the card played.
    /// Declarer may name a card of dummy's (47C: he changes his designation).
    pub(super) fn feed_withdrawal(&mut self, seat: Seat, card: Card) -> Result<(), Fail> {
        self.next_player()?;
        self.settle_defaults(None)?;
        let played_by = self.play.as_ref().and_then(|p| {
            p.tricks
                .iter()
                .flatten()
                .find(|r| r.card == card)
                .map(|r| r.seat)
        });
        let declarer = self.play.as_ref().map(|p| p.declarer);
        let dummys = declarer.is_some_and(|d| seat == d && played_by == Some(d.partner()));
        if played_by != Some(seat) && !dummys {
            // A card he played that a ruling has already taken back (62B's correction when
            // the Director was called first): say so, not that he never played it.
            let taken_back = self.play.as_ref().is_some_and(|p| {
                p.every_play
                    .iter()
                    .any(|&(s, c, _)| c == card && (s == seat || declarer == Some(seat)))
            });
            let key = if taken_back {
                "table.already_taken_back"
            } else {
                "table.not_played"
            };
            return Err(self.event_error(Message::new(key).with("seat", seat).with("card", card)));
        }
        let note = Note::UngovernedWithdrawal {
            seat,
            card: card.to_string(),
        };
        let x = Value::Card(card);
        self.rule_or_note(Act::Withdrawal, seat, &x, card.to_string(), note)
            .map(|_| ())
    }

    fn is_played(&self, card: Card) -> bool {
        self.play
            .as_ref()
            .is_some_and(|p| p.tricks.iter().flatten().any(|r| r.card == card))
    }

    /// After a card: the next to play, or the trick's winner and the next leader,
    /// or the end of the play.
    fn advance(&mut self) -> Result<(), Fail> {
        let play = self.play.as_ref().unwrap();
        if play.in_progress() && play.current().len() + play.omitted.len() == 4 {
            if play.omitted.is_empty() {
                self.settle_trick()?;
                self.next_trick()
            } else {
                self.quit_trick()
            }
        } else {
            self.next_in_rotation()
        }
    }

    /// The trick in progress is complete: its winner (44E, 44F) and the next leader (44G),
    /// from the cards it holds.
    fn settle_trick(&mut self) -> Result<(), Fail> {
        let (winner, next) = self.trick_result(self.play.as_ref().unwrap().tricks.len())?;
        let play = self.play.change().as_mut().unwrap();
        play.winners.push(winner);
        play.omitted.clear();
        play.next = next;
        Ok(())
    }

    /// Who wins trick `n` (1 the first) with the cards it holds, and who leads next.
    fn trick_result(&mut self, n: usize) -> Result<(Seat, Seat), Fail> {
        let play = self.play.as_ref().unwrap();
        let strain = Value::Strain(play.strain);
        let trick = Value::List(Rc::new(
            play.tricks[n - 1]
                .iter()
                .map(|r| Value::Play(r.seat, r.card, n as u8))
                .collect(),
        ));
        let winner = seat_of(self.ask("trick_winner", vec![trick.clone(), strain.clone()])?);
        let next = seat_of(self.ask("next_leader", vec![trick, strain])?);
        Ok((winner, next))
    }

    /// After a complete trick: the next leader's turn, or the end of the play.
    fn next_trick(&mut self) -> Result<(), Fail> {
        let play = self.play.change().as_mut().unwrap();
        if play.tricks.len() == 13 {
            play.ended = true;
            self.end_play()
        } else {
            let next = play.next;
            // A choice the trick's cards opened may still take one back and change who
            // leads (52B2: declarer does not accept the card played instead of a penalty
            // card), and so may a revoke among them corrected when attention is drawn (62B:
            // the card replaced, another wins): the leader's turn comes once it is answered,
            // or attention drawn, or when a card is led first (`lead_turn_before_card`).
            if self.ruling_open_on_last_trick(true) {
                self.hold_lead_turn();
                return Ok(());
            }
            self.lead_turn(next)
        }
    }

    /// The trick in progress is turned before every player played to it (`quitted`): it is
    /// complete with the cards it holds, and each player missing from it is an act the law
    /// book rules (Law 67: a defective trick).
    pub(super) fn feed_quitted(&mut self) -> Result<(), Fail> {
        self.next_player()?;
        self.settle_defaults(None)?;
        if self.play.as_ref().unwrap().current().is_empty() {
            return Err(self.event_error(Message::new("table.quitted")));
        }
        self.quit_trick()
    }

    /// The player whose turn it is does not play (`N omits`): the turn passes him, and the
    /// trick is complete without his card once the others have played (Law 67).
    pub(super) fn feed_omission(&mut self, seat: Seat) -> Result<(), Fail> {
        let due = self.next_player()?;
        self.settle_defaults(None)?;
        let play = self.play.as_ref().unwrap();
        if play.current().is_empty() || seat != due {
            let message = if play.current().is_empty() {
                Message::new("table.omits.no_lead")
            } else {
                Message::new("table.omits.not_his_turn").with("due", due)
            };
            return Err(self.event_error(message.with("seat", seat)));
        }
        self.play.change().as_mut().unwrap().omitted.push(seat);
        self.advance()
    }

    /// The trick in progress is complete with the cards it holds; each player missing from
    /// it is an act the law book rules (`trick_quitted`), then the play goes on.
    fn quit_trick(&mut self) -> Result<(), Fail> {
        let play = self.play.as_ref().unwrap();
        let leader = play.current()[0].seat;
        let mut missing = vec![];
        let mut s = leader;
        for _ in 0..4 {
            if !play.current().iter().any(|r| r.seat == s) {
                missing.push(s);
            }
            s = s.lho();
        }
        let t = play.tricks.len() as i64;
        self.settle_trick()?;
        for seat in missing {
            let note = Note::UngovernedQuitted {
                seat,
                trick: t as u8,
            };
            self.rule_or_note(Act::TrickQuitted, seat, &Value::Int(t), t.to_string(), note)?;
        }
        self.next_trick()
    }

    /// A player supplies a card to a trick he did not play to (67A1, 67B1): the law book
    /// says where the card goes (`place`); a card no rule places stays in his hand.
    pub(super) fn feed_supply(&mut self, seat: Seat, card: Card) -> Result<(), Fail> {
        self.next_player()?;
        self.settle_defaults(None)?;
        if !self.play.as_ref().unwrap().hands[seat.index()].contains(card) {
            return Err(self.event_error(
                Message::new("table.not_held")
                    .with("seat", seat)
                    .with("card", card),
            ));
        }
        let note = Note::UngovernedSupply {
            seat,
            card: card.to_string(),
        };
        let x = Value::Card(card);
        if self.rule_or_note(Act::Supply, seat, &x, card.to_string(), note)? {
            self.settle_ends(seat, &x, Holders::Actor)?;
        }
        Ok(())
    }

    /// The next lead is made from `seat`'s hand (43B2(a)); only between tricks.
    pub(super) fn lead_from(&mut self, seat: Seat) -> Result<(), Fail> {
        let play = self.play.change().as_mut();
        match play {
            Some(p) if p.current().is_empty() && !p.ended => {
                p.next = seat;
                Ok(())
            }
            _ => Err(self.event_error(Message::new("table.lead_given").with("seat", seat))),
        }
    }

    /// A supplied card leaves its holder's hand: into trick `trick`, whose winner is then
    /// found again with it (67A1), or among his played cards, winning nothing (67B1). A
    /// trick that changes hands after the next one was led makes the new winner the leader
    /// of the next: the cards played to it are still on the table and are read again, in
    /// their order, once the act is ruled, so a lead by another player is a lead out of turn
    /// (44G: "K ďalšiemu zdvihu sa vynáša z listu, ktorý získal predchádzajúci zdvih"). A
    /// lead that was out of turn and is now the new winner's is in turn after all. A lead
    /// read again leaves what of its first ruling still waits to lapse (`law`: the supply's).
    pub(super) fn place(&mut self, card: Card, trick: Option<i64>, law: u32) -> Result<Seat, Fail> {
        let play = self.play.change().as_mut().unwrap();
        let Some(seat) = play.holder(card) else {
            return Err(self.event_error(Message::new("table.placed_unheld").with("card", card)));
        };
        match trick {
            Some(n) if n >= 1 && (n as usize) <= play.winners.len() => {
                let n = n as usize;
                play.hands[seat.index()].remove(card);
                play.tricks[n - 1].push(PlayRec {
                    seat,
                    card,
                    due: seat,
                });
                play.every_play.push((seat, card, n as u8));
                let (winner, next) = self.trick_result(n)?;
                let play = self.play.change().as_mut().unwrap();
                play.winners[n - 1] = winner;
                if play.tricks.len() == n {
                    play.next = next;
                }
                self.read_next_lead_again(n, next, law)?;
                Ok(seat)
            }
            Some(n) => Err(self.event_error(
                Message::new("table.placed_incomplete")
                    .with("card", card)
                    .with("trick", n),
            )),
            None => {
                play.hands[seat.index()].remove(card);
                Ok(seat)
            }
        }
    }

    /// 44B: the others play in rotation after the leader of the trick in progress. A card
    /// that stood although played before its turn (57C3, 57C1) does not move the turn past
    /// the players between: the next is the first after the leader who has not played.
    fn next_in_rotation(&mut self) -> Result<(), Fail> {
        let trick = self.play.as_ref().unwrap().current();
        let Some(first) = trick.first() else {
            return Ok(());
        };
        let play = self.play.as_ref().unwrap();
        let (leader, played): (Seat, Vec<Seat>) = (
            first.seat,
            trick
                .iter()
                .map(|r| r.seat)
                .chain(play.omitted.iter().copied())
                .collect(),
        );
        let mut next = leader;
        for _ in 0..4 {
            next = seat_of(self.ask("next_to_play", vec![Value::Seat(next)])?);
            if !played.contains(&next) {
                break;
            }
        }
        self.play.change().as_mut().unwrap().next = next;
        Ok(())
    }

    /// The thirteenth trick is complete: obligations of the play end, and the steps that
    /// waited for the end of the play run (64: tricks transferred).
    pub(super) fn end_play(&mut self) -> Result<(), Fail> {
        for o in self.obligations.change() {
            if o.status == "in force" {
                o.status = "ended";
                o.ended_with_play = true;
            }
        }
        self.run_at_end(Period::Play)
    }

    /// A correction took back a card of a play its thirteenth trick had ended (62D): the play
    /// goes on, the obligations that ended with it are back in force, and what its end ran
    /// waits for its next end. (A play a claim ended is not played on: it keeps both.)
    fn reopen_play(&mut self) {
        for o in self.obligations.change() {
            if o.ended_with_play && o.status == "ended" {
                o.status = "in force";
                o.ended_with_play = false;
            }
        }
        self.undo_play_end();
    }

    pub(super) fn play_ended(&self) -> bool {
        self.play.as_ref().is_some_and(|p| p.ended)
    }

    /// The play ended with its thirteenth trick, not at a claim.
    pub(super) fn play_ended_by_its_tricks(&self) -> bool {
        self.play
            .as_ref()
            .is_some_and(|p| p.ended && p.awarded.is_none())
    }

    /// The cards played to the tricks after the one `card` was played to, in the order played.
    pub(super) fn cards_after_trick_of(&self, card: Card) -> Vec<(Seat, Card)> {
        let Some(play) = self.play.as_ref() else {
            return vec![];
        };
        match play
            .tricks
            .iter()
            .rposition(|t| t.iter().any(|r| r.card == card))
        {
            Some(t) => play.tricks[t + 1..]
                .iter()
                .flatten()
                .map(|r| (r.seat, r.card))
                .collect(),
            None => vec![],
        }
    }

    /// A card played goes back to its holder's hand; so do the cards played to later
    /// tricks, whose trick the correction reopens (62C1 lets the non-offenders take them
    /// back; the case then records the play again as it went on), the latest first, each
    /// with what it discharged (`cards_after_trick_of` names them). The turn goes back to
    /// whoever's turn it was when the card was played.
    pub(super) fn retract(&mut self, card: Card) -> Result<Seat, Fail> {
        if self.play.is_none() {
            return Err(self.event_error(Message::new("table.retracted_early").with("card", card)));
        }
        for (_, c) in self.cards_after_trick_of(card).into_iter().rev() {
            self.retract(c)?;
        }
        let reopens = self.play_ended_by_its_tricks();
        // A card of the position a claim was made in, the play having ceased at it (no card
        // since: a claim the play went on after is void, 68D2(b)(ii)): the claim is ruled on
        // the position the table holds now.
        let played = self.play.as_ref().map_or(0, |p| p.every_play.len());
        if self
            .claim
            .as_ref()
            .is_some_and(|c| !c.moved && !c.no_claim && c.cards_before == played)
        {
            if let Some(c) = self.claim.change().as_mut() {
                c.moved = true;
            }
        }
        let play = self.play.change().as_mut().unwrap();
        // A card hidden with another goes back to its holder's hand; no trick changes.
        if let Some(i) = play.hidden.iter().position(|(_, c)| *c == card) {
            let (seat, card) = play.hidden.remove(i);
            play.hands[seat.index()].insert(card);
            return Ok(seat);
        }
        let Some(t) = play
            .tricks
            .iter()
            .rposition(|t| t.iter().any(|r| r.card == card))
        else {
            return Err(self.event_error(Message::new("table.not_among_played").with("card", card)));
        };
        let i = play.tricks[t].iter().position(|r| r.card == card).unwrap();
        let rec = play.tricks[t].remove(i);
        // The trick's lead taken back (47C, 45D1: dummy's card changed), the turn to lead stays
        // with the trick: the card left first is taken back, if it is, at the leader's turn.
        if let (0, Some(first)) = (i, play.tricks[t].first_mut()) {
            first.due = rec.due;
        }
        let lead_vacant = i == 0 && !play.tricks[t].is_empty() && t + 1 == play.tricks.len();
        // The turn comes again: what the card discharged at it, or ended by being played (a
        // penalty card), is in force again, less the breach the card counted.
        for o in self
            .obligations
            .change()
            .iter_mut()
            .filter(|o| o.discharged_card.is_some_and(|(c, _)| c == card))
        {
            if o.discharged_card.is_some_and(|(_, broke)| broke) {
                o.breaches = o.breaches.saturating_sub(1);
            }
            o.status = "in force";
            o.discharged_card = None;
        }
        let play = self.play.change().as_mut().unwrap();
        play.hands[rec.seat.index()].insert(rec.card);
        play.winners.truncate(t);
        if play.tricks[t].is_empty() {
            play.tricks.pop();
            play.lead_vacant = None;
        }
        play.next = rec.due;
        play.ended = false;
        if reopens {
            self.reopen_play();
        }
        let play = self.play.change().as_mut().unwrap();
        if lead_vacant {
            // The turn is the leader's: his next card leads the trick (`feed_play`).
            play.lead_vacant = Some(rec.due);
        } else if play.tricks.get(t).is_some_and(|trick| !trick.is_empty()) {
            // Two cards taken back from one trick (62C3: both sides' revokes): the turn is the
            // first of them in rotation, whichever the Director ruled on first.
            self.next_in_rotation()?;
        }
        Ok(rec.seat)
    }

    /// Declarer calls a card from dummy (Law 46B): the law book says which cards the words
    /// call; exactly one is played, and with none or several the case's next card for dummy
    /// is the one then named (46B3(b), 46B4, 46B5).
    pub(super) fn feed_designation(
        &mut self,
        seat: Seat,
        word: &Option<String>,
        suit: Option<crate::model::Suit>,
        rank: Option<crate::model::Rank>,
    ) -> Result<(), Fail> {
        let next = self.next_player()?;
        // Declarer's words, at dummy's turn (45B: "Hlavný hráč hrá kartu z listu tichého
        // hráča menovaním"); who declares and who is dummy as the law book says (54A
        // exchanges them).
        let (declarer, dummy) = (
            seat_of(self.ask("declarer", vec![])?),
            seat_of(self.ask("dummy", vec![])?),
        );
        if seat != declarer {
            return Err(self.event_error(
                Message::new("table.designates_not_declarer")
                    .with("seat", seat)
                    .with("declarer", declarer),
            ));
        }
        if next != dummy {
            return Err(self.event_error(
                Message::new("table.designates_not_dummys_turn")
                    .with("seat", next)
                    .with("dummy", dummy),
            ));
        }
        let args = vec![
            Value::Text(Rc::from(word.as_deref().unwrap_or(""))),
            Value::Bool(suit.is_some()),
            Value::Suit(suit.unwrap_or(crate::model::Suit::Spades)),
            Value::Bool(rank.is_some()),
            Value::Rank(rank.unwrap_or(crate::model::Rank::ACE)),
        ];
        let called = self.ask("designated_cards", args)?;
        let cards: Vec<Card> = match called {
            Value::List(l) => l
                .iter()
                .filter_map(|v| match v {
                    Value::Card(c) => Some(*c),
                    _ => None,
                })
                .collect(),
            _ => unreachable!("checked entry point"),
        };
        let words = match (word, suit, rank) {
            (Some(w), _, _) => w.clone(),
            (None, Some(s), Some(r)) => Card::new(s, r).to_string(),
            (None, Some(s), None) => s.to_string(),
            (None, None, Some(r)) => r.letter().to_string(),
            (None, None, None) => String::new(),
        };
        self.designations.push(Designation {
            dummy,
            words,
            cards: cards.iter().map(|c| c.to_string()).collect(),
        });
        match cards.as_slice() {
            [card] => self.feed_play(Some(dummy), *card),
            _ => Ok(()),
        }
    }

    /// Tricks move to a side when the play ends (64A).
    pub(super) fn transfer(&mut self, count: i64, to: Side) -> Result<(), Fail> {
        let Some(play) = self.play.change().as_mut() else {
            return Err(self.event_error(Message::plain("tricks are transferred before the play")));
        };
        let n = count.clamp(0, 13) as i32;
        play.transferred += if to == play.declarer.side() { n } else { -n };
        Ok(())
    }

    /// Tricks won by declarer after every transfer, in the play itself, and the number of
    /// complete tricks, once the play has started.
    pub fn tricks(&self) -> Option<(u8, u8, u8)> {
        self.play.as_ref().map(|p| {
            let won = p
                .winners
                .iter()
                .filter(|w| w.side() == p.declarer.side())
                .count() as i32;
            // A claim ends the play (68D): every trick is accounted for.
            let complete = if p.awarded.is_some() {
                13
            } else {
                p.winners.len() as u8
            };
            (
                (won + i32::from(p.awarded.unwrap_or(0)) + p.transferred).clamp(0, 13) as u8,
                won as u8,
                complete,
            )
        })
    }
}

pub(super) fn seat_of(v: Value) -> Seat {
    match v {
        Value::Seat(s) => s,
        _ => unreachable!("checked entry point"),
    }
}
