//! Evaluation: the law book as it runs (`book`: compiled, folded, lowered to closures in
//! `code`), expressions (`expr`, with the reference interpreter; `ops`, what each operation
//! means), the table replaying a case's events (`engine`), and the exploration of open
//! choices and findings into a decision tree (`explore`).

pub mod book;
pub mod code;
pub mod engine;
pub mod entry;
pub mod explore;
pub mod expr;
pub mod findings;
pub mod fold;
pub mod ops;
pub mod probe;
pub mod value;
pub mod view;
