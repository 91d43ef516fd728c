//! The first pass of the checker: every law's declarations collected into the law book (laws,
//! paragraphs, definitions, tables, irregularities, findings, facts, options, obligations,
//! rectifications, procedures), with the diagnostics for duplicates and misplaced items.

use super::*;

impl Checker {
    /// The files' declarations are moved into the book, not copied.
    pub(super) fn collect(&mut self, files: Vec<LawFile>) {
        let mut names: HashMap<String, Span> = HashMap::new();
        for file in files {
            for law in file.laws {
                self.collect_law(law, &mut names);
            }
        }
        for (rect, law) in std::mem::take(&mut self.rectifies) {
            let Some(target) = rect.irregularity.clone() else {
                self.book.every_irregularity.push(rect);
                continue;
            };
            match self
                .book
                .irregularities
                .iter_mut()
                .find(|i| i.decl.name.name == target.name)
            {
                Some(info) if info.rectify.is_some() => {
                    let first = info.rectify.as_ref().unwrap().span;
                    self.err(
                        Diag::new(E_DUP, format!("`{}` is rectified twice", target.name))
                            .label(rect.span, "second rectification")
                            .label(first, "first rectification")
                            .help("merge the two rectify blocks into one decision"),
                    );
                }
                Some(info) => info.rectify = Some(rect),
                None => {
                    let known = self.irregularity_names();
                    let hint = self.did_you_mean(&target.name, known.iter().map(|s| s.as_str()));
                    self.err(
                        Diag::new(
                            E_NAME,
                            format!("no irregularity is called `{}`", target.name),
                        )
                        .label(target.span, "unknown irregularity")
                        .help(if hint.is_empty() {
                            "declare it with `irregularity NAME { on call c by offender when … }`"
                                .to_string()
                        } else {
                            hint
                        }),
                    );
                }
            }
            let _ = law;
        }
        for (name, params, result, why) in ENTRY_POINTS {
            let want: Vec<Type> = params.iter().map(|(_, t)| t()).collect();
            let have = self
                .book
                .defines
                .get(*name)
                .map(|d| (d.span, &d.params, &d.ty));
            let have_table = self
                .book
                .tables
                .get(*name)
                .map(|t| (t.span, &t.params, &t.ty));
            match have.or(have_table) {
                None => {
                    let sig = params
                        .iter()
                        .map(|(n, t)| format!("{n}: {}", t()))
                        .collect::<Vec<_>>()
                        .join(", ");
                    let first = self.book.laws.values().next().map(|l| l.span);
                    let mut d = Diag::new(
                        E_ENTRY,
                        format!("the law book does not define `{name}`, which the table needs to know {why}"),
                    )
                    .help(format!(
                        "define it: `define {name}{}: {} = …`",
                        if sig.is_empty() { String::new() } else { format!("({sig})") },
                        result()
                    ));
                    if let Some(s) = first {
                        d = d.label(
                            Span::new(s.file, s.start as usize, s.start as usize),
                            "in this law book",
                        );
                    }
                    self.err(d);
                }
                Some((span, ps, ty)) => {
                    let got: Vec<Option<Type>> = ps.iter().map(|p| resolve_type(&p.ty)).collect();
                    let ok = got.len() == want.len()
                        && got.iter().zip(&want).all(|(g, w)| g.as_ref() == Some(w))
                        && resolve_type(ty).as_ref() == Some(&result());
                    if !ok {
                        self.err(
                            Diag::new(
                                E_ENTRY,
                                format!("`{name}` has the wrong parameters or result"),
                            )
                            .label(span, "declared here")
                            .help(format!(
                                "the table asks it {why}; it must take ({}) and give {}",
                                want.iter()
                                    .map(|t| t.to_string())
                                    .collect::<Vec<_>>()
                                    .join(", "),
                                result()
                            )),
                        );
                    }
                }
            }
        }
    }

    pub(super) fn collect_law(&mut self, mut law: Law, names: &mut HashMap<String, Span>) {
        if let Some(prev) = self.book.laws.get(&law.number) {
            let prev = prev.number_span;
            let what = if law.number == 0 {
                "the definitions".to_string()
            } else {
                format!("law {}", law.number)
            };
            self.err(
                Diag::new(E_DUP, format!("{what} is written twice"))
                    .label(law.number_span, "written again here")
                    .label(prev, "first written here")
                    .help("keep one; a law book holds each law once"),
            );
            return;
        }
        let titles = match law.titles.first() {
            Some(t) => t.clone(),
            None => {
                if law.number != 0 {
                    self.err(
                        Diag::new(
                            "lawbook::check::title",
                            format!("law {} has no title", law.number),
                        )
                        .label(law.number_span, "no `title` in this law")
                        .help("add `title en \"…\" sk \"…\" pl \"…\" hu \"…\"`"),
                    );
                }
                Translations {
                    entries: vec![],
                    span: law.span,
                }
            }
        };
        self.book.laws.insert(
            law.number,
            LawInfo {
                number: law.number,
                number_span: law.number_span,
                titles,
                sources: std::mem::take(&mut law.sources),
                span: law.span,
            },
        );
        let mut declare = |c: &mut Checker, name: &Ident, what: &str| {
            if let Some(prev) = names.get(&name.name) {
                c.err(
                    Diag::new(E_DUP, format!("`{}` is declared twice", name.name))
                        .label(
                            name.span,
                            format!("this {what} has the name of another declaration"),
                        )
                        .label(*prev, "first declared here")
                        .help("rename one of them"),
                );
            } else if builtin(&name.name).is_some()
                || constant(&name.name).is_some()
                || state(&name.name).is_some()
            {
                c.err(
                    Diag::new(
                        E_DUP,
                        format!(
                            "`{}` is a name of the model and cannot be redefined",
                            name.name
                        ),
                    )
                    .label(name.span, "reserved name")
                    .help("choose another name"),
                );
            } else {
                names.insert(name.name.clone(), name.span);
            }
        };
        for item in std::mem::take(&mut law.items) {
            match item {
                Item::Paragraph(p) => {
                    self.check_para_law(&p.id, &law);
                    if let Some(prev) = self
                        .book
                        .paragraphs
                        .get(&p.id.text)
                        .filter(|x| !x.operative)
                    {
                        let prev = prev.span;
                        self.err(
                            Diag::new(E_DUP, format!("paragraph {} is declared twice", p.id.text))
                                .label(p.id.span, "declared again here")
                                .label(prev, "first declared here")
                                .help("paragraph ids are unique in a law book"),
                        );
                        continue;
                    }
                    self.book.paragraphs.insert(
                        p.id.text.clone(),
                        ParagraphInfo {
                            id: p.id.text.clone(),
                            law: law.number,
                            titles: p.titles.first().cloned(),
                            judgement: p.judgement.clone(),
                            conduct: p.conduct.clone(),
                            delegated: p.delegated.as_ref().map(|d| d.name.clone()),
                            regulated: p.regulated.as_ref().map(|r| r.0.clone()),
                            span: p.id.span,
                            operative: false,
                        },
                    );
                }
                Item::Define(d) => {
                    declare(self, &d.name, "definition");
                    self.book.defines.insert(d.name.name.clone(), d);
                }
                Item::Table(t) => {
                    declare(self, &t.name, "table");
                    self.book.tables.insert(t.name.name.clone(), t);
                }
                Item::Irregularity(i) => {
                    declare(self, &i.name, "irregularity");
                    self.book.irregularities.push(IrregularityInfo {
                        lets_for_when: i.lets_for_when(),
                        decl: i,
                        law: law.number,
                        rectify: None,
                    });
                }
                Item::Finding(f) => {
                    declare(self, &f.name, "finding");
                    self.check_translations(&f.ask, "question");
                    self.book.findings.insert(f.name.name.clone(), f);
                }
                Item::Fact(f) => {
                    declare(self, &f.name, "fact");
                    self.check_translations(&f.ask, "statement");
                    self.book.facts.insert(f.name.name.clone(), f);
                }
                Item::Option(o) => {
                    declare(self, &o.name, "option");
                    self.check_translations(&o.ask, "question");
                    self.book.options.insert(o.name.name.clone(), o);
                }
                Item::Obligation(o) => {
                    let kind = if o.permission {
                        "permission"
                    } else {
                        "obligation"
                    };
                    declare(self, &o.name, kind);
                    self.book.obligations.insert(o.name.name.clone(), o);
                }
                Item::Rectify(r) => self.rectifies.push((r, law.number)),
                Item::Procedure(p) => {
                    if let Some(prev) = self.book.procedures.get(&p.id.text) {
                        let prev = prev.id.span;
                        self.err(
                            Diag::new(E_DUP, format!("procedure {} is written twice", p.id.text))
                                .label(p.id.span, "written again here")
                                .label(prev, "first written here")
                                .help("paragraph ids are unique in a law book"),
                        );
                    } else {
                        self.book.procedures.insert(p.id.text.clone(), p);
                    }
                }
            }
        }
        for t in &law.titles {
            self.check_translations(t, "title");
        }
    }
}
