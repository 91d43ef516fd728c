//! The messages about a case (laws/messages.phrases): every language says every message with
//! the same arguments, every id the program uses is in the catalog and every entry is used,
//! and a case's diagnostics come in its language.

mod common;

use lawbook::messages::{catalog, say, Arg, Message};
use lawbook::phrases::Piece;
use lawbook::syntax::ast::Lang;
use std::collections::BTreeSet;
use std::path::Path;

fn args_of(pieces: &[Piece]) -> BTreeSet<String> {
    pieces
        .iter()
        .filter_map(|p| match p {
            Piece::Arg { name, .. } => Some(name.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn every_language_says_every_message_with_the_same_arguments() {
    let c = catalog();
    assert!(c.phrases.len() > 150, "{} messages", c.phrases.len());
    for p in &c.phrases {
        let en = &p.texts[0].as_ref().unwrap().1;
        for (i, t) in p.texts.iter().enumerate() {
            let pieces = &t.as_ref().unwrap().1;
            // Arguments only: the grammar of the rulings (terms, counted nouns) is not the
            // messages' business, and `fill` says nothing for another piece.
            assert!(
                pieces
                    .iter()
                    .all(|x| matches!(x, Piece::Lit(_) | Piece::Arg { form: None, .. })),
                "{} ({i}): only text and {{name}}",
                p.id
            );
            assert_eq!(args_of(pieces), args_of(en), "{} ({i})", p.id);
        }
    }
}

/// Every string literal of the program's sources that looks like a message id.
fn ids_in_sources() -> BTreeSet<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("interpreter");
    let mut out = BTreeSet::new();
    let files =
        lawbook::runner::files_under(&root, 1, |p| p.extension().is_some_and(|x| x == "rs"));
    let re_prefixes = [
        "case.",
        "deal.",
        "table.",
        "tree.",
        "list.",
        "suggest.",
        "lang.",
        "describe.",
        "syntax.",
    ];
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        // Every run of text after a quote up to the next one: the literals, and the code
        // between them, which never looks like an id.
        let quoted: Vec<&str> = text.split('"').collect();
        for chunk in quoted {
            if re_prefixes.iter().any(|p| chunk.starts_with(p))
                && chunk
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c == '.' || c == '_')
            {
                out.insert(chunk.to_string());
            }
        }
    }
    out
}

#[test]
fn every_id_the_program_says_is_in_the_catalog_and_every_entry_is_used() {
    let c = catalog();
    let used = ids_in_sources();
    for id in &used {
        // `describe.`, `lang.in.` and `case.what.` are completed at run time.
        if id.ends_with('.') {
            continue;
        }
        assert!(c.has(id), "`{id}` is said but not in laws/messages.phrases");
    }
    let prefixes_built = ["describe.", "lang.in.", "case.what."];
    for p in &c.phrases {
        let base =
            p.id.strip_suffix(".label")
                .or_else(|| p.id.strip_suffix(".help"))
                .unwrap_or(&p.id);
        let built = prefixes_built.iter().any(|x| p.id.starts_with(x));
        assert!(
            built || used.contains(base) || used.contains(&p.id),
            "`{}` in laws/messages.phrases is never said",
            p.id
        );
    }
}

#[test]
fn seats_cards_and_calls_come_in_the_languages_notation() {
    use lawbook::model::{Call, Card, Seat};
    let m = Message::new("table.trick_not_held")
        .with("trick", 3i64)
        .with("seat", Seat::East)
        .with("card", Card::parse("HQ").unwrap());
    assert_eq!(m.text(Lang::En), "trick 3: E does not hold ♥Q");
    assert_eq!(m.text(Lang::Sk), "zdvih 3: hráč V nemá kartu ♥Q");
    assert_eq!(m.text(Lang::Pl), "lewa 3: gracz E nie ma karty ♥D");
    assert_eq!(m.text(Lang::Hu), "3. ütés: K játékosnál nincs ♥D");
    let c = Message::new("table.change_ungoverned")
        .with("seat", Seat::West)
        .with("call", Call::parse("1NT").unwrap());
    assert!(
        c.text(Lang::Hu).starts_with("Ny játékos 1SZA licitre"),
        "{}",
        c.text(Lang::Hu)
    );
    // An answer is said in the language's word for it.
    let a = Message::new("table.answer.none_open")
        .with("who", Seat::South)
        .with("answer", Arg::Words("answer", vec!["accept".into()]));
    assert!(
        a.text(Lang::Sk).contains("`prijať`"),
        "{}",
        a.text(Lang::Sk)
    );
    // A plain text (a fault of the law book) is the same in every language.
    assert_eq!(Message::plain("x y").text(Lang::Pl), "x y");
    assert_eq!(say(Lang::Hu, "no.such.id", &[]), "no.such.id");
}

fn diagnostics(case: &str, lang: Option<&str>) -> String {
    // A folder of its own for each call: the tests run at once in one process.
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = common::temp_dir(&format!("messages-{n}"));
    let path = dir.join("t.case");
    std::fs::write(&path, case).unwrap();
    let mut args = vec!["rule", path.to_str().unwrap()];
    if let Some(l) = lang {
        args.extend(["--lang", l]);
    }
    let out = common::lawbook(&args);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    common::unwrapped(&String::from_utf8_lossy(&out.stderr))
}

#[test]
fn a_cases_diagnostics_are_in_its_language_or_the_one_asked_for() {
    let sk = "jazyk sk\nrozdanie 1\nlicitácia {\n  S 1BT V pas J 3BT Z pas\n  S pas V\n}\n";
    let said = diagnostics(sk, None);
    assert!(said.contains("hráč V nič nerobí"), "{said}");
    assert!(said.contains("napríklad `S 1BT`"), "{said}");
    let said = diagnostics(sk, Some("en"));
    assert!(said.contains("E does nothing"), "{said}");

    let pl = "język pl\nrozdanie 1\nlicytacja {\n  N 1BA E pas S 3BA W pas\n  N pas E pas S pas\n}\nustalenia {\n  nieznane tak\n}\n";
    let said = diagnostics(pl, None);
    assert!(said.contains("`nieznane` nie jest ustaleniem"), "{said}");

    let hu = "nyelv hu\nleosztás 1\nlicitálás {\n  É 1SZA K passz D 3SZA Ny passz\n  É passz K passz D passz\n}\nlejátszás {\n  K ♥Q\n}\n";
    let said = diagnostics(hu, None);
    assert!(said.contains("nem a lejátszás eseménye"), "{said}");
}

#[test]
fn the_tables_objection_to_an_event_is_in_the_cases_language() {
    // East leads a card he does not hold: the engine's error, said in Slovak.
    let sk = "jazyk sk\nrozdanie 1\nrozloženie S:J106.AK.972.109754 K954.103.QJ654.A6 AQ32.Q986.3.K832 87.J7542.AK108.QJ\nlicitácia {\n  S 1BT V pas J 3BT Z pas\n  S pas V pas\n}\nzohrávka {\n  ♣2\n}\n";
    let said = diagnostics(sk, None);
    assert!(said.contains("zdvih 1: hráč V nemá kartu ♣2"), "{said}");
    assert!(said.contains("nerieši žiadne pravidlo"), "{said}");
}

#[test]
fn a_case_that_does_not_parse_is_told_so_in_the_language_of_its_keys() {
    // The braces are not closed: the language is read from the keys before the case parses.
    let said = diagnostics("jazyk sk\nrozdanie 1\nlicitácia {\n  S 1BT V pas\n", None);
    assert!(said.contains("chyba zápisu: tu je koniec súboru"), "{said}");
    assert!(said.contains("táto `{` nie je uzavretá"), "{said}");
    let said = diagnostics("leosztás 1\nlicitálás {\n  É 1SZA }}\n", None);
    assert!(said.contains("szintaktikai hiba"), "{said}");
    // Asked for English, English.
    let said = diagnostics("leosztás 1\nlicitálás {\n  É 1SZA }}\n", Some("en"));
    assert!(said.contains("syntax error: found `}`"), "{said}");
}
