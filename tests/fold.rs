//! Pure definitions folded when the law book loads (eval::fold) against the interpreter, the
//! reference: on every point of every folded definition of the 2017 book, the same value (or
//! the same stop) and the same definitions and tables used. The same analysis of what a
//! definition reads says which memoised ones the compiled path keeps while the auction stays.

use lawbook::eval::book::CompiledBook;
use lawbook::eval::expr::{Evaluator, Findings, View};
use lawbook::eval::fold::arguments;
use lawbook::load::load_lawbook;
use lawbook::source::Sources;
use std::path::Path;

/// The bundled 2017 law book, loaded as every command loads it.
fn book_2017() -> CompiledBook {
    let mut sources = Sources::default();
    load_lawbook(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("laws/2017"),
        &mut sources,
    )
    .expect("the 2017 law book loads")
}

#[test]
fn every_folded_point_is_what_the_interpreter_computes() {
    let book = book_2017();
    let findings = Findings::default();
    let view = View::default();
    let mut folded = 0;
    for d in &book.program.defines {
        let (Some(f), Some(domains)) = (&book.program.folded[d.index], &d.domains) else {
            continue;
        };
        folded += 1;
        assert_eq!(
            f.points.len(),
            domains.iter().map(|x| x.len()).product::<usize>()
        );
        for p in 0..f.points.len() {
            let args = arguments(domains, p);
            let fast = Evaluator::new(&book, &findings, 1_000_000);
            let slow = Evaluator::new(&book, &findings, 1_000_000);
            let a = fast.call(&d.name, args.clone(), &view);
            let b = slow.interpret(&d.name, args.clone(), &view);
            assert_eq!(a.is_ok(), b.is_ok(), "{}{args:?}", d.name);
            if let (Ok(a), Ok(b)) = (&a, &b) {
                assert_eq!(a, b, "{}{args:?}", d.name);
            }
            assert_eq!(fast.used(), slow.used(), "{}{args:?}", d.name);
        }
    }
    // Law 77's score is one: 7 levels, 5 strains, risk 1..4, vulnerability, 0..13 tricks.
    let score = book.program.define("score").expect("score");
    let f = book.program.folded[score.index]
        .as_ref()
        .expect("score is folded");
    assert_eq!(f.points.len(), 7 * 5 * 4 * 2 * 14);
    // Risk 3 has no making premium: a made contract at risk 3 stops (28 level and trick
    // pairs make, times 5 strains and 2 vulnerabilities), and is interpreted when asked.
    assert_eq!(f.points.iter().filter(|p| p.is_none()).count(), 28 * 5 * 2);
    assert!(folded >= 1);
}

/// The 2017 book copied to a folder of its own with law 99 holding `body`, loaded; the folder
/// is the caller's to remove.
fn book_with_law(name: &str, body: &str) -> (std::path::PathBuf, CompiledBook) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("lawbook-fold-{name}-{}", std::process::id()));
    let book = dir.join("2017");
    std::fs::create_dir_all(&book).unwrap();
    for e in std::fs::read_dir(root.join("laws/2017")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "law") {
            std::fs::copy(&p, book.join(p.file_name().unwrap())).unwrap();
        }
    }
    std::fs::write(
        book.join("99-added.law"),
        format!("law 99 {{\n  title en \"x\" sk \"x\" pl \"x\" hu \"x\"\n{body}}}\n"),
    )
    .unwrap();
    let mut sources = Sources::default();
    let loaded = load_lawbook(&book, &mut sources).expect("the book loads");
    (dir, loaded)
}

/// The value of `name` at these int arguments, by the book's own evaluation.
fn call(book: &CompiledBook, name: &str, args: &[i64]) -> Option<lawbook::eval::value::Value> {
    let findings = Findings::default();
    let ev = Evaluator::new(book, &findings, 1_000_000);
    let args = args
        .iter()
        .map(|&n| lawbook::eval::value::Value::Int(n))
        .collect();
    ev.call(name, args, &View::default()).ok()
}

/// A definition folded to decimals (a per cent by a side's part in an irregularity) is
/// folded, and shared by the threads of a corpus run as the ints are (`Folds::share`).
#[test]
fn decimal_points_are_folded_and_shared() {
    let (dir, loaded) = book_with_law(
        "decimal",
        "  define graded(fault: 0..2): decimal = if fault == 2 then 40.0 else if fault == 1 then 50.0 else 60.5\n",
    );
    let graded = loaded.program.define("graded").expect("graded");
    assert!(loaded.program.folded[graded.index].is_some(), "folded");
    assert!(
        lawbook::eval::fold::Folds::share(&loaded.program).is_some(),
        "shared"
    );
    let v = call(&loaded, "graded", &[0]);
    assert_eq!(v.map(|v| v.to_string()), Some("60.5".to_string()));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_law_book_written_to_be_slow_to_fold_loads_and_is_interpreted() {
    // 65,536 points of a thousand steps each: more than folding may spend.
    let (dir, loaded) = book_with_law(
        "costly",
        "  define costly(a: 0..4095, b: 0..15): int = a + b + (sum n in range(1, 1000) by 0)\n",
    );
    let costly = loaded.program.define("costly").expect("costly");
    assert!(costly.domains.is_some(), "pure, with finite domains");
    assert!(loaded.program.folded[costly.index].is_none(), "not folded");
    // The others still are.
    let score = loaded.program.define("score").expect("score");
    assert!(loaded.program.folded[score.index].is_some(), "score folded");
    assert_eq!(
        call(&loaded, "costly", &[7, 3]),
        Some(lawbook::eval::value::Value::Int(10))
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_typed_entry_gives_every_point_with_the_same_marks() {
    // Each definition the book folds into integers, called through its typed entry (no
    // Value built) at every point: the value and the definitions and tables marked are the
    // reference interpreter's; a point that stops there has no value here either.
    use lawbook::eval::entry::{slot, IntEntry};
    use lawbook::eval::value::Value;
    let book = book_2017();
    let findings = Findings::default();
    let view = View::default();
    let mut entries = 0;
    for d in &book.program.defines {
        let Some(entry) = IntEntry::new(&book, &d.name) else {
            continue;
        };
        entries += 1;
        let domains = d.domains.as_ref().expect("a folded definition has domains");
        let points: usize = domains.iter().map(|x| x.len()).product();
        for p in 0..points {
            let args = arguments(domains, p);
            let slots: Vec<i64> = args.iter().map(|a| slot(a).expect("a slot")).collect();
            let typed = Evaluator::new(&book, &findings, 1_000_000);
            let reference = Evaluator::new(&book, &findings, 1_000_000);
            let a = entry.call(&typed, &slots);
            let b = reference.interpret(&d.name, args.clone(), &view);
            match (a, b) {
                (Some(a), Ok(b)) => {
                    assert_eq!(Value::Int(a), b, "{}{args:?}", d.name);
                    assert_eq!(typed.used(), reference.used(), "{}{args:?}", d.name);
                }
                (None, Err(_)) => {}
                (a, b) => panic!("{}{args:?}: typed {a:?}, reference {b:?}", d.name),
            }
        }
        // Outside a domain, or with another number of arguments: no value.
        let ev = Evaluator::new(&book, &findings, 1_000_000);
        let mut first: Vec<i64> = arguments(domains, 0)
            .iter()
            .map(|a| slot(a).unwrap())
            .collect();
        assert_eq!(entry.call(&ev, &first[1..]), None, "{}", d.name);
        first[0] = i64::MIN;
        assert_eq!(entry.call(&ev, &first), None, "{}", d.name);
        first[0] = i64::MAX;
        assert_eq!(entry.call(&ev, &first), None, "{}", d.name);
    }
    // Law 77's score has one: level, strain, risk, vulnerability, tricks.
    let score = IntEntry::new(&book, "score").expect("score has a typed entry");
    let ev = Evaluator::new(&book, &findings, 1_000_000);
    let spades = slot(&Value::Strain(lawbook::model::Strain::Spades)).unwrap();
    assert_eq!(score.call(&ev, &[4, spades, 1, 0, 10]), Some(420));
    assert_eq!(score.call(&ev, &[4, spades, 2, 1, 9]), Some(-200));
    // A seat where a strain is wanted, and each argument just past its domain: no value,
    // however the places of the others add up.
    let north = slot(&Value::Seat(lawbook::model::Seat::North)).unwrap();
    assert_eq!(score.call(&ev, &[4, north, 1, 0, 10]), None);
    assert_eq!(score.call(&ev, &[8, spades, 1, 0, 10]), None);
    assert_eq!(score.call(&ev, &[0, spades, 1, 0, 10]), None);
    assert_eq!(score.call(&ev, &[4, spades, 5, 0, 10]), None);
    assert_eq!(score.call(&ev, &[4, spades, 1, 2, 10]), None);
    assert_eq!(score.call(&ev, &[4, spades, 1, 0, 14]), None);
    assert_eq!(score.call(&ev, &[1, spades, 1, 0, -1]), None);
    assert!(entries >= 1);
}

/// The memoised definitions the compiled path keeps from one state of the table to the next
/// while the auction stays (`CDefine::auction_only`) are those that read, of the table's
/// state, only the auction: the walks of the auction, not those of the play, the hands or
/// what the players did, nor a definition that reads one of those through another.
#[test]
fn the_definitions_kept_while_the_auction_stays_read_only_the_auction() {
    let book = book_2017();
    let kept = |name: &str| {
        let d = book.program.define(name).expect(name);
        assert!(d.memo, "{name} is memoised");
        d.auction_only
    };
    for name in [
        "presumed_declarer",
        "last_bid_entry",
        "trailing_passes",
        "any_bid",
        "turn",
    ] {
        assert!(kept(name), "{name} reads only the auction");
    }
    // The hands (`dummy_legal`), the cards played (`showed_out`), what the players did
    // (`dummy_draws_attention_first`), the trick in progress (`faced_opening_lead_out_of_turn`).
    for name in [
        "dummy_legal",
        "showed_out",
        "dummy_draws_attention_first",
        "faced_opening_lead_out_of_turn",
    ] {
        assert!(!kept(name), "{name} reads more than the auction");
    }
    assert!(
        book.program
            .defines
            .iter()
            .all(|d| d.memo || !d.auction_only),
        "only a memoised definition is kept"
    );
}
