//! `lawbook rule CASE [--json] [--lang en|sk|pl|hu]`

use crate::runner::{case_name, rule_and_render, Books};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The case file (.case), in English, Slovak, Polish or Hungarian.
    pub case: PathBuf,
    /// Print the ruling as JSON data instead of text.
    #[arg(long)]
    pub json: bool,
    /// The language of the ruling: en, sk, pl or hu (titles from the law book, terms from the
    /// term bank, seats and cards in the language's notation).
    #[arg(long, default_value = "en", value_parser = ["en", "sk", "pl", "hu"])]
    pub lang: String,
    /// The folder that holds the law books (laws/2017, …), the term bank and the phrases.
    #[arg(long, default_value = "laws")]
    pub laws: PathBuf,
}

pub fn run(a: Args) -> ExitCode {
    if !a.case.is_file() {
        eprintln!("error: {} is not a case file", a.case.display());
        return ExitCode::from(2);
    }
    let mut books = Books::default();
    let name = case_name(&a.case, a.case.parent().unwrap_or(&a.case));
    match rule_and_render(&a.case, &name, &a.laws, &mut books) {
        Ok((_, goldens)) => {
            let want = if a.json { "json" } else { a.lang.as_str() };
            for (suffix, text) in goldens {
                if suffix == want {
                    outln!("{}", text.trim_end());
                }
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
