//! The grammar's mechanisms on the bundled file, and the reader's errors.

use super::*;

/// The bundled grammar, read once.
fn bundled() -> &'static Grammar {
    static G: std::sync::OnceLock<Grammar> = std::sync::OnceLock::new();
    G.get_or_init(|| {
        Grammar::parse(include_str!("../../../laws/render.grammar"))
            .unwrap_or_else(|e| panic!("laws/render.grammar: {e:?}"))
    })
}

fn hu_case(word: &str, case: &str) -> Option<String> {
    bundled().inflect(Lang::Hu, word, case)
}

fn number_with_suffix(n: i64, suffix: &str) -> Option<String> {
    bundled().number_with_suffix(Lang::Hu, n, suffix)
}

fn hu_article(next: &str) -> &'static str {
    bundled()
        .article(Lang::Hu, next)
        .expect("Hungarian has an article")
}

#[test]
fn slavic_plurals() {
    let g = bundled();
    let sk: Vec<usize> = [1, 2, 4, 5, 12, 22]
        .map(|n| g.plural_index(Lang::Sk, n))
        .into();
    assert_eq!(sk, [0, 1, 1, 2, 2, 2]);
    let pl: Vec<usize> = [1, 2, 4, 5, 12, 13, 22, 25, 0]
        .map(|n| g.plural_index(Lang::Pl, n))
        .into();
    assert_eq!(pl, [0, 1, 1, 2, 2, 2, 1, 2, 2]);
    // Hungarian lists one category: every number takes it, 1 as well.
    assert!([0, 1, 2, 5]
        .iter()
        .all(|n| g.plural_index(Lang::Hu, *n) == 0));
    assert_eq!([1, 2].map(|n| g.plural_index(Lang::En, n)), [0, 1]);
}

#[test]
fn a_counted_noun_takes_its_categorys_forms() {
    let g = bundled();
    assert_eq!(g.count_forms(Lang::Sk, 1, "acc"), ["acc"]);
    assert_eq!(g.count_forms(Lang::Sk, 3, "acc"), ["acc_pl", "nom_pl"]);
    assert_eq!(g.count_forms(Lang::Pl, 12, "acc"), ["gen_pl"]);
    assert_eq!(g.count_forms(Lang::En, 2, "nom"), ["nom_pl", "nom_pl"]);
    assert_eq!(g.count_forms(Lang::Hu, 5, "acc"), ["acc"]);
    assert_eq!(
        g.count_forms_needed(Lang::Sk, "acc"),
        ["acc", "nom_pl", "gen_pl"]
    );
    assert_eq!(g.count_forms_needed(Lang::Hu, "acc"), ["acc"]);
}

#[test]
fn hungarian_numbers_take_the_harmony_of_their_last_word() {
    // 1 is a word of its own: egyszer.
    let got: Vec<String> = [1, 2, 3, 5, 6, 10, 20, 100, 1000, 15, 40]
        .iter()
        .map(|n| number_with_suffix(*n, "szor").unwrap())
        .collect();
    assert_eq!(
        got,
        [
            "egyszer",
            "2-szer",
            "3-szor",
            "5-ször",
            "6-szor",
            "10-szer",
            "20-szor",
            "100-szor",
            "1000-szer",
            "15-ször",
            "40-szer"
        ]
    );
    assert_eq!(number_with_suffix(12, "ból").unwrap(), "12-ből");
    assert_eq!(number_with_suffix(8, "ból").unwrap(), "8-ból");
    // Every last word of the number words, and a million.
    let last: Vec<String> = [4, 7, 9, 30, 50, 60, 70, 80, 90, 200, 2_000_000]
        .iter()
        .map(|n| number_with_suffix(*n, "nak").unwrap())
        .collect();
    assert_eq!(
        last,
        [
            "4-nek",
            "7-nek",
            "9-nek",
            "30-nak",
            "50-nek",
            "60-nak",
            "70-nek",
            "80-nak",
            "90-nek",
            "200-nak",
            "2000000-nak"
        ]
    );
    assert_eq!(number_with_suffix(1_000_000, "on").unwrap(), "1000000-n");
    // Only the suffixes a number may take.
    assert_eq!(number_with_suffix(3, "val"), None);
    assert_eq!(bundled().number_with_suffix(Lang::Sk, 3, "szor"), None);
}

#[test]
fn hungarian_article() {
    assert_eq!(hu_article("1♥"), "az");
    assert_eq!(hu_article("2♥"), "a");
    assert_eq!(hu_article("5SZA"), "az");
    assert_eq!(hu_article("passz"), "a");
    assert_eq!(hu_article("Észak"), "az");
    assert_eq!(hu_article("1000"), "az");
    assert_eq!(hu_article("100"), "a");
    // The first word read: ötven, ötszáz, ezerötszáz, tízezer, százezer, egymillió.
    for (n, a) in [
        ("50", "az"),
        ("500", "az"),
        ("1500", "az"),
        ("10000", "a"),
        ("100000", "a"),
        ("1000000", "az"),
        ("0", "a"),
        ("11", "a"),
    ] {
        assert_eq!(hu_article(n), a, "{n}");
    }
    assert_eq!(bundled().article(Lang::Sk, "1♥"), None);
}

#[test]
fn the_essive_formal_neither_harmonises_nor_lengthens() {
    assert_eq!(hu_case("rekontra", "ess").unwrap(), "rekontraként");
    assert_eq!(
        hu_case("soron kívüli licit", "ess").unwrap(),
        "soron kívüli licitként"
    );
}

#[test]
fn hungarian_suffixes_follow_vowel_harmony() {
    assert_eq!(hu_case("Észak", "dat").unwrap(), "Északnak");
    assert_eq!(hu_case("Kelet", "dat").unwrap(), "Keletnek");
    assert_eq!(hu_case("Kelet", "all").unwrap(), "Kelethez");
    assert_eq!(hu_case("Dél", "abl").unwrap(), "Déltől");
    assert_eq!(hu_case("Nyugat", "sub").unwrap(), "Nyugatra");
    assert_eq!(hu_case("Észak", "ins").unwrap(), "Északkal");
    assert_eq!(hu_case("kontra", "dat").unwrap(), "kontrának");
    assert!(hu_case("ütés", "hoz").is_none());
    // A language without harmony builds no case.
    assert!(bundled().inflect(Lang::Sk, "Sever", "dat").is_none());
}

/// Every Hungarian suffix the renderer can put after a word or a number, against a table
/// of forms checked by hand (the review's probes among them).
#[test]
fn hungarian_suffix_table() {
    let words = [
        ("passz", "ins", "passzal"),
        ("pikk", "ins", "pikkel"),
        ("treff", "ins", "treffel"),
        ("ász", "ins", "ásszal"),
        ("kőr", "ins", "kőrrel"),
        ("káró", "ins", "káróval"),
        ("Nyugat", "ins", "Nyugattal"),
        ("Kelet", "ins", "Kelettel"),
        ("Dél", "ins", "Déllel"),
        ("Észak", "ins", "Északkal"),
        ("kontra", "ins", "kontrával"),
        ("honőr", "dat", "honőrnek"),
        ("honőr", "all", "honőrhöz"),
        ("sofőr", "all", "sofőrhöz"),
        ("BOE", "dat", "BOE-nek"),
        ("JOE", "dat", "JOE-nek"),
        ("É", "dat", "É-nek"),
        ("K", "dat", "K-nak"),
        ("Ny", "dat", "Ny-nek"),
        ("Ny", "ins", "Ny-nyel"),
        ("É", "ins", "É-vel"),
        ("K", "ins", "K-val"),
        ("D", "all", "D-hez"),
        ("kontra", "ess", "kontraként"),
        ("BOE", "ess", "BOE-ként"),
    ];
    for (word, case, want) in words {
        assert_eq!(hu_case(word, case).as_deref(), Some(want), "{word} {case}");
    }
    let numbers = [
        (1, "szor", "egyszer"),
        (2, "szor", "2-szer"),
        (3, "szor", "3-szor"),
        (5, "szor", "5-ször"),
        (12, "szor", "12-szer"),
        (2, "hoz", "2-höz"),
        (12, "hoz", "12-höz"),
        (3, "hoz", "3-hoz"),
        (5, "hoz", "5-höz"),
        (2, "on", "2-n"),
        (0, "on", "0-n"),
        (3, "on", "3-on"),
        (5, "on", "5-ön"),
        (10, "on", "10-en"),
        (2, "ból", "2-ből"),
        (6, "ból", "6-ból"),
        (8, "ból", "8-ból"),
        (22, "ból", "22-ből"),
        (100, "nak", "100-nak"),
        (1000, "nak", "1000-nek"),
        (2, "nak", "2-nek"),
    ];
    for (n, suffix, want) in numbers {
        assert_eq!(
            number_with_suffix(n, suffix).as_deref(),
            Some(want),
            "{n} {suffix}"
        );
    }
}

/// Errors name the bytes they are about, and say what is wrong.
#[test]
fn errors_say_where_and_what() {
    let whole = include_str!("../../../laws/render.grammar");
    let at = |src: &str, bad: &str| {
        let errors = Grammar::parse(src).expect_err(bad);
        let start = src.find(bad).expect("the bad text is in the source");
        assert!(
            errors
                .iter()
                .any(|e| e.span.start == start || src[e.span.clone()].contains(bad)),
            "{bad}: {errors:?}"
        );
        errors
    };
    let errors = at(
        &whole.replace("plural: one few other", "plural: one fwe other"),
        "fwe",
    );
    assert!(
        errors[0].message.contains("not a plural category"),
        "{errors:?}"
    );
    // One error: the category count of `count-forms` is not compared with a list that lost one.
    assert_eq!(errors.len(), 1, "{errors:?}");
    let errors = at(&whole.replace("ine=ban", "ine=bann"), "ine=bann");
    assert!(
        errors[0].message.contains("add `suffix: bann"),
        "{errors:?}"
    );
    at(
        &whole.replace("suffix: hoz hez höz", "suffix: hoz hez"),
        "suffix: hoz hez",
    );
    at(&whole.replace("[pl]", "[de]"), "[de]");
    at(&whole.replace("lengthen: a=á", "lengthen: a=áá"), "a=áá");
    at(&whole.replace("ones: nulla egy", "ones: egy"), "ones: egy");
    at(
        &whole.replace(
            "count-forms: {case} | {case}_pl nom_pl | gen_pl",
            "count-forms: {case} | gen_pl",
        ),
        "count-forms: {case} | gen_pl",
    );
    // Harmony without vowels; a field no grammar has; a field given twice.
    at(
        &whole.replace("vowels: back=aáoóuú front=eéií rounded=öőüű\n", ""),
        "lengthen: a=á",
    );
    at(
        &whole.replace("[en]\n", "[en]\nstyle: terse\n"),
        "style: terse",
    );
    at(
        &whole.replace("article: a az", "article: a az\narticle: a az"),
        "article: a az",
    );
    // A decimal mark that is two marks.
    at(
        &whole.replacen("decimal-mark: ,", "decimal-mark: , .", 1),
        "decimal-mark: , .",
    );
    // A language with no section.
    let errors = Grammar::parse(&whole.replace("[sk]", "[en]")).expect_err("no sk");
    assert!(
        errors
            .iter()
            .any(|e| e.message.contains("no `[sk]` section")),
        "{errors:?}"
    );
}

/// What a language does is the file's: a language given harmony and an article in the
/// file has them, with no code of its own (here Slovak, given Hungarian's).
#[test]
fn a_language_has_the_grammar_its_section_gives() {
    let whole = include_str!("../../../laws/render.grammar");
    let hu = &whole[whole.find("[hu]").unwrap() + "[hu]".len()..];
    let sk_harmony = hu
        .lines()
        .filter(|l| {
            !["plural", "count-forms", "decimal-mark"]
                .iter()
                .any(|f| l.starts_with(f))
        })
        .collect::<Vec<_>>()
        .join("\n");
    let src = whole.replace("[pl]", &format!("{sk_harmony}\n[pl]"));
    let g = Grammar::parse(&src).unwrap();
    assert_eq!(
        g.inflect(Lang::Sk, "Nyugat", "ins").as_deref(),
        Some("Nyugattal")
    );
    assert_eq!(g.article(Lang::Sk, "5♠"), Some("az"));
    assert_eq!(g.plural_index(Lang::Sk, 3), 1);
}

/// A word whose last letters' lower case has other lengths in bytes (the Kelvin sign, three
/// bytes, is `k` in lower case) is cut where its own letters begin: the digraph `sk` found in
/// `aSK` doubles to `asSK`, where cutting at the lower case's length fell inside the sign.
#[test]
fn a_letter_whose_lower_case_is_shorter_is_cut_where_it_begins() {
    let whole = include_str!("../../../laws/render.grammar");
    let g = Grammar::parse(&whole.replace("digraphs: dzs", "digraphs: sk dzs")).unwrap();
    assert_eq!(
        g.inflect(Lang::Hu, "aS\u{212a}", "ins").as_deref(),
        Some("asS\u{212a}al")
    );
}

/// A decimal in each language's way: its mark, no trailing zeros, a minus sign.
#[test]
fn decimals_take_the_languages_mark() {
    let g = bundled();
    let d = |s: &str| rust_decimal::Decimal::from_str_exact(s).unwrap();
    assert_eq!(g.decimal(Lang::En, d("61.37")), "61.37");
    assert_eq!(g.decimal(Lang::Sk, d("61.37")), "61,37");
    assert_eq!(g.decimal(Lang::Pl, d("38.750")), "38,75");
    assert_eq!(g.decimal(Lang::Hu, d("40.0")), "40");
    assert_eq!(g.decimal(Lang::En, d("-1.5")), "\u{2212}1.5");
    assert_eq!(g.decimal(Lang::Sk, d("-0.0")), "0");
}
