//! The syntax tree of a law file. Every node carries its span.

use crate::model::{Call, Card, Suit};
use crate::source::Span;
use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    En,
    Sk,
    Pl,
    Hu,
}

impl Lang {
    pub const ALL: [Lang; 4] = [Lang::En, Lang::Sk, Lang::Pl, Lang::Hu];

    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Sk => "sk",
            Lang::Pl => "pl",
            Lang::Hu => "hu",
        }
    }

    pub fn parse(s: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code() == s)
    }
}

#[derive(Clone, Debug)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

/// A paragraph id as the Laws write it: 27, 27B, 27B1, 27B1(a), 30B1(b)(ii).
#[derive(Clone, Debug)]
pub struct ParaId {
    pub text: String,
    pub law: u32,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Translations {
    pub entries: Vec<(Lang, String, Span)>,
    pub span: Span,
}

impl Translations {
    pub fn get(&self, lang: Lang) -> Option<&str> {
        self.entries
            .iter()
            .find(|(l, _, _)| *l == lang)
            .map(|(_, s, _)| s.as_str())
    }
}

#[derive(Clone, Debug)]
pub struct LawFile {
    pub file: u32,
    pub laws: Vec<Law>,
}

#[derive(Clone, Debug)]
pub struct Law {
    pub number: u32,
    pub number_span: Span,
    pub span: Span,
    pub titles: Vec<Translations>,
    pub sources: Vec<SourceLines>,
    pub items: Vec<Item>,
}

#[derive(Clone, Debug)]
pub struct SourceLines {
    pub lang: Lang,
    pub first: u32,
    pub last: u32,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum Item {
    Paragraph(ParagraphDecl),
    Define(Define),
    Table(Table),
    Irregularity(Irregularity),
    Finding(Finding),
    /// A fact of the table (`fact`): named and said like a finding, set by a step.
    Fact(Finding),
    Option(OptionDecl),
    Obligation(Obligation),
    Rectify(Rectify),
    Procedure(Procedure),
}

#[derive(Clone, Debug)]
pub struct ParagraphDecl {
    pub id: ParaId,
    pub titles: Vec<Translations>,
    pub judgement: Option<String>,
    /// How the players proceed, with nothing for a ruling to compute (65A, 66A).
    pub conduct: Option<String>,
    /// The body the paragraph leaves a choice to that no ruling computes (78D, 18F).
    pub delegated: Option<Ident>,
    /// What a regulation provides there, in its words.
    pub regulated: Option<(String, Span)>,
    pub span: Span,
}

/// `delegated to regulating_authority by 12C2(d)`: the body a value is left to, and the
/// paragraph that leaves it.
#[derive(Clone, Debug)]
pub struct Delegation {
    pub to: Ident,
    pub by: ParaId,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Param {
    pub name: Ident,
    pub ty: TypeExpr,
    /// `level: 1..7`: an int whose values are declared (its type is `int`).
    pub domain: Option<(i64, i64)>,
}

#[derive(Clone, Debug)]
pub enum TypeExprKind {
    Named(String),
    List(Box<TypeExpr>),
}

#[derive(Clone, Debug)]
pub struct TypeExpr {
    pub kind: TypeExprKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Define {
    pub delegated: Option<Delegation>,
    pub name: Ident,
    pub params: Vec<Param>,
    pub ty: TypeExpr,
    /// The paragraphs it encodes.
    pub per: Vec<ParaId>,
    pub body: Expr,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Table {
    pub delegated: Option<Delegation>,
    pub name: Ident,
    pub params: Vec<Param>,
    pub ty: TypeExpr,
    pub per: Vec<ParaId>,
    pub rows: Vec<TableRow>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum RowKey {
    Wildcard,
    Range(i64, Option<i64>),
    Value(Expr),
}

#[derive(Clone, Debug)]
pub struct TableRow {
    pub key: RowKey,
    pub key_span: Span,
    pub value: Expr,
    pub span: Span,
}

/// How cards came to be seen or handled: the exposure triggers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exposure {
    /// `exposure`: dropped, held so partner could see it, named (24, 48, 49).
    Exposed,
    /// `early_lead`: led during the auction (24).
    EarlyLead,
    /// `played_together`: played together with another card of the same hand (58B).
    WithPlay,
    /// `fifth_card`: added to a trick all four players have played to (45E).
    FifthCard,
    /// `held`: held face up as a card played is held (45C1, 45C2).
    Held,
    /// `touched`: a card of dummy's that declarer touched (45C3).
    Touched,
    /// `hidden`: played face down with the card a player played, unseen (58B, 67).
    Hidden,
    /// `named`: a card a player names as being in his hand (49: "obranca menuje kartu zo
    /// svojho listu"), exposed by his own will.
    Named,
}

#[derive(Clone, Debug)]
pub enum TriggerKind {
    /// `on call c by offender`
    Call,
    /// `on play x by player`: a card played
    Play,
    /// `on withdrawal x by player`: a player takes back a card he played (Law 47)
    Withdrawal,
    /// `on trick_quitted t by offender`: trick t was quitted without a card of the offender
    /// (Law 67)
    TrickQuitted,
    /// `on supply x by player`: a player supplies a card to a trick he did not play to (67)
    Supply,
    /// `on exposure x by offender` (and `early_lead`, `played_together`, `fifth_card`): cards
    /// that came to be seen, each way its own trigger
    Exposure(Exposure),
    /// `on breach of OBLIGATION call|play x by offender`
    Breach(Ident),
    /// `on change x by offender`: a player replaces his last call with x (Law 25)
    Change,
    /// `on conduct q by player`: q is "review", "explanation" (Law 20), "hesitation" (16) or "misstatement" (19A3)
    Question,
    /// `on claim n by claimer`: a claim or a concession; n is the number of the remaining
    /// tricks the claimer's side is to win (Law 68)
    Claim,
    /// `on turn_to_lead t by leader`: a player's turn to lead comes; t is the trick he is
    /// to lead (50D2, 51B)
    LeadTurn,
}

#[derive(Clone, Debug)]
pub struct Trigger {
    pub kind: TriggerKind,
    pub call: Ident,
    pub offender: Ident,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Let {
    pub name: Ident,
    pub value: Expr,
}

#[derive(Clone, Debug)]
pub struct Irregularity {
    /// Declared with `act`: governed by the Laws without being an irregularity (a claim).
    pub act: bool,
    pub name: Ident,
    pub trigger: Trigger,
    pub lets: Vec<Let>,
    pub when: Expr,
    /// `ruled when cancelled`: its rectification still runs when another rectification
    /// cancels the call with every later call (38B); otherwise it lapses with the call.
    pub ruled_when_cancelled: bool,
    pub span: Span,
}

impl Irregularity {
    /// How many of the `let`s, from the first, its `when` needs: up to the last one it
    /// names (a `let` may read the ones before it). The others are bound only when the act
    /// is the irregularity, for its rectification.
    pub fn lets_for_when(&self) -> usize {
        let mut used = vec![];
        self.when.names_used(&mut used);
        self.lets
            .iter()
            .rposition(|l| used.iter().any(|(n, _)| *n == l.name.name))
            .map_or(0, |last| last + 1)
    }
}

#[derive(Clone, Debug)]
pub struct Finding {
    pub name: Ident,
    /// A number the Director finds, from the first to the second (both included); None for
    /// a yes-or-no finding and for a fact.
    pub range: Option<(Expr, Expr)>,
    pub ask: Translations,
    pub span: Span,
}

/// `agree only by lho(claimer), rho(claimer)`: of the players who may answer an option, the
/// ones who alone may give this answer (69A: agreement to a claim is the opponents').
#[derive(Clone, Debug)]
pub struct AnswerLimit {
    pub answer: Ident,
    pub by: Vec<Expr>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct ImpliedAnswer {
    /// Answered by a card played (`play by`), not by a call.
    pub on_play: bool,
    pub by: Expr,
    pub when: Option<Expr>,
    /// `even together`: a call of the same moment as the act that opened the choice answers
    /// it too (33: deemed made after it).
    pub together: bool,
    /// `by deemed pass`: the act implies the chooser's answer by the pass the Laws deem he
    /// made (28A); the answer is his.
    pub by_deemed_pass: bool,
    pub answer: Ident,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct OptionDecl {
    pub name: Ident,
    /// The player who chooses; `None`: the Director (`option … by director`, 16D2).
    pub chooser: Option<Expr>,
    /// Other players who may answer too (`by lho(offender), rho(offender)`: 55A's "either
    /// defender"): an answer of theirs holds unless the chooser answers otherwise before
    /// the case goes on, the chooser's decision prevailing when they disagree.
    pub seconds: Vec<Expr>,
    /// The answers offered to the chooser, each with the condition under which it is.
    pub answers: Vec<Ident>,
    pub answer_when: Vec<Option<Expr>>,
    /// The answer that holds if the case goes on, or ends, without one.
    pub default: Option<Ident>,
    /// The answer that holds whoever of the chooser and the others gives it, over any other
    /// answer given before or after it until the case goes on (`prevailing dispute`, 68D2:
    /// "Ak ktorýkoľvek hráč … vznesie námietku"). Without it, the chooser's answer prevails.
    pub prevailing: Option<Ident>,
    pub limits: Vec<AnswerLimit>,
    pub implied: Vec<ImpliedAnswer>,
    /// `open until next_deal by …`: the players whose call on the next deal closes the
    /// choice (69A); empty: anyone's.
    pub open_until: Vec<Expr>,
    pub ask: Translations,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Obligation {
    pub name: Ident,
    pub params: Vec<Param>,
    /// Kept (or broken) by calls, or by cards played.
    pub on_play: bool,
    pub call: Ident,
    /// The name the holder goes by in `keeps` and `ends`.
    pub holder: Option<Ident>,
    pub keeps: Expr,
    /// `yields to A, B for e`: not breached when playing `e` would break A or B (50D1(b)).
    pub yields: Option<Yields>,
    pub ends: Option<Expr>,
    /// `forces when c`: its holder plays a card for which `c` holds whenever one is legal
    /// (50D1), as the play a claim leaves open reads it.
    pub forces: Option<Box<Expr>>,
    /// `avoids when c`: its holder plays no card for which `c` holds while he has another
    /// legal one (50C, 26B), as the play a claim leaves open reads it.
    pub avoids: Option<Box<Expr>>,
    pub ask: Option<Translations>,
    /// Declared `permission`: nothing breaks it; the ruling lists it as used or not.
    pub permission: bool,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Yields {
    pub to: Vec<Ident>,
    pub card: Expr,
}

#[derive(Clone, Debug)]
pub struct Rectify {
    /// The irregularity rectified; `None`: every irregularity (`rectify every irregularity`),
    /// rules tried before each one's own.
    pub irregularity: Option<Ident>,
    pub decision: Decision,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Procedure {
    pub id: ParaId,
    pub block: Block,
    pub span: Span,
}

/// Sibling rules of which exactly one applies; `except` says which rule yields to which.
/// A regulation file: a body's choices on the options the Laws delegate, and its amendments.
#[derive(Clone, Debug)]
pub struct Regulation {
    pub name: Ident,
    pub titles: Vec<Translations>,
    /// The law book it applies to (`applies to 2017`), as the book's folder is named.
    pub applies_to: Option<(String, Span)>,
    pub settings: Vec<Setting>,
    pub span: Span,
}

/// One `set` or `amend` of a regulation.
#[derive(Clone, Debug)]
pub struct Setting {
    /// `amend`: replaces what the Laws do not delegate (warned about in every run).
    pub amend: bool,
    pub change: Change,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum Change {
    /// `set average_plus = 65`: a definition without parameters given a new value.
    Value {
        name: Ident,
        value: Expr,
    },
    Define(Define),
    Table(Table),
    /// Rules replacing the rules of the same paragraph in a decision (or added to it).
    Rectify(Rectify),
    /// `set 78D "…"`: what the regulation provides where the Laws delegate a matter no
    /// ruling computes.
    Paragraph {
        id: ParaId,
        text: String,
    },
}

#[derive(Clone, Debug)]
pub struct Decision {
    pub rules: Vec<Rule>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Rule {
    pub id: ParaId,
    pub except: Vec<ParaId>,
    pub when: Option<Expr>,
    pub block: Block,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Block {
    pub steps: Vec<Step>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Duration {
    RestOfAuction,
    NextTurn,
    /// The holder's next lead: a card he plays to a trick another led ends it unused.
    NextLead,
    RestOfPlay,
    WhileOnLead,
}

#[derive(Clone, Debug)]
pub struct Arm {
    pub answer: Ident,
    /// The paragraph this answer leads to, when it is not the enclosing rule's.
    pub id: Option<ParaId>,
    pub block: Block,
}

#[derive(Clone, Debug)]
pub enum StepKind {
    Choose {
        option: Ident,
        arms: Vec<Arm>,
    },
    /// Wait for the next call by a seat. `observe`: the rectification only looks at it
    /// (`after call`); otherwise it rules on it (`await call`).
    AwaitCall {
        var: Ident,
        by: Expr,
        decision: Decision,
        observe: bool,
    },
    Decide(Decision),
    Goto(ParaId, Option<Expr>),
    /// Paragraphs that apply or may apply, with the condition under which they are cited.
    Refer(Vec<ParaId>, Option<Expr>),
    Defer(Ident),
    Stands(Ident),
    Cancel {
        var: Ident,
        and_later: bool,
    },
    /// `deemed pass by SEAT [when COND]`: with a condition, only when it holds.
    DeemedPass(Expr, Option<Expr>),
    Impose {
        obligation: Ident,
        args: Vec<Expr>,
        on: Expr,
        duration: Duration,
    },
    /// An obligation in force ends, neither kept nor broken (50D2(a)).
    Lift {
        obligation: Ident,
        args: Vec<Expr>,
        on: Expr,
    },
    NoRectification,
    /// The rectification ends: no step after this one runs, in its block or in the blocks
    /// around it (60A1: a play that forfeits it answers the choice it waited for).
    EndRectification,
    /// The act is, in this case, no irregularity: the Laws allow it (21B1(a), 25A1); with a
    /// name, listed as that act of the law book, under its law (28A).
    NoIrregularity(Option<Ident>),
    /// The statement is no claim or concession (68, 68A, 68B2).
    NoClaim,
    /// Steps run when the auction ends.
    AtAuctionEnd(Block),
    /// Steps run when the play ends (13 tricks).
    AtPlayEnd(Block),
    /// A card played (a card variable of a `play` trigger) goes back to its holder's hand.
    Retract(Ident),
    /// The play starts again under the contract the auction now gives: every card played
    /// goes back to its holder and that contract's opening leader leads (41A; 38B-38C, a
    /// bid of more than seven found after the opening lead).
    RestartPlay,
    /// Each card a hand held that was dealt to another goes back to the hand it was dealt to
    /// (13A1, 13B1: the Director restores the deal); a card already played stays played.
    RestoreDeal,
    /// A card is played by its holder, as any card, once the act being ruled is done (45C);
    /// `together`: the other cards of his played with it (58B), a list of cards.
    PlayCard {
        card: Ident,
        together: Option<Expr>,
    },
    /// The next lead is made from this hand (43B2(a)).
    LeadFrom(Expr),
    /// A card supplied to a defective trick (a card variable of a `supply` trigger) leaves
    /// its holder's hand: into trick `trick`, which it may win (67A1), or, with `None`, among
    /// his played cards, where it wins nothing (67B1).
    Place {
        card: Ident,
        trick: Option<Expr>,
    },
    /// A fact of the table becomes true from now on (54A).
    SetFact(Ident),
    /// The board is redealt: the table stops, and no result comes from this deal.
    Redeal,
    /// No table result (15B1, 15A2(a), 12A2): the table stops; an adjusted score.
    NoResult,
    /// An open choice of `option` is answered `answer` by the act this rectification rules
    /// on (48B1: declarer spreading his hand is 54A's answer).
    AnswerChoice {
        option: Ident,
        answer: Ident,
    },
    /// The play ends: `count` of the tricks not yet played go to the side `to`, the others
    /// to its opponents (68D, 69A, 70).
    Award {
        count: Expr,
        to: Expr,
    },
    /// Tricks move to a side when the play ends.
    Transfer {
        count: Expr,
        to: Expr,
    },
    /// Cancel a call of the auction (an entry), and with `onwards` every later call.
    Withdraw {
        entry: Expr,
        onwards: bool,
    },
    /// Rules that wait until attention is drawn (the Director is called, or the case ends).
    /// With `again`, until the Director is called after the moment they were opened: a
    /// `director` event of the case, not its end, where they lapse (16C3: the Director
    /// judges a breach of 16C2 when someone calls him about it).
    AwaitDirector {
        decision: Decision,
        again: bool,
    },
    /// Rule on a call again, as any call, when this rectification is done: a call of this
    /// rectification, by its name (with `in_place_of`, it takes the place of that entry,
    /// withdrawn, in the auction); or an entry of the auction, ruled again where it stands,
    /// the calls before it being what they now are (25A6, 21B2: a call kept over a call that
    /// was replaced). Which it is, the names in scope say (the checker, then the table).
    Again {
        target: Expr,
        in_place_of: Option<Expr>,
    },
    /// The block once for each element of a list, bound to `var`.
    ForEach {
        var: Ident,
        list: Expr,
        block: Block,
    },
}

#[derive(Clone, Debug)]
pub struct Step {
    pub kind: StepKind,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuantKind {
    Any,
    All,
    Count,
    Highest,
    Last,
    First,
    Sum,
    /// The elements that pass the filter, as a list.
    Every,
}

impl QuantKind {
    pub const ALL: [QuantKind; 8] = [
        QuantKind::Any,
        QuantKind::All,
        QuantKind::Count,
        QuantKind::Highest,
        QuantKind::Last,
        QuantKind::First,
        QuantKind::Sum,
        QuantKind::Every,
    ];

    /// The word that writes it in a law file (`any x in xs where …`).
    pub fn word(self) -> &'static str {
        match self {
            QuantKind::Any => "any",
            QuantKind::All => "all",
            QuantKind::Count => "count",
            QuantKind::Highest => "highest",
            QuantKind::Last => "last",
            QuantKind::First => "first",
            QuantKind::Sum => "sum",
            QuantKind::Every => "every",
        }
    }
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    Int(i64),
    /// A decimal literal, kept with the places it was written with (`40.0`).
    Decimal(rust_decimal::Decimal),
    Str(String),
    Name(String),
    Apply(Ident, Vec<Expr>),
    Field(Box<Expr>, Ident),
    Neg(Box<Expr>),
    Not(Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    Quant {
        kind: QuantKind,
        var: Ident,
        list: Box<Expr>,
        filter: Option<Box<Expr>>,
        key: Option<Box<Expr>>,
    },
    BidLit(Call),
    CardLit(Card),
    SuitLit(Suit),
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

impl Expr {
    /// Whether the expression reads the variable `name` where it is free (not where an inner
    /// quantifier binds the same name again).
    pub fn reads_var(&self, name: &str) -> bool {
        match &self.kind {
            ExprKind::Name(n) => n == name,
            ExprKind::Apply(_, args) => args.iter().any(|a| a.reads_var(name)),
            ExprKind::Field(x, _) | ExprKind::Neg(x) | ExprKind::Not(x) => x.reads_var(name),
            ExprKind::Binary(_, a, b) => a.reads_var(name) || b.reads_var(name),
            ExprKind::If(c, t, f) => c.reads_var(name) || t.reads_var(name) || f.reads_var(name),
            ExprKind::Quant {
                var,
                list,
                filter,
                key,
                ..
            } => {
                list.reads_var(name)
                    || (var.name != name
                        && [filter, key]
                            .into_iter()
                            .flatten()
                            .any(|x| x.reads_var(name)))
            }
            _ => false,
        }
    }

    /// The names the expression refers to, with where: names, the functions it applies, and
    /// the variables of its quantifiers where they are used (a superset of what it reads from
    /// outside).
    pub fn names_used<'e>(&'e self, out: &mut Vec<(&'e str, Span)>) {
        match &self.kind {
            ExprKind::Name(n) => out.push((n, self.span)),
            ExprKind::Apply(f, args) => {
                out.push((&f.name, f.span));
                for a in args {
                    a.names_used(out);
                }
            }
            ExprKind::Field(x, _) | ExprKind::Neg(x) | ExprKind::Not(x) => x.names_used(out),
            ExprKind::Binary(_, a, b) => {
                a.names_used(out);
                b.names_used(out);
            }
            ExprKind::If(c, t, f) => {
                c.names_used(out);
                t.names_used(out);
                f.names_used(out);
            }
            ExprKind::Quant {
                list, filter, key, ..
            } => {
                list.names_used(out);
                for x in [filter, key].into_iter().flatten() {
                    x.names_used(out);
                }
            }
            _ => {}
        }
    }
}
