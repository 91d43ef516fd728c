//! One diagnostic type for every error a user can cause: a law file that does not parse or
//! check, a case that is malformed, a PBN file that disagrees with itself. It shares the
//! source file (`excerpt`), so miette can show the line in context, and labelled spans.

pub mod excerpt;

use crate::source::{Sources, Span};
use excerpt::SharedSource;
use miette::{Diagnostic, LabeledSpan, SourceCode};
use std::fmt;

#[derive(Debug, Clone)]
pub struct Diag {
    /// Stable code, e.g. `lawbook::check::unknown_name`.
    pub code: &'static str,
    pub message: String,
    pub help: Option<String>,
    pub labels: Vec<(Span, String)>,
    /// The file the labels point into (labels in other files are listed in `related`).
    pub source: Option<SharedSource>,
    pub related: Vec<Diag>,
}

/// The codes that are warnings, not errors: said, and the work goes on. (By code, so that a
/// diagnostic stays small: every reader of a case returns one in its `Result`.)
pub const WARNINGS: [&str; 1] = ["lawbook::regulation::amendment"];

impl Diag {
    pub fn new(code: &'static str, message: impl Into<String>) -> Diag {
        Diag {
            code,
            message: message.into(),
            help: None,
            labels: Vec::new(),
            source: None,
            related: Vec::new(),
        }
    }

    pub fn help(mut self, help: impl Into<String>) -> Diag {
        self.help = Some(help.into());
        self
    }

    pub fn label(mut self, span: Span, text: impl Into<String>) -> Diag {
        self.labels.push((span, text.into()));
        self
    }

    /// Attach the source text. Labels in another file than the first label's become related
    /// diagnostics of their own, so each is shown against its own file.
    pub fn with_sources(mut self, sources: &Sources) -> Diag {
        let Some(first) = self.labels.first().map(|l| l.0.file) else {
            return self;
        };
        let (here, elsewhere): (Vec<_>, Vec<_>) =
            self.labels.drain(..).partition(|(s, _)| s.file == first);
        self.labels = here;
        self.source = Some(sources.get(first).shared());
        for (span, text) in elsewhere {
            let note = Diag::new(self.code, text.clone()).label(span, text);
            self.related.push(note.with_sources(sources));
        }
        self.related = std::mem::take(&mut self.related)
            .into_iter()
            .map(|d| {
                if d.source.is_none() {
                    d.with_sources(sources)
                } else {
                    d
                }
            })
            .collect();
        self
    }
}

/// The rule of the law language a law book's diagnostic is about, by its code: the section of
/// docs/architecture.md that states the rule. (Law books are edited by regulating authorities
/// in English; the rule is what they look up.)
pub fn language_rule(code: &str) -> Option<&'static str> {
    Some(match code.strip_prefix("lawbook::")? {
        "syntax::law" | "syntax::bid" | "syntax::card" | "syntax::number" => "The law language",
        "check::duplicate"
        | "check::unknown_name"
        | "check::type_mismatch"
        | "check::recursion"
        | "check::table_rows"
        | "check::missing_entry_point" => "The law language",
        "check::missing_reference" | "check::title" | "check::missing_language" => {
            "Where the Laws live"
        }
        "check::exception" | "check::ambiguous_rules" => "Rules, exceptions and decisions",
        "check::option" | "check::unhandled_answer" => "Options, findings and obligations",
        "check::too_large" => "Limits",
        _ => return None,
    })
}

impl Diag {
    /// The diagnostic with the rule of the law language it is about named after its help.
    pub fn with_language_rule(mut self) -> Diag {
        if let Some(section) = language_rule(self.code) {
            let rule = format!("the law language's rule: docs/architecture.md, \"{section}\"");
            self.help = Some(match self.help.take() {
                Some(h) => format!("{h}\n{rule}"),
                None => rule,
            });
        }
        self
    }
}

impl fmt::Display for Diag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&excerpt::shorten(&self.message))
    }
}

impl std::error::Error for Diag {}

impl Diagnostic for Diag {
    fn severity(&self) -> Option<miette::Severity> {
        WARNINGS
            .contains(&self.code)
            .then_some(miette::Severity::Warning)
    }

    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.code))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.source.as_ref().map(|s| s as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let source = self.source.as_ref()?;
        if self.labels.is_empty() {
            return None;
        }
        Some(Box::new(self.labels.iter().map(|(span, text)| {
            let (at, len) = excerpt::clip_label(
                source.text(),
                span.start as usize,
                span.end.saturating_sub(span.start) as usize,
            );
            LabeledSpan::new(Some(excerpt::shorten(text).into_owned()), at, len)
        })))
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        if self.related.is_empty() {
            return None;
        }
        Some(Box::new(self.related.iter().map(|d| d as &dyn Diagnostic)))
    }
}

/// Render diagnostics without colour, as tests and golden files see them.
pub fn render_plain(diags: &[Diag]) -> String {
    let handler =
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
            .with_width(100);
    let mut out = String::new();
    for d in diags {
        let _ = handler.render_report(&mut out, d);
        out.push('\n');
    }
    out
}
