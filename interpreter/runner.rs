//! Running cases against their golden files. Each case `NAME.case` has goldens beside it:
//! `NAME.en.snap`, `NAME.sk.snap`, `NAME.pl.snap` and `NAME.hu.snap` (the ruling in English,
//! Slovak, Polish and Hungarian) and `NAME.json.snap` (the ruling as data), in insta's snapshot
//! format, so `lawbook test` and `cargo test` read the same files.

use crate::case::Case;
use crate::check::LawBook;
use crate::diagnostic::Diag;
use crate::eval::book::{CompiledBook, Evaluation};
use crate::eval::explore::{rule_case, RuleError};
use crate::eval::fold::Folds;
use crate::render::{self, Lexicon};
use crate::ruling::Ruling;
use crate::source::{Sources, Span};
use crate::syntax::ast::Lang;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

mod case_file;
mod golden;
use case_file::CaseReading;
pub use case_file::{
    complete_case, load_case, load_case_said, read_case_text, rule_and_render_read, ReadCase,
    ReadCases,
};
pub use golden::{
    diff, golden_matches, golden_path, read_golden, regulation_golden_path, write_golden,
};

/// The renderings a case is pinned by: (suffix, text).
pub type Goldens = Vec<(&'static str, String)>;

/// A rule error as a diagnostic pointing into the law book or the case, said in `lang`.
pub fn rule_error_diag(e: RuleError, case_file: u32, lang: Lang) -> Diag {
    let message = e.message.text(lang);
    // A message's own help where the catalog has one (`ID.help`), else the general one.
    let help = crate::messages::part(lang, e.message.id, "help", &e.message.args)
        .unwrap_or_else(|| crate::messages::say(lang, "tree.error.help", &[]));
    let mut d = Diag::new("lawbook::rule", message.clone()).help(help);
    d = d.label(e.span.unwrap_or(Span::new(case_file, 0, 0)), message);
    for (s, t) in e.others {
        d = d.label(s, t);
    }
    d
}

/// The law book a case names (`lawbook 2017`), or the edition folder it sits in.
pub fn lawbook_dir(case: &Case, case_path: &Path, laws: &Path) -> PathBuf {
    match &case.lawbook {
        Some(name) => laws.join(name),
        None => edition_dir(case_path, laws),
    }
}

/// The law book of the edition folder a case file sits in (`corpus/2017/...`: `laws/2017`),
/// known before the case is read; the 2017 book for a case outside every edition's folder.
pub fn edition_dir(case_path: &Path, laws: &Path) -> PathBuf {
    folder_edition_dir(case_path.parent().unwrap_or(Path::new("")), laws)
}

/// `edition_dir` of every case file in `folder`: it depends on the folder alone, so a run of
/// many cases asks it once a folder (each question is a look at the file system for each
/// folder above the case).
pub fn folder_edition_dir(folder: &Path, laws: &Path) -> PathBuf {
    for anc in folder.ancestors() {
        if let Some(n) = anc.file_name() {
            let cand = laws.join(n);
            if cand.is_dir() {
                return cand;
            }
        }
    }
    laws.join("2017")
}

/// Caches law books by folder, and the lexicon of the renderings (term bank and phrases) by
/// `laws/` folder, while a corpus runs.
#[derive(Default)]
pub struct Books {
    pub sources: Sources,
    /// The language diagnostics about a case are said in (`--lang`); else the case's own.
    pub said_in: Option<Lang>,
    /// The regulation every law book is read under (`--regulation FILE`).
    pub regulation: Option<PathBuf>,
    /// The law book every case is ruled under, whatever it names (`lawbook diff`).
    pub book: Option<PathBuf>,
    /// How the books read are evaluated: compiled, or by the reference interpreter (the
    /// differential test and the benchmark's baseline).
    pub evaluation: Evaluation,
    /// What reading the books under the regulation warned about (its amendments), not yet
    /// said: `take_warnings`.
    warnings: Vec<Diag>,
    books: HashMap<PathBuf, Result<CompiledBook, Vec<Diag>>>,
    lexicons: HashMap<PathBuf, Result<Arc<Lexicon>, Vec<Diag>>>,
    /// The books and lexicons read once for every thread of a run (`Books::sharing`).
    preloaded: Option<Arc<Preloaded>>,
    /// The law book or renderings folder whose errors the last failure returned: a runner
    /// of many cases reports them once, not once per case.
    broken: Option<PathBuf>,
    /// The law book of the edition of each folder of cases met, by the folder and `laws/`
    /// (`folder_edition_dir`, asked once a folder, not once a case).
    editions: HashMap<(PathBuf, PathBuf), PathBuf>,
}

/// The languages of the renderings, in the order of the goldens.
pub const LANGS: [Lang; 4] = [Lang::En, Lang::Sk, Lang::Pl, Lang::Hu];

impl Books {
    /// `lawbook_dir`, the edition of a case's folder remembered.
    pub fn lawbook_dir(&mut self, case: &Case, case_path: &Path, laws: &Path) -> PathBuf {
        if case.lawbook.is_some() {
            return lawbook_dir(case, case_path, laws);
        }
        let folder = case_path.parent().unwrap_or(Path::new(""));
        self.editions
            .entry((folder.to_path_buf(), laws.to_path_buf()))
            .or_insert_with(|| folder_edition_dir(folder, laws))
            .clone()
    }

    /// The lexicon of a `laws/` folder: `terms.terms` and `render.phrases`, checked (every
    /// term the rendering uses exists in all four languages).
    pub fn lexicon(&mut self, laws: &Path) -> Result<&Lexicon, Vec<Diag>> {
        let preloaded = self.preloaded.as_ref().and_then(|p| p.lexicons.get(laws));
        let r = self
            .lexicons
            .entry(laws.to_path_buf())
            .or_insert_with(|| match preloaded {
                Some(lexicon) => lexicon.clone(),
                None => Lexicon::load(laws).map(Arc::new),
            });
        match r {
            Ok(l) => Ok(l),
            Err(d) => {
                self.broken = Some(laws.to_path_buf());
                Err(d.clone())
            }
        }
    }

    /// The folder (a law book, or the renderings of `laws/`) whose own errors the last failed
    /// ruling returned, if it was one; cleared by asking.
    pub fn take_broken(&mut self) -> Option<PathBuf> {
        self.broken.take()
    }

    /// The law book and lexicon a ruling was made with, if they are loaded.
    fn ruled_with(&self, ruling: &Ruling, laws: &Path) -> Option<(&CompiledBook, &Lexicon)> {
        let lex = self.lexicons.get(laws)?.as_ref().ok()?;
        let book = self
            .books
            .values()
            .filter_map(|b| b.as_ref().ok())
            .find(|b| b.name == ruling.lawbook)?;
        Some((book, lex))
    }

    /// The law books read so far that checked.
    pub fn loaded(&self) -> impl Iterator<Item = &CompiledBook> {
        self.books.values().filter_map(|b| b.as_ref().ok())
    }

    /// The paragraphs the regulation of the books read changes (none without one).
    pub fn touched(&self) -> Vec<String> {
        self.books
            .values()
            .filter_map(|b| b.as_ref().ok())
            .filter_map(|b| b.regulation.as_ref())
            .flat_map(|r| r.touched.iter().cloned())
            .collect()
    }

    /// The warnings of the books read so far (a regulation's amendments), once each.
    pub fn take_warnings(&mut self) -> Vec<Diag> {
        std::mem::take(&mut self.warnings)
            .into_iter()
            .map(|d| d.with_sources(&self.sources))
            .collect()
    }

    pub fn get(&mut self, dir: &Path) -> Result<&CompiledBook, Vec<Diag>> {
        if !self.books.contains_key(dir) {
            let preloaded = self.preloaded.clone();
            match preloaded.as_ref().and_then(|p| p.books.get(dir)) {
                // Its warnings are said once, by whoever read it (`Preloaded::warnings`).
                Some(read) => {
                    let folds = preloaded.as_ref().and_then(|p| p.folds.get(dir));
                    let r = match (read, folds) {
                        (Ok(book), Some(folds)) if self.evaluation == Evaluation::Compiled => {
                            Ok(CompiledBook::with_folds(book.clone(), folds))
                        }
                        (Ok(book), _) => Ok(CompiledBook::shared(book.clone(), self.evaluation)),
                        (Err(d), _) => Err(d.clone()),
                    };
                    self.books.insert(dir.to_path_buf(), r);
                }
                None => {
                    let r = self.load_book(dir);
                    self.keep_book(dir, r);
                }
            }
        }
        match &self.books[dir] {
            Ok(b) => Ok(b),
            Err(d) => {
                self.broken = Some(dir.to_path_buf());
                Err(d
                    .iter()
                    .cloned()
                    .map(|d| d.with_sources(&self.sources))
                    .collect())
            }
        }
    }
}

type Loaded = Result<(CompiledBook, Vec<Diag>), Vec<Diag>>;

impl Books {
    fn load_book(&mut self, dir: &Path) -> Loaded {
        crate::load::load_lawbook_as(
            dir,
            self.regulation.as_deref(),
            &mut self.sources,
            self.evaluation,
        )
    }

    fn keep_book(&mut self, dir: &Path, loaded: Loaded) {
        let r = loaded.map(|(book, warnings)| {
            self.warnings.extend(warnings);
            book
        });
        self.books.insert(dir.to_path_buf(), r);
    }

    /// The lexicon read on a thread of its own while the law book loads here, when neither
    /// is loaded yet and the program is not already running on every core (a pool's item):
    /// the two are a single case's whole wait. What follows is as if `lexicon` then `get`
    /// had loaded them: a book loaded beside a lexicon that fails is not kept, since the
    /// lexicon's errors stop the ruling first.
    fn load_together(&mut self, laws: &Path, dir: &Path) {
        if self.lexicons.contains_key(laws)
            || self.books.contains_key(dir)
            || self.preloaded.is_some()
            || crate::pool::jobs(None) < 2
        {
            return;
        }
        let (lexicon, book) = std::thread::scope(|scope| {
            let lexicon = crate::pool::beside(scope, || Lexicon::load(laws));
            let book = self.load_book(dir);
            (lexicon.join(), book)
        });
        if lexicon.is_ok() {
            self.keep_book(dir, book);
        }
        self.lexicons
            .insert(laws.to_path_buf(), lexicon.map(Arc::new));
    }

    /// Books for one thread of a run that reads `preloaded`'s books and lexicons instead of
    /// reading them again: the same files under the same numbers, each book compiled here.
    pub fn sharing(preloaded: &Arc<Preloaded>) -> Books {
        Books {
            sources: preloaded.sources.clone(),
            regulation: preloaded.regulation.clone(),
            preloaded: Some(preloaded.clone()),
            ..Books::default()
        }
    }
}

/// The law books and the lexicon a run of many cases needs, read and checked once before
/// its threads start (each book's files parsed one a core, the lexicon beside them), then
/// shared: each thread compiles its own copy of a book from the one checked book
/// (`Books::sharing`). A case that needs a book not read here reads it as before.
#[derive(Default)]
pub struct Preloaded {
    sources: Sources,
    regulation: Option<PathBuf>,
    books: HashMap<PathBuf, Result<Arc<LawBook>, Vec<Diag>>>,
    /// Each book's folded points, folded once for every thread (`eval::fold::Folds`).
    folds: HashMap<PathBuf, Arc<Folds>>,
    lexicons: HashMap<PathBuf, Result<Arc<Lexicon>, Vec<Diag>>>,
    /// What reading the books under the regulation warned about: the run says it once.
    pub warnings: Vec<Diag>,
}

impl Preloaded {
    /// The books in `dirs` (under `regulation`, if any) and the lexicon of `laws`.
    pub fn read(laws: &Path, dirs: &[PathBuf], regulation: Option<&Path>) -> Preloaded {
        Preloaded::read_with_cases(laws, dirs, regulation, &[], 1).0
    }

    /// `read`, and the case files at `paths` read and parsed on `jobs` threads
    /// (`CaseReading`) while the books load (a book's check, after its files are parsed on
    /// every core, is one thread's work, and the lexicon's thread is free once the lexicon
    /// is read), numbered before the books' files.
    pub fn read_with_cases(
        laws: &Path,
        dirs: &[PathBuf],
        regulation: Option<&Path>,
        paths: &[PathBuf],
        jobs: usize,
    ) -> (Preloaded, ReadCases) {
        let mut p = Preloaded {
            regulation: regulation.map(Path::to_path_buf),
            ..Preloaded::default()
        };
        // The cases first, so that their numbers are fixed before the books' files come.
        let cases = CaseReading::new(paths, &mut p.sources);
        let lexicon = std::thread::scope(|scope| {
            let lexicon = crate::pool::beside(scope, || {
                let lexicon = Lexicon::load(laws);
                cases.help();
                lexicon
            });
            for dir in dirs {
                if p.books.contains_key(dir) {
                    continue;
                }
                let read = crate::load::load_checked(dir, regulation, &mut p.sources);
                let r = read.map(|(book, warnings)| {
                    p.warnings.extend(warnings);
                    Arc::new(book)
                });
                // Folded here, once for the threads that will share the book, while the
                // other threads read the cases (one thread folds it as it compiles it).
                if let (Ok(book), 2..) = (&r, jobs) {
                    let compiled = CompiledBook::shared(book.clone(), Evaluation::Compiled);
                    if let Some(folds) = Folds::share(&compiled.program) {
                        p.folds.insert(dir.clone(), Arc::new(folds));
                    }
                }
                p.books.insert(dir.clone(), r);
            }
            cases.on_threads(jobs);
            lexicon.join()
        });
        let read = cases.finish(&mut p.sources);
        p.lexicons.insert(laws.to_path_buf(), lexicon.map(Arc::new));
        p.warnings = std::mem::take(&mut p.warnings)
            .into_iter()
            .map(|d| d.with_sources(&p.sources))
            .collect();
        (p, read)
    }
}

/// The case's name in rulings: its path, without `.case`, under the nearest `corpus` folder above it (so a
/// case has the same name whether the whole corpus or one folder of it is run), else under
/// the folder given.
pub fn case_name(path: &Path, corpus: &Path) -> String {
    let root = path
        .ancestors()
        .skip(1)
        .find(|a| a.file_name().is_some_and(|n| n == "corpus"))
        .unwrap_or(corpus);
    let rel = path.strip_prefix(root).unwrap_or(path);
    rel.with_extension("").to_string_lossy().replace('\\', "/")
}

/// Rule a case and render its goldens.
pub fn rule_and_render(
    path: &Path,
    name: &str,
    laws: &Path,
    books: &mut Books,
) -> Result<(Ruling, Goldens), Vec<Diag>> {
    let case = read_case(path, books)?;
    rule_and_render_case(&case, path, name, laws, books)
}

/// Rule a case file without rendering it: `lawbook rule` renders only the text it prints
/// (one language, or the JSON), where the goldens are four texts and the JSON.
pub fn rule_file(
    path: &Path,
    name: &str,
    laws: &Path,
    books: &mut Books,
) -> Result<Ruling, Vec<Diag>> {
    let case = read_case(path, books)?;
    rule_read_case(&case, path, name, laws, books)
}

fn read_case(path: &Path, books: &mut Books) -> Result<Case, Vec<Diag>> {
    load_case_said(path, &mut books.sources, books.said_in).map_err(|d| {
        d.into_iter()
            .map(|d| d.with_sources(&books.sources))
            .collect::<Vec<_>>()
    })
}

/// Rule a case already read (a `.case` file, or a board of a PBN file) and render it in every
/// language and as JSON.
pub fn rule_and_render_case(
    case: &Case,
    path: &Path,
    name: &str,
    laws: &Path,
    books: &mut Books,
) -> Result<(Ruling, Goldens), Vec<Diag>> {
    let (ruling, dir) = rule_in_book(case, path, name, laws, books)?;
    let book = books.books[&dir].as_ref().expect("ruled with it");
    let lex = books.lexicons[laws].as_ref().expect("loaded to rule");
    let goldens = render_goldens(&ruling, book, lex);
    Ok((ruling, goldens))
}

/// Rule a case already read (a `.case` file, or a board of a PBN file), without rendering it.
pub fn rule_read_case(
    case: &Case,
    path: &Path,
    name: &str,
    laws: &Path,
    books: &mut Books,
) -> Result<Ruling, Vec<Diag>> {
    rule_in_book(case, path, name, laws, books).map(|(ruling, _)| ruling)
}

/// Rule a case with the law book it names (or the books' one), which is loaded with the
/// lexicon (that says the errors in the case's language, and renders the ruling after); the
/// ruling and the book's folder.
fn rule_in_book(
    case: &Case,
    path: &Path,
    name: &str,
    laws: &Path,
    books: &mut Books,
) -> Result<(Ruling, PathBuf), Vec<Diag>> {
    let dir = match &books.book {
        Some(d) => d.clone(),
        None => books.lawbook_dir(case, path, laws),
    };
    let file = case.file;
    books.load_together(laws, &dir);
    books.lexicon(laws)?;
    books.get(&dir)?;
    let book = books.books[&dir].as_ref().expect("loaded above");
    let said = books.said_in.or(case.lang).unwrap_or(Lang::En);
    match rule_case(book, case, name) {
        Ok(ruling) => Ok((ruling, dir)),
        Err(e) => Err(vec![
            rule_error_diag(e, file, said).with_sources(&books.sources)
        ]),
    }
}

/// A ruling in every language and as JSON: the goldens.
fn render_goldens(ruling: &Ruling, book: &CompiledBook, lex: &Lexicon) -> Goldens {
    let mut goldens: Goldens = LANGS
        .iter()
        .map(|l| (l.code(), render::text(ruling, book, lex, *l)))
        .collect();
    goldens.push(("json", render::json(ruling)));
    goldens
}

/// A ruling as text in one language, from the law book and lexicon it was ruled with: every
/// branch of its tree whole (`full`, as the goldens), or the short view (the tree with only
/// what differs per branch); None if they are not loaded.
pub fn ruling_text(
    books: &Books,
    ruling: &Ruling,
    laws: &Path,
    lang: Lang,
    full: bool,
) -> Option<String> {
    let (book, lex) = books.ruled_with(ruling, laws)?;
    Some(render::text_in(ruling, book, lex, lang, full))
}

/// The renderings of a ruling made under a regulation as the book without it would write
/// them: the header without the regulation's name. A ruling the regulation does not change
/// renders so to the standard goldens. None if its book is not loaded.
pub fn unregulated_goldens(books: &Books, ruling: &Ruling, laws: &Path) -> Option<Goldens> {
    let plain = Ruling {
        regulation: None,
        ..ruling.clone()
    };
    let (book, lex) = books.ruled_with(ruling, laws)?;
    Some(render_goldens(&plain, book, lex))
}

/// Every `.case` file under a folder, sorted.
pub fn find_cases(dir: &Path, jobs: usize) -> Vec<PathBuf> {
    files_under(dir, jobs, |p| p.extension().is_some_and(|x| x == "case"))
}

/// Every file under a folder that `keep` accepts, sorted. The folders of each depth are
/// listed on `jobs` threads (the command's `--jobs`): listing a corpus's 116 folders and
/// 4,500 files was some 3 ms of the kernel's time on one thread, before anything else of
/// the run starts.
pub fn files_under(dir: &Path, jobs: usize, keep: impl Fn(&Path) -> bool + Sync) -> Vec<PathBuf> {
    let mut out = vec![];
    let mut level = vec![dir.to_path_buf()];
    while !level.is_empty() {
        let mut next = vec![];
        crate::pool::in_order(
            level.len(),
            jobs,
            || (),
            |_, i| list_folder(&level[i], &keep),
            |_, (files, folders)| {
                out.extend(files);
                next.extend(folders);
                std::ops::ControlFlow::Continue(())
            },
        );
        level = next;
    }
    out.sort();
    out
}

/// The files of one folder that `keep` accepts, and its folders.
fn list_folder(dir: &Path, keep: &impl Fn(&Path) -> bool) -> (Vec<PathBuf>, Vec<PathBuf>) {
    let (mut files, mut folders) = (vec![], vec![]);
    let Ok(rd) = std::fs::read_dir(dir) else {
        return (files, folders);
    };
    for e in rd.flatten() {
        let p = e.path();
        // The entry's own type costs no system call; a link is followed to what it names.
        let is_dir = match e.file_type() {
            Ok(t) if !t.is_symlink() => t.is_dir(),
            _ => p.is_dir(),
        };
        if is_dir {
            folders.push(p);
        } else if keep(&p) {
            files.push(p);
        }
    }
    (files, folders)
}

#[cfg(test)]
mod tests {
    use super::{files_under, lawbook_dir, load_case, rule_and_render, Books, Preloaded};
    use std::path::Path;
    use std::sync::Arc;

    /// Threads that share a book read once rule as a thread that reads its own: the same
    /// renderings, no law file read again, and a span of the book names the same text.
    #[test]
    fn a_book_read_once_rules_in_every_thread_as_one_read_there() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let laws = root.join("laws");
        let case = root.join("corpus/2017/31/open-bid-out-of-rotation.case");
        let preloaded = Arc::new(Preloaded::read(&laws, &[laws.join("2017")], None));
        let files = preloaded.sources.len();
        assert!(files > 70, "the 2017 book's files are read: {files}");
        let mut own = Books::default();
        let (_, alone) = rule_and_render(&case, "c", &laws, &mut own).unwrap();
        let score_text = |b: &mut Books| {
            let book = b.get(&laws.join("2017")).unwrap();
            let span = book.defines["score"].span;
            b.sources.text(span).to_string()
        };
        let own_score = score_text(&mut own);
        assert!(own_score.starts_with("define score"), "{own_score}");
        let shared: Vec<_> = std::thread::scope(|s| {
            let threads: Vec<_> = (0..2)
                .map(|_| {
                    s.spawn(|| {
                        let mut b = Books::sharing(&preloaded);
                        let (_, goldens) = rule_and_render(&case, "c", &laws, &mut b).unwrap();
                        (goldens, b.sources.len(), score_text(&mut b))
                    })
                })
                .collect();
            threads.into_iter().map(|t| t.join().unwrap()).collect()
        });
        for (goldens, read, score) in shared {
            assert_eq!(goldens, alone);
            assert_eq!(read, files + 1, "only the case file is read");
            assert_eq!(score, own_score);
        }
    }

    /// A book whose points were folded once for every thread (`Preloaded::read_with_cases`
    /// on more than one) has the points and rules the cases of a book each thread folds.
    #[test]
    fn a_book_folded_once_has_the_points_each_thread_folds() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let laws = root.join("laws");
        let dirs = [laws.join("2017")];
        let dir = &dirs[0];
        let (shared, _) = Preloaded::read_with_cases(&laws, &dirs, None, &[], 2);
        let shared = Arc::new(shared);
        assert!(
            shared.folds.contains_key(dir),
            "the 2017 book's points are shared"
        );
        let alone = Arc::new(Preloaded::read(&laws, &dirs, None));
        assert!(alone.folds.is_empty(), "one thread folds as it compiles");
        let (mut with, mut own) = (Books::sharing(&shared), Books::sharing(&alone));
        let points = |b: &mut Books| format!("{:?}", b.get(dir).unwrap().program.folded);
        let folded = points(&mut own);
        assert!(folded.contains("Int("), "some points are folded");
        assert_eq!(points(&mut with), folded);
        assert_eq!(
            with.get(dir).unwrap().program.folded_sets,
            own.get(dir).unwrap().program.folded_sets
        );
        for case in [
            "corpus/2017/77/down-five-doubled-nv.case",
            "corpus/2017/29/open-call-out-of-rotation.case",
        ] {
            let case = root.join(case);
            let (_, a) = rule_and_render(&case, "c", &laws, &mut with).unwrap();
            let (_, b) = rule_and_render(&case, "c", &laws, &mut own).unwrap();
            assert_eq!(a, b, "{}", case.display());
        }
    }

    /// Cases read before they are ruled (`Preloaded::read_with_cases`, while the book
    /// loads) rule and render as a case read by its thread, a case that does not parse or
    /// cannot be read is reported at its own file, and a claim says how many cards are left
    /// to search.
    #[test]
    fn cases_read_ahead_rule_as_cases_read_by_their_thread() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let laws = root.join("laws");
        let dir = std::env::temp_dir().join(format!("lawbook-read-cases-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let broken = dir.join("broken.case");
        std::fs::write(&broken, "title a case\nboard 1\nauction {\n  N 9Z\n}\n").unwrap();
        let paths = vec![
            root.join("corpus/2017/70/b-early-claim-facts-computed.case"),
            root.join("corpus/2017/31/open-bid-out-of-rotation.case"),
            broken.clone(),
            dir.join("missing.case"),
            root.join("corpus/2017/70/b-early-claim-adjudicated.case"),
        ];
        let dirs = [laws.join("2017")];
        // On one thread and on three.
        for jobs in [1, 3] {
            let (preloaded, read) = Preloaded::read_with_cases(&laws, &dirs, None, &paths, jobs);
            // Numbered before the book's files, each at its place.
            for (i, path) in paths.iter().enumerate() {
                assert_eq!(
                    preloaded.sources.get(i as u32).name,
                    path.display().to_string()
                );
            }
            assert!(
                preloaded.sources.len() > paths.len() + 70,
                "and the book's files"
            );
            assert_eq!(read.len(), paths.len());
            // The two claims start first, in their order; the others after them, in theirs.
            assert_eq!(read.longest_first(), [0, 4, 1, 2, 3]);
            let read: Vec<_> = (0..paths.len()).map(|i| read.take(i)).collect();
            let searches: Vec<_> = read.iter().map(|r| r.searches()).collect();
            // Both claims come after the first trick.
            assert_eq!(searches, [Some(48), None, None, None, Some(48)]);
            let preloaded = Arc::new(preloaded);
            let mut shared = Books::sharing(&preloaded);
            let mut own = Books::default();
            for (r, path) in read.into_iter().zip(&paths) {
                let ahead = super::rule_and_render_read(r, path, "c", &laws, &mut shared);
                let alone = rule_and_render(path, "c", &laws, &mut own);
                match (ahead, alone) {
                    (Ok((_, a)), Ok((_, b))) => assert_eq!(a, b, "{}", path.display()),
                    (Err(a), Err(b)) => {
                        let (a, b) = (
                            crate::diagnostic::render_plain(&a),
                            crate::diagnostic::render_plain(&b),
                        );
                        assert_eq!(a, b, "{}", path.display());
                        // The file is named (the rendering may wrap it at any space or slash).
                        let bare = |t: &str| -> String {
                            t.chars()
                                .filter(|c| !c.is_whitespace() && *c != '│')
                                .collect()
                        };
                        assert!(bare(&a).contains(&bare(&path.display().to_string())), "{a}");
                    }
                    (a, b) => panic!(
                        "{}: {:?} against {:?}",
                        path.display(),
                        a.is_ok(),
                        b.is_ok()
                    ),
                }
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A case's law book as `Books` remembers it a folder at a time is the one asked afresh
    /// for each case: its edition's folder (a folder of another edition beside it gets its
    /// own), the 2017 book outside every edition's folder, the book it names.
    #[test]
    fn a_folder_s_edition_remembered_is_each_case_s_own() {
        let root = std::env::temp_dir().join(format!("lawbook-editions-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let laws = root.join("laws");
        for edition in ["2007", "2017"] {
            std::fs::create_dir_all(laws.join(edition)).unwrap();
        }
        let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
        let mut books = Books::default();
        let mut case = load_case(
            &corpus.join("2017/29/open-call-out-of-rotation.case"),
            &mut books.sources,
        )
        .expect("the case reads");
        let (in_2007, in_2017, elsewhere) = (
            root.join("corpus/2007/29/a.case"),
            root.join("corpus/2017/29/b.case"),
            root.join("corpus/misc/c.case"),
        );
        for _ in 0..2 {
            for (p, want) in [(&in_2007, "2007"), (&in_2017, "2017"), (&elsewhere, "2017")] {
                assert_eq!(books.lawbook_dir(&case, p, &laws), laws.join(want));
                assert_eq!(lawbook_dir(&case, p, &laws), laws.join(want));
            }
        }
        case.lawbook = Some("1997".into());
        assert_eq!(books.lawbook_dir(&case, &in_2007, &laws), laws.join("1997"));
        let _ = std::fs::remove_dir_all(&root);
    }

    /// The cases of a corpus are found in its folders and in folders it links to, not in a
    /// link to a file that is not a case.
    #[cfg(unix)]
    #[test]
    fn cases_are_found_through_linked_folders() {
        let root = std::env::temp_dir().join(format!("lawbook-files-under-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let (corpus, elsewhere) = (root.join("corpus"), root.join("elsewhere"));
        std::fs::create_dir_all(corpus.join("2017/16")).unwrap();
        std::fs::create_dir_all(&elsewhere).unwrap();
        std::fs::write(corpus.join("2017/16/a.case"), "").unwrap();
        std::fs::write(corpus.join("2017/16/a.en.snap"), "").unwrap();
        std::fs::write(elsewhere.join("b.case"), "").unwrap();
        std::os::unix::fs::symlink(&elsewhere, corpus.join("2017/linked")).unwrap();
        std::os::unix::fs::symlink(corpus.join("2017/16/a.en.snap"), corpus.join("c.case.txt"))
            .unwrap();
        // On one thread and on three (each depth's folders shared out), the same files in
        // the same order.
        for jobs in [1, 3] {
            let found = super::find_cases(&corpus, jobs);
            let names: Vec<_> = found
                .iter()
                .map(|p| {
                    p.strip_prefix(&corpus)
                        .unwrap()
                        .to_string_lossy()
                        .replace('\\', "/")
                })
                .collect();
            assert_eq!(names, ["2017/16/a.case", "2017/linked/b.case"]);
            assert_eq!(files_under(&corpus, jobs, |_| true).len(), 4);
        }
        let _ = std::fs::remove_dir_all(&root);
    }
}
