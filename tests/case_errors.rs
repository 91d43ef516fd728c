//! A bad case gets a diagnostic with its file, the span of the fault, and a way to fix it;
//! never a panic. The rendered diagnostics are insta snapshots.

mod common;

use lawbook::diagnostic::render_plain;
use lawbook::runner::{case_name, rule_and_render, Books};
use rstest::rstest;
use std::path::Path;

#[rstest]
#[case("unknown-key", "auktion", "did you mean `auction`?")]
#[case("bad-seat", "X", "seats are N, E, S and W")]
#[case("bad-call", "9Z", "calls are written")]
#[case("duplicate-card", "3", "each of the 52 cards is dealt exactly once")]
#[case("answer-to-nothing", "S accept", "")]
#[case("no-board", "", "write `board 1`")]
#[case("unknown-finding", "comparable", "did you mean `comparable_call`?")]
#[case("card-not-held", "SA", "does not hold")]
#[case("natural-specifies", "2D", "mark the call artificial: `2D!`")]
#[case("bad-denominations", "Q", "`2♦! specifies ♥`")]
#[case("finding-about-no-call", "E 1S", "name the call by its number")]
#[case(
    "finding-about-act-twice",
    "S hesitates",
    "name it by its number among his"
)]
#[case("finding-about-act-number", "2", "number them from 1")]
#[case(
    "bad-play-event",
    "dances",
    "a line of the play is cards played in turn"
)]
#[case("bad-together", "together E S8 W", "two players' cards")]
#[case("withdraws-two-cards", "E withdraws HA S8", "the card he takes back")]
#[case("omits-out-of-turn", "W omits", "names the player whose turn passes")]
#[case("quitted-between-tricks", "quitted", "follows the cards played")]
#[case("supplies-card-not-held", "S supplies HA", "does not hold")]
#[case("hides-before-playing", "W hides H2", "`hides` follows his card")]
#[case(
    "plays-after-agreed-claim",
    "H9",
    "the play goes on only after an objection (68D2(b))"
)]
#[case(
    "tricks-on-passed-out-board",
    "7",
    "correct the auction if a bid was made"
)]
#[case(
    "tricks-against-the-play",
    "9",
    "a complete play record counts the tricks itself"
)]
#[case(
    "artificial-twice-for-a-side",
    "artificial NS none",
    "keep the line that says the side's part"
)]
#[case("partner-agrees-to-claim", "N agree", "a player who may answer so")]
#[case(
    "trick-in-progress-before-its-lead",
    "W concedes trick",
    "(`claims 1`)"
)]
#[case(
    "trick-in-progress-before-its-lead-sk",
    "Z vzdáva zdvih",
    "(`nárokuje 1`)"
)]
#[case("partner-agrees-to-claim-sk", "S súhlasí", "môže tak iba Z, V")]
#[case("objection-after-next-deal", "E dispute", "for the Director to find")]
#[case(
    "objection-after-own-side-calls-next-deal",
    "E dispute",
    "for the Director to find"
)]
#[case(
    "change-of-a-cancelled-call",
    "S changes pass",
    "or write the player's next call instead"
)]
#[case(
    "withdraws-a-card-already-taken-back",
    "N withdraws D2",
    "leave out the withdrawal (`withdraws`) and write the card played in its place"
)]
#[case(
    "designates-not-at-dummys-turn",
    "S designates H",
    "write the cards played before dummy's turn first"
)]
#[case(
    "defender-designates",
    "E designates C",
    "declarer names dummy's cards (45B)"
)]
#[case(
    "answer-by-another-player",
    "W lowest_card",
    "an answer is the player's whose choice is open"
)]
#[case(
    "finding-number-outside-range",
    "worst_normal_line_tricks",
    "the least and the most come from the cards"
)]
#[case(
    "finding-number-answered-yes",
    "worst_normal_line_tricks",
    "`worst_normal_line_tricks 9`, or `least` or `most`"
)]
#[case(
    "finding-yes-no-answered-number-sk",
    "nevedel_o_tromfe",
    "odpovedzte `áno` alebo `nie`"
)]
#[case("session-percentage-above-100", "100.5", "`61.37` or `61,37`")]
#[case("session-percentage-two-marks-sk", "61,3,7", "`61,37` alebo `61.37`")]
#[case(
    "pbn-board-missing",
    "pbn ../pbn-marks/insufficient-bid.pbn 9",
    "give a [Board] number the file holds"
)]
#[case(
    "wrong-hand-dealt-there",
    "E H3",
    "names the hand that held a card dealt to another"
)]
#[case(
    "wrong-hand-dealt-there-sk",
    "V ♥3",
    "uvádza list, ktorý držal kartu rozdanú"
)]
#[case("wrong-hand-named-twice", "H3", "name it once")]
#[case("wrong-hand-no-deal", "N H3", "write the deal as it was dealt")]
#[case(
    "wrong-hand-seat-without-card",
    "card_in_wrong_hand N",
    "`card_in_wrong_hand N ♥3`"
)]
fn a_bad_case_is_reported_where_it_is_wrong(
    #[case] name: &str,
    #[case] underline: &str,
    #[case] help: &str,
) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let path = root.join(format!("tests/data/bad-cases/{name}.case"));
    let mut books = Books::default();
    let n = case_name(&path, &root.join("tests/data/bad-cases"));
    let diags = match rule_and_render(&path, &n, &root.join("laws"), &mut books) {
        Ok(_) => panic!("{name} should not rule"),
        Err(d) => d,
    };
    let d = &diags[0];
    assert!(
        d.source.is_some(),
        "{name}: the diagnostic carries its file"
    );
    if !underline.is_empty() {
        let (span, _) = &d.labels[0];
        assert_eq!(books.sources.text(*span), underline, "{name}");
    }
    // The file named relative to the repository before rendering: the checkout's path would
    // move the line breaks.
    let diags: Vec<_> = diags.into_iter().map(common::relative).collect();
    let rendered = render_plain(&diags);
    assert!(rendered.contains(help), "{name}: {rendered}");
    insta::assert_snapshot!(format!("bad_case_{name}"), rendered);
}
