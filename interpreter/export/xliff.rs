//! A text of the law book as an XLIFF 2.0 document (OASIS, `urn:oasis:names:tc:xliff:document:2.0`)
//! for a translator's CAT tool, and the names that tie it to the text it came from.
//!
//! ```text
//! <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0"
//!        xmlns:mda="urn:oasis:names:tc:xliff:metadata:2.0" version="2.0" srcLang="sk" trgLang="sk">
//!   <file id="sk-2017" original="laws/2017/text/sk.source.txt">
//!     <mda:metadata>…the text's edition, language, line count and fingerprint…</mda:metadata>
//!     <notes><note category="lawbook">…</note></notes>
//!     <unit id="u27B1-a" name="27B1(a)">
//!       <notes><note category="location">laws/2017/text/sk.source.txt:816-817</note></notes>
//!       <segment state="initial">
//!         <source>Ak je nedostatočná ponuka …</source>
//!         <target>Ak je nedostatočná ponuka …</target>
//!       </segment>
//!     </unit>
//! ```
//!
//! One unit per unit of the aligned text, in text order: law text, definitions, footnotes and
//! the rest (front matter, contents, …), so that the whole text is there. Its source is the
//! unit's reading ([`super::segment`]): no label, no Markdown, lines joined. What the reading
//! leaves out stays in the law book's text, which the import ([`super::revise`]) reads again:
//! the fingerprint says it is the text the file was made from.
//!
//! A unit's `id` must be an XML name token, which `27B1(a)` and `definitions/Sorted deck` are
//! not: the id is the key made one (`u27B1-a`, `definitions.Sorted_deck`), the key itself is
//! the unit's `name`, which tools show.

use super::segment::reading;
use super::Xml;
use crate::align::{Edition, Lang, Unit, UnitKind};
use crate::terms::texts::Text;

pub const NS: &str = "urn:oasis:names:tc:xliff:document:2.0";
pub const NS_MDA: &str = "urn:oasis:names:tc:xliff:metadata:2.0";
/// The metadata group lawbook writes and reads.
pub const CATEGORY: &str = "lawbook";

/// What went into an XLIFF file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct XliffStats {
    pub units: usize,
    /// Units marked `translate="no"`: nothing to read (blank lines), or not part of the book.
    pub untranslatable: usize,
    /// Units by kind: law text, definitions, footnotes, other.
    pub law: usize,
    pub definitions: usize,
    pub footnotes: usize,
}

/// FNV-1a, 64 bits: a fingerprint of the text, to tell the text an XLIFF file was made from
/// (not a security measure; no dependency needed for it).
pub fn fingerprint(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf29ce484222325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x100000001b3);
    }
    format!("{h:016x}")
}

/// The id of the `<file>`: `sk-2017`.
pub fn file_id(lang: Lang, edition: Edition) -> String {
    format!("{lang}-{edition}")
}

/// The `original` of the `<file>`: the text's place in the law book.
pub fn original(lang: Lang, edition: Edition) -> String {
    format!("laws/{}", crate::terms::lang::text_path(lang, edition))
}

/// The units' keys made unique: a key a text gives twice (the Slovak 2017 definitions give
/// `Play` to two terms) gets `~2` on its second unit.
pub fn unique_keys(units: &[Unit]) -> Vec<String> {
    let mut seen: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    units
        .iter()
        .map(|u| {
            let n = seen.entry(u.key.as_str()).or_default();
            *n += 1;
            if *n == 1 {
                u.key.clone()
            } else {
                format!("{}~{n}", u.key)
            }
        })
        .collect()
}

/// A unique key as an XML name token: letters, digits, `.`, `-`, `_` are kept; `(x)` becomes
/// `-x`, `/` `.`, a space `_`, `~` `--`, anything else `_`; a key starting with a digit gets `u`.
pub fn unit_id(key: &str) -> String {
    let mut out = String::new();
    for c in key.chars() {
        match c {
            c if c.is_alphanumeric() || c == '.' || c == '-' || c == '_' => out.push(c),
            '(' => out.push('-'),
            ')' => {}
            '/' => out.push('.'),
            '~' => out.push_str("--"),
            _ => out.push('_'),
        }
    }
    if out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, 'u');
    }
    out
}

/// The ids of a text's units, in unit order. Two keys may give one name token (`footnote/20*`
/// and `footnote/20†` in the Polish text): the later unit's gets `--2`, `--3`, …; the export
/// and the import make them from the same text, so they agree.
pub fn unit_ids(units: &[Unit]) -> Vec<String> {
    let mut used = std::collections::HashSet::new();
    unique_keys(units)
        .iter()
        .map(|k| {
            let base = unit_id(k);
            let mut id = base.clone();
            let mut n = 1;
            while !used.insert(id.clone()) {
                n += 1;
                id = format!("{base}--{n}");
            }
            id
        })
        .collect()
}

/// Writes the XLIFF file of a text. `target`: the language it is translated into; None for a
/// revision in the text's own language, where each target starts as a copy of its source.
pub fn xliff(text: &Text, target: Option<&str>) -> (String, XliffStats) {
    let mut stats = XliffStats::default();
    let lang = text.lang.to_string();
    let trg = target.unwrap_or(&lang).to_string();
    let mut x = Xml::new();
    x.open(
        "xliff",
        &[
            ("xmlns", NS),
            ("xmlns:mda", NS_MDA),
            ("version", "2.0"),
            ("srcLang", &lang),
            ("trgLang", &trg),
        ],
    );
    // A translator's own text (`--text sk=FILE`) is named as given: the locations are its
    // lines, not the law book's text's.
    let in_law_book = std::path::Path::new(&text.path)
        .ends_with(crate::terms::lang::text_path(text.lang, text.edition));
    let original = if in_law_book {
        original(text.lang, text.edition)
    } else {
        text.path.clone()
    };
    x.open(
        "file",
        &[
            ("id", &file_id(text.lang, text.edition)),
            ("original", &original),
        ],
    );
    x.open("mda:metadata", &[]);
    x.open("mda:metaGroup", &[("category", CATEGORY)]);
    let lines = text.alignment.line_count.to_string();
    let print = fingerprint(text.raw.as_bytes());
    for (k, v) in [
        ("edition", text.edition.to_string()),
        ("lang", lang.clone()),
        ("lines", lines),
        ("fingerprint", print),
        (
            "generator",
            format!("lawbook {}", env!("CARGO_PKG_VERSION")),
        ),
    ] {
        x.leaf("mda:meta", &[("type", k)], &v);
    }
    x.close("mda:metaGroup");
    x.close("mda:metadata");
    x.open("notes", &[]);
    x.leaf(
        "note",
        &[("category", CATEGORY)],
        &format!(
            "The Laws of Duplicate Bridge, {} {}: one unit per paragraph, definition, footnote and other part of {original}, in text order; a unit's name is its key (27B1(a)). Sources leave out labels (1., (a)) and Markdown marks; `lawbook export xliff --import FILE` puts the targets back into the text with them.",
            text.lang, text.edition
        ),
    );
    x.close("notes");
    let ids = unit_ids(&text.alignment.units);
    let keys = unique_keys(&text.alignment.units);
    for ((u, id), key) in text.alignment.units.iter().zip(&ids).zip(&keys) {
        let source = reading(u);
        let translatable = !source.is_empty() && u.kind != UnitKind::Artefact;
        stats.units += 1;
        match u.kind {
            k if k.is_law_text() => stats.law += 1,
            UnitKind::Definition => stats.definitions += 1,
            UnitKind::Footnote => stats.footnotes += 1,
            _ => {}
        }
        let mut attrs = vec![("id", id.as_str()), ("name", key.as_str())];
        if !translatable {
            stats.untranslatable += 1;
            attrs.push(("translate", "no"));
        }
        x.open("unit", &attrs);
        x.open("notes", &[]);
        x.leaf(
            "note",
            &[("category", "location")],
            &format!("{original}:{}", crate::align::spans_text(&u.lines)),
        );
        let kind = serde_json::to_value(u.kind)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default();
        x.leaf("note", &[("category", "kind")], &kind);
        x.close("notes");
        x.open("segment", &[("state", "initial")]);
        x.leaf("source", &[], &source);
        if target.is_none() {
            x.leaf("target", &[], &source);
        }
        x.close("segment");
        x.close("unit");
    }
    x.close("file");
    x.close("xliff");
    (x.finish(), stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_name_tokens() {
        assert_eq!(unit_id("27B1(a)"), "u27B1-a");
        assert_eq!(unit_id("30B1(b)(ii)"), "u30B1-b-ii");
        assert_eq!(
            unit_id("definitions/Sorted deck"),
            "definitions.Sorted_deck"
        );
        assert_eq!(unit_id("footnote/50**"), "footnote.50__");
        assert_eq!(unit_id("definitions/Play~2"), "definitions.Play--2");
        assert_eq!(unit_id("front-matter"), "front-matter");
    }

    #[test]
    fn the_fingerprint_is_fnv1a() {
        assert_eq!(fingerprint(b""), "cbf29ce484222325");
        assert_eq!(fingerprint(b"a"), "af63dc4c8601ec8c");
    }
}
