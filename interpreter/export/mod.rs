//! Exports for translators' tools: the aligned texts as a TMX 1.4b translation memory
//! (`tmx`), a text as XLIFF 2.0 and back (`xliff`, `xliff_read`, `revise`), the term bank as
//! TBX-Basic (`tbx`), the phrase files as gettext PO and back (`po`). `segment` gives a unit's
//! text as a translator reads it (no label, no Markdown) and puts a revised reading back. The
//! XML is written with quick-xml, so every character is escaped as XML requires and kept:
//! diacritics, suit symbols, no-break spaces. `cli` holds the `export` command.

pub mod cli;
pub mod po;
pub mod revise;
pub mod segment;
pub mod tbx;
pub mod tmx;
pub mod xliff;
mod xliff_cli;
pub mod xliff_read;

use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};

/// The primary language of a tag as a translator's tool writes it (`pl`, `pl_PL`, `pl-PL`,
/// `sr@latin`, `pl_PL.UTF-8`): what a PO header's `Language` or an XLIFF `trgLang` is
/// compared by.
pub fn primary_language(tag: &str) -> &str {
    tag.split(['_', '-', '@', '.']).next().unwrap_or(tag)
}

use quick_xml::Writer;

/// The characters XML 1.0 cannot hold even as references (C0 controls other than tab, line
/// feed and carriage return; U+FFFE, U+FFFF) are replaced with U+FFFD. The law book's texts
/// have none; a text added later might.
pub fn xml_safe(s: &str) -> std::borrow::Cow<'_, str> {
    let bad = |c: char| {
        (c < ' ' && !matches!(c, '\t' | '\n' | '\r')) || c == '\u{fffe}' || c == '\u{ffff}'
    };
    if s.chars().any(bad) {
        s.chars()
            .map(|c| if bad(c) { '\u{fffd}' } else { c })
            .collect::<String>()
            .into()
    } else {
        s.into()
    }
}

/// A small layer over quick-xml's writer: indented elements, escaped text.
pub(crate) struct Xml {
    w: Writer<Vec<u8>>,
}

impl Xml {
    pub fn new() -> Xml {
        let mut w = Writer::new_with_indent(Vec::new(), b' ', 2);
        w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))
            .expect("writing to memory");
        Xml { w }
    }

    /// A raw line after the declaration (a DOCTYPE or a processing instruction).
    pub fn raw(&mut self, event: Event<'_>) {
        self.w.write_event(event).expect("writing to memory");
    }

    pub fn open(&mut self, name: &str, attrs: &[(&str, &str)]) {
        let mut e = BytesStart::new(name);
        for (k, v) in attrs {
            e.push_attribute((*k, xml_safe(v).as_ref()));
        }
        self.w
            .write_event(Event::Start(e))
            .expect("writing to memory");
    }

    pub fn close(&mut self, name: &str) {
        self.w
            .write_event(Event::End(BytesEnd::new(name)))
            .expect("writing to memory");
    }

    /// `<name attrs>text</name>` on one line.
    pub fn leaf(&mut self, name: &str, attrs: &[(&str, &str)], text: &str) {
        let mut e = self.w.create_element(name);
        for (k, v) in attrs {
            e = e.with_attribute((*k, xml_safe(v).as_ref()));
        }
        let safe = xml_safe(text);
        e.write_text_content(BytesText::new(&safe))
            .expect("writing to memory");
    }

    pub fn finish(self) -> String {
        let mut bytes = self.w.into_inner();
        bytes.push(b'\n');
        String::from_utf8(bytes).expect("quick-xml writes UTF-8")
    }
}
