//! The duplicate score (Law 77) coded by hand in Rust: the baseline that the benchmark
//! measures the law interpreter against. It is not part of the library and nothing in the
//! library uses it; the law book's own Law 77 is the scorer. `tests/score_baseline.rs`
//! checks this function against `tests/data/score/reference.csv` (computed by endplay).
//!
//! Include it with `mod baseline_score;` (from benches/) or
//! `#[path = "../benches/baseline_score.rs"] mod baseline_score;` (from tests/).

use lawbook::model::Strain;

/// Declarer's side's duplicate score for a contract of `level` (1..=7) in `strain`,
/// `doubled` 0 (undoubled), 1 (doubled) or 2 (redoubled), when declarer's side is
/// `vulnerable` and declarer took `tricks` (0..=13). Positive when the contract is made,
/// negative when it is defeated.
pub fn duplicate_score(
    level: u8,
    strain: Strain,
    doubled: u8,
    vulnerable: bool,
    tricks: u8,
) -> i32 {
    let level = i32::from(level);
    let tricks = i32::from(tricks);
    let needed = level + 6;
    if tricks < needed {
        return -undertricks(needed - tricks, doubled, vulnerable);
    }
    // Law 77: trick score for the odd tricks bid, doubled or redoubled.
    let per_trick = match strain {
        Strain::Clubs | Strain::Diamonds => 20,
        Strain::Hearts | Strain::Spades | Strain::NoTrump => 30,
    };
    let first_extra = if strain == Strain::NoTrump { 10 } else { 0 };
    let factor = match doubled {
        0 => 1,
        1 => 2,
        _ => 4,
    };
    let trick_score = (per_trick * level + first_extra) * factor;
    let mut score = trick_score;
    // Game or part score premium.
    score += match (trick_score >= 100, vulnerable) {
        (true, false) => 300,
        (true, true) => 500,
        (false, _) => 50,
    };
    // Slam premiums.
    score += match (level, vulnerable) {
        (6, false) => 500,
        (6, true) => 750,
        (7, false) => 1000,
        (7, true) => 1500,
        _ => 0,
    };
    // Premium for making a doubled or redoubled contract.
    score += match doubled {
        0 => 0,
        1 => 50,
        _ => 100,
    };
    // Overtricks.
    let over = tricks - needed;
    score += over
        * match (doubled, vulnerable) {
            (0, _) => per_trick,
            (1, false) => 100,
            (1, true) => 200,
            (_, false) => 200,
            (_, true) => 400,
        };
    score
}

/// The penalty for `down` undertricks (a positive number of points).
fn undertricks(down: i32, doubled: u8, vulnerable: bool) -> i32 {
    if doubled == 0 {
        return down * if vulnerable { 100 } else { 50 };
    }
    let doubled_penalty = if vulnerable {
        // 200 for the first, 300 for each subsequent.
        200 + 300 * (down - 1)
    } else {
        // 100 for the first, 200 for the second and third, 300 for each subsequent.
        match down {
            1 => 100,
            2 => 300,
            3 => 500,
            n => 500 + 300 * (n - 3),
        }
    };
    if doubled == 1 {
        doubled_penalty
    } else {
        doubled_penalty * 2
    }
}
