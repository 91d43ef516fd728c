//! Every complete play record of tests/data/pbn replays with no irregularity; then one
//! revoke is planted in each (a card that followed suit swapped with a later discard of the
//! same player), the board is ruled, and the outcome is checked against a computation made
//! here from the text of Laws 61-64, not from the law book:
//!
//! - 61A: the swapped card fails to follow suit while its player holds the suit led;
//! - 63A1: it is established, since the offender or his partner plays to the next trick;
//! - 64A2 (SK 1595): the offender did not win the trick (the planting keeps every winner),
//!   so one trick is transferred if his side won it or a later trick; 64B1 (SK 1601) none
//!   if it won neither; 64B3 (SK 1603) none for dummy's card; 64B6 (SK 1609) none on the
//!   twelfth trick.

use lawbook::case::PlayRecord;
use lawbook::eval::explore::rule_case;
use lawbook::load::load_lawbook;
use lawbook::model::{Card, Hand, Seat, Strain, Suit};
use lawbook::pbn::{to_case::board_case, PbnContract, PbnFile};
use lawbook::ruling::{Effect, Node, Outcome};
use lawbook::source::Sources;
use std::path::{Path, PathBuf};

fn pbn_files(root: &Path) -> Vec<PathBuf> {
    let dir = root.join("tests/data/pbn");
    let mut files = vec![dir.join("camrose2024-robots.pbn")];
    let mut bbo: Vec<PathBuf> = std::fs::read_dir(dir.join("bbo"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "pbn"))
        .collect();
    bbo.sort();
    files.extend(bbo);
    files
}

/// The play as this test sees it: for each trick, its leader and the card of each seat.
struct Trick {
    leader: Seat,
    cards: [Card; 4],
}

fn winner(t: &Trick, trumps: Strain) -> Seat {
    let trump = |c: Card| Some(c.suit) == trumps.suit();
    // 44E, 44F: a trump beats any other card; otherwise a higher card of the same suit.
    let beats = |c: Card, b: Card| (trump(c) && !trump(b)) || (c.suit == b.suit && c.rank > b.rank);
    let mut best = t.leader;
    for i in 1..4 {
        let s = Seat::from_index(t.leader.index() + i);
        if beats(t.cards[s.index()], t.cards[best.index()]) {
            best = s;
        }
    }
    best
}

/// Replay the columns of a PBN record from the opening leader: each trick's leader is the
/// winner of the one before.
fn tricks(rows: &[[Card; 4]], first: Seat, trumps: Strain) -> Vec<Trick> {
    let mut out: Vec<Trick> = vec![];
    let mut leader = first;
    for r in rows {
        let t = Trick { leader, cards: *r };
        leader = winner(&t, trumps);
        out.push(t);
    }
    out
}

/// The revokes of a record: (trick index, seat), from the hands as dealt.
fn revokes(ts: &[Trick], deal: [Hand; 4]) -> Vec<(usize, Seat)> {
    let mut hands = deal;
    let mut out = vec![];
    for (k, t) in ts.iter().enumerate() {
        let led: Suit = t.cards[t.leader.index()].suit;
        for i in 0..4 {
            let s = Seat::from_index(t.leader.index() + i);
            let c = t.cards[s.index()];
            if c.suit != led && hands[s.index()].has_suit(led) {
                out.push((k, s));
            }
            hands[s.index()].remove(c);
        }
    }
    out
}

fn outcome(node: &Node) -> &Outcome {
    match node {
        Node::Outcome(o) => o,
        Node::Branch { .. } => panic!("a complete record leaves nothing open"),
    }
}

#[test]
fn planted_revokes_are_ruled_as_laws_61_to_64_say() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut sources = Sources::default();
    let book = load_lawbook(&root.join("laws/2017"), &mut sources).expect("the law book checks");
    let (mut boards, mut planted, mut transfers) = (0, 0, 0);
    for path in pbn_files(root) {
        let text = std::fs::read_to_string(&path).unwrap();
        let file = PbnFile::parse(&path.display().to_string(), &text).unwrap();
        for b in &file.boards {
            let (
                Some(play),
                Some(deal),
                Some(declarer),
                Some(PbnContract::Contract { strain, .. }),
            ) = (&b.play, &b.deal, b.declarer, b.contract)
            else {
                continue;
            };
            if play.tricks.len() != 13 || b.auction.is_none() {
                continue;
            }
            let rows: Option<Vec<[Card; 4]>> = play
                .tricks
                .iter()
                .map(|t| {
                    let cs: Option<Vec<Card>> =
                        t.cards.iter().map(|c| c.as_ref().map(|c| c.card)).collect();
                    cs.map(|v| [v[0], v[1], v[2], v[3]])
                })
                .collect();
            let Some(rows) = rows else { continue };
            let leader = declarer.lho();
            let ts = tricks(&rows, leader, strain);
            let case = board_case(b, 0);
            let name = format!("{} board {:?}", path.display(), b.board);
            let ruling =
                rule_case(&book, &case, &name).unwrap_or_else(|e| panic!("{name}: {}", e.message));
            let o = outcome(&ruling.tree);
            // The record as played: no revoke here, none in the ruling.
            assert!(
                revokes(&ts, deal.hands).is_empty(),
                "{name}: the record has a revoke"
            );
            assert!(
                o.irregularities.is_empty(),
                "{name}: {:?}",
                o.irregularities
            );
            let in_play = ts
                .iter()
                .filter(|t| winner(t, strain).side() == declarer.side())
                .count() as u8;
            assert_eq!(o.tricks, Some(in_play), "{name}: tricks as played");
            boards += 1;

            // Plant: the first card that followed suit and did not win its trick, swapped
            // with a later card of another non-trump suit that was a discard of the same
            // player (so every trick keeps its winner and every other card stays legal).
            let trump = strain.suit();
            let mut plant = None;
            'find: for (k, t) in ts.iter().enumerate() {
                let led = t.cards[t.leader.index()].suit;
                let w = winner(t, strain);
                for i in 1..4 {
                    let s = Seat::from_index(t.leader.index() + i);
                    let a = t.cards[s.index()];
                    if a.suit != led || s == w || Some(a.suit) == trump {
                        continue;
                    }
                    for (u, later) in ts.iter().enumerate().skip(k + 1) {
                        let bcard = later.cards[s.index()];
                        let led_u = later.cards[later.leader.index()].suit;
                        let discard = bcard.suit != led_u && later.leader != s;
                        // Holding `a` until trick u must not make another card a revoke:
                        // whenever its suit is led in between, the player follows anyway.
                        let still_legal = ts[k + 1..u].iter().all(|m| {
                            m.cards[m.leader.index()].suit != led || m.cards[s.index()].suit == led
                        });
                        if discard
                            && still_legal
                            && bcard.suit != led
                            && Some(bcard.suit) != trump
                            && a.suit != led_u
                        {
                            plant = Some((k, u, s, a, bcard));
                            break 'find;
                        }
                    }
                }
            }
            let Some((k, u, offender, a, bcard)) = plant else {
                continue;
            };
            let mut rows2 = rows.clone();
            rows2[k][offender.index()] = bcard;
            rows2[u][offender.index()] = a;
            let ts2 = tricks(&rows2, leader, strain);
            assert_eq!(
                revokes(&ts2, deal.hands),
                vec![(k, offender)],
                "{name}: the planting makes one revoke"
            );
            // The expected transfer, from the text.
            let side = offender.side();
            let won_then_or_later = ts2[k..].iter().any(|t| winner(t, strain).side() == side);
            let dummy = declarer.partner();
            let expected: u8 = if offender == dummy || k == 11 || !won_then_or_later {
                0
            } else {
                1
            };
            let after = if side == declarer.side() {
                in_play - expected
            } else {
                in_play + expected
            };
            let mut case2 = case.clone();
            if let PlayRecord::BySeat(ref mut r) = case2.play {
                let (x, y) = (r[k][offender.index()], r[u][offender.index()]);
                r[k][offender.index()] = y.map(|(_, s)| (bcard, s));
                r[u][offender.index()] = x.map(|(_, s)| (a, s));
            }
            let ruling =
                rule_case(&book, &case2, &name).unwrap_or_else(|e| panic!("{name}: {}", e.message));
            let o = outcome(&ruling.tree);
            assert_eq!(o.irregularities.len(), 1, "{name}: one revoke found");
            let r = &o.irregularities[0];
            assert_eq!((&*r.name, r.offender), ("revoke", offender), "{name}");
            let paragraphs: Vec<&str> = r.decisions.iter().map(|d| d.paragraph.as_str()).collect();
            assert!(
                paragraphs.contains(&"63B"),
                "{name}: established (63A1): {paragraphs:?}"
            );
            let moved: u8 = r
                .decisions
                .iter()
                .flat_map(|d| &d.effects)
                .map(|e| match e {
                    Effect::Transferred { tricks, to } => {
                        assert_ne!(*to, side, "{name}: tricks go to the non-offenders");
                        *tricks
                    }
                    _ => 0,
                })
                .sum();
            assert_eq!(
                moved,
                expected,
                "{name}: trick {} by {offender}: {paragraphs:?}",
                k + 1
            );
            assert_eq!(o.tricks, Some(after), "{name}: tricks after the transfer");
            planted += 1;
            transfers += usize::from(expected > 0);
        }
    }
    // The data holds hundreds of complete records; most admit a planting.
    assert!(boards >= 100, "only {boards} complete play records");
    assert!(
        planted * 2 >= boards,
        "{planted} plantings in {boards} boards"
    );
    assert!(
        transfers > 0 && transfers < planted,
        "{transfers} of {planted} transfer a trick"
    );
}
