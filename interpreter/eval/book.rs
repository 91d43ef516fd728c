//! The law book as the evaluator runs it: the checked book, its compiled program, the pure
//! definitions folded into tables of values (`fold`), and the program lowered to closures
//! (`code`). Built once when the book loads; the flow is one way, from the checked book
//! through the compiler to here.

use super::code::Code;
use crate::check::LawBook;
use crate::compile::{compile, Program};
use std::sync::Arc;

#[derive(Debug)]
pub struct CompiledBook {
    /// Shared: the threads of a corpus run read one book, each compiling it (the program
    /// holds `Rc` values and stays on its thread).
    pub book: Arc<LawBook>,
    pub program: Program,
    /// The program as closures; `None`: every expression is walked by the reference
    /// interpreter (`Evaluator::run`), as the differential tests and benchmarks compare.
    pub code: Option<Code>,
}

impl std::ops::Deref for CompiledBook {
    type Target = LawBook;
    fn deref(&self) -> &LawBook {
        &self.book
    }
}

/// How a loaded book's expressions are evaluated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Evaluation {
    /// Folded and lowered to closures: what every command runs.
    #[default]
    Compiled,
    /// Every expression walked by the reference interpreter: what the compiled path is
    /// checked against (`tests/compiled.rs`) and measured against (`benches/corpus.rs`).
    Reference,
    /// Lowered to closures with no definition folded: the closures' own speed against the
    /// reference's (`benches/corpus.rs`).
    Unfolded,
}

impl CompiledBook {
    /// A checked law book made ready to run as `how` says.
    pub fn with(book: LawBook, how: Evaluation) -> CompiledBook {
        CompiledBook::shared(Arc::new(book), how)
    }

    /// `with`, for a book other threads may hold too.
    pub fn shared(book: Arc<LawBook>, how: Evaluation) -> CompiledBook {
        match how {
            Evaluation::Compiled => CompiledBook::compiled(book),
            Evaluation::Reference => CompiledBook::only_compiled(book),
            Evaluation::Unfolded => {
                let mut compiled = CompiledBook::only_compiled(book);
                compiled.code = Some(Code::lower(&compiled));
                compiled
            }
        }
    }

    /// Compile, fold and lower a checked law book. The points are folded by the closures of
    /// the book lowered with nothing folded (lowering is a small part of a load, folding by the
    /// reference interpreter a quarter of it), then the book is lowered again to look them up.
    pub fn new(book: LawBook) -> CompiledBook {
        CompiledBook::compiled(Arc::new(book))
    }

    fn compiled(book: Arc<LawBook>) -> CompiledBook {
        let mut compiled = CompiledBook::only_compiled(book);
        compiled.code = Some(Code::lower(&compiled));
        super::fold::fold(&mut compiled);
        compiled.code = Some(Code::lower(&compiled));
        compiled
    }

    /// `compiled`, its points taken from `folds` (folded from this same book, on another
    /// thread: `runner::Preloaded`) rather than folded again.
    pub fn with_folds(book: Arc<LawBook>, folds: &super::fold::Folds) -> CompiledBook {
        let mut compiled = CompiledBook::only_compiled(book);
        folds.install(&mut compiled.program);
        compiled.code = Some(Code::lower(&compiled));
        compiled
    }

    /// Compiled but neither folded nor lowered: every definition's body is walked by the
    /// reference interpreter whenever it is asked. What the compiled path is checked against.
    pub fn interpreted(book: LawBook) -> CompiledBook {
        CompiledBook::only_compiled(Arc::new(book))
    }

    fn only_compiled(book: Arc<LawBook>) -> CompiledBook {
        let program = compile(&book);
        CompiledBook {
            book,
            program,
            code: None,
        }
    }
}
