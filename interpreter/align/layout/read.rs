//! Reading a layout file: the TOML as written, checked into a [`Layout`]. Every mistake a
//! translator can make in it is a diagnostic at its place in the file.

use super::super::profile::Zone;
use super::super::{AlignError, Edition, Lang};
use super::{ArtefactRule, DefinitionRule, Footnotes, Layout, MarkerKind, ZoneRule};
use crate::diagnostic::excerpt::SharedSource;
use miette::{Diagnostic, SourceSpan};
use regex::Regex;
use serde::Deserialize;
use std::ops::Range;
use thiserror::Error;
use toml::Spanned;

/// A layout file that cannot be used.
#[derive(Debug, Error, Diagnostic)]
#[error("{name}: {message}")]
#[diagnostic(code(align::layout), help("{help}"))]
pub struct LayoutError {
    pub name: String,
    pub message: String,
    pub help: String,
    #[source_code]
    pub src: SharedSource,
    #[label("here")]
    pub span: SourceSpan,
}

// ---- the file as written ------------------------------------------------------------------

type Pattern = Spanned<String>;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    language: Spanned<String>,
    edition: Spanned<String>,
    /// How a law heading looks, in words, for the message when none is found.
    law_heading_looks_like: String,
    laws: LawsFile,
    #[serde(default)]
    sections: SectionsFile,
    #[serde(default)]
    labels: LabelsFile,
    footnotes: Option<FootnotesFile>,
    #[serde(default)]
    zones: Vec<ZoneFile>,
    #[serde(default)]
    definitions: Vec<DefinitionFile>,
    #[serde(default)]
    artefacts: Vec<ArtefactFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LawsFile {
    heading: Pattern,
    #[serde(default)]
    sequence: Option<Spanned<String>>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct SectionsFile {
    #[serde(default)]
    strip: Vec<Pattern>,
    strong: Option<Pattern>,
    weak: Option<Pattern>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct LabelsFile {
    #[serde(default)]
    strip: Vec<Pattern>,
    #[serde(default)]
    bare_letters: bool,
    #[serde(default)]
    unstopped_numbers: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FootnotesFile {
    marker: Spanned<String>,
    #[serde(default)]
    star: Option<String>,
    #[serde(default)]
    max_stars: Option<u8>,
    #[serde(default)]
    separator: bool,
    #[serde(default)]
    dagger: bool,
    #[serde(default)]
    at_page_foot: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ZoneFile {
    kind: Spanned<String>,
    line: Pattern,
    unless: Option<Pattern>,
    next: Option<Pattern>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DefinitionFile {
    line: Pattern,
    #[serde(default)]
    alone: bool,
    max_chars: Option<usize>,
    max_words: Option<usize>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ArtefactFile {
    line: Pattern,
    note: String,
    first_lines: Option<usize>,
}

/// The largest layout file read (a layout is a page of patterns).
const MAX_LAYOUT_BYTES: usize = 256 * 1024;

impl Layout {
    /// Reads a layout file's text; `name` is how messages name it.
    pub fn parse(name: &str, text: &str) -> Result<Layout, LayoutError> {
        let err = |message: String, help: &str, span: Range<usize>| LayoutError {
            name: name.to_string(),
            message,
            help: help.to_string(),
            src: SharedSource::new(name, text.to_string().into()),
            span: (span.start, span.end.saturating_sub(span.start)).into(),
        };
        if text.len() > MAX_LAYOUT_BYTES {
            return Err(err(
                format!(
                    "the file is {} bytes; a layout is at most {MAX_LAYOUT_BYTES}",
                    text.len()
                ),
                "a layout is a page of patterns: is this the right file?",
                0..0,
            ));
        }
        let file: File = toml::from_str(text).map_err(|e| {
            let span = e.span().unwrap_or(0..0);
            err(
                e.message().to_string(),
                "a layout is TOML: `key = 'pattern'` lines under [laws], [sections], [labels], \
                 [footnotes], [[zones]], [[definitions]], [[artefacts]] (docs/translators.md)",
                span,
            )
        })?;
        let regex = |p: &Pattern| -> Result<Regex, LayoutError> {
            regex::RegexBuilder::new(p.get_ref())
                .size_limit(32 << 20)
                .build()
                .map_err(|e| {
                    err(
                        format!("not a regular expression: {}", last_line(&e.to_string())),
                        "patterns are Rust regular expressions (the `regex` crate's syntax), \
                         written in single quotes so that backslashes stay as written",
                        p.span(),
                    )
                })
        };
        let with_group = |p: &Pattern, group: &str, what: &str| -> Result<Regex, LayoutError> {
            let r = regex(p)?;
            if !r.capture_names().flatten().any(|n| n == group) {
                return Err(err(
                    format!("this pattern has no group `{group}`"),
                    &format!("name the part that holds {what} `(?<{group}>...)`"),
                    p.span(),
                ));
            }
            Ok(r)
        };
        let anchored = |p: &Pattern| -> Result<Regex, LayoutError> {
            let s = p.get_ref();
            if !(s.starts_with('^') || s.ends_with('$')) {
                return Err(err(
                    "a strip pattern must be anchored at the start (`^`) or the end (`$`)"
                        .to_string(),
                    "it removes what it matches at the start or the end of the line",
                    p.span(),
                ));
            }
            regex(p)
        };

        let lang: Lang = file.language.get_ref().parse().map_err(|m: String| {
            err(
                m,
                "a layout is for one of the term bank's languages",
                file.language.span(),
            )
        })?;
        let edition: Edition = file.edition.get_ref().parse().map_err(|m: String| {
            err(
                m,
                "write the year in quotes: edition = \"2017\"",
                file.edition.span(),
            )
        })?;
        let strict_sequence =
            match &file.laws.sequence {
                None => false,
                Some(s) => match s.get_ref().as_str() {
                    "increasing" => false,
                    "strict" => true,
                    other => return Err(err(
                        format!("unknown sequence `{other}`"),
                        "`increasing` (a heading is taken when its number is above the last) or \
                         `strict` (only the last + 1: for headings that look like paragraphs)",
                        s.span(),
                    )),
                },
            };
        let footnotes = match &file.footnotes {
            None => None,
            Some(f) => {
                let marker = match f.marker.get_ref().as_str() {
                    "superscript" => MarkerKind::Superscript,
                    "stars" => MarkerKind::Stars,
                    "parenthesised" => MarkerKind::Parenthesised,
                    other => {
                        return Err(err(
                            format!("unknown footnote marker `{other}`"),
                            "`superscript` (¹ ² ³), `stars` (*, **, with `star` the star as \
                             the file writes it) or `parenthesised` ((1), (2))",
                            f.marker.span(),
                        ))
                    }
                };
                let star = f.star.clone().unwrap_or_else(|| "*".to_string());
                if star.is_empty() {
                    return Err(err(
                        "`star` is empty".to_string(),
                        "write the star as the file writes it: '*', or '\\*' in Markdown",
                        f.marker.span(),
                    ));
                }
                Some(Footnotes {
                    marker,
                    star,
                    max_stars: f.max_stars.unwrap_or(u8::MAX),
                    separator: f.separator,
                    dagger: f.dagger,
                    at_page_foot: f.at_page_foot,
                })
            }
        };
        let mut zones = Vec::new();
        for z in &file.zones {
            let zone = match z.kind.get_ref().as_str() {
                "contents" => Zone::Contents,
                "preface" => Zone::Preface,
                "introduction" => Zone::Introduction,
                "definitions" => Zone::Definitions,
                "dictionary" => Zone::Dictionary,
                "index" => Zone::Index,
                "chapter" => Zone::Chapter,
                other => {
                    return Err(err(
                        format!("unknown part of the book `{other}`"),
                        "contents, preface, introduction, definitions, dictionary, index or \
                         chapter",
                        z.kind.span(),
                    ))
                }
            };
            zones.push(ZoneRule {
                zone,
                line: regex(&z.line)?,
                unless: z.unless.as_ref().map(regex).transpose()?,
                next: z.next.as_ref().map(regex).transpose()?,
            });
        }
        let mut definitions = Vec::new();
        for d in &file.definitions {
            definitions.push(DefinitionRule {
                line: with_group(&d.line, "term", "the term")?,
                alone: d.alone,
                max_chars: d.max_chars,
                max_words: d.max_words,
            });
        }
        let mut artefacts = Vec::new();
        for a in &file.artefacts {
            artefacts.push(ArtefactRule {
                line: regex(&a.line)?,
                // One note per rule for the whole run: the engine's units keep `&'static str`.
                note: Box::leak(a.note.clone().into_boxed_str()),
                first_lines: a.first_lines,
            });
        }
        Ok(Layout {
            lang,
            edition,
            law_pattern: Box::leak(file.law_heading_looks_like.into_boxed_str()),
            law_heading: regex(&file.laws.heading)?,
            strict_sequence,
            section_strip: file
                .sections
                .strip
                .iter()
                .map(anchored)
                .collect::<Result<_, _>>()?,
            section_strong: file
                .sections
                .strong
                .as_ref()
                .map(|p| with_group(p, "letter", "the section's letter"))
                .transpose()?,
            section_weak: file
                .sections
                .weak
                .as_ref()
                .map(|p| with_group(p, "letter", "the section's letter"))
                .transpose()?,
            label_strip: file
                .labels
                .strip
                .iter()
                .map(anchored)
                .collect::<Result<_, _>>()?,
            bare_letters: file.labels.bare_letters,
            unstopped_numbers: file.labels.unstopped_numbers,
            footnotes,
            zones,
            definitions,
            artefacts,
        })
    }

    /// Reads a layout file from disk.
    pub fn read(path: &std::path::Path) -> Result<Layout, AlignError> {
        let name = path.display().to_string();
        let bytes = crate::source::read_limited(path, MAX_LAYOUT_BYTES as u64).map_err(|e| {
            AlignError::Io {
                path: name.clone(),
                source: e,
            }
        })?;
        let text = String::from_utf8(bytes).map_err(|e| AlignError::Io {
            path: name.clone(),
            source: std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("not UTF-8 at byte offset {}", e.utf8_error().valid_up_to()),
            ),
        })?;
        Layout::parse(&name, &text).map_err(|e| AlignError::Layout(Box::new(e)))
    }
}

fn last_line(s: &str) -> String {
    s.lines()
        .rfind(|l| !l.trim().is_empty())
        .unwrap_or(s)
        .trim()
        .to_string()
}
