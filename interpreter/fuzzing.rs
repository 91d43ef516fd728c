//! What a fuzzer feeds each reader, and what the regression test of its findings replays
//! (tests/fuzz_inputs.rs, on stable Rust): one function per target, each doing with an input
//! what the command line does with such a file, without printing. No input may make one
//! panic, abort, hang or exhaust memory; the fuzz targets (fuzz/) call nothing else.

use crate::align::{align, supported};
use crate::case::parse_case;
use crate::check::check;
use crate::cli::score::score_from_tags;
use crate::diagnostic::{render_plain, Diag};
use crate::eval::expr::{Evaluator, Findings, View};
use crate::pbn::{to_case::board_case, PbnFile};
use crate::runner::{rule_and_render_case, Books};
use crate::source::nfc;
use crate::source::Sources;
use crate::syntax::{ast::LawFile, parse_law_file};
use std::path::{Path, PathBuf};

/// At most this many boards of a PBN input are ruled: the reader and the scoring see every
/// board, the replay (milliseconds a board) a few.
const RULED_BOARDS: usize = 4;

/// The bundled law book, read once: a law file is checked with the others, a case ruled
/// under it.
pub struct Bundled {
    laws: PathBuf,
    books: Books,
    /// The 2017 law files as parsed, with their sources.
    files: Vec<LawFile>,
    sources: Sources,
    /// The 2017 law book compiled, for scoring PBN boards.
    book: Option<crate::eval::book::CompiledBook>,
}

impl Bundled {
    /// `laws`: the folder of the law books, the term bank, the phrases and their grammar (the repository's
    /// `laws/`).
    pub fn load(laws: &Path) -> Bundled {
        let mut sources = Sources::default();
        let mut paths: Vec<PathBuf> = std::fs::read_dir(laws.join("2017"))
            .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        paths.retain(|p| p.extension().is_some_and(|x| x == "law"));
        paths.sort();
        let mut files = vec![];
        for p in paths {
            let text = std::fs::read_to_string(&p).unwrap_or_default();
            let id = sources.add(p.display().to_string(), text.clone());
            if let Ok(f) = parse_law_file(id, &text) {
                files.push(f);
            }
        }
        let book = crate::load::load_lawbook(&laws.join("2017"), &mut Sources::default()).ok();
        // The book and the lexicon read before any input, so that their files come before
        // every input's in the sources, which `case` forgets after each input.
        let mut books = Books::default();
        let _ = books.lexicon(laws);
        let _ = books.get(&laws.join("2017"));
        Bundled {
            laws: laws.to_path_buf(),
            books,
            files,
            sources,
            book,
        }
    }

    /// A law file, read and checked with the bundled law book (in place of none of its
    /// files); the diagnostics rendered.
    pub fn law_file(&mut self, data: &[u8]) {
        let text = String::from_utf8_lossy(data);
        let mark = self.sources.len();
        let id = self.sources.add("fuzz.law", text.to_string());
        let diags = match parse_law_file(id, &text) {
            Ok(f) => {
                let mut files = self.files.clone();
                files.push(f);
                check("2017", files).err().unwrap_or_default()
            }
            Err(d) => vec![d],
        };
        render(&diags, &self.sources);
        self.sources.forget_after(mark);
    }

    /// A case, read and ruled under the bundled law book, rendered in every language.
    pub fn case(&mut self, data: &[u8]) {
        let Ok(text) = std::str::from_utf8(data) else {
            return;
        };
        let text = nfc(text).into_owned();
        let mark = self.books.sources.len();
        let id = self.books.sources.add("fuzz.case", text.clone());
        let diags = match parse_case(id, &text) {
            // A case that names a PBN file reads it from disk: not this target's input.
            Ok(case) if case.pbn.is_some() => vec![],
            Ok(case) => rule_and_render_case(
                &case,
                Path::new("fuzz.case"),
                "fuzz",
                &self.laws,
                &mut self.books,
            )
            .err()
            .unwrap_or_default(),
            Err(d) => d,
        };
        render(&diags, &self.books.sources);
        self.forget_input(mark);
    }

    /// Forget the input's file (added at `mark`), but not when the ruling read files after
    /// it: a law book the input named (another edition) stays in the books with its files,
    /// which its spans and errors point into.
    fn forget_input(&mut self, mark: usize) {
        if self.books.sources.len() == mark + 1 {
            self.books.sources.forget_after(mark);
        }
    }

    /// A PBN file: read, every board scored from its tags, the first boards' auctions and
    /// play replayed and ruled, as `score --pbn --check` does.
    pub fn pbn(&mut self, data: &[u8]) {
        let Ok(file) = PbnFile::parse_bytes("fuzz.pbn", data) else {
            return;
        };
        let mark = self.books.sources.len();
        let id = self
            .books
            .sources
            .add("fuzz.pbn", String::from_utf8_lossy(data).to_string());
        let findings = Findings::default();
        if let Some(book) = &self.book {
            let ev = Evaluator::new(book, &findings, crate::eval::explore::BUDGET);
            let view = View::default();
            let entry = crate::eval::entry::IntEntry::new(book, "score");
            for (i, b) in file.boards.iter().enumerate() {
                ev.budget.set(crate::eval::explore::BUDGET);
                let _ = score_from_tags(&ev, &view, b, entry.as_ref());
                if i < RULED_BOARDS {
                    let case = board_case(b, id);
                    let _ = rule_and_render_case(
                        &case,
                        Path::new("fuzz.pbn"),
                        "fuzz",
                        &self.laws,
                        &mut self.books,
                    );
                }
            }
        }
        self.forget_input(mark);
    }
}

/// A translation of the Laws, aligned as each supported text, and written back.
pub fn translation(data: &[u8]) {
    for (lang, edition) in supported() {
        if let Ok(a) = align(data, lang, edition) {
            let _ = a.report();
            let _ = a.reassemble();
        }
    }
}

/// A term bank.
pub fn term_bank(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut sources = Sources::default();
    let id = sources.add("fuzz.terms", text.to_string());
    if let Err(d) = crate::terms::parse_terms(id, "fuzz.terms", &text) {
        render(&d, &sources);
    }
}

/// The renderings' phrases.
pub fn phrases(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let _ = crate::phrases::Phrases::parse("fuzz.phrases", &text);
}

/// The renderings' grammar (`laws/render.grammar`): its errors rendered; where it reads, each
/// of its mechanisms on words of every kind, hostile ones among them (letters whose lower case
/// is longer or shorter in bytes, digits past a million's, nothing at all).
pub fn grammar(data: &[u8]) {
    use crate::render::grammar::Grammar;
    use crate::syntax::ast::Lang;
    let text = String::from_utf8_lossy(data);
    let g = match Grammar::parse(&text) {
        Ok(g) => g,
        Err(errors) => {
            let diags = crate::render::lexicon::grammar_diags(errors, "fuzz.grammar", &text);
            let _ = render_plain(&diags);
            return;
        }
    };
    const WORDS: [&str; 14] = [
        "",
        " ",
        "-",
        "Nyugat",
        "ász",
        "passz",
        "BOE",
        "Ny",
        "\u{212a}",
        "\u{130}SZ",
        "\u{1c5}",
        "\u{fb03}",
        "50",
        "99999999999999999999",
    ];
    const FORMS: [&str; 6] = ["nom", "dat", "ins", "ess", "on", "szor"];
    for lang in Lang::ALL {
        for word in WORDS {
            let _ = g.article(lang, word);
            for form in FORMS {
                let _ = g.inflect(lang, word, form);
            }
        }
        for n in [0, 1, 2, 12, 1000, 1_000_000, -5, i64::MIN, i64::MAX] {
            let _ = g.plural_index(lang, n);
            let _ = g.count_forms(lang, n, "acc");
            for form in FORMS {
                let _ = g.number_with_suffix(lang, n, form);
            }
        }
    }
}

/// A translator's PO file, read and put into the messages' phrases (`phrases --import`).
pub fn po(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(entries) = crate::export::po::read(&text) {
        let pairs: Vec<(String, String)> = entries
            .into_iter()
            .filter_map(|e| Some((e.msgctxt?, e.msgstr?)))
            .collect();
        let lang = crate::syntax::ast::Lang::Pl;
        let _ = crate::phrases::merge(crate::messages::BUILTIN, lang, &pairs);
    }
}

/// The case words of the four notations.
pub fn case_words(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let _ = crate::case::words::CaseWords::parse(&text);
}

/// Render diagnostics as the command line does: the renderer must hold on any span.
fn render(diags: &[Diag], sources: &Sources) {
    let with: Vec<Diag> = diags
        .iter()
        .take(crate::cli::MAX_PRINTED)
        .map(|d| d.clone().with_sources(sources))
        .collect();
    let _ = render_plain(&with);
}

#[cfg(test)]
mod tests {
    use super::Bundled;
    use std::path::Path;

    /// The law book and the lexicon are read before any input, so that forgetting an input's
    /// file never drops theirs: read by the first case, after the mark below which each
    /// input's file is forgotten, the book's files were dropped with it, and a later case
    /// whose error pointed into the book rendered with sources that no longer held them (a
    /// panic in `Sources::get`, found by fuzzing).
    #[test]
    fn the_law_books_files_outlive_every_input() {
        let laws = Path::new(env!("CARGO_MANIFEST_DIR")).join("laws");
        let law_files = std::fs::read_dir(laws.join("2017"))
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "law"))
            })
            .count();
        let mut bundled = Bundled::load(&laws);
        let before = bundled.books.sources.len();
        assert!(
            before >= law_files,
            "the 2017 book's {law_files} files are read at load: {before} sources"
        );
        bundled.case(b"board 1\nauction {\n  N 1S  E pass  S pass  W pass\n}\n");
        bundled.case(b"board 1\nauction {\n  N pass  E X  S pass  W pass\n}\n");
        assert_eq!(bundled.books.sources.len(), before);
    }
}
