//! Properties of random boards (proptest): a random deal with a random legal auction and a
//! random legal play raises no irregularity, its tricks sum to 13 and its score is what Law 77
//! gives (the benchmark's hand-written scorer, checked against endplay's table by
//! tests/score_baseline.rs); the ruling is the same twice, and the same when the case is
//! written in Slovak, Polish or Hungarian notation (laws/case.words); an irregularity planted
//! at a random point of such a board is ruled once, with a paragraph.

#[path = "../benches/baseline_score.rs"]
mod baseline_score;

use baseline_score::duplicate_score;
use lawbook::case::parse_case;
use lawbook::case::words::CaseWords;
use lawbook::eval::book::CompiledBook;
use lawbook::eval::explore::rule_case;
use lawbook::model::Strain;
use lawbook::ruling::{Node, Outcome, Ruling};
use lawbook::source::Sources;
use lawbook::syntax::ast::Lang;
use proptest::prelude::*;
use std::sync::OnceLock;

const SEATS: [&str; 4] = ["north", "east", "south", "west"];
const RANK_IDS: [&str; 5] = ["ten", "jack", "queen", "king", "ace"];
const STRAINS: [Strain; 5] = [
    Strain::Clubs,
    Strain::Diamonds,
    Strain::Hearts,
    Strain::Spades,
    Strain::NoTrump,
];

thread_local! {
    static BOOK: CompiledBook = {
        let laws = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("laws/2017");
        lawbook::load::load_lawbook(&laws, &mut Sources::default()).expect("the law book loads")
    };
}

fn words() -> &'static CaseWords {
    static W: OnceLock<&'static CaseWords> = OnceLock::new();
    W.get_or_init(CaseWords::builtin)
}

/// A card: suit 0..4 (♠♥♦♣), rank 0..13 (2..A).
type Card = (usize, usize);

#[derive(Clone, Copy, Debug, PartialEq)]
enum Call {
    Pass,
    Double,
    Redouble,
    /// Level 1..=7, strain index into STRAINS.
    Bid(u8, usize),
}

/// A board as the test builds it: dealer, vulnerability (0 none, 1 NS, 2 EW, 3 both), the
/// hands, the calls from the dealer on, the cards in the order played (each with its player,
/// who may be out of turn when an irregularity is planted).
#[derive(Clone, Debug)]
struct Board {
    dealer: usize,
    vul: usize,
    hands: [Vec<Card>; 4],
    calls: Vec<(usize, Call)>,
    cards: Vec<(usize, Card)>,
}

fn deal(order: &[usize]) -> [Vec<Card>; 4] {
    let mut hands: [Vec<Card>; 4] = Default::default();
    for (i, &c) in order.iter().enumerate() {
        hands[i / 13].push((c / 13, c % 13));
    }
    hands
}

/// A legal auction, each choice taken from `r` in turn.
fn auction(dealer: usize, r: &mut impl Iterator<Item = u8>) -> Vec<(usize, Call)> {
    let mut calls = vec![];
    let mut last_bid: Option<(u8, usize, usize)> = None; // level, strain, bidder
    let mut risk = 0; // 0, 1 doubled, 2 redoubled
    let mut passes = 0;
    let mut seat = dealer;
    loop {
        let x = r.next().unwrap_or(0);
        let above = last_bid.map_or(0, |(l, s, _)| (l as usize - 1) * 5 + s + 1);
        let call = if x < 150 || above >= 35 {
            Call::Pass
        } else if x < 175 && last_bid.is_some_and(|(_, _, b)| b % 2 != seat % 2) && risk == 0 {
            Call::Double
        } else if x < 185 && last_bid.is_some_and(|(_, _, b)| b % 2 == seat % 2) && risk == 1 {
            Call::Redouble
        } else {
            // A bid a few steps above the last.
            let step = above + (x as usize % 4).min(34 - above);
            Call::Bid((step / 5 + 1) as u8, step % 5)
        };
        match call {
            Call::Pass => passes += 1,
            Call::Double => (risk, passes) = (1, 0),
            Call::Redouble => (risk, passes) = (2, 0),
            Call::Bid(l, s) => {
                (last_bid, risk, passes) = (Some((l, s, seat)), 0, 0);
            }
        }
        calls.push((seat, call));
        seat = (seat + 1) % 4;
        if (last_bid.is_none() && passes == 4) || (last_bid.is_some() && passes == 3) {
            return calls;
        }
    }
}

/// The contract: level, strain, risk (0, 1, 2), declarer; none when passed out.
fn contract(calls: &[(usize, Call)]) -> Option<(u8, usize, u8, usize)> {
    let (i, &(bidder, Call::Bid(level, strain))) = calls
        .iter()
        .enumerate()
        .rev()
        .find(|(_, (_, c))| matches!(c, Call::Bid(..)))?
    else {
        return None;
    };
    let risk = match calls[i..].iter().rev().find(|(_, c)| *c != Call::Pass) {
        Some((_, Call::Double)) => 1,
        Some((_, Call::Redouble)) => 2,
        _ => 0,
    };
    let declarer = calls
        .iter()
        .find(|(s, c)| s % 2 == bidder % 2 && matches!(c, Call::Bid(_, st) if *st == strain))
        .unwrap()
        .0;
    Some((level, strain, risk, declarer))
}

fn trumps(strain: usize) -> Option<usize> {
    // STRAINS runs ♣♦♥♠NT; suits run ♠♥♦♣.
    (strain < 4).then(|| 3 - strain)
}

fn winner(trick: &[(usize, Card)], trump: Option<usize>) -> usize {
    let mut best = trick[0];
    for &(s, c) in &trick[1..] {
        let beats = if c.0 == best.1 .0 {
            c.1 > best.1 .1
        } else {
            Some(c.0) == trump && best.1 .0 != c.0
        };
        if beats {
            best = (s, c);
        }
    }
    best.0
}

/// A legal play of all 13 tricks, each card chosen by `r` among the legal ones; the tricks
/// declarer's side won.
fn play(
    hands: &[Vec<Card>; 4],
    leader: usize,
    trump: Option<usize>,
    declarer: usize,
    r: &mut impl Iterator<Item = u8>,
) -> (Vec<(usize, Card)>, u8) {
    let mut hands = hands.clone();
    let mut cards = vec![];
    let mut leader = leader;
    let mut won = 0;
    for _ in 0..13 {
        let mut trick: Vec<(usize, Card)> = vec![];
        for k in 0..4 {
            let seat = (leader + k) % 4;
            let h = &mut hands[seat];
            let follow: Vec<usize> = (0..h.len())
                .filter(|&i| trick.first().is_some_and(|t| h[i].0 == t.1 .0))
                .collect();
            let pool: Vec<usize> = if follow.is_empty() {
                (0..h.len()).collect()
            } else {
                follow
            };
            let i = pool[r.next().unwrap_or(0) as usize % pool.len()];
            trick.push((seat, h.remove(i)));
        }
        leader = winner(&trick, trump);
        if leader % 2 == declarer % 2 {
            won += 1;
        }
        cards.extend(trick);
    }
    (cards, won)
}

fn word(class: &str, id: &str, lang: Lang) -> &'static str {
    words()
        .word(class, id, lang)
        .unwrap_or_else(|| panic!("no {lang:?} word for {class} {id}"))
}

fn rank(r: usize, lang: Lang) -> String {
    if r < 8 {
        (r + 2).to_string()
    } else {
        word("rank", RANK_IDS[r - 8], lang).to_string()
    }
}

fn card(c: Card, lang: Lang) -> String {
    let suit = ["♠", "♥", "♦", "♣"][c.0];
    format!("{suit}{}", rank(c.1, lang))
}

fn call(c: Call, lang: Lang) -> String {
    match c {
        Call::Pass => word("call", "pass", lang).into(),
        Call::Double => word("call", "double", lang).into(),
        Call::Redouble => word("call", "redouble", lang).into(),
        Call::Bid(l, 4) => format!("{l}{}", word("strain", "notrump", lang)),
        Call::Bid(l, s) => format!("{l}{}", ["♣", "♦", "♥", "♠"][s]),
    }
}

/// The board as a case file in `lang`'s notation.
fn case_text(b: &Board, lang: Lang) -> String {
    let key = |k: &str| word("key", k, lang);
    let seat = |s: usize| word("seat", SEATS[s], lang);
    let vul = word("vulnerability", ["none", "ns", "ew", "both"][b.vul], lang);
    let hands: Vec<String> = b
        .hands
        .iter()
        .map(|h| {
            (0..4)
                .map(|suit| {
                    let mut rs: Vec<usize> =
                        h.iter().filter(|c| c.0 == suit).map(|c| c.1).collect();
                    rs.sort_by(|a, b| b.cmp(a));
                    rs.iter().map(|&r| rank(r, lang)).collect::<String>()
                })
                .collect::<Vec<_>>()
                .join(".")
        })
        .collect();
    let mut t = format!(
        "{} 1\n{} {}\n{} {vul}\n{} {}:{}\n{} {{\n",
        key("board"),
        key("dealer"),
        seat(b.dealer),
        key("vulnerable"),
        key("deal"),
        seat(0),
        hands.join(" "),
        key("auction"),
    );
    for (s, c) in &b.calls {
        t.push_str(&format!("  {} {}\n", seat(*s), call(*c, lang)));
    }
    t.push_str("}\n");
    if !b.cards.is_empty() {
        t.push_str(&format!("{} {{\n", key("play")));
        for (_, c) in &b.cards {
            t.push_str(&format!("  {}\n", card(*c, lang)));
        }
        t.push_str("}\n");
    }
    t
}

fn rule(text: &str) -> Ruling {
    let case = parse_case(0, text).unwrap_or_else(|d| panic!("{text}\n{d:?}"));
    BOOK.with(|book| rule_case(book, &case, "random").unwrap_or_else(|e| panic!("{text}\n{e:?}")))
}

fn leaves(n: &Node) -> Vec<&Outcome> {
    match n {
        Node::Outcome(o) => vec![o],
        Node::Branch { branches, .. } => branches.iter().flat_map(|b| leaves(&b.node)).collect(),
    }
}

/// A random board: deal, dealer, vulnerability, a legal auction and, when it ends in a
/// contract, a legal play.
fn random_board() -> impl Strategy<Value = (Board, Option<(u8, usize, u8, usize, u8)>)> {
    (
        Just((0..52).collect::<Vec<usize>>()).prop_shuffle(),
        0..4usize,
        0..4usize,
        prop::collection::vec(any::<u8>(), 160),
    )
        .prop_map(|(order, dealer, vul, choices)| {
            let hands = deal(&order);
            let mut r = choices.into_iter().cycle();
            let calls = auction(dealer, &mut r);
            let mut b = Board {
                dealer,
                vul,
                hands,
                calls,
                cards: vec![],
            };
            let result = contract(&b.calls).map(|(level, strain, risk, declarer)| {
                let (cards, won) = play(
                    &b.hands,
                    (declarer + 1) % 4,
                    trumps(strain),
                    declarer,
                    &mut r,
                );
                b.cards = cards;
                (level, strain, risk, declarer, won)
            });
            (b, result)
        })
}

fn vulnerable(vul: usize, seat: usize) -> bool {
    vul == 3 || (vul == 1 && seat.is_multiple_of(2)) || (vul == 2 && seat % 2 == 1)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn a_legal_board_raises_nothing_and_scores_as_law_77_says((board, result) in random_board()) {
        let text = case_text(&board, Lang::En);
        let ruling = rule(&text);
        let Node::Outcome(o) = &ruling.tree else {
            panic!("a legal board leaves a question open:\n{text}");
        };
        prop_assert!(o.irregularities.is_empty(), "{text}\n{:?}", o.irregularities);
        prop_assert!(o.notes.is_empty(), "{text}\n{:?}", o.notes);
        match result {
            None => {
                prop_assert!(o.passed_out);
                prop_assert!(o.contract.is_none());
            }
            Some((level, strain, risk, declarer, won)) => {
                let c = o.contract.as_ref().expect("a contract");
                prop_assert_eq!(c.level, level);
                prop_assert_eq!(c.strain, STRAINS[strain]);
                prop_assert_eq!(c.risk, [1, 2, 4][risk as usize]);
                prop_assert_eq!(c.declarer.index(), declarer);
                // The tricks of a complete play: declarer's as the test counts them, and the
                // defenders' the rest of 13.
                prop_assert_eq!(o.tricks, Some(won));
                prop_assert!(won <= 13);
                let want = duplicate_score(level, STRAINS[strain], risk, vulnerable(board.vul, declarer), won);
                prop_assert_eq!(o.score.as_ref().map(|s| s.declarer_side), Some(i64::from(want)));
            }
        }
    }

    #[test]
    fn a_ruling_is_the_same_twice_and_in_every_notation((board, _) in random_board()) {
        let json = |r: &Ruling| {
            let mut v = serde_json::to_value(r).unwrap();
            v.as_object_mut().unwrap().remove("case");
            v
        };
        let en = json(&rule(&case_text(&board, Lang::En)));
        prop_assert_eq!(&en, &json(&rule(&case_text(&board, Lang::En))));
        for lang in [Lang::Sk, Lang::Pl, Lang::Hu] {
            let text = case_text(&board, lang);
            prop_assert_eq!(&en, &json(&rule(&text)), "{}", text);
        }
    }

    #[test]
    fn a_planted_irregularity_is_ruled_once_with_a_paragraph(
        (board, result) in random_board(),
        kind in 0..3usize,
        at in any::<u8>(),
        pick in any::<u8>(),
    ) {
        let mut b = board.clone();
        if kind < 2 {
            // The auction stops at the planted call: no play follows it.
            b.cards.clear();
        }
        // (name of the irregularity, its event's number among the case's events)
        let (name, event) = match kind {
            // A call by the player after the one whose turn it is.
            0 => {
                let i = at as usize % b.calls.len();
                let seat = (b.calls[i].0 + 1) % 4;
                b.calls.truncate(i);
                b.calls.push((seat, Call::Pass));
                ("call_out_of_rotation", i + 1)
            }
            // A bid lower than the last bid, at its maker's turn.
            1 => {
                let bids: Vec<usize> = (0..b.calls.len())
                    .filter(|&i| matches!(b.calls[i].1, Call::Bid(l, s) if (l, s) != (1, 0)))
                    .collect();
                prop_assume!(!bids.is_empty());
                let last = bids[at as usize % bids.len()];
                let Call::Bid(l, s) = b.calls[last].1 else { unreachable!() };
                let next = last + 1;
                let seat = (b.calls[last].0 + 1) % 4;
                b.calls.truncate(next);
                let lower = if s > 0 { Call::Bid(l, s - 1) } else { Call::Bid(l - 1, 4) };
                b.calls.push((seat, lower));
                ("insufficient_bid", next + 1)
            }
            // A lead by a player who is not on lead, at the start of a trick.
            _ => {
                prop_assume!(result.is_some());
                let t = at as usize % 13;
                let leader = b.cards[t * 4].0;
                let wrong = (leader + 1 + pick as usize % 3) % 4;
                // One of his cards still in his hand.
                let left: Vec<Card> = b.cards[t * 4..].iter().filter(|(s, _)| *s == wrong).map(|(_, c)| *c).collect();
                let c = left[pick as usize % left.len()];
                b.cards.truncate(t * 4);
                b.cards.push((wrong, c));
                ("lead_out_of_turn", b.calls.len() + t * 4 + 1)
            }
        };
        let mut text = case_text(&b, Lang::En);
        if kind == 2 {
            // The case names the player of the card led out of turn.
            let (seat, c) = *b.cards.last().unwrap();
            let plain = format!("  {}\n}}\n", card(c, Lang::En));
            let named = format!(
                "  {} {} {}\n}}\n",
                word("seat", SEATS[seat], Lang::En),
                word("event", "plays", Lang::En),
                card(c, Lang::En)
            );
            text = text.replacen(&plain, &named, 1);
        }
        let ruling = rule(&text);
        for o in leaves(&ruling.tree) {
            let ruled: Vec<_> = o.irregularities.iter().filter(|i| i.event == event).collect();
            prop_assert_eq!(ruled.len(), 1, "{}\n{:?}", text, o.irregularities);
            prop_assert_eq!(&*ruled[0].name, name, "{}", text);
            prop_assert!(!ruled[0].decisions.is_empty(), "{}: no paragraph", text);
        }
    }
}
