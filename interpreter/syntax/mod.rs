//! Text to syntax tree: the pest grammar in grammar/law.pest, its errors turned into
//! diagnostics, and the tree in `ast`.

pub mod ast;
mod parse;
pub mod pest_error;

pub use parse::{parse_law_file, parse_regulation_file, MAX_DEPTH};
