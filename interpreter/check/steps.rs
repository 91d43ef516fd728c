//! Checking a rectification's decision trees and steps: that each paragraph is declared and
//! reached once, that each step's names and types fit (an option's answers, an obligation's
//! arguments, a card to retract, a side to award tricks to).

use super::*;

impl Checker {
    pub(super) fn check_decision(&self, d: &Decision, scope: &Scope, seen: &mut Vec<String>) {
        // Its checks compare every rule with every other (same paragraph, exception cycles,
        // rules that both apply); 10,000 rules made a hundred million pairs.
        if d.rules.len() > MAX_DECISION_RULES {
            self.err(
                Diag::new(
                    E_SIZE,
                    format!(
                        "a decision of {} rules; one may have at most {MAX_DECISION_RULES}",
                        d.rules.len()
                    ),
                )
                .label(d.rules[MAX_DECISION_RULES].id.span, "one rule too many")
                .help("split it: a rule can `decide { … }` among rules of its own, or `goto` a procedure"),
            );
            return;
        }
        let ids: Vec<&str> = d.rules.iter().map(|r| r.id.text.as_str()).collect();
        for (i, r) in d.rules.iter().enumerate() {
            if ids[..i].contains(&r.id.text.as_str()) {
                let prev = d.rules[ids.iter().position(|x| *x == r.id.text).unwrap()]
                    .id
                    .span;
                self.err(
                    Diag::new(
                        E_DUP,
                        format!("two rules of one decision are both {}", r.id.text),
                    )
                    .label(r.id.span, "again here")
                    .label(prev, "first here")
                    .help("each rule of a decision is a different paragraph"),
                );
            }
            for e in &r.except {
                if !ids.contains(&e.text.as_str()) {
                    self.err(
                        Diag::new(E_REF, format!("{} is not a rule of this decision", e.text))
                            .label(e.span, "`except` names a sibling rule")
                            .help(format!(
                                "the rules here are {}; {}",
                                ids.join(", "),
                                self.did_you_mean(&e.text, ids.iter().copied())
                            )),
                    );
                }
            }
            if let Some(w) = &r.when {
                self.expect(w, scope, &Type::Bool);
            }
            self.check_block(&r.block, scope, seen);
        }
        // Exception cycles.
        let edges: HashMap<&str, Vec<&str>> = d
            .rules
            .iter()
            .map(|r| {
                (
                    r.id.text.as_str(),
                    r.except.iter().map(|e| e.text.as_str()).collect(),
                )
            })
            .collect();
        for r in &d.rules {
            if let Some(cycle) = find_cycle(r.id.text.as_str(), &edges) {
                if cycle[0] == r.id.text {
                    let mut diag = Diag::new(
                        E_EXC,
                        format!("exception cycle: {}", cycle.join(" yields to ")),
                    )
                    .help("an exception must not, through others, be an exception to itself: remove one `except`");
                    for id in &cycle[..cycle.len() - 1] {
                        if let Some(rule) = d.rules.iter().find(|x| x.id.text == *id) {
                            diag = diag.label(rule.id.span, format!("{id} is in the cycle"));
                        }
                    }
                    self.err(diag);
                    return;
                }
            }
        }
        // Sibling rules that always both apply: no condition on either, or the same condition,
        // and no exception between them.
        // Each rule's condition written out once, and what each rule yields to, once (not
        // per pair).
        let when: Vec<Option<String>> =
            d.rules.iter().map(|r| r.when.as_ref().map(strip)).collect();
        let yields: Vec<HashSet<&str>> = d
            .rules
            .iter()
            .map(|r| reachable(&r.id.text, &edges))
            .collect();
        for (i, a) in d.rules.iter().enumerate() {
            for (j, b) in d.rules.iter().enumerate().skip(i + 1) {
                if yields[i].contains(b.id.text.as_str()) || yields[j].contains(a.id.text.as_str())
                {
                    continue;
                }
                let same = when[i] == when[j];
                if same {
                    self.err(
                        Diag::new(
                            E_AMB,
                            format!("{} and {} both apply whenever either does", a.id.text, b.id.text),
                        )
                        .label(a.id.span, "this rule")
                        .label(b.id.span, "and this rule have the same condition")
                        .help(format!(
                            "say which yields: `{} except {}`, or give them conditions that exclude each other",
                            b.id.text, a.id.text
                        )),
                    );
                }
            }
        }
    }

    /// A statement that moves a card names a card variable of the trigger.
    fn expect_card_var(&self, v: &Ident, scope: &Scope, help: &str) {
        match scope.iter().rev().find(|(n, _)| *n == v.name) {
            Some((_, Type::Card)) => {}
            Some((_, t)) => self.err(
                Diag::new(E_TYPE, format!("`{}` is a {t}, not a card", v.name))
                    .label(v.span, "not a card")
                    .help(help),
            ),
            None => self.unknown_name(&v.name, v.span, scope),
        }
    }

    /// `no irregularity as NAME`: NAME is an act the book declares (listed under its name
    /// and law).
    fn check_act_named(&self, name: &Ident) {
        if self.book.act_named(&name.name).is_some() {
            return;
        }
        let acts = self
            .book
            .irregularities
            .iter()
            .filter(|i| i.decl.act)
            .map(|i| i.decl.name.name.as_str());
        let hint = self.did_you_mean(&name.name, acts);
        let what = if self
            .book
            .irregularities
            .iter()
            .any(|i| i.decl.name.name == name.name)
        {
            format!(
                "`{}` is an irregularity, and `no irregularity as` names an act",
                name.name
            )
        } else {
            format!("no act is called `{}`", name.name)
        };
        self.err(
            Diag::new(E_NAME, what)
                .label(name.span, "not an act of the law book")
                .help(if hint.is_empty() {
                    "declare it: `act NAME { on … when … }`".to_string()
                } else {
                    hint
                }),
        );
    }

    pub(super) fn check_block(&self, b: &Block, scope: &Scope, seen: &mut Vec<String>) {
        for s in &b.steps {
            match &s.kind {
                StepKind::Choose { option, arms } => {
                    let Some(o) = self.book.options.get(&option.name).cloned() else {
                        self.unknown_option(option);
                        continue;
                    };
                    let limits = o.limits.iter().flat_map(|l| &l.by);
                    let seats = o.chooser.iter().chain(&o.seconds).chain(limits);
                    for c in seats.chain(&o.open_until) {
                        self.expect(c, scope, &Type::Seat);
                    }
                    for w in o.answer_when.iter().flatten() {
                        self.expect(w, scope, &Type::Bool);
                    }
                    let all = answer_names(&o);
                    for im in &o.implied {
                        self.expect(&im.by, scope, &Type::Seat);
                        if let Some(w) = &im.when {
                            self.expect(w, scope, &Type::Bool);
                        }
                    }
                    for a in arms {
                        if !all.contains(&a.answer.name) {
                            self.err(
                                Diag::new(
                                    E_NAME,
                                    format!(
                                        "`{}` is not an answer of option `{}`",
                                        a.answer.name, o.name.name
                                    ),
                                )
                                .label(a.answer.span, "unknown answer")
                                .help(format!(
                                    "the answers are {}; {}",
                                    all.join(", "),
                                    self.did_you_mean(
                                        &a.answer.name,
                                        all.iter().map(|s| s.as_str())
                                    )
                                )),
                            );
                        }
                        self.check_block(&a.block, scope, seen);
                    }
                    for ans in &all {
                        if !arms.iter().any(|a| &a.answer.name == ans) {
                            self.err(
                                Diag::new(
                                    "lawbook::check::unhandled_answer",
                                    format!(
                                        "answer `{ans}` of option `{}` leads nowhere",
                                        o.name.name
                                    ),
                                )
                                .label(option.span, "this choice has no arm for it")
                                .help(format!("add `{ans} => …`")),
                            );
                        }
                    }
                }
                StepKind::AwaitCall {
                    var, by, decision, ..
                } => {
                    self.expect(by, scope, &Type::Seat);
                    let mut inner = scope.clone();
                    inner.push((var.name.clone(), Type::Call));
                    self.check_decision(decision, &inner, seen);
                }
                StepKind::Decide(d) => self.check_decision(d, scope, seen),
                StepKind::Goto(id, when) => {
                    if let Some(w) = when {
                        self.expect(w, scope, &Type::Bool);
                    }
                    match self.book.procedures.get(&id.text).cloned() {
                    None => {
                        let hint =
                            self.did_you_mean(&id.text, self.book.procedures.keys().map(|s| s.as_str()));
                        self.err(
                            Diag::new(E_REF, format!("there is no procedure {} to go to", id.text))
                                .label(id.span, "missing procedure")
                                .help(if hint.is_empty() {
                                    format!("write `procedure {} …`", id.text)
                                } else {
                                    hint
                                }),
                        )
                    }
                    // The procedure is checked here, in this scope, and its own gotos from
                    // it: a chain of 70,000 gotos overflowed the stack.
                    Some(_) if seen.len() >= MAX_GOTO_DEPTH => self.err(
                        Diag::new(
                            E_SIZE,
                            format!("more than {MAX_GOTO_DEPTH} procedures reached one through another"),
                        )
                        .label(id.span, "one goto too many")
                        .help("a procedure that goes to a procedure that goes to … ends within this many; join some of them"),
                    ),
                    Some(p) => {
                        let key = (
                            p.id.text.clone(),
                            scope.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>(),
                        );
                        if !seen.contains(&p.id.text) && self.checked_procedures.borrow_mut().insert(key) {
                            seen.push(p.id.text.clone());
                            self.check_block(&p.block, scope, seen);
                            seen.pop();
                        }
                    }
                }
                }
                StepKind::Refer(ids, when) => {
                    for id in ids {
                        self.check_ref(id);
                    }
                    if let Some(w) = when {
                        self.expect(w, scope, &Type::Bool);
                    }
                }
                StepKind::Defer(name) => {
                    if !self
                        .book
                        .irregularities
                        .iter()
                        .any(|i| i.decl.name.name == name.name)
                    {
                        let known = self.irregularity_names();
                        self.err(
                            Diag::new(E_NAME, format!("no irregularity is called `{}`", name.name))
                                .label(name.span, "unknown irregularity")
                                .help(
                                    self.did_you_mean(&name.name, known.iter().map(|s| s.as_str())),
                                ),
                        );
                    }
                }
                // A call of this rectification by its name, or an entry of the auction.
                StepKind::Again {
                    target,
                    in_place_of,
                } => {
                    let call_var = match &target.kind {
                        ExprKind::Name(n) => scope
                            .iter()
                            .rev()
                            .find(|(v, _)| v == n)
                            .is_some_and(|(_, t)| *t == Type::Call),
                        _ => false,
                    };
                    match in_place_of {
                        Some(e) => {
                            self.expect(e, scope, &Type::Entry);
                            if !call_var {
                                self.expect(target, scope, &Type::Call);
                            }
                        }
                        None if !call_var => self.expect(target, scope, &Type::Entry),
                        None => {}
                    }
                }
                StepKind::Stands(v) | StepKind::Cancel { var: v, .. } => {
                    // A card stands too: it stays played (47F2: taken back against the law).
                    let card = matches!(s.kind, StepKind::Stands(_));
                    match scope.iter().rev().find(|(n, _)| *n == v.name) {
                        Some((_, Type::Call)) => {}
                        Some((_, Type::Card)) if card => {}
                        Some((_, t)) => self.err(
                            Diag::new(E_TYPE, format!("`{}` is a {t}, not a call", v.name))
                                .label(v.span, "not a call")
                                .help("a call can stand or be cancelled; a card can only stand"),
                        ),
                        None => self.unknown_name(&v.name, v.span, scope),
                    }
                }
                StepKind::DeemedPass(e, when) => {
                    self.expect(e, scope, &Type::Seat);
                    if let Some(w) = when {
                        self.expect(w, scope, &Type::Bool);
                    }
                }
                StepKind::Impose {
                    obligation,
                    args,
                    on,
                    ..
                }
                | StepKind::Lift {
                    obligation,
                    args,
                    on,
                } => {
                    self.expect(on, scope, &Type::Seat);
                    match self.book.obligations.get(&obligation.name).cloned() {
                        None => {
                            let hint = self.did_you_mean(
                                &obligation.name,
                                self.book.obligations.keys().map(|s| s.as_str()),
                            );
                            self.err(
                                Diag::new(
                                    E_NAME,
                                    format!("no obligation is called `{}`", obligation.name),
                                )
                                .label(obligation.span, "unknown obligation")
                                .help(hint),
                            )
                        }
                        Some(o) => {
                            if o.params.len() != args.len() {
                                self.err(
                                    Diag::new(
                                        E_TYPE,
                                        format!(
                                            "obligation `{}` takes {} argument(s), not {}",
                                            o.name.name,
                                            o.params.len(),
                                            args.len()
                                        ),
                                    )
                                    .label(obligation.span, "wrong number of arguments")
                                    .help("give one value per parameter of the obligation"),
                                );
                            }
                            for (a, p) in args.iter().zip(&o.params) {
                                if let Some(t) = resolve_type(&p.ty) {
                                    self.expect(a, scope, &t);
                                }
                            }
                        }
                    }
                }
                StepKind::NoIrregularity(Some(name)) => self.check_act_named(name),
                StepKind::NoRectification
                | StepKind::EndRectification
                | StepKind::NoIrregularity(None)
                | StepKind::NoClaim
                | StepKind::Redeal
                | StepKind::RestartPlay
                | StepKind::RestoreDeal
                | StepKind::NoResult => {}
                StepKind::AnswerChoice { option, answer } => {
                    self.check_answer_choice(option, answer)
                }
                StepKind::AtAuctionEnd(b) | StepKind::AtPlayEnd(b) => {
                    self.check_block(b, scope, seen)
                }
                StepKind::Retract(v) => self.expect_card_var(
                    v,
                    scope,
                    "only a card played (the card of a `play` trigger) can be retracted",
                ),
                StepKind::LeadFrom(e) => self.expect(e, scope, &Type::Seat),
                StepKind::PlayCard { card, together } => {
                    self.expect_card_var(
                        card,
                        scope,
                        "a card variable (`for each c in x { play c }` for the cards of an exposure)",
                    );
                    if let Some(e) = together {
                        self.expect(e, scope, &Type::List(Box::new(Type::Card)));
                    }
                }
                StepKind::Place { card, trick } => {
                    self.expect_card_var(
                        card,
                        scope,
                        "only a card supplied (the card of a `supply` trigger) can be placed",
                    );
                    if let Some(t) = trick {
                        self.expect(t, scope, &Type::Int);
                    }
                }
                StepKind::SetFact(f) => {
                    if !self.book.facts.contains_key(&f.name) {
                        let hint =
                            self.did_you_mean(&f.name, self.book.facts.keys().map(|s| s.as_str()));
                        self.err(
                            Diag::new(
                                E_NAME,
                                format!("`{}` is not a fact of the law book", f.name),
                            )
                            .label(f.span, "not declared with `fact`")
                            .help(if hint.is_empty() {
                                format!(
                                    "declare it in a law: `fact {} {{ ask en \"…\" … }}`",
                                    f.name
                                )
                            } else {
                                hint
                            }),
                        );
                    }
                }
                StepKind::Transfer { count, to } | StepKind::Award { count, to } => {
                    self.expect(count, scope, &Type::Int);
                    self.expect(to, scope, &Type::Side);
                }
                StepKind::Withdraw { entry, .. } => self.expect(entry, scope, &Type::Entry),
                StepKind::AwaitDirector { decision: d, .. } => self.check_decision(d, scope, seen),
                StepKind::ForEach { var, list, block } => {
                    let elem = match self.infer(list, scope) {
                        Some(Type::List(t)) => *t,
                        Some(other) => {
                            self.err(
                                Diag::new(E_TYPE, format!("expected a list, found {}", a(&other)))
                                    .label(list.span, "not a list")
                                    .help("`for each x in xs` runs over a list"),
                            );
                            Type::Any
                        }
                        None => Type::Any,
                    };
                    let mut inner = scope.clone();
                    inner.push((var.name.clone(), elem));
                    self.check_block(block, &inner, seen);
                }
            }
        }
    }
}

impl Checker {
    /// A `choose` or `answer` naming no option of the book.
    fn unknown_option(&self, option: &Ident) {
        let hint = self.did_you_mean(&option.name, self.book.options.keys().map(|s| s.as_str()));
        self.err(
            Diag::new(E_NAME, format!("no option is called `{}`", option.name))
                .label(option.span, "unknown option")
                .help(if hint.is_empty() {
                    "declare it with `option NAME by SEAT { answers …; ask … }`".into()
                } else {
                    hint
                }),
        );
    }

    /// `answer OPTION ANSWER`: the option exists and the answer is one of its own.
    fn check_answer_choice(&self, option: &Ident, answer: &Ident) {
        let Some(o) = self.book.options.get(&option.name) else {
            self.unknown_option(option);
            return;
        };
        let all = answer_names(o);
        if !all.contains(&answer.name) {
            let what = "`answer` gives one of the option's answers";
            self.not_an_answer(o, answer, what, Some(&all));
        }
    }
}

/// An option's answers: those it offers, its default and those a call or card implies, each
/// once, in that order.
fn answer_names(o: &OptionDecl) -> Vec<String> {
    let mut all: Vec<String> = vec![];
    let named = o
        .answers
        .iter()
        .chain(&o.default)
        .chain(o.implied.iter().map(|im| &im.answer));
    for a in named {
        if !all.contains(&a.name) {
            all.push(a.name.clone());
        }
    }
    all
}
