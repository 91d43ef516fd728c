//! Printing for the command line. A closed stdout (`lawbook … | head`) stops the program
//! quietly; a closed stderr (`lawbook … 2>&1 | head`) loses what is said there, and the exit
//! code still tells the outcome. `println!` and `eprintln!` panic on either.

/// Print a line to stdout; when stdout is closed, stop quietly.
macro_rules! outln {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($t)*).is_err() {
            std::process::exit(0);
        }
    }};
}

/// As `outln!`, without the newline.
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        if write!(std::io::stdout(), $($t)*).is_err() {
            std::process::exit(0);
        }
    }};
}

/// Print a line to stderr; when stderr is closed, the line is lost and the work goes on.
macro_rules! errln {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($t)*);
    }};
}

/// As `errln!`, without the newline.
macro_rules! err {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stderr(), $($t)*);
    }};
}
