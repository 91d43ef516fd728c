//! A ruling as data: for each irregularity, the paragraphs that decided and what they did;
//! where a choice or a finding is still open, one branch per answer. Rendering (text in a
//! language, JSON) reads only this.

use crate::model::{Seat, Strain};
use crate::syntax::ast::Duration;
use serde::Serialize;

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Ruling {
    pub case: String,
    /// The language the case is written in: what `lawbook rule` says the ruling in unless
    /// asked for another.
    #[serde(skip)]
    pub written_in: Option<crate::syntax::ast::Lang>,
    pub lawbook: String,
    /// The regulation the ruling was made under, if any (`--regulation`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub regulation: Option<String>,
    pub board: BoardInfo,
    /// The findings the case answers that no question of the ruling read, in the case's
    /// order: their answers change nothing (a finding for an act the law book rules
    /// otherwise, or one asked only after another answer the case gives otherwise).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unasked_findings: Vec<String>,
    pub tree: Node,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct BoardInfo {
    pub number: Option<u32>,
    pub dealer: Seat,
    /// "none", "NS", "EW" or "both".
    pub vulnerable: String,
    /// What Law 2 gives the board's number, where the case says otherwise (its values are
    /// used: a board may be played out of its usual conditions, or the case has a slip).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub law2: Option<Law2Board>,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Law2Board {
    pub dealer: Seat,
    /// "none", "NS", "EW" or "both".
    pub vulnerable: String,
}

/// The vulnerability as the ruling data writes it.
pub fn vulnerability_name(v: [bool; 2]) -> &'static str {
    match v {
        [false, false] => "none",
        [true, false] => "NS",
        [false, true] => "EW",
        [true, true] => "both",
    }
}

#[derive(Clone, Debug, Serialize, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Node {
    Outcome(Box<Outcome>),
    Branch {
        question: Question,
        branches: Vec<Branch>,
    },
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Question {
    /// "finding", "choice" or "call".
    pub kind: String,
    /// The finding's or option's name.
    pub name: String,
    pub who: Option<Seat>,
    /// The question in English, from the law book.
    pub ask: String,
    /// The call whose irregularity asks a finding, where the case answers that finding per
    /// call (issue 9, item 18).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub about: Option<AboutCall>,
}

/// A call of the auction a question is about: its number among the calls made, its maker.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct AboutCall {
    /// The call's number in the auction, or the act's among its player's acts of its kind.
    pub number: usize,
    pub seat: Seat,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub call: String,
    /// The act that is not a call (`hesitation`), when the finding is about one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub act: Option<String>,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Branch {
    /// The answer: yes/no, an option's answer, or the calls of this group.
    pub answer: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub calls: Vec<String>,
    pub node: Node,
}

#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct Outcome {
    pub irregularities: std::sync::Arc<Vec<IrregularityRuling>>,
    pub auction: Vec<CallLine>,
    pub auction_ended: bool,
    pub passed_out: bool,
    /// The board was redealt (16D2(b)): no contract and no score come from this deal.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub redealt: bool,
    /// No table result (15B1, 15A2(a), 12A2): no contract and no score; an adjusted score instead.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub no_result: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contract: Option<Contract>,
    pub obligations: Vec<ObligationLine>,
    /// Paragraphs that will apply when the auction ends (26B: if the offender defends).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub at_auction_end: Vec<String>,
    /// Paragraphs that will apply when the play ends (64: tricks transferred).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub at_play_end: Vec<String>,
    /// Declarer's tricks after every transfer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tricks: Option<u8>,
    /// Declarer's tricks as won in the play, where transfers changed them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tricks_in_play: Option<u8>,
    /// The tricks not played that a claim gave declarer's side (68D).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tricks_awarded: Option<u8>,
    /// Declarer's calls of a card from dummy (Law 46B) and the cards they name.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub designations: Vec<Designation>,
    /// The claim or concession and the facts it is ruled on (Laws 68-71).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claim: Option<ClaimReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<Score>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub comparisons: Vec<Comparison>,
    /// The paragraphs behind the mechanics of this outcome: whose turn it was, whether
    /// calls were sufficient and permitted, when the auction ended, the contract, the play,
    /// the score (from the `per` of the definitions the table used).
    /// Shared with the law book's list of paragraphs: an outcome is built at every node of
    /// a decision tree, most of them only to be compared with their siblings.
    pub basis: Vec<std::sync::Arc<str>>,
    /// What the ruling could not settle (an open question beyond the depth explored).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<Note>,
}

/// Declarer's call of a card from dummy (46B): his words, and the cards of dummy they fit. One
/// card is played; with none or several (46B3(b), 46B4, 46B5) the card is named afterwards.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Designation {
    pub dummy: Seat,
    pub words: String,
    pub cards: Vec<String>,
}

/// A claim or a concession, and the facts Law 70 is judged on, as the table computed them.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ClaimReport {
    pub claimer: Seat,
    pub concession: bool,
    /// The law book ruled the statement no claim or concession (68, 68A, 68B2): what was
    /// said, without the facts a claim is judged on.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub no_claim: bool,
    /// What was said concerns the trick in progress alone (68).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub trick_in_progress: bool,
    /// Of the tricks left, those the claimer's side is to win.
    pub claimed: u8,
    pub left: u8,
    /// The claimer's side's tricks on the worst line his statement leaves open, and one
    /// play that gives them (every card still to be played, in order).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line_tricks: Option<u8>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub worst_line: Vec<String>,
    /// The claimer's side's tricks double dummy.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dd_tricks: Option<u8>,
    /// An opponent holds a trump the statement does not name (70C1).
    pub trump_outstanding: bool,
    /// Why the facts could not be computed (in English, for the ruling data).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unknown: Option<String>,
    /// The cards the line search tried, its budget, when spending it is why: what the
    /// renderings say in their own words (`unknown` says it in English).
    #[serde(skip)]
    pub search_budget: Option<u64>,
}

/// Something the ruling could not settle, as data: each rendering words it in its own
/// language; the ruling data (JSON) carries the English sentence.
#[derive(Clone, Debug, PartialEq)]
pub enum Note {
    /// A choice still open beyond the depth explored.
    OpenChoice { seat: Seat, option: String },
    /// A choice of the Director's still open beyond the depth explored.
    OpenDirectorChoice { option: String },
    /// A replacement call still open beyond the depth explored.
    OpenCall { seat: Seat },
    /// The rectification waits for a player's call at his turn, and the case ends first.
    Waiting { seat: Seat },
    /// An irregularity the law book detects but has no rectification for.
    NoRectification { irregularity: String },
    /// A call or card that breaks an obligation no irregularity governs.
    UngovernedBreach {
        seat: Seat,
        what: String,
        obligations: Vec<String>,
    },
    /// Cards exposed that no irregularity governs.
    UngovernedExposure { seat: Seat, what: String },
    /// A card taken back that no rule of the law book allows: it stays played.
    UngovernedWithdrawal { seat: Seat, card: String },
    /// A trick quitted without a player's card, and no irregularity of the law book governs
    /// it.
    UngovernedQuitted { seat: Seat, trick: u8 },
    /// A card supplied to a trick that no rule of the law book places: it stays in the hand.
    UngovernedSupply { seat: Seat, card: String },
    /// A card that does not follow suit, and no irregularity of the law book governs it.
    UngovernedPlay { seat: Seat, card: String, trick: u8 },
    /// A claim or a concession no law of the book governs: the play stops there unscored.
    UngovernedClaim { seat: Seat, tricks: u8 },
    /// A hypothetical event of the decision tree the Laws do not provide for: the engine's
    /// own message.
    Unprovided(crate::messages::Message),
    /// An event of the case that this branch of a finding the case leaves open makes
    /// impossible (an answer to a choice the branch does not open): the engine's message.
    /// The other answer's branch rules the case.
    CaseCannotGoOn(crate::messages::Message),
    /// The play record stops before its end with tricks to move when the play ends (64):
    /// the tricks the case gives are those won in the play, and no score is given.
    ScoreAwaitsPlayEnd { tricks: u8 },
}

impl std::fmt::Display for Note {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Note::OpenChoice { seat, option } => write!(f, "still open: {seat}'s choice `{option}`"),
            Note::OpenDirectorChoice { option } => {
                write!(f, "still open: the Director's choice `{option}`")
            }
            Note::OpenCall { seat } => write!(f, "still open: {seat}'s next call"),
            Note::Waiting { seat } => write!(
                f,
                "waiting for {seat}'s call at his turn; the calls before it decide nothing here"
            ),
            Note::NoRectification { irregularity } => {
                write!(f, "the law book has no rectification for `{irregularity}` yet")
            }
            Note::UngovernedBreach {
                seat,
                what,
                obligations,
            } => write!(
                f,
                "{seat}'s {what} breaks an obligation ({}), and no irregularity of the law book governs the breach",
                obligations.join(", ")
            ),
            Note::UngovernedExposure { seat, what } => {
                write!(f, "{seat} exposed {what}; no irregularity of the law book governs it")
            }
            Note::UngovernedWithdrawal { seat, card } => write!(
                f,
                "{seat} took back {card}; no rule of the law book allows it, and it stays played"
            ),
            Note::UngovernedQuitted { seat, trick } => write!(
                f,
                "trick {trick} was quitted without {seat}'s card, and no irregularity of the law book governs it"
            ),
            Note::UngovernedSupply { seat, card } => write!(
                f,
                "{seat} supplied {card}; no rule of the law book places it, and it stays in his hand"
            ),
            Note::UngovernedPlay { seat, card, trick } => write!(
                f,
                "trick {trick}: {seat}'s {card} does not follow suit, and no irregularity of the law book governs it"
            ),
            Note::UngovernedClaim { seat, tricks } => write!(
                f,
                "{seat} claims {tricks} of the remaining tricks, and no law of the book governs a claim"
            ),
            Note::Unprovided(message) => write!(f, "{message}"),
            Note::CaseCannotGoOn(message) => {
                write!(f, "here the case cannot go on as written: {message}")
            }
            Note::ScoreAwaitsPlayEnd { tricks } => write!(
                f,
                "declarer won {tricks} tricks in the play; the tricks that move when it ends (64) depend on the cards the record does not give, so no score is given"
            ),
        }
    }
}

/// The ruling data keeps the English sentence, as it always has.
impl Serialize for Note {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[derive(Clone, Debug, Serialize, PartialEq, Eq, Hash)]
pub struct CallLine {
    pub seat: Seat,
    pub call: std::borrow::Cow<'static, str>,
    /// "stands", "cancelled", "deemed" (a pass the Laws deem made) or "pending".
    pub status: &'static str,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Contract {
    pub level: u8,
    pub strain: Strain,
    /// 1 undoubled, 2 doubled, 4 redoubled.
    pub risk: u8,
    pub declarer: Seat,
    pub text: String,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Score {
    /// Declarer's side's score: positive when the contract is made.
    pub declarer_side: i64,
    /// The same from North-South's point of view.
    pub ns: i64,
    /// An artificial adjusted score was awarded, and it replaces this one (12C1(a), SK 423:
    /// "Takýto výsledok nahradí výsledok dosiahnutý pri hre").
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub replaced: bool,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
#[serde(tag = "method", rename_all = "snake_case")]
pub enum Comparison {
    Imps {
        difference: i64,
        imps: i64,
    },
    Total {
        scores: Vec<i64>,
        total: i64,
    },
    /// An artificial adjusted score (12C2): a side, its part in the irregularity (0 none, 1
    /// partly, 2 directly), the per cent in a pairs event and the IMPs in a teams event; with
    /// `from_session`, the side's result on the session's other boards (12C2(c)), whose IMP
    /// equivalent the case does not give (`imps` absent).
    Artificial {
        side: crate::model::Side,
        fault: u8,
        #[serde(serialize_with = "decimal_number")]
        percent: rust_decimal::Decimal,
        #[serde(skip_serializing_if = "Option::is_none")]
        imps: Option<i64>,
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        from_session: bool,
    },
    Matchpoints {
        score: i64,
        others: Vec<i64>,
        matchpoints: i64,
        top: i64,
    },
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct IrregularityRuling {
    /// An act the Laws govern that is not an irregularity (a claim, a concession).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub act: bool,
    pub name: std::sync::Arc<str>,
    pub law: u32,
    pub offender: Seat,
    pub call: std::sync::Arc<str>,
    /// 1-based position of the call among the case's events.
    pub event: usize,
    /// Ruled no longer: another irregularity of the same act sent the act back to be ruled
    /// afresh (`again`). Kept in its place, so that every instance index the table holds
    /// stays valid, and left out of the outcome.
    #[serde(skip)]
    pub dropped: bool,
    /// Each shared with the copies of this ruling (a branch of the decision tree that rules
    /// on copies the ruling, then writes only in its last paragraph).
    pub decisions: Vec<std::sync::Arc<Applied>>,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Applied {
    pub paragraph: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub refers: Vec<String>,
}

/// A card back in the hand it was dealt to (`Effect::DealRestored`).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct CardRestored {
    pub card: String,
    pub held_by: Seat,
    pub dealt_to: Seat,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
#[serde(tag = "effect", rename_all = "snake_case")]
pub enum Effect {
    Stands {
        seat: Seat,
        call: String,
    },
    Cancelled {
        seat: Seat,
        call: String,
        and_later: bool,
    },
    DeemedPass {
        seat: Seat,
    },
    Obligation {
        name: String,
        holder: Seat,
        /// The obligation's arguments (a call to repeat, a suit, a penalty card).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        args: Vec<String>,
        duration: Duration,
    },
    /// An obligation in force ends, neither kept nor broken (50D2(a)).
    Lifted {
        name: String,
        holder: Seat,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        args: Vec<String>,
        duration: Duration,
    },
    NoRectification,
    /// The call the rectification was about was taken away by another rectification (Law 25,
    /// 21B: changed by its maker; 15A1), whose law this is: nothing is left to rectify.
    Lapsed {
        seat: Seat,
        law: u32,
    },
    /// The trick before the lead ruled was completed under this law (67A1) and won by
    /// `winner`: the lead is read again, in turn after all (`in_turn`: not rectified) or out
    /// of turn against the new leader (ruled again below).
    LeadReadAgain {
        winner: Seat,
        in_turn: bool,
        law: u32,
    },
    /// As `LeadReadAgain`, the lead already taken back as out of turn: what of its
    /// rectification still waited (50D2's choice for partner's lead) lapses.
    LeadTakenBackInTurn {
        winner: Seat,
        law: u32,
    },
    /// A card played before the rectification of this law was chosen (60C), ruled again
    /// under it: what its first ruling still waited for lapses.
    PlayReadAgain {
        law: u32,
    },
    /// The board is redealt: what the case records after it is not on this deal.
    Redealt,
    /// No result comes from the table (15B1, 15A2(a), 12A2): an adjusted score instead.
    NoResult,
    /// A card played goes back to its holder's hand.
    Retracted {
        seat: Seat,
        card: String,
    },
    /// A card stays played: its player may not take it back (47F2).
    CardStays {
        seat: Seat,
        card: String,
    },
    /// The next lead is made from this hand (43B2(a)).
    LeadFrom {
        seat: Seat,
    },
    /// The play starts again under the contract the auction now gives, `leader` making its
    /// opening lead (the cards played are each `Retracted` before it).
    PlayRestarted {
        leader: Seat,
    },
    /// The deal is restored: each card a hand held that was dealt to another goes back,
    /// from the hand that held it to the one it was dealt to (13B1).
    DealRestored {
        cards: Vec<CardRestored>,
    },
    /// A card the Laws deem played (45C): it is played as any card once the act is ruled.
    DeemedPlayed {
        seat: Seat,
        card: String,
    },
    /// A card supplied to a defective trick: into that trick (`trick`), or, with none, among
    /// its holder's played cards, winning nothing (67B1).
    Placed {
        seat: Seat,
        card: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        trick: Option<u8>,
    },
    /// A fact of the table becomes true (54A: declarer's hand spread, dummy declares).
    FactSet {
        fact: String,
    },
    /// The play ends at a claim: the tricks not played go to a side, the rest to the other.
    Awarded {
        tricks: u8,
        to: crate::model::Side,
    },
    /// Tricks move to a side after the play.
    Transferred {
        tricks: u8,
        to: crate::model::Side,
    },
    DeferredTo {
        irregularity: String,
    },
    Answer {
        /// The chooser; `None` (`null`): the Director.
        who: Option<Seat>,
        option: String,
        answer: String,
        how: AnswerHow,
    },
}

/// How an option was answered.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum AnswerHow {
    /// The chooser said so.
    Chosen,
    /// By making a call (27A1: LHO accepts by calling).
    ByCalling,
    /// By playing a card (53A: the next player plays to a lead out of turn).
    ByPlaying,
    /// By the pass the Laws deem the chooser made when another called at his turn (28A).
    ByDeemedPass,
    /// By the act another rectification rules on (48B1: declarer spreads his hand, 54A).
    ByAct,
    /// Nobody answered before the case went on or ended.
    Default,
}

#[derive(Clone, Debug, Serialize, PartialEq, Eq, Hash)]
pub struct ObligationLine {
    pub name: String,
    pub holder: Seat,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<String>,
    pub duration: Duration,
    pub paragraph: String,
    /// "in force", "kept", "broken" or "ended" (the auction ended).
    pub status: String,
    /// How many calls broke it.
    #[serde(skip_serializing_if = "is_zero")]
    pub breaches: u32,
    /// A permission (nothing breaks it): "lifted" means used.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub permission: bool,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A decimal as a JSON number: a whole one as an integer (68), else as the double whose
/// shortest form is its digits (61.37). A case's session percentage has at most 12 decimal
/// places (`case::session_percent`), 15 significant digits, which a double keeps exactly.
fn decimal_number<S: serde::Serializer>(
    d: &rust_decimal::Decimal,
    s: S,
) -> Result<S::Ok, S::Error> {
    use rust_decimal::prelude::ToPrimitive;
    let d = d.normalize();
    match (d.scale(), d.to_i64(), d.to_f64()) {
        (0, Some(n), _) => s.serialize_i64(n),
        (_, _, Some(x)) => s.serialize_f64(x),
        _ => s.serialize_str(&d.to_string()),
    }
}
