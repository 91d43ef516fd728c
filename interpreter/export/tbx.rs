//! The term bank as TBX-Basic (TBX v3, ISO 30042:2019, DCA style):
//!
//! ```text
//! <tbx type="TBX-Basic" style="dca" xml:lang="en" xmlns="urn:iso:std:iso:30042:ed-2">
//!   <tbxHeader>…</tbxHeader>
//!   <text><body>
//!     <conceptEntry id="declarer">
//!       <note>…</note>                       the concept's note; a language's reason for lacking it
//!       <langSec xml:lang="sk">
//!         <termSec>
//!           <term>hlavný hráč</term>
//!           <termNote type="administrativeStatus">preferredTerm-admn-sts</termNote>
//!           <descrip type="context">the line of the text where it occurs</descrip>
//!           <note>laws/2017/text/sk.source.txt line 147</note>
//!           <note>forms: gen hlavného hráča; dat hlavnému hráčovi; …</note>
//!         </termSec>
//!         <termSec>…a variant: deprecatedTerm-admn-sts, its reason…</termSec>
//!         <termSec>…the 1997 Slovak term: supersededTerm-admn-sts…</termSec>
//! ```
//!
//! A language the concept lacks has no `langSec` (TBX has no empty one); the reason is a
//! `<note>` of the concept entry ("pl: no term: …").
//!
//! [`TbxVersion::V2`] writes the same as TBX-Basic v2 (ISO 30042:2008, the `martif` document
//! most terminology tools read, translate-toolkit among them): `<martif type="TBX-Basic">`,
//! `<martifHeader>`, `<termEntry>`, `<langSet>`, `<tig>`; the data categories are the same.

use super::Xml;
use crate::terms::matcher::SearchText;
use crate::terms::texts::Text;
use crate::terms::{Concept, Status, Term, TermBank, TermLang, Variant};
use quick_xml::events::{BytesPI, Event};

/// The TBX version written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum TbxVersion {
    /// TBX-Basic v2, ISO 30042:2008: `<martif>`, `<termEntry>`, `<langSet>`, `<tig>`.
    #[value(name = "2")]
    V2,
    /// TBX-Basic v3, ISO 30042:2019, DCA style: `<tbx>`, `<conceptEntry>`, `<langSec>`,
    /// `<termSec>`.
    #[default]
    #[value(name = "3")]
    V3,
}

/// The element names of a version.
struct Names {
    entry: &'static str,
    lang: &'static str,
    term: &'static str,
}

impl TbxVersion {
    fn names(self) -> Names {
        match self {
            TbxVersion::V2 => Names {
                entry: "termEntry",
                lang: "langSet",
                term: "tig",
            },
            TbxVersion::V3 => Names {
                entry: "conceptEntry",
                lang: "langSec",
                term: "termSec",
            },
        }
    }
}

/// What went into a termbase.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TbxStats {
    pub concepts: usize,
    /// Terms per language tag (preferred terms, variants and superseded terms).
    pub terms: std::collections::BTreeMap<String, usize>,
    /// Languages a concept lacks, with the reason as a note.
    pub missing: usize,
}

/// A wording without its stem marks, for a `<term>`.
fn plain(pattern: &str) -> String {
    pattern.replace('*', "")
}

/// A variant's `<term>`: a stem pattern (`myln* informáci*`) is no word a CAT tool's term
/// check can match, so the words the text writes at the variant's line stand for it (as the
/// text has them, `mylná informácia`); the pattern without its marks only when the text is
/// not loaded or has no match there. Whether it is the text's wording.
fn variant_term(v: &Variant, lang: TermLang, texts: &[Text]) -> (String, bool) {
    if !v.pattern.has_stem() {
        return (plain(&v.pattern.source), true);
    }
    let unworded = || (plain(&v.pattern.source), false);
    let (Some(text), Some(line)) = (text_of(texts, lang), v.line) else {
        return unworded();
    };
    // The line and the next: a wording may be hyphenated across them.
    let lines = [line, line + 1].map(|n| (n, text.line(n).unwrap_or("")));
    let found = SearchText::from_lines(lines);
    match v.pattern.find(&found).first() {
        Some(m) => {
            let w = found.wording(m);
            let w = w.trim_matches(|c: char| !c.is_alphanumeric());
            // A heading's capitals are the heading's, not the term's.
            if w.chars().any(char::is_lowercase) {
                (w.to_string(), true)
            } else {
                (w.to_lowercase(), true)
            }
        }
        None => unworded(),
    }
}

/// The text of the column, if it was loaded.
fn text_of(texts: &[Text], lang: TermLang) -> Option<&Text> {
    let (l, e) = lang.text()?;
    texts.iter().find(|t| t.lang == l && t.edition == e)
}

/// Writes the term bank; `texts` give each term's context line (columns without a loaded
/// text get none).
pub fn tbx(bank: &TermBank, texts: &[Text]) -> (String, TbxStats) {
    tbx_version(bank, texts, TbxVersion::V3)
}

/// Writes the term bank as the given TBX version.
pub fn tbx_version(bank: &TermBank, texts: &[Text], version: TbxVersion) -> (String, TbxStats) {
    let mut stats = TbxStats::default();
    let mut x = Xml::new();
    let n = version.names();
    if version == TbxVersion::V2 {
        x.raw(Event::DocType(quick_xml::events::BytesText::from_escaped(
            "martif SYSTEM \"TBXBasiccoreStructV02.dtd\"",
        )));
        x.open("martif", &[("type", "TBX-Basic"), ("xml:lang", "en")]);
        x.open("martifHeader", &[]);
    } else {
        x.raw(Event::PI(BytesPI::new(
        "xml-model href=\"https://raw.githubusercontent.com/LTAC-Global/TBX-Basic_dialect/master/DCA/TBXcoreStructV03_TBX-Basic_integrated.rng\" type=\"application/xml\" schematypens=\"http://relaxng.org/ns/structure/1.0\"",
    )));
        x.raw(Event::PI(BytesPI::new(
        "xml-model href=\"https://raw.githubusercontent.com/LTAC-Global/TBX-Basic_dialect/master/DCA/TBX-Basic_DCA.sch\" type=\"application/xml\" schematypens=\"http://purl.oclc.org/dsdl/schematron\"",
    )));
        x.open(
            "tbx",
            &[
                ("type", "TBX-Basic"),
                ("style", "dca"),
                ("xml:lang", "en"),
                ("xmlns", "urn:iso:std:iso:30042:ed-2"),
            ],
        );
        x.open("tbxHeader", &[]);
    }
    x.open("fileDesc", &[]);
    x.open("titleStmt", &[]);
    x.leaf(
        "title",
        &[],
        "The Laws of Duplicate Bridge: term bank of the law book",
    );
    x.close("titleStmt");
    x.open("sourceDesc", &[]);
    x.leaf(
        "p",
        &[],
        &format!(
            "Generated by lawbook {} from {}: the terms of the 2017 Laws in English, Slovak (2017; the 1997 Slovak terms as superseded), Polish (2007) and Hungarian (2017), each with the line of the law book's text where it occurs.",
            env!("CARGO_PKG_VERSION"),
            bank.file
        ),
    );
    x.close("sourceDesc");
    x.close("fileDesc");
    if version == TbxVersion::V2 {
        x.open("encodingDesc", &[]);
        x.leaf("p", &[("type", "XCSURI")], "TBXBasicXCSV02.xcs");
        x.close("encodingDesc");
        x.close("martifHeader");
    } else {
        x.close("tbxHeader");
    }
    x.open("text", &[]);
    x.open("body", &[]);
    for c in &bank.concepts {
        concept(&mut x, c, texts, &mut stats, &n);
    }
    x.close("body");
    x.close("text");
    x.close(if version == TbxVersion::V2 {
        "martif"
    } else {
        "tbx"
    });
    (x.finish(), stats)
}

fn concept(x: &mut Xml, c: &Concept, texts: &[Text], stats: &mut TbxStats, n: &Names) {
    stats.concepts += 1;
    x.open(n.entry, &[("id", &c.id)]);
    if let Some(n) = &c.note {
        x.leaf("note", &[], n);
    }
    for lang in TermLang::ALL {
        if let Some(why) = c.missing(lang) {
            stats.missing += 1;
            x.leaf("note", &[], &format!("{lang}: no term: {why}"));
        }
    }
    // One langSec per language tag: the 1997 Slovak term goes with the 2017 one.
    for lang in [TermLang::En, TermLang::Sk, TermLang::Pl, TermLang::Hu] {
        let main = c.term(lang);
        let old = if lang == TermLang::Sk {
            c.term(TermLang::Sk1997)
                .filter(|t| main.is_none_or(|m| m.text.to_lowercase() != t.text.to_lowercase()))
        } else {
            None
        };
        if main.is_none() && old.is_none() {
            continue;
        }
        x.open(n.lang, &[("xml:lang", lang.tag())]);
        if let Some(t) = main {
            term_sec(x, t, lang, "preferredTerm-admn-sts", texts, stats, n);
            for v in &t.variants {
                *stats.terms.entry(lang.tag().to_string()).or_default() += 1;
                x.open(n.term, &[]);
                let (term, worded) = variant_term(v, lang, texts);
                x.leaf("term", &[], &term);
                x.leaf(
                    "termNote",
                    &[("type", "administrativeStatus")],
                    "deprecatedTerm-admn-sts",
                );
                if let Some(line) = v.line {
                    context(x, lang, line, texts);
                }
                x.leaf("note", &[], &format!("variant in the text: {}", v.reason));
                if v.pattern.has_stem() {
                    // What the term bank matches: the term's other inflected forms too.
                    let form = if worded {
                        "one form of"
                    } else {
                        "the stems of"
                    };
                    x.leaf(
                        "note",
                        &[],
                        &format!(
                            "the term is {form} `{}`: each `*` stands for any ending",
                            v.pattern.source
                        ),
                    );
                }
                x.close(n.term);
            }
        }
        if let Some(t) = old {
            term_sec(
                x,
                t,
                TermLang::Sk1997,
                "supersededTerm-admn-sts",
                texts,
                stats,
                n,
            );
        }
        x.close(n.lang);
    }
    x.close(n.entry);
}

fn context(x: &mut Xml, lang: TermLang, line: usize, texts: &[Text]) {
    if let Some(t) = text_of(texts, lang) {
        if let Some(l) = t.line(line) {
            x.leaf("descrip", &[("type", "context")], l.trim());
        }
        x.leaf("note", &[], &format!("{} line {line}", t.path));
    } else if let Some(p) = lang.text_path() {
        x.leaf("note", &[], &format!("laws/{p} line {line}"));
    }
}

fn term_sec(
    x: &mut Xml,
    t: &Term,
    lang: TermLang,
    status: &str,
    texts: &[Text],
    stats: &mut TbxStats,
    n: &Names,
) {
    *stats.terms.entry(lang.tag().to_string()).or_default() += 1;
    x.open(n.term, &[]);
    x.leaf("term", &[], &t.text);
    x.leaf("termNote", &[("type", "administrativeStatus")], status);
    if let Some(line) = t.line {
        context(x, lang, line, texts);
    }
    if lang == TermLang::Sk1997 {
        x.leaf("note", &[], "the term of the 1997 Slovak translation");
    }
    if let Some(why) = &t.absent {
        x.leaf("note", &[], &format!("not in the text: {why}"));
    }
    if !t.forms.is_empty() {
        let forms: Vec<String> = t
            .forms
            .iter()
            .map(|f| format!("{} {}", f.name, f.text))
            .collect();
        x.leaf("note", &[], &format!("forms: {}", forms.join("; ")));
    }
    x.close(n.term);
}

/// Whether a concept gives a term in a language (for the statistics of a test).
pub fn has_term(c: &Concept, lang: TermLang) -> bool {
    matches!(c.entry(lang).map(|e| &e.status), Some(Status::Term(_)))
}
