//! `lawbook compare`: a consistency report across two translations of the same edition (the
//! 2017 Slovak and Hungarian texts), paragraph by paragraph. It finds
//!
//! * **presence**: a paragraph one text has and the other lacks;
//! * **references**: the other laws a paragraph refers to differ (`27B1(b)` against `27B1(a)`);
//! * **numbers**: the numbers a paragraph gives differ (table rows, percentages, trick counts;
//!   not its own label, not the numbers of its references);
//! * **concepts**: a term-bank concept one paragraph uses and the other does not;
//! * **scripts**: a word that mixes Latin letters with Cyrillic or Greek look-alikes.
//!
//! Each finding names both places: language, paragraph key and line. Where one text has a
//! paragraph the other folds into its parent (HU has no 16C3; its 16C2 holds the words), the
//! folded paragraph's references, numbers and concepts are compared as part of that parent, so
//! the fold is reported once, as presence.

pub mod cli;
pub mod extract;
mod patterns;

use crate::align::{Key, Lang, Unit, UnitKind};
use crate::terms::texts::Text;
use crate::terms::usage::{by_unit, scan_all};
use crate::terms::{TermBank, TermLang};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

/// The kinds of finding, in report order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    Presence,
    References,
    Numbers,
    Concepts,
    Scripts,
}

impl Kind {
    pub const ALL: [Kind; 5] = [
        Kind::Presence,
        Kind::References,
        Kind::Numbers,
        Kind::Concepts,
        Kind::Scripts,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Presence => "presence",
            Kind::References => "references",
            Kind::Numbers => "numbers",
            Kind::Concepts => "concepts",
            Kind::Scripts => "scripts",
        }
    }
}

/// A place in a text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    pub lang: Lang,
    pub key: String,
    pub line: usize,
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {} line {}", self.lang, self.key, self.line)
    }
}

/// A difference between the texts: where in each, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub kind: Kind,
    pub a: Place,
    pub b: Place,
    pub detail: String,
}

/// The report.
#[derive(Clone, Debug)]
pub struct Comparison {
    pub a: String,
    pub b: String,
    /// Paragraph keys compared (present in both).
    pub compared: usize,
    pub findings: Vec<Finding>,
}

impl Comparison {
    pub fn count(&self, kind: Kind) -> usize {
        self.findings.iter().filter(|f| f.kind == kind).count()
    }
}

/// The concepts compared, in groups whose members count as one: a paragraph that speaks of
/// the offending side in one text and of the offender in the other says the same. Left out:
/// words too general to compare (player, card, partner, side, trick, ...: a translation may
/// name them or say "he" or "it"), and terms one text writes with a word of several
/// meanings (HU asztal: dummy and table; HU licit: call and auction; SK líc: face and
/// "lícom nahor", face up), or as a bare adjective (authorized: SK oprávnené, HU jogos).
pub const COMPARED: &[&[&str]] = &[
    &["insufficient_bid"],
    &["sufficient_bid", "lowest_sufficient_bid"],
    &[
        "call_out_of_rotation",
        "pass_out_of_rotation",
        "bid_out_of_rotation",
        "double_out_of_rotation",
    ],
    &["comparable_call"],
    &[
        "inadmissible_call",
        "inadmissible_double",
        "violation_of_obligation_to_pass",
        "bid_above_seven",
        "call_after_final_pass",
    ],
    &["must_pass", "must_pass_throughout"],
    &["lead_restriction"],
    &["offender", "offending_side"],
    &["non_offender", "non_offending_side"],
    &["declarer", "presumed_declarer"],
    &["lho"],
    &["rho"],
    &[
        "penalty_card",
        "major_penalty_card",
        "minor_penalty_card",
        "disposition_of_penalty_card",
    ],
    &[
        "revoke",
        "established_revoke",
        "correction_of_revoke",
        "trick_transfer",
    ],
    &[
        "lead_out_of_turn",
        "opening_lead_out_of_turn",
        "declarers_lead_out_of_turn",
        "defenders_lead_out_of_turn",
    ],
    &["opening_lead"],
    &[
        "claim",
        "concession",
        "agreed_claim",
        "contested_claim",
        "claim_statement",
        "concession_cancelled",
    ],
    &[
        "adjusted_score",
        "assigned_adjusted_score",
        "artificial_adjusted_score",
        "weighted_score",
    ],
    &["average", "average_plus", "average_minus"],
    &["unauthorized_information", "extraneous_information"],
    &["logical_alternative"],
    &["misinformation", "mistaken_explanation"],
    &["artificial_call"],
    &["psychic_call"],
    &["convention_card"],
    &["partnership_understanding"],
    &["final_pass"],
    &["trump"],
    &["no_trump"],
    &["slam", "small_slam", "grand_slam"],
    &["vulnerability", "vulnerable", "not_vulnerable"],
    // "International matchpoint" holds "matchpoint" in both languages.
    &["imp", "imp_scale", "matchpoint"],
    &["procedural_penalty"],
    &["disciplinary_penalty"],
    &["regulating_authority"],
    &["tournament_organizer"],
    &["appeals_committee", "appeal"],
    &["correction_period"],
    &["auction_period"],
    &["play_period"],
    &["clarification_period"],
];

/// What a paragraph says, with the line of each item.
#[derive(Default, Debug)]
struct Facts {
    first_line: usize,
    /// key → (line, as written)
    refs: BTreeMap<String, (usize, String)>,
    /// number → line
    numbers: BTreeMap<String, usize>,
    /// Numbers written as words (cardinal or ordinal).
    words: BTreeSet<String>,
}

fn law_units(t: &Text) -> Vec<&Unit> {
    t.alignment
        .units
        .iter()
        .filter(|u| u.kind.is_law_text())
        .collect()
}

/// The unit's lines with their numbers, in order.
fn unit_lines<'a>(t: &'a Text, u: &Unit) -> Vec<(usize, &'a str)> {
    u.lines
        .iter()
        .flat_map(|&(a, b)| a..=b)
        .filter_map(|n| t.line(n).map(|l| (n, l)))
        .collect()
}

/// The key under which a unit of one text is compared: its own when the other text has it,
/// else its nearest ancestor the other text has (None: not even its law).
pub(crate) fn target(key: &str, other: &BTreeSet<String>) -> Option<String> {
    let mut k = Key::parse(key)?;
    loop {
        let s = k.to_string();
        if other.contains(&s) {
            return Some(s);
        }
        k = k.parent()?;
    }
}

/// Reads each unit's references and numbers, folded into the keys they are compared under.
fn facts(t: &Text, other: &BTreeSet<String>) -> BTreeMap<String, Facts> {
    let mut out: BTreeMap<String, Facts> = BTreeMap::new();
    for u in law_units(t) {
        let Some(into) = target(&u.key, other) else {
            continue;
        };
        let Some(at) = Key::parse(&u.key) else {
            continue;
        };
        let f = out.entry(into.clone()).or_default();
        if f.first_line == 0 || (into == u.key) {
            f.first_line = u.first_line();
        }
        let mut first = true;
        for (n, raw) in unit_lines(t, u) {
            if raw.trim().is_empty() {
                continue;
            }
            let line = extract::clean(raw);
            let mut skip = Vec::new();
            if first {
                first = false;
                if u.kind == UnitKind::Law {
                    // The law's heading: "PRAVIDLO 27 – …", "## 27. …".
                    continue;
                }
                let mut label = extract::label_len(&line);
                // A paragraph's number written without its dot ("3 Ak je …", SK 21B3).
                if label == 0 {
                    if let Some(p) = at.para {
                        let n = p.to_string();
                        let t = line.trim_start();
                        if t.starts_with(&n) && t[n.len()..].starts_with(' ') {
                            label = line.len() - t.len() + n.len();
                        }
                    }
                }
                skip.push(0..label);
            }
            f.words.extend(extract::number_words(t.lang, &line));
            let (refs, spans) = extract::references(t.lang, &line, &at);
            for r in refs {
                f.refs.entry(r.key).or_insert((n, r.written));
            }
            skip.extend(spans);
            for v in extract::numbers(&line, &skip) {
                f.numbers.entry(v).or_insert(n);
            }
        }
    }
    out
}

/// Compares two texts of an edition; with a term bank, their concepts too.
pub fn compare(a: &Text, b: &Text, bank: Option<&TermBank>) -> Comparison {
    let keys_a: BTreeSet<String> = law_units(a).iter().map(|u| u.key.clone()).collect();
    let keys_b: BTreeSet<String> = law_units(b).iter().map(|u| u.key.clone()).collect();
    let mut findings = Vec::new();
    let first_line =
        |t: &Text, key: &str| -> usize { t.alignment.unit(key).map_or(0, |u| u.first_line()) };

    // Presence.
    for (t, o, mine, theirs) in [(a, b, &keys_a, &keys_b), (b, a, &keys_b, &keys_a)] {
        for u in law_units(t) {
            if theirs.contains(&u.key) {
                continue;
            }
            let near = target(&u.key, theirs);
            let (okey, oline) = match &near {
                Some(k) => (k.clone(), first_line(o, k)),
                None => ("-".to_string(), 0),
            };
            let _ = mine;
            findings.push(Finding {
                kind: Kind::Presence,
                a: Place {
                    lang: t.lang,
                    key: u.key.clone(),
                    line: u.first_line(),
                },
                b: Place {
                    lang: o.lang,
                    key: okey.clone(),
                    line: oline,
                },
                detail: match near {
                    Some(k) => format!(
                        "{} has {}, {} has not (its words, if any, are in {k})",
                        t.lang, u.key, o.lang
                    ),
                    None => format!(
                        "{} has {}, {} has not even law {}",
                        t.lang, u.key, o.lang, u.key
                    ),
                },
            });
        }
    }

    let fa = facts(a, &keys_b);
    let fb = facts(b, &keys_a);
    let compared: Vec<&String> = keys_a.intersection(&keys_b).collect();
    let place = |t: &Text, key: &str, line: usize| Place {
        lang: t.lang,
        key: key.to_string(),
        line,
    };
    let empty = Facts::default();
    for key in &compared {
        let x = fa.get(*key).unwrap_or(&empty);
        let y = fb.get(*key).unwrap_or(&empty);
        // References.
        let rx: BTreeSet<&String> = x.refs.keys().collect();
        let ry: BTreeSet<&String> = y.refs.keys().collect();
        // A reference naming only a sub-paragraph (`c)`) agrees with a full one ending so.
        let unmatched = |mine: &BTreeSet<&String>, theirs: &BTreeSet<&String>| -> Vec<String> {
            mine.difference(theirs)
                .filter(|k| {
                    !theirs
                        .iter()
                        .any(|t| extract::partial_matches(t, k) || extract::partial_matches(k, t))
                })
                .map(|k| k.to_string())
                .collect()
        };
        let only_x = unmatched(&rx, &ry);
        let only_y = unmatched(&ry, &rx);
        if !only_x.is_empty() || !only_y.is_empty() {
            let lx = only_x.first().map_or(x.first_line, |k| x.refs[k].0);
            let ly = only_y.first().map_or(y.first_line, |k| y.refs[k].0);
            findings.push(Finding {
                kind: Kind::References,
                a: place(a, key, lx),
                b: place(b, key, ly),
                detail: differ(a.lang, &only_x, b.lang, &only_y, "refers to"),
            });
        }
        // Numbers.
        let nx: BTreeSet<&String> = x.numbers.keys().collect();
        let ny: BTreeSet<&String> = y.numbers.keys().collect();
        // A number one text writes in digits and the other in words ("4 hráči", "négy
        // játékos") is the same number.
        let only_x: Vec<String> = nx
            .difference(&ny)
            .filter(|v| !y.words.contains(**v))
            .map(|k| k.to_string())
            .collect();
        let only_y: Vec<String> = ny
            .difference(&nx)
            .filter(|v| !x.words.contains(**v))
            .map(|k| k.to_string())
            .collect();
        if !only_x.is_empty() || !only_y.is_empty() {
            let lx = only_x.first().map_or(x.first_line, |k| x.numbers[k]);
            let ly = only_y.first().map_or(y.first_line, |k| y.numbers[k]);
            findings.push(Finding {
                kind: Kind::Numbers,
                a: place(a, key, lx),
                b: place(b, key, ly),
                detail: differ(a.lang, &only_x, b.lang, &only_y, "gives"),
            });
        }
    }

    // Concepts, by group.
    if let Some(bank) = bank {
        let ca = concepts(bank, a, &keys_b);
        let cb = concepts(bank, b, &keys_a);
        let group_of: BTreeMap<usize, usize> = bank
            .concepts
            .iter()
            .enumerate()
            .filter_map(|(ci, c)| {
                COMPARED
                    .iter()
                    .position(|g| g.contains(&c.id.as_str()))
                    .map(|gi| (ci, gi))
            })
            .collect();
        let groups =
            |m: &BTreeMap<usize, (usize, String)>| -> BTreeMap<usize, (usize, usize, String)> {
                let mut out: BTreeMap<usize, (usize, usize, String)> = BTreeMap::new();
                for (ci, (line, w)) in m {
                    if let Some(gi) = group_of.get(ci) {
                        let e = out.entry(*gi).or_insert((*ci, *line, w.clone()));
                        if *line < e.1 {
                            *e = (*ci, *line, w.clone());
                        }
                    }
                }
                out
            };
        let empty = BTreeMap::new();
        for key in &compared {
            let x = groups(ca.get(*key).unwrap_or(&empty));
            let y = groups(cb.get(*key).unwrap_or(&empty));
            for (one, other, tx, ty, fy) in [(&x, &y, a, b, &fb), (&y, &x, b, a, &fa)] {
                for (gi, (ci, line, wording)) in one {
                    if other.contains_key(gi) {
                        continue;
                    }
                    let c = &bank.concepts[*ci];
                    let lang_o = TermLang::checking(ty.lang, ty.edition).map(|(l, _)| l);
                    // Two concepts of a group may share a term (the Polish
                    // "strona niewykraczająca"): each said once.
                    let mut terms_o: Vec<String> = Vec::new();
                    for t in COMPARED[*gi]
                        .iter()
                        .filter_map(|id| bank.concept(id))
                        .filter_map(|c| lang_o.and_then(|l| c.term(l)))
                    {
                        let t = format!("\"{}\"", t.text);
                        if !terms_o.contains(&t) {
                            terms_o.push(t);
                        }
                    }
                    // A concept the other text has no term for at all (the bank says why)
                    // would differ everywhere: nothing to look at paragraph by paragraph.
                    if terms_o.is_empty() {
                        continue;
                    }
                    let oline = fy.get(*key).map_or(0, |f| f.first_line);
                    findings.push(Finding {
                        kind: Kind::Concepts,
                        a: place(tx, key, *line),
                        b: place(ty, key, oline),
                        detail: format!(
                            "{} uses {} (\"{wording}\"); {} has no {}",
                            tx.lang,
                            c.id,
                            ty.lang,
                            if terms_o.is_empty() {
                                "term for it".to_string()
                            } else {
                                terms_o.join(" or ")
                            }
                        ),
                    });
                }
            }
        }
    }

    // Scripts: every line of both texts.
    for (t, o, theirs) in [(a, b, &keys_b), (b, a, &keys_a)] {
        for u in &t.alignment.units {
            for (n, raw) in unit_lines(t, u) {
                for (word, foreign) in extract::mixed_scripts(raw) {
                    let near = target(&u.key, theirs).unwrap_or_else(|| u.key.clone());
                    let codes: Vec<String> = foreign
                        .iter()
                        .map(|c| format!("{c} U+{:04X}", *c as u32))
                        .collect();
                    findings.push(Finding {
                        kind: Kind::Scripts,
                        a: place(t, &u.key, n),
                        b: place(o, &near, first_line(o, &near)),
                        detail: format!(
                            "\"{word}\" mixes Latin with {} letters: {}",
                            script_of(foreign[0]),
                            codes.join(", ")
                        ),
                    });
                }
            }
        }
    }

    findings.sort_by(|x, y| {
        (x.kind, Key::parse(&x.a.key), x.a.line).cmp(&(y.kind, Key::parse(&y.a.key), y.a.line))
    });
    Comparison {
        a: format!("{} ({})", a.label(), a.path),
        b: format!("{} ({})", b.label(), b.path),
        compared: compared.len(),
        findings,
    }
}

fn script_of(c: char) -> &'static str {
    unicode_script::UnicodeScript::script(&c).full_name()
}

fn differ(la: Lang, xa: &[String], lb: Lang, xb: &[String], verb: &str) -> String {
    let mut parts = Vec::new();
    if !xa.is_empty() {
        parts.push(format!("only {la} {verb} {}", xa.join(", ")));
    }
    if !xb.is_empty() {
        parts.push(format!("only {lb} {verb} {}", xb.join(", ")));
    }
    parts.join("; ")
}

/// Per compared key, the concepts the text uses there: concept → (line, wording).
fn concepts(
    bank: &TermBank,
    t: &Text,
    other: &BTreeSet<String>,
) -> BTreeMap<String, BTreeMap<usize, (usize, String)>> {
    let mut out: BTreeMap<String, BTreeMap<usize, (usize, String)>> = BTreeMap::new();
    // A translation in an edition the bank has no column for (a Polish 2017 text) is read
    // by its language's latest column, as `terms check` reads it (`TermLang::checking`).
    let Some((lang, _)) = TermLang::checking(t.lang, t.edition) else {
        return out;
    };
    let hits = scan_all(bank, lang, &t.words);
    for (ui, hs) in by_unit(t, &hits) {
        let u = &t.alignment.units[ui];
        if !u.kind.is_law_text() {
            continue;
        }
        let Some(into) = target(&u.key, other) else {
            continue;
        };
        let m = out.entry(into).or_default();
        for h in hs {
            m.entry(h.concept)
                .or_insert((h.at.line, t.words.wording(&h.at)));
        }
    }
    out
}

/// The report as text.
pub fn render(c: &Comparison) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "compare {}\n   with {}", c.a, c.b);
    let _ = writeln!(s, "{} paragraph keys in both texts", c.compared);
    for kind in Kind::ALL {
        let fs: Vec<&Finding> = c.findings.iter().filter(|f| f.kind == kind).collect();
        let _ = writeln!(s, "\n{} ({}):", kind.name(), fs.len());
        for f in fs {
            let _ = writeln!(s, "  {}  |  {}: {}", f.a, f.b, f.detail);
        }
    }
    let counts: Vec<String> = Kind::ALL
        .iter()
        .map(|k| format!("{} {}", k.name(), c.count(*k)))
        .collect();
    let _ = writeln!(
        s,
        "\n{} finding(s): {}",
        c.findings.len(),
        counts.join(", ")
    );
    s
}
