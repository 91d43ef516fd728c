//! The aligned texts of an edition as a TMX 1.4b translation memory: one `<tu>` per
//! paragraph key (`tuid="27B1(a)"`), definition (`definitions/Pack`, keyed by the English term
//! the texts give) and footnote (`footnote/23`), one `<tuv xml:lang="…">` per text that has
//! the key, the unit's reading as its `<seg>` (no label, no Markdown marks, lines joined,
//! hyphenation at line ends undone: [`super::segment`]), and the source file and lines as a
//! `<prop type="x-source">`.
//!
//! The header follows the TMX 1.4b specification: `creationtool`, `creationtoolversion`,
//! `datatype="plaintext"`, `segtype="paragraph"`, `adminlang="en"`, `srclang` (by default
//! `*all*`: the texts are translations of an English original the law book does not hold,
//! so any of them may serve as the source), `o-tmf="lawbook"`.

use super::Xml;
use crate::align::{Key, Lang, Unit, UnitKind};
use crate::terms::texts::Text;
use quick_xml::events::{BytesText, Event};
use std::collections::{BTreeMap, BTreeSet};

/// What went into a translation memory.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TmxStats {
    /// Translation units (paragraph keys).
    pub units: usize,
    /// Per language: units that have it.
    pub per_lang: BTreeMap<String, usize>,
    /// Units every text of the file has.
    pub in_all: usize,
}

/// The sort key of a unit key: structure order (27 < 27A < 27A1 < 27B), then the text.
fn order(key: &str) -> (u8, Option<Key>, String) {
    (group(key), Key::parse(key), key.to_string())
}

/// Whether a unit goes into the memory: law text, a definition, a footnote.
pub fn in_memory(u: &Unit) -> bool {
    u.kind.is_law_text() || matches!(u.kind, UnitKind::Definition | UnitKind::Footnote)
}

/// The units of each text that go into the memory, by their unique key (a key a text gives
/// twice gets `~2`: [`super::xliff::unique_keys`]).
pub fn memory_units(text: &Text) -> BTreeMap<String, &Unit> {
    let keys = super::xliff::unique_keys(&text.alignment.units);
    text.alignment
        .units
        .iter()
        .zip(keys)
        .filter(|(u, _)| in_memory(u))
        .map(|(u, k)| (k, u))
        .collect()
}

/// The order of the memory: law text in structure order, then definitions, then footnotes.
fn group(key: &str) -> u8 {
    if key.starts_with("definitions/") {
        1
    } else if key.starts_with("footnote/") {
        2
    } else {
        0
    }
}

/// The `x-source` property: `laws/2017/text/sk.source.txt:804-833` (spans joined by commas).
fn source_prop(text: &Text, u: &Unit) -> String {
    format!("{}:{}", text.path, crate::align::spans_text(&u.lines))
}

/// Writes the translation memory of the given texts (those of one edition).
pub fn tmx(texts: &[Text], srclang: &str) -> (String, TmxStats) {
    let per_text: Vec<BTreeMap<String, &Unit>> = texts.iter().map(memory_units).collect();
    let mut keys: Vec<&String> = per_text
        .iter()
        .flat_map(|m| m.keys())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    keys.sort_by_key(|k| order(k));

    let mut stats = TmxStats::default();
    let mut x = Xml::new();
    x.raw(Event::DocType(BytesText::from_escaped(
        "tmx SYSTEM \"tmx14.dtd\"",
    )));
    x.open("tmx", &[("version", "1.4")]);
    let version = env!("CARGO_PKG_VERSION");
    let editions: BTreeSet<String> = texts.iter().map(|t| t.edition.to_string()).collect();
    let editions: Vec<String> = editions.into_iter().collect();
    x.open(
        "header",
        &[
            ("creationtool", "lawbook"),
            ("creationtoolversion", version),
            ("datatype", "plaintext"),
            ("segtype", "paragraph"),
            ("adminlang", "en"),
            ("srclang", srclang),
            ("o-tmf", "lawbook"),
        ],
    );
    let langs: Vec<String> = texts.iter().map(|t| t.label()).collect();
    x.leaf(
        "note",
        &[],
        &format!(
            "The Laws of Duplicate Bridge, {} edition: {}. One translation unit per paragraph key (27, 27B, 27B1, 27B1(a)), definition (definitions/<English term>) and footnote (footnote/<mark>); segments are the aligned units of laws/<edition>/text/<lang>.source.txt with lines joined, without labels and Markdown marks.",
            editions.join(", "),
            langs.join(", ")
        ),
    );
    x.close("header");
    x.open("body", &[]);
    for key in keys {
        let present: Vec<(usize, &Unit)> = per_text
            .iter()
            .enumerate()
            .filter_map(|(i, m)| m.get(key.as_str()).map(|u| (i, *u)))
            .collect();
        stats.units += 1;
        if present.len() == texts.len() {
            stats.in_all += 1;
        }
        x.open("tu", &[("tuid", key)]);
        for (i, u) in present {
            let text = &texts[i];
            *stats.per_lang.entry(text.lang.to_string()).or_default() += 1;
            x.open("tuv", &[("xml:lang", tag(text.lang))]);
            x.leaf("prop", &[("type", "x-source")], &source_prop(text, u));
            x.leaf("seg", &[], &super::segment::reading(u));
            x.close("tuv");
        }
        x.close("tu");
    }
    x.close("body");
    x.close("tmx");
    (x.finish(), stats)
}

/// The language tag of a text.
pub fn tag(lang: Lang) -> &'static str {
    match lang {
        Lang::Sk => "sk",
        Lang::Hu => "hu",
        Lang::Pl => "pl",
    }
}
