//! What the law language's operations mean, shared by the reference interpreter
//! (`expr::Evaluator::run`) and the compiled code (`code`): arithmetic, comparisons, the
//! built-in functions, the state of the table and the fields of its records. One definition
//! of each, so the two paths differ only in how they walk a program.

use super::probe::{self, Held};
use super::value::Value;
use super::view::View;
use crate::check::builtins::Builtin;
use crate::compile::{FieldKind, StateVar};
use crate::model::{Answer, Call, Meaning, Seat};
use crate::source::Span;
use crate::syntax::ast::BinOp;
use std::rc::Rc;

pub use super::findings::Asked;

/// Why evaluation stopped without a value.
#[derive(Clone, Debug)]
pub enum Stop {
    /// A finding of fact the case does not give: the caller branches on it.
    Unknown(Asked),
    /// A rule met a situation it cannot handle (no row in a table, the last of an empty list).
    Error { message: String, span: Span },
    /// The step budget ran out: a rule that loops or a law book far too large.
    Budget { span: Span },
    /// The case's answer to a number the Director finds lies outside what the table allows
    /// there (the finding's range): the case's fault, at its answer.
    Outside(Outside),
}

/// A number the case gives that its finding's range does not allow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outside {
    pub name: Rc<str>,
    pub answer: i64,
    pub least: i64,
    pub most: i64,
    pub span: Span,
}

/// The most answers one number the Director finds may have: the tree branches on each.
pub const MOST_ANSWERS: i64 = 64;

/// A number the Director finds, `name`, about `about`, between `least` and `most` (the
/// finding's range as the table now stands; `span` the finding's declaration): the case's
/// answer, or the question, which the tree branches on.
pub fn found_number(
    findings: &super::findings::Findings,
    name: &str,
    about: Option<super::findings::About>,
    (least, most): (i64, i64),
    span: Span,
) -> Result<i64, Stop> {
    if least > most {
        return Err(Stop::Error {
            message: format!(
                "the range of `{name}` is empty here ({least}..{most}): its least must not exceed its most"
            ),
            span,
        });
    }
    if most.saturating_sub(least) >= MOST_ANSWERS {
        return Err(Stop::Error {
            message: format!(
                "`{name}` may be answered {least}..{most} here, more than the {MOST_ANSWERS} answers the ruling's tree branches on"
            ),
            span,
        });
    }
    match findings.get(name, about) {
        Some(Answer::Least) => Ok(least),
        Some(Answer::Most) => Ok(most),
        Some(Answer::Number(n)) if (least..=most).contains(&n) => Ok(n),
        Some(Answer::Number(n)) => Err(Stop::Outside(Outside {
            name: Rc::from(name),
            answer: n,
            least,
            most,
            span: findings.span_of(name, about).unwrap_or(span),
        })),
        // The tree checks every answer's kind before it rules (`explore::rule`).
        Some(Answer::YesNo(_)) => Err(Stop::Error {
            message: format!("`{name}` is a number the Director finds, answered yes or no"),
            span,
        }),
        // One number only: there is nothing for the Director to find.
        None if least == most => Ok(least),
        None => Err(Stop::Unknown(Asked {
            name: name.to_string(),
            about,
            range: Some((least, most)),
        })),
    }
}

/// A yes-or-no finding: the case's answer, or the question.
pub fn finding_answer(
    findings: &super::findings::Findings,
    name: &str,
    about: Option<super::findings::About>,
    span: Span,
) -> Result<bool, Stop> {
    match findings.get(name, about) {
        Some(Answer::YesNo(b)) => Ok(b),
        Some(_) => Err(Stop::Error {
            message: format!("`{name}` is answered yes or no, answered with a number"),
            span,
        }),
        None => Err(Stop::Unknown(Asked {
            name: name.to_string(),
            about,
            range: None,
        })),
    }
}

/// Arithmetic on two ints (`+ - * / %`); overflow and division by zero are errors at the
/// expression, never a wrapped or clamped number that would rule on a wrong value.
pub fn int_op(op: BinOp, x: i64, y: i64, span: Span) -> Result<i64, Stop> {
    match op {
        BinOp::Add => x.checked_add(y).ok_or_else(|| overflow(span)),
        BinOp::Sub => x.checked_sub(y).ok_or_else(|| overflow(span)),
        BinOp::Mul => x.checked_mul(y).ok_or_else(|| overflow(span)),
        BinOp::Div | BinOp::Rem => {
            if y == 0 {
                return Err(Stop::Error {
                    message: "division by zero".into(),
                    span,
                });
            }
            // i64::MIN / -1 (and its remainder) overflow too.
            let r = if op == BinOp::Div {
                x.checked_div(y)
            } else {
                x.checked_rem(y)
            };
            r.ok_or_else(|| overflow(span))
        }
        _ => unreachable!("not an arithmetic operator"),
    }
}

/// A comparison of two ints (`< <= > >=`).
pub fn compare(op: BinOp, x: i64, y: i64) -> bool {
    probe::holds(op, x, y)
}

/// Comparisons and arithmetic on two ints, as a value.
pub fn arithmetic(op: BinOp, x: i64, y: i64, span: Span) -> Result<Value, Stop> {
    Ok(match op {
        BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => Value::Bool(compare(op, x, y)),
        _ => Value::Int(int_op(op, x, y, span)?),
    })
}

/// The negation of an int.
pub fn negate(x: i64, span: Span) -> Result<i64, Stop> {
    x.checked_neg().ok_or_else(|| overflow(span))
}

/// Arithmetic and comparisons on two decimal values (`+ - *`, `< <= > >=`), exact; a result
/// beyond rust_decimal's 96 bits is an error at the expression, as an int's overflow is.
/// The checker lets no other operator or value reach here; a value of another type (a name
/// a rule binds) is a type error.
pub fn decimal_arithmetic(op: BinOp, x: &Value, y: &Value, span: Span) -> Result<Value, Stop> {
    let (Value::Decimal(x), Value::Decimal(y)) = (x, y) else {
        let other = if matches!(x, Value::Decimal(_)) { y } else { x };
        return Err(type_error(span, "decimal", other));
    };
    let too_large = || Stop::Error {
        message: "arithmetic overflow: the result does not fit in a decimal".into(),
        span,
    };
    Ok(match op {
        BinOp::Add => Value::Decimal(x.checked_add(*y).ok_or_else(too_large)?),
        BinOp::Sub => Value::Decimal(x.checked_sub(*y).ok_or_else(too_large)?),
        BinOp::Mul => Value::Decimal(x.checked_mul(*y).ok_or_else(too_large)?),
        BinOp::Lt => Value::Bool(x < y),
        BinOp::Le => Value::Bool(x <= y),
        BinOp::Gt => Value::Bool(x > y),
        BinOp::Ge => Value::Bool(x >= y),
        _ => unreachable!("the checker allows no other operator on decimals"),
    })
}

/// The negation of a decimal value.
pub fn negate_decimal(x: &Value, span: Span) -> Result<Value, Stop> {
    match x {
        Value::Decimal(d) => Ok(Value::Decimal(-*d)),
        v => Err(type_error(span, "decimal", v)),
    }
}

/// An int result outside 64 bits.
pub fn overflow(span: Span) -> Stop {
    Stop::Error {
        message: "arithmetic overflow: the result does not fit in a 64-bit integer".into(),
        span,
    }
}

pub fn type_error(span: Span, want: &str, got: &Value) -> Stop {
    Stop::Error {
        message: format!("expected a {want}, got {got}"),
        span,
    }
}

/// `range(a, b)` holds at most 10,001 numbers.
pub fn check_range(a: i64, b: i64, span: Span) -> Result<(), Stop> {
    if b.checked_sub(a).is_none_or(|n| n > 10_000) {
        return Err(Stop::Error {
            message: "a range of more than 10000 numbers".into(),
            span,
        });
    }
    Ok(())
}

/// The error of a quantifier that needs an element and has none.
pub fn no_element(what: &str, span: Span) -> Stop {
    Stop::Error {
        message: format!(
            "no element of the list for `{what}`: the list is empty or nothing matches"
        ),
        span,
    }
}

/// Where the view holds a state variable that is a list (the auction, the trick, …), for
/// reading it without a copy; `None` for the others.
pub fn state_list(s: StateVar) -> Option<fn(&View) -> &Rc<Vec<Value>>> {
    Some(match s {
        StateVar::Auction => |v| &v.auction,
        StateVar::CallsInRotation => |v| &v.calls_in_rotation,
        StateVar::CallsMade => |v| &v.calls_made,
        StateVar::Trick => |v| &v.trick,
        StateVar::Plays => |v| &v.plays,
        StateVar::AllPlays => |v| &v.all_plays,
        StateVar::NextDealCallers => |v| &v.next_deal_callers,
        StateVar::Conducts => |v| &v.conducts,
        StateVar::NextConducts => |v| &v.next_conducts,
        StateVar::ChoicesAsked => |v| &v.choices_asked,
        StateVar::ChoicesOpen => |v| &v.choices_open,
        _ => return None,
    })
}

/// A state variable of the table.
pub fn read_state(view: &View, s: StateVar, span: Span) -> Result<Value, Stop> {
    if let Some(list) = state_list(s) {
        return Ok(Value::List(list(view).clone()));
    }
    Ok(match s {
        StateVar::Dealer => Value::Seat(view.dealer),
        StateVar::TrickNumber => Value::Int(view.trick_number as i64),
        StateVar::Trumps => Value::Strain(view.trumps),
        StateVar::DeclarerOfPlay => Value::Seat(view.declarer_of_play),
        StateVar::ToPlay => Value::Seat(view.to_play),
        StateVar::HandsReturned => Value::Bool(view.hands_returned),
        StateVar::TricksLeft => Value::Int(view.tricks_left),
        StateVar::ClaimFactsKnown => Value::Bool(view.claim_evidence.is_ok()),
        StateVar::LineStated => Value::Bool(view.line_stated),
        StateVar::LineTricks | StateVar::DdTricks | StateVar::TrumpOutstanding => {
            let facts = view.claim_evidence.as_ref().map_err(|why| Stop::Error {
                message: format!("the facts of the claim are not known: {why}"),
                span,
            })?;
            match s {
                StateVar::LineTricks => Value::Int(i64::from(facts.line_tricks)),
                StateVar::DdTricks => Value::Int(i64::from(facts.dd_tricks)),
                _ => Value::Bool(facts.trump_outstanding),
            }
        }
        StateVar::Conceded => Value::Bool(view.conceded),
        StateVar::ClaimOfTrickInProgress => Value::Bool(view.claim_of_trick_in_progress),
        StateVar::CardsSinceClaim => Value::Int(view.cards_since_claim),
        StateVar::LeadAwaitsRuling => Value::Bool(view.lead_awaits_ruling),
        StateVar::Claimers => Value::List(Rc::new(
            view.claimers.iter().map(|&s| Value::Seat(s)).collect(),
        )),
        StateVar::NextDealCalled => Value::Bool(view.next_deal_called),
        StateVar::OpeningLeadFaced => Value::Bool(view.opening_lead_faced),
        StateVar::CaseEnded => Value::Bool(view.case_ended),
        StateVar::RoundEnded => Value::Bool(view.round_ended),
        StateVar::Auction
        | StateVar::CallsInRotation
        | StateVar::CallsMade
        | StateVar::Trick
        | StateVar::Plays
        | StateVar::AllPlays
        | StateVar::NextDealCallers
        | StateVar::Conducts
        | StateVar::NextConducts
        | StateVar::ChoicesAsked
        | StateVar::ChoicesOpen => unreachable!("a list, read above"),
    })
}

/// A field of a record (an entry of the auction, a card played, a conduct).
pub fn read_field(v: &Value, f: FieldKind, span: Span) -> Result<Value, Stop> {
    Ok(match (v, f) {
        (Value::Entry(x), FieldKind::EntrySeat) => Value::Seat(x.seat),
        (Value::Entry(x), FieldKind::EntryCall) => Value::Call(x.call, x.meaning, x.held),
        (Value::Entry(x), FieldKind::EntryIndex) => Value::Int(x.index as i64),
        (Value::Play(s, ..), FieldKind::PlaySeat | FieldKind::EntrySeat) => Value::Seat(*s),
        (Value::Play(_, c, _), FieldKind::PlayCard) => Value::Card(*c),
        (Value::Play(.., t), FieldKind::PlayTrick) => Value::Int(*t as i64),
        (Value::Conduct(s, ..), FieldKind::PlaySeat | FieldKind::EntrySeat) => Value::Seat(*s),
        (Value::Conduct(_, k, ..), FieldKind::ConductKind) => Value::Text(k.clone()),
        (Value::Conduct(_, _, t, _), FieldKind::PlayTrick) => Value::Int(*t as i64),
        (Value::Conduct(.., n), FieldKind::ConductInTrick) => Value::Int(*n as i64),
        _ => return Err(type_error(span, "record with this field", v)),
    })
}

/// A built-in of one argument that reads nothing but it, where the argument is of its kind:
/// the seats around the table, a card's suit and rank, a list's size. `None` for another
/// built-in or argument (`apply_builtin` says what is wrong). The compiled code calls it on
/// the argument where it lies, with no copy.
#[inline]
pub fn apply_one(b: Builtin, a: &Value) -> Option<Value> {
    use Value as V;
    Some(match (b, a) {
        (Builtin::Lho, V::Seat(s)) => V::Seat(s.lho()),
        (Builtin::Rho, V::Seat(s)) => V::Seat(s.rho()),
        (Builtin::Partner, V::Seat(s)) => V::Seat(s.partner()),
        (Builtin::SideOf, V::Seat(s)) => V::Side(s.side()),
        (Builtin::SuitOf, V::Card(c)) => V::Suit(c.suit),
        (Builtin::RankOf, V::Card(c)) => V::Rank(c.rank),
        (Builtin::Size, V::List(xs)) => V::Int(xs.len() as i64),
        _ => return None,
    })
}

/// A built-in of one argument on its argument where it lies: `apply_one` where it reads only
/// it, else the general way with a copy (`apply_builtin`, which says what is wrong).
#[inline]
pub fn apply_on(b: Builtin, a: &Value, view: &View, span: Span) -> Result<Value, Stop> {
    match apply_one(b, a) {
        Some(v) => Ok(v),
        None => apply_builtin(b, Some(a.clone()), None, view, span),
    }
}

/// A built-in function on its (at most two) arguments.
pub fn apply_builtin(
    b: Builtin,
    a: Option<Value>,
    b2: Option<Value>,
    view: &View,
    span: Span,
) -> Result<Value, Stop> {
    use Value as V;
    if let (Some(x), None) = (&a, &b2) {
        if let Some(v) = apply_one(b, x) {
            return Ok(v);
        }
    }
    let bad = || Stop::Error {
        message: "wrong arguments to a built-in function".into(),
        span,
    };
    // A call a probe holds is read here (`probe::read_as`, what the built-in looks at of
    // it): what follows sees the call.
    let aspect = match b {
        Builtin::IsBid => probe::Aspect::Bid,
        Builtin::IsPass => probe::Aspect::Is(Call::Pass),
        Builtin::IsDouble => probe::Aspect::Is(Call::Double),
        Builtin::IsRedouble => probe::Aspect::Is(Call::Redouble),
        Builtin::IsArtificial => probe::Aspect::Kind,
        Builtin::Level => probe::Aspect::Level,
        Builtin::StrainOf => probe::Aspect::Strain,
        _ => probe::Aspect::Whole,
    };
    let read = |v: Option<Value>| match v {
        Some(V::Call(c, m, held)) => Some(V::Call(probe::read_as(c, held, aspect), m, Held::NONE)),
        other => other,
    };
    let (a, b2) = (read(a), read(b2));
    Ok(match (b, a, b2) {
        (Builtin::IsBid, Some(V::Call(c, ..)), _) => V::Bool(c.is_bid()),
        (Builtin::IsPass, Some(V::Call(c, ..)), _) => V::Bool(c == Call::Pass),
        (Builtin::IsDouble, Some(V::Call(c, ..)), _) => V::Bool(c == Call::Double),
        (Builtin::IsRedouble, Some(V::Call(c, ..)), _) => V::Bool(c == Call::Redouble),
        (Builtin::IsArtificial, Some(V::Call(_, m, _)), _) => V::Bool(m.is_artificial()),
        (Builtin::Specified, Some(V::Call(c, m, _)), _) => {
            V::List(Rc::new(m.specified(c).into_iter().map(V::Strain).collect()))
        }
        (Builtin::Level, Some(V::Call(Call::Bid { level, .. }, ..)), _) => V::Int(level as i64),
        (Builtin::StrainOf, Some(V::Call(Call::Bid { strain, .. }, ..)), _) => V::Strain(strain),
        (Builtin::Level | Builtin::StrainOf, Some(V::Call(c, ..)), _) => {
            return Err(Stop::Error {
                message: format!("{c} is not a bid, so it has no level or strain"),
                span,
            })
        }
        (Builtin::Bid, Some(V::Int(l)), Some(s)) => {
            let strain = match s {
                V::Strain(s) => s,
                V::Suit(s) => s.strain(),
                _ => return Err(bad()),
            };
            V::Call(
                Call::bid(l.clamp(0, 99) as u8, strain),
                Meaning::Natural,
                Held::NONE,
            )
        }
        (Builtin::Item, Some(V::List(xs)), Some(V::Int(i))) => xs
            .get(usize::try_from(i).map_err(|_| bad())?)
            .cloned()
            .ok_or_else(|| Stop::Error {
                message: format!("the list has no element {i}"),
                span,
            })?,
        (Builtin::Range, Some(V::Int(a)), Some(V::Int(b))) => {
            check_range(a, b, span)?;
            V::List(Rc::new((a..=b).map(V::Int).collect()))
        }
        (Builtin::Obliged, Some(V::Seat(s)), Some(V::Obligation(o))) => {
            V::Bool(view.obligations.iter().any(|(h, n, _)| *h == s && *n == o))
        }
        (Builtin::Broke, Some(V::Seat(s)), Some(V::Obligation(o))) => {
            V::Bool(view.broken.iter().any(|(h, n)| *h == s && *n == o))
        }
        (Builtin::CardsUnder, Some(V::Seat(s)), Some(V::Obligation(o))) => {
            V::List(Rc::new(args_under(view, s, &o, |a| {
                matches!(a, V::Card(_))
            })))
        }
        (Builtin::SuitsUnder, Some(V::Seat(s)), Some(V::Obligation(o))) => {
            V::List(Rc::new(args_under(view, s, &o, |a| {
                matches!(a, V::Suit(_))
            })))
        }
        (Builtin::Vulnerable, Some(V::Side(s)), _) => V::Bool(view.vulnerable[s as usize]),
        (Builtin::AwardedTo, Some(V::Side(s)), _) => V::Int(i64::from(view.awarded[s as usize])),
        (Builtin::HandOf, Some(V::Seat(s)), _) => V::List(view.hand_list(s)),
        (Builtin::InWrongHand, Some(V::Card(c)), _) => V::Bool(view.in_wrong_hand.contains(&c)),
        (Builtin::RestoredIn, Some(V::Card(c)), _) => V::Int(
            view.restored
                .iter()
                .find(|(x, _)| *x == c)
                .map_or(0, |(_, t)| i64::from(*t)),
        ),
        (Builtin::PlayedTo, Some(V::Int(n)), _) => V::List(Rc::new(
            view.plays
                .iter()
                .filter(|p| matches!(p, V::Play(.., t) if *t as i64 == n))
                .cloned()
                .collect(),
        )),
        (Builtin::CardsOf, Some(V::List(xs)), _) => V::List(Rc::new(
            xs.iter()
                .filter_map(|p| match p {
                    V::Play(_, c, _) => Some(V::Card(*c)),
                    _ => None,
                })
                .collect(),
        )),
        (Builtin::Min, Some(V::Int(a)), Some(V::Int(b))) => V::Int(a.min(b)),
        (Builtin::Max, Some(V::Int(a)), Some(V::Int(b))) => V::Int(a.max(b)),
        _ => return Err(bad()),
    })
}

/// The arguments of one kind among those of a seat's obligations of a name in force.
fn args_under(view: &View, s: Seat, o: &str, kind: impl Fn(&Value) -> bool) -> Vec<Value> {
    view.obligations
        .iter()
        .filter(|(h, n, _)| *h == s && **n == *o)
        .flat_map(|(_, _, args)| args.iter().filter(|a| kind(a)).cloned())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Card, Side};

    fn one(b: Builtin, a: Value) -> Result<Value, Stop> {
        apply_builtin(b, Some(a), None, &View::default(), Span::default())
    }

    /// The built-ins of one argument the compiled code asks in place (`apply_one`), through
    /// the general entry both evaluators call: each on its kind of argument, and an error on
    /// another kind (never a value).
    #[test]
    fn a_built_in_of_one_argument_reads_its_argument_and_nothing_else() {
        let card = Card::parse("SK").expect("a card");
        let cases = [
            (
                Builtin::Lho,
                Value::Seat(Seat::North),
                Value::Seat(Seat::East),
            ),
            (
                Builtin::Rho,
                Value::Seat(Seat::North),
                Value::Seat(Seat::West),
            ),
            (
                Builtin::Partner,
                Value::Seat(Seat::East),
                Value::Seat(Seat::West),
            ),
            (
                Builtin::SideOf,
                Value::Seat(Seat::West),
                Value::Side(Side::EastWest),
            ),
            (Builtin::SuitOf, Value::Card(card), Value::Suit(card.suit)),
            (Builtin::RankOf, Value::Card(card), Value::Rank(card.rank)),
            (
                Builtin::Size,
                Value::List(Rc::new(vec![Value::Int(1), Value::Int(2)])),
                Value::Int(2),
            ),
        ];
        for (b, arg, want) in cases {
            assert_eq!(apply_one(b, &arg), Some(want.clone()), "{b:?}");
            assert_eq!(one(b, arg).ok(), Some(want), "{b:?}");
            assert!(one(b, Value::Int(3)).is_err(), "{b:?} of an int");
        }
        // The others go the general way.
        assert_eq!(apply_one(Builtin::HandOf, &Value::Seat(Seat::North)), None);
    }

    /// Each state that is a list is read where the view holds it, the same as its value.
    #[test]
    fn a_state_that_is_a_list_is_the_list_the_view_holds() {
        let view = View {
            auction: Rc::new(vec![Value::Int(1)]),
            trick: Rc::new(vec![Value::Int(1), Value::Int(2)]),
            plays: Rc::new(vec![Value::Int(1), Value::Int(2), Value::Int(3)]),
            conducts: Rc::new(vec![Value::Int(4); 4]),
            next_conducts: Rc::new(vec![Value::Int(5); 5]),
            choices_asked: Rc::new(vec![Value::Int(6); 6]),
            choices_open: Rc::new(vec![Value::Int(7); 7]),
            ..View::default()
        };
        let lists = [
            StateVar::Auction,
            StateVar::Trick,
            StateVar::Plays,
            StateVar::Conducts,
            StateVar::NextConducts,
            StateVar::ChoicesAsked,
            StateVar::ChoicesOpen,
        ];
        for (n, s) in lists.into_iter().enumerate() {
            let list = state_list(s).expect("a list");
            assert_eq!(list(&view).len(), n + 1, "{s:?}");
            let read = read_state(&view, s, Span::default()).expect("read");
            assert_eq!(read, Value::List(list(&view).clone()), "{s:?}");
        }
        assert!(state_list(StateVar::Dealer).is_none());
        assert!(state_list(StateVar::Claimers).is_none());
    }
}
