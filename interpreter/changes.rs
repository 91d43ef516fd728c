//! What differs between two rulings of one case (`lawbook diff`): each difference with the
//! paragraph that decides it. Works on the ruling data alone (ruling -> changes -> report),
//! so it holds for any two law books or regulations.
//!
//! The paragraph a difference is grouped under: inside a decision, that decision's
//! paragraph; elsewhere (a score, a contract, an artificial adjusted score), the paragraphs
//! of the ruling's basis that the edit touched (a regulation's settings name theirs), else
//! what the difference is about (`score`, `contract`).

use crate::ruling::Ruling;
use serde::Serialize;
use serde_json::Value;

/// One difference between the two rulings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Change {
    /// The paragraph that decides it (or what it is about, outside any decision).
    pub paragraph: String,
    /// Whether the paragraph is a decision's (not a guess from the basis or the field).
    #[serde(skip)]
    pub decided: bool,
    /// Where in the ruling: the branch, irregularity and field, in words.
    pub at: String,
    /// The value before and after, as compact JSON (`—` where there is none).
    pub before: String,
    pub after: String,
}

/// The differences between `a` and `b`, rulings of one case. `touched`: the paragraphs the
/// edit is known to change, to name a difference outside any decision by.
pub fn changes(a: &Ruling, b: &Ruling, touched: &[String]) -> Vec<Change> {
    let strip = |r: &Ruling| {
        let mut v = serde_json::to_value(Ruling {
            regulation: None,
            ..r.clone()
        })
        .unwrap_or(Value::Null);
        if let Some(o) = v.as_object_mut() {
            o.remove("lawbook");
        }
        v
    };
    let (va, vb) = (strip(a), strip(b));
    let mut out = vec![];
    walk(Some(&va), Some(&vb), &mut Ctx::default(), touched, &mut out);
    // A score, a contract or a number of tricks that changed with a decision is that
    // decision's doing.
    let mut decided: Vec<String> = out
        .iter()
        .filter(|c| c.decided)
        .map(|c| c.paragraph.clone())
        .collect();
    decided.sort();
    decided.dedup();
    if !decided.is_empty() {
        for c in out.iter_mut().filter(|c| !c.decided) {
            c.paragraph = decided.join(", ");
        }
    }
    out
}

/// Fields that are an example, not the ruling: one play among equals that reaches the
/// claimer's worst result. Compared, they would list every card of a play that is merely
/// another one.
const EXAMPLES: [&str; 1] = ["worst_line"];

/// The most of a value a change shows.
const SHOWN: usize = 160;

#[derive(Clone, Default)]
struct Ctx {
    labels: Vec<String>,
    paragraph: Option<String>,
    /// The basis of the nearest outcome (its paragraphs applied), for outcome-level changes.
    basis: Vec<String>,
}

fn compact(v: Option<&Value>) -> String {
    let text = match v {
        None => "—".to_string(),
        Some(Value::String(s)) => s.clone(),
        Some(v) => v.to_string(),
    };
    match text.char_indices().nth(SHOWN) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text,
    }
}

/// A node of the decision tree in a few words: an open question, or an outcome's deciding
/// paragraphs and result.
fn node_summary(v: &Value) -> String {
    match v.get("kind").and_then(|k| k.as_str()) {
        Some("branch") => {
            let q = &v["question"];
            let answers: Vec<&str> = v["branches"]
                .as_array()
                .map(|b| b.iter().filter_map(|x| x["answer"].as_str()).collect())
                .unwrap_or_default();
            format!(
                "open question {} ({})",
                q["name"].as_str().unwrap_or("?"),
                answers.join(", ")
            )
        }
        _ => {
            let mut parts = vec![];
            let decided: Vec<&str> = last_paragraphs(v);
            if !decided.is_empty() {
                parts.push(format!("decided by {}", decided.join(", ")));
            }
            if let Some(t) = v.get("tricks") {
                parts.push(format!("{t} tricks"));
            }
            if let Some(ns) = v.get("score").and_then(|s| s.get("ns")) {
                parts.push(format!("NS {ns}"));
            }
            format!("outcome: {}", parts.join(", "))
        }
    }
}

/// The paragraph each irregularity of an outcome was decided by last.
fn last_paragraphs(v: &Value) -> Vec<&str> {
    v.get("irregularities")
        .and_then(|i| i.as_array())
        .map(|irs| {
            irs.iter()
                .filter_map(|ir| {
                    ir.get("decisions")?
                        .as_array()?
                        .last()?
                        .get("paragraph")?
                        .as_str()
                })
                .collect()
        })
        .unwrap_or_default()
}

fn basis_of(v: Option<&Value>) -> Vec<String> {
    v.and_then(|v| v.get("basis"))
        .and_then(|b| b.as_array())
        .map(|b| {
            b.iter()
                .filter_map(|p| p.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

fn walk(
    a: Option<&Value>,
    b: Option<&Value>,
    ctx: &mut Ctx,
    touched: &[String],
    out: &mut Vec<Change>,
) {
    if a == b {
        return;
    }
    match (a, b) {
        (Some(Value::Object(oa)), Some(Value::Object(ob)))
            if oa.contains_key("kind") && oa.get("kind") != ob.get("kind") =>
        {
            // An outcome became an open question, or the reverse: one change, said in words.
            let (sa, sb) = (
                node_summary(a.unwrap_or(&Value::Null)),
                node_summary(b.unwrap_or(&Value::Null)),
            );
            let decided: Vec<&str> = last_paragraphs(a.unwrap_or(&Value::Null))
                .into_iter()
                .chain(last_paragraphs(b.unwrap_or(&Value::Null)))
                .collect();
            out.push(Change {
                paragraph: match decided.first() {
                    Some(p) => p.to_string(),
                    None => "ruling".to_string(),
                },
                decided: !decided.is_empty(),
                at: if ctx.labels.is_empty() {
                    "the ruling".to_string()
                } else {
                    ctx.labels.join(" › ")
                },
                before: sa,
                after: sb,
            });
        }
        (Some(Value::Object(oa)), Some(Value::Object(ob))) => {
            let mut here = ctx.clone();
            if let Some(p) = ob
                .get("paragraph")
                .or_else(|| oa.get("paragraph"))
                .and_then(|p| p.as_str())
            {
                here.paragraph = Some(p.to_string());
                here.labels.push(p.to_string());
            }
            if let Some(ans) = ob
                .get("answer")
                .or_else(|| oa.get("answer"))
                .and_then(|x| x.as_str())
            {
                if ob.contains_key("node") || oa.contains_key("node") {
                    here.labels.push(format!("answer {ans}"));
                }
            }
            if let (Some(n), Some(off)) = (
                ob.get("name")
                    .or_else(|| oa.get("name"))
                    .and_then(|x| x.as_str()),
                ob.get("offender")
                    .or_else(|| oa.get("offender"))
                    .and_then(|x| x.as_str()),
            ) {
                here.labels.push(format!("{n} by {off}"));
            }
            if ob.get("kind").and_then(|k| k.as_str()) == Some("outcome") {
                here.basis = basis_of(b);
            }
            let mut keys: Vec<&String> = oa.keys().chain(ob.keys()).collect();
            keys.sort();
            keys.dedup();
            for k in keys.into_iter().filter(|k| !EXAMPLES.contains(&k.as_str())) {
                let mut sub = here.clone();
                if !matches!(
                    k.as_str(),
                    "tree" | "node" | "branches" | "irregularities" | "decisions"
                ) {
                    sub.labels.push(k.clone());
                }
                walk(oa.get(k), ob.get(k), &mut sub, touched, out);
            }
        }
        // A question's branches, paired by their answers, not by place: a number the Director
        // finds may start its range elsewhere under the other book (`3` first where `2` was).
        (Some(Value::Array(xa)), Some(Value::Array(xb)))
            if xa
                .iter()
                .chain(xb)
                .all(|x| x.get("answer").is_some() && x.get("node").is_some()) =>
        {
            let answer = |x: &Value| x.get("answer").and_then(|a| a.as_str()).map(str::to_owned);
            let mut answers: Vec<String> = xa.iter().filter_map(answer).collect();
            for a in xb.iter().filter_map(answer) {
                if !answers.contains(&a) {
                    answers.push(a);
                }
            }
            let find = |xs: &'_ [Value], a: &str| {
                xs.iter().find(|x| answer(x).as_deref() == Some(a)).cloned()
            };
            for a in &answers {
                let (ba, bb) = (find(xa, a), find(xb, a));
                let mut sub = ctx.clone();
                if ba.is_none() || bb.is_none() {
                    sub.labels.push(format!("answer {a}"));
                }
                walk(ba.as_ref(), bb.as_ref(), &mut sub, touched, out);
            }
        }
        (Some(Value::Array(xa)), Some(Value::Array(xb))) => {
            for i in 0..xa.len().max(xb.len()) {
                let mut sub = ctx.clone();
                if let Some(last) = sub.labels.last_mut() {
                    // Lists of effects, comparisons, calls: the index says which.
                    if !last.contains(' ')
                        && !last.chars().next().is_some_and(|c| c.is_ascii_digit())
                    {
                        last.push_str(&format!("[{}]", i + 1));
                    }
                }
                walk(xa.get(i), xb.get(i), &mut sub, touched, out);
            }
        }
        _ => {
            let paragraph = ctx.paragraph.clone().unwrap_or_else(|| {
                let hit: Vec<&String> = ctx.basis.iter().filter(|p| touched.contains(p)).collect();
                match hit.as_slice() {
                    // What the change is about: the outcome's field it is in.
                    [] => ctx
                        .labels
                        .iter()
                        .find(|l| !l.starts_with("answer ") && !l.contains(" by "))
                        .map(|l| l.split('[').next().unwrap_or(l).to_string())
                        .unwrap_or_else(|| "ruling".to_string()),
                    ps => ps.iter().map(|p| p.as_str()).collect::<Vec<_>>().join(", "),
                }
            });
            out.push(Change {
                decided: ctx.paragraph.is_some(),
                paragraph,
                at: ctx.labels.join(" › "),
                before: compact(a),
                after: compact(b),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn walked(a: Value, b: Value, touched: &[&str]) -> Vec<Change> {
        let touched: Vec<String> = touched.iter().map(|s| s.to_string()).collect();
        let mut out = vec![];
        walk(Some(&a), Some(&b), &mut Ctx::default(), &touched, &mut out);
        out
    }

    #[test]
    fn a_change_inside_a_decision_is_grouped_under_its_paragraph() {
        let a = json!({"tree": {"kind": "outcome", "irregularities": [{"name": "insufficient_bid", "offender": "East",
            "decisions": [{"paragraph": "27B2", "effects": [{"effect": "obligation", "holder": "West"}]}]}]}});
        let b = json!({"tree": {"kind": "outcome", "irregularities": [{"name": "insufficient_bid", "offender": "East",
            "decisions": [{"paragraph": "27B2", "effects": [{"effect": "obligation", "holder": "North"}]}]}]}});
        let c = walked(a, b, &[]);
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].paragraph, "27B2");
        assert_eq!(
            c[0].at,
            "insufficient_bid by East › 27B2 › effects[1] › holder"
        );
        assert_eq!(
            (c[0].before.as_str(), c[0].after.as_str()),
            ("West", "North")
        );
    }

    #[test]
    fn an_outcome_change_is_named_by_the_touched_paragraph_of_its_basis_or_by_what_it_is() {
        let a = json!({"tree": {"kind": "outcome", "basis": ["12C2(a)", "12C2(b)"], "comparisons": [{"imps": -3}]}});
        let b = json!({"tree": {"kind": "outcome", "basis": ["12C2(a)", "12C2(b)"], "comparisons": [{"imps": -2}]}});
        let c = walked(a.clone(), b.clone(), &["12C2(b)", "41A"]);
        assert_eq!(c[0].paragraph, "12C2(b)");
        assert_eq!(c[0].at, "comparisons[1] › imps");
        let c = walked(a, b, &[]);
        assert_eq!(c[0].paragraph, "comparisons");
    }

    #[test]
    fn equal_rulings_have_no_changes_and_a_missing_value_is_a_dash() {
        assert!(walked(json!({"x": [1, 2]}), json!({"x": [1, 2]}), &[]).is_empty());
        let c = walked(json!({"score": {"ns": 110}}), json!({}), &[]);
        assert_eq!(
            (c[0].before.as_str(), c[0].after.as_str()),
            ("{\"ns\":110}", "—")
        );
        assert_eq!(c[0].paragraph, "score");
    }
}
