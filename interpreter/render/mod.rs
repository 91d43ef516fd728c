//! Ruling data to text. The words come from the law book (law and paragraph titles,
//! questions) and from the phrases below; nothing here decides anything.

use crate::check::LawBook;
use crate::model::Seat;
use crate::ruling::{
    AnswerHow, Applied, Branch, Comparison, Effect, IrregularityRuling, Node, ObligationLine,
    Outcome, Ruling,
};
use crate::syntax::ast::{Duration, Lang};
use std::fmt::Write;

pub fn json(ruling: &Ruling) -> String {
    serde_json::to_string_pretty(ruling).expect("ruling data always serializes")
}

pub fn text(ruling: &Ruling, book: &LawBook, lang: Lang) -> String {
    let mut out = String::new();
    let r = Renderer { book, lang };
    let _ = writeln!(out, "Case {} (law book {})", ruling.case, ruling.lawbook);
    let b = &ruling.board;
    let _ = writeln!(
        out,
        "{}dealer {}, vulnerable: {}",
        b.number.map(|n| format!("Board {n}: ")).unwrap_or_default(),
        seat_name(b.dealer),
        b.vulnerable
    );
    out.push('\n');
    r.node(&ruling.tree, "", &mut out);
    out
}

struct Renderer<'a> {
    book: &'a LawBook,
    lang: Lang,
}

fn seat_name(s: Seat) -> &'static str {
    match s {
        Seat::North => "North",
        Seat::East => "East",
        Seat::South => "South",
        Seat::West => "West",
    }
}

impl Renderer<'_> {
    fn node(&self, node: &Node, indent: &str, out: &mut String) {
        match node {
            Node::Outcome(o) => self.outcome(o, indent, out),
            Node::Branch { question, branches } => {
                let who = question
                    .who
                    .map(|s| format!(" ({})", seat_name(s)))
                    .unwrap_or_default();
                let _ = writeln!(out, "{indent}Open {}{who}: {}", question.kind, question.ask);
                for (i, b) in branches.iter().enumerate() {
                    let last = i + 1 == branches.len();
                    self.branch(b, indent, last, out);
                }
            }
        }
    }

    fn branch(&self, b: &Branch, indent: &str, last: bool, out: &mut String) {
        let (head, more) = if last {
            ("└─ ", "   ")
        } else {
            ("├─ ", "│  ")
        };
        let label = if b.calls.len() > 4 {
            format!("{} — {}", b.answer, b.calls.join(" "))
        } else {
            b.answer.clone()
        };
        let _ = writeln!(out, "{indent}{head}{label}");
        self.node(&b.node, &format!("{indent}{more}"), out);
    }

    fn outcome(&self, o: &Outcome, indent: &str, out: &mut String) {
        for i in &o.irregularities {
            self.irregularity(i, indent, out);
        }
        if !o.auction.is_empty() {
            let calls: Vec<String> = o
                .auction
                .iter()
                .map(|c| match c.status.as_str() {
                    "stands" => format!("{} {}", c.seat, c.call),
                    s => format!("{} {} ({s})", c.seat, c.call),
                })
                .collect();
            let _ = writeln!(out, "{indent}Auction: {}", calls.join(", "));
        }
        if o.passed_out {
            let _ = writeln!(out, "{indent}Passed out (22B).");
        } else if o.auction_ended {
            let _ = writeln!(out, "{indent}The auction has ended (22A).");
        } else if !o.auction.is_empty() {
            let _ = writeln!(out, "{indent}The auction continues.");
        }
        for ob in &o.obligations {
            self.obligation(ob, indent, out);
        }
        for p in &o.at_auction_end {
            let title = self.title(p);
            let _ = writeln!(out, "{indent}When the auction ends: {p} {title}");
        }
        if let Some(c) = &o.contract {
            let _ = writeln!(out, "{indent}Contract: {}", c.text);
        }
        if let Some(t) = o.tricks {
            let _ = writeln!(out, "{indent}Tricks won by declarer: {t}");
        }
        if let Some(s) = &o.score {
            let _ = writeln!(
                out,
                "{indent}Score (77): declarer's side {:+}; North-South {:+}, East-West {:+}",
                s.declarer_side, s.ns, -s.ns
            );
        }
        for c in &o.comparisons {
            match c {
                Comparison::Imps { difference, imps } => {
                    let unit = if imps.abs() == 1 { "IMP" } else { "IMPs" };
                    let _ = writeln!(
                        out,
                        "{indent}IMPs (78B): a difference of {difference} is {imps} {unit}"
                    );
                }
                Comparison::Total { scores, total } => {
                    let _ = writeln!(
                        out,
                        "{indent}Total points (78C): {} make {total}",
                        scores
                            .iter()
                            .map(|o| o.to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    );
                }
                Comparison::Matchpoints {
                    score,
                    others,
                    matchpoints,
                    top,
                } => {
                    let _ = writeln!(
                        out,
                        "{indent}Matchpoints (78A): {score} against {} scores {matchpoints} of {top}",
                        others.iter().map(|o| o.to_string()).collect::<Vec<_>>().join(", ")
                    );
                }
            }
        }
        if !o.basis.is_empty() {
            let _ = writeln!(
                out,
                "{indent}Paragraphs applied by the table: {}",
                o.basis.join(", ")
            );
        }
        for n in &o.notes {
            let _ = writeln!(out, "{indent}Note: {n}");
        }
    }

    fn irregularity(&self, i: &IrregularityRuling, indent: &str, out: &mut String) {
        let law_title = self.book.law_title(i.law, self.lang).unwrap_or("");
        let _ = writeln!(
            out,
            "{indent}Irregularity: {} by {} ({}), Law {} {}",
            i.name.replace('_', " "),
            seat_name(i.offender),
            i.call,
            i.law,
            law_title
        );
        for a in &i.decisions {
            self.applied(a, indent, out);
        }
    }

    /// A paragraph's title, or its law's for a law number.
    fn title(&self, id: &str) -> &str {
        match id.parse::<u32>() {
            Ok(law) => self.book.law_title(law, self.lang).unwrap_or(""),
            Err(_) => self.book.paragraph_title(id, self.lang).unwrap_or(""),
        }
    }

    fn applied(&self, a: &Applied, indent: &str, out: &mut String) {
        let title = self.title(&a.paragraph);
        let _ = writeln!(
            out,
            "{}",
            format!("{indent}  {} {title}", a.paragraph).trim_end()
        );
        for e in &a.effects {
            let _ = writeln!(out, "{indent}    - {}", self.effect(e));
        }
        if !a.refers.is_empty() {
            let _ = writeln!(out, "{indent}    see {}", a.refers.join(", "));
        }
    }

    fn obligation(&self, ob: &ObligationLine, indent: &str, out: &mut String) {
        let broken = match ob.breaches {
            _ if ob.status == "broken" => String::new(),
            0 => String::new(),
            1 => ", broken once".to_string(),
            n => format!(", broken {n} times"),
        };
        let _ = writeln!(
            out,
            "{indent}Obligation ({}): {} — {}{broken}",
            ob.paragraph,
            self.obligation_text(&ob.name, &ob.args, ob.holder, ob.duration),
            ob.status
        );
    }

    /// "West must pass whenever it is his turn to call", in the law book's words.
    fn obligation_text(&self, name: &str, args: &[String], holder: Seat, d: Duration) -> String {
        let what = self
            .book
            .obligations
            .get(name)
            .and_then(|o| o.ask.as_ref())
            .and_then(|a| a.get(self.lang).or(a.get(Lang::En)))
            .map(str::to_string)
            .unwrap_or_else(|| name.replace('_', " "));
        let args = if args.is_empty() {
            String::new()
        } else {
            format!(" ({})", args.join(", "))
        };
        let when = match d {
            Duration::RestOfAuction | Duration::NextTurn => format!(" {}", duration(d)),
            Duration::RestOfPlay | Duration::WhileOnLead => String::new(),
        };
        format!("{} {what}{args}{when}", seat_name(holder))
    }

    fn effect(&self, e: &Effect) -> String {
        match e {
            Effect::Stands { seat, call } => format!("{} {call} stands", seat_name(*seat)),
            Effect::Cancelled {
                seat,
                call,
                and_later,
            } => format!(
                "{} {call} is cancelled{}",
                seat_name(*seat),
                if *and_later {
                    ", with every later call"
                } else {
                    ""
                }
            ),
            Effect::DeemedPass { seat } => format!("{} is deemed to have passed", seat_name(*seat)),
            Effect::Obligation {
                name,
                holder,
                args,
                duration: d,
            } => self.obligation_text(name, args, *holder, *d),
            Effect::NoRectification => "no further rectification".to_string(),
            Effect::DeferredTo { irregularity } => {
                format!("ruled as {}", irregularity.replace('_', " "))
            }
            Effect::Answer {
                who,
                option,
                answer,
                how,
            } => {
                let option = option.replace('_', " ");
                let answer = answer.replace('_', " ");
                match how {
                    AnswerHow::Chosen => format!("{}: {answer} ({option})", seat_name(*who)),
                    AnswerHow::ByCalling => {
                        format!("{} calls, and so: {answer} ({option})", seat_name(*who))
                    }
                    AnswerHow::Default => format!(
                        "{answer} ({option}: no answer from {} before the ruling)",
                        seat_name(*who)
                    ),
                }
            }
        }
    }
}

fn duration(d: Duration) -> &'static str {
    match d {
        Duration::RestOfAuction => "whenever it is his turn to call",
        Duration::NextTurn => "at his next turn to call",
        Duration::RestOfPlay => "for the rest of the play",
        Duration::WhileOnLead => "from his first lead, for as long as he keeps the lead",
    }
}
