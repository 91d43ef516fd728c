//! The allocator of every program built on this crate (the binary, its tests, the
//! benchmarks): mimalloc. A ruling makes and drops many small values, tables and rendered
//! strings, and the system allocator spent about a fifth of the corpus's time on them.
//!
//! Asked the way the standard library asks the system's `malloc` (`std::alloc::System`):
//! a block whose alignment `malloc` already gives (at most 16 bytes, and no more than its
//! size) through `mi_malloc`, `mi_zalloc` and `mi_realloc`; only a larger alignment through
//! the aligned calls. The `mimalloc` crate's allocator takes the aligned calls for every
//! block, whose checks come first and whose blocks of more than 1 KiB that are not a power
//! of two are over-allocated and aligned by hand: 1,574.6 -> 1,559.0 million instructions
//! for the corpus on one thread (2026-12-04).

use libmimalloc_sys::{
    mi_free, mi_malloc, mi_malloc_aligned, mi_realloc, mi_realloc_aligned, mi_zalloc,
    mi_zalloc_aligned,
};
use std::alloc::{GlobalAlloc, Layout};
use std::ffi::{c_int, c_long, c_void};

// Declared here: `libmimalloc-sys` declares it only behind its `extended` feature, which
// brings in a crate of C types for the one signature this needs.
extern "C" {
    fn mi_option_set(option: c_int, value: c_long);
}

/// mimalloc's `mi_option_destroy_on_exit`, its place in `mi_option_t` (`mimalloc.h` of the
/// mimalloc the `libmimalloc-sys` in Cargo.lock builds, v3), which that crate leaves
/// unnamed: "These options are not exposed as constants for stability reasons, however you
/// can still use them as arguments".
const DESTROY_ON_EXIT: c_int = 22;

/// At the process's exit mimalloc hands back to the system, page by page, the memory the
/// program freed (`mi_process_done`: 144-211 `madvise` calls after a corpus run), which
/// the system is about to take back whole. With `destroy_on_exit` above 1 its exit
/// handler returns at once (`_mi_auto_process_done`). For a program that ends its
/// process when its work is done (the `lawbook` command); not for a library that stays.
///
/// # Safety
/// mimalloc's options are not thread safe: call before any other thread is started.
pub(crate) unsafe fn leave_memory_to_the_system_at_exit() {
    // SAFETY: an option of mimalloc's, set before another thread runs (the caller's word).
    unsafe { mi_option_set(DESTROY_ON_EXIT, 2) }
}

/// The alignment every block `mi_malloc` returns has when its size is at least as large
/// (mimalloc's `MI_MAX_ALIGN_SIZE` on the 64-bit targets this builds for; `malloc`'s
/// guarantee).
const PLAIN_ALIGN: usize = 16;

/// Whether a block of `size` bytes with `align` comes aligned from the plain calls.
fn plain(align: usize, size: usize) -> bool {
    align <= PLAIN_ALIGN && align <= size
}

pub struct MiMalloc;

/// A new block for `layout` from mimalloc's plain call or its aligned one (`malloc` or
/// `zalloc`).
///
/// # Safety
/// The calls are mimalloc's of one kind (`mi_malloc` and `mi_malloc_aligned`, or the
/// `zalloc` pair).
#[inline]
unsafe fn new_block(
    layout: Layout,
    plain_call: unsafe extern "C" fn(usize) -> *mut c_void,
    aligned_call: unsafe extern "C" fn(usize, usize) -> *mut c_void,
) -> *mut u8 {
    // SAFETY: see the impl below.
    unsafe {
        if plain(layout.align(), layout.size()) {
            plain_call(layout.size()).cast()
        } else {
            aligned_call(layout.size(), layout.align()).cast()
        }
    }
}

// SAFETY: every call hands mimalloc a layout's size and alignment as its C interface asks
// (`mi_*_aligned`: a power of two, which a `Layout` is), and frees or grows only blocks it
// returned; the plain calls are taken only where their alignment meets the layout's.
unsafe impl GlobalAlloc for MiMalloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the `malloc` pair.
        unsafe { new_block(layout, mi_malloc, mi_malloc_aligned) }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the `zalloc` pair.
        unsafe { new_block(layout, mi_zalloc, mi_zalloc_aligned) }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        // SAFETY: see the impl; `ptr` came from this allocator.
        unsafe { mi_free(ptr.cast::<c_void>()) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: see the impl; `ptr` came from this allocator.
        unsafe {
            if plain(layout.align(), new_size) {
                mi_realloc(ptr.cast::<c_void>(), new_size).cast()
            } else {
                mi_realloc_aligned(ptr.cast::<c_void>(), new_size, layout.align()).cast()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::alloc::{alloc, alloc_zeroed, dealloc, realloc, Layout};

    /// Blocks of small and large sizes and of every alignment up to a page, plain or
    /// aligned, come aligned, zeroed where asked, and keep their bytes when they grow and
    /// shrink. (Every test of the crate runs on this allocator as well.)
    #[test]
    fn blocks_come_aligned_and_keep_their_bytes() {
        for align in [1, 2, 4, 8, 16, 32, 64, 4096] {
            for size in [1, 3, 8, 15, 16, 17, 100, 1025, 5000, 70_000] {
                let layout = Layout::from_size_align(size, align).unwrap();
                let aligned = |p: *mut u8| !p.is_null() && (p as usize).is_multiple_of(align);
                // SAFETY: layouts of non-zero size; each block is written within its size
                // and freed once, with the layout it has then.
                unsafe {
                    let p = alloc(layout);
                    assert!(aligned(p), "alloc {size} align {align}");
                    dealloc(p, layout);
                    let p = alloc_zeroed(layout);
                    assert!(aligned(p), "alloc_zeroed {size} align {align}");
                    assert!((0..size).all(|i| *p.add(i) == 0));
                    for i in 0..size {
                        *p.add(i) = i as u8;
                    }
                    let (larger, smaller) = (size * 3, size / 2 + 1);
                    let p = realloc(p, layout, larger);
                    assert!(aligned(p), "{size} -> {larger} align {align}");
                    assert!((0..size).all(|i| *p.add(i) == i as u8));
                    let p = realloc(p, Layout::from_size_align(larger, align).unwrap(), smaller);
                    assert!(aligned(p), "{larger} -> {smaller} align {align}");
                    assert!((0..smaller).all(|i| *p.add(i) == i as u8));
                    dealloc(p, Layout::from_size_align(smaller, align).unwrap());
                }
            }
        }
    }
}
