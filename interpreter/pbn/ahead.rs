//! The boards of a file read on a thread of their own, ahead of the thread that uses them:
//! reading a PBN file (cutting it into games, scanning, inheriting tags, building each board)
//! is most of `score --pbn`'s work, and with the reading on another core the using thread
//! loads the law book and scores while the file is read. The boards come in the file's order,
//! in batches through a bounded channel, so that memory stays flat however large the file: at
//! most `BATCHES_AHEAD` batches wait, each of at most `BATCH` boards or `BATCH_BYTES` of them.
//!
//! Each board is cut down to what its user reads (`keep`) on the reading thread: a board
//! freed by a thread other than the one that made it costs more than reading it (some forty
//! strings and lists a board), so what crosses is a few numbers and at most a string or two.

use std::sync::mpsc::{sync_channel, IntoIter};
use std::sync::{Arc, Mutex};
use std::thread::Scope;

/// Boards handed over together, at most: one wake-up for many boards.
const BATCH: usize = 4096;
/// A batch is handed over once its items weigh this much (`read_ahead`'s `weigh`), so that
/// what waits is bounded in memory, not only in number.
const BATCH_BYTES: usize = 512 << 10;
/// Batches read and not yet taken, at most: some 8 MiB of boards (`PbnBoard::approx_bytes`).
/// Reading ahead is for the time the law book takes to load: a file of boards that are quick
/// to score is read meanwhile (some 21,000 of the benchmark's generated boards, which keep
/// no auction or play, 384 bytes each), and a file of boards slower to score than to read
/// (a real record's, each with its auction and play kept for `--check`, some 8 KiB) holds
/// about 1,000 waiting. Bounded by number alone (256 batches of 64), the latter piled up to
/// 178 MiB at 80,000 boards (tests/data/pbn/camrose2024-robots.pbn repeated; 19 MiB on one
/// thread); 16 batches of 64 made that 31 MiB but left the generated boards waiting for the
/// load (10,000 boards 0.04 to 0.06 s).
const BATCHES_AHEAD: usize = 16;

/// The boards of `boards` (any items, `T`), each as `keep` leaves it, read on a thread of the
/// `scope`; on the calling thread, as they are asked for, when the program already runs on
/// every core (a pool's item, or one core) or no thread is to be had. `weigh`: about the
/// bytes an item kept holds, which bound what waits. Reading stops after an error, or when
/// the `Ahead` is dropped.
pub fn read_ahead<'scope, T, E, I, K, W>(
    scope: &'scope Scope<'scope, '_>,
    boards: I,
    keep: K,
    weigh: W,
) -> Ahead<T, E, I, K>
where
    T: Send + 'scope,
    E: Send + 'scope,
    I: Iterator<Item = Result<T, E>> + Send + 'scope,
    K: Fn(T) -> T + Send + Copy + 'scope,
    W: Fn(&T) -> usize + Send + Copy + 'scope,
{
    if crate::pool::jobs(None) < 2 {
        return Ahead::Here(boards, keep);
    }
    let (send, receive) = sync_channel::<Vec<Result<T, E>>>(BATCHES_AHEAD);
    // Shared so that the boards come back when the thread cannot be started.
    let slot = Arc::new(Mutex::new(Some(boards)));
    let theirs = Arc::clone(&slot);
    let reader = move || {
        let Some(boards) = theirs.lock().ok().and_then(|mut s| s.take()) else {
            return;
        };
        let (mut batch, mut bytes) = (Vec::new(), 0);
        for b in boards {
            let failed = b.is_err();
            let b = b.map(keep);
            bytes += b.as_ref().map_or(0, weigh);
            batch.push(b);
            if batch.len() == BATCH || bytes >= BATCH_BYTES || failed {
                bytes = 0;
                let full = std::mem::take(&mut batch);
                // The receiver is gone only when the boards are no longer wanted.
                if send.send(full).is_err() || failed {
                    return;
                }
            }
        }
        if !batch.is_empty() {
            let _ = send.send(batch);
        }
    };
    let started = std::thread::Builder::new()
        .name("lawbook-pbn".into())
        .stack_size(crate::pool::STACK)
        .spawn_scoped(scope, reader);
    match started {
        Ok(_) => Ahead::There {
            batches: receive.into_iter(),
            batch: Vec::new().into_iter(),
        },
        Err(_) => {
            let boards = slot.lock().ok().and_then(|mut s| s.take());
            Ahead::Here(
                boards.expect("the reader never started, so it took nothing"),
                keep,
            )
        }
    }
}

/// See [`read_ahead`].
pub enum Ahead<T, E, I, K> {
    There {
        batches: IntoIter<Vec<Result<T, E>>>,
        batch: std::vec::IntoIter<Result<T, E>>,
    },
    Here(I, K),
}

impl<T, E, I, K> Iterator for Ahead<T, E, I, K>
where
    I: Iterator<Item = Result<T, E>>,
    K: Fn(T) -> T,
{
    type Item = Result<T, E>;

    fn next(&mut self) -> Option<Result<T, E>> {
        match self {
            Ahead::Here(boards, keep) => boards.next().map(|b| b.map(&*keep)),
            Ahead::There { batches, batch } => loop {
                if let Some(b) = batch.next() {
                    return Some(b);
                }
                *batch = batches.next()?.into_iter();
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Items far past what waits in the channel come in order, each cut down by `keep`; an
    /// error ends them. (Each weighs a 128th of a batch: batches close on their weight.)
    #[test]
    fn items_come_in_order_and_an_error_ends_them() {
        let n = 128 * BATCHES_AHEAD * 3 + 7;
        let items = (0..n).map(|i| if i == n - 3 { Err(i) } else { Ok(i) });
        let got: Vec<Result<usize, usize>> = std::thread::scope(|s| {
            let ahead = read_ahead(s, items, |i| i * 2, |_| BATCH_BYTES / 128);
            // On a machine of one core everything is read here.
            let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
            assert_eq!(matches!(ahead, Ahead::There { .. }), cores > 1);
            ahead.collect()
        });
        let want: Vec<Result<usize, usize>> = (0..n - 2)
            .map(|i| if i == n - 3 { Err(i) } else { Ok(i * 2) })
            .collect();
        assert_eq!(got, want);
    }

    /// Dropped before the end (the law book failed to load), the reading stops and the scope
    /// ends: the reader blocked on a full channel is let go.
    #[test]
    fn dropped_early_the_reading_stops() {
        let first: Vec<Result<usize, ()>> = std::thread::scope(|s| {
            let mut ahead = read_ahead(s, (0..usize::MAX).map(Ok), |i| i, |_| 1);
            vec![ahead.next().unwrap(), ahead.next().unwrap()]
        });
        assert_eq!(first, vec![Ok(0), Ok(1)]);
    }

    /// What waits is bounded by its weight: items of a 128th of a batch's bytes, none
    /// taken after the first, are read no further than the channel's batches, the one being
    /// filled and the one taken from (however long the reader is left to run).
    #[test]
    fn what_waits_is_bounded_by_its_weight() {
        use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
        let read = AtomicUsize::new(0);
        let read = &read;
        std::thread::scope(|s| {
            let counted = move |i: usize| {
                read.fetch_add(1, Relaxed);
                i
            };
            let items = (0..usize::MAX).map(Ok::<usize, ()>);
            let mut ahead = read_ahead(s, items, counted, |_| BATCH_BYTES / 128);
            assert_eq!(ahead.next(), Some(Ok(0)));
            if matches!(ahead, Ahead::Here(..)) {
                return;
            }
            // Until the reader is blocked: its count the same over several looks.
            let (mut last, mut same) = (0, 0);
            for _ in 0..200 {
                std::thread::sleep(std::time::Duration::from_millis(10));
                let now = read.load(Relaxed);
                same = if now == last { same + 1 } else { 0 };
                last = now;
                if same == 5 {
                    break;
                }
            }
            assert!(last <= (BATCHES_AHEAD + 2) * 128, "{last} items read ahead");
        });
    }

    /// Inside a pool's item the items are read on the calling thread, as asked for, and
    /// still cut down by `keep`.
    #[test]
    fn inside_a_pool_item_nothing_is_read_ahead() {
        let mut got = vec![];
        crate::pool::in_order(
            1,
            1,
            || (),
            |_, _| {
                std::thread::scope(|s| {
                    let ahead = read_ahead(s, (0..5).map(Ok::<u32, ()>), |i| i + 1, |_| 1);
                    assert!(matches!(ahead, Ahead::Here(..)));
                    ahead.collect::<Vec<_>>()
                })
            },
            |_, r| {
                got = r;
                std::ops::ControlFlow::Continue(())
            },
        );
        assert_eq!(got, (1..6).map(Ok).collect::<Vec<_>>());
    }
}
