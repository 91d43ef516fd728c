//! The line search keeping to restrictions (`line::restrict`), held to a plain minimax
//! written here on random positions.

use super::*;
use crate::claim::line::{Kind, Lasts, Restriction};

/// What the plain minimax of a position reads at every turn.
struct Plain<'a> {
    p: &'a Position,
    side: Side,
    best: bool,
    list: &'a [Restriction],
}

/// A plain minimax that keeps to `plain.list` as `line::restrict` describes, written out
/// card by card: what the search, with its remembered positions, runs of equal cards and
/// bounds, must find. `state`: in force and started, by place in the list.
fn restricted_minimax(
    plain: &Plain,
    hands: [u64; 4],
    trick: &[Card],
    leader: Seat,
    state: (Vec<bool>, Vec<bool>),
) -> u8 {
    let Plain {
        p,
        side,
        best,
        list,
    } = *plain;
    if hands.iter().all(|&h| h == 0) {
        return 0;
    }
    let seat = Seat::from_index(leader.index() + trick.len());
    let lead = trick.is_empty();
    let mut allowed = legal(hands[seat.index()], trick.first().map(|c| c.suit));
    let mut i = 0;
    while i < list.len() {
        let (group, kind) = (list[i].group, list[i].kind);
        let mut named = None::<u64>;
        while i < list.len() && list[i].group == group {
            let r = &list[i];
            let at_leads = matches!(r.lasts, Lasts::NextLead | Lasts::WhileOnLead { .. });
            if state.0[i] && r.holder == seat && (lead || !at_leads) {
                named = Some(named.unwrap_or(0) | r.cards);
            }
            i += 1;
        }
        if let Some(named) = named {
            let narrowed = match kind {
                Kind::Plays => allowed & named,
                Kind::Avoids => allowed & !named,
            };
            if narrowed != 0 {
                allowed = narrowed;
            }
        }
    }
    let maximise = best && seat.side() == side;
    let mut result: Option<u8> = None;
    for c in Hand(allowed).cards() {
        let (mut active, mut started) = state.clone();
        for (i, r) in list.iter().enumerate() {
            if !active[i] || r.holder != seat {
                continue;
            }
            let over = r.ends & (1 << c.index()) != 0
                || match r.lasts {
                    Lasts::NextTurn => true,
                    Lasts::NextLead => lead,
                    Lasts::WhileOnLead { .. } => !lead && started[i],
                    Lasts::RestOfPlay => false,
                };
            if over {
                active[i] = false;
            } else if lead {
                started[i] = true;
            }
        }
        let mut after = hands;
        after[seat.index()] &= !(1 << c.index());
        let mut t = trick.to_vec();
        t.push(c);
        let v = if let [a, b, d, e] = t[..] {
            let w = trick_winner(leader, &[a, b, d, e], p.trumps);
            u8::from(w.side() == side) + restricted_minimax(plain, after, &[], w, (active, started))
        } else {
            restricted_minimax(plain, after, &t, leader, (active, started))
        };
        result = Some(match result {
            None => v,
            Some(r) if maximise => r.max(v),
            Some(r) => r.min(v),
        });
    }
    result.expect("a hand with a card to play")
}

/// Four cards a hand at a trick boundary, of two suits of ten cards each.
fn two_suit_position(rng: &mut Xorshift) -> Position {
    let (a, b) = (rng.below(4) as usize, rng.below(4) as usize);
    let mut deck: Vec<usize> = (0..20)
        .map(|i| {
            if i < 10 {
                a * 13 + 3 + i
            } else {
                b * 13 + 3 + i - 10
            }
        })
        .collect();
    if a == b {
        deck = (0..20).map(|i| (i % 4) * 13 + 3 + i / 4 * 2).collect();
    }
    for i in (1..deck.len()).rev() {
        deck.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let mut hands = [Hand::default(); 4];
    for (i, &c) in deck.iter().take(16).enumerate() {
        hands[i % 4].insert(Card::from_index(c));
    }
    Position {
        hands,
        trumps: Strain::ALL[rng.below(5) as usize],
        leader: Seat::from_index(rng.below(4) as usize),
        trick: vec![],
    }
}

#[test]
fn random_restrictions_give_the_plain_minimax_result() {
    // Random positions, each with up to four restrictions of every kind and length, some
    // naming a whole suit, some single cards or a few cards of a suit (which the search's
    // key must then tell apart): the search, worst and best, finds what the plain minimax
    // does, and its play is one of the lines.
    let mut rng = Xorshift(0x853c_49e6_748f_ea9b);
    let mut compared = 0;
    for n in 0..3000u64 {
        // Every third position four cards a hand from two suits, where runs of equal cards
        // and positions that differ only in which cards have gone are common.
        let p = if n % 3 == 0 {
            random_position(&mut rng)
        } else {
            two_suit_position(&mut rng)
        };
        if p.check().is_err() {
            continue;
        }
        let claimer = Seat::from_index(rng.below(4) as usize);
        let mut list = vec![];
        for g in 0..rng.below(5) {
            let holder = Seat::from_index(rng.below(4) as usize);
            let held: Vec<Card> = p.hands[holder.index()].cards().collect();
            let pick = |rng: &mut Xorshift| -> u64 {
                match (rng.below(3), held.len()) {
                    (0, _) | (_, 0) => suit_mask(Suit::ALL[rng.below(4) as usize]),
                    (1, n) => 1 << held[rng.below(n as u64) as usize].index(),
                    (_, n) => (0..2).fold(0, |m, _| {
                        m | 1 << held[rng.below(n as u64) as usize].index()
                    }),
                }
            };
            let cards = pick(&mut rng);
            let ends = if rng.below(2) == 0 { pick(&mut rng) } else { 0 };
            // Every other list with leads only: which of those are in force at a trick
            // boundary depends on the way to it, not on the cards left.
            let lasts = match rng.below(if n % 2 == 0 { 5 } else { 3 }) + n % 2 {
                0 => Lasts::NextTurn,
                1 => Lasts::NextLead,
                2 => Lasts::WhileOnLead { started: false },
                3 => Lasts::WhileOnLead { started: true },
                _ => Lasts::RestOfPlay,
            };
            let kind = if rng.below(2) == 0 {
                Kind::Plays
            } else {
                Kind::Avoids
            };
            list.push(Restriction {
                holder,
                kind,
                cards,
                ends,
                lasts,
                group: g as u32,
            });
        }
        let restrictions = Restrictions::new(list.clone()).unwrap();
        let hands = p.hands.map(|h| h.0);
        let state = (
            vec![true; list.len()],
            list.iter()
                .map(|r| r.lasts == Lasts::WhileOnLead { started: true })
                .collect::<Vec<_>>(),
        );
        for goal in [Goal::Worst, Goal::Best] {
            let found =
                search_restricted(&p, claimer, &[], DEFAULT_NODE_BUDGET, goal, &restrictions)
                    .expect("the line search");
            let plain = restricted_minimax(
                &Plain {
                    p: &p,
                    side: claimer.side(),
                    best: goal == Goal::Best,
                    list: &list,
                },
                hands,
                &p.trick,
                p.leader,
                state.clone(),
            );
            assert_eq!(found.tricks, plain, "{p:?} {list:?} {goal:?}");
            assert_eq!(play_out(&p, claimer.side(), &found.play), found.tricks);
        }
        compared += 1;
    }
    assert!(compared > 100, "{compared} positions compared");
}
