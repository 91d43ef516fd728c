//! The numbers of a text's scoring tables against the law book's own (laws/<edition>/77-,
//! 78- and 12-*.law), asked of the law book by evaluating its definitions: nothing here
//! holds a score.
//!
//! * Law 77, the scoring table. Its cells (numbers standing alone between tabs or runs of
//!   spaces, as the texts lay tables out) are compared as a multiset with the values the law
//!   book gives for the table's entries: trick points for each strain and doubling, the
//!   slam, overtrick and game premiums, the undertricks. A cell the law book has no entry
//!   with is reported at its line; an entry the text prints fewer times than the table has
//!   it (a 300 turned into a 30) at the law's first line, or, when another number of the
//!   table stands in its place (a 300 printed 500), at the row that would be one of the law
//!   book's rows with it: the entries of one definition that differ in one or two arguments
//!   (the undertricks of one vulnerability, or of one doubling), whichever way the text lays
//!   the table out. The layout (rows or columns,
//!   the Slovak extra row) is not compared: the texts lay the table out differently.
//! * Law 78B, the IMP scale. Each band `lo-hi  imps` (`4000 a viac  24`, `4000+  24`) must
//!   give its IMPs at both ends by the law book's `imp_scale` and be its whole band: ten
//!   less than `lo` and ten more than `hi` give other IMPs.
//! * Law 12C2, the artificial adjusted scores: each percentage must be one the law book's
//!   `artificial_percent` gives, and each of those must be written; each IMP figure must be
//!   `average_plus_imps`.
//!
//! Only an edition whose folder holds a law book is checked: today 2017 (the 2007 and 1997
//! folders hold a structure and a text, no .law files).

use super::super::{Alignment, Finding, Key, UnitKind};
use crate::eval::book::CompiledBook;
use crate::eval::expr::{Evaluator, Findings, View};
use crate::eval::value::Value;
use crate::model::Strain;
use std::collections::BTreeMap;

/// The law book's answers, asked once.
struct Book<'a> {
    ev: Evaluator<'a>,
    view: View,
}

impl Book<'_> {
    /// The definition's value as the texts write a figure: an int, or a decimal that is a
    /// whole number (12C2's per cents).
    fn int(&self, name: &str, args: Vec<Value>) -> Option<i64> {
        match self.ev.call(name, args, &self.view) {
            Ok(Value::Int(n)) => Some(n),
            Ok(Value::Decimal(d)) if d.fract().is_zero() => i64::try_from(d).ok(),
            _ => None,
        }
    }
}

/// The entries of the law's table 77, as the law book computes them (None when the law book
/// lacks one of the definitions: then 77 is not checked).
/// One entry of the table: the definition asked, its arguments, its value.
struct Entry {
    definition: &'static str,
    args: Vec<Value>,
    value: i64,
}

/// The entries of table 77 with the questions that gave them.
fn entries_77(b: &Book) -> Option<Vec<Entry>> {
    let mut r = Recorder {
        book: b,
        entries: Vec::new(),
    };
    table_77_asked(&mut r)?;
    Some(r.entries)
}

/// Asks the law book and keeps each answer as an entry of the table.
struct Recorder<'a, 'b> {
    book: &'a Book<'b>,
    entries: Vec<Entry>,
}

impl Recorder<'_, '_> {
    /// The value of `definition(args)`, less `less` (a subsequent trick: two tricks less one),
    /// kept as an entry.
    fn ask_less(&mut self, definition: &'static str, args: Vec<Value>, less: i64) -> Option<i64> {
        let value = self.book.int(definition, args.clone())? - less;
        self.entries.push(Entry {
            definition,
            args,
            value,
        });
        Some(value)
    }

    fn ask(&mut self, definition: &'static str, args: Vec<Value>) -> Option<i64> {
        self.ask_less(definition, args, 0)
    }
}

/// The rows a table printed by rows or by columns can have: the entries of one definition
/// that differ in one argument only (the undertricks for each doubling and vulnerability,
/// or for each undertrick and doubling, ...), or in two (a whole row of both
/// vulnerabilities), as multisets of values.
fn rows(entries: &[Entry]) -> Vec<Vec<i64>> {
    let mut out: Vec<Vec<i64>> = Vec::new();
    let arity = entries.iter().map(|e| e.args.len()).max().unwrap_or(0);
    let mut free_sets: Vec<Vec<usize>> = (0..arity).map(|i| vec![i]).collect();
    for i in 0..arity {
        for j in i + 1..arity {
            free_sets.push(vec![i, j]);
        }
    }
    for free in &free_sets {
        let mut groups: BTreeMap<(String, String), Vec<i64>> = BTreeMap::new();
        for e in entries {
            let fixed: Vec<String> = e
                .args
                .iter()
                .enumerate()
                .filter(|(k, _)| !free.contains(k))
                .map(|(_, v)| format!("{v:?}"))
                .collect();
            groups
                .entry((e.definition.to_string(), fixed.join(",")))
                .or_default()
                .push(e.value);
        }
        for (_, mut g) in groups {
            if g.len() >= 2 {
                g.sort_unstable();
                out.push(g);
            }
        }
    }
    out
}

/// The line of a row that gives `surplus` where the law book's row gives `deficit`: its cells
/// are a row of the table but for that one cell.
fn misprinted_row(
    lines: &[(usize, &str)],
    rows: &[Vec<i64>],
    surplus: i64,
    deficit: i64,
) -> Option<usize> {
    lines.iter().find_map(|(n, line)| {
        let mut c = cells(line);
        if c.len() < 2 || !c.contains(&surplus) {
            return None;
        }
        c.sort_unstable();
        if rows.contains(&c) {
            return None;
        }
        let at = c.iter().position(|v| *v == surplus)?;
        c[at] = deficit;
        c.sort_unstable();
        rows.contains(&c).then_some(*n)
    })
}

/// The questions table 77 asks of the law book, each through `ask`.
fn table_77_asked(r: &mut Recorder) -> Option<()> {
    use Value::{Bool, Int};
    let s = |x: Strain| Value::Strain(x);
    let risks = [1, 2, 4];
    for st in [
        Strain::Clubs,
        Strain::Diamonds,
        Strain::Hearts,
        Strain::Spades,
    ] {
        for risk in risks {
            r.ask("trick_points", vec![Int(1), s(st), Int(risk)])?;
        }
    }
    for risk in risks {
        let first = r.ask("trick_points", vec![Int(1), s(Strain::NoTrump), Int(risk)])?;
        r.ask_less(
            "trick_points",
            vec![Int(2), s(Strain::NoTrump), Int(risk)],
            first,
        )?;
    }
    for v in [false, true] {
        for level in [6, 7] {
            r.ask("slam_premium", vec![Int(level), Bool(v)])?;
        }
        for risk in [2, 4] {
            r.ask(
                "overtrick_value",
                vec![s(Strain::Spades), Int(risk), Bool(v)],
            )?;
        }
        r.ask("game_or_part_score", vec![Int(100), Bool(v)])?;
        // First, second (and third), fourth (and each further) undertrick.
        for n in [1, 2, 4] {
            for risk in risks {
                r.ask("undertrick_value", vec![Int(n), Int(risk), Bool(v)])?;
            }
        }
    }
    r.ask("game_or_part_score", vec![Int(0), Bool(false)])?;
    for risk in [2, 4] {
        r.ask("making_premium", vec![Int(risk)])?;
    }
    Some(())
}

/// The numbers of a line that stand as table cells: digits alone between tabs, runs of two
/// or more spaces, or the line's ends (`Kontrovaný\t100\t200`, `Z kontrą   40   40`).
fn cells(line: &str) -> Vec<i64> {
    cut(line)
        .into_iter()
        .filter_map(|c| c.parse::<i64>().ok())
        .collect()
}

/// A line cut at tabs and runs of two or more spaces, cells trimmed, empty ones dropped.
fn cut(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for part in line.split('\t') {
        let mut rest = part;
        while let Some(p) = rest.find("  ") {
            out.push(rest[..p].trim());
            rest = rest[p..].trim_start();
        }
        out.push(rest.trim());
    }
    out.retain(|c| !c.is_empty());
    out
}

/// A band of the IMP scale as the text writes it: `20-40`, `370- 420`, `4000 a viac`,
/// `4000+`: its first number and, if written, its last.
fn band(cell: &str) -> Option<(i64, Option<i64>)> {
    let digits = |s: &str| -> Option<i64> {
        let d: String = s.chars().take_while(char::is_ascii_digit).collect();
        d.parse().ok()
    };
    let lo = digits(cell)?;
    let rest = cell.trim_start_matches(|c: char| c.is_ascii_digit()).trim();
    if let Some(hi) = rest.strip_prefix(['-', '–']) {
        let hi = hi.trim();
        let n = digits(hi)?;
        return (n.to_string() == hi).then_some((lo, Some(n)));
    }
    // `4000 a viac`, `4000+`, `4000 and more`: no digits after the first number.
    (!rest.is_empty() && !rest.contains(|c: char| c.is_ascii_digit())).then_some((lo, None))
}

fn lines_within<'a>(a: &'a Alignment, key: &str) -> Vec<(usize, &'a str)> {
    let Some(k) = Key::parse(key) else {
        return Vec::new();
    };
    a.within(&k)
        .into_iter()
        .flat_map(|u| super::unit_lines(u))
        .collect()
}

fn check_77(a: &Alignment, b: &Book, out: &mut Vec<Finding>) {
    let Some(entries) = entries_77(b) else {
        return;
    };
    let rows = rows(&entries);
    let expected: Vec<i64> = entries.iter().map(|e| e.value).collect();
    let lines = lines_within(a, "77");
    let Some(&(first, _)) = lines.first() else {
        return;
    };
    let mut want: BTreeMap<i64, usize> = BTreeMap::new();
    for v in expected {
        *want.entry(v).or_default() += 1;
    }
    let mut have: BTreeMap<i64, usize> = BTreeMap::new();
    for (n, line) in &lines {
        for v in cells(line) {
            *have.entry(v).or_default() += 1;
            if !want.contains_key(&v) {
                out.push(Finding::ScoringTable {
                    key: "77".into(),
                    line: *n,
                    written: v.to_string(),
                    law_book: "no entry of the scoring table is this".into(),
                });
            }
        }
    }
    let surplus: Vec<i64> = have
        .iter()
        .filter(|(v, h)| want.get(v).is_some_and(|w| *h > w))
        .map(|(v, _)| *v)
        .collect();
    for (v, w) in &want {
        let h = have.get(v).copied().unwrap_or(0);
        if h < *w {
            // Where a row prints another number of the table in this one's place, there.
            let row = surplus
                .iter()
                .find_map(|s| Some((*s, misprinted_row(&lines, &rows, *s, *v)?)));
            out.push(match row {
                Some((s, line)) => Finding::ScoringTable {
                    key: "77".into(),
                    line,
                    written: format!("{s} in a row that is the law book's with {v} in its place"),
                    law_book: format!(
                        "{v} is {w} entries of the table, the text prints it {h} times"
                    ),
                },
                None => Finding::ScoringTable {
                    key: "77".into(),
                    line: first,
                    written: format!("{v} in {h} cells"),
                    law_book: format!("{v} is {w} entries of the table"),
                },
            });
        }
    }
}

fn check_78b(a: &Alignment, b: &Book, out: &mut Vec<Finding>) {
    let imps = |d: i64| b.int("imp_scale", vec![Value::Int(d)]);
    for (n, line) in lines_within(a, "78B") {
        let c = cut(line);
        for pair in c.windows(2) {
            let (Some((lo, hi)), Ok(got)) = (band(pair[0]), pair[1].parse::<i64>()) else {
                continue;
            };
            let mut wrong = Vec::new();
            for end in std::iter::once(lo).chain(hi) {
                match imps(end) {
                    Some(i) if i != got => wrong.push(format!("{end} is {i} IMPs")),
                    _ => {}
                }
            }
            if wrong.is_empty() {
                if lo >= 10 && imps(lo - 10) == Some(got) {
                    wrong.push(format!("{} is {got} IMPs too", lo - 10));
                }
                if let Some(h) = hi {
                    if imps(h + 10) == Some(got) {
                        wrong.push(format!("{} is {got} IMPs too", h + 10));
                    }
                }
            }
            if !wrong.is_empty() {
                out.push(Finding::ScoringTable {
                    key: "78B".into(),
                    line: n,
                    written: format!("{} → {got}", pair[0]),
                    law_book: wrong.join(", "),
                });
            }
        }
    }
}

/// The number written in digits at the end of `s` (`... najviac 40` gives 40).
fn number_before(s: &str) -> Option<i64> {
    let digits = s.len() - s.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    s[s.len() - digits..].parse().ok()
}

/// `40%`, `40 %`, `40 %-ot`: the percentages of a line.
fn percents(line: &str) -> Vec<i64> {
    let mut out = Vec::new();
    for (p, _) in line.match_indices('%') {
        let before = line[..p].trim_end_matches([' ', '\u{a0}']);
        out.extend(number_before(before));
    }
    out
}

/// `3 IMPy`, `3 IMP`: the IMP figures of a line.
fn imp_figures(line: &str) -> Vec<i64> {
    let mut out = Vec::new();
    for (p, _) in line.match_indices("IMP") {
        let before = line[..p].trim_end_matches([' ', '\u{a0}']);
        if before.len() == line[..p].len() {
            continue; // `IMP` touching a number is a word (`3IMP`), not a figure
        }
        out.extend(number_before(before));
    }
    out
}

fn check_12c2(a: &Alignment, b: &Book, out: &mut Vec<Finding>) {
    let lines = lines_within(a, "12C2");
    let Some(&(first, _)) = lines.first() else {
        return;
    };
    let want: Vec<i64> = (0..=2)
        .filter_map(|fault| {
            b.int(
                "artificial_percent",
                vec![
                    Value::Int(fault),
                    Value::Decimal(rust_decimal::Decimal::NEGATIVE_ONE),
                ],
            )
        })
        .collect();
    let plus = b.int("average_plus_imps", vec![]);
    let mut seen = Vec::new();
    for (n, line) in &lines {
        for p in percents(line) {
            seen.push(p);
            if !want.contains(&p) {
                out.push(Finding::ScoringTable {
                    key: "12C2".into(),
                    line: *n,
                    written: format!("{p}%"),
                    law_book: format!("the artificial scores are {want:?}%"),
                });
            }
        }
        for i in imp_figures(line) {
            if plus.is_some_and(|p| p != i) {
                out.push(Finding::ScoringTable {
                    key: "12C2".into(),
                    line: *n,
                    written: format!("{i} IMPs"),
                    law_book: format!("average plus is {} IMPs", plus.unwrap_or(0)),
                });
            }
        }
    }
    for w in &want {
        if !seen.contains(w) {
            out.push(Finding::ScoringTable {
                key: "12C2".into(),
                line: first,
                written: format!("no {w}%"),
                law_book: format!("an artificial score is {w}%"),
            });
        }
    }
}

/// The findings of the scoring tables of `a` against the law book `book` (of its edition).
pub fn check(a: &Alignment, book: &CompiledBook) -> Vec<Finding> {
    let findings = Findings::default();
    let b = Book {
        ev: Evaluator::new(book, &findings, 10_000_000),
        view: View::default(),
    };
    let mut out = Vec::new();
    if a.units.iter().any(|u| u.kind == UnitKind::Law) {
        check_12c2(a, &b, &mut out);
        check_77(a, &b, &mut out);
        check_78b(a, &b, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_bands_and_figures() {
        assert_eq!(cells("Kontrovaný\t100\t200"), [100, 200]);
        assert_eq!(cells("Z kontrą      40   40"), [40, 40]);
        assert_eq!(cells("Malý slem (12 zdvihov) a\t500\t750"), [500, 750]);
        assert!(cells("v 1. hre\tv 2. hre").is_empty());
        assert_eq!(band("370- 420"), Some((370, Some(420))));
        assert_eq!(band("4000 a viac"), Some((4000, None)));
        assert_eq!(band("4000+"), Some((4000, None)));
        assert_eq!(band("Rozdiel v bodoch"), None);
        assert_eq!(band("17"), None);
        assert_eq!(percents("najviac 40% a 60 %-ot"), [40, 60]);
        assert_eq!(imp_figures("plus alebo mínus 3 IMPy; IMP"), [3]);
    }
}
