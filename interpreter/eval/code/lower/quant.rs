//! Quantifiers lowered: a counted loop over `range(a, b)`, else a walk over a list whose
//! variable is the walk's place in it; the budget charged once an element.

use super::*;

impl Lowerer<'_> {
    /// A quantifier: a counted loop over `range(a, b)`, else a walk over the list's values;
    /// the variable in a slot of its kind; the budget charged once an element.
    pub(super) fn quant(&mut self, e: &Spanned) -> Lowered {
        let CExpr::Quant {
            kind,
            slot: _,
            list,
            filter,
            key,
        } = &e.expr
        else {
            unreachable!("a quantifier")
        };
        let span = e.span;
        let source = match &list.expr {
            CExpr::Builtin(Builtin::Range, args)
                if args.len() == 2 && args.iter().all(|a| Kind::of(&a.ty) == Kind::Int) =>
            {
                Source::Range(self.int(&args[0]), self.int(&args[1]), list.span)
            }
            _ => Source::List(self.val(list), list.span),
        };
        let elem = match &list.ty {
            Type::List(t) => Kind::of(t),
            _ => Kind::Val,
        };
        let var = self.push(elem, matches!(source, Source::List(..)));
        // A call in the filter or the key that reads no slot from the variable on is the
        // same at every element: remembered for the walk (`calls::remembered`).
        let outer = self.walk_from.replace(self.slots.len() - 1);
        let filter = filter.as_ref().map(|f| self.bool(f));
        let key = key.as_ref().map(|k| self.int(k));
        self.walk_from = outer;
        self.pop();
        let q = Rc::new(Quant {
            source,
            var,
            filter,
            key,
            span,
        });
        match kind {
            QuantKind::Any => Lowered::Bool(Box::new(move |m| {
                let mut found = false;
                q.each(m, |m, _| {
                    found = q.passes(m)?;
                    Ok(!found)
                })?;
                Ok(found)
            })),
            QuantKind::All => Lowered::Bool(Box::new(move |m| {
                let mut all = true;
                q.each(m, |m, _| {
                    all = q.passes(m)?;
                    Ok(all)
                })?;
                Ok(all)
            })),
            QuantKind::Count => Lowered::Int(Box::new(move |m| {
                let mut count = 0i64;
                q.each(m, |m, _| {
                    if q.passes(m)? {
                        count += 1;
                        if let Some(k) = &q.key {
                            k(m)?;
                        }
                    }
                    Ok(true)
                })?;
                Ok(count)
            })),
            QuantKind::Sum => Lowered::Int(Box::new(move |m| {
                let mut sum = 0i64;
                q.each(m, |m, _| {
                    if q.passes(m)? {
                        if let Some(k) = &q.key {
                            let kv = k(m)?;
                            match sum.checked_add(kv) {
                                Some(s) => sum = s,
                                None => return m.fail(overflow(q.span)),
                            }
                        }
                    }
                    Ok(true)
                })?;
                Ok(sum)
            })),
            QuantKind::Highest => Lowered::Val(Box::new(move |m| {
                let mut best: Option<(i64, Value)> = None;
                q.each(m, |m, x| {
                    if q.passes(m)? {
                        if let Some(k) = &q.key {
                            let kv = k(m)?;
                            if best.as_ref().is_none_or(|(b, _)| kv > *b) {
                                best = Some((kv, x.value()));
                            }
                        }
                    }
                    Ok(true)
                })?;
                match best {
                    Some((_, v)) => Ok(v),
                    None => m.fail(no_element("highest", q.span)),
                }
            })),
            QuantKind::First => Lowered::Val(Box::new(move |m| {
                let mut first = None;
                q.each(m, |m, x| {
                    if q.passes(m)? {
                        if let Some(k) = &q.key {
                            k(m)?;
                        }
                        if first.is_none() {
                            first = Some(x.value());
                        }
                        // The reference walks on after the first; nothing it does there
                        // changes the value, but a stop there (an open finding, an error in
                        // the filter) does: so walk on where there is a filter.
                        return Ok(q.filter.is_some());
                    }
                    Ok(true)
                })?;
                match first {
                    Some(v) => Ok(v),
                    None => m.fail(no_element("first", q.span)),
                }
            })),
            QuantKind::Last => Lowered::Val(Box::new(move |m| {
                let mut last = None;
                q.each(m, |m, x| {
                    if q.passes(m)? {
                        if let Some(k) = &q.key {
                            k(m)?;
                        }
                        last = Some(x.value());
                    }
                    Ok(true)
                })?;
                match last {
                    Some(v) => Ok(v),
                    None => m.fail(no_element("last", q.span)),
                }
            })),
            QuantKind::Every => Lowered::Val(Box::new(move |m| {
                let mut every = vec![];
                q.each(m, |m, x| {
                    if q.passes(m)? {
                        if let Some(k) = &q.key {
                            k(m)?;
                        }
                        every.push(x.value());
                    }
                    Ok(true)
                })?;
                Ok(Value::List(Rc::new(every)))
            })),
        }
    }
}

/// `walk` as an activation of its own: on `Machine::walks` while it runs, however it ends.
#[inline]
fn walking(m: &mut Machine, walk: impl FnOnce(&mut Machine) -> R<()>) -> R<()> {
    m.walks.push(activation());
    let r = walk(m);
    m.walks.pop();
    r
}

/// What a quantifier walks.
enum Source {
    /// `range(a, b)`: the ints from a to b, never made into a list.
    Range(Fun<i64>, Fun<i64>, Span),
    List(Fun<Value>, Span),
}

struct Quant {
    source: Source,
    var: Slot,
    filter: Option<Fun<bool>>,
    key: Option<Fun<i64>>,
    span: Span,
}

/// The element a quantifier is at.
enum Elem<'x> {
    Int(i64),
    Val(&'x Value),
}

impl Elem<'_> {
    fn value(&self) -> Value {
        match self {
            Elem::Int(i) => Value::Int(*i),
            Elem::Val(v) => (*v).clone(),
        }
    }
}

impl Quant {
    fn passes(&self, m: &mut Machine) -> R<bool> {
        match &self.filter {
            Some(f) => f(m),
            None => Ok(true),
        }
    }

    /// Put each element in the variable's slot and call `body` until it says stop. The walk
    /// is an activation of its own (`Machine::walks`) from its first element to its end.
    fn each(&self, m: &mut Machine, mut body: impl FnMut(&mut Machine, Elem) -> R<bool>) -> R<()> {
        match &self.source {
            Source::Range(lo, hi, span) => {
                let (a, b) = (lo(m)?, hi(m)?);
                if let Err(e) = check_range(a, b, *span) {
                    return m.fail(e);
                }
                // The variable of a range is an int (the checker types it so).
                let Place::Int(at) = self.var.place else {
                    unreachable!("a range's variable is an int")
                };
                walking(m, |m| {
                    for i in a..=b {
                        m.tick(self.span)?;
                        m.ints[m.ib + at] = i;
                        if !body(m, Elem::Int(i))? {
                            break;
                        }
                    }
                    Ok(())
                })
            }
            Source::List(list, span) => {
                let xs = match list(m)? {
                    Value::List(xs) => xs,
                    v => return m.fail(type_error(*span, "list", &v)),
                };
                if let Place::Val(ValPlace::Elem(at)) = self.var.place {
                    // The variable is the walk's place in the list: nothing copied.
                    m.elems[m.eb + at] = (Some(xs.clone()), 0);
                    walking(m, |m| {
                        for (j, x) in xs.iter().enumerate() {
                            m.tick(self.span)?;
                            m.elems[m.eb + at].1 = j;
                            if !body(m, Elem::Val(x))? {
                                break;
                            }
                        }
                        Ok(())
                    })?;
                    m.elems[m.eb + at].0 = None;
                    return Ok(());
                }
                walking(m, |m| {
                    for x in xs.iter() {
                        m.tick(self.span)?;
                        self.set(m, x)?;
                        if !body(m, Elem::Val(x))? {
                            break;
                        }
                    }
                    Ok(())
                })
            }
        }
    }

    /// Copy an element into the variable's slot (an int, a truth value, or a value that is
    /// not the walk's place in a list).
    #[inline]
    fn set(&self, m: &mut Machine, x: &Value) -> R<()> {
        let Slot { kind, place } = self.var;
        match (place, x) {
            (Place::Val(ValPlace::Val(at)), _) => m.vals[m.vb + at] = x.clone(),
            (Place::Val(ValPlace::Elem(at)), _) => {
                m.elems[m.eb + at] = (Some(std::rc::Rc::new(vec![x.clone()])), 0)
            }
            (Place::Int(at), Value::Int(i)) if kind == Kind::Int => m.ints[m.ib + at] = *i,
            (Place::Int(at), Value::Bool(b)) if kind == Kind::Bool => {
                m.ints[m.ib + at] = i64::from(*b)
            }
            _ => {
                let want = if kind == Kind::Int { "int" } else { "bool" };
                return m.fail(type_error(self.span, want, x));
            }
        }
        Ok(())
    }
}
