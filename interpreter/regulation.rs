//! A regulation applied to a law book, between the syntax tree and the checker
//! (text -> syntax tree -> [regulation] -> checked law book): each `set` replaces a value the
//! Laws delegate (a definition or table marked `delegated to … by …`, or the words of a
//! paragraph marked `delegated to …`), each `amend` replaces what they do not delegate. The
//! book so changed is then checked as any book is, so a setting of the wrong type is the
//! checker's error, at the regulation's line.
//!
//! Why `set` and `amend` are apart: the Laws leave some choices to a regulating authority or
//! tournament organizer (12C2(d), 70E2, 78D) and fix the rest (61B gives defenders the right
//! to ask each other about a revoke without reserving it to anyone). A regulation that
//! changes the second kind departs from the Laws; it may, but it says so (`amend`), and every
//! run says so too.

use crate::diagnostic::Diag;
use crate::source::Span;
use crate::syntax::ast::{
    Change, Define, Delegation, Ident, Item, LawFile, ParaId, Param, Regulation, Setting, Table,
    TypeExpr, TypeExprKind,
};

const E_UNKNOWN: &str = "lawbook::regulation::unknown";
const E_NOT_DELEGATED: &str = "lawbook::regulation::not_delegated";
const E_SIGNATURE: &str = "lawbook::regulation::signature";
const E_BOOK: &str = "lawbook::regulation::law_book";
const E_TWICE: &str = "lawbook::regulation::twice";
/// Not an error (`diagnostic::WARNINGS`): an amendment, said in every run.
pub const W_AMENDMENT: &str = crate::diagnostic::WARNINGS[0];

/// What applying a regulation found: errors stop it; warnings (amendments) are said and the
/// book is read as amended.
#[derive(Default)]
pub struct Applied {
    pub errors: Vec<Diag>,
    pub warnings: Vec<Diag>,
    /// The paragraphs its settings and amendments change (what `lawbook diff` groups by).
    pub touched: Vec<String>,
}

/// Apply `reg` to the syntax trees of the book named `book` (its folder's name).
pub fn apply(reg: &Regulation, book: &str, files: &mut [LawFile]) -> Applied {
    let mut out = Applied::default();
    match &reg.applies_to {
        Some((name, span)) if name != book => out.errors.push(
            Diag::new(
                E_BOOK,
                format!(
                    "regulation `{}` applies to law book {name}, not to {book}",
                    reg.name.name
                ),
            )
            .label(*span, "the law book it is written for")
            .help(format!(
                "read it over the law book it names (laws/{name}), or change `applies to`"
            )),
        ),
        Some(_) => {}
        None => out.errors.push(
            Diag::new(
                E_BOOK,
                format!(
                    "regulation `{}` does not say which law book it applies to",
                    reg.name.name
                ),
            )
            .label(reg.name.span, "no `applies to`")
            .help(format!("write `applies to {book}` in it")),
        ),
    }
    // What each setting changes, to refuse a second change of the same thing: the later one
    // would silently undo the first.
    let mut seen: Vec<(String, Span)> = vec![];
    for s in &reg.settings {
        let target = match &s.change {
            Change::Value { name, .. } => name.name.clone(),
            Change::Define(d) => d.name.name.clone(),
            Change::Table(t) => t.name.name.clone(),
            Change::Paragraph { id, .. } => id.text.clone(),
            Change::Rectify(_) => String::new(),
        };
        if !target.is_empty() {
            if let Some((_, first)) = seen.iter().find(|(t, _)| *t == target) {
                out.errors.push(
                    Diag::new(E_TWICE, format!("this regulation changes `{target}` twice"))
                        .label(s.span, "the second change")
                        .label(*first, "the first")
                        .help("keep one of them"),
                );
                continue;
            }
            seen.push((target, s.span));
        }
        apply_one(s, files, &mut out);
    }
    out
}

fn apply_one(s: &Setting, files: &mut [LawFile], out: &mut Applied) {
    let name = match &s.change {
        Change::Value { name, .. } => Some(name.name.as_str()),
        Change::Define(d) => Some(d.name.name.as_str()),
        Change::Table(t) => Some(t.name.name.as_str()),
        _ => None,
    };
    let law = name.and_then(|n| law_of(files, n));
    match &s.change {
        Change::Value { name, value } => {
            let Some(d) = find_define(files, &name.name) else {
                out.errors
                    .push(unknown(&name.name, name.span, "definition", files));
                return;
            };
            if !d.params.is_empty() {
                out.errors.push(
                    Diag::new(
                        E_SIGNATURE,
                        format!(
                            "`{}` takes parameters; a value alone cannot replace it",
                            name.name
                        ),
                    )
                    .label(name.span, "a definition with parameters")
                    .label(d.name.span, "defined here")
                    .help(format!(
                        "write the whole definition: `{} define {}(…): … = …`",
                        verb(s.amend),
                        name.name
                    )),
                );
                return;
            }
            if !permitted(
                s,
                d.delegated.as_ref(),
                &d.per,
                law,
                &d.name.name,
                d.name.span,
                out,
            ) {
                return;
            }
            touch(out, d.delegated.as_ref(), &d.per);
            d.body = value.clone();
        }
        Change::Define(new) => {
            if find_define(files, &new.name.name).is_none() {
                out.errors
                    .push(unknown(&new.name.name, new.name.span, "definition", files));
            } else if let Some(d) = find_define(files, &new.name.name) {
                replace(s, d, new, law, out);
            }
        }
        Change::Table(new) => {
            if find_table(files, &new.name.name).is_none() {
                out.errors
                    .push(unknown(&new.name.name, new.name.span, "table", files));
            } else if let Some(t) = find_table(files, &new.name.name) {
                replace(s, t, new, law, out);
            }
        }
        Change::Paragraph { id, text } => {
            let Some(p) = files
                .iter_mut()
                .flat_map(|f| f.laws.iter_mut())
                .flat_map(|l| l.items.iter_mut())
                .find_map(|i| match i {
                    Item::Paragraph(p) if p.id.text == id.text => Some(p),
                    _ => None,
                })
            else {
                out.errors.push(
                    Diag::new(
                        E_UNKNOWN,
                        format!("the law book has no paragraph {}", id.text),
                    )
                    .label(id.span, "not a paragraph of the book")
                    .help("name the paragraph that delegates the matter, such as 78D"),
                );
                return;
            };
            if p.delegated.is_none() {
                out.errors.push(
                    Diag::new(
                        E_NOT_DELEGATED,
                        format!(
                            "{} leaves nothing to a regulating authority or tournament organizer in words",
                            id.text
                        ),
                    )
                    .label(id.span, "not a delegated paragraph")
                    .label(p.id.span, "declared here, without `delegated to`")
                    .help(
                        "a regulation states in words only what a paragraph declared `delegated to …` leaves it; \
                         to change a rule, write `amend` with the definition or the rules it replaces",
                    ),
                );
                return;
            }
            if s.amend {
                out.errors.push(
                    Diag::new(
                        E_NOT_DELEGATED,
                        format!("{} is delegated: `set` it, not `amend`", id.text),
                    )
                    .label(s.span, "an amendment of a delegated paragraph")
                    .help("write `set` for a choice the Laws leave to the regulation"),
                );
                return;
            }
            // Words change no ruling: not a paragraph `diff` groups by.
            p.regulated = Some((text.clone(), s.span));
        }
        Change::Rectify(new) => {
            let what = new
                .irregularity
                .as_ref()
                .map_or("every irregularity".to_string(), |i| {
                    format!("`{}`", i.name)
                });
            let target = files
                .iter_mut()
                .flat_map(|f| f.laws.iter_mut())
                .flat_map(|l| l.items.iter_mut())
                .find_map(|i| match i {
                    Item::Rectify(r)
                        if r.irregularity.as_ref().map(|x| &x.name)
                            == new.irregularity.as_ref().map(|x| &x.name) =>
                    {
                        Some(r)
                    }
                    _ => None,
                });
            let Some(target) = target else {
                let span = new.irregularity.as_ref().map_or(new.span, |i| i.span);
                out.errors.push(
                    Diag::new(E_UNKNOWN, format!("the law book does not rectify {what}"))
                        .label(span, "no such rectification")
                        .help("name an irregularity the law book rectifies, as its `rectify` does"),
                );
                return;
            };
            if !s.amend {
                // Rules are what the Laws decide; no rule is a delegated choice.
                let first = &new.decision.rules[0];
                out.errors.push(
                    Diag::new(
                        E_NOT_DELEGATED,
                        format!(
                            "{} is a rule of the Laws, not a choice they leave to a regulating authority or tournament organizer",
                            first.id.text
                        ),
                    )
                    .label(first.id.span, "not delegated")
                    .help(format!(
                        "to replace it all the same, write `amend rectify {} {{ … }}`: the regulation then departs from the Laws, and every run says so",
                        new.irregularity.as_ref().map_or("every irregularity", |i| i.name.as_str())
                    )),
                );
                return;
            }
            for rule in &new.decision.rules {
                let ids: Vec<&str> = target
                    .decision
                    .rules
                    .iter()
                    .map(|r| r.id.text.as_str())
                    .collect();
                let replaced = ids.contains(&rule.id.text.as_str());
                target.decision.rules.retain(|r| r.id.text != rule.id.text);
                target.decision.rules.push(rule.clone());
                out.touched.push(rule.id.text.clone());
                out.warnings.push(amendment(
                    &rule.id.text,
                    if replaced {
                        "replaces the rule of"
                    } else {
                        "adds a rule under"
                    },
                    rule.id.span,
                    &what,
                ));
            }
        }
    }
}

/// What a definition and a table share: a head a replacement must match.
trait Definition: Clone {
    fn name(&self) -> &Ident;
    fn params(&self) -> &[Param];
    fn ty(&self) -> &TypeExpr;
    fn delegated(&self) -> Option<&Delegation>;
    fn per(&self) -> &[ParaId];
    /// Keep the book's delegation, and its paragraphs where the replacement names none.
    fn keep_head(&mut self, delegated: Option<Delegation>, per: Vec<ParaId>);
}

macro_rules! definition {
    ($t:ty) => {
        impl Definition for $t {
            fn name(&self) -> &Ident {
                &self.name
            }
            fn params(&self) -> &[Param] {
                &self.params
            }
            fn ty(&self) -> &TypeExpr {
                &self.ty
            }
            fn delegated(&self) -> Option<&Delegation> {
                self.delegated.as_ref()
            }
            fn per(&self) -> &[ParaId] {
                &self.per
            }
            fn keep_head(&mut self, delegated: Option<Delegation>, per: Vec<ParaId>) {
                self.delegated = delegated;
                if self.per.is_empty() {
                    self.per = per;
                }
            }
        }
    };
}
definition!(Define);
definition!(Table);

/// Replace the book's `old` by the regulation's `new`, if their heads match and the setting
/// may change it.
fn replace<D: Definition>(s: &Setting, old: &mut D, new: &D, law: Option<u32>, out: &mut Applied) {
    let name = &new.name().name;
    if let Some(e) = signature(
        name,
        (new.params(), new.ty(), new.name().span),
        (old.params(), old.ty(), old.name().span),
    ) {
        out.errors.push(e);
        return;
    }
    let (delegated, per) = (old.delegated().cloned(), old.per().to_vec());
    if !permitted(s, delegated.as_ref(), &per, law, name, old.name().span, out) {
        return;
    }
    touch(out, delegated.as_ref(), &per);
    *old = new.clone();
    old.keep_head(delegated, per);
}

/// Whether `s` may change a definition: `set` what is delegated, `amend` what is not.
fn permitted(
    s: &Setting,
    delegated: Option<&Delegation>,
    per: &[ParaId],
    law: Option<u32>,
    name: &str,
    at: Span,
    out: &mut Applied,
) -> bool {
    let paragraphs = if per.is_empty() {
        law.map_or(String::new(), |n| format!(" (Law {n})"))
    } else {
        format!(
            " ({})",
            per.iter()
                .map(|p| p.text.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    match (delegated, s.amend) {
        (Some(_), false) | (None, true) => {
            if s.amend {
                out.warnings.push(amendment(
                    name,
                    "replaces",
                    s.span,
                    &format!("what the Laws fix{paragraphs}"),
                ));
            }
            true
        }
        (None, false) => {
            out.errors.push(
                Diag::new(
                    E_NOT_DELEGATED,
                    format!(
                        "`{name}`{paragraphs} is not delegated: the Laws fix it, and leave it to no regulating authority or tournament organizer"
                    ),
                )
                .label(s.span, "sets what the Laws fix")
                .label(at, "the law book's definition, without `delegated to`")
                .help(
                    "to replace it all the same, write `amend` instead of `set`: the regulation then departs from the Laws, and every run says so",
                ),
            );
            false
        }
        (Some(g), true) => {
            out.errors.push(
                Diag::new(
                    E_NOT_DELEGATED,
                    format!(
                        "`{name}` is delegated to the {} by {}: `set` it, not `amend`",
                        g.to.name.replace('_', " "),
                        g.by.text
                    ),
                )
                .label(s.span, "an amendment of a delegated value")
                .help("write `set` for a choice the Laws leave to the regulation"),
            );
            false
        }
    }
}

fn touch(out: &mut Applied, delegated: Option<&Delegation>, per: &[ParaId]) {
    out.touched.extend(delegated.map(|g| g.by.text.clone()));
    out.touched.extend(per.iter().map(|p| p.text.clone()));
    out.touched.dedup();
}

fn amendment(what: &str, verb: &str, span: Span, of: &str) -> Diag {
    Diag::new(
        W_AMENDMENT,
        format!("this regulation amends the Laws: `{what}` {verb} {of}"),
    )
    .label(span, "an amendment, not a delegated choice")
    .help("rulings under this regulation depart from the Laws here; `lawbook diff` lists the rulings it changes")
}

fn verb(amend: bool) -> &'static str {
    if amend {
        "amend"
    } else {
        "set"
    }
}

fn type_text(t: &TypeExpr) -> String {
    match &t.kind {
        TypeExprKind::Named(n) => n.clone(),
        TypeExprKind::List(inner) => format!("list<{}>", type_text(inner)),
    }
}

fn signature_text(params: &[Param], ty: &TypeExpr) -> String {
    let ps: Vec<String> = params
        .iter()
        .map(|p| format!("{}: {}", p.name.name, type_text(&p.ty)))
        .collect();
    if ps.is_empty() {
        format!(": {}", type_text(ty))
    } else {
        format!("({}): {}", ps.join(", "), type_text(ty))
    }
}

/// The replacement must take what the law book's definition takes and give what it gives:
/// the rules that use it are checked against the book's.
fn signature(
    name: &str,
    new: (&[Param], &TypeExpr, Span),
    old: (&[Param], &TypeExpr, Span),
) -> Option<Diag> {
    let (a, b) = (signature_text(new.0, new.1), signature_text(old.0, old.1));
    (a != b).then(|| {
        Diag::new(
            E_SIGNATURE,
            format!("`{name}{a}` is not the law book's `{name}{b}`"),
        )
        .label(new.2, "the regulation's")
        .label(old.2, "the law book's")
        .help(format!(
            "give it the law book's parameters and type: `{name}{b}`"
        ))
    })
}

/// The law a definition or table is written in, for a message that names no paragraph.
fn law_of(files: &[LawFile], name: &str) -> Option<u32> {
    files.iter().flat_map(|f| f.laws.iter()).find_map(|l| {
        l.items
            .iter()
            .any(|i| {
                matches!(i, Item::Define(d) if d.name.name == name)
                    || matches!(i, Item::Table(t) if t.name.name == name)
            })
            .then_some(l.number)
    })
}

fn find_define<'a>(files: &'a mut [LawFile], name: &str) -> Option<&'a mut Define> {
    files
        .iter_mut()
        .flat_map(|f| f.laws.iter_mut())
        .flat_map(|l| l.items.iter_mut())
        .find_map(|i| match i {
            Item::Define(d) if d.name.name == name => Some(d),
            _ => None,
        })
}

fn find_table<'a>(files: &'a mut [LawFile], name: &str) -> Option<&'a mut Table> {
    files
        .iter_mut()
        .flat_map(|f| f.laws.iter_mut())
        .flat_map(|l| l.items.iter_mut())
        .find_map(|i| match i {
            Item::Table(t) if t.name.name == name => Some(t),
            _ => None,
        })
}

fn unknown(name: &str, span: Span, kind: &str, files: &[LawFile]) -> Diag {
    let names: Vec<&str> = files
        .iter()
        .flat_map(|f| f.laws.iter())
        .flat_map(|l| l.items.iter())
        .filter_map(|i| match i {
            Item::Define(d) => Some(d.name.name.as_str()),
            Item::Table(t) => Some(t.name.name.as_str()),
            _ => None,
        })
        .collect();
    let hint = crate::suggest::did_you_mean(name, names);
    Diag::new(E_UNKNOWN, format!("the law book has no {kind} `{name}`"))
        .label(span, format!("no such {kind}"))
        .help(if hint.is_empty() {
            "`lawbook check --delegated` lists what a regulation may set".to_string()
        } else {
            hint
        })
}
