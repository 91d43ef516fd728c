//! Many cases at once, for the commands that run a corpus (`test`, `diff`). Each worker
//! thread has state of its own (a `Books`: a compiled law book holds `Rc` values, so it stays
//! on the thread that loaded it), takes the next case by number, and hands its result back;
//! the caller takes the results in the cases' order, each as soon as those before it are in.
//! What a command prints is therefore the same whatever the number of workers.

use std::collections::BTreeMap;
use std::num::NonZeroUsize;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// Workers when the command line does not say: one a core, at most this many. Each worker
/// loads the law books it meets (some 30 ms and 20 MiB each), and past a few workers a
/// corpus's time is its slowest case's (a claim whose line search spends its budget).
pub const MAX_DEFAULT_JOBS: usize = 8;

/// `--jobs`: the number asked for, or one a core (at most `MAX_DEFAULT_JOBS`).
pub fn jobs(asked: Option<NonZeroUsize>) -> usize {
    match asked {
        Some(n) => n.get(),
        None => std::thread::available_parallelism()
            .map_or(1, NonZeroUsize::get)
            .min(MAX_DEFAULT_JOBS),
    }
}

/// `work` on each of `count` items on `jobs` threads, each thread with the state `init`
/// makes; `take` receives the results in the items' order. When `take` breaks, no worker
/// starts another item and `in_order` returns once those begun are done.
///
/// With one job everything runs on the calling thread, as a plain loop.
pub fn in_order<S, R: Send>(
    count: usize,
    jobs: usize,
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, usize) -> R + Sync,
    mut take: impl FnMut(usize, R) -> ControlFlow<()>,
) {
    let jobs = jobs.clamp(1, count.max(1));
    if jobs == 1 {
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
        for n in 0..jobs {
            let send = send.clone();
            let (next, stop, init, work) = (&next, &stop, &init, &work);
            let worker = move || {
                let mut state = init();
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= count {
                        break;
                    }
                    // The receiver is gone only when the caller stopped taking.
                    if send.send((i, work(&mut state, i))).is_err() {
                        break;
                    }
                }
            };
            std::thread::Builder::new()
                .name(format!("lawbook-{n}"))
                .stack_size(super::STACK)
                .spawn_scoped(scope, worker)
                .expect("a worker thread");
        }
        drop(send);
        // Results that came before those ahead of them in the order.
        let mut waiting: BTreeMap<usize, R> = BTreeMap::new();
        let mut due = 0;
        for (i, r) in receive {
            waiting.insert(i, r);
            while let Some(r) = waiting.remove(&due) {
                if take(due, r).is_break() {
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
                due += 1;
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

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

    /// Breaking stops the taking at once and `in_order` returns: items past the fourth wait
    /// until the taking has stopped, so their results come only after the break, and none is
    /// taken (no timing involved: what a worker begins between the break and its next look at
    /// the stop is finished and dropped).
    #[test]
    fn a_break_stops_the_taking() {
        let broke = AtomicBool::new(false);
        let mut taken = vec![];
        in_order(
            10_000,
            4,
            || (),
            |_, i| {
                while i >= 4 && !broke.load(Ordering::SeqCst) {
                    std::thread::yield_now();
                }
                i
            },
            |i, _| {
                taken.push(i);
                if i == 3 {
                    broke.store(true, Ordering::SeqCst);
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            },
        );
        assert_eq!(taken, vec![0, 1, 2, 3]);
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
