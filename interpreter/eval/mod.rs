//! Evaluation: expressions (`expr`), the table replaying a case's events (`engine`), and
//! the exploration of open choices and findings into a decision tree (`explore`).

pub mod engine;
pub mod explore;
pub mod expr;
pub mod findings;
pub mod fold;
pub mod value;
