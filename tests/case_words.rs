//! Issue 4, part 2: the words of cases in four languages are data (`laws/case.words`), every
//! table complete, consistent with the term bank and the law book; cases written with Slovak,
//! Polish or Hungarian keywords and notation read to the same events as English ones; a word
//! of another language, or an ambiguous notation, is an error with its span and a suggestion.

use lawbook::case::words::{CaseWords, BUILTIN};
use lawbook::case::{parse_case, Case};
use lawbook::diagnostic::Diag;
use lawbook::runner::Books;
use lawbook::syntax::ast::Lang;
use lawbook::terms::TermLang;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn every_entry_gives_all_four_languages() {
    let w = CaseWords::parse(BUILTIN).unwrap_or_else(|e| {
        panic!(
            "{}",
            e.iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        )
    });
    for e in &w.entries {
        for (i, l) in Lang::ALL.iter().enumerate() {
            assert!(
                !e.words[i].is_empty(),
                "{} {} has no {}",
                e.class,
                e.id,
                l.code()
            );
        }
    }
    // Every class the parser reads is there, with the entries it expects.
    for (class, ids) in [
        ("seat", &["north", "east", "south", "west"][..]),
        ("rank", &["ace", "king", "queen", "jack", "ten"]),
        ("suit", &["spades", "hearts", "diamonds", "clubs"]),
        ("strain", &["notrump"]),
        ("call", &["pass", "double", "redouble"]),
        ("vulnerability", &["none", "ns", "ew", "both"]),
        ("yesno", &["yes", "no"]),
        (
            "event",
            &[
                "director",
                "together",
                "exposes",
                "leads",
                "changes",
                "asks",
                "review",
                "explanation",
                "against",
                "specifies",
            ],
        ),
        ("specification", &["none"]),
        ("conduct", &["hesitation"]),
        ("conduct_in_auction", &["misstatement"]),
        ("conduct_in_play", &["dummy_warning"]),
    ] {
        for id in ids {
            assert!(w.entry(class, id).is_some(), "no `{class} {id}`");
        }
    }
    for k in lawbook::case::KEYS {
        assert_eq!(w.word("key", k, Lang::En), Some(*k), "English key {k}");
    }
}

#[test]
fn an_incomplete_table_is_refused_naming_the_entry_and_the_language() {
    let text = std::fs::read_to_string(root().join("tests/data/words/incomplete.words")).unwrap();
    let e = CaseWords::parse(&text).unwrap_err();
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].line, 3);
    assert!(
        e[0].message.contains("`call double` has no `hu` word"),
        "{}",
        e[0]
    );
}

#[test]
fn every_answer_and_finding_of_the_law_book_has_words() {
    let w = CaseWords::builtin();
    let mut books = Books::default();
    let book = books.get(&root().join("laws/2017")).expect("law book");
    let mut missing = vec![];
    for (name, o) in &book.options {
        let answers = o
            .answers
            .iter()
            .chain(o.default.iter())
            .map(|a| a.name.clone())
            .chain(o.implied.iter().map(|a| a.answer.name.clone()));
        for a in answers {
            if w.entry("answer", &a).is_none() {
                missing.push(format!("answer `{a}` of option `{name}`"));
            }
        }
    }
    for name in book.findings.keys() {
        if w.entry("finding", name).is_none() {
            missing.push(format!("finding `{name}`"));
        }
    }
    missing.sort();
    missing.dedup();
    assert!(
        missing.is_empty(),
        "laws/case.words lacks:\n{}",
        missing.join("\n")
    );
}

/// The acts besides calls and cards a case records are data: each conduct word's id is the
/// law book's name of the act, which a ruling shows with its `conduct.ID` phrase; and a word
/// read as an act is never also another event word in the same block, which it would hide.
#[test]
fn every_act_a_case_records_is_named_in_the_rulings_and_no_event_word_is_one() {
    let w = CaseWords::builtin();
    let phrases = std::fs::read_to_string(root().join("laws/render.phrases")).unwrap();
    let mut problems = vec![];
    let classes = ["conduct", "conduct_in_auction", "conduct_in_play"];
    for class in classes {
        let entries: Vec<_> = w.class(class).collect();
        assert!(!entries.is_empty(), "no `{class}` entries");
        for e in entries {
            if !phrases
                .lines()
                .any(|l| l.trim() == format!("phrase conduct.{}", e.id))
            {
                problems.push(format!("no `phrase conduct.{}` in render.phrases", e.id));
            }
            for (i, lang) in Lang::ALL.into_iter().enumerate() {
                for word in &e.words[i] {
                    if let Some(id) = w.lookup("event", lang, word) {
                        problems.push(format!(
                            "{} `{word}` is both `{class} {}` and `event {id}`",
                            lang.code(),
                            e.id
                        ));
                    }
                }
            }
        }
    }
    // Both blocks read `conduct` with the block's own class: no word in two of them.
    for lang in Lang::ALL {
        for (i, a) in classes.iter().enumerate() {
            for b in &classes[i + 1..] {
                for word in w.words(a, lang) {
                    if w.lookup(b, lang, word).is_some() {
                        problems.push(format!("{} `{word}` is both {a} and {b}", lang.code()));
                    }
                }
            }
        }
    }
    problems.sort();
    problems.dedup();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn seats_calls_and_ranks_agree_with_the_term_bank() {
    let w = CaseWords::builtin();
    let bank = lawbook::terms::load_terms(root().join("laws/terms.terms")).unwrap();
    let tl = |l: Lang| match l {
        Lang::En => TermLang::En,
        Lang::Sk => TermLang::Sk,
        Lang::Pl => TermLang::Pl,
        Lang::Hu => TermLang::Hu,
    };
    for l in Lang::ALL {
        for seat in ["north", "east", "south", "west"] {
            let term = bank.term(seat, tl(l)).unwrap();
            // The seat's name reads as the seat (Polish writes the letter itself).
            assert_eq!(w.lookup("seat", l, term), Some(seat), "{seat} {}", l.code());
            // The letter is the name's initial (Ny for Nyugat).
            let letter = w.word("seat", seat, l).unwrap();
            assert!(
                term.starts_with(letter),
                "{seat} {}: {letter} / {term}",
                l.code()
            );
        }
        for call in ["pass", "double", "redouble"] {
            let term = bank.term(call, tl(l)).unwrap();
            assert_eq!(w.lookup("call", l, term), Some(call), "{call} {}", l.code());
        }
    }
    // Polish and Hungarian name their queen and jack by the words' initials: dama D, walet W;
    // dáma D, bubi B. (Slovak writes the English letters: "dáma (Q), dolník (J)", L145.)
    for (l, rank) in [
        (Lang::Pl, "queen"),
        (Lang::Pl, "jack"),
        (Lang::Hu, "queen"),
        (Lang::Hu, "jack"),
    ] {
        let term = bank.term(rank, tl(l)).unwrap();
        let letter = w.word("rank", rank, l).unwrap();
        assert!(
            term.to_uppercase().starts_with(letter),
            "{rank} {}: {letter} / {term}",
            l.code()
        );
    }
}

fn parse(text: &str) -> Result<Case, Vec<Diag>> {
    parse_case(0, text)
}

fn events(c: &Case) -> String {
    c.events
        .iter()
        .map(|(e, _)| format!("{e:?}"))
        .collect::<Vec<_>>()
        .join("\n")
}

const ENGLISH: &str = "board 1
deal N:AKQ2.K32.Q43.J32 JT98.AQJ.K65.AK4 7654.T98.AJT.Q98 3.7654.9872.T765
auction {
  N 1NT
  E 1H
  S decline
  E pass
  W exposes SQ HT
  S 3NT  W pass  N pass  E X
  director
}
findings {
  comparable_call no
}
tricks 9
";

#[test]
fn the_same_case_in_four_languages_reads_the_same() {
    let slovak = "rozdanie 1
rozloženie S:AKQ2.K32.Q43.J32 J1098.AQJ.K65.AK4 7654.1098.AJ10.Q98 3.7654.9872.10765
licitácia {
  S 1BT
  V 1♥
  J odmietnuť
  V pas
  Z odkryje ♠Q ♥10
  J 3BT  Z pas  S pas  V kontra
  vedúci
}
zistenia {
  porovnateľná_hláška nie
}
zdvihy 9
";
    let polish = "rozdanie 1
układ N:AKD2.K32.D43.W32 W1098.ADW.K65.AK4 7654.1098.AW10.D98 3.7654.9872.10765
licytacja {
  N 1BA
  E 1♥
  S odrzucić
  E pas
  W odsłania ♠D ♥10
  S 3BA  W pas  N pas  E X
  sędzia
}
ustalenia {
  zapowiedź_porównywalna nie
}
lewy 9
";
    let hungarian = "leosztás 1
lapeloszlás É:AKD2.K32.D43.B32 B1098.ADB.K65.AK4 7654.1098.AB10.D98 3.7654.9872.10765
licitálás {
  É 1SZA
  K 1♥
  D elutasít
  K passz
  Ny felfed ♠D ♥10
  D 3SZA  Ny passz  É passz  K kontra
  tornavezető
}
tényállás {
  hasonló_értelmű_licit nem
}
ütések 9
";
    let en = parse(ENGLISH).unwrap();
    assert_eq!(en.lang, Some(Lang::En));
    for (lang, text) in [
        (Lang::Sk, slovak),
        (Lang::Pl, polish),
        (Lang::Hu, hungarian),
    ] {
        let c = match parse(text) {
            Ok(c) => c,
            Err(d) => panic!("{}", lawbook::diagnostic::render_plain(&d)),
        };
        assert_eq!(c.lang, Some(lang));
        assert_eq!(events(&c), events(&en), "{}", lang.code());
        assert_eq!(c.deal, en.deal, "{}", lang.code());
        assert_eq!(c.board.map(|b| b.0), Some(1));
        assert_eq!(c.tricks.map(|t| t.0), Some(9));
        assert_eq!(
            c.findings.get("comparable_call").map(|f| f.0),
            Some(lawbook::model::Answer::YesNo(false))
        );
    }
}

#[test]
fn keywords_are_read_in_unicode_nfc_and_any_letter_case() {
    // "licitácia" with a combining acute accent (NFD), upper-case words.
    let nfd = "ROZDANIE 1\nlicita\u{301}cia {\n  S 1bt\n  V PAS\n}\n";
    let c = parse(nfd).unwrap_or_else(|d| panic!("{}", lawbook::diagnostic::render_plain(&d)));
    assert_eq!(c.lang, Some(Lang::Sk));
    assert_eq!(c.events.len(), 2);
    let hu = "leosztás 1\nLICITÁLÁS {\n  NY 1sza  É PASSZ\n}\n";
    let c = parse(hu).unwrap_or_else(|d| panic!("{}", lawbook::diagnostic::render_plain(&d)));
    assert_eq!(c.lang, Some(Lang::Hu));
    assert_eq!(c.events.len(), 2);
}

/// The first diagnostic's message, the text under its first label, and its help.
fn error(text: &str) -> (String, String, String) {
    let d = match parse(text) {
        Ok(_) => panic!("should not parse:\n{text}"),
        Err(d) => d,
    };
    let (span, _) = &d[0].labels[0];
    let under = text
        .get(span.start as usize..span.end as usize)
        .unwrap_or("")
        .to_string();
    (
        d[0].message.clone(),
        under,
        d[0].help.clone().unwrap_or_default(),
    )
}

#[test]
fn an_english_seat_in_a_slovak_case_is_refused_with_the_slovak_letter() {
    let (msg, under, help) = error("rozdanie 1\nlicitácia {\n  S 1BT\n  E pas\n}\n");
    assert_eq!(under, "E");
    // Said in Slovak, the case's language (issue 11, item 5).
    assert!(msg.contains("`E` nie je miesto pri stole"), "{msg}");
    assert!(help.contains("píšte `V`"), "{help}");
    // The trap: S is Sever (North) in Slovak, not South.
    assert!(help.contains("`S` je tu Sever, nie Juh"), "{help}");
}

#[test]
fn english_notation_in_other_languages_is_refused_with_a_suggestion() {
    for (text, bad, want) in [
        ("rozdanie 1\nlicitácia {\n  S 1NT\n}\n", "1NT", "píšte `1BT`"),
        ("rozdanie 1\nlicytacja {\n  N 1S\n}\n", "1S", "pisz `1♠`"),
        ("leosztás 1\nlicitálás {\n  É pass\n}\n", "pass", "írja így: `passz`"),
        ("rozdanie 1\nlicitácia {\n  S 1BT  V 1♥  J decline\n}\n", "decline", "píšte `odmietnuť`"),
        ("rozdanie 1\nlicytacja {\n  N 1BA\n  W odsłania ♠Q\n}\n", "♠Q", "pisz `D`"),
        ("leosztás 1\nlicitálás {\n  É 1SZA\n  Ny felfed SA\n}\n", "SA", "színjelekkel"),
        (
            "leosztás 1\nlapeloszlás É:AKQ2.K32.D43.B32 B1098.ADB.K32.AK4 7654.1098.AB10.D98 3.7654.9876.10765\n",
            "Q",
            "írja így: `D`",
        ),
        ("rozdanie 1\nzistenia {\n  comparable_call nie\n}\nlicitácia {\n  S pas\n}\n", "comparable_call", "píšte `porovnateľná_hláška`"),
        ("rozdanie 1\nlicitácia {\n  S pas\n}\nfindings {\n  comparable_call no\n}\n", "findings", "píšte `zistenia`"),
    ] {
        let (_, under, help) = error(text);
        assert_eq!(under, bad, "{text}");
        assert!(help.contains(want), "{text}\n{help}");
    }
}

#[test]
fn a_case_whose_keys_fit_two_languages_must_say_which() {
    // `rozdanie` is Slovak and Polish, and so is `impy`.
    let (msg, under, help) = error("rozdanie 1\nimpy 620\n");
    // Said in both: which one the director reads is the question.
    assert!(msg.contains("v slovenčine a v poľštine"), "{msg}");
    assert!(msg.contains("po słowacku i po polsku"), "{msg}");
    assert_eq!(under, "rozdanie");
    assert!(
        help.contains("`jazyk sk`") && help.contains("`język pl`"),
        "{help}"
    );
    // Declared, it reads.
    let c = parse("język pl\nrozdanie 1\nimpy 620\n").unwrap();
    assert_eq!(c.lang, Some(Lang::Pl));
}

#[test]
fn a_word_without_its_diacritics_is_an_error_with_the_word() {
    let (msg, under, help) = error("leosztás 1\nlicitalas {\n  É passz\n}\n");
    assert!(msg.contains("ismeretlen kulcsszó"), "{msg}");
    assert_eq!(under, "licitalas");
    assert!(help.contains("erre gondolt: `licitálás`?"), "{help}");
}

#[test]
fn cases_as_directors_write_them_read_as_the_table_words() {
    // The review's cases: conjugated and negated answers, the texts' own vulnerability
    // words, krabica/tok for the board, ktr for a double (issue 11, item 4).
    let slovak = "krabica 1\nstav_hier obe_strany_v_druhej_hre\nlicitácia {\n  S 1BT  V 1♥  J neprijíma\n  V pas\n  rozhodca\n}\n";
    let polish = "rozdanie 1\nzałożenia N-S\nlicytacja {\n  N 1BA  E 1♥  S nie_akceptuje\n  E pas  S ktr\n}\n";
    let hungarian = "tok 1\nszkörhelyzet általános_bell\nlicitálás {\n  É 1SZA  K 1♥  D elutasítja\n  K passz\n  TV\n}\n";
    // Vulnerable as (north-south, east-west).
    for (text, vulnerable) in [
        (slovak, [true, true]),
        (polish, [true, false]),
        (hungarian, [true, true]),
    ] {
        let c = parse(text).unwrap_or_else(|d| panic!("{}", lawbook::diagnostic::render_plain(&d)));
        assert_eq!(c.board.map(|b| b.0), Some(1), "{text}");
        let ev = events(&c);
        assert!(ev.contains("\"decline\""), "{ev}");
        assert_eq!(c.vulnerable, Some(vulnerable), "{text}");
    }
}

#[test]
fn did_you_mean_never_offers_the_opposite_answer() {
    // Negated answers the table does not list, each within the edit distance of its opposite:
    // without the guard each got "did you mean" that opposite (`neodmietnuť` → `odmietnuť`).
    for (text, opposite) in [
        (
            "rozdanie 1\nlicytacja {\n  N 1BA  E 1♥  S nieodrzucić\n}\n",
            "odrzucić",
        ),
        (
            "leosztás 1\nlicitálás {\n  É 1SZA  K 1♥  D ne_elutasít\n}\n",
            "elutasít",
        ),
        (
            "rozdanie 1\nlicitácia {\n  S 1BT  V 1♥  J neodmietnuť\n}\n",
            "odmietnuť",
        ),
    ] {
        let (message, _, help) = error(text);
        assert!(
            !help.contains(&format!("`{opposite}`")),
            "{message}\n{help}"
        );
    }
}

#[test]
fn a_hungarian_seat_without_its_accent_is_offered_both_ways() {
    // `E` is East in English and Polish, and `É` (North) without its accent: the help names
    // both, and does not pick East alone (the review's wrong-seat hazard).
    let (_, under, help) = error("leosztás 1\nlicitálás {\n  E 1SZA  K passz\n}\n");
    assert_eq!(under, "E");
    assert!(
        help.contains("írja így: `K`") && help.contains("írja így: `É` (Észak)"),
        "{help}"
    );
}

#[test]
fn calls_written_after_exposed_cards_get_one_error_that_says_why() {
    // `Z odkryje ♥Q V 2♥`: the event takes its line to the end, so V and 2♥ were two
    // "not a card" errors; now one, naming the event and what to move.
    let text = "rozdanie 1\nlicitácia {\n  S 1BT  Z odkryje ♥Q  V 2♥\n}\n";
    let d = parse(text).expect_err("refused");
    assert_eq!(d.len(), 1, "{}", lawbook::diagnostic::render_plain(&d));
    let (message, under, help) = error(text);
    assert!(
        message.contains("`Z odkryje` berie karty až do konca riadka"),
        "{message}"
    );
    assert_eq!(under, "V 2♥");
    assert_eq!(help, "dajte `V 2♥` na samostatný riadok");
}
