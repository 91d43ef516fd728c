//! lawbook: the Laws of Duplicate Bridge as a checked, executable rules language.
//!
//! The flow runs one way: text -> syntax tree -> checked law book -> compiled rules ->
//! evaluation of a case -> ruling (data) -> rendering.

pub mod model;
pub mod diagnostic;
pub mod source;
pub mod syntax;
pub mod pbn;
pub mod check;
pub mod eval;
pub mod suggest;
pub mod case;
pub mod ruling;
pub mod align;
pub mod load;
pub mod cli;
pub mod render;
pub mod runner;
