//! `lawbook score --pbn FILE [--check]`: score every board of a PBN file under the law
//! book's Law 77; with `--check`, compare with the file's own [Score], and replay each
//! complete [Play] record under Law 44 and compare the tricks with [Result].

use crate::eval::explore::rule_case;
use crate::eval::expr::{Evaluator, View};
use crate::eval::value::Value;
use crate::load::load_lawbook;
use crate::pbn::{to_case::board_case, PbnBoard, PbnContract, PbnFile};
use crate::ruling::Node;
use crate::source::Sources;
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
            eprintln!("{:?}", miette::Report::new(e));
            return ExitCode::from(2);
        }
    };
    let text = std::fs::read_to_string(&a.pbn).unwrap_or_default();
    let file_id = sources.add(a.pbn.display().to_string(), text);
    let findings = crate::eval::expr::Findings::default();
    let ev = Evaluator::new(&book, &findings, crate::eval::explore::BUDGET);
    let view = View::default();
    let (mut scored, mut checked, mut differences) = (0, 0, 0);
    for (i, b) in file.boards.iter().enumerate() {
        let label = match b.board {
            Some(n) => format!("board {n}"),
            None => format!("game {}", i + 1),
        };
        let mut line = format!("{label}:");
        let mut diffs: Vec<String> = vec![];
        let tag_score = score_from_tags(&ev, &view, b);
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
    if differences > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// The score of a board from its Contract, Declarer, Result and Vulnerable tags, asked of
/// the law book: (contract as text, North-South's score).
fn score_from_tags(ev: &Evaluator, view: &View, b: &PbnBoard) -> Option<(String, i64)> {
    match b.contract? {
        PbnContract::PassedOut => {
            let Value::Int(s) = ev.call("passed_out_score", vec![], view).ok()? else {
                return None;
            };
            Some(("passed out".into(), s))
        }
        PbnContract::Contract {
            level,
            strain,
            doubled,
        } => {
            let declarer = b.declarer?;
            let tricks = b.result?;
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
            let Value::Int(s) = ev.call("score", args, view).ok()? else {
                return None;
            };
            let ns = if declarer.side() == crate::model::Side::NorthSouth {
                s
            } else {
                -s
            };
            let x = ["", "X", "XX"][doubled.min(2) as usize];
            Some((
                format!("{level}{}{x} by {declarer}, {tricks} tricks", strain.code()),
                ns,
            ))
        }
    }
}
