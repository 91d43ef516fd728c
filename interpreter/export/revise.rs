//! An XLIFF file back into its text: the revised text, every unit the translator left as it
//! was byte for byte as before, every changed unit rebuilt from its new reading with its
//! label, marks and line structure kept where the words are ([`super::segment`]).
//!
//! The file must come from the text it is put back into: its `<file id>` names the text
//! (`sk-2017`), its fingerprint and line count must be the text's, and every unit id must be
//! one of the text's. Each mismatch is a diagnostic pointing into the XLIFF file.

// A diagnostic is made once per run and carries its source for miette; its size does not
// matter (as in align/).
#![allow(clippy::result_large_err)]

use super::segment::Words;
use super::xliff::{file_id, fingerprint, unit_ids};
use super::xliff_read::{Document, Source};
use crate::align::{Edition, Lang};
use crate::diagnostic::Diag;
use crate::terms::texts::Text;
use std::collections::HashMap;

/// The text and language an XLIFF file says it was made from: `sk-2017`.
pub fn text_of(doc: &Document, src: &Source) -> Result<(Lang, Edition), Diag> {
    let parsed = doc
        .file_id
        .split_once('-')
        .and_then(|(l, e)| Some((l.parse::<Lang>().ok()?, e.parse::<Edition>().ok()?)));
    // Any language and edition: a text the law book lacks (a translator's own, exported with
    // --text and --layout) is read back with them too, and `load_with` says when it is not
    // given.
    parsed.ok_or_else(|| {
        src.diag(
            doc.file_at,
            format!(
                "the XLIFF file is for `{}`, which names no language and edition lawbook knows",
                doc.file_id
            ),
            "this file's id",
            &format!(
                "lawbook reads back the files `lawbook export xliff` wrote, whose file id names a text: {} (or a text of your own, given with --text and --layout)",
                crate::align::export::TEXTS
                    .iter()
                    .map(|t| file_id(t.0, t.1))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )
    })
}

/// What an import changed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Revision {
    pub text: String,
    /// Units whose text changed, by key.
    pub changed: Vec<String>,
    /// Units the file has.
    pub units: usize,
}

/// A reading with its white space made single spaces, no-break spaces kept: a no-break space
/// put in or taken out is a revision (`segment::soft_words`).
fn collapse(s: &str) -> String {
    super::segment::soft_words(s).collect::<Vec<_>>().join(" ")
}

/// The revised text: `text` with the units of `doc` put in.
pub fn revise(text: &Text, doc: &Document, src: &Source) -> Result<Revision, Diag> {
    let other = |at, what: String, help: &str| {
        src.diag(
            at,
            format!(
                "the XLIFF file was made from another {} {} text than {}: {what}",
                text.lang, text.edition, text.path
            ),
            "here",
            help,
        )
    };
    let again = "export the file again from this text, or give with --laws the law book folder whose text the file was made from (with --text LANG=FILE, and --layout, the file of your own it was made from)";
    if let Some((v, at)) = doc.meta.get("fingerprint") {
        let have = fingerprint(text.raw.as_bytes());
        if *v != have {
            return Err(other(
                *at,
                format!("its fingerprint is {v}, the text's {have}"),
                again,
            ));
        }
    }
    if let Some((v, at)) = doc.meta.get("lines") {
        if *v != text.alignment.line_count.to_string() {
            return Err(other(
                *at,
                format!("it has {v} lines, the text {}", text.alignment.line_count),
                again,
            ));
        }
    }
    let units = &text.alignment.units;
    let ids = unit_ids(units);
    let index: HashMap<&str, usize> = ids
        .iter()
        .enumerate()
        .map(|(i, s)| (s.as_str(), i))
        .collect();
    let mut revised: Vec<Option<&str>> = vec![None; units.len()];
    for u in &doc.units {
        let Some(&i) = index.get(u.id.as_str()) else {
            return Err(src.diag(
                u.at,
                format!(
                    "unit `{}` is not a unit of the {} {} text",
                    u.id, text.lang, text.edition
                ),
                "this unit",
                "units are put back by their id; keep the ids lawbook wrote (a unit the text does not have cannot go into it)",
            ));
        };
        if revised[i].is_some() {
            return Err(src.diag(
                u.at,
                format!("unit `{}` is in the file twice", u.id),
                "the second time",
                "keep one of them",
            ));
        }
        revised[i] = Some(u.text.as_str());
    }
    // Each line's text, in line order; a unit's rebuilt text goes to the first line of each of
    // its spans, its other lines stay empty.
    let mut lines: Vec<&str> = vec![""; text.alignment.line_count];
    let mut owned: Vec<(usize, String)> = Vec::new();
    let mut changed = Vec::new();
    for (i, u) in units.iter().enumerate() {
        let words = Words::of(u);
        let new = revised[i]
            .filter(|r| collapse(r) != collapse(&words.reading()))
            .map(|r| {
                // Where each span after the first starts in the unit's text.
                let mut cuts = Vec::new();
                let mut at = 0;
                let mut pieces = u.text.split_inclusive('\n');
                for (k, &(a, b)) in u.lines.iter().enumerate() {
                    if k > 0 {
                        cuts.push(at);
                    }
                    for _ in a..=b {
                        at += pieces.next().map_or(0, str::len);
                    }
                }
                words.rebuild(r, &cuts)
            });
        match new {
            None => {
                let mut pieces = u.text.split_inclusive('\n');
                for &(a, b) in &u.lines {
                    for n in a..=b {
                        if let Some(slot) = lines.get_mut(n - 1) {
                            *slot = pieces.next().unwrap_or("");
                        }
                    }
                }
            }
            Some((t, cuts)) => {
                changed.push(u.key.clone());
                let mut bounds = vec![0];
                bounds.extend(cuts);
                bounds.push(t.len());
                for (k, &(a, _)) in u.lines.iter().enumerate() {
                    owned.push((a - 1, t[bounds[k]..bounds[k + 1]].to_string()));
                }
            }
        }
    }
    let mut out_lines: Vec<String> = lines.into_iter().map(str::to_string).collect();
    for (n, s) in owned {
        out_lines[n] = s;
    }
    Ok(Revision {
        text: out_lines.concat(),
        changed,
        units: doc.units.len(),
    })
}
