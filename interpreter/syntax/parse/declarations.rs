//! What the table detects and asks, to its syntax tree: irregularities and acts (their
//! triggers, `let`s and conditions), options (who answers, the answers offered, what answers
//! them by being made) and obligations and permissions. Built with the law files' builder.

use super::{Builder, Rule, P};
use crate::diagnostic::Diag;
use crate::syntax::ast::{
    AnswerLimit, Exposure, Expr, ExprKind, Ident, ImpliedAnswer, Irregularity, Let, Obligation,
    OptionDecl, Trigger, TriggerKind, Yields,
};

impl Builder {
    pub(super) fn irregularity(&self, p: P) -> Result<Irregularity, Diag> {
        let span = self.span(&p);
        let mut it = p.into_inner();
        let act = it.next().map(|k| k.as_rule()) == Some(Rule::kw_act);
        let name = self.ident(it.next().unwrap());
        let trig = it.next().unwrap();
        let tspan = self.span(&trig);
        let t = trig.into_inner().nth(1).unwrap();
        let trigger = match t.as_rule() {
            Rule::play_trigger
            | Rule::withdrawal_trigger
            | Rule::quitted_trigger
            | Rule::supply_trigger
            | Rule::claim_trigger
            | Rule::lead_turn_trigger
            | Rule::exposure_trigger
            | Rule::change_trigger
            | Rule::question_trigger => {
                let kind = match (
                    t.as_rule(),
                    t.clone().into_inner().next().map(|k| k.as_rule()),
                ) {
                    (Rule::play_trigger, _) => TriggerKind::Play,
                    (Rule::withdrawal_trigger, _) => TriggerKind::Withdrawal,
                    (Rule::quitted_trigger, _) => TriggerKind::TrickQuitted,
                    (Rule::supply_trigger, _) => TriggerKind::Supply,
                    (Rule::claim_trigger, _) => TriggerKind::Claim,
                    (Rule::lead_turn_trigger, _) => TriggerKind::LeadTurn,
                    (Rule::change_trigger, _) => TriggerKind::Change,
                    (Rule::question_trigger, _) => TriggerKind::Question,
                    (_, Some(Rule::kw_early_lead)) => TriggerKind::Exposure(Exposure::EarlyLead),
                    (_, Some(Rule::kw_played_together)) => {
                        TriggerKind::Exposure(Exposure::WithPlay)
                    }
                    (_, Some(Rule::kw_fifth_card)) => TriggerKind::Exposure(Exposure::FifthCard),
                    (_, Some(Rule::kw_held)) => TriggerKind::Exposure(Exposure::Held),
                    (_, Some(Rule::kw_touched)) => TriggerKind::Exposure(Exposure::Touched),
                    (_, Some(Rule::kw_hidden)) => TriggerKind::Exposure(Exposure::Hidden),
                    (_, Some(Rule::kw_named)) => TriggerKind::Exposure(Exposure::Named),
                    _ => TriggerKind::Exposure(Exposure::Exposed),
                };
                let mut x = t.into_inner().filter(|q| q.as_rule() == Rule::ident);
                Trigger {
                    kind,
                    call: self.ident(x.next().unwrap()),
                    offender: self.ident(x.next().unwrap()),
                    span: tspan,
                }
            }
            Rule::call_trigger => {
                let mut x = t.into_inner().filter(|q| q.as_rule() == Rule::ident);
                Trigger {
                    kind: TriggerKind::Call,
                    call: self.ident(x.next().unwrap()),
                    offender: self.ident(x.next().unwrap()),
                    span: tspan,
                }
            }
            _ => {
                let mut x = t.into_inner().filter(|q| q.as_rule() == Rule::ident);
                let ob = self.ident(x.next().unwrap());
                Trigger {
                    kind: TriggerKind::Breach(ob),
                    call: self.ident(x.next().unwrap()),
                    offender: self.ident(x.next().unwrap()),
                    span: tspan,
                }
            }
        };
        let mut lets = vec![];
        let mut when = None;
        let mut ruled_when_cancelled = false;
        for x in it {
            match x.as_rule() {
                Rule::let_binding => {
                    let mut l = x.into_inner().skip(1);
                    let name = self.ident(l.next().unwrap());
                    let value = self.expr(l.next().unwrap())?;
                    lets.push(Let { name, value });
                }
                Rule::when_clause => when = Some(self.expr(x.into_inner().nth(1).unwrap())?),
                Rule::ruled_when_cancelled => ruled_when_cancelled = true,
                _ => {}
            }
        }
        Ok(Irregularity {
            act,
            name,
            trigger,
            lets,
            when: when.unwrap(),
            ruled_when_cancelled,
            span,
        })
    }

    pub(super) fn option(&self, p: P) -> Result<OptionDecl, Diag> {
        let span = self.span(&p);
        let mut it = p.into_inner().skip(1);
        let name = self.ident(it.next().unwrap());
        it.next(); // kw_by
        let by = it.next().unwrap();
        let chooser = match by.as_rule() {
            Rule::kw_director => None,
            _ => Some(self.expr(by)?),
        };
        let mut seconds = vec![];
        let mut answers = vec![];
        let mut answer_when = vec![];
        let mut default = None;
        let mut prevailing = None;
        let mut limits = vec![];
        let mut implied = vec![];
        let mut open_until = vec![];
        let mut ask = None;
        for x in it {
            match x.as_rule() {
                Rule::expr => seconds.push(self.expr(x)?),
                Rule::answers => {
                    for a in x.into_inner().filter(|q| q.as_rule() == Rule::answer) {
                        let mut it = a.into_inner();
                        answers.push(self.ident(it.next().unwrap()));
                        let cond = match it.find(|q| q.as_rule() == Rule::expr) {
                            Some(e) => Some(self.expr(e)?),
                            None => None,
                        };
                        answer_when.push(cond);
                    }
                }
                Rule::default_answer => default = Some(self.ident(x.into_inner().nth(1).unwrap())),
                Rule::prevailing_answer => {
                    prevailing = Some(self.ident(x.into_inner().nth(1).unwrap()))
                }
                Rule::answer_limit => {
                    let lspan = self.span(&x);
                    let mut answer = None;
                    let mut by = vec![];
                    for q in x.into_inner() {
                        match q.as_rule() {
                            Rule::ident => answer = Some(self.ident(q)),
                            Rule::expr => by.push(self.expr(q)?),
                            _ => {}
                        }
                    }
                    limits.push(AnswerLimit {
                        answer: answer.unwrap(),
                        by,
                        span: lspan,
                    });
                }
                Rule::implied_answer => {
                    let ispan = self.span(&x);
                    let on_play = x
                        .clone()
                        .into_inner()
                        .next()
                        .is_some_and(|q| q.as_rule() == Rule::kw_play);
                    let mut by = None;
                    let mut when = None;
                    let mut answer = None;
                    let mut together = false;
                    let mut by_deemed_pass = false;
                    for q in x.into_inner() {
                        match q.as_rule() {
                            Rule::expr if by.is_none() => by = Some(self.expr(q)?),
                            Rule::expr => when = Some(self.expr(q)?),
                            Rule::ident => answer = Some(self.ident(q)),
                            Rule::even_together => together = true,
                            Rule::by_deemed_pass => by_deemed_pass = true,
                            _ => {}
                        }
                    }
                    let (by, answer) = (by.unwrap(), answer.unwrap());
                    implied.push(ImpliedAnswer {
                        on_play,
                        by,
                        when,
                        together,
                        by_deemed_pass,
                        answer,
                        span: ispan,
                    });
                }
                Rule::open_until => {
                    for q in x.into_inner().filter(|q| q.as_rule() == Rule::expr) {
                        open_until.push(self.expr(q)?);
                    }
                }
                Rule::ask => ask = Some(self.translations(x)),
                _ => {}
            }
        }
        Ok(OptionDecl {
            name,
            chooser,
            seconds,
            answers,
            answer_when,
            default,
            prevailing,
            limits,
            implied,
            open_until,
            ask: ask.unwrap(),
            span,
        })
    }

    /// An obligation, or a permission (`permission`): an obligation nothing breaks, kept by
    /// every card (`play x keeps when true`), imposed, lifted and ended as any.
    pub(super) fn obligation(&self, p: P) -> Result<Obligation, Diag> {
        let span = self.span(&p);
        let permission = p.as_rule() == Rule::permission;
        let mut it = p.into_inner().skip(1).peekable();
        let name = self.ident(it.next().unwrap());
        let params = if it.peek().map(|x| x.as_rule()) == Some(Rule::params) {
            self.params(it.next().unwrap())?
        } else {
            vec![]
        };
        let (on_play, call, holder, keeps) = if permission {
            let always = Expr {
                kind: ExprKind::Name("true".into()),
                span,
            };
            let x = Ident {
                name: "x".into(),
                span,
            };
            (true, x, None, always)
        } else {
            let mut inner = it.next().unwrap().into_inner();
            let on_play = inner.next().map(|k| k.as_rule()) == Some(Rule::kw_play);
            let mut idents = vec![];
            let mut keeps_expr = None;
            for q in inner {
                match q.as_rule() {
                    Rule::ident => idents.push(self.ident(q)),
                    Rule::expr => keeps_expr = Some(self.expr(q)?),
                    _ => {}
                }
            }
            let mut idents = idents.into_iter();
            let call = idents.next().unwrap();
            (on_play, call, idents.next(), keeps_expr.unwrap())
        };
        let mut ends = None;
        let mut forces = None;
        let mut avoids = None;
        let mut ask = None;
        let mut yields = None;
        for x in it {
            match x.as_rule() {
                Rule::yields => {
                    let mut to = vec![];
                    let mut card = None;
                    for q in x.into_inner() {
                        match q.as_rule() {
                            Rule::ident => to.push(self.ident(q)),
                            Rule::expr => card = Some(self.expr(q)?),
                            _ => {}
                        }
                    }
                    yields = Some(Yields {
                        to,
                        card: card.unwrap(),
                    });
                }
                Rule::ends => ends = Some(self.expr(x.into_inner().nth(2).unwrap())?),
                Rule::forces => forces = Some(Box::new(self.expr(x.into_inner().nth(2).unwrap())?)),
                Rule::avoids => avoids = Some(Box::new(self.expr(x.into_inner().nth(2).unwrap())?)),
                Rule::ask => ask = Some(self.translations(x)),
                _ => {}
            }
        }
        Ok(Obligation {
            name,
            params,
            on_play,
            call,
            holder,
            keeps,
            yields,
            ends,
            forces,
            avoids,
            ask,
            permission,
            span,
        })
    }
}
