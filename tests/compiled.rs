//! The compiled code against the reference interpreter (issue 13): every case of the corpus
//! is ruled twice, once by the law book as every command runs it (pure definitions folded,
//! every expression lowered to closures) and once by the reference interpreter walking the
//! compiled program node by node, and the two rulings must say the same in every language and
//! in their JSON data. A case that cannot be ruled must fail the same way both times. The
//! reference also computes every memoised definition afresh on each state of the table,
//! where the compiled path keeps those that read only the auction while it stays the same
//! (`Table::view`).

use lawbook::compile::paragraph_order;
use lawbook::eval::book::Evaluation;
use lawbook::load::load_lawbook;
use lawbook::runner::{case_name, find_cases, rule_and_render, Books};
use lawbook::source::Sources;
use std::collections::BTreeSet;
use std::path::Path;

mod common;

#[test]
fn compiled_and_reference_rule_every_case_alike() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = root.join("corpus");
    let laws = root.join("laws");
    let cases = find_cases(&corpus, 1);
    assert!(cases.len() >= 150, "the corpus has {} cases", cases.len());
    let mut compiled = Books::default();
    let mut reference = Books::default();
    reference.evaluation = Evaluation::Reference;
    let mut compared = 0;
    for path in &cases {
        let name = case_name(path, &corpus);
        let a = rule_and_render(path, &name, &laws, &mut compiled);
        let b = rule_and_render(path, &name, &laws, &mut reference);
        match (a, b) {
            (Ok((_, a)), Ok((_, b))) => {
                assert_eq!(a.len(), 5, "{name}: five renderings");
                for ((suffix, x), (_, y)) in a.iter().zip(&b) {
                    if x != y {
                        let diff = similar::TextDiff::from_lines(y.as_str(), x.as_str());
                        panic!(
                            "{name}.{suffix}: the compiled code rules otherwise than the \
                             reference interpreter (- reference, + compiled):\n{}",
                            diff.unified_diff()
                        );
                    }
                }
                compared += 1;
            }
            (Err(a), Err(b)) => assert_eq!(
                lawbook::diagnostic::render_plain(&a),
                lawbook::diagnostic::render_plain(&b),
                "{name}"
            ),
            (a, b) => panic!(
                "{name}: compiled {}, reference {}",
                if a.is_ok() { "ruled it" } else { "failed" },
                if b.is_ok() { "ruled it" } else { "failed" }
            ),
        }
    }
    assert_eq!(compared, cases.len(), "every case ruled both ways");
    // Each side really ran as it says: the compiled books hold code, the reference ones none.
    assert!(compiled.loaded().all(|b| b.code.is_some()));
    assert!(reference.loaded().all(|b| b.code.is_none()));
}

/// The corners of the closures' own shortcuts, each against the reference interpreter on
/// every argument of a grid: an inlined call whose parameters read the caller's slots (in
/// another order, one computed), an `if` whose condition is a truth value or a comparison
/// read in place (of two slots, or of a slot and a constant), division and remainder by
/// zero and at `i64::MIN / -1`, a table whose last row holds every greater key, a table
/// keyed by a strain read from its slot. The law is lowered with nothing folded, so the
/// closures themselves answer.
#[test]
fn closures_and_reference_agree_on_their_shortcuts_corners() {
    use lawbook::eval::book::CompiledBook;
    use lawbook::eval::expr::{Evaluator, Findings, View};
    use lawbook::eval::value::Value;
    use lawbook::model::Strain;
    let law = "law 99 {\n  title en \"x\" sk \"x\" pl \"x\" hu \"x\"\n\
        table gap(n: int): int { 1 => 10  2..3 => 20  4.. => 30 }\n\
        define mix(x: int, y: int): int = x * 10 + y\n\
        define shared(a: int, b: int): int = mix(b, a) + mix(a, a) + mix(a, b + 1)\n\
        define divided(a: int, b: int): int = a / b\n\
        define remainder(a: int, b: int): int = a % b\n\
        define looked_up(a: int, b: int): int = gap(a) + gap(b)\n\
        define branches(a: int, v: bool): int =\n\
          if v then (if a >= 3 then 1 else 2) else if a != 0 then 3 else if a < -1 then 4 else 5\n\
        define tested(a: int, b: int): bool = if a == b then a <= b else if a > b then true else a < -b\n\
        define nested(a: int, b: int): int = branches(a, a > b) + branches(b, not (a > b))\n\
        define by_strain(s: strain, a: int): int = first_trick_value(s) * a + later_trick_value(s)\n\
        define compared(a: int, b: int): int = (if a == b then 1 else 0) + (if a != b then 2 else 0)\n\
          + (if a < b then 4 else 0) + (if a <= b then 8 else 0) + (if a > b then 16 else 0)\n\
          + (if a >= b then 32 else 0)\n\
        define chosen(v: bool, s: strain): strain = if v then s else (if not v then ♣ else ♦)\n\
        define against(a: int): int = (if a == 3 then 1 else 0) + (if a != 3 then 2 else 0)\n\
          + (if a < 3 then 4 else 0) + (if a <= 3 then 8 else 0) + (if a > 3 then 16 else 0)\n\
          + (if a >= 3 then 32 else 0)\n\
        }\n";
    let mut sources = lawbook::source::Sources::default();
    let mut files = vec![];
    for p in &common::law_files_2017() {
        let id = sources.add(p.display().to_string(), std::fs::read_to_string(p).unwrap());
        files.push(lawbook::syntax::parse_law_file(id, &sources.get(id).text.clone()).unwrap());
    }
    let id = sources.add("99-corners.law".to_string(), law.to_string());
    files.push(lawbook::syntax::parse_law_file(id, law).unwrap());
    let checked = lawbook::check::check("2017", files).unwrap_or_else(|d| panic!("{d:?}"));
    let book = CompiledBook::with(checked, Evaluation::Unfolded);
    assert!(book.code.is_some());
    let (findings, view) = (Findings::default(), View::default());
    let ints = [i64::MIN, -9, -2, -1, 0, 1, 2, 3, 4, 5, 7, 13, i64::MAX];
    let mut asked = 0;
    let mut ask = |name: &str, args: Vec<Value>| {
        let closures = Evaluator::new(&book, &findings, 1_000_000);
        let reference = Evaluator::new(&book, &findings, 1_000_000);
        let a = closures.call(name, args.clone(), &view);
        let b = reference.interpret(name, args.clone(), &view);
        assert_eq!(format!("{a:?}"), format!("{b:?}"), "{name}{args:?}");
        assert_eq!(closures.used(), reference.used(), "{name}{args:?}");
        asked += 1;
    };
    for a in ints {
        for b in ints {
            for name in [
                "shared",
                "divided",
                "remainder",
                "looked_up",
                "tested",
                "nested",
                "compared",
            ] {
                ask(name, vec![Value::Int(a), Value::Int(b)]);
            }
        }
        for v in [false, true] {
            ask("branches", vec![Value::Int(a), Value::Bool(v)]);
        }
        ask("against", vec![Value::Int(a)]);
        for s in Strain::ALL {
            ask("by_strain", vec![Value::Strain(s), Value::Int(a)]);
            ask("chosen", vec![Value::Bool(a > 0), Value::Strain(s)]);
        }
    }
    assert_eq!(asked, 13 * 13 * 7 + 13 * 3 + 13 * 5 * 2);
}

/// Each definition's and table's paragraphs, kept by their place in the program's list of
/// them, are the ones its source names; the list holds each once, in the Laws' order, the
/// order a ruling lists the paragraphs it rests on (walked, not sorted, per ruling).
#[test]
fn a_definitions_paragraphs_are_its_sources_and_the_program_lists_them_in_the_laws_order() {
    let book = load_lawbook(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("laws/2017"),
        &mut Sources::default(),
    )
    .expect("the 2017 law book loads");
    let p = &book.program;
    let named = |per: &[usize]| -> BTreeSet<String> {
        per.iter().map(|&i| p.paragraphs[i].to_string()).collect()
    };
    for d in &p.defines {
        // A finding's range compiles to two definitions the law book does not name, resting
        // on no paragraph.
        let source = match book.book.defines.get(&d.name) {
            Some(source) => &source.per[..],
            None => {
                let of_a_range =
                    (p.ranges.values()).any(|&(least, most)| d.index == least || d.index == most);
                assert!(of_a_range, "define {} is the book's or a range's", d.name);
                &[]
            }
        };
        let source: BTreeSet<String> = source.iter().map(|x| x.text.clone()).collect();
        assert_eq!(named(&d.per), source, "define {}", d.name);
    }
    for t in &p.tables {
        let source = &book.book.tables[&t.name].per;
        let source: BTreeSet<String> = source.iter().map(|x| x.text.clone()).collect();
        assert_eq!(named(&t.per), source, "table {}", t.name);
    }
    let all: BTreeSet<&str> = p.paragraphs.iter().map(|id| &**id).collect();
    assert_eq!(all.len(), p.paragraphs.len(), "each paragraph once");
    for w in p.paragraphs.windows(2) {
        assert!(
            paragraph_order(&w[0]) < paragraph_order(&w[1]),
            "{} before {}",
            w[0],
            w[1]
        );
    }
    // By the law's number, not its text: Law 2 before Law 12 before Law 77.
    let law = |id: &str| paragraph_order(id).0;
    let first = |n: u32| p.paragraphs.iter().position(|id| law(id) == n);
    let (two, twelve, last) = (first(2), first(12), first(77));
    assert!(
        two.is_some() && twelve.is_some() && last.is_some(),
        "{:?}",
        p.paragraphs
    );
    assert!(two < twelve && twelve < last, "{:?}", p.paragraphs);
}

/// The 2017 law book with law 99 holding `body`, made ready to run as `how` says.
fn book_with(body: &str, how: Evaluation) -> lawbook::eval::book::CompiledBook {
    let mut sources = Sources::default();
    let mut texts: Vec<(String, String)> = common::law_files_2017()
        .iter()
        .map(|p| (p.display().to_string(), std::fs::read_to_string(p).unwrap()))
        .collect();
    texts.push((
        "99-walks.law".into(),
        format!("law 99 {{\n  title en \"x\" sk \"x\" pl \"x\" hu \"x\"\n{body}\n}}\n"),
    ));
    let files = texts
        .into_iter()
        .map(|(name, text)| {
            let id = sources.add(name, text);
            lawbook::syntax::parse_law_file(id, &sources.get(id).text.clone())
                .expect("the file parses")
        })
        .collect();
    let book = lawbook::check::check("2017", files).expect("the book checks");
    lawbook::eval::book::CompiledBook::with(book, how)
}

/// A call in a quantifier's filter that reads nothing of the walk is made once a walk
/// (`calls::remembered` in the compiled code): the values the reference interpreter gives,
/// each call made again, in fewer steps; a walk that never asks it does not make it; in a
/// walk inside a walk, a call that reads the outer walk's variable is made again for each of
/// its elements.
#[test]
fn a_call_that_does_not_change_within_a_walk_is_made_once_a_walk() {
    let body = "
  define inner(k: int): int = k + 1
  define invariant(k: int): int = count x in range(1, 40) where inner(k) > x
  define variant(k: int): int = count x in range(1, 40) where inner(x) > k
  define never_asked(k: int): int = count x in range(1, 40) where x > 100 and inner(k) > x
  define inside(k: int): int =
    count x in range(1, 6) where (count y in range(1, 4) where inner(k) > y) + x > 3
  define outer_variable(k: int): int =
    count x in range(1, 6) where (count y in range(1, 4) where inner(x) > y + k) > 1
";
    let compiled = book_with(body, Evaluation::Compiled);
    let reference = book_with(body, Evaluation::Reference);
    let findings = lawbook::eval::expr::Findings::default();
    let view = lawbook::eval::expr::View::default();
    // The value, and the steps it took.
    let run = |book: &lawbook::eval::book::CompiledBook, name: &str, k: i64| {
        let ev = lawbook::eval::expr::Evaluator::new(book, &findings, 1_000_000);
        let v = ev
            .call(name, vec![lawbook::eval::value::Value::Int(k)], &view)
            .expect("it evaluates");
        (v, 1_000_000 - ev.budget.get())
    };
    for name in [
        "invariant",
        "variant",
        "never_asked",
        "inside",
        "outer_variable",
    ] {
        for k in 0..6 {
            assert_eq!(
                run(&compiled, name, k).0,
                run(&reference, name, k).0,
                "{name}({k})"
            );
        }
    }
    let (once, each) = (
        run(&compiled, "invariant", 20).1,
        run(&compiled, "variant", 20).1,
    );
    // 40 elements, and a call at each of them or at the first only.
    assert_eq!(each - once, 39, "steps: {once} a walk, {each} each element");
}

/// A definition without parameters is computed once per state of the table when its
/// evaluation walks a list: in a quantifier of its own, or in a definition with parameters
/// it calls (evaluated afresh at every call); one that only asks another remembered
/// definition asks a remembered value, and one with parameters is never remembered. Asked
/// twice in one state, a remembered one costs no step the second time.
#[test]
fn a_definition_that_walks_a_list_through_a_call_is_remembered_per_state() {
    let body = "
  define passes_so_far: int = count e in auction where is_pass(e.call)
  define calls_after_index(i: int): int = count e in auction where e.index > i
  define calls_after_the_first: int = calls_after_index(1) + 0
  define passes_and_one: int = passes_so_far + 1
  define calls_twice: int = size(auction) * 2
";
    let book = book_with(body, Evaluation::Compiled);
    let memo = |name: &str| {
        let d = book.program.defines.iter().find(|d| d.name == name);
        d.expect("defined").memo
    };
    assert!(memo("passes_so_far"), "a quantifier of its own");
    assert!(
        memo("calls_after_the_first"),
        "a walk in the definition it calls"
    );
    assert!(!memo("calls_after_index"), "it has a parameter");
    assert!(!memo("passes_and_one"), "it asks a remembered value");
    assert!(!memo("calls_twice"), "no walk");
    let findings = lawbook::eval::expr::Findings::default();
    let view = lawbook::eval::expr::View::default();
    let ev = lawbook::eval::expr::Evaluator::new(&book, &findings, 1_000_000);
    let steps = |name: &str| {
        let before = ev.budget.get();
        let v = ev.call(name, vec![], &view).expect("it evaluates");
        (v, before - ev.budget.get())
    };
    let (first, first_steps) = steps("calls_after_the_first");
    let (again, again_steps) = steps("calls_after_the_first");
    assert_eq!(first, again);
    assert!(first_steps > 0, "the first asking evaluates it");
    assert_eq!(again_steps, 0, "the second is the remembered value");
}

/// A memoised definition is remembered once for a state of the table unless it asks a
/// finding of fact (`CDefine::asks_findings`): only then can its value depend on the call the
/// question is about. Asking one through another definition counts; a walk of the auction,
/// of itself or through a definition that asks nothing, does not.
#[test]
fn a_definition_asks_findings_when_it_or_what_it_uses_asks_one() {
    let body = "
  define misinformed_after_a_bid: bool = misinformation and any_bid
  define through_another: bool = misinformed_after_a_bid or any e in auction where is_pass(e.call)
  define passes: int = count e in auction where is_pass(e.call)
  define through_a_plain_one: bool = passes > 2 and any_bid
";
    let book = book_with(body, Evaluation::Compiled);
    let asks = |name: &str| book.program.define(name).expect(name).asks_findings;
    assert!(asks("misinformed_after_a_bid"));
    assert!(asks("through_another"));
    assert!(!asks("passes"));
    assert!(!asks("through_a_plain_one"));
    // What the engine and every call's irregularities ask of the 2017 book: each computed
    // once a state, not once for no call and again for the call being ruled.
    for name in [
        "turn",
        "trailing_passes",
        "any_bid",
        "last_bid_entry",
        "presumed_declarer",
    ] {
        assert!(!asks(name), "{name} asks no finding");
    }
}

/// A question the table asks (an irregularity's `when`, a rule's condition) is charged
/// `QUESTION_STEPS` besides the steps inside it, by the compiled code and the reference
/// interpreter alike: a bare comparison, in which the compiled code counts no step (the
/// reference interpreter one a node, three), takes that many more, and a budget short of
/// them stops it before it is asked. Counted as nothing, such questions let a fuzzed tree of
/// fifty hesitations ask 67 million of them, 15 s before the ruling's budget stopped it.
#[test]
fn each_question_is_charged_besides_its_steps() {
    use lawbook::eval::expr::{Evaluator, Findings, Stop, View, QUESTION_STEPS};
    use lawbook::eval::value::Value;
    let body =
        "  paragraph 99A\n  irregularity asked {\n    on call c by p\n    when 1 < 2\n  }\n  \
                rectify asked {\n    99A => no rectification\n  }\n";
    let (findings, view) = (Findings::default(), View::default());
    for (how, inside) in [(Evaluation::Compiled, 0), (Evaluation::Reference, 3)] {
        let book = book_with(body, how);
        let asked = book
            .irregularities
            .iter()
            .find(|i| i.decl.name.name == "asked");
        let when = &asked.expect("declared").decl.when;
        let ev = Evaluator::new(&book, &findings, 1_000);
        let got = ev.eval(when, &mut vec![], &view);
        assert!(matches!(got, Ok(Value::Bool(true))), "{how:?}: {got:?}");
        assert_eq!(1_000 - ev.budget.get(), QUESTION_STEPS + inside, "{how:?}");
        let short = Evaluator::new(&book, &findings, QUESTION_STEPS - 1);
        let got = short.eval(when, &mut vec![], &view);
        assert!(matches!(got, Err(Stop::Budget { .. })), "{how:?}: {got:?}");
    }
}

/// Decimals (`60.5`, type `decimal`): exact sums, differences and products, negation and
/// comparisons, the same by the closures and the reference interpreter; a product beyond the
/// decimal's range stops with an error at the expression, never a rounded number.
#[test]
fn decimals_are_exact_and_both_paths_agree() {
    use lawbook::eval::expr::{Evaluator, Findings, View};
    use lawbook::eval::value::Value;
    use rust_decimal::Decimal;
    let book = book_with(
        "  define sum(a: decimal, b: decimal): decimal = a + b - 0.01\n\
         define product(a: decimal, b: decimal): decimal = a * b\n\
         define negated(a: decimal): decimal = - a\n\
         define above(a: decimal, b: decimal): bool = a > b and not (a <= b)\n\
         define graded(a: decimal): decimal = if a >= 60.0 then a else if a < 40.0 then 40.0 else 50.00\n\
         define same(a: decimal, b: decimal): bool = a == b\n\
         table by_percent(p: decimal): int { 60.0 => 1  61.37 => 2  _ => 3 }\n",
        Evaluation::Unfolded,
    );
    let (findings, view) = (Findings::default(), View::default());
    let d = |s: &str| Value::Decimal(Decimal::from_str_exact(s).unwrap());
    let ask = |name: &str, args: Vec<Value>| {
        let closures = Evaluator::new(&book, &findings, 1_000_000);
        let reference = Evaluator::new(&book, &findings, 1_000_000);
        let a = closures.call(name, args.clone(), &view);
        let b = reference.interpret(name, args.clone(), &view);
        assert_eq!(format!("{a:?}"), format!("{b:?}"), "{name}{args:?}");
        a
    };
    let value = |name: &str, args: Vec<Value>| ask(name, args).expect("a value").to_string();
    // 0.1 + 0.2 is 0.3, not a double's 0.30000000000000004.
    assert_eq!(value("sum", vec![d("0.1"), d("0.2")]), "0.29");
    assert_eq!(value("product", vec![d("61.37"), d("0.5")]), "30.685");
    assert_eq!(value("negated", vec![d("38.75")]), "-38.75");
    assert_eq!(value("above", vec![d("60.01"), d("60")]), "true");
    assert_eq!(value("above", vec![d("60.00"), d("60")]), "false");
    assert_eq!(value("graded", vec![d("61.37")]), "61.37");
    assert_eq!(value("graded", vec![d("39.99")]), "40.0");
    assert_eq!(value("graded", vec![d("45")]), "50.00");
    // Equal whatever the places written.
    assert_eq!(value("same", vec![d("60.0"), d("60.00")]), "true");
    // A table keyed by decimals finds its row whatever the places written.
    assert_eq!(value("by_percent", vec![d("60")]), "1");
    assert_eq!(value("by_percent", vec![d("61.370")]), "2");
    assert_eq!(value("by_percent", vec![d("61.371")]), "3");
    let big = Value::Decimal(Decimal::MAX);
    match ask("product", vec![big.clone(), big]) {
        Err(lawbook::eval::ops::Stop::Error { message, .. }) => {
            assert!(message.contains("overflow"), "{message}")
        }
        other => panic!("expected an overflow, got {other:?}"),
    }
}
