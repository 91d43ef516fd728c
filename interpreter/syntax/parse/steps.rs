//! Building a rectification's decision trees and steps from the parse tree.

use super::*;

impl Builder {
    pub(super) fn decision(&self, p: P) -> Result<Decision, Diag> {
        let span = self.span(&p);
        let mut rules = vec![];
        for r in p.into_inner() {
            let rspan = self.span(&r);
            let mut it = r.into_inner();
            let id = self.para_id(it.next().unwrap());
            let mut except = vec![];
            let mut when = None;
            let mut block = None;
            for x in it {
                match x.as_rule() {
                    Rule::except_clause => {
                        except = x
                            .into_inner()
                            .filter(|q| q.as_rule() == Rule::para_id)
                            .map(|q| self.para_id(q))
                            .collect()
                    }
                    Rule::when_clause => when = Some(self.expr(x.into_inner().nth(1).unwrap())?),
                    Rule::block => block = Some(self.block(x)?),
                    _ => {}
                }
            }
            rules.push(Rule_ {
                id,
                except,
                when,
                block: block.unwrap(),
                span: rspan,
            });
        }
        Ok(Decision { rules, span })
    }

    pub(super) fn block(&self, p: P) -> Result<Block, Diag> {
        let span = self.span(&p);
        let steps = p
            .into_inner()
            .map(|s| self.step(s))
            .collect::<Result<_, _>>()?;
        Ok(Block { steps, span })
    }

    pub(super) fn step(&self, p: P) -> Result<Step, Diag> {
        let span = self.span(&p);
        let which = p.as_rule();
        let mut it = p.into_inner().peekable();
        let kind = match which {
            Rule::choose => {
                it.next();
                let option = self.ident(it.next().unwrap());
                let arms = it
                    .map(|a| {
                        let mut x = a.into_inner();
                        let answer = self.ident(x.next().unwrap());
                        let mut next = x.next().unwrap();
                        let id = if next.as_rule() == Rule::para_id {
                            let id = self.para_id(next);
                            next = x.next().unwrap();
                            Some(id)
                        } else {
                            None
                        };
                        Ok(Arm {
                            answer,
                            id,
                            block: self.block(next)?,
                        })
                    })
                    .collect::<Result<_, Diag>>()?;
                StepKind::Choose { option, arms }
            }
            Rule::await_call => {
                let observe = it.peek().is_some_and(|q| q.as_rule() == Rule::kw_after);
                let mut x =
                    it.filter(|q| matches!(q.as_rule(), Rule::ident | Rule::expr | Rule::decision));
                let var = self.ident(x.next().unwrap());
                let by = self.expr(x.next().unwrap())?;
                let decision = self.decision(x.next().unwrap())?;
                StepKind::AwaitCall {
                    var,
                    by,
                    decision,
                    observe,
                }
            }
            Rule::decide => StepKind::Decide(self.decision(it.nth(1).unwrap())?),
            Rule::goto => {
                let id = self.para_id(it.nth(1).unwrap());
                let when = match it.next() {
                    Some(w) => Some(self.expr(w.into_inner().nth(1).unwrap())?),
                    None => None,
                };
                StepKind::Goto(id, when)
            }
            Rule::refer => {
                let parts: Vec<_> = it.collect();
                let ids = parts
                    .iter()
                    .filter(|q| q.as_rule() == Rule::para_id)
                    .map(|q| self.para_id(q.clone()))
                    .collect();
                let when = match parts.iter().find(|q| q.as_rule() == Rule::when_clause) {
                    Some(w) => Some(self.expr(w.clone().into_inner().nth(1).unwrap())?),
                    None => None,
                };
                StepKind::Refer(ids, when)
            }
            Rule::defer => StepKind::Defer(self.ident(it.nth(2).unwrap())),
            Rule::stands => StepKind::Stands(self.ident(it.nth(1).unwrap())),
            Rule::cancel => {
                it.next();
                let var = self.ident(it.next().unwrap());
                StepKind::Cancel {
                    var,
                    and_later: it.next().is_some(),
                }
            }
            Rule::deemed_pass => {
                let e = it.find(|q| q.as_rule() == Rule::expr).unwrap();
                let when = match it.find(|q| q.as_rule() == Rule::when_clause) {
                    Some(w) => Some(self.expr(w.into_inner().nth(1).unwrap())?),
                    None => None,
                };
                StepKind::DeemedPass(self.expr(e)?, when)
            }
            Rule::impose | Rule::lift => {
                let lift = which == Rule::lift;
                it.next();
                let obligation = self.ident(it.next().unwrap());
                let mut args = vec![];
                let mut on = None;
                let mut duration = Duration::RestOfAuction;
                for x in it {
                    match x.as_rule() {
                        Rule::args => {
                            args = x
                                .into_inner()
                                .map(|a| self.expr(a))
                                .collect::<Result<_, _>>()?
                        }
                        Rule::expr => on = Some(self.expr(x)?),
                        Rule::duration => {
                            duration = match x.into_inner().next().unwrap().as_rule() {
                                Rule::next_turn => Duration::NextTurn,
                                Rule::next_lead => Duration::NextLead,
                                Rule::rest_of_play => Duration::RestOfPlay,
                                Rule::while_on_lead => Duration::WhileOnLead,
                                _ => Duration::RestOfAuction,
                            }
                        }
                        _ => {}
                    }
                }
                if lift {
                    StepKind::Lift {
                        obligation,
                        args,
                        on: on.unwrap(),
                    }
                } else {
                    StepKind::Impose {
                        obligation,
                        args,
                        on: on.unwrap(),
                        duration,
                    }
                }
            }
            Rule::again => {
                let target = self.expr(it.nth(1).unwrap())?;
                let in_place_of = match it.find(|q| q.as_rule() == Rule::expr) {
                    Some(e) => Some(self.expr(e)?),
                    None => None,
                };
                // Only a call of this rectification, named, takes an entry's place.
                match (&target.kind, in_place_of) {
                    (ExprKind::Name(_), in_place_of) | (_, in_place_of @ None) => StepKind::Again {
                        target,
                        in_place_of,
                    },
                    (_, Some(_)) => {
                        return Err(Diag::new(
                            "lawbook::syntax::law",
                            "`again … in place of` takes a call of this rectification by its name",
                        )
                        .label(target.span, "not a name")
                        .help("write `again x in place of ENTRY`, x a call bound by the rectification, or `again ENTRY` to rule an entry of the auction again where it stands"))
                    }
                }
            }
            Rule::await_director => {
                let again = it.clone().any(|q| q.as_rule() == Rule::kw_again);
                let d = it.find(|q| q.as_rule() == Rule::decision).unwrap();
                StepKind::AwaitDirector {
                    decision: self.decision(d)?,
                    again,
                }
            }
            Rule::withdraw => {
                let e = it.find(|q| q.as_rule() == Rule::expr).unwrap();
                StepKind::Withdraw {
                    entry: self.expr(e)?,
                    onwards: it.next().is_some(),
                }
            }
            Rule::for_each => {
                let mut x =
                    it.filter(|q| matches!(q.as_rule(), Rule::ident | Rule::expr | Rule::block));
                let var = self.ident(x.next().unwrap());
                let list = self.expr(x.next().unwrap())?;
                let block = self.block(x.next().unwrap())?;
                StepKind::ForEach { var, list, block }
            }
            Rule::at_auction_end => {
                let b = it.find(|q| q.as_rule() == Rule::block).unwrap();
                StepKind::AtAuctionEnd(self.block(b)?)
            }
            Rule::at_play_end => {
                let b = it.find(|q| q.as_rule() == Rule::block).unwrap();
                StepKind::AtPlayEnd(self.block(b)?)
            }
            Rule::retract => StepKind::Retract(self.ident(it.nth(1).unwrap())),
            Rule::play_card => {
                let card = self.ident(it.nth(1).unwrap());
                let together = match it.find(|q| q.as_rule() == Rule::expr) {
                    Some(e) => Some(self.expr(e)?),
                    None => None,
                };
                StepKind::PlayCard { card, together }
            }
            Rule::lead_from => {
                let e = it.find(|q| q.as_rule() == Rule::expr).unwrap();
                StepKind::LeadFrom(self.expr(e)?)
            }
            Rule::place => {
                let card = self.ident(it.nth(1).unwrap());
                let how = it.next().unwrap();
                let trick = match how.as_rule() {
                    Rule::place_in_trick => {
                        let e = how
                            .into_inner()
                            .find(|q| q.as_rule() == Rule::expr)
                            .unwrap();
                        Some(self.expr(e)?)
                    }
                    _ => None,
                };
                StepKind::Place { card, trick }
            }
            Rule::set_fact => StepKind::SetFact(self.ident(it.nth(1).unwrap())),
            Rule::redeal => StepKind::Redeal,
            Rule::restart_play => StepKind::RestartPlay,
            Rule::restore_deal => StepKind::RestoreDeal,
            Rule::end_rectification => StepKind::EndRectification,
            Rule::no_irregularity => StepKind::NoIrregularity(it.nth(3).map(|i| self.ident(i))),
            Rule::no_claim => StepKind::NoClaim,
            Rule::no_result => StepKind::NoResult,
            Rule::answer_choice => {
                let option = self.ident(it.nth(1).unwrap());
                let answer = self.ident(it.next().unwrap());
                StepKind::AnswerChoice { option, answer }
            }
            Rule::award => {
                let mut x = it.filter(|q| q.as_rule() == Rule::expr);
                let count = self.expr(x.next().unwrap())?;
                let to = self.expr(x.next().unwrap())?;
                StepKind::Award { count, to }
            }
            Rule::transfer => {
                let mut x = it.filter(|q| q.as_rule() == Rule::expr);
                let count = self.expr(x.next().unwrap())?;
                let to = self.expr(x.next().unwrap())?;
                StepKind::Transfer { count, to }
            }
            _ => StepKind::NoRectification,
        };
        Ok(Step { kind, span })
    }

    // ---- expressions ----
}
