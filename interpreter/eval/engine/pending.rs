//! What waits: a rectification pending (for a choice, a call, the Director, the end of a
//! period) with its bindings, and what is still open when a case's events run out.

use super::*;

#[derive(Clone)]
pub(super) enum Waiting<'a> {
    Choice {
        option: &'a OptionDecl,
        chooser: Option<Seat>,
        /// The others who may answer (`OptionDecl::seconds`).
        seconds: Vec<Seat>,
        /// An answer given that waits for the case to go on: another player's, which holds
        /// unless the chooser answers otherwise; with a prevailing answer
        /// (`OptionDecl::prevailing`) the chooser's too, the prevailing answer holding over
        /// his, and his over the others'.
        answer_given: Option<(Seat, String)>,
        /// The answers only some may give (`OptionDecl::limits`), with those players.
        limited: Vec<(&'a str, Vec<Seat>)>,
        /// The players whose call on the next deal closes the choice
        /// (`OptionDecl::open_until`); empty: anyone's.
        open_until: Vec<Seat>,
        arms: &'a [Arm],
        /// The number of the event that opened the choice: with its option, which of two
        /// alike choices a question open at the end is (`Open::Choice::opened`).
        opened: usize,
        /// The choice's record in `choices_open`, while it waits (none for the Director's).
        asked: Option<Value>,
    },
    Call {
        var: &'a str,
        seat: Seat,
        decision: &'a Decision,
        observe: bool,
        /// The number of call records when the wait began: an observed call is one made
        /// after it.
        since: usize,
    },
    /// Rules that wait until attention is drawn to the irregularity (36A, 36C).
    Director {
        decision: &'a Decision,
        /// `await director again`: when the wait began. Only a `director` event after it,
        /// about what went before, runs the rules; at the end of the case they lapse.
        again: Option<Since>,
        /// The procedure these rules are, named in the ruling when they run (as `End`'s).
        paragraph: Option<&'a str>,
    },
    /// Steps that run when the auction ends (24D, 24E, 26B) or the play ends (64).
    End {
        period: Period,
        steps: &'a [Step],
        /// The procedure these steps are, named in the ruling when they run.
        paragraph: Option<&'a str>,
    },
}

#[derive(Clone)]
pub(super) struct Pending<'a> {
    pub(super) waiting: Waiting<'a>,
    pub(super) exec: Exec<'a>,
}

impl Pending<'_> {
    /// Whether this names the call record among its calls (a rectification of that call).
    pub(super) fn is_about(&self, rec: usize) -> bool {
        self.exec.recs.iter().any(|(_, r)| *r == rec)
    }

    /// Whether it still waits to rule on that call: a choice, a call, the Director (steps
    /// for the end of the auction or play rule on no call, nor does the Director called
    /// again: 16C3 judges what came after the call, which is ruled).
    pub(super) fn waits_on(&self, rec: usize) -> bool {
        !matches!(
            self.waiting,
            Waiting::End { .. } | Waiting::Director { again: Some(_), .. }
        ) && self.is_about(rec)
    }
}

/// When a wait for the Director to be called again began: the event, and how many calls
/// and cards had been made, to tell whether the offending side has acted since.
#[derive(Clone, Copy)]
pub(super) struct Since {
    pub(super) event: usize,
    pub(super) calls: usize,
    pub(super) plays: usize,
}

/// What is still open when the events run out.
#[derive(Clone, Debug, PartialEq)]
pub enum Open {
    Choice {
        /// The chooser; `None`: the Director.
        seat: Option<Seat>,
        option: String,
        answers: Vec<String>,
        /// The number of the event that opened it: two choices alike (a second lead out of
        /// turn after the first was accepted) are told apart.
        opened: usize,
    },
    Call {
        seat: Seat,
        /// Whether it is that player's turn; if not, others call first and the case has
        /// to say what they call before his call can be explored.
        due: bool,
    },
}
