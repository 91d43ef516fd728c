//! Sibling calls ruled together (issue 13, item 4: identical sub-trees computed once).
//!
//! At a call question the decision tree tries each of the 38 calls, and most of them rule
//! alike (29/open: 1,406 calls tried, 145 groups shown). A *probe* rules one call, the
//! representative, and carries along the set of the other calls not yet ruled (`alike`),
//! keeping only those that would rule exactly as it does:
//!
//! - the representative's call is *held* by the table: its record, the auction's entry made
//!   of it and every value read off them carry the probe's tag ([`Held`]);
//! - the law book reads a held call only through the built-ins, equality and text
//!   ([`read`]), which mark the evaluation as having read it; an evaluation the engine asked
//!   for that read it (or read a definition remembered on the view that did) is asked again
//!   for each call of `alike` in its place (`Evaluator`'s probe boundary), on the same state
//!   with nothing remembered that read it, and the calls that give another value leave
//!   `alike`. Each read says what it looks at ([`Aspect`]: the kind of call, a bid's level,
//!   whether it is a given call, …), so a call that would find what an earlier call found at
//!   each of its reads is known to give what that call gave without being asked ([`Asked`]),
//!   and so is a call that would find what the held call itself found at the question's own
//!   reads (`State::asked`: 29/open asks 1,355 questions again, not 1,809);
//!   a comparison with a function of the held call alone on one side is one read, whether it
//!   holds ([`Compared`]), so the calls it does not part are not asked again;
//! - the engine's own code that looks into a held call (the contract the final bid makes)
//!   leaves `alike` empty: such reads are few and none is worth grouping on.
//!
//! So every value the table keeps is the same for each call left in `alike` as for the
//! representative, but for the held call itself, and each step the engine takes depends
//! only on such values: each of those calls would take the same steps to the same ruling, up
//! to the parts of it that name the call (the auction's lines, an irregularity's call), which
//! the grouping does not compare. The tree then shows the representative's node for all of
//! them, as it would after ruling each and comparing (`same_outcome`).
//!
//! A probe gives up (empties `alike`) where this cannot be kept: a replay started afresh
//! (its call would not be held), a call question inside the representative's sub-tree (its
//! siblings are grouped by a probe of their own, which knows nothing of this one's calls), a
//! replay that ends with fewer steps of its budget left than a kept call may have taken more
//! (`budget_left`).
//! Debug builds rule every call a probe kept in full too and check it rules alike
//! (`explore`).

use super::view::View;
use crate::model::Call;
use std::cell::{Cell, RefCell};

mod answer;
mod asked;
use answer::STOPS;
pub use answer::{
    answer, compared_holds, compared_steps, holds, know_values, Answer, Aspect, Compared, OfCall,
};
use asked::Asked;

/// Which probe's representative call a call of the table is (`Held::NONE`: a call made, or
/// a hypothetical call no probe follows).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Held(u8);

impl Held {
    pub const NONE: Held = Held(0);
}

struct Probe {
    tag: u8,
    /// The calls that rule as the representative does, so far.
    alike: Vec<Call>,
    /// At most how many more steps a kept call's replay takes than the representative's: a
    /// kept call takes other steps only in the questions asked again for it
    /// (`add_excess`), and a replay that ends with no more than this left keeps no call
    /// (`budget_left`), so that none would have run out where the representative did not.
    excess: u64,
}

#[derive(Default)]
struct State {
    /// Innermost last; only the innermost can hold anything (a new one empties the others).
    probes: Vec<Probe>,
    /// Evaluations open now: 0 is the engine's own code.
    depth: u32,
    /// Whether the evaluation open now read the held call.
    read: bool,
    /// The call read in the held call's place while an evaluation is asked again, and what
    /// its reads looked at and found, in order.
    instead: Option<Call>,
    trace: Vec<(Aspect, Answer)>,
    /// What the evaluation the engine asked for (depth 1, no call instead) read of the held
    /// call and found, in order; `None` once something it read cannot be told so (a value
    /// remembered from before that read the call, an aspect with no answer). A call that
    /// finds the same at each of these reads would take the same steps to the same value:
    /// `keep_where` keeps it without asking.
    asked: Option<Vec<(Aspect, Answer)>>,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::default();
    /// Whether a probe with calls to keep is open: the quick test every read makes first.
    static ACTIVE: Cell<bool> = const { Cell::new(false) };
    /// Whether an evaluation is being asked again for another call (`instead`): the quick
    /// test a comparison makes before it looks for a `Compared` read.
    static AGAIN: Cell<bool> = const { Cell::new(false) };
    /// The questions this ruling asked again for a kept call (`asked_again`).
    static ASKED_AGAIN: Cell<u64> = const { Cell::new(0) };
}

/// How many times the ruling on this thread asked a question again for a kept call: what the
/// reads' answers save shows in it (a count, the same on every machine).
pub fn asked_again() -> u64 {
    ASKED_AGAIN.with(Cell::get)
}

fn active() -> bool {
    ACTIVE.with(Cell::get)
}

/// Forget every probe: a ruling starts with none (a ruling stopped by a panic on this thread
/// must not leave its probes to the next).
pub fn reset() {
    STATE.with(|s| *s.borrow_mut() = State::default());
    ACTIVE.with(|a| a.set(false));
    AGAIN.with(|a| a.set(false));
    ASKED_AGAIN.with(|a| a.set(0));
    answer::forget();
}

/// A question asked again took at most `steps` more for a kept call than for the
/// representative (`Probe::excess`).
pub fn add_excess(steps: u64) {
    STATE.with(|s| {
        if let Some(p) = s.borrow_mut().probes.last_mut() {
            p.excess = p.excess.saturating_add(steps);
        }
    });
}

/// A replay under the probe ended with `left` steps of its budget: a kept call's replay
/// might not have ended within it (or the representative's ran out, where a kept call's
/// might not), so no call is kept.
pub fn budget_left(left: u64) {
    if !active() {
        return;
    }
    let short = STATE.with(|s| s.borrow().probes.last().is_some_and(|p| left <= p.excess));
    if short {
        give_up();
    }
}

/// Whether a probe has calls to keep: the evaluator's boundary has work only then.
#[inline]
pub fn following() -> bool {
    active()
}

fn set_active(s: &State) {
    ACTIVE.with(|a| a.set(s.probes.last().is_some_and(|p| !p.alike.is_empty())));
}

/// A held call's content, as the law book reads it all (`read_as` its whole).
#[inline]
pub fn read(call: Call, held: Held) -> Call {
    read_as(call, held, Aspect::Whole)
}

/// A held call's content, as the law book reads it (`call` as stored), looking at `aspect`
/// of it: the read marks the open evaluation, and while an evaluation is asked again for
/// another call, that call is read instead and the read is written down with its answer
/// (`keep_where`). The engine's own code reading it outside an evaluation empties `alike`.
#[inline]
pub fn read_as(call: Call, held: Held, aspect: Aspect) -> Call {
    if held == Held::NONE || !active() {
        return call;
    }
    read_held(call, held, aspect)
}

#[cold]
fn read_held(call: Call, held: Held, aspect: Aspect) -> Call {
    STATE.with(|s| {
        let s = &mut *s.borrow_mut();
        let Some(top) = s.probes.last_mut() else {
            return call;
        };
        if top.tag != held.0 {
            return call;
        }
        if s.depth == 0 {
            top.alike.clear();
            set_active(s);
            return call;
        }
        s.read = true;
        match s.instead {
            None => {
                if let Some(asked) = &mut s.asked {
                    if !asked.iter().any(|(a, _)| *a == aspect) {
                        match answer(call, aspect) {
                            Some(found) => asked.push((aspect, found)),
                            None => s.asked = None,
                        }
                    }
                }
                call
            }
            Some(other) => {
                // A read of what an earlier read looked at finds what it found, whichever
                // the call: only the first says anything.
                if !s.trace.iter().any(|(a, _)| *a == aspect) {
                    // A read of the call itself: always answered.
                    s.trace
                        .push((aspect, answer(other, aspect).unwrap_or(Answer::MAX)));
                }
                other
            }
        }
    })
}

/// Start following the call fed at hypothetical event `tag` (the number of hypothetical
/// events up to it, which is the same at every nesting), the representative: `others` are
/// to be kept while they would rule as it does. The probes open empty out: their calls' sub-trees
/// hold this question, whose calls they cannot follow.
pub fn start(tag: usize, others: Vec<Call>) {
    STATE.with(|s| {
        let s = &mut *s.borrow_mut();
        for p in &mut s.probes {
            p.alike.clear();
        }
        s.probes.push(Probe {
            tag: u8::try_from(tag).unwrap_or(u8::MAX),
            alike: others,
            excess: 0,
        });
        set_active(s);
    });
}

/// End the innermost probe: the calls that rule as its representative.
pub fn finish() -> Vec<Call> {
    STATE.with(|s| {
        let s = &mut *s.borrow_mut();
        let alike = s.probes.pop().map(|p| p.alike).unwrap_or_default();
        set_active(s);
        alike
    })
}

/// The tag under which the call fed as hypothetical event `events` is to be held, if a
/// probe follows it.
pub fn tag_for(events: usize) -> Option<Held> {
    if !active() {
        return None;
    }
    STATE.with(|s| {
        let s = s.borrow();
        let top = s.probes.last()?;
        (usize::from(top.tag) == events).then_some(Held(top.tag))
    })
}

/// A replay that cannot hold the probed call (started afresh): no probe can keep a call.
pub fn give_up() {
    if !active() {
        return;
    }
    STATE.with(|s| {
        let s = &mut *s.borrow_mut();
        for p in &mut s.probes {
            p.alike.clear();
        }
        set_active(s);
    });
}

/// An evaluation the engine asks for, or one remembered on a view, being made: `Some(was)`
/// when a probe has calls to keep (what `done` takes back), `None` otherwise.
#[inline]
pub fn open() -> Option<bool> {
    if !active() {
        return None;
    }
    Some(STATE.with(|s| {
        let s = &mut *s.borrow_mut();
        if s.depth == 0 {
            s.asked = Some(vec![]);
        }
        s.depth += 1;
        std::mem::replace(&mut s.read, false)
    }))
}

/// The evaluation `open` began is done: whether it read the held call (directly, or through
/// what it found remembered). The evaluation around it, if any, has then read it too.
pub fn done(was: bool) -> Inner {
    STATE.with(|s| {
        let s = &mut *s.borrow_mut();
        s.depth -= 1;
        let read = s.read;
        s.read = was || read;
        Inner {
            read,
            outermost: s.depth == 0 && s.instead.is_none(),
        }
    })
}

/// What an evaluation read, and whether the engine asked for it (not another evaluation).
pub struct Inner {
    pub read: bool,
    pub outermost: bool,
}

/// A value found remembered on a view that was computed reading the held call: the
/// evaluation reading it reads the call too.
pub fn read_through_memo() {
    STATE.with(|s| {
        let s = &mut *s.borrow_mut();
        s.read = true;
        // What that value's reads found is not written down here.
        if s.instead.is_none() {
            s.asked = None;
        }
    });
}

/// Keep only the calls of the innermost probe for which `same` holds, each asked on a copy
/// of `view` that remembers what the view remembers that did not read the held call (the
/// same for every call), and what the calls asked before it found without reading it. A call whose reads would find what an earlier call's found
/// (`answer`, for each read that call made, in order) is not asked: the evaluation takes
/// the same steps for both, so gives the same (`Asked`).
pub fn keep_where(view: &View, mut same: impl FnMut(Call, &View) -> bool) {
    let alike = STATE.with(|s| {
        let s = &mut *s.borrow_mut();
        let p = s.probes.last_mut().expect("a probe is open");
        std::mem::take(&mut p.alike)
    });
    let mut asked = Asked::default();
    // The question's own reads, found for the call the probe holds: a call that finds the
    // same at each is kept without asking (the question was asked for the held call).
    let own = STATE.with(|s| s.borrow_mut().asked.take());
    // One copy for every call: what a call's question remembers on it that did not read
    // the call is the same for the next, and what did is forgotten after each.
    let mut copy: Option<View> = None;
    let alike: Vec<Call> = alike
        .into_iter()
        .filter(|&call| {
            if let Some(own) = &own {
                if own.iter().all(|&(a, found)| answer(call, a) == Some(found)) {
                    return true;
                }
            }
            if let Some(kept) = asked.find(call) {
                return kept;
            }
            ASKED_AGAIN.with(|a| a.set(a.get() + 1));
            let copy = copy.get_or_insert_with(|| {
                let copy = view.clone();
                copy.memo.0.borrow_mut().extend(
                    view.memo
                        .0
                        .borrow()
                        .iter()
                        .filter(|(.., read)| !read)
                        .cloned(),
                );
                copy
            });
            let kept = same(call, copy);
            copy.memo.0.borrow_mut().retain(|(.., read)| !read);
            let trace = STATE.with(|s| std::mem::take(&mut s.borrow_mut().trace));
            asked.add(&trace, kept);
            kept
        })
        .collect();
    STATE.with(|s| {
        let s = &mut *s.borrow_mut();
        if let Some(p) = s.probes.last_mut() {
            p.alike = alike;
        }
        set_active(s);
    });
}

/// `f` with `call` read in the held call's place, as an evaluation of its own (a read marks
/// nothing outside it).
pub fn instead<T>(call: Call, f: impl FnOnce() -> T) -> T {
    let was = STATE.with(|s| {
        let s = &mut *s.borrow_mut();
        s.depth += 1;
        s.trace.clear();
        (
            s.instead.replace(call),
            std::mem::replace(&mut s.read, false),
        )
    });
    let again = AGAIN.with(|a| a.replace(true));
    let r = f();
    AGAIN.with(|a| a.set(again));
    STATE.with(|s| {
        let s = &mut *s.borrow_mut();
        s.depth -= 1;
        s.instead = was.0;
        s.read = was.1;
    });
    r
}

/// Whether an evaluation is being asked again for another call now (`instead`).
#[inline]
pub fn asking_again() -> bool {
    AGAIN.with(Cell::get)
}

/// While an evaluation is asked again for another call: that call, if `held` is the call
/// the innermost probe holds.
pub fn asked_instead(held: Held) -> Option<Call> {
    if held == Held::NONE || !asking_again() {
        return None;
    }
    STATE.with(|s| {
        let s = s.borrow();
        let top = s.probes.last()?;
        (top.tag == held.0).then_some(s.instead?)
    })
}

/// A `Compared` read while an evaluation is asked again for `call`: its answer, written down
/// as `read_held` writes a read's (the evaluation has read the held call).
pub fn read_compared(c: Compared, call: Call) -> Answer {
    // Not known (values not found): one of its own, as where the function stops.
    let found = answer(call, Aspect::Compared(c))
        .unwrap_or_else(|| STOPS | answer(call, Aspect::Whole).unwrap_or(0));
    STATE.with(|s| {
        let s = &mut *s.borrow_mut();
        s.read = true;
        let aspect = Aspect::Compared(c);
        if !s.trace.iter().any(|(a, _)| *a == aspect) {
            s.trace.push((aspect, found));
        }
    });
    found
}

/// A held call as text for what the decision tree shows but does not compare (an
/// irregularity's call, the auction's lines, an effect's call): not a read.
pub fn shown(call: Call) -> Call {
    call
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Strain;

    #[test]
    fn a_replay_ending_with_no_more_steps_left_than_kept_calls_may_take_keeps_none() {
        reset();
        start(1, vec![Call::Pass]);
        add_excess(10);
        budget_left(11);
        assert!(following(), "11 steps left cover 10 more");
        budget_left(10);
        assert!(
            !following(),
            "10 left might not: a kept call could run out, or the ruled call ran out"
        );
        assert_eq!(finish(), Vec::<Call>::new());
        reset();
    }

    /// A question that makes `reads` of the held call, asked for it, then again in its place
    /// for each of `others` that does not find at each of those reads what it found: the
    /// calls kept (those asked give another result here) and those asked.
    fn asked_at_question(reads: impl Fn(Held), others: Vec<Call>) -> (Vec<Call>, Vec<Call>) {
        reset();
        start(1, others);
        let held = tag_for(1).expect("the probe holds event 1's call");
        let was = open().expect("a probe with calls to keep");
        reads(held);
        assert!(done(was).read);
        let mut asked = vec![];
        keep_where(&View::default(), |call, _| {
            asked.push(call);
            instead(call, || reads(held));
            false
        });
        let kept = finish();
        reset();
        (kept, asked)
    }

    #[test]
    fn a_call_that_reads_as_the_held_call_did_is_kept_without_asking() {
        let (one_d, one_h, two_c) = (
            Call::bid(1, Strain::Diamonds),
            Call::bid(1, Strain::Hearts),
            Call::bid(2, Strain::Clubs),
        );
        let others = vec![one_h, two_c, Call::Pass];
        // The question read the held 1♦'s level only: 1♥ finds the same; 2♣ and pass (no
        // level) are asked, and give another result here.
        let level = |held| {
            read_as(one_d, held, Aspect::Level);
            read_as(one_d, held, Aspect::Level);
        };
        assert_eq!(
            asked_at_question(level, others.clone()),
            (vec![one_h], vec![two_c, Call::Pass])
        );
        // Its strain too: 1♥ parts from it, and is asked.
        let level_and_strain = |held| {
            read_as(one_d, held, Aspect::Level);
            read_as(one_d, held, Aspect::Strain);
        };
        assert_eq!(
            asked_at_question(level_and_strain, others.clone()),
            (vec![], vec![one_h, two_c, Call::Pass])
        );
        // A value remembered from before that read the held call: what it found is not
        // written down, so every call is asked.
        let through_memo = |held| {
            read_as(one_d, held, Aspect::Level);
            read_through_memo();
        };
        assert_eq!(
            asked_at_question(through_memo, others),
            (vec![], vec![one_h, two_c, Call::Pass])
        );
    }

    #[test]
    fn the_engine_reading_a_held_call_keeps_no_call_and_an_evaluation_is_marked() {
        reset();
        start(1, vec![Call::Pass, Call::Double]);
        let held = tag_for(1).expect("the probe holds event 1's call");
        assert_eq!(tag_for(2), None);
        let one_d = Call::bid(1, Strain::Diamonds);
        // Inside an evaluation: marked, the call read as it is.
        let was = open().expect("a probe with calls to keep");
        assert_eq!(read_as(one_d, held, Aspect::Kind), one_d);
        assert!(done(was).read);
        // Asked again for another call: that call is read, and the read written down once.
        let found = instead(Call::Pass, || {
            let r = read_as(one_d, held, Aspect::Kind);
            read_as(one_d, held, Aspect::Kind);
            r
        });
        assert_eq!(found, Call::Pass);
        assert_eq!(STATE.with(|s| s.borrow().trace.len()), 1);
        // A call no probe holds is not a read.
        let was = open().expect("still following");
        assert_eq!(read(one_d, Held::NONE), one_d);
        assert!(!done(was).read);
        // The engine's own code reading it: no call can be kept.
        read(one_d, held);
        assert!(!following());
        assert_eq!(finish(), Vec::<Call>::new());
        reset();
    }
}
