//! Reading an XLIFF 2.0 file back as a CAT tool saved it: which text it was made from, and each
//! unit's revised text.
//!
//! The reader takes what tools write: several segments per unit (a tool that cut a paragraph
//! into sentences) and `<ignorable>` white space between them, inline codes (`<mrk>`, `<pc>`:
//! their text counts; `<ph>`, `<sc>`, `<ec>`: nothing; `<cp hex="…">`: its character), modules
//! and extensions it does not know. A segment's text is its target, or its source when the
//! target is missing or empty (not translated yet). Everything a user can get wrong (not XML,
//! not XLIFF, XLIFF 1.2, another version, no file) is a diagnostic pointing into the file.

// A diagnostic is made once per run and carries its source for miette; its size does not
// matter (as in align/).
#![allow(clippy::result_large_err)]

use super::xliff::{CATEGORY, NS};
use crate::diagnostic::Diag;
use crate::source::{Sources, Span};
use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;
use std::collections::BTreeMap;

pub const E_XLIFF: &str = "lawbook::export::xliff";

/// A byte range in the XLIFF file.
pub type Range = (usize, usize);

/// What an XLIFF file holds.
#[derive(Clone, Debug, Default)]
pub struct Document {
    pub version: String,
    pub src_lang: String,
    pub trg_lang: Option<String>,
    pub file_id: String,
    /// The `<file>` start tag.
    pub file_at: Range,
    /// The file-level metadata of lawbook's group: type → (value, where).
    pub meta: BTreeMap<String, (String, Range)>,
    pub units: Vec<UnitText>,
}

/// A unit as read: its id, where it is, its text (targets, or sources where untranslated).
#[derive(Clone, Debug, Default)]
pub struct UnitText {
    pub id: String,
    pub name: Option<String>,
    pub at: Range,
    pub text: String,
    /// Whether any segment had a non-empty target.
    pub translated: bool,
}

/// The file's text held for diagnostics.
pub struct Source {
    pub sources: Sources,
    pub file: u32,
}

impl Source {
    pub fn new(name: &str, text: &str) -> Source {
        let mut sources = Sources::default();
        let file = sources.add(name, text);
        Source { sources, file }
    }

    /// A diagnostic pointing at `at` in the file.
    pub fn diag(&self, at: Range, message: String, label: &str, help: &str) -> Diag {
        Diag::new(E_XLIFF, message)
            .label(Span::new(self.file, at.0, at.1.max(at.0)), label)
            .help(help)
            .with_sources(&self.sources)
    }
}

fn attr(e: &BytesStart<'_>, name: &str) -> Option<String> {
    e.attributes().flatten().find_map(|a| {
        (a.key.as_ref() == name).then(|| {
            a.normalized_value(quick_xml::XmlVersion::default())
                .map(|v| v.into_owned())
                .unwrap_or_else(|_| a.value.to_string())
        })
    })
}

/// `mda:meta` → `meta`.
fn local(name: &str) -> String {
    match name.rsplit_once(':') {
        Some((_, l)) => l.to_string(),
        None => name.to_string(),
    }
}

/// Where the reader is inside a segment.
#[derive(Clone, Copy, PartialEq)]
enum In {
    Source,
    Target,
}

/// Reads an XLIFF 2.0 or 2.1 file.
pub fn read(text: &str, src: &Source) -> Result<Document, Diag> {
    let mut r = Reader::from_str(text);
    r.config_mut().check_end_names = true;
    let mut doc = Document::default();
    let mut stack: Vec<String> = Vec::new();
    let mut root_seen = false;
    let mut files = 0;
    let mut unit: Option<UnitText> = None;
    // The segment being read: its source and target text.
    let mut seg: Option<(String, Option<String>)> = None;
    let mut inside: Option<In> = None;
    let mut meta: Option<(String, usize, String)> = None;
    let mut in_group = false;
    loop {
        let before = r.buffer_position() as usize;
        let ev = match r.read_event() {
            Ok(e) => e,
            Err(e) => {
                let at = (r.error_position() as usize).min(text.len());
                return Err(src.diag(
                    (at, at + 1),
                    format!(
                        "{}: not well-formed XML: {e}",
                        src.sources.get(src.file).name
                    ),
                    "here",
                    "give the XLIFF file as the CAT tool saved it",
                ));
            }
        };
        let after = r.buffer_position() as usize;
        let here = (before, after);
        match ev {
            Event::Start(ref e) | Event::Empty(ref e) => {
                let empty = matches!(ev, Event::Empty(_));
                let name = local(e.name().as_ref());
                if !root_seen {
                    root_seen = true;
                    root(e, &name, here, src, &mut doc)?;
                } else {
                    match name.as_str() {
                        "file" if stack.len() == 1 => {
                            files += 1;
                            if files > 1 {
                                return Err(src.diag(
                                    here,
                                    "the XLIFF file holds more than one <file>: lawbook writes one per text".into(),
                                    "a second file",
                                    "import each text's XLIFF file on its own",
                                ));
                            }
                            doc.file_id = attr(e, "id").unwrap_or_default();
                            doc.file_at = here;
                        }
                        "metaGroup" if unit.is_none() => {
                            in_group = attr(e, "category").as_deref() == Some(CATEGORY);
                        }
                        "meta" if unit.is_none() && in_group && !empty => {
                            meta =
                                Some((attr(e, "type").unwrap_or_default(), before, String::new()));
                        }
                        "unit" => {
                            unit = Some(UnitText {
                                id: attr(e, "id").unwrap_or_default(),
                                name: attr(e, "name"),
                                at: here,
                                ..Default::default()
                            });
                        }
                        "segment" | "ignorable" if unit.is_some() => {
                            seg = Some((String::new(), None));
                        }
                        "source" if seg.is_some() => inside = Some(In::Source),
                        "target" if seg.is_some() => {
                            inside = Some(In::Target);
                            if let Some(s) = seg.as_mut() {
                                s.1 = Some(String::new());
                            }
                        }
                        "cp" => {
                            let c = attr(e, "hex")
                                .and_then(|h| u32::from_str_radix(&h, 16).ok())
                                .and_then(char::from_u32);
                            if let Some(c) = c {
                                push_text(&mut seg, inside, &c.to_string());
                            }
                        }
                        _ => {}
                    }
                }
                if !empty {
                    stack.push(name);
                } else if name == "target" {
                    inside = None;
                }
            }
            Event::End(_) => {
                let name = stack.pop().unwrap_or_default();
                match name.as_str() {
                    "source" | "target" => inside = None,
                    "segment" | "ignorable" => {
                        if let (Some(u), Some((s, t))) = (unit.as_mut(), seg.take()) {
                            match t.filter(|t| !t.trim().is_empty()) {
                                Some(t) => {
                                    u.translated = true;
                                    u.text.push_str(&t);
                                }
                                None => u.text.push_str(&s),
                            }
                        }
                    }
                    "unit" => {
                        if let Some(u) = unit.take() {
                            doc.units.push(u);
                        }
                    }
                    "meta" => {
                        if let Some((k, start, v)) = meta.take() {
                            doc.meta.insert(k, (v, (start, after)));
                        }
                    }
                    "metaGroup" => in_group = false,
                    _ => {}
                }
            }
            Event::Text(t) => text_to(&mut seg, inside, &mut meta, &t.xml10_content()),
            Event::CData(t) => text_to(&mut seg, inside, &mut meta, &t.xml10_content()),
            Event::GeneralRef(g) => {
                let c = match g.resolve_char_ref() {
                    Ok(Some(c)) => c.to_string(),
                    _ => match quick_xml::escape::resolve_predefined_entity(&g) {
                        Some(s) => s.to_string(),
                        None => {
                            return Err(src.diag(
                                here,
                                format!("unknown entity `&{};`", &*g),
                                "XLIFF knows only the entities of XML",
                                "write the character itself",
                            ))
                        }
                    },
                };
                text_to(&mut seg, inside, &mut meta, &c);
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if !root_seen {
        return Err(src.diag(
            (0, text.len().min(1)),
            format!(
                "{}: no XML element in the file",
                src.sources.get(src.file).name
            ),
            "",
            "give the XLIFF file `lawbook export xliff` wrote",
        ));
    }
    if !stack.is_empty() {
        return Err(src.diag(
            (text.len().saturating_sub(1), text.len()),
            format!("the XLIFF file ends inside <{}>", stack.join("><")),
            "the file ends here",
            "the file is cut short; save it again from the CAT tool",
        ));
    }
    if files == 0 {
        return Err(src.diag(
            (0, text.len().min(1)),
            "the XLIFF file has no <file>".into(),
            "",
            "give the XLIFF file `lawbook export xliff` wrote",
        ));
    }
    Ok(doc)
}

fn push_text(seg: &mut Option<(String, Option<String>)>, inside: Option<In>, s: &str) {
    if let Some((src, trg)) = seg.as_mut() {
        match inside {
            Some(In::Source) => src.push_str(s),
            Some(In::Target) => trg.get_or_insert_with(String::new).push_str(s),
            None => {}
        }
    }
}

fn text_to(
    seg: &mut Option<(String, Option<String>)>,
    inside: Option<In>,
    meta: &mut Option<(String, usize, String)>,
    s: &str,
) {
    if let Some((_, _, v)) = meta.as_mut() {
        v.push_str(s);
    }
    push_text(seg, inside, s);
}

/// The root element: XLIFF 2.0 or 2.1.
fn root(
    e: &BytesStart<'_>,
    name: &str,
    here: Range,
    src: &Source,
    doc: &mut Document,
) -> Result<(), Diag> {
    let ns = attr(e, "xmlns").unwrap_or_default();
    if name != "xliff" {
        return Err(src.diag(
            here,
            format!("not an XLIFF file: its root element is <{name}>, not <xliff>"),
            "the root element",
            "give the XLIFF file `lawbook export xliff` wrote (and the CAT tool saved)",
        ));
    }
    let version = attr(e, "version").unwrap_or_default();
    if ns != NS {
        let what = if ns.contains("xliff:document:1.") || version.starts_with('1') {
            format!("XLIFF {version}")
        } else {
            format!("the namespace `{ns}`")
        };
        return Err(src.diag(
            here,
            format!("{what} is not read: lawbook reads XLIFF 2.0 and 2.1 ({NS})"),
            "this root element",
            "save the file as XLIFF 2 in the CAT tool, or export it again with `lawbook export xliff`",
        ));
    }
    if !matches!(version.as_str(), "2.0" | "2.1") {
        return Err(src.diag(
            here,
            format!("XLIFF version `{version}` is not read: lawbook reads 2.0 and 2.1"),
            "this version",
            "save the file as XLIFF 2.0 or 2.1",
        ));
    }
    doc.version = version;
    doc.src_lang = attr(e, "srcLang").unwrap_or_default();
    doc.trg_lang = attr(e, "trgLang");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(s: &str) -> Result<Document, Diag> {
        read(s, &Source::new("t.xlf", s))
    }

    const HEAD: &str = r#"<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="sk" trgLang="sk"><file id="sk-2017">"#;

    #[test]
    fn segments_targets_and_inline_codes_read() {
        let d = doc(&format!(
            r#"{HEAD}<mda:metadata xmlns:mda="urn:oasis:names:tc:xliff:metadata:2.0"><mda:metaGroup category="lawbook"><mda:meta type="lines">12</mda:meta></mda:metaGroup></mda:metadata>
<unit id="a" name="1A"><segment><source>One.</source><target>Jeden.</target></segment><ignorable><source> </source></ignorable><segment><source>Two &amp; <ph id="1"/>x</source><target/></segment></unit>
<unit id="b"><segment><source>S</source><target>T <mrk id="m" type="term">in</mrk><cp hex="E001"/></target></segment></unit></file></xliff>"#
        ))
        .unwrap();
        assert_eq!(d.file_id, "sk-2017");
        assert_eq!(d.meta["lines"].0, "12");
        assert_eq!(d.units.len(), 2);
        assert_eq!(d.units[0].text, "Jeden. Two & x");
        assert_eq!(d.units[0].name.as_deref(), Some("1A"));
        assert!(d.units[0].translated);
        assert_eq!(d.units[1].text, "T in\u{e001}");
    }

    #[test]
    fn what_is_not_xliff_2_is_refused_with_its_place() {
        for (s, says) in [
            ("<html></html>", "root element is <html>"),
            (
                r#"<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2"></xliff>"#,
                "XLIFF 1.2 is not read",
            ),
            (
                r#"<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="3.0"></xliff>"#,
                "version `3.0`",
            ),
            (
                &format!("{HEAD}<unit id=\"a\"></file></xliff>"),
                "not well-formed",
            ),
            (&format!("{HEAD}<unit id=\"a\">"), "ends inside"),
            ("just text", "no XML element"),
            (&format!("{HEAD}&nbsp;</file></xliff>"), "unknown entity"),
            (
                r#"<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0"></xliff>"#,
                "no <file>",
            ),
        ] {
            let e = doc(s).unwrap_err();
            assert!(e.message.contains(says), "{s}: {}", e.message);
            assert_eq!(e.labels.len(), 1, "{s}: a place");
        }
    }

    proptest::proptest! {
        // A file from a translator may be anything: the reader answers, never panics.
        #[test]
        fn any_text_reads_or_is_refused(s in "(<xliff xmlns=\"urn:oasis:names:tc:xliff:document:2.0\" version=\"2.0\">|<file id=\"x\">|<unit id=\"u\">|<segment>|<source>|<target>|</[a-z]+>|<cp hex=\"[0-9A-F]{0,6}\"/>|&[a-z#0-9]{0,4};|[a-zé <>&]){0,40}") {
            let _ = doc(&s);
        }
    }
}
