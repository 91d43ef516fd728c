//! `lawbook score --pbn FILE [--check]`: score every board of a PBN file under the law
//! book's Law 77; with `--check`, compare with the file's own [Score], and replay each
//! complete [Play] record under Law 44 and compare the tricks with [Result].

use crate::diagnostic::Diag;
use crate::eval::explore::rule_case;
use crate::eval::expr::{Evaluator, Stop, View};
use crate::eval::value::Value;
use crate::load::load_lawbook;
use crate::pbn::{to_case::board_case, PbnBoard, PbnContract, PbnFile};
use crate::ruling::Node;
use crate::source::{Sources, Span};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The PBN file.
    #[arg(long)]
    pub pbn: PathBuf,
    /// Compare with the file's [Score] tags and replay complete [Play] records against
    /// [Result]; exit 1 on any difference.
    #[arg(long)]
    pub check: bool,
    /// The law book that scores.
    #[arg(long, default_value = "laws/2017")]
    pub lawbook: PathBuf,
}

pub fn run(a: Args) -> ExitCode {
    let mut sources = Sources::default();
    let book = match load_lawbook(&a.lawbook, &mut sources) {
        Ok(b) => b,
        Err(d) => {
            let d: Vec<_> = d.into_iter().map(|d| d.with_sources(&sources)).collect();
            super::report(&d);
            return ExitCode::from(2);
        }
    };
    let file = match PbnFile::read(&a.pbn) {
        Ok(f) => f,
        Err(e) => {
            super::report_one(e);
            return ExitCode::from(2);
        }
    };
    let text = std::fs::read_to_string(&a.pbn).unwrap_or_default();
    let file_id = sources.add(a.pbn.display().to_string(), text);
    let findings = crate::eval::expr::Findings::default();
    let ev = Evaluator::new(&book, &findings, crate::eval::explore::BUDGET);
    let view = View::default();
    let mut failures = vec![];
    let (mut scored, mut checked, mut differences) = (0, 0, 0);
    for (i, b) in file.boards.iter().enumerate() {
        let label = match b.board {
            Some(n) => format!("board {n}"),
            None => format!("game {}", i + 1),
        };
        let mut line = format!("{label}:");
        let mut diffs: Vec<String> = vec![];
        // Each board has the whole budget: shared, it ran out after some 77,000 boards and
        // every later board printed "no contract".
        ev.budget.set(crate::eval::explore::BUDGET);
        let tag_score = match score_from_tags(&ev, &view, b) {
            Ok(s) => s,
            Err(stop) => {
                // The law book cannot score the board: an error, never "no contract".
                outln!("{label}: the law book's Law 77 stops with an error  FAILED");
                failures.push(stop_diag(&label, stop).with_sources(&sources));
                if failures.len() == super::MAX_PRINTED {
                    break;
                }
                continue;
            }
        };
        match &tag_score {
            Some((text, ns)) => {
                scored += 1;
                line.push_str(&format!(" {text}, NS {ns:+}"));
                if a.check {
                    if let Some(s) = &b.score {
                        checked += 1;
                        if s.ns as i64 != *ns {
                            diffs.push(format!("[Score \"{}\"] but Law 77 gives NS {ns:+}", s.raw));
                        }
                    }
                }
            }
            None => line.push_str(" no contract, declarer and result to score"),
        }
        if a.check
            && b.play.as_ref().is_some_and(|p| p.tricks.len() == 13)
            && b.auction.is_some()
            && b.deal.is_some()
        {
            let case = board_case(b, file_id);
            match rule_case(&book, &case, &label) {
                Ok(r) => match &r.tree {
                    Node::Outcome(o) => {
                        checked += 1;
                        if let (Some(t), Some(res)) = (o.tricks, b.result) {
                            if t != res {
                                diffs.push(format!("the play gives declarer {t} tricks (Law 44), [Result] says {res}"));
                            }
                        }
                        if let (
                            Some(c),
                            Some(PbnContract::Contract {
                                level,
                                strain,
                                doubled,
                            }),
                        ) = (&o.contract, b.contract)
                        {
                            let risk = [1, 2, 4][doubled.min(2) as usize];
                            if c.level != level
                                || c.strain != strain
                                || c.risk != risk
                                || Some(c.declarer) != b.declarer
                            {
                                diffs.push(format!(
                                    "the auction gives {} (Laws 19, 22), the tags say {}",
                                    c.text,
                                    b.value("Contract").unwrap_or("")
                                ));
                            }
                        }
                    }
                    Node::Branch { .. } => diffs.push("the auction leaves a ruling open".into()),
                },
                Err(e) => diffs.push(format!("the replay fails: {}", e.message)),
            }
        }
        if diffs.is_empty() {
            outln!("{line}{}", if a.check { "  ok" } else { "" });
        } else {
            differences += 1;
            outln!("{line}  DIFFERENT");
            for d in diffs {
                outln!("    {d}");
            }
        }
    }
    outln!(
        "{} boards, {scored} scored, {checked} checks, {differences} with differences",
        file.boards.len()
    );
    if !failures.is_empty() {
        super::report(&failures);
        eprintln!(
            "{} board(s) the law book could not score{}",
            failures.len(),
            if failures.len() == super::MAX_PRINTED {
                " (stopped there)"
            } else {
                ""
            }
        );
        return ExitCode::from(1);
    }
    if differences > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// An evaluation that stopped, as a diagnostic at the law book's expression.
fn stop_diag(label: &str, stop: Stop) -> Diag {
    let (message, span) = match stop {
        Stop::Error { message, span } => (message, span),
        Stop::Budget { span } => ("the evaluation ran out of its step budget".into(), span),
        Stop::Unknown(q) => (
            format!("scoring asks a finding, `{}`", q.name),
            Span::default(),
        ),
    };
    Diag::new(
        "lawbook::score::eval",
        format!("{label}: the law book cannot score it: {message}"),
    )
    .label(span, message)
    .help("Law 77 in the law book stops here for this board; correct the law book (`lawbook check` does not evaluate)")
}

/// A law-book function's int result, or why there is none.
fn int_of(ev: &Evaluator, name: &str, args: Vec<Value>, view: &View) -> Result<i64, Stop> {
    match ev.call(name, args, view)? {
        Value::Int(s) => Ok(s),
        v => Err(Stop::Error {
            message: format!("`{name}` gives {v}, not a number"),
            span: Span::default(),
        }),
    }
}

/// The score of a board from its Contract, Declarer, Result and Vulnerable tags, asked of
/// the law book: (contract as text, North-South's score); none when the tags lack one; an
/// error when the law book's scoring stops.
pub(crate) fn score_from_tags(
    ev: &Evaluator,
    view: &View,
    b: &PbnBoard,
) -> Result<Option<(String, i64)>, Stop> {
    let (Some(contract), declarer, tricks) = (b.contract, b.declarer, b.result) else {
        return Ok(None);
    };
    match contract {
        PbnContract::PassedOut => {
            let s = int_of(ev, "passed_out_score", vec![], view)?;
            Ok(Some(("passed out".into(), s)))
        }
        PbnContract::Contract {
            level,
            strain,
            doubled,
        } => {
            let (Some(declarer), Some(tricks)) = (declarer, tricks) else {
                return Ok(None);
            };
            let (ns_vul, ew_vul) = b.vulnerable.unwrap_or((false, false));
            let vul = if declarer.side() == crate::model::Side::NorthSouth {
                ns_vul
            } else {
                ew_vul
            };
            let risk = [1, 2, 4][doubled.min(2) as usize];
            let args = vec![
                Value::Int(level as i64),
                Value::Strain(strain),
                Value::Int(risk),
                Value::Bool(vul),
                Value::Int(tricks as i64),
            ];
            let s = int_of(ev, "score", args, view)?;
            let ns = if declarer.side() == crate::model::Side::NorthSouth {
                s
            } else {
                -s
            };
            let x = ["", "X", "XX"][doubled.min(2) as usize];
            Ok(Some((
                format!("{level}{}{x} by {declarer}, {tricks} tricks", strain.code()),
                ns,
            )))
        }
    }
}
