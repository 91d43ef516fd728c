//! The languages of the term bank, the text each is checked against, and the names of the
//! forms each may give.

use crate::align::{Edition, Lang};
use std::fmt;

/// A column of the term bank. `sk` is the 2017 Slovak text, `sk1997` the 1997 one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TermLang {
    En,
    Sk,
    Pl,
    Hu,
    Sk1997,
}

impl TermLang {
    pub const ALL: [TermLang; 5] = [
        TermLang::En,
        TermLang::Sk,
        TermLang::Pl,
        TermLang::Hu,
        TermLang::Sk1997,
    ];

    /// The languages every concept must give (a term, or `missing` with the reason).
    pub const REQUIRED: [TermLang; 4] = [TermLang::En, TermLang::Sk, TermLang::Pl, TermLang::Hu];

    pub fn name(self) -> &'static str {
        match self {
            TermLang::En => "en",
            TermLang::Sk => "sk",
            TermLang::Pl => "pl",
            TermLang::Hu => "hu",
            TermLang::Sk1997 => "sk1997",
        }
    }

    pub fn parse(s: &str) -> Option<TermLang> {
        TermLang::ALL.into_iter().find(|l| l.name() == s)
    }

    /// The BCP 47 tag for exports (`xml:lang`).
    pub fn tag(self) -> &'static str {
        match self {
            TermLang::En => "en",
            TermLang::Sk | TermLang::Sk1997 => "sk",
            TermLang::Pl => "pl",
            TermLang::Hu => "hu",
        }
    }

    /// The text of the law book this column is checked against (English has none).
    pub fn text(self) -> Option<(Lang, Edition)> {
        match self {
            TermLang::En => None,
            TermLang::Sk => Some((Lang::Sk, Edition::E2017)),
            TermLang::Pl => Some((Lang::Pl, Edition::E2007)),
            TermLang::Hu => Some((Lang::Hu, Edition::E2017)),
            TermLang::Sk1997 => Some((Lang::Sk, Edition::E1997)),
        }
    }

    /// The column that holds the terms of a text.
    pub fn of_text(lang: Lang, edition: Edition) -> Option<TermLang> {
        TermLang::ALL
            .into_iter()
            .find(|l| l.text() == Some((lang, edition)))
    }

    /// The column a text's terms are checked against: its own (`of_text`), or for a text in
    /// an edition the bank has no column for (a Polish 2017 translation), the column of the
    /// latest text in its language, each of whose lines then stands for its paragraph
    /// (`anchor::Anchors::across`). The flag says whether the column is the text's own.
    pub fn checking(lang: Lang, edition: Edition) -> Option<(TermLang, bool)> {
        if let Some(own) = TermLang::of_text(lang, edition) {
            return Some((own, true));
        }
        TermLang::ALL
            .into_iter()
            .filter_map(|l| Some((l, l.text()?)))
            .filter(|(_, (text_lang, _))| *text_lang == lang)
            .max_by_key(|(_, (_, edition))| *edition)
            .map(|(l, _)| (l, false))
    }

    /// The path of the column's text under a law book's `laws/` folder.
    pub fn text_path(self) -> Option<String> {
        let (lang, edition) = self.text()?;
        Some(text_path(lang, edition))
    }

    /// The grammatical cases a form name may use in this language.
    pub fn cases(self) -> &'static [&'static str] {
        match self {
            TermLang::En => EN_CASES,
            TermLang::Sk | TermLang::Sk1997 => SK_CASES,
            TermLang::Pl => PL_CASES,
            TermLang::Hu => HU_CASES,
        }
    }

    /// Whether `name` is a form this language may give: a case, optionally with `_pl` for
    /// the plural (`gen`, `gen_pl`, `acc_pl`).
    pub fn is_form(self, name: &str) -> bool {
        let case = name.strip_suffix("_pl").unwrap_or(name);
        self.cases().contains(&case)
    }

    /// Every form name of this language, for "did you mean".
    pub fn form_names(self) -> Vec<String> {
        self.cases()
            .iter()
            .flat_map(|c| [c.to_string(), format!("{c}_pl")])
            .collect()
    }
}

/// `<edition>/text/<lang>.source.txt`, relative to the `laws/` folder.
pub fn text_path(lang: Lang, edition: Edition) -> String {
    format!("{edition}/text/{lang}.source.txt")
}

impl fmt::Display for TermLang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// English: the plain form and the possessive (`declarer's`).
const EN_CASES: &[&str] = &["nom", "gen"];

/// Slovak: the six cases (the vocative is not used).
const SK_CASES: &[&str] = &["nom", "gen", "dat", "acc", "loc", "ins"];

/// Polish: the seven cases.
const PL_CASES: &[&str] = &["nom", "gen", "dat", "acc", "ins", "loc", "voc"];

/// Hungarian: the nominative, the accusative (-t), the dative (-nak/-nek), the instrumental
/// (-val/-vel), the local cases (inessive -ban, elative -ból, illative -ba, superessive -on,
/// delative -ról, sublative -ra, adessive -nál, ablative -tól, allative -hoz), the
/// terminative (-ig), translative (-vá), causal-final (-ért), essive (-ként), and `poss`, the
/// third-person possessed form (partnere: his partner).
const HU_CASES: &[&str] = &[
    "nom", "acc", "dat", "ins", "ine", "ela", "ill", "sup", "del", "sub", "ade", "abl", "all",
    "ter", "tra", "cau", "ess", "poss",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_forms_are_per_language() {
        for l in TermLang::ALL {
            assert_eq!(TermLang::parse(l.name()), Some(l));
        }
        assert!(TermLang::Sk.is_form("gen_pl"));
        assert!(!TermLang::Sk.is_form("voc"));
        assert!(TermLang::Pl.is_form("voc"));
        assert!(TermLang::Hu.is_form("all"));
        assert!(!TermLang::En.is_form("dat"));
        assert_eq!(
            TermLang::of_text(Lang::Sk, Edition::E1997),
            Some(TermLang::Sk1997)
        );
        assert_eq!(
            TermLang::Pl.text_path().as_deref(),
            Some("2007/text/pl.source.txt")
        );
    }
}
