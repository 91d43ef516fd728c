//! A regulation file (`regulation NAME { … }`) to its syntax tree: the law grammar's
//! `regulation_file` rule, built with the law files' builder.

use super::{depth, pest_error, phrase, Builder, LawParser, Rule, P};
use crate::diagnostic::Diag;
use crate::syntax::ast::{Change, Regulation, Setting};

/// Parse a regulation file (`regulation NAME { … }`).
pub fn parse_regulation_file(file: u32, text: &str) -> Result<Regulation, Diag> {
    if let Some(d) = pest_error::too_deep(file, text, "lawbook::syntax::regulation") {
        return Err(d);
    }
    let mut pairs = pest_error::parse::<LawParser, _>(Rule::regulation_file, text)
        .map_err(|e| pest_error::convert(e, file, text, phrase, "lawbook::syntax::regulation"))?;
    if let Some(d) = depth::too_deep(file, &pairs, "lawbook::syntax::regulation") {
        return Err(d);
    }
    let top = pairs
        .next()
        .expect("the regulation_file rule always yields one pair");
    let reg = top
        .into_inner()
        .find(|p| p.as_rule() == Rule::regulation)
        .expect("a regulation file holds one regulation");
    Builder { file }.regulation(reg)
}

impl Builder {
    fn regulation(&self, p: P) -> Result<Regulation, Diag> {
        let span = self.span(&p);
        let mut it = p.into_inner();
        it.next();
        let name = self.ident(it.next().unwrap());
        let mut reg = Regulation {
            name,
            titles: vec![],
            applies_to: None,
            settings: vec![],
            span,
        };
        for x in it {
            match x.as_rule() {
                Rule::title => reg.titles.push(self.translations(x)),
                Rule::applies_to => {
                    let book = x.into_inner().nth(2).unwrap();
                    reg.applies_to = Some((book.as_str().to_string(), self.span(&book)));
                }
                Rule::setting => {
                    let span = self.span(&x);
                    let mut s = x.into_inner();
                    let amend = s.next().unwrap().as_rule() == Rule::kw_amend;
                    let what = s.next().unwrap();
                    let change = match what.as_rule() {
                        Rule::define => Change::Define(self.define(what)?),
                        Rule::table => Change::Table(self.table(what)?),
                        Rule::rectify => {
                            // One setting for each irregularity the block names.
                            for r in self.rectify(what)? {
                                reg.settings.push(Setting {
                                    amend,
                                    change: Change::Rectify(r),
                                    span,
                                });
                            }
                            continue;
                        }
                        Rule::value_setting => {
                            let mut v = what.into_inner();
                            let name = self.ident(v.next().unwrap());
                            let value = self.expr(v.next().unwrap())?;
                            Change::Value { name, value }
                        }
                        _ => {
                            let mut v = what.into_inner();
                            let id = self.para_id(v.next().unwrap());
                            let text = v
                                .next()
                                .and_then(|s| s.into_inner().next())
                                .map_or("", |b| b.as_str())
                                .to_string();
                            Change::Paragraph { id, text }
                        }
                    };
                    reg.settings.push(Setting {
                        amend,
                        change,
                        span,
                    });
                }
                _ => {}
            }
        }
        Ok(reg)
    }
}
