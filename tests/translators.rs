//! The translators' tools on the law book's texts: the TMX and TBX exports parse back with
//! quick-xml and hold exactly what the aligner and the term bank hold.

use lawbook::align::{Edition, Unit};
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
        match r.read_event().unwrap_or_else(|e| panic!("not well-formed at {}: {e}", r.buffer_position())) {
            Event::Start(s) => {
                let mut el = El {
                    name: s.name().as_ref().to_string(),
                    ..Default::default()
                };
                for a in s.attributes() {
                    let a = a.unwrap();
                    el.attrs.insert(
                        a.key.as_ref().to_string(),
                        a.unescape_value().unwrap().into_owned(),
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
                        a.unescape_value().unwrap().into_owned(),
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

fn law_units(t: &Text) -> BTreeMap<String, &Unit> {
    t.alignment
        .units
        .iter()
        .filter(|u| u.kind.is_law_text())
        .map(|u| (u.key.clone(), u))
        .collect()
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
    let units: Vec<BTreeMap<String, &Unit>> = ts.iter().map(law_units).collect();
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
            assert_eq!(tuv.one("seg").text, u.plain_text(), "{key} {}", ts[*i].lang);
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
    // Suits, diacritics, no-break spaces and markup characters come back as they went in.
    let ts = texts(Edition::E1997);
    let (xml, _) = tmx::tmx(&ts, "sk");
    assert!(xml.contains("&lt;"), "the 1997 text has a `<`, escaped");
    let doc = parse(&xml);
    let segs: String = doc
        .one("body")
        .all("tu")
        .flat_map(|t| t.all("tuv"))
        .map(|t| t.one("seg").text.clone())
        .collect();
    assert!(segs.contains('<'));
    let ts = texts(Edition::E2017);
    let (xml, _) = tmx::tmx(&ts, "*all*");
    for c in ['♠', '♥', '♦', '♣', 'ľ', 'ô', 'ő', 'ű', '–', '„'] {
        assert!(xml.contains(c), "{c}");
    }
}
