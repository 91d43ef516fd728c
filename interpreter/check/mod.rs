//! Syntax trees to a checked law book. The checker rejects, each with a diagnostic at the
//! span: unknown names, duplicate paragraph ids, references to missing laws or paragraphs,
//! type mismatches, exception cycles, and sibling rules that would both apply with no
//! exception between them where that can be seen without running a case.

pub mod builtins;
mod collect;
mod delegation;
mod expr;
mod graph;
mod obligations;
mod steps;
mod tables;
pub mod types;

use crate::diagnostic::Diag;
use crate::source::Span;
use crate::syntax::ast::*;
pub use builtins::DELEGATES;
use builtins::{builtin, constant, field, state, Builtin, ENTRY_POINTS};
use graph::{find_cycle, on_cycles, reachable, MAX_RECURSION_REPORTS};
use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap, HashSet};
use types::Type;

/// What a law is called and where its text is.
#[derive(Clone, Debug)]
pub struct LawInfo {
    pub number: u32,
    pub number_span: Span,
    pub titles: Translations,
    pub sources: Vec<SourceLines>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct ParagraphInfo {
    pub id: String,
    pub law: u32,
    pub titles: Option<Translations>,
    pub judgement: Option<String>,
    /// How the players proceed: nothing for a ruling to compute (coverage lists it apart).
    pub conduct: Option<String>,
    /// The body this paragraph leaves a choice to that no ruling computes (78D, 18F).
    pub delegated: Option<String>,
    /// What the regulation the book is read under provides there.
    pub regulated: Option<String>,
    pub span: Span,
    /// Where a rule, an answer or a procedure of the law book decides by this paragraph.
    pub operative: bool,
}

#[derive(Clone, Debug)]
pub struct IrregularityInfo {
    pub decl: Irregularity,
    pub law: u32,
    pub rectify: Option<Rectify>,
    /// How many of its `let`s are bound before its `when` is asked
    /// (`Irregularity::lets_for_when`).
    pub lets_for_when: usize,
}

/// A law book that has passed every check. The evaluator reads nothing else.
#[derive(Debug, Default)]
pub struct LawBook {
    pub name: String,
    pub laws: BTreeMap<u32, LawInfo>,
    pub paragraphs: BTreeMap<String, ParagraphInfo>,
    /// The titles of the paragraphs that have one, by id: looked up for every paragraph of
    /// every ruling rendered, and its enclosing sections' where it has none (`paragraph_title`).
    titled: rustc_hash::FxHashMap<String, Translations>,
    pub defines: HashMap<String, Define>,
    pub tables: HashMap<String, Table>,
    pub irregularities: Vec<IrregularityInfo>,
    /// `rectify every irregularity` decisions, in source order: tried before an
    /// irregularity's own rectification (43B3).
    pub every_irregularity: Vec<Rectify>,
    pub findings: HashMap<String, Finding>,
    /// The facts of the table that rectifications set (`fact`, `set`).
    pub facts: HashMap<String, Finding>,
    pub options: HashMap<String, OptionDecl>,
    pub obligations: HashMap<String, Obligation>,
    pub procedures: HashMap<String, Procedure>,
    /// The regulation the book is read under (`lawbook … --regulation FILE`).
    pub regulation: Option<RegulationInfo>,
}

/// A regulation applied to the book: its name and titles, for the rulings made under it.
#[derive(Clone, Debug, Default)]
pub struct RegulationInfo {
    pub name: String,
    pub titles: Option<Translations>,
    /// The paragraphs its settings and amendments change.
    pub touched: Vec<String>,
}

impl LawBook {
    /// The act (`act`, not an irregularity) called `name`, and its law.
    pub fn act_named(&self, name: &str) -> Option<(&Irregularity, u32)> {
        self.irregularities
            .iter()
            .find(|i| i.decl.act && i.decl.name.name == name)
            .map(|i| (&i.decl, i.law))
    }

    pub fn law_title(&self, law: u32, lang: Lang) -> Option<&str> {
        self.laws.get(&law).and_then(|l| l.titles.get(lang))
    }

    /// The title of a paragraph, or of the nearest enclosing section that has one.
    pub fn paragraph_title(&self, id: &str, lang: Lang) -> Option<&str> {
        let mut key = id;
        loop {
            if let Some(t) = self.titled.get(key).and_then(|t| t.get(lang)) {
                return Some(t);
            }
            key = parent_id(key)?;
        }
    }
}

/// 27B1(a) -> 27B1 -> 27B -> 27; None for a law number. The parent is always a prefix of
/// the id, so it is a slice of it: walking up allocates nothing.
pub fn parent_id(id: &str) -> Option<&str> {
    if let Some(i) = id.rfind('(') {
        return Some(&id[..i]);
    }
    let last = id.chars().last()?;
    if last.is_ascii_digit() {
        let trimmed = id.trim_end_matches(|c: char| c.is_ascii_digit());
        if trimmed.is_empty() {
            return None;
        }
        return Some(trimmed);
    }
    if last.is_ascii_uppercase() {
        return Some(&id[..id.len() - 1]);
    }
    None
}

pub fn check(name: &str, files: Vec<LawFile>) -> Result<LawBook, Vec<Diag>> {
    let mut c = Checker {
        book: LawBook {
            name: name.to_string(),
            ..Default::default()
        },
        diags: RefCell::new(vec![]),
        rectifies: vec![],
        checked_procedures: RefCell::new(HashSet::new()),
        suggestions_left: std::cell::Cell::new(MAX_SUGGESTIONS),
    };
    c.collect(files);
    if c.diags.get_mut().is_empty() {
        c.check_bodies();
    }
    if c.diags.get_mut().is_empty() {
        let mut book = c.book;
        book.titled = book
            .paragraphs
            .iter()
            .filter_map(|(id, p)| Some((id.clone(), p.titles.clone()?)))
            .collect();
        Ok(book)
    } else {
        // A fault met from several places (a misspelt return type, checked at each use of
        // its definition) is said once.
        let mut seen = HashSet::new();
        let mut diags = c.diags.into_inner();
        diags.retain(|d| {
            let labels: Vec<(u32, u32, u32)> = d
                .labels
                .iter()
                .map(|(s, _)| (s.file, s.start, s.end))
                .collect();
            seen.insert((d.code, d.message.clone(), labels))
        });
        Err(diags)
    }
}

/// What is checked (`book`, filled by the first pass) and what the checking finds. The
/// second pass reads the book while it reports (`&self`): the diagnostics and the
/// procedures already checked are in cells, so that the book's declarations are walked in
/// place, where each pass once cloned them (a tenth of a corpus run's law book load).
struct Checker {
    book: LawBook,
    diags: RefCell<Vec<Diag>>,
    rectifies: Vec<(Rectify, u32)>,
    checked_procedures: RefCell<HashSet<(String, Vec<String>)>>,
    /// "Did you mean" searches left: each compares a name with every name of the book, so
    /// 10,000 misspellings among 10,000 definitions took minutes; only the first diagnostics
    /// are printed, and only they need one.
    suggestions_left: std::cell::Cell<usize>,
}

/// How many diagnostics of one check may carry a "did you mean".
pub const MAX_SUGGESTIONS: usize = 200;

/// Local names in scope, innermost last.
type Scope = Vec<(String, Type)>;

const E_DUP: &str = "lawbook::check::duplicate";
const E_NAME: &str = "lawbook::check::unknown_name";
const E_TYPE: &str = "lawbook::check::type_mismatch";
const E_REF: &str = "lawbook::check::missing_reference";
const E_EXC: &str = "lawbook::check::exception";
const E_AMB: &str = "lawbook::check::ambiguous_rules";
const E_ENTRY: &str = "lawbook::check::missing_entry_point";
const E_SIZE: &str = "lawbook::check::too_large";
const E_TABLE: &str = "lawbook::check::table_rows";
const E_SCOPE: &str = "lawbook::check::quantifier_scope";

/// The most values a parameter's declared domain (`level: 1..7`) may hold.
pub const MAX_DOMAIN: usize = 4096;

/// The most rules one decision may have.
pub const MAX_DECISION_RULES: usize = 256;
/// The most procedures reached one through another (`goto`) from one place.
pub const MAX_GOTO_DEPTH: usize = 256;

impl Checker {
    /// Report `d`, once: an expression checked twice (a definition's body asked for its type
    /// and checked as a body) says the same thing at the same place the second time.
    fn err(&self, d: Diag) {
        let mut diags = self.diags.borrow_mut();
        let same = |x: &Diag| x.code == d.code && x.message == d.message && x.labels == d.labels;
        if !diags.iter().any(same) {
            diags.push(d);
        }
    }

    /// `suggest::did_you_mean` while the budget lasts, then nothing.
    fn did_you_mean<'a>(&self, word: &str, cands: impl IntoIterator<Item = &'a str>) -> String {
        let left = self.suggestions_left.get();
        if left == 0 {
            return String::new();
        }
        self.suggestions_left.set(left - 1);
        crate::suggest::did_you_mean(word, cands)
    }

    /// `name` given as an answer of option `o` (`prevailing`, `only by`, `answer`) is none of
    /// its answers; `what` says what the answer named there is. `among`: the answers it may
    /// name (those offered, unless said otherwise).
    fn not_an_answer(&self, o: &OptionDecl, name: &Ident, what: &str, among: Option<&[String]>) {
        let offered: Vec<&str> = match among {
            Some(all) => all.iter().map(|s| s.as_str()).collect(),
            None => o.answers.iter().map(|a| a.name.as_str()).collect(),
        };
        let offered = offered.into_iter();
        self.err(
            Diag::new(
                E_NAME,
                format!(
                    "`{}` is not an answer of option `{}`",
                    name.name, o.name.name
                ),
            )
            .label(name.span, "not among its answers")
            .help(format!(
                "{what} ({}); {}",
                offered.clone().collect::<Vec<_>>().join(", "),
                self.did_you_mean(&name.name, offered)
            )),
        );
    }

    // ---- pass 1: collect declarations -----------------------------------------------------

    /// The names of the law book's irregularities, for a "did you mean".
    fn irregularity_names(&self) -> Vec<String> {
        self.book
            .irregularities
            .iter()
            .map(|i| i.decl.name.name.clone())
            .collect()
    }

    fn check_translations(&self, t: &Translations, what: &str) {
        let mut seen = HashSet::new();
        for (lang, _, span) in &t.entries {
            if !seen.insert(*lang) {
                self.err(
                    Diag::new(
                        E_DUP,
                        format!("this {what} gives the {} text twice", lang.code()),
                    )
                    .label(*span, "second text in the same language")
                    .help("keep one text per language"),
                );
            }
        }
        if t.get(Lang::En).is_none() {
            self.err(
                Diag::new(
                    "lawbook::check::missing_language",
                    format!("this {what} has no English text"),
                )
                .label(t.span, "no `en`")
                .help("every title and question has at least its English text"),
            );
        }
    }

    fn check_para_law(&self, id: &ParaId, law: &Law) {
        if law.number != 0 && id.law != law.number {
            self.err(
                Diag::new(
                    E_REF,
                    format!("paragraph {} is declared in law {}", id.text, law.number),
                )
                .label(id.span, format!("belongs to law {}", id.law))
                .help("declare a paragraph in the law whose number it carries"),
            );
        }
    }

    // ---- pass 2: bodies -------------------------------------------------------------------

    fn check_bodies(&mut self) {
        let defines = in_source_order(&self.book.defines, |d| d.span);
        for d in &defines {
            self.check_domains(&d.params);
            let scope = self.param_scope(&d.params);
            if let Some(want) = self.type_of(&d.ty) {
                self.expect(&d.body, &scope, &want);
            }
        }
        // A finding's range: ints of the law book, no rule's names (it is evaluated wherever
        // the finding is read).
        let findings = in_source_order(&self.book.findings, |f| f.span);
        for (from, to) in findings.iter().filter_map(|f| f.range.as_ref()) {
            self.expect(from, &vec![], &Type::Int);
            self.expect(to, &vec![], &Type::Int);
        }
        self.check_recursion(&defines, &findings);
        let tables = in_source_order(&self.book.tables, |t| t.span);
        for t in &tables {
            let scope = self.param_scope(&t.params);
            if t.params.len() != 1 {
                self.err(
                    Diag::new(
                        E_TYPE,
                        format!("table `{}` must have exactly one key", t.name.name),
                    )
                    .label(t.name.span, "a table is looked up by one key")
                    .help(
                        "write the key as one parameter, e.g. `table imps(difference: int): int`",
                    ),
                );
                continue;
            }
            let key_ty = self.type_of(&t.params[0].ty);
            let val_ty = self.type_of(&t.ty);
            for row in &t.rows {
                match (&row.key, &key_ty) {
                    (RowKey::Range(..), Some(k)) if *k != Type::Int => self.err(
                        Diag::new(E_TYPE, "a range key needs an int key")
                            .label(row.key_span, format!("the key is a {k}"))
                            .help("use single values as keys"),
                    ),
                    (RowKey::Value(e), Some(k)) => self.expect(e, &scope, k),
                    _ => {}
                }
                if let Some(v) = &val_ty {
                    self.expect(&row.value, &scope, v);
                }
            }
            self.check_table_ranges(t);
        }
        self.check_obligations();
        let irregs = &self.book.irregularities;
        for info in irregs {
            let i = &info.decl;
            if let TriggerKind::Breach(ob) = &i.trigger.kind {
                if !self.book.obligations.contains_key(&ob.name) {
                    let hint = self
                        .did_you_mean(&ob.name, self.book.obligations.keys().map(|s| s.as_str()));
                    self.err(
                        Diag::new(E_NAME, format!("no obligation is called `{}`", ob.name))
                            .label(ob.span, "unknown obligation")
                            .help(hint),
                    );
                }
            }
            let x = match &i.trigger.kind {
                TriggerKind::Call | TriggerKind::Change => Type::Call,
                TriggerKind::Question => Type::Text,
                TriggerKind::Play | TriggerKind::Withdrawal | TriggerKind::Supply => Type::Card,
                TriggerKind::Claim | TriggerKind::LeadTurn | TriggerKind::TrickQuitted => Type::Int,
                TriggerKind::Exposure(_) => Type::List(Box::new(Type::Card)),
                TriggerKind::Breach(ob) => match self.book.obligations.get(&ob.name) {
                    Some(o) if o.on_play => Type::Card,
                    _ => Type::Call,
                },
            };
            let mut scope: Scope = vec![
                (i.trigger.call.name.clone(), x),
                (i.trigger.offender.name.clone(), Type::Seat),
            ];
            for l in &i.lets {
                let t = self.infer(&l.value, &scope);
                scope.push((l.name.name.clone(), t.unwrap_or(Type::Any)));
            }
            self.expect(&i.when, &scope, &Type::Bool);
            if let Some(r) = &info.rectify {
                // Within a rectification, an irregularity's name says whether this call is
                // that irregularity too.
                for other in irregs {
                    scope.push((other.decl.name.name.clone(), Type::Bool));
                }
                let mut seen = vec![];
                self.check_decision(&r.decision, &scope, &mut seen);
            }
        }
        // A rule for every irregularity sees what every irregularity has: its offender, and
        // which irregularities the act is.
        for r in &self.book.every_irregularity {
            let mut scope: Scope = vec![("offender".to_string(), Type::Seat)];
            for other in irregs {
                scope.push((other.decl.name.name.clone(), Type::Bool));
            }
            let before = self.diags.borrow().len();
            let mut seen = vec![];
            self.check_decision(&r.decision, &scope, &mut seen);
            for d in &mut self.diags.borrow_mut()[before..] {
                if d.code == E_NAME && d.message.starts_with("unknown name") {
                    d.help = Some(
                        "a rule for every irregularity sees `offender` and the names of the irregularities (whether the act is one), not what one trigger binds; write the rule in that irregularity's own rectify block"
                            .into(),
                    );
                }
            }
        }
        // Options and procedures nobody reaches are still checked, in an empty scope, so a
        // mistake in them is not silently kept.
        for o in in_source_order(&self.book.options, |o| o.span) {
            if o.answers.is_empty() && o.default.is_none() {
                self.err(
                    Diag::new("lawbook::check::option", format!("option `{}` offers no answer and has no default", o.name.name))
                        .label(o.name.span, "nobody can answer it")
                        .help("give `answers …` (offered to the chooser) or `default …` (what holds if nobody answers)"),
                );
            }
            if let Some(pv) = &o.prevailing {
                if o.seconds.is_empty() {
                    self.err(
                        Diag::new("lawbook::check::option", format!("option `{}` has a prevailing answer but one chooser", o.name.name))
                            .label(pv.span, "nobody's answer to prevail over")
                            .help("name the others who may answer (`by lho(offender), rho(offender)`), or drop `prevailing`: the chooser's answer is the one that holds"),
                    );
                }
                if !o.answers.iter().any(|a| a.name == pv.name) {
                    self.not_an_answer(
                        o,
                        pv,
                        "the prevailing answer is one of the answers offered",
                        None,
                    );
                }
            }
            let mut limited = HashSet::new();
            for l in &o.limits {
                if !o.answers.iter().any(|a| a.name == l.answer.name) {
                    self.not_an_answer(
                        o,
                        &l.answer,
                        "`only by` limits one of the answers offered",
                        None,
                    );
                } else if !limited.insert(l.answer.name.as_str()) {
                    self.err(
                        Diag::new(
                            E_DUP,
                            format!("answer `{}` is limited twice", l.answer.name),
                        )
                        .label(l.answer.span, "limited again here")
                        .help("name every player who may give it in one `only by` line"),
                    );
                }
            }
            let mut answers = HashSet::new();
            for a in &o.answers {
                if !answers.insert(a.name.clone()) {
                    self.err(
                        Diag::new(E_DUP, format!("answer `{}` is listed twice", a.name))
                            .label(a.span, "again here")
                            .help("list each answer once"),
                    );
                }
            }
        }
        self.mark_operative_and_refs();
    }

    /// Definitions may not call themselves, directly or through others: evaluation must end.
    /// Definitions, and findings' ranges, that read themselves (a range is evaluated each
    /// time its finding is read).
    fn check_recursion(&self, defines: &[&Define], findings: &[&Finding]) {
        let ranged = |n: &str| self.book.findings.get(n).is_some_and(|f| f.range.is_some());
        let graph: HashMap<&str, Vec<(&str, Span)>> = (defines.iter())
            .map(|d| (d.name.name.as_str(), vec![&d.body]))
            .chain((findings.iter()).filter_map(|f| {
                let (from, to) = f.range.as_ref()?;
                Some((f.name.name.as_str(), vec![from, to]))
            }))
            .map(|(name, exprs)| {
                let mut uses = vec![];
                for e in exprs {
                    e.names_used(&mut uses);
                }
                let uses = uses
                    .into_iter()
                    .filter(|(n, _)| self.book.defines.contains_key(*n) || ranged(n))
                    .collect();
                (name, uses)
            })
            .collect();
        let mut reported: HashSet<&str> = HashSet::new();
        let mut sorted: Vec<&str> = graph.keys().copied().collect();
        sorted.sort();
        // A search from every definition was quadratic (a chain of 20,000 definitions took
        // minutes): only those on a cycle are searched, within their own component (a path
        // back leaves it nowhere), and at most `MAX_RECURSION_REPORTS` of them.
        let component = on_cycles(&graph);
        let mut searches = 0;
        for start in sorted {
            let Some(&home) = component.get(start) else {
                continue;
            };
            if reported.contains(start) {
                continue;
            }
            searches += 1;
            if searches > MAX_RECURSION_REPORTS {
                break;
            }
            // Depth-first search for a path back to `start`.
            let mut stack: Vec<(&str, usize)> = vec![(start, 0)];
            let mut path: Vec<(&str, Span)> = vec![];
            let mut seen: HashSet<&str> = HashSet::new();
            while let Some((at, i)) = stack.pop() {
                let next = graph.get(at).and_then(|v| v.get(i)).copied();
                match next {
                    None => {
                        path.pop();
                    }
                    Some((n, span)) => {
                        stack.push((at, i + 1));
                        if n == start {
                            path.push((n, span));
                            let names: Vec<&str> = std::iter::once(start)
                                .chain(path.iter().map(|p| p.0))
                                .collect();
                            let what = if names.iter().any(|n| ranged(n)) {
                                "a finding's range reads itself"
                            } else {
                                "definitions call themselves"
                            };
                            let mut d = Diag::new(
                                "lawbook::check::recursion",
                                format!("{what}: {}", names.join(" → ")),
                            )
                            .help("a rule must be evaluated in a bounded number of steps: write the repetition with a quantifier (any, all, count, sum) over a list instead");
                            // The first calls of a long cycle are enough to find it.
                            for (n, span) in path.iter().take(16) {
                                d = d.label(*span, format!("calls `{n}`"));
                            }
                            self.err(d);
                            reported.extend(names);
                            break;
                        }
                        if component.get(n) == Some(&home) && seen.insert(n) {
                            path.push((n, span));
                            stack.push((n, 0));
                        }
                    }
                }
            }
        }
    }

    fn param_scope(&self, params: &[Param]) -> Scope {
        params
            .iter()
            .map(|p| {
                (
                    p.name.name.clone(),
                    self.type_of(&p.ty).unwrap_or(Type::Any),
                )
            })
            .collect()
    }

    fn type_of(&self, t: &TypeExpr) -> Option<Type> {
        match resolve_type(t) {
            Some(t) => Some(t),
            None => {
                let TypeExprKind::Named(n) = &t.kind else {
                    return None;
                };
                let hint = self.did_you_mean(n, Type::NAMES);
                self.err(
                    Diag::new(E_NAME, format!("`{n}` is not a type"))
                        .label(t.span, "unknown type")
                        .help(if hint.is_empty() {
                            format!("types are {}, and list<…>", Type::NAMES.join(", "))
                        } else {
                            hint
                        }),
                );
                None
            }
        }
    }

    fn check_ref(&self, id: &ParaId) {
        if !self.book.laws.contains_key(&id.law) {
            self.err(
                Diag::new(E_REF, format!("law {} is not in this law book", id.law))
                    .label(id.span, "refers to a missing law")
                    .help(format!(
                        "write law {} (at least its title and paragraphs) or correct the reference",
                        id.law
                    )),
            );
        } else if !self.para_known(&id.text) {
            // Suggest a paragraph of the same law.
            let same_law = self
                .book
                .paragraphs
                .values()
                .filter(|p| p.law == id.law)
                .map(|p| p.id.as_str());
            let hint = self.did_you_mean(&id.text, same_law);
            self.err(
                Diag::new(
                    E_REF,
                    format!("law {} has no paragraph {}", id.law, id.text),
                )
                .label(id.span, "refers to a missing paragraph")
                .help(if hint.is_empty() {
                    format!("declare it: `paragraph {}`", id.text)
                } else {
                    hint
                }),
            );
        }
    }

    fn para_known(&self, id: &str) -> bool {
        self.book.paragraphs.contains_key(id)
            || self.book.procedures.contains_key(id)
            || id.chars().all(|c| c.is_ascii_digit())
    }

    /// Record every paragraph a rule, answer or procedure decides by, and check that rule
    /// ids name laws of the book.
    fn mark_operative_and_refs(&mut self) {
        let mut ids: Vec<ParaId> = vec![];
        let per: Vec<ParaId> = in_source_order(&self.book.defines, |d| d.span)
            .into_iter()
            .flat_map(|d| d.per.iter().cloned())
            .chain(
                in_source_order(&self.book.tables, |t| t.span)
                    .into_iter()
                    .flat_map(|t| t.per.iter().cloned()),
            )
            .collect();
        for id in &per {
            self.check_ref(id);
        }
        self.check_delegations();
        for info in &self.book.irregularities {
            if let Some(r) = &info.rectify {
                collect_decision_ids(&r.decision, &mut ids);
            }
        }
        for r in &self.book.every_irregularity {
            collect_decision_ids(&r.decision, &mut ids);
        }
        for p in in_source_order(&self.book.procedures, |p| p.span) {
            ids.push(p.id.clone());
            collect_block_ids(&p.block, &mut ids);
        }
        for id in ids {
            let Some(law) = self.book.laws.get(&id.law) else {
                self.err(
                    Diag::new(E_REF, format!("law {} is not in this law book", id.law))
                        .label(id.span, "a rule of a missing law")
                        .help(format!("write law {} or correct the paragraph id", id.law)),
                );
                continue;
            };
            let law = law.number;
            self.book
                .paragraphs
                .entry(id.text.clone())
                .and_modify(|p| p.operative = true)
                .or_insert(ParagraphInfo {
                    id: id.text.clone(),
                    law,
                    titles: None,
                    judgement: None,
                    conduct: None,
                    delegated: None,
                    regulated: None,
                    span: id.span,
                    operative: true,
                });
        }
    }

    // ---- expressions ----------------------------------------------------------------------
}

/// A type with its article: "an int", "a call".
fn a(t: &Type) -> String {
    let s = t.to_string();
    let vowel = s.starts_with(['a', 'e', 'i', 'o', 'u']);
    format!("{} {s}", if vowel { "an" } else { "a" })
}

pub fn resolve_type(t: &TypeExpr) -> Option<Type> {
    match &t.kind {
        TypeExprKind::Named(n) => Type::from_name(n),
        TypeExprKind::List(inner) => Some(Type::List(Box::new(resolve_type(inner)?))),
    }
}

/// The values of a name-keyed map in the order of their text (file, then offset). A HashMap
/// iterates in a different order in every process, and the diagnostics of a check must come
/// in the same order every time.
fn in_source_order<T>(map: &HashMap<String, T>, span: impl Fn(&T) -> Span) -> Vec<&T> {
    let mut v: Vec<&T> = map.values().collect();
    v.sort_by_key(|x| {
        let s = span(x);
        (s.file, s.start, s.end)
    });
    v
}

fn strip(e: &Expr) -> String {
    // The Debug form without spans: spans print as `Span { .. }`, so remove them.
    let s = format!("{:?}", e.kind);
    let mut out = String::with_capacity(s.len());
    let mut rest = s.as_str();
    while let Some(i) = rest.find("span: Span {") {
        out.push_str(&rest[..i]);
        let after = &rest[i..];
        let close = after.find('}').map_or(after.len(), |j| j + 1);
        rest = &after[close..];
    }
    out.push_str(rest);
    out
}

fn collect_decision_ids(d: &Decision, out: &mut Vec<ParaId>) {
    for r in &d.rules {
        out.push(r.id.clone());
        collect_block_ids(&r.block, out);
    }
}

fn collect_block_ids(b: &Block, out: &mut Vec<ParaId>) {
    for s in &b.steps {
        match &s.kind {
            StepKind::Choose { arms, .. } => {
                for a in arms {
                    if let Some(id) = &a.id {
                        out.push(id.clone());
                    }
                    collect_block_ids(&a.block, out);
                }
            }
            StepKind::AwaitCall { decision, .. }
            | StepKind::Decide(decision)
            | StepKind::AwaitDirector { decision, .. } => collect_decision_ids(decision, out),
            StepKind::AtAuctionEnd(b)
            | StepKind::AtPlayEnd(b)
            | StepKind::ForEach { block: b, .. } => collect_block_ids(b, out),
            _ => {}
        }
    }
}
