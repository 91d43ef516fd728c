//! lawbook: the Laws of Duplicate Bridge as a checked, executable rules language.
//!
//! The flow runs one way, and the modules follow it: text (`source`) -> syntax tree
//! (`syntax`) -> checked law book (`check`, `load`) -> compiled rules (`compile`) ->
//! evaluation of a case (`case`, `eval`) -> ruling data (`ruling`) -> rendering (`render`);
//! `runner` ties cases to their goldens and `cli` is the command line. `model` is the game; `pbn` reads real records;
//! `claim` computes the evidence a claim is ruled on (double dummy, the claimer's line);
//! `align`, `terms`, `export` and `compare` serve translators.

// Every program built on this crate (the binary, its tests, the benchmarks) allocates
// through mimalloc (`allocator`).
#[global_allocator]
static ALLOCATOR: allocator::MiMalloc = allocator::MiMalloc;

// Before every module: the command line's printing macros (`outln!`, `errln!`, …).
#[macro_use]
mod output;

mod allocator;

pub mod align;
pub mod case;
pub mod changes;
pub mod check;
pub mod claim;
pub mod cli;
pub mod compare;
pub mod compile;
pub mod coverage;
pub mod diagnostic;
pub mod eval;
pub mod export;
pub mod fmt;
pub mod fuzzing;
#[cfg(test)]
mod generated;
pub mod load;
pub mod messages;
pub mod model;
pub mod pbn;
pub mod phrases;
pub mod pool;
pub mod regulation;
pub mod render;
pub mod ruling;
pub mod runner;
pub mod source;
pub mod suggest;
pub mod syntax;
pub mod terms;
