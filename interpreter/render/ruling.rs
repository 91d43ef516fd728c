//! The ruling as text: the decision tree, each outcome (the irregularities and what each
//! paragraph did, the auction, the obligations, the claim, the tricks and the score) and
//! the notes, in the reader's language.

use super::*;

impl Renderer<'_> {
    /// The tree; with `shared` (the short view), each question shows per branch only the
    /// blocks not every branch holds, nor a question above it.
    pub(super) fn node_with(
        &self,
        node: &Node,
        indent: &str,
        shared: Option<&short::Shared>,
        out: &mut String,
    ) {
        match node {
            Node::Outcome(o) => match shared {
                Some(s) => self.outcome_differences(o, indent, s, out),
                None => self.outcome(o, indent, out),
            },
            Node::Branch { question, branches } => {
                // The short view: what the branches share is said once, after them.
                let split = shared.map(|known| self.split_shared(branches, known));
                put_line(out, &[indent, &self.question(question)]);
                for (i, b) in branches.iter().enumerate() {
                    let last = i + 1 == branches.len();
                    let below = split.as_ref().map(|s| &s.below);
                    self.branch(question, b, indent, last, below, out);
                }
                if let Some(split) = split {
                    self.said_once(split, indent, out);
                }
            }
        }
    }

    fn question(&self, q: &Question) -> String {
        let ask = match q.kind.as_str() {
            "finding" => self
                .book
                .findings
                .get(&q.name)
                .and_then(|f| f.ask.get(self.lang))
                .map(str::to_string),
            "choice" => self
                .book
                .options
                .get(&q.name)
                .and_then(|o| o.ask.get(self.lang))
                .map(str::to_string),
            "call" => q
                .who
                .map(|s| self.p("ask_next_call", &[("seat", A::Seat(s))])),
            _ => None,
        }
        .unwrap_or_else(|| q.ask.clone());
        match (q.kind.as_str(), q.who) {
            ("choice", Some(who)) => self.p(
                "open_choice",
                &[("who", A::Seat(who)), ("ask", A::owned(ask))],
            ),
            ("call", Some(who)) => self.p(
                "open_call",
                &[("who", A::Seat(who)), ("ask", A::owned(ask))],
            ),
            ("choice", None) => self.p("open_choice_director", &[("ask", A::owned(ask))]),
            _ => match &q.about {
                Some(a) if a.act.is_some() => self.p(
                    "open_finding_about_act",
                    &[
                        ("seat", A::Seat(a.seat)),
                        (
                            "act",
                            A::owned(self.thing(a.act.as_deref().unwrap_or_default())),
                        ),
                        ("n", A::Num(a.number as i64)),
                        ("ask", A::owned(ask)),
                    ],
                ),
                Some(a) => self.p(
                    "open_finding_about",
                    &[
                        ("seat", A::Seat(a.seat)),
                        ("call", A::owned(self.thing(&a.call))),
                        ("n", A::Num(a.number as i64)),
                        ("ask", A::owned(ask)),
                    ],
                ),
                None => self.p("open_finding", &[("ask", A::owned(ask))]),
            },
        }
    }

    fn branch(
        &self,
        q: &Question,
        b: &Branch,
        indent: &str,
        last: bool,
        shared: Option<&short::Shared>,
        out: &mut String,
    ) {
        let (head, more) = if last {
            ("└─ ", "   ")
        } else {
            ("├─ ", "│  ")
        };
        let label = if !b.calls.is_empty() {
            let calls: Vec<String> = b.calls.iter().map(|c| self.thing(c)).collect();
            let summary = if calls.len() <= 4 {
                calls.join(", ")
            } else {
                self.p(
                    "call_group",
                    &[
                        ("first", A::text(&calls[0])),
                        ("second", A::text(&calls[1])),
                        ("last", A::text(&calls[calls.len() - 1])),
                        ("n", A::Num(calls.len() as i64)),
                    ],
                )
            };
            if calls.len() > 4 {
                format!("{summary} — {}", calls.join(" "))
            } else {
                summary
            }
        } else if let Some((from, to)) = (q.kind == "finding")
            .then(|| b.answer.split_once(".."))
            .flatten()
        {
            self.p(
                "branch_found_range",
                &[("from", A::text(from)), ("to", A::text(to))],
            )
        } else if q.kind == "finding" {
            let word = self
                .lex
                .words
                .word("yesno", &b.answer, self.lang)
                .unwrap_or(&b.answer);
            self.p(
                "branch_finding",
                &[("id", A::text(&b.answer)), ("answer", A::text(word))],
            )
        } else {
            // An option's own word for an answer first (SK 25B1 "akceptovať", where 27A
            // says "prijať"), then the answer's.
            let own = ["answer", &q.name, &b.answer];
            let answer = if self.has(&own) {
                self.p_at(&own, &[])
            } else {
                self.named("answer", &b.answer)
            };
            self.p(
                "branch_choice",
                &[("id", A::text(&b.answer)), ("answer", A::owned(answer))],
            )
        };
        put_line(out, &[indent, head, &label]);
        self.node_with(&b.node, &format!("{indent}{more}"), shared, out);
    }

    /// A call of the auction line with its seat, and its status unless it stands.
    fn auction_call(&self, c: &CallLine) -> String {
        let call = A::owned(self.thing(&c.call));
        match c.status {
            "stands" => self.p("auction_call", &[("seat", A::Seat(c.seat)), ("call", call)]),
            s => self.p(
                "auction_call_status",
                &[
                    ("seat", A::Seat(c.seat)),
                    ("call", call),
                    // In the gender of the call: Slovak "pas (zrušený)" but
                    // "1♠ (zrušená)".
                    (
                        "status",
                        A::owned(self.p_kind(&["status", s], &c.call, &[])),
                    ),
                ],
            ),
        }
    }

    pub(super) fn outcome(&self, o: &Outcome, indent: &str, out: &mut String) {
        for i in o.irregularities.iter() {
            self.irregularity(i, indent, out);
        }
        if !o.auction.is_empty() {
            // The calls written one after the other into one string, each once a text
            // (`memo`): every node of a tree shows its auction, most of it its parent's.
            let mut calls = String::with_capacity(o.auction.len() * 24);
            for (i, c) in o.auction.iter().enumerate() {
                if i > 0 {
                    calls.push_str(", ");
                }
                memo::once(
                    &self.lex.kept(self.lang).auction_calls,
                    c,
                    || self.auction_call(c),
                    |said| calls.push_str(said),
                );
            }
            put_line(
                out,
                &[indent, &self.p("auction", &[("calls", A::owned(calls))])],
            );
        }
        if o.redealt {
            put_line(out, &[indent, &self.p("redealt", &[])]);
        } else if o.no_result {
            put_line(out, &[indent, &self.p("no_result", &[])]);
        } else if o.passed_out {
            put_line(out, &[indent, &self.p("passed_out", &[])]);
        } else if o.auction_ended {
            put_line(out, &[indent, &self.p("auction_ended", &[])]);
        } else if !o.auction.is_empty() {
            put_line(out, &[indent, &self.p("auction_continues", &[])]);
        }
        for ob in &o.obligations {
            self.obligation(ob, indent, out);
        }
        // Paragraphs that wait for the end of the auction or of the play.
        for (phrase, paragraphs) in [
            ("at_auction_end", &o.at_auction_end),
            ("at_play_end", &o.at_play_end),
        ] {
            for p in paragraphs {
                let title = self.title(p);
                put_line(
                    out,
                    &[
                        indent,
                        &without_title_gap(self.p(
                            phrase,
                            &[("paragraph", A::text(p)), ("title", A::owned(title))],
                        )),
                    ],
                );
            }
        }
        if let Some(c) = &o.contract {
            let risk = match c.risk {
                2 => self.p("risk_doubled", &[]),
                4 => self.p("risk_redoubled", &[]),
                _ => String::new(),
            };
            let bid = self.call(Call::bid(c.level, c.strain));
            put_line(
                out,
                &[
                    indent,
                    &self.p(
                        "contract",
                        &[
                            ("bid", A::owned(bid)),
                            ("risk", A::owned(risk)),
                            ("declarer", A::Seat(c.declarer)),
                        ],
                    ),
                ],
            );
        }
        for d in &o.designations {
            let cards = d
                .cards
                .iter()
                .map(|c| self.thing(c))
                .collect::<Vec<_>>()
                .join(" ");
            // Declarer's word ("high", "low", "win", "anything") in the reader's language; a
            // suit, a rank or a card in its notation.
            let key = ["designation_word", &d.words];
            let words = if self.has(&key) {
                self.p_at(&key, &[])
            } else {
                self.thing(&d.words)
            };
            let cards = if cards.is_empty() {
                "–".to_string()
            } else {
                cards
            };
            let args = [
                ("seat", A::Seat(d.dummy)),
                ("words", A::owned(words)),
                ("cards", A::owned(cards)),
            ];
            let id = if d.cards.len() == 1 {
                "designation_card"
            } else {
                "designation_open"
            };
            put_line(out, &[indent, &self.p(id, &args)]);
        }
        if let Some(c) = &o.claim {
            self.claim(c, indent, out);
        }
        if let Some(t) = o.tricks {
            let line = match (o.tricks_in_play, o.tricks_awarded) {
                // Tricks moved after the claim's division too (64 after a claim ended the
                // play): the parts do not add up to the total without them.
                (Some(p), Some(a)) if u16::from(p) + u16::from(a) != u16::from(t) => self.p(
                    "tricks_after_claim_and_transfer",
                    &[
                        ("n", A::Num(t as i64)),
                        ("played", A::Num(p as i64)),
                        ("awarded", A::Num(a as i64)),
                    ],
                ),
                (Some(p), Some(a)) => self.p(
                    "tricks_after_claim",
                    &[
                        ("n", A::Num(t as i64)),
                        ("played", A::Num(p as i64)),
                        ("awarded", A::Num(a as i64)),
                    ],
                ),
                (Some(p), None) => self.p(
                    "tricks_after_transfer",
                    &[("n", A::Num(t as i64)), ("played", A::Num(p as i64))],
                ),
                _ => self.p("tricks", &[("n", A::Num(t as i64))]),
            };
            put_line(out, &[indent, &line]);
        }
        // A passed-out board has no declarer and scores nothing for either side (22B, 77).
        if let (Some(_), true) = (&o.score, o.passed_out) {
            put_line(out, &[indent, &self.p("score_passed_out", &[])]);
        } else if let Some(s) = &o.score {
            put_line(
                out,
                &[
                    indent,
                    &self.p(
                        "score",
                        &[
                            ("declarer_side", A::Num(s.declarer_side)),
                            ("ns", A::Num(s.ns)),
                            ("ew", A::Num(-s.ns)),
                        ],
                    ),
                ],
            );
        }
        if o.score.as_ref().is_some_and(|s| s.replaced) {
            put_line(out, &[indent, &self.p("score_replaced", &[])]);
        }
        for c in &o.comparisons {
            let line = match c {
                Comparison::Imps { difference, imps } => self.p(
                    "imps",
                    &[("difference", A::Num(*difference)), ("imps", A::Num(*imps))],
                ),
                Comparison::Artificial {
                    side,
                    fault,
                    percent,
                    imps,
                    ..
                } => self.p(
                    if imps.is_some() {
                        "artificial"
                    } else {
                        "artificial_from_session"
                    },
                    &[
                        ("side", A::owned(self.side(*side))),
                        ("fault", A::owned(self.p(&format!("fault.{fault}"), &[]))),
                        ("percent", A::Decimal(*percent)),
                        ("imps", A::Num(imps.unwrap_or(0))),
                    ],
                ),
                Comparison::Total { scores, total } => self.p(
                    "total_points",
                    &[
                        ("scores", A::owned(comma_list(scores))),
                        ("total", A::Num(*total)),
                    ],
                ),
                Comparison::Matchpoints {
                    score,
                    others,
                    matchpoints,
                    top,
                } => self.p(
                    "matchpoints",
                    &[
                        ("score", A::Num(*score)),
                        ("others", A::owned(comma_list(others))),
                        ("matchpoints", A::Num(*matchpoints)),
                        ("top", A::Num(*top)),
                    ],
                ),
            };
            put_line(out, &[indent, &line]);
        }
        if !o.basis.is_empty() {
            put_line(
                out,
                &[
                    indent,
                    &self.p("basis", &[("list", A::owned(o.basis.join(", ")))]),
                ],
            );
        }
        for n in &o.notes {
            put_line(
                out,
                &[indent, &self.p("note", &[("note", A::owned(self.note(n)))])],
            );
        }
    }

    /// The claim and the facts it is ruled on (Law 70): what was claimed, the worst line the
    /// statement leaves open with one play that gives it, the double-dummy result, an
    /// outstanding trump.
    fn claim(&self, c: &ClaimReport, indent: &str, out: &mut String) {
        put_line(
            out,
            &[
                indent,
                &self.p(
                    match (c.no_claim, c.concession, c.trick_in_progress) {
                        (true, true, true) => "claim_statement_conceding_trick",
                        (true, false, true) => "claim_statement_trick",
                        (true, true, false) => "claim_statement_conceding",
                        (true, false, false) => "claim_statement",
                        (false, true, _) => "claim_conceded",
                        (false, false, _) => "claim_made",
                    },
                    &[
                        ("seat", A::Seat(c.claimer)),
                        ("n", A::Num(c.claimed as i64)),
                        ("left", A::Num(c.left as i64)),
                        ("conceded", A::Num((c.left - c.claimed) as i64)),
                    ],
                ),
            ],
        );
        // A statement that is no claim is judged on no facts of a claim.
        if c.no_claim {
            return;
        }
        match (c.line_tricks, c.dd_tricks, &c.unknown) {
            (Some(line), Some(dd), _) => {
                let play = c
                    .worst_line
                    .iter()
                    .map(|card| self.thing(card))
                    .collect::<Vec<_>>()
                    .join(" ");
                put_line(
                    out,
                    &[
                        indent,
                        "  ",
                        &self.p(
                            "claim_worst_line",
                            &[("n", A::Num(line as i64)), ("play", A::owned(play))],
                        ),
                    ],
                );
                put_line(
                    out,
                    &[
                        indent,
                        "  ",
                        &self.p("claim_double_dummy", &[("n", A::Num(dd as i64))]),
                    ],
                );
                if c.trump_outstanding {
                    put_line(
                        out,
                        &[indent, "  ", &self.p("claim_trump_outstanding", &[])],
                    );
                }
            }
            (_, _, why) => {
                // A search that spent its budget is said in the rendering's language; any
                // other failure (a position no table reaches) is the engine's, in English.
                let said = match c.search_budget {
                    Some(cards) => {
                        self.p("claim_search_stopped", &[("cards", A::Num(cards as i64))])
                    }
                    None => self.p(
                        "claim_facts_unknown",
                        &[("why", A::text(why.as_deref().unwrap_or("")))],
                    ),
                };
                put_line(out, &[indent, "  ", &said]);
            }
        }
    }

    /// An irregularity's block, rendered once per text (`blocks`).
    fn irregularity(&self, i: &IrregularityRuling, indent: &str, out: &mut String) {
        // What was kept is read under one borrow of the memo, and what to do is decided
        // after it ends (keeping a block borrows the memo mutably): met a second time
        // (`Some(true)`), the first time (`Some(false)`), or never to be kept (`None`).
        let met = match self.blocks.borrow().find(i) {
            Some(memo::Kept::Lines(lines)) => return lines.write(indent, out),
            Some(memo::Kept::Render) => None,
            Some(memo::Kept::Once) => Some(true),
            None => Some(false),
        };
        match met {
            Some(true) => {}
            Some(false) => {
                self.irregularity_lines(i, indent, out);
                return self.blocks.borrow_mut().keep(i, memo::Kept::Once);
            }
            None => return self.irregularity_lines(i, indent, out),
        }
        // Met a second time: rendered with a mark for the indent, then kept without one if
        // its lines take any indent.
        let mut marked = String::new();
        self.irregularity_lines(i, memo::MARK, &mut marked);
        // The tests' texts hold no mark of their own: a block whose marks are not its
        // lines there means `lines_of` no longer counts what is written here.
        debug_assert_eq!(
            marked.matches(memo::MARK).count(),
            memo::lines_of(i),
            "memo::lines_of counts the lines irregularity_lines writes"
        );
        let kept = match memo::unmarked(&marked, memo::lines_of(i)) {
            Some(lines) => {
                lines.write(indent, out);
                memo::Kept::Lines(lines)
            }
            None => {
                self.irregularity_lines(i, indent, out);
                memo::Kept::Render
            }
        };
        self.blocks.borrow_mut().keep(i, kept);
    }

    fn irregularity_lines(&self, i: &IrregularityRuling, indent: &str, out: &mut String) {
        self.conceding.set(i.act && i.call.starts_with("concedes "));
        self.irregularity_lines_of(i, indent, out);
        self.conceding.set(false);
    }

    fn irregularity_lines_of(&self, i: &IrregularityRuling, indent: &str, out: &mut String) {
        let law_title = self.book.law_title(i.law, self.lang).unwrap_or("");
        put_line(
            out,
            &[
                indent,
                &without_title_gap(self.p(
                    if i.act { "act" } else { "irregularity" },
                    &[
                        (
                            "name",
                            A::owned(self.irregularity_name(&i.name, Some(&i.call))),
                        ),
                        ("offender", A::Seat(i.offender)),
                        ("what", A::owned(self.thing(&i.call))),
                        ("law", A::Num(i.law as i64)),
                        ("title", A::text(law_title)),
                    ],
                )),
            ],
        );
        // A call that stands until attention is drawn and is then cancelled (36A, 34) stands
        // "for now": the two lines would otherwise contradict each other.
        let cancelled_at: Vec<(usize, Seat, &str)> = i
            .decisions
            .iter()
            .enumerate()
            .flat_map(|(n, a)| a.effects.iter().map(move |e| (n, e)))
            .filter_map(|(n, e)| match e {
                Effect::Cancelled { seat, call, .. } => Some((n, *seat, call.as_str())),
                _ => None,
            })
            .collect();
        for (n, a) in i.decisions.iter().enumerate() {
            let for_now = |e: &Effect| match e {
                Effect::Stands { seat, call } => cancelled_at
                    .iter()
                    .any(|(m, s, c)| *m > n && s == seat && c == call),
                _ => false,
            };
            self.applied(a, &for_now, indent, out);
        }
    }

    /// A paragraph's title (or its enclosing section's), or its law's for a law number, in
    /// the language; nothing where the law book has none in that language.
    fn title(&self, id: &str) -> String {
        self.title_of(id).to_string()
    }

    fn title_of(&self, id: &str) -> &str {
        let t = match id.parse::<u32>() {
            Ok(law) => self.book.law_title(law, self.lang),
            Err(_) => self.book.paragraph_title(id, self.lang),
        };
        t.unwrap_or("")
    }

    fn applied(
        &self,
        a: &Applied,
        for_now: &dyn Fn(&Effect) -> bool,
        indent: &str,
        out: &mut String,
    ) {
        // The paragraph and its title; a missing title leaves no blank at the line's end.
        out.push_str(indent);
        // (Trimmed after the indent: a line's text does not depend on its indent, `memo`.)
        let start = out.len();
        for piece in ["  ", &a.paragraph, " ", self.title_of(&a.paragraph)] {
            out.push_str(piece);
        }
        out.truncate(start + out[start..].trim_end().len());
        out.push('\n');
        for e in &a.effects {
            let line = match e {
                Effect::Stands { seat, call } if for_now(e) => self.p_kind(
                    &["effect_stands_for_now"],
                    call,
                    &[
                        ("seat", A::Seat(*seat)),
                        ("call", A::owned(self.thing(call))),
                    ],
                ),
                _ => self.effect(e),
            };
            put_line(out, &[indent, "    - ", &line]);
        }
        if !a.refers.is_empty() {
            put_line(
                out,
                &[
                    indent,
                    "    ",
                    &self.p("see", &[("list", A::owned(a.refers.join(", ")))]),
                ],
            );
        }
    }

    /// An obligation's line: once a text (`memo`), as the line says nothing of where it stands.
    fn obligation(&self, ob: &ObligationLine, indent: &str, out: &mut String) {
        memo::once(
            &self.obligations,
            ob,
            || self.obligation_line(ob),
            |line| put_line(out, &[indent, line]),
        );
    }

    fn obligation_line(&self, ob: &ObligationLine) -> String {
        let text = A::owned(self.obligation_text(&ob.name, &ob.args, ob.holder, ob.duration));
        let paragraph = A::text(&ob.paragraph);
        if ob.permission {
            // Lifted when the player did what he was permitted to; otherwise not used.
            let used = if ob.status == "lifted" {
                "used"
            } else {
                "not_used"
            };
            let status = A::owned(self.named("status", used));
            self.p(
                "permission_line",
                &[("paragraph", paragraph), ("text", text), ("status", status)],
            )
        } else {
            let broken = match ob.breaches {
                _ if ob.status == "broken" => String::new(),
                0 => String::new(),
                n => self.p("broken_times", &[("n", A::Num(n as i64))]),
            };
            let status = A::owned(self.named("status", &ob.status.replace(' ', "_")));
            self.p(
                "obligation_line",
                &[
                    ("paragraph", paragraph),
                    ("text", text),
                    ("status", status),
                    ("broken", A::owned(broken)),
                ],
            )
        }
    }

    /// "West must pass whenever it is his turn to call": the phrase `obligation.NAME`, or
    /// the law book's words for it.
    pub(super) fn obligation_text(
        &self,
        name: &str,
        raw_args: &[String],
        holder: Seat,
        d: Duration,
    ) -> String {
        let args = if raw_args.is_empty() {
            String::new()
        } else {
            format!(
                " ({})",
                raw_args
                    .iter()
                    .map(|a| self.thing(a))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        let when = match d {
            Duration::RestOfAuction => self.p("duration.rest_of_auction", &[]),
            Duration::NextTurn if self.book.obligations.get(name).is_some_and(|o| o.on_play) => {
                self.p("duration.next_turn_to_play", &[])
            }
            Duration::NextTurn => self.p("duration.next_turn", &[]),
            Duration::NextLead => self.p("duration.next_lead", &[]),
            Duration::RestOfPlay => self.p("duration.rest_of_play", &[]),
            Duration::WhileOnLead => self.p("duration.while_on_lead", &[]),
        };
        // A phrase for the obligation with this duration first (PL: a single pass is
        // "spasować", a pass for the rest of the auction "pasować"; a suit prohibited while
        // its holder keeps the lead binds his leads, not his plays to others' leads).
        let by_duration: &[&str] = match d {
            Duration::NextTurn => &["obligation", name, "next_turn"],
            Duration::WhileOnLead => &["obligation", name, "while_on_lead"],
            _ => &[],
        };
        let key = match by_duration {
            k if !k.is_empty() && self.has(k) => k,
            _ => &["obligation", name],
        };
        if self.has(key) {
            // Each argument also goes by its parameter's name, a suit as the term bank's
            // concept: "{holder} nesmie vyniesť {prohibited}" says "piky", not "farbu (♠)".
            let params = self.book.obligations.get(name).map(|o| &o.params[..]);
            let named = params.unwrap_or(&[]).iter().zip(raw_args).map(|(p, raw)| {
                let is_suit = matches!(&p.ty.kind, TypeExprKind::Named(t) if t == "suit");
                let mut chars = raw.chars();
                let suit = match (chars.next(), chars.next()) {
                    (Some(c), None) if is_suit => Suit::from_char(c),
                    _ => None,
                };
                let value = match suit {
                    Some(s) => A::Term(super::suit_concept(s)),
                    None => A::owned(self.thing(raw)),
                };
                (p.name.name.as_str(), value)
            });
            let mut all = vec![
                ("holder", A::Seat(holder)),
                ("args", A::owned(args)),
                ("when", A::owned(when)),
            ];
            all.extend(named);
            return self.p_at(key, &all);
        }
        let what = self
            .book
            .obligations
            .get(name)
            .and_then(|o| o.ask.as_ref())
            .and_then(|a| a.get(self.lang).or(a.get(Lang::En)))
            .map(str::to_string)
            .unwrap_or_else(|| name.replace('_', " "));
        format!("{} {what}{args}{when}", self.seat(holder, "nom"))
    }
}
