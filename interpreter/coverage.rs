//! Which paragraphs of a law book the rulings of a corpus reach: a paragraph is reached when
//! a ruling applies it or refers to it, and a section when one of its paragraphs is. Pure
//! judgement paragraphs are listed apart: no case is expected to decide them; so are conduct
//! paragraphs, which say how the players proceed and give a ruling nothing to compute.

use crate::check::{parent_id, LawBook};
use crate::ruling::{Node, Ruling};
use std::collections::{BTreeMap, BTreeSet};

#[derive(Debug, Default)]
pub struct Coverage {
    pub reached: BTreeSet<String>,
}

#[derive(Debug)]
pub struct LawCoverage {
    pub law: u32,
    pub title: String,
    pub mechanical: Vec<String>,
    pub unreached: Vec<String>,
    pub judgement: Vec<String>,
    /// Paragraphs of the players' procedure, with nothing for a ruling to compute.
    pub conduct: Vec<String>,
}

impl Coverage {
    pub fn add(&mut self, r: &Ruling) {
        self.node(&r.tree);
    }

    fn node(&mut self, n: &Node) {
        match n {
            Node::Outcome(o) => {
                for i in o.irregularities.iter() {
                    for a in &i.decisions {
                        self.reach(&a.paragraph);
                        for x in &a.refers {
                            self.reach(x);
                        }
                    }
                }
                for ob in &o.obligations {
                    self.reach(&ob.paragraph);
                }
                for p in &o.basis {
                    self.reach(p);
                }
            }
            Node::Branch { branches, .. } => {
                for b in branches {
                    self.node(&b.node);
                }
            }
        }
    }

    fn reach(&mut self, id: &str) {
        let mut key = Some(id);
        while let Some(k) = key {
            key = parent_id(k);
            self.reached.insert(k.to_string());
        }
    }

    /// Per law with paragraphs: the mechanical paragraphs, those no ruling reaches, and the
    /// judgement ones.
    pub fn report(&self, book: &LawBook) -> Vec<LawCoverage> {
        let mut by_law: BTreeMap<u32, LawCoverage> = BTreeMap::new();
        for p in book.paragraphs.values() {
            // A bare law number used as a rule id is the law, not a paragraph.
            if p.id.chars().all(|c| c.is_ascii_digit()) {
                continue;
            }
            let e = by_law.entry(p.law).or_insert_with(|| LawCoverage {
                law: p.law,
                title: book
                    .law_title(p.law, crate::syntax::ast::Lang::En)
                    .unwrap_or("")
                    .to_string(),
                mechanical: vec![],
                unreached: vec![],
                judgement: vec![],
                conduct: vec![],
            });
            let section_of_judgements = p.conduct.is_none()
                && !self.reached.contains(&p.id)
                && judgement_section(book, &p.id);
            if p.judgement.is_some() || section_of_judgements {
                e.judgement.push(p.id.clone());
            } else if p.conduct.is_some() {
                e.conduct.push(p.id.clone());
            } else {
                e.mechanical.push(p.id.clone());
                if !self.reached.contains(&p.id) {
                    e.unreached.push(p.id.clone());
                }
            }
        }
        by_law.into_values().collect()
    }
}

/// A section none of whose paragraphs a ruling computes, at least one the Director's
/// judgement (80B: every item left to the tournament organizer): no case is expected to
/// reach it either.
fn judgement_section(book: &LawBook, id: &str) -> bool {
    let within: Vec<_> = book
        .paragraphs
        .values()
        .filter(|q| q.id != id && q.id.starts_with(id) && is_within(&q.id, id))
        .collect();
    !within.is_empty()
        && within
            .iter()
            .all(|q| q.judgement.is_some() || q.conduct.is_some())
        && within.iter().any(|q| q.judgement.is_some())
}

/// Whether paragraph `q` lies within section `id` (27B1(a) within 27B, not 27 within 2).
fn is_within(q: &str, id: &str) -> bool {
    let mut key = parent_id(q);
    while let Some(k) = key {
        if k == id {
            return true;
        }
        key = parent_id(k);
    }
    false
}

/// The report as text.
pub fn render(report: &[LawCoverage]) -> String {
    let mut out = String::from("Coverage: paragraphs the corpus reaches, by law\n");
    let (mut total, mut missed) = (0, 0);
    for l in report {
        total += l.mechanical.len();
        missed += l.unreached.len();
        let name = if l.law == 0 {
            "Definitions".to_string()
        } else {
            format!("Law {}", l.law)
        };
        out.push_str(&format!(
            "  {name} {}: {}/{} reached",
            l.title,
            l.mechanical.len() - l.unreached.len(),
            l.mechanical.len()
        ));
        if !l.unreached.is_empty() {
            out.push_str(&format!("; not reached: {}", l.unreached.join(", ")));
        }
        if !l.judgement.is_empty() {
            out.push_str(&format!("; judgement: {}", l.judgement.join(", ")));
        }
        if !l.conduct.is_empty() {
            out.push_str(&format!("; conduct: {}", l.conduct.join(", ")));
        }
        out.push('\n');
    }
    out.push_str(&format!(
        "  {}/{total} mechanical paragraphs reached\n",
        total - missed
    ));
    out
}
