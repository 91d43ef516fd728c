//! The table: replays a case's events in order. Each call is checked against the
//! obligations in force and the law book's irregularities; an irregularity runs its
//! rectification, a decision tree of paragraphs whose steps change the table (a call stands
//! or is cancelled, an obligation is imposed) and may wait for a later event (a player's
//! choice, the offender's replacement call). What is still waited for when the events run
//! out is reported as open, for `explore` to branch on.
//!
//! The table's acts live one file each: `auction` (calls, answers, changes, exposures),
//! `play` (cards, retractions, the end of the play), `irregularity` (obligations, detection,
//! hand-overs between irregularities) and `steps` (running a rectification's steps); `view`
//! is what the table shows, to the law book's expressions and to the ruling.

mod auction;
mod awaited;
mod calls;
mod card_steps;
mod choices;
mod claim;
mod deal;
mod director;
mod event;
pub use claim::forget_claim_evidence;
mod irregularity;
mod lead_turn;
mod pending;
mod period_end;
mod play;
mod reread;
mod steps;
mod undo;
mod view;
mod watched;
pub use event::{Event, Stage};
pub use pending::Open;
use pending::{Pending, Since, Waiting};
use watched::Watched;

use super::expr::{Asked, ClaimFacts, Env, Evaluator, Stop, View, ABOUT, ABOUT_ACT};
use super::probe::{self, Held};
use super::value::Value;
use crate::eval::book::CompiledBook;
use crate::messages::{Arg, Message};
use crate::model::{Call, Card, Deal, Hand, Meaning, Seat, Strain};
use crate::ruling::{
    AnswerHow, Applied, CallLine, ClaimReport, Designation, Effect, IrregularityRuling, Note,
    ObligationLine, Outcome,
};
use crate::source::Span;
use crate::syntax::ast::{
    Arm, Decision, Duration, Irregularity, OptionDecl, Rule, Step, StepKind, TriggerKind,
};
use std::rc::Rc;
use std::sync::Arc;

/// The periods whose end rules wait for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Period {
    Auction,
    Play,
}

/// Why a replay could not finish.
#[derive(Clone, Debug)]
pub enum Fail {
    /// A finding the case does not give was needed.
    Unknown(Asked),
    /// A rule or an event could not be applied; `span` points into the law book when the
    /// fault is there, `event` names the case's event when it is the case's.
    Error {
        /// Said in the case's language when it is the case's fault; a fault of the law book
        /// is a plain text for its authors.
        message: Message,
        span: Option<Span>,
        others: Vec<(Span, String)>,
        event: Option<usize>,
    },
}

impl From<Stop> for Fail {
    fn from(s: Stop) -> Fail {
        match s {
            Stop::Unknown(f) => Fail::Unknown(f),
            Stop::Error { message, span } => Fail::Error {
                message: Message::plain(message),
                span: Some(span),
                others: vec![],
                event: None,
            },
            Stop::Budget { span } => Fail::Error {
                message: Message::plain("the evaluation ran out of its step budget"),
                span: Some(span),
                others: vec![],
                event: None,
            },
            // At the case's answer, in the case's language.
            Stop::Outside(o) => Fail::Error {
                message: Message::new("tree.answer_outside")
                    .with("finding", Arg::Words("finding", vec![o.name.to_string()]))
                    .with("answer", o.answer)
                    .with("least", o.least)
                    .with("most", o.most),
                span: Some(o.span),
                others: vec![],
                event: None,
            },
        }
    }
}

pub use crate::syntax::ast::Exposure;

/// What a player did, as irregularities see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Act {
    Call,
    Change,
    Question,
    Play,
    Exposure(Exposure),
    Withdrawal,
    TrickQuitted,
    Supply,
    Claim,
    LeadTurn,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    Pending,
    Standing,
    Cancelled,
}

/// The most choices one call or card answers by being made. Each answer may open another
/// that the same act answers (21B2, then 27A1); a law book whose answer opens its own choice
/// again would never stop, and past this many the act answers no more (the choice stays
/// open, and the ruling shows it).
const MAX_ANSWERS_OF_ONE_ACT: usize = 16;

#[derive(Clone, Debug)]
struct CallRec {
    seat: Seat,
    call: Call,
    meaning: Meaning,
    status: Status,
    deemed: bool,
    /// Order in the auction: events are 2k+1; a pass deemed made before event k is 2k. A
    /// call made in place of another (`again x in place of e`) takes that call's position.
    pos: usize,
    /// Made in place of an earlier call: ruled in the auction as it stood at that place.
    in_place: bool,
    /// Its number among the calls made (1 the first); 0 for a pass the Laws deem made. A
    /// finding asked by the irregularity of this call is asked about this number.
    number: usize,
    /// The probe that holds it (`probe`): read its call through `probe::read`, or as text
    /// only in what the decision tree does not compare.
    held: Held,
    /// Made at its turn (17C), as the table ruled it: a call that awaits a ruling still
    /// passed the turn on (`calls_in_rotation`).
    in_rotation: bool,
    /// The obligations (their indices) this call broke: replaced by its maker as
    /// unintended (25A1), it broke nothing.
    breached: Vec<usize>,
}

#[derive(Clone, Debug)]
struct Obl {
    name: Rc<str>,
    holder: Seat,
    args: Vec<Value>,
    duration: Duration,
    paragraph: String,
    status: &'static str,
    breaches: u32,
    /// For `while on lead`: the holder has led.
    started: bool,
    /// Ended with the auction: back in force if the auction is reopened (36A after the final
    /// pass, before the opening lead is faced).
    ended_with_auction: bool,
    /// Ended with the play's thirteenth trick: back in force if a correction reopens the play
    /// (62D).
    ended_with_play: bool,
    /// The call that discharged an `at next turn` obligation: if its maker replaces it,
    /// the obligation binds the call that takes its place (25A1, SK 774: the replacement
    /// "podlieha príslušnému pravidlu").
    discharged_by: Option<usize>,
    /// The card that ended the obligation in the play (an `at next turn` one discharged, or
    /// its `ends` met: a penalty card played), and whether that card broke it: if the card
    /// is taken back, the obligation is in force again (62B: the revoke corrected by a card
    /// that meets the requirement, 57A1; 62B2: a penalty card played as a revoke stays one).
    discharged_card: Option<(Card, bool)>,
    /// The last card that broke it: a card played before the rectification and ruled again
    /// under it (60C, `rejudge_early_plays`) takes its breach back.
    broken_by_card: Option<Card>,
}

#[derive(Clone)]
struct Frame<'a> {
    steps: &'a [Step],
    next: usize,
    /// A name bound while this frame runs (`for each`): pushed on entry, popped on exit.
    bind: Option<(&'a str, Value)>,
    /// A procedure's frame (`goto`): the index of the paragraph it added to the ruling,
    /// dropped on exit if the procedure did nothing (50B with no card to change).
    procedure: Option<usize>,
    /// The paragraph whose steps these are (a rule, a procedure, an answer that names one):
    /// the steps after a nested one's are written under it again.
    paragraph: Option<&'a str>,
}

impl<'a> Table<'a> {
    /// The bindings that make the findings a rectification reads questions about its call,
    /// or about the act that is not a call (`x`, by `seat`: a hesitation, numbered among his
    /// hesitations so far).
    fn about(&self, rec: Option<usize>, x: &Value, seat: Seat) -> Vec<(&'a str, Value)> {
        if let Some(r) = rec {
            let c = &self.calls[r];
            return vec![(
                ABOUT,
                Value::Entry(super::value::Entry {
                    seat: c.seat,
                    call: c.call,
                    index: c.number as u32,
                    rec: r as u32,
                    meaning: c.meaning,
                    held: c.held,
                }),
            )];
        }
        let Value::Text(kind) = x else {
            return vec![];
        };
        let same: Vec<&Value> = self
            .conducts
            .iter()
            .filter(|c| matches!(c, Value::Conduct(s, k, ..) if *s == seat && k == kind))
            .collect();
        match same.last() {
            Some(act) => vec![
                (ABOUT, (*act).clone()),
                (ABOUT_ACT, Value::Int(same.len() as i64)),
            ],
            None => vec![],
        }
    }
}

impl Exec<'_> {
    /// The call record a call variable of this rectification names (checked to be one).
    fn rec(&self, var: &str) -> usize {
        self.try_rec(var).expect("checked: a call variable")
    }

    /// The call record `var` names, if it is a call variable of this rectification.
    fn try_rec(&self, var: &str) -> Option<usize> {
        self.recs
            .iter()
            .rev()
            .find(|(n, _)| *n == var)
            .map(|(_, r)| *r)
    }

    /// The card `var` names, if it is bound to a card.
    fn card(&self, var: &str) -> Option<Card> {
        match self.env.iter().rev().find(|(n, _)| *n == var) {
            Some((_, Value::Card(c))) => Some(*c),
            _ => None,
        }
    }
}

impl<'a> Frame<'a> {
    fn new(steps: &'a [Step]) -> Frame<'a> {
        Frame {
            steps,
            next: 0,
            bind: None,
            procedure: None,
            paragraph: None,
        }
    }

    fn of(steps: &'a [Step], paragraph: &'a str) -> Frame<'a> {
        Frame {
            paragraph: Some(paragraph),
            ..Frame::new(steps)
        }
    }
}

/// A rectification in progress: its bindings and where it is in the law book.
#[derive(Clone)]
struct Exec<'a> {
    env: Env<'a>,
    /// Which call record each call variable names.
    recs: Vec<(&'a str, usize)>,
    frames: Vec<Frame<'a>>,
    instance: usize,
    /// The act being ruled (the value the trigger bound, the offender, the call record), so
    /// that it can be ruled as another irregularity (`defer to`).
    act: (Value, Seat, Option<usize>),
    /// How many `defer to` hand-overs led here; bounds a circle of them.
    handed: u8,
    /// The irregularity is `ruled when cancelled`: another rectification's cancelling its
    /// call with every later call does not lapse this one.
    ruled_when_cancelled: bool,
    /// The ruling's entry that names an enclosing paragraph again after a nested one ended,
    /// dropped if nothing is written under it.
    resumed: Option<usize>,
}

/// Cloned where the decision tree branches: each branch goes on from the state at the
/// branch point instead of replaying the case from its start.
#[derive(Clone)]
pub struct Table<'a> {
    pub ev: Evaluator<'a>,
    book: &'a CompiledBook,
    dealer: Seat,
    vulnerable: [bool; 2],
    calls: Watched<calls::Calls>,
    obligations: Watched<Vec<Obl>>,
    /// Shared with the tables cloned from this one, and copied by one that resumes it: a
    /// pending execution holds its frames and bindings (some kilobytes), and most branches
    /// resume none or one of them.
    pending: Vec<Rc<Pending<'a>>>,
    /// Shared with the tables cloned from this one (the branches of the tree) and with the
    /// outcomes read off it, until one of them rules on: cloning every ruling at every
    /// branch and every outcome was a tenth of an open case's replays.
    irregs: Arc<Vec<IrregularityRuling>>,
    ended: bool,
    /// What the end of the auction ran (`undo::Ran`), undone if a change of call reopens the
    /// auction and nothing it asked has been answered.
    ran_at_auction_end: Vec<undo::Ran<'a>>,
    /// What the end of the play ran, undone if a correction reopens a play its thirteenth
    /// trick ended (62D: a revoke on the twelfth trick corrected after it), so that it runs
    /// again when the play ends again, on the play as corrected.
    ran_at_play_end: Vec<undo::Ran<'a>>,
    /// While a choice is answered: the instance it belongs to; the defaults of choices about
    /// later acts are not settled before it (`settle_defaults_before`).
    later_than: Option<usize>,
    /// What rectifications ruled on the calls they waited for (`awaited`), undone if 25A1
    /// replaces such a call.
    awaits_ruled: Vec<awaited::AwaitRuled<'a>>,
    /// The board was redealt (16D2(b)): the events after it are on another deal.
    redealt: bool,
    /// No table result (15B1, 15A2(a), 12A2): the events after it count for nothing.
    no_result: bool,
    /// A card of the play has been faced (the law book's `opening_lead_faced`).
    lead_faced: Watched<bool>,
    /// The case has ended: attention drawn at its end is drawn after the board.
    finished: Watched<bool>,
    event: usize,
    /// The probe tag the next call recorded takes (`hold_next_call`).
    hold_next: Held,
    /// What the acts of the same moment left waiting (a choice), which the next of them does
    /// not answer by being made (`together`, choices.rs).
    opened_together: Vec<Rc<Pending<'a>>>,
    notes: Vec<Note>,
    /// The hands as the board held them: the deal, with each card in the wrong hand in the
    /// hand that held it until `restore deal` (Law 13).
    deal: Watched<Option<Deal>>,
    /// Cards in a hand they were not dealt to: the card, the hand that held it, the hand it
    /// was dealt to.
    wrong_hand: Rc<[(Card, Seat, Seat)]>,
    /// Those of them gone back to the hand they were dealt to, with the trick then in
    /// progress (`restored_in`).
    restored: Watched<Vec<(Card, u8)>>,
    play: Watched<Option<PlayState>>,
    /// A call a rectification sent back to be ruled on again (`again`).
    again: Option<usize>,
    /// Calls changed by their maker whose change's ruling still waits for a choice (25B:
    /// does LHO accept the changed call?), with the change's instances: until it is
    /// answered, the call's own rectification waits too, nothing settling it by default.
    changing: Vec<(usize, std::ops::Range<usize>)>,
    /// The hands returned to the board, a call on the next deal, the round ended.
    stages: Watched<Vec<Stage>>,
    /// While a call made in place of an earlier one is ruled, the auction is seen as it
    /// stood at that place: only the calls before this position.
    horizon: Watched<Option<usize>>,
    /// While the rules that look at an observed call run (`after call`), the record after
    /// that call: a call they wait to look at in turn is one made from there on, though it
    /// was made before they ran (the offender's call over RHO's insufficient bid accepts it,
    /// and only then does 31A look at that bid; the call is the one 31A2 looks at).
    observed_from: Option<usize>,
    /// The facts of the table that rectifications have set (54A).
    facts: Watched<Vec<Rc<str>>>,
    /// The last claim or concession (Law 68).
    claim: Watched<Option<ClaimState>>,
    /// Declarer's calls of a card from dummy (46B).
    designations: Vec<Designation>,
    /// Cards played once the act is ruled: deemed played by a rectification (`play c`: 45C),
    /// or played again, in their order, to a trick whose leader a ruling changed (`place`);
    /// each with the other cards of its holder played together with it (`play c together
    /// with e`: 58B), exposed as the case's `SEAT plays c …` exposes them.
    deemed_plays: Vec<(Card, Vec<Card>)>,
    /// Cards of the offending side played after the irregularity and before its
    /// rectification, which an obligation for the player's next turn now governs (60C):
    /// taken back once the act is ruled and played again under it (`rejudge_early_plays`).
    early_plays: Vec<(Card, u32)>,
    /// The next leader's turn waits for an open choice on the card that completed the trick,
    /// whose answer may take that card back (52B2), or for attention to a revoke among the
    /// trick's cards (62B): `lead_turn::release_lead_turn`. The law book reads it
    /// (`lead_awaits_ruling`): who is to lead is not yet known.
    /// When it was held (`lead_turn::HeldAt`): a trick led while it waited is read again
    /// once the turn comes.
    lead_turn_held: Watched<Option<lead_turn::HeldAt>>,
    /// What the players did besides calls and cards (`conducts`), in order.
    conducts: Watched<Rc<Vec<Value>>>,
    /// The choices players were asked to make, in order (`choices_asked`): each a record of
    /// who chooses, the option, and when.
    choices_asked: Watched<Rc<Vec<Value>>>,
    /// Those of them still waiting for their answer (`choices_open`): the record a choice
    /// keeps (`Waiting::Choice::asked`) leaves it when the choice is answered or lapses.
    choices_open: Watched<Rc<Vec<Value>>>,
    /// The conducts the record gives right after the event being fed, up to its next call
    /// or card (`next_conducts`).
    next_conduct: Watched<Vec<(Seat, Rc<str>)>>,
    /// How many calls have been made (events, not deemed passes).
    made: usize,
    /// The view last built, with the changes of the watched parts it was built at.
    view_cache: std::cell::RefCell<Option<view::CachedView>>,
    /// The view the pure definitions are asked on (`Table::ask`): none of the table's state.
    stateless: std::cell::OnceCell<Rc<View>>,
    /// While a claim's restrictions are read (`claim_restrictions`): a view built then holds
    /// no claim facts, which are what is being computed (`Some(true)` once one was built).
    reading_restrictions: std::cell::Cell<Option<bool>>,
}

/// A claim or a concession as the table holds it while the law book rules it.
#[derive(Clone, Debug)]
struct ClaimState {
    claimer: Seat,
    /// The claimer stated the cards of his line (68C).
    line_stated: bool,
    /// Of the tricks left, those the claimer's side is to win.
    claimed: u8,
    /// One play that gives the worst line's result.
    worst: Vec<(Seat, Card)>,
    concession: bool,
    /// The tricks not yet complete at the claim.
    left: u8,
    /// What was said concerns the trick in progress alone (the case's `trick`, 68).
    trick_in_progress: bool,
    /// The cards led or played before the claim (`every_play`'s length then).
    cards_before: usize,
    /// The facts Law 70 is judged on, or why they could not be computed.
    evidence: Result<ClaimFacts, crate::claim::ClaimError>,
    /// The law book ruled the statement no claim or concession (`no claim`).
    no_claim: bool,
    /// The statement's cards and 70E2's order, to compute the facts again (`moved`).
    line: Vec<Card>,
    from_the_top: bool,
    /// A card played before the claim was taken back since (56B: a lead out of turn refused
    /// once the Director comes): the claim is ruled on the position the table holds now, and
    /// its facts are computed again from it (`Table::claim_facts`).
    moved: bool,
}

/// A card played, and whose turn it was when it was played (where the turn goes back to
/// if it is retracted).
#[derive(Clone, Copy, Debug)]
struct PlayRec {
    seat: Seat,
    card: Card,
    due: Seat,
}

/// The play in progress.
#[derive(Clone, Debug)]
struct PlayState {
    declarer: Seat,
    strain: Strain,
    hands: [Hand; 4],
    /// The tricks in the order played; the last may be incomplete. A trick is complete
    /// when it has a winner: four cards, or fewer when it was quitted (Law 67).
    tricks: Vec<Vec<PlayRec>>,
    /// Every card led or played, taken back since or not, with the trick it went to, in
    /// the order played (`all_plays`).
    every_play: Vec<(Seat, Card, u8)>,
    /// Who won each complete trick.
    winners: Vec<Seat>,
    /// The players whose turn passed in the trick in progress without their card (Law 67).
    omitted: Vec<Seat>,
    /// Cards gone face down with the card their holder played, unseen (58B4, 67B2): out of
    /// his hand, in no trick's count, until a rule takes them back (`retract`).
    hidden: Vec<(Seat, Card)>,
    /// The lead of the trick in progress taken back while cards played after it stay (47C:
    /// declarer changed dummy's card and East kept his): the player whose turn it is to lead
    /// it again. His card is the trick's lead, before the cards that stayed.
    lead_vacant: Option<Seat>,

    next: Seat,
    /// Tricks transferred to declarer's side (negative: to the defenders).
    transferred: i32,
    /// The tricks not played that a claim gave declarer's side (68D ends the play).
    awarded: Option<u8>,
    /// The thirteenth trick is complete.
    ended: bool,
}

impl PlayState {
    /// The cards of the trick in progress (none between tricks).
    fn current(&self) -> &[PlayRec] {
        match self.tricks.last() {
            Some(t) if self.in_progress() => t,
            _ => &[],
        }
    }

    /// Who played `card` to a trick, if it is on the table.
    fn player_of(&self, card: Card) -> Option<Seat> {
        self.tricks
            .iter()
            .flatten()
            .find(|r| r.card == card)
            .map(|r| r.seat)
    }

    /// Who holds `card` now.
    fn holder(&self, card: Card) -> Option<Seat> {
        Seat::ALL
            .into_iter()
            .find(|s| self.hands[s.index()].contains(card))
    }

    /// A trick has been started and has no winner yet.
    fn in_progress(&self) -> bool {
        self.winners.len() < self.tricks.len()
    }

    /// The number of the trick in progress, or of the next one between tricks.
    fn trick_number(&self) -> u8 {
        let n = self.tricks.len() + usize::from(!self.in_progress());
        n.min(13) as u8
    }
}

impl<'a> Table<'a> {
    /// A call no longer counts. An `at next turn` obligation the call broke is in force
    /// again, its breach counted: the turn comes back to its maker, and the call that takes
    /// its place is judged too (31A1: a different call, an insufficient bid cancelled by
    /// 27B, replaced by the call he had to repeat: "kept, broken once"). One it kept stays
    /// kept (a rectification cancelled the call that did what was due).
    fn cancel_call(&mut self, rec: usize) {
        self.calls.change().at_mut(rec).status = Status::Cancelled;
        self.reopen_discharged(rec, "broken");
    }

    /// A call is replaced by its maker (`again x in place of`: 25A1, 21B1(a)): an `at next
    /// turn` obligation it kept is in force again, for the call that takes its place is the
    /// holder's call at that turn. (A call a rectification cancels, 27B's insufficient bid
    /// repeated under 31A1, has kept it.) What it broke, it did not break: the call that
    /// takes its place is judged instead (25A1, SK 774: "Druhá (úmyselná) hláška platí").
    fn revive_obligations(&mut self, rec: usize) {
        self.unbreach(rec);
        self.reopen_discharged(rec, "kept");
        self.reopen_discharged(rec, "broken");
    }

    /// A call withdrawn (25A1, 25B1: "Prvá hláška sa potom zruší") broke nothing: the
    /// breaches it counted are taken back.
    fn unbreach(&mut self, rec: usize) {
        for i in std::mem::take(&mut self.calls.change().at_mut(rec).breached) {
            let o = &mut self.obligations.change()[i];
            o.breaches = o.breaches.saturating_sub(1);
        }
    }

    /// The `at next turn` obligations this call discharged with `status` are in force again.
    fn reopen_discharged(&mut self, rec: usize, status: &str) {
        for o in self
            .obligations
            .change()
            .iter_mut()
            .filter(|o| o.discharged_by == Some(rec) && o.status == status)
        {
            o.status = "in force";
            o.discharged_by = None;
        }
    }

    pub fn new(ev: Evaluator<'a>, dealer: Seat, vulnerable: [bool; 2]) -> Table<'a> {
        let book = ev.book;
        Table {
            book,
            ev,
            dealer,
            vulnerable,
            calls: Default::default(),
            obligations: Default::default(),
            pending: vec![],
            irregs: Arc::default(),
            ended: false,
            ran_at_auction_end: vec![],
            ran_at_play_end: vec![],
            later_than: None,
            awaits_ruled: vec![],
            redealt: false,
            no_result: false,
            lead_faced: Default::default(),
            finished: Default::default(),
            event: 0,
            hold_next: Held::NONE,
            opened_together: vec![],
            notes: vec![],
            deal: Default::default(),
            wrong_hand: Rc::new([]),
            restored: Default::default(),
            play: Default::default(),
            again: None,
            changing: vec![],
            stages: Default::default(),
            horizon: Default::default(),
            observed_from: None,
            facts: Default::default(),
            claim: Default::default(),
            designations: vec![],
            deemed_plays: vec![],
            early_plays: vec![],
            lead_turn_held: Default::default(),
            conducts: Watched::new(Rc::new(vec![])),
            choices_asked: Watched::new(Rc::new(vec![])),
            choices_open: Watched::new(Rc::new(vec![])),
            next_conduct: Default::default(),
            made: 0,
            view_cache: Default::default(),
            stateless: Default::default(),
            reading_restrictions: Default::default(),
        }
    }

    /// What the table holds that grows with the case: the events fed (calls, cards, acts)
    /// and the irregularities ruled. An outcome shows each of them, and a branch copies them
    /// (`explore::RECORD_STEPS`).
    pub fn records(&self) -> u64 {
        (self.event + self.irregs.len()) as u64
    }

    pub fn ended(&self) -> bool {
        self.ended
    }

    /// A conduct of `seat` at this moment: the trick in progress (or the next) and the cards
    /// it holds.
    fn conduct_now(&self, seat: Seat, kind: Rc<str>) -> Value {
        let (trick, in_trick) = self
            .play
            .as_ref()
            .map_or((0, 0), |p| (p.trick_number(), p.current().len() as u8));
        Value::Conduct(seat, kind, trick, in_trick)
    }

    /// Feed the next event of the record; `next` are those after it: the act being ruled
    /// may turn on who drew attention to it, and what he did before (43B3), the conducts the
    /// record gives before its next call or card.
    pub fn feed<'e>(
        &mut self,
        event: &Event,
        next: impl IntoIterator<Item = &'e Event>,
    ) -> Result<(), Fail> {
        self.event += 1;
        self.next_conduct.set(
            next.into_iter()
                .map_while(|e| match e {
                    Event::Question { seat, kind } => Some((*seat, Rc::from(kind.as_str()))),
                    _ => None,
                })
                .collect(),
        );
        // After a redeal the case's events are on another deal; after the board is cancelled
        // they count for nothing.
        if self.redealt || self.no_result {
            return Ok(());
        }
        self.feed_event(event)?;
        self.rejudge_early_plays()?;
        let deemed = std::mem::take(&mut self.deemed_plays);
        self.play_deemed(deemed)?;
        self.resolve_observers()
    }

    fn feed_event(&mut self, event: &Event) -> Result<(), Fail> {
        match event {
            Event::Call {
                seat,
                call,
                meaning,
            } => self.feed_call(*seat, *call, *meaning),
            Event::Answer { seat, answer } => self.feed_answer(*seat, answer),
            Event::Director => self.attention(),
            Event::Expose { seat, cards, how } => self.feed_exposure(*seat, cards, *how),
            Event::PlayedTogether(plays) => self.feed_played_together(*plays),
            Event::Withdraw { seat, card } => self.feed_withdrawal(*seat, *card),
            Event::Quitted => self.feed_quitted(),
            Event::Omit { seat } => self.feed_omission(*seat),
            Event::Supply { seat, card } => self.feed_supply(*seat, *card),
            Event::Play { seat, card } => self.feed_play(*seat, *card),
            Event::Claim {
                seat,
                tricks,
                line,
                concession,
                trick_in_progress,
            } => self.feed_claim(*seat, *tricks, line, *concession, *trick_in_progress),
            Event::Designate {
                seat,
                word,
                suit,
                rank,
            } => self.feed_designation(*seat, word, *suit, *rank),
            Event::Stage(s) => {
                // The players have left the board (a call on the next deal, the round's end;
                // not the hands returned, 62D1): the answers given on it, and the defaults of
                // choices nobody answered, hold (69A: an agreement to a claim not objected to
                // "pred urobením hlášky v nasledujúcom rozdani alebo pred koncom zostavy"
                // stands). A choice nobody answered and without a default stays open, and so
                // does one that only some players' call on the next deal closes, when another
                // called (69A: "before its side makes a call", `open until next_deal by`).
                match s {
                    Stage::HandsReturned => {}
                    Stage::NextDeal(caller) => self.settle_at_next_deal(*caller)?,
                    Stage::RoundEnded => self.settle_at_next_deal(None)?,
                }
                if !self.stages.contains(s) {
                    self.stages.change().push(*s);
                }
                Ok(())
            }
            Event::Change {
                seat,
                call,
                meaning,
            } => self.feed_change(*seat, *call, *meaning),
            Event::Question { seat, kind } => {
                let c = self.conduct_now(*seat, Rc::from(kind.as_str()));
                Rc::make_mut(self.conducts.change()).push(c);
                let q = Value::Text(Rc::from(kind.as_str()));
                let found = self.detect(Act::Question, *seat, &q, None, &[])?;
                if found.is_empty() {
                    return Ok(());
                }
                let auction = self.calls.auction(None);
                self.rule(found, *seat, kind.clone())?;
                // Calls its rectification cancelled after the final pass (15A1) may leave the
                // auction not ended.
                if Rc::ptr_eq(&auction, &self.calls.auction(None)) {
                    return Ok(());
                }
                self.reopen_auction_if_due()
            }
            Event::Together(calls) => {
                let mut calls = calls.clone();
                let mut after_first = false;
                while !calls.is_empty() {
                    let mut first = 0;
                    for j in 1..calls.len() {
                        let a = Value::Seat(calls[first].0);
                        let b = Value::Seat(calls[j].0);
                        if self.ask("first_of_simultaneous", vec![a, b])? == Value::Seat(calls[j].0)
                        {
                            first = j;
                        }
                    }
                    let (seat, call, meaning) = calls.remove(first);
                    self.together(after_first, |t| t.feed_call(seat, call, meaning))?;
                    after_first = true;
                }
                self.opened_together.clear();
                Ok(())
            }
        }
    }

    fn event_error(&self, message: Message) -> Fail {
        Fail::Error {
            message,
            span: None,
            others: vec![],
            event: Some(self.event),
        }
    }
}
