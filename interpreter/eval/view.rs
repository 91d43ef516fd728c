//! The state of the table as the law book's expressions read it (`View`), and the values
//! computed on it once (`Memo`).

use super::findings::AboutKey;
use super::probe::Held;
use super::value::{Entry, Value};
use crate::model::{Call, Meaning, Rank, Seat, Strain};
use std::cell::{OnceCell, RefCell};
use std::rc::Rc;

/// The part of the table's state that expressions read.
#[derive(Clone, Debug)]
pub struct View {
    pub auction: Rc<Vec<Value>>,
    /// The calls the rotation has passed (`calls_in_rotation`).
    pub calls_in_rotation: Rc<Vec<Value>>,
    /// Every call made and not cancelled (`calls_made`).
    pub calls_made: Rc<Vec<Value>>,
    pub dealer: Seat,
    pub vulnerable: [bool; 2],
    /// (holder, obligation name, arguments) of every obligation in force.
    pub obligations: Rc<Vec<(Seat, Rc<str>, Vec<Value>)>>,
    /// (holder, obligation name) of every obligation broken by a card or call that stands
    /// (`broke`).
    pub broken: Rc<Vec<(Seat, Rc<str>)>>,
    /// The trick in progress (plays), and the cards each seat still holds.
    pub trick: Rc<Vec<Value>>,
    pub hands: [crate::model::Hand; 4],
    /// The cards that went back to the hand they were dealt to (`restore deal`), each with
    /// the trick in progress then (`restored_in`).
    pub restored: Vec<(crate::model::Card, u8)>,
    /// The cards held by a hand they were not dealt to that have not gone back
    /// (`in_wrong_hand`).
    pub in_wrong_hand: Vec<crate::model::Card>,
    /// Every card played and not taken back; the trick in progress (0 before the play).
    pub plays: Rc<Vec<Value>>,
    /// Every card led or played, taken back since or not (`all_plays`).
    pub all_plays: Rc<Vec<Value>>,
    /// What the players did besides calls and cards, in order (`conducts`).
    pub conducts: Rc<Vec<Value>>,
    /// What the record says a player did right after the act being ruled, before anything
    /// else (`next_conducts`, none or one): who drew attention to an irregularity (43B3).
    pub next_conducts: Rc<Vec<Value>>,
    pub trick_number: u8,
    pub trumps: Strain,
    /// Who declared when the play began (`declarer_of_play`).
    pub declarer_of_play: Seat,
    pub to_play: Seat,
    /// The hands returned to the board, a call made on the next deal, the round ended.
    pub hands_returned: bool,
    /// The facts of the table set so far (`set`).
    pub facts: Rc<[Rc<str>]>,
    /// At a claim (Law 68): the tricks not yet complete, and whether it was a concession.
    pub tricks_left: i64,
    pub conceded: bool,
    /// What the claimer said concerns the trick in progress alone (68).
    pub claim_of_trick_in_progress: bool,
    /// The players who claimed or conceded tricks (68), in order (63A3, 63A4).
    pub claimers: Vec<Seat>,
    /// The choices players were asked to make (`choices_asked`).
    pub choices_asked: Rc<Vec<Value>>,
    /// The choices asked still waiting for their answer (`choices_open`).
    pub choices_open: Rc<Vec<Value>>,
    /// The cards led or played since the last claim (68D2(b): the play went on).
    pub cards_since_claim: i64,
    /// Who leads the next trick waits for a ruling on the last trick's cards
    /// (`lead_awaits_ruling`).
    pub lead_awaits_ruling: bool,
    /// The tricks a claim's ruling gave each side, by side (69A, 70, 71).
    pub awarded: [u8; 2],
    pub line_stated: bool,
    /// The facts a claim is judged on (`line_tricks`, `dd_tricks`, `trump_outstanding`), or
    /// why they could not be computed.
    pub claim_evidence: Result<ClaimFacts, Rc<str>>,
    pub next_deal_called: bool,
    /// The players who have called on the next deal (`next_deal_callers`).
    pub next_deal_callers: Rc<Vec<Value>>,
    pub round_ended: bool,
    /// A card of the play has been faced (17D1), and the case has ended.
    pub opening_lead_faced: bool,
    pub case_ended: bool,
    /// The zero-argument definitions already evaluated on this view.
    pub memo: Memo,
    /// Each seat's cards as the law book's list (`hand(s)`), made when first read here.
    pub hand_lists: HandLists,
}

/// The values of the zero-argument definitions evaluated on a view, by definition and by the
/// call or act a finding in them would be about. A view is one state of the table and never
/// changes, and a definition sees only its view, its arguments and the findings: so each is
/// computed once per state, not once per use (`auction_ended` asks `last_action` inside its
/// quantifiers, and was cubic in the auction's length). A copy of a view starts empty.
///
/// Each value says whether computing it read the call a probe holds (`probe`): a question
/// that finds it here reads the call too.
#[derive(Debug, Default)]
pub struct Memo(pub(crate) RefCell<Vec<((usize, Option<AboutKey>), Value, bool)>>);

impl Clone for Memo {
    fn clone(&self) -> Memo {
        Memo::default()
    }
}

/// The hands of a view as lists, each made at the first question that reads it: a card's
/// legality is asked on one view by the engine and again by a law book's question about
/// the card (the 2017 book's revoke), each time with the player's hand. A copy of a view
/// starts empty, as its memo does.
#[derive(Default)]
pub struct HandLists([OnceCell<Rc<Vec<Value>>>; 4]);

impl Clone for HandLists {
    fn clone(&self) -> HandLists {
        HandLists::default()
    }
}

impl std::fmt::Debug for HandLists {
    /// Nothing: a view is the same state whichever lists were made on it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("HandLists")
    }
}

impl View {
    /// The cards `seat` holds, as the law book reads them (`hand(seat)`).
    pub fn hand_list(&self, seat: Seat) -> Rc<Vec<Value>> {
        self.hand_lists.0[seat.index()]
            .get_or_init(|| Rc::new(self.hands[seat.index()].cards().map(Value::Card).collect()))
            .clone()
    }
}

impl Default for View {
    /// A table before any call: what scoring and the other pure entry points see.
    fn default() -> View {
        View {
            auction: Rc::new(vec![]),
            dealer: Seat::North,
            vulnerable: [false, false],
            obligations: Default::default(),
            broken: Default::default(),
            trick: Rc::new(vec![]),
            hands: Default::default(),
            restored: vec![],
            in_wrong_hand: vec![],
            plays: Rc::new(vec![]),
            all_plays: Rc::new(vec![]),
            conducts: Rc::new(vec![]),
            next_conducts: Rc::new(vec![]),
            trick_number: 0,
            trumps: Strain::NoTrump,
            declarer_of_play: Seat::North,
            to_play: Seat::North,
            hands_returned: false,
            facts: Rc::from([]),
            tricks_left: 0,
            conceded: false,
            claim_of_trick_in_progress: false,
            claimers: vec![],
            choices_asked: Rc::new(vec![]),
            choices_open: Rc::new(vec![]),
            cards_since_claim: 0,
            lead_awaits_ruling: false,
            awarded: [0, 0],
            line_stated: false,
            claim_evidence: Err(Rc::from("no claim has been made")),
            next_deal_called: false,
            next_deal_callers: Rc::new(vec![]),
            calls_in_rotation: Rc::new(vec![]),
            calls_made: Rc::new(vec![]),
            round_ended: false,
            opening_lead_faced: false,
            case_ended: false,
            memo: Memo::default(),
            hand_lists: HandLists::default(),
        }
    }
}

/// The facts a claim is judged on (Law 70), computed by the table when the claim is made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClaimFacts {
    /// Tricks the claimer's side wins on the worst line his statement leaves open.
    pub line_tricks: u8,
    /// Tricks the claimer's side wins double dummy.
    pub dd_tricks: u8,
    /// An opponent holds a trump the statement does not name (70C1).
    pub trump_outstanding: bool,
}

/// The auction as the language sees it: the calls that stand, in order.
/// The calls as entries of a list, each with its place in it and `rec`, the table's record
/// of the call (none for an auction that is only a list of calls: 0).
pub fn entries(calls: impl Iterator<Item = (Seat, Call, Meaning, Held, usize)>) -> Rc<Vec<Value>> {
    Rc::new(
        calls
            .enumerate()
            .map(|(index, (seat, call, meaning, held, rec))| {
                Value::Entry(Entry {
                    seat,
                    call,
                    index: index as u32,
                    rec: rec as u32,
                    meaning,
                    held,
                })
            })
            .collect(),
    )
}

pub fn strain_value(s: Strain) -> Value {
    Value::Strain(s)
}

pub fn rank_value(r: Rank) -> Value {
    Value::Rank(r)
}
