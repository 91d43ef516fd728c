//! The `align` and `show` commands. main.rs adds them as subcommands:
//!
//! ```ignore
//! Align(lawbook::align::cli::AlignArgs),   // lawbook align TEXT --lang sk --edition 2017 [--json]
//! Show(lawbook::align::cli::ShowArgs),     // lawbook show 27B --langs sk,hu [--edition 2017]
//! ...
//! Cmd::Align(a) => a.run(),
//! Cmd::Show(a) => a.run(),
//! ```
//!
//! Exit codes: 0 all well, 1 findings (missing laws, renumbered sections, a key absent from a
//! text), 2 the input could not be read or aligned (or a bad key).

use super::export::align_bundled;
use super::{align_named, align_with, columns, AlignError, Alignment, Edition, Key, Lang};
use std::path::PathBuf;
use std::process::ExitCode;

/// Align a plain-text translation of the Laws and report what it is missing.
#[derive(Debug, Clone, clap::Args)]
pub struct AlignArgs {
    /// The translation, a UTF-8 text file
    pub text: PathBuf,
    /// Its language (with --edition: read by the law book's layout of that text)
    #[arg(long, required_unless_present = "layout")]
    pub lang: Option<Lang>,
    /// The edition of the Laws it translates
    #[arg(long, required_unless_present = "layout")]
    pub edition: Option<Edition>,
    /// A layout file saying what the text's headings, labels and footnotes look like
    /// (docs/translators.md, "Layout files"); it names the language and the edition. Without
    /// it, the layout the law book holds for --lang and --edition
    #[arg(long, value_name = "FILE")]
    pub layout: Option<PathBuf>,
    /// Print the units and the findings as JSON instead of the report
    #[arg(long)]
    pub json: bool,
    /// The folder of the law books: the scoring tables (77, 78B, 12C2) are checked against
    /// <LAWS>/<edition> when it holds one (today 2017 only)
    #[arg(long, default_value = "laws")]
    pub laws: PathBuf,
}

/// Show a paragraph of the Laws in several translations side by side.
#[derive(Debug, Clone, clap::Args)]
pub struct ShowArgs {
    /// A paragraph key: 27, 27B, 27B1(a), 30B1(b)(ii); or definitions/<term>, footnote/<n>
    pub key: String,
    /// The languages, comma-separated
    #[arg(long, value_delimiter = ',', default_value = "sk,hu")]
    pub langs: Vec<Lang>,
    /// The edition
    #[arg(long, default_value = "2017")]
    pub edition: Edition,
    /// Width of the output in characters
    #[arg(long, default_value_t = 120)]
    pub width: usize,
    #[command(flatten)]
    pub files: super::sources::TextFiles,
}

impl AlignArgs {
    pub fn run(&self) -> ExitCode {
        run_align(self)
    }
}

impl ShowArgs {
    pub fn run(&self) -> ExitCode {
        run_show(self)
    }
}

fn fail(e: AlignError) -> ExitCode {
    crate::cli::report_one(e);
    ExitCode::from(2)
}

/// `lawbook align TEXT --lang L --edition E [--json]`.
pub fn run_align(args: &AlignArgs) -> ExitCode {
    let bytes = match crate::source::read_limited(&args.text, crate::source::MAX_LARGE_BYTES) {
        Ok(b) => b,
        Err(e) => {
            return fail(AlignError::Io {
                path: args.text.display().to_string(),
                source: e,
            })
        }
    };
    let name = args.text.display().to_string();
    let aligned = match &args.layout {
        Some(path) => super::layout::Layout::read(path).and_then(|layout| {
            super::layout::agrees(&layout, path, args.lang, args.edition)?;
            align_with(&name, &bytes, &layout)
        }),
        None => match (args.lang, args.edition) {
            (Some(lang), Some(edition)) => align_named(&name, &bytes, lang, edition),
            // clap requires both when there is no layout.
            _ => return ExitCode::from(2),
        },
    };
    let mut a = match aligned {
        Ok(a) => a,
        Err(e) => return fail(e),
    };
    match scoring_book(&args.laws.join(a.edition.to_string())) {
        Ok(Some(book)) => a.findings.extend(super::check_scoring(&a, &book)),
        Ok(None) => {}
        Err(code) => return code,
    }
    if args.json {
        out!("{}", super::export::to_json(&a, true));
    } else {
        out!("{}", a.report());
    }
    if a.has_findings() || a.findings.iter().any(|f| f.is_text_check()) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// The law book of the text's edition, when its folder holds .law files (none for 2007 and
/// 1997, or when run away from the repository: the tables are then not checked). One that
/// does not load is the user's to fix: its diagnostics, exit 2.
fn scoring_book(
    dir: &std::path::Path,
) -> Result<Option<crate::eval::book::CompiledBook>, ExitCode> {
    let has_laws = std::fs::read_dir(dir).is_ok_and(|entries| {
        entries
            .filter_map(Result::ok)
            .any(|e| e.path().extension().is_some_and(|x| x == "law"))
    });
    if !has_laws {
        return Ok(None);
    }
    let mut sources = crate::source::Sources::default();
    match crate::load::load_lawbook(dir, &mut sources) {
        Ok(book) => Ok(Some(book)),
        Err(d) => {
            let d: Vec<_> = d.into_iter().map(|d| d.with_sources(&sources)).collect();
            crate::cli::report(&d);
            Err(ExitCode::from(2))
        }
    }
}

/// `lawbook show KEY --langs sk,hu [--edition 2017]`, from the texts built into the program.
pub fn run_show(args: &ShowArgs) -> ExitCode {
    let law_key = Key::parse(&args.key);
    let known_other = [
        "front-matter",
        "contents",
        "preface",
        "introduction",
        "definitions",
        "dictionary",
        "index",
    ];
    if law_key.is_none() && !args.key.contains('/') && !known_other.contains(&args.key.as_str()) {
        return fail(AlignError::BadKey {
            key: args.key.clone(),
        });
    }
    let mut aligned: Vec<(String, Alignment)> = Vec::new();
    for lang in &args.langs {
        let a = match args.files.text(*lang) {
            // The translator's own file, by its layout if given: line numbers are its own.
            Some(path) => match crate::source::read_limited(path, crate::source::MAX_LARGE_BYTES) {
                Ok(bytes) => {
                    args.files
                        .align(&path.display().to_string(), &bytes, *lang, args.edition)
                }
                Err(e) => Err(AlignError::Io {
                    path: path.display().to_string(),
                    source: e,
                }),
            },
            None => align_bundled(*lang, args.edition),
        };
        match a {
            Ok(a) => aligned.push((format!("{lang}"), a)),
            Err(e) => return fail(e),
        }
    }
    let texts: Vec<(&str, &Alignment)> = aligned.iter().map(|(n, a)| (n.as_str(), a)).collect();
    out!("{}", columns(&args.key, &texts, args.width));
    let absent: Vec<&str> = texts
        .iter()
        .filter(|(_, a)| match &law_key {
            Some(k) => a.within(k).is_empty(),
            None => a.unit(&args.key).is_none(),
        })
        .map(|(n, _)| *n)
        .collect();
    if absent.is_empty() {
        ExitCode::SUCCESS
    } else {
        errln!("{}: not in the {} text", args.key, absent.join(", "));
        ExitCode::from(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(subcommand)]
        cmd: Cmd,
    }

    #[derive(clap::Subcommand)]
    enum Cmd {
        Align(AlignArgs),
        Show(ShowArgs),
    }

    fn code(c: ExitCode) -> String {
        format!("{c:?}")
    }

    #[test]
    fn parses_both_commands() {
        let cli = Cli::try_parse_from(["lawbook", "show", "27B1(a)", "--langs", "sk,hu"]).unwrap();
        match cli.cmd {
            Cmd::Show(s) => {
                assert_eq!(s.key, "27B1(a)");
                assert_eq!(s.langs, vec![Lang::Sk, Lang::Hu]);
                assert_eq!(s.edition, Edition::E2017);
            }
            Cmd::Align(_) => panic!("show expected"),
        }
        let cli = Cli::try_parse_from([
            "lawbook",
            "align",
            "x.txt",
            "--lang",
            "pl",
            "--edition",
            "2007",
            "--json",
        ])
        .unwrap();
        match cli.cmd {
            Cmd::Align(a) => {
                assert!(a.json && a.lang == Some(Lang::Pl) && a.edition == Some(Edition::E2007))
            }
            Cmd::Show(_) => panic!("align expected"),
        }
        assert!(Cli::try_parse_from([
            "lawbook",
            "align",
            "x",
            "--lang",
            "de",
            "--edition",
            "2017"
        ])
        .is_err());
    }

    #[test]
    fn exit_codes() {
        let dir = std::env::temp_dir().join(format!("lawbook-align-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let bad = dir.join("latin2.txt");
        std::fs::write(&bad, b"PRAVIDLO 1 - BAL\xcd\xc8EK\n").unwrap();
        let args = |p: &std::path::Path| AlignArgs {
            text: p.to_path_buf(),
            lang: Some(Lang::Sk),
            edition: Some(Edition::E1997),
            layout: None,
            json: false,
            laws: PathBuf::from("laws"),
        };
        assert_eq!(code(run_align(&args(&bad))), code(ExitCode::from(2)));
        assert_eq!(
            code(run_align(&args(&dir.join("absent.txt")))),
            code(ExitCode::from(2))
        );
        let good = dir.join("sk1997.txt");
        std::fs::write(
            &good,
            super::super::export::bundled(Lang::Sk, Edition::E1997)
                .unwrap()
                .1,
        )
        .unwrap();
        // Laws 90 and 91 are missing: findings.
        assert_eq!(code(run_align(&args(&good))), code(ExitCode::from(1)));
        let show = |key: &str, langs: Vec<Lang>| ShowArgs {
            key: key.to_string(),
            langs,
            edition: Edition::E2017,
            width: 100,
            files: Default::default(),
        };
        assert_eq!(
            code(run_show(&show("27B", vec![Lang::Sk, Lang::Hu]))),
            code(ExitCode::SUCCESS)
        );
        assert_eq!(
            code(run_show(&show("16C3", vec![Lang::Sk, Lang::Hu]))),
            code(ExitCode::from(1))
        );
        assert_eq!(
            code(run_show(&show("27Bx", vec![Lang::Sk]))),
            code(ExitCode::from(2))
        );
        assert_eq!(
            code(run_show(&show("27B", vec![Lang::Pl]))),
            code(ExitCode::from(2))
        );
        std::fs::remove_dir_all(&dir).ok();
    }
}
