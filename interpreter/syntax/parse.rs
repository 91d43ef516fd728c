//! pest pairs to the syntax tree.

mod declarations;
mod depth;
mod expr;
mod regulation;
mod steps;

pub use depth::MAX_DEPTH;
pub use regulation::parse_regulation_file;

use super::ast::{
    Arm, BinOp, Block, Decision, Define, Delegation, Duration, Expr, ExprKind, Finding, Ident,
    Item, Lang, Law, LawFile, ParaId, ParagraphDecl, Param, Procedure, QuantKind, Rectify, RowKey,
    SourceLines, Step, StepKind, Table, TableRow, Translations, TypeExpr, TypeExprKind,
};
use super::pest_error;
use crate::diagnostic::Diag;
use crate::model::{Call, Card, Suit};
use crate::source::Span;
use pest::iterators::Pair;

mod grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "grammar/law.pest"]
    pub struct LawParser;
}
use grammar::{LawParser, Rule};

/// Grammar rules as a reader of an error message knows them.
fn phrase(r: Rule) -> Option<&'static str> {
    use Rule as R;
    Some(match r {
        R::EOI => "the end of the file",
        R::law | R::kw_law => "`law`",
        R::definitions | R::kw_definitions => "`definitions`",
        R::law_number => "a law number",
        R::title | R::kw_title => "`title`",
        R::translation => "a language and a text, like `en \"…\"`",
        R::lang => "a language code (en, sk, pl, hu)",
        R::source_lines | R::kw_text => "`text`",
        R::line_range => "a line range like `804..833`",
        R::paragraph_decl | R::kw_paragraph => "`paragraph`",
        R::judgement | R::kw_judgement => "`judgement`",
        R::conduct_note => "`conduct`",
        R::define | R::kw_define => "`define`",
        R::delegation | R::delegated_here | R::kw_delegated => {
            "`delegated to` a regulating_authority or tournament_organizer"
        }
        R::regulation | R::kw_regulation | R::regulation_file => "`regulation`",
        R::applies_to | R::kw_applies => "`applies to` and the law book",
        R::book_name => "a law book's name, such as `2017`",
        R::setting | R::kw_amend => "`set` or `amend`",
        R::value_setting => "a name, `=` and its value",
        R::paragraph_setting => "a paragraph and what the regulation provides there",
        R::per_clause | R::kw_per => "`per` and the paragraphs it encodes",
        R::table | R::kw_table => "`table`",
        R::table_row | R::row_key => "a table row `key => value`",
        R::irregularity | R::kw_irregularity | R::kw_act => "`irregularity` or `act`",
        R::ruled_when_cancelled | R::kw_ruled | R::kw_cancelled => "`ruled when cancelled`",
        R::claim_trigger | R::kw_claim => "`claim`",
        R::lead_turn_trigger | R::kw_turn_to_lead => "`turn_to_lead`",
        R::yields | R::kw_yields => "`yields to … for …`",
        R::lift | R::kw_lift => "`lift`",
        R::award | R::kw_award => "`award … tricks to …`",
        R::finding | R::kw_finding => "`finding`",
        R::fact | R::kw_fact => "`fact`",
        R::set_fact | R::kw_set => "`set`",
        R::option | R::kw_option => "`option`",
        R::obligation | R::kw_obligation => "`obligation`",
        R::permission | R::kw_permission => "`permission`",
        R::rectify | R::kw_rectify => "`rectify`",
        R::every_irregularity => "`every irregularity`",
        R::procedure | R::kw_procedure => "`procedure`",
        R::trigger | R::kw_on => "`on call … by …`",
        R::when_clause | R::kw_when => "`when`",
        R::let_binding | R::kw_let => "`let`",
        R::ask | R::kw_ask => "`ask` with the question in each language",
        R::answers | R::kw_answers => "`answers`",
        R::default_answer | R::kw_default => "`default`",
        R::prevailing_answer | R::kw_prevailing => "`prevailing`",
        R::answer_limit | R::kw_only => "`ANSWER only by SEAT, …`",
        R::implied_answer => "`call by … means …`",
        R::open_until | R::kw_open | R::kw_until | R::kw_next_deal => {
            "`open until next_deal by SEAT, …`"
        }
        R::keeps | R::kw_keeps => "`call … keeps when …`",
        R::rule => "a rule `<paragraph> [except …] [when …] => …`",
        R::except_clause | R::kw_except => "`except`",
        R::para_id => "a paragraph id like 27B1(a)",
        R::block => "a step or `{ … }`",
        R::choose | R::kw_choose => "`choose`",
        R::answer_arm => "an answer `name => …`",
        R::await_call | R::kw_await => "`await call`",
        R::kw_after => "`after call`",
        R::decide | R::kw_decide => "`decide`",
        R::goto | R::kw_goto => "`goto`",
        R::refer | R::kw_refer => "`refer`",
        R::defer | R::kw_defer => "`defer to`",
        R::stands | R::kw_stands => "`stands`",
        R::cancel | R::kw_cancel => "`cancel`",
        R::deemed_pass | R::kw_deemed => "`deemed pass by`",
        R::impose | R::kw_impose => "`impose`",
        R::duration => {
            "`for rest of auction`, `at next turn`, `for rest of play` or `while on lead`"
        }
        R::at_auction_end => "`at end of auction`",
        R::at_play_end => "`at end of play`",
        R::retract => "`retract`",
        R::restart_play | R::kw_restart => "`restart play`",
        R::restore_deal | R::kw_restore => "`restore deal`",
        R::place | R::place_in_trick | R::place_among | R::kw_among => {
            "`place … in trick …` or `place … among played cards`"
        }
        R::quitted_trigger | R::kw_trick_quitted => "`trick_quitted`",
        R::supply_trigger | R::kw_supply => "`supply`",
        R::transfer => "`transfer … tricks to …`",
        R::for_each | R::kw_each => "`for each … in …`",
        R::withdraw | R::kw_withdraw => "`withdraw`",
        R::kw_onwards => "`onwards`",
        R::await_director | R::kw_director => "`await director`",
        R::again | R::kw_again => "`again`",
        R::kw_place => "`place`",
        R::change_trigger | R::kw_change => "`change`",
        R::question_trigger | R::kw_conduct => "`conduct`",
        R::ends | R::kw_ends => "`ends when`",
        R::play_trigger | R::kw_play => "`play`",
        R::withdrawal_trigger | R::kw_withdrawal => "`withdrawal`",
        R::exposure_trigger
        | R::kw_exposure
        | R::kw_early_lead
        | R::kw_played_together
        | R::kw_fifth_card
        | R::kw_held
        | R::kw_touched
        | R::kw_hidden
        | R::kw_named => {
            "`exposure`, `early_lead`, `played_together`, `fifth_card`, `held`, `touched`, \
             `hidden` or `named`"
        }
        R::play_card => "`play`",
        R::kw_together => "`together with`",
        R::forces | R::kw_forces => "`forces`",
        R::avoids | R::kw_avoids => "`avoids`",
        R::kw_with => "`with`",
        R::lead_from | R::kw_from => "`lead from`",
        R::no_rectification | R::kw_no => "`no rectification`",
        R::end_rectification => "`end rectification`",
        R::no_irregularity => "`no irregularity`",
        R::no_claim => "`no claim`",
        R::no_result | R::kw_result => "`no result`",
        R::answer_choice | R::kw_answer => "`answer`",
        R::expr | R::or_expr | R::sum_expr | R::postfix => "an expression",
        R::cmp_op => "a comparison (==, !=, <, <=, >, >=)",
        R::sum_op | R::mul_op => "an operator",
        R::field => "`.field`",
        R::args => "`(`",
        R::call_expr => "a function call",
        R::quantifier | R::quant_kind => {
            "a quantifier (any, all, count, highest, first, last, sum, every)"
        }
        R::bid_literal => "a bid like 1NT or 3♠",
        R::card_literal => "a card like ♠A",
        R::suit_symbol => "a suit symbol",
        R::int | R::signed_int => "a number",
        R::string => "a quoted text",
        R::ident => "a name",
        R::type_expr | R::list_type => "a type",
        R::params | R::param => "parameters `(name: type, …)`",
        R::int_domain => "a range of values like `1..7`",
        R::kw_by => "`by`",
        R::kw_call => "`call`",
        R::kw_if => "`if`",
        R::kw_then => "`then`",
        R::kw_else => "`else`",
        R::kw_in => "`in`",
        R::kw_and => "`and`",
        R::kw_or => "`or`",
        R::kw_means => "`means`",
        _ => return None,
    })
}

pub fn parse_law_file(file: u32, text: &str) -> Result<LawFile, Diag> {
    if let Some(d) = pest_error::too_deep(file, text, "lawbook::syntax::law") {
        return Err(d);
    }
    let mut pairs = pest_error::parse::<LawParser, _>(Rule::file, text)
        .map_err(|e| pest_error::convert(e, file, text, phrase, "lawbook::syntax::law"))?;
    if let Some(d) = depth::too_deep(file, &pairs, "lawbook::syntax::law") {
        return Err(d);
    }
    let b = Builder { file };
    let top = pairs.next().expect("the file rule always yields one pair");
    let mut laws = Vec::new();
    for p in top.into_inner() {
        if matches!(p.as_rule(), Rule::law | Rule::definitions) {
            laws.push(b.law(p)?);
        }
    }
    Ok(LawFile { file, laws })
}

struct Builder {
    file: u32,
}

type P<'i> = Pair<'i, Rule>;

impl Builder {
    fn span(&self, p: &P) -> Span {
        let s = p.as_span();
        Span::new(self.file, s.start(), s.end())
    }

    fn ident(&self, p: P) -> Ident {
        Ident {
            name: p.as_str().to_string(),
            span: self.span(&p),
        }
    }

    fn para_id(&self, p: P) -> ParaId {
        let text = p.as_str().to_string();
        let law = text
            .chars()
            .take_while(|c| c.is_ascii_digit())
            .collect::<String>()
            .parse()
            .unwrap_or(0);
        ParaId {
            text,
            law,
            span: self.span(&p),
        }
    }

    fn int(&self, p: &P) -> Result<i64, Diag> {
        p.as_str().parse().map_err(|_| {
            Diag::new("lawbook::syntax::number", "this number is too large")
                .label(self.span(p), "too large")
        })
    }

    /// A decimal literal, exactly as written (rust_decimal holds 28 significant digits).
    fn decimal(&self, p: &P) -> Result<rust_decimal::Decimal, Diag> {
        rust_decimal::Decimal::from_str_exact(p.as_str()).map_err(|_| {
            Diag::new(
                "lawbook::syntax::number",
                "this decimal has too many digits",
            )
            .label(self.span(p), "more than 28 significant digits")
            .help("write it with fewer digits")
        })
    }

    fn law(&self, p: P) -> Result<Law, Diag> {
        let span = self.span(&p);
        let is_law = p.as_rule() == Rule::law;
        let mut inner = p.into_inner().peekable();
        let kw = inner.next().unwrap();
        let (number, number_span) = if is_law {
            let num = inner.next().unwrap();
            (self.int(&num)? as u32, self.span(&num))
        } else {
            (0, self.span(&kw))
        };
        let mut law = Law {
            number,
            number_span,
            span,
            titles: vec![],
            sources: vec![],
            items: vec![],
        };
        for item in inner {
            match item.as_rule() {
                Rule::title => law.titles.push(self.translations(item)),
                Rule::source_lines => {
                    let mut it = item.into_inner();
                    it.next();
                    while let Some(l) = it.next() {
                        let lang = Lang::parse(l.as_str()).unwrap();
                        let range = it.next().unwrap();
                        let rspan = self.span(&range);
                        let mut r = range.into_inner();
                        let first = self.int(&r.next().unwrap())? as u32;
                        let last = self.int(&r.next().unwrap())? as u32;
                        law.sources.push(SourceLines {
                            lang,
                            first,
                            last,
                            span: rspan,
                        });
                    }
                }
                Rule::paragraph_decl => law.items.push(Item::Paragraph(self.paragraph(item))),
                Rule::define => law.items.push(Item::Define(self.define(item)?)),
                Rule::table => law.items.push(Item::Table(self.table(item)?)),
                Rule::irregularity => law.items.push(Item::Irregularity(self.irregularity(item)?)),
                Rule::finding => {
                    let span = self.span(&item);
                    let mut it = item.into_inner();
                    it.next();
                    let name = self.ident(it.next().unwrap());
                    let mut next = it.next().unwrap();
                    let range = if next.as_rule() == Rule::finding_range {
                        let mut ends = next.into_inner();
                        let from = self.expr(ends.next().unwrap())?;
                        let to = self.expr(ends.next().unwrap())?;
                        next = it.next().unwrap();
                        Some((from, to))
                    } else {
                        None
                    };
                    let ask = self.translations(next);
                    law.items.push(Item::Finding(Finding {
                        name,
                        range,
                        ask,
                        span,
                    }));
                }
                Rule::fact => {
                    let span = self.span(&item);
                    let mut it = item.into_inner();
                    it.next();
                    let name = self.ident(it.next().unwrap());
                    let ask = self.translations(it.next().unwrap());
                    law.items.push(Item::Fact(Finding {
                        name,
                        range: None,
                        ask,
                        span,
                    }));
                }
                Rule::option => law.items.push(Item::Option(self.option(item)?)),
                Rule::obligation | Rule::permission => {
                    law.items.push(Item::Obligation(self.obligation(item)?))
                }
                Rule::rectify => law
                    .items
                    .extend(self.rectify(item)?.into_iter().map(Item::Rectify)),
                Rule::procedure => {
                    let span = self.span(&item);
                    let mut it = item.into_inner();
                    it.next();
                    let id = self.para_id(it.next().unwrap());
                    let block = self.block(it.next().unwrap())?;
                    law.items
                        .push(Item::Procedure(Procedure { id, block, span }));
                }
                _ => {}
            }
        }
        Ok(law)
    }

    /// A rectify block: one for each irregularity it names (`rectify a, b { … }` is read as
    /// the same rules written for each), or the one for every irregularity.
    fn rectify(&self, p: P) -> Result<Vec<Rectify>, Diag> {
        let span = self.span(&p);
        let mut targets = vec![];
        let mut decision = None;
        for x in p.into_inner() {
            match x.as_rule() {
                Rule::ident => targets.push(Some(self.ident(x))),
                Rule::every_irregularity => targets.push(None),
                Rule::decision => decision = Some(self.decision(x)?),
                _ => {}
            }
        }
        let decision = decision.unwrap();
        Ok(targets
            .into_iter()
            .map(|irregularity| Rectify {
                irregularity,
                decision: decision.clone(),
                span,
            })
            .collect())
    }

    fn translations(&self, p: P) -> Translations {
        let span = self.span(&p);
        let entries = p
            .into_inner()
            .filter(|t| t.as_rule() == Rule::translation)
            .map(|t| {
                let tspan = self.span(&t);
                let mut it = t.into_inner();
                let lang = Lang::parse(it.next().unwrap().as_str()).unwrap();
                let s = it.next().unwrap();
                let body = s.into_inner().next().map_or("", |b| b.as_str()).to_string();
                (lang, body, tspan)
            })
            .collect();
        Translations { entries, span }
    }

    fn paragraph(&self, p: P) -> ParagraphDecl {
        let span = self.span(&p);
        let mut it = p.into_inner();
        it.next();
        let id = self.para_id(it.next().unwrap());
        let mut decl = ParagraphDecl {
            id,
            titles: vec![],
            judgement: None,
            conduct: None,
            delegated: None,
            regulated: None,
            span,
        };
        for x in it {
            match x.as_rule() {
                Rule::title => decl.titles.push(self.translations(x)),
                Rule::delegated_here => {
                    decl.delegated = x.into_inner().nth(2).map(|to| self.ident(to));
                }
                Rule::judgement | Rule::conduct_note => {
                    let judgement = x.as_rule() == Rule::judgement;
                    let s = x.into_inner().nth(1).unwrap();
                    let text = Some(s.into_inner().next().map_or("", |b| b.as_str()).to_string());
                    if judgement {
                        decl.judgement = text;
                    } else {
                        decl.conduct = text;
                    }
                }
                _ => {}
            }
        }
        decl
    }

    fn params(&self, p: P) -> Result<Vec<Param>, Diag> {
        p.into_inner()
            .map(|param| {
                let mut it = param.into_inner();
                let name = self.ident(it.next().unwrap());
                let ty = it.next().unwrap();
                if ty.as_rule() == Rule::int_domain {
                    let span = self.span(&ty);
                    let mut r = ty.into_inner();
                    let lo = self.int(&r.next().unwrap())?;
                    let hi = self.int(&r.next().unwrap())?;
                    return Ok(Param {
                        name,
                        ty: TypeExpr {
                            kind: TypeExprKind::Named("int".to_string()),
                            span,
                        },
                        domain: Some((lo, hi)),
                    });
                }
                Ok(Param {
                    name,
                    ty: self.type_expr(ty),
                    domain: None,
                })
            })
            .collect()
    }

    fn type_expr(&self, p: P) -> TypeExpr {
        let span = self.span(&p);
        let inner = p.into_inner().next().unwrap();
        let kind = match inner.as_rule() {
            Rule::list_type => {
                let t = inner.into_inner().nth(1).unwrap();
                TypeExprKind::List(Box::new(self.type_expr(t)))
            }
            _ => TypeExprKind::Named(inner.as_str().to_string()),
        };
        TypeExpr { kind, span }
    }

    fn per<'i>(&self, it: &mut std::iter::Peekable<impl Iterator<Item = P<'i>>>) -> Vec<ParaId> {
        match it.peek().map(|x| x.as_rule()) {
            Some(Rule::per_clause) => it
                .next()
                .unwrap()
                .into_inner()
                .filter(|q| q.as_rule() == Rule::para_id)
                .map(|q| self.para_id(q))
                .collect(),
            _ => vec![],
        }
    }

    /// `delegated to BODY by PARA` before a define or table, if there is one; the iterator is
    /// left after the definition's keyword.
    fn delegation<'i>(
        &self,
        it: &mut std::iter::Peekable<impl Iterator<Item = P<'i>>>,
    ) -> Option<Delegation> {
        let d = it.next_if(|x| x.as_rule() == Rule::delegation);
        it.next();
        let d = d?;
        let span = self.span(&d);
        let mut parts = d.into_inner().skip(2);
        let to = self.ident(parts.next()?);
        parts.next();
        let by = self.para_id(parts.next()?);
        Some(Delegation { to, by, span })
    }

    fn define(&self, p: P) -> Result<Define, Diag> {
        let span = self.span(&p);
        let mut it = p.into_inner().peekable();
        let delegated = self.delegation(&mut it);
        let name = self.ident(it.next().unwrap());
        let params = if it.peek().map(|x| x.as_rule()) == Some(Rule::params) {
            self.params(it.next().unwrap())?
        } else {
            vec![]
        };
        let ty = self.type_expr(it.next().unwrap());
        let per = self.per(&mut it);
        let body = self.expr(it.next().unwrap())?;
        Ok(Define {
            delegated,
            name,
            params,
            ty,
            per,
            body,
            span,
        })
    }

    fn table(&self, p: P) -> Result<Table, Diag> {
        let span = self.span(&p);
        let mut it = p.into_inner().peekable();
        let delegated = self.delegation(&mut it);
        let name = self.ident(it.next().unwrap());
        let params = self.params(it.next().unwrap())?;
        let ty = self.type_expr(it.next().unwrap());
        let mut it = it.peekable();
        let per = self.per(&mut it);
        let mut rows = vec![];
        for row in it {
            let rspan = self.span(&row);
            let mut r = row.into_inner();
            let key_pair = r.next().unwrap();
            let key_span = self.span(&key_pair);
            let k = key_pair.into_inner().next().unwrap();
            let key = match k.as_rule() {
                Rule::wildcard => RowKey::Wildcard,
                Rule::range_key => {
                    let mut kr = k.into_inner();
                    let lo = self.int(&kr.next().unwrap())?;
                    let hi = match kr.next() {
                        Some(h) => Some(self.int(&h)?),
                        None => None,
                    };
                    RowKey::Range(lo, hi)
                }
                _ => RowKey::Value(self.expr(k)?),
            };
            rows.push(TableRow {
                key,
                key_span,
                value: self.expr(r.next().unwrap())?,
                span: rspan,
            });
        }
        Ok(Table {
            delegated,
            name,
            params,
            ty,
            per,
            rows,
            span,
        })
    }
}

type Rule_ = super::ast::Rule;
