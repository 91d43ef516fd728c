//! Unit tests of the PBN board reader: real records, every auction and play notation, and the
//! diagnostics that point at a fault.

use super::super::{PbnContract, PbnFile};
use super::*;
use crate::model::{Rank, Strain, Suit};
use rstest::rstest;

const DEAL: &str = "W:82.AJ4.A854.A852 KJ9.KT653.JT.KT9 AQT65..Q9762.QJ3 743.Q9872.K3.764";

fn one(text: &str) -> PbnBoard {
    let mut f = PbnFile::parse("test.pbn", text).unwrap();
    assert_eq!(f.boards.len(), 1);
    f.boards.remove(0)
}

fn err(text: &str) -> super::super::PbnError {
    PbnFile::parse("test.pbn", text).unwrap_err()
}

fn codes(a: &PbnAuction) -> Vec<String> {
    a.calls.iter().map(|c| c.call.code()).collect()
}

#[test]
fn reads_a_bbo_board() {
    let text = format!(
        "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{DEAL}\"]\n\
         [Score \"NS 50\"]\n[Declarer \"E\"]\n[Contract \"6D\"]\n[Result \"11\"]\n\
         [Auction \"N\"]\nPass\t1S =1=\tPass\t2C =2=\nPass\tPass\tPass\t\n\
         [Note \"1:Major\"]\n[Note \"2:Two over one\"]\n[Play \"S\"]\nH2\tH4\tHK\tD2\n"
    );
    let b = one(&text);
    assert_eq!(b.board, Some(1));
    assert_eq!(b.dealer, Some(Seat::North));
    assert_eq!(b.vulnerable, Some((false, false)));
    assert_eq!(
        b.deal.as_ref().unwrap().pbn(),
        Deal::parse_pbn(DEAL).unwrap().pbn()
    );
    assert_eq!(b.declarer, Some(Seat::East));
    assert_eq!(
        b.contract,
        Some(PbnContract::Contract {
            level: 6,
            strain: Strain::Diamonds,
            doubled: 0
        })
    );
    assert_eq!(b.result, Some(11));
    assert_eq!(b.score.as_ref().map(|s| s.ns), Some(50));
    let a = b.auction.unwrap();
    assert_eq!(
        codes(&a),
        ["Pass", "1S", "Pass", "2C", "Pass", "Pass", "Pass"]
    );
    assert_eq!(a.calls[1].seat, Seat::East);
    assert_eq!(a.calls[1].notes, [1]);
    assert_eq!(&text[a.calls[1].span.clone()], "1S");
    assert_eq!(a.notes.len(), 2);
    assert_eq!(a.notes[1].text, "Two over one");
    let p = b.play.unwrap();
    assert_eq!(p.leader, Seat::South);
    assert_eq!(p.tricks.len(), 1);
    let t = &p.tricks[0];
    assert_eq!(
        t.card(Seat::South).unwrap().card,
        Card::new(Suit::Hearts, Rank(2))
    );
    assert_eq!(
        t.card(Seat::East).unwrap().card,
        Card::new(Suit::Diamonds, Rank(2))
    );
    assert_eq!(
        t.card(Seat::North).unwrap().card,
        Card::new(Suit::Hearts, Rank(13))
    );
    assert_eq!(&text[t.span.clone()], "H2\tH4\tHK\tD2");
}

#[rstest]
#[case("1S AP", &["1S", "Pass", "Pass", "Pass"])]
#[case("AP", &["Pass", "Pass", "Pass", "Pass"])]
#[case("Pass AP", &["Pass", "Pass", "Pass", "Pass"])]
#[case("1S Pass Pass AP", &["1S", "Pass", "Pass", "Pass"])]
#[case("1S X AP", &["1S", "X", "Pass", "Pass", "Pass"])]
#[case("1C pass 1nt PASS 3NT AP", &["1C", "Pass", "1NT", "Pass", "3NT", "Pass", "Pass", "Pass"])]
#[case("1S=1= XX!? $3 $25 2N *", &["1S", "XX", "2NT"])]
fn auctions(#[case] record: &str, #[case] calls: &[&str]) {
    let b = one(&format!(
        "[Dealer \"E\"]\n[Auction \"E\"]\n{record}\n[Note \"1:n\"]"
    ));
    assert_eq!(codes(b.auction.as_ref().unwrap()), calls);
}

#[test]
fn all_pass_keeps_its_span_and_rotation() {
    let text = "[Auction \"W\"]\n1H AP";
    let a = one(text).auction.unwrap();
    assert!(a.calls[1..]
        .iter()
        .all(|c| c.all_pass && &text[c.span.clone()] == "AP"));
    let seats: Vec<Seat> = a.calls.iter().map(|c| c.seat).collect();
    assert_eq!(seats, [Seat::West, Seat::North, Seat::East, Seat::South]);
}

#[test]
fn annotations_hyphens_and_irregularities() {
    let text = "[Auction \"W\"]\n- - 1D ^S ^I 1C! =2= $13 {slow} * ";
    let a = one(text).auction.unwrap();
    assert_eq!(codes(&a), ["1D", "1C"]);
    assert_eq!(a.calls[0].seat, Seat::East);
    assert_eq!(a.skipped.len(), 1);
    assert_eq!((a.skipped[0].seat, a.skipped[0].before), (Seat::South, 1));
    assert_eq!(&text[a.skipped[0].span.clone()], "^S");
    let c = &a.calls[1];
    assert_eq!(c.seat, Seat::West);
    assert!(c.insufficient);
    assert_eq!(c.suffix.as_deref(), Some("!"));
    assert_eq!((c.notes.clone(), c.nags.clone()), (vec![2], vec![13]));
    assert_eq!(c.comments, ["slow"]);
    assert!(matches!(a.end, SectionEnd::Stopped(_)));
}

#[test]
fn play_with_hyphens_stop_plus_and_marks() {
    let text = "[Play \"W\"]\nH2 H3 H4 HA\n+ - ^R S6 CQ !\n{x} D10 *";
    let p = one(text).play.unwrap();
    assert_eq!(p.tricks.len(), 3);
    assert_eq!(p.next, Some((1, Seat::West)));
    let t1 = &p.tricks[1];
    assert!(t1.card(Seat::West).is_none() && t1.card(Seat::North).is_none());
    let s6 = t1.card(Seat::East).unwrap();
    assert_eq!(s6.irregularity, Some(CardIrregularity::Revoke));
    let cq = t1.card(Seat::South).unwrap();
    assert_eq!(
        (cq.suffix.as_deref(), cq.comments.clone()),
        (Some("!"), vec!["x".to_string()])
    );
    assert_eq!(
        p.tricks[2].card(Seat::West).unwrap().card,
        Card::new(Suit::Diamonds, Rank(10))
    );
    assert!(p.tricks[2].card(Seat::North).is_none());
    assert!(matches!(p.end, SectionEnd::Stopped(_)));
}

#[test]
fn passed_out_boards_as_exports_write_them() {
    // BridgeComposer style: empty Contract, Declarer, Play; BBO: Contract "Pass".
    let b = one("[Contract \"\"]\n[Declarer \"\"]\n[Result \"0\"]\n[Auction \"S\"]\nPASS PASS PASS PASS\n[Play \"\"]");
    assert_eq!((b.contract, b.declarer, b.result), (None, None, Some(0)));
    assert!(b.play.is_none());
    assert_eq!(b.auction.unwrap().calls.len(), 4);
    let b = one("[Declarer \"S\"]\n[Contract \"Pass\"]\n[Score \"NS 0\"]");
    assert_eq!(b.contract, Some(PbnContract::PassedOut));
    assert_eq!(b.score.unwrap().ns, 0);
}

#[test]
fn bare_score_is_declarers() {
    let b = one("[Declarer \"W\"]\n[Contract \"4S\"]\n[Result \"10\"]\n[Score \"420\"]");
    let s = b.score.unwrap();
    assert_eq!((s.ns, s.ew, s.raw.as_str()), (-420, 420, "420"));
}

#[test]
fn unknown_hands_leave_the_deal_empty() {
    let b = one("[Deal \"W:KQT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -\"]");
    assert!(b.deal.is_none());
}

#[test]
fn declarer_swapped_and_result_disputed() {
    let b = one("[Declarer \"^S\"]\n[Result \"^NS 9\"]");
    assert_eq!((b.declarer, b.declarer_swapped), (Some(Seat::South), true));
    assert_eq!((b.result, b.result_disputed), (Some(9), true));
}

#[rstest]
// A duplicated card: the span is mapped from the deal text into the file.
#[case(&format!("[Deal \"{}\"]", DEAL.replace("K3.764", "K3.762")), PbnErrorKind::Deal, "dealt twice", "2")]
#[case("[Dealer \"Q\"]", PbnErrorKind::Tag, "not a seat", "Q")]
#[case(
    "[Vulnerable \"Some\"]",
    PbnErrorKind::Tag,
    "not a vulnerability",
    "Some"
)]
#[case("[Board \"one\"]", PbnErrorKind::Tag, "not a board number", "one")]
#[case(
    "[Declarer \"N\"][Result \"14\"]",
    PbnErrorKind::Tag,
    "impossible",
    "14"
)]
#[case("[Contract \"4Q\"]", PbnErrorKind::Tag, "not a contract", "4Q")]
#[case(
    "[Score \"NS lots\"]",
    PbnErrorKind::Tag,
    "not a number of points",
    "lots"
)]
#[case("[Auction \"N\"]\n1S 2Q", PbnErrorKind::Auction, "not a call", "2Q")]
#[case(
    "[Auction \"N\"]\n1S AP 2H",
    PbnErrorKind::Auction,
    "follows AP",
    "AP 2H"
)]
#[case(
    "[Auction \"N\"]\n1S - 2H",
    PbnErrorKind::Auction,
    "only marks the seats",
    "-"
)]
#[case(
    "[Auction \"N\"]\n=1= 1S",
    PbnErrorKind::Auction,
    "no call comes before",
    "=1="
)]
#[case(
    "[Auction \"N\"]\n1S =x=",
    PbnErrorKind::Auction,
    "not a note reference",
    "=x="
)]
#[case("[Auction \"N\"]\n1S $999", PbnErrorKind::Auction, "not a NAG", "$999")]
#[case(
    "[Auction \"N\"]\n1S ^Q",
    PbnErrorKind::Auction,
    "not an irregularity",
    "^Q"
)]
#[case(
    "[Auction \"N\"]\n1S ^R 2S",
    PbnErrorKind::Auction,
    "marks a card",
    "^R"
)]
#[case(
    "[Auction \"N\"]\n1S ^I Pass",
    PbnErrorKind::Auction,
    "insufficient bid",
    "^I Pass"
)]
#[case(
    "[Auction \"N\"]\n1S * 2S",
    PbnErrorKind::Auction,
    "nothing may follow",
    "2S"
)]
#[case(
    "[Auction \"N\"]\n1S \"two\"",
    PbnErrorKind::Auction,
    "string is not a call",
    "\"two\""
)]
#[case("[Auction \"X\"]\n1S", PbnErrorKind::Auction, "not a seat", "X")]
#[case("[Auction \"\"]\n1S", PbnErrorKind::Auction, "names no seat", "1S")]
#[case("[Play \"N\"]\nSA S1", PbnErrorKind::Play, "not a card", "S1")]
#[case("[Play \"N\"]\nSA ^I S2", PbnErrorKind::Play, "marks a call", "^I")]
#[case(
    "[Play \"N\"]\nSA * S2",
    PbnErrorKind::Play,
    "nothing may follow",
    "* S2"
)]
#[case("[Play \"N\"]\nSA ^R", PbnErrorKind::Play, "followed by a card", "^R")]
#[case("[Play \"N\"]\nSA SA !! ?", PbnErrorKind::Play, "second suffix", "?")]
#[case(&format!("[Play \"N\"]\n{}", "SA ".repeat(53)), PbnErrorKind::Play, "53rd card", "SA")]
#[case(
    "[Note \"x\"]\n[Auction \"N\"]\n1S\n[Note \"one: x\"]",
    PbnErrorKind::Tag,
    "not a note number",
    "one"
)]
#[case("[Dealer \"N\"] 1S", PbnErrorKind::Syntax, "no section data", "1S")]
#[case(
    "[Dealer \"#\"]",
    PbnErrorKind::Inheritance,
    "may not be inherited",
    "#"
)]
#[case("", PbnErrorKind::Empty, "no tag pair", "")]
#[case("just some words\n", PbnErrorKind::Syntax, "outside a tag", "just")]
fn errors_point_at_the_fault(
    #[case] text: &str,
    #[case] kind: PbnErrorKind,
    #[case] needle: &str,
    #[case] at: &str,
) {
    let e = err(text);
    assert_eq!(e.kind(), kind, "{e:?}");
    assert!(e.message().contains(needle), "{e:?}");
    let span = e.span().unwrap();
    assert_eq!(&text[span], at, "{e:?}");
    assert!(!e.help_text().is_empty());
}
