//! Why a translation could not be aligned. Every error names the file and, where there is one,
//! the byte offset; none of them is a panic or an empty result.

use crate::diagnostic::excerpt::SharedSource;
use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

#[derive(Debug, Error, Diagnostic)]
pub enum AlignError {
    #[error("{name}: the file is empty ({len} bytes, nothing but white space)")]
    #[diagnostic(
        code(align::empty),
        help("give the plain-text translation of the Laws")
    )]
    Empty { name: String, len: usize },

    #[error("{name}: not a text: at byte offset {offset} there is {what}")]
    #[diagnostic(
        code(align::binary),
        help("the aligner reads plain UTF-8 text, one paragraph or more per line")
    )]
    Binary {
        name: String,
        offset: usize,
        what: String,
    },

    #[error("{name}: not UTF-8: byte 0x{byte:02X} at byte offset {offset} (line {line}) is not valid UTF-8")]
    #[diagnostic(code(align::encoding), help("{help}"))]
    NotUtf8 {
        name: String,
        offset: usize,
        line: usize,
        byte: u8,
        help: String,
        #[source_code]
        src: SharedSource,
        #[label("this byte")]
        span: SourceSpan,
    },

    #[error(
        "{name}: not a law text for {lang} {edition}: no law headings found (looked for {pattern})"
    )]
    #[diagnostic(
        code(align::no_laws),
        help("check --lang and --edition; the aligner knows the texts listed in laws/TEXTS.md")
    )]
    NoLaws {
        name: String,
        lang: String,
        edition: String,
        pattern: String,
        #[source_code]
        src: SharedSource,
        #[label("the text starts here; no line of it is a law heading")]
        span: SourceSpan,
    },

    #[error("no alignment profile for {lang} {edition}; known: {known}")]
    #[diagnostic(code(align::unsupported))]
    Unsupported {
        lang: String,
        edition: String,
        known: String,
    },

    #[error(transparent)]
    #[diagnostic(transparent)]
    Layout(Box<super::layout::LayoutError>),

    #[error("{path} is the layout of a {layout} text, not of {asked}")]
    #[diagnostic(
        code(align::layout_for),
        help("leave out --lang and --edition: the layout names them (`language`, `edition`)")
    )]
    LayoutFor {
        path: String,
        layout: String,
        asked: String,
    },

    #[error("the bundled layout does not read: {message}")]
    #[diagnostic(
        code(align::bundled_layout),
        help(
            "a defect of this build of lawbook: the layouts built into it are checked by its tests"
        )
    )]
    BundledLayout { message: String },

    #[error("cannot read {path}: {source}")]
    #[diagnostic(code(align::io))]
    Io {
        path: String,
        #[source]
        source: std::io::Error,
    },

    #[error("unknown paragraph key `{key}`: write keys like 27, 27B, 27B1, 27B1(a), 30B1(b)(ii)")]
    #[diagnostic(code(align::key))]
    BadKey { key: String },
}
