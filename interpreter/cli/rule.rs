//! `lawbook rule CASE [--json] [--full] [--lang en|sk|pl|hu]`, or `lawbook rule FILE.pbn
//! --board N`

use crate::pbn::{to_case::board_case, PbnFile};
use crate::render;
use crate::runner::{case_name, rule_file, rule_read_case, ruling_text, Books};
use crate::syntax::ast::Lang;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The case file (.case), in English, Slovak, Polish or Hungarian; or a PBN file (.pbn),
    /// with `--board`: the deal, dealer, vulnerability, auction and play of that board.
    pub case: PathBuf,
    /// With a PBN file: the board to rule (its [Board] number; the first board of that
    /// number when the file holds several sections).
    #[arg(long)]
    pub board: Option<u32>,
    /// Print the ruling as JSON data instead of text (the whole decision tree).
    #[arg(long)]
    pub json: bool,
    /// Print every branch of an open ruling whole. Without it, a ruling with open questions
    /// shows the tree with only what each branch changes, then once what every branch
    /// shares.
    #[arg(long)]
    pub full: bool,
    /// The language of the ruling and of the messages about the case: en, sk, pl or hu
    /// (titles from the law book, terms from the term bank, seats and cards in the language's
    /// notation). Without it, the language the case is written in.
    #[arg(long, value_parser = ["en", "sk", "pl", "hu"])]
    pub lang: Option<String>,
    /// The folder that holds the law books (laws/2017, …), the term bank, the phrases and their grammar.
    /// Default: `laws` in the current folder, else the nearest `laws` folder above the case.
    #[arg(long)]
    pub laws: Option<PathBuf>,
    /// Rule under this regulation (a `.regulation` file); the ruling's header names it.
    #[arg(long)]
    pub regulation: Option<PathBuf>,
}

impl Args {
    /// The law books' folder, once `run` has found it (`laws_folder`).
    fn laws(&self) -> &std::path::Path {
        self.laws.as_deref().unwrap_or(std::path::Path::new("laws"))
    }
}

pub fn run(mut a: Args) -> ExitCode {
    if !a.case.is_file() {
        errln!("error: {} is not a case file", a.case.display());
        return ExitCode::from(2);
    }
    match super::laws_folder(a.laws.as_deref(), &a.case) {
        Ok(laws) => a.laws = Some(laws),
        Err(code) => return code,
    }
    if let Some(r) = a.regulation.as_ref().filter(|r| !r.is_file()) {
        errln!("error: {} is not a regulation file", r.display());
        return ExitCode::from(2);
    }
    let mut books = Books::default();
    books.said_in = a.lang.as_deref().and_then(Lang::parse);
    books.regulation = a.regulation.clone();
    let pbn = a
        .case
        .extension()
        .is_some_and(|x| x.eq_ignore_ascii_case("pbn"));
    let ruled = if pbn {
        match pbn_board(&a, &mut books) {
            Ok(r) => r,
            Err(code) => return code,
        }
    } else {
        let name = case_name(&a.case, a.case.parent().unwrap_or(&a.case));
        rule_file(&a.case, &name, a.laws(), &mut books)
    };
    super::report(&books.take_warnings());
    match ruled {
        Ok(ruling) => {
            // Only the text printed is rendered: a large tree's five renderings (four
            // languages and the JSON, the goldens) took longer than ruling it.
            if a.json {
                // Written as it is made: a fuzzed case's JSON is a gigabyte, which held
                // whole (and grown by doubling) took 1.7 GB where the tree takes 0.5.
                use std::io::Write as _;
                let mut out = std::io::BufWriter::new(std::io::stdout().lock());
                let written = render::json_to(&ruling, &mut out)
                    .and_then(|()| writeln!(out))
                    .and_then(|()| out.flush());
                if written.is_err() {
                    std::process::exit(0);
                }
                return ExitCode::SUCCESS;
            }
            // `--lang` (read into `said_in` above), else the case's own language.
            let lang = books.said_in.or(ruling.written_in).unwrap_or(Lang::En);
            if let Some(text) = ruling_text(&books, &ruling, a.laws(), lang, a.full) {
                outln!("{}", text.trim_end());
            }
            ExitCode::SUCCESS
        }
        Err(diags) => {
            super::report(&diags);
            let io = diags.iter().all(|d| d.code == "lawbook::io");
            ExitCode::from(if io { 2 } else { 1 })
        }
    }
}

/// A board of a PBN file as a case: `--board N` names it. A file that cannot be read, or a
/// board it does not hold, is bad input (exit 2).
fn pbn_board(
    a: &Args,
    books: &mut Books,
) -> Result<Result<crate::ruling::Ruling, Vec<crate::diagnostic::Diag>>, ExitCode> {
    let file = match PbnFile::read(&a.case) {
        Ok(f) => f,
        Err(e) => {
            super::report_one(e);
            return Err(ExitCode::from(2));
        }
    };
    let numbers: Vec<u32> = file.boards.iter().filter_map(|b| b.board).collect();
    let held = match (numbers.iter().min(), numbers.iter().max()) {
        _ if numbers.len() <= 12 => {
            let all: Vec<String> = numbers.iter().map(|n| n.to_string()).collect();
            format!("boards {}", all.join(", "))
        }
        (Some(lo), Some(hi)) => format!("{} boards, numbered {lo} to {hi}", numbers.len()),
        _ => "no numbered board".to_string(),
    };
    let Some(n) = a.board else {
        errln!(
            "error: {} is a PBN file: name the board to rule with --board N (it holds {held})",
            a.case.display()
        );
        return Err(ExitCode::from(2));
    };
    let Some(b) = file.boards.iter().find(|b| b.board == Some(n)) else {
        errln!(
            "error: {} holds no board {n} (it holds {held})",
            a.case.display()
        );
        return Err(ExitCode::from(2));
    };
    let text = std::fs::read_to_string(&a.case).unwrap_or_default();
    let file_id = books.sources.add(a.case.display().to_string(), text);
    let case = board_case(b, file_id);
    let name = format!(
        "{} board {n}",
        a.case
            .file_stem()
            .map_or(String::new(), |s| s.to_string_lossy().into_owned())
    );
    Ok(rule_read_case(&case, &a.case, &name, a.laws(), books))
}
