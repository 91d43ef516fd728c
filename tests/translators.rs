//! The translators' tools on the law book's texts: the TMX and TBX exports parse back with
//! quick-xml and hold exactly what the aligner and the term bank hold.

use lawbook::align::{Edition, Lang, Unit};
use lawbook::export::segment::reading;
use lawbook::export::{tbx, tmx};
use lawbook::terms::cli::load_texts;
use lawbook::terms::texts::Text;
use lawbook::terms::{load_terms, TermBank, TermLang};
use quick_xml::events::Event;
use quick_xml::Reader;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn texts(e: Edition) -> Vec<Text> {
    load_texts(&root().join("laws"), e).unwrap()
}

fn bank() -> TermBank {
    load_terms(root().join("laws/terms.terms")).unwrap()
}

/// A parsed XML element: name, attributes, text content, children.
#[derive(Debug, Default)]
struct El {
    name: String,
    attrs: BTreeMap<String, String>,
    text: String,
    children: Vec<El>,
}

impl El {
    fn all<'a, 'b>(&'a self, name: &'b str) -> impl Iterator<Item = &'a El> + use<'a, 'b> {
        self.children.iter().filter(move |c| c.name == name)
    }
    fn one<'a>(&'a self, name: &str) -> &'a El {
        let v: Vec<&El> = self.all(name).collect();
        assert_eq!(v.len(), 1, "one <{name}> in <{}>", self.name);
        v[0]
    }
}

/// Parses a whole document with quick-xml; any error (not well-formed, mismatched tags) fails.
fn parse(xml: &str) -> El {
    let mut r = Reader::from_str(xml);
    r.config_mut().check_end_names = true;
    let mut stack: Vec<El> = vec![El::default()];
    loop {
        match r
            .read_event()
            .unwrap_or_else(|e| panic!("not well-formed at {}: {e}", r.buffer_position()))
        {
            Event::Start(s) => {
                let mut el = El {
                    name: s.name().as_ref().to_string(),
                    ..Default::default()
                };
                for a in s.attributes() {
                    let a = a.unwrap();
                    el.attrs.insert(
                        a.key.as_ref().to_string(),
                        a.normalized_value(quick_xml::XmlVersion::default())
                            .unwrap()
                            .into_owned(),
                    );
                }
                stack.push(el);
            }
            Event::Empty(s) => {
                let mut el = El {
                    name: s.name().as_ref().to_string(),
                    ..Default::default()
                };
                for a in s.attributes() {
                    let a = a.unwrap();
                    el.attrs.insert(
                        a.key.as_ref().to_string(),
                        a.normalized_value(quick_xml::XmlVersion::default())
                            .unwrap()
                            .into_owned(),
                    );
                }
                stack.last_mut().unwrap().children.push(el);
            }
            Event::End(_) => {
                let el = stack.pop().unwrap();
                stack.last_mut().unwrap().children.push(el);
            }
            Event::Text(t) => stack.last_mut().unwrap().text.push_str(&t.xml10_content()),
            Event::GeneralRef(g) => {
                let c = match g.resolve_char_ref().unwrap() {
                    Some(c) => c.to_string(),
                    None => quick_xml::escape::resolve_predefined_entity(&g)
                        .unwrap_or_else(|| panic!("unknown entity &{};", &*g))
                        .to_string(),
                };
                stack.last_mut().unwrap().text.push_str(&c);
            }
            Event::CData(c) => stack.last_mut().unwrap().text.push_str(&c.xml10_content()),
            Event::Eof => break,
            _ => {}
        }
    }
    assert_eq!(stack.len(), 1, "unclosed elements");
    let mut top = stack.pop().unwrap();
    assert_eq!(top.children.len(), 1, "one root element");
    top.children.pop().unwrap()
}

fn check_tmx(e: Edition) -> (usize, BTreeMap<String, usize>, usize) {
    let ts = texts(e);
    let (xml, stats) = tmx::tmx(&ts, "*all*");
    let doc = parse(&xml);
    assert_eq!(doc.name, "tmx");
    assert_eq!(doc.attrs["version"], "1.4");
    let h = doc.one("header");
    for (k, v) in [
        ("creationtool", "lawbook"),
        ("datatype", "plaintext"),
        ("segtype", "paragraph"),
        ("adminlang", "en"),
        ("srclang", "*all*"),
        ("o-tmf", "lawbook"),
    ] {
        assert_eq!(h.attrs.get(k).map(String::as_str), Some(v), "header {k}");
    }
    assert!(!h.attrs["creationtoolversion"].is_empty());
    let units: Vec<BTreeMap<String, &Unit>> = ts.iter().map(tmx::memory_units).collect();
    let keys: BTreeSet<&String> = units.iter().flat_map(|m| m.keys()).collect();
    let tus: Vec<&El> = doc.one("body").all("tu").collect();
    // One tu per aligned key, no key twice.
    assert_eq!(tus.len(), keys.len(), "{e}");
    let tuids: BTreeSet<&str> = tus.iter().map(|t| t.attrs["tuid"].as_str()).collect();
    assert_eq!(tuids.len(), tus.len());
    let mut both = 0;
    for tu in &tus {
        let key = &tu.attrs["tuid"];
        let tuvs: Vec<&El> = tu.all("tuv").collect();
        // Every text that has the key has its tuv, with the text exactly.
        let want: Vec<(usize, &&Unit)> = units
            .iter()
            .enumerate()
            .filter_map(|(i, m)| m.get(key).map(|u| (i, u)))
            .collect();
        assert_eq!(tuvs.len(), want.len(), "{key}");
        if want.len() == ts.len() {
            both += 1;
        }
        for (tuv, (i, u)) in tuvs.iter().zip(&want) {
            assert_eq!(tuv.attrs["xml:lang"], ts[*i].lang.to_string(), "{key}");
            let seg = &tuv.one("seg").text;
            assert_eq!(*seg, reading(u), "{key} {}", ts[*i].lang);
            // No label, no Markdown mark (`\*\*`, a footnote's mark the text escapes, is `**`).
            assert!(
                !seg.contains('\\') && !seg.starts_with('#') && !seg.starts_with("**"),
                "{key}: {seg}"
            );
            if u.kind == lawbook::align::UnitKind::SubParagraph {
                let last = u.key.rsplit(['(', ')']).find(|p| !p.is_empty()).unwrap();
                assert!(
                    !seg.starts_with(&format!("({last}) "))
                        && !seg.starts_with(&format!("{last}) ")),
                    "{key}: {seg}"
                );
            }
            let prop = tuv.one("prop");
            assert_eq!(prop.attrs["type"], "x-source");
            assert!(prop.text.starts_with(&ts[*i].path), "{}", prop.text);
        }
    }
    assert_eq!(both, stats.in_all);
    assert_eq!(tus.len(), stats.units);
    (tus.len(), stats.per_lang, both)
}

#[test]
fn tmx_2017_has_a_unit_per_key_and_both_languages_where_both_texts_have_it() {
    let (units, per_lang, both) = check_tmx(Edition::E2017);
    eprintln!("2017: {units} units, {per_lang:?}, {both} in both");
    assert!(units >= 800);
    assert!(both >= 780, "{both}");
    // Definitions and footnotes are units of their own.
    let ts = texts(Edition::E2017);
    let (xml, _) = tmx::tmx(&ts, "*all*");
    let doc = parse(&xml);
    let tuids: Vec<String> = doc
        .one("body")
        .all("tu")
        .map(|t| t.attrs["tuid"].clone())
        .collect();
    assert!(tuids.contains(&"definitions/Pack".to_string()));
    assert!(tuids.iter().any(|t| t.starts_with("footnote/")));
}

#[test]
fn tmx_2007_and_1997_round_trip_too() {
    let (u07, _, _) = check_tmx(Edition::E2007);
    let (u97, _, _) = check_tmx(Edition::E1997);
    eprintln!("2007: {u07} units; 1997: {u97} units");
    assert!(u07 >= 700 && u97 >= 580);
}

#[test]
fn tmx_keeps_every_character() {
    // Markup characters are escaped and come back; suits and diacritics are kept.
    let src = "PRAVIDLÁ\n\nPRAVIDLO 1 – BALÍČEK KARIET\n\nA. <a & b> \"♠♥♦♣\" 'ľ'\n";
    let alignment = lawbook::align::align(src.as_bytes(), Lang::Sk, Edition::E2017).unwrap();
    let t = Text {
        lang: Lang::Sk,
        edition: Edition::E2017,
        path: "x.txt".into(),
        words: lawbook::terms::SearchText::new(src),
        raw: src.into(),
        alignment,
    };
    let (xml, stats) = tmx::tmx(&[t], "sk");
    assert!(xml.contains("&lt;a &amp; b&gt;"), "{xml}");
    let doc = parse(&xml);
    let tu = doc
        .one("body")
        .all("tu")
        .find(|t| t.attrs["tuid"] == "1A")
        .unwrap();
    assert_eq!(tu.one("tuv").one("seg").text, "<a & b> \"♠♥♦♣\" 'ľ'");
    assert_eq!(stats.units, 2);
    // The real texts keep their characters.
    let (xml, _) = tmx::tmx(&texts(Edition::E2017), "*all*");
    for c in ['♠', '♥', '♦', '♣', 'ľ', 'ô', 'ő', 'ű', '–', '„'] {
        assert!(xml.contains(c), "{c}");
    }
}

#[test]
fn tbx_holds_every_concept_and_term_of_the_bank() {
    let b = bank();
    let mut ts = texts(Edition::E2017);
    ts.extend(texts(Edition::E2007));
    ts.extend(texts(Edition::E1997));
    let (xml, stats) = tbx::tbx(&b, &ts);
    let doc = parse(&xml);
    assert_eq!(doc.name, "tbx");
    assert_eq!(doc.attrs["type"], "TBX-Basic");
    assert_eq!(doc.attrs["style"], "dca");
    assert_eq!(doc.attrs["xmlns"], "urn:iso:std:iso:30042:ed-2");
    assert_eq!(doc.attrs["xml:lang"], "en");
    doc.one("tbxHeader").one("fileDesc").one("sourceDesc");
    let entries: Vec<&El> = doc.one("text").one("body").all("conceptEntry").collect();
    assert_eq!(entries.len(), b.len());
    assert_eq!(stats.concepts, b.len());
    let ids: BTreeSet<&str> = entries.iter().map(|e| e.attrs["id"].as_str()).collect();
    assert_eq!(ids.len(), entries.len(), "ids are unique");
    let mut terms: BTreeMap<&str, usize> = BTreeMap::new();
    for (e, c) in entries.iter().zip(&b.concepts) {
        assert_eq!(e.attrs["id"], c.id);
        let secs: BTreeMap<&str, &El> = e
            .all("langSec")
            .map(|l| (l.attrs["xml:lang"].as_str(), l))
            .collect();
        assert_eq!(
            secs.len(),
            e.all("langSec").count(),
            "{}: one langSec per language",
            c.id
        );
        for lang in [TermLang::En, TermLang::Sk, TermLang::Pl, TermLang::Hu] {
            match (c.term(lang), secs.get(lang.tag())) {
                (Some(t), Some(sec)) => {
                    let first = sec.all("termSec").next().unwrap();
                    // The term comes back exactly, marked preferred.
                    assert_eq!(first.one("term").text, t.text, "{} {lang}", c.id);
                    assert_eq!(
                        first.one("termNote").text,
                        "preferredTerm-admn-sts",
                        "{} {lang}",
                        c.id
                    );
                    *terms.entry(lang.tag()).or_default() += 1;
                }
                (None, Some(_)) => {
                    // Only Slovak: a concept the 2017 text lacks and the 1997 text has.
                    assert_eq!(lang, TermLang::Sk, "{}", c.id);
                    assert!(c.term(TermLang::Sk1997).is_some(), "{}", c.id);
                }
                (Some(_), None) => panic!("{} {lang}: the term is not in the TBX", c.id),
                (None, None) => {
                    let why = c.missing(lang).expect("a language without a term says why");
                    let note = format!("{lang}: no term: {why}");
                    assert!(
                        e.all("note").any(|n| n.text == note),
                        "{}: the reason for {lang} is a note",
                        c.id
                    );
                }
            }
        }
    }
    eprintln!(
        "tbx: {} concepts, preferred terms {terms:?}, {stats:?}",
        entries.len()
    );
    for lang in ["en", "sk", "pl", "hu"] {
        assert!(terms[lang] >= 200, "{lang}: {}", terms[lang]);
    }
}

// ---------------------------------------------------------------------------------------
// compare and terms check

use lawbook::compare::{self, Kind};
use lawbook::terms::report as terms_report;

/// The texts read from `laws/` relative to the crate (cargo runs tests there), so that
/// reports name the files as a user would see them.
fn texts_rel(e: Edition) -> Vec<Text> {
    load_texts(Path::new("laws"), e).unwrap()
}

#[test]
fn compare_2017_findings_name_both_places() {
    let ts = texts_rel(Edition::E2017);
    let b = bank();
    let c = compare::compare(&ts[0], &ts[1], Some(&b));
    let counts: Vec<(&str, usize)> = Kind::ALL.iter().map(|k| (k.name(), c.count(*k))).collect();
    eprintln!("compare 2017: {counts:?}");
    for f in &c.findings {
        // Both places: two languages, a key each, a line in each text.
        assert_ne!(f.a.lang, f.b.lang, "{f:?}");
        assert!(!f.a.key.is_empty() && !f.b.key.is_empty(), "{f:?}");
        assert!(f.a.line > 0 && f.b.line > 0, "{f:?}");
        let (ta, tb) = if f.a.lang == ts[0].lang {
            (&ts[0], &ts[1])
        } else {
            (&ts[1], &ts[0])
        };
        assert!(
            ta.line(f.a.line).is_some() && tb.line(f.b.line).is_some(),
            "{f:?}"
        );
    }
    // Findings checked against the texts (docs/translators.md lists the counts).
    let has = |kind: Kind, key: &str, text: &str| {
        c.findings
            .iter()
            .any(|f| f.kind == kind && f.a.key == key && f.detail.contains(text))
    };
    assert!(has(Kind::Presence, "16C3", "sk has 16C3, hu has not"));
    assert!(has(
        Kind::References,
        "79B1",
        "only sk refers to 68B; only hu refers to 69B"
    ));
    assert!(has(
        Kind::References,
        "47F1",
        "only sk refers to 53C; only hu refers to 53B"
    ));
    assert!(has(Kind::Numbers, "78B", "only hu gives 0, 200"));
    assert!(has(Kind::Scripts, "63A4", "odovzдание"));
    assert!(has(Kind::Concepts, "15A4", "hu uses disciplinary_penalty"));
    // Not findings: the same references written in each language's way, numbers in
    // words, a paragraph's own label.
    assert!(!c
        .findings
        .iter()
        .any(|f| f.a.key == "27B1(b)" && f.kind == Kind::References));
    assert!(!c
        .findings
        .iter()
        .any(|f| f.a.key == "41B" && f.kind == Kind::References));
    assert!(!c
        .findings
        .iter()
        .any(|f| f.a.key == "3" && f.kind == Kind::Numbers));
    assert!(!c
        .findings
        .iter()
        .any(|f| f.a.key == "21B3" && f.kind == Kind::Numbers));
    // The findings other than concepts, as checked line by line against both texts.
    let mut small = c.clone();
    small.findings.retain(|f| f.kind != Kind::Concepts);
    insta::assert_snapshot!("compare_2017_without_concepts", compare::render(&small));
}

#[test]
fn terms_check_reports_variants_with_their_lines() {
    let b = bank();
    let r = terms_report::check(&b, &texts_rel(Edition::E2017), false);
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    let sk = &r.texts[0];
    let hu = &r.texts[1];
    assert_eq!(
        (sk.label.as_str(), hu.label.as_str()),
        ("sk 2017", "hu 2017")
    );
    let find = |t: &terms_report::TextUse, key: &str, line: usize, concept: &str| {
        t.variants
            .iter()
            .any(|v| v.key == key && v.line == line && v.concept == concept)
    };
    assert!(
        find(sk, "41", 1091, "commencement_of_play"),
        "ZAČIATOK ZOHRAVKY"
    );
    assert!(
        find(sk, "27A2", 810, "insufficient_bid"),
        "nedostatočnú hlášku"
    );
    assert!(
        find(hu, "62", 1733, "correction_of_revoke"),
        "SZÍNVÉTEL HELYREIGAZÍTÁSA"
    );
    assert!(
        find(hu, "27B1(a)", 977, "insufficient_bid"),
        "elégtelen licit"
    );
    assert!(find(hu, "35C", 1117, "bid_above_seven"), "bmondás");
    // Paragraphs list their concepts with lines.
    let u = sk.units.iter().find(|u| u.key == "27B1(a)").unwrap();
    assert!(
        u.uses
            .iter()
            .any(|(c, l)| c == "insufficient_bid" && l.contains(&816)),
        "{u:?}"
    );
    assert!(
        u.uses.iter().any(|(c, _)| c == "lowest_sufficient_bid"),
        "{u:?}"
    );
    let text = terms_report::render(&r, true);
    assert!(text.contains("findings ("));
    assert!(!text.contains("concepts by paragraph"));
    // Polish 2007 has no variants listed: no findings.
    let r07 = terms_report::check(&b, &texts_rel(Edition::E2007), false);
    assert_eq!(r07.findings(), 0);
}

/// A translation in a language the edition's law book has no text of joins the comparison
/// when its layout is given: here the Polish 2007 text read as a 2017 translation
/// (tests/data/layouts/pl2017-from-2007.layout), compared with each 2017 text. Its
/// references are read by the Polish words of laws/text-checks.txt: 20F3 "W warunkach
/// określonych w punktach 1 i 2 powyżej ... przepis 16B1" (pl.source.txt line 1073) refers to
/// what the Slovak "V súlade s bodmi 1 a 2 vyššie ... pravidlo 16B1" does (20F1, 20F2,
/// 16B1); 10C4 "(ale patrz przepisy 27 i 50)" (line 757) shares 27 with the Slovak "(avšak
/// pozri pravidlá 27 a 72C)", and differs in the rest, as the editions do.
#[test]
fn a_translation_the_law_book_lacks_is_compared_with_each_text() {
    use lawbook::align::sources::{LangFile, TextFiles};
    let files = TextFiles {
        texts: vec![LangFile {
            lang: Lang::Pl,
            path: root().join("laws/2007/text/pl.source.txt"),
        }],
        layouts: vec![LangFile {
            lang: Lang::Pl,
            path: root().join("tests/data/layouts/pl2017-from-2007.layout"),
        }],
    };
    let ts =
        lawbook::terms::cli::load_texts_with(&root().join("laws"), Edition::E2017, &files).unwrap();
    let langs: Vec<Lang> = ts.iter().map(|t| t.lang).collect();
    assert_eq!(langs, [Lang::Sk, Lang::Hu, Lang::Pl]);
    let c = compare::compare(&ts[0], &ts[2], None);
    let refs = |key: &str| -> Vec<String> {
        c.findings
            .iter()
            .filter(|f| f.kind == Kind::References && f.a.key == key)
            .map(|f| f.detail.clone())
            .collect()
    };
    assert_eq!(refs("20F3"), Vec::<String>::new());
    assert_eq!(
        refs("10C4"),
        ["only sk refers to 16C2, 72C; only pl refers to 16D2, 50"]
    );
    // Its concepts are read by the bank's `pl` column, as `terms check` reads it. The
    // editions differ, and the findings say where: 2017's 1B "Regulačný orgán môže
    // vyžadovať, aby predná strana kariet bola symetrická" (sk line 231) is new, and the
    // 2007 Law 1 (pl lines 581-583) has no "Organizacja Nadzorująca"; 2017's 9A4 points to
    // "nesprávneho vysvetlenia hlavným hráčom" (line 353), 2007's to "błędnego wyjaśnienia
    // partnera" (line 721), no "rozgrywający".
    let c = compare::compare(&ts[0], &ts[2], Some(&bank()));
    let concepts = |key: &str| -> Vec<String> {
        c.findings
            .iter()
            .filter(|f| f.kind == Kind::Concepts && f.a.key == key)
            .map(|f| format!("{} | {}: {}", f.a, f.b, f.detail))
            .collect()
    };
    assert_eq!(
        concepts("1"),
        [
            "sk 1 line 231 | pl 1 line 581: sk uses regulating_authority (\"Regulačný orgán\"); \
          pl has no \"Organizacja Nadzorująca\""
        ]
    );
    assert!(
        concepts("9A4").contains(
            &"sk 9A4 line 353 | pl 9A4 line 721: sk uses declarer (\"hlavným hráčom\"); pl has \
              no \"rozgrywający\""
                .to_string()
        ),
        "{:?}",
        concepts("9A4")
    );
    // 2017's 12C1(e) "neprevinivšia strana prispela k vlastnému poškodeniu" (sk line 431)
    // is 2007's 12C1(b); 2007's 12C1(e) (pl line 797) is about the Regulating Authority. The
    // term the group's two concepts share (non-offender, non-offending side) is said once.
    assert_eq!(
        concepts("12C1(e)"),
        [
            "sk 12C1(e) line 431 | pl 12C1(e) line 797: sk uses non_offender \
             (\"neprevinivšia\"); pl has no \"strona niewykraczająca\"",
            "pl 12C1(e) line 797 | sk 12C1(e) line 431: pl uses regulating_authority \
             (\"Organizacja Nadzorująca\"); sk has no \"regulačný orgán\""
        ]
    );
    // 2007's 12A1 says "dla uczestnika niewykraczającego" (pl line 775) where 2017's has
    // "v prospech neprevinivšieho súťažiaceho" (sk line 409): the same concept, no finding.
    assert_eq!(concepts("12A1"), Vec::<String>::new());
    // The term bank has no column for a 2017 Polish text: `terms check` checks it against
    // the `pl` column, the 2007 text's terms, each bank line standing for its paragraph.
    // The text being the 2007 one, every term is in its paragraph, and it uses what the
    // 2007 text checked as itself uses.
    let r = terms_report::check(&bank(), &ts, false);
    assert!(r.unchecked.is_empty(), "{:?}", r.unchecked);
    assert_eq!(r.across.len(), 1);
    assert!(r.across[0].starts_with("pl 2017 ("), "{:?}", r.across);
    assert!(
        r.across[0].contains("`pl` column, the 2007 text's terms"),
        "{:?}",
        r.across
    );
    let pl_problems: Vec<_> = r
        .problems
        .iter()
        .filter(|p| p.lang == TermLang::Pl)
        .collect();
    assert!(pl_problems.is_empty(), "{pl_problems:?}");
    let own = terms_report::check(&bank(), &texts_rel(Edition::E2007), false);
    let uses = |r: &terms_report::CheckReport| {
        let t = r
            .texts
            .iter()
            .find(|t| t.lang == TermLang::Pl)
            .expect("the Polish text");
        (
            t.concepts_used,
            t.paragraphs_using,
            t.paragraphs,
            t.units.len(),
        )
    };
    assert_eq!(uses(&r), uses(&own));
    assert!(terms_report::render(&r, true).contains("pl 2017 ("));
    // Without its layout the text has nothing to be read by: bad usage, as before.
    let alone = TextFiles {
        layouts: vec![],
        ..files
    };
    let e = lawbook::terms::cli::load_texts_with(&root().join("laws"), Edition::E2017, &alone)
        .unwrap_err();
    assert!(e[0].to_string().contains("no pl text"), "{}", e[0]);
}

// ---------------------------------------------------------------------------------------
// The commands: arguments, exit codes, bad input

use clap::Parser;
use lawbook::compare::cli::CompareArgs;
use lawbook::export::cli::{ExportArgs, ExportCommand};
use lawbook::terms::cli::{TermsArgs, TermsCommand};
use std::process::ExitCode;

#[derive(Parser)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(clap::Subcommand)]
enum Cmd {
    Export(ExportArgs),
    Terms(TermsArgs),
    Compare(CompareArgs),
}

fn args(args: &[&str]) -> Cmd {
    let mut v = vec!["lawbook"];
    v.extend_from_slice(args);
    Cli::try_parse_from(v).unwrap().command
}

fn code(c: ExitCode) -> String {
    format!("{c:?}")
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lawbook-translators-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

use std::path::PathBuf;

fn run(cmd: Cmd) -> String {
    code(match cmd {
        Cmd::Export(a) => a.run(),
        Cmd::Terms(a) => a.run(),
        Cmd::Compare(a) => a.run(),
    })
}

#[test]
fn the_commands_parse_and_exit_as_documented() {
    let ok = code(ExitCode::SUCCESS);
    let findings = code(ExitCode::from(1));
    let bad = code(ExitCode::from(2));

    // export tmx -o FILE: written, and it parses.
    let out = tmp("2007.tmx");
    let o = out.to_str().unwrap();
    match args(&["export", "tmx", "--edition", "2007", "-o", o]) {
        Cmd::Export(ExportArgs {
            command: ExportCommand::Tmx(t),
        }) => {
            assert_eq!(t.edition, Edition::E2007);
            assert_eq!(t.srclang, "*all*");
        }
        _ => panic!("export tmx"),
    }
    assert_eq!(
        run(args(&["export", "tmx", "--edition", "2007", "-o", o])),
        ok
    );
    let doc = parse_xml(&std::fs::read_to_string(&out).unwrap());
    assert_eq!(doc.one("body").all("tu").count(), 830);
    // A source language the edition has not.
    assert_eq!(
        run(args(&["export", "tmx", "--srclang", "de", "-o", o])),
        bad
    );

    let tbx_out = tmp("terms.tbx");
    assert_eq!(
        run(args(&["export", "tbx", "-o", tbx_out.to_str().unwrap()])),
        ok
    );
    let doc = parse_xml(&std::fs::read_to_string(&tbx_out).unwrap());
    assert!(doc.one("text").one("body").all("conceptEntry").count() >= 226);

    // terms check: 2017 has variants (exit 1), 2007 none (exit 0).
    match args(&["terms", "check", "--findings"]) {
        Cmd::Terms(TermsArgs {
            command: TermsCommand::Check(c),
        }) => {
            assert!(c.findings);
            assert_eq!(c.edition, Edition::E2017);
        }
        _ => panic!("terms check"),
    }
    assert_eq!(run(args(&["terms", "check", "--findings"])), findings);
    assert_eq!(
        run(args(&["terms", "check", "--edition", "2007", "--findings"])),
        ok
    );

    // compare: findings in 2017; one text in 2007 is bad usage.
    match args(&["compare", "--kind", "references,numbers"]) {
        Cmd::Compare(c) => assert_eq!(c.kind, vec![Kind::References, Kind::Numbers]),
        _ => panic!("compare"),
    }
    assert!(Cli::try_parse_from(["lawbook", "compare", "--kind", "typos"]).is_err());
    assert_eq!(run(args(&["compare", "--kind", "scripts"])), findings);
    assert_eq!(run(args(&["compare", "--edition", "2007"])), bad);
    // A translation the edition lacks: compared with its layout, bad usage without one.
    let pl = root().join("laws/2007/text/pl.source.txt");
    let pl = format!("pl={}", pl.display());
    let layout = root().join("tests/data/layouts/pl2017-from-2007.layout");
    let layout = format!("pl={}", layout.display());
    let added = ["compare", "--kind", "references", "--text", &pl];
    assert_eq!(
        run(args(&[&added[..], &["--layout", &layout]].concat())),
        findings
    );
    assert_eq!(run(args(&added)), bad);

    // Bad input: an empty, a binary, a missing term bank; a folder without the texts.
    let empty = root().join("tests/data/terms/empty.terms");
    let binary = root().join("tests/data/terms/binary.terms");
    for t in [
        empty.to_str().unwrap(),
        binary.to_str().unwrap(),
        "no/such.terms",
    ] {
        assert_eq!(run(args(&["terms", "check", "--terms", t])), bad, "{t}");
        assert_eq!(
            run(args(&["export", "tbx", "--terms", t, "-o", o])),
            bad,
            "{t}"
        );
        assert_eq!(run(args(&["compare", "--terms", t])), bad, "{t}");
    }
    let nowhere = tmp("no-laws");
    let n = nowhere.to_str().unwrap();
    assert_eq!(run(args(&["terms", "check", "--laws", n])), bad);
    assert_eq!(run(args(&["export", "tmx", "--laws", n, "-o", o])), bad);
    assert_eq!(run(args(&["export", "tbx", "--laws", n, "-o", o])), bad);
    assert_eq!(run(args(&["compare", "--laws", n])), bad);
    // A text that is not one: empty.
    let fake = tmp("fake-laws");
    std::fs::create_dir_all(fake.join("2007/text")).unwrap();
    std::fs::write(fake.join("2007/text/pl.source.txt"), "").unwrap();
    assert_eq!(
        run(args(&[
            "export",
            "tmx",
            "--edition",
            "2007",
            "--laws",
            fake.to_str().unwrap(),
            "-o",
            o
        ])),
        bad
    );
    std::fs::remove_dir_all(out.parent().unwrap()).ok();
}

fn parse_xml(xml: &str) -> El {
    parse(xml)
}
