//! What a rendering's words come from: the term bank (`laws/terms.terms`), the phrases
//! (`laws/render.phrases`), the grammar of each language (`laws/render.grammar`) and the case
//! notation (`laws/case.words`: seat letters, call and strain words). `Lexicon::check` proves that every term the rendering uses exists in all four
//! languages, with every form it asks for; a gap is a diagnostic naming the term and the
//! language.

use super::grammar::{Grammar, GrammarError};
use crate::case::words::CaseWords;
use crate::check::LawBook;
use crate::diagnostic::Diag;
use crate::phrases::{Phrases, Piece};
use crate::syntax::ast::Lang;
use crate::terms::{TermBank, TermLang};
use std::path::Path;

pub struct Lexicon {
    pub bank: TermBank,
    pub phrases: Phrases,
    pub grammar: Grammar,
    pub words: &'static CaseWords,
    /// What renders alike in every text of a language, by `lang_index` (`memo::Shared`).
    kept: [super::memo::Shared; 4],
}

pub const E_TERM: &str = "lawbook::render::term";
pub const E_PHRASE: &str = "lawbook::render::phrase";
pub const E_GRAMMAR: &str = "lawbook::render::grammar";

/// The concepts the renderer's Rust code asks the term bank for: the seats.
pub const SEATS: [&str; 4] = crate::case::words::SEAT_IDS;
/// The term bank's concepts of the suits, in the order of `model::Suit::ALL`.
pub const SUITS: [&str; 4] = ["spades", "hearts", "diamonds", "clubs"];

/// The term bank's column of a rendering language.
pub fn term_lang(l: Lang) -> TermLang {
    match l {
        Lang::En => TermLang::En,
        Lang::Sk => TermLang::Sk,
        Lang::Pl => TermLang::Pl,
        Lang::Hu => TermLang::Hu,
    }
}

/// Form names that are not grammatical cases: the seat's letter, the article, a suffix after
/// a number (a language's grammar names those), a signed number.
fn is_special_form(grammar: &Grammar, f: &str) -> bool {
    matches!(f, "letter" | "a" | "A" | "signed" | "cap") || grammar.is_number_suffix(f)
}

impl Lexicon {
    /// A lexicon of these parts, as they stand: `check` says what is wrong with them.
    pub fn new(
        bank: TermBank,
        phrases: Phrases,
        grammar: Grammar,
        words: &'static CaseWords,
    ) -> Lexicon {
        Lexicon {
            bank,
            phrases,
            grammar,
            words,
            kept: Default::default(),
        }
    }

    /// What this lexicon's texts in `lang` have rendered that every text renders alike.
    pub(super) fn kept(&self, lang: Lang) -> &super::memo::Shared {
        &self.kept[crate::case::words::lang_index(lang)]
    }

    /// The term bank, the phrases and the grammar of a `laws/` folder, checked.
    pub fn load(laws: &Path) -> Result<Lexicon, Vec<Diag>> {
        let bank = crate::terms::load_terms(laws.join("terms.terms"))?;
        let grammar = load_grammar(&laws.join("render.grammar"))?;
        let path = laws.join("render.phrases");
        let name = path.display().to_string();
        let text = read_text(
            &path,
            "the phrases of the renderings are laws/render.phrases",
        )?;
        let phrases = Phrases::parse(&name, &text).map_err(|es| {
            es.into_iter()
                .map(|e| {
                    Diag::new(E_PHRASE, format!("{name}:{}: {}", e.line, e.message))
                        .help("every phrase gives its en, sk, pl and hu text (docs/terms.md)")
                })
                .collect::<Vec<_>>()
        })?;
        let lex = Lexicon::new(bank, phrases, grammar, CaseWords::builtin());
        let errors = lex.check();
        if errors.is_empty() {
            Ok(lex)
        } else {
            Err(errors)
        }
    }

    /// Every term the rendering uses, with the form it asks for and the phrase that asks:
    /// the seats (and each case form a template puts after a seat), every `{=concept}` and
    /// every counted noun `{n#concept}`.
    pub fn terms_used(&self) -> Vec<(String, String, Lang, String)> {
        let mut out = vec![];
        for l in Lang::ALL {
            for s in SEATS {
                out.push((s.to_string(), "nom".to_string(), l, "the seats".to_string()));
            }
        }
        fn walk(pieces: &[Piece], f: &mut dyn FnMut(&Piece)) {
            for p in pieces {
                f(p);
                if let Piece::Select { alts, .. } = p {
                    for a in alts {
                        walk(a, f);
                    }
                }
            }
        }
        for ph in &self.phrases.phrases {
            for l in Lang::ALL {
                let Some(pieces) = self.phrases.get(&ph.id, l) else {
                    continue;
                };
                let at = format!("phrase `{}`", ph.id);
                walk(pieces, &mut |p| match p {
                    Piece::Term { concept, form } => out.push((
                        concept.clone(),
                        form.clone()
                            .filter(|f| !matches!(f.as_str(), "cap" | "a" | "A"))
                            .unwrap_or_else(|| "nom".into()),
                        l,
                        at.clone(),
                    )),
                    Piece::Count {
                        name: _,
                        concept,
                        case,
                    } => {
                        let case = case.clone().unwrap_or_else(|| "nom".into());
                        // The forms a number falls back to in each plural category (the
                        // singular, the plural, the Slavic genitive plural).
                        let forms = self.grammar.count_forms_needed(l, &case);
                        for f in forms {
                            out.push((concept.clone(), f, l, at.clone()));
                        }
                    }
                    // An irregularity's form comes from its own phrases or the bank's term,
                    // else its name (the renderer's irregularity_in).
                    Piece::Arg { name, .. } if name == "irregularity" => {}
                    // An obligation's parameter in a case is a suit (the renderer passes
                    // cards and calls as text): each suit needs the form.
                    Piece::Arg {
                        name,
                        form: Some(form),
                    } if ph.id.starts_with("obligation.")
                        && name != "holder"
                        && !is_special_form(&self.grammar, form) =>
                    {
                        for s in SUITS {
                            out.push((s.to_string(), form.clone(), l, at.clone()));
                        }
                    }
                    // A case form after any other argument is a seat's: each seat needs it.
                    Piece::Arg {
                        form: Some(form), ..
                    } if !is_special_form(&self.grammar, form) => {
                        for s in SEATS {
                            out.push((s.to_string(), form.clone(), l, at.clone()));
                        }
                    }
                    _ => {}
                });
            }
        }
        out.sort();
        out.dedup();
        out
    }

    /// Every term the rendering uses exists in all four languages with the forms asked for.
    /// Case forms a language's grammar builds by a suffix (`Grammar::inflect`: Hungarian) need
    /// not be in the bank.
    pub fn check(&self) -> Vec<Diag> {
        let mut errors: Vec<Diag> = vec![];
        let mut seen = std::collections::HashSet::new();
        for (concept, form, l, at) in self.terms_used() {
            let tl = term_lang(l);
            let Some(c) = self.bank.concept(&concept) else {
                if seen.insert((concept.clone(), None)) {
                    errors.push(
                        Diag::new(E_TERM, format!("the rendering uses the term `{concept}`, which the term bank does not have"))
                            .help(format!("add `concept {concept}` to laws/terms.terms with its en, sk, pl and hu terms ({at})")),
                    );
                }
                continue;
            };
            let Some(term) = c.term(tl) else {
                if seen.insert((concept.clone(), Some((l, String::new())))) {
                    let why = c
                        .missing(tl)
                        .map(|w| format!(" (it says: {w})"))
                        .unwrap_or_default();
                    errors.push(
                        Diag::new(
                            E_TERM,
                            format!(
                                "the rendering uses the term `{concept}`, which has no `{}` term{why}",
                                l.code()
                            ),
                        )
                        .help(format!(
                            "give `{concept}` its {} term in laws/terms.terms, or render without it ({at})",
                            l.code()
                        )),
                    );
                }
                continue;
            };
            let derivable = self.grammar.inflect(l, &term.text, &form).is_some();
            if term.form(&form).is_none()
                && !derivable
                && seen.insert((concept.clone(), Some((l, form.clone()))))
            {
                errors.push(
                    Diag::new(
                        E_TERM,
                        format!(
                            "the rendering uses the `{form}` form of the term `{concept}`, which has no such `{}` form",
                            l.code()
                        ),
                    )
                    .help(format!(
                        "add `{form} \"…\"` to the {} entry of `{concept}` in laws/terms.terms ({at})",
                        l.code()
                    )),
                );
            }
        }
        errors
    }

    /// The law book's vocabulary the rendering names: each irregularity (a term of the bank
    /// or an `irregularity.NAME` phrase), each option (`option.NAME`), each answer
    /// (`answer.NAME`), each obligation (`obligation.NAME`). What has none is listed.
    pub fn check_book(&self, book: &LawBook) -> Vec<String> {
        let mut out = vec![];
        for i in &book.irregularities {
            let name = &i.decl.name.name;
            let phrase = format!("irregularity.{name}");
            let term = self.bank.concept(name).is_some();
            if !term && !self.phrases.has(&phrase) {
                out.push(format!(
                    "irregularity `{name}`: no term `{name}` and no phrase `{phrase}`"
                ));
            }
        }
        for (name, o) in &book.options {
            if !self.phrases.has(&format!("option.{name}")) {
                out.push(format!("option `{name}`: no phrase `option.{name}`"));
            }
            let mut answers: Vec<&str> = o.answers.iter().map(|a| a.name.as_str()).collect();
            answers.extend(o.default.iter().map(|a| a.name.as_str()));
            answers.extend(o.implied.iter().map(|a| a.answer.name.as_str()));
            answers.sort();
            answers.dedup();
            for a in answers {
                if !self.phrases.has(&format!("answer.{a}")) {
                    out.push(format!("answer `{a}` of `{name}`: no phrase `answer.{a}`"));
                }
            }
        }
        for name in book.obligations.keys() {
            if !self.phrases.has(&format!("obligation.{name}")) {
                out.push(format!(
                    "obligation `{name}`: no phrase `obligation.{name}`"
                ));
            }
        }
        out.sort();
        out
    }
}

/// The text of a file of the renderings, or the diagnostic that says it cannot be read
/// (`help`: which file it is).
fn read_text(path: &Path, help: &str) -> Result<String, Vec<Diag>> {
    let name = path.display().to_string();
    crate::source::read_limited(path, crate::source::MAX_TEXT_BYTES)
        .and_then(|b| String::from_utf8(b).map_err(std::io::Error::other))
        .map_err(|e| vec![Diag::new("lawbook::io", format!("cannot read {name}: {e}")).help(help)])
}

/// The grammar of the renderings' languages (`laws/render.grammar`); an error is shown in the
/// file, at what it is about.
fn load_grammar(path: &Path) -> Result<Grammar, Vec<Diag>> {
    let text = read_text(
        path,
        "the grammar of the renderings' languages is laws/render.grammar",
    )?;
    Grammar::parse(&text)
        .map_err(|errors| grammar_diags(errors, &path.display().to_string(), &text))
}

/// What is wrong in a grammar file named `name`, as diagnostics shown in its text.
pub fn grammar_diags(errors: Vec<GrammarError>, name: &str, text: &str) -> Vec<Diag> {
    let mut sources = crate::source::Sources::default();
    let file = sources.add(name, text);
    errors
        .into_iter()
        .map(|e| {
            Diag::new(E_GRAMMAR, e.message)
                .label(
                    crate::source::Span::new(file, e.span.start, e.span.end),
                    "here",
                )
                .help("the file's head comment says what each field holds (docs/terms.md)")
                .with_sources(&sources)
        })
        .collect()
}
