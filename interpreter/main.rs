//! The `lawbook` command.

use std::process::ExitCode;

fn main() -> ExitCode {
    lawbook::cli::main()
}
