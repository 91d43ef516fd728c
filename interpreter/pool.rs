//! Many items at once: the cases of a corpus (`test`, `diff`), the files of several PBN
//! records, the `.law` files of a law book being parsed. Each worker thread has state of its
//! own (a `Books`: a compiled law book holds `Rc` values, so it stays on the thread that
//! compiled it; the checked book it is compiled from may be shared, `runner::Preloaded`),
//! takes the next item by number, and hands its result back; the caller takes
//! the results in the items' order, each as soon as those before it are in. What a command
//! prints is therefore the same whatever the number of workers.
//!
//! Work done inside a pool's item runs on that thread alone: a worker that loads a law book
//! does not start workers of its own to parse it, so `--jobs N` means N threads.

use std::collections::BTreeMap;
use std::num::NonZeroUsize;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// The stack every thread of the program runs on. Every recursive walk of a law file is
/// bounded by the depth limit (`syntax::MAX_DEPTH`), which the tests hold on an 8 MiB stack
/// (the main thread's usual size); the program gives its threads eight times that, so an
/// unoptimised build has room too. Only the pages touched are ever allocated.
pub const STACK: usize = 64 << 20;

std::thread_local! {
    /// Set while this thread works on a pool's items: a pool started there runs on it.
    static IN_POOL: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// Cores another thread of the program keeps busy meanwhile (`leaving_one`).
    static TAKEN: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// `work` on this thread alone, as a pool's item is: the pools it starts run here
/// (`--jobs 1`).
pub fn alone<T>(work: impl FnOnce() -> T) -> T {
    let _in_pool = InPool::enter();
    work()
}

/// `work` as a run of `jobs` threads starts it: with one job on this thread alone (`alone`),
/// with more as it comes, its pools using the cores.
pub fn with_jobs<T>(jobs: usize, work: impl FnOnce() -> T) -> T {
    match jobs {
        1 => alone(work),
        _ => work(),
    }
}

/// `work` with one core fewer for the pools it starts: another thread keeps one busy
/// meanwhile (a PBN file read while the law book loads, `pbn::ahead`).
pub fn leaving_one<T>(work: impl FnOnce() -> T) -> T {
    /// Gives the core back when dropped, the work done or unwinding.
    struct Taken(usize);
    impl Drop for Taken {
        fn drop(&mut self) {
            TAKEN.with(|t| t.set(self.0));
        }
    }
    let _taken = Taken(TAKEN.with(|t| t.replace(t.get() + 1)));
    work()
}

/// Marks the thread as working on a pool's items until dropped (and restores what it was).
struct InPool(bool);

impl InPool {
    fn enter() -> Self {
        InPool(IN_POOL.with(|f| f.replace(true)))
    }
}

impl Drop for InPool {
    fn drop(&mut self) {
        IN_POOL.with(|f| f.set(self.0));
    }
}

/// Work started on a thread of its own beside the caller's (`beside`).
pub struct Beside<'scope, T> {
    thread: Option<std::thread::ScopedJoinHandle<'scope, T>>,
    /// The work, when no thread took it: done by `join`.
    here: Option<Box<dyn FnOnce() -> T + 'scope>>,
}

impl<T> Beside<'_, T> {
    /// What the work gave (done now, on this thread, when no thread took it).
    pub fn join(self) -> T {
        match (self.thread, self.here) {
            (Some(t), _) => t.join().unwrap_or_else(|p| std::panic::resume_unwind(p)),
            (None, Some(work)) => work(),
            (None, None) => unreachable!("a `Beside` holds its thread or its work"),
        }
    }
}

/// `work` started on a thread of the `scope` when a core is free for it (not inside a
/// pool's item, more than one core), else kept to be done by `join`: two independent loads
/// side by side (a law book and the renderings' lexicon). The caller's own work meanwhile
/// may run under `leaving_one`, when it would start pools of its own.
pub fn beside<'scope, T: Send + 'scope>(
    scope: &'scope std::thread::Scope<'scope, '_>,
    work: impl FnOnce() -> T + Send + 'scope,
) -> Beside<'scope, T> {
    if jobs(None) < 2 {
        return Beside {
            thread: None,
            here: Some(Box::new(work)),
        };
    }
    // Shared so that the work comes back when no thread can be started.
    let slot = std::sync::Arc::new(std::sync::Mutex::new(Some(work)));
    let theirs = std::sync::Arc::clone(&slot);
    let started = std::thread::Builder::new()
        .stack_size(STACK)
        .spawn_scoped(scope, move || {
            let work = theirs.lock().ok().and_then(|mut w| w.take());
            work.expect("the work is taken once")()
        });
    match started {
        Ok(t) => Beside {
            thread: Some(t),
            here: None,
        },
        Err(_) => {
            let work = slot.lock().ok().and_then(|mut w| w.take());
            Beside {
                thread: None,
                here: Some(Box::new(work.expect("no thread took it"))),
            }
        }
    }
}

/// Workers when the command line does not say: one a core, at most this many. Each worker
/// compiles the law books it meets (some 3 ms each), and past a few workers a
/// corpus's time is its slowest case's (a claim whose line search spends its budget).
pub const MAX_DEFAULT_JOBS: usize = 8;

/// `--jobs`: the number asked for, or one a core not taken (`leaving_one`; at most
/// `MAX_DEFAULT_JOBS`); one inside a pool's item, whatever was asked.
pub fn jobs(asked: Option<NonZeroUsize>) -> usize {
    if IN_POOL.with(std::cell::Cell::get) {
        return 1;
    }
    match asked {
        Some(n) => n.get(),
        None => std::thread::available_parallelism()
            .map_or(1, NonZeroUsize::get)
            .saturating_sub(TAKEN.with(std::cell::Cell::get))
            .clamp(1, MAX_DEFAULT_JOBS),
    }
}

/// `work` on each of `count` items on `jobs` threads, each thread with the state `init`
/// makes; `take` receives the results in the items' order. When `take` breaks, no worker
/// starts another item and `in_order` returns once those begun are done.
///
/// The calling thread is one of the `jobs`: it works on items too and hands the results on
/// between them (with one job, a plain loop). A caller that only waited for results would
/// be woken for each one, taking the core of a worker each time: on two cores a third of
/// the corpus's CPU went to it. So an item's `work` must never wait for `take`.
pub fn in_order<S, R: Send>(
    count: usize,
    jobs: usize,
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, usize) -> R + Sync,
    take: impl FnMut(usize, R) -> ControlFlow<()>,
) {
    let schedule: Vec<usize> = (0..count).collect();
    in_order_scheduled(&schedule, jobs, init, work, take)
}

/// `in_order` over the items `0..schedule.len()`, the workers starting them in the order
/// `schedule` lists them (the longest first, where the caller can tell: a long item started
/// last keeps one thread busy while the others wait), `take` still receiving the results in
/// the items' order. With one job the schedule changes nothing: the items run in their order.
pub fn in_order_scheduled<S, R: Send>(
    schedule: &[usize],
    jobs: usize,
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, usize) -> R + Sync,
    mut take: impl FnMut(usize, R) -> ControlFlow<()>,
) {
    let count = schedule.len();
    debug_assert!(
        {
            let mut seen = schedule.to_vec();
            seen.sort_unstable();
            seen.iter().copied().eq(0..count)
        },
        "a schedule lists each item once"
    );
    let jobs = jobs.clamp(1, count.max(1));
    if jobs == 1 {
        let _in_pool = InPool::enter();
        let mut state = init();
        for i in 0..count {
            if take(i, work(&mut state, i)).is_break() {
                return;
            }
        }
        return;
    }
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (send, receive) = mpsc::channel::<(usize, R)>();
    std::thread::scope(|scope| {
        for n in 1..jobs {
            let send = send.clone();
            let (next, stop, init, work) = (&next, &stop, &init, &work);
            let worker = move || {
                let _in_pool = InPool::enter();
                let mut state = init();
                while !stop.load(Ordering::Relaxed) {
                    let Some(&i) = schedule.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        break;
                    };
                    // The receiver is gone only when the caller stopped taking.
                    if send.send((i, work(&mut state, i))).is_err() {
                        break;
                    }
                }
            };
            std::thread::Builder::new()
                .name(format!("lawbook-{n}"))
                .stack_size(STACK)
                .spawn_scoped(scope, worker)
                .expect("a worker thread");
        }
        drop(send);
        // Results that came before those ahead of them in the order, and the next one due.
        let mut waiting: BTreeMap<usize, R> = BTreeMap::new();
        let mut due = 0;
        // Takes what is due; false when `take` broke (the workers then stop).
        let mut hand_on = |waiting: &mut BTreeMap<usize, R>| {
            while let Some(r) = waiting.remove(&due) {
                if take(due, r).is_break() {
                    stop.store(true, Ordering::Relaxed);
                    return false;
                }
                due += 1;
            }
            true
        };
        // This thread's items, each after the results the others have sent meanwhile.
        let in_pool = InPool::enter();
        let mut state = init();
        loop {
            waiting.extend(receive.try_iter());
            if !hand_on(&mut waiting) {
                return;
            }
            let Some(&i) = schedule.get(next.fetch_add(1, Ordering::Relaxed)) else {
                break;
            };
            waiting.insert(i, work(&mut state, i));
        }
        drop((state, in_pool));
        // No item left to start: the others' results as they come.
        for (i, r) in receive {
            waiting.insert(i, r);
            if !hand_on(&mut waiting) {
                return;
            }
        }
        hand_on(&mut waiting);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A schedule changes the order the items are started in, not the order their results
    /// are taken in; with one job the items run in their own order.
    #[test]
    fn a_schedule_orders_the_work_not_the_results() {
        // A short schedule, and a long one backwards: items started in their own order would
        // give some worker two items out of the schedule's order in the long one, however
        // the threads take turns.
        let backwards: Vec<usize> = (0..50).rev().collect();
        for schedule in [&[4, 2, 0, 1, 3][..], &backwards] {
            let n = schedule.len();
            for jobs in [1, 2, 3] {
                let started = std::sync::Mutex::new(vec![]);
                let mut taken = vec![];
                in_order_scheduled(
                    schedule,
                    jobs,
                    || (),
                    |_, i| {
                        started
                            .lock()
                            .unwrap()
                            .push((std::thread::current().id(), i));
                        i * 10
                    },
                    |i, r| {
                        taken.push((i, r));
                        ControlFlow::Continue(())
                    },
                );
                assert_eq!(
                    taken,
                    (0..n).map(|i| (i, i * 10)).collect::<Vec<_>>(),
                    "{jobs} jobs"
                );
                let started = started.into_inner().unwrap();
                let mut all: Vec<usize> = started.iter().map(|&(_, i)| i).collect();
                if jobs == 1 {
                    assert!(all.iter().copied().eq(0..n), "one job: {all:?}");
                    continue;
                }
                all.sort_unstable();
                assert!(all.iter().copied().eq(0..n), "{jobs} jobs: each item once");
                // Each worker starts its items in the schedule's order (which worker takes
                // which depends on the threads' timing).
                let place = |i: usize| schedule.iter().position(|&s| s == i).unwrap();
                let mut threads: Vec<_> = started.iter().map(|&(t, _)| t).collect();
                threads.sort_unstable_by_key(|t| format!("{t:?}"));
                threads.dedup();
                for t in threads {
                    let mine: Vec<usize> = started
                        .iter()
                        .filter(|&&(u, _)| u == t)
                        .map(|&(_, i)| place(i))
                        .collect();
                    assert!(mine.is_sorted(), "{jobs} jobs: {started:?}");
                }
            }
        }
    }

    /// A pool started inside a pool's item runs on that item's thread, whatever the number
    /// of jobs, with one job as with several; outside, the number asked for stands.
    #[test]
    fn a_pool_inside_an_item_runs_on_its_thread() {
        let asked = NonZeroUsize::new(3);
        assert_eq!(jobs(asked), 3);
        for outer in [1, 2] {
            let mut inside = vec![];
            in_order(
                4,
                outer,
                || (),
                |_, _| (jobs(None), jobs(asked)),
                |_, r| {
                    inside.push(r);
                    ControlFlow::Continue(())
                },
            );
            assert_eq!(inside, vec![(1, 1); 4], "{outer} outer jobs");
        }
        assert_eq!(jobs(asked), 3, "the mark is lifted after the pool");
    }

    /// Work beside gives its result at `join`, on another thread when a core is free and on
    /// the caller's inside a pool's item.
    #[test]
    fn work_beside_gives_its_result_at_join() {
        let caller = std::thread::current().id();
        let (value, on) = std::thread::scope(|s| {
            let b = beside(s, || (6 * 7, std::thread::current().id()));
            b.join()
        });
        assert_eq!(value, 42);
        assert_eq!(on != caller, jobs(None) > 1);
        let here =
            alone(|| std::thread::scope(|s| beside(s, || std::thread::current().id()).join()));
        assert_eq!(here, caller);
    }

    /// `leaving_one` takes a core from the default while its work runs, never below one;
    /// `alone` leaves one thread, as a pool's item has.
    #[test]
    fn leaving_one_takes_a_core_while_it_runs() {
        let all = jobs(None);
        let during = leaving_one(|| (jobs(None), leaving_one(|| jobs(None))));
        assert_eq!(during.0, (all - 1).max(1));
        assert_eq!(during.1, (all.saturating_sub(2)).max(1));
        assert_eq!(jobs(None), all);
        assert_eq!(alone(|| (jobs(None), jobs(NonZeroUsize::new(4)))), (1, 1));
        assert_eq!(jobs(None), all);
    }

    /// Results come in the items' order whatever the workers' speeds, and each item is worked
    /// on once.
    #[test]
    fn results_are_taken_in_order() {
        for jobs in [1, 2, 3, 8] {
            let mut seen = vec![];
            in_order(
                50,
                jobs,
                || 0usize,
                |done, i| {
                    // Uneven work: later items are often done first.
                    std::thread::sleep(std::time::Duration::from_micros(
                        ((i * 7) % 5) as u64 * 100,
                    ));
                    *done += 1;
                    i * 10
                },
                |i, r| {
                    seen.push((i, r));
                    ControlFlow::Continue(())
                },
            );
            let want: Vec<(usize, usize)> = (0..50).map(|i| (i, i * 10)).collect();
            assert_eq!(seen, want, "{jobs} jobs");
        }
    }

    /// Breaking stops the taking at once and `in_order` returns: no result after the one
    /// that broke is taken, however many were done meanwhile, and no item is started after
    /// the workers see the break (so far fewer than all 10,000 are worked on; the count
    /// depends on the threads' timing and is not asserted beyond that).
    #[test]
    fn a_break_stops_the_taking() {
        for jobs in [1, 2, 4] {
            let worked = AtomicUsize::new(0);
            let mut taken = vec![];
            in_order(
                10_000,
                jobs,
                || (),
                |_, i| {
                    worked.fetch_add(1, Ordering::Relaxed);
                    i
                },
                |i, _| {
                    taken.push(i);
                    if i == 3 {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                },
            );
            assert_eq!(taken, vec![0, 1, 2, 3], "{jobs} jobs");
            if jobs == 1 {
                assert_eq!(worked.into_inner(), 4, "one job: nothing past the break");
            }
        }
    }

    /// The calling thread works on items too: with two jobs, two threads share the items,
    /// one of them the caller's, and no third one is started.
    #[test]
    fn the_caller_is_one_of_the_workers() {
        let caller = std::thread::current().id();
        let threads = std::sync::Mutex::new(std::collections::BTreeSet::new());
        let mut taken = 0;
        in_order(
            200,
            2,
            || (),
            |_, _| {
                threads
                    .lock()
                    .unwrap()
                    .insert(format!("{:?}", std::thread::current().id()));
                // Long enough that both threads find an item before they run out.
                std::thread::sleep(std::time::Duration::from_micros(200));
            },
            |_, ()| {
                taken += 1;
                ControlFlow::Continue(())
            },
        );
        assert_eq!(taken, 200);
        let threads = threads.into_inner().unwrap();
        assert!(threads.contains(&format!("{caller:?}")), "{threads:?}");
        assert!(threads.len() <= 2, "{threads:?}");
    }

    /// A panic in the calling thread's item stops the others starting items (the channel
    /// they send to goes with the calling thread's part) and comes out of `in_order` once
    /// they finish the ones begun: far fewer than all 10,000 are worked on.
    #[test]
    fn a_panic_on_the_calling_thread_stops_the_others() {
        let caller = std::thread::current().id();
        let worked = AtomicUsize::new(0);
        let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            in_order(
                10_000,
                2,
                || (),
                |_, _| {
                    worked.fetch_add(1, Ordering::Relaxed);
                    if std::thread::current().id() == caller {
                        panic!("the caller's item fails");
                    }
                    // Slow enough that the caller's first item comes early in the run.
                    std::thread::sleep(std::time::Duration::from_micros(100));
                },
                |_, ()| ControlFlow::Continue(()),
            )
        }));
        assert!(run.is_err(), "the panic comes out");
        assert!(worked.into_inner() < 10_000, "the other thread stopped");
    }

    /// No items: nothing is taken and no thread waits for one.
    #[test]
    fn no_items() {
        let mut taken = 0;
        in_order(
            0,
            4,
            || (),
            |_, i| i,
            |_, _| {
                taken += 1;
                ControlFlow::Continue(())
            },
        );
        assert_eq!(taken, 0);
    }
}
