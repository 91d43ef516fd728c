//! The `terms check` report: for each paragraph of a text, the concepts of the term bank it
//! uses with their lines; and the findings a translator works through: each place where the
//! text uses a variant of a concept (a misprint, an older term, a call for a bid) and each
//! disagreement between the bank and the text; and the slips the bank does not list
//! (slips.rs).

use super::slips::{self, Slip, SlipKind};
use super::texts::Text;
use super::usage::{by_unit, scan, HitKind};
use super::verify::{verify_text, Problem};
use super::{TermBank, TermLang};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// What one text uses.
#[derive(Clone, Debug)]
pub struct TextUse {
    /// `sk 2017`.
    pub label: String,
    pub path: String,
    pub lang: TermLang,
    /// Law-text and definition units that use a concept, in text order.
    pub units: Vec<UnitUse>,
    pub variants: Vec<VariantUse>,
    /// Concepts used anywhere in the text.
    pub concepts_used: usize,
    /// Law-text units, and how many use a concept.
    pub paragraphs: usize,
    pub paragraphs_using: usize,
}

#[derive(Clone, Debug)]
pub struct UnitUse {
    pub key: String,
    pub first_line: usize,
    /// (concept id, lines), in order of first use.
    pub uses: Vec<(String, Vec<usize>)>,
}

/// A place where a text writes a variant of a concept.
#[derive(Clone, Debug)]
pub struct VariantUse {
    pub key: String,
    pub line: usize,
    /// The words as the text writes them.
    pub wording: String,
    pub concept: String,
    /// The bank's term.
    pub term: String,
    pub reason: String,
}

/// The whole report.
#[derive(Clone, Debug)]
pub struct CheckReport {
    pub bank: String,
    pub concepts: usize,
    pub texts: Vec<TextUse>,
    pub problems: Vec<Problem>,
    /// The slips reported: the speculative ones only when asked for.
    pub slips: Vec<Slip>,
    /// Speculative slips left out.
    pub hints_left_out: usize,
    /// Texts the bank has no column for in their language, as `label (path)`: not checked,
    /// and the report says so.
    pub unchecked: Vec<String>,
    /// Texts checked against another edition's column of their language (a translation
    /// added in an edition the bank's text of that language is not): what the report says
    /// of each.
    pub across: Vec<String>,
}

impl CheckReport {
    /// Variant uses, bank problems and slips.
    pub fn findings(&self) -> usize {
        self.problems.len() + self.variant_uses() + self.slips.len()
    }

    pub fn variant_uses(&self) -> usize {
        self.texts.iter().map(|t| t.variants.len()).sum::<usize>()
    }
}

/// Builds the report for the given texts (each must have a column in the bank); with
/// `speculative`, the slips that are hints too.
pub fn check(bank: &TermBank, texts: &[Text], speculative: bool) -> CheckReport {
    let (slips, hints): (Vec<Slip>, Vec<Slip>) = slips::find(bank, texts)
        .into_iter()
        .partition(|s| speculative || !s.speculative);
    let mut out = CheckReport {
        bank: bank.file.clone(),
        concepts: bank.len(),
        texts: Vec::new(),
        problems: Vec::new(),
        slips,
        hints_left_out: hints.len(),
        unchecked: Vec::new(),
        across: Vec::new(),
    };
    for text in texts {
        let Some((lang, own)) = TermLang::checking(text.lang, text.edition) else {
            out.unchecked
                .push(format!("{} ({})", text.label(), text.path));
            continue;
        };
        if !own {
            let (_, edition) = lang.text().expect("a column of a language has a text");
            out.across.push(format!(
                "{} ({}): checked against the bank's `{lang}` column, the {edition} text's terms, each bank line as its paragraph",
                text.label(),
                text.path
            ));
        }
        out.problems.extend(verify_text(bank, lang, text).problems);
        let hits = scan(bank, lang, &text.words);
        let mut used: Vec<bool> = vec![false; bank.len()];
        let mut units = Vec::new();
        let mut variants = Vec::new();
        let grouped = by_unit(text, &hits);
        for (ui, hs) in &grouped {
            let unit = &text.alignment.units[*ui];
            for h in hs {
                used[h.concept] = true;
                if let HitKind::Variant(vi) = h.kind {
                    let c = &bank.concepts[h.concept];
                    let t = c.term(lang).expect("a variant belongs to a term");
                    variants.push(VariantUse {
                        key: unit.key.clone(),
                        line: h.at.line,
                        wording: text.words.wording(&h.at),
                        concept: c.id.clone(),
                        term: t.text.clone(),
                        reason: t.variants[vi].reason.clone(),
                    });
                }
            }
            let listed = unit.kind.is_law_text() || unit.kind == crate::align::UnitKind::Definition;
            if !listed {
                continue;
            }
            let mut uses: Vec<(String, Vec<usize>)> = Vec::new();
            for h in hs {
                let id = &bank.concepts[h.concept].id;
                match uses.iter_mut().find(|(c, _)| c == id) {
                    Some((_, lines)) => {
                        if !lines.contains(&h.at.line) {
                            lines.push(h.at.line)
                        }
                    }
                    None => uses.push((id.clone(), vec![h.at.line])),
                }
            }
            units.push(UnitUse {
                key: unit.key.clone(),
                first_line: unit.first_line(),
                uses,
            });
        }
        let paragraphs = text
            .alignment
            .units
            .iter()
            .filter(|u| u.kind.is_law_text())
            .count();
        let law_keys: BTreeMap<usize, ()> = grouped
            .keys()
            .filter(|ui| text.alignment.units[**ui].kind.is_law_text())
            .map(|k| (*k, ()))
            .collect();
        out.texts.push(TextUse {
            label: text.label(),
            path: text.path.clone(),
            lang,
            units,
            variants,
            concepts_used: used.iter().filter(|u| **u).count(),
            paragraphs,
            paragraphs_using: law_keys.len(),
        });
    }
    out
}

/// The report as text. With `findings_only`, the paragraphs' concepts are left out.
pub fn render(r: &CheckReport, findings_only: bool) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "term bank {}: {} concepts", r.bank, r.concepts);
    for t in &r.texts {
        let _ = writeln!(
            s,
            "{} ({}): {} of {} paragraphs use a concept; {} concepts used; {} variant uses",
            t.label,
            t.path,
            t.paragraphs_using,
            t.paragraphs,
            t.concepts_used,
            t.variants.len()
        );
    }
    for t in &r.across {
        let _ = writeln!(s, "{t}");
    }
    for t in &r.unchecked {
        let _ = writeln!(
            s,
            "{t}: not checked: the term bank has no column for this language and edition"
        );
    }
    let _ = writeln!(s);
    if r.findings() == 0 {
        let _ = writeln!(s, "no findings");
    } else {
        let _ = writeln!(s, "findings ({}):", r.findings());
        for p in &r.problems {
            let _ = writeln!(s, "  bank: {}", p.message);
        }
        for t in &r.texts {
            for v in &t.variants {
                let _ = writeln!(
                    s,
                    "  {} {} line {}: \"{}\" for {} (bank: \"{}\"): {}",
                    t.label, v.key, v.line, v.wording, v.concept, v.term, v.reason
                );
            }
        }
        for x in &r.slips {
            let _ = writeln!(
                s,
                "  {} {} line {}: {}{}: {}",
                x.label,
                x.key,
                x.line,
                if x.speculative { "hint, " } else { "" },
                x.kind.name(),
                x.message
            );
        }
    }
    if !findings_only {
        for t in &r.texts {
            let _ = writeln!(s);
            let _ = writeln!(s, "{}: concepts by paragraph (concept lines)", t.label);
            for u in &t.units {
                let uses: Vec<String> = u
                    .uses
                    .iter()
                    .map(|(c, lines)| {
                        let l: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
                        format!("{c} {}", l.join(","))
                    })
                    .collect();
                let _ = writeln!(
                    s,
                    "  {} (line {}): {}",
                    u.key,
                    u.first_line,
                    uses.join("; ")
                );
            }
        }
    }
    let count = |k: SlipKind| r.slips.iter().filter(|x| x.kind == k).count();
    let _ = writeln!(
        s,
        "\n{} finding(s): {} variant use(s), {} disagreement(s) between the bank and the texts, {} slip(s) ({} other edition, {} near miss, {} absent)",
        r.findings(),
        r.variant_uses(),
        r.problems.len(),
        r.slips.len(),
        count(SlipKind::OtherEdition),
        count(SlipKind::NearMiss),
        count(SlipKind::Absent),
    );
    if r.hints_left_out > 0 {
        let _ = writeln!(
            s,
            "{} hint(s) left out (absences with nothing in their place): --speculative lists them",
            r.hints_left_out
        );
    }
    s
}
