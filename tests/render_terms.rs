//! Issue 4, part 1: every term the rendering uses exists in all four languages, checked; a
//! gap is an error naming the term and the language. And the law book's vocabulary
//! (irregularities, options, answers, obligations) has words in every language.

use lawbook::render::Lexicon;
use lawbook::runner::Books;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_lexicon_of_the_law_book_is_complete() {
    let lex = match Lexicon::load(&root().join("laws")) {
        Ok(l) => l,
        Err(d) => panic!("{}", lawbook::diagnostic::render_plain(&d)),
    };
    let used = lex.terms_used();
    assert!(used.len() > 50, "{} terms used", used.len());
    let mut books = Books::default();
    let book = books.get(&root().join("laws/2017")).expect("law book");
    let gaps = lex.check_book(book);
    assert!(gaps.is_empty(), "{}", gaps.join("\n"));
}

/// The lexicon with the term bank's text changed by `edit`.
fn lexicon_with(edit: impl Fn(&str) -> String) -> Lexicon {
    let text = std::fs::read_to_string(root().join("laws/terms.terms")).unwrap();
    let edited = edit(&text);
    assert_ne!(edited, text, "the edit changed nothing");
    let bank = lawbook::terms::parse_terms(0, "terms.terms", &edited).expect("parses");
    let phrases_text = std::fs::read_to_string(root().join("laws/render.phrases")).unwrap();
    let phrases = lawbook::phrases::Phrases::parse("render.phrases", &phrases_text).unwrap();
    Lexicon::new(
        bank,
        phrases,
        grammar(),
        lawbook::case::words::CaseWords::builtin(),
    )
}

/// The bundled grammar of the renderings' languages.
fn grammar() -> lawbook::render::grammar::Grammar {
    let text = std::fs::read_to_string(root().join("laws/render.grammar")).unwrap();
    lawbook::render::grammar::Grammar::parse(&text).expect("laws/render.grammar reads")
}

fn messages(lex: &Lexicon) -> Vec<String> {
    lex.check().into_iter().map(|d| d.message.clone()).collect()
}

#[test]
fn a_term_without_a_language_is_named_with_the_language() {
    // North without its Hungarian term: every rendering names the seats.
    let lex = lexicon_with(|t| {
        t.replacen(
            "  hu \"Észak\" line 368 {\n    acc \"Északot\"  dat \"Északnak\"  ins \"Északkal\"  all \"Északhoz\"  abl \"Északtól\"\n  }\n",
            "  hu missing \"test: no term\"\n",
            1,
        )
    });
    let m = messages(&lex);
    assert!(
        m.iter()
            .any(|m| m.contains("`north`") && m.contains("`hu`")),
        "{m:#?}"
    );
}

#[test]
fn a_concept_the_rendering_uses_must_exist() {
    let lex = lexicon_with(|t| t.replacen("concept trick {", "concept trick_renamed {", 1));
    let m = messages(&lex);
    assert!(
        m.iter()
            .any(|m| m.contains("`trick`") && m.contains("does not have")),
        "{m:#?}"
    );
}

#[test]
fn a_form_the_rendering_asks_for_is_named_with_the_language() {
    // "2♣, 2♦ … pas (30 hlášok)": the Slovak genitive plural of call.
    let lex = lexicon_with(|t| t.replacen("  gen_pl \"hlášok\"", "", 1));
    let m = messages(&lex);
    assert!(
        m.iter()
            .any(|m| m.contains("`gen_pl`") && m.contains("`call`") && m.contains("`sk`")),
        "{m:#?}"
    );
}

#[test]
fn a_suit_form_an_obligation_asks_for_is_named_with_the_language() {
    // "Nyugat nem hívhat pikket": the lead prohibition names its suit in the accusative,
    // which the suffix rules cannot build (the linking vowel is not regular).
    let lex = lexicon_with(|t| {
        t.replacen(
            "hu \"pikk\" line 294 { acc \"pikket\" }",
            "hu \"pikk\" line 294",
            1,
        )
    });
    let m = messages(&lex);
    assert!(
        m.iter()
            .any(|m| m.contains("`acc`") && m.contains("`spades`") && m.contains("`hu`")),
        "{m:#?}"
    );
}

#[test]
fn a_polish_term_marked_missing_is_reported_if_the_rendering_uses_it() {
    // comparable_call has no Polish term (the 2007 text predates it): a phrase that used it
    // would fail the check.
    let text = std::fs::read_to_string(root().join("laws/render.phrases")).unwrap()
        + "\nphrase test.comparable\n  en \"{=comparable_call}\"\n  sk \"{=comparable_call}\"\n  pl \"{=comparable_call}\"\n  hu \"{=comparable_call}\"\n";
    let phrases = lawbook::phrases::Phrases::parse("render.phrases", &text).unwrap();
    let bank = lawbook::terms::load_terms(root().join("laws/terms.terms")).unwrap();
    let lex = Lexicon::new(
        bank,
        phrases,
        grammar(),
        lawbook::case::words::CaseWords::builtin(),
    );
    let m = messages(&lex);
    assert_eq!(m.len(), 1, "{m:#?}");
    assert!(
        m[0].contains("`comparable_call`") && m[0].contains("`pl`"),
        "{m:#?}"
    );
}

/// The grammar a template would get wrong, through the real phrases and term bank.
#[test]
fn numbers_and_seats_take_the_forms_their_language_needs() {
    use lawbook::model::Seat;
    use lawbook::render::{Renderer, A};
    use lawbook::syntax::ast::Lang;
    let lex = Lexicon::load(&root().join("laws")).unwrap();
    let mut books = Books::default();
    let book = books.get(&root().join("laws/2017")).unwrap();
    let r = |lang| Renderer::new(book, &lex, lang);
    let tricks = |lang, n: i64| r(lang).p("tricks", &[("n", A::Num(n))]);
    // Slovak: 1 zdvih, 2–4 zdvihy, 5 and more zdvihov.
    assert_eq!(tricks(Lang::Sk, 1), "Hlavný hráč získal 1 zdvih.");
    assert_eq!(tricks(Lang::Sk, 3), "Hlavný hráč získal 3 zdvihy.");
    assert_eq!(tricks(Lang::Sk, 9), "Hlavný hráč získal 9 zdvihov.");
    // Polish accusative: 1 lewę, 2–4 lewy (not 12–14), 5 lew.
    assert_eq!(tricks(Lang::Pl, 1), "Rozgrywający wziął 1 lewę.");
    assert_eq!(tricks(Lang::Pl, 4), "Rozgrywający wziął 4 lewy.");
    assert_eq!(tricks(Lang::Pl, 12), "Rozgrywający wziął 12 lew.");
    // The table of every form a count takes, 0 to 125 and the hundreds' and thousands'
    // neighbours, against the rules the phrases rely on (CLDR through intl_pluralrules).
    for n in (0..=125).chain([1000, 1001, 1002, 1005, 1012, 1022, 1_000_001]) {
        let sk = match n {
            1 => "zdvih",
            2..=4 => "zdvihy",
            _ => "zdvihov",
        };
        assert_eq!(
            tricks(Lang::Sk, n),
            format!("Hlavný hráč získal {n} zdvih{}.", &sk[5..])
        );
        let pl = if n == 1 {
            "lewę"
        } else if (2..=4).contains(&(n % 10)) && !(12..=14).contains(&(n % 100)) {
            "lewy"
        } else {
            "lew"
        };
        assert_eq!(tricks(Lang::Pl, n), format!("Rozgrywający wziął {n} {pl}."));
        assert_eq!(tricks(Lang::Hu, n), format!("A felvevő {n} ütést vitt el."));
        assert_eq!(tricks(Lang::En, n), format!("Tricks won by declarer: {n}"));
    }
    // Hungarian: the noun stays singular after a number, in the accusative.
    assert_eq!(tricks(Lang::Hu, 1), "A felvevő 1 ütést vitt el.");
    assert_eq!(tricks(Lang::Hu, 9), "A felvevő 9 ütést vitt el.");
    assert_eq!(tricks(Lang::En, 9), "Tricks won by declarer: 9");
    // Hungarian suffix after a number by its last word read aloud.
    let broken = |lang, n: i64| r(lang).p("broken_times", &[("n", A::Num(n))]);
    assert_eq!(broken(Lang::Hu, 1), ", egyszer megszegve");
    assert_eq!(broken(Lang::Hu, 2), ", 2-szer megszegve");
    assert_eq!(broken(Lang::Hu, 3), ", 3-szor megszegve");
    assert_eq!(broken(Lang::Hu, 5), ", 5-ször megszegve");
    assert_eq!(broken(Lang::Pl, 1), ", naruszony raz");
    assert_eq!(broken(Lang::Pl, 3), ", naruszony 3 razy");
    assert_eq!(broken(Lang::En, 1), ", broken once");
    assert_eq!(broken(Lang::En, 2), ", broken 2 times");
    for n in 2..=125 {
        assert_eq!(broken(Lang::En, n), format!(", broken {n} times"));
        // Polish "raz": razy after every number but one (2 razy, 5 razy, 22 razy).
        assert_eq!(broken(Lang::Pl, n), format!(", naruszony {n} razy"));
    }
    // The case a sentence needs after a seat.
    let deemed = |lang| r(lang).p("effect_deemed_pass", &[("seat", A::Seat(Seat::West))]);
    assert_eq!(
        deemed(Lang::Hu),
        "Nyugatot úgy kell tekinteni, mintha passzolt volna"
    );
    let holder = |lang, ob: &str| {
        r(lang).p(
            ob,
            &[
                ("holder", A::Seat(Seat::West)),
                ("args", A::Text(" (♠)".into())),
                ("when", A::Text("".into())),
                ("prohibited", A::Term("spades")),
            ],
        )
    };
    // A suit by name, in the case the sentence needs.
    assert_eq!(
        holder(Lang::Sk, "obligation.lead_prohibition"),
        "Západ nesmie vyniesť piky, pokiaľ zostáva na výnose"
    );
    assert_eq!(
        holder(Lang::Pl, "obligation.lead_prohibition"),
        "gracz W nie może wyjść w piki, dopóki utrzymuje się przy wyjściu"
    );
    assert_eq!(
        holder(Lang::Hu, "obligation.lead_prohibition"),
        "Nyugat nem hívhat pikket, amíg híváson van"
    );
    assert_eq!(
        holder(Lang::Hu, "obligation.major_penalty_card"),
        "Nyugatnak a nagy büntetőlapot (♠) az első szabályos alkalommal ki kell játszania"
    );
    // The noun and gender of a call: Slovak pas is masculine, ponuka feminine.
    let cancelled = |lang, call: &str| {
        let args = [
            ("seat", A::Seat(Seat::South)),
            ("call", A::Text(call.to_string().into())),
        ];
        let id = if call == "pas" || call == "passz" {
            "effect_cancelled.pass"
        } else {
            "effect_cancelled"
        };
        r(lang).p(id, &args)
    };
    assert_eq!(cancelled(Lang::Sk, "pas"), "pas Juhu je zrušený");
    assert_eq!(cancelled(Lang::Sk, "1♠"), "ponuka 1♠ Juhu je zrušená");
    assert_eq!(cancelled(Lang::Hu, "passz"), "Dél passza érvénytelen");
    assert_eq!(cancelled(Lang::Hu, "1♠"), "Dél 1♠ licitje érvénytelen");
}

/// Hungarian vowel harmony (laws/render.grammar) derives the suffixed forms the term bank
/// gives for the seats.
#[test]
fn hungarian_harmony_agrees_with_the_term_bank() {
    use lawbook::syntax::ast::Lang;
    use lawbook::terms::TermLang;
    let grammar = grammar();
    let hu_case = |word: &str, case: &str| grammar.inflect(Lang::Hu, word, case);
    let bank = lawbook::terms::load_terms(root().join("laws/terms.terms")).unwrap();
    let mut checked = 0;
    for seat in ["north", "east", "south", "west"] {
        let t = bank.concept(seat).unwrap().term(TermLang::Hu).unwrap();
        for f in &t.forms {
            if let Some(derived) = hu_case(&t.text, &f.name) {
                assert_eq!(derived, f.text, "{seat} {}", f.name);
                checked += 1;
            }
        }
    }
    assert!(checked >= 12, "{checked} forms checked");
}
